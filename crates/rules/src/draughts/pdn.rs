//! PDN 3.0 records (spec §9): a file of one or more games, read liberally (comments, variations,
//! NAGs, `:` captures, zero-padded squares, `1. ...`), written strictly; malformed input is an
//! error with its line and reason, never a panic.

use crate::contract::record::{self, Envelope, Item, ParseError, Reading, Step, perr};
use crate::contract::{Audience, Game};

use super::board::{Colour, Variant};
use super::game::{Draughts, DraughtsPly, End};
use super::notation;
use super::rules::Rules;

/// One game of a PDN file, read but not yet replayed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PdnGame {
    /// Tags in file order.
    pub tags: Vec<(String, String)>,
    /// The main line's move tokens, each with its line.
    pub moves: Vec<(String, usize)>,
    /// The result token and its line.
    pub result: Option<(String, usize)>,
    /// The line the game starts on.
    pub line: usize,
}

impl PdnGame {
    /// The value of a tag.
    pub fn tag(&self, key: &str) -> Option<&str> {
        self.tags.iter().find(|(k, _)| k.eq_ignore_ascii_case(key)).map(|(_, v)| v.as_str())
    }
}

const RESULTS: [&str; 8] = ["1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "0-0", "*"];

/// Splits a PDN file into games. Comments (`{…}`, `;…`), variations (`(…)`), NAGs (`$3`),
/// move numbers and move-strength marks (`!`, `?`) are dropped.
pub fn parse_file(text: &str) -> Result<Vec<PdnGame>, ParseError> {
    let chars: Vec<char> = text.chars().collect();
    let mut games = Vec::new();
    let mut game = PdnGame { line: 1, ..PdnGame::default() };
    let mut started = false;
    let (mut i, mut line) = (0, 1);
    // The line of the last tag or word, for an error at the end of the file.
    let mut last = 1;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\n' => line += 1,
            c if c.is_whitespace() => {}
            '%' if i == 0 || chars[i - 1] == '\n' => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
                continue;
            }
            ';' => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
                continue;
            }
            '{' | '(' => {
                let (open, close) = if c == '{' { ('{', '}') } else { ('(', ')') };
                let (start, mut depth) = (line, 0);
                loop {
                    let Some(&d) = chars.get(i) else {
                        return Err(perr(start, format!("'{open}' is never closed")));
                    };
                    if d == '\n' {
                        line += 1;
                    } else if d == open {
                        depth += 1;
                    } else if d == close {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    i += 1;
                }
            }
            '}' | ')' | ']' => return Err(perr(line, format!("'{c}' without its opening bracket"))),
            '[' => {
                if !game.moves.is_empty() || game.result.is_some() {
                    return Err(perr(line, "a tag after the moves of a game that has no result"));
                }
                let end = chars[i..].iter().position(|&d| d == ']' || d == '\n').map(|p| i + p);
                let Some(end) = end.filter(|&e| chars[e] == ']') else {
                    return Err(perr(line, "a tag line must end with ']'"));
                };
                let inner: String = chars[i..=end].iter().collect();
                last = line;
                game.tags.push(
                    parse_tag(&inner)
                        .ok_or_else(|| perr(line, format!("malformed tag {inner} (write [Key \"value\"])")))?,
                );
                if !started {
                    game.line = line;
                    started = true;
                }
                i = end;
            }
            _ => {
                let start = i;
                while i < chars.len() && !chars[i].is_whitespace() && !"{}()[];".contains(chars[i]) {
                    i += 1;
                }
                let word: String = chars[start..i].iter().collect();
                last = line;
                if !started {
                    game.line = line;
                    started = true;
                }
                if let Some(result) = word_into(&mut game, &word, line)? {
                    game.result = Some((result, line));
                    games.push(std::mem::take(&mut game));
                    started = false;
                }
                continue;
            }
        }
        i += 1;
    }
    if started {
        return Err(perr(last, "the last game has no result (1-0, 0-1, 1/2-1/2, 2-0, 0-2, 1-1 or *)"));
    }
    Ok(games)
}

