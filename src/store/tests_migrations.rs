//! The migrations that move rows (0007 seats, secrets and layouts; 0008 the `games` rebuild; 0009
//! through the 0008 test): databases written by older code open with every row where it belongs.

use sqlx::sqlite::{SqliteConnectOptions, SqliteConnection, SqlitePoolOptions};

use super::tests::{game, store};
use super::*;

/// A database written at migration 0006 (players in games.red/blue for two-seat games, the 翻棋
/// deal in flip_games, layouts without a family) opens with 0007 applied, every row moved exactly,
/// and its live games go on through the referee.
#[sqlx::test(migrations = false)]
async fn migration_0007_moves_seats_secrets_and_layouts(_p: SqlitePoolOptions, o: SqliteConnectOptions) {
    use crate::referee::{Action, Command, ManualClock, Referee};
    use crate::rules::flip::Deal;
    use crate::rules::rng::Rng;
    use crate::rules::setup::Setup;
    use crate::rules::shuffle::{self, Seed};
    use crate::rules::{Seat, Variant};

    // The old schema, as the pre-0007 code left it.
    let old = SqlitePoolOptions::new().max_connections(1).connect_with(o.clone().foreign_keys(true)).await.unwrap();
    MIGRATOR.run_to(6, &old).await.unwrap();
    let v = Variant::junqi();
    let mut rng = Rng::new(11);
    let setups: Vec<String> = (0..2).map(|_| Setup::random(v, &mut rng).to_code_string(v)).collect();
    let seed = Seed([7; 32]);
    let deal = Deal::from_seed(&seed).to_string();
    let commitment = shuffle::commit(&seed, &deal);
    let insert_game =
        "INSERT INTO games (id, server_id, variant, mode, rules, per_move, challenger, invited, red, blue,
                           status, created_at, updated_at) VALUES (?, '', ?, ?, '', NULL, ?, ?, ?, ?, ?, 1, 1)";
    /// id, variant, mode, challenger, invited, red, blue, status.
    type OldGame<'a> = (i64, &'a str, &'a str, &'a str, Option<&'a str>, Option<&'a str>, Option<&'a str>, &'a str);
    #[rustfmt::skip]
    let games: [OldGame; 5] = [
        (1, "junqi", "dark", "alice", Some("bob"), Some("alice"), Some("bob"), "playing"),
        (2, "junqi-flip", "open", "alice", Some("bob"), Some("bob"), Some("alice"), "playing"),
        (3, "junqi4", "dark", "alice", None, None, None, "deploying"),
        (4, "junqi", "reveal", "dora", None, None, None, "challenged"),
        // A duel whose challenger chose North: only the blue column was set.
        (5, "junqi4-duel", "open", "carol", Some("dora"), None, Some("carol"), "challenged"),
    ];
    for (id, variant, mode, challenger, invited, red, blue, st) in games {
        sqlx::query(insert_game)
            .bind(id)
            .bind(variant)
            .bind(mode)
            .bind(challenger)
            .bind(invited)
            .bind(red)
            .bind(blue)
            .bind(st)
            .execute(&old)
            .await
            .unwrap();
    }
    for (seat, setup) in setups.iter().enumerate() {
        let user = ["alice", "bob"][seat];
        sqlx::query("INSERT INTO deployments (game_id, seat, user_id, setup) VALUES (1, ?, ?, ?)")
            .bind(seat as i64)
            .bind(user)
            .bind(setup)
            .execute(&old)
            .await
            .unwrap();
    }
    sqlx::query("INSERT INTO flip_games (game_id, shuffle, seed, commitment, deal) VALUES (2, ?, ?, ?, ?)")
        .bind(shuffle::SHUFFLE_NAME)
        .bind(seed.to_hex())
        .bind(&commitment)
        .bind(&deal)
        .execute(&old)
        .await
        .unwrap();
    for (seat, user) in ["alice", "bob", "carol", "dora"].into_iter().enumerate() {
        sqlx::query("INSERT INTO game_seats (game_id, seat, user_id) VALUES (3, ?, ?)")
            .bind(seat as i64)
            .bind(user)
            .execute(&old)
            .await
            .unwrap();
    }
    for sql in [
        "INSERT INTO game_modes (game_id, mode) VALUES (3, 'partners')",
        "INSERT INTO layouts (user_id, name, setup) VALUES ('alice', 'wall', 'aaa'), ('alice', 'rush', 'bbb'),
             ('bob', 'wall', 'ccc')",
        "INSERT INTO last_layouts (user_id, setup) VALUES ('alice', 'ddd'), ('carol', 'eee')",
    ] {
        sqlx::query(sql).execute(&old).await.unwrap();
    }
    old.close().await;

    // Opening with the current code applies 0007.
    let s = store(o).await;
    let mut c = s.conn().await.unwrap();
    let seats_of = async |c: &mut Conn, id: i64| game_get(c, id).await.unwrap().unwrap().seats;
    let two = |a: Option<&str>, b: Option<&str>| seats::Seats::two(a.map(Into::into), b.map(Into::into));
    assert_eq!(seats_of(&mut c, 1).await, two(Some("alice"), Some("bob")));
    assert_eq!(seats_of(&mut c, 2).await, two(Some("bob"), Some("alice")), "翻棋: red was P1");
    let four = seats_of(&mut c, 3).await;
    assert_eq!(four.to_vec(4), ["alice", "bob", "carol", "dora"].map(|u| Some(u.to_string())));
    assert_eq!(seats_of(&mut c, 4).await, seats::Seats::default());
    assert_eq!(seats_of(&mut c, 5).await, two(None, Some("carol")));
    let all: Vec<(i64, i64, String)> =
        sqlx::query_as("SELECT game_id, seat, user_id FROM game_seats ORDER BY game_id, seat")
            .fetch_all(&mut *c)
            .await
            .unwrap();
    assert_eq!(all.len(), 2 + 2 + 4 + 1, "{all:?}");
    let mine: Vec<i64> = games_of_user(&mut c, "carol").await.unwrap().iter().map(|g| g.id).collect();
    assert_eq!(mine, [3, 5]);
    // The old columns and table are gone, so nothing can read them by mistake.
    assert!(sqlx::query("SELECT red FROM games").fetch_all(&mut *c).await.is_err());
    assert!(sqlx::query("SELECT * FROM flip_games").fetch_all(&mut *c).await.is_err());
    // Rows that 0007 does not touch are still there.
    assert_eq!(deployments_get(&mut c, 1).await.unwrap().len(), 2);
    assert_eq!(seats::mode_get(&mut c, 3).await.unwrap().as_deref(), Some("partners"));
    let g3 = game_get(&mut c, 3).await.unwrap().unwrap();
    assert_eq!((g3.mode.as_str(), g3.status.as_str()), ("partners", "deploying"), "0008 ran too");

    // The deal, in game_secrets, still refuses edits.
    let want = flip::FlipRow {
        game_id: 2,
        shuffle: shuffle::SHUFFLE_NAME.into(),
        seed: seed.to_hex(),
        commitment: commitment.clone(),
        deal: deal.clone(),
    };
    assert_eq!(flip::flip_get(&mut c, 2).await.unwrap(), Some(want));
    assert_eq!(flip::flip_get(&mut c, 1).await.unwrap(), None);
    let edit = sqlx::query("UPDATE game_secrets SET body = 'x' WHERE game_id = 2").execute(&mut *c).await;
    assert!(edit.unwrap_err().to_string().contains("a flip deal never changes"));
    assert!(sqlx::query("DELETE FROM game_secrets").execute(&mut *c).await.is_err());

    // Layouts: every old row in the 'junqi' family.
    assert_eq!(
        layout_list(&mut c, "alice", "junqi").await.unwrap(),
        [("rush".to_string(), "bbb".to_string()), ("wall".to_string(), "aaa".to_string())]
    );
    assert_eq!(layout_get(&mut c, "bob", "junqi", "wall").await.unwrap().as_deref(), Some("ccc"));
    assert_eq!(last_layout_get(&mut c, "alice", "junqi").await.unwrap().as_deref(), Some("ddd"));
    assert_eq!(last_layout_get(&mut c, "carol", "junqi").await.unwrap().as_deref(), Some("eee"));
    let n: (i64,) = sqlx::query_as("SELECT COUNT(*) FROM layouts").fetch_one(&mut *c).await.unwrap();
    assert_eq!(n.0, 3);
    let broken: Vec<(String, i64, String, i64)> =
        sqlx::query_as("PRAGMA foreign_key_check").fetch_all(&mut *c).await.unwrap();
    assert!(broken.is_empty(), "{broken:?}");
    drop(c);

    // The live games go on: the referee finds the players in their seats.
    let r = Referee::new(s.clone(), std::sync::Arc::new(ManualClock::new(1000)));
    assert_eq!(r.seat_users(1).await.unwrap(), [Some("alice".to_string()), Some("bob".to_string())]);
    let (bob, _) = r.picture(1, Some("bob")).await.unwrap().unwrap();
    assert_eq!(bob.audience(), crate::rules::contract::Audience::Seat(Seat::BLUE));
    assert!(!bob.tokens.is_empty());
    let cmd = |user: &str, request: &str, action| Command {
        user: user.into(),
        request: request.into(),
        server: String::new(),
        action,
    };
    r.handle(cmd("bob", "r1", Action::Resign(1))).await.unwrap();
    let g1 = game_get(&mut s.conn().await.unwrap(), 1).await.unwrap().unwrap();
    assert_eq!(g1.result.as_deref(), Some("red_wins:resign"));
    // 翻棋: bob is P1 and moves first; the deal is read back from game_secrets.
    let (public, kind) = r.picture(2, None).await.unwrap().unwrap();
    assert_eq!(kind.setup, crate::rules::contract::SetupStyle::Deal);
    assert_eq!(r.seat_users(2).await.unwrap()[0].as_deref(), Some("bob"));
    assert_eq!(public.to_move, Some(Seat(0)));
    r.handle(cmd("bob", "f1", Action::Move(2, "+a1".into()))).await.unwrap();
    // The 4-player game: the last layout of the family is offered to its players.
    assert_eq!(r.last_layout("alice", Some(3)).await.unwrap().as_deref(), Some("ddd"));
    assert_eq!(r.layout_names("alice", Some(3)).await.unwrap(), ["rush", "wall"]);
    s.close().await;
}

