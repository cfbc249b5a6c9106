//! The 4-player board (rules-junqi4.md §2) and movement on it: counts, lines, the centre, the
//! arcs, allies.

use junqi_rules::board::{LinkKind, PointKind};
use junqi_rules::piece::{JUNQI_PIECES, Piece, PieceKind};
use junqi_rules::{Game, PointId, RuleOptions, Seat, Variant};

fn v() -> &'static Variant {
    Variant::junqi4()
}

fn pt(name: &str) -> PointId {
    v().board.find(name).unwrap_or_else(|| panic!("no point {name}"))
}

fn position(to_move: Seat, entries: &[&str]) -> Game {
    let pieces: Vec<(PointId, Piece)> = entries
        .iter()
        .map(|e| {
            let parts: Vec<&str> = e.split_whitespace().collect();
            let seat = Seat("SENW".find(parts[0]).unwrap() as u8);
            let kind = PieceKind(JUNQI_PIECES.iter().position(|d| d.code.to_string() == parts[2]).unwrap() as u8);
            (pt(parts[1]), Piece { seat, kind, known: false })
        })
        .collect();
    Game::from_position(v(), RuleOptions::default(), &pieces, to_move)
}

fn dests(g: &Game, from: &str) -> Vec<String> {
    let mut d: Vec<String> = g.legal_moves_from(pt(from)).iter().map(|m| v().board.name(m.to).to_string()).collect();
    d.sort();
    d
}

fn names(list: &str) -> Vec<String> {
    let mut d: Vec<String> = list.split_whitespace().map(String::from).collect();
    d.sort();
    d
}

#[test]
fn counts_of_points_links_and_lines() {
    let b = &v().board;
    assert_eq!(b.len(), 129);
    let kind_count = |k: PointKind| b.point_ids().filter(|&p| b.point(p).kind == k).count();
    assert_eq!(kind_count(PointKind::Post), 101);
    assert_eq!(kind_count(PointKind::Camp), 20);
    assert_eq!(kind_count(PointKind::Headquarters), 8);
    let rail = b.links().iter().filter(|l| l.kind == LinkKind::Railway).count();
    let road = b.links().iter().filter(|l| l.kind == LinkKind::Road).count();
    assert_eq!((rail, road), (92, 196));
    assert_eq!(b.lines().len(), 18);
    // Every railway link lies on a straight line.
    for l in b.links().iter().filter(|l| l.kind == LinkKind::Railway) {
        let on_line = b
            .lines()
            .iter()
            .any(|line| line.windows(2).any(|w| (w[0] == l.a && w[1] == l.b) || (w[0] == l.b && w[1] == l.a)));
        assert!(on_line, "{}-{} is on no line", b.name(l.a), b.name(l.b));
    }
}

#[test]
fn names_follow_the_seat_and_the_dot_is_optional() {
    assert_eq!(pt("S.c6"), pt("sc6"));
    assert_eq!(pt("C.nw"), pt("cnw"));
    assert_eq!(v().board.point(pt("E.b1")).kind, PointKind::Headquarters);
    assert_eq!(v().board.point(pt("N.c4")).kind, PointKind::Camp);
    assert!(v().board.has_link(pt("S.e6"), pt("E.a6"), LinkKind::Railway), "arc");
    assert!(v().board.has_link(pt("W.e6"), pt("C.sw"), LinkKind::Railway));
    assert!(v().board.neighbours(pt("S.b6")).iter().all(|(p, _)| v().board.point(*p).owner == Some(Seat(0))));
}

