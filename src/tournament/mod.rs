//! Tournaments and ratings as pure data (std only, like `src/rules`): formats, pairings,
//! standings with tie-breaks, and Glicko-2 ratings. The referee (`src/referee/tournament.rs`)
//! stores them and turns them into games; nothing here does I/O.
//!
//! Players are indices into the entrant list in seeding order (0 is the top seed). A round is a
//! list of [`Board`]s; a board with no Blue player is a bye.

pub mod pairing;
pub mod rating;
pub mod standings;

pub use pairing::{PairingError, next_round, round_robin};
pub use rating::Rating;
pub use standings::{Standing, standings};

/// A player: an index into the entrant list in seeding order (0 is the top seed).
pub type Player = usize;

/// The fewest entrants a tournament starts with.
pub const MIN_PLAYERS: usize = 3;

/// A tournament format.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    /// Everyone plays everyone once (Berger tables).
    RoundRobin,
    /// Everyone plays everyone twice, colours swapped in the second cycle.
    DoubleRoundRobin,
    /// A fixed number of Swiss rounds.
    Swiss {
        /// How many rounds.
        rounds: usize,
    },
    /// Single elimination (knock-out) with seeding; byes for the top seeds.
    Elimination,
}

/// The most rounds a Swiss tournament may have.
pub const MAX_SWISS_ROUNDS: usize = 64;

impl Format {
    /// Reads a format name (`round-robin`/`rr`, `double-round-robin`/`drr`, `swiss`,
    /// `elimination`/`knockout`/`ko`); Swiss needs its number of rounds.
    pub fn parse(name: &str, rounds: Option<usize>) -> Option<Format> {
        match name.trim().to_lowercase().replace('_', "-").as_str() {
            "round-robin" | "rr" | "循环赛" | "单循环" => Some(Format::RoundRobin),
            "double-round-robin" | "drr" | "双循环" => Some(Format::DoubleRoundRobin),
            "swiss" | "瑞士制" => {
                rounds.filter(|&r| (1..=MAX_SWISS_ROUNDS).contains(&r)).map(|rounds| Format::Swiss { rounds })
            }
            "elimination" | "knockout" | "ko" | "淘汰赛" => Some(Format::Elimination),
            _ => None,
        }
    }

    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            Format::RoundRobin => "round-robin",
            Format::DoubleRoundRobin => "double-round-robin",
            Format::Swiss { .. } => "swiss",
            Format::Elimination => "elimination",
        }
    }

    /// How many rounds a tournament of `n` players has.
    pub fn total_rounds(self, n: usize) -> usize {
        let rr = if n.is_multiple_of(2) { n.saturating_sub(1) } else { n };
        match self {
            Format::RoundRobin => rr,
            Format::DoubleRoundRobin => 2 * rr,
            Format::Swiss { rounds } => rounds,
            Format::Elimination => {
                let mut r = 0;
                while (1usize << r) < n {
                    r += 1;
                }
                r
            }
        }
    }

    /// Whether `n` players are enough, and few enough for the rounds (Swiss cannot have more
    /// rounds than distinct opponents plus a bye).
    pub fn fits(self, n: usize) -> bool {
        match self {
            Format::Swiss { rounds } => n >= MIN_PLAYERS && rounds <= if n.is_multiple_of(2) { n - 1 } else { n },
            _ => n >= MIN_PLAYERS,
        }
    }

    /// Points a bye is worth, in half points: a full point in Swiss (the usual rule); none in
    /// round robin, where with an odd number everyone rests once; elimination byes only advance.
    pub fn bye_halves(self) -> u32 {
        match self {
            Format::Swiss { .. } => 2,
            _ => 0,
        }
    }
}

/// The result of a board.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BoardResult {
    /// Red won the game.
    RedWins,
    /// Blue won the game.
    BlueWins,
    /// Drawn.
    Draw,
    /// Red forfeited (withdrew, or did not play): Blue gets the point.
    RedForfeits,
    /// Blue forfeited: Red gets the point.
    BlueForfeits,
    /// Both forfeited: nobody scores.
    BothForfeit,
}

