//! A 三军战斗棋 game in progress: the full (secret) position, playing a ply with every outcome
//! class of §5 (strikes and launches, bounces, scouting, aircraft shot down), and the end checks
//! of §11.15 in order.

use crate::board::PointId;
use crate::combat::Outcome;
use crate::game::{EndReason, Move, Reveal};
use crate::landseaair::outcome::{self as family, EndClass, Named, Over, Progress, other};
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
    pub fn reason(self) -> EndReason {
        self.into()
    }
}

impl EndClass for Sanjun30End {
    const FLAG_CAPTURED: Self = Sanjun30End::FlagCaptured;
    const COMMANDER: Self = Sanjun30End::CommanderKilled;
    const NO_LEGAL_MOVE: Self = Sanjun30End::NoLegalMove;
    const BOTH_STUCK: Self = Sanjun30End::BothStuck;
    const QUIET_LIMIT: Self = Sanjun30End::QuietLimit;
    const RESIGN: Self = Sanjun30End::Resign;
    const TIMEOUT: Self = Sanjun30End::Timeout;
    const AGREED: Self = Sanjun30End::Agreed;
}

impl From<Sanjun30End> for EndReason {
    fn from(end: Sanjun30End) -> EndReason {
        match end {
            Sanjun30End::FlagCaptured => EndReason::FlagCaptured,
            Sanjun30End::CommanderKilled => EndReason::CommanderKilled,
            Sanjun30End::NoLegalMove => EndReason::NoLegalMove,
            Sanjun30End::BothStuck => EndReason::BothStuck,
            Sanjun30End::QuietLimit => EndReason::QuietLimit,
            Sanjun30End::Resign => EndReason::Resign,
            Sanjun30End::Timeout => EndReason::Timeout,
            Sanjun30End::Agreed => EndReason::Agreed,
        }
    }
}

/// The result of a finished game.
pub type Sanjun30Over = Over<Sanjun30End>;

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
    progress: Progress<Sanjun30End>,
}

/// The kinds the family's shared rules name.
const NAMED: Named = Named { flag: kinds::FLAG, commander: kinds::COMMANDER };

impl Sanjun30Game {
    /// A new game from both sides' deployments; every violation of each side on failure.
    pub fn new(
        red: &Setup30,
        blue: &Setup30,
        options: Sanjun30Options,
        first: Seat,
    ) -> Result<Sanjun30Game, Vec<(Seat, Violation)>> {
        let board = Sanjun30Board::get();
        let sides = [(Seat::RED, red.validate(board, Seat::RED)), (Seat::BLUE, blue.validate(board, Seat::BLUE))];
        let cells = family::place(board.board.len(), sides)?;
        Ok(Sanjun30Game::from_position(cells, first, options))
    }

    /// A game from any position (tests, puzzles): `cells` indexed by point.
    pub fn from_position(cells: Vec<Option<Piece>>, to_move: Seat, options: Sanjun30Options) -> Sanjun30Game {
        let board = Sanjun30Board::get();
        assert_eq!(cells.len(), board.board.len(), "one cell per point");
        Sanjun30Game { board, options, cells, progress: Progress::new(to_move) }
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
        self.progress.to_move
    }

    /// Plies played.
    pub fn ply(&self) -> u32 {
        self.progress.ply
    }

    /// Consecutive plies without a removal.
    pub fn quiet_plies(&self) -> u32 {
        self.progress.quiet
    }

    /// The result, once the game is over.
    pub fn over(&self) -> Option<Sanjun30Over> {
        self.progress.over
    }

    /// The legal moves of the side to move (none once the game is over, §11.16).
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.progress.over.is_some() {
            return Vec::new();
        }
        moves::legal_moves(self.board, &self.cells, &self.options, self.progress.to_move)
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
        if self.progress.over.is_some() {
            return Err(Sanjun30Illegal::GameOver);
        }
        let Some(p) = self.cells[mv.from.index()] else { return Err(Sanjun30Illegal::NoPiece(name(mv.from))) };
        if p.seat != self.progress.to_move {
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
        let seat = self.progress.to_move;
        let att = self.cells[mv.from.index()].expect("a legal move starts on a piece");
        let def = self.cells[mv.to.index()];
        let kind = moves::kind_of(self.board, &self.cells, att.kind, mv);
        let proves = moves::proves(self.board, &self.cells, &self.options, mv);
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
        let mines = self.options.mines;
        // A striker stays where it is (§5.11); a fallen 总司令 makes its side's flag public, the
        // attacker's side first (§7, §11.14).
        let applied = family::apply(&mut self.cells, mv, gun, kind == MoveKind::Strike, NAMED, |a, d| {
            resolve(a, d, mines).expect("a legal attack has a table cell")
        });
        self.progress.played(seat, !applied.removed.is_empty());
        // §11.15, in order.
        let end = family::end_after(
            seat,
            &applied,
            self.options.win == Win::Marshal,
            (self.progress.quiet, self.options.quiet_limit),
            |s| moves::has_legal_move(self.board, &self.cells, &self.options, s),
        );
        self.progress.over = end;
        Sanjun30Ply {
            ply: self.progress.ply,
            seat,
            mv,
            kind,
            outcome: applied.outcome,
            attacker: att.kind,
            attacker_known: att.known,
            defender: def,
            revealed: applied.revealed,
            proves,
            end,
        }
    }

    /// Where a seat's flag stands, if it is still on the board.
    pub fn flag_point(&self, seat: Seat) -> Option<PointId> {
        family::flag_point(&self.cells, seat, kinds::FLAG)
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
        self.progress.resign(seat)
    }

    /// `seat`'s deadline passed: the other side wins.
    pub fn timeout(&mut self, seat: Seat) -> Option<Sanjun30Over> {
        self.progress.timeout(seat)
    }

    /// Both players agreed a draw.
    pub fn agree_draw(&mut self) -> Option<Sanjun30Over> {
        self.progress.agree_draw()
    }
}
