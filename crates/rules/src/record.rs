//! Game records (`.jqr`, version 1, `notation.md`): reading, writing (byte-for-byte round trip of
//! what we write), and replaying a record through the rules.

use std::fmt::Write as _;

use super::combat::Outcome;
use super::family::SettingsError;
use super::game::{EndReason, Game, GameOver, Move, PlyReport};
use super::notation::{format_move, parse_move};
use super::options::{FirstMove, Mode, RuleOptions};
use super::seat::Seat;
use super::setup::{Deployment, Setup};
use super::variant::Variant;

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
}

/// One ply of movetext.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordPly {
    /// The move.
    pub mv: Move,
    /// The public outcome annotation, if written.
    pub mark: Option<Outcome>,
    /// The line it was read from (0 for records built in memory).
    pub line: usize,
}

/// A parsed record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// Tags in file order, values unescaped.
    pub tags: Vec<(String, String)>,
    /// The plies.
    pub plies: Vec<RecordPly>,
    /// A terminal word after the last ply.
    pub terminal: Option<Terminal>,
    /// The result token (`1-0`, `0-1`, `1/2-1/2`, `*`).
    pub result: String,
    /// Line of the result token.
    pub result_line: usize,
    /// Seat events of games with more than two seats (`W:resign`), in movetext order.
    pub events: Vec<SeatEvent>,
}

/// A record that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {reason}")]
pub struct ParseError {
    /// 1-based line.
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

pub use super::record_seats::{SeatEvent, SeatEventKind};

pub(super) fn perr(line: usize, reason: impl Into<String>) -> ParseError {
    ParseError { line, reason: reason.into() }
}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// What a new record says about its game, for [`Record::for_game`].
#[derive(Clone, Debug)]
pub struct RecordInfo<'a> {
    /// The variant.
    pub variant: &'static Variant,
    /// The visibility mode.
    pub mode: Mode,
    /// The rule options.
    pub rules: RuleOptions,
    /// Player names, by seat.
    pub players: Vec<String>,
    /// The setups by seat; `None` writes `?` (a published dark record).
    pub setups: Option<Vec<&'a Setup>>,
    /// Who moved first.
    pub first: Seat,
    /// `YYYY.MM.DD`.
    pub date: String,
}

impl Record {
    /// Builds the record of a game: the tags in canonical order, the plies (annotated with their
    /// public outcomes when the setups are hidden), the terminal word and the result.
    pub fn for_game(
        info: &RecordInfo<'_>,
        plies: &[(Move, Outcome)],
        terminal: Option<Terminal>,
        over: Option<GameOver>,
    ) -> Record {
        let v = info.variant;
        let mut tags = vec![
            ("Format".to_string(), "jqr/1".to_string()),
            ("Variant".into(), v.name.into()),
            ("Mode".into(), info.mode.as_str().into()),
        ];
        let rules = info.rules.to_string();
        if !rules.is_empty() {
            tags.push(("Rules".into(), rules));
        }
        for (i, seat) in v.seats.iter().enumerate() {
            tags.push((seat.tag.into(), info.players.get(i).cloned().unwrap_or_else(|| "?".into())));
        }
        for (i, seat) in v.seats.iter().enumerate() {
            let value = info.setups.as_ref().map_or("?".to_string(), |s| s[i].to_code_string(v));
            tags.push((format!("{}Setup", seat.tag), value));
        }
        if info.first != Seat::RED {
            tags.push(("First".into(), v.seat_name(info.first).into()));
        }
        tags.push(("Date".into(), info.date.clone()));
        let result = result_token(v, over).to_string();
        tags.push(("Result".into(), result.clone()));
        let hidden = info.setups.is_none();
        let plies = plies
            .iter()
            .map(|&(mv, outcome)| RecordPly {
                mv,
                mark: if hidden { outcome.mark().and(Some(outcome)) } else { None },
                line: 0,
            })
            .collect();
        Record { tags, plies, terminal, result, result_line: 0, events: Vec::new() }
    }

