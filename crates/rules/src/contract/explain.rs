//! What a game tells a player whose action or setup it refuses, in every language: the game's own
//! words, written once beside its rules, that the referee, the local mode and the record tools
//! show as they are.

use super::lang::{Lang, to_traditional};

/// A text in English and Chinese (简体; 繁體 readers get it converted by the one table).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Explained {
    /// English.
    pub en: String,
    /// 简体中文.
    pub zh: String,
}

impl Explained {
    /// A text in both languages.
    pub fn new(en: impl Into<String>, zh: impl Into<String>) -> Explained {
        Explained { en: en.into(), zh: zh.into() }
    }

    /// The text in a language.
    pub fn get(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.en.clone(),
            Lang::ZhHans => self.zh.clone(),
            Lang::ZhHant => to_traditional(&self.zh),
        }
    }
}

impl std::fmt::Display for Explained {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.en)
    }
}

/// A refusal a game can put into words for players: every game's [`super::Game::Refusal`].
pub trait Explain {
    /// Why the action is refused, in the game's words, without a final full stop (the referee
    /// frames it: `Illegal move: …`).
    fn explain(&self) -> Explained;
}
