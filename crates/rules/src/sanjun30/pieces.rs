//! The 30 pieces of each side (`rules-sanjun30.md` §1), one of each kind.
//!
//! Kinds are indices into [`PIECES`] in the order of the combat table's rows and columns (§5),
//! not code order: the table is then read cell for cell. The 20 kinds sanjun also has keep their
//! sanjun codes; the 10 new ones are digits (§1 Decision).

use crate::piece::PieceKind;

pub use crate::sanjun::pieces::Service;

/// Static facts about one kind.
#[derive(Debug, Clone, Copy)]
pub struct Piece30Def {
    /// The code (`a`, `1`, …).
    pub code: char,
    /// Chinese name in 简体 (总司令); 繁體 comes from the character table.
    pub zh: &'static str,
    /// Short Chinese label for tiles (总司).
    pub short_zh: &'static str,
    /// English name.
    pub en: &'static str,
    /// Short English label for tiles.
    pub short_en: &'static str,
    /// The service.
    pub service: Service,
}

const fn def(
    code: char,
    zh: &'static str,
    short_zh: &'static str,
    en: &'static str,
    short_en: &'static str,
    service: Service,
) -> Piece30Def {
    Piece30Def { code, zh, short_zh, en, short_en, service }
}

use Service::{Air, Army, Navy, Weapon};

/// The piece table, in the order of §5's table.
pub const PIECES: [Piece30Def; 30] = [
    def('a', "总司令", "总司", "commander-in-chief", "CinC", Army),
    def('1', "兵团司令", "兵团", "army-group commander", "AGC", Army),
    def('b', "军长", "军长", "corps general", "Gen", Army),
    def('c', "师长", "师长", "division general", "DivG", Army),
    def('e', "团长", "团长", "colonel", "Col", Army),
    def('f', "营长", "营长", "major", "Maj", Army),
    def('g', "连长", "连长", "captain", "Capt", Army),
    def('h', "排长", "排长", "lieutenant", "Lt", Army),
    def('2', "骑兵", "骑兵", "cavalry", "Cav", Army),
    def('3', "步兵", "步兵", "infantry", "Inf", Army),
    def('i', "工兵", "工兵", "engineer", "Eng", Army),
    def('7', "原子炮", "原子", "atomic cannon", "Atom", Weapon),
    def('8', "坦克车", "坦克", "tank", "Tank", Weapon),
    def('9', "大炮", "大炮", "artillery", "Art", Weapon),
    def('n', "高射炮", "高射", "anti-aircraft gun", "AA", Weapon),
    def('m', "炮垒", "炮垒", "coastal battery", "Bat", Weapon),
    def('0', "机关枪", "机枪", "machine gun", "MG", Weapon),
    def('4', "毒气", "毒气", "poison gas", "Gas", Weapon),
    def('6', "飞弹", "飞弹", "missile", "Msl", Weapon),
    def('k', "炸弹", "炸弹", "bomb", "Bomb", Weapon),
    def('j', "地雷", "地雷", "landmine", "Mine", Weapon),
    def('5', "陷阱", "陷阱", "trap", "Trap", Weapon),
    def('l', "军旗", "军旗", "flag", "Flag", Army),
    def('p', "主力舰", "主力", "battleship", "BB", Navy),
    def('q', "巡洋舰", "巡洋", "cruiser", "CA", Navy),
    def('r', "炮舰", "炮舰", "gunboat", "GB", Navy),
    def('s', "驱逐舰", "驱逐", "destroyer", "DD", Navy),
    def('t', "潜水艇", "潜艇", "submarine", "SS", Navy),
    def('u', "战斗机", "战机", "fighter", "Ftr", Air),
    def('v', "侦察机", "侦察", "reconnaissance plane", "Rec", Air),
];

/// Pieces per side.
pub const ARMY_SIZE: usize = 30;

/// Named kinds, for the rules that speak about specific pieces.
pub mod kinds {
    use crate::piece::PieceKind;
    /// 总司令.
    pub const COMMANDER: PieceKind = PieceKind(0);
    /// 骑兵.
    pub const CAVALRY: PieceKind = PieceKind(8);
    /// 工兵.
    pub const ENGINEER: PieceKind = PieceKind(10);
    /// 高射炮.
    pub const ANTI_AIRCRAFT: PieceKind = PieceKind(14);
    /// 炮垒.
    pub const BATTERY: PieceKind = PieceKind(15);
    /// 飞弹.
    pub const MISSILE: PieceKind = PieceKind(18);
    /// 炸弹.
    pub const BOMB: PieceKind = PieceKind(19);
    /// 地雷.
    pub const MINE: PieceKind = PieceKind(20);
    /// 陷阱.
    pub const TRAP: PieceKind = PieceKind(21);
    /// 军旗.
    pub const FLAG: PieceKind = PieceKind(22);
    /// 主力舰.
    pub const BATTLESHIP: PieceKind = PieceKind(23);
    /// 巡洋舰.
    pub const CRUISER: PieceKind = PieceKind(24);
    /// 炮舰.
    pub const GUNBOAT: PieceKind = PieceKind(25);
    /// 驱逐舰.
    pub const DESTROYER: PieceKind = PieceKind(26);
    /// 潜水艇.
    pub const SUBMARINE: PieceKind = PieceKind(27);
    /// 战斗机.
    pub const FIGHTER: PieceKind = PieceKind(28);
    /// 侦察机.
    pub const RECON: PieceKind = PieceKind(29);
}

