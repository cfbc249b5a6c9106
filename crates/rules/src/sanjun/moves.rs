//! Movement (`rules-sanjun.md` §4 and §10.1–§10.8): which moves a piece has, by its class and the
//! link kinds it may use. A move is `from`–`to`; the piece on `from` and the link between the two
//! points tell what kind of move it is ([`kind_of`]).

use crate::board::{LinkKind, PointId};
use crate::game::Move;
use crate::options::BombFlag;
use crate::piece::{Piece, PieceKind};
use crate::seat::Seat;

use super::board::{SanjunBoard, Station};
use super::combat::resolve;
use super::options::SanjunOptions;
use super::pieces::{Service, can_land, def_of, kinds};

/// What kind of move a legal move is (for announcements and for what a move proves, §6).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// One road or coastline link.
    Road,
    /// Along railway and bridge links.
    Rail,
    /// One sea lane.
    Sea,
    /// Along a landing link, ashore or back to sea.
    Landing,
    /// An arrow strike: the striker stays where it is.
    Strike,
    /// A flight along one air lane.
    Flight,
}

/// The occupant of every point, indexed by point.
pub type Cells = [Option<Piece>];

/// What a piece may do on entering `to`: `Some(false)` it is empty, `Some(true)` an attack on an
/// enemy, `None` an own piece stands there.
fn entry(cells: &Cells, seat: Seat, to: PointId) -> Option<bool> {
    match cells[to.index()] {
        None => Some(false),
        Some(p) if p.seat != seat => Some(true),
        Some(_) => None,
    }
}

/// Pushes the move if the destination is empty, or holds an enemy the table lets this piece
/// fight (and `bomb-flag` allows it).
fn push(cells: &Cells, opts: &SanjunOptions, piece: Piece, from: PointId, to: PointId, out: &mut Vec<Move>) {
    match entry(cells, piece.seat, to) {
        Some(false) => out.push(Move { from, to }),
        Some(true) => {
            let def = cells[to.index()].expect("an attack has a defender").kind;
            let forbidden = piece.kind == kinds::BOMB && def == kinds::FLAG && opts.bomb_flag == BombFlag::Forbidden;
            if !forbidden && resolve(piece.kind, def, opts.mines).is_some() {
                out.push(Move { from, to });
            }
        }
        None => {}
    }
}

/// Every legal move of the piece on `from` (none if the point is empty), appended to `out`
/// without duplicates.
pub fn moves_from(board: &SanjunBoard, cells: &Cells, opts: &SanjunOptions, from: PointId, out: &mut Vec<Move>) {
    let Some(piece) = cells[from.index()] else { return };
    let start = out.len();
    let st = board.station(from);
    // §10.6: with hq-exit off nothing in any headquarters moves, attacks included.
    if st == Station::Headquarters && !opts.hq_exit {
        return;
    }
    let service = def_of(piece.kind).service;
    match piece.kind {
        kinds::FLAG | kinds::MINE => {}
        kinds::BATTERY => {
            // A battery strikes a ship on the sea end of its double arrow.
            for &(q, k) in board.board.neighbours(from) {
                let ship = cells[q.index()].is_some_and(|d| def_of(d.kind).service == Service::Navy);
                if k == (LinkKind::Arrow { both_ways: true }) && ship && entry(cells, piece.seat, q) == Some(true) {
                    push(cells, opts, piece, from, q, out);
                }
            }
        }
        _ if service == Service::Air => flights(board, cells, opts, piece, from, out),
        _ if service == Service::Navy => {
            for &(q, k) in board.board.neighbours(from) {
                let ok = match k {
                    // Ships sail the sea lanes; landed ones only walk the coastline.
                    LinkKind::SeaLane => true,
                    LinkKind::Coast => st.is_land(),
                    LinkKind::Landing => can_land(piece.kind),
                    // A gunboat at sea strikes any enemy on the land or bridge end of any arrow.
                    LinkKind::Arrow { .. } => {
                        piece.kind == kinds::GUNBOAT
                            && st == Station::Naval
                            && entry(cells, piece.seat, q) == Some(true)
                    }
                    _ => false,
                };
                if ok {
                    push(cells, opts, piece, from, q, out);
                }
            }
        }
        _ => {
            for &(q, k) in board.board.neighbours(from) {
                if matches!(k, LinkKind::Road | LinkKind::Coast) {
                    push(cells, opts, piece, from, q, out);
                }
            }
            if piece.kind == kinds::ENGINEER {
                engineer_rides(board, cells, opts, piece, from, out);
            } else {
                rides(board, cells, opts, piece, from, out);
            }
        }
    }
    let mut added = out.split_off(start);
    added.sort();
    added.dedup();
    out.extend(added);
}

