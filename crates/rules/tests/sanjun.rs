//! 陆海空三军棋 (`rules-sanjun.md`): board totals, hand-checked move counts, one test per combat
//! rule line of §5, deployment, the end of the game, and random playouts.

#[path = "haijun/mod.rs"]
mod haijun;
#[path = "sanjun30/mod.rs"]
mod sanjun30;

use std::collections::HashSet;

use junqi_rules::board::{LinkKind, PointId};
use junqi_rules::game::{Move, Reveal};
use junqi_rules::options::Mode;
use junqi_rules::options::{BombFlag, Mines};
use junqi_rules::piece::{Piece, PieceKind};
use junqi_rules::rng::Rng;
use junqi_rules::sanjun::board::{LaneKind, SanjunBoard, Station};
use junqi_rules::sanjun::combat::{printed_row, resolve};
use junqi_rules::sanjun::deploy::{SanjunSetup, Violation};
use junqi_rules::sanjun::moves::MoveKind;
use junqi_rules::sanjun::pieces::{PIECES, from_code};
use junqi_rules::sanjun::view::public_ply;
use junqi_rules::sanjun::{SanjunEnd, SanjunGame, SanjunOptions, Win};
use junqi_rules::view::Viewer;
use junqi_rules::{Outcome, Seat};

const RED: Seat = Seat::RED;
const BLUE: Seat = Seat::BLUE;

fn b() -> &'static SanjunBoard {
    SanjunBoard::get()
}

fn p(name: &str) -> PointId {
    b().p(name)
}

fn k(code: char) -> PieceKind {
    from_code(code).unwrap()
}

/// A position from `(point, seat, code)` triples.
fn pos(pieces: &[(&str, Seat, char)], to_move: Seat, options: SanjunOptions) -> SanjunGame {
    let mut cells = vec![None; b().board.len()];
    for &(n, seat, c) in pieces {
        cells[p(n).index()] = Some(Piece { seat, kind: k(c), known: false });
    }
    SanjunGame::from_position(cells, to_move, options)
}