/// The definition of a kind.
pub fn def_of(kind: PieceKind) -> &'static Piece30Def {
    &PIECES[kind.0 as usize]
}

/// Every kind, in table order.
pub fn all_kinds() -> impl Iterator<Item = PieceKind> {
    (0..PIECES.len() as u8).map(PieceKind)
}

/// The kind with this code (letters in any case).
pub fn from_code(c: char) -> Option<PieceKind> {
    let c = c.to_ascii_lowercase();
    PIECES.iter().position(|d| d.code == c).map(|i| PieceKind(i as u8))
}

/// A piece as players name it (§1 "Input"): its code, its full Chinese name in 简体 or 繁體, or
/// its English name (any case). No one-character forms: 炮, 兵, 司令 are ambiguous.
pub fn from_token(text: &str) -> Option<PieceKind> {
    let t = text.trim();
    let mut chars = t.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        return from_code(c);
    }
    let lower = t.to_lowercase();
    PIECES
        .iter()
        .position(|d| d.zh == t || crate::contract::to_traditional(d.zh) == t || d.en == lower)
        .map(|i| PieceKind(i as u8))
}

/// Whether the kind ever moves by itself: 军旗, 地雷, 陷阱 and 炮垒 never do (§4); the 炮垒
/// strikes without moving, which [`super::moves`] handles.
pub fn is_mobile(kind: PieceKind) -> bool {
    !matches!(kind, kinds::FLAG | kinds::MINE | kinds::TRAP | kinds::BATTERY)
}

/// Whether a ship of this kind may land (主力舰 and 巡洋舰 only, §4 "Landing").
pub fn can_land(kind: PieceKind) -> bool {
    matches!(kind, kinds::BATTLESHIP | kinds::CRUISER)
}

/// Whether an aircraft flying over this kind is shot down (高射炮, 炮舰).
pub fn shoots_aircraft(kind: PieceKind) -> bool {
    matches!(kind, kinds::ANTI_AIRCRAFT | kinds::GUNBOAT)
}

/// Whether the kind is an aircraft.
pub fn is_air(kind: PieceKind) -> bool {
    def_of(kind).service == Service::Air
}

/// Whether the kind is a ship.
pub fn is_ship(kind: PieceKind) -> bool {
    def_of(kind).service == Service::Navy
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thirty_kinds_one_each_by_service() {
        let count = |s: Service| PIECES.iter().filter(|d| d.service == s).count();
        // Land 23 (officers 11 and the flag, weapons 11), navy 5, air 2.
        assert_eq!(
            (count(Service::Army), count(Service::Weapon), count(Service::Navy), count(Service::Air)),
            (12, 11, 5, 2)
        );
        let codes: String = PIECES.iter().map(|d| d.code).collect();
        assert_eq!(codes, "a1bcefgh23i789nm046kj5lpqrstuv");
        let mut sorted: Vec<char> = codes.chars().collect();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), ARMY_SIZE, "codes are distinct");
        assert!(!codes.contains('d') && !codes.contains('o'));
    }

    #[test]
    fn names_in_three_languages_read_back() {
        // The 繁體 names are the spec's own (§1).
        let hant = [
            "總司令",
            "兵團司令",
            "軍長",
            "師長",
            "團長",
            "營長",
            "連長",
            "排長",
            "騎兵",
            "步兵",
            "工兵",
            "原子炮",
            "坦克車",
            "大炮",
            "高射炮",
            "炮壘",
            "機關槍",
            "毒氣",
            "飛彈",
            "炸彈",
            "地雷",
            "陷阱",
            "軍旗",
            "主力艦",
            "巡洋艦",
            "炮艦",
            "驅逐艦",
            "潛水艇",
            "戰鬥機",
            "偵察機",
        ];
        for (i, d) in PIECES.iter().enumerate() {
            assert_eq!(crate::contract::to_traditional(d.zh), hant[i], "{}", d.zh);
            assert_eq!(from_token(hant[i]), Some(PieceKind(i as u8)));
            assert_eq!(from_token(d.zh), Some(PieceKind(i as u8)));
            assert_eq!(from_token(&d.en.to_uppercase()), Some(PieceKind(i as u8)));
            assert_eq!(from_token(&d.code.to_string()), Some(PieceKind(i as u8)));
        }
        assert_eq!(from_token("炮"), None, "one-character forms are ambiguous");
        assert_eq!(from_token("司令"), None);
    }
}
