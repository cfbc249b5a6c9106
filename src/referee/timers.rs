//! Time: per-move deadlines (set, paused for vacations, applied when they pass — also those that
//! passed while the referee was down), challenge expiry, reminders, and the referee's wake-ups.

use crate::store::Conn;

use super::delivery::stash;
use super::lifecycle::{self, Turn};
use super::seats::Seating;
use super::slots::Cache;
use super::{Effect, Fail, GameId, Msg, Out, Referee, RefereeError, Res, chess_clock, corrupt, time};
use crate::rules::Seat;
use crate::store::{self, DeadlineRow, GameRow, StoreError, status};

impl Referee {
    /// Sets the deadline of `seat`'s move (paused with a full move's time while its player is on
    /// vacation).
    pub(super) async fn set_move_deadline(
        &self,
        tx: &mut Conn,
        row: &GameRow,
        seat: Seat,
        now: i64,
        out: &mut Out,
    ) -> Res<()> {
        let Some(mut per_move) = row.per_move else { return Ok(()) };
        if let Some(c) = chess_clock::clock_of(&row.rules) {
            // A total-time clock: the turn that ends keeps what it left, this one gets what the
            // seat has. The clock reads the stored deadline, so nothing may still be held back.
            out.later.flush(tx).await?;
            chess_clock::bank_running(tx, row, c, now).await?;
            per_move = c.budget(chess_clock::banked(tx, row, c, seat).await?);
        }
        let u = store::user_get(tx, row.seats.user(seat.index()).unwrap_or("?")).await?;
        let d = if u.vacation_since.is_some() {
            // On vacation: the clock waits, paused with a full move's time.
            DeadlineRow {
                game_id: row.id,
                kind: "move".into(),
                seat: Some(i64::from(seat.0)),
                due_at: None,
                remind_at: None,
                remaining: Some(per_move),
            }
        } else {
            DeadlineRow {
                game_id: row.id,
                kind: "move".into(),
                seat: Some(i64::from(seat.0)),
                due_at: Some(time::after(now, per_move)),
                remind_at: Some(time::remind_after(now, per_move)),
                remaining: None,
            }
        };
        out.deadline_set(tx, &d).await?;
        match d.due_at {
            Some(at) => out.effects.push(Effect::TimerSet { game: row.id, at }),
            None => out.effects.push(Effect::TimerCancel { game: row.id }),
        }
        Ok(())
    }

    // -----------------------------------------------------------------------------------------
    // Timers

    /// Applies everything due by the clock's time: vacations whose allowance ran out, then
    /// deadlines in the order they passed (challenge expiry, timeout → loss or automatic move),
    /// then reminders. Each is committed in its own transaction before the next, with its effects
    /// in the outbox, and a deadline is deleted in the transaction that applies it, so none is
    /// applied twice and none is announced never (see [`Referee::undelivered`]).
    pub async fn tick(&self) -> Result<Vec<Effect>, RefereeError> {
        let now = self.clock.now();
        let mut effects = Vec::new();
        let users = store::users_vacation_due(&mut *self.store.conn().await?, now).await?;
        for u in users {
            let mut tx = self.store.begin().await?;
            let fresh = store::user_get(&mut tx, &u.user_id).await?;
            let Some(until) = fresh.vacation_until.filter(|&t| t <= now) else { continue };
            let mut out = Out::default();
            let server = String::new();
            match self.end_vacation(&mut tx, fresh, until, &mut out).await {
                Ok(()) => {}
                Err(Fail::Store(e)) => return Err(e.into()),
                Err(Fail::Mistake(m)) => return Err(RefereeError::Rejected { message: m.to_string(), mistake: m }),
            }
            if let Err(Fail::Store(e)) =
                self.private(&mut tx, &u.user_id, &server, None, Msg::VacationOff, &mut out).await
            {
                return Err(e.into());
            }
            stash(&mut tx, None, &out.effects, now).await?;
            tx.commit().await?;
            effects.extend(out.effects);
        }
        loop {
            let due = store::deadlines_due(&mut *self.store.conn().await?, now).await?;
            let Some(first) = due.into_iter().next() else { break };
            match self.apply_deadline(first.game_id, now).await {
                Ok(e) => effects.extend(e),
                Err(RefereeError::Store(StoreError::Corrupt { table, id, reason })) => {
                    // One damaged game must not stop every later deadline: drop its timer.
                    tracing::error!(game = first.game_id, table, id, reason, "deadline of a damaged game dropped");
                    let mut tx = self.store.begin().await?;
                    store::deadline_clear(&mut tx, first.game_id).await?;
                    tx.commit().await?;
                }
                Err(e) => return Err(e),
            }
        }
        effects.extend(self.tournament_tick(now).await?);
        self.evict_idle(now);
        let reminders = store::reminders_due(&mut *self.store.conn().await?, now).await?;
        for r in reminders {
            let _g = self.hold(r.game_id).await;
            let mut tx = self.store.begin().await?;
            let Some(mut d) = store::deadline_get(&mut tx, r.game_id).await? else { continue };
            if d.remind_at.is_none_or(|t| t > now) {
                continue;
            }
            d.remind_at = None;
            store::deadline_set(&mut tx, &d).await?;
            let mut out = Out::default();
            if let (Some(row), Some(seat), Some(due)) = (store::game_get(&mut tx, d.game_id).await?, d.seat, d.due_at) {
                let user = Seating::load(&row)?.user(Seat(seat as u8)).to_string();
                let msg = Msg::Reminder { game: row.id, left: due - now };
                if let Err(Fail::Store(e)) =
                    self.private(&mut tx, &user, &row.server_id, Some(row.id), msg, &mut out).await
                {
                    return Err(e.into());
                }
            }
            stash(&mut tx, Some(r.game_id), &out.effects, now).await?;
            tx.commit().await?;
            effects.extend(out.effects);
        }
        Ok(effects)
    }