/// A non-engineer on the railway and bridge: one or two links along the loop (the middle point
/// empty), or one link along a diamond edge; never a turn at a diamond corner (§10.4).
fn rides(board: &SanjunBoard, cells: &Cells, opts: &SanjunOptions, piece: Piece, from: PointId, out: &mut Vec<Move>) {
    let lp = board.rail_loop();
    let n = lp.len();
    if let Some(i) = lp.iter().position(|&p| p == from) {
        for d in [1, n - 1] {
            let q1 = lp[(i + d) % n];
            push(cells, opts, piece, from, q1, out);
            if cells[q1.index()].is_none() {
                push(cells, opts, piece, from, lp[(i + 2 * d) % n], out);
            }
        }
    }
    for &(a, b) in board.diamond() {
        if a == from {
            push(cells, opts, piece, from, b, out);
        } else if b == from {
            push(cells, opts, piece, from, a, out);
        }
    }
}

/// An engineer: any path of railway and bridge links through empty points, ending on an empty
/// point or on the first enemy met (§10.5).
fn engineer_rides(
    board: &SanjunBoard,
    cells: &Cells,
    opts: &SanjunOptions,
    piece: Piece,
    from: PointId,
    out: &mut Vec<Move>,
) {
    let mut seen = crate::bitset::PointSet::EMPTY;
    seen.insert(from);
    let mut frontier = vec![from];
    while let Some(p) = frontier.pop() {
        for &(q, k) in board.board.neighbours(p) {
            if !k.is_rail() || !seen.insert(q) {
                continue;
            }
            match entry(cells, piece.seat, q) {
                Some(false) => {
                    out.push(Move { from, to: q });
                    frontier.push(q);
                }
                Some(true) => push(cells, opts, piece, from, q, out),
                None => {}
            }
        }
    }
}

/// Whether an aircraft of `seat` may end a flight on `to` (§10.2, §10.3): an empty air stop (an
/// airport only its owner's), or an enemy on a stop that is not protected.
fn landing_ok(board: &SanjunBoard, cells: &Cells, seat: Seat, to: PointId) -> bool {
    let st = board.station(to);
    match cells[to.index()] {
        None => st != Station::Airport || board.board.point(to).owner == Some(seat),
        Some(p) => p.seat != seat && !st.is_protected(),
    }
}

/// Flights: along one lane, one direction, any distance, over any pieces (§4 "Flight").
fn flights(board: &SanjunBoard, cells: &Cells, opts: &SanjunOptions, piece: Piece, from: PointId, out: &mut Vec<Move>) {
    for lane in board.lanes() {
        let Some(i) = lane.stops.iter().position(|&p| p == from) else { continue };
        let forward = lane.stops[i + 1..].iter();
        let backward = lane.stops[..i].iter().rev();
        for &q in forward.chain(backward) {
            if landing_ok(board, cells, piece.seat, q) {
                push(cells, opts, piece, from, q, out);
            }
        }
    }
}

/// The stops strictly between the two ends of a flight, in the direction of flight; `None` if no
/// lane holds both points.
pub fn flight_path(board: &SanjunBoard, from: PointId, to: PointId) -> Option<Vec<PointId>> {
    board.lanes().iter().find_map(|lane| {
        let i = lane.stops.iter().position(|&p| p == from)?;
        let j = lane.stops.iter().position(|&p| p == to)?;
        Some(if i < j { lane.stops[i + 1..j].to_vec() } else { lane.stops[j + 1..i].iter().rev().copied().collect() })
    })
}

/// What kind of move `mv` is for a piece of kind `kind` (the move is assumed legal).
pub fn kind_of(board: &SanjunBoard, kind: PieceKind, mv: Move) -> MoveKind {
    let service = def_of(kind).service;
    if service == Service::Air {
        return MoveKind::Flight;
    }
    let links: Vec<LinkKind> =
        board.board.neighbours(mv.from).iter().filter(|&&(q, _)| q == mv.to).map(|&(_, k)| k).collect();
    let has = |f: fn(&LinkKind) -> bool| links.iter().any(f);
    if kind == kinds::BATTERY || (kind == kinds::GUNBOAT && has(|k| matches!(k, LinkKind::Arrow { .. }))) {
        MoveKind::Strike
    } else if has(|k| matches!(k, LinkKind::Road | LinkKind::Coast)) {
        MoveKind::Road
    } else if has(|k| *k == LinkKind::SeaLane) {
        MoveKind::Sea
    } else if has(|k| *k == LinkKind::Landing) {
        MoveKind::Landing
    } else {
        MoveKind::Rail
    }
}

/// Every legal move of `seat`, in point order.
pub fn legal_moves(board: &SanjunBoard, cells: &Cells, opts: &SanjunOptions, seat: Seat) -> Vec<Move> {
    let mut out = Vec::new();
    for p in board.board.point_ids() {
        if cells[p.index()].is_some_and(|c| c.seat == seat) {
            moves_from(board, cells, opts, p, &mut out);
        }
    }
    out
}

/// Whether `seat` has any legal move (strikes count, §10.14).
pub fn has_legal_move(board: &SanjunBoard, cells: &Cells, opts: &SanjunOptions, seat: Seat) -> bool {
    let mut out = Vec::new();
    board.board.point_ids().any(|p| {
        cells[p.index()].is_some_and(|c| c.seat == seat) && {
            out.clear();
            moves_from(board, cells, opts, p, &mut out);
            !out.is_empty()
        }
    })
}
