//! A 三军战斗棋 game in progress: the full (secret) position, playing a ply with every outcome
//! class of §5 (strikes and launches, bounces, scouting, aircraft shot down), and the end checks
//! of §11.15 in order.

use crate::board::PointId;
use crate::combat::Outcome;
use crate::game::{Move, Reveal};
use crate::piece::{Piece, PieceKind};
use crate::seat::Seat;

use super::board::Sanjun30Board;
use super::combat::resolve;
use super::deploy::{Setup30, Violation};
use super::moves::{self, MoveKind};
use super::options::{Sanjun30Options, Win};
use super::pieces::{Service, def_of, kinds, shoots_aircraft};

/// Why a game ended (§7; `replay --json` names).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Sanjun30End {
    /// A flag was captured.
    FlagCaptured,
    /// `win=marshal`: exactly one side's 总司令 fell.
    CommanderKilled,
    /// The side to move had no legal move.
    NoLegalMove,
    /// Neither side had a legal move.
    BothStuck,
    /// `quiet-limit` plies in a row without a removal.
    QuietLimit,
    /// A player resigned.
    Resign,
    /// A player's deadline passed.
    Timeout,
    /// The players agreed a draw.
    Agreed,
}

impl Sanjun30End {
    /// The core's reason (its `replay --json` name and wordings).
    pub fn reason(self) -> crate::game::EndReason {
        use crate::game::EndReason as R;
        match self {
            Sanjun30End::FlagCaptured => R::FlagCaptured,
            Sanjun30End::CommanderKilled => R::CommanderKilled,
            Sanjun30End::NoLegalMove => R::NoLegalMove,
            Sanjun30End::BothStuck => R::BothStuck,
            Sanjun30End::QuietLimit => R::QuietLimit,
            Sanjun30End::Resign => R::Resign,
            Sanjun30End::Timeout => R::Timeout,
            Sanjun30End::Agreed => R::Agreed,
        }
    }
}

/// The result of a finished game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Sanjun30Over {
    /// The winner, or `None` for a draw.
    pub winner: Option<Seat>,
    /// Why it ended.
    pub reason: Sanjun30End,
}

/// Everything that happened in one ply, hidden facts included.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sanjun30Ply {
    /// 1-based ply number.
    pub ply: u32,
    /// Who moved.
    pub seat: Seat,
    /// The move.
    pub mv: Move,
    /// What kind of move it was.
    pub kind: MoveKind,
    /// The outcome class.
    pub outcome: Outcome,
    /// The moving piece.
    pub attacker: PieceKind,
    /// Whether the moving piece's identity was already public before the ply.
    pub attacker_known: bool,
    /// The piece on the destination, if any.
    pub defender: Option<Piece>,
    /// What the rules made public (§11.14): the scouted piece, the gun that shot an aircraft
    /// down, flags after a 总司令 fell (the attacker's side first).
    pub revealed: Vec<Reveal>,
    /// The kinds the move itself proves its mover to be one of (§6), empty if nothing.
    pub proves: Vec<PieceKind>,
    /// The end of the game, if this ply ended it.
    pub end: Option<Sanjun30Over>,
}

