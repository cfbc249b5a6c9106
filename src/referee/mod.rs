//! The referee (公证人) as a service, independent of Discord: commands in, effects out.
//!
//! A [`Command`] carries the acting user (an opaque id), a request id and an [`Action`]. The
//! referee checks it against the game, writes everything it changes (the event, the game row, the
//! deadline, the request id with the effects) inside its own savepoint of a group commit (one
//! `BEGIN IMMEDIATE … COMMIT` shared by every command queued meanwhile, see
//! [`crate::store::batch`]), and only once that commit is done returns the [`Effect`]s for the
//! adapter to deliver. A repeated request id returns the stored effects and changes nothing.
//!
//! Commands for one game are serialised by a per-game async lock (held across the transaction), so
//! two commands racing for the same turn are applied one after the other: the second sees the
//! first's result. Different games proceed in parallel up to SQLite's single writer.
//!
//! Secrecy: public texts are made from [`crate::rules::view::PublicPly`] as a spectator sees it,
//! never from the game itself; deployments are only sent to their owner until the game is over.

pub mod clock;
pub mod flip;
pub mod i18n;
mod legal;
mod lifecycle;
mod locales;
mod marks;
mod route;
mod seats;
mod settings;
mod time;
pub mod tournament;

use std::collections::HashMap;
use std::sync::{Arc, Mutex as StdMutex};

use serde::{Deserialize, Serialize};
use sqlx::sqlite::SqliteConnection;

use crate::rules::game::GameOver;
use crate::rules::notation::{format_move, parse_move};
use crate::rules::options::{FirstMove, OnTimeout};
use crate::rules::rng::Rng;
use crate::rules::setup::Setup;
use crate::rules::{EndReason, Game, Mode, PlyReport, RuleOptions, Seat, Variant, View, Viewer};
use crate::store::{self, DeadlineRow, DeploymentRow, GameRow, Store, StoreError, status};

pub use clock::{Clock, ManualClock, SystemClock};
pub use i18n::{Locale, Mistake, Msg};
pub use lifecycle::GameMistake;
pub use marks::Mark;
pub use settings::ServerOptions;
pub use time::{TimeControlError, parse_time_control};

use i18n::{PieceName, SeatName};
use route::{GameAction, GameCommand, Route, Terms, UserAction};

/// A game's id.
pub type GameId = i64;

/// A command: who acts, the request id that makes it idempotent, on which server, and what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command {
    /// The acting user (an opaque id from the adapter).
    pub user: String,
    /// A unique id per request; a repeat returns the stored answer and is never applied twice.
    pub request: String,
    /// The server the command came from ("" for direct messages and the local mode).
    pub server: String,
    /// What to do.
    pub action: Action,
}

/// How to deploy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DeploySource {
    /// A deployment text in any form `Setup::parse` accepts.
    Text(String),
    /// A random legal deployment.
    Random,
    /// A saved layout by name.
    Saved(String),
    /// The layout this player deployed last.
    Last,
}

/// What a command does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// Challenge a user (or anyone, with `opponent: None`).
    Challenge {
        /// The invited user.
        opponent: Option<String>,
        /// Variant name (`junqi`).
        variant: String,
        /// `dark`, `reveal` or `open`.
        mode: String,
        /// Rule options, `key=value …` as in `RuleOptions::parse`.
        rules: String,
        /// Time control (`10m`, `1h`, `1d`, `3d`, `none`).
        time: String,
    },
    /// Accept a challenge.
    Accept(GameId),
    /// Take a seat in a game on the 4-player board: the named one (`e`, `East`, `东`) or the next
    /// free one.
    Join {
        /// The game.
        game: GameId,
        /// The seat asked for.
        seat: Option<String>,
    },
    /// Decline a challenge (the invited user), or withdraw it (the challenger).
    Decline(GameId),
    /// Submit or replace one's deployment.
    Deploy(GameId, DeploySource),
    /// Play a move (`c6-c7`).
    Move(GameId, String),
    /// Resign.
    Resign(GameId),
    /// Offer a draw.
    OfferDraw(GameId),
    /// Accept the opponent's draw offer.
    AcceptDraw(GameId),
    /// Decline the opponent's draw offer.
    DeclineDraw(GameId),
    /// Abort before the first move.
    Abort(GameId),
    /// Offer a rematch of a finished game, colours swapped.
    Rematch(GameId),
    /// Ask for a game's status and board image (for oneself).
    Show(GameId),
    /// Save a layout under a name, in the layout family of `game` (the 2-player one without).
    SaveLayout {
        /// The name.
        name: String,
        /// The deployment text.
        setup: String,
        /// The game whose family the layout is for.
        game: Option<GameId>,
    },
    /// Delete a saved layout of the family of a game (the 2-player one without).
    DeleteLayout {
        /// The name.
        name: String,
        /// The game whose family is meant.
        game: Option<GameId>,
    },
    /// List one's saved layouts of the family of a game (the 2-player one without).
    ListLayouts(Option<GameId>),
    /// Choose one's language.
    SetLocale(String),
    /// Start (true) or end (false) a vacation.
    Vacation(bool),
    /// Change the settings of the command's server (the adapter checks the permission).
    ServerSettings {
        /// Default locale.
        locale: Option<String>,
        /// Vacation allowance, days per month.
        vacation_days: Option<i64>,
        /// How long a challenge waits (`1h`, `1d`, …).
        challenge_ttl: Option<String>,
    },
    /// Mark (guess) an enemy piece on one's own board; `piece: None` clears the mark there.
    Mark {
        /// The game.
        game: GameId,
        /// The point (`c9`).
        point: String,
        /// The guess (`司令`, `a`, `marshal`…), or None to clear.
        piece: Option<String>,
    },
    /// Change the adapter's options of the command's server and its default language (the
    /// adapter checks the permission). `None` leaves a setting as it is.
    ServerOptions {
        /// Announcements channel id (`Some("")` clears it).
        announcements: Option<String>,
        /// One thread per game.
        thread_per_game: Option<bool>,
        /// Default time control of challenges that give none (`1d`, `none`).
        default_time: Option<String>,
        /// Default locale.
        locale: Option<String>,
    },
    /// Start a vacation of this many days (at most what is left of this month's allowance).
    VacationDays(i64),
    /// Tournaments and ratings (see [`tournament::TournamentAction`]).
    Tournament(tournament::TournamentAction),
}

/// What the adapter must do after a command: data, not calls.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "effect", rename_all = "snake_case")]
pub enum Effect {
    /// A public announcement in the game's channel, in the server's locale.
    Public {
        /// The server.
        server: String,
        /// The game it concerns.
        game: Option<GameId>,
        /// The text.
        text: String,
    },
    /// A private message to one user, in their locale.
    Private {
        /// The recipient.
        user: String,
        /// The game it concerns.
        game: Option<GameId>,
        /// The text.
        text: String,
    },
    /// Draw the board: publicly (`for_user: None`, spectator view) or for one player.
    /// Get the view with [`Referee::view`].
    Render {
        /// The game.
        game: GameId,
        /// The player it is for, or None for the public image.
        for_user: Option<String>,
    },
    /// Wake the referee (call [`Referee::tick`]) at this time (Unix seconds).
    TimerSet {
        /// The game.
        game: GameId,
        /// When.
        at: i64,
    },
    /// The game's timer is gone.
    TimerCancel {
        /// The game.
        game: GameId,
    },
}

/// Why a command failed.
#[derive(Debug, thiserror::Error)]
pub enum RefereeError {
    /// The user made a mistake; `message` is the translated text for them. Nothing changed.
    #[error("{mistake}")]
    Rejected {
        /// What went wrong.
        mistake: Mistake,
        /// The text in the user's locale.
        message: String,
    },
    /// The store failed; nothing was committed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A stored answer could not be read back.
    #[error("stored effects of request {0} are unreadable: {1}")]
    StoredEffects(String, String),
}

impl RefereeError {
    /// The error as a message for the user who sent the command, in their locale. Nothing was
    /// changed in any case: the command's transaction was not committed.
    pub fn message(&self, locale: Locale) -> String {
        let text = self.message_base(locale);
        if locale == Locale::ZhHant { i18n::to_traditional(&text) } else { text }
    }

    fn message_base(&self, locale: Locale) -> String {
        let zh = locale != Locale::En;
        match self {
            RefereeError::Rejected { mistake, message } if message.is_empty() => mistake.render(locale),
            RefereeError::Rejected { message, .. } => message.clone(),
            RefereeError::Store(StoreError::Corrupt { table, id, reason }) if zh => {
                format!("数据库中的记录已损坏（{table} {id}：{reason}），本次操作未执行。请联系管理员。")
            }
            RefereeError::Store(StoreError::Corrupt { table, id, reason }) => {
                format!(
                    "A stored record is damaged ({table} {id}: {reason}); nothing was changed. Please tell an admin."
                )
            }
            _ if zh => "公证人的数据库出错，本次操作未执行，请稍后再试。".into(),
            _ => "The referee's database failed; nothing was changed. Please try again.".into(),
        }
    }
}

impl From<sqlx::Error> for RefereeError {
    fn from(e: sqlx::Error) -> Self {
        RefereeError::Store(StoreError::Db(e))
    }
}

/// Internal failure while applying: a mistake or a store error.
enum Fail {
    Mistake(Mistake),
    Store(StoreError),
}

impl From<StoreError> for Fail {
    fn from(e: StoreError) -> Self {
        Fail::Store(e)
    }
}

impl From<sqlx::Error> for Fail {
    fn from(e: sqlx::Error) -> Self {
        Fail::Store(StoreError::Db(e))
    }
}

