//! 翻棋 (flip Junqi, `rules-flip.md`): 50 pieces dealt face down on the standard board, turned over
//! during play. The standard [`Game`] does movement and combat (with [`Game::enable_flip`], its
//! seats are colours and `known` means face up); this module adds the deal, flips, players and
//! colour assignment, the flag rules and the end conditions in the order of §5.
//!
//! Hidden information is a type here: the public [`FlipView`] shows a face-down piece as
//! [`FlipCell::FaceDown`], which carries neither identity nor colour, and a [`FlipReport`] only
//! ever names face-up pieces. The inner `Game` (which knows everything) is never handed out.

use serde::{Deserialize, Serialize};

#[cfg(doc)]
use super::game::Game;
use super::game::GameOver;

mod action;
mod deal;
mod game;
mod options;
mod view;

pub use action::{ActionError, FlipAction, FlipError, ParsedAction, parse_action};
pub use deal::{Deal, DealError, colour_name, deal_points, parse_piece_letter, piece_letter};
pub use game::FlipGame;
pub use options::{ColourRule, FirstPlayer, FlagTaker, FlipOptions, FlipOptionsError};
pub use view::{FlipCell, FlipEvent, FlipReport, FlipView, other_colour};

/// The record name of the variant.
pub const VARIANT_NAME: &str = "junqi-flip";
/// The record name of the mode.
pub const MODE_NAME: &str = "flip";

/// A player of a flip game: P1 moves first. Colours come later (§2).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    /// Moves first.
    P1,
    /// Moves second.
    P2,
}

impl Player {
    /// 0 for P1, 1 for P2 (also the `winner` of a flip [`GameOver`]).
    pub fn index(self) -> usize {
        match self {
            Player::P1 => 0,
            Player::P2 => 1,
        }
    }

    /// The other player.
    pub fn other(self) -> Player {
        match self {
            Player::P1 => Player::P2,
            Player::P2 => Player::P1,
        }
    }

    /// `p1` / `p2`, as in `replay --json`.
    pub fn as_str(self) -> &'static str {
        match self {
            Player::P1 => "p1",
            Player::P2 => "p2",
        }
    }

    /// The record tag, `P1` / `P2`.
    pub fn tag(self) -> &'static str {
        match self {
            Player::P1 => "P1",
            Player::P2 => "P2",
        }
    }

    /// The player with this index (0 = P1).
    pub fn from_index(i: u8) -> Option<Player> {
        match i {
            0 => Some(Player::P1),
            1 => Some(Player::P2),
            _ => None,
        }
    }
}

/// `1-0` (P1 wins), `0-1`, `1/2-1/2` or `*`.
pub fn result_token(over: Option<GameOver>) -> &'static str {
    match over {
        None => "*",
        Some(GameOver { winner: None, .. }) => "1/2-1/2",
        Some(GameOver { winner: Some(0), .. }) => "1-0",
        Some(GameOver { winner: Some(_), .. }) => "0-1",
    }
}

/// `p1_wins`, `p2_wins`, `draw` or `ongoing`.
pub fn result_word(over: Option<GameOver>) -> &'static str {
    match over {
        None => "ongoing",
        Some(GameOver { winner: None, .. }) => "draw",
        Some(GameOver { winner: Some(0), .. }) => "p1_wins",
        Some(GameOver { winner: Some(_), .. }) => "p2_wins",
    }
}
