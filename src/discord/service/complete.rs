//! Autocomplete of `/junqi move`: the actor's legal starts and destinations, from their own view.

use super::{FLIP, RefereeService};
use crate::discord::config::Locale;
use crate::discord::ids::user_key;
use crate::discord::port::{Actor, Complete};
use crate::rules::rng::Rng;
use crate::rules::setup::Deployment;
use crate::rules::view::View;
use crate::rules::{Game, PointId, RuleOptions, Seat, Setup, Variant, Viewer};

impl RefereeService {
    /// Autocomplete from the actor's own view: the referee rebuilds nothing and reveals nothing;
    /// enemy pieces are stand-ins of a mobile kind, which decides only occupancy.
    pub(super) async fn complete_moves(&self, actor: &Actor, q: Complete) -> Vec<(String, String)> {
        let game = match &q {
            Complete::From { game, .. } | Complete::To { game, .. } => *game,
        };
        let Some(g) = game.and_then(|g| i64::try_from(g).ok()) else { return vec![] };
        if let Ok(Some((to_move, actions))) = self.referee.flip_legal(g).await {
            return self.complete_flip(actor, g, &q, to_move, &actions).await;
        }
        let me = user_key(actor.user);
        let Ok(Some(row)) = self.referee.game_row(g).await else { return vec![] };
        let Some(seat) = self.seat_of(g, actor.user).await else { return vec![] };
        let Ok(view) = self.referee.view(g, Some(&me)).await else { return vec![] };
        if view.over.is_some() || view.to_move != seat {
            return vec![];
        }
        let rules = RuleOptions::parse(&row.rules).unwrap_or_default();
        let Some(game) = game_from_view(&view, rules) else { return vec![] };
        let board = &view.variant.board;
        let mut names: Vec<String> = match &q {
            Complete::From { prefix, .. } => game
                .legal_moves()
                .iter()
                .map(|m| board.name(m.from).to_string())
                .filter(|n| n.starts_with(prefix.as_str()))
                .collect(),
            Complete::To { from, prefix, .. } => match board.find(from) {
                Some(p) => game
                    .legal_moves_from(p)
                    .iter()
                    .map(|m| board.name(m.to).to_string())
                    .filter(|n| n.starts_with(prefix.as_str()))
                    .collect(),
                None => vec![],
            },
        };
        names.sort_by_key(|n| (n.len(), n.clone()));
        names.dedup();
        names.into_iter().take(25).map(|n| (n.clone(), n)).collect()
    }

    /// Autocompletion of `/junqi move` in a 翻棋 game, for the player to move only: `from` offers
    /// the face-down points (labelled as flips) and the starts of legal moves; `to` offers `flip`
    /// for a face-down `from`, else the destinations of its piece.
    async fn complete_flip(
        &self,
        actor: &Actor,
        game: i64,
        q: &Complete,
        to_move: crate::rules::flip::Player,
        actions: &[crate::rules::flip::FlipAction],
    ) -> Vec<(String, String)> {
        use crate::rules::flip::FlipAction;
        let Ok(Some(row)) = self.referee.game_row(game).await else { return vec![] };
        let me = user_key(actor.user);
        // P1 sits in seat 0, P2 in seat 1.
        let mine = row.seats.user(to_move.index());
        if mine != Some(me.as_str()) {
            return vec![];
        }
        let zh = actor.locale != Locale::En;
        let board = &Variant::junqi().board;
        let mut out: Vec<(String, String)> = Vec::new();
        match q {
            Complete::From { prefix, .. } => {
                for a in actions {
                    let (label, value) = match *a {
                        FlipAction::Flip(p) => {
                            let n = board.name(p);
                            (if zh { format!("{n}（翻开）") } else { format!("{n} (flip)") }, n.to_string())
                        }
                        FlipAction::Move(mv) => {
                            let n = board.name(mv.from);
                            (n.to_string(), n.to_string())
                        }
                    };
                    if value.starts_with(prefix.as_str()) && !out.iter().any(|(_, v)| *v == value) {
                        out.push((label, value));
                    }
                }
            }
            Complete::To { from, prefix, .. } => {
                let Some(p) = board.find(from) else { return vec![] };
                for a in actions {
                    let value = match *a {
                        FlipAction::Flip(q) if q == p => FLIP.to_string(),
                        FlipAction::Move(mv) if mv.from == p => board.name(mv.to).to_string(),
                        _ => continue,
                    };
                    if value.starts_with(prefix.as_str()) {
                        let label = if value == FLIP && zh { "翻开 flip".to_string() } else { value.clone() };
                        out.push((label, value));
                    }
                }
            }
        }
        out.truncate(25);
        out
    }
}

/// A game with the viewer's own pieces and stand-ins for pieces they cannot see, to list the
/// viewer's legal moves (which depend on the mover's kinds and on occupancy only).
fn game_from_view(view: &View, rules: RuleOptions) -> Option<Game> {
    let v = view.variant;
    let Viewer::Seat(me) = view.viewer else { return None };
    let stand_in = v.pieces.iter().position(|p| p.is_mobile()).map(|i| crate::rules::PieceKind(i as u8))?;
    let mut per_seat: Vec<Vec<(PointId, crate::rules::PieceKind)>> = vec![vec![]; v.seats.len()];
    for (i, c) in view.cells.iter().enumerate() {
        if let Some(c) = c {
            let kind = if c.seat == me { c.kind? } else { c.kind.unwrap_or(stand_in) };
            per_seat[c.seat.index()].push((PointId(i as u8), kind));
        }
    }
    let dummy = Setup::random(v, &mut Rng::new(0));
    let deployments: Vec<Deployment> = per_seat
        .into_iter()
        .enumerate()
        .map(|(s, pieces)| Deployment { seat: Seat(s as u8), setup: dummy.clone(), pieces })
        .collect();
    Some(Game::new(v, rules, &deployments, view.to_move))
}
