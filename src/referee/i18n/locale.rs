//! The catalogue's languages — the rules crate's one [`Lang`](crate::rules::contract::Lang),
//! named `Locale` where the referee speaks of a user's or a server's choice — and the conversion
//! of its 简体 texts to 繁體.

pub use crate::rules::contract::Lang as Locale;

/// Converts catalogue text to 繁體: the one table of the rules crate's [`crate::rules::contract::Lang`].
pub fn to_traditional(text: &str) -> String {
    crate::rules::contract::to_traditional(text)
}
