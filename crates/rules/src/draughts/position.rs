//! A position: the pieces on the squares and the side to move, and how a move changes it.

use super::board::{Colour, Variant};

/// The most playing squares of any board (12×12).
pub const MAX_SQUARES: usize = 72;

/// A piece on the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Its side.
    pub colour: Colour,
    /// Whether it is a king (crowned); else a man.
    pub king: bool,
}

impl Piece {
    /// A man of `colour`.
    pub fn man(colour: Colour) -> Piece {
        Piece { colour, king: false }
    }

    /// A king of `colour`.
    pub fn king(colour: Colour) -> Piece {
        Piece { colour, king: true }
    }
}

/// A move as the rules know it: where the piece starts and ends and which pieces it takes.
/// Two capture sequences that differ only in landing squares along the way are the same move
/// (spec §12.1). Squares are indices (number − 1).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The start square.
    pub from: u8,
    /// The end square (the start square again for a king's capture that ends where it began).
    pub to: u8,
    /// The taken pieces, one bit per square index; 0 for a move without capture.
    pub captured: u128,
}

impl Move {
    /// Whether the move captures.
    pub fn is_capture(&self) -> bool {
        self.captured != 0
    }

    /// How many pieces it takes.
    pub fn count(&self) -> u32 {
        self.captured.count_ones()
    }
}

/// The pieces on the board and the side to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The board.
    pub variant: Variant,
    /// What stands on each square index (indices past the board's squares stay empty).
    pub cells: [Option<Piece>; MAX_SQUARES],
    /// The side to move.
    pub to_move: Colour,
}

impl Position {
    /// An empty board with `to_move` to move.
    pub fn empty(variant: Variant, to_move: Colour) -> Position {
        Position { variant, cells: [None; MAX_SQUARES], to_move }
    }

    /// The start position (spec §3).
    pub fn start(variant: Variant) -> Position {
        let mut p = Position::empty(variant, variant.first());
        let n = variant.squares();
        let men = variant.rows_of_men() * usize::from(variant.size()) / 2;
        for i in 0..men {
            p.cells[i] = Some(Piece::man(Colour::Black));
            p.cells[n - 1 - i] = Some(Piece::man(Colour::White));
        }
        p
    }

    /// The piece on square index `sq`.
    pub fn at(&self, sq: u8) -> Option<Piece> {
        self.cells[usize::from(sq)]
    }

    /// The squares of `colour`'s pieces, in square order, with the pieces.
    pub fn pieces(&self, colour: Colour) -> impl Iterator<Item = (u8, Piece)> + '_ {
        (0..self.variant.squares() as u8).filter_map(move |s| self.at(s).filter(|p| p.colour == colour).map(|p| (s, p)))
    }

    /// (men, kings) of `colour`.
    pub fn count(&self, colour: Colour) -> (usize, usize) {
        self.pieces(colour).fold((0, 0), |(m, k), (_, p)| if p.king { (m, k + 1) } else { (m + 1, k) })
    }

    /// Plays a move (already known legal): the piece goes from `from` to `to`, the taken pieces
    /// leave together, a man ending on its crowning row is crowned, the other side is to move.
    /// Returns whether the move crowned a man.
    pub fn apply(&mut self, mv: Move) -> bool {
        let piece = self.cells[usize::from(mv.from)].take().expect("a move starts on a piece");
        let mut bits = mv.captured;
        while bits != 0 {
            let sq = bits.trailing_zeros() as usize;
            self.cells[sq] = None;
            bits &= bits - 1;
        }
        let crowned = !piece.king && self.variant.is_crowning_row(mv.to, piece.colour);
        self.cells[usize::from(mv.to)] = Some(Piece { colour: piece.colour, king: piece.king || crowned });
        self.to_move = self.to_move.opposite();
        crowned
    }
}
