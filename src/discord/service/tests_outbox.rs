//! The clock's deliveries through the service: handed out again until confirmed, under the same
//! nonce, and given up after a few failed attempts.

use std::sync::Arc;

use super::RefereeService;
use crate::discord::ids::user_key;
use crate::discord::port::{Effect, GameService};
use crate::referee::{Action, Command, DeploySource, ManualClock, Referee};
use crate::store::{self, Durability, Store};

const T0: i64 = 1_795_996_800;
const RED: &str = "ghahg fbf ccdd eke ikigh jljij";
const BLUE: &str = "ghhgf eie ddcc kik jghfj jliba";

/// A service on a fresh database whose game 1 (users 1 and 2, 10 minutes a move) is in play.
async fn timed_game(tag: &str, clock: &ManualClock) -> (RefereeService, Arc<Referee>) {
    let path = std::env::temp_dir().join(format!("junqi-service-outbox-{tag}-{}.db", std::process::id()));
    for s in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{s}", path.display()));
    }
    let referee =
        Arc::new(Referee::new(Store::open(&path, Durability::Normal).await.unwrap(), Arc::new(clock.clone())));
    let (alice, bob) = (user_key(1), user_key(2));
    let challenge = Action::Challenge {
        opponent: Some(bob.clone()),
        variant: "junqi".into(),
        mode: String::new(),
        rules: String::new(),
        time: "10m".into(),
    };
    let steps = [
        (&alice, challenge),
        (&bob, Action::Accept(1)),
        (&alice, Action::Deploy(1, DeploySource::Text(RED.into()))),
        (&bob, Action::Deploy(1, DeploySource::Text(BLUE.into()))),
    ];
    for (n, (user, action)) in steps.into_iter().enumerate() {
        let d = referee
            .handle_delivery(Command { user: user.clone(), request: format!("r{n}"), server: String::new(), action })
            .await
            .unwrap();
        referee.delivered(&d.key).await.unwrap();
    }
    (RefereeService::new(referee.clone(), None), referee)
}

fn over(effects: &[Effect]) -> bool {
    effects.iter().any(|e| matches!(e, Effect::Public { text, .. } if text.contains("#1")))
}

#[tokio::test]
async fn a_clock_delivery_comes_again_until_confirmed() {
    let clock = ManualClock::new(T0);
    let (svc, _) = timed_game("confirm", &clock).await;
    clock.advance(601);
    let (first, _) = svc.tick().await.unwrap();
    assert_eq!(first.len(), 1, "{first:?}");
    assert!(over(&first[0].effects), "{first:?}");
    // Not confirmed (the post failed): the next round hands it out again, same nonce.
    let (again, _) = svc.tick().await.unwrap();
    assert_eq!(again, first);
    svc.delivered(&first[0].nonce).await;
    assert_eq!(svc.tick().await.unwrap().0, vec![]);
}

#[tokio::test]
async fn a_delivery_that_keeps_failing_is_given_up() {
    let clock = ManualClock::new(T0);
    let (svc, referee) = timed_game("give-up", &clock).await;
    clock.advance(601);
    for _ in 0..super::ATTEMPTS {
        assert_eq!(svc.tick().await.unwrap().0.len(), 1);
    }
    assert_eq!(svc.tick().await.unwrap().0, vec![]);
    let left = store::outbox_pending(&mut referee.store().conn().await.unwrap(), i64::MAX).await.unwrap();
    assert_eq!(left, vec![]);
}

#[tokio::test]
async fn a_command_while_the_database_is_away_is_told_to_try_again() {
    use crate::discord::port::{Actor, Request, ServiceError};
    let clock = ManualClock::new(T0);
    let (svc, referee) = timed_game("away", &clock).await;
    // The connections are gone (as when a PostgreSQL server restarts): the command fails as
    // "unavailable", which the adapter shows as its own translated "try again", not as a bug.
    referee.store().close().await;
    let actor =
        Actor { user: 1, name: "alice".into(), locale: crate::discord::config::Locale::En, guild: None, request: 99 };
    let got = svc.execute(&actor, Request::Play { game: Some(1), action: "a5-b5".into() }).await;
    assert!(matches!(got, Err(ServiceError::Unavailable(_))), "{got:?}");
}
