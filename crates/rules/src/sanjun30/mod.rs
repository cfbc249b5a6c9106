//! 海陆空三军战斗棋 (the Taiwanese 30-piece land-sea-air battle chess; variant `sanjun30`,
//! `rules-sanjun30.md`): its 134-point board, one-of-each piece table, deployment, movement,
//! combat table, visibility and game loop. What the family shares — layers, link kinds, lanes,
//! the outcome classes, the face of a hidden piece — comes from [`crate::sanjun`] and the core.

pub mod board;
pub mod combat;
pub mod contract;
pub mod deploy;
pub mod game;
pub mod kinds;
pub mod moves;
pub mod notation;
pub mod options;
pub mod pieces;
pub mod view;

pub use board::{Sanjun30Board, Station};
pub use deploy::{Setup30, SetupParseError, Violation};
pub use game::{Sanjun30End, Sanjun30Game, Sanjun30Illegal, Sanjun30Over, Sanjun30Ply};
pub use moves::MoveKind;
pub use options::{Sanjun30Options, Win};
