//! Combat (rules-junqi.md §5) under both mine rules, flag reveals, and the end of the game (§7).

use crate::common::*;
use junqi_rules::game::{EndReason, GameOver, Reveal};
use junqi_rules::{Outcome, RuleOptions, Seat};

fn fight(att: char, def: char, rules: &str) -> Outcome {
    // Red attacks c6→c7; the flags stand far away so the game goes on.
    let entries = [
        format!("R c6 {att}"),
        format!("B c7 {def}"),
        "R b1 l".into(),
        "B b12 l".into(),
        "R a3 g".into(),
        "B a10 g".into(),
    ];
    let entries: Vec<&str> = entries.iter().map(String::as_str).collect();
    let mut g = position(RuleOptions::parse(rules).unwrap(), Seat::RED, &entries);
    g.play(mv("c6-c7")).unwrap().outcome
}

#[test]
fn the_combat_matrix_under_both_mine_rules() {
    use Outcome::*;
    let officers = "abcdefghi";
    for mines in ["mines=spring", "mines=mutual"] {
        for (i, a) in officers.chars().enumerate() {
            for (j, d) in officers.chars().enumerate() {
                let expected = match i.cmp(&j) {
                    std::cmp::Ordering::Less => AttackerWon,
                    std::cmp::Ordering::Greater => DefenderWon,
                    std::cmp::Ordering::Equal => BothRemoved,
                };
                assert_eq!(fight(a, d, mines), expected, "{a} attacks {d} ({mines})");
            }
            assert_eq!(fight(a, 'k', mines), BothRemoved, "{a} attacks a bomb");
            assert_eq!(fight('k', a, mines), BothRemoved, "a bomb attacks {a}");
            let on_mine = if a == 'i' {
                AttackerWon
            } else if mines == "mines=spring" {
                DefenderWon
            } else {
                BothRemoved
            };
            assert_eq!(fight(a, 'j', mines), on_mine, "{a} attacks a mine ({mines})");
        }
        assert_eq!(fight('k', 'k', mines), BothRemoved);
        assert_eq!(fight('k', 'j', mines), BothRemoved);
    }
}

#[test]
fn the_winner_occupies_or_stays() {
    let mut g = position(RuleOptions::default(), Seat::RED, &["R c6 a", "B c7 b", "R b1 l", "B b12 l", "B a10 g"]);
    g.play(mv("c6-c7")).unwrap();
    assert_eq!(g.piece_at(pt("c7")).unwrap().seat, Seat::RED);
    assert!(g.piece_at(pt("c6")).is_none());
    let mut g = position(RuleOptions::default(), Seat::RED, &["R c6 b", "B c7 a", "R b1 l", "B b12 l", "R a3 g"]);
    g.play(mv("c6-c7")).unwrap();
    assert_eq!(g.piece_at(pt("c7")).unwrap().seat, Seat::BLUE);
    assert!(g.piece_at(pt("c6")).is_none());
    // A spring mine stays; an engineer clears it and stands there.
    let mut g = position(RuleOptions::default(), Seat::RED, &["R c6 g", "B c7 j", "R b1 l", "B b12 l", "R a3 g"]);
    g.play(mv("c6-c7")).unwrap();
    assert_eq!(g.piece_at(pt("c7")).unwrap().kind, kind('j'));
    let mut g = position(RuleOptions::default(), Seat::RED, &["R c6 i", "B c7 j", "R b1 l", "B b12 l"]);
    g.play(mv("c6-c7")).unwrap();
    assert_eq!(g.piece_at(pt("c7")).unwrap().kind, kind('i'));
}

#[test]
fn a_fallen_marshal_reveals_its_flag() {
    let mut g =
        position(RuleOptions::default(), Seat::RED, &["R c6 b", "B c7 a", "R b1 l", "B d12 l", "B a10 g", "R a3 g"]);
    let r = g.play(mv("c6-c7")).unwrap();
    assert_eq!(r.outcome, Outcome::DefenderWon);
    assert!(r.revealed.is_empty(), "a 军长 falling reveals nothing");
    let mut g =
        position(RuleOptions::default(), Seat::RED, &["R c6 k", "B c7 a", "R b1 l", "B d12 l", "B a10 g", "R a3 g"]);
    let r = g.play(mv("c6-c7")).unwrap();
    assert_eq!(r.revealed, vec![Reveal { point: pt("d12"), seat: Seat::BLUE, kind: kind('l') }]);
    assert!(g.piece_at(pt("d12")).unwrap().known);
}

