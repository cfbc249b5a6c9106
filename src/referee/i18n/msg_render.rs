//! The texts of every `Msg` in English and 简体中文, and the small texts they share (durations, modes, end reasons).

use std::fmt::Write as _;

use super::{Locale, Msg, SeatName, piece, to_traditional};
use crate::rules::{EndReason, Outcome};

pub(super) fn duration(secs: i64, l: Locale) -> String {
    let (n, en, zh) = if secs >= 86_400 && secs % 86_400 == 0 {
        (secs / 86_400, "d", "天")
    } else if secs >= 3600 && secs % 3600 == 0 {
        (secs / 3600, "h", "小时")
    } else if secs >= 60 {
        (secs / 60, "min", "分钟")
    } else {
        (secs, "s", "秒")
    };
    if l.zh() { format!("{n}{zh}") } else { format!("{n} {en}") }
}

pub(super) fn mode_text(mode: &str, l: Locale) -> &'static str {
    match (mode, l.zh()) {
        ("dark", false) => "dark (hidden pieces, referee)",
        ("dark", true) => "暗棋（公证人）",
        ("reveal", false) => "reveal (combats named)",
        ("reveal", true) => "密布明战",
        (_, false) => "open",
        (_, true) => "明棋",
    }
}

pub(super) fn reason_text(r: EndReason, l: Locale) -> &'static str {
    match (r, l.zh()) {
        (EndReason::FlagCaptured, false) => "flag captured",
        (EndReason::FlagCaptured, true) => "夺得军旗",
        (EndReason::NoLegalMove, false) => "no legal move",
        (EndReason::NoLegalMove, true) => "无子可走",
        (EndReason::BothStuck, false) => "neither side can move",
        (EndReason::BothStuck, true) => "双方均无子可走",
        (EndReason::QuietLimit, false) => "no combat limit reached",
        (EndReason::QuietLimit, true) => "长时间无交战",
        (EndReason::Resign, false) => "resignation",
        (EndReason::Resign, true) => "认输",
        (EndReason::Timeout, false) => "time ran out",
        (EndReason::Timeout, true) => "超时",
        (EndReason::Agreed, false) => "agreed",
        (EndReason::Agreed, true) => "双方议和",
        (EndReason::NoMovablePieces, false) => "no movable pieces left",
        (EndReason::NoMovablePieces, true) => "可动之子已尽",
    }
}

