//! Bot configuration: built-in defaults, overridden by a TOML file, overridden by the environment.
//!
//! Loading is pure ([`Config::from_sources`]) so that every precedence rule and every error message
//! is unit-tested without touching the real environment or disk.

use std::fmt;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use super::shards::{SHARDS_EXPECTED, ShardRange};
use crate::rules::echo::echo;

/// The language the bot speaks when neither the user's client nor the server says otherwise: the
/// one language type of the rules crate (Discord's tags `zh-CN`, `zh-TW`, `en-US` read as it).
pub use crate::rules::contract::Lang as Locale;

/// Where the bot's database is named, for error messages.
pub const DATABASE_SETTING: &str = "the database setting (`database` in the config file, or JUNQI_DATABASE)";

/// The bot's settings after defaults, the file and the environment have been applied.
#[derive(Clone, PartialEq, Eq)]
pub struct Config {
    /// The bot token (`token` in the file, `DISCORD_TOKEN` in the environment). `None` when not set.
    pub token: Option<String>,
    /// The database: an SQLite file, or a PostgreSQL URL (`postgres://…`), see
    /// [`crate::store::Store::open`].
    pub database: PathBuf,
    /// A guild where commands are registered instantly (development); `None` registers globally.
    pub dev_guild: Option<u64>,
    /// The default language.
    pub locale: Locale,
    /// Whether to ask for the privileged message-content intent (plain-text moves like `c6-c7`).
    pub message_content: bool,
    /// Whether each game gets its own thread under the channel where it was challenged.
    pub thread_per_game: bool,
    /// The gateway shards this process runs (`shards`, `JUNQI_SHARDS`); `None`: all the shards
    /// Discord recommends, in this process.
    pub shards: Option<ShardRange>,
    /// An HTTP proxy that takes the bot's REST calls to Discord and keeps its rate limits for
    /// every process of the bot (`discord_proxy`, `JUNQI_DISCORD_PROXY`; e.g. nirn-proxy or
    /// twilight-http-proxy): `http://host:port`. `None`: straight to Discord, rate-limited here.
    pub discord_proxy: Option<String>,
}

// The token never appears in logs or panics.
impl fmt::Debug for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Config")
            .field("token", &self.token.as_ref().map(|_| "<set>"))
            .field("database", &crate::store::redact(&self.database.to_string_lossy()))
            .field("dev_guild", &self.dev_guild)
            .field("locale", &self.locale)
            .field("message_content", &self.message_content)
            .field("thread_per_game", &self.thread_per_game)
            .field("shards", &self.shards)
            .field("discord_proxy", &self.discord_proxy.as_deref().map(crate::store::redact))
            .finish()
    }
}

impl Default for Config {
    fn default() -> Self {
        Config {
            token: None,
            database: PathBuf::from("junqi.db"),
            dev_guild: None,
            locale: Locale::ZhHans,
            message_content: false,
            thread_per_game: true,
            shards: None,
            discord_proxy: None,
        }
    }
}

/// What the configuration file may contain; every field optional, unknown fields refused.
#[derive(Deserialize, Default, Debug)]
#[serde(deny_unknown_fields)]
struct FileConfig {
    token: Option<String>,
    database: Option<PathBuf>,
    dev_guild: Option<u64>,
    locale: Option<String>,
    message_content: Option<bool>,
    thread_per_game: Option<bool>,
    shards: Option<String>,
    discord_proxy: Option<String>,
}