#[test]
fn both_flags_are_revealed_when_both_marshals_fall_attackers_first() {
    let mut g =
        position(RuleOptions::default(), Seat::BLUE, &["R c6 a", "B c7 a", "R d1 l", "B b12 l", "B a10 g", "R a3 g"]);
    let r = g.play(mv("c7-c6")).unwrap();
    assert_eq!(r.outcome, Outcome::BothRemoved);
    assert_eq!(
        r.revealed,
        vec![
            Reveal { point: pt("b12"), seat: Seat::BLUE, kind: kind('l') },
            Reveal { point: pt("d1"), seat: Seat::RED, kind: kind('l') },
        ]
    );
}

#[test]
fn scouting_names_the_defender_to_everyone() {
    let rules = RuleOptions::parse("scout=on").unwrap();
    let mut g = position(rules, Seat::RED, &["R c6 i", "B c7 d", "R b1 l", "B b12 l", "R a3 g", "B a10 g"]);
    let r = g.play(mv("c6-c7")).unwrap();
    assert_eq!(r.outcome, Outcome::DefenderWon);
    assert_eq!(r.revealed, vec![Reveal { point: pt("c7"), seat: Seat::BLUE, kind: kind('d') }]);
    assert!(g.piece_at(pt("c7")).unwrap().known, "the scouted survivor stays known");
}

#[test]
fn capturing_the_flag_wins() {
    let mut g = position(RuleOptions::default(), Seat::RED, &["R b11 c", "B b12 l", "R d1 l", "B a10 g"]);
    let r = g.play(mv("b11-b12")).unwrap();
    assert_eq!(r.outcome, Outcome::FlagCaptured);
    assert_eq!(r.end, Some(GameOver { winner: Some(0), reason: EndReason::FlagCaptured }));
    assert!(g.play(mv("a10-a9")).is_err());
}

#[test]
fn flag_capture_is_checked_before_no_legal_move() {
    // Blue's only mobile piece is not there: after the capture Blue has no move either, but the
    // flag capture is the reason.
    let mut g = position(RuleOptions::default(), Seat::RED, &["R b11 c", "B b12 l", "R d1 l"]);
    let r = g.play(mv("b11-b12")).unwrap();
    assert_eq!(r.end.unwrap().reason, EndReason::FlagCaptured);
}

#[test]
fn a_side_without_a_legal_move_loses() {
    // Blue's last mobile piece falls: Blue (to move) has only a flag and a mine.
    let mut g = position(RuleOptions::default(), Seat::RED, &["R c6 a", "B c7 g", "B b12 l", "B c12 j", "R d1 l"]);
    let r = g.play(mv("c6-c7")).unwrap();
    assert_eq!(r.end, Some(GameOver { winner: Some(0), reason: EndReason::NoLegalMove }));
}

#[test]
fn both_sides_stuck_is_a_draw() {
    let mut g = position(RuleOptions::default(), Seat::RED, &["R c6 g", "B c7 g", "B b12 l", "R d1 l"]);
    let r = g.play(mv("c6-c7")).unwrap();
    assert_eq!(r.end, Some(GameOver { winner: None, reason: EndReason::BothStuck }));
}

#[test]
fn no_legal_move_is_checked_before_the_quiet_limit() {
    let rules = RuleOptions::parse("quiet-limit=1").unwrap();
    // Red's engineer moves into a headquarters and is locked; Blue is walled in by its own mines.
    let mut g = position(rules, Seat::RED, &["R c1 i", "R d1 l", "B a12 l", "B a11 j", "B b12 j", "B b11 j", "R e6 j"]);
    let r = g.play(mv("c1-b1")).unwrap();
    assert_eq!(r.end.unwrap().reason, EndReason::BothStuck);
}

