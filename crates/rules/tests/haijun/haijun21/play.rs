//! 二十一世紀海軍棋: deployment, the game loop (scouting, the wolf pack, the 小輸, the HQ), what
//! each audience sees, the end of the game, the contract and its records, and random playouts
//! (`rules-haijun.md` §9, §10).

use junqi_rules::board::PointId;
use junqi_rules::contract::record::{Envelope, Reading, write_plain};
use junqi_rules::contract::{AnyGame, Audience, Explain, Face, Fact, Game, Lang, SetupError, Start, StartError};
use junqi_rules::end::EndReason;
use junqi_rules::haijun21::board::get;
use junqi_rules::haijun21::contract::{HAIJUN21_KIND, Haijun21Contract, describe};
use junqi_rules::haijun21::deploy::parse;
use junqi_rules::haijun21::kinds::HAIJUN21;
use junqi_rules::haijun21::{
    Haijun21Game, Haijun21Illegal, Haijun21Options, Haijun21Ply, Haijun21Setup, SetupParseError, Shown, Violation,
};
use junqi_rules::options::Mode;
use junqi_rules::piece::Piece;
use junqi_rules::rng::Rng;
use junqi_rules::{Outcome, Seat};

use super::{BLUE, RED, k, p};

/// A legal deployment (軍旗 c1, 反潛機 b3, 轟炸機 b4, 水雷 e2 a1 e1; empty d3 c2 b1).
const EXAMPLE: &str = "kekek cdgcd bnbga fmf.h eh.fi i.lji";

fn at(name: &str) -> PointId {
    p(get(), name)
}

fn game(pieces: &[(&str, Seat, char)], to_move: Seat, options: Haijun21Options) -> Haijun21Game {
    let placed: Vec<_> = pieces.iter().map(|&(n, seat, c)| (at(n), Piece { seat, kind: k(c), known: false })).collect();
    Haijun21Game::from_position(options, &placed, to_move)
}

/// Both flags in their HQs, and the pieces given.
fn with_flags(pieces: &[(&str, Seat, char)], to_move: Seat) -> Haijun21Game {
    let mut all = vec![("c1", RED, 'l'), ("c12", BLUE, 'l')];
    all.extend_from_slice(pieces);
    game(&all, to_move, Haijun21Options::default())
}

fn play(g: &mut Haijun21Game, from: &str, to: &str) -> Result<Haijun21Ply, Haijun21Illegal> {
    g.play(at(from), at(to))
}

fn kind_at(g: &Haijun21Game, name: &str) -> Option<(Seat, char)> {
    g.piece_at(at(name)).map(|x| (x.seat, junqi_rules::haijun21::pieces::def_of(x.kind).code))
}

#[test]
fn the_example_and_random_deployments_are_legal() {
    let b = get();
    let s = parse(EXAMPLE).unwrap();
    assert_eq!(s.to_code_string(), EXAMPLE);
    for seat in [RED, BLUE] {
        assert_eq!(s.violations(b, seat), vec![], "{seat:?}");
    }
    let find = |seat: Seat, code: char| s.placed(seat).iter().find(|x| x.1 == k(code)).map(|x| b.name(x.0));
    assert_eq!((find(RED, 'l'), find(BLUE, 'l')), (Some("c1"), Some("c12")));
    assert_eq!((find(RED, 'n'), find(BLUE, 'n')), (Some("b4"), Some("d9")));
    assert_eq!(s.placed(RED).len(), 27);
    let mut rng = Rng::new(2026);
    for _ in 0..300 {
        let r = Haijun21Setup::random(&mut rng);
        assert_eq!(r.violations(b, RED), vec![]);
        assert_eq!(r.violations(b, BLUE), vec![]);
        assert_eq!(parse(&r.to_code_string()).unwrap(), r);
    }
    assert_eq!(Haijun21Setup::random(&mut Rng::new(5)), Haijun21Setup::random(&mut Rng::new(5)));
    assert_ne!(Haijun21Setup::random(&mut Rng::new(5)), Haijun21Setup::random(&mut Rng::new(6)));
}

