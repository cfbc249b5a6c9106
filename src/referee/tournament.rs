//! Tournaments and ratings in the referee: the commands (create, join, leave, start, withdraw,
//! standings, adjudicate; rating, leaderboard, stats, the early-resignation rule), the hook that
//! rates a finished game and records it on its tournament board, and the round machinery (games
//! created for each round, the next round when all boards are in or when the round's time runs
//! out). Pairings and standings come from the pure [`crate::tournament`] module; all SQL is in
//! [`crate::store::tournament`].
//!
//! Locking: a command that ends games of other players (withdraw, adjudicate, a round deadline)
//! takes those games' locks before its transaction, in id order, like [`Referee::handle`] does for
//! one game, and clears their cached positions after commit, so no cached game outlives a change
//! made here.

use std::fmt::Write as _;

use sqlx::sqlite::SqliteConnection;

use super::{
    Action, Command, Effect, Fail, GameId, Locale, Mistake, Msg, Out, Referee, RefereeError, Res, corrupt, time,
};
use crate::rules::game::GameOver;
use crate::rules::setup::Setup;
use crate::rules::{Mode, RuleOptions, Seat, Variant};
use crate::store::tournament::{self as ts, EntrantRow, PairingRow, RatingRow, RoundRow, TournamentRow, tstatus};
use crate::store::{self, GameRow, status};
use crate::tournament::rating::{self, MIN_RATED_PLIES, MIN_RESIGN_PLIES};
use crate::tournament::{Board, BoardResult, Format, MIN_PLAYERS, Rating, Standing};

/// A tournament's id.
pub type TournamentId = i64;

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

/// A tournament mistake: the command is refused and nothing changes.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TournamentMistake {
    /// No tournament has this id.
    #[error("there is no tournament #{0}")]
    Unknown(TournamentId),
    /// Unknown format.
    #[error("unknown format '{0}'; use round-robin, double-round-robin, swiss (with rounds=N) or elimination")]
    BadFormat(String),
    /// A Swiss tournament without its number of rounds.
    #[error("a Swiss tournament needs its number of rounds: add rounds=N (e.g. rounds=5)")]
    SwissNeedsRounds,
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
    #[error("unknown result '{0}'; use red, blue, draw, red-forfeits, blue-forfeits or both-forfeit")]
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
            M::BadFormat(f) => {
                format!(
                    "未知赛制“{f}”；请用 round-robin（单循环）、double-round-robin（双循环）、swiss（瑞士制，加 rounds=N）或 elimination（淘汰赛）。"
                )
            }
            M::SwissNeedsRounds => "瑞士制比赛需要指定轮数：加上 rounds=N（例如 rounds=5）。".into(),
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
                format!("未知结果“{r}”；请用 red、blue、draw、red-forfeits、blue-forfeits 或 both-forfeit。")
            }
            M::EarlyResign(g, p) => {
                format!("本服务器规定前 {MIN_RESIGN_PLIES} 步不得认输；对局 #{g} 现在是第 {p} 步。")
            }
        }
    }
}

impl From<TournamentMistake> for Fail {
    fn from(m: TournamentMistake) -> Self {
        Fail::Mistake(Mistake::Tournament(m))
    }
}

/// One line of a standings table as messages show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandingLine {
    /// Place.
    pub rank: usize,
    /// Player.
    pub user: String,
    /// Points text.
    pub points: String,
    /// Tie-break text.
    pub tiebreak: String,
    /// Wins, draws, losses.
    pub wdl: (u32, u32, u32),
    /// Withdrawn.
    pub withdrawn: bool,
    /// Elimination: knocked out in this round.
    pub out_in: Option<usize>,
}

/// A board as announced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardLine {
    /// Board number.
    pub board: i64,
    /// Red.
    pub red: String,
    /// Blue (None: a bye).
    pub blue: Option<String>,
    /// The game created for it.
    pub game: Option<GameId>,
    /// A result known at once (forfeit of a withdrawn player).
    pub result: Option<BoardResult>,
}

/// Tournament and rating messages.
#[derive(Clone, Debug, PartialEq)]
pub enum TournamentMsg {
    /// A tournament was created.
    Created {
        /// Id.
        id: TournamentId,
        /// Name.
        name: String,
        /// Format (with rounds).
        format: Format,
        /// Variant, mode, rules as text.
        game: String,
        /// Start time (Unix), if it starts by itself.
        starts_at: Option<i64>,
    },
    /// Someone joined.
    Joined {
        /// Tournament.
        id: TournamentId,
        /// Who.
        user: String,
        /// Entrants now.
        count: usize,
    },
    /// Someone left before the start.
    Left {
        /// Tournament.
        id: TournamentId,
        /// Who.
        user: String,
        /// Entrants now.
        count: usize,
    },
    /// A round began.
    Round {
        /// Tournament.
        id: TournamentId,
        /// Name.
        name: String,
        /// Round number.
        round: usize,
        /// Rounds in all (elimination: as far as known).
        of: usize,
        /// The boards.
        boards: Vec<BoardLine>,
        /// When the round's time runs out.
        due: Option<i64>,
    },
    /// A board's result.
    BoardResult {
        /// Tournament.
        id: TournamentId,
        /// Round.
        round: i64,
        /// Board.
        board: i64,
        /// Red.
        red: String,
        /// Blue.
        blue: String,
        /// The result.
        result: BoardResult,
    },
    /// The standings (after `round` rounds); `last` for the final announcement.
    Standings {
        /// Tournament.
        id: TournamentId,
        /// Name.
        name: String,
        /// Format.
        format: Format,
        /// Rounds complete.
        round: usize,
        /// The table.
        lines: Vec<StandingLine>,
        /// Final standings.
        last: bool,
        /// Ended early because no pairing was left.
        early: bool,
    },
    /// Someone withdrew.
    Withdrew {
        /// Tournament.
        id: TournamentId,
        /// Who.
        user: String,
    },
    /// A tournament's start time came with too few players.
    Cancelled {
        /// Tournament.
        id: TournamentId,
        /// Entrants.
        have: usize,
    },
    /// A round's time ran out; unfinished boards were adjudicated.
    RoundTimeUp {
        /// Tournament.
        id: TournamentId,
        /// Round.
        round: i64,
    },
    /// Ratings after a rated game.
    Rated {
        /// Game.
        game: GameId,
        /// (user, old, new) for Red and Blue.
        changes: Vec<(String, Rating, Rating)>,
    },
    /// A game too short to be rated.
    NotRated {
        /// Game.
        game: GameId,
        /// Its plies.
        plies: u32,
    },
    /// A player's rating.
    RatingOf {
        /// Who.
        user: String,
        /// Variant.
        variant: String,
        /// The rating (None: no rated game yet).
        rating: Option<(Rating, i64)>,
    },
    /// The leaderboard.
    Leaderboard {
        /// Variant.
        variant: String,
        /// (user, rating, games), best first.
        rows: Vec<(String, Rating, i64)>,
    },
    /// Statistics.
    Stats {
        /// Who.
        user: String,
        /// (mode, games, wins, draws, losses).
        by_mode: Vec<(String, i64, i64, i64, i64)>,
    },
    /// The early-resignation rule changed.
    EarlyResignRule(bool),
}

