//! Movement in 二十一世紀海軍棋 (`rules-haijun.md` §9 "Moving", §10.11–12): one step in any of
//! the eight directions for every piece but the 水雷 (which never moves) and the aircraft (which
//! only fly along one air lane, any distance, over any pieces); the 軍旗 steps only onto empty
//! points; nothing in an HQ can be attacked except the 軍旗.

use crate::board::{Board, PointId};
use crate::piece::PieceKind;
use crate::seat::Seat;

use super::board::lane_rays;
use super::pieces::{is_aircraft, kinds};

/// How a move travels.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// One step to one of the eight neighbours.
    Step,
    /// A flight along an air lane, this many points.
    Flight(u8),
}

/// Whether a piece of `seat` may attack what stands on `to`: an enemy, and in an HQ only the
/// enemy 軍旗 (§10.12).
pub fn attackable(board: &Board, seat: Seat, to: PointId, there: (Seat, PieceKind)) -> bool {
    there.0 != seat && (!board.is_headquarters(to) || there.1 == kinds::FLAG)
}

/// Whether a piece of `seat` and `kind` may end its move on `to`, given what stands there.
pub fn may_enter(board: &Board, seat: Seat, kind: PieceKind, to: PointId, there: Option<(Seat, PieceKind)>) -> bool {
    match there {
        None => true,
        Some(x) => kind != kinds::FLAG && attackable(board, seat, to, x),
    }
}

/// Every destination of the piece on `from` (its owner and kind given), with how it gets there;
/// `at` tells what stands on a point.
pub fn destinations(
    board: &Board,
    from: PointId,
    seat: Seat,
    kind: PieceKind,
    at: impl Fn(PointId) -> Option<(Seat, PieceKind)>,
) -> Vec<(PointId, MoveKind)> {
    let mut out = Vec::new();
    if kind == kinds::MINE {
        return out;
    }
    if is_aircraft(kind) {
        for ray in lane_rays(from) {
            for (i, &to) in ray.iter().enumerate() {
                if may_enter(board, seat, kind, to, at(to)) {
                    out.push((to, MoveKind::Flight(i as u8 + 1)));
                }
            }
        }
        return out;
    }
    for &(to, _) in board.neighbours(from) {
        if may_enter(board, seat, kind, to, at(to)) {
            out.push((to, MoveKind::Step));
        }
    }
    out
}