#[test]
fn every_broken_rule_is_listed_at_once_in_three_languages() {
    let b = get();
    // The bomber on a6 (off the lanes), a mine on a4, the flag on e1 (not the HQ), two missile
    // boats instead of three, four empty points.
    let s = parse("nekek cdgcd ibbga fmf.h eh.f. i.jil").unwrap();
    assert_eq!(
        s.violations(b, RED),
        vec![
            Violation::AircraftOffLane { point: at("a6"), kind: k('n') },
            Violation::MineOutsideBackRows { point: at("a4") },
            Violation::FlagOffHq { point: at("e1") },
            Violation::WrongCount { kind: k('k'), found: 2, needed: 3 },
            Violation::WrongEmpties { found: 4 },
        ]
    );
    let v = s.violations(b, RED);
    let texts = |i: usize| Lang::ALL.map(|l| v[i].describe(b, l));
    assert_eq!(
        texts(0),
        ["the bomber on a6 must stand on an air lane", "a6 的轰炸机必须放在航空线上", "a6 的轟炸機必須放在航空線上"]
    );
    assert_eq!(
        texts(1),
        [
            "the sea mine on a4 must stand in its owner's two back rows",
            "a4 的水雷只能放在己方最后两排",
            "a4 的水雷只能放在己方最後兩排"
        ]
    );
    assert_eq!(texts(2), ["the flag on e1 must stand in the HQ", "e1 的军旗必须放在指挥部", "e1 的軍旗必須放在指揮部"]);
    assert_eq!(
        texts(3),
        ["2 × missile boat given, 3 needed", "飞弹快艇：给出 2 个，需要 3 个", "飛彈快艇：給出 2 個，需要 3 個"]
    );
    assert_eq!(
        texts(4),
        ["4 empty points given, exactly 3 needed", "给出 4 个空位，需要正好 3 个", "給出 4 個空位，需要正好 3 個"]
    );
    // Blue's points are named from Blue's side: the same string breaks the same rules there.
    let blue = s.violations(b, BLUE);
    assert_eq!(blue[0], Violation::AircraftOffLane { point: at("e7"), kind: k('n') });
    assert_eq!(parse("abc"), Err(SetupParseError::Length { found: 3, needed: 30 }));
    assert_eq!(parse("abcxyz"), Err(SetupParseError::Unknown(vec!['x', 'y', 'z'])));
    // Through the catalogue: every rule at once, and unreadable strings explained.
    let validate = HAIJUN21.validate_setup.unwrap();
    assert_eq!(validate(RED, "KEKEK/CDGCD/BNBGA/FMF.H/EH.FI/I.LJI").as_deref(), Ok(EXAMPLE));
    match validate(RED, "nekek cdgcd ibbga fmf.h eh.f. i.jil") {
        Err(SetupError::Broken(list)) => {
            assert_eq!(list.len(), 5);
            assert_eq!(list[2].get(Lang::ZhHant), "e1 的軍旗必須放在指揮部");
        }
        other => panic!("expected broken rules, got {:?}", other.map(|_| ())),
    }
    assert!(matches!(validate(RED, "kekek"), Err(SetupError::Unreadable(_))));
    assert!(matches!(validate(Seat(2), EXAMPLE), Err(SetupError::NoSuchSeat(_))));
}

#[test]
fn the_flag_is_revealed_on_its_first_move_and_stays_public() {
    let mut g = with_flags(&[("a1", RED, 'j'), ("e12", BLUE, 'j')], RED);
    let ply = play(&mut g, "c1", "c2").unwrap();
    assert_eq!(ply.shown.len(), 1);
    assert_eq!((ply.shown[0].0, ply.shown[0].2), (at("c2"), Shown::FlagMoved));
    assert!(g.piece_at(at("c2")).unwrap().known);
    play(&mut g, "e12", "e11").unwrap();
    // Only the first move shows it; it may re-enter the HQ.
    assert!(play(&mut g, "c2", "c1").unwrap().shown.is_empty());
    assert!(g.piece_at(at("c1")).unwrap().known);
    // A flagship's move shows nothing in this game (§10.16).
    assert!(play(&mut g, "e11", "e10").unwrap().shown.is_empty());
    assert!(!g.piece_at(at("e10")).unwrap().known);
}