impl From<Mistake> for Fail {
    fn from(m: Mistake) -> Self {
        Fail::Mistake(m)
    }
}

type Res<T> = Result<T, Fail>;

/// A game rebuilt from its log, cached between commands.
#[derive(Clone)]
struct Live {
    game: Game,
    last: Option<PlyReport>,
    /// The game's row as last committed, so a move needs no read of it.
    row: GameRow,
}

/// The games cached in a slot, as last committed. Anything here can be rebuilt from the store,
/// so a cache may be dropped at any time; it only saves replaying the log.
#[derive(Default, Clone)]
struct Cache {
    /// A game of the standard and cross families.
    live: Option<Live>,
    /// A 翻棋 game (its own rules type).
    flip: Option<flip::FlipLive>,
    /// A game refereed through the contract alone (see `lifecycle`).
    any: Option<lifecycle::AnyLive>,
}

impl Cache {
    /// Whether a game still in play is cached: only those are worth keeping between commands.
    fn in_play(&self) -> bool {
        self.live.as_ref().is_some_and(|l| l.game.over().is_none())
            || self.flip.as_ref().is_some_and(|f| f.game.over().is_none())
            || self.any.as_ref().is_some_and(lifecycle::AnyLive::in_play)
    }

    /// Keeps only games still in play: a finished game leaves the cache, and its slot the map.
    fn keep_in_play(&mut self) {
        self.live = self.live.take().filter(|l| l.game.over().is_none());
        self.flip = self.flip.take().filter(|f| f.game.over().is_none());
        self.any = self.any.take().filter(lifecycle::AnyLive::in_play);
    }
}

/// What a game's lock guards.
#[derive(Default)]
struct Slot {
    cache: Cache,
    /// When the slot was last taken (the referee's clock), for evicting idle games.
    used: i64,
}

impl Slot {
    /// Forgets the cached games, to be rebuilt from the store.
    fn clear(&mut self) {
        self.cache = Cache::default();
    }
}

/// A game's lock, held. Dropping it releases the lock and then the slot itself, unless another
/// task holds or awaits it or it caches a game in play (see [`Referee::release`]).
struct Held<'r> {
    referee: &'r Referee,
    game: GameId,
    guard: Option<tokio::sync::OwnedMutexGuard<Slot>>,
}

impl std::ops::Deref for Held<'_> {
    type Target = Slot;
    fn deref(&self) -> &Slot {
        self.guard.as_ref().expect("held until dropped")
    }
}

impl std::ops::DerefMut for Held<'_> {
    fn deref_mut(&mut self) -> &mut Slot {
        self.guard.as_mut().expect("held until dropped")
    }
}

impl Drop for Held<'_> {
    fn drop(&mut self) {
        if let Some(guard) = self.guard.take() {
            let slot = tokio::sync::OwnedMutexGuard::mutex(&guard).clone();
            // Unlock first: the slot is only evicted if no one holds it.
            drop(guard);
            self.referee.release(self.game, slot);
        }
    }
}

