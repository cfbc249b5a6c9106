//! The deal: the 50 dealt points, the 50-letter deal string, piece letters and colour names.

use std::fmt;
use std::sync::OnceLock;

use crate::board::{PointId, PointKind};
use crate::piece::PieceKind;
use crate::seat::Seat;
use crate::shuffle::{self, Seed};
use crate::variant::Variant;

/// The 50 non-camp points in deal order: ranks upwards, files a–e, camps skipped (§8).
pub fn deal_points() -> &'static [PointId] {
    static POINTS: OnceLock<Vec<PointId>> = OnceLock::new();
    POINTS.get_or_init(|| {
        let board = &Variant::junqi().board;
        let mut pts: Vec<PointId> = board.point_ids().filter(|&p| board.point(p).kind != PointKind::Camp).collect();
        // y grows downwards from rank 12, so rank order upwards is y descending.
        pts.sort_by_key(|&p| (std::cmp::Reverse(board.point(p).y), board.point(p).x));
        pts
    })
}

/// A deal: who stands where, face down, at the start (colour by case: red lower, blue upper).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Deal(pub(super) Vec<(Seat, PieceKind)>);

/// Debug output never shows the deal: it is the referee's secret until the game ends.
impl fmt::Debug for Deal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Deal(..)")
    }
}

/// A deal string that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DealError {
    /// Not 50 characters.
    #[error("a deal is 50 piece letters, one per non-camp point; this one has {0}")]
    Length(usize),
    /// Not a piece letter.
    #[error("'{0}' at position {1} of the deal is not a piece letter (a–l red, A–L blue)")]
    BadLetter(char, usize),
    /// Not exactly both full armies.
    #[error("a deal holds both full armies; this one has {count} of {piece} (expected {expected})")]
    WrongCount {
        /// The piece, as its letter.
        piece: char,
        /// How many there are.
        count: usize,
        /// How many there should be.
        expected: u8,
    },
    /// The deal is not what the seed gives.
    #[error("the deal does not match its seed under {shuffle}: the seed gives {expected}")]
    SeedMismatch {
        /// The shuffle name.
        shuffle: &'static str,
        /// The deal the seed gives.
        expected: String,
    },
}

impl Deal {
    /// Reads a 50-letter deal string.
    pub fn parse(text: &str) -> Result<Deal, DealError> {
        let text = text.trim();
        let n = text.chars().count();
        if n != deal_points().len() {
            return Err(DealError::Length(n));
        }
        let table = &Variant::junqi().pieces;
        let mut cells = Vec::with_capacity(n);
        for (i, c) in text.chars().enumerate() {
            let kind = table
                .iter()
                .position(|d| d.code == c.to_ascii_lowercase())
                .filter(|_| c.is_ascii_alphabetic())
                .ok_or(DealError::BadLetter(c, i + 1))?;
            let seat = if c.is_ascii_lowercase() { Seat::RED } else { Seat::BLUE };
            cells.push((seat, PieceKind(kind as u8)));
        }
        for seat in [Seat::RED, Seat::BLUE] {
            for (k, def) in table.iter().enumerate() {
                let count = cells.iter().filter(|&&(s, kind)| s == seat && kind.0 as usize == k).count();
                if count != usize::from(def.count) {
                    let piece = if seat == Seat::RED { def.code } else { def.code.to_ascii_uppercase() };
                    return Err(DealError::WrongCount { piece, count, expected: def.count });
                }
            }
        }
        Ok(Deal(cells))
    }

    /// The deal `fy-chacha20/1` makes from a seed.
    pub fn from_seed(seed: &Seed) -> Deal {
        Deal::parse(&shuffle::shuffle(seed)).expect("a shuffle of the canonical list is a deal")
    }

    /// Checks that this deal is what the seed gives.
    pub fn check_seed(&self, seed: &Seed) -> Result<(), DealError> {
        let expected = shuffle::shuffle(seed);
        if expected == self.to_string() {
            Ok(())
        } else {
            Err(DealError::SeedMismatch { shuffle: shuffle::SHUFFLE_NAME, expected })
        }
    }

    /// The piece dealt to the `i`-th point of [`deal_points`].
    pub fn get(&self, i: usize) -> Option<(Seat, PieceKind)> {
        self.0.get(i).copied()
    }
}

/// The 50-letter string.
impl fmt::Display for Deal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for &(seat, kind) in &self.0 {
            fmt::Write::write_char(f, piece_letter(seat, kind))?;
        }
        Ok(())
    }
}

/// A piece's letter: lower case red, upper case blue.
pub fn piece_letter(colour: Seat, kind: PieceKind) -> char {
    let c = Variant::junqi().piece(kind).code;
    if colour == Seat::RED { c } else { c.to_ascii_uppercase() }
}

/// Reads a piece letter: lower case red, upper case blue.
pub fn parse_piece_letter(c: char) -> Option<(Seat, PieceKind)> {
    if !c.is_ascii_alphabetic() {
        return None;
    }
    let k = Variant::junqi().pieces.iter().position(|d| d.code == c.to_ascii_lowercase())?;
    Some((if c.is_ascii_lowercase() { Seat::RED } else { Seat::BLUE }, PieceKind(k as u8)))
}

/// The colour's name: `red` / `blue`.
pub fn colour_name(colour: Seat) -> &'static str {
    Variant::junqi().seat_name(colour)
}
