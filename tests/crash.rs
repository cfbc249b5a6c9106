//! Crash test: the referee runs in a child process (`junqi-referee local`) fed moves for many
//! games through a pipe and is killed with SIGKILL at random moments, then restarted. Every move
//! the child acknowledged (printed its public announcement for) must be in the database, and
//! every game must replay to a consistent state. The games are of every catalogued kind, and the
//! test's model of each is the rules crate's game rebuilt from the store through the catalogue.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command as Proc, Stdio};
use std::sync::Arc;
use std::time::Duration;

use junqi_referee::referee::{Action, Command, DeploySource, Effect, ManualClock, Referee};
use junqi_referee::rules::Seat;
use junqi_referee::rules::contract::catalog::{self, GameDef, Start};
use junqi_referee::rules::contract::{AnyGame, Secret, SetupStyle};
use junqi_referee::rules::rng::Rng;
use junqi_referee::store::{self, Durability, Store};

/// Games of each catalogued kind.
const GAMES_PER_KIND: usize = 3;
const TARGET_MOVES: usize = 2000;
/// Who sits down, in order (the challenger first).
const PLAYERS: [&str; 4] = ["alice", "bob", "carol", "dave"];

/// A game as the test models it: the rules crate's game rebuilt from what the store holds, the
/// number of plies stored, and the players by seat.
struct Model {
    game: Box<dyn AnyGame>,
    stored: usize,
    users: Vec<String>,
}

/// Reads every game's start (deployments or deal) and move log from the database and rebuilds
/// each through the catalogue, as the rules crate plays it.
fn resync(rt: &tokio::runtime::Runtime, db: &std::path::Path, games: &[(i64, &GameDef)]) -> HashMap<i64, Model> {
    rt.block_on(async {
        let s = Store::open(db, Durability::Normal).await.unwrap();
        let mut c = s.conn().await.unwrap();
        let mut out = HashMap::new();
        for &(g, def) in games {
            let row = store::game_get(&mut c, g).await.unwrap().expect("the game row");
            let seats = def.kind.seating.counts[0];
            let mut start = Start::new(seats);
            start.options = row.rules.clone();
            start.first = Seat(u8::try_from(row.first_seat).unwrap());
            let mut deps = store::deployments_get(&mut c, g).await.unwrap();
            deps.sort_by_key(|d| d.seat);
            start.setups = deps.into_iter().map(|d| Secret::new(d.setup)).collect();
            if def.kind.setup == SetupStyle::Deal {
                let deal = store::flip::flip_get(&mut c, g).await.unwrap().expect("the deal");
                start.deal = Some(Secret::new(deal.deal));
            }
            let mut game = (def.start)(&start).unwrap_or_else(|e| panic!("game {g} ({}): {e}", def.name()));
            let events = store::events_of(&mut c, g).await.unwrap();
            for e in &events {
                assert_eq!(e.kind, "move");
                let seat = Seat(u8::try_from(e.seat.expect("a move's seat")).unwrap());
                game.play_text(seat, &e.body).expect("the stored log replays");
            }
            let users = (0..usize::from(seats)).map(|i| row.seats.user(i).expect("seated").to_string()).collect();
            out.insert(g, Model { game, stored: events.len(), users });
        }
        drop(c);
        s.close().await;
        out
    })
}

/// The game an answer speaks of.
fn game_of(effects: &[Effect]) -> Option<i64> {
    effects.iter().find_map(|e| match e {
        Effect::TimerSet { game, .. } | Effect::TimerCancel { game } | Effect::Render { game, .. } => Some(*game),
        Effect::Public { game, .. } | Effect::Private { game, .. } => *game,
    })
}

