//! The 二十一世紀海軍棋 board (`rules-haijun.md` §9): the Junqi 5 × 12 grid without railway,
//! mountains or camps, every point linked to its eight neighbours, one HQ per side (`c1`, `c12`),
//! and four air lanes (files b and d, ranks 3 and 10) that only aircraft fly along.
//!
//! Points keep the Junqi names and numbering (`junqi_board::at`), so `c6` and the deployment
//! order mean the same as in the rest of the family.

use std::sync::OnceLock;

use crate::board::{Board, Link, LinkKind, Point, PointId, PointKind};
use crate::junqi_board::{at, build as build_junqi, file_of, rank_of};

/// The HQ of each side, Red's first.
pub const HQS: [PointId; 2] = [at(2, 1), at(2, 12)];

/// Builds the board: 60 points (2 HQs, 58 stations), 191 links (48 + 55 orthogonal, 88
/// diagonal), all of kind `Road` (one step), no straight railway lines.
pub fn build() -> Board {
    let junqi = build_junqi();
    let points: Vec<Point> = junqi
        .point_ids()
        .map(|p| {
            let kind = if HQS.contains(&p) { PointKind::Headquarters } else { PointKind::Post };
            Point { kind, ..junqi.point(p).clone() }
        })
        .collect();
    let mut links = Vec::with_capacity(191);
    for rank in 1..=12u8 {
        for file in 0..5u8 {
            let here = at(file, rank);
            // Each link once: to the right, up, and the two upward diagonals.
            let mut add = |f: i8, r: i8| {
                let (f, r) = (file as i8 + f, rank as i8 + r);
                if (0..5).contains(&f) && (1..=12).contains(&r) {
                    links.push(Link { a: here, b: at(f as u8, r as u8), kind: LinkKind::Road });
                }
            };
            add(1, 0);
            add(0, 1);
            add(1, 1);
            add(-1, 1);
        }
    }
    Board::new(points, links, Vec::new())
}

/// The shared board, built once.
pub fn get() -> &'static Board {
    static BOARD: OnceLock<Board> = OnceLock::new();
    BOARD.get_or_init(build)
}

/// The four air lanes (黑色虛線), each as its points in order: file b and file d from rank 1 to
/// 12, rank 3 and rank 10 from file a to e.
pub fn lanes() -> &'static [Vec<PointId>] {
    static LANES: OnceLock<Vec<Vec<PointId>>> = OnceLock::new();
    LANES.get_or_init(|| {
        let file = |f: u8| (1..=12).map(|r| at(f, r)).collect::<Vec<_>>();
        let rank = |r: u8| (0..5).map(|f| at(f, r)).collect::<Vec<_>>();
        vec![file(1), file(3), rank(3), rank(10)]
    })
}

/// Whether a point lies on an air lane (where aircraft deploy and stand).
pub fn on_lane(p: PointId) -> bool {
    matches!(file_of(p), 1 | 3) || matches!(rank_of(p), 3 | 10)
}

/// The rays an aircraft on `from` may fly along: for each lane through it, the points beyond it
/// in each direction, nearest first.
pub fn lane_rays(from: PointId) -> Vec<Vec<PointId>> {
    let mut out = Vec::new();
    for lane in lanes() {
        if let Some(i) = lane.iter().position(|&q| q == from) {
            if i + 1 < lane.len() {
                out.push(lane[i + 1..].to_vec());
            }
            if i > 0 {
                out.push(lane[..i].iter().rev().copied().collect());
            }
        }
    }
    out
}

/// The HQ of a side.
pub fn hq(seat: crate::seat::Seat) -> PointId {
    HQS[seat.index()]
}
