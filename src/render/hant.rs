//! 繁體中文 for the images: the 简体 words converted character by character.
//!
//! The table is the rules crate's (`contract::lang`), the one the referee's texts use too.
//!
//! A character table suffices because the words the images draw avoid the few simplified
//! characters with more than one traditional form (`干` as 乾, 幹 or 干; `面` as 麵 or 面).

/// `text` in 繁體, by the one table of the rules crate's [`crate::rules::contract::Lang`].
/// Converting text that is already 繁體 changes nothing, so a caption built from converted parts
/// may be converted again as a whole.
pub(crate) fn to_traditional(text: &str) -> String {
    crate::rules::contract::to_traditional(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_names_and_captions_convert() {
        let names = "司令 军长 师长 旅长 团长 营长 连长 排长 工兵 地雷 炸弹 军旗";
        assert_eq!(to_traditional(names), "司令 軍長 師長 旅長 團長 營長 連長 排長 工兵 地雷 炸彈 軍旗");
        assert_eq!(to_traditional("对局结束 · 蓝方胜 · 夺旗"), "對局結束 · 藍方勝 · 奪旗");
        let once = to_traditional("东方视角 旁观");
        assert_eq!(once, "東方視角 旁觀");
        assert_eq!(to_traditional(&once), once);
    }
}
