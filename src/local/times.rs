//! Discord's timestamp markup (`<t:1796398676>`, `<t:1796398676:R>`), which the referee writes
//! into texts so each Discord reader sees their own local time, read as a plain time in the
//! terminal, where nothing renders it.

/// `text` with each `<t:SECONDS>` or `<t:SECONDS:STYLE>` written as a plain UTC time
/// (`2026-11-30 12:17 UTC`); anything else, malformed markup included, is kept as it is.
pub fn plain_times(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("<t:") {
        out.push_str(&rest[..at]);
        let tail = &rest[at + 3..];
        let plain = tail.find('>').and_then(|end| {
            let inner = &tail[..end];
            let secs = inner.split_once(':').map_or(inner, |(s, _)| s);
            secs.parse::<i64>().ok().and_then(utc).map(|t| (t, end))
        });
        match plain {
            Some((t, end)) => {
                out.push_str(&t);
                rest = &tail[end + 1..];
            }
            None => {
                out.push_str("<t:");
                rest = tail;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Seconds since 1970 as `YYYY-MM-DD HH:MM UTC` (proleptic Gregorian calendar).
fn utc(secs: i64) -> Option<String> {
    let days = secs.div_euclid(86_400);
    let in_day = secs.rem_euclid(86_400);
    // Howard Hinnant's days-to-civil algorithm.
    let z = days.checked_add(719_468)?;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    Some(format!("{year:04}-{month:02}-{day:02} {:02}:{:02} UTC", in_day / 3600, in_day % 3600 / 60))
}

#[cfg(test)]
mod tests {
    use super::plain_times;

    #[test]
    fn discord_timestamps_become_plain_utc_times() {
        assert_eq!(plain_times("The round ends at <t:1796398676>."), "The round ends at 2026-12-04 15:37 UTC.");
        assert_eq!(plain_times("at <t:0:R> and <t:86400:F>"), "at 1970-01-01 00:00 UTC and 1970-01-02 00:00 UTC");
        assert_eq!(plain_times("2000-02-29: <t:951782400>"), "2000-02-29: 2000-02-29 00:00 UTC");
        // Not markup: kept.
        assert_eq!(plain_times("<t:soon> <t:12"), "<t:soon> <t:12");
        assert_eq!(plain_times("no times"), "no times");
    }
}
