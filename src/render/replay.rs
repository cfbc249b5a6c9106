//! Views of a recorded game, ply by ply, for the `render` and `replay-gif` commands (and any
//! caller that animates a finished game). Views come from [`Game::view`], so they show exactly
//! what the chosen viewer may know; a record without setups gives the public history only.

use crate::rules::combat::Outcome;
use crate::rules::record::{Record, ReplayError, ReplayEvent, SeatEventKind, Terminal};
use crate::rules::view::{PublicPly, Removed, SeenPiece};
use crate::rules::{Game, Seat, View, Viewer};

use super::{Lang, RenderOptions};

/// Why a record's views could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordViewError {
    /// The record does not parse or replay.
    #[error("{0}")]
    Replay(#[from] ReplayError),
    /// A private or full view was asked of a record whose setups are hidden.
    #[error("the record hides a setup (?), so only the public view can be drawn")]
    NoSetups,
    /// `--ply` past the last ply.
    #[error("ply {ply} is beyond the end of the record ({plies} plies)")]
    PlyBeyondEnd {
        /// The ply asked for.
        ply: usize,
        /// Plies in the record.
        plies: usize,
    },
}

/// The views of `viewer` after 0, 1, …, `upto` plies (all plies when `None`), each with options
/// that carry the language and the last combat. The last frame of a finished record shows the end.
pub fn record_frames(
    record: &Record,
    viewer: Viewer,
    lang: Lang,
    upto: Option<usize>,
) -> Result<Vec<(View, RenderOptions)>, RecordViewError> {
    let replay = record.replay()?;
    let plies = record.plies.len();
    let n = upto.unwrap_or(plies);
    if n > plies {
        return Err(RecordViewError::PlyBeyondEnd { ply: n, plies });
    }
    let header = &replay.header;
    let opts = |last_combat: Option<PublicPly>| RenderOptions { lang, last_combat, ..RenderOptions::default() };
    let Some(deployments) = &header.deployments else {
        if viewer != Viewer::Spectator {
            return Err(RecordViewError::NoSetups);
        }
        let final_over = if n == plies { replay.over } else { None };
        // Seat events (4-player eliminations) sit between the plies: keep those that come before
        // ply n + 1.
        let events: Vec<ReplayEvent> = replay
            .events
            .iter()
            .filter(|e| match e {
                ReplayEvent::Ply(r) => (r.ply as usize) <= n,
                ReplayEvent::PublicPly { ply, .. } => (*ply as usize) <= n,
                ReplayEvent::Seat { after, .. } => (*after as usize) <= n,
            })
            .cloned()
            .collect();
        return Ok(public_frames(record, &events, final_over, lang));
    };
    let mut game = Game::new(header.variant, header.rules, deployments, header.first);
    let mut frames = Vec::with_capacity(n + 1);
    frames.push((game.view(viewer, header.mode, None), opts(None)));
    let mut last_combat = None;
    let mut last_report = None;
    // Seat events of games with more than two seats (`W:resign`) take effect before the ply that
    // follows them; `record.replay()` above has already checked them.
    let apply_seat_events = |game: &mut Game, after: usize| {
        for e in record.events.iter().filter(|e| e.after == after) {
            match e.kind {
                SeatEventKind::Resign => {
                    game.resign(e.seat);
                }
                SeatEventKind::Timeout => {
                    game.timeout(e.seat);
                }
                // The game put the seat out itself when it was left without a move.
                SeatEventKind::Stuck => {}
                // A skipped turn (`on-timeout=skip:N`): the next seat moves.
                SeatEventKind::Skip => {
                    game.pass(e.seat);
                }
            }
        }
    };
    for (i, p) in record.plies.iter().take(n).enumerate() {
        apply_seat_events(&mut game, i);
        let report = game.play(p.mv).map_err(|e| ReplayError::Illegal {
            ply: i as u32 + 1,
            mv: crate::rules::notation::format_move(&header.variant.board, p.mv),
            reason: e.to_string(),
        })?;
        if i + 1 == plies
            && let Some(t) = record.terminal
        {
            // The record's last word ended the game: show it on the last frame.
            let loser = replay
                .over
                .and_then(|o| o.winner)
                .map(|w| if header.variant.team(Seat::RED) == w { Seat::BLUE } else { Seat::RED });
            match (t, loser) {
                (Terminal::Draw, _) => {
                    game.agree_draw();
                }
                (Terminal::Resign, Some(l)) => {
                    game.resign(l);
                }
                (Terminal::Timeout, Some(l)) => {
                    game.timeout(l);
                }
                _ => {}
            }
        }
        let seen_by = if game.over().is_some() { Viewer::Everyone } else { viewer };
        if report.outcome.is_combat() {
            last_combat = Some(report.public(header.mode, seen_by));
        }
        frames.push((game.view(viewer, header.mode, Some(&report)), opts(last_combat.clone())));
        last_report = Some(report);
    }
    if record.events.iter().any(|e| e.after == n) {
        // Seat events after the last shown ply change the board (an army leaves it).
        apply_seat_events(&mut game, n);
        if let Some((view, _)) = frames.last_mut() {
            *view = game.view(viewer, header.mode, last_report.as_ref());
        }
    }
    if n == plies
        && let Some((view, _)) = frames.last_mut()
        && view.over.is_none()
    {
        // A game that ended by a word before any move (e.g. an immediate resignation).
        view.over = replay.over;
    }
    Ok(frames)
}

