//! Each seat's time left on a total-time clock (migration 0011, `seat_clocks`).

use super::StoreError;
use super::dialect::{Conn, query, query_scalar};

/// A seat's seconds left as its last turn ended, if it has taken a turn yet.
pub async fn seat_clock_get(conn: &mut Conn, game_id: i64, seat: i64) -> Result<Option<i64>, StoreError> {
    Ok(query_scalar::<i64>(&*conn, "SELECT left_secs FROM seat_clocks WHERE game_id = ? AND seat = ?")
        .bind(game_id)
        .bind(seat)
        .fetch_optional(conn)
        .await?)
}

/// Stores a seat's seconds left.
pub async fn seat_clock_set(conn: &mut Conn, game_id: i64, seat: i64, left: i64) -> Result<(), StoreError> {
    query(
        &*conn,
        "INSERT INTO seat_clocks (game_id, seat, left_secs) VALUES (?, ?, ?)
         ON CONFLICT (game_id, seat) DO UPDATE SET left_secs = excluded.left_secs",
    )
    .bind(game_id)
    .bind(seat)
    .bind(left)
    .execute(conn)
    .await?;
    Ok(())
}
