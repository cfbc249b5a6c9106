//! The arena: whole games between two players through the game contract, both seat orders on
//! the same deployments, with the result, a 95 % interval on the score, and think times.
//!
//! Each game is started from the catalogue like any game of the referee; each player gets only
//! its seat's picture and plies. The draw rules are the options' (the quiet limit of the
//! standard rules ends quiet games as draws), so scores mean the same from run to run; a safety
//! cap on plies (a draw, counted apart) keeps a run bounded whatever the options.

use std::fmt;
use std::time::{Duration, Instant};

use junqi_rules::Seat;
use junqi_rules::contract::catalog::{self, GameDef};
use junqi_rules::contract::{Audience, Face, Leave, PublicPly, Secret, Standing, Start, StartError};
use junqi_rules::rng::Rng;

use crate::deploy;
use crate::player::{Budget, Player, PlayerKind};
use crate::setting::{Setting, SettingError};
use crate::view::{SeatView, ViewError};

/// Plies after which a game is stopped and counted a draw (a bound, not a rule: the options'
/// quiet limit ends real games far sooner).
pub const MAX_PLIES: u32 = 3000;

/// What to play.
#[derive(Clone, Debug)]
pub struct ArenaConfig {
    /// The kind (a catalogue name: `junqi`).
    pub kind: String,
    /// The rule options (`key=value …`; empty: the standard rules).
    pub options: String,
    /// Player A.
    pub a: PlayerKind,
    /// Player B.
    pub b: PlayerKind,
    /// Games in all; consecutive pairs share their deployments with the seats swapped.
    pub games: u32,
    /// The seed of deployments and players.
    pub seed: u64,
    /// The search budget per move.
    pub budget: Budget,
    /// Whether to audit both players' beliefs against the true position after every ply (their
    /// beliefs take each ply in as it is played, outside the think times): see [`BeliefAudit`].
    pub audit_belief: bool,
    /// Plies both seats play with `greedy` before A and B take over (0: A and B from the start):
    /// 托管 from mid-game positions. A pair's two games share the prelude, so each side of the
    /// same position is played once by A.
    pub from_ply: u32,
}

/// The arena's audit of the beliefs (issue 17's belief goals): after every ply, for both
/// players, every enemy piece on the board whose kind the player's own picture does not show.
#[derive(Clone, Debug, Default)]
pub struct BeliefAudit {
    /// Hidden enemy pieces checked, summed over plies and players.
    pub checked: u64,
    /// Of those, pieces whose true kind had probability 0: public information contradicted.
    pub violations: u64,
    /// Hidden enemy pieces seen at ply 60.
    pub at_60: u64,
    /// Summed probability the belief gave their true kinds at ply 60.
    pub belief_at_60: f64,
    /// Summed probability the count-only prior (the army's count of the kind over its size)
    /// gave their true kinds.
    pub prior_at_60: f64,
    /// Every belief update's time (one ply taken in by one player).
    pub updates: Times,
}

/// The ply at which the belief's sharpness is compared with the count-only prior.
pub const AUDIT_PLY: u32 = 60;