    /// The value of a tag.
    pub fn tag(&self, key: &str) -> Option<&str> {
        self.tags.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// The line a tag was on (tags start at line 1).
    pub fn tag_line(&self, key: &str) -> usize {
        self.tags.iter().position(|(k, _)| k == key).map_or(1, |i| i + 1)
    }

    /// The variant named by the `Variant` tag (Junqi when absent).
    pub fn variant(&self) -> Result<&'static Variant, ParseError> {
        match self.tag("Variant") {
            None => Ok(Variant::junqi()),
            Some(name) => Variant::by_name(name).ok_or_else(|| {
                perr(self.tag_line("Variant"), format!("unknown variant '{name}' (known: junqi, junqi4, junqi4-duel)"))
            }),
        }
    }

    /// Reads a record.
    pub fn parse(text: &str) -> Result<Record, ParseError> {
        let mut tags = Vec::new();
        let mut lines = text.lines().enumerate().peekable();
        while let Some((i, line)) = lines.peek().copied() {
            let t = line.trim();
            if !t.starts_with('[') {
                break;
            }
            lines.next();
            tags.push(
                parse_tag(t).ok_or_else(|| perr(i + 1, format!("malformed tag line: {t} (write [Key \"value\"])")))?,
            );
        }
        let mut header_probe =
            Record { tags, plies: vec![], terminal: None, result: String::new(), result_line: 0, events: Vec::new() };
        if let Some(f) = header_probe.tag("Format")
            && f != "jqr/1"
        {
            return Err(perr(
                header_probe.tag_line("Format"),
                format!("unsupported format '{f}' (this reader takes jqr/1)"),
            ));
        }
        let variant = header_probe.variant()?;
        let board = &variant.board;
        let mut plies: Vec<RecordPly> = Vec::new();
        let mut seat_events: Vec<SeatEvent> = Vec::new();
        let mut terminal = None;
        let mut result: Option<(String, usize)> = None;
        for (i, line) in lines {
            let ln = i + 1;
            // Braces may touch the move (`c6-c7{x}`): give them room before splitting.
            let spaced = line.replace('{', " {").replace('}', "} ");
            for token in spaced.split_whitespace() {
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
                    let last =
                        plies.last_mut().ok_or_else(|| perr(ln, format!("outcome mark '{token}' before any move")))?;
                    if last.mark.is_some() {
                        return Err(perr(ln, format!("second outcome mark '{token}' on one move")));
                    }
                    last.mark = Some(mark);
                } else if token.ends_with('.') && token.trim_end_matches('.').chars().all(|c| c.is_ascii_digit()) {
                    // A move number; checked loosely, as readers of PGN do.
                } else if token.contains(':') {
                    if terminal.is_some() {
                        return Err(perr(ln, format!("'{token}' after the game already ended")));
                    }
                    seat_events.push(SeatEvent::parse(variant, token, plies.len(), ln)?);
                } else if let Some(t) =
                    [Terminal::Resign, Terminal::Timeout, Terminal::Draw].into_iter().find(|t| t.word() == token)
                {
                    if variant.seats.len() > 2 && t != Terminal::Draw {
                        return Err(perr(
                            ln,
                            format!("'{token}' must say whose: write <seat>:{token}, e.g. W:{token}"),
                        ));
                    }
                    if terminal.is_some() {
                        return Err(perr(ln, format!("'{token}' after the game already ended")));
                    }
                    terminal = Some(t);
                } else {
                    if terminal.is_some() {
                        return Err(perr(ln, format!("move '{token}' after '{}'", terminal.map_or("", |t| t.word()))));
                    }
                    let mv = parse_move(board, token).map_err(|e| {
                        if variant.is_cross_board() {
                            // The 2-player message would promise ranks 1–12 without a seat.
                            perr(ln, format!("'{token}' is not a move of the 4-player board; write points as S.c6 or C.nw, e.g. S.c6-C.s"))
                        } else {
                            perr(ln, e.to_string())
                        }
                    })?;
                    plies.push(RecordPly { mv, mark: None, line: ln });
                }
            }
        }
        let (result, result_line) =
            result.ok_or_else(|| perr(text.lines().count().max(1), "missing result (1-0, 0-1, 1/2-1/2 or *)"))?;
        if let Some(tag) = header_probe.tag("Result")
            && tag != result
        {
            return Err(perr(
                header_probe.tag_line("Result"),
                format!("Result tag says {tag} but the movetext ends {result}"),
            ));
        }
        header_probe.plies = plies;
        header_probe.events = seat_events;
        header_probe.terminal = terminal;
        header_probe.result = result;
        header_probe.result_line = result_line;
        Ok(header_probe)
    }

    /// Writes the record: tags, a blank line, movetext wrapped at 80 columns, the result.
    pub fn to_text(&self) -> String {
        let variant = self.variant().unwrap_or(Variant::junqi());
        let mut out = String::new();
        for (k, v) in &self.tags {
            let _ = writeln!(out, "[{} \"{}\"]", k, v.replace('\\', "\\\\").replace('"', "\\\""));
        }
        out.push('\n');
        let mut tokens: Vec<String> = Vec::new();
        // Move numbers count rounds of the turn order (one ply per seat); readers ignore them.
        let round = variant.seats.len();
        let seat_events = |after: usize, tokens: &mut Vec<String>| {
            for e in self.events.iter().filter(|e| e.after == after) {
                tokens.push(e.to_token(variant));
            }
        };
        seat_events(0, &mut tokens);
        for (i, p) in self.plies.iter().enumerate() {
            let mut t = String::new();
            if i % round == 0 {
                let _ = write!(t, "{}. ", i / round + 1);
            }
            t.push_str(&format_move(&variant.board, p.mv));
            if let Some(m) = p.mark.and_then(Outcome::mark) {
                let _ = write!(t, " {{{m}}}");
            }
            tokens.push(t);
            seat_events(i + 1, &mut tokens);
        }
        if let Some(t) = self.terminal {
            tokens.push(t.word().to_string());
        }
        wrap_movetext(&mut out, tokens);
        out.push_str(&self.result);
        out.push('\n');
        out
    }
}

fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?.trim();
    let (key, rest) = inner.split_once(char::is_whitespace)?;
    let rest = rest.trim();
    let quoted = rest.strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            value.push(chars.next()?);
        } else if c == '"' {
            return None;
        } else {
            value.push(c);
        }
    }
    if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    Some((key.to_string(), value))
}

/// The result token for a game end.
pub fn result_token(variant: &Variant, over: Option<GameOver>) -> &'static str {
    match over {
        None => "*",
        Some(GameOver { winner: None, .. }) => "1/2-1/2",
        Some(GameOver { winner: Some(t), .. }) => {
            if t == variant.team(Seat::RED) {
                "1-0"
            } else {
                "0-1"
            }
        }
    }
}

/// The game's settings read from a record's tags.
#[derive(Clone, Debug)]
pub struct RecordHeader {
    /// The variant.
    pub variant: &'static Variant,
    /// The visibility mode.
    pub mode: Mode,
    /// The rule options.
    pub rules: RuleOptions,
    /// Who moved first.
    pub first: Seat,
    /// The deployments, when both are present (not `?`).
    pub deployments: Option<Vec<Deployment>>,
}

/// One step of a replay.
#[derive(Clone, Debug)]
pub enum ReplayEvent {
    /// A ply played (with full knowledge when the setups are known).
    Ply(Box<PlyReport>),
    /// A ply of a record without setups: only its public outcome is known.
    PublicPly {
        /// 1-based ply.
        ply: u32,
        /// Who moved.
        seat: Seat,
        /// The move.
        mv: Move,
        /// The annotated outcome.
        outcome: Outcome,
    },
    /// A seat event of a game with more than two seats (`W:resign`), after `after` plies, with
    /// every seat that went out because of it (the seat itself first, then seats left without a
    /// legal move) and the end of the game if it ended.
    Seat {
        /// Plies played before it.
        after: u32,
        /// The seat.
        seat: Seat,
        /// The record's event, or `None` for an elimination the ply before implies (a flag
        /// captured in a record without setups).
        kind: Option<SeatEventKind>,
        /// Seats that went out, with why.
        eliminated: Vec<(Seat, EndReason)>,
        /// The end of the game, if this ended it.
        end: Option<GameOver>,
    },
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

/// A replayed record: the events in order and the final result.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The header.
    pub header: RecordHeader,
    /// The plies.
    pub events: Vec<ReplayEvent>,
    /// The final result, or `None` while the game goes on.
    pub over: Option<GameOver>,
    /// The game after the last ply (only when setups are known).
    pub game: Option<Game>,
}

