//! The command line, run as a user would: golden replays of every record in tests/data/, setup
//! checks, random setups and move lists. `UPDATE_GOLDEN=1 cargo test --test suite cli` rewrites the
//! generated records and every expected output (review the diff before committing).

use std::path::{Path, PathBuf};
use std::process::Command;

use junqi_referee::rules::contract::record::write_plain;
use junqi_referee::rules::contract::{AnyGame, Audience, GameDef, Secret, SetupStyle, Start, catalog, replay};
use junqi_referee::rules::flip::{Deal, FlipAction, FlipGame, FlipOptions};
use junqi_referee::rules::flip_record::{FlipRecord, FlipRecordInfo};
use junqi_referee::rules::record::{Record, RecordInfo};
use junqi_referee::rules::rng::Rng;
use junqi_referee::rules::shuffle::Seed;
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

/// Writes a seeded random 翻棋 game as a record with its seed, commitment and deal published
/// (only when regenerating). Play prefers attacks, then moves, so the game has combats and an end.
fn generate_flip(name: &str, seed_hex: &str, rules: &str, rng_seed: u64) {
    let seed = Seed::from_hex(seed_hex).unwrap();
    let deal = Deal::from_seed(&seed);
    let options = FlipOptions::parse(rules).unwrap();
    let mut g = FlipGame::new(&deal, options);
    let mut rng = Rng::new(rng_seed);
    let mut reports = Vec::new();
    while g.over().is_none() {
        let actions = g.legal_actions();
        let view = g.view();
        let moves: Vec<FlipAction> = actions.iter().copied().filter(|a| matches!(a, FlipAction::Move(_))).collect();
        let attacks: Vec<FlipAction> = moves
            .iter()
            .copied()
            .filter(|a| matches!(a, FlipAction::Move(m) if view.cells[m.to.index()].is_some()))
            .collect();
        let a = if !attacks.is_empty() && rng.below(2) == 0 {
            attacks[rng.below(attacks.len())]
        } else if !moves.is_empty() && rng.below(2) == 0 {
            moves[rng.below(moves.len())]
        } else {
            actions[rng.below(actions.len())]
        };
        reports.push(g.play(a).unwrap());
    }
    let info = FlipRecordInfo {
        options,
        players: ["alice".into(), "bob".into()],
        seed: Some(seed),
        deal,
        publish: true,
        date: "2026.11.30".into(),
    };
    std::fs::write(data(name), FlipRecord::for_game(&info, &reports, None, g.over()).to_text()).unwrap();
}

#[test]
fn golden_replays() {
    if updating() {
        generate("random-seed-1.jqr", 1, "", false);
        generate("random-seed-2-mutual-scout.jqr", 2, "mines=mutual scout=on", false);
        generate("random-seed-3-hidden.jqr", 3, "", true);
        generate("random-seed-4-hq-exit-range.jqr", 4, "hq-exit=on rail-range=3 bomb-flies=on", false);
        let s5 = "5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed";
        generate_flip("flip-seed-5eed.jqr", s5, "", 5);
        let s0 = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
        generate_flip("flip-seed-0001-engineer.jqr", s0, "colour=engineer flag-taker=engineer suicide=forbidden", 6);
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
        if let Ok(r) = FlipRecord::parse(&text)
            && path.file_name().unwrap().to_str().unwrap().starts_with("flip-seed")
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

#[test]
fn setup_random_deals_a_committed_flip_deal() {
    let seed = "5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed";
    let out = bin().args(["setup", "random", "--variant", "junqi-flip", "--seed", seed]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        format!(
            "[Shuffle \"fy-chacha20/1\"]\n[Seed \"{seed}\"]\n[Commit \"5d03309ae2922a6b25ee51c7b952bb307ab580d0edf365143677c7f941f81b4e\"]\n[Deal \"eLEbiAHljhDdHcCfGaKDJihJgIjegkfgKGcdFhIBIjJikCGEHF\"]\n"
        )
    );
    let bad = bin().args(["setup", "random", "--variant", "junqi-flip", "--seed", "12"]).output().unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&bad.stderr),
        "error: --seed: a seed is 64 hex digits (32 bytes), not 2 characters\n"
    );
    let os = bin().args(["setup", "random", "--variant", "junqi-flip"]).output().unwrap();
    assert_eq!(os.status.code(), Some(0));
    assert_eq!(String::from_utf8(os.stdout).unwrap().lines().count(), 4);
    let unknown = bin().args(["setup", "random", "--variant", "chess"]).output().unwrap();
    assert_eq!(unknown.status.code(), Some(2));
}

#[test]
fn flip_moves_list_flips_and_moves() {
    let out = bin().args(["moves", "--ply", "3"]).arg(data("flip-doc-example.jqr")).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // 47 face-down pieces to flip, and P2 (red) may move the 师长 on d6 or the 工兵 on d7.
    assert_eq!(lines.iter().filter(|l| l.starts_with('+')).count(), 47);
    assert!(lines.contains(&"d6-c6") && lines.contains(&"+a1") && !lines.contains(&"+c6"), "{text}");
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
}

/// A random game of a catalogued kind, as the plain record the contract writes, with the game
/// after its last ply.
fn generated_game(def: &'static GameDef, seed: u64) -> (String, Box<dyn AnyGame>) {
    let mut rng = Rng::new(seed);
    let seats = def.kind.seating.counts[0];
    let mut start = Start::new(seats);
    if let Some(random_setup) = def.random_setup {
        start.setups = (0..seats).map(|s| Secret::new(random_setup(Seat(s), &mut rng))).collect();
    }
    if let Some(deal) = def.deal {
        start.deal = Some(deal(&Secret::new([seed as u8; 32])).deal);
    }
    let mut game = (def.start)(&start).unwrap();
    let mut tokens = Vec::new();
    while game.over().is_none() && tokens.len() < 120 {
        let seat = game.to_move();
        let legal = game.legal_tokens(seat);
        let token = legal[rng.below(legal.len())].clone();
        tokens.push(game.play_text(seat, &token).unwrap().token);
    }
    let players: Vec<String> = (0..seats).map(|i| format!("player{i}")).collect();
    (write_plain(def, &start, &players, &tokens, None, game.over().as_ref()), game)
}

#[test]
fn every_catalogued_kind_replays_its_generated_record_through_the_cli() {
    for def in catalog::built_in() {
        for seed in [1, 2] {
            let (text, game) = generated_game(def, seed);
            // Parse and replay in process: the same final state for everyone who may see it all.
            // A game that replays its own movetext (PDN, 跳棋) shows its states instead of
            // handing back the game: the last state shown is the game at the end.
            let mut last: Option<Box<dyn AnyGame>> = None;
            let replayed = replay::replay_with(&text, replay::Upto::End, &mut Vec::new(), &mut |g| {
                last = Some(g.box_clone());
            })
            .unwrap_or_else(|e| panic!("{}: {e}\n{text}", def.name()));
            let back = replayed.game.or(last).unwrap();
            assert_eq!(back.picture_for(Audience::Everyone), game.picture_for(Audience::Everyone), "{}", def.name());
            assert_eq!(back.over(), game.over(), "{}", def.name());
            // The command line: every ply and a result, then the legal moves of the seat to move.
            let path =
                std::env::temp_dir().join(format!("junqi-records-{}-{seed}-{}.jqr", def.name(), std::process::id()));
            std::fs::write(&path, &text).unwrap();
            let out = bin().arg("replay").arg(&path).arg("--json").output().unwrap();
            assert_eq!(out.status.code(), Some(0), "{}: {}", def.name(), String::from_utf8_lossy(&out.stdout));
            let stdout = String::from_utf8(out.stdout).unwrap();
            let plies = stdout.lines().filter(|l| l.starts_with("{\"ply\"")).count();
            assert_eq!(plies as u32, game.ply(), "{}", def.name());
            assert!(stdout.lines().last().unwrap().starts_with("{\"result\""), "{stdout}");
            let moves = bin().arg("moves").arg(&path).output().unwrap();
            assert_eq!(moves.status.code(), Some(0), "{}", String::from_utf8_lossy(&moves.stderr));
            let mut legal = game.legal_tokens(game.to_move());
            legal.sort();
            let listed: Vec<String> = String::from_utf8(moves.stdout).unwrap().lines().map(String::from).collect();
            assert_eq!(listed, legal, "{}", def.name());
            let _ = std::fs::remove_file(&path);
        }
    }
}

