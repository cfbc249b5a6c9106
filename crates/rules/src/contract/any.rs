//! [`AnyGame`]: the object-safe form of [`Game`] that the referee holds as `Box<dyn AnyGame>`,
//! with text in (action tokens as typed or logged) and public data out. Every `Game` is one.

use crate::echo::MAX_ACTION_BYTES;
use crate::seat::Seat;

use super::explain::{Explain, Explained};
use super::game::{Game, Illegal, Leave, Leaving, Unreadable};
use super::kind::GameKind;
use super::picture::{Audience, Picture};
use super::ply::{Over, PublicPly};

/// An action the game accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The action's token, for the event log and the record.
    pub token: String,
    /// The ply as the public knows it.
    pub public: PublicPly,
}

/// Why a typed action was not played. The game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The text names no action.
    #[error(transparent)]
    Unreadable(#[from] Unreadable),
    /// The game has ended.
    #[error("the game is over")]
    Over,
    /// Another seat is to move.
    #[error("seat {seat} may not play now: seat {to_move} is to move")]
    NotYourTurn {
        /// Who tried.
        seat: Seat,
        /// Who is to move.
        to_move: Seat,
    },
    /// The rules refuse it: the game's explanation, in every language.
    #[error("{0}")]
    Refused(Explained),
}

impl<R: Explain> From<Illegal<R>> for PlayError {
    fn from(e: Illegal<R>) -> PlayError {
        match e {
            Illegal::Over => PlayError::Over,
            Illegal::NotYourTurn { seat, to_move } => PlayError::NotYourTurn { seat, to_move },
            Illegal::Rule(r) => PlayError::Refused(r.explain()),
        }
    }
}

/// A game of any kind, erased: what the referee, the local mode and the record tools hold.
pub trait AnyGame: Send + Sync {
    /// The kind of game.
    fn kind(&self) -> &'static GameKind;
    /// The seat to move.
    fn to_move(&self) -> Seat;
    /// Plies played.
    fn ply(&self) -> u32;
    /// The result, once over.
    fn over(&self) -> Option<Over>;
    /// The tokens of every action `seat` may play now (autocomplete, automatic moves).
    fn legal_tokens(&self, seat: Seat) -> Vec<String>;
    /// Reads a typed action (see [`Game::parse_typed`]) into its token, without playing it.
    fn read_action(&self, seat: Seat, text: &str) -> Result<String, Unreadable>;
    /// Reads a logged or recorded token into its normal form, claims and all, without playing it.
    fn read_token(&self, seat: Seat, text: &str) -> Result<String, Unreadable>;
    /// Plays a logged action of `seat` (an event log's or a record's token, claims checked). On
    /// `Err` the game is exactly as it was.
    fn play_text(&mut self, seat: Seat, text: &str) -> Result<Played, PlayError>;
    /// Replays a logged action of `seat` without putting the ply into words (rebuilding a game
    /// from its log). On `Err` the game is exactly as it was.
    fn apply_text(&mut self, seat: Seat, text: &str) -> Result<(), PlayError>;
    /// Plays an action a player typed (see [`Game::parse_typed`]). On `Err` the game is exactly as
    /// it was.
    fn play_typed(&mut self, seat: Seat, text: &str) -> Result<Played, PlayError>;
    /// The last ply as an audience may know it.
    fn last_ply_for(&self, audience: Audience) -> Option<PublicPly>;
    /// The board as an audience may see it, marked with the last ply.
    fn picture_for(&self, audience: Audience) -> Picture;
    /// A seat resigns or runs out of time.
    fn leave(&mut self, seat: Seat, why: Leave) -> Leaving;
    /// Ends the game as an agreed draw; `None` if it was already over.
    fn agree_draw(&mut self) -> Option<Over>;
    /// Passes the seat's turn where the game can (see [`super::Game::pass`]).
    fn pass(&mut self, seat: Seat) -> Option<Leaving>;
    /// Whether a seat has left a game that goes on without it.
    fn is_out(&self, seat: Seat) -> bool;
    /// A copy of the game (to try an action, to analyse).
    fn box_clone(&self) -> Box<dyn AnyGame>;
    /// Conformance self-check: the legal actions of `seat` whose token does not read back to the
    /// same action, as `token → what it read`. Empty for a correct game.
    fn token_mismatches(&self, seat: Seat) -> Vec<String>;
}