impl BoardResult {
    /// Every result, for parsing.
    pub const ALL: [BoardResult; 6] = [
        BoardResult::RedWins,
        BoardResult::BlueWins,
        BoardResult::Draw,
        BoardResult::RedForfeits,
        BoardResult::BlueForfeits,
        BoardResult::BothForfeit,
    ];

    /// Half points for (Red, Blue).
    pub fn halves(self) -> (u32, u32) {
        match self {
            BoardResult::RedWins | BoardResult::BlueForfeits => (2, 0),
            BoardResult::BlueWins | BoardResult::RedForfeits => (0, 2),
            BoardResult::Draw => (1, 1),
            BoardResult::BothForfeit => (0, 0),
        }
    }

    /// Whether the result came from a forfeit rather than a played game.
    pub fn is_forfeit(self) -> bool {
        matches!(self, BoardResult::RedForfeits | BoardResult::BlueForfeits | BoardResult::BothForfeit)
    }

    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            BoardResult::RedWins => "red",
            BoardResult::BlueWins => "blue",
            BoardResult::Draw => "draw",
            BoardResult::RedForfeits => "red-forfeits",
            BoardResult::BlueForfeits => "blue-forfeits",
            BoardResult::BothForfeit => "both-forfeit",
        }
    }

    /// Reads a stored name.
    pub fn parse(s: &str) -> Option<BoardResult> {
        BoardResult::ALL.into_iter().find(|r| r.as_str() == s)
    }
}

/// One pairing of a round: Red moves first; no Blue means a bye for Red.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pairing {
    /// The player with Red (who moves first).
    pub red: Player,
    /// The player with Blue, or None for a bye.
    pub blue: Option<Player>,
}

/// A board of a round: its pairing and, once known, its result (a bye needs none).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Red.
    pub red: Player,
    /// Blue, or None for a bye.
    pub blue: Option<Player>,
    /// The result, once known.
    pub result: Option<BoardResult>,
}

impl Board {
    /// A board from a pairing, without a result yet.
    pub fn new(p: Pairing) -> Board {
        Board { red: p.red, blue: p.blue, result: None }
    }

    /// Whether the board needs no more play: a bye, or a result is in.
    pub fn done(&self) -> bool {
        self.blue.is_none() || self.result.is_some()
    }

    /// The winner in a knock-out: the winner of the game or forfeit; a draw or a double forfeit
    /// goes to the better seed (documented rule: no replays).
    pub fn advancing(&self) -> Option<Player> {
        let Some(blue) = self.blue else { return Some(self.red) };
        Some(match self.result? {
            BoardResult::RedWins | BoardResult::BlueForfeits => self.red,
            BoardResult::BlueWins | BoardResult::RedForfeits => blue,
            BoardResult::Draw | BoardResult::BothForfeit => self.red.min(blue),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_parse_and_count_rounds() {
        assert_eq!(Format::parse("rr", None), Some(Format::RoundRobin));
        assert_eq!(Format::parse("swiss", Some(5)), Some(Format::Swiss { rounds: 5 }));
        assert_eq!(Format::parse("swiss", None), None);
        assert_eq!(Format::parse("chess", None), None);
        assert_eq!(Format::RoundRobin.total_rounds(8), 7);
        assert_eq!(Format::RoundRobin.total_rounds(9), 9);
        assert_eq!(Format::DoubleRoundRobin.total_rounds(4), 6);
        assert_eq!(Format::Elimination.total_rounds(8), 3);
        assert_eq!(Format::Elimination.total_rounds(9), 4);
        assert!(!Format::Swiss { rounds: 4 }.fits(4));
        assert!(Format::Swiss { rounds: 3 }.fits(4));
        assert!(!Format::RoundRobin.fits(2));
        for r in BoardResult::ALL {
            assert_eq!(BoardResult::parse(r.as_str()), Some(r));
        }
    }
}
