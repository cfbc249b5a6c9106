//! Playing plies (§5 rule 11, §4 strikes and flights), the end of the game (§7, §11.15),
//! deployment (§3, §11.1), visibility (§6) and random playouts.

use std::collections::HashSet;

use junqi_rules::contract::Lang;
use junqi_rules::game::{EndReason, Reveal};
use junqi_rules::options::{BombFlag, Mode};
use junqi_rules::piece::PieceKind;
use junqi_rules::rng::Rng;
use junqi_rules::sanjun30::deploy::{FRONT_SLOTS, SLOTS, is_front_row, order};
use junqi_rules::sanjun30::pieces::kinds;
use junqi_rules::sanjun30::view::{Face30, bounce_pairs, faces, public_ply};
use junqi_rules::sanjun30::{
    MoveKind, Sanjun30End, Sanjun30Game, Sanjun30Illegal, Sanjun30Options, Setup30, SetupParseError, Station,
    Violation, Win,
};
use junqi_rules::view::Viewer;
use junqi_rules::{Outcome, Seat};

use super::{BLUE, RED, b, k, mv, p, pos, red_to_move};

// ---------------------------------------------------------------- §5 rule 11 and the move kinds

#[test]
fn rule_11_winners_occupy_strikers_stay_bounces_and_scouts_move_nobody() {
    // An ordinary attack: the winner takes the point.
    let mut g = red_to_move(&[("f5", RED, 'b'), ("g6", BLUE, 'c'), ("h21", BLUE, 'a')]);
    let ply = g.play(mv("f5", "g6")).unwrap();
    assert_eq!((ply.outcome, ply.kind), (Outcome::AttackerWon, MoveKind::Road));
    assert_eq!(g.piece_at(p("g6")).unwrap().kind, k('b'));
    assert!(g.piece_at(p("f5")).is_none());
    // A gunboat's strike removes the captain on f7 and stays on e9.
    let mut g = red_to_move(&[("e9", RED, 'r'), ("f7", BLUE, 'g'), ("h21", BLUE, 'a')]);
    let ply = g.play(mv("e9", "f7")).unwrap();
    assert_eq!((ply.outcome, ply.kind), (Outcome::AttackerWon, MoveKind::Strike));
    assert!(g.piece_at(p("f7")).is_none() && g.piece_at(p("e9")).is_some());
    // A strike on a higher officer bounces; the battery's on a submarine too.
    let mut g = red_to_move(&[("e9", RED, 'r'), ("f7", BLUE, 'a'), ("h21", BLUE, 'a')]);
    assert_eq!(g.play(mv("e9", "f7")).unwrap().outcome, Outcome::Bounced);
    assert!(g.piece_at(p("f7")).is_some() && g.piece_at(p("e9")).is_some());
    // The gunboat shoots a resting fighter one link away and stays put (§11.9).
    let mut g = red_to_move(&[("e9", RED, 'r'), ("g9", BLUE, 'u'), ("h21", BLUE, 'a')]);
    let ply = g.play(mv("e9", "g9")).unwrap();
    assert_eq!((ply.outcome, ply.kind), (Outcome::AttackerWon, MoveKind::Strike));
    assert!(g.piece_at(p("g9")).is_none() && g.piece_at(p("e9")).is_some());
    // A launch that wins occupies the point; the missile flies over the gun on g8 untouched.
    let mut g = red_to_move(&[("g4", RED, '6'), ("g8", BLUE, 'n'), ("g11", BLUE, 'e'), ("h21", BLUE, 'a')]);
    let ply = g.play(mv("g4", "g11")).unwrap();
    assert_eq!((ply.outcome, ply.kind), (Outcome::AttackerWon, MoveKind::Launch));
    assert_eq!(g.piece_at(p("g11")).unwrap().kind, kinds::MISSILE);
    // The reconnaissance plane scouts the mine and stays; the mine is named.
    let mut g = red_to_move(&[("e4", RED, 'v'), ("e8", BLUE, 'j'), ("h21", BLUE, 'a')]);
    let ply = g.play(mv("e4", "e8")).unwrap();
    assert_eq!(ply.outcome, Outcome::Scouted);
    assert_eq!(ply.revealed, vec![Reveal { point: p("e8"), seat: BLUE, kind: kinds::MINE }]);
    assert!(g.piece_at(p("e4")).is_some() && g.piece_at(p("e8")).unwrap().known);
    // The submarine dives from an air attack: the fighter bounces back, the submarine stays.
    let mut g = red_to_move(&[("e4", RED, 'u'), ("e11", BLUE, 't'), ("h21", BLUE, 'a')]);
    assert_eq!(g.play(mv("e4", "e11")).unwrap().outcome, Outcome::Bounced);
    assert!(g.piece_at(p("e4")).is_some() && g.piece_at(p("e11")).is_some());
}

