//! The 25 pieces of each side (`rules-haijun.md` §1). Kinds are indices into [`PIECES`] in the
//! order of the combat table (§5), which is also code order `a`–`j`.

use crate::piece::PieceKind;

/// Static facts about one kind.
#[derive(Debug, Clone, Copy)]
pub struct NavalDef {
    /// The code (`a` … `j`).
    pub code: char,
    /// Chinese name in 简体; 繁體 comes from the character table.
    pub zh: &'static str,
    /// Further accepted Chinese names (the seed's 驅除艦 spelling).
    pub zh_alt: &'static [&'static str],
    /// The one-character tile label.
    pub short_zh: &'static str,
    /// English name.
    pub en: &'static str,
    /// Short English label for tiles.
    pub short_en: &'static str,
    /// How many each side has.
    pub count: u8,
}

impl NavalDef {
    /// Whether this kind ever moves (only the 水雷 does not, §4).
    pub fn moves(&self) -> bool {
        self.code != 'i'
    }
}

/// One row of a fleet table (a `const` so `haijun21` builds its table the same way).
pub const fn def(
    code: char,
    zh: &'static str,
    zh_alt: &'static [&'static str],
    short_zh: &'static str,
    en: &'static str,
    short_en: &'static str,
    count: u8,
) -> NavalDef {
    NavalDef { code, zh, zh_alt, short_zh, en, short_en, count }
}

/// The fleet, in the order of §5's table.
pub const PIECES: [NavalDef; 10] = [
    def('a', "航空母舰", &[], "航", "aircraft carrier", "CV", 1),
    def('b', "战斗舰", &[], "战", "battleship", "BB", 3),
    def('c', "巡洋舰", &[], "巡", "cruiser", "CA", 3),
    def('d', "驱逐舰", &["驱除舰"], "驱", "destroyer", "DD", 3),
    def('e', "雷击舰", &[], "击", "torpedo boat", "TB", 3),
    def('f', "扫雷舰", &[], "扫", "minesweeper", "MS", 3),
    def('g', "潜水艇", &[], "潜", "submarine", "SS", 3),
    def('h', "鱼雷", &[], "鱼", "torpedo", "Tor", 2),
    def('i', "水雷", &[], "水", "sea mine", "Mine", 3),
    def('j', "旗舰", &[], "旗", "flagship", "Flag", 1),
];

/// Pieces per side.
pub const FLEET_SIZE: usize = 25;

/// Named kinds, for the rules that speak about specific pieces.
pub mod kinds {
    use crate::piece::PieceKind;
    /// 航空母舰.
    pub const CARRIER: PieceKind = PieceKind(0);
    /// 雷击舰.
    pub const TORPEDO_BOAT: PieceKind = PieceKind(4);
    /// 扫雷舰.
    pub const MINESWEEPER: PieceKind = PieceKind(5);
    /// 潜水艇.
    pub const SUBMARINE: PieceKind = PieceKind(6);
    /// 鱼雷.
    pub const TORPEDO: PieceKind = PieceKind(7);
    /// 水雷.
    pub const MINE: PieceKind = PieceKind(8);
    /// 旗舰.
    pub const FLAGSHIP: PieceKind = PieceKind(9);
}

/// The definition of a kind.
pub fn def_of(kind: PieceKind) -> &'static NavalDef {
    &PIECES[kind.0 as usize]
}

/// The kind of a code letter (either case).
pub fn from_code(c: char) -> Option<PieceKind> {
    code_in(&PIECES, c)
}

/// The kind of a code letter (either case) in a fleet table (shared with `haijun21`).
pub fn code_in(table: &[NavalDef], c: char) -> Option<PieceKind> {
    let c = c.to_ascii_lowercase();
    table.iter().position(|d| d.code == c).map(|i| PieceKind(i as u8))
}

/// Reads a piece name as §1 accepts it: code, full or short Chinese name (简体 or 繁體, the seed's
/// 驅除艦 too) or English name, case-insensitively.
pub fn parse(text: &str) -> Option<PieceKind> {
    parse_in(&PIECES, text)
}

/// [`parse`] over any fleet table (shared with `haijun21`, whose names follow the same rules).
pub fn parse_in(table: &[NavalDef], text: &str) -> Option<PieceKind> {
    let t = text.trim();
    let mut chars = t.chars();
    let single = match (chars.next(), chars.next()) {
        (Some(c), None) => code_in(table, c),
        _ => None,
    };
    if single.is_some() {
        return single;
    }
    use crate::contract::lang::to_traditional as hant;
    let lower = t.to_lowercase();
    let zh_is = |name: &str| t == name || t == hant(name);
    table
        .iter()
        .position(|d| {
            zh_is(d.zh)
                || zh_is(d.short_zh)
                || d.zh_alt.iter().any(|n| zh_is(n))
                || d.en == lower
                || d.short_en.to_lowercase() == lower
        })
        .map(|i| PieceKind(i as u8))
}
