//! The record format family (`.jqr`, `notation.md`): one envelope for every catalogued game —
//! tags, movetext of the game's action tokens with optional outcome marks, seat events
//! (`W:resign`), terminal words and the result — read and written here once. What the tokens
//! and the game's own tags mean is the game's: its [`RecordDef`] in the catalogue reads them into
//! a [`super::Start`] (or a public-only replay when the record hides the start), and
//! [`super::replay`] plays them through [`super::AnyGame`].

use std::fmt::Write as _;

use crate::board::PointId;
use crate::combat::Outcome;
use crate::echo::{MAX_ACTION_BYTES, echo};
use crate::game::EndReason;
use crate::piece::PieceKind;
use crate::seat::Seat;

use super::catalog::{self, GameDef, Start};
use super::ply::{Over, PublicPly};

/// A record that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {reason}")]
pub struct ParseError {
    /// 1-based line.
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

/// A parse error at a line.
pub fn perr(line: usize, reason: impl Into<String>) -> ParseError {
    ParseError { line, reason: reason.into() }
}

/// Why a replay stopped.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The record is malformed (including bad tags and illegal setups).
    #[error("{0}")]
    Parse(ParseError),
    /// A move is illegal at its ply.
    #[error("ply {ply}: illegal move {mv}: {reason}")]
    Illegal {
        /// 1-based ply.
        ply: u32,
        /// The move as written.
        mv: String,
        /// Why.
        reason: String,
    },
}

/// How a game ended other than by the rules, written as a word in the movetext.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Terminal {
    /// `resign`.
    Resign,
    /// `timeout`.
    Timeout,
    /// `draw` (agreed).
    Draw,
}

impl Terminal {
    /// The movetext word.
    pub fn word(self) -> &'static str {
        match self {
            Terminal::Resign => "resign",
            Terminal::Timeout => "timeout",
            Terminal::Draw => "draw",
        }
    }

    fn from_word(word: &str) -> Option<Terminal> {
        [Terminal::Resign, Terminal::Timeout, Terminal::Draw].into_iter().find(|t| t.word() == word)
    }
}

/// What a seat event says (`W:resign`): games of more than two seats go on without a seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum SeatEventKind {
    /// `X:resign`: the seat resigned; its army leaves the board.
    Resign,
    /// `X:timeout`: the seat's deadline passed at its turn.
    Timeout,
    /// `X:stuck`: the seat had no legal move at its turn (written by the referee).
    Stuck,
    /// `X:skip`: the seat's deadline passed and its turn was skipped (`on-timeout=skip:N`); the
    /// seat stays in play.
    Skip,
}

impl SeatEventKind {
    /// The movetext word.
    pub fn word(self) -> &'static str {
        match self {
            SeatEventKind::Resign => "resign",
            SeatEventKind::Timeout => "timeout",
            SeatEventKind::Stuck => "stuck",
            SeatEventKind::Skip => "skip",
        }
    }

    /// The word read back, any case.
    pub fn from_word(word: &str) -> Option<SeatEventKind> {
        [SeatEventKind::Resign, SeatEventKind::Timeout, SeatEventKind::Stuck, SeatEventKind::Skip]
            .into_iter()
            .find(|k| k.word() == word.to_lowercase())
    }

    /// The elimination reason it stands for (a skip eliminates no one: its timeout).
    pub fn reason(self) -> EndReason {
        match self {
            SeatEventKind::Resign => EndReason::Resign,
            SeatEventKind::Timeout | SeatEventKind::Skip => EndReason::Timeout,
            SeatEventKind::Stuck => EndReason::NoLegalMove,
        }
    }
}

/// One item of movetext, in file order. Move numbers are not kept: writers make them again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// An action token as written, with the outcome mark that follows it (`c6-c7 {x}`).
    Action {
        /// The token.
        token: String,
        /// Its public outcome, when annotated.
        mark: Option<Outcome>,
        /// The line it was read from.
        line: usize,
    },
    /// A seat event (`W:resign`), as written.
    Seat {
        /// The token.
        token: String,
        /// The line.
        line: usize,
    },
    /// A terminal word.
    Word {
        /// Which.
        word: Terminal,
        /// The line.
        line: usize,
    },
}

/// The result tokens.
pub const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// A record read as the envelope every game shares; tokens not yet interpreted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Envelope {
    /// Tags in file order, values unescaped.
    pub tags: Vec<(String, String)>,
    /// The movetext.
    pub items: Vec<Item>,
    /// The result token (`1-0`, `0-1`, `1/2-1/2`, `*`).
    pub result: String,
    /// Line of the result token.
    pub result_line: usize,
}

