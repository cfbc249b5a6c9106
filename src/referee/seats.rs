//! Who sits where in a game, for any number of seats: read from the `game_seats` rows that come
//! with its row (see [`crate::store::seats::Seats`]).

use super::{GameId, Mistake, Referee, RefereeError, corrupt, lifecycle};
use crate::rules::Seat;
use crate::store::{self, GameRow, StoreError};

/// The players of a game by seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Seating {
    users: Vec<Option<String>>,
}

impl Seating {
    /// The seats of a game, as many as its kind and options give it.
    pub(super) fn load(row: &GameRow) -> Result<Seating, StoreError> {
        let n = lifecycle::hosts(&row.variant).map_or(2, |def| lifecycle::seat_count(def, row));
        if let Some((seat, _)) = row.seats.taken().find(|&(s, _)| s >= n) {
            return Err(corrupt("game_seats", row.id, format!("seat {seat} of a {n}-seat game")));
        }
        Ok(Seating { users: row.seats.to_vec(n) })
    }

    /// The player of a seat (`?` while it is free).
    pub(super) fn user(&self, seat: Seat) -> &str {
        self.users.get(seat.index()).and_then(|u| u.as_deref()).unwrap_or("?")
    }

    /// The seat a user holds.
    pub(super) fn seat_of(&self, user: &str) -> Option<Seat> {
        self.users.iter().position(|u| u.as_deref() == Some(user)).map(|i| Seat(i as u8))
    }
}

impl Referee {
    /// Who sits in each seat of a game (`None` for a free seat), for the adapters' panels.
    pub async fn seat_users(&self, game: GameId) -> Result<Vec<Option<String>>, RefereeError> {
        let mut c = self.store.conn().await?;
        let row = store::game_get(&mut c, game)
            .await?
            .ok_or_else(|| RefereeError::Rejected { mistake: Mistake::UnknownGame(game), message: String::new() })?;
        Ok(Seating::load(&row)?.users)
    }
}
