//! 四国军棋 beyond the board (rules-junqi4.md §2.1, §7–§11): seat names, bare local names, the
//! options and modes each variant offers, per-viewer visibility, `junqi4-duel`, the order of the
//! end checks, and records with seat events (round trip and replay, with and without setups).

use junqi_rules::game::{EndReason, GameOver, IllegalMove};
use junqi_rules::piece::{JUNQI_PIECES, Piece, PieceKind};
use junqi_rules::record::{Record, RecordInfo, ReplayEvent, SeatEvent, SeatEventKind};
use junqi_rules::rng::Rng;
use junqi_rules::{Game, Mode, Move, PointId, RuleOptions, Seat, Setup, Variant, Viewer};

fn v() -> &'static Variant {
    Variant::junqi4()
}

fn pt(name: &str) -> PointId {
    v().board.find(name).unwrap_or_else(|| panic!("no point {name}"))
}

fn mv(a: &str, b: &str) -> Move {
    Move { from: pt(a), to: pt(b) }
}

fn kind(code: char) -> PieceKind {
    PieceKind(JUNQI_PIECES.iter().position(|d| d.code == code).unwrap() as u8)
}

/// `"S S.c6 g"`: seat, point, piece code.
fn position(rules: &str, to_move: Seat, entries: &[&str]) -> Game {
    let pieces: Vec<(PointId, Piece)> = entries
        .iter()
        .map(|e| {
            let parts: Vec<&str> = e.split_whitespace().collect();
            let seat = Seat("SENW".find(parts[0]).unwrap() as u8);
            (pt(parts[1]), Piece { seat, kind: kind(parts[2].chars().next().unwrap()), known: false })
        })
        .collect();
    Game::from_position(v(), RuleOptions::parse(rules).unwrap(), &pieces, to_move)
}

fn dests(g: &Game, from: &str) -> Vec<String> {
    let mut d: Vec<String> = g.legal_moves_from(pt(from)).iter().map(|m| v().board.name(m.to).to_string()).collect();
    d.sort();
    d
}

#[test]
fn variants_are_found_by_name() {
    assert_eq!(Variant::by_name("junqi4").unwrap().name, "junqi4");
    assert_eq!(Variant::by_name("四国军棋").unwrap().name, "junqi4");
    let duel = Variant::by_name("JUNQI4-DUEL").unwrap();
    assert_eq!(duel.name, "junqi4-duel");
    assert_eq!(duel.seats.len(), 2);
    assert!(Variant::by_name("junqi5").is_none());
}

#[test]
fn seats_are_read_in_every_spelling_and_unknown_ones_are_named() {
    for (name, seat) in [("s", 0), ("South", 0), ("南", 0), ("E", 1), ("east", 1), ("东", 1), ("n", 2), ("西", 3)] {
        assert_eq!(v().seat_by_name(name), Ok(Seat(seat)), "{name}");
    }
    let e = v().seat_by_name("x").unwrap_err();
    assert_eq!(
        e.to_string(),
        "'x' is not a seat of junqi4; seats: S (South/南), E (East/东), N (North/北), W (West/西)"
    );
    assert_eq!(Variant::junqi4_duel().seat_by_name("n"), Ok(Seat(1)));
    assert!(Variant::junqi4_duel().seat_by_name("e").is_err(), "the duel has no East");
    assert_eq!(Variant::junqi().seat_by_name("Blue"), Ok(Seat::BLUE));
}

