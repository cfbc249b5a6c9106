//! 海军棋 (`rules-haijun.md` §1–8): board totals, the combat table cell by cell, movement,
//! deployment, visibility, the end of the game and random playouts. A module of `sanjun.rs` (no
//! test binary of its own).

mod combat;
mod haijun21;
mod play;

use junqi_rules::board::{Board, LinkKind, PointId, PointKind};
use junqi_rules::haijun::board::{Front, get};
use junqi_rules::haijun::combat::printed_row;
use junqi_rules::haijun::moves::{MoveKind, destinations};
use junqi_rules::haijun::pieces::{FLEET_SIZE, PIECES, from_code, parse as parse_piece};
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
fn the_board_has_the_totals_of_section_2() {
    let b = get(Front::Open);
    assert_eq!(b.len(), 60);
    let count = |kind: PointKind| b.point_ids().filter(|&q| b.point(q).kind == kind).count();
    assert_eq!(count(PointKind::Headquarters), 4);
    assert_eq!(count(PointKind::Camp), 10);
    assert_eq!(count(PointKind::Post), 46);
    let links = |kind: LinkKind| b.links().iter().filter(|l| l.kind == kind).count();
    assert_eq!(links(LinkKind::Railway), 35, "red lines");
    assert_eq!(links(LinkKind::Road), 100, "branch lines");
    assert_eq!(b.links().len(), 135);
    // §10.7: front=junqi removes exactly b6–b7 and d6–d7.
    let j = get(Front::Junqi);
    assert_eq!(j.links().iter().filter(|l| l.kind == LinkKind::Road).count(), 98);
    for (x, y) in [("b6", "b7"), ("d6", "d7")] {
        assert!(b.has_link(p(b, x), p(b, y), LinkKind::Road), "{x}-{y} open");
        assert!(!j.has_link(p(j, x), p(j, y), LinkKind::Road), "{x}-{y} blocked");
    }
    for (x, y) in [("a6", "a7"), ("c6", "c7"), ("e6", "e7")] {
        assert!(b.has_link(p(b, x), p(b, y), LinkKind::Railway), "{x}-{y} red line");
    }
    let names = |kind: PointKind| {
        let mut v: Vec<&str> = b.point_ids().filter(|&q| b.point(q).kind == kind).map(|q| b.name(q)).collect();
        v.sort_unstable();
        v
    };
    assert_eq!(names(PointKind::Headquarters), ["b1", "b12", "d1", "d12"]);
    assert_eq!(names(PointKind::Camp), ["b10", "b3", "b5", "b8", "c4", "c9", "d10", "d3", "d5", "d8"]);
    // Red owns ranks 1–6; Blue mirrors it.
    assert_eq!(b.point(p(b, "c6")).owner, Some(RED));
    assert_eq!(b.point(p(b, "c7")).owner, Some(BLUE));
    assert_eq!(b.point(p(b, "c7")).home_row, 6);
}

#[test]
fn the_fleet_is_25_pieces_named_in_three_ways() {
    assert_eq!(PIECES.iter().map(|d| d.count as usize).sum::<usize>(), FLEET_SIZE);
    assert_eq!(PIECES.iter().filter(|d| !d.moves()).map(|d| d.code).collect::<String>(), "i");
    for (text, code) in [
        ("a", 'a'),
        ("J", 'j'),
        ("航空母舰", 'a'),
        ("航空母艦", 'a'),
        ("驅除艦", 'd'),
        ("驱除舰", 'd'),
        ("驅逐艦", 'd'),
        ("掃雷艦", 'f'),
        ("魚雷", 'h'),
        ("鱼", 'h'),
        ("潛水艇", 'g'),
        ("sea mine", 'i'),
        ("Flagship", 'j'),
        ("torpedo boat", 'e'),
    ] {
        assert_eq!(parse_piece(text), Some(k(code)), "{text}");
    }
    assert_eq!(parse_piece("司令"), None);
}