/// What `sqlite_master` says of the schema: (type, name, table, sql), every object.
async fn schema_of(c: &mut SqliteConnection) -> Vec<(String, String, String, String)> {
    sqlx::query_as("SELECT type, name, tbl_name, ifnull(sql, '') FROM sqlite_master ORDER BY type, name")
        .fetch_all(c)
        .await
        .unwrap()
}

/// Per table: its columns (name, type, not null, default, pk) and its foreign keys (table, from,
/// to, on update, on delete, match), as text.
async fn columns_and_keys_of(c: &mut SqliteConnection) -> Vec<(String, Vec<String>, Vec<String>)> {
    let tables: Vec<String> = sqlx::query_scalar("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .fetch_all(&mut *c)
        .await
        .unwrap();
    let mut out = Vec::new();
    for t in tables {
        let cols: Vec<String> = sqlx::query_scalar(
            "SELECT cid || ' ' || name || ' ' || type || ' ' || \"notnull\" || ' ' || ifnull(dflt_value, '-') || ' ' || pk
             FROM pragma_table_info(?1) ORDER BY cid",
        )
        .bind(&t)
        .fetch_all(&mut *c)
        .await
        .unwrap();
        let keys: Vec<String> = sqlx::query_scalar(
            "SELECT id || ' ' || \"table\" || ' ' || \"from\" || ' ' || ifnull(\"to\", '-') || ' ' || on_update || ' '
                    || on_delete || ' ' || \"match\"
             FROM pragma_foreign_key_list(?1) ORDER BY id, seq",
        )
        .bind(&t)
        .fetch_all(&mut *c)
        .await
        .unwrap();
        out.push((t, cols, keys));
    }
    out
}

/// Every row of every table but `_sqlx_migrations`, each as its quoted values, by rowid.
async fn rows_of(c: &mut SqliteConnection) -> Vec<(String, Vec<String>)> {
    let tables: Vec<String> = sqlx::query_scalar(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name <> '_sqlx_migrations' ORDER BY name",
    )
    .fetch_all(&mut *c)
    .await
    .unwrap();
    let mut out = Vec::new();
    for t in tables {
        let cols: Vec<String> = sqlx::query_scalar("SELECT name FROM pragma_table_info(?1) ORDER BY cid")
            .bind(&t)
            .fetch_all(&mut *c)
            .await
            .unwrap();
        let expr = cols.iter().map(|c| format!("quote(\"{c}\")")).collect::<Vec<_>>().join(" || ',' || ");
        let sql = format!("SELECT {expr} FROM \"{t}\" ORDER BY rowid");
        let rows: Vec<String> = sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).fetch_all(&mut *c).await.unwrap();
        out.push((t, rows));
    }
    out
}

