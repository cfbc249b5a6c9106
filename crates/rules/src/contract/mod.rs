//! The game contract: what every game of the referee is, whatever its board, pieces or secrets.
//!
//! - [`game::Game`] is written once per game, typed: its action, its full ply, its refusals.
//! - [`any::AnyGame`] is the same game erased, text in and public data out; every `Game` is one.
//! - [`kind::GameKind`] and [`catalog::GameDef`] describe a kind statically: names, seats,
//!   setup style, modes, options, rematch, board art; how to start, deploy or deal, describe.
//! - Hidden information is a type: an [`picture::Audience`] gets a [`picture::Picture`] and
//!   [`ply::PublicPly`]s built for it alone; deals and deployments travel as [`secret::Secret`].
//! - [`record`] is the record format every game shares (tags, action tokens, seat events,
//!   result); [`replay`] replays any catalogued game's record through the contract.
//! - [`lang::Lang`] is the one language type; every game text comes in English, 简体 and 繁體.

pub mod any;
pub mod catalog;
pub mod edit;
pub mod explain;
pub mod game;
pub mod kind;
pub mod lang;
pub mod picture;
pub mod ply;
pub mod record;
pub mod replay;
pub mod secret;

pub use any::{AnyGame, PlayError, Played};
pub use catalog::{Dealt, First, GameDef, MarkDef, OnTimeout, Policy, SetupError, Start, StartError};
pub use explain::{Explain, Explained};
pub use game::{Game, Illegal, Leave, Leaving, Unreadable};
pub use kind::{GameKind, ModeDesc, PieceLabelFn, Rematch, SeatDesc, Seating, SettingsError, SetupStyle};
pub use lang::{Lang, Words, to_traditional};
pub use picture::{Audience, Captions, Face, Line, Picture, Token};
pub use ply::{Fact, Over, PublicPly, Standing};
pub use record::{Envelope, ParseError, Reading, RecordDef, ReplayError, Step};
pub use replay::{Replayed, Upto};
pub use secret::Secret;
