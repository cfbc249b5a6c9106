//! 二十一世紀海軍棋 (`rules-haijun.md` §9, §10's `haijun21` points): board and lane totals, the
//! fleet, movement, and (in the submodules) combat cell by cell, deployment, the game loop,
//! visibility, the end, the contract and records, and random playouts.

mod combat;
mod play;

use junqi_rules::board::{Board, PointId, PointKind};
use junqi_rules::haijun21::board::{get, lane_rays, lanes, on_lane};
use junqi_rules::haijun21::moves::{MoveKind, destinations};
use junqi_rules::haijun21::pieces::{FLEET_SIZE, PIECES, from_code, parse as parse_piece};
use junqi_rules::piece::PieceKind;
use junqi_rules::seat::Seat;

const RED: Seat = Seat::RED;
const BLUE: Seat = Seat::BLUE;

fn p(board: &Board, name: &str) -> PointId {
    board.find(name).unwrap_or_else(|| panic!("no point {name}"))
}

fn k(code: char) -> PieceKind {
    from_code(code).unwrap()
}

#[test]
fn the_board_has_the_totals_of_section_9() {
    let b = get();
    assert_eq!(b.len(), 60);
    let hqs: Vec<&str> =
        b.point_ids().filter(|&q| b.point(q).kind == PointKind::Headquarters).map(|q| b.name(q)).collect();
    assert_eq!(hqs, ["c1", "c12"]);
    assert_eq!(b.point_ids().filter(|&q| b.point(q).kind == PointKind::Camp).count(), 0, "no camps");
    assert!(b.lines().is_empty(), "no railway");
    // 48 + 55 orthogonal, 88 diagonal = 191 (§9).
    assert_eq!(b.links().len(), 191);
    let (mut orthogonal, mut diagonal) = (0, 0);
    for l in b.links() {
        let (x, y) = (b.point(l.a), b.point(l.b));
        match ((x.x - y.x).abs(), (x.y - y.y).abs()) {
            (1, 0) | (0, 1) => orthogonal += 1,
            (1, 1) => diagonal += 1,
            other => panic!("a link of shape {other:?}"),
        }
    }
    assert_eq!((orthogonal, diagonal), (103, 88));
    // Corners have 3 neighbours, edges 5, the inside 8.
    assert_eq!(b.neighbours(p(b, "a1")).len(), 3);
    assert_eq!(b.neighbours(p(b, "c1")).len(), 5);
    assert_eq!(b.neighbours(p(b, "c6")).len(), 8);
    // The front is open water: c6 sees b7, c7, d7.
    assert!(b.has_link(p(b, "c6"), p(b, "b7"), junqi_rules::board::LinkKind::Road));
    assert_eq!(b.point(p(b, "c7")).owner, Some(BLUE));
    assert_eq!(b.point(p(b, "c7")).home_row, 6);
}

#[test]
fn the_air_lanes_are_files_b_and_d_and_ranks_3_and_10() {
    let b = get();
    let names: Vec<Vec<&str>> = lanes().iter().map(|l| l.iter().map(|&q| b.name(q)).collect()).collect();
    assert_eq!(names[0].first().copied(), Some("b1"));
    assert_eq!(names[0].last().copied(), Some("b12"));
    assert_eq!(names[2], ["a3", "b3", "c3", "d3", "e3"]);
    assert_eq!(names[3], ["a10", "b10", "c10", "d10", "e10"]);
    assert_eq!(lanes().iter().map(Vec::len).sum::<usize>(), 34);
    // 24 + 10 − 4 crossings = 30 lane points; 15 in each half.
    let on: Vec<PointId> = b.point_ids().filter(|&q| on_lane(q)).collect();
    assert_eq!(on.len(), 30);
    assert_eq!(on.iter().filter(|&&q| b.point(q).owner == Some(RED)).count(), 15);
    assert!(!on_lane(p(b, "c1")) && !on_lane(p(b, "a6")) && on_lane(p(b, "a3")) && on_lane(p(b, "d12")));
    // A crossing has four rays; the end of a lane one.
    assert_eq!(lane_rays(p(b, "b3")).len(), 4);
    assert_eq!(lane_rays(p(b, "b1")).len(), 1);
    assert_eq!(lane_rays(p(b, "a3")).len(), 1);
    assert!(lane_rays(p(b, "c5")).is_empty());
}

