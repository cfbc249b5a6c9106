//! Movement (`rules-sanjun30.md` §4, §11.2–§11.10): which moves a piece has, by its class and
//! the link kinds it may use. A move is `from`–`to`; the piece on `from`, the piece on `to` and
//! the links between the two points tell what kind of move it is ([`kind_of`]).
//!
//! The generator has a second use: with [`Check::Geometry`] it ignores the combat table (any
//! enemy may be attacked), which is what a move proves about a hidden mover (§6): the kinds that
//! could have made it on the public board.

use crate::board::{LinkKind, PointId};
use crate::game::Move;
use crate::options::BombFlag;
use crate::piece::{Piece, PieceKind};
use crate::seat::Seat;

use super::board::{Sanjun30Board, Station};
use super::combat::resolve;
use super::options::Sanjun30Options;
use super::pieces::{Service, can_land, def_of, is_air, is_ship, kinds};

/// What kind of move a legal move is (announcements, and what a move proves, §6).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// One road or coastline link.
    Road,
    /// The 骑兵's two road links.
    Gallop,
    /// 1–3 links (工兵: any number) along one rail line.
    Rail,
    /// One sea lane.
    Sea,
    /// Along a landing link, ashore or back to sea.
    Landing,
    /// A strike (炮垒, 炮舰): the striker stays where it is.
    Strike,
    /// A 飞弹 launched along an air lane.
    Launch,
    /// A flight along one air lane.
    Flight,
}

/// Whether the table is consulted for attacks.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Check {
    /// Legal moves: an attack needs a table cell other than `.`.
    Table,
    /// What the public board allows: any enemy may be attacked (hidden kinds are not used).
    Geometry,
}

/// The occupant of every point, indexed by point.
pub type Cells = [Option<Piece>];

/// The move generator's context.
struct Gen<'a> {
    board: &'a Sanjun30Board,
    cells: &'a Cells,
    opts: &'a Sanjun30Options,
    piece: Piece,
    from: PointId,
    check: Check,
}

