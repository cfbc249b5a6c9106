//! A 陆海空 game in progress: the full (secret) position, playing a ply with every outcome class
//! of §5 (strikes that move nobody, bounces, scouting, aircraft shot down), and the end checks of
//! §7 in the order §10.14 gives.

use crate::board::PointId;
use crate::combat::Outcome;
use crate::game::{Move, Reveal};
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
        match self {
            SanjunEnd::FlagCaptured => "flag_captured",
            SanjunEnd::CommanderRemoved => "commander_removed",
            SanjunEnd::NoLegalMove => "no_legal_move",
            SanjunEnd::BothStuck => "both_stuck",
            SanjunEnd::QuietLimit => "quiet_limit",
            SanjunEnd::Resign => "resign",
            SanjunEnd::Timeout => "timeout",
            SanjunEnd::Agreed => "agreed",
        }
    }
}

/// The result of a finished game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SanjunOver {
    /// The winner, or `None` for a draw.
    pub winner: Option<Seat>,
    /// Why it ended.
    pub reason: SanjunEnd,
}

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
    to_move: Seat,
    ply: u32,
    quiet: u32,
    over: Option<SanjunOver>,
}

fn other(s: Seat) -> Seat {
    Seat(1 - s.0)
}

impl SanjunGame {
    /// A new game from both sides' deployments; every violation of each side on failure.
    pub fn new(
        red: &SanjunSetup,
        blue: &SanjunSetup,
        options: SanjunOptions,
        first: Seat,
    ) -> Result<SanjunGame, Vec<(Seat, Violation)>> {
        let board = SanjunBoard::get();
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
        Ok(SanjunGame::from_position(cells, first, options))
    }

    /// A game from any position (tests, puzzles): `cells` indexed by point.
    pub fn from_position(cells: Vec<Option<Piece>>, to_move: Seat, options: SanjunOptions) -> SanjunGame {
        let board = SanjunBoard::get();
        assert_eq!(cells.len(), board.board.len(), "one cell per point");
        SanjunGame { board, options, cells, to_move, ply: 0, quiet: 0, over: None }
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
    pub fn over(&self) -> Option<SanjunOver> {
        self.over
    }

    /// The legal moves of the side to move (none once the game is over).
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.over.is_some() {
            return Vec::new();
        }
        moves::legal_moves(self.board, &self.cells, &self.options, self.to_move)
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
        if self.over.is_some() {
            return Err(SanjunIllegal::GameOver);
        }
        match self.cells[mv.from.index()] {
            None => Err(SanjunIllegal::NoPiece(name(mv.from))),
            Some(p) if p.seat != self.to_move => Err(SanjunIllegal::NotYourPiece(name(mv.from))),
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
        let seat = self.to_move;
        let att = self.cells[mv.from.index()].expect("a legal move starts on a piece");
        let def = self.cells[mv.to.index()];
        let kind = moves::kind_of(self.board, att.kind, mv);
        let mut revealed = Vec::new();
        let mut removed: Vec<Piece> = Vec::new();
        // §10.1: the first enemy gun strictly between start and destination shoots the aircraft.
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
            let strike = kind == MoveKind::Strike;
            match o {
                Outcome::AttackerWon | Outcome::FlagCaptured => {
                    removed.push(d);
                    // A striker stays where it is; everyone else takes the point.
                    if strike {
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
        // §5, §10.11: a fallen 总司令 makes its side's flag public, the attacker's first.
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
        SanjunPly {
            ply: self.ply,
            seat,
            mv,
            kind,
            outcome,
            attacker: att.kind,
            attacker_known: att.known,
            defender: def,
            revealed,
            end,
        }
    }

    /// The end checks of §10.14, in order, after `mover` played.
    fn end_after(&self, mover: Seat, outcome: Outcome, fallen: &[Seat]) -> Option<SanjunOver> {
        if outcome == Outcome::FlagCaptured {
            return Some(SanjunOver { winner: Some(mover), reason: SanjunEnd::FlagCaptured });
        }
        if self.options.win == Win::Marshal && fallen.len() == 1 {
            return Some(SanjunOver { winner: Some(other(fallen[0])), reason: SanjunEnd::CommanderRemoved });
        }
        let next = self.to_move;
        if !moves::has_legal_move(self.board, &self.cells, &self.options, next) {
            return Some(if moves::has_legal_move(self.board, &self.cells, &self.options, mover) {
                SanjunOver { winner: Some(mover), reason: SanjunEnd::NoLegalMove }
            } else {
                SanjunOver { winner: None, reason: SanjunEnd::BothStuck }
            });
        }
        if self.options.quiet_limit > 0 && self.quiet >= self.options.quiet_limit {
            return Some(SanjunOver { winner: None, reason: SanjunEnd::QuietLimit });
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
    pub fn resign(&mut self, seat: Seat) -> Option<SanjunOver> {
        self.finish(SanjunOver { winner: Some(other(seat)), reason: SanjunEnd::Resign })
    }

    /// `seat`'s deadline passed: the other side wins.
    pub fn timeout(&mut self, seat: Seat) -> Option<SanjunOver> {
        self.finish(SanjunOver { winner: Some(other(seat)), reason: SanjunEnd::Timeout })
    }

    /// Both players agreed a draw.
    pub fn agree_draw(&mut self) -> Option<SanjunOver> {
        self.finish(SanjunOver { winner: None, reason: SanjunEnd::Agreed })
    }

    fn finish(&mut self, over: SanjunOver) -> Option<SanjunOver> {
        if self.over.is_none() {
            self.over = Some(over);
        }
        self.over
    }
}
