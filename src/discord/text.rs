//! The adapter's own few words (button labels, its error replies) in 简体中文, 繁體中文 and
//! English. Everything about games comes translated from the referee.

use super::config::Locale;

/// A text the adapter itself says.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Say {
    /// Button: accept a challenge.
    Accept,
    /// Button: decline a challenge.
    Decline,
    /// Button: random layout.
    Random,
    /// Button: edit layout.
    Edit,
    /// Button: save layout as.
    SaveAs,
    /// Button: confirm layout.
    Confirm,
    /// The editor's first menu: pick a piece of the layout to swap.
    SwapPick,
    /// The editor's second menu: what the picked piece (`{p}`) swaps with.
    SwapWith,
    /// Select placeholder: load a saved layout.
    LoadSaved,
    /// Modal title: edit layout.
    EditTitle,
    /// Modal field: the layout.
    LayoutField,
    /// Modal title: save layout.
    SaveTitle,
    /// Modal field: the name.
    NameField,
    /// Ephemeral acknowledgement.
    Done,
    /// `{user}` cannot be sent a DM (closed DMs, no server in common, too many DMs opened).
    DmClosed,
    /// Internal fault apology; `{ref}` is the reference id.
    Apology,
    /// The database could not be reached (or failed) during a command: nothing was changed, try
    /// again; `{ref}` is the reference id.
    DatabaseDown,
    /// Manage Server is needed.
    NeedsManageServer,
    /// A button or form the adapter does not know (old message).
    Stale,
    /// A move was not understood.
    BadMove,
    /// A public post was refused by Discord (no access, no permission, not a text channel) after
    /// the referee carried out the command; `{channel}` is where.
    CannotPost,
    /// `/junqi resign` asks first (issue 21 item 8); `{game}` is the game's number.
    ResignAsk,
    /// Button: resign for good.
    ResignButton,
    /// Button of a review: open the form that jumps to a ply.
    Jump,
    /// Modal title: jump to a ply of a review.
    JumpTitle,
    /// Modal field: the ply.
    PlyField,
    /// The jump form's text is not a ply number; `{text}` is what was typed.
    BadPly,
}

