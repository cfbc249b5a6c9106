//! The referee without Discord: a text command language, a transcript driver for golden tests,
//! and a text board for the terminal mode (`junqi-referee local`).
//!
//! Command lines are `user: command`, optionally `user#request-id: command` to choose the request
//! id (the driver otherwise uses one per line). Commands:
//!
//! ```text
//! challenge [USER|anyone] [variant=NAME] [mode=MODE] [time=10m|1h|1d|3d|none] [key=value …]   (default: the first kind)
//! accept N | decline N | deploy N <25 codes>|random|last|load NAME
//! join N [seat=S|E|N|W] | accept N seat=…                      (4-player board: take a seat)
//! move N c6-c7 | resign N | draw N offer|accept|decline | abort N | rematch N | show N
//! WORD N …                       (any other word before a game: an action in its own words, e.g. flip N c6)
//! layout save NAME <25 codes> | layout delete NAME | layouts | locale en|zh-CN|zh-TW | vacation on|off
//! settings [locale=zh-CN] [vacation-days=N] [challenge-ttl=1d]      (server settings)
//! ```

mod picture;
pub use picture::picture_text;
pub mod transcript;

use crate::referee::{Action, DeploySource, Effect, GameId};
use crate::rules::contract::catalog;

/// A command line that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// No `user:` prefix.
    #[error("write the acting user first: 'alice: move 1 c6-c7'")]
    NoUser,
    /// An unknown command word.
    #[error(
        "unknown command '{0}' (try: challenge, accept, decline, deploy, move, resign, draw, abort, rematch, show, layout, layouts, locale, vacation, settings)"
    )]
    UnknownCommand(String),
    /// A missing or bad argument.
    #[error("{0}")]
    Usage(&'static str),
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

fn game_arg(w: Option<&&str>, usage: &'static str) -> Result<GameId, ParseError> {
    w.and_then(|s| s.trim_start_matches('#').parse().ok()).ok_or(ParseError::Usage(usage))
}

/// Reads `user[#request]: command …`.
pub fn parse_line(line: &str) -> Result<Line, ParseError> {
    let (who, rest) = line.split_once(':').ok_or(ParseError::NoUser)?;
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
        "challenge" => {
            let mut opponent = None;
            let (mut variant, mut mode, mut time) =
                (catalog::first().name().to_string(), String::new(), "none".to_string());
            let mut rules = Vec::new();
            for w in &words[1..] {
                match w.split_once('=') {
                    Some(("variant", v)) => variant = v.into(),
                    Some(("mode", v)) => mode = v.into(),
                    Some(("time", v)) => time = v.into(),
                    Some(_) => rules.push(*w),
                    None if opponent.is_none() && *w != "anyone" => {
                        opponent = Some(w.trim_start_matches('@').to_string())
                    }
                    None if *w == "anyone" => {}
                    None => return Err(ParseError::Usage("challenge [USER|anyone] [mode=…] [time=…] [key=value …]")),
                }
            }
            Action::Challenge { opponent, variant, mode, rules: rules.join(" "), time }
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
            let g = game_arg(words.get(1), "deploy GAME <25 codes>|random|last|load NAME")?;
            let src = match words.get(2).copied() {
                Some("random") if words.len() == 3 => DeploySource::Random,
                Some("last") if words.len() == 3 => DeploySource::Last,
                Some("load") if words.len() == 4 => DeploySource::Saved(words[3].into()),
                Some(_) => DeploySource::Text(rest()),
                None => return Err(ParseError::Usage("deploy GAME <25 codes>|random|last|load NAME")),
            };
            Action::Deploy(g, src)
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
        "abort" => Action::Abort(game_arg(words.get(1), "abort GAME")?),
        "rematch" => Action::Rematch(game_arg(words.get(1), "rematch GAME")?),
        "show" => Action::Show(game_arg(words.get(1), "show GAME")?),
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
            _ => return Err(ParseError::Usage("vacation on|off|DAYS")),
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
        _ if words.len() > 1 && words[1].trim_start_matches('#').parse::<GameId>().is_ok() => {
            let text = std::iter::once(words[0]).chain(words[2..].iter().copied()).collect::<Vec<_>>().join(" ");
            Action::Move(game_arg(words.get(1), "WORD GAME …")?, text)
        }
        other => return Err(ParseError::UnknownCommand(other.to_string())),
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
        assert_eq!(parse_line("no user here"), Err(ParseError::NoUser));
        assert!(matches!(parse_line("bob: fly"), Err(ParseError::UnknownCommand(_))));
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
