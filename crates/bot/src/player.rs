//! The players: `random`, `greedy` (one ply, weighed with the belief) and `search` (determinised
//! rollouts: every legal move tried in positions sampled from the belief, played on a few plies
//! by a capture-first policy, the mean result kept). Each is deterministic for its seed; `search`
//! is for a node budget, and for a time budget as far as the clock allows.

use std::str::FromStr;
use std::time::{Duration, Instant};

use junqi_rules::combat::Outcome;
use junqi_rules::contract::{Fact, PublicPly};
use junqi_rules::game::{Game, Move};
use junqi_rules::notation::format_move;
use junqi_rules::piece::PieceKind;
use junqi_rules::rng::Rng;
use junqi_rules::{PointId, Seat};

use crate::belief::{Belief, BeliefError};
use crate::eval::{self, WIN};
use crate::flip::FlipMind;
use crate::setting::Setting;
use crate::view::SeatView;

/// Which player.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum PlayerKind {
    /// A legal move uniformly at random.
    Random,
    /// The best move one ply deep, each combat weighed by the belief.
    Greedy,
    /// Determinised rollouts over samples of the belief.
    Search,
    /// `search` with determinisations drawn from the counts and placement rules alone (plus
    /// identities made public): the baseline that measures what the belief is worth.
    SearchUniform,
}

/// A player name that is none of `random`, `greedy`, `search`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a player: random, greedy, search or search-uniform")]
pub struct UnknownPlayer(pub String);

impl FromStr for PlayerKind {
    type Err = UnknownPlayer;
    fn from_str(s: &str) -> Result<PlayerKind, UnknownPlayer> {
        match s.trim().to_ascii_lowercase().as_str() {
            "random" => Ok(PlayerKind::Random),
            "greedy" => Ok(PlayerKind::Greedy),
            "search" => Ok(PlayerKind::Search),
            "search-uniform" => Ok(PlayerKind::SearchUniform),
            _ => Err(UnknownPlayer(s.to_string())),
        }
    }
}

impl PlayerKind {
    /// The name the arena prints.
    pub fn name(self) -> &'static str {
        match self {
            PlayerKind::Random => "random",
            PlayerKind::Greedy => "greedy",
            PlayerKind::Search => "search",
            PlayerKind::SearchUniform => "search-uniform",
        }
    }
}

/// How long `search` may think about one move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Budget {
    /// Wall-clock time (at least one round of samples is always completed).
    Time(Duration),
    /// Plies simulated: the same on every machine, so the same move for the same seed.
    Nodes(u64),
}

/// Why the player could not choose.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChooseError {
    /// The view is another seat's.
    #[error("the view is seat {found}'s, the player plays seat {seat}")]
    WrongSeat {
        /// The player's seat.
        seat: Seat,
        /// The view's seat.
        found: Seat,
    },
    /// It is not the player's turn (or the game is over).
    #[error("it is not seat {0}'s turn")]
    NotMyTurn(Seat),
    /// The seat has no legal move.
    #[error("seat {0} has no legal move")]
    NoMove(Seat),
    /// The history does not follow.
    #[error(transparent)]
    Belief(#[from] BeliefError),
}

/// Plies a rollout plays after the move tried.
const ROLLOUT_PLIES: u32 = 6;

/// A computer player for one seat.
#[derive(Clone, Debug)]
pub struct Player {
    kind: PlayerKind,
    belief: Belief,
    /// 翻棋's mind, for a 翻棋 game (then `belief` is unused: everything is public but the backs).
    flip: Option<FlipMind>,
    rng: Rng,
    budget: Budget,
}

impl Player {
    /// A player of `kind` for `seat` in a game of `setting`, deterministic for `seed`.
    pub fn new(kind: PlayerKind, setting: Setting, seat: Seat, seed: u64, budget: Budget) -> Player {
        let flip = setting.flip.map(|options| FlipMind::new(seat, options));
        Player { kind, belief: Belief::new(setting, seat), flip, rng: Rng::new(seed), budget }
    }

    /// Which player this is.
    pub fn kind(&self) -> PlayerKind {
        self.kind
    }

    /// What the player believes now; `None` in 翻棋, whose only unknowns are the backs.
    pub fn belief(&self) -> Option<&Belief> {
        self.flip.is_none().then_some(&self.belief)
    }

