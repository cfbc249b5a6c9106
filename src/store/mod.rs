//! The referee's durable store: SQLite through sqlx, and all of the project's SQL.
//!
//! Connections run in WAL mode with `synchronous=NORMAL` (or FULL, see [`Durability`]) and foreign
//! keys on. Every write goes through a transaction opened with `BEGIN IMMEDIATE` ([`Store::begin`]):
//! it takes the write lock up front, so two writers never deadlock upgrading a read lock, and a
//! command's whole effect (event, state, request id) lands at once or not at all.
//!
//! The functions below take a `&mut Conn` so that they compose inside one transaction;
//! reads outside a transaction use [`Store::conn`]. The referee's commands do not open their own
//! transactions: they take a turn in a group commit ([`Store::turn`], see [`batch`]).

pub mod batch;
mod clocks;
mod deadlines;
mod deployments;

/// The event-log insert, as a literal so the immediate form can append `RETURNING` to it
/// (anonymous parameters: game, game, kind, seat, body, at).
macro_rules! event_insert {
    () => {
        "INSERT INTO events (game_id, seq, kind, seat, body, at)
     VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM events WHERE game_id = ?), ?, ?, ?, ?)"
    };
}
mod later;
mod layouts;

use std::future::Future;
use std::path::Path;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use sqlx::AnyPool;
use sqlx::any::{Any, AnyConnectOptions, AnyPoolOptions};
use sqlx::pool::PoolConnection;
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{ConnectOptions, Connection, Executor, Transaction};

pub mod dialect;
pub mod discord;
pub mod flip;
pub mod marks;
mod outbox;
pub mod seats;
pub mod tournament;

pub use clocks::{seat_clock_get, seat_clock_set};
pub use deadlines::{
    DeadlineRow, deadline_claim, deadline_clear, deadline_get, deadline_set, deadlines_due, next_wakeup, reminders_due,
};
pub use deployments::{DeploymentRow, deployment_put, deployments_get};
pub use dialect::{Backend, Conn};
use dialect::{query, query_as, query_scalar};
pub use later::Later;
pub use layouts::{
    last_layout_get, last_layout_set, layout_delete, layout_get, layout_list, layout_save, suggestion_get,
    suggestion_put, suggestion_set,
};
pub use outbox::{OutboxRow, outbox_done, outbox_done_request, outbox_pending, outbox_put, outbox_put_request};

/// A store error: the database failed, or a row holds something the referee cannot read.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database or the driver failed.
    #[error("database error: {0}")]
    Db(#[from] sqlx::Error),
    /// The database named by a setting could not be opened: a malformed URL, a server that does
    /// not answer, a refused login. `database` is the setting's value without its password.
    #[error("cannot open the database {database}: {source}")]
    Open {
        /// The setting's value, password hidden.
        database: String,
        /// Why.
        source: sqlx::Error,
    },
    /// A migration failed to apply.
    #[error("database migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// The database was migrated by a different build: it holds migrations this binary does not
    /// know (a newer binary ran on it), or one it knows with different contents.
    #[error(
        "the database's schema version {database} does not match this program's {program}: {reason}; \
         run the build that migrated it, or a newer one"
    )]
    Version {
        /// The newest migration applied to the database.
        database: i64,
        /// The newest migration this binary carries.
        program: i64,
        /// Which migration differs and how.
        reason: String,
    },
    /// A row that does not make sense (hand-edited or corrupted database).
    #[error("corrupted row in {table} (id {id}): {reason}")]
    Corrupt {
        /// The table.
        table: &'static str,
        /// The row's key.
        id: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The group commit holding this command failed; nothing of the batch was committed.
    #[error("the commit failed, nothing was saved: {0}")]
    Batch(Arc<sqlx::Error>),
}

/// How hard a commit waits for the disk.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Durability {
    /// `synchronous=NORMAL`: in WAL mode a power cut may lose the last commits but never corrupts;
    /// a process crash loses nothing. (PostgreSQL: its own `synchronous_commit`, untouched.)
    #[default]
    Normal,
    /// `synchronous=FULL`: every commit is on disk before it returns.
    Full,
}

/// SQLite's migrations (see `build.rs` for why cargo rebuilds when they change). Their versions
/// and contents are the history every existing database was built by: never edit one.
pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("migrations/sqlite");