fn format_text(f: Format, zh: bool) -> String {
    match (f, zh) {
        (Format::RoundRobin, false) => "round robin".into(),
        (Format::RoundRobin, true) => "单循环".into(),
        (Format::DoubleRoundRobin, false) => "double round robin".into(),
        (Format::DoubleRoundRobin, true) => "双循环".into(),
        (Format::Swiss { rounds }, false) => format!("Swiss, {rounds} rounds"),
        (Format::Swiss { rounds }, true) => format!("瑞士制 {rounds} 轮"),
        (Format::Elimination, false) => "single elimination".into(),
        (Format::Elimination, true) => "单败淘汰".into(),
    }
}

fn result_text(r: BoardResult, zh: bool) -> &'static str {
    match (r, zh) {
        (BoardResult::RedWins, false) => "1-0",
        (BoardResult::BlueWins, false) => "0-1",
        (BoardResult::Draw, false) => "½-½",
        (BoardResult::RedForfeits, false) => "0-1 (forfeit)",
        (BoardResult::BlueForfeits, false) => "1-0 (forfeit)",
        (BoardResult::BothForfeit, false) => "0-0 (both forfeit)",
        (BoardResult::RedWins, true) => "红胜",
        (BoardResult::BlueWins, true) => "蓝胜",
        (BoardResult::Draw, true) => "和棋",
        (BoardResult::RedForfeits, true) => "红方弃权，蓝胜",
        (BoardResult::BlueForfeits, true) => "蓝方弃权，红胜",
        (BoardResult::BothForfeit, true) => "双方弃权",
    }
}

fn rating_text(r: &Rating, zh: bool) -> String {
    let rd = r.deviation.round() as i64;
    match (r.provisional(), zh) {
        (false, false) => format!("{} (RD {rd})", r.display()),
        (true, false) => format!("{} (RD {rd}, provisional)", r.display()),
        (false, true) => format!("{}（偏差 {rd}）", r.display()),
        (true, true) => format!("{}（偏差 {rd}，暂定）", r.display()),
    }
}

fn mode_name(mode: &str, zh: bool) -> &str {
    match (mode, zh) {
        ("dark", true) => "暗棋",
        ("reveal", true) => "密布明战",
        ("open", true) => "明棋",
        (m, _) => m,
    }
}

