//! The 海军棋 game loop (`rules-haijun.md` §4–§7, §10): positions, legal moves, combat with the
//! `capture` option, the 旗舰 revealing itself when it moves, and the end checks in §10.3's order
//! (旗舰 sunk; no legal move for the side to move; quiet limit).

use std::fmt;

use crate::board::{Board, PointId};
use crate::combat::Outcome;
use crate::end::EndReason;
use crate::piece::{Piece, PieceKind};
use crate::seat::Seat;

use super::board::{Front, get as board_for};
use super::combat::resolve;
use super::deploy::HaijunSetup;
use super::moves::{MoveKind, destinations};
use super::naval::{NavalCore, derefs_to_core};
use super::pieces::kinds;

/// What a winning attacker does (§5 option `capture`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Capture {
    /// It moves onto the contested point (the default, as in Junqi).
    #[default]
    Advance,
    /// It stays on its start; the contested point is left empty (§10.8).
    Return,
}

/// The per-game switches of §2, §5 and §7.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct HaijunOptions {
    /// Whether files b and d cross the front.
    pub front: Front,
    /// What a winning attacker does.
    pub capture: Capture,
    /// Plies in a row without a removal that draw the game; 0 = off.
    pub quiet_limit: u32,
}

impl Default for HaijunOptions {
    fn default() -> Self {
        HaijunOptions { front: Front::Open, capture: Capture::Advance, quiet_limit: 70 }
    }
}

/// One played ply, as the referee knows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HaijunPly {
    /// Who moved.
    pub seat: Seat,
    /// Start point.
    pub from: PointId,
    /// Destination.
    pub to: PointId,
    /// What happened (`Moved` for a move onto an empty point).
    pub outcome: Outcome,
    /// Whether this ply removed a 旗舰 (`{F}` in notation).
    pub flagship_sunk: bool,
    /// The point where a 旗舰 moving for the first time became public (§10.9), if any.
    pub revealed: Option<PointId>,
    /// The moving piece, as it stands after the move's reveal.
    pub attacker: Piece,
    /// The attacked piece, if the move was an attack.
    pub defender: Option<Piece>,
    /// The ply's number (1 for the first).
    pub number: u32,
    /// The end this ply brought, if any.
    pub end: Option<HaijunOver>,
}

/// How the game ended (the naval games share the type).
pub type HaijunOver = super::naval::NavalOver;

/// A refused move; the position does not change.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum HaijunIllegal {
    /// The game is over.
    GameOver,
    /// No own piece stands on the start point.
    NoOwnPiece(PointId),
    /// A 水雷 never moves.
    MineCannotMove(PointId),
    /// The destination holds an own piece.
    OwnPiece(PointId),
    /// The destination is a camp whose occupant is not the 旗舰.
    Sheltered(PointId),
    /// The destination is not reachable by a branch link or 1–3 points along a red line.
    Unreachable {
        /// Start.
        from: PointId,
        /// Destination.
        to: PointId,
    },
}

impl fmt::Display for HaijunIllegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HaijunIllegal::GameOver => write!(f, "the game is over"),
            HaijunIllegal::NoOwnPiece(p) => write!(f, "no piece of yours on point {}", p.0),
            HaijunIllegal::MineCannotMove(p) => write!(f, "the sea mine on point {} never moves", p.0),
            HaijunIllegal::OwnPiece(p) => write!(f, "point {} holds one of your pieces", p.0),
            HaijunIllegal::Sheltered(p) => write!(f, "the piece in the safe camp on point {} cannot be attacked", p.0),
            HaijunIllegal::Unreachable { from, to } => write!(f, "point {} cannot reach point {}", from.0, to.0),
        }
    }
}

impl std::error::Error for HaijunIllegal {}

/// A game in progress: the board and options of this edition over the naval games' shared
/// state (turn, pieces, counts, result; [`NavalCore`]'s accessors read through `Deref`).
#[derive(Clone, Debug)]
pub struct HaijunGame {
    board: &'static Board,
    options: HaijunOptions,
    core: NavalCore,
}

derefs_to_core!(HaijunGame);

impl HaijunGame {
    /// Starts a game from two deployments (validate them first); Red moves first.
    pub fn new(options: HaijunOptions, red: &HaijunSetup, blue: &HaijunSetup) -> HaijunGame {
        let pieces = NavalCore::face_down([red.placed(Seat::RED), blue.placed(Seat::BLUE)]);
        HaijunGame::from_position(options, &pieces, Seat::RED)
    }

    /// Starts from an arbitrary position (`pieces` on points, `to_move` to play), for tests and
    /// composed positions; the end checks run at once, so a position without a 旗舰 is over.
    pub fn from_position(options: HaijunOptions, pieces: &[(PointId, Piece)], to_move: Seat) -> HaijunGame {
        let board = board_for(options.front);
        let mut game = HaijunGame { board, options, core: NavalCore::new(board.len(), pieces, to_move) };
        game.check_end();
        game
    }