/// PostgreSQL's migrations: the same versions as [`MIGRATOR`], in PostgreSQL's dialect (a test
/// keeps the two folders in step).
pub static PG_MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("migrations/postgres");

/// A handle on the database (cheap to clone).
#[derive(Clone, Debug)]
pub struct Store {
    /// Connections for reads outside transactions.
    pool: AnyPool,
    /// The one connection that writes. SQLite has a single writer anyway; queueing writers here
    /// (async, first come first served) instead of letting them collide inside SQLite avoids its
    /// busy handler, which sleeps and retries and collapses throughput under concurrency. On
    /// PostgreSQL the same one connection keeps the group commit: one commit for many commands.
    writer: AnyPool,
    /// The group-commit writer task, which borrows `writer`'s connection for each batch.
    batch: batch::Writer,
    /// Which engine this is.
    backend: Backend,
}

/// A write transaction begun with `BEGIN IMMEDIATE` (SQLite) or `BEGIN` (PostgreSQL).
pub type Tx = Transaction<'static, Any>;

/// `database` with the password of a URL replaced by `***`, for messages and logs.
pub fn redact(database: &str) -> String {
    match url_password(database) {
        Some((start, end)) => format!("{}***{}", &database[..start], &database[end..]),
        None => database.to_string(),
    }
}

/// The byte range of the password in `scheme://user:password@host…`, if there is one.
fn url_password(url: &str) -> Option<(usize, usize)> {
    let auth_start = url.find("://")? + 3;
    let rest = &url[auth_start..];
    let auth_end = auth_start + rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let at = auth_start + url[auth_start..auth_end].rfind('@')?;
    let colon = auth_start + url[auth_start..at].find(':')?;
    Some((colon + 1, at))
}

impl Store {
    /// Opens the database a setting names: a `postgres://…` URL, else the SQLite file at `path`
    /// (created if needed), and applies pending migrations. Every place a database is named (the
    /// configuration's `database`, `JUNQI_DATABASE`, `local --db`) comes through here.
    pub async fn open(path: &Path, durability: Durability) -> Result<Store, StoreError> {
        let text = path.to_string_lossy();
        if Backend::of_setting(&text) == Backend::Postgres {
            return Store::open_postgres(text.trim(), durability).await;
        }
        let opts = SqliteConnectOptions::new().filename(path).create_if_missing(true);
        Store::connect(opts, durability).await
    }

    /// Opens a database from a URL such as `sqlite://junqi.db` or `postgres://user@host/db`.
    pub async fn open_url(url: &str, durability: Durability) -> Result<Store, StoreError> {
        if Backend::of_setting(url) == Backend::Postgres {
            return Store::open_postgres(url.trim(), durability).await;
        }
        let opts: SqliteConnectOptions =
            url.parse().map_err(|source| StoreError::Open { database: redact(url), source })?;
        Store::connect(opts.create_if_missing(true), durability).await
    }