/// Why the arena could not run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ArenaError {
    /// No such kind in the catalogue.
    #[error("no game kind is called '{0}'")]
    UnknownKind(String),
    /// The kind has another number of seats than two.
    #[error("the arena plays two-seat games; {0} is not one")]
    NotTwoSeats(String),
    /// The bot does not play it.
    #[error(transparent)]
    Setting(#[from] SettingError),
    /// The game refused to start.
    #[error(transparent)]
    Start(#[from] StartError),
    /// A view was refused (a bug of the arena).
    #[error(transparent)]
    View(#[from] ViewError),
}

/// One finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameOutcome {
    /// The seat player A played.
    pub a_seat: Seat,
    /// A's score: 1 win, ½ draw, 0 loss.
    pub a_score: f64,
    /// Plies played.
    pub plies: u32,
    /// Actions a player chose that the game refused, or failures to choose.
    pub illegal: u32,
    /// Whether the safety cap stopped it.
    pub capped: bool,
    /// Why it ended, and whether A won (`Some(true)`), lost or drew (`None`); `None` when capped.
    pub end: Option<(junqi_rules::end::EndReason, Option<bool>)>,
}

/// Think times of one player, in microseconds.
#[derive(Clone, Debug, Default)]
pub struct Times(Vec<u64>);

impl Times {
    /// The `q` quantile (0–1) in milliseconds.
    pub fn quantile_ms(&self, q: f64) -> f64 {
        if self.0.is_empty() {
            return 0.0;
        }
        let mut v = self.0.clone();
        v.sort_unstable();
        let i = ((v.len() - 1) as f64 * q).round() as usize;
        v[i] as f64 / 1000.0
    }

    /// Moves timed.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether no move was timed.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// The arena's result, from A's side.
#[derive(Clone, Debug)]
pub struct ArenaReport {
    /// What was played.
    pub config: ArenaConfig,
    /// Every game.
    pub games: Vec<GameOutcome>,
    /// A's think times.
    pub a_times: Times,
    /// B's think times.
    pub b_times: Times,
    /// The belief audit, when asked for.
    pub audit: Option<BeliefAudit>,
}

impl ArenaReport {
    /// Wins, draws and losses of A.
    pub fn wdl(&self) -> (u32, u32, u32) {
        let count = |s: f64| self.games.iter().filter(|g| g.a_score == s).count() as u32;
        (count(1.0), count(0.5), count(0.0))
    }

    /// A's mean score and its 95 % interval (normal approximation on the per-game scores,
    /// clamped to 0–1).
    pub fn score(&self) -> (f64, f64, f64) {
        let n = self.games.len() as f64;
        if n == 0.0 {
            return (0.0, 0.0, 1.0);
        }
        let mean = self.games.iter().map(|g| g.a_score).sum::<f64>() / n;
        let var = self.games.iter().map(|g| (g.a_score - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
        let half = 1.96 * (var / n).sqrt();
        (mean, (mean - half).max(0.0), (mean + half).min(1.0))
    }

    /// Refused or failed actions in all games.
    pub fn illegal(&self) -> u32 {
        self.games.iter().map(|g| g.illegal).sum()
    }
}

impl fmt::Display for ArenaReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = &self.config;
        let (w, d, l) = self.wdl();
        let (s, lo, hi) = self.score();
        let plies: u32 = self.games.iter().map(|g| g.plies).sum();
        let capped = self.games.iter().filter(|g| g.capped).count();
        let budget = match c.budget {
            Budget::Time(t) => format!("{} ms", t.as_millis()),
            Budget::Nodes(n) => format!("{n} nodes"),
        };
        let rules = if c.options.trim().is_empty() { "standard rules" } else { c.options.trim() };
        writeln!(f, "{} ({rules}), {} games, seed {}, search budget {budget}", c.kind, self.games.len(), c.seed)?;
        if c.from_ply > 0 {
            writeln!(
                f,
                "from ply {}: both seats played by greedy until then, the same position from both sides",
                c.from_ply
            )?;
        }
        writeln!(f, "A = {} vs B = {}: A won {w}, drew {d}, lost {l}", c.a.name(), c.b.name())?;
        writeln!(f, "A's score {:.1} % (95 % interval {:.1}–{:.1} %)", 100.0 * s, 100.0 * lo, 100.0 * hi)?;
        writeln!(
            f,
            "plies {plies} (mean {:.0}), illegal actions {}, capped games {capped}",
            plies as f64 / self.games.len().max(1) as f64,
            self.illegal()
        )?;
        let mut ends: Vec<(String, u32)> = Vec::new();
        for g in &self.games {
            let Some((reason, a_won)) = g.end else { continue };
            let how = match a_won {
                Some(true) => "A won",
                Some(false) => "A lost",
                None => "drawn",
            };
            let key = format!("{how} by {}", reason.as_str());
            match ends.iter_mut().find(|(k, _)| *k == key) {
                Some((_, n)) => *n += 1,
                None => ends.push((key, 1)),
            }
        }
        ends.sort_by(|x, y| y.1.cmp(&x.1).then(x.0.cmp(&y.0)));
        let ends: Vec<String> = ends.iter().map(|(k, n)| format!("{k} {n}")).collect();
        writeln!(f, "ends: {}", ends.join(", "))?;
        for (name, t) in [(c.a.name(), &self.a_times), (c.b.name(), &self.b_times)] {
            writeln!(
                f,
                "think time {name}: p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms over {} moves",
                t.quantile_ms(0.5),
                t.quantile_ms(0.9),
                t.quantile_ms(0.99),
                t.quantile_ms(1.0),
                t.len()
            )?;
        }
        if let Some(a) = &self.audit {
            let n = a.at_60.max(1) as f64;
            let (belief, prior) = (a.belief_at_60 / n, a.prior_at_60 / n);
            writeln!(
                f,
                "belief: {} hidden enemy pieces checked after every ply, {} with their true kind ruled out; \
                 update p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms over {} updates",
                a.checked,
                a.violations,
                a.updates.quantile_ms(0.5),
                a.updates.quantile_ms(0.99),
                a.updates.quantile_ms(1.0),
                a.updates.len()
            )?;
            writeln!(
                f,
                "belief at ply {AUDIT_PLY}: mean probability on the true kind {belief:.3} vs the count-only prior \
                 {prior:.3} (×{:.2}) over {} hidden pieces",
                if prior > 0.0 { belief / prior } else { 0.0 },
                a.at_60
            )?;
        }
        Ok(())
    }
}

/// Plays the games of `config`.
pub fn run(config: &ArenaConfig) -> Result<ArenaReport, ArenaError> {
    let def = catalog::find(&config.kind).ok_or_else(|| ArenaError::UnknownKind(config.kind.clone()))?;
    if !def.kind.seating.counts.contains(&2) {
        return Err(ArenaError::NotTwoSeats(def.kind.name.to_string()));
    }
    let setting = Setting::of_kind(def.kind, &config.options)?;
    let mut report = ArenaReport {
        config: config.clone(),
        games: Vec::new(),
        a_times: Times::default(),
        b_times: Times::default(),
        audit: config.audit_belief.then(BeliefAudit::default),
    };
    let mut setups = Vec::new();
    for g in 0..config.games {
        if g % 2 == 0 {
            let mut rng = Rng::new(config.seed ^ (u64::from(g / 2) << 32) ^ 0xD1B5_4A32_D192_ED03);
            setups = match def.deal {
                // A dealt game (翻棋): one deal from a seed of the run, the same for both orders.
                Some(deal) => {
                    let mut seed = [0u8; 32];
                    for chunk in seed.chunks_mut(8) {
                        chunk.copy_from_slice(&rng.next_u64().to_le_bytes());
                    }
                    vec![deal(&Secret::new(seed)).deal.expose().clone()]
                }
                None => {
                    vec![deploy::deployment(setting.variant, &mut rng), deploy::deployment(setting.variant, &mut rng)]
                }
            };
        }
        let a_seat = Seat((g % 2) as u8);
        let seeds = [config.seed.wrapping_mul(0x9E37_79B9).wrapping_add(u64::from(g) * 2), 0];
        let players: Vec<Player> = (0..2u8)
            .map(|s| {
                let kind = if Seat(s) == a_seat { config.a } else { config.b };
                Player::new(kind, setting, Seat(s), seeds[0].wrapping_add(u64::from(s)), config.budget)
            })
            .collect();
        // The prelude's players are seeded by the pair, not the game: both orders reach one position.
        let prelude_seed = config.seed.wrapping_mul(0x9E37_79B9).wrapping_add(u64::from(g / 2) * 2) ^ 0x5EED;
        let prelude: Vec<Player> = (0..2u8)
            .map(|s| Player::new(PlayerKind::Greedy, setting, Seat(s), prelude_seed + u64::from(s), config.budget))
            .collect();
        let outcome = play_one(def, config, &setups, [players, prelude], a_seat, &mut report)?;
        report.games.push(outcome);
    }
    Ok(report)
}

fn play_one(
    def: &'static GameDef,
    config: &ArenaConfig,
    setups: &[String],
    [mut players, mut prelude]: [Vec<Player>; 2],
    a_seat: Seat,
    report: &mut ArenaReport,
) -> Result<GameOutcome, ArenaError> {
    let mut start = Start::new(2);
    start.options = config.options.clone();
    if def.deal.is_some() {
        start.deal = setups.first().cloned().map(Secret::new);
    } else {
        start.setups = setups.iter().cloned().map(Secret::new).collect();
    }
    let mut game = (def.start)(&start)?;
    let mut history: Vec<Vec<PublicPly>> = vec![Vec::new(), Vec::new()];
    let mut illegal = 0;
    while game.over().is_none() && game.ply() < MAX_PLIES {
        let seat = game.to_move();
        let picture = game.picture_for(Audience::Seat(seat));
        let view = SeatView::new(seat, &picture, &history[seat.index()])?;
        let t = Instant::now();
        let chosen = if game.ply() < config.from_ply {
            prelude[seat.index()].choose(&view)
        } else {
            let chosen = players[seat.index()].choose(&view);
            let spent = t.elapsed().min(Duration::from_secs(3600)).as_micros() as u64;
            if seat == a_seat { &mut report.a_times } else { &mut report.b_times }.0.push(spent);
            chosen
        };
        let played = chosen.ok().and_then(|token| game.play_text(seat, &token).ok());
        if played.is_none() {
            // A refused or failed choice forfeits: the arena counts it, the game says why.
            illegal += 1;
            game.leave(seat, Leave::Resign);
            break;
        }
        for (s, h) in history.iter_mut().enumerate() {
            if let Some(p) = game.last_ply_for(Audience::Seat(Seat(s as u8))) {
                h.push(p);
            }
        }
        if let Some(audit) = report.audit.as_mut() {
            audit_beliefs(game.as_ref(), &mut players, &history, audit)?;
        }
    }
    let team = def.kind.seating.get(a_seat).map_or(a_seat.0, |d| d.team);
    let a_score = match game.over().map(|o| o.standing) {
        Some(Standing::Team(t)) if t == team => 1.0,
        Some(Standing::Team(_)) => 0.0,
        _ => 0.5,
    };
    let end = game.over().map(|o| (o.reason, (a_score != 0.5).then_some(a_score == 1.0)));
    Ok(GameOutcome { a_seat, a_score, plies: game.ply(), illegal, capped: game.over().is_none(), end })
}

/// Brings both players' beliefs up to date and checks them against the true position.
fn audit_beliefs(
    game: &dyn junqi_rules::contract::AnyGame,
    players: &mut [Player],
    history: &[Vec<PublicPly>],
    audit: &mut BeliefAudit,
) -> Result<(), ArenaError> {
    let truth = game.picture_for(Audience::Everyone);
    for (s, player) in players.iter_mut().enumerate() {
        let seat = Seat(s as u8);
        let picture = game.picture_for(Audience::Seat(seat));
        let view = SeatView::new(seat, &picture, &history[s])?;
        let t = Instant::now();
        // A failed update leaves the belief as it was; the next choice reports it as illegal.
        let _ = player.observe(&view);
        audit.updates.0.push(t.elapsed().as_micros() as u64);
        let Some(belief) = player.belief() else { continue };
        let counts: Vec<f64> = belief.setting().variant.pieces.iter().map(|d| f64::from(d.count)).collect();
        let army: f64 = counts.iter().sum();
        for token in &truth.tokens {
            let (Face::Known { owner, kind } | Face::Under { owner, kind }) = token.face else { continue };
            let seen = picture.tokens.iter().find(|t| t.at == token.at).map(|t| t.face);
            if owner == seat || matches!(seen, Some(Face::Known { .. })) {
                continue;
            }
            let Some(probs) = belief.probabilities(token.at) else { continue };
            let p = probs.get(kind.0 as usize).copied().unwrap_or(0.0);
            audit.checked += 1;
            if p <= 0.0 {
                audit.violations += 1;
            }
            if game.ply() == AUDIT_PLY {
                audit.at_60 += 1;
                audit.belief_at_60 += p;
                audit.prior_at_60 += counts.get(kind.0 as usize).copied().unwrap_or(0.0) / army;
            }
        }
    }
    Ok(())
}
