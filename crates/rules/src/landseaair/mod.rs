//! The 陆海空 family (issue 14): what 陆海空三军棋 ([`crate::sanjun`], 35 pieces) and
//! 海陆空三军战斗棋 ([`crate::sanjun30`], 30 pieces) share, so each game's folder holds only what
//! differs — its stations and link tables, piece table, combat table, movement, deployment and
//! words.
//!
//! - [`board`]: names on the 15 × 25 grid, three layers, the typed links both boards have, the
//!   air lanes, and [`board::FamilyBoard`], built from a game's [`board::Layout`].
//! - [`outcome`]: the outcome classes applied to a position (strikes, bounces, scouting, shot
//!   down, a fallen 总司令's flag shown), the end checks in the specs' order, and the shared
//!   progress of a game (turn, plies, quiet plies, result).
//! - [`options`]: the switches both games have (`first`, `mines`, `bomb-flag`, `win`,
//!   `quiet-limit`), read and written the same way.
//! - [`record`]: plain records, and the public history of a record whose setups are `?`.
//! - [`contract`]: the pieces of the game contract both games fill the same way (modes, faces,
//!   results, outcome words).

pub mod board;
pub mod contract;
pub mod options;
pub mod outcome;
pub mod record;

