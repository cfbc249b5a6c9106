//! The per-game switches of `rules-sanjun30.md` (§4, §5, §7, §8), bold defaults as `Default`.
//! Unlike sanjun there is no `hq-exit` (§11.11: a gate freezes nothing) and mines are mutual.

use crate::options::{BombFlag, FirstMove, Mines};

pub use crate::sanjun::options::Win;

/// Every option of the 三军战斗棋 rules.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Sanjun30Options {
    /// `first`: who moves first.
    pub first: FirstMove,
    /// `mines`: mutual (both removed, the default) or spring (§11.13).
    pub mines: Mines,
    /// `bomb-flag`: whether a bomb may take the flag.
    pub bomb_flag: BombFlag,
    /// `win`: flag, or marshal (a lone fallen 总司令 loses).
    pub win: Win,
    /// `quiet-limit`: consecutive plies without a removal before a draw; 0 turns it off.
    pub quiet_limit: u32,
}

impl Default for Sanjun30Options {
    fn default() -> Self {
        Sanjun30Options {
            first: FirstMove::Red,
            mines: Mines::Mutual,
            bomb_flag: BombFlag::Captures,
            win: Win::Flag,
            quiet_limit: 100,
        }
    }
}

/// The option keys, in the order the normal form writes them.
pub const KEYS: [&str; 5] = ["first", "mines", "bomb-flag", "win", "quiet-limit"];

/// An options text that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Sanjun30OptionsError {
    /// A token without `=`.
    #[error("rule option '{0}' must be written key=value (e.g. win=marshal)")]
    NotKeyValue(String),
    /// An unknown key (`hq-exit` included, §11.11).
    #[error("unknown rule option '{0}'; known options: {known}", known = KEYS.join(", "))]
    UnknownKey(String),
    /// Longer than any options text, refused unread.
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

impl Sanjun30Options {
    /// Reads whitespace-separated `key=value` tokens over the defaults (case-insensitive).
    pub fn parse(text: &str) -> Result<Sanjun30Options, Sanjun30OptionsError> {
        if text.len() > crate::echo::MAX_OPTIONS_BYTES {
            return Err(Sanjun30OptionsError::TooLong(text.len()));
        }
        let mut o = Sanjun30Options::default();
        for token in text.split_whitespace() {
            let lower = token.to_lowercase();
            let (key, value) = lower.split_once('=').ok_or_else(|| Sanjun30OptionsError::NotKeyValue(token.into()))?;
            let bad = |allowed: &'static str| Sanjun30OptionsError::BadValue {
                key: key.into(),
                value: value.into(),
                allowed,
            };
            match key {
                "first" => {
                    o.first = match value {
                        "red" => FirstMove::Red,
                        "random" => FirstMove::Random,
                        _ => return Err(bad("red, random")),
                    }
                }
                "mines" => {
                    o.mines = match value {
                        "mutual" => Mines::Mutual,
                        "spring" => Mines::Spring,
                        _ => return Err(bad("mutual, spring")),
                    }
                }
                "bomb-flag" => {
                    o.bomb_flag = match value {
                        "captures" => BombFlag::Captures,
                        "forbidden" => BombFlag::Forbidden,
                        _ => return Err(bad("captures, forbidden")),
                    }
                }
                "win" => {
                    o.win = match value {
                        "flag" => Win::Flag,
                        "marshal" => Win::Marshal,
                        _ => return Err(bad("flag, marshal")),
                    }
                }
                "quiet-limit" => o.quiet_limit = value.parse().map_err(|_| bad("a number of plies (0 = off)"))?,
                _ => return Err(Sanjun30OptionsError::UnknownKey(key.into())),
            }
        }
        Ok(o)
    }
}

/// The normal form: only what differs from the defaults, in [`KEYS`] order.
impl std::fmt::Display for Sanjun30Options {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let d = Sanjun30Options::default();
        let mut parts: Vec<String> = Vec::new();
        if self.first != d.first {
            parts.push("first=random".into());
        }
        if self.mines != d.mines {
            parts.push("mines=spring".into());
        }
        if self.bomb_flag != d.bomb_flag {
            parts.push("bomb-flag=forbidden".into());
        }
        if self.win != d.win {
            parts.push("win=marshal".into());
        }
        if self.quiet_limit != d.quiet_limit {
            parts.push(format!("quiet-limit={}", self.quiet_limit));
        }
        f.write_str(&parts.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_read_and_write_their_normal_form() {
        assert_eq!(Sanjun30Options::parse("").unwrap(), Sanjun30Options::default());
        assert_eq!(Sanjun30Options::default().to_string(), "");
        let o =
            Sanjun30Options::parse("WIN=marshal quiet-limit=50 mines=spring bomb-flag=forbidden first=random").unwrap();
        assert_eq!(o.to_string(), "first=random mines=spring bomb-flag=forbidden win=marshal quiet-limit=50");
        assert_eq!(Sanjun30Options::parse(&o.to_string()).unwrap(), o);
        // §11.11: no hq-exit in this game.
        assert!(matches!(Sanjun30Options::parse("hq-exit=on"), Err(Sanjun30OptionsError::UnknownKey(_))));
        assert!(matches!(Sanjun30Options::parse("mines=x"), Err(Sanjun30OptionsError::BadValue { .. })));
    }
}
