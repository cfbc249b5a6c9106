//! Records of 翻棋 games (`rules-flip.md` §8): the `.jqr` tags `Variant "junqi-flip"`, `P1`/`P2`,
//! `Shuffle`, `Seed`, `Commit` and `Deal`, flip tokens `+c6=G`, and an exact replay. The deal is
//! authoritative; when a seed is given, an import recomputes the deal and refuses a mismatch, and
//! checks the commitment.
//!
//! A record whose deal is still secret (`[Deal "?"]`, an export of a running game) replays too:
//! every flip names its piece, and no rule reads a face-down identity, so any completion of the
//! deal that agrees with the flips gives the same public history.

use std::fmt::Write as _;

use super::contract::record::{self as envelope, Envelope, Item, perr};
use super::flip::{self, Deal, FlipGame, FlipOptions, FlipReport, ParsedAction, Player};
use super::game::GameOver;
use super::piece::PieceKind;
use super::record::{ParseError, ReplayError, Terminal};
use super::seat::Seat;
use super::shuffle::{self, Seed};
use super::variant::Variant;

/// One ply of movetext.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct FlipRecordPly {
    /// The ply, with the identity a flip token names.
    pub action: ParsedAction,
    /// The line it was read from (0 for records built in memory).
    pub line: usize,
}

/// A parsed flip record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FlipRecord {
    /// Tags in file order, values unescaped.
    pub tags: Vec<(String, String)>,
    /// The plies.
    pub plies: Vec<FlipRecordPly>,
    /// A terminal word after the last ply.
    pub terminal: Option<Terminal>,
    /// The result token.
    pub result: String,
    /// Line of the result token.
    pub result_line: usize,
}

/// What the `Seed` tag says.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SeedTag {
    /// `?`: secret while the game runs.
    Secret,
    /// `-`: a set deal (tests, puzzles), never rated.
    SetDeal,
    /// The published seed.
    Seed(Seed),
}

/// The settings of a flip record.
#[derive(Clone, Debug)]
pub struct FlipHeader {
    /// The options.
    pub options: FlipOptions,
    /// Player names.
    pub players: [String; 2],
    /// The seed.
    pub seed: SeedTag,
    /// The commitment, if given.
    pub commit: Option<String>,
    /// The deal, unless secret.
    pub deal: Option<Deal>,
}

/// A replayed flip record.
#[derive(Clone, Debug)]
pub struct FlipReplay {
    /// The header.
    pub header: FlipHeader,
    /// The plies.
    pub events: Vec<FlipReport>,
    /// The result.
    pub over: Option<GameOver>,
    /// The game after the last ply.
    pub game: FlipGame,
}

/// What a new record says about its game, for [`FlipRecord::for_game`].
#[derive(Clone, Debug)]
pub struct FlipRecordInfo {
    /// The options.
    pub options: FlipOptions,
    /// Player names, P1 then P2.
    pub players: [String; 2],
    /// The seed (`None` for a set deal).
    pub seed: Option<Seed>,
    /// The deal.
    pub deal: Deal,
    /// Whether the seed and deal are published (the game is over) or shown as `?`.
    pub publish: bool,
    /// `YYYY.MM.DD`.
    pub date: String,
}