    /// Takes in the view without choosing (a ply of the other seat).
    pub fn observe(&mut self, view: &SeatView) -> Result<(), ChooseError> {
        self.check_seat(view)?;
        if self.flip.is_some() {
            return Ok(());
        }
        self.belief.update(view.plies(), view.picture())?;
        Ok(())
    }

    fn check_seat(&self, view: &SeatView) -> Result<(), ChooseError> {
        let seat = self.belief.seat();
        if view.seat() != seat {
            return Err(ChooseError::WrongSeat { seat, found: view.seat() });
        }
        Ok(())
    }

    /// The action to play, as its token (`c6-c7`), for the seat to move.
    pub fn choose(&mut self, view: &SeatView) -> Result<String, ChooseError> {
        if let Some(mind) = &self.flip {
            self.check_seat(view)?;
            return mind.choose(self.kind, view, &mut self.rng, self.budget);
        }
        self.observe(view)?;
        let me = self.belief.seat();
        if view.picture().to_move != Some(me) {
            return Err(ChooseError::NotMyTurn(me));
        }
        // Legal moves depend on the public occupancy and the seat's own kinds only, so any
        // sample gives the same list.
        let base = self.belief.sample(&mut self.rng, me);
        let legal = base.legal_moves();
        if legal.is_empty() {
            return Err(ChooseError::NoMove(me));
        }
        let mv = match self.kind {
            PlayerKind::Random => legal[self.rng.below(legal.len())],
            PlayerKind::Greedy => {
                let urge = self.urge_to_fight(view.plies());
                self.greedy(&base, &legal, urge)
            }
            PlayerKind::Search | PlayerKind::SearchUniform => self.search(&legal),
        };
        Ok(format_move(&base.variant().board, mv))
    }

    /// How much an attack is worth beyond its material as the quiet limit nears: nothing in
    /// the first half of the limit, then up to a middling officer's value, since a game that
    /// runs into the limit is drawn whoever is ahead.
    fn urge_to_fight(&self, plies: &[PublicPly]) -> f64 {
        let limit = self.belief.setting().rules.quiet_limit;
        if limit == 0 {
            return 0.0;
        }
        let quiet =
            plies.iter().rev().take_while(|p| !p.facts.iter().any(|f| matches!(f, Fact::Combat { .. }))).count();
        let half = f64::from(limit) / 2.0;
        (4.0 * (quiet as f64 - half) / half).max(0.0)
    }

    fn greedy(&mut self, base: &Game, legal: &[Move], urge: f64) -> Move {
        let mut best = (f64::NEG_INFINITY, legal[0]);
        for &mv in legal {
            let attack = base.piece_at(mv.to).is_some();
            let material = greedy_score(&self.belief, base, mv);
            // The urge favours fair fights, never throwing a piece away.
            let urge = if attack && material > -1.0 { urge } else { 0.0 };
            // A little noise breaks ties differently from game to game.
            let score = material + urge + 1e-3 * (self.rng.below(1000) as f64 / 1000.0);
            if score > best.0 {
                best = (score, mv);
            }
        }
        best.1
    }

    fn search(&mut self, legal: &[Move]) -> Move {
        let me = self.belief.seat();
        if legal.len() == 1 {
            return legal[0];
        }
        let start = Instant::now();
        let mut totals = vec![0.0; legal.len()];
        let mut nodes = 0u64;
        let mut scratch = Vec::with_capacity(64);
        let uniform = self.kind == PlayerKind::SearchUniform;
        let mut round_start = start;
        loop {
            let det = if uniform {
                self.belief.sample_uniform(&mut self.rng, me)
            } else {
                self.belief.sample(&mut self.rng, me)
            };
            for (i, &mv) in legal.iter().enumerate() {
                let mut g = det.clone();
                if g.play(mv).is_err() {
                    totals[i] -= WIN;
                    continue;
                }
                nodes += 1 + rollout(&mut g, &mut self.rng, &mut scratch);
                totals[i] += eval::position(&g, me);
            }
            // A round that would end past the time is not begun: the move is due by then.
            let round = round_start.elapsed();
            round_start = Instant::now();
            let done = match self.budget {
                Budget::Time(t) => start.elapsed() + round >= t,
                Budget::Nodes(n) => nodes >= n,
            };
            if done {
                break;
            }
        }
        let base = self.belief.sample(&mut self.rng, me);
        let mut best = (f64::NEG_INFINITY, legal[0]);
        for (i, &mv) in legal.iter().enumerate() {
            // The one-ply score separates moves the rollouts rate alike.
            let score = totals[i] + 0.01 * greedy_score(&self.belief, &base, mv);
            if score > best.0 {
                best = (score, mv);
            }
        }
        best.1
    }
}

