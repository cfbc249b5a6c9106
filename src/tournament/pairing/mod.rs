//! Pairings: round robin by the circle method (Berger tables), Swiss after the FIDE Dutch system
//! (`dutch.rs`, on a maximum-weight matching from `matching.rs`), single elimination with
//! seeding. Every function is deterministic: the same history gives the same round.

mod dutch;
mod matching;

pub use dutch::swiss;

use super::{Board, Format, Pairing, Player};

/// Why a round could not be paired.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PairingError {
    /// Swiss: every possible pairing repeats a game already played.
    #[error("no pairing without a rematch is left for round {round}")]
    NoPairingLeft {
        /// The round (1-based) that could not be paired.
        round: usize,
    },
}

/// All rounds of a (double) round robin of `n` players by the circle method: player `n-1` (or a
/// dummy when `n` is odd; pairing with it is a bye) stays put while the others rotate. Colours
/// alternate: a rotating player's colour flips every round, the fixed player alternates by round.
/// In a double round robin the second cycle repeats the first with colours swapped.
pub fn round_robin(n: usize, double: bool) -> Vec<Vec<Pairing>> {
    if n < 2 {
        return Vec::new();
    }
    let m = if n.is_multiple_of(2) { n } else { n + 1 };
    let ring = m - 1;
    let fixed = m - 1;
    let mut rounds = Vec::new();
    for r in 0..ring {
        let mut round: Vec<(usize, usize)> = Vec::new();
        // The fixed seat against the player at offset 0.
        let (a, b) = if r % 2 == 0 { (fixed, r) } else { (r, fixed) };
        round.push((a, b));
        for k in 1..m / 2 {
            let up = (r + k) % ring;
            let down = (r + ring - k) % ring;
            // A rotating player is Red exactly when its offset from the round is odd, so its
            // colours alternate from round to round.
            round.push(if k % 2 == 1 { (up, down) } else { (down, up) });
        }
        let pairs: Vec<Pairing> = round
            .into_iter()
            .map(|(red, blue)| {
                if red >= n {
                    Pairing { red: blue, blue: None }
                } else if blue >= n {
                    Pairing { red, blue: None }
                } else {
                    Pairing { red, blue: Some(blue) }
                }
            })
            .collect();
        rounds.push(pairs);
    }
    if double {
        let second: Vec<Vec<Pairing>> = rounds
            .iter()
            .map(|round| {
                round
                    .iter()
                    .map(|p| match p.blue {
                        Some(b) => Pairing { red: b, blue: Some(p.red) },
                        None => *p,
                    })
                    .collect()
            })
            .collect();
        rounds.extend(second);
    }
    rounds
}

/// The bracket order of seeds for a bracket of `size` (a power of two): 1 meets `size`, and the
/// top two seeds can only meet in the final. Seeds are 0-based here.
pub fn bracket(size: usize) -> Vec<usize> {
    let mut order = vec![0usize];
    while order.len() < size {
        let n = order.len() * 2;
        order = order.iter().flat_map(|&s| [s, n - 1 - s]).collect();
    }
    order
}

/// The next round, or `Ok(None)` when the tournament is over. `active[p]` is false for players
/// who withdrew: Swiss leaves them out; round robin and elimination keep the fixed schedule and
/// the referee scores their boards as forfeits.
pub fn next_round(
    format: Format,
    n: usize,
    history: &[Vec<Board>],
    active: &[bool],
) -> Result<Option<Vec<Pairing>>, PairingError> {
    let played = history.len();
    match format {
        Format::RoundRobin | Format::DoubleRoundRobin => {
            Ok(round_robin(n, format == Format::DoubleRoundRobin).into_iter().nth(played))
        }
        Format::Swiss { rounds } => {
            if played >= rounds {
                return Ok(None);
            }
            swiss(n, history, active).map(Some)
        }
        Format::Elimination => Ok(elimination(n, history)),
    }
}

/// Single elimination: the first round from the bracket (seeds beyond `n` are byes for their
/// opponents), later rounds pair the winners of neighbouring boards. The better seed has Red in
/// odd rounds and Blue in even ones.
fn elimination(n: usize, history: &[Vec<Board>]) -> Option<Vec<Pairing>> {
    let entrants: Vec<Option<Player>> = match history.last() {
        None => {
            let size = n.next_power_of_two().max(2);
            bracket(size).into_iter().map(|s| (s < n).then_some(s)).collect()
        }
        Some(last) => {
            if last.len() <= 1 {
                return None;
            }
            last.iter().map(Board::advancing).collect()
        }
    };
    let round = history.len();
    let pairs = entrants
        .chunks(2)
        .map(|c| match (c[0], c.get(1).copied().flatten()) {
            (Some(a), Some(b)) => {
                let (hi, lo) = (a.min(b), a.max(b));
                if round.is_multiple_of(2) {
                    Pairing { red: hi, blue: Some(lo) }
                } else {
                    Pairing { red: lo, blue: Some(hi) }
                }
            }
            (Some(a), None) | (None, Some(a)) => Pairing { red: a, blue: None },
            // Two empty bracket slots cannot happen: seeds beyond n are never paired together.
            (None, None) => Pairing { red: 0, blue: None },
        })
        .collect();
    Some(pairs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bracket_orders_seeds() {
        assert_eq!(bracket(2), vec![0, 1]);
        assert_eq!(bracket(4), vec![0, 3, 1, 2]);
        assert_eq!(bracket(8), vec![0, 7, 3, 4, 1, 6, 2, 5]);
    }

    #[test]
    fn berger_table_for_four() {
        let r = round_robin(4, false);
        assert_eq!(r.len(), 3);
        let as_pairs: Vec<Vec<(usize, usize)>> =
            r.iter().map(|round| round.iter().map(|p| (p.red, p.blue.unwrap())).collect()).collect();
        assert_eq!(as_pairs, vec![vec![(3, 0), (1, 2)], vec![(1, 3), (2, 0)], vec![(3, 2), (0, 1)]]);
    }
}