    /// Connects to the SQLite database of `opts` with the referee's pragmas, and migrates.
    pub async fn connect(opts: SqliteConnectOptions, durability: Durability) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let url = opts.to_url_lossy();
        let database = redact(url.as_str());
        let any: AnyConnectOptions =
            url.as_str().parse().map_err(|source| StoreError::Open { database: database.clone(), source })?;
        let synchronous = match durability {
            Durability::Normal => "NORMAL",
            Durability::Full => "FULL",
        };
        // Set on every new connection: the `Any` driver opens SQLite from a URL, which carries no
        // pragmas.
        let pragmas = format!(
            "PRAGMA journal_mode = WAL; PRAGMA synchronous = {synchronous}; PRAGMA foreign_keys = ON; \
             PRAGMA busy_timeout = 10000;"
        );
        let writer_pragmas = format!("{pragmas} PRAGMA wal_autocheckpoint = 10000;");
        // The write connection is taken once per batch: skip the liveness ping sqlx would send
        // before each acquire (a round trip to SQLite's thread; a local file does not go away).
        // A checkpoint fsyncs, and made the command that happened to cross SQLite's threshold
        // (1,000 pages) wait milliseconds. The batch writer starts checkpoints on a read
        // connection instead, off every command's path; they reset the WAL whenever writes
        // pause. Only under writes that never pause does the write connection's own checkpoint,
        // now every 10,000 pages (about 40 MB), still bound the WAL.
        let writer = AnyPoolOptions::new()
            .max_connections(1)
            .test_before_acquire(false)
            .after_connect(move |conn, _| run_sql(conn, writer_pragmas.clone()))
            .connect_with(any.clone())
            .await
            .map_err(|source| StoreError::Open { database: database.clone(), source })?;
        migrate(&writer, Backend::Sqlite).await?;
        // A few connections serve concurrent reads.
        let pool = AnyPoolOptions::new()
            .max_connections(3)
            .after_connect(move |conn, _| run_sql(conn, pragmas.clone()))
            .connect_with(any)
            .await
            .map_err(|source| StoreError::Open { database, source })?;
        let batch = batch::Writer::spawn(writer.clone(), pool.clone(), Backend::Sqlite);
        Ok(Store { pool, writer, batch, backend: Backend::Sqlite })
    }

    /// Connects to the PostgreSQL database at `url` and migrates. The connection is tried at once,
    /// so a wrong URL or a server that does not answer is an error here, not at the first command.
    pub async fn open_postgres(url: &str, _durability: Durability) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let database = redact(url);
        let open = |source| StoreError::Open { database: database.clone(), source };
        let any: AnyConnectOptions = url.parse().map_err(open)?;
        // One connection first, so a refused login or a server that does not answer is reported
        // as such (a pool would retry until its timeout and say only that it timed out).
        let probe = any.connect().await.map_err(open)?;
        probe.close().await.map_err(open)?;
        let writer = AnyPoolOptions::new()
            .max_connections(1)
            .acquire_timeout(Duration::from_secs(10))
            .connect_with(any.clone())
            .await
            .map_err(open)?;
        migrate(&writer, Backend::Postgres).await?;
        let pool = AnyPoolOptions::new()
            .max_connections(3)
            .acquire_timeout(Duration::from_secs(10))
            .connect_with(any)
            .await
            .map_err(open)?;
        let batch = batch::Writer::spawn(writer.clone(), pool.clone(), Backend::Postgres);
        Ok(Store { pool, writer, batch, backend: Backend::Postgres })
    }

    /// Which engine the store runs on.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Queues a command for the group commit and waits for its turn on the write connection
    /// (inside the batch's transaction and the command's own savepoint). Effects may be emitted
    /// only once the returned [`batch::Commit`] resolves.
    pub async fn turn(&self) -> Result<(batch::Turn, batch::Commit), StoreError> {
        self.batch.turn().await
    }

    /// Like [`Store::turn`], and also looks `user_id`'s `request_id` up (see
    /// [`batch::Writer::turn_for`]): [`batch::Turn::seen`] then holds the stored effects of an
    /// earlier command of that user with that id.
    pub async fn turn_for(&self, user_id: &str, request_id: &str) -> Result<(batch::Turn, batch::Commit), StoreError> {
        self.batch.turn_for(user_id, request_id).await
    }

    /// Begins a write transaction: `BEGIN IMMEDIATE` on SQLite (the write lock up front), a
    /// plain `BEGIN` on PostgreSQL.
    pub async fn begin(&self) -> Result<Tx, StoreError> {
        Ok(self.writer.begin_with(begin_sql(self.backend)).await?)
    }

    /// A connection for reads outside a transaction.
    pub async fn conn(&self) -> Result<PoolConnection<Any>, StoreError> {
        Ok(self.pool.acquire().await?)
    }

    /// Whether a WAL checkpoint is under way (for tests that wait for writes to settle).
    pub fn checkpointing(&self) -> bool {
        self.batch.checkpointing()
    }

    /// Closes the connections (waits for them to finish).
    pub async fn close(&self) {
        self.pool.close().await;
        self.writer.close().await;
    }

    /// Reads one of the pragmas the store sets (`journal_mode`, `synchronous`, `foreign_keys`), for
    /// tests and diagnostics (SQLite only).
    pub async fn pragma(&self, name: &str) -> Result<String, StoreError> {
        let mut conn = self.conn().await?;
        let not = |reason: &str| StoreError::Corrupt { table: "pragma", id: name.into(), reason: reason.into() };
        if self.backend != Backend::Sqlite {
            return Err(not("pragmas are SQLite's"));
        }
        Ok(match name {
            "journal_mode" => sqlx::query_as::<_, (String,)>("PRAGMA journal_mode").fetch_one(&mut *conn).await?.0,
            "synchronous" => {
                sqlx::query_as::<_, (i64,)>("PRAGMA synchronous").fetch_one(&mut *conn).await?.0.to_string()
            }
            "foreign_keys" => {
                sqlx::query_as::<_, (i64,)>("PRAGMA foreign_keys").fetch_one(&mut *conn).await?.0.to_string()
            }
            _ => return Err(not("not a pragma the store sets")),
        })
    }
}