#[test]
fn a_bare_local_name_is_a_point_of_the_typing_seat() {
    assert_eq!(v().parse_move_as(Seat(0), "c6-C.s"), Ok(mv("S.c6", "C.s")));
    assert_eq!(v().parse_move_as(Seat(1), "c6-c5"), Ok(mv("E.c6", "E.c5")));
    assert_eq!(v().parse_move_as(Seat(3), "a6c5"), Ok(mv("W.a6", "W.c5")));
    assert_eq!(v().parse_move_as(Seat(2), "N.c6 cn"), Ok(mv("N.c6", "C.n")));
    // Another seat's point needs its prefix; bare names stay bare only for the typer.
    assert_eq!(v().parse_move_as(Seat(0), "e6-E.a6"), Ok(mv("S.e6", "E.a6")));
    assert!(v().parse_move_as(Seat(0), "c7-c8").is_err(), "ranks stop at 6");
    let duel = Variant::junqi4_duel();
    assert_eq!(duel.parse_point_as(Seat(1), "b1").map(|p| duel.board.name(p).to_string()), Ok("N.b1".into()));
    // The 2-player board has its own names and no prefixes.
    assert!(Variant::junqi().parse_move_as(Seat::RED, "c6-c7").is_ok());
}

#[test]
fn each_variant_offers_its_own_modes_and_options() {
    let flag_home = RuleOptions::parse("flag-home=on").unwrap();
    let e = v().check_settings(Mode::Dark, &flag_home).unwrap_err();
    assert!(e.to_string().starts_with("rule option flag-home is not offered in junqi4"), "{e}");
    assert!(Variant::junqi4_duel().check_settings(Mode::Dark, &flag_home).is_ok(), "the duel keeps rules-junqi.md");
    assert!(v().check_settings(Mode::Partners, &RuleOptions::default()).is_ok());
    let e = v().check_settings(Mode::Reveal, &RuleOptions::default()).unwrap_err();
    assert_eq!(e.to_string(), "mode 'reveal' is not offered in junqi4; use one of: dark, partners, open");
    assert!(Variant::junqi().check_settings(Mode::Partners, &RuleOptions::default()).is_err());
    assert_eq!(Mode::parse("双明"), Some(Mode::Partners));
    assert_eq!(Mode::parse("四暗"), Some(Mode::Dark));
    assert_eq!(Mode::parse("全明"), Some(Mode::Open));
    // `first`: S (spelled as the 2-player first seat) or random; order ccw or cw.
    assert_eq!(RuleOptions::parse("first=s").unwrap(), RuleOptions::default());
    assert!(RuleOptions::parse("first=random order=cw").is_ok());
    assert!(RuleOptions::parse("order=sideways").is_err());
    // Every 2-player option still applies.
    for o in ["hq-exit=on", "rail-range=3", "bomb-flies=on", "mines=mutual", "scout=on", "bomb-flag=forbidden"] {
        let r = RuleOptions::parse(o).unwrap();
        assert!(v().check_settings(Mode::Dark, &r).is_ok(), "{o}");
    }
}

fn four_armies() -> Game {
    position(
        "",
        Seat(0),
        &["S S.c3 g", "E E.c3 f", "N N.c3 e", "W W.c3 d", "S S.b1 l", "E E.b1 l", "N N.b1 l", "W W.b1 l"],
    )
}

fn known(g: &Game, viewer: Viewer, mode: Mode) -> Vec<String> {
    let view = g.view(viewer, mode, None);
    let mut seen: Vec<String> = view
        .cells
        .iter()
        .enumerate()
        .filter(|(_, c)| c.is_some_and(|c| c.kind.is_some()))
        .map(|(i, _)| v().board.name(PointId(i as u8)).to_string())
        .collect();
    seen.sort();
    seen
}

#[test]
fn each_viewer_sees_own_army_partner_in_partners_mode_everything_in_open() {
    let g = four_armies();
    assert_eq!(known(&g, Viewer::Seat(Seat(0)), Mode::Dark), vec!["S.b1", "S.c3"]);
    assert_eq!(known(&g, Viewer::Seat(Seat(0)), Mode::Partners), vec!["N.b1", "N.c3", "S.b1", "S.c3"]);
    assert_eq!(known(&g, Viewer::Seat(Seat(1)), Mode::Partners), vec!["E.b1", "E.c3", "W.b1", "W.c3"]);
    assert_eq!(known(&g, Viewer::Spectator, Mode::Partners), Vec::<String>::new());
    assert_eq!(known(&g, Viewer::Seat(Seat(3)), Mode::Open).len(), 8);
}