/// Plays a few plies of a capture-first policy with the sample's kinds in the open; returns the
/// plies played.
fn rollout(g: &mut Game, rng: &mut Rng, moves: &mut Vec<Move>) -> u64 {
    let v = g.variant();
    let rules = *g.rules();
    let mut plies = 0;
    while plies < u64::from(ROLLOUT_PLIES) && g.over().is_none() {
        g.legal_moves_for_into(g.to_move(), moves);
        if moves.is_empty() {
            break;
        }
        let mut best = (0.0, None);
        for &mv in moves.iter() {
            if let (Some(a), Some(d)) = (g.piece_at(mv.from), g.piece_at(mv.to)) {
                let gain = exchange(v.combat, v.piece(a.kind), v.piece(d.kind), &rules);
                if gain > best.0 {
                    best = (gain, Some(mv));
                }
            }
        }
        let mv = match best.1 {
            Some(mv) if rng.below(10) < 9 => mv,
            _ => moves[rng.below(moves.len())],
        };
        g.play_unchecked(mv);
        plies += 1;
    }
    plies
}

/// Material the attacker's side gains in one combat of known kinds.
fn exchange(
    combat: junqi_rules::combat::CombatFn,
    a: &junqi_rules::piece::PieceDef,
    d: &junqi_rules::piece::PieceDef,
    rules: &junqi_rules::options::RuleOptions,
) -> f64 {
    match combat(a, d, rules) {
        Outcome::AttackerWon => eval::value(d),
        Outcome::FlagCaptured => WIN,
        Outcome::DefenderWon | Outcome::ShotDown => -eval::value(a),
        Outcome::BothRemoved => eval::value(d) - eval::value(a),
        // 海军棋's announced class; no Junqi-family table answers it.
        Outcome::Moved | Outcome::Bounced | Outcome::Scouted | Outcome::FlagshipSunk => 0.0,
    }
}

/// The one-ply score of a move: the expected material of a combat under the belief, else a
/// little for advancing towards the enemy headquarters, less the risk of standing next to enemy
/// pieces that may beat the mover.
fn greedy_score(belief: &Belief, base: &Game, mv: Move) -> f64 {
    let setting: &Setting = belief.setting();
    let v = setting.variant;
    let me = belief.seat();
    let Some(mine) = base.piece_at(mv.from) else { return f64::NEG_INFINITY };
    let a = v.piece(mine.kind);
    if let Some(probs) = belief.probabilities(mv.to)
        && belief.at(mv.to).is_some_and(|(s, _)| !setting.allies(s, me))
    {
        return probs
            .iter()
            .enumerate()
            .filter(|(_, p)| **p > 0.0)
            .map(|(k, p)| p * exchange(v.combat, a, v.piece(PieceKind(k as u8)), &setting.rules))
            .sum();
    }
    let advance = distance_to_enemy(belief, mv.from) - distance_to_enemy(belief, mv.to);
    let mut risk = 0.0;
    for &(q, _) in v.board.neighbours(mv.to) {
        if let (Some((s, t)), Some(probs)) = (belief.at(q), belief.probabilities(q))
            && !setting.allies(s, me)
            && t.at.is_some()
        {
            let threat: f64 = probs
                .iter()
                .enumerate()
                .filter(|(k, p)| **p > 0.0 && v.piece(PieceKind(*k as u8)).is_mobile())
                .map(|(k, p)| p * (-exchange(v.combat, v.piece(PieceKind(k as u8)), a, &setting.rules)).max(0.0))
                .sum();
            risk += threat;
        }
    }
    0.05 * advance - 0.5 * risk
}

/// Board distance (drawing units) from a point to the nearest enemy headquarters.
fn distance_to_enemy(belief: &Belief, p: PointId) -> f64 {
    let v = belief.setting().variant;
    let me = belief.seat();
    let here = v.board.point(p);
    (0..v.seats.len() as u8)
        .map(Seat)
        .filter(|&s| v.team(s) != v.team(me))
        .flat_map(|s| v.headquarters(s))
        .map(|h| {
            let q = v.board.point(h);
            let (dx, dy) = (f64::from(here.x - q.x), f64::from(here.y - q.y));
            (dx * dx + dy * dy).sqrt()
        })
        .fold(f64::INFINITY, f64::min)
}
