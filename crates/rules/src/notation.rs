//! Point and move notation (`notation.md`): `c6`, `c6-c7` (also `c6c7`, `c6 c7` on input).

use super::board::{Board, PointId};
use super::game::Move;

/// A point or move that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// Not a point of this board.
    #[error("'{0}' is not a point of this board (files a–e, ranks 1–12, e.g. c6)")]
    UnknownPoint(String),
    /// Not a move.
    #[error("'{0}' is not a move; write from-to, e.g. c6-c7")]
    BadMove(String),
}

/// Reads a point name, case-insensitively.
pub fn parse_point(board: &Board, text: &str) -> Result<PointId, NotationError> {
    board.find(text).ok_or_else(|| NotationError::UnknownPoint(text.trim().to_string()))
}

/// Reads a move: `c6-c7`, `c6c7` or `c6 c7`.
pub fn parse_move(board: &Board, text: &str) -> Result<Move, NotationError> {
    let t = text.trim();
    let parts: Vec<&str> =
        t.split(|c: char| c == '-' || c == '–' || c.is_whitespace()).filter(|s| !s.is_empty()).collect();
    match parts.as_slice() {
        [a, b] => Ok(Move { from: parse_point(board, a)?, to: parse_point(board, b)? }),
        [ab] => {
            // No separator: find the split where both halves are points.
            for (i, _) in ab.char_indices().skip(1) {
                if let (Some(from), Some(to)) = (board.find(&ab[..i]), board.find(&ab[i..])) {
                    return Ok(Move { from, to });
                }
            }
            Err(NotationError::BadMove(t.to_string()))
        }
        _ => Err(NotationError::BadMove(t.to_string())),
    }
}

/// Writes a move with a dash.
pub fn format_move(board: &Board, mv: Move) -> String {
    format!("{}-{}", board.name(mv.from), board.name(mv.to))
}
