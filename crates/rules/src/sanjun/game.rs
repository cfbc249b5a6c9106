//! A 陆海空 game in progress: the full (secret) position, playing a ply with every outcome class
//! of §5 (strikes that move nobody, bounces, scouting, aircraft shot down), and the end checks of
//! §7 in the order §10.14 gives.

use crate::board::PointId;
use crate::combat::Outcome;
use crate::game::{EndReason, Move, Reveal};
use crate::landseaair::outcome::{self as family, EndClass, Named, Over, Progress};
use crate::piece::{Piece, PieceKind};
use crate::seat::Seat;

use super::board::SanjunBoard;
use super::combat::resolve;
use super::deploy::{SanjunSetup, Violation};
use super::moves::{self, MoveKind};
use super::options::{SanjunOptions, Win};
use super::pieces::{Service, def_of, kinds, shoots_aircraft};

/// Why a game ended (§7; `replay --json` names).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum SanjunEnd {
    /// A flag was captured.
    FlagCaptured,
    /// `win=marshal`: one side's 总司令 was removed.
    CommanderRemoved,
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

impl SanjunEnd {
    /// The `replay --json` name.
    pub fn as_str(self) -> &'static str {
        EndReason::from(self).as_str()
    }
}

impl EndClass for SanjunEnd {
    const FLAG_CAPTURED: Self = SanjunEnd::FlagCaptured;
    const COMMANDER: Self = SanjunEnd::CommanderRemoved;
    const NO_LEGAL_MOVE: Self = SanjunEnd::NoLegalMove;
    const BOTH_STUCK: Self = SanjunEnd::BothStuck;
    const QUIET_LIMIT: Self = SanjunEnd::QuietLimit;
    const RESIGN: Self = SanjunEnd::Resign;
    const TIMEOUT: Self = SanjunEnd::Timeout;
    const AGREED: Self = SanjunEnd::Agreed;
}

impl From<SanjunEnd> for EndReason {
    fn from(end: SanjunEnd) -> EndReason {
        match end {
            SanjunEnd::FlagCaptured => EndReason::FlagCaptured,
            SanjunEnd::CommanderRemoved => EndReason::CommanderRemoved,
            SanjunEnd::NoLegalMove => EndReason::NoLegalMove,
            SanjunEnd::BothStuck => EndReason::BothStuck,
            SanjunEnd::QuietLimit => EndReason::QuietLimit,
            SanjunEnd::Resign => EndReason::Resign,
            SanjunEnd::Timeout => EndReason::Timeout,
            SanjunEnd::Agreed => EndReason::Agreed,
        }
    }
}

/// The result of a finished game.
pub type SanjunOver = Over<SanjunEnd>;

/// Everything that happened in one ply, hidden facts included.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SanjunPly {
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
    /// What the rules made public (§10.12): the scouted piece, the gun that shot an aircraft
    /// down, flags after a 总司令 fell (the attacker's first).
    pub revealed: Vec<Reveal>,
    /// The end of the game, if this ply ended it.
    pub end: Option<SanjunOver>,
}

/// Why a move was refused; the game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SanjunIllegal {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// Nothing stands on the starting point.
    #[error("there is no piece on {0}")]
    NoPiece(String),
    /// The piece belongs to the other side.
    #[error("the piece on {0} is not yours")]
    NotYourPiece(String),
    /// The piece cannot go there.
    #[error("the piece on {0} cannot go to {1}")]
    Unreachable(String, String),
    /// The piece's class never stands on that kind of point: a land piece onto the sea, a ship
    /// (other than a landing one) ashore, an aircraft off the air stops, anything onto an
    /// airport or high-altitude stop but its own aircraft.
    #[error("the {class} on {from} cannot go to {to}: {class}s never stand {zone}", class = .class.0, zone = .zone.0)]
    WrongClass {
        /// Where the piece stands.
        from: String,
        /// Where it was sent.
        to: String,
        /// What it is, in English and 简体 (`land piece`, `陆军棋子`).
        class: (&'static str, &'static str),
        /// Where it can never stand, in English and 简体 (`at sea`, `在海上`).
        zone: (&'static str, &'static str),
    },
}

/// A short text in English and 简体.
type Words2 = (&'static str, &'static str);

/// Whether a piece of `kind` can ever stand on a point like `to` (§4: land pieces on land and
/// bridge points, ships at sea and the landing ships ashore, aircraft on air stops); if not, what
/// it is and where it never stands (for [`SanjunIllegal::WrongClass`]).
fn never_stands(board: &SanjunBoard, kind: PieceKind, to: PointId) -> Option<(Words2, Words2)> {
    use super::board::Station;
    let st = board.station(to);
    let zone = match st {
        Station::Naval => ("at sea", "在海上"),
        Station::Bridge => ("on the bridge", "在铁桥上"),
        Station::Airport | Station::HighAltitude => ("on an airport or a high-altitude stop", "在机场或高空站"),
        _ => ("on land", "在陆地上"),
    };
    match def_of(kind).service {
        Service::Army | Service::Weapon if st == Station::Naval || st.is_protected() => {
            Some((("land piece", "陆军棋子"), zone))
        }
        Service::Navy if st.is_protected() || st == Station::Bridge => Some((("ship", "舰艇"), zone)),
        Service::Navy if st.is_land() && !super::pieces::can_land(kind) => {
            Some((("non-landing ship", "不能登陆的舰艇"), zone))
        }
        Service::Air if !board.is_air_stop(to) => Some((("aircraft", "飞机"), ("off the air lanes", "在航空线以外"))),
        _ => None,
    }
}

