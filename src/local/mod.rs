//! The referee without Discord: a text command language, a transcript driver for golden tests,
//! and a text board for the terminal mode (`junqi-referee local`).
//!
//! Command lines are `user: command`, optionally `user#request-id: command` to choose the request
//! id (the driver otherwise uses one per line). Commands:
//!
//! ```text
//! challenge [USER|anyone] [variant=NAME] [mode=MODE] [time=10m|1h|1d|3d|none] [key=value …]   (default: the first kind)
//! accept N | decline N | deploy N <25 codes>|random|last|load NAME|classic NAME
//! swap N a6 b6                   (during deployment: two points of your layout exchange their pieces)
//! join N [seat=S|E|N|W] | accept N seat=…                      (4-player board: take a seat)
//! move N c6-c7 | resign N | draw N offer|accept|decline | abort N | rematch N | show N
//! takeback N offer|accept|decline  (悔棋: the last ply, if it revealed nothing, by agreement)
//! challenge bot [level=random|greedy|search] … | vs bot …   (a game against the computer player)
//! auto N on|off                  (托管: the bot moves for your seat at once on its turn, until off)
//! WORD N …                       (any other word before a game: an action in its own words, e.g. flip N c6)
//! layout save NAME <25 codes> | layout delete NAME | layouts | locale en|zh-CN|zh-TW | vacation on|off
//! settings [locale=zh-CN] [vacation-days=N] [challenge-ttl=1d]      (server settings)
//! ```

pub mod help;
mod layout_text;
mod line;
mod picture;
mod times;
pub use layout_text::layout_text;
pub use line::{MAX_LINE_BYTES, RawLine, read_line};
pub use picture::picture_text;
pub use times::plain_times;
pub mod transcript;

use crate::referee::i18n::to_traditional;
use crate::referee::{Action, DeploySource, Effect, GameId, Locale, TakebackStep};
use crate::rules::contract::catalog;
use crate::rules::echo::echo;

/// A command line that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// No `user:` prefix.
    #[error("write the acting user first: 'alice: move 1 c6-c7'")]
    NoUser,
    /// An unknown command word (with the command it is closest to, if any is close).
    #[error("unknown command '{0}'{hint}; 'help' lists the commands", hint = suggest(.0, false))]
    UnknownCommand(String),
    /// A missing or bad argument.
    #[error("{0}")]
    Usage(&'static str),
    /// Digits where a game number goes, but none that numbers a game (0, or past the largest).
    #[error("'{0}' is out of range for a game number; games are numbered 1 to {max}", max = GameId::MAX)]
    GameOutOfRange(String),
    /// A line longer than [`MAX_LINE_BYTES`].
    #[error("the line is {0} bytes long; a command line is at most {MAX_LINE_BYTES} bytes, so nothing was done")]
    TooLong(usize),
    /// A line that is not UTF-8 text.
    #[error("the line is not UTF-8 text (an invalid byte at byte {}), so nothing was done", .0 + 1)]
    NotUtf8(usize),
}

impl ParseError {
    /// The error in a locale (the usage lines are command syntax, quoted as they are).
    pub fn render(&self, l: Locale) -> String {
        let zh = match self {
            // Command syntax, quoted as it is typed.
            ParseError::Usage(u) if !l.is_zh() => return format!("Usage: {u}"),
            ParseError::Usage(u) => return format!("用法：{u}"),
            _ if !l.is_zh() => {
                // As the referee's refusals read: a sentence.
                let s = self.to_string();
                let mut c = s.chars();
                return c.next().map(|f| f.to_uppercase().chain(c).collect::<String>() + ".").unwrap_or_default();
            }
            ParseError::NoUser => "请先写出行动的用户，例如 'alice: move 1 c6-c7'".to_string(),
            ParseError::UnknownCommand(c) => {
                format!("未知命令“{c}”{}；输入 help 查看所有命令", suggest(c, true))
            }
            ParseError::GameOutOfRange(t) => format!("“{t}”超出对局编号的范围；对局编号为 1 到 {}", GameId::MAX),
            ParseError::TooLong(n) => {
                format!("这一行有 {n} 个字节；命令行最多 {MAX_LINE_BYTES} 个字节，未执行任何操作")
            }
            ParseError::NotUtf8(at) => format!("这一行不是 UTF-8 文本（第 {} 个字节无效），未执行任何操作", at + 1),
        };
        let zh = zh + "。";
        if l == Locale::ZhHant { to_traditional(&zh) } else { zh }
    }
}

