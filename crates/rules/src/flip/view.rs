//! What everyone may see: the public report of a ply and the public view of the board.

use crate::board::PointId;
use crate::combat::Outcome;
use crate::game::{GameOver, Move};
use crate::notation::format_move;
use crate::piece::PieceKind;
use crate::seat::Seat;
use crate::variant::Variant;

use super::{FlipAction, Player, piece_letter};

/// What one ply did. Everything in it is public: it names only face-up pieces.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FlipReport {
    /// 1-based ply.
    pub ply: u32,
    /// Who played.
    pub player: Player,
    /// The flip or the move.
    pub event: FlipEvent,
    /// Set on the ply that assigned colours: P1's colour.
    pub colours: Option<Seat>,
    /// The end, if this ply ended the game (`winner` is a player index, 0 = P1).
    pub end: Option<GameOver>,
}

/// The public content of a ply.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FlipEvent {
    /// A piece was turned face up.
    Flip {
        /// Where.
        point: PointId,
        /// Its colour.
        colour: Seat,
        /// Its kind.
        kind: PieceKind,
    },
    /// A face-up piece moved (and perhaps fought a face-up piece).
    Move {
        /// The move.
        mv: Move,
        /// The outcome class.
        outcome: Outcome,
        /// The mover's colour and kind.
        attacker: (Seat, PieceKind),
        /// The defender's colour and kind, for an attack.
        defender: Option<(Seat, PieceKind)>,
    },
}

impl FlipReport {
    /// The ply in record notation: `+c6=G` or `c6-c7`.
    pub fn token(&self) -> String {
        let board = &Variant::junqi().board;
        match self.event {
            FlipEvent::Flip { point, colour, kind } => format!("+{}={}", board.name(point), piece_letter(colour, kind)),
            FlipEvent::Move { mv, .. } => format_move(board, mv),
        }
    }

    /// The ply as an action.
    pub fn action(&self) -> FlipAction {
        match self.event {
            FlipEvent::Flip { point, .. } => FlipAction::Flip(point),
            FlipEvent::Move { mv, .. } => FlipAction::Move(mv),
        }
    }
}

/// A point as everyone sees it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FlipCell {
    /// A face-down piece: all backs look the same, so it carries nothing.
    FaceDown,
    /// A face-up piece.
    FaceUp {
        /// Its colour.
        colour: Seat,
        /// Its kind.
        kind: PieceKind,
    },
}

/// The public state of a flip game. There is no private channel (§6), so every viewer gets this.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FlipView {
    /// What stands on each point (indexed by `PointId`).
    pub cells: Vec<Option<FlipCell>>,
    /// Who plays next.
    pub to_move: Player,
    /// P1's colour, once assigned.
    pub p1_colour: Option<Seat>,
    /// Plies played.
    pub ply: u32,
    /// Plies since the last flip or combat.
    pub quiet: u32,
    /// The result (`winner` is a player index).
    pub over: Option<GameOver>,
    /// The last ply.
    pub last: Option<FlipReport>,
    /// Pieces each colour has lost, by kind (red, blue): all were face up, so this is public.
    pub removed: [Vec<u8>; 2],
}

impl FlipView {
    /// The colour of a player, once assigned.
    pub fn colour_of(&self, player: Player) -> Option<Seat> {
        colour_of(self.p1_colour, player)
    }

    /// Face-down pieces left.
    pub fn face_down(&self) -> usize {
        self.cells.iter().filter(|c| **c == Some(FlipCell::FaceDown)).count()
    }
}

pub(super) fn colour_of(p1: Option<Seat>, player: Player) -> Option<Seat> {
    p1.map(|c| if player == Player::P1 { c } else { other_colour(c) })
}

/// The other colour.
pub fn other_colour(c: Seat) -> Seat {
    if c == Seat::RED { Seat::BLUE } else { Seat::RED }
}