#[test]
fn a_partners_attack_is_named_to_the_partner_only_in_partners_mode() {
    let mut g = position(
        "",
        Seat(0),
        &["S S.c6 g", "E C.s f", "S S.b1 l", "E E.b1 l", "N N.b1 l", "N N.c3 e", "W W.b1 l", "W W.c3 d"],
    );
    let r = g.play(mv("S.c6", "C.s")).unwrap();
    let north = Viewer::Seat(Seat(2));
    let dark = r.public_in(v(), Mode::Dark, north);
    assert_eq!((dark.attacker, dark.defender), (None, Some((Seat(1), None))));
    let partners = r.public_in(v(), Mode::Partners, north);
    assert_eq!(partners.attacker, Some(kind('g')));
    assert_eq!(partners.defender, Some((Seat(1), None)), "the enemy piece stays hidden from North");
    let west = r.public_in(v(), Mode::Partners, Viewer::Seat(Seat(3)));
    assert_eq!((west.attacker, west.defender), (None, Some((Seat(1), Some(kind('f'))))));
    // The view's last ply follows the same rule.
    let view = g.view(north, Mode::Partners, Some(&r));
    assert_eq!(view.last.unwrap().attacker, Some(kind('g')));
}

#[test]
fn a_move_onto_a_partner_is_refused_with_the_reason_and_nothing_changes() {
    let mut g = position(
        "",
        Seat(0),
        &["S S.c6 g", "N C.s h", "S S.b1 l", "N N.b1 l", "E E.b1 l", "E E.c3 f", "W W.b1 l", "W W.c3 d"],
    );
    let before = format!("{:?}", g.view(Viewer::Everyone, Mode::Dark, None).cells);
    assert_eq!(g.play(mv("S.c6", "C.s")), Err(IllegalMove::OwnPiece("C.s".into())));
    assert_eq!(g.play(mv("S.c6", "C.n")).unwrap_err().to_string(), "C.n cannot be reached from S.c6 in one move");
    assert_eq!(format!("{:?}", g.view(Viewer::Everyone, Mode::Dark, None).cells), before);
    assert_eq!((g.to_move(), g.ply()), (Seat(0), 0));
}

#[test]
fn an_engineer_rides_the_arcs_and_a_non_engineer_rides_them_straight_only() {
    // The engineer on S.e2 goes up file e, round the arc, down East's file a, and into the centre.
    let g = position("", Seat(0), &["S S.e2 i", "S S.b1 l", "N N.b1 l", "E E.b1 l", "W W.b1 l"]);
    let d = dests(&g, "S.e2");
    for p in ["E.a6", "E.a2", "E.b2", "E.e2", "C.se", "C.c", "N.a2", "W.e2"] {
        assert!(d.contains(&p.to_string()), "{p} missing from {d:?}");
    }
    // A 军长 rides the arc line S.e2…S.e6 E.a6…E.a2 and the through-line to N.a2, never turning.
    let g = position("", Seat(0), &["S S.e2 b", "S S.b1 l", "N N.b1 l", "E E.b1 l", "W W.b1 l"]);
    let d = dests(&g, "S.e2");
    for p in ["E.a6", "E.a2", "C.se", "C.e", "C.ne", "N.a6", "N.a2"] {
        assert!(d.contains(&p.to_string()), "{p} missing from {d:?}");
    }
    for p in ["E.b2", "C.s", "E.c6", "E.b6", "C.c"] {
        assert!(!d.contains(&p.to_string()), "{p} must not be reachable: {d:?}");
    }
    // A piece on the centre corner does not block the arc. An enemy on the arc line may be
    // attacked and ends the ride; a partner ends it before its point.
    let g =
        position("", Seat(0), &["S S.e2 b", "E C.se f", "W E.a4 f", "S S.b1 l", "N N.b1 l", "E E.b1 l", "W W.b1 l"]);
    let d = dests(&g, "S.e2");
    assert!(d.contains(&"E.a6".to_string()) && d.contains(&"C.se".to_string()), "{d:?}");
    assert!(d.contains(&"E.a4".to_string()) && !d.contains(&"E.a3".to_string()), "{d:?}");
    let g = position("", Seat(0), &["S S.e2 b", "N E.a4 f", "S S.b1 l", "N N.b1 l", "E E.b1 l", "W W.b1 l"]);
    let d = dests(&g, "S.e2");
    assert!(d.contains(&"E.a5".to_string()), "{d:?}");
    assert!(!d.contains(&"E.a4".to_string()) && !d.contains(&"E.a3".to_string()), "{d:?}");
}