/// ", did you mean 'resign'?" for a mistyped command word close to one (edit distance), else
/// nothing.
fn suggest(word: &str, zh: bool) -> String {
    match crate::help::did_you_mean(word, &help::command_words()) {
        // The word is a command, written wrongly after it (`legend a b`): its usage helps, not
        // a suggestion of itself.
        Some(m) if m == word.to_lowercase() && zh => format!("；用法见“help {m}”"),
        Some(m) if m == word.to_lowercase() => format!(" ('help {m}' shows how to write it)"),
        Some(m) if zh => format!("，是不是想输入“{m}”？"),
        Some(m) => format!(" (did you mean '{m}'?)"),
        None => String::new(),
    }
}

/// The acting user a line names (`alice` of `alice#r1: …`), if it names one: for addressing an
/// answer to a line that could not be read further.
pub fn line_user(line: &str) -> Option<&str> {
    let (who, _) = split_user(line)?;
    let user = who.trim().split('#').next()?;
    (!user.is_empty() && !user.contains(char::is_whitespace)).then_some(user)
}

/// Splits `user: command` at its first colon, ASCII `:` or the full-width `：` a Chinese input
/// method types (`red：move 1 c6-c7` is the same line as `red: move 1 c6-c7`).
fn split_user(line: &str) -> Option<(&str, &str)> {
    let at = line.find([':', '：'])?;
    let colon = line[at..].chars().next().map_or(1, char::len_utf8);
    Some((&line[..at], &line[at + colon..]))
}

/// A line as [`read_line`] read it, as a command line or the reason it is none.
pub fn raw_text(raw: &RawLine) -> Result<&str, ParseError> {
    match raw {
        RawLine::Text(t) => Ok(t),
        RawLine::TooLong { bytes, .. } => Err(ParseError::TooLong(*bytes)),
        RawLine::NotUtf8 { at, .. } => Err(ParseError::NotUtf8(*at)),
    }
}

/// A parsed command line: user, optional request id, action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The acting user.
    pub user: String,
    /// An explicit request id, if given.
    pub request: Option<String>,
    /// What to do.
    pub action: Action,
}

/// Reads a game number (`3` or `#3`). Digits that number no game are out of range (named as
/// such, with the range), anything else is the command's usage.
fn game_arg(w: Option<&&str>, usage: &'static str) -> Result<GameId, ParseError> {
    let w = w.ok_or(ParseError::Usage(usage))?;
    let digits = w.trim_start_matches('#');
    match digits.parse::<GameId>() {
        Ok(g) if g >= 1 => Ok(g),
        _ if is_number(digits) => Err(ParseError::GameOutOfRange(echo(w))),
        _ => Err(ParseError::Usage(usage)),
    }
}

/// All ASCII digits (a number, however large).
fn is_number(w: &str) -> bool {
    !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit())
}

/// Reads `user[#request]: command …`.
pub fn parse_line(line: &str) -> Result<Line, ParseError> {
    if line.len() > MAX_LINE_BYTES {
        return Err(ParseError::TooLong(line.len()));
    }
    let (who, rest) = split_user(line).ok_or(ParseError::NoUser)?;
    let who = who.trim();
    if who.is_empty() || who.contains(char::is_whitespace) {
        return Err(ParseError::NoUser);
    }
    let (user, request) = match who.split_once('#') {
        Some((u, r)) => (u.to_string(), Some(r.to_string())),
        None => (who.to_string(), None),
    };
    Ok(Line { user, request, action: parse_action(rest)? })
}

