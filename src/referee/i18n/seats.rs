//! Messages and mistakes of games on the 4-player board (四国军棋 and junqi4-duel).

#[cfg(doc)]
use super::Msg;
use super::msg_render::{duration, mode_text, reason_text};
use super::{Locale, SeatName};
use crate::rules::EndReason;

/// Seats joined for a message: `South alice and North carol` / `南家 alice、北家 carol`.
fn seat_list(items: &[(SeatName, String)], l: Locale) -> String {
    let parts: Vec<String> = items.iter().map(|(s, u)| format!("{} {u}", s.text(l))).collect();
    if l.zh() { parts.join("、") } else { parts.join(" and ") }
}

fn seat_names(items: &[SeatName], l: Locale) -> String {
    items.iter().map(|s| s.text(l)).collect::<Vec<_>>().join(if l.zh() { "、" } else { ", " })
}

fn cross_mode_text(mode: &str, l: Locale) -> &'static str {
    match (mode, l.zh()) {
        ("partners", false) => "partners (each sees their own and their partner's pieces)",
        ("partners", true) => "双明（可见己方与盟友棋子）",
        ("dark", false) => "dark (each sees only their own pieces)",
        ("dark", true) => "四暗（只见己方棋子）",
        _ => mode_text(mode, l),
    }
}

/// Messages of games on the 4-player board, built from public facts only.
#[derive(Clone, Debug, PartialEq)]
pub enum SeatMsg {
    /// A new game on the cross board, waiting for players.
    Opened {
        /// Game id.
        game: i64,
        /// Who opened it.
        challenger: String,
        /// The seat they took.
        seat: SeatName,
        /// The one user who may join a duel, if named.
        invited: Option<String>,
        /// Variant name.
        variant: String,
        /// Mode name.
        mode: String,
        /// Non-default rule options.
        rules: String,
        /// Seconds per move.
        per_move: Option<i64>,
        /// The seats still free.
        free: Vec<SeatName>,
        /// The finished game this one is a rematch of.
        rematch_of: Option<i64>,
    },
    /// A player took a seat.
    Joined {
        /// Game id.
        game: i64,
        /// Who.
        user: String,
        /// Which seat.
        seat: SeatName,
        /// The seats still free.
        free: Vec<SeatName>,
    },
    /// A player left their seat before the game was full.
    Left {
        /// Game id.
        game: i64,
        /// Who.
        user: String,
        /// The seat they left.
        seat: SeatName,
        /// The seats now free.
        free: Vec<SeatName>,
    },
    /// Every seat is taken: the teams, partners together.
    Full {
        /// Game id.
        game: i64,
        /// Per team, its seats and players.
        teams: Vec<Vec<(SeatName, String)>>,
    },
    /// Private: a deployment was taken.
    DeployTaken {
        /// Game id.
        game: i64,
        /// The deployment in rows.
        rows: String,
    },
    /// A seat is out; its army leaves the board.
    Out {
        /// Game id.
        game: i64,
        /// The seat.
        seat: SeatName,
        /// Its player.
        user: String,
        /// Why.
        reason: EndReason,
    },
    /// A team won.
    TeamWins {
        /// Game id.
        game: i64,
        /// The winning team's seats and players.
        winners: Vec<(SeatName, String)>,
        /// Why the game ended.
        reason: EndReason,
    },
    /// The deployments of a finished game.
    Setups {
        /// Game id.
        game: i64,
        /// Each seat's deployment in rows.
        list: Vec<(SeatName, String)>,
    },
    /// A player agreed to the draw on the table; others must still agree.
    DrawAgreed {
        /// Game id.
        game: i64,
        /// Who agreed.
        seat: SeatName,
        /// Their player.
        user: String,
        /// The seats still to agree.
        waiting: Vec<SeatName>,
    },
}

