//! The terminal's own questions, answered without a game changing: `help [COMMAND]`, `rules
//! [GAME|KIND]`, `legend [GAME|KIND]`, `games`, `board GAME` and `export GAME`, with or without
//! the `user:` prefix (with it, answers come in that user's language). Every kind is served
//! through the catalogue: its rules page, its legend, its name.

use crate::help::{did_you_mean, legend, rules_page};
use crate::referee::{GameId, Locale, Referee};
use crate::rules::contract::{GameKind, catalog};

/// Each command word of the terminal with its usage and what it does (English; the usage is
/// command syntax in every language).
pub const COMMANDS: &[(&str, &str, &str)] = &[
    (
        "challenge",
        "challenge [USER|anyone|bot] [variant=KIND] [mode=MODE] [time=30s|10m|1h|1d|none|10m+30s] [on-timeout=lose|auto-move:N|skip:N] [level=random|greedy|search] [key=value …]",
        "offer a game (default: the first kind); `games` lists the kinds; bot: play the computer at a level (greedy by default; the kinds it plays); on-timeout: auto-move:N = 托管 (the bot moves for a timed-out seat, at most N times, 3 by default; the next timeout loses), skip:N = QQ (a timeout skips the turn, the N-th loses); time=10m+30s: a chess clock, 10 minutes per seat for the game + 30 s after each move",
    ),
    (
        "vs",
        "vs bot [level=random|greedy|search] [variant=KIND] [key=value …]",
        "a game against the computer player (challenge bot …)",
    ),
    (
        "auto",
        "auto GAME on|off",
        "托管: hand your seat to the bot, which moves for you at once on your turn; off takes it back",
    ),
    ("accept", "accept GAME [seat=S]", "take up a challenge"),
    ("join", "join GAME [seat=S]", "take a seat at an open table"),
    ("decline", "decline GAME", "refuse a challenge (the challenger withdraws it)"),
    ("deploy", "deploy GAME <codes>|random|last|load NAME|classic NAME", "send your secret deployment"),
    ("swap", "swap GAME POINT POINT", "while deploying: two pieces of your layout change places"),
    ("move", "move GAME FROM-TO", "play a move in the game's notation (also any action word: flip GAME c6)"),
    ("resign", "resign GAME", "give up the game"),
    ("draw", "draw GAME offer|accept|decline", "offer or answer a draw"),
    (
        "takeback",
        "takeback GAME offer|accept|decline",
        "悔棋: ask to take back your last move if it revealed nothing, or answer the ask",
    ),
    ("abort", "abort GAME", "end a game before its first move (the challenger: withdraw the challenge)"),
    ("rematch", "rematch GAME", "offer the same game again"),
    ("show", "show GAME [--ply K]", "your board and the game's state (--ply K: the review, after K plies)"),
    ("board", "board GAME", "the same as show"),
    ("export", "export GAME", "print the game's record (.jqr; public until the end)"),
    ("mark", "mark GAME POINT [PIECE]", "note your guess of a hidden piece (no piece: clear it)"),
    ("layout", "layout save NAME <codes> | layout delete NAME", "keep or drop a named deployment"),
    ("layouts", "layouts", "list your saved deployments and the game's classic ones"),
    ("locale", "locale en|zh-CN|zh-TW", "your language"),
    ("vacation", "vacation on|off|DAYS", "pause your clocks"),
    ("settings", "settings [locale=zh-CN] [vacation-days=N] [challenge-ttl=1d]", "server settings"),
    ("tournament", "tournament create|join|start|standings …", "tournaments (tournament help for more)"),
    ("rating", "rating [USER] [variant=KIND]", "a rating; also leaderboard, stats"),
    ("games", "games", "the games you can play, and your games in progress"),
    ("rules", "rules [GAME|KIND]", "the rules of a game in play or of a kind"),
    ("legend", "legend [GAME|KIND]", "what the codes and badges on a board mean"),
    ("help", "help [COMMAND]", "this list, or one command"),
];

/// The words a command line may start with, for "did you mean".
pub fn command_words() -> Vec<&'static str> {
    COMMANDS.iter().map(|c| c.0).chain(["leaderboard", "stats", "quit"]).collect()
}

/// A question the terminal answers itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ask {
    /// `help` or `help COMMAND`.
    Help(Option<String>),
    /// `rules`, `rules 3`, `rules draughts`.
    Rules(Option<String>),
    /// `legend`, `legend 3`, `legend junqi4`.
    Legend(Option<String>),
    /// `games`.
    Games,
    /// `export 3`.
    Export(String),
}

/// Reads a question (the command without its user), or `None` for anything else.
pub fn parse_ask(text: &str) -> Option<Ask> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let arg = words.get(1).map(|w| w.to_string());
    match (words.first()?.to_lowercase().as_str(), words.len()) {
        ("help" | "?", 1 | 2) => Some(Ask::Help(arg)),
        ("rules" | "规则" | "規則", 1 | 2) => Some(Ask::Rules(arg)),
        ("legend" | "图例" | "圖例", 1 | 2) => Some(Ask::Legend(arg)),
        ("games", 1) => Some(Ask::Games),
        ("export", 2) => Some(Ask::Export(words[1].to_string())),
        _ => None,
    }
}