#[test]
fn aircraft_are_shot_down_by_a_gun_strictly_between() {
    // The gunboat on e11 stands between e4 and e15: the fighter falls, the gun is named.
    let mut g = red_to_move(&[("e4", RED, 'u'), ("e11", BLUE, 'r'), ("h21", BLUE, 'a')]);
    let ply = g.play(mv("e4", "e15")).unwrap();
    assert_eq!(ply.outcome, Outcome::ShotDown);
    assert_eq!(ply.revealed, vec![Reveal { point: p("e11"), seat: BLUE, kind: kinds::GUNBOAT }]);
    assert!(g.piece_at(p("e4")).is_none() && g.piece_at(p("e11")).unwrap().known);
    // Attacking the gun itself is an ordinary attack the table decides (D), nothing revealed.
    let mut g = red_to_move(&[("e4", RED, 'u'), ("e11", BLUE, 'n'), ("h21", BLUE, 'a')]);
    let ply = g.play(mv("e4", "e11")).unwrap();
    assert_eq!(ply.outcome, Outcome::DefenderWon);
    assert!(ply.revealed.is_empty());
    // An own gun on the way does nothing.
    let mut g = red_to_move(&[("e4", RED, 'u'), ("e8", RED, 'n'), ("h21", BLUE, 'a')]);
    assert_eq!(g.play(mv("e4", "e15")).unwrap().outcome, Outcome::Moved);
}

#[test]
fn a_wrong_class_move_is_refused_precisely_and_changes_nothing() {
    let mut g = red_to_move(&[("g6", RED, '8'), ("h5", RED, 'l'), ("e9", RED, 's'), ("h21", BLUE, 'a')]);
    let before = g.cells().to_vec();
    assert!(matches!(g.play(mv("g6", "g9")), Err(Sanjun30Illegal::WrongClass(..))), "a tank onto the sea");
    assert!(matches!(g.play(mv("e9", "e8")), Err(Sanjun30Illegal::WrongClass(..))), "a destroyer ashore");
    assert!(matches!(g.play(mv("h5", "h3")), Err(Sanjun30Illegal::Immobile(..))));
    assert!(matches!(g.play(mv("h21", "g20")), Err(Sanjun30Illegal::NotYourPiece(_))));
    assert!(matches!(g.play(mv("h3", "h5")), Err(Sanjun30Illegal::NoPiece(_))));
    assert_eq!(g.cells(), &before[..]);
    assert_eq!(g.ply(), 0);
}

// ---------------------------------------------------------------- §7 end

#[test]
fn flag_capture_and_bomb_flag() {
    let mut g = red_to_move(&[("g24", RED, 'k'), ("h25", BLUE, 'l'), ("h21", BLUE, 'a')]);
    let ply = g.play(mv("g24", "h25")).unwrap();
    assert_eq!(ply.outcome, Outcome::FlagCaptured);
    assert_eq!(g.over().map(|o| (o.winner, o.reason)), Some((Some(RED), Sanjun30End::FlagCaptured)));
    assert!(g.play(mv("h21", "g20")).is_err(), "a move after the end is illegal (§11.16)");
    let forbidden = Sanjun30Options { bomb_flag: BombFlag::Forbidden, ..Default::default() };
    let g = pos(&[("g24", RED, 'k'), ("h25", BLUE, 'l'), ("h21", BLUE, 'a')], RED, forbidden);
    assert!(!g.legal_moves().contains(&mv("g24", "h25")));
}