impl Record {
    /// Reads the game settings from the tags.
    pub fn header(&self) -> Result<RecordHeader, ParseError> {
        let variant = self.variant()?;
        let mode = match self.tag("Mode") {
            None => Mode::Dark,
            Some(m) => Mode::parse(m).ok_or_else(|| {
                perr(
                    self.tag_line("Mode"),
                    format!(
                        "unknown mode '{m}' ({})",
                        variant.modes().iter().map(|m| m.as_str()).collect::<Vec<_>>().join(", ")
                    ),
                )
            })?,
        };
        let rules = RuleOptions::parse(self.tag("Rules").unwrap_or(""))
            .map_err(|e| perr(self.tag_line("Rules"), e.to_string()))?;
        let first = match self.tag("First") {
            None => Seat::RED,
            Some(s) => Seat(
                variant
                    .seats
                    .iter()
                    .position(|d| d.name == s.to_lowercase())
                    .ok_or_else(|| perr(self.tag_line("First"), format!("unknown seat '{s}'")))? as u8,
            ),
        };
        if first != Seat::RED && rules.first == FirstMove::Red {
            return Err(perr(self.tag_line("First"), "First names another seat, but the rules say first=red"));
        }
        let mut deployments = Vec::new();
        let mut missing = false;
        for (i, seat) in variant.seats.iter().enumerate() {
            let key = format!("{}Setup", seat.tag);
            match self.tag(&key) {
                None | Some("?") => missing = true,
                Some(s) => {
                    let line = self.tag_line(&key);
                    let setup = Setup::parse(variant, s).map_err(|e| perr(line, format!("{key}: {e}")))?;
                    let d = setup.validate(variant, Seat(i as u8)).map_err(|vs| {
                        perr(
                            line,
                            format!("{key}: {}", vs.iter().map(|v| v.describe(variant)).collect::<Vec<_>>().join("; ")),
                        )
                    })?;
                    deployments.push(d);
                }
            }
        }
        variant.check_settings(mode, &rules).map_err(|e| {
            let line =
                if matches!(e, SettingsError::Mode { .. }) { self.tag_line("Mode") } else { self.tag_line("Rules") };
            perr(line, e.to_string())
        })?;
        Ok(RecordHeader { variant, mode, rules, first, deployments: (!missing).then_some(deployments) })
    }