/// A command's work once routed (tournament commands run elsewhere, see
/// [`Referee::handle_tournament`]).
enum Job<'a> {
    /// On one game, under its lock.
    Game(GameCommand<'a>),
    /// On the user's or the server's rows.
    User(UserAction<'a>),
}

/// Effects being collected for one command, with the locale lookups they need.
#[derive(Default)]
struct Out {
    effects: Vec<Effect>,
    /// Locales looked up during this command (server default by server, then by user), so a
    /// command that announces several things reads each setting once.
    server_locales: HashMap<String, Locale>,
    user_locales: HashMap<String, Locale>,
    /// The referee's server locales and the settings version this command began at (None:
    /// always read the store).
    cached: Option<(Arc<locales::ServerLocales>, u64)>,
    /// Writes held back to go out in one round trip at the end of the command. Only a move that
    /// does not end its game defers writes (event, game row, deadline); see [`store::Later`] for
    /// the rule that keeps reads correct.
    later: store::Later,
    /// Whether writes may be held back at all: only commands run by [`Referee::handle`], which
    /// flushes them before the commit; timers and tournament jobs write at once.
    defer: bool,
}

impl Out {
    /// Appends to the event log, held back if this command defers writes.
    async fn event_append(
        &mut self,
        tx: &mut SqliteConnection,
        game: GameId,
        kind: &str,
        seat: Option<i64>,
        body: &str,
        at: i64,
    ) -> Result<(), StoreError> {
        if self.defer {
            self.later.event_append(game, kind, seat, body, at);
        } else {
            store::event_append(tx, game, kind, seat, body, at).await?;
        }
        Ok(())
    }

    /// Writes the game row, held back if this command defers writes.
    async fn game_update(&mut self, tx: &mut SqliteConnection, row: &GameRow) -> Result<(), StoreError> {
        if self.defer {
            self.later.game_update(row)
        } else {
            store::game_update(tx, row).await?
        }
        Ok(())
    }

    /// Sets the game's deadline, held back if this command defers writes.
    async fn deadline_set(&mut self, tx: &mut SqliteConnection, d: &DeadlineRow) -> Result<(), StoreError> {
        if self.defer {
            self.later.deadline_set(d)
        } else {
            store::deadline_set(tx, d).await?
        }
        Ok(())
    }

    async fn server_locale(&mut self, tx: &mut SqliteConnection, server: &str) -> Result<Locale, StoreError> {
        if let Some(&l) = self.server_locales.get(server) {
            return Ok(l);
        }
        if let Some(l) = self.cached.as_ref().and_then(|(c, version)| c.get(server, *version)) {
            return Ok(l);
        }
        let l = Locale::parse(&store::server_get(tx, server).await?.locale).unwrap_or_default();
        self.server_locales.insert(server.to_string(), l);
        Ok(l)
    }

    async fn user_locale(&mut self, tx: &mut SqliteConnection, user: &str, server: &str) -> Result<Locale, StoreError> {
        if let Some(&l) = self.user_locales.get(user) {
            return Ok(l);
        }
        let l = match store::user_get(tx, user).await?.locale.as_deref().and_then(Locale::parse) {
            Some(l) => l,
            None => self.server_locale(tx, server).await?,
        };
        self.user_locales.insert(user.to_string(), l);
        Ok(l)
    }
}

/// How long an unused game stays cached: a game in play whose players are away is replayed from
/// the store when they come back rather than held in memory.
const IDLE_SECS: i64 = 3600;

/// The referee service.
pub struct Referee {
    store: Store,
    clock: Arc<dyn Clock>,
    slots: StdMutex<HashMap<GameId, Arc<tokio::sync::Mutex<Slot>>>>,
    /// Server default locales, so announcements need no read of them (see `locales.rs`).
    locales: Arc<locales::ServerLocales>,
    /// How many 翻棋 games were rebuilt from the store (see [`Referee::flip_rebuilds`]).
    flip_rebuilds: std::sync::atomic::AtomicU64,
}

fn corrupt(table: &'static str, id: impl ToString, reason: impl ToString) -> StoreError {
    StoreError::Corrupt { table, id: id.to_string(), reason: reason.to_string() }
}

/// The player of a seat of a 2-player game (`?` while free), from the row's `game_seats`.
fn seat_user(row: &GameRow, seat: Seat) -> &str {
    row.seats.user(seat.index()).unwrap_or("?")
}

/// The seat a user holds in a 2-player game (Red or Blue only), from the row's `game_seats`.
fn seat_of(row: &GameRow, user: &str) -> Option<Seat> {
    let seat = row.seats.seat_of(user)?;
    if seat == Seat::RED.index() {
        Some(Seat::RED)
    } else if seat == Seat::BLUE.index() {
        Some(Seat::BLUE)
    } else {
        None
    }
}

fn piece_name(variant: &Variant, kind: crate::rules::PieceKind) -> PieceName {
    let d = variant.piece(kind);
    PieceName { zh: d.zh, en: d.en }
}

fn result_string(variant: &Variant, over: GameOver) -> String {
    let who = match over.winner {
        Some(t) => format!("{}_wins", variant.seat_name(Seat(t))),
        None => "draw".into(),
    };
    format!("{who}:{}", over.reason.as_str())
}

/// The `YYYY-MM` of a Unix time (UTC), for the monthly vacation allowance.
fn month_of(t: i64) -> String {
    let (y, m, _) = civil(t);
    format!("{y:04}-{m:02}")
}

/// Year, month, day of a Unix time (UTC).
fn civil(t: i64) -> (i64, i64, i64) {
    // Civil-from-days (Howard Hinnant's algorithm), to avoid a date crate for one function.
    let z = t.div_euclid(86_400) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    let d = doy - (153 * mp + 2) / 5 + 1;
    (y, m, d)
}

impl Referee {
    /// A referee on a store, with a clock (a [`SystemClock`] in production, a [`ManualClock`] in
    /// tests).
    pub fn new(store: Store, clock: Arc<dyn Clock>) -> Referee {
        Referee {
            store,
            clock,
            slots: StdMutex::new(HashMap::new()),
            locales: Arc::default(),
            flip_rebuilds: Default::default(),
        }
    }

    /// Opens a referee and applies every deadline missed while it was down, in order, once.
    /// Returns the referee and the effects of those deadlines.
    pub async fn start(store: Store, clock: Arc<dyn Clock>) -> Result<(Referee, Vec<Effect>), RefereeError> {
        let r = Referee::new(store, clock);
        let effects = r.tick().await?;
        Ok((r, effects))
    }

    /// The store.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The current time of the referee's clock.
    pub fn now(&self) -> i64 {
        self.clock.now()
    }

    fn slot(&self, game: GameId) -> Arc<tokio::sync::Mutex<Slot>> {
        let mut slots = self.slots.lock().unwrap_or_else(|e| e.into_inner());
        slots.entry(game).or_default().clone()
    }

    /// Takes `game`'s lock (waiting for commands before it), released when the result is dropped.
    async fn hold(&self, game: GameId) -> Held<'_> {
        let mut guard = self.slot(game).lock_owned().await;
        guard.used = self.clock.now();
        Held { referee: self, game, guard: Some(guard) }
    }

    /// Removes `game`'s slot from the map if only the map and `slot` (the caller's, unlocked)
    /// hold it and it caches no game in play. Every task that holds or awaits a slot holds an
    /// `Arc` of it, and a new one can only be had from the map, whose lock is held here: so a
    /// count of two means no one else can be using or waiting for this slot, now or later.
    fn release(&self, game: GameId, slot: Arc<tokio::sync::Mutex<Slot>>) {
        let mut slots = self.slots.lock().unwrap_or_else(|e| e.into_inner());
        if Arc::strong_count(&slot) != 2 || !slots.get(&game).is_some_and(|s| Arc::ptr_eq(s, &slot)) {
            return;
        }
        let keep = slot.try_lock().map_or(true, |s| s.cache.in_play());
        if !keep {
            slots.remove(&game);
        }
    }

    /// Evicts the slots no one holds or awaits that were last used more than [`IDLE_SECS`]
    /// before `now`, even if they cache a game in play (it is rebuilt when next needed).
    fn evict_idle(&self, now: i64) {
        let mut slots = self.slots.lock().unwrap_or_else(|e| e.into_inner());
        slots.retain(|_, slot| {
            Arc::strong_count(slot) > 1 || slot.try_lock().map_or(true, |s| s.used.saturating_add(IDLE_SECS) > now)
        });
    }

    /// How many games have a lock slot (and maybe a cached position) in memory.
    #[doc(hidden)]
    pub fn cached_games(&self) -> usize {
        self.slots.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    /// Handles one command: checks it, commits it, and returns its effects.
    ///
    /// The command takes its game's lock, then a turn in the store's group commit
    /// ([`Store::turn`]): it runs inside the batch's transaction and its own savepoint, and its
    /// effects (or its rejection) are returned only once the batch holding it is committed. If that
    /// commit fails the game's cached state is dropped, to be rebuilt from the store.
    pub async fn handle(&self, cmd: Command) -> Result<Vec<Effect>, RefereeError> {
        let (job, game) = match cmd.action.route() {
            Route::Tournament(t) => return self.handle_tournament(&cmd, t).await,
            Route::Game(game, action) => (Job::Game(GameCommand { user: &cmd.user, game, action }), Some(game)),
            Route::User(action) => (Job::User(action), None),
        };
        let mut guard = match game {
            Some(g) => Some(self.hold(g).await),
            None => None,
        };
        let (mut turn, commit) = self.store.turn_for(&cmd.request).await?;
        let seen = turn.seen();
        let now = self.clock.now();
        let version = store::servers_version();
        let mut out = Out { cached: Some((self.locales.clone(), version)), defer: true, ..Out::default() };
        // A copy: a rejected command leaves the slot's games as they were.
        let mut cache = guard.as_ref().map(|g| g.cache.clone()).unwrap_or_default();
        let step = match seen {
            Some(json) => Ok(Some(json)),
            None => self.handle_in(turn.conn(), &cmd, job, now, &mut cache, &mut out).await.map(|()| None),
        };
        // The writes the command held back (its request id at least) go out with the close of
        // its savepoint, in the writer's next round trip; a failed command's are dropped.
        match step {
            Ok(_) => turn.finish_with(std::mem::take(&mut out.later)),
            Err(_) => turn.finish(false),
        }
        if let Err(e) = commit.wait().await {
            if let Some(g) = guard.as_mut() {
                g.clear();
            }
            return Err(RefereeError::Store(e));
        }
        match step {
            Ok(Some(json)) => {
                serde_json::from_str(&json).map_err(|e| RefereeError::StoredEffects(cmd.request.clone(), e.to_string()))
            }
            Ok(None) => {
                if let Some(g) = guard.as_mut() {
                    // Finished games leave the cache (and their slot the map, once `guard` is
                    // dropped); they are rebuilt on demand (views, records).
                    cache.keep_in_play();
                    g.cache = cache;
                }
                self.locales.put(version, &out.server_locales);
                Ok(out.effects)
            }
            Err(Fail::Mistake(m)) => {
                let locale = self.locale_of(&cmd.user, &cmd.server).await?;
                Err(RefereeError::Rejected { message: m.render(locale), mistake: m })
            }
            Err(Fail::Store(e)) => {
                if let Some(g) = guard.as_mut() {
                    g.clear();
                }
                Err(RefereeError::Store(e))
            }
        }
    }

    /// A new command's turn on the write connection (one whose request id was not seen): applies
    /// it and records the request id with its effects. The request id joins the writes held back
    /// in `out.later`, which [`Referee::handle`] hands to the batch writer.
    async fn handle_in(
        &self,
        tx: &mut SqliteConnection,
        cmd: &Command,
        job: Job<'_>,
        now: i64,
        cache: &mut Cache,
        out: &mut Out,
    ) -> Res<()> {
        match job {
            Job::Game(gc) => self.apply_game(tx, gc, now, cache, out).await?,
            Job::User(action) => self.apply_user(tx, cmd, action, now, out).await?,
        }
        let json = serde_json::to_string(&out.effects).expect("effects serialise");
        out.later.request_put(&cmd.request, &cmd.user, &json, now);
        Ok(())
    }

    async fn locale_of(&self, user: &str, server: &str) -> Result<Locale, StoreError> {
        let mut c = self.store.conn().await?;
        user_locale(&mut c, user, server).await
    }

    /// The board as `user` may see it: their own seat's view if they play in the game, the
    /// spectator view otherwise (`None` asks for the public view); everything once it is over.
    pub async fn view(&self, game: GameId, user: Option<&str>) -> Result<View, RefereeError> {
        let mut guard = self.hold(game).await;
        let mut c = self.store.conn().await?;
        let row = store::game_get(&mut c, game)
            .await?
            .ok_or_else(|| RefereeError::Rejected { mistake: Mistake::UnknownGame(game), message: String::new() })?;
        if lifecycle::hosts(&row.variant).is_some() {
            // Drawn from the game's picture instead: see [`Referee::picture`].
            let mistake = Mistake::Game(GameMistake::NotOffered { game, what: "view of the older engines" });
            return Err(RefereeError::Rejected { mistake, message: String::new() });
        }
        if guard.cache.live.is_none() {
            guard.cache.live = rebuild(&mut c, &row).await?;
        }
        let Some(live) = &guard.cache.live else {
            return Err(RefereeError::Rejected {
                mistake: Mistake::WrongState { game, status: row.status.clone() },
                message: String::new(),
            });
        };
        if seats::is_cross(&row) {
            return self.seats_view(&mut c, &row, live, user).await;
        }
        let mode = Mode::parse(&row.mode).ok_or_else(|| corrupt("games", game, "bad mode"))?;
        let viewer = match user.and_then(|u| seat_of(&row, u)) {
            Some(s) => Viewer::Seat(s),
            None => Viewer::Spectator,
        };
        Ok(live.game.view(viewer, mode, live.last.as_ref()))
    }

    /// The game's record (`.jqr`): with both setups once the game is over; before that the setups
    /// are `?` and each combat carries its public outcome mark, so the record is public.
    pub async fn record(&self, game: GameId) -> Result<String, RefereeError> {
        let mut guard = self.hold(game).await;
        let mut c = self.store.conn().await?;
        let unknown = || RefereeError::Rejected { mistake: Mistake::UnknownGame(game), message: String::new() };
        let row = store::game_get(&mut c, game).await?.ok_or_else(unknown)?;
        if let Some(def) = lifecycle::hosts(&row.variant) {
            return self.any_record(&mut c, def, &row).await;
        }
        if seats::is_cross(&row) {
            return self.seats_record(&mut c, &row).await;
        }
        if row.variant == crate::rules::flip::VARIANT_NAME {
            return self.flip_record(&mut c, &row, &mut guard.cache.flip).await;
        }
        let v = Variant::by_name(&row.variant).ok_or_else(|| corrupt("games", game, "unknown variant"))?;
        let rules = RuleOptions::parse(&row.rules).map_err(|e| corrupt("games", game, e))?;
        let deps = store::deployments_get(&mut c, game).await?;
        let over = row.status == status::FINISHED;
        let setup_of =
            |seat: i64| deps.iter().find(|d| d.seat == seat).map_or_else(|| "?".to_string(), |d| d.setup.clone());
        let (y, m, d) = civil(row.created_at);
        let mut tags = vec![
            ("Format".to_string(), "jqr/1".to_string()),
            ("Variant".into(), v.name.to_string()),
            ("Mode".into(), row.mode.clone()),
        ];
        if !row.rules.is_empty() {
            tags.push(("Rules".into(), row.rules.clone()));
        }
        tags.push(("Red".into(), seat_user(&row, Seat::RED).into()));
        tags.push(("Blue".into(), seat_user(&row, Seat::BLUE).into()));
        if row.first_seat != 0 {
            tags.push(("First".into(), v.seat_name(Seat(row.first_seat as u8)).to_string()));
        }
        tags.push(("RedSetup".into(), if over { setup_of(0) } else { "?".into() }));
        tags.push(("BlueSetup".into(), if over { setup_of(1) } else { "?".into() }));
        tags.push(("Date".into(), format!("{y:04}.{m:02}.{d:02}")));
        let mut plies = Vec::new();
        let mut terminal = None;
        let mut result = "*";
        if let Some(live) = rebuild(&mut c, &row).await? {
            // Replay once more to learn each ply's public outcome class.
            let mut g = Game::new(v, rules, &[], Seat::RED);
            let mut deployments = Vec::new();
            for dep in &deps {
                let seat = Seat(dep.seat as u8);
                let setup = Setup::parse(v, &dep.setup).map_err(|e| corrupt("deployments", game, e))?;
                deployments.push(setup.validate(v, seat).map_err(|_| corrupt("deployments", game, "illegal"))?);
            }
            if deployments.len() == v.seats.len() {
                g = Game::new(v, rules, &deployments, Seat(row.first_seat as u8));
            }
            for e in store::events_of(&mut c, game).await? {
                match e.kind.as_str() {
                    "move" => {
                        let mv = parse_move(&v.board, &e.body).map_err(|x| corrupt("events", e.seq, x))?;
                        let rep = g.play(mv).map_err(|x| corrupt("events", e.seq, x))?;
                        let mark = (!over && rep.outcome.is_combat()).then_some(rep.outcome);
                        plies.push(crate::rules::record::RecordPly { mv, mark, line: 0 });
                    }
                    "resign" => terminal = Some(crate::rules::record::Terminal::Resign),
                    "timeout" => terminal = Some(crate::rules::record::Terminal::Timeout),
                    "draw" => terminal = Some(crate::rules::record::Terminal::Draw),
                    _ => {}
                }
            }
            result = crate::rules::record::result_token(v, live.game.over());
        }
        tags.push(("Result".into(), result.to_string()));
        let record = crate::rules::record::Record {
            tags,
            plies,
            terminal,
            result: result.into(),
            result_line: 0,
            events: Vec::new(),
        };
        Ok(record.to_text())
    }

    /// The live games (challenged, deploying, playing) a user sits in or was invited to.
    pub async fn games_of(&self, user: &str) -> Result<Vec<GameRow>, RefereeError> {
        Ok(store::games_of_user(&mut *self.store.conn().await?, user).await?)
    }

    /// Every live game, for listings.
    pub async fn live_games(&self) -> Result<Vec<GameRow>, RefereeError> {
        Ok(store::games_live(&mut *self.store.conn().await?).await?)
    }

    /// A game's stored row.
    pub async fn game_row(&self, game: GameId) -> Result<Option<GameRow>, RefereeError> {
        let mut c = self.store.conn().await?;
        Ok(store::game_get(&mut c, game).await?)
    }

    // -----------------------------------------------------------------------------------------
    // Applying commands

    /// An action of the user or their server (no existing game; a challenge creates one).
    async fn apply_user(
        &self,
        tx: &mut SqliteConnection,
        cmd: &Command,
        action: UserAction<'_>,
        now: i64,
        out: &mut Out,
    ) -> Res<()> {
        let user = cmd.user.as_str();
        match action {
            UserAction::Challenge(terms) if lifecycle::hosts(terms.variant).is_some() => {
                let def = lifecycle::hosts(terms.variant).expect("checked by the guard");
                let mut t = lifecycle::Turn { tx, out, now };
                self.any_challenge(&mut t, def, user, &cmd.server, terms).await
            }
            UserAction::Challenge(terms) if flip::is_flip_variant(terms.variant) => {
                self.flip_challenge(tx, user, &cmd.server, terms, now, out).await
            }
            UserAction::Challenge(terms @ Terms { opponent, variant, mode, rules, time }) => {
                let v = Variant::by_name(variant).ok_or_else(|| Mistake::BadVariant(variant.into()))?;
                if v.is_cross_board() {
                    return self.seats_challenge(tx, cmd, v, terms, now, out).await;
                }
                let m =
                    Mode::parse(mode).filter(|m| v.modes().contains(m)).ok_or_else(|| Mistake::BadMode(mode.into()))?;
                let r = RuleOptions::parse(rules).map_err(Mistake::BadOption)?;
                let per_move = time::time_control(time)?;
                if opponent == Some(user) {
                    return Err(Mistake::SelfChallenge.into());
                }
                let row = GameRow {
                    id: 0,
                    server_id: cmd.server.clone(),
                    variant: v.name.into(),
                    mode: m.as_str().into(),
                    rules: r.to_string(),
                    per_move,
                    challenger: user.into(),
                    invited: opponent.map(str::to_string),
                    seats: Default::default(),
                    status: status::CHALLENGED.into(),
                    first_seat: 0,
                    draw_offer: None,
                    result: None,
                    rematch_of: None,
                    created_at: now,
                    updated_at: now,
                };
                self.create_challenge(tx, row, now, out).await
            }
            UserAction::SaveLayout { name, setup, game } => {
                check_layout_name(name)?;
                let v = layout_variant(tx, game).await?;
                // Seat 0 of the family's variant: the codes are the same for every seat.
                let d = validate_setup(v, setup, Seat(0))?;
                store::layout_save(tx, user, v.layout_family(), name, &d).await?;
                self.private(tx, user, &cmd.server, None, Msg::LayoutSaved { name: name.into() }, out).await
            }
            UserAction::DeleteLayout { name, game } => {
                let family = layout_variant(tx, game).await?.layout_family();
                if !store::layout_delete(tx, user, family, name).await? {
                    return Err(Mistake::UnknownLayout(name.into()).into());
                }
                self.private(tx, user, &cmd.server, None, Msg::LayoutDeleted { name: name.into() }, out).await
            }
            UserAction::ListLayouts(game) => {
                let v = layout_variant(tx, game).await?;
                let items = store::layout_list(tx, user, v.layout_family())
                    .await?
                    .into_iter()
                    .map(|(n, s)| {
                        let rows = Setup::parse(v, &s).map(|s| s.to_row_string(v)).unwrap_or(s);
                        (n, rows)
                    })
                    .collect();
                self.private(tx, user, &cmd.server, None, Msg::Layouts { items }, out).await
            }
            UserAction::SetLocale(tag) => {
                let l = Locale::parse(tag).ok_or_else(|| Mistake::BadLocale(tag.into()))?;
                let mut u = store::user_get(tx, user).await?;
                u.locale = Some(l.tag().into());
                store::user_put(tx, &u).await?;
                self.private(tx, user, &cmd.server, None, Msg::LocaleSet, out).await
            }
            UserAction::Vacation(on) => self.vacation(tx, user, &cmd.server, on, now, out).await,
            UserAction::ServerSettings { locale, vacation_days, challenge_ttl } => {
                let mut row = store::server_get(tx, &cmd.server).await?;
                if let Some(tag) = locale {
                    row.locale = Locale::parse(tag).ok_or_else(|| Mistake::BadLocale(tag.into()))?.tag().into();
                }
                if let Some(days) = vacation_days {
                    if !(0..=31).contains(&days) {
                        return Err(Mistake::BadVacationDays(days).into());
                    }
                    row.vacation_days = days;
                }
                if let Some(ttl) = challenge_ttl {
                    // A challenge must expire: `none` is no lifetime.
                    row.challenge_ttl = time::time_control(ttl)?.ok_or_else(|| Mistake::BadTime(ttl.into()))?;
                }
                store::server_put(tx, &row).await?;
                let msg = Msg::ServerSettings {
                    locale: row.locale.clone(),
                    vacation_days: row.vacation_days,
                    challenge_ttl: row.challenge_ttl,
                };
                self.private(tx, user, &cmd.server, None, msg, out).await
            }
            UserAction::ServerOptions { announcements, thread_per_game, default_time, locale } => {
                let change = settings::OptionsChange {
                    announcements: announcements.map(str::to_string),
                    thread_per_game,
                    default_time: default_time.map(str::to_string),
                    locale: locale.map(str::to_string),
                };
                self.server_options_apply(tx, user, &cmd.server, change, out).await
            }
            UserAction::VacationDays(days) => self.vacation_days(tx, user, &cmd.server, days, now, out).await,
        }
    }

    async fn create_challenge(&self, tx: &mut SqliteConnection, row: GameRow, now: i64, out: &mut Out) -> Res<()> {
        let server = store::server_get(tx, &row.server_id).await?;
        let id = store::game_insert(tx, &row).await?;
        let due = time::after(now, server.challenge_ttl);
        store::deadline_set(
            tx,
            &DeadlineRow {
                game_id: id,
                kind: "challenge".into(),
                seat: None,
                due_at: Some(due),
                remind_at: None,
                remaining: None,
            },
        )
        .await?;
        let msg = Msg::Challenge {
            game: id,
            challenger: row.challenger.clone(),
            invited: row.invited.clone(),
            variant: row.variant.clone(),
            mode: row.mode.clone(),
            rules: row.rules.clone(),
            per_move: row.per_move,
            rematch_of: row.rematch_of,
        };
        self.public(tx, &row.server_id, Some(id), msg, out).await?;
        out.effects.push(Effect::TimerSet { game: id, at: due });
        Ok(())
    }

    async fn apply_game(
        &self,
        tx: &mut SqliteConnection,
        cmd: GameCommand<'_>,
        now: i64,
        cache: &mut Cache,
        out: &mut Out,
    ) -> Res<()> {
        let game = cmd.game;
        let live = &mut cache.live;
        let mut row = match live.as_ref().filter(|l| l.row.id == game) {
            Some(l) => l.row.clone(),
            None => store::game_get(tx, game).await?.ok_or(Mistake::UnknownGame(game))?,
        };
        if let Some(def) = lifecycle::hosts(&row.variant) {
            let mut t = lifecycle::Turn { tx, out, now };
            let r = self.any_action(&mut t, def, cmd.user, cmd.action, &mut row, &mut cache.any).await;
            if r.is_ok()
                && let Some(l) = cache.any.as_mut()
            {
                l.row = row;
            }
            return r;
        }
        if flip::takes(&row, cmd.action) {
            return self.flip_action(tx, cmd, now, out, &mut row, &mut cache.flip).await;
        }
        let r = self.apply_game_row(tx, cmd, now, live, out, &mut row).await;
        if r.is_ok()
            && let Some(l) = live.as_mut()
        {
            l.row = row;
        }
        r
    }

    async fn apply_game_row(
        &self,
        tx: &mut SqliteConnection,
        cmd: GameCommand<'_>,
        now: i64,
        live: &mut Option<Live>,
        out: &mut Out,
        row: &mut GameRow,
    ) -> Res<()> {
        let user = cmd.user;
        let game = row.id;
        let wrong_state = |row: &GameRow| Mistake::WrongState { game, status: row.status.clone() };
        if seats::is_cross(row) {
            return self.apply_seats(tx, cmd, now, live, out, row).await;
        }
        match cmd.action {
            GameAction::Join(Some(_)) => Err(Mistake::Seats(i18n::SeatMistake::NoSeatChoice(game)).into()),
            GameAction::Accept | GameAction::Join(None) => {
                if row.status != status::CHALLENGED {
                    return Err(wrong_state(row).into());
                }
                if row.challenger == user {
                    return Err(Mistake::OwnChallenge(game).into());
                }
                if row.invited.as_deref().is_some_and(|i| i != user) {
                    return Err(Mistake::NotInvited(game).into());
                }
                // The challenger plays Red; in a rematch the seats were fixed when it was offered.
                if row.seats.user(Seat::RED.index()).is_none() {
                    let challenger = row.challenger.clone();
                    store::seats::seat_put(tx, row, Seat::RED.index(), &challenger).await?;
                    store::seats::seat_put(tx, row, Seat::BLUE.index(), user).await?;
                } else if seat_of(row, user).is_none() {
                    return Err(Mistake::NotInvited(game).into());
                }
                row.status = status::DEPLOYING.into();
                row.updated_at = now;
                store::game_update(tx, row).await?;
                store::deadline_clear(tx, game).await?;
                out.effects.push(Effect::TimerCancel { game });
                let msg = Msg::Accepted {
                    game,
                    red: seat_user(row, Seat::RED).into(),
                    blue: seat_user(row, Seat::BLUE).into(),
                };
                self.public(tx, &row.server_id, Some(game), msg, out).await?;
                for seat in [Seat::RED, Seat::BLUE] {
                    let u = seat_user(row, seat).to_string();
                    let v = Variant::by_name(&row.variant).ok_or_else(|| corrupt("games", game, "unknown variant"))?;
                    let last = store::last_layout_get(tx, &u, v.layout_family()).await?;
                    let last = last.map(|s| Setup::parse(v, &s).map(|s| s.to_row_string(v)).unwrap_or(s));
                    let msg = Msg::DeployPrompt { game, seat: SeatName(seat.0), last };
                    self.private(tx, &u, &row.server_id, Some(game), msg, out).await?;
                }
                Ok(())
            }
            GameAction::Decline => {
                if row.status != status::CHALLENGED {
                    return Err(wrong_state(row).into());
                }
                let invited = row.invited.as_deref() == Some(user);
                if !invited && row.challenger != user {
                    return Err(Mistake::NotYourGame(game).into());
                }
                row.status = status::DECLINED.into();
                row.updated_at = now;
                store::game_update(tx, row).await?;
                store::deadline_clear(tx, game).await?;
                out.effects.push(Effect::TimerCancel { game });
                self.public(tx, &row.server_id, Some(game), Msg::Declined { game, by: user.into() }, out).await
            }
            GameAction::Deploy(source) => self.deploy(tx, row, user, source, now, live, out).await,
            GameAction::Move(text) => {
                let seat = self.seated(row, user)?;
                if row.status != status::PLAYING {
                    return Err(wrong_state(row).into());
                }
                let l = self.ensure_live(tx, row, live).await?;
                if l.game.to_move() != seat {
                    return Err(Mistake::NotYourTurn(game).into());
                }
                let v = l.game.variant();
                // A bare local name (`c6`) is the mover's own point on the 4-player board.
                let mv = v.parse_move_as(seat, text).map_err(|_| Mistake::BadMove(text.trim().to_string()))?;
                let report = l.game.play(mv).map_err(Mistake::Illegal)?;
                let text = format_move(&v.board, mv);
                out.event_append(tx, game, "move", Some(i64::from(seat.0)), &text, now).await?;
                row.draw_offer = None;
                self.after_ply(tx, row, live, report, false, now, out).await
            }
            GameAction::Resign | GameAction::AcceptDraw => {
                let seat = self.seated(row, user)?;
                if row.status != status::PLAYING {
                    return Err(wrong_state(row).into());
                }
                let accept = matches!(cmd.action, GameAction::AcceptDraw);
                if accept {
                    match row.draw_offer {
                        None => return Err(Mistake::NoDrawOffer(game).into()),
                        Some(s) if s == i64::from(seat.0) => return Err(Mistake::OwnDrawOffer(game).into()),
                        Some(_) => {}
                    }
                }
                let l = self.ensure_live(tx, row, live).await?;
                if !accept {
                    self.check_resign(tx, &row.server_id, game, l.game.ply()).await?;
                }
                let over = if accept { l.game.agree_draw() } else { l.game.resign(seat) };
                let over = over.ok_or_else(|| wrong_state(row))?;
                let (kind, s) = if accept { ("draw", None) } else { ("resign", Some(i64::from(seat.0))) };
                store::event_append(tx, game, kind, s, "", now).await?;
                self.finish(tx, row, live, over, now, out).await
            }
            GameAction::OfferDraw => {
                let seat = self.seated(row, user)?;
                if row.status != status::PLAYING {
                    return Err(wrong_state(row).into());
                }
                if row.draw_offer == Some(i64::from(seat.0)) {
                    return Err(Mistake::OwnDrawOffer(game).into());
                }
                row.draw_offer = Some(i64::from(seat.0));
                row.updated_at = now;
                store::game_update(tx, row).await?;
                let msg = Msg::DrawOffered { game, seat: SeatName(seat.0), user: user.into() };
                self.public(tx, &row.server_id, Some(game), msg, out).await
            }
            GameAction::DeclineDraw => {
                let seat = self.seated(row, user)?;
                match row.draw_offer {
                    None => return Err(Mistake::NoDrawOffer(game).into()),
                    Some(s) if s == i64::from(seat.0) => return Err(Mistake::OwnDrawOffer(game).into()),
                    Some(_) => {}
                }
                row.draw_offer = None;
                row.updated_at = now;
                store::game_update(tx, row).await?;
                self.public(tx, &row.server_id, Some(game), Msg::DrawDeclined { game, user: user.into() }, out).await
            }
            GameAction::Abort => {
                self.seated(row, user)?;
                let may = row.status == status::DEPLOYING
                    || (row.status == status::PLAYING && store::events_of(tx, game).await?.is_empty());
                if !may {
                    if row.status == status::PLAYING {
                        return Err(Mistake::TooLateToAbort(game).into());
                    }
                    return Err(wrong_state(row).into());
                }
                row.status = status::ABORTED.into();
                row.updated_at = now;
                store::game_update(tx, row).await?;
                if store::deadline_clear(tx, game).await? {
                    out.effects.push(Effect::TimerCancel { game });
                }
                *live = None;
                self.public(tx, &row.server_id, Some(game), Msg::Aborted { game, by: user.into() }, out).await
            }
            GameAction::Rematch => {
                let seat = self.seated(row, user)?;
                if row.status != status::FINISHED {
                    return Err(Mistake::NotOver(game).into());
                }
                let other = seat_user(row, Seat(1 - seat.0)).to_string();
                // Colours swapped: the old Blue is the new Red.
                let new = GameRow {
                    id: 0,
                    challenger: user.into(),
                    invited: Some(other),
                    seats: store::seats::Seats::two(
                        row.seats.user(Seat::BLUE.index()).map(str::to_string),
                        row.seats.user(Seat::RED.index()).map(str::to_string),
                    ),
                    status: status::CHALLENGED.into(),
                    first_seat: 0,
                    draw_offer: None,
                    result: None,
                    rematch_of: Some(game),
                    created_at: now,
                    updated_at: now,
                    ..row.clone()
                };
                self.create_challenge(tx, new, now, out).await
            }
            GameAction::Show => {
                let ply = match row.status.as_str() {
                    s if s == status::PLAYING || s == status::FINISHED => {
                        self.ensure_live(tx, row, live).await?.game.ply()
                    }
                    _ => 0,
                };
                let msg = Msg::Status { game, status: row.status.clone(), ply };
                self.private(tx, user, &row.server_id, Some(game), msg, out).await?;
                if live.is_some() {
                    out.effects.push(Effect::Render { game, for_user: Some(user.into()) });
                }
                Ok(())
            }
            GameAction::Mark { point, piece } => self.mark(tx, row, user, point, piece, live, out).await,
        }
    }

    fn seated(&self, row: &GameRow, user: &str) -> Res<Seat> {
        seat_of(row, user).ok_or(Fail::Mistake(Mistake::NotYourGame(row.id)))
    }

    async fn ensure_live<'a>(
        &self,
        tx: &mut SqliteConnection,
        row: &GameRow,
        live: &'a mut Option<Live>,
    ) -> Res<&'a mut Live> {
        if live.is_none() {
            *live = rebuild(tx, row).await?;
        }
        live.as_mut().ok_or_else(|| Fail::Store(corrupt("games", row.id, "a playing game without both deployments")))
    }

    #[allow(clippy::too_many_arguments)]
    async fn deploy(
        &self,
        tx: &mut SqliteConnection,
        row: &mut GameRow,
        user: &str,
        source: &DeploySource,
        now: i64,
        live: &mut Option<Live>,
        out: &mut Out,
    ) -> Res<()> {
        let game = row.id;
        let seat = self.seated(row, user)?;
        if row.status != status::DEPLOYING {
            return Err(Mistake::WrongState { game, status: row.status.clone() }.into());
        }
        let v = Variant::by_name(&row.variant).ok_or_else(|| corrupt("games", game, "unknown variant"))?;
        let (code, first_time, _) = self.store_deployment(tx, v, game, seat, user, source).await?;
        let rows = Setup::parse(v, &code).map(|s| s.to_row_string(v)).unwrap_or(code);
        self.private(tx, user, &row.server_id, Some(game), Msg::DeployTaken { game, rows }, out).await?;
        if first_time {
            self.public(tx, &row.server_id, Some(game), Msg::Deployed { game, seat: SeatName(seat.0) }, out).await?;
        }
        let all = store::deployments_get(tx, game).await?;
        if all.len() < v.seats.len() {
            return Ok(());
        }
        // Both are in: the game begins.
        let rules = RuleOptions::parse(&row.rules).map_err(|e| corrupt("games", game, e))?;
        let first = match rules.first {
            FirstMove::Red => Seat::RED,
            FirstMove::Random => Seat(self.entropy("first", game)?[0] & 1),
        };
        row.first_seat = i64::from(first.0);
        row.status = status::PLAYING.into();
        row.updated_at = now;
        store::game_update(tx, row).await?;
        *live = rebuild(tx, row).await?;
        let msg = Msg::Started { game, first: SeatName(first.0), user: seat_user(row, first).into() };
        self.public(tx, &row.server_id, Some(game), msg, out).await?;
        self.renders(row, out);
        self.set_move_deadline(tx, row, first, now, out).await
    }

    fn renders(&self, row: &GameRow, out: &mut Out) {
        out.effects.push(Effect::Render { game: row.id, for_user: None });
        for seat in [Seat::RED, Seat::BLUE] {
            out.effects.push(Effect::Render { game: row.id, for_user: Some(seat_user(row, seat).into()) });
        }
    }

    async fn set_move_deadline(
        &self,
        tx: &mut SqliteConnection,
        row: &GameRow,
        seat: Seat,
        now: i64,
        out: &mut Out,
    ) -> Res<()> {
        let Some(per_move) = row.per_move else { return Ok(()) };
        let u = store::user_get(tx, seat_user(row, seat)).await?;
        let d = if u.vacation_since.is_some() {
            // On vacation: the clock waits, paused with a full move's time.
            DeadlineRow {
                game_id: row.id,
                kind: "move".into(),
                seat: Some(i64::from(seat.0)),
                due_at: None,
                remind_at: None,
                remaining: Some(per_move),
            }
        } else {
            DeadlineRow {
                game_id: row.id,
                kind: "move".into(),
                seat: Some(i64::from(seat.0)),
                due_at: Some(time::after(now, per_move)),
                remind_at: Some(time::remind_after(now, per_move)),
                remaining: None,
            }
        };
        out.deadline_set(tx, &d).await?;
        match d.due_at {
            Some(at) => out.effects.push(Effect::TimerSet { game: row.id, at }),
            None => out.effects.push(Effect::TimerCancel { game: row.id }),
        }
        Ok(())
    }

    /// Announces a ply and moves the game on (or ends it).
    #[allow(clippy::too_many_arguments)]
    async fn after_ply(
        &self,
        tx: &mut SqliteConnection,
        row: &mut GameRow,
        live: &mut Option<Live>,
        report: PlyReport,
        auto: bool,
        now: i64,
        out: &mut Out,
    ) -> Res<()> {
        let game = row.id;
        let mode = Mode::parse(&row.mode).ok_or_else(|| corrupt("games", game, "bad mode"))?;
        let l = live.as_mut().expect("a live game after a ply");
        let v = l.game.variant();
        // Public text from the spectator's view of the ply only.
        let public = report.public(mode, Viewer::Spectator);
        let names = match (public.attacker, public.defender) {
            (Some(a), Some((_, Some(d)))) => Some((piece_name(v, a), piece_name(v, d))),
            _ => None,
        };
        let revealed = public
            .revealed
            .iter()
            .map(|r| (SeatName(r.seat.0), piece_name(v, r.kind), v.board.name(r.point).to_string()))
            .collect();
        let msg = Msg::Ply {
            game,
            ply: public.ply,
            seat: SeatName(public.seat.0),
            user: seat_user(row, public.seat).into(),
            mv: format_move(&v.board, public.mv),
            outcome: public.outcome,
            names,
            revealed,
            auto,
        };
        l.last = Some(report.clone());
        let next = l.game.to_move();
        let over = l.game.over();
        self.public(tx, &row.server_id, Some(game), msg, out).await?;
        if let Some(over) = over {
            // Ending a game reads what was written (results, tournaments): nothing stays held back.
            out.later.flush(tx).await?;
            return self.finish(tx, row, live, over, now, out).await;
        }
        row.updated_at = now;
        out.game_update(tx, row).await?;
        let msg = Msg::ToMove { game, seat: SeatName(next.0), user: seat_user(row, next).into() };
        self.public(tx, &row.server_id, Some(game), msg, out).await?;
        self.renders(row, out);
        self.set_move_deadline(tx, row, next, now, out).await
    }

    async fn finish(
        &self,
        tx: &mut SqliteConnection,
        row: &mut GameRow,
        live: &mut Option<Live>,
        over: GameOver,
        now: i64,
        out: &mut Out,
    ) -> Res<()> {
        let game = row.id;
        let v = Variant::by_name(&row.variant).ok_or_else(|| corrupt("games", game, "unknown variant"))?;
        row.status = status::FINISHED.into();
        row.result = Some(result_string(v, over));
        row.draw_offer = None;
        row.updated_at = now;
        store::game_update(tx, row).await?;
        if store::deadline_clear(tx, game).await? {
            out.effects.push(Effect::TimerCancel { game });
        }
        let winner = over.winner.map(|t| (SeatName(t), seat_user(row, Seat(t)).to_string()));
        self.public(tx, &row.server_id, Some(game), Msg::Over { game, winner, reason: over.reason }, out).await?;
        // The finished game is revealed completely.
        let deps = store::deployments_get(tx, game).await?;
        let rows = |seat: i64| {
            deps.iter()
                .find(|d| d.seat == seat)
                .map(|d| Setup::parse(v, &d.setup).map(|s| s.to_row_string(v)).unwrap_or_else(|_| d.setup.clone()))
                .unwrap_or_default()
        };
        self.public(tx, &row.server_id, Some(game), Msg::Setups { game, red: rows(0), blue: rows(1) }, out).await?;
        if live.is_some() {
            self.renders(row, out);
        }
        self.on_game_over(tx, row, over, now, out).await
    }

    async fn public(
        &self,
        tx: &mut SqliteConnection,
        server: &str,
        game: Option<GameId>,
        msg: Msg,
        out: &mut Out,
    ) -> Res<()> {
        let l = out.server_locale(tx, server).await?;
        out.effects.push(Effect::Public { server: server.into(), game, text: msg.render(l) });
        Ok(())
    }

    async fn private(
        &self,
        tx: &mut SqliteConnection,
        user: &str,
        server: &str,
        game: Option<GameId>,
        msg: Msg,
        out: &mut Out,
    ) -> Res<()> {
        let l = out.user_locale(tx, user, server).await?;
        out.effects.push(Effect::Private { user: user.into(), game, text: msg.render(l) });
        Ok(())
    }

    // -----------------------------------------------------------------------------------------
    // Vacation

    async fn vacation(
        &self,
        tx: &mut SqliteConnection,
        user: &str,
        server: &str,
        on: bool,
        now: i64,
        out: &mut Out,
    ) -> Res<()> {
        let mut u = store::user_get(tx, user).await?;
        let allowance = store::server_get(tx, server).await?.vacation_days.saturating_mul(86_400);
        let month = month_of(now);
        if u.vacation_month != month && u.vacation_since.is_none() {
            u.vacation_month = month;
            u.vacation_used = 0;
        }
        if on {
            if u.vacation_since.is_some() {
                return Err(Mistake::AlreadyOnVacation.into());
            }
            let left = allowance - u.vacation_used;
            if left <= 0 {
                return Err(Mistake::NoVacationLeft.into());
            }
            u.vacation_since = Some(now);
            u.vacation_until = Some(time::after(now, left));
            store::user_put(tx, &u).await?;
            self.pause_clocks(tx, user, now, out).await?;
            self.private(tx, user, server, None, Msg::VacationOn { left }, out).await
        } else {
            if u.vacation_since.is_none() {
                return Err(Mistake::NotOnVacation.into());
            }
            self.end_vacation(tx, u, now, out).await?;
            self.private(tx, user, server, None, Msg::VacationOff, out).await
        }
    }

    async fn pause_clocks(&self, tx: &mut SqliteConnection, user: &str, now: i64, out: &mut Out) -> Res<()> {
        for g in store::games_of_user(tx, user).await? {
            let Some(seat) = seats::Seating::load(&g)?.seat_of(user) else { continue };
            if let Some(mut d) = store::deadline_get(tx, g.id).await?
                && d.kind == "move"
                && d.seat == Some(i64::from(seat.0))
                && let Some(due) = d.due_at
            {
                d.remaining = Some((due - now).max(0));
                d.due_at = None;
                d.remind_at = None;
                store::deadline_set(tx, &d).await?;
                out.effects.push(Effect::TimerCancel { game: g.id });
            }
        }
        Ok(())
    }

    /// Ends a vacation at `at` (now, or when the allowance ran out) and restarts paused clocks.
    async fn end_vacation(&self, tx: &mut SqliteConnection, mut u: store::UserRow, at: i64, out: &mut Out) -> Res<()> {
        let since = u.vacation_since.unwrap_or(at);
        u.vacation_used += (at - since).max(0);
        u.vacation_since = None;
        u.vacation_until = None;
        store::user_put(tx, &u).await?;
        for g in store::games_of_user(tx, &u.user_id).await? {
            let Some(seat) = seats::Seating::load(&g)?.seat_of(&u.user_id) else { continue };
            if let Some(mut d) = store::deadline_get(tx, g.id).await?
                && d.kind == "move"
                && d.seat == Some(i64::from(seat.0))
                && d.due_at.is_none()
            {
                let left = d.remaining.unwrap_or(0);
                d.due_at = Some(time::after(at, left));
                d.remind_at = Some(time::remind_after(at, left));
                d.remaining = None;
                store::deadline_set(tx, &d).await?;
                out.effects.push(Effect::TimerSet { game: g.id, at: time::after(at, left) });
            }
        }
        Ok(())
    }

    // -----------------------------------------------------------------------------------------
    // Timers

    /// Applies everything due by the clock's time: vacations whose allowance ran out, then
    /// deadlines in the order they passed (challenge expiry, timeout → loss or automatic move),
    /// then reminders. Each is committed in its own transaction before the next, and a deadline
    /// is deleted in the transaction that applies it, so none is applied twice.
    pub async fn tick(&self) -> Result<Vec<Effect>, RefereeError> {
        let now = self.clock.now();
        let mut effects = Vec::new();
        let users = store::users_vacation_due(&mut *self.store.conn().await?, now).await?;
        for u in users {
            let mut tx = self.store.begin().await?;
            let fresh = store::user_get(&mut tx, &u.user_id).await?;
            let Some(until) = fresh.vacation_until.filter(|&t| t <= now) else { continue };
            let mut out = Out::default();
            let server = String::new();
            match self.end_vacation(&mut tx, fresh, until, &mut out).await {
                Ok(()) => {}
                Err(Fail::Store(e)) => return Err(e.into()),
                Err(Fail::Mistake(m)) => return Err(RefereeError::Rejected { message: m.to_string(), mistake: m }),
            }
            if let Err(Fail::Store(e)) =
                self.private(&mut tx, &u.user_id, &server, None, Msg::VacationOff, &mut out).await
            {
                return Err(e.into());
            }
            tx.commit().await?;
            effects.extend(out.effects);
        }
        loop {
            let due = store::deadlines_due(&mut *self.store.conn().await?, now).await?;
            let Some(first) = due.into_iter().next() else { break };
            match self.apply_deadline(first.game_id, now).await {
                Ok(e) => effects.extend(e),
                Err(RefereeError::Store(StoreError::Corrupt { table, id, reason })) => {
                    // One damaged game must not stop every later deadline: drop its timer.
                    tracing::error!(game = first.game_id, table, id, reason, "deadline of a damaged game dropped");
                    let mut tx = self.store.begin().await?;
                    store::deadline_clear(&mut tx, first.game_id).await?;
                    tx.commit().await?;
                }
                Err(e) => return Err(e),
            }
        }
        effects.extend(self.tournament_tick(now).await?);
        self.evict_idle(now);
        let reminders = store::reminders_due(&mut *self.store.conn().await?, now).await?;
        for r in reminders {
            let _g = self.hold(r.game_id).await;
            let mut tx = self.store.begin().await?;
            let Some(mut d) = store::deadline_get(&mut tx, r.game_id).await? else { continue };
            if d.remind_at.is_none_or(|t| t > now) {
                continue;
            }
            d.remind_at = None;
            store::deadline_set(&mut tx, &d).await?;
            let mut out = Out::default();
            if let (Some(row), Some(seat), Some(due)) = (store::game_get(&mut tx, d.game_id).await?, d.seat, d.due_at) {
                let user = seats::Seating::load(&row)?.user(Seat(seat as u8)).to_string();
                let msg = Msg::Reminder { game: row.id, left: due - now };
                if let Err(Fail::Store(e)) =
                    self.private(&mut tx, &user, &row.server_id, Some(row.id), msg, &mut out).await
                {
                    return Err(e.into());
                }
            }
            tx.commit().await?;
            effects.extend(out.effects);
        }
        Ok(effects)
    }

    /// The earliest time [`Referee::tick`] has something to do.
    pub async fn next_wakeup(&self) -> Result<Option<i64>, RefereeError> {
        let games = store::next_wakeup(&mut *self.store.conn().await?).await?;
        let tournaments = self.tournament_wakeup().await?;
        Ok(games.into_iter().chain(tournaments).min())
    }

    async fn apply_deadline(&self, game: GameId, now: i64) -> Result<Vec<Effect>, RefereeError> {
        let mut guard = self.hold(game).await;
        let mut tx = self.store.begin().await?;
        let mut out = Out::default();
        let mut cache = guard.cache.clone();
        match self.deadline_passed(&mut tx, game, now, &mut cache, &mut out).await {
            Ok(()) => {
                tx.commit().await?;
                // Deadlines are rare: rebuild the standard game on the next command rather than
                // track its row here. A 翻棋 game keeps no row, so it stays if still in play.
                cache.keep_in_play();
                guard.cache = Cache { live: None, flip: cache.flip, any: cache.any };
                Ok(out.effects)
            }
            Err(Fail::Store(e)) => {
                guard.clear();
                Err(e.into())
            }
            Err(Fail::Mistake(m)) => Err(RefereeError::Rejected { message: m.to_string(), mistake: m }),
        }
    }

    async fn deadline_passed(
        &self,
        tx: &mut SqliteConnection,
        game: GameId,
        now: i64,
        cache: &mut Cache,
        out: &mut Out,
    ) -> Res<()> {
        let live = &mut cache.live;
        let Some(d) = store::deadline_get(tx, game).await? else { return Ok(()) };
        let Some(due) = d.due_at.filter(|&t| t <= now) else { return Ok(()) };
        store::deadline_clear(tx, game).await?;
        let mut row = store::game_get(tx, game).await?.ok_or_else(|| corrupt("deadlines", game, "no such game"))?;
        if d.kind == "challenge" {
            if row.status == status::CHALLENGED {
                row.status = status::EXPIRED.into();
                row.updated_at = due;
                store::game_update(tx, &row).await?;
                self.public(tx, &row.server_id, Some(game), Msg::Expired { game }, out).await?;
            }
            return Ok(());
        }
        if row.status != status::PLAYING {
            return Ok(());
        }
        if let Some(def) = lifecycle::hosts(&row.variant) {
            // Timeouts are stamped with the time the deadline passed (see below).
            let mut t = lifecycle::Turn { tx, out, now: due };
            let r = self.any_deadline(&mut t, def, &mut row, &mut cache.any, d.seat).await;
            if r.is_ok()
                && let Some(l) = cache.any.as_mut()
            {
                l.row = row;
            }
            return r;
        }
        if seats::is_cross(&row) {
            return self.seats_deadline(tx, &mut row, live, d.seat, due, out).await;
        }
        if row.variant == crate::rules::flip::VARIANT_NAME {
            return self.flip_deadline(tx, &mut row, d.seat, due, out, &mut cache.flip).await;
        }
        let l = self.ensure_live(tx, &row, live).await?;
        let seat = l.game.to_move();
        if d.seat != Some(i64::from(seat.0)) {
            return Err(Fail::Store(corrupt("deadlines", game, "deadline for the seat not to move")));
        }
        // Timeouts are stamped with the time the deadline passed, so a restart replays them in
        // order and with the same times as if the referee had been up.
        let rules = *l.game.rules();
        if rules.on_timeout == OnTimeout::AutoMove {
            let moves = l.game.legal_moves();
            if !moves.is_empty() {
                let mut rng = Rng::new((game as u64) << 20 ^ u64::from(l.game.ply()));
                let mv = moves[rng.below(moves.len())];
                let v = l.game.variant();
                let report = l.game.play(mv).map_err(|e| Fail::Store(corrupt("games", game, e)))?;
                store::event_append(tx, game, "move", Some(i64::from(seat.0)), &format_move(&v.board, mv), due).await?;
                row.draw_offer = None;
                return self.after_ply(tx, &mut row, live, report, true, due, out).await;
            }
        }
        let over =
            l.game.timeout(seat).ok_or_else(|| Fail::Store(corrupt("games", game, "timeout of a finished game")))?;
        store::event_append(tx, game, "timeout", Some(i64::from(seat.0)), "", due).await?;
        self.finish(tx, &mut row, live, over, due, out).await
    }
}

