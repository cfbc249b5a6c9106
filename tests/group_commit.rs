//! The referee on the group commit: commands queued together share one commit, yet each behaves
//! as if alone — a repeated request id in the same batch is answered with the stored effects,
//! racing moves for one turn resolve by arrival order, and a refused command leaves the others
//! of its batch committed.

use std::sync::Arc;

use junqi_referee::referee::{Action, Command, DeploySource, GameMistake, ManualClock, Mistake, Referee, RefereeError};
use junqi_referee::store::{self, Durability, Store};

const RED: &str = "ghahg fbf ccdd eke ikigh jljij";
const BLUE: &str = "ghhgf eie ddcc kik jghfj jliba";

async fn referee(tag: &str) -> Referee {
    let db = crate::support::backend::fresh_db(&format!("group-commit-{tag}")).await;
    let store = Store::open(&db, Durability::Normal).await.unwrap();
    Referee::new(store, Arc::new(ManualClock::new(1_795_996_800)))
}

fn cmd(user: &str, request: &str, action: Action) -> Command {
    Command { user: user.into(), request: request.into(), server: String::new(), action }
}

fn challenge() -> Action {
    Action::Challenge {
        opponent: Some("bob".into()),
        variant: "junqi".into(),
        mode: "dark".into(),
        rules: String::new(),
        time: "none".into(),
    }
}

async fn start_game(r: &Referee, g: i64) {
    r.handle(cmd("alice", &format!("c{g}"), challenge())).await.unwrap();
    r.handle(cmd("bob", &format!("a{g}"), Action::Accept(g))).await.unwrap();
    r.handle(cmd("alice", &format!("r{g}"), Action::Deploy(g, DeploySource::Text(RED.into())))).await.unwrap();
    r.handle(cmd("bob", &format!("b{g}"), Action::Deploy(g, DeploySource::Text(BLUE.into())))).await.unwrap();
}

#[tokio::test]
async fn a_repeat_in_the_same_batch_gets_the_stored_effects_and_applies_once() {
    let r = referee("repeat").await;
    // Both are queued before the writer runs (one task polls them in order): one batch.
    let (a, b) = tokio::join!(r.handle(cmd("alice", "same", challenge())), r.handle(cmd("alice", "same", challenge())));
    let (a, b) = (a.unwrap(), b.unwrap());
    assert!(!a.is_empty());
    assert_eq!(a, b);
    let live = r.live_games().await.unwrap();
    assert_eq!(live.len(), 1, "the repeat created no second game");
}

#[tokio::test]
async fn racing_moves_resolve_by_arrival_order() {
    let r = referee("order").await;
    for g in 1..=2 {
        start_game(&r, g).await;
    }
    // Game 1: c6-c7 arrives first; game 2: a6-a7 arrives first. Each time the first one applies.
    let (m1, m2, n1, n2) = tokio::join!(
        r.handle(cmd("alice", "g1-x", Action::Move(1, "c6-c7".into()))),
        r.handle(cmd("alice", "g2-x", Action::Move(2, "a6-a7".into()))),
        r.handle(cmd("alice", "g1-y", Action::Move(1, "a6-a7".into()))),
        r.handle(cmd("alice", "g2-y", Action::Move(2, "c6-c7".into()))),
    );
    assert!(m1.is_ok() && m2.is_ok());
    for late in [n1, n2] {
        assert!(matches!(late, Err(RefereeError::Rejected { mistake: Mistake::NotYourTurn(_), .. })), "{late:?}");
    }
    let mut c = r.store().conn().await.unwrap();
    assert_eq!(store::events_of(&mut c, 1).await.unwrap()[0].body, "c6-c7");
    assert_eq!(store::events_of(&mut c, 2).await.unwrap()[0].body, "a6-a7");
}

#[tokio::test]
async fn a_refused_command_leaves_the_rest_of_its_batch_committed() {
    let r = referee("refused").await;
    for g in 1..=3 {
        start_game(&r, g).await;
    }
    let (a, bad, c) = tokio::join!(
        r.handle(cmd("alice", "m1", Action::Move(1, "c6-c7".into()))),
        r.handle(cmd("alice", "m2", Action::Move(2, "a6-a5".into()))),
        r.handle(cmd("alice", "m3", Action::Move(3, "a6-a7".into()))),
    );
    assert!(a.is_ok() && c.is_ok());
    assert!(
        matches!(bad, Err(RefereeError::Rejected { mistake: Mistake::Game(GameMistake::Refused(_)), .. })),
        "{bad:?}"
    );
    let mut conn = r.store().conn().await.unwrap();
    for (g, n) in [(1, 1), (2, 0), (3, 1)] {
        assert_eq!(store::events_of(&mut conn, g).await.unwrap().len(), n, "game {g}");
    }
    // The refused request id was not recorded: it may be sent again once corrected.
    assert_eq!(store::request_get(&mut conn, "alice", "m2").await.unwrap(), None);
    // The refused game goes on from where it was.
    r.handle(cmd("alice", "m2b", Action::Move(2, "c6-c7".into()))).await.unwrap();
}
