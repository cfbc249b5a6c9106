//! junqi-referee: a Discord referee (公证人) for Junqi (军棋) and its family.
//!
//! Layers (see `ARCHITECTURE.md`): [`rules`] is pure game logic; the CLI in `main.rs` drives it.

pub mod cli;
pub mod discord;
pub mod help;
pub mod local;
pub mod referee;
pub mod render;
/// The rules crate (`crates/rules`): pure game logic, re-exported so `crate::rules::…` paths read as before.
pub use junqi_rules as rules;
pub mod store;
pub mod tournament;
