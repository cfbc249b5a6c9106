//! Total-time clocks (a chess clock per seat, issue 21): `time=10m+30s` gives each seat ten
//! minutes for the whole game and adds thirty seconds after each of its moves (Fischer
//! increment, lichess's `10+30`); `time=10m+0` has no increment. The challenge keeps it as the
//! referee's option word `clock=10m+30s` (stripped from the options the game reads, like
//! `deploy=`), and `games.per_move` holds the total, so every path that asks "is this game
//! timed" (reminders, the deployment deadline) works unchanged.
//!
//! The running turn's time is the ordinary move deadline, set to the seat's time left; when the
//! turn ends, what was left of it (plus the increment) is banked in `seat_clocks`. Restarts and
//! vacations therefore treat it as they treat any move deadline. A seat whose total ran out and
//! that is still in (`on-timeout=auto-move` or `skip:N`) gets the increment, at least
//! [`MIN_SECS`](super::time::MIN_SECS), for each later move.

use crate::store::Conn;

use super::i18n::{Locale, to_traditional};
use super::time::{self, TimeControlError};
use crate::rules::Seat;
use crate::rules::contract::{GameKind, Lang};
use crate::store::{self, DeadlineRow, GameRow, StoreError};

/// The referee's option word that stores a total-time clock (`clock=10m+30s`).
pub(super) const CLOCK: &str = "clock";

/// A total-time clock: seconds per seat for the whole game and seconds added after each move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TotalClock {
    /// Each seat's time for the whole game.
    pub total: i64,
    /// Added to a seat's time after each of its moves.
    pub increment: i64,
}

impl TotalClock {
    /// The time a seat with `left` seconds gets for its move: all it has, or once it ran out the
    /// increment (at least the shortest time control).
    pub fn budget(self, left: i64) -> i64 {
        if left > 0 { left } else { self.increment.max(time::MIN_SECS) }
    }
}

/// Reads `TOTAL+INCREMENT` (`10m+30s`, `5m+0`, `1h+10s`; a bare increment is seconds): `None`
/// for a text without `+` (a per-move control). The total is a time control (10 s to 30 days);
/// the increment at most one hour.
pub fn parse_total_clock(text: &str) -> Option<Result<TotalClock, TimeControlError>> {
    let (total, inc) = text.trim().split_once('+')?;
    Some(read(total, inc))
}

fn read(total: &str, inc: &str) -> Result<TotalClock, TimeControlError> {
    let total = time::parse_time_control(total)?.ok_or(TimeControlError::Unreadable)?;
    let inc = inc.trim().to_lowercase();
    let split = inc.find(|c: char| !c.is_ascii_digit()).unwrap_or(inc.len());
    let (num, unit) = inc.split_at(split);
    if num.is_empty() {
        return Err(TimeControlError::Unreadable);
    }
    let scale = match unit {
        "" | "s" => 1,
        "m" | "min" => 60,
        _ => return Err(TimeControlError::Unreadable),
    };
    let n: i64 = num.parse().map_err(|_| TimeControlError::TooLong)?;
    let increment = n.checked_mul(scale).filter(|&s| s <= 3600).ok_or(TimeControlError::TooLong)?;
    Ok(TotalClock { total, increment })
}

/// The total-time clock a game's stored options give, if any.
pub(super) fn clock_of(rules: &str) -> Option<TotalClock> {
    rules
        .split_whitespace()
        .find_map(|w| w.split_once('=').filter(|(k, _)| k.eq_ignore_ascii_case(CLOCK)).map(|(_, v)| v))
        .and_then(parse_total_clock)
        .and_then(Result::ok)
}

/// A seat's time left as its last turn ended (the whole total before its first).
pub(super) async fn banked(tx: &mut Conn, row: &GameRow, c: TotalClock, seat: Seat) -> Result<i64, StoreError> {
    Ok(store::seat_clock_get(tx, row.id, i64::from(seat.0)).await?.unwrap_or(c.total))
}

/// Ends the running turn of a game with a total clock: the seat whose move deadline is stored
/// keeps what was left of it, plus the increment. Called before the next deadline replaces it.
pub(super) async fn bank_running(tx: &mut Conn, row: &GameRow, c: TotalClock, now: i64) -> Result<(), StoreError> {
    let Some(d) = store::deadline_get(tx, row.id).await? else { return Ok(()) };
    bank(tx, row, c, &d, now).await
}

/// Banks a move deadline's time left (paused: its `remaining`) plus the increment.
async fn bank(tx: &mut Conn, row: &GameRow, c: TotalClock, d: &DeadlineRow, now: i64) -> Result<(), StoreError> {
    let (true, Some(seat)) = (d.kind == "move", d.seat) else { return Ok(()) };
    let left = match (d.due_at, d.remaining) {
        (Some(due), _) => due.saturating_sub(now).max(0),
        (None, Some(r)) => r.max(0),
        (None, None) => 0,
    };
    store::seat_clock_set(tx, row.id, seat, left.saturating_add(c.increment)).await
}

