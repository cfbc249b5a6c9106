//! Deployment, the game loop, visibility and the end of the game (`rules-haijun.md` §3–§7, §10),
//! and random playouts.

use junqi_rules::contract::Lang;
use junqi_rules::end::EndReason;
use junqi_rules::haijun::deploy::parse;
use junqi_rules::haijun::{Capture, HaijunGame, HaijunIllegal, HaijunOptions, HaijunSetup, SetupParseError, Violation};
use junqi_rules::piece::Piece;
use junqi_rules::rng::Rng;
use junqi_rules::{Outcome, Seat};

use super::{BLUE, RED, k, p};

const EXAMPLE: &str = "dcgbe fag hced bhf geicb ijidf";

fn game(pieces: &[(&str, Seat, char)], to_move: Seat, options: HaijunOptions) -> HaijunGame {
    let b = junqi_rules::haijun::board::get(options.front);
    let placed: Vec<_> =
        pieces.iter().map(|&(n, seat, c)| (p(b, n), Piece { seat, kind: k(c), known: false })).collect();
    HaijunGame::from_position(options, &placed, to_move)
}

fn play(g: &mut HaijunGame, from: &str, to: &str) -> Result<junqi_rules::haijun::HaijunPly, HaijunIllegal> {
    let b = g.board();
    g.play(p(b, from), p(b, to))
}

#[test]
fn the_example_and_random_deployments_are_legal() {
    let b = junqi_rules::haijun::board::get(Default::default());
    let s = parse(EXAMPLE).unwrap();
    assert_eq!(s.to_code_string(), EXAMPLE);
    for seat in [RED, BLUE] {
        assert_eq!(s.violations(b, seat), vec![], "{seat:?}");
    }
    assert_eq!(s.placed(RED).iter().find(|x| x.1 == k('j')).map(|x| b.name(x.0)), Some("b1"));
    assert_eq!(s.placed(BLUE).iter().find(|x| x.1 == k('j')).map(|x| b.name(x.0)), Some("d12"));
    let mut rng = Rng::new(2026);
    for _ in 0..300 {
        let r = HaijunSetup::random(&mut rng);
        assert_eq!(r.violations(b, RED), vec![]);
        assert_eq!(parse(&r.to_code_string()).unwrap(), r);
    }
    assert_eq!(HaijunSetup::random(&mut Rng::new(5)), HaijunSetup::random(&mut Rng::new(5)));
    assert_ne!(HaijunSetup::random(&mut Rng::new(5)), HaijunSetup::random(&mut Rng::new(6)));
}

#[test]
fn every_broken_rule_is_listed_at_once_in_three_languages() {
    let b = junqi_rules::haijun::board::get(Default::default());
    // A torpedo in the front row (a6), a mine on a4, the flagship on d4 and a second one on c1,
    // a third torpedo instead of a minesweeper.
    let s = parse("hcgbe hag icjd bhf geicb idjdf").unwrap();
    let v = s.violations(b, RED);
    let expect = [
        Violation::TorpedoInFrontRow { point: p(b, "a6") },
        Violation::MineOutsideBackRows { point: p(b, "a4") },
        Violation::FlagshipOffHq { point: p(b, "d4") },
        Violation::FlagshipOffHq { point: p(b, "c1") },
    ];
    // The point rules first, in deployment order; then the counts.
    assert_eq!(v[..4], expect[..]);
    let counts: Vec<_> = v[4..].to_vec();
    assert!(counts.contains(&Violation::WrongCount { kind: k('h'), found: 3, needed: 2 }), "{counts:?}");
    assert!(counts.contains(&Violation::WrongCount { kind: k('j'), found: 2, needed: 1 }), "{counts:?}");
    let texts: Vec<String> = Lang::ALL.iter().map(|&l| v[1].describe(b, l)).collect();
    assert_eq!(texts[0], "rule 3: the sea mine on a4 must stand in its owner's two back rows");
    assert_eq!(texts[1], "规则3：a4 的水雷只能放在己方最后两排");
    assert_eq!(texts[2], "規則3：a4 的水雷只能放在己方最後兩排");
    assert_eq!(v[2].describe(b, Lang::ZhHant), "規則1：d4 的旗艦必須放在指揮部");
    assert_eq!(
        Violation::WrongCount { kind: k('f'), found: 2, needed: 3 }.describe(b, Lang::ZhHant),
        "規則5：掃雷艦：給出 2 個，需要 3 個"
    );
    assert_eq!(parse("abc"), Err(SetupParseError::Length { found: 3, needed: 25 }));
    assert_eq!(parse("abcxyz"), Err(SetupParseError::Unknown(vec!['x', 'y', 'z'])));
    assert_eq!(
        SetupParseError::Length { found: 3, needed: 25 }.describe(Lang::ZhHant),
        "給出 3 個棋子代碼，需要 25 個"
    );
}

