//! User text quoted back in messages, and the longest text a parser reads.
//!
//! Every parser a user reaches refuses or explains what it cannot read by quoting it. A quote of
//! a 100,000-character token is itself an attack on the reader (and on Discord's message limit),
//! so quotes are cut to a short prefix with `…`, always on a character boundary.

/// The most characters of user text a message quotes back (the `…` included).
pub const ECHO_CHARS: usize = 24;

/// The longest single action text (a move, a jump chain, a flip) any game reads, in bytes. The
/// longest real one, an international draughts capture of every enemy piece written square by
/// square, is under 100 bytes; parsers refuse anything longer before looking at it.
pub const MAX_ACTION_BYTES: usize = 256;

/// The longest deployment text any game reads, in bytes: 25 pieces in full English names with
/// spaces are under 300.
pub const MAX_SETUP_BYTES: usize = 1024;

/// The longest rule options text any game reads, in bytes: every option of the longest game
/// spelt out is under 200.
pub const MAX_OPTIONS_BYTES: usize = 512;

/// `text` (trimmed) as a message quotes it: whole when it has at most [`ECHO_CHARS`]
/// characters, else its first `ECHO_CHARS - 1` characters and `…`. Cutting a cut text changes
/// nothing, so a quote may pass through several layers.
pub fn echo(text: &str) -> String {
    let t = text.trim();
    match t.char_indices().nth(ECHO_CHARS) {
        None => t.to_string(),
        Some(_) => {
            let (end, _) = t.char_indices().nth(ECHO_CHARS - 1).expect("more than ECHO_CHARS characters");
            format!("{}…", &t[..end])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{ECHO_CHARS, echo};

    #[test]
    fn short_text_is_quoted_whole() {
        assert_eq!(echo("  c6-c7 "), "c6-c7");
        let exact: String = "司".repeat(ECHO_CHARS);
        assert_eq!(echo(&exact), exact);
    }

    #[test]
    fn readers_refuse_text_over_their_limits_unread() {
        use super::{MAX_OPTIONS_BYTES, MAX_SETUP_BYTES};
        use crate::options::{OptionsError, RuleOptions};
        use crate::setup::{Setup, SetupParseError};
        let options = "mines=mutual ".repeat(MAX_OPTIONS_BYTES / 10);
        assert!(matches!(RuleOptions::parse(&options), Err(OptionsError::TooLong(n)) if n == options.len()));
        let setup = "a ".repeat(MAX_SETUP_BYTES);
        let v = crate::variant::Variant::junqi();
        assert!(matches!(Setup::parse(v, &setup), Err(SetupParseError::TooLong(n)) if n == setup.len()));
        let mode = "dark".repeat(100);
        assert!(crate::adapters::junqi::JUNQI.kind.mode(&mode).is_none());
    }

    #[test]
    fn long_text_is_cut_on_a_character_boundary() {
        let long = "司".repeat(10_000);
        let e = echo(&long);
        assert_eq!(e.chars().count(), ECHO_CHARS);
        assert!(e.ends_with('…'));
        assert_eq!(echo(&e), e, "cutting again changes nothing");
        // Mixed widths: the cut never falls inside a character.
        let mixed: String = "a司🀄".repeat(50);
        let e = echo(&mixed);
        assert_eq!(e.chars().count(), ECHO_CHARS);
        assert!(mixed.starts_with(e.trim_end_matches('…')));
    }
}