/// Adds a movetext word to a game; returns the result token if the word is one.
fn word_into(game: &mut PdnGame, word: &str, line: usize) -> Result<Option<String>, ParseError> {
    if RESULTS.contains(&word) {
        return Ok(Some(word.to_string()));
    }
    if word.starts_with('$') {
        return Ok(None);
    }
    // A move number, possibly touching its move (`1.11-15`, `12...`).
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    let mut rest = word;
    if digits > 0 && word[digits..].starts_with('.') {
        rest = word[digits..].trim_start_matches('.');
    }
    let mv = rest.trim_end_matches(['!', '?']);
    // An ellipsis alone (`1. ...`) stands for the move the other side did not make here.
    if mv.is_empty() || mv.bytes().all(|b| b == b'.') {
        return Ok(None);
    }
    if !mv.chars().all(|c| c.is_ascii_alphanumeric() || "-x:X".contains(c)) {
        return Err(perr(line, format!("'{word}' is not a move")));
    }
    game.moves.push((mv.to_string(), line));
    Ok(None)
}

fn parse_tag(text: &str) -> Option<(String, String)> {
    let inner = text.strip_prefix('[')?.strip_suffix(']')?.trim();
    let (key, rest) = inner.split_once(char::is_whitespace)?;
    let quoted = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(chars.next()?),
            '"' => return None,
            c => value.push(c),
        }
    }
    (!key.is_empty() && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')).then(|| (key.to_string(), value))
}

/// The variant a game's tags name: `GameType` (20, 21 or 27), else our `Variant` tag.
fn variant_of(game: &PdnGame) -> Result<Variant, ParseError> {
    let line = game.line;
    if let Some(t) = game.tag("GameType") {
        let number = t.split(',').next().unwrap_or("").trim();
        return number
            .parse()
            .ok()
            .and_then(Variant::from_pdn_number)
            .ok_or_else(|| perr(line, format!("GameType {t} is not a draughts game played here (20, 21 or 27)")));
    }
    match game.tag("Variant") {
        Some(v) => Variant::from_name(v).ok_or_else(|| perr(line, format!("unknown Variant '{v}'"))),
        None => Err(perr(line, "no GameType tag and no Variant tag: which draughts game is this?")),
    }
}

/// Why a game of a PDN file does not replay: it cannot start or is malformed (a parse error with
/// its line), or one of its moves is illegal at its ply.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PdnError {
    /// The game cannot start, or its text is malformed.
    #[error("line {}: {}", .0.line, .0.reason)]
    Parse(ParseError),
    /// A move that does not read or is not legal at its ply.
    #[error("line {line}: ply {ply}: illegal move {token}: {reason}")]
    Illegal {
        /// 1-based.
        ply: u32,
        /// The move as written.
        token: String,
        /// Its line.
        line: usize,
        /// Why.
        reason: String,
    },
}

/// Replays one game: its moves, then the end its tags and result give where the position has
/// not decided it (spec §9: the position, then `Winner`, then `Result` read White-first).
pub fn replay(game: &PdnGame) -> Result<(Draughts, Vec<DraughtsPly>), ParseError> {
    replay_states(game, &mut |_| {})
}

/// [`replay`], showing `on_state` the game at the start, after each move and after the end the
/// tags give.
pub fn replay_states(
    game: &PdnGame,
    on_state: &mut dyn FnMut(&Draughts),
) -> Result<(Draughts, Vec<DraughtsPly>), ParseError> {
    let mut plies = Vec::new();
    // Whether the moves ended the game (else the tags may end it after them: a state of its own).
    let mut ended = false;
    let g = replay_each(game, &mut |g, p| {
        plies.extend(p.cloned());
        ended = g.end().is_some();
        on_state(g);
    })
    .map_err(|e| match e {
        PdnError::Parse(e) => e,
        PdnError::Illegal { ply, token, line, reason } => {
            perr(line, format!("ply {ply}: illegal move {token}: {reason}"))
        }
    })?;
    if g.end().is_some() && !ended {
        on_state(&g);
    }
    Ok((g, plies))
}

