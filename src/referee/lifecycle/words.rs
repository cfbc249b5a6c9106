//! What the contract lifecycle says, in every language: its announcements ([`Said`]) and the
//! mistakes only it makes ([`GameMistake`]). The game's own words (a ply, its pieces) come from the
//! catalogue's describer; these texts only frame them with the game, the seat and the player.

use std::fmt::Write as _;

use crate::rules::contract::{Explained, GameKind, Lang, Over, PublicPly, Standing};
use crate::rules::{EndReason, Seat};

use super::super::i18n::{Locale, to_traditional};

/// A mistake of a player in a game refereed through the contract. Nothing changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameMistake {
    /// The mode or options are refused: the game's explanation.
    #[error("{0}")]
    Settings(String),
    /// A seat name the game does not have.
    #[error("'{name}' is no seat of {kind}; its seats are {known}")]
    UnknownSeat {
        /// What was typed.
        name: String,
        /// The game kind.
        kind: &'static str,
        /// Its seats' keys.
        known: String,
    },
    /// A count of players the kind is not played by.
    #[error("{kind} is not played by '{asked}' players; it takes {offered}")]
    Players {
        /// What was typed.
        asked: String,
        /// The game kind.
        kind: &'static str,
        /// The counts it is played by.
        offered: String,
    },
    /// The player already sits in the game.
    #[error("you already sit in game #{0}")]
    AlreadySeated(i64),
    /// The seat asked for is taken.
    #[error("that seat of game #{0} is taken; leave the seat out to take the next free one")]
    SeatTaken(i64),
    /// Every seat is taken.
    #[error("every seat of game #{0} is taken")]
    Full(i64),
    /// The deployment cannot be read, or is for no seat of the game: the game's explanation.
    #[error("{0}")]
    Setup(Explained),
    /// The deployment breaks placement rules: every broken rule, in the game's words.
    #[error("the deployment breaks the rules: {}", .0.iter().map(|e| e.en.as_str()).collect::<Vec<_>>().join("; "))]
    SetupBroken(Vec<Explained>),
    /// The text names no action of the game: how the game's actions are written.
    #[error("'{text}' is not a move; {why}")]
    Unreadable {
        /// What was typed.
        text: String,
        /// How actions are written.
        why: Explained,
    },
    /// The rules refuse the action: the game's explanation.
    #[error("illegal move: {0}")]
    Refused(Explained),
    /// The game has nothing of this kind (marks, saved layouts, deployments).
    #[error("game #{game} has no {what}")]
    NotOffered {
        /// The game.
        game: i64,
        /// What was asked for.
        what: &'static str,
    },
}

impl GameMistake {
    /// The mistake in Chinese (简体; converted for 繁體 by the caller). The games' own
    /// explanations are quoted as they give them.
    pub fn zh(&self) -> String {
        match self {
            GameMistake::Settings(why) => format!("模式或规则选项有误：{why}"),
            GameMistake::UnknownSeat { name, kind, known } => format!("{kind} 没有座位「{name}」；座位有：{known}。"),
            GameMistake::Players { asked, kind, offered } => {
                format!("{kind} 不能由「{asked}」人对弈；可选人数：{offered}。")
            }
            GameMistake::AlreadySeated(g) => format!("你已在对局 #{g} 中就座。"),
            GameMistake::SeatTaken(g) => format!("对局 #{g} 的这个座位已有人；不写座位即可坐下一个空位。"),
            GameMistake::Full(g) => format!("对局 #{g} 已满座。"),
            GameMistake::Setup(e) => format!("{}。", e.zh),
            GameMistake::Refused(e) => format!("不合法的走法：{}。", e.zh),
            GameMistake::SetupBroken(lines) => {
                format!("布阵违反规则：{}。", lines.iter().map(|e| e.zh.as_str()).collect::<Vec<_>>().join("；"))
            }
            GameMistake::Unreadable { text, why } => format!("“{text}”不是走法；{}。", why.zh),
            GameMistake::NotOffered { game, what } => format!("对局 #{game} 没有此功能（{what}）。"),
        }
    }
}

