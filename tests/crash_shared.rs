//! Several referee processes, one PostgreSQL database (issue 18's proof): three `junqi-referee
//! local` processes on one schema, 64 client threads playing 200 games whose moves go to any
//! process (each move to a process picked at random), one process killed with SIGKILL in the
//! middle and started again. Afterwards: every acknowledged move is stored, none twice (each
//! game's stored log is exactly the moves its client had acknowledged, in order), every game
//! replays to its stored state, and each deadline that fell due as the processes started (they
//! all apply missed deadlines at once) or while they ran was applied once and announced once.
//! PostgreSQL only (`JUNQI_TEST_POSTGRES`, which `.ci/run` sets).

use std::collections::{HashMap, HashSet};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command as Proc, Stdio};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use junqi_referee::referee::{Action, Clock, Command, DeploySource, ManualClock, Referee, SystemClock};
use junqi_referee::rules::contract::catalog::{self, GameDef};
use junqi_referee::rules::rng::Rng;
use junqi_referee::store::{self, Durability, Store};
use sqlx::{Connection, Executor};

use crate::crash::{Model, game_of, keyed, resync};

const PROCESSES: usize = 3;
const CLIENTS: usize = 64;
const GAMES: usize = 200;
/// Of the games, those whose 10-minute move deadline is long past when the processes start.
const EXPIRED: usize = 20;
/// Of the games, those whose 30-second move deadline falls due two seconds after they are set
/// up, while the processes run and apply deadlines between commands.
const DUE_LATER: usize = 10;
/// Moves each client plays in each of its games (fewer if a game ends first).
const MOVES_PER_GAME: usize = 12;
/// How long a client waits for its move's acknowledgement before sending it again elsewhere.
const RETRY_AFTER: Duration = Duration::from_secs(5);

/// One referee process: its stdin, and the number of acknowledgements it printed.
struct Process {
    child: Child,
    stdin: Arc<Mutex<Option<ChildStdin>>>,
    acks: Arc<Mutex<usize>>,
}

/// What the processes printed, shared: acknowledged moves, and every keyed line (for the
/// deadline check).
#[derive(Default)]
struct Seen {
    /// (game, ply) → moves printed as played.
    moves: HashSet<(i64, usize)>,
    /// (game, ply) → clients waiting for it.
    waiting: HashMap<(i64, usize), mpsc::Sender<()>>,
    /// (delivery key, line) of every keyed line printed.
    keyed: HashSet<(String, String)>,
}

fn spawn(url: &str, seen: &Arc<Mutex<Seen>>) -> Process {
    let mut child = Proc::new(env!("CARGO_BIN_EXE_junqi-referee"))
        .args(["local", "--no-images", "--delivery-keys", "--db", url])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn a referee process");
    let stdout = child.stdout.take().unwrap();
    let acks = Arc::new(Mutex::new(0));
    let (seen, count) = (seen.clone(), acks.clone());
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            let Some((key, rest)) = keyed(&line) else { continue };
            let mut s = seen.lock().unwrap();
            s.keyed.insert((key.to_string(), rest.to_string()));
            // "[public] #G ply N: …" says the N-th move of game G is committed.
            if let Some(tail) = rest.strip_prefix("[public] #")
                && let Some((g, tail)) = tail.split_once(" ply ")
                && let Some((n, _)) = tail.split_once(':')
                && let (Ok(g), Ok(n)) = (g.parse::<i64>(), n.parse::<usize>())
            {
                s.moves.insert((g, n));
                *count.lock().unwrap() += 1;
                if let Some(tx) = s.waiting.remove(&(g, n)) {
                    let _ = tx.send(());
                }
            }
        }
    });
    Process { stdin: Arc::new(Mutex::new(child.stdin.take())), child, acks }
}

