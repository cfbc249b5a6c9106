//! The durable outbox (migration 0010): every effect the referee produces is stored in the same
//! transaction as the state change that caused it, and deleted once the adapter has delivered it.
//! What is still here at start (or after an adapter fault) was committed but maybe not delivered,
//! and is delivered again, in id order, which is commit order and so the order per game.

use super::StoreError;
use super::dialect::{Conn, query, query_as};

/// The statement of a command's row (anonymous parameters: game, user, request, effects, at).
pub(super) const OUTBOX_PUT_REQUEST: &str =
    "INSERT INTO outbox (game_id, user_id, request_id, effects, at) VALUES (?, ?, ?, ?, ?)";

/// One committed delivery not yet confirmed by the adapter.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct OutboxRow {
    /// Its place in commit order.
    pub id: i64,
    /// The game the effects concern, if one.
    pub game_id: Option<i64>,
    /// The user whose command made it (None: the clock).
    pub user_id: Option<String>,
    /// That command's request id.
    pub request_id: Option<String>,
    /// The effects (JSON, the referee's `Vec<Effect>`).
    pub effects: String,
    /// When it was committed (the referee's clock).
    pub at: i64,
}

/// Stores the effects of something the clock did (no request), inside its transaction; returns
/// the row's id.
pub async fn outbox_put(conn: &mut Conn, game_id: Option<i64>, effects: &str, at: i64) -> Result<i64, StoreError> {
    let (id,): (i64,) = query_as(&*conn, "INSERT INTO outbox (game_id, effects, at) VALUES (?, ?, ?) RETURNING id")
        .bind(game_id)
        .bind(effects)
        .bind(at)
        .fetch_one(conn)
        .await?;
    Ok(id)
}

/// Stores the effects of a command, keyed by its user and request id, inside its transaction.
pub async fn outbox_put_request(
    conn: &mut Conn,
    game_id: Option<i64>,
    user_id: &str,
    request_id: &str,
    effects: &str,
    at: i64,
) -> Result<(), StoreError> {
    query(&*conn, OUTBOX_PUT_REQUEST)
        .bind(game_id)
        .bind(user_id)
        .bind(request_id)
        .bind(effects)
        .bind(at)
        .execute(conn)
        .await?;
    Ok(())
}

/// The rows not yet delivered, in commit order: every row the clock made, and the rows of
/// commands committed before `commands_before` (a command's own adapter delivers its row; one
/// left behind that long was lost by a fault). `i64::MAX` takes them all (at start).
pub async fn outbox_pending(conn: &mut Conn, commands_before: i64) -> Result<Vec<OutboxRow>, StoreError> {
    Ok(query_as::<OutboxRow>(
        &*conn,
        "SELECT id, game_id, user_id, request_id, effects, at FROM outbox
         WHERE request_id IS NULL OR at < ? ORDER BY id",
    )
    .bind(commands_before)
    .fetch_all(conn)
    .await?)
}

/// Forgets a delivered row of the clock. Deleting a row already gone is not an error: two
/// deliveries of the same row are one as the user sees it (see the delivery key).
pub async fn outbox_done(conn: &mut Conn, id: i64) -> Result<(), StoreError> {
    query(&*conn, "DELETE FROM outbox WHERE id = ?").bind(id).execute(conn).await?;
    Ok(())
}

/// Forgets the delivered row of a command.
pub async fn outbox_done_request(conn: &mut Conn, user_id: &str, request_id: &str) -> Result<(), StoreError> {
    query(&*conn, "DELETE FROM outbox WHERE user_id = ? AND request_id = ?")
        .bind(user_id)
        .bind(request_id)
        .execute(conn)
        .await?;
    Ok(())
}
