//! The rules core: pure game logic with no I/O. Boards are graphs, games are data
//! ([`variant::Variant`]), and hidden information only leaves through [`view`].
//!
//! [`contract`] is what every game is to the referee (one typed trait, its erased form, the
//! catalogue of kinds); [`adapters`] puts today's engines under it.

pub mod adapters;
pub mod bitset;
pub mod board;
pub mod combat;
pub mod contract;
pub mod draughts;
pub mod echo;
pub mod end;
pub mod family;
pub mod flip;
pub mod flip_record;
pub mod game;
pub mod haijun;
pub mod haijun21;
pub mod junqi4_board;
pub mod junqi_board;
pub mod landseaair;
pub mod notation;
pub mod options;
pub mod piece;
pub mod record;
pub mod record_seats;
pub mod rng;
pub mod sanjun;
pub mod sanjun30;
pub mod seat;
pub mod setup;
pub mod shuffle;
pub mod tiaoqi;
pub mod variant;
pub mod view;

pub use board::{Board, PointId};
pub use combat::Outcome;
pub use game::{EndReason, Game, GameOver, IllegalMove, Move, PlyReport};
pub use options::{Mode, RuleOptions};
pub use piece::{Piece, PieceKind};
pub use seat::Seat;
pub use setup::{Deployment, Setup};
pub use variant::Variant;
pub use view::{View, Viewer};
