//! A tournament as adapters show it (its boards, standings and message headers), read-only.

use super::state::{State, format_of};
use super::{StandingLine, TournamentId, TournamentMsg};
use crate::referee::{Fail, GameId, Locale, Msg, Referee, RefereeError};
use crate::store::tournament::{self as ts, PairingRow, TournamentRow};
use crate::tournament::{Board, Format};

/// A tournament as adapters show it: its row, format, the boards of every round and the current
/// standings. Read-only; built from the same rows the referee uses.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentTable {
    /// The tournament's row.
    pub row: TournamentRow,
    /// Its format.
    pub format: Format,
    /// Rounds whose boards all have a result.
    pub rounds_done: usize,
    /// Every board so far, round by round.
    pub pairings: Vec<PairingRow>,
    /// The standings now.
    pub lines: Vec<StandingLine>,
}

impl TournamentTable {
    /// The header of the standings message the referee posts after `round` rounds (`last`: the
    /// final one), in a locale: adapters use it to tell a standings announcement from the others.
    pub fn standings_header(&self, round: usize, last: bool, l: Locale) -> String {
        let msg = TournamentMsg::Standings {
            id: self.row.id,
            name: self.row.name.clone(),
            format: self.format,
            round,
            playing: false,
            lines: Vec::new(),
            last,
            early: false,
        };
        Msg::Tournament(msg).render(l)
    }

    /// The header of the announcement of round `round`, in a locale.
    pub fn round_header(&self, round: usize, l: Locale) -> String {
        let n = self.lines.len();
        let msg = TournamentMsg::Round {
            id: self.row.id,
            name: self.row.name.clone(),
            round,
            of: self.format.total_rounds(n),
            boards: Vec::new(),
            due: None,
            variant: self.row.variant.clone(),
        };
        Msg::Tournament(msg).render(l)
    }
}

impl Referee {
    /// A tournament's table (None: no such tournament).
    pub async fn tournament_table(&self, id: TournamentId) -> Result<Option<TournamentTable>, RefereeError> {
        let mut c = self.store.conn().await?;
        let Some(row) = ts::tournament_get(&mut c, id).await? else { return Ok(None) };
        let format = format_of(&row).map_err(|e| match e {
            Fail::Store(s) => RefereeError::Store(s),
            Fail::Mistake(m) => RefereeError::Rejected { message: m.to_string(), mistake: m },
        })?;
        let st = State::load(&mut c, id).await.map_err(|e| match e {
            Fail::Store(s) => RefereeError::Store(s),
            Fail::Mistake(m) => RefereeError::Rejected { message: m.to_string(), mistake: m },
        })?;
        let rounds_done = st.rounds.iter().filter(|r| r.iter().all(Board::done)).count();
        let pairings = ts::pairings_of(&mut c, id).await?;
        Ok(Some(TournamentTable { lines: st.lines(format), row, format, rounds_done, pairings }))
    }

    /// The tournament board a game is played on, if any.
    pub async fn tournament_board(&self, game: GameId) -> Result<Option<PairingRow>, RefereeError> {
        Ok(ts::pairing_of_game(&mut *self.store.conn().await?, game).await?)
    }
}