#[test]
fn the_end_checks_run_in_order_flag_then_team_then_next_seat_stuck_then_quiet() {
    // 1 then 2: East is already out; South takes West's flag, team EW is out, SN wins at once.
    let mut g =
        position("", Seat(0), &["S W.b2 a", "S S.b1 l", "N N.b1 l", "E E.b1 l", "E E.c3 f", "W W.b1 l", "W W.c3 d"]);
    assert_eq!(g.resign(Seat(1)), None);
    let r = g.play(mv("W.b2", "W.b1")).unwrap();
    assert_eq!(r.eliminated, vec![(Seat(3), EndReason::FlagCaptured)]);
    assert_eq!(r.end, Some(GameOver { winner: Some(0), reason: EndReason::FlagCaptured }));
    // 1 then 3: South takes East's flag; North, next, has no legal move and is out; West plays.
    let mut g = position(
        "",
        Seat(0),
        &["S E.b2 a", "S S.b1 l", "N N.b1 l", "N N.c2 j", "E E.b1 l", "E E.c3 f", "W W.b1 l", "W W.c3 d"],
    );
    let r = g.play(mv("E.b2", "E.b1")).unwrap();
    assert_eq!(r.eliminated, vec![(Seat(1), EndReason::FlagCaptured), (Seat(2), EndReason::NoLegalMove)]);
    assert_eq!((r.end, g.to_move()), (None, Seat(3)));
    // 3, back to 2, 3 again: after North is out, West is stuck too and team EW (East resigned) loses.
    let mut g = position(
        "",
        Seat(0),
        &["S S.c3 g", "S S.b1 l", "N N.b1 l", "N N.c2 j", "E E.b1 l", "E E.c3 f", "W W.b1 l", "W W.c2 j"],
    );
    assert_eq!(g.resign(Seat(1)), None);
    let r = g.play(mv("S.c3", "S.c4")).unwrap();
    assert_eq!(r.eliminated, vec![(Seat(2), EndReason::NoLegalMove), (Seat(3), EndReason::NoLegalMove)]);
    assert_eq!(r.end, Some(GameOver { winner: Some(0), reason: EndReason::NoLegalMove }));
    // 2 before 4: the team result wins over the quiet limit reached by the same ply.
    let mut g = position(
        "quiet-limit=1",
        Seat(0),
        &["S S.c3 g", "S S.b1 l", "N N.b1 l", "N N.c3 e", "E E.b1 l", "E E.c2 j", "W W.b1 l", "W W.c3 d"],
    );
    g.resign(Seat(3));
    let r = g.play(mv("S.c3", "S.c4")).unwrap();
    assert_eq!(r.end, Some(GameOver { winner: Some(0), reason: EndReason::NoLegalMove }));
    // And the quiet limit counts plies over all seats.
    let mut g = position(
        "quiet-limit=2",
        Seat(0),
        &["S S.c3 g", "S S.b1 l", "N N.b1 l", "N N.c3 e", "E E.b1 l", "E E.c3 f", "W W.b1 l", "W W.c3 d"],
    );
    assert_eq!(g.play(mv("S.c3", "S.c4")).unwrap().end, None);
    assert_eq!(g.play(mv("E.c3", "E.c4")).unwrap().end, Some(GameOver { winner: None, reason: EndReason::QuietLimit }));
}