#[test]
fn a_fallen_commander_shows_its_flag_and_commander_killed_under_marshal() {
    let setup = [("f5", RED, 'k'), ("g6", BLUE, 'a'), ("j25", BLUE, 'l'), ("h1", RED, 'l'), ("e2", RED, 'e')];
    // Under win=flag: the bomb kills the 总司令, its flag on j25 is shown, play goes on.
    let mut g = red_to_move(&setup);
    let ply = g.play(mv("f5", "g6")).unwrap();
    assert_eq!(ply.revealed, vec![Reveal { point: p("j25"), seat: BLUE, kind: kinds::FLAG }]);
    assert!(g.over().is_none() || g.over().unwrap().reason != Sanjun30End::CommanderKilled);
    // Under win=marshal the game ends: commander_killed, Red wins, even though the bomb died too.
    let marshal = Sanjun30Options { win: Win::Marshal, ..Default::default() };
    let mut g = pos(&setup, RED, marshal);
    let ply = g.play(mv("f5", "g6")).unwrap();
    assert_eq!(ply.end.map(|o| (o.winner, o.reason)), Some((Some(RED), Sanjun30End::CommanderKilled)));
    assert_eq!(Sanjun30End::CommanderKilled.reason(), EndReason::CommanderKilled);
    assert_eq!(EndReason::CommanderKilled.as_str(), "commander_killed");
    assert_eq!(EndReason::parse("commander_killed"), Some(EndReason::CommanderKilled));
    // Both commanders in one combat: both flags shown (attacker's first), play goes on.
    let mut g = pos(
        &[
            ("f5", RED, 'a'),
            ("g6", BLUE, 'a'),
            ("j25", BLUE, 'l'),
            ("h1", RED, 'l'),
            ("e2", RED, 'e'),
            ("h21", BLUE, 'e'),
        ],
        RED,
        marshal,
    );
    let ply = g.play(mv("f5", "g6")).unwrap();
    assert_eq!(ply.outcome, Outcome::BothRemoved);
    assert_eq!(ply.revealed.iter().map(|r| r.seat).collect::<Vec<_>>(), [RED, BLUE]);
    assert!(ply.end.is_none());
}

#[test]
fn no_legal_move_both_stuck_and_the_quiet_limit() {
    // Blue has only a flag: after Red's move Blue cannot move and loses.
    let mut g = red_to_move(&[("f5", RED, 'e'), ("h25", BLUE, 'l')]);
    let ply = g.play(mv("f5", "g6")).unwrap();
    assert_eq!(ply.end.map(|o| (o.winner, o.reason)), Some((Some(RED), Sanjun30End::NoLegalMove)));
    // Red's last mobile piece dies on the trap; neither side can move.
    let mut g = red_to_move(&[("f5", RED, 'e'), ("g6", BLUE, '5'), ("h1", RED, 'l'), ("h25", BLUE, 'l')]);
    let ply = g.play(mv("f5", "g6")).unwrap();
    assert_eq!(ply.end.map(|o| (o.winner, o.reason)), Some((None, Sanjun30End::BothStuck)));
    // quiet-limit=4: four plies without a removal draw.
    let quiet = Sanjun30Options { quiet_limit: 4, ..Default::default() };
    let mut g = pos(&[("f5", RED, 'e'), ("h21", BLUE, 'e')], RED, quiet);
    for m in [("f5", "g6"), ("h21", "g20"), ("g6", "f5")] {
        assert!(g.play(mv(m.0, m.1)).unwrap().end.is_none());
    }
    let ply = g.play(mv("g20", "h21")).unwrap();
    assert_eq!(ply.end.map(|o| (o.winner, o.reason)), Some((None, Sanjun30End::QuietLimit)));
}

// ---------------------------------------------------------------- §3 deployment

const EXAMPLE: &str = "0mn3 9h 8c 26f g4 17i ebjk 5la / spr.qt / uv";