#[test]
fn the_anti_submarine_plane_scouts_and_returns() {
    // Against a cruiser: named for this ply, then hidden again; nothing removed; the quiet
    // count goes on.
    let mut g = with_flags(&[("b3", RED, 'm'), ("b8", BLUE, 'c'), ("a1", RED, 'j'), ("e12", BLUE, 'j')], RED);
    let ply = play(&mut g, "b3", "b8").unwrap();
    assert_eq!(ply.outcome, Outcome::Scouted);
    assert_eq!(ply.shown, vec![(at("b8"), Piece { seat: BLUE, kind: k('c'), known: false }, Shown::Scouted)]);
    assert_eq!((kind_at(&g, "b3"), kind_at(&g, "b8")), (Some((RED, 'm')), Some((BLUE, 'c'))));
    assert_eq!(g.quiet(), 1, "a scouting removes nothing");
    // Against a submarine: it stays face up.
    let mut g = with_flags(&[("d3", RED, 'm'), ("d9", BLUE, 'g'), ("a1", RED, 'j'), ("e12", BLUE, 'j')], RED);
    play(&mut g, "d3", "d9").unwrap();
    assert!(g.piece_at(at("d9")).unwrap().known);
    // The plane on rank 10 scouts a torpedo on d10.
    let mut g = with_flags(&[("a10", RED, 'm'), ("d10", BLUE, 'h'), ("a1", RED, 'j'), ("e12", BLUE, 'j')], RED);
    let ply = play(&mut g, "a10", "d10").unwrap();
    assert_eq!((ply.outcome, kind_at(&g, "d10")), (Outcome::Scouted, Some((BLUE, 'h'))));
    assert!(!g.piece_at(at("d10")).unwrap().known);
}

#[test]
fn a_wolf_pack_sinks_the_carrier_and_shows_its_boats() {
    let pack =
        [("b6", RED, 'k'), ("c6", RED, 'e'), ("d6", RED, 'k'), ("c7", BLUE, 'a'), ("a1", RED, 'j'), ("e12", BLUE, 'j')];
    let mut g = with_flags(&pack, RED);
    let ply = play(&mut g, "b6", "c7").unwrap();
    assert_eq!(ply.outcome, Outcome::AttackerWon);
    assert_eq!(kind_at(&g, "c7"), Some((RED, 'k')));
    let shown: Vec<(PointId, Shown)> = ply.shown.iter().map(|x| (x.0, x.2)).collect();
    assert_eq!(shown, [(at("c7"), Shown::WolfPack), (at("c6"), Shown::WolfPack), (at("d6"), Shown::WolfPack)]);
    // One boat short: the attacker sinks; nothing is shown.
    let mut g = with_flags(&pack[..2].iter().chain(&pack[3..]).copied().collect::<Vec<_>>(), RED);
    let ply = play(&mut g, "b6", "c7").unwrap();
    assert_eq!((ply.outcome, ply.shown.len()), (Outcome::DefenderWon, 0));
    assert_eq!((kind_at(&g, "b6"), kind_at(&g, "c7")), (None, Some((BLUE, 'a'))));
    // Boats beside the attacker but not beside the carrier do not count.
    let far =
        [("b6", RED, 'k'), ("a6", RED, 'e'), ("a5", RED, 'k'), ("c7", BLUE, 'a'), ("a1", RED, 'j'), ("e12", BLUE, 'j')];
    let mut g = with_flags(&far, RED);
    assert_eq!(play(&mut g, "b6", "c7").unwrap().outcome, Outcome::DefenderWon);
}

