//! One test per cell of 二十一世紀海軍棋's combat (`rules-haijun.md` §9 "Combat", §10.13–15):
//! the nine rules worked out by hand for every attacker (rows; 水雷 and 軍旗 never attack) and
//! defender (columns), written out so that a failure names the pair. Both attack directions are
//! cells of their own, so the pairs that depend on who attacks (潛水艇 and 旗艦, the 反潛機, the
//! wolf pack) are each checked both ways. The carrier's cells for 快艇 are those of a lone boat;
//! the wolf pack has its own tests below.

use junqi_rules::Outcome;
use junqi_rules::haijun21::combat::resolve;
use junqi_rules::haijun21::pieces::from_code;

/// The table the tests below were generated from (attacker rows × defender columns `a`–`n`):
/// `A` attacker wins, `D` defender wins, `=` both removed, `F` flag captured, `S` scouted.
pub const EXPECTED: [(char, &str); 12] = [
    ('a', "=AAAAAD==DAFAA"),
    ('b', "D=DAAAD==DAFAA"),
    ('c', "DA=AAAD==DDFAA"),
    ('d', "DDD=AAD==DDFAA"),
    ('e', "DDDD=AA==D=FAA"),
    ('f', "DDDDD=D=ADDFAA"),
    ('g', "AAAADA===AAFAA"),
    ('h', "===========F=="),
    ('j', "AAAAAAA===AFAA"),
    ('k', "DDAA=AD==D=FAA"),
    ('m', "SSSSSSSSSSSSSS"),
    ('n', "AAAAAAA==AAFAA"),
];

fn outcome(c: char) -> Outcome {
    match c {
        'A' => Outcome::AttackerWon,
        'D' => Outcome::DefenderWon,
        '=' => Outcome::BothRemoved,
        'F' => Outcome::FlagCaptured,
        'S' => Outcome::Scouted,
        _ => unreachable!("not a cell: {c}"),
    }
}

/// `a` attacking `d` with no wolf pack gives `expected`.
fn check(a: char, d: char, expected: char) {
    let (ka, kd) = (from_code(a).unwrap(), from_code(d).unwrap());
    assert_eq!(resolve(ka, kd, 0), Some(outcome(expected)), "{a} attacks {d}");
    let row = EXPECTED.iter().find(|r| r.0 == a).unwrap().1;
    assert_eq!(row.as_bytes()[(d as u8 - b'a') as usize] as char, expected, "the table and the test agree");
}

macro_rules! cell {
    ($name:ident, $a:literal, $d:literal, $o:literal) => {
        #[test]
        fn $name() {
            check($a, $d, $o);
        }
    };
}

