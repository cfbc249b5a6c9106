//! How messages name pieces and seats (Red/Blue, or the compass seats of the 4-player board).

use super::Locale;

/// A piece's names, taken from the variant's piece table.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PieceName {
    /// Chinese name (司令).
    pub zh: &'static str,
    /// English name (Field Marshal).
    pub en: &'static str,
}

/// A seat as messages name it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SeatName(pub u8);

impl SeatName {
    pub(super) fn text(self, l: Locale) -> &'static str {
        match (self.0, l.zh()) {
            (n, zh) if n >= SeatName::CROSS => cross_seat_text(n - SeatName::CROSS, zh),
            (0, false) => "Red",
            (0, true) => "红方",
            (_, false) => "Blue",
            (_, true) => "蓝方",
        }
    }
}

pub(super) fn piece(p: PieceName, l: Locale) -> &'static str {
    if l.zh() { p.zh } else { p.en }
}

// ---------------------------------------------------------------------------------------------
// Games on the 4-player board (四国军棋 and junqi4-duel, `rules-junqi4.md`)

impl SeatName {
    /// Seats of the cross-shaped board are `CROSS + territory` (0..4 = S, E, N, W), so that the
    /// messages shared with the 2-player game name them South … West rather than Red/Blue.
    pub const CROSS: u8 = 0x10;

    /// How messages name `seat` of `variant`: Red/Blue in 2-player Junqi, the compass seat of
    /// its territory on the cross board (North is seat 1 of `junqi4-duel`).
    pub fn of(variant: &crate::rules::Variant, seat: crate::rules::Seat) -> SeatName {
        if !variant.is_cross_board() {
            return SeatName(seat.0);
        }
        let t = match variant.seat_name(seat) {
            "s" => 0,
            "e" => 1,
            "n" => 2,
            _ => 3,
        };
        SeatName(SeatName::CROSS + t)
    }
}

fn cross_seat_text(territory: u8, zh: bool) -> &'static str {
    match (territory, zh) {
        (0, false) => "South",
        (0, true) => "南家",
        (1, false) => "East",
        (1, true) => "东家",
        (2, false) => "North",
        (2, true) => "北家",
        (_, false) => "West",
        (_, true) => "西家",
    }
}