/// Public frames of a record without setups: who stands where, and the announced outcomes.
fn public_frames(
    record: &Record,
    events: &[ReplayEvent],
    final_over: Option<crate::rules::GameOver>,
    lang: Lang,
) -> Vec<(View, RenderOptions)> {
    // A record that parsed names a known variant (a missing tag is the 2-player game).
    let Ok(variant) = record.variant() else { return Vec::new() };
    let header_mode = record.header().map(|h| h.mode).unwrap_or(crate::rules::Mode::Dark);
    let first = record.header().map(|h| h.first).unwrap_or(Seat::RED);
    let mut cells: Vec<Option<SeenPiece>> = vec![None; variant.board.len()];
    for (si, order) in variant.deployment_order.iter().enumerate() {
        for p in order {
            cells[p.index()] = Some(SeenPiece { seat: Seat(si as u8), kind: None, public: false });
        }
    }
    let mut removed = vec![0u32; variant.seats.len()];
    let mut quiet = 0;
    let mut to_move = first;
    let mut last: Option<PublicPly> = None;
    let mut last_combat: Option<PublicPly> = None;
    let mut frames = Vec::with_capacity(events.len() + 1);
    let view = |cells: &Vec<Option<SeenPiece>>, to_move, ply, quiet, last: &Option<PublicPly>, removed: &[u32]| View {
        variant,
        viewer: Viewer::Spectator,
        mode: header_mode,
        cells: cells.clone(),
        to_move,
        ply,
        quiet,
        over: None,
        last: last.clone(),
        removed: removed
            .iter()
            .enumerate()
            .map(|(i, &count)| Removed { seat: Seat(i as u8), count, by_kind: None })
            .collect(),
    };
    let opts = |lc: &Option<PublicPly>| RenderOptions { lang, last_combat: lc.clone(), ..RenderOptions::default() };
    frames.push((view(&cells, to_move, 0, 0, &last, &removed), opts(&last_combat)));
    let header_rules = record.header().map(|h| h.rules).unwrap_or_default();
    let mut out = vec![false; variant.seats.len()];
    // The next seat in turn order still in the game (as `Game` turns, `order=ccw|cw`).
    let next_live = |seat: Seat, out: &[bool]| -> Seat {
        let n = variant.seats.len() as u8;
        (1..=n)
            .map(|k| {
                if header_rules.order == crate::rules::options::Order::Ccw {
                    Seat((seat.0 + k) % n)
                } else {
                    Seat((seat.0 + n * 2 - k) % n)
                }
            })
            .find(|s| !out[s.index()])
            .unwrap_or(seat)
    };
    for e in events {
        if let ReplayEvent::Seat { eliminated, .. } = e {
            // A seat that is out leaves the board at once, its pieces still unnamed (rules-junqi4
            // §7); the piece that took a flag stays where it is, being another seat's.
            for (gone, _) in eliminated {
                out[gone.index()] = true;
                for c in cells.iter_mut() {
                    if c.is_some_and(|p| p.seat == *gone) {
                        *c = None;
                    }
                }
            }
            if out[to_move.index()] {
                to_move = next_live(to_move, &out);
            }
            if let Some((v, _)) = frames.last_mut() {
                *v = view(&cells, to_move, v.ply, v.quiet, &last, &removed);
            }
            continue;
        }
        let ReplayEvent::PublicPly { ply, seat, mv, outcome } = *e else { continue };
        let mover = cells[mv.from.index()].take();
        let defender = cells[mv.to.index()];
        match outcome {
            Outcome::Moved | Outcome::AttackerWon | Outcome::FlagCaptured => cells[mv.to.index()] = mover,
            Outcome::BothRemoved => cells[mv.to.index()] = None,
            Outcome::DefenderWon | Outcome::ShotDown | Outcome::FlagshipSunk => {}
            // Nobody moved: the mover is back on its start.
            Outcome::Bounced | Outcome::Scouted => cells[mv.from.index()] = mover,
        }
        if outcome.mover_removed() {
            removed[seat.index()] += 1;
        }
        if let Some(d) = defender
            && matches!(outcome, Outcome::AttackerWon | Outcome::BothRemoved | Outcome::FlagCaptured)
        {
            removed[d.seat.index()] += 1;
        }
        quiet = if outcome.is_combat() { 0 } else { quiet + 1 };
        to_move = next_live(seat, &out);
        let p = PublicPly {
            ply,
            seat,
            mv,
            outcome,
            attacker: None,
            defender: defender.map(|d| (d.seat, None)),
            revealed: Vec::new(),
            end: None,
        };
        if outcome.is_combat() {
            last_combat = Some(p.clone());
        }
        last = Some(p);
        frames.push((view(&cells, to_move, ply, quiet, &last, &removed), opts(&last_combat)));
    }
    if let Some((v, _)) = frames.last_mut() {
        v.over = final_over;
    }
    frames
}