/// Why the configuration could not be loaded. Each message says what to fix.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ConfigError {
    /// An explicitly named file could not be read.
    #[error("cannot read the config file {path}: {reason} (check the path given to --config or JUNQI_CONFIG)")]
    Unreadable {
        /// The file.
        path: String,
        /// The OS error.
        reason: String,
    },
    /// The file is not valid TOML or has a wrong or unknown field.
    #[error("bad config file {path}: {reason} (see config.example.toml for every field)")]
    BadFile {
        /// The file.
        path: String,
        /// The parser's message.
        reason: String,
    },
    /// A value (from the file or the environment) has the wrong form.
    #[error("bad value for {field} ({source_name}): {value:?} — {expected}")]
    BadValue {
        /// The setting.
        field: &'static str,
        /// Where it came from: the file path or the environment variable.
        source_name: String,
        /// What was given.
        value: String,
        /// What is accepted.
        expected: &'static str,
    },
    /// A range of shards that is not the whole bot on an SQLite file: the other shards' processes
    /// could not share it.
    #[error(
        "shards {shards} leaves the other shards to other processes, which must share one PostgreSQL database; \
         the database setting names the SQLite file {database}. Set database (or JUNQI_DATABASE) to a postgres:// URL, \
         or run every shard in this process (leave shards out)"
    )]
    ShardsNeedPostgres {
        /// The range given.
        shards: String,
        /// The SQLite file named.
        database: String,
    },
    /// No token anywhere.
    #[error(
        "no Discord bot token: set DISCORD_TOKEN (or `token` in the config file); see README.md, section 'Run the Discord bot'. \
         To play without Discord, run `junqi-referee local`"
    )]
    MissingToken,
}

/// The environment variables the bot reads.
pub const ENV_VARS: [&str; 9] = [
    "DISCORD_TOKEN",
    "JUNQI_CONFIG",
    "JUNQI_DATABASE",
    "JUNQI_DEV_GUILD",
    "JUNQI_LOCALE",
    "JUNQI_MESSAGE_CONTENT",
    "JUNQI_THREAD_PER_GAME",
    "JUNQI_SHARDS",
    "JUNQI_DISCORD_PROXY",
];

/// The default config file, read when present and not named explicitly.
pub const DEFAULT_FILE: &str = "junqi.toml";

fn parse_bool(field: &'static str, source_name: &str, value: &str) -> Result<bool, ConfigError> {
    match value.trim().to_ascii_lowercase().as_str() {
        "1" | "true" | "yes" | "on" => Ok(true),
        "0" | "false" | "no" | "off" => Ok(false),
        _ => Err(ConfigError::BadValue {
            field,
            source_name: source_name.to_string(),
            value: echo(value),
            expected: "use true or false",
        }),
    }
}

fn parse_locale(source_name: &str, value: &str) -> Result<Locale, ConfigError> {
    Locale::parse(value).ok_or_else(|| ConfigError::BadValue {
        field: "locale",
        source_name: source_name.to_string(),
        value: echo(value),
        expected: "use zh-CN, zh-TW or en",
    })
}

fn parse_guild(source_name: &str, value: &str) -> Result<Option<u64>, ConfigError> {
    let v = value.trim();
    if v.is_empty() {
        return Ok(None);
    }
    match v.parse::<u64>() {
        Ok(id) if id > 0 => Ok(Some(id)),
        _ => Err(ConfigError::BadValue {
            field: "dev_guild",
            source_name: source_name.to_string(),
            value: echo(value),
            expected: "use the server's numeric id (Developer Mode → right-click the server → Copy Server ID)",
        }),
    }
}

fn parse_shards(source_name: &str, value: &str) -> Result<Option<ShardRange>, ConfigError> {
    if value.trim().is_empty() {
        return Ok(None);
    }
    ShardRange::parse(value).map(Some).ok_or_else(|| ConfigError::BadValue {
        field: "shards",
        source_name: source_name.to_string(),
        value: echo(value),
        expected: SHARDS_EXPECTED,
    })
}

fn parse_proxy(source_name: &str, value: &str) -> Result<Option<String>, ConfigError> {
    let v = value.trim().trim_end_matches('/');
    if v.is_empty() {
        return Ok(None);
    }
    let host = v.strip_prefix("http://").or_else(|| v.strip_prefix("https://"));
    match host {
        Some(h) if !h.is_empty() && !h.contains(char::is_whitespace) => Ok(Some(v.to_string())),
        _ => Err(ConfigError::BadValue {
            field: "discord_proxy",
            source_name: source_name.to_string(),
            value: echo(value),
            expected: "give the proxy's address with its scheme, e.g. http://127.0.0.1:8080",
        }),
    }
}

