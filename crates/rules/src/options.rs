//! Per-game rule switches (`rules-junqi.md`), their defaults, and the `key=value` text form used by
//! records and challenges.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::echo::echo;

/// What happens when an officer other than an engineer attacks a landmine.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Mines {
    /// 弹簧雷: the attacker is removed, the mine stays.
    Spring,
    /// Both are removed.
    Mutual,
}

/// Whether a bomb may take the flag.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BombFlag {
    /// A bomb that attacks the flag captures it.
    Captures,
    /// A bomb's attack on the flag is an illegal move.
    Forbidden,
}

/// Who moves first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FirstMove {
    /// Red moves first.
    Red,
    /// Drawn at random when the game starts (and written into the record).
    Random,
}

/// What a timeout does.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum OnTimeout {
    /// The side whose deadline passed loses.
    Lose,
    /// The referee plays a move for it (托管), at most N times a game for a side (`auto-move:N`,
    /// N from 1 to 99; `auto-move` alone is `auto-move:3`, as QQ 军棋's 托管 ends after a few
    /// turns); the timeout after the N-th automatic move loses.
    AutoMove(u8),
    /// The turn is skipped; the N-th timeout of a side loses (`skip:N`, N from 1 to 99; `skip`
    /// alone is `skip:5`), as on QQ 军棋.
    Skip(u8),
}

impl OnTimeout {
    /// The option's value as written (`lose`, `auto-move:3`, `skip:5`).
    pub fn word(self) -> String {
        match self {
            OnTimeout::Lose => "lose".into(),
            OnTimeout::AutoMove(n) => format!("auto-move:{n}"),
            OnTimeout::Skip(n) => format!("skip:{n}"),
        }
    }
}

/// How many automatic moves `auto-move` without a number allows a side before a timeout loses.
pub const AUTO_MOVE_LIMIT: u8 = 3;

/// Turn order of games with more than two seats (`rules-junqi4.md` §4).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Order {
    /// Counter-clockwise: S → E → N → W.
    Ccw,
    /// Clockwise: S → W → N → E.
    Cw,
}

/// Every rule option of `rules-junqi.md`, defaulting to the "standard" preset.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct RuleOptions {
    /// `first`: who moves first.
    pub first: FirstMove,
    /// `hq-exit`: pieces that entered a headquarters may leave it again.
    pub hq_exit: bool,
    /// `rail-range`: the most points a non-engineer rides in one move; `None` for unlimited.
    pub rail_range: Option<u8>,
    /// `bomb-flies` (炸弹满天飞): bombs move on the railway like engineers.
    pub bomb_flies: bool,
    /// `mines`: spring or mutual.
    pub mines: Mines,
    /// `scout` (工兵侦察): an attacking engineer makes the defender's identity public.
    pub scout: bool,
    /// `bomb-flag`: whether a bomb captures the flag.
    pub bomb_flag: BombFlag,
    /// `flag-home`: the piece that took the flag must carry it to its own headquarters to win.
    pub flag_home: bool,
    /// `quiet-limit`: plies without combat before a draw; 0 turns it off.
    pub quiet_limit: u32,
    /// `on-timeout`: lose, or an automatic move.
    pub on_timeout: OnTimeout,
    /// `order`: turn order of 4-seat games (meaningless with two seats).
    pub order: Order,
}

impl Default for RuleOptions {
    fn default() -> Self {
        RuleOptions {
            first: FirstMove::Red,
            hq_exit: false,
            rail_range: None,
            bomb_flies: false,
            mines: Mines::Spring,
            scout: false,
            bomb_flag: BombFlag::Captures,
            flag_home: false,
            quiet_limit: 70,
            on_timeout: OnTimeout::Lose,
            order: Order::Ccw,
        }
    }
}

/// A rules string that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OptionsError {
    /// A token without `=`.
    #[error("rule option '{}' must be written key=value (e.g. mines=mutual)", echo(.0))]
    NotKeyValue(String),
    /// An unknown key.
    #[error("unknown rule option '{}'; known options: {known}", echo(.0), known = KEYS.join(", "))]
    UnknownKey(String),
    /// Longer than any options text ([`crate::echo::MAX_OPTIONS_BYTES`]), refused unread.
    #[error("rule options are at most {max} bytes long; these have {0}", max = crate::echo::MAX_OPTIONS_BYTES)]
    TooLong(usize),
    /// A value the key does not take.
    #[error("rule option {key} cannot be '{}'; use one of: {allowed}", echo(.value))]
    BadValue {
        /// The key.
        key: String,
        /// The value given.
        value: String,
        /// The accepted values.
        allowed: &'static str,
    },
}

