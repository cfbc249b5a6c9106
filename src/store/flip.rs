//! The secret of a 翻棋 game: the seed, the deal it gives and the commitment posted at the start,
//! kept as the game-wide `deal` row of `game_secrets` (migration 0007; 0005's `flip_games` before).
//! The referee reads it to rebuild the game and publishes it at the end.

use super::StoreError;
use super::dialect::{Conn, query, query_as};

/// A flip game's deal, as stored.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct FlipRow {
    /// The game.
    pub game_id: i64,
    /// The shuffle that derives the deal from the seed (`fy-chacha20/1`).
    pub shuffle: String,
    /// The seed, 64 lower-case hex digits.
    pub seed: String,
    /// The commitment: hex SHA-256 of `<seed hex>:<deal>`.
    pub commitment: String,
    /// The deal: 50 piece letters (red lower case, blue upper case) in deal order.
    pub deal: String,
}

/// Stores a game's deal (once: the table's triggers refuse updates and deletes of deals).
pub async fn flip_insert(conn: &mut Conn, row: &FlipRow) -> Result<(), StoreError> {
    query(
        &*conn,
        "INSERT INTO game_secrets (game_id, seat, kind, body, shuffle, seed, commitment)
         VALUES (?, NULL, 'deal', ?, ?, ?, ?)",
    )
    .bind(row.game_id)
    .bind(&row.deal)
    .bind(&row.shuffle)
    .bind(&row.seed)
    .bind(&row.commitment)
    .execute(conn)
    .await?;
    Ok(())
}

/// A game's deal, if it has one.
pub async fn flip_get(conn: &mut Conn, game_id: i64) -> Result<Option<FlipRow>, StoreError> {
    // The CHECK of a 'deal' row makes shuffle, seed and commitment non-NULL.
    Ok(query_as::<FlipRow>(
        &*conn,
        "SELECT game_id, shuffle, seed, commitment, body AS deal FROM game_secrets
         WHERE game_id = ? AND kind = 'deal' AND seat IS NULL",
    )
    .bind(game_id)
    .fetch_optional(conn)
    .await?)
}
