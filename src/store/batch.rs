//! Group commit: one writer task owns the write connection while a batch is open, and every
//! command queued to it shares one `BEGIN IMMEDIATE … COMMIT`.
//!
//! Why: with `synchronous=NORMAL` a commit costs little CPU, but each one appends every page it
//! touched (game row, event log, request ids and their indexes) to the WAL again, and the WAL is
//! checkpointed (with an fsync) every thousand pages. Committing commands one by one made that
//! the bulk of a move's cost; a batch writes each touched page once.
//!
//! How: a command asks [`Writer::turn`] for its turn. The writer task takes the first queued
//! request, begins a transaction and, for each request in queue order (more may arrive while it
//! works; it keeps taking them until the queue is empty or [`MAX_BATCH`] is reached), opens a
//! `SAVEPOINT`, lends the transaction to that command ([`Turn`]), and gets it back when the command
//! is done: the savepoint is released if the command succeeded, rolled back if it failed, so a
//! failing command never takes others with it. Then it commits once and answers every command of
//! the batch through its [`Commit`]. A command must not emit any effect before its `Commit`
//! resolves: that is what makes "committed before any effect is emitted" hold. If the commit (or a
//! savepoint) fails, every command of the batch gets the error.
//!
//! The writer lends the connection rather than running the commands itself, so a command's logic
//! keeps borrowing whatever it needs (the referee, its cached game) without being `'static`.
//! Between batches the writer gives the connection back to the store's one-connection write pool,
//! so [`super::Store::begin`] still works for the rarer writers (timers, tests) and simply waits
//! for the current batch to commit.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use sqlx::AnyPool;
use sqlx::any::{Any, AnyArguments};
use sqlx::pool::PoolConnection;
use sqlx::{Arguments, AssertSqlSafe};
use tokio::sync::{mpsc, oneshot};

use super::dialect::{Backend, Conn};
use super::{Later, StoreError};

/// At most this many commands share one commit, so the first of a long queue is not kept
/// waiting for the last.
pub const MAX_BATCH: usize = 256;

/// After this many committed commands the writer starts a WAL checkpoint on a read connection
/// (the write connection's own automatic checkpoint waits for 10,000 pages). A move writes about
/// five pages, so this checkpoints about as often as SQLite's default would.
pub const CHECKPOINT_EVERY: usize = 200;

/// How long the checkpoint task waits before copying what was written while it ran.
const CHECKPOINT_RETRY: std::time::Duration = std::time::Duration::from_millis(50);

/// How a batch ended, shared by all its commands.
type Outcome = Result<(), Arc<sqlx::Error>>;

/// One command waiting for its turn.
struct Request {
    /// The command's user and request id, looked up in the same round trip that opens its
    /// savepoint.
    lookup: Option<(String, String)>,
    /// Where the writer sends the lent connection.
    lend: oneshot::Sender<Turn>,
    /// Where the writer sends the batch's outcome.
    done: oneshot::Sender<Outcome>,
}

/// The connection given back by a command, and whether to keep its writes.
struct Back {
    conn: PoolConnection<Any>,
    keep: bool,
    /// Writes the command held back, sent by the writer together with the end of its savepoint.
    later: Later,
}

/// The handle on the writer task (cheap to clone). The task stops when every handle is gone.
#[derive(Clone, Debug)]
pub struct Writer {
    queue: mpsc::UnboundedSender<Request>,
    /// Whether a WAL checkpoint task is running (shared with the writer's [`Checkpointer`]).
    checkpointing: Arc<AtomicBool>,
}

/// The write connection lent to one command, inside the batch's transaction and the command's
/// own savepoint. Give it back with [`Turn::finish`]; dropping it (a cancelled command, a panic)
/// gives it back with the command's writes rolled back.
pub struct Turn {
    conn: Option<PoolConnection<Any>>,
    back: Option<oneshot::Sender<Back>>,
    /// The stored effects of the command's request id, if it was applied before (looked up by
    /// the writer when the command asked with [`Writer::turn_for`]).
    seen: Option<String>,
}

