//! What the two boards of the family share (`rules-sanjun.md` §2, `rules-sanjun30.md` §2): file +
//! rank names on a 15 × 25 grid, three layers, the typed links (roads, the coastline, railways,
//! bridges, sea lanes, landings, arrows, air lanes) and the 16 air lanes. A game describes its
//! board as a [`Layout`] (its stations and link tables); [`FamilyBoard::build_from`] makes the
//! graph the same way for both, so link order — and with it move order — is one rule.
//!
//! Everything "per side" is given in Red's coordinates and turned 180° for Blue, so the symmetry
//! holds by construction.

use std::collections::HashMap;

use crate::bitset::PointSet;
use crate::board::{Board, Link, LinkKind, Point, PointId, PointKind};
use crate::seat::Seat;

/// File letters, x = −7 … +7.
pub const FILES: &[u8; 15] = b"abcdefghijklmno";

/// The point a Red-half coordinate turns into on Blue's half (the 180° turn).
pub const fn turn(f: u8, r: u8) -> (u8, u8) {
    (14 - f, 26 - r)
}

/// Parses `e6` into (file index, rank); for compiled-in tables only (panics on other text).
pub fn coords(name: &str) -> (u8, u8) {
    let f = name.as_bytes()[0] - b'a';
    let r: u8 = name[1..].parse().expect("a rank");
    (f, r)
}

/// Which kind of air lane a lane is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum LaneKind {
    /// One of the six lanes along a file (`c`, `e`, `g`, `i`, `k`, `m`).
    File,
    /// One of the eight lanes along a rank (4 8 9 11 15 17 18 22).
    Rank,
    /// One of the two 高空线 on files `a` and `o`.
    HighAltitude,
}

/// An air lane: its stops in order; consecutive stops are joined by one air link.
#[derive(Clone, Debug)]
pub struct Lane {
    /// What kind of lane.
    pub kind: LaneKind,
    /// Its name: the file or rank it runs along (`e`, `11`, `a`).
    pub name: String,
    /// The stops, in order from file `a` / rank 1.
    pub stops: Vec<PointId>,
}

/// What the shared builder asks of a game's own kinds of point.
pub trait FamilyStation: Copy + Eq + std::fmt::Debug {
    /// Whether land pieces (and landed ships) stand here.
    fn is_land(self) -> bool;
    /// Whether ships sail here: a point of the sea lattice.
    fn is_sea(self) -> bool;
    /// The point's layer: 0 land and sea, 1 the bridges, 2 the air-only stops.
    fn layer(self) -> u8;
    /// The core's kind of point (headquarters, camp or plain post).
    fn point_kind(self) -> PointKind;
}

/// A pair of point names in Red's half: one link (sea end first for arrows and landings).
pub type Pair = (&'static str, &'static str);

/// Red's links both games have (`rules-sanjun.md` §2.4, kept by `rules-sanjun30.md`), given by
/// name and copied for Blue; sea end first for arrows and landings. The coastline's links are
/// not roads.
pub const COAST: [Pair; 6] = [("e8", "f7"), ("f7", "g8"), ("g8", "h7"), ("h7", "i8"), ("i8", "j7"), ("j7", "k8")];
/// Red's inland railway.
pub const RAILWAY: [Pair; 3] = [("e6", "g6"), ("g6", "i6"), ("i6", "k6")];
/// Red's landings.
pub const LANDING: [Pair; 4] = [("c9", "e8"), ("e9", "e8"), ("k9", "k8"), ("m9", "k8")];
/// Red's double arrows.
pub const DOUBLE_ARROW: [Pair; 4] = [("e9", "f7"), ("g9", "g8"), ("i9", "i8"), ("k9", "j7")];
/// The arrows of the shared sea into the bridges, given once (not copied).
pub const SHARED_ARROW: [Pair; 4] = [("d12", "c13"), ("d14", "c13"), ("l12", "m13"), ("l14", "m13")];