#[test]
fn a_sunk_flagship_is_the_small_loss_its_flag_is_shown_and_play_goes_on() {
    let mut g = with_flags(&[("b10", RED, 'n'), ("b8", BLUE, 'j'), ("a1", RED, 'j'), ("e12", BLUE, 'c')], RED);
    let ply = play(&mut g, "b10", "b8").unwrap();
    assert_eq!((ply.outcome, ply.flagship_sunk.clone()), (Outcome::AttackerWon, vec![BLUE]));
    assert_eq!(ply.shown, vec![(at("c12"), Piece { seat: BLUE, kind: k('l'), known: true }, Shown::FlagshipLost)]);
    assert!(g.piece_at(at("c12")).unwrap().known);
    assert_eq!(g.over(), None, "the game goes on");
    assert_eq!(g.quiet(), 0);
    // Announced unlike 海军棋's sinking (no `FlagshipSunk`, whose `{F}` here would read as the
    // captured 軍旗 that ends the game): the combat keeps its class, the badge too, and the
    // sinking is told by the shown 軍旗.
    let mut c = Haijun21Contract::new(
        with_flags(&[("b10", RED, 'n'), ("b8", BLUE, 'j'), ("a1", RED, 'j'), ("e12", BLUE, 'c')], RED),
        Mode::Dark,
    );
    let ply = c.play(RED, junqi_rules::game::Move { from: at("b10"), to: at("b8") }).unwrap();
    let public = c.public_ply(&ply, Audience::Seat(RED));
    assert!(matches!(public.facts[0], Fact::Combat { outcome: Outcome::AttackerWon, .. }), "{:?}", public.facts);
    assert!(public.facts.contains(&Fact::Revealed { at: at("c12"), owner: BLUE, kind: k('l') }), "{:?}", public.facts);
    assert_eq!(c.picture(Audience::Public, Some(&ply)).badge, Some(Outcome::AttackerWon));
    assert_eq!(public.end, None);
    // Flagship rams flagship: both go, both flags are shown, the attacker's first.
    let mut g = with_flags(&[("c5", RED, 'j'), ("c6", BLUE, 'j'), ("a1", RED, 'c'), ("e12", BLUE, 'c')], RED);
    let ply = play(&mut g, "c5", "c6").unwrap();
    assert_eq!((ply.outcome, ply.flagship_sunk.clone()), (Outcome::BothRemoved, vec![RED, BLUE]));
    let flags: Vec<PointId> = ply.shown.iter().map(|x| x.0).collect();
    assert_eq!(flags, [at("c1"), at("c12")]);
    assert_eq!(g.over(), None);
    // Its own attack on a torpedo sinks it too.
    let mut g = with_flags(&[("c5", RED, 'j'), ("c6", BLUE, 'h'), ("e12", BLUE, 'c')], RED);
    let ply = play(&mut g, "c5", "c6").unwrap();
    assert_eq!((ply.outcome, ply.flagship_sunk.clone()), (Outcome::BothRemoved, vec![RED]));
    assert_eq!(ply.shown.len(), 1);
}

#[test]
fn capturing_the_flag_wins_and_the_hq_shelters_everything_else() {
    let mut g = with_flags(&[("c11", RED, 'f'), ("a1", RED, 'j'), ("e12", BLUE, 'j')], RED);
    let ply = play(&mut g, "c11", "c12").unwrap();
    assert_eq!(ply.outcome, Outcome::FlagCaptured);
    assert_eq!(g.over().map(|o| (o.winner, o.reason)), Some((Some(RED), EndReason::FlagCaptured)));
    assert_eq!(ply.end, g.over());
    assert_eq!(play(&mut g, "e12", "e11"), Err(Haijun21Illegal::GameOver));
    // A torpedo captures it too (rule 2 before rule 3).
    let mut g = with_flags(&[("b11", RED, 'h'), ("a1", RED, 'j'), ("e12", BLUE, 'j')], RED);
    assert_eq!(play(&mut g, "b11", "c12").unwrap().outcome, Outcome::FlagCaptured);
    // An enemy ship in the HQ cannot be attacked; the HQ is open to either side when empty.
    let mut g = game(
        &[("d2", RED, 'l'), ("c12", BLUE, 'l'), ("c1", BLUE, 'c'), ("b2", RED, 'a'), ("e12", BLUE, 'j')],
        RED,
        Haijun21Options::default(),
    );
    assert_eq!(play(&mut g, "b2", "c1"), Err(Haijun21Illegal::InHq(at("c1"))));
}

