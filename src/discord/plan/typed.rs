//! Moves typed as plain text in a game's thread: `c6-c7`, the 4-player board's `S.c6-C.s`, a
//! 翻棋 flip `flip c6`. Ordinary chat parses as nothing.

/// Parses a plain-text move typed in a game thread (`c6-c7`, `c6c7`, `c6 c7`); None if the
/// message is not a move (ordinary chat is ignored, not answered).
pub fn parse_text_move(text: &str) -> Option<(String, String)> {
    let t = text.trim().to_ascii_lowercase();
    let is_point = |s: &str| {
        let mut c = s.chars();
        matches!(c.next(), Some('a'..='z')) && {
            let rest: String = c.collect();
            !rest.is_empty() && rest.len() <= 2 && rest.chars().all(|d| d.is_ascii_digit())
        }
    };
    // The 4-player board's names (`S.c6`, `sc6`, `C.nw`, `cnw`), with a separator only.
    let is_cross_point = |s: &str| {
        let s = s.replacen('.', "", 1);
        let b = s.as_bytes();
        let seat =
            b.len() == 3 && b"senw".contains(&b[0]) && (b'a'..=b'e').contains(&b[1]) && (b'1'..=b'6').contains(&b[2]);
        let centre =
            s.len() >= 2 && s.starts_with('c') && ["nw", "n", "ne", "w", "c", "e", "sw", "s", "se"].contains(&&s[1..]);
        seat || centre
    };
    if let Some((a, b)) = t.split_once('-').or_else(|| t.split_once(' ')) {
        let (a, b) = (a.trim(), b.trim());
        let point = |p: &str| is_point(p) || is_cross_point(p);
        if (is_cross_point(a) || is_cross_point(b)) && point(a) && point(b) {
            return Some((a.to_string(), b.to_string()));
        }
    }
    let (a, b) = if let Some((a, b)) = t.split_once('-') {
        (a.trim().to_string(), b.trim().to_string())
    } else if let Some((a, b)) = t.split_once(' ') {
        (a.trim().to_string(), b.trim().to_string())
    } else {
        // `c6c7`: split before the second letter.
        let i = t.char_indices().skip(1).find(|(_, c)| c.is_ascii_alphabetic())?.0;
        (t[..i].to_string(), t[i..].to_string())
    };
    (is_point(&a) && is_point(&b)).then_some((a, b))
}

/// Parses a plain-text 翻棋 flip typed in a game thread (`flip c6`, `+c6`, `翻c6`, `翻 c6`): the
/// point, or None (a bare `c6` is left to chat, since it reads as ordinary text too).
pub fn parse_text_flip(text: &str) -> Option<String> {
    let t = text.trim().to_ascii_lowercase();
    let rest = t.strip_prefix("flip ").or_else(|| t.strip_prefix('+')).or_else(|| t.strip_prefix('翻'))?.trim();
    let mut c = rest.chars();
    let ok = matches!(c.next(), Some('a'..='z')) && {
        let digits: String = c.collect();
        !digits.is_empty() && digits.len() <= 2 && digits.chars().all(|d| d.is_ascii_digit())
    };
    ok.then(|| rest.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_moves_parse_and_chat_does_not() {
        assert_eq!(parse_text_move("c6-c7"), Some(("c6".into(), "c7".into())));
        assert_eq!(parse_text_move(" C6C7 "), Some(("c6".into(), "c7".into())));
        assert_eq!(parse_text_move("a11 a10"), Some(("a11".into(), "a10".into())));
        for chat in ["hello", "good game", "c6", "c6-", "-c7", "c6-c7-c8", "gg wp", "6c-7c", "ab-cd"] {
            assert_eq!(parse_text_move(chat), None, "{chat}");
        }
    }

    #[test]
    fn typed_moves_on_the_four_player_board() {
        assert_eq!(parse_text_move("S.c6-C.s"), Some(("s.c6".into(), "c.s".into())));
        assert_eq!(parse_text_move("c6-cs"), Some(("c6".into(), "cs".into())));
        assert_eq!(parse_text_move("e.a6 C.se"), Some(("e.a6".into(), "c.se".into())));
        for chat in ["see you", "ok-cool", "x.c6-c.s", "s.c9-c.s", "c.q-c.s", "cs"] {
            assert_eq!(parse_text_move(chat), None, "{chat}");
        }
    }

    #[test]
    fn text_flips_parse_and_chat_does_not() {
        for t in ["flip c6", "+c6", "翻c6", " 翻 C6 ", "FLIP c6"] {
            assert_eq!(parse_text_flip(t), Some("c6".into()), "{t}");
        }
        assert_eq!(parse_text_flip("+e12"), Some("e12".into()));
        for chat in ["c6", "flip", "flip me", "+1", "翻棋", "flip c6-c7", "+c6=G", "c6-c7"] {
            assert_eq!(parse_text_flip(chat), None, "{chat}");
        }
    }
}
