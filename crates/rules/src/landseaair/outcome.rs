//! The outcome classes of the family applied to a position, the end checks both specs give in
//! the same order (`rules-sanjun.md` §10.14, `rules-sanjun30.md` §11.15), and the progress of a
//! game (turn, plies, quiet plies, result) with resignation, timeout and agreed draws.
//!
//! What differs between the games — which move is a flight or a strike, which gun fires, the
//! combat table, the kinds of the flag and the 总司令 — comes in as arguments, so the rules here
//! are stated once.

use crate::board::PointId;
use crate::combat::Outcome;
use crate::game::{EndReason, Move, Reveal};
use crate::piece::{Piece, PieceKind};
use crate::seat::Seat;

/// The other seat of a two-seat game.
pub fn other(s: Seat) -> Seat {
    Seat(1 - s.0)
}

/// Why a game of the family ended, as each game names it: the classes both games have.
/// The core's [`EndReason`] of each (its `replay --json` name and wordings) is its `Into`.
pub trait EndClass: Copy + std::fmt::Debug + Eq + Into<EndReason> {
    /// A flag was captured.
    const FLAG_CAPTURED: Self;
    /// `win=marshal`: one side's 总司令 fell alone.
    const COMMANDER: Self;
    /// The side to move had no legal move.
    const NO_LEGAL_MOVE: Self;
    /// Neither side had a legal move.
    const BOTH_STUCK: Self;
    /// `quiet-limit` plies in a row without a removal.
    const QUIET_LIMIT: Self;
    /// A player resigned.
    const RESIGN: Self;
    /// A player's deadline passed.
    const TIMEOUT: Self;
    /// The players agreed a draw.
    const AGREED: Self;
}

/// The result of a finished game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Over<E> {
    /// The winner, or `None` for a draw.
    pub winner: Option<Seat>,
    /// Why it ended.
    pub reason: E,
}

/// Where a game stands besides its pieces: whose turn, plies played, plies since the last
/// removal, and the result once there is one.
#[derive(Clone, Debug)]
pub struct Progress<E> {
    /// Whose turn it is.
    pub to_move: Seat,
    /// Plies played.
    pub ply: u32,
    /// Consecutive plies without a removal.
    pub quiet: u32,
    /// The result, once the game is over.
    pub over: Option<Over<E>>,
}

impl<E: EndClass> Progress<E> {
    /// A game about to begin with `to_move`.
    pub fn new(to_move: Seat) -> Self {
        Progress { to_move, ply: 0, quiet: 0, over: None }
    }

    /// Counts a ply by `mover` that removed pieces or not, and passes the turn.
    pub fn played(&mut self, mover: Seat, removed_any: bool) {
        self.ply += 1;
        self.quiet = if removed_any { 0 } else { self.quiet + 1 };
        self.to_move = other(mover);
    }

    /// `seat` resigns: the other side wins.
    pub fn resign(&mut self, seat: Seat) -> Option<Over<E>> {
        self.finish(Over { winner: Some(other(seat)), reason: E::RESIGN })
    }

    /// `seat`'s deadline passed: the other side wins.
    pub fn timeout(&mut self, seat: Seat) -> Option<Over<E>> {
        self.finish(Over { winner: Some(other(seat)), reason: E::TIMEOUT })
    }

    /// Both players agreed a draw.
    pub fn agree_draw(&mut self) -> Option<Over<E>> {
        self.finish(Over { winner: None, reason: E::AGREED })
    }

    /// Ends the game unless it already ended; the result that stands.
    fn finish(&mut self, over: Over<E>) -> Option<Over<E>> {
        if self.over.is_none() {
            self.over = Some(over);
        }
        self.over
    }
}

/// A seat's deployment checked: the kind on each point, or every rule it breaks.
pub type Placed<V> = Result<Vec<(PointId, PieceKind)>, Vec<V>>;

/// The board both deployments make, or every violation of each side.
pub fn place<V>(points: usize, sides: [(Seat, Placed<V>); 2]) -> Result<Vec<Option<Piece>>, Vec<(Seat, V)>> {
    let mut cells = vec![None; points];
    let mut bad = Vec::new();
    for (seat, placed) in sides {
        match placed {
            Ok(placed) => {
                for (p, kind) in placed {
                    cells[p.index()] = Some(Piece { seat, kind, known: false });
                }
            }
            Err(v) => bad.extend(v.into_iter().map(|v| (seat, v))),
        }
    }
    if bad.is_empty() { Ok(cells) } else { Err(bad) }
}

