//! A bot process against the fake Discord, for end-to-end tests: start it on a database file,
//! restart it on the same file, dispatch interactions and wait for their answers.

#![allow(dead_code)]

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use junqi_referee::discord::bot::run_with_http;
use junqi_referee::discord::config::Config;
use junqi_referee::discord::port::{
    Actor, BoxFut, Complete, Effect, GameService, Place, Recall, Recalled, Request, ServiceError, Tick,
};
use junqi_referee::discord::service::RefereeService;
use junqi_referee::referee::{Clock, ManualClock, Referee, SystemClock};
use junqi_referee::store::{Durability, Store};
use poise::serenity_prelude::{ChannelId, Http, HttpBuilder, Ratelimit, Ratelimiter, RatelimitingBucket, Route};
use serde_json::Value;

use super::fake_discord::{APP_ID, FakeDiscord, GUILD_ID, Recorded};
use super::fake_tls;

/// A fresh directory for the test's database, removed at the end.
pub struct TempDir(pub std::path::PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The referee service with a switch that makes every referee command take 3.5 seconds (a busy
/// machine): what must answer Discord within 3 seconds must not wait for one.
struct Slow {
    inner: Arc<dyn GameService>,
    slow: Arc<AtomicBool>,
    /// On a test clock the referee's "next deadline in N seconds" is in test time, which the
    /// test moves by hand: the bot's clock loop is then told to look again after a second (its
    /// shortest wait), so a deadline the test passes is applied without waiting for it.
    manual: bool,
}

impl GameService for Slow {
    fn execute<'a>(&'a self, actor: &'a Actor, request: Request) -> BoxFut<'a, Result<Vec<Effect>, ServiceError>> {
        Box::pin(async move {
            if self.slow.load(Ordering::SeqCst) {
                tokio::time::sleep(Duration::from_millis(3500)).await;
            }
            self.inner.execute(actor, request).await
        })
    }
    fn complete<'a>(&'a self, actor: &'a Actor, question: Complete) -> BoxFut<'a, Vec<(String, String)>> {
        self.inner.complete(actor, question)
    }
    fn typed<'a>(&'a self, actor: &'a Actor, game: u64, text: &'a str) -> BoxFut<'a, Option<Request>> {
        self.inner.typed(actor, game, text)
    }
    fn tick(&self) -> BoxFut<'_, Tick> {
        Box::pin(async move {
            let (deliveries, next) = self.inner.tick().await?;
            Ok((deliveries, if self.manual { Some(1) } else { next }))
        })
    }
    fn delivered<'a>(&'a self, nonce: &'a str) -> BoxFut<'a, ()> {
        self.inner.delivered(nonce)
    }
    fn nonce(&self, actor: &Actor) -> Option<String> {
        self.inner.nonce(actor)
    }
    fn settle<'a>(&'a self, actor: &'a Actor, delivered: bool) -> BoxFut<'a, ()> {
        self.inner.settle(actor, delivered)
    }
    fn remember(&self, place: Place) -> BoxFut<'_, ()> {
        self.inner.remember(place)
    }
    fn recall(&self, question: Recall) -> BoxFut<'_, Option<Recalled>> {
        self.inner.recall(question)
    }
    fn panel_layout(&self, game: u64, user: u64) -> BoxFut<'_, Result<String, ServiceError>> {
        self.inner.panel_layout(game, user)
    }
}

/// The fake Discord and the bot running against it.
pub struct Harness {
    /// The fake.
    pub fake: FakeDiscord,
    ids: u64,
    /// The bot's database file (kept across restarts).
    pub db: std::path::PathBuf,
    message_content: bool,
    bot: Option<tokio::task::JoinHandle<()>>,
    /// Set: every referee command takes 3.5 seconds.
    pub slow: Arc<AtomicBool>,
    /// With serenity's own rate limiter on ([`Harness::rate_limited`]): the fake's HTTPS address,
    /// and the running bot's rate limiter's buckets.
    limiter: Option<(std::net::SocketAddr, tokio::sync::Mutex<Option<Buckets>>)>,
    /// The configuration's `dev_guild` for the next start: the fake's guild (the default), or
    /// `None` to register the commands globally.
    pub dev_guild: Option<u64>,
    /// The referee's clock when the test drives time ([`Harness::with_clock`]); else the
    /// system's.
    pub clock: Option<ManualClock>,
    _dir: TempDir,
}

