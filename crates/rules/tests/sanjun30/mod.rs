//! 海陆空三军战斗棋 (`rules-sanjun30.md`): board totals, hand-checked move counts per piece class
//! and link kind, one test per combat rule line of §5, deployment, visibility, the end of the
//! game and random playouts. A module of `sanjun.rs` (no test binary of its own).

mod combat;
mod contract;
mod play;

use junqi_rules::board::{LinkKind, PointId};
use junqi_rules::game::Move;
use junqi_rules::piece::{Piece, PieceKind};
use junqi_rules::sanjun::board::LaneKind;
use junqi_rules::sanjun30::board::{Sanjun30Board, Station};
use junqi_rules::sanjun30::pieces::from_code;
use junqi_rules::sanjun30::{Sanjun30Game, Sanjun30Options};
use junqi_rules::seat::Seat;

const RED: Seat = Seat::RED;
const BLUE: Seat = Seat::BLUE;

fn b() -> &'static Sanjun30Board {
    Sanjun30Board::get()
}

fn p(name: &str) -> PointId {
    b().p(name)
}

fn k(code: char) -> PieceKind {
    from_code(code).unwrap()
}

/// A position from `(point, seat, code)` triples.
fn pos(pieces: &[(&str, Seat, char)], to_move: Seat, options: Sanjun30Options) -> Sanjun30Game {
    let mut cells = vec![None; b().board.len()];
    for &(n, seat, c) in pieces {
        cells[p(n).index()] = Some(Piece { seat, kind: k(c), known: false });
    }
    Sanjun30Game::from_position(cells, to_move, options)
}

fn red_to_move(pieces: &[(&str, Seat, char)]) -> Sanjun30Game {
    pos(pieces, RED, Sanjun30Options::default())
}

/// The destinations of the piece on `from`, sorted by name.
fn dests(g: &Sanjun30Game, from: &str) -> Vec<String> {
    let mut v: Vec<String> = g.legal_moves_from(p(from)).iter().map(|m| b().board.name(m.to).to_string()).collect();
    v.sort();
    v
}

