//! `replay` and `moves` for 跳棋 records (rules-tiaoqi.md §7–§8, §10.16): seat-prefixed moves
//! numbered by round. `replay --json` is the rules crate's §8 output line for line; the text form
//! reads the same lines. `moves` lists the seat to move's legal moves, one per (from, to), `--`
//! when it must pass, nothing once the game is over.

use std::path::Path;
use std::process::ExitCode;

use crate::rules::contract::Envelope;
use crate::rules::contract::record::Item;
use crate::rules::tiaoqi::game;
use crate::rules::tiaoqi::record::{self, RecordError};

/// Whether a record is a 跳棋 record: its `Variant` tag says so.
pub fn is_tiaoqi(text: &str) -> bool {
    Envelope::parse(text).ok().and_then(|e| e.tag("Variant").map(|v| v.trim().eq_ignore_ascii_case("tiaoqi")))
        == Some(true)
}

/// One §8 line as text: `  3. s    l2-j4-n4   jumped (2 hops)`, or the result.
fn text_line(json: &str) -> String {
    let Ok(v) = serde_json::from_str::<serde_json::Value>(json) else {
        return json.to_string();
    };
    let s = |k: &str| v.get(k).and_then(|x| x.as_str()).unwrap_or("").to_string();
    if let Some(r) = v.get("result").and_then(|r| r.as_str()) {
        if r == "ongoing" {
            return "result: the game goes on".into();
        }
        let mut ranked: Vec<(f64, String)> = v
            .get("places")
            .and_then(|p| p.as_object())
            .map(|m| m.iter().map(|(k, p)| (p.as_f64().unwrap_or(0.0), format!("{k} {p}"))).collect())
            .unwrap_or_default();
        ranked.sort_by(|a, b| a.0.total_cmp(&b.0));
        let places: Vec<String> = ranked.into_iter().map(|(_, s)| s).collect();
        let mut out = format!("result: places {}", places.join(", "));
        if let Some(t) = v.get("teams").and_then(|t| t.as_object()) {
            let teams: Vec<String> = t.iter().map(|(k, p)| format!("{k} {p}")).collect();
            out.push_str(&format!("; teams {}", teams.join(", ")));
        }
        out.push_str(&format!(" ({})", s("reason").replace('_', " ")));
        return out;
    }
    let mut out = format!(
        "{:>3}. {:<4} {:<14} {}",
        v.get("ply").and_then(|p| p.as_u64()).unwrap_or(0),
        s("seat"),
        s("move"),
        s("outcome").replace('_', " ")
    );
    if let Some(h) = v.get("hops").and_then(|h| h.as_u64()) {
        out.push_str(&format!(" ({h} hops)"));
    }
    if let Some(d) = v.get("displaced") {
        let f = |k: &str| d.get(k).and_then(|x| x.as_str()).unwrap_or("");
        out.push_str(&format!("; {} {}-{} displaced", f("seat"), f("from"), f("to")));
    }
    if let Some(r) = v.get("finished").and_then(|f| f.get("round")).and_then(|r| r.as_u64()) {
        out.push_str(&format!("; finished in round {r}"));
    }
    out
}

/// `replay FILE [--json]` for a 跳棋 record.
pub fn replay(path: &Path, text: &str, json: bool) -> ExitCode {
    let lines = record::replay_json(text);
    let failed = lines.last().is_some_and(|l| l.contains("\"error\":"));
    for (i, l) in lines.iter().enumerate() {
        if json {
            out!("{l}");
        } else if failed && i + 1 == lines.len() {
            // The error, in words: the replay again gives its reason.
            match record::replay(text) {
                Err(RecordError::Parse(e)) => eprintln!("error: {}: line {}: {}", path.display(), e.line, e.reason),
                Err(RecordError::Illegal { ply, reason }) => eprintln!("error: ply {ply}: illegal move: {reason}"),
                Ok(_) => eprintln!("error: {l}"),
            }
        } else {
            out!("{}", text_line(l));
        }
    }
    if failed { ExitCode::from(2) } else { ExitCode::SUCCESS }
}

/// `moves FILE [--ply N]` for a 跳棋 record: N counts moves and leaves, as the output does.
pub fn moves(path: &Path, text: &str, ply: Option<usize>) -> ExitCode {
    let fail = |e: &dyn std::fmt::Display| {
        eprintln!("error: {}: {e}", path.display());
        ExitCode::from(2)
    };
    let mut env = match Envelope::parse(text) {
        Ok(e) => e,
        Err(e) => return fail(&format!("line {}: {}", e.line, e.reason)),
    };
    let plies = env.items.iter().filter(|i| matches!(i, Item::Seat { .. })).count();
    if let Some(n) = ply {
        if n > plies {
            eprintln!("error: --ply {n} is beyond the end of the record ({plies} plies)");
            return ExitCode::from(2);
        }
        env = record::cut(env, n);
    }
    let replayed = match record::replay_env(&env) {
        Ok(r) => r,
        Err(RecordError::Parse(e)) => return fail(&format!("line {}: {}", e.line, e.reason)),
        Err(RecordError::Illegal { ply, reason }) => return fail(&format!("ply {ply}: illegal move: {reason}")),
    };
    let mut lines: Vec<String> = replayed.game.legal_moves().into_iter().map(game::token).collect();
    lines.sort();
    for l in lines {
        out!("{l}");
    }
    ExitCode::SUCCESS
}
