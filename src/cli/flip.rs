//! The 翻棋 side of `replay`, `moves`, `render`, `replay-gif` and `setup random --variant
//! junqi-flip`: the record commands hand a record whose `Variant` is `junqi-flip` to these.

use std::path::Path;
use std::process::ExitCode;

use serde::Serialize;

use crate::rules::flip::{self, FlipEvent, FlipGame, FlipReport};
use crate::rules::flip_record::{FlipRecord, action_text};
use crate::rules::record::ReplayError;
use crate::rules::shuffle::{self, Seed};

#[derive(Serialize)]
struct JsonReveal {
    point: String,
    piece: String,
}

#[derive(Serialize)]
struct JsonColours {
    p1: &'static str,
    p2: &'static str,
}

#[derive(Serialize)]
struct JsonPly {
    ply: u32,
    side: &'static str,
    #[serde(rename = "move")]
    mv: String,
    outcome: &'static str,
    revealed: Vec<JsonReveal>,
    #[serde(skip_serializing_if = "Option::is_none")]
    colours: Option<JsonColours>,
}

/// The result line (field order as in the standard `replay --json`).
#[derive(Serialize)]
struct JsonResult {
    result: &'static str,
    reason: Option<&'static str>,
}

#[derive(Serialize)]
struct JsonIllegal {
    ply: u32,
    error: &'static str,
    reason: String,
}

fn parse_error(path: &Path, json: bool, line: usize, reason: &str) -> ExitCode {
    if json {
        println!("{}", serde_json::json!({"error": "parse", "line": line, "reason": reason}));
    } else {
        eprintln!("error: {}: line {line}: {reason}", path.display());
    }
    ExitCode::from(2)
}

fn json_ply(r: &FlipReport) -> JsonPly {
    let board = &crate::rules::Variant::junqi().board;
    let (outcome, revealed) = match r.event {
        FlipEvent::Flip { point, colour, kind } => (
            "flipped",
            vec![JsonReveal { point: board.name(point).into(), piece: flip::piece_letter(colour, kind).to_string() }],
        ),
        FlipEvent::Move { outcome, .. } => (outcome.as_str(), Vec::new()),
    };
    let colours =
        r.colours.map(|p1| JsonColours { p1: flip::colour_name(p1), p2: flip::colour_name(flip::other_colour(p1)) });
    JsonPly { ply: r.ply, side: r.player.as_str(), mv: r.token(), outcome, revealed, colours }
}

/// `replay` of a flip record.
pub fn replay(path: &Path, text: &str, json: bool) -> ExitCode {
    let record = match FlipRecord::parse(text) {
        Ok(r) => r,
        Err(e) => return parse_error(path, json, e.line, &e.reason),
    };
    let mut events = Vec::new();
    let outcome = record.replay_into(&mut events);
    for r in &events {
        let line = json_ply(r);
        if json {
            println!("{}", serde_json::to_string(&line).expect("plain data serialises"));
        } else {
            let mut s = format!("{:>3}. {:<4} {:<8} {}", line.ply, line.side, line.mv, line.outcome.replace('_', " "));
            if let Some(c) = line.colours {
                s.push_str(&format!("; colours: p1 {}, p2 {}", c.p1, c.p2));
            }
            println!("{s}");
        }
    }
    match outcome {
        Ok(replay) => {
            let result = flip::result_word(replay.over);
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
                eprintln!("error: ply {ply}: illegal ply {mv}: {reason}");
            }
            ExitCode::from(2)
        }
        Err(ReplayError::Parse(e)) => parse_error(path, json, e.line, &e.reason),
    }
}

/// The game after `ply` plies of a flip record (all when `None`, checking the result too), with
/// the reports of those plies.
pub fn game_at(path: &Path, text: &str, ply: Option<usize>) -> Result<(FlipGame, Vec<FlipReport>), ExitCode> {
    let fail = |e: &dyn std::fmt::Display| {
        eprintln!("error: {}: {e}", path.display());
        ExitCode::from(2)
    };
    let record = FlipRecord::parse(text).map_err(|e| fail(&e))?;
    let n = ply.unwrap_or(record.plies.len());
    if n > record.plies.len() {
        eprintln!("error: --ply {n} is beyond the end of the record ({} plies)", record.plies.len());
        return Err(ExitCode::from(2));
    }
    if n == record.plies.len() {
        let replay = record.replay().map_err(|e| fail(&e))?;
        return Ok((replay.game, replay.events));
    }
    let header = record.header().map_err(|e| fail(&e))?;
    let mut events = Vec::new();
    let game = record.game_after(&header, n, &mut events).map_err(|e| fail(&e))?;
    Ok((game, events))
}

