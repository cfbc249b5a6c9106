//! End-to-end: the real serenity/poise client against a fake Discord on 127.0.0.1 (REST through
//! `HttpBuilder::proxy` with the rate limiter off; the gateway at the `ws://` URL the fake returns).
//! A whole game is played through interactions, then faults are injected.

/// Games against the bot and 托管 by hand (issue 17).
#[path = "discord_e2e/bot.rs"]
mod bot;
/// QQ-style time rules on a test clock: skipped turns, the N-th timeout, total clocks (issue 21
/// point 4), and a takeback pending when a deadline passes (point 3).
#[path = "discord_e2e/clocks.rs"]
mod clocks;
/// The deployment panel's layout editor (issue 21 point 1).
#[path = "discord_e2e/editor.rs"]
mod editor;
/// 海军棋 from challenge to result (issue 15).
#[path = "discord_e2e/haijun.rs"]
mod haijun;
/// `/junqi help`: commands, rules, legend (issue 21 item 6).
#[path = "discord_e2e/help.rs"]
mod help;
/// The README's pictures of the editor panel and the review, drawn from the payloads the bot sent
/// (`JUNQI_REGENERATE=1` rewrites them).
#[path = "discord_e2e/readme_images.rs"]
mod readme_images;
/// What real Discord refuses, through the stricter fake (issue 19).
#[path = "discord_e2e/refusals.rs"]
mod refusals;
/// 陆海空三军棋 from challenge to result (issue 14).
#[path = "discord_e2e/sanjun.rs"]
mod sanjun;
/// 海陆空三军战斗棋 from challenge to result (issue 14).
#[path = "discord_e2e/sanjun30.rs"]
mod sanjun30;
/// Two bots on one PostgreSQL database, each running one of two gateway shards (issue 18).
#[path = "discord_e2e/shards.rs"]
mod shards;
use crate::support;

use std::sync::Arc;
use std::time::Duration;

use junqi_referee::discord::bot::run_with_http;
use junqi_referee::discord::config::Config;
use junqi_referee::discord::shards::ShardRange;
use poise::serenity_prelude::HttpBuilder;
use serde_json::{Value, json};

use junqi_referee::discord::service::RefereeService;
use junqi_referee::referee::{Referee, SystemClock};
use junqi_referee::rules::notation::{format_move, parse_move};
use junqi_referee::rules::{Game, RuleOptions, Seat, Setup, Variant};
use junqi_referee::store::{Durability, Store};
use support::fake_discord::{APP_ID, CHANNEL_ID, FakeDiscord, Fault, GUILD_ID, Recorded, payload};

const ALICE: (u64, &str) = (100_000_000_000_000_001, "alice");
const BOB: (u64, &str) = (100_000_000_000_000_002, "bob");
/// A legal layout (the notation document's example), for both sides.
const LAYOUT: &str = "ghfie cdh akgi bek dfjgj iljch";
/// Piece names that must never appear in public while hidden (the flag may be announced legally).
const HIDDEN: [&str; 11] = ["司令", "军长", "师长", "旅长", "团长", "营长", "连长", "排长", "工兵", "地雷", "炸弹"];

struct Harness {
    fake: FakeDiscord,
    /// The test's own copy of the game (both layouts are known to the test), to choose moves and
    /// to know the legal ones.
    mirror: Option<Game>,
    ids: u64,
    /// The bot's database file (kept across restarts).
    db: std::path::PathBuf,
    message_content: bool,
    /// The running bot.
    bot: Option<tokio::task::JoinHandle<()>>,
    _dir: TempDir,
}