/// A database at 0007 with a row in every table that references games opens with 0008 applied:
/// `games.mode` takes any key, partners games hold `partners`, and everything else (rows,
/// columns, foreign keys, indexes, triggers, the AUTOINCREMENT counter) is as it was.
#[sqlx::test(migrations = false)]
async fn migration_0008_drops_the_mode_check_and_keeps_the_rest(_p: SqlitePoolOptions, o: SqliteConnectOptions) {
    // sqlx saw the first line: 0008 alone runs outside sqlx's transaction.
    let no_tx: Vec<i64> = MIGRATOR.iter().filter(|m| m.no_tx).map(|m| m.version).collect();
    assert_eq!(no_tx, [8]);

    let old = SqlitePoolOptions::new().max_connections(1).connect_with(o.clone().foreign_keys(true)).await.unwrap();
    MIGRATOR.run_to(7, &old).await.unwrap();
    let deal = "G".repeat(50);
    let hex = "0".repeat(64);
    for sql in [
        "INSERT INTO tournaments (id, server_id, name, organiser, format, variant, mode, rules, status, created_at)
             VALUES (1, 's', 'cup', 'alice', 'round-robin', 'junqi', 'dark', '', 'running', 1)",
        "INSERT INTO games (id, server_id, variant, mode, rules, per_move, challenger, invited, status, first_seat,
                            draw_offer, result, rematch_of, created_at, updated_at) VALUES
             (1, 's', 'junqi', 'dark', '', 3600, 'alice', 'bob', 'playing', 0, 1, NULL, NULL, 1, 2),
             (2, 's', 'junqi-flip', 'open', '', NULL, 'bob', 'alice', 'playing', 0, NULL, NULL, NULL, 3, 4),
             (3, 's', 'junqi4', 'dark', 'x=1', NULL, 'alice', NULL, 'deploying', 0, NULL, NULL, NULL, 5, 6),
             (4, 's', 'junqi', 'reveal', '', NULL, 'alice', 'bob', 'finished', 1, NULL, 'red_wins:resign', 1, 7, 8),
             (5, 't', 'junqi4-duel', 'open', '', 60, 'carol', 'dora', 'challenged', 0, NULL, NULL, NULL, 9, 9),
             (6, 't', 'junqi', 'dark', '', NULL, 'carol', NULL, 'challenged', 0, NULL, NULL, NULL, 9, 9)",
        // The highest id goes away: the counter (6) is above the largest id left (5).
        "DELETE FROM games WHERE id = 6",
        "INSERT INTO game_seats (game_id, seat, user_id) VALUES (1, 0, 'alice'), (1, 1, 'bob'), (2, 0, 'bob'),
             (2, 1, 'alice'), (3, 0, 'alice'), (3, 1, 'bob'), (3, 2, 'carol'), (3, 3, 'dora'), (4, 0, 'alice'),
             (4, 1, 'bob'), (5, 1, 'carol')",
        "INSERT INTO game_modes (game_id, mode) VALUES (3, 'partners')",
        "INSERT INTO deployments (game_id, seat, user_id, setup) VALUES (1, 0, 'alice', 'aaa'), (1, 1, 'bob', 'bbb')",
        "INSERT INTO events (game_id, seq, kind, seat, body, at) VALUES (1, 1, 'move', 0, 'c6-c7', 10),
             (1, 2, 'move', 1, 'e7-e6', 11), (4, 1, 'resign', 1, '', 12)",
        "INSERT INTO deadlines (game_id, kind, seat, due_at, remind_at, remaining) VALUES (1, 'move', 0, 100, 90, NULL),
             (5, 'challenge', NULL, 200, NULL, NULL)",
        "INSERT INTO marks (game_id, user_id, point, piece, ply) VALUES (1, 'alice', 'c9', 'a', 2)",
        "INSERT INTO discord_games (game_id, channel) VALUES (1, 'c1')",
        "INSERT INTO discord_challenges (game_id, channel, message) VALUES (5, 'c2', 'm2')",
        "INSERT INTO pairings (tournament_id, round, board, red, blue, game_id, result)
             VALUES (1, 1, 1, 'alice', 'bob', 4, 'red')",
        "INSERT INTO deploy_suggestions (game_id, user_id, setup) VALUES (3, 'dora', 'ccc')",
    ] {
        sqlx::query(sql).execute(&old).await.unwrap();
    }
    sqlx::query(
        "INSERT INTO game_secrets (game_id, seat, kind, body, shuffle, seed, commitment)
             VALUES (2, NULL, 'deal', ?, 'fy-chacha20/1', ?, ?)",
    )
    .bind(&deal)
    .bind(&hex)
    .bind(&hex)
    .execute(&old)
    .await
    .unwrap();
    let mut c = old.acquire().await.unwrap();
    let schema_before = schema_of(&mut c).await;
    let columns_before = columns_and_keys_of(&mut c).await;
    let rows_before = rows_of(&mut c).await;
    drop(c);
    old.close().await;
    // Every table that references games has a row that does (games itself: rematch_of).
    let referencing: Vec<&String> = columns_before
        .iter()
        .filter(|(_, _, keys)| keys.iter().any(|k| k.contains(" games ")))
        .map(|(t, _, _)| t)
        .collect();
    assert_eq!(referencing.len(), 12, "{referencing:?}");
    for t in referencing {
        let (_, rows) = rows_before.iter().find(|(name, _)| name == t).unwrap();
        assert!(!rows.is_empty(), "{t} has no row");
    }

    // Migrating applies 0008; what it left is compared as 0009 left it (0010 changes `requests`
    // and adds `outbox`: its own test checks those).
    let upto = SqlitePoolOptions::new().max_connections(1).connect_with(o.clone().foreign_keys(true)).await.unwrap();
    MIGRATOR.run_to(9, &upto).await.unwrap();
    let mut c = upto.acquire().await.unwrap();
    let applied: Vec<(i64, bool)> = sqlx::query_as("SELECT version, success FROM _sqlx_migrations ORDER BY version")
        .fetch_all(&mut *c)
        .await
        .unwrap();
    assert!(applied.contains(&(8, true)), "{applied:?}");
    assert!(applied.iter().all(|&(_, ok)| ok), "{applied:?}");

    // The schema: only the CHECK on games.mode is gone (the rename quotes the table's name).
    let schema_after = schema_of(&mut c).await;
    let games_sql = |schema: &[(String, String, String, String)]| {
        schema.iter().find(|(ty, name, _, _)| ty == "table" && name == "games").unwrap().3.clone()
    };
    let want = games_sql(&schema_before)
        .replace(" CHECK (mode IN ('dark', 'reveal', 'open'))", "")
        .replace("CREATE TABLE games (", "CREATE TABLE \"games\" (");
    assert_ne!(want, games_sql(&schema_before));
    assert_eq!(games_sql(&schema_after), want);
    let others = |schema: &[(String, String, String, String)]| {
        schema.iter().filter(|(ty, name, _, _)| !(ty == "table" && name == "games")).cloned().collect::<Vec<_>>()
    };
    assert_eq!(others(&schema_after), others(&schema_before), "indexes, triggers and other tables unchanged");
    assert!(
        schema_after
            .iter()
            .any(|(ty, name, tbl, _)| (ty.as_str(), name.as_str(), tbl.as_str()) == ("index", "games_live", "games"))
    );
    assert_eq!(columns_and_keys_of(&mut c).await, columns_before, "columns and foreign keys unchanged");

    // The rows: all kept, the partners game's mode in games.mode (and still in game_modes).
    let mut rows_want = rows_before.clone();
    for (t, rows) in &mut rows_want {
        if t == "games" {
            assert!(rows[2].starts_with("3,'s','junqi4','dark',"), "{rows:?}");
            rows[2] = rows[2].replacen("'dark'", "'partners'", 1);
            // 0009 (which runs next): 翻棋 games hold their kind's mode key, and a 2-player draw
            // offer (Blue's, seat 1) becomes the set of agreeing seats ({Blue} = 2).
            assert!(rows[0].starts_with("1,'s','junqi','dark','',3600,'alice','bob','playing',0,1,"), "{rows:?}");
            rows[0] = rows[0].replacen("'playing',0,1,", "'playing',0,2,", 1);
            assert!(rows[1].starts_with("2,'s','junqi-flip','open',"), "{rows:?}");
            rows[1] = rows[1].replacen("'open'", "'flip'", 1);
        }
    }
    assert_eq!(rows_of(&mut c).await, rows_want);
    // (Read with SQLite's own driver: this connection is not the store's.)
    let mode: String = sqlx::query_scalar("SELECT mode FROM games WHERE id = 3").fetch_one(&mut *c).await.unwrap();
    assert_eq!(mode, "partners");
    let kept: String =
        sqlx::query_scalar("SELECT mode FROM game_modes WHERE game_id = 3").fetch_one(&mut *c).await.unwrap();
    assert_eq!(kept, "partners");
    let broken: Vec<(String, i64, String, i64)> =
        sqlx::query_as("PRAGMA foreign_key_check").fetch_all(&mut *c).await.unwrap();
    assert!(broken.is_empty(), "{broken:?}");
    drop(c);
    upto.close().await;
    let s = store(o.clone()).await;

    // Foreign keys are back on, on the write connection the migration ran on, and they name the
    // new table: a referenced game cannot go, no row can name a game that does not exist.
    let mut tx = s.begin().await.unwrap();
    assert_eq!(sqlx::query_scalar::<_, i64>("PRAGMA foreign_keys").fetch_one(&mut *tx).await.unwrap(), 1);
    let e = sqlx::query("DELETE FROM games WHERE id = 1").execute(&mut *tx).await.unwrap_err();
    assert!(e.to_string().contains("FOREIGN KEY"), "{e}");
    assert!(event_append(&mut tx, 99, "move", Some(0), "c6-c7", 1).await.is_err());
    assert!(
        sqlx::query("INSERT INTO game_seats (game_id, seat, user_id) VALUES (99, 0, 'x')")
            .execute(&mut *tx)
            .await
            .is_err()
    );
    let bad_rematch = GameRow { rematch_of: Some(99), ..game("alice") };
    assert!(game_insert(&mut tx, &bad_rematch).await.is_err());
    drop(tx);
    assert_eq!(s.pragma("foreign_keys").await.unwrap(), "1");

    // The triggers still refuse edits: the event log, the deal.
    let mut c = s.conn().await.unwrap();
    let e = sqlx::query("UPDATE events SET body = 'x' WHERE game_id = 1").execute(&mut *c).await.unwrap_err();
    assert!(e.to_string().contains("events are append-only"), "{e}");
    assert!(sqlx::query("DELETE FROM events WHERE game_id = 4").execute(&mut *c).await.is_err());
    assert_eq!(events_of(&mut c, 1).await.unwrap().len(), 2);
    assert!(sqlx::query("UPDATE game_secrets SET body = 'x'").execute(&mut *c).await.is_err());
    assert!(sqlx::query("DELETE FROM game_secrets").execute(&mut *c).await.is_err());
    // The status CHECK is still there; the mode takes anything.
    let bad = GameRow { status: "paused".into(), ..game("alice") };
    assert!(game_insert(&mut c, &bad).await.is_err());
    // The AUTOINCREMENT counter carried over: id 6, once used, is not used again.
    let id = game_insert(&mut c, &GameRow { mode: "xyz-mode".into(), ..game("alice") }).await.unwrap();
    assert_eq!(id, 7);
    assert_eq!(game_get(&mut c, id).await.unwrap().unwrap().mode, "xyz-mode");
    drop(c);
    s.close().await;
    // (Read with SQLite's own driver, which the schema helpers take.)
    let mut c = <SqliteConnection as sqlx::Connection>::connect_with(&o.clone()).await.unwrap();
    let snapshot = (schema_of(&mut c).await, rows_of(&mut c).await);
    drop(c);

    // Run again (as after a crash between its COMMIT and sqlx's bookkeeping), the file rebuilds
    // the table to the same schema and rows.
    let m8 = MIGRATOR.iter().find(|m| m.version == 8).unwrap();
    let mut c = <SqliteConnection as sqlx::Connection>::connect_with(&o.foreign_keys(true)).await.unwrap();
    sqlx::Executor::execute(&mut c, m8.sql.clone()).await.unwrap();
    assert_eq!((schema_of(&mut c).await, rows_of(&mut c).await), snapshot);
    assert_eq!(sqlx::query_scalar::<_, i64>("PRAGMA foreign_keys").fetch_one(&mut c).await.unwrap(), 1);
}

