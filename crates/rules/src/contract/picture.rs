//! What an audience may know, as types: the [`Audience`] a text or image is made for, the
//! [`Face`] a token shows to it, and the [`Picture`] of a board built for one audience only.
//!
//! A game builds a picture from the facts that audience may know and nothing else; a picture
//! carries its audience, so the code that posts or draws it can insist on the right one (a public
//! channel takes only [`Audience::Public`] pictures).

use crate::board::PointId;
use crate::piece::PieceKind;
use crate::seat::Seat;

/// Who a picture or a ply account is for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Audience {
    /// Anyone: spectators, public channels. Knows only what the rules made public.
    Public,
    /// The player in one seat: also knows what the rules show that seat (its own pieces, a
    /// partner's in 双明, …).
    Seat(Seat),
    /// Knows everything: the finished game, analysis, tests. The referee gives it to no player of
    /// a game in progress.
    Everyone,
}

/// How a token looks to an audience.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Face {
    /// Its owner and kind are known (own piece, open mode, revealed, face up).
    Known {
        /// The side the piece belongs to: a seat, or in 翻棋 a colour (0 red, 1 blue).
        owner: Seat,
        /// What it is.
        kind: PieceKind,
    },
    /// Its owner is known (the sides' pieces look different) but not its kind.
    Hidden {
        /// The side it belongs to.
        owner: Seat,
    },
    /// A face-down piece: all backs look alike, so it tells nothing (翻棋).
    Down,
    /// A face-down piece shown with what is under it, to an audience that knows (`Everyone`).
    Under {
        /// The side it belongs to.
        owner: Seat,
        /// What it is.
        kind: PieceKind,
    },
}

impl Face {
    /// Whether this face tells the piece's kind.
    pub fn tells_kind(self) -> bool {
        matches!(self, Face::Known { .. } | Face::Under { .. })
    }
}

/// One token on the board as an audience sees it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Token {
    /// Where it stands.
    pub at: PointId,
    /// How it looks.
    pub face: Face,
}

/// A board as one audience may see it: the tokens in point order, the points the last action
/// touched, whose turn it is.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Picture {
    audience: Audience,
    /// The tokens, in point order.
    pub tokens: Vec<Token>,
    /// The points of the last action, in the order it touched them (from, …, to), for marks.
    pub marks: Vec<PointId>,
    /// The seat to move; `None` once the game is over.
    pub to_move: Option<Seat>,
    /// Plies played.
    pub ply: u32,
}

impl Picture {
    /// An empty picture for `audience`. Only the game fills it, from what that audience may know.
    pub fn new(audience: Audience, ply: u32, to_move: Option<Seat>) -> Picture {
        Picture { audience, tokens: Vec::new(), marks: Vec::new(), to_move, ply }
    }

    /// Who this picture was made for.
    pub fn audience(&self) -> Audience {
        self.audience
    }

    /// The token on a point, if any.
    pub fn at(&self, p: PointId) -> Option<Face> {
        self.tokens.iter().find(|t| t.at == p).map(|t| t.face)
    }
}