#[test]
fn illegal_moves_are_refused_precisely_in_three_languages_and_change_nothing() {
    let mut g = with_flags(
        &[
            ("a1", RED, 'i'),
            ("b3", RED, 'n'),
            ("c2", RED, 'a'),
            ("d2", RED, 'c'),
            ("c11", BLUE, 'c'),
            ("b1", BLUE, 'c'),
            ("e12", BLUE, 'j'),
        ],
        RED,
    );
    let before: Vec<_> = get().point_ids().map(|q| g.piece_at(q)).collect();
    let cases = [
        ("a1", "a2", Haijun21Illegal::MineCannotMove(at("a1"))),
        ("c5", "c6", Haijun21Illegal::NoOwnPiece(at("c5"))),
        ("c11", "c10", Haijun21Illegal::NoOwnPiece(at("c11"))),
        ("c2", "d2", Haijun21Illegal::OwnPiece(at("d2"))),
        ("c1", "b1", Haijun21Illegal::FlagCannotAttack(at("b1"))),
        ("b3", "c4", Haijun21Illegal::OffLane { from: at("b3"), to: at("c4") }),
        ("c2", "c4", Haijun21Illegal::NotAdjacent { from: at("c2"), to: at("c4") }),
    ];
    for (from, to, refusal) in cases {
        assert_eq!(play(&mut g, from, to), Err(refusal), "{from}-{to}");
    }
    let after: Vec<_> = get().point_ids().map(|q| g.piece_at(q)).collect();
    assert_eq!(before, after);
    assert_eq!((g.to_move(), g.plies()), (RED, 0));
    let words = |r: Haijun21Illegal| Lang::ALL.map(|l| r.explain().get(l).to_string());
    assert_eq!(
        words(Haijun21Illegal::OffLane { from: at("b3"), to: at("c4") }),
        [
            "the aircraft on b3 flies only along one air lane, and c4 is not on it",
            "b3 上的飞机只能沿一条航空线飞行，c4 不在线上",
            "b3 上的飛機只能沿一條航空線飛行，c4 不在線上",
        ]
    );
    assert_eq!(words(Haijun21Illegal::InHq(at("c1")))[2], "c1 是指揮部，其中的棋子不能被攻擊（軍旗除外）");
    assert_eq!(
        Haijun21Illegal::FlagCannotAttack(at("c2")).to_string(),
        "the flag moves only onto empty points, and c2 is not empty"
    );
}

#[test]
fn no_legal_move_loses_both_stuck_draws_and_the_quiet_limit_draws() {
    // Red: a flag boxed in by its own mines.
    let boxed = [("b1", RED, 'i'), ("b2", RED, 'i'), ("c2", RED, 'i'), ("d2", RED, 'i'), ("d1", RED, 'i')];
    let mut pieces = boxed.to_vec();
    pieces.push(("e12", BLUE, 'j'));
    let g = with_flags(&pieces, RED);
    assert_eq!(g.over().map(|o| (o.winner, o.reason)), Some((Some(BLUE), EndReason::NoLegalMove)));
    let mut pieces = boxed.to_vec();
    pieces.extend([("b12", BLUE, 'i'), ("b11", BLUE, 'i'), ("c11", BLUE, 'i'), ("d11", BLUE, 'i'), ("d12", BLUE, 'i')]);
    let g = with_flags(&pieces, RED);
    assert_eq!(g.over().map(|o| (o.winner, o.reason)), Some((None, EndReason::BothStuck)));
    let mut g = game(
        &[("c1", RED, 'l'), ("c12", BLUE, 'l'), ("b3", RED, 'm'), ("b8", BLUE, 'c')],
        RED,
        Haijun21Options { quiet_limit: 4 },
    );
    for (from, to) in [("b3", "b8"), ("b8", "a8"), ("b3", "b4"), ("a8", "a9")] {
        assert_eq!(g.over(), None);
        play(&mut g, from, to).unwrap();
    }
    assert_eq!(g.over().map(|o| (o.winner, o.reason)), Some((None, EndReason::QuietLimit)));
}

