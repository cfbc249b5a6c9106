//! Referee benchmarks (run with `cargo bench --bench referee`):
//! - `move_round_1000_games`: one move in each of 1,000 live games, all submitted concurrently;
//!   each command is committed (WAL, synchronous=NORMAL; group commit) before its effects return.
//!   Two passes first print moves per second and per-command latency (p50, p99, max): all 1,000
//!   at once (latency includes queueing), and one command at a time (the latency goal).
//! - `startup_10000_live_games`: opening the store and starting the referee (applying due
//!   deadlines) with 10,000 live games until it serves its first command.
//! - resident memory with 10,000 live games rebuilt and cached, printed once.
//! - with `JUNQI_BENCH_POSTGRES` set to a PostgreSQL URL, the two passes of the first on
//!   PostgreSQL too, one more with three referees sharing that database in this process, and
//!   one with three real processes (`junqi-referee local`) sharing it (issue 18).

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group};
use junqi_referee::referee::{Action, Command, DeploySource, ManualClock, Referee};
use junqi_referee::store::{Durability, Store};

const RED: &str = "ghahg fbf ccdd eke ikigh jljij";
const BLUE: &str = "ghhgf eie ddcc kik jghfj jliba";
/// A shuttle that is always legal with the layouts above: Red a5↔b5, Blue b7↔b8.
const SHUTTLE: [&str; 4] = ["a5-b5", "b7-b8", "b5-a5", "b8-b7"];

fn db_path(tag: &str) -> PathBuf {
    let p = std::env::temp_dir().join(format!("junqi-bench-{tag}-{}.db", std::process::id()));
    for s in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{s}", p.display()));
    }
    p
}

fn cmd(user: &str, request: String, action: Action) -> Command {
    Command { user: user.into(), request, server: String::new(), action }
}

/// Creates `n` games in play (no time control, no quiet limit so the shuttle never ends them).
async fn setup_games(referee: &Referee, n: i64) {
    for g in 1..=n {
        let steps = [
            cmd(
                "alice",
                format!("c{g}"),
                Action::Challenge {
                    opponent: Some("bob".into()),
                    variant: "junqi".into(),
                    mode: "dark".into(),
                    rules: "quiet-limit=0".into(),
                    time: "none".into(),
                },
            ),
            cmd("bob", format!("a{g}"), Action::Accept(g)),
            cmd("alice", format!("r{g}"), Action::Deploy(g, DeploySource::Text(RED.into()))),
            cmd("bob", format!("b{g}"), Action::Deploy(g, DeploySource::Text(BLUE.into()))),
        ];
        for c in steps {
            referee.handle(c).await.expect("setup command");
        }
    }
}

/// Games 1..=n played through one or more referees sharing a database: game `g` goes to referee
/// `g % referees` (several processes, each with its share of the games).
struct Bench {
    referees: Vec<Arc<Referee>>,
    ply: usize,
}

impl Bench {
    /// One move in every game, one command at a time: the latency of a command with no queue.
    async fn round_sequential(&mut self, games: i64) -> Vec<Duration> {
        let mv = SHUTTLE[self.ply % 4];
        let user = if self.ply.is_multiple_of(2) { "alice" } else { "bob" };
        let ply = self.ply;
        self.ply += 1;
        let mut out = Vec::with_capacity(games as usize);
        for g in 1..=games {
            let t = Instant::now();
            self.referees[g as usize % self.referees.len()]
                .handle(cmd(user, format!("m{g}-{ply}"), Action::Move(g, mv.into())))
                .await
                .expect("legal move");
            out.push(t.elapsed());
        }
        out
    }

    /// One move in every game, concurrently; returns each command's latency.
    async fn round(&mut self, games: i64) -> Vec<Duration> {
        let mv = SHUTTLE[self.ply % 4];
        let user = if self.ply.is_multiple_of(2) { "alice" } else { "bob" };
        let ply = self.ply;
        self.ply += 1;
        let mut tasks = Vec::with_capacity(games as usize);
        for g in 1..=games {
            let r = self.referees[g as usize % self.referees.len()].clone();
            tasks.push(tokio::spawn(async move {
                let t = Instant::now();
                r.handle(cmd(user, format!("m{g}-{ply}"), Action::Move(g, mv.into()))).await.expect("legal move");
                t.elapsed()
            }));
        }
        let mut out = Vec::with_capacity(tasks.len());
        for t in tasks {
            out.push(t.await.expect("task"));
        }
        out
    }
}