impl TournamentMsg {
    /// The text in a locale (简体 for both Chinese locales; the catalogue converts to 繁體).
    pub fn text(&self, l: Locale) -> String {
        let zh = l != Locale::En;
        use TournamentMsg as T;
        match self {
            T::Created { id, name, format, game, starts_at } => {
                let f = format_text(*format, zh);
                let start = match (starts_at, zh) {
                    (Some(t), false) => format!(" It starts by itself at <t:{t}>."),
                    (Some(t), true) => format!("将于 <t:{t}> 自动开始。"),
                    (None, false) => " The organiser starts it.".into(),
                    (None, true) => "由组织者开始。".into(),
                };
                if zh {
                    format!("比赛 #{id}「{name}」开始报名：{f}，{game}。报名：tournament join {id}。{start}")
                } else {
                    format!(
                        "Tournament #{id} \"{name}\" is open: {f}, {game}. Enter with: tournament join {id}.{start}"
                    )
                }
            }
            T::Joined { id, user, count } => {
                if zh {
                    format!("{user} 报名了比赛 #{id}（共 {count} 人）。")
                } else {
                    format!("{user} joined tournament #{id} (entrants: {count}).")
                }
            }
            T::Left { id, user, count } => {
                if zh {
                    format!("{user} 退出了比赛 #{id} 的报名（共 {count} 人）。")
                } else {
                    format!("{user} left tournament #{id} (entrants: {count}).")
                }
            }
            T::Round { id, name, round, of, boards, due } => {
                let mut s = if zh {
                    format!("比赛 #{id}「{name}」第 {round}/{of} 轮：")
                } else {
                    format!("Tournament #{id} \"{name}\", round {round} of {of}:")
                };
                for b in boards {
                    s.push('\n');
                    match (&b.blue, b.game, b.result) {
                        (None, _, _) if zh => write!(s, "{}号台：{} 轮空", b.board, b.red),
                        (None, _, _) => write!(s, "board {}: {} has a bye", b.board, b.red),
                        (Some(blue), _, Some(r)) if zh => {
                            write!(s, "{}号台：{} 对 {}，{}", b.board, b.red, blue, result_text(r, true))
                        }
                        (Some(blue), _, Some(r)) => {
                            write!(s, "board {}: {} vs {}, {}", b.board, b.red, blue, result_text(r, false))
                        }
                        (Some(blue), Some(g), None) if zh => {
                            write!(s, "{}号台：对局 #{g}，红方 {} 对 蓝方 {}，请布阵", b.board, b.red, blue)
                        }
                        (Some(blue), g, None) => write!(
                            s,
                            "board {}: game #{}, {} (Red) vs {} (Blue), please deploy",
                            b.board,
                            g.unwrap_or(0),
                            b.red,
                            blue
                        ),
                    }
                    .expect("writing to a String");
                }
                match (due, zh) {
                    (Some(t), false) => write!(s, "\nThe round ends at <t:{t}>."),
                    (Some(t), true) => write!(s, "\n本轮于 <t:{t}> 结束。"),
                    (None, _) => Ok(()),
                }
                .expect("writing to a String");
                s
            }
            T::BoardResult { id, round, board, red, blue, result } => {
                let r = result_text(*result, zh);
                if zh {
                    format!("比赛 #{id} 第 {round} 轮 {board}号台：{red} 对 {blue}，{r}。")
                } else {
                    format!("Tournament #{id}, round {round}, board {board}: {red} vs {blue}, {r}.")
                }
            }
            T::Standings { id, name, format, round, lines, last, early } => {
                let tb = match (format, zh) {
                    (Format::RoundRobin | Format::DoubleRoundRobin, false) => "SB",
                    (Format::RoundRobin | Format::DoubleRoundRobin, true) => "索伯分",
                    (Format::Swiss { .. }, false) => "Buchholz",
                    (Format::Swiss { .. }, true) => "布赫霍尔茨分",
                    (Format::Elimination, _) => "",
                };
                let mut s = match (last, zh) {
                    (true, false) => format!("Tournament #{id} \"{name}\" is over. Final standings:"),
                    (true, true) => format!("比赛 #{id}「{name}」结束。最终排名："),
                    (false, false) => format!("Tournament #{id} \"{name}\", standings after round {round}:"),
                    (false, true) => format!("比赛 #{id}「{name}」第 {round} 轮后排名："),
                };
                if *early {
                    s.push_str(if zh {
                        "（已无不重复的配对，比赛提前结束）"
                    } else {
                        " (ended early: no pairing without a rematch was left)"
                    });
                }
                for x in lines {
                    let (w, d, lo) = x.wdl;
                    let wd = match (x.withdrawn, zh) {
                        (true, false) => " (withdrawn)",
                        (true, true) => "（已退赛）",
                        _ => "",
                    };
                    s.push('\n');
                    if *format == Format::Elimination {
                        let how = match (x.out_in, zh) {
                            (None, false) if *last => "winner".to_string(),
                            (None, true) if *last => "冠军".to_string(),
                            (None, false) => "still in".to_string(),
                            (None, true) => "未被淘汰".to_string(),
                            (Some(r), false) => format!("out in round {r}"),
                            (Some(r), true) => format!("第 {r} 轮被淘汰"),
                        };
                        let _ = write!(s, "{}. {}{wd}: {how}, {w}-{d}-{lo}", x.rank, x.user);
                    } else if zh {
                        let _ = write!(
                            s,
                            "{}. {}{wd}：{} 分，{tb} {}，{w}胜{d}和{lo}负",
                            x.rank, x.user, x.points, x.tiebreak
                        );
                    } else {
                        let _ = write!(
                            s,
                            "{}. {}{wd}: {} pts, {tb} {}, {w}-{d}-{lo}",
                            x.rank, x.user, x.points, x.tiebreak
                        );
                    }
                }
                s
            }
            T::Withdrew { id, user } => {
                if zh {
                    format!("{user} 退出了比赛 #{id}，其未完成的对局判负，之后不再配对。")
                } else {
                    format!(
                        "{user} withdrew from tournament #{id}: their unfinished game is forfeited and they are no longer paired."
                    )
                }
            }
            T::Cancelled { id, have } => {
                if zh {
                    format!("比赛 #{id} 到了开始时间，但只有 {have} 人报名（至少 {MIN_PLAYERS} 人），比赛取消。")
                } else {
                    format!(
                        "Tournament #{id} reached its start time with only {have} entrants (at least {MIN_PLAYERS} needed); it is cancelled."
                    )
                }
            }
            T::RoundTimeUp { id, round } => {
                if zh {
                    format!("比赛 #{id} 第 {round} 轮时间到：未走棋的对局判和，未布阵者判负。")
                } else {
                    format!(
                        "Tournament #{id}: round {round}'s time is up. Unfinished games are drawn; a player who never deployed forfeits."
                    )
                }
            }
            T::Rated { game, changes } => {
                let parts: Vec<String> = changes
                    .iter()
                    .map(|(u, old, new)| {
                        let d = (new.rating - old.rating).round() as i64;
                        format!("{u} {} → {} ({d:+})", old.display(), rating_text(new, zh))
                    })
                    .collect();
                if zh {
                    format!("对局 #{game} 计入等级分：{}。", parts.join("；"))
                } else {
                    format!("Game #{game} is rated: {}.", parts.join("; "))
                }
            }
            T::NotRated { game, plies } => {
                if zh {
                    format!("对局 #{game} 只走了 {plies} 步（不足 {MIN_RATED_PLIES} 步），不计等级分。")
                } else {
                    format!(
                        "Game #{game} ended after {plies} moves (fewer than {MIN_RATED_PLIES}), so it is not rated."
                    )
                }
            }
            T::RatingOf { user, variant, rating } => match (rating, zh) {
                (None, false) => format!("{user} has no rated {variant} game on this server yet (start: 1500?)."),
                (None, true) => format!("{user} 在本服务器还没有 {variant} 的计分对局（初始 1500?）。"),
                (Some((r, g)), false) => {
                    format!("{user}'s {variant} rating: {}, {g} rated games.", rating_text(r, false))
                }
                (Some((r, g)), true) => {
                    format!("{user} 的 {variant} 等级分：{}，计分对局 {g} 局。", rating_text(r, true))
                }
            },
            T::Leaderboard { variant, rows } => {
                let mut s =
                    if zh { format!("{variant} 等级分排行榜：") } else { format!("{variant} leaderboard:") };
                if rows.is_empty() {
                    s.push_str(if zh { "还没有计分对局。" } else { " no rated games yet." });
                }
                for (i, (u, r, g)) in rows.iter().enumerate() {
                    let _ = if zh {
                        write!(s, "\n{}. {u} {}，{g} 局", i + 1, rating_text(r, true))
                    } else {
                        write!(s, "\n{}. {u} {}, {g} games", i + 1, rating_text(r, false))
                    };
                }
                s
            }
            T::Stats { user, by_mode } => {
                let (g, w, d, lo) =
                    by_mode.iter().fold((0, 0, 0, 0), |a, x| (a.0 + x.1, a.1 + x.2, a.2 + x.3, a.3 + x.4));
                let mut s = if zh {
                    format!("{user} 的战绩：{g} 局，{w} 胜 {d} 和 {lo} 负。")
                } else {
                    format!("{user}'s games: {g} played, {w} won, {d} drawn, {lo} lost.")
                };
                for (m, g, w, d, lo) in by_mode {
                    let _ = if zh {
                        write!(s, "\n{}：{g} 局，{w} 胜 {d} 和 {lo} 负", mode_name(m, true))
                    } else {
                        write!(s, "\n{m}: {g} played, {w}-{d}-{lo}")
                    };
                }
                s
            }
            T::EarlyResignRule(on) => match (on, zh) {
                (true, false) => format!("From now on nobody may resign in the first {MIN_RESIGN_PLIES} moves."),
                (true, true) => format!("本服务器从现在起前 {MIN_RESIGN_PLIES} 步不得认输。"),
                (false, false) => "Resigning is allowed at any move again.".into(),
                (false, true) => "本服务器恢复为任何时候都可以认输。".into(),
            },
        }
    }
}

fn tmsg(m: TournamentMsg) -> Msg {
    Msg::Tournament(m)
}

/// The format of a stored tournament.
fn format_of(t: &TournamentRow) -> Result<Format, Fail> {
    Format::parse(&t.format, t.rounds.map(|r| r as usize))
        .ok_or_else(|| Fail::Store(corrupt("tournaments", t.id, "bad format")))
}