#[test]
fn a_resigning_seat_leaves_the_board_and_its_team_plays_on_until_both_are_out() {
    let mut g = four_armies();
    assert_eq!(g.resign(Seat(2)), None);
    assert!(g.piece_at(pt("N.c3")).is_none() && g.piece_at(pt("N.b1")).is_none());
    assert_eq!(g.resign(Seat(2)), None, "a seat that is out cannot resign again");
    g.play(mv("S.c3", "S.c2")).unwrap();
    g.play(mv("E.c3", "E.c2")).unwrap();
    assert_eq!(g.to_move(), Seat(3), "North is skipped");
    assert_eq!(g.timeout(Seat(3)), None);
    assert_eq!(g.to_move(), Seat(0));
    assert_eq!(g.resign(Seat(0)), Some(GameOver { winner: Some(1), reason: EndReason::Resign }));
}

fn duel() -> &'static Variant {
    Variant::junqi4_duel()
}

#[test]
fn the_duel_is_south_against_north_on_the_whole_cross_board() {
    let d = duel();
    let s = Setup::parse(d, "ghfie cdh akgi bek dfjgj iljch").unwrap();
    let south = s.validate(d, Seat(0)).unwrap();
    let north = s.validate(d, Seat(1)).unwrap();
    assert!(north.pieces.iter().all(|(p, _)| d.board.name(*p).starts_with("N.")));
    assert!(south.pieces.iter().all(|(p, _)| d.board.name(*p).starts_with("S.")));
    let g = Game::new(d, RuleOptions::default(), &[south, north], Seat(0));
    assert!(g.legal_moves().iter().any(|m| d.board.name(m.to).starts_with('E')), "S.e6 rides the arc into East");
    // A piece may rest in East's camps and freezes in East's headquarters.
    let p = |n: &str| d.board.find(n).unwrap();
    let piece = |seat: u8, code: char| Piece { seat: Seat(seat), kind: kind(code), known: false };
    let mut g = Game::from_position(
        d,
        RuleOptions::default(),
        &[
            (p("E.a6"), piece(0, 'g')),
            (p("E.b2"), piece(0, 'f')),
            (p("S.b1"), piece(0, 'l')),
            (p("N.b1"), piece(1, 'l')),
            (p("N.c3"), piece(1, 'g')),
        ],
        Seat(0),
    );
    g.play(Move { from: p("E.a6"), to: p("E.b5") }).unwrap();
    assert!(d.board.is_camp(p("E.b5")));
    g.play(Move { from: p("N.c3"), to: p("N.c2") }).unwrap();
    g.play(Move { from: p("E.b2"), to: p("E.b1") }).unwrap();
    g.play(Move { from: p("N.c2"), to: p("N.c3") }).unwrap();
    assert!(g.legal_moves_from(p("E.b1")).is_empty(), "frozen in a headquarters");
    // A flag capture ends the duel at once: South wins; no seat-elimination list.
    let mut g = Game::from_position(
        d,
        RuleOptions::default(),
        &[
            (p("N.b2"), piece(0, 'a')),
            (p("S.b1"), piece(0, 'l')),
            (p("N.b1"), piece(1, 'l')),
            (p("N.c3"), piece(1, 'g')),
        ],
        Seat(0),
    );
    let r = g.play(Move { from: p("N.b2"), to: p("N.b1") }).unwrap();
    assert_eq!(r.end, Some(GameOver { winner: Some(0), reason: EndReason::FlagCaptured }));
    assert!(r.eliminated.is_empty());
}

