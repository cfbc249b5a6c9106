//! Time controls: per-move deadlines written `30s`, `10m`, `1h`, `1d`, `3d` or `none` (QQ 军棋's
//! short clocks are 20–60 s a move, hence seconds down to [`MIN_SECS`]); the same
//! notation gives a challenge's lifetime, a tournament round's length and its start delay.
//!
//! Every number is read and scaled with checked arithmetic: a player may type any digits
//! (`time=999999999999999d`), and a wrapped product would pass the range check as some small or
//! negative deadline. Deadlines are `now` plus a duration, added by [`after`] with saturation, so
//! no stored number can make them wrap either.

use super::Mistake;

/// The shortest duration a time control may give: ten seconds (short clocks: `time=30s`).
pub(crate) const MIN_SECS: i64 = 10;

/// The longest duration a time control may give: 30 days.
pub(crate) const MAX_SECS: i64 = 30 * 86_400;

/// Why a text is not an acceptable time control.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TimeControlError {
    /// Not a number followed by `s`, `m`, `h` or `d`, nor a word for no limit.
    #[error("not a time control")]
    Unreadable,
    /// Under [`MIN_SECS`].
    #[error("shorter than ten seconds")]
    TooShort,
    /// Over [`MAX_SECS`], however many digits were typed.
    #[error("longer than 30 days")]
    TooLong,
}

/// Reads a time control: `none` (or `-`, `0`, `off`, `不限`, `不限时`) for no limit, else a
/// number followed by `s`, `m` (`min`), `h` or `d`. Returns the seconds (`None` for no limit).
/// A duration under ten seconds or over 30 days is refused, and so is one too large to compute.
pub fn parse_time_control(text: &str) -> Result<Option<i64>, TimeControlError> {
    let t = text.trim().to_lowercase();
    if matches!(t.as_str(), "none" | "-" | "0" | "off" | "不限" | "不限时") {
        return Ok(None);
    }
    let split = t.find(|c: char| !c.is_ascii_digit()).ok_or(TimeControlError::Unreadable)?;
    let (num, unit) = t.split_at(split);
    if num.is_empty() {
        // A sign (`-5m`) or a word: nothing a deadline can be.
        return Err(TimeControlError::Unreadable);
    }
    let scale: i64 = match unit {
        "s" => 1,
        "m" | "min" => 60,
        "h" => 3600,
        "d" => 86_400,
        _ => return Err(TimeControlError::Unreadable),
    };
    // `num` is all ASCII digits, so the only way it fails to parse is by being too large.
    let n: i64 = num.parse().map_err(|_| TimeControlError::TooLong)?;
    let secs = n.checked_mul(scale).ok_or(TimeControlError::TooLong)?;
    match secs {
        s if s < MIN_SECS => Err(TimeControlError::TooShort),
        s if s > MAX_SECS => Err(TimeControlError::TooLong),
        s => Ok(Some(s)),
    }
}

/// [`parse_time_control`] with its refusal as the user's [`Mistake`], naming the text they typed.
pub(super) fn time_control(text: &str) -> Result<Option<i64>, Mistake> {
    parse_time_control(text).map_err(|e| refusal(text, e))
}

/// A refused time control as the user's [`Mistake`], naming the text they typed.
pub(super) fn refusal(text: &str, e: TimeControlError) -> Mistake {
    match e {
        TimeControlError::Unreadable => Mistake::BadTime(text.trim().to_string()),
        TimeControlError::TooShort => Mistake::TimeTooShort(text.trim().to_string()),
        TimeControlError::TooLong => Mistake::TimeTooLong(text.trim().to_string()),
    }
}

/// The time `secs` after `now`: a deadline. Saturates rather than wraps, so a corrupt or extreme
/// stored duration gives a deadline that never comes instead of one in the past.
pub(super) fn after(now: i64, secs: i64) -> i64 {
    now.saturating_add(secs)
}

/// When to remind a player whose move is due `per_move` after `now`: with a quarter of the time
/// left.
pub(super) fn remind_after(now: i64, per_move: i64) -> i64 {
    after(now, per_move - per_move / 4)
}

#[cfg(test)]
mod tests {
    use super::{MAX_SECS, MIN_SECS, TimeControlError as E, after, parse_time_control, remind_after, time_control};
    use crate::referee::Mistake;

    #[test]
    fn time_controls() {
        assert_eq!(parse_time_control("10m"), Ok(Some(600)));
        assert_eq!(parse_time_control("1h"), Ok(Some(3600)));
        assert_eq!(parse_time_control("1d"), Ok(Some(86_400)));
        assert_eq!(parse_time_control("3D"), Ok(Some(259_200)));
        assert_eq!(parse_time_control(" 90min "), Ok(Some(5400)));
        for none in ["none", "-", "0", "off", "不限", "不限时", " NONE "] {
            assert_eq!(parse_time_control(none), Ok(None), "{none}");
        }
    }

    #[test]
    fn every_unit_at_its_limits() {
        // The longest, 30 days, in each unit, and one unit more.
        for (max, over) in [("30d", "31d"), ("720h", "721h"), ("43200m", "43201m"), ("2592000s", "2592001s")] {
            assert_eq!(parse_time_control(max), Ok(Some(MAX_SECS)), "{max}");
            assert_eq!(parse_time_control(over), Err(E::TooLong), "{over}");
        }
        // The shortest, ten seconds, and just under it; short clocks in seconds.
        assert_eq!(parse_time_control("10s"), Ok(Some(MIN_SECS)));
        assert_eq!(parse_time_control("30s"), Ok(Some(30)));
        assert_eq!(parse_time_control("1m"), Ok(Some(60)));
        assert_eq!(parse_time_control("1min"), Ok(Some(60)));
        assert_eq!(parse_time_control("9s"), Err(E::TooShort));
        for zero in ["0s", "0m", "0h", "0d", "000d"] {
            assert_eq!(parse_time_control(zero), Err(E::TooShort), "{zero}");
        }
    }

    #[test]
    fn huge_numbers_are_too_long_never_wrapped() {
        for huge in [
            "999999999999999d",
            "106751991167301d", // i64::MAX / 86_400 + 1 days: the product just overflows
            "9223372036854775807s",
            "9223372036854775807d",
            "9223372036854775808s", // one more than i64::MAX: does not even parse
            "99999999999999999999999999999999h",
            "153722867280912931m",
        ] {
            assert_eq!(parse_time_control(huge), Err(E::TooLong), "{huge}");
        }
    }

    #[test]
    fn garbage_and_negatives_are_unreadable() {
        for bad in ["", "soon", "1y", "5", "10", "-5m", "-1d", "+5m", "m", "d5", "1.5h", "1 h", "5m5s", "１d", "1dd"] {
            assert_eq!(parse_time_control(bad), Err(E::Unreadable), "{bad:?}");
        }
    }

    #[test]
    fn refusals_become_mistakes_naming_the_text() {
        assert_eq!(time_control(" soon "), Err(Mistake::BadTime("soon".into())));
        assert_eq!(time_control("5s"), Err(Mistake::TimeTooShort("5s".into())));
        assert_eq!(time_control("999999999999999d"), Err(Mistake::TimeTooLong("999999999999999d".into())));
        assert_eq!(time_control("2d"), Ok(Some(172_800)));
    }

    #[test]
    fn deadlines_saturate() {
        assert_eq!(after(1_000, 60), 1_060);
        assert_eq!(after(i64::MAX - 5, MAX_SECS), i64::MAX);
        assert_eq!(remind_after(0, 400), 300);
        assert_eq!(remind_after(i64::MAX, MAX_SECS), i64::MAX);
    }
}