/// Why a move was refused; the game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Sanjun30Illegal {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// Nothing stands on the starting point.
    #[error("there is no piece on {0}")]
    NoPiece(String),
    /// The piece belongs to the other side.
    #[error("the piece on {0} is not yours")]
    NotYourPiece(String),
    /// The piece never moves (军旗, 地雷, 陷阱; a 炮垒 only strikes ships).
    #[error("the {1} on {0} never moves")]
    Immobile(String, &'static str),
    /// The piece's class cannot go there (a land piece onto the sea, a ship ashore …).
    #[error("a {1} cannot go from {0} to {2}")]
    WrongClass(String, &'static str, String),
    /// The piece cannot go there now.
    #[error("the piece on {0} cannot go to {1}")]
    Unreachable(String, String),
}

/// A game of 三军战斗棋 between Red (seat 0) and Blue (seat 1).
#[derive(Clone, Debug)]
pub struct Sanjun30Game {
    board: &'static Sanjun30Board,
    options: Sanjun30Options,
    cells: Vec<Option<Piece>>,
    to_move: Seat,
    ply: u32,
    quiet: u32,
    over: Option<Sanjun30Over>,
}

fn other(s: Seat) -> Seat {
    Seat(1 - s.0)
}

impl Sanjun30Game {
    /// A new game from both sides' deployments; every violation of each side on failure.
    pub fn new(
        red: &Setup30,
        blue: &Setup30,
        options: Sanjun30Options,
        first: Seat,
    ) -> Result<Sanjun30Game, Vec<(Seat, Violation)>> {
        let board = Sanjun30Board::get();
        let mut cells = vec![None; board.board.len()];
        let mut bad = Vec::new();
        for (seat, setup) in [(Seat::RED, red), (Seat::BLUE, blue)] {
            match setup.validate(board, seat) {
                Ok(placed) => {
                    for (p, kind) in placed {
                        cells[p.index()] = Some(Piece { seat, kind, known: false });
                    }
                }
                Err(v) => bad.extend(v.into_iter().map(|v| (seat, v))),
            }
        }
        if !bad.is_empty() {
            return Err(bad);
        }
        Ok(Sanjun30Game::from_position(cells, first, options))
    }

    /// A game from any position (tests, puzzles): `cells` indexed by point.
    pub fn from_position(cells: Vec<Option<Piece>>, to_move: Seat, options: Sanjun30Options) -> Sanjun30Game {
        let board = Sanjun30Board::get();
        assert_eq!(cells.len(), board.board.len(), "one cell per point");
        Sanjun30Game { board, options, cells, to_move, ply: 0, quiet: 0, over: None }
    }

    /// The board.
    pub fn board(&self) -> &'static Sanjun30Board {
        self.board
    }

    /// The options.
    pub fn options(&self) -> &Sanjun30Options {
        &self.options
    }

    /// The piece on a point.
    pub fn piece_at(&self, p: PointId) -> Option<Piece> {
        self.cells[p.index()]
    }

    /// Every cell, indexed by point.
    pub fn cells(&self) -> &[Option<Piece>] {
        &self.cells
    }

    /// Whose turn it is.
    pub fn to_move(&self) -> Seat {
        self.to_move
    }

    /// Plies played.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// Consecutive plies without a removal.
    pub fn quiet_plies(&self) -> u32 {
        self.quiet
    }

    /// The result, once the game is over.
    pub fn over(&self) -> Option<Sanjun30Over> {
        self.over
    }

    /// The legal moves of the side to move (none once the game is over, §11.16).
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.over.is_some() {
            return Vec::new();
        }
        moves::legal_moves(self.board, &self.cells, &self.options, self.to_move)
    }

    /// The legal moves of any seat, whoever is to move (move counts, analysis).
    pub fn legal_moves_for(&self, seat: Seat) -> Vec<Move> {
        moves::legal_moves(self.board, &self.cells, &self.options, seat)
    }

    /// The legal moves of the piece on `from`.
    pub fn legal_moves_from(&self, from: PointId) -> Vec<Move> {
        let mut out = Vec::new();
        moves::moves_from(self.board, &self.cells, &self.options, from, &mut out);
        out
    }

    /// Checks a move for the side to move; a refusal says precisely why.
    pub fn check(&self, mv: Move) -> Result<(), Sanjun30Illegal> {
        let name = |p: PointId| self.board.board.name(p).to_string();
        if self.over.is_some() {
            return Err(Sanjun30Illegal::GameOver);
        }
        let Some(p) = self.cells[mv.from.index()] else { return Err(Sanjun30Illegal::NoPiece(name(mv.from))) };
        if p.seat != self.to_move {
            return Err(Sanjun30Illegal::NotYourPiece(name(mv.from)));
        }
        if self.legal_moves_from(mv.from).contains(&mv) {
            return Ok(());
        }
        let d = def_of(p.kind);
        if !super::pieces::is_mobile(p.kind) && p.kind != kinds::BATTERY {
            return Err(Sanjun30Illegal::Immobile(name(mv.from), d.en));
        }
        // Whatever the board held, could this piece ever make this move? If not, its class
        // forbids it (a tank onto the sea); otherwise the position does.
        let empty: Vec<Option<Piece>> =
            (0..self.cells.len()).map(|i| if i == mv.from.index() { Some(p) } else { None }).collect();
        let mut any = Vec::new();
        let enemy = Piece { seat: other(p.seat), kind: kinds::DESTROYER, known: false };
        let mut with_target = empty.clone();
        with_target[mv.to.index()] = Some(enemy);
        for cells in [&empty, &with_target] {
            moves::moves_of(self.board, cells, &self.options, p, mv.from, moves::Check::Geometry, &mut any);
        }
        if any.contains(&mv) {
            Err(Sanjun30Illegal::Unreachable(name(mv.from), name(mv.to)))
        } else {
            Err(Sanjun30Illegal::WrongClass(name(mv.from), d.en, name(mv.to)))
        }
    }

    /// Plays a move after checking it.
    pub fn play(&mut self, mv: Move) -> Result<Sanjun30Ply, Sanjun30Illegal> {
        self.check(mv)?;
        Ok(self.play_unchecked(mv))
    }

    /// Plays a move known to be legal.
    pub fn play_unchecked(&mut self, mv: Move) -> Sanjun30Ply {
        let seat = self.to_move;
        let att = self.cells[mv.from.index()].expect("a legal move starts on a piece");
        let def = self.cells[mv.to.index()];
        let kind = moves::kind_of(self.board, &self.cells, att.kind, mv);
        let proves = moves::proves(self.board, &self.cells, &self.options, mv);
        let mut revealed = Vec::new();
        let mut removed: Vec<Piece> = Vec::new();
        // §11.10: the first enemy gun strictly between start and destination shoots an aircraft
        // down; no gun fires at a 飞弹 (§11.7).
        let gun = if kind == MoveKind::Flight {
            moves::flight_path(self.board, mv.from, mv.to)
                .unwrap_or_default()
                .into_iter()
                .find(|&p| self.cells[p.index()].is_some_and(|g| g.seat != seat && shoots_aircraft(g.kind)))
        } else {
            None
        };
        let outcome = if let Some(g) = gun {
            let cell = self.cells[g.index()].as_mut().expect("a gun");
            cell.known = true;
            revealed.push(Reveal { point: g, seat: cell.seat, kind: cell.kind });
            self.cells[mv.from.index()] = None;
            removed.push(att);
            Outcome::ShotDown
        } else if let Some(d) = def {
            let o = resolve(att.kind, d.kind, self.options.mines).expect("a legal attack has a table cell");
            match o {
                Outcome::AttackerWon | Outcome::FlagCaptured => {
                    removed.push(d);
                    // A striker stays where it is; everyone else takes the point (§5.11).
                    if kind == MoveKind::Strike {
                        self.cells[mv.to.index()] = None;
                    } else {
                        self.cells[mv.to.index()] = Some(att);
                        self.cells[mv.from.index()] = None;
                    }
                }
                Outcome::DefenderWon => {
                    removed.push(att);
                    self.cells[mv.from.index()] = None;
                }
                Outcome::BothRemoved => {
                    removed.extend([att, d]);
                    self.cells[mv.from.index()] = None;
                    self.cells[mv.to.index()] = None;
                }
                Outcome::Scouted => {
                    let cell = self.cells[mv.to.index()].as_mut().expect("the scouted piece");
                    cell.known = true;
                    revealed.push(Reveal { point: mv.to, seat: d.seat, kind: d.kind });
                }
                Outcome::Bounced | Outcome::Moved | Outcome::ShotDown | Outcome::FlagshipSunk => {}
            }
            o
        } else {
            self.cells[mv.to.index()] = Some(att);
            self.cells[mv.from.index()] = None;
            Outcome::Moved
        };
        self.ply += 1;
        self.quiet = if removed.is_empty() { self.quiet + 1 } else { 0 };
        // §7, §11.14: a fallen 总司令 makes its side's flag public, the attacker's side first.
        let fallen: Vec<Seat> = removed.iter().filter(|p| p.kind == kinds::COMMANDER).map(|p| p.seat).collect();
        for &s in &fallen {
            if let Some(f) = self.flag_point(s) {
                let cell = self.cells[f.index()].as_mut().expect("the flag");
                cell.known = true;
                revealed.push(Reveal { point: f, seat: s, kind: kinds::FLAG });
            }
        }
        self.to_move = other(seat);
        let end = self.end_after(seat, outcome, &fallen);
        self.over = end;
        Sanjun30Ply {
            ply: self.ply,
            seat,
            mv,
            kind,
            outcome,
            attacker: att.kind,
            attacker_known: att.known,
            defender: def,
            revealed,
            proves,
            end,
        }
    }

    /// The end checks of §11.15, in order, after `mover` played.
    fn end_after(&self, mover: Seat, outcome: Outcome, fallen: &[Seat]) -> Option<Sanjun30Over> {
        if outcome == Outcome::FlagCaptured {
            return Some(Sanjun30Over { winner: Some(mover), reason: Sanjun30End::FlagCaptured });
        }
        if self.options.win == Win::Marshal && fallen.len() == 1 {
            return Some(Sanjun30Over { winner: Some(other(fallen[0])), reason: Sanjun30End::CommanderKilled });
        }
        let next = self.to_move;
        if !moves::has_legal_move(self.board, &self.cells, &self.options, next) {
            return Some(if moves::has_legal_move(self.board, &self.cells, &self.options, mover) {
                Sanjun30Over { winner: Some(mover), reason: Sanjun30End::NoLegalMove }
            } else {
                Sanjun30Over { winner: None, reason: Sanjun30End::BothStuck }
            });
        }
        if self.options.quiet_limit > 0 && self.quiet >= self.options.quiet_limit {
            return Some(Sanjun30Over { winner: None, reason: Sanjun30End::QuietLimit });
        }
        None
    }

    /// Where a seat's flag stands, if it is still on the board.
    pub fn flag_point(&self, seat: Seat) -> Option<PointId> {
        self.board
            .board
            .point_ids()
            .find(|p| self.cells[p.index()].is_some_and(|c| c.seat == seat && c.kind == kinds::FLAG))
    }

    /// How many pieces of each service a seat still has (army, weapons, navy, air).
    pub fn material(&self, seat: Seat) -> [usize; 4] {
        let mut n = [0; 4];
        for c in self.cells.iter().flatten().filter(|c| c.seat == seat) {
            n[match def_of(c.kind).service {
                Service::Army => 0,
                Service::Weapon => 1,
                Service::Navy => 2,
                Service::Air => 3,
            }] += 1;
        }
        n
    }

    /// `seat` resigns: the other side wins.
    pub fn resign(&mut self, seat: Seat) -> Option<Sanjun30Over> {
        self.finish(Sanjun30Over { winner: Some(other(seat)), reason: Sanjun30End::Resign })
    }

    /// `seat`'s deadline passed: the other side wins.
    pub fn timeout(&mut self, seat: Seat) -> Option<Sanjun30Over> {
        self.finish(Sanjun30Over { winner: Some(other(seat)), reason: Sanjun30End::Timeout })
    }

    /// Both players agreed a draw.
    pub fn agree_draw(&mut self) -> Option<Sanjun30Over> {
        self.finish(Sanjun30Over { winner: None, reason: Sanjun30End::Agreed })
    }

    fn finish(&mut self, over: Sanjun30Over) -> Option<Sanjun30Over> {
        if self.over.is_none() {
            self.over = Some(over);
        }
        self.over
    }
}
