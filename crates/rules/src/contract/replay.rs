//! The one replayer of records for every catalogued game: the envelope is read, the game named
//! by its `Variant` tag reads its start ([`super::record::RecordDef::read`]), then
//! [`super::GameDef::start`] and [`super::AnyGame::play_text`] of each token, with seat events,
//! terminal words and the result checked against what the game says.

use crate::game::EndReason;
use crate::seat::Seat;

use super::any::{AnyGame, PlayError};
use super::catalog::GameDef;
use super::game::Leave;
use super::ply::{Fact, Over};
use super::record::{
    Envelope, Item, Reading, ReplayError, SeatEventKind, Step, Terminal, perr, result_token, winner_of_token,
};

/// A replayed record.
pub struct Replayed {
    /// The game it is a record of.
    pub def: &'static GameDef,
    /// The envelope read.
    pub envelope: Envelope,
    /// The result (after the terminal word, if any); `None` while the game goes on.
    pub over: Option<Over>,
    /// The game after the last step replayed; `None` when the record hides its start.
    pub game: Option<Box<dyn AnyGame>>,
}

/// How far to replay.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Upto {
    /// The whole record: the terminal word applied and the result checked.
    End,
    /// The first `n` plies and the seat events before the next one; nothing else is checked.
    Plies(usize),
}

/// Replays a record's text to its end; `steps` collects what was played, also before an error.
pub fn replay(text: &str, steps: &mut Vec<Step>) -> Result<Replayed, ReplayError> {
    replay_with(text, Upto::End, steps, &mut |_| {})
}

/// Replays a record's text as far as `upto`, calling `on_state` with the game at the start and
/// after every step (for frames of an animation). A record that hides its start replays its public
/// history to the end, without states.
pub fn replay_with(
    text: &str,
    upto: Upto,
    steps: &mut Vec<Step>,
    on_state: &mut dyn FnMut(&dyn AnyGame),
) -> Result<Replayed, ReplayError> {
    let envelope = Envelope::parse(text).map_err(ReplayError::Parse)?;
    let def = envelope.game().map_err(ReplayError::Parse)?;
    let start = match (def.record.read)(def, &envelope).map_err(ReplayError::Parse)? {
        Reading::Known(start) => start,
        Reading::Hidden(public) => {
            let over = public(steps)?;
            return Ok(Replayed { def, envelope, over, game: None });
        }
        Reading::Own(own) => {
            // The game replays the whole record; the states after `upto` are not shown.
            let shown = |g: &dyn AnyGame| match upto {
                Upto::Plies(n) => g.ply() as usize <= n,
                Upto::End => true,
            };
            let over = own(steps, &mut |g: &dyn AnyGame| {
                if shown(g) {
                    on_state(g);
                }
            })?;
            return Ok(Replayed { def, envelope, over, game: None });
        }
    };
    // The game's reader has checked the tags with its own messages; what start refuses now is
    // reported on the first line.
    let mut game = (def.start)(&start).map_err(|e| ReplayError::Parse(perr(1, e.to_string())))?;
    on_state(&*game);
    let mut run = Run { def, game: &mut *game, out: Vec::new(), ply: 0 };
    let mut terminal = None;
    for item in &envelope.items {
        match item {
            Item::Action { token, mark, line } => {
                if upto == Upto::Plies(run.ply as usize) {
                    break;
                }
                steps.push(Step::Ply(run.play(token, *mark, *line)?));
            }
            Item::Seat { token, line } => steps.push(run.seat_event(token, *line)?),
            Item::Word { word, .. } => {
                terminal = Some(*word);
                continue;
            }
        }
        on_state(&*run.game);
    }
    if upto == Upto::End {
        if let Some(t) = terminal {
            run.terminal(t, &envelope)?;
            on_state(&*run.game);
        }
        let expected = result_token(def, run.game.over().as_ref());
        if expected != envelope.result {
            return Err(ReplayError::Parse(perr(
                envelope.result_line,
                format!("the result is {} but the moves give {}", envelope.result, expected),
            )));
        }
    }
    let over = game.over();
    Ok(Replayed { def, envelope, over, game: Some(game) })
}

/// A replay under way.
struct Run<'a> {
    def: &'static GameDef,
    game: &'a mut dyn AnyGame,
    /// Why each seat went out, as far as the replay has seen.
    out: Vec<(Seat, EndReason)>,
    ply: u32,
}

