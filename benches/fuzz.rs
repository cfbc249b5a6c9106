//! Fuzzing every parser a user reaches, benchmark-style (built by `cargo bench --no-run`, never run
//! in CI): moves of every game, deployments, rule options, durations, records, the bot's
//! configuration file and the local mode's lines.
//!
//! Run: `cargo bench --bench fuzz -- --target NAME --inputs N [--seed S]` (`--target all` runs every
//! target in turn; `--dump DIR` writes the slowest and the first panicking input of each target
//! there, `--replay FILE` times one such input alone). Inputs are real samples (each game's legal moves from seeded playouts, random
//! deployments, option strings, the records of `tests/data`, `config.example.toml`, the command
//! lines of `tests/transcripts`) mutated by the project's seeded [`Rng`], plus random bytes and long
//! tokens (up to 100,000 characters). For each target it reports the inputs run, the total time,
//! the slowest input (re-timed, the best of three runs, so a preemption of this process does not
//! count) with a prefix of it, and the panics caught. It exits non-zero on a panic or on an input
//! slower than 10 ms.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

use junqi_referee::discord::config::Config;
use junqi_referee::local::{parse_line, read_line};
use junqi_referee::referee::parse_time_control;
use junqi_referee::rules::contract::{AnyGame, GameDef, Secret, SetupStyle, Start, catalog, replay};
use junqi_referee::rules::draughts::{self, pdn};
use junqi_referee::rules::rng::Rng;
use junqi_referee::rules::sanjun::board::SanjunBoard;
use junqi_referee::rules::sanjun::deploy::SanjunSetup;
use junqi_referee::rules::sanjun::options::SanjunOptions;
use junqi_referee::rules::{Seat, flip, junqi_board, notation, options::RuleOptions, tiaoqi};

/// The slowest an input may be.
const LIMIT: Duration = Duration::from_millis(10);

/// One input: text for the parsers that take text, bytes for the line reader.
type Parse = Box<dyn Fn(&[u8])>;

/// How a target is made (its corpus may come from seeded playouts).
type Maker = Box<dyn Fn(&mut Rng) -> Target>;

/// A target: its name, its corpus and what it runs on one input.
struct Target {
    name: &'static str,
    corpus: Vec<Vec<u8>>,
    run: Parse,
}

fn text(b: &[u8]) -> std::borrow::Cow<'_, str> {
    String::from_utf8_lossy(b)
}

/// Every catalogued game and those not catalogued yet (draughts, 跳棋), started from seeded setups,
/// each with the moves of a seeded random playout.
fn games(rng: &mut Rng) -> Vec<(Box<dyn AnyGame>, Vec<String>)> {
    let mut defs: Vec<&'static GameDef> = catalog::all();
    defs.extend([&draughts::DRAUGHTS, &draughts::DRAUGHTS10, &draughts::DRAUGHTS12, &tiaoqi::TIAOQI]);
    let mut out = Vec::new();
    for def in defs {
        for &seats in def.kind.seating.counts {
            let mut s = Start::new(seats);
            match def.kind.setup {
                SetupStyle::Deploy => {
                    let random = def.random_setup.expect("a Deploy game has random setups");
                    s.setups = (0..seats).map(|i| Secret::new(random(Seat(i), rng))).collect();
                }
                SetupStyle::Deal => {
                    let deal = def.deal.expect("a Deal game deals");
                    let seed: [u8; 32] = std::array::from_fn(|_| rng.below(256) as u8);
                    s.deal = Some(deal(&Secret::new(seed)).deal);
                }
                SetupStyle::None => {}
            }
            let Ok(game) = (def.start)(&s) else { continue };
            let mut moves = Vec::new();
            let mut g = game.box_clone();
            while g.over().is_none() && moves.len() < 200 {
                let seat = g.to_move();
                let legal = g.legal_tokens(seat);
                if legal.is_empty() {
                    break;
                }
                let pick = legal[rng.below(legal.len())].clone();
                if g.play_text(seat, &pick).is_err() {
                    break;
                }
                moves.push(pick);
            }
            out.push((game, moves));
        }
    }
    out
}

