//! The per-game switches of `rules-haijun.md` (§2 `front`, §4 `first`, §5 `capture`, §7
//! `quiet-limit`) read from and written to the options text, bold defaults as `Default`.

use std::fmt;

use crate::options::FirstMove;

use super::board::Front;
use super::game::{Capture, HaijunOptions};

/// The option keys, in the order they are written.
pub const KEYS: [&str; 4] = ["front", "first", "capture", "quiet-limit"];

/// An options text that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HaijunOptionsError {
    /// A token without `=`.
    NotKeyValue(String),
    /// A key this game does not have.
    UnknownKey {
        /// The key given.
        key: String,
        /// The keys the game has (`haijun21` has fewer).
        known: &'static [&'static str],
    },
    /// Longer than any options text may be.
    TooLong(usize),
    /// A value the key does not take.
    BadValue {
        /// The key.
        key: String,
        /// What was given.
        value: String,
        /// What it takes.
        allowed: &'static str,
    },
}

impl fmt::Display for HaijunOptionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HaijunOptionsError::NotKeyValue(t) => {
                write!(f, "rule option '{t}' must be written key=value (e.g. capture=return)")
            }
            HaijunOptionsError::UnknownKey { key, known } => {
                write!(f, "unknown rule option '{key}'; known options: {}", known.join(", "))
            }
            HaijunOptionsError::TooLong(n) => {
                write!(f, "rule options are at most {} bytes long; these have {n}", crate::echo::MAX_OPTIONS_BYTES)
            }
            HaijunOptionsError::BadValue { key, value, allowed } => {
                write!(f, "rule option {key} cannot be '{value}'; use one of: {allowed}")
            }
        }
    }
}

impl std::error::Error for HaijunOptionsError {}

/// The full options of a game: the rules' switches and who moves first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct HaijunSettings {
    /// Front, capture and quiet limit.
    pub rules: HaijunOptions,
    /// `first=red` (the default) or `random` (drawn by the referee).
    pub first: First,
}

/// The `first` option.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum First {
    /// Red moves first.
    #[default]
    Red,
    /// The referee draws who moves first.
    Random,
}

impl From<First> for FirstMove {
    fn from(f: First) -> FirstMove {
        match f {
            First::Red => FirstMove::Red,
            First::Random => FirstMove::Random,
        }
    }
}

impl HaijunSettings {
    /// Reads `front=junqi capture=return quiet-limit=100 first=random` (any order, any case).
    pub fn parse(text: &str) -> Result<HaijunSettings, HaijunOptionsError> {
        let mut o = HaijunSettings::default();
        read_pairs(text, |key, value| {
            let bad =
                |allowed: &'static str| HaijunOptionsError::BadValue { key: key.into(), value: value.into(), allowed };
            match key {
                "front" => o.rules.front = Front::parse(value).ok_or_else(|| bad("open, junqi"))?,
                "capture" => {
                    o.rules.capture = match value {
                        "advance" => Capture::Advance,
                        "return" => Capture::Return,
                        _ => return Err(bad("advance, return")),
                    }
                }
                "first" => {
                    o.first = match value {
                        "red" => First::Red,
                        "random" => First::Random,
                        _ => return Err(bad("red, random")),
                    }
                }
                "quiet-limit" => {
                    o.rules.quiet_limit = value.parse().map_err(|_| bad("a number of plies (0 = off)"))?;
                }
                _ => return Err(HaijunOptionsError::UnknownKey { key: key.into(), known: &KEYS }),
            }
            Ok(())
        })?;
        Ok(o)
    }
}

/// Reads an options text of `key=value` tokens (any case, lower-cased for `f`), bounded by
/// `MAX_OPTIONS_BYTES`; shared with `haijun21`, which has other keys.
pub fn read_pairs(
    text: &str,
    mut f: impl FnMut(&str, &str) -> Result<(), HaijunOptionsError>,
) -> Result<(), HaijunOptionsError> {
    if text.len() > crate::echo::MAX_OPTIONS_BYTES {
        return Err(HaijunOptionsError::TooLong(text.len()));
    }
    for token in text.split_whitespace() {
        let lower = token.to_lowercase();
        let (key, value) = lower.split_once('=').ok_or_else(|| HaijunOptionsError::NotKeyValue(token.into()))?;
        f(key, value)?;
    }
    Ok(())
}

/// The normal form: only what differs from the defaults, in [`KEYS`] order.
impl fmt::Display for HaijunSettings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = HaijunSettings::default();
        let mut parts: Vec<String> = Vec::new();
        if self.rules.front != d.rules.front {
            parts.push(format!("front={}", self.rules.front.as_str()));
        }
        if self.first != d.first {
            parts.push("first=random".into());
        }
        if self.rules.capture != d.rules.capture {
            parts.push("capture=return".into());
        }
        if self.rules.quiet_limit != d.rules.quiet_limit {
            parts.push(format!("quiet-limit={}", self.rules.quiet_limit));
        }
        f.write_str(&parts.join(" "))
    }
}