/// `moves` of a flip record: the legal plies of the player to move (flips as `+c6`), sorted.
pub fn moves(path: &Path, text: &str, ply: Option<usize>) -> ExitCode {
    let (game, _) = match game_at(path, text, ply) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let mut lines: Vec<String> =
        game.legal_actions().into_iter().map(|a| action_text(flip::ParsedAction { action: a, claims: None })).collect();
    lines.sort();
    for l in lines {
        println!("{l}");
    }
    ExitCode::SUCCESS
}

/// `setup random --variant junqi-flip [--seed HEX]`: the deal, with the seed and commitment.
pub fn setup_random(seed: Option<&str>) -> ExitCode {
    let seed = match seed {
        Some(hex) => match Seed::from_hex(hex) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("error: --seed: {e}");
                return ExitCode::from(2);
            }
        },
        None => match os_seed() {
            Ok(s) => s,
            Err(e) => {
                eprintln!("error: no random seed from the operating system: {e}");
                return ExitCode::from(2);
            }
        },
    };
    let deal = flip::Deal::from_seed(&seed);
    let deal_text = deal.to_string();
    println!("[Shuffle \"{}\"]", shuffle::SHUFFLE_NAME);
    println!("[Seed \"{}\"]", seed.to_hex());
    println!("[Commit \"{}\"]", shuffle::commit(&seed, &deal_text));
    println!("[Deal \"{deal_text}\"]");
    ExitCode::SUCCESS
}

/// 32 bytes from the operating system's secure generator.
pub fn os_seed() -> Result<Seed, getrandom::Error> {
    let mut bytes = [0u8; 32];
    getrandom::getrandom(&mut bytes)?;
    Ok(Seed(bytes))
}

/// `render` of a flip record, if the file is one: the public image after `ply` plies (flip has no
/// private views, so every `--view` draws the same public image).
pub fn render_if_flip(path: &Path, ply: Option<usize>, lang: crate::render::Lang, out: &Path) -> Option<ExitCode> {
    let text = std::fs::read_to_string(path).ok()?;
    if !crate::rules::flip_record::is_flip_record(&text) {
        return None;
    }
    let (game, _) = match game_at(path, &text, ply) {
        Ok(x) => x,
        Err(code) => return Some(code),
    };
    Some(match crate::render::flip::render_flip_png(&game.view(), lang) {
        Ok(bytes) => write(out, &bytes),
        Err(e) => {
            eprintln!("error: {}: {e}", path.display());
            ExitCode::from(2)
        }
    })
}

/// `replay-gif` of a flip record, if the file is one: one public frame per ply.
pub fn replay_gif_if_flip(path: &Path, lang: crate::render::Lang, out: &Path) -> Option<ExitCode> {
    let text = std::fs::read_to_string(path).ok()?;
    if !crate::rules::flip_record::is_flip_record(&text) {
        return None;
    }
    let fail = |e: &dyn std::fmt::Display| {
        eprintln!("error: {}: {e}", path.display());
        ExitCode::from(2)
    };
    let record = match FlipRecord::parse(&text) {
        Ok(r) => r,
        Err(e) => return Some(fail(&e)),
    };
    let replay = match record.replay() {
        Ok(r) => r,
        Err(e) => return Some(fail(&e)),
    };
    let deal = replay.game.deal().cloned();
    let Some(deal) = deal else { return Some(fail(&"the record has no deal")) };
    let mut game = FlipGame::new(&deal, replay.header.options);
    let mut views = vec![game.view()];
    for r in &replay.events {
        if let Err(e) = game.play(r.action()) {
            return Some(fail(&e));
        }
        views.push(game.view());
    }
    if let Some(over) = replay.over
        && game.over().is_none()
    {
        // The record's last word (resign, timeout, draw) ended it.
        match (over.winner.and_then(flip::Player::from_index), over.reason) {
            (None, _) => game.agree_draw(),
            (Some(w), crate::rules::game::EndReason::Timeout) => game.timeout(w.other()),
            (Some(w), _) => game.resign(w.other()),
        };
        views.push(game.view());
    }
    Some(match crate::render::flip::render_flip_gif(&views, lang) {
        Ok(bytes) => write(out, &bytes),
        Err(e) => fail(&e),
    })
}

fn write(out: &Path, bytes: &[u8]) -> ExitCode {
    match std::fs::write(out, bytes) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: cannot write {}: {e}", out.display());
            ExitCode::from(2)
        }
    }
}
