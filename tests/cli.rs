//! The command line, run as a user would: golden replays of every record in tests/data/, setup
//! checks, random setups and move lists. `UPDATE_GOLDEN=1 cargo test --test cli` rewrites the
//! generated records and every expected output (review the diff before committing).

use std::path::{Path, PathBuf};
use std::process::Command;

use junqi_referee::rules::record::{Record, RecordInfo};
use junqi_referee::rules::rng::Rng;
use junqi_referee::rules::{Game, Mode, RuleOptions, Seat, Setup, Variant};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_junqi-referee"))
}

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(name)
}

fn updating() -> bool {
    std::env::var_os("UPDATE_GOLDEN").is_some()
}

/// Writes a seeded random game as a record (only when regenerating).
fn generate(name: &str, seed: u64, rules: &str, hidden: bool) {
    let v = Variant::junqi();
    let rules = RuleOptions::parse(rules).unwrap();
    let mut rng = Rng::new(seed);
    let red = Setup::random(v, &mut rng);
    let blue = Setup::random(v, &mut rng);
    let deps = [red.validate(v, Seat::RED).unwrap(), blue.validate(v, Seat::BLUE).unwrap()];
    let mut g = Game::new(v, rules, &deps, Seat::RED);
    let mut plies = Vec::new();
    while g.over().is_none() {
        let moves = g.legal_moves();
        // Prefer attacks a little, so the record has combats, reveals and an ending.
        let attacks: Vec<_> = moves.iter().copied().filter(|m| g.piece_at(m.to).is_some()).collect();
        let m = if !attacks.is_empty() && rng.below(3) == 0 {
            attacks[rng.below(attacks.len())]
        } else {
            moves[rng.below(moves.len())]
        };
        let r = g.play(m).unwrap();
        plies.push((m, r.outcome));
    }
    let info = RecordInfo {
        variant: v,
        mode: Mode::Dark,
        rules,
        players: vec!["alice".into(), "bob".into()],
        setups: if hidden { None } else { Some(vec![&red, &blue]) },
        first: Seat::RED,
        date: "2026.11.30".into(),
    };
    std::fs::write(data(name), Record::for_game(&info, &plies, None, g.over()).to_text()).unwrap();
}

#[test]
fn golden_replays() {
    if updating() {
        generate("random-seed-1.jqr", 1, "", false);
        generate("random-seed-2-mutual-scout.jqr", 2, "mines=mutual scout=on", false);
        generate("random-seed-3-hidden.jqr", 3, "", true);
        generate("random-seed-4-hq-exit-range.jqr", 4, "hq-exit=on rail-range=3 bomb-flies=on", false);
    }
    let mut checked = 0;
    for entry in std::fs::read_dir(data("")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "jqr") {
            continue;
        }
        let out = bin().arg("replay").arg(&path).arg("--json").output().unwrap();
        let got = format!("{}exit {}\n", String::from_utf8(out.stdout).unwrap(), out.status.code().unwrap());
        let expected_path = path.with_extension("expected");
        if updating() {
            std::fs::write(&expected_path, &got).unwrap();
        }
        let expected =
            std::fs::read_to_string(&expected_path).unwrap_or_else(|_| panic!("missing {}", expected_path.display()));
        assert_eq!(got, expected, "{}", path.display());
        // Whatever parses must write back byte for byte.
        let text = std::fs::read_to_string(&path).unwrap();
        if let Ok(r) = Record::parse(&text)
            && path.file_name().unwrap().to_str().unwrap().starts_with("random")
        {
            assert_eq!(r.to_text(), text, "{} round trip", path.display());
        }
        checked += 1;
    }
    assert!(checked >= 8, "only {checked} records checked");
}

#[test]
fn the_notation_example_replays_exactly_as_documented() {
    let out = bin().args(["replay", "--json"]).arg(data("notation-example.jqr")).output().unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), std::fs::read_to_string(data("notation-example.json")).unwrap());
    let human = bin().arg("replay").arg(data("notation-example.jqr")).output().unwrap();
    let text = String::from_utf8(human.stdout).unwrap();
    assert!(text.contains("c6-c7") && text.contains("both removed") && text.contains("red wins (resign)"), "{text}");
}

#[test]
fn setup_check_reports_every_violation_and_exits_2() {
    let ok = bin().args(["setup", "check", "ghfie cdh akgi bek dfjgj iljch"]).output().unwrap();
    assert_eq!(ok.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&ok.stdout).contains("ghfiecdhakgibekdfjgjiljch"));
    let bad = bin().args(["setup", "check", "--side", "blue", "jjkie cdh akgi bek dfjgj ijlch"]).output().unwrap();
    assert_eq!(bad.status.code(), Some(2));
    let err = String::from_utf8_lossy(&bad.stderr);
    for needle in ["rule 1", "rule 2", "rule 3", "rule 5", "e7 d7", "c7", "c12"] {
        assert!(err.contains(needle), "{needle} missing from:\n{err}");
    }
    let garbage = bin().args(["setup", "check", "ghfie cdh akgi bek dfjgj iljcz"]).output().unwrap();
    assert_eq!(garbage.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&garbage.stderr).contains("token 'z'"));
}

#[test]
fn setup_random_is_legal_and_seeded() {
    let a = bin().args(["setup", "random", "--seed", "7"]).output().unwrap();
    let b = bin().args(["setup", "random", "--seed", "7"]).output().unwrap();
    assert_eq!(a.stdout, b.stdout);
    let s = String::from_utf8(a.stdout).unwrap();
    assert_eq!(s.trim().len(), 25);
    let check = bin().args(["setup", "check", s.trim()]).output().unwrap();
    assert_eq!(check.status.code(), Some(0));
    let check = bin().args(["setup", "check", "--side", "blue", s.trim()]).output().unwrap();
    assert_eq!(check.status.code(), Some(0));
}

#[test]
fn moves_lists_the_legal_moves_sorted() {
    let out = bin().args(["moves", "--ply", "0"]).arg(data("notation-example.jqr")).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    assert!(lines.contains(&"c6-c7") && lines.contains(&"a6-a7") && lines.contains(&"e6-e7"));
    assert!(!lines.iter().any(|l| l.starts_with("b1-") || l.starts_with("c2-")), "HQ and mines never move");
    // After ply 2 it is Red's turn again.
    let after = bin().args(["moves", "--ply", "2"]).arg(data("notation-example.jqr")).output().unwrap();
    let text = String::from_utf8(after.stdout).unwrap();
    assert!(text.lines().all(|l| {
        let from = l.split('-').next().unwrap();
        from[1..].parse::<u8>().unwrap() <= 6
    }));
    let beyond = bin().args(["moves", "--ply", "99"]).arg(data("notation-example.jqr")).output().unwrap();
    assert_eq!(beyond.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&beyond.stderr).contains("beyond the end"));
}

#[test]
fn a_missing_file_is_a_clear_error() {
    let out = bin().args(["replay", "/nonexistent/x.jqr"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read"));
}