impl Referee {
    /// 32 secret bytes from the clock's entropy (the operating system's generator; a test clock
    /// makes them deterministic). Every hidden choice of the referee — a random deployment, who
    /// plays first, a 翻棋 deal — comes from here, never from ids or times an opponent could know.
    fn entropy(&self, purpose: &str, game: GameId) -> Res<[u8; 32]> {
        self.clock
            .entropy(purpose, game)
            .map_err(|e| Fail::Mistake(Mistake::Flip(i18n::flip::FlipMistake::NoEntropy(e))))
    }

    /// A random legal layout for `game`, drawn from fresh entropy for `purpose`: two draws for
    /// the same game, seat and second differ.
    fn random_layout(&self, v: &'static Variant, game: GameId, purpose: &str) -> Res<String> {
        let bytes = self.entropy(purpose, game)?;
        let seed = u64::from_le_bytes(bytes[..8].try_into().expect("8 of 32 bytes"));
        Ok(Setup::random(v, &mut Rng::new(seed)).to_code_string(v))
    }

    /// The layout a deployment panel suggests to `user` in `game` while it is deploying: drawn
    /// once from fresh entropy and kept in the store, so the panel's picture, Save and Confirm
    /// all use the same one, across restarts too. Nobody but the player can compute it.
    pub async fn suggested_layout(&self, game: GameId, user: &str) -> Result<String, RefereeError> {
        let reject = |mistake: Mistake| RefereeError::Rejected { message: mistake.to_string(), mistake };
        let mut tx = self.store.begin().await?;
        if let Some(layout) = store::suggestion_get(&mut tx, game, user).await? {
            return Ok(layout);
        }
        let row = store::game_get(&mut tx, game).await?.ok_or_else(|| reject(Mistake::UnknownGame(game)))?;
        if row.status != status::DEPLOYING {
            return Err(reject(Mistake::WrongState { game, status: row.status.clone() }));
        }
        let seat = seats::Seating::load(&row)?.seat_of(user).ok_or_else(|| reject(Mistake::NotYourGame(game)))?;
        let drawn = match lifecycle::hosts(&row.variant) {
            Some(def) => match def.random_setup {
                Some(random) => self.entropy(&format!("suggest:{}", seat.0), game).map(|bytes| {
                    let seed = u64::from_le_bytes(bytes[..8].try_into().expect("8 of 32 bytes"));
                    random(seat, &mut Rng::new(seed))
                }),
                None => Err(Fail::Mistake(Mistake::Game(GameMistake::NotOffered { game, what: "deployments" }))),
            },
            None => {
                let v = Variant::by_name(&row.variant).ok_or_else(|| corrupt("games", game, "unknown variant"))?;
                self.random_layout(v, game, &format!("suggest:{}", seat.0))
            }
        };
        let layout = match drawn {
            Ok(layout) => layout,
            Err(Fail::Mistake(m)) => return Err(reject(m)),
            Err(Fail::Store(e)) => return Err(e.into()),
        };
        store::suggestion_put(&mut tx, game, user, &layout).await?;
        tx.commit().await?;
        Ok(layout)
    }

