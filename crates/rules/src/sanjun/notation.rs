//! Notation for `sanjun` (`rules-sanjun.md` §8): every move is `<from>-<to>`; the piece on
//! `<from>` tells its kind. Outcome marks (`{b}`, `{r}`, `{s}`) are the core `Outcome`'s.

use crate::game::Move;

use super::board::SanjunBoard;

/// The variant's tag in records.
pub const TAG: &str = "sanjun";

/// `g8-g9`.
pub fn format_move(board: &SanjunBoard, mv: Move) -> String {
    format!("{}-{}", board.board.name(mv.from), board.board.name(mv.to))
}

/// Reads `g8-g9` (case-insensitive, spaces allowed around the dash).
pub fn parse_move(board: &SanjunBoard, text: &str) -> Option<Move> {
    let (a, b) = text.split_once('-')?;
    Some(Move { from: board.board.find(a)?, to: board.board.find(b)? })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_read_back() {
        let b = SanjunBoard::get();
        let mv = parse_move(b, "G8 - g9").unwrap();
        assert_eq!(format_move(b, mv), "g8-g9");
        assert_eq!(parse_move(b, "h13-h14"), None, "h13 is not a point");
    }
}
