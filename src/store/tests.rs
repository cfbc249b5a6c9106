//! One test per store function, on each backend the run reaches ([`each_store`]: a new SQLite
//! file, and a new PostgreSQL schema when `JUNQI_TEST_POSTGRES` is set), opened through
//! [`Store::open`] so that the referee's pragmas and migrations are what is tested. The tests of
//! SQLite's pragmas and URLs stay `#[sqlx::test]`s on SQLite alone.

use sqlx::sqlite::{SqliteConnectOptions, SqlitePoolOptions};

use super::testing::each_store;
use super::*;

pub(super) async fn store(opts: SqliteConnectOptions) -> Store {
    Store::connect(opts, Durability::Normal).await.expect("open store")
}

pub(super) fn game(challenger: &str) -> GameRow {
    GameRow {
        id: 0,
        server_id: "s1".into(),
        variant: "junqi".into(),
        mode: "dark".into(),
        rules: String::new(),
        per_move: Some(3600),
        challenger: challenger.into(),
        invited: Some("bob".into()),
        seats: Default::default(),
        status: status::CHALLENGED.into(),
        first_seat: 0,
        draw_offer: None,
        result: None,
        rematch_of: None,
        created_at: 100,
        updated_at: 100,
    }
}

async fn new_game(s: &Store) -> i64 {
    let mut tx = s.begin().await.unwrap();
    let id = game_insert(&mut tx, &game("alice")).await.unwrap();
    tx.commit().await.unwrap();
    id
}

#[sqlx::test(migrations = false)]
async fn open_sets_wal_normal_and_foreign_keys(_p: SqlitePoolOptions, o: SqliteConnectOptions) {
    let s = store(o).await;
    assert_eq!(s.backend(), Backend::Sqlite);
    assert_eq!(s.pragma("journal_mode").await.unwrap(), "wal");
    assert_eq!(s.pragma("synchronous").await.unwrap(), "1");
    assert_eq!(s.pragma("foreign_keys").await.unwrap(), "1");
    assert!(s.pragma("cache_size").await.is_err());
}

#[sqlx::test(migrations = false)]
async fn full_durability_is_selectable(_p: SqlitePoolOptions, o: SqliteConnectOptions) {
    let s = Store::connect(o, Durability::Full).await.unwrap();
    assert_eq!(s.pragma("synchronous").await.unwrap(), "2");
}

