//! A validated game in progress: the full (secret) position, legal moves, playing a ply, combat
//! resolution and end-of-game detection in the order `rules-junqi.md` §7 gives.
//!
//! `Game` holds hidden information. Nothing public may be produced from it directly; public
//! output goes through [`super::view`] and [`PlyReport::public`].

use std::fmt;

use serde::{Deserialize, Serialize};

use super::bitset::PointSet;
use super::board::{PointId, PointKind};
use super::combat::Outcome;
use super::options::{BombFlag, Order, RuleOptions};
use super::piece::{Piece, PieceClass, PieceKind};
use super::seat::Seat;
use super::setup::Deployment;
use super::variant::Variant;

/// A move of one piece from one point to another.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Where the piece stands.
    pub from: PointId,
    /// Where it goes.
    pub to: PointId,
}

pub use super::end::EndReason;

/// The result of a finished game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameOver {
    /// The winning team (in 2-player games, the winning seat's index), or `None` for a draw.
    pub winner: Option<u8>,
    /// Why it ended.
    pub reason: EndReason,
}

/// Something the rules made public in a ply: a piece's identity at a point.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Reveal {
    /// Where the piece stands (or stood, for a piece that just left the board).
    pub point: PointId,
    /// Whose piece.
    pub seat: Seat,
    /// What it is.
    pub kind: PieceKind,
}

/// Everything that happened in one ply, including hidden facts. Use [`PlyReport::public`] or the
/// views for anything shown to players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyReport {
    /// 1-based ply number.
    pub ply: u32,
    /// Who moved.
    pub seat: Seat,
    /// The move.
    pub mv: Move,
    /// The outcome class.
    pub outcome: Outcome,
    /// The moving piece's kind (hidden in dark mode).
    pub attacker: PieceKind,
    /// The defender, if the move was an attack (hidden in dark mode).
    pub defender: Option<Piece>,
    /// Identities the rules made public: scouted defenders, then flags after a 司令 fell.
    pub revealed: Vec<Reveal>,
    /// Seats that went out in this ply, with why (games of more than two seats).
    pub eliminated: Vec<(Seat, EndReason)>,
    /// The end of the game, if this ply ended it.
    pub end: Option<GameOver>,
}

/// Why a move was refused. The game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// Nothing stands on the starting point.
    #[error("there is no piece on {0}")]
    NoPiece(String),
    /// The piece belongs to someone else.
    #[error("the piece on {0} is not yours")]
    NotYourPiece(String),
    /// A flag or landmine.
    #[error("the piece on {0} never moves (flag or landmine)")]
    Immobile(String),
    /// A piece in a headquarters.
    #[error("the piece on {0} is in a headquarters and may not leave it")]
    InHeadquarters(String),
    /// The destination holds one of the mover's own (or a partner's) pieces.
    #[error("{0} is occupied by your own side")]
    OwnPiece(String),
    /// The destination is a camp with an enemy piece in it.
    #[error("the piece in the camp {0} cannot be attacked")]
    CampProtected(String),
    /// `bomb-flag=forbidden`.
    #[error("a bomb may not attack the flag under these rules (bomb-flag=forbidden)")]
    BombOnFlag,
    /// Not reachable from the start point.
    #[error("{to} cannot be reached from {from} in one move")]
    Unreachable {
        /// Start point.
        from: String,
        /// Destination.
        to: String,
    },
    /// The same point twice.
    #[error("a move must go somewhere: {0} to {0}")]
    NullMove(String),
}

/// Where a captured flag is under `flag-home`: carried by a piece that must reach its own
/// headquarters.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct CarriedFlag {
    /// Where the carrier stands.
    pub at: PointId,
    /// The flag's owner.
    pub owner: Seat,
    /// The flag's headquarters, where it returns if the carrier falls.
    pub home: PointId,
}