/// Prints throughput and latency percentiles of a run in one line.
fn report(what: &str, lat: &mut [Duration], took: Duration) {
    lat.sort();
    let pct = |p: f64| lat[((lat.len() as f64 * p) as usize).min(lat.len() - 1)];
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    eprintln!(
        "referee: {what}: {} moves in {:.2} s = {:.0} moves/s; latency p50 {:.3} ms, p99 {:.3} ms, max {:.3} ms",
        lat.len(),
        took.as_secs_f64(),
        lat.len() as f64 / took.as_secs_f64(),
        ms(pct(0.50)),
        ms(pct(0.99)),
        ms(lat[lat.len() - 1]),
    );
}

/// A PostgreSQL database for the same passes (issue 18's benchmark beside SQLite): a URL.
const POSTGRES_VAR: &str = "JUNQI_BENCH_POSTGRES";

/// The SQLite passes on PostgreSQL, in a schema of their own: one referee, then three referees
/// sharing the database (each with a third of the games, as three processes would be).
fn postgres(rt: &tokio::runtime::Runtime, url: &str) {
    use sqlx::{Connection, Executor};
    let schema = format!("junqi_bench_{}", std::process::id());
    let admin = |sql: String| {
        rt.block_on(async {
            sqlx::any::install_default_drivers();
            let mut c = sqlx::AnyConnection::connect(url).await.expect("JUNQI_BENCH_POSTGRES connects");
            c.execute(sqlx::AssertSqlSafe(sql)).await.expect("schema statement");
            c.close().await.unwrap();
        })
    };
    admin(format!("CREATE SCHEMA {schema}"));
    let sep = if url.contains('?') { '&' } else { '?' };
    let schema_url = format!("{url}{sep}options[search_path]={schema}");
    let open = || async {
        Referee::new(
            Store::open_url(&schema_url, Durability::Normal).await.unwrap(),
            Arc::new(ManualClock::new(1_795_996_800)),
        )
    };
    let mut bench = rt.block_on(async {
        let referee = open().await;
        setup_games(&referee, 1000).await;
        Bench { referees: vec![Arc::new(referee)], ply: 0 }
    });
    let (mut lat, start) = (Vec::new(), Instant::now());
    for _ in 0..10 {
        lat.extend(rt.block_on(bench.round(1000)));
    }
    report("postgres: one move in each of 1,000 games, all at once", &mut lat, start.elapsed());
    let (mut lat, start) = (Vec::new(), Instant::now());
    for _ in 0..2 {
        lat.extend(rt.block_on(bench.round_sequential(1000)));
    }
    report("postgres: one command at a time across 1,000 games", &mut lat, start.elapsed());
    // Three referees on the same database, each holding the games it is sent.
    let more: Vec<Arc<Referee>> = rt.block_on(async {
        let mut v = Vec::new();
        for _ in 0..2 {
            v.push(Arc::new(open().await));
        }
        v
    });
    bench.referees.extend(more);
    let (mut lat, start) = (Vec::new(), Instant::now());
    for _ in 0..10 {
        lat.extend(rt.block_on(bench.round(1000)));
    }
    report("postgres: three referees sharing the database, 1,000 games, all at once", &mut lat, start.elapsed());
    for r in &bench.referees {
        rt.block_on(r.store().close());
    }
    let ply = worker_processes(&schema_url, bench.ply, 1000, 10);
    processes(&schema_url, ply, 1000, 4);
    admin(format!("DROP SCHEMA {schema} CASCADE"));
}

/// The variable that makes this benchmark binary a worker process of [`worker_processes`]:
/// `URL|PROCESS|PROCESSES|GAMES|ROUNDS|FROM_PLY`.
const WORKER_VAR: &str = "JUNQI_BENCH_WORKER";

/// Three processes (this binary again, as [`worker`]s) on the database at `url`, each a referee
/// with its own connections and cache, as bot processes are: game `g` goes to process `g % 3`,
/// each process submits one move in every game of its share at once, `rounds` times, from ply
/// `from`. Prints moves per second over all processes (from a common start signal) and the p99
/// latency; returns the next ply.
fn worker_processes(url: &str, from: usize, games: i64, rounds: usize) -> usize {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command as Proc, Stdio};
    const PROCESSES: usize = 3;
    let mut children: Vec<_> = (0..PROCESSES)
        .map(|p| {
            Proc::new(std::env::current_exe().expect("the bench binary"))
                .env(WORKER_VAR, format!("{url}|{p}|{PROCESSES}|{games}|{rounds}|{from}"))
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::inherit())
                .spawn()
                .expect("spawn a worker")
        })
        .collect();
    let mut outs: Vec<_> = children.iter_mut().map(|c| BufReader::new(c.stdout.take().unwrap()).lines()).collect();
    // Each worker says "ready" once its referee is open; then all start at once.
    for o in &mut outs {
        assert_eq!(o.next().expect("a worker line").unwrap(), "ready");
    }
    let start = Instant::now();
    for c in &mut children {
        c.stdin.take().unwrap().write_all(b"go\n").unwrap();
    }
    let mut lat = Vec::new();
    for o in &mut outs {
        for line in o.by_ref().map_while(Result::ok) {
            lat.extend(line.split(' ').filter_map(|n| n.parse::<u64>().ok()).map(Duration::from_micros));
        }
    }
    let took = start.elapsed();
    for mut c in children {
        assert!(c.wait().unwrap().success(), "a worker failed");
    }
    assert_eq!(lat.len(), games as usize * rounds, "every move answered");
    report("postgres: three processes sharing the database, 1,000 games, all at once", &mut lat, took);
    from + rounds
}

