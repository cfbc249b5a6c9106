//! End-to-end: a whole 四国军棋 game through the real serenity/poise client against the fake
//! Discord. Four users take seats through the challenge's buttons — Accept for the next free
//! seat, a button per free seat (the challenger chose North with the `seat` option) — each deploys through their DM panel's form, turns rotate, an
//! elimination is announced and skipped, and the team result is posted. Autocomplete offers the
//! legal moves of the seat to move; a fifth player and a move onto a partner are refused.

use crate::support;

use std::sync::Arc;
use std::time::Duration;

use junqi_referee::discord::bot::run_with_http;
use junqi_referee::discord::config::Config;
use junqi_referee::discord::service::RefereeService;
use junqi_referee::referee::{Referee, SystemClock};
use junqi_referee::rules::{Game, RuleOptions, Seat, Setup, Variant};
use junqi_referee::store::{Durability, Store};
use poise::serenity_prelude::HttpBuilder;
use serde_json::{Value, json};
use support::fake_discord::{APP_ID, CHANNEL_ID, FakeDiscord, GUILD_ID, Recorded, payload};

const ALICE: (u64, &str) = (100_000_000_000_000_001, "alice");
const BOB: (u64, &str) = (100_000_000_000_000_002, "bob");
const CAROL: (u64, &str) = (100_000_000_000_000_003, "carol");
const DAVE: (u64, &str) = (100_000_000_000_000_004, "dave");
const ERIN: (u64, &str) = (100_000_000_000_000_005, "erin");
/// The layout of transcript 30 for every seat: the 司令 on e6, officers down the a-file.
const LAYOUT: &str = "hggfa hbc hcdd gkk iiiee fljjj";

struct Harness {
    fake: FakeDiscord,
    ids: u64,
    _bot: tokio::task::JoinHandle<()>,
    dir: std::path::PathBuf,
}

