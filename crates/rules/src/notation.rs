//! Point and move notation (`notation.md`): `c6`, `c6-c7` (also `c6c7`, `c6 c7` on input).
//!
//! Every reader here runs in time linear in its input, whatever it is given: a separator-less
//! token is split only where both halves can be point names (no name is longer than
//! [`Board::longest_name`]), and errors quote the text cut by [`echo`].

use super::board::{Board, PointId};
use super::echo::echo;
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
    board.find(text).ok_or_else(|| NotationError::UnknownPoint(echo(text)))
}

/// Reads a move: `c6-c7`, `c6c7` or `c6 c7`.
pub fn parse_move(board: &Board, text: &str) -> Result<Move, NotationError> {
    let t = text.trim();
    let bad = || NotationError::BadMove(echo(t));
    let mut parts = t.split(|c: char| c == '-' || c == '–' || c.is_whitespace()).filter(|s| !s.is_empty());
    let (first, second, third) = (parts.next(), parts.next(), parts.next());
    match (first, second, third) {
        (Some(a), Some(b), None) => Ok(Move { from: parse_point(board, a)?, to: parse_point(board, b)? }),
        (Some(ab), None, None) => {
            // No separator: find the split where both halves are points. Only the first
            // `2 × longest name` characters can hold two names, so longer tokens are no move.
            let longest = board.longest_name();
            if ab.chars().nth(2 * longest).is_some() {
                return Err(bad());
            }
            for (i, _) in ab.char_indices().skip(1) {
                if let (Some(from), Some(to)) = (board.find(&ab[..i]), board.find(&ab[i..])) {
                    return Ok(Move { from, to });
                }
            }
            Err(bad())
        }
        _ => Err(bad()),
    }
}

/// Writes a move with a dash.
pub fn format_move(board: &Board, mv: Move) -> String {
    format!("{}-{}", board.name(mv.from), board.name(mv.to))
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::{NotationError, parse_move};
    use crate::board::FIND_BYTES;
    use crate::echo::ECHO_CHARS;
    use crate::junqi_board;

    #[test]
    fn moves_in_every_form() {
        let b = junqi_board::build();
        let m = parse_move(&b, "c6-c7").unwrap();
        assert_eq!(parse_move(&b, "c6c7"), Ok(m));
        assert_eq!(parse_move(&b, " C6 c7 "), Ok(m));
        assert_eq!(parse_move(&b, "c6–c7"), Ok(m));
        assert!(matches!(parse_move(&b, "c6-c7-c8"), Err(NotationError::BadMove(_))));
        assert!(matches!(parse_move(&b, "c6-z9"), Err(NotationError::UnknownPoint(p)) if p == "z9"));
    }

    /// The bytes looked up while reading `text` as a move.
    fn work(b: &crate::board::Board, text: &str) -> usize {
        FIND_BYTES.with(|c| c.set(0));
        let _ = parse_move(b, text);
        FIND_BYTES.with(|c| c.get())
    }

    /// What any text may cost: at most `2 × longest` splits of a separator-less token, two
    /// lookups of at most `longest` characters (4 bytes each) per split; for two parts, two.
    fn bound(b: &crate::board::Board) -> usize {
        let l = b.longest_name();
        2 * l * 2 * 4 * l
    }

    #[test]
    fn reading_costs_the_same_at_any_length() {
        let b = junqi_board::build();
        for n in [10, 1_000, 100_000] {
            for unit in ["司", "c6", "c", "6", "c6-", "a-", " c6"] {
                let text = unit.repeat(n);
                assert!(work(&b, &text) <= bound(&b), "{unit} × {n}: {}", work(&b, &text));
            }
        }
    }

    proptest! {
        #[test]
        fn any_text_costs_a_bounded_lookup(
            head in "[a-eA-E0-9司. -]{0,12}",
            unit in "[a-e0-9司令.–-]{1,3}",
            times in 0usize..5_000,
        ) {
            let b = junqi_board::build();
            let text = format!("{head}{}", unit.repeat(times));
            prop_assert!(work(&b, &text) <= bound(&b));
        }
    }

    #[test]
    fn long_tokens_are_refused_with_a_short_quote() {
        let b = junqi_board::build();
        for long in ["司".repeat(10_000), "c6".repeat(50_000), format!("{}-c7", "a".repeat(100_000))] {
            let quoted = match parse_move(&b, &long) {
                Err(NotationError::BadMove(q) | NotationError::UnknownPoint(q)) => q,
                other => panic!("{other:?}"),
            };
            assert_eq!(quoted.chars().count(), ECHO_CHARS, "{quoted}");
            assert!(quoted.ends_with('…'));
        }
    }
}