#[test]
fn the_example_and_random_deployments_are_valid() {
    let s = Setup30::parse(EXAMPLE).unwrap();
    for seat in [RED, BLUE] {
        assert!(s.validate(b(), seat).is_ok());
    }
    assert_eq!(Setup30::parse(&s.to_code_string()).unwrap(), s);
    assert_eq!(b().board.name(order(b(), BLUE)[0]), "k18");
    let mut rng = Rng::new(2026);
    let mut flags = HashSet::new();
    let mut mines = HashSet::new();
    for _ in 0..200 {
        let r = Setup30::random(&mut rng);
        assert_eq!(r.slots.len(), SLOTS);
        for seat in [RED, BLUE] {
            assert!(r.validate(b(), seat).is_ok(), "{} as {seat:?}", r.to_code_string());
        }
        let placed = r.validate(b(), RED).unwrap();
        assert_eq!(placed.len(), 30);
        flags.insert(placed.iter().find(|(_, k)| *k == kinds::FLAG).unwrap().0);
        let mine = placed.iter().find(|(_, k)| *k == kinds::MINE).unwrap().0;
        assert!(!is_front_row(b(), mine), "rule 5: {}", r.to_code_string());
        mines.insert(mine);
    }
    assert_eq!(flags.len(), 3, "the flag goes to every gate");
    // Behind the front rows the mine still goes anywhere but the flag's gates (17 posts).
    assert!(mines.len() >= 14, "{} mine points", mines.len());
    // Seeded: the same seed, the same deployment.
    assert_eq!(Setup30::random(&mut Rng::new(5)), Setup30::random(&mut Rng::new(5)));
}

#[test]
fn every_broken_rule_at_once_in_three_languages() {
    // The flag on e8, the battery on f5, the battleship on k8 and the infantry on e9 (each
    // outside its zone), a second cavalry on h1 where the flag belongs, no 高射炮 and no fighter,
    // and a `.` on the airport a3.
    let bad = Setup30::parse("lh2p 90 8c m6f g4 17i ebjk 52a / s3r.qt / .v").unwrap_err_or_setup();
    let v = bad.validate(b(), RED).unwrap_err();
    let has = |f: &dyn Fn(&Violation) -> bool| v.iter().any(f);
    assert!(has(&|x| matches!(x, Violation::FlagOffGate { point } if *point == p("e8"))));
    assert!(has(&|x| matches!(x, Violation::BatteryOffStation { point } if *point == p("f5"))));
    assert!(has(
        &|x| matches!(x, Violation::WrongZone { point, kind } if *point == p("k8") && *kind == kinds::BATTLESHIP)
    ));
    assert!(has(&|x| matches!(x, Violation::WrongZone { point, kind } if *point == p("e9") && *kind == k('3'))));
    assert!(has(&|x| matches!(x, Violation::Count { kind, found: 2 } if *kind == k('2'))));
    assert!(has(&|x| matches!(x, Violation::Count { kind, found: 0 } if *kind == k('n'))));
    assert!(has(&|x| matches!(x, Violation::EmptyOffAnchor { point } if *point == p("a3"))));
    assert!(has(&|x| matches!(x, Violation::EmptyAnchors { found: 2 })));
    let first = &v[0];
    assert_eq!(first.describe(b(), Lang::En), "rule 1: the flag on e8 is not on a city gate");
    assert_eq!(first.describe(b(), Lang::ZhHans), "规则1：e8 上的军旗不在城门");
    assert_eq!(first.describe(b(), Lang::ZhHant), "規則1：e8 上的軍旗不在城門");
    // A wrong length or an unknown character is a parse error, not a broken rule (§11.1).
    assert_eq!(Setup30::parse("abc"), Err(SetupParseError::Length { found: 3 }));
    assert!(matches!(
        Setup30::parse("x0mn3 9h 8c 26f g4 17i ebjk 5la / spr.qt / uv"),
        Err(SetupParseError::Unknown(_))
    ));
    assert!(SetupParseError::Length { found: 3 }.describe(Lang::ZhHant).contains("個字符"));
    // A game refuses both sides' errors at once.
    let good = Setup30::parse(EXAMPLE).unwrap();
    let errs = Sanjun30Game::new(&bad, &bad, Sanjun30Options::default(), RED).unwrap_err();
    assert_eq!(errs.iter().filter(|(s, _)| *s == BLUE).count(), v.len());
    assert!(Sanjun30Game::new(&good, &good, Sanjun30Options::default(), RED).is_ok());
}