/// Runs `sql` (statements without arguments) on a new connection.
fn run_sql(conn: &mut Conn, sql: String) -> Pin<Box<dyn Future<Output = Result<(), sqlx::Error>> + Send + '_>> {
    Box::pin(async move {
        conn.execute(sqlx::AssertSqlSafe(sql)).await?;
        Ok(())
    })
}

/// The statement that begins a write transaction on `backend`.
pub(crate) fn begin_sql(backend: Backend) -> &'static str {
    match backend {
        Backend::Sqlite => "BEGIN IMMEDIATE",
        Backend::Postgres => "BEGIN",
    }
}

/// The migrations of `backend`.
pub fn migrator(backend: Backend) -> &'static sqlx::migrate::Migrator {
    match backend {
        Backend::Sqlite => &MIGRATOR,
        Backend::Postgres => &PG_MIGRATOR,
    }
}

/// Applies `backend`'s pending migrations, after checking that every migration the database
/// already has is one of this binary's, unchanged: a database migrated by another build (a newer
/// process sharing a PostgreSQL server) is refused with both versions named, before anything runs.
async fn migrate(pool: &AnyPool, backend: Backend) -> Result<(), StoreError> {
    let migrator = migrator(backend);
    let program = migrator.iter().map(|m| m.version).max().unwrap_or(0);
    let mut conn = pool.acquire().await?;
    // No table yet (a new database): nothing to compare.
    let applied: Vec<(i64, Vec<u8>)> =
        sqlx::query_as("SELECT version, checksum FROM _sqlx_migrations WHERE success ORDER BY version")
            .fetch_all(&mut *conn)
            .await
            .unwrap_or_default();
    let database = applied.iter().map(|m| m.0).max().unwrap_or(0);
    for (version, checksum) in &applied {
        let reason = match migrator.iter().find(|m| m.version == *version) {
            None => format!("migration {version} is applied but unknown to this program"),
            Some(m) if m.checksum.as_ref() != checksum.as_slice() => {
                format!("migration {version} differs from this program's")
            }
            Some(_) => continue,
        };
        return Err(StoreError::Version { database, program, reason });
    }
    drop(conn);
    migrator.run(pool).await?;
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Servers and users

/// Per-server settings.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ServerRow {
    /// The server id ("" for direct messages and the local mode).
    pub server_id: String,
    /// Default locale (`en`, `zh-CN`, `zh-TW`).
    pub locale: String,
    /// Vacation allowance per user, days per month.
    pub vacation_days: i64,
    /// Seconds an unanswered challenge waits before it expires.
    pub challenge_ttl: i64,
}

impl ServerRow {
    /// The settings of a server nobody configured.
    pub fn default_for(server_id: &str) -> ServerRow {
        ServerRow { server_id: server_id.into(), locale: "en".into(), vacation_days: 7, challenge_ttl: 86_400 }
    }
}

/// A server's settings (defaults if never set).
pub async fn server_get(conn: &mut Conn, server_id: &str) -> Result<ServerRow, StoreError> {
    let row = query_as::<ServerRow>(
        &*conn,
        "SELECT server_id, locale, vacation_days, challenge_ttl FROM servers WHERE server_id = ?",
    )
    .bind(server_id)
    .fetch_optional(conn)
    .await?;
    Ok(row.unwrap_or_else(|| ServerRow::default_for(server_id)))
}

/// Changes every time server settings are written (see [`server_put`]), so that caches of them
/// (the referee's server locales) know when to forget.
static SERVERS_VERSION: AtomicU64 = AtomicU64::new(0);

/// The current version of server settings: it changes before and after every write of them.
pub fn servers_version() -> u64 {
    SERVERS_VERSION.load(Ordering::SeqCst)
}

/// Writes a server's settings. Every write of the `servers` table must go through here: the
/// version is bumped before (so a reader that began earlier keeps nothing) and after (so nothing
/// read before the write became visible is kept).
pub async fn server_put(conn: &mut Conn, row: &ServerRow) -> Result<(), StoreError> {
    SERVERS_VERSION.fetch_add(1, Ordering::SeqCst);
    let r = server_write(conn, row).await;
    SERVERS_VERSION.fetch_add(1, Ordering::SeqCst);
    r
}