/// A game in progress, with the full position.
#[derive(Clone)]
pub struct Game {
    variant: &'static Variant,
    rules: RuleOptions,
    cells: Vec<Option<Piece>>,
    to_move: Seat,
    ply: u32,
    quiet: u32,
    over: Option<GameOver>,
    carried: Option<CarriedFlag>,
    /// Pieces removed from the board, per seat, per kind.
    removed: Vec<Vec<u8>>,
    /// Team of each seat, copied from the variant for the move generator's inner loop.
    teams: [u8; 8],
    /// Seats that are out of the game, as a bit mask (games of more than two seats).
    out: u8,
    /// 翻棋 (`rules-flip.md`, see [`Game::enable_flip`]).
    flip: bool,
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("variant", &self.variant.name)
            .field("ply", &self.ply)
            .field("to_move", &self.to_move)
            .finish()
    }
}

impl Game {
    /// Starts a game from validated deployments (one per seat, any order). `first` is the seat
    /// that moves first (Red unless `first=random` drew another).
    pub fn new(variant: &'static Variant, rules: RuleOptions, deployments: &[Deployment], first: Seat) -> Game {
        let mut cells = vec![None; variant.board.len()];
        for d in deployments {
            for &(p, kind) in &d.pieces {
                cells[p.index()] = Some(Piece { seat: d.seat, kind, known: false });
            }
        }
        Game {
            variant,
            rules,
            cells,
            to_move: first,
            ply: 0,
            quiet: 0,
            over: None,
            carried: None,
            removed: vec![vec![0; variant.pieces.len()]; variant.seats.len()],
            teams: std::array::from_fn(|i| variant.seats.get(i).map_or(u8::MAX, |s| s.team)),
            out: 0,
            flip: false,
        }
    }

    /// Sets up an arbitrary position (analysis, tests, puzzles): the given pieces, `to_move` to
    /// play, no plies played. Deployment rules are not checked.
    pub fn from_position(
        variant: &'static Variant,
        rules: RuleOptions,
        pieces: &[(PointId, Piece)],
        to_move: Seat,
    ) -> Game {
        let mut game = Game::new(variant, rules, &[], to_move);
        for &(p, piece) in pieces {
            game.cells[p.index()] = Some(piece);
        }
        game
    }