impl Envelope {
    /// The value of a tag.
    pub fn tag(&self, key: &str) -> Option<&str> {
        self.tags.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// The line a tag was on (tags start at line 1).
    pub fn tag_line(&self, key: &str) -> usize {
        self.tags.iter().position(|(k, _)| k == key).map_or(1, |i| i + 1)
    }

    /// The number of action tokens.
    pub fn plies(&self) -> usize {
        self.items.iter().filter(|i| matches!(i, Item::Action { .. })).count()
    }

    /// The catalogued game the `Variant` tag names (Junqi when absent, as in version 1).
    pub fn game(&self) -> Result<&'static GameDef, ParseError> {
        let name = self.tag("Variant").unwrap_or("junqi");
        catalog::all().iter().copied().find(|d| d.kind.record_tag.eq_ignore_ascii_case(name.trim())).ok_or_else(|| {
            let known: Vec<&str> = catalog::all().iter().map(|d| d.kind.record_tag).collect();
            perr(self.tag_line("Variant"), format!("unknown variant '{name}' (known: {})", known.join(", ")))
        })
    }

    /// Reads the envelope: tags, then movetext up to the result. Checks the format version; the
    /// tokens are the game's to read, and [`Envelope::check_result`] checks the result after them.
    pub fn parse(text: &str) -> Result<Envelope, ParseError> {
        let mut tags = Vec::new();
        let mut lines = text.lines().enumerate().peekable();
        while let Some((i, line)) = lines.peek().copied() {
            let t = line.trim();
            if !t.starts_with('[') {
                break;
            }
            lines.next();
            tags.push(
                parse_tag(t)
                    .ok_or_else(|| perr(i + 1, format!("malformed tag line: {} (write [Key \"value\"])", echo(t))))?,
            );
        }
        let mut env = Envelope { tags, items: Vec::new(), result: String::new(), result_line: 0 };
        if let Some(f) = env.tag("Format")
            && f != "jqr/1"
        {
            return Err(perr(env.tag_line("Format"), format!("unsupported format '{f}' (this reader takes jqr/1)")));
        }
        let mut result: Option<(String, usize)> = None;
        for (i, line) in lines {
            let ln = i + 1;
            // Braces may touch the move (`c6-c7{x}`): give them room before splitting.
            let spaced = line.replace('{', " {").replace('}', "} ");
            for token in spaced.split_whitespace() {
                // No game's token is this long: refused here, every later message quotes a
                // token of bounded length and no game's reader sees a wall of text.
                if token.len() > MAX_ACTION_BYTES {
                    let quoted = echo(token);
                    return Err(perr(
                        ln,
                        format!("'{quoted}' is longer than any token ({MAX_ACTION_BYTES} bytes at most)"),
                    ));
                }
                if result.is_some() {
                    return Err(perr(ln, format!("'{token}' after the result")));
                }
                if RESULTS.contains(&token) {
                    result = Some((token.to_string(), ln));
                } else if token.starts_with('{') {
                    let inner = token.trim_start_matches('{').trim_end_matches('}');
                    let mark = Outcome::from_mark(inner).ok_or_else(|| {
                        perr(ln, format!("unknown outcome mark '{token}' (use {{x}} {{/}} {{=}} {{F}})"))
                    })?;
                    let last = env
                        .items
                        .iter_mut()
                        .rev()
                        .find_map(|i| match i {
                            Item::Action { mark, .. } => Some(mark),
                            _ => None,
                        })
                        .ok_or_else(|| perr(ln, format!("outcome mark '{token}' before any move")))?;
                    if last.is_some() {
                        return Err(perr(ln, format!("second outcome mark '{token}' on one move")));
                    }
                    *last = Some(mark);
                } else if token.ends_with('.') && token.trim_end_matches('.').chars().all(|c| c.is_ascii_digit()) {
                    // A move number; checked loosely, as readers of PGN do.
                } else if token.contains(':') {
                    env.items.push(Item::Seat { token: token.to_string(), line: ln });
                } else if let Some(word) = Terminal::from_word(token) {
                    env.items.push(Item::Word { word, line: ln });
                } else {
                    env.items.push(Item::Action { token: token.to_string(), mark: None, line: ln });
                }
            }
        }
        // A missing result is reported by `check_result`, after the game's reader has had its
        // say on the tokens: the first error in the text is the one a reader is told.
        let (result, result_line) = result.unwrap_or_else(|| (String::new(), text.lines().count().max(1)));
        env.result = result;
        env.result_line = result_line;
        Ok(env)
    }