async fn server_write(conn: &mut Conn, row: &ServerRow) -> Result<(), StoreError> {
    query(
        &*conn,
        "INSERT INTO servers (server_id, locale, vacation_days, challenge_ttl) VALUES (?, ?, ?, ?)
         ON CONFLICT(server_id) DO UPDATE SET locale = excluded.locale,
             vacation_days = excluded.vacation_days, challenge_ttl = excluded.challenge_ttl",
    )
    .bind(&row.server_id)
    .bind(&row.locale)
    .bind(row.vacation_days)
    .bind(row.challenge_ttl)
    .execute(conn)
    .await?;
    Ok(())
}

/// A user's preferences and vacation state.
#[derive(Debug, Clone, PartialEq, Eq, Default, sqlx::FromRow)]
pub struct UserRow {
    /// The user id.
    pub user_id: String,
    /// Chosen locale, if any.
    pub locale: Option<String>,
    /// `YYYY-MM` the used vacation belongs to.
    pub vacation_month: String,
    /// Vacation seconds used in that month.
    pub vacation_used: i64,
    /// When the current vacation began, if on vacation.
    pub vacation_since: Option<i64>,
    /// When the current vacation ends at the latest (allowance exhausted).
    pub vacation_until: Option<i64>,
}

/// A user's row (defaults if never stored).
pub async fn user_get(conn: &mut Conn, user_id: &str) -> Result<UserRow, StoreError> {
    let row = query_as::<UserRow>(
        &*conn,
        "SELECT user_id, locale, vacation_month, vacation_used, vacation_since, vacation_until
         FROM users WHERE user_id = ?",
    )
    .bind(user_id)
    .fetch_optional(conn)
    .await?;
    Ok(row.unwrap_or_else(|| UserRow { user_id: user_id.into(), ..UserRow::default() }))
}

/// Writes a user's row.
pub async fn user_put(conn: &mut Conn, row: &UserRow) -> Result<(), StoreError> {
    query(
        &*conn,
        "INSERT INTO users (user_id, locale, vacation_month, vacation_used, vacation_since, vacation_until)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT(user_id) DO UPDATE SET locale = excluded.locale,
             vacation_month = excluded.vacation_month, vacation_used = excluded.vacation_used,
             vacation_since = excluded.vacation_since, vacation_until = excluded.vacation_until",
    )
    .bind(&row.user_id)
    .bind(&row.locale)
    .bind(&row.vacation_month)
    .bind(row.vacation_used)
    .bind(row.vacation_since)
    .bind(row.vacation_until)
    .execute(conn)
    .await?;
    Ok(())
}

/// Users whose vacation allowance runs out at or before `now`, earliest first.
pub async fn users_vacation_due(conn: &mut Conn, now: i64) -> Result<Vec<UserRow>, StoreError> {
    Ok(query_as::<UserRow>(
        &*conn,
        "SELECT user_id, locale, vacation_month, vacation_used, vacation_since, vacation_until
         FROM users WHERE vacation_until IS NOT NULL AND vacation_until <= ? ORDER BY vacation_until, user_id",
    )
    .bind(now)
    .fetch_all(conn)
    .await?)
}

// ---------------------------------------------------------------------------------------------
// Games

/// A game's lifecycle status.
pub mod status {
    /// Waiting for the invited player (or anyone) to accept.
    pub const CHALLENGED: &str = "challenged";
    /// Accepted; waiting for both deployments.
    pub const DEPLOYING: &str = "deploying";
    /// Being played.
    pub const PLAYING: &str = "playing";
    /// Over with a result.
    pub const FINISHED: &str = "finished";
    /// The challenge was declined.
    pub const DECLINED: &str = "declined";
    /// The challenge expired.
    pub const EXPIRED: &str = "expired";
    /// Aborted before the first move.
    pub const ABORTED: &str = "aborted";
}

