//! Movement (rules-junqi.md §4): roads, straight rides, engineers, camps, headquarters, options.

use crate::common::*;
use junqi_rules::game::IllegalMove;
use junqi_rules::{RuleOptions, Seat};

fn std_rules() -> RuleOptions {
    RuleOptions::default()
}

fn opts(text: &str) -> RuleOptions {
    RuleOptions::parse(text).unwrap()
}

#[test]
fn a_road_point_steps_one_link() {
    let g = position(std_rules(), Seat::RED, &["R c3 g", "B e12 l"]);
    assert_eq!(dests(&g, "c3"), names("c2 b3 d3 c4"));
}

#[test]
fn a_camp_steps_to_all_eight_neighbours() {
    let g = position(std_rules(), Seat::RED, &["R c4 g", "B e12 l"]);
    assert_eq!(dests(&g, "c4"), names("b4 d4 c3 c5 b3 d3 b5 d5"));
}

#[test]
fn a_non_engineer_rides_straight_lines_through_the_front_but_never_turns() {
    let g = position(std_rules(), Seat::RED, &["R a2 g", "B e12 l"]);
    // File a from a2 to a11, rank 2 from a2 to e2, plus road steps a1 and b3 (camp diagonal).
    assert_eq!(dests(&g, "a2"), names("a1 a3 a4 a5 a6 a7 a8 a9 a10 a11 b2 c2 d2 e2 b3"));
}

#[test]
fn rides_stop_at_the_first_piece_and_may_attack_it() {
    let g = position(std_rules(), Seat::RED, &["R a2 g", "R c2 h", "B a8 f", "B e12 l"]);
    assert_eq!(dests(&g, "a2"), names("a1 a3 a4 a5 a6 a7 a8 b2 b3"));
}

#[test]
fn the_middle_crossing_is_a_two_point_line() {
    let g = position(std_rules(), Seat::RED, &["R c6 g", "B e12 l"]);
    assert_eq!(dests(&g, "c6"), names("a6 b6 d6 e6 c5 c7 b5 d5"));
    let g = position(std_rules(), Seat::RED, &["R b6 g", "B e12 l"]);
    // b6 rides rank 6 but cannot turn at c6 into c7; b6-b7 does not exist.
    assert_eq!(dests(&g, "b6"), names("a6 c6 d6 e6 b5"));
}

#[test]
fn an_engineer_turns_freely_through_empty_railway() {
    let g = position(std_rules(), Seat::RED, &["R b6 i", "B e12 l"]);
    let d = dests(&g, "b6");
    for p in ["c7", "a11", "e11", "b11", "e2", "a2", "c2", "e7", "d7", "b5"] {
        assert!(d.contains(&p.to_string()), "{p} missing from {d:?}");
    }
    // Every railway point but its own (the railway has 32 points) plus the road step b5.
    assert_eq!(d.len(), 31 + 1);
}

#[test]
fn an_engineer_is_blocked_by_pieces_and_stops_on_an_enemy() {
    let g = position(std_rules(), Seat::RED, &["R a2 i", "R a3 h", "R b2 h", "B e12 l", "B a1 g"]);
    // Both ways out of a2 along the rail are blocked by own pieces: only road steps remain.
    assert_eq!(dests(&g, "a2"), names("a1 b3"));
    let g = position(std_rules(), Seat::RED, &["R a2 i", "R a3 h", "B c2 g", "B e12 l"]);
    assert_eq!(dests(&g, "a2"), names("a1 b2 c2 b3"));
}

#[test]
fn a_piece_in_a_camp_cannot_be_attacked_but_an_empty_camp_may_be_entered() {
    let g = position(std_rules(), Seat::RED, &["R c5 a", "B c4 i", "B b5 g", "B e12 l"]);
    let d = dests(&g, "c5");
    assert!(!d.contains(&"c4".to_string()) && !d.contains(&"b5".to_string()));
    assert!(d.contains(&"d5".to_string()));
    let mut g = g;
    assert_eq!(g.play(mv("c5-c4")).unwrap_err(), IllegalMove::CampProtected("c4".into()));
    // An enemy camp is enterable too.
    let g = position(std_rules(), Seat::RED, &["R c7 a", "B e12 l"]);
    assert!(dests(&g, "c7").contains(&"b8".to_string()));
}