/// The destinations of the piece on `from`, sorted by name.
fn dests(g: &SanjunGame, from: &str) -> Vec<String> {
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
fn every_total_of_section_2_6() {
    let b = b();
    let count = |st: Station| b.board.point_ids().filter(|&q| b.station(q) == st).count();
    assert_eq!(count(Station::Headquarters), 6);
    assert_eq!(count(Station::Post), 36);
    assert_eq!(count(Station::Battery), 8);
    assert_eq!(count(Station::Landing), 4);
    assert_eq!(count(Station::Coast), 2);
    assert_eq!(count(Station::Naval), 48);
    assert_eq!(count(Station::Bridge), 12);
    assert_eq!(count(Station::Airport), 4);
    assert_eq!(count(Station::HighAltitude), 16);
    assert_eq!(b.board.len(), 136);

    let links = |f: fn(LinkKind) -> bool| b.board.links().iter().filter(|l| f(l.kind)).count();
    assert_eq!(links(|k| k == LinkKind::Road), 72);
    assert_eq!(links(|k| k == LinkKind::Coast), 12);
    assert_eq!(links(|k| k == LinkKind::Railway), 6);
    assert_eq!(links(|k| k == LinkKind::Bridge), 16);
    assert_eq!(links(|k| k == LinkKind::SeaLane), 76);
    assert_eq!(links(|k| k == LinkKind::Landing), 8);
    assert_eq!(links(|k| k == LinkKind::Arrow { both_ways: true }), 8);
    assert_eq!(links(|k| k == LinkKind::Arrow { both_ways: false }), 20);
    assert_eq!(links(|k| k == LinkKind::AirLane), 106);
    assert_eq!(links(|k| k == LinkKind::HighAltitude), 18);
    assert_eq!(b.board.links().len(), 342);

    // Bridge: 12 arc spans and 4 diamond edges.
    assert_eq!(b.diamond().len(), 4);
    // Lanes: 6 file, 8 rank, 2 high-altitude (§2.5).
    let lanes = |kind: LaneKind| b.lanes().iter().filter(|l| l.kind == kind).count();
    assert_eq!((lanes(LaneKind::File), lanes(LaneKind::Rank), lanes(LaneKind::HighAltitude)), (6, 8, 2));
}

#[test]
fn per_side_and_shared_counts() {
    let b = b();
    for seat in [Some(RED), Some(BLUE)] {
        let of = |f: &dyn Fn(PointId) -> bool| {
            b.board.point_ids().filter(|&q| b.board.point(q).owner == seat && f(q)).count()
        };
        assert_eq!(of(&|q| b.station(q).is_land()), 28);
        assert_eq!(of(&|q| b.station(q).is_land() && b.is_marked(q)), 23);
        assert_eq!(of(&|q| b.station(q) == Station::Naval), 22);
        assert_eq!(of(&|q| b.station(q) == Station::Naval && b.is_marked(q)), 10);
        assert_eq!(of(&|q| b.station(q) == Station::Bridge), 5);
        assert_eq!(of(&|q| b.station(q) == Station::Airport), 2);
        assert_eq!(of(&|q| b.station(q) == Station::HighAltitude), 8);
    }
    let shared =
        |st: Station| b.board.point_ids().filter(|&q| b.board.point(q).owner.is_none() && b.station(q) == st).count();
    assert_eq!((shared(Station::Naval), shared(Station::Bridge)), (4, 2));
    let unmarked: Vec<&str> = b
        .board
        .point_ids()
        .filter(|&q| b.board.point(q).owner == Some(RED) && b.station(q).is_land() && !b.is_marked(q))
        .map(|q| b.board.name(q))
        .collect();
    assert_eq!(unmarked, ["e6", "k6", "h7", "e8", "k8"]);
}

#[test]
fn air_stops_of_section_2_5() {
    let b = b();
    let stops: Vec<PointId> = b.board.point_ids().filter(|&q| b.is_air_stop(q)).collect();
    assert_eq!(stops.len(), 84);
    let of = |f: fn(Station) -> bool| stops.iter().filter(|&&q| f(b.station(q))).count();
    assert_eq!(of(Station::is_land), 32);
    assert_eq!(of(|s| s == Station::Naval), 28);
    assert_eq!(of(|s| s == Station::Bridge), 4);
    assert_eq!(of(|s| s == Station::Airport), 4);
    assert_eq!(of(|s| s == Station::HighAltitude), 16);
    // No headquarters is an air stop (§7: only land pieces reach one).
    assert!(stops.iter().all(|&q| b.station(q) != Station::Headquarters));
    let lane = |name: &str, kind: LaneKind| {
        let l = b.lanes().iter().find(|l| l.name == name && l.kind == kind).unwrap();
        l.stops.iter().map(|&q| b.board.name(q)).collect::<Vec<_>>().join(" ")
    };
    assert_eq!(lane("e", LaneKind::File), "e2 e4 e6 e8 e9 e11 e13 e15 e17 e18 e20 e22 e24");
    assert_eq!(lane("m", LaneKind::File), "m9 m11 m13 m15 m17");
    assert_eq!(lane("11", LaneKind::Rank), "a11 c11 e11 g11 h11 i11 k11 m11 o11");
    assert_eq!(lane("15", LaneKind::Rank), "a15 c15 e15 g15 h15 i15 k15 m15 o15");
    assert_eq!(lane("22", LaneKind::Rank), "a22 e22 g22 i22 k22 o22");
    assert_eq!(lane("o", LaneKind::HighAltitude), "o3 o4 o8 o9 o11 o15 o17 o18 o22 o23");
}

#[test]
fn the_board_is_unchanged_by_the_half_turn() {
    let b = b();
    assert_eq!(b.board.name(b.turned(p("e6"))), "k20");
    for q in b.board.point_ids() {
        let t = b.turned(q);
        assert_eq!(b.turned(t), q);
        assert_eq!(b.station(t), b.station(q), "{}", b.board.name(q));
        assert_eq!(b.is_marked(t), b.is_marked(q));
        assert_eq!(b.is_air_stop(t), b.is_air_stop(q));
        let owner = b.board.point(q).owner.map(|s| Seat(1 - s.0));
        assert_eq!(b.board.point(t).owner, owner);
    }
    for l in b.board.links() {
        // The turned link exists with the same kind and, for arrows, the same direction.
        let (ta, tb) = (b.turned(l.a), b.turned(l.b));
        let found = b.board.links().iter().any(|m| {
            m.kind == l.kind
                && ((m.a, m.b) == (ta, tb) || (!matches!(l.kind, LinkKind::Arrow { .. }) && (m.a, m.b) == (tb, ta)))
        });
        assert!(found, "{}-{} {:?} has no turned twin", b.board.name(l.a), b.board.name(l.b), l.kind);
    }
    // Arrows run from the sea to the land or bridge end.
    for l in b.board.links().iter().filter(|l| matches!(l.kind, LinkKind::Arrow { .. })) {
        assert_eq!(b.station(l.a), Station::Naval);
        assert!(b.station(l.b).is_land() || b.station(l.b) == Station::Bridge);
    }
    // No sea lane reaches the bridge stations c13 and m13; layers as §2.1.
    assert!(b.board.neighbours(p("c13")).iter().all(|&(_, k)| k != LinkKind::SeaLane));
    assert_eq!((b.board.point(p("h7")).layer, b.board.point(p("h11")).layer, b.board.point(p("a9")).layer), (0, 1, 2));
}

// ---------------------------------------------------------------- §4 moves (hand-checked)

#[test]
fn officer_road_and_rail_counts() {
    let o = SanjunOptions::default();
    // g6: roads to the diagonal neighbours f5 h5 f7 h7 (no orthogonal roads); rail one or two
    // links along the loop: e6, i6, then b7 (over e6) and k6 (over i6). 4 + 4 = 8.
    let g = pos(&[("g6", RED, 'c')], RED, o);
    assert_eq!(dests(&g, "g6"), names(&["f5", "h5", "f7", "h7", "e6", "i6", "b7", "k6"]));
    // e6: roads f5 f7 only (d5, d7 do not exist); rail g6, i6, b7, b10. 2 + 4 = 6.
    let g = pos(&[("e6", RED, 'c')], RED, o);
    assert_eq!(dests(&g, "e6").len(), 6);
    // c13 (bridge): the loop gives b10, b7, b16, b19; the diamond edges h11 and h15, one link
    // each. 6. From h11 a non-engineer goes only to c13 or m13 (§10.4). 2.
    let g = pos(&[("c13", RED, 'c'), ("h11", RED, 'd')], RED, o);
    assert_eq!(dests(&g, "c13"), names(&["b10", "b7", "b16", "b19", "h15"]), "h11 is own");
    assert_eq!(dests(&g, "h11"), names(&["m13"]), "c13 is own; no turn onto the loop");
    // c13 with an own piece on b10 and an enemy on b16: b16 is attacked and stops the ride
    // (b19 not), b10 and b7 are blocked; h11, h15 stay. 3.
    let g = pos(&[("c13", RED, 'c'), ("b10", RED, 'h'), ("b16", BLUE, 'h')], RED, o);
    assert_eq!(dests(&g, "c13"), names(&["b16", "h11", "h15"]));
}

#[test]
fn engineer_counts() {
    let o = SanjunOptions::default();
    // Alone on e6: roads f5 f7; rail reaches the whole loop (18 points) and the diamond corners
    // h11 h15 — 20 rail points less e6 itself = 19. 21.
    let g = pos(&[("e6", RED, 'i')], RED, o);
    assert_eq!(dests(&g, "e6").len(), 21);
    // An own piece on m13 cuts both ways round to it but nothing else is cut off (the other
    // way round the loop and the diamond reach everything up to it): 19 − 1 = 18 rail, 20 in all.
    let g = pos(&[("e6", RED, 'i'), ("m13", RED, 'h')], RED, o);
    assert_eq!(dests(&g, "e6").len(), 20);
    // An enemy on c13 is the end of a path: b7 b10 c13 one way; the other way round the loop
    // reaches b16 and, over m13, h11 and h15; c13 counts once. Still 19 rail + 2 road.
    let g = pos(&[("e6", RED, 'i'), ("c13", BLUE, 'h')], RED, o);
    assert_eq!(dests(&g, "e6").len(), 21);
    // An enemy on b7 and one on g6: both attacked, nothing beyond. 2 road + 2 = 4.
    let g = pos(&[("e6", RED, 'i'), ("b7", BLUE, 'h'), ("g6", BLUE, 'h')], RED, o);
    assert_eq!(dests(&g, "e6"), names(&["f5", "f7", "b7", "g6"]));
}

#[test]
fn headquarters_and_immobile_pieces() {
    // With hq-exit off nothing in a headquarters moves; on, h1 has its roads g2 i2.
    let g =
        pos(&[("h1", RED, 'a'), ("f1", RED, 'l'), ("g2", RED, 'j'), ("f7", RED, 'm')], RED, SanjunOptions::default());
    assert_eq!(g.legal_moves().len(), 0);
    let g = pos(&[("h1", RED, 'a')], RED, SanjunOptions { hq_exit: true, ..SanjunOptions::default() });
    assert_eq!(dests(&g, "h1"), names(&["g2", "i2"]));
}

#[test]
fn ship_counts() {
    let o = SanjunOptions::default();
    // Destroyer on e11: sea lanes to d10 f10 d12 f12. 4. On c9: only d10 (b10 is a bridge
    // station, rank 8 has no naval station); it never lands. 1.
    let g = pos(&[("e11", RED, 's'), ("c9", BLUE, 's')], RED, o);
    assert_eq!(dests(&g, "e11").len(), 4);
    assert_eq!(dests(&g, "c9"), names(&["d10"]));
    // Battleship on e9: d10 f10 by sea, e8 by its landing link. 3.
    let g = pos(&[("e9", RED, 'p')], RED, o);
    assert_eq!(dests(&g, "e9"), names(&["d10", "e8", "f10"]));
    // §10.7: from the sea it attacks a piece on the landing station along the landing link;
    // a destroyer next to it has no such move (its sea lanes only: d10 f10). 3, then 2.
    let g = pos(&[("e9", RED, 'q'), ("c9", RED, 's'), ("e8", BLUE, 'h')], RED, o);
    assert_eq!(dests(&g, "e9"), names(&["d10", "e8", "f10"]));
    assert_eq!(dests(&g, "c9"), names(&["d10"]));
    // Landed on e8: the coastline to f7, back to sea at c9 or e9. 3. On f7: e8 and g8 only. 2.
    let g = pos(&[("e8", RED, 'q'), ("f7", BLUE, 'p')], RED, o);
    assert_eq!(dests(&g, "e8"), names(&["c9", "e9", "f7"]));
    assert_eq!(dests(&g, "f7"), names(&["e8", "g8"]));
    // Gunboat on g9: f10 h10 by sea; strikes only enemy-held arrow ends: g8 (double), h7
    // (single). Empty ends: 2; both held by enemies: 4.
    let g = pos(&[("g9", RED, 'r')], RED, o);
    assert_eq!(dests(&g, "g9").len(), 2);
    let g = pos(&[("g9", RED, 'r'), ("g8", BLUE, 'a'), ("h7", BLUE, 'u')], RED, o);
    assert_eq!(dests(&g, "g9"), names(&["f10", "g8", "h10", "h7"]));
    assert_eq!(junqi_rules::sanjun::moves::kind_of(b(), k('r'), mv("g9", "h7")), MoveKind::Strike);
    // A battery strikes a ship on its double arrow's sea end, nothing else: 1, then 0.
    let g = pos(&[("g8", RED, 'm'), ("g9", BLUE, 't'), ("i8", RED, 'm'), ("i9", BLUE, 'u')], RED, o);
    assert_eq!(dests(&g, "g8"), names(&["g9"]));
    assert_eq!(dests(&g, "i8").len(), 0);
}

#[test]
fn flight_counts() {
    let o = SanjunOptions::default();
    // Fighter on its airport a3: the high-altitude lane a4 … a22; a23 is Blue's airport. 8.
    let g = pos(&[("a3", RED, 'u')], RED, o);
    assert_eq!(dests(&g, "a3").len(), 8);
    // With an own plane on a8 and an enemy on a9 (protected): both flown over, neither a
    // destination. 6.
    let g = pos(&[("a3", RED, 'u'), ("a8", RED, 'v'), ("a9", BLUE, 'u')], RED, o);
    assert_eq!(dests(&g, "a3"), names(&["a4", "a11", "a15", "a17", "a18", "a22"]));
    // An occupied airport is never a destination, whoever holds it (§10.3): from a22 the
    // fighter reaches a18 … a4 on the high-altitude lane (7 stops) but not a23 (Blue's, held)
    // nor a3 (Red's own, held); a22 also lies on rank lane 22: e22 g22 i22 k22 o22. 12.
    let g = pos(&[("a22", RED, 'u'), ("a23", BLUE, 'u'), ("a3", RED, 'v')], RED, o);
    assert_eq!(
        dests(&g, "a22"),
        names(&["a4", "a8", "a9", "a11", "a15", "a17", "a18", "e22", "g22", "i22", "k22", "o22"])
    );
    // e8: file lane e (12 other stops) and rank lane 8 (5 others). 17. h11: rank lane 11
    // only. 8. c13: file lane c only. 4.
    let g = pos(&[("e8", RED, 'u'), ("h11", RED, 'v'), ("c13", BLUE, 'v')], RED, o);
    assert_eq!(dests(&g, "e8").len(), 17);
    assert_eq!(dests(&g, "h11").len(), 8);
    assert_eq!(dests(&g, "c13").len(), 4);
    // A gun in the way does not make a flight illegal (§10.2): e2 still reaches all 12 stops
    // of lane e, the gun's own point e6 as an attack.
    let g = pos(&[("e2", RED, 'u'), ("e6", BLUE, 'n')], RED, o);
    assert_eq!(dests(&g, "e2").len(), 12);
}

// ---------------------------------------------------------------- §5 combat, rule by rule

fn cell(a: char, d: char) -> Option<Outcome> {
    resolve(k(a), k(d), Mines::Spring)
}

use Outcome::{AttackerWon as A, BothRemoved as Eq, Bounced as Bn, DefenderWon as D, FlagCaptured as F, Scouted as R};

#[test]
fn the_table_is_the_printed_one() {
    let printed = [
        "a = A A A A A A A A D = F D A A A . . . D B",
        "b D = A A A A A A A D = F D A A A . . . D B",
        "c D D = A A A A A A D = F D A = A . . . D B",
        "d D D D = A A A A A D = F D A D A . . . D B",
        "e D D D D = A A A A D = F D A D = . . . D B",
        "f D D D D D = A A A D = F D A D D . . . D B",
        "g D D D D D D = A A D = F D A D D . . . D B",
        "h D D D D D D D = A D = F D A D D . . . D B",
        "i D D D D D D D D = A = F A A D D . . . D B",
        "k = = = = = = = = = = = F = = = = . . . D =",
        "m . . . . . . . . . . . . . . A A A A B . .",
        "n D D D D D D D D D D = F D = D D . . . A A",
        "p D D = A A A A A A D = . D A = A A A D D B",
        "q D D D D = A A A A D = . D A D = A A D D B",
        "r A A A A A A A A A D = . A A D D = A D A A",
        "s . . . . . . . . . . . . . . D D D = A D B",
        "t . . . . . . . . . . . . . . A A A D = B B",
        "u A A A A A A A A A A A . A D A A D A B A A",
        "v R R R R R R R R R R R . R D R R D R R D R",
    ];
    for row in printed {
        assert_eq!(printed_row(k(row.chars().next().unwrap())), row);
    }
    // Landmines and flags never attack.
    assert!(
        PIECES
            .iter()
            .enumerate()
            .all(|(i, _)| cell('j', PIECES[i].code).is_none() && cell('l', PIECES[i].code).is_none())
    );
}

#[test]
fn ranks_higher_wins_equal_both_removed_lieutenant_beats_only_engineers() {
    assert_eq!((cell('d', 'e'), cell('e', 'd'), cell('e', 'e')), (Some(A), Some(D), Some(Eq)));
    assert_eq!((cell('h', 'i'), cell('h', 'g'), cell('a', 'b')), (Some(A), Some(D), Some(A)));
}

#[test]
fn landed_battleship_is_a_major_general_and_cruiser_a_colonel() {
    assert_eq!((cell('p', 'c'), cell('p', 'd'), cell('p', 'b')), (Some(Eq), Some(A), Some(D)));
    assert_eq!((cell('q', 'e'), cell('q', 'f'), cell('q', 'd')), (Some(Eq), Some(A), Some(D)));
    assert_eq!((cell('c', 'p'), cell('e', 'q'), cell('f', 'q')), (Some(Eq), Some(Eq), Some(D)));
}

#[test]
fn naval_order_and_the_submarine() {
    // 主力舰 > 巡洋舰 > 炮舰 > 驱逐舰; equal ships both removed.
    assert_eq!((cell('p', 'q'), cell('q', 'r'), cell('r', 's'), cell('s', 'p')), (Some(A), Some(A), Some(A), Some(D)));
    assert_eq!((cell('p', 'p'), cell('s', 's'), cell('t', 't')), (Some(Eq), Some(Eq), Some(Eq)));
    // The submarine beats 主力舰, 巡洋舰 and 炮舰 and loses only to the destroyer.
    assert_eq!((cell('t', 'p'), cell('t', 'q'), cell('t', 'r'), cell('t', 's')), (Some(A), Some(A), Some(A), Some(D)));
    assert_eq!((cell('p', 't'), cell('s', 't')), (Some(D), Some(A)));
}

#[test]
fn mines_and_batteries() {
    // The mine beats every attacker but the engineer and the fighter.
    assert_eq!((cell('a', 'j'), cell('i', 'j'), cell('u', 'j'), cell('p', 'j')), (Some(D), Some(A), Some(A), Some(D)));
    // mines=mutual turns only the mine column's D into both removed (§10.9).
    assert_eq!(resolve(k('a'), k('j'), Mines::Mutual), Some(Eq));
    assert_eq!(resolve(k('a'), k('m'), Mines::Mutual), Some(D), "the battery keeps its D");
    assert_eq!(resolve(k('v'), k('j'), Mines::Mutual), Some(R), "the plane still only scouts a mine");
    // The battery likewise; it beats every ship it strikes, the gunboat too; the submarine bounces.
    assert_eq!((cell('a', 'm'), cell('i', 'm'), cell('u', 'm')), (Some(D), Some(A), Some(A)));
    assert_eq!(
        (cell('m', 'p'), cell('m', 'q'), cell('m', 'r'), cell('m', 's'), cell('m', 't')),
        (Some(A), Some(A), Some(A), Some(A), Some(Bn))
    );
}

#[test]
fn anti_aircraft_guns_and_bombs() {
    // The AA gun loses to everything except aircraft; against another AA gun both fall.
    assert_eq!(
        (cell('h', 'n'), cell('n', 'i'), cell('n', 'u'), cell('n', 'v'), cell('n', 'n')),
        (Some(A), Some(D), Some(A), Some(A), Some(Eq))
    );
    // The bomb trades with everything, the mine, battery and plane included; loses only to the fighter.
    assert_eq!(
        (cell('k', 'a'), cell('k', 'j'), cell('k', 'm'), cell('k', 'v'), cell('k', 'u')),
        (Some(Eq), Some(Eq), Some(Eq), Some(Eq), Some(D))
    );
    assert_eq!((cell('a', 'k'), cell('u', 'k'), cell('k', 'l')), (Some(Eq), Some(A), Some(F)));
}

#[test]
fn gunboat_and_fighter() {
    // The gunboat beats every land rank and every aircraft, trades with the bomb, loses to the mine.
    assert_eq!(
        (cell('r', 'a'), cell('r', 'u'), cell('r', 'v'), cell('r', 'k'), cell('r', 'j')),
        (Some(A), Some(A), Some(A), Some(Eq), Some(D))
    );
    // The fighter beats everything but the AA gun and the gunboat (it loses) and the submarine
    // (bounce); fighter against fighter: the attacker wins; plane against plane: reveal.
    assert_eq!((cell('u', 'a'), cell('u', 'n'), cell('u', 'r'), cell('u', 't')), (Some(A), Some(D), Some(D), Some(Bn)));
    assert_eq!((cell('u', 'u'), cell('v', 'v')), (Some(A), Some(R)));
}

#[test]
fn the_reconnaissance_plane_only_falls_to_four() {
    for a in ['a', 'i', 'p', 's', 't', 'v'] {
        assert_ne!(cell(a, 'v'), Some(D), "{a}");
        assert!(matches!(cell(a, 'v'), Some(Bn | R)), "{a}");
    }
    assert_eq!((cell('u', 'v'), cell('n', 'v'), cell('r', 'v'), cell('k', 'v')), (Some(A), Some(A), Some(A), Some(Eq)));
}

#[test]
fn winners_occupy_strikes_bounces_and_scouting_move_nobody() {
    let o = SanjunOptions::default();
    // Ordinary win: the attacker takes the point.
    let mut g = pos(&[("g6", RED, 'd'), ("h7", BLUE, 'e'), ("h1", BLUE, 'l'), ("h25", RED, 'l')], RED, o);
    let r = g.play(mv("g6", "h7")).unwrap();
    assert_eq!(r.outcome, A);
    assert_eq!(g.piece_at(p("h7")).map(|x| x.kind), Some(k('d')));
    assert!(g.piece_at(p("g6")).is_none());
    // Strike: the gunboat stays on g9, the target on h7 is removed.
    let mut g = pos(&[("g9", RED, 'r'), ("h7", BLUE, 'a'), ("a23", BLUE, 'u')], RED, o);
    let r = g.play(mv("g9", "h7")).unwrap();
    assert_eq!((r.kind, r.outcome), (MoveKind::Strike, A));
    assert!(g.piece_at(p("g9")).is_some() && g.piece_at(p("h7")).is_none());
    // Striker loses: the gunboat on a mine's arrow end is removed, the mine stays.
    let mut g = pos(&[("g9", RED, 'r'), ("g8", BLUE, 'j'), ("a23", BLUE, 'u')], RED, o);
    assert_eq!(g.play(mv("g9", "g8")).unwrap().outcome, D);
    assert!(g.piece_at(p("g9")).is_none() && g.piece_at(p("g8")).is_some());
    // Battery strikes a submarine: bounce, both stay.
    let mut g = pos(&[("g8", RED, 'm'), ("g9", BLUE, 't'), ("a3", RED, 'u')], RED, o);
    let r = g.play(mv("g8", "g9")).unwrap();
    assert_eq!(r.outcome, Bn);
    assert!(g.piece_at(p("g8")).is_some() && g.piece_at(p("g9")).is_some() && r.revealed.is_empty());
    // Reconnaissance: the target is revealed (only it), the plane is back on its start.
    let mut g = pos(&[("e2", RED, 'v'), ("e6", BLUE, 'a'), ("a23", BLUE, 'u')], RED, o);
    let r = g.play(mv("e2", "e6")).unwrap();
    assert_eq!(r.outcome, R);
    assert_eq!(r.revealed, vec![Reveal { point: p("e6"), seat: BLUE, kind: k('a') }]);
    assert!(g.piece_at(p("e2")).is_some() && g.piece_at(p("e6")).unwrap().known);
}

#[test]
fn shot_down_only_by_a_gun_strictly_between() {
    let o = SanjunOptions::default();
    // e2 → e9 passes e4 e6 e8; the enemy AA gun on e6 shoots (the first gun on the way, the
    // gunboat further on does not matter); the gun is named.
    let mut g = pos(&[("e2", RED, 'u'), ("e6", BLUE, 'n'), ("e8", BLUE, 'r'), ("a23", BLUE, 'v')], RED, o);
    let r = g.play(mv("e2", "e9")).unwrap();
    assert_eq!(r.outcome, Outcome::ShotDown);
    assert_eq!(r.revealed, vec![Reveal { point: p("e6"), seat: BLUE, kind: k('n') }]);
    assert!(g.piece_at(p("e2")).is_none() && g.piece_at(p("e9")).is_none());
    assert_eq!(g.quiet_plies(), 0);
    // Attacking the gun itself is an ordinary attack: defender won, nothing revealed.
    let mut g = pos(&[("e2", RED, 'u'), ("e6", BLUE, 'n'), ("a23", BLUE, 'v')], RED, o);
    let r = g.play(mv("e2", "e6")).unwrap();
    assert_eq!((r.outcome, r.revealed.len()), (D, 0));
    // An own gun on the way is harmless.
    let mut g = pos(&[("e2", RED, 'u'), ("e6", RED, 'n'), ("a23", BLUE, 'v')], RED, o);
    assert_eq!(g.play(mv("e2", "e9")).unwrap().outcome, Outcome::Moved);
}

#[test]
fn a_fallen_commander_reveals_the_flag() {
    let mut g = pos(
        &[
            ("g6", RED, 'k'),
            ("h7", BLUE, 'a'),
            ("h25", BLUE, 'l'),
            ("h1", RED, 'l'),
            ("a3", RED, 'u'),
            ("a23", BLUE, 'u'),
        ],
        RED,
        SanjunOptions::default(),
    );
    let r = g.play(mv("g6", "h7")).unwrap();
    assert_eq!(r.outcome, Eq);
    assert_eq!(r.revealed, vec![Reveal { point: p("h25"), seat: BLUE, kind: k('l') }]);
    assert!(r.end.is_none(), "win=flag: play goes on");
}

// ---------------------------------------------------------------- §7 end

#[test]
fn flag_capture_and_bomb_flag() {
    let base = [("g2", RED, 'k'), ("h1", BLUE, 'l'), ("a3", RED, 'u'), ("a23", BLUE, 'u')];
    let mut g = pos(&base, RED, SanjunOptions::default());
    let r = g.play(mv("g2", "h1")).unwrap();
    assert_eq!(r.outcome, F);
    assert_eq!(r.end.map(|e| (e.winner, e.reason)), Some((Some(RED), SanjunEnd::FlagCaptured)));
    let g = pos(&base, RED, SanjunOptions { bomb_flag: BombFlag::Forbidden, ..SanjunOptions::default() });
    assert!(g.check(mv("g2", "h1")).is_err());
}

#[test]
fn marshal_win_and_both_commanders() {
    let o = SanjunOptions { win: Win::Marshal, ..SanjunOptions::default() };
    let mut g = pos(&[("g6", RED, 'b'), ("h7", BLUE, 'a'), ("a3", RED, 'u'), ("a23", BLUE, 'u')], RED, o);
    let r = g.play(mv("g6", "h7")).unwrap();
    assert_eq!(r.outcome, D);
    assert!(r.end.is_none(), "the general fell, not a commander");
    let mut g =
        pos(&[("g6", RED, 'a'), ("h7", BLUE, 'b'), ("a23", BLUE, 'k'), ("g2", BLUE, 'k'), ("f3", RED, 'a')], RED, o);
    let _ = g.play(mv("g6", "h7")).unwrap();
    let r = g.play(mv("g2", "f3")).unwrap();
    assert_eq!(r.end.map(|e| (e.winner, e.reason)), Some((Some(BLUE), SanjunEnd::CommanderRemoved)));
}

#[test]
fn no_legal_move_both_stuck_and_quiet_limit() {
    let o = SanjunOptions::default();
    // Blue has only a mine left after Red's move: Blue cannot move and loses.
    let mut g = pos(&[("g6", RED, 'a'), ("h7", BLUE, 'h'), ("h21", BLUE, 'j')], RED, o);
    let r = g.play(mv("g6", "h7")).unwrap();
    assert_eq!(r.end.map(|e| (e.winner, e.reason)), Some((Some(RED), SanjunEnd::NoLegalMove)));
    // Both left with nothing that moves: draw.
    let mut g = pos(&[("g6", RED, 'k'), ("h7", BLUE, 'h'), ("h21", BLUE, 'j'), ("g2", RED, 'j')], RED, o);
    let r = g.play(mv("g6", "h7")).unwrap();
    assert_eq!(r.end.map(|e| (e.winner, e.reason)), Some((None, SanjunEnd::BothStuck)));
    // Quiet limit 2: two plies without removal end the game.
    let o2 = SanjunOptions { quiet_limit: 2, ..o };
    let mut g = pos(&[("g6", RED, 'a'), ("i20", BLUE, 'a')], RED, o2);
    assert!(g.play(mv("g6", "f5")).unwrap().end.is_none());
    let r = g.play(mv("i20", "j21")).unwrap();
    assert_eq!(r.end.map(|e| (e.winner, e.reason)), Some((None, SanjunEnd::QuietLimit)));
}

// ---------------------------------------------------------------- §3 deployment

const EXAMPLE: &str = "mnhm ce kag fbdi neg hjjf ilk / stts prqqrp / uv";

#[test]
fn every_broken_rule_at_once() {
    // Swaps: a ship on land (g6 ↔ d10), the flag out of headquarters (h1 ↔ f5), a battery off
    // its stations (g8 ↔ e4), the fighter at sea (a3 ↔ c9), a land piece at sea and a battleship
    // on an airport follow; and an extra mine makes 36 pieces with 3 mines.
    let s = SanjunSetup::parse("fnhm se lag mbdi neg hjjf ikk / ctts urqqrp / pv j").unwrap();
    let errs = s.validate(b(), RED).unwrap_err();
    let has = |v: &Violation| errs.contains(v);
    assert!(has(&Violation::Length { found: 36 }));
    assert!(has(&Violation::Count { kind: k('j'), found: 3, expected: 2 }));
    assert!(has(&Violation::WrongZone { point: p("g6"), kind: k('s') }), "a ship on land");
    assert!(has(&Violation::WrongZone { point: p("d10"), kind: k('c') }), "a land piece at sea");
    assert!(has(&Violation::WrongZone { point: p("c9"), kind: k('u') }), "an aircraft off its airport");
    assert!(has(&Violation::WrongZone { point: p("a3"), kind: k('p') }), "a ship on an airport");
    assert!(has(&Violation::FlagNotInHeadquarters { point: p("f5") }));
    assert!(has(&Violation::BatteryOffStation { point: p("e4") }));
    assert_eq!(errs.len(), 8, "{errs:?}");
    assert!(errs.iter().all(|e| !e.describe(b()).is_empty()));
}

#[test]
fn the_example_and_two_hundred_random_deployments_are_valid() {
    let s = SanjunSetup::parse(EXAMPLE).unwrap();
    assert!(s.validate(b(), RED).is_ok() && s.validate(b(), BLUE).is_ok());
    let mut rng = Rng::new(14);
    for _ in 0..200 {
        let s = SanjunSetup::random(&mut rng);
        for seat in [RED, BLUE] {
            assert!(s.validate(b(), seat).is_ok(), "{}", s.to_code_string());
        }
    }
}

// ---------------------------------------------------------------- playouts

/// Where each service may stand (§4): land pieces on land and bridge points, ships on naval
/// stations and (主力舰, 巡洋舰) the coastline, aircraft on air stops.
fn in_zone(q: PointId, kind: PieceKind) -> bool {
    use junqi_rules::sanjun::pieces::{Service, def_of};
    let st = b().station(q);
    match def_of(kind).service {
        Service::Army | Service::Weapon => st.is_land() || st == Station::Bridge,
        Service::Navy => st == Station::Naval || (matches!(kind.0, 14 | 15) && st.is_land()),
        Service::Air => b().is_air_stop(q),
    }
}

/// Plays random legal moves, checking piece counts and zones after each ply; records the
/// outcome classes and move kinds seen.
fn playout(seed: u64, plies: usize, seen: &mut HashSet<(Outcome, MoveKind)>) -> SanjunGame {
    let mut rng = Rng::new(seed);
    let red = SanjunSetup::random(&mut rng);
    let blue = SanjunSetup::random(&mut rng);
    let mut g = SanjunGame::new(&red, &blue, SanjunOptions::default(), RED).unwrap();
    for _ in 0..plies {
        let moves = g.legal_moves();
        if moves.is_empty() {
            break;
        }
        let before: usize = g.cells().iter().flatten().count();
        let m = moves[rng.below(moves.len())];
        let r = g.play(m).expect("a generated move is legal");
        seen.insert((r.outcome, r.kind));
        // §6 dark mode: a spectator learns a kind only when the rules announce it.
        let public = public_ply(b(), &r, Mode::Dark, Viewer::Spectator);
        assert_eq!(public.attacker.is_some(), r.attacker_known, "{r:?}");
        if let (Some((_, seen_kind)), Some(d)) = (public.defender, r.defender) {
            assert_eq!(seen_kind.is_some(), d.known || r.outcome == Outcome::Scouted, "{r:?}");
        }
        let after: usize = g.cells().iter().flatten().count();
        let lost = match r.outcome {
            Outcome::Moved | Outcome::Bounced | Outcome::Scouted => 0,
            Outcome::FlagshipSunk => unreachable!("陆海空 never announces a sunk flagship"),
            Outcome::AttackerWon | Outcome::DefenderWon | Outcome::FlagCaptured | Outcome::ShotDown => 1,
            Outcome::BothRemoved => 2,
        };
        assert_eq!(before - after, lost, "{:?}", r);
        for q in b().board.point_ids() {
            if let Some(c) = g.piece_at(q) {
                assert!(in_zone(q, c.kind), "{:?} on {}", c, b().board.name(q));
            }
        }
        if r.end.is_some() {
            assert!(g.legal_moves().is_empty());
            break;
        }
    }
    g
}

#[test]
fn the_start_is_symmetric() {
    // The same deployment for both sides: both have the same number of moves.
    let s = SanjunSetup::parse(EXAMPLE).unwrap();
    let g = SanjunGame::new(&s, &s, SanjunOptions::default(), RED).unwrap();
    assert_eq!(g.legal_moves_for(RED).len(), g.legal_moves_for(BLUE).len());
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]
    #[test]
    fn random_playouts_keep_the_rules(seed in 0u64..1_000_000) {
        playout(seed, 300, &mut HashSet::new());
    }
}

