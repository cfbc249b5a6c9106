//! `replay FILE.jqr [--json]`.

use std::path::Path;
use std::process::ExitCode;

use serde::Serialize;

use crate::rules::game::{GameOver, Move};
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
    side: &'static str,
    #[serde(rename = "move")]
    mv: String,
    outcome: &'static str,
    revealed: Vec<JsonReveal>,
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

/// The `result` word of `replay --json`.
pub fn result_word(variant: &Variant, over: Option<GameOver>) -> &'static str {
    match over {
        None => "ongoing",
        Some(GameOver { winner: None, .. }) => "draw",
        Some(GameOver { winner: Some(t), .. }) => {
            if t == variant.team(Seat::RED) {
                "red_wins"
            } else {
                "blue_wins"
            }
        }
    }
}

fn ply_parts(variant: &Variant, e: &ReplayEvent) -> (u32, Seat, Move, Outcome, Vec<JsonReveal>) {
    match e {
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
    for e in &events {
        let (ply, seat, mv, outcome, revealed) = ply_parts(variant, e);
        if json {
            let line = JsonPly {
                ply,
                side: variant.seat_name(seat),
                mv: format_move(&variant.board, mv),
                outcome: outcome.as_str(),
                revealed,
            };
            println!("{}", serde_json::to_string(&line).expect("plain data serialises"));
        } else {
            let mut line = format!(
                "{ply:>3}. {:<4} {:<8} {}",
                variant.seat_name(seat),
                format_move(&variant.board, mv),
                outcome.as_str().replace('_', " ")
            );
            for r in revealed {
                line.push_str(&format!("; revealed {} at {}", r.piece, r.point));
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