impl FlipRecord {
    /// The value of a tag.
    pub fn tag(&self, key: &str) -> Option<&str> {
        self.tags.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// The line a tag was on.
    pub fn tag_line(&self, key: &str) -> usize {
        self.tags.iter().position(|(k, _)| k == key).map_or(1, |i| i + 1)
    }

    /// Reads a flip record: the shared envelope, then flip and move tokens.
    pub fn parse(text: &str) -> Result<FlipRecord, ParseError> {
        FlipRecord::from_envelope(Envelope::parse(text)?)
    }

    /// Reads the movetext of an envelope whose `Variant` is `junqi-flip`.
    pub fn from_envelope(env: Envelope) -> Result<FlipRecord, ParseError> {
        let checked = env.check_result();
        let Envelope { tags, items, result, result_line } = env;
        let mut rec = FlipRecord { tags, plies: vec![], terminal: None, result, result_line };
        match rec.tag("Variant") {
            Some(v) if v.eq_ignore_ascii_case(flip::VARIANT_NAME) => {}
            other => {
                return Err(perr(
                    rec.tag_line("Variant"),
                    format!("a flip record needs [Variant \"junqi-flip\"], not {}", other.unwrap_or("none")),
                ));
            }
        }
        for item in items {
            match item {
                Item::Seat { token, line } => {
                    return Err(perr(line, format!("'{token}': seat events belong to games of more than two seats")));
                }
                Item::Word { word, line } => {
                    if rec.terminal.is_some() {
                        return Err(perr(line, format!("'{}' after the game already ended", word.word())));
                    }
                    rec.terminal = Some(word);
                }
                Item::Action { token, mark, line } => {
                    if let Some(t) = rec.terminal {
                        return Err(perr(line, format!("ply '{token}' after '{}'", t.word())));
                    }
                    if mark.is_some() {
                        // Every ply of 翻棋 is public: its record never needs an outcome mark.
                        return Err(perr(line, format!("'{token}': junqi-flip records carry no outcome marks")));
                    }
                    let action = flip::parse_action(&token).map_err(|e| perr(line, e.to_string()))?;
                    rec.plies.push(FlipRecordPly { action, line });
                }
            }
        }
        checked?;
        Ok(rec)
    }

    /// Reads the settings, checking the deal against its seed and commitment.
    pub fn header(&self) -> Result<FlipHeader, ParseError> {
        if let Some(m) = self.tag("Mode")
            && !m.eq_ignore_ascii_case(flip::MODE_NAME)
        {
            return Err(perr(self.tag_line("Mode"), format!("a junqi-flip record has [Mode \"flip\"], not '{m}'")));
        }
        let options = FlipOptions::parse(self.tag("Rules").unwrap_or(""))
            .map_err(|e| perr(self.tag_line("Rules"), e.to_string()))?;
        let players = [Player::P1, Player::P2].map(|p| self.tag(p.tag()).unwrap_or("?").to_string());
        if let Some(s) = self.tag("Shuffle")
            && s != shuffle::SHUFFLE_NAME
        {
            return Err(perr(
                self.tag_line("Shuffle"),
                format!("unknown shuffle '{s}' (this reader knows {})", shuffle::SHUFFLE_NAME),
            ));
        }
        let seed = match self.tag("Seed") {
            None | Some("?") => SeedTag::Secret,
            Some("-") => SeedTag::SetDeal,
            Some(hex) => {
                SeedTag::Seed(Seed::from_hex(hex).map_err(|e| perr(self.tag_line("Seed"), format!("Seed: {e}")))?)
            }
        };
        let deal = match self.tag("Deal") {
            None | Some("?") => None,
            Some(d) => Some(Deal::parse(d).map_err(|e| perr(self.tag_line("Deal"), format!("Deal: {e}")))?),
        };
        let commit = self.tag("Commit").filter(|c| *c != "?" && *c != "-").map(str::to_lowercase);
        if let (SeedTag::Seed(seed), Some(deal)) = (seed, &deal) {
            deal.check_seed(&seed).map_err(|e| perr(self.tag_line("Deal"), format!("Deal: {e}")))?;
            if let Some(c) = &commit {
                let expected = shuffle::commit(&seed, &deal.to_string());
                if *c != expected {
                    return Err(perr(
                        self.tag_line("Commit"),
                        format!("Commit: the seed and deal hash to {expected}, not {c}"),
                    ));
                }
            }
        }
        if let (SeedTag::Seed(seed), None) = (seed, &deal) {
            // A seed without its deal: the seed gives the deal.
            return Ok(FlipHeader {
                options,
                players,
                seed: SeedTag::Seed(seed),
                commit,
                deal: Some(Deal::from_seed(&seed)),
            });
        }
        Ok(FlipHeader { options, players, seed, commit, deal })
    }

    /// Replays the record, checking every ply, flip token and the result. `events` collects what
    /// was played before an error.
    pub fn replay_into(&self, events: &mut Vec<FlipReport>) -> Result<FlipReplay, ReplayError> {
        let header = self.header().map_err(ReplayError::Parse)?;
        let mut game = self.game_after(&header, self.plies.len(), events)?;
        let mut over = game.over();
        if let Some(t) = self.terminal {
            if let Some(o) = over {
                return Err(ReplayError::Parse(perr(
                    self.result_line,
                    format!("'{}' after the game already ended ({})", t.word(), o.reason.as_str()),
                )));
            }
            let winner = match self.result.as_str() {
                "1-0" => Some(Player::P1),
                "0-1" => Some(Player::P2),
                _ => None,
            };
            let consistent = match t {
                Terminal::Draw => self.result == "1/2-1/2",
                Terminal::Resign => winner.is_some(),
                // The player to move is the one whose deadline passed.
                Terminal::Timeout => winner == Some(game.to_move().other()),
            };
            if !consistent {
                return Err(ReplayError::Parse(perr(
                    self.result_line,
                    format!("result {} does not fit '{}'", self.result, t.word()),
                )));
            }
            over = match (t, winner) {
                (Terminal::Draw, _) => game.agree_draw(),
                (Terminal::Resign, Some(w)) => game.resign(w.other()),
                (Terminal::Timeout, Some(w)) => game.timeout(w.other()),
                _ => None,
            };
        } else {
            let expected = flip::result_token(over);
            if expected != self.result {
                return Err(ReplayError::Parse(perr(
                    self.result_line,
                    format!("the result is {} but the plies give {}", self.result, expected),
                )));
            }
        }
        Ok(FlipReplay { header, events: events.clone(), over, game })
    }

    /// The game after the first `n` plies (no result check: a prefix of a record), with the
    /// reports of those plies pushed to `events`.
    pub fn game_after(
        &self,
        header: &FlipHeader,
        n: usize,
        events: &mut Vec<FlipReport>,
    ) -> Result<FlipGame, ReplayError> {
        let deal = match &header.deal {
            Some(d) => d.clone(),
            None => self.completed_deal().map_err(ReplayError::Parse)?,
        };
        let mut game = FlipGame::new(&deal, header.options);
        for (i, p) in self.plies.iter().take(n).enumerate() {
            let ply = i as u32 + 1;
            let report = game.play_parsed(p.action).map_err(|e| ReplayError::Illegal {
                ply,
                mv: action_text(p.action),
                reason: e.to_string(),
            })?;
            events.push(report);
        }
        Ok(game)
    }

    /// Replays the record.
    pub fn replay(&self) -> Result<FlipReplay, ReplayError> {
        self.replay_into(&mut Vec::new())
    }

    /// A deal that agrees with every flip of a record whose deal is secret: the named pieces where
    /// they were flipped, the rest of both armies anywhere else.
    pub fn completed_deal(&self) -> Result<Deal, ParseError> {
        let points = flip::deal_points();
        let mut cells: Vec<Option<(Seat, PieceKind)>> = vec![None; points.len()];
        for p in &self.plies {
            if let flip::FlipAction::Flip(point) = p.action.action {
                let claim = p.action.claims.ok_or_else(|| {
                    perr(p.line, "with the deal secret (?), every flip must name its piece, e.g. +c6=G")
                })?;
                if let Some(i) = points.iter().position(|&q| q == point) {
                    cells[i].get_or_insert(claim);
                }
            }
        }
        let mut rest: Vec<char> = shuffle::CANONICAL.chars().collect();
        for &(seat, kind) in cells.iter().flatten() {
            let c = flip::piece_letter(seat, kind);
            match rest.iter().position(|&x| x == c) {
                Some(i) => {
                    rest.remove(i);
                }
                None => {
                    return Err(perr(1, format!("the flips turn up more {c} than an army has")));
                }
            }
        }
        let mut rest = rest.into_iter();
        let text: String = cells
            .iter()
            .map(|c| c.map_or_else(|| rest.next().unwrap_or('?'), |(s, k)| flip::piece_letter(s, k)))
            .collect();
        Deal::parse(&text).map_err(|e| perr(1, e.to_string()))
    }

    /// The record of a game: tags in canonical order, the plies, the terminal word, the result.
    pub fn for_game(
        info: &FlipRecordInfo,
        reports: &[FlipReport],
        terminal: Option<Terminal>,
        over: Option<GameOver>,
    ) -> FlipRecord {
        let mut tags: Vec<(String, String)> = vec![
            ("Format".into(), "jqr/1".into()),
            ("Variant".into(), flip::VARIANT_NAME.into()),
            ("Mode".into(), flip::MODE_NAME.into()),
        ];
        let rules = info.options.to_string();
        if !rules.is_empty() {
            tags.push(("Rules".into(), rules));
        }
        tags.push(("P1".into(), info.players[0].clone()));
        tags.push(("P2".into(), info.players[1].clone()));
        let deal = info.deal.to_string();
        match &info.seed {
            Some(seed) => {
                tags.push(("Shuffle".into(), shuffle::SHUFFLE_NAME.into()));
                tags.push(("Seed".into(), if info.publish { seed.to_hex() } else { "?".into() }));
                tags.push(("Commit".into(), shuffle::commit(seed, &deal)));
            }
            None => tags.push(("Seed".into(), "-".into())),
        }
        tags.push(("Deal".into(), if info.publish || info.seed.is_none() { deal } else { "?".into() }));
        tags.push(("Date".into(), info.date.clone()));
        let result = flip::result_token(over).to_string();
        tags.push(("Result".into(), result.clone()));
        let plies = reports
            .iter()
            .map(|r| {
                let action = match r.event {
                    flip::FlipEvent::Flip { colour, kind, .. } => {
                        ParsedAction { action: r.action(), claims: Some((colour, kind)) }
                    }
                    flip::FlipEvent::Move { .. } => ParsedAction { action: r.action(), claims: None },
                };
                FlipRecordPly { action, line: 0 }
            })
            .collect();
        FlipRecord { tags, plies, terminal, result, result_line: 0 }
    }

    /// Writes the record: tags, a blank line, movetext wrapped at 80 columns, the result.
    pub fn to_text(&self) -> String {
        let mut tokens: Vec<String> = Vec::new();
        for (i, p) in self.plies.iter().enumerate() {
            let mut t = String::new();
            if i % 2 == 0 {
                let _ = write!(t, "{}. ", i / 2 + 1);
            }
            t.push_str(&action_text(p.action));
            tokens.push(t);
        }
        if let Some(t) = self.terminal {
            tokens.push(t.word().to_string());
        }
        envelope::write(&self.tags, tokens, &self.result)
    }
}

/// A ply in record notation: `+c6=G` (or `+c6` when the piece is not named) or `c6-c7`.
pub fn action_text(a: ParsedAction) -> String {
    let board = &Variant::junqi().board;
    match (a.action, a.claims) {
        (flip::FlipAction::Flip(p), Some((s, k))) => format!("+{}={}", board.name(p), flip::piece_letter(s, k)),
        (flip::FlipAction::Flip(p), None) => format!("+{}", board.name(p)),
        (flip::FlipAction::Move(mv), _) => super::notation::format_move(board, mv),
    }
}
