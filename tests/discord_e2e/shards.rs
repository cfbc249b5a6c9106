//! Two bot processes, one PostgreSQL database, one fake Discord that shards (issue 18 point 3):
//! two `junqi-referee serve` processes reaching the fake through `JUNQI_DISCORD_PROXY`, bot A
//! running shard 0 of 2 (every DM, so every deployment panel's button, and the commands'
//! registration), bot B shard 1 of 2, where the fake's server lands (`(guild_id >> 22) % 2`).
//! A game challenged, accepted and played in its thread through B, deployed from the DM panels
//! through A, plays to its result; each bot sees the other's writes. PostgreSQL only
//! (`JUNQI_TEST_POSTGRES`, which `.ci/run` sets): an SQLite file belongs to one process.

use serde_json::json;
use sqlx::{Connection, Executor};

use super::{ALICE, BOB, Harness, ShardRange, begin_by_panels, command_answer, command_posts, content, posts_to, said};
use crate::support::fake_discord::{APP_ID, GUILD_ID, payload};

/// A new schema of the test server's database: its name, and the URL that puts the bots' tables
/// in it.
async fn fresh_schema(url: &str) -> (String, String) {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos();
    let schema = format!("shards_{}_{}", std::process::id(), nanos % 1_000_000_007);
    let mut admin = sqlx::PgConnection::connect(url).await.expect("JUNQI_TEST_POSTGRES answers");
    admin.execute(sqlx::AssertSqlSafe(format!("CREATE SCHEMA {schema}"))).await.unwrap();
    admin.close().await.unwrap();
    let sep = if url.contains('?') { '&' } else { '?' };
    let schema_url = format!("{url}{sep}options[search_path]={schema}");
    (schema, schema_url)
}

