//! The game contract shared by both naval games (`haijun`, `haijun21`): an engine says what it
//! is through [`NavalEngine`] and [`NavalContract`] does the rest the same way for both — turns,
//! leaving, faces per mode and audience (§6), the ply as each audience may know it, pictures and
//! their captions.

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
pub fn end_by(over: &mut Option<NavalOver>, winner: Option<Seat>, reason: EndReason) -> Option<NavalOver> {
    if over.is_some() {
        return None;
    }
    *over = Some(NavalOver { winner, reason });
    *over
}

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
    /// The side to move.
    fn to_move(&self) -> Seat;
    /// Plies played.
    fn plies(&self) -> u32;
    /// The result, once over.
    fn over(&self) -> Option<NavalOver>;
    /// Every legal move of the side to move.
    fn moves(&self) -> Vec<Move>;
    /// Plays a move of the side to move (unchanged on `Err`).
    fn play(&mut self, from: PointId, to: PointId) -> Result<Self::Ply, Self::Refusal>;
    /// What stands on a point.
    fn piece_at(&self, p: PointId) -> Option<Piece>;
    /// Ends the game by resignation (`timeout` false) or timeout of `seat`.
    fn leave(&mut self, seat: Seat, timeout: bool) -> Option<NavalOver>;
    /// Ends the game as an agreed draw.
    fn agree_draw(&mut self) -> Option<NavalOver>;
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
            || (now && self.game.over().is_some())
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
        let plies = self.game.plies();
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
        self.game.to_move()
    }

    fn ply(&self) -> u32 {
        self.game.plies()
    }

    fn over(&self) -> Option<Over> {
        self.game.over().map(over)
    }

    fn legal(&self, seat: Seat) -> Vec<Move> {
        if seat != self.game.to_move() || self.game.over().is_some() {
            return Vec::new();
        }
        self.game.moves()
    }

    fn play(&mut self, seat: Seat, mv: Move) -> Result<E::Ply, Illegal<E::Refusal>> {
        if self.game.over().is_some() {
            return Err(Illegal::Over);
        }
        if seat != self.game.to_move() {
            return Err(Illegal::NotYourTurn { seat, to_move: self.game.to_move() });
        }
        let ply = self.game.play(mv.from, mv.to).map_err(Illegal::Rule)?;
        self.last = Some(ply.clone());
        Ok(ply)
    }

    fn last(&self) -> Option<&E::Ply> {
        self.last.as_ref()
    }

    fn leave(&mut self, seat: Seat, why: Leave) -> Leaving {
        if self.game.over().is_some() || seat.0 > 1 {
            return Leaving::default();
        }
        let end = self.game.leave(seat, why == Leave::Timeout);
        Leaving { out: vec![seat], end: end.map(over) }
    }

    fn agree_draw(&mut self) -> Option<Over> {
        self.game.agree_draw().map(over)
    }

    fn public_ply(&self, ply: &E::Ply, audience: Audience) -> PublicPly {
        // The faces as they were at the time of the ply: the mode and the audience decide, and
        // what the ply made public comes as `Revealed` facts.
        let p = E::parts(ply);
        let mut facts = Vec::new();
        if let Some(defender) = p.defender {
            let (attacker, defender) = (self.face(p.attacker, audience, false), self.face(defender, audience, false));
            facts.push(Fact::Combat { outcome: p.outcome, attacker, defender });
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
        let over_now = self.game.over();
        let mut pic = Picture::new(audience, self.game.plies(), over_now.is_none().then(|| self.game.to_move()));
        let board = self.game.board();
        pic.tokens = board
            .point_ids()
            .filter_map(|at| self.game.piece_at(at).map(|piece| Token { at, face: self.face(piece, audience, true) }))
            .collect();
        pic.public = board.point_ids().filter(|&p| self.game.piece_at(p).is_some_and(|c| c.known)).collect();
        if let Some(l) = last.map(E::parts) {
            pic.marks = vec![l.from, l.to];
            pic.badge = l.outcome.is_combat().then_some(l.outcome);
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
