//! What the referee does with the 4-player family until its N-seat referee exists: it refuses
//! challenges it cannot run (junqi4, junqi4-duel) and modes a variant does not offer, with the
//! usual precise message, and changes nothing.

use std::sync::Arc;

use junqi_referee::referee::{Action, Command, ManualClock, Mistake, Referee, RefereeError};
use junqi_referee::store::{Durability, Store};

async fn referee(tag: &str) -> Referee {
    let db = std::env::temp_dir().join(format!("junqi-referee-test-j4-{tag}-{}.db", std::process::id()));
    for s in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{s}", db.display()));
    }
    let store = Store::open(&db, Durability::Normal).await.unwrap();
    Referee::new(store, Arc::new(ManualClock::new(1_795_996_800)))
}

fn challenge(variant: &str, mode: &str) -> Command {
    Command {
        user: "alice".into(),
        request: format!("c-{variant}-{mode}"),
        server: String::new(),
        action: Action::Challenge {
            opponent: Some("bob".into()),
            variant: variant.into(),
            mode: mode.into(),
            rules: String::new(),
            time: "1d".into(),
        },
    }
}

#[tokio::test]
async fn cross_board_challenges_and_foreign_modes_are_refused_and_change_nothing() {
    let r = referee("refuse").await;
    for (variant, mode) in [("junqi4", "dark"), ("junqi4-duel", "dark"), ("junqi", "partners")] {
        match r.handle(challenge(variant, mode)).await {
            Err(RefereeError::Rejected { mistake, .. }) => match mistake {
                Mistake::BadVariant(v) => assert_eq!(v, variant),
                Mistake::BadMode(m) => assert_eq!(m, mode),
                other => panic!("{variant}/{mode}: {other:?}"),
            },
            other => panic!("{variant}/{mode}: {other:?}"),
        }
    }
    assert!(r.live_games().await.unwrap().is_empty());
    // The 2-player game is unaffected.
    assert!(r.handle(challenge("junqi", "dark")).await.is_ok());
    assert_eq!(r.live_games().await.unwrap().len(), 1);
}