/// 0008 checks the foreign keys before its COMMIT; a violation fails the store's opening and
/// leaves the database as it was, at 0007.
#[sqlx::test(migrations = false)]
async fn migration_0008_stops_on_a_broken_foreign_key(_p: SqlitePoolOptions, o: SqliteConnectOptions) {
    let old = SqlitePoolOptions::new().max_connections(1).connect_with(o.clone().foreign_keys(false)).await.unwrap();
    MIGRATOR.run_to(7, &old).await.unwrap();
    sqlx::query("INSERT INTO events (game_id, seq, kind, seat, body, at) VALUES (42, 1, 'move', 0, 'c6-c7', 1)")
        .execute(&old)
        .await
        .unwrap();
    let mut c = old.acquire().await.unwrap();
    let schema_before = schema_of(&mut c).await;
    drop(c);
    old.close().await;

    let e = Store::connect(o.clone(), Durability::Normal).await.unwrap_err();
    assert!(matches!(&e, StoreError::Migrate(sqlx::migrate::MigrateError::ExecuteMigration(_, 8))), "{e}");
    assert!(e.to_string().contains("violations = 0"), "{e}");

    let mut c = <SqliteConnection as sqlx::Connection>::connect_with(&o).await.unwrap();
    assert_eq!(schema_of(&mut c).await, schema_before, "rolled back: still the 0007 schema");
    let last: i64 = sqlx::query_scalar("SELECT MAX(version) FROM _sqlx_migrations").fetch_one(&mut c).await.unwrap();
    assert_eq!(last, 7);
}

