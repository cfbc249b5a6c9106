//! Combat in 二十一世紀海軍棋 (`rules-haijun.md` §9 "Combat", §10.13–15): not a table but nine
//! rules tried in order, the first that applies deciding. Two of them depend on who attacks
//! (the 反潛機 scouts, the wolf pack against the carrier), so [`resolve`] takes the attack's
//! direction and, for the wolf pack, how many other own 快艇 stand next to the carrier.

use crate::combat::Outcome;
use crate::piece::PieceKind;

use super::pieces::{is_aircraft, is_fast_boat, is_ship, kinds, rank};

/// How many other own 快艇 must be adjacent to the carrier for a 快艇's attack on it to win.
pub const WOLF_PACK: usize = 2;

/// The outcome of `attacker` attacking `defender`, where `pack` is the number of the attacker's
/// other 快艇 (飛彈快艇 or 魚雷快艇) among the defender's eight neighbours before the move
/// (§10.14; it matters only against the 航空母艦). `None` when the attacker never attacks (水雷,
/// 軍旗: the flag moves only onto empty points).
pub fn resolve(attacker: PieceKind, defender: PieceKind, pack: usize) -> Option<Outcome> {
    use Outcome::{AttackerWon as A, BothRemoved as Both, DefenderWon as D};
    if attacker == kinds::MINE || attacker == kinds::FLAG {
        return None;
    }
    // 1. The 反潛機 only scouts: the target is shown, nothing is removed (§10.13).
    if attacker == kinds::ASW_PLANE {
        return Some(Outcome::Scouted);
    }
    // 2. The 軍旗 attacked is captured.
    if defender == kinds::FLAG {
        return Some(Outcome::FlagCaptured);
    }
    // 3. 魚雷 on either side: both go; a 水雷 attacked goes with its attacker, except that a
    //    掃雷艇 clears it.
    if attacker == kinds::TORPEDO || defender == kinds::TORPEDO {
        return Some(Both);
    }
    if defender == kinds::MINE {
        return Some(if attacker == kinds::MINESWEEPER { A } else { Both });
    }
    // 4. An aircraft attacked where it stands is removed.
    if is_aircraft(defender) {
        return Some(A);
    }
    // 5. The 轟炸機 sinks every ship (旗艦 and 潛水艇 included, §10.15).
    if attacker == kinds::BOMBER && is_ship(defender) {
        return Some(A);
    }
    // 6. The wolf pack: a 快艇 sinks the carrier only with two more own 快艇 beside it.
    if is_fast_boat(attacker) && defender == kinds::CARRIER {
        return Some(if pack >= WOLF_PACK { A } else { D });
    }
    // 7. The 潛水艇: loses to the 魚雷快艇, the attacker wins against the 旗艦, two 潛水艇 both go,
    //    it beats every other ship.
    if attacker == kinds::SUBMARINE || defender == kinds::SUBMARINE {
        let other = if attacker == kinds::SUBMARINE { defender } else { attacker };
        let sub_wins = if attacker == kinds::SUBMARINE { A } else { D };
        let sub_loses = if attacker == kinds::SUBMARINE { D } else { A };
        return Some(match other {
            k if k == kinds::SUBMARINE => Both,
            k if k == kinds::TORPEDO_BOAT => sub_loses,
            k if k == kinds::FLAGSHIP => A,
            _ => sub_wins,
        });
    }
    // 8. The 飛彈快艇 sinks 巡洋艦 and 驅逐艦, whoever attacks.
    let missile_prey = |k: PieceKind| k == kinds::CRUISER || k == kinds::DESTROYER;
    if attacker == kinds::MISSILE_BOAT && missile_prey(defender) {
        return Some(A);
    }
    if defender == kinds::MISSILE_BOAT && missile_prey(attacker) {
        return Some(D);
    }
    // 9. Rank.
    let (ra, rd) = (rank(attacker)?, rank(defender)?);
    Some(match ra.cmp(&rd) {
        std::cmp::Ordering::Greater => A,
        std::cmp::Ordering::Less => D,
        std::cmp::Ordering::Equal => Both,
    })
}
