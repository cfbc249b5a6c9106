//! Vacations: a monthly allowance of days during which a player's move clocks wait.

use crate::store::Conn;

use super::seats::Seating;
use super::{Effect, Mistake, Msg, Out, Referee, Res, time};
use crate::store;

/// The `YYYY-MM` of a Unix time (UTC), for the monthly vacation allowance.
pub(super) fn month_of(t: i64) -> String {
    let (y, m, _) = civil(t);
    format!("{y:04}-{m:02}")
}

/// Year, month, day of a Unix time (UTC).
pub(super) fn civil(t: i64) -> (i64, i64, i64) {
    // Civil-from-days (Howard Hinnant's algorithm), to avoid a date crate for one function.
    let z = t.div_euclid(86_400) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    let d = doy - (153 * mp + 2) / 5 + 1;
    (y, m, d)
}

impl Referee {
    // -----------------------------------------------------------------------------------------
    // Vacation

    pub(super) async fn vacation(
        &self,
        tx: &mut Conn,
        user: &str,
        server: &str,
        on: bool,
        now: i64,
        out: &mut Out,
    ) -> Res<()> {
        let mut u = store::user_get(tx, user).await?;
        let allowance = store::server_get(tx, server).await?.vacation_days.saturating_mul(86_400);
        let month = month_of(now);
        if u.vacation_month != month && u.vacation_since.is_none() {
            u.vacation_month = month;
            u.vacation_used = 0;
        }
        if on {
            if u.vacation_since.is_some() {
                return Err(Mistake::AlreadyOnVacation.into());
            }
            let left = allowance - u.vacation_used;
            if left <= 0 {
                return Err(Mistake::NoVacationLeft.into());
            }
            u.vacation_since = Some(now);
            u.vacation_until = Some(time::after(now, left));
            store::user_put(tx, &u).await?;
            self.pause_clocks(tx, user, now, out).await?;
            self.private(tx, user, server, None, Msg::VacationOn { left }, out).await
        } else {
            if u.vacation_since.is_none() {
                return Err(Mistake::NotOnVacation.into());
            }
            self.end_vacation(tx, u, now, out).await?;
            self.private(tx, user, server, None, Msg::VacationOff, out).await
        }
    }

    pub(super) async fn pause_clocks(&self, tx: &mut Conn, user: &str, now: i64, out: &mut Out) -> Res<()> {
        for g in store::games_of_user(tx, user).await? {
            let Some(seat) = Seating::load(&g)?.seat_of(user) else { continue };
            if let Some(mut d) = store::deadline_get(tx, g.id).await?
                && d.kind == "move"
                && d.seat == Some(i64::from(seat.0))
                && let Some(due) = d.due_at
            {
                d.remaining = Some((due - now).max(0));
                d.due_at = None;
                d.remind_at = None;
                store::deadline_set(tx, &d).await?;
                out.effects.push(Effect::TimerCancel { game: g.id });
            }
        }
        Ok(())
    }

    /// Ends a vacation at `at` (now, or when the allowance ran out) and restarts paused clocks.
    pub(super) async fn end_vacation(&self, tx: &mut Conn, mut u: store::UserRow, at: i64, out: &mut Out) -> Res<()> {
        let since = u.vacation_since.unwrap_or(at);
        u.vacation_used += (at - since).max(0);
        u.vacation_since = None;
        u.vacation_until = None;
        store::user_put(tx, &u).await?;
        for g in store::games_of_user(tx, &u.user_id).await? {
            let Some(seat) = Seating::load(&g)?.seat_of(&u.user_id) else { continue };
            if let Some(mut d) = store::deadline_get(tx, g.id).await?
                && d.kind == "move"
                && d.seat == Some(i64::from(seat.0))
                && d.due_at.is_none()
            {
                let left = d.remaining.unwrap_or(0);
                d.due_at = Some(time::after(at, left));
                d.remind_at = Some(time::remind_after(at, left));
                d.remaining = None;
                store::deadline_set(tx, &d).await?;
                out.effects.push(Effect::TimerSet { game: g.id, at: time::after(at, left) });
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn months_of_unix_times() {
        assert_eq!(month_of(0), "1970-01");
        assert_eq!(month_of(1_796_083_200), "2026-12");
        assert_eq!(month_of(1_796_083_199), "2026-11");
    }
}
