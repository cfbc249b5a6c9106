//! The per-game options of spec §3 and §7 (`key=value …`), their normal form and their words.

use super::board::Variant;
use super::notation;
use crate::contract::Lang;

/// The options a draughts game is played by.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// `repetition=3|off`: the third occurrence of a position draws.
    pub repetition: bool,
    /// `move-limit=N`: moves of each side without a man move or a capture that draw (0: off).
    pub move_limit: u32,
    /// `endgame-limit=on|off` (international and Canadian): the 16- and 5-move endings.
    pub endgame_limit: bool,
    /// `colour=random|creator`: who plays which side is drawn, or the creator chooses.
    pub colour_random: bool,
    /// `fen=…`: a set start position (PDN FEN, no spaces); `None` for the usual start.
    pub fen: Option<String>,
}

impl Rules {
    /// The defaults of a variant.
    pub fn default_for(v: Variant) -> Rules {
        Rules {
            repetition: true,
            move_limit: v.default_move_limit(),
            endgame_limit: v != Variant::English,
            colour_random: true,
            fen: None,
        }
    }

    /// Reads an options text; the error says which option is wrong and what it takes.
    pub fn parse(v: Variant, text: &str) -> Result<Rules, String> {
        if text.len() > crate::echo::MAX_OPTIONS_BYTES {
            return Err(format!(
                "rule options are at most {} bytes long; these have {}",
                crate::echo::MAX_OPTIONS_BYTES,
                text.len()
            ));
        }
        let mut r = Rules::default_for(v);
        for item in text.split_whitespace() {
            let (key, value) = item.split_once('=').ok_or_else(|| format!("'{item}': write options as key=value"))?;
            let value = value.trim();
            match (key.trim().to_ascii_lowercase().as_str(), value.to_ascii_lowercase().as_str()) {
                ("repetition", "3") => r.repetition = true,
                ("repetition", "off") => r.repetition = false,
                ("move-limit", n) => {
                    r.move_limit = n.parse().map_err(|_| format!("move-limit takes a number of moves, not '{n}'"))?;
                }
                ("endgame-limit", "on") if v != Variant::English => r.endgame_limit = true,
                ("endgame-limit", "off") if v != Variant::English => r.endgame_limit = false,
                ("colour" | "color", "random") => r.colour_random = true,
                ("colour" | "color", "creator") => r.colour_random = false,
                // Draughts offers only the one behaviour on timeout.
                ("on-timeout", "lose") => {}
                ("fen", _) => {
                    let pos = notation::parse_fen(v, value)?;
                    r.fen = Some(notation::write_fen(&pos));
                }
                _ => {
                    return Err(format!(
                        "'{item}' is not an option of {} (repetition=3|off, move-limit=N, {}colour=random|creator, on-timeout=lose, fen=…)",
                        v.name(),
                        if v == Variant::English { "" } else { "endgame-limit=on|off, " }
                    ));
                }
            }
        }
        Ok(r)
    }

    /// The normal form: only what differs from the defaults, in a fixed order.
    pub fn normal(&self, v: Variant) -> String {
        let d = Rules::default_for(v);
        let mut out = Vec::new();
        if self.repetition != d.repetition {
            out.push("repetition=off".to_string());
        }
        if self.move_limit != d.move_limit {
            out.push(format!("move-limit={}", self.move_limit));
        }
        if self.endgame_limit != d.endgame_limit {
            out.push("endgame-limit=off".into());
        }
        if !self.colour_random {
            out.push("colour=creator".into());
        }
        if let Some(fen) = &self.fen {
            out.push(format!("fen={fen}"));
        }
        out.join(" ")
    }

    /// What the game will be played by, for readers.
    pub fn describe(&self, v: Variant, lang: Lang) -> String {
        let mut parts = Vec::new();
        if self.repetition {
            parts.push(lang.pick("threefold repetition draws", "三次重复局面为和").into_owned());
        }
        if self.move_limit > 0 {
            let n = self.move_limit;
            parts.push(lang.pick(format!("{n}-move rule"), format!("{n} 回合无吃子、无兵走动为和")).into_owned());
        }
        if self.endgame_limit && v != Variant::English {
            parts.push(lang.pick("16- and 5-move endings", "残局 16 步与 5 步限制").into_owned());
        }
        if self.fen.is_some() {
            parts.push(lang.pick("from a set position", "从指定局面开始").into_owned());
        }
        if parts.is_empty() {
            return lang.pick("no draw rules", "无和棋规则").into_owned();
        }
        parts.join(if lang.is_zh() { "，" } else { ", " })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_read_and_normalise() {
        let v = Variant::International;
        assert_eq!(Rules::parse(v, "").unwrap().normal(v), "");
        let r = Rules::parse(v, "move-limit=25 repetition=off endgame-limit=off colour=creator").unwrap();
        assert_eq!(r.normal(v), "repetition=off endgame-limit=off colour=creator");
        assert_eq!(Rules::parse(v, &r.normal(v)), Ok(r));
        assert!(Rules::parse(Variant::English, "endgame-limit=off").is_err());
        assert!(Rules::parse(v, "move-limit=x").is_err());
        assert!(Rules::parse(v, "fen=W:W51").is_err());
        assert_eq!(Rules::parse(v, "fen=W:W31,32,K10:B1,5").unwrap().normal(v), "fen=W:WK10,31,32:B1,5");
    }
}
