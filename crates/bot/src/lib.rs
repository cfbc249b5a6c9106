//! A computer player for the hidden-piece games of the rules crate.
//!
//! The bot's whole input is a [`view::SeatView`]: the picture its own seat may see and the plies
//! as that seat was told them (`junqi_rules::contract`, [`Audience::Seat`]). Neither type can
//! carry an enemy piece's hidden identity, so the bot cannot cheat by construction; the tests
//! check it also behaves that way (same public history, different hidden armies → same action).
//!
//! - [`setting`]: what the bot needs to know of a kind (its variant data and rule options),
//!   looked up from the catalogue name, and why a kind is not supported.
//! - [`belief`]: for every enemy piece, the kinds it can still be and their probabilities, from
//!   the army counts, the placement rules and every public ply; whole consistent positions
//!   (determinisations) sampled from it.
//! - [`player`]: `random`, `greedy` (one ply with the belief) and `search` (determinised
//!   rollouts over samples, within a time or node budget); each deterministic for its seed.
//! - [`deploy`]: a sensible deployment (flag in a headquarters, mines around it).
//! - [`arena`]: whole games between two players, both seat orders on the same deployments.
//!
//! [`Audience::Seat`]: junqi_rules::contract::Audience::Seat

pub mod arena;
pub mod belief;
pub mod deploy;
mod eval;
mod flip;
mod matching;
pub mod player;
pub mod setting;
pub mod view;

pub use arena::{ArenaConfig, ArenaReport};
pub use belief::Belief;
pub use player::{Budget, Player, PlayerKind};
pub use setting::{Setting, SettingError};
pub use view::{SeatView, ViewError};

#[cfg(test)]
mod tests;