    /// Stores the layout a deploy command names (text, random, saved or last), validated for `seat`,
    /// as the seat's deployment and as the user's last layout. Returns its 25-code form, whether the
    /// seat deployed for the first time (a replacement is not announced again), and how many seats
    /// have deployed now.
    async fn store_deployment(
        &self,
        tx: &mut SqliteConnection,
        v: &'static Variant,
        game: GameId,
        seat: Seat,
        user: &str,
        source: &DeploySource,
    ) -> Res<(String, bool, usize)> {
        let text = match source {
            DeploySource::Text(t) => t.clone(),
            DeploySource::Random => self.random_layout(v, game, &format!("deploy:{}", seat.0))?,
            DeploySource::Saved(name) => store::layout_get(tx, user, v.layout_family(), name)
                .await?
                .ok_or_else(|| Mistake::UnknownLayout(name.clone()))?,
            DeploySource::Last => store::last_layout_get(tx, user, v.layout_family())
                .await?
                .ok_or_else(|| Mistake::UnknownLayout("last".into()))?,
        };
        let code = validate_setup(v, &text, seat)?;
        let before = store::deployments_get(tx, game).await?;
        let first_time = !before.iter().any(|d| d.seat == i64::from(seat.0));
        let dep = DeploymentRow { game_id: game, seat: i64::from(seat.0), user_id: user.into(), setup: code.clone() };
        store::deployment_put(tx, &dep).await?;
        store::last_layout_set(tx, user, v.layout_family(), &code).await?;
        Ok((code, first_time, before.len() + usize::from(first_time)))
    }
}

