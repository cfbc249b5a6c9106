//! Records (spec §7, §10.5, §10.16) and the replay output (§8): tags `Seats`, `Teams`, `First`,
//! `Rules`; moves prefixed by their seat (`s:l2-j4-n4`), numbered by round; `<seat>:resign`,
//! `<seat>:timeout`, `draw`; the result as the finishing order (`s=ne>n>nw`, `*`).
//!
//! The shared `.jqr` envelope reads the tags and splits the movetext; a seat-prefixed move is one
//! of its seat events to it and the result one of its action tokens, so this reader interprets
//! the items itself. Through the contract's replay it runs as a [`Reading::Own`] replay, which
//! shows every state (so that images of a record can be drawn).

use std::fmt::Write as _;

use crate::contract::record::{self, Envelope, Item, ParseError, Reading, ReplayError, SeatEventKind, Step, perr};
use crate::contract::{AnyGame, Game, Leave};
use crate::game::EndReason;
use crate::seat::Seat;

use super::board::{self, Side};
use super::game::{Tiaoqi, TiaoqiPly};
use super::movegen::{Kind, Move};
use super::position::{sides_for, team_sides};
use super::race;
use super::rules::{Rules, Teams};

/// Why a record does not replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// The record cannot start or is malformed.
    Parse(ParseError),
    /// A ply (counted as the output counts them: moves and leaves) is wrong.
    Illegal {
        /// 1-based.
        ply: u32,
        /// Why.
        reason: String,
    },
}

impl RecordError {
    /// The §10.16 error line.
    pub fn json(&self) -> String {
        match self {
            RecordError::Parse(e) => {
                format!("{{\"error\":\"parse\",\"line\":{},\"reason\":{}}}", e.line, quote(&e.reason))
            }
            RecordError::Illegal { ply, .. } => format!("{{\"ply\":{ply},\"error\":\"illegal_move\"}}"),
        }
    }
}

