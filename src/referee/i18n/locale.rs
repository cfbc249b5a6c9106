//! The catalogue's languages, and the conversion of its 简体 texts to 繁體.

/// A language of the catalogue.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Locale {
    /// English.
    #[default]
    En,
    /// 简体中文.
    ZhHans,
    /// 繁體中文 (the 简体 texts converted by [`to_traditional`]).
    ZhHant,
}

impl Locale {
    /// Reads a locale tag: `en`, `zh`, `zh-CN`, `zh-Hans`, `zh-TW`, `zh-Hant`, `中文`, `简体`, `繁體`.
    pub fn parse(tag: &str) -> Option<Locale> {
        match tag.trim().to_lowercase().replace('_', "-").as_str() {
            "en" | "en-us" | "en-gb" | "english" => Some(Locale::En),
            "zh" | "zh-cn" | "zh-hans" | "zh-sg" | "中文" | "简体" | "简体中文" => Some(Locale::ZhHans),
            "zh-tw" | "zh-hk" | "zh-hant" | "繁體" | "繁體中文" => Some(Locale::ZhHant),
            _ => None,
        }
    }

    /// The canonical tag stored in the database.
    pub fn tag(self) -> &'static str {
        match self {
            Locale::En => "en",
            Locale::ZhHans => "zh-CN",
            Locale::ZhHant => "zh-TW",
        }
    }

    pub(super) fn zh(self) -> bool {
        self != Locale::En
    }
}

/// Converts catalogue text to 繁體: the one table of the rules crate's [`crate::rules::contract::Lang`].
pub fn to_traditional(text: &str) -> String {
    crate::rules::contract::to_traditional(text)
}