#[test]
fn playouts_reach_every_outcome_class_and_move_kind() {
    let mut seen = HashSet::new();
    for seed in 0..60 {
        playout(seed, 600, &mut seen);
    }
    let outcomes: HashSet<Outcome> = seen.iter().map(|(o, _)| *o).collect();
    let kinds: HashSet<MoveKind> = seen.iter().map(|(_, k)| *k).collect();
    // Flag captures are rare in random play (headquarters are deep and guarded); they are tested
    // directly in `flag_capture_and_bomb_flag`.
    for o in [A, D, Eq, Bn, R, Outcome::ShotDown, Outcome::Moved] {
        assert!(outcomes.contains(&o), "{o:?} never happened");
    }
    for k in [MoveKind::Road, MoveKind::Rail, MoveKind::Sea, MoveKind::Landing, MoveKind::Strike, MoveKind::Flight] {
        assert!(kinds.contains(&k), "{k:?} never happened");
    }
}

// ---------------------------------------------------------------- the game contract

#[test]
fn the_contract_plays_and_shows_each_audience_only_its_share() {
    use junqi_rules::contract::{Audience, Face, Fact, Game, Leave, SettingsError};
    use junqi_rules::sanjun::contract::{SANJUN_KIND, SanjunContract};

    assert_eq!((SANJUN_KIND.settings)("dark", "quiet-limit=80 mines=mutual").unwrap(), "mines=mutual quiet-limit=80");
    assert_eq!((SANJUN_KIND.settings)("", "win=marshal").unwrap(), "win=marshal");
    assert!(matches!((SANJUN_KIND.settings)("", "win=king"), Err(SettingsError::Options(_))));
    assert!((SANJUN_KIND.settings)("partners", "").is_err());
    assert!(SANJUN_KIND.is_named("陆海空三军棋"));

    let mut rng = Rng::new(7);
    let (red, blue) = (SanjunSetup::random(&mut rng), SanjunSetup::random(&mut rng));
    let engine = SanjunGame::new(&red, &blue, SanjunOptions::default(), RED).unwrap();
    let mut g = SanjunContract::new(engine, Mode::Dark).unwrap();
    for _ in 0..400 {
        let seat = g.to_move();
        let legal = g.legal(seat);
        assert!(g.legal(Seat(1 - seat.0)).is_empty());
        let Some(&mv) = legal.get(rng.below(legal.len().max(1))) else { break };
        assert_eq!(g.parse_action(seat, &g.action_token(mv)).unwrap(), mv);
        let ply = g.play(seat, mv).unwrap();
        // A spectator's account names a kind only where the rules announced it.
        for f in g.public_ply(&ply, Audience::Public).facts {
            if let Fact::Combat { attacker, .. } = f {
                assert_eq!(matches!(attacker, Face::Known { .. }), ply.attacker_known);
            }
        }
        let pic = g.picture(Audience::Public, Some(&ply));
        for t in &pic.tokens {
            let known = g.game().piece_at(t.at).unwrap().known;
            assert_eq!(matches!(t.face, Face::Known { .. }), known || g.over().is_some());
        }
        let own = g.picture(Audience::Seat(RED), None);
        assert!(own.tokens.iter().all(|t| match t.face {
            Face::Known { owner, .. } => owner == RED || g.game().piece_at(t.at).unwrap().known || g.over().is_some(),
            _ => true,
        }));
        if g.over().is_some() {
            break;
        }
    }
    if g.over().is_none() {
        let left = g.leave(RED, Leave::Resign);
        assert_eq!(left.end.and_then(|o| o.winner()), Some(1));
        assert!(g.picture(Audience::Public, None).captions.result.is_some());
    }
}