async fn user_locale(c: &mut SqliteConnection, user: &str, server: &str) -> Result<Locale, StoreError> {
    let u = store::user_get(c, user).await?;
    if let Some(l) = u.locale.as_deref().and_then(Locale::parse) {
        return Ok(l);
    }
    let s = store::server_get(c, server).await?;
    Ok(Locale::parse(&s.locale).unwrap_or_default())
}

/// The variant whose layout family a layout command means: the game's when one is given (翻棋,
/// which deploys nothing, falls back too), else 2-player Junqi.
async fn layout_variant(c: &mut SqliteConnection, game: Option<GameId>) -> Res<&'static Variant> {
    let Some(game) = game else { return Ok(Variant::junqi()) };
    let row = store::game_get(c, game).await?.ok_or(Mistake::UnknownGame(game))?;
    Ok(Variant::by_name(&row.variant).unwrap_or(Variant::junqi()))
}

fn check_layout_name(name: &str) -> Res<()> {
    let n = name.chars().count();
    if n == 0 || n > 32 || name.chars().any(char::is_whitespace) {
        return Err(Mistake::BadLayoutName.into());
    }
    Ok(())
}

/// Parses and validates a deployment for a seat; returns the normalised code string, or the
/// mistake listing every broken rule.
fn validate_setup(v: &'static Variant, text: &str, seat: Seat) -> Res<String> {
    let setup = Setup::parse(v, text).map_err(Mistake::BadSetup)?;
    match setup.validate(v, seat) {
        Ok(_) => Ok(setup.to_code_string(v)),
        Err(violations) => Err(Mistake::SetupViolations {
            en: violations.iter().map(|x| i18n::violation_text(x, v, Locale::En)).collect(),
            zh: violations.iter().map(|x| i18n::violation_text(x, v, Locale::ZhHans)).collect(),
        }
        .into()),
    }
}