impl Gen<'_> {
    /// `Some(false)` empty, `Some(true)` an enemy, `None` an own piece.
    fn entry(&self, to: PointId) -> Option<bool> {
        match self.cells[to.index()] {
            None => Some(false),
            Some(p) if p.seat != self.piece.seat => Some(true),
            Some(_) => None,
        }
    }

    /// Whether the mover may end a move on `to` (empty or attacking): protections, the missile's
    /// gate rule, `bomb-flag` and the table.
    fn may_enter(&self, to: PointId) -> bool {
        let b = self.board;
        let kind = self.piece.kind;
        // §11.7: a missile never ends a move on an enemy gate, empty or occupied.
        if kind == kinds::MISSILE && b.station(to) == Station::Gate && b.board.point(to).owner != Some(self.piece.seat)
        {
            return false;
        }
        let Some(d) = self.cells[to.index()] else { return true };
        if d.seat == self.piece.seat {
            return false;
        }
        // Airports and high-altitude stops: nothing attacks a piece there.
        if b.station(to).is_protected() {
            return false;
        }
        // §11.6: a piece in its own side's camp is attacked only by aircraft and the 飞弹.
        if b.camp_owner(to) == Some(d.seat) && !(is_air(kind) || kind == kinds::MISSILE) {
            return false;
        }
        if kind == kinds::BOMB && d.kind == kinds::FLAG && self.opts.bomb_flag == BombFlag::Forbidden {
            return false;
        }
        self.check == Check::Geometry || resolve(kind, d.kind, self.opts.mines).is_some()
    }

    fn push(&self, to: PointId, out: &mut Vec<Move>) {
        if to != self.from && self.may_enter(to) {
            out.push(Move { from: self.from, to });
        }
    }

    /// Road and coastline steps, the 骑兵's gallop and rail rides: every land piece's moves.
    fn land(&self, out: &mut Vec<Move>) {
        let b = self.board;
        for &(q, k) in b.board.neighbours(self.from) {
            if !matches!(k, LinkKind::Road | LinkKind::Coast) {
                continue;
            }
            self.push(q, out);
            // §11.5: two road or coastline links over an empty middle point, not a bridgehead.
            if self.piece.kind == kinds::CAVALRY
                && self.cells[q.index()].is_none()
                && b.station(q) != Station::Bridgehead
            {
                for &(r, k2) in b.board.neighbours(q) {
                    if matches!(k2, LinkKind::Road | LinkKind::Coast) {
                        self.push(r, out);
                    }
                }
            }
        }
        // §11.2–§11.4: along one line, one direction, through empty points, never through a
        // bridgehead; 1–3 links, the 工兵 any number.
        let range = if self.piece.kind == kinds::ENGINEER { usize::MAX } else { 3 };
        for line in b.rail_lines() {
            let Some(i) = line.iter().position(|&p| p == self.from) else { continue };
            self.ride(line[i + 1..].iter(), range, out);
            self.ride(line[..i].iter().rev(), range, out);
        }
    }

    /// One direction of a rail line: up to `range` links through empty points, ending on the
    /// first enemy met, stopping at a bridgehead.
    fn ride<'p>(&self, points: impl Iterator<Item = &'p PointId>, range: usize, out: &mut Vec<Move>) {
        for &q in points.take(range) {
            match self.entry(q) {
                Some(false) => self.push(q, out),
                Some(true) => {
                    self.push(q, out);
                    return;
                }
                None => return,
            }
            if self.board.station(q) == Station::Bridgehead {
                return;
            }
        }
    }

    /// A 飞弹's launch (§11.7): from an air stop along one lane, any distance, over any pieces,
    /// onto an enemy on a stop that is not protected.
    fn launches(&self, out: &mut Vec<Move>) {
        if !self.board.is_air_stop(self.from) {
            return;
        }
        for lane in self.board.lanes() {
            let Some(i) = lane.stops.iter().position(|&p| p == self.from) else { continue };
            for &q in lane.stops[i + 1..].iter().chain(lane.stops[..i].iter()) {
                if self.entry(q) == Some(true) {
                    self.push(q, out);
                }
            }
        }
    }

    /// Flights: along one lane, one direction, any distance, over any pieces; onto an empty air
    /// stop (an airport only its owner's) or an enemy on a stop that is not protected.
    fn flights(&self, out: &mut Vec<Move>) {
        for lane in self.board.lanes() {
            let Some(i) = lane.stops.iter().position(|&p| p == self.from) else { continue };
            for &q in lane.stops[i + 1..].iter().chain(lane.stops[..i].iter()) {
                let own_airport_only = self.board.station(q) == Station::Airport
                    && self.board.board.point(q).owner != Some(self.piece.seat);
                if !(own_airport_only && self.cells[q.index()].is_none()) {
                    self.push(q, out);
                }
            }
        }
    }

    /// Ships at sea: one sea lane; 主力舰/巡洋舰 land; the 炮舰 strikes across arrows and at
    /// aircraft one link away (§11.9).
    fn ship(&self, out: &mut Vec<Move>) {
        let b = self.board;
        let kind = self.piece.kind;
        for &(q, k) in b.board.neighbours(self.from) {
            let enemy = self.entry(q) == Some(true);
            let ok = match k {
                LinkKind::SeaLane => true,
                LinkKind::Landing => can_land(kind),
                LinkKind::Arrow { .. } => kind == kinds::GUNBOAT && enemy,
                _ => false,
            };
            let at_plane = kind == kinds::GUNBOAT && enemy && self.cells[q.index()].is_some_and(|d| is_air(d.kind));
            if ok || at_plane {
                self.push(q, out);
            }
        }
    }

    /// The 炮垒: a strike along its double arrow at an enemy ship on the sea end.
    fn battery(&self, out: &mut Vec<Move>) {
        for &(q, k) in self.board.board.neighbours(self.from) {
            let ship = self.cells[q.index()].is_some_and(|d| d.seat != self.piece.seat && is_ship(d.kind));
            if k == (LinkKind::Arrow { both_ways: true }) && ship && self.board.station(self.from) == Station::Battery {
                self.push(q, out);
            }
        }
    }
}

/// Every move of `piece` standing on `from` (whether or not it is there), appended to `out`
/// without duplicates.
pub fn moves_of(
    board: &Sanjun30Board,
    cells: &Cells,
    opts: &Sanjun30Options,
    piece: Piece,
    from: PointId,
    check: Check,
    out: &mut Vec<Move>,
) {
    let g = Gen { board, cells, opts, piece, from, check };
    let start = out.len();
    let st = board.station(from);
    match piece.kind {
        kinds::FLAG | kinds::MINE | kinds::TRAP => {}
        kinds::BATTERY => g.battery(out),
        k if is_air(k) => g.flights(out),
        k if is_ship(k) && st.is_sea() => g.ship(out),
        k => {
            g.land(out);
            if k == kinds::MISSILE {
                g.launches(out);
            }
            // §11.8: a landed ship goes back to sea only from a landing station.
            if is_ship(k) && st == Station::Landing {
                for &(q, lk) in board.board.neighbours(from) {
                    if lk == LinkKind::Landing {
                        g.push(q, out);
                    }
                }
            }
        }
    }
    let mut added = out.split_off(start);
    added.sort();
    added.dedup();
    out.extend(added);
}

/// Every legal move of the piece on `from` (none if the point is empty).
pub fn moves_from(board: &Sanjun30Board, cells: &Cells, opts: &Sanjun30Options, from: PointId, out: &mut Vec<Move>) {
    if let Some(piece) = cells[from.index()] {
        moves_of(board, cells, opts, piece, from, Check::Table, out);
    }
}

