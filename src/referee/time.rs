//! Time controls: per-move deadlines written `10m`, `1h`, `1d`, `3d` or `none`.

/// Reads a time control: `none` (or `-`, `0`, `不限`) for no limit, else a number followed by
/// `s`, `m`, `h` or `d`. Returns the seconds per move (`Some(None)` for no limit), or `None` if
/// the text is not a time control. A deadline under a minute or over 30 days is refused.
pub fn parse_time_control(text: &str) -> Option<Option<i64>> {
    let t = text.trim().to_lowercase();
    if matches!(t.as_str(), "none" | "-" | "0" | "off" | "不限" | "不限时") {
        return Some(None);
    }
    let (num, unit) = t.split_at(t.find(|c: char| !c.is_ascii_digit())?);
    let n: i64 = num.parse().ok()?;
    let secs = match unit {
        "s" => n,
        "m" | "min" => n * 60,
        "h" => n * 3600,
        "d" => n * 86_400,
        _ => return None,
    };
    (60..=30 * 86_400).contains(&secs).then_some(Some(secs))
}

#[cfg(test)]
mod tests {
    use super::parse_time_control;

    #[test]
    fn time_controls() {
        assert_eq!(parse_time_control("10m"), Some(Some(600)));
        assert_eq!(parse_time_control("1h"), Some(Some(3600)));
        assert_eq!(parse_time_control("1d"), Some(Some(86_400)));
        assert_eq!(parse_time_control("3D"), Some(Some(259_200)));
        assert_eq!(parse_time_control("none"), Some(None));
        assert_eq!(parse_time_control("5s"), None);
        assert_eq!(parse_time_control("1y"), None);
        assert_eq!(parse_time_control("soon"), None);
        assert_eq!(parse_time_control(""), None);
    }
}