// ---------------------------------------------------------------- bad input (issue 14)

#[test]
fn a_mine_in_the_front_rows_is_refused_with_every_other_broken_rule_in_three_languages() {
    use junqi_rules::contract::{Lang, SetupError};
    use junqi_rules::sanjun::kinds::SANJUN;
    // The example with a mine swapped onto the coastline (g8 ↔ g2, which puts the battery off
    // its stations), a ship on land (g6 ↔ d10) and a fighter at sea (a3 ↔ c9).
    const BAD: &str = "jnhm se kag fbdi neg hmjf ilk / ctts urqqrp / pv";
    let s = SanjunSetup::parse(BAD).unwrap();
    for (seat, front) in [(RED, "g8"), (BLUE, "i18")] {
        let errs = s.validate(b(), seat).unwrap_err();
        assert!(errs.contains(&Violation::MineInFrontRows { point: p(front) }), "{errs:?}");
        // mine, battery, ship on land, land piece at sea, fighter at sea, ship on an airport
        assert_eq!(errs.len(), 6, "{errs:?}");
    }
    let Err(SetupError::Broken(list)) = (SANJUN.validate_setup.unwrap())(RED, BAD) else { panic!("refused as broken") };
    let en: Vec<String> = list.iter().map(|e| e.get(Lang::En)).collect();
    let zh: Vec<String> = list.iter().map(|e| e.get(Lang::ZhHans)).collect();
    let hant: Vec<String> = list.iter().map(|e| e.get(Lang::ZhHant)).collect();
    assert!(en.contains(&"rule 3: the landmine on g8 stands in the front rows (the coastline)".to_string()), "{en:?}");
    assert!(en.contains(&"rule 4: the destroyer on g6 is outside its zone".to_string()), "{en:?}");
    assert!(zh.contains(&"规则3：地雷不能放在前两排（海岸线），现在在 g8".to_string()), "{zh:?}");
    assert!(hant.contains(&"規則3：地雷不能放在前兩排（海岸線），現在在 g8".to_string()), "{hant:?}");
    assert!(zh.iter().any(|z| z.contains("驱逐舰")) && hant.iter().any(|z| z.contains("驅逐艦")));
    // Unknown codes are named, not counted.
    assert!(matches!((SANJUN.validate_setup.unwrap())(RED, "xyz"), Err(SetupError::Unreadable(_))));
    // Random deployments keep mines behind the coastline.
    let mut rng = Rng::new(3);
    for _ in 0..200 {
        let s = SanjunSetup::random(&mut rng);
        assert!(s.kinds[..4].iter().all(|&x| x != k('j')), "{}", s.to_code_string());
    }
}

