//! §5: the table as printed, and one test per rule line of its notes (1–11).

use junqi_rules::Outcome;
use junqi_rules::options::Mines;
use junqi_rules::sanjun30::combat::{printed_row, resolve};
use junqi_rules::sanjun30::pieces::PIECES;

use super::k;

const A: Option<Outcome> = Some(Outcome::AttackerWon);
const D: Option<Outcome> = Some(Outcome::DefenderWon);
const EQ: Option<Outcome> = Some(Outcome::BothRemoved);
const BN: Option<Outcome> = Some(Outcome::Bounced);
const R: Option<Outcome> = Some(Outcome::Scouted);
const F: Option<Outcome> = Some(Outcome::FlagCaptured);
const NEVER: Option<Outcome> = None;

/// Attacker `a` on defender `d` under the default `mines=mutual`.
fn c(a: char, d: char) -> Option<Outcome> {
    resolve(k(a), k(d), Mines::Mutual)
}

/// The spec's table, as printed (§5).
const PRINTED: &str = "\
a = A A A A A A A A A A D D D D D D D D D = D F A A . . . D B
1 D = A A A A A A A A A D D D D D D D D D = D F A A . . . D B
b D D = A A A A A A A A D D D D D D D D D = D F A A . . . D B
c D D D = A A A A A A A D D D D D D D D D = D F = A . . . D B
e D D D D = A A A A A A D D D D D D D D D = D F D = . . . D B
f D D D D D = A A A A A D D D D D D D D D = D F D D . . . D B
g D D D D D D = A A A A D D D D D D D D D = D F D D . . . D B
h D D D D D D D = A A A D D D D D D D D D = D F D D . . . D B
2 D D D D D D D D = A A D D D D D D D D D = D F D D . . . D B
3 D D D D D D D D D = A D D D D D D D D D = D F D D . . . D B
i D D D D D D D D D D = D D D D A D A D A A A F D D . . . D B
7 A A A A A A A A A A A = A A A A A A = = = D F A A . . . D B
8 A A A A A A A A A A A D = A A A A A = = = D F = A . . . D B
9 A A A A A A A A A A A D D = A A A A = = = D F D = . . . D B
n A A A A A A A A A A A D D D = A A A = = = D F D D . . . A A
m . . . . . . . . . . . . . . . . . . . . . . . A A A A B . .
0 A A A A A A A A A A A D D D D D = A = = = D F D D . . . D B
4 A A A A A A A A A A D D D D D D D = D D D D F D D . . . D B
6 A A A A A A A A A A A = = = = = = A = = = D . = = = = D = =
k A A A A A A A A A A D = = = = = = A = = = D F = = . . . D B
p D D D = A A A A A A A D = A A A A A = = = D F = A A A D D B
q D D D D = A A A A A A D D = A A A A = = = D F D = A A D D B
r B B B B B = A A A A A B B B B A A A = = = B . D D = A D A A
s . . . . . . . . . . . . . . . . . . . . . . . D D D = A D B
t . . . . . . . . . . . . . . . . . . . . . . . A A A D = B B
u A A A A A A A A A A A A A A D A A A A A A B . A A D A B A A
v R R R R R R R R R R R R R R D R R R = R R R . R R D R B D B";

#[test]
fn the_table_is_the_printed_one() {
    let printed: Vec<&str> = PRINTED.lines().collect();
    let ours: Vec<String> = (0..PIECES.len())
        .map(|i| printed_row(junqi_rules::piece::PieceKind(i as u8)))
        .filter(|row| !row[2..].chars().all(|c| c == '.' || c == ' '))
        .collect();
    assert_eq!(ours, printed);
    // 地雷, 陷阱, 军旗 never attack.
    for a in ['j', '5', 'l'] {
        assert!(PIECES.iter().all(|d| c(a, d.code) == NEVER));
    }
}

#[test]
fn rule_1_officers_by_rank_weapons_beat_them_engineer_exceptions_mines_trade() {
    assert_eq!((c('a', '1'), c('1', 'a'), c('b', 'b')), (A, D, EQ));
    assert_eq!((c('h', '2'), c('2', '3'), c('3', 'i')), (A, A, A));
    assert_eq!((c('a', '4'), c('a', '0'), c('a', '7')), (D, D, D), "officers lose to weapons");
    for d in ['j', '4', 'k', 'm', '5'] {
        assert_eq!(c('i', d), A, "工兵 beats {d}");
    }
    assert_eq!((c('a', 'j'), c('i', 'j')), (EQ, A));
    assert_eq!(resolve(k('a'), k('j'), Mines::Spring), D, "mines=spring");
    assert_eq!((c('4', 'a'), c('4', 'i')), (A, D), "毒气 beats officers but 工兵");
    assert_eq!((c('0', 'i'), c('0', 'a')), (A, A), "机关枪 beats them all");
}

#[test]
fn rule_2_the_weapon_ladder() {
    let ladder = ['7', '8', '9', 'n', 'm', '0', '4'];
    for (i, &x) in ladder.iter().enumerate() {
        for &y in &ladder[i + 1..] {
            if x != 'm' {
                assert_eq!(c(x, y), A, "{x} beats {y}");
            }
            if y != 'm' {
                assert_eq!(c(y, x), D, "{y} loses to {x}");
            }
        }
        if x != 'm' && x != '4' {
            assert_eq!((c(x, '6'), c(x, 'k'), c(x, 'j'), c(x, '5')), (EQ, EQ, EQ, D), "{x}");
        }
    }
    assert_eq!((c('4', 'j'), c('4', 'k'), c('4', '5')), (D, D, D), "毒气 → 地雷 D (§9.3)");
}