fn clean_token(t: &str) -> Option<String> {
    let t = t.trim();
    // Accept a pasted "Bot xxx" as well; serenity adds the prefix itself.
    let t = t.strip_prefix("Bot ").unwrap_or(t).trim();
    (!t.is_empty()).then(|| t.to_string())
}

impl Config {
    /// Builds the configuration from the file's text (with its name, for messages) and an environment
    /// lookup. Precedence: defaults < file < environment. The token is not required here; see
    /// [`Config::require_token`].
    pub fn from_sources(
        file: Option<(&str, &str)>,
        env: &dyn Fn(&str) -> Option<String>,
    ) -> Result<Config, ConfigError> {
        let mut c = Config::default();
        if let Some((path, text)) = file {
            let f: FileConfig = toml::from_str(text)
                .map_err(|e| ConfigError::BadFile { path: path.to_string(), reason: e.message().to_string() })?;
            if let Some(t) = f.token {
                c.token = clean_token(&t);
            }
            if let Some(d) = f.database {
                if d.as_os_str().is_empty() {
                    return Err(ConfigError::BadValue {
                        field: "database",
                        source_name: path.to_string(),
                        value: String::new(),
                        expected: "give a file path such as junqi.db, or a postgres:// URL",
                    });
                }
                c.database = d;
            }
            if let Some(g) = f.dev_guild {
                c.dev_guild = parse_guild(path, &g.to_string())?;
            }
            if let Some(l) = f.locale {
                c.locale = parse_locale(path, &l)?;
            }
            if let Some(m) = f.message_content {
                c.message_content = m;
            }
            if let Some(t) = f.thread_per_game {
                c.thread_per_game = t;
            }
            if let Some(r) = f.shards {
                c.shards = parse_shards(path, &r)?;
            }
            if let Some(p) = f.discord_proxy {
                c.discord_proxy = parse_proxy(path, &p)?;
            }
        }
        if let Some(t) = env("DISCORD_TOKEN").and_then(|t| clean_token(&t)) {
            c.token = Some(t);
        }
        if let Some(d) = env("JUNQI_DATABASE").filter(|d| !d.trim().is_empty()) {
            c.database = PathBuf::from(d);
        }
        if let Some(g) = env("JUNQI_DEV_GUILD") {
            c.dev_guild = parse_guild("JUNQI_DEV_GUILD", &g)?;
        }
        if let Some(l) = env("JUNQI_LOCALE") {
            c.locale = parse_locale("JUNQI_LOCALE", &l)?;
        }
        if let Some(m) = env("JUNQI_MESSAGE_CONTENT") {
            c.message_content = parse_bool("message_content", "JUNQI_MESSAGE_CONTENT", &m)?;
        }
        if let Some(t) = env("JUNQI_THREAD_PER_GAME") {
            c.thread_per_game = parse_bool("thread_per_game", "JUNQI_THREAD_PER_GAME", &t)?;
        }
        if let Some(r) = env("JUNQI_SHARDS") {
            c.shards = parse_shards("JUNQI_SHARDS", &r)?;
        }
        if let Some(p) = env("JUNQI_DISCORD_PROXY") {
            c.discord_proxy = parse_proxy("JUNQI_DISCORD_PROXY", &p)?;
        }
        if let Some(r) = c.shards.filter(|r| !r.is_whole())
            && crate::store::Backend::of_setting(&c.database.to_string_lossy()) != crate::store::Backend::Postgres
        {
            return Err(ConfigError::ShardsNeedPostgres {
                shards: r.to_string(),
                database: c.database.display().to_string(),
            });
        }
        Ok(c)
    }

    /// Loads from the real environment and disk. `explicit` (from `--config`, else `JUNQI_CONFIG`)
    /// must exist; without it, `junqi.toml` in the working directory is read if present.
    pub fn load(explicit: Option<&Path>) -> Result<Config, ConfigError> {
        let env = |k: &str| std::env::var(k).ok();
        let named = explicit.map(Path::to_path_buf).or_else(|| env("JUNQI_CONFIG").map(PathBuf::from));
        let (path, text) = match named {
            Some(p) => {
                let text = std::fs::read_to_string(&p)
                    .map_err(|e| ConfigError::Unreadable { path: p.display().to_string(), reason: e.to_string() })?;
                (p, Some(text))
            }
            None => {
                let p = PathBuf::from(DEFAULT_FILE);
                let text = std::fs::read_to_string(&p).ok();
                (p, text)
            }
        };
        let shown = path.display().to_string();
        Config::from_sources(text.as_deref().map(|t| (shown.as_str(), t)), &env)
    }