impl Clone for Box<dyn AnyGame> {
    fn clone(&self) -> Self {
        self.box_clone()
    }
}

/// Refuses an action text longer than any action of any game ([`MAX_ACTION_BYTES`]) before a
/// game's parser sees it, so no parser's cost or message grows with a pasted wall of text.
fn bounded(text: &str) -> Result<&str, Unreadable> {
    if text.len() <= MAX_ACTION_BYTES {
        return Ok(text);
    }
    Err(Unreadable::new(
        text,
        Explained::new(
            format!("an action is at most {MAX_ACTION_BYTES} bytes long"),
            format!("一步棋最多 {MAX_ACTION_BYTES} 个字节"),
        ),
    ))
}

impl<G: Game> AnyGame for G {
    fn kind(&self) -> &'static GameKind {
        Game::kind(self)
    }

    fn to_move(&self) -> Seat {
        Game::to_move(self)
    }

    fn ply(&self) -> u32 {
        Game::ply(self)
    }

    fn over(&self) -> Option<Over> {
        Game::over(self)
    }

    fn legal_tokens(&self, seat: Seat) -> Vec<String> {
        self.legal(seat).into_iter().map(|a| self.action_token(a)).collect()
    }

    fn read_action(&self, seat: Seat, text: &str) -> Result<String, Unreadable> {
        self.parse_typed(seat, bounded(text)?).map(|a| self.action_token(a))
    }

    fn read_token(&self, seat: Seat, text: &str) -> Result<String, Unreadable> {
        self.parse_action(seat, bounded(text)?).map(|a| self.action_token(a))
    }

    fn play_text(&mut self, seat: Seat, text: &str) -> Result<Played, PlayError> {
        let action = self.parse_action(seat, bounded(text)?)?;
        let ply = self.play(seat, action)?;
        Ok(Played { token: self.ply_token(action, &ply), public: self.public_ply(&ply, Audience::Public) })
    }

    fn apply_text(&mut self, seat: Seat, text: &str) -> Result<(), PlayError> {
        let action = self.parse_action(seat, bounded(text)?)?;
        self.play(seat, action)?;
        Ok(())
    }

    fn play_typed(&mut self, seat: Seat, text: &str) -> Result<Played, PlayError> {
        let action = self.parse_typed(seat, bounded(text)?)?;
        let ply = self.play(seat, action)?;
        Ok(Played { token: self.ply_token(action, &ply), public: self.public_ply(&ply, Audience::Public) })
    }

    fn last_ply_for(&self, audience: Audience) -> Option<PublicPly> {
        self.last().map(|p| self.public_ply(p, audience))
    }

    fn picture_for(&self, audience: Audience) -> Picture {
        self.picture(audience, self.last())
    }

    fn leave(&mut self, seat: Seat, why: Leave) -> Leaving {
        Game::leave(self, seat, why)
    }

    fn pass(&mut self, seat: Seat) -> Option<Leaving> {
        Game::pass(self, seat)
    }

    fn agree_draw(&mut self) -> Option<Over> {
        Game::agree_draw(self)
    }

    fn is_out(&self, seat: Seat) -> bool {
        Game::is_out(self, seat)
    }

    fn box_clone(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }

    fn token_mismatches(&self, seat: Seat) -> Vec<String> {
        self.legal(seat)
            .into_iter()
            .filter_map(|a| {
                let token = self.action_token(a);
                match self.parse_action(seat, &token) {
                    Ok(b) if b == a => None,
                    Ok(b) => Some(format!("{token} → {b:?} (not {a:?})")),
                    Err(e) => Some(format!("{token} → {e}")),
                }
            })
            .collect()
    }
}
