//! `replay FILE.jqr [--json]`, for any catalogued game (draughts and 跳棋 records have their own
//! outputs: `pdn.rs`, `tiaoqi.rs`): the record is replayed through the game
//! contract and each step printed from what the public learns of it (`notation.md`, "Replay
//! output"). The words come from the catalogue: seat keys, sides, point and piece names.

use std::path::Path;
use std::process::ExitCode;

use serde::Serialize;

use crate::rules::EndReason;
use crate::rules::contract::record::{ReplayError, Step};
use crate::rules::contract::{Face, Fact, GameDef, Over, PublicPly, Standing, replay};
use crate::rules::{Outcome, PieceKind, Seat};

#[derive(Serialize)]
struct JsonReveal {
    point: String,
    piece: String,
}

#[derive(Serialize)]
struct JsonPly {
    ply: u32,
    /// Seats with word keys (`red`, `p1`).
    #[serde(skip_serializing_if = "Option::is_none")]
    side: Option<String>,
    /// Seats with letter keys, upper case (`S`, `E`, `N`, `W`; rules-junqi4.md §10).
    #[serde(skip_serializing_if = "Option::is_none")]
    seat: Option<String>,
    #[serde(rename = "move")]
    mv: String,
    outcome: &'static str,
    revealed: Vec<JsonReveal>,
    /// Games of more than two seats: who went out with this ply.
    #[serde(skip_serializing_if = "Option::is_none")]
    eliminated: Option<Vec<JsonEliminated>>,
    /// The sides a ply gave the seats (翻棋's first flip), by seat key.
    #[serde(skip_serializing_if = "Option::is_none")]
    colours: Option<serde_json::Map<String, serde_json::Value>>,
}

#[derive(Serialize)]
struct JsonEliminated {
    seat: String,
    reason: &'static str,
}

/// A seat event of the record (`W:resign`) between plies.
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
    result: String,
    reason: Option<&'static str>,
}

/// A seat as replay output names it: its key, upper case when it is a compass letter.
fn seat_name(def: &GameDef, seat: Seat) -> String {
    let key = def.kind.seating.get(seat).map_or("?", |d| d.key);
    if letter_seats(def) { key.to_uppercase() } else { key.to_string() }
}

/// Whether the kind's seats are letters (`s`, `e`): written as `seat` in upper case, where word
/// keys (`red`, `p1`) are written as `side`.
fn letter_seats(def: &GameDef) -> bool {
    def.kind.seating.seats.iter().all(|d| d.key.chars().count() == 1)
}

/// The `result` word: the winning team's seat named in lower case when it is one seat
/// (`red_wins`, `south_wins`, `p1_wins`), its seat keys joined when several (`sn_wins`).
pub fn result_word(def: &GameDef, over: Option<&Over>) -> String {
    match over.map(|o| &o.standing) {
        None => "ongoing".into(),
        Some(Standing::Draw) => "draw".into(),
        Some(Standing::Places(_)) => "ranked".into(),
        Some(Standing::Team(t)) => {
            let team: Vec<_> = def.kind.seating.seats.iter().filter(|d| d.team == *t).collect();
            match team.as_slice() {
                [one] => format!("{}_wins", one.name.en.to_lowercase()),
                many => format!("{}_wins", many.iter().map(|d| d.key).collect::<String>()),
            }
        }
    }
}

fn eliminated_json(def: &GameDef, list: &[(Seat, EndReason)]) -> Vec<JsonEliminated> {
    list.iter().map(|&(s, r)| JsonEliminated { seat: seat_name(def, s), reason: r.as_str() }).collect()
}

/// The JSON line of a ply.
fn ply_line(def: &GameDef, p: &PublicPly) -> JsonPly {
    let record = def.record;
    let mut outcome = Outcome::Moved.as_str();
    let mut revealed = Vec::new();
    let mut out = Vec::new();
    let mut colours = serde_json::Map::new();
    for f in &p.facts {
        match *f {
            Fact::Combat { outcome: o, .. } => outcome = o.as_str(),
            Fact::Flipped { at, owner, kind } => {
                outcome = "flipped";
                revealed.push(JsonReveal { point: (record.point)(at), piece: (record.piece)(owner, kind) });
            }
            Fact::Revealed { at, owner, kind } => {
                revealed.push(JsonReveal { point: (record.point)(at), piece: (record.piece)(owner, kind) });
            }
            Fact::Colour { seat, colour } => {
                colours.insert(seat_name(def, seat), (record.side)(colour).into());
            }
            Fact::Out { seat, reason } => out.push((seat, reason)),
        }
    }
    let letters = letter_seats(def);
    let many = def.kind.seating.counts.iter().any(|&n| n > 2);
    JsonPly {
        ply: p.ply,
        side: (!letters).then(|| seat_name(def, p.seat)),
        seat: letters.then(|| seat_name(def, p.seat)),
        mv: p.action.clone(),
        outcome,
        revealed,
        eliminated: many.then(|| eliminated_json(def, &out)),
        colours: (!colours.is_empty()).then_some(colours),
    }
}

fn print_json(value: &impl Serialize) {
    out!("{}", serde_json::to_string(value).expect("plain data serialises"));
}

/// A piece in words for text output (issue 21 point 2): its English and 简体 names (`Flag 军旗`),
/// where the kind names them.
fn piece_words(def: &GameDef, kind: PieceKind) -> Option<String> {
    (def.kind.piece_label)(kind).map(|(en, zh)| format!("{en} {zh}"))
}

