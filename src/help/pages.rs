//! The rules pages players read (`docs/rules/<page>.<lang>.md`), embedded in the binary so the
//! product serves them wherever it runs: `rules` in the terminal, and the messages that name a
//! rule ("rule 2: …") point at a page the same command shows.

use crate::rules::contract::{GameKind, Lang};

/// One rules page: its key (the file name's stem) and its English and 简体 texts.
struct Page {
    key: &'static str,
    en: &'static str,
    zh: &'static str,
}

/// Every page shipped. A kind's page is found by its record name ([`page_for`]), so a new game
/// gets its rules by adding its two files here.
const PAGES: &[Page] = &[
    Page {
        key: "junqi",
        en: include_str!("../../docs/rules/junqi.en.md"),
        zh: include_str!("../../docs/rules/junqi.zh-Hans.md"),
    },
    Page {
        key: "junqi4",
        en: include_str!("../../docs/rules/junqi4.en.md"),
        zh: include_str!("../../docs/rules/junqi4.zh-Hans.md"),
    },
    Page {
        key: "junqi-flip",
        en: include_str!("../../docs/rules/junqi-flip.en.md"),
        zh: include_str!("../../docs/rules/junqi-flip.zh-Hans.md"),
    },
    Page {
        key: "draughts",
        en: include_str!("../../docs/rules/draughts.en.md"),
        zh: include_str!("../../docs/rules/draughts.zh-Hans.md"),
    },
    Page {
        key: "tiaoqi",
        en: include_str!("../../docs/rules/tiaoqi.en.md"),
        zh: include_str!("../../docs/rules/tiaoqi.zh-Hans.md"),
    },
];

/// The page of a kind: the one named as the kind is, else the longest page name its record name
/// starts with (`draughts10` reads `draughts`, `junqi4-duel` reads `junqi4`).
fn page_for(kind: &GameKind) -> Option<&'static Page> {
    let name = kind.name;
    PAGES
        .iter()
        .find(|p| p.key == name)
        .or_else(|| PAGES.iter().filter(|p| name.starts_with(p.key)).max_by_key(|p| p.key.len()))
}

/// The rules of a kind in a language (繁體 by the character table over the 简体 page), with the
/// page's path in the repository, or `None` where no page is shipped for it yet.
pub fn rules_page(kind: &GameKind, lang: Lang) -> Option<RulesPage> {
    let page = page_for(kind)?;
    let (text, file) = match lang {
        Lang::En => (page.en.to_string(), "en"),
        Lang::ZhHans | Lang::ZhHant => (lang.script(page.zh.to_string()), "zh-Hans"),
    };
    Some(RulesPage { text, path: format!("docs/rules/{}.{file}.md", page.key) })
}

/// A rules page as served.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesPage {
    /// Its text (Markdown, as a player reads it).
    pub text: String,
    /// Its file in the repository (`docs/rules/junqi.en.md`), for a link where a message must be cut.
    pub path: String,
}

impl RulesPage {
    /// The page in parts of at most `limit` characters, split on lines (a line longer than the
    /// limit is cut): for chats with a message limit (Discord's 2,000 characters).
    pub fn parts(&self, limit: usize) -> Vec<String> {
        let mut parts = Vec::new();
        let mut cur = String::new();
        for line in self.text.lines() {
            let line: String = line.chars().take(limit).collect();
            if !cur.is_empty() && cur.chars().count() + 1 + line.chars().count() > limit {
                parts.push(std::mem::take(&mut cur));
            }
            if !cur.is_empty() {
                cur.push('\n');
            }
            cur.push_str(&line);
        }
        if !cur.trim().is_empty() {
            parts.push(cur);
        }
        parts
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::contract::catalog;

    /// Every built-in kind has its rules in both languages, and every page is read by some kind.
    #[test]
    fn every_catalogued_kind_has_a_rules_page_in_every_language() {
        for def in catalog::all() {
            for lang in [Lang::En, Lang::ZhHans, Lang::ZhHant] {
                let page = rules_page(def.kind, lang).unwrap_or_else(|| panic!("{} has no rules page", def.name()));
                assert!(page.text.starts_with("# "), "{}: {}", def.name(), page.path);
                assert!(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(&page.path).exists(), "{}", page.path);
            }
        }
        for p in PAGES {
            assert!(catalog::all().iter().any(|d| page_for(d.kind).is_some_and(|q| q.key == p.key)), "{}", p.key);
        }
    }

    #[test]
    fn the_pages_say_what_the_refusals_name() {
        let junqi = rules_page(catalog::first().kind, Lang::En).unwrap();
        // Deployment refusals say "rule 1" … "rule 5": the page numbers the same rules.
        for n in 1..=5 {
            assert!(junqi.text.contains(&format!("\n{n}. ")), "rule {n}");
        }
        let zh = rules_page(catalog::first().kind, Lang::ZhHant).unwrap();
        assert!(zh.text.contains("軍棋") && zh.path.ends_with("zh-Hans.md"), "{}", zh.text);
    }

    #[test]
    fn a_page_splits_on_lines_within_a_limit() {
        let page = RulesPage { text: "aaaa\nbbbb\ncc\n\ndddddddddd".into(), path: String::new() };
        assert_eq!(page.parts(9), ["aaaa\nbbbb", "cc\n", "ddddddddd"]);
        for def in catalog::all() {
            let page = rules_page(def.kind, Lang::ZhHans).unwrap();
            assert!(page.parts(2000).iter().all(|p| p.chars().count() <= 2000));
        }
    }
}