/// Rebuilds a game from its deployments and event log; `None` until both deployments are in.
async fn rebuild(c: &mut SqliteConnection, row: &GameRow) -> Result<Option<Live>, StoreError> {
    if row.status != status::PLAYING && row.status != status::FINISHED {
        return Ok(None);
    }
    let v = Variant::by_name(&row.variant).ok_or_else(|| corrupt("games", row.id, "unknown variant"))?;
    let rules = RuleOptions::parse(&row.rules).map_err(|e| corrupt("games", row.id, e))?;
    let deps = store::deployments_get(c, row.id).await?;
    if deps.len() != v.seats.len() {
        return Ok(None);
    }
    let mut deployments = Vec::new();
    for d in &deps {
        let seat = Seat(u8::try_from(d.seat).map_err(|_| corrupt("deployments", row.id, "bad seat"))?);
        let setup = Setup::parse(v, &d.setup).map_err(|e| corrupt("deployments", row.id, e))?;
        deployments.push(setup.validate(v, seat).map_err(|_| corrupt("deployments", row.id, "illegal deployment"))?);
    }
    let first = Seat(u8::try_from(row.first_seat).map_err(|_| corrupt("games", row.id, "bad first seat"))?);
    let mut game = Game::new(v, rules, &deployments, first);
    let mut last = None;
    for e in store::events_of(c, row.id).await? {
        let seat = e.seat.and_then(|s| u8::try_from(s).ok()).map(Seat);
        match (e.kind.as_str(), seat) {
            ("move", _) => {
                let mv = parse_move(&v.board, &e.body).map_err(|x| corrupt("events", e.seq, x))?;
                last = Some(game.play(mv).map_err(|x| corrupt("events", format!("{}/{}", row.id, e.seq), x))?);
            }
            ("resign", Some(s)) => {
                game.resign(s);
            }
            ("timeout", Some(s)) => {
                game.timeout(s);
            }
            ("draw", _) => {
                game.agree_draw();
            }
            _ => return Err(corrupt("events", format!("{}/{}", row.id, e.seq), format!("unknown event {}", e.kind))),
        }
    }
    Ok(Some(Live { game, last, row: row.clone() }))
}

/// The end reason of a finished game row, parsed back from its result string.
pub fn parse_result(result: &str) -> Option<(Option<u8>, EndReason)> {
    let (who, why) = result.split_once(':')?;
    let winner = match who {
        "red_wins" => Some(0),
        "blue_wins" => Some(1),
        "draw" => None,
        _ => return None,
    };
    let reason = EndReason::parse(why)?;
    Some((winner, reason))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn months_of_unix_times() {
        assert_eq!(month_of(0), "1970-01");
        assert_eq!(month_of(1_796_083_200), "2026-12");
        assert_eq!(month_of(1_796_083_199), "2026-11");
    }

    #[test]
    fn results_round_trip() {
        let v = Variant::junqi();
        let s = result_string(v, GameOver { winner: Some(1), reason: EndReason::Timeout });
        assert_eq!(s, "blue_wins:timeout");
        assert_eq!(parse_result(&s), Some((Some(1), EndReason::Timeout)));
        assert_eq!(parse_result("nobody:x"), None);
    }
}
