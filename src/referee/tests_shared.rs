//! Two referees sharing one PostgreSQL database, as two processes do (issue 18): each command
//! checks its cached game against the stored one and rebuilds a copy another referee moved past;
//! a deadline seen by both is applied by one. PostgreSQL only (`JUNQI_TEST_POSTGRES`, which
//! `.ci/run` sets): an SQLite file belongs to one process, which trusts its cache.

use std::sync::Arc;

use super::{Action, Command, DeploySource, Effect, ManualClock, Referee};
use crate::store::testing::{POSTGRES_VAR, drop_schema, postgres_store, schema_url};
use crate::store::{self, Durability, Store};

const T0: i64 = 1_795_996_800;
const RED: &str = "ghahg fbf ccdd eke ikigh jljij";
const BLUE: &str = "ghhgf eie ddcc kik jghfj jliba";

fn cmd(user: &str, request: &str, action: Action) -> Command {
    Command { user: user.into(), request: request.into(), server: String::new(), action }
}

/// Runs `test` with two stores on one fresh PostgreSQL schema, when the tests have a server.
async fn shared_stores(test: impl AsyncFn(Store, Store)) {
    if let Some(url) = std::env::var(POSTGRES_VAR).ok().filter(|u| !u.trim().is_empty()) {
        let (a, schema) = postgres_store(&url).await;
        let b = Store::open_url(&schema_url(&url, &schema), Durability::Normal).await.unwrap();
        test(a.clone(), b.clone()).await;
        a.close().await;
        b.close().await;
        drop_schema(&url, &schema).await;
    }
}

fn texts(effects: &[Effect]) -> String {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Public { text, .. } | Effect::Private { text, .. } => Some(text.as_str()),
            _ => None,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[tokio::test]
async fn a_referee_whose_cached_game_another_moved_past_rebuilds_it_and_answers_right() {
    shared_stores(async |sa, sb| {
        let clock = ManualClock::new(T0);
        let a = Referee::new(sa, Arc::new(clock.clone()));
        let b = Referee::new(sb, Arc::new(clock.clone()));
        let challenge = Action::Challenge {
            opponent: Some("bob".into()),
            variant: "junqi".into(),
            mode: "dark".into(),
            rules: String::new(),
            time: "1d".into(),
        };
        for (user, request, action) in [
            ("alice", "c", challenge),
            ("bob", "a", Action::Accept(1)),
            ("alice", "d", Action::Deploy(1, DeploySource::Text(RED.into()))),
            ("bob", "d", Action::Deploy(1, DeploySource::Text(BLUE.into()))),
            ("alice", "m1", Action::Move(1, "c6-c7".into())),
        ] {
            a.handle(cmd(user, request, action)).await.unwrap();
        }
        // Referee `a` holds the game in its cache, Blue to move. Bob's reply reaches `b`.
        let blue = b.legal_actions(1, "bob").await.unwrap();
        b.handle(cmd("bob", "m2", Action::Move(1, blue[0].clone()))).await.unwrap();
        // Alice's next move reaches `a`, whose copy is a ply behind: it must not answer "not
        // your turn" from that copy, but play the move on the stored game.
        let red = b.legal_actions(1, "alice").await.unwrap();
        let effects = a.handle(cmd("alice", "m3", Action::Move(1, red[0].clone()))).await.unwrap();
        assert!(texts(&effects).contains("ply 3"), "{}", texts(&effects));
        assert_eq!(a.stale_caches(), 1, "the behind copy was noticed once");
        // `b`'s copy is behind now: its views and record follow the store, not the copy.
        assert_eq!(b.record(1).await.unwrap(), a.record(1).await.unwrap());
        assert_eq!(b.legal_actions(1, "bob").await.unwrap(), a.legal_actions(1, "bob").await.unwrap());
        assert!(b.stale_caches() >= 1);
        let mut c = a.store().conn().await.unwrap();
        let log = store::events_of(&mut c, 1).await.unwrap();
        assert_eq!(log.iter().map(|e| e.seq).collect::<Vec<_>>(), [1, 2, 3], "each ply once, in order");
        drop(c);
        // Blue's move deadline passes; both referees tick at once: one applies the timeout.
        clock.advance(2 * 86_400);
        let (ea, eb) = tokio::join!(a.tick(), b.tick());
        let (ea, eb) = (texts(&ea.unwrap()), texts(&eb.unwrap()));
        let timeouts = [&ea, &eb].iter().filter(|t| t.contains("is over")).count();
        assert_eq!(timeouts, 1, "a: {ea}\nb: {eb}");
        let mut c = a.store().conn().await.unwrap();
        let row = store::game_get(&mut c, 1).await.unwrap().unwrap();
        assert_eq!(row.status, "finished");
        let log = store::events_of(&mut c, 1).await.unwrap();
        assert_eq!(log.len(), 4, "three plies and one timeout: {log:?}");
    })
    .await;
}

/// PostgreSQL only: the server drops every connection of the referee mid-game (a restart, a
/// failover, an administrator): the next commands find fresh connections, the game goes on from
/// what was committed, nothing is lost or applied twice.
#[tokio::test]
async fn a_referee_reconnects_when_the_database_drops_its_connections() {
    let Some(url) = std::env::var(POSTGRES_VAR).ok().filter(|u| !u.trim().is_empty()) else { return };
    let (setup, schema) = postgres_store(&url).await;
    setup.close().await;
    let app = format!("junqi_drop_{schema}");
    let store = Store::open_url(&format!("{}&application_name={app}", schema_url(&url, &schema)), Durability::Normal)
        .await
        .unwrap();
    let r = Referee::new(store.clone(), Arc::new(ManualClock::new(T0)));
    let challenge = Action::Challenge {
        opponent: Some("bob".into()),
        variant: "junqi".into(),
        mode: "dark".into(),
        rules: String::new(),
        time: "1d".into(),
    };
    for (user, request, action) in [
        ("alice", "c", challenge),
        ("bob", "a", Action::Accept(1)),
        ("alice", "d", Action::Deploy(1, DeploySource::Text(RED.into()))),
        ("bob", "d", Action::Deploy(1, DeploySource::Text(BLUE.into()))),
        ("alice", "m1", Action::Move(1, "c6-c7".into())),
    ] {
        r.handle(cmd(user, request, action)).await.unwrap();
    }
    // Terminates the referee's server processes; how many there were.
    let drop_all = async || -> i64 {
        use sqlx::Connection;
        let mut admin = sqlx::AnyConnection::connect(&url).await.unwrap();
        let sql = format!(
            "SELECT COUNT(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
             WHERE application_name = '{app}') AS t"
        );
        let n: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).fetch_one(&mut admin).await.unwrap();
        admin.close().await.unwrap();
        n
    };
    assert!(drop_all().await >= 1, "the referee's connections were dropped");
    // A view and a move after the drop: each gets a fresh connection.
    let blue = r.legal_actions(1, "bob").await.unwrap();
    assert!(!blue.is_empty());
    assert!(drop_all().await >= 1);
    let effects = r.handle(cmd("bob", "m2", Action::Move(1, blue[0].clone()))).await.unwrap();
    assert!(texts(&effects).contains("ply 2"), "{}", texts(&effects));
    // The same request again is answered from what was stored, not played twice.
    let again = r.handle(cmd("bob", "m2", Action::Move(1, blue[0].clone()))).await.unwrap();
    assert_eq!(texts(&again), texts(&effects));
    let mut c = store.conn().await.unwrap();
    let log = store::events_of(&mut c, 1).await.unwrap();
    assert_eq!(log.iter().map(|e| e.seq).collect::<Vec<_>>(), [1, 2]);
    drop(c);
    store.close().await;
    drop_schema(&url, &schema).await;
}

