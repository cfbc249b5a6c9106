//! 翻棋 referee benchmarks (run with `cargo bench --bench flip`). A flip game in play is cached in
//! its lock slot (see `src/referee/flip.rs`) and rebuilt from its deal and event log only when the
//! slot is cold (a restart, an idle eviction), so after the game below is played:
//! - `flip_rebuild_at_ply_150`: `Referee::flip_view` of a game 150 plies long — the name is kept
//!   for comparison with earlier runs, when every call rebuilt the game (read the row, the deal and
//!   the log, check the deal against its seed and commitment, replay every ply); it now reads the
//!   row and the cached game;
//! - `flip_record_at_ply_150`: the same game's `.jqr` export, from the cached game.

use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use junqi_referee::referee::{Action, Clock, Command, ManualClock, Referee};
use junqi_referee::rules::flip::{Deal, FlipAction, FlipGame, FlipOptions};
use junqi_referee::rules::rng::Rng;
use junqi_referee::rules::shuffle::Seed;
use junqi_referee::rules::{Move, Variant};
use junqi_referee::store::{Durability, Store};

const PLIES: usize = 150;

fn cmd(user: &str, request: String, action: Action) -> Command {
    Command { user: user.into(), request, server: String::new(), action }
}

/// A flip game of `PLIES` plies (random plies that do not end it; no quiet limit).
async fn long_game() -> Referee {
    let db = std::env::temp_dir().join(format!("junqi-bench-flip-{}.db", std::process::id()));
    for s in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{s}", db.display()));
    }
    let store = Store::open(&db, Durability::Normal).await.unwrap();
    let clock = ManualClock::new(1_795_996_800);
    // The seed the referee will draw: a test clock's first draw for ("seed", game 1), computed on
    // a clock of its own (draws are counted per clock, so drawing on `clock` would move it on).
    let seed = Seed(ManualClock::new(0).entropy("seed", 1).unwrap());
    let r = Referee::new(store, Arc::new(clock));
    let challenge = Action::Challenge {
        opponent: Some("bob".into()),
        variant: "junqi-flip".into(),
        mode: String::new(),
        rules: "first=creator quiet-limit=0".into(),
        time: "none".into(),
    };
    r.handle(cmd("alice", "c".into(), challenge)).await.unwrap();
    r.handle(cmd("bob", "a".into(), Action::Accept(1))).await.unwrap();
    let mut mirror = FlipGame::new(&Deal::from_seed(&seed), FlipOptions::parse("quiet-limit=0").unwrap());
    let mut rng = Rng::new(1);
    let b = &Variant::junqi().board;
    for n in 0..PLIES {
        let actions = mirror.legal_actions();
        // Moves first (flips run out after 50), never a ply that ends the game.
        let mut order: Vec<FlipAction> = actions.iter().copied().filter(|a| matches!(a, FlipAction::Move(_))).collect();
        order.extend(actions.iter().copied().filter(|a| matches!(a, FlipAction::Flip(_))));
        let start = rng.below(order.len().max(1));
        let a = (0..order.len())
            .map(|i| order[(start + i) % order.len()])
            .find(|&a| {
                let mut g = mirror.clone();
                g.play(a).unwrap().end.is_none()
            })
            .expect("a ply that does not end the game");
        mirror.play(a).unwrap();
        let text = match a {
            FlipAction::Flip(p) => format!("+{}", b.name(p)),
            FlipAction::Move(Move { from, to }) => format!("{}-{}", b.name(from), b.name(to)),
        };
        let user = if n % 2 == 0 { "alice" } else { "bob" };
        r.handle(cmd(user, format!("p{n}"), Action::Move(1, text))).await.unwrap();
    }
    r
}

fn benches(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let r = rt.block_on(long_game());
    assert_eq!(rt.block_on(r.picture(1, None)).unwrap().unwrap().0.ply as usize, PLIES);
    c.bench_function("flip_rebuild_at_ply_150", |b| b.iter(|| rt.block_on(r.picture(1, None)).unwrap()));
    c.bench_function("flip_record_at_ply_150", |b| b.iter(|| rt.block_on(r.record(1)).unwrap()));
}

criterion_group! {
    name = flip;
    config = Criterion::default().sample_size(30);
    targets = benches
}
criterion_main!(flip);
