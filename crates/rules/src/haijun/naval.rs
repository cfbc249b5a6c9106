//! What both naval games (`haijun`, `haijun21`) share: [`NavalCore`], the state each engine
//! keeps the same way (pieces, turn, counts, result, §10.3's end checks, the ends outside the
//! rules), and the game contract — an engine says what it is through [`NavalEngine`] and
//! [`NavalContract`] does the rest the same way for both: turns, leaving, faces per mode and
//! audience (§6), the ply as each audience may know it, pictures and their captions.

use std::fmt::Debug;

use crate::board::{Board, PointId};
use crate::combat::Outcome;
use crate::contract::{
    Audience, Captions, Explain, Explained, Face, Fact, Game, GameKind, Illegal, Leave, Leaving, Line, Over, Picture,
    PublicPly, Standing, Token,
};
use crate::end::EndReason;
use crate::game::Move;
use crate::notation::format_move;
use crate::options::Mode;
use crate::piece::Piece;
use crate::seat::Seat;

/// How a naval game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct NavalOver {
    /// The winner; `None` for a draw.
    pub winner: Option<Seat>,
    /// Why.
    pub reason: EndReason,
}

/// The contract's result of a finished game.
pub fn over(o: NavalOver) -> Over {
    Over { standing: o.winner.map_or(Standing::Draw, |s| Standing::Team(s.0)), reason: o.reason }
}

/// Ends a game in progress (resignation, timeout, agreed draw); `None` once over.
fn end_by(over: &mut Option<NavalOver>, winner: Option<Seat>, reason: EndReason) -> Option<NavalOver> {
    if over.is_some() {
        return None;
    }
    *over = Some(NavalOver { winner, reason });
    *over
}

/// The state both naval engines keep the same way: who stands where, whose turn, the plies and
/// the quiet count, the result. Each engine holds one and derefs to it, so its accessors and the
/// ways a game ends outside the rules (resignation, timeout, agreed draw) are written once.
#[derive(Clone, Debug)]
pub struct NavalCore {
    /// What stands on each point, by point index.
    pub(crate) cells: Vec<Option<Piece>>,
    /// The side to move.
    pub(crate) to_move: Seat,
    /// Consecutive plies without a removal.
    pub(crate) quiet: u32,
    /// Plies played.
    pub(crate) plies: u32,
    /// The result, once over.
    pub(crate) over: Option<NavalOver>,
}

impl NavalCore {
    /// A position of `points` points with `pieces` on them and `to_move` to play.
    pub fn new(points: usize, pieces: &[(PointId, Piece)], to_move: Seat) -> NavalCore {
        let mut cells = vec![None; points];
        for &(p, piece) in pieces {
            cells[p.index()] = Some(piece);
        }
        NavalCore { cells, to_move, quiet: 0, plies: 0, over: None }
    }

    /// The pieces of two deployments (Red's, Blue's), face down, for [`NavalCore::new`].
    pub fn face_down(placed: [Vec<(PointId, crate::piece::PieceKind)>; 2]) -> Vec<(PointId, Piece)> {
        let sides = [Seat::RED, Seat::BLUE].into_iter().zip(placed);
        sides
            .flat_map(|(seat, v)| v.into_iter().map(move |(p, kind)| (p, Piece { seat, kind, known: false })))
            .collect()
    }

    /// The side to move.
    pub fn to_move(&self) -> Seat {
        self.to_move
    }

    /// Plies played.
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// Consecutive plies without a removal (§10.2).
    pub fn quiet(&self) -> u32 {
        self.quiet
    }

    /// The result, once over.
    pub fn over(&self) -> Option<NavalOver> {
        self.over
    }

    /// What stands on a point (the referee's full knowledge).
    pub fn piece_at(&self, p: PointId) -> Option<Piece> {
        self.cells[p.index()]
    }

