//! Pairings: round robin by the circle method (Berger tables), Swiss by score groups, single
//! elimination with seeding. Every function is deterministic: the same history gives the same
//! round.

use std::collections::HashSet;

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

/// What the Swiss pairer knows about a player from the history.
#[derive(Clone, Default)]
struct Record {
    halves: u32,
    /// Reds minus Blues.
    colour: i32,
    last_red: Option<bool>,
    had_bye: bool,
    opponents: HashSet<Player>,
}

fn records(n: usize, history: &[Vec<Board>]) -> Vec<Record> {
    let mut rec = vec![Record::default(); n];
    for round in history {
        for b in round {
            match b.blue {
                None => {
                    rec[b.red].had_bye = true;
                    rec[b.red].halves += 2;
                }
                Some(blue) => {
                    rec[b.red].opponents.insert(blue);
                    rec[blue].opponents.insert(b.red);
                    rec[b.red].colour += 1;
                    rec[blue].colour -= 1;
                    rec[b.red].last_red = Some(true);
                    rec[blue].last_red = Some(false);
                    if let Some(r) = b.result {
                        let (x, y) = r.halves();
                        rec[b.red].halves += x;
                        rec[blue].halves += y;
                    }
                }
            }
        }
    }
    rec
}

/// A Swiss round: active players ranked by score then seed; with an odd number the bye goes to
/// the lowest-ranked player who has not had one; then a depth-first search pairs the highest
/// remaining player with a partner from its own score group first (top half against bottom half),
/// floating down only when it must, never repeating a game and never giving anyone a colour
/// imbalance of two. If no pairing keeps the colours within one, the colour condition is dropped
/// before the no-rematch condition (which is never dropped).
pub fn swiss(n: usize, history: &[Vec<Board>], active: &[bool]) -> Result<Vec<Pairing>, PairingError> {
    let rec = records(n, history);
    let mut order: Vec<Player> = (0..n).filter(|&p| active.get(p).copied().unwrap_or(true)).collect();
    order.sort_by_key(|&p| (std::cmp::Reverse(rec[p].halves), p));
    let round = history.len() + 1;
    // Bye candidates: from the bottom, those without a bye first.
    let bye_candidates: Vec<Option<Player>> = if order.len() % 2 == 1 {
        let mut c: Vec<Player> = order.iter().rev().copied().filter(|&p| !rec[p].had_bye).collect();
        c.extend(order.iter().rev().copied().filter(|&p| rec[p].had_bye));
        c.into_iter().map(Some).collect()
    } else {
        vec![None]
    };
    for strict in [true, false] {
        for &bye in &bye_candidates {
            let rest: Vec<Player> = order.iter().copied().filter(|&p| Some(p) != bye).collect();
            let mut budget = 200_000usize;
            if let Some(pairs) = pair_dfs(&rest, &rec, strict, &mut budget) {
                let mut out: Vec<Pairing> =
                    pairs.into_iter().enumerate().map(|(i, (a, b))| colours(a, b, &rec, round, i)).collect();
                if let Some(p) = bye {
                    out.push(Pairing { red: p, blue: None });
                }
                return Ok(out);
            }
        }
    }
    Err(PairingError::NoPairingLeft { round })
}

/// Who gets Red: the player with fewer Reds so far; on equal balance the one who had Blue last;
/// otherwise it alternates by board (the higher-ranked player has Red on the first board of odd
/// rounds), so that a score group does not leave a round all due the same colour.
fn colours(a: Player, b: Player, rec: &[Record], round: usize, board: usize) -> Pairing {
    let red_a = match rec[a].colour.cmp(&rec[b].colour) {
        std::cmp::Ordering::Less => true,
        std::cmp::Ordering::Greater => false,
        std::cmp::Ordering::Equal => match (rec[a].last_red, rec[b].last_red) {
            (Some(false), Some(true)) | (Some(false), None) => true,
            (Some(true), Some(false)) | (None, Some(false)) => false,
            _ => (round + board) % 2 == 1,
        },
    };
    if red_a { Pairing { red: a, blue: Some(b) } } else { Pairing { red: b, blue: Some(a) } }
}

fn compatible(a: Player, b: Player, rec: &[Record], strict: bool) -> bool {
    if rec[a].opponents.contains(&b) {
        return false;
    }
    // Two players due the same colour would leave one of them two off balance.
    !(strict && rec[a].colour != 0 && rec[a].colour == rec[b].colour)
}

/// Pairs `players` (ranked) completely, or None. The first player takes partners in preference
/// order: its own score group at the mirror position (top half against bottom half), then the
/// nearest groups below, then above.
fn pair_dfs(players: &[Player], rec: &[Record], strict: bool, budget: &mut usize) -> Option<Vec<(Player, Player)>> {
    if players.is_empty() {
        return Some(Vec::new());
    }
    if *budget == 0 {
        return None;
    }
    *budget -= 1;
    let p = players[0];
    let score = rec[p].halves;
    let group: Vec<Player> = players.iter().copied().filter(|&q| rec[q].halves == score).collect();
    let ideal = group.len() / 2;
    let mut candidates: Vec<(u32, usize, usize)> = players[1..]
        .iter()
        .enumerate()
        .map(|(i, &q)| {
            let pos = i + 1;
            let key = if rec[q].halves == score {
                (0, pos.abs_diff(ideal), pos)
            } else if rec[q].halves < score {
                (1 + score - rec[q].halves, pos, pos)
            } else {
                (1000 + rec[q].halves - score, pos, pos)
            };
            (key.0, key.1, key.2)
        })
        .collect();
    candidates.sort();
    for (_, _, pos) in candidates {
        let q = players[pos];
        if !compatible(p, q, rec, strict) {
            continue;
        }
        let rest: Vec<Player> = players[1..].iter().copied().filter(|&x| x != q).collect();
        if let Some(mut pairs) = pair_dfs(&rest, rec, strict, budget) {
            pairs.insert(0, (p, q));
            return Some(pairs);
        }
        if *budget == 0 {
            return None;
        }
    }
    None
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

    #[test]
    fn swiss_first_round_is_top_half_against_bottom_half() {
        let p = swiss(8, &[], &[true; 8]).unwrap();
        let mut pairs: Vec<(usize, usize)> =
            p.iter().map(|x| (x.red.min(x.blue.unwrap()), x.red.max(x.blue.unwrap()))).collect();
        pairs.sort();
        assert_eq!(pairs, vec![(0, 4), (1, 5), (2, 6), (3, 7)]);
        let p = swiss(5, &[], &[true; 5]).unwrap();
        assert_eq!(p.last(), Some(&Pairing { red: 4, blue: None }));
    }
}