/// One announcement of the contract lifecycle.
pub(crate) enum Said<'a> {
    /// A game was opened and its challenger seated.
    Opened {
        /// The game.
        game: i64,
        /// Its kind.
        kind: &'static GameKind,
        /// The mode's key.
        mode: &'a str,
        /// The options in normal form.
        options: &'a str,
        /// Seconds per move.
        per_move: Option<i64>,
        /// The challenger and their seat.
        user: &'a str,
        /// Their seat.
        seat: Seat,
        /// The one player invited, if any.
        invited: Option<&'a str>,
    },
    /// A player sat down.
    Joined {
        /// The game.
        game: i64,
        /// Its kind.
        kind: &'static GameKind,
        /// Who.
        user: &'a str,
        /// Where.
        seat: Seat,
        /// Seats still free.
        free: usize,
    },
    /// Every seat is taken and the armies are deployed in private now.
    DeployNow {
        /// The game.
        game: i64,
    },
    /// Private: deploy (with the game's example of a random layout).
    DeployPrompt {
        /// The game.
        game: i64,
        /// Its kind.
        kind: &'static GameKind,
        /// The player's seat.
        seat: Seat,
    },
    /// Private: the deployment is in.
    DeployTaken {
        /// The game.
        game: i64,
        /// The deployment in normal form.
        setup: &'a str,
    },
    /// A seat has deployed (first time only).
    Deployed {
        /// The game.
        game: i64,
        /// Its kind.
        kind: &'static GameKind,
        /// The seat.
        seat: Seat,
    },
    /// The deal's commitment, public from the start.
    Committed {
        /// The game.
        game: i64,
        /// The commitment.
        commitment: &'a str,
    },
    /// The first ply is due.
    Started {
        /// The game.
        game: i64,
    },
    /// A ply, described by the game.
    Ply {
        /// The game.
        game: i64,
        /// Who played.
        user: &'a str,
        /// The ply as the public knows it.
        ply: &'a PublicPly,
        /// The game's describer.
        describe: fn(&PublicPly, Lang) -> String,
    },
    /// A seat left the game (the game goes on without it).
    Out {
        /// The game.
        game: i64,
        /// Its kind.
        kind: &'static GameKind,
        /// The seat.
        seat: Seat,
        /// Its player.
        user: &'a str,
        /// Why.
        reason: EndReason,
    },
    /// A seat agrees to a draw; others have still to.
    DrawAgreed {
        /// The game.
        game: i64,
        /// Its kind.
        kind: &'static GameKind,
        /// Who agreed.
        seat: Seat,
        /// Their player.
        user: &'a str,
        /// The seats still to agree.
        waiting: Vec<Seat>,
    },
    /// Whose turn it is.
    ToMove {
        /// The game.
        game: i64,
        /// Its kind.
        kind: &'static GameKind,
        /// The seat.
        seat: Seat,
        /// Its player.
        user: &'a str,
    },
    /// The end.
    Over {
        /// The game.
        game: i64,
        /// Its kind.
        kind: &'static GameKind,
        /// The result.
        over: &'a Over,
    },
    /// After the end: what was secret (setups per seat, or the deal and its seed).
    Revealed {
        /// The game.
        game: i64,
        /// `(label, secret)` pairs: a seat's name and its setup, or `seed`/`deal`.
        items: Vec<(String, String)>,
    },
}

fn duration(secs: i64, zh: bool) -> String {
    let (n, en, cn) = if secs % 86_400 == 0 {
        (secs / 86_400, "d", "天")
    } else if secs % 3600 == 0 {
        (secs / 3600, "h", "小时")
    } else if secs % 60 == 0 {
        (secs / 60, "min", "分钟")
    } else {
        (secs, "s", "秒")
    };
    if zh { format!("{n}{cn}") } else { format!("{n} {en}") }
}