    /// Replays the record, checking every move and annotation; stops at the first error.
    /// `events` collects what was played before an error, for tools that print as they go.
    pub fn replay_into(&self, events: &mut Vec<ReplayEvent>) -> Result<Replay, ReplayError> {
        let header = self.header().map_err(ReplayError::Parse)?;
        let variant = header.variant;
        if variant.seats.len() > 2 {
            return self.replay_seats(header, events);
        }
        let board = &variant.board;
        let mut over = None;
        let mut game = None;
        if let Some(deps) = &header.deployments {
            let mut g = Game::new(variant, header.rules, deps, header.first);
            for (i, p) in self.plies.iter().enumerate() {
                let ply = i as u32 + 1;
                let mv = format_move(board, p.mv);
                let report =
                    g.play(p.mv).map_err(|e| ReplayError::Illegal { ply, mv: mv.clone(), reason: e.to_string() })?;
                if let Some(mark) = p.mark
                    && mark != report.outcome
                {
                    return Err(ReplayError::Parse(perr(
                        p.line,
                        format!(
                            "ply {ply} ({mv}) is annotated {{{}}} ({}) but its outcome is {}",
                            mark.mark().unwrap_or(""),
                            mark.as_str(),
                            report.outcome.as_str()
                        ),
                    )));
                }
                events.push(ReplayEvent::Ply(Box::new(report)));
            }
            over = g.over();
            game = Some(g);
        } else {
            // Without setups only the public history can be followed: who stands where.
            let mut cells: Vec<Option<Seat>> = vec![None; board.len()];
            for (si, order) in variant.deployment_order.iter().enumerate() {
                for p in order {
                    cells[p.index()] = Some(Seat(si as u8));
                }
            }
            let mut seat = header.first;
            let mut quiet = 0;
            for (i, p) in self.plies.iter().enumerate() {
                let ply = i as u32 + 1;
                let mv = format_move(board, p.mv);
                let illegal = |reason: String| ReplayError::Illegal { ply, mv: mv.clone(), reason };
                if over.is_some() {
                    return Err(illegal("the game is over".into()));
                }
                match cells[p.mv.from.index()] {
                    None => return Err(illegal(format!("there is no piece on {}", board.name(p.mv.from)))),
                    Some(s) if s != seat => {
                        return Err(illegal(format!("the piece on {} is not yours", board.name(p.mv.from))));
                    }
                    _ => {}
                }
                let outcome = match cells[p.mv.to.index()] {
                    None => {
                        if p.mark.is_some() {
                            return Err(ReplayError::Parse(perr(
                                p.line,
                                format!("ply {ply} ({mv}) moves to an empty point but carries an outcome mark"),
                            )));
                        }
                        Outcome::Moved
                    }
                    Some(s) if s == seat => {
                        return Err(illegal(format!("{} is occupied by your own side", board.name(p.mv.to))));
                    }
                    Some(_) => p.mark.ok_or_else(|| {
                        ReplayError::Parse(perr(
                            p.line,
                            format!(
                                "ply {ply} ({mv}) is an attack; a record without setups needs its outcome in braces"
                            ),
                        ))
                    })?,
                };
                cells[p.mv.from.index()] = None;
                quiet = if outcome.is_combat() { 0 } else { quiet + 1 };
                match outcome {
                    Outcome::Moved | Outcome::AttackerWon | Outcome::FlagCaptured => {
                        cells[p.mv.to.index()] = Some(seat)
                    }
                    Outcome::BothRemoved => cells[p.mv.to.index()] = None,
                    Outcome::DefenderWon => {}
                }
                if outcome == Outcome::FlagCaptured && !header.rules.flag_home {
                    over = Some(GameOver { winner: Some(variant.team(seat)), reason: EndReason::FlagCaptured });
                }
                events.push(ReplayEvent::PublicPly { ply, seat, mv: p.mv, outcome });
                seat = variant.next_seat(seat);
            }
            if over.is_none() && self.terminal.is_none() && self.result != "*" {
                // The rules ended it in a way the public history cannot show (no legal move, quiet
                // limit): trust the result token.
                let reason = if self.result != "1/2-1/2" {
                    EndReason::NoLegalMove
                } else if header.rules.quiet_limit > 0 && quiet >= header.rules.quiet_limit {
                    EndReason::QuietLimit
                } else {
                    EndReason::BothStuck
                };
                over = Some(GameOver { winner: winner_of_token(variant, &self.result), reason });
            }
        }
        if let Some(t) = self.terminal {
            if let Some(o) = over {
                return Err(ReplayError::Parse(perr(
                    self.result_line,
                    format!("'{}' after the game already ended ({})", t.word(), o.reason.as_str()),
                )));
            }
            let reason = match t {
                Terminal::Resign => EndReason::Resign,
                Terminal::Timeout => EndReason::Timeout,
                Terminal::Draw => EndReason::Agreed,
            };
            let winner = winner_of_token(variant, &self.result);
            let consistent = match t {
                Terminal::Draw => self.result == "1/2-1/2",
                Terminal::Resign => winner.is_some(),
                Terminal::Timeout => {
                    // The side to move is the one whose deadline passed.
                    let to_move = game
                        .as_ref()
                        .map_or_else(|| side_after(variant, header.first, self.plies.len()), |g| g.to_move());
                    winner.is_some_and(|w| w != variant.team(to_move))
                }
            };
            if !consistent {
                return Err(ReplayError::Parse(perr(
                    self.result_line,
                    format!("result {} does not fit '{}'", self.result, t.word()),
                )));
            }
            over = Some(GameOver { winner, reason });
        } else if self.plies.is_empty() || game.is_some() {
            let expected = result_token(variant, over);
            if expected != self.result {
                return Err(ReplayError::Parse(perr(
                    self.result_line,
                    format!("the result is {} but the moves give {}", self.result, expected),
                )));
            }
        }
        Ok(Replay { header, events: events.clone(), over, game })
    }

    /// Replays the record.
    pub fn replay(&self) -> Result<Replay, ReplayError> {
        self.replay_into(&mut Vec::new())
    }
}

fn side_after(variant: &Variant, first: Seat, plies: usize) -> Seat {
    let mut s = first;
    for _ in 0..plies {
        s = variant.next_seat(s);
    }
    s
}

fn winner_of_token(variant: &Variant, token: &str) -> Option<u8> {
    match token {
        "1-0" => Some(variant.team(Seat::RED)),
        "0-1" => Some(variant.team(Seat::BLUE)),
        _ => None,
    }
}

/// Appends movetext tokens to `out` as lines of at most 80 characters (a longer token stands alone).
pub(super) fn wrap_movetext(out: &mut String, tokens: Vec<String>) {
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
}
