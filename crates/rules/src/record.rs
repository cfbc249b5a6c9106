//! Records of the Junqi family (`.jqr`, version 1, `notation.md`): the moves, setups and outcome
//! marks of 军棋, 四国军棋 and the duel inside the shared envelope ([`crate::contract::record`]),
//! writing (byte-for-byte round trip of what we write), and the replay that follows a record
//! without setups through its public history.

use std::fmt::Write as _;

use super::combat::Outcome;
use super::contract::record::{self as envelope, Envelope, Item};
use super::family::SettingsError;
use super::game::{EndReason, Game, GameOver, Move, PlyReport};
use super::notation::{format_move, parse_move};
use super::options::{FirstMove, Mode, RuleOptions};
use super::seat::Seat;
use super::setup::{Deployment, Setup};
use super::variant::Variant;

pub use crate::contract::record::{ParseError, ReplayError, Terminal, perr};

/// Checks a ply's outcome annotation (`{x}`) against the outcome the replay found.
pub(super) fn check_mark(p: &RecordPly, ply: u32, mv: &str, outcome: Outcome) -> Result<(), ReplayError> {
    match p.mark {
        Some(mark) if mark != outcome => Err(ReplayError::Parse(perr(
            p.line,
            format!(
                "ply {ply} ({mv}) is annotated {{{}}} ({}) but its outcome is {}",
                mark.mark().unwrap_or(""),
                mark.as_str(),
                outcome.as_str()
            ),
        ))),
        _ => Ok(()),
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
    /// Seat events of games with more than two seats (`W:resign`) and skipped turns of any
    /// (`RED:skip`), in movetext order.
    pub events: Vec<SeatEvent>,
}

pub use super::record_seats::{SeatEvent, SeatEventKind};

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

    /// Reads a record of the Junqi family: the shared envelope, then the moves of its variant.
    pub fn parse(text: &str) -> Result<Record, ParseError> {
        Record::from_envelope(Envelope::parse(text)?)
    }

    /// Reads the movetext of an envelope with the notation of the variant its tags name.
    pub fn from_envelope(env: Envelope) -> Result<Record, ParseError> {
        let checked = env.check_result();
        let Envelope { tags, items, result, result_line } = env;
        let mut record = Record { tags, plies: vec![], terminal: None, result, result_line, events: Vec::new() };
        let variant = record.variant()?;
        let board = &variant.board;
        for item in items {
            match item {
                Item::Seat { token, line } => {
                    if record.terminal.is_some() {
                        return Err(perr(line, format!("'{token}' after the game already ended")));
                    }
                    record.events.push(SeatEvent::parse(variant, &token, record.plies.len(), line)?);
                }
                Item::Word { word, line } => {
                    if variant.seats.len() > 2 && word != Terminal::Draw {
                        let w = word.word();
                        return Err(perr(line, format!("'{w}' must say whose: write <seat>:{w}, e.g. W:{w}")));
                    }
                    if record.terminal.is_some() {
                        return Err(perr(line, format!("'{}' after the game already ended", word.word())));
                    }
                    record.terminal = Some(word);
                }
                Item::Action { token, mark, line } => {
                    if let Some(t) = record.terminal {
                        return Err(perr(line, format!("move '{token}' after '{}'", t.word())));
                    }
                    let mv = parse_move(board, &token).map_err(|e| {
                        if variant.is_cross_board() {
                            // The 2-player message would promise ranks 1–12 without a seat.
                            perr(line, format!("'{token}' is not a move of the 4-player board; write points as S.c6 or C.nw, e.g. S.c6-C.s"))
                        } else {
                            perr(line, e.to_string())
                        }
                    })?;
                    record.plies.push(RecordPly { mv, mark, line });
                }
            }
        }
        checked?;
        Ok(record)
    }

    /// Writes the record: tags, a blank line, movetext wrapped at 80 columns, the result.
    pub fn to_text(&self) -> String {
        let variant = self.variant().unwrap_or(Variant::junqi());
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
        envelope::write(&self.tags, tokens, &self.result)
    }
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
        // Seat events (more than two seats, or a skipped turn) are followed by the seats' replay.
        if variant.seats.len() > 2 || !self.events.is_empty() {
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
                check_mark(p, ply, &mv, report.outcome)?;
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
                    Outcome::DefenderWon | Outcome::ShotDown | Outcome::FlagshipSunk => {}
                    // Nobody moved: the mover is back on its start.
                    Outcome::Bounced | Outcome::Scouted => cells[p.mv.from.index()] = Some(seat),
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
