//! The 二十一世紀海軍棋 game loop (`rules-haijun.md` §9, §10): positions, legal moves, combat by
//! the nine rules, what each ply makes public (the 軍旗's first move, the 反潛機's target, the
//! wolf pack, the 軍旗 of a side whose 旗艦 sank: the 小輸), and the end checks in §10.3's order
//! (軍旗 captured; no legal move for the side to move; quiet limit).

use std::fmt;

use crate::board::{Board, PointId};
use crate::combat::Outcome;
use crate::end::EndReason;
use crate::piece::Piece;
use crate::seat::Seat;

use crate::haijun::naval::{NavalCore, derefs_to_core};

use super::board::get as board;
use super::combat::resolve;
use super::deploy::Haijun21Setup;
use super::moves::{MoveKind, destinations};
use super::pieces::{is_aircraft, is_fast_boat, kinds};

/// The per-game switches (§10.17: only the quiet limit; Red always moves first).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Haijun21Options {
    /// Plies in a row without a removal that draw the game; 0 = off.
    pub quiet_limit: u32,
}

impl Default for Haijun21Options {
    fn default() -> Self {
        Haijun21Options { quiet_limit: 70 }
    }
}

/// Why a ply made a piece public.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Shown {
    /// The 軍旗's first move (§10.12); it stays face up.
    FlagMoved,
    /// The 反潛機's target (§10.13); a 潛水艇 or 旗艦 stays face up, anything else turns back.
    Scouted,
    /// A boat of a winning wolf pack (§10.14), shown for this ply.
    WolfPack,
    /// The 軍旗 of a side whose 旗艦 sank (the 小輸, §10.16); it stays face up.
    FlagshipLost,
}

/// One played ply, as the referee knows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Haijun21Ply {
    /// Who moved.
    pub seat: Seat,
    /// Start point.
    pub from: PointId,
    /// Destination (for a scouting, the target; the plane stays on `from`).
    pub to: PointId,
    /// What happened (`Moved` for a move onto an empty point).
    pub outcome: Outcome,
    /// The sides whose 旗艦 this ply removed (the 小輸), attacker's side first.
    pub flagship_sunk: Vec<Seat>,
    /// The pieces this ply made public, where they stand after it (a removed piece never).
    pub shown: Vec<(PointId, Piece, Shown)>,
    /// The moving piece, before the ply.
    pub attacker: Piece,
    /// The attacked piece, if the move was an attack.
    pub defender: Option<Piece>,
    /// The ply's number (1 for the first).
    pub number: u32,
    /// The end this ply brought, if any.
    pub end: Option<Haijun21Over>,
}

/// How the game ended (the naval games share the type).
pub type Haijun21Over = crate::haijun::naval::NavalOver;

/// A refused move; the position does not change.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Haijun21Illegal {
    /// The game is over.
    GameOver,
    /// No own piece stands on the start point.
    NoOwnPiece(PointId),
    /// A 水雷 never moves.
    MineCannotMove(PointId),
    /// The destination holds an own piece.
    OwnPiece(PointId),
    /// The destination is an HQ whose occupant is not the enemy 軍旗.
    InHq(PointId),
    /// The 軍旗 moves only onto empty points.
    FlagCannotAttack(PointId),
    /// An aircraft moves only along one air lane.
    OffLane {
        /// Start.
        from: PointId,
        /// Destination.
        to: PointId,
    },
    /// The destination is not one of the eight neighbours.
    NotAdjacent {
        /// Start.
        from: PointId,
        /// Destination.
        to: PointId,
    },
}

impl fmt::Display for Haijun21Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::contract::Explain::explain(self).get(crate::contract::Lang::En))
    }
}

impl std::error::Error for Haijun21Illegal {}

/// A game in progress: the options over the naval games' shared state (turn, pieces, counts,
/// result; [`NavalCore`]'s accessors read through `Deref`).
#[derive(Clone, Debug)]
pub struct Haijun21Game {
    options: Haijun21Options,
    core: NavalCore,
}

derefs_to_core!(Haijun21Game);

impl Haijun21Game {
    /// Starts a game from two deployments (validate them first); Red moves first.
    pub fn new(options: Haijun21Options, red: &Haijun21Setup, blue: &Haijun21Setup) -> Haijun21Game {
        let pieces = NavalCore::face_down([red.placed(Seat::RED), blue.placed(Seat::BLUE)]);
        Haijun21Game::from_position(options, &pieces, Seat::RED)
    }

    /// Starts from an arbitrary position (`pieces` on points, `to_move` to play), for tests and
    /// composed positions; the end checks run at once, so a side without a 軍旗 has lost.
    pub fn from_position(options: Haijun21Options, pieces: &[(PointId, Piece)], to_move: Seat) -> Haijun21Game {
        let mut game = Haijun21Game { options, core: NavalCore::new(board().len(), pieces, to_move) };
        game.check_end();
        game
    }