fn move_target(rng: &mut Rng) -> Target {
    let games = games(rng);
    let mut corpus: Vec<Vec<u8>> = games.iter().flat_map(|(_, m)| m.iter().map(|t| t.as_bytes().to_vec())).collect();
    for t in ["c6c7", "c6 c7", "S.c6-C.s", "+c6", "flip c6", "11-15", "1x10x19", "c3d4", "l2-j4-n4", "--", "g8-g9"] {
        corpus.push(t.as_bytes().to_vec());
    }
    let junqi = junqi_board::build();
    let sanjun = SanjunBoard::get();
    let run: Parse = Box::new(move |b: &[u8]| {
        let t = text(b);
        // Through the contract (bounded), for every game and the seat to move.
        for (g, _) in &games {
            let _ = g.read_action(g.to_move(), &t);
        }
        // And each game's own readers, unbounded: linear whatever they are given.
        let _ = notation::parse_move(&junqi, &t);
        let _ = flip::parse_action(&t);
        for v in draughts::Variant::ALL {
            let _ = draughts::notation::parse_squares(v, &t);
        }
        let _ = tiaoqi::notation::points(&t);
        let _ = junqi_referee::rules::sanjun::notation::parse_move(sanjun, &t);
    });
    Target { name: "move", corpus, run }
}

fn deploy_target(rng: &mut Rng) -> Target {
    let defs: Vec<&'static GameDef> = catalog::all().into_iter().filter(|d| d.validate_setup.is_some()).collect();
    let mut corpus = Vec::new();
    for def in &defs {
        let random = def.random_setup.expect("deploys");
        for &n in def.kind.seating.counts {
            for i in 0..n {
                corpus.push(random(Seat(i), rng).into_bytes());
            }
        }
    }
    corpus.push("司令 军长 师长 师长 旅长 旅长 团长 团长 营长 营长 连长 连长 连长 排长 排长 排长 工兵 工兵 工兵 地雷 地雷 地雷 炸弹 炸弹 军旗".into());
    corpus.push("marshal general major-general".into());
    let run: Parse = Box::new(move |b: &[u8]| {
        let t = text(b);
        for def in &defs {
            let validate = def.validate_setup.expect("deploys");
            for &n in def.kind.seating.counts {
                for i in 0..n {
                    let _ = validate(Seat(i), &t);
                }
            }
        }
        let _ = SanjunSetup::parse(&t);
    });
    Target { name: "deploy", corpus, run }
}

fn options_target() -> Target {
    let mut defs: Vec<&'static GameDef> = catalog::all();
    defs.extend([&draughts::DRAUGHTS, &draughts::DRAUGHTS10, &draughts::DRAUGHTS12, &tiaoqi::TIAOQI]);
    let corpus: Vec<Vec<u8>> = [
        "mines=mutual",
        "first=random rail-range=3 quiet-limit=70",
        "hq-exit=on bomb-flies=off scout=on bomb-flag=forbidden flag-home=on on-timeout=auto-move order=cw",
        "players=4 teams=opposite",
        "players=6 jump=far",
        "move-limit=80 flying-kings=on",
        "shuffle=on colour=first-flip",
        "rail-range=unlimited",
        "dark",
        "reveal",
    ]
    .iter()
    .map(|s| s.as_bytes().to_vec())
    .collect();
    let run: Parse = Box::new(move |b: &[u8]| {
        let t = text(b);
        for def in &defs {
            let _ = (def.kind.settings)("", &t);
            let _ = (def.kind.settings)(&t, "");
            for m in def.kind.modes {
                let _ = (def.kind.settings)(m.key, &t);
            }
        }
        let _ = RuleOptions::parse(&t);
        let _ = SanjunOptions::parse(&t);
    });
    Target { name: "options", corpus, run }
}

