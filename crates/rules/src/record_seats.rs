//! Records of games with more than two seats (`rules-junqi4.md` §10): seat events in the
//! movetext (`W:resign`, `E:timeout`, `N:stuck`) and the replay that follows eliminations, with
//! or without the setups.

use super::combat::Outcome;
use super::game::{EndReason, Game, GameOver, PlyReport};
use super::notation::format_move;
use super::options::{Order, RuleOptions};
use super::record::{
    ParseError, Record, RecordHeader, Replay, ReplayError, ReplayEvent, Terminal, check_mark, perr, result_token,
};
use super::seat::Seat;
use super::variant::Variant;

pub use crate::contract::record::SeatEventKind;

/// One seat event in a record's movetext.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SeatEvent {
    /// How many plies come before it.
    pub after: usize,
    /// Whose.
    pub seat: Seat,
    /// What.
    pub kind: SeatEventKind,
    /// The line it was read from (0 for events built in memory).
    pub line: usize,
}

impl SeatEvent {
    /// The `stuck` events a ply's report implies, for writers of records: the referee writes
    /// them so that records without setups can follow eliminations the public cannot see.
    pub fn stuck_after(report: &PlyReport) -> Vec<SeatEvent> {
        report
            .eliminated
            .iter()
            .filter(|(_, r)| *r == EndReason::NoLegalMove)
            .map(|&(seat, _)| SeatEvent { after: report.ply as usize, seat, kind: SeatEventKind::Stuck, line: 0 })
            .collect()
    }

    /// Reads `W:resign` (any seat spelling [`Variant::seat_by_name`] takes); with two seats only
    /// `X:skip`.
    pub fn parse(variant: &Variant, token: &str, after: usize, line: usize) -> Result<SeatEvent, ParseError> {
        let (seat, word) = token.split_once(':').expect("called on tokens with a colon");
        // A skipped turn (`on-timeout=skip:N`) happens in games of two seats too.
        if variant.seats.len() <= 2 && !word.eq_ignore_ascii_case("skip") {
            return Err(perr(
                line,
                format!("'{token}': seat events such as W:resign belong to records of 4-player games"),
            ));
        }
        let seat = variant.seat_by_name(seat).map_err(|e| perr(line, format!("'{token}': {e}")))?;
        let kind = SeatEventKind::from_word(word).ok_or_else(|| {
            perr(line, format!("'{token}': unknown seat event '{word}' (resign, timeout, stuck, skip)"))
        })?;
        Ok(SeatEvent { after, seat, kind, line })
    }

    /// The movetext token (`W:resign`).
    pub fn to_token(&self, variant: &Variant) -> String {
        format!("{}:{}", variant.seat_name(self.seat).to_uppercase(), self.kind.word())
    }
}

/// The seat letter in messages (`W`).
fn letter(variant: &Variant, seat: Seat) -> String {
    variant.seat_name(seat).to_uppercase()
}

/// Who stands where, as a record without setups shows it.
struct PublicBoard {
    variant: &'static Variant,
    rules: RuleOptions,
    cells: Vec<Option<Seat>>,
    out: Vec<bool>,
    to_move: Seat,
    quiet: u32,
    over: Option<GameOver>,
}

impl PublicBoard {
    fn next_live(&self, seat: Seat) -> Seat {
        let n = self.variant.seats.len() as u8;
        (1..=n)
            .map(|k| if self.rules.order == Order::Ccw { (seat.0 + k) % n } else { (seat.0 + n * 2 - k) % n })
            .map(Seat)
            .find(|s| !self.out[s.index()])
            .unwrap_or(seat)
    }

    /// Puts a seat out (its pieces leave); ends the game when its team is all out.
    fn eliminate(&mut self, seat: Seat, reason: EndReason) {
        self.out[seat.index()] = true;
        for c in self.cells.iter_mut() {
            if *c == Some(seat) {
                *c = None;
            }
        }
        let v = self.variant;
        let team = v.team(seat);
        if (0..v.seats.len()).all(|i| v.seats[i].team != team || self.out[i]) {
            self.over = Some(GameOver { winner: v.seats.iter().map(|s| s.team).find(|&t| t != team), reason });
        }
    }
}

