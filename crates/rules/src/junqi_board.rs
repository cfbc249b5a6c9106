//! The 2-player Junqi board (`rules-junqi.md` §2): 60 points, 35 railway and 98 road links.
//!
//! Points are numbered rank-major: `a1` = 0, `b1` = 1, …, `e12` = 59. Red owns ranks 1–6, Blue
//! ranks 7–12; Blue's half is the mirror image of Red's (rank r ↔ 13 − r).

use super::board::{Board, Link, LinkKind, Point, PointId, PointKind};
use super::seat::Seat;

const FILES: [char; 5] = ['a', 'b', 'c', 'd', 'e'];

/// The point id of file `f` (0 = a) and rank `r` (1–12).
pub const fn at(file: u8, rank: u8) -> PointId {
    PointId((rank - 1) * 5 + file)
}

/// The rank (1–12) of a point of this board.
pub fn rank_of(p: PointId) -> u8 {
    p.0 / 5 + 1
}

/// The file (0 = a … 4 = e) of a point of this board.
pub fn file_of(p: PointId) -> u8 {
    p.0 % 5
}

/// Kind of a point of a territory, in its owner's coordinates (file 0–4 from the owner's left,
/// rank 1–6 from the back). Every territory of the 2- and 4-player boards is the same.
pub fn territory_kind(file: u8, rank: u8) -> PointKind {
    match (file, rank) {
        (1, 1) | (3, 1) => PointKind::Headquarters,
        (1, 3) | (3, 3) | (2, 4) | (1, 5) | (3, 5) => PointKind::Camp,
        _ => PointKind::Post,
    }
}

/// Builds the board.
pub fn build() -> Board {
    let mut points = Vec::with_capacity(60);
    for rank in 1..=12u8 {
        for file in 0..5u8 {
            let (owner, home_row) = if rank <= 6 { (Seat::RED, rank) } else { (Seat::BLUE, 13 - rank) };
            points.push(Point {
                name: format!("{}{}", FILES[file as usize], rank),
                kind: territory_kind(file, home_row),
                layer: 0,
                owner: Some(owner),
                home_row,
                x: file as i16,
                y: 12 - rank as i16,
            });
        }
    }
    let mut links = Vec::new();
    for half in [Seat::RED, Seat::BLUE] {
        links.extend(territory_links(
            |file, red_rank| if half == Seat::RED { at(file, red_rank) } else { at(file, 13 - red_rank) },
        ));
    }
    for file in [0u8, 2, 4] {
        links.push(Link { a: at(file, 6), b: at(file, 7), kind: LinkKind::Railway });
    }
    let row = |rank: u8| (0..5).map(|f| at(f, rank)).collect::<Vec<_>>();
    let file_line = |file: u8| (2..=11).map(|r| at(file, r)).collect::<Vec<_>>();
    let lines = vec![row(2), row(6), row(7), row(11), file_line(0), file_line(4), vec![at(2, 6), at(2, 7)]];
    Board::new(points, links, lines)
}

/// The deployment order of a seat: the 25 non-camp points of its half, front row first, each row
/// from the owner's left to right (`notation.md`, "Deployment string").
pub fn deployment_order(seat: Seat) -> Vec<PointId> {
    let mut order = Vec::with_capacity(25);
    for row in (1..=6u8).rev() {
        for i in 0..5u8 {
            if territory_kind(i, row) == PointKind::Camp {
                continue;
            }
            order.push(if seat == Seat::RED { at(i, row) } else { at(4 - i, 13 - row) });
        }
    }
    order
}

/// The 65 links of one territory (16 railway, 33 orthogonal road, 16 camp diagonals), given how
/// to name a point from its owner's (file, rank).
pub fn territory_links(real: impl Fn(u8, u8) -> PointId) -> Vec<Link> {
    // In the owner's coordinates: ranks 2 and 6 across, files a and e from 2 to 6.
    let is_rail = |(fa, ra): (u8, u8), (fb, rb): (u8, u8)| -> bool {
        if ra == rb { ra == 2 || ra == 6 } else { fa == fb && (fa == 0 || fa == 4) && ra.min(rb) >= 2 }
    };
    let mut links = Vec::new();
    for rank in 1..=6u8 {
        for file in 0..5u8 {
            if file < 4 {
                let kind = if is_rail((file, rank), (file + 1, rank)) { LinkKind::Railway } else { LinkKind::Road };
                links.push(Link { a: real(file, rank), b: real(file + 1, rank), kind });
            }
            if rank < 6 {
                let kind = if is_rail((file, rank), (file, rank + 1)) { LinkKind::Railway } else { LinkKind::Road };
                links.push(Link { a: real(file, rank), b: real(file, rank + 1), kind });
            }
        }
    }
    // Camp diagonals; a link shared by two camps is added once.
    let mut diagonals: Vec<(PointId, PointId)> = Vec::new();
    for (cf, cr) in [(1u8, 3u8), (3, 3), (2, 4), (1, 5), (3, 5)] {
        for (df, dr) in [(-1i8, -1i8), (1, -1), (-1, 1), (1, 1)] {
            let (f, r) = ((cf as i8 + df) as u8, (cr as i8 + dr) as u8);
            let (a, b) = (real(cf, cr), real(f, r));
            let key = (a.min(b), a.max(b));
            if !diagonals.contains(&key) {
                diagonals.push(key);
            }
        }
    }
    links.extend(diagonals.into_iter().map(|(a, b)| Link { a, b, kind: LinkKind::Road }));
    links
}
