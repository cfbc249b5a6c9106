//! Deployment strings: every input form, normalised output, and every rule reported at once.

use crate::common::*;
use junqi_rules::rng::Rng;
use junqi_rules::setup::{SetupParseError, Violation};
use junqi_rules::{Seat, Setup};

const EXAMPLE: &str = "ghfiecdhakgibekdfjgjiljch";

fn parse(text: &str) -> Result<Setup, SetupParseError> {
    Setup::parse(v(), text)
}

#[test]
fn the_example_is_legal_for_both_sides_and_maps_to_the_right_points() {
    let s = parse("ghfie cdh akgi bek dfjgj iljch").unwrap();
    assert_eq!(s.to_code_string(v()), EXAMPLE);
    assert_eq!(s.to_row_string(v()), "ghfie cdh akgi bek dfjgj iljch");
    let red = s.validate(v(), Seat::RED).unwrap();
    let blue = s.validate(v(), Seat::BLUE).unwrap();
    let at = |d: &junqi_rules::Deployment, p: &str| d.pieces.iter().find(|(q, _)| *q == pt(p)).unwrap().1;
    // For Red the first five are a6 b6 c6 d6 e6; for Blue e7 d7 c7 b7 a7.
    assert_eq!(at(&red, "a6"), kind('g'));
    assert_eq!(at(&red, "e6"), kind('e'));
    assert_eq!(at(&blue, "e7"), kind('g'));
    assert_eq!(at(&blue, "a7"), kind('e'));
    // The flag: 23rd character → rank 1, third point from the left.
    assert_eq!(at(&red, "b1"), kind('l'));
    assert_eq!(at(&blue, "d12"), kind('l'));
    // Camps stay empty.
    assert!(red.pieces.iter().all(|(p, _)| !["b3", "d3", "c4", "b5", "d5"].contains(&v().board.name(*p))));
}

#[test]
fn every_accepted_input_form_normalises_to_the_same_string() {
    let forms = [
        "ghfie cdh akgi bek dfjgj iljch",
        "GHFIE\nCDH\nAKGI\nBEK\nDFJGJ\nILJCH\n",
        "g h f i e\nc + d + h\na k + g i\nb + e + k\nd f j g j\ni l j c h",
        "g h f i e\nc () d () h\na k 营 g i\nb 营 e 营 k\nd f j g j\ni l j c h",
        "连长 排长 营长 工兵 团长 师长 旅长 排长 司令 炸弹 连长 工兵 军长 团长 炸弹 旅长 营长 地雷 连长 地雷 工兵 军旗 地雷 师长 排长",
        "连排营兵团 师旅排 司炸连工 军团炸 旅营雷连雷 兵旗雷师排",
        "captain lieutenant major engineer colonel major-general brigadier lieutenant marshal bomb captain engineer general colonel bomb brigadier major mine captain mine engineer flag mine major-general lieutenant",
        "34 33 35 i 36 38 37 33 40 k 34 i 39 36 k 37 35 j 34 j i l j 38 33",
    ];
    for f in &forms {
        assert_eq!(parse(f).unwrap_or_else(|e| panic!("{f}: {e}")).to_code_string(v()), EXAMPLE, "{f}");
    }
}

#[test]
fn parse_errors_name_the_line_and_token() {
    match parse("ghfie cdh\nakgi bek dfjgj iljcz") {
        Err(SetupParseError::UnknownToken { line, token }) => {
            assert_eq!(line, 2);
            assert_eq!(token, "z");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(parse("ghfie").unwrap_err(), SetupParseError::WrongCount { expected: 25, found: 5 });
    assert!(matches!(parse("ghfie cdh akgi bek dfjgj iljchh"), Err(SetupParseError::WrongCount { found: 26, .. })));
    // A piece where the 6×5 form needs a camp marker.
    let err = parse("g h f i e\nc h d + h\na k + g i\nb + e + k\nd f j g j\ni l j c h").unwrap_err();
    assert!(matches!(err, SetupParseError::PieceOnCamp { line: 2, slot: 2, .. }), "{err:?}");
    assert!(err.to_string().contains("line 2"));
    assert!(parse("").is_err());
    assert!(parse("+++++++++++++++++++++++++").is_err());
}

#[test]
fn each_rule_is_reported_with_its_points() {
    // Flag on c1 instead of b1/d1: swap the flag (23rd) with the 24th (c).
    let s = parse("ghfie cdh akgi bek dfjgj ijlch").unwrap();
    let v1 = s.validate(v(), Seat::RED).unwrap_err();
    assert_eq!(v1, vec![Violation::FlagNotInHeadquarters { points: vec![pt("c1")] }]);
    // A mine in rank 3 (swap the j of rank 2 with the e of rank 3).
    let s = parse("ghfie cdh akgi bjk dfegj iljch").unwrap();
    assert_eq!(
        s.validate(v(), Seat::RED).unwrap_err(),
        vec![Violation::MineOutsideBackRows { points: vec![pt("c3")] }]
    );
    // A bomb in the front row, for Blue (front row e7 d7 c7 b7 a7).
    let s = parse("khfie cdh agig bek dfjgj iljch").unwrap();
    assert_eq!(s.validate(v(), Seat::BLUE).unwrap_err(), vec![Violation::BombInFrontRow { points: vec![pt("e7")] }]);
}

#[test]
fn all_violations_are_reported_at_once() {
    // Mines in the front row (rule 2) and too many of them (rule 5), a bomb in the front (rule 3),
    // the flag outside a headquarters (rule 1), too few officers (rule 5).
    let s = parse("jjkie cdh akgi bek dfjgj ijlch").unwrap();
    let vs = s.validate(v(), Seat::RED).unwrap_err();
    let text: Vec<String> = vs.iter().map(|x| x.describe(v())).collect();
    assert!(vs.iter().any(|x| matches!(x, Violation::FlagNotInHeadquarters { .. })), "{text:?}");
    assert!(vs.iter().any(|x| *x == Violation::MineOutsideBackRows { points: vec![pt("a6"), pt("b6")] }), "{text:?}");
    assert!(vs.iter().any(|x| *x == Violation::BombInFrontRow { points: vec![pt("c6")] }), "{text:?}");
    assert!(vs.iter().any(|x| matches!(x, Violation::WrongCount { found: 5, expected: 3, .. })), "{text:?}");
    assert!(vs.iter().any(|x| matches!(x, Violation::WrongCount { found: 3, expected: 2, .. })), "{text:?}");
    assert!(text.iter().any(|t| t.contains("a6 b6")), "{text:?}");
}

#[test]
fn random_setups_are_legal_and_reproducible() {
    for seed in 0..500 {
        let s = Setup::random(v(), &mut Rng::new(seed));
        assert!(s.validate(v(), Seat::RED).is_ok(), "seed {seed}");
        assert!(s.validate(v(), Seat::BLUE).is_ok(), "seed {seed}");
        assert_eq!(s, Setup::random(v(), &mut Rng::new(seed)));
    }
    assert_ne!(Setup::random(v(), &mut Rng::new(1)), Setup::random(v(), &mut Rng::new(2)));
}
