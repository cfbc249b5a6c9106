//! Writes held back until the end of a command and then sent to SQLite in one round trip.
//!
//! Why: every statement is a hand-off to sqlx's SQLite thread and back (two thread wake-ups),
//! and on a busy server those hand-offs, not SQLite's own work, were most of a move's cost. A
//! move writes four rows (event, game, deadline, request id) and reads none of them back, so its
//! writes are collected here and handed to the batch writer ([`super::batch::Turn::finish_with`]),
//! which sends them in the same multi-statement query that closes the command's savepoint (sqlx
//! binds the arguments to the statements in order).
//!
//! The rule that keeps this correct: a command must [`Later::flush`] before it reads any table it
//! has pending writes to. The referee only defers writes on the path of a move that does not end
//! the game, where nothing after them reads those tables, and flushes before anything else.

use sqlx::Arguments;
use sqlx::sqlite::{SqliteArguments, SqliteConnection};

use super::{DeadlineRow, GameRow, StoreError};

/// The statement of [`super::event_append`] (anonymous parameters: game, game, kind, seat, body, at).
const EVENT_INSERT: &str = event_insert!();
/// The statement of [`super::game_update`].
pub(super) const GAME_UPDATE: &str =
    "UPDATE games SET status = ?, first_seat = ?, draw_offer = ?, result = ?, updated_at = ?
     WHERE id = ?";
/// The statement of [`super::deadline_set`].
pub(super) const DEADLINE_SET: &str =
    "INSERT INTO deadlines (game_id, kind, seat, due_at, remind_at, remaining) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT(game_id) DO UPDATE SET kind = excluded.kind, seat = excluded.seat, due_at = excluded.due_at,
         remind_at = excluded.remind_at, remaining = excluded.remaining";
/// The statement of [`super::request_put`].
pub(super) const REQUEST_PUT: &str = "INSERT INTO requests (request_id, user_id, effects, at) VALUES (?, ?, ?, ?)";

/// Writes collected during one command, not yet sent.
#[derive(Default)]
pub struct Later {
    sql: String,
    args: SqliteArguments,
}

impl std::fmt::Debug for Later {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Later").field("sql", &self.sql).field("args", &self.args.len()).finish()
    }
}

/// Adds values to the arguments; encoding strings and integers cannot fail.
macro_rules! add {
    ($args:expr, $($v:expr),+ $(,)?) => {
        $( $args.add($v).expect("text and integers always encode"); )+
    };
}

impl Later {
    /// Whether nothing is pending.
    pub fn is_empty(&self) -> bool {
        self.sql.is_empty()
    }

    fn statement(&mut self, sql: &str) -> &mut SqliteArguments {
        if !self.sql.is_empty() {
            self.sql.push_str(";\n");
        }
        self.sql.push_str(sql);
        &mut self.args
    }

    /// [`super::event_append`], held back.
    pub fn event_append(&mut self, game_id: i64, kind: &str, seat: Option<i64>, body: &str, at: i64) {
        let a = self.statement(EVENT_INSERT);
        add!(a, game_id, game_id, kind.to_string(), seat, body.to_string(), at);
    }

    /// [`super::game_update`], held back. Unlike it, a missing game row is not noticed; the
    /// referee defers this only for a game it has just read or cached.
    pub fn game_update(&mut self, g: &GameRow) {
        let a = self.statement(GAME_UPDATE);
        add!(a, g.status.clone(), g.first_seat, g.draw_offer, g.result.clone());
        add!(a, g.updated_at, g.id);
    }

    /// [`super::deadline_set`], held back.
    pub fn deadline_set(&mut self, d: &DeadlineRow) {
        let a = self.statement(DEADLINE_SET);
        add!(a, d.game_id, d.kind.clone(), d.seat, d.due_at, d.remind_at, d.remaining);
    }

    /// [`super::request_put`], held back.
    pub fn request_put(&mut self, request_id: &str, user_id: &str, effects: &str, at: i64) {
        let a = self.statement(REQUEST_PUT);
        add!(a, request_id.to_string(), user_id.to_string(), effects.to_string(), at);
    }

    /// [`super::outbox_put_request`], held back: a command's effects go to the outbox in the
    /// same round trip as its request id.
    pub fn outbox_put_request(
        &mut self,
        game_id: Option<i64>,
        user_id: &str,
        request_id: &str,
        effects: &str,
        at: i64,
    ) {
        let a = self.statement(super::outbox::OUTBOX_PUT_REQUEST);
        add!(a, game_id, user_id.to_string(), request_id.to_string(), effects.to_string(), at);
    }

    /// The pending statements and their arguments, for the batch writer to send with its own.
    pub(super) fn into_parts(self) -> (String, SqliteArguments) {
        (self.sql, self.args)
    }

    /// Sends every pending write in one round trip (nothing if none is pending). On an error
    /// the statements before the failing one have run: the caller's savepoint must be rolled
    /// back, as for any failed command.
    pub async fn flush(&mut self, conn: &mut SqliteConnection) -> Result<(), StoreError> {
        if self.sql.is_empty() {
            return Ok(());
        }
        let sql = std::mem::take(&mut self.sql);
        let args = std::mem::take(&mut self.args);
        sqlx::query_with(sqlx::AssertSqlSafe(sql), args).execute(conn).await?;
        Ok(())
    }
}