#[test]
fn rule_3_missile_and_bomb() {
    for x in ['6', 'k'] {
        assert_eq!((c(x, '7'), c(x, '0'), c(x, '4'), c(x, 'a'), c(x, '5')), (EQ, EQ, A, A, D), "{x}");
    }
    assert_eq!((c('i', 'k'), c('i', '6')), (A, D), "工兵 beats only the 炸弹");
    assert_eq!(c('6', 't'), D);
    assert_eq!((c('6', 'p'), c('p', '6'), c('k', 'p')), (EQ, EQ, EQ), "ships count as weapons");
    assert_eq!(resolve(k('6'), k('j'), Mines::Spring), EQ, "spring mines still trade with the missile");
    assert_eq!(resolve(k('k'), k('j'), Mines::Spring), EQ, "and with the bomb");
}

#[test]
fn rule_4_navy_and_the_submarine() {
    assert_eq!((c('p', 'q'), c('q', 'r'), c('r', 's'), c('s', 't')), (A, A, A, A));
    assert_eq!((c('t', 'p'), c('t', 'q'), c('t', 'r'), c('t', 's')), (A, A, A, D));
    assert_eq!((c('p', 't'), c('q', 't'), c('r', 't')), (D, D, D), "it wins defending too");
    assert_eq!((c('p', 'p'), c('s', 's'), c('t', 't')), (EQ, EQ, EQ));
}

#[test]
fn rule_5_ashore_battleship_and_cruiser() {
    assert_eq!((c('p', 'c'), c('p', 'e'), c('p', 'b')), (EQ, A, D), "主力舰 = 师长");
    assert_eq!((c('p', '8'), c('p', '9'), c('p', '7')), (EQ, A, D), "and 坦克车");
    assert_eq!((c('q', 'e'), c('q', 'f'), c('q', 'c')), (EQ, A, D), "巡洋舰 = 团长");
    assert_eq!((c('q', '9'), c('q', 'n'), c('q', '8')), (EQ, A, D), "and 大炮");
    assert_eq!((c('c', 'p'), c('8', 'p'), c('e', 'q')), (EQ, EQ, EQ));
}

#[test]
fn rule_6_the_gunboat_strikes_as_major_and_battery() {
    for d in ['g', 'h', '2', '3', 'i', '0', '4', 'm'] {
        assert_eq!(c('r', d), A, "{d}");
    }
    assert_eq!((c('r', 'f'), c('r', '6'), c('r', 'k'), c('r', 'j')), (EQ, EQ, EQ, EQ));
    for d in ['a', '1', 'b', 'c', 'e', '7', '8', '9', 'n', '5'] {
        assert_eq!(c('r', d), BN, "{d}");
    }
    assert_eq!((c('r', 'm'), c('m', 'r')), (A, A), "between 炮舰 and 炮垒 the attacker wins");
}

#[test]
fn rule_7_the_battery() {
    assert_eq!((c('m', 'p'), c('m', 'q'), c('m', 'r'), c('m', 's'), c('m', 't')), (A, A, A, A, BN));
    assert_eq!((c('i', 'm'), c('u', 'm'), c('9', 'm'), c('6', 'm'), c('k', 'm')), (A, A, A, EQ, EQ));
    assert_eq!((c('0', 'm'), c('a', 'm')), (D, D));
}

#[test]
fn rule_8_fighter_and_reconnaissance_plane() {
    for d in ['a', 'i', '7', 'm', '6', 'k', 'j', 'p', 'v'] {
        assert_eq!(c('u', d), A, "{d}");
    }
    assert_eq!((c('u', 'n'), c('u', 'r'), c('u', '5'), c('u', 't'), c('u', 'u')), (D, D, BN, BN, A));
    for d in ['a', 'i', '7', 'm', 'k', 'j', '5', 'p', 's'] {
        assert_eq!(c('v', d), R, "{d}");
    }
    assert_eq!((c('v', 'n'), c('v', 'r'), c('v', 'u'), c('v', '6'), c('v', 'v'), c('v', 't')), (D, D, D, EQ, BN, BN));
}

#[test]
fn rule_9_resting_aircraft() {
    assert_eq!((c('n', 'u'), c('r', 'u'), c('n', 'v'), c('r', 'v')), (A, A, A, A));
    assert_eq!((c('6', 'u'), c('6', 'v'), c('t', 'u'), c('t', 'v')), (EQ, EQ, BN, BN));
    assert_eq!((c('a', 'u'), c('p', 'u'), c('k', 'u')), (D, D, D), "any other attack on a fighter loses");
    assert_eq!((c('a', 'v'), c('p', 'v'), c('k', 'v')), (BN, BN, BN), "on a scout it bounces");
}

#[test]
fn rule_10_the_flag() {
    for a in ['a', 'i', '7', '4', 'k', 'p', 'q'] {
        assert_eq!(c(a, 'l'), F, "{a} takes the flag");
    }
    for a in ['6', 'r', 'u', 'v'] {
        assert_eq!(c(a, 'l'), NEVER, "{a} never reaches a gate");
    }
}