impl Run<'_> {
    /// A seat as records write it in messages (`W`).
    fn letter(&self, seat: Seat) -> String {
        self.def.kind.seating.get(seat).map_or_else(|| seat.to_string(), |d| d.key.to_uppercase())
    }

    fn is_out(&self, seat: Seat) -> Option<EndReason> {
        self.out.iter().find(|(s, _)| *s == seat).map(|&(_, r)| r)
    }

    fn play(
        &mut self,
        token: &str,
        mark: Option<crate::combat::Outcome>,
        line: usize,
    ) -> Result<super::PublicPly, ReplayError> {
        self.ply += 1;
        let ply = self.ply;
        let seat = self.game.to_move();
        let played = self.game.play_text(seat, token).map_err(|e| match e {
            PlayError::Unreadable(u) => ReplayError::Parse(perr(line, u.to_string())),
            other => ReplayError::Illegal {
                ply,
                mv: self.game.read_token(seat, token).unwrap_or_else(|_| token.to_string()),
                reason: other.to_string(),
            },
        })?;
        let outcome = played
            .public
            .facts
            .iter()
            .find_map(|f| match f {
                Fact::Combat { outcome, .. } => Some(*outcome),
                _ => None,
            })
            .unwrap_or(crate::combat::Outcome::Moved);
        // By mark: `{F}` is a captured flag or a sunk 旗舰, whichever the game says.
        if let Some(mark) = mark
            && mark.mark() != outcome.mark()
        {
            return Err(ReplayError::Parse(perr(
                line,
                format!(
                    "ply {ply} ({}) is annotated {{{}}} ({}) but its outcome is {}",
                    played.token,
                    mark.mark().unwrap_or(""),
                    mark.as_str(),
                    outcome.as_str()
                ),
            )));
        }
        for f in &played.public.facts {
            if let Fact::Out { seat, reason } = f {
                self.out.push((*seat, *reason));
            }
        }
        Ok(played.public)
    }

    fn seat_event(&mut self, token: &str, line: usize) -> Result<Step, ReplayError> {
        let bad = |reason: String| ReplayError::Parse(perr(line, reason));
        let (who, word) = token.split_once(':').unwrap_or((token, ""));
        let seat = self.def.kind.seating.find(who).ok_or_else(|| bad(format!("'{token}': no seat '{who}'")))?;
        let kind = SeatEventKind::from_word(word)
            .ok_or_else(|| bad(format!("'{token}': unknown seat event '{word}' (resign, timeout, stuck, skip)")))?;
        let letter = self.letter(seat);
        let token = format!("{letter}:{}", kind.word());
        let after = self.ply;
        if kind == SeatEventKind::Stuck {
            // The game already put the seat out after the ply before: the event only has to agree.
            if self.is_out(seat) != Some(EndReason::NoLegalMove) {
                return Err(bad(format!("'{token}': {letter} was not left without a legal move here")));
            }
            return Ok(Step::Seat { after, seat, kind, out: Vec::new() });
        }
        if let Some(o) = self.game.over() {
            return Err(bad(format!("'{token}' after the game already ended ({})", o.reason.as_str())));
        }
        let to_move = self.game.to_move();
        if kind == SeatEventKind::Skip {
            if to_move != seat {
                return Err(bad(format!(
                    "'{token}': only the seat to move can be skipped, and {} is to move",
                    self.letter(to_move)
                )));
            }
            let leaving =
                self.game.pass(seat).ok_or_else(|| bad(format!("'{token}': this game cannot skip a turn")))?;
            let out: Vec<(Seat, EndReason)> = leaving.out.iter().map(|&s| (s, EndReason::NoLegalMove)).collect();
            self.out.extend(out.iter().copied());
            return Ok(Step::Seat { after, seat, kind, out });
        }
        if kind == SeatEventKind::Timeout && to_move != seat {
            return Err(bad(format!(
                "'{token}': only the seat to move can time out, and {} is to move",
                self.letter(to_move)
            )));
        }
        if self.is_out(seat).is_some() {
            return Err(bad(format!("'{token}': {letter} is already out")));
        }
        let why = if kind == SeatEventKind::Resign { Leave::Resign } else { Leave::Timeout };
        let leaving = self.game.leave(seat, why);
        let out: Vec<(Seat, EndReason)> =
            leaving.out.iter().map(|&s| (s, if s == seat { kind.reason() } else { EndReason::NoLegalMove })).collect();
        self.out.extend(out.iter().copied());
        Ok(Step::Seat { after, seat, kind, out })
    }

    /// Applies the record's last word, which must fit the result token.
    fn terminal(&mut self, t: Terminal, env: &Envelope) -> Result<(), ReplayError> {
        let bad = |reason: String| ReplayError::Parse(perr(env.result_line, reason));
        if let Some(o) = self.game.over() {
            return Err(bad(format!("'{}' after the game already ended ({})", t.word(), o.reason.as_str())));
        }
        let seats = self.def.kind.seating.seats;
        let team = |s: Seat| seats.get(s.index()).map(|d| d.team);
        let winner = winner_of_token(self.def, &env.result);
        let loser = match (t, winner) {
            (Terminal::Draw, _) if env.result == "1/2-1/2" => None,
            (Terminal::Resign, Some(w)) => (0..seats.len() as u8).map(Seat).find(|&s| team(s) != Some(w)),
            // The seat to move is the one whose deadline passed.
            (Terminal::Timeout, Some(w)) if team(self.game.to_move()) != Some(w) => Some(self.game.to_move()),
            _ => return Err(bad(format!("result {} does not fit '{}'", env.result, t.word()))),
        };
        match (t, loser) {
            (Terminal::Resign, Some(l)) => {
                self.game.leave(l, Leave::Resign);
            }
            (Terminal::Timeout, Some(l)) => {
                self.game.leave(l, Leave::Timeout);
            }
            _ => {
                self.game.agree_draw();
            }
        }
        Ok(())
    }
}