fn quote(s: &str) -> String {
    let mut out = String::from('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A replayed record: the game at its end and the §8 lines (without the result line).
pub struct Replay {
    /// The game after the last item.
    pub game: Tiaoqi,
    /// One JSON line per ply and leave.
    pub lines: Vec<String>,
    /// The contract's steps, for [`Reading::Own`].
    pub steps: Vec<Step>,
}

/// A place in halves as §8 writes it (`1`, `1.5`).
fn place(h: u16) -> String {
    if h.is_multiple_of(2) { (h / 2).to_string() } else { format!("{}.5", h / 2) }
}

/// The team strings of a game (`s+n`), in grouping order.
pub fn team_names(t: Teams) -> Vec<String> {
    team_sides(t).iter().map(|g| g.iter().map(|s| s.key()).collect::<Vec<_>>().join("+")).collect()
}

/// The result token (spec §7): seats by place, `=` within a shared place; `*` while going on.
pub fn result_token(g: &Tiaoqi) -> String {
    if g.end().is_none() {
        return "*".into();
    }
    let mut seats: Vec<usize> = (0..g.layout.players()).collect();
    seats.sort_by_key(|&s| (g.places()[s], s));
    let mut out = String::new();
    for (i, &s) in seats.iter().enumerate() {
        if i > 0 {
            out.push(if g.places()[s] == g.places()[seats[i - 1]] { '=' } else { '>' });
        }
        out.push_str(g.layout.sides[s].key());
    }
    out
}

/// The §8 result line.
pub fn result_json(g: &Tiaoqi) -> String {
    let layout = &g.layout;
    let places: Vec<String> = (0..layout.players())
        .filter_map(|s| g.places()[s].map(|h| format!("{}:{}", quote(layout.sides[s].key()), place(h))))
        .collect();
    let teams = if layout.teams == Teams::Off || g.end().is_none() {
        "null".to_string()
    } else {
        let full: Vec<u16> = g.places().iter().map(|p| p.unwrap_or(0)).collect();
        let sums = race::team_sums(&layout.team, &full, race::team_count(layout.teams, layout.players()));
        let names = team_names(layout.teams);
        let parts: Vec<String> =
            names.iter().zip(&sums).map(|(n, &h)| format!("{}:{}", quote(n), place(h as u16))).collect();
        format!("{{{}}}", parts.join(","))
    };
    let result = if g.end().is_some() { "ranked" } else { "ongoing" };
    let mut out = format!("{{\"result\":\"{result}\",\"places\":{{{}}},\"teams\":{teams}", places.join(","));
    if layout.rules.all_home && !g.winners().is_empty() {
        let names = team_names(layout.teams);
        let w: Vec<String> = g.winners().iter().map(|&t| quote(&names[usize::from(t)])).collect();
        let _ = write!(out, ",\"winner\":[{}]", w.join(","));
    }
    let reason = g.end().map_or("null".to_string(), |e| quote(e.word()));
    let _ = write!(out, ",\"reason\":{reason}}}");
    out
}

/// The §8 line of a ply, numbered `n`.
pub fn ply_json(g: &Tiaoqi, p: &TiaoqiPly, n: u32) -> String {
    let side = g.layout.sides[usize::from(p.seat)].key();
    let mut out = format!("{{\"ply\":{n},\"seat\":\"{side}\",\"move\":{}", quote(&p.token));
    match (p.mv, p.kind) {
        (Move::Pass, _) | (_, None) => out.push_str(",\"outcome\":\"passed\""),
        (_, Some(Kind::Step)) => out.push_str(",\"outcome\":\"moved\""),
        (_, Some(Kind::Hops(h))) => {
            let _ = write!(out, ",\"outcome\":\"jumped\",\"hops\":{h}");
        }
        (_, Some(Kind::Swap)) => {
            let (o, from, to) = p.displaced.expect("a swap displaces");
            let _ = write!(
                out,
                ",\"outcome\":\"swapped\",\"displaced\":{{\"seat\":\"{}\",\"from\":\"{}\",\"to\":\"{}\"}}",
                g.layout.sides[usize::from(o)].key(),
                board::name(from),
                board::name(to)
            );
        }
    }
    if p.finished {
        let _ = write!(out, ",\"finished\":{{\"round\":{}}}", p.round);
    }
    out.push('}');
    out
}

/// Reads the tags into a game (spec §10.5): `Seats`, `Teams`, `First`, `Rules`.
pub fn start_of(env: &Envelope) -> Result<Tiaoqi, ParseError> {
    if let Some(v) = env.tag("Variant")
        && !v.trim().eq_ignore_ascii_case("tiaoqi")
    {
        return Err(perr(env.tag_line("Variant"), format!("variant '{v}' is not tiaoqi")));
    }
    let line = env.tag_line("Seats");
    let seats_tag = env.tag("Seats").ok_or_else(|| perr(1, "missing Seats tag"))?;
    let keys: Vec<&str> = seats_tag.split_whitespace().map(|e| e.split_once(':').map_or(e, |(k, _)| k)).collect();
    let sides: Vec<Side> = keys
        .iter()
        .map(|k| Side::from_key(k).ok_or_else(|| perr(line, format!("no seat '{k}'"))))
        .collect::<Result<_, _>>()?;
    let n = sides.len() as u8;
    if sides_for(n) != Some(&sides[..]) {
        return Err(perr(line, format!("'{seats_tag}' is not a seating of 2, 3, 4 or 6 players in turn order from s")));
    }
    let rules_line = env.tag_line("Rules");
    let text = env.tag("Rules").unwrap_or("");
    if text.split_whitespace().any(|w| w.to_lowercase().starts_with("teams=")) {
        return Err(perr(rules_line, "teams belong in the Teams tag"));
    }
    let mut rules = Rules::parse(text).map_err(|e| perr(rules_line, e))?;
    if let Some(t) = env.tag("Teams") {
        let tl = env.tag_line("Teams");
        let wanted = canon(t);
        let found = [Teams::Off, Teams::TwoByTwo, Teams::ThreeByTwo, Teams::TwoByThree]
            .into_iter()
            .find(|&g| g.fits(n) && canon(&teams_text(g)) == wanted)
            .ok_or_else(|| perr(tl, format!("'{t}' is not a grouping offered for {n} players")))?;
        rules.teams = Some(found);
    }
    rules.check(n).map_err(|e| perr(rules_line, e))?;
    let first = match env.tag("First") {
        None => 0,
        Some(f) => Side::from_key(f)
            .and_then(|s| sides.iter().position(|&x| x == s))
            .ok_or_else(|| perr(env.tag_line("First"), format!("'{f}' is not seated")))? as u8,
    };
    let layout = super::position::Layout::new(n, rules).expect("a checked seating");
    Ok(Tiaoqi::new(layout, first))
}

/// A `Teams` value as records write it: `-`, or the groups (`s+n ne+sw`).
pub fn teams_text(t: Teams) -> String {
    if t == Teams::Off { "-".into() } else { team_names(t).join(" ") }
}

/// A grouping text with groups and members sorted, to compare groupings written in any order.
fn canon(text: &str) -> Vec<Vec<String>> {
    let mut groups: Vec<Vec<String>> = text
        .split_whitespace()
        .filter(|g| *g != "-")
        .map(|g| {
            let mut m: Vec<String> = g.split('+').map(|s| s.trim().to_lowercase()).collect();
            m.sort();
            m
        })
        .collect();
    groups.sort();
    groups
}

/// Replays a record's text.
pub fn replay(text: &str) -> Result<Replay, RecordError> {
    let env = Envelope::parse(text).map_err(RecordError::Parse)?;
    replay_env(&env)
}

/// Replays a read envelope: tags, then each item, then the result checked.
pub fn replay_env(env: &Envelope) -> Result<Replay, RecordError> {
    let (mut lines, mut steps) = (Vec::new(), Vec::new());
    let game = replay_into(env, &mut lines, &mut steps, &mut |_| {})?;
    Ok(Replay { game, lines, steps })
}

/// Replays a read envelope, pushing the §8 line and the contract's step of each item as it
/// goes (so that they are there up to an error).
/// `on_state` sees the game at the start and after each item that changes it.
fn replay_into(
    env: &Envelope,
    lines: &mut Vec<String>,
    steps: &mut Vec<Step>,
    on_state: &mut dyn FnMut(&Tiaoqi),
) -> Result<Tiaoqi, RecordError> {
    let mut g = start_of(env).map_err(RecordError::Parse)?;
    on_state(&g);
    let mut n = 0u32;
    let mut result: Option<(String, usize)> = (!env.result.is_empty()).then(|| (env.result.clone(), env.result_line));
    let last = env.items.len();
    for (i, item) in env.items.iter().enumerate() {
        match item {
            Item::Action { token, line, .. } if i + 1 == last && result.is_none() => {
                result = Some((token.clone(), *line));
            }
            Item::Action { token, line, .. } => {
                return Err(RecordError::Parse(perr(*line, format!("'{token}': a move needs its seat (s:m3-l4)"))));
            }
            Item::Word { word, line } => {
                if word.word() != "draw" || g.layout.players() != 2 {
                    return Err(RecordError::Parse(perr(
                        *line,
                        format!("'{}' is not a terminal word here", word.word()),
                    )));
                }
                if !g.draw_agreed() {
                    return Err(RecordError::Parse(perr(*line, "'draw' after the end")));
                }
                on_state(&g);
            }
            Item::Seat { token, line } => {
                n += 1;
                let illegal = |reason: String| RecordError::Illegal { ply: n, reason };
                let (who, what) = token.split_once(':').expect("a seat item has a colon");
                let side =
                    Side::from_key(who).ok_or_else(|| RecordError::Parse(perr(*line, format!("no seat '{who}'"))))?;
                let seat = g
                    .layout
                    .sides
                    .iter()
                    .position(|&s| s == side)
                    .ok_or_else(|| illegal(format!("{who} is not seated")))? as u8;
                if g.end().is_some() {
                    return Err(illegal("the game is over".into()));
                }
                match what.to_lowercase().as_str() {
                    w @ ("resign" | "timeout") => {
                        let timeout = w == "timeout";
                        if timeout && seat != g.seat_to_move() {
                            return Err(illegal(format!("only the seat to move may time out, not {who}")));
                        }
                        let why = if timeout { Leave::Timeout } else { Leave::Resign };
                        let before = g.plies();
                        if Game::leave(&mut g, Seat(seat), why).out.is_empty() {
                            return Err(illegal(format!("{who} does not race")));
                        }
                        let outcome = if timeout { "timed_out" } else { "resigned" };
                        lines.push(format!(
                            "{{\"ply\":{n},\"seat\":\"{who}\",\"move\":\"{w}\",\"outcome\":\"{outcome}\"}}"
                        ));
                        let kind = if timeout { SeatEventKind::Timeout } else { SeatEventKind::Resign };
                        let reason = if timeout { EndReason::Timeout } else { EndReason::Resign };
                        steps.push(Step::Seat {
                            after: before,
                            seat: Seat(seat),
                            kind,
                            out: vec![(Seat(seat), reason)],
                        });
                    }
                    mv => {
                        if seat != g.seat_to_move() {
                            return Err(illegal(format!("{who} is not to move")));
                        }
                        if mv.contains(char::is_whitespace) {
                            return Err(illegal("a recorded move is one dashed token".into()));
                        }
                        let action = Game::parse_action(&g, Seat(seat), mv).map_err(|e| illegal(e.to_string()))?;
                        let ply = Game::play(&mut g, Seat(seat), action).map_err(|e| illegal(e.to_string()))?;
                        lines.push(ply_json(&g, &ply, n));
                        steps.push(Step::Ply(Game::public_ply(&g, &ply, crate::contract::Audience::Public)));
                    }
                }
                on_state(&g);
            }
        }
    }
    let (written, line) = result.ok_or_else(|| RecordError::Parse(perr(env.result_line, "no result token")))?;
    let actual = result_token(&g);
    if !written.eq_ignore_ascii_case(&actual) {
        return Err(RecordError::Parse(perr(line, format!("the result is {written} but the moves give {actual}"))));
    }
    if let Some(tag) = env.tag("Result")
        && !tag.eq_ignore_ascii_case(&actual)
    {
        return Err(RecordError::Parse(perr(
            env.tag_line("Result"),
            format!("Result tag says {tag} but the moves give {actual}"),
        )));
    }
    Ok(g)
}

/// The §8 output of a record: one line per ply and leave, then the result line; or, where the
/// record goes wrong, the error line (after the plies before it).
pub fn replay_json(text: &str) -> Vec<String> {
    let env = match Envelope::parse(text) {
        Ok(env) => env,
        Err(e) => return vec![RecordError::Parse(e).json()],
    };
    let mut lines = Vec::new();
    match replay_into(&env, &mut lines, &mut Vec::new(), &mut |_| {}) {
        Ok(g) => lines.push(result_json(&g)),
        Err(e) => lines.push(e.json()),
    }
    lines
}

/// The contract's reading of a record: its own replay, run when the contract's replayer asks.
pub fn reading(env: &Envelope) -> Result<Reading, ParseError> {
    // The start is checked now, so that a record that cannot start is a parse error at once.
    start_of(env)?;
    let env = env.clone();
    Ok(Reading::Own(Box::new(move |steps: &mut Vec<Step>, on_state: &mut dyn FnMut(&dyn AnyGame)| {
        match replay_into(&env, &mut Vec::new(), steps, &mut |g| on_state(g)) {
            Ok(g) => Ok(Game::over(&g)),
            Err(RecordError::Parse(e)) => Err(ReplayError::Parse(e)),
            Err(RecordError::Illegal { ply, reason }) => Err(ReplayError::Illegal { ply, mv: String::new(), reason }),
        }
    })))
}

/// The record as far as its first `n` plies (moves and leaves, as the output counts them): the
/// later items, an agreed draw and the result cut, so that the position after them replays.
pub fn cut(mut env: Envelope, n: usize) -> Envelope {
    let mut seen = 0;
    env.items.retain(|i| match i {
        Item::Seat { .. } => {
            seen += 1;
            seen <= n
        }
        // A word, or the result token written after the moves.
        Item::Word { .. } | Item::Action { .. } => false,
    });
    env.result = "*".into();
    env.tags.retain(|(k, _)| !k.eq_ignore_ascii_case("Result"));
    env
}

/// One item of a record being written, with the round it happened in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The round (move numbers count rounds).
    pub round: u32,
    /// `s:m3-l4`, `n:resign`, `draw`.
    pub text: String,
}

/// The entry of a ply.
pub fn ply_entry(g: &Tiaoqi, p: &TiaoqiPly) -> Entry {
    Entry { round: p.round, text: format!("{}:{}", g.layout.sides[usize::from(p.seat)].key(), p.token) }
}

/// The entry of a leave, before it is applied.
pub fn leave_entry(g: &Tiaoqi, seat: u8, why: Leave) -> Entry {
    let w = if why == Leave::Resign { "resign" } else { "timeout" };
    Entry { round: g.round(), text: format!("{}:{w}", g.layout.sides[usize::from(seat)].key()) }
}

/// Writes the record of a game: tags, the entries numbered by round, the result.
pub fn write(g: &Tiaoqi, players: &[String], entries: &[Entry], date: Option<&str>) -> String {
    let l = &g.layout;
    let mut tags = vec![("Format".to_string(), "jqr/1".to_string()), ("Variant".into(), "tiaoqi".into())];
    let words = l.rules.rules_words();
    if !words.is_empty() {
        tags.push(("Rules".into(), words.join(" ")));
    }
    let seats: Vec<String> = l
        .sides
        .iter()
        .enumerate()
        .map(|(i, s)| format!("{}:{}", s.key(), players.get(i).map_or("?", String::as_str)))
        .collect();
    tags.push(("Seats".into(), seats.join(" ")));
    tags.push(("Teams".into(), teams_text(l.teams)));
    tags.push(("First".into(), l.sides[usize::from(g.first())].key().into()));
    if let Some(d) = date {
        tags.push(("Date".into(), d.into()));
    }
    let result = result_token(g);
    tags.push(("Result".into(), result.clone()));
    let mut tokens = Vec::new();
    let mut round = 0;
    for e in entries {
        if e.round != round && e.text != "draw" {
            round = e.round;
            tokens.push(format!("{round}. {}", e.text));
        } else {
            tokens.push(e.text.clone());
        }
    }
    record::write(&tags, tokens, &result)
}