#[test]
fn a_non_engineer_rides_through_the_centre_and_around_arcs_but_never_turns() {
    let g = position(Seat(0), &["S S.a2 g", "N N.b1 l"]);
    let d = dests(&g, "S.a2");
    // Up file a, through C.sw C.w C.nw, down North's file e; round the arc down West's file e.
    for p in ["S.a6", "C.sw", "C.w", "C.nw", "N.e6", "N.e2", "W.e6", "W.e2"] {
        assert!(d.contains(&p.to_string()), "{p} missing from {d:?}");
    }
    // Never turning at a centre corner or into the front row of another seat.
    for p in ["C.s", "W.d6", "C.c", "N.d6"] {
        assert!(!d.contains(&p.to_string()), "{p} must not be reachable: {d:?}");
    }
    // The centre line S.c6 – C.s – C.c – C.n – N.c6.
    let g = position(Seat(0), &["S S.c6 g", "N N.b1 l"]);
    assert_eq!(dests(&g, "S.c6"), names("S.a6 S.b6 S.d6 S.e6 S.c5 S.b5 S.d5 C.s C.c C.n N.c6"));
}

#[test]
fn an_engineer_turns_through_the_centre() {
    let g = position(Seat(0), &["S S.c6 i", "N N.b1 l"]);
    let d = dests(&g, "S.c6");
    for p in ["C.e", "E.c6", "W.a2", "N.e2", "E.e2"] {
        assert!(d.contains(&p.to_string()), "{p} missing");
    }
}

#[test]
fn allies_are_never_attacked_nor_passed_through() {
    // North is South's partner; East is an enemy.
    let g = position(Seat(0), &["S S.c6 g", "N C.c h", "E C.s f", "N N.b1 l"]);
    let d = dests(&g, "S.c6");
    assert!(d.contains(&"C.s".to_string()), "the enemy on C.s may be attacked");
    let g = position(Seat(0), &["S S.c6 g", "N C.s h", "N N.b1 l"]);
    let d = dests(&g, "S.c6");
    assert!(!d.contains(&"C.s".to_string()) && !d.contains(&"C.c".to_string()), "{d:?}");
    let mut g = g;
    assert!(g.play(junqi_rules::Move { from: pt("S.c6"), to: pt("C.s") }).is_err());
}

#[test]
fn a_layout_fits_every_seat() {
    use junqi_rules::Setup;
    let s = Setup::parse(v(), "ghfie cdh akgi bek dfjgj iljch").unwrap();
    for seat in 0..4 {
        let d = s.validate(v(), Seat(seat)).unwrap();
        let flag = d.pieces.iter().find(|(_, k)| *k == PieceKind(11)).unwrap().0;
        assert_eq!(v().board.name(flag), format!("{}.b1", ['S', 'E', 'N', 'W'][seat as usize]));
    }
}

fn mv(a: &str, b: &str) -> junqi_rules::Move {
    junqi_rules::Move { from: pt(a), to: pt(b) }
}

#[test]
fn turns_go_counter_clockwise_and_skip_seats_that_are_out() {
    let mut g = position(
        Seat(0),
        &["S S.c3 g", "E E.c3 g", "N N.c3 g", "W W.c3 g", "S S.b1 l", "E E.b1 l", "N N.b1 l", "W W.b1 l"],
    );
    let mut order = Vec::new();
    for m in [("S.c3", "S.c2"), ("E.c3", "E.c2"), ("N.c3", "N.c2"), ("W.c3", "W.c2")] {
        order.push(g.to_move().0);
        g.play(mv(m.0, m.1)).unwrap();
    }
    assert_eq!(order, vec![0, 1, 2, 3]);
    // East resigns: East is out, its pieces leave; West's partner plays on, the game goes on.
    assert_eq!(g.resign(Seat(1)), None);
    assert!(g.is_out(Seat(1)) && g.over().is_none());
    assert!(g.piece_at(pt("E.c2")).is_none() && g.piece_at(pt("E.b1")).is_none());
    g.play(mv("S.c2", "S.c3")).unwrap();
    assert_eq!(g.to_move(), Seat(2), "East is skipped");
    // Clockwise order: S → W → N → E.
    let rules = RuleOptions::parse("order=cw").unwrap();
    let pieces: Vec<(PointId, Piece)> = (0..4)
        .map(|s| {
            (
                v().board.find(&format!("{}.c3", ['S', 'E', 'N', 'W'][s])).unwrap(),
                Piece { seat: Seat(s as u8), kind: PieceKind(6), known: false },
            )
        })
        .collect();
    let mut g = Game::from_position(v(), rules, &pieces, Seat(0));
    g.play(mv("S.c3", "S.c2")).unwrap();
    assert_eq!(g.to_move(), Seat(3));
}

