//! Belief tracking: for every piece of every other seat, the kinds it can still be and their
//! probabilities, from public information only.
//!
//! Every piece is followed from its deployment point (a deployment fills every point of the
//! variant's deployment order) through the plies the seat was told. What narrows a piece's kinds:
//! - the army's counts and the variant's placement rules (flag in a headquarters, mines in the
//!   back rows, no bomb in the front row: `Variant::placement`, read, not written here);
//! - every move it made: only the kinds for which the engine finds that move legal on the public
//!   occupancy survive (a piece that moved is no mine or flag, a long ride with a turn on the
//!   railway is an engineer's);
//! - every combat: only the pairs of kinds the variant's combat table sends to the announced
//!   outcome survive, on both sides;
//! - every identity the rules or the seat's own picture name (own pieces, a revealed flag);
//! - the counts again, jointly: [`crate::matching::prune`] keeps only kinds some consistent
//!   assignment of the whole army gives (captured pieces included).
//!
//! Probabilities come from fitting the masks to the counts; determinisations are whole consistent
//! assignments sampled at random and turned into an engine position.

use junqi_rules::PointId;
use junqi_rules::board::PointKind;
use junqi_rules::combat::Outcome;
use junqi_rules::contract::{Face, Fact, Picture, PublicPly};
use junqi_rules::game::{Game, Move};
use junqi_rules::piece::{Piece, PieceClass, PieceKind};
use junqi_rules::rng::Rng;
use junqi_rules::variant::Placement;
use junqi_rules::{Seat, Variant};

use crate::matching;
use crate::setting::Setting;

/// One piece as followed through the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tracked {
    /// Where it was deployed.
    pub start: PointId,
    /// Where it stands now; `None` once it left the board.
    pub at: Option<PointId>,
    /// The kinds it can still be: bit `k` for `PieceKind(k)`.
    pub mask: u16,
    /// Whether it has moved.
    pub moved: bool,
}

/// One seat's army.
#[derive(Clone, Debug)]
struct Army {
    counts: Vec<u8>,
    pieces: Vec<Tracked>,
    /// Marginals of `pieces`, refreshed after each update.
    probs: Vec<Vec<f64>>,
}

/// Why the history could not be followed (a history that is not a game of this setting).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BeliefError {
    /// A ply starts where no piece of the mover stands.
    #[error("ply {ply}: no piece of seat {seat} on the point it moves from")]
    NoMover {
        /// The ply.
        ply: u32,
        /// Its seat.
        seat: Seat,
    },
    /// A ply's action names no points.
    #[error("ply {0} names no points")]
    NoPath(u32),
    /// The public information contradicts itself under this setting (wrong rules given).
    #[error("seat {0}'s army fits no consistent assignment")]
    Inconsistent(Seat),
}

/// What one seat may believe about every army on the board.
#[derive(Clone, Debug)]
pub struct Belief {
    setting: Setting,
    me: Seat,
    armies: Vec<Army>,
    /// Per point: the seat and index of the piece standing there.
    occupant: Vec<Option<(Seat, usize)>>,
    /// Plies taken in so far.
    seen: usize,
    /// A kind that moves as any officer does, to fill the other points in legality tests.
    neutral: PieceKind,
}

fn bit(k: PieceKind) -> u16 {
    1 << k.0
}

impl Belief {
    /// The belief of seat `me` before any ply: every army as its counts and placement allow.
    pub fn new(setting: Setting, me: Seat) -> Belief {
        let v = setting.variant;
        let mut occupant = vec![None; v.board.len()];
        let counts: Vec<u8> = v.pieces.iter().map(|d| d.count).collect();
        let armies = (0..v.seats.len())
            .map(|s| {
                let seat = Seat(s as u8);
                let pieces: Vec<Tracked> = v.deployment_order[s]
                    .iter()
                    .enumerate()
                    .map(|(i, &p)| {
                        occupant[p.index()] = Some((seat, i));
                        Tracked { start: p, at: Some(p), mask: placement_mask(v, p), moved: false }
                    })
                    .collect();
                Army { counts: counts.clone(), probs: Vec::new(), pieces }
            })
            .collect();
        let neutral = v
            .pieces
            .iter()
            .enumerate()
            .filter(|(_, d)| d.class == PieceClass::Officer)
            .min_by_key(|(_, d)| d.rank)
            .map_or(PieceKind(0), |(i, _)| PieceKind(i as u8));
        let mut belief = Belief { setting, me, armies, occupant, seen: 0, neutral };
        for s in 0..belief.armies.len() {
            let _ = belief.settle(Seat(s as u8));
        }
        belief
    }

    /// The seat whose belief this is.
    pub fn seat(&self) -> Seat {
        self.me
    }

    /// Plies taken in.
    pub fn plies_seen(&self) -> usize {
        self.seen
    }