fn duration_target() -> Target {
    let corpus = ["10m", "1h", "1d", "3d", "none", "90min", "30d", "2592000s", "94368760191893771d", "不限时", "-5m"]
        .iter()
        .map(|s| s.as_bytes().to_vec())
        .collect();
    let run: Parse = Box::new(|b: &[u8]| {
        let _ = parse_time_control(&text(b));
    });
    Target { name: "duration", corpus, run }
}

fn record_target(rng: &mut Rng) -> Target {
    let mut corpus: Vec<Vec<u8>> = std::fs::read_dir("tests/data")
        .map(|d| {
            d.flatten()
                .filter(|e| e.path().extension().is_some_and(|x| x == "jqr"))
                .filter_map(|e| std::fs::read(e.path()).ok())
                .collect()
        })
        .unwrap_or_default();
    // PDN of seeded draughts playouts, for the PDN reader.
    for v in draughts::Variant::ALL {
        let Ok(mut g) = draughts::Draughts::new(v, draughts::Rules::default_for(v)) else { continue };
        for _ in 0..60 {
            let legal = g.legal_lines();
            if legal.is_empty() || g.end().is_some() {
                break;
            }
            let _ = g.play_move(legal[rng.below(legal.len())].mv);
        }
        corpus.push(pdn::export(&g, &[("Event", "fuzz")]).into_bytes());
    }
    let run: Parse = Box::new(|b: &[u8]| {
        let t = text(b);
        let mut steps = Vec::new();
        let _ = replay::replay(&t, &mut steps);
        let _ = pdn::import(&t);
    });
    Target { name: "record", corpus, run }
}

fn config_target() -> Target {
    let mut corpus: Vec<Vec<u8>> = vec![std::fs::read("config.example.toml").unwrap_or_default()];
    corpus.push(b"token = \"Bot abc\"\ndev_guild = 123456789012345678\nlocale = \"en\"\n".to_vec());
    let run: Parse = Box::new(|b: &[u8]| {
        let _ = Config::from_sources(Some(("fuzz.toml", &text(b))), &|_| None);
    });
    Target { name: "config", corpus, run }
}

fn line_target() -> Target {
    let mut corpus: Vec<Vec<u8>> = Vec::new();
    if let Ok(dir) = std::fs::read_dir("tests/transcripts") {
        for e in dir.flatten() {
            let Ok(t) = std::fs::read_to_string(e.path()) else { continue };
            corpus.extend(t.lines().filter(|l| l.contains(": ") && !l.starts_with('>')).map(|l| l.as_bytes().to_vec()));
        }
    }
    corpus.push(b"alice: move 99999999999999999999 a1-a2".to_vec());
    corpus.push(b"alice: tournament create T format=swiss rounds=0".to_vec());
    let run: Parse = Box::new(|b: &[u8]| {
        // The bytes as the terminal reads them: lines bounded, UTF-8 checked, then parsed.
        let mut r = b;
        while let Ok(Some(raw)) = read_line(&mut r) {
            if let Ok(t) = junqi_referee::local::raw_text(&raw) {
                let _ = parse_line(t);
            }
        }
    });
    Target { name: "line", corpus, run }
}

/// Characters mutations insert: separators and digits the parsers split on, letters of every
/// notation, Chinese piece names, a combining mark, a character that lower-cases longer.
const ALPHABET: &[&str] = &[
    "-",
    "x",
    ":",
    " ",
    "=",
    "#",
    ".",
    "/",
    ",",
    "+",
    "{",
    "}",
    "[",
    "]",
    "\"",
    "\n",
    "\r",
    "\t",
    "0",
    "1",
    "9",
    "a",
    "c",
    "e",
    "s",
    "S",
    "C",
    "W",
    "d",
    "m",
    "h",
    "司",
    "令",
    "军",
    "旗",
    "炸",
    "工",
    "–",
    "…",
    "\u{301}",
    "İ",
    "\u{0}",
    "99999999999999999999",
];

