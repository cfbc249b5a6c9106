//! How messages name pieces (a kind's seats are named by its catalogue entry).

use super::Locale;

/// A piece's names, taken from the variant's piece table.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PieceName {
    /// Chinese name (司令).
    pub zh: &'static str,
    /// English name (Field Marshal).
    pub en: &'static str,
}

pub(super) fn piece(p: PieceName, l: Locale) -> &'static str {
    if l.is_zh() { p.zh } else { p.en }
}