#[test]
fn rule_5_no_mine_in_the_front_rows_listed_with_the_other_broken_rules() {
    // The front rows are the coastline: the six first slots (e8 g8 i8 k8 f7 j7), and only them.
    let front: Vec<bool> = order(b(), RED).iter().map(|&q| is_front_row(b(), q)).collect();
    assert_eq!(front, (0..SLOTS).map(|i| i < FRONT_SLOTS).collect::<Vec<_>>());
    let turned: Vec<bool> = order(b(), BLUE).iter().map(|&q| is_front_row(b(), q)).collect();
    assert_eq!(turned, front, "Blue's front rows are the turned ones");
    // The example's mine (i2) traded with the major on j7: that alone is refused, for both sides.
    let mine_front = Setup30::parse("0mn3 9j 8c 26f g4 17i ebhk 5la / spr.qt / uv").unwrap();
    assert_eq!(mine_front.validate(b(), RED), Err(vec![Violation::MineInFrontRows { point: p("j7") }]));
    assert_eq!(mine_front.validate(b(), BLUE), Err(vec![Violation::MineInFrontRows { point: p("f19") }]));
    // On every front-row point but the battery stations the 炮垒 needs (the 炮垒 then moves to j7).
    for (i, text) in [(0, "jmn3 9h 8c 26f g4 17i eb0k 5la"), (3, "0mnj 9h 8c 26f g4 17i eb3k 5la")] {
        let s = Setup30::parse(&format!("{text} / spr.qt / uv")).unwrap();
        let v = s.validate(b(), RED).unwrap_err();
        assert_eq!(v, vec![Violation::MineInFrontRows { point: order(b(), RED)[i] }], "{text}");
    }
    // With the other broken rules, all at once: a fighter on the anchor m9 (rule 4), two fighters
    // and no submarine (rule 3), the mine on j7 (rule 5).
    let bad = Setup30::parse("0mn3 9j 8c 26f g4 17i ebhk 5la / spr.qu / uv").unwrap();
    let v = bad.validate(b(), RED).unwrap_err();
    let en: Vec<String> = v.iter().map(|x| x.describe(b(), Lang::En)).collect();
    assert_eq!(
        en,
        [
            "rule 5: the landmine on j7 stands in the front rows (the coastline)",
            "rule 4: the fighter on m9 is outside its zone",
            "rule 3: 0 × submarine given, 1 needed",
            "rule 3: 2 × fighter given, 1 needed",
        ],
    );
    assert_eq!(v[0].describe(b(), Lang::ZhHans), "规则5：地雷不能放在前两排（海岸线），现在在 j7");
    assert_eq!(v[0].describe(b(), Lang::ZhHant), "規則5：地雷不能放在前兩排（海岸線），現在在 j7");
    // A game refuses it too.
    assert!(
        Sanjun30Game::new(&mine_front, &Setup30::parse(EXAMPLE).unwrap(), Sanjun30Options::default(), RED).is_err()
    );
}

/// The parse of a string the test knows parses.
trait Parsed {
    fn unwrap_err_or_setup(self) -> Setup30;
}

impl Parsed for Result<Setup30, SetupParseError> {
    fn unwrap_err_or_setup(self) -> Setup30 {
        self.expect("31 known characters")
    }
}

// ---------------------------------------------------------------- §6 visibility

