//! A tournament's state rebuilt from its rows, and the small readings of stored rows the others share.

use crate::store::Conn;

use super::{StandingLine, TournamentId, TournamentMistake};
use crate::referee::{Fail, Res, corrupt};
use crate::rules::game::GameOver;
use crate::store::tournament::{self as ts, EntrantRow, RatingRow, TournamentRow};
use crate::tournament::{Board, BoardResult, Format, Rating, Standing};

/// The format of a stored tournament.
pub(super) fn format_of(t: &TournamentRow) -> Result<Format, Fail> {
    Format::parse(&t.format, t.rounds.map(|r| r as usize))
        .ok_or_else(|| Fail::Store(corrupt("tournaments", t.id, "bad format")))
}

/// A tournament's state rebuilt from its rows: entrants in seed order and the rounds as boards.
pub(super) struct State {
    pub(super) entrants: Vec<EntrantRow>,
    pub(super) rounds: Vec<Vec<Board>>,
}

impl State {
    pub(super) async fn load(tx: &mut Conn, t: TournamentId) -> Res<State> {
        let entrants = ts::entrants_of(tx, t).await?;
        let pairings = ts::pairings_of(tx, t).await?;
        let index = |u: &str| entrants.iter().position(|e| e.user_id == u);
        let mut rounds: Vec<Vec<Board>> = Vec::new();
        for p in &pairings {
            let red = index(&p.red).ok_or_else(|| corrupt("pairings", t, "unknown player"))?;
            let blue = match &p.blue {
                Some(b) => Some(index(b).ok_or_else(|| corrupt("pairings", t, "unknown player"))?),
                None => None,
            };
            let result = match &p.result {
                Some(r) => Some(BoardResult::parse(r).ok_or_else(|| corrupt("pairings", t, "bad result"))?),
                None => None,
            };
            let r = p.round as usize;
            while rounds.len() < r {
                rounds.push(Vec::new());
            }
            rounds[r - 1].push(Board { red, blue, result });
        }
        Ok(State { entrants, rounds })
    }

    pub(super) fn lines(&self, format: Format) -> Vec<StandingLine> {
        crate::tournament::standings(format, self.entrants.len(), &self.rounds)
            .into_iter()
            .map(|s: Standing| StandingLine {
                rank: s.rank,
                user: self.entrants[s.player].user_id.clone(),
                points: s.points_text(),
                tiebreak: s.tiebreak_text(),
                wdl: (s.wins, s.draws, s.losses),
                withdrawn: self.entrants[s.player].withdrawn_round.is_some(),
                out_in: s.out_in,
            })
            .collect()
    }
}

pub(super) fn game_winner(over: GameOver) -> BoardResult {
    match over.winner {
        Some(0) => BoardResult::RedWins,
        Some(_) => BoardResult::BlueWins,
        None => BoardResult::Draw,
    }
}

pub(super) async fn tournament(tx: &mut Conn, id: TournamentId) -> Res<TournamentRow> {
    ts::tournament_get(tx, id).await?.ok_or_else(|| TournamentMistake::Unknown(id).into())
}

pub(super) fn to_rating(r: &RatingRow) -> Rating {
    Rating { rating: r.rating, deviation: r.deviation, volatility: r.volatility }
}
