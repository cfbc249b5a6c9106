//! The secret of a 翻棋 game (migration 0005): the seed, the deal it gives and the commitment
//! posted at the start. The referee reads it to rebuild the game and publishes it at the end.

use sqlx::sqlite::SqliteConnection;

use super::StoreError;

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

/// Stores a game's deal (once: the table refuses updates).
pub async fn flip_insert(conn: &mut SqliteConnection, row: &FlipRow) -> Result<(), StoreError> {
    sqlx::query("INSERT INTO flip_games (game_id, shuffle, seed, commitment, deal) VALUES (?, ?, ?, ?, ?)")
        .bind(row.game_id)
        .bind(&row.shuffle)
        .bind(&row.seed)
        .bind(&row.commitment)
        .bind(&row.deal)
        .execute(conn)
        .await?;
    Ok(())
}

/// A game's deal, if it has one.
pub async fn flip_get(conn: &mut SqliteConnection, game_id: i64) -> Result<Option<FlipRow>, StoreError> {
    Ok(sqlx::query_as::<_, FlipRow>(
        "SELECT game_id, shuffle, seed, commitment, deal FROM flip_games WHERE game_id = ?",
    )
    .bind(game_id)
    .fetch_optional(conn)
    .await?)
}
