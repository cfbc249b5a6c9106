//! The account of a ply that an audience receives: [`PublicPly`], built by the game from the full
//! ply for one audience, and the result of a game, [`Over`], general enough for games that rank
//! several players.

use crate::board::PointId;
use crate::combat::Outcome;
use crate::game::{EndReason, GameOver};
use crate::piece::PieceKind;
use crate::seat::Seat;

use super::picture::Face;

/// How a finished game ranks its players.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Standing {
    /// One team won (in 2-seat games, the team is the winning seat's index).
    Team(u8),
    /// Nobody won.
    Draw,
    /// Places per seat, in halves so that shared places stay whole numbers (2 = first,
    /// 3 = shared first and second): races of several players (跳棋).
    Places(Vec<u16>),
}

/// The result of a finished game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Over {
    /// Who won, or how the players are ranked.
    pub standing: Standing,
    /// Why the game ended.
    pub reason: EndReason,
}

impl Over {
    /// The winning team, if one team won.
    pub fn winner(&self) -> Option<u8> {
        match self.standing {
            Standing::Team(t) => Some(t),
            _ => None,
        }
    }
}

impl From<GameOver> for Over {
    fn from(o: GameOver) -> Over {
        Over { standing: o.winner.map_or(Standing::Draw, Standing::Team), reason: o.reason }
    }
}

/// One fact a ply made known to an audience, beyond the action itself.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Fact {
    /// The mover met another piece: the outcome class is public, the kinds as the audience may
    /// know them.
    Combat {
        /// What happened (later games add bounces, scouting, aircraft shot down).
        outcome: Outcome,
        /// The moving piece.
        attacker: Face,
        /// The piece it met.
        defender: Face,
    },
    /// A face-down piece was turned up (翻棋).
    Flipped {
        /// Where.
        at: PointId,
        /// Its side (colour).
        owner: Seat,
        /// What it is.
        kind: PieceKind,
    },
    /// The rules announced a piece's identity (a scouted defender, a flag after its 司令 fell).
    Revealed {
        /// Where it stands (or stood).
        at: PointId,
        /// Its side.
        owner: Seat,
        /// What it is.
        kind: PieceKind,
    },
    /// A seat was given its side (翻棋: P1 takes red).
    Colour {
        /// The seat.
        seat: Seat,
        /// The side (colour) it plays.
        colour: Seat,
    },
    /// A seat went out of the game (games of more than two seats).
    Out {
        /// The seat.
        seat: Seat,
        /// Why.
        reason: EndReason,
    },
}

/// A ply as one audience may know it. Everything here may be shown to that audience; the
/// catalogue's describer puts it into words.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PublicPly {
    /// 1-based ply number.
    pub ply: u32,
    /// Who played.
    pub seat: Seat,
    /// The action as the audience may read it (`c6-c7`, `+c6`).
    pub action: String,
    /// The points the action touched, in order (for last-move marks).
    pub path: Vec<PointId>,
    /// What else the ply made known, in the order it happened.
    pub facts: Vec<Fact>,
    /// The end, if this ply ended the game.
    pub end: Option<Over>,
}
