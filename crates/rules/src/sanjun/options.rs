//! The per-game switches of `rules-sanjun.md` (§4, §5, §7), bold defaults as `Default`.

use crate::options::{BombFlag, FirstMove, Mines};

/// How the game is won besides the no-move and quiet-limit ends (§7 `win`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Win {
    /// Capturing the flag wins.
    Flag,
    /// 夺取主帅: also, a side whose 总司令 is removed (alone) loses at once.
    Marshal,
}

/// Every option of the 陆海空 rules.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SanjunOptions {
    /// `first`: who moves first.
    pub first: FirstMove,
    /// `hq-exit`: pieces in a headquarters may move again.
    pub hq_exit: bool,
    /// `mines`: spring (the attacker dies) or mutual (both).
    pub mines: Mines,
    /// `bomb-flag`: whether a bomb may take the flag.
    pub bomb_flag: BombFlag,
    /// `win`: flag, or marshal.
    pub win: Win,
    /// `quiet-limit`: consecutive plies without a removal before a draw; 0 turns it off.
    pub quiet_limit: u32,
}

impl Default for SanjunOptions {
    fn default() -> Self {
        SanjunOptions {
            first: FirstMove::Red,
            hq_exit: false,
            mines: Mines::Spring,
            bomb_flag: BombFlag::Captures,
            win: Win::Flag,
            // §7 Decision: 100 rather than Junqi's 70 (bigger board, more pieces).
            quiet_limit: 100,
        }
    }
}

/// The option keys of `sanjun`, in the order the normal form writes them.
pub const KEYS: [&str; 6] = ["first", "hq-exit", "mines", "bomb-flag", "win", "quiet-limit"];

/// An options text that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SanjunOptionsError {
    /// A token without `=`.
    #[error("rule option '{0}' must be written key=value (e.g. win=marshal)")]
    NotKeyValue(String),
    /// An unknown key.
    #[error("unknown rule option '{0}'; known options: {known}", known = KEYS.join(", "))]
    UnknownKey(String),
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

impl SanjunOptions {
    /// Reads whitespace-separated `key=value` tokens over the defaults (case-insensitive).
    pub fn parse(text: &str) -> Result<SanjunOptions, SanjunOptionsError> {
        if text.len() > crate::echo::MAX_OPTIONS_BYTES {
            return Err(SanjunOptionsError::TooLong(text.len()));
        }
        let mut o = SanjunOptions::default();
        for token in text.split_whitespace() {
            let lower = token.to_lowercase();
            let (key, value) = lower.split_once('=').ok_or_else(|| SanjunOptionsError::NotKeyValue(token.into()))?;
            let bad =
                |allowed: &'static str| SanjunOptionsError::BadValue { key: key.into(), value: value.into(), allowed };
            match key {
                "first" => {
                    o.first = match value {
                        "red" => FirstMove::Red,
                        "random" => FirstMove::Random,
                        _ => return Err(bad("red, random")),
                    }
                }
                "hq-exit" => {
                    o.hq_exit = match value {
                        "on" => true,
                        "off" => false,
                        _ => return Err(bad("on, off")),
                    }
                }
                "mines" => {
                    o.mines = match value {
                        "spring" => Mines::Spring,
                        "mutual" => Mines::Mutual,
                        _ => return Err(bad("spring, mutual")),
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
                _ => return Err(SanjunOptionsError::UnknownKey(key.into())),
            }
        }
        Ok(o)
    }
}

/// The normal form: only what differs from the defaults, in [`KEYS`] order (empty for the
/// defaults), which is what records store.
impl std::fmt::Display for SanjunOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let d = SanjunOptions::default();
        let mut parts: Vec<String> = Vec::new();
        if self.first != d.first {
            parts.push("first=random".into());
        }
        if self.hq_exit != d.hq_exit {
            parts.push("hq-exit=on".into());
        }
        if self.mines != d.mines {
            parts.push("mines=mutual".into());
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
        assert_eq!(SanjunOptions::parse("").unwrap(), SanjunOptions::default());
        assert_eq!(SanjunOptions::default().to_string(), "");
        let o =
            SanjunOptions::parse("WIN=marshal quiet-limit=50 mines=mutual bomb-flag=forbidden hq-exit=on first=random")
                .unwrap();
        assert_eq!(
            o.to_string(),
            "first=random hq-exit=on mines=mutual bomb-flag=forbidden win=marshal quiet-limit=50"
        );
        assert_eq!(SanjunOptions::parse(&o.to_string()).unwrap(), o);
        assert!(matches!(SanjunOptions::parse("rail-range=3"), Err(SanjunOptionsError::UnknownKey(_))));
        assert!(matches!(SanjunOptions::parse("win=flagx"), Err(SanjunOptionsError::BadValue { .. })));
        assert!(matches!(SanjunOptions::parse("win"), Err(SanjunOptionsError::NotKeyValue(_))));
    }
}