const KEYS: [&str; 11] = [
    "first",
    "hq-exit",
    "rail-range",
    "bomb-flies",
    "mines",
    "scout",
    "bomb-flag",
    "flag-home",
    "quiet-limit",
    "on-timeout",
    "order",
];

fn on_off(key: &str, value: &str) -> Result<bool, OptionsError> {
    match value {
        "on" | "yes" | "true" => Ok(true),
        "off" | "no" | "false" => Ok(false),
        _ => Err(OptionsError::BadValue { key: key.into(), value: value.into(), allowed: "on, off" }),
    }
}

fn word(b: bool) -> &'static str {
    if b { "on" } else { "off" }
}

impl RuleOptions {
    /// Reads a whitespace-separated list of `key=value`, starting from the defaults. Unknown keys
    /// and bad values are errors.
    pub fn parse(text: &str) -> Result<RuleOptions, OptionsError> {
        if text.len() > crate::echo::MAX_OPTIONS_BYTES {
            return Err(OptionsError::TooLong(text.len()));
        }
        let mut o = RuleOptions::default();
        for token in text.split_whitespace() {
            o.set(token)?;
        }
        Ok(o)
    }

    /// Applies one `key=value`.
    pub fn set(&mut self, token: &str) -> Result<(), OptionsError> {
        let (key, value) = token.split_once('=').ok_or_else(|| OptionsError::NotKeyValue(token.into()))?;
        let key = key.trim().to_lowercase();
        let value = value.trim().to_lowercase();
        let bad = |allowed: &'static str| OptionsError::BadValue { key: key.clone(), value: value.clone(), allowed };
        match key.as_str() {
            "first" => {
                self.first = match value.as_str() {
                    // `s` is the 4-player spelling (`rules-junqi4.md` §4): the first seat starts.
                    "red" | "red-first" | "s" | "south" => FirstMove::Red,
                    "random" => FirstMove::Random,
                    _ => return Err(bad("red (s in 4-player games), random")),
                }
            }
            "hq-exit" => self.hq_exit = on_off(&key, &value)?,
            "rail-range" => {
                self.rail_range = match value.as_str() {
                    "unlimited" | "0" => None,
                    v => match v.parse::<u8>() {
                        Ok(n) if n > 0 => Some(n),
                        _ => return Err(bad("unlimited, or a number of points from 1 to 255 such as 3")),
                    },
                }
            }
            "bomb-flies" => self.bomb_flies = on_off(&key, &value)?,
            "mines" => {
                self.mines = match value.as_str() {
                    "spring" => Mines::Spring,
                    "mutual" => Mines::Mutual,
                    _ => return Err(bad("spring, mutual")),
                }
            }
            "scout" => self.scout = on_off(&key, &value)?,
            "bomb-flag" => {
                self.bomb_flag = match value.as_str() {
                    "captures" => BombFlag::Captures,
                    "forbidden" => BombFlag::Forbidden,
                    _ => return Err(bad("captures, forbidden")),
                }
            }
            "flag-home" => self.flag_home = on_off(&key, &value)?,
            "quiet-limit" => {
                self.quiet_limit =
                    value.parse().map_err(|_| bad("a number of plies from 0 to 4294967295; 0 turns it off"))?
            }
            "on-timeout" => {
                self.on_timeout = match value.as_str() {
                    "lose" => OnTimeout::Lose,
                    "auto-move" | "auto" | "托管" => OnTimeout::AutoMove(AUTO_MOVE_LIMIT),
                    "skip" => OnTimeout::Skip(5),
                    v => {
                        let number = |prefixes: &[&str]| {
                            let n = prefixes.iter().find_map(|p| v.strip_prefix(p))?;
                            n.parse::<u8>().ok().filter(|n| (1..=99).contains(n))
                        };
                        match (number(&["skip:"]), number(&["auto-move:", "auto:", "托管:"])) {
                            (Some(n), _) => OnTimeout::Skip(n),
                            (_, Some(n)) => OnTimeout::AutoMove(n),
                            _ => {
                                return Err(bad(
                                    "lose, auto-move:N (托管: at most N automatic moves, N from 1 to 99, 3 by default), skip:N (N from 1 to 99: the N-th timeout loses)",
                                ));
                            }
                        }
                    }
                }
            }
            "order" => {
                self.order = match value.as_str() {
                    "ccw" => Order::Ccw,
                    "cw" => Order::Cw,
                    _ => return Err(bad("ccw, cw")),
                }
            }
            _ => return Err(OptionsError::UnknownKey(key)),
        }
        Ok(())
    }

