//! `replay FILE.jqr [--json]`.

use std::path::Path;
use std::process::ExitCode;

use serde::Serialize;

use crate::rules::game::{EndReason, GameOver, Move};
use crate::rules::notation::format_move;
use crate::rules::record::{Record, ReplayError, ReplayEvent};
use crate::rules::{Outcome, Seat, Variant};

#[derive(Serialize)]
struct JsonReveal {
    point: String,
    piece: String,
}

#[derive(Serialize)]
struct JsonPly {
    ply: u32,
    /// 2-player Junqi: `red`/`blue`.
    #[serde(skip_serializing_if = "Option::is_none")]
    side: Option<&'static str>,
    /// Games on the 4-player board: `S`, `E`, `N`, `W` (rules-junqi4.md §10).
    #[serde(skip_serializing_if = "Option::is_none")]
    seat: Option<String>,
    #[serde(rename = "move")]
    mv: String,
    outcome: &'static str,
    revealed: Vec<JsonReveal>,
    #[serde(skip_serializing_if = "Option::is_none")]
    eliminated: Option<Vec<JsonEliminated>>,
}

#[derive(Serialize)]
struct JsonEliminated {
    seat: String,
    reason: &'static str,
}

/// A seat event of a 4-player record (`W:resign`) between plies.
#[derive(Serialize)]
struct JsonSeatEvent {
    after: u32,
    seat: String,
    event: &'static str,
    eliminated: Vec<JsonEliminated>,
}

#[derive(Serialize)]
struct JsonIllegal {
    ply: u32,
    error: &'static str,
    reason: String,
}

#[derive(Serialize)]
struct JsonResult {
    result: &'static str,
    reason: Option<&'static str>,
}

/// The `result` word of `replay --json`: `red_wins`/`blue_wins`, `sn_wins`/`ew_wins` with four
/// seats, `south_wins`/`north_wins` in `junqi4-duel`.
pub fn result_word(variant: &Variant, over: Option<GameOver>) -> &'static str {
    match over {
        None => "ongoing",
        Some(GameOver { winner: None, .. }) => "draw",
        Some(GameOver { winner: Some(t), .. }) if variant.seats.len() > 2 => {
            if t == variant.team(Seat::RED) {
                "sn_wins"
            } else {
                "ew_wins"
            }
        }
        Some(GameOver { winner: Some(t), .. }) if variant.is_cross_board() => {
            if t == variant.team(Seat::RED) {
                "south_wins"
            } else {
                "north_wins"
            }
        }
        Some(GameOver { winner: Some(t), .. }) => {
            if t == variant.team(Seat::RED) {
                "red_wins"
            } else {
                "blue_wins"
            }
        }
    }
}

fn eliminated_json(variant: &Variant, list: &[(Seat, EndReason)]) -> Vec<JsonEliminated> {
    list.iter()
        .map(|&(s, r)| JsonEliminated { seat: variant.seat_name(s).to_uppercase(), reason: r.as_str() })
        .collect()
}

fn ply_parts(variant: &Variant, e: &ReplayEvent) -> Option<(u32, Seat, Move, Outcome, Vec<JsonReveal>)> {
    Some(match e {
        ReplayEvent::Seat { .. } => return None,
        ReplayEvent::Ply(r) => (
            r.ply,
            r.seat,
            r.mv,
            r.outcome,
            r.revealed
                .iter()
                .map(|x| JsonReveal {
                    point: variant.board.name(x.point).into(),
                    piece: variant.piece(x.kind).code.to_string(),
                })
                .collect(),
        ),
        ReplayEvent::PublicPly { ply, seat, mv, outcome } => (*ply, *seat, *mv, *outcome, Vec::new()),
    })
}

/// Prints one 4-player seat event of the record (text or JSON line). Eliminations a ply implies
/// (`kind` None) are printed with that ply instead.
fn seat_event_line(variant: &Variant, e: &ReplayEvent, json: bool) {
    let ReplayEvent::Seat { after, seat, kind, eliminated, .. } = e else { return };
    let who = variant.seat_name(*seat).to_uppercase();
    let Some(kind) = kind else { return };
    if json {
        let line = JsonSeatEvent {
            after: *after,
            seat: who,
            event: kind.word(),
            eliminated: eliminated_json(variant, eliminated),
        };
        println!("{}", serde_json::to_string(&line).expect("plain data serialises"));
    } else {
        let out: Vec<String> = eliminated
            .iter()
            .map(|&(s, r)| format!("{} ({})", variant.seat_name(s).to_uppercase(), r.as_str().replace('_', " ")))
            .collect();
        // With the setups a `stuck` seat was already reported out with the ply before.
        if out.is_empty() {
            println!("     {who}:{}", kind.word());
        } else {
            println!("     {who}:{}; out: {}", kind.word(), out.join(", "));
        }
    }
}