/// A seat's total ran out (its move deadline passed): nothing is left.
pub(super) async fn ran_out(tx: &mut Conn, row: &GameRow, seat: i64) -> Result<(), StoreError> {
    store::seat_clock_set(tx, row.id, seat, 0).await
}

/// Every seat's time left now, for the status and the turn announcement: banked times, and the
/// running turn's from its deadline.
pub(super) async fn left_now(
    tx: &mut Conn,
    row: &GameRow,
    c: TotalClock,
    seats: usize,
    now: i64,
) -> Result<Vec<i64>, StoreError> {
    let d = store::deadline_get(tx, row.id).await?;
    let mut out = Vec::with_capacity(seats);
    for s in 0..seats {
        let running = d.as_ref().filter(|d| d.kind == "move" && d.seat == Some(s as i64));
        let left = match running {
            Some(d) => match (d.due_at, d.remaining) {
                (Some(due), _) => due.saturating_sub(now).max(0),
                (None, r) => r.unwrap_or(0).max(0),
            },
            None => banked(tx, row, c, Seat(s as u8)).await?,
        };
        out.push(left);
    }
    Ok(out)
}

/// A clock's time as players read it: `9:30`, `1:00:05`.
pub fn clock_time(secs: i64) -> String {
    let s = secs.max(0);
    match s / 3600 {
        0 => format!("{}:{:02}", s / 60, s % 60),
        h => format!("{h}:{:02}:{:02}", s / 60 % 60, s % 60),
    }
}

/// The line that shows every seat's time left: `Game #3 clocks: Red 9:30, Blue 10:00.`
pub(super) fn clocks_text(game: i64, kind: &GameKind, left: &[i64], l: Locale) -> String {
    let zh = l != Locale::En;
    let lang = if zh { Lang::ZhHans } else { Lang::En };
    let each: Vec<String> = left
        .iter()
        .enumerate()
        .map(|(s, &t)| format!("{} {}", kind.seating.name(Seat(s as u8), lang), clock_time(t)))
        .collect();
    let text = if zh {
        format!("对局 #{game} 剩余时间：{}。", each.join("，"))
    } else {
        format!("Game #{game} clocks: {}.", each.join(", "))
    };
    if l == Locale::ZhHant { to_traditional(&text) } else { text }
}

#[cfg(test)]
mod tests {
    use super::{TotalClock, clock_of, clock_time, parse_total_clock};
    use crate::referee::TimeControlError as E;

    #[test]
    fn totals_with_increments() {
        assert_eq!(parse_total_clock("10m+30s"), Some(Ok(TotalClock { total: 600, increment: 30 })));
        assert_eq!(parse_total_clock(" 5m+0 "), Some(Ok(TotalClock { total: 300, increment: 0 })));
        assert_eq!(parse_total_clock("1h+1m"), Some(Ok(TotalClock { total: 3600, increment: 60 })));
        assert_eq!(parse_total_clock("30s+5"), Some(Ok(TotalClock { total: 30, increment: 5 })));
        assert_eq!(parse_total_clock("10m"), None);
    }

    #[test]
    fn bad_clocks_are_refused() {
        assert_eq!(parse_total_clock("5s+5s"), Some(Err(E::TooShort)));
        assert_eq!(parse_total_clock("none+5s"), Some(Err(E::Unreadable)));
        assert_eq!(parse_total_clock("10m+"), Some(Err(E::Unreadable)));
        assert_eq!(parse_total_clock("10m+-5"), Some(Err(E::Unreadable)));
        assert_eq!(parse_total_clock("10m+2h"), Some(Err(E::Unreadable)));
        assert_eq!(parse_total_clock("10m+61m"), Some(Err(E::TooLong)));
        assert_eq!(parse_total_clock("10m+99999999999999999999"), Some(Err(E::TooLong)));
    }

    #[test]
    fn stored_word_and_budget() {
        let c = clock_of("players=4 clock=10m+30s takeback=no").unwrap();
        assert_eq!(c, TotalClock { total: 600, increment: 30 });
        assert_eq!(clock_of("deploy=1h"), None);
        assert_eq!(c.budget(42), 42);
        assert_eq!(c.budget(0), 30);
        assert_eq!(TotalClock { total: 60, increment: 0 }.budget(0), 10);
    }

    #[test]
    fn clock_times_read_as_on_a_clock() {
        assert_eq!(clock_time(570), "9:30");
        assert_eq!(clock_time(5), "0:05");
        assert_eq!(clock_time(3605), "1:00:05");
        assert_eq!(clock_time(-3), "0:00");
    }
}