    /// The token, or the error that tells the admin how to set one.
    pub fn require_token(&self) -> Result<&str, ConfigError> {
        self.token.as_deref().ok_or(ConfigError::MissingToken)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn env_of(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let m: HashMap<String, String> = pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        move |k: &str| m.get(k).cloned()
    }

    #[test]
    fn defaults_without_file_or_env() {
        let c = Config::from_sources(None, &env_of(&[])).unwrap();
        assert_eq!(c, Config::default());
        assert_eq!(c.database, PathBuf::from("junqi.db"));
        assert_eq!(c.locale, Locale::ZhHans);
        assert!(c.thread_per_game);
        assert!(!c.message_content);
        assert_eq!(c.require_token(), Err(ConfigError::MissingToken));
    }

    #[test]
    fn the_example_file_parses_and_is_complete() {
        let text = include_str!("../../config.example.toml");
        let c = Config::from_sources(Some(("config.example.toml", text)), &env_of(&[])).unwrap();
        // The example documents every field; each commented line names one (`# field = ...`).
        for field in [
            "token",
            "database",
            "dev_guild",
            "locale",
            "message_content",
            "thread_per_game",
            "shards",
            "discord_proxy",
        ] {
            assert!(text.contains(&format!("{field} =")), "config.example.toml lacks {field}");
        }
        assert_eq!(c.database, PathBuf::from("junqi.db"));
    }

    #[test]
    fn file_overrides_defaults_and_env_overrides_file() {
        let file = "token = \"from-file\"\ndatabase = \"/var/lib/junqi/j.db\"\ndev_guild = 42\nlocale = \"en\"\n\
                    message_content = true\nthread_per_game = false\n";
        let c = Config::from_sources(Some(("f.toml", file)), &env_of(&[])).unwrap();
        assert_eq!(c.token.as_deref(), Some("from-file"));
        assert_eq!(c.database, PathBuf::from("/var/lib/junqi/j.db"));
        assert_eq!(c.dev_guild, Some(42));
        assert_eq!(c.locale, Locale::En);
        assert!(c.message_content);
        assert!(!c.thread_per_game);
        let env = env_of(&[
            ("DISCORD_TOKEN", "Bot from-env"),
            ("JUNQI_DATABASE", "other.db"),
            ("JUNQI_DEV_GUILD", "7"),
            ("JUNQI_LOCALE", "zh-TW"),
            ("JUNQI_MESSAGE_CONTENT", "off"),
            ("JUNQI_THREAD_PER_GAME", "yes"),
        ]);
        let c = Config::from_sources(Some(("f.toml", file)), &env).unwrap();
        assert_eq!(c.token.as_deref(), Some("from-env"));
        assert_eq!(c.database, PathBuf::from("other.db"));
        assert_eq!(c.dev_guild, Some(7));
        assert_eq!(c.locale, Locale::ZhHant);
        assert!(!c.message_content);
        assert!(c.thread_per_game);
    }

    #[test]
    fn empty_env_token_does_not_erase_the_file_token() {
        let c = Config::from_sources(Some(("f", "token = \"t\"")), &env_of(&[("DISCORD_TOKEN", "  ")])).unwrap();
        assert_eq!(c.require_token(), Ok("t"));
    }

    #[test]
    fn bad_input_names_what_to_fix() {
        let e = Config::from_sources(Some(("f.toml", "tokn = \"x\"")), &env_of(&[])).unwrap_err();
        assert!(matches!(&e, ConfigError::BadFile { path, reason } if path == "f.toml" && reason.contains("tokn")));
        assert!(e.to_string().contains("config.example.toml"));
        let e = Config::from_sources(Some(("f.toml", "dev_guild = \"abc\"")), &env_of(&[])).unwrap_err();
        assert!(matches!(e, ConfigError::BadFile { .. }));
        let e = Config::from_sources(None, &env_of(&[("JUNQI_LOCALE", "fr")])).unwrap_err();
        assert!(e.to_string().contains("JUNQI_LOCALE") && e.to_string().contains("zh-CN"), "{e}");
        let e = Config::from_sources(None, &env_of(&[("JUNQI_DEV_GUILD", "my server")])).unwrap_err();
        assert!(e.to_string().contains("Copy Server ID"), "{e}");
        let e = Config::from_sources(None, &env_of(&[("JUNQI_MESSAGE_CONTENT", "maybe")])).unwrap_err();
        assert!(e.to_string().contains("true or false"), "{e}");
        let e = Config::from_sources(Some(("f", "database = \"\"")), &env_of(&[])).unwrap_err();
        assert!(e.to_string().contains("database"), "{e}");
        assert!(ConfigError::MissingToken.to_string().contains("junqi-referee local"));
    }

    #[test]
    fn shards_are_read_and_a_part_of_them_needs_postgres() {
        let pg = "database = \"postgres://junqi@db/junqi\"\nshards = \"0-3/8\"\n";
        let c = Config::from_sources(Some(("f.toml", pg)), &env_of(&[])).unwrap();
        assert_eq!(c.shards, Some(ShardRange { first: 0, last: 3, total: 8 }));
        let c = Config::from_sources(Some(("f.toml", pg)), &env_of(&[("JUNQI_SHARDS", "4-7/8")])).unwrap();
        assert_eq!(c.shards, Some(ShardRange { first: 4, last: 7, total: 8 }));
        // All the shards in one process are fine on SQLite; a part of them is refused, named.
        let c = Config::from_sources(None, &env_of(&[("JUNQI_SHARDS", "0-1/2")])).unwrap();
        assert!(c.shards.unwrap().is_whole());
        let e = Config::from_sources(None, &env_of(&[("JUNQI_SHARDS", "1/2")])).unwrap_err();
        assert!(
            matches!(&e, ConfigError::ShardsNeedPostgres { shards, database } if shards == "1-1/2" && database == "junqi.db")
        );
        assert!(e.to_string().contains("postgres://"), "{e}");
        let e = Config::from_sources(None, &env_of(&[("JUNQI_SHARDS", "4-9/8")])).unwrap_err();
        assert!(e.to_string().contains("JUNQI_SHARDS") && e.to_string().contains("FIRST-LAST/TOTAL"), "{e}");
    }

    #[test]
    fn a_rest_proxy_is_an_http_address() {
        let c = Config::from_sources(None, &env_of(&[("JUNQI_DISCORD_PROXY", "http://10.0.0.2:8080/")])).unwrap();
        assert_eq!(c.discord_proxy.as_deref(), Some("http://10.0.0.2:8080"));
        let c = Config::from_sources(Some(("f", "discord_proxy = \"\"")), &env_of(&[])).unwrap();
        assert_eq!(c.discord_proxy, None);
        for bad in ["10.0.0.2:8080", "http://", "ftp://x"] {
            let e = Config::from_sources(None, &env_of(&[("JUNQI_DISCORD_PROXY", bad)])).unwrap_err();
            assert!(e.to_string().contains("JUNQI_DISCORD_PROXY") && e.to_string().contains("http://"), "{e}");
        }
    }

    #[test]
    fn debug_output_hides_the_token() {
        let c = Config { token: Some("secret-token".into()), ..Config::default() };
        assert!(!format!("{c:?}").contains("secret-token"));
    }

    #[test]
    fn locales_parse() {
        assert_eq!(Locale::parse("zh-CN"), Some(Locale::ZhHans));
        assert_eq!(Locale::parse("ZH-tw"), Some(Locale::ZhHant));
        assert_eq!(Locale::parse("en-GB"), Some(Locale::En));
        assert_eq!(Locale::parse("de"), None);
    }
}