    /// The variant.
    pub fn variant(&self) -> &'static Variant {
        self.variant
    }

    /// The rule options.
    pub fn rules(&self) -> &RuleOptions {
        &self.rules
    }

    /// The piece on a point.
    pub fn piece_at(&self, p: PointId) -> Option<Piece> {
        self.cells[p.index()]
    }

    /// The seat to move.
    pub fn to_move(&self) -> Seat {
        self.to_move
    }

    /// Plies played so far.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// Consecutive plies without combat.
    pub fn quiet_plies(&self) -> u32 {
        self.quiet
    }

    /// The result, once the game is over.
    pub fn over(&self) -> Option<GameOver> {
        self.over
    }

    /// The flag being carried home, under `flag-home`.
    pub fn carried_flag(&self) -> Option<CarriedFlag> {
        self.carried
    }

    /// How many pieces of each kind a seat has lost.
    pub fn removed(&self, seat: Seat) -> &[u8] {
        &self.removed[seat.index()]
    }

    fn name(&self, p: PointId) -> String {
        self.variant.board.name(p).to_string()
    }

    /// Whether the piece on `p` may move at all (ignoring whether it has somewhere to go).
    fn can_move_from(&self, p: PointId, piece: Piece) -> bool {
        let def = self.variant.piece(piece.kind);
        if !def.is_mobile() || (self.flip && !piece.known) {
            return false;
        }
        if !self.rules.hq_exit && self.variant.board.is_headquarters(p) {
            // The carrier of a captured flag must be able to take it home.
            return self.carried.is_some_and(|c| c.at == p);
        }
        true
    }

    /// Whether `mover` may end a move on `to`: `Some(false)` to step onto an empty point,
    /// `Some(true)` to attack, `None` if the point is closed to it.
    #[inline]
    fn entry(&self, mover: Piece, to: PointId) -> Option<bool> {
        match self.cells[to.index()] {
            None => Some(false),
            Some(other) => {
                // 翻棋: a face-down piece blocks like any piece but cannot be attacked.
                if self.flip && !other.known {
                    return None;
                }
                if self.teams[other.seat.index()] == self.teams[mover.seat.index()] || self.variant.board.is_camp(to) {
                    return None;
                }
                if self.rules.bomb_flag == BombFlag::Forbidden
                    && self.variant.piece(mover.kind).class == PieceClass::Bomb
                    && Some(other.kind) == self.variant.flag
                {
                    return None;
                }
                Some(true)
            }
        }
    }

    /// Whether this piece turns freely on the railway.
    fn turns_on_rail(&self, piece: Piece) -> bool {
        match self.variant.piece(piece.kind).class {
            PieceClass::Engineer => true,
            PieceClass::Bomb => self.rules.bomb_flies,
            _ => false,
        }
    }

    /// Appends the legal destinations of the piece on `from` (which must be the mover's).
    fn moves_from(&self, from: PointId, piece: Piece, out: &mut Vec<Move>) {
        let board = &self.variant.board;
        let mut seen = PointSet::EMPTY;
        seen.insert(from);
        for &(to, _) in board.neighbours(from) {
            if self.entry(piece, to).is_some() && seen.insert(to) {
                out.push(Move { from, to });
            }
        }
        if !board.is_on_rail(from) {
            return;
        }
        if self.turns_on_rail(piece) {
            // Any path of railway links through empty points; a search over the rail graph.
            let mut stack = [PointId(0); super::bitset::MAX_POINTS];
            let mut visited = PointSet::EMPTY;
            visited.insert(from);
            let mut len = 0usize;
            stack[len] = from;
            len += 1;
            while len > 0 {
                len -= 1;
                let p = stack[len];
                for &q in board.rail_neighbours(p) {
                    if !visited.insert(q) {
                        continue;
                    }
                    let Some(attack) = self.entry(piece, q) else { continue };
                    if seen.insert(q) {
                        out.push(Move { from, to: q });
                    }
                    // The search goes on only through empty points.
                    if !attack && len < stack.len() {
                        stack[len] = q;
                        len += 1;
                    }
                }
            }
        } else {
            let range = self.rules.rail_range.map_or(usize::MAX, usize::from);
            for ray in board.rays(from) {
                for &q in ray.iter().take(range) {
                    let Some(attack) = self.entry(piece, q) else { break };
                    if seen.insert(q) {
                        out.push(Move { from, to: q });
                    }
                    if attack {
                        break;
                    }
                }
            }
        }
    }

    /// Appends every legal move of `seat` to `out` (cleared first).
    pub fn legal_moves_for_into(&self, seat: Seat, out: &mut Vec<Move>) {
        out.clear();
        if self.over.is_some() {
            return;
        }
        for (i, cell) in self.cells.iter().enumerate() {
            if let Some(piece) = *cell {
                let p = PointId(i as u8);
                if piece.seat == seat && self.can_move_from(p, piece) {
                    self.moves_from(p, piece, out);
                }
            }
        }
    }

    /// Every legal move of the side to move.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(64);
        self.legal_moves_for_into(self.to_move, &mut out);
        out
    }

    /// The legal moves of the piece on `from`, for the side to move (empty if none).
    pub fn legal_moves_from(&self, from: PointId) -> Vec<Move> {
        let mut out = Vec::new();
        if self.over.is_none()
            && let Some(piece) = self.cells[from.index()]
            && piece.seat == self.to_move
            && self.can_move_from(from, piece)
        {
            self.moves_from(from, piece, &mut out);
        }
        out
    }

    /// Whether `seat` has any legal move.
    ///
    /// Every ride along the railway passes through an adjacent point that is empty, and a step to
    /// that point is itself legal; so a piece can move at all exactly when some adjacent point
    /// is open to it. This keeps the per-ply end check cheap.
    pub fn has_legal_move(&self, seat: Seat) -> bool {
        if self.over.is_some() {
            return false;
        }
        let board = &self.variant.board;
        self.cells.iter().enumerate().any(|(i, cell)| {
            let p = PointId(i as u8);
            cell.is_some_and(|piece| {
                piece.seat == seat
                    && self.can_move_from(p, piece)
                    && board.neighbours(p).iter().any(|&(q, _)| self.entry(piece, q).is_some())
            })
        })
    }

    /// Explains why a move is illegal, or returns `Ok` if it is legal.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        if self.over.is_some() {
            return Err(IllegalMove::GameOver);
        }
        if mv.from == mv.to {
            return Err(IllegalMove::NullMove(self.name(mv.from)));
        }
        let piece = self.cells[mv.from.index()].ok_or_else(|| IllegalMove::NoPiece(self.name(mv.from)))?;
        if piece.seat != self.to_move {
            return Err(IllegalMove::NotYourPiece(self.name(mv.from)));
        }
        if !self.variant.piece(piece.kind).is_mobile() {
            return Err(IllegalMove::Immobile(self.name(mv.from)));
        }
        if !self.can_move_from(mv.from, piece) {
            return Err(IllegalMove::InHeadquarters(self.name(mv.from)));
        }
        if let Some(other) = self.cells[mv.to.index()] {
            if self.variant.team(other.seat) == self.variant.team(piece.seat) {
                return Err(IllegalMove::OwnPiece(self.name(mv.to)));
            }
            if self.variant.board.point(mv.to).kind == PointKind::Camp {
                return Err(IllegalMove::CampProtected(self.name(mv.to)));
            }
        }
        let mut moves = Vec::new();
        self.moves_from(mv.from, piece, &mut moves);
        if moves.contains(&mv) {
            return Ok(());
        }
        if self.entry(piece, mv.to).is_none() {
            // The only remaining reason a reachable point is closed.
            let mut probe = self.clone();
            probe.rules.bomb_flag = BombFlag::Captures;
            let mut m = Vec::new();
            probe.moves_from(mv.from, piece, &mut m);
            if m.contains(&mv) {
                return Err(IllegalMove::BombOnFlag);
            }
        }
        Err(IllegalMove::Unreachable { from: self.name(mv.from), to: self.name(mv.to) })
    }

    /// Plays a move for the side to move. An illegal move leaves the game unchanged and says why.
    pub fn play(&mut self, mv: Move) -> Result<PlyReport, IllegalMove> {
        self.check(mv)?;
        Ok(self.play_unchecked(mv))
    }

    /// Plays a move already known to be legal (from [`Game::legal_moves`]); the fast path of
    /// playouts and replays.
    pub fn play_unchecked(&mut self, mv: Move) -> PlyReport {
        let v = self.variant;
        let seat = self.to_move;
        let attacker = self.cells[mv.from.index()].expect("a legal move starts on a piece");
        let defender = self.cells[mv.to.index()];
        self.cells[mv.from.index()] = None;
        let mut revealed = Vec::new();
        let mut carrier_lost = false;
        let carrier_moving = self.carried.is_some_and(|c| c.at == mv.from);
        let carrier_defending = self.carried.is_some_and(|c| c.at == mv.to);
        let outcome = match defender {
            None => {
                self.cells[mv.to.index()] = Some(attacker);
                Outcome::Moved
            }
            Some(def) => {
                if self.rules.scout && v.piece(attacker.kind).class == PieceClass::Engineer {
                    revealed.push(Reveal { point: mv.to, seat: def.seat, kind: def.kind });
                }
                let outcome = (v.combat)(v.piece(attacker.kind), v.piece(def.kind), &self.rules);
                match outcome {
                    Outcome::AttackerWon | Outcome::FlagCaptured => {
                        // A bomb that takes a flag is spent with it and leaves the point empty
                        // (rules-junqi.md §5, rules-junqi4.md §7) — it matters in 四国军棋, where
                        // play goes on. Under the `flag-home` house rule the taker must carry the
                        // flag home, so there the bomb stays as the carrier.
                        let spent = outcome == Outcome::FlagCaptured
                            && !self.rules.flag_home
                            && v.piece(attacker.kind).class == PieceClass::Bomb;
                        if spent {
                            self.removed[attacker.seat.index()][attacker.kind.0 as usize] += 1;
                        } else {
                            self.cells[mv.to.index()] = Some(attacker);
                        }
                        self.removed[def.seat.index()][def.kind.0 as usize] += 1;
                        carrier_lost |= carrier_defending;
                    }
                    Outcome::DefenderWon => {
                        let mut def = def;
                        if self.rules.scout && v.piece(attacker.kind).class == PieceClass::Engineer {
                            def.known = true;
                        }
                        self.cells[mv.to.index()] = Some(def);
                        self.removed[attacker.seat.index()][attacker.kind.0 as usize] += 1;
                        carrier_lost |= carrier_moving;
                    }
                    Outcome::BothRemoved => {
                        self.cells[mv.to.index()] = None;
                        self.removed[attacker.seat.index()][attacker.kind.0 as usize] += 1;
                        self.removed[def.seat.index()][def.kind.0 as usize] += 1;
                        carrier_lost |= carrier_moving || carrier_defending;
                    }
                    // No Junqi-family table answers these (陆海空 has its own game loop), but a
                    // variant's table may: nobody moves, and a scouted defender becomes public.
                    Outcome::Bounced | Outcome::Scouted => {
                        let mut def = def;
                        if outcome == Outcome::Scouted {
                            def.known = true;
                            revealed.push(Reveal { point: mv.to, seat: def.seat, kind: def.kind });
                        }
                        self.cells[mv.from.index()] = Some(attacker);
                        self.cells[mv.to.index()] = Some(def);
                    }
                    Outcome::ShotDown => {
                        self.cells[mv.to.index()] = Some(def);
                        self.removed[attacker.seat.index()][attacker.kind.0 as usize] += 1;
                        carrier_lost |= carrier_moving;
                    }
                    Outcome::Moved | Outcome::FlagshipSunk => {
                        unreachable!("a combat table never answers Moved, nor 海军棋's announced class")
                    }
                }
                outcome
            }
        };
        self.ply += 1;
        self.quiet = if outcome.is_combat() { 0 } else { self.quiet + 1 };

        // A fallen 司令 makes its side's flag public: the attacker's side first.
        if let Some(commander) = v.commander.filter(|_| !self.flip) {
            let mut fallen: Vec<Seat> = Vec::new();
            let lost_attacker = outcome.mover_removed();
            let lost_defender = matches!(outcome, Outcome::AttackerWon | Outcome::BothRemoved | Outcome::FlagCaptured);
            if lost_attacker && attacker.kind == commander {
                fallen.push(attacker.seat);
            }
            if let Some(def) = defender
                && lost_defender
                && def.kind == commander
            {
                fallen.push(def.seat);
            }
            for s in fallen {
                if let Some(p) = self.flag_point(s) {
                    if let Some(cell) = self.cells[p.index()].as_mut() {
                        cell.known = true;
                    }
                    revealed.push(Reveal { point: p, seat: s, kind: v.flag.expect("a flag kind") });
                }
            }
        }

        let mut end = None;
        if outcome == Outcome::FlagCaptured {
            let def = defender.expect("a capture has a defender");
            if self.rules.flag_home {
                self.carried = Some(CarriedFlag { at: mv.to, owner: def.seat, home: mv.to });
            } else {
                end = Some(GameOver { winner: Some(v.team(seat)), reason: EndReason::FlagCaptured });
            }
        } else if let Some(mut c) = self.carried {
            if carrier_lost {
                // The flag is taken back: it returns to its home headquarters if that is empty,
                // else to its side's other empty headquarters; if neither is free and an enemy
                // stands in the home headquarters, that enemy picks it up. Otherwise it stays off
                // the board, safe (a documented decision for a house rule the sources leave open).
                let flag = v.flag.expect("flag-home needs a flag");
                let hqs = v.headquarters(c.owner);
                let empty_hq = std::iter::once(c.home).chain(hqs).find(|p| self.cells[p.index()].is_none());
                self.carried = None;
                if let Some(p) = empty_hq {
                    self.cells[p.index()] = Some(Piece { seat: c.owner, kind: flag, known: true });
                    self.removed[c.owner.index()][flag.0 as usize] -= 1;
                } else if let Some(p) = self.cells[c.home.index()]
                    && v.team(p.seat) != v.team(c.owner)
                {
                    c.at = c.home;
                    self.carried = Some(c);
                }
            } else if carrier_moving {
                c.at = mv.to;
                self.carried = Some(c);
            }
        }
        if end.is_none()
            && let Some(c) = self.carried
            && let Some(p) = self.cells[c.at.index()]
        {
            let pt = v.board.point(c.at);
            if pt.kind == PointKind::Headquarters && pt.owner.is_some_and(|o| v.team(o) == v.team(p.seat)) {
                end = Some(GameOver { winner: Some(v.team(p.seat)), reason: EndReason::FlagCaptured });
            }
        }
        let mut eliminated = Vec::new();
        if v.seats.len() > 2 {
            // Four seats (rules-junqi4.md §7): a captured flag puts its owner out; a team with
            // every seat out loses; the next seat without a legal move is out, and so on.
            if outcome == Outcome::FlagCaptured && !self.rules.flag_home {
                let owner = defender.expect("a capture has a defender").seat;
                end = self.eliminate(owner, EndReason::FlagCaptured, &mut eliminated);
            }
            let mut next = self.next_live(seat);
            while end.is_none() && !self.has_legal_move(next) {
                end = self.eliminate(next, EndReason::NoLegalMove, &mut eliminated);
                next = self.next_live(next);
            }
            self.to_move = next;
        } else {
            self.to_move = v.next_seat(seat);
            if end.is_none() && !self.flip && !self.has_legal_move(self.to_move) {
                end = Some(if self.has_legal_move(seat) {
                    GameOver { winner: Some(v.team(seat)), reason: EndReason::NoLegalMove }
                } else {
                    GameOver { winner: None, reason: EndReason::BothStuck }
                });
            }
        }
        if end.is_none() && !self.flip && self.rules.quiet_limit > 0 && self.quiet >= self.rules.quiet_limit {
            end = Some(GameOver { winner: None, reason: EndReason::QuietLimit });
        }
        self.over = end;
        PlyReport { ply: self.ply, seat, mv, outcome, attacker: attacker.kind, defender, revealed, eliminated, end }
    }

    /// Turns this game into the board of a 翻棋 game (`rules-flip.md`; [`super::flip`] drives it).
    /// Seats are then colours, and `Piece::known` means face up. Face-down pieces never move and
    /// cannot be attacked (they still block), a fallen 司令 reveals nothing, and `play` ends the
    /// game only by a captured flag: the other end conditions count flips, which this type does
    /// not know, so the flip game checks them in its own order.
    pub fn enable_flip(&mut self) {
        self.flip = true;
    }

    /// 翻棋: turns the piece on `p` face up as one ply (a flip resets the no-combat count), and
    /// returns it; `None`, with nothing changed, if `p` holds no face-down piece.
    pub fn flip_up(&mut self, p: PointId) -> Option<Piece> {
        let cell = self.cells.get_mut(p.index())?.as_mut().filter(|c| !c.known)?;
        cell.known = true;
        let piece = *cell;
        self.ply += 1;
        self.quiet = 0;
        Some(piece)
    }

    /// 翻棋: sets the colour to move (the flip game maps players to colours) and, once its own
    /// end checks have decided, the result.
    pub fn set_turn(&mut self, to_move: Seat, over: Option<GameOver>) {
        self.to_move = to_move;
        self.over = over;
    }

    /// Whether a seat is out of the game.
    pub fn is_out(&self, seat: Seat) -> bool {
        self.out & (1 << seat.0) != 0
    }

    /// The next seat in turn order that is still in the game (`order=ccw` follows the variant's
    /// seat order, `cw` the reverse).
    fn next_live(&self, seat: Seat) -> Seat {
        let n = self.variant.seats.len() as u8;
        for k in 1..=n {
            let s = if self.rules.order == Order::Ccw { (seat.0 + k) % n } else { (seat.0 + n * 2 - k) % n };
            if self.out & (1 << s) == 0 {
                return Seat(s);
            }
        }
        seat
    }

    /// Puts a seat out: its pieces leave the board at once. Returns the end of the game if its
    /// whole team is now out.
    fn eliminate(&mut self, seat: Seat, reason: EndReason, log: &mut Vec<(Seat, EndReason)>) -> Option<GameOver> {
        self.out |= 1 << seat.0;
        for cell in self.cells.iter_mut() {
            if cell.is_some_and(|p| p.seat == seat) {
                *cell = None;
            }
        }
        log.push((seat, reason));
        let team = self.variant.team(seat);
        let team_out = self.variant.seats.iter().enumerate().all(|(i, s)| s.team != team || self.out & (1 << i) != 0);
        team_out.then(|| GameOver { winner: self.variant.seats.iter().map(|s| s.team).find(|&t| t != team), reason })
    }

    /// Where a seat's flag stands, if it is on the board.
    pub fn flag_point(&self, seat: Seat) -> Option<PointId> {
        let flag = self.variant.flag?;
        self.cells.iter().position(|c| c.is_some_and(|p| p.seat == seat && p.kind == flag)).map(|i| PointId(i as u8))
    }

    /// Ends the game by a player's resignation.
    pub fn resign(&mut self, seat: Seat) -> Option<GameOver> {
        self.finish_against(seat, EndReason::Resign)
    }

    /// Passes `seat`'s turn (a timeout under `on-timeout=skip:N`): nothing moves and no ply is
    /// counted; the next seat in play moves. With more than two seats, a next seat left without
    /// a legal move goes out as after a ply. Returns the end this brought (if any) inside
    /// `Some`; `None`, with nothing changed, when the game is over or `seat` is not to move.
    pub fn pass(&mut self, seat: Seat) -> Option<Option<GameOver>> {
        if self.over.is_some() || self.to_move != seat {
            return None;
        }
        let v = self.variant;
        let mut end = None;
        if v.seats.len() > 2 {
            let mut log = Vec::new();
            let mut next = self.next_live(seat);
            while end.is_none() && !self.has_legal_move(next) {
                end = self.eliminate(next, EndReason::NoLegalMove, &mut log);
                next = self.next_live(next);
            }
            self.to_move = next;
        } else {
            self.to_move = v.next_seat(seat);
            if !self.flip && !self.has_legal_move(self.to_move) {
                end = Some(GameOver { winner: Some(v.team(seat)), reason: EndReason::NoLegalMove });
            }
        }
        self.over = end;
        Some(end)
    }

    /// Ends the game because a player's deadline passed (`on-timeout=lose`).
    pub fn timeout(&mut self, seat: Seat) -> Option<GameOver> {
        self.finish_against(seat, EndReason::Timeout)
    }

    /// Ends the game as an agreed draw.
    pub fn agree_draw(&mut self) -> Option<GameOver> {
        if self.over.is_some() {
            return None;
        }
        self.over = Some(GameOver { winner: None, reason: EndReason::Agreed });
        self.over
    }

    fn finish_against(&mut self, loser: Seat, reason: EndReason) -> Option<GameOver> {
        if self.over.is_some() {
            return None;
        }
        if self.variant.seats.len() > 2 {
            // One seat goes out; the game ends only when its whole team is out.
            if self.is_out(loser) {
                return None;
            }
            let mut log = Vec::new();
            let mut end = self.eliminate(loser, reason, &mut log);
            if self.to_move == loser {
                let mut next = self.next_live(loser);
                while end.is_none() && !self.has_legal_move(next) {
                    end = self.eliminate(next, EndReason::NoLegalMove, &mut log);
                    next = self.next_live(next);
                }
                self.to_move = next;
            }
            self.over = end;
            return end;
        }
        let team = self.variant.team(loser);
        let winner = self.variant.seats.iter().map(|s| s.team).find(|&t| t != team);
        self.over = Some(GameOver { winner, reason });
        self.over
    }
}
