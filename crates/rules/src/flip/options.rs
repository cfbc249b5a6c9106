//! The options of a flip game (`rules-flip.md` §7): parsing `key=value` text and writing the non-defaults.

use std::fmt;

use crate::options::{OptionsError, RuleOptions};

/// Option `colour` (§2).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ColourRule {
    /// The first piece flipped gives its colour to its flipper (P1).
    FirstFlip,
    /// Every ply is a flip until an engineer turns up; its flipper takes its colour.
    Engineer,
}

/// Option `first` (§2): how the referee picks P1.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FirstPlayer {
    /// Drawn at random.
    Random,
    /// The player who made the challenge.
    Creator,
}

/// Option `flag-taker` (§4).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FlagTaker {
    /// Any piece that may attack it (a bomb subject to `bomb-flag`).
    Any,
    /// Only an engineer.
    Engineer,
    /// Only an officer with no lower-ranked officer of its colour left on the board.
    Smallest,
}

/// Every option of `rules-flip.md` §7, with its default.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct FlipOptions {
    /// `colour`.
    pub colour: ColourRule,
    /// `first`.
    pub first: FirstPlayer,
    /// `suicide`: whether an attack that only loses the attacker is allowed.
    pub suicide: bool,
    /// `flag-mines`: a flag may be attacked only once its colour's three mines are gone.
    pub flag_mines: bool,
    /// `flag-taker`.
    pub flag_taker: FlagTaker,
    /// The options shared with the standard game: `hq-exit` (on here), `quiet-limit`, `mines`,
    /// `bomb-flag`, `bomb-flies`, `rail-range`, `on-timeout`.
    pub base: RuleOptions,
}

impl Default for FlipOptions {
    fn default() -> Self {
        FlipOptions {
            colour: ColourRule::FirstFlip,
            first: FirstPlayer::Random,
            suicide: true,
            flag_mines: true,
            flag_taker: FlagTaker::Any,
            base: RuleOptions { hq_exit: true, ..RuleOptions::default() },
        }
    }
}

/// A flip rules string that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FlipOptionsError {
    /// A standard option's error.
    #[error("{0}")]
    Base(#[from] OptionsError),
    /// An option of the standard game that flip does not have.
    #[error("rule option '{0}' does not apply to junqi-flip (flip options: {known})", known = FLIP_KEYS.join(", "))]
    NotApplicable(String),
}

/// The keys a flip game takes, in the order they are written.
const FLIP_KEYS: [&str; 12] = [
    "colour",
    "first",
    "hq-exit",
    "suicide",
    "flag-mines",
    "flag-taker",
    "quiet-limit",
    "mines",
    "bomb-flag",
    "bomb-flies",
    "rail-range",
    "on-timeout",
];

impl FlipOptions {
    /// Reads whitespace-separated `key=value` tokens, starting from the flip defaults.
    pub fn parse(text: &str) -> Result<FlipOptions, FlipOptionsError> {
        if text.len() > crate::echo::MAX_OPTIONS_BYTES {
            return Err(OptionsError::TooLong(text.len()).into());
        }
        let mut o = FlipOptions::default();
        for token in text.split_whitespace() {
            o.set(token)?;
        }
        Ok(o)
    }

    /// Applies one `key=value`.
    pub fn set(&mut self, token: &str) -> Result<(), FlipOptionsError> {
        let (key, value) = token.split_once('=').ok_or_else(|| OptionsError::NotKeyValue(token.into()))?;
        let key = key.trim().to_lowercase();
        let value = value.trim().to_lowercase();
        let bad = |allowed: &'static str| OptionsError::BadValue { key: key.clone(), value: value.clone(), allowed };
        let on_off = |allowed| match value.as_str() {
            "on" | "yes" | "true" | "allowed" => Ok(true),
            "off" | "no" | "false" | "forbidden" => Ok(false),
            _ => Err(bad(allowed)),
        };
        match key.as_str() {
            "colour" | "color" => {
                self.colour = match value.as_str() {
                    "first-flip" => ColourRule::FirstFlip,
                    "engineer" => ColourRule::Engineer,
                    _ => return Err(bad("first-flip, engineer").into()),
                }
            }
            "first" => {
                self.first = match value.as_str() {
                    "random" => FirstPlayer::Random,
                    "creator" => FirstPlayer::Creator,
                    _ => return Err(bad("random, creator").into()),
                }
            }
            "suicide" => self.suicide = on_off("allowed, forbidden")?,
            "flag-mines" => self.flag_mines = on_off("on, off")?,
            "flag-taker" => {
                self.flag_taker = match value.as_str() {
                    "any" => FlagTaker::Any,
                    "engineer" => FlagTaker::Engineer,
                    "smallest" => FlagTaker::Smallest,
                    _ => return Err(bad("any, engineer, smallest").into()),
                }
            }
            k if FLIP_KEYS.contains(&k) => self.base.set(token)?,
            _ => {
                // Known to the standard game but not to flip (scout, flag-home, order, …)?
                let mut probe = RuleOptions::default();
                return Err(match probe.set(token) {
                    Ok(()) | Err(OptionsError::BadValue { .. }) => FlipOptionsError::NotApplicable(key),
                    Err(e) => e.into(),
                });
            }
        }
        Ok(())
    }

    fn pairs(&self) -> Vec<(&'static str, String)> {
        let mut v = vec![
            ("colour", if self.colour == ColourRule::FirstFlip { "first-flip" } else { "engineer" }.to_string()),
            ("first", if self.first == FirstPlayer::Random { "random" } else { "creator" }.into()),
            ("suicide", if self.suicide { "allowed" } else { "forbidden" }.into()),
            ("flag-mines", if self.flag_mines { "on" } else { "off" }.into()),
            (
                "flag-taker",
                match self.flag_taker {
                    FlagTaker::Any => "any",
                    FlagTaker::Engineer => "engineer",
                    FlagTaker::Smallest => "smallest",
                }
                .into(),
            ),
        ];
        v.extend(self.base.all_pairs().into_iter().filter(|(k, _)| FLIP_KEYS.contains(k) && *k != "first"));
        v
    }
}

/// Only the options that differ from the flip defaults, space-separated.
impl fmt::Display for FlipOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let diff: Vec<String> = self
            .pairs()
            .into_iter()
            .zip(FlipOptions::default().pairs())
            .filter(|(a, b)| a != b)
            .map(|((k, v), _)| format!("{k}={v}"))
            .collect();
        f.write_str(&diff.join(" "))
    }
}
