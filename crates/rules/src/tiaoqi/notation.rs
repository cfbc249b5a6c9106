//! Moves as players and records write them (spec §7, §10.2, §10.10): points joined by `-` (or
//! spaces when typed), any case; a start and an end alone stand for the shortest chain; `--` is a
//! pass.

use crate::contract::{Explained, Unreadable};

use super::board::{self, Pt};
use super::movegen::{Gen, Move, Path};

fn unreadable(text: &str) -> Unreadable {
    Unreadable::new(
        text,
        Explained::new(
            "write a move as points joined by dashes: a step m3-l4, hops l2-j4-n4 (or start and end, l2-n4); -- to pass",
            "请用连字符连接各点写走法：一步如 m3-l4，跳如 l2-j4-n4（也可只写起点和终点 l2-n4）；无棋可走写 --",
        ),
    )
}

/// The points of a written move, or `None` when a part names no point (or the text is longer
/// than any move, [`crate::echo::MAX_ACTION_BYTES`]).
pub fn points(text: &str) -> Option<Vec<Pt>> {
    if text.len() > crate::echo::MAX_ACTION_BYTES {
        return None;
    }
    let parts: Vec<&str> = text.trim().split(|c: char| c == '-' || c.is_whitespace()).collect();
    if parts.len() < 2 {
        return None;
    }
    parts.into_iter().map(board::parse).collect()
}

/// Reads a move for the seat of `moves`: a start and an end that are not neighbours become the
/// shortest chain between them (or stay as written, for the rules to refuse precisely).
pub fn read(moves: &Gen<'_>, text: &str) -> Result<Move, Unreadable> {
    if text.trim() == "--" {
        return Ok(Move::Pass);
    }
    let pts = points(text).ok_or_else(|| unreadable(text))?;
    let (from, to) = (pts[0], pts[pts.len() - 1]);
    if pts.len() == 2
        && !board::adjacent(from, to)
        && let Some(p) = moves.route(from, to)
    {
        return Ok(Move::Path(p));
    }
    Path::new(&pts).map(Move::Path).ok_or_else(|| unreadable(text))
}