/// What one ply did to the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Applied {
    /// The outcome class.
    pub outcome: Outcome,
    /// The pieces that left the board.
    pub removed: Vec<Piece>,
    /// What the rules made public, in the order they did.
    pub revealed: Vec<Reveal>,
    /// The seats whose 总司令 fell this ply, the attacker's first.
    pub fallen: Vec<Seat>,
}

/// The kinds the shared rules need by name, which each game numbers its own way.
#[derive(Copy, Clone, Debug)]
pub struct Named {
    /// 军旗.
    pub flag: PieceKind,
    /// 总司令.
    pub commander: PieceKind,
}

/// Plays a legal move on `cells` with every outcome class: an aircraft shot down by `gun` (the
/// first enemy gun its flight passed, found by the game), else the table's outcome against the
/// defender (`resolve`), else a plain move. A `strike` stays where it is whatever it removed;
/// everyone else takes the point it won. A fallen 总司令 makes its side's flag public.
pub fn apply(
    cells: &mut [Option<Piece>],
    mv: Move,
    gun: Option<PointId>,
    strike: bool,
    named: Named,
    resolve: impl FnOnce(PieceKind, PieceKind) -> Outcome,
) -> Applied {
    let att = cells[mv.from.index()].expect("a legal move starts on a piece");
    let def = cells[mv.to.index()];
    let mut revealed = Vec::new();
    let mut removed = Vec::new();
    let outcome = if let Some(g) = gun {
        let cell = cells[g.index()].as_mut().expect("a gun");
        cell.known = true;
        revealed.push(Reveal { point: g, seat: cell.seat, kind: cell.kind });
        cells[mv.from.index()] = None;
        removed.push(att);
        Outcome::ShotDown
    } else if let Some(d) = def {
        let o = resolve(att.kind, d.kind);
        match o {
            Outcome::AttackerWon | Outcome::FlagCaptured => {
                removed.push(d);
                if strike {
                    cells[mv.to.index()] = None;
                } else {
                    cells[mv.to.index()] = Some(att);
                    cells[mv.from.index()] = None;
                }
            }
            Outcome::DefenderWon => {
                removed.push(att);
                cells[mv.from.index()] = None;
            }
            Outcome::BothRemoved => {
                removed.extend([att, d]);
                cells[mv.from.index()] = None;
                cells[mv.to.index()] = None;
            }
            Outcome::Scouted => {
                let cell = cells[mv.to.index()].as_mut().expect("the scouted piece");
                cell.known = true;
                revealed.push(Reveal { point: mv.to, seat: d.seat, kind: d.kind });
            }
            Outcome::Bounced | Outcome::Moved | Outcome::ShotDown | Outcome::FlagshipSunk => {}
        }
        o
    } else {
        cells[mv.to.index()] = Some(att);
        cells[mv.from.index()] = None;
        Outcome::Moved
    };
    let fallen: Vec<Seat> = removed.iter().filter(|p| p.kind == named.commander).map(|p| p.seat).collect();
    for &s in &fallen {
        if let Some(f) = flag_point(cells, s, named.flag) {
            let cell = cells[f.index()].as_mut().expect("the flag");
            cell.known = true;
            revealed.push(Reveal { point: f, seat: s, kind: named.flag });
        }
    }
    Applied { outcome, removed, revealed, fallen }
}

/// Where a seat's flag stands, if it is still on the board.
pub fn flag_point(cells: &[Option<Piece>], seat: Seat, flag: PieceKind) -> Option<PointId> {
    cells.iter().position(|c| c.is_some_and(|c| c.seat == seat && c.kind == flag)).map(|i| PointId(i as u8))
}

/// The end checks, in the specs' order, after `mover` played (the turn has passed): the flag
/// taken; under `win=marshal` a lone fallen 总司令; the next side unable to move (both stuck: a
/// draw); the quiet limit (0: off).
pub fn end_after<E: EndClass>(
    mover: Seat,
    applied: &Applied,
    marshal: bool,
    quiet: (u32, u32),
    has_legal_move: impl Fn(Seat) -> bool,
) -> Option<Over<E>> {
    if applied.outcome == Outcome::FlagCaptured {
        return Some(Over { winner: Some(mover), reason: E::FLAG_CAPTURED });
    }
    if marshal && applied.fallen.len() == 1 {
        return Some(Over { winner: Some(other(applied.fallen[0])), reason: E::COMMANDER });
    }
    if !has_legal_move(other(mover)) {
        return Some(if has_legal_move(mover) {
            Over { winner: Some(mover), reason: E::NO_LEGAL_MOVE }
        } else {
            Over { winner: None, reason: E::BOTH_STUCK }
        });
    }
    let (plies, limit) = quiet;
    if limit > 0 && plies >= limit {
        return Some(Over { winner: None, reason: E::QUIET_LIMIT });
    }
    None
}
