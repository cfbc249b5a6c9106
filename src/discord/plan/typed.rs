//! Moves typed as plain text in a game's thread (`c6-c7`, `S.c6-C.s`, a 翻棋 flip `flip c6`): the
//! game decides what reads as one of its actions (the service asks the referee,
//! `Referee::reads_as_action`); this only spares it the messages that cannot be one.

/// The most characters and words an action typed in chat has, in any game (`S.c6 - C.se`,
/// `flip c6`); longer messages are chat and not shown to the referee.
const MAX_CHARS: usize = 24;
const MAX_WORDS: usize = 3;

/// Whether a message typed in a game's thread may be an action, in any game: one line of at most
/// [`MAX_WORDS`] words and [`MAX_CHARS`] characters with a letter or digit in it. Whether it is
/// one is the game's to say.
pub fn may_be_action(text: &str) -> bool {
    let t = text.trim();
    !t.is_empty()
        && t.chars().count() <= MAX_CHARS
        && !t.contains('\n')
        && t.split_whitespace().count() <= MAX_WORDS
        && t.chars().any(char::is_alphanumeric)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_of_every_game_may_be_typed() {
        for t in
            ["c6-c7", " C6C7 ", "a11 a10", "S.c6-C.s", "c6-cs", "e.a6 C.se", "S.c6 - C.s", "flip c6", "+c6", "翻c6"]
        {
            assert!(may_be_action(t), "{t}");
        }
    }

    #[test]
    fn long_or_empty_messages_are_chat() {
        for chat in ["", "  ", "-", "good game, well played everyone", "c6-c7\nc7-c8", "what a move that was"] {
            assert!(!may_be_action(chat), "{chat:?}");
        }
    }
}