#[test]
fn dark_shows_classes_only_scouting_and_guns_name_and_moves_prove() {
    let mut g = red_to_move(&[
        ("e4", RED, 'v'),
        ("e8", BLUE, 'a'),
        ("g6", BLUE, '6'),
        ("g9", BLUE, 'p'),
        ("a23", BLUE, 'u'),
        ("h5", RED, '2'),
    ]);
    let f = faces(&g, Mode::Dark, Viewer::Spectator);
    assert!(f.iter().all(|(_, f)| matches!(f, Face30::Hidden { .. })));
    let shown = |name: &str| f.iter().find(|(q, _)| *q == p(name)).unwrap().1;
    assert!(matches!(
        shown("g6"),
        Face30::Hidden { owner: BLUE, service: junqi_rules::sanjun30::pieces::Service::Army }
    ));
    assert!(matches!(shown("g9"), Face30::Hidden { service: junqi_rules::sanjun30::pieces::Service::Navy, .. }));
    let ply = g.play(mv("e4", "e8")).unwrap();
    let spect = public_ply(&ply, Mode::Dark, Viewer::Spectator);
    assert_eq!((spect.attacker, spect.defender), (None, Some((BLUE, Some(kinds::COMMANDER)))));
    assert_eq!(public_ply(&ply, Mode::Dark, Viewer::Seat(RED)).attacker, Some(kinds::RECON));
    // Reveal mode names both pieces of a combat.
    let rev = public_ply(&ply, Mode::Reveal, Viewer::Spectator);
    assert_eq!(rev.attacker, Some(kinds::RECON));
    // The blue battleship lands: the move proves 主力舰 or 巡洋舰.
    let mut g = pos(&[("e9", BLUE, 'p'), ("h21", RED, 'a'), ("g6", RED, '6')], BLUE, Default::default());
    let ply = g.play(mv("e9", "e8")).unwrap();
    assert_eq!(ply.kind, MoveKind::Landing);
    assert_eq!(ply.proves, vec![kinds::BATTLESHIP, kinds::CRUISER]);
    // A gallop proves the cavalry; 4+ rail links the engineer; a launch the missile; a strike
    // from the sea the gunboat, from land the battery; a plain road step proves nothing.
    let proves =
        |pieces: &[(&str, Seat, char)], from: &str, to: &str| red_to_move(pieces).play(mv(from, to)).unwrap().proves;
    assert_eq!(proves(&[("h5", RED, '2'), ("h21", BLUE, 'a')], "h5", "f3"), vec![kinds::CAVALRY]);
    assert_eq!(proves(&[("b7", RED, 'i'), ("h21", BLUE, 'a')], "b7", "b19"), vec![kinds::ENGINEER]);
    assert!(proves(&[("b7", RED, 'i'), ("h21", BLUE, 'a')], "b7", "b16").is_empty());
    assert_eq!(proves(&[("g4", RED, '6'), ("g11", BLUE, 'e')], "g4", "g11"), vec![kinds::MISSILE]);
    assert_eq!(proves(&[("e9", RED, 'r'), ("f7", BLUE, 'g')], "e9", "f7"), vec![kinds::GUNBOAT]);
    assert_eq!(proves(&[("f7", RED, 'm'), ("e9", BLUE, 's')], "f7", "e9"), vec![kinds::BATTERY]);
    // g8–g9 is also a leg of file lane g: a missile could launch there, so it proves less.
    assert_eq!(proves(&[("g8", RED, 'm'), ("g9", BLUE, 's')], "g8", "g9"), vec![kinds::BATTERY, kinds::MISSILE]);
    assert!(proves(&[("h5", RED, 'e'), ("h21", BLUE, 'a')], "h5", "g6").is_empty());
    assert!(proves(&[("e4", RED, 'u'), ("h21", BLUE, 'a')], "e4", "e9").is_empty());
    // A bounce proves one of the B pairs of the table.
    let pairs = bounce_pairs();
    assert!(
        pairs.contains(&(k('m'), k('t'))) && pairs.contains(&(k('r'), k('a'))) && pairs.contains(&(k('v'), k('v')))
    );
    assert!(pairs.iter().all(|&(a, d)| matches!(d, kinds::RECON | kinds::SUBMARINE | kinds::TRAP)
        || a == kinds::GUNBOAT
        || a == kinds::SUBMARINE));
}

#[test]
fn a_finished_game_is_revealed_to_everyone() {
    let mut g = red_to_move(&[("g24", RED, 'k'), ("h25", BLUE, 'l'), ("h21", BLUE, 'a')]);
    g.play(mv("g24", "h25")).unwrap();
    assert!(faces(&g, Mode::Dark, Viewer::Spectator).iter().all(|(_, f)| matches!(f, Face30::Known { .. })));
}

// ---------------------------------------------------------------- random playouts

/// Whether a piece of `kind` may stand on `q` at all.
fn in_zone(q: junqi_rules::board::PointId, kind: PieceKind) -> bool {
    use junqi_rules::sanjun30::pieces::{Service, def_of};
    let st = b().station(q);
    match def_of(kind).service {
        Service::Air => b().is_air_stop(q),
        Service::Navy => st.is_sea() || st.is_land() || st == Station::Bridge,
        _ => st.is_land() || st == Station::Bridge || b().is_air_stop(q) && kind == kinds::MISSILE,
    }
}