    /// The owner and kind on a point, as movement asks.
    pub(crate) fn occupant(&self, p: PointId) -> Option<(Seat, crate::piece::PieceKind)> {
        self.cells[p.index()].map(|x| (x.seat, x.kind))
    }

    /// Where a side's piece of a kind stands (the first one, in point order).
    pub fn find(&self, seat: Seat, kind: crate::piece::PieceKind) -> Option<PointId> {
        let i = self.cells.iter().position(|c| c.is_some_and(|x| x.seat == seat && x.kind == kind))?;
        Some(PointId(i as u8))
    }

    /// Counts a ply: the quiet count grows unless something was removed, the turn passes.
    pub(crate) fn count_ply(&mut self, removed: bool) {
        self.plies += 1;
        self.quiet = if removed { 0 } else { self.quiet + 1 };
        self.to_move = Seat(1 - self.to_move.0);
    }

    /// The end checks of §10.3, in order: a side without its `needed` piece (旗舰, 軍旗) has
    /// lost for `missing` (both: a draw); the side to move without a move loses (both stuck: a
    /// draw); the quiet limit draws. `stuck` tells whether a side has no legal move.
    pub(crate) fn end_check(
        &self,
        needed: crate::piece::PieceKind,
        missing: EndReason,
        stuck: impl Fn(Seat) -> bool,
        quiet_limit: u32,
    ) -> Option<NavalOver> {
        let (red, blue) = (self.find(Seat::RED, needed).is_some(), self.find(Seat::BLUE, needed).is_some());
        if !red || !blue {
            let winner = [(red, Seat::RED), (blue, Seat::BLUE)].into_iter().find(|x| x.0).map(|x| x.1);
            return Some(NavalOver { winner, reason: missing });
        }
        let other = Seat(1 - self.to_move.0);
        if stuck(self.to_move) {
            return Some(if stuck(other) {
                NavalOver { winner: None, reason: EndReason::BothStuck }
            } else {
                NavalOver { winner: Some(other), reason: EndReason::NoLegalMove }
            });
        }
        (quiet_limit > 0 && self.quiet >= quiet_limit)
            .then_some(NavalOver { winner: None, reason: EndReason::QuietLimit })
    }

    /// Ends the game by resignation of `seat` (the other side wins); nothing once over.
    pub fn resign(&mut self, seat: Seat) -> Option<NavalOver> {
        end_by(&mut self.over, Some(Seat(1 - seat.0)), EndReason::Resign)
    }

    /// Ends the game because `seat`'s deadline passed (the other side wins); nothing once over.
    pub fn timeout(&mut self, seat: Seat) -> Option<NavalOver> {
        end_by(&mut self.over, Some(Seat(1 - seat.0)), EndReason::Timeout)
    }

    /// Ends the game as an agreed draw; nothing once over.
    pub fn agree_draw(&mut self) -> Option<NavalOver> {
        end_by(&mut self.over, None, EndReason::Agreed)
    }
}

/// Lets a naval engine (a struct with a `core: NavalCore` field) read as its core: its turn,
/// pieces, counts and result, and the ends outside the rules, written once in [`NavalCore`].
macro_rules! derefs_to_core {
    ($game:ty) => {
        impl std::ops::Deref for $game {
            type Target = $crate::haijun::naval::NavalCore;
            fn deref(&self) -> &Self::Target {
                &self.core
            }
        }

        impl std::ops::DerefMut for $game {
            fn deref_mut(&mut self) -> &mut Self::Target {
                &mut self.core
            }
        }
    };
}
pub(crate) use derefs_to_core;

/// What every ply of a naval game has, for its public account.
#[derive(Clone, Debug)]
pub struct PlyParts {
    /// Who moved.
    pub seat: Seat,
    /// The ply's number (1 for the first).
    pub number: u32,
    /// Start point.
    pub from: PointId,
    /// Destination (or target).
    pub to: PointId,
    /// What happened.
    pub outcome: Outcome,
    /// The class everyone is told (the combat fact, the record mark, the image's badge): `haijun`
    /// announces a ply that sinks a 旗舰 as `FlagshipSunk`; otherwise `outcome`.
    pub announced: Outcome,
    /// The moving piece as the ply shows it.
    pub attacker: Piece,
    /// The attacked piece, if any.
    pub defender: Option<Piece>,
    /// What the ply made public, in the order it happened (point, piece after the ply).
    pub shown: Vec<(PointId, Piece)>,
    /// The end this ply brought.
    pub end: Option<NavalOver>,
}

