//! Seats (players' places at the table) and teams.

use serde::{Deserialize, Serialize};

/// A seat index. In 2-player games seat 0 is Red (south, moves first) and seat 1 is Blue.
/// Four-player games use 0..4 = S, E, N, W; turn order and teams come from the variant.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Seat(pub u8);

impl Seat {
    /// Red, the south player of the 2-player board.
    pub const RED: Seat = Seat(0);
    /// Blue, the north player of the 2-player board.
    pub const BLUE: Seat = Seat(1);

    /// The seat's index, for tables indexed by seat.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The seat's index, as messages about seats of any game name it.
impl std::fmt::Display for Seat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Static description of one seat in a variant.
#[derive(Debug, Clone)]
pub struct SeatDef {
    /// Lower-case name used in notation and JSON (`red`, `blue`, `s`, …).
    pub name: &'static str,
    /// Name in tags of records (`Red`).
    pub tag: &'static str,
    /// Team index: seats of one team never attack or pass through each other.
    pub team: u8,
}