fn names(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn mv(from: &str, to: &str) -> Move {
    Move { from: p(from), to: p(to) }
}

// ---------------------------------------------------------------- §2 board

#[test]
fn every_total_of_section_2_3() {
    let b = b();
    let count = |st: Station| b.board.point_ids().filter(|&q| b.station(q) == st).count();
    assert_eq!((count(Station::Gate), count(Station::Camp), count(Station::Bridgehead)), (6, 4, 4));
    assert_eq!(count(Station::Post), 28);
    assert_eq!((count(Station::Battery), count(Station::Landing), count(Station::Coast)), (8, 4, 2));
    assert_eq!((count(Station::Anchor), count(Station::Naval)), (12, 36));
    assert_eq!(count(Station::Bridge), 10);
    assert_eq!((count(Station::Airport), count(Station::HighAltitude)), (4, 16));
    assert_eq!(b.board.len(), 134);

    let links = |kind: LinkKind| b.board.links().iter().filter(|l| l.kind == kind).count();
    assert_eq!((links(LinkKind::Road), links(LinkKind::Coast)), (72, 12));
    assert_eq!((links(LinkKind::Railway), links(LinkKind::Bridge)), (6, 12));
    assert_eq!((links(LinkKind::SeaLane), links(LinkKind::Landing)), (76, 8));
    assert_eq!(links(LinkKind::Arrow { both_ways: true }), 8);
    assert_eq!(links(LinkKind::Arrow { both_ways: false }), 16);
    assert_eq!((links(LinkKind::AirLane), links(LinkKind::HighAltitude)), (104, 18));
    assert_eq!(b.board.links().len(), 332);

    let lanes = |kind: LaneKind| b.lanes().iter().filter(|l| l.kind == kind).count();
    assert_eq!((lanes(LaneKind::File), lanes(LaneKind::Rank), lanes(LaneKind::HighAltitude)), (6, 8, 2));
    // The rank-11 lane lost `h11` with the diamond (§2.3); rank 15 is its turn.
    let stops = |name: &str| -> Vec<String> {
        let lane = b.lanes().iter().find(|l| l.kind == LaneKind::Rank && l.name == name).unwrap();
        lane.stops.iter().map(|&q| b.board.name(q).to_string()).collect()
    };
    assert_eq!(stops("11"), ["a11", "c11", "e11", "g11", "i11", "k11", "m11", "o11"]);
    assert_eq!(stops("15"), ["a15", "c15", "e15", "g15", "i15", "k15", "m15", "o15"]);
    assert!(b.board.find("h11").is_none() && b.board.find("h15").is_none());
    // Four rail lines (§11.2): two railways of 3 links, two bridges of 6.
    let lens: Vec<usize> = b.rail_lines().iter().map(|l| l.len() - 1).collect();
    assert_eq!(lens, [3, 3, 6, 6]);
}

#[test]
fn named_points_of_section_2() {
    let b = b();
    let of = |st: Station, seat: Seat| -> Vec<String> {
        b.board
            .point_ids()
            .filter(|&q| b.station(q) == st && b.board.point(q).owner == Some(seat))
            .map(|q| b.board.name(q).to_string())
            .collect()
    };
    assert_eq!(of(Station::Gate, RED), ["f1", "h1", "j1"]);
    assert_eq!(of(Station::Camp, RED), ["g4", "i4"]);
    assert_eq!(of(Station::Camp, BLUE), ["g22", "i22"]);
    assert_eq!(of(Station::Bridgehead, RED), ["e6", "k6"]);
    assert_eq!(of(Station::Anchor, RED), ["c9", "e9", "g9", "i9", "k9", "m9"]);
    assert_eq!(of(Station::Battery, RED), ["f7", "j7", "g8", "i8"]);
    assert_eq!(of(Station::Landing, RED), ["e8", "k8"]);
    assert_eq!(of(Station::Airport, RED), ["a3", "o3"]);
    // Per side: 28 land (23 marked), 6 anchors marked; the shared front holds 4 naval and 2
    // bridge stations.
    for seat in [RED, BLUE] {
        let land: Vec<PointId> =
            b.board.point_ids().filter(|&q| b.board.point(q).owner == Some(seat) && b.station(q).is_land()).collect();
        assert_eq!(land.len(), 28);
        assert_eq!(land.iter().filter(|&&q| b.is_marked(q)).count(), 23);
        let anchors_marked =
            b.board.point_ids().filter(|&q| b.board.point(q).owner == Some(seat) && b.is_marked(q)).count() - 23;
        assert_eq!(anchors_marked, 6);
    }
    let unmarked: Vec<&str> = b
        .board
        .point_ids()
        .filter(|&q| b.board.point(q).owner == Some(RED) && b.station(q).is_land() && !b.is_marked(q))
        .map(|q| b.board.name(q))
        .collect();
    assert_eq!(unmarked, ["g4", "i4", "e6", "k6", "h7"]);
    let shared =
        |st: Station| b.board.point_ids().filter(|&q| b.board.point(q).owner.is_none() && b.station(q) == st).count();
    assert_eq!((shared(Station::Naval), shared(Station::Bridge)), (4, 2));
}

#[test]
fn air_stops_82() {
    let b = b();
    let stops: Vec<PointId> = b.board.point_ids().filter(|&q| b.is_air_stop(q)).collect();
    assert_eq!(stops.len(), 82);
    let of = |f: fn(Station) -> bool| stops.iter().filter(|&&q| f(b.station(q))).count();
    assert_eq!(of(Station::is_land), 32, "camps included");
    assert_eq!(of(Station::is_sea), 28, "anchors included");
    assert_eq!(of(|s| s == Station::Bridge), 2, "c13 and m13");
    assert_eq!(of(|s| s == Station::Airport), 4);
    assert_eq!(of(|s| s == Station::HighAltitude), 16);
    assert_eq!(of(|s| s == Station::Gate), 0, "no city gate is an air stop");
    assert_eq!(of(|s| s == Station::Camp), 4, "aircraft raid camps");
}

#[test]
fn the_board_is_unchanged_by_the_half_turn() {
    let b = b();
    for q in b.board.point_ids() {
        let t = b.turned(q);
        assert_eq!(b.turned(t), q);
        assert_eq!(b.station(q), b.station(t), "{}", b.board.name(q));
        assert_eq!(b.is_marked(q), b.is_marked(t));
        assert_eq!(b.is_air_stop(q), b.is_air_stop(t));
    }
    let mut links: Vec<(u8, u8, String)> = Vec::new();
    let key = |a: PointId, c: PointId, kind: LinkKind| {
        let (x, y) = if matches!(kind, LinkKind::Arrow { .. } | LinkKind::Landing) || a < c { (a, c) } else { (c, a) };
        (x.0, y.0, format!("{kind:?}"))
    };
    for l in b.board.links() {
        links.push(key(l.a, l.b, l.kind));
    }
    let mut turned: Vec<(u8, u8, String)> =
        b.board.links().iter().map(|l| key(b.turned(l.a), b.turned(l.b), l.kind)).collect();
    links.sort();
    turned.sort();
    assert_eq!(links, turned);
    assert_eq!(b.board.name(b.turned(p("e6"))), "k20");
    assert_eq!(b.board.name(b.turned(p("g4"))), "i22");
}

// ---------------------------------------------------------------- §4 movement, hand-checked counts

#[test]
fn officer_road_and_rail_counts() {
    // A colonel on g6: roads f5 h5 f7 h7; the railway east i6 k6, west e6 (the line's end).
    let g = red_to_move(&[("g6", RED, 'e'), ("h21", BLUE, 'a')]);
    assert_eq!(dests(&g, "g6"), names(&["f5", "h5", "f7", "h7", "i6", "k6", "e6"]));
    // On the bridgehead e6: the railway (3 links), the bridge up to 3 links, roads f5 f7.
    let g = red_to_move(&[("e6", RED, 'e'), ("h21", BLUE, 'a')]);
    assert_eq!(dests(&g, "e6"), names(&["g6", "i6", "k6", "b7", "b10", "c13", "f5", "f7"]));
    assert_eq!(g.legal_moves_from(p("e6")).len(), 8);
    // On the bridge b10: back to b7 and the bridgehead, on to c13 b16 b19 (3 links).
    let g = red_to_move(&[("b10", RED, 'e'), ("h21", BLUE, 'a')]);
    assert_eq!(dests(&g, "b10"), names(&["b7", "e6", "c13", "b16", "b19"]));
    // A piece in the way stops the ride; an enemy is attacked and ends it.
    let g = red_to_move(&[("e6", RED, 'e'), ("b10", RED, 'j'), ("i6", BLUE, 'h')]);
    assert_eq!(dests(&g, "e6"), names(&["g6", "i6", "b7", "f5", "f7"]));
}

#[test]
fn engineer_rides_any_distance_along_one_line() {
    // From e6: the whole railway (3) and the whole bridge to Blue's bridgehead e20 (6), roads 2.
    let g = red_to_move(&[("e6", RED, 'i'), ("h21", BLUE, 'a')]);
    assert_eq!(g.legal_moves_from(p("e6")).len(), 11);
    // From b7 the engineer reaches e20; a colonel stops at b16.
    let g = red_to_move(&[("b7", RED, 'i'), ("n7", RED, 'e'), ("h21", BLUE, 'a')]);
    assert_eq!(dests(&g, "b7"), names(&["e6", "b10", "c13", "b16", "b19", "e20"]));
    assert_eq!(dests(&g, "n7"), names(&["k6", "n10", "m13", "n16"]));
    // Never from one line onto another at a bridgehead (§11.4): from g6 the engineer cannot
    // turn onto the bridge at e6.
    let g = red_to_move(&[("g6", RED, 'i'), ("h21", BLUE, 'a')]);
    assert_eq!(dests(&g, "g6"), names(&["f5", "h5", "f7", "h7", "i6", "k6", "e6"]));
}

#[test]
fn cavalry_gallops_two_road_links_never_over_a_bridgehead() {
    // h5: four roads, and eight points two road links away over the empty g4 i4 g6 i6.
    let g = red_to_move(&[("h5", RED, '2'), ("h21", BLUE, 'a')]);
    assert_eq!(dests(&g, "h5"), names(&["g4", "i4", "g6", "i6", "f3", "h3", "j3", "f5", "j5", "f7", "h7", "j7"]));
    // f5 with its own mine on g6: f7 would need the bridgehead e6 as the middle point.
    let g = red_to_move(&[("f5", RED, '2'), ("g6", RED, 'j'), ("h21", BLUE, 'a')]);
    assert_eq!(dests(&g, "f5"), names(&["e4", "g4", "e6", "f3", "h3", "h5"]));
    // A full middle point blocks the gallop; an infantryman has no gallop at all.
    let g = red_to_move(&[("h5", RED, '3'), ("h21", BLUE, 'a')]);
    assert_eq!(g.legal_moves_from(p("h5")).len(), 4);
}

#[test]
fn immobile_pieces_and_gates_that_freeze_nothing() {
    let g = red_to_move(&[("h1", RED, 'l'), ("f1", RED, 'j'), ("j1", RED, '5'), ("g8", RED, 'm'), ("e2", RED, 'a')]);
    for q in ["h1", "f1", "j1", "g8"] {
        assert!(dests(&g, q).is_empty(), "{q}");
    }
    // A piece on a gate moves (§2.1 Decision): the commander from f1 … here from e2 to f1 and
    // from a gate back out.
    let g = red_to_move(&[("f1", RED, 'a'), ("h21", BLUE, 'a')]);
    assert_eq!(dests(&g, "f1"), names(&["e2", "g2"]));
}

#[test]
fn camps_protect_their_own_side_from_all_but_aircraft_and_missiles() {
    // Red colonel in Red's camp g4; Blue's general next to it cannot attack; Blue's fighter can.
    let g = pos(&[("g4", RED, 'e'), ("f5", BLUE, 'b'), ("e4", BLUE, 'u'), ("h21", RED, 'a')], BLUE, Default::default());
    assert!(!dests(&g, "f5").contains(&"g4".to_string()));
    assert!(dests(&g, "e4").contains(&"g4".to_string()));
    // A Blue piece in Red's camp is unprotected: Red's general takes it.
    let g = red_to_move(&[("g4", BLUE, 'e'), ("f5", RED, 'b'), ("h21", BLUE, 'a')]);
    assert!(dests(&g, "f5").contains(&"g4".to_string()));
    // Either side may enter an empty camp.
    let g = pos(&[("f5", BLUE, 'b'), ("h21", RED, 'a')], BLUE, Default::default());
    assert!(dests(&g, "f5").contains(&"g4".to_string()));
    // A missile may attack a piece in its own camp by an ordinary move too (§11.6).
    let g = pos(&[("g4", RED, 'e'), ("f5", BLUE, '6'), ("h21", RED, 'a')], BLUE, Default::default());
    assert!(dests(&g, "f5").contains(&"g4".to_string()));
}

#[test]
fn missile_launches_along_one_lane_never_onto_protected_points() {
    // On g4: four roads; launches onto the Blue destroyer on g13 (file g, over g6 … g11) and onto
    // the Blue colonel in Red's camp i4 (rank 4); not onto the fighter on the high stop o4.
    let g =
        red_to_move(&[("g4", RED, '6'), ("g13", BLUE, 's'), ("i4", BLUE, 'e'), ("o4", BLUE, 'u'), ("g8", RED, 'n')]);
    assert_eq!(dests(&g, "g4"), names(&["f3", "h3", "f5", "h5", "g13", "i4"]));
    // A launch is always an attack: no empty destination off the roads.
    let g = red_to_move(&[("g4", RED, '6'), ("h21", BLUE, 'a')]);
    assert_eq!(g.legal_moves_from(p("g4")).len(), 4);
    // Never onto an enemy gate, empty or occupied (§11.7); a colonel may.
    let g = red_to_move(&[("g24", RED, '6'), ("e24", RED, 'e'), ("h25", BLUE, 'l'), ("h21", BLUE, 'a')]);
    assert_eq!(dests(&g, "g24"), names(&["f23", "h23"]));
    assert_eq!(dests(&g, "e24"), names(&["f23", "f25"]));
}

#[test]
fn ship_counts_landing_and_ashore() {
    // A battleship on the anchor e9: sea lanes d10 f10, landing onto e8. A destroyer: no landing.
    let g = red_to_move(&[("e9", RED, 'p'), ("k9", RED, 's'), ("h21", BLUE, 'a')]);
    assert_eq!(dests(&g, "e9"), names(&["d10", "f10", "e8"]));
    assert_eq!(dests(&g, "k9"), names(&["j10", "l10"]));
    // Ashore on e8 a battleship moves as a land piece (§11.8): coast f7, road? none from e8 but
    // the coastline; back to sea along the landing links c9 e9.
    let g = red_to_move(&[("e8", RED, 'p'), ("h21", BLUE, 'a')]);
    assert_eq!(dests(&g, "e8"), names(&["f7", "c9", "e9"]));
    // Inland it rides the railway and the bridge like any land piece.
    let g = red_to_move(&[("e6", RED, 'q'), ("h21", BLUE, 'a')]);
    assert_eq!(g.legal_moves_from(p("e6")).len(), 8);
    assert!(dests(&g, "e6").iter().all(|d| b().station(p(d)).is_land() || b().station(p(d)) == Station::Bridge));
}

#[test]
fn strikes_gunboat_and_battery() {
    // A gunboat on e9: sea lanes d10 f10; strikes across the double arrow at f7 and at the
    // fighter resting on g9 (an air link away).
    let g = red_to_move(&[("e9", RED, 'r'), ("f7", BLUE, 'g'), ("g9", BLUE, 'u')]);
    assert_eq!(dests(&g, "e9"), names(&["d10", "f10", "f7", "g9"]));
    // Without targets the arrows give nothing.
    let g = red_to_move(&[("e9", RED, 'r'), ("h21", BLUE, 'a')]);
    assert_eq!(dests(&g, "e9"), names(&["d10", "f10"]));
    // The gunboat strikes the bridge across a single arrow (c11 → b10).
    let g = red_to_move(&[("c11", RED, 'r'), ("b10", BLUE, 'h')]);
    assert!(dests(&g, "c11").contains(&"b10".to_string()));
    // A battery on g8 strikes a ship on g9 only; never a land piece, never along other links.
    let g = red_to_move(&[("g8", RED, 'm'), ("g9", BLUE, 't'), ("h7", BLUE, 'a')]);
    assert_eq!(dests(&g, "g8"), names(&["g9"]));
    let g = red_to_move(&[("g8", RED, 'm'), ("g9", BLUE, 'u')]);
    assert!(dests(&g, "g8").is_empty());
}

#[test]
fn flight_counts() {
    // From the own airport a3: the high lane a, 8 stops; Blue's airport a23 is not for it.
    let g = red_to_move(&[("a3", RED, 'u'), ("h21", BLUE, 'a')]);
    assert_eq!(g.legal_moves_from(p("a3")).len(), 8);
    assert!(!dests(&g, "a3").contains(&"a23".to_string()));
    // From e4: file lane e (12 other stops) and rank lane 4 (5 other stops).
    let g = red_to_move(&[("e4", RED, 'v'), ("h21", BLUE, 'a')]);
    assert_eq!(g.legal_moves_from(p("e4")).len(), 17);
    // No turn within a move; own pieces block only their own stop; protected stops refuse.
    let g = red_to_move(&[("e4", RED, 'u'), ("e8", RED, 'e'), ("a4", BLUE, 'u'), ("h21", BLUE, 'a')]);
    assert_eq!(g.legal_moves_from(p("e4")).len(), 15);
}
