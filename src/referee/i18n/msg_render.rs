//! The texts of every `Msg` in English and 简体中文, and the small texts they share (durations, modes, end reasons).

use super::{Locale, Msg, piece, to_traditional};
use crate::rules::EndReason;

pub(in crate::referee) fn duration(secs: i64, l: Locale) -> String {
    let (n, en, zh) = if secs >= 86_400 && secs % 86_400 == 0 {
        (secs / 86_400, "d", "天")
    } else if secs >= 3600 && secs % 3600 == 0 {
        (secs / 3600, "h", "小时")
    } else if secs >= 60 {
        (secs / 60, "min", "分钟")
    } else {
        (secs, "s", "秒")
    };
    if l.is_zh() { format!("{n}{zh}") } else { format!("{n} {en}") }
}

pub(in crate::referee) fn reason_text(r: EndReason, l: Locale) -> &'static str {
    // The rules crate words every end reason once; 繁體 readers get the 简体 words converted where
    // the caller converts the whole message.
    let (en, zh) = r.words();
    if l.is_zh() { zh } else { en }
}

/// A game status word (`playing`, …) in a locale.
pub(super) fn status_text(status: &str, l: Locale) -> &str {
    if !l.is_zh() {
        return status;
    }
    match status {
        "challenged" => "等待应战",
        "deploying" => "布阵中",
        "playing" => "对弈中",
        "finished" => "已结束",
        "declined" => "已被拒绝",
        "expired" => "已过期",
        "aborted" => "已取消",
        other => other,
    }
}

impl Msg {
    /// The message in a locale.
    pub fn render(&self, l: Locale) -> String {
        let text = self.render_base(l);
        if l == Locale::ZhHant { to_traditional(&text) } else { text }
    }