    /// Takes in the plies not yet seen and the seat's current picture.
    pub fn update(&mut self, plies: &[PublicPly], picture: &Picture) -> Result<(), BeliefError> {
        let mut touched = vec![false; self.armies.len()];
        while self.seen < plies.len() {
            self.take_ply(&plies[self.seen], &mut touched)?;
            self.seen += 1;
        }
        for t in &picture.tokens {
            if let Face::Known { owner, kind } | Face::Under { owner, kind } = t.face
                && let Some((seat, i)) = self.occupant[t.at.index()]
                && seat == owner
            {
                let m = &mut self.armies[seat.index()].pieces[i].mask;
                if *m != bit(kind) {
                    *m &= bit(kind);
                    touched[seat.index()] = true;
                }
            }
        }
        for (s, t) in touched.into_iter().enumerate() {
            if t {
                self.settle(Seat(s as u8))?;
            }
        }
        Ok(())
    }

    /// Prunes an army's masks to what the counts allow and refreshes its marginals.
    fn settle(&mut self, seat: Seat) -> Result<(), BeliefError> {
        let army = &mut self.armies[seat.index()];
        let mut masks: Vec<u16> = army.pieces.iter().map(|p| p.mask).collect();
        if !matching::prune(&mut masks, &army.counts) {
            return Err(BeliefError::Inconsistent(seat));
        }
        for (p, m) in army.pieces.iter_mut().zip(&masks) {
            p.mask = *m;
        }
        army.probs = matching::marginals(&masks, &army.counts);
        Ok(())
    }

    fn take_ply(&mut self, ply: &PublicPly, touched: &mut [bool]) -> Result<(), BeliefError> {
        let (Some(&from), Some(&to)) = (ply.path.first(), ply.path.last()) else {
            return Err(BeliefError::NoPath(ply.ply));
        };
        let mover = match self.occupant[from.index()] {
            Some((s, i)) if s == ply.seat => i,
            _ => return Err(BeliefError::NoMover { ply: ply.ply, seat: ply.seat }),
        };
        let seat = ply.seat;
        touched[seat.index()] = true;
        self.filter_by_move(seat, mover, Move { from, to });
        let combat = ply.facts.iter().find_map(|f| match *f {
            Fact::Combat { outcome, attacker, defender } => Some((outcome, attacker, defender)),
            _ => None,
        });
        let defender = self.occupant[to.index()];
        let outcome = match (combat, defender) {
            (Some((outcome, attacker, face)), Some((ds, di))) => {
                self.narrow_to_face(seat, mover, attacker);
                self.narrow_to_face(ds, di, face);
                touched[ds.index()] = true;
                self.filter_by_combat((seat, mover), (ds, di), outcome);
                outcome
            }
            _ => Outcome::Moved,
        };
        // The board after the ply.
        let mut left = Vec::new();
        if outcome.defender_removed()
            && let Some((ds, di)) = defender
        {
            self.armies[ds.index()].pieces[di].at = None;
            self.occupant[to.index()] = None;
            left.push((ds, di, to));
        }
        let piece = &mut self.armies[seat.index()].pieces[mover];
        piece.moved = true;
        if outcome.mover_removed() {
            piece.at = None;
            self.occupant[from.index()] = None;
            left.push((seat, mover, to));
        } else if outcome.mover_arrives() {
            piece.at = Some(to);
            self.occupant[from.index()] = None;
            self.occupant[to.index()] = Some((seat, mover));
        }
        for f in &ply.facts {
            if let Fact::Revealed { at, owner, kind } = *f {
                let who = match self.occupant[at.index()] {
                    Some((s, i)) if s == owner => Some(i),
                    _ => left.iter().find(|(s, _, p)| *s == owner && *p == at).map(|&(_, i, _)| i),
                };
                if let Some(i) = who {
                    self.armies[owner.index()].pieces[i].mask &= bit(kind);
                    touched[owner.index()] = true;
                }
            }
        }
        Ok(())
    }

    fn narrow_to_face(&mut self, seat: Seat, i: usize, face: Face) {
        if let Face::Known { kind, .. } | Face::Under { kind, .. } = face {
            self.armies[seat.index()].pieces[i].mask &= bit(kind);
        }
    }

    /// Keeps the kinds for which the engine finds the move legal on the public occupancy.
    fn filter_by_move(&mut self, seat: Seat, mover: usize, mv: Move) {
        let mask = self.armies[seat.index()].pieces[mover].mask;
        if mask.count_ones() <= 1 {
            return;
        }
        let mut pieces = self.occupancy_pieces(|_, _| self.neutral);
        let slot = pieces.iter().position(|(p, _)| *p == mv.from).expect("the mover stands on its start");
        let mut keep = 0u16;
        for k in kinds(mask) {
            pieces[slot].1.kind = k;
            let game = Game::from_position(self.setting.variant, self.setting.rules, &pieces, seat);
            if game.legal_moves_from(mv.from).contains(&mv) {
                keep |= bit(k);
            }
        }
        self.armies[seat.index()].pieces[mover].mask = keep;
    }