impl SeatMsg {
    /// The message in a locale (简体 for both Chinese locales; [`Msg::render`] converts).
    pub fn text(&self, l: Locale) -> String {
        let zh = l.zh();
        match self {
            SeatMsg::Opened { game, challenger, seat, invited, variant, mode, rules, per_move, free, rematch_of } => {
                let rules_t = match (rules.is_empty(), zh) {
                    (true, true) => "标准".to_string(),
                    (true, false) => "standard".to_string(),
                    (false, _) => rules.clone(),
                };
                let time = match per_move {
                    Some(s) if zh => format!("每步{}", duration(*s, l)),
                    Some(s) => format!("{} per move", duration(*s, l)),
                    None if zh => "不限时".into(),
                    None => "no time limit".into(),
                };
                let (m, s, f) = (cross_mode_text(mode, l), seat.text(l), seat_names(free, l));
                let who = match (invited, zh) {
                    (Some(u), false) => format!("{u}: "),
                    (Some(u), true) => format!("{u}："),
                    (None, false) => "Anyone: ".into(),
                    (None, true) => "任何人：".into(),
                };
                let re = match (rematch_of, zh) {
                    (Some(g), false) => format!(" (rematch of #{g})"),
                    (Some(g), true) => format!("（#{g} 的再战）"),
                    (None, _) => String::new(),
                };
                if zh {
                    format!(
                        "{challenger} 发起对局 #{game}{re}：{variant}，{m}，规则{rules_t}，{time}。{challenger} 坐{s}；空位：{f}。{who}join {game} 入座（join {game} seat=座位 可选座）。"
                    )
                } else {
                    format!(
                        "{challenger} opens game #{game}{re}: {variant}, {m}, rules {rules_t}, {time}. {challenger} sits {s}; free seats: {f}. {who}join {game} to take a seat (join {game} seat=SEAT to choose one)."
                    )
                }
            }
            SeatMsg::Joined { game, user, seat, free } => {
                let (s, f) = (seat.text(l), seat_names(free, l));
                match (free.is_empty(), zh) {
                    (true, false) => format!("Game #{game}: {user} sits {s}."),
                    (true, true) => format!("对局 #{game}：{user} 坐{s}。"),
                    (false, false) => format!("Game #{game}: {user} sits {s}; free seats: {f}."),
                    (false, true) => format!("对局 #{game}：{user} 坐{s}；空位：{f}。"),
                }
            }
            SeatMsg::Left { game, user, seat, free } => {
                let (s, f) = (seat.text(l), seat_names(free, l));
                if zh {
                    format!("对局 #{game}：{user} 离开{s}；空位：{f}。")
                } else {
                    format!("Game #{game}: {user} leaves {s}; free seats: {f}.")
                }
            }
            SeatMsg::Full { game, teams } => {
                let sides: Vec<String> = teams.iter().map(|t| seat_list(t, l)).collect();
                let partners = teams.iter().any(|t| t.len() > 1);
                match (partners, zh) {
                    (true, false) => format!(
                        "Game #{game} is full: {} (partners) against {} (partners). Everyone now deploys in private.",
                        sides[0],
                        sides[1..].join(" against ")
                    ),
                    (true, true) => format!(
                        "对局 #{game} 人齐：{}（盟友）对 {}（盟友）。各家请私下布阵。",
                        sides[0],
                        sides[1..].join(" 对 ")
                    ),
                    (false, false) => {
                        format!("Game #{game} is on: {}. Both players now deploy in private.", sides.join(" against "))
                    }
                    (false, true) => format!("对局 #{game} 成立：{}。双方请私下布阵。", sides.join(" 对 ")),
                }
            }
            SeatMsg::DeployTaken { game, rows } => {
                if zh {
                    format!("对局 #{game}：已收到你的布阵 {rows}。各家布好之前可以更换。")
                } else {
                    format!("Game #{game}: your deployment is in: {rows}. You may replace it until all are in.")
                }
            }
            SeatMsg::Out { game, seat, user, reason } => {
                let r = reason_text(*reason, l);
                if zh {
                    format!("对局 #{game}：{}（{user}）出局——{r}。其棋子全部撤下。", seat.text(l))
                } else {
                    format!("Game #{game}: {} ({user}) is out — {r}. Their pieces leave the board.", seat.text(l))
                }
            }
            SeatMsg::TeamWins { game, winners, reason } => {
                let (w, r) = (seat_list(winners, l), reason_text(*reason, l));
                match (winners.len() > 1, zh) {
                    (true, false) => format!("Game #{game} is over: {w} win — {r}."),
                    (false, false) => format!("Game #{game} is over: {w} wins — {r}."),
                    (_, true) => format!("对局 #{game} 结束：{w} 胜——{r}。"),
                }
            }
            SeatMsg::Setups { game, list } => {
                let items: Vec<String> = list
                    .iter()
                    .map(
                        |(s, rows)| {
                            if zh { format!("{}：{rows}", s.text(l)) } else { format!("{}: {rows}", s.text(l)) }
                        },
                    )
                    .collect();
                if zh {
                    format!("对局 #{game} 的布阵 —— {}", items.join("；"))
                } else {
                    format!("Deployments of game #{game} — {}", items.join("; "))
                }
            }
            SeatMsg::DrawAgreed { game, seat, user, waiting } => {
                let w = seat_names(waiting, l);
                if zh {
                    format!("对局 #{game}：{}（{user}）同意和棋；还需 {w} 同意（draw {game} accept）。", seat.text(l))
                } else {
                    format!(
                        "Game #{game}: {} ({user}) agrees to a draw; waiting for {w} (draw {game} accept).",
                        seat.text(l)
                    )
                }
            }
        }
    }
}

