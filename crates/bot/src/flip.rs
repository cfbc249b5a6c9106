//! 翻棋 for the bot (issue 17): the same three players on the face-down game.
//!
//! Every ply of 翻棋 is public (`rules-flip.md` §6): what a player does not know is the same for
//! both, the pieces still face down. Their kinds are the two full sets less every piece turned up
//! so far (the `Flipped` facts of the plies), spread over the backs at random: that is the whole
//! belief, and a determinisation is one such spread. So the players read the seat's picture and
//! plies, never the deal:
//! - `random`: a legal action;
//! - `greedy`: each action played on a few determinisations and the position after it weighed
//!   (material of the seat's colour against the other, a won game above all), the best mean;
//! - `search` (and `search-uniform`, the same here: there is nothing more to infer): each action
//!   followed by a short capture-first rollout on determinisations while the budget lasts.

use std::time::Instant;

use junqi_rules::Seat;
use junqi_rules::combat::Outcome;
use junqi_rules::contract::{Face, Fact};
use junqi_rules::flip::{FlipAction, FlipCell, FlipGame, FlipOptions, ParsedAction, Player as FlipSeat};
use junqi_rules::flip_record::action_text;
use junqi_rules::piece::{Piece, PieceKind};
use junqi_rules::rng::Rng;
use junqi_rules::{PointId, Variant};

use crate::eval::{self, WIN};
use crate::player::{Budget, ChooseError, PlayerKind};
use crate::view::SeatView;

/// Determinisations the greedy player weighs each action on.
const GREEDY_SAMPLES: usize = 6;
/// Plies a rollout plays after the action tried.
const ROLLOUT_PLIES: u32 = 6;

/// The seat's knowledge of a 翻棋 game, read afresh from its view for each choice.
#[derive(Clone, Debug)]
pub(crate) struct FlipMind {
    seat: Seat,
    options: FlipOptions,
}

/// What the seat's view says: the face-up pieces, the backs, the colours, the pool under them.
struct Known {
    up: Vec<(PointId, Piece)>,
    backs: Vec<PointId>,
    p1_colour: Option<Seat>,
    pool: Vec<Piece>,
}

impl FlipMind {
    /// The mind of `seat` in a game with `options`.
    pub(crate) fn new(seat: Seat, options: FlipOptions) -> FlipMind {
        FlipMind { seat, options }
    }

    fn me(&self) -> FlipSeat {
        FlipSeat::from_index(self.seat.0).unwrap_or(FlipSeat::P1)
    }

    fn read(&self, view: &SeatView) -> Known {
        let v = Variant::junqi();
        let mut up = Vec::new();
        let mut backs = Vec::new();
        for t in &view.picture().tokens {
            match t.face {
                Face::Known { owner, kind } | Face::Under { owner, kind } => {
                    up.push((t.at, Piece { seat: owner, kind, known: true }));
                }
                Face::Down | Face::Hidden { .. } => backs.push(t.at),
            }
        }
        let mut left = [[0u8; 16]; 2];
        for row in left.iter_mut() {
            for (n, d) in row.iter_mut().zip(v.pieces.iter()) {
                *n = d.count;
            }
        }
        let mut p1_colour = None;
        for p in view.plies() {
            for f in &p.facts {
                match *f {
                    Fact::Flipped { owner, kind, .. } => {
                        let n = &mut left[owner.index() % 2][kind.0 as usize];
                        *n = n.saturating_sub(1);
                    }
                    Fact::Colour { seat: Seat(0), colour } => p1_colour = Some(colour),
                    _ => {}
                }
            }
        }
        let mut pool = Vec::new();
        for (colour, row) in left.iter().enumerate() {
            for (k, &n) in row.iter().enumerate().take(v.pieces.len()) {
                for _ in 0..n {
                    pool.push(Piece { seat: Seat(colour as u8), kind: PieceKind(k as u8), known: false });
                }
            }
        }
        Known { up, backs, p1_colour, pool }
    }

    /// One spread of the pool over the backs, as an engine game with the seat to move.
    fn sample(&self, k: &Known, rng: &mut Rng) -> FlipGame {
        let mut pool = k.pool.clone();
        rng.shuffle(&mut pool);
        let mut pieces = k.up.clone();
        pieces.extend(k.backs.iter().copied().zip(pool));
        FlipGame::from_position(&pieces, k.p1_colour, self.me(), self.options)
    }

