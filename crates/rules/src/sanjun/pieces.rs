//! The 35 pieces of each side (`rules-sanjun.md` §1): 21 kinds in four services.
//!
//! Kinds are indices into [`PIECES`] (as everywhere in the core), in code order `a`–`v` without
//! `o`, so that the combat table's rows and columns are the same indices.

use crate::piece::PieceKind;

/// The service a piece belongs to; it decides where the piece is deployed and moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Service {
    /// 陆军: the nine officer ranks and the flag.
    Army,
    /// 兵器: landmine, bomb, coastal battery, anti-aircraft gun (land pieces too).
    Weapon,
    /// 海军: the five kinds of ship.
    Navy,
    /// 空军: the two aircraft.
    Air,
}

impl Service {
    /// Army and weapons: the "land pieces" of the spec.
    pub fn is_land(self) -> bool {
        matches!(self, Service::Army | Service::Weapon)
    }
}

/// Static facts about one kind.
#[derive(Debug, Clone, Copy)]
pub struct SanjunPieceDef {
    /// The code letter (`a` … `v`).
    pub code: char,
    /// Chinese name (总司令).
    pub zh: &'static str,
    /// One-character label for tiles (司).
    pub short_zh: &'static str,
    /// English name.
    pub en: &'static str,
    /// Short English label for tiles.
    pub short_en: &'static str,
    /// How many each side has.
    pub count: u8,
    /// The service.
    pub service: Service,
    /// Rank against land pieces (9 = 总司令 … 1 = 工兵; 主力舰 7 and 巡洋舰 5 when landed); 0 for none.
    pub rank: u8,
}

#[allow(clippy::too_many_arguments)]
const fn def(
    code: char,
    zh: &'static str,
    short_zh: &'static str,
    en: &'static str,
    short_en: &'static str,
    count: u8,
    service: Service,
    rank: u8,
) -> SanjunPieceDef {
    SanjunPieceDef { code, zh, short_zh, en, short_en, count, service, rank }
}

/// The piece table, in code order.
pub const PIECES: [SanjunPieceDef; 21] = [
    def('a', "总司令", "司", "commander-in-chief", "CinC", 1, Service::Army, 9),
    def('b', "军长", "军", "general", "Gen", 1, Service::Army, 8),
    def('c', "师长", "师", "major-general", "MG", 1, Service::Army, 7),
    def('d', "旅长", "旅", "brigadier", "Brig", 1, Service::Army, 6),
    def('e', "团长", "团", "colonel", "Col", 2, Service::Army, 5),
    def('f', "营长", "营", "major", "Maj", 2, Service::Army, 4),
    def('g', "连长", "连", "captain", "Capt", 2, Service::Army, 3),
    def('h', "排长", "排", "lieutenant", "Lt", 2, Service::Army, 2),
    def('i', "工兵", "兵", "engineer", "Eng", 2, Service::Army, 1),
    def('j', "地雷", "雷", "landmine", "Mine", 2, Service::Weapon, 0),
    def('k', "炸弹", "炸", "bomb", "Bomb", 2, Service::Weapon, 0),
    def('l', "军旗", "旗", "flag", "Flag", 1, Service::Army, 0),
    def('m', "炮垒", "垒", "coastal battery", "Bat", 2, Service::Weapon, 0),
    def('n', "高射炮", "高炮", "anti-aircraft gun", "AA", 2, Service::Weapon, 0),
    def('p', "主力舰", "主", "battleship", "BB", 2, Service::Navy, 7),
    def('q', "巡洋舰", "巡", "cruiser", "CA", 2, Service::Navy, 5),
    def('r', "炮舰", "炮", "gunboat", "GB", 2, Service::Navy, 0),
    def('s', "驱逐舰", "驱", "destroyer", "DD", 2, Service::Navy, 0),
    def('t', "潜水艇", "潜", "submarine", "SS", 2, Service::Navy, 0),
    def('u', "战斗机", "战", "fighter", "Ftr", 1, Service::Air, 0),
    def('v', "侦察机", "侦", "reconnaissance plane", "Rec", 1, Service::Air, 0),
];

/// Pieces per side.
pub const ARMY_SIZE: usize = 35;

/// Named kinds, for the rules that speak about specific pieces.
pub mod kinds {
    use crate::piece::PieceKind;
    /// 总司令.
    pub const COMMANDER: PieceKind = PieceKind(0);
    /// 工兵.
    pub const ENGINEER: PieceKind = PieceKind(8);
    /// 地雷.
    pub const MINE: PieceKind = PieceKind(9);
    /// 炸弹.
    pub const BOMB: PieceKind = PieceKind(10);
    /// 军旗.
    pub const FLAG: PieceKind = PieceKind(11);
    /// 炮垒.
    pub const BATTERY: PieceKind = PieceKind(12);
    /// 高射炮.
    pub const ANTI_AIRCRAFT: PieceKind = PieceKind(13);
    /// 主力舰.
    pub const BATTLESHIP: PieceKind = PieceKind(14);
    /// 巡洋舰.
    pub const CRUISER: PieceKind = PieceKind(15);
    /// 炮舰.
    pub const GUNBOAT: PieceKind = PieceKind(16);
    /// 驱逐舰.
    pub const DESTROYER: PieceKind = PieceKind(17);
    /// 潜水艇.
    pub const SUBMARINE: PieceKind = PieceKind(18);
    /// 战斗机.
    pub const FIGHTER: PieceKind = PieceKind(19);
    /// 侦察机.
    pub const RECON: PieceKind = PieceKind(20);
}

/// The definition of a kind.
pub fn def_of(kind: PieceKind) -> &'static SanjunPieceDef {
    &PIECES[kind.0 as usize]
}

/// The kind with this code letter (case-insensitive).
pub fn from_code(c: char) -> Option<PieceKind> {
    let c = c.to_ascii_lowercase();
    PIECES.iter().position(|d| d.code == c).map(|i| PieceKind(i as u8))
}

/// Whether the kind ever moves by itself (flags, mines and batteries never do; a battery strikes
/// without moving, which [`super::moves`] handles).
pub fn is_mobile(kind: PieceKind) -> bool {
    !matches!(kind, kinds::FLAG | kinds::MINE | kinds::BATTERY)
}

/// Whether a ship of this kind may land (主力舰 and 巡洋舰 only, §4 "Landing").
pub fn can_land(kind: PieceKind) -> bool {
    matches!(kind, kinds::BATTLESHIP | kinds::CRUISER)
}

/// Whether an aircraft flying over this kind is shot down (高射炮, 炮舰).
pub fn shoots_aircraft(kind: PieceKind) -> bool {
    matches!(kind, kinds::ANTI_AIRCRAFT | kinds::GUNBOAT)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thirty_five_per_side_by_service() {
        let count = |s: Service| PIECES.iter().filter(|d| d.service == s).map(|d| d.count as usize).sum::<usize>();
        // Army 15 (the flag is the 15th, §1 Decision), weapons 8, navy 10, air 2.
        assert_eq!(
            (count(Service::Army), count(Service::Weapon), count(Service::Navy), count(Service::Air)),
            (15, 8, 10, 2)
        );
        assert_eq!(PIECES.iter().map(|d| d.count as usize).sum::<usize>(), ARMY_SIZE);
        let codes: String = PIECES.iter().map(|d| d.code).collect();
        assert_eq!(codes, "abcdefghijklmnpqrstuv");
        assert_eq!(def_of(kinds::RECON).zh, "侦察机");
        assert_eq!(from_code('M'), Some(kinds::BATTERY));
        assert_eq!(from_code('o'), None);
    }
}
