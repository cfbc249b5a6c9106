//! Game deadlines: the one pending deadline of each game (a challenge's expiry or the move of a
//! seat), its reminder, and their claim by the referee that applies them.

use super::dialect::{query, query_as};
use super::{Conn, StoreError, later};

/// A game's pending deadline.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct DeadlineRow {
    /// The game.
    pub game_id: i64,
    /// `challenge` or `move`.
    pub kind: String,
    /// The seat that must move (for `move`).
    pub seat: Option<i64>,
    /// When it passes; None while paused.
    pub due_at: Option<i64>,
    /// When to remind; None once reminded (or paused).
    pub remind_at: Option<i64>,
    /// Seconds left while paused.
    pub remaining: Option<i64>,
}

/// Sets (or replaces) a game's deadline.
pub async fn deadline_set(conn: &mut Conn, d: &DeadlineRow) -> Result<(), StoreError> {
    query(&*conn, later::DEADLINE_SET)
        .bind(d.game_id)
        .bind(&d.kind)
        .bind(d.seat)
        .bind(d.due_at)
        .bind(d.remind_at)
        .bind(d.remaining)
        .execute(conn)
        .await?;
    Ok(())
}

/// A game's deadline.
pub async fn deadline_get(conn: &mut Conn, game_id: i64) -> Result<Option<DeadlineRow>, StoreError> {
    Ok(query_as::<DeadlineRow>(
        &*conn,
        "SELECT game_id, kind, seat, due_at, remind_at, remaining FROM deadlines WHERE game_id = ?",
    )
    .bind(game_id)
    .fetch_optional(conn)
    .await?)
}

/// Removes a game's deadline; whether there was one.
pub async fn deadline_clear(conn: &mut Conn, game_id: i64) -> Result<bool, StoreError> {
    let r = query(&*conn, "DELETE FROM deadlines WHERE game_id = ?").bind(game_id).execute(conn).await?;
    Ok(r.rows_affected() > 0)
}

/// Removes the deadline `d` as it was read, to apply it: whether this transaction claimed it.
/// A deadline another process claimed meanwhile, or replaced with a new one, is not touched
/// (on PostgreSQL a concurrent claim waits for the first to commit, then finds no row).
pub async fn deadline_claim(conn: &mut Conn, d: &DeadlineRow) -> Result<bool, StoreError> {
    let r = query(&*conn, "DELETE FROM deadlines WHERE game_id = ? AND kind = ? AND due_at = ?")
        .bind(d.game_id)
        .bind(d.kind.clone())
        .bind(d.due_at)
        .execute(conn)
        .await?;
    Ok(r.rows_affected() > 0)
}

/// Deadlines that passed at or before `now`, in the order they passed (ties by game id).
pub async fn deadlines_due(conn: &mut Conn, now: i64) -> Result<Vec<DeadlineRow>, StoreError> {
    Ok(query_as::<DeadlineRow>(
        &*conn,
        "SELECT game_id, kind, seat, due_at, remind_at, remaining FROM deadlines
         WHERE due_at IS NOT NULL AND due_at <= ? ORDER BY due_at, game_id",
    )
    .bind(now)
    .fetch_all(conn)
    .await?)
}

/// Deadlines whose reminder time passed at or before `now` (and that are not yet due).
pub async fn reminders_due(conn: &mut Conn, now: i64) -> Result<Vec<DeadlineRow>, StoreError> {
    Ok(query_as::<DeadlineRow>(
        &*conn,
        "SELECT game_id, kind, seat, due_at, remind_at, remaining FROM deadlines
         WHERE remind_at IS NOT NULL AND remind_at <= ?1 AND (due_at IS NULL OR due_at > ?1)
         ORDER BY remind_at, game_id",
    )
    .bind(now)
    .fetch_all(conn)
    .await?)
}

/// The earliest pending deadline or reminder time, for the adapter's timer.
pub async fn next_wakeup(conn: &mut Conn) -> Result<Option<i64>, StoreError> {
    let row: (Option<i64>,) = query_as(
        &*conn,
        "SELECT MIN(t) FROM (SELECT MIN(due_at) AS t FROM deadlines UNION ALL SELECT MIN(remind_at) FROM deadlines
         UNION ALL SELECT MIN(vacation_until) FROM users) AS times",
    )
    .fetch_one(conn)
    .await?;
    Ok(row.0)
}