/// A worker process of [`worker_processes`]: opens the referee, says `ready`, waits for `go`,
/// plays its rounds, prints each move's latency in microseconds (space-separated), exits.
fn worker(spec: &str) {
    let parts: Vec<&str> = spec.split('|').collect();
    let [url, p, n, games, rounds, from] = parts[..] else { panic!("bad {WORKER_VAR}: {spec}") };
    let (p, n, games, rounds, from): (usize, usize, i64, usize, usize) = (
        p.parse().unwrap(),
        n.parse().unwrap(),
        games.parse().unwrap(),
        rounds.parse().unwrap(),
        from.parse().unwrap(),
    );
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let referee = rt.block_on(async {
        Arc::new(Referee::new(
            Store::open_url(url, Durability::Normal).await.unwrap(),
            Arc::new(ManualClock::new(1_795_996_800)),
        ))
    });
    println!("ready");
    let mut go = String::new();
    std::io::stdin().read_line(&mut go).unwrap();
    let mine: Vec<i64> = (1..=games).filter(|g| *g as usize % n == p).collect();
    let mut out = String::new();
    for ply in from..from + rounds {
        let (mv, user) = (SHUTTLE[ply % 4], if ply.is_multiple_of(2) { "alice" } else { "bob" });
        let lat: Vec<Duration> = rt.block_on(async {
            let tasks: Vec<_> = mine
                .iter()
                .map(|&g| {
                    let r = referee.clone();
                    tokio::spawn(async move {
                        let t = Instant::now();
                        r.handle(cmd(user, format!("w{g}-{ply}"), Action::Move(g, mv.into())))
                            .await
                            .expect("legal move");
                        t.elapsed()
                    })
                })
                .collect();
            let mut v = Vec::new();
            for t in tasks {
                v.push(t.await.unwrap());
            }
            v
        });
        for l in lat {
            out.push_str(&format!("{} ", l.as_micros()));
        }
    }
    println!("{}", out.trim_end());
    rt.block_on(referee.store().close());
}

/// Three `junqi-referee local` processes on the database at `url` (real processes, each with its
/// own connections, cache and group commit): game `g` goes to process `g % 3`, `rounds` moves
/// per game from ply `from`, each process's commands written at once to its standard input
/// (pipelined, as a busy shard's commands queue). Prints moves per second over all processes, and
/// the time each command took: between two acknowledgements of one process, which handles
/// commands one at a time.
fn processes(url: &str, from: usize, games: i64, rounds: usize) {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command as Proc, Stdio};
    const PROCESSES: i64 = 3;
    let mut children = Vec::new();
    let mut readers = Vec::new();
    let start = Instant::now();
    for p in 0..PROCESSES {
        let mut child = Proc::new(env!("CARGO_BIN_EXE_junqi-referee"))
            .args(["local", "--no-images", "--db", url])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("spawn junqi-referee local");
        let mut script = String::new();
        for ply in from..from + rounds {
            let (mv, user) = (SHUTTLE[ply % 4], if ply.is_multiple_of(2) { "alice" } else { "bob" });
            for g in (1..=games).filter(|g| g % PROCESSES == p) {
                script.push_str(&format!("{user}#p{g}-{ply}: move {g} {mv}\n"));
            }
        }
        let expected = script.lines().count();
        let mut stdin = child.stdin.take().unwrap();
        std::thread::spawn(move || stdin.write_all(script.as_bytes()));
        let stdout = child.stdout.take().unwrap();
        readers.push(std::thread::spawn(move || {
            // "[public] #G ply N: …" acknowledges a move: committed, then printed.
            let mut at = Vec::with_capacity(expected);
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if line.starts_with("[public] #") && line.contains(" ply ") {
                    at.push(Instant::now());
                    if at.len() == expected {
                        break;
                    }
                }
            }
            at
        }));
        children.push(child);
    }
    let acks: Vec<Vec<Instant>> = readers.into_iter().map(|r| r.join().unwrap()).collect();
    let took = acks.iter().filter_map(|a| a.last()).max().map_or(start.elapsed(), |t| *t - start);
    let mut lat: Vec<Duration> = acks.iter().flat_map(|a| a.windows(2).map(|w| w[1] - w[0])).collect();
    let moves: usize = acks.iter().map(Vec::len).sum();
    assert_eq!(moves, games as usize * rounds, "every move acknowledged");
    for mut c in children {
        let _ = c.kill();
        let _ = c.wait();
    }
    lat.sort();
    let ms = |p: f64| lat[((lat.len() as f64 * p) as usize).min(lat.len() - 1)].as_secs_f64() * 1e3;
    eprintln!(
        "referee: postgres: three processes (junqi-referee local), {games} games, {rounds} moves each: {moves} moves in {:.2} s \
         = {:.0} moves/s (their start included); a command's own time p50 {:.3} ms, p99 {:.3} ms",
        took.as_secs_f64(),
        moves as f64 / took.as_secs_f64(),
        ms(0.5),
        ms(0.99)
    );
}