    /// The same game with `seat` to move first (the start's `first`); the end checks run again.
    pub fn with_first(mut self, seat: Seat) -> HaijunGame {
        self.to_move = seat;
        self.over = None;
        self.check_end();
        self
    }

    /// The board.
    pub fn board(&self) -> &'static Board {
        self.board
    }

    /// The options.
    pub fn options(&self) -> HaijunOptions {
        self.options
    }

    /// What `viewer` sees on a point (§6, dark mode): own pieces, and any piece made public (a
    /// 旗舰 that has moved); `None` as viewer is the public; a finished game shows everything.
    pub fn seen_by(&self, viewer: Option<Seat>, p: PointId) -> Option<(Seat, Option<PieceKind>)> {
        let piece = self.cells[p.index()]?;
        let shows = piece.known || self.over.is_some() || viewer == Some(piece.seat);
        Some((piece.seat, shows.then_some(piece.kind)))
    }

    /// Every legal move of the side to move (none once the game is over).
    pub fn legal_moves(&self) -> Vec<(PointId, PointId, MoveKind)> {
        if self.over.is_some() {
            return Vec::new();
        }
        self.moves_of(self.to_move)
    }

    fn moves_of(&self, seat: Seat) -> Vec<(PointId, PointId, MoveKind)> {
        let mut out = Vec::new();
        for from in self.board.point_ids() {
            if let Some(piece) = self.cells[from.index()].filter(|x| x.seat == seat) {
                for (to, how) in destinations(self.board, from, seat, piece.kind, |q| self.core.occupant(q)) {
                    out.push((from, to, how));
                }
            }
        }
        out
    }

    /// Plays a move of the side to move, or refuses it and changes nothing.
    pub fn play(&mut self, from: PointId, to: PointId) -> Result<HaijunPly, HaijunIllegal> {
        if self.over.is_some() {
            return Err(HaijunIllegal::GameOver);
        }
        let seat = self.to_move;
        let mover = self.cells[from.index()].filter(|x| x.seat == seat).ok_or(HaijunIllegal::NoOwnPiece(from))?;
        if mover.kind == kinds::MINE {
            return Err(HaijunIllegal::MineCannotMove(from));
        }
        match self.cells[to.index()] {
            Some(x) if x.seat == seat => return Err(HaijunIllegal::OwnPiece(to)),
            Some(x) if self.board.is_camp(to) && x.kind != kinds::FLAGSHIP => {
                return Err(HaijunIllegal::Sheltered(to));
            }
            _ => {}
        }
        let reachable = destinations(self.board, from, seat, mover.kind, |q| self.core.occupant(q));
        if !reachable.iter().any(|&(p, _)| p == to) {
            return Err(HaijunIllegal::Unreachable { from, to });
        }

        // §4, §10.9: a 旗舰's first move makes it public at its destination, even if it dies.
        let revealed = (mover.kind == kinds::FLAGSHIP && !mover.known).then_some(to);
        let mover = Piece { known: mover.known || mover.kind == kinds::FLAGSHIP, ..mover };
        self.cells[from.index()] = None;
        let defender = self.cells[to.index()];
        let (outcome, sunk) = match defender {
            None => {
                self.cells[to.index()] = Some(mover);
                (Outcome::Moved, false)
            }
            Some(defender) => {
                let outcome = resolve(mover.kind, defender.kind).expect("a mine never moves");
                let landing = match self.options.capture {
                    Capture::Advance => to,
                    Capture::Return => from,
                };
                let sunk = match outcome {
                    Outcome::AttackerWon => {
                        self.cells[to.index()] = None;
                        self.cells[landing.index()] = Some(mover);
                        defender.kind == kinds::FLAGSHIP
                    }
                    Outcome::DefenderWon => mover.kind == kinds::FLAGSHIP,
                    _ => {
                        self.cells[to.index()] = None;
                        mover.kind == kinds::FLAGSHIP || defender.kind == kinds::FLAGSHIP
                    }
                };
                (outcome, sunk)
            }
        };
        self.core.count_ply(outcome != Outcome::Moved);
        self.check_end();
        Ok(HaijunPly {
            seat,
            from,
            to,
            outcome,
            flagship_sunk: sunk,
            revealed,
            attacker: mover,
            defender,
            number: self.plies,
            end: self.over,
        })
    }

    /// §10.3's end checks: 旗舰 sunk; no legal move for the side to move; quiet limit.
    fn check_end(&mut self) {
        let limit = self.options.quiet_limit;
        self.core.over =
            self.core.end_check(kinds::FLAGSHIP, EndReason::FlagshipSunk, |s| self.moves_of(s).is_empty(), limit);
    }
}
