//! Who sits where in every game (`game_seats`, `migrations/sqlite/0004_seats.sql`; since 0007 for two-seat
//! games too: seat 0 is Red / South / 翻棋 P1, seat 1 Blue / North / P2), and `game_modes`, where
//! `partners` lived while `games.mode` could not hold it (until 0008). Since 0008 `games.mode`
//! holds any mode key; [`mode_put`] still writes both until the referee reads `games.mode` alone.

use super::dialect::{Conn, query, query_as, query_scalar};
use super::{GameRow, StoreError};

/// The players of a game by seat number, as `game_seats` holds them. It rides on [`GameRow`]
/// (every game query reads it in the same statement, see [`SEATS_COLUMN`]), so a move, which
/// works from the cached row, needs no read of the seats.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Seats(Vec<Option<String>>);

/// The `seats` column of every game query: the game's `game_seats` rows as a JSON array of
/// `[seat, user]` pairs (`[]` when nobody is seated), decoded by [`Seats`]'s `TryFrom<String>`.
pub(super) const SEATS_COLUMN: &str =
    "(SELECT json_group_array(json_array(seat, user_id)) FROM game_seats WHERE game_id = games.id) AS seats";

impl Seats {
    /// Seats 0 and 1 as given (a two-seat game: Red and Blue, or 翻棋's P1 and P2).
    pub fn two(first: Option<String>, second: Option<String>) -> Seats {
        let mut s = Seats::default();
        s.set(0, first);
        s.set(1, second);
        s
    }

    /// The player of a seat, if taken.
    pub fn user(&self, seat: usize) -> Option<&str> {
        self.0.get(seat).and_then(|u| u.as_deref())
    }

    /// The seat a user holds.
    pub fn seat_of(&self, user: &str) -> Option<usize> {
        self.0.iter().position(|u| u.as_deref() == Some(user))
    }

    /// Sets (or frees, with `None`) a seat in memory; [`seat_put`] / [`seat_delete`] store it.
    pub fn set(&mut self, seat: usize, user: Option<String>) {
        if self.0.len() <= seat {
            self.0.resize(seat + 1, None);
        }
        self.0[seat] = user;
        while self.0.last().is_some_and(Option::is_none) {
            self.0.pop();
        }
    }

    /// The seats `0..n`, `None` where free (and for any seat beyond what is taken).
    pub fn to_vec(&self, n: usize) -> Vec<Option<String>> {
        (0..n).map(|i| self.user(i).map(str::to_string)).collect()
    }

    /// The taken seats as `(seat, user)`, by seat.
    pub fn taken(&self) -> impl Iterator<Item = (usize, &str)> + '_ {
        self.0.iter().enumerate().filter_map(|(i, u)| u.as_deref().map(|u| (i, u)))
    }
}

/// Why a `seats` column could not be read (only a hand-edited database gets here).
#[derive(Debug, thiserror::Error)]
#[error("bad seats column {0:?}")]
pub struct BadSeats(String);

impl TryFrom<String> for Seats {
    type Error = BadSeats;

    fn try_from(text: String) -> Result<Seats, BadSeats> {
        let pairs: Vec<(u8, String)> = serde_json::from_str(&text).map_err(|_| BadSeats(text.clone()))?;
        let mut s = Seats::default();
        for (seat, user) in pairs {
            s.set(usize::from(seat), Some(user));
        }
        Ok(s)
    }
}

/// The taken seats of a game as `(seat, user)`, by seat.
pub async fn seats_get(conn: &mut Conn, game_id: i64) -> Result<Vec<(i64, String)>, StoreError> {
    Ok(query_as::<(i64, String)>(&*conn, "SELECT seat, user_id FROM game_seats WHERE game_id = ? ORDER BY seat")
        .bind(game_id)
        .fetch_all(conn)
        .await?)
}

/// Seats a user, in the store and in `row`. The caller checks that the seat is free and the user
/// not yet seated; the table's keys refuse both anyway.
pub async fn seat_put(conn: &mut Conn, row: &mut GameRow, seat: usize, user: &str) -> Result<(), StoreError> {
    seat_insert(conn, row.id, seat, user).await?;
    row.seats.set(seat, Some(user.to_string()));
    Ok(())
}

/// The insert behind [`seat_put`] and [`super::game_insert`].
pub(super) async fn seat_insert(conn: &mut Conn, game_id: i64, seat: usize, user: &str) -> Result<(), StoreError> {
    query(&*conn, "INSERT INTO game_seats (game_id, seat, user_id) VALUES (?, ?, ?)")
        .bind(game_id)
        .bind(seat as i64)
        .bind(user)
        .execute(conn)
        .await?;
    Ok(())
}

/// Frees a seat (a player leaving a game that has not started), in the store and in `row`.
pub async fn seat_delete(conn: &mut Conn, row: &mut GameRow, seat: usize) -> Result<(), StoreError> {
    query(&*conn, "DELETE FROM game_seats WHERE game_id = ? AND seat = ?")
        .bind(row.id)
        .bind(seat as i64)
        .execute(conn)
        .await?;
    row.seats.set(seat, None);
    Ok(())
}

/// The mode stored beside `games.mode` in `game_modes` (`partners`), if any. Since 0008 it equals
/// `games.mode` wherever it exists (the migration copied it there, [`mode_put`] writes both).
pub async fn mode_get(conn: &mut Conn, game_id: i64) -> Result<Option<String>, StoreError> {
    Ok(query_scalar::<String>(&*conn, "SELECT mode FROM game_modes WHERE game_id = ?")
        .bind(game_id)
        .fetch_optional(conn)
        .await?)
}

/// Stores a game's mode (`partners`) in `game_modes` and, since 0008, in `games.mode` too, which
/// then holds it in place of the `dark` written before 0008 could widen its CHECK. Both copies
/// are kept until the referee reads `games.mode` alone; then `game_modes` can go.
pub async fn mode_put(conn: &mut Conn, game_id: i64, mode: &str) -> Result<(), StoreError> {
    query(&*conn, "INSERT INTO game_modes (game_id, mode) VALUES (?, ?)")
        .bind(game_id)
        .bind(mode)
        .execute(&mut *conn)
        .await?;
    // game_modes' foreign key has just checked that the game exists.
    query(&*conn, "UPDATE games SET mode = ? WHERE id = ?").bind(mode).bind(game_id).execute(conn).await?;
    Ok(())
}