/// A tournament's state rebuilt from its rows: entrants in seed order and the rounds as boards.
struct State {
    entrants: Vec<EntrantRow>,
    rounds: Vec<Vec<Board>>,
}

impl State {
    async fn load(tx: &mut SqliteConnection, t: TournamentId) -> Res<State> {
        let entrants = ts::entrants_of(tx, t).await?;
        let pairings = ts::pairings_of(tx, t).await?;
        let index = |u: &str| entrants.iter().position(|e| e.user_id == u);
        let mut rounds: Vec<Vec<Board>> = Vec::new();
        for p in &pairings {
            let red = index(&p.red).ok_or_else(|| corrupt("pairings", t, "unknown player"))?;
            let blue = match &p.blue {
                Some(b) => Some(index(b).ok_or_else(|| corrupt("pairings", t, "unknown player"))?),
                None => None,
            };
            let result = match &p.result {
                Some(r) => Some(BoardResult::parse(r).ok_or_else(|| corrupt("pairings", t, "bad result"))?),
                None => None,
            };
            let r = p.round as usize;
            while rounds.len() < r {
                rounds.push(Vec::new());
            }
            rounds[r - 1].push(Board { red, blue, result });
        }
        Ok(State { entrants, rounds })
    }

    fn lines(&self, format: Format) -> Vec<StandingLine> {
        crate::tournament::standings(format, self.entrants.len(), &self.rounds)
            .into_iter()
            .map(|s: Standing| StandingLine {
                rank: s.rank,
                user: self.entrants[s.player].user_id.clone(),
                points: s.points_text(),
                tiebreak: s.tiebreak_text(),
                wdl: (s.wins, s.draws, s.losses),
                withdrawn: self.entrants[s.player].withdrawn_round.is_some(),
                out_in: s.out_in,
            })
            .collect()
    }
}

fn game_winner(over: GameOver) -> BoardResult {
    match over.winner {
        Some(0) => BoardResult::RedWins,
        Some(_) => BoardResult::BlueWins,
        None => BoardResult::Draw,
    }
}

impl Referee {
    /// Handles a tournament command: takes the locks of the games it may end (in id order), then
    /// runs it in one transaction like [`Referee::handle`] (request ids included).
    pub(super) async fn handle_tournament(
        &self,
        cmd: &Command,
        ta: &TournamentAction,
    ) -> Result<Vec<Effect>, RefereeError> {
        for _attempt in 0..8 {
            let want = {
                let mut c = self.store.conn().await?;
                games_touched(&mut c, ta, &cmd.user).await.map_err(RefereeError::Store)?
            };
            let mut guards = Vec::new();
            for g in &want {
                guards.push(self.hold(*g).await);
            }
            let mut tx = self.store.begin().await?;
            if let Some(json) = store::request_get(&mut tx, &cmd.request).await? {
                return serde_json::from_str(&json)
                    .map_err(|e| RefereeError::StoredEffects(cmd.request.clone(), e.to_string()));
            }
            // A round may have begun between the read and the lock: then lock again.
            if games_touched(&mut tx, ta, &cmd.user).await? != want {
                continue;
            }
            let now = self.clock.now();
            let mut out = Out::default();
            return match self.apply_tournament(&mut tx, cmd, ta, now, &mut out).await {
                Ok(()) => {
                    let json = serde_json::to_string(&out.effects).expect("effects serialise");
                    store::request_put(&mut tx, &cmd.request, &cmd.user, &json, now).await?;
                    tx.commit().await?;
                    for mut g in guards {
                        g.clear();
                    }
                    Ok(out.effects)
                }
                Err(Fail::Mistake(m)) => {
                    drop(tx);
                    let locale = self.locale_of(&cmd.user, &cmd.server).await?;
                    Err(RefereeError::Rejected { message: m.render(locale), mistake: m })
                }
                Err(Fail::Store(e)) => {
                    drop(tx);
                    for mut g in guards {
                        g.clear();
                    }
                    Err(RefereeError::Store(e))
                }
            };
        }
        Err(RefereeError::Store(corrupt("tournaments", "-", "pairings kept changing while locking")))
    }