/// Resolves once the batch holding a command has been committed (or has failed).
pub struct Commit {
    done: oneshot::Receiver<Outcome>,
}

impl Writer {
    /// Starts the writer task on the current tokio runtime, writing through `pool` (the store's
    /// one-connection write pool).
    /// Checkpoints of the WAL run on a connection of `readers`, in their own task, so no
    /// command waits for one.
    /// PostgreSQL has no WAL of the store's to checkpoint: there `readers` is unused.
    pub fn spawn(pool: AnyPool, readers: AnyPool, backend: Backend) -> Writer {
        let (queue, rx) = mpsc::unbounded_channel();
        let checkpointing = Arc::new(AtomicBool::new(false));
        tokio::spawn(run(pool, readers, rx, checkpointing.clone(), backend));
        Writer { queue, checkpointing }
    }

    /// Whether a WAL checkpoint is under way. Tests wait on it instead of on a fixed pause, which
    /// a loaded machine can outlast.
    pub fn checkpointing(&self) -> bool {
        self.checkpointing.load(Ordering::Acquire)
    }

    /// Queues a command and waits for its turn on the write connection. The returned [`Commit`]
    /// tells when the command's batch is committed.
    pub async fn turn(&self) -> Result<(Turn, Commit), StoreError> {
        self.turn_with(None).await
    }

    /// Like [`Writer::turn`], and looks the user's request id up in the `requests` table in the same
    /// round trip to SQLite that opens the command's savepoint ([`Turn::seen`]): a command then
    /// needs no statement of its own to learn whether it is a repeat.
    pub async fn turn_for(&self, user_id: &str, request_id: &str) -> Result<(Turn, Commit), StoreError> {
        self.turn_with(Some((user_id.to_string(), request_id.to_string()))).await
    }

    async fn turn_with(&self, lookup: Option<(String, String)>) -> Result<(Turn, Commit), StoreError> {
        let (lend, lent) = oneshot::channel();
        let (done, done_rx) = oneshot::channel();
        if self.queue.send(Request { lookup, lend, done }).is_err() {
            return Err(StoreError::Db(sqlx::Error::PoolClosed));
        }
        let mut commit = Commit { done: done_rx };
        match lent.await {
            Ok(turn) => Ok((turn, commit)),
            // The batch failed before this command's turn: its outcome says why.
            Err(_) => match (&mut commit.done).await {
                Ok(Err(e)) => Err(StoreError::Batch(e)),
                _ => Err(StoreError::Db(sqlx::Error::PoolClosed)),
            },
        }
    }
}

impl Turn {
    /// The connection, inside the batch's transaction and this command's savepoint.
    pub fn conn(&mut self) -> &mut Conn {
        self.conn.as_mut().expect("a turn holds the connection until it is finished")
    }

    /// The stored effects (JSON) of this command's request id if it was applied before; always
    /// `None` for a turn taken without a lookup ([`Writer::turn`]).
    pub fn seen(&mut self) -> Option<String> {
        self.seen.take()
    }

    /// Ends the command's turn: its writes are kept (`keep`) or rolled back to its savepoint.
    pub fn finish(mut self, keep: bool) {
        self.give_back(keep, Later::default());
    }

    /// Ends the command's turn keeping its writes, and hands the writer the writes it held back
    /// ([`Later`]): they go to SQLite in the same round trip that releases the command's
    /// savepoint (and opens the next one, or commits). If they fail, the whole batch fails, as
    /// for a failed commit; the command learns it from its [`Commit`].
    pub fn finish_with(mut self, later: Later) {
        self.give_back(true, later);
    }

    fn give_back(&mut self, keep: bool, later: Later) {
        if let (Some(conn), Some(back)) = (self.conn.take(), self.back.take())
            && let Err(Back { mut conn, .. }) = back.send(Back { conn, keep, later })
        {
            // The writer is gone (runtime shutting down): never let a connection inside an open
            // transaction go back to the pool.
            conn.close_on_drop();
        }
    }
}

