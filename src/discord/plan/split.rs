//! Discord's message limits: a message's content holds at most [`MAX_CONTENT`] characters and
//! its `allowed_mentions.users` at most [`MAX_PINGS`] users; past either, Discord refuses the
//! whole message (400, 50035). A long message (a big tournament round naming every board and
//! pinging every player, a long games list) becomes several, split on line boundaries.

use super::Outgoing;
use super::tournament::mentioned_users;

/// The most characters (Unicode scalar values) Discord takes in a message's content.
pub const MAX_CONTENT: usize = 2000;
/// The most users a message's `allowed_mentions.users` may name.
pub const MAX_PINGS: usize = 100;

/// `m` as one or more messages within Discord's limits, in order. Lines stay whole unless one
/// line alone is longer than a message (then it is cut). Each part pings the users of
/// `m.ping` it mentions first; users pinged but never mentioned go with the first part. Files,
/// buttons and the embed go with the last part, so they sit under the whole text.
pub fn split_message(m: &Outgoing) -> Vec<Outgoing> {
    let chars = m.text.chars().count();
    if chars <= MAX_CONTENT && m.ping.len() <= MAX_PINGS {
        return vec![m.clone()];
    }
    let mut texts: Vec<String> = vec![];
    let mut pings: Vec<Vec<u64>> = vec![];
    let mut cur = String::new();
    let mut cur_len = 0usize;
    let mut cur_pings: Vec<u64> = vec![];
    let mut pinged: Vec<u64> = vec![];
    for line in pieces(&m.text) {
        let len = line.chars().count();
        let new: Vec<u64> = mentioned_users(&line)
            .into_iter()
            .filter(|u| m.ping.contains(u) && !pinged.contains(u) && !cur_pings.contains(u))
            .collect();
        let sep = usize::from(!cur.is_empty());
        if !cur.is_empty() && (cur_len + sep + len > MAX_CONTENT || cur_pings.len() + new.len() > MAX_PINGS) {
            pinged.extend(cur_pings.iter().copied());
            texts.push(std::mem::take(&mut cur));
            pings.push(std::mem::take(&mut cur_pings));
            cur_len = 0;
        }
        if !cur.is_empty() {
            cur.push('\n');
            cur_len += 1;
        }
        cur.push_str(&line);
        cur_len += len;
        cur_pings.extend(new);
    }
    texts.push(cur);
    pings.push(cur_pings);
    // Users pinged without being named in the text: with the first part, while it has room;
    // past that they are not pinged (a message cannot ping more).
    let named: Vec<u64> = pings.iter().flatten().copied().collect();
    for u in m.ping.iter().filter(|u| !named.contains(u)) {
        if pings[0].len() < MAX_PINGS {
            pings[0].push(*u);
        }
    }
    let n = texts.len();
    texts
        .into_iter()
        .zip(pings)
        .enumerate()
        .map(|(i, (text, ping))| {
            let last = i + 1 == n;
            Outgoing {
                target: m.target.clone(),
                text,
                files: if last { m.files.clone() } else { vec![] },
                rows: if last { m.rows.clone() } else { vec![] },
                ephemeral: m.ephemeral,
                ping,
                embed: if last { m.embed.clone() } else { None },
            }
        })
        .collect()
}

/// The text's lines, a line longer than a whole message cut into message-sized pieces.
fn pieces(text: &str) -> Vec<String> {
    let mut out = vec![];
    for line in text.split('\n') {
        let chars: Vec<char> = line.chars().collect();
        if chars.len() <= MAX_CONTENT {
            out.push(line.to_string());
        } else {
            out.extend(chars.chunks(MAX_CONTENT).map(|c| c.iter().collect::<String>()));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discord::plan::{Row, Style, Target};

    fn msg(text: String, ping: Vec<u64>) -> Outgoing {
        Outgoing {
            target: Target::Tournament(1),
            text,
            files: vec![],
            rows: vec![Row::Buttons(vec![("b".into(), "B".into(), Style::Primary)])],
            ephemeral: false,
            ping,
            embed: None,
        }
    }

    #[test]
    fn a_short_message_stays_one() {
        let m = msg("hello <@1>".into(), vec![1]);
        assert_eq!(split_message(&m), vec![m]);
    }

    #[test]
    fn a_long_round_is_split_on_lines_with_its_pings() {
        // 80 boards, 160 players: ~8,000 characters and 160 pings.
        let mut text = "Tournament #1 \"Big\", round 1 of 7:".to_string();
        let mut ping = vec![];
        for b in 0..80u64 {
            let (r, x) = (100_000_000_000_000_000 + 2 * b, 100_000_000_000_000_001 + 2 * b);
            text.push_str(&format!("\nboard {}: game #{}, <@{r}> (Red) vs <@{x}> (Blue), please deploy", b + 1, b + 9));
            ping.extend([r, x]);
        }
        let parts = split_message(&msg(text.clone(), ping.clone()));
        assert!(parts.len() >= 4, "{}", parts.len());
        for p in &parts {
            assert!(p.text.chars().count() <= MAX_CONTENT);
            assert!(p.ping.len() <= MAX_PINGS);
            assert_eq!(p.ping, mentioned_users(&p.text), "each part pings whom it names");
        }
        let joined: Vec<&str> = parts.iter().map(|p| p.text.as_str()).collect();
        assert_eq!(joined.join("\n"), text, "nothing lost, lines whole");
        let all: Vec<u64> = parts.iter().flat_map(|p| p.ping.clone()).collect();
        assert_eq!(all, ping, "everyone pinged once");
        assert!(parts[..parts.len() - 1].iter().all(|p| p.rows.is_empty()));
        assert_eq!(parts.last().unwrap().rows.len(), 1, "buttons under the last part");
    }

    #[test]
    fn pings_alone_can_split_and_a_huge_line_is_cut() {
        let ping: Vec<u64> = (1..=150).collect();
        let text: String = ping.iter().map(|u| format!("<@{u}>")).collect::<Vec<_>>().join("\n");
        let parts = split_message(&msg(text, ping));
        assert_eq!(parts.iter().map(|p| p.ping.len()).collect::<Vec<_>>(), vec![100, 50]);
        let parts = split_message(&msg("x".repeat(4500), vec![]));
        assert_eq!(parts.iter().map(|p| p.text.chars().count()).collect::<Vec<_>>(), vec![2000, 2000, 500]);
    }
}