/// The text of `what` in `locale`. `{user}` and `{ref}` are placeholders filled by the caller.
pub fn say(locale: Locale, what: Say) -> &'static str {
    use Locale::*;
    use Say::*;
    match (what, locale) {
        (Accept, ZhHans) => "接受",
        (Accept, ZhHant) => "接受",
        (Accept, En) => "Accept",
        (Decline, ZhHans) => "拒绝",
        (Decline, ZhHant) => "拒絕",
        (Decline, En) => "Decline",
        (SwapPick, ZhHans) => "交换：先选一个棋子",
        (SwapPick, ZhHant) => "交換：先選一個棋子",
        (SwapPick, En) => "Swap: pick a piece",
        (SwapWith, ZhHans) => "把 {p} 与……交换",
        (SwapWith, ZhHant) => "把 {p} 與……交換",
        (SwapWith, En) => "Swap {p} with…",
        (Random, ZhHans) => "随机布阵",
        (Random, ZhHant) => "隨機佈陣",
        (Random, En) => "Random",
        (Edit, ZhHans) => "编辑",
        (Edit, ZhHant) => "編輯",
        (Edit, En) => "Edit",
        (SaveAs, ZhHans) => "另存为…",
        (SaveAs, ZhHant) => "另存為…",
        (SaveAs, En) => "Save as…",
        (Confirm, ZhHans) => "确认布阵",
        (Confirm, ZhHant) => "確認佈陣",
        (Confirm, En) => "Confirm",
        (LoadSaved, ZhHans) => "载入已存布阵",
        (LoadSaved, ZhHant) => "載入已存佈陣",
        (LoadSaved, En) => "Load a saved layout",
        (EditTitle, ZhHans) => "编辑布阵",
        (EditTitle, ZhHant) => "編輯佈陣",
        (EditTitle, En) => "Edit layout",
        (LayoutField, ZhHans) => "布阵（前排在先，25 个棋子）",
        (LayoutField, ZhHant) => "佈陣（前排在先，25 個棋子）",
        (LayoutField, En) => "Layout (front row first, 25 pieces)",
        (SaveTitle, ZhHans) => "保存布阵",
        (SaveTitle, ZhHant) => "保存佈陣",
        (SaveTitle, En) => "Save layout",
        (NameField, ZhHans) => "名称",
        (NameField, ZhHant) => "名稱",
        (NameField, En) => "Name",
        (Done, ZhHans) => "好的。",
        (Done, ZhHant) => "好的。",
        (Done, En) => "Done.",
        (DmClosed, ZhHans) => {
            "{user} 的私信无法送达（私信已关闭，或已不在同一服务器），布阵面板发不出去。请在此使用 `/junqi deploy` 布阵。"
        }
        (DmClosed, ZhHant) => {
            "{user} 的私訊無法送達（私訊已關閉，或已不在同一伺服器），佈陣面板發不出去。請在此使用 `/junqi deploy` 佈陣。"
        }
        (DmClosed, En) => {
            "{user}, I cannot send you a DM (your DMs are closed, or we no longer share a server), so your deployment panel is not there. Use `/junqi deploy` here."
        }
        (Apology, ZhHans) => "抱歉，裁判出了点问题，请稍后再试。（参考编号 {ref}）",
        (Apology, ZhHant) => "抱歉，裁判出了點問題，請稍後再試。（參考編號 {ref}）",
        (Apology, En) => "Sorry, something went wrong on our side; please try again later. (reference {ref})",
        (DatabaseDown, ZhHans) => {
            "公证人暂时连不上数据库，这一步没有执行，什么也没有改变。请过一会儿再试。（参考编号 {ref}）"
        }
        (DatabaseDown, ZhHant) => {
            "公證人暫時連不上資料庫，這一步沒有執行，什麼也沒有改變。請過一會兒再試。（參考編號 {ref}）"
        }
        (DatabaseDown, En) => {
            "The referee cannot reach its database right now: nothing was done and nothing changed. Please try again in a moment. (reference {ref})"
        }
        (NeedsManageServer, ZhHans) => "只有拥有“管理服务器”权限的成员才能更改设置。",
        (NeedsManageServer, ZhHant) => "只有擁有「管理伺服器」權限的成員才能更改設定。",
        (NeedsManageServer, En) => "Only members with the Manage Server permission can change the settings.",
        (Stale, ZhHans) => "这个按钮已失效。",
        (Stale, ZhHant) => "這個按鈕已失效。",
        (Stale, En) => "This button is no longer valid.",
        (BadMove, ZhHans) => "看不懂这步棋：请写成 c6-c7 的形式。",
        (BadMove, ZhHant) => "看不懂這步棋：請寫成 c6-c7 的形式。",
        (BadMove, En) => "I could not read that move: write it like c6-c7.",
        (CannotPost, ZhHans) => {
            "已完成，但我无法在 {channel} 发言（缺少“查看频道”“发送消息”或“在子区中发送消息”权限，或那不是文字频道）。请服务器管理员检查机器人的权限。"
        }
        (CannotPost, ZhHant) => {
            "已完成，但我無法在 {channel} 發言（缺少「檢視頻道」「發送訊息」或「在討論串中發送訊息」權限，或那不是文字頻道）。請伺服器管理員檢查機器人的權限。"
        }
        (ResignAsk, ZhHans) => "确定在对局 #{game} 中认输吗？认输后无法撤回。不想认输就关闭这条消息。",
        (ResignAsk, ZhHant) => "確定在對局 #{game} 中認輸嗎？認輸後無法撤回。不想認輸就關閉這條訊息。",
        (ResignAsk, En) => "Resign game #{game}? This cannot be undone. To play on, dismiss this message.",
        (ResignButton, ZhHans) => "认输",
        (ResignButton, ZhHant) => "認輸",
        (ResignButton, En) => "Resign",
        // The review's jump: 繁體 as the rules crate's character table makes it from 简体 (a test
        // checks it).
        (Jump, ZhHans) => "跳到…",
        (Jump, ZhHant) => "跳到…",
        (Jump, En) => "Jump…",
        (JumpTitle, ZhHans) => "跳到指定步数",
        (JumpTitle, ZhHant) => "跳到指定步數",
        (JumpTitle, En) => "Jump to ply",
        (PlyField, ZhHans) => "步数（0 为开局）",
        (PlyField, ZhHant) => "步數（0 為開局）",
        (PlyField, En) => "Ply (0: the start)",
        (BadPly, ZhHans) => "“{text}”不是步数：请写一个数字，0 为开局。",
        (BadPly, ZhHant) => "“{text}”不是步數：請寫一個數字，0 為開局。",
        (BadPly, En) => "'{text}' is not a ply: write a number, 0 for the start.",
        (CannotPost, En) => {
            "Done, but I cannot post in {channel} (I lack View Channel, Send Messages or Send Messages in Threads there, or it is not a text channel). Please ask a server admin to check my permissions."
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_text_exists_in_every_locale_and_differs_from_english_in_chinese() {
        let all = [
            Say::Accept,
            Say::Decline,
            Say::Random,
            Say::Edit,
            Say::SaveAs,
            Say::Confirm,
            Say::LoadSaved,
            Say::EditTitle,
            Say::LayoutField,
            Say::SaveTitle,
            Say::NameField,
            Say::Done,
            Say::DmClosed,
            Say::Apology,
            Say::DatabaseDown,
            Say::NeedsManageServer,
            Say::Stale,
            Say::BadMove,
            Say::CannotPost,
            Say::ResignAsk,
            Say::ResignButton,
            Say::Jump,
            Say::JumpTitle,
            Say::PlyField,
            Say::BadPly,
        ];
        for w in all {
            for l in [Locale::ZhHans, Locale::ZhHant, Locale::En] {
                assert!(!say(l, w).is_empty());
            }
            assert_ne!(say(Locale::ZhHans, w), say(Locale::En, w));
        }
        assert!(say(Locale::En, Say::Apology).contains("{ref}"));
        for l in [Locale::ZhHans, Locale::ZhHant, Locale::En] {
            assert!(say(l, Say::DatabaseDown).contains("{ref}"));
        }
        assert!(say(Locale::ZhHant, Say::DmClosed).contains("{user}"));
        for l in [Locale::ZhHans, Locale::ZhHant, Locale::En] {
            assert!(say(l, Say::CannotPost).contains("{channel}"));
            assert!(say(l, Say::ResignAsk).contains("#{game}"));
            assert!(say(l, Say::BadPly).contains("{text}"));
        }
        for w in [Say::Jump, Say::JumpTitle, Say::PlyField, Say::BadPly] {
            let hant = crate::rules::contract::lang::to_traditional(say(Locale::ZhHans, w));
            assert_eq!(say(Locale::ZhHant, w), hant);
        }
    }
}
