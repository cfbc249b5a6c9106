//! 跳棋 (Chinese checkers) as `docs/rules-tiaoqi.md` sets it out, for 2, 3, 4 or 6 players —
//! one game folder under the contract: [`board`] (the 121 points, names, lines, triangles),
//! [`rules`] (options), [`position`] (seats, homes, pieces), [`movegen`] (steps, hops, chains,
//! the swap), [`refusal`] (why a move is refused), [`race`] (places, team order, ends),
//! [`game`] (turns, rounds, finishing, leaving), [`notation`] (moves as written), [`record`]
//! (records and replay output), [`contract`] (the `Game` impl) and [`kinds`] (the `GameKind` and
//! `GameDef`, not yet in the built-in catalogue).
//!
//! The contract's `EndReason` has no race ends: [`End`] keeps the exact reason (the spec's §8
//! names) and maps the race ends onto `FlagCaptured`, the round limit onto `QuietLimit`, a round
//! of passes onto `BothStuck`.

pub mod board;
pub mod contract;
pub mod game;
pub mod kinds;
pub mod movegen;
pub mod notation;
pub mod position;
pub mod race;
pub mod record;
pub mod refusal;
pub mod rules;

pub use board::Side;
pub use game::{Tiaoqi, TiaoqiPly};
pub use kinds::{TIAOQI, TIAOQI_KIND};
pub use movegen::{Move, Path};
pub use race::End;
pub use refusal::Refusal;
pub use rules::{Jump, Rules, Teams};