/// A naval engine, as the shared contract drives it.
pub trait NavalEngine: Clone + Debug + Send + Sync + 'static {
    /// A played ply.
    type Ply: Clone + Debug + Send + Sync;
    /// A refused move.
    type Refusal: std::error::Error + Explain + Clone + Send + Sync + 'static;
    /// The static kind.
    fn kind() -> &'static GameKind;
    /// The board (point names for tokens).
    fn board(&self) -> &'static Board;
    /// The shared state.
    fn core(&self) -> &NavalCore;
    /// The shared state, to end the game outside the rules.
    fn core_mut(&mut self) -> &mut NavalCore;
    /// Every legal move of the side to move.
    fn moves(&self) -> Vec<Move>;
    /// Plays a move of the side to move (unchanged on `Err`).
    fn play(&mut self, from: PointId, to: PointId) -> Result<Self::Ply, Self::Refusal>;
    /// A ply's public parts.
    fn parts(ply: &Self::Ply) -> PlyParts;
}

/// A naval game in progress under the contract, played in a visibility mode.
#[derive(Clone, Debug)]
pub struct NavalContract<E: NavalEngine> {
    game: E,
    mode: Mode,
    last: Option<E::Ply>,
}

impl<E: NavalEngine> NavalContract<E> {
    /// Wraps a game played in `mode` (dark, reveal or open).
    pub fn new(game: E, mode: Mode) -> NavalContract<E> {
        NavalContract { game, mode, last: None }
    }

    /// The engine game.
    pub fn game(&self) -> &E {
        &self.game
    }

    /// Whether `audience` sees a piece's kind: the owner and anyone once public; everyone in
    /// the open mode, and (`now`) once the game is over; in the reveal mode the pieces of a
    /// ply's combat (`now` false).
    fn shows(&self, piece: Piece, audience: Audience, now: bool) -> bool {
        piece.known
            || self.mode == Mode::Open
            || (now && self.game.core().over().is_some())
            || (!now && self.mode == Mode::Reveal)
            || matches!(audience, Audience::Everyone)
            || audience == Audience::Seat(piece.seat)
    }

    fn face(&self, piece: Piece, audience: Audience, now: bool) -> Face {
        if self.shows(piece, audience, now) {
            Face::Known { owner: piece.seat, kind: piece.kind }
        } else {
            Face::Hidden { owner: piece.seat }
        }
    }

    /// `Red wins · flagship sunk · 41 plies`.
    fn result_line(&self, o: NavalOver) -> Explained {
        let (en, zh) = o.reason.words();
        let plies = self.game.core().plies();
        match o.winner {
            Some(s) => {
                let name = E::kind().seating.seats[s.index()].name;
                Explained::new(
                    format!("{} wins · {en} · {plies} plies", name.en),
                    format!("{}胜 · {zh} · 共 {plies} 手", name.zh_hans),
                )
            }
            None => Explained::new(format!("draw · {en} · {plies} plies"), format!("和棋 · {zh} · 共 {plies} 手")),
        }
    }
}

impl<E: NavalEngine> Game for NavalContract<E> {
    type Action = Move;
    type Ply = E::Ply;
    type Refusal = E::Refusal;

