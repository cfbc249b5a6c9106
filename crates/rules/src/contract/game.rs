//! The typed game contract, written once by each game's author: actions, turns, play that leaves
//! the game unchanged when it refuses, leaving a seat, draws, and what each audience learns.

use std::fmt::Debug;

use crate::seat::Seat;

use super::kind::GameKind;
use super::picture::{Audience, Picture};
use super::ply::{Over, PublicPly};

/// How a player leaves a game before its end.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Leave {
    /// The player gave up.
    Resign,
    /// The player's deadline passed.
    Timeout,
}

/// What leaving did: the seats now out (with more than two seats the game may go on without
/// them) and the end, if the game ended.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Leaving {
    /// Seats that went out, in order (the leaver first, then any seat left without a move).
    pub out: Vec<Seat>,
    /// The end of the game, if this ended it.
    pub end: Option<Over>,
}

/// Why an action was refused. The game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Illegal<R> {
    /// The game has ended.
    #[error("the game is over")]
    Over,
    /// Another seat is to move (or this seat is out of the game).
    #[error("seat {seat} may not play now: seat {to_move} is to move")]
    NotYourTurn {
        /// Who tried.
        seat: Seat,
        /// Who is to move.
        to_move: Seat,
    },
    /// The game's rules refuse it, in the game's own terms.
    #[error("{0}")]
    Rule(R),
}

/// A text that names no action of the game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{text}' is not an action of this game: {why}")]
pub struct Unreadable {
    /// What was typed.
    pub text: String,
    /// The game's explanation: how its actions are written (`write from-to, e.g. c6-c7`).
    pub why: super::explain::Explained,
}

impl Unreadable {
    /// What was typed (quoted as messages quote user text: [`crate::echo::echo`]) and why it
    /// cannot be read.
    pub fn new(text: &str, why: super::explain::Explained) -> Unreadable {
        Unreadable { text: crate::echo::echo(text), why }
    }
}

/// One game in progress, typed: what a game author implements. The referee holds it erased, as
/// a [`super::any::AnyGame`], which every `Game` is.
///
/// The full state, the [`Game::Ply`] and the secrets in them never leave the rules crate except
/// through [`Game::public_ply`] and [`Game::picture`], each made for one [`Audience`].
pub trait Game: Clone + Send + Sync + 'static {
    /// One action of a player: a move, a flip, a jump path, later a shot.
    type Action: Copy + Eq + Debug + Send;
    /// Everything one ply did, secrets included.
    type Ply: Clone + Send + Sync;
    /// Why the rules refuse an action (the game's own error type).
    type Refusal: std::error::Error + super::explain::Explain + Clone + Send + Sync + 'static;

    /// The kind of game.
    fn kind(&self) -> &'static GameKind;
    /// The seat to move.
    fn to_move(&self) -> Seat;
    /// Plies played.
    fn ply(&self) -> u32;
    /// The result, once the game is over.
    fn over(&self) -> Option<Over>;
    /// Every action `seat` may play now; empty when it is not that seat's turn or the game is
    /// over.
    fn legal(&self, seat: Seat) -> Vec<Self::Action>;
    /// Plays an action of `seat`. On `Err` the game is exactly as it was.
    fn play(&mut self, seat: Seat, action: Self::Action) -> Result<Self::Ply, Illegal<Self::Refusal>>;
    /// The last ply played, for pictures' last-move marks.
    fn last(&self) -> Option<&Self::Ply>;
    /// A seat leaves (resigns or runs out of time). With two seats the other wins; with more,
    /// the seat goes out and the game ends when a whole team is out. Nothing happens once over.
    fn leave(&mut self, seat: Seat, why: Leave) -> Leaving;
    /// Ends the game as a draw every remaining seat agreed to; `None` if it was already over.
    fn agree_draw(&mut self) -> Option<Over>;
    /// Passes `seat`'s turn without an action (a timeout under `on-timeout=skip:N`), where the
    /// game's rules let a turn be skipped: the seats it put out (left without a move) and any
    /// end. `None`, with nothing changed, where the game cannot pass (the default: draughts and
    /// 跳棋 have no pass), it is over, or `seat` is not to move.
    fn pass(&mut self, _seat: Seat) -> Option<Leaving> {
        None
    }
    /// Whether a seat has left a game that goes on without it (games of more than two seats).
    fn is_out(&self, _seat: Seat) -> bool {
        false
    }
    /// What a ply tells an audience.
    fn public_ply(&self, ply: &Self::Ply, audience: Audience) -> PublicPly;
    /// The board as an audience may see it, marked with `last`.
    fn picture(&self, audience: Audience, last: Option<&Self::Ply>) -> Picture;
    /// Reads an action as `seat` types it, or as a log or record writes it.
    fn parse_action(&self, seat: Seat, text: &str) -> Result<Self::Action, Unreadable>;
    /// Reads an action a player typed: by default as [`Game::parse_action`]. A game whose tokens
    /// may claim what an action reveals drops the claim here, since refusing a wrong guess would
    /// tell the player what they may not know (翻棋's `+c6=G`: a log's claim is checked against
    /// the deal, a player's guess is ignored).
    fn parse_typed(&self, seat: Seat, text: &str) -> Result<Self::Action, Unreadable> {
        self.parse_action(seat, text)
    }
    /// The action's token for event logs and records: `parse_action` reads it back to the same
    /// action, for any seat.
    fn action_token(&self, action: Self::Action) -> String;
    /// The token of an action as played, for the event log and records: by default its
    /// [`Game::action_token`]; a game whose plies reveal something public may write it in
    /// (翻棋 writes the piece a flip turned up, `+c6=G`, so that a log checks itself against the
    /// deal). `parse_action` must read it back to an action that plays the same ply.
    fn ply_token(&self, action: Self::Action, _ply: &Self::Ply) -> String {
        self.action_token(action)
    }
}