#[test]
fn random_games_never_make_an_illegal_move_and_always_end() {
    let mut seen = HashSet::new();
    let mut lengths = Vec::new();
    for seed in 0..24u64 {
        let mut rng = Rng::new(seed);
        let (red, blue) = (Setup30::random(&mut rng), Setup30::random(&mut rng));
        let mut g = Sanjun30Game::new(&red, &blue, Sanjun30Options::default(), RED).unwrap();
        // 60 pieces can be removed at most 60 times, each quiet stretch is under 100 plies.
        for _ in 0..6100 {
            if g.over().is_some() {
                break;
            }
            let legal = g.legal_moves();
            assert!(!legal.is_empty(), "a side to move in a running game has a move");
            // A move not in the list is refused and changes nothing.
            let before = g.cells().to_vec();
            let wild = junqi_rules::game::Move {
                from: junqi_rules::board::PointId(rng.below(b().board.len()) as u8),
                to: junqi_rules::board::PointId(rng.below(b().board.len()) as u8),
            };
            if !legal.contains(&wild) {
                assert!(g.play(wild).is_err());
                assert_eq!(g.cells(), &before[..]);
            }
            let m = legal[rng.below(legal.len())];
            let ply = g.play(m).unwrap();
            seen.insert((ply.outcome, ply.kind));
            for q in b().board.point_ids() {
                if let Some(piece) = g.piece_at(q) {
                    assert!(in_zone(q, piece.kind), "{:?} on {}", piece.kind, b().board.name(q));
                }
            }
        }
        assert!(g.over().is_some(), "seed {seed} did not end");
        lengths.push(g.ply());
    }
    // Real games, not ones that stop at once: every one ran for hundreds of plies.
    assert!(lengths.iter().all(|&n| n > 100), "{lengths:?}");
    let outcomes: HashSet<Outcome> = seen.iter().map(|(o, _)| *o).collect();
    for o in [Outcome::AttackerWon, Outcome::DefenderWon, Outcome::BothRemoved, Outcome::Moved] {
        assert!(outcomes.contains(&o), "{o:?} never happened");
    }
    let kinds_seen: HashSet<MoveKind> = seen.iter().map(|(_, k)| *k).collect();
    for kind in [MoveKind::Road, MoveKind::Rail, MoveKind::Sea, MoveKind::Flight] {
        assert!(kinds_seen.contains(&kind), "{kind:?} never happened");
    }
}

#[test]
fn the_start_position_counts_are_the_same_for_both_sides() {
    // The spec example for both sides: Blue's army is Red's turned, so both have as many moves.
    let s = Setup30::parse(EXAMPLE).unwrap();
    let g = Sanjun30Game::new(&s, &s, Sanjun30Options::default(), RED).unwrap();
    let (r, bl) = (g.legal_moves_for(RED), g.legal_moves_for(BLUE));
    // Counted by hand, per piece (the empty land points are g4 i4 e6 k6 h7 and the anchor i9):
    // land 17 — 高射炮 i8→h7, 大炮 f7→e6, 排长 j7→k6, 坦克车 g6→h7/e6 (rail), 师长 i6→h7/k6
    // (rail), 骑兵 f5→g4/e6 (no gallop: its far points are own), 飞弹 h5→g4/i4 (h5 is no air
    // stop), 营长 j5→i4/k6, 兵团司令 f3→g4, 原子炮 h3→g4/i4, 工兵 j3→i4; sea 8 — 驱逐舰 c9→d10,
    // 主力舰 e9→d10/f10 (e8 is own), 炮舰 g9→f10/h10 (no enemy at an arrow's end), 巡洋舰
    // k9→j10/l10, 潜水艇 m9→l10; air 16 — each plane 8 stops of its high lane, the enemy
    // airport held and protected.
    assert_eq!(r.len(), 41);
    let from = |n: &str| r.iter().filter(|m| m.from == p(n)).count();
    assert_eq!(
        [from("i8"), from("g6"), from("f5"), from("h5"), from("g9"), from("a3"), from("o3")],
        [1, 2, 2, 2, 2, 8, 8]
    );
    assert_eq!(bl.len(), 41);
    for m in &r {
        assert!(bl.contains(&junqi_rules::game::Move { from: b().turned(m.from), to: b().turned(m.to) }));
    }
}