/// serenity's rate-limit buckets (`Ratelimiter::routes`), shared with the bot's rate limiter.
/// Its `ratelimit_callback` cannot report to the test: serenity's `ClientBuilder` replaces it.
type Buckets =
    Arc<tokio::sync::RwLock<std::collections::HashMap<RatelimitingBucket, Arc<tokio::sync::Mutex<Ratelimit>>>>>;

/// What serenity's rate limiter knows of a route's bucket, from Discord's `x-ratelimit-*` headers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bucket {
    /// `x-ratelimit-limit`.
    pub limit: i64,
    /// `x-ratelimit-remaining` (less the requests sent since).
    pub remaining: i64,
    /// `x-ratelimit-reset-after`.
    pub reset_after: Option<Duration>,
}

impl Harness {
    /// Starts the fake and a bot on a new database.
    pub async fn start(tag: &str, message_content: bool) -> Harness {
        let mut h = Harness::unbooted(tag, message_content).await;
        h.boot().await;
        h
    }

    /// The fake and a database, the bot not started yet (to set faults up before it starts;
    /// then [`Harness::boot`]).
    pub async fn unbooted(tag: &str, message_content: bool) -> Harness {
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
        let dir = std::env::temp_dir().join(format!("junqi-harness-{tag}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let db = dir.join("junqi.db");
        let slow = Arc::new(AtomicBool::new(false));
        Harness {
            fake,
            ids: 5_000_000,
            db,
            message_content,
            bot: None,
            slow,
            limiter: None,
            dev_guild: Some(GUILD_ID),
            clock: None,
            _dir: TempDir(dir),
        }
    }

    /// Starts the fake and a bot whose referee runs on a test clock, stopped at the real time
    /// now: deadlines pass when the test moves `h.clock` (the bot's clock loop looks every
    /// second), never by waiting for them.
    pub async fn with_clock(tag: &str) -> Harness {
        let mut h = Harness::unbooted(tag, false).await;
        h.clock = Some(ManualClock::new(SystemClock.now()));
        h.boot().await;
        h
    }

    /// Starts the fake and a bot whose HTTP client has serenity's own rate limiter on: it reaches
    /// the fake as `https://discord.com` ([`fake_tls`]) instead of through the proxy.
    pub async fn rate_limited(tag: &str) -> Harness {
        let mut h = Harness::unbooted(tag, false).await;
        let addr = fake_tls::serve(&h.fake).await;
        h.limiter = Some((addr, tokio::sync::Mutex::new(None)));
        h.boot().await;
        h
    }

    /// What the running bot's rate limiter knows of the bucket of posting in `channel` (None
    /// without [`Harness::rate_limited`], or before a post there).
    pub async fn message_bucket(&self, channel: u64) -> Option<Bucket> {
        let buckets = self.limiter.as_ref()?.1.lock().await.clone()?;
        let key = Route::ChannelMessages { channel_id: ChannelId::new(channel) }.ratelimiting_bucket();
        let bucket = buckets.read().await.get(&key)?.clone();
        let b = bucket.lock().await;
        Some(Bucket { limit: b.limit(), remaining: b.remaining(), reset_after: b.reset_after() })
    }

    /// Starts a bot process on the harness's database and waits until it is connected and has
    /// registered its commands.
    pub async fn boot(&mut self) {
        let (identifies, _) = self.fake.sessions().await;
        let registered = |x: &Recorded| x.method == "PUT" && x.path.ends_with("/commands") && x.status < 300;
        let registrations = self.fake.requests().await.iter().filter(|x| registered(x)).count();
        let (config, http, service) = self.parts().await;
        self.bot = Some(tokio::spawn(async move {
            if let Err(e) = run_with_http(config, http, service).await {
                eprintln!("bot stopped: {e}");
            }
        }));
        let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
        while self.fake.sessions().await.0 <= identifies {
            assert!(tokio::time::Instant::now() < deadline, "the bot never identified");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        self.fake.wait_connected(30).await;
        self.fake
            .wait_for(30, "command registration", |r| r.iter().filter(|x| registered(x)).count() > registrations)
            .await;
    }

    /// What a bot process is started with: its configuration, an HTTP client aimed at the fake
    /// (through the proxy, rate limiter off; or as discord.com with it on), the referee service on
    /// the harness's database.
    async fn parts(&self) -> (Config, Http, Arc<dyn GameService>) {
        let store = Store::open(&self.db, Durability::Normal).await.unwrap();
        let clock: Arc<dyn Clock> = match &self.clock {
            Some(c) => Arc::new(c.clone()),
            None => Arc::new(SystemClock),
        };
        let (referee, _) = Referee::start(store, clock).await.unwrap();
        let render = junqi_referee::discord::board_renderer();
        let inner: Arc<dyn GameService> = Arc::new(RefereeService::new(Arc::new(referee), Some(render)));
        let service: Arc<dyn GameService> =
            Arc::new(Slow { inner, slow: self.slow.clone(), manual: self.clock.is_some() });
        let http = match &self.limiter {
            None => HttpBuilder::new("fake-token").proxy(self.fake.rest_url.clone()).ratelimiter_disabled(true).build(),
            Some((addr, buckets)) => {
                let client = fake_tls::client(*addr);
                let limiter = Ratelimiter::new(client.clone(), "fake-token");
                *buckets.lock().await = Some(limiter.routes());
                HttpBuilder::new("fake-token").client(client).ratelimiter(limiter).build()
            }
        };
        let config = Config {
            token: Some("fake-token".into()),
            dev_guild: self.dev_guild,
            message_content: self.message_content,
            ..Config::default()
        };
        (config, http, service)
    }

    /// Runs a bot process to its end (at most `secs` seconds) and returns how it ended: for
    /// starts that must fail.
    pub async fn run_to_end(&self, secs: u64) -> Result<(), String> {
        let (config, http, service) = self.parts().await;
        match tokio::time::timeout(Duration::from_secs(secs), run_with_http(config, http, service)).await {
            Ok(r) => r.map_err(|e| e.to_string()),
            Err(_) => panic!("the bot was still running after {secs} s"),
        }
    }

    /// Stops the bot and starts a new one (a new client and referee) on the same database file.
    pub async fn restart(&mut self) {
        if let Some(bot) = self.bot.take() {
            bot.abort();
        }
        self.boot().await;
    }

    /// A fresh interaction id (leaving room for the fake's "message id = id - 1").
    pub fn id(&mut self) -> u64 {
        self.ids += 10;
        self.ids
    }

    /// Dispatches an interaction and waits for its response callback.
    pub async fn interact(&mut self, body: Value) -> u64 {
        let id = body["id"].as_str().unwrap().parse().unwrap();
        self.fake.dispatch("INTERACTION_CREATE", body).await;
        let cb = format!("/interactions/{id}/tok-{id}/callback");
        self.fake
            .wait_for(20, &format!("callback of {id}"), |r| r.iter().any(|x| x.path.ends_with(&cb) && x.status < 300))
            .await;
        id
    }

    /// Waits until the interaction's deferred reply has been filled in (or a follow-up sent) and
    /// returns the requests that answered it.
    pub async fn answered(&self, id: u64) -> Vec<Recorded> {
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

/// The text of a request's message.
pub fn content(r: &Recorded) -> String {
    r.json.as_ref().and_then(|j| j["content"].as_str()).unwrap_or("").to_string()
}

/// The custom ids of a message's components.
pub fn custom_ids(r: &Recorded) -> Vec<String> {
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

/// The messages the bot posted in a channel.
pub fn posts_to(r: &[Recorded], channel: u64) -> Vec<Recorded> {
    r.iter()
        .filter(|x| x.method == "POST" && x.path == format!("/api/v10/channels/{channel}/messages") && x.status < 300)
        .cloned()
        .collect()
}

/// The threads the bot opened.
pub fn threads_made(r: &[Recorded]) -> Vec<Recorded> {
    r.iter().filter(|x| x.method == "POST" && x.path.ends_with("/threads") && x.status < 300).cloned().collect()
}

/// The messages created without a nonce Discord enforces (path and text): every post the bot
/// makes should carry one, so that a retried or redelivered post is never a second message.
pub fn unstamped(r: &[Recorded]) -> Vec<String> {
    r.iter()
        .filter(|x| x.method == "POST" && x.path.ends_with("/messages") && x.status < 300)
        .filter(|x| !x.json.as_ref().is_some_and(|j| j["nonce"].is_string() && j["enforce_nonce"] == true))
        .map(|x| format!("{} {}", x.path, content(x)))
        .collect()
}
