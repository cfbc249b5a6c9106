//! The 海陆空三军战斗棋 board (`rules-sanjun30.md` §2): the sanjun board (`rules-sanjun.md` §2)
//! with city gates for headquarters, two camps a side, two iron bridges without the diamond,
//! bridgeheads, anchor points and a rank-11 lane without `h11`: 134 points, 332 typed links.
//!
//! Names, the 180° turn, the lattices and the lane shapes are sanjun's ([`crate::sanjun::board`]
//! supplies [`Lane`], [`LaneKind`] and [`turn`]); what differs is listed in the tables below.
//! Everything "per side" is built from Red's coordinates and turned.

use std::collections::HashMap;

use crate::bitset::PointSet;
use crate::board::{Board, Link, LinkKind, Point, PointId, PointKind};
use crate::seat::Seat;

pub use crate::sanjun::board::{Lane, LaneKind, turn};

/// Number of points.
pub const POINTS: usize = 134;

/// What a point is (§2.3).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Station {
    /// 城门兵站 (rank 1): where the flag stands; it does not freeze pieces.
    Gate,
    /// 行营 `g4 i4`: its side's pieces there are attacked only by aircraft and the 飞弹.
    Camp,
    /// 桥头 `e6 k6`: the bridges' land ends, a mandatory stop.
    Bridgehead,
    /// Any other army post of ranks 2–6.
    Post,
    /// 炮台兵站 on the coastline, at the land end of a double arrow.
    Battery,
    /// Landing station (海口): the pointed ends of the coastline.
    Landing,
    /// The centre of the coastline.
    Coast,
    /// 锚点: the naval stations touching the coastline, where ships start.
    Anchor,
    /// Any other naval station.
    Naval,
    /// 铁桥站.
    Bridge,
    /// 机场.
    Airport,
    /// 高空站.
    HighAltitude,
}

impl Station {
    /// Whether land pieces (and landed ships) stand here: the land zone.
    pub fn is_land(self) -> bool {
        matches!(
            self,
            Station::Gate
                | Station::Camp
                | Station::Bridgehead
                | Station::Post
                | Station::Battery
                | Station::Landing
                | Station::Coast
        )
    }

    /// Whether ships sail here.
    pub fn is_sea(self) -> bool {
        matches!(self, Station::Anchor | Station::Naval)
    }

    /// Whether pieces resting here cannot be attacked (§4 "Protected").
    pub fn is_protected(self) -> bool {
        matches!(self, Station::Airport | Station::HighAltitude)
    }

    /// The point's layer: 0 land and sea, 1 the bridge, 2 the air-only stops.
    pub fn layer(self) -> u8 {
        match self {
            Station::Bridge => 1,
            Station::Airport | Station::HighAltitude => 2,
            _ => 0,
        }
    }
}

/// The board with the facts of §2 the core `Board` does not carry.
#[derive(Debug, Clone)]
pub struct Sanjun30Board {
    /// The core board graph (points, typed links).
    pub board: Board,
    stations: Vec<Station>,
    marked: PointSet,
    air_stops: PointSet,
    lanes: Vec<Lane>,
    rail_lines: Vec<Vec<PointId>>,
    grid: HashMap<(u8, u8), PointId>,
}

/// File letters, x = −7 … +7.
const FILES: &[u8; 15] = b"abcdefghijklmno";

/// The station at Red-half coordinates (file index 0 = `a`, rank 1–12), if any.
fn red_station(f: u8, r: u8) -> Option<Station> {
    let land_odd = [5u8, 7, 9].contains(&f) && [1u8, 3, 5, 7].contains(&r);
    let land_even = [4u8, 6, 8, 10].contains(&f) && [2u8, 4, 6, 8].contains(&r);
    if land_odd || land_even {
        return Some(match (f, r) {
            (_, 1) => Station::Gate,
            (6 | 8, 4) => Station::Camp,
            (4 | 10, 6) => Station::Bridgehead,
            (7, 7) => Station::Coast,
            (_, 7) => Station::Battery,
            (4 | 10, 8) => Station::Landing,
            (_, 8) => Station::Battery,
            _ => Station::Post,
        });
    }
    let sea_odd = [2u8, 4, 6, 8, 10, 12].contains(&f) && [9u8, 11].contains(&r);
    let sea_even = [3u8, 5, 7, 9, 11].contains(&f) && [10u8, 12].contains(&r);
    if sea_odd || sea_even {
        return Some(if r == 9 { Station::Anchor } else { Station::Naval });
    }
    match (f, r) {
        (1 | 13, 7 | 10) => Some(Station::Bridge),
        (0 | 14, 3) => Some(Station::Airport),
        (0 | 14, 4 | 8 | 9 | 11) => Some(Station::HighAltitude),
        _ => None,
    }
}