#[test]
fn random_games_never_make_an_illegal_move_and_always_end() {
    let mut ended = std::collections::BTreeMap::new();
    for seed in 0..60u64 {
        let mut rng = Rng::new(seed);
        let (red, blue) = (Haijun21Setup::random(&mut rng), Haijun21Setup::random(&mut rng));
        let mut g = Haijun21Game::new(Haijun21Options::default(), &red, &blue);
        let mut plies = 0;
        while g.over().is_none() {
            let moves = g.legal_moves();
            assert!(!moves.is_empty(), "seed {seed}: a live game has a move");
            let (from, to, _) = moves[rng.below(moves.len())];
            let mover = g.piece_at(from).unwrap();
            assert_eq!(mover.seat, g.to_move());
            assert_ne!(mover.kind, k('i'), "a mine never moves");
            if let Some(target) = g.piece_at(to) {
                assert_ne!(target.seat, mover.seat);
                assert_ne!(mover.kind, k('l'), "the flag never attacks");
                assert!(!g.board().is_headquarters(to) || target.kind == k('l'), "the HQ shelters");
            }
            let ply = g.play(from, to).unwrap_or_else(|e| panic!("seed {seed}: a listed move was refused: {e}"));
            // Nothing removed is ever shown, and a scouting leaves both pieces where they were.
            for (q, piece, _) in &ply.shown {
                assert_eq!(g.piece_at(*q).map(|x| (x.seat, x.kind)), Some((piece.seat, piece.kind)), "seed {seed}");
            }
            if ply.outcome == Outcome::Scouted {
                assert_eq!(g.piece_at(from).map(|x| x.kind), Some(k('m')));
            }
            plies += 1;
            assert!(plies < 5000, "seed {seed}: no end");
        }
        assert!(g.legal_moves().is_empty());
        *ended.entry(g.over().unwrap().reason.as_str()).or_insert(0) += 1;
    }
    println!("60 random haijun21 games ended by: {ended:?}");
    for reason in ended.keys() {
        assert!(["flag_captured", "quiet_limit", "no_legal_move", "both_stuck"].contains(reason), "{ended:?}");
    }
    assert!(ended.get("flag_captured").is_some_and(|&n| n > 0), "some random games capture a flag: {ended:?}");
}

fn start(seed: u64, options: &str) -> Start {
    let mut rng = Rng::new(seed);
    let mut s = Start::new(2);
    s.options = options.to_string();
    s.setups =
        (0..2).map(|_| junqi_rules::contract::Secret::new(Haijun21Setup::random(&mut rng).to_code_string())).collect();
    s
}

#[test]
fn the_kind_is_haijun21_with_its_options_and_red_always_first() {
    assert_eq!((HAIJUN21.name(), HAIJUN21.kind.art, HAIJUN21.kind.record_tag), ("haijun21", "haijun21", "haijun21"));
    for name in ["haijun21", "二十一世紀海軍棋", "二十一世纪海军棋"] {
        assert!(HAIJUN21_KIND.is_named(name), "{name}");
    }
    assert!(!HAIJUN21_KIND.is_named("haijun") && !HAIJUN21_KIND.is_named("海军棋"));
    let settings = HAIJUN21_KIND.settings;
    assert_eq!(settings("dark", "").as_deref(), Ok(""));
    assert_eq!(settings("dark", "First=Red QUIET-LIMIT=0").as_deref(), Ok("quiet-limit=0"));
    assert_eq!(settings("dark", "quiet-limit=70").as_deref(), Ok(""));
    let refused = |o: &str| settings("dark", o).unwrap_err().to_string();
    assert!(refused("first=random").contains("use one of: red"), "{}", refused("first=random"));
    assert!(refused("front=junqi").contains("known options: first, quiet-limit"), "{}", refused("front=junqi"));
    assert!(refused("capture=return").contains("unknown rule option"));
    let mut s = start(1, "");
    assert!((HAIJUN21.start)(&s).is_ok());
    s.first = BLUE;
    assert!(matches!((HAIJUN21.start)(&s), Err(StartError::First(_))));
}