    async fn apply_tournament(
        &self,
        tx: &mut SqliteConnection,
        cmd: &Command,
        ta: &TournamentAction,
        now: i64,
        out: &mut Out,
    ) -> Res<()> {
        let user = cmd.user.as_str();
        let server = cmd.server.as_str();
        use TournamentAction as A;
        use TournamentMistake as M;
        match ta {
            A::Create { name, format, rounds, variant, mode, rules, time, round_time, start } => {
                let name = name.trim();
                if name.is_empty() || name.chars().count() > 64 {
                    return Err(M::BadName.into());
                }
                if rounds.is_none() && format.trim().eq_ignore_ascii_case("swiss") {
                    return Err(M::SwissNeedsRounds.into());
                }
                let f = Format::parse(format, *rounds).ok_or_else(|| M::BadFormat(format.clone()))?;
                // Pairings seat two players a board: 4-seat variants (junqi4) have no tournaments.
                let v = Variant::by_name(variant).ok_or_else(|| Mistake::BadVariant(variant.clone()))?;
                if v.seats.len() > 2 {
                    return Err(Mistake::Seats(super::i18n::SeatMistake::FourSeatTournament(v.name.into())).into());
                }
                let m = Mode::parse(mode).ok_or_else(|| Mistake::BadMode(mode.clone()))?;
                let r = RuleOptions::parse(rules).map_err(Mistake::BadOption)?;
                let per_move = time::time_control(time)?;
                let round_secs = time::time_control(round_time)?;
                let start_in = time::time_control(start)?;
                let row = TournamentRow {
                    id: 0,
                    server_id: server.into(),
                    name: name.into(),
                    organiser: user.into(),
                    format: f.as_str().into(),
                    rounds: match f {
                        Format::Swiss { rounds } => Some(rounds as i64),
                        _ => None,
                    },
                    variant: v.name.into(),
                    mode: m.as_str().into(),
                    rules: r.to_string(),
                    per_move,
                    round_time: round_secs,
                    starts_at: start_in.map(|s| time::after(now, s)),
                    status: tstatus::OPEN.into(),
                    round: 0,
                    created_at: now,
                };
                let id = ts::tournament_insert(tx, &row).await?;
                let rules_t = if row.rules.is_empty() { String::new() } else { format!(" {}", row.rules) };
                let game = format!("{} {}{rules_t}", row.variant, row.mode);
                let msg = TournamentMsg::Created { id, name: row.name, format: f, game, starts_at: row.starts_at };
                self.public(tx, server, None, tmsg(msg), out).await
            }
            A::Join(id) | A::Leave(id) => {
                let t = tournament(tx, *id).await?;
                if t.status != tstatus::OPEN {
                    return Err(M::AlreadyStarted(*id).into());
                }
                let join = matches!(ta, A::Join(_));
                if join && !ts::entrant_add(tx, *id, user, now).await? {
                    return Err(M::AlreadyJoined(*id).into());
                }
                if !join && !ts::entrant_remove(tx, *id, user).await? {
                    return Err(M::NotEntered(*id).into());
                }
                let count = ts::entrants_of(tx, *id).await?.len();
                let msg = if join {
                    TournamentMsg::Joined { id: *id, user: user.into(), count }
                } else {
                    TournamentMsg::Left { id: *id, user: user.into(), count }
                };
                self.public(tx, &t.server_id, None, tmsg(msg), out).await
            }
            A::Start(id) => {
                let t = tournament(tx, *id).await?;
                if t.organiser != user {
                    return Err(M::NotOrganiser(*id).into());
                }
                if t.status != tstatus::OPEN {
                    return Err(M::AlreadyStarted(*id).into());
                }
                self.start_tournament(tx, t, now, out).await
            }
            A::Withdraw(id) => {
                let t = tournament(tx, *id).await?;
                if t.status != tstatus::RUNNING {
                    return Err(M::NotRunning(*id).into());
                }
                let mut e = ts::entrants_of(tx, *id)
                    .await?
                    .into_iter()
                    .find(|e| e.user_id == user)
                    .ok_or(M::NotEntered(*id))?;
                if e.withdrawn_round.is_some() {
                    return Err(M::AlreadyWithdrawn(*id).into());
                }
                e.withdrawn_round = Some(t.round);
                ts::entrant_update(tx, &e).await?;
                self.public(tx, &t.server_id, None, tmsg(TournamentMsg::Withdrew { id: *id, user: user.into() }), out)
                    .await?;
                for p in ts::pairings_of(tx, *id).await? {
                    if p.result.is_some() || p.blue.is_none() || (p.red != user && p.blue.as_deref() != Some(user)) {
                        continue;
                    }
                    let result = if p.red == user { BoardResult::RedForfeits } else { BoardResult::BlueForfeits };
                    self.end_board(tx, &t, p, result, now, out).await?;
                }
                self.advance(tx, *id, now, out).await
            }
            A::Standings(id) => {
                let t = tournament(tx, *id).await?;
                let f = format_of(&t)?;
                let st = State::load(tx, *id).await?;
                let done = st.rounds.iter().filter(|r| r.iter().all(Board::done)).count();
                let msg = TournamentMsg::Standings {
                    id: *id,
                    name: t.name.clone(),
                    format: f,
                    round: done,
                    lines: st.lines(f),
                    last: t.status == tstatus::FINISHED,
                    early: false,
                };
                self.private(tx, user, server, None, tmsg(msg), out).await
            }
            A::Adjudicate { tournament: id, game, result } => {
                let t = tournament(tx, *id).await?;
                if t.organiser != user {
                    return Err(M::NotOrganiser(*id).into());
                }
                let r = BoardResult::parse(result.trim()).ok_or_else(|| M::BadResult(result.clone()))?;
                let p = ts::pairing_of_game(tx, *game)
                    .await?
                    .filter(|p| p.tournament_id == *id)
                    .ok_or(M::GameNotInTournament { tournament: *id, game: *game })?;
                if p.result.is_some() {
                    return Err(M::ResultAlreadyIn(*game).into());
                }
                self.end_board(tx, &t, p, r, now, out).await?;
                self.advance(tx, *id, now, out).await
            }
            A::Rating { user: who, variant } => {
                let v = Variant::by_name(variant).ok_or_else(|| Mistake::BadVariant(variant.clone()))?;
                let who = who.clone().unwrap_or_else(|| user.to_string());
                let rating = ts::rating_get(tx, server, v.name, &who).await?.map(|r| (to_rating(&r), r.games));
                let msg = TournamentMsg::RatingOf { user: who, variant: v.name.into(), rating };
                self.private(tx, user, server, None, tmsg(msg), out).await
            }
            A::Leaderboard { variant } => {
                let v = Variant::by_name(variant).ok_or_else(|| Mistake::BadVariant(variant.clone()))?;
                let rows = ts::ratings_top(tx, server, v.name, 10)
                    .await?
                    .into_iter()
                    .map(|r| (r.user_id.clone(), to_rating(&r), r.games))
                    .collect();
                let msg = TournamentMsg::Leaderboard { variant: v.name.into(), rows };
                self.private(tx, user, server, None, tmsg(msg), out).await
            }
            A::Stats { user: who } => {
                let who = who.clone().unwrap_or_else(|| user.to_string());
                let by_mode = ts::user_stats(tx, server, &who).await?;
                self.private(tx, user, server, None, tmsg(TournamentMsg::Stats { user: who, by_mode }), out).await
            }
            A::EarlyResignRule(on) => {
                ts::set_no_early_resign(tx, server, *on).await?;
                self.private(tx, user, server, None, tmsg(TournamentMsg::EarlyResignRule(*on)), out).await
            }
        }
    }

