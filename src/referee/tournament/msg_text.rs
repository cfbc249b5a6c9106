//! The texts of tournament and rating messages, in English and Chinese (简体; the catalogue makes 繁體).

use std::fmt::Write as _;

use super::TournamentMsg;
use crate::referee::Locale;
use crate::tournament::rating::{MIN_RATED_PLIES, MIN_RESIGN_PLIES};
use crate::tournament::{BoardResult, Format, MIN_PLAYERS, Rating};

fn format_text(f: Format, zh: bool) -> String {
    match (f, zh) {
        (Format::RoundRobin, false) => "round robin".into(),
        (Format::RoundRobin, true) => "单循环".into(),
        (Format::DoubleRoundRobin, false) => "double round robin".into(),
        (Format::DoubleRoundRobin, true) => "双循环".into(),
        (Format::Swiss { rounds }, false) => format!("Swiss, {rounds} rounds"),
        (Format::Swiss { rounds }, true) => format!("瑞士制 {rounds} 轮"),
        (Format::Elimination, false) => "single elimination".into(),
        (Format::Elimination, true) => "单败淘汰".into(),
    }
}

fn result_text(r: BoardResult, zh: bool) -> &'static str {
    match (r, zh) {
        (BoardResult::RedWins, false) => "1-0",
        (BoardResult::BlueWins, false) => "0-1",
        (BoardResult::Draw, false) => "½-½",
        (BoardResult::RedForfeits, false) => "0-1 (forfeit)",
        (BoardResult::BlueForfeits, false) => "1-0 (forfeit)",
        (BoardResult::BothForfeit, false) => "0-0 (both forfeit)",
        (BoardResult::RedWins, true) => "红胜",
        (BoardResult::BlueWins, true) => "蓝胜",
        (BoardResult::Draw, true) => "和棋",
        (BoardResult::RedForfeits, true) => "红方弃权，蓝胜",
        (BoardResult::BlueForfeits, true) => "蓝方弃权，红胜",
        (BoardResult::BothForfeit, true) => "双方弃权",
    }
}

fn rating_text(r: &Rating, zh: bool) -> String {
    let rd = r.deviation.round() as i64;
    match (r.provisional(), zh) {
        (false, false) => format!("{} (RD {rd})", r.display()),
        (true, false) => format!("{} (RD {rd}, provisional)", r.display()),
        (false, true) => format!("{}（偏差 {rd}）", r.display()),
        (true, true) => format!("{}（偏差 {rd}，暂定）", r.display()),
    }
}

/// "pt" for exactly one point, "pts" otherwise ("1 pt", "0.5 pts", "2 pts", "0 pts"), as the
/// points are written by `halves_text`.
fn points_word(points: &str) -> &'static str {
    if points == "1" { "pt" } else { "pts" }
}

fn mode_name(mode: &str, zh: bool) -> &str {
    match (mode, zh) {
        ("dark", true) => "暗棋",
        ("reveal", true) => "密布明战",
        ("open", true) => "明棋",
        (m, _) => m,
    }
}