/// [`replay`], handing the game to `each` at the start (`None`) and after each ply as it is played
/// (so that the plies before an illegal one are seen), with an illegal move told apart from a
/// malformed file.
pub fn replay_each(
    game: &PdnGame,
    each: &mut dyn FnMut(&Draughts, Option<&DraughtsPly>),
) -> Result<Draughts, PdnError> {
    let parse = PdnError::Parse;
    let v = variant_of(game).map_err(parse)?;
    let line = game.line;
    let bad = |e: String| PdnError::Parse(perr(line, e));
    let mut rules = Rules::parse(v, game.tag("Rules").unwrap_or("")).map_err(bad)?;
    if let Some(fen) = game.tag("FEN") {
        rules.fen = Some(notation::write_fen(&notation::parse_fen(v, fen).map_err(bad)?));
    }
    let mut g = Draughts::new(v, rules).map_err(bad)?;
    each(&g, None);
    for (i, (token, at)) in game.moves.iter().enumerate() {
        if let Some((end, _)) = g.end() {
            return Err(parse(perr(*at, format!("move {token} after the game ended ({})", end.as_str()))));
        }
        let illegal = |reason: String| PdnError::Illegal { ply: i as u32 + 1, token: token.clone(), line: *at, reason };
        let colour = g.position().to_move;
        let mv = g.read_move(colour, token).map_err(|e| illegal(e.to_string()))?;
        let ply = g.play_move(mv).map_err(|r| illegal(r.to_string()))?;
        each(&g, Some(&ply));
    }
    let result = game.result.as_ref().map(|(r, _)| r.as_str());
    if let (Some(tag), Some(r)) = (game.tag("Result"), result)
        && tag != r
    {
        return Err(parse(perr(line, format!("Result tag says {tag} but the movetext ends {r}"))));
    }
    if g.end().is_none() {
        let winner = match game.tag("Winner").map(str::to_ascii_lowercase).as_deref() {
            Some("black") => Some(Some(Colour::Black)),
            Some("white") => Some(Some(Colour::White)),
            Some("none") => Some(None),
            Some(w) => return Err(bad(format!("Winner '{w}' is not black, white or none"))),
            None => match result.or(game.tag("Result")) {
                Some("1-0" | "2-0") => Some(Some(Colour::White)),
                Some("0-1" | "0-2") => Some(Some(Colour::Black)),
                Some("1/2-1/2" | "1-1" | "0-0") => Some(None),
                _ => None,
            },
        };
        let timeout = game.tag("Termination").is_some_and(|t| t.eq_ignore_ascii_case("timeout"));
        match winner {
            Some(Some(c)) => {
                g.leave_as(c.opposite(), if timeout { End::Timeout } else { End::Resign });
            }
            Some(None) => {
                g.draw_agreed();
            }
            None => {}
        }
    }
    Ok(g)
}

/// Reads every game of a PDN file and replays it.
pub fn import(text: &str) -> Result<Vec<Draughts>, ParseError> {
    parse_file(text)?.iter().map(|g| replay(g).map(|(g, _)| g)).collect()
}

/// The result token of a game (White's score first, as PDN writes it).
pub fn result_token(g: &Draughts) -> &'static str {
    let intl = g.variant() != Variant::English;
    match g.end() {
        None => "*",
        Some((_, None)) => {
            if intl {
                "1-1"
            } else {
                "1/2-1/2"
            }
        }
        Some((_, Some(Colour::White))) => {
            if intl {
                "2-0"
            } else {
                "1-0"
            }
        }
        Some((_, Some(Colour::Black))) => {
            if intl {
                "0-2"
            } else {
                "0-1"
            }
        }
    }
}