/// The kinds of the pieces a ply revealed, in the order `ply_line` lists them.
fn revealed_kinds(p: &PublicPly) -> impl Iterator<Item = PieceKind> + '_ {
    p.facts.iter().filter_map(|f| match *f {
        Fact::Flipped { kind, .. } | Fact::Revealed { kind, .. } => Some(kind),
        _ => None,
    })
}

/// The pieces of a combat in words where the record shows them (`Marshal 司令 × General 军长`):
/// both known (翻棋, open games, a reveal), or one of them.
fn combat_words(def: &GameDef, p: &PublicPly) -> Option<String> {
    let known = |f: Face| match f {
        Face::Known { kind, .. } | Face::Under { kind, .. } => piece_words(def, kind),
        _ => None,
    };
    p.facts.iter().find_map(|f| match *f {
        Fact::Combat { attacker, defender, .. } => match (known(attacker), known(defender)) {
            (None, None) => None,
            (a, d) => Some(format!("{} × {}", a.as_deref().unwrap_or("?"), d.as_deref().unwrap_or("?"))),
        },
        _ => None,
    })
}

/// Prints one step as a JSON line or a line of text.
fn print_step(def: &GameDef, step: &Step, json: bool) {
    match step {
        Step::Ply(p) => {
            let line = ply_line(def, p);
            if json {
                return print_json(&line);
            }
            let name = line.side.or(line.seat).unwrap_or_default();
            let mut s = format!("{:>3}. {:<4} {:<8} {}", line.ply, name, line.mv, line.outcome.replace('_', " "));
            if let Some(pieces) = combat_words(def, p) {
                s.push_str(&format!(" ({pieces})"));
            }
            for (r, kind) in line.revealed.iter().zip(revealed_kinds(p)) {
                s.push_str(&format!(
                    "; revealed {} at {}",
                    piece_words(def, kind).unwrap_or_else(|| r.piece.clone()),
                    r.point
                ));
            }
            if let Some(c) = &line.colours {
                let sides: Vec<String> = c.iter().map(|(k, v)| format!("{k} {}", v.as_str().unwrap_or("?"))).collect();
                s.push_str(&format!("; colours: {}", sides.join(", ")));
            }
            for e in line.eliminated.iter().flatten() {
                s.push_str(&format!("; {} out ({})", e.seat, e.reason.replace('_', " ")));
            }
            out!("{s}");
        }
        Step::Seat { after, seat, kind, out } => {
            let who = seat_name(def, *seat);
            if json {
                let eliminated = eliminated_json(def, out);
                return print_json(&JsonSeatEvent { after: *after, seat: who, event: kind.word(), eliminated });
            }
            let out: Vec<String> =
                out.iter().map(|&(s, r)| format!("{} ({})", seat_name(def, s), r.as_str().replace('_', " "))).collect();
            // With the setups a `stuck` seat was already reported out with the ply before.
            if out.is_empty() {
                out!("     {who}:{}", kind.word());
            } else {
                out!("     {who}:{}; out: {}", kind.word(), out.join(", "));
            }
        }
    }
}

fn parse_error(path: &Path, json: bool, line: usize, reason: &str) -> ExitCode {
    if json {
        out!("{}", serde_json::json!({"error": "parse", "line": line, "reason": reason}));
    } else {
        eprintln!("error: {}: line {line}: {reason}", path.display());
    }
    ExitCode::from(2)
}

/// Runs the command: draughts (PDN) and 跳棋 records by their own replay output, any other kind
/// through the contract.
pub fn run(path: &Path, json: bool, game: Option<usize>) -> ExitCode {
    let text = match super::read_file(path) {
        Ok(t) => t,
        Err(code) => return code,
    };
    if super::pdn::is_draughts(path, &text) {
        return super::pdn::replay(path, &text, json, game);
    }
    if super::tiaoqi::is_tiaoqi(&text) {
        return super::tiaoqi::replay(path, &text, json);
    }
    // The game, for the words of the output; a record naming none fails in the replay below.
    let def = crate::rules::contract::Envelope::parse(&text).ok().and_then(|e| e.game().ok());
    let mut steps = Vec::new();
    let outcome = replay::replay(&text, &mut steps);
    if let Some(def) = def {
        for step in &steps {
            print_step(def, step, json);
        }
    }
    match outcome {
        Ok(replay) => {
            let result = result_word(replay.def, replay.over.as_ref());
            let reason = replay.over.as_ref().map(|o| o.reason.as_str());
            if json {
                print_json(&JsonResult { result, reason });
            } else {
                match reason {
                    Some(r) => out!("result: {} ({})", result.replace('_', " "), r.replace('_', " ")),
                    None => out!("result: the game goes on"),
                }
            }
            ExitCode::SUCCESS
        }
        Err(ReplayError::Illegal { ply, mv, reason }) => {
            if json {
                print_json(&JsonIllegal { ply, error: "illegal_move", reason: format!("{mv}: {reason}") });
            } else {
                eprintln!("error: ply {ply}: illegal move {mv}: {reason}");
            }
            ExitCode::from(2)
        }
        Err(ReplayError::Parse(e)) => parse_error(path, json, e.line, &e.reason),
    }
}