/// Sets up the games on a fresh schema, numbered in this order: `EXPIRED` with a 10-minute
/// clock started at a manual time long past (due at once by the system's clock), `DUE_LATER`
/// with a 30-second clock started 28 seconds ago, and the rest without a clock.
fn set_up(rt: &tokio::runtime::Runtime, url: &str) -> Vec<(i64, &'static GameDef)> {
    rt.block_on(async {
        let s = Store::open(std::path::Path::new(url), Durability::Normal).await.unwrap();
        let past = ManualClock::new(1_795_996_800);
        let lately = ManualClock::new(SystemClock.now() - 28);
        let def = catalog::find("junqi").expect("junqi is catalogued");
        let mut out = Vec::new();
        for n in 0..GAMES {
            let clock = if (EXPIRED..EXPIRED + DUE_LATER).contains(&n) { lately.clone() } else { past.clone() };
            let r = Referee::new(s.clone(), Arc::new(clock));
            let ok = async |user: &str, request: String, action| {
                let c = Command { user: user.into(), request, server: String::new(), action };
                r.handle(c).await.unwrap()
            };
            let time = match n {
                n if n < EXPIRED => "10m",
                n if n < EXPIRED + DUE_LATER => "30s",
                _ => "none",
            };
            let challenge = Action::Challenge {
                opponent: Some("bob".into()),
                variant: "junqi".into(),
                mode: "dark".into(),
                rules: "quiet-limit=0".into(),
                time: time.into(),
            };
            let g = game_of(&ok("alice", format!("c{n}"), challenge).await).expect("a game");
            ok("bob", format!("a{n}"), Action::Accept(g)).await;
            ok("alice", format!("d{n}"), Action::Deploy(g, DeploySource::Random)).await;
            ok("bob", format!("d{n}"), Action::Deploy(g, DeploySource::Random)).await;
            out.push((g, def));
        }
        s.close().await;
        out
    })
}