#[test]
fn the_flagship_shows_itself_when_it_moves_and_only_then() {
    let mut g =
        game(&[("b1", RED, 'j'), ("d12", BLUE, 'j'), ("a2", RED, 'c'), ("a11", BLUE, 'c')], RED, Default::default());
    let b = g.board();
    assert_eq!(g.seen_by(Some(BLUE), p(b, "b1")), Some((RED, None)));
    assert_eq!(g.seen_by(Some(RED), p(b, "b1")), Some((RED, Some(k('j')))));
    let ply = play(&mut g, "b1", "b2").unwrap();
    assert_eq!(ply.revealed, Some(p(b, "b2")));
    assert_eq!(g.seen_by(Some(BLUE), p(b, "b2")), Some((RED, Some(k('j')))));
    assert_eq!(g.seen_by(None, p(b, "b2")), Some((RED, Some(k('j')))));
    assert_eq!(g.seen_by(None, p(b, "a2")), Some((RED, None)));
    play(&mut g, "a11", "a10").unwrap();
    assert_eq!(play(&mut g, "b2", "b1").unwrap().revealed, None, "only the first move reveals");
}

#[test]
fn a_sunk_flagship_loses_and_a_ram_draws() {
    // Attacked by a ship.
    let mut g =
        game(&[("b1", RED, 'j'), ("c2", RED, 'a'), ("c3", BLUE, 'j'), ("e12", BLUE, 'b')], RED, Default::default());
    let ply = play(&mut g, "c2", "c3").unwrap();
    assert_eq!((ply.outcome, ply.flagship_sunk), (Outcome::AttackerWon, true));
    assert_eq!(g.over().map(|o| (o.winner, o.reason)), Some((Some(RED), EndReason::FlagshipSunk)));
    assert_eq!(
        g.seen_by(Some(RED), g.board().find("e12").unwrap()),
        Some((BLUE, Some(k('b')))),
        "all shown at the end"
    );
    // Its own failed attack, revealing it at the destination although it dies (§10.9).
    let mut g = game(&[("b1", RED, 'j'), ("b2", BLUE, 'c'), ("d12", BLUE, 'j')], RED, Default::default());
    let ply = play(&mut g, "b1", "b2").unwrap();
    assert_eq!((ply.outcome, ply.flagship_sunk, ply.revealed), (Outcome::DefenderWon, true, Some(p(g.board(), "b2"))));
    assert_eq!(g.over().map(|o| (o.winner, o.reason)), Some((Some(BLUE), EndReason::FlagshipSunk)));
    // Flagship rams flagship: both go, a draw.
    let mut g =
        game(&[("b1", RED, 'j'), ("b2", BLUE, 'j'), ("a1", RED, 'c'), ("e12", BLUE, 'c')], RED, Default::default());
    let ply = play(&mut g, "b1", "b2").unwrap();
    assert_eq!(ply.outcome, Outcome::BothRemoved);
    assert_eq!(g.over().map(|o| (o.winner, o.reason)), Some((None, EndReason::FlagshipSunk)));
    assert_eq!(EndReason::FlagshipSunk.as_str(), "flagship_sunk");
    assert_eq!(EndReason::parse("flagship_sunk"), Some(EndReason::FlagshipSunk));
    assert_eq!(EndReason::FlagshipSunk.words(), ("flagship sunk", "旗舰损失"));
    assert_eq!(Lang::ZhHant.pick("", EndReason::FlagshipSunk.words().1), "旗艦損失");
}