#[test]
fn the_fleet_is_27_pieces_with_the_codes_of_10_10() {
    assert_eq!(PIECES.iter().map(|d| d.count as usize).sum::<usize>(), FLEET_SIZE);
    assert_eq!(FLEET_SIZE, 27);
    let codes: String = PIECES.iter().map(|d| d.code).collect();
    assert_eq!(codes, "abcdefghijklmn");
    let counts: Vec<u8> = PIECES.iter().map(|d| d.count).collect();
    assert_eq!(counts, [1, 2, 2, 2, 3, 3, 2, 2, 3, 1, 3, 1, 1, 1]);
    for (text, code) in [
        ("N", 'n'),
        ("航空母艦", 'a'),
        ("炮艦", 'b'),
        ("魚雷快艇", 'e'),
        ("掃雷艇", 'f'),
        ("飛彈快艇", 'k'),
        ("飞弹快艇", 'k'),
        ("軍旗", 'l'),
        ("反潛機", 'm'),
        ("轟炸機", 'n'),
        ("flag", 'l'),
        ("flagship", 'j'),
        ("missile boat", 'k'),
        ("bomber", 'n'),
    ] {
        assert_eq!(parse_piece(text), Some(k(code)), "{text}");
    }
    // Short labels are one character and distinct, so tiles tell every kind apart.
    let mut shorts: Vec<&str> = PIECES.iter().map(|d| d.short_zh).collect();
    shorts.sort_unstable();
    shorts.dedup();
    assert_eq!(shorts.len(), 14);
    assert_eq!(parse_piece("司令"), None);
}

/// The destinations of a piece of `seat` and `kind` at `from`, others as given, sorted by name.
fn dests(from: &str, kind: char, seat: Seat, others: &[(&str, Seat, char)]) -> Vec<(String, MoveKind)> {
    let b = get();
    let at = |q: PointId| others.iter().find(|o| p(b, o.0) == q).map(|o| (o.1, k(o.2)));
    let mut v: Vec<(String, MoveKind)> = destinations(b, p(b, from), seat, k(kind), at)
        .into_iter()
        .map(|(q, how)| (b.name(q).to_string(), how))
        .collect();
    v.sort_by(|x, y| x.0.cmp(&y.0));
    v
}

fn names(v: &[(String, MoveKind)]) -> Vec<&str> {
    v.iter().map(|x| x.0.as_str()).collect()
}

#[test]
fn ships_step_in_eight_directions_and_the_mine_never_moves() {
    assert_eq!(names(&dests("c5", 'b', RED, &[])), ["b4", "b5", "b6", "c4", "c6", "d4", "d5", "d6"]);
    // Own pieces block, enemies are attacked, diagonally too.
    let v = dests("c5", 'b', RED, &[("b6", RED, 'c'), ("d6", BLUE, 'c')]);
    assert_eq!(names(&v), ["b4", "b5", "c4", "c6", "d4", "d5", "d6"]);
    assert!(v.iter().all(|x| x.1 == MoveKind::Step));
    assert!(dests("a1", 'i', RED, &[]).is_empty());
    // The flagship moves freely, out of its corner too.
    assert_eq!(names(&dests("a1", 'j', RED, &[])), ["a2", "b1", "b2"]);
}

#[test]
fn the_flag_steps_only_onto_empty_points() {
    let v = dests("c1", 'l', RED, &[("b2", BLUE, 'c'), ("d1", RED, 'c')]);
    assert_eq!(names(&v), ["b1", "c2", "d2"]);
}

#[test]
fn nothing_in_an_hq_can_be_attacked_but_the_flag() {
    // §10.12: an enemy ship in Red's HQ is safe; the flag in its own HQ is not.
    assert!(!names(&dests("c2", 'a', RED, &[("c1", BLUE, 'c')])).contains(&"c1"));
    assert!(names(&dests("c11", 'a', RED, &[("c12", BLUE, 'l')])).contains(&"c12"));
    // Either side may enter an empty HQ.
    assert!(names(&dests("c11", 'a', RED, &[])).contains(&"c12"));
}

#[test]
fn aircraft_fly_along_one_lane_over_anything_and_never_step() {
    // b4 lies on file b only: it flies b1–b12 over pieces, never to a4 or c5.
    let v = dests("b4", 'n', RED, &[("b5", RED, 'c'), ("b6", BLUE, 'c'), ("b8", BLUE, 'd')]);
    assert_eq!(names(&v), ["b1", "b10", "b11", "b12", "b2", "b3", "b6", "b7", "b8", "b9"]);
    assert!(v.contains(&("b8".to_string(), MoveKind::Flight(4))));
    assert!(!names(&v).contains(&"b5"), "not onto an own piece");
    assert!(!names(&v).contains(&"a4") && !names(&v).contains(&"c5"), "no plain step");
    // A crossing: both lanes.
    let v = dests("d3", 'm', RED, &[]);
    assert_eq!(v.len(), 11 + 4);
    assert!(names(&v).contains(&"a3") && names(&v).contains(&"d12"));
    assert!(!names(&v).contains(&"c4"), "no diagonal step");
}
