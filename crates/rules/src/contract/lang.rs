//! One language type for every text a game produces (ply descriptions, seat and game names), and
//! the simplified → traditional conversion that gives 繁體中文 readers the same texts.

use std::borrow::Cow;

/// A language a text may be written in.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// 简体中文.
    ZhHans,
    /// 繁體中文: the 简体 texts converted by [`to_traditional`].
    ZhHant,
}

impl Lang {
    /// Every language, for tables and tests that must cover them all.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::ZhHans, Lang::ZhHant];

    /// Reads a language tag as users and Discord write it: `en`, `en-US`, `zh`, `zh-CN`,
    /// `zh-Hans`, `zh-SG`, `zh-TW`, `zh-HK`, `zh-Hant`, `中文`, `简体`, `繁體` (`_` for `-`,
    /// any case).
    pub fn parse(tag: &str) -> Option<Lang> {
        match tag.trim().to_lowercase().replace('_', "-").as_str() {
            "en" | "en-us" | "en-gb" | "english" => Some(Lang::En),
            "zh" | "zh-cn" | "zh-hans" | "zh-sg" | "zh-hans-cn" | "中文" | "简体" | "简体中文" | "簡體" => {
                Some(Lang::ZhHans)
            }
            "zh-tw" | "zh-hk" | "zh-mo" | "zh-hant" | "zh-hant-tw" | "繁體" | "繁体" | "繁體中文" | "繁体中文" => {
                Some(Lang::ZhHant)
            }
            _ => None,
        }
    }

    /// The canonical tag (`en`, `zh-CN`, `zh-TW`), as the referee stores it.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::ZhHans => "zh-CN",
            Lang::ZhHant => "zh-TW",
        }
    }

    /// Whether texts in this language are Chinese (both scripts share the 简体 source texts).
    pub fn is_zh(self) -> bool {
        self != Lang::En
    }

    /// `text`, written in English or 简体, in this language's script: 繁體 readers get it
    /// converted by the one table, everyone else as it is.
    pub fn script(self, text: String) -> String {
        if self == Lang::ZhHant { to_traditional(&text) } else { text }
    }

    /// Picks the English or the Chinese form of a text; Chinese is written in 简体 and converted
    /// for 繁體 readers here, so describers write each text twice, not three times.
    pub fn pick<'a>(self, en: impl Into<Cow<'a, str>>, zh: impl Into<Cow<'a, str>>) -> Cow<'a, str> {
        match self {
            Lang::En => en.into(),
            Lang::ZhHans => zh.into(),
            Lang::ZhHant => Cow::Owned(to_traditional(&zh.into())),
        }
    }
}

impl std::fmt::Display for Lang {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.tag())
    }
}

/// A short text known at compile time in each language: names of games, seats and modes. The
/// 繁體 form is written out (not converted) so that it can be a `&'static str`; a test checks
/// that it is what [`to_traditional`] makes of the 简体 form.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Words {
    /// English.
    pub en: &'static str,
    /// 简体中文.
    pub zh_hans: &'static str,
    /// 繁體中文.
    pub zh_hant: &'static str,
}

impl Words {
    /// The text in a language.
    pub fn get(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.en,
            Lang::ZhHans => self.zh_hans,
            Lang::ZhHant => self.zh_hant,
        }
    }

    /// Whether `text` is one of the three forms (case-insensitive for English): players type
    /// names in any of them.
    pub fn matches(&self, text: &str) -> bool {
        let t = text.trim();
        t.eq_ignore_ascii_case(self.en) || t == self.zh_hans || t == self.zh_hant
    }
}

/// Simplified → traditional characters for every simplified character the referee's catalogue,
/// the 翻棋 texts and the game describers use. A character table suffices: the texts avoid the
/// few characters whose traditional form depends on the word. Copied from the referee's
/// `i18n::to_traditional` (plus its 翻棋 extras and the game names); the referee switches to
/// this one when it moves to the contract. `复` is 復 (复盘 復盤, 恢复 恢復); where it is 複 (重复) the
/// table gives 重復, a recognised variant form.
const SIMPLIFIED: &str = "两个为于从体写军准击则删动双发号后员团坏夺对尽师库应开弹归当录战执损换据数无时暂标样没点现码种称简红终经结给绝继续编联胜营蓝规计认议记设证试语误请读轮输边过还这进违连选里钟错长间阵项须颜务东齐满与将属摆敌机确统见诺谁谱随验会国陆乐门报们灭盘离观视负侦飞线驱舰区垒斗总潜铁桥骑车关枪气场处头弯条环级败转邻锚扫鱼挥复轰导纪";
const TRADITIONAL: &str = "兩個為於從體寫軍準擊則刪動雙發號後員團壞奪對盡師庫應開彈歸當錄戰執損換據數無時暫標樣沒點現碼種稱簡紅終經結給絕繼續編聯勝營藍規計認議記設證試語誤請讀輪輸邊過還這進違連選裡鐘錯長間陣項須顏務東齊滿與將屬擺敵機確統見諾誰譜隨驗會國陸樂門報們滅盤離觀視負偵飛線驅艦區壘鬥總潛鐵橋騎車關槍氣場處頭彎條環級敗轉鄰錨掃魚揮復轟導紀";

/// Converts a 简体 text to 繁體 by the table above; characters not in it stay as they are.
pub fn to_traditional(text: &str) -> String {
    text.chars()
        .map(|c| SIMPLIFIED.chars().position(|s| s == c).and_then(|i| TRADITIONAL.chars().nth(i)).unwrap_or(c))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_pairs_one_character_with_one() {
        assert_eq!(SIMPLIFIED.chars().count(), TRADITIONAL.chars().count());
        let mut seen: Vec<char> = SIMPLIFIED.chars().collect();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), SIMPLIFIED.chars().count(), "a character listed twice");
    }

    #[test]
    fn tags_parse_to_one_language() {
        for (tag, lang) in [
            ("en", Lang::En),
            ("EN-us", Lang::En),
            ("zh", Lang::ZhHans),
            ("zh_CN", Lang::ZhHans),
            ("zh-Hans", Lang::ZhHans),
            ("简体", Lang::ZhHans),
            ("zh-TW", Lang::ZhHant),
            ("zh-HK", Lang::ZhHant),
            ("zh-Hant", Lang::ZhHant),
            ("繁體", Lang::ZhHant),
        ] {
            assert_eq!(Lang::parse(tag), Some(lang), "{tag}");
        }
        assert_eq!(Lang::parse("fr"), None);
        for l in Lang::ALL {
            assert_eq!(Lang::parse(l.tag()), Some(l));
        }
    }

    #[test]
    fn traditional_texts_convert_the_simplified_ones() {
        assert_eq!(to_traditional("四国军棋：红方进攻，同归于尽"), "四國軍棋：紅方進攻，同歸於盡");
        assert_eq!(Lang::ZhHant.pick("the flag", "夺得军旗"), "奪得軍旗");
        assert_eq!(Lang::En.pick("the flag", "夺得军旗"), "the flag");
    }
}