#[test]
fn a_land_piece_onto_the_sea_is_refused_by_its_class_and_nothing_changes() {
    use junqi_rules::contract::Explain;
    use junqi_rules::sanjun::SanjunIllegal;
    let g = pos(
        &[
            ("e8", RED, 'c'),
            ("g9", RED, 's'),
            ("e4", RED, 'u'),
            ("a3", RED, 'u'),
            ("a23", BLUE, 'u'),
            ("f3", BLUE, 'c'),
        ],
        RED,
        SanjunOptions::default(),
    );
    let before = g.clone();
    let err = g.clone().play(mv("e8", "e9")).unwrap_err();
    assert!(matches!(err, SanjunIllegal::WrongClass { .. }), "{err:?}");
    assert_eq!(err.to_string(), "the land piece on e8 cannot go to e9: land pieces never stand at sea");
    assert_eq!(err.explain().zh, "e8 上的陆军棋子不能走到 e9：陆军棋子从不在海上");
    // A destroyer ashore, an aircraft off its lanes: refused by class too.
    assert!(matches!(g.check(mv("g9", "g8")), Err(SanjunIllegal::WrongClass { .. })));
    assert!(matches!(g.check(mv("e4", "f5")), Err(SanjunIllegal::WrongClass { .. })));
    // A reachable-class point too far away is only unreachable.
    assert!(matches!(g.check(mv("e8", "h5")), Err(SanjunIllegal::Unreachable(..))));
    let mut same = g.clone();
    assert!(same.play(mv("e8", "e9")).is_err());
    assert_eq!(same.cells(), before.cells());
    assert_eq!(same.ply(), before.ply());
}