    /// Checks the result: present, and what the `Result` tag says. Game readers call it after
    /// reading the tokens.
    pub fn check_result(&self) -> Result<(), ParseError> {
        if self.result.is_empty() {
            return Err(perr(self.result_line, "missing result (1-0, 0-1, 1/2-1/2 or *)"));
        }
        if let Some(tag) = self.tag("Result")
            && tag != self.result
        {
            let result = &self.result;
            return Err(perr(self.tag_line("Result"), format!("Result tag says {tag} but the movetext ends {result}")));
        }
        Ok(())
    }
}

fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?.trim();
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
    if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    Some((key.to_string(), value))
}

/// Writes a record: the tags, a blank line, the movetext tokens wrapped at 80 columns, the result.
/// Tokens come numbered and marked by the game's writer (`1. c6-c7`, `e7-e6 {x}`).
pub fn write(tags: &[(String, String)], tokens: Vec<String>, result: &str) -> String {
    let mut out = String::new();
    for (k, v) in tags {
        let _ = writeln!(out, "[{} \"{}\"]", k, v.replace('\\', "\\\\").replace('"', "\\\""));
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
        line.push_str(&t);
    }
    if !line.is_empty() {
        out.push_str(&line);
        out.push('\n');
    }
    out.push_str(result);
    out.push('\n');
    out
}

/// One step of a replay, as the public knows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// A ply. Seats it put out are its [`super::Fact::Out`] facts.
    Ply(PublicPly),
    /// A seat event of the record (`W:resign`), after `after` plies, with the seats it put out
    /// (the seat itself first, then seats left without a legal move).
    Seat {
        /// Plies played before it.
        after: u32,
        /// The seat.
        seat: Seat,
        /// What the record says.
        kind: SeatEventKind,
        /// Seats that went out, with why (empty for a `stuck` the ply before already reported).
        out: Vec<(Seat, EndReason)>,
    },
}

/// The public-only replay of a record that hides its start: it pushes each step as it goes and
/// returns the result.
pub type HiddenReplay = Box<dyn FnOnce(&mut Vec<Step>) -> Result<Option<Over>, ReplayError>>;

/// The replay of a record whose movetext the game reads itself (跳棋's seat-keyed moves, a PDN
/// file): it pushes each step, shows `on_state` every state (the start, then the game after each
/// item), and returns the result.
pub type OwnReplay =
    Box<dyn FnOnce(&mut Vec<Step>, &mut dyn FnMut(&dyn super::AnyGame)) -> Result<Option<Over>, ReplayError>>;

/// What a game reads from a record's tags and tokens.
pub enum Reading {
    /// Everything the game starts from is known: the replay plays the tokens through the contract.
    Known(Start),
    /// The record hides the start (a setup `?`): only the game's public history can be followed.
    Hidden(HiddenReplay),
    /// Everything is known, and the game replays its own movetext: its states can be drawn.
    Own(OwnReplay),
}

/// How one kind reads and names things in its records: the part of the record format that is the
/// game's own. One per catalogue entry.
pub struct RecordDef {
    /// Reads a record with the game's notation and tags, reporting errors by line: what the
    /// replay starts from, or the public-only replay when the record hides it.
    pub read: fn(&'static GameDef, &Envelope) -> Result<Reading, ParseError>,
    /// A point's name as records and replay output write it (`c6`, `S.c6`).
    pub point: fn(PointId) -> String,
    /// A piece's code in replay output, given its side (翻棋 writes blue in upper case).
    pub piece: fn(Seat, PieceKind) -> String,
    /// A side's name in replay output (in 翻棋 sides are colours: `red`).
    pub side: fn(Seat) -> &'static str,
    /// Deal games: the dealing scheme, written as the `Shuffle` tag.
    pub shuffle: Option<&'static str>,
    /// Kinds whose records are not the plain `.jqr` form (draughts: PDN; 跳棋: seat-prefixed
    /// moves): writes the record [`write_plain_items`] is asked for, which its `read` reads back.
    pub write: Option<WriteFn>,
}

/// A kind's own record writer: the start, the players by seat, what happened in order, the end,
/// and the record's date and secrecy.
pub type WriteFn = fn(&Start, &[String], &[Written], Option<&Over>, &RecordMeta) -> String;

/// The result token for an end: `1-0` when the first seat's team won, `0-1` when another team
/// did, `1/2-1/2` for a draw, `*` while the game goes on (or for a ranking, which the token cannot
/// say).
pub fn result_token(def: &GameDef, over: Option<&Over>) -> &'static str {
    let first_team = def.kind.seating.seats.first().map_or(0, |s| s.team);
    match over.map(|o| &o.standing) {
        None | Some(super::Standing::Places(_)) => "*",
        Some(super::Standing::Draw) => "1/2-1/2",
        Some(super::Standing::Team(t)) if *t == first_team => "1-0",
        Some(super::Standing::Team(_)) => "0-1",
    }
}

