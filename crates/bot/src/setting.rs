//! What the bot must know of a game kind before it plays: the variant's data (board, piece table,
//! placement rules, combat table) and the rule options, both public.

use junqi_rules::adapters::flip::FLIP_KIND;
use junqi_rules::contract::GameKind;
use junqi_rules::flip::FlipOptions;
use junqi_rules::options::RuleOptions;
use junqi_rules::{Seat, Variant};

/// The public rules of one game the bot plays.
#[derive(Clone, Copy, Debug)]
pub struct Setting {
    /// The variant's data.
    pub variant: &'static Variant,
    /// The rule options the game was started with.
    pub rules: RuleOptions,
    /// 翻棋's own options, when the game is 翻棋 (played on the Junqi variant's data).
    pub flip: Option<FlipOptions>,
}

/// Why the bot cannot play a kind.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SettingError {
    /// The kind is not a game of deployed hidden armies the bot models.
    #[error("the bot does not play {0} yet")]
    Unsupported(String),
    /// The options text does not read.
    #[error("options: {0}")]
    Options(String),
}

impl Setting {
    /// The setting of a catalogued kind played with `options` (`key=value …`).
    pub fn of_kind(kind: &GameKind, options: &str) -> Result<Setting, SettingError> {
        if kind.name == FLIP_KIND.name {
            let flip = FlipOptions::parse(options).map_err(|e| SettingError::Options(e.to_string()))?;
            return Ok(Setting { variant: Variant::junqi(), rules: flip.base, flip: Some(flip) });
        }
        // The kinds of deployed armies on a variant's data share their record name with it.
        let variant = Variant::by_name(kind.name).ok_or_else(|| SettingError::Unsupported(kind.name.to_string()))?;
        let rules = RuleOptions::parse(options).map_err(|e| SettingError::Options(e.to_string()))?;
        Ok(Setting { variant, rules, flip: None })
    }

    /// Whether two seats are on the same team.
    pub fn allies(&self, a: Seat, b: Seat) -> bool {
        self.variant.team(a) == self.variant.team(b)
    }

    /// The number of seats.
    pub fn seats(&self) -> usize {
        self.variant.seats.len()
    }
}
