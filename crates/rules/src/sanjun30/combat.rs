//! The combat table of `rules-sanjun30.md` §5, kept as the spec prints it (rows and columns in
//! the table's order, which is [`super::pieces::PIECES`]'s) so that every cell can be compared
//! with the document; `mines=spring` changes one column (§11.13). Where §5's notes and the table
//! differ, the table rules (§11.12).

use crate::combat::Outcome;
use crate::options::Mines;
use crate::piece::PieceKind;

use super::pieces::{PIECES, kinds};

/// Attacker rows × defender columns (§5). Rows `j`, `5` and `l` never attack and are all `.`.
const TABLE: [&str; 30] = [
    "=AAAAAAAAAADDDDDDDDD=DFAA...DB", // a 总司令
    "D=AAAAAAAAADDDDDDDDD=DFAA...DB", // 1 兵团司令
    "DD=AAAAAAAADDDDDDDDD=DFAA...DB", // b 军长
    "DDD=AAAAAAADDDDDDDDD=DF=A...DB", // c 师长
    "DDDD=AAAAAADDDDDDDDD=DFD=...DB", // e 团长
    "DDDDD=AAAAADDDDDDDDD=DFDD...DB", // f 营长
    "DDDDDD=AAAADDDDDDDDD=DFDD...DB", // g 连长
    "DDDDDDD=AAADDDDDDDDD=DFDD...DB", // h 排长
    "DDDDDDDD=AADDDDDDDDD=DFDD...DB", // 2 骑兵
    "DDDDDDDDD=ADDDDDDDDD=DFDD...DB", // 3 步兵
    "DDDDDDDDDD=DDDDADADAAAFDD...DB", // i 工兵
    "AAAAAAAAAAA=AAAAAA===DFAA...DB", // 7 原子炮
    "AAAAAAAAAAAD=AAAAA===DF=A...DB", // 8 坦克车
    "AAAAAAAAAAADD=AAAA===DFD=...DB", // 9 大炮
    "AAAAAAAAAAADDD=AAA===DFDD...AA", // n 高射炮
    ".......................AAAAB..", // m 炮垒 (strike)
    "AAAAAAAAAAADDDDD=A===DFDD...DB", // 0 机关枪
    "AAAAAAAAAADDDDDDD=DDDDFDD...DB", // 4 毒气
    "AAAAAAAAAAA======A===D.====D==", // 6 飞弹
    "AAAAAAAAAAD======A===DF==...DB", // k 炸弹
    "..............................", // j 地雷 never attacks
    "..............................", // 5 陷阱 never attacks
    "..............................", // l 军旗 never attacks
    "DDD=AAAAAAAD=AAAAA===DF=AAADDB", // p 主力舰
    "DDDD=AAAAAADD=AAAA===DFD=AADDB", // q 巡洋舰
    "BBBBB=AAAAABBBBAAA===B.DD=ADAA", // r 炮舰 (strike)
    ".......................DDD=ADB", // s 驱逐舰
    ".......................AAAD=BB", // t 潜水艇
    "AAAAAAAAAAAAAADAAAAAAB.AADABAA", // u 战斗机
    "RRRRRRRRRRRRRRDRRR=RRR.RRDRBDB", // v 侦察机
];

/// The cell for attacker `a` against defender `d`, with the `mines` option applied.
pub fn cell(a: PieceKind, d: PieceKind, mines: Mines) -> char {
    let c = TABLE[a.0 as usize].as_bytes()[d.0 as usize] as char;
    // §11.13: spring mines kill what trades with them, except the bomb and the missile.
    let trades_anyway = matches!(a, kinds::BOMB | kinds::MISSILE);
    if d == kinds::MINE && c == '=' && mines == Mines::Spring && !trades_anyway { 'D' } else { c }
}

/// The outcome of `attacker` attacking `defender`, or `None` where the two can never meet (`.`,
/// an illegal move by §11.12).
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

/// A row as the spec prints it (code, then spaced cells) under the default `mines=mutual`, for
/// the test that compares the two.
pub fn printed_row(attacker: PieceKind) -> String {
    let cells: Vec<String> =
        (0..PIECES.len()).map(|d| cell(attacker, PieceKind(d as u8), Mines::Mutual).to_string()).collect();
    format!("{} {}", PIECES[attacker.0 as usize].code, cells.join(" "))
}
