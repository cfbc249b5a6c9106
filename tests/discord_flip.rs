//! End-to-end 翻棋 (junqi-flip) through the real serenity/poise client against the fake Discord:
//! challenge, accept (no deployment panels; the commitment posted in the new thread), flips by
//! `/junqi move to:flip` and by plain text, announced with the piece and the public board,
//! autocompletion offering flips and moves, moves, resignation with the seed and deal published,
//! and an exported record that replays.

use crate::support;

use std::sync::Arc;
use std::time::Duration;

use junqi_referee::discord::bot::run_with_http;
use junqi_referee::discord::config::Config;
use junqi_referee::discord::service::RefereeService;
use junqi_referee::referee::{Clock, Referee};
use junqi_referee::rules::flip::{Deal, FlipAction, FlipGame, FlipOptions, Player};
use junqi_referee::rules::flip_record::{FlipRecord, SeedTag};
use junqi_referee::rules::shuffle::{self, Seed};
use junqi_referee::rules::{Move, Variant};
use junqi_referee::store::{Durability, Store};
use poise::serenity_prelude::HttpBuilder;
use serde_json::{Value, json};
use support::fake_discord::{APP_ID, CHANNEL_ID, FakeDiscord, GUILD_ID, Recorded, payload};

const ALICE: (u64, &str) = (100_000_000_000_000_001, "alice");
const BOB: (u64, &str) = (100_000_000_000_000_002, "bob");

/// Real time, and entropy the test knows, so that it knows the deal.
struct KnownSeeds;

impl Clock for KnownSeeds {
    fn now(&self) -> i64 {
        junqi_referee::referee::SystemClock.now()
    }
    fn entropy(&self, purpose: &str, game: i64) -> Result<[u8; 32], String> {
        Ok(shuffle::sha256(format!("discord-flip:{purpose}:{game}").as_bytes()))
    }
}

struct Bot {
    fake: FakeDiscord,
    ids: u64,
    _task: tokio::task::JoinHandle<()>,
    dir: std::path::PathBuf,
}