/// §6, §8, §10.1: every ply that removes a 旗舰 — an attack on it, its own failed attack, a ram —
/// is announced as `flagship_sunk` (record mark `{F}`, the image's `F` badge), whatever the real
/// combat was; any other combat keeps its class.
#[test]
fn a_sinking_ply_is_announced_as_flagship_sunk() {
    use junqi_rules::contract::{Audience, Fact, Game};
    use junqi_rules::haijun::contract::{HaijunContract, public_outcome};
    use junqi_rules::options::Mode;
    // A position, the move's start and end.
    type Case<'a> = (&'a [(&'a str, Seat, char)], &'a str, &'a str);
    let cases: [Case; 4] = [
        (&[("b1", RED, 'j'), ("c2", RED, 'a'), ("c3", BLUE, 'j'), ("e12", BLUE, 'b')], "c2", "c3"),
        (&[("b1", RED, 'j'), ("b2", BLUE, 'c'), ("d12", BLUE, 'j')], "b1", "b2"),
        (&[("b1", RED, 'j'), ("b2", BLUE, 'j'), ("a1", RED, 'c'), ("e12", BLUE, 'c')], "b1", "b2"),
        (&[("b1", RED, 'j'), ("c2", RED, 'a'), ("c3", BLUE, 'b'), ("d12", BLUE, 'j')], "c2", "c3"),
    ];
    for (i, (pieces, from, to)) in cases.into_iter().enumerate() {
        let g = game(pieces, RED, Default::default());
        let b = g.board();
        let mut c = HaijunContract::new(g.clone(), Mode::Dark);
        let ply = c.play(RED, junqi_rules::game::Move { from: p(b, from), to: p(b, to) }).unwrap();
        let want = if i < 3 { Outcome::FlagshipSunk } else { Outcome::AttackerWon };
        assert_eq!(public_outcome(&ply), want, "case {i}");
        let public = c.public_ply(&ply, Audience::Public);
        assert!(public.facts.iter().any(|f| matches!(f, Fact::Combat { outcome, .. } if *outcome == want)), "{i}");
        assert_eq!(c.picture(Audience::Public, Some(&ply)).badge, Some(want));
    }
    assert_eq!((Outcome::FlagshipSunk.as_str(), Outcome::FlagshipSunk.mark()), ("flagship_sunk", Some("F")));
}

#[test]
fn capture_return_leaves_the_point_empty_and_combat_resets_the_quiet_count() {
    let opts = HaijunOptions { capture: Capture::Return, ..Default::default() };
    let mut g = game(&[("b1", RED, 'j'), ("d12", BLUE, 'j'), ("c2", RED, 'a'), ("c3", BLUE, 'b')], RED, opts);
    let b = g.board();
    play(&mut g, "c2", "c3").unwrap();
    assert_eq!(g.piece_at(p(b, "c3")), None);
    assert_eq!(g.piece_at(p(b, "c2")).map(|x| x.kind), Some(k('a')));
    assert_eq!(g.quiet(), 0);
    // Mines: a minesweeper clears, anything else goes with it; the mine never moves.
    let mut g = game(
        &[("b1", RED, 'j'), ("d12", BLUE, 'j'), ("a1", RED, 'i'), ("a2", BLUE, 'f'), ("c12", BLUE, 'a')],
        BLUE,
        Default::default(),
    );
    assert_eq!(play(&mut g, "a2", "a1").unwrap().outcome, Outcome::AttackerWon);
    assert_eq!(g.piece_at(p(b, "a1")).map(|x| (x.seat, x.kind)), Some((BLUE, k('f'))));
}

#[test]
fn illegal_moves_are_refused_precisely_and_change_nothing() {
    let mut g = game(
        &[
            ("b1", RED, 'j'),
            ("d12", BLUE, 'j'),
            ("a1", RED, 'i'),
            ("c2", RED, 'a'),
            ("b3", BLUE, 'c'),
            ("c6", RED, 'b'),
        ],
        RED,
        Default::default(),
    );
    let b = g.board();
    let before: Vec<_> = b.point_ids().map(|q| g.piece_at(q)).collect();
    assert_eq!(play(&mut g, "a1", "a2"), Err(HaijunIllegal::MineCannotMove(p(b, "a1"))));
    assert_eq!(play(&mut g, "c3", "c4"), Err(HaijunIllegal::NoOwnPiece(p(b, "c3"))));
    assert_eq!(play(&mut g, "d12", "d11"), Err(HaijunIllegal::NoOwnPiece(p(b, "d12"))));
    assert_eq!(play(&mut g, "b1", "c2"), Err(HaijunIllegal::OwnPiece(p(b, "c2"))));
    assert_eq!(play(&mut g, "c2", "b3"), Err(HaijunIllegal::Sheltered(p(b, "b3"))));
    assert_eq!(
        play(&mut g, "c6", "c8"),
        Err(HaijunIllegal::Unreachable { from: p(b, "c6"), to: p(b, "c8") }),
        "c6–c7–c8 mixes red and branch"
    );
    let after: Vec<_> = b.point_ids().map(|q| g.piece_at(q)).collect();
    assert_eq!(before, after);
    assert_eq!((g.to_move(), g.plies()), (RED, 0));
}

#[test]
fn no_legal_move_loses_both_stuck_draws_and_the_quiet_limit_draws() {
    // Red has only a mine and a boxed-in flagship: no legal move at its turn.
    let g = game(
        &[("b1", RED, 'j'), ("a1", RED, 'i'), ("c1", RED, 'i'), ("b2", RED, 'i'), ("d12", BLUE, 'j')],
        RED,
        Default::default(),
    );
    assert_eq!(g.over().map(|o| (o.winner, o.reason)), Some((Some(BLUE), EndReason::NoLegalMove)));
    let g = game(
        &[
            ("b1", RED, 'j'),
            ("a1", RED, 'i'),
            ("c1", RED, 'i'),
            ("b2", RED, 'i'),
            ("b12", BLUE, 'j'),
            ("a12", BLUE, 'i'),
            ("c12", BLUE, 'i'),
            ("b11", BLUE, 'i'),
        ],
        RED,
        Default::default(),
    );
    assert_eq!(g.over().map(|o| (o.winner, o.reason)), Some((None, EndReason::BothStuck)));
    let opts = HaijunOptions { quiet_limit: 4, ..Default::default() };
    let mut g = game(&[("b1", RED, 'j'), ("d12", BLUE, 'j')], RED, opts);
    for (from, to) in [("b1", "b2"), ("d12", "d11"), ("b2", "b1"), ("d11", "d12")] {
        assert_eq!(g.over(), None);
        play(&mut g, from, to).unwrap();
    }
    assert_eq!(g.over().map(|o| (o.winner, o.reason)), Some((None, EndReason::QuietLimit)));
    assert_eq!(play(&mut g, "b1", "b2"), Err(HaijunIllegal::GameOver));
}

#[test]
fn random_games_never_make_an_illegal_move_and_always_end() {
    let mut ended = [0usize; 3];
    for seed in 0..60u64 {
        let mut rng = Rng::new(seed);
        let (red, blue) = (HaijunSetup::random(&mut rng), HaijunSetup::random(&mut rng));
        let mut g = HaijunGame::new(HaijunOptions::default(), &red, &blue);
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
                assert!(!g.board().is_camp(to) || target.kind == k('j'), "camps shelter");
            }
            g.play(from, to).unwrap_or_else(|e| panic!("seed {seed}: a listed move was refused: {e}"));
            plies += 1;
            assert!(plies < 5000, "seed {seed}: no end");
        }
        let over = g.over().unwrap();
        assert!(g.legal_moves().is_empty());
        match over.reason {
            EndReason::FlagshipSunk => ended[0] += 1,
            EndReason::QuietLimit => ended[1] += 1,
            EndReason::NoLegalMove | EndReason::BothStuck => ended[2] += 1,
            other => panic!("seed {seed}: unexpected end {other:?}"),
        }
    }
    assert!(ended[0] > 0, "some random games sink a flagship: {ended:?}");
}

