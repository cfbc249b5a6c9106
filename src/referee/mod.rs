//! The referee (公证人) as a service, independent of Discord: commands in, effects out.
//!
//! A [`Command`] carries the acting user (an opaque id), a request id and an [`Action`]. The
//! referee checks it against the game, writes everything it changes (the event, the game row, the
//! deadline, the request id with the effects) inside its own savepoint of a group commit (one
//! `BEGIN IMMEDIATE … COMMIT` shared by every command queued meanwhile, see
//! [`crate::store::batch`]), and only once that commit is done returns the [`Effect`]s for the
//! adapter to deliver. A repeated request id of the same user returns the stored effects and
//! changes nothing. Every effect is also stored in the durable outbox in the same transaction
//! (see `delivery.rs`), so what a crash keeps from being delivered is delivered after it.
//!
//! Commands for one game are serialised by a per-game async lock (held across the transaction), so
//! two commands racing for the same turn are applied one after the other: the second sees the
//! first's result. Different games proceed in parallel up to SQLite's single writer.
//!
//! Every game, whatever its kind, runs through one lifecycle over the game contract
//! (`lifecycle/`): the referee holds it as a `Box<dyn AnyGame>` and learns what differs between
//! games from the catalogue.
//!
//! Secrecy: public texts are made from the game's account of a ply for the public audience,
//! never from the game itself; deployments are only sent to their owner until the game is over.

mod bounds;
mod chess_clock;
pub mod clock;
mod delivery;
mod draft;
pub mod i18n;
mod legal;
mod lifecycle;
mod locales;
mod marks;
mod out;
mod route;
mod seats;
mod settings;
mod slots;
mod time;
mod timers;
pub mod tournament;
mod user;
mod vacation;

#[cfg(test)]
mod tests_delivery;
#[cfg(test)]
mod tests_shared;

use std::collections::HashMap;
use std::sync::{Arc, Mutex as StdMutex};

use crate::store::Conn;
use serde::{Deserialize, Serialize};

use crate::rules::rng::Rng;
use crate::store::{self, Backend, GameRow, Store, StoreError, status};

pub use bounds::MAX_TEXT_BYTES;
pub use chess_clock::{TotalClock, parse_total_clock};
pub use clock::{Clock, ManualClock, SystemClock};
pub use delivery::{Delivery, DeliveryKey};
pub use draft::DraftSwap;
pub use i18n::{Locale, Mistake, Msg};
pub use lifecycle::{
    BOT_PREFIX, BotMistake, Feature, GameMistake, TakebackMistake, TurnStatus, bot_kinds, bot_user, is_bot,
};
pub use marks::Mark;
pub use settings::ServerOptions;
pub use time::{TimeControlError, parse_time_control};

use out::{Out, user_locale};
use route::{GameCommand, Route, UserAction};
use seats::Seating;
use slots::{Cache, Slot};
use vacation::civil;

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
    /// A named classic layout of the kind's layout family (`deploy N classic guard-left`).
    Classic(String),
    /// The player's deployment in this game with the pieces on two points exchanged
    /// (`swap N a6 b6`), submitted again in its place.
    Swap(String, String),
}

/// A step of a takeback by agreement ([`Action::Takeback`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TakebackStep {
    /// The mover of the last ply asks to take it back.
    Offer,
    /// Another seat agrees.
    Accept,
    /// Another seat refuses.
    Decline,
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
    /// 悔棋: ask for, agree to or refuse taking back the last ply.
    Takeback(GameId, TakebackStep),
    /// 托管: hand one's seat to the bot (true), which moves for it at once on its turn, or take it
    /// back (false).
    Auto(GameId, bool),
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

