//! Hot-seat gates of the terminal mode: several players at one terminal, each shown their
//! secrets (private messages, their own board) only behind a gate they open when no one else is
//! looking.
//!
//! Secrets are printed on the terminal's alternate screen (`\x1b[?1049h` … `\x1b[?1049l`), so
//! once the gate closes they are gone from the screen *and* from the scrollback: scrolling up
//! shows only public text. When standard output is not a terminal (a file, a pipe, a test) the
//! escape codes are written as readable markers instead, so such output stays plain text.
//!
//! Which secrets open a gate is decided by [`Gates::route`]: in a game in play only the next
//! mover's (plus whatever the typing player asked for, such as `show`), one gate per turn; other
//! players' messages are held for their own next gate, their boards are drawn afresh then; a
//! player who is out gets no gate; public commands (`rating`, `stats`, `leaderboard`, settings)
//! never open one. Text typed at a gate is not swallowed: it runs as the next command.

use std::collections::VecDeque;
use std::io::{self, BufRead, Write};

use crate::local::{raw_text, read_line};
use crate::referee::TurnStatus;

/// Enters the alternate screen and puts the cursor home.
pub const ALT_SCREEN_ON: &str = "\x1b[?1049h\x1b[H";
/// Leaves the alternate screen: the main screen comes back as it was, without the secrets.
pub const ALT_SCREEN_OFF: &str = "\x1b[?1049l";

/// Where one secret (a private message or a private board) goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Route {
    /// Printed at once without a gate: gates are off, a public command, a finished game, or a
    /// player who is out (their messages; their boards are dropped).
    Plain,
    /// Behind the recipient's gate, opened after this delivery's public lines.
    Gate,
    /// Kept for the recipient's next gate (a message), or dropped (a board: drawn afresh then).
    Hold,
}

/// The state of the gates across a session: whether they are on, how the alternate screen is
/// written, the messages held for players who are not on move, and text typed at a gate.
#[derive(Debug, Default)]
pub struct Gates {
    /// Gates at all: standard input is a terminal, or `local --hotseat`.
    pub on: bool,
    /// Standard output is a terminal: write the escape codes, not readable markers.
    pub escapes: bool,
    held: Vec<(String, String)>,
    typed: VecDeque<String>,
}

impl Gates {
    /// Gates `on` or off, writing escape codes when `escapes` (standard output is a terminal).
    pub fn new(on: bool, escapes: bool) -> Gates {
        Gates { on, escapes, ..Gates::default() }
    }

    /// Where a secret for `user` about a game goes. `status` is the game's turn status (`None`
    /// when the secret concerns no game in play, e.g. a deployment), `typing` whoever typed the
    /// command (none for the clock), `turned` whether the delivery announced something public
    /// about that game (a ply, a draw offer: the turn passed on), `public_command` whether the
    /// command shows nothing secret (ratings, statistics, settings).
    pub fn route(
        &self,
        user: &str,
        status: Option<&TurnStatus>,
        typing: Option<&str>,
        turned: bool,
        public_command: bool,
    ) -> Route {
        if !self.on || public_command {
            return Route::Plain;
        }
        let Some(st) = status else { return Route::Gate };
        if st.over || st.out_users.iter().any(|u| u == user) {
            return Route::Plain;
        }
        let asked = typing == Some(user) && !turned;
        if st.to_move_user.as_deref() == Some(user) || asked { Route::Gate } else { Route::Hold }
    }

    /// Keeps a message for `user`'s next gate.
    pub fn hold(&mut self, user: &str, line: String) {
        self.held.push((user.to_string(), line));
    }

    /// The messages held for `user`, oldest first, taken out of the store.
    pub fn take_held(&mut self, user: &str) -> Vec<String> {
        let (mine, rest) = std::mem::take(&mut self.held).into_iter().partition(|(u, _)| u == user);
        self.held = rest;
        mine.into_iter().map(|(_, l)| l).collect()
    }

    /// Whether anything is held for `user`.
    pub fn holds_for(&self, user: &str) -> bool {
        self.held.iter().any(|(u, _)| u == user)
    }

    /// Every held message (the game ended: nothing is secret any more), oldest first.
    pub fn take_all_held(&mut self) -> Vec<String> {
        std::mem::take(&mut self.held).into_iter().map(|(_, l)| l).collect()
    }

    /// The next line typed at a gate, to run as a command before reading more input.
    pub fn next_typed(&mut self) -> Option<String> {
        self.typed.pop_front()
    }

