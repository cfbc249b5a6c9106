//! The 陆海空三军棋 board (`rules-sanjun.md` §2): 136 points on three layers — the two land zones
//! and the shared sea on the ground, the iron bridge above them, the airports and high-altitude
//! stops on top — joined by 342 typed links, 106 of them the legs of the air lanes.
//!
//! Points are named file + rank (`a`–`o` = x −7 … +7, ranks 1–25 from Red's back line) and numbered
//! rank-major in name order. Blue's half is Red's turned 180°; everything "per side" is built from
//! Red's coordinates and then turned, so the symmetry holds by construction (and a test checks it).

use crate::board::{PointId, PointKind};
use crate::landseaair::board::{FamilyBoard, FamilyStation, Layout};
pub use crate::landseaair::board::{Lane, LaneKind, turn};

/// Number of points.
pub const POINTS: usize = 136;

/// What a point is, beyond the core's `PointKind` (which only knows headquarters here).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Station {
    /// 大本营 (ranks 1 and 25).
    Headquarters,
    /// 兵站 of ranks 2–6 (24–20).
    Post,
    /// 炮台兵站: a coastline point at the land end of a double arrow.
    Battery,
    /// Naval landing station (harbour): the pointed ends of the coastline.
    Landing,
    /// The centre of the coastline.
    Coast,
    /// 海军站: a point of the sea lattice.
    Naval,
    /// 铁桥站: a point of the iron bridge.
    Bridge,
    /// 机场: where aircraft start; protected; only its owner's aircraft may land there.
    Airport,
    /// 高空站: a protected stop of a high-altitude lane.
    HighAltitude,
}

impl Station {
    /// Whether land pieces (and landed ships) stand here: the land zone.
    pub fn is_land(self) -> bool {
        matches!(self, Station::Headquarters | Station::Post | Station::Battery | Station::Landing | Station::Coast)
    }

    /// Whether pieces resting here cannot be attacked (`rules-sanjun.md` §4, "Protected").
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

/// The station at Red-half coordinates (file index 0 = `a`, rank 1–12), if any.
fn red_station(f: u8, r: u8) -> Option<Station> {
    let land_odd = [5u8, 7, 9].contains(&f) && [1u8, 3, 5, 7].contains(&r);
    let land_even = [4u8, 6, 8, 10].contains(&f) && [2u8, 4, 6, 8].contains(&r);
    if land_odd || land_even {
        return Some(match (f, r) {
            (_, 1) => Station::Headquarters,
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
        return Some(Station::Naval);
    }
    match (f, r) {
        (1 | 13, 7 | 10) | (7, 11) => Some(Station::Bridge),
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

/// Red's single arrows (`rules-sanjun.md` §2.4), sea end first; the other links both games share
/// are [`crate::landseaair::board`]'s.
const SINGLE_ARROW: [(&str, &str); 8] = [
    ("g9", "h7"),
    ("i9", "h7"),
    ("c9", "b7"),
    ("c11", "b10"),
    ("m9", "n7"),
    ("m11", "n10"),
    ("h10", "h11"),
    ("h12", "h11"),
];
const BRIDGE: [(&str, &str); 16] = [
    ("e6", "b7"),
    ("b7", "b10"),
    ("b10", "c13"),
    ("c13", "b16"),
    ("b16", "b19"),
    ("b19", "e20"),
    ("k6", "n7"),
    ("n7", "n10"),
    ("n10", "m13"),
    ("m13", "n16"),
    ("n16", "n19"),
    ("n19", "k20"),
    ("c13", "h11"),
    ("h11", "m13"),
    ("m13", "h15"),
    ("h15", "c13"),
];
/// The closed railway-and-bridge loop (§4 "Rail"): one line, since the arcs are curves.
const LOOP: [&str; 18] = [
    "e6", "g6", "i6", "k6", "n7", "n10", "m13", "n16", "n19", "k20", "i20", "g20", "e20", "b19", "b16", "c13", "b10",
    "b7",
];
/// Files of Red's rank lanes 4, 8, 9 and 11; Blue's 22, 18, 17, 15 are their turned copies.
const RANK_LANES: [(u8, &str); 4] = [(4, "aegiko"), (8, "aegiko"), (9, "acegikmo"), (11, "aceghikmo")];

/// sanjun's own lines: the closed rail loop and the diamond's four edges.
#[derive(Debug, Clone)]
pub struct SanjunRails {
    rail_loop: Vec<PointId>,
    diamond: Vec<(PointId, PointId)>,
}

/// The board with the facts of `rules-sanjun.md` §2 the core `Board` does not carry.
pub type SanjunBoard = FamilyBoard<Station, SanjunRails>;

impl FamilyStation for Station {
    fn is_land(self) -> bool {
        Station::is_land(self)
    }

    fn is_sea(self) -> bool {
        self == Station::Naval
    }

    fn layer(self) -> u8 {
        Station::layer(self)
    }

    fn point_kind(self) -> PointKind {
        if self == Station::Headquarters { PointKind::Headquarters } else { PointKind::Post }
    }
}

/// Every land point but the landing stations, the centre coast point and the two bridgeheads
/// (§2.3 Decision); the naval marks are the outer rows of each side's sea.
fn marked(st: Station, (rf, rr): (u8, u8)) -> bool {
    let land_mark =
        st.is_land() && !matches!(st, Station::Landing | Station::Coast) && !(rr == 6 && (rf == 4 || rf == 10));
    let sea_mark = st == Station::Naval && (rr == 9 || (rr == 10 && rf != 7));
    land_mark || sea_mark
}

impl SanjunBoard {
    /// Builds the board.
    pub fn build() -> SanjunBoard {
        let layout =
            Layout { station, bridge: BRIDGE.to_vec(), single_arrow: &SINGLE_ARROW, rank_lanes: RANK_LANES, marked };
        let board = FamilyBoard::build_from(&layout, |named| SanjunRails {
            rail_loop: LOOP.iter().map(|n| named(n)).collect(),
            diamond: BRIDGE[12..].iter().map(|&(a, b)| (named(a), named(b))).collect(),
        });
        debug_assert_eq!(board.board.len(), POINTS);
        board
    }

    /// The shared board, built on first use.
    pub fn get() -> &'static SanjunBoard {
        static B: std::sync::OnceLock<SanjunBoard> = std::sync::OnceLock::new();
        B.get_or_init(SanjunBoard::build)
    }

    /// The closed railway-and-bridge loop, in order (the last point joins the first).
    pub fn rail_loop(&self) -> &[PointId] {
        &self.rails.rail_loop
    }

    /// The four edges of the bridge's diamond, each a line of its own.
    pub fn diamond(&self) -> &[(PointId, PointId)] {
        &self.rails.diamond
    }
}