/// The stops strictly between the two ends of a flight or launch, in the direction of flight;
/// `None` if no lane holds both points.
pub fn flight_path(board: &Sanjun30Board, from: PointId, to: PointId) -> Option<Vec<PointId>> {
    board.lanes().iter().find_map(|lane| {
        let i = lane.stops.iter().position(|&p| p == from)?;
        let j = lane.stops.iter().position(|&p| p == to)?;
        Some(if i < j { lane.stops[i + 1..j].to_vec() } else { lane.stops[j + 1..i].iter().rev().copied().collect() })
    })
}

/// What kind of move `mv` is for the piece of kind `kind`, before it is played (the move is
/// assumed legal; `cells` is the position before it).
pub fn kind_of(board: &Sanjun30Board, cells: &Cells, kind: PieceKind, mv: Move) -> MoveKind {
    if is_air(kind) {
        return MoveKind::Flight;
    }
    let links: Vec<LinkKind> =
        board.board.neighbours(mv.from).iter().filter(|&&(q, _)| q == mv.to).map(|&(_, k)| k).collect();
    let has = |f: fn(&LinkKind) -> bool| links.iter().any(f);
    let at_plane = cells[mv.to.index()].is_some_and(|d| is_air(d.kind));
    let from_sea = board.station(mv.from).is_sea();
    if kind == kinds::BATTERY
        || (kind == kinds::GUNBOAT && from_sea && (at_plane || has(|k| matches!(k, LinkKind::Arrow { .. }))))
    {
        MoveKind::Strike
    } else if has(|k| matches!(k, LinkKind::Road | LinkKind::Coast)) {
        MoveKind::Road
    } else if has(|k| *k == LinkKind::SeaLane) {
        MoveKind::Sea
    } else if has(|k| *k == LinkKind::Landing) {
        MoveKind::Landing
    } else if board.rail_lines().iter().any(|l| l.contains(&mv.from) && l.contains(&mv.to)) {
        MoveKind::Rail
    } else if kind == kinds::MISSILE {
        MoveKind::Launch
    } else {
        MoveKind::Gallop
    }
}

/// Every legal move of `seat`, in point order.
pub fn legal_moves(board: &Sanjun30Board, cells: &Cells, opts: &Sanjun30Options, seat: Seat) -> Vec<Move> {
    let mut out = Vec::new();
    for p in board.board.point_ids() {
        if cells[p.index()].is_some_and(|c| c.seat == seat) {
            moves_from(board, cells, opts, p, &mut out);
        }
    }
    out
}

/// Whether `seat` has any legal move (strikes count).
pub fn has_legal_move(board: &Sanjun30Board, cells: &Cells, opts: &Sanjun30Options, seat: Seat) -> bool {
    let mut out = Vec::new();
    board.board.point_ids().any(|p| {
        cells[p.index()].is_some_and(|c| c.seat == seat) && {
            out.clear();
            moves_from(board, cells, opts, p, &mut out);
            !out.is_empty()
        }
    })
}

/// The public class of a piece (§6: which points hold land pieces, ships, aircraft): army and
/// weapons are one class.
pub fn class(kind: PieceKind) -> Service {
    match def_of(kind).service {
        Service::Weapon => Service::Army,
        s => s,
    }
}

/// What `mv` proves about its mover on the public board before the move (§6): the kinds of the
/// mover's class that could have made it, when they are fewer than the class's movable kinds;
/// empty when it proves nothing.
pub fn proves(board: &Sanjun30Board, cells: &Cells, opts: &Sanjun30Options, mv: Move) -> Vec<PieceKind> {
    let Some(mover) = cells[mv.from.index()] else { return Vec::new() };
    let mut out = Vec::new();
    let same = |k: PieceKind| class(k) == class(mover.kind);
    let candidates: Vec<PieceKind> =
        super::pieces::all_kinds().filter(|&k| same(k) && super::pieces::is_mobile(k)).collect();
    // The 炮垒 never moves but strikes: a strike from land proves it.
    let able: Vec<PieceKind> = super::pieces::all_kinds()
        .filter(|&k| same(k) && (super::pieces::is_mobile(k) || k == kinds::BATTERY))
        .filter(|&k| {
            out.clear();
            moves_of(board, cells, opts, Piece { kind: k, ..mover }, mv.from, Check::Geometry, &mut out);
            out.contains(&mv)
        })
        .collect();
    // A ship ashore is a 主力舰 or 巡洋舰 whatever it does there.
    let ashore = class(mover.kind) == Service::Navy && board.station(mv.from).is_land();
    let able: Vec<PieceKind> = if ashore { able.into_iter().filter(|&k| can_land(k)).collect() } else { able };
    if able == candidates { Vec::new() } else { able }
}