impl Drop for Bot {
    fn drop(&mut self) {
        self._task.abort();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

impl Bot {
    async fn start() -> Bot {
        let fake = FakeDiscord::start().await;
        let dir = std::env::temp_dir().join(format!("junqi-e2e-flip-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let store = Store::open(&dir.join("junqi.db"), Durability::Normal).await.unwrap();
        let (referee, _) = Referee::start(store, Arc::new(KnownSeeds)).await.unwrap();
        let render = junqi_referee::discord::board_renderer();
        let service: Arc<dyn junqi_referee::discord::port::GameService> =
            Arc::new(RefereeService::new(Arc::new(referee), Some(render)));
        let http = HttpBuilder::new("fake-token").proxy(fake.rest_url.clone()).ratelimiter_disabled(true).build();
        let config = Config {
            token: Some("fake-token".into()),
            dev_guild: Some(GUILD_ID),
            message_content: true,
            ..Config::default()
        };
        let task = tokio::spawn(async move {
            if let Err(e) = run_with_http(config, http, service).await {
                eprintln!("bot stopped: {e}");
            }
        });
        let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
        while fake.sessions().await.0 == 0 {
            assert!(tokio::time::Instant::now() < deadline, "the bot never identified");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        fake.wait_connected(30).await;
        fake.wait_for(30, "command registration", |r| {
            r.iter().any(|x| x.method == "PUT" && x.path.ends_with("/commands"))
        })
        .await;
        Bot { fake, ids: 7_000_000, _task: task, dir }
    }

    fn id(&mut self) -> u64 {
        self.ids += 10;
        self.ids
    }

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
        let token = format!("/webhooks/{APP_ID}/tok-{id}");
        self.fake
            .wait_for(20, &format!("answer to {id}"), |r| r.iter().any(|x| x.path.contains(&token) && x.status < 300))
            .await
            .into_iter()
            .filter(|x| x.path.contains(&token))
            .collect()
    }

    /// Runs `/junqi <sub>` in `channel` and waits for a new post there containing `expect`; returns it.
    async fn command_posts(
        &mut self,
        who: (u64, &str),
        channel: u64,
        sub: &str,
        opts: &[(&str, Value)],
        expect: &str,
    ) -> Recorded {
        let n = posts_to(&self.fake.requests().await, channel).len();
        let id = self.id();
        self.interact(payload::command(id, who, channel, sub, opts)).await;
        self.wait_post(channel, n, expect).await
    }

    async fn wait_post(&self, channel: u64, after: usize, expect: &str) -> Recorded {
        let all = self
            .fake
            .wait_for(20, expect, |r| posts_to(r, channel).iter().skip(after).any(|x| content(x).contains(expect)))
            .await;
        posts_to(&all, channel).into_iter().skip(after).find(|x| content(x).contains(expect)).unwrap()
    }

    /// Autocomplete values of `/junqi move` for `focused`.
    async fn complete(&mut self, who: (u64, &str), channel: u64, opts: &[(&str, &str)], focused: &str) -> Vec<String> {
        let id = self.id();
        let id = self.interact(payload::autocomplete(id, who, channel, "move", opts, focused)).await;
        let all = self.fake.requests().await;
        let cb = all.iter().find(|x| x.path.ends_with(&format!("/interactions/{id}/tok-{id}/callback"))).unwrap();
        let cb = cb.json.clone().unwrap();
        assert_eq!(cb["type"], 8);
        cb["data"]["choices"].as_array().unwrap().iter().map(|c| c["value"].as_str().unwrap().to_string()).collect()
    }
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

fn name(p: junqi_referee::rules::PointId) -> String {
    Variant::junqi().board.name(p).to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flip_game_through_the_bot() {
    let mut bot = Bot::start().await;
    // The challenge: P1 is the challenger (first=creator).
    let opts =
        [("opponent", json!(BOB.0.to_string())), ("variant", json!("junqi-flip")), ("rules", json!("first=creator"))];
    let challenge = bot
        .command_posts(ALICE, CHANNEL_ID, "challenge", &opts, "junqi-flip, flip (every piece starts face down")
        .await;
    assert_eq!(custom_ids(&challenge), ["jq:acc:1", "jq:dec:1"]);
    let id = bot.id();
    bot.interact(payload::button(id, BOB, Some(CHANNEL_ID), "jq:acc:1")).await;
    let all =
        bot.fake.wait_for(20, "thread", |r| r.iter().any(|x| x.path.ends_with("/threads") && x.status < 300)).await;
    let thread: u64 =
        all.iter().find(|x| x.path.ends_with("/threads")).unwrap().response["id"].as_str().unwrap().parse().unwrap();
    // The commitment is posted in the game's thread, with whose ply it is and the board.
    let seed = Seed(KnownSeeds.entropy("seed", 1).unwrap());
    let deal = Deal::from_seed(&seed);
    let commit = shuffle::commit(&seed, &deal.to_string());
    let start = bot.wait_post(thread, 0, "moves first").await;
    let all = bot.fake.requests().await;
    let opened: String = posts_to(&all, thread).iter().map(content).collect::<Vec<_>>().join("\n");
    assert!(opened.contains(&format!("Commitment to the deal (SHA-256): {commit}")), "{opened}");
    assert!(content(&start).contains(&format!("<@{}>", ALICE.0)), "P1 is pinged: {}", content(&start));
    assert_eq!(start.files.len(), 1);
    assert!(start.files[0].2.starts_with(b"\x89PNG"), "the public board");
    // No deployment: no panel anywhere, nothing private.
    assert!(!all.iter().any(|x| custom_ids(x).iter().any(|c| c.starts_with("jq:ok:"))), "no deployment panel");
    assert_eq!(bot.fake.dm_channel_of(ALICE.0).await, None);
    assert!(!opened.contains(&seed.to_hex()) && !opened.contains(&deal.to_string()));

    let mut mirror = FlipGame::new(&deal, FlipOptions::parse("first=creator").unwrap());
    // Autocomplete for alice (P1): every face-down point (a flip); `to` of one offers `flip`.
    let froms = bot.complete(ALICE, thread, &[("from", "")], "from").await;
    assert_eq!(froms.len(), 25, "Discord's limit");
    assert!(froms.iter().all(|f| Variant::junqi().board.find(f).is_some()), "{froms:?}");
    let tos = bot.complete(ALICE, thread, &[("from", "c6"), ("to", "")], "to").await;
    assert_eq!(tos, ["flip"]);
    // Bob, not to move, is offered nothing.
    assert!(bot.complete(BOB, thread, &[("from", "")], "from").await.is_empty());

    // Alice flips c6 with the move command.
    let n = posts_to(&bot.fake.requests().await, thread).len();
    let id = bot.id();
    bot.interact(payload::command(id, ALICE, thread, "move", &[("from", json!("c6")), ("to", json!("flip"))])).await;
    let r = mirror.play(FlipAction::Flip(Variant::junqi().board.find("c6").unwrap())).unwrap();
    let post = bot.wait_post(thread, n, "flips c6").await;
    assert!(content(&post).contains(" P1 plays "), "{}", content(&post));
    assert!(content(&post).contains(&format!("<@{}>", BOB.0)), "bob is pinged: {}", content(&post));
    assert_eq!(post.files.len(), 1, "the board after the flip");
    assert!(r.colours.is_some());
    // Bob flips c7 by typing in the thread.
    let n = posts_to(&bot.fake.requests().await, thread).len();
    let id = bot.id();
    bot.fake.dispatch("MESSAGE_CREATE", payload::message(id, BOB, thread, "flip c7")).await;
    mirror.play(FlipAction::Flip(Variant::junqi().board.find("c7").unwrap())).unwrap();
    bot.wait_post(thread, n, "flips c7").await;
    // A flip of a face-up piece is refused privately; nothing is posted.
    let n = posts_to(&bot.fake.requests().await, thread).len();
    let id = bot.id();
    let id = bot
        .interact(payload::command(id, ALICE, thread, "move", &[("from", json!("c7")), ("to", json!("flip"))]))
        .await;
    let r = bot.answered(id).await;
    assert!(r.iter().any(|x| content(x).contains("c7 上的棋子已经翻开")), "in alice's language: {r:?}");
    assert_eq!(posts_to(&bot.fake.requests().await, thread).len(), n);

    // Play on: moves (attacks first) when there are any, else flips; each is announced.
    let mut moved = false;
    for _ in 0..16 {
        let who = if mirror.to_move() == Player::P1 { ALICE } else { BOB };
        let moves = mirror.legal_moves_of(mirror.to_move());
        let action = moves.first().map(|&m| FlipAction::Move(m)).unwrap_or_else(|| mirror.legal_actions()[0]);
        mirror.play(action).unwrap();
        let (from, to, expect) = match action {
            FlipAction::Flip(p) => (name(p), "flip".to_string(), format!("flips {}", name(p))),
            FlipAction::Move(Move { from, to }) => (name(from), name(to), format!("{}-{}", name(from), name(to))),
        };
        if let FlipAction::Move(_) = action {
            // Autocomplete offers this move.
            let froms = bot.complete(who, thread, &[("from", &from)], "from").await;
            assert!(froms.contains(&from), "{froms:?}");
            let tos = bot.complete(who, thread, &[("from", &from), ("to", "")], "to").await;
            assert!(tos.contains(&to), "{tos:?}");
            moved = true;
        }
        let post = bot.command_posts(who, thread, "move", &[("from", json!(from)), ("to", json!(to))], &expect).await;
        assert_eq!(post.files.len(), 1, "every ply posts the public board");
        if mirror.over().is_some() {
            break;
        }
    }
    assert!(moved, "some face-up piece moved");

    // Bob resigns: the result, then the seed and the deal.
    if mirror.over().is_none() {
        let n = posts_to(&bot.fake.requests().await, thread).len();
        let id = bot.id();
        let id = bot.interact(payload::command(id, BOB, thread, "resign", &[])).await;
        let confirm = support::fake_discord::resign_confirmation(&bot.fake.requests().await, id);
        let id = bot.id();
        bot.interact(payload::button(id, BOB, Some(thread), &confirm)).await;
        bot.wait_post(thread, n, "is over").await;
    }
    let all = bot
        .fake
        .wait_for(20, "published", |r| posts_to(r, thread).iter().any(|x| content(x).contains("published")))
        .await;
    let text: String = posts_to(&all, thread).iter().map(content).collect::<Vec<_>>().join("\n");
    assert!(text.contains(&format!("seed {}, deal {deal}", seed.to_hex())), "{text}");

    // The record, exported, carries the seed and replays.
    let id = bot.id();
    let id = bot.interact(payload::command(id, ALICE, thread, "export", &[("id", json!(1))])).await;
    let r = bot.answered(id).await;
    let file = r.iter().flat_map(|x| x.files.iter()).find(|f| f.1.ends_with(".jqr")).expect("a record");
    let record = FlipRecord::parse(std::str::from_utf8(&file.2).unwrap()).unwrap();
    assert_eq!(record.header().unwrap().seed, SeedTag::Seed(seed));
    let replay = record.replay().unwrap();
    assert!(replay.over.is_some());
    assert_eq!(replay.game.view().cells, mirror.view().cells);
    // And its replay is a GIF of the public boards.
    let id = bot.id();
    let id = bot.interact(payload::command(id, BOB, thread, "replay", &[("id", json!(1))])).await;
    let r = bot.answered(id).await;
    let gif = r.iter().flat_map(|x| x.files.iter()).find(|f| f.1.ends_with(".gif")).expect("a GIF");
    assert!(gif.2.starts_with(b"GIF89a"));
}