/// A fresh directory for the test's database, removed at the end.
struct TempDir(std::path::PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn mirror_game() -> Game {
    let v = Variant::junqi();
    let deps: Vec<_> =
        [Seat::RED, Seat::BLUE].iter().map(|s| Setup::parse(v, LAYOUT).unwrap().validate(v, *s).unwrap()).collect();
    Game::new(v, RuleOptions::default(), &deps, Seat::RED)
}

impl Harness {
    async fn start(message_content: bool) -> Harness {
        let mut h = Harness::unbooted(message_content).await;
        h.boot().await;
        h
    }

    /// The fake and a database, no bot started yet.
    async fn unbooted(message_content: bool) -> Harness {
        let _ = tracing_subscriber::fmt()
            .with_env_filter(
                tracing_subscriber::EnvFilter::try_from_default_env()
                    .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn")),
            )
            .with_test_writer()
            .try_init();
        let fake = FakeDiscord::start().await;
        static N: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let n = N.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        let dir = std::env::temp_dir().join(format!("junqi-e2e-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let db = dir.join("junqi.db");
        Harness { fake, mirror: None, ids: 5_000_000, db, message_content, bot: None, _dir: TempDir(dir) }
    }

    /// Starts a bot process on the harness's database and waits until it is connected and has
    /// registered its commands.
    async fn boot(&mut self) {
        let (identifies, _) = self.fake.sessions().await;
        let registrations =
            self.fake.requests().await.iter().filter(|x| x.method == "PUT" && x.path.ends_with("/commands")).count();
        self.bot = Some(self.spawn_bot(&self.db.clone(), None).await);
        let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
        while self.fake.sessions().await.0 <= identifies {
            assert!(tokio::time::Instant::now() < deadline, "the bot never identified");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        self.fake.wait_connected(30).await;
        self.fake
            .wait_for(30, "command registration", |r| {
                r.iter().filter(|x| x.method == "PUT" && x.path.ends_with("/commands")).count() > registrations
            })
            .await;
    }

    /// A bot (its own client, referee and cache, as a process has) on `database`, running the
    /// shards `shards` (all of them when `None`).
    async fn spawn_bot(&self, database: &std::path::Path, shards: Option<ShardRange>) -> tokio::task::JoinHandle<()> {
        let store = Store::open(database, Durability::Normal).await.unwrap();
        let (referee, _) = Referee::start(store, Arc::new(SystemClock)).await.unwrap();
        let render = junqi_referee::discord::board_renderer();
        let service: Arc<dyn junqi_referee::discord::port::GameService> =
            Arc::new(RefereeService::new(Arc::new(referee), Some(render)));
        let http = HttpBuilder::new("fake-token").proxy(self.fake.rest_url.clone()).ratelimiter_disabled(true).build();
        let config = Config {
            token: Some("fake-token".into()),
            database: database.to_path_buf(),
            dev_guild: Some(GUILD_ID),
            message_content: self.message_content,
            shards,
            ..Config::default()
        };
        tokio::spawn(async move {
            if let Err(e) = run_with_http(config, http, service).await {
                eprintln!("bot stopped: {e}");
            }
        })
    }

    /// Stops the bot and starts a new one (a new client and referee) on the same database file:
    /// the gateway then talks to the new process only.
    async fn restart(&mut self) {
        if let Some(bot) = self.bot.take() {
            bot.abort();
        }
        self.boot().await;
    }

    /// The legal moves of the side to move: (from, to, is an attack).
    fn legal(&self) -> Vec<(String, String, bool)> {
        let g = self.mirror.as_ref().unwrap();
        let b = &g.variant().board;
        g.legal_moves()
            .into_iter()
            .map(|m| (b.name(m.from).into(), b.name(m.to).into(), g.piece_at(m.to).is_some()))
            .collect()
    }

    fn play(&mut self, from: &str, to: &str) {
        let g = self.mirror.as_mut().unwrap();
        let mv = parse_move(&g.variant().board, &format!("{from}-{to}")).unwrap();
        g.play(mv).unwrap();
        assert_eq!(format_move(&g.variant().board, mv), format!("{from}-{to}"));
    }

    /// The values an autocomplete of `sub`'s `focused` option offers, with `opts` typed so far.
    async fn complete(
        &mut self,
        who: (u64, &str),
        channel: u64,
        sub: &str,
        opts: &[(&str, &str)],
        focused: &str,
    ) -> Vec<String> {
        let id = self.id();
        let id = self.interact(payload::autocomplete(id, who, channel, sub, opts, focused)).await;
        let all = self.fake.requests().await;
        let cb = all.iter().find(|x| x.path.ends_with(&format!("/interactions/{id}/tok-{id}/callback"))).unwrap();
        let cb = cb.json.clone().unwrap();
        assert_eq!(cb["type"], 8);
        cb["data"]["choices"].as_array().unwrap().iter().map(|c| c["value"].as_str().unwrap().to_string()).collect()
    }

    fn id(&mut self) -> u64 {
        // Interaction ids leave room for the fake's "message id = id - 1".
        self.ids += 10;
        self.ids
    }

    /// Dispatches an interaction and waits for its response callback plus `more` matching requests.
    async fn interact(&mut self, body: Value) -> u64 {
        let id = body["id"].as_str().unwrap().parse().unwrap();
        self.fake.dispatch("INTERACTION_CREATE", body).await;
        let cb = format!("/interactions/{id}/tok-{id}/callback");
        self.fake
            .wait_for(20, &format!("callback of {id}"), |r| r.iter().any(|x| x.path.ends_with(&cb) && x.status < 300))
            .await;
        id
    }

    /// Waits until the interaction's deferred reply has been filled in (or a follow-up sent).
    async fn answered(&self, id: u64) -> Vec<Recorded> {
        let token = format!("tok-{id}");
        self.fake
            .wait_for(20, &format!("answer to {id}"), |r| {
                r.iter().any(|x| x.path.contains(&format!("/webhooks/{APP_ID}/{token}")) && x.status < 300)
            })
            .await
            .into_iter()
            .filter(|x| {
                x.path.contains(&format!("/webhooks/{APP_ID}/{token}")) || x.path.contains(&format!("/{id}/{token}/"))
            })
            .collect()
    }
}

fn callback_of(r: &[Recorded], id: u64) -> &Recorded {
    r.iter().find(|x| x.path.ends_with(&format!("/interactions/{id}/tok-{id}/callback"))).expect("callback")
}

fn content(r: &Recorded) -> String {
    r.json.as_ref().and_then(|j| j["content"].as_str()).unwrap_or("").to_string()
}

fn custom_ids(r: &Recorded) -> Vec<String> {
    let mut out = vec![];
    if let Some(rows) = r.json.as_ref().and_then(|j| j["components"].as_array()) {
        for row in rows {
            for c in row["components"].as_array().into_iter().flatten() {
                if let Some(id) = c["custom_id"].as_str() {
                    out.push(id.to_string());
                }
            }
        }
    }
    out
}

fn posts_to(r: &[Recorded], channel: u64) -> Vec<Recorded> {
    r.iter()
        .filter(|x| x.method == "POST" && x.path == format!("/api/v10/channels/{channel}/messages") && x.status < 300)
        .cloned()
        .collect()
}

/// Plays challenge → accept and returns the game's thread id.
async fn open_game(h: &mut Harness) -> u64 {
    let id = h.id();
    let opts = [("opponent", json!(BOB.0.to_string()))];
    let id = h.interact(payload::command(id, ALICE, CHANNEL_ID, "challenge", &opts)).await;
    let r = h.answered(id).await;
    // Deferred within 3 s, ephemerally (type 5, flag 64).
    let all = h.fake.requests().await;
    let cb = callback_of(&all, id);
    assert_eq!(cb.json.as_ref().unwrap()["type"], 5);
    assert_eq!(cb.json.as_ref().unwrap()["data"]["flags"], 64);
    assert!(!r.is_empty());
    let all = h.fake.wait_for(10, "challenge message", |r| !posts_to(r, CHANNEL_ID).is_empty()).await;
    let challenge = posts_to(&all, CHANNEL_ID).pop().unwrap();
    assert!(content(&challenge).starts_with(&format!("<@{}>", BOB.0)), "{}", content(&challenge));
    assert_eq!(custom_ids(&challenge), ["jq:acc:1", "jq:dec:1"]);
    assert_eq!(challenge.json.as_ref().unwrap()["allowed_mentions"]["users"], json!([BOB.0.to_string()]));

    // Alice cannot accept her own challenge: ephemeral error, nothing changes.
    let id = h.id();
    let id = h.interact(payload::button(id, ALICE, Some(CHANNEL_ID), "jq:acc:1")).await;
    let r = h.answered(id).await;
    assert!(r.iter().any(|x| content(x).contains("不能接受自己发起的对局")), "in Alice's language: {r:?}");

    let id = h.id();
    h.interact(payload::button(id, BOB, Some(CHANNEL_ID), "jq:acc:1")).await;
    let all = h
        .fake
        .wait_for(20, "thread and panels", |r| {
            r.iter().any(|x| x.path.ends_with("/threads") && x.status < 300)
                && r.iter().filter(|x| custom_ids(x).contains(&"jq:ok:1".to_string())).count() >= 2
        })
        .await;
    let thread = all.iter().find(|x| x.path.ends_with("/threads")).unwrap();
    assert_eq!(
        thread.path,
        format!("/api/v10/channels/{CHANNEL_ID}/messages/{}/threads", challenge.response["id"].as_str().unwrap())
    );
    thread.response["id"].as_str().unwrap().parse().unwrap()
}

fn public_payloads(all: &[Recorded], dm_channels: &[u64]) -> Vec<Recorded> {
    all.iter()
        .filter(|x| {
            let is_dm = dm_channels.iter().any(|d| x.path.contains(&format!("/channels/{d}/")));
            let to_channel = x.path.starts_with("/api/v10/channels/") && !is_dm;
            // Interaction replies flagged ephemeral (64) are private; others are public.
            let webhook_public = x.path.contains("/webhooks/")
                && x.json.as_ref().is_some_and(|j| j["flags"].as_u64().unwrap_or(0) & 64 == 0)
                && !x.path.ends_with("@original");
            (to_channel || webhook_public) && x.method != "GET"
        })
        .cloned()
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_through_interactions() {
    let mut h = Harness::start(true).await;
    let all = h.fake.requests().await;
    let reg = all.iter().find(|x| x.method == "PUT" && x.path.ends_with("/commands")).unwrap();
    assert_eq!(reg.path, format!("/api/v10/applications/{APP_ID}/guilds/{GUILD_ID}/commands"));
    let cmd = &reg.json.as_ref().unwrap()[0];
    assert_eq!(cmd["name"], "junqi");
    assert_eq!(cmd["name_localizations"]["zh-CN"], "军棋");
    assert_eq!(cmd["options"].as_array().unwrap().len(), 25);

    let thread = open_game(&mut h).await;
    let all = h.fake.requests().await;
    let dm_a = h.fake.dm_channel_of(ALICE.0).await.expect("alice got a DM");
    let dm_b = h.fake.dm_channel_of(BOB.0).await.expect("bob got a DM");
    for dm in [dm_a, dm_b] {
        let panel = posts_to(&all, dm).pop().expect("a panel in the DM");
        // The menu offers the classic layouts beside the saved ones (none saved yet).
        assert_eq!(custom_ids(&panel), ["jq:rnd:1", "jq:edit:1", "jq:save:1", "jq:ok:1", "jq:load:1", "jq:pick-0:1"]);
        let menu = &panel.json.as_ref().unwrap()["components"][1]["components"][0]["options"];
        let offered: Vec<&str> = menu.as_array().unwrap().iter().filter_map(|o| o["value"].as_str()).collect();
        assert_eq!(offered, ["guard-left", "guard-right", "left-attack", "example"]);
        assert_eq!(panel.files.len(), 1, "the layout image");
    }
    let opened = posts_to(&all, thread).pop().unwrap();
    assert!(
        content(&opened).contains(&format!("<@{}>", ALICE.0)) && content(&opened).contains(&format!("<@{}>", BOB.0))
    );

    // A move typed in the thread before the start: Alice is told privately that the game waits
    // for her deployment; the thread hears nothing and the game is unchanged.
    let (before, dm_before) = {
        let all = h.fake.requests().await;
        (posts_to(&all, thread).len(), posts_to(&all, dm_a).len())
    };
    let id = h.id();
    h.fake.dispatch("MESSAGE_CREATE", payload::message(id, ALICE, thread, "c6-c7")).await;
    let all = h.fake.wait_for(10, "the early move's answer", |r| posts_to(r, dm_a).len() > dm_before).await;
    let answer = content(posts_to(&all, dm_a).last().unwrap());
    assert!(answer.contains("#1") && (answer.contains("has not started") || answer.contains("尚未开始")), "{answer}");
    assert_eq!(posts_to(&all, thread).len(), before, "nothing public");

    // Alice: Edit opens a modal pre-filled with her current layout.
    let id = h.id();
    let id = h.interact(payload::button(id, ALICE, None, "jq:edit:1")).await;
    let all = h.fake.requests().await;
    let cb = callback_of(&all, id).json.clone().unwrap();
    assert_eq!(cb["type"], 9, "a modal");
    assert_eq!(cb["data"]["custom_id"], "jq:edit-m:1");
    let prefilled = cb["data"]["components"][0]["components"][0]["value"].as_str().unwrap().to_string();
    assert_eq!(prefilled.len(), 25, "a suggested layout");
    let v = Variant::junqi();
    assert!(Setup::parse(v, &prefilled).unwrap().validate(v, Seat::RED).is_ok(), "a legal one");

    // A garbage layout: an ephemeral follow-up explains; the panel stays; nothing public.
    let before = posts_to(&h.fake.requests().await, thread).len();
    let id = h.id();
    let id = h.interact(payload::modal(id, ALICE, None, "jq:edit-m:1", &[("layout", "司令 司令 garbage")])).await;
    let r = h.answered(id).await;
    let err = r.iter().find(|x| x.method == "POST" && x.path.contains("/webhooks/")).expect("follow-up");
    assert!(!content(err).is_empty());
    assert_eq!(err.json.as_ref().unwrap()["flags"], 64);
    assert!(!r.iter().any(|x| x.method == "PATCH"), "the panel is left as it was");
    let all = h.fake.requests().await;
    assert_eq!(callback_of(&all, id).json.as_ref().unwrap()["type"], 6, "deferred update of the panel");
    assert_eq!(posts_to(&all, thread).len(), before);

    // Alice deploys through the modal and confirms; the thread hears only that Red has deployed.
    let id = h.id();
    let id = h.interact(payload::modal(id, ALICE, None, "jq:edit-m:1", &[("layout", LAYOUT)])).await;
    let r = h.answered(id).await;
    let edit = r.iter().find(|x| x.method == "PATCH" && x.path.ends_with("@original")).expect("panel updated");
    assert!(content(edit).contains("#1"), "{}", content(edit));
    assert_eq!(
        custom_ids(edit)[..4],
        ["jq:rnd:1", "jq:edit:1", "jq:save:1", "jq:ok:1"],
        "replaceable until both are in"
    );
    let id = h.id();
    let id = h.interact(payload::button(id, ALICE, None, "jq:ok:1")).await;
    h.answered(id).await;
    let all = h
        .fake
        .wait_for(10, "red deployed", |r| posts_to(r, thread).iter().any(|x| content(x).contains("Red has deployed")))
        .await;
    assert_eq!(posts_to(&all, thread).iter().filter(|x| content(x).contains("deployed")).count(), 1, "announced once");
    // Bob deploys through the modal: both are in, the game begins.
    let id = h.id();
    let id = h.interact(payload::modal(id, BOB, None, "jq:edit-m:1", &[("layout", LAYOUT)])).await;
    let r = h.answered(id).await;
    let edit = r.iter().find(|x| x.method == "PATCH").expect("panel updated");
    assert!(custom_ids(edit).is_empty(), "the game has begun: no more buttons");
    let all =
        h.fake.wait_for(10, "game start", |r| posts_to(r, thread).iter().any(|x| content(x).contains("begins"))).await;
    let start = posts_to(&all, thread).into_iter().find(|x| content(x).contains("begins")).unwrap();
    assert_eq!(start.files.len(), 1);
    assert!(start.files[0].2.starts_with(b"\x89PNG"), "a PNG board");
    assert!(content(&start).contains(&format!("\n<@{}>", ALICE.0)), "red is pinged: {}", content(&start));
    h.mirror = Some(mirror_game());

    // Autocomplete: from offers Alice's movable pieces, to the chosen piece's destinations.
    let id = h.id();
    let id = h.interact(payload::autocomplete(id, ALICE, thread, "move", &[("from", "")], "from")).await;
    let all = h.fake.requests().await;
    let cb = callback_of(&all, id).json.clone().unwrap();
    assert_eq!(cb["type"], 8);
    let froms: Vec<String> =
        cb["data"]["choices"].as_array().unwrap().iter().map(|c| c["value"].as_str().unwrap().to_string()).collect();
    let legal = h.legal();
    let mut expected: Vec<String> = legal.iter().map(|m| m.0.clone()).collect();
    expected.sort_by_key(|n| (n.len(), n.clone()));
    expected.dedup();
    assert_eq!(froms, expected);
    let id = h.id();
    let id =
        h.interact(payload::autocomplete(id, ALICE, thread, "move", &[("from", &froms[0]), ("to", "")], "to")).await;
    let all = h.fake.requests().await;
    let cb = callback_of(&all, id).json.clone().unwrap();
    let tos: Vec<&str> =
        cb["data"]["choices"].as_array().unwrap().iter().map(|c| c["value"].as_str().unwrap()).collect();
    let mut expected: Vec<&str> = legal.iter().filter(|m| m.0 == froms[0]).map(|m| m.1.as_str()).collect();
    expected.sort_by_key(|n| (n.len(), n.to_string()));
    assert_eq!(tos, expected);

    // Bob moving out of turn: ephemeral "not your turn", nothing posted.
    let before = posts_to(&h.fake.requests().await, thread).len();
    let id = h.id();
    let id = h.interact(payload::command(id, BOB, thread, "move", &[("from", json!("c7")), ("to", json!("c6"))])).await;
    let r = h.answered(id).await;
    assert!(r.iter().any(|x| content(x).contains("not your turn")));
    // A move to nowhere.
    let id = h.id();
    let id =
        h.interact(payload::command(id, ALICE, thread, "move", &[("from", json!("c6")), ("to", json!("z99"))])).await;
    let r = h.answered(id).await;
    assert!(r.iter().any(|x| content(x).contains("z99")), "{r:?}");
    assert_eq!(posts_to(&h.fake.requests().await, thread).len(), before);

    // Moves until a combat: prefer an attack whenever one is legal.
    let mut combat = false;
    let mut players = [ALICE, BOB].into_iter().cycle();
    for _ in 0..12 {
        let who = players.next().unwrap();
        let legal = h.legal();
        let (from, to, attack) = legal.iter().find(|m| m.2).cloned().unwrap_or_else(|| legal[0].clone());
        h.play(&from, &to);
        let n = posts_to(&h.fake.requests().await, thread).len();
        let id = h.id();
        h.interact(payload::command(id, who, thread, "move", &[("from", json!(from)), ("to", json!(to))])).await;
        let all = h.fake.wait_for(10, "move announcement", |r| posts_to(r, thread).len() > n).await;
        let msg = posts_to(&all, thread).pop().unwrap();
        assert!(content(&msg).contains(&format!("{from}-{to}")), "{}", content(&msg));
        assert_eq!(msg.files.len(), 1, "every move posts the public board");
        if attack {
            combat = true;
            assert!(content(&msg).contains("attacks"), "{}", content(&msg));
            break;
        }
    }
    assert!(combat, "no combat happened");

    // With the message-content intent, a move typed in the thread is played too; chat is ignored.
    let who = if h.mirror.as_ref().unwrap().to_move() == Seat::RED { ALICE } else { BOB };
    let (from, to, _) = h.legal()[0].clone();
    h.play(&from, &to);
    // The last move's posts (announcement, board, ping) go out one after another: count them only
    // once they have all arrived, so the typed move is the only thing that adds one.
    let mut n = posts_to(&h.fake.requests().await, thread).len();
    loop {
        tokio::time::sleep(Duration::from_millis(200)).await;
        let now = posts_to(&h.fake.requests().await, thread).len();
        if now == n {
            break;
        }
        n = now;
    }
    let id = h.id();
    h.fake.dispatch("MESSAGE_CREATE", payload::message(id, who, thread, "good luck!")).await;
    let id = h.id();
    h.fake.dispatch("MESSAGE_CREATE", payload::message(id, who, thread, &format!("{from}{to}"))).await;
    h.fake.wait_for(10, "typed move", |r| posts_to(r, thread).len() > n).await;
    // Let everything the typed move sends arrive: a private answer posted in the thread (the
    // player's own board) would be a leak, and it comes after the announcement.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let all = h.fake.requests().await;
    let posted = posts_to(&all, thread);
    assert_eq!(
        posted.len(),
        n + 1,
        "one post: the move, nothing for the chat; posts: {:?}",
        posted[n.saturating_sub(1)..]
            .iter()
            .map(|p| (content(p), p.files.iter().map(|f| f.1.clone()).collect::<Vec<_>>()))
            .collect::<Vec<_>>()
    );
    assert!(content(posted.last().unwrap()).contains(&format!("{from}-{to}")));
    // The mover's own board went to them by DM, never to the thread.
    assert!(
        posts_to(&all, thread).iter().all(|p| p.files.iter().all(|f| f.1 != "mine.png")),
        "a private board in the thread"
    );
    assert!(
        all.iter()
            .any(|r| r.method == "POST" && r.path.ends_with("/messages") && r.files.iter().any(|f| f.1 == "mine.png")),
        "the typed move's private board was sent"
    );

    // Resignation asks first, privately; the button ends the game publicly.
    let id = h.id();
    let id = h.interact(payload::command(id, BOB, thread, "resign", &[])).await;
    let all = h.fake.requests().await;
    assert!(!posts_to(&all, thread).iter().any(|x| content(x).contains("is over")), "not before the button");
    let confirm = support::fake_discord::resign_confirmation(&all, id);
    assert_eq!(confirm, "jq:rsgn:1");
    let id = h.id();
    h.interact(payload::button(id, BOB, Some(thread), &confirm)).await;
    h.fake.wait_for(10, "resignation", |r| posts_to(r, thread).iter().any(|x| content(x).contains("is over"))).await;

    // After the end: the full record and the replay GIF, as ephemeral attachments.
    let id = h.id();
    let id = h.interact(payload::command(id, ALICE, thread, "export", &[("id", json!(1))])).await;
    let r = h.answered(id).await;
    let rec = r.iter().find(|x| !x.files.is_empty()).expect("a record");
    assert_eq!(rec.files[0].1, "junqi-1.jqr");
    let text = String::from_utf8(rec.files[0].2.clone()).unwrap();
    assert!(text.contains("[RedSetup \"ghfiecdhakgibekdfjgjiljch\"]"), "complete after the end: {text}");
    let id = h.id();
    let id = h.interact(payload::command(id, BOB, thread, "replay", &[("id", json!(1))])).await;
    let r = h.answered(id).await;
    let gif = r.iter().find(|x| !x.files.is_empty()).expect("a GIF");
    assert!(gif.files[0].2.starts_with(b"GIF8"));

    // Nothing public carried a hidden identity or a deployment.
    let all = h.fake.requests().await;
    let public = public_payloads(&all, &[dm_a, dm_b]);
    assert!(public.len() >= 5, "{}", public.len());
    for p in &public {
        let t = p.text();
        if t.contains("is over") {
            continue; // the finished game is revealed completely
        }
        for name in HIDDEN {
            assert!(!t.contains(name), "public payload leaks {name}: {t}");
        }
        assert!(
            !t.contains("ghfiecdhakgibekdfjgjiljch") && !t.contains(&prefilled),
            "public payload leaks a layout: {t}"
        );
    }
    // Every message created in a channel, thread or DM carries a nonce Discord enforces, so a
    // retried or redelivered post cannot make a second message.
    let unstamped: Vec<String> = all
        .iter()
        .filter(|x| x.method == "POST" && x.path.ends_with("/messages") && x.status < 300)
        .filter(|x| {
            let j = x.json.as_ref();
            !(j.is_some_and(|j| j["nonce"].is_string() && j["enforce_nonce"] == true))
        })
        .map(|x| format!("{} {}", x.path, content(x)))
        .collect();
    assert!(unstamped.is_empty(), "messages created without a nonce: {unstamped:#?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn faults_rate_limits_server_errors_closed_dms_and_a_gateway_resume() {
    let mut h = Harness::start(false).await;

    // 429 then 500 on the challenge message: the bot waits and retries; one message goes through.
    let path = format!("/channels/{CHANNEL_ID}/messages");
    h.fake.inject_faults("POST", &path, vec![Fault::RateLimited(0.3), Fault::ServerError]).await;
    // Bob's DMs are closed.
    h.fake.close_dms(BOB.0).await;
    let thread = open_game(&mut h).await;
    let all = h.fake.requests().await;
    let tries: Vec<u16> =
        all.iter().filter(|x| x.method == "POST" && x.path.ends_with(&path)).map(|x| x.status).collect();
    assert_eq!(tries, [429, 500, 200], "retried after 429 and 500, sent once");

    // Bob is told in the thread, and uses the ephemeral panel there.
    let all = h
        .fake
        .wait_for(10, "DM-closed notice", |r| posts_to(r, thread).iter().any(|x| content(x).contains("/junqi deploy")))
        .await;
    let notice = posts_to(&all, thread).into_iter().find(|x| content(x).contains("/junqi deploy")).unwrap();
    assert!(content(&notice).contains(&format!("<@{}>", BOB.0)));
    let dm_b = h.fake.dm_channel_of(BOB.0).await.unwrap();
    assert!(all.iter().any(|x| x.path.ends_with(&format!("/channels/{dm_b}/messages")) && x.status == 403));
    let id = h.id();
    let id = h.interact(payload::command(id, BOB, thread, "deploy", &[])).await;
    let r = h.answered(id).await;
    let panel = r.iter().find(|x| x.method == "PATCH").unwrap();
    assert_eq!(custom_ids(panel), ["jq:rnd:1", "jq:edit:1", "jq:save:1", "jq:ok:1", "jq:load:1", "jq:pick-0:1"]);
    let all = h.fake.requests().await;
    assert_eq!(callback_of(&all, id).json.as_ref().unwrap()["data"]["flags"], 64, "ephemeral");

    // Both deploy (Bob through the ephemeral panel's form in the thread, Alice from her DM).
    let id = h.id();
    let id = h.interact(payload::modal(id, BOB, Some(thread), "jq:edit-m:1", &[("layout", LAYOUT)])).await;
    let r = h.answered(id).await;
    assert!(
        r.iter().all(|x| x
            .json
            .as_ref()
            .is_none_or(|j| j["flags"].as_u64().unwrap_or(64) & 64 == 64 || x.method == "PATCH"))
    );
    let id = h.id();
    let id = h.interact(payload::modal(id, ALICE, None, "jq:edit-m:1", &[("layout", LAYOUT)])).await;
    h.answered(id).await;
    h.fake.wait_for(10, "game start", |r| posts_to(r, thread).iter().any(|x| content(x).contains("begins"))).await;
    h.mirror = Some(mirror_game());

    // The gateway drops; the bot resumes and the game goes on.
    let (identifies, _) = h.fake.sessions().await;
    h.fake.disconnect().await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let (from, to, _) = h.legal()[0].clone();
    let n = posts_to(&h.fake.requests().await, thread).len();
    let id = h.id();
    h.interact(payload::command(id, ALICE, thread, "move", &[("from", json!(from)), ("to", json!(to))])).await;
    h.fake.wait_for(20, "move after resume", |r| posts_to(r, thread).len() > n).await;
    let (identifies_after, resumes) = h.fake.sessions().await;
    assert!(resumes >= 1 || identifies_after > identifies, "the bot reconnected");
    assert!(resumes >= 1, "the bot resumed rather than starting a new session");
    h.play(&from, &to);

    // Someone deletes the game's thread: the next move is announced where it was played, and the
    // player gets no apology (nothing went wrong on their side).
    h.fake.delete_channel(thread).await;
    let (from, to, _) = h.legal()[0].clone();
    let n = posts_to(&h.fake.requests().await, CHANNEL_ID).len();
    let id = h.id();
    let opts = [("from", json!(from)), ("to", json!(to)), ("game", json!(1))];
    let id = h.interact(payload::command(id, BOB, CHANNEL_ID, "move", &opts)).await;
    let r = h.answered(id).await;
    assert!(!r.iter().any(|x| content(x).contains("reference") || content(x).contains("参考编号")), "{r:?}");
    let all = h.fake.wait_for(10, "move in the channel", |r| posts_to(r, CHANNEL_ID).len() > n).await;
    assert!(content(posts_to(&all, CHANNEL_ID).last().unwrap()).contains(&format!("{from}-{to}")));
}

const CAROL: (u64, &str) = (100_000_000_000_000_003, "carol");
/// The channel set as the server's announcements channel.
const ANNOUNCE: u64 = 700_000_000_000_000_009;
/// `/junqi draw` choices are sent as their index.
const DRAW_OFFER: i64 = 0;
const DRAW_ACCEPT: i64 = 1;
const DRAW_DECLINE: i64 = 2;

fn threads_made(r: &[Recorded]) -> Vec<u64> {
    r.iter()
        .filter(|x| x.method == "POST" && x.path.ends_with("/threads") && x.status < 300)
        .map(|x| x.response["id"].as_str().unwrap().parse().unwrap())
        .collect()
}

/// Sends `command` (a challenge or a rematch, in the main channel), has `taker` press its Accept
/// button, and returns (game id, the game's new thread).
async fn propose_and_accept(h: &mut Harness, command: Value, taker: (u64, &str)) -> (u64, u64) {
    let before = h.fake.requests().await;
    let (posts, threads) = (posts_to(&before, CHANNEL_ID).len(), threads_made(&before).len());
    h.interact(command).await;
    let all = h.fake.wait_for(10, "challenge message", |r| posts_to(r, CHANNEL_ID).len() > posts).await;
    let msg = posts_to(&all, CHANNEL_ID).pop().unwrap();
    let accept = custom_ids(&msg).into_iter().find(|c| c.starts_with("jq:acc:")).expect("an Accept button");
    let game: u64 = accept["jq:acc:".len()..].parse().unwrap();
    let id = h.id();
    h.interact(payload::button(id, taker, Some(CHANNEL_ID), &accept)).await;
    let ok = format!("jq:ok:{game}");
    let all = h
        .fake
        .wait_for(20, "thread and panels", |r| {
            threads_made(r).len() > threads && r.iter().filter(|x| custom_ids(x).contains(&ok)).count() >= 2
        })
        .await;
    (game, *threads_made(&all).last().unwrap())
}

/// Both players deploy [`LAYOUT`] through their DM forms; waits for the game to begin.
async fn deploy_both(h: &mut Harness, game: u64, thread: u64, players: [(u64, &str); 2]) {
    for p in players {
        let id = h.id();
        let id = h.interact(payload::modal(id, p, None, &format!("jq:edit-m:{game}"), &[("layout", LAYOUT)])).await;
        h.answered(id).await;
    }
    let begins = format!("Game #{game} begins");
    h.fake.wait_for(10, "game start", |r| posts_to(r, thread).iter().any(|x| content(x).contains(&begins))).await;
}

/// Runs a command in a channel and waits for a new post there containing `expect`.
async fn command_posts(
    h: &mut Harness,
    who: (u64, &str),
    channel: u64,
    sub: &str,
    opts: &[(&str, Value)],
    expect: &str,
) {
    let n = posts_to(&h.fake.requests().await, channel).len();
    let id = h.id();
    let id = h.interact(payload::command(id, who, channel, sub, opts)).await;
    if sub == "resign" {
        // The command asks first; its button resigns.
        let confirm = support::fake_discord::resign_confirmation(&h.fake.requests().await, id);
        let id = h.id();
        h.interact(payload::button(id, who, Some(channel), &confirm)).await;
    }
    h.fake.wait_for(10, expect, |r| posts_to(r, channel).iter().skip(n).any(|x| content(x).contains(expect))).await;
}

/// Runs a command and returns its (ephemeral) answers.
async fn command_answer(
    h: &mut Harness,
    who: (u64, &str),
    channel: u64,
    sub: &str,
    opts: &[(&str, Value)],
) -> Vec<Recorded> {
    let id = h.id();
    let id = h.interact(payload::command(id, who, channel, sub, opts)).await;
    h.answered(id).await
}

/// Runs a command and waits for its (ephemeral) answer that carries an image; returns the image.
async fn command_image(h: &mut Harness, who: (u64, &str), channel: u64, sub: &str, opts: &[(&str, Value)]) -> Vec<u8> {
    let id = h.id();
    let id = h.interact(payload::command(id, who, channel, sub, opts)).await;
    let token = format!("/webhooks/{APP_ID}/tok-{id}");
    let all =
        h.fake.wait_for(20, "an image", |r| r.iter().any(|x| x.path.contains(&token) && !x.files.is_empty())).await;
    let x = all.iter().find(|x| x.path.contains(&token) && !x.files.is_empty()).unwrap();
    assert_eq!(x.json.as_ref().unwrap()["flags"], 64, "private");
    assert!(x.files[0].2.starts_with(b"\x89PNG"));
    x.files[0].2.clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn open_challenge_draw_offers_rematch_and_abort() {
    let mut h = Harness::start(false).await;
    // An open challenge (no opponent): a third user takes it.
    let id = h.id();
    let open = payload::command(id, ALICE, CHANNEL_ID, "challenge", &[]);
    let (game, thread) = propose_and_accept(&mut h, open, CAROL).await;
    assert_eq!(game, 1);
    let all = h.fake.requests().await;
    let challenge =
        posts_to(&all, CHANNEL_ID).into_iter().find(|x| custom_ids(x).contains(&"jq:acc:1".to_string())).unwrap();
    assert!(content(&challenge).contains("to anyone"), "{}", content(&challenge));
    let opened = posts_to(&all, thread).into_iter().next().unwrap();
    assert!(content(&opened).contains(&format!("Red <@{}>, Blue <@{}>", ALICE.0, CAROL.0)), "{}", content(&opened));
    // Carol got the deployment panel in her DMs, worded for its buttons.
    let dm_c = h.fake.dm_channel_of(CAROL.0).await.expect("carol got a DM");
    let panel = posts_to(&all, dm_c).pop().unwrap();
    assert!(content(&panel).contains("确认布阵") && !content(&panel).contains("deploy 1"), "{}", content(&panel));
    deploy_both(&mut h, 1, thread, [ALICE, CAROL]).await;

    // A draw offer declined, answering it again refused, a second offer accepted.
    command_posts(&mut h, ALICE, thread, "draw", &[("action", json!(DRAW_OFFER))], "offers a draw").await;
    command_posts(&mut h, CAROL, thread, "draw", &[("action", json!(DRAW_DECLINE))], "declines the draw").await;
    let n = posts_to(&h.fake.requests().await, thread).len();
    let r = command_answer(&mut h, CAROL, thread, "draw", &[("action", json!(DRAW_ACCEPT))]).await;
    assert!(r.iter().any(|x| content(x).contains("没有待回应的和棋提议")), "{r:?}");
    assert_eq!(posts_to(&h.fake.requests().await, thread).len(), n, "nothing public");
    command_posts(&mut h, ALICE, thread, "draw", &[("action", json!(DRAW_OFFER))], "offers a draw").await;
    command_posts(&mut h, CAROL, thread, "draw", &[("action", json!(DRAW_ACCEPT))], "is over: a draw").await;

    // Carol asks for a rematch from the main channel: Alice is pinged, the colours are swapped and
    // the new game gets a thread of its own.
    let id = h.id();
    let rematch = payload::command(id, CAROL, CHANNEL_ID, "rematch", &[("game", json!(1))]);
    let (game2, thread2) = propose_and_accept(&mut h, rematch, ALICE).await;
    assert_eq!(game2, 2);
    assert_ne!(thread2, thread);
    let all = h.fake.requests().await;
    let challenge =
        posts_to(&all, CHANNEL_ID).into_iter().find(|x| custom_ids(x).contains(&"jq:acc:2".to_string())).unwrap();
    assert!(content(&challenge).starts_with(&format!("<@{}>", ALICE.0)), "{}", content(&challenge));
    assert!(content(&challenge).contains("rematch of #1"), "{}", content(&challenge));
    let opened = posts_to(&all, thread2).into_iter().next().unwrap();
    assert!(
        content(&opened).contains(&format!("Red <@{}>, Blue <@{}>", CAROL.0, ALICE.0)),
        "colours swapped: {}",
        content(&opened)
    );
    deploy_both(&mut h, 2, thread2, [CAROL, ALICE]).await;

    // Aborted before the first move; the game then refuses moves.
    command_posts(&mut h, ALICE, thread2, "abort", &[], "was aborted by").await;
    let r = command_answer(&mut h, CAROL, thread2, "move", &[("from", json!("c6")), ("to", json!("c7"))]).await;
    assert!(r.iter().any(|x| content(x).contains("已取消")), "{r:?}");
}

/// `/junqi takeback` choices, sent as their index like the draw's.
const TAKEBACK_OFFER: i64 = 0;
const TAKEBACK_DECLINE: i64 = 2;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_quiet_move_is_taken_back_by_agreement_and_a_combat_is_not() {
    let mut h = Harness::start(false).await;
    let id = h.id();
    let open = payload::command(id, ALICE, CHANNEL_ID, "challenge", &[]);
    let (game, thread) = propose_and_accept(&mut h, open, CAROL).await;
    // A classic layout from the panel's menu deploys (replaceable until both are in).
    let id = h.id();
    let id = h.interact(payload::select(id, CAROL, None, &format!("jq:load:{game}"), &["guard-left"])).await;
    let r = h.answered(id).await;
    assert!(r.iter().any(|x| content(x).contains("gcdeg hfh akkb iei fjdcg jljhi")), "{r:?}");
    deploy_both(&mut h, game, thread, [ALICE, CAROL]).await;
    let mv = |from: &str, to: &str| [("from", json!(from)), ("to", json!(to))];
    command_posts(&mut h, ALICE, thread, "move", &mv("a6", "b5"), "a6-b5").await;
    // The opponent cannot ask for the mover's takeback; asked, declined, asked again, accepted.
    let r = command_answer(&mut h, CAROL, thread, "takeback", &[("action", json!(TAKEBACK_OFFER))]).await;
    assert!(r.iter().any(|x| content(x).contains("只有走了最后一步的棋手")), "{r:?}");
    let offer = [("action", json!(TAKEBACK_OFFER))];
    command_posts(&mut h, ALICE, thread, "takeback", &offer, "asks to take back move 1").await;
    let decline = [("action", json!(TAKEBACK_DECLINE))];
    command_posts(&mut h, CAROL, thread, "takeback", &decline, "declines the takeback").await;
    command_posts(&mut h, ALICE, thread, "takeback", &offer, "asks to take back move 1").await;
    // The request carries Accept and Decline buttons; the opponent's Accept takes the move back.
    let all = h.fake.requests().await;
    let asked = posts_to(&all, thread).into_iter().rev().find(|x| content(x).contains("asks to take back")).unwrap();
    assert_eq!(custom_ids(&asked), [format!("jq:tb-acc:{game}"), format!("jq:tb-dec:{game}")]);
    let n = posts_to(&all, thread).len();
    let id = h.id();
    h.interact(payload::button(id, CAROL, Some(thread), &format!("jq:tb-acc:{game}"))).await;
    h.fake
        .wait_for(20, "the takeback", |r| {
            posts_to(r, thread)[n..].iter().any(|x| content(x).contains("move 1 is taken back"))
        })
        .await;
    // Red moves again: a combat now, which stays.
    command_posts(&mut h, ALICE, thread, "move", &mv("c6", "c7"), "c6-c7").await;
    let r = command_answer(&mut h, ALICE, thread, "takeback", &offer).await;
    assert!(r.iter().any(|x| said(x, "cannot be taken back", "不能悔棋")), "{r:?}");
    // The exported record holds the combat as ply 1 and not the taken-back move.
    let r = command_answer(&mut h, CAROL, thread, "export", &[("id", json!(game))]).await;
    let text: String =
        r.iter().flat_map(|x| x.files.iter()).map(|f| String::from_utf8_lossy(&f.2).to_string()).collect();
    assert!(text.contains("1. c6-c7") && !text.contains("a6-b5"), "{text}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn settings_announcements_marks_and_a_restart() {
    let mut h = Harness::start(false).await;
    // Settings: an announcements channel and a default time control.
    let opts = [("announcements", json!(ANNOUNCE.to_string())), ("time", json!("1d"))];
    let r = command_answer(&mut h, ALICE, CHANNEL_ID, "settings", &opts).await;
    let reply = r.iter().find(|x| content(x).contains("服务器设置")).expect("the settings, in Alice's language");
    assert!(content(reply).contains(&format!("<#{ANNOUNCE}>")) && content(reply).contains("1d"), "{}", content(reply));
    let r = command_answer(&mut h, ALICE, CHANNEL_ID, "settings", &[("time", json!("soon"))]).await;
    assert!(r.iter().any(|x| content(x).contains("soon")), "a bad time control is refused: {r:?}");

    // A challenge without a time control takes the server's default.
    let id = h.id();
    let challenge = payload::command(id, ALICE, CHANNEL_ID, "challenge", &[("opponent", json!(BOB.0.to_string()))]);
    let (game, thread) = propose_and_accept(&mut h, challenge, BOB).await;
    let all = h.fake.requests().await;
    let msg = posts_to(&all, CHANNEL_ID).into_iter().find(|x| custom_ids(x).contains(&"jq:acc:1".to_string())).unwrap();
    assert!(content(&msg).contains("1 d per move"), "{}", content(&msg));
    // Bob (English) got a panel prompt for buttons, and its image is a deployment.
    let dm_b = h.fake.dm_channel_of(BOB.0).await.unwrap();
    let panel = posts_to(&all, dm_b).pop().unwrap();
    assert!(content(&panel).contains("Confirm") && !content(&panel).contains("deploy 1"), "{}", content(&panel));
    deploy_both(&mut h, game, thread, [ALICE, BOB]).await;
    h.mirror = Some(mirror_game());

    // Alice's private board before and after a mark on one of Bob's pieces.
    let before = command_image(&mut h, ALICE, thread, "board", &[]).await;
    let dm_a = h.fake.dm_channel_of(ALICE.0).await.unwrap();
    let public_before = public_payloads(&h.fake.requests().await, &[dm_a, dm_b]).len();
    let g = h.mirror.as_ref().unwrap();
    let b = &g.variant().board;
    let side = |seat| {
        (0..b.len())
            .map(|i| junqi_referee::rules::PointId(i as u8))
            .find(|p| g.piece_at(*p).is_some_and(|x| x.seat == seat))
            .map(|p| b.name(p).to_string())
            .unwrap()
    };
    let (enemy, own) = (side(Seat::BLUE), side(Seat::RED));
    let r = command_answer(&mut h, ALICE, thread, "mark", &[("point", json!(enemy)), ("piece", json!("司令"))]).await;
    assert!(r.iter().any(|x| content(x).contains(&enemy) && content(x).contains("司令")), "{r:?}");
    let marked = command_image(&mut h, ALICE, thread, "board", &[]).await;
    assert_ne!(marked, before, "Alice's board shows her mark");
    let r = command_answer(&mut h, ALICE, thread, "mark", &[("point", json!(own)), ("piece", json!("炸弹"))]).await;
    assert!(r.iter().any(|x| content(x).contains("没有可以标记的敌方棋子")), "own pieces are not marked: {r:?}");
    // Marks change nothing public.
    let all = h.fake.requests().await;
    assert_eq!(public_payloads(&all, &[dm_a, dm_b]).len(), public_before, "no public payload for a mark");
    // Cleared, the board is as before; marked again for the restart.
    command_answer(&mut h, ALICE, thread, "mark", &[("point", json!(enemy))]).await;
    assert_eq!(command_image(&mut h, ALICE, thread, "board", &[]).await, before);
    command_answer(&mut h, ALICE, thread, "mark", &[("point", json!(enemy)), ("piece", json!("a"))]).await;

    // The bot restarts (a new client and referee on the same database file).
    h.restart().await;
    // A move in the thread, without naming the game, still goes to game 1, in its thread.
    let (from, to, _) = h.legal()[0].clone();
    h.play(&from, &to);
    command_posts(&mut h, ALICE, thread, "move", &[("from", json!(from)), ("to", json!(to))], &format!("{from}-{to}"))
        .await;
    // The mark survived the restart: clearing it finds it on its point (Bob's piece has not moved).
    let r = command_answer(&mut h, ALICE, thread, "mark", &[("point", json!(enemy))]).await;
    assert!(r.iter().any(|x| content(x).contains(&enemy)), "the mark is still there after the restart: {r:?}");
    // The settings survived: the end of the game is announced in the announcements channel.
    let n = posts_to(&h.fake.requests().await, ANNOUNCE).len();
    command_posts(&mut h, BOB, thread, "resign", &[], "is over").await;
    let all = h
        .fake
        .wait_for(10, "announcement", |r| posts_to(r, ANNOUNCE).iter().skip(n).any(|x| content(x).contains("is over")))
        .await;
    assert!(!posts_to(&all, ANNOUNCE).is_empty());
    // And a new challenge still takes the default time control.
    let id = h.id();
    h.interact(payload::command(id, BOB, CHANNEL_ID, "challenge", &[("opponent", json!(ALICE.0.to_string()))])).await;
    h.fake
        .wait_for(10, "second challenge", |r| {
            posts_to(r, CHANNEL_ID)
                .iter()
                .any(|x| custom_ids(x).contains(&"jq:acc:2".to_string()) && content(x).contains("1 d per move"))
        })
        .await;
}

/// The fake's payloads are what serenity accepts (a payload it cannot read would be silently
/// dropped as an unknown event).
#[test]
fn fake_payloads_parse_as_serenity_interactions() {
    use poise::serenity_prelude::Interaction;
    let samples = [
        payload::command(11, ALICE, CHANNEL_ID, "challenge", &[("opponent", json!(BOB.0.to_string()))]),
        payload::command(12, ALICE, CHANNEL_ID, "move", &[("from", json!("c6")), ("to", json!("c7"))]),
        payload::autocomplete(13, ALICE, CHANNEL_ID, "move", &[("from", "c")], "from"),
        payload::button(14, BOB, Some(CHANNEL_ID), "jq:acc:1"),
        payload::button(15, BOB, None, "jq:rnd:1"),
        payload::select(16, BOB, None, "jq:load:1", &["mine"]),
        payload::modal(17, ALICE, None, "jq:edit-m:1", &[("layout", LAYOUT)]),
    ];
    for s in samples {
        if let Err(e) = serde_json::from_value::<Interaction>(s.clone()) {
            panic!("{e}: {s}");
        }
    }
}

/// What the Edit modal of `user`'s panel is pre-filled with: the layout the panel shows.
async fn panel_layout(h: &mut Harness, user: (u64, &str), game: u64) -> String {
    let id = h.id();
    let id = h.interact(payload::button(id, user, None, &format!("jq:edit:{game}"))).await;
    let all = h.fake.requests().await;
    let cb = callback_of(&all, id).json.clone().unwrap();
    assert_eq!(cb["type"], 9, "a modal");
    cb["data"]["components"][0]["components"][0]["value"].as_str().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_panel_suggests_fresh_random_layouts_and_confirm_submits_the_one_shown() {
    use junqi_referee::rules::rng::Rng;
    let mut h = Harness::start(true).await;
    let thread = open_game(&mut h).await;
    let v = Variant::junqi();
    // Neither player has a last layout: each panel suggests a random one, shown again unchanged.
    let alice = panel_layout(&mut h, ALICE, 1).await;
    let bob = panel_layout(&mut h, BOB, 1).await;
    assert_eq!(panel_layout(&mut h, BOB, 1).await, bob, "the suggestion stays while the panel is open");
    assert!(Setup::parse(v, &bob).unwrap().validate(v, Seat::BLUE).is_ok(), "a legal layout");
    assert_ne!(alice, bob, "each player's suggestion is drawn on its own");
    // It is not the layout an opponent could compute from public ids (the game and user ids, as
    // the old seed did, nor any of the nearby interaction-style seeds).
    for user in [ALICE.0, BOB.0] {
        for game in 0..4u64 {
            let old =
                Setup::random(v, &mut Rng::new(game.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ user)).to_code_string(v);
            assert!(old != alice && old != bob, "a suggestion computable from ids (game {game}, user {user})");
        }
    }
    // Bob confirms without touching it: what he deployed is exactly what the panel showed (his
    // panel now shows his last layout, the deployed one).
    let id = h.id();
    let id = h.interact(payload::button(id, BOB, None, "jq:ok:1")).await;
    h.answered(id).await;
    let all = h
        .fake
        .wait_for(10, "blue deployed", |r| posts_to(r, thread).iter().any(|x| content(x).contains("Blue has deployed")))
        .await;
    assert!(posts_to(&all, thread).iter().all(|x| !content(x).contains(&bob)), "the layout is never posted publicly");
    assert_eq!(panel_layout(&mut h, BOB, 1).await, bob, "Confirm submitted the layout shown");
}

use crate::toy;

/// A game the adapter was never told about — the rules crate's 3×3 toy, catalogued by this test
/// binary only — is challenged, accepted, deployed and played through the real client and the
/// fake Discord; its texts come from the contract lifecycle and the game's describer.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_catalogued_from_the_test_side_plays_on_discord() {
    junqi_rules::contract::catalog::register(&toy::TOY);
    let mut h = Harness::start(false).await;
    let id = h.id();
    let challenge = payload::command(
        id,
        ALICE,
        CHANNEL_ID,
        "challenge",
        &[("opponent", json!(BOB.0.to_string())), ("variant", json!("toy3"))],
    );
    let before = posts_to(&h.fake.requests().await, CHANNEL_ID).len();
    h.interact(challenge).await;
    let all = h.fake.wait_for(10, "challenge message", |r| posts_to(r, CHANNEL_ID).len() > before).await;
    let msg = posts_to(&all, CHANNEL_ID).pop().unwrap();
    assert!(content(&msg).contains("to game #1: toy3, dark (each sees only their own ranks)"), "{}", content(&msg));
    // Bob takes the challenge with its Accept button; the game gets its thread and both players
    // their deployment panels, as any game does.
    let accept = custom_ids(&msg).into_iter().find(|c| c.starts_with("jq:acc:")).expect("an Accept button");
    assert_eq!(accept, "jq:acc:1");
    let id = h.id();
    h.interact(payload::button(id, BOB, Some(CHANNEL_ID), &accept)).await;
    let all = h
        .fake
        .wait_for(20, "thread and panels", |r| {
            !threads_made(r).is_empty()
                && r.iter().filter(|x| custom_ids(x).contains(&"jq:ok:1".to_string())).count() >= 2
        })
        .await;
    let thread = *threads_made(&all).last().unwrap();
    // Each confirms the layout its panel suggests (drawn by the game, kept by the referee).
    for who in [ALICE, BOB] {
        let id = h.id();
        let id = h.interact(payload::button(id, who, None, "jq:ok:1")).await;
        h.answered(id).await;
    }
    h.fake
        .wait_for(10, "game start", |r| posts_to(r, thread).iter().any(|x| content(x).contains("Game #1 begins")))
        .await;
    // Any game's action is played by its text; the list offers the player's legal ones.
    let offered = h.complete(ALICE, thread, "play", &[("action", "b1")], "action").await;
    assert!(
        offered.contains(&"b1-b2".to_string()) && offered.iter().all(|a| a.starts_with("b1") || a.contains("b1")),
        "{offered:?}"
    );
    command_posts(&mut h, ALICE, thread, "play", &[("action", json!("b1-b2"))], "b1-b2.").await;
    // Anyone may post its public board, drawn as its kind's art draws it (here: text only).
    command_posts(&mut h, BOB, thread, "show", &[("id", json!(1))], "#1 · 1").await;
    // A step the game refuses is answered with the game's reason, in private.
    let r = command_answer(&mut h, BOB, thread, "move", &[("from", json!("a3")), ("to", json!("a1"))]).await;
    assert!(r.iter().any(|x| content(x).contains("a3-a1")), "{r:?}");
    command_posts(&mut h, BOB, thread, "resign", &[], "wins — resignation").await;
}

/// The bot is killed after the referee committed a timeout but before it was posted (here the
/// referee applies it with no bot running, as a bot killed between the commit and the post
/// leaves it); the next start posts it, once. Killed again after posting but before confirming,
/// the next start posts it again under the same nonce, and the fake (as Discord) keeps one
/// message.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_timeout_committed_before_a_crash_is_posted_once_after_the_restart() {
    use junqi_referee::referee::{Effect, ManualClock};
    use junqi_referee::store;

    let mut h = Harness::start(false).await;
    let id = h.id();
    let challenge = payload::command(
        id,
        ALICE,
        CHANNEL_ID,
        "challenge",
        &[("opponent", json!(BOB.0.to_string())), ("time", json!("1d"))],
    );
    let (game, thread) = propose_and_accept(&mut h, challenge, BOB).await;
    deploy_both(&mut h, game, thread, [ALICE, BOB]).await;
    // Everything so far was delivered and confirmed: nothing is left in the outbox.
    tokio::time::sleep(Duration::from_millis(200)).await;
    {
        let s = Store::open(&h.db, Durability::Normal).await.unwrap();
        let left = store::outbox_pending(&mut s.conn().await.unwrap(), i64::MAX).await.unwrap();
        assert_eq!(left, vec![], "every delivery confirmed");
        s.close().await;
    }
    h.bot.take().unwrap().abort();
    // Two days later the deadline is applied and committed; no bot posts it.
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64;
    let s = Store::open(&h.db, Durability::Normal).await.unwrap();
    let r = Referee::new(s, Arc::new(ManualClock::new(now + 2 * 86_400)));
    let effects = r.tick().await.unwrap();
    let over = effects
        .iter()
        .find_map(|e| match e {
            Effect::Public { text, .. } if text.contains(&format!("#{game}")) => {
                Some(text.lines().next().unwrap().to_string())
            }
            _ => None,
        })
        .expect("the timeout's announcement");
    let pending = store::outbox_pending(&mut r.store().conn().await.unwrap(), i64::MAX).await.unwrap();
    assert_eq!(pending.len(), 1, "{pending:?}");
    r.store().close().await;
    let announced = |r: &[Recorded]| -> Vec<String> {
        posts_to(r, thread)
            .iter()
            .filter(|x| content(x).contains(&over))
            .map(|x| x.response["id"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(announced(&h.fake.requests().await), Vec::<String>::new());

    // The restarted bot posts it (its clock's first round), with a nonce, and confirms it.
    h.boot().await;
    let all = h.fake.wait_for(20, "the timeout, after the restart", |r| !announced(r).is_empty()).await;
    let first = announced(&all);
    assert_eq!(first.len(), 1, "posted once");
    let post = posts_to(&all, thread).into_iter().find(|x| content(x).contains(&over)).unwrap();
    let nonce = post.json.as_ref().unwrap()["nonce"].as_str().unwrap().to_string();
    assert!(nonce.len() <= 25 && post.json.as_ref().unwrap()["enforce_nonce"] == json!(true), "{nonce}");
    let s = Store::open(&h.db, Durability::Normal).await.unwrap();
    let mut c = s.conn().await.unwrap();
    let wait = tokio::time::Instant::now() + Duration::from_secs(10);
    while !store::outbox_pending(&mut c, i64::MAX).await.unwrap().is_empty() {
        assert!(tokio::time::Instant::now() < wait, "never confirmed");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // Killed after the post, before the confirmation: the row is back as it was.
    h.bot.take().unwrap().abort();
    let row = &pending[0];
    sqlx::query("INSERT INTO outbox (id, game_id, user_id, request_id, effects, at) VALUES (?, ?, ?, ?, ?, ?)")
        .bind(row.id)
        .bind(row.game_id)
        .bind(&row.user_id)
        .bind(&row.request_id)
        .bind(&row.effects)
        .bind(row.at)
        .execute(&mut *c)
        .await
        .unwrap();
    drop(c);
    s.close().await;
    let posted = posts_to(&h.fake.requests().await, thread).len();
    h.boot().await;
    let all = h.fake.wait_for(20, "the repeated post", |r| posts_to(r, thread).len() > posted).await;
    let again = posts_to(&all, thread).into_iter().rfind(|x| content(x).contains(&over)).unwrap();
    assert_eq!(again.json.as_ref().unwrap()["nonce"].as_str(), Some(nonce.as_str()), "the same nonce");
    // Discord (the fake) returned the first message: the thread shows one announcement.
    let ids: std::collections::HashSet<String> = announced(&all).into_iter().collect();
    assert_eq!(ids.len(), 1, "one message, {} posts", announced(&all).len());
    assert_eq!(ids.into_iter().next().unwrap(), first[0]);
}

/// Whether an answer says `en` or, in Chinese, `zh` (private answers come in the user's language).
fn said(r: &Recorded, en: &str, zh: &str) -> bool {
    let c = content(r);
    c.contains(en) || c.contains(zh)
}

/// Alice challenges Bob to the game `variant` names (the challenge reads `expect`), Bob
/// accepts, each confirms by DM the random layout its panel suggests, and the game begins: its
/// thread, and the two panels as the fake Discord received them.
async fn begin_by_panels(h: &mut Harness, variant: &str, expect: &str) -> (u64, Vec<Recorded>) {
    let id = h.id();
    let opts = [("opponent", json!(BOB.0.to_string())), ("variant", json!(variant))];
    let before = posts_to(&h.fake.requests().await, CHANNEL_ID).len();
    h.interact(payload::command(id, ALICE, CHANNEL_ID, "challenge", &opts)).await;
    let all = h.fake.wait_for(10, "challenge message", |r| posts_to(r, CHANNEL_ID).len() > before).await;
    let msg = posts_to(&all, CHANNEL_ID).pop().unwrap();
    assert!(content(&msg).contains(expect), "{}", content(&msg));
    let accept = custom_ids(&msg).into_iter().find(|c| c.starts_with("jq:acc:")).expect("an Accept button");
    let id = h.id();
    h.interact(payload::button(id, BOB, Some(CHANNEL_ID), &accept)).await;
    // The 陆海空 panels (a layout image, the editor's menus learnt from pictures of exchanges)
    // take longer than Junqi's in a debug build on a busy machine: up to two minutes, not 20 s.
    let is_panel = |x: &Recorded| custom_ids(x).contains(&"jq:ok:1".to_string());
    let all = h
        .fake
        .wait_for(120, "thread and panels", |r| {
            !threads_made(r).is_empty() && r.iter().filter(|x| is_panel(x)).count() >= 2
        })
        .await;
    let thread = *threads_made(&all).last().unwrap();
    let panels = all.iter().filter(|x| is_panel(x)).cloned().collect();
    for who in [ALICE, BOB] {
        let id = h.id();
        let id = h.interact(payload::button(id, who, None, "jq:ok:1")).await;
        h.answered(id).await;
    }
    wait_post(h, thread, 0, "Game #1 begins").await;
    (thread, panels)
}

/// Posts of a thread containing `text`, after the first `skip`.
async fn wait_post(h: &mut Harness, channel: u64, skip: usize, text: &str) -> String {
    let all =
        h.fake.wait_for(10, text, |r| posts_to(r, channel).iter().skip(skip).any(|x| content(x).contains(text))).await;
    posts_to(&all, channel).iter().skip(skip).map(content).find(|c| c.contains(text)).unwrap()
}

/// Opens a challenge in the main channel, has each taker press its Accept (or Join) button, and
/// returns (game id, the game's thread) once the game has begun (no deployment: it begins at once).
async fn open_and_fill(h: &mut Harness, challenge: Value, takers: &[(u64, &str)]) -> (u64, u64) {
    let before = h.fake.requests().await;
    let (posts, threads) = (posts_to(&before, CHANNEL_ID).len(), threads_made(&before).len());
    h.interact(challenge).await;
    let all = h.fake.wait_for(10, "challenge message", |r| posts_to(r, CHANNEL_ID).len() > posts).await;
    let msg = posts_to(&all, CHANNEL_ID).pop().unwrap();
    let accept = custom_ids(&msg).into_iter().find(|c| c.starts_with("jq:acc:")).expect("an Accept button");
    let game: u64 = accept["jq:acc:".len()..].parse().unwrap();
    for &taker in takers {
        let id = h.id();
        h.interact(payload::button(id, taker, Some(CHANNEL_ID), &accept)).await;
    }
    let begins = format!("Game #{game} begins");
    let all = h
        .fake
        .wait_for(20, "the game's thread and start", |r| {
            threads_made(r).len() > threads
                && threads_made(r).last().is_some_and(|&t| posts_to(r, t).iter().any(|x| content(x).contains(&begins)))
        })
        .await;
    (game, *threads_made(&all).last().unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn english_draughts_plays_from_challenge_to_result_on_discord() {
    let mut h = Harness::start(true).await;
    let id = h.id();
    let rules = "colour=creator fen=B:W18,27,31:B14,5";
    let opts = [("opponent", json!(BOB.0.to_string())), ("variant", json!("draughts")), ("rules", json!(rules))];
    let challenge = payload::command(id, ALICE, CHANNEL_ID, "challenge", &opts);
    let (game, thread) = open_and_fill(&mut h, challenge, &[BOB]).await;
    assert_eq!(game, 1);
    let opened = posts_to(&h.fake.requests().await, thread).iter().map(content).collect::<Vec<_>>().join("\n");
    assert!(opened.contains("Black <@") && opened.contains("White <@"), "{opened}");
    // Autocomplete offers the legal paths: the double jump is the only move (a capture is
    // compulsory), by its ends; `/junqi move` from/to offers its start and end.
    let offered = h.complete(ALICE, thread, "play", &[("action", "")], "action").await;
    assert_eq!(offered, ["14x32"]);
    assert_eq!(h.complete(ALICE, thread, "move", &[("from", "")], "from").await, ["14"]);
    assert_eq!(h.complete(ALICE, thread, "move", &[("from", "14"), ("to", "")], "to").await, ["32"]);
    // A move that does not take is refused in private, with the game's reason (in the
    // player's language).
    let r = command_answer(&mut h, ALICE, thread, "move", &[("from", json!("5")), ("to", json!("9"))]).await;
    assert!(r.iter().any(|x| said(x, "a capture is compulsory", "有吃必吃")), "{r:?}");
    // From and to name the one capture between them: the double jump, which crowns.
    let n = posts_to(&h.fake.requests().await, thread).len();
    let id = h.id();
    h.interact(payload::command(id, ALICE, thread, "move", &[("from", json!("14")), ("to", json!("32"))])).await;
    let ply = wait_post(&mut h, thread, n, "ply 1").await;
    assert!(ply.contains("14x32") && ply.contains("crowned"), "{ply}");
    // Out of turn: refused; Bob plays by the whole action text; Alice types her move in the thread.
    let r = command_answer(&mut h, ALICE, thread, "play", &[("action", json!("32-27"))]).await;
    assert!(r.iter().any(|x| said(x, "not your turn", "还没轮到你")), "{r:?}");
    command_posts(&mut h, BOB, thread, "play", &[("action", json!("31-27"))], "31-27").await;
    let n = posts_to(&h.fake.requests().await, thread).len();
    let id = h.id();
    h.fake.dispatch("MESSAGE_CREATE", payload::message(id, ALICE, thread, "32x23")).await;
    let over = wait_post(&mut h, thread, n, "is over").await;
    assert!(over.contains("Black") && over.contains("wins") && over.contains("no pieces left"), "{over}");
    // The record (export) is PDN.
    let r = command_answer(&mut h, BOB, thread, "export", &[("id", json!(1))]).await;
    let text: String =
        r.iter().flat_map(|x| x.files.iter()).map(|f| String::from_utf8_lossy(&f.2).to_string()).collect();
    let text = if text.is_empty() { r.iter().map(content).collect::<String>() } else { text };
    assert!(text.contains("[GameType \"21,B,8,8,N1,0\"]") && text.contains("14x32"), "{text}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_three_player_tiaoqi_game_joins_moves_and_resigns_on_discord() {
    let mut h = Harness::start(false).await;
    let id = h.id();
    let opts = [("variant", json!("tiaoqi")), ("players", json!(3)), ("rules", json!("first=creator"))];
    let challenge = payload::command(id, ALICE, CHANNEL_ID, "challenge", &opts);
    let (game, thread) = open_and_fill(&mut h, challenge, &[BOB, CAROL]).await;
    assert_eq!(game, 1);
    let all = h.fake.requests().await;
    let public =
        posts_to(&all, thread).iter().chain(posts_to(&all, CHANNEL_ID).iter()).map(content).collect::<String>();
    // The seats of a 3-player game (spec §2): South, North-east, North-west; no South-east.
    assert!(
        !public.contains("South-east") && public.contains("North-east") && public.contains("North-west"),
        "{public}"
    );
    // South moves by start and end; a hop out of turn is refused.
    command_posts(&mut h, ALICE, thread, "move", &[("from", json!("l2")), ("to", json!("n4"))], "l2-n4").await;
    let r = command_answer(&mut h, CAROL, thread, "move", &[("from", json!("a13")), ("to", json!("c11"))]).await;
    assert!(r.iter().any(|x| said(x, "not your turn", "还没轮到你")), "{r:?}");
    // North-east: autocomplete offers whole paths from the start typed.
    let offered = h.complete(BOB, thread, "play", &[("action", "w13")], "action").await;
    assert!(offered.iter().any(|a| a == "w13-u11"), "{offered:?}");
    // A path through an occupied point is refused with the game's reason.
    let r = command_answer(&mut h, BOB, thread, "play", &[("action", json!("y13-w13-u13"))]).await;
    assert!(r.iter().any(|x| said(x, "is occupied", "已有棋子")), "{r:?}");
    command_posts(&mut h, BOB, thread, "play", &[("action", json!("w13-u11"))], "w13-u11").await;
    // More than two race: no agreed draw.
    let r = command_answer(&mut h, CAROL, thread, "draw", &[("action", json!(0))]).await;
    assert!(r.iter().any(|x| said(x, "cannot be drawn by agreement", "不能议和")), "{r:?}");
    // North-west resigns on turn and leaves; North-east resigns off turn and leaves: South, the
    // last racer, completes the round with a move, and the places are announced (spec §10.8:
    // the end is checked at the end of each round).
    command_posts(&mut h, CAROL, thread, "resign", &[], "is out").await;
    command_posts(&mut h, BOB, thread, "resign", &[], "is out").await;
    let offered = h.complete(ALICE, thread, "play", &[("action", "")], "action").await;
    command_posts(&mut h, ALICE, thread, "play", &[("action", json!(offered[0]))], "is over").await;
    let all = h.fake.requests().await;
    let over = posts_to(&all, thread).iter().map(content).find(|c| c.contains("is over")).unwrap();
    assert!(over.contains("South") && over.contains(" 1") && over.contains(" 3"), "{over}");
}

/// `/junqi games` with more live games than one message holds: a server with 13 full 6-player
/// 跳棋 tables (each line names six players, about 170 characters) is answered in one message of
/// at most 2,000 characters, whole lines, and how many more there are — not refused by Discord
/// (which the fake enforces) and turned into an apology.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_games_list_fits_one_message_however_many_games() {
    const DAVE: (u64, &str) = (100_000_000_000_000_004, "dave");
    const ERIN: (u64, &str) = (100_000_000_000_000_005, "erin");
    const FRANK: (u64, &str) = (100_000_000_000_000_006, "frank");
    let mut h = Harness::start(false).await;
    for _ in 0..13 {
        let id = h.id();
        let opts = [("variant", json!("tiaoqi")), ("players", json!(6))];
        let challenge = payload::command(id, ALICE, CHANNEL_ID, "challenge", &opts);
        open_and_fill(&mut h, challenge, &[BOB, CAROL, DAVE, ERIN, FRANK]).await;
    }
    let r = command_answer(&mut h, ALICE, CHANNEL_ID, "games", &[]).await;
    let text = r.iter().map(content).find(|c| c.starts_with('#')).unwrap_or_else(|| panic!("a list: {r:?}"));
    assert!(text.chars().count() <= 2000, "{} characters", text.chars().count());
    let listed: Vec<&str> = text.lines().filter(|l| l.starts_with('#')).collect();
    assert!(listed.len() < 13 && listed.iter().all(|l| l.ends_with("playing")), "{text}");
    let more = 13 - listed.len();
    assert!(text.ends_with(&format!("… and {more} more")) || text.ends_with(&format!("……还有 {more} 局")), "{text:?}");
}

/// International (10×10) and Canadian (12×12) draughts through the fake Discord, from the
/// challenge to the result: White, the first mover in both (the challenger with
/// `colour=creator`), plays the first move autocomplete offers, Black resigns, and the record
/// exported is PDN of the game's own type.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn draughts_10_and_12_play_from_challenge_to_result_on_discord() {
    let mut h = Harness::start(false).await;
    for (variant, game_type) in
        [("draughts10", "[GameType \"20,W,10,10,N2,0\"]"), ("draughts12", "[GameType \"27,W,12,12,N2,0\"]")]
    {
        let id = h.id();
        let opts =
            [("opponent", json!(BOB.0.to_string())), ("variant", json!(variant)), ("rules", json!("colour=creator"))];
        let challenge = payload::command(id, ALICE, CHANNEL_ID, "challenge", &opts);
        let (game, thread) = open_and_fill(&mut h, challenge, &[BOB]).await;
        let offered = h.complete(ALICE, thread, "play", &[("action", "")], "action").await;
        assert!(!offered.is_empty() && offered.iter().all(|a| a.contains('-')), "{variant}: {offered:?}");
        command_posts(&mut h, ALICE, thread, "play", &[("action", json!(offered[0]))], &offered[0]).await;
        command_posts(&mut h, BOB, thread, "resign", &[], "is over").await;
        let all = h.fake.requests().await;
        let over = posts_to(&all, thread).iter().map(content).find(|c| c.contains("is over")).unwrap();
        assert!(over.contains("White") && over.contains("wins"), "{variant}: {over}");
        let r = command_answer(&mut h, BOB, thread, "export", &[("id", json!(game))]).await;
        let text: String =
            r.iter().flat_map(|x| x.files.iter()).map(|f| String::from_utf8_lossy(&f.2).to_string()).collect();
        let text = if text.is_empty() { r.iter().map(content).collect::<String>() } else { text };
        assert!(text.starts_with('[') && text.contains(game_type) && text.contains(&offered[0]), "{variant}: {text}");
    }
}

/// The review (复盘, issue 21 point 2): `/junqi review` answers privately with the board after a
/// ply as the viewer may see it — a player their own seat's board, anyone else the public one
/// during play, every piece after the end — and ⏮ ◀ ▶ ⏭ buttons (distinct ids, each a new
/// private answer) that step through the game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_review_steps_through_a_game_each_viewer_seeing_what_they_may() {
    let mut h = Harness::start(true).await;
    let thread = open_game(&mut h).await;
    deploy_both(&mut h, 1, thread, [ALICE, BOB]).await;
    let from = h.complete(ALICE, thread, "move", &[("from", "")], "from").await.remove(0);
    let to = h.complete(ALICE, thread, "move", &[("from", &from), ("to", "")], "to").await.remove(0);
    command_posts(&mut h, ALICE, thread, "move", &[("from", json!(from)), ("to", json!(to))], "ply 1").await;
    let review = |r: &[Recorded]| {
        let x = r.iter().find(|x| !x.files.is_empty()).cloned().unwrap_or_else(|| panic!("an image: {r:?}"));
        // Private: a follow-up flagged ephemeral, or the deferred (ephemeral) answer filled in.
        let flagged = x.json.as_ref().unwrap()["flags"] == 64;
        assert!(flagged || x.path.ends_with("/messages/@original"), "private: {} {:?}", x.path, x.json);
        assert!(x.files[0].2.starts_with(b"\x89PNG"));
        x
    };
    // Alice, a player: the last ply by default, her own board, four buttons with distinct ids.
    let alice = review(&command_answer(&mut h, ALICE, thread, "review", &[("id", json!(1))]).await);
    assert_eq!(custom_ids(&alice), ["jq:rv-f0:1", "jq:rv-p0:1", "jq:rv-n1:1", "jq:rv-l1:1", "jq:rvj:1"]);
    assert!(content(&alice).contains("#1"), "{}", content(&alice));
    // Carol, a spectator, at the same ply: the public board, not Alice's.
    let carol = review(&command_answer(&mut h, CAROL, thread, "review", &[("id", json!(1)), ("ply", json!(1))]).await);
    assert!(carol.files[0].2 != alice.files[0].2, "the public view is not a player's");
    // ⏮: the start, as a new private answer whose ▶ goes to ply 1.
    let id = h.id();
    let id = h.interact(payload::button(id, ALICE, Some(thread), "jq:rv-f0:1")).await;
    let first = review(&h.answered(id).await);
    assert_eq!(custom_ids(&first), ["jq:rv-f0:1", "jq:rv-p0:1", "jq:rv-n1:1", "jq:rv-l1:1", "jq:rvj:1"]);
    assert!(first.files[0].2 != alice.files[0].2, "ply 0 is not ply 1");
    // Jump…: a form (Discord's modal, the first response) asks for the ply; submitted, the board
    // after that ply; text that is no number is answered and shows nothing.
    let id = h.id();
    let id = h.interact(payload::button(id, ALICE, Some(thread), "jq:rvj:1")).await;
    let form = callback_of(&h.fake.requests().await, id).json.clone().unwrap();
    assert_eq!(form["type"], 9, "a modal: {form}");
    assert_eq!(form["data"]["custom_id"], "jq:rvj-m:1");
    let id = h.id();
    let id = h.interact(payload::modal(id, ALICE, Some(thread), "jq:rvj-m:1", &[("ply", "0")])).await;
    let jumped = review(&h.answered(id).await);
    assert!(said(&jumped, "ply 0 of 1", "第 0 步，共 1 步"), "{}", content(&jumped));
    assert!(jumped.files[0].2 == first.files[0].2, "the same board as ⏮");
    let id = h.id();
    let id = h.interact(payload::modal(id, ALICE, Some(thread), "jq:rvj-m:1", &[("ply", "soon")])).await;
    let r = h.answered(id).await;
    assert!(r.iter().all(|x| x.files.is_empty()), "no board: {r:?}");
    assert!(r.iter().any(|x| said(x, "'soon' is not a ply", "“soon”不是步数")), "{r:?}");
    // After the end every piece shows: Carol's view is the reveal, Alice's shows Bob's pieces.
    command_posts(&mut h, BOB, thread, "resign", &[], "is over").await;
    let carol_end =
        review(&command_answer(&mut h, CAROL, thread, "review", &[("id", json!(1)), ("ply", json!(1))]).await);
    let alice_end =
        review(&command_answer(&mut h, ALICE, thread, "review", &[("id", json!(1)), ("ply", json!(1))]).await);
    assert!(carol_end.files[0].2 != carol.files[0].2, "the reveal shows what the public could not see");
    assert!(alice_end.files[0].2 != alice.files[0].2, "the reveal shows Alice what she could not see");
}