    /// Seeds the entrants (by rating, then joining order) and begins round 1.
    async fn start_tournament(
        &self,
        tx: &mut SqliteConnection,
        mut t: TournamentRow,
        now: i64,
        out: &mut Out,
    ) -> Res<()> {
        let f = format_of(&t)?;
        let mut entrants = ts::entrants_of(tx, t.id).await?;
        let n = entrants.len();
        if n < MIN_PLAYERS {
            return Err(TournamentMistake::TooFewPlayers { tournament: t.id, have: n, min: MIN_PLAYERS }.into());
        }
        if !f.fits(n) {
            let rounds = t.rounds.unwrap_or(0) as usize;
            return Err(TournamentMistake::TooManyRounds { tournament: t.id, rounds, have: n }.into());
        }
        let mut keyed = Vec::new();
        for e in entrants.drain(..) {
            let r = ts::rating_get(tx, &t.server_id, &t.variant, &e.user_id).await?.map_or(1500.0, |r| r.rating);
            keyed.push((r, e));
        }
        keyed.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.seq.cmp(&b.1.seq)));
        for (i, (_, mut e)) in keyed.into_iter().enumerate() {
            e.seed = Some(i as i64 + 1);
            ts::entrant_update(tx, &e).await?;
        }
        t.status = tstatus::RUNNING.into();
        ts::tournament_update(tx, &t).await?;
        self.advance(tx, t.id, now, out).await
    }

    /// Moves a tournament on as far as it can: while the current round is complete (or none has
    /// begun), closes it and begins the next one, or announces the final standings.
    async fn advance(&self, tx: &mut SqliteConnection, id: TournamentId, now: i64, out: &mut Out) -> Res<()> {
        loop {
            let mut t = tournament(tx, id).await?;
            if t.status != tstatus::RUNNING {
                return Ok(());
            }
            let f = format_of(&t)?;
            let st = State::load(tx, id).await?;
            if let Some(current) = st.rounds.last() {
                if !current.iter().all(Board::done) {
                    return Ok(());
                }
                ts::round_finish(tx, id, st.rounds.len() as i64, now).await?;
            }
            let active: Vec<bool> = st.entrants.iter().map(|e| e.withdrawn_round.is_none()).collect();
            let n = st.entrants.len();
            let next = crate::tournament::next_round(f, n, &st.rounds, &active);
            let early = next.is_err();
            let pairs = match next {
                Ok(Some(p)) => p,
                Ok(None) | Err(_) => {
                    t.status = tstatus::FINISHED.into();
                    ts::tournament_update(tx, &t).await?;
                    let msg = TournamentMsg::Standings {
                        id,
                        name: t.name.clone(),
                        format: f,
                        round: st.rounds.len(),
                        lines: st.lines(f),
                        last: true,
                        early,
                    };
                    return self.public(tx, &t.server_id, None, tmsg(msg), out).await;
                }
            };
            if !st.rounds.is_empty() {
                let msg = TournamentMsg::Standings {
                    id,
                    name: t.name.clone(),
                    format: f,
                    round: st.rounds.len(),
                    lines: st.lines(f),
                    last: false,
                    early: false,
                };
                self.public(tx, &t.server_id, None, tmsg(msg), out).await?;
            }
            let round = st.rounds.len() as i64 + 1;
            t.round = round;
            ts::tournament_update(tx, &t).await?;
            let due = t.round_time.map(|s| time::after(now, s));
            ts::round_insert(
                tx,
                &RoundRow { tournament_id: id, round, started_at: now, due_at: due, finished_at: None },
            )
            .await?;
            let mut lines = Vec::new();
            let mut prompts = Vec::new();
            for (i, p) in pairs.iter().enumerate() {
                let red = st.entrants[p.red].user_id.clone();
                let blue = p.blue.map(|b| st.entrants[b].user_id.clone());
                let out_red = !active[p.red];
                let out_blue = p.blue.is_some_and(|b| !active[b]);
                // A withdrawn player's board is a forfeit at once; no game is created.
                let result = match (p.blue, out_red, out_blue) {
                    (None, _, _) => None,
                    (_, true, true) => Some(BoardResult::BothForfeit),
                    (_, true, false) => Some(BoardResult::RedForfeits),
                    (_, false, true) => Some(BoardResult::BlueForfeits),
                    _ => None,
                };
                let game = match (&blue, result) {
                    (Some(b), None) => {
                        let row = GameRow {
                            id: 0,
                            server_id: t.server_id.clone(),
                            variant: t.variant.clone(),
                            mode: t.mode.clone(),
                            rules: t.rules.clone(),
                            per_move: t.per_move,
                            challenger: red.clone(),
                            invited: Some(b.clone()),
                            seats: store::seats::Seats::two(Some(red.clone()), Some(b.clone())),
                            status: status::DEPLOYING.into(),
                            first_seat: 0,
                            draw_offer: None,
                            result: None,
                            rematch_of: None,
                            created_at: now,
                            updated_at: now,
                        };
                        let g = store::game_insert(tx, &row).await?;
                        prompts.push((g, red.clone(), Seat::RED));
                        prompts.push((g, b.clone(), Seat::BLUE));
                        Some(g)
                    }
                    _ => None,
                };
                let board = i as i64 + 1;
                ts::pairing_insert(
                    tx,
                    &PairingRow {
                        tournament_id: id,
                        round,
                        board,
                        red: red.clone(),
                        blue: blue.clone(),
                        game_id: game,
                        result: result.map(|r| r.as_str().to_string()),
                    },
                )
                .await?;
                lines.push(BoardLine { board, red, blue, game, result });
            }
            let of = f.total_rounds(n);
            let msg = TournamentMsg::Round { id, name: t.name.clone(), round: round as usize, of, boards: lines, due };
            self.public(tx, &t.server_id, None, tmsg(msg), out).await?;
            for (g, u, seat) in prompts {
                let v = Variant::by_name(&t.variant).unwrap_or(Variant::junqi());
                let last = store::last_layout_get(tx, &u, v.layout_family())
                    .await?
                    .map(|s| Setup::parse(v, &s).map(|s| s.to_row_string(v)).unwrap_or(s));
                let msg = Msg::DeployPrompt { game: g, seat: super::i18n::SeatName(seat.0), last };
                self.private(tx, &u, &t.server_id, Some(g), msg, out).await?;
            }
            if let Some(at) = due {
                let game = ts::pairings_of(tx, id).await?.iter().rev().find_map(|p| p.game_id).unwrap_or(0);
                out.effects.push(Effect::TimerSet { game, at });
            }
        }
    }

    /// Gives a board a result without its game being played out: the game, if still live, is
    /// stopped (status aborted, timer cancelled) and not rated.
    async fn end_board(
        &self,
        tx: &mut SqliteConnection,
        t: &TournamentRow,
        mut p: PairingRow,
        result: BoardResult,
        now: i64,
        out: &mut Out,
    ) -> Res<()> {
        if let Some(g) = p.game_id
            && let Some(mut row) = store::game_get(tx, g).await?
            && [status::DEPLOYING, status::PLAYING].contains(&row.status.as_str())
        {
            row.status = status::ABORTED.into();
            row.draw_offer = None;
            row.updated_at = now;
            store::game_update(tx, &row).await?;
            if store::deadline_clear(tx, g).await? {
                out.effects.push(Effect::TimerCancel { game: g });
            }
        }
        p.result = Some(result.as_str().into());
        ts::pairing_update(tx, &p).await?;
        let msg = TournamentMsg::BoardResult {
            id: t.id,
            round: p.round,
            board: p.board,
            red: p.red.clone(),
            blue: p.blue.clone().unwrap_or_default(),
            result,
        };
        self.public(tx, &t.server_id, p.game_id, tmsg(msg), out).await
    }

    /// Called when a game ends (in its transaction): rates it, and records it on its tournament
    /// board, moving the tournament on when the round is complete.
    pub(super) async fn on_game_over(
        &self,
        tx: &mut SqliteConnection,
        row: &GameRow,
        over: GameOver,
        now: i64,
        out: &mut Out,
    ) -> Res<()> {
        let plies = u32::try_from(ts::moves_count(tx, row.id).await?).unwrap_or(u32::MAX);
        // Rated: two-seat games (seats 0 and 1, no third), as when they alone had games.red/blue.
        let seats = &row.seats;
        if let (Some(red), Some(blue), None) = (seats.user(0), seats.user(1), seats.user(2)) {
            let (red, blue) = (red.to_string(), blue.to_string());
            if rating::is_rated(plies) {
                let get = async |tx: &mut SqliteConnection, u: &str| -> Res<(Rating, i64)> {
                    Ok(ts::rating_get(tx, &row.server_id, &row.variant, u)
                        .await?
                        .map_or((Rating::default(), 0), |r| (to_rating(&r), r.games)))
                };
                let (a, ag) = get(&mut *tx, &red).await?;
                let (b, bg) = get(&mut *tx, &blue).await?;
                let (na, nb) = rating::update(a, b, over.winner.map(|w| w == Seat::RED.0));
                for (u, r, g) in [(&red, na, ag), (&blue, nb, bg)] {
                    let rr = RatingRow {
                        server_id: row.server_id.clone(),
                        variant: row.variant.clone(),
                        user_id: u.clone(),
                        rating: r.rating,
                        deviation: r.deviation,
                        volatility: r.volatility,
                        games: g + 1,
                        updated_at: now,
                    };
                    ts::rating_put(tx, &rr).await?;
                }
                let changes = vec![(red, a, na), (blue, b, nb)];
                self.public(
                    tx,
                    &row.server_id,
                    Some(row.id),
                    tmsg(TournamentMsg::Rated { game: row.id, changes }),
                    out,
                )
                .await?;
            } else {
                let msg = TournamentMsg::NotRated { game: row.id, plies };
                self.public(tx, &row.server_id, Some(row.id), tmsg(msg), out).await?;
            }
        }
        if let Some(mut p) = ts::pairing_of_game(tx, row.id).await?
            && p.result.is_none()
        {
            let t = tournament(tx, p.tournament_id).await?;
            let result = game_winner(over);
            p.result = Some(result.as_str().into());
            ts::pairing_update(tx, &p).await?;
            let msg = TournamentMsg::BoardResult {
                id: t.id,
                round: p.round,
                board: p.board,
                red: p.red.clone(),
                blue: p.blue.clone().unwrap_or_default(),
                result,
            };
            self.public(tx, &t.server_id, None, tmsg(msg), out).await?;
            self.advance(tx, t.id, now, out).await?;
        }
        Ok(())
    }

    /// Refuses a resignation in the first plies when the server's rule says so.
    pub(super) async fn check_resign(
        &self,
        tx: &mut SqliteConnection,
        server: &str,
        game: GameId,
        ply: u32,
    ) -> Res<()> {
        if ply < MIN_RESIGN_PLIES && ts::no_early_resign(tx, server).await? {
            return Err(TournamentMistake::EarlyResign(game, ply).into());
        }
        Ok(())
    }

    /// Applies what is due for tournaments: starts at their start time (or cancels with too few
    /// entrants), and rounds whose time ran out (unfinished boards adjudicated, next round).
    pub(super) async fn tournament_tick(&self, now: i64) -> Result<Vec<Effect>, RefereeError> {
        let mut effects = Vec::new();
        let starting = ts::tournaments_starting(&mut *self.store.conn().await?, now).await?;
        for t in starting {
            let mut tx = self.store.begin().await?;
            let Some(fresh) = ts::tournament_get(&mut tx, t.id).await? else { continue };
            if fresh.status != tstatus::OPEN {
                continue;
            }
            let mut out = Out::default();
            let at = fresh.starts_at.unwrap_or(now);
            match self.start_tournament(&mut tx, fresh.clone(), at, &mut out).await {
                Ok(()) => {}
                Err(Fail::Store(e)) => return Err(e.into()),
                Err(Fail::Mistake(_)) => {
                    // Too few entrants (or too many rounds for them): the tournament is called off.
                    let mut closed = fresh;
                    closed.status = tstatus::FINISHED.into();
                    ts::tournament_update(&mut tx, &closed).await?;
                    let have = ts::entrants_of(&mut tx, closed.id).await?.len();
                    let msg = tmsg(TournamentMsg::Cancelled { id: closed.id, have });
                    if let Err(Fail::Store(e)) = self.public(&mut tx, &closed.server_id, None, msg, &mut out).await {
                        return Err(e.into());
                    }
                }
            }
            tx.commit().await?;
            effects.extend(out.effects);
        }
        let due = ts::rounds_due(&mut *self.store.conn().await?, now).await?;
        for r in due {
            effects.extend(self.round_time_up(r).await?);
        }
        Ok(effects)
    }

    async fn round_time_up(&self, r: RoundRow) -> Result<Vec<Effect>, RefereeError> {
        let open_games = async |c: &mut SqliteConnection| -> Result<Vec<GameId>, crate::store::StoreError> {
            let mut g: Vec<GameId> = ts::pairings_of(c, r.tournament_id)
                .await?
                .into_iter()
                .filter(|p| p.round == r.round && p.result.is_none())
                .filter_map(|p| p.game_id)
                .collect();
            g.sort_unstable();
            Ok(g)
        };
        for _attempt in 0..8 {
            let want = open_games(&mut *self.store.conn().await?).await?;
            let mut guards = Vec::new();
            for g in &want {
                guards.push(self.hold(*g).await);
            }
            let mut tx = self.store.begin().await?;
            if open_games(&mut *tx).await? != want {
                continue;
            }
            let mut out = Out::default();
            let at = r.due_at.unwrap_or(0);
            match self.adjudicate_round(&mut tx, &r, at, &mut out).await {
                Ok(()) => {}
                Err(Fail::Store(e)) => return Err(e.into()),
                Err(Fail::Mistake(m)) => return Err(RefereeError::Rejected { message: m.to_string(), mistake: m }),
            }
            tx.commit().await?;
            for mut g in guards {
                g.clear();
            }
            return Ok(out.effects);
        }
        Err(RefereeError::Store(corrupt("rounds", r.tournament_id, "pairings kept changing while locking")))
    }

    /// A round's time is up: a game under way is drawn; a game still being deployed goes to the
    /// player who deployed (both forfeit if neither did).
    async fn adjudicate_round(&self, tx: &mut SqliteConnection, r: &RoundRow, at: i64, out: &mut Out) -> Res<()> {
        let t = tournament(tx, r.tournament_id).await?;
        let boards: Vec<PairingRow> = ts::pairings_of(tx, t.id)
            .await?
            .into_iter()
            .filter(|p| p.round == r.round && p.result.is_none() && p.blue.is_some())
            .collect();
        if t.status != tstatus::RUNNING || t.round != r.round {
            ts::round_finish(tx, t.id, r.round, at).await?;
            return Ok(());
        }
        self.public(tx, &t.server_id, None, tmsg(TournamentMsg::RoundTimeUp { id: t.id, round: r.round }), out).await?;
        for p in boards {
            let result = match p.game_id {
                Some(g) => {
                    let row = store::game_get(tx, g).await?.ok_or_else(|| corrupt("pairings", g, "no such game"))?;
                    if row.status == status::DEPLOYING {
                        let deps = store::deployments_get(tx, g).await?;
                        match (deps.iter().any(|d| d.seat == 0), deps.iter().any(|d| d.seat == 1)) {
                            (true, false) => BoardResult::BlueForfeits,
                            (false, true) => BoardResult::RedForfeits,
                            _ => BoardResult::BothForfeit,
                        }
                    } else {
                        BoardResult::Draw
                    }
                }
                None => BoardResult::BothForfeit,
            };
            self.end_board(tx, &t, p, result, at, out).await?;
        }
        self.advance(tx, t.id, at, out).await
    }

    /// The earliest tournament start or round deadline.
    pub(super) async fn tournament_wakeup(&self) -> Result<Option<i64>, RefereeError> {
        Ok(ts::next_wakeup(&mut *self.store.conn().await?).await?)
    }
}

