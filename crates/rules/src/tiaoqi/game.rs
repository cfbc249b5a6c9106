//! A game in progress (spec §3, §6, §10.6–§10.9): turns in rounds from the first seat, moves,
//! passes, finishing, leaving, places given at the end of each round, and the end checks.

use crate::contract::{Over, Standing};

use super::board::Pt;
use super::movegen::{Gen, Kind, Move};
use super::position::{Layout, Position};
use super::race::{self, End, Places};
use super::refusal::Refusal;
use super::rules::Teams;

/// Everything one ply did (nothing is hidden in 跳棋).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TiaoqiPly {
    /// 1-based ply number.
    pub ply: u32,
    /// The round it was played in (from 1).
    pub round: u32,
    /// The seat that played.
    pub seat: u8,
    /// The action.
    pub mv: Move,
    /// What the path did; `None` for a pass.
    pub kind: Option<Kind>,
    /// A swap's other piece: its seat, where it stood, where it went.
    pub displaced: Option<(u8, Pt, Pt)>,
    /// Whether the move completed the mover's race.
    pub finished: bool,
    /// The action's token (`l2-j4-n4`, `--`).
    pub token: String,
    /// The end, if this ply ended the game.
    pub end: Option<Over>,
}

/// A game of 跳棋.
#[derive(Clone, Debug)]
pub struct Tiaoqi {
    /// What the start fixed.
    pub layout: Layout,
    pos: Position,
    first: u8,
    to_move: u8,
    ply: u32,
    round: u32,
    /// Per seat, the round it finished in.
    finished: Vec<Option<u32>>,
    /// Per seat, how it left (resign or timeout).
    left: Vec<Option<End>>,
    places: Places,
    moved_in_round: bool,
    end: Option<End>,
    /// Under `team-score=all-home`: the teams all home when the game ended.
    winners: Vec<u8>,
    last: Option<TiaoqiPly>,
}

impl Tiaoqi {
    /// A game of `layout` with `first` to move.
    pub fn new(layout: Layout, first: u8) -> Tiaoqi {
        let n = layout.players();
        let pos = Position::start(&layout);
        Tiaoqi {
            layout,
            pos,
            first,
            to_move: first,
            ply: 0,
            round: 1,
            finished: vec![None; n],
            left: vec![None; n],
            places: Places::new(n),
            moved_in_round: false,
            end: None,
            winners: Vec::new(),
            last: None,
        }
    }

    /// The pieces.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Replaces the pieces (tests: positions of the spec's examples).
    pub fn set_position(&mut self, pos: Position) {
        self.pos = pos;
    }

    /// The seat to move.
    pub fn seat_to_move(&self) -> u8 {
        self.to_move
    }

    /// The seat that moves first in every round.
    pub fn first(&self) -> u8 {
        self.first
    }

    /// Plies played.
    pub fn plies(&self) -> u32 {
        self.ply
    }

    /// The current round (from 1).
    pub fn round(&self) -> u32 {
        self.round
    }

    /// The end, with its exact reason.
    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// Places in halves, per seat, as far as given.
    pub fn places(&self) -> &[Option<u16>] {
        &self.places.of
    }

    /// The teams all home at the end (`team-score=all-home`).
    pub fn winners(&self) -> &[u8] {
        &self.winners
    }

    /// The round a seat finished in.
    pub fn finished_in(&self, seat: u8) -> Option<u32> {
        self.finished[usize::from(seat)]
    }

    /// How a seat left, if it did.
    pub fn left(&self, seat: u8) -> Option<End> {
        self.left[usize::from(seat)]
    }

    /// The last ply.
    pub fn last_ply(&self) -> Option<&TiaoqiPly> {
        self.last.as_ref()
    }

    /// Whether a seat still races: neither finished nor gone.
    pub fn racing(&self, seat: usize) -> bool {
        self.finished[seat].is_none() && self.left[seat].is_none()
    }

    fn racers(&self) -> Vec<usize> {
        (0..self.layout.players()).filter(|&s| self.racing(s)).collect()
    }

