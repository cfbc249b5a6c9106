//! The three boards: variants, colours, square numbering (numeric and algebraic, spec §2) and the
//! diagonal neighbours of every square.
//!
//! Squares are numbered 1…N²/2 in records; inside the module a square is its *index*, number − 1,
//! so that tables are indexed directly.

use std::sync::OnceLock;

/// One of the three draughts games (spec §1).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// English draughts / American checkers, 8×8.
    English,
    /// International (Polish) draughts, 10×10.
    International,
    /// Canadian checkers, 12×12.
    Canadian,
}

/// A side. PDN names them black and white, whatever colour an image draws them in.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// Black (the first mover in English draughts).
    Black,
    /// White (the first mover in the international and Canadian games).
    White,
}

impl Colour {
    /// The other side.
    pub fn opposite(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    /// The PDN and replay name: `black`, `white`.
    pub fn key(self) -> &'static str {
        match self {
            Colour::Black => "black",
            Colour::White => "white",
        }
    }

    /// The FEN letter: `B`, `W`.
    pub fn letter(self) -> char {
        match self {
            Colour::Black => 'B',
            Colour::White => 'W',
        }
    }
}

impl Variant {
    /// Every variant.
    pub const ALL: [Variant; 3] = [Variant::English, Variant::International, Variant::Canadian];

    /// Squares on a side of the board.
    pub fn size(self) -> u8 {
        match self {
            Variant::English => 8,
            Variant::International => 10,
            Variant::Canadian => 12,
        }
    }

    /// Playing (dark) squares.
    pub fn squares(self) -> usize {
        usize::from(self.size()) * usize::from(self.size()) / 2
    }

    /// Rows of men each side starts with.
    pub fn rows_of_men(self) -> usize {
        usize::from(self.size()) / 2 - 1
    }

    /// Whether kings move and capture along whole diagonals.
    pub fn flying_kings(self) -> bool {
        self != Variant::English
    }

    /// Whether men capture backwards as well as forwards.
    pub fn men_capture_backwards(self) -> bool {
        self != Variant::English
    }

    /// Whether the capture taking the most pieces is compulsory (else the choice is free).
    pub fn majority(self) -> bool {
        self != Variant::English
    }

    /// The side that moves first from the start position.
    pub fn first(self) -> Colour {
        match self {
            Variant::English => Colour::Black,
            _ => Colour::White,
        }
    }

    /// The default of the `move-limit` option, in moves of each side.
    pub fn default_move_limit(self) -> u32 {
        match self {
            Variant::English => 40,
            _ => 25,
        }
    }

    /// PDN's `GameType` tag in full form.
    pub fn game_type(self) -> &'static str {
        match self {
            Variant::English => "21,B,8,8,N1,0",
            Variant::International => "20,W,10,10,N2,0",
            Variant::Canadian => "27,W,12,12,N2,0",
        }
    }

    /// PDN's game type number.
    pub fn pdn_number(self) -> u8 {
        match self {
            Variant::English => 21,
            Variant::International => 20,
            Variant::Canadian => 27,
        }
    }

    /// The variant of a PDN game type number.
    pub fn from_pdn_number(n: u8) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.pdn_number() == n)
    }

    /// The kind's name and `Variant` tag: `draughts`, `draughts10`, `draughts12`.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::English => "draughts",
            Variant::International => "draughts10",
            Variant::Canadian => "draughts12",
        }
    }

    /// The variant a `Variant` tag names.
    pub fn from_name(name: &str) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.name().eq_ignore_ascii_case(name.trim()))
    }

    /// The board's geometry, built once.
    pub fn geometry(self) -> &'static Geometry {
        static TABLES: [OnceLock<Geometry>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
        let i = match self {
            Variant::English => 0,
            Variant::International => 1,
            Variant::Canadian => 2,
        };
        TABLES[i].get_or_init(|| Geometry::new(self.size()))
    }

    /// Whether square `sq` is on the row where men of `colour` are crowned.
    pub fn is_crowning_row(self, sq: u8, colour: Colour) -> bool {
        let (_, rank) = self.geometry().coord(sq);
        if colour == self.first() { rank == self.size() - 1 } else { rank == 0 }
    }

    /// The diagonal directions (indices into [`DIRS`]) in which men of `colour` move forward.
    pub fn forward(self, colour: Colour) -> [usize; 2] {
        if colour == self.first() { [0, 1] } else { [2, 3] }
    }
}