/// A seeded random 4-player game played to its end, with West resigning at ply `resign_at` if
/// still in; returns the record (setups shown or hidden).
fn random_game(seed: u64, resign_at: usize, rules: &str, mode: Mode, hidden: bool) -> (Record, Option<GameOver>) {
    let rules = RuleOptions::parse(rules).unwrap();
    let mut rng = Rng::new(seed);
    let setups: Vec<Setup> = (0..4).map(|_| Setup::random(v(), &mut rng)).collect();
    let deps: Vec<_> = setups.iter().enumerate().map(|(i, s)| s.validate(v(), Seat(i as u8)).unwrap()).collect();
    let mut g = Game::new(v(), rules, &deps, Seat(0));
    let mut plies = Vec::new();
    let mut events = Vec::new();
    while g.over().is_none() {
        if plies.len() == resign_at && !g.is_out(Seat(3)) {
            g.resign(Seat(3));
            events.push(SeatEvent { after: plies.len(), seat: Seat(3), kind: SeatEventKind::Resign, line: 0 });
            if g.over().is_some() {
                break;
            }
        }
        let moves = g.legal_moves();
        let attacks: Vec<_> = moves.iter().copied().filter(|m| g.piece_at(m.to).is_some()).collect();
        let m = if !attacks.is_empty() && rng.below(2) == 0 {
            attacks[rng.below(attacks.len())]
        } else {
            moves[rng.below(moves.len())]
        };
        let r = g.play(m).unwrap();
        events.extend(SeatEvent::stuck_after(&r));
        plies.push((m, r.outcome));
    }
    let info = RecordInfo {
        variant: v(),
        mode,
        rules,
        players: vec!["alice".into(), "bob".into(), "carol".into(), "dave".into()],
        setups: if hidden { None } else { Some(setups.iter().collect()) },
        first: Seat(0),
        date: "2026.11.30".into(),
    };
    let mut record = Record::for_game(&info, &plies, None, g.over());
    record.events = events;
    (record, g.over())
}

#[test]
fn records_with_seat_events_round_trip_and_replay_with_and_without_setups() {
    for seed in 1..=6 {
        let (full, over) = random_game(seed, 30, "", Mode::Dark, false);
        let text = full.to_text();
        assert!(text.contains("[South \"alice\"]") && text.contains("[WestSetup \""), "{text}");
        let back = Record::parse(&text).unwrap();
        assert_eq!(back.to_text(), text, "seed {seed}");
        let replay = back.replay().unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
        assert_eq!(replay.over, over, "seed {seed}");
        // The public record (setups hidden, outcomes in braces, stuck seats written) follows too.
        let (hidden, _) = random_game(seed, 30, "", Mode::Dark, true);
        let htext = hidden.to_text();
        assert!(htext.contains("[SouthSetup \"?\"]"));
        let replay = Record::parse(&htext).unwrap().replay().unwrap_or_else(|e| panic!("seed {seed}: {e}\n{htext}"));
        assert_eq!(replay.over, over, "seed {seed} hidden");
        let outs = |r: &Vec<ReplayEvent>| -> Vec<(Seat, EndReason)> {
            r.iter()
                .flat_map(|e| match e {
                    ReplayEvent::Ply(p) => p.eliminated.clone(),
                    ReplayEvent::Seat { eliminated, .. } => eliminated.clone(),
                    ReplayEvent::PublicPly { .. } => Vec::new(),
                })
                .collect()
        };
        let full_outs = outs(&back.replay().unwrap().events);
        assert_eq!(outs(&replay.events), full_outs, "seed {seed}: the same eliminations, public or not");
    }
}

