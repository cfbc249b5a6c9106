//! The 2-player board matches rules-junqi.md §2.

use crate::common::*;
use junqi_rules::board::{LinkKind, PointKind};

#[test]
fn link_counts_match_the_rules() {
    let links = v().board.links();
    let rail = links.iter().filter(|l| l.kind == LinkKind::Railway).count();
    let road = links.iter().filter(|l| l.kind == LinkKind::Road).count();
    assert_eq!(v().board.len(), 60);
    assert_eq!(rail, 35);
    assert_eq!(road, 98);
    // No link is listed twice.
    for (i, a) in links.iter().enumerate() {
        for b in &links[i + 1..] {
            assert!(!((a.a == b.a && a.b == b.b) || (a.a == b.b && a.b == b.a)), "duplicate link");
        }
    }
}

#[test]
fn kinds_of_points() {
    let kind = |n: &str| v().board.point(pt(n)).kind;
    for hq in ["b1", "d1", "b12", "d12"] {
        assert_eq!(kind(hq), PointKind::Headquarters, "{hq}");
    }
    for camp in ["b3", "d3", "c4", "b5", "d5", "b10", "d10", "c9", "b8", "d8"] {
        assert_eq!(kind(camp), PointKind::Camp, "{camp}");
    }
    let posts = v().board.point_ids().filter(|&p| v().board.point(p).kind == PointKind::Post).count();
    assert_eq!(posts, 46);
}

#[test]
fn the_front_is_crossed_only_on_files_a_c_e() {
    let b = &v().board;
    for (a, c) in [("a6", "a7"), ("c6", "c7"), ("e6", "e7")] {
        assert!(b.has_link(pt(a), pt(c), LinkKind::Railway));
    }
    for (a, c) in [("b6", "b7"), ("d6", "d7")] {
        assert!(b.neighbours(pt(a)).iter().all(|(p, _)| *p != pt(c)), "{a}-{c} must not exist");
    }
}

#[test]
fn camps_link_diagonally_and_some_examples_hold() {
    let b = &v().board;
    for (a, c) in [("b3", "a2"), ("b3", "c4"), ("c4", "d5"), ("d5", "e6"), ("b8", "a7"), ("c9", "d10")] {
        assert!(b.has_link(pt(a), pt(c), LinkKind::Road), "{a}-{c}");
    }
    for (a, c) in [("a1", "a2"), ("b1", "b2"), ("a1", "b1"), ("a3", "b3"), ("b5", "b6"), ("c3", "d3")] {
        assert!(b.has_link(pt(a), pt(c), LinkKind::Road), "{a}-{c}");
    }
    for (a, c) in [("a2", "b2"), ("a2", "a3"), ("e5", "e6"), ("a11", "b11"), ("a10", "a11")] {
        assert!(b.has_link(pt(a), pt(c), LinkKind::Railway), "{a}-{c}");
    }
    // A post that is not a camp has no diagonal link.
    assert!(!b.has_link(pt("a3"), pt("b4"), LinkKind::Road));
}

#[test]
fn every_straight_line_is_made_of_railway_links() {
    let b = &v().board;
    assert_eq!(b.lines().len(), 7);
    for line in b.lines() {
        for w in line.windows(2) {
            assert!(b.has_link(w[0], w[1], LinkKind::Railway));
        }
    }
    let total: usize = b.lines().iter().map(|l| l.len() - 1).sum();
    assert_eq!(total, 35, "the lines cover every railway link once");
}

#[test]
fn point_names_are_case_insensitive_and_checked() {
    assert_eq!(pt("C6"), pt("c6"));
    assert!(v().board.find("f1").is_none());
    assert!(v().board.find("a13").is_none());
    assert!(v().board.find("a0").is_none());
    assert!(junqi_rules::notation::parse_point(&v().board, "z9").unwrap_err().to_string().contains("z9"));
}
