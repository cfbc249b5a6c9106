//! `serve` (and no subcommand): run the Discord bot.

use std::path::Path;
use std::process::ExitCode;

use crate::discord::config::{Config, ConfigError, DATABASE_SETTING};

/// No subcommand: the bot when a token is configured, otherwise the local terminal mode on the
/// configured database, so a newcomer without a Discord application can play at once.
pub fn run_default() -> ExitCode {
    match Config::load(None) {
        Ok(cfg) if cfg.token.is_none() => {
            eprintln!(
                "No Discord token (DISCORD_TOKEN) is configured, so this is the local mode: the same referee in \
                 the terminal. To run the bot, see README.md, section 'Run the Discord bot'.\n\
                 未配置 Discord 令牌（DISCORD_TOKEN），现为本地模式：同一个裁判在终端中运行。"
            );
            super::local::run(&cfg.database, DATABASE_SETTING, Some(Path::new("junqi-images")), false, false)
        }
        _ => run(None),
    }
}

/// Loads the configuration, fails fast with what to fix, then runs the bot until it stops.
pub fn run(config: Option<&Path>) -> ExitCode {
    let cfg = match Config::load(config) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    if cfg.token.is_none() {
        eprintln!("error: {}", ConfigError::MissingToken);
        return ExitCode::from(2);
    }
    let _ = tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,serenity=warn")),
        )
        // Standard output stays free (the README promises logs on standard error); colours only
        // on a terminal, not in a journal or a file.
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .try_init();
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    // A database that cannot be opened is a setting to fix, said as such (exit 2, as a bad
    // configuration is), before anything connects to Discord.
    let service = match runtime.block_on(crate::discord::open_service(&cfg)) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let result = runtime.block_on(crate::discord::bot::run(cfg, service));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: the bot stopped: {e}");
            ExitCode::FAILURE
        }
    }
}