impl Drop for Turn {
    fn drop(&mut self) {
        self.give_back(false, Later::default());
    }
}

impl Commit {
    /// Waits until the command's batch is committed; an error means nothing of it was.
    pub async fn wait(self) -> Result<(), StoreError> {
        match self.done.await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => Err(StoreError::Batch(e)),
            Err(_) => Err(StoreError::Db(sqlx::Error::PoolClosed)),
        }
    }
}

/// The writer task: one batch after another until every [`Writer`] handle is dropped.
///
/// The transaction and savepoint statements are sent together with the next command's request-id
/// lookup (`BEGIN IMMEDIATE; SAVEPOINT; SELECT …`, `RELEASE; SAVEPOINT; SELECT …`, then `RELEASE;
/// COMMIT`), so a batch costs one round trip to SQLite's thread per command plus one to commit.
/// The connection never leaves the writer's hands inside a transaction except lent to a
/// [`Turn`], which always gives it back; on any failure the writer rolls back and closes it.
async fn run(
    pool: AnyPool,
    readers: AnyPool,
    mut queue: mpsc::UnboundedReceiver<Request>,
    checkpointing: Arc<AtomicBool>,
    backend: Backend,
) {
    let mut checkpoint = (backend == Backend::Sqlite).then(|| Checkpointer::new(readers, checkpointing));
    while let Some(first) = queue.recv().await {
        let mut conn = match pool.acquire().await {
            Ok(c) => c,
            Err(e) => {
                // Nothing began: this request and everything queued behind it get the error.
                let e = Arc::new(e);
                let _ = first.done.send(Err(e.clone()));
                while let Ok(r) = queue.try_recv() {
                    let _ = r.done.send(Err(e.clone()));
                }
                continue;
            }
        };
        let mut members = Vec::new();
        let mut failure = None;
        let mut next = Some(first);
        let mut close = Close::Begin;
        while let Some(req) = next.take() {
            members.push(req.done);
            // Closing the previous command (with the writes it held back), opening this one's
            // savepoint and looking up its request id share one round trip to SQLite's thread.
            let seen = match std::mem::replace(&mut close, Close::Begin)
                .run(&mut conn, Open::Command(req.lookup.as_ref()), backend)
                .await
            {
                Ok(seen) => seen,
                Err(e) => {
                    failure = Some(e);
                    break;
                }
            };
            let (back, back_rx) = oneshot::channel();
            // If the command was cancelled before its turn, the refused `Turn` is dropped here and
            // its `Drop` sends the connection straight back, unkept.
            let _ = req.lend.send(Turn { conn: Some(conn), back: Some(back), seen });
            let (keep, later);
            Back { conn, keep, later } = back_rx.await.expect("a turn always gives the connection back");
            if members.len() < MAX_BATCH {
                next = queue.try_recv().ok();
            }
            close = if keep { Close::Release(later) } else { Close::RollBack };
        }
        if failure.is_none() {
            failure = close.run(&mut conn, Open::Commit, backend).await.err();
        }
        let outcome = match failure {
            None => Ok(()),
            Some(e) => {
                // Nothing of the batch may stay. The rollback fails harmlessly if the failed
                // statement already ended the transaction; either way a fresh connection replaces
                // this one, so no half-known state is ever reused.
                let _ = sqlx::raw_sql("ROLLBACK").execute(&mut *conn).await;
                conn.close_on_drop();
                Err(Arc::new(e))
            }
        };
        if let (Ok(()), Some(checkpoint)) = (&outcome, checkpoint.as_mut()) {
            checkpoint.committed(members.len());
        }
        for done in members {
            let _ = done.send(outcome.clone());
        }
    }
}

/// Starts a WAL checkpoint after every [`CHECKPOINT_EVERY`] committed commands, one at a time.
struct Checkpointer {
    readers: AnyPool,
    since: usize,
    running: Arc<AtomicBool>,
    /// Commands committed so far, so the checkpoint task can tell whether writes came in while it
    /// copied.
    commits: Arc<AtomicU64>,
}