/// A game status word (`playing`, …) in a locale.
pub(super) fn status_text(status: &str, l: Locale) -> &str {
    if !l.zh() {
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
        let zh = l.zh();
        match self {
            Msg::Challenge { game, challenger, invited, variant, mode, rules, per_move, rematch_of } => {
                let rules_t = if rules.is_empty() {
                    if zh { "标准".to_string() } else { "standard".to_string() }
                } else {
                    rules.clone()
                };
                let time = match per_move {
                    Some(s) if zh => format!("每步{}", duration(*s, l)),
                    Some(s) => format!("{} per move", duration(*s, l)),
                    None if zh => "不限时".into(),
                    None => "no time limit".into(),
                };
                let re = match (rematch_of, zh) {
                    (Some(g), false) => format!(" (rematch of #{g}, colours swapped)"),
                    (Some(g), true) => format!("（#{g} 的再战，交换颜色）"),
                    (None, _) => String::new(),
                };
                let m = mode_text(mode, l);
                match (invited, zh) {
                    (Some(who), false) => format!(
                        "{challenger} challenges {who} to game #{game}{re}: {variant}, {m}, rules {rules_t}, {time}. {who}: accept {game} or decline {game}."
                    ),
                    (None, false) => format!(
                        "{challenger} opens game #{game}{re} to anyone: {variant}, {m}, rules {rules_t}, {time}. Take it with: accept {game}."
                    ),
                    (Some(who), true) => format!(
                        "{challenger} 向 {who} 发起对局 #{game}{re}：{variant}，{m}，规则{rules_t}，{time}。{who}：accept {game} 接受，decline {game} 拒绝。"
                    ),
                    (None, true) => format!(
                        "{challenger} 发起公开对局 #{game}{re}：{variant}，{m}，规则{rules_t}，{time}。任何人可用 accept {game} 应战。"
                    ),
                }
            }
            Msg::Accepted { game, red, blue } => {
                if zh {
                    format!("对局 #{game} 成立：红方 {red}，蓝方 {blue}。双方请私下布阵。")
                } else {
                    format!("Game #{game} is on: Red {red}, Blue {blue}. Both players now deploy in private.")
                }
            }
            Msg::Declined { game, by } => {
                if zh {
                    format!("{by} 拒绝了对局 #{game}。")
                } else {
                    format!("{by} declined game #{game}.")
                }
            }
            Msg::Expired { game } => {
                if zh {
                    format!("对局 #{game} 无人应战，已过期。")
                } else {
                    format!("Challenge #{game} expired unanswered.")
                }
            }
            Msg::DeployPrompt { game, seat, last } => {
                let s = seat.text(l);
                let mut t = if zh {
                    format!(
                        "对局 #{game}：你执{s}。请发送布阵：deploy {game} 加 25 个棋子代码（从前排到后排，每排从你的左边起），或 deploy {game} random，或 deploy {game} load 名称。"
                    )
                } else {
                    format!(
                        "Game #{game}: you play {s}. Send your deployment: deploy {game} followed by 25 piece codes (front row first, each row from your left), or deploy {game} random, or deploy {game} load NAME."
                    )
                };
                if let Some(last) = last {
                    if zh {
                        let _ = write!(t, " 你上次的布阵：{last}（deploy {game} last 再用一次）");
                    } else {
                        let _ = write!(t, " Your last layout: {last} (deploy {game} last to use it again).");
                    }
                }
                t
            }
            Msg::DeployTaken { game, rows } => {
                if zh {
                    format!("对局 #{game}：已收到你的布阵 {rows}。双方布好之前可以更换。")
                } else {
                    format!("Game #{game}: your deployment is in: {rows}. You may replace it until both are in.")
                }
            }
            Msg::Deployed { game, seat } => {
                if zh {
                    format!("对局 #{game}：{}已布阵。", seat.text(l))
                } else {
                    format!("Game #{game}: {} has deployed.", seat.text(l))
                }
            }
            Msg::Started { game, first, user } => {
                if zh {
                    format!("对局 #{game} 开始！{}（{user}）先走。", first.text(l))
                } else {
                    format!("Game #{game} begins! {} ({user}) moves first.", first.text(l))
                }
            }
            Msg::Ply { game, ply, seat, user, mv, outcome, names, revealed, auto } => {
                let s = seat.text(l);
                let mut t = String::new();
                if *auto {
                    if zh {
                        let _ = write!(t, "{s}（{user}）超时，由公证人代走。");
                    } else {
                        let _ = write!(t, "{s} ({user}) ran out of time; the referee moves for them. ");
                    }
                }
                let vs = names.map(|(a, d)| {
                    if zh {
                        format!("（{}对{}）", piece(a, l), piece(d, l))
                    } else {
                        format!(" ({} against {})", piece(a, l), piece(d, l))
                    }
                });
                let vs = vs.unwrap_or_default();
                let oc = match (outcome, zh) {
                    (Outcome::Moved, _) => None,
                    (Outcome::AttackerWon, false) => Some("the attacker wins"),
                    (Outcome::AttackerWon, true) => Some("进攻方胜"),
                    (Outcome::DefenderWon, false) => Some("the defender holds"),
                    (Outcome::DefenderWon, true) => Some("防守方胜"),
                    (Outcome::BothRemoved, false) => Some("both pieces are removed"),
                    (Outcome::BothRemoved, true) => Some("同归于尽"),
                    (Outcome::FlagCaptured, false) => Some("the flag is captured"),
                    (Outcome::FlagCaptured, true) => Some("夺得军旗"),
                };
                match (oc, zh) {
                    (None, false) => {
                        let _ = write!(t, "#{game} ply {ply}: {s} ({user}) {mv}.");
                    }
                    (None, true) => {
                        let _ = write!(t, "#{game} 第{ply}手：{s}（{user}）{mv}。");
                    }
                    (Some(o), false) => {
                        let _ = write!(t, "#{game} ply {ply}: {s} ({user}) {mv} attacks{vs}: {o}.");
                    }
                    (Some(o), true) => {
                        let _ = write!(t, "#{game} 第{ply}手：{s}（{user}）{mv} 进攻{vs}：{o}。");
                    }
                }
                for (rs, p, at) in revealed {
                    if zh {
                        let _ = write!(t, " 公开：{}的{}在 {at}。", rs.text(l), piece(*p, l));
                    } else {
                        let _ = write!(t, " Revealed: {}'s {} at {at}.", rs.text(l), piece(*p, l));
                    }
                }
                t
            }
            Msg::ToMove { game, seat, user } => {
                if zh {
                    format!("对局 #{game}：轮到{}（{user}）走棋。", seat.text(l))
                } else {
                    format!("Game #{game}: {} ({user}) to move.", seat.text(l))
                }
            }
            Msg::Over { game, winner, reason } => {
                let r = reason_text(*reason, l);
                match (winner, zh) {
                    (Some((s, u)), false) => format!("Game #{game} is over: {} ({u}) wins — {r}.", s.text(l)),
                    (Some((s, u)), true) => format!("对局 #{game} 结束：{}（{u}）胜——{r}。", s.text(l)),
                    (None, false) => format!("Game #{game} is over: a draw — {r}."),
                    (None, true) => format!("对局 #{game} 结束：和棋——{r}。"),
                }
            }
            Msg::Setups { game, red, blue } => {
                if zh {
                    format!("对局 #{game} 的布阵 —— 红方：{red}；蓝方：{blue}")
                } else {
                    format!("Deployments of game #{game} — Red: {red}; Blue: {blue}")
                }
            }
            Msg::DrawOffered { game, seat, user } => {
                if zh {
                    format!(
                        "对局 #{game}：{}（{user}）提议和棋（draw {game} accept / draw {game} decline）。",
                        seat.text(l)
                    )
                } else {
                    format!(
                        "Game #{game}: {} ({user}) offers a draw (draw {game} accept / draw {game} decline).",
                        seat.text(l)
                    )
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
                    format!("Game #{game}: {status}, {ply} plies played.")
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
            Msg::DeployPanel { game, seat, last } => {
                let s = seat.text(l);
                let shown = match (last, zh) {
                    (true, true) => "面板上是你上次的布阵",
                    (false, true) => "面板上是一个随机布阵",
                    (true, false) => "The panel shows your last layout",
                    (false, false) => "The panel shows a random layout",
                };
                // The cross board may seat four: "all", not "both".
                let cross = seat.0 >= SeatName::CROSS;
                if zh {
                    let all = if cross { "各家" } else { "双方" };
                    format!(
                        "对局 #{game}：你执{s}。{shown}。用下面的按钮布阵：“随机布阵”换一个，“编辑”填写 25 个棋子（前排在先，每排从你的左边起），或从菜单载入已存布阵；满意后点“确认布阵”。{all}都确认后开局，之前可以更换。"
                    )
                } else {
                    let all = if cross { "everyone has" } else { "both have" };
                    format!(
                        "Game #{game}: you play {s}. {shown}. Use the buttons below: Random for another one, Edit to type 25 pieces (front row first, each row from your left), or load a saved layout from the menu; press Confirm when you are happy. The game begins when {all} confirmed; until then you may change it."
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
            Msg::Tournament(m) => m.text(l),
            Msg::Seats(m) => m.text(l),
            Msg::Flip(m) => m.text(l),
        }
    }
}