impl TournamentMsg {
    /// The text in a locale (简体 for both Chinese locales; the catalogue converts to 繁體).
    pub fn text(&self, l: Locale) -> String {
        let zh = l != Locale::En;
        use TournamentMsg as T;
        match self {
            T::Created { id, name, format, game, starts_at } => {
                let f = format_text(*format, zh);
                let start = match (starts_at, zh) {
                    (Some(t), false) => format!(" It starts by itself at <t:{t}>."),
                    (Some(t), true) => format!("将于 <t:{t}> 自动开始。"),
                    (None, false) => " The organiser starts it.".into(),
                    (None, true) => "由组织者开始。".into(),
                };
                if zh {
                    format!("比赛 #{id}「{name}」开始报名：{f}，{game}。报名：tournament join {id}。{start}")
                } else {
                    format!(
                        "Tournament #{id} \"{name}\" is open: {f}, {game}. Enter with: tournament join {id}.{start}"
                    )
                }
            }
            T::Joined { id, user, count } => {
                if zh {
                    format!("{user} 报名了比赛 #{id}（共 {count} 人）。")
                } else {
                    format!("{user} joined tournament #{id} (entrants: {count}).")
                }
            }
            T::Left { id, user, count } => {
                if zh {
                    format!("{user} 退出了比赛 #{id} 的报名（共 {count} 人）。")
                } else {
                    format!("{user} left tournament #{id} (entrants: {count}).")
                }
            }
            T::Round { id, name, round, of, boards, due, variant } => {
                // The kind's first two seats (Red and Blue, Black and White) and whether its
                // games begin with private deployments.
                let def = crate::rules::contract::catalog::find(variant);
                let seat = |i: u8| {
                    def.and_then(|d| d.kind.seating.get(crate::rules::Seat(i)))
                        .map_or(("?", "?"), |d| (d.name.en, d.name.zh_hans))
                };
                let ((red_en, red_zh), (blue_en, blue_zh)) = (seat(0), seat(1));
                let deploys = def.is_none_or(|d| d.kind.setup == crate::rules::contract::SetupStyle::Deploy);
                let mut s = if zh {
                    format!("比赛 #{id}「{name}」第 {round}/{of} 轮：")
                } else {
                    format!("Tournament #{id} \"{name}\", round {round} of {of}:")
                };
                for b in boards {
                    s.push('\n');
                    match (&b.blue, b.game, b.result) {
                        (None, _, _) if zh => write!(s, "{}号台：{} 轮空", b.board, b.red),
                        (None, _, _) => write!(s, "board {}: {} has a bye", b.board, b.red),
                        (Some(blue), _, Some(r)) if zh => {
                            write!(s, "{}号台：{} 对 {}，{}", b.board, b.red, blue, result_text(r, true))
                        }
                        (Some(blue), _, Some(r)) => {
                            write!(s, "board {}: {} vs {}, {}", b.board, b.red, blue, result_text(r, false))
                        }
                        (Some(blue), Some(g), None) if zh => {
                            let ask = if deploys { "，请布阵" } else { "" };
                            write!(s, "{}号台：对局 #{g}，{red_zh} {} 对 {blue_zh} {}{ask}", b.board, b.red, blue)
                        }
                        (Some(blue), g, None) => write!(
                            s,
                            "board {}: game #{}, {} ({red_en}) vs {} ({blue_en}){}",
                            b.board,
                            g.unwrap_or(0),
                            b.red,
                            blue,
                            if deploys { ", please deploy" } else { "" }
                        ),
                    }
                    .expect("writing to a String");
                }
                match (due, zh) {
                    (Some(t), false) => write!(s, "\nThe round ends at <t:{t}>."),
                    (Some(t), true) => write!(s, "\n本轮于 <t:{t}> 结束。"),
                    (None, _) => Ok(()),
                }
                .expect("writing to a String");
                s
            }
            T::BoardResult { id, round, board, red, blue, result } => {
                let r = result_text(*result, zh);
                if zh {
                    format!("比赛 #{id} 第 {round} 轮 {board}号台：{red} 对 {blue}，{r}。")
                } else {
                    format!("Tournament #{id}, round {round}, board {board}: {red} vs {blue}, {r}.")
                }
            }
            T::Standings { id, name, format, round, playing, lines, last, early } => {
                let tb = match (format, zh) {
                    (Format::RoundRobin | Format::DoubleRoundRobin, false) => "SB",
                    (Format::RoundRobin | Format::DoubleRoundRobin, true) => "索伯分",
                    (Format::Swiss { .. }, false) => "Buchholz",
                    (Format::Swiss { .. }, true) => "布赫霍尔茨分",
                    (Format::Elimination, _) => "",
                };
                let mut s = match (last, zh) {
                    (true, false) => format!("Tournament #{id} \"{name}\" is over. Final standings:"),
                    (true, true) => format!("比赛 #{id}「{name}」结束。最终排名："),
                    (false, false) if *playing => {
                        format!("Tournament #{id} \"{name}\", standings during round {round}:")
                    }
                    (false, true) if *playing => format!("比赛 #{id}「{name}」第 {round} 轮进行中排名："),
                    (false, false) if *round == 0 => format!("Tournament #{id} \"{name}\", standings before round 1:"),
                    (false, true) if *round == 0 => format!("比赛 #{id}「{name}」第 1 轮前排名："),
                    (false, false) => format!("Tournament #{id} \"{name}\", standings after round {round}:"),
                    (false, true) => format!("比赛 #{id}「{name}」第 {round} 轮后排名："),
                };
                if *early {
                    s.push_str(if zh {
                        "（已无不重复的配对，比赛提前结束）"
                    } else {
                        " (ended early: no pairing without a rematch was left)"
                    });
                }
                for x in lines {
                    let (w, d, lo) = x.wdl;
                    let wd = match (x.withdrawn, zh) {
                        (true, false) => " (withdrawn)",
                        (true, true) => "（已退赛）",
                        _ => "",
                    };
                    s.push('\n');
                    if *format == Format::Elimination {
                        let how = match (x.out_in, zh) {
                            (None, false) if *last => "winner".to_string(),
                            (None, true) if *last => "冠军".to_string(),
                            (None, false) => "still in".to_string(),
                            (None, true) => "未被淘汰".to_string(),
                            (Some(r), false) => format!("out in round {r}"),
                            (Some(r), true) => format!("第 {r} 轮被淘汰"),
                        };
                        let _ = match zh {
                            true => write!(s, "{}. {}{wd}：{how}，{w}胜{d}和{lo}负", x.rank, x.user),
                            false => write!(s, "{}. {}{wd}: {how}, W-D-L {w}-{d}-{lo}", x.rank, x.user),
                        };
                    } else if zh {
                        let _ = write!(
                            s,
                            "{}. {}{wd}：{} 分，{tb} {}，{w}胜{d}和{lo}负",
                            x.rank, x.user, x.points, x.tiebreak
                        );
                    } else {
                        let _ = write!(
                            s,
                            "{}. {}{wd}: {} {}, {tb} {}, W-D-L {w}-{d}-{lo}",
                            x.rank,
                            x.user,
                            x.points,
                            points_word(&x.points),
                            x.tiebreak
                        );
                    }
                }
                s
            }
            T::Withdrew { id, user } => {
                if zh {
                    format!("{user} 退出了比赛 #{id}，其未完成的对局判负，之后不再配对。")
                } else {
                    format!(
                        "{user} withdrew from tournament #{id}: their unfinished game is forfeited and they are no longer paired."
                    )
                }
            }
            T::Cancelled { id, have } => {
                if zh {
                    format!("比赛 #{id} 到了开始时间，但只有 {have} 人报名（至少 {MIN_PLAYERS} 人），比赛取消。")
                } else {
                    format!(
                        "Tournament #{id} reached its start time with only {have} entrants (at least {MIN_PLAYERS} needed); it is cancelled."
                    )
                }
            }
            T::RoundTimeUp { id, round } => {
                if zh {
                    format!("比赛 #{id} 第 {round} 轮时间到：未走棋的对局判和，未布阵者判负。")
                } else {
                    format!(
                        "Tournament #{id}: round {round}'s time is up. Unfinished games are drawn; a player who never deployed forfeits."
                    )
                }
            }
            T::Rated { game, changes } => {
                let parts: Vec<String> = changes
                    .iter()
                    .map(|(u, old, new)| {
                        let d = (new.rating - old.rating).round() as i64;
                        format!("{u} {} → {} ({d:+})", old.display(), rating_text(new, zh))
                    })
                    .collect();
                if zh {
                    format!("对局 #{game} 计入等级分：{}。", parts.join("；"))
                } else {
                    format!("Game #{game} is rated: {}.", parts.join("; "))
                }
            }
            T::NotRated { game, plies } => {
                if zh {
                    format!("对局 #{game} 只走了 {plies} 步（不足 {MIN_RATED_PLIES} 步），不计等级分。")
                } else {
                    let moves = if *plies == 1 { "move" } else { "moves" };
                    format!(
                        "Game #{game} ended after {plies} {moves} (fewer than {MIN_RATED_PLIES}), so it is not rated."
                    )
                }
            }
            T::RatingOf { user, variant, rating } => match (rating, zh) {
                (None, false) => format!("{user} has no rated {variant} game on this server yet (start: 1500?)."),
                (None, true) => format!("{user} 在本服务器还没有 {variant} 的计分对局（初始 1500?）。"),
                (Some((r, g)), false) => {
                    format!("{user}'s {variant} rating: {}, {g} rated games.", rating_text(r, false))
                }
                (Some((r, g)), true) => {
                    format!("{user} 的 {variant} 等级分：{}，计分对局 {g} 局。", rating_text(r, true))
                }
            },
            T::Leaderboard { variant, rows } => {
                let mut s =
                    if zh { format!("{variant} 等级分排行榜：") } else { format!("{variant} leaderboard:") };
                if rows.is_empty() {
                    s.push_str(if zh { "还没有计分对局。" } else { " no rated games yet." });
                }
                for (i, (u, r, g)) in rows.iter().enumerate() {
                    let _ = if zh {
                        write!(s, "\n{}. {u} {}，{g} 局", i + 1, rating_text(r, true))
                    } else {
                        write!(s, "\n{}. {u} {}, {g} games", i + 1, rating_text(r, false))
                    };
                }
                s
            }
            T::Stats { user, by_mode } => {
                let (g, w, d, lo) =
                    by_mode.iter().fold((0, 0, 0, 0), |a, x| (a.0 + x.1, a.1 + x.2, a.2 + x.3, a.3 + x.4));
                let mut s = if zh {
                    format!("{user} 的战绩：{g} 局，{w} 胜 {d} 和 {lo} 负。")
                } else {
                    format!("{user}'s games: {g} played, {w} won, {d} drawn, {lo} lost.")
                };
                for (m, g, w, d, lo) in by_mode {
                    let _ = if zh {
                        write!(s, "\n{}：{g} 局，{w} 胜 {d} 和 {lo} 负", mode_name(m, true))
                    } else {
                        write!(s, "\n{m}: {g} played, {w}-{d}-{lo}")
                    };
                }
                s
            }
            T::EarlyResignRule(on) => match (on, zh) {
                (true, false) => format!("From now on nobody may resign in the first {MIN_RESIGN_PLIES} moves."),
                (true, true) => format!("本服务器从现在起前 {MIN_RESIGN_PLIES} 步不得认输。"),
                (false, false) => "Resigning is allowed at any move again.".into(),
                (false, true) => "本服务器恢复为任何时候都可以认输。".into(),
            },
        }
    }
}
