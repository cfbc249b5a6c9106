//! A fake Discord on 127.0.0.1 for end-to-end tests: a REST server (reached through serenity's
//! `HttpBuilder::proxy`) that records every request, and a plain `ws://` gateway that says HELLO,
//! answers IDENTIFY with READY and RESUME with RESUMED, acknowledges heartbeats, and lets the test
//! inject events (interactions) and faults (429, 500, DM refused, disconnects).

#![allow(dead_code)]

use std::collections::{HashMap, HashSet, VecDeque};
use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use bytes::Bytes;
use futures_util::{SinkExt, StreamExt};
use http_body_util::{BodyExt, Full};
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use serde_json::{Value, json};
use tokio::net::TcpListener;

use super::discord_limits::{bucket_headers, form_error, rate_limited};
pub use super::discord_limits::{message_refusal, registration_refusal};
use tokio::sync::{Mutex, Notify, mpsc};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

/// The bot's application (and user) id in the fake.
pub const APP_ID: u64 = 900_000_000_000_000_001;
/// The guild the games are played in.
pub const GUILD_ID: u64 = 800_000_000_000_000_001;
/// The channel where challenges are made.
pub const CHANNEL_ID: u64 = 700_000_000_000_000_001;

/// One REST request the bot made.
#[derive(Clone, Debug)]
pub struct Recorded {
    /// HTTP method.
    pub method: String,
    /// Path without the query, e.g. `/api/v10/channels/1/messages`.
    pub path: String,
    /// The JSON body (for multipart, the `payload_json` part).
    pub json: Option<Value>,
    /// Files of a multipart body: (field name, file name, bytes).
    pub files: Vec<(String, String, Vec<u8>)>,
    /// The status the fake answered.
    pub status: u16,
    /// The JSON the fake answered.
    pub response: Value,
    /// When the request arrived (to measure the waits of serenity's rate limiter).
    pub at: std::time::Instant,
}

impl Recorded {
    /// The whole request as text (JSON and file names), for leak checks.
    pub fn text(&self) -> String {
        let mut s = format!("{} {} ", self.method, self.path);
        if let Some(j) = &self.json {
            s.push_str(&j.to_string());
        }
        for (_, name, _) in &self.files {
            s.push(' ');
            s.push_str(name);
        }
        s
    }
}

/// A fault to inject into the next matching request.
#[derive(Clone, Debug)]
pub enum Fault {
    /// 429 Too Many Requests with this retry-after (seconds), the route's bucket exhausted.
    RateLimited(f64),
    /// 429 on the global limit (`x-ratelimit-global`), this retry-after (seconds).
    GlobalRateLimited(f64),
    /// The request is carried out and answered as usual, but with its bucket's last request
    /// spent (`x-ratelimit-remaining: 0`) for this many seconds: a client that reads the headers
    /// waits before its next request on the route.
    Exhausted(f64),
    /// 500 Internal Server Error.
    ServerError,
    /// Any other status with Discord's error body (`{"message", "code"}`).
    Status(u16, &'static str, u32),
    /// The request is carried out, then answered 500 (the answer was lost on the way): a blind
    /// retry of a creation meets what the first attempt made.
    DoneThenServerError,
}

/// A thread the bot opened, as the fake keeps it.
#[derive(Clone, Debug, Default)]
pub struct Thread {
    /// The channel it was opened in.
    pub parent: u64,
    /// Minutes of inactivity before Discord archives it (the bot's `auto_archive_duration`;
    /// Discord's default when none is given is 1,440, a day).
    pub auto_archive: u64,
    /// Archived (by inactivity, or [`FakeDiscord::archive`]).
    pub archived: bool,
    /// Locked by a moderator: only they can unarchive it.
    pub locked: bool,
}

#[derive(Default)]
struct State {
    requests: Vec<Recorded>,
    /// The commands registered in each server (guild id → commands as last put there).
    guild_commands: HashMap<u64, Vec<Value>>,
    /// (method, path substring) → faults to serve, in order.
    faults: Vec<(String, String, VecDeque<Fault>)>,
    /// Channels that were deleted (10003 Unknown Channel).
    deleted: HashSet<u64>,
    /// Users whose DMs are closed (50007 on sending to their DM channel).
    dm_closed: HashSet<u64>,
    /// When each interaction was sent to the bot (id → time): its first response is due within
    /// 3 seconds (else 10062), its token lasts 15 minutes (else 50027).
    sent_at: HashMap<u64, std::time::Instant>,
    /// Interactions already acknowledged (a second response is 40060).
    acknowledged: HashSet<u64>,
    /// The application's privileged intents are off in the portal: an IDENTIFY asking for one
    /// (presences, members, message content) is closed with 4014.
    privileged_off: bool,
    /// Threads by id (a thread opened on a message has the message's id).
    threads: HashMap<u64, Thread>,
    /// Voice channels (50008 on posting a message there).
    voice: HashSet<u64>,
    /// Channels where the bot lacks Create Public Threads only (50013 on opening one there).
    no_threads: HashSet<u64>,
    /// Channels where the bot lacks Send Messages / Create Threads (50013 on posting there).
    forbidden: HashSet<u64>,
    /// Users who left every server the bot is in (50278 on sending to their DM channel).
    left: HashSet<u64>,
    /// DM channel id → user id.
    dm_channels: HashMap<u64, u64>,
    /// Messages created with `enforce_nonce`, by nonce: Discord returns the first one again
    /// instead of creating a second (for a few minutes; here for the fake's life).
    nonces: HashMap<String, Value>,
    /// Gateway events waiting for their shard's session to be connected and identified.
    pending: VecDeque<(String, Value)>,
    identifies: u32,
    resumes: u32,
    /// How many shards the bot said it has (IDENTIFY's `shard: [id, count]`; 1 until then).
    shard_count: u32,
    /// Each shard's gateway session, by shard id.
    shards: HashMap<u32, Session>,
}

/// One shard's gateway session, as Discord keeps it across reconnections.
#[derive(Default)]
struct Session {
    /// Events sent so far, by sequence number (for RESUME replays).
    sent: Vec<(u64, String, Value)>,
    seq: u64,
    /// The live connection's sender, once identified or resumed.
    live: Option<mpsc::UnboundedSender<Message>>,
}

impl State {
    /// The shard Discord sends an event on: a server's by `(guild_id >> 22) % shards`, any other
    /// (a direct message, a DM panel's button) on shard 0.
    fn shard_of(&self, data: &Value) -> u32 {
        data["guild_id"]
            .as_str()
            .and_then(|g| g.parse::<u64>().ok())
            .map_or(0, |g| ((g >> 22) % u64::from(self.shard_count.max(1))) as u32)
    }

