//! The switches both games of the family have (`first`, `mines`, `bomb-flag`, `win`,
//! `quiet-limit`): one reader of `key=value` text, one error, the values' words, and the normal
//! form records store. Each game lists its keys and defaults (sanjun adds `hq-exit`; sanjun30's
//! mines default to mutual).

use crate::options::{BombFlag, FirstMove, Mines};

/// How the game is won besides the no-move and quiet-limit ends (§7 `win`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Win {
    /// Capturing the flag wins.
    Flag,
    /// 夺取主帅: also, a side whose 总司令 is removed (alone) loses at once.
    Marshal,
}

/// An options text that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OptionsError {
    /// A token without `=`.
    #[error("rule option '{0}' must be written key=value (e.g. win=marshal)")]
    NotKeyValue(String),
    /// A key the game does not have (the game's keys second).
    #[error("unknown rule option '{0}'; known options: {known}", known = .1.join(", "))]
    UnknownKey(String, &'static [&'static str]),
    /// Longer than any options text ([`crate::echo::MAX_OPTIONS_BYTES`]), refused unread.
    #[error("rule options are at most {max} bytes long; these have {0}", max = crate::echo::MAX_OPTIONS_BYTES)]
    TooLong(usize),
    /// A value the key does not take.
    #[error("rule option {key} cannot be '{value}'; use one of: {allowed}")]
    BadValue {
        /// The key.
        key: String,
        /// The value given.
        value: String,
        /// The accepted values.
        allowed: &'static str,
    },
}

/// Why one `key=value` was refused by a game's setter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// The game has no such key.
    UnknownKey,
    /// The key takes one of these values.
    Value(&'static str),
}

/// Reads whitespace-separated `key=value` tokens (case-insensitive) over the defaults; `set`
/// stores one value or says why not.
pub fn read<O: Default>(
    text: &str,
    keys: &'static [&'static str],
    mut set: impl FnMut(&mut O, &str, &str) -> Result<(), Refused>,
) -> Result<O, OptionsError> {
    if text.len() > crate::echo::MAX_OPTIONS_BYTES {
        return Err(OptionsError::TooLong(text.len()));
    }
    let mut o = O::default();
    for token in text.split_whitespace() {
        let lower = token.to_lowercase();
        let (key, value) = lower.split_once('=').ok_or_else(|| OptionsError::NotKeyValue(token.into()))?;
        set(&mut o, key, value).map_err(|r| match r {
            Refused::UnknownKey => OptionsError::UnknownKey(key.into(), keys),
            Refused::Value(allowed) => OptionsError::BadValue { key: key.into(), value: value.into(), allowed },
        })?;
    }
    Ok(o)
}

/// `first=red|random`.
pub fn first(value: &str) -> Result<FirstMove, Refused> {
    match value {
        "red" => Ok(FirstMove::Red),
        "random" => Ok(FirstMove::Random),
        _ => Err(Refused::Value("red, random")),
    }
}

/// `mines=spring|mutual`; `allowed` lists them the game's way (its default first).
pub fn mines(value: &str, allowed: &'static str) -> Result<Mines, Refused> {
    match value {
        "spring" => Ok(Mines::Spring),
        "mutual" => Ok(Mines::Mutual),
        _ => Err(Refused::Value(allowed)),
    }
}

/// `bomb-flag=captures|forbidden`.
pub fn bomb_flag(value: &str) -> Result<BombFlag, Refused> {
    match value {
        "captures" => Ok(BombFlag::Captures),
        "forbidden" => Ok(BombFlag::Forbidden),
        _ => Err(Refused::Value("captures, forbidden")),
    }
}

/// `win=flag|marshal`.
pub fn win(value: &str) -> Result<Win, Refused> {
    match value {
        "flag" => Ok(Win::Flag),
        "marshal" => Ok(Win::Marshal),
        _ => Err(Refused::Value("flag, marshal")),
    }
}

/// `quiet-limit=N` (0: off).
pub fn quiet_limit(value: &str) -> Result<u32, Refused> {
    value.parse().map_err(|_| Refused::Value("a number of plies (0 = off)"))
}

/// The words of each shared value, as the normal form writes them.
pub fn words(first: FirstMove, mines: Mines, bomb_flag: BombFlag, win: Win) -> [&'static str; 4] {
    [
        match first {
            FirstMove::Red => "red",
            FirstMove::Random => "random",
        },
        match mines {
            Mines::Spring => "spring",
            Mines::Mutual => "mutual",
        },
        match bomb_flag {
            BombFlag::Captures => "captures",
            BombFlag::Forbidden => "forbidden",
        },
        match win {
            Win::Flag => "flag",
            Win::Marshal => "marshal",
        },
    ]
}

/// The normal form: `key=value` for each value that differs from its default, in the order
/// given (the game's keys order), empty for the defaults — what records store.
pub fn normal_form(values: &[(&str, String, String)]) -> String {
    let parts: Vec<String> = values.iter().filter(|(_, v, d)| v != d).map(|(k, v, _)| format!("{k}={v}")).collect();
    parts.join(" ")
}