/// The team a result token names as the winner: the first seat's for `1-0`, the second's for `0-1`.
pub fn winner_of_token(def: &GameDef, token: &str) -> Option<u8> {
    let team = |i: usize| def.kind.seating.seats.get(i).map(|s| s.team);
    match token {
        "1-0" => team(0),
        "0-1" => team(1),
        _ => None,
    }
}

/// The plain record of a game, for kinds whose tags are only the envelope's: `Mode`, `Rules`, a
/// tag per seat with its player (the seat's English name), `{Seat}Setup` per seat for Deploy
/// games, `Deal` for Deal games, `First` (a seat key) when not the first seat. The Junqi family's
/// and 翻棋's readers take these records too.
pub fn read_plain(def: &'static GameDef, env: &Envelope) -> Result<Reading, ParseError> {
    env.check_result()?;
    let kind = def.kind;
    let seats = kind.seating.counts.first().copied().unwrap_or(2);
    let mut start = Start::new(seats);
    start.mode = env.tag("Mode").unwrap_or("").to_string();
    start.options = env.tag("Rules").unwrap_or("").to_string();
    if let Some(f) = env.tag("First") {
        start.first = kind.seating.find(f).ok_or_else(|| perr(env.tag_line("First"), format!("unknown seat '{f}'")))?;
    }
    for d in kind.seating.seats.iter().take(seats as usize) {
        let key = format!("{}Setup", d.name.en.replace(' ', ""));
        match env.tag(&key) {
            Some(s) if s != "?" => start.setups.push(super::Secret::new(s.to_string())),
            Some(_) => {
                return Err(perr(
                    env.tag_line(&key),
                    format!("{key} is hidden (?); this game replays with every setup known"),
                ));
            }
            None => {}
        }
    }
    start.deal = env.tag("Deal").map(|d| super::Secret::new(d.to_string()));
    Ok(Reading::Known(start))
}

/// A record format with nothing of its own: [`read_plain`], points and pieces by number.
pub static PLAIN: RecordDef = RecordDef {
    read: read_plain,
    point: |p| p.0.to_string(),
    piece: |_, k| k.0.to_string(),
    side: |_| "?",
    shuffle: None,
    write: None,
};

/// Writes the plain record of a game: the tags [`read_plain`] reads (with the players' names and
/// the deal or setups in the clear), the tokens played by seat, numbered by rounds of the seats,
/// a terminal word, and the result of `over`.
pub fn write_plain(
    def: &GameDef,
    start: &Start,
    players: &[String],
    tokens: &[String],
    terminal: Option<Terminal>,
    over: Option<&Over>,
) -> String {
    let mut items: Vec<Written> = tokens.iter().map(|t| Written::Action(t.clone(), None)).collect();
    items.extend(terminal.map(Written::Terminal));
    write_plain_items(def, start, players, &items, over, &RecordMeta::default())
}

/// One item of a record being written, in the order it happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Written {
    /// An action token, with the public outcome mark of a combat where the record is public
    /// (`c6-c7 {x}`).
    Action(String, Option<Outcome>),
    /// A seat that left while the game went on (games of more than two seats): `S:resign`.
    Seat(Seat, SeatEventKind),
    /// How the game ended other than by the rules.
    Terminal(Terminal),
}

/// What a record says beyond the game itself.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecordMeta {
    /// The `Date` tag (`2026.12.01`).
    pub date: Option<String>,
    /// Whether the start is secret still (a game in progress): each setup is written `?` and no
    /// deal, so the record is public.
    pub hide_start: bool,
    /// Deal games: the seed the deal came from (hex) and the commitment posted at the start,
    /// written as `Shuffle`, `Seed` (`?` while the start is secret), `Commit`.
    pub dealt: Option<(String, String)>,
}