/// Mistakes about seats. Nothing changes.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SeatMistake {
    /// A seat name that names no seat of the variant.
    #[error("'{name}' is not a seat of {variant}; seats: {known}")]
    UnknownSeat {
        /// What was typed.
        name: String,
        /// The variant.
        variant: &'static str,
        /// The seats, as they may be typed.
        known: String,
    },
    /// The seat is taken.
    #[error("seat {} of game #{game} is taken by {user}", .seat.text(Locale::En))]
    SeatTaken {
        /// Game id.
        game: i64,
        /// The seat.
        seat: SeatName,
        /// Who holds it.
        user: String,
    },
    /// Every seat is taken.
    #[error("game #{0} is full: every seat is taken")]
    Full(i64),
    /// The user already holds a seat.
    #[error("you already sit {} in game #{game}", .seat.text(Locale::En))]
    AlreadySeated {
        /// Game id.
        game: i64,
        /// Their seat.
        seat: SeatName,
    },
    /// The user's seat is out of the game.
    #[error("you ({}) are out of game #{game}: your army has left the board", .seat.text(Locale::En))]
    SeatOut {
        /// Game id.
        game: i64,
        /// Their seat.
        seat: SeatName,
    },
    /// A move onto a partner's piece.
    #[error("{point} is held by your partner ({}); partners are never attacked", .seat.text(Locale::En))]
    OntoPartner {
        /// The destination.
        point: String,
        /// The partner's seat.
        seat: SeatName,
    },
    /// A seat was chosen in a game without seats to choose.
    #[error("game #{0} is a 2-player junqi game: seats are chosen only on the 4-player board; use accept {0}")]
    NoSeatChoice(i64),
    /// A visibility mode the variant does not offer (`rules-junqi4.md` §8).
    #[error("unknown mode '{mode}' for {variant}; use {allowed}")]
    ModeNotOffered {
        /// What was asked for.
        mode: String,
        /// The variant.
        variant: &'static str,
        /// The modes it offers.
        allowed: &'static str,
    },
    /// A tournament of a variant with more than two seats.
    #[error("tournaments pair two players a board, and {0} seats four; use junqi or junqi4-duel")]
    FourSeatTournament(String),
    /// A rule option the variant does not offer (`rules-junqi4.md` §9).
    #[error("rule option {key} is not offered in {variant}")]
    OptionNotOffered {
        /// The option.
        key: &'static str,
        /// The variant.
        variant: &'static str,
    },
}

impl SeatMistake {
    /// The mistake in 简体中文.
    pub fn zh(&self) -> String {
        let l = Locale::ZhHans;
        match self {
            SeatMistake::UnknownSeat { name, variant, known } => {
                format!("“{name}”不是 {variant} 的座位；座位有：{known}。")
            }
            SeatMistake::SeatTaken { game, seat, user } => format!("对局 #{game} 的{}已由 {user} 入座。", seat.text(l)),
            SeatMistake::Full(g) => format!("对局 #{g} 人已满，没有空位。"),
            SeatMistake::AlreadySeated { game, seat } => format!("你已坐在对局 #{game} 的{}。", seat.text(l)),
            SeatMistake::SeatOut { game, seat } => {
                format!("你（{}）已在对局 #{game} 中出局，棋子已撤下。", seat.text(l))
            }
            SeatMistake::OntoPartner { point, seat } => {
                format!("{point} 上是盟友（{}）的棋子；不能攻击盟友。", seat.text(l))
            }
            SeatMistake::NoSeatChoice(g) => {
                format!("对局 #{g} 是双人军棋，只有四国棋盘上的对局才能选座；请用 accept {g}。")
            }
            SeatMistake::ModeNotOffered { mode, variant, allowed } => {
                format!("{variant} 没有模式“{mode}”；请用 {allowed}。")
            }
            SeatMistake::FourSeatTournament(v) => {
                format!("比赛每盘两人对局，{v} 是四人棋；请用 junqi 或 junqi4-duel。")
            }
            SeatMistake::OptionNotOffered { key, variant } => format!("{variant} 不提供规则选项 {key}。"),
        }
    }
}