/// One input: a mutated sample, random bytes, or a long token.
fn input(corpus: &[Vec<u8>], rng: &mut Rng) -> Vec<u8> {
    match rng.below(1000) {
        // Random bytes (invalid UTF-8 included).
        0..=19 => (0..rng.below(64)).map(|_| rng.below(256) as u8).collect(),
        // A long token: one unit repeated to up to 100,000 characters, maybe inside a sample.
        20..=21 => {
            let unit: Vec<u8> = match rng.below(4) {
                0 => ALPHABET[rng.below(ALPHABET.len())].as_bytes().to_vec(),
                1 => corpus[rng.below(corpus.len())].clone(),
                2 => b"c6".to_vec(),
                _ => "司".as_bytes().to_vec(),
            };
            let n = 1 + rng.below(100_000 / unit.len().max(1));
            let long: Vec<u8> = unit.iter().copied().cycle().take(n * unit.len()).collect();
            let mut s = corpus[rng.below(corpus.len())].clone();
            let at = rng.below(s.len() + 1);
            s.splice(at..at, long);
            s
        }
        _ => {
            let mut s = corpus[rng.below(corpus.len())].clone();
            for _ in 0..1 + rng.below(4) {
                mutate(&mut s, corpus, rng);
            }
            s
        }
    }
}

fn mutate(s: &mut Vec<u8>, corpus: &[Vec<u8>], rng: &mut Rng) {
    let at = rng.below(s.len() + 1);
    match rng.below(7) {
        0 => {
            let c = ALPHABET[rng.below(ALPHABET.len())].as_bytes();
            s.splice(at..at, c.iter().copied());
        }
        1 if !s.is_empty() => {
            let end = (at + 1 + rng.below(8)).min(s.len());
            s.drain(at.min(end)..end);
        }
        2 if !s.is_empty() => {
            // Duplicate a range, maybe many times.
            let end = (at + 1 + rng.below(8)).min(s.len());
            let piece: Vec<u8> = s[at.min(end)..end].to_vec();
            let most = if rng.below(10) == 0 { 500 } else { 4 };
            for _ in 0..1 + rng.below(most) {
                s.splice(at..at, piece.iter().copied());
            }
        }
        3 if !s.is_empty() => {
            let i = rng.below(s.len());
            s[i] = rng.below(256) as u8;
        }
        4 => {
            // Splice in part of another sample.
            let other = &corpus[rng.below(corpus.len())];
            let from = rng.below(other.len() + 1);
            let to = (from + rng.below(64)).min(other.len());
            s.splice(at..at, other[from..to].iter().copied());
        }
        5 if !s.is_empty() => {
            let digits = rng.below(25);
            let n: String = (0..digits).map(|_| char::from(b'0' + rng.below(10) as u8)).collect();
            s.splice(at..at, n.into_bytes());
        }
        _ => s.truncate(at),
    }
}

struct Report {
    inputs: u64,
    total: Duration,
    slowest: Duration,
    slowest_input: Vec<u8>,
    panics: u64,
    first_panic: Option<Vec<u8>>,
}