/// 0010 keys request ids by their user: every stored request keeps its effects, found under its
/// own user only; the outbox starts empty.
#[sqlx::test(migrations = false)]
async fn migration_0010_scopes_request_ids_to_their_user(_p: SqlitePoolOptions, o: SqliteConnectOptions) {
    let old = SqlitePoolOptions::new().max_connections(1).connect_with(o.clone().foreign_keys(true)).await.unwrap();
    MIGRATOR.run_to(9, &old).await.unwrap();
    sqlx::query("INSERT INTO requests (request_id, user_id, effects, at) VALUES ('rdep', 'red', '[1]', 5), ('x', 'blue', '[]', 6)")
        .execute(&old)
        .await
        .unwrap();
    old.close().await;
    let s = store(o).await;
    let mut c = s.conn().await.unwrap();
    assert_eq!(request_get(&mut c, "red", "rdep").await.unwrap().as_deref(), Some("[1]"));
    assert_eq!(request_get(&mut c, "carol", "rdep").await.unwrap(), None);
    assert_eq!(request_get(&mut c, "blue", "x").await.unwrap().as_deref(), Some("[]"));
    // Another user may now use the same id; the same user may not.
    request_put(&mut c, "rdep", "carol", "[2]", 7).await.unwrap();
    assert!(request_put(&mut c, "rdep", "red", "[3]", 8).await.is_err());
    assert_eq!(request_get(&mut c, "red", "rdep").await.unwrap().as_deref(), Some("[1]"));
    assert_eq!(outbox_pending(&mut c, i64::MAX).await.unwrap(), vec![]);
    drop(c);
    s.close().await;
}