/// Reads a command (without the user).
pub fn parse_action(text: &str) -> Result<Action, ParseError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let Some(cmd) = words.first() else { return Err(ParseError::UnknownCommand(String::new())) };
    let rest = || words[2..].join(" ");
    Ok(match cmd.to_lowercase().as_str() {
        // `vs bot [level=…] …` is `challenge bot …`: a game against the computer player.
        "challenge" | "vs" => {
            let mut opponent = None;
            let mut level = None;
            let (mut variant, mut mode, mut time) =
                (catalog::first().name().to_string(), String::new(), "none".to_string());
            let mut rules = Vec::new();
            for w in &words[1..] {
                match w.split_once('=') {
                    Some(("variant", v)) => variant = v.into(),
                    Some(("mode", v)) => mode = v.into(),
                    Some(("time", v)) => time = v.into(),
                    Some(("level", v)) => level = Some(v),
                    Some(_) => rules.push(*w),
                    None if opponent.is_none() && *w != "anyone" => {
                        opponent = Some(w.trim_start_matches('@').to_string())
                    }
                    None if *w == "anyone" => {}
                    None => return Err(ParseError::Usage("challenge [USER|anyone] [mode=…] [time=…] [key=value …]")),
                }
            }
            // `bot` (the computer player, `bot:LEVEL` to the referee; greedy unless a level is
            // given); a level for anyone else is a mistake of the command.
            let opponent = match (opponent, level) {
                (Some(o), level) if o.eq_ignore_ascii_case("bot") || o.eq_ignore_ascii_case("机器人") => {
                    Some(crate::referee::bot_user(level.unwrap_or("greedy")))
                }
                (o, None) => o,
                (_, Some(_)) => {
                    return Err(ParseError::Usage("challenge bot level=random|greedy|search [variant=…] …"));
                }
            };
            if *cmd == "vs" && opponent.as_deref().is_none_or(|o| !crate::referee::is_bot(o)) {
                return Err(ParseError::Usage("vs bot [level=random|greedy|search] [variant=…] [key=value …]"));
            }
            Action::Challenge { opponent, variant, mode, rules: rules.join(" "), time }
        }
        // 托管 by hand: the bot moves for one's seat until `auto GAME off`.
        "auto" | "托管" => {
            let usage = "auto GAME on|off";
            let g = game_arg(words.get(1), usage)?;
            match (words.get(2).copied(), words.len()) {
                (Some("on"), 3) => Action::Auto(g, true),
                (Some("off"), 3) => Action::Auto(g, false),
                _ => return Err(ParseError::Usage(usage)),
            }
        }
        "accept" | "join" => {
            let usage = "join GAME [seat=S|E|N|W] (accept GAME [seat=…] alike)";
            let game = game_arg(words.get(1), usage)?;
            let seat = match words.get(2..).unwrap_or_default() {
                [] => None,
                [w] => Some(w.strip_prefix("seat=").unwrap_or(w).to_string()),
                _ => return Err(ParseError::Usage(usage)),
            };
            match (*cmd, seat) {
                ("accept", None) => Action::Accept(game),
                (_, seat) => Action::Join { game, seat },
            }
        }
        "decline" => Action::Decline(game_arg(words.get(1), "decline GAME")?),
        "deploy" => {
            let g = game_arg(words.get(1), "deploy GAME <25 codes>|random|last|load NAME|classic NAME")?;
            let src = match words.get(2).copied() {
                Some("random") if words.len() == 3 => DeploySource::Random,
                Some("last") if words.len() == 3 => DeploySource::Last,
                Some("load") if words.len() == 4 => DeploySource::Saved(words[3].into()),
                Some("classic") if words.len() == 4 => DeploySource::Classic(words[3].into()),
                Some(_) => DeploySource::Text(rest()),
                None => return Err(ParseError::Usage("deploy GAME <25 codes>|random|last|load NAME|classic NAME")),
            };
            Action::Deploy(g, src)
        }
        "swap" => {
            let usage = "swap GAME POINT POINT (two points of your deployment exchange their pieces)";
            let g = game_arg(words.get(1), usage)?;
            match words.get(2..) {
                Some([a, b]) => Action::Deploy(g, DeploySource::Swap(a.to_string(), b.to_string())),
                _ => return Err(ParseError::Usage(usage)),
            }
        }
        "move" | "mv" => {
            let g = game_arg(words.get(1), "move GAME FROM-TO")?;
            if words.len() < 3 {
                return Err(ParseError::Usage("move GAME FROM-TO"));
            }
            Action::Move(g, rest())
        }
        "resign" => Action::Resign(game_arg(words.get(1), "resign GAME")?),
        "draw" => {
            let g = game_arg(words.get(1), "draw GAME offer|accept|decline")?;
            match words.get(2).copied() {
                Some("offer") | None => Action::OfferDraw(g),
                Some("accept") => Action::AcceptDraw(g),
                Some("decline") => Action::DeclineDraw(g),
                Some(_) => return Err(ParseError::Usage("draw GAME offer|accept|decline")),
            }
        }
        "takeback" | "悔棋" => {
            let usage = "takeback GAME offer|accept|decline";
            let g = game_arg(words.get(1), usage)?;
            match words.get(2).copied() {
                Some("offer") | None => Action::Takeback(g, TakebackStep::Offer),
                Some("accept") => Action::Takeback(g, TakebackStep::Accept),
                Some("decline") => Action::Takeback(g, TakebackStep::Decline),
                Some(_) => return Err(ParseError::Usage(usage)),
            }
        }
        "abort" => Action::Abort(game_arg(words.get(1), "abort GAME")?),
        "rematch" => Action::Rematch(game_arg(words.get(1), "rematch GAME")?),
        "show" | "board" => Action::Show(game_arg(words.get(1), "show GAME (or board GAME)")?),
        "layouts" => Action::ListLayouts(None),
        "layout" => match (words.get(1).copied(), words.get(2)) {
            (Some("save"), Some(name)) if words.len() > 3 => {
                Action::SaveLayout { name: name.to_string(), setup: words[3..].join(" "), game: None }
            }
            (Some("delete"), Some(name)) => Action::DeleteLayout { name: name.to_string(), game: None },
            (Some("list"), None) => Action::ListLayouts(None),
            _ => return Err(ParseError::Usage("layout save NAME <25 codes> | layout delete NAME | layouts")),
        },
        "locale" | "language" => {
            Action::SetLocale(words.get(1).ok_or(ParseError::Usage("locale en|zh-CN|zh-TW"))?.to_string())
        }
        "settings" => {
            let (mut locale, mut vacation_days, mut challenge_ttl) = (None, None, None);
            for w in &words[1..] {
                match w.split_once('=') {
                    Some(("locale", v)) => locale = Some(v.to_string()),
                    Some(("vacation-days", v)) => {
                        vacation_days = Some(v.parse().map_err(|_| ParseError::Usage("vacation-days=N (0 to 31)"))?)
                    }
                    Some(("challenge-ttl", v)) => challenge_ttl = Some(v.to_string()),
                    _ => return Err(ParseError::Usage("settings [locale=zh-CN] [vacation-days=N] [challenge-ttl=1d]")),
                }
            }
            Action::ServerSettings { locale, vacation_days, challenge_ttl }
        }
        "vacation" => match words.get(1).copied() {
            Some("on") => Action::Vacation(true),
            Some("off") => Action::Vacation(false),
            Some(n) if n.parse::<i64>().is_ok() => Action::VacationDays(n.parse().unwrap_or(0)),
            _ => return Err(ParseError::Usage("vacation on|off|DAYS (1 to 31 days)")),
        },
        "mark" => {
            let usage = "mark GAME POINT [PIECE] (no piece clears the mark)";
            let game = game_arg(words.get(1), usage)?;
            let point = words.get(2).ok_or(ParseError::Usage(usage))?.to_string();
            if words.len() > 4 {
                return Err(ParseError::Usage(usage));
            }
            Action::Mark { game, point, piece: words.get(3).map(|p| p.to_string()) }
        }
        "tournament" => crate::referee::tournament::parse_local(&words[1..]).map_err(ParseError::Usage)?,
        c @ ("rating" | "leaderboard" | "stats" | "rating-rule") => {
            crate::referee::tournament::parse_local_rating(c, &words[1..]).map_err(ParseError::Usage)?
        }
        // Any other word before a game: an action in the game's own words (`flip 1 c6`), which
        // the game reads as a player's typed action (and explains when it cannot).
        _ if words.len() > 1 && is_number(words[1].trim_start_matches('#')) => {
            let text = std::iter::once(words[0]).chain(words[2..].iter().copied()).collect::<Vec<_>>().join(" ");
            Action::Move(game_arg(words.get(1), "WORD GAME …")?, text)
        }
        other => return Err(ParseError::UnknownCommand(echo(other))),
    })
}