#[sqlx::test(migrations = false)]
async fn open_and_open_url_create_a_file(_p: SqlitePoolOptions, _o: SqliteConnectOptions) {
    let dir = std::env::temp_dir().join(format!("junqi-store-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("open.db");
    let _ = std::fs::remove_file(&path);
    let s = Store::open(&path, Durability::Normal).await.unwrap();
    let id = new_game(&s).await;
    s.close().await;
    // Reopening applies no migration twice and sees the data.
    let url = format!("sqlite://{}", path.display());
    let s = Store::open_url(&url, Durability::Normal).await.unwrap();
    assert!(game_get(&mut s.conn().await.unwrap(), id).await.unwrap().is_some());
    s.close().await;
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn begin_is_immediate_and_rolls_back() {
    each_store(async |s: Store| {
        {
            let mut tx = s.begin().await.unwrap();
            game_insert(&mut tx, &game("alice")).await.unwrap();
            // Dropped without commit: nothing is written.
        }
        assert!(games_live(&mut s.conn().await.unwrap()).await.unwrap().is_empty());
    })
    .await;
}

#[tokio::test]
async fn server_settings_default_then_stored() {
    each_store(async |s: Store| {
        let mut c = s.conn().await.unwrap();
        assert_eq!(server_get(&mut c, "g").await.unwrap(), ServerRow::default_for("g"));
        let row = ServerRow { server_id: "g".into(), locale: "zh-CN".into(), vacation_days: 3, challenge_ttl: 60 };
        server_put(&mut c, &row).await.unwrap();
        server_put(&mut c, &row).await.unwrap();
        assert_eq!(server_get(&mut c, "g").await.unwrap(), row);
    })
    .await;
}

#[tokio::test]
async fn users_default_then_stored() {
    each_store(async |s: Store| {
        let mut c = s.conn().await.unwrap();
        let u = user_get(&mut c, "alice").await.unwrap();
        assert_eq!(u.locale, None);
        let row = UserRow { locale: Some("zh-TW".into()), vacation_used: 5, ..u };
        user_put(&mut c, &row).await.unwrap();
        assert_eq!(user_get(&mut c, "alice").await.unwrap(), row);
    })
    .await;
}

#[tokio::test]
async fn vacation_due_lists_expired_allowances_in_order() {
    each_store(async |s: Store| {
        let mut c = s.conn().await.unwrap();
        for (user, until) in [("b", Some(50)), ("a", Some(20)), ("c", Some(500)), ("d", None)] {
            user_put(&mut c, &UserRow { user_id: user.into(), vacation_until: until, ..UserRow::default() })
                .await
                .unwrap();
        }
        let due: Vec<String> = users_vacation_due(&mut c, 100).await.unwrap().into_iter().map(|u| u.user_id).collect();
        assert_eq!(due, ["a", "b"]);
    })
    .await;
}

#[tokio::test]
async fn games_insert_get_update() {
    each_store(async |s: Store| {
        let id = new_game(&s).await;
        let mut c = s.conn().await.unwrap();
        let mut g = game_get(&mut c, id).await.unwrap().unwrap();
        assert_eq!(g.challenger, "alice");
        assert_eq!(g.id, id);
        assert_eq!(g.seats, seats::Seats::default());
        seats::seat_put(&mut c, &mut g, 1, "bob").await.unwrap();
        seats::seat_put(&mut c, &mut g, 0, "alice").await.unwrap();
        g.status = status::DEPLOYING.into();
        game_update(&mut c, &g).await.unwrap();
        assert_eq!(g.seats, seats::Seats::two(Some("alice".into()), Some("bob".into())));
        assert_eq!(game_get(&mut c, id).await.unwrap().unwrap(), g);
        // A game inserted with its players seats them.
        let again = game_insert(&mut c, &g).await.unwrap();
        assert_eq!(game_get(&mut c, again).await.unwrap().unwrap().seats, g.seats);
        // A seat beyond the first two, with a gap before it.
        seats::seat_delete(&mut c, &mut g, 1).await.unwrap();
        seats::seat_put(&mut c, &mut g, 3, "dora").await.unwrap();
        let got = game_get(&mut c, id).await.unwrap().unwrap().seats;
        assert_eq!(
            (got.user(0), got.user(1), got.user(3), got.seat_of("dora")),
            (Some("alice"), None, Some("dora"), Some(3))
        );
        assert_eq!(got, g.seats);
        assert!(game_get(&mut c, id + 100).await.unwrap().is_none());
        g.id = id + 100;
        assert!(matches!(game_update(&mut c, &g).await, Err(StoreError::Corrupt { .. })));
    })
    .await;
}

#[tokio::test]
async fn status_is_checked_by_the_schema() {
    each_store(async |s: Store| {
        let mut bad = game("alice");
        bad.status = "paused".into();
        assert!(game_insert(&mut s.conn().await.unwrap(), &bad).await.is_err());
    })
    .await;
}

/// Since 0008 `games.mode` holds any mode key a game kind defines, not only dark/reveal/open.
#[tokio::test]
async fn games_take_any_mode_key() {
    each_store(async |s: Store| {
        let mut c = s.conn().await.unwrap();
        for mode in ["flip", "partners", "xyz-mode", "open", "dark"] {
            let id = game_insert(&mut c, &GameRow { mode: mode.into(), ..game("alice") }).await.unwrap();
            let got = game_get(&mut c, id).await.unwrap().unwrap();
            assert_eq!(got.mode, mode);
            assert_eq!(seats::mode_get(&mut c, id).await.unwrap(), None, "{mode}: nothing in game_modes");
        }
        // A partners game as the referee creates it: `dark` first, then mode_put, which writes both.
        let g = GameRow { variant: "junqi4".into(), ..game("alice") };
        let id = game_insert(&mut c, &g).await.unwrap();
        seats::mode_put(&mut c, id, "partners").await.unwrap();
        assert_eq!(game_get(&mut c, id).await.unwrap().unwrap().mode, "partners");
        assert_eq!(seats::mode_get(&mut c, id).await.unwrap().as_deref(), Some("partners"));
        assert!(seats::mode_put(&mut c, id + 1, "partners").await.is_err(), "no such game");
    })
    .await;
}

#[tokio::test]
async fn live_games_and_games_of_user() {
    each_store(async |s: Store| {
        let a = new_game(&s).await;
        let b = new_game(&s).await;
        let mut c = s.conn().await.unwrap();
        let mut g = game_get(&mut c, b).await.unwrap().unwrap();
        g.status = status::FINISHED.into();
        game_update(&mut c, &g).await.unwrap();
        let live: Vec<i64> = games_live(&mut c).await.unwrap().iter().map(|g| g.id).collect();
        assert_eq!(live, [a]);
        assert_eq!(games_of_user(&mut c, "bob").await.unwrap().len(), 1);
        assert!(games_of_user(&mut c, "carol").await.unwrap().is_empty());
    })
    .await;
}

#[tokio::test]
async fn deployments_put_replace_get() {
    each_store(async |s: Store| {
        let id = new_game(&s).await;
        let mut c = s.conn().await.unwrap();
        let d = DeploymentRow { game_id: id, seat: 1, user_id: "bob".into(), setup: "x".into() };
        deployment_put(&mut c, &d).await.unwrap();
        deployment_put(&mut c, &DeploymentRow { setup: "y".into(), ..d.clone() }).await.unwrap();
        deployment_put(&mut c, &DeploymentRow { seat: 0, user_id: "alice".into(), ..d.clone() }).await.unwrap();
        let all = deployments_get(&mut c, id).await.unwrap();
        assert_eq!(all.len(), 2);
        assert_eq!(all[0].user_id, "alice");
        assert_eq!(all[1].setup, "y");
        // Foreign keys are on: no deployment for a game that does not exist.
        assert!(deployment_put(&mut c, &DeploymentRow { game_id: id + 9, ..d }).await.is_err());
    })
    .await;
}

#[tokio::test]
async fn events_append_in_order_and_are_immutable() {
    each_store(async |s: Store| {
        let id = new_game(&s).await;
        let mut c = s.conn().await.unwrap();
        assert_eq!(event_append(&mut c, id, "move", Some(0), "c6-c7", 5).await.unwrap(), 1);
        assert_eq!(event_append(&mut c, id, "move", Some(1), "e7-e6", 6).await.unwrap(), 2);
        assert_eq!(event_append(&mut c, id, "resign", Some(0), "", 7).await.unwrap(), 3);
        let ev = events_of(&mut c, id).await.unwrap();
        assert_eq!(ev.iter().map(|e| e.body.as_str()).collect::<Vec<_>>(), ["c6-c7", "e7-e6", ""]);
        assert_eq!(ev[2].kind, "resign");
        assert!(sqlx::query("UPDATE events SET body = 'x'").execute(&mut *c).await.is_err());
        assert!(sqlx::query("DELETE FROM events").execute(&mut *c).await.is_err());
        assert_eq!(events_of(&mut c, id).await.unwrap(), ev);
    })
    .await;
}

#[tokio::test]
async fn requests_are_recorded_once() {
    each_store(async |s: Store| {
        let mut c = s.conn().await.unwrap();
        assert_eq!(request_get(&mut c, "alice", "r1").await.unwrap(), None);
        request_put(&mut c, "r1", "alice", "[]", 1).await.unwrap();
        assert_eq!(request_get(&mut c, "alice", "r1").await.unwrap().as_deref(), Some("[]"));
        assert!(request_put(&mut c, "r1", "alice", "[1]", 2).await.is_err());
        assert_eq!(request_get(&mut c, "alice", "r1").await.unwrap().as_deref(), Some("[]"));
    })
    .await;
}

#[tokio::test]
async fn layouts_save_get_list_delete() {
    each_store(async |s: Store| {
        let mut c = s.conn().await.unwrap();
        layout_save(&mut c, "alice", "junqi", "wall", "aaa").await.unwrap();
        layout_save(&mut c, "alice", "junqi", "attack", "bbb").await.unwrap();
        layout_save(&mut c, "alice", "junqi", "wall", "ccc").await.unwrap();
        layout_save(&mut c, "bob", "junqi", "wall", "ddd").await.unwrap();
        // Same user and name in another family: a different layout.
        layout_save(&mut c, "alice", "lhk", "wall", "eee").await.unwrap();
        assert_eq!(layout_get(&mut c, "alice", "junqi", "wall").await.unwrap().as_deref(), Some("ccc"));
        assert_eq!(
            layout_list(&mut c, "alice", "junqi").await.unwrap(),
            [("attack".to_string(), "bbb".to_string()), ("wall".to_string(), "ccc".to_string())]
        );
        assert_eq!(layout_list(&mut c, "alice", "lhk").await.unwrap(), [("wall".to_string(), "eee".to_string())]);
        assert!(layout_delete(&mut c, "alice", "junqi", "wall").await.unwrap());
        assert!(!layout_delete(&mut c, "alice", "junqi", "wall").await.unwrap());
        assert_eq!(layout_get(&mut c, "alice", "junqi", "wall").await.unwrap(), None);
        assert_eq!(layout_get(&mut c, "alice", "lhk", "wall").await.unwrap().as_deref(), Some("eee"));
        assert_eq!(layout_get(&mut c, "bob", "junqi", "wall").await.unwrap().as_deref(), Some("ddd"));
    })
    .await;
}

#[tokio::test]
async fn last_layout_is_remembered() {
    each_store(async |s: Store| {
        let mut c = s.conn().await.unwrap();
        assert_eq!(last_layout_get(&mut c, "alice", "junqi").await.unwrap(), None);
        last_layout_set(&mut c, "alice", "junqi", "one").await.unwrap();
        last_layout_set(&mut c, "alice", "junqi", "two").await.unwrap();
        last_layout_set(&mut c, "alice", "lhk", "three").await.unwrap();
        assert_eq!(last_layout_get(&mut c, "alice", "junqi").await.unwrap().as_deref(), Some("two"));
        assert_eq!(last_layout_get(&mut c, "alice", "lhk").await.unwrap().as_deref(), Some("three"));
    })
    .await;
}

#[tokio::test]
async fn deadlines_set_get_clear_due_remind() {
    each_store(async |s: Store| {
        let a = new_game(&s).await;
        let b = new_game(&s).await;
        let c3 = new_game(&s).await;
        let mut c = s.conn().await.unwrap();
        let d = |game_id, due: Option<i64>, remind: Option<i64>| DeadlineRow {
            game_id,
            kind: "move".into(),
            seat: Some(0),
            due_at: due,
            remind_at: remind,
            remaining: None,
        };
        deadline_set(&mut c, &d(a, Some(300), Some(200))).await.unwrap();
        deadline_set(&mut c, &d(b, Some(100), Some(50))).await.unwrap();
        deadline_set(&mut c, &d(c3, None, None)).await.unwrap();
        assert_eq!(deadline_get(&mut c, a).await.unwrap(), Some(d(a, Some(300), Some(200))));
        let due: Vec<i64> = deadlines_due(&mut c, 300).await.unwrap().iter().map(|d| d.game_id).collect();
        assert_eq!(due, [b, a]);
        let rem: Vec<i64> = reminders_due(&mut c, 250).await.unwrap().iter().map(|d| d.game_id).collect();
        assert_eq!(rem, [a]);
        assert_eq!(next_wakeup(&mut c).await.unwrap(), Some(50));
        assert!(deadline_clear(&mut c, b).await.unwrap());
        assert!(!deadline_clear(&mut c, b).await.unwrap());
        assert_eq!(next_wakeup(&mut c).await.unwrap(), Some(200));
        deadline_set(&mut c, &d(a, Some(900), None)).await.unwrap();
        assert_eq!(deadline_get(&mut c, a).await.unwrap().unwrap().due_at, Some(900));
    })
    .await;
}

#[tokio::test]
async fn held_back_writes_go_out_in_one_flush() {
    each_store(async |s: Store| {
        let id = new_game(&s).await;
        let mut tx = s.begin().await.unwrap();
        let mut later = Later::default();
        assert!(later.is_empty());
        // Nothing is flushed: an empty flush is a no-op.
        later.flush(&mut tx).await.unwrap();
        let mut g = game_get(&mut tx, id).await.unwrap().unwrap();
        g.status = status::PLAYING.into();
        g.updated_at = 200;
        later.event_append(id, "move", Some(0), "c6-c7", 200);
        later.event_append(id, "move", Some(1), "c7-c6", 201);
        later.game_update(&g);
        let d = DeadlineRow {
            game_id: id,
            kind: "move".into(),
            seat: Some(0),
            due_at: Some(900),
            remind_at: Some(800),
            remaining: None,
        };
        later.deadline_set(&d);
        later.request_put("r1", "alice", "[]", 201);
        assert!(!later.is_empty());
        // Held back: not written yet.
        assert!(events_of(&mut tx, id).await.unwrap().is_empty());
        later.flush(&mut tx).await.unwrap();
        assert!(later.is_empty());
        tx.commit().await.unwrap();
        let mut c = s.conn().await.unwrap();
        let events = events_of(&mut c, id).await.unwrap();
        assert_eq!(events.iter().map(|e| (e.seq, e.body.as_str())).collect::<Vec<_>>(), [(1, "c6-c7"), (2, "c7-c6")]);
        assert_eq!(game_get(&mut c, id).await.unwrap().unwrap().status, status::PLAYING);
        assert_eq!(deadline_get(&mut c, id).await.unwrap().unwrap().due_at, Some(900));
        assert_eq!(request_get(&mut c, "alice", "r1").await.unwrap().as_deref(), Some("[]"));
    })
    .await;
}

#[tokio::test]
async fn a_failing_held_back_write_is_an_error() {
    each_store(async |s: Store| {
        let mut tx = s.begin().await.unwrap();
        let mut later = Later::default();
        later.request_put("r1", "alice", "[]", 1);
        // The same request id twice: the second insert fails, so the flush does.
        later.request_put("r1", "alice", "[]", 1);
        assert!(later.flush(&mut tx).await.is_err());
    })
    .await;
}

#[tokio::test]
async fn a_turn_for_a_request_id_finds_an_earlier_one() {
    each_store(async |s: Store| {
        let (mut turn, commit) = s.turn_for("alice", "r1").await.unwrap();
        assert_eq!(turn.seen(), None);
        request_put(turn.conn(), "r1", "alice", "[1]", 1).await.unwrap();
        turn.finish(true);
        commit.wait().await.unwrap();
        let (mut turn, commit) = s.turn_for("alice", "r1").await.unwrap();
        assert_eq!(turn.seen().as_deref(), Some("[1]"));
        turn.finish(true);
        commit.wait().await.unwrap();
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_wal_is_checkpointed_off_the_commands_path() {
    let dir = std::env::temp_dir().join(format!("jqr-wal-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("wal.db");
    let s = Store::open(&path, Durability::Normal).await.unwrap();
    // Each command writes a fresh 4 KiB row: 2,000 of them put more than 8 MiB through the WAL,
    // far below the write connection's own checkpoint (about 40 MB). Writes pause now and then,
    // as on a real server; the writer's checkpoints then let the WAL start over. A pause lasts
    // until the checkpoint task is done (at least 200 ms, at most 10 s), not a fixed time that a
    // loaded machine can outlast.
    let big = "x".repeat(4000);
    for i in 0..2000 {
        let (mut turn, commit) = s.turn().await.unwrap();
        layout_save(turn.conn(), "alice", "junqi", &format!("l{i}"), &big).await.unwrap();
        turn.finish(true);
        commit.wait().await.unwrap();
        if i % 250 == 249 {
            tokio::time::sleep(std::time::Duration::from_millis(200)).await;
            for _ in 0..200 {
                if !s.checkpointing() {
                    break;
                }
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            }
        }
    }
    let wal = std::fs::metadata(dir.join("wal.db-wal")).map(|m| m.len()).unwrap_or(0);
    assert!(wal < 5 << 20, "the WAL grew to {wal} bytes: checkpoints do not run");
    let mut c = s.conn().await.unwrap();
    assert_eq!(layout_list(&mut c, "alice", "junqi").await.unwrap().len(), 2000);
    drop(c);
    drop(s);
    let _ = std::fs::remove_dir_all(&dir);
}
