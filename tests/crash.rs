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
pub(crate) struct Model {
    pub(crate) game: Box<dyn AnyGame>,
    pub(crate) stored: usize,
    pub(crate) users: Vec<String>,
}

/// Reads every game's start (deployments or deal) and move log from the database and rebuilds
/// each through the catalogue, as the rules crate plays it.
pub(crate) fn resync(
    rt: &tokio::runtime::Runtime,
    db: &std::path::Path,
    games: &[(i64, &GameDef)],
) -> HashMap<i64, Model> {
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
pub(crate) fn game_of(effects: &[Effect]) -> Option<i64> {
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
        for def in catalog::built_in() {
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
    for def in catalog::built_in() {
        let of_kind: usize =
            games.iter().filter(|(_, d)| d.name() == def.name()).map(|(g, _)| acked.get(g).copied().unwrap_or(0)).sum();
        eprintln!("  {}: {of_kind} moves acknowledged", def.name());
        assert!(of_kind > 0, "no move of {} was acknowledged", def.name());
    }
    assert!(kills >= 3, "the child was killed {kills} times");
    assert!(total >= TARGET_MOVES / 2, "only {total} moves acknowledged");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Expired deadlines applied by `junqi-referee local` at start.
const EXPIRED: usize = 20;
/// Kill trials of the start.
const TRIALS: usize = 40;

/// Sets up `EXPIRED` two-player games on `db`, each on move with a 10-minute deadline set at
/// the manual clock's time, long past by the system clock the terminal mode runs on.
fn expired_deadlines(rt: &tokio::runtime::Runtime, db: &std::path::Path) {
    rt.block_on(async {
        let s = Store::open(db, Durability::Normal).await.unwrap();
        let r = Referee::new(s, Arc::new(ManualClock::new(1_795_996_800)));
        let mut n = 0;
        let mut ok = async |user: &str, action| {
            n += 1;
            let c = Command { user: user.into(), request: format!("setup-{n}"), server: String::new(), action };
            r.handle(c).await.unwrap()
        };
        for _ in 0..EXPIRED {
            let challenge = Action::Challenge {
                opponent: Some("bob".into()),
                variant: "junqi".into(),
                mode: "dark".into(),
                rules: String::new(),
                time: "10m".into(),
            };
            let g = game_of(&ok("alice", challenge).await).expect("the challenge names its game");
            ok("bob", Action::Accept(g)).await;
            ok("alice", Action::Deploy(g, DeploySource::Random)).await;
            ok("bob", Action::Deploy(g, DeploySource::Random)).await;
        }
        r.store().close().await;
    });
}

/// Runs `junqi-referee local` on `db` with nothing to read but what start brings; kills it after
/// `kill_after` (None: lets it finish). Returns what it printed.
fn run_local(db: &std::path::Path, kill_after: Option<Duration>) -> String {
    let mut child = Proc::new(env!("CARGO_BIN_EXE_junqi-referee"))
        .args(["local", "--no-images", "--delivery-keys", "--db"])
        .arg(db)
        .stdin(if kill_after.is_some() { Stdio::piped() } else { Stdio::null() })
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn the referee");
    let stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            text.push_str(&line);
            text.push('\n');
        }
        text
    });
    if let Some(after) = kill_after {
        std::thread::sleep(after);
        let _ = child.kill();
    }
    let _ = child.wait();
    reader.join().unwrap()
}

/// The delivery key a line of the terminal mode starts with (`o17 [public] …`), and the rest.
pub(crate) fn keyed(line: &str) -> Option<(&str, &str)> {
    let (key, rest) = line.split_once(' ')?;
    (key.len() > 1
        && (key.starts_with('o') || key.starts_with('r'))
        && key[1..].chars().all(|c| c.is_ascii_alphanumeric()))
    .then_some((key, rest))
}

#[test]
fn timeouts_applied_at_start_are_announced_once_though_killed() {
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let dir = std::env::temp_dir().join(format!("junqi-crash-start-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let template = dir.join("template.db");
    expired_deadlines(&rt, &template);
    let fresh = |n: usize| {
        let db = dir.join(format!("trial-{n}.db"));
        for suffix in ["", "-wal", "-shm"] {
            let from = format!("{}{suffix}", template.display());
            if std::path::Path::new(&from).exists() {
                std::fs::copy(&from, format!("{}{suffix}", db.display())).unwrap();
            }
        }
        db
    };
    // How long a whole start takes here (the fastest of three, so a busy moment does not send
    // most kills past the end): the kills land anywhere in it.
    let mut whole = Duration::MAX;
    for n in 0..3 {
        let begun = std::time::Instant::now();
        let calibration = run_local(&fresh(TRIALS + n), None);
        whole = whole.min(begun.elapsed());
        assert_eq!(calibration.matches("wins — time ran out.").count(), EXPIRED, "{calibration}");
    }
    let mut rng = Rng::new(20);
    let (mut cut, mut repeats) = (0, 0);
    let mut wrong: Vec<String> = Vec::new();
    for trial in 0..TRIALS {
        let db = fresh(trial);
        let kill = Duration::from_micros(rng.below(whole.as_micros() as usize) as u64);
        let first = run_local(&db, Some(kill));
        let second = run_local(&db, None);
        let over_first = first.matches("wins — time ran out.").count();
        if over_first < EXPIRED {
            cut += 1;
        }
        // What a reader of the output sees once a repeated delivery key is dropped, as Discord
        // drops a repeated nonce.
        let mut seen = std::collections::HashSet::new();
        let mut lines = Vec::new();
        for line in first.lines().chain(second.lines()) {
            match keyed(line) {
                Some((key, rest)) => {
                    if seen.insert((key.to_string(), rest.to_string())) {
                        lines.push(rest.to_string());
                    } else {
                        repeats += 1;
                    }
                }
                None => lines.push(line.to_string()),
            }
        }
        for g in 1..=EXPIRED {
            let over = format!("[public] Game #{g} is over: Blue (bob) wins — time ran out.");
            let reveal = format!("[public] Deployments of game #{g} — Red: ");
            let n_over = lines.iter().filter(|l| **l == over).count();
            let n_reveal = lines.iter().filter(|l| l.starts_with(&reveal)).count();
            if (n_over, n_reveal) != (1, 1) {
                wrong.push(format!(
                    "trial {trial} (killed after {kill:?}): game {g} announced {n_over}×, revealed {n_reveal}×"
                ));
            }
        }
    }
    eprintln!(
        "kill during start: {TRIALS} trials × {EXPIRED} expired deadlines, a whole start {whole:?}; \
         {cut} killed before announcing all, {repeats} lines of repeated deliveries dropped by key"
    );
    let trials_wrong: std::collections::HashSet<&str> = wrong.iter().filter_map(|w| w.split(" (").next()).collect();
    assert!(
        wrong.is_empty(),
        "{} of {TRIALS} trials, {} of {} timeouts not announced exactly once with their reveal:\n{}",
        trials_wrong.len(),
        wrong.len(),
        TRIALS * EXPIRED,
        wrong.join("\n")
    );
    assert!(cut >= TRIALS / 4, "only {cut} of {TRIALS} kills landed before the last announcement");
    let _ = std::fs::remove_dir_all(&dir);
}