/// A command's work once routed (tournament commands run elsewhere, see
/// [`Referee::handle_tournament`]).
enum Job<'a> {
    /// On one game, under its lock.
    Game(GameCommand<'a>),
    /// On the user's or the server's rows.
    User(UserAction<'a>),
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
    /// How many games were rebuilt from the store (see [`Referee::rebuilds`]).
    rebuilds: std::sync::atomic::AtomicU64,
    /// Cached games found behind the store ([`Referee::stale_caches`]).
    stale: std::sync::atomic::AtomicU64,
}

fn corrupt(table: &'static str, id: impl ToString, reason: impl ToString) -> StoreError {
    StoreError::Corrupt { table, id: id.to_string(), reason: reason.to_string() }
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
            rebuilds: Default::default(),
            stale: Default::default(),
        }
    }

    /// Opens a referee and applies every deadline missed while it was down, in order, once.
    /// Returns the referee and the effects of those deadlines. An adapter that delivers through
    /// the outbox delivers [`Referee::undelivered`] next, which holds these and whatever an
    /// earlier run committed and did not deliver (a crash between the two).
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

    /// Handles one command: checks it, commits it, and returns its effects.
    ///
    /// The command takes its game's lock, then a turn in the store's group commit
    /// ([`Store::turn`]): it runs inside the batch's transaction and its own savepoint, and its
    /// effects (or its rejection) are returned only once the batch holding it is committed. If that
    /// commit fails the game's cached state is dropped, to be rebuilt from the store.
    pub async fn handle(&self, cmd: Command) -> Result<Vec<Effect>, RefereeError> {
        Ok(self.handle_delivery(cmd).await?.effects)
    }

    /// Like [`Referee::handle`], for an adapter that delivers through the outbox: the effects
    /// come with their [`DeliveryKey`], to confirm with [`Referee::delivered`] once delivered.
    /// Until then they stay in the outbox (stored in the command's own transaction), and
    /// [`Referee::undelivered`] hands them out again after a crash. A repeated request gets its
    /// stored effects under the same key.
    pub async fn handle_delivery(&self, cmd: Command) -> Result<Delivery, RefereeError> {
        let key = DeliveryKey::Request { user: cmd.user.clone(), request: cmd.request.clone() };
        let effects = self.handle_effects(cmd).await?;
        Ok(Delivery { key, effects })
    }

    async fn handle_effects(&self, cmd: Command) -> Result<Vec<Effect>, RefereeError> {
        // Bounded before any parsing, lock or transaction: an over-long text is refused alone.
        if let Some(m) = cmd.action.oversized() {
            let locale = self.locale_of(&cmd.user, &cmd.server).await?;
            return Err(RefereeError::Rejected { message: m.render(locale), mistake: m });
        }
        let (job, game) = match cmd.action.route() {
            Route::Tournament(t) => return self.handle_tournament(&cmd, t).await,
            Route::Game(game, action) => (Job::Game(GameCommand { user: &cmd.user, game, action }), Some(game)),
            Route::User(action) => (Job::User(action), None),
        };
        let mut guard = match game {
            Some(g) => Some(self.hold(g).await),
            None => None,
        };
        let (mut turn, commit) = self.store.turn_for(&cmd.user, &cmd.request).await?;
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
        tx: &mut Conn,
        cmd: &Command,
        job: Job<'_>,
        now: i64,
        cache: &mut Cache,
        out: &mut Out,
    ) -> Res<()> {
        let game = match &job {
            Job::Game(gc) => Some(gc.game),
            Job::User(_) => None,
        };
        match job {
            Job::Game(gc) => self.apply_game(tx, gc, now, cache, out).await?,
            Job::User(action) => self.apply_user(tx, cmd, action, now, out).await?,
        }
        let json = serde_json::to_string(&out.effects).expect("effects serialise");
        out.later.request_put(&cmd.request, &cmd.user, &json, now);
        // The effects wait in the outbox until the adapter confirms them delivered.
        if !out.effects.is_empty() {
            out.later.outbox_put_request(game, &cmd.user, &cmd.request, &json, now);
        }
        Ok(())
    }

    async fn locale_of(&self, user: &str, server: &str) -> Result<Locale, StoreError> {
        let mut c = self.store.conn().await?;
        user_locale(&mut c, user, server).await
    }

    /// The game's record (`.jqr`): with every setup (or the deal) once the game is over; before
    /// that the setups are `?` and each combat carries its public outcome mark, so the record is
    /// public.
    pub async fn record(&self, game: GameId) -> Result<String, RefereeError> {
        let guard = self.hold(game).await;
        let mut c = self.store.conn().await?;
        let unknown = || RefereeError::Rejected { mistake: Mistake::UnknownGame(game), message: String::new() };
        let row = store::game_get(&mut c, game).await?.ok_or_else(unknown)?;
        let def = lifecycle::hosts(&row.variant).ok_or_else(|| corrupt("games", game, "unknown variant"))?;
        let events = match self.store.backend() {
            Backend::Postgres => Some(store::events_count(&mut c, game).await?),
            Backend::Sqlite => None,
        };
        let current =
            guard.cache.any.as_ref().filter(|l| l.row == row && events.is_none_or(|n| l.log.len() as i64 == n));
        self.any_record(&mut c, def, &row, current).await
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

    /// An action on one game, under its lock, with the slot's cached copy of it.
    async fn apply_game(
        &self,
        tx: &mut Conn,
        cmd: GameCommand<'_>,
        now: i64,
        cache: &mut Cache,
        out: &mut Out,
    ) -> Res<()> {
        let game = cmd.game;
        let mut row = self.game_for_command(tx, game, &mut cache.any).await?.ok_or(Mistake::UnknownGame(game))?;
        let def = lifecycle::hosts(&row.variant).ok_or_else(|| corrupt("games", game, "unknown variant"))?;
        let mut t = lifecycle::Turn { tx, out, now };
        let r = self.any_action(&mut t, def, cmd.user, cmd.action, &mut row, &mut cache.any).await;
        if r.is_ok()
            && let Some(l) = cache.any.as_mut()
        {
            l.row = row;
        }
        r
    }

    /// The stored row of the game a command acts on, with `cached` made safe to use.
    ///
    /// On PostgreSQL, which several referee processes may share (issue 18), the row is read
    /// locked for the write with the length of its log, and a cached copy another process moved
    /// past is dropped ([`Referee::drop_stale`]), to be rebuilt. An SQLite file belongs to one
    /// process, whose cache is the truth: a cached game's row is taken as it is, and the store
    /// is read only for a game not cached — so one process on SQLite pays nothing for this.
    pub(in crate::referee) async fn game_for_command(
        &self,
        tx: &mut Conn,
        game: GameId,
        cached: &mut Option<lifecycle::AnyLive>,
    ) -> Result<Option<GameRow>, StoreError> {
        match self.store.backend() {
            Backend::Postgres => {
                let Some((row, events)) = store::game_for_write(tx, game).await? else { return Ok(None) };
                self.drop_stale(cached, &row, events);
                Ok(Some(row))
            }
            Backend::Sqlite => match cached.as_ref().filter(|l| l.row.id == game) {
                Some(l) => Ok(Some(l.row.clone())),
                None => store::game_get(tx, game).await,
            },
        }
    }

    /// Drops a cached game that is not the stored one (`row` with `events` in its log): another
    /// referee process sharing the database changed it since (issue 18), so it is rebuilt from
    /// the store rather than acted on.
    pub(in crate::referee) fn drop_stale(&self, cached: &mut Option<lifecycle::AnyLive>, row: &GameRow, events: i64) {
        let current = |l: &lifecycle::AnyLive| l.row == *row && l.log.len() as i64 == events;
        if cached.as_ref().is_some_and(|l| !current(l)) {
            if cached.as_ref().is_some_and(|l| l.row.id == row.id) {
                self.stale.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            }
            *cached = None;
        }
    }

    /// How many times a cached game was found behind the store (another process had changed
    /// it) and dropped, for tests.
    #[doc(hidden)]
    pub fn stale_caches(&self) -> u64 {
        self.stale.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// How many times a game was rebuilt from the store by this referee (each replays the game's
    /// whole log), for tests and benchmarks of the cache.
    #[doc(hidden)]
    pub fn rebuilds(&self) -> u64 {
        self.rebuilds.load(std::sync::atomic::Ordering::Relaxed)
    }
}

impl Referee {
    /// 32 secret bytes from the clock's entropy (the operating system's generator; a test clock
    /// makes them deterministic). Every hidden choice of the referee — a random deployment, who
    /// plays first, a 翻棋 deal — comes from here, never from ids or times an opponent could know.
    fn entropy(&self, purpose: &str, game: GameId) -> Res<[u8; 32]> {
        self.clock.entropy(purpose, game).map_err(|e| lifecycle::mistake(GameMistake::NoEntropy(e)))
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
        let seat = Seating::load(&row)?.seat_of(user).ok_or_else(|| reject(Mistake::NotYourGame(game)))?;
        let def = lifecycle::hosts(&row.variant).ok_or_else(|| corrupt("games", game, "unknown variant"))?;
        let drawn = match def.random_setup {
            Some(random) => self.entropy(&format!("suggest:{}", seat.0), game).map(|bytes| {
                let seed = u64::from_le_bytes(bytes[..8].try_into().expect("8 of 32 bytes"));
                random(seat, &mut Rng::new(seed))
            }),
            None => Err(lifecycle::mistake(GameMistake::NotOffered { game, what: lifecycle::Feature::Deployments })),
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
}
