//! Visibility (`rules-sanjun30.md` §6): how a piece looks to a viewer in each mode and what a ply
//! tells a viewer. Whose piece stands on a point and its class (land piece, ship, aircraft) are
//! always public; a kind is told only by the mode, the rules' announcements (§11.14), or what a
//! move proves.

use crate::board::PointId;
use crate::combat::Outcome;
use crate::game::{Move, Reveal};
use crate::options::Mode;
use crate::piece::{Piece, PieceKind};
use crate::seat::Seat;
use crate::view::Viewer;

use super::combat::resolve;
use super::game::{Sanjun30Game, Sanjun30Over, Sanjun30Ply};
use super::moves::class;
use super::pieces::{Service, all_kinds};

pub use crate::sanjun::view::SanjunFace as Face30;

fn sees_all(mode: Mode, viewer: Viewer) -> bool {
    viewer == Viewer::Everyone || mode == Mode::Open
}

/// How `piece` looks to `viewer` in `mode`.
pub fn face(piece: Piece, mode: Mode, viewer: Viewer) -> Face30 {
    if sees_all(mode, viewer) || viewer == Viewer::Seat(piece.seat) || piece.known {
        Face30::Known { owner: piece.seat, kind: piece.kind }
    } else {
        Face30::Hidden { owner: piece.seat, service: class(piece.kind) }
    }
}

/// Every piece of a game as a viewer sees it, in point order; a finished game is shown whole.
pub fn faces(game: &Sanjun30Game, mode: Mode, viewer: Viewer) -> Vec<(PointId, Face30)> {
    let viewer = if game.over().is_some() { Viewer::Everyone } else { viewer };
    game.board()
        .board
        .point_ids()
        .filter_map(|p| game.piece_at(p).map(|piece| (p, face(piece, mode, viewer))))
        .collect()
}

/// A ply as one viewer may know it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Public30Ply {
    /// 1-based ply number.
    pub ply: u32,
    /// Who moved.
    pub seat: Seat,
    /// The move.
    pub mv: Move,
    /// The outcome class (always public).
    pub outcome: Outcome,
    /// The mover's kind, if this viewer may know it.
    pub attacker: Option<PieceKind>,
    /// The defender's owner and, if this viewer may know it, its kind.
    pub defender: Option<(Seat, Option<PieceKind>)>,
    /// What the rules announced (scouted piece, the gun that fired, flags).
    pub revealed: Vec<Reveal>,
    /// The kinds the move proves the mover to be one of (§6), empty if nothing.
    pub proves: Vec<PieceKind>,
    /// The end, if this ply ended the game.
    pub end: Option<Sanjun30Over>,
}

/// What a ply tells `viewer` in `mode`.
pub fn public_ply(ply: &Sanjun30Ply, mode: Mode, viewer: Viewer) -> Public30Ply {
    let all = sees_all(mode, viewer);
    // 密布明战法: both pieces of a combat are named to everyone.
    let named_by_mode = mode == Mode::Reveal && ply.outcome != Outcome::Moved;
    let attacker =
        (all || named_by_mode || ply.attacker_known || viewer == Viewer::Seat(ply.seat)).then_some(ply.attacker);
    let defender = ply.defender.map(|d| {
        let scouted = ply.outcome == Outcome::Scouted && ply.revealed.iter().any(|r| r.point == ply.mv.to);
        let known = all || named_by_mode || d.known || viewer == Viewer::Seat(d.seat) || scouted;
        (d.seat, known.then_some(d.kind))
    });
    Public30Ply {
        ply: ply.ply,
        seat: ply.seat,
        mv: ply.mv,
        outcome: ply.outcome,
        attacker,
        defender,
        revealed: ply.revealed.clone(),
        proves: ply.proves.clone(),
        end: ply.end,
    }
}

/// The attacker–defender pairs whose meeting bounces: what a bounce proves (§6), the same for
/// every viewer since it follows from the table alone.
pub fn bounce_pairs() -> Vec<(PieceKind, PieceKind)> {
    all_kinds()
        .flat_map(|a| all_kinds().map(move |d| (a, d)))
        .filter(|&(a, d)| resolve(a, d, crate::options::Mines::Mutual) == Some(Outcome::Bounced))
        .collect()
}

/// The public class a hidden piece shows.
pub fn shown_class(piece: Piece) -> Service {
    class(piece.kind)
}
