//! The 海陆空三军战斗棋 board (`rules-sanjun30.md` §2): the sanjun board (`rules-sanjun.md` §2)
//! with city gates for headquarters, two camps a side, two iron bridges without the diamond,
//! bridgeheads, anchor points and a rank-11 lane without `h11`: 134 points, 332 typed links.
//!
//! Names, the 180° turn, the lattices and the lane shapes are sanjun's ([`crate::sanjun::board`]
//! supplies [`Lane`], [`LaneKind`] and [`turn`]); what differs is listed in the tables below.
//! Everything "per side" is built from Red's coordinates and turned.

use crate::board::{PointId, PointKind};
use crate::landseaair::board::{FamilyBoard, FamilyStation, Layout};
use crate::seat::Seat;

pub use crate::landseaair::board::{Lane, LaneKind, turn};

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

/// §2.3: sanjun's arrows into the diamond (`h10→h11`, `h12→h11`) are gone with it.
const SINGLE_ARROW: [(&str, &str); 6] =
    [("g9", "h7"), ("i9", "h7"), ("c9", "b7"), ("c11", "b10"), ("m9", "n7"), ("m11", "n10")];
/// The four rail lines (§11.2), each in order: the two inland railways, then the two bridges.
const LINES: [&[&str]; 4] = [
    &["e6", "g6", "i6", "k6"],
    &["e20", "g20", "i20", "k20"],
    &["e6", "b7", "b10", "c13", "b16", "b19", "e20"],
    &["k6", "n7", "n10", "m13", "n16", "n19", "k20"],
];
/// Files of Red's rank lanes 4, 8, 9 and 11 (rank 11 without `h11`, §2.3); Blue's 22, 18, 17,
/// 15 are their turned copies.
const RANK_LANES: [(u8, &str); 4] = [(4, "aegiko"), (8, "aegiko"), (9, "acegikmo"), (11, "acegikmo")];

/// The board with the facts of §2 the core `Board` does not carry; its own lines are the four
/// rail lines.
pub type Sanjun30Board = FamilyBoard<Station, Vec<Vec<PointId>>>;

impl FamilyStation for Station {
    fn is_land(self) -> bool {
        Station::is_land(self)
    }

    fn is_sea(self) -> bool {
        Station::is_sea(self)
    }

    fn layer(self) -> u8 {
        Station::layer(self)
    }

    fn point_kind(self) -> PointKind {
        match self {
            Station::Gate => PointKind::Headquarters,
            Station::Camp => PointKind::Camp,
            _ => PointKind::Post,
        }
    }
}

/// §2.3: every land point but the camps, the bridgeheads and `h7`; and the anchors.
fn marked(st: Station, red: (u8, u8)) -> bool {
    let land_mark = st.is_land() && !matches!(st, Station::Camp | Station::Bridgehead) && red != (7, 7);
    land_mark || st == Station::Anchor
}

impl Sanjun30Board {
    /// Builds the board.
    pub fn build() -> Sanjun30Board {
        let layout = Layout {
            station,
            bridge: LINES[2..].iter().flat_map(|l| l.windows(2).map(|w| (w[0], w[1]))).collect(),
            single_arrow: &SINGLE_ARROW,
            rank_lanes: RANK_LANES,
            marked,
        };
        let board = FamilyBoard::build_from(&layout, |named| {
            LINES.iter().map(|l| l.iter().map(|n| named(n)).collect()).collect()
        });
        debug_assert_eq!(board.board.len(), POINTS);
        board
    }

    /// The shared board, built on first use.
    pub fn get() -> &'static Sanjun30Board {
        static B: std::sync::OnceLock<Sanjun30Board> = std::sync::OnceLock::new();
        B.get_or_init(Sanjun30Board::build)
    }

    /// The four rail lines (§11.2): Red's and Blue's railway, the left and the right bridge.
    pub fn rail_lines(&self) -> &[Vec<PointId>] {
        &self.rails
    }

    /// The side whose camp the point is, if it is a camp.
    pub fn camp_owner(&self, p: PointId) -> Option<Seat> {
        (self.station(p) == Station::Camp).then(|| self.board.point(p).owner).flatten()
    }
}