    /// The move generator of a seat.
    pub fn movegen(&self, seat: u8) -> Gen<'_> {
        Gen { layout: &self.layout, pos: &self.pos, seat: usize::from(seat) }
    }

    /// The legal actions of the seat to move (empty once over).
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.end.is_some() { Vec::new() } else { self.movegen(self.to_move).legal() }
    }

    /// The result, once over.
    pub fn over(&self) -> Option<Over> {
        let end = self.end?;
        Some(Over { standing: self.standing(), reason: end.reason() })
    }

    fn standing(&self) -> Standing {
        let places: Vec<u16> = self.places.of.iter().map(|p| p.unwrap_or(0)).collect();
        let n = self.layout.players();
        if n == 2 {
            return match places[0].cmp(&places[1]) {
                std::cmp::Ordering::Less => Standing::Team(0),
                std::cmp::Ordering::Greater => Standing::Team(1),
                std::cmp::Ordering::Equal => Standing::Draw,
            };
        }
        if self.layout.teams == Teams::Off {
            return Standing::Places(places);
        }
        if !self.winners.is_empty() {
            return if self.winners.len() == 1 { Standing::Team(self.winners[0]) } else { Standing::Draw };
        }
        let sums = race::team_sums(&self.layout.team, &places, race::team_count(self.layout.teams, n));
        let best = *sums.iter().min().expect("teams");
        let at_best: Vec<usize> = (0..sums.len()).filter(|&t| sums[t] == best).collect();
        if at_best.len() == 1 { Standing::Team(at_best[0] as u8) } else { Standing::Draw }
    }

    /// Plays the seat to move's action; on `Err` nothing changed.
    pub fn play_move(&mut self, mv: Move) -> Result<TiaoqiPly, Refusal> {
        let seat = self.to_move;
        let (kind, displaced) = match mv {
            Move::Pass => {
                if self.movegen(seat).legal() != [Move::Pass] {
                    return Err(Refusal::MustMove);
                }
                (None, None)
            }
            Move::Path(path) => {
                let kind = self.movegen(seat).check(&path)?;
                let (from, to) = (path.from(), path.to());
                let displaced = if kind == Kind::Swap {
                    let other = self.pos.get(to).expect("a swap's other piece");
                    self.pos.swap(from, to);
                    Some((other, to, from))
                } else {
                    self.pos.shift(from, to);
                    None
                };
                self.moved_in_round = true;
                (Some(kind), displaced)
            }
        };
        let round = self.round;
        // Only the mover's pieces and a displaced piece moved, but checking every racer is cheap.
        for s in self.racers() {
            if self.pos.finished(&self.layout, s) {
                self.finished[s] = Some(round);
            }
        }
        let finished = self.finished[usize::from(seat)] == Some(round) && kind.is_some();
        self.ply += 1;
        self.advance();
        let ply =
            TiaoqiPly { ply: self.ply, round, seat, mv, kind, displaced, finished, token: token(mv), end: self.over() };
        self.last = Some(ply.clone());
        Ok(ply)
    }

    /// Passes the turn to the next racer of the round, or ends the round.
    fn advance(&mut self) {
        let n = self.layout.players() as u8;
        let idx = (self.to_move + n - self.first) % n;
        if let Some(k) = (idx + 1..n).find(|&k| self.racing(usize::from((self.first + k) % n))) {
            self.to_move = (self.first + k) % n;
            return;
        }
        self.end_round();
        if self.end.is_none() {
            self.round += 1;
            self.moved_in_round = false;
            let k = (0..n).find(|&k| self.racing(usize::from((self.first + k) % n))).expect("two racers or more");
            self.to_move = (self.first + k) % n;
        }
    }

    /// Places the round's finishers and runs the end checks, in the order of spec §10.8.
    fn end_round(&mut self) {
        let done: Vec<usize> = (0..self.layout.players())
            .filter(|&s| self.finished[s] == Some(self.round) && self.places.of[s].is_none())
            .collect();
        self.places.share_next(&done);
        let racers = self.racers();
        let anyone_finished = self.finished.iter().any(Option::is_some);
        let teams = self.layout.teams;
        let n = self.layout.players();
        if !self.layout.rules.play_out_all && anyone_finished {
            return self.close(End::FirstFinished, vec![racers]);
        }
        if racers.len() <= 1 {
            return self.close(End::Finished, vec![racers]);
        }
        if teams != Teams::Off {
            let count = race::team_count(teams, n);
            if self.layout.rules.all_home {
                let home: Vec<u8> = (0..count as u8)
                    .filter(|&t| (0..n).filter(|&s| self.layout.team[s] == t).all(|s| self.finished[s].is_some()))
                    .collect();
                if !home.is_empty() {
                    self.winners = home;
                    return self.close(End::TeamDecided, vec![racers]);
                }
            } else if race::team_order_decided(&self.layout.team, count, &self.places, &racers) {
                return self.close(End::TeamDecided, vec![racers]);
            }
        }
        if !self.moved_in_round {
            return self.close(End::AllStuck, vec![racers]);
        }
        let limit = self.layout.rules.round_limit;
        if limit != 0 && self.round >= limit {
            let key = |s: usize| {
                let (inside, dist) = self.pos.progress(&self.layout, s);
                (std::cmp::Reverse(inside), dist)
            };
            let mut sorted = racers.clone();
            sorted.sort_by_key(|&s| key(s));
            let mut groups: Vec<Vec<usize>> = Vec::new();
            for s in sorted {
                match groups.last_mut() {
                    Some(g) if key(g[0]) == key(s) => g.push(s),
                    _ => groups.push(vec![s]),
                }
            }
            self.close(End::RoundLimit, groups);
        }
    }

    /// Ends the game: the remaining racers take the remaining places in `groups`, each sharing.
    fn close(&mut self, end: End, groups: Vec<Vec<usize>>) {
        self.places.share_groups(&groups);
        self.end = Some(end);
    }

    /// A racing seat leaves (spec §6, §10.6); `false` if it does not race or the game is over.
    pub fn leave_as(&mut self, seat: u8, end: End) -> bool {
        let s = usize::from(seat);
        if self.end.is_some() || s >= self.layout.players() || !self.racing(s) {
            return false;
        }
        if self.layout.players() == 2 {
            self.left[s] = Some(end);
            self.places.share_next(&[1 - s]);
            self.places.give_last(s);
            self.end = Some(end);
            return true;
        }
        self.left[s] = Some(end);
        self.places.give_last(s);
        self.pos.remove(seat);
        if self.to_move == seat {
            self.advance();
        }
        true
    }

    /// Ends the game as agreed: the racers share the remaining places (a draw for two players).
    pub fn draw_agreed(&mut self) -> bool {
        if self.end.is_some() {
            return false;
        }
        let racers = self.racers();
        self.close(End::Agreed, vec![racers]);
        true
    }
}

/// The token of an action: the path, or `--` for a pass.
pub fn token(mv: Move) -> String {
    match mv {
        Move::Path(p) => p.text(),
        Move::Pass => "--".into(),
    }
}
