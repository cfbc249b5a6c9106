//! Pieces: kinds, their names in every accepted notation, and the facts combat needs.
//!
//! A piece kind is a small index into a variant's piece table rather than a closed enum, so that
//! games with more than 26 kinds (land-sea-air has 35) reuse the same board, move and view code.

use serde::{Deserialize, Serialize};

use super::seat::Seat;

/// Index of a piece kind in its variant's [`PieceDef`] table.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PieceKind(pub u8);

/// How a piece behaves in movement and combat. Combat tables of later games add their own classes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum PieceClass {
    /// An officer that fights by rank (司令 … 排长).
    Officer,
    /// 工兵: an officer of the lowest rank that turns freely on the railway and clears mines.
    Engineer,
    /// 炸弹: removed together with whatever it meets.
    Bomb,
    /// 地雷: never moves.
    Mine,
    /// 军旗: never moves; capturing it wins.
    Flag,
}

/// Static facts about one piece kind.
#[derive(Debug, Clone, Copy)]
pub struct PieceDef {
    /// One-letter CCGC code (`a` … `l`).
    pub code: char,
    /// Full Chinese name (司令).
    pub zh: &'static str,
    /// One-character Chinese label, as drawn on tiles (司).
    pub short_zh: &'static str,
    /// English name as accepted on input and shown to English readers.
    pub en: &'static str,
    /// Short English label for tiles.
    pub short_en: &'static str,
    /// How many of this kind each side deploys.
    pub count: u8,
    /// Combat rank for officers (9 = 司令 … 1 = 工兵), 0 for the others.
    pub rank: u8,
    /// Movement and combat class.
    pub class: PieceClass,
}

impl PieceDef {
    /// Whether this kind can ever move.
    pub fn is_mobile(&self) -> bool {
        !matches!(self.class, PieceClass::Mine | PieceClass::Flag)
    }
}

/// The 12 kinds of the Junqi family, in CCGC code order.
pub const JUNQI_PIECES: [PieceDef; 12] = [
    // Short labels readers can guess ("Mshl", "MGen"; "FM" and "MG" were cryptic): both the
    // old and the new ones are still read on input (`kind_from_token`).
    def('a', "司令", "司", "marshal", "Mshl", 1, 9, PieceClass::Officer),
    def('b', "军长", "军", "general", "Gen", 1, 8, PieceClass::Officer),
    def('c', "师长", "师", "major-general", "MGen", 2, 7, PieceClass::Officer),
    def('d', "旅长", "旅", "brigadier", "Brig", 2, 6, PieceClass::Officer),
    def('e', "团长", "团", "colonel", "Col", 2, 5, PieceClass::Officer),
    def('f', "营长", "营", "major", "Maj", 2, 4, PieceClass::Officer),
    def('g', "连长", "连", "captain", "Capt", 3, 3, PieceClass::Officer),
    def('h', "排长", "排", "lieutenant", "Lt", 3, 2, PieceClass::Officer),
    def('i', "工兵", "兵", "engineer", "Eng", 3, 1, PieceClass::Engineer),
    def('j', "地雷", "雷", "mine", "Mine", 3, 0, PieceClass::Mine),
    def('k', "炸弹", "炸", "bomb", "Bomb", 2, 0, PieceClass::Bomb),
    def('l', "军旗", "旗", "flag", "Flag", 1, 0, PieceClass::Flag),
];

#[allow(clippy::too_many_arguments)]
const fn def(
    code: char,
    zh: &'static str,
    short_zh: &'static str,
    en: &'static str,
    short_en: &'static str,
    count: u8,
    rank: u8,
    class: PieceClass,
) -> PieceDef {
    PieceDef { code, zh, short_zh, en, short_en, count, rank, class }
}

/// Named Junqi kinds, for code that speaks about specific pieces.
pub mod junqi {
    use super::PieceKind;
    /// 司令.
    pub const MARSHAL: PieceKind = PieceKind(0);
    /// 军长.
    pub const GENERAL: PieceKind = PieceKind(1);
    /// 工兵.
    pub const ENGINEER: PieceKind = PieceKind(8);
    /// 地雷.
    pub const MINE: PieceKind = PieceKind(9);
    /// 炸弹.
    pub const BOMB: PieceKind = PieceKind(10);
    /// 军旗.
    pub const FLAG: PieceKind = PieceKind(11);
}

/// Looks up one deployment token in every accepted form: the code (`a`), the full or one-character
/// Chinese name (`司令`, `司`, `兵`/`工`), the English name or short label (`Mshl`, `Brig`; the
/// earlier labels `FM` and `MG` too), or the numbers 40…33. Case-insensitive.
pub fn kind_from_token(table: &[PieceDef], token: &str) -> Option<PieceKind> {
    let lower = token.trim().to_lowercase();
    if lower.is_empty() {
        return None;
    }
    if let Ok(n) = lower.parse::<u32>() {
        // Players write 40 for 司令 down to 33 for 排长.
        return (33..=40).contains(&n).then(|| PieceKind((40 - n) as u8)).filter(|k| (k.0 as usize) < table.len());
    }
    if lower == "工" {
        return table.iter().position(|d| d.class == PieceClass::Engineer).map(|i| PieceKind(i as u8));
    }
    let aliases: &[(&str, &str)] = &[
        ("field-marshal", "marshal"),
        ("major general", "major-general"),
        ("landmine", "mine"),
        ("commander", "marshal"),
        // The short labels tiles carried before they were made readable.
        ("fm", "marshal"),
        ("mg", "major-general"),
    ];
    let lower = aliases.iter().find(|(a, _)| *a == lower).map(|(_, b)| b.to_string()).unwrap_or(lower);
    table
        .iter()
        .position(|d| {
            (lower.chars().count() == 1 && lower.starts_with(d.code))
                || d.zh == lower
                || d.short_zh == lower
                || d.en == lower
                || d.short_en.to_lowercase() == lower
        })
        .map(|i| PieceKind(i as u8))
}

/// A piece on the board: whose it is, what it is, and whether its identity is public knowledge
/// (a flag announced after its 司令 fell, a scouted piece). The public bit travels with the piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The owner.
    pub seat: Seat,
    /// The kind.
    pub kind: PieceKind,
    /// True once the rules have announced this piece's identity to everyone.
    pub known: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Tiles say `Mshl` and `MGen`; the old labels `FM` and `MG`, and every other short label,
    /// still read as their pieces (issue 21 item 7).
    #[test]
    fn short_labels_old_and_new_read_as_their_pieces() {
        let t = &JUNQI_PIECES;
        for (token, kind) in [("Mshl", 0), ("fm", 0), ("FM", 0), ("MGen", 2), ("mg", 2), ("Brig", 3), ("lt", 7)] {
            assert_eq!(kind_from_token(t, token), Some(PieceKind(kind)), "{token}");
        }
        assert_eq!(t[0].short_en, "Mshl");
        assert_eq!(t[2].short_en, "MGen");
        // Every short label is unique, so none reads as two pieces.
        for (i, d) in t.iter().enumerate() {
            assert_eq!(kind_from_token(t, d.short_en), Some(PieceKind(i as u8)), "{}", d.short_en);
        }
    }
}