#[test]
fn acknowledged_moves_survive_sigkill() {
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let dir = std::env::temp_dir().join(format!("junqi-crash-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("crash.db");
    // Set up the games in-process: a few of every catalogued kind, opened by its name, seated,
    // deployed at random where the kind deploys.
    let games: Vec<(i64, &GameDef)> = rt.block_on(async {
        let s = Store::open(&db, Durability::Normal).await.unwrap();
        let r = Referee::new(s, Arc::new(ManualClock::new(1_795_996_800)));
        let mut n = 0;
        let mut ok = async |user: &str, action| {
            n += 1;
            let c = Command { user: user.into(), request: format!("setup-{n}"), server: String::new(), action };
            r.handle(c).await.unwrap()
        };
        let mut games = Vec::new();
        for def in catalog::all() {
            let kind = def.kind;
            // No draw for want of combat, where the kind has that rule: random games run longer.
            let rules = if (kind.settings)("", "quiet-limit=0").is_ok() { "quiet-limit=0" } else { "" };
            for _ in 0..GAMES_PER_KIND {
                let challenge = Action::Challenge {
                    opponent: None,
                    variant: kind.name.into(),
                    mode: kind.modes[0].key.into(),
                    rules: rules.into(),
                    time: "none".into(),
                };
                let g = game_of(&ok(PLAYERS[0], challenge).await).expect("the challenge names its game");
                let seats = usize::from(kind.seating.counts[0]);
                for (i, user) in PLAYERS.iter().enumerate().take(seats).skip(1) {
                    ok(user, if i == 1 { Action::Accept(g) } else { Action::Join { game: g, seat: None } }).await;
                }
                if kind.setup == SetupStyle::Deploy {
                    for user in PLAYERS.iter().take(seats) {
                        ok(user, Action::Deploy(g, DeploySource::Random)).await;
                    }
                }
                games.push((g, def));
            }
        }
        r.store().close().await;
        games
    });

    let mut rng = Rng::new(7);
    let mut acked: HashMap<i64, usize> = HashMap::new();
    let mut kills = 0;
    loop {
        let mut model = resync(&rt, &db, &games);
        for (g, n) in &acked {
            let stored = model[g].stored;
            assert!(stored >= *n, "game {g}: {n} moves acknowledged but only {stored} stored");
        }
        let stored: usize = model.values().map(|m| m.stored).sum();
        let live: Vec<i64> = games.iter().map(|&(g, _)| g).filter(|g| model[g].game.over().is_none()).collect();
        if stored >= TARGET_MOVES || live.is_empty() {
            break;
        }
        // Plan moves from the stored state: a few rounds over all live games.
        let mut script = String::new();
        for _ in 0..40 {
            for &g in &live {
                let m = model.get_mut(&g).unwrap();
                let seat = m.game.to_move();
                let legal = m.game.legal_tokens(seat);
                if legal.is_empty() {
                    continue;
                }
                let token = &legal[rng.below(legal.len())];
                script.push_str(&format!("{}: move {g} {token}\n", m.users[seat.index()]));
                m.game.play_text(seat, token).unwrap();
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
        for &(g, def) in &games {
            let ply = r.picture(g, None).await.unwrap().expect("a game in play or over").0.ply;
            let acked = acked.get(&g).copied().unwrap_or(0);
            assert!(ply as usize >= acked, "game {g} ({}): ply {ply}, {acked} acknowledged", def.name());
        }
        r.store().close().await;
    });
    let total: usize = acked.values().sum();
    eprintln!("crash test: {kills} SIGKILLs, {total} moves acknowledged, all present and replayed");
    for def in catalog::all() {
        let of_kind: usize =
            games.iter().filter(|(_, d)| d.name() == def.name()).map(|(g, _)| acked.get(g).copied().unwrap_or(0)).sum();
        eprintln!("  {}: {of_kind} moves acknowledged", def.name());
        assert!(of_kind > 0, "no move of {} was acknowledged", def.name());
    }
    assert!(kills >= 3, "the child was killed {kills} times");
    assert!(total >= TARGET_MOVES / 2, "only {total} moves acknowledged");
    let _ = std::fs::remove_dir_all(&dir);
}