/// The eliminations of a ply: from its report, or (records without setups) from the implied
/// event that follows it.
fn ply_eliminated(events: &[ReplayEvent], i: usize) -> Vec<(Seat, EndReason)> {
    match &events[i] {
        ReplayEvent::Ply(r) => r.eliminated.clone(),
        _ => match events.get(i + 1) {
            Some(ReplayEvent::Seat { kind: None, eliminated, .. }) => eliminated.clone(),
            _ => Vec::new(),
        },
    }
}

/// Runs the command.
pub fn run(path: &Path, json: bool) -> ExitCode {
    let text = match super::read_file(path) {
        Ok(t) => t,
        Err(code) => return code,
    };
    if crate::rules::flip_record::is_flip_record(&text) {
        return super::flip::replay(path, &text, json);
    }
    let record = match Record::parse(&text) {
        Ok(r) => r,
        Err(e) => {
            if json {
                println!("{}", serde_json::json!({"error": "parse", "line": e.line, "reason": e.reason}));
            } else {
                eprintln!("error: {}: {e}", path.display());
            }
            return ExitCode::from(2);
        }
    };
    let variant = record.variant().unwrap_or(Variant::junqi());
    let mut events = Vec::new();
    let outcome = record.replay_into(&mut events);
    let cross = variant.is_cross_board();
    for (i, e) in events.iter().enumerate() {
        let Some((ply, seat, mv, outcome, revealed)) = ply_parts(variant, e) else {
            seat_event_line(variant, e, json);
            continue;
        };
        let eliminated = ply_eliminated(&events, i);
        if json {
            let line = JsonPly {
                ply,
                side: (!cross).then(|| variant.seat_name(seat)),
                seat: cross.then(|| variant.seat_name(seat).to_uppercase()),
                mv: format_move(&variant.board, mv),
                outcome: outcome.as_str(),
                revealed,
                eliminated: (variant.seats.len() > 2).then(|| eliminated_json(variant, &eliminated)),
            };
            println!("{}", serde_json::to_string(&line).expect("plain data serialises"));
        } else {
            let name = if cross { variant.seat_name(seat).to_uppercase() } else { variant.seat_name(seat).to_string() };
            let mut line = format!(
                "{ply:>3}. {:<4} {:<8} {}",
                name,
                format_move(&variant.board, mv),
                outcome.as_str().replace('_', " ")
            );
            for r in revealed {
                line.push_str(&format!("; revealed {} at {}", r.piece, r.point));
            }
            for (s, r) in eliminated {
                line.push_str(&format!(
                    "; {} out ({})",
                    variant.seat_name(s).to_uppercase(),
                    r.as_str().replace('_', " ")
                ));
            }
            println!("{line}");
        }
    }
    match outcome {
        Ok(replay) => {
            let result = result_word(variant, replay.over);
            let reason = replay.over.map(|o| o.reason.as_str());
            if json {
                println!("{}", serde_json::to_string(&JsonResult { result, reason }).expect("plain data serialises"));
            } else {
                match reason {
                    Some(r) => println!("result: {} ({})", result.replace('_', " "), r.replace('_', " ")),
                    None => println!("result: the game goes on"),
                }
            }
            ExitCode::SUCCESS
        }
        Err(ReplayError::Illegal { ply, mv, reason }) => {
            if json {
                let line = JsonIllegal { ply, error: "illegal_move", reason: format!("{mv}: {reason}") };
                println!("{}", serde_json::to_string(&line).expect("plain data serialises"));
            } else {
                eprintln!("error: ply {ply}: illegal move {mv}: {reason}");
            }
            ExitCode::from(2)
        }
        Err(ReplayError::Parse(e)) => {
            if json {
                println!("{}", serde_json::json!({"error": "parse", "line": e.line, "reason": e.reason}));
            } else {
                eprintln!("error: {}: {e}", path.display());
            }
            ExitCode::from(2)
        }
    }
}
