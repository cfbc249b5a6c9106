//! One test per cell of the 10 × 10 combat table (`rules-haijun.md` §5), generated from the
//! spec's table and written out so that a failure names the pair; each test also checks the
//! reverse attack, which must give the mirrored result (the table has no pair that depends on
//! who attacks). The 水雷 never attacks.

use junqi_rules::Outcome;
use junqi_rules::haijun::combat::resolve;
use junqi_rules::haijun::pieces::from_code;

/// The expected outcome of `a` attacking `d`, and that the reverse attack mirrors it.
fn check(a: char, d: char, expected: Outcome) {
    let (ka, kd) = (from_code(a).unwrap(), from_code(d).unwrap());
    assert_eq!(resolve(ka, kd), Some(expected), "{a} attacks {d}");
    let mirrored = match expected {
        Outcome::AttackerWon => Outcome::DefenderWon,
        Outcome::DefenderWon => Outcome::AttackerWon,
        other => other,
    };
    if d != 'i' {
        assert_eq!(resolve(kd, ka), Some(mirrored), "{d} attacks {a}");
    } else {
        assert_eq!(resolve(kd, ka), None, "a mine never attacks");
    }
}

macro_rules! cell {
    ($name:ident, $a:literal, $d:literal, $o:ident) => {
        #[test]
        fn $name() {
            check($a, $d, Outcome::$o);
        }
    };
}