#[test]
fn each_audience_sees_what_the_rules_make_public() {
    // Dark mode: the owner sees its pieces, the public only what was shown.
    let pieces = [
        ("b3", RED, 'm'),
        ("b8", BLUE, 'g'),
        ("a1", RED, 'j'),
        ("e12", BLUE, 'j'),
        ("c1", RED, 'l'),
        ("c12", BLUE, 'l'),
    ];
    let placed: Vec<_> = pieces.iter().map(|&(n, seat, c)| (at(n), Piece { seat, kind: k(c), known: false })).collect();
    let mut g = Haijun21Contract::new(Haijun21Game::from_position(Default::default(), &placed, RED), Mode::Dark);
    let face = |g: &Haijun21Contract, a: Audience, n: &str| g.picture(a, None).at(at(n));
    assert_eq!(face(&g, Audience::Public, "b8"), Some(Face::Hidden { owner: BLUE }));
    assert_eq!(face(&g, Audience::Seat(RED), "b8"), Some(Face::Hidden { owner: BLUE }));
    assert_eq!(face(&g, Audience::Seat(BLUE), "b8"), Some(Face::Known { owner: BLUE, kind: k('g') }));
    let ply = g.play(RED, junqi_rules::game::Move { from: at("b3"), to: at("b8") }).unwrap();
    let public = g.public_ply(&ply, Audience::Public);
    assert_eq!(
        public.facts,
        vec![
            Fact::Combat {
                outcome: Outcome::Scouted,
                attacker: Face::Hidden { owner: RED },
                defender: Face::Hidden { owner: BLUE }
            },
            Fact::Revealed { at: at("b8"), owner: BLUE, kind: k('g') },
        ]
    );
    // The submarine found stays face up for everyone; the plane stays hidden from Blue.
    assert_eq!(face(&g, Audience::Public, "b8"), Some(Face::Known { owner: BLUE, kind: k('g') }));
    assert_eq!(face(&g, Audience::Seat(BLUE), "b3"), Some(Face::Hidden { owner: RED }));
    let words = Lang::ALL.map(|l| describe(&public, l));
    assert_eq!(
        words[0],
        "ply 1: Red b3-b8, a hidden Red piece against a hidden Blue piece: scouted; shown: Blue's submarine on b8."
    );
    assert_eq!(words[1], "第1手：红方 b3-b8，红方暗子对蓝方暗子：侦察；亮明：b8 上的蓝方潜水艇。");
    assert_eq!(words[2], "第1手：紅方 b3-b8，紅方暗子對藍方暗子：偵察；亮明：b8 上的藍方潛水艇。");
    // Once over, everything is shown.
    let end = Game::leave(&mut g, BLUE, junqi_rules::contract::Leave::Resign).end.unwrap();
    assert_eq!(end.winner(), Some(0));
    assert_eq!(face(&g, Audience::Public, "b3"), Some(Face::Known { owner: RED, kind: k('m') }));
    // Reveal mode names both pieces of a combat; the open mode shows everything.
    let r = Haijun21Contract::new(Haijun21Game::from_position(Default::default(), &placed, RED), Mode::Reveal);
    let mut r2 = r.clone();
    let ply = r2.play(RED, junqi_rules::game::Move { from: at("b3"), to: at("b8") }).unwrap();
    assert!(matches!(
        r2.public_ply(&ply, Audience::Public).facts[0],
        Fact::Combat { attacker: Face::Known { .. }, .. }
    ));
    assert_eq!(face(&r, Audience::Public, "a1"), Some(Face::Hidden { owner: RED }));
    let o = Haijun21Contract::new(Haijun21Game::from_position(Default::default(), &placed, RED), Mode::Open);
    assert_eq!(face(&o, Audience::Public, "a1"), Some(Face::Known { owner: RED, kind: k('j') }));
}