#[test]
fn win_marshal_is_offered_and_ends_the_contract_game() {
    use junqi_rules::EndReason;
    use junqi_rules::contract::{Game, Standing};
    use junqi_rules::sanjun::contract::{SANJUN_KIND, SanjunContract};
    assert_eq!((SANJUN_KIND.settings)("reveal", "win=marshal").unwrap(), "win=marshal");
    let o = SanjunOptions { win: Win::Marshal, ..SanjunOptions::default() };
    // A bomb trades with Red's commander-in-chief: Red alone lost its 总司令 and loses at once.
    let engine =
        pos(&[("g6", RED, 'a'), ("h7", BLUE, 'k'), ("g2", RED, 'c'), ("f1", RED, 'l'), ("a23", BLUE, 'u')], BLUE, o);
    let mut g = SanjunContract::new(engine, Mode::Dark).unwrap();
    let m = g.parse_action(BLUE, "h7-g6").unwrap();
    g.play(BLUE, m).unwrap();
    let over = g.over().expect("Red's commander fell");
    assert_eq!((over.standing, over.reason), (Standing::Team(1), EndReason::CommanderRemoved));
}

// ---------------------------------------------------------------- property: games end

/// Each ply moves a piece or removes one; the quiet limit (100) ends any stretch without a
/// removal, and 70 pieces can be removed at most: no game outlasts this.
const LONGEST_GAME: u32 = 71 * 100;

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(6))]
    /// Random games through the catalogue entry: every generated move is accepted, a random
    /// (from, to) pair is accepted exactly when it is in the legal list (and a refusal changes
    /// nothing), and the game always ends, by a rule of §7.
    #[test]
    fn random_games_never_make_an_illegal_move_and_always_end(seed in 0u64..1_000_000, marshal: bool) {
        use junqi_rules::contract::{Audience, Secret, Start};
        use junqi_rules::sanjun::kinds::SANJUN;
        let mut rng = Rng::new(seed);
        let mut start = Start::new(2);
        start.setups = (0..2).map(|s| Secret::new((SANJUN.random_setup.unwrap())(Seat(s), &mut rng))).collect();
        start.options = if marshal { "win=marshal".into() } else { String::new() };
        let mut g = (SANJUN.start)(&start).unwrap();
        let points: Vec<String> = b().board.point_ids().map(|q| b().board.name(q).to_string()).collect();
        while g.over().is_none() {
            let seat = g.to_move();
            let legal = g.legal_tokens(seat);
            proptest::prop_assert!(!legal.is_empty(), "a side to move with no move: the game should be over");
            let guess = format!("{}-{}", points[rng.below(points.len())], points[rng.below(points.len())]);
            if !legal.contains(&guess) {
                let before = g.picture_for(Audience::Everyone);
                proptest::prop_assert!(g.play_text(seat, &guess).is_err(), "{guess} accepted");
                proptest::prop_assert_eq!(g.picture_for(Audience::Everyone), before);
            }
            let token = legal[rng.below(legal.len())].clone();
            g.play_text(seat, &token).unwrap_or_else(|e| panic!("{token} refused: {e:?}"));
            proptest::prop_assert!(g.ply() <= LONGEST_GAME);
        }
        let reason = g.over().unwrap().reason;
        use junqi_rules::EndReason::*;
        proptest::prop_assert!(
            matches!(reason, FlagCaptured | CommanderRemoved | NoLegalMove | BothStuck | QuietLimit),
            "{reason:?}"
        );
        proptest::prop_assert!(marshal || reason != CommanderRemoved);
    }
}