cell!(carrier_attacks_carrier, 'a', 'a', '=');
cell!(carrier_attacks_gunboat, 'a', 'b', 'A');
cell!(carrier_attacks_cruiser, 'a', 'c', 'A');
cell!(carrier_attacks_destroyer, 'a', 'd', 'A');
cell!(carrier_attacks_torpedo_boat, 'a', 'e', 'A');
cell!(carrier_attacks_minesweeper, 'a', 'f', 'A');
cell!(carrier_attacks_submarine, 'a', 'g', 'D');
cell!(carrier_attacks_torpedo, 'a', 'h', '=');
cell!(carrier_attacks_mine, 'a', 'i', '=');
cell!(carrier_attacks_flagship, 'a', 'j', 'D');
cell!(carrier_attacks_missile_boat, 'a', 'k', 'A');
cell!(carrier_attacks_flag, 'a', 'l', 'F');
cell!(carrier_attacks_asw_plane, 'a', 'm', 'A');
cell!(carrier_attacks_bomber, 'a', 'n', 'A');
cell!(gunboat_attacks_carrier, 'b', 'a', 'D');
cell!(gunboat_attacks_gunboat, 'b', 'b', '=');
cell!(gunboat_attacks_cruiser, 'b', 'c', 'D');
cell!(gunboat_attacks_destroyer, 'b', 'd', 'A');
cell!(gunboat_attacks_torpedo_boat, 'b', 'e', 'A');
cell!(gunboat_attacks_minesweeper, 'b', 'f', 'A');
cell!(gunboat_attacks_submarine, 'b', 'g', 'D');
cell!(gunboat_attacks_torpedo, 'b', 'h', '=');
cell!(gunboat_attacks_mine, 'b', 'i', '=');
cell!(gunboat_attacks_flagship, 'b', 'j', 'D');
cell!(gunboat_attacks_missile_boat, 'b', 'k', 'A');
cell!(gunboat_attacks_flag, 'b', 'l', 'F');
cell!(gunboat_attacks_asw_plane, 'b', 'm', 'A');
cell!(gunboat_attacks_bomber, 'b', 'n', 'A');
cell!(cruiser_attacks_carrier, 'c', 'a', 'D');
cell!(cruiser_attacks_gunboat, 'c', 'b', 'A');
cell!(cruiser_attacks_cruiser, 'c', 'c', '=');
cell!(cruiser_attacks_destroyer, 'c', 'd', 'A');
cell!(cruiser_attacks_torpedo_boat, 'c', 'e', 'A');
cell!(cruiser_attacks_minesweeper, 'c', 'f', 'A');
cell!(cruiser_attacks_submarine, 'c', 'g', 'D');
cell!(cruiser_attacks_torpedo, 'c', 'h', '=');
cell!(cruiser_attacks_mine, 'c', 'i', '=');
cell!(cruiser_attacks_flagship, 'c', 'j', 'D');
cell!(cruiser_attacks_missile_boat, 'c', 'k', 'D');
cell!(cruiser_attacks_flag, 'c', 'l', 'F');
cell!(cruiser_attacks_asw_plane, 'c', 'm', 'A');
cell!(cruiser_attacks_bomber, 'c', 'n', 'A');
cell!(destroyer_attacks_carrier, 'd', 'a', 'D');
cell!(destroyer_attacks_gunboat, 'd', 'b', 'D');
cell!(destroyer_attacks_cruiser, 'd', 'c', 'D');
cell!(destroyer_attacks_destroyer, 'd', 'd', '=');
cell!(destroyer_attacks_torpedo_boat, 'd', 'e', 'A');
cell!(destroyer_attacks_minesweeper, 'd', 'f', 'A');
cell!(destroyer_attacks_submarine, 'd', 'g', 'D');
cell!(destroyer_attacks_torpedo, 'd', 'h', '=');
cell!(destroyer_attacks_mine, 'd', 'i', '=');
cell!(destroyer_attacks_flagship, 'd', 'j', 'D');
cell!(destroyer_attacks_missile_boat, 'd', 'k', 'D');
cell!(destroyer_attacks_flag, 'd', 'l', 'F');
cell!(destroyer_attacks_asw_plane, 'd', 'm', 'A');
cell!(destroyer_attacks_bomber, 'd', 'n', 'A');
cell!(torpedo_boat_attacks_carrier, 'e', 'a', 'D');
cell!(torpedo_boat_attacks_gunboat, 'e', 'b', 'D');
cell!(torpedo_boat_attacks_cruiser, 'e', 'c', 'D');
cell!(torpedo_boat_attacks_destroyer, 'e', 'd', 'D');
cell!(torpedo_boat_attacks_torpedo_boat, 'e', 'e', '=');
cell!(torpedo_boat_attacks_minesweeper, 'e', 'f', 'A');
cell!(torpedo_boat_attacks_submarine, 'e', 'g', 'A');
cell!(torpedo_boat_attacks_torpedo, 'e', 'h', '=');
cell!(torpedo_boat_attacks_mine, 'e', 'i', '=');
cell!(torpedo_boat_attacks_flagship, 'e', 'j', 'D');
cell!(torpedo_boat_attacks_missile_boat, 'e', 'k', '=');
cell!(torpedo_boat_attacks_flag, 'e', 'l', 'F');
cell!(torpedo_boat_attacks_asw_plane, 'e', 'm', 'A');
cell!(torpedo_boat_attacks_bomber, 'e', 'n', 'A');
cell!(minesweeper_attacks_carrier, 'f', 'a', 'D');
cell!(minesweeper_attacks_gunboat, 'f', 'b', 'D');
cell!(minesweeper_attacks_cruiser, 'f', 'c', 'D');
cell!(minesweeper_attacks_destroyer, 'f', 'd', 'D');
cell!(minesweeper_attacks_torpedo_boat, 'f', 'e', 'D');
cell!(minesweeper_attacks_minesweeper, 'f', 'f', '=');
cell!(minesweeper_attacks_submarine, 'f', 'g', 'D');
cell!(minesweeper_attacks_torpedo, 'f', 'h', '=');
cell!(minesweeper_attacks_mine, 'f', 'i', 'A');
cell!(minesweeper_attacks_flagship, 'f', 'j', 'D');
cell!(minesweeper_attacks_missile_boat, 'f', 'k', 'D');
cell!(minesweeper_attacks_flag, 'f', 'l', 'F');
cell!(minesweeper_attacks_asw_plane, 'f', 'm', 'A');
cell!(minesweeper_attacks_bomber, 'f', 'n', 'A');
cell!(submarine_attacks_carrier, 'g', 'a', 'A');
cell!(submarine_attacks_gunboat, 'g', 'b', 'A');
cell!(submarine_attacks_cruiser, 'g', 'c', 'A');
cell!(submarine_attacks_destroyer, 'g', 'd', 'A');
cell!(submarine_attacks_torpedo_boat, 'g', 'e', 'D');
cell!(submarine_attacks_minesweeper, 'g', 'f', 'A');
cell!(submarine_attacks_submarine, 'g', 'g', '=');
cell!(submarine_attacks_torpedo, 'g', 'h', '=');
cell!(submarine_attacks_mine, 'g', 'i', '=');
cell!(submarine_attacks_flagship, 'g', 'j', 'A');
cell!(submarine_attacks_missile_boat, 'g', 'k', 'A');
cell!(submarine_attacks_flag, 'g', 'l', 'F');
cell!(submarine_attacks_asw_plane, 'g', 'm', 'A');
cell!(submarine_attacks_bomber, 'g', 'n', 'A');
cell!(torpedo_attacks_carrier, 'h', 'a', '=');
cell!(torpedo_attacks_gunboat, 'h', 'b', '=');
cell!(torpedo_attacks_cruiser, 'h', 'c', '=');
cell!(torpedo_attacks_destroyer, 'h', 'd', '=');
cell!(torpedo_attacks_torpedo_boat, 'h', 'e', '=');
cell!(torpedo_attacks_minesweeper, 'h', 'f', '=');
cell!(torpedo_attacks_submarine, 'h', 'g', '=');
cell!(torpedo_attacks_torpedo, 'h', 'h', '=');
cell!(torpedo_attacks_mine, 'h', 'i', '=');
cell!(torpedo_attacks_flagship, 'h', 'j', '=');
cell!(torpedo_attacks_missile_boat, 'h', 'k', '=');
cell!(torpedo_attacks_flag, 'h', 'l', 'F');
cell!(torpedo_attacks_asw_plane, 'h', 'm', '=');
cell!(torpedo_attacks_bomber, 'h', 'n', '=');
cell!(flagship_attacks_carrier, 'j', 'a', 'A');
cell!(flagship_attacks_gunboat, 'j', 'b', 'A');
cell!(flagship_attacks_cruiser, 'j', 'c', 'A');
cell!(flagship_attacks_destroyer, 'j', 'd', 'A');
cell!(flagship_attacks_torpedo_boat, 'j', 'e', 'A');
cell!(flagship_attacks_minesweeper, 'j', 'f', 'A');
cell!(flagship_attacks_submarine, 'j', 'g', 'A');
cell!(flagship_attacks_torpedo, 'j', 'h', '=');
cell!(flagship_attacks_mine, 'j', 'i', '=');
cell!(flagship_attacks_flagship, 'j', 'j', '=');
cell!(flagship_attacks_missile_boat, 'j', 'k', 'A');
cell!(flagship_attacks_flag, 'j', 'l', 'F');
cell!(flagship_attacks_asw_plane, 'j', 'm', 'A');
cell!(flagship_attacks_bomber, 'j', 'n', 'A');
cell!(missile_boat_attacks_carrier, 'k', 'a', 'D');
cell!(missile_boat_attacks_gunboat, 'k', 'b', 'D');
cell!(missile_boat_attacks_cruiser, 'k', 'c', 'A');
cell!(missile_boat_attacks_destroyer, 'k', 'd', 'A');
cell!(missile_boat_attacks_torpedo_boat, 'k', 'e', '=');
cell!(missile_boat_attacks_minesweeper, 'k', 'f', 'A');
cell!(missile_boat_attacks_submarine, 'k', 'g', 'D');
cell!(missile_boat_attacks_torpedo, 'k', 'h', '=');
cell!(missile_boat_attacks_mine, 'k', 'i', '=');
cell!(missile_boat_attacks_flagship, 'k', 'j', 'D');
cell!(missile_boat_attacks_missile_boat, 'k', 'k', '=');
cell!(missile_boat_attacks_flag, 'k', 'l', 'F');
cell!(missile_boat_attacks_asw_plane, 'k', 'm', 'A');
cell!(missile_boat_attacks_bomber, 'k', 'n', 'A');
cell!(asw_plane_attacks_carrier, 'm', 'a', 'S');
cell!(asw_plane_attacks_gunboat, 'm', 'b', 'S');
cell!(asw_plane_attacks_cruiser, 'm', 'c', 'S');
cell!(asw_plane_attacks_destroyer, 'm', 'd', 'S');
cell!(asw_plane_attacks_torpedo_boat, 'm', 'e', 'S');
cell!(asw_plane_attacks_minesweeper, 'm', 'f', 'S');
cell!(asw_plane_attacks_submarine, 'm', 'g', 'S');
cell!(asw_plane_attacks_torpedo, 'm', 'h', 'S');
cell!(asw_plane_attacks_mine, 'm', 'i', 'S');
cell!(asw_plane_attacks_flagship, 'm', 'j', 'S');
cell!(asw_plane_attacks_missile_boat, 'm', 'k', 'S');
cell!(asw_plane_attacks_flag, 'm', 'l', 'S');
cell!(asw_plane_attacks_asw_plane, 'm', 'm', 'S');
cell!(asw_plane_attacks_bomber, 'm', 'n', 'S');
cell!(bomber_attacks_carrier, 'n', 'a', 'A');
cell!(bomber_attacks_gunboat, 'n', 'b', 'A');
cell!(bomber_attacks_cruiser, 'n', 'c', 'A');
cell!(bomber_attacks_destroyer, 'n', 'd', 'A');
cell!(bomber_attacks_torpedo_boat, 'n', 'e', 'A');
cell!(bomber_attacks_minesweeper, 'n', 'f', 'A');
cell!(bomber_attacks_submarine, 'n', 'g', 'A');
cell!(bomber_attacks_torpedo, 'n', 'h', '=');
cell!(bomber_attacks_mine, 'n', 'i', '=');
cell!(bomber_attacks_flagship, 'n', 'j', 'A');
cell!(bomber_attacks_missile_boat, 'n', 'k', 'A');
cell!(bomber_attacks_flag, 'n', 'l', 'F');
cell!(bomber_attacks_asw_plane, 'n', 'm', 'A');
cell!(bomber_attacks_bomber, 'n', 'n', 'A');

