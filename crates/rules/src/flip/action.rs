//! A flip ply: the action, its text form (`+c6=G`, `c6-c7`) and why a ply is refused.

use crate::board::PointId;
use crate::game::{IllegalMove, Move};
use crate::notation::{parse_move, parse_point};
use crate::piece::PieceKind;
use crate::seat::Seat;
use crate::variant::Variant;

use super::parse_piece_letter;

/// One ply of a flip game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FlipAction {
    /// Turn over the face-down piece on a point.
    Flip(PointId),
    /// Move a face-up piece of one's own colour.
    Move(Move),
}

/// A ply as written, with the identity a flip token claims (`+c6=G`), checked when played.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParsedAction {
    /// The ply.
    pub action: FlipAction,
    /// For `+c6=G`: the colour and kind the flip must reveal.
    pub claims: Option<(Seat, PieceKind)>,
}

/// A ply that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    /// Neither a flip nor a move.
    #[error("'{0}' is neither a flip (+c6, c6, flip c6, 翻c6) nor a move (c6-c7)")]
    Unreadable(String),
    /// The `=x` part is not a piece letter.
    #[error("'{0}' after '=' is not a piece letter (a–l red, A–L blue)")]
    BadPiece(String),
}

/// Reads a ply: `+c6=G`, `+c6`, `c6`, `flip c6`, `翻c6` (flips) or `c6-c7` (a move).
pub fn parse_action(text: &str) -> Result<ParsedAction, ActionError> {
    let board = &Variant::junqi().board;
    let t = text.trim();
    let unreadable = || ActionError::Unreadable(crate::echo::echo(t));
    let body = t
        .strip_prefix('+')
        .or_else(|| t.strip_prefix('翻'))
        .or_else(|| t.get(..5).filter(|p| p.eq_ignore_ascii_case("flip ")).map(|_| &t[5..]))
        .map(str::trim);
    let flip_text = body.unwrap_or(t);
    let (point_text, claim_text) = match flip_text.split_once('=') {
        Some((p, c)) => (p.trim(), Some(c.trim())),
        None => (flip_text, None),
    };
    if let Ok(point) = parse_point(board, point_text) {
        let claims = match claim_text {
            None => None,
            Some(c) => {
                let mut chars = c.chars();
                match (chars.next().and_then(parse_piece_letter), chars.next()) {
                    (Some(p), None) => Some(p),
                    _ => return Err(ActionError::BadPiece(crate::echo::echo(c))),
                }
            }
        };
        return Ok(ParsedAction { action: FlipAction::Flip(point), claims });
    }
    if body.is_some() || claim_text.is_some() {
        return Err(unreadable());
    }
    parse_move(board, t).map(|mv| ParsedAction { action: FlipAction::Move(mv), claims: None }).map_err(|_| unreadable())
}

/// Why a ply was refused. The game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FlipError {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// Nothing stands on the point.
    #[error("there is no piece on {0}")]
    NoPiece(String),
    /// A flip of a face-up piece.
    #[error("the piece on {0} is already face up; flip a face-down piece or move one of yours")]
    AlreadyFaceUp(String),
    /// A move of a face-down piece.
    #[error("the piece on {0} is face down: it cannot move until it is flipped")]
    FaceDown(String),
    /// An attack on a face-down piece.
    #[error("the piece on {0} is face down and cannot be attacked")]
    FaceDownTarget(String),
    /// A move before colours are assigned.
    #[error("colours are not assigned yet, so every ply is a flip")]
    NoColourYet,
    /// The piece is the opponent's colour.
    #[error("the piece on {0} is {1}, which is not your colour")]
    NotYourColour(String, &'static str),
    /// `flag-mines=on` and mines of the flag's colour remain.
    #[error("the flag on {point} cannot be attacked while {left} of its mines remain on the board (flag-mines=on)")]
    FlagMines {
        /// The flag's point.
        point: String,
        /// Mines of its colour still on the board.
        left: u8,
    },
    /// `flag-taker=engineer`.
    #[error("only an engineer may take the flag (flag-taker=engineer)")]
    FlagTakerEngineer,
    /// `flag-taker=smallest`.
    #[error("only your lowest-ranked officer may take the flag, and the piece on {0} is not it (flag-taker=smallest)")]
    FlagTakerSmallest(String),
    /// `suicide=forbidden`.
    #[error("{from}-{to} would only lose your piece, which these rules forbid (suicide=forbidden)")]
    Suicide {
        /// Start point.
        from: String,
        /// Target point.
        to: String,
    },
    /// A flip token whose `=x` does not match what the point holds (record import).
    #[error("{point} holds {actual}, not {claimed} as written")]
    WrongReveal {
        /// The point.
        point: String,
        /// The letter written.
        claimed: char,
        /// The letter there.
        actual: char,
    },
    /// A movement rule of the standard game.
    #[error("{0}")]
    Move(#[from] IllegalMove),
}
