//! Standings with tie-breaks: Sonneborn–Berger in round robin, Buchholz in Swiss, the round
//! reached in elimination. Points are counted in half points and tie-breaks in quarter points, so
//! that ranking never depends on floating-point rounding.

use super::{Board, Format, Player};

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// The player.
    pub player: Player,
    /// 1-based place (unique: full ties are broken by seed).
    pub rank: usize,
    /// Points in half points (a win is 2, a draw 1).
    pub halves: u32,
    /// The tie-break in quarter points: Sonneborn–Berger (round robin), Buchholz (Swiss), 0 in
    /// elimination.
    pub tiebreak: u32,
    /// Games won (forfeit wins included).
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost (forfeits included).
    pub losses: u32,
    /// Byes received.
    pub byes: u32,
    /// Elimination: the round (1-based) in which the player was knocked out, if any.
    pub out_in: Option<usize>,
}

impl Standing {
    /// Points as text (`3½`, `3.5`): whole points and an optional half.
    pub fn points_text(&self) -> String {
        halves_text(self.halves)
    }

    /// The tie-break as text with up to two decimals (`6.25`).
    pub fn tiebreak_text(&self) -> String {
        let whole = self.tiebreak / 4;
        match self.tiebreak % 4 {
            0 => whole.to_string(),
            1 => format!("{whole}.25"),
            2 => format!("{whole}.5"),
            _ => format!("{whole}.75"),
        }
    }
}

/// Half points as text: `3`, `3.5`.
pub fn halves_text(h: u32) -> String {
    if h.is_multiple_of(2) { (h / 2).to_string() } else { format!("{}.5", h / 2) }
}

/// The standings after the given rounds (boards without a result count for nothing yet).
pub fn standings(format: Format, n: usize, rounds: &[Vec<Board>]) -> Vec<Standing> {
    let mut s: Vec<Standing> = (0..n)
        .map(|player| Standing {
            player,
            rank: 0,
            halves: 0,
            tiebreak: 0,
            wins: 0,
            draws: 0,
            losses: 0,
            byes: 0,
            out_in: None,
        })
        .collect();
    // (player, opponent, player's halves) for every decided game.
    let mut games: Vec<(Player, Player, u32)> = Vec::new();
    for (ri, round) in rounds.iter().enumerate() {
        for b in round {
            let Some(blue) = b.blue else {
                s[b.red].byes += 1;
                s[b.red].halves += format.bye_halves();
                continue;
            };
            let Some(result) = b.result else { continue };
            let (x, y) = result.halves();
            for (p, o, h) in [(b.red, blue, x), (blue, b.red, y)] {
                s[p].halves += h;
                match h {
                    2 => s[p].wins += 1,
                    1 => s[p].draws += 1,
                    _ => s[p].losses += 1,
                }
                games.push((p, o, h));
            }
            if format == Format::Elimination
                && let Some(w) = b.advancing()
            {
                let loser = if w == b.red { blue } else { b.red };
                s[loser].out_in.get_or_insert(ri + 1);
            }
        }
    }
    let score: Vec<u32> = s.iter().map(|x| x.halves).collect();
    for &(p, o, h) in &games {
        s[p].tiebreak += match format {
            // Sonneborn–Berger: the opponent's score, in full for a win and half for a draw.
            Format::RoundRobin | Format::DoubleRoundRobin => h * score[o],
            // Buchholz: the sum of the opponents' scores.
            Format::Swiss { .. } => 2 * score[o],
            Format::Elimination => 0,
        };
    }
    match format {
        Format::Elimination => {
            s.sort_by_key(|x| (std::cmp::Reverse(x.out_in.unwrap_or(usize::MAX)), std::cmp::Reverse(x.wins), x.player))
        }
        _ => s.sort_by_key(|x| {
            (std::cmp::Reverse(x.halves), std::cmp::Reverse(x.tiebreak), std::cmp::Reverse(x.wins), x.player)
        }),
    }
    for (i, x) in s.iter_mut().enumerate() {
        x.rank = i + 1;
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::BoardResult::*;

    fn b(red: Player, blue: Player, r: super::super::BoardResult) -> Board {
        Board { red, blue: Some(blue), result: Some(r) }
    }

    #[test]
    fn sonneborn_berger_breaks_a_tie() {
        // Four players, round robin: 0 beats 1, 1 beats 2, 2 beats 0, everyone beats 3, except
        // 0-3 drawn. Scores: 0: 1.5, 1: 2, 2: 2, 3: 0.5.
        let rounds = vec![
            vec![b(3, 0, Draw), b(1, 2, RedWins)],
            vec![b(1, 3, RedWins), b(2, 0, RedWins)],
            vec![b(3, 2, BlueWins), b(0, 1, RedWins)],
        ];
        let s = standings(Format::RoundRobin, 4, &rounds);
        let order: Vec<Player> = s.iter().map(|x| x.player).collect();
        // 1: beat 2 (2) and 3 (0.5) → SB 2.5; 2: beat 0 (1.5) and 3 (0.5) → SB 2.
        assert_eq!(order, vec![1, 2, 0, 3]);
        assert_eq!(s[0].tiebreak_text(), "2.5");
        assert_eq!(s[1].tiebreak_text(), "2");
        assert_eq!(s[2].points_text(), "1.5");
    }
}
