//! 海军棋 (the mainland 春水 naval chess; variant `haijun`, `rules-haijun.md` §1–8): its board
//! (the 2-player Junqi graph with an open sea front), the 25-piece fleet, the 10 × 10 combat
//! table, movement along branch and red lines, and deployment. The contract (`Game` impl, kind,
//! record) and §9's `haijun21` are not built yet.

pub mod board;
pub mod combat;
pub mod deploy;
pub mod game;
pub mod moves;
pub mod options;
pub mod pieces;

pub use board::Front;
pub use deploy::{HaijunSetup, SetupParseError, Violation};
pub use game::{Capture, HaijunGame, HaijunIllegal, HaijunOptions, HaijunOver, HaijunPly};
pub use moves::MoveKind;
pub use options::{First, HaijunOptionsError, HaijunSettings};