/// SQLite's and PostgreSQL's migrations stay in step: the same versions under the same names, so
/// a version names one step of the schema whatever the backend (issue 18).
#[test]
fn both_backends_have_the_same_migration_versions() {
    let of = |m: &sqlx::migrate::Migrator| m.iter().map(|m| (m.version, m.description.to_string())).collect::<Vec<_>>();
    assert_eq!(of(&MIGRATOR), of(&PG_MIGRATOR));
    assert_eq!(of(&MIGRATOR).last().map(|m| m.0), Some(11));
}

/// A database migrated by another build is refused before anything runs, naming both versions: a
/// newer migration this program lacks, or one of its own migrations with other contents.
#[tokio::test]
async fn a_migration_mismatch_is_refused_with_the_versions_named() {
    let dir = std::env::temp_dir().join(format!("junqi-store-version-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("v.db");
    let _ = std::fs::remove_file(&path);
    let mismatch =
        async |s: Store, reopen: &dyn Fn() -> std::pin::Pin<Box<dyn Future<Output = Result<Store, StoreError>>>>| {
            let mut tx = s.begin().await.unwrap();
            // As a newer build would leave it: migration 12, applied.
            dialect::query(
                &tx,
                "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time)
             VALUES (12, 'from the future', TRUE, ?, 0)",
            )
            .bind(vec![0u8])
            .execute(&mut *tx)
            .await
            .unwrap();
            tx.commit().await.unwrap();
            s.close().await;
            let e = reopen().await.unwrap_err();
            assert!(matches!(e, StoreError::Version { database: 12, program: 11, .. }), "{e:?}");
            let text = e.to_string();
            assert!(text.contains("12") && text.contains("11") && text.contains("migration 12"), "{text}");
        };
    let s = Store::open(&path, Durability::Normal).await.unwrap();
    let p = path.clone();
    mismatch(s, &move || {
        let p = p.clone();
        Box::pin(async move { Store::open(&p, Durability::Normal).await })
    })
    .await;
    let _ = std::fs::remove_dir_all(&dir);
    if let Ok(url) = std::env::var(super::testing::POSTGRES_VAR) {
        let (s, schema) = super::testing::postgres_store(&url).await;
        let schema_url = super::testing::schema_url(&url, &schema);
        mismatch(s, &move || {
            let u = schema_url.clone();
            Box::pin(async move { Store::open_url(&u, Durability::Normal).await })
        })
        .await;
        super::testing::drop_schema(&url, &schema).await;
    }
}

/// A store whose every migration is this program's opens again (no false alarm), on SQLite.
#[tokio::test]
async fn a_database_of_this_program_opens_again() {
    let dir = std::env::temp_dir().join(format!("junqi-store-again-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("a.db");
    let _ = std::fs::remove_file(&path);
    Store::open(&path, Durability::Normal).await.unwrap().close().await;
    Store::open(&path, Durability::Normal).await.unwrap().close().await;
    let _ = std::fs::remove_dir_all(&dir);
}
