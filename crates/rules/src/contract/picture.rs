//! What an audience may know, as types: the [`Audience`] a text or image is made for, the
//! [`Face`] a token shows to it, and the [`Picture`] of a board built for one audience only.
//!
//! A game builds a picture from the facts that audience may know and nothing else; a picture
//! carries its audience, so the code that posts or draws it can insist on the right one (a public
//! channel takes only [`Audience::Public`] pictures).

use crate::board::PointId;
use crate::combat::Outcome;
use crate::piece::PieceKind;
use crate::seat::Seat;

use super::explain::Explained;

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
    /// The points whose tokens the last action took off the board without landing there (a
    /// draughts capture's jumped pieces), for the marks that say so; empty when it took none
    /// or the game's combats happen on the landing point.
    pub taken: Vec<PointId>,
    /// Per seat, the side (colour) it plays, where a game's tokens are owned by sides rather
    /// than by seats (跳棋: seat 1 of a 3-player game plays the `ne` triangle, side 2); empty when
    /// a token's owner is its seat. Images colour the mover and turn the board by it.
    pub sides: Vec<Seat>,
    /// The seat to move; `None` once the game is over.
    pub to_move: Option<Seat>,
    /// Plies played.
    pub ply: u32,
    /// The points whose token every audience knows (the rules made it public), for the corner
    /// that says so.
    pub public: Vec<PointId>,
    /// The outcome of the last action where it was a combat, for the badge on its last point.
    pub badge: Option<Outcome>,
    /// What the picture says around the board, in the game's words.
    pub captions: Captions,
}

/// One caption line in the game's words, drawn in the colour of a side (or plain).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Line {
    /// The words.
    pub text: Explained,
    /// The side (seat, or a colour in 翻棋) whose colour the line is drawn in; `None`: plain.
    pub side: Option<Seat>,
}

impl Line {
    /// A line in a side's colour (`None`: plain).
    pub fn new(text: Explained, side: Option<Seat>) -> Line {
        Line { text, side }
    }
}

/// What a picture says around its board, for its audience, in the game's words: the drawing code
/// adds only the frame's own words (whose turn, whose image, `last`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Captions {
    /// How captions name each seat, by seat index (翻棋: `P1 (蓝方)` once colours are known);
    /// a seat missing here is named as its kind names it.
    pub names: Vec<Explained>,
    /// The result line, once the game is over (`红方胜 · 夺得军旗 · 共 41 手`).
    pub result: Option<Explained>,
    /// The last action in words, in the colour of the side that made it.
    pub last: Option<Line>,
    /// Lines under the board: each side's losses (with kinds where this audience knows them),
    /// counts; drawn one after another, wrapping.
    pub foot: Vec<Line>,
    /// Seats out of play in a game that goes on (cards say so).
    pub out: Vec<Seat>,
}

impl Picture {
    /// An empty picture for `audience`. Only the game fills it, from what that audience may know.
    pub fn new(audience: Audience, ply: u32, to_move: Option<Seat>) -> Picture {
        Picture {
            audience,
            tokens: Vec::new(),
            marks: Vec::new(),
            taken: Vec::new(),
            sides: Vec::new(),
            to_move,
            ply,
            public: Vec::new(),
            badge: None,
            captions: Captions::default(),
        }
    }

    /// Who this picture was made for.
    pub fn audience(&self) -> Audience {
        self.audience
    }

    /// How captions name `seat`: the game's name for it, or `None` for the kind's.
    pub fn name(&self, seat: Seat) -> Option<&Explained> {
        self.captions.names.get(seat.index())
    }

    /// The side seat `seat` plays: its entry in [`Picture::sides`], else the seat itself.
    pub fn side(&self, seat: Seat) -> Seat {
        self.sides.get(seat.index()).copied().unwrap_or(seat)
    }

    /// The token on a point, if any.
    pub fn at(&self, p: PointId) -> Option<Face> {
        self.tokens.iter().find(|t| t.at == p).map(|t| t.face)
    }
}