    /// The action for the seat to move, as its token (`+c6`, `c6-c7`).
    pub(crate) fn choose(
        &self,
        kind: PlayerKind,
        view: &SeatView,
        rng: &mut Rng,
        budget: Budget,
    ) -> Result<String, ChooseError> {
        if view.picture().to_move != Some(self.seat) {
            return Err(ChooseError::NotMyTurn(self.seat));
        }
        let known = self.read(view);
        let base = self.sample(&known, rng);
        // Flips and moves do not depend on what lies under the backs: any spread gives them.
        let legal = base.legal_actions();
        if legal.is_empty() {
            return Err(ChooseError::NoMove(self.seat));
        }
        let action = match kind {
            PlayerKind::Random => legal[rng.below(legal.len())],
            PlayerKind::Greedy => self.best(&known, &legal, rng, Budget::Nodes(0), 0),
            PlayerKind::Search | PlayerKind::SearchUniform => self.best(&known, &legal, rng, budget, ROLLOUT_PLIES),
        };
        Ok(action_text(ParsedAction { action, claims: None }))
    }

    /// The action with the best mean value over determinisations: at least [`GREEDY_SAMPLES`]
    /// of them, more while the budget lasts; each action followed by `rollout` plies.
    fn best(&self, known: &Known, legal: &[FlipAction], rng: &mut Rng, budget: Budget, rollout: u32) -> FlipAction {
        if legal.len() == 1 {
            return legal[0];
        }
        let start = Instant::now();
        let mut totals = vec![0.0; legal.len()];
        let (mut rounds, mut nodes) = (0usize, 0u64);
        let mut round_start = start;
        loop {
            let det = self.sample(known, rng);
            for (i, &a) in legal.iter().enumerate() {
                let mut g = det.clone();
                if g.play(a).is_err() {
                    totals[i] -= WIN;
                    continue;
                }
                nodes += 1 + play_out(&mut g, rng, rollout);
                totals[i] += value(&g, self.me());
            }
            rounds += 1;
            // A round that would end past the time is not begun: the move is due by then.
            let round = round_start.elapsed();
            round_start = Instant::now();
            let spent = match budget {
                Budget::Time(t) => start.elapsed() + round >= t,
                Budget::Nodes(n) => nodes >= n,
            };
            if rounds >= GREEDY_SAMPLES && spent {
                break;
            }
        }
        let mut best = (f64::NEG_INFINITY, legal[0]);
        for (i, &a) in legal.iter().enumerate() {
            // A little noise breaks ties differently from game to game.
            let score = totals[i] + 1e-6 * rng.below(1000) as f64;
            if score > best.0 {
                best = (score, a);
            }
        }
        best.1
    }
}

/// Plays up to `plies` plies of a capture-first policy (a flip or a random move otherwise);
/// the plies played.
fn play_out(g: &mut FlipGame, rng: &mut Rng, plies: u32) -> u64 {
    let v = Variant::junqi();
    let rules = g.options().base;
    let mut played = 0;
    while played < plies && g.over().is_none() {
        let legal = g.legal_actions();
        if legal.is_empty() {
            break;
        }
        let cells = g.view().cells;
        let mut best = (0.0, None);
        for &a in &legal {
            if let FlipAction::Move(m) = a
                && let (Some(Some(FlipCell::FaceUp { kind: x, .. })), Some(Some(FlipCell::FaceUp { kind: y, .. }))) =
                    (cells.get(m.from.index()), cells.get(m.to.index()))
            {
                let (a_def, d_def) = (v.piece(*x), v.piece(*y));
                let gain = match (v.combat)(a_def, d_def, &rules) {
                    Outcome::AttackerWon => eval::value(d_def),
                    Outcome::FlagCaptured => WIN,
                    Outcome::BothRemoved => eval::value(d_def) - eval::value(a_def),
                    _ => -eval::value(a_def),
                };
                if gain > best.0 {
                    best = (gain, Some(a));
                }
            }
        }
        let a = match best.1 {
            Some(a) if rng.below(10) < 9 => a,
            _ => legal[rng.below(legal.len())],
        };
        if g.play(a).is_err() {
            break;
        }
        played += 1;
    }
    u64::from(played)
}

/// A position's worth to `me`: the result if over, else the material the other colour has lost
/// less what `me`'s colour has lost (both sets are alike, so that is the material balance, face
/// up and face down alike; nothing before colours are dealt out).
fn value(g: &FlipGame, me: FlipSeat) -> f64 {
    if let Some(over) = g.over() {
        return match over.winner {
            Some(w) if usize::from(w) == me.index() => WIN,
            Some(_) => -WIN,
            None => 0.0,
        };
    }
    let Some(mine) = g.colour_of(me) else { return 0.0 };
    let v = Variant::junqi();
    let removed = g.view().removed;
    let lost = |colour: Seat| -> f64 {
        removed[colour.index() % 2]
            .iter()
            .enumerate()
            .filter(|(k, _)| v.pieces.get(*k).is_some_and(|d| d.class != junqi_rules::piece::PieceClass::Flag))
            .map(|(k, &n)| f64::from(n) * eval::value(v.piece(PieceKind(k as u8))))
            .sum()
    };
    lost(junqi_rules::flip::other_colour(mine)) - lost(mine)
}