/// Writes a game as PDN: `tags` first (Event, Date, Black, White … as given), then `Result`,
/// `GameType`, `FEN` for a set position, `Format`, `Variant`, `Rules` when not the defaults,
/// `Winner` once over, `Termination` for resign and timeout; then the numbered moves.
pub fn export(g: &Draughts, tags: &[(&str, &str)]) -> String {
    let v = g.variant();
    let result = result_token(g);
    let mut out: Vec<(String, String)> = tags.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    out.push(("Result".into(), result.into()));
    out.push(("GameType".into(), v.game_type().into()));
    let mut rules = g.rules().clone();
    if let Some(fen) = rules.fen.take() {
        out.push(("FEN".into(), fen));
    }
    out.push(("Format".into(), "jqr/1".into()));
    out.push(("Variant".into(), v.name().into()));
    let options = rules.normal(v);
    if !options.is_empty() {
        out.push(("Rules".into(), options));
    }
    if let Some((end, winner)) = g.end() {
        out.push(("Winner".into(), winner.map_or("none", Colour::key).into()));
        if matches!(end, End::Resign | End::Timeout) {
            out.push(("Termination".into(), end.as_str().into()));
        }
    }
    let mut tokens = Vec::new();
    let mut colour = g.start_position().to_move;
    let mut number = 1;
    for (i, t) in g.tokens().iter().enumerate() {
        if colour == v.first() {
            tokens.push(format!("{number}. {t}"));
        } else {
            if i == 0 {
                tokens.push(format!("{number}. ..."));
            }
            tokens.push(t.clone());
            number += 1;
        }
        colour = colour.opposite();
    }
    tokens.push(result.to_string());
    write(&out, &tokens)
}

/// Tags, a blank line, then the movetext wrapped at 80 columns with the result on its last line
/// (as PDN files and spec §9's example have it).
fn write(tags: &[(String, String)], tokens: &[String]) -> String {
    let mut out = String::new();
    for (k, v) in tags {
        out.push_str(&format!("[{k} \"{}\"]\n", v.replace('\\', "\\\\").replace('"', "\\\"")));
    }
    out.push('\n');
    let mut line = String::new();
    for t in tokens {
        if !line.is_empty() && line.len() + 1 + t.len() > 80 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(t);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// The game as far as its first `n` moves: the later moves, the result and the tags that end it
/// (`Winner`, `Termination`) cut, so that the position after `n` plies is what replays.
pub fn cut(mut game: PdnGame, n: usize) -> PdnGame {
    game.moves.truncate(n);
    game.result = None;
    game.tags.retain(|(k, _)| !["result", "winner", "termination"].contains(&k.to_ascii_lowercase().as_str()));
    game
}

/// The generic replayer's way into a PDN record read as a `.jqr` envelope (it has a `GameType`
/// tag): the moves are replayed here, by PDN's rules for results, and the plies handed over as
/// public steps.
pub fn reading(env: &Envelope) -> Result<Reading, ParseError> {
    let mut game = PdnGame { tags: env.tags.clone(), line: 1, ..PdnGame::default() };
    for item in &env.items {
        match item {
            Item::Action { token, line, .. } if RESULTS.contains(&token.as_str()) => {
                game.result = Some((token.clone(), *line));
            }
            Item::Action { token, line, .. } => game.moves.push((token.clone(), *line)),
            Item::Seat { token, line } => return Err(perr(*line, format!("'{token}' is not PDN movetext"))),
            Item::Word { word, line } => {
                return Err(perr(*line, format!("'{}' is not PDN movetext: write a Termination tag", word.word())));
            }
        }
    }
    if !env.result.is_empty() {
        game.result = Some((env.result.clone(), env.result_line));
    }
    Ok(Reading::Own(Box::new(move |steps: &mut Vec<Step>, on_state: &mut dyn FnMut(&dyn crate::contract::AnyGame)| {
        let (g, plies) = replay_states(&game, &mut |g| on_state(g)).map_err(record::ReplayError::Parse)?;
        steps.extend(plies.iter().map(|p| Step::Ply(g.public_ply(p, Audience::Public))));
        Ok(Game::over(&g))
    })))
}