/// [`write_plain`] with seat events among the actions: each [`Written::Seat`] is written as the
/// seat's key and the event's word (`E:resign`), which the replayer applies at that point. Tags in
/// the order the family's records always had: `Format`, `Variant`, `Mode`, `Rules`, the players,
/// `First`, the setups (or the deal), `Date`, `Result`.
pub fn write_plain_items(
    def: &GameDef,
    start: &Start,
    players: &[String],
    items: &[Written],
    over: Option<&Over>,
    meta: &RecordMeta,
) -> String {
    if let Some(write) = def.record.write {
        return write(start, players, items, over, meta);
    }
    let kind = def.kind;
    let result = result_token(def, over);
    let mut tags = vec![("Format".to_string(), "jqr/1".to_string()), ("Variant".into(), kind.record_tag.into())];
    let mode = kind.mode(&start.mode).map_or(start.mode.as_str(), |m| m.key);
    tags.push(("Mode".into(), mode.into()));
    if !start.options.trim().is_empty() {
        tags.push(("Rules".into(), start.options.trim().into()));
    }
    let seats = &kind.seating.seats[..(start.seats as usize).min(kind.seating.seats.len())];
    for (i, d) in seats.iter().enumerate() {
        tags.push((d.name.en.replace(' ', ""), players.get(i).cloned().unwrap_or_else(|| "?".into())));
    }
    if start.first != Seat(0) {
        tags.push(("First".into(), kind.seating.get(start.first).map_or("?", |d| d.key).into()));
    }
    if kind.setup == super::SetupStyle::Deploy {
        for (i, d) in seats.iter().enumerate() {
            let setup = match start.setups.get(i) {
                Some(s) if !meta.hide_start => s.expose().clone(),
                _ => "?".into(),
            };
            tags.push((format!("{}Setup", d.name.en.replace(' ', "")), setup));
        }
    }
    if let Some((seed, commitment)) = &meta.dealt {
        if let Some(shuffle) = def.record.shuffle {
            tags.push(("Shuffle".into(), shuffle.into()));
        }
        tags.push(("Seed".into(), if meta.hide_start { "?".into() } else { seed.clone() }));
        tags.push(("Commit".into(), commitment.clone()));
    }
    match &start.deal {
        Some(deal) if !meta.hide_start => tags.push(("Deal".into(), deal.expose().clone())),
        _ if kind.setup == super::SetupStyle::Deal => tags.push(("Deal".into(), "?".into())),
        _ => {}
    }
    if let Some(date) = &meta.date {
        tags.push(("Date".into(), date.clone()));
    }
    tags.push(("Result".into(), result.into()));
    let round = start.seats.max(1) as usize;
    let mut text = Vec::new();
    let mut plies = 0;
    for item in items {
        match item {
            Written::Action(t, mark) => {
                let mut token = if plies % round == 0 { format!("{}. {t}", plies / round + 1) } else { t.clone() };
                if let Some(m) = mark.and_then(Outcome::mark) {
                    let _ = write!(token, " {{{m}}}");
                }
                text.push(token);
                plies += 1;
            }
            Written::Seat(seat, kind) => {
                let key = def.kind.seating.get(*seat).map_or_else(|| seat.to_string(), |d| d.key.to_uppercase());
                text.push(format!("{key}:{}", kind.word()));
            }
            Written::Terminal(t) => text.push(t.word().to_string()),
        }
    }
    write(&tags, text, result)
}

#[cfg(test)]
mod tests {
    use super::Envelope;
    use crate::echo::{ECHO_CHARS, MAX_ACTION_BYTES};

    #[test]
    fn a_wall_of_text_in_the_movetext_is_refused_with_a_short_quote() {
        let text = format!("[Variant \"junqi\"]\n\n1. c6-c7 {} *\n", "司".repeat(100_000));
        let e = Envelope::parse(&text).expect_err("no token is that long");
        assert_eq!(e.line, 3);
        let quoted = e.reason.split('\'').nth(1).expect("a quote");
        assert_eq!(quoted.chars().count(), ECHO_CHARS);
        assert!(e.reason.contains(&format!("{MAX_ACTION_BYTES} bytes at most")), "{}", e.reason);
        // The longest token read is read.
        let fits = format!("[Variant \"junqi\"]\n\n1. {} *\n", "c".repeat(MAX_ACTION_BYTES));
        assert!(Envelope::parse(&fits).is_ok());
    }
}
