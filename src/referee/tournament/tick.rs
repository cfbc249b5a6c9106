//! Tournament timers: starts at their start time (or cancellations), rounds whose time runs out.

use crate::store::Conn;

use super::TournamentMsg;
use super::msg::tmsg;
use super::state::tournament;
use crate::referee::{Effect, Fail, GameId, Out, Referee, RefereeError, Res, corrupt};
use crate::store::tournament::{self as ts, PairingRow, RoundRow, tstatus};
use crate::store::{self, status};
use crate::tournament::BoardResult;

impl Referee {
    /// Applies what is due for tournaments: starts at their start time (or cancels with too few
    /// entrants), and rounds whose time ran out (unfinished boards adjudicated, next round).
    pub(in crate::referee) async fn tournament_tick(&self, now: i64) -> Result<Vec<Effect>, RefereeError> {
        let mut effects = Vec::new();
        let starting = ts::tournaments_starting(&mut *self.store.conn().await?, now).await?;
        for t in starting {
            let mut tx = self.store.begin().await?;
            ts::tournament_lock(&mut tx, t.id).await?;
            let Some(fresh) = ts::tournament_get(&mut tx, t.id).await? else { continue };
            if fresh.status != tstatus::OPEN {
                continue;
            }
            let mut out = Out::default();
            let at = fresh.starts_at.unwrap_or(now);
            match self.start_tournament(&mut tx, fresh.clone(), at, &mut out).await {
                Ok(()) => {}
                Err(Fail::Store(e)) => return Err(e.into()),
                Err(Fail::Mistake(_)) => {
                    // Too few entrants (or too many rounds for them): the tournament is called off.
                    let mut closed = fresh;
                    closed.status = tstatus::FINISHED.into();
                    ts::tournament_update(&mut tx, &closed).await?;
                    let have = ts::entrants_of(&mut tx, closed.id).await?.len();
                    let msg = tmsg(TournamentMsg::Cancelled { id: closed.id, have });
                    if let Err(Fail::Store(e)) = self.public(&mut tx, &closed.server_id, None, msg, &mut out).await {
                        return Err(e.into());
                    }
                }
            }
            crate::referee::delivery::stash(&mut tx, None, &out.effects, now).await?;
            tx.commit().await?;
            effects.extend(out.effects);
        }
        let due = ts::rounds_due(&mut *self.store.conn().await?, now).await?;
        for r in due {
            effects.extend(self.round_time_up(r).await?);
        }
        Ok(effects)
    }

    async fn round_time_up(&self, r: RoundRow) -> Result<Vec<Effect>, RefereeError> {
        let open_games = async |c: &mut Conn| -> Result<Vec<GameId>, crate::store::StoreError> {
            let mut g: Vec<GameId> = ts::pairings_of(c, r.tournament_id)
                .await?
                .into_iter()
                .filter(|p| p.round == r.round && p.result.is_none())
                .filter_map(|p| p.game_id)
                .collect();
            g.sort_unstable();
            Ok(g)
        };
        for _attempt in 0..8 {
            let want = open_games(&mut *self.store.conn().await?).await?;
            let mut guards = Vec::new();
            for g in &want {
                guards.push(self.hold(*g).await);
            }
            let mut tx = self.store.begin().await?;
            ts::tournament_lock(&mut tx, r.tournament_id).await?;
            if open_games(&mut *tx).await? != want {
                continue;
            }
            let mut out = Out::default();
            let at = r.due_at.unwrap_or(0);
            match self.adjudicate_round(&mut tx, &r, at, &mut out).await {
                Ok(()) => {}
                Err(Fail::Store(e)) => return Err(e.into()),
                Err(Fail::Mistake(m)) => return Err(RefereeError::Rejected { message: m.to_string(), mistake: m }),
            }
            crate::referee::delivery::stash(&mut tx, None, &out.effects, at).await?;
            tx.commit().await?;
            for mut g in guards {
                g.clear();
            }
            return Ok(out.effects);
        }
        Err(RefereeError::Store(corrupt("rounds", r.tournament_id, "pairings kept changing while locking")))
    }

    /// A round's time is up: a game under way is drawn; a game still being deployed goes to the
    /// player who deployed (both forfeit if neither did).
    async fn adjudicate_round(&self, tx: &mut Conn, r: &RoundRow, at: i64, out: &mut Out) -> Res<()> {
        let t = tournament(tx, r.tournament_id).await?;
        let boards: Vec<PairingRow> = ts::pairings_of(tx, t.id)
            .await?
            .into_iter()
            .filter(|p| p.round == r.round && p.result.is_none() && p.blue.is_some())
            .collect();
        if t.status != tstatus::RUNNING || t.round != r.round {
            ts::round_finish(tx, t.id, r.round, at).await?;
            return Ok(());
        }
        self.public(tx, &t.server_id, None, tmsg(TournamentMsg::RoundTimeUp { id: t.id, round: r.round }), out).await?;
        for p in boards {
            let result = match p.game_id {
                Some(g) => {
                    let row = store::game_get(tx, g).await?.ok_or_else(|| corrupt("pairings", g, "no such game"))?;
                    if row.status == status::DEPLOYING {
                        let deps = store::deployments_get(tx, g).await?;
                        match (deps.iter().any(|d| d.seat == 0), deps.iter().any(|d| d.seat == 1)) {
                            (true, false) => BoardResult::BlueForfeits,
                            (false, true) => BoardResult::RedForfeits,
                            _ => BoardResult::BothForfeit,
                        }
                    } else {
                        BoardResult::Draw
                    }
                }
                None => BoardResult::BothForfeit,
            };
            self.end_board(tx, &t, p, result, at, out).await?;
        }
        self.advance(tx, t.id, at, out).await
    }

    /// The earliest tournament start or round deadline.
    pub(in crate::referee) async fn tournament_wakeup(&self) -> Result<Option<i64>, RefereeError> {
        Ok(ts::next_wakeup(&mut *self.store.conn().await?).await?)
    }
}