/// The games a tournament command may end, in id order: for a withdrawal the player's unfinished
/// boards, for an adjudication its game.
async fn games_touched(
    c: &mut SqliteConnection,
    ta: &TournamentAction,
    user: &str,
) -> Result<Vec<GameId>, crate::store::StoreError> {
    let mut games = match ta {
        TournamentAction::Withdraw(t) => ts::pairings_of(c, *t)
            .await?
            .into_iter()
            .filter(|p| p.result.is_none() && (p.red == user || p.blue.as_deref() == Some(user)))
            .filter_map(|p| p.game_id)
            .collect(),
        TournamentAction::Adjudicate { game, .. } => vec![*game],
        _ => Vec::new(),
    };
    games.sort_unstable();
    games.dedup();
    Ok(games)
}

async fn tournament(tx: &mut SqliteConnection, id: TournamentId) -> Res<TournamentRow> {
    ts::tournament_get(tx, id).await?.ok_or_else(|| TournamentMistake::Unknown(id).into())
}

fn to_rating(r: &RatingRow) -> Rating {
    Rating { rating: r.rating, deviation: r.deviation, volatility: r.volatility }
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
            let (mut variant, mut mode, mut time) = ("junqi".to_string(), "dark".to_string(), "none".to_string());
            let (mut round_time, mut start) = ("none".to_string(), "none".to_string());
            let mut rules = Vec::new();
            for w in &words[1..] {
                match w.split_once('=') {
                    Some(("format", v)) => format = v.into(),
                    Some(("rounds", v)) => rounds = Some(v.parse().map_err(|_| USAGE)?),
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

/// Reads the rating commands of the local mode: `rating [USER]`, `leaderboard`, `stats [USER]`,
/// `rating-rule early-resign on|off`.
pub fn parse_local_rating(cmd: &str, words: &[&str]) -> Result<Action, &'static str> {
    let who = words.first().map(|w| w.trim_start_matches('@').to_string());
    let ta = match cmd {
        "rating" => TournamentAction::Rating { user: who, variant: "junqi".into() },
        "leaderboard" => TournamentAction::Leaderboard { variant: "junqi".into() },
        "stats" => TournamentAction::Stats { user: who },
        "rating-rule" => match words {
            ["early-resign", "on"] => TournamentAction::EarlyResignRule(true),
            ["early-resign", "off"] => TournamentAction::EarlyResignRule(false),
            _ => return Err("rating-rule early-resign on|off"),
        },
        _ => return Err("rating [USER] | leaderboard | stats [USER] | rating-rule early-resign on|off"),
    };
    Ok(Action::Tournament(ta))
}

/// A tournament as adapters show it: its row, format, the boards of every round and the current
/// standings. Read-only; built from the same rows the referee uses.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentTable {
    /// The tournament's row.
    pub row: TournamentRow,
    /// Its format.
    pub format: Format,
    /// Rounds whose boards all have a result.
    pub rounds_done: usize,
    /// Every board so far, round by round.
    pub pairings: Vec<PairingRow>,
    /// The standings now.
    pub lines: Vec<StandingLine>,
}

impl TournamentTable {
    /// The header of the standings message the referee posts after `round` rounds (`last`: the
    /// final one), in a locale: adapters use it to tell a standings announcement from the others.
    pub fn standings_header(&self, round: usize, last: bool, l: Locale) -> String {
        let msg = TournamentMsg::Standings {
            id: self.row.id,
            name: self.row.name.clone(),
            format: self.format,
            round,
            lines: Vec::new(),
            last,
            early: false,
        };
        Msg::Tournament(msg).render(l)
    }

    /// The header of the announcement of round `round`, in a locale.
    pub fn round_header(&self, round: usize, l: Locale) -> String {
        let n = self.lines.len();
        let msg = TournamentMsg::Round {
            id: self.row.id,
            name: self.row.name.clone(),
            round,
            of: self.format.total_rounds(n),
            boards: Vec::new(),
            due: None,
        };
        Msg::Tournament(msg).render(l)
    }
}

impl Referee {
    /// A tournament's table (None: no such tournament).
    pub async fn tournament_table(&self, id: TournamentId) -> Result<Option<TournamentTable>, RefereeError> {
        let mut c = self.store.conn().await?;
        let Some(row) = ts::tournament_get(&mut c, id).await? else { return Ok(None) };
        let format = format_of(&row).map_err(|e| match e {
            Fail::Store(s) => RefereeError::Store(s),
            Fail::Mistake(m) => RefereeError::Rejected { message: m.to_string(), mistake: m },
        })?;
        let st = State::load(&mut c, id).await.map_err(|e| match e {
            Fail::Store(s) => RefereeError::Store(s),
            Fail::Mistake(m) => RefereeError::Rejected { message: m.to_string(), mistake: m },
        })?;
        let rounds_done = st.rounds.iter().filter(|r| r.iter().all(Board::done)).count();
        let pairings = ts::pairings_of(&mut c, id).await?;
        Ok(Some(TournamentTable { lines: st.lines(format), row, format, rounds_done, pairings }))
    }

    /// The tournament board a game is played on, if any.
    pub async fn tournament_board(&self, game: GameId) -> Result<Option<PairingRow>, RefereeError> {
        Ok(ts::pairing_of_game(&mut *self.store.conn().await?, game).await?)
    }
}