#[test]
fn bad_seat_events_are_refused_with_their_line() {
    let head = "[Variant \"junqi4\"]\n[Result \"*\"]\n\n";
    let err = |body: &str| Record::parse(&format!("{head}{body}")).map(|_| ()).unwrap_err().to_string();
    assert_eq!(
        err("1. S.c6-C.s X:resign *"),
        "line 4: 'X:resign': 'X' is not a seat of junqi4; seats: S (South/南), E (East/东), N (North/北), W (West/西)"
    );
    assert_eq!(
        err("1. S.c6-C.s W:explode *"),
        "line 4: 'W:explode': unknown seat event 'explode' (resign, timeout, stuck, skip)"
    );
    assert_eq!(err("1. S.c6-C.s resign *"), "line 4: 'resign' must say whose: write <seat>:resign, e.g. W:resign");
    let two = Record::parse("[Result \"*\"]\n\n1. c6-c7 W:resign *").unwrap_err().to_string();
    assert_eq!(two, "line 3: 'W:resign': seat events such as W:resign belong to records of 4-player games");
    // Events that the rules refuse: a second resignation, a timeout out of turn.
    let s = "ghfiecdhakgibekdfjgjiljch";
    let tags = format!(
        "[Variant \"junqi4\"]\n[SouthSetup \"{s}\"]\n[EastSetup \"{s}\"]\n[NorthSetup \"{s}\"]\n[WestSetup \"{s}\"]\n"
    );
    let replay_err = |body: &str| Record::parse(&format!("{tags}\n{body}")).unwrap().replay().unwrap_err().to_string();
    assert_eq!(replay_err("W:resign W:resign *"), "line 7: 'W:resign': W is already out");
    assert_eq!(replay_err("E:timeout *"), "line 7: 'E:timeout': only the seat to move can time out, and S is to move");
    assert_eq!(replay_err("N:stuck *"), "line 7: 'N:stuck': N was not left without a legal move here");
    // A game that goes on after one resignation, and one that ends with a team's second.
    let ok = Record::parse(&format!("{tags}\n1. S.c6-C.s E:resign N.c6-C.n *")).unwrap().replay().unwrap();
    assert_eq!(ok.over, None);
    assert_eq!(ok.game.unwrap().to_move(), Seat(3));
    let done = Record::parse(&format!("{tags}\nE:resign W:resign 1-0")).unwrap().replay().unwrap();
    assert_eq!(done.over, Some(GameOver { winner: Some(0), reason: EndReason::Resign }));
    let wrong = Record::parse(&format!("{tags}\nE:resign W:resign 0-1")).unwrap().replay().unwrap_err().to_string();
    assert_eq!(wrong, "line 7: the result is 0-1 but the moves give 1-0");
    // A move onto a partner in a record without setups.
    let public = Record::parse(
        "[Variant \"junqi4\"]\n[Result \"*\"]\n\n1. S.a6-C.sw E.c6-C.e N.e6-C.nw W.c5-W.c4 2. C.sw-C.w C.e-C.c C.nw-C.w *",
    )
        .unwrap()
        .replay()
        .map(|_| ())
        .unwrap_err()
        .to_string();
    assert_eq!(public, "ply 7: illegal move C.nw-C.w: C.w is occupied by your own side");
}

/// The generated 4-player golden records of tests/data (their `replay --json` outputs are
/// checked by tests/cli.rs with every other record): `UPDATE_GOLDEN=1` rewrites them.
#[test]
fn generated_golden_records_are_current() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data");
    for (name, seed, rules, mode, hidden) in [
        ("junqi4-random-seed-1.jqr", 1, "", Mode::Dark, false),
        ("junqi4-random-seed-2-hidden.jqr", 2, "", Mode::Dark, true),
        ("junqi4-random-seed-3-partners-cw.jqr", 3, "order=cw scout=on", Mode::Partners, false),
    ] {
        let (record, _) = random_game(seed, 40, rules, mode, hidden);
        let text = record.to_text();
        let path = dir.join(name);
        if std::env::var_os("UPDATE_GOLDEN").is_some() {
            std::fs::write(&path, &text).unwrap();
        }
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text, "{name}");
    }
}

/// Everything one viewer is shown after a ply: the view (board, losses, last ply), as text.
fn shown(g: &Game, r: &junqi_rules::PlyReport, viewer: Viewer, mode: Mode) -> String {
    let view = g.view(viewer, mode, Some(r));
    format!("{:?} {:?} {:?} {:?}", view.cells, view.removed, view.last, r.public_in(v(), mode, viewer))
}

