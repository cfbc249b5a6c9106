//! The 海军棋 board (`rules-haijun.md` §2): the 2-player Junqi board under naval names — red
//! lines (红线) are its railway, branch lines (支线) its roads, safe camps (安全营) its camps,
//! command HQs (指挥部) its headquarters — with files b and d also crossing the front by branch
//! line (a sea has no mountains) unless `front=junqi`.

use std::sync::OnceLock;

use crate::board::{Board, Link, LinkKind};
use crate::junqi_board::{at, build as build_junqi};

/// The `front` option (§2): whether files b and d cross the sea front.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Front {
    /// b6–b7 and d6–d7 are branch lines (the default).
    #[default]
    Open,
    /// As in Junqi: only a, c and e cross (§10.7 removes exactly those two links).
    Junqi,
}

impl Front {
    /// The option value as written in records.
    pub fn as_str(self) -> &'static str {
        match self {
            Front::Open => "open",
            Front::Junqi => "junqi",
        }
    }

    /// Reads an option value.
    pub fn parse(text: &str) -> Option<Front> {
        match text {
            "open" => Some(Front::Open),
            "junqi" => Some(Front::Junqi),
            _ => None,
        }
    }
}

/// Builds the board for a `front` option. Links: 35 red lines (railway) and 100 branch lines
/// (road), or 98 with `front=junqi`.
pub fn build(front: Front) -> Board {
    let junqi = build_junqi();
    let mut links: Vec<Link> = junqi.links().to_vec();
    if front == Front::Open {
        // The Junqi graph already has a6–a7, c6–c7 and e6–e7 as railway; b and d are blocked by
        // mountains there, open water here.
        for file in [1u8, 3] {
            links.push(Link { a: at(file, 6), b: at(file, 7), kind: LinkKind::Road });
        }
    }
    let points = junqi.point_ids().map(|p| junqi.point(p).clone()).collect();
    Board::new(points, links, junqi.lines().to_vec())
}

/// The shared board of a `front` option, built once.
pub fn get(front: Front) -> &'static Board {
    static OPEN: OnceLock<Board> = OnceLock::new();
    static JUNQI: OnceLock<Board> = OnceLock::new();
    match front {
        Front::Open => OPEN.get_or_init(|| build(Front::Open)),
        Front::Junqi => JUNQI.get_or_init(|| build(Front::Junqi)),
    }
}
