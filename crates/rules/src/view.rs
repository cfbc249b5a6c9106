//! Per-viewer views: what one seat, a spectator, or everyone after the end may know.
//!
//! Every public message and image is made from a [`View`] (or a [`PublicPly`]), never from the
//! [`Game`] itself, so that two games differing only in hidden identities give identical public
//! output (`rules-junqi.md` §8).

use super::board::PointId;
use super::combat::Outcome;
use super::game::{Game, GameOver, Move, PlyReport, Reveal};
use super::options::Mode;
use super::piece::PieceKind;
use super::seat::Seat;
use super::variant::Variant;

/// Who is looking.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Viewer {
    /// A player: sees their own pieces (and partners', where the mode allows).
    Seat(Seat),
    /// Anyone else: sees only what the rules made public.
    Spectator,
    /// Sees everything (the finished game, analysis).
    Everyone,
}

/// A piece as a viewer sees it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SeenPiece {
    /// Whose piece (always public: the sides' pieces look different).
    pub seat: Seat,
    /// What it is, if this viewer may know.
    pub kind: Option<PieceKind>,
    /// True when the identity is public knowledge (a revealed flag, a scouted piece).
    pub public: bool,
}

/// One ply as a viewer may know it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PublicPly {
    /// 1-based ply.
    pub ply: u32,
    /// Who moved.
    pub seat: Seat,
    /// The move.
    pub mv: Move,
    /// The outcome class.
    pub outcome: Outcome,
    /// The attacker's kind, where this viewer may know it (reveal mode, open mode, own piece).
    pub attacker: Option<PieceKind>,
    /// The defender's seat and kind (kind only where this viewer may know it).
    pub defender: Option<(Seat, Option<PieceKind>)>,
    /// What the rules made public.
    pub revealed: Vec<Reveal>,
    /// The end, if this ply ended the game.
    pub end: Option<GameOver>,
}

/// Pieces a seat has lost, as a viewer may know them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Removed {
    /// The seat.
    pub seat: Seat,
    /// How many pieces it has lost (public).
    pub count: u32,
    /// How many of each kind, where this viewer may know.
    pub by_kind: Option<Vec<u8>>,
}

/// The board and game state as one viewer may know it.
#[derive(Clone, Debug)]
pub struct View {
    /// The variant.
    pub variant: &'static Variant,
    /// Who is looking.
    pub viewer: Viewer,
    /// The visibility mode of the game.
    pub mode: Mode,
    /// What stands on each point.
    pub cells: Vec<Option<SeenPiece>>,
    /// The seat to move.
    pub to_move: Seat,
    /// Plies played.
    pub ply: u32,
    /// Plies since the last combat.
    pub quiet: u32,
    /// The result, once over.
    pub over: Option<GameOver>,
    /// The last ply, as this viewer may know it.
    pub last: Option<PublicPly>,
    /// Losses per seat.
    pub removed: Vec<Removed>,
}

fn may_see(variant: &Variant, mode: Mode, viewer: Viewer, over: bool, owner: Seat) -> bool {
    over || mode == Mode::Open || viewer == Viewer::Everyone || viewer == Viewer::Seat(owner) || {
        // 双明: partners see each other's pieces (rules-junqi4.md §8).
        mode == Mode::Partners && matches!(viewer, Viewer::Seat(v) if variant.are_partners(v, owner))
    }
}

impl PlyReport {
    /// This ply as `viewer` may know it in a game of `mode`. In `partners` mode this cannot tell
    /// partners apart and names only the viewer's own pieces; [`PlyReport::public_in`] also names
    /// the partner's.
    pub fn public(&self, mode: Mode, viewer: Viewer) -> PublicPly {
        self.public_with(mode, viewer, |s| viewer == Viewer::Seat(s))
    }

    /// This ply as `viewer` may know it in a game of `variant` and `mode`, partners included.
    pub fn public_in(&self, variant: &Variant, mode: Mode, viewer: Viewer) -> PublicPly {
        self.public_with(mode, viewer, |s| {
            viewer == Viewer::Seat(s)
                || (mode == Mode::Partners && matches!(viewer, Viewer::Seat(v) if variant.are_partners(v, s)))
        })
    }

    fn public_with(&self, mode: Mode, viewer: Viewer, sees_own: impl Fn(Seat) -> bool) -> PublicPly {
        // Reveal mode names the pieces of a combat only: a plain move stays anonymous.
        let named =
            mode == Mode::Open || viewer == Viewer::Everyone || (mode == Mode::Reveal && self.defender.is_some());
        let attacker = (named || sees_own(self.seat)).then_some(self.attacker);
        let defender = self.defender.map(|d| {
            let scouted = self.revealed.iter().any(|r| r.point == self.mv.to && r.seat == d.seat);
            (d.seat, (named || scouted || d.known || sees_own(d.seat)).then_some(d.kind))
        });
        PublicPly {
            ply: self.ply,
            seat: self.seat,
            mv: self.mv,
            outcome: self.outcome,
            attacker,
            defender,
            revealed: self.revealed.clone(),
            end: self.end,
        }
    }
}

impl Game {
    /// The view of `viewer` in a game of `mode`, with `last` the most recent ply (if any).
    pub fn view(&self, viewer: Viewer, mode: Mode, last: Option<&PlyReport>) -> View {
        let over = self.over().is_some();
        let variant = self.variant();
        let cells = variant
            .board
            .point_ids()
            .map(|p: PointId| {
                self.piece_at(p).map(|piece| SeenPiece {
                    seat: piece.seat,
                    kind: (piece.known || may_see(variant, mode, viewer, over, piece.seat)).then_some(piece.kind),
                    public: piece.known,
                })
            })
            .collect();
        let removed = (0..variant.seats.len())
            .map(|i| {
                let seat = Seat(i as u8);
                let kinds = self.removed(seat);
                Removed {
                    seat,
                    count: kinds.iter().map(|&n| u32::from(n)).sum(),
                    by_kind: (!matches!(mode, Mode::Dark | Mode::Partners)
                        || may_see(variant, mode, viewer, over, seat))
                    .then(|| kinds.to_vec()),
                }
            })
            .collect();
        View {
            variant,
            viewer,
            mode,
            cells,
            to_move: self.to_move(),
            ply: self.ply(),
            quiet: self.quiet_plies(),
            over: self.over(),
            last: last.map(|r| r.public_in(variant, mode, if over { Viewer::Everyone } else { viewer })),
            removed,
        }
    }
}