impl Checkpointer {
    fn new(readers: AnyPool, running: Arc<AtomicBool>) -> Checkpointer {
        Checkpointer { readers, since: 0, running, commits: Arc::default() }
    }

    fn committed(&mut self, commands: usize) {
        self.commits.fetch_add(commands as u64, Ordering::AcqRel);
        self.since += commands;
        if self.since < CHECKPOINT_EVERY || self.running.swap(true, Ordering::AcqRel) {
            return;
        }
        self.since = 0;
        let (readers, running, commits) = (self.readers.clone(), self.running.clone(), self.commits.clone());
        tokio::spawn(async move {
            // PASSIVE: copies what no reader still needs and never blocks the writer, which goes
            // on appending meanwhile. SQLite starts the WAL over at the first write after a
            // checkpoint that copied all of it, so the task goes on (after a pause) until one
            // copies everything with no commit in between: then the WAL is reused from its start
            // instead of growing. A failure only leaves the WAL longer until the next checkpoint.
            loop {
                let before = commits.load(Ordering::Acquire);
                let r =
                    sqlx::query_as::<_, (i64, i64, i64)>("PRAGMA wal_checkpoint(PASSIVE)").fetch_one(&readers).await;
                match r {
                    Ok((_, log, copied)) if copied >= log && commits.load(Ordering::Acquire) == before => break,
                    Ok(_) => tokio::time::sleep(CHECKPOINT_RETRY).await,
                    Err(e) => {
                        tracing::warn!("WAL checkpoint failed: {e}");
                        break;
                    }
                }
            }
            running.store(false, Ordering::Release);
        });
    }
}

/// How the writer closes what is open before the next step.
enum Close {
    /// Nothing is open yet: begin the batch.
    Begin,
    /// The previous command's writes are kept, with those it held back.
    Release(Later),
    /// The previous command failed: its writes are undone.
    RollBack,
}

/// What the writer opens after closing.
enum Open<'a> {
    /// The next command's savepoint, with the lookup of its request id (if any).
    Command(Option<&'a (String, String)>),
    /// Nothing: the batch commits.
    Commit,
}

impl Close {
    /// Runs the close and the open as one multi-statement query (one round trip); returns the
    /// stored effects of the looked-up request id.
    async fn run(self, conn: &mut Conn, open: Open<'_>, backend: Backend) -> Result<Option<String>, sqlx::Error> {
        if backend == Backend::Postgres {
            return self.run_in_steps(conn, open).await;
        }
        let (mut sql, mut args) = match self {
            Close::Begin => ("BEGIN IMMEDIATE".to_string(), AnyArguments::default()),
            Close::RollBack => ("ROLLBACK TO command; RELEASE command".to_string(), AnyArguments::default()),
            Close::Release(later) => {
                let (mut sql, args) = later.joined();
                if !sql.is_empty() {
                    sql.push_str(";\n");
                }
                sql.push_str("RELEASE command");
                (sql, args)
            }
        };
        let lookup = match open {
            Open::Commit => {
                sql.push_str("; COMMIT");
                None
            }
            Open::Command(lookup) => {
                sql.push_str("; SAVEPOINT command");
                lookup
            }
        };
        match lookup {
            None => sqlx::query_with(AssertSqlSafe(sql), args).execute(conn).await.map(|_| None),
            Some((user, id)) => {
                sql.push_str("; SELECT effects FROM requests WHERE user_id = ? AND request_id = ?");
                args.add(user.to_string()).map_err(sqlx::Error::Encode)?;
                args.add(id.to_string()).map_err(sqlx::Error::Encode)?;
                // fetch_all, not fetch_optional: stopping at the first row would leave the SELECT
                // un-reset, an open statement (and read snapshot) on the write connection.
                let rows: Vec<(String,)> = sqlx::query_as_with(AssertSqlSafe(sql), args).fetch_all(conn).await?;
                Ok(rows.into_iter().next().map(|r| r.0))
            }
        }
    }

