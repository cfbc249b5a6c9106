//! Crash test: the referee runs in a child process (`junqi-referee local`) fed moves for many
//! games through a pipe and is killed with SIGKILL at random moments, then restarted. Every move
//! the child acknowledged (printed its public announcement for) must be in the database, and
//! every game must replay to a consistent state.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command as Proc, Stdio};
use std::sync::Arc;
use std::time::Duration;

use junqi_referee::referee::{Action, Command, DeploySource, ManualClock, Referee};
use junqi_referee::rules::notation::{format_move, parse_move};
use junqi_referee::rules::rng::Rng;
use junqi_referee::rules::{Game, RuleOptions, Seat, Setup, Variant};
use junqi_referee::store::{self, Durability, Store};

const GAMES: i64 = 12;
const TARGET_MOVES: usize = 2000;
const RED: &str = "ghahg fbf ccdd eke ikigh jljij";
const BLUE: &str = "ghhgf eie ddcc kik jghfj jliba";

fn fresh_game() -> Game {
    let v = Variant::junqi();
    let r = Setup::parse(v, RED).unwrap().validate(v, Seat::RED).unwrap();
    let b = Setup::parse(v, BLUE).unwrap().validate(v, Seat::BLUE).unwrap();
    Game::new(v, RuleOptions::parse("quiet-limit=0").unwrap(), &[r, b], Seat::RED)
}

/// Reads every game's move log from the database and rebuilds the model from it.
fn resync(rt: &tokio::runtime::Runtime, db: &std::path::Path) -> HashMap<i64, (Game, usize)> {
    rt.block_on(async {
        let s = Store::open(db, Durability::Normal).await.unwrap();
        let mut c = s.conn().await.unwrap();
        let mut out = HashMap::new();
        for g in 1..=GAMES {
            let mut game = fresh_game();
            let events = store::events_of(&mut c, g).await.unwrap();
            for e in &events {
                assert_eq!(e.kind, "move");
                let mv = parse_move(&game.variant().board, &e.body).unwrap();
                game.play(mv).expect("the stored log replays");
            }
            out.insert(g, (game, events.len()));
        }
        drop(c);
        s.close().await;
        out
    })
}

#[test]
fn acknowledged_moves_survive_sigkill() {
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let dir = std::env::temp_dir().join(format!("junqi-crash-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("crash.db");
    // Set up the games in-process.
    rt.block_on(async {
        let s = Store::open(&db, Durability::Normal).await.unwrap();
        let r = Referee::new(s, Arc::new(ManualClock::new(1_795_996_800)));
        for g in 1..=GAMES {
            let c = |user: &str, req: String, action| Command {
                user: user.into(),
                request: req,
                server: String::new(),
                action,
            };
            let challenge = Action::Challenge {
                opponent: Some("bob".into()),
                variant: "junqi".into(),
                mode: "dark".into(),
                rules: "quiet-limit=0".into(),
                time: "none".into(),
            };
            r.handle(c("alice", format!("c{g}"), challenge)).await.unwrap();
            r.handle(c("bob", format!("a{g}"), Action::Accept(g))).await.unwrap();
            r.handle(c("alice", format!("r{g}"), Action::Deploy(g, DeploySource::Text(RED.into())))).await.unwrap();
            r.handle(c("bob", format!("b{g}"), Action::Deploy(g, DeploySource::Text(BLUE.into())))).await.unwrap();
        }
        r.store().close().await;
    });

    let mut rng = Rng::new(7);
    let mut acked: HashMap<i64, usize> = HashMap::new();
    let mut kills = 0;
    loop {
        let model = resync(&rt, &db);
        for (g, n) in &acked {
            assert!(model[g].1 >= *n, "game {g}: {n} moves acknowledged but only {} stored", model[g].1);
        }
        let stored: usize = model.values().map(|(_, n)| n).sum();
        let live: Vec<i64> = (1..=GAMES).filter(|g| model[g].0.over().is_none()).collect();
        if stored >= TARGET_MOVES || live.is_empty() {
            break;
        }
        // Plan moves from the stored state: a few rounds over all live games.
        let mut model = model;
        let mut script = String::new();
        for _ in 0..40 {
            for &g in &live {
                let game = &mut model.get_mut(&g).unwrap().0;
                let legal = game.legal_moves();
                if legal.is_empty() {
                    continue;
                }
                let mv = legal[rng.below(legal.len())];
                let user = if game.to_move() == Seat::RED { "alice" } else { "bob" };
                script.push_str(&format!("{user}: move {g} {}\n", format_move(&game.variant().board, mv)));
                game.play(mv).unwrap();
            }
        }
        let mut child = Proc::new(env!("CARGO_BIN_EXE_junqi-referee"))
            .args(["local", "--no-images", "--db"])
            .arg(&db)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn the referee");
        let mut stdin = child.stdin.take().unwrap();
        let writer = std::thread::spawn(move || {
            // The pipe breaks when the child is killed: that is expected.
            let _ = stdin.write_all(script.as_bytes());
        });
        let delay = Duration::from_millis(30 + rng.below(400) as u64);
        let stdout = child.stdout.take().unwrap();
        let reader = std::thread::spawn(move || {
            let mut seen = Vec::new();
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                // "[public] #G ply N: …" acknowledges the N-th move of game G.
                if let Some(rest) = line.strip_prefix("[public] #")
                    && let Some((g, tail)) = rest.split_once(" ply ")
                    && let Some((n, _)) = tail.split_once(':')
                    && let (Ok(g), Ok(n)) = (g.parse::<i64>(), n.parse::<usize>())
                {
                    seen.push((g, n));
                }
            }
            seen
        });
        std::thread::sleep(delay);
        // Child::kill sends SIGKILL on Unix, to this (not yet reaped) child only.
        let _ = child.kill();
        let _ = child.wait();
        for (g, n) in reader.join().unwrap() {
            let e = acked.entry(g).or_default();
            *e = (*e).max(n);
        }
        writer.join().unwrap();
        kills += 1;
    }
    // Every game replays through a fresh referee to the stored state.
    rt.block_on(async {
        let s = Store::open(&db, Durability::Normal).await.unwrap();
        let (r, _) = Referee::start(s, Arc::new(ManualClock::new(1_795_996_800))).await.unwrap();
        for g in 1..=GAMES {
            let view = r.view(g, None).await.unwrap();
            assert!(view.ply as usize >= acked.get(&g).copied().unwrap_or(0));
        }
        r.store().close().await;
    });
    let total: usize = acked.values().sum();
    eprintln!("crash test: {kills} SIGKILLs, {total} moves acknowledged, all present and replayed");
    assert!(kills >= 3, "the child was killed {kills} times");
    assert!(total >= TARGET_MOVES / 2, "only {total} moves acknowledged");
    let _ = std::fs::remove_dir_all(&dir);
}