/// One game's board as data: what differs between the two boards of the family.
pub struct Layout<S> {
    /// The station at any coordinates (file 0–14, rank 1–25), if a point is there.
    pub station: fn(u8, u8) -> Option<S>,
    /// Every bridge link, both sides, in drawing order.
    pub bridge: Vec<Pair>,
    /// Red's single arrows (copied for Blue).
    pub single_arrow: &'static [Pair],
    /// The files of Red's rank lanes 4, 8, 9 and 11 (Blue's are their turned copies).
    pub rank_lanes: [(u8, &'static str); 4],
    /// Whether a deployment mark is drawn on a point of this station at Red-half coordinates.
    pub marked: fn(S, (u8, u8)) -> bool,
}

/// A board of the family: the core graph and the facts of §2 it does not carry; `R` is what a
/// game adds (sanjun's rail loop and diamond, sanjun30's four rail lines).
#[derive(Debug, Clone)]
pub struct FamilyBoard<S, R> {
    /// The core board graph (points, typed links).
    pub board: Board,
    stations: Vec<S>,
    marked: PointSet,
    air_stops: PointSet,
    lanes: Vec<Lane>,
    /// The game's own lines (rails, bridges), read through the game's accessors.
    pub(crate) rails: R,
    grid: HashMap<(u8, u8), PointId>,
}

/// Ranks of the `e`, `g`, `i`, `k` file lanes, and of the `c`, `m` ones.
const LONG_FILE_RANKS: [u8; 13] = [2, 4, 6, 8, 9, 11, 13, 15, 17, 18, 20, 22, 24];
const SHORT_FILE_RANKS: [u8; 5] = [9, 11, 13, 15, 17];
const HIGH_RANKS: [u8; 10] = [3, 4, 8, 9, 11, 15, 17, 18, 22, 23];

impl<S: FamilyStation, R> FamilyBoard<S, R> {
    /// Builds the board a layout describes; `rails` makes the game's own lines from point names.
    pub fn build_from(layout: &Layout<S>, rails: impl FnOnce(&dyn Fn(&str) -> PointId) -> R) -> Self {
        let station = layout.station;
        let mut points = Vec::new();
        let mut stations = Vec::new();
        let mut grid = HashMap::new();
        for r in 1..=25u8 {
            for f in 0..15u8 {
                let Some(st) = station(f, r) else { continue };
                let (owner, home_row) = match r {
                    1..=12 => (Some(Seat::RED), r),
                    14..=25 => (Some(Seat::BLUE), 26 - r),
                    _ => (None, 0),
                };
                grid.insert((f, r), PointId(points.len() as u8));
                points.push(Point {
                    name: format!("{}{}", FILES[f as usize] as char, r),
                    kind: st.point_kind(),
                    layer: st.layer(),
                    owner,
                    home_row,
                    x: f as i16,
                    y: 25 - r as i16,
                });
                stations.push(st);
            }
        }
        let at = |(f, r): (u8, u8)| *grid.get(&(f, r)).unwrap_or_else(|| panic!("no point at {f},{r}"));
        let named = |n: &str| at(coords(n));
        let mut links: Vec<Link> = Vec::new();
        let both_sides = |pairs: &[Pair], kind: LinkKind, links: &mut Vec<Link>| {
            for &(a, b) in pairs {
                let (ca, cb) = (coords(a), coords(b));
                links.push(Link { a: at(ca), b: at(cb), kind });
                links.push(Link { a: at(turn(ca.0, ca.1)), b: at(turn(cb.0, cb.1)), kind });
            }
        };
        // Roads: diagonal neighbours within one side's land zone, except the coastline.
        let coast: Vec<((u8, u8), (u8, u8))> = COAST.iter().map(|&(a, b)| (coords(a), coords(b))).collect();
        for r in 1..8u8 {
            for f in 0..15u8 {
                for nf in [f.wrapping_sub(1), f + 1] {
                    let (a, b) = ((f, r), (nf, r + 1));
                    let land = |c: (u8, u8)| station(c.0, c.1).is_some_and(S::is_land);
                    if nf < 15
                        && land(a)
                        && land(b)
                        && !coast.iter().any(|&(x, y)| (x, y) == (a, b) || (y, x) == (a, b))
                    {
                        links.push(Link { a: at(a), b: at(b), kind: LinkKind::Road });
                        links.push(Link { a: at(turn(a.0, a.1)), b: at(turn(b.0, b.1)), kind: LinkKind::Road });
                    }
                }
            }
        }
        both_sides(&COAST, LinkKind::Coast, &mut links);
        both_sides(&RAILWAY, LinkKind::Railway, &mut links);
        links.extend(layout.bridge.iter().map(|&(a, b)| Link { a: named(a), b: named(b), kind: LinkKind::Bridge }));
        // Sea lanes: diagonal neighbours on the sea lattice, over the whole board.
        for r in 9..17u8 {
            for f in 0..15u8 {
                for nf in [f.wrapping_sub(1), f + 1] {
                    let sea = |f: u8, r: u8| f < 15 && station(f, r).is_some_and(S::is_sea);
                    if sea(f, r) && sea(nf, r + 1) {
                        links.push(Link { a: at((f, r)), b: at((nf, r + 1)), kind: LinkKind::SeaLane });
                    }
                }
            }
        }
        both_sides(&LANDING, LinkKind::Landing, &mut links);
        both_sides(&DOUBLE_ARROW, LinkKind::Arrow { both_ways: true }, &mut links);
        both_sides(layout.single_arrow, LinkKind::Arrow { both_ways: false }, &mut links);
        links.extend(SHARED_ARROW.iter().map(|&(a, b)| Link {
            a: named(a),
            b: named(b),
            kind: LinkKind::Arrow { both_ways: false },
        }));
        let lanes = build_lanes(&at, &layout.rank_lanes);
        for lane in &lanes {
            let kind = if lane.kind == LaneKind::HighAltitude { LinkKind::HighAltitude } else { LinkKind::AirLane };
            links.extend(lane.stops.windows(2).map(|w| Link { a: w[0], b: w[1], kind }));
        }
        let mut marked = PointSet::EMPTY;
        for (i, &st) in stations.iter().enumerate() {
            let (f, r) = coords(&points[i].name);
            if (layout.marked)(st, if r > 13 { turn(f, r) } else { (f, r) }) {
                marked.insert(PointId(i as u8));
            }
        }
        let mut air_stops = PointSet::EMPTY;
        for &p in lanes.iter().flat_map(|l| &l.stops) {
            air_stops.insert(p);
        }
        let rails = rails(&named);
        let board = Board::new(points, links, Vec::new());
        FamilyBoard { board, stations, marked, air_stops, lanes, rails, grid }
    }

    /// The station of a point.
    pub fn station(&self, p: PointId) -> S {
        self.stations[p.index()]
    }

    /// Whether a deployment mark (land or naval) is drawn on the point.
    pub fn is_marked(&self, p: PointId) -> bool {
        self.marked.contains(p)
    }

    /// Whether an air lane passes a stop over the point.
    pub fn is_air_stop(&self, p: PointId) -> bool {
        self.air_stops.contains(p)
    }

    /// The air lanes: 6 file lanes, 8 rank lanes, then the 2 high-altitude lanes.
    pub fn lanes(&self) -> &[Lane] {
        &self.lanes
    }

    /// The point at file index `f` (0 = `a`) and rank `r`, if it exists.
    pub fn at(&self, f: u8, r: u8) -> Option<PointId> {
        self.grid.get(&(f, r)).copied()
    }

    /// The point by name; panics on a name that is not on the board (for compiled-in tables and
    /// tests only).
    pub fn p(&self, name: &str) -> PointId {
        self.board.find(name).unwrap_or_else(|| panic!("no point {name}"))
    }

    /// The point this one becomes when the board is turned 180° (Red's `e6` ↔ Blue's `k20`).
    pub fn turned(&self, p: PointId) -> PointId {
        let pt = self.board.point(p);
        let (f, r) = turn(pt.x as u8, (25 - pt.y) as u8);
        self.at(f, r).expect("the board is symmetric")
    }

    /// The points a seat's deployment string fills, in string order: Red's names as given,
    /// Blue's turned.
    pub fn order(&self, red_names: &[&str], seat: Seat) -> Vec<PointId> {
        red_names
            .iter()
            .map(|n| {
                let p = self.p(n);
                if seat == Seat::RED { p } else { self.turned(p) }
            })
            .collect()
    }
}

/// The 16 air lanes (§2.5), in the order files, ranks, high-altitude.
fn build_lanes(at: &impl Fn((u8, u8)) -> PointId, rank_lanes: &[(u8, &str)]) -> Vec<Lane> {
    let mut lanes = Vec::new();
    for f in [2u8, 4, 6, 8, 10, 12] {
        let ranks: &[u8] = if f == 2 || f == 12 { &SHORT_FILE_RANKS } else { &LONG_FILE_RANKS };
        lanes.push(Lane {
            kind: LaneKind::File,
            name: (FILES[f as usize] as char).to_string(),
            stops: ranks.iter().map(|&r| at((f, r))).collect(),
        });
    }
    let mut by_rank: Vec<(u8, Vec<u8>)> = Vec::new();
    for &(r, files) in rank_lanes {
        let files: Vec<u8> = files.bytes().map(|b| b - b'a').collect();
        // The turned copy holds the turned files, which are the same set for these lanes.
        by_rank.push((26 - r, files.iter().rev().map(|&f| 14 - f).collect()));
        by_rank.push((r, files));
    }
    by_rank.sort_by_key(|(r, _)| *r);
    for (r, files) in by_rank {
        lanes.push(Lane {
            kind: LaneKind::Rank,
            name: r.to_string(),
            stops: files.iter().map(|&f| at((f, r))).collect(),
        });
    }
    for f in [0u8, 14] {
        lanes.push(Lane {
            kind: LaneKind::HighAltitude,
            name: (FILES[f as usize] as char).to_string(),
            stops: HIGH_RANKS.iter().map(|&r| at((f, r))).collect(),
        });
    }
    lanes
}