#[test]
fn flags_mines_and_pieces_in_headquarters_never_move() {
    let mut g = position(std_rules(), Seat::RED, &["R b1 a", "R d1 l", "R c2 j", "R c3 g", "B e12 l"]);
    assert!(dests(&g, "b1").is_empty());
    assert!(dests(&g, "d1").is_empty());
    assert!(dests(&g, "c2").is_empty());
    assert_eq!(g.play(mv("b1-a1")).unwrap_err(), IllegalMove::InHeadquarters("b1".into()));
    assert_eq!(g.play(mv("d1-e1")).unwrap_err(), IllegalMove::Immobile("d1".into()));
    assert_eq!(g.play(mv("c2-c3")).unwrap_err(), IllegalMove::Immobile("c2".into()));
    // A piece may enter a headquarters, then it is locked.
    let mut h = position(std_rules(), Seat::RED, &["R c1 g", "R e2 h", "B b11 i", "B e12 l"]);
    h.play(mv("c1-d1")).unwrap();
    h.play(mv("b11-a11")).unwrap();
    assert!(dests(&h, "d1").is_empty());
}

#[test]
fn hq_exit_lets_pieces_leave_a_headquarters() {
    let g = position(opts("hq-exit=on"), Seat::RED, &["R b1 a", "B e12 l"]);
    assert_eq!(dests(&g, "b1"), names("a1 c1 b2"));
    // The flag still never moves.
    let g = position(opts("hq-exit=on"), Seat::RED, &["R b1 l", "R c3 g", "B e12 l"]);
    assert!(dests(&g, "b1").is_empty());
}

#[test]
fn rail_range_three_limits_non_engineers_only() {
    let g = position(opts("rail-range=3"), Seat::RED, &["R a2 g", "R e2 i", "B e12 l"]);
    assert_eq!(dests(&g, "a2"), names("a1 a3 a4 a5 b2 c2 d2 b3"));
    assert!(dests(&g, "e2").contains(&"a11".to_string()));
}

#[test]
fn bomb_flies_lets_bombs_turn_like_engineers() {
    let g = position(std_rules(), Seat::RED, &["R a2 k", "B e12 l"]);
    assert!(!dests(&g, "a2").contains(&"e11".to_string()));
    let g = position(opts("bomb-flies=on"), Seat::RED, &["R a2 k", "B e12 l"]);
    assert!(dests(&g, "a2").contains(&"e11".to_string()));
}

#[test]
fn bomb_flag_forbidden_makes_the_attack_illegal() {
    let mut g = position(opts("bomb-flag=forbidden"), Seat::RED, &["R b11 k", "R e2 g", "B b12 l", "B e12 j"]);
    assert!(!dests(&g, "b11").contains(&"b12".to_string()));
    assert_eq!(g.play(mv("b11-b12")).unwrap_err(), IllegalMove::BombOnFlag);
    // Under the default the bomb captures the flag.
    let mut g = position(std_rules(), Seat::RED, &["R b11 k", "R e2 g", "B b12 l", "B e12 j"]);
    assert_eq!(g.play(mv("b11-b12")).unwrap().outcome, junqi_rules::Outcome::FlagCaptured);
}

#[test]
fn own_pieces_block_and_are_never_attacked() {
    let mut g = position(std_rules(), Seat::RED, &["R c3 g", "R c2 h", "B e12 l"]);
    assert_eq!(g.play(mv("c3-c2")).unwrap_err(), IllegalMove::OwnPiece("c2".into()));
    assert_eq!(g.play(mv("c2-c2")).unwrap_err(), IllegalMove::NullMove("c2".into()));
    assert_eq!(g.play(mv("e12-e11")).unwrap_err(), IllegalMove::NotYourPiece("e12".into()));
    assert_eq!(g.play(mv("a4-a5")).unwrap_err(), IllegalMove::NoPiece("a4".into()));
    assert_eq!(g.play(mv("c3-c5")).unwrap_err(), IllegalMove::Unreachable { from: "c3".into(), to: "c5".into() });
}

#[test]
fn an_illegal_move_leaves_the_game_unchanged() {
    let mut g = position(std_rules(), Seat::RED, &["R c3 g", "B e12 l", "B a11 h"]);
    let before = g.view(junqi_rules::Viewer::Everyone, junqi_rules::Mode::Dark, None);
    assert!(g.play(mv("c3-c6")).is_err());
    let after = g.view(junqi_rules::Viewer::Everyone, junqi_rules::Mode::Dark, None);
    assert_eq!(before.cells, after.cells);
    assert_eq!(g.ply(), 0);
    assert_eq!(g.to_move(), Seat::RED);
}