#[test]
fn resignation_timeout_and_agreed_draw_end_a_live_game_once() {
    let opts = HaijunOptions::default();
    let mut g = game(&[("b1", RED, 'j'), ("d12", BLUE, 'j')], RED, opts);
    let over = g.resign(RED).unwrap();
    assert_eq!((over.winner, over.reason), (Some(BLUE), EndReason::Resign));
    assert_eq!(g.timeout(BLUE), None, "nothing once over");
    let mut g = game(&[("b1", RED, 'j'), ("d12", BLUE, 'j')], RED, opts);
    assert_eq!(g.timeout(BLUE).map(|o| (o.winner, o.reason)), Some((Some(RED), EndReason::Timeout)));
    let mut g = game(&[("b1", RED, 'j'), ("d12", BLUE, 'j')], RED, opts);
    assert_eq!(g.agree_draw().map(|o| (o.winner, o.reason)), Some((None, EndReason::Agreed)));
}

#[test]
fn options_read_and_write_their_normal_form() {
    use junqi_rules::haijun::board::Front;
    use junqi_rules::haijun::{First, HaijunOptionsError, HaijunSettings};
    let d = HaijunSettings::parse("").unwrap();
    assert_eq!(d, HaijunSettings::default());
    assert_eq!(
        (d.rules.front, d.rules.capture, d.rules.quiet_limit, d.first),
        (Front::Open, Capture::Advance, 70, First::Red)
    );
    assert_eq!(d.to_string(), "");
    let o = HaijunSettings::parse("Quiet-Limit=0 capture=return first=random FRONT=junqi").unwrap();
    assert_eq!(
        (o.rules.front, o.rules.capture, o.rules.quiet_limit, o.first),
        (Front::Junqi, Capture::Return, 0, First::Random)
    );
    assert_eq!(o.to_string(), "front=junqi first=random capture=return quiet-limit=0");
    assert_eq!(HaijunSettings::parse(&o.to_string()), Ok(o));
    assert_eq!(HaijunSettings::parse("front"), Err(HaijunOptionsError::NotKeyValue("front".into())));
    assert_eq!(
        HaijunSettings::parse("mines=spring"),
        Err(HaijunOptionsError::UnknownKey { key: "mines".into(), known: &junqi_rules::haijun::options::KEYS })
    );
    assert_eq!(
        HaijunSettings::parse("capture=keep").unwrap_err().to_string(),
        "rule option capture cannot be 'keep'; use one of: advance, return"
    );
}

#[test]
fn the_kind_is_haijun_with_its_art_and_catalogued() {
    use junqi_rules::contract::catalog;
    use junqi_rules::haijun::kinds::HAIJUN;
    assert_eq!((HAIJUN.name(), HAIJUN.kind.art, HAIJUN.kind.record_tag), ("haijun", "haijun", "haijun"));
    assert!(catalog::all().iter().any(|d| d.name() == "haijun"), "its art exists: in BUILT_IN");
    assert_eq!(catalog::find("海战棋").map(|d| d.name()), Some("haijun"));
    let validate = HAIJUN.validate_setup.unwrap();
    assert_eq!(validate(RED, "DCGBE FAG HCED BHF GEICB IJIDF").as_deref(), Ok(EXAMPLE));
    match validate(RED, "hcgbe hag icjd bhf geicb idjdf") {
        Err(junqi_rules::contract::SetupError::Broken(list)) => {
            assert!(list.len() >= 6, "every broken rule: {}", list.len());
            assert_eq!(list[2].get(Lang::ZhHant), "規則1：d4 的旗艦必須放在指揮部");
        }
        other => panic!("expected broken rules, got {:?}", other.map(|_| ())),
    }
}
