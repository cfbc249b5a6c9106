//! A list answered in one message: as many lines as fit Discord's 2,000 characters (and the
//! list's own cap), then "… and N more" rather than an apology or a cut mid-line.

use crate::discord::config::Locale;

/// Room left for the "and N more" line under Discord's 2,000 characters.
const ROOM: usize = 1950;

/// `lines` (the first of `total` items) joined, cut to what fits in one message, with a last
/// line saying how many items are not shown.
pub(super) fn listing(lines: &[String], total: usize, locale: Locale) -> String {
    let mut out = String::new();
    let mut shown = 0;
    for l in lines {
        let len = out.chars().count() + usize::from(!out.is_empty()) + l.chars().count();
        if len > ROOM {
            break;
        }
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(l);
        shown += 1;
    }
    let more = total.saturating_sub(shown);
    if more > 0 {
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&match locale {
            Locale::En => format!("… and {more} more"),
            Locale::ZhHans => format!("……还有 {more} 局"),
            Locale::ZhHant => format!("……還有 {more} 局"),
        });
    }
    if out.is_empty() { "—".to_string() } else { out }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_list_is_cut_on_a_line_with_the_count_of_the_rest() {
        let lines: Vec<String> = (1..=20).map(|i| format!("#{i} {}", "x".repeat(120))).collect();
        let text = listing(&lines, 45, Locale::En);
        assert!(text.chars().count() <= 2000, "{}", text.chars().count());
        let shown = text.lines().filter(|l| l.starts_with('#')).count();
        assert!((15..20).contains(&shown), "{shown}");
        assert!(text.ends_with(&format!("… and {} more", 45 - shown)), "{text}");
        assert_eq!(listing(&lines[..2], 2, Locale::ZhHans), format!("{}\n{}", lines[0], lines[1]));
        assert_eq!(listing(&lines[..2], 5, Locale::ZhHans).lines().last(), Some("……还有 3 局"));
        assert_eq!(listing(&[], 0, Locale::En), "—");
    }
}
