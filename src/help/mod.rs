//! What the product tells a player about itself, for every catalogued game through the contract:
//! the rules pages (`pages.rs`, embedded from `docs/rules/`), the legend of a kind's piece codes
//! and combat badges, and "did you mean" for a mistyped command word. Pure functions: the
//! terminal and the Discord adapter put them into their own messages.

mod pages;
pub use pages::{RulesPage, rules_page};

use crate::rules::combat::Outcome;
use crate::rules::contract::{GameKind, Lang, catalog};
use crate::rules::piece::PieceKind;

/// The closest of `candidates` to a mistyped `word`, if one is close enough to be what was meant:
/// at most one edit for words of up to four letters, two for longer ones (ties: the first).
pub fn did_you_mean<'a>(word: &str, candidates: &[&'a str]) -> Option<&'a str> {
    let word = word.to_lowercase();
    let most = if word.chars().count() <= 4 { 1 } else { 2 };
    candidates
        .iter()
        .map(|c| (edit_distance(&word, c), *c))
        .filter(|(d, _)| *d <= most)
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

/// Edit distance over characters, an adjacent swap counting one (optimal string alignment:
/// `mvoe` is one edit from `move`, as a typist makes it).
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1).min(d[i][j - 1] + 1).min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

/// The most piece kinds a legend looks for (a kind's table is indexed from 0 without gaps).
const MAX_PIECE_KINDS: u8 = 64;

/// The legend of a kind: what each piece code on its text board means (code, short label and
/// names, from the catalogue) and, for games with combats, the badges drawn on the last
/// combat's point and written in records.
pub fn legend(kind: &GameKind, lang: Lang) -> String {
    let Some(def) = catalog::find(kind.name) else { return String::new() };
    let mut lines = vec![match lang {
        Lang::En => format!("{} — legend", kind.title.en),
        _ => format!("{}——图例", kind.title.zh_hans),
    }];
    let seat = crate::rules::Seat(0);
    let mut pieces = Vec::new();
    for i in 0..MAX_PIECE_KINDS {
        let p = PieceKind(i);
        let Some((en, zh)) = (kind.piece_label)(p) else { break };
        let code = (def.record.piece)(seat, p);
        let words = def.marks.map(|m| (m.piece_words)(p));
        pieces.push(match (lang, words) {
            (Lang::En, Some((name, zh_name))) => format!("  {code}  {en} = {name} ({zh_name})"),
            (Lang::En, None) => format!("  {code}  {en}"),
            (_, Some((_, zh_name))) => format!("  {code}  {zh} = {zh_name}"),
            (_, None) => format!("  {code}  {zh}"),
        });
    }
    if !pieces.is_empty() {
        lines.push(
            lang.pick("Pieces (code on the text board, label on images):", "棋子（文字棋盘上的代码，图片上的字）：")
                .into(),
        );
        lines.extend(pieces);
    }
    let sides: Vec<String> = kind
        .seating
        .seats
        .iter()
        .map(|s| format!("{} = {}", s.key.to_uppercase(), lang.pick(s.name.en, s.name.zh_hans)))
        .collect();
    lines.push(
        lang.pick("Sides (the letter before a code): ", "各方（代码前的字母）：").into_owned() + &sides.join(", "),
    );
    lines.push(
        lang.pick(
            "Text board: `?` a piece you may not see, `##` face down, `*` the last move's points.",
            "文字棋盘：`?` 看不到的棋子，`##` 暗子，`*` 上一步经过的点。",
        )
        .into(),
    );
    if def.marks.is_some() {
        lines.push(lang.pick("Combat badges (images and records):", "碰子标记（图片与棋谱）：").into());
        // 海军棋 has no flag: its `F` is the ply that sinks a 旗舰 (rules-haijun.md §8).
        let sinks = def.kind.name == crate::rules::haijun::contract::HAIJUN_KIND.name;
        let f = if sinks { Outcome::FlagshipSunk } else { Outcome::FlagCaptured };
        for o in [Outcome::AttackerWon, Outcome::DefenderWon, Outcome::BothRemoved, f] {
            let (en, zh) = match o {
                Outcome::AttackerWon => ("the attacker won", "进攻方胜"),
                Outcome::DefenderWon => ("the defender won", "防守方胜"),
                Outcome::BothRemoved => ("both removed", "同归于尽"),
                Outcome::FlagshipSunk => ("a flagship sunk", "旗舰损失"),
                _ => ("flag captured", "夺旗"),
            };
            lines.push(format!("  {}  {}", o.mark().unwrap_or("?"), lang.pick(en, zh)));
        }
    }
    lang.script(lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mistyped_word_finds_the_command_meant() {
        let words = ["challenge", "accept", "move", "resign", "rules", "help"];
        assert_eq!(did_you_mean("chalenge", &words), Some("challenge"));
        assert_eq!(did_you_mean("mvoe", &words), Some("move"));
        assert_eq!(did_you_mean("RESIGN", &words), Some("resign"));
        assert_eq!(did_you_mean("rule", &words), Some("rules"));
        assert_eq!(did_you_mean("fly", &words), None);
        assert_eq!(did_you_mean("xyzzy", &words), None);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("mvoe", "move"), 1);
    }

    #[test]
    fn every_kind_has_a_legend_of_its_pieces_in_every_language() {
        for def in catalog::all() {
            for lang in [Lang::En, Lang::ZhHans, Lang::ZhHant] {
                let text = legend(def.kind, lang);
                assert!(text.lines().count() >= 3, "{}: {text}", def.name());
                // Games with hidden pieces fight combats, and their badges are explained.
                assert_eq!(text.contains("  x  "), def.marks.is_some(), "{}: {text}", def.name());
            }
        }
        let junqi = legend(catalog::first().kind, Lang::En);
        assert!(junqi.contains("司令"), "{junqi}");
        assert!(junqi.contains("  =  both removed"), "{junqi}");
        assert!(junqi.contains("  F  flag captured"), "{junqi}");
        // 海军棋: ships by code and label, and its `F` is a sunk flagship.
        let haijun = legend(catalog::find("haijun").expect("catalogued").kind, Lang::En);
        assert!(haijun.contains("  a  CV = aircraft carrier (航空母舰)"), "{haijun}");
        assert!(haijun.contains("  F  a flagship sunk") && !haijun.contains("flag captured"), "{haijun}");
        let hant = legend(catalog::find("haijun").expect("catalogued").kind, Lang::ZhHant);
        assert!(hant.contains("旗艦損失"), "{hant}");
    }
}