    /// Opens `user`'s gate: asks for Enter when only they are looking, shows `lines` on the
    /// alternate screen, asks for Enter again and leaves it. A line typed at either prompt is
    /// kept to run next (and said so on the main screen). End of input opens and closes.
    pub fn open(
        &mut self,
        user: &str,
        lines: &[String],
        input: &mut impl BufRead,
        out: &mut impl Write,
    ) -> io::Result<()> {
        let nl = if self.escapes { "" } else { "\n" };
        write!(out, "--- secret for {user}: press Enter when only {user} is looking ---{nl}")?;
        out.flush()?;
        let first = self.read_at_gate(input);
        if self.escapes {
            write!(out, "{ALT_SCREEN_ON}")?;
        } else {
            writeln!(out, "[alternate screen: {user}]")?;
        }
        for l in lines {
            writeln!(out, "{l}")?;
        }
        write!(out, "--- press Enter to hide ---{nl}")?;
        out.flush()?;
        let second = self.read_at_gate(input);
        if self.escapes {
            write!(out, "{ALT_SCREEN_OFF}")?;
        } else {
            writeln!(out, "[main screen]")?;
        }
        for t in [first, second].into_iter().flatten() {
            writeln!(out, "(typed at the gate, run next: {})", crate::rules::echo::echo(&t))?;
            self.typed.push_back(t);
        }
        out.flush()
    }

    /// One line at a gate: `None` for Enter alone, end of input or a line that cannot be read.
    fn read_at_gate(&self, input: &mut impl BufRead) -> Option<String> {
        let raw = read_line(input).ok()??;
        let text = raw_text(&raw).ok()?.trim().to_string();
        (!text.is_empty()).then_some(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn status(to_move: &str, out: &[&str]) -> TurnStatus {
        TurnStatus {
            to_move_user: Some(to_move.into()),
            over: false,
            notable: false,
            out_users: out.iter().map(|u| u.to_string()).collect(),
        }
    }

    #[test]
    fn only_the_next_mover_and_what_the_typist_asked_for_open_a_gate() {
        let g = Gates::new(true, false);
        let st = status("blue", &[]);
        // red moved: the turn passed to blue; red's own board waits for red's turn.
        assert_eq!(g.route("blue", Some(&st), Some("red"), true, false), Route::Gate);
        assert_eq!(g.route("red", Some(&st), Some("red"), true, false), Route::Hold);
        // red typed `show 1` off turn: nothing public, red asked for it.
        assert_eq!(g.route("red", Some(&st), Some("red"), false, false), Route::Gate);
        // The clock (no typist) moves no one else's secrets to the screen.
        assert_eq!(g.route("red", Some(&st), None, true, false), Route::Hold);
    }

    #[test]
    fn no_gate_for_the_out_for_public_commands_after_the_end_or_with_gates_off() {
        let g = Gates::new(true, true);
        let st = status("e", &["s"]);
        assert_eq!(g.route("s", Some(&st), None, true, false), Route::Plain);
        assert_eq!(g.route("red", None, Some("red"), false, true), Route::Plain);
        let over = TurnStatus { to_move_user: None, over: true, notable: true, out_users: vec![] };
        assert_eq!(g.route("red", Some(&over), None, true, false), Route::Plain);
        assert_eq!(Gates::new(false, false).route("red", Some(&st), None, true, false), Route::Plain);
        // No game in play (a deployment): the recipient's gate.
        assert_eq!(g.route("blue", None, Some("red"), true, false), Route::Gate);
    }

    #[test]
    fn a_gate_uses_the_alternate_screen_and_runs_what_was_typed_at_it() {
        let mut g = Gates::new(true, true);
        let mut out = Vec::new();
        let mut input = io::Cursor::new(b"\nblue: show 1\n".to_vec());
        g.open("red", &["[to red] your board".into()], &mut input, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let on = text.find(ALT_SCREEN_ON).unwrap();
        let secret = text.find("your board").unwrap();
        let off = text.find(ALT_SCREEN_OFF).unwrap();
        assert!(on < secret && secret < off, "{text:?}");
        assert!(text[off..].contains("run next: blue: show 1"), "{text:?}");
        assert_eq!(g.next_typed().as_deref(), Some("blue: show 1"));
        assert_eq!(g.next_typed(), None);
    }

    #[test]
    fn without_a_terminal_the_screens_are_readable_markers() {
        let mut g = Gates::new(true, false);
        let mut out = Vec::new();
        g.open("blue", &["secret".into()], &mut io::Cursor::new(Vec::new()), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(!text.contains('\x1b'), "{text:?}");
        assert_eq!(
            text,
            "--- secret for blue: press Enter when only blue is looking ---\n[alternate screen: blue]\nsecret\n\
             --- press Enter to hide ---\n[main screen]\n"
        );
    }

    #[test]
    fn held_messages_go_to_their_own_gate_only() {
        let mut g = Gates::new(true, false);
        g.hold("red", "a".into());
        g.hold("blue", "b".into());
        g.hold("red", "c".into());
        assert!(g.holds_for("red"));
        assert_eq!(g.take_held("red"), vec!["a", "c"]);
        assert!(!g.holds_for("red"));
        assert_eq!(g.take_all_held(), vec!["b"]);
    }
}
