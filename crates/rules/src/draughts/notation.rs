//! Square names and move text (spec §2, §8) and FEN positions (spec §9, PDN 3.0).
//!
//! Records write numeric squares (`11-15`, `15x22`, `1x10x19`); players may also type algebraic
//! names (`c3-d4`, `c3d4`, `d4xf6`), `-`, `x` and PDN's `:` being interchangeable on input.

use super::board::{Colour, Variant};
use super::position::{Piece, Position};

/// The numeric name of a square index (`15`).
pub fn number(sq: u8) -> String {
    (u16::from(sq) + 1).to_string()
}

/// Reads a square as numeric (zero padding allowed, as PDN readers accept) or algebraic.
pub fn parse_square(v: Variant, text: &str) -> Option<u8> {
    let t = text.trim();
    if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
        let n: usize = t.parse().ok()?;
        return (1..=v.squares()).contains(&n).then(|| (n - 1) as u8);
    }
    v.geometry().parse_algebraic(t)
}

/// Reads a move's squares: from, any squares along the way, to. `None` for text that is not a
/// list of at least two squares (or longer than any move, [`crate::echo::MAX_ACTION_BYTES`]).
pub fn parse_squares(v: Variant, text: &str) -> Option<Vec<u8>> {
    if text.len() > crate::echo::MAX_ACTION_BYTES {
        return None;
    }
    let t = text.trim().to_ascii_lowercase();
    let parts: Vec<&str> =
        if t.contains(['-', 'x', ':']) { t.split(['-', 'x', ':']).collect() } else { split_algebraic(&t)? };
    if parts.len() < 2 {
        return None;
    }
    parts.into_iter().map(|p| parse_square(v, p)).collect()
}

/// Splits `c3d4` into `c3`, `d4`.
fn split_algebraic(t: &str) -> Option<Vec<&str>> {
    let bytes = t.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let start = i;
        if !bytes[i].is_ascii_lowercase() {
            return None;
        }
        i += 1;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        if i == start + 1 {
            return None;
        }
        out.push(&t[start..i]);
    }
    Some(out)
}

/// Writes a move numerically: `from-to` without capture; with one, `fromxto` or the whole path.
pub fn write_path(path: &[u8], capture: bool, full: bool) -> String {
    let sep = if capture { "x" } else { "-" };
    let squares: Vec<String> = if full || path.len() < 2 {
        path.iter().map(|&s| number(s)).collect()
    } else {
        vec![number(path[0]), number(*path.last().expect("two squares"))]
    };
    squares.join(sep)
}

/// The algebraic form of a path, for messages: `c3-d4`, `d4xf6`.
pub fn algebraic_path(v: Variant, path: &[u8], capture: bool) -> String {
    let g = v.geometry();
    let sep = if capture { "x" } else { "-" };
    path.iter().map(|&s| g.algebraic(s)).collect::<Vec<_>>().join(sep)
}

/// Writes a position as a PDN FEN: side to move, then White's and Black's squares as lists,
/// `K` before a king (`W:W31,32,K10:B1,5`).
pub fn write_fen(pos: &Position) -> String {
    let side = |c: Colour| {
        let squares: Vec<String> =
            pos.pieces(c).map(|(s, p)| format!("{}{}", if p.king { "K" } else { "" }, number(s))).collect();
        format!("{}{}", c.letter(), squares.join(","))
    };
    format!("{}:{}:{}", pos.to_move.letter(), side(Colour::White), side(Colour::Black))
}

/// Reads a PDN FEN liberally: ranges (`1-12`), spaces, a final full stop, either colour's list
/// first, empty lists. The error says what is wrong.
pub fn parse_fen(v: Variant, text: &str) -> Result<Position, String> {
    let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let t = t.trim_end_matches('.');
    let mut sections = t.split(':');
    let to_move = match sections.next().map(str::to_ascii_uppercase).as_deref() {
        Some("W") => Colour::White,
        Some("B") => Colour::Black,
        _ => return Err(format!("FEN '{text}' must start with the side to move, W or B")),
    };
    let mut pos = Position::empty(v, to_move);
    for section in sections {
        let mut chars = section.chars();
        let colour = match chars.next().map(|c| c.to_ascii_uppercase()) {
            Some('W') => Colour::White,
            Some('B') => Colour::Black,
            _ => return Err(format!("FEN section '{section}' must start with W or B")),
        };
        for item in chars.as_str().split(',').filter(|s| !s.is_empty()) {
            let (king, squares) = match item.strip_prefix(['K', 'k']) {
                Some(rest) => (true, rest),
                None => (false, item),
            };
            let bad = || format!("FEN square '{item}' is not a square of this board (1-{})", v.squares());
            let (a, b) = match squares.split_once('-') {
                Some((a, b)) => (parse_square(v, a).ok_or_else(bad)?, parse_square(v, b).ok_or_else(bad)?),
                None => {
                    let s = parse_square(v, squares).ok_or_else(bad)?;
                    (s, s)
                }
            };
            for sq in a.min(b)..=a.max(b) {
                if pos.at(sq).is_some() {
                    return Err(format!("FEN names square {} twice", number(sq)));
                }
                pos.cells[usize::from(sq)] = Some(Piece { colour, king });
            }
        }
    }
    Ok(pos)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_read_in_every_spelling() {
        let v = Variant::English;
        for t in ["11-15", "11x15", "11:15", "c3-d4", "c3d4", "C3xD4", "011-015"] {
            assert_eq!(parse_squares(v, t), Some(vec![10, 14]), "{t}");
        }
        assert_eq!(parse_squares(v, "1x10x19"), Some(vec![0, 9, 18]));
        assert_eq!(parse_squares(v, "11"), None);
        assert_eq!(parse_squares(v, "33-29"), None);
        assert_eq!(parse_squares(v, "zz"), None);
    }

    #[test]
    fn fen_round_trips() {
        let v = Variant::International;
        let p = parse_fen(v, "W:W31,32,K10:B1,5").unwrap();
        assert_eq!(write_fen(&p), "W:WK10,31,32:B1,5");
        assert_eq!(parse_fen(v, &write_fen(&p)), Ok(p));
        let start = Position::start(Variant::English);
        assert_eq!(parse_fen(Variant::English, "B:W21-32:B1-12."), Ok(start));
        assert!(parse_fen(v, "X:W1").is_err());
        assert!(parse_fen(v, "W:W51").is_err());
        assert!(parse_fen(v, "W:W1:B1").is_err());
    }
}