    /// Keeps the pairs of kinds the combat table sends to `outcome`.
    fn filter_by_combat(&mut self, a: (Seat, usize), d: (Seat, usize), outcome: Outcome) {
        let v = self.setting.variant;
        let ma = self.armies[a.0.index()].pieces[a.1].mask;
        let md = self.armies[d.0.index()].pieces[d.1].mask;
        let (mut ka, mut kd) = (0u16, 0u16);
        for x in kinds(ma) {
            for y in kinds(md) {
                if (v.combat)(v.piece(x), v.piece(y), &self.setting.rules) == outcome {
                    ka |= bit(x);
                    kd |= bit(y);
                }
            }
        }
        self.armies[a.0.index()].pieces[a.1].mask = ka;
        self.armies[d.0.index()].pieces[d.1].mask = kd;
    }

    /// Every piece on the board with the kind `kind_of` gives it.
    fn occupancy_pieces(&self, kind_of: impl Fn(Seat, usize) -> PieceKind) -> Vec<(PointId, Piece)> {
        self.occupant
            .iter()
            .enumerate()
            .filter_map(|(p, o)| {
                o.map(|(seat, i)| (PointId(p as u8), Piece { seat, kind: kind_of(seat, i), known: false }))
            })
            .collect()
    }

    /// The piece on a point: its seat and what it can still be.
    pub fn at(&self, p: PointId) -> Option<(Seat, &Tracked)> {
        self.occupant.get(p.index()).copied().flatten().map(|(s, i)| (s, &self.armies[s.index()].pieces[i]))
    }

    /// The probability of every kind for the piece on `p` (indexed by kind), if a piece stands
    /// there. Zero for every kind the public information rules out.
    pub fn probabilities(&self, p: PointId) -> Option<&[f64]> {
        let (s, i) = self.occupant.get(p.index()).copied().flatten()?;
        self.armies[s.index()].probs.get(i).map(Vec::as_slice)
    }

    /// Every piece of a seat's army, captured ones included, with what each can still be.
    pub fn army(&self, seat: Seat) -> &[Tracked] {
        &self.armies[seat.index()].pieces
    }

    /// A whole consistent position drawn at random: every piece on the board given a kind that
    /// fits all public information and the counts, as an engine game with `to_move` to play.
    pub fn sample(&self, rng: &mut Rng, to_move: Seat) -> Game {
        let kinds: Vec<Vec<u8>> = self
            .armies
            .iter()
            .map(|a| {
                let masks: Vec<u16> = a.pieces.iter().map(|p| p.mask).collect();
                matching::sample(&masks, &a.counts, rng, 4 * masks.len())
                    // Settled masks always have an assignment; fall back to the lowest kind.
                    .unwrap_or_else(|| masks.iter().map(|m| m.trailing_zeros() as u8).collect())
            })
            .collect();
        let pieces = self.occupancy_pieces(|s, i| PieceKind(kinds[s.index()][i]));
        Game::from_position(self.setting.variant, self.setting.rules, &pieces, to_move)
    }

    /// A whole position drawn as a player who ignores the plies would: the seat's own pieces as
    /// they are, every other piece given a kind from its army's counts and the placement rules
    /// of its deployment point alone, except pieces the belief has pinned to one kind (a revealed
    /// flag, a known face; also a kind deduced, which makes the baseline a little stronger than
    /// uniform, so the belief's measured advantage is if anything understated). The
    /// `search-uniform` baseline of the arena.
    pub fn sample_uniform(&self, rng: &mut Rng, to_move: Seat) -> Game {
        let v = self.setting.variant;
        let kinds: Vec<Vec<u8>> = self
            .armies
            .iter()
            .enumerate()
            .map(|(s, a)| {
                let masks: Vec<u16> = a
                    .pieces
                    .iter()
                    .map(|p| {
                        if Seat(s as u8) == self.me || p.mask.count_ones() == 1 {
                            p.mask
                        } else {
                            placement_mask(v, p.start)
                        }
                    })
                    .collect();
                matching::sample(&masks, &a.counts, rng, 4 * masks.len())
                    .unwrap_or_else(|| a.pieces.iter().map(|p| p.mask.trailing_zeros() as u8).collect())
            })
            .collect();
        let pieces = self.occupancy_pieces(|s, i| PieceKind(kinds[s.index()][i]));
        Game::from_position(self.setting.variant, self.setting.rules, &pieces, to_move)
    }

    /// The setting.
    pub fn setting(&self) -> &Setting {
        &self.setting
    }
}

/// The kinds of a mask.
pub fn kinds(mask: u16) -> impl Iterator<Item = PieceKind> {
    (0..16u8).filter(move |k| mask & (1 << k) != 0).map(PieceKind)
}

/// The kinds the placement rules allow on a deployment point.
fn placement_mask(v: &Variant, p: PointId) -> u16 {
    let pt = v.board.point(p);
    let mut mask = 0u16;
    for k in 0..v.pieces.len() {
        let kind = PieceKind(k as u8);
        let ok = v.placement.iter().filter(|(pk, _)| *pk == kind).all(|(_, rule)| match *rule {
            Placement::HeadquartersOnly => pt.kind == PointKind::Headquarters,
            Placement::BackRows(n) => pt.home_row <= n,
            Placement::NotFrontRow => pt.home_row != 6,
        });
        if ok {
            mask |= 1 << k;
        }
    }
    mask
}