    /// Every live connection, taken away (the sessions stay, for RESUME).
    fn take_live(&mut self) -> Vec<mpsc::UnboundedSender<Message>> {
        self.shards.values_mut().filter_map(|x| x.live.take()).collect()
    }
}

/// The fake Discord. Cheap to clone.
#[derive(Clone)]
pub struct FakeDiscord {
    state: Arc<Mutex<State>>,
    changed: Arc<Notify>,
    ids: Arc<AtomicU64>,
    /// `http://127.0.0.1:PORT`, for `HttpBuilder::proxy`.
    pub rest_url: String,
    /// `ws://127.0.0.1:PORT`, returned from `GET /gateway`.
    pub gateway_url: String,
}

fn now_iso() -> &'static str {
    "2026-11-30T09:00:00.000000+00:00"
}

/// A Discord user object.
pub fn user_json(id: u64, name: &str) -> Value {
    json!({"id": id.to_string(), "username": name, "discriminator": "0", "global_name": name,
           "avatar": null, "bot": id == APP_ID, "public_flags": 0})
}

fn message_json(id: u64, channel: u64, body: &Value) -> Value {
    let mut m = json!({
        "id": id.to_string(), "channel_id": channel.to_string(), "author": user_json(APP_ID, "junqi"),
        "content": body.get("content").cloned().unwrap_or(json!("")), "timestamp": now_iso(),
        "edited_timestamp": null, "tts": false, "mention_everyone": false, "mentions": [], "mention_roles": [],
        "attachments": [], "embeds": body.get("embeds").cloned().unwrap_or(json!([])), "pinned": false,
        "type": 0, "flags": body.get("flags").cloned().unwrap_or(json!(0)),
        "components": body.get("components").cloned().unwrap_or(json!([])),
    });
    if channel != 0 {
        m["webhook_id"] = Value::Null;
    }
    m
}

fn thread_json(id: u64, parent: u64, name: &str) -> Value {
    json!({"id": id.to_string(), "type": 11, "guild_id": GUILD_ID.to_string(), "name": name,
           "parent_id": parent.to_string(), "owner_id": APP_ID.to_string(), "message_count": 0, "member_count": 1,
           "rate_limit_per_user": 0,
           "thread_metadata": {"archived": false, "auto_archive_duration": 1440, "archive_timestamp": now_iso(),
                               "locked": false},
           "flags": 0, "nsfw": false, "position": 0, "permission_overwrites": []})
}

