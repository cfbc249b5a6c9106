//! Movement (`rules-haijun.md` §4, §10.5): one branch-line link, or 1–3 points along one
//! straight red line through empty points without turning; never onto an own piece; a piece in a
//! safe camp cannot be attacked unless it is the 旗舰; the 水雷 never moves.

use crate::board::{Board, LinkKind, PointId};
use crate::piece::PieceKind;
use crate::seat::Seat;

use super::pieces::{def_of, kinds};

/// The longest red-line move, in links (seed: "可延紅線一到三格").
pub const MAX_RED_LINE: usize = 3;

/// How a move travels.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// One branch link (orthogonal or camp diagonal).
    Branch,
    /// Along one straight red line, this many links (1–3).
    RedLine(u8),
}

/// Whether a piece of `seat` may move onto `to`, given what stands there: empty, or an enemy
/// that is not sheltered by a camp (a camp shelters everything but the 旗舰, §4).
pub fn may_enter(board: &Board, seat: Seat, to: PointId, there: Option<(Seat, PieceKind)>) -> bool {
    match there {
        None => true,
        Some((owner, kind)) => owner != seat && (!board.is_camp(to) || kind == kinds::FLAGSHIP),
    }
}

/// Every destination of the piece standing on `from` (its owner and kind given), with how it
/// gets there; `at` tells what stands on a point. A destination reachable both by a branch link
/// and along a red line is listed once, as the branch step (the move is the same).
pub fn destinations(
    board: &Board,
    from: PointId,
    seat: Seat,
    kind: PieceKind,
    at: impl Fn(PointId) -> Option<(Seat, PieceKind)>,
) -> Vec<(PointId, MoveKind)> {
    let mut out: Vec<(PointId, MoveKind)> = Vec::new();
    if !def_of(kind).moves() {
        return out;
    }
    for &(to, link) in board.neighbours(from) {
        if link == LinkKind::Road && may_enter(board, seat, to, at(to)) {
            out.push((to, MoveKind::Branch));
        }
    }
    for ray in board.rays(from) {
        for (i, &to) in ray.iter().take(MAX_RED_LINE).enumerate() {
            let there = at(to);
            if may_enter(board, seat, to, there) && !out.iter().any(|&(p, _)| p == to) {
                out.push((to, MoveKind::RedLine(i as u8 + 1)));
            }
            if there.is_some() {
                break;
            }
        }
    }
    out
}