impl Record {
    /// Replays a record of a game with more than two seats: plies and seat events in order.
    pub(super) fn replay_seats(
        &self,
        header: RecordHeader,
        events: &mut Vec<ReplayEvent>,
    ) -> Result<Replay, ReplayError> {
        let variant = header.variant;
        let board = &variant.board;
        let mut game = header.deployments.as_ref().map(|d| Game::new(variant, header.rules, d, header.first));
        let mut public = PublicBoard {
            variant,
            rules: header.rules,
            cells: vec![None; board.len()],
            out: vec![false; variant.seats.len()],
            to_move: header.first,
            quiet: 0,
            over: None,
        };
        for (si, order) in variant.deployment_order.iter().enumerate() {
            for p in order {
                public.cells[p.index()] = Some(Seat(si as u8));
            }
        }
        // Why each seat went out, as the full replay found it (to check `stuck` events).
        let mut out_reason: Vec<Option<EndReason>> = vec![None; variant.seats.len()];
        let mut pending = self.events.iter().peekable();
        for i in 0..=self.plies.len() {
            while let Some(e) = pending.next_if(|e| e.after == i) {
                let token = e.to_token(variant);
                let who = letter(variant, e.seat);
                if e.kind == SeatEventKind::Stuck && game.is_some() {
                    // The full replay already put the seat out after the ply before (perhaps
                    // ending the game); the event only has to agree.
                    if out_reason[e.seat.index()] != Some(EndReason::NoLegalMove) {
                        return Err(ReplayError::Parse(perr(
                            e.line,
                            format!("'{token}': {who} was not left without a legal move here"),
                        )));
                    }
                    let end = game.as_ref().and_then(|g| g.over());
                    events.push(ReplayEvent::Seat {
                        after: i as u32,
                        seat: e.seat,
                        kind: Some(e.kind),
                        eliminated: Vec::new(),
                        end,
                    });
                    continue;
                }
                let over_now = game.as_ref().map_or(public.over, |g| g.over());
                if let Some(o) = over_now {
                    return Err(ReplayError::Parse(perr(
                        e.line,
                        format!("'{token}' after the game already ended ({})", o.reason.as_str()),
                    )));
                }
                let to_move = game.as_ref().map_or(public.to_move, |g| g.to_move());
                let already_out = game.as_ref().map_or(public.out[e.seat.index()], |g| g.is_out(e.seat));
                if e.kind == SeatEventKind::Timeout && to_move != e.seat {
                    return Err(ReplayError::Parse(perr(
                        e.line,
                        format!(
                            "'{token}': only the seat to move can time out, and {} is to move",
                            letter(variant, to_move)
                        ),
                    )));
                }
                let mut eliminated = Vec::new();
                if e.kind == SeatEventKind::Skip {
                    // A timeout under `on-timeout=skip:N`: the turn passes, the seat stays in.
                    if to_move != e.seat || already_out {
                        return Err(ReplayError::Parse(perr(
                            e.line,
                            format!(
                                "'{token}': only the seat to move can be skipped, and {} is to move",
                                letter(variant, to_move)
                            ),
                        )));
                    }
                    match &mut game {
                        Some(g) => {
                            let before: Vec<bool> = (0..variant.seats.len()).map(|s| g.is_out(Seat(s as u8))).collect();
                            g.pass(e.seat);
                            for (s, was) in before.iter().enumerate() {
                                if !was && g.is_out(Seat(s as u8)) {
                                    eliminated.push((Seat(s as u8), EndReason::NoLegalMove));
                                    out_reason[s] = Some(EndReason::NoLegalMove);
                                }
                            }
                        }
                        None => public.to_move = public.next_live(e.seat),
                    }
                    let end = game.as_ref().map_or(public.over, |g| g.over());
                    events.push(ReplayEvent::Seat {
                        after: i as u32,
                        seat: e.seat,
                        kind: Some(e.kind),
                        eliminated,
                        end,
                    });
                    continue;
                }
                match (e.kind, &mut game) {
                    (_, _) if already_out => {
                        return Err(ReplayError::Parse(perr(e.line, format!("'{token}': {who} is already out"))));
                    }
                    (SeatEventKind::Stuck, None) => {
                        if to_move != e.seat {
                            return Err(ReplayError::Parse(perr(
                                e.line,
                                format!(
                                    "'{token}': a seat is stuck only at its turn, and {} is to move",
                                    letter(variant, to_move)
                                ),
                            )));
                        }
                        public.eliminate(e.seat, EndReason::NoLegalMove);
                        public.to_move = public.next_live(e.seat);
                        eliminated.push((e.seat, EndReason::NoLegalMove));
                    }
                    (kind, Some(g)) => {
                        let before: Vec<bool> = (0..variant.seats.len()).map(|s| g.is_out(Seat(s as u8))).collect();
                        if kind == SeatEventKind::Resign {
                            g.resign(e.seat);
                        } else {
                            g.timeout(e.seat);
                        }
                        eliminated.push((e.seat, kind.reason()));
                        for (s, was) in before.iter().enumerate() {
                            let seat = Seat(s as u8);
                            if !was && seat != e.seat && g.is_out(seat) {
                                eliminated.push((seat, EndReason::NoLegalMove));
                            }
                        }
                        for &(s, r) in &eliminated {
                            out_reason[s.index()] = Some(r);
                        }
                    }
                    (kind, None) => {
                        public.eliminate(e.seat, kind.reason());
                        if public.to_move == e.seat {
                            public.to_move = public.next_live(e.seat);
                        }
                        eliminated.push((e.seat, kind.reason()));
                    }
                }
                let end = game.as_ref().map_or(public.over, |g| g.over());
                events.push(ReplayEvent::Seat { after: i as u32, seat: e.seat, kind: Some(e.kind), eliminated, end });
            }
            let Some(p) = self.plies.get(i) else { break };
            let ply = i as u32 + 1;
            let mv = format_move(board, p.mv);
            let illegal = |reason: String| ReplayError::Illegal { ply, mv: mv.clone(), reason };
            if let Some(g) = game.as_mut() {
                let report = g.play(p.mv).map_err(|e| illegal(e.to_string()))?;
                check_mark(p, ply, &mv, report.outcome)?;
                for &(s, r) in &report.eliminated {
                    out_reason[s.index()] = Some(r);
                }
                events.push(ReplayEvent::Ply(Box::new(report)));
                continue;
            }
            // Without setups: only who stands where, and the annotated outcomes.
            let seat = public.to_move;
            if public.over.is_some() {
                return Err(illegal("the game is over".into()));
            }
            match public.cells[p.mv.from.index()] {
                None => return Err(illegal(format!("there is no piece on {}", board.name(p.mv.from)))),
                Some(s) if s != seat => {
                    return Err(illegal(format!(
                        "the piece on {} is not {}'s",
                        board.name(p.mv.from),
                        letter(variant, seat)
                    )));
                }
                _ => {}
            }
            let defender = public.cells[p.mv.to.index()];
            let outcome = match defender {
                None => {
                    if p.mark.is_some() {
                        return Err(ReplayError::Parse(perr(
                            p.line,
                            format!("ply {ply} ({mv}) moves to an empty point but carries an outcome mark"),
                        )));
                    }
                    Outcome::Moved
                }
                Some(s) if variant.team(s) == variant.team(seat) => {
                    return Err(illegal(format!("{} is occupied by your own side", board.name(p.mv.to))));
                }
                Some(_) => p.mark.ok_or_else(|| {
                    ReplayError::Parse(perr(
                        p.line,
                        format!("ply {ply} ({mv}) is an attack; a record without setups needs its outcome in braces"),
                    ))
                })?,
            };
            public.cells[p.mv.from.index()] = None;
            public.quiet = if outcome.is_combat() { 0 } else { public.quiet + 1 };
            match outcome {
                Outcome::Moved | Outcome::AttackerWon | Outcome::FlagCaptured => {
                    public.cells[p.mv.to.index()] = Some(seat)
                }
                Outcome::BothRemoved => public.cells[p.mv.to.index()] = None,
                Outcome::DefenderWon | Outcome::ShotDown | Outcome::FlagshipSunk => {}
                // Nobody moved: the mover is back on its start.
                Outcome::Bounced | Outcome::Scouted => public.cells[p.mv.from.index()] = Some(seat),
            }
            events.push(ReplayEvent::PublicPly { ply, seat, mv: p.mv, outcome });
            if outcome == Outcome::FlagCaptured
                && let Some(owner) = defender
            {
                public.eliminate(owner, EndReason::FlagCaptured);
                public.cells[p.mv.to.index()] = Some(seat);
                events.push(ReplayEvent::Seat {
                    after: ply,
                    seat: owner,
                    kind: None,
                    eliminated: vec![(owner, EndReason::FlagCaptured)],
                    end: public.over,
                });
            }
            public.to_move = public.next_live(seat);
            if public.over.is_none() && header.rules.quiet_limit > 0 && public.quiet >= header.rules.quiet_limit {
                public.over = Some(GameOver { winner: None, reason: EndReason::QuietLimit });
            }
        }
        let mut over = game.as_ref().map_or(public.over, |g| g.over());
        if let Some(t) = self.terminal {
            // Only `draw` reaches here: the parser asks resign and timeout for their seat.
            if let Some(o) = over {
                return Err(ReplayError::Parse(perr(
                    self.result_line,
                    format!("'{}' after the game already ended ({})", t.word(), o.reason.as_str()),
                )));
            }
            debug_assert_eq!(t, Terminal::Draw);
            over = Some(GameOver { winner: None, reason: EndReason::Agreed });
        }
        let expected = result_token(variant, over);
        if expected != self.result {
            return Err(ReplayError::Parse(perr(
                self.result_line,
                format!("the result is {} but the moves give {}", self.result, expected),
            )));
        }
        Ok(Replay { header, events: events.clone(), over, game })
    }
}