/// Renames a schema: the bots' tables go out of their reach, or come back.
async fn rename_schema(url: &str, from: &str, to: &str) {
    let mut admin = sqlx::PgConnection::connect(url).await.unwrap();
    admin.execute(sqlx::AssertSqlSafe(format!("ALTER SCHEMA {from} RENAME TO {to}"))).await.unwrap();
    admin.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_whose_thread_is_on_one_shard_and_panels_on_the_other_plays_to_its_end() {
    let Some(url) = std::env::var("JUNQI_TEST_POSTGRES").ok().filter(|u| !u.trim().is_empty()) else {
        eprintln!("JUNQI_TEST_POSTGRES is not set: the two-process bot test needs PostgreSQL (.ci/run sets it)");
        return;
    };
    assert_eq!(ShardRange::shard_of(GUILD_ID, 2), 1, "the fake's server is on shard 1 of 2");
    let (schema, database) = fresh_schema(&url).await;
    let mut h = Harness::unbooted(false).await;
    // A first, so that the schema is migrated once; then B on the same database.
    let mut a = Bot::serve(&h, &database, "0/2");
    h.fake.wait_shard(0, 60).await;
    let mut b = Bot::serve(&h, &database, "1/2");
    h.fake.wait_shard(1, 60).await;
    h.fake.wait_for(30, "command registration", |r| r.iter().any(|x| x.method == "PUT")).await;
    let (identifies, _) = h.fake.sessions().await;
    assert_eq!(identifies, 2, "one gateway session per shard");

    // The challenge and the Accept arrive on shard 1: bot B opens the thread and sends the
    // panels. Their Confirm buttons are pressed in DMs: they arrive on shard 0, bot A deploys, and
    // A announces the start in the thread B opened (found in the shared database).
    let (thread, _) = begin_by_panels(&mut h, "junqi", "to game #1: junqi, dark").await;

    // Moves in the thread go to bot B, whose cached game A has since changed: it plays on the
    // stored one. A move by the side not to move is refused in private.
    let r = command_answer(&mut h, BOB, thread, "play", &[("action", json!("b7-b8"))]).await;
    assert!(
        r.iter().any(|x| said(x, "not your turn", "还没轮到你")),
        "{:?}",
        r.iter().map(content).collect::<Vec<_>>()
    );
    let offered = h.complete(ALICE, thread, "play", &[("action", "")], "action").await;
    assert!(!offered.is_empty(), "Red has moves");
    // The database drops every connection of both bots (a restart, a failover): Red's move either
    // goes through on fresh connections or is refused with the translated "try again", nothing
    // kept; sent again, it goes through, and the game goes on.
    drop_connections(&url).await;
    play_through_a_drop(&mut h, ALICE, thread, &offered[0]).await;
    let offered = h.complete(BOB, thread, "play", &[("action", "")], "action").await;
    // The database fails every command for a while (the tables out of reach): Blue's move is
    // answered with the translated "try again" (Bob's Discord is in English), nothing posted or
    // kept; once the database is back, the same move goes through.
    let away = format!("{schema}_away");
    rename_schema(&url, &schema, &away).await;
    let before = posts_to(&h.fake.requests().await, thread).len();
    let r = command_answer(&mut h, BOB, thread, "play", &[("action", json!(offered[0]))]).await;
    let told = r.iter().map(content).collect::<Vec<_>>().join(" ");
    assert!(told.contains("cannot reach its database") && told.contains("try again"), "{told}");
    rename_schema(&url, &away, &schema).await;
    assert_eq!(posts_to(&h.fake.requests().await, thread).len(), before, "nothing posted");
    command_posts(&mut h, BOB, thread, "play", &[("action", json!(offered[0]))], &offered[0]).await;
    command_posts(&mut h, ALICE, thread, "resign", &[], "is over").await;
    let all = h.fake.requests().await;
    let over = posts_to(&all, thread).iter().map(content).find(|c| c.contains("is over")).unwrap();
    assert!(over.contains("Blue") && over.contains("wins — resignation"), "{over}");

    // Each event went where Discord sends it: DMs on shard 0, the server's on shard 1; and the
    // commands were registered once, by the process running shard 0.
    let sent = h.fake.sent_interactions().await;
    let dm_buttons: Vec<u32> = sent.iter().filter(|(_, guild, _)| !guild).map(|(_, _, shard)| *shard).collect();
    let server: Vec<u32> = sent.iter().filter(|(_, guild, _)| *guild).map(|(_, _, shard)| *shard).collect();
    assert_eq!(dm_buttons, vec![0, 0], "the two Confirm presses");
    assert!(server.len() >= 8 && server.iter().all(|s| *s == 1), "{server:?}");
    let registrations = all.iter().filter(|x| x.method == "PUT" && x.path.ends_with("/commands")).count();
    assert_eq!(registrations, 1, "only the process with shard 0 registers the commands");
    assert!(a.running() && b.running(), "both processes still serve");
}

/// Ends every other connection to the test server's databases, as a restarting server does.
async fn drop_connections(url: &str) {
    let mut admin = sqlx::PgConnection::connect(url).await.unwrap();
    let ended: Vec<(bool,)> = sqlx::query_as(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND datname IS NOT NULL",
    )
    .fetch_all(&mut admin)
    .await
    .unwrap();
    assert!(ended.len() >= 2, "both bots had connections: {}", ended.len());
    admin.close().await.unwrap();
}

/// `/junqi play action` by `who` until the move is posted in the thread: a refusal on the way may
/// only be the database's "try again" (in 简体, the player's language), at most twice.
async fn play_through_a_drop(h: &mut Harness, who: (u64, &str), thread: u64, action: &str) {
    for _ in 0..3 {
        let before = posts_to(&h.fake.requests().await, thread).len();
        let id = h.id();
        let id = h.interact(payload::command(id, who, thread, "play", &[("action", json!(action))])).await;
        let answer = format!("/webhooks/{APP_ID}/tok-{id}");
        let all = h
            .fake
            .wait_for(20, "the move, or a 'try again'", |r| {
                posts_to(r, thread).iter().skip(before).any(|x| content(x).contains(action))
                    || r.iter().any(|x| x.path.contains(&answer) && content(x).contains("数据库"))
            })
            .await;
        if posts_to(&all, thread).iter().skip(before).any(|x| content(x).contains(action)) {
            return;
        }
        let told = all.iter().filter(|x| x.path.contains(&answer)).map(content).collect::<Vec<_>>().join(" ");
        assert!(told.contains("请过一会儿再试") && told.contains("参考编号"), "{told}");
        eprintln!("after the drop, {action} was refused with: {told}");
    }
    panic!("{action} never went through after the database dropped its connections");
}

/// A `junqi-referee serve` process, killed when dropped.
struct Bot {
    child: std::process::Child,
    /// Where its log goes: shown if the test fails, removed otherwise (the database's failures
    /// the test causes are logged as errors, which would only alarm a reader of a passing run).
    log: std::path::PathBuf,
}

impl Bot {
    /// Starts the bot binary on `database` with the shards `shards`, its REST calls going to
    /// the fake (as to a rate-limiting proxy), its gateway the fake's.
    fn serve(h: &Harness, database: &str, shards: &str) -> Bot {
        let dir = std::env::temp_dir();
        let log = dir.join(format!("junqi-shard-{}-{}.log", std::process::id(), shards.replace('/', "of")));
        let child = std::process::Command::new(env!("CARGO_BIN_EXE_junqi-referee"))
            .arg("serve")
            .current_dir(&dir)
            .env_remove("JUNQI_CONFIG")
            .env("DISCORD_TOKEN", "fake-token")
            .env("JUNQI_DATABASE", database)
            .env("JUNQI_SHARDS", shards)
            .env("JUNQI_DISCORD_PROXY", &h.fake.rest_url)
            .env("JUNQI_DEV_GUILD", GUILD_ID.to_string())
            .env("RUST_LOG", "warn")
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::fs::File::create(&log).expect("a log file"))
            .spawn()
            .expect("start junqi-referee serve");
        Bot { child, log }
    }

    fn running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if std::thread::panicking() {
            let text = std::fs::read_to_string(&self.log).unwrap_or_default();
            eprintln!("log of {}:\n{text}", self.log.display());
        }
        let _ = std::fs::remove_file(&self.log);
    }
}
