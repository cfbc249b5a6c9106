//! Deployments: each seat's setup string, replaceable until the game begins (so kept apart from
//! `game_secrets`).

use super::dialect::{query, query_as};
use super::{Conn, StoreError};

/// A stored deployment.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct DeploymentRow {
    /// The game.
    pub game_id: i64,
    /// The seat.
    pub seat: i64,
    /// The owner.
    pub user_id: String,
    /// The normalised setup string.
    pub setup: String,
}

/// Stores (or replaces) a seat's deployment.
pub async fn deployment_put(conn: &mut Conn, d: &DeploymentRow) -> Result<(), StoreError> {
    query(
        &*conn,
        "INSERT INTO deployments (game_id, seat, user_id, setup) VALUES (?, ?, ?, ?)
         ON CONFLICT(game_id, seat) DO UPDATE SET user_id = excluded.user_id, setup = excluded.setup",
    )
    .bind(d.game_id)
    .bind(d.seat)
    .bind(&d.user_id)
    .bind(&d.setup)
    .execute(conn)
    .await?;
    Ok(())
}

/// A game's deployments, by seat.
pub async fn deployments_get(conn: &mut Conn, game_id: i64) -> Result<Vec<DeploymentRow>, StoreError> {
    Ok(query_as::<DeploymentRow>(
        &*conn,
        "SELECT game_id, seat, user_id, setup FROM deployments WHERE game_id = ? ORDER BY seat",
    )
    .bind(game_id)
    .fetch_all(conn)
    .await?)
}