#[test]
fn games_differing_only_in_what_a_viewer_may_not_see_look_the_same_to_that_viewer() {
    // East's piece on C.s is a 排长 in one game and an 工兵 in the other; South's 连长 wins both
    // fights, so only the defender's identity differs.
    let play = |east: &str| {
        let mut g = position(
            "",
            Seat(0),
            &[
                "S S.c6 g",
                &format!("E C.s {east}"),
                "S S.b1 l",
                "E E.b1 l",
                "N N.b1 l",
                "N N.c3 e",
                "W W.b1 l",
                "W W.c3 d",
            ],
        );
        let r = g.play(mv("S.c6", "C.s")).unwrap();
        (g, r)
    };
    let (a, ra) = play("h");
    let (b, rb) = play("i");
    assert_eq!(ra.outcome, rb.outcome);
    for mode in [Mode::Dark, Mode::Partners] {
        for viewer in [Viewer::Seat(Seat(0)), Viewer::Seat(Seat(2)), Viewer::Spectator] {
            assert_eq!(shown(&a, &ra, viewer, mode), shown(&b, &rb, viewer, mode), "{viewer:?} in {mode:?}");
        }
    }
    // West, East's partner, may know the lost piece only in partners mode.
    let west = Viewer::Seat(Seat(3));
    assert_eq!(shown(&a, &ra, west, Mode::Dark), shown(&b, &rb, west, Mode::Dark));
    assert_ne!(shown(&a, &ra, west, Mode::Partners), shown(&b, &rb, west, Mode::Partners));
    // A hidden army of the other team never shows before the end, whatever it is.
    let mut rng = Rng::new(9);
    let setups: Vec<Setup> = (0..5).map(|_| Setup::random(v(), &mut rng)).collect();
    let game_with_east = |east: &Setup| {
        let deps: Vec<_> = [&setups[0], east, &setups[2], &setups[3]]
            .iter()
            .enumerate()
            .map(|(i, s)| s.validate(v(), Seat(i as u8)).unwrap())
            .collect();
        Game::new(v(), RuleOptions::default(), &deps, Seat(0))
    };
    let (a, b) = (game_with_east(&setups[1]), game_with_east(&setups[4]));
    for mode in [Mode::Dark, Mode::Partners] {
        for s in [0u8, 2] {
            let (va, vb) = (a.view(Viewer::Seat(Seat(s)), mode, None), b.view(Viewer::Seat(Seat(s)), mode, None));
            assert_eq!(format!("{:?}", va.cells), format!("{:?}", vb.cells));
        }
    }
    let w = Viewer::Seat(Seat(3));
    assert_eq!(format!("{:?}", a.view(w, Mode::Dark, None).cells), format!("{:?}", b.view(w, Mode::Dark, None).cells));
    assert_ne!(
        format!("{:?}", a.view(w, Mode::Partners, None).cells),
        format!("{:?}", b.view(w, Mode::Partners, None).cells)
    );
}

#[test]
fn records_name_points_in_full_and_say_so() {
    let e = Record::parse("[Variant \"junqi4\"]\n\n1. c6-c5 *").unwrap_err().to_string();
    assert_eq!(e, "line 3: 'c6-c5' is not a move of the 4-player board; write points as S.c6 or C.nw, e.g. S.c6-C.s");
    let e = Record::parse("[Variant \"junqi4\"]\n[Mode \"reveal\"]\n\n*").unwrap().header().unwrap_err().to_string();
    assert_eq!(e, "line 2: mode 'reveal' is not offered in junqi4; use one of: dark, partners, open");
    let e = Record::parse("[Variant \"junqi4\"]\n[Mode \"sideways\"]\n\n*").unwrap().header().unwrap_err().to_string();
    assert_eq!(e, "line 2: unknown mode 'sideways' (dark, partners, open)");
}
