//! The combat table of `rules-haijun.md` §5, kept as the spec prints it (attacker rows ×
//! defender columns, both in [`super::pieces::PIECES`] order) so that every cell can be compared
//! with the document. The 水雷 row is all `.`: a mine never attacks.

use crate::combat::Outcome;
use crate::piece::PieceKind;

use super::pieces::PIECES;

/// Attacker rows × defender columns (§5): `A` attacker wins, `D` defender wins, `=` both go.
const TABLE: [&str; 10] = [
    "=AAAAAD==A", // a 航空母舰
    "D=AAAAD==A", // b 战斗舰
    "DD=AAAD==A", // c 巡洋舰
    "DDD=AAD==A", // d 驱逐舰
    "DDDD=AA==A", // e 雷击舰
    "DDDDD=D=AA", // f 扫雷舰
    "AAAADA===A", // g 潜水艇
    "==========", // h 鱼雷
    "..........", // i 水雷 never attacks
    "DDDDDDD===", // j 旗舰
];

/// The cell for attacker `a` against defender `d`.
pub fn cell(a: PieceKind, d: PieceKind) -> char {
    TABLE[a.0 as usize].as_bytes()[d.0 as usize] as char
}

/// The outcome of `attacker` attacking `defender`, or `None` for a 水雷 (it never attacks).
pub fn resolve(attacker: PieceKind, defender: PieceKind) -> Option<Outcome> {
    Some(match cell(attacker, defender) {
        'A' => Outcome::AttackerWon,
        'D' => Outcome::DefenderWon,
        '=' => Outcome::BothRemoved,
        _ => return None,
    })
}

/// A row as the spec prints it (code, then spaced cells), for the test that compares the two.
pub fn printed_row(attacker: PieceKind) -> String {
    let cells: Vec<String> = (0..PIECES.len()).map(|d| cell(attacker, PieceKind(d as u8)).to_string()).collect();
    format!("{}    {}", PIECES[attacker.0 as usize].code, cells.join(" "))
}
