//! Tournament and rating messages as data: standings lines, boards and every announcement.

use super::TournamentId;
use crate::referee::{GameId, Msg};
use crate::tournament::{BoardResult, Format, Rating};

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
        /// The kind its games are of (their seats' names, and whether they deploy).
        variant: String,
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
        /// Rounds complete, or the round under way when `playing`.
        round: usize,
        /// `round` is under way (some of its boards have no result yet): a standings query
        /// during a round says so rather than "after round N-1" beside round N's results.
        playing: bool,
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
    /// A game against the bot: never rated (issue 17).
    NotRatedBot {
        /// Game.
        game: GameId,
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

pub(super) fn tmsg(m: TournamentMsg) -> Msg {
    Msg::Tournament(m)
}
