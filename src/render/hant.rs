//! 繁體中文 for the images: the 简体 words converted character by character.
//!
//! The table is a copy of the one behind `to_traditional` in `src/referee/i18n.rs`, extended with
//! the characters only the images use (`视角`, `旁观`, …). It is copied, not imported, because the
//! renderer must not depend on the referee; when the rules crate gets the one language type of
//! issue 13, both copies move there and this file goes.
//!
//! A character table suffices because the words the images draw avoid the few simplified
//! characters with more than one traditional form (`干` as 乾, 幹 or 干; `面` as 麵 or 面).

/// Simplified characters, each at the same position as its traditional form in [`TRADITIONAL`].
const SIMPLIFIED: &str = "两个为于从体写军准击则删动双发号后员团坏夺对尽师库应开弹归当录战执损换据数无时暂标样没点现码种称简红终经结给绝继续编联胜营蓝规计认议记设证试语误请读轮输边过还这进违连选里钟错长间阵项须颜务东齐满观视";
/// The traditional forms of [`SIMPLIFIED`], in the same order.
const TRADITIONAL: &str = "兩個為於從體寫軍準擊則刪動雙發號後員團壞奪對盡師庫應開彈歸當錄戰執損換據數無時暫標樣沒點現碼種稱簡紅終經結給絕繼續編聯勝營藍規計認議記設證試語誤請讀輪輸邊過還這進違連選裡鐘錯長間陣項須顏務東齊滿觀視";

/// One character in 繁體 (itself when the table has no other form).
pub(crate) fn char_to_traditional(c: char) -> char {
    SIMPLIFIED.chars().position(|s| s == c).and_then(|i| TRADITIONAL.chars().nth(i)).unwrap_or(c)
}

/// `text` in 繁體. Converting text that is already 繁體 changes nothing, so a caption built from
/// converted parts may be converted again as a whole.
pub(crate) fn to_traditional(text: &str) -> String {
    text.chars().map(char_to_traditional).collect()
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
        assert_eq!(seen.len(), SIMPLIFIED.chars().count(), "a simplified character is listed twice");
    }

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