    /// The earliest time [`Referee::tick`] has something to do.
    pub async fn next_wakeup(&self) -> Result<Option<i64>, RefereeError> {
        let games = store::next_wakeup(&mut *self.store.conn().await?).await?;
        let tournaments = self.tournament_wakeup().await?;
        Ok(games.into_iter().chain(tournaments).min())
    }

    async fn apply_deadline(&self, game: GameId, now: i64) -> Result<Vec<Effect>, RefereeError> {
        let mut guard = self.hold(game).await;
        let mut tx = self.store.begin().await?;
        let mut out = Out::default();
        let mut cache = guard.cache.clone();
        match self.deadline_passed(&mut tx, game, now, &mut cache, &mut out).await {
            Ok(()) => {
                // The announcements are committed with the timeout they announce.
                stash(&mut tx, Some(game), &out.effects, now).await?;
                tx.commit().await?;
                // A finished game leaves the cache; one still in play stays with its row.
                cache.keep_in_play();
                guard.cache = cache;
                Ok(out.effects)
            }
            Err(Fail::Store(e)) => {
                guard.clear();
                Err(e.into())
            }
            Err(Fail::Mistake(m)) => Err(RefereeError::Rejected { message: m.to_string(), mistake: m }),
        }
    }

    async fn deadline_passed(
        &self,
        tx: &mut Conn,
        game: GameId,
        now: i64,
        cache: &mut Cache,
        out: &mut Out,
    ) -> Res<()> {
        let Some(d) = store::deadline_get(tx, game).await? else { return Ok(()) };
        let Some(due) = d.due_at.filter(|&t| t <= now) else { return Ok(()) };
        // Claimed, not just cleared: of several referee processes that saw it due, the one whose
        // delete finds it unchanged applies it; the others find it gone (or replaced) and stop.
        if !store::deadline_claim(tx, &d).await? {
            return Ok(());
        }
        let mut row = match self.store().backend() {
            // Read for the write, the cache checked against it (see `game_for_command`).
            crate::store::Backend::Postgres => self.game_for_command(tx, game, &mut cache.any).await?,
            crate::store::Backend::Sqlite => store::game_get(tx, game).await?,
        }
        .ok_or_else(|| corrupt("deadlines", game, "no such game"))?;
        if d.kind == "challenge" {
            if row.status == status::CHALLENGED {
                row.status = status::EXPIRED.into();
                row.updated_at = due;
                store::game_update(tx, &row).await?;
                self.public(tx, &row.server_id, Some(game), Msg::Expired { game }, out).await?;
            }
            return Ok(());
        }
        let deploying = d.kind == "deploy" && row.status == status::DEPLOYING;
        if row.status != status::PLAYING && !deploying {
            return Ok(());
        }
        let def = lifecycle::hosts(&row.variant).ok_or_else(|| corrupt("games", game, "unknown variant"))?;
        if deploying {
            let mut t = Turn { tx, out, now: due };
            return self.deploy_time_up(&mut t, def, &mut row, &mut cache.any).await;
        }
        if let (Some(seat), Some(_)) = (d.seat.filter(|_| d.kind == "move"), chess_clock::clock_of(&row.rules)) {
            // The seat's whole total is spent.
            chess_clock::ran_out(tx, &row, seat).await?;
        }
        // Timeouts are stamped with the time the deadline passed, so a restart replays them in
        // order and with the same times as if the referee had been up.
        let mut t = Turn { tx, out, now: due };
        let r = self.any_deadline(&mut t, def, &mut row, &mut cache.any, d.seat).await;
        if r.is_ok()
            && let Some(l) = cache.any.as_mut()
        {
            l.row = row;
        }
        r
    }
}
