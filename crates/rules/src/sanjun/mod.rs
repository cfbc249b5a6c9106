//! 陆海空三军棋 (land-sea-air chess, 35 pieces a side; variant `sanjun`, `rules-sanjun.md`): its
//! three-layer board, piece table, deployment, movement over typed links, combat table and game
//! loop. It reuses the core's `Board`, `Piece`, `Move`, `Outcome` and `Rng`; its own movement
//! (sea lanes, flights, strikes) lives here because no other game has it.

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
pub mod words;

pub use board::{SanjunBoard, Station};
pub use deploy::{SanjunSetup, Violation};
pub use game::{SanjunEnd, SanjunGame, SanjunIllegal, SanjunOver, SanjunPly};
pub use moves::MoveKind;
pub use options::{SanjunOptions, Win};
