//! The combat table of `rules-sanjun.md` §5, kept as the spec prints it so that every cell can be
//! compared with the document; options change single columns (§10.9).

use crate::combat::Outcome;
use crate::options::Mines;
use crate::piece::PieceKind;

use super::pieces::{PIECES, kinds};

/// Attacker rows × defender columns, both in code order `abcdefghijklmnpqrstuv` (§5). Rows `j` and
/// `l` never attack and are all `.`.
const TABLE: [&str; 21] = [
    "=AAAAAAAAD=FDAAA...DB", // a 总司令
    "D=AAAAAAAD=FDAAA...DB", // b 军长
    "DD=AAAAAAD=FDA=A...DB", // c 师长
    "DDD=AAAAAD=FDADA...DB", // d 旅长
    "DDDD=AAAAD=FDAD=...DB", // e 团长
    "DDDDD=AAAD=FDADD...DB", // f 营长
    "DDDDDD=AAD=FDADD...DB", // g 连长
    "DDDDDDD=AD=FDADD...DB", // h 排长
    "DDDDDDDD=A=FAADD...DB", // i 工兵
    ".....................", // j 地雷 never attacks
    "===========F====...D=", // k 炸弹
    ".....................", // l 军旗 never attacks
    "..............AAAAB..", // m 炮垒 (arrow strike)
    "DDDDDDDDDD=FD=DD...AA", // n 高射炮
    "DD=AAAAAAD=.DA=AAADDB", // p 主力舰
    "DDDD=AAAAD=.DAD=AADDB", // q 巡洋舰
    "AAAAAAAAAD=.AADD=ADAA", // r 炮舰
    "..............DDD=ADB", // s 驱逐舰
    "..............AAAD=BB", // t 潜水艇
    "AAAAAAAAAAA.ADAADABAA", // u 战斗机
    "RRRRRRRRRRR.RDRRDRRDR", // v 侦察机
];

/// The cell of the table for attacker `a` against defender `d`, with `mines=mutual` applied.
fn cell(a: PieceKind, d: PieceKind, mines: Mines) -> char {
    let c = TABLE[a.0 as usize].as_bytes()[d.0 as usize] as char;
    // §10.9: mutual mines turn only the 地雷 column's D into "both removed".
    if d == kinds::MINE && c == 'D' && mines == Mines::Mutual { '=' } else { c }
}

/// The outcome of `attacker` attacking `defender`, or `None` where the two can never meet (`.`).
pub fn resolve(attacker: PieceKind, defender: PieceKind, mines: Mines) -> Option<Outcome> {
    Some(match cell(attacker, defender, mines) {
        'A' => Outcome::AttackerWon,
        'D' => Outcome::DefenderWon,
        '=' => Outcome::BothRemoved,
        'B' => Outcome::Bounced,
        'R' => Outcome::Scouted,
        'F' => Outcome::FlagCaptured,
        _ => return None,
    })
}

/// The table as the spec prints it (rows with their code and spaced cells), for the test that
/// compares the two.
pub fn printed_row(attacker: PieceKind) -> String {
    let cells: Vec<String> =
        (0..PIECES.len()).map(|d| cell(attacker, PieceKind(d as u8), Mines::Spring).to_string()).collect();
    format!("{} {}", PIECES[attacker.0 as usize].code, cells.join(" "))
}