/// Two referees find a tournament's start time passed, then its round's deadline, and tick at
/// once: the tournament starts once (one round 1, one game per board) and the round ends once.
#[tokio::test]
async fn a_tournament_due_in_two_referees_starts_and_ends_its_round_once() {
    shared_stores(async |sa, sb| {
        let clock = ManualClock::new(T0);
        let a = Referee::new(sa, Arc::new(clock.clone()));
        let b = Referee::new(sb, Arc::new(clock.clone()));
        for (n, text) in [
            "olga: tournament create Night cup format=round-robin round-time=1d start=1h",
            "ann: tournament join 1",
            "bob: tournament join 1",
            "cat: tournament join 1",
        ]
        .into_iter()
        .enumerate()
        {
            let l = crate::local::parse_line(text).unwrap();
            a.handle(cmd(&l.user, &format!("t{n}"), l.action)).await.unwrap();
        }
        clock.advance(3600);
        let (ea, eb) = tokio::join!(a.tick(), b.tick());
        let all = format!("{}\n{}", texts(&ea.unwrap()), texts(&eb.unwrap()));
        assert_eq!(all.matches("round 1 of 3").count(), 1, "{all}");
        let mut c = a.store().conn().await.unwrap();
        assert!(store::game_get(&mut c, 1).await.unwrap().is_some());
        assert!(store::game_get(&mut c, 2).await.unwrap().is_none(), "one game for the one board");
        drop(c);
        // The round's day passes with its game still being deployed: adjudicated once.
        clock.advance(86_400);
        let (ea, eb) = tokio::join!(a.tick(), b.tick());
        let all = format!("{}\n{}", texts(&ea.unwrap()), texts(&eb.unwrap()));
        assert_eq!(all.matches("round 2 of 3").count(), 1, "{all}");
    })
    .await;
}