#[test]
fn a_shot_down_and_a_scouting_are_described_in_three_languages() {
    use junqi_rules::contract::{Audience, Game, Lang};
    use junqi_rules::sanjun::contract::SanjunContract;
    use junqi_rules::sanjun::kinds::SANJUN;
    let pieces = [("a4", RED, 'u'), ("e4", BLUE, 'n'), ("a22", RED, 'v'), ("g22", BLUE, 'a'), ("f1", BLUE, 'l')];
    let mut g = SanjunContract::new(pos(&pieces, RED, SanjunOptions::default()), Mode::Dark).unwrap();
    let ply = g.play(RED, g.parse_action(RED, "a4-g4").unwrap()).unwrap();
    assert_eq!(ply.outcome, Outcome::ShotDown);
    let say = |g: &SanjunContract, ply, l| (SANJUN.describe)(&g.public_ply(ply, Audience::Public), l);
    assert_eq!(
        say(&g, &ply, Lang::En),
        "ply 1: Red a4-g4: the aircraft is shot down. Revealed: Blue's anti-aircraft gun at e4."
    );
    assert_eq!(say(&g, &ply, Lang::ZhHans), "第1手：红方 a4-g4：飞机被击落。 公开：蓝方的高射炮在 e4。");
    assert_eq!(say(&g, &ply, Lang::ZhHant), "第1手：紅方 a4-g4：飛機被擊落。 公開：藍方的高射炮在 e4。");
    let ply = g.play(BLUE, g.parse_action(BLUE, "e4-f5").unwrap()).unwrap();
    assert_eq!(say(&g, &ply, Lang::En), "ply 2: Blue e4-f5.");
    let ply = g.play(RED, g.parse_action(RED, "a22-g22").unwrap()).unwrap();
    assert_eq!(ply.outcome, R);
    assert_eq!(
        say(&g, &ply, Lang::En),
        "ply 3: Red a22-g22 attacks (? against commander-in-chief): the piece is scouted. Revealed: Blue's commander-in-chief at g22."
    );
    assert_eq!(
        say(&g, &ply, Lang::ZhHant),
        "第3手：紅方 a22-g22 進攻（?對總司令）：偵察亮明。 公開：藍方的總司令在 g22。"
    );
}
