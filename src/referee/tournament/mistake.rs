//! Why a tournament or rating command is refused, in English (its Display) and Chinese.

use super::TournamentId;
use crate::referee::{Fail, GameId, Mistake};
use crate::rules::echo::echo;
use crate::tournament::MAX_SWISS_ROUNDS;
use crate::tournament::rating::MIN_RESIGN_PLIES;

/// A tournament mistake: the command is refused and nothing changes.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TournamentMistake {
    /// No tournament has this id.
    #[error("there is no tournament #{0}")]
    Unknown(TournamentId),
    /// A kind not played by two: pairings seat two players a board.
    #[error("tournaments pair two players a board, and {kind} is not played by two; use {two}", two = two_seat_kinds(false))]
    NotTwoSeats {
        /// The kind asked for.
        kind: String,
    },
    /// Unknown format.
    #[error("unknown format '{}'; use round-robin, double-round-robin, swiss (with rounds=N) or elimination", echo(.0))]
    BadFormat(String),
    /// A Swiss tournament without its number of rounds.
    #[error("a Swiss tournament needs its number of rounds: add rounds=N (e.g. rounds=5)")]
    SwissNeedsRounds,
    /// A Swiss tournament with a number of rounds out of range.
    #[error("a Swiss tournament has 1 to {max} rounds, not {0}", max = MAX_SWISS_ROUNDS)]
    SwissRounds(usize),
    /// A bad tournament name.
    #[error("a tournament name is 1 to 64 characters")]
    BadName,
    /// Joining twice.
    #[error("you have already joined tournament #{0}")]
    AlreadyJoined(TournamentId),
    /// Not an entrant.
    #[error("you are not an entrant of tournament #{0}")]
    NotEntered(TournamentId),
    /// Joining or leaving after the start.
    #[error("tournament #{0} has already started; withdraw instead of leaving")]
    AlreadyStarted(TournamentId),
    /// Withdrawing before the start or after the end.
    #[error("tournament #{0} is not running")]
    NotRunning(TournamentId),
    /// Withdrawing twice.
    #[error("you have already withdrawn from tournament #{0}")]
    AlreadyWithdrawn(TournamentId),
    /// Only the organiser may do this.
    #[error("only the organiser of tournament #{0} may do that")]
    NotOrganiser(TournamentId),
    /// Starting with too few players.
    #[error("tournament #{tournament} needs at least {min} players to start; it has {have}")]
    TooFewPlayers {
        /// The tournament.
        tournament: TournamentId,
        /// Entrants.
        have: usize,
        /// The minimum.
        min: usize,
    },
    /// More Swiss rounds than the entrants can play without rematches.
    #[error("tournament #{tournament} has {rounds} Swiss rounds, too many for {have} players")]
    TooManyRounds {
        /// The tournament.
        tournament: TournamentId,
        /// Rounds.
        rounds: usize,
        /// Entrants.
        have: usize,
    },
    /// A result for a game that is not on a board of this tournament.
    #[error("game #{game} is not a game of tournament #{tournament}")]
    GameNotInTournament {
        /// The tournament.
        tournament: TournamentId,
        /// The game.
        game: GameId,
    },
    /// The board already has its result.
    #[error("game #{0} already has its tournament result")]
    ResultAlreadyIn(GameId),
    /// An unreadable result.
    #[error("unknown result '{}'; use red, blue, draw, red-forfeits, blue-forfeits or both-forfeit", echo(.0))]
    BadResult(String),
    /// Resigning too early under the server rule.
    #[error("this server forbids resigning in the first {min} moves; game #{0} is at move {1}", min = MIN_RESIGN_PLIES)]
    EarlyResign(GameId, u32),
}

impl TournamentMistake {
    /// The text in Chinese (English is the Display text).
    pub fn zh(&self) -> String {
        use TournamentMistake as M;
        match self {
            M::Unknown(t) => format!("没有比赛 #{t}。"),
            M::NotTwoSeats { kind } => format!("比赛每盘两人对局，{kind} 不是两人棋；请用 {}。", two_seat_kinds(true)),
            M::BadFormat(f) => {
                format!(
                    "未知赛制“{}”；请用 round-robin（单循环）、double-round-robin（双循环）、swiss（瑞士制，加 rounds=N）或 elimination（淘汰赛）。",
                    echo(f)
                )
            }
            M::SwissNeedsRounds => "瑞士制比赛需要指定轮数：加上 rounds=N（例如 rounds=5）。".into(),
            M::SwissRounds(r) => format!("瑞士制比赛的轮数为 1 至 {MAX_SWISS_ROUNDS}，不能是 {r}。"),
            M::BadName => "比赛名称须为 1 至 64 个字符。".into(),
            M::AlreadyJoined(t) => format!("你已经报名了比赛 #{t}。"),
            M::NotEntered(t) => format!("你没有报名比赛 #{t}。"),
            M::AlreadyStarted(t) => format!("比赛 #{t} 已经开始，不能再报名或退出报名；请改用退赛。"),
            M::NotRunning(t) => format!("比赛 #{t} 不在进行中。"),
            M::AlreadyWithdrawn(t) => format!("你已经退出了比赛 #{t}。"),
            M::NotOrganiser(t) => format!("只有比赛 #{t} 的组织者可以这样做。"),
            M::TooFewPlayers { tournament, have, min } => {
                format!("比赛 #{tournament} 至少需要 {min} 名棋手才能开始，现在只有 {have} 名。")
            }
            M::TooManyRounds { tournament, rounds, have } => {
                format!("比赛 #{tournament} 设了 {rounds} 轮瑞士制，{have} 名棋手打不了这么多轮。")
            }
            M::GameNotInTournament { tournament, game } => format!("对局 #{game} 不是比赛 #{tournament} 的对局。"),
            M::ResultAlreadyIn(g) => format!("对局 #{g} 的比赛结果已经记录。"),
            M::BadResult(r) => {
                format!("未知结果“{}”；请用 red、blue、draw、red-forfeits、blue-forfeits 或 both-forfeit。", echo(r))
            }
            M::EarlyResign(g, p) => {
                format!("本服务器规定前 {MIN_RESIGN_PLIES} 步不得认输；对局 #{g} 现在是第 {p} 步。")
            }
        }
    }
}

/// The catalogued kinds played by two, as a refusal names them (`a, b or c`; `a、b 或 c`).
fn two_seat_kinds(zh: bool) -> String {
    let names: Vec<&str> = crate::rules::contract::catalog::all()
        .into_iter()
        .filter(|d| d.kind.seating.counts.contains(&2))
        .map(|d| d.name())
        .collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.to_string(),
        Some((last, rest)) if zh => format!("{} 或 {last}", rest.join("、")),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

impl From<TournamentMistake> for Fail {
    fn from(m: TournamentMistake) -> Self {
        Fail::Mistake(Mistake::Tournament(m))
    }
}
