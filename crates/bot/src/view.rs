//! What the bot is given: one seat's picture and the plies as that seat was told them. Nothing
//! else reaches the bot, and neither part can carry an enemy's hidden identity.

use junqi_rules::Seat;
use junqi_rules::contract::{Audience, Picture, PublicPly};

/// A seat's view of a game in progress: its own picture and its history of plies.
#[derive(Clone, Copy, Debug)]
pub struct SeatView<'a> {
    seat: Seat,
    picture: &'a Picture,
    plies: &'a [PublicPly],
}

/// Why a view was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ViewError {
    /// The picture was made for another audience (the public's, everyone's, another seat's).
    #[error("the picture was made for {found:?}, not for seat {seat}")]
    WrongAudience {
        /// The seat the bot plays.
        seat: Seat,
        /// The picture's audience.
        found: Audience,
    },
    /// A ply of the history is numbered out of order.
    #[error("ply {found} of the history should be ply {expected}")]
    OutOfOrder {
        /// The number it should carry.
        expected: u32,
        /// The number it carries.
        found: u32,
    },
}

impl<'a> SeatView<'a> {
    /// The view of `seat`: `picture` must have been made for that seat ([`Audience::Seat`]) and
    /// `plies` are every ply so far as that seat was told them, in order.
    pub fn new(seat: Seat, picture: &'a Picture, plies: &'a [PublicPly]) -> Result<SeatView<'a>, ViewError> {
        if picture.audience() != Audience::Seat(seat) {
            return Err(ViewError::WrongAudience { seat, found: picture.audience() });
        }
        for (i, p) in plies.iter().enumerate() {
            let expected = i as u32 + 1;
            if p.ply != expected {
                return Err(ViewError::OutOfOrder { expected, found: p.ply });
            }
        }
        Ok(SeatView { seat, picture, plies })
    }

    /// The seat the bot plays.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The board as the seat sees it.
    pub fn picture(&self) -> &'a Picture {
        self.picture
    }

    /// Every ply so far, as the seat was told it.
    pub fn plies(&self) -> &'a [PublicPly] {
        self.plies
    }
}