fn rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines().find(|l| l.starts_with("VmRSS:")).and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

fn benches(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();

    // 1,000 concurrent games.
    let path = db_path("moves");
    let mut bench = rt.block_on(async {
        let store = Store::open(&path, Durability::Normal).await.unwrap();
        let referee = Referee::new(store, Arc::new(ManualClock::new(1_795_996_800)));
        setup_games(&referee, 1000).await;
        Bench { referees: vec![Arc::new(referee)], ply: 0 }
    });
    // Throughput and latency percentiles over 10 rounds (10,000 moves), every game's move of a
    // round submitted at once: latencies include queueing behind the other 999 commands.
    let (mut lat, start) = (Vec::new(), Instant::now());
    for _ in 0..10 {
        lat.extend(rt.block_on(bench.round(1000)));
    }
    report("one move in each of 1,000 games, all at once", &mut lat, start.elapsed());
    // One command at a time (2 rounds, 2,000 moves): the latency of a command with no queue,
    // command -> committed + effects.
    let (mut lat, start) = (Vec::new(), Instant::now());
    for _ in 0..2 {
        lat.extend(rt.block_on(bench.round_sequential(1000)));
    }
    report("one command at a time across 1,000 games", &mut lat, start.elapsed());
    let mut group = c.benchmark_group("referee");
    group.sample_size(10);
    group.bench_function("move_round_1000_games", |b| b.iter(|| rt.block_on(bench.round(1000))));
    group.finish();
    rt.block_on(bench.referees[0].store().close());
    if let Ok(url) = std::env::var(POSTGRES_VAR) {
        postgres(&rt, &url);
    }

    // 10,000 live games: start-up and memory.
    let path = db_path("startup");
    rt.block_on(async {
        let store = Store::open(&path, Durability::Normal).await.unwrap();
        let referee = Referee::new(store, Arc::new(ManualClock::new(1_795_996_800)));
        setup_games(&referee, 10_000).await;
        referee.store().close().await;
    });
    let mut group = c.benchmark_group("referee");
    group.sample_size(10);
    group.bench_function("startup_10000_live_games", |b| {
        b.iter(|| {
            rt.block_on(async {
                let store = Store::open(&path, Durability::Normal).await.unwrap();
                let (referee, _) = Referee::start(store, Arc::new(ManualClock::new(1_795_996_800))).await.unwrap();
                // Serving: the first command on a game is answered.
                referee.picture(10_000, None).await.unwrap().unwrap();
                referee.store().close().await;
            })
        })
    });
    group.finish();
    let before = rss_kib();
    let referee = rt.block_on(async {
        let store = Store::open(&path, Durability::Normal).await.unwrap();
        let t = Instant::now();
        let (referee, _) = Referee::start(store, Arc::new(ManualClock::new(1_795_996_800))).await.unwrap();
        for g in 1..=10_000 {
            referee.picture(g, None).await.unwrap().unwrap();
        }
        eprintln!("referee: start + rebuilding all 10,000 live games took {:?}", t.elapsed());
        referee
    });
    eprintln!(
        "referee: resident memory {} MiB with 10,000 live games cached ({} MiB before loading them)",
        rss_kib() / 1024,
        before / 1024
    );
    rt.block_on(referee.store().close());
}

criterion_group!(referee_benches, benches);

fn main() {
    // Started again by `worker_processes` as one of its processes.
    if let Ok(spec) = std::env::var(WORKER_VAR) {
        worker(&spec);
        return;
    }
    referee_benches();
    Criterion::default().configure_from_args().final_summary();
}
