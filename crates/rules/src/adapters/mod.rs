//! Today's games under the contract: thin adapters over the engines of this crate ([`junqi`] for
//! 军棋, 四国军棋 and the duel over [`crate::game`]; [`flip`] for 翻棋 over [`crate::flip`]),
//! with the family's words in [`words`]. The engines keep their behaviour and their own API.

pub mod classics;
pub mod flip;
pub mod junqi;
pub mod pictures;
pub mod refusals;
pub mod words;

use crate::contract::Words;

/// A name in the three languages, for the static kinds.
pub(crate) const fn text(en: &'static str, zh_hans: &'static str, zh_hant: &'static str) -> Words {
    Words { en, zh_hans, zh_hant }
}

/// Exchanges two characters of a setup or deal written one character per slot (the normal form
/// of Junqi deployments and 翻棋 deals).
pub fn swap_chars(text: &str, i: usize, j: usize) -> Option<String> {
    let mut chars: Vec<char> = text.chars().collect();
    if i >= chars.len() || j >= chars.len() {
        return None;
    }
    chars.swap(i, j);
    Some(chars.into_iter().collect())
}
