//! The durable outbox and request ids scoped to their user, through the referee (issue 20).

use std::sync::Arc;

use super::{Action, Command, DeliveryKey, DeploySource, Effect, ManualClock, Referee, RefereeError};
use crate::store::{Durability, Store};

const T0: i64 = 1_795_996_800;
const RED: &str = "ghahg fbf ccdd eke ikigh jljij";
const BLUE: &str = "ghhgf eie ddcc kik jghfj jliba";

async fn db(tag: &str) -> std::path::PathBuf {
    crate::store::testing::fresh_db(&format!("delivery-{tag}")).await
}

async fn open(db: &std::path::Path, clock: &ManualClock) -> Referee {
    Referee::new(Store::open(db, Durability::Normal).await.unwrap(), Arc::new(clock.clone()))
}

fn cmd(user: &str, request: &str, action: Action) -> Command {
    Command { user: user.into(), request: request.into(), server: String::new(), action }
}

/// Game 1, alice (Red) against bob, `time` per move, both deployed: Red to move.
async fn playing(r: &Referee, time: &str) {
    let challenge = Action::Challenge {
        opponent: Some("bob".into()),
        variant: "junqi".into(),
        mode: "dark".into(),
        rules: String::new(),
        time: time.into(),
    };
    for (user, request, action) in [
        ("alice", "c", challenge),
        ("bob", "a", Action::Accept(1)),
        ("alice", "d", Action::Deploy(1, DeploySource::Text(RED.into()))),
        ("bob", "d", Action::Deploy(1, DeploySource::Text(BLUE.into()))),
    ] {
        let d = r.handle_delivery(cmd(user, request, action)).await.unwrap();
        r.delivered(&d.key).await.unwrap();
    }
}

fn texts(effects: &[Effect]) -> Vec<&str> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Public { text, .. } | Effect::Private { text, .. } => Some(text.as_str()),
            _ => None,
        })
        .collect()
}

#[tokio::test]
async fn a_commands_effects_wait_in_the_outbox_until_confirmed_and_survive_a_restart() {
    let (db, clock) = (db("command").await, ManualClock::new(T0));
    let r = open(&db, &clock).await;
    playing(&r, "none").await;
    assert_eq!(r.undelivered(i64::MAX).await.unwrap(), vec![]);
    let d = r.handle_delivery(cmd("alice", "m1", Action::Move(1, "c6-c7".into()))).await.unwrap();
    assert_eq!(d.key, DeliveryKey::Request { user: "alice".into(), request: "m1".into() });
    // Not confirmed: the adapter died before delivering. A command in flight is not handed out
    // to the clock's deliveries, only those older than the given time.
    assert_eq!(r.undelivered(T0).await.unwrap(), vec![]);
    r.store().close().await;
    let r = open(&db, &clock).await;
    let pending = r.undelivered(i64::MAX).await.unwrap();
    assert_eq!(pending, vec![d.clone()], "the same effects under the same key after a restart");
    // A repeat of the request is the same delivery.
    let again = r.handle_delivery(cmd("alice", "m1", Action::Move(1, "c6-c7".into()))).await.unwrap();
    assert_eq!(again, d);
    r.delivered(&d.key).await.unwrap();
    r.delivered(&d.key).await.unwrap();
    assert_eq!(r.undelivered(i64::MAX).await.unwrap(), vec![]);
    r.store().close().await;
}

#[tokio::test]
async fn a_timeout_is_committed_with_its_announcement_and_delivered_in_order() {
    let (db, clock) = (db("timeout").await, ManualClock::new(T0));
    let r = open(&db, &clock).await;
    playing(&r, "10m").await;
    r.store().close().await;
    clock.advance(3600);
    // The referee applies the missed deadline at start; the caller never delivers it (killed).
    let (r, effects) =
        Referee::start(Store::open(&db, Durability::Normal).await.unwrap(), Arc::new(clock.clone())).await.unwrap();
    assert!(texts(&effects).iter().any(|t| t.contains("Game #1 is over")), "{effects:?}");
    r.store().close().await;
    // The next start applies nothing more, and still has the announcement to deliver.
    let (r, effects) =
        Referee::start(Store::open(&db, Durability::Normal).await.unwrap(), Arc::new(clock.clone())).await.unwrap();
    assert_eq!(effects, vec![]);
    let pending = r.undelivered(T0).await.unwrap();
    assert_eq!(pending.len(), 1, "{pending:?}");
    assert!(matches!(pending[0].key, DeliveryKey::Clock(_)));
    let said = texts(&pending[0].effects);
    assert!(said[0].starts_with("Game #1 is over: Blue (bob) wins — time ran out."), "{said:?}");
    assert!(said[1].starts_with("Deployments of game #1 — Red: "), "{said:?}");
    r.delivered(&pending[0].key).await.unwrap();
    assert_eq!(r.undelivered(i64::MAX).await.unwrap(), vec![]);
    r.store().close().await;
}

#[tokio::test]
async fn a_request_id_is_its_users_own() {
    let (db, clock) = (db("scoped").await, ManualClock::new(T0));
    let r = open(&db, &clock).await;
    let challenge = Action::Challenge {
        opponent: Some("blue".into()),
        variant: "junqi".into(),
        mode: "dark".into(),
        rules: String::new(),
        time: "none".into(),
    };
    r.handle(cmd("red", "c", challenge)).await.unwrap();
    r.handle(cmd("blue", "a", Action::Accept(1))).await.unwrap();
    let deployed = r.handle(cmd("red", "rdep", Action::Deploy(1, DeploySource::Text(RED.into())))).await.unwrap();
    assert!(texts(&deployed).iter().any(|t| t.contains(RED)), "{deployed:?}");
    // Carol's command with Red's request id is Carol's own: it is applied for her (she is not
    // seated), never answered with Red's stored private message.
    let carol = r.handle(cmd("carol", "rdep", Action::Show(1))).await;
    match &carol {
        Ok(effects) => assert!(texts(effects).iter().all(|t| !t.contains(RED)), "{effects:?}"),
        Err(RefereeError::Rejected { message, .. }) => assert!(!message.contains(RED), "{message}"),
        Err(e) => panic!("{e}"),
    }
    // Red's repeat is still answered from the store, unchanged.
    let again = r.handle(cmd("red", "rdep", Action::Deploy(1, DeploySource::Random))).await.unwrap();
    assert_eq!(again, deployed);
    r.store().close().await;
}