#[test]
fn three_processes_one_killed_no_move_lost_or_doubled_each_deadline_once() {
    let Some(base) = std::env::var("JUNQI_TEST_POSTGRES").ok().filter(|u| !u.trim().is_empty()) else {
        eprintln!("JUNQI_TEST_POSTGRES is not set: the multi-process test needs PostgreSQL (.ci/run sets it)");
        return;
    };
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let schema = format!("procs_{}", std::process::id());
    rt.block_on(async {
        let mut admin = sqlx::PgConnection::connect(&base).await.unwrap();
        admin.execute(sqlx::AssertSqlSafe(format!("DROP SCHEMA IF EXISTS {schema} CASCADE"))).await.unwrap();
        admin.execute(sqlx::AssertSqlSafe(format!("CREATE SCHEMA {schema}"))).await.unwrap();
    });
    let sep = if base.contains('?') { '&' } else { '?' };
    let url = format!("{base}{sep}options[search_path]={schema}");
    let games = set_up(&rt, &url);
    let (due, playing) = games.split_at(EXPIRED + DUE_LATER);
    let (due, playing) = (due.to_vec(), playing.to_vec());
    let run_began = SystemClock.now();

    // The models of the games the clients play, from the store; then the processes, all at once
    // (each applies the missed deadlines as it starts).
    let models = resync(&rt, std::path::Path::new(&url), &playing);
    let seen = Arc::new(Mutex::new(Seen::default()));
    let procs: Arc<Mutex<Vec<Process>>> = Arc::new(Mutex::new((0..PROCESSES).map(|_| spawn(&url, &seen)).collect()));

    // Each client plays its share of the games, move by move, each move sent to a process
    // chosen at random and sent again (same request id) to another if no acknowledgement comes.
    let mut shares: Vec<Vec<(i64, Model)>> = (0..CLIENTS).map(|_| Vec::new()).collect();
    for (i, (g, m)) in models.into_iter().enumerate() {
        shares[i % CLIENTS].push((g, m));
    }
    let started = Instant::now();
    let resent = Arc::new(Mutex::new(0usize));
    let clients: Vec<_> = shares
        .into_iter()
        .enumerate()
        .map(|(c, mut share)| {
            let (procs, seen, resent) = (procs.clone(), seen.clone(), resent.clone());
            std::thread::spawn(move || {
                let mut rng = Rng::new(1000 + c as u64);
                let mut played: HashMap<i64, Vec<String>> = HashMap::new();
                for _ in 0..MOVES_PER_GAME {
                    for (g, m) in share.iter_mut() {
                        if m.game.over().is_some() {
                            continue;
                        }
                        let seat = m.game.to_move();
                        let legal = m.game.legal_tokens(seat);
                        let token = legal[rng.below(legal.len())].clone();
                        let ply = m.stored + 1;
                        let line = format!("{}#m{g}-{ply}: move {g} {token}\n", m.users[seat.index()]);
                        let (tx, rx) = mpsc::channel();
                        {
                            let mut s = seen.lock().unwrap();
                            if !s.moves.contains(&(*g, ply)) {
                                s.waiting.insert((*g, ply), tx);
                            } else {
                                let _ = tx.send(());
                            }
                        }
                        let mut tries = 0;
                        loop {
                            let stdin = {
                                let p = procs.lock().unwrap();
                                p[rng.below(p.len())].stdin.clone()
                            };
                            if let Some(w) = stdin.lock().unwrap().as_mut() {
                                let _ = w.write_all(line.as_bytes()).and_then(|_| w.flush());
                            }
                            if rx.recv_timeout(RETRY_AFTER).is_ok() {
                                break;
                            }
                            tries += 1;
                            *resent.lock().unwrap() += 1;
                            assert!(tries < 10, "game {g} ply {ply}: no process acknowledged {line:?}");
                        }
                        m.game.play_text(seat, &token).unwrap();
                        m.stored = ply;
                        played.entry(*g).or_default().push(token);
                    }
                }
                played
            })
        })
        .collect();

    // One process is killed (SIGKILL) once the run is well under way, and started again.
    let acked_before_kill = loop {
        std::thread::sleep(Duration::from_millis(20));
        let n = seen.lock().unwrap().moves.len();
        if n >= playing.len() * MOVES_PER_GAME / 3 {
            break n;
        }
        assert!(started.elapsed() < Duration::from_secs(120), "only {n} moves acknowledged in two minutes");
    };
    {
        let mut p = procs.lock().unwrap();
        let victim = &mut p[1];
        // Its stdin closed first so no client writes into a dead pipe's buffer unnoticed.
        *victim.stdin.lock().unwrap() = None;
        let _ = victim.child.kill();
        let _ = victim.child.wait();
    }
    std::thread::sleep(Duration::from_millis(200));
    let restarted = spawn(&url, &seen);
    let killed_acks = {
        let mut p = procs.lock().unwrap();
        let old = std::mem::replace(&mut p[1], restarted);
        *old.acks.lock().unwrap()
    };
    let played: HashMap<i64, Vec<String>> = clients.into_iter().flat_map(|c| c.join().unwrap()).collect();
    let elapsed = started.elapsed();
    let acks: Vec<usize> = procs.lock().unwrap().iter().map(|p| *p.acks.lock().unwrap()).collect();
    for p in procs.lock().unwrap().iter_mut() {
        *p.stdin.lock().unwrap() = None;
        let _ = p.child.wait();
    }

    // Every game's stored log is exactly its client's acknowledged moves: none lost, none twice.
    let total: usize = played.values().map(Vec::len).sum();
    rt.block_on(async {
        let s = Store::open(std::path::Path::new(&url), Durability::Normal).await.unwrap();
        let mut c = s.conn().await.unwrap();
        for &(g, _) in &playing {
            let stored: Vec<String> = store::events_of(&mut c, g).await.unwrap().into_iter().map(|e| e.body).collect();
            let mine = played.get(&g).cloned().unwrap_or_default();
            assert_eq!(stored, mine, "game {g}: the stored log is not the acknowledged moves");
        }
        // The games that were due: each ended by one timeout, no move after it; those due later
        // while the processes ran.
        for &(g, _) in &due {
            let row = store::game_get(&mut c, g).await.unwrap().unwrap();
            assert!(row.result.is_some(), "game {g} was due and is still in play");
            let events = store::events_of(&mut c, g).await.unwrap();
            let kinds: Vec<&str> = events.iter().map(|e| e.kind.as_str()).collect();
            assert_eq!(kinds, ["timeout"], "game {g}: the deadline applied once, nothing else");
            if g > EXPIRED as i64 {
                assert!(events[0].at >= run_began, "game {g}: applied at {}, before the run", events[0].at);
            }
        }
        drop(c);
        s.close().await;
    });
    // Every game replays through the rules to its stored state.
    let _ = resync(&rt, std::path::Path::new(&url), &playing);
    // Each timeout announced once (a repeated delivery key is one announcement delivered twice).
    let seen = seen.lock().unwrap();
    for g in 1..=EXPIRED + DUE_LATER {
        let over = format!("[public] Game #{g} is over: Blue (bob) wins — time ran out.");
        let keys: HashSet<&str> = seen.keyed.iter().filter(|(_, l)| *l == over).map(|(k, _)| k.as_str()).collect();
        assert_eq!(keys.len(), 1, "game {g}: announced under {keys:?}");
    }
    eprintln!(
        "{PROCESSES} processes on PostgreSQL, {CLIENTS} clients, {GAMES} games: {total} moves acknowledged in {elapsed:.1?} \
         ({:.0}/s), per process {acks:?} (+{killed_acks} by the one killed after {acked_before_kill} acknowledged), \
         {} moves sent again, {EXPIRED} deadlines due at start and {DUE_LATER} during the run applied once",
        total as f64 / elapsed.as_secs_f64(),
        *resent.lock().unwrap()
    );
    assert!(acks.iter().all(|&n| n > 0) && killed_acks > 0, "every process served moves: {acks:?}, {killed_acks}");
    assert!(total >= playing.len() * MOVES_PER_GAME * 9 / 10, "only {total} moves played");
    rt.block_on(async {
        let mut admin = sqlx::PgConnection::connect(&base).await.unwrap();
        admin.execute(sqlx::AssertSqlSafe(format!("DROP SCHEMA {schema} CASCADE"))).await.unwrap();
    });
}
