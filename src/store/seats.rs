//! Seats of games with more than two players and the visibility modes `games.mode` cannot hold
//! (`migrations/0004_seats.sql`). Two-seat games keep their players in `games.red`/`games.blue`.

use sqlx::sqlite::SqliteConnection;

use super::StoreError;

/// The taken seats of a game as `(seat, user)`, by seat.
pub async fn seats_get(conn: &mut SqliteConnection, game_id: i64) -> Result<Vec<(i64, String)>, StoreError> {
    Ok(sqlx::query_as::<_, (i64, String)>("SELECT seat, user_id FROM game_seats WHERE game_id = ? ORDER BY seat")
        .bind(game_id)
        .fetch_all(conn)
        .await?)
}

/// Seats a user. The caller checks that the seat is free and the user not yet seated; the table's
/// keys refuse both anyway.
pub async fn seat_put(conn: &mut SqliteConnection, game_id: i64, seat: i64, user: &str) -> Result<(), StoreError> {
    sqlx::query("INSERT INTO game_seats (game_id, seat, user_id) VALUES (?, ?, ?)")
        .bind(game_id)
        .bind(seat)
        .bind(user)
        .execute(conn)
        .await?;
    Ok(())
}

/// Frees a seat (a player leaving a game that has not started).
pub async fn seat_delete(conn: &mut SqliteConnection, game_id: i64, seat: i64) -> Result<(), StoreError> {
    sqlx::query("DELETE FROM game_seats WHERE game_id = ? AND seat = ?").bind(game_id).bind(seat).execute(conn).await?;
    Ok(())
}

/// The mode stored beside `games.mode` (`partners`), if any.
pub async fn mode_get(conn: &mut SqliteConnection, game_id: i64) -> Result<Option<String>, StoreError> {
    Ok(sqlx::query_scalar::<_, String>("SELECT mode FROM game_modes WHERE game_id = ?")
        .bind(game_id)
        .fetch_optional(conn)
        .await?)
}

/// Stores a game's mode beside `games.mode`.
pub async fn mode_put(conn: &mut SqliteConnection, game_id: i64, mode: &str) -> Result<(), StoreError> {
    sqlx::query("INSERT INTO game_modes (game_id, mode) VALUES (?, ?)").bind(game_id).bind(mode).execute(conn).await?;
    Ok(())
}
