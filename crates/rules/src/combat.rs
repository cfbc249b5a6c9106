//! Combat: what happens when a piece moves onto an enemy piece (`rules-junqi.md` §5).
//!
//! A variant supplies its own table as a function; outcomes beyond the Junqi four (a bounce that
//! sends the attacker back, a scouting that reveals without fighting, an aircraft shot down) are
//! further variants of [`Outcome`] that the game applies without knowing which table produced them.

use serde::{Deserialize, Serialize};

use super::options::{Mines, RuleOptions};
use super::piece::{PieceClass, PieceDef};

/// The public outcome class of one ply.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// A move onto an empty point.
    Moved,
    /// The attacker won and occupies the point.
    AttackerWon,
    /// The defender won and stays; the attacker is removed.
    DefenderWon,
    /// Both pieces are removed.
    BothRemoved,
    /// The flag was captured.
    FlagCaptured,
    /// Both pieces stay and the attacker is back on its start (陆海空: a submarine struck by a
    /// battery, a fighter meeting a submarine, an attack on the reconnaissance plane).
    Bounced,
    /// The defender's identity is announced and nothing else happens (陆海空: the
    /// reconnaissance plane's attack; it flies back to its start).
    Scouted,
    /// An aircraft flew over an enemy anti-aircraft gun or gunboat and was destroyed; the gun is
    /// announced.
    ShotDown,
    /// 海军棋: the ply removed a 旗舰, whoever attacked (`rules-haijun.md` §6, §8, §10.1) — the
    /// outcome class everyone is told, since the end it brings is public.
    FlagshipSunk,
}

impl Outcome {
    /// Every outcome class, for tables and tests that must cover them all.
    pub const ALL: [Outcome; 9] = [
        Outcome::Moved,
        Outcome::AttackerWon,
        Outcome::DefenderWon,
        Outcome::BothRemoved,
        Outcome::FlagCaptured,
        Outcome::Bounced,
        Outcome::Scouted,
        Outcome::ShotDown,
        Outcome::FlagshipSunk,
    ];

    /// The `replay --json` name.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Moved => "moved",
            Outcome::AttackerWon => "attacker_won",
            Outcome::DefenderWon => "defender_won",
            Outcome::BothRemoved => "both_removed",
            Outcome::FlagCaptured => "flag_captured",
            Outcome::Bounced => "bounced",
            Outcome::Scouted => "scouted",
            Outcome::ShotDown => "shot_down",
            Outcome::FlagshipSunk => "flagship_sunk",
        }
    }

    /// The record annotation (`{x}` …), if this outcome is a combat.
    pub fn mark(self) -> Option<&'static str> {
        match self {
            Outcome::Moved => None,
            Outcome::AttackerWon => Some("x"),
            Outcome::DefenderWon => Some("/"),
            Outcome::BothRemoved => Some("="),
            Outcome::FlagCaptured => Some("F"),
            Outcome::Bounced => Some("b"),
            Outcome::Scouted => Some("r"),
            Outcome::ShotDown => Some("s"),
            // The same mark as a captured flag: a record's `{F}` reads as either, and replays
            // compare marks, not classes (`contract/replay.rs`).
            Outcome::FlagshipSunk => Some("F"),
        }
    }

    /// Reads a record annotation (a plain move has none, so it is never read back).
    pub fn from_mark(mark: &str) -> Option<Outcome> {
        Outcome::ALL.into_iter().find(|o| o.mark() == Some(mark))
    }

    /// Whether this ply was a combat (resets the no-combat counter).
    pub fn is_combat(self) -> bool {
        self != Outcome::Moved
    }

    /// Whether the moving piece ends the ply on the destination point (it moved, won or took
    /// the flag). Arrow strikes are the exception the game that has them handles itself.
    pub fn mover_arrives(self) -> bool {
        matches!(self, Outcome::Moved | Outcome::AttackerWon | Outcome::FlagCaptured)
    }

    /// Whether the moving piece is removed (it lost, traded, or was shot down on the way).
    pub fn mover_removed(self) -> bool {
        matches!(self, Outcome::DefenderWon | Outcome::BothRemoved | Outcome::ShotDown)
    }

    /// Whether the piece on the destination is removed.
    pub fn defender_removed(self) -> bool {
        matches!(self, Outcome::AttackerWon | Outcome::BothRemoved | Outcome::FlagCaptured)
    }
}

/// A variant's combat table: attacker, defender, options → outcome.
pub type CombatFn = fn(&PieceDef, &PieceDef, &RuleOptions) -> Outcome;

/// The Junqi table. Whether a bomb may attack the flag at all is a movement question
/// (`bomb-flag=forbidden` makes the move illegal), so here a bomb on the flag captures it.
pub fn junqi(attacker: &PieceDef, defender: &PieceDef, rules: &RuleOptions) -> Outcome {
    use PieceClass::*;
    match (attacker.class, defender.class) {
        (_, Flag) => Outcome::FlagCaptured,
        (Bomb, _) | (_, Bomb) => Outcome::BothRemoved,
        (Engineer, Mine) => Outcome::AttackerWon,
        (_, Mine) => match rules.mines {
            Mines::Spring => Outcome::DefenderWon,
            Mines::Mutual => Outcome::BothRemoved,
        },
        _ => match attacker.rank.cmp(&defender.rank) {
            std::cmp::Ordering::Greater => Outcome::AttackerWon,
            std::cmp::Ordering::Less => Outcome::DefenderWon,
            std::cmp::Ordering::Equal => Outcome::BothRemoved,
        },
    }
}
