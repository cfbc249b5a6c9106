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
    Page {
        key: "sanjun",
        en: include_str!("../../docs/rules/sanjun.en.md"),
        zh: include_str!("../../docs/rules/sanjun.zh-Hans.md"),
    },
    // Its own page: by prefix it would read `sanjun`'s, a different game.
    Page {
        key: "sanjun30",
        en: include_str!("../../docs/rules/sanjun30.en.md"),
        zh: include_str!("../../docs/rules/sanjun30.zh-Hans.md"),
    },
    Page {
        key: "haijun",
        en: include_str!("../../docs/rules/haijun.en.md"),
        zh: include_str!("../../docs/rules/haijun.zh-Hans.md"),
    },
    // Its own page: by prefix it would read `haijun`'s, a different game.
    Page {
        key: "haijun21",
        en: include_str!("../../docs/rules/haijun21.en.md"),
        zh: include_str!("../../docs/rules/haijun21.zh-Hans.md"),
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
    use crate::rules::sanjun30::contract::SANJUN30_KIND;

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
            // sanjun30 is read by its kind once catalogued; until then it is checked by name below.
            let read = catalog::all().iter().any(|d| page_for(d.kind).is_some_and(|q| q.key == p.key));
            assert!(read || p.key == SANJUN30_KIND.name, "{}", p.key);
        }
    }

    /// 海陆空三军战斗棋 reads its own page, not 陆海空三军棋's (which its name starts with),
    /// whether or not it is catalogued yet.
    #[test]
    fn sanjun30_reads_its_own_page_and_sanjun_its() {
        let page = rules_page(&SANJUN30_KIND, Lang::En).unwrap();
        assert_eq!(page.path, "docs/rules/sanjun30.en.md");
        assert!(page.text.contains("30 pieces each") && page.text.contains("`6` Missile"), "{}", page.text);
        let zh = rules_page(&SANJUN30_KIND, Lang::ZhHans).unwrap();
        assert!(zh.text.starts_with("# 海陆空三军战斗棋") && zh.path.ends_with("sanjun30.zh-Hans.md"));
        let sanjun = catalog::find("sanjun").expect("sanjun is catalogued");
        let page = rules_page(sanjun.kind, Lang::En).unwrap();
        assert_eq!(page.path, "docs/rules/sanjun.en.md");
        assert!(page.text.contains("35 pieces each"), "{}", page.text);
    }

    /// Each page's 繁體 rendering leaves no character the table should have turned: every
    /// simplified character the pages use that has a traditional form is in the table.
    #[test]
    fn the_traditional_pages_are_traditional() {
        for p in PAGES {
            let hant = Lang::ZhHant.script(p.zh.to_string());
            for c in SIMPLIFIED_ONLY.chars() {
                assert!(!hant.contains(c), "{}: {c} left simplified in\n{hant}", p.key);
            }
        }
        assert!(Lang::ZhHant.script("海陆空三军战斗棋".to_string()) == "海陸空三軍戰鬥棋");
    }

    /// Simplified characters with a distinct traditional form that the pages use (a check on the
    /// character table: each must have been converted).
    const SIMPLIFIED_ONLY: &str = "陆军战斗师团营连长总弹垒舰驱潜侦机飞阵规则数为铁桥线击胜败归尽夺盘谱标记进双枪气车关骑锚门区个从边环须选项认议时无轮开场处头弯条级转邻扫鱼挥";

    #[test]
    fn the_pages_say_what_the_refusals_name() {
        let junqi = rules_page(catalog::first().kind, Lang::En).unwrap();
        // Deployment refusals say "rule 1" … "rule 5": the page numbers the same rules.
        for n in 1..=5 {
            assert!(junqi.text.contains(&format!("\n{n}. ")), "rule {n}");
        }
        let zh = rules_page(catalog::first().kind, Lang::ZhHant).unwrap();
        assert!(zh.text.contains("軍棋") && zh.path.ends_with("zh-Hans.md"), "{}", zh.text);
        // 陆海空三军棋's refusals say "rule 1" … "rule 4" (3: no mine on the coastline, issue 14).
        let sanjun = catalog::find("sanjun").expect("sanjun is catalogued").kind;
        for lang in [Lang::En, Lang::ZhHans] {
            let page = rules_page(sanjun, lang).unwrap();
            for n in 1..=4 {
                assert!(page.text.contains(&format!("\n{n}. ")), "rule {n}: {}", page.text);
            }
            assert!(!page.text.contains("\n5. "), "{}", page.text);
        }
        // 海军棋's refusals number the deployment rules 1 … 5 as its page does.
        let haijun = catalog::find("haijun").expect("haijun is catalogued").kind;
        for lang in [Lang::En, Lang::ZhHans] {
            let page = rules_page(haijun, lang).unwrap();
            for n in 1..=5 {
                assert!(page.text.contains(&format!("\n{n}. ")), "rule {n}: {}", page.text);
            }
        }
        let third = rules_page(sanjun, Lang::En).unwrap().text;
        assert!(third.contains("3. No landmine on the coastline"), "{third}");
        // 海陆空三军战斗棋's refusals say "rule 1" … "rule 5" (5: no mine in the front rows, ours).
        let sanjun30 = catalog::find("sanjun30").expect("sanjun30 is catalogued").kind;
        for (lang, fifth) in
            [(Lang::En, "\n5. Mines: no landmine in the front rows"), (Lang::ZhHans, "\n5. 地雷：不能放在前两排")]
        {
            let page = rules_page(sanjun30, lang).unwrap();
            for n in 1..=4 {
                assert!(page.text.contains(&format!("\n{n}. ")), "rule {n}: {}", page.text);
            }
            assert!(page.text.contains(fifth), "{}", page.text);
        }
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