    fn kind(&self) -> &'static GameKind {
        E::kind()
    }

    fn to_move(&self) -> Seat {
        self.game.core().to_move()
    }

    fn ply(&self) -> u32 {
        self.game.core().plies()
    }

    fn over(&self) -> Option<Over> {
        self.game.core().over().map(over)
    }

    fn legal(&self, seat: Seat) -> Vec<Move> {
        if seat != self.game.core().to_move() || self.game.core().over().is_some() {
            return Vec::new();
        }
        self.game.moves()
    }

    fn play(&mut self, seat: Seat, mv: Move) -> Result<E::Ply, Illegal<E::Refusal>> {
        if self.game.core().over().is_some() {
            return Err(Illegal::Over);
        }
        if seat != self.game.core().to_move() {
            return Err(Illegal::NotYourTurn { seat, to_move: self.game.core().to_move() });
        }
        let ply = self.game.play(mv.from, mv.to).map_err(Illegal::Rule)?;
        self.last = Some(ply.clone());
        Ok(ply)
    }

    fn last(&self) -> Option<&E::Ply> {
        self.last.as_ref()
    }

    fn leave(&mut self, seat: Seat, why: Leave) -> Leaving {
        if self.game.core().over().is_some() || seat.0 > 1 {
            return Leaving::default();
        }
        let core = self.game.core_mut();
        let end = if why == Leave::Timeout { core.timeout(seat) } else { core.resign(seat) };
        Leaving { out: vec![seat], end: end.map(over) }
    }

    fn agree_draw(&mut self) -> Option<Over> {
        self.game.core_mut().agree_draw().map(over)
    }

    fn public_ply(&self, ply: &E::Ply, audience: Audience) -> PublicPly {
        // The faces as they were at the time of the ply: the mode and the audience decide, and
        // what the ply made public comes as `Revealed` facts.
        let p = E::parts(ply);
        let mut facts = Vec::new();
        if let Some(defender) = p.defender {
            let (attacker, defender) = (self.face(p.attacker, audience, false), self.face(defender, audience, false));
            facts.push(Fact::Combat { outcome: p.announced, attacker, defender });
        }
        facts.extend(p.shown.iter().map(|&(at, x)| Fact::Revealed { at, owner: x.seat, kind: x.kind }));
        PublicPly {
            ply: p.number,
            seat: p.seat,
            action: format_move(self.game.board(), Move { from: p.from, to: p.to }),
            path: vec![p.from, p.to],
            facts,
            end: p.end.map(over),
        }
    }

    fn picture(&self, audience: Audience, last: Option<&E::Ply>) -> Picture {
        let over_now = self.game.core().over();
        let mut pic =
            Picture::new(audience, self.game.core().plies(), over_now.is_none().then(|| self.game.core().to_move()));
        let board = self.game.board();
        pic.tokens = board
            .point_ids()
            .filter_map(|at| {
                self.game.core().piece_at(at).map(|piece| Token { at, face: self.face(piece, audience, true) })
            })
            .collect();
        pic.public = board.point_ids().filter(|&p| self.game.core().piece_at(p).is_some_and(|c| c.known)).collect();
        if let Some(l) = last.map(E::parts) {
            pic.marks = vec![l.from, l.to];
            pic.badge = l.outcome.is_combat().then_some(l.announced);
            let seat_name = E::kind().seating.seats[l.seat.index()].name;
            let mv = format_move(board, Move { from: l.from, to: l.to });
            pic.captions.last = Some(Line::new(
                Explained::new(format!("{} {mv}", seat_name.en), format!("{} {mv}", seat_name.zh_hans)),
                Some(l.seat),
            ));
        }
        pic.captions = Captions { result: over_now.map(|o| self.result_line(o)), ..pic.captions };
        pic
    }

    fn parse_action(&self, _seat: Seat, text: &str) -> Result<Move, crate::contract::Unreadable> {
        crate::notation::parse_move(self.game.board(), text).map_err(|_| {
            crate::contract::Unreadable::new(
                text,
                Explained::new("write from-to, e.g. c6-c7", "请写 起点-终点，例如 c6-c7"),
            )
        })
    }

    fn action_token(&self, mv: Move) -> String {
        format_move(self.game.board(), mv)
    }
}