#[test]
fn the_printed_table_is_the_spec_table() {
    // §5 of `rules-haijun.md`, copied verbatim (the spec lives outside the repository).
    let spec = "\
     a b c d e f g h i j     (defender: 航 战 巡 驱 击 扫 潜 鱼 水 旗)\n\
a    = A A A A A D = = A     航空母舰\n\
b    D = A A A A D = = A     战斗舰\n\
c    D D = A A A D = = A     巡洋舰\n\
d    D D D = A A D = = A     驱逐舰\n\
e    D D D D = A A = = A     雷击舰\n\
f    D D D D D = D = A A     扫雷舰\n\
g    A A A A D A = = = A     潜水艇\n\
h    = = = = = = = = = =     鱼雷\n\
j    D D D D D D D = = =     旗舰\n\
";
    for (i, d) in PIECES.iter().enumerate() {
        if d.code == 'i' {
            continue;
        }
        let row = printed_row(PieceKind(i as u8));
        assert!(spec.lines().any(|l| l.starts_with(&row)), "row {row} not in the spec");
    }
}

/// The destinations of a lone piece of `seat` and `kind` at `from`, others as given.
fn dests(from: &str, kind: char, seat: Seat, others: &[(&str, Seat, char)]) -> Vec<(String, MoveKind)> {
    let b = get(Front::Open);
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
fn red_lines_carry_one_to_three_points_straight_and_branch_lines_one() {
    // a6 is a corner: up to three along rank 6 and down file a, and across the front on file a.
    let v = dests("a6", 'b', RED, &[]);
    assert_eq!(names(&v), ["a3", "a4", "a5", "a7", "a8", "a9", "b5", "b6", "c6", "d6"]);
    assert!(v.contains(&("d6".to_string(), MoveKind::RedLine(3))));
    assert!(v.contains(&("b6".to_string(), MoveKind::RedLine(1))));
    // c6: rank 6 both ways, c7 by red line (c6–c7 is one straight line of two points), c5 and
    // the camps b5 and d5 by branch.
    let v = dests("c6", 'c', RED, &[]);
    assert_eq!(names(&v), ["a6", "b5", "b6", "c5", "c7", "d5", "d6", "e6"]);
    // c6–c7–c8 mixes a red and a branch link (§10.5): c8 is not reachable.
    assert!(!names(&v).contains(&"c8"));
    // b6 crosses the open front by branch line only.
    let v = dests("b6", 'c', RED, &[]);
    assert!(v.contains(&("b7".to_string(), MoveKind::Branch)));
    // A blocker stops the ray; an enemy on it can be attacked, an own piece not.
    let v = dests("a2", 'b', RED, &[("a4", BLUE, 'c'), ("c2", RED, 'c')]);
    assert_eq!(names(&v), ["a1", "a3", "a4", "b2", "b3"]);
    // A camp diagonal is a branch step.
    let v = dests("a2", 'b', RED, &[]);
    assert!(v.contains(&("b3".to_string(), MoveKind::Branch)));
    // The sea mine never moves.
    assert!(dests("a1", 'i', RED, &[]).is_empty());
    // The flagship may leave a command HQ.
    assert_eq!(names(&dests("b1", 'j', RED, &[])), ["a1", "b2", "c1"]);
}

#[test]
fn safe_camps_shelter_everything_but_the_flagship() {
    let v = dests("b2", 'a', RED, &[("b3", BLUE, 'c')]);
    assert!(!names(&v).contains(&"b3"), "a cruiser in a camp is sheltered");
    let v = dests("b2", 'a', RED, &[("b3", BLUE, 'j')]);
    assert!(names(&v).contains(&"b3"), "the flagship in a camp can be attacked");
    // Headquarters are ordinary points (§10.6).
    let v = dests("b2", 'a', RED, &[("b1", BLUE, 'c')]);
    assert!(names(&v).contains(&"b1"));
}