#[test]
fn setup_random_and_check_serve_every_catalogued_kind() {
    for def in catalog::built_in() {
        if def.kind.setup == SetupStyle::None {
            // Nothing to deploy or deal: a clear refusal, not an empty setup.
            let out = bin().args(["setup", "random", "--variant", def.name(), "--seed", "7"]).output().unwrap();
            assert_eq!(out.status.code(), Some(2), "{}", def.name());
            assert!(String::from_utf8_lossy(&out.stderr).contains("nothing to draw"), "{}", def.name());
            continue;
        }
        let out = bin()
            .args(["setup", "random", "--variant", def.name(), "--seed"])
            .arg(if def.deal.is_some() {
                "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
            } else {
                "7"
            })
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{}: {}", def.name(), String::from_utf8_lossy(&out.stderr));
        let text = String::from_utf8(out.stdout).unwrap();
        if def.validate_setup.is_some() {
            let check = bin().args(["setup", "check", "--variant", def.name(), text.trim()]).output().unwrap();
            assert_eq!(check.status.code(), Some(0), "{}", def.name());
        } else {
            assert!(text.contains("[Deal \""), "{text}");
        }
    }
}

/// Writes `text` to a temporary file named for the test, returning its path.
fn temp_record(name: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("junqi-cli-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

fn run(args: &[&str], path: &Path) -> (String, String, i32) {
    let out = bin().args(args).arg(path).output().unwrap();
    (String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap(), out.status.code().unwrap())
}

const TWO_PDN_GAMES: &str = "[Event \"Discord\"]\n[Black \"alice\"]\n[White \"bob\"]\n[Result \"1-0\"]\n\
[GameType \"21,B,8,8,N1,0\"]\n[Winner \"white\"]\n[Termination \"resign\"]\n\n1. 11-15 22-18 2. 15x22 25x18 1-0\n\n\
[Event \"Two\"]\n[GameType \"20,W,10,10,N2,0\"]\n[Result \"*\"]\n\n1. 32-28 {a comment} 19-23 *\n";

#[test]
fn a_pdn_file_replays_every_game_or_the_one_picked() {
    let path = temp_record("two.pdn", TWO_PDN_GAMES);
    let first = "{\"ply\":1,\"side\":\"black\",\"move\":\"11-15\",\"outcome\":\"moved\"}\n\
{\"ply\":2,\"side\":\"white\",\"move\":\"22-18\",\"outcome\":\"moved\"}\n\
{\"ply\":3,\"side\":\"black\",\"move\":\"15x22\",\"outcome\":\"captured\",\"captured\":[{\"square\":18,\"piece\":\"man\"}]}\n\
{\"ply\":4,\"side\":\"white\",\"move\":\"25x18\",\"outcome\":\"captured\",\"captured\":[{\"square\":22,\"piece\":\"man\"}]}\n\
{\"result\":\"white_wins\",\"reason\":\"resign\"}\n";
    let second = "{\"ply\":1,\"side\":\"white\",\"move\":\"32-28\",\"outcome\":\"moved\"}\n\
{\"ply\":2,\"side\":\"black\",\"move\":\"19-23\",\"outcome\":\"moved\"}\n\
{\"result\":\"ongoing\",\"reason\":null}\n";
    // One game picked: exactly the spec's output (rules-draughts.md §10, §12.4).
    assert_eq!(run(&["replay", "--json", "--game", "1"], &path), (first.to_string(), String::new(), 0));
    assert_eq!(run(&["replay", "--json", "--game", "2"], &path), (second.to_string(), String::new(), 0));
    // The whole file: each game after its header line.
    let all = format!("{{\"game\":1,\"line\":1}}\n{first}{{\"game\":2,\"line\":11}}\n{second}");
    assert_eq!(run(&["replay", "--json"], &path).0, all);
    let (text, _, code) = run(&["replay"], &path);
    assert_eq!(code, 0);
    assert!(text.contains("game 2 (line 11)") && text.contains("white wins (resign)"), "{text}");
    // Moves: after two plies Black must take; the international game's legal moves, sorted.
    assert_eq!(run(&["moves", "--ply", "2"], &path), ("15x22\n".to_string(), String::new(), 0));
    assert_eq!(run(&["moves", "--game", "2"], &path), ("28x19\n".to_string(), String::new(), 0));
    let (moves, _, code) = run(&["moves", "--game", "2", "--ply", "0"], &path);
    assert_eq!(code, 0);
    let listed: Vec<&str> = moves.lines().collect();
    let mut sorted = listed.clone();
    sorted.sort();
    assert_eq!(listed, sorted);
    assert_eq!(listed.len(), 9, "{moves}");
    assert!(listed.contains(&"31-27") && listed.iter().all(|m| m.contains('-')), "{moves}");
    let (_, err, code) = run(&["replay", "--game", "3"], &path);
    assert_eq!(code, 2);
    assert!(err.contains("holds 2 game"), "{err}");
    let _ = std::fs::remove_file(&path);
}

#[test]
fn a_malformed_pdn_file_is_refused_with_its_line_and_reason() {
    let cases = [
        ("[GameType \"21,B,8,8,N1,0\"]\n[Result \"*\"\n\n1. 11-15 *\n", 2, "must end with ']'"),
        ("[GameType \"21,B,8,8,N1,0\"]\n\n1. 11-15 22-18 2. 15-19 {never closed\n", 3, "never closed"),
        ("[GameType \"25,B,8,8,N1,0\"]\n\n1. 11-15 *\n", 1, "20, 21 or 27"),
        ("[Event \"x\"]\n\n1. 11-15 *\n", 1, "no GameType tag"),
    ];
    for (i, (text, line, reason)) in cases.into_iter().enumerate() {
        let path = temp_record(&format!("bad{i}.pdn"), text);
        let (out, _, code) = run(&["replay", "--json"], &path);
        assert_eq!(code, 2, "{text}");
        let v: serde_json::Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
        assert_eq!(v["error"], "parse", "{out}");
        assert_eq!(v["line"], line, "{out}");
        assert!(v["reason"].as_str().unwrap().contains(reason), "{out}");
        let (_, err, code) = run(&["replay"], &path);
        assert_eq!(code, 2);
        assert!(err.contains(&format!("line {line}: ")) && err.contains(reason), "{err}");
        let (_, err, code) = run(&["moves"], &path);
        assert_eq!(code, 2, "{err}");
        let _ = std::fs::remove_file(&path);
    }
    // A move that is not legal (English: men never move backwards) names its ply.
    let path = temp_record("illegal.pdn", "[GameType \"21,B,8,8,N1,0\"]\n\n1. 11-15 24-20 2. 15-11 *\n");
    let (out, _, code) = run(&["replay", "--json"], &path);
    assert_eq!(code, 2);
    assert!(out.lines().last().unwrap().starts_with("{\"ply\":3,\"error\":\"illegal_move\""), "{out}");
    let _ = std::fs::remove_file(&path);
}

const TIAOQI_EXAMPLE: &str = "[Format \"jqr/1\"]\n[Variant \"tiaoqi\"]\n[Rules \"jump=2\"]\n[Seats \"s:alice n:bob\"]\n\
[Teams \"-\"]\n[First \"s\"]\n[Date \"2026.11.30\"]\n[Result \"s>n\"]\n\n1. s:m3-l4 n:o15-p14 2. s:l2-j4-n4 n:resign\ns>n\n";

#[test]
fn a_tiaoqi_record_replays_as_its_spec_shows_and_lists_moves() {
    let path = temp_record("example.jqr", TIAOQI_EXAMPLE);
    let expected = "{\"ply\":1,\"seat\":\"s\",\"move\":\"m3-l4\",\"outcome\":\"moved\"}\n\
{\"ply\":2,\"seat\":\"n\",\"move\":\"o15-p14\",\"outcome\":\"moved\"}\n\
{\"ply\":3,\"seat\":\"s\",\"move\":\"l2-j4-n4\",\"outcome\":\"jumped\",\"hops\":2}\n\
{\"ply\":4,\"seat\":\"n\",\"move\":\"resign\",\"outcome\":\"resigned\"}\n\
{\"result\":\"ranked\",\"places\":{\"s\":1,\"n\":2},\"teams\":null,\"reason\":\"resign\"}\n";
    assert_eq!(run(&["replay", "--json"], &path), (expected.to_string(), String::new(), 0));
    let (text, _, code) = run(&["replay"], &path);
    assert_eq!(code, 0);
    assert!(text.contains("l2-j4-n4") && text.contains("jumped (2 hops)") && text.contains("s 1, n 2"), "{text}");
    // The opening with 6 pieces and jump=2: 12 moves (rules-tiaoqi.md §9), one per (from, to).
    let (moves, _, code) = run(&["moves", "--ply", "0"], &path);
    assert_eq!(code, 0);
    assert_eq!(moves.lines().count(), 12, "{moves}");
    assert!(moves.lines().any(|m| m == "m3-l4"), "{moves}");
    // Over: nothing to list.
    assert_eq!(run(&["moves"], &path), (String::new(), String::new(), 0));
    let _ = std::fs::remove_file(&path);
    // A hop out of turn (n moves first although s is to move): an illegal move at ply 1.
    let bad = temp_record("out-of-turn.jqr", &TIAOQI_EXAMPLE.replace("1. s:m3-l4 n:o15-p14", "1. n:o15-p14 s:m3-l4"));
    let (out, _, code) = run(&["replay", "--json"], &bad);
    assert_eq!((out.as_str(), code), ("{\"ply\":1,\"error\":\"illegal_move\"}\n", 2));
    let (_, err, code) = run(&["replay"], &bad);
    assert_eq!(code, 2);
    assert!(err.contains("ply 1") && err.contains("not to move"), "{err}");
    let _ = std::fs::remove_file(&bad);
}

/// The terminal mode reads bytes: a line that is not UTF-8 and a line over the limit are each
/// answered to the user they name, and the session goes on with the next line (issue 20 item 5).
#[test]
fn local_mode_answers_bad_bytes_and_walls_of_text_and_goes_on() {
    let dir = std::env::temp_dir().join(format!("junqi-local-bytes-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut input: Vec<u8> = b"alice: challenge bob\nalice: move 1 c6-\xff\xfe\n".to_vec();
    input.extend(b"bob: move 1 ");
    input.extend(std::iter::repeat_n(b'c', 3 * junqi_referee::local::MAX_LINE_BYTES));
    input.extend("\nbob: move 99999999999999999999 a1-a2\nbob: accept 1\n".as_bytes());
    let mut child = bin()
        .args(["local", "--db"])
        .arg(dir.join("g.db"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(&input).unwrap();
    }
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("[to alice] The line is not UTF-8 text (an invalid byte at byte 18)"), "{text}");
    let limit = junqi_referee::local::MAX_LINE_BYTES;
    let long = format!("[to bob] The line is {} bytes long; a command line is at most {limit} bytes", 12 + 3 * limit);
    assert!(text.contains(&long), "{text}");
    assert!(text.contains("[to bob] '99999999999999999999' is out of range for a game number; games are numbered 1 to 9223372036854775807"), "{text}");
    // The lines after the bad ones were played.
    assert!(text.contains("[public] Game #1 is on"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs the terminal mode on a fresh database with `args` and `input`, returning its output.
fn local_session(name: &str, args: &[&str], input: &str) -> String {
    let dir = std::env::temp_dir().join(format!("junqi-local-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut child = bin()
        .args(["local", "--no-images", "--db"])
        .arg(dir.join("g.db"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    }
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let _ = std::fs::remove_dir_all(&dir);
    String::from_utf8(out.stdout).unwrap()
}

/// Hot-seat (issue 21 point 5): every secret is shown between the alternate-screen markers
/// (escape codes on a terminal), one gate per turn — only the next mover's, with what was held
/// for them — none for a public command, and a line typed at a gate is run, not swallowed.
#[test]
fn hotseat_gates_show_secrets_on_the_alternate_screen_one_gate_per_turn() {
    let input = "red: challenge blue time=none\nblue: accept 1\n\n\n\n\n\
                 red: deploy 1 random\n\n\nblue: deploy 1 random\n\n\n\
                 red: move 1 a6-a7\n\nred: rating\n";
    let text = local_session("hotseat", &["--hotseat"], input);
    assert!(!text.contains('\x1b'), "no escape codes when the output is not a terminal: {text}");
    // Every private line (but the public rating reply) sits on the alternate screen.
    let mut inside = false;
    for line in text.lines() {
        if line.starts_with("[alternate screen: ") {
            inside = true;
        } else if line == "[main screen]" {
            inside = false;
        } else if line.starts_with("[to ") && !line.starts_with("[to red] red has no rated") {
            assert!(inside, "a secret on the main screen: {line}\n{text}");
        }
    }
    // After red's move: one gate, blue's, with blue's held deployment message and blue's board;
    // red's own board waits for red's turn.
    let after = &text[text.find("[public] #1 ply 1:").expect(&text)..];
    assert_eq!(after.matches("--- secret for ").count(), 1, "{after}");
    assert!(after.contains("--- secret for blue:"), "{after}");
    assert!(after.contains("[to blue] Game #1: your deployment is in"), "{after}");
    assert!(after.contains("Blue's board; ply 1"), "{after}");
    assert!(!after.contains("Red's board"), "{after}");
    // Typed at the gate: run next, and a public command opens no gate.
    let run = after.find("(typed at the gate, run next: red: rating)").expect(after);
    let rating = after.find("[to red] red has no rated").expect(after);
    assert!(run < rating && !after[run..].contains("--- secret for"), "{after}");
}

/// Without `--hotseat`, a piped session shows everything in order with no gate (scripts and
/// transcripts stay as they were).
#[test]
fn piped_local_mode_opens_no_gate() {
    let text = local_session("nogate", &[], "red: challenge blue time=none\nblue: accept 1\n");
    assert!(text.contains("[to red] Game #1: you play Red."), "{text}");
    assert!(!text.contains("--- secret for") && !text.contains("[alternate screen"), "{text}");
}

/// The review in the local mode (issue 21 point 2): `USER: show N --ply K` shows the board after
/// K plies as that user may see it — a player's own seat behind their gate, the public board for
/// anyone else.
#[test]
fn local_show_ply_reviews_the_game_as_the_viewer_may_see_it() {
    let input = "red: challenge blue time=none\nblue: accept 1\nred: deploy 1 random\nblue: deploy 1 random\n\
                 red: move 1 a6-a7\ncarol: show 1 --ply 0\nred: show 1 --ply 1\n";
    let text = local_session("review", &[], input);
    assert!(text.contains("[to carol] Game #1, ply 0 of 1"), "{text}");
    let carol = &text[text.find("[to carol] Game #1, ply 0 of 1").unwrap()..];
    assert!(carol.contains("(Junqi: public board; ply 0, Red to move)"), "{carol}");
    assert!(carol.contains("[to red] Game #1, ply 1 of 1") && carol.contains("Red's board; ply 1"), "{carol}");
    // With gates, a player's own board is behind their gate; the public one is not.
    let text = local_session("review-gates", &["--hotseat"], &format!("{input}\n\n"));
    let red = &text[text.find("[to carol] Game #1, ply 0 of 1").expect(&text)..];
    assert_eq!(red.matches("--- secret for red:").count(), 1, "{red}");
    assert!(red.find("--- secret for red:").unwrap() < red.find("[to red] Game #1, ply 1 of 1").unwrap(), "{red}");
}

/// `replay` names pieces in words in its text output (issue 21 point 2): what a flip turned up,
/// a revealed flag; `--json` keeps the record's codes.
#[test]
fn replay_text_names_pieces_in_words() {
    let out = bin().arg("replay").arg(data("flip-seed-5eed.jqr")).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("  1. p1   +e5=D    flipped; revealed Brig 旅 at e5; colours: p1 blue, p2 red"), "{text}");
    assert!(text.contains("revealed Mine 雷 at b7"), "{text}");
    let out = bin().arg("replay").arg(data("long-game.jqr")).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("225. red  e4-e5    both removed; revealed Flag 旗 at b12"), "{text}");
}

/// A reader that stops early (`junqi-referee replay F.jqr | head`) closes the pipe: every
/// printing subcommand then ends quietly, with status 0 and no panic (issue 21 item 8). The pipe
/// is closed before the command writes anything, so its first line already meets it.
#[test]
fn a_closed_pipe_ends_every_printing_subcommand_quietly() {
    let record = data("flip-doc-example.jqr");
    let pdn = temp_record("closed-pipe.pdn", TWO_PDN_GAMES);
    let runs: Vec<Vec<std::ffi::OsString>> = vec![
        vec!["replay".into(), record.clone().into()],
        vec!["replay".into(), "--json".into(), record.clone().into()],
        vec!["moves".into(), record.into()],
        vec!["replay".into(), pdn.clone().into()],
        vec!["moves".into(), pdn.clone().into()],
        vec!["setup".into(), "random".into(), "--seed".into(), "7".into()],
        vec!["arena".into(), "--a".into(), "random".into(), "--b".into(), "random".into()],
    ];
    for args in runs {
        let mut child = bin()
            .args(&args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(out.status.success(), "{args:?}: {:?} {err}", out.status);
    }
    let _ = std::fs::remove_file(&pdn);
}

/// The terminal answers questions itself (issue 21 items 6 and 8): `help`, `help CMD`, a typo's
/// "did you mean", `rules` (of a kind or of a game in play, in the asker's language), `legend`,
/// `games`, `board`, `export`; Discord's `<t:…>` markup is printed as a plain time; a
/// full-width colon reads as ':'.
#[test]
fn local_mode_serves_help_rules_legend_games_and_plain_times() {
    let dir = std::env::temp_dir().join(format!("junqi-local-help-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let input = "help\nhelp resing\nred: chalenge blue\nrules draughts12\nred：challenge blue variant=junqi4-duel\n\
        red: locale zh-TW\nred: rules 1\nlegend 1\ngames\nred: board 1\nexport 1\n\
        olga: tournament create Cup format=round-robin start=2h\n";
    let mut child = bin()
        .args(["local", "--no-images", "--db"])
        .arg(dir.join("g.db"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    }
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    for want in [
        "  challenge   offer a game",
        "There is no command 'resing'. Did you mean 'resign'?",
        "[to red] Unknown command 'chalenge' (did you mean 'challenge'?); 'help' lists the commands.",
        "# Draughts (西洋跳棋) — the rules",
        "(docs/rules/draughts.en.md)",
        "[public] red challenges blue to game #1: junqi4-duel",
        // Game 1 is a duel on the 4-player board: its rules are Siguo Junqi's, in red's 繁體.
        "[to red] # 四國軍棋規則",
        "(docs/rules/junqi4.zh-Hans.md)",
        "  c  MGen = major-general (师长)",
        "  junqi4-duel ",
        "[Variant \"junqi4-duel\"]",
    ] {
        assert!(text.contains(want), "missing {want:?} in:\n{text}");
    }
    // The tournament's start time is a plain UTC time, not Discord markup.
    assert!(!text.contains("<t:"), "{text}");
    assert!(text.contains("It starts by itself at 20"), "{text}");
    assert!(text.contains(" UTC."), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn arena_plays_both_seat_orders_and_reports_the_score() {
    let out = bin()
        .args(["arena", "--variant", "junqi", "--a", "greedy", "--b", "random", "--games", "2", "--seed", "3"])
        .args(["--nodes", "100"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("junqi (standard rules), 2 games, seed 3, search budget 100 nodes"), "{text}");
    assert!(text.contains("A = greedy vs B = random: A won"), "{text}");
    assert!(text.contains("illegal actions 0"), "{text}");
    assert!(text.contains("95 % interval") && text.contains("think time greedy: p50"), "{text}");
    let bad = bin().args(["arena", "--a", "clever", "--b", "random"]).output().unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&bad.stderr)
            .contains("'clever' is not a player: random, greedy, search or search-uniform")
    );
}

/// 陆海空 (issue 14): the spec's example deployment for both sides, 42 plies with a fighter
/// beaten by a gunboat (ply 41) and one shot down on its way over a gun (ply 42).
const SANJUN_RECORD: &str = "[Format \"jqr/1\"]\n[Variant \"sanjun\"]\n[Mode \"dark\"]\n[Red \"alice\"]\n\
[Blue \"bob\"]\n[RedSetup \"mnhmcekagfbdineghjjfilksttsprqqrpuv\"]\n\
[BlueSetup \"mnhm ce kag fbdi neg hjjf ilk / stts prqqrp / uv\"]\n[Result \"*\"]\n\n\
i6-h7 d16-c15 j10-k11 a23-a18 a3-a4 m17-k18 a4-a9 i20-h19 o3-o22 a18-a22 m9-k8 f16-g15 a9-a17 a22-a8 \
h5-i6 g20-e20 a17-a3 c17-d16 a3-a4 j19-k20 j5-k6 a8-a18 l10-m11 a18-e18 f5-e6 l16-k15 k9-l10 k18-m17 \
a4-a18 k20-g20 k4-j5 h21-i20 a18-a22 e18-o18 a22-a17 o18-o8 o22-o18 g15-h14 e4-f5 m17-k18 a17-e17 o8-a8 *\n";

#[test]
fn a_sanjun_record_replays_lists_moves_and_checks_deployments() {
    let path = temp_record("sanjun.jqr", SANJUN_RECORD);
    let (json, err, code) = run(&["replay", "--json"], &path);
    assert_eq!((code, err.as_str()), (0, ""));
    let lines: Vec<&str> = json.lines().collect();
    assert_eq!(lines.len(), 43, "{json}");
    assert_eq!(lines[0], "{\"ply\":1,\"side\":\"red\",\"move\":\"i6-h7\",\"outcome\":\"moved\",\"revealed\":[]}");
    assert_eq!(
        lines[40],
        "{\"ply\":41,\"side\":\"red\",\"move\":\"a17-e17\",\"outcome\":\"defender_won\",\"revealed\":[]}"
    );
    // §10.1, §10.12: the gun strictly between start and destination is named at its point.
    assert_eq!(
        lines[41],
        "{\"ply\":42,\"side\":\"blue\",\"move\":\"o8-a8\",\"outcome\":\"shot_down\",\"revealed\":[{\"point\":\"i8\",\"piece\":\"n\"}]}"
    );
    assert_eq!(lines[42], "{\"result\":\"ongoing\",\"reason\":null}");
    let (text, _, code) = run(&["replay"], &path);
    assert_eq!(code, 0);
    assert!(text.contains(" 42. blue o8-a8    shot down (? × AA 高炮); revealed AA 高炮 at i8"), "{text}");
    // The opening of the example deployment, counted by hand: 39 moves for Red. Air 16: each
    // aircraft flies its high-altitude lane to a4 a8 a9 a11 a15 a17 a18 a22 (o… alike), never onto
    // Blue's occupied airport. Sea 12: d10, f10, j10, l10 each step to two empty stations of rank
    // 11 (8), the cruisers g9, i9 to h10 (2), the battleships land: c9-e8, m9-k8 (2); the
    // gunboats have no enemy at an arrow's end. Land 11: g6 road h7, rail e6 and e6-b7 (3); i6
    // road h7, rail k6 and k6-n7 (3); f7 to e6 and along the coast to e8 (2); i8 (the gun) to h7,
    // f5 and j5 to the empty bridgeheads e6, k6 (3); the batteries, mines and flag never move.
    let (moves, _, code) = run(&["moves", "--ply", "0"], &path);
    assert_eq!(code, 0);
    assert_eq!(moves.lines().count(), 39, "{moves}");
    for m in ["c9-e8", "g6-b7", "i6-n7", "a3-a22", "o3-o4", "d10-c11", "f7-e8"] {
        assert!(moves.lines().any(|l| l == m), "{m} missing: {moves}");
    }
    assert_eq!(run(&["moves"], &path).0.lines().count(), 42);
    // Board art may not exist yet for this kind: render and replay-gif end cleanly either way.
    let png = std::env::temp_dir().join(format!("junqi-cli-{}-sanjun.png", std::process::id()));
    for cmd in ["render", "replay-gif"] {
        let out = bin().arg(cmd).arg(&path).arg("--out").arg(&png).output().unwrap();
        let code = out.status.code();
        assert!(matches!(code, Some(0) | Some(2)), "{cmd}: {code:?} {}", String::from_utf8_lossy(&out.stderr));
        if code == Some(2) {
            assert!(String::from_utf8_lossy(&out.stderr).contains("board art 'sanjun'"));
        }
    }
    let _ = std::fs::remove_file(&png);
    let _ = std::fs::remove_file(&path);

    // Every broken rule of a deployment at once (issue 14's bad-input list), exit status 2.
    let bad = "jnhm se kag fbdi neg hmjf ilk / ctts urqqrp / pv";
    let out = bin().args(["setup", "check", "--variant", "sanjun", bad]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8(out.stdout).unwrap() + &String::from_utf8(out.stderr).unwrap();
    for line in [
        "illegal deployment for red (6 problems):",
        "the landmine on g8 stands in the front rows (the coastline)",
        "the destroyer on g6 is outside its zone",
        "the coastal battery on g2 is not on a battery station",
        "the major-general on d10 is outside its zone",
        "the fighter on c9 is outside its zone",
        "the battleship on a3 is outside its zone",
    ] {
        assert!(said.contains(line), "{line}: {said}");
    }
    // Blue's points are the turned ones.
    let out = bin().args(["setup", "check", "--variant", "sanjun", "--side", "blue", bad]).output().unwrap();
    let said = String::from_utf8(out.stdout).unwrap() + &String::from_utf8(out.stderr).unwrap();
    assert!(said.contains("the landmine on i18 stands in the front rows"), "{said}");
    // Seeded random deployments repeat and pass the check.
    let random = |seed: &str| bin().args(["setup", "random", "--variant", "sanjun", "--seed", seed]).output().unwrap();
    let a = String::from_utf8(random("14").stdout).unwrap();
    assert_eq!(a, String::from_utf8(random("14").stdout).unwrap());
    assert_eq!(a.trim().len(), 35, "{a}");
    let check = bin().args(["setup", "check", "--variant", "sanjun", "--side", "blue", a.trim()]).output().unwrap();
    assert_eq!(check.status.code(), Some(0));
}

/// 海陆空三军战斗棋 (issue 14): the spec's example deployment (§3) for both sides, 37 plies with a
/// reconnaissance plane scouting a battleship (ply 23), a fighter shot down over a gunboat
/// (ply 31), a mutual removal (ply 34) and a bounce (ply 37).
const SANJUN30_RECORD: &str = "[Format \"jqr/1\"]\n[Variant \"sanjun30\"]\n[Mode \"dark\"]\n[Red \"alice\"]\n\
[Blue \"bob\"]\n[RedSetup \"0mn3 9h 8c 26f g4 17i ebjk 5la / spr.qt / uv\"]\n\
[BlueSetup \"0mn3 9h 8c 26f g4 17i ebjk 5la / spr.qt / uv\"]\n[Result \"*\"]\n\n\
h3-i4 e17-d16 i8-h7 a23-a18 a3-a4 o23-o15 a4-a9 i17-j16 o3-o9 a18-a22 o9-o17 f19-e20 a9-a17 a22-a8 \
i4-h3 h21-g22 a17-a3 d16-e17 a3-a4 j16-i17 j5-i4 a8-a18 o17-k17 a18-o18 f5-e6 o15-o22 o17-k17 o18-o8 \
a4-a18 o22-o18 o17-a17 j21-h21 a18-a22 g22-g8 a22-a17 o18-o23 a17-c17 *\n";

#[test]
fn a_sanjun30_record_replays_lists_moves_renders_and_checks_deployments() {
    let path = temp_record("sanjun30.jqr", SANJUN30_RECORD);
    let (json, err, code) = run(&["replay", "--json"], &path);
    assert_eq!((code, err.as_str()), (0, ""));
    let lines: Vec<&str> = json.lines().collect();
    assert_eq!(lines.len(), 38, "{json}");
    assert_eq!(lines[0], "{\"ply\":1,\"side\":\"red\",\"move\":\"h3-i4\",\"outcome\":\"moved\",\"revealed\":[]}");
    // §6: a scouted piece is shown to both; a gun that shoots an aircraft down is named.
    assert_eq!(
        lines[22],
        "{\"ply\":23,\"side\":\"red\",\"move\":\"o17-k17\",\"outcome\":\"scouted\",\"revealed\":[{\"point\":\"k17\",\"piece\":\"p\"}]}"
    );
    assert_eq!(
        lines[30],
        "{\"ply\":31,\"side\":\"red\",\"move\":\"o17-a17\",\"outcome\":\"shot_down\",\"revealed\":[{\"point\":\"i17\",\"piece\":\"r\"}]}"
    );
    assert!(lines[33].contains("\"move\":\"g22-g8\",\"outcome\":\"both_removed\""), "{}", lines[33]);
    assert!(lines[36].contains("\"move\":\"a17-c17\",\"outcome\":\"bounced\""), "{}", lines[36]);
    assert_eq!(lines[37], "{\"result\":\"ongoing\",\"reason\":null}");
    let (text, _, code) = run(&["replay"], &path);
    assert_eq!(code, 0);
    assert!(text.contains(" 31. red  o17-a17  shot down"), "{text}");
    // The opening: each aircraft flies its high-altitude lane to its 8 stops (16), the rest by
    // land and sea; no piece may enter the enemy's occupied airport.
    let (moves, _, code) = run(&["moves", "--ply", "0"], &path);
    assert_eq!(code, 0);
    assert_eq!(moves.lines().count(), 41, "{moves}");
    assert_eq!(moves.lines().filter(|l| l.starts_with("a3-") || l.starts_with("o3-")).count(), 16, "{moves}");
    for m in ["a3-a22", "o3-o4", "c9-d10", "g6-e6", "i6-k6", "h3-g4"] {
        assert!(moves.lines().any(|l| l == m), "{m} missing: {moves}");
    }
    assert!(!moves.lines().any(|l| l == "a3-a23"), "{moves}");
    assert_eq!(run(&["moves"], &path).0.lines().count(), 49);
    // Its board art is registered: render and replay-gif write a PNG and a GIF.
    draws_a_png_and_a_gif(&path, "sanjun30");
    let _ = std::fs::remove_file(&path);

    // Every broken rule of a deployment at once, exit status 2: an aircraft off its airport, a
    // land piece on an airport, a ship on an airport, the count per kind.
    let bad = "umn3 9h 8c 26f g4 17i ebjk 5l0 / spr.qt / as";
    let out = bin().args(["setup", "check", "--variant", "sanjun30", bad]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8(out.stdout).unwrap() + &String::from_utf8(out.stderr).unwrap();
    for line in [
        "illegal deployment for red (5 problems):",
        "the fighter on e8 is outside its zone",
        "the commander-in-chief on a3 is outside its zone",
        "the destroyer on o3 is outside its zone",
        "2 × destroyer given, 1 needed",
        "0 × reconnaissance plane given, 1 needed",
    ] {
        assert!(said.contains(line), "{line}: {said}");
    }
    let out = bin().args(["setup", "check", "--variant", "sanjun30", "--side", "blue", bad]).output().unwrap();
    let said = String::from_utf8(out.stdout).unwrap() + &String::from_utf8(out.stderr).unwrap();
    assert!(said.contains("the fighter on k18 is outside its zone"), "{said}");
    let short = bin().args(["setup", "check", "--variant", "sanjun30", "0mn3 9h 8c"]).output().unwrap();
    assert_eq!(short.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&short.stderr).contains("8 characters given, 31 needed"));
    // Seeded random deployments repeat and pass the check.
    seeded_setups_repeat_and_pass("sanjun30", "30");
    // Rule 5 (ours, issue 14): no mine in the front rows, listed with the other broken rules — the
    // example's mine on j7 (the major to i2), a fighter on the anchor m9, two fighters, no submarine.
    let mined = "0mn3 9j 8c 26f g4 17i ebhk 5la / spr.qu / uv";
    let out = bin().args(["setup", "check", "--variant", "sanjun30", mined]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8(out.stdout).unwrap() + &String::from_utf8(out.stderr).unwrap();
    for line in [
        "illegal deployment for red (4 problems):",
        "  - rule 5: the landmine on j7 stands in the front rows (the coastline)",
        "  - rule 4: the fighter on m9 is outside its zone",
        "  - rule 3: 0 × submarine given, 1 needed",
        "  - rule 3: 2 × fighter given, 1 needed",
    ] {
        assert!(said.contains(line), "{line}: {said}");
    }
    let alone = "0mn3 9j 8c 26f g4 17i ebhk 5la / spr.qt / uv";
    let out = bin().args(["setup", "check", "--variant", "sanjun30", "--side", "blue", alone]).output().unwrap();
    let said = String::from_utf8(out.stdout).unwrap() + &String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(said.contains("(1 problem):\n  - rule 5: the landmine on f19 stands in the front rows"), "{said}");
    // Every seeded random deployment keeps its mine behind the front rows and passes the check.
    for seed in 0..12 {
        let drawn = seeded_setups_repeat_and_pass("sanjun30", &seed.to_string());
        assert_eq!(setup_check("sanjun30", None, drawn.trim()).0, Some(0), "seed {seed}: {drawn}");
        let land: Vec<char> = drawn.chars().filter(|c| c.is_ascii_alphanumeric()).take(6).collect();
        assert!(!land.contains(&'j'), "seed {seed}: {drawn}");
    }
}

/// 海军棋 (issue 15): transcript 76's game — Red's aircraft carrier runs up the red line of file a
/// sinking six ships, then sinks Blue's flagship in its HQ (`{F}`, §8).
const HAIJUN_RECORD: &str = "[Format \"jqr/1\"]\n[Variant \"haijun\"]\n[Mode \"dark\"]\n[Red \"alice\"]\n\
[Blue \"bob\"]\n[RedSetup \"abcgb dgc edfg hef bcidh ijief\"]\n[BlueSetup \"cggbf bae hcgd hfd iecfd iiejb\"]\n\
[Result \"1-0\"]\n\n1. a6-a7 {x} d7-d8 2. a7-a8 {x} d8-c9 3. a8-a9 {x} c9-d10 4. a9-a10 {x} d10-c9 \
5. a10-a11 {x} c9-d8 6. a11-a12 {x} d8-d7 7. a12-b12 {F} 1-0\n";

#[test]
fn a_haijun_record_replays_lists_moves_renders_and_checks_deployments() {
    let path = temp_record("haijun.jqr", HAIJUN_RECORD);
    let (json, err, code) = run(&["replay", "--json"], &path);
    assert_eq!((code, err.as_str()), (0, ""));
    let lines: Vec<&str> = json.lines().collect();
    assert_eq!(lines.len(), 14, "{json}");
    assert_eq!(
        lines[0],
        "{\"ply\":1,\"side\":\"red\",\"move\":\"a6-a7\",\"outcome\":\"attacker_won\",\"revealed\":[]}"
    );
    assert_eq!(lines[1], "{\"ply\":2,\"side\":\"blue\",\"move\":\"d7-d8\",\"outcome\":\"moved\",\"revealed\":[]}");
    // §10.1: the ply that removes a 旗舰 is `flagship_sunk`; the sunk piece is not revealed.
    assert_eq!(
        lines[12],
        "{\"ply\":13,\"side\":\"red\",\"move\":\"a12-b12\",\"outcome\":\"flagship_sunk\",\"revealed\":[]}"
    );
    assert_eq!(lines[13], "{\"result\":\"red_wins\",\"reason\":\"flagship_sunk\"}");
    let (text, _, code) = run(&["replay"], &path);
    assert_eq!(code, 0);
    assert!(text.contains(" 13. red  a12-b12  flagship sunk"), "{text}");
    assert!(text.contains("result: red wins (flagship sunk)"), "{text}");
    // A `{x}` where the flagship went down is refused: the mark must say `{F}`.
    let wrong = temp_record("haijun-wrong.jqr", &HAIJUN_RECORD.replace("a12-b12 {F}", "a12-b12 {x}"));
    let (_, err, code) = run(&["replay"], &wrong);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("annotated {x}") && err.contains("flagship_sunk"), "{err}");
    let _ = std::fs::remove_file(&wrong);
    // The opening: Red's 35 moves, into its five empty camps and across the open front (b6-b7
    // and d6-d7 are branch lines at sea, §2); nothing from the HQs or the mines.
    let (moves, _, code) = run(&["moves", "--ply", "0"], &path);
    assert_eq!(code, 0);
    assert_eq!(moves.lines().count(), 35, "{moves}");
    for m in ["a6-a7", "b6-b7", "d6-d7", "b2-b3", "c3-c4", "e2-d3"] {
        assert!(moves.lines().any(|l| l == m), "{m} missing: {moves}");
    }
    assert!(!moves.lines().any(|l| l.starts_with("b1-") || l.starts_with("a1-")), "{moves}");
    assert_eq!(run(&["moves"], &path).0.lines().count(), 0, "the game is over");
    // Its board art is registered: render and replay-gif write a PNG and a GIF.
    draws_a_png_and_a_gif(&path, "haijun");
    let _ = std::fs::remove_file(&path);

    // Every broken rule of a deployment at once, numbered as the rules page numbers them.
    let bad = "hbcgb dgc edfg ief bjidh iaief";
    let out = bin().args(["setup", "check", "--variant", "haijun", bad]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8(out.stdout).unwrap() + &String::from_utf8(out.stderr).unwrap();
    for line in [
        "illegal deployment for red (5 problems):",
        "rule 4: the torpedo on a6 may not stand in the front row",
        "rule 3: the sea mine on a3 must stand in its owner's two back rows",
        "rule 1: the flagship on b2 must stand in a command HQ",
        "rule 5: 2 × cruiser given, 3 needed",
        "rule 5: 4 × sea mine given, 3 needed",
    ] {
        assert!(said.contains(line), "{line}: {said}");
    }
    // The same string for Blue names Blue's points (the string does not depend on the side).
    let out = bin().args(["setup", "check", "--variant", "haijun", "--side", "blue", bad]).output().unwrap();
    let said = String::from_utf8(out.stdout).unwrap() + &String::from_utf8(out.stderr).unwrap();
    assert!(said.contains("rule 1: the flagship on d11 must stand in a command HQ"), "{said}");
    let short = bin().args(["setup", "check", "--variant", "haijun", "abc"]).output().unwrap();
    assert_eq!(short.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&short.stderr).contains("3 piece codes given, 25 needed"));
    // Seeded random deployments repeat and pass the check.
    seeded_setups_repeat_and_pass("haijun", "15");
}

/// Issue 14: a public record of 海陆空三军战斗棋 — its setups `?`, its combats marked — replays its
/// public history like the Junqi family's public records: each move by its side, the outcome its
/// mark announces, nothing revealed that the record does not say; `render` refuses it (a board
/// needs the setups).
#[test]
fn a_public_sanjun30_record_replays_its_history() {
    let example = "0mn3 9h 8c 26f g4 17i ebjk 5la / spr.qt / uv";
    let text = SANJUN30_RECORD
        .replace(&format!("[RedSetup \"{example}\"]"), "[RedSetup \"?\"]")
        .replace(&format!("[BlueSetup \"{example}\"]"), "[BlueSetup \"?\"]")
        .replace("a8-a18 o17-k17 a18-o18", "a8-a18 o17-k17 {r} a18-o18")
        .replace("o17-a17 j21-h21", "o17-a17 {s} j21-h21")
        .replace("a17-c17 *", "a17-c17 {b} resign 0-1")
        .replace("[Result \"*\"]", "[Result \"0-1\"]");
    assert!(text.contains("[RedSetup \"?\"]") && text.contains("{s}"), "{text}");
    let path = temp_record("sanjun30-public.jqr", &text);
    let (json, err, code) = run(&["replay", "--json"], &path);
    assert_eq!((code, err.as_str()), (0, ""), "{json}");
    let lines: Vec<&str> = json.lines().collect();
    assert_eq!(lines.len(), 38, "{json}");
    assert_eq!(lines[0], "{\"ply\":1,\"side\":\"red\",\"move\":\"h3-i4\",\"outcome\":\"moved\",\"revealed\":[]}");
    assert_eq!(lines[22], "{\"ply\":23,\"side\":\"red\",\"move\":\"o17-k17\",\"outcome\":\"scouted\",\"revealed\":[]}");
    assert_eq!(
        lines[30],
        "{\"ply\":31,\"side\":\"red\",\"move\":\"o17-a17\",\"outcome\":\"shot_down\",\"revealed\":[]}"
    );
    assert!(lines[36].contains("\"move\":\"a17-c17\",\"outcome\":\"bounced\""), "{}", lines[36]);
    assert_eq!(lines[37], "{\"result\":\"blue_wins\",\"reason\":\"resign\"}");
    let out_png = std::env::temp_dir().join(format!("junqi-cli-{}-sanjun30-public.png", std::process::id()));
    let o = bin().arg("render").arg(&path).arg("--out").arg(&out_png).output().unwrap();
    assert!(!o.status.success() && String::from_utf8_lossy(&o.stderr).contains("hides a setup"), "{o:?}");
    let _ = std::fs::remove_file(&path);
}

/// A database the referee cannot open at start (issue 18): a malformed or unreachable PostgreSQL
/// URL is refused at once, the message naming the setting (`--db`) and never the password, and
/// the exit status is not 0. A URL is never taken for an SQLite file name.
#[test]
fn an_unusable_database_url_is_refused_naming_the_setting() {
    for url in [
        // Nothing listens on port 1: refused at once.
        "postgres://junqi:s3cret@127.0.0.1:1/junqi",
        // Not a URL sqlx can read (the port is not a number).
        "postgres://junqi:s3cret@localhost:port/junqi",
    ] {
        let out = bin()
            .args(["local", "--no-images", "--db", url])
            .stdin(std::process::Stdio::null())
            .output()
            .expect("run the binary");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{url}: {err}");
        assert!(err.contains("--db") && err.contains("cannot open the database"), "{url}: {err}");
        assert!(err.contains("postgres://junqi:***@"), "{url}: the URL, password hidden: {err}");
        assert!(!err.contains("s3cret"), "{url}: {err}");
        assert!(!Path::new(url).exists(), "{url} was taken for a file name");
    }
    // The bot the same, naming its own setting, before it connects to Discord.
    let (code, err, _) = serve(&[("JUNQI_DATABASE", "postgres://junqi:s3cret@127.0.0.1:1/junqi")]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("JUNQI_DATABASE") && err.contains("cannot open the database"), "{err}");
    assert!(!err.contains("s3cret") && !err.contains("internal fault"), "{err}");
    // Shards left to other processes on an SQLite file: refused, saying what to set.
    let (code, err, _) = serve(&[("JUNQI_SHARDS", "1/2")]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("shards 1-1/2") && err.contains("postgres://"), "{err}");
    // Discord out of reach (here: a proxy where nothing listens): a clear stop, exit status 1.
    let db = std::env::temp_dir().join(format!("junqi-cli-unreachable-{}.db", std::process::id()));
    let db_text = db.display().to_string();
    let (code, err, out) = serve(&[("JUNQI_DATABASE", &db_text), ("JUNQI_DISCORD_PROXY", "http://127.0.0.1:1")]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("cannot reach Discord") && err.contains("discord_proxy"), "{err}");
    assert!(out.is_empty(), "logs go to standard error: {out}");
    for s in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{db_text}{s}"));
    }
}

/// `junqi-referee serve` with a token and `env` (and no config file, no other database than
/// `env` names): its exit status, standard error and standard output.
fn serve(env: &[(&str, &str)]) -> (Option<i32>, String, String) {
    let mut cmd = bin();
    cmd.arg("serve")
        .current_dir(std::env::temp_dir())
        .env_remove("JUNQI_CONFIG")
        .env_remove("JUNQI_DATABASE")
        .env("DISCORD_TOKEN", "not-a-token");
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("run the binary");
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code(), text(&out.stderr), text(&out.stdout))
}

/// A `haijun21` game: three combats of equal fast boats (both go, `=`), the bomber flying along
/// file b over its own pieces onto an empty b10, still going on.
const HAIJUN21_RECORD: &str = "[Format \"jqr/1\"]\n[Variant \"haijun21\"]\n[Mode \"dark\"]\n[Red \"alice\"]\n\
[Blue \"bob\"]\n[RedSetup \"kekek cdgcd bnbga fmf.h eh.fi i.lji\"]\n\
[BlueSetup \"kekek cdgcd bnbga fmf.h eh.fi i.lji\"]\n[Result \"*\"]\n\n\
1. a6-a7 {=} b7-b6 {=} 2. b4-b10 d7-d6 {=} 3. c6-c7 {=} *\n";

#[test]
fn a_haijun21_record_replays_lists_moves_renders_and_checks_deployments() {
    let path = temp_record("haijun21.jqr", HAIJUN21_RECORD);
    let (json, err, code) = run(&["replay", "--json"], &path);
    assert_eq!((code, err.as_str()), (0, ""));
    let lines: Vec<&str> = json.lines().collect();
    assert_eq!(lines.len(), 6, "{json}");
    assert_eq!(
        lines[0],
        "{\"ply\":1,\"side\":\"red\",\"move\":\"a6-a7\",\"outcome\":\"both_removed\",\"revealed\":[]}"
    );
    assert_eq!(lines[2], "{\"ply\":3,\"side\":\"red\",\"move\":\"b4-b10\",\"outcome\":\"moved\",\"revealed\":[]}");
    assert_eq!(lines[5], "{\"result\":\"ongoing\",\"reason\":null}");
    let (text, _, code) = run(&["replay"], &path);
    assert_eq!(code, 0);
    assert!(text.contains("  3. red  b4-b10   moved") && text.contains("result: the game goes on"), "{text}");
    // The opening: the bomber on b4 flies along file b over its own pieces, never steps.
    let (moves, _, code) = run(&["moves", "--ply", "0"], &path);
    assert_eq!(code, 0);
    assert_eq!(moves.lines().count(), 42, "{moves}");
    let bomber: Vec<&str> = moves.lines().filter(|l| l.starts_with("b4-")).collect();
    assert_eq!(bomber, ["b4-b1", "b4-b10", "b4-b11", "b4-b12", "b4-b7", "b4-b8", "b4-b9"]);
    // Its board art is catalogued with it: render and replay-gif write a PNG and a GIF.
    draws_a_png_and_a_gif(&path, "haijun21");
    let _ = std::fs::remove_file(&path);
    // Every broken rule of a deployment at once, with the side's own point names.
    let bad = "kekek cdgcd bnbgi fmf.h eh.fa n.lji";
    let out = bin().args(["setup", "check", "--variant", "haijun21", bad]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8(out.stdout).unwrap() + &String::from_utf8(out.stderr).unwrap();
    for line in [
        "illegal deployment for red (4 problems):",
        "the sea mine on e4 must stand in its owner's two back rows",
        "the bomber on a1 must stand on an air lane",
        "2 × sea mine given, 3 needed",
        "2 × bomber given, 1 needed",
    ] {
        assert!(said.contains(line), "{line}: {said}");
    }
    let out = bin().args(["setup", "check", "--variant", "haijun21", "--side", "blue", bad]).output().unwrap();
    let said = String::from_utf8(out.stdout).unwrap() + &String::from_utf8(out.stderr).unwrap();
    assert!(said.contains("the bomber on e12 must stand on an air lane"), "{said}");
    let short = bin().args(["setup", "check", "--variant", "haijun21", "abc"]).output().unwrap();
    assert_eq!(short.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&short.stderr).contains("3 piece codes given, 30 needed"));
    // Seeded random deployments repeat and pass the check.
    let a = seeded_setups_repeat_and_pass("haijun21", "15");
    assert_eq!(a.trim().len(), 35, "{a}");
}

/// `render` and `replay-gif` of a record whose kind has board art: a PNG of at most 60 KB (the
/// image budget) and a GIF; `tag` names the temporary files.
fn draws_a_png_and_a_gif(path: &Path, tag: &str) {
    let out_png = std::env::temp_dir().join(format!("junqi-cli-{}-{tag}.png", std::process::id()));
    let out_gif = out_png.with_extension("gif");
    for (cmd, out, magic) in [("render", &out_png, &b"\x89PNG"[..]), ("replay-gif", &out_gif, &b"GIF89a"[..])] {
        let mut c = bin();
        c.arg(cmd).arg(path);
        if cmd == "replay-gif" {
            c.args(["--view", "reveal", "--seconds", "5"]);
        }
        let o = c.arg("--out").arg(out).output().unwrap();
        assert_eq!(o.status.code(), Some(0), "{cmd}: {}", String::from_utf8_lossy(&o.stderr));
        let bytes = std::fs::read(out).unwrap();
        assert!(bytes.starts_with(magic), "{cmd}");
        if cmd == "render" {
            assert!(bytes.len() <= 60_000, "{} bytes", bytes.len());
        }
        let _ = std::fs::remove_file(out);
    }
}

/// `setup check` of `text` for `variant` (and `--side`, if given): its exit status and all it said.
fn setup_check(variant: &str, side: Option<&str>, text: &str) -> (Option<i32>, String) {
    let mut cmd = bin();
    cmd.args(["setup", "check", "--variant", variant]);
    if let Some(side) = side {
        cmd.args(["--side", side]);
    }
    let out = cmd.arg(text).output().unwrap();
    (out.status.code(), String::from_utf8(out.stdout).unwrap() + &String::from_utf8(out.stderr).unwrap())
}

/// `setup random --seed` for `variant`: the same string twice, and one Blue's check accepts.
fn seeded_setups_repeat_and_pass(variant: &str, seed: &str) -> String {
    let random = || bin().args(["setup", "random", "--variant", variant, "--seed", seed]).output().unwrap();
    let a = String::from_utf8(random().stdout).unwrap();
    assert_eq!(a, String::from_utf8(random().stdout).unwrap());
    assert_eq!(setup_check(variant, Some("blue"), a.trim()).0, Some(0), "{a}");
    a
}
