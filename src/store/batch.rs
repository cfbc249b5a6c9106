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

use sqlx::Sqlite;
use sqlx::pool::PoolConnection;
use sqlx::sqlite::{SqliteConnection, SqlitePool};
use tokio::sync::{mpsc, oneshot};

use super::StoreError;

/// At most this many commands share one commit, so the first of a long queue is not kept
/// waiting for the last.
pub const MAX_BATCH: usize = 256;

/// How a batch ended, shared by all its commands.
type Outcome = Result<(), Arc<sqlx::Error>>;

/// One command waiting for its turn.
struct Request {
    /// Where the writer sends the lent connection.
    lend: oneshot::Sender<Turn>,
    /// Where the writer sends the batch's outcome.
    done: oneshot::Sender<Outcome>,
}

/// The connection given back by a command, and whether to keep its writes.
struct Back {
    conn: PoolConnection<Sqlite>,
    keep: bool,
}

/// The handle on the writer task (cheap to clone). The task stops when every handle is gone.
#[derive(Clone, Debug)]
pub struct Writer {
    queue: mpsc::UnboundedSender<Request>,
}

/// The write connection lent to one command, inside the batch's transaction and the command's
/// own savepoint. Give it back with [`Turn::finish`]; dropping it (a cancelled command, a panic)
/// gives it back with the command's writes rolled back.
pub struct Turn {
    conn: Option<PoolConnection<Sqlite>>,
    back: Option<oneshot::Sender<Back>>,
}

/// Resolves once the batch holding a command has been committed (or has failed).
pub struct Commit {
    done: oneshot::Receiver<Outcome>,
}

impl Writer {
    /// Starts the writer task on the current tokio runtime, writing through `pool` (the store's
    /// one-connection write pool).
    pub fn spawn(pool: SqlitePool) -> Writer {
        let (queue, rx) = mpsc::unbounded_channel();
        tokio::spawn(run(pool, rx));
        Writer { queue }
    }

