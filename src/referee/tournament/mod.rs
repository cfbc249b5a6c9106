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

#[cfg(doc)]
use super::Referee;

mod action;
mod commands;
mod mistake;
mod msg;
mod msg_text;
mod results;
mod rounds;
mod state;
mod table;
mod tick;

pub use action::{TournamentAction, parse_local, parse_local_rating};
pub use mistake::TournamentMistake;
pub use msg::{BoardLine, StandingLine, TournamentMsg};
pub use table::TournamentTable;

/// A tournament's id.
pub type TournamentId = i64;
