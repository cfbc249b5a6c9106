//! Tournament and rating commands as data, and their text form in the local mode and transcripts.

use super::TournamentId;
use crate::referee::{Action, GameId};
use crate::rules::contract::catalog;

/// Tournament and rating commands (one [`Action::Tournament`] variant carries them all).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TournamentAction {
    /// Create a tournament on the command's server; the creator organises it.
    Create {
        /// Its name.
        name: String,
        /// `round-robin`, `double-round-robin`, `swiss`, `elimination`.
        format: String,
        /// Swiss rounds.
        rounds: Option<usize>,
        /// Variant of its games.
        variant: String,
        /// Mode of its games.
        mode: String,
        /// Rule options of its games.
        rules: String,
        /// Time per move (`1d`, `none`, …).
        time: String,
        /// Time per round (`3d`, `none`): unfinished games are adjudicated when it runs out.
        round_time: String,
        /// Start by itself after this long (`2h`, `none`: the organiser starts it).
        start: String,
    },
    /// Enter an open tournament.
    Join(TournamentId),
    /// Leave an open tournament.
    Leave(TournamentId),
    /// Start it (the organiser).
    Start(TournamentId),
    /// Withdraw from a running tournament: the current game is forfeited, no later pairings.
    Withdraw(TournamentId),
    /// Show the standings.
    Standings(TournamentId),
    /// The organiser records a board's result (e.g. a no-show): `red`, `blue`, `draw`,
    /// `red-forfeits`, `blue-forfeits`, `both-forfeit`; an unfinished game is stopped.
    Adjudicate {
        /// The tournament.
        tournament: TournamentId,
        /// The game of the board.
        game: GameId,
        /// The result.
        result: String,
    },
    /// A player's rating (oneself if None).
    Rating {
        /// Whose.
        user: Option<String>,
        /// Which variant.
        variant: String,
    },
    /// The server's best-rated players.
    Leaderboard {
        /// Which variant.
        variant: String,
    },
    /// A player's game statistics (oneself if None).
    Stats {
        /// Whose.
        user: Option<String>,
    },
    /// The server rule refusing resignation in the first 20 plies (the adapter checks the
    /// permission).
    EarlyResignRule(bool),
}

/// Reads the action of a `tournament …` command line of the local mode and transcripts.
pub fn parse_local(words: &[&str]) -> Result<Action, &'static str> {
    const USAGE: &str = "tournament create NAME format=… [rounds=N] [mode=…] [time=…] [round-time=…] [start=…] | \
         tournament join|leave|start|withdraw|standings ID | tournament result ID GAME RESULT";
    let id = |w: Option<&&str>| w.and_then(|s| s.trim_start_matches('#').parse::<i64>().ok()).ok_or(USAGE);
    let ta = match words.first().copied() {
        Some("create") => {
            let mut name = Vec::new();
            let mut format = String::new();
            let mut rounds = None;
            // The first catalogued kind and the kind's first mode unless named.
            let (mut variant, mut mode, mut time) =
                (catalog::first().name().to_string(), String::new(), "none".to_string());
            let (mut round_time, mut start) = ("none".to_string(), "none".to_string());
            let mut rules = Vec::new();
            for w in &words[1..] {
                match w.split_once('=') {
                    Some(("format", v)) => format = v.into(),
                    Some(("rounds", v)) => {
                        rounds = Some(v.parse().map_err(|_| "rounds=N: a Swiss tournament has 1 to 64 rounds")?)
                    }
                    Some(("variant", v)) => variant = v.into(),
                    Some(("mode", v)) => mode = v.into(),
                    Some(("time", v)) => time = v.into(),
                    Some(("round-time", v)) => round_time = v.into(),
                    Some(("start", v)) => start = v.into(),
                    Some(_) => rules.push(*w),
                    None => name.push(*w),
                }
            }
            TournamentAction::Create {
                name: name.join(" "),
                format,
                rounds,
                variant,
                mode,
                rules: rules.join(" "),
                time,
                round_time,
                start,
            }
        }
        Some("join") => TournamentAction::Join(id(words.get(1))?),
        Some("leave") => TournamentAction::Leave(id(words.get(1))?),
        Some("start") => TournamentAction::Start(id(words.get(1))?),
        Some("withdraw") => TournamentAction::Withdraw(id(words.get(1))?),
        Some("standings") => TournamentAction::Standings(id(words.get(1))?),
        Some("result") => TournamentAction::Adjudicate {
            tournament: id(words.get(1))?,
            game: id(words.get(2))?,
            result: words.get(3).ok_or(USAGE)?.to_string(),
        },
        _ => return Err(USAGE),
    };
    Ok(Action::Tournament(ta))
}

/// Reads the rating commands of the local mode: `rating [USER] [variant=V]`, `leaderboard
/// [variant=V]` (each kind has its own rating pool; the first kind unless named), `stats [USER]`,
/// `rating-rule early-resign on|off`.
pub fn parse_local_rating(cmd: &str, words: &[&str]) -> Result<Action, &'static str> {
    let variant = words
        .iter()
        .find_map(|w| w.strip_prefix("variant="))
        .and_then(catalog::find)
        .map_or_else(|| catalog::first().name().to_string(), |d| d.name().to_string());
    let words: Vec<&str> = words.iter().copied().filter(|w| !w.starts_with("variant=")).collect();
    let who = words.first().map(|w| w.trim_start_matches('@').to_string());
    let ta = match cmd {
        "rating" => TournamentAction::Rating { user: who, variant },
        "leaderboard" => TournamentAction::Leaderboard { variant },
        "stats" => TournamentAction::Stats { user: who },
        "rating-rule" => match words.as_slice() {
            ["early-resign", "on"] => TournamentAction::EarlyResignRule(true),
            ["early-resign", "off"] => TournamentAction::EarlyResignRule(false),
            _ => return Err("rating-rule early-resign on|off"),
        },
        _ => {
            return Err(
                "rating [USER] [variant=V] | leaderboard [variant=V] | stats [USER] | rating-rule early-resign on|off",
            );
        }
    };
    Ok(Action::Tournament(ta))
}