/// A game of 陆海空三军棋 between Red (seat 0) and Blue (seat 1).
#[derive(Clone, Debug)]
pub struct SanjunGame {
    board: &'static SanjunBoard,
    options: SanjunOptions,
    cells: Vec<Option<Piece>>,
    progress: Progress<SanjunEnd>,
}

/// The kinds the family's shared rules name.
const NAMED: Named = Named { flag: kinds::FLAG, commander: kinds::COMMANDER };

impl SanjunGame {
    /// A new game from both sides' deployments; every violation of each side on failure.
    pub fn new(
        red: &SanjunSetup,
        blue: &SanjunSetup,
        options: SanjunOptions,
        first: Seat,
    ) -> Result<SanjunGame, Vec<(Seat, Violation)>> {
        let board = SanjunBoard::get();
        let sides = [(Seat::RED, red.validate(board, Seat::RED)), (Seat::BLUE, blue.validate(board, Seat::BLUE))];
        let cells = family::place(board.board.len(), sides)?;
        Ok(SanjunGame::from_position(cells, first, options))
    }

    /// A game from any position (tests, puzzles): `cells` indexed by point.
    pub fn from_position(cells: Vec<Option<Piece>>, to_move: Seat, options: SanjunOptions) -> SanjunGame {
        let board = SanjunBoard::get();
        assert_eq!(cells.len(), board.board.len(), "one cell per point");
        SanjunGame { board, options, cells, progress: Progress::new(to_move) }
    }

    /// The board.
    pub fn board(&self) -> &'static SanjunBoard {
        self.board
    }

    /// The options.
    pub fn options(&self) -> &SanjunOptions {
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
    pub fn over(&self) -> Option<SanjunOver> {
        self.progress.over
    }

    /// The legal moves of the side to move (none once the game is over).
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.progress.over.is_some() {
            return Vec::new();
        }
        moves::legal_moves(self.board, &self.cells, &self.options, self.progress.to_move)
    }

    /// The legal moves of any seat, whoever is to move (for move counts and analysis).
    pub fn legal_moves_for(&self, seat: Seat) -> Vec<Move> {
        moves::legal_moves(self.board, &self.cells, &self.options, seat)
    }

    /// The legal moves of the piece on `from`.
    pub fn legal_moves_from(&self, from: PointId) -> Vec<Move> {
        let mut out = Vec::new();
        moves::moves_from(self.board, &self.cells, &self.options, from, &mut out);
        out
    }

    /// Checks a move for the side to move.
    pub fn check(&self, mv: Move) -> Result<(), SanjunIllegal> {
        let name = |p: PointId| self.board.board.name(p).to_string();
        if self.progress.over.is_some() {
            return Err(SanjunIllegal::GameOver);
        }
        match self.cells[mv.from.index()] {
            None => Err(SanjunIllegal::NoPiece(name(mv.from))),
            Some(p) if p.seat != self.progress.to_move => Err(SanjunIllegal::NotYourPiece(name(mv.from))),
            Some(p) if !self.legal_moves_from(mv.from).contains(&mv) => {
                // Strikes reach points their striker never stands on, so a wrong class is named
                // only for a move that is not legal anyway.
                Err(match never_stands(self.board, p.kind, mv.to) {
                    Some((class, zone)) => {
                        SanjunIllegal::WrongClass { from: name(mv.from), to: name(mv.to), class, zone }
                    }
                    None => SanjunIllegal::Unreachable(name(mv.from), name(mv.to)),
                })
            }
            Some(_) => Ok(()),
        }
    }

    /// Plays a move after checking it.
    pub fn play(&mut self, mv: Move) -> Result<SanjunPly, SanjunIllegal> {
        self.check(mv)?;
        Ok(self.play_unchecked(mv))
    }

    /// Plays a move known to be legal.
    pub fn play_unchecked(&mut self, mv: Move) -> SanjunPly {
        let seat = self.progress.to_move;
        let att = self.cells[mv.from.index()].expect("a legal move starts on a piece");
        let def = self.cells[mv.to.index()];
        let kind = moves::kind_of(self.board, att.kind, mv);
        // §10.1: the first enemy gun strictly between start and destination shoots the aircraft.
        let gun = if kind == MoveKind::Flight {
            moves::flight_path(self.board, mv.from, mv.to)
                .unwrap_or_default()
                .into_iter()
                .find(|&p| self.cells[p.index()].is_some_and(|g| g.seat != seat && shoots_aircraft(g.kind)))
        } else {
            None
        };
        let mines = self.options.mines;
        // §5, §10.11: a fallen 总司令 makes its side's flag public, the attacker's first.
        let applied = family::apply(&mut self.cells, mv, gun, kind == MoveKind::Strike, NAMED, |a, d| {
            resolve(a, d, mines).expect("a legal attack has a table cell")
        });
        self.progress.played(seat, !applied.removed.is_empty());
        let end = family::end_after(
            seat,
            &applied,
            self.options.win == Win::Marshal,
            (self.progress.quiet, self.options.quiet_limit),
            |s| moves::has_legal_move(self.board, &self.cells, &self.options, s),
        );
        self.progress.over = end;
        SanjunPly {
            ply: self.progress.ply,
            seat,
            mv,
            kind,
            outcome: applied.outcome,
            attacker: att.kind,
            attacker_known: att.known,
            defender: def,
            revealed: applied.revealed,
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
    pub fn resign(&mut self, seat: Seat) -> Option<SanjunOver> {
        self.progress.resign(seat)
    }

    /// `seat`'s deadline passed: the other side wins.
    pub fn timeout(&mut self, seat: Seat) -> Option<SanjunOver> {
        self.progress.timeout(seat)
    }

    /// Both players agreed a draw.
    pub fn agree_draw(&mut self) -> Option<SanjunOver> {
        self.progress.agree_draw()
    }
}