/// One command's help, or the list of all, or a "did you mean" for a word that is none.
pub fn help_text(command: Option<&str>) -> String {
    let Some(word) = command else {
        let mut s = String::from("Commands (type them as 'user: command'; 'help COMMAND' for one):\n");
        for (name, _, about) in COMMANDS {
            s.push_str(&format!("  {name:<11} {about}\n"));
        }
        s.push_str("'quit' (or end of input) leaves. Boards: upper case the first side, lower case the second, ? hidden; 'legend' explains them.");
        return s;
    };
    let word = word.to_lowercase();
    match COMMANDS.iter().find(|c| c.0 == word) {
        Some((_, usage, about)) => format!("{usage}\n  {about}"),
        None => match did_you_mean(&word, &command_words()) {
            Some(m) => format!(
                "There is no command '{}'. Did you mean '{m}'? ('help' lists them all.)",
                crate::rules::echo::echo(&word)
            ),
            None => format!("There is no command '{}'; 'help' lists them all.", crate::rules::echo::echo(&word)),
        },
    }
}

/// The kind a question means: a game's (by number), a kind's name, else the catalogue's first.
async fn kind_meant(referee: &Referee, arg: Option<&str>) -> Result<&'static GameKind, String> {
    let Some(arg) = arg else { return Ok(catalog::first().kind) };
    let digits = arg.trim_start_matches('#');
    if let Ok(game) = digits.parse::<GameId>() {
        let row = referee.game_row(game).await.map_err(|e| e.to_string())?;
        let row = row.ok_or_else(|| format!("There is no game #{game}."))?;
        return catalog::find(&row.variant).map(|d| d.kind).ok_or_else(|| format!("Game #{game} is of no known kind."));
    }
    catalog::find(arg).map(|d| d.kind).ok_or_else(|| {
        let names: Vec<&str> = catalog::all().iter().map(|d| d.name()).collect();
        match did_you_mean(arg, &names) {
            Some(m) => format!(
                "No game is called '{}'. Did you mean '{m}'? ('games' lists them.)",
                crate::rules::echo::echo(arg)
            ),
            None => format!("No game is called '{}'; 'games' lists them.", crate::rules::echo::echo(arg)),
        }
    })
}

/// The answer to a question, for `user` if the line named one (their language, their games).
pub async fn answer(referee: &Referee, user: Option<&str>, ask: &Ask) -> String {
    let locale = match user {
        Some(u) => referee.locale_for(u, "").await.unwrap_or_default(),
        None => Locale::En,
    };
    let answer = match ask {
        Ask::Help(c) => Ok(help_text(c.as_deref())),
        Ask::Rules(arg) => kind_meant(referee, arg.as_deref()).await.map(|kind| match rules_page(kind, locale) {
            Some(page) => format!("{}\n({})", page.text.trim_end(), page.path),
            None => format!("No rules page is shipped for {} yet.", kind.title.en),
        }),
        Ask::Legend(arg) => kind_meant(referee, arg.as_deref()).await.map(|kind| legend(kind, locale)),
        Ask::Games => Ok(games_text(referee, user).await),
        Ask::Export(arg) => export_text(referee, arg).await,
    };
    answer.unwrap_or_else(|e| e)
}

/// The catalogue's kinds (name, title, players), then the user's games in progress.
async fn games_text(referee: &Referee, user: Option<&str>) -> String {
    let mut s = String::from("Games (challenge USER variant=NAME):");
    for def in catalog::all() {
        let k = def.kind;
        let counts: Vec<String> = k.seating.counts.iter().map(u8::to_string).collect();
        s.push_str(&format!("\n  {:<12} {} / {} — {} players", k.name, k.title.en, k.title.zh_hans, counts.join("/")));
    }
    if let Some(user) = user {
        let mine = referee.games_of(user).await.unwrap_or_default();
        if mine.is_empty() {
            s.push_str(&format!("\n{user} has no game in progress."));
        } else {
            s.push_str(&format!("\n{user}'s games:"));
            for g in mine {
                s.push_str(&format!("\n  #{} {} ({}, challenged by {})", g.id, g.variant, g.status, g.challenger));
            }
        }
    }
    s
}

/// A game's record as the referee writes it (public until the game ends).
async fn export_text(referee: &Referee, arg: &str) -> Result<String, String> {
    let game = arg.trim_start_matches('#').parse::<GameId>().map_err(|_| "Usage: export GAME".to_string())?;
    referee.record(game).await.map(|r| r.trim_end().to_string()).map_err(|e| match e {
        crate::referee::RefereeError::Rejected { .. } => format!("There is no game #{game}."),
        e => e.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn questions_are_read_and_the_rest_is_left_alone() {
        assert_eq!(parse_ask("help"), Some(Ask::Help(None)));
        assert_eq!(parse_ask("help move"), Some(Ask::Help(Some("move".into()))));
        assert_eq!(parse_ask("rules 3"), Some(Ask::Rules(Some("3".into()))));
        assert_eq!(parse_ask("规则"), Some(Ask::Rules(None)));
        assert_eq!(parse_ask("legend junqi4"), Some(Ask::Legend(Some("junqi4".into()))));
        assert_eq!(parse_ask("games"), Some(Ask::Games));
        assert_eq!(parse_ask("export #2"), Some(Ask::Export("#2".into())));
        assert_eq!(parse_ask("move 1 c6-c7"), None);
        assert_eq!(parse_ask("export"), None);
    }

    #[test]
    fn help_lists_every_command_and_explains_one_or_guesses() {
        let all = help_text(None);
        for (name, ..) in COMMANDS {
            assert!(all.contains(&format!("  {name} ")), "{name}: {all}");
        }
        assert!(help_text(Some("draw")).starts_with("draw GAME offer|accept|decline"));
        assert!(help_text(Some("resing")).contains("Did you mean 'resign'?"), "{}", help_text(Some("resing")));
        assert!(help_text(Some("zzzzzz")).contains("'help' lists them all"));
    }
}