#[test]
fn the_quiet_limit_draws() {
    let rules = RuleOptions::parse("quiet-limit=4").unwrap();
    let mut g = position(rules, Seat::RED, &["R c3 g", "B c10 g", "R d1 l", "B b12 l"]);
    for m in ["c3-c2", "c10-c11", "c2-c3", "c11-c10"] {
        let r = g.play(mv(m)).unwrap();
        if m == "c11-c10" {
            assert_eq!(r.end, Some(GameOver { winner: None, reason: EndReason::QuietLimit }));
        } else {
            assert_eq!(r.end, None);
        }
    }
    // quiet-limit=0 turns it off.
    let rules = RuleOptions::parse("quiet-limit=0").unwrap();
    let mut g = position(rules, Seat::RED, &["R c3 g", "B c10 g", "R d1 l", "B b12 l"]);
    for _ in 0..100 {
        for m in ["c3-c2", "c10-c11", "c2-c3", "c11-c10"] {
            assert_eq!(g.play(mv(m)).unwrap().end, None);
        }
    }
}

#[test]
fn a_combat_resets_the_quiet_count() {
    let rules = RuleOptions::parse("quiet-limit=3").unwrap();
    let mut g = position(rules, Seat::RED, &["R c3 a", "B c10 g", "B a9 h", "R d1 l", "B b12 l"]);
    g.play(mv("c3-c2")).unwrap();
    g.play(mv("a9-a8")).unwrap();
    g.play(mv("c2-c3")).unwrap();
    assert_eq!(g.quiet_plies(), 3);
    assert!(g.over().is_some());
    let mut g = position(rules, Seat::RED, &["R a5 a", "B c10 g", "B a9 h", "R d1 l", "B b12 l"]);
    g.play(mv("a5-a6")).unwrap();
    g.play(mv("c10-c11")).unwrap();
    g.play(mv("a6-a9")).unwrap();
    assert_eq!(g.quiet_plies(), 0);
    assert!(g.over().is_none());
}

#[test]
fn resignation_timeout_and_agreed_draw() {
    let mk = || position(RuleOptions::default(), Seat::RED, &["R c3 g", "B c10 g", "R d1 l", "B b12 l"]);
    let mut g = mk();
    assert_eq!(g.resign(Seat::RED), Some(GameOver { winner: Some(1), reason: EndReason::Resign }));
    assert_eq!(g.resign(Seat::BLUE), None, "a finished game cannot end twice");
    let mut g = mk();
    assert_eq!(g.timeout(Seat::BLUE), Some(GameOver { winner: Some(0), reason: EndReason::Timeout }));
    let mut g = mk();
    assert_eq!(g.agree_draw(), Some(GameOver { winner: None, reason: EndReason::Agreed }));
}

#[test]
fn flag_home_makes_the_carrier_walk_home() {
    let rules = RuleOptions::parse("flag-home=on").unwrap();
    let mut g = position(rules, Seat::RED, &["R b11 i", "B b12 l", "R d1 l", "B e10 g", "R e2 g"]);
    let r = g.play(mv("b11-b12")).unwrap();
    assert_eq!(r.outcome, Outcome::FlagCaptured);
    assert_eq!(r.end, None, "the flag must be carried home");
    // The carrier may leave the enemy headquarters and ride home.
    g.play(mv("e10-e9")).unwrap();
    g.play(mv("b12-b11")).unwrap();
    g.play(mv("e9-e10")).unwrap();
    g.play(mv("b11-a11")).unwrap();
    g.play(mv("e10-e9")).unwrap();
    g.play(mv("a11-a2")).unwrap();
    g.play(mv("e9-e10")).unwrap();
    let r = g.play(mv("a2-b2")).unwrap();
    assert_eq!(r.end, None);
    g.play(mv("e10-e9")).unwrap();
    let r = g.play(mv("b2-b1")).unwrap();
    assert_eq!(r.end, Some(GameOver { winner: Some(0), reason: EndReason::FlagCaptured }));
}

#[test]
fn flag_home_carrier_taken_returns_the_flag() {
    let rules = RuleOptions::parse("flag-home=on").unwrap();
    let mut g = position(rules, Seat::RED, &["R b11 i", "B b12 l", "R d1 l", "B c11 a", "R e2 g"]);
    g.play(mv("b11-b12")).unwrap();
    g.play(mv("c11-c12")).unwrap();
    g.play(mv("e2-e3")).unwrap();
    // Blue's 司令 takes the carrier (b12 is a headquarters, not a camp): the flag goes back home.
    let r = g.play(mv("c12-b12")).unwrap();
    assert_eq!(r.outcome, Outcome::AttackerWon);
    assert!(g.carried_flag().is_none());
    assert_eq!(g.piece_at(pt("b12")).unwrap().seat, Seat::BLUE);
}
