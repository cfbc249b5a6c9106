//! The 4-player 四国军棋 board (`rules-junqi4.md` §2): 129 points, 92 railway and 196 road links,
//! 18 straight railway lines (arcs ride as straight).
//!
//! Seats are S = 0, E = 1, N = 2, W = 3. A territory point is `<seat>.<file><rank>` in that seat's
//! own coordinates and has id `seat * 30 + (rank − 1) * 5 + file`; the nine centre points follow
//! as ids 120–128 (`C.nw C.n C.ne C.w C.c C.e C.sw C.s C.se`).

use super::board::{Board, Link, LinkKind, Point, PointId, PointKind};
use super::junqi_board::{territory_kind, territory_links};
use super::seat::Seat;

/// Seat letters in seat order.
pub const SEATS: [char; 4] = ['S', 'E', 'N', 'W'];
const FILES: [char; 5] = ['a', 'b', 'c', 'd', 'e'];
const CENTRE: [&str; 9] = ["nw", "n", "ne", "w", "c", "e", "sw", "s", "se"];

/// The point of seat `seat` at its own file (0 = a) and rank (1–6).
pub const fn at(seat: u8, file: u8, rank: u8) -> PointId {
    PointId(seat * 30 + (rank - 1) * 5 + file)
}

/// A centre point by its compass name (`"nw"` …).
pub fn centre(name: &str) -> PointId {
    PointId(120 + CENTRE.iter().position(|c| *c == name).expect("a centre name") as u8)
}

/// The seat after `seat`, counter-clockwise (S → E → N → W → S).
pub const fn next_ccw(seat: u8) -> u8 {
    (seat + 1) % 4
}

/// Drawing position (17 × 17 grid, South at the bottom) of a seat's own (file, rank).
fn position(seat: u8, file: u8, rank: u8) -> (i16, i16) {
    let (f, r) = (file as i16, rank as i16);
    match seat {
        0 => (6 + f, 17 - r),
        1 => (17 - r, 10 - f),
        2 => (10 - f, r - 1),
        _ => (r - 1, 6 + f),
    }
}

/// Builds the board.
pub fn build() -> Board {
    build_owned([Some(Seat(0)), Some(Seat(1)), Some(Seat(2)), Some(Seat(3))])
}

/// Builds the board with the given owner for each territory (S, E, N, W): `junqi4-duel` gives
/// South to seat 0, North to seat 1 and leaves East and West without owner (`rules-junqi4.md` §11).
pub fn build_owned(owners: [Option<Seat>; 4]) -> Board {
    let mut points = Vec::with_capacity(129);
    for seat in 0..4u8 {
        for rank in 1..=6u8 {
            for file in 0..5u8 {
                let (x, y) = position(seat, file, rank);
                points.push(Point {
                    name: format!("{}.{}{}", SEATS[seat as usize], FILES[file as usize], rank),
                    kind: territory_kind(file, rank),
                    layer: 0,
                    owner: owners[seat as usize],
                    home_row: rank,
                    x,
                    y,
                });
            }
        }
    }
    for (i, name) in CENTRE.iter().enumerate() {
        points.push(Point {
            name: format!("C.{name}"),
            kind: PointKind::Post,
            layer: 0,
            owner: None,
            home_row: 0,
            x: 6 + 2 * (i % 3) as i16,
            y: 6 + 2 * (i / 3) as i16,
        });
    }
    let mut links = Vec::new();
    for seat in 0..4u8 {
        links.extend(territory_links(|file, rank| at(seat, file, rank)));
    }
    let rail = |a: PointId, b: PointId| Link { a, b, kind: LinkKind::Railway };
    let c = centre;
    for (a, b) in [
        ("nw", "n"),
        ("n", "ne"),
        ("w", "c"),
        ("c", "e"),
        ("sw", "s"),
        ("s", "se"),
        ("nw", "w"),
        ("w", "sw"),
        ("n", "c"),
        ("c", "s"),
        ("ne", "e"),
        ("e", "se"),
    ] {
        links.push(rail(c(a), c(b)));
    }
    // Front row to the centre: a6, c6, e6 of each seat reach the three centre points on its side,
    // taken from the seat's left.
    let sides: [[&str; 3]; 4] = [["sw", "s", "se"], ["se", "e", "ne"], ["ne", "n", "nw"], ["nw", "w", "sw"]];
    for seat in 0..4u8 {
        for (k, file) in [0u8, 2, 4].into_iter().enumerate() {
            links.push(rail(at(seat, file, 6), c(sides[seat as usize][k])));
        }
    }
    // Arcs: X.e6 – next(X).a6.
    for seat in 0..4u8 {
        links.push(rail(at(seat, 4, 6), at(next_ccw(seat), 0, 6)));
    }
    Board::new(points, links, lines())
}

fn lines() -> Vec<Vec<PointId>> {
    let c = centre;
    let mut lines = Vec::new();
    for seat in 0..4u8 {
        lines.push((0..5).map(|f| at(seat, f, 2)).collect());
        lines.push((0..5).map(|f| at(seat, f, 6)).collect());
    }
    let file_up = |seat: u8, file: u8| (2..=6).map(move |r| at(seat, file, r));
    let file_down = |seat: u8, file: u8| (2..=6).rev().map(move |r| at(seat, file, r));
    // Through-lines: up one seat's outer file, along a centre edge, down the opposite seat's file.
    let through = |s: u8, sf: u8, mid: [&str; 3], o: u8, of: u8| -> Vec<PointId> {
        file_up(s, sf).chain(mid.iter().map(|m| c(m))).chain(file_down(o, of)).collect()
    };
    lines.push(through(0, 0, ["sw", "w", "nw"], 2, 4));
    lines.push(through(0, 4, ["se", "e", "ne"], 2, 0));
    lines.push(through(1, 0, ["se", "s", "sw"], 3, 4));
    lines.push(through(1, 4, ["ne", "n", "nw"], 3, 0));
    lines.push(vec![at(0, 2, 6), c("s"), c("c"), c("n"), at(2, 2, 6)]);
    lines.push(vec![at(1, 2, 6), c("e"), c("c"), c("w"), at(3, 2, 6)]);
    // Arc lines: X.e2…X.e6 then next(X).a6…next(X).a2.
    for seat in 0..4u8 {
        lines.push(file_up(seat, 4).chain(file_down(next_ccw(seat), 0)).collect());
    }
    lines
}

/// The deployment order of a seat: the 2-player order in the seat's own coordinates.
pub fn deployment_order(seat: Seat) -> Vec<PointId> {
    let mut order = Vec::with_capacity(25);
    for rank in (1..=6u8).rev() {
        for file in 0..5u8 {
            if territory_kind(file, rank) != PointKind::Camp {
                order.push(at(seat.0, file, rank));
            }
        }
    }
    order
}