/// Splits a multipart/form-data body into (field name, file name, bytes).
fn parse_multipart(content_type: &str, body: &[u8]) -> Vec<(String, Option<String>, Vec<u8>)> {
    let Some(boundary) = content_type.split("boundary=").nth(1) else { return vec![] };
    let boundary = boundary.trim_matches('"');
    let delim = format!("--{boundary}").into_bytes();
    let mut parts = vec![];
    let mut rest = body;
    while let Some(start) = find(rest, &delim) {
        rest = &rest[start + delim.len()..];
        if rest.starts_with(b"--") {
            break;
        }
        let Some(head_end) = find(rest, b"\r\n\r\n") else { break };
        let head = String::from_utf8_lossy(&rest[..head_end]).to_string();
        let content = &rest[head_end + 4..];
        let end = find(content, &delim).unwrap_or(content.len());
        let data = content[..end.saturating_sub(2)].to_vec();
        let field = |key: &str| {
            head.split(';')
                .find_map(|p| p.trim().strip_prefix(&format!("{key}=")).map(|v| v.trim_matches('"').to_string()))
        };
        let name = field("name").unwrap_or_default();
        let filename = head.lines().find(|l| l.to_ascii_lowercase().contains("content-disposition")).and_then(|l| {
            l.split(';').find_map(|p| p.trim().strip_prefix("filename=").map(|v| v.trim_matches('"').to_string()))
        });
        parts.push((name, filename, data));
        rest = &content[end..];
    }
    parts
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

fn segments(path: &str) -> Vec<&str> {
    path.trim_start_matches("/api/v10").split('/').filter(|s| !s.is_empty()).collect()
}

impl FakeDiscord {
    /// Starts both servers on ephemeral ports.
    pub async fn start() -> FakeDiscord {
        let rest = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let ws = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let fake = FakeDiscord {
            state: Arc::new(Mutex::new(State::default())),
            changed: Arc::new(Notify::new()),
            ids: Arc::new(AtomicU64::new(1_000_000)),
            rest_url: format!("http://{}", rest.local_addr().unwrap()),
            gateway_url: format!("ws://{}", ws.local_addr().unwrap()),
        };
        let f = fake.clone();
        tokio::spawn(async move {
            loop {
                let Ok((stream, _)) = rest.accept().await else { return };
                let f = f.clone();
                tokio::spawn(async move {
                    let svc = service_fn(move |req| {
                        let f = f.clone();
                        async move { Ok::<_, Infallible>(f.handle(req).await) }
                    });
                    let _ = http1::Builder::new().serve_connection(TokioIo::new(stream), svc).await;
                });
            }
        });
        let f = fake.clone();
        tokio::spawn(async move {
            loop {
                let Ok((stream, addr)) = ws.accept().await else { return };
                let f = f.clone();
                tokio::spawn(async move { f.gateway_session(stream, addr).await });
            }
        });
        fake
    }

    /// A fresh snowflake.
    pub fn next_id(&self) -> u64 {
        self.ids.fetch_add(1, Ordering::SeqCst)
    }

    /// The commands registered in a server (as last put there; none if never).
    pub async fn guild_commands(&self, guild: u64) -> Vec<Value> {
        self.state.lock().await.guild_commands.get(&guild).cloned().unwrap_or_default()
    }

    /// Every REST request so far, in order.
    pub async fn requests(&self) -> Vec<Recorded> {
        self.state.lock().await.requests.clone()
    }

    /// Forgets the recorded requests (faults and DM settings stay).
    pub async fn clear(&self) {
        self.state.lock().await.requests.clear();
    }

    /// Serves `faults` to the next requests whose method is `method` and path contains `path_part`.
    pub async fn inject_faults(&self, method: &str, path_part: &str, faults: Vec<Fault>) {
        self.state.lock().await.faults.push((method.to_string(), path_part.to_string(), faults.into()));
    }

    /// Closes this user's DMs: messages to their DM channel fail with 50007.
    pub async fn close_dms(&self, user: u64) {
        self.state.lock().await.dm_closed.insert(user);
    }

    /// Switches the application's privileged intents off (as a new application has them).
    pub async fn privileged_intents_off(&self) {
        self.state.lock().await.privileged_off = true;
    }

    /// Sends INVALID_SESSION (op 9, not resumable) on the live connection: the bot must
    /// IDENTIFY again, with a new session. Events dispatched meanwhile wait for it.
    pub async fn invalidate_session(&self) {
        let mut s = self.state.lock().await;
        for tx in s.take_live() {
            let _ = tx.send(Message::Text(json!({"op": 9, "d": false}).to_string()));
        }
    }

    /// Makes every interaction sent so far `by` older (their tokens expire after 15 minutes).
    pub async fn age_interactions(&self, by: Duration) {
        for at in self.state.lock().await.sent_at.values_mut() {
            if let Some(t) = at.checked_sub(by) {
                *at = t;
            }
        }
    }

    /// The threads the bot opened, by id.
    pub async fn threads(&self) -> HashMap<u64, Thread> {
        self.state.lock().await.threads.clone()
    }

    /// Archives a thread, as Discord does after its `auto_archive_duration` of inactivity
    /// (`locked`: as a moderator locks it).
    pub async fn archive(&self, thread: u64, locked: bool) {
        if let Some(t) = self.state.lock().await.threads.get_mut(&thread) {
            t.archived = true;
            t.locked = locked;
        }
    }

    /// Takes Send Messages and Create Threads from the bot in `channel`: posts and new threads
    /// there fail with 50013 Missing Permissions.
    pub async fn forbid(&self, channel: u64) {
        self.state.lock().await.forbidden.insert(channel);
    }

    /// Makes `channel` a voice channel: messages posted there fail with 50008.
    pub async fn make_voice(&self, channel: u64) {
        self.state.lock().await.voice.insert(channel);
    }

    /// Takes Create Public Threads (only) from the bot in `channel`.
    pub async fn forbid_threads(&self, channel: u64) {
        self.state.lock().await.no_threads.insert(channel);
    }

    /// Gives the bot its permissions in `channel` back.
    pub async fn allow(&self, channel: u64) {
        self.state.lock().await.forbidden.remove(&channel);
    }

    /// The user leaves the server: messages to their DM channel fail with 50278 (no mutual guilds).
    pub async fn leave_server(&self, user: u64) {
        self.state.lock().await.left.insert(user);
    }

    /// Deletes a channel or thread: requests to it fail with 10003 Unknown Channel.
    pub async fn delete_channel(&self, channel: u64) {
        self.state.lock().await.deleted.insert(channel);
    }

    /// The DM channel the bot opened with `user`, if any.
    pub async fn dm_channel_of(&self, user: u64) -> Option<u64> {
        self.state.lock().await.dm_channels.iter().find(|(_, u)| **u == user).map(|(c, _)| *c)
    }

    /// How many IDENTIFY and RESUME the gateway has seen.
    pub async fn sessions(&self) -> (u32, u32) {
        let s = self.state.lock().await;
        (s.identifies, s.resumes)
    }

    /// Waits until `pred` holds on the recorded requests (polling on every change), or panics after
    /// `secs` seconds with the requests seen.
    pub async fn wait_for<F: Fn(&[Recorded]) -> bool>(&self, secs: u64, what: &str, pred: F) -> Vec<Recorded> {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(secs);
        loop {
            let notified = self.changed.notified();
            {
                let s = self.state.lock().await;
                if pred(&s.requests) {
                    return s.requests.clone();
                }
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                let s = self.state.lock().await;
                let seen: Vec<String> =
                    s.requests.iter().map(|r| format!("{} {} {}", r.status, r.method, r.path)).collect();
                panic!("timed out waiting for {what}; requests:\n{}", seen.join("\n"));
            }
        }
    }

    /// Waits until the bot has an identified (or resumed) gateway session on shard 0.
    pub async fn wait_connected(&self, secs: u64) {
        self.wait_shard(0, secs).await
    }

    /// Waits until shard `shard` has an identified (or resumed) gateway session.
    pub async fn wait_shard(&self, shard: u32, secs: u64) {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(secs);
        loop {
            let notified = self.changed.notified();
            if self.state.lock().await.shards.get(&shard).is_some_and(|x| x.live.is_some()) {
                return;
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                panic!("the bot never connected shard {shard} to the gateway");
            }
        }
    }

    /// The interactions sent so far: (id, whether it came from a server, the shard it went on).
    pub async fn sent_interactions(&self) -> Vec<(u64, bool, u32)> {
        let s = self.state.lock().await;
        let mut all: Vec<(u64, bool, u32)> = s
            .shards
            .iter()
            .flat_map(|(shard, x)| x.sent.iter().map(move |(_, t, d)| (*shard, t, d)))
            .filter(|(_, t, _)| t.as_str() == "INTERACTION_CREATE")
            .filter_map(|(shard, _, d)| Some((d["id"].as_str()?.parse().ok()?, d["guild_id"].is_string(), shard)))
            .collect();
        all.sort();
        all
    }

    /// Sends a dispatch event (e.g. `INTERACTION_CREATE`) now, or as soon as a session is live.
    pub async fn dispatch(&self, event: &str, data: Value) {
        let mut s = self.state.lock().await;
        s.pending.push_back((event.to_string(), data));
        Self::flush(&mut s);
    }

    /// Sends each pending event on its shard's live session; an event whose shard has none
    /// waits (in order) for it.
    fn flush(s: &mut State) {
        let mut waiting = VecDeque::new();
        while let Some((t, d)) = s.pending.pop_front() {
            let shard = s.shard_of(&d);
            let Some(session) = s.shards.get_mut(&shard).filter(|x| x.live.is_some()) else {
                waiting.push_back((t, d));
                continue;
            };
            let seq = session.seq + 1;
            let payload = json!({"op": 0, "t": t, "s": seq, "d": d});
            if session.live.as_ref().is_some_and(|tx| tx.send(Message::Text(payload.to_string())).is_err()) {
                session.live = None;
                waiting.push_back((t, d));
                continue;
            }
            session.seq = seq;
            if t == "INTERACTION_CREATE"
                && let Some(id) = d["id"].as_str().and_then(|i| i.parse().ok())
            {
                s.sent_at.insert(id, std::time::Instant::now());
            }
            s.shards.entry(shard).or_default().sent.push((seq, t, d));
        }
        s.pending = waiting;
    }

    /// Drops the live gateway connection with a resumable close code (4000); the bot should
    /// reconnect and RESUME. Events dispatched meanwhile wait for the new session.
    pub async fn disconnect(&self) {
        let mut s = self.state.lock().await;
        for tx in s.take_live() {
            let _ = tx.send(Message::Close(Some(CloseFrame { code: CloseCode::Library(4000), reason: "test".into() })));
        }
    }

    async fn gateway_session(&self, stream: tokio::net::TcpStream, _addr: SocketAddr) {
        let Ok(ws) = tokio_tungstenite::accept_async(stream).await else { return };
        let (mut sink, mut source) = ws.split();
        let (tx, mut rx) = mpsc::unbounded_channel::<Message>();
        let writer = tokio::spawn(async move {
            while let Some(m) = rx.recv().await {
                let close = matches!(m, Message::Close(_));
                if sink.send(m).await.is_err() || close {
                    break;
                }
            }
            let _ = sink.close().await;
        });
        let _ = tx.send(Message::Text(json!({"op": 10, "d": {"heartbeat_interval": 41250}}).to_string()));
        // The shard this connection identified (or resumed) as.
        let mut shard: Option<u32> = None;
        while let Some(Ok(msg)) = source.next().await {
            let Message::Text(text) = msg else {
                if matches!(msg, Message::Close(_)) {
                    break;
                }
                continue;
            };
            let Ok(v) = serde_json::from_str::<Value>(&text) else { continue };
            match v["op"].as_u64() {
                Some(1) => {
                    let _ = tx.send(Message::Text(json!({"op": 11}).to_string()));
                }
                Some(2) => {
                    let mut s = self.state.lock().await;
                    // GUILD_PRESENCES, GUILD_MEMBERS, MESSAGE_CONTENT.
                    let privileged = (1 << 8) | (1 << 1) | (1 << 15);
                    if s.privileged_off && v["d"]["intents"].as_u64().is_some_and(|i| i & privileged != 0) {
                        let reason = "Disallowed intent(s).";
                        let frame = CloseFrame { code: CloseCode::Library(4014), reason: reason.into() };
                        let _ = tx.send(Message::Close(Some(frame)));
                        continue;
                    }
                    s.identifies += 1;
                    let (id, count) = match v["d"]["shard"].as_array().map(|a| a.as_slice()) {
                        Some([id, count]) => (id.as_u64().unwrap_or(0) as u32, count.as_u64().unwrap_or(1) as u32),
                        _ => (0, 1),
                    };
                    s.shard_count = count.max(1);
                    shard = Some(id);
                    // A new session: the old one's events are not replayed.
                    let session = s.shards.entry(id).or_default();
                    session.sent.clear();
                    session.seq = 1;
                    let guilds: Vec<Value> = [GUILD_ID]
                        .into_iter()
                        .filter(|g| ((g >> 22) % u64::from(count.max(1))) as u32 == id)
                        .map(|g| json!({"id": g.to_string(), "unavailable": true}))
                        .collect();
                    let ready = json!({"op": 0, "t": "READY", "s": 1, "d": {
                        "v": 10, "user": user_json(APP_ID, "junqi"), "session_id": format!("fake-session-{id}"),
                        "resume_gateway_url": self.gateway_url, "guilds": guilds,
                        "application": {"id": APP_ID.to_string(), "flags": 0}, "shard": [id, count],
                        "private_channels": [], "relationships": [], "presences": [], "_trace": []}});
                    let _ = tx.send(Message::Text(ready.to_string()));
                    session.live = Some(tx.clone());
                    Self::flush(&mut s);
                    drop(s);
                    self.changed.notify_waiters();
                }
                Some(6) => {
                    let mut s = self.state.lock().await;
                    s.resumes += 1;
                    let from = v["d"]["seq"].as_u64().unwrap_or(0);
                    let id = v["d"]["session_id"]
                        .as_str()
                        .and_then(|x| x.strip_prefix("fake-session-"))
                        .and_then(|x| x.parse::<u32>().ok())
                        .unwrap_or(0);
                    shard = Some(id);
                    let session = s.shards.entry(id).or_default();
                    // Replay what the client missed, then RESUMED, then the queue.
                    for (q, t, d) in session.sent.iter().filter(|(q, _, _)| *q > from) {
                        let _ = tx.send(Message::Text(json!({"op": 0, "t": t, "s": q, "d": d}).to_string()));
                    }
                    session.seq += 1;
                    let resumed = json!({"op": 0, "t": "RESUMED", "s": session.seq, "d": {}});
                    let _ = tx.send(Message::Text(resumed.to_string()));
                    session.live = Some(tx.clone());
                    Self::flush(&mut s);
                    drop(s);
                    self.changed.notify_waiters();
                }
                _ => {}
            }
        }
        {
            let mut s = self.state.lock().await;
            if let Some(session) = shard.and_then(|id| s.shards.get_mut(&id))
                && session.live.as_ref().is_some_and(|l| l.same_channel(&tx))
            {
                session.live = None;
            }
        }
        drop(tx);
        let _ = writer.await;
    }

    /// Answers one REST request (over plain HTTP, or HTTPS from `fake_tls`).
    pub(super) async fn handle(&self, req: Request<Incoming>) -> Response<Full<Bytes>> {
        let method = req.method().to_string();
        let path = req.uri().path().to_string();
        let ctype = req.headers().get("content-type").and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
        let body = req.into_body().collect().await.map(|b| b.to_bytes()).unwrap_or_default();
        let (json_body, files) = if ctype.starts_with("multipart/") {
            let parts = parse_multipart(&ctype, &body);
            let mut j = None;
            let mut files = vec![];
            for (name, filename, data) in parts {
                match filename {
                    Some(f) => files.push((name, f, data)),
                    None if name == "payload_json" => j = serde_json::from_slice(&data).ok(),
                    None => {}
                }
            }
            (j, files)
        } else {
            (serde_json::from_slice::<Value>(&body).ok(), vec![])
        };
        let mut s = self.state.lock().await;
        // Injected faults first.
        let fault = s
            .faults
            .iter_mut()
            .find(|(m, p, q)| *m == method && path.contains(p.as_str()) && !q.is_empty())
            .and_then(|(_, _, q)| q.pop_front());
        let (status, out, headers) = match fault {
            Some(Fault::RateLimited(secs)) => rate_limited(secs, false),
            Some(Fault::GlobalRateLimited(secs)) => rate_limited(secs, true),
            Some(Fault::Exhausted(secs)) => {
                let (st, o) = self.route(&mut s, &method, &path, json_body.as_ref());
                (st, o, bucket_headers(0, secs))
            }
            Some(Fault::ServerError) => (500, json!({"message": "500: Internal Server Error", "code": 0}), vec![]),
            Some(Fault::Status(status, message, code)) => (status, json!({"message": message, "code": code}), vec![]),
            Some(Fault::DoneThenServerError) => {
                let _ = self.route(&mut s, &method, &path, json_body.as_ref());
                (500, json!({"message": "500: Internal Server Error", "code": 0}), vec![])
            }
            None => {
                let (st, o) = self.route(&mut s, &method, &path, json_body.as_ref());
                (st, o, vec![])
            }
        };
        let at = std::time::Instant::now();
        s.requests.push(Recorded { method, path, json: json_body, files, status, response: out.clone(), at });
        drop(s);
        self.changed.notify_waiters();
        let mut resp = Response::builder().status(StatusCode::from_u16(status).unwrap());
        // Discord's rate-limit headers on every answer (unless a fault set its own: a generous
        // bucket, serenity's rate limiter, when on, reads them and never has to wait here).
        let headers = if headers.is_empty() && status != 429 { bucket_headers(49, 1.0) } else { headers };
        for (k, v) in headers {
            resp = resp.header(k, v);
        }
        if status == 204 {
            return resp.body(Full::new(Bytes::new())).unwrap();
        }
        resp.header("content-type", "application/json").body(Full::new(Bytes::from(out.to_string()))).unwrap()
    }

    fn new_thread(&self, s: &mut State, id: u64, parent: u64, body: &Value) -> (u16, Value) {
        let name = body["name"].as_str().unwrap_or("game");
        let auto_archive = body["auto_archive_duration"].as_u64().unwrap_or(1440);
        if ![60, 1440, 4320, 10080].contains(&auto_archive) {
            return form_error(
                "auto_archive_duration",
                None,
                "BASE_TYPE_CHOICES",
                "Value must be one of {60, 1440, 4320, 10080}.",
            );
        }
        s.threads.insert(id, Thread { parent, auto_archive, archived: false, locked: false });
        let mut t = thread_json(id, parent, name);
        t["thread_metadata"]["auto_archive_duration"] = json!(auto_archive);
        (201, t)
    }

    fn route(&self, s: &mut State, method: &str, path: &str, body: Option<&Value>) -> (u16, Value) {
        let seg = segments(path);
        if let ["channels", ch, ..] = seg.as_slice()
            && ch.parse::<u64>().is_ok_and(|c| s.deleted.contains(&c))
        {
            return (404, json!({"message": "Unknown Channel", "code": 10003}));
        }
        let empty = json!({});
        let body = body.unwrap_or(&empty);
        let message_body = match (method, seg.as_slice()) {
            ("POST", ["channels", _, "messages"])
            | ("PATCH", ["channels", _, "messages", _])
            | ("POST", ["webhooks", _, _])
            | ("PATCH", ["webhooks", _, _, "messages", _]) => Some(body),
            ("POST", ["interactions", _, _, "callback"]) => body.get("data"),
            _ => None,
        };
        if let Some(refusal) = message_body.and_then(message_refusal) {
            return refusal;
        }
        if let ("POST", ["channels", ch, "messages" | "threads", ..]) = (method, seg.as_slice())
            && ch.parse::<u64>().is_ok_and(|c| {
                s.forbidden.contains(&c) || (s.no_threads.contains(&c) && seg.last() == Some(&"threads"))
            })
        {
            return (403, json!({"message": "Missing Permissions", "code": 50013}));
        }
        // Interaction tokens last 15 minutes.
        if let ["webhooks", _, token, ..] = seg.as_slice()
            && let Some(id) = token.strip_prefix("tok-").and_then(|i| i.parse::<u64>().ok())
            && s.sent_at.get(&id).is_some_and(|at| at.elapsed() > Duration::from_secs(15 * 60))
        {
            return (401, json!({"message": "Invalid Webhook Token", "code": 50027}));
        }
        if let ("POST", ["channels", ch, "messages"]) = (method, seg.as_slice())
            && ch.parse::<u64>().is_ok_and(|c| s.voice.contains(&c))
        {
            return (400, json!({"message": "Cannot send messages in a non-text channel", "code": 50008}));
        }
        // Archived threads: a post unarchives one (unless locked); edits are refused.
        if let [_, ch, "messages", ..] = seg.as_slice()
            && let Some(t) = ch.parse::<u64>().ok().and_then(|c| s.threads.get_mut(&c))
            && t.archived
        {
            if method == "POST" && seg.len() == 3 && !t.locked {
                t.archived = false;
            } else if method == "POST" || method == "PATCH" {
                return (400, json!({"message": "Thread is archived", "code": 50083}));
            }
        }
        // DMs to a player who left every server the bot is in: 50278.
        if let ("POST", ["channels", ch, "messages"]) = (method, seg.as_slice())
            && let Some(user) = ch.parse::<u64>().ok().and_then(|c| s.dm_channels.get(&c))
            && s.left.contains(user)
        {
            return (
                403,
                json!({"message": "Cannot send messages to this user due to having no mutual guilds", "code": 50278}),
            );
        }
        match (method, seg.as_slice()) {
            ("GET", ["gateway"]) => (200, json!({"url": self.gateway_url})),
            ("GET", ["gateway", "bot"]) => (
                200,
                json!({"url": self.gateway_url, "shards": 1, "session_start_limit":
                    {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}}),
            ),
            ("GET", ["users", "@me"]) => (200, user_json(APP_ID, "junqi")),
            ("PUT", ["applications", _, "commands"]) | ("PUT", ["applications", _, "guilds", _, "commands"]) => {
                if let Some(refusal) = registration_refusal(body) {
                    return refusal;
                }
                let cmds = body.as_array().cloned().unwrap_or_default();
                let guild = match seg.as_slice() {
                    [_, _, "guilds", g, _] => g.parse::<u64>().ok(),
                    _ => None,
                };
                let out: Vec<Value> = cmds
                    .into_iter()
                    .map(|mut c| {
                        c["id"] = json!(self.next_id().to_string());
                        c["application_id"] = json!(APP_ID.to_string());
                        c["version"] = json!("1");
                        c["type"] = c.get("type").cloned().unwrap_or(json!(1));
                        c
                    })
                    .collect();
                if let Some(g) = guild {
                    s.guild_commands.insert(g, out.clone());
                }
                (200, Value::Array(out))
            }
            ("GET", ["applications", _, "guilds", g, "commands"]) => {
                let g: u64 = g.parse().unwrap_or(0);
                (200, Value::Array(s.guild_commands.get(&g).cloned().unwrap_or_default()))
            }
            ("POST", ["interactions", id, _, "callback"]) => {
                // One response per interaction, within 3 seconds of it.
                let id: u64 = id.parse().unwrap_or(0);
                if s.acknowledged.contains(&id) {
                    return (400, json!({"message": "Interaction has already been acknowledged.", "code": 40060}));
                }
                if s.sent_at.get(&id).is_some_and(|at| at.elapsed() > Duration::from_secs(3)) {
                    return (404, json!({"message": "Unknown interaction", "code": 10062}));
                }
                s.acknowledged.insert(id);
                (204, Value::Null)
            }
            ("POST", ["users", "@me", "channels"]) => {
                let user: u64 = body["recipient_id"].as_str().and_then(|v| v.parse().ok()).unwrap_or(0);
                let id = s.dm_channels.iter().find(|(_, u)| **u == user).map(|(c, _)| *c).unwrap_or_else(|| {
                    let id = self.next_id();
                    s.dm_channels.insert(id, user);
                    id
                });
                (
                    200,
                    json!({"id": id.to_string(), "type": 1, "recipients": [user_json(user, "player")],
                             "last_message_id": null}),
                )
            }
            ("POST", ["channels", ch, "messages"]) => {
                let ch: u64 = ch.parse().unwrap_or(0);
                if s.dm_channels.get(&ch).is_some_and(|u| s.dm_closed.contains(u)) {
                    return (403, json!({"message": "Cannot send messages to this user", "code": 50007}));
                }
                let nonce = match (&body["nonce"], &body["enforce_nonce"]) {
                    (Value::String(n), Value::Bool(true)) => Some(n.clone()),
                    _ => None,
                };
                if let Some(m) = nonce.as_ref().and_then(|n| s.nonces.get(n)) {
                    return (200, m.clone());
                }
                let m = message_json(self.next_id(), ch, body);
                if let Some(n) = nonce {
                    s.nonces.insert(n, m.clone());
                }
                (200, m)
            }
            ("PATCH", ["channels", ch, "messages", _]) => {
                (200, message_json(self.next_id(), ch.parse().unwrap_or(0), body))
            }
            ("POST", ["channels", ch, "messages", msg, "threads"]) => {
                // A thread started from a message has the message's id; a message has one thread.
                let id: u64 = msg.parse().unwrap_or(0);
                if s.threads.contains_key(&id) {
                    return (
                        400,
                        json!({"message": "A thread has already been created for this message", "code": 160004}),
                    );
                }
                self.new_thread(s, id, ch.parse().unwrap_or(0), body)
            }
            ("POST", ["channels", ch, "threads"]) => {
                let id = self.next_id();
                self.new_thread(s, id, ch.parse().unwrap_or(0), body)
            }
            ("PUT", ["channels", _, "thread-members", _]) => (204, Value::Null),
            ("POST", ["webhooks", _, _]) => (200, message_json(self.next_id(), CHANNEL_ID, body)),
            ("PATCH", ["webhooks", _, _, "messages", _]) => (200, message_json(self.next_id(), CHANNEL_ID, body)),
            ("GET", ["webhooks", _, _, "messages", _]) => (200, message_json(self.next_id(), CHANNEL_ID, body)),
            ("DELETE", _) => (204, Value::Null),
            _ => (404, json!({"message": format!("fake discord: no route for {method} {path}"), "code": 0})),
        }
    }
}

/// Builders for interaction payloads as Discord sends them.
#[path = "payload.rs"]
pub mod payload;

/// The custom id (`jq:rsgn:N`) of the button `/junqi resign` answered interaction `id` with:
/// the command only asks; pressing it resigns (issue 21 item 8).
pub fn resign_confirmation(all: &[Recorded], id: u64) -> String {
    let cb = all
        .iter()
        .find(|x| x.path.ends_with(&format!("/interactions/{id}/tok-{id}/callback")))
        .expect("the resign command was answered");
    let data = &cb.json.as_ref().expect("a JSON answer")["data"];
    assert_eq!(data["flags"], 64, "the question is private");
    data["components"][0]["components"][0]["custom_id"]
        .as_str()
        .filter(|c| c.starts_with("jq:rsgn:"))
        .unwrap_or_else(|| panic!("no resign button in {data}"))
        .to_string()
}