#[test]
fn the_sea_mine_and_the_flag_never_attack() {
    for d in 'a'..='n' {
        let kd = from_code(d).unwrap();
        assert_eq!(resolve(from_code('i').unwrap(), kd, 0), None, "mine attacks {d}");
        assert_eq!(resolve(from_code('l').unwrap(), kd, 0), None, "flag attacks {d}");
    }
}

#[test]
fn a_wolf_pack_of_three_boats_sinks_the_carrier_and_fewer_do_not() {
    let carrier = from_code('a').unwrap();
    for boat in ['e', 'k'] {
        let kb = from_code(boat).unwrap();
        assert_eq!(resolve(kb, carrier, 0), Some(Outcome::DefenderWon), "{boat} alone");
        assert_eq!(resolve(kb, carrier, 1), Some(Outcome::DefenderWon), "{boat} with one more");
        assert_eq!(resolve(kb, carrier, 2), Some(Outcome::AttackerWon), "{boat} with two more");
        assert_eq!(resolve(kb, carrier, 5), Some(Outcome::AttackerWon), "{boat} with five more");
        // The pack matters only against the carrier; the carrier attacking a boat wins by rank.
        assert_eq!(resolve(carrier, kb, 7), Some(Outcome::AttackerWon), "carrier attacks {boat}");
    }
    // Other ships get no pack rule.
    assert_eq!(resolve(from_code('c').unwrap(), carrier, 7), Some(Outcome::DefenderWon));
}