#[test]
fn a_record_tagged_haijun21_replays_to_the_same_end() {
    let s = start(3, "quiet-limit=60");
    let mut g = (HAIJUN21.start)(&s).unwrap();
    let mut rng = Rng::new(4);
    let mut tokens = Vec::new();
    while g.over().is_none() {
        let legal = g.legal_tokens(g.to_move());
        let t = legal[rng.below(legal.len())].clone();
        g.play_text(g.to_move(), &t).unwrap();
        tokens.push(t);
    }
    let over = g.over().expect("the game ended");
    let text = write_plain(&HAIJUN21, &s, &["ann".into(), "bob".into()], &tokens, None, Some(&over));
    assert!(text.contains("[Variant \"haijun21\"]") && text.contains("[RedSetup \"") && text.contains(". "), "{text}");
    let env = Envelope::parse(&text).unwrap();
    let Ok(Reading::Known(read)) = (HAIJUN21.record.read)(&HAIJUN21, &env) else { panic!("the record reads") };
    assert_eq!(read.options, "quiet-limit=60");
    let mut again: Box<dyn AnyGame> = (HAIJUN21.start)(&read).unwrap();
    for t in &tokens {
        again.play_text(again.to_move(), t).unwrap();
    }
    assert_eq!(again.over(), Some(over));
    assert_eq!(EndReason::parse("flag_captured"), Some(EndReason::FlagCaptured));
    assert_eq!(Outcome::Scouted.as_str(), "scouted");
}

#[test]
fn the_catalogue_entry_draws_swaps_marks_and_places() {
    // A deployment alone on the board, as its owner sees it: 27 own pieces, nothing else, a game
    // in progress.
    let draw = HAIJUN21.setup_picture.unwrap();
    let pic = draw(BLUE, EXAMPLE).expect("a legal deployment draws");
    assert_eq!(pic.tokens.len(), 27);
    assert!(pic.tokens.iter().all(|t| matches!(t.face, Face::Known { owner, .. } if owner == BLUE)));
    assert_eq!(pic.at(at("c12")), Some(Face::Known { owner: BLUE, kind: k('l') }));
    assert!(pic.captions.result.is_none());
    assert!(draw(RED, "kekek").is_none());
    // Swaps exchange pieces, never an empty point (where the empties are is public).
    let swap = HAIJUN21.swap_slots.unwrap();
    assert_eq!(swap(EXAMPLE, 0, 1).as_deref(), Some("ekkek cdgcd bnbga fmf.h eh.fi i.lji"));
    assert_eq!(swap(EXAMPLE, 0, 21), None, "slot 21 is '.'");
    assert_eq!(swap(EXAMPLE, 0, 5), None, "slot 5 is a space");
    // Marks read this game's points and pieces.
    let marks = HAIJUN21.marks.unwrap();
    assert_eq!((marks.read_point)(RED, " c12 "), Some(at("c12")));
    assert_eq!((marks.read_piece)("反潛機"), Some(k('m')));
    assert_eq!((marks.piece_code)(k('n')), "n");
    assert_eq!((marks.piece_words)(k('k')), ("missile boat", "飞弹快艇"));
    // 60 places, HQs drawn as such, no camps.
    let places = (HAIJUN21.places)();
    assert_eq!(places.len(), 60);
    let glyph = |n: &str| places.iter().find(|x| x.name == n).map(|x| x.empty);
    assert_eq!((glyph("c1"), glyph("c12"), glyph("b3")), (Some('□'), Some('□'), Some('.')));
    assert_eq!((HAIJUN21.show_setup)("KEKEK/CDGCD/BNBGA/FMF.H/EH.FI/I.LJI"), EXAMPLE);
    // Tiles are labelled by the short names; every 繁體 name is the seed's.
    assert_eq!((HAIJUN21_KIND.piece_label)(k('m')), Some(("ASW", "反")));
    let hant: Vec<String> =
        junqi_rules::haijun21::pieces::PIECES.iter().map(|d| junqi_rules::contract::to_traditional(d.zh)).collect();
    assert_eq!(
        hant,
        [
            "航空母艦",
            "炮艦",
            "巡洋艦",
            "驅逐艦",
            "魚雷快艇",
            "掃雷艇",
            "潛水艇",
            "魚雷",
            "水雷",
            "旗艦",
            "飛彈快艇",
            "軍旗",
            "反潛機",
            "轟炸機"
        ]
    );
    for w in [HAIJUN21_KIND.title, HAIJUN21_KIND.setup_hint] {
        assert_eq!(w.zh_hant, junqi_rules::contract::to_traditional(w.zh_hans), "{}", w.en);
    }
}