    /// The board.
    pub fn board(&self) -> &'static Board {
        board()
    }

    /// The options.
    pub fn options(&self) -> Haijun21Options {
        self.options
    }

    /// Every legal move of the side to move (none once the game is over).
    pub fn legal_moves(&self) -> Vec<(PointId, PointId, MoveKind)> {
        if self.over.is_some() {
            return Vec::new();
        }
        self.moves_of(self.to_move)
    }

    fn moves_of(&self, seat: Seat) -> Vec<(PointId, PointId, MoveKind)> {
        let b = board();
        let mut out = Vec::new();
        for from in b.point_ids() {
            if let Some(piece) = self.cells[from.index()].filter(|x| x.seat == seat) {
                for (to, how) in destinations(b, from, seat, piece.kind, |q| self.core.occupant(q)) {
                    out.push((from, to, how));
                }
            }
        }
        out
    }

    /// Why a move of the side to move is refused, if it is.
    fn check(&self, from: PointId, to: PointId) -> Result<Piece, Haijun21Illegal> {
        if self.over.is_some() {
            return Err(Haijun21Illegal::GameOver);
        }
        let b = board();
        let seat = self.to_move;
        let mover = self.cells[from.index()].filter(|x| x.seat == seat).ok_or(Haijun21Illegal::NoOwnPiece(from))?;
        if mover.kind == kinds::MINE {
            return Err(Haijun21Illegal::MineCannotMove(from));
        }
        match self.cells[to.index()] {
            Some(x) if x.seat == seat => return Err(Haijun21Illegal::OwnPiece(to)),
            Some(_) if mover.kind == kinds::FLAG => return Err(Haijun21Illegal::FlagCannotAttack(to)),
            Some(x) if b.is_headquarters(to) && x.kind != kinds::FLAG => return Err(Haijun21Illegal::InHq(to)),
            _ => {}
        }
        if !destinations(b, from, seat, mover.kind, |q| self.core.occupant(q)).iter().any(|&(p, _)| p == to) {
            return Err(if is_aircraft(mover.kind) {
                Haijun21Illegal::OffLane { from, to }
            } else {
                Haijun21Illegal::NotAdjacent { from, to }
            });
        }
        Ok(mover)
    }

    /// The attacker's other 快艇 among `to`'s eight neighbours (the wolf pack, §10.14).
    fn pack(&self, seat: Seat, from: PointId, to: PointId) -> Vec<PointId> {
        board()
            .neighbours(to)
            .iter()
            .map(|&(q, _)| q)
            .filter(|&q| q != from && self.cells[q.index()].is_some_and(|x| x.seat == seat && is_fast_boat(x.kind)))
            .collect()
    }

    /// Plays a move of the side to move, or refuses it and changes nothing.
    pub fn play(&mut self, from: PointId, to: PointId) -> Result<Haijun21Ply, Haijun21Illegal> {
        let mover = self.check(from, to)?;
        let seat = self.to_move;
        let mut shown = Vec::new();
        // §10.12: the 軍旗's first move makes it public (it only ever moves onto empty points).
        let mut moving = mover;
        if mover.kind == kinds::FLAG && !mover.known {
            moving.known = true;
            shown.push((to, moving, Shown::FlagMoved));
        }
        let defender = self.cells[to.index()];
        let outcome = match defender {
            None => {
                self.cells[from.index()] = None;
                self.cells[to.index()] = Some(moving);
                Outcome::Moved
            }
            Some(target) => {
                let pack = self.pack(seat, from, to);
                let outcome = resolve(mover.kind, target.kind, pack.len()).expect("checked: this piece attacks");
                match outcome {
                    Outcome::Scouted => {
                        // The plane stays on its start; a 潛水艇 or 旗艦 found stays face up.
                        let keep = target.kind == kinds::SUBMARINE || target.kind == kinds::FLAGSHIP;
                        let target = Piece { known: target.known || keep, ..target };
                        self.cells[to.index()] = Some(target);
                        shown.push((to, target, Shown::Scouted));
                    }
                    Outcome::AttackerWon | Outcome::FlagCaptured => {
                        self.cells[from.index()] = None;
                        self.cells[to.index()] = Some(moving);
                        if target.kind == kinds::CARRIER && is_fast_boat(mover.kind) {
                            shown.push((to, moving, Shown::WolfPack));
                            for q in pack {
                                let boat = self.cells[q.index()].expect("a pack boat");
                                shown.push((q, boat, Shown::WolfPack));
                            }
                        }
                    }
                    Outcome::DefenderWon => self.cells[from.index()] = None,
                    _ => {
                        self.cells[from.index()] = None;
                        self.cells[to.index()] = None;
                    }
                }
                outcome
            }
        };
        // The 小輸: the side whose 旗艦 sank shows its 軍旗 (attacker's side first, §10.16).
        let mut flagship_sunk = Vec::new();
        if let Some(target) = defender {
            let (attacker_lost, defender_lost) = match outcome {
                Outcome::DefenderWon => (true, false),
                Outcome::BothRemoved => (true, true),
                Outcome::AttackerWon | Outcome::FlagCaptured => (false, true),
                _ => (false, false),
            };
            if attacker_lost && mover.kind == kinds::FLAGSHIP {
                flagship_sunk.push(seat);
            }
            if defender_lost && target.kind == kinds::FLAGSHIP {
                flagship_sunk.push(target.seat);
            }
        }
        for &side in &flagship_sunk {
            if let Some(at) = self.find(side, kinds::FLAG) {
                let flag = self.cells[at.index()].expect("found");
                if !flag.known {
                    let flag = Piece { known: true, ..flag };
                    self.cells[at.index()] = Some(flag);
                    shown.push((at, flag, Shown::FlagshipLost));
                }
            }
        }
        self.core.count_ply(!matches!(outcome, Outcome::Moved | Outcome::Scouted));
        self.check_end();
        Ok(Haijun21Ply {
            seat,
            from,
            to,
            outcome,
            flagship_sunk,
            shown,
            attacker: mover,
            defender,
            number: self.plies,
            end: self.over,
        })
    }

    /// §10.3's end checks: 軍旗 captured; no legal move for the side to move; quiet limit.
    fn check_end(&mut self) {
        let limit = self.options.quiet_limit;
        self.core.over =
            self.core.end_check(kinds::FLAG, EndReason::FlagCaptured, |s| self.moves_of(s).is_empty(), limit);
    }
}