#[test]
fn a_captured_flag_puts_its_owner_out_and_a_team_loses_when_both_are_out() {
    use junqi_rules::game::{EndReason, GameOver};
    // South's 司令 stands next to East's flag; North and West also play.
    let mut g = position(
        Seat(0),
        &["S E.b2 a", "S S.b1 l", "E E.b1 l", "E E.e5 g", "N N.c3 g", "N N.b1 l", "W W.c3 g", "W W.b1 l"],
    );
    let r = g.play(mv("E.b2", "E.b1")).unwrap();
    assert_eq!(r.eliminated, vec![(Seat(1), EndReason::FlagCaptured)]);
    assert!(r.end.is_none(), "West plays on for team EW");
    assert!(g.piece_at(pt("E.e5")).is_none(), "the eliminated seat's pieces leave the board");
    assert_eq!(g.piece_at(pt("E.b1")).unwrap().seat, Seat(0), "the capturer stays on the flag point");
    assert_eq!(g.to_move(), Seat(2));
    g.play(mv("N.c3", "N.c2")).unwrap();
    assert_eq!(g.to_move(), Seat(3));
    assert_eq!(g.resign(Seat(3)), Some(GameOver { winner: Some(0), reason: EndReason::Resign }));
}

#[test]
fn a_seat_without_a_legal_move_is_out_at_its_turn() {
    use junqi_rules::game::EndReason;
    // East has only its flag and a mine: it is out as soon as its turn comes.
    let mut g = position(
        Seat(0),
        &["S S.c3 g", "S S.b1 l", "E E.b1 l", "E E.c2 j", "N N.c3 g", "N N.b1 l", "W W.c3 g", "W W.b1 l"],
    );
    let r = g.play(mv("S.c3", "S.c2")).unwrap();
    assert_eq!(r.eliminated, vec![(Seat(1), EndReason::NoLegalMove)]);
    assert_eq!(g.to_move(), Seat(2));
}

#[test]
fn a_bomb_that_takes_a_flag_is_spent_and_the_point_is_left_empty() {
    use junqi_rules::game::EndReason;
    // South's 炸弹 stands next to East's flag (rules-junqi.md §5, rules-junqi4.md §7): it takes the
    // flag, East is out, and the bomb is spent with the flag — the flag point is left empty, so a
    // piece can then move onto it without a combat.
    let mut g = position(
        Seat(0),
        &["S E.b2 k", "S E.a1 g", "S S.b1 l", "E E.b1 l", "E E.e5 g", "N N.c3 g", "N N.b1 l", "W W.c3 g", "W W.b1 l"],
    );
    let r = g.play(mv("E.b2", "E.b1")).unwrap();
    assert_eq!(r.eliminated, vec![(Seat(1), EndReason::FlagCaptured)]);
    assert!(r.end.is_none(), "West plays on for team EW");
    assert!(g.piece_at(pt("E.b1")).is_none(), "the bomb is spent with the flag");
    assert!(g.piece_at(pt("E.b2")).is_none(), "and did not stay behind either");
    assert_eq!(g.piece_at(pt("E.a1")).map(|p| p.seat), Some(Seat(0)), "South's other piece is untouched");
    g.play(mv("N.c3", "N.c2")).unwrap();
    g.play(mv("W.c3", "W.c2")).unwrap();
    assert_eq!(g.to_move(), Seat(0));
    assert!(dests(&g, "E.a1").contains(&"E.b1".to_string()), "the empty flag point can be entered");
    let r = g.play(mv("E.a1", "E.b1")).unwrap();
    assert_eq!(r.outcome, junqi_rules::Outcome::Moved, "no combat: nothing stands there");
    assert_eq!(g.piece_at(pt("E.b1")).map(|p| p.seat), Some(Seat(0)));
    assert_eq!(g.quiet_plies(), 3, "the three plain plies since the capture count towards the quiet limit");
}