/// One effect as a transcript line (`> public: …`), with times relative to `t0`.
pub fn format_effect(e: &Effect, t0: i64) -> String {
    match e {
        // Continuation lines keep the `> ` prefix, so a multi-line text stays one effect.
        Effect::Public { text, .. } => format!("> public: {}", text.replace('\n', "\n>   ")),
        Effect::Private { user, text, .. } => format!("> to {user}: {}", text.replace('\n', "\n>   ")),
        Effect::Render { game, for_user: None } => format!("> render #{game} public"),
        Effect::Render { game, for_user: Some(u) } => format!("> render #{game} for {u}"),
        Effect::TimerSet { game, at } => format!("> timer #{game} at +{}", at - t0),
        Effect::TimerCancel { game } => format!("> timer #{game} cancelled"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_command_lines() {
        let l = parse_line("alice: challenge bob variant=some-game mode=dark time=1d mines=mutual").unwrap();
        assert_eq!(l.user, "alice");
        assert_eq!(
            l.action,
            Action::Challenge {
                opponent: Some("bob".into()),
                variant: "some-game".into(),
                mode: "dark".into(),
                rules: "mines=mutual".into(),
                time: "1d".into()
            }
        );
        let l = parse_line("bob#r7: move 3 c7-c6").unwrap();
        assert_eq!(l.request.as_deref(), Some("r7"));
        assert_eq!(l.action, Action::Move(3, "c7-c6".into()));
        assert_eq!(parse_line("bob: deploy 1 random").unwrap().action, Action::Deploy(1, DeploySource::Random));
        assert_eq!(parse_line("bob: draw 2 accept").unwrap().action, Action::AcceptDraw(2));
        assert_eq!(parse_line("bob: takeback 2").unwrap().action, Action::Takeback(2, TakebackStep::Offer));
        assert_eq!(
            parse_line("bob: swap 2 a6 B6").unwrap().action,
            Action::Deploy(2, DeploySource::Swap("a6".into(), "B6".into()))
        );
        assert!(matches!(parse_line("bob: swap 2 a6"), Err(ParseError::Usage(_))));
        assert_eq!(
            parse_line("bob: deploy 2 classic guard-left").unwrap().action,
            Action::Deploy(2, DeploySource::Classic("guard-left".into()))
        );
        assert_eq!(parse_line("bob: 悔棋 2 decline").unwrap().action, Action::Takeback(2, TakebackStep::Decline));
        assert!(matches!(parse_line("bob: takeback 2 maybe"), Err(ParseError::Usage(_))));
        assert_eq!(parse_line("no user here"), Err(ParseError::NoUser));
        // A full-width colon reads as the ASCII one, and only the first colon splits.
        assert_eq!(parse_line("bob：move 3 c7-c6").unwrap(), parse_line("bob: move 3 c7-c6").unwrap());
        assert_eq!(parse_line("红方：show 2").unwrap().user, "红方");
        assert_eq!(line_user("bob：move 1 a:b"), Some("bob"));
        assert!(matches!(parse_line("bob: fly"), Err(ParseError::UnknownCommand(_))));
        // A mistyped command is answered with the one meant; `board` is `show`.
        let typo = parse_line("bob: chalenge alice").unwrap_err();
        assert!(typo.to_string().contains("did you mean 'challenge'?"), "{typo}");
        // A question word written wrongly after it is not offered to itself.
        let wrong = parse_line("bob: legend a b").unwrap_err().to_string();
        assert!(!wrong.contains("did you mean 'legend'") && wrong.contains("'help legend'"), "{wrong}");
        assert!(typo.render(Locale::ZhHant).contains("是不是想輸入“challenge”"), "{}", typo.render(Locale::ZhHant));
        assert_eq!(parse_line("bob: board 2").unwrap().action, Action::Show(2));
        assert!(matches!(parse_line("bob: move x"), Err(ParseError::Usage(_))));
        assert_eq!(
            parse_line("alice: mark 1 c9 司令").unwrap().action,
            Action::Mark { game: 1, point: "c9".into(), piece: Some("司令".into()) }
        );
        assert_eq!(
            parse_line("alice: mark 1 c9").unwrap().action,
            Action::Mark { game: 1, point: "c9".into(), piece: None }
        );
        assert!(matches!(parse_line("alice: mark 1"), Err(ParseError::Usage(_))));
        assert_eq!(parse_line("alice: vacation 3").unwrap().action, Action::VacationDays(3));
        // A game's own action words go to the game as typed.
        assert_eq!(parse_line("bob: jump 4 c6 c8").unwrap().action, Action::Move(4, "jump c6 c8".into()));
        assert_eq!(parse_line("bob: 跳 #4 c6").unwrap().action, Action::Move(4, "跳 c6".into()));
        assert_eq!(parse_line("bob: jump 4").unwrap().action, Action::Move(4, "jump".into()));
        assert!(matches!(parse_line("bob: jump c6 4"), Err(ParseError::UnknownCommand(_))));
        let l = parse_line("alice: challenge bob").unwrap();
        assert!(matches!(l.action, Action::Challenge { variant, .. } if variant == catalog::first().name()));
    }
}
