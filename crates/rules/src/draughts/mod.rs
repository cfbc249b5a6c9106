//! Draughts (西洋跳棋): English draughts (8×8), international draughts (10×10) and Canadian
//! checkers (12×12), as `docs/rules-draughts.md` sets them out — one game folder under the
//! contract: [`board`] numbering, [`position`], [`movegen`], [`game`] (end and draw rules),
//! [`notation`] (moves and FEN), [`pdn`] (records), [`rules`] (options), [`refusal`] (why a move
//! is refused), [`contract`] (the `Game` impl) and [`kinds`] (the three `GameKind`s and
//! `GameDef`s, not yet in the built-in catalogue).
//!
//! The contract's `EndReason` has no draughts draws yet: [`End`] keeps the exact reason (spec
//! §10's names) and maps repetition, move limit and endgame limit onto `QuietLimit`, a side
//! without pieces onto `NoMovablePieces`.

pub mod board;
pub mod contract;
pub mod game;
pub mod kinds;
pub mod movegen;
pub mod notation;
pub mod pdn;
pub mod position;
pub mod refusal;
pub mod rules;

pub use board::{Colour, Variant};
pub use game::{Draughts, DraughtsPly, End};
pub use kinds::{DRAUGHTS, DRAUGHTS10, DRAUGHTS12};
pub use position::{Move, Piece, Position};
pub use refusal::Refusal;
pub use rules::Rules;