cell!(carrier_attacks_carrier, 'a', 'a', BothRemoved);
cell!(carrier_attacks_battleship, 'a', 'b', AttackerWon);
cell!(carrier_attacks_cruiser, 'a', 'c', AttackerWon);
cell!(carrier_attacks_destroyer, 'a', 'd', AttackerWon);
cell!(carrier_attacks_torpedo_boat, 'a', 'e', AttackerWon);
cell!(carrier_attacks_minesweeper, 'a', 'f', AttackerWon);
cell!(carrier_attacks_submarine, 'a', 'g', DefenderWon);
cell!(carrier_attacks_torpedo, 'a', 'h', BothRemoved);
cell!(carrier_attacks_mine, 'a', 'i', BothRemoved);
cell!(carrier_attacks_flagship, 'a', 'j', AttackerWon);
cell!(battleship_attacks_carrier, 'b', 'a', DefenderWon);
cell!(battleship_attacks_battleship, 'b', 'b', BothRemoved);
cell!(battleship_attacks_cruiser, 'b', 'c', AttackerWon);
cell!(battleship_attacks_destroyer, 'b', 'd', AttackerWon);
cell!(battleship_attacks_torpedo_boat, 'b', 'e', AttackerWon);
cell!(battleship_attacks_minesweeper, 'b', 'f', AttackerWon);
cell!(battleship_attacks_submarine, 'b', 'g', DefenderWon);
cell!(battleship_attacks_torpedo, 'b', 'h', BothRemoved);
cell!(battleship_attacks_mine, 'b', 'i', BothRemoved);
cell!(battleship_attacks_flagship, 'b', 'j', AttackerWon);
cell!(cruiser_attacks_carrier, 'c', 'a', DefenderWon);
cell!(cruiser_attacks_battleship, 'c', 'b', DefenderWon);
cell!(cruiser_attacks_cruiser, 'c', 'c', BothRemoved);
cell!(cruiser_attacks_destroyer, 'c', 'd', AttackerWon);
cell!(cruiser_attacks_torpedo_boat, 'c', 'e', AttackerWon);
cell!(cruiser_attacks_minesweeper, 'c', 'f', AttackerWon);
cell!(cruiser_attacks_submarine, 'c', 'g', DefenderWon);
cell!(cruiser_attacks_torpedo, 'c', 'h', BothRemoved);
cell!(cruiser_attacks_mine, 'c', 'i', BothRemoved);
cell!(cruiser_attacks_flagship, 'c', 'j', AttackerWon);
cell!(destroyer_attacks_carrier, 'd', 'a', DefenderWon);
cell!(destroyer_attacks_battleship, 'd', 'b', DefenderWon);
cell!(destroyer_attacks_cruiser, 'd', 'c', DefenderWon);
cell!(destroyer_attacks_destroyer, 'd', 'd', BothRemoved);
cell!(destroyer_attacks_torpedo_boat, 'd', 'e', AttackerWon);
cell!(destroyer_attacks_minesweeper, 'd', 'f', AttackerWon);
cell!(destroyer_attacks_submarine, 'd', 'g', DefenderWon);
cell!(destroyer_attacks_torpedo, 'd', 'h', BothRemoved);
cell!(destroyer_attacks_mine, 'd', 'i', BothRemoved);
cell!(destroyer_attacks_flagship, 'd', 'j', AttackerWon);
cell!(torpedo_boat_attacks_carrier, 'e', 'a', DefenderWon);
cell!(torpedo_boat_attacks_battleship, 'e', 'b', DefenderWon);
cell!(torpedo_boat_attacks_cruiser, 'e', 'c', DefenderWon);
cell!(torpedo_boat_attacks_destroyer, 'e', 'd', DefenderWon);
cell!(torpedo_boat_attacks_torpedo_boat, 'e', 'e', BothRemoved);
cell!(torpedo_boat_attacks_minesweeper, 'e', 'f', AttackerWon);
cell!(torpedo_boat_attacks_submarine, 'e', 'g', AttackerWon);
cell!(torpedo_boat_attacks_torpedo, 'e', 'h', BothRemoved);
cell!(torpedo_boat_attacks_mine, 'e', 'i', BothRemoved);
cell!(torpedo_boat_attacks_flagship, 'e', 'j', AttackerWon);
cell!(minesweeper_attacks_carrier, 'f', 'a', DefenderWon);
cell!(minesweeper_attacks_battleship, 'f', 'b', DefenderWon);
cell!(minesweeper_attacks_cruiser, 'f', 'c', DefenderWon);
cell!(minesweeper_attacks_destroyer, 'f', 'd', DefenderWon);
cell!(minesweeper_attacks_torpedo_boat, 'f', 'e', DefenderWon);
cell!(minesweeper_attacks_minesweeper, 'f', 'f', BothRemoved);
cell!(minesweeper_attacks_submarine, 'f', 'g', DefenderWon);
cell!(minesweeper_attacks_torpedo, 'f', 'h', BothRemoved);
cell!(minesweeper_attacks_mine, 'f', 'i', AttackerWon);
cell!(minesweeper_attacks_flagship, 'f', 'j', AttackerWon);
cell!(submarine_attacks_carrier, 'g', 'a', AttackerWon);
cell!(submarine_attacks_battleship, 'g', 'b', AttackerWon);
cell!(submarine_attacks_cruiser, 'g', 'c', AttackerWon);
cell!(submarine_attacks_destroyer, 'g', 'd', AttackerWon);
cell!(submarine_attacks_torpedo_boat, 'g', 'e', DefenderWon);
cell!(submarine_attacks_minesweeper, 'g', 'f', AttackerWon);
cell!(submarine_attacks_submarine, 'g', 'g', BothRemoved);
cell!(submarine_attacks_torpedo, 'g', 'h', BothRemoved);
cell!(submarine_attacks_mine, 'g', 'i', BothRemoved);
cell!(submarine_attacks_flagship, 'g', 'j', AttackerWon);
cell!(torpedo_attacks_carrier, 'h', 'a', BothRemoved);
cell!(torpedo_attacks_battleship, 'h', 'b', BothRemoved);
cell!(torpedo_attacks_cruiser, 'h', 'c', BothRemoved);
cell!(torpedo_attacks_destroyer, 'h', 'd', BothRemoved);
cell!(torpedo_attacks_torpedo_boat, 'h', 'e', BothRemoved);
cell!(torpedo_attacks_minesweeper, 'h', 'f', BothRemoved);
cell!(torpedo_attacks_submarine, 'h', 'g', BothRemoved);
cell!(torpedo_attacks_torpedo, 'h', 'h', BothRemoved);
cell!(torpedo_attacks_mine, 'h', 'i', BothRemoved);
cell!(torpedo_attacks_flagship, 'h', 'j', BothRemoved);
cell!(flagship_attacks_carrier, 'j', 'a', DefenderWon);
cell!(flagship_attacks_battleship, 'j', 'b', DefenderWon);
cell!(flagship_attacks_cruiser, 'j', 'c', DefenderWon);
cell!(flagship_attacks_destroyer, 'j', 'd', DefenderWon);
cell!(flagship_attacks_torpedo_boat, 'j', 'e', DefenderWon);
cell!(flagship_attacks_minesweeper, 'j', 'f', DefenderWon);
cell!(flagship_attacks_submarine, 'j', 'g', DefenderWon);
cell!(flagship_attacks_torpedo, 'j', 'h', BothRemoved);
cell!(flagship_attacks_mine, 'j', 'i', BothRemoved);
cell!(flagship_attacks_flagship, 'j', 'j', BothRemoved);
