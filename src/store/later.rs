//! Writes held back until the end of a command and then sent to the database in one round trip
//! (SQLite; PostgreSQL takes one statement with arguments at a time, so there they go one by one).
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
use sqlx::any::AnyArguments;

use super::dialect::{Backend, Conn};
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
    /// The statements (SQLite's words) with their arguments, in order.
    statements: Vec<(&'static str, Vec<Val>)>,
}

/// One argument of a held-back statement: the writes held back bind integers and text only.
#[derive(Debug, Clone)]
enum Val {
    Int(Option<i64>),
    Text(Option<String>),
}

impl From<i64> for Val {
    fn from(v: i64) -> Val {
        Val::Int(Some(v))
    }
}

impl From<Option<i64>> for Val {
    fn from(v: Option<i64>) -> Val {
        Val::Int(v)
    }
}

impl From<String> for Val {
    fn from(v: String) -> Val {
        Val::Text(Some(v))
    }
}

impl From<Option<String>> for Val {
    fn from(v: Option<String>) -> Val {
        Val::Text(v)
    }
}

/// Adds `vals` to `args`; encoding text and integers cannot fail.
fn bind_all(args: &mut AnyArguments, vals: Vec<Val>) {
    for v in vals {
        match v {
            Val::Int(i) => args.add(i),
            Val::Text(t) => args.add(t),
        }
        .expect("text and integers always encode");
    }
}

impl std::fmt::Debug for Later {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let sql: Vec<&str> = self.statements.iter().map(|s| s.0).collect();
        f.debug_struct("Later").field("sql", &sql).finish()
    }
}

/// Adds values to a held-back statement's arguments.
macro_rules! add {
    ($args:expr, $($v:expr),+ $(,)?) => {
        $( $args.push(Val::from($v)); )+
    };
}

impl Later {
    /// Whether nothing is pending.
    pub fn is_empty(&self) -> bool {
        self.statements.is_empty()
    }

    fn statement(&mut self, sql: &'static str) -> &mut Vec<Val> {
        self.statements.push((sql, Vec::new()));
        &mut self.statements.last_mut().expect("just pushed").1
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

    /// The pending statements as one multi-statement query and its arguments (SQLite binds them
    /// to the statements in order), for the batch writer to send with its own.
    pub(super) fn joined(self) -> (String, AnyArguments) {
        let mut sql = String::new();
        let mut args = AnyArguments::default();
        for (text, vals) in self.statements {
            if !sql.is_empty() {
                sql.push_str(";\n");
            }
            sql.push_str(text);
            bind_all(&mut args, vals);
        }
        (sql, args)
    }

    /// Sends every pending write (nothing if none is pending): in one round trip on SQLite, one
    /// statement after the other on PostgreSQL. On an error the statements before the failing
    /// one have run: the caller's savepoint must be rolled back, as for any failed command.
    pub async fn flush(&mut self, conn: &mut Conn) -> Result<(), StoreError> {
        if self.statements.is_empty() {
            return Ok(());
        }
        let later = std::mem::take(self);
        later.send(conn).await?;
        Ok(())
    }

    /// Sends the statements on `conn` (see [`Later::flush`]).
    pub(super) async fn send(self, conn: &mut Conn) -> Result<(), sqlx::Error> {
        match Backend::of(conn) {
            Backend::Sqlite => {
                let (sql, args) = self.joined();
                sqlx::query_with(sqlx::AssertSqlSafe(sql), args).execute(conn).await?;
            }
            Backend::Postgres => {
                for (sql, vals) in self.statements {
                    let mut args = AnyArguments::default();
                    bind_all(&mut args, vals);
                    sqlx::query_with(sqlx::AssertSqlSafe(Backend::Postgres.sql(sql)), args).execute(&mut *conn).await?;
                }
            }
        }
        Ok(())
    }
}