/// The station at any coordinates (file 0–14, rank 1–25).
fn station(f: u8, r: u8) -> Option<Station> {
    match r {
        13 => match f {
            4 | 6 | 8 | 10 => Some(Station::Naval),
            2 | 12 => Some(Station::Bridge),
            _ => None,
        },
        1..=12 => red_station(f, r),
        14..=25 => red_station(14 - f, 26 - r),
        _ => None,
    }
}

/// Parses `e6` into (file index, rank); used for the compiled-in tables below.
fn coords(name: &str) -> (u8, u8) {
    let f = name.as_bytes()[0] - b'a';
    let r: u8 = name[1..].parse().expect("a rank");
    (f, r)
}

/// Red's per-side links given by name (sanjun §2.4, kept), sea end first for arrows and landings.
const COAST: [(&str, &str); 6] = [("e8", "f7"), ("f7", "g8"), ("g8", "h7"), ("h7", "i8"), ("i8", "j7"), ("j7", "k8")];
const RAILWAY: [(&str, &str); 3] = [("e6", "g6"), ("g6", "i6"), ("i6", "k6")];
const LANDING: [(&str, &str); 4] = [("c9", "e8"), ("e9", "e8"), ("k9", "k8"), ("m9", "k8")];
const DOUBLE_ARROW: [(&str, &str); 4] = [("e9", "f7"), ("g9", "g8"), ("i9", "i8"), ("k9", "j7")];
/// §2.3: sanjun's arrows into the diamond (`h10→h11`, `h12→h11`) are gone with it.
const SINGLE_ARROW: [(&str, &str); 6] =
    [("g9", "h7"), ("i9", "h7"), ("c9", "b7"), ("c11", "b10"), ("m9", "n7"), ("m11", "n10")];
const SHARED_ARROW: [(&str, &str); 4] = [("d12", "c13"), ("d14", "c13"), ("l12", "m13"), ("l14", "m13")];
/// The four rail lines (§11.2), each in order: the two inland railways, then the two bridges.
const LINES: [&[&str]; 4] = [
    &["e6", "g6", "i6", "k6"],
    &["e20", "g20", "i20", "k20"],
    &["e6", "b7", "b10", "c13", "b16", "b19", "e20"],
    &["k6", "n7", "n10", "m13", "n16", "n19", "k20"],
];
/// Ranks of the `e`, `g`, `i`, `k` file lanes, and of the `c`, `m` ones.
const LONG_FILE_RANKS: [u8; 13] = [2, 4, 6, 8, 9, 11, 13, 15, 17, 18, 20, 22, 24];
const SHORT_FILE_RANKS: [u8; 5] = [9, 11, 13, 15, 17];
const HIGH_RANKS: [u8; 10] = [3, 4, 8, 9, 11, 15, 17, 18, 22, 23];
/// Files of Red's rank lanes 4, 8, 9 and 11 (rank 11 without `h11`, §2.3); Blue's 22, 18, 17,
/// 15 are their turned copies.
const RANK_LANES: [(u8, &str); 4] = [(4, "aegiko"), (8, "aegiko"), (9, "acegikmo"), (11, "acegikmo")];