/// One game's row.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct GameRow {
    /// The game id.
    pub id: i64,
    /// The server it was created on.
    pub server_id: String,
    /// Variant name (`junqi`).
    pub variant: String,
    /// A mode key of the variant's game kind: `dark`, `reveal`, `open`, `partners`, … (any text
    /// since migration 0008 dropped the column's CHECK). The referee still inserts a partners
    /// game as `dark` and then calls [`seats::mode_put`], which stores `partners` here too.
    pub mode: String,
    /// Rule options that differ from the defaults, `key=value …`.
    pub rules: String,
    /// Seconds per move, if timed.
    pub per_move: Option<i64>,
    /// Who challenged.
    pub challenger: String,
    /// Who was invited (None: open challenge).
    pub invited: Option<String>,
    /// The players by seat (`game_seats`), read with the row; written by [`game_insert`] and
    /// [`seats::seat_put`], never by [`game_update`].
    #[sqlx(try_from = "String")]
    pub seats: seats::Seats,
    /// See [`status`].
    pub status: String,
    /// The seat that moves first.
    pub first_seat: i64,
    /// The seat whose draw offer is on the table.
    pub draw_offer: Option<i64>,
    /// `red_wins:flag_captured`, `draw:agreed`, …
    pub result: Option<String>,
    /// The game this one is a rematch of.
    pub rematch_of: Option<i64>,
    /// Creation time.
    pub created_at: i64,
    /// Last change.
    pub updated_at: i64,
}

/// The columns of a [`GameRow`]; `{seats}` is [`seats::SEATS_COLUMN`].
macro_rules! game_select {
    ($tail:literal) => {
        format!(
            concat!(
                "SELECT id, server_id, variant, mode, rules, per_move, challenger, invited, {seats}, status, \
                 first_seat, draw_offer, result, rematch_of, created_at, updated_at FROM games ",
                $tail
            ),
            seats = seats::SEATS_COLUMN
        )
    };
}

/// Inserts a new game (its `id` is ignored) with its seated players and returns its id.
pub async fn game_insert(conn: &mut Conn, g: &GameRow) -> Result<i64, StoreError> {
    let (id,): (i64,) = query_as(
        &*conn,
        "INSERT INTO games (server_id, variant, mode, rules, per_move, challenger, invited, status,
             first_seat, draw_offer, result, rematch_of, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(&g.server_id)
    .bind(&g.variant)
    .bind(&g.mode)
    .bind(&g.rules)
    .bind(g.per_move)
    .bind(&g.challenger)
    .bind(&g.invited)
    .bind(&g.status)
    .bind(g.first_seat)
    .bind(g.draw_offer)
    .bind(&g.result)
    .bind(g.rematch_of)
    .bind(g.created_at)
    .bind(g.updated_at)
    .fetch_one(&mut *conn)
    .await?;
    for (seat, user) in g.seats.taken() {
        seats::seat_insert(conn, id, seat, user).await?;
    }
    Ok(id)
}

/// Writes the mutable fields of a game (status, first seat, draw offer, result, updated_at); the
/// players are written by [`seats::seat_put`] when they sit down.
pub async fn game_update(conn: &mut Conn, g: &GameRow) -> Result<(), StoreError> {
    let r = query(&*conn, later::GAME_UPDATE)
        .bind(&g.status)
        .bind(g.first_seat)
        .bind(g.draw_offer)
        .bind(&g.result)
        .bind(g.updated_at)
        .bind(g.id)
        .execute(conn)
        .await?;
    if r.rows_affected() != 1 {
        return Err(StoreError::Corrupt { table: "games", id: g.id.to_string(), reason: "no such game".into() });
    }
    Ok(())
}

/// A game by id.
pub async fn game_get(conn: &mut Conn, id: i64) -> Result<Option<GameRow>, StoreError> {
    Ok(query_as::<GameRow>(&*conn, game_select!("WHERE id = ?")).bind(id).fetch_optional(conn).await?)
}

/// A game's row and the number of events in its log, read by a command about to change it.
///
/// Several referee processes may share one PostgreSQL database (issue 18), so a process's cached
/// copy of a game may be behind: the caller compares both with its cache. On PostgreSQL the
/// row is locked (`FOR UPDATE`) until the transaction ends, so one command at a time, in any
/// process, acts on a game; an SQLite database already has one writer at a time.
pub async fn game_for_write(conn: &mut Conn, id: i64) -> Result<Option<(GameRow, i64)>, StoreError> {
    let sql = match Backend::of(conn) {
        Backend::Postgres => game_select!("WHERE id = ? FOR UPDATE"),
        Backend::Sqlite => game_select!("WHERE id = ?"),
    };
    // One round trip: the row and, beside it, the length of its log.
    let sql = sql.replacen(
        " FROM games ",
        ", (SELECT COALESCE(MAX(seq), 0) FROM events WHERE events.game_id = games.id) AS events FROM games ",
        1,
    );
    let row = query_as::<GameWithEvents>(&*conn, sql).bind(id).fetch_optional(conn).await?;
    Ok(row.map(|r| (r.row, r.events)))
}

/// A game's row with the number of its events ([`game_for_write`]).
#[derive(sqlx::FromRow)]
struct GameWithEvents {
    #[sqlx(flatten)]
    row: GameRow,
    events: i64,
}

/// The number of events in a game's log (its last `seq`).
pub async fn events_count(conn: &mut Conn, id: i64) -> Result<i64, StoreError> {
    Ok(query_scalar::<i64>(&*conn, "SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = ?")
        .bind(id)
        .fetch_one(conn)
        .await?)
}

/// Every game not yet over (challenged, deploying or playing), by id.
pub async fn games_live(conn: &mut Conn) -> Result<Vec<GameRow>, StoreError> {
    let sql = game_select!("WHERE status IN ('challenged', 'deploying', 'playing') ORDER BY id");
    Ok(query_as::<GameRow>(&*conn, sql).fetch_all(conn).await?)
}

/// The live games a user sits in or was invited to, by id.
pub async fn games_of_user(conn: &mut Conn, user: &str) -> Result<Vec<GameRow>, StoreError> {
    let sql = game_select!(
        "WHERE status IN ('challenged', 'deploying', 'playing')
         AND (challenger = ?1 OR invited = ?1 OR id IN (SELECT game_id FROM game_seats WHERE user_id = ?1))
         ORDER BY id"
    );
    Ok(query_as::<GameRow>(&*conn, sql).bind(user).fetch_all(conn).await?)
}

// ---------------------------------------------------------------------------------------------
// The event log

/// One entry of a game's append-only log.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct EventRow {
    /// The game.
    pub game_id: i64,
    /// 1-based position in the log.
    pub seq: i64,
    /// `move`, `resign`, `timeout` or `draw`.
    pub kind: String,
    /// The acting seat, if any.
    pub seat: Option<i64>,
    /// The move (`c6-c7`) for `move`; empty otherwise.
    pub body: String,
    /// When it happened.
    pub at: i64,
}

