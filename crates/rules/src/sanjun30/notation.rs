//! Notation for `sanjun30` (`rules-sanjun30.md` §8): every move — step, ride, gallop, landing,
//! strike, launch, flight — is `<from>-<to>`; the piece on `<from>` tells its kind.

use crate::game::Move;

use super::board::Sanjun30Board;

/// The variant's tag in records.
pub const TAG: &str = "sanjun30";

/// `g8-g9`.
pub fn format_move(board: &Sanjun30Board, mv: Move) -> String {
    format!("{}-{}", board.board.name(mv.from), board.board.name(mv.to))
}

/// Reads `g8-g9` (case-insensitive, spaces allowed around the dash).
pub fn parse_move(board: &Sanjun30Board, text: &str) -> Option<Move> {
    let (a, b) = text.split_once('-')?;
    Some(Move { from: board.board.find(a.trim())?, to: board.board.find(b.trim())? })
}