impl Sanjun30Board {
    /// Builds the board.
    pub fn build() -> Sanjun30Board {
        let mut points = Vec::with_capacity(POINTS);
        let mut stations = Vec::with_capacity(POINTS);
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
                    kind: match st {
                        Station::Gate => PointKind::Headquarters,
                        Station::Camp => PointKind::Camp,
                        _ => PointKind::Post,
                    },
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
        let both_sides = |pairs: &[(&str, &str)], kind: LinkKind, links: &mut Vec<Link>| {
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
                    let land = |c: (u8, u8)| station(c.0, c.1).is_some_and(Station::is_land);
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
        for line in &LINES[2..] {
            links.extend(line.windows(2).map(|w| Link { a: named(w[0]), b: named(w[1]), kind: LinkKind::Bridge }));
        }
        // Sea lanes: diagonal neighbours on the sea lattice, over the whole board.
        for r in 9..17u8 {
            for f in 0..15u8 {
                for nf in [f.wrapping_sub(1), f + 1] {
                    let sea = |f: u8, r: u8| f < 15 && station(f, r).is_some_and(Station::is_sea);
                    if sea(f, r) && sea(nf, r + 1) {
                        links.push(Link { a: at((f, r)), b: at((nf, r + 1)), kind: LinkKind::SeaLane });
                    }
                }
            }
        }
        both_sides(&LANDING, LinkKind::Landing, &mut links);
        both_sides(&DOUBLE_ARROW, LinkKind::Arrow { both_ways: true }, &mut links);
        both_sides(&SINGLE_ARROW, LinkKind::Arrow { both_ways: false }, &mut links);
        links.extend(SHARED_ARROW.iter().map(|&(a, b)| Link {
            a: named(a),
            b: named(b),
            kind: LinkKind::Arrow { both_ways: false },
        }));
        let lanes = build_lanes(&at);
        for lane in &lanes {
            let kind = if lane.kind == LaneKind::HighAltitude { LinkKind::HighAltitude } else { LinkKind::AirLane };
            links.extend(lane.stops.windows(2).map(|w| Link { a: w[0], b: w[1], kind }));
        }
        let mut marked = PointSet::EMPTY;
        let mut air_stops = PointSet::EMPTY;
        for (i, &st) in stations.iter().enumerate() {
            let p = PointId(i as u8);
            let (f, r) = coords(&points[i].name);
            let (rf, rr) = if r > 13 { turn(f, r) } else { (f, r) };
            // §2.3: every land point but the camps, the bridgeheads and `h7`; and the anchors.
            let land_mark = st.is_land() && !matches!(st, Station::Camp | Station::Bridgehead) && (rf, rr) != (7, 7);
            if land_mark || st == Station::Anchor {
                marked.insert(p);
            }
        }
        for lane in &lanes {
            for &p in &lane.stops {
                air_stops.insert(p);
            }
        }
        let rail_lines = LINES.iter().map(|l| l.iter().map(|n| named(n)).collect()).collect();
        let board = Board::new(points, links, Vec::new());
        Sanjun30Board { board, stations, marked, air_stops, lanes, rail_lines, grid }
    }

    /// The shared board, built on first use.
    pub fn get() -> &'static Sanjun30Board {
        static B: std::sync::OnceLock<Sanjun30Board> = std::sync::OnceLock::new();
        B.get_or_init(Sanjun30Board::build)
    }

    /// The station of a point.
    pub fn station(&self, p: PointId) -> Station {
        self.stations[p.index()]
    }

    /// Whether a deployment mark (land mark or anchor) is drawn on the point.
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

    /// The four rail lines (§11.2): Red's and Blue's railway, the left and the right bridge.
    pub fn rail_lines(&self) -> &[Vec<PointId>] {
        &self.rail_lines
    }

    /// The side whose camp the point is, if it is a camp.
    pub fn camp_owner(&self, p: PointId) -> Option<Seat> {
        (self.station(p) == Station::Camp).then(|| self.board.point(p).owner).flatten()
    }

    /// The point at file index `f` (0 = `a`) and rank `r`, if it exists.
    pub fn at(&self, f: u8, r: u8) -> Option<PointId> {
        self.grid.get(&(f, r)).copied()
    }

    /// The point by name; panics on a name that is not on the board (compiled-in tables, tests).
    pub fn p(&self, name: &str) -> PointId {
        self.board.find(name).unwrap_or_else(|| panic!("no point {name}"))
    }

    /// The point this one becomes when the board is turned 180° (Red's `e6` ↔ Blue's `k20`).
    pub fn turned(&self, p: PointId) -> PointId {
        let pt = self.board.point(p);
        let (f, r) = turn(pt.x as u8, (25 - pt.y) as u8);
        self.at(f, r).expect("the board is symmetric")
    }
}

/// The 16 air lanes, in the order files, ranks, high-altitude.
fn build_lanes(at: &impl Fn((u8, u8)) -> PointId) -> Vec<Lane> {
    let mut lanes = Vec::new();
    for f in [2u8, 4, 6, 8, 10, 12] {
        let ranks: &[u8] = if f == 2 || f == 12 { &SHORT_FILE_RANKS } else { &LONG_FILE_RANKS };
        lanes.push(Lane {
            kind: LaneKind::File,
            name: (FILES[f as usize] as char).to_string(),
            stops: ranks.iter().map(|&r| at((f, r))).collect(),
        });
    }
    let mut rank_lanes: Vec<(u8, Vec<u8>)> = Vec::new();
    for (r, files) in RANK_LANES {
        let files: Vec<u8> = files.bytes().map(|b| b - b'a').collect();
        rank_lanes.push((26 - r, files.iter().rev().map(|&f| 14 - f).collect()));
        rank_lanes.push((r, files));
    }
    rank_lanes.sort_by_key(|(r, _)| *r);
    for (r, files) in rank_lanes {
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
