//! The command line with 4-player records and deployments (rules-junqi4.md §3, §10): `setup` with
//! `--variant` and seat names, `moves` and `replay` of records with seat events. Their
//! `replay --json` outputs are golden files checked by tests/cli.rs with every other record.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_junqi-referee"))
}

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(name)
}

fn run(args: &[&str]) -> (String, String, i32) {
    let Output { stdout, stderr, status } = bin().args(args).output().unwrap();
    (String::from_utf8(stdout).unwrap(), String::from_utf8(stderr).unwrap(), status.code().unwrap())
}

#[test]
fn a_random_deployment_fits_every_seat_of_every_variant() {
    let (two, _, code) = run(&["setup", "random", "--seed", "7"]);
    assert_eq!(code, 0);
    for seat in ["s", "e", "n", "w", "South", "西"] {
        let (four, err, code) = run(&["setup", "random", "--seed", "7", "--variant", "junqi4", "--side", seat]);
        assert_eq!((code, err.as_str()), (0, ""), "{seat}");
        assert_eq!(four, two, "a layout is the same string for every seat and variant");
        let (ok, _, code) = run(&["setup", "check", "--variant", "junqi4", "--side", seat, four.trim()]);
        assert_eq!(code, 0, "{ok}");
    }
    let (ok, _, code) = run(&["setup", "check", "--variant", "junqi4-duel", "--side", "n", two.trim()]);
    assert_eq!(code, 0);
    assert!(ok.starts_with("ok: legal deployment for n:"), "{ok}");
}

#[test]
fn unknown_seats_and_variants_are_named() {
    let (_, err, code) =
        run(&["setup", "check", "--variant", "junqi4", "--side", "x", "ghfie cdh akgi bek dfjgj iljch"]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "error: 'x' is not a seat of junqi4; seats: S (South/南), E (East/东), N (North/北), W (West/西)\n"
    );
    let (_, err, code) =
        run(&["setup", "check", "--variant", "junqi4-duel", "--side", "e", "ghfie cdh akgi bek dfjgj iljch"]);
    assert_eq!(code, 2);
    assert!(err.starts_with("error: 'e' is not a seat of junqi4-duel; seats: S (South/南), N (North/北)"), "{err}");
    let (_, err, code) = run(&["setup", "random", "--variant", "junqi5"]);
    assert_eq!(
        (code, err.as_str()),
        (
            2,
            "error: unknown variant 'junqi5' (known: junqi, junqi4, junqi4-duel, junqi-flip, draughts, draughts10, draughts12, tiaoqi, sanjun, sanjun30, haijun, haijun21)\n"
        )
    );
    // A broken layout is reported with the seat's own point names.
    let (_, err, code) =
        run(&["setup", "check", "--variant", "junqi4", "--side", "e", "jjkie cdh akgi bek dfjgj ijlch"]);
    assert_eq!(code, 2);
    assert!(err.contains("E.a6") && err.starts_with("illegal deployment for e"), "{err}");
}

#[test]
fn moves_follow_seat_events_and_never_land_on_a_partner() {
    // After the doc example (order=cw, West resigned) South is to move; its 营长 stands on C.c.
    let (out, err, code) = run(&["moves", data("junqi4-doc-example.jqr").to_str().unwrap()]);
    assert_eq!((code, err.as_str()), (0, ""));
    let lines: Vec<&str> = out.lines().collect();
    for m in ["C.c-C.e", "C.c-C.w", "C.c-W.c6", "S.a6-C.sw"] {
        assert!(lines.contains(&m), "{m} missing from {out}");
    }
    assert!(!lines.contains(&"C.c-C.n"), "North is South's partner: {out}");
    assert!(lines.iter().all(|l| l.starts_with("S.") || l.starts_with("C.c-")), "only South's pieces move: {out}");
    // After four plies South's 营长 still stands on C.s.
    let (out, _, code) = run(&["moves", "--ply", "4", data("junqi4-doc-example.jqr").to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(out.lines().any(|l| l == "C.s-C.c"), "{out}");
}

#[test]
fn replay_prints_seats_events_and_the_team_result() {
    let (out, _, code) = run(&["replay", data("junqi4-doc-example.jqr").to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(out.contains("  1. S    S.c6-C.s moved"), "{out}");
    assert!(out.contains("     W:resign; out: W (resign)"), "{out}");
    assert!(out.ends_with("result: the game goes on\n"), "{out}");
    let (out, _, code) = run(&["replay", "--json", data("junqi4-doc-example.jqr").to_str().unwrap()]);
    assert_eq!(code, 0);
    let first = out.lines().next().unwrap();
    assert_eq!(first, r#"{"ply":1,"seat":"S","move":"S.c6-C.s","outcome":"moved","revealed":[],"eliminated":[]}"#);
    assert!(out.contains(r#"{"after":5,"seat":"W","event":"resign","eliminated":[{"seat":"W","reason":"resign"}]}"#));
    let (out, _, _) = run(&["replay", "--json", data("junqi4-duel-example.jqr").to_str().unwrap()]);
    assert!(out.ends_with("{\"result\":\"north_wins\",\"reason\":\"resign\"}\n"), "{out}");
    let (out, _, code) = run(&["replay", data("junqi4-bad-partner.jqr").to_str().unwrap()]);
    assert_eq!(code, 2, "{out}");
}
