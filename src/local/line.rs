//! Command lines read from a byte stream (the terminal, a pipe, a file): bounded in length before
//! anything parses them, checked as UTF-8, and never the end of a session. A line over
//! [`MAX_LINE_BYTES`] is skipped to its end without being kept (so a gigabyte without a newline
//! costs a bounded buffer), and a line that is not UTF-8 is answered as a bad line; the lines
//! after either are read as usual.

use std::io::{self, BufRead};

/// The longest command line read, in bytes: a deployment written out in full English piece
/// names (the longest real command) is under 300 bytes.
pub const MAX_LINE_BYTES: usize = 2048;

/// One line as read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RawLine {
    /// A line of text, without its line ending.
    Text(String),
    /// Over [`MAX_LINE_BYTES`]: what it started with (cut to a valid UTF-8 prefix) and its length.
    TooLong {
        /// The line's first bytes, as far as they are UTF-8 (for naming its user).
        start: String,
        /// Its length in bytes.
        bytes: usize,
    },
    /// Not UTF-8: the text before the first bad byte, and that byte's offset in the line.
    NotUtf8 {
        /// The valid text before it (for naming its user).
        start: String,
        /// 0-based byte offset of the first invalid byte.
        at: usize,
    },
}

/// Reads the next line, or `None` at the end of input. Never holds more than [`MAX_LINE_BYTES`]
/// of one line; the work is linear in the bytes read.
pub fn read_line(r: &mut impl BufRead) -> io::Result<Option<RawLine>> {
    let mut kept: Vec<u8> = Vec::new();
    let mut total = 0usize;
    let mut ended = false;
    loop {
        let buf = match r.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            break;
        }
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], true),
            None => (buf, false),
        };
        let room = (MAX_LINE_BYTES + 1).saturating_sub(kept.len());
        kept.extend_from_slice(&chunk[..chunk.len().min(room)]);
        total = total.saturating_add(chunk.len());
        let used = chunk.len() + usize::from(done);
        r.consume(used);
        if done {
            ended = true;
            break;
        }
    }
    if !ended && total == 0 {
        return Ok(None);
    }
    if kept.last() == Some(&b'\r') && total <= MAX_LINE_BYTES {
        kept.pop();
        total -= 1;
    }
    let valid = |bytes: &[u8]| match std::str::from_utf8(bytes) {
        Ok(s) => s.to_string(),
        Err(e) => String::from_utf8_lossy(&bytes[..e.valid_up_to()]).into_owned(),
    };
    if total > MAX_LINE_BYTES {
        return Ok(Some(RawLine::TooLong { start: valid(&kept[..kept.len().min(MAX_LINE_BYTES)]), bytes: total }));
    }
    Ok(Some(match String::from_utf8(kept) {
        Ok(s) => RawLine::Text(s),
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            RawLine::NotUtf8 { start: valid(&e.as_bytes()[..at]), at }
        }
    }))
}

#[cfg(test)]
mod tests {
    use super::{MAX_LINE_BYTES, RawLine, read_line};

    fn all(bytes: &[u8]) -> Vec<RawLine> {
        let mut r = bytes;
        std::iter::from_fn(|| read_line(&mut r).unwrap()).collect()
    }

    #[test]
    fn lines_endings_and_the_last_line() {
        assert_eq!(
            all(b"a: x\r\nb: y\n\nc: z"),
            [
                RawLine::Text("a: x".into()),
                RawLine::Text("b: y".into()),
                RawLine::Text("".into()),
                RawLine::Text("c: z".into())
            ]
        );
        assert_eq!(all(b""), []);
    }

    #[test]
    fn a_bad_byte_is_one_bad_line_and_reading_goes_on() {
        assert_eq!(
            all(b"alice: move 1 \xff\xfe\nbob: show 1\n"),
            [RawLine::NotUtf8 { start: "alice: move 1 ".into(), at: 14 }, RawLine::Text("bob: show 1".into())]
        );
    }

    #[test]
    fn an_over_long_line_is_skipped_whole() {
        let mut input = b"alice: move 1 ".to_vec();
        input.extend(std::iter::repeat_n(b'a', 5 * MAX_LINE_BYTES));
        input.extend(b"\nbob: show 1\n");
        let lines = all(&input);
        assert_eq!(lines.len(), 2);
        assert!(matches!(&lines[0], RawLine::TooLong { start, bytes }
            if start.starts_with("alice: move 1 aaa") && *bytes == 14 + 5 * MAX_LINE_BYTES));
        assert_eq!(lines[1], RawLine::Text("bob: show 1".into()));
        // The longest line read is read.
        let exact = "a".repeat(MAX_LINE_BYTES);
        assert_eq!(all(exact.as_bytes()), [RawLine::Text(exact)]);
    }
}
