//! The 27 pieces of each side in 二十一世紀海軍棋 (`rules-haijun.md` §9, codes of §10.10). The
//! rows are [`NavalDef`]s, the same shape as the 春水 fleet's, so names are read by the shared
//! [`parse_in`](crate::haijun::pieces::parse_in).

use crate::haijun::pieces::{NavalDef, code_in, def, parse_in};
use crate::piece::PieceKind;

/// The fleet in code order `a`–`n` (§10.10).
pub const PIECES: [NavalDef; 14] = [
    def('a', "航空母舰", &[], "航", "aircraft carrier", "CV", 1),
    def('b', "炮舰", &[], "炮", "gunboat", "PG", 2),
    def('c', "巡洋舰", &[], "巡", "cruiser", "CA", 2),
    def('d', "驱逐舰", &[], "驱", "destroyer", "DD", 2),
    def('e', "鱼雷快艇", &[], "快", "torpedo boat", "TB", 3),
    def('f', "扫雷艇", &["扫雷舰"], "扫", "minesweeper", "MS", 3),
    def('g', "潜水艇", &[], "潜", "submarine", "SS", 2),
    def('h', "鱼雷", &[], "鱼", "torpedo", "Tor", 2),
    def('i', "水雷", &[], "水", "sea mine", "Mine", 3),
    def('j', "旗舰", &[], "旗", "flagship", "FS", 1),
    def('k', "飞弹快艇", &["导弹快艇"], "弹", "missile boat", "MB", 3),
    def('l', "军旗", &[], "军", "flag", "Flag", 1),
    def('m', "反潜机", &[], "反", "anti-submarine plane", "ASW", 1),
    def('n', "轰炸机", &[], "轰", "bomber", "Bmb", 1),
];

/// Pieces per side.
pub const FLEET_SIZE: usize = 27;

/// Named kinds, for the rules that speak about specific pieces.
pub mod kinds {
    use crate::piece::PieceKind;
    /// 航空母艦.
    pub const CARRIER: PieceKind = PieceKind(0);
    /// 巡洋艦.
    pub const CRUISER: PieceKind = PieceKind(2);
    /// 驅逐艦.
    pub const DESTROYER: PieceKind = PieceKind(3);
    /// 魚雷快艇.
    pub const TORPEDO_BOAT: PieceKind = PieceKind(4);
    /// 掃雷艇.
    pub const MINESWEEPER: PieceKind = PieceKind(5);
    /// 潛水艇.
    pub const SUBMARINE: PieceKind = PieceKind(6);
    /// 魚雷.
    pub const TORPEDO: PieceKind = PieceKind(7);
    /// 水雷.
    pub const MINE: PieceKind = PieceKind(8);
    /// 旗艦.
    pub const FLAGSHIP: PieceKind = PieceKind(9);
    /// 飛彈快艇.
    pub const MISSILE_BOAT: PieceKind = PieceKind(10);
    /// 軍旗.
    pub const FLAG: PieceKind = PieceKind(11);
    /// 反潛機.
    pub const ASW_PLANE: PieceKind = PieceKind(12);
    /// 轟炸機.
    pub const BOMBER: PieceKind = PieceKind(13);
}

/// The definition of a kind.
pub fn def_of(kind: PieceKind) -> &'static NavalDef {
    &PIECES[kind.0 as usize]
}

/// The kind of a code letter (either case).
pub fn from_code(c: char) -> Option<PieceKind> {
    code_in(&PIECES, c)
}

/// Reads a piece name: code, full or short Chinese name (简体 or 繁體) or English name.
pub fn parse(text: &str) -> Option<PieceKind> {
    parse_in(&PIECES, text)
}

/// Whether a kind flies (反潛機, 轟炸機): it moves only along air lanes (§10.11).
pub fn is_aircraft(kind: PieceKind) -> bool {
    kind == kinds::ASW_PLANE || kind == kinds::BOMBER
}

/// Whether a kind is a ship (§10.15: 旗艦 and 潛水艇 included; not 魚雷, 水雷, 軍旗, aircraft).
pub fn is_ship(kind: PieceKind) -> bool {
    !is_aircraft(kind) && ![kinds::TORPEDO, kinds::MINE, kinds::FLAG].contains(&kind)
}

/// Whether a kind is a 快艇 of the wolf pack (飛彈快艇 or 魚雷快艇, §10.14).
pub fn is_fast_boat(kind: PieceKind) -> bool {
    kind == kinds::MISSILE_BOAT || kind == kinds::TORPEDO_BOAT
}

/// The rank of §9 rule 9 (higher wins): 旗艦 > 航空母艦 > 巡洋艦 > 炮艦 > 驅逐艦 > 飛彈快艇 =
/// 魚雷快艇 > 掃雷艇; `None` for kinds the earlier rules always decide.
pub fn rank(kind: PieceKind) -> Option<u8> {
    Some(match def_of(kind).code {
        'j' => 7,
        'a' => 6,
        'c' => 5,
        'b' => 4,
        'd' => 3,
        'k' | 'e' => 2,
        'f' => 1,
        _ => return None,
    })
}