/// The four diagonal directions as (file, rank) steps; the first two go up the ranks (towards the
/// second mover).
pub const DIRS: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

/// Square numbering and neighbours of one board size.
#[derive(Debug)]
pub struct Geometry {
    size: u8,
    /// (file, rank) of each square index, both from 0 (`a1` is (0, 0)).
    coords: Vec<(u8, u8)>,
    /// The square index on (file, rank), at `rank * size + file`.
    index: Vec<Option<u8>>,
    /// The neighbour of each square index in each of [`DIRS`].
    steps: Vec<[Option<u8>; 4]>,
}

impl Geometry {
    fn new(size: u8) -> Geometry {
        let count = usize::from(size) * usize::from(size) / 2;
        let coords: Vec<(u8, u8)> = (1..=count as u32).map(|s| number_to_coord(size, s)).collect();
        let mut index = vec![None; usize::from(size) * usize::from(size)];
        for (i, &(f, r)) in coords.iter().enumerate() {
            index[usize::from(r) * usize::from(size) + usize::from(f)] = Some(i as u8);
        }
        let at = |f: i16, r: i16| -> Option<u8> {
            let n = i16::from(size);
            if (0..n).contains(&f) && (0..n).contains(&r) { index[(r * n + f) as usize] } else { None }
        };
        let steps = coords
            .iter()
            .map(|&(f, r)| DIRS.map(|(df, dr)| at(i16::from(f) + i16::from(df), i16::from(r) + i16::from(dr))))
            .collect();
        Geometry { size, coords, index, steps }
    }

    /// The number of playing squares.
    pub fn squares(&self) -> usize {
        self.coords.len()
    }

    /// (file, rank) of a square index, from 0.
    pub fn coord(&self, sq: u8) -> (u8, u8) {
        self.coords[usize::from(sq)]
    }

    /// The square index on (file, rank), if that is a playing square.
    pub fn at(&self, file: u8, rank: u8) -> Option<u8> {
        if file >= self.size || rank >= self.size {
            return None;
        }
        self.index[usize::from(rank) * usize::from(self.size) + usize::from(file)]
    }

    /// The neighbour of `sq` in direction `d` (an index into [`DIRS`]).
    pub fn step(&self, sq: u8, d: usize) -> Option<u8> {
        self.steps[usize::from(sq)][d]
    }

    /// The algebraic name of a square index (`c3`).
    pub fn algebraic(&self, sq: u8) -> String {
        let (f, r) = self.coord(sq);
        format!("{}{}", (b'a' + f) as char, r + 1)
    }

    /// Reads an algebraic name (`c3`, any case) into a square index.
    pub fn parse_algebraic(&self, text: &str) -> Option<u8> {
        let t = text.trim().to_ascii_lowercase();
        let mut chars = t.chars();
        let file = chars.next()?;
        if !file.is_ascii_lowercase() {
            return None;
        }
        let rank: u8 = chars.as_str().parse().ok()?;
        if rank == 0 {
            return None;
        }
        self.at(file as u8 - b'a', rank - 1)
    }
}

/// Spec §2's formulas: (file, rank) from 0 of square number `s`.
fn number_to_coord(size: u8, s: u32) -> (u8, u8) {
    let n = u32::from(size) / 2;
    let i = (s - 1) % n;
    if size == 8 {
        let rank = s.div_ceil(4);
        let file = 7 - 2 * i - u32::from(rank % 2 == 1);
        (file as u8, (rank - 1) as u8)
    } else {
        let rank = u32::from(size) - (s - 1) / n;
        let file = 2 * i + u32::from(rank.is_multiple_of(2));
        (file as u8, (rank - 1) as u8)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_square_is_dark_and_has_one_number() {
        for v in Variant::ALL {
            let g = v.geometry();
            for sq in 0..g.squares() as u8 {
                let (f, r) = g.coord(sq);
                assert_eq!((f + r) % 2, 0, "{v:?} square {} is light", sq + 1);
                assert_eq!(g.at(f, r), Some(sq));
            }
        }
    }
}