    fn render_base(&self, l: Locale) -> String {
        let zh = l.is_zh();
        match self {
            Msg::Declined { game, by } => {
                if zh {
                    format!("{by} 拒绝了对局 #{game}。")
                } else {
                    format!("{by} declined game #{game}.")
                }
            }
            Msg::Withdrawn { game, by } => {
                if zh {
                    format!("{by} 撤回了对局 #{game} 的挑战。")
                } else {
                    format!("{by} withdrew the challenge of game #{game}.")
                }
            }
            Msg::Expired { game } => {
                if zh {
                    format!("对局 #{game} 无人应战，已过期。")
                } else {
                    format!("Challenge #{game} expired unanswered.")
                }
            }
            Msg::DrawDeclined { game, user } => {
                if zh {
                    format!("对局 #{game}：{user} 拒绝和棋。")
                } else {
                    format!("Game #{game}: {user} declines the draw.")
                }
            }
            Msg::Aborted { game, by } => {
                if zh {
                    format!("对局 #{game} 已被 {by} 取消。")
                } else {
                    format!("Game #{game} was aborted by {by}.")
                }
            }
            Msg::DeployTimeUp { game } => {
                if zh {
                    format!("对局 #{game} 已取消：布阵时间已到，没有一方完成布阵。")
                } else {
                    format!("Game #{game} is aborted: the deployment time ran out before any side had deployed.")
                }
            }
            Msg::Reminder { game, left } => {
                if zh {
                    format!("对局 #{game}：轮到你走棋，还剩{}。", duration(*left, l))
                } else {
                    format!("Game #{game}: it is your move; {} left.", duration(*left, l))
                }
            }
            Msg::LayoutSaved { name } => {
                if zh {
                    format!("布阵“{name}”已保存。")
                } else {
                    format!("Layout '{name}' saved.")
                }
            }
            Msg::LayoutDeleted { name } => {
                if zh {
                    format!("布阵“{name}”已删除。")
                } else {
                    format!("Layout '{name}' deleted.")
                }
            }
            Msg::Layouts { items } => {
                if items.is_empty() {
                    return if zh { "你还没有保存布阵。".into() } else { "You have no saved layouts.".into() };
                }
                let list: Vec<String> = items.iter().map(|(n, r)| format!("{n}: {r}")).collect();
                if zh {
                    format!("你的布阵：{}", list.join("；"))
                } else {
                    format!("Your layouts: {}", list.join("; "))
                }
            }
            Msg::Classics { items } => {
                if zh {
                    // The titles' own 繁體 (the character table lacks some of their characters).
                    let title =
                        |w: &crate::rules::contract::Words| if l == Locale::ZhHant { w.zh_hant } else { w.zh_hans };
                    let list: Vec<String> = items.iter().map(|(n, w, r)| format!("{n}（{}）：{r}", title(w))).collect();
                    format!("经典布阵（用 load 名称 布阵）：{}", list.join("；"))
                } else {
                    let list: Vec<String> = items.iter().map(|(n, w, r)| format!("{n} ({}): {r}", w.en)).collect();
                    format!("Classic layouts (deploy with load NAME): {}", list.join("; "))
                }
            }
            Msg::LocaleSet => {
                if zh {
                    "语言已设为中文。".into()
                } else {
                    "Language set to English.".into()
                }
            }
            Msg::VacationOn { left } => {
                if zh {
                    format!("假期开始：你的计时已暂停（本月还剩{}）。", duration(*left, l))
                } else {
                    format!("Vacation started: your clocks are paused ({} left this month).", duration(*left, l))
                }
            }
            Msg::VacationOff => {
                if zh {
                    "假期结束：你的计时继续。".into()
                } else {
                    "Vacation over: your clocks run again.".into()
                }
            }
            Msg::Status { game, status, ply } => {
                if zh {
                    format!("对局 #{game}：{}，已走{ply}手。", status_text(status, l))
                } else {
                    let plies = if *ply == 1 { "ply" } else { "plies" };
                    format!("Game #{game}: {status}, {ply} {plies} played.")
                }
            }
            Msg::ServerSettings { locale, vacation_days, challenge_ttl } => {
                let ttl = duration(*challenge_ttl, l);
                if zh {
                    format!("服务器设置：默认语言 {locale}，每月假期{vacation_days}天，挑战等待{ttl}。")
                } else {
                    format!(
                        "Server settings: default language {locale}, {vacation_days} vacation days per month, challenges wait {ttl}."
                    )
                }
            }
            Msg::Mistake(m) => m.render_base(l),
            Msg::Marked { game, point, piece: p } => {
                let name = piece(*p, l);
                if zh {
                    format!("对局 #{game}：已在 {point} 标记“{name}？”，只有你能在自己的棋盘上看到。")
                } else {
                    format!("Game #{game}: marked {point} as {name}? (only you see it, on your own board).")
                }
            }
            Msg::Unmarked { game, point } => {
                if zh {
                    format!("对局 #{game}：已清除 {point} 的标记。")
                } else {
                    format!("Game #{game}: the mark on {point} is cleared.")
                }
            }
            Msg::DeployPanel { game, seat, seats, hint, last } => {
                let s = if zh { seat.zh_hans } else { seat.en };
                let hint = if zh { hint.zh_hans } else { hint.en };
                let shown = match (last, zh) {
                    (true, true) => "面板上是你上次的布阵",
                    (false, true) => "面板上是一个随机布阵",
                    (true, false) => "The panel shows your last layout",
                    (false, false) => "The panel shows a random layout",
                };
                // More than two deploy: "all", not "both".
                let cross = *seats > 2;
                if zh {
                    let all = if cross { "各家" } else { "双方" };
                    format!(
                        "对局 #{game}：你执{s}。{shown}。用下面的按钮布阵：“随机布阵”换一个，“编辑”填写 {hint}，或从菜单载入已存布阵；满意后点“确认布阵”。{all}都确认后开局，之前可以更换。"
                    )
                } else {
                    let all = if cross { "everyone has" } else { "both have" };
                    format!(
                        "Game #{game}: you play {s}. {shown}. Use the buttons below: Random for another one, Edit to type {hint}, or load a saved layout from the menu; press Confirm when you are happy. The game begins when {all} confirmed; until then you may change it."
                    )
                }
            }
            Msg::ServerOptions { announcements, thread_per_game, default_time, locale } => {
                let ann = match (announcements, zh) {
                    (Some(a), _) => a.clone(),
                    (None, true) => "未设置".into(),
                    (None, false) => "none".into(),
                };
                let threads = match (thread_per_game, zh) {
                    (Some(true), true) => "是",
                    (Some(false), true) => "否",
                    (None, true) => "默认",
                    (Some(true), false) => "yes",
                    (Some(false), false) => "no",
                    (None, false) => "default",
                };
                let time = match (default_time.as_deref(), zh) {
                    (Some(t), _) if t != "none" => t.to_string(),
                    (_, true) => "不限时".into(),
                    (_, false) => "none".into(),
                };
                if zh {
                    format!(
                        "服务器设置：公告频道 {ann}，默认每步时限 {time}，每局开子区：{threads}，默认语言 {locale}。"
                    )
                } else {
                    format!(
                        "Server settings: announcements channel {ann}, default time per move {time}, one thread per game: {threads}, default language {locale}."
                    )
                }
            }
            Msg::VacationFor { days, lasts } => {
                let d = duration(*lasts, l);
                if zh {
                    format!("假期开始：你申请了{days}天，你的计时已暂停，最长{d}（受本月剩余假期限制）。")
                } else {
                    format!(
                        "Vacation started: you asked for {days} days; your clocks are paused for at most {d} (within this month's allowance)."
                    )
                }
            }
            Msg::Review { game, ply, total } => {
                if zh {
                    format!("复盘对局 #{game}：第 {ply} 步，共 {total} 步。")
                } else {
                    format!("Review of game #{game}: ply {ply} of {total}.")
                }
            }
            Msg::ReviewSteps { game, ply, total } => {
                if zh {
                    format!("对局 #{game}，第 {ply} 步，共 {total} 步（show {game} --ply N 逐步查看）：")
                } else {
                    format!("Game #{game}, ply {ply} of {total} (show {game} --ply N steps through it):")
                }
            }
            Msg::NothingToReview { game } => {
                if zh {
                    format!("对局 #{game} 还没有可复盘的着法。")
                } else {
                    format!("Game #{game} has no plies to review yet.")
                }
            }
            Msg::Tournament(m) => m.text(l),
        }
    }
}