impl Drop for Harness {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

impl Harness {
    async fn start() -> Harness {
        let fake = FakeDiscord::start().await;
        let dir = std::env::temp_dir().join(format!("junqi-e2e4-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let store = Store::open(&dir.join("junqi.db"), Durability::Normal).await.unwrap();
        let (referee, _) = Referee::start(store, Arc::new(SystemClock)).await.unwrap();
        let render = junqi_referee::discord::board_renderer();
        let service: Arc<dyn junqi_referee::discord::port::GameService> =
            Arc::new(RefereeService::new(Arc::new(referee), Some(render)));
        let http = HttpBuilder::new("fake-token").proxy(fake.rest_url.clone()).ratelimiter_disabled(true).build();
        let config = Config {
            token: Some("fake-token".into()),
            dev_guild: Some(GUILD_ID),
            message_content: false,
            ..Config::default()
        };
        let bot = tokio::spawn(async move {
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
        Harness { fake, ids: 5_000_000, _bot: bot, dir }
    }

    fn id(&mut self) -> u64 {
        self.ids += 10;
        self.ids
    }

    /// Dispatches an interaction and waits for its response callback.
    async fn interact(&mut self, body: Value) -> u64 {
        let id = body["id"].as_str().unwrap().parse().unwrap();
        self.fake.dispatch("INTERACTION_CREATE", body).await;
        let cb = format!("/interactions/{id}/tok-{id}/callback");
        self.fake
            .wait_for(20, &format!("callback of {id}"), |r| r.iter().any(|x| x.path.ends_with(&cb) && x.status < 300))
            .await;
        id
    }

    /// The requests answering an interaction (its deferred reply filled in, follow-ups).
    async fn answered(&self, id: u64) -> Vec<Recorded> {
        let token = format!("tok-{id}");
        self.fake
            .wait_for(20, &format!("answer to {id}"), |r| {
                r.iter().any(|x| x.path.contains(&format!("/webhooks/{APP_ID}/{token}")) && x.status < 300)
            })
            .await
            .into_iter()
            .filter(|x| x.path.contains(&format!("/webhooks/{APP_ID}/{token}")))
            .collect()
    }

    /// A `/junqi move` that must be refused: the refusal's text, and nothing posted meanwhile.
    async fn refused_move(&mut self, who: (u64, &str), thread: u64, from: &str, to: &str) -> String {
        let before = posts_to(&self.fake.requests().await, thread).len();
        let id = self.id();
        let body = payload::command(id, who, thread, "move", &[("from", json!(from)), ("to", json!(to))]);
        let id = self.interact(body).await;
        let r = self.answered(id).await;
        assert_eq!(posts_to(&self.fake.requests().await, thread).len(), before, "nothing public");
        r.iter().map(content).collect::<Vec<_>>().join("\n")
    }

    /// A `/junqi move` that is played: the thread's post announcing it.
    async fn play(&mut self, who: (u64, &str), thread: u64, from: &str, to: &str) -> String {
        let n = posts_to(&self.fake.requests().await, thread).len();
        let id = self.id();
        self.interact(payload::command(id, who, thread, "move", &[("from", json!(from)), ("to", json!(to))])).await;
        let all = self.fake.wait_for(10, &format!("{from}-{to}"), |r| posts_to(r, thread).len() > n).await;
        let post = posts_to(&all, thread).pop().unwrap();
        assert!(content(&post).contains(&format!("{from}-{to}")), "{}", content(&post));
        content(&post)
    }
}

/// How texts name a user: the referee knows Discord users by their mention.
fn m(who: (u64, &str)) -> String {
    format!("<@{}>", who.0)
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

/// The test's own copy of the game (all four layouts are the test's), for the legal moves.
fn mirror() -> Game {
    let v = Variant::junqi4();
    let deps: Vec<_> = (0..4).map(|s| Setup::parse(v, LAYOUT).unwrap().validate(v, Seat(s)).unwrap()).collect();
    Game::new(v, RuleOptions::default(), &deps, Seat(0))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_four_player_game_through_interactions() {
    let mut h = Harness::start().await;
    // Alice opens a 四国军棋 game and sits North.
    let id = h.id();
    let opts = [("variant", json!("junqi4")), ("seat", json!("n"))];
    let id = h.interact(payload::command(id, ALICE, CHANNEL_ID, "challenge", &opts)).await;
    h.answered(id).await;
    let all = h.fake.wait_for(10, "challenge message", |r| !posts_to(r, CHANNEL_ID).is_empty()).await;
    let challenge = posts_to(&all, CHANNEL_ID).pop().unwrap();
    assert!(content(&challenge).contains(&format!("{} sits North", m(ALICE))), "{}", content(&challenge));
    // Accept takes the next free seat; a button per free seat takes that one.
    assert_eq!(custom_ids(&challenge), ["jq:acc:1", "jq:seat-s:1", "jq:seat-e:1", "jq:seat-w:1", "jq:dec:1"]);

    // Bob accepts (South, the first free seat), Carol takes West by its button; Dave's West is
    // taken (refused, precisely), then he accepts and gets East, the last seat.
    for (who, button, seat) in [(BOB, "jq:acc:1", "South"), (CAROL, "jq:seat-w:1", "West")] {
        let n = posts_to(&h.fake.requests().await, CHANNEL_ID).len();
        let id = h.id();
        let id = h.interact(payload::button(id, who, Some(CHANNEL_ID), button)).await;
        let r = h.answered(id).await;
        let said = r.iter().map(content).collect::<Vec<_>>().join("\n");
        let all = h.fake.requests().await;
        let seen = format!("{said}\n{}", posts_to(&all, CHANNEL_ID)[n..].iter().map(content).collect::<String>());
        assert!(seen.contains(&format!("{} sits {seat}", m(who))), "{seen}");
    }
    let id = h.id();
    let id = h.interact(payload::button(id, DAVE, Some(CHANNEL_ID), "jq:seat-w:1")).await;
    let r = h.answered(id).await;
    let taken = format!("对局 #1 的西家已由 {} 入座", m(CAROL));
    assert!(r.iter().any(|x| content(x).contains(&taken)), "in Dave's language: {r:?}");
    let id = h.id();
    h.interact(payload::button(id, DAVE, Some(CHANNEL_ID), "jq:acc:1")).await;
    // Full: the game gets its thread, the teams are announced, four DM panels go out.
    let all = h
        .fake
        .wait_for(20, "thread and four panels", |r| {
            r.iter().any(|x| x.path.ends_with("/threads") && x.status < 300)
                && r.iter().filter(|x| custom_ids(x).contains(&"jq:ok:1".to_string())).count() >= 4
        })
        .await;
    let thread: u64 =
        all.iter().find(|x| x.path.ends_with("/threads")).unwrap().response["id"].as_str().unwrap().parse().unwrap();
    let opened = posts_to(&all, thread).pop().unwrap();
    let teams = format!(
        "South {} and North {} (partners) against East {} and West {} (partners)",
        m(BOB),
        m(ALICE),
        m(DAVE),
        m(CAROL)
    );
    assert!(content(&opened).contains(&teams), "{}", content(&opened));
    for who in [ALICE, BOB, CAROL, DAVE] {
        let dm = h.fake.dm_channel_of(who.0).await.expect("a DM");
        let panel = posts_to(&all, dm).pop().expect("a panel in the DM");
        assert!(custom_ids(&panel).contains(&"jq:ok:1".to_string()));
        assert_eq!(panel.files.len(), 1, "the layout image");
        let own = match who.1 {
            "bob" => "you play South. The panel shows a random layout",
            "alice" => "你执北家",
            "carol" => "你执西家",
            _ => "你执东家",
        };
        assert!(content(&panel).contains(own), "{}", content(&panel));
        let all = if who.1 == "bob" { "begins when everyone has confirmed" } else { "各家都确认后开局" };
        assert!(content(&panel).contains(all), "{}", content(&panel));
    }

    // A fifth player is refused, precisely; nothing changes.
    let id = h.id();
    let id = h.interact(payload::button(id, ERIN, Some(CHANNEL_ID), "jq:acc:1")).await;
    let r = h.answered(id).await;
    assert!(r.iter().any(|x| content(x).contains("对局 #1 已满")), "in Erin's language: {r:?}");

    // `/junqi games` lists the seats by team.
    let id = h.id();
    let id = h.interact(payload::command(id, BOB, CHANNEL_ID, "games", &[])).await;
    let listed = h.answered(id).await.iter().map(content).collect::<String>();
    let line = format!("#1 S {} + N {} vs E {} + W {} · deploying", m(BOB), m(ALICE), m(DAVE), m(CAROL));
    assert!(listed.contains(&line), "{listed}");

    // Everyone deploys through their panel's form; the game begins with South to move.
    for who in [ALICE, BOB, CAROL, DAVE] {
        let id = h.id();
        let id = h.interact(payload::modal(id, who, None, "jq:edit-m:1", &[("layout", LAYOUT)])).await;
        h.answered(id).await;
    }
    let all =
        h.fake.wait_for(10, "game start", |r| posts_to(r, thread).iter().any(|x| content(x).contains("begins"))).await;
    let start = posts_to(&all, thread).into_iter().find(|x| content(x).contains("begins")).unwrap();
    assert!(content(&start).contains(&format!("South ({}) moves first", m(BOB))), "{}", content(&start));
    assert!(content(&start).contains(&format!("<@{}>", BOB.0)), "the seat to move is pinged");
    assert_eq!(start.files.len(), 1, "the public board");
    assert!(start.files[0].2.starts_with(b"\x89PNG"));

    // Autocomplete offers the legal moves of the seat to move, and nothing to the others.
    let game = mirror();
    let id = h.id();
    let id = h.interact(payload::autocomplete(id, BOB, thread, "move", &[("from", "")], "from")).await;
    let cb = h.fake.requests().await.into_iter().find(|x| x.path.ends_with(&format!("/{id}/tok-{id}/callback")));
    let froms: Vec<String> = cb.unwrap().json.unwrap()["data"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["value"].as_str().unwrap().to_string())
        .collect();
    let b = &game.variant().board;
    let mut expected: Vec<String> = game.legal_moves().iter().map(|m| b.name(m.from).to_string()).collect();
    expected.sort_by_key(|n| (n.len(), n.clone()));
    expected.dedup();
    expected.truncate(25);
    assert_eq!(froms, expected);
    let id = h.id();
    let id = h.interact(payload::autocomplete(id, DAVE, thread, "move", &[("from", "")], "from")).await;
    let cb = h.fake.requests().await.into_iter().find(|x| x.path.ends_with(&format!("/{id}/tok-{id}/callback")));
    assert_eq!(cb.unwrap().json.unwrap()["data"]["choices"], json!([]), "not Carol's turn");

    // Out of turn, and onto a partner: refused privately.
    let said = h.refused_move(ALICE, thread, "N.c6", "C.n").await;
    assert!(said.contains("还没轮到你"), "in Alice's language: {said}");
    h.play(BOB, thread, "S.c6", "C.s").await;
    h.play(DAVE, thread, "E.c6", "C.e").await;
    h.play(ALICE, thread, "N.c6", "C.n").await;
    h.play(CAROL, thread, "W.c6", "C.w").await;
    let said = h.refused_move(BOB, thread, "C.s", "C.n").await;
    assert!(said.contains("your partner"), "{said}");
    // Back to the plan of transcript 30: South takes East's a-file down to the flag, North West's.
    h.play(BOB, thread, "C.s", "S.c6").await;
    h.play(DAVE, thread, "C.e", "E.c6").await;
    h.play(ALICE, thread, "C.n", "N.c6").await;
    h.play(CAROL, thread, "C.w", "W.c6").await;
    let south = ["S.e6-E.a6", "E.a6-E.a5", "E.a5-E.a4", "E.a4-E.a3", "E.a3-E.a2", "E.a2-E.a1", "E.a1-E.b1"];
    let north = ["N.e6-W.a6", "W.a6-W.a5", "W.a5-W.a4", "W.a4-W.a3", "W.a3-W.a2", "W.a2-W.a1", "W.a1-W.b1"];
    let east = ["E.c6-C.e", "C.e-E.c6"];
    let west = ["W.c6-C.w", "C.w-W.c6"];
    let mut last = String::new();
    for i in 0..7 {
        let (f, t) = south[i].split_once('-').unwrap();
        last = h.play(BOB, thread, f, t).await;
        if i == 6 {
            break;
        }
        let (f, t) = east[i % 2].split_once('-').unwrap();
        h.play(DAVE, thread, f, t).await;
        let (f, t) = north[i].split_once('-').unwrap();
        h.play(ALICE, thread, f, t).await;
        let (f, t) = west[i % 2].split_once('-').unwrap();
        h.play(CAROL, thread, f, t).await;
    }
    // East's flag falls: East is out, announced with the ply; North (not East) is to move.
    assert!(last.contains(&format!("East ({}) is out — flag captured", m(DAVE))), "{last}");
    assert!(last.contains(&format!("North ({}) to move", m(ALICE))), "{last}");
    let said = h.refused_move(DAVE, thread, "E.c6", "C.e").await;
    assert!(said.contains("已在对局 #1 中出局"), "in Carol's language: {said}");
    let (f, t) = north[6].split_once('-').unwrap();
    let end = h.play(ALICE, thread, f, t).await;
    assert!(end.contains(&format!("West ({}) is out — flag captured", m(CAROL))), "{end}");
    let win = format!("South ({}) and North ({}) win — flag captured", m(BOB), m(ALICE));
    assert!(end.contains(&win), "{end}");

    // A rematch is a new open 4-player challenge with seat buttons; Bob keeps South.
    let n = posts_to(&h.fake.requests().await, thread).len();
    let id = h.id();
    h.interact(payload::command(id, BOB, thread, "rematch", &[])).await;
    let all = h.fake.wait_for(10, "rematch", |r| posts_to(r, thread).len() > n).await;
    let re = posts_to(&all, thread).pop().unwrap();
    assert!(content(&re).contains(&format!("{} sits South", m(BOB))), "{}", content(&re));
    assert_eq!(custom_ids(&re), ["jq:acc:2", "jq:seat-e:2", "jq:seat-n:2", "jq:seat-w:2", "jq:dec:2"]);

    // The record of the finished game carries the seats and their setups.
    let id = h.id();
    let id = h.interact(payload::command(id, BOB, thread, "export", &[("id", json!(1))])).await;
    let r = h.answered(id).await;
    let rec = r.iter().find(|x| !x.files.is_empty()).expect("a record");
    let text = String::from_utf8(rec.files[0].2.clone()).unwrap();
    for tag in ["[South \"", "[North \"", "[EastSetup \"hggfahbchcddgkkiiieefljjj\"]", "[Result \"1-0\"]"] {
        assert!(text.contains(tag), "{tag}: {text}");
    }
}