fn reason(r: EndReason, zh: bool) -> &'static str {
    match (r, zh) {
        (EndReason::FlagCaptured, false) => "the flag was captured",
        (EndReason::FlagCaptured, true) => "军旗被夺",
        (EndReason::NoLegalMove, false) => "no legal move",
        (EndReason::NoLegalMove, true) => "无路可走",
        (EndReason::BothStuck, false) => "neither side can move",
        (EndReason::BothStuck, true) => "双方均无路可走",
        (EndReason::QuietLimit, false) => "too many plies without combat",
        (EndReason::QuietLimit, true) => "长时间无交战",
        (EndReason::Resign, false) => "resignation",
        (EndReason::Resign, true) => "认输",
        (EndReason::Timeout, false) => "time ran out",
        (EndReason::Timeout, true) => "超时",
        (EndReason::Agreed, false) => "agreed draw",
        (EndReason::Agreed, true) => "议和",
        (EndReason::NoMovablePieces, false) => "no movable pieces left",
        (EndReason::NoMovablePieces, true) => "无子可动",
    }
}

impl Said<'_> {
    /// The announcement in a locale.
    pub(crate) fn render(&self, l: Locale) -> String {
        let text = self.render_base(l);
        if l == Locale::ZhHant { to_traditional(&text) } else { text }
    }

    fn render_base(&self, l: Locale) -> String {
        // Chinese is written in 简体 and converted once for 繁體 readers.
        let lang = if l == Locale::En { Lang::En } else { Lang::ZhHans };
        let zh = lang.is_zh();
        let seat_name = |kind: &GameKind, s: Seat| kind.seating.name(s, lang).to_string();
        match self {
            Said::Opened { game, kind, mode, options, per_move, user, seat, invited } => {
                let title = kind.title.get(lang);
                let mode = kind.mode(mode).map_or(mode.to_string(), |m| m.name.get(lang).to_string());
                let time = match (per_move, zh) {
                    (Some(s), true) => format!("每步{}", duration(*s, true)),
                    (Some(s), false) => format!("{} per move", duration(*s, false)),
                    (None, true) => "不限时".into(),
                    (None, false) => "no time limit".into(),
                };
                let opts = if options.is_empty() { String::new() } else { format!(", {options}") };
                let seat = seat_name(kind, *seat);
                let who = match (invited, zh) {
                    (Some(u), true) => format!("邀请 {u} 加入"),
                    (Some(u), false) => format!("{u} is invited"),
                    (None, true) => "任何人均可加入".into(),
                    (None, false) => "anyone may join".into(),
                };
                if zh {
                    format!(
                        "对局 #{game}：{user} 开了一局{title}（{mode}{opts}，{time}），坐{seat}；{who}：/junqi join {game}"
                    )
                } else {
                    format!(
                        "Game #{game}: {user} opens a game of {title} ({mode}{opts}, {time}) as {seat}; {who}: /junqi join {game}"
                    )
                }
            }
            Said::Joined { game, kind, user, seat, free } => {
                let seat = seat_name(kind, *seat);
                match (zh, free) {
                    (true, 0) => format!("对局 #{game}：{user} 坐{seat}，座位已满。"),
                    (true, n) => format!("对局 #{game}：{user} 坐{seat}，还有 {n} 个空位。"),
                    (false, 0) => format!("Game #{game}: {user} takes {seat}; every seat is taken."),
                    (false, n) => format!("Game #{game}: {user} takes {seat}; {n} seat(s) free."),
                }
            }
            Said::DeployNow { game } => {
                if zh {
                    format!("对局 #{game}：请各方私下布阵。")
                } else {
                    format!("Game #{game}: everyone deploys in private now.")
                }
            }
            Said::DeployPrompt { game, kind, seat } => {
                let seat = seat_name(kind, *seat);
                if zh {
                    format!(
                        "对局 #{game}：你执{seat}，请布阵：/junqi deploy {game} <布阵>，或 /junqi deploy {game} random。"
                    )
                } else {
                    format!(
                        "Game #{game}: you play {seat}. Deploy with /junqi deploy {game} <layout>, or /junqi deploy {game} random."
                    )
                }
            }
            Said::DeployTaken { game, setup } => {
                if zh {
                    format!("对局 #{game}：已收到你的布阵：{setup}")
                } else {
                    format!("Game #{game}: your deployment is in: {setup}")
                }
            }
            Said::Deployed { game, kind, seat } => {
                let seat = seat_name(kind, *seat);
                if zh {
                    format!("对局 #{game}：{seat}已布阵。")
                } else {
                    format!("Game #{game}: {seat} has deployed.")
                }
            }
            Said::Committed { game, commitment } => {
                if zh {
                    format!("对局 #{game}：发牌的承诺值（SHA-256）：{commitment}，终局时公开种子以供核对。")
                } else {
                    format!(
                        "Game #{game}: the deal's commitment (SHA-256) is {commitment}; the seed is published at the end so anyone can check it."
                    )
                }
            }
            Said::Started { game } => {
                if zh {
                    format!("对局 #{game} 开始。")
                } else {
                    format!("Game #{game} begins.")
                }
            }
            Said::Ply { game, user, ply, describe } => {
                let text = describe(ply, lang);
                if zh { format!("#{game}（{user}）{text}") } else { format!("#{game} ({user}) {text}") }
            }
            Said::Out { game, kind, seat, user, reason: r } => {
                let seat = seat_name(kind, *seat);
                let why = reason(*r, zh);
                if zh {
                    format!("对局 #{game}：{seat}（{user}）出局——{why}。")
                } else {
                    format!("Game #{game}: {seat} ({user}) is out — {why}.")
                }
            }
            Said::DrawAgreed { game, kind, seat, user, waiting } => {
                let seat = seat_name(kind, *seat);
                let w: Vec<String> = waiting.iter().map(|&s| seat_name(kind, s)).collect();
                if zh {
                    format!("对局 #{game}：{seat}（{user}）提和；还需 {} 同意（draw {game} accept）。", w.join("、"))
                } else {
                    format!(
                        "Game #{game}: {seat} ({user}) offers a draw; waiting for {} (draw {game} accept).",
                        w.join(", ")
                    )
                }
            }
            Said::ToMove { game, kind, seat, user } => {
                let seat = seat_name(kind, *seat);
                if zh {
                    format!("对局 #{game}：轮到{seat}（{user}）走棋。")
                } else {
                    format!("Game #{game}: {seat} ({user}) to move.")
                }
            }
            Said::Over { game, kind, over } => {
                let why = reason(over.reason, zh);
                let team = |t: u8| {
                    let names: Vec<&str> =
                        kind.seating.seats.iter().filter(|d| d.team == t).map(|d| d.name.get(lang)).collect();
                    names.join(if zh { "、" } else { " and " })
                };
                match (&over.standing, zh) {
                    (Standing::Team(t), true) => format!("对局 #{game} 结束：{}胜——{why}。", team(*t)),
                    (Standing::Team(t), false) => format!("Game #{game} is over: {} wins — {why}.", team(*t)),
                    (Standing::Draw, true) => format!("对局 #{game} 结束：和棋——{why}。"),
                    (Standing::Draw, false) => format!("Game #{game} is over: a draw — {why}."),
                    (Standing::Places(places), _) => {
                        let list: Vec<String> = places
                            .iter()
                            .enumerate()
                            .map(|(i, p)| format!("{} {}", seat_name(kind, Seat(i as u8)), f32::from(*p) / 2.0))
                            .collect();
                        if zh {
                            format!("对局 #{game} 结束：{}——{why}。", list.join("，"))
                        } else {
                            format!("Game #{game} is over: {} — {why}.", list.join(", "))
                        }
                    }
                }
            }
            Said::Revealed { game, items } => {
                let mut t = if zh { format!("对局 #{game} 公开：") } else { format!("Game #{game}, revealed:") };
                for (label, secret) in items {
                    let _ = write!(t, "\n{label}: {secret}");
                }
                t
            }
        }
    }
}