/// Appends an event (its `seq` is ignored) and returns its sequence number.
pub async fn event_append(
    conn: &mut Conn,
    game_id: i64,
    kind: &str,
    seat: Option<i64>,
    body: &str,
    at: i64,
) -> Result<i64, StoreError> {
    let (seq,): (i64,) = query_as(&*conn, concat!(event_insert!(), " RETURNING seq"))
        .bind(game_id)
        .bind(game_id)
        .bind(kind)
        .bind(seat)
        .bind(body)
        .bind(at)
        .fetch_one(conn)
        .await?;
    Ok(seq)
}

/// A game's log, in order.
pub async fn events_of(conn: &mut Conn, game_id: i64) -> Result<Vec<EventRow>, StoreError> {
    Ok(query_as::<EventRow>(
        &*conn,
        "SELECT game_id, seq, kind, seat, body, at FROM events WHERE game_id = ? ORDER BY seq",
    )
    .bind(game_id)
    .fetch_all(conn)
    .await?)
}

// ---------------------------------------------------------------------------------------------
// Request ids

/// The stored effects (JSON) of a request `user_id` already made, if any. A request id is the
/// user's own (migration 0010): another user's request with the same id is not found.
pub async fn request_get(conn: &mut Conn, user_id: &str, request_id: &str) -> Result<Option<String>, StoreError> {
    let row: Option<(String,)> = query_as(&*conn, "SELECT effects FROM requests WHERE user_id = ? AND request_id = ?")
        .bind(user_id)
        .bind(request_id)
        .fetch_optional(conn)
        .await?;
    Ok(row.map(|r| r.0))
}

/// Records an applied request with its effects (JSON). A duplicate (user, id) is an error, so a
/// request can never be recorded twice.
pub async fn request_put(
    conn: &mut Conn,
    request_id: &str,
    user_id: &str,
    effects: &str,
    at: i64,
) -> Result<(), StoreError> {
    query(&*conn, later::REQUEST_PUT).bind(request_id).bind(user_id).bind(effects).bind(at).execute(conn).await?;
    Ok(())
}

#[cfg(test)]
pub(crate) mod testing;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_migrations;
