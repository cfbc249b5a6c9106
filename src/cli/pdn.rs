//! `replay` and `moves` for draughts records: PDN files (rules-draughts.md §9–§10, §12), one game
//! or several. A file of several games is replayed whole, each game after a header line
//! (`{"game":N,"line":L}` under `--json`); `--game N` picks one, whose output is then exactly the
//! spec's. `moves` reads the game `--game` names (the first by default). A malformed file is
//! answered with its line and reason and exit status 2, never a panic.

use std::path::Path;
use std::process::ExitCode;

use serde::Serialize;

use crate::rules::draughts::board::Colour;
use crate::rules::draughts::game::{Draughts, DraughtsPly};
use crate::rules::draughts::pdn::{self, PdnError, PdnGame};

/// Whether a record is a draughts record: a `.pdn` file, or one with a PDN `GameType` tag or a
/// `Variant` tag naming a draughts kind.
pub fn is_draughts(path: &Path, text: &str) -> bool {
    path.extension().is_some_and(|e| e.eq_ignore_ascii_case("pdn"))
        || text.lines().map(str::trim).any(|l| {
            let l = l.to_ascii_lowercase();
            l.starts_with("[gametype ") || l.starts_with("[variant \"draughts")
        })
}

#[derive(Serialize)]
struct JsonTaken {
    square: u16,
    piece: &'static str,
}

#[derive(Serialize)]
struct JsonPly {
    ply: u32,
    side: &'static str,
    #[serde(rename = "move")]
    mv: String,
    outcome: &'static str,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    captured: Vec<JsonTaken>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    crowned: bool,
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

fn piece_word(king: bool) -> &'static str {
    if king { "king" } else { "man" }
}

fn ply_json(p: &DraughtsPly) -> JsonPly {
    JsonPly {
        ply: p.ply,
        side: p.colour.key(),
        mv: p.token.clone(),
        outcome: if p.taken.is_empty() { "moved" } else { "captured" },
        captured: p
            .taken
            .iter()
            .map(|&(sq, pc)| JsonTaken { square: u16::from(sq) + 1, piece: piece_word(pc.king) })
            .collect(),
        crowned: p.crowned,
    }
}

/// The result line of a replayed game (spec §10, §12.4).
fn result_json(g: &Draughts) -> JsonResult {
    match g.end() {
        None => JsonResult { result: "ongoing", reason: None },
        Some((end, winner)) => JsonResult {
            result: match winner {
                Some(Colour::Black) => "black_wins",
                Some(Colour::White) => "white_wins",
                None => "draw",
            },
            reason: Some(end.as_str()),
        },
    }
}

fn print_json(value: &impl Serialize) {
    out!("{}", serde_json::to_string(value).expect("plain data serialises"));
}

fn print_ply(p: &DraughtsPly, json: bool) {
    let line = ply_json(p);
    if json {
        return print_json(&line);
    }
    let mut s = format!("{:>3}. {:<5} {:<10} {}", line.ply, line.side, line.mv, line.outcome);
    if !line.captured.is_empty() {
        let taken: Vec<String> = line.captured.iter().map(|t| format!("{} at {}", t.piece, t.square)).collect();
        s.push_str(&format!(" {}", taken.join(", ")));
    }
    if line.crowned {
        s.push_str("; crowned");
    }
    out!("{s}");
}

/// Reports a malformed file (or game) with its line and reason.
fn parse_error(path: &Path, json: bool, line: usize, reason: &str) -> ExitCode {
    if json {
        print_json(&serde_json::json!({"error": "parse", "line": line, "reason": reason}));
    } else {
        eprintln!("error: {}: line {line}: {reason}", path.display());
    }
    ExitCode::from(2)
}

/// The games of the file, or the one `--game` picks (1-based).
fn pick(path: &Path, text: &str, game: Option<usize>, json: bool) -> Result<Vec<(usize, PdnGame)>, ExitCode> {
    let games = pdn::parse_file(text).map_err(|e| parse_error(path, json, e.line, &e.reason))?;
    if games.is_empty() {
        return Err(parse_error(path, json, 1, "no game in the file"));
    }
    match game {
        None => Ok(games.into_iter().enumerate().map(|(i, g)| (i + 1, g)).collect()),
        Some(n) if (1..=games.len()).contains(&n) => Ok(vec![(n, games[n - 1].clone())]),
        Some(n) => {
            eprintln!("error: --game {n}: the file holds {} game(s)", games.len());
            Err(ExitCode::from(2))
        }
    }
}

/// `replay FILE [--json] [--game N]` for a PDN file.
pub fn replay(path: &Path, text: &str, json: bool, game: Option<usize>) -> ExitCode {
    let games = match pick(path, text, game, json) {
        Ok(g) => g,
        Err(code) => return code,
    };
    let several = game.is_none() && games.len() > 1;
    for (n, g) in &games {
        if several {
            if json {
                print_json(&serde_json::json!({"game": n, "line": g.line}));
            } else {
                out!("game {n} (line {})", g.line);
            }
        }
        match pdn::replay_each(g, &mut |_, p| p.into_iter().for_each(|p| print_ply(p, json))) {
            Ok(done) => {
                let r = result_json(&done);
                if json {
                    print_json(&r);
                } else {
                    match r.reason {
                        Some(why) => out!("result: {} ({})", r.result.replace('_', " "), why.replace('_', " ")),
                        None => out!("result: the game goes on"),
                    }
                }
            }
            Err(PdnError::Parse(e)) => return parse_error(path, json, e.line, &e.reason),
            Err(PdnError::Illegal { ply, token, line, reason }) => {
                if json {
                    print_json(&JsonIllegal { ply, error: "illegal_move", reason: format!("{token}: {reason}") });
                } else {
                    eprintln!("error: {}: line {line}: ply {ply}: illegal move {token}: {reason}", path.display());
                }
                return ExitCode::from(2);
            }
        }
    }
    ExitCode::SUCCESS
}

/// `moves FILE [--ply N] [--game N]` for a PDN file: the side to move's legal moves, sorted, in
/// PDN notation (§12.1); nothing once the game is over.
pub fn moves(path: &Path, text: &str, ply: Option<usize>, game: Option<usize>) -> ExitCode {
    let mut games = match pick(path, text, Some(game.unwrap_or(1)), false) {
        Ok(g) => g,
        Err(code) => return code,
    };
    let (_, mut g) = games.remove(0);
    if let Some(n) = ply {
        if n > g.moves.len() {
            eprintln!("error: --ply {n} is beyond the end of the game ({} plies)", g.moves.len());
            return ExitCode::from(2);
        }
        // The position after n plies: the moves after it, and the end the tags give, are not
        // the position's business.
        g = pdn::cut(g, n);
    }
    let done = match pdn::replay_each(&g, &mut |_, _| {}) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("error: {}: {e}", path.display());
            return ExitCode::from(2);
        }
    };
    let mut lines: Vec<String> = done.legal_lines().iter().map(|l| done.move_token(l.mv)).collect();
    lines.sort();
    for l in lines {
        out!("{l}");
    }
    ExitCode::SUCCESS
}