    /// Every option as `key=value`, in a fixed order.
    pub fn all_pairs(&self) -> Vec<(&'static str, String)> {
        vec![
            ("first", if self.first == FirstMove::Red { "red" } else { "random" }.into()),
            ("hq-exit", word(self.hq_exit).into()),
            ("rail-range", self.rail_range.map_or("unlimited".into(), |n| n.to_string())),
            ("bomb-flies", word(self.bomb_flies).into()),
            ("mines", if self.mines == Mines::Spring { "spring" } else { "mutual" }.into()),
            ("scout", word(self.scout).into()),
            ("bomb-flag", if self.bomb_flag == BombFlag::Captures { "captures" } else { "forbidden" }.into()),
            ("flag-home", word(self.flag_home).into()),
            ("quiet-limit", self.quiet_limit.to_string()),
            ("on-timeout", self.on_timeout.word()),
            ("order", if self.order == Order::Ccw { "ccw" } else { "cw" }.into()),
        ]
    }
}

/// Only the options that differ from the defaults, space-separated (empty for the standard preset).
impl fmt::Display for RuleOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let defaults = RuleOptions::default().all_pairs();
        let diff: Vec<String> = self
            .all_pairs()
            .into_iter()
            .zip(defaults)
            .filter(|(a, b)| a != b)
            .map(|((k, v), _)| format!("{k}={v}"))
            .collect();
        f.write_str(&diff.join(" "))
    }
}

/// Who sees what (`rules-junqi.md` §6).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// 暗棋 with a referee: only the owner sees a piece.
    Dark,
    /// 密布明战法: both pieces of a combat are announced by name.
    Reveal,
    /// 明棋: everything is visible to everyone.
    Open,
    /// 双明 (4-player games): partners also see each other's pieces (`rules-junqi4.md` §8).
    Partners,
}

impl Mode {
    /// Reads `dark`, `reveal` or `open` (also 暗, 明战, 明).
    pub fn parse(s: &str) -> Option<Mode> {
        match s.trim().to_lowercase().as_str() {
            "dark" | "暗" | "暗棋" | "四暗" => Some(Mode::Dark),
            "reveal" | "明战" => Some(Mode::Reveal),
            "open" | "明" | "明棋" | "全明" => Some(Mode::Open),
            "partners" | "双明" => Some(Mode::Partners),
            _ => None,
        }
    }

    /// The record name.
    pub fn as_str(self) -> &'static str {
        match self {
            Mode::Dark => "dark",
            Mode::Reveal => "reveal",
            Mode::Open => "open",
            Mode::Partners => "partners",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auto_move_takes_a_limit_and_is_written_in_normal_form() {
        let read = |t: &str| RuleOptions::parse(t).map(|o| o.on_timeout);
        assert_eq!(read("on-timeout=auto-move"), Ok(OnTimeout::AutoMove(AUTO_MOVE_LIMIT)));
        assert_eq!(read("on-timeout=托管"), Ok(OnTimeout::AutoMove(3)));
        assert_eq!(read("on-timeout=auto-move:5"), Ok(OnTimeout::AutoMove(5)));
        assert_eq!(read("on-timeout=auto:1"), Ok(OnTimeout::AutoMove(1)));
        for bad in ["on-timeout=auto-move:0", "on-timeout=auto-move:100", "on-timeout=auto-move:x"] {
            let e = RuleOptions::parse(bad).unwrap_err().to_string();
            assert!(e.contains("auto-move:N"), "{bad}: {e}");
        }
        // Normal form: the limit is always written, so `auto-move` and `auto-move:3` are one game.
        assert_eq!(RuleOptions::parse("on-timeout=auto").unwrap().to_string(), "on-timeout=auto-move:3");
        assert_eq!(RuleOptions::parse("on-timeout=auto-move:7").unwrap().to_string(), "on-timeout=auto-move:7");
        let again = RuleOptions::parse("on-timeout=auto-move:7").unwrap().to_string();
        assert_eq!(RuleOptions::parse(&again).unwrap().on_timeout, OnTimeout::AutoMove(7));
    }
}