    /// [`Close::run`] for PostgreSQL, which refuses several statements with arguments in one
    /// query: the held-back writes go one by one, then the transaction statements together, then
    /// the lookup. More round trips than SQLite's one, each to a server instead of a thread.
    async fn run_in_steps(self, conn: &mut Conn, open: Open<'_>) -> Result<Option<String>, sqlx::Error> {
        let mut sql = match self {
            Close::Begin => "BEGIN".to_string(),
            Close::RollBack => "ROLLBACK TO SAVEPOINT command; RELEASE SAVEPOINT command".to_string(),
            Close::Release(later) => {
                later.send(&mut *conn).await?;
                "RELEASE SAVEPOINT command".to_string()
            }
        };
        let lookup = match open {
            Open::Commit => {
                sql.push_str("; COMMIT");
                None
            }
            Open::Command(lookup) => {
                sql.push_str("; SAVEPOINT command");
                lookup
            }
        };
        sqlx::raw_sql(AssertSqlSafe(sql)).execute(&mut *conn).await?;
        match lookup {
            None => Ok(None),
            Some((user, id)) => {
                let row: Option<(String,)> =
                    sqlx::query_as("SELECT effects FROM requests WHERE user_id = $1 AND request_id = $2")
                        .bind(user.as_str())
                        .bind(id.as_str())
                        .fetch_optional(conn)
                        .await?;
                Ok(row.map(|r| r.0))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use sqlx::sqlite::{SqliteConnectOptions, SqlitePoolOptions};

    use super::super::testing::each_store;
    use super::super::{Durability, Store, game_get, layout_get, layout_save, request_get, request_put};

    async fn store(opts: SqliteConnectOptions) -> Store {
        Store::connect(opts, Durability::Normal).await.expect("open store")
    }

    /// Runs one command's turn: saves a layout, keeps or rolls back its savepoint, and returns its
    /// commit outcome.
    async fn save(s: &Store, name: &str, keep: bool) -> Result<(), super::StoreError> {
        let (mut turn, commit) = s.turn().await?;
        layout_save(turn.conn(), "alice", "junqi", name, "x").await?;
        turn.finish(keep);
        commit.wait().await
    }

    #[tokio::test]
    async fn queued_commands_commit_together_and_a_failing_one_rolls_back_alone() {
        each_store(async |s: Store| {
            // Queued at once (one task polls them in order), so they share batches.
            let (a, b, c) = tokio::join!(save(&s, "a", true), save(&s, "b", false), save(&s, "c", true));
            a.unwrap();
            b.unwrap();
            c.unwrap();
            let mut conn = s.conn().await.unwrap();
            assert_eq!(layout_get(&mut conn, "alice", "junqi", "a").await.unwrap().as_deref(), Some("x"));
            assert_eq!(layout_get(&mut conn, "alice", "junqi", "b").await.unwrap(), None);
            assert_eq!(layout_get(&mut conn, "alice", "junqi", "c").await.unwrap().as_deref(), Some("x"));
        })
        .await;
    }

    #[tokio::test]
    async fn a_later_command_of_the_batch_sees_an_earlier_ones_writes() {
        each_store(async |s: Store| {
            let first = async {
                let (mut turn, commit) = s.turn().await.unwrap();
                request_put(turn.conn(), "r1", "alice", "[]", 1).await.unwrap();
                turn.finish(true);
                commit.wait().await.unwrap();
            };
            let second = async {
                let (mut turn, commit) = s.turn().await.unwrap();
                // Not committed yet, but earlier in the same transaction: a repeat finds it.
                let seen = request_get(turn.conn(), "alice", "r1").await.unwrap();
                turn.finish(true);
                commit.wait().await.unwrap();
                seen
            };
            let ((), seen) = tokio::join!(first, second);
            assert_eq!(seen.as_deref(), Some("[]"));
        })
        .await;
    }

    #[sqlx::test(migrations = false)]
    async fn a_failed_commit_fails_every_command_of_the_batch(_p: SqlitePoolOptions, o: SqliteConnectOptions) {
        let s = store(o).await;
        let bad = async {
            let (mut turn, commit) = s.turn().await?;
            // A foreign-key violation checked only at COMMIT makes the commit itself fail.
            sqlx::query("PRAGMA defer_foreign_keys = ON").execute(&mut *turn.conn()).await?;
            sqlx::query("INSERT INTO events (game_id, seq, kind, at) VALUES (999, 1, 'move', 0)")
                .execute(&mut *turn.conn())
                .await?;
            turn.finish(true);
            commit.wait().await
        };
        let (bad, good) = tokio::join!(bad, save(&s, "good", true));
        assert!(matches!(bad, Err(super::StoreError::Batch(_))), "{bad:?}");
        assert!(matches!(good, Err(super::StoreError::Batch(_))), "{good:?}");
        let mut conn = s.conn().await.unwrap();
        assert_eq!(layout_get(&mut conn, "alice", "junqi", "good").await.unwrap(), None);
        // The writer goes on with the next batch.
        save(&s, "after", true).await.unwrap();
        assert_eq!(layout_get(&mut conn, "alice", "junqi", "after").await.unwrap().as_deref(), Some("x"));
        assert!(game_get(&mut conn, 999).await.unwrap().is_none());
    }

    #[tokio::test]
    async fn held_back_writes_go_with_the_close_and_the_next_command_sees_them() {
        each_store(async |s: Store| {
            let first = async {
                let (turn, commit) = s.turn_for("alice", "r1").await.unwrap();
                let mut later = super::super::Later::default();
                later.request_put("r1", "alice", "[1]", 1);
                turn.finish_with(later);
                commit.wait().await
            };
            let second = async {
                // Queued behind the first: its lookup runs after the first's writes, in one query.
                let (mut turn, commit) = s.turn_for("alice", "r1").await.unwrap();
                let seen = turn.seen();
                turn.finish(true);
                commit.wait().await.unwrap();
                seen
            };
            let (a, seen) = tokio::join!(first, second);
            a.unwrap();
            assert_eq!(seen.as_deref(), Some("[1]"));
            // Writes that fail (the same request id again) fail the batch; the writer goes on.
            let (turn, commit) = s.turn().await.unwrap();
            let mut later = super::super::Later::default();
            later.request_put("r1", "alice", "[2]", 2);
            turn.finish_with(later);
            assert!(matches!(commit.wait().await, Err(super::StoreError::Batch(_))));
            save(&s, "after", true).await.unwrap();
            let mut conn = s.conn().await.unwrap();
            assert_eq!(request_get(&mut conn, "alice", "r1").await.unwrap().as_deref(), Some("[1]"));
        })
        .await;
    }

    #[tokio::test]
    async fn a_dropped_turn_rolls_back_and_begin_still_works() {
        each_store(async |s: Store| {
            {
                let (mut turn, _commit) = s.turn().await.unwrap();
                layout_save(turn.conn(), "alice", "junqi", "lost", "x").await.unwrap();
                // Dropped: a cancelled command gives the transaction back, rolled back.
            }
            save(&s, "kept", true).await.unwrap();
            // Plain transactions wait for the batch to give the connection back.
            let mut tx = s.begin().await.unwrap();
            layout_save(&mut tx, "alice", "junqi", "plain", "x").await.unwrap();
            tx.commit().await.unwrap();
            let mut conn = s.conn().await.unwrap();
            assert_eq!(layout_get(&mut conn, "alice", "junqi", "lost").await.unwrap(), None);
            assert!(layout_get(&mut conn, "alice", "junqi", "kept").await.unwrap().is_some());
            assert!(layout_get(&mut conn, "alice", "junqi", "plain").await.unwrap().is_some());
        })
        .await;
    }
}