    /// Queues a command and waits for its turn on the write connection. The returned [`Commit`]
    /// tells when the command's batch is committed.
    pub async fn turn(&self) -> Result<(Turn, Commit), StoreError> {
        let (lend, lent) = oneshot::channel();
        let (done, done_rx) = oneshot::channel();
        if self.queue.send(Request { lend, done }).is_err() {
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
    pub fn conn(&mut self) -> &mut SqliteConnection {
        self.conn.as_mut().expect("a turn holds the connection until it is finished")
    }

    /// Ends the command's turn: its writes are kept (`keep`) or rolled back to its savepoint.
    pub fn finish(mut self, keep: bool) {
        self.give_back(keep);
    }

    fn give_back(&mut self, keep: bool) {
        if let (Some(conn), Some(back)) = (self.conn.take(), self.back.take())
            && let Err(Back { mut conn, .. }) = back.send(Back { conn, keep })
        {
            // The writer is gone (runtime shutting down): never let a connection inside an open
            // transaction go back to the pool.
            conn.close_on_drop();
        }
    }
}

impl Drop for Turn {
    fn drop(&mut self) {
        self.give_back(false);
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
/// The transaction and savepoint statements are sent as raw SQL, two at a time where they
/// follow each other (`BEGIN IMMEDIATE; SAVEPOINT`, `RELEASE; SAVEPOINT`, `RELEASE; COMMIT`), so a
/// batch of one command costs no more round trips to SQLite's thread than a plain transaction.
/// The connection never leaves the writer's hands inside a transaction except lent to a
/// [`Turn`], which always gives it back; on any failure the writer rolls back and closes it.
async fn run(pool: SqlitePool, mut queue: mpsc::UnboundedReceiver<Request>) {
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
        let mut failure = sqlx::raw_sql("BEGIN IMMEDIATE; SAVEPOINT command").execute(&mut *conn).await.err();
        let mut next = Some(first);
        while let Some(req) = next.take() {
            members.push(req.done);
            if failure.is_some() {
                break;
            }
            let (back, back_rx) = oneshot::channel();
            // If the command was cancelled before its turn, the refused `Turn` is dropped here and
            // its `Drop` sends the connection straight back, unkept.
            let _ = req.lend.send(Turn { conn: Some(conn), back: Some(back) });
            let keep;
            Back { conn, keep } = back_rx.await.expect("a turn always gives the connection back");
            if members.len() < MAX_BATCH {
                next = queue.try_recv().ok();
            }
            let sql = match (keep, next.is_some()) {
                (true, true) => "RELEASE command; SAVEPOINT command",
                (false, true) => "ROLLBACK TO command; RELEASE command; SAVEPOINT command",
                (true, false) => "RELEASE command; COMMIT",
                (false, false) => "ROLLBACK TO command; RELEASE command; COMMIT",
            };
            failure = sqlx::raw_sql(sql).execute(&mut *conn).await.err();
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
        for done in members {
            let _ = done.send(outcome.clone());
        }
    }
}

#[cfg(test)]
mod tests {
    use sqlx::sqlite::{SqliteConnectOptions, SqlitePoolOptions};

    use super::super::{Durability, Store, game_get, layout_get, layout_save, request_get, request_put};

    async fn store(opts: SqliteConnectOptions) -> Store {
        Store::connect(opts, Durability::Normal).await.expect("open store")
    }

    /// Runs one command's turn: saves a layout, keeps or rolls back its savepoint, and returns its
    /// commit outcome.
    async fn save(s: &Store, name: &str, keep: bool) -> Result<(), super::StoreError> {
        let (mut turn, commit) = s.turn().await?;
        layout_save(turn.conn(), "alice", name, "x").await?;
        turn.finish(keep);
        commit.wait().await
    }

    #[sqlx::test(migrations = false)]
    async fn queued_commands_commit_together_and_a_failing_one_rolls_back_alone(
        _p: SqlitePoolOptions,
        o: SqliteConnectOptions,
    ) {
        let s = store(o).await;
        // Queued at once (one task polls them in order), so they share batches.
        let (a, b, c) = tokio::join!(save(&s, "a", true), save(&s, "b", false), save(&s, "c", true));
        a.unwrap();
        b.unwrap();
        c.unwrap();
        let mut conn = s.conn().await.unwrap();
        assert_eq!(layout_get(&mut conn, "alice", "a").await.unwrap().as_deref(), Some("x"));
        assert_eq!(layout_get(&mut conn, "alice", "b").await.unwrap(), None);
        assert_eq!(layout_get(&mut conn, "alice", "c").await.unwrap().as_deref(), Some("x"));
    }

    #[sqlx::test(migrations = false)]
    async fn a_later_command_of_the_batch_sees_an_earlier_ones_writes(_p: SqlitePoolOptions, o: SqliteConnectOptions) {
        let s = store(o).await;
        let first = async {
            let (mut turn, commit) = s.turn().await.unwrap();
            request_put(turn.conn(), "r1", "alice", "[]", 1).await.unwrap();
            turn.finish(true);
            commit.wait().await.unwrap();
        };
        let second = async {
            let (mut turn, commit) = s.turn().await.unwrap();
            // Not committed yet, but earlier in the same transaction: a repeat finds it.
            let seen = request_get(turn.conn(), "r1").await.unwrap();
            turn.finish(true);
            commit.wait().await.unwrap();
            seen
        };
        let ((), seen) = tokio::join!(first, second);
        assert_eq!(seen.as_deref(), Some("[]"));
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
        assert_eq!(layout_get(&mut conn, "alice", "good").await.unwrap(), None);
        // The writer goes on with the next batch.
        save(&s, "after", true).await.unwrap();
        assert_eq!(layout_get(&mut conn, "alice", "after").await.unwrap().as_deref(), Some("x"));
        assert!(game_get(&mut conn, 999).await.unwrap().is_none());
    }

    #[sqlx::test(migrations = false)]
    async fn a_dropped_turn_rolls_back_and_begin_still_works(_p: SqlitePoolOptions, o: SqliteConnectOptions) {
        let s = store(o).await;
        {
            let (mut turn, _commit) = s.turn().await.unwrap();
            layout_save(turn.conn(), "alice", "lost", "x").await.unwrap();
            // Dropped: a cancelled command gives the transaction back, rolled back.
        }
        save(&s, "kept", true).await.unwrap();
        // Plain transactions wait for the batch to give the connection back.
        let mut tx = s.begin().await.unwrap();
        layout_save(&mut tx, "alice", "plain", "x").await.unwrap();
        tx.commit().await.unwrap();
        let mut conn = s.conn().await.unwrap();
        assert_eq!(layout_get(&mut conn, "alice", "lost").await.unwrap(), None);
        assert!(layout_get(&mut conn, "alice", "kept").await.unwrap().is_some());
        assert!(layout_get(&mut conn, "alice", "plain").await.unwrap().is_some());
    }
}