fn run(target: &Target, inputs: u64, seed: u64) -> Report {
    let mut rng = Rng::new(seed);
    let mut r = Report {
        inputs: 0,
        total: Duration::ZERO,
        slowest: Duration::ZERO,
        slowest_input: Vec::new(),
        panics: 0,
        first_panic: None,
    };
    let start = Instant::now();
    let mut last_report = Instant::now();
    for i in 0..inputs {
        let b = input(&target.corpus, &mut rng);
        let t = Instant::now();
        let ok = catch_unwind(AssertUnwindSafe(|| (target.run)(&b))).is_ok();
        let took = t.elapsed();
        if !ok {
            r.panics += 1;
            r.first_panic.get_or_insert_with(|| b.clone());
        }
        if took > r.slowest {
            // Re-timed: the best of three, so only the input's own cost counts.
            let best = (0..3)
                .map(|_| {
                    let t = Instant::now();
                    let _ = catch_unwind(AssertUnwindSafe(|| (target.run)(&b)));
                    t.elapsed()
                })
                .min()
                .unwrap_or(took);
            if best > r.slowest {
                r.slowest = best;
                r.slowest_input = b;
            }
        }
        r.inputs = i + 1;
        if last_report.elapsed() > Duration::from_secs(60) {
            eprintln!("  {}: {} inputs, {:.0?}", target.name, r.inputs, start.elapsed());
            last_report = Instant::now();
        }
    }
    r.total = start.elapsed();
    r
}

fn prefix(b: &[u8]) -> String {
    let t = String::from_utf8_lossy(b);
    let cut: String = t.chars().take(60).collect();
    let more = if t.chars().count() > 60 { format!("… ({} bytes)", b.len()) } else { String::new() };
    format!("{cut:?}{more}")
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned();
    let inputs: u64 = arg("--inputs").and_then(|n| n.parse().ok()).unwrap_or(100_000);
    let seed: u64 = arg("--seed").and_then(|n| n.parse().ok()).unwrap_or(20);
    let which = arg("--target").unwrap_or_else(|| "all".into());
    // Panics are counted and reported, not printed one by one.
    std::panic::set_hook(Box::new(|_| {}));
    let mut rng = Rng::new(seed);
    let makers: Vec<(&str, Maker)> = vec![
        ("move", Box::new(move_target)),
        ("deploy", Box::new(deploy_target)),
        ("options", Box::new(|_| options_target())),
        ("duration", Box::new(|_| duration_target())),
        ("record", Box::new(record_target)),
        ("config", Box::new(|_| config_target())),
        ("line", Box::new(|_| line_target())),
    ];
    let mut failed = false;
    let mut ran = 0;
    for (name, make) in &makers {
        if which != "all" && which != *name {
            continue;
        }
        ran += 1;
        let target = make(&mut rng);
        // `--replay FILE`: time one input (a dumped one) alone, the best of 100 runs.
        if let Some(file) = arg("--replay") {
            let b = std::fs::read(&file).unwrap_or_default();
            let best = (0..100)
                .map(|_| {
                    let t = Instant::now();
                    let _ = catch_unwind(AssertUnwindSafe(|| (target.run)(&b)));
                    t.elapsed()
                })
                .min()
                .unwrap_or_default();
            println!("{name}: {file} ({} bytes) takes {best:.3?} (best of 100)", b.len());
            continue;
        }
        let r = run(&target, inputs, seed);
        let rate = r.inputs as f64 / r.total.as_secs_f64().max(1e-9);
        println!(
            "{name}: {} inputs in {:.1?} ({rate:.0}/s); slowest {:.3?} on {}; panics {}",
            r.inputs,
            r.total,
            r.slowest,
            prefix(&r.slowest_input),
            r.panics
        );
        if let Some(p) = &r.first_panic {
            println!("  first panic on {}", prefix(p));
        }
        // `--dump DIR`: the slowest input and the first panicking one as files, to replay by hand.
        if let Some(dir) = arg("--dump") {
            let _ = std::fs::create_dir_all(&dir);
            let _ = std::fs::write(format!("{dir}/{name}-slowest"), &r.slowest_input);
            if let Some(p) = &r.first_panic {
                let _ = std::fs::write(format!("{dir}/{name}-panic"), p);
            }
        }
        failed |= r.panics > 0 || r.slowest > LIMIT;
    }
    if ran == 0 {
        eprintln!("unknown target '{which}': use move, deploy, options, duration, record, config, line or all");
        std::process::exit(2);
    }
    if failed {
        std::process::exit(1);
    }
}
