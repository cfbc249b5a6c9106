//! 海军棋 (the mainland 春水 naval chess; variant `haijun`, `rules-haijun.md` §1–8): its board
//! (the 2-player Junqi graph with an open sea front), the 25-piece fleet, the 10 × 10 combat
//! table, movement along branch and red lines, deployment, the game loop and its contract
//! (`GameKind`, `GameDef`, `RecordDef`; the `Game` impl is `naval.rs`'s, shared with `haijun21`).
//! Not catalogued until its board art exists; §9's `haijun21` is its own folder, `crate::haijun21`.

pub mod board;
pub mod combat;
pub mod contract;
pub mod deploy;
pub mod game;
pub mod kinds;
pub mod moves;
pub mod naval;
pub mod options;
pub mod pieces;

pub use board::Front;
pub use deploy::{HaijunSetup, SetupParseError, Violation};
pub use game::{Capture, HaijunGame, HaijunIllegal, HaijunOptions, HaijunOver, HaijunPly};
pub use moves::MoveKind;
pub use options::{First, HaijunOptionsError, HaijunSettings};
