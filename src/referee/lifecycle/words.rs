//! What the lifecycle says, in every language: its announcements ([`Said`]; its mistakes are
//! [`GameMistake`] in `mistake.rs`). Seats, modes and setups are named by the game's kind; a ply is put
//! into words by the game's describer; these texts frame them with the game and the players. Two
//! seats read as a duel (`Game #1 is on: Red alice, Blue bob`), more as a table with free seats
//! and teams.

use std::fmt::Write as _;

use crate::rules::contract::{GameKind, Lang, Over, PublicPly, Rematch, Standing};
use crate::rules::{EndReason, Seat};

use super::super::i18n::{Locale, duration, reason_text, to_traditional};

/// A seat and its player, as announcements name them.
pub(crate) type Sitter = (Seat, String);

/// Who chose a ply the referee announces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MovedBy {
    /// The seat's player.
    Player,
    /// The referee's own automatic move (`on-timeout=auto-move` where the bot does not play the
    /// kind): a legal move drawn from public data.
    Referee,
    /// The computer player (托管): `on-timeout=auto-move` where the bot plays the kind.
    Bot,
    /// The bot's own seat (a game against the bot).
    BotSeat,
    /// The bot, for a seat its player handed over (`auto on`).
    Handed,
}

/// One announcement of the lifecycle.
pub(crate) enum Said<'a> {
    /// A game was opened (a challenge, or a rematch offered).
    Opened {
        /// The game.
        game: i64,
        /// Its kind.
        kind: &'static GameKind,
        /// How many seats it has.
        seats: usize,
        /// Who opened it, and their seat.
        by: Sitter,
        /// The one player invited, if any.
        invited: Option<&'a str>,
        /// The mode's key.
        mode: &'a str,
        /// The options in normal form.
        options: &'a str,
        /// Seconds per move.
        per_move: Option<i64>,
        /// The game this one is a rematch of.
        rematch_of: Option<i64>,
    },
    /// A player sat down and seats are still free (games of more than two).
    Joined {
        /// The game.
        game: i64,
        /// Its kind.
        kind: &'static GameKind,
        /// Who sat down, where.
        who: Sitter,
        /// The seats still free.
        free: Vec<Seat>,
    },
    /// A player left their seat before the table was full.
    Left {
        /// The game.
        game: i64,
        /// Its kind.
        kind: &'static GameKind,
        /// Who left which seat.
        who: Sitter,
        /// The seats free now.
        free: Vec<Seat>,
    },
    /// Every seat is taken: who plays whom (and, for Deploy kinds, that everyone deploys now).
    IsOn {
        /// The game.
        game: i64,
        /// Its kind.
        kind: &'static GameKind,
        /// Every seat with its player.
        table: Vec<Sitter>,
    },
    /// Private: deploy, and how.
    DeployPrompt {
        /// The game.
        game: i64,
        /// Its kind.
        kind: &'static GameKind,
        /// The player's seat.
        seat: Seat,
        /// The player's last layout of the kind's family, as they read it.
        last: Option<String>,
    },
    /// Private: the deployment is in.
    DeployTaken {
        /// The game.
        game: i64,
        /// How many seats deploy.
        seats: usize,
        /// The deployment as its owner reads it.
        rows: &'a str,
    },
    /// A seat has deployed (the first time only).
    Deployed {
        /// The game.
        game: i64,
        /// Its kind.
        kind: &'static GameKind,
        /// The seat.
        seat: Seat,
    },
    /// The deal's public commitment (Deal kinds), posted before the first ply.
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
        /// Its kind.
        kind: &'static GameKind,
        /// Who plays first.
        first: Sitter,
    },
    /// A ply, put into words by the game (its end and its outs are announced apart).
    Ply {
        /// The game.
        game: i64,
        /// Its kind.
        kind: &'static GameKind,
        /// Who played.
        user: &'a str,
        /// The ply as the public knows it.
        ply: &'a PublicPly,
        /// The game's describer.
        describe: fn(&PublicPly, Lang) -> String,
        /// Who chose it: the player, or the referee for a player whose time ran out.
        auto: MovedBy,
    },
    /// A seat left the game and it goes on without it.
    Out {
        /// The game.
        game: i64,
        /// Its kind.
        kind: &'static GameKind,
        /// The seat and its player.
        who: Sitter,
        /// Why.
        reason: EndReason,
    },
    /// A seat's deadline passed and its turn was skipped (`on-timeout=skip:N`).
    Skipped {
        /// The game.
        game: i64,
        /// Its kind.
        kind: &'static GameKind,
        /// The seat and its player.
        who: Sitter,
        /// This seat's timeouts so far, this one included.
        count: u8,
        /// The timeout that loses.
        limit: u8,
    },
    /// Whose turn it is.
    ToMove {
        /// The game.
        game: i64,
        /// Its kind.
        kind: &'static GameKind,
        /// The seat to move and its player.
        who: Sitter,
    },
    /// The end.
    Over {
        /// The game.
        game: i64,
        /// Its kind.
        kind: &'static GameKind,
        /// The result.
        over: &'a Over,
        /// Every seat with its player.
        table: Vec<Sitter>,
    },
    /// After the end: every seat's deployment.
    Setups {
        /// The game.
        game: i64,
        /// Its kind.
        kind: &'static GameKind,
        /// Each seat's deployment as its owner read it.
        list: Vec<(Seat, String)>,
    },
    /// After the end: the deal and the seed it came from, to check against the commitment.
    Dealt {
        /// The game.
        game: i64,
        /// The seed (hex).
        seed: &'a str,
        /// The deal.
        deal: &'a str,
        /// The commitment posted at the start.
        commitment: &'a str,
    },
    /// A draw offer (the first seat to agree).
    DrawOffered {
        /// The game.
        game: i64,
        /// Its kind.
        kind: &'static GameKind,
        /// Who offers.
        who: Sitter,
    },
    /// A seat agrees to the draw on the table; others have still to (games of more than two).
    DrawAgreed {
        /// The game.
        game: i64,
        /// Its kind.
        kind: &'static GameKind,
        /// Who agreed.
        who: Sitter,
        /// The seats still to agree.
        waiting: Vec<Seat>,
    },
}

/// A seat's name in an announcement (简体 for both Chinese locales: [`Said::render`] converts).
pub(super) fn seat(kind: &GameKind, s: Seat, zh: bool) -> &'static str {
    kind.seating.name(s, if zh { Lang::ZhHans } else { Lang::En })
}

/// Seats by name: `South, North` / `南家、北家`.
fn seat_names(kind: &GameKind, seats: &[Seat], zh: bool) -> String {
    seats.iter().map(|&s| seat(kind, s, zh)).collect::<Vec<_>>().join(if zh { "、" } else { ", " })
}

/// Seats with players: `South alice and North carol` / `南家 alice、北家 carol`.
fn sitters(kind: &GameKind, list: &[&Sitter], zh: bool) -> String {
    let parts: Vec<String> = list.iter().map(|(s, u)| format!("{} {u}", seat(kind, *s, zh))).collect();
    parts.join(if zh { "、" } else { " and " })
}

/// The seats of one team, in seat order.
fn team_of<'t>(kind: &GameKind, table: &'t [Sitter], team: u8) -> Vec<&'t Sitter> {
    table.iter().filter(|(s, _)| kind.seating.get(*s).is_some_and(|d| d.team == team)).collect()
}

/// The teams at a table, in the order their first seats sit.
fn teams<'t>(kind: &GameKind, table: &'t [Sitter]) -> Vec<Vec<&'t Sitter>> {
    let mut order: Vec<u8> = Vec::new();
    for (s, _) in table {
        if let Some(d) = kind.seating.get(*s)
            && !order.contains(&d.team)
        {
            order.push(d.team);
        }
    }
    order.into_iter().map(|t| team_of(kind, table, t)).collect()
}

impl Said<'_> {
    /// The announcement in a locale.
    pub(crate) fn render(&self, l: Locale) -> String {
        let text = self.render_base(l);
        if l == Locale::ZhHant { to_traditional(&text) } else { text }
    }

    fn render_base(&self, l: Locale) -> String {
        let zh = l != Locale::En;
        let lang = if zh { Lang::ZhHans } else { Lang::En };
        match self {
            Said::Opened { game, kind, seats, by, invited, mode, options, per_move, rematch_of } => {
                // The clock is said with the time, not among the rules.
                let (clocks, shown): (Vec<&str>, Vec<&str>) =
                    options.split_whitespace().partition(|w| w.to_ascii_lowercase().starts_with("clock="));
                let clock = clocks.first().and_then(|w| w.split_once('=')).map(|(_, v)| v);
                let rules = match (shown.is_empty(), zh) {
                    (true, true) => "标准".to_string(),
                    (true, false) => "standard".to_string(),
                    (false, _) => shown.join(" "),
                };
                let time = match (per_move, clock) {
                    (Some(_), Some(c)) if zh => format!("每方局时{c}（总时间+每步加秒）"),
                    (Some(_), Some(c)) => format!("a {c} clock (total per seat + increment)"),
                    (s, _) => match s {
                        Some(s) if zh => format!("每步{}", duration(*s, l)),
                        Some(s) => format!("{} per move", duration(*s, l)),
                        None if zh => "不限时".into(),
                        None => "no time limit".into(),
                    },
                };
                let m = kind.mode(mode).map_or(mode.to_string(), |m| m.about.get(lang).to_string());
                let variant = kind.name;
                let (challenger, g) = (&by.1, game);
                if *seats > 2 {
                    let free: Vec<Seat> = (0..*seats as u8).map(Seat).filter(|s| *s != by.0).collect();
                    let (s, f) = (seat(kind, by.0, zh), seat_names(kind, &free, zh));
                    let who = match (invited, zh) {
                        (Some(u), false) => format!("{u}: "),
                        (Some(u), true) => format!("{u}："),
                        (None, false) => "Anyone: ".into(),
                        (None, true) => "任何人：".into(),
                    };
                    let re = match (rematch_of, zh) {
                        (Some(r), false) => format!(" (rematch of #{r})"),
                        (Some(r), true) => format!("（#{r} 的再战）"),
                        (None, _) => String::new(),
                    };
                    return if zh {
                        format!(
                            "{challenger} 发起对局 #{g}{re}：{variant}，{m}，规则{rules}，{time}。{challenger} 坐{s}；空位：{f}。{who}join {g} 入座（join {g} seat=座位 可选座）。"
                        )
                    } else {
                        format!(
                            "{challenger} opens game #{g}{re}: {variant}, {m}, rules {rules}, {time}. {challenger} sits {s}; free seats: {f}. {who}join {g} to take a seat (join {g} seat=SEAT to choose one)."
                        )
                    };
                }
                let swapped = kind.rematch == Rematch::SwapSeats;
                let re = match (rematch_of, zh, swapped) {
                    (Some(r), false, true) => format!(" (rematch of #{r}, colours swapped)"),
                    (Some(r), true, true) => format!("（#{r} 的再战，交换颜色）"),
                    (Some(r), false, false) => format!(" (rematch of #{r})"),
                    (Some(r), true, false) => format!("（#{r} 的再战）"),
                    (None, _, _) => String::new(),
                };
                // The bot accepts at once: it is told nothing to do.
                let bot = invited.is_some_and(super::bot_seat::is_bot);
                match (invited, zh) {
                    (Some(who), false) if bot => format!(
                        "{challenger} challenges {who} (the bot) to game #{g}{re}: {variant}, {m}, rules {rules}, {time}."
                    ),
                    (Some(who), true) if bot => {
                        format!("{challenger} 向机器人 {who} 发起对局 #{g}{re}：{variant}，{m}，规则{rules}，{time}。")
                    }
                    (Some(who), false) => format!(
                        "{challenger} challenges {who} to game #{g}{re}: {variant}, {m}, rules {rules}, {time}. {who}: accept {g} or decline {g}."
                    ),
                    (None, false) => format!(
                        "{challenger} opens game #{g}{re} to anyone: {variant}, {m}, rules {rules}, {time}. Take it with: accept {g}."
                    ),
                    (Some(who), true) => format!(
                        "{challenger} 向 {who} 发起对局 #{g}{re}：{variant}，{m}，规则{rules}，{time}。{who}：accept {g} 接受，decline {g} 拒绝。"
                    ),
                    (None, true) => format!(
                        "{challenger} 发起公开对局 #{g}{re}：{variant}，{m}，规则{rules}，{time}。任何人可用 accept {g} 应战。"
                    ),
                }
            }
            Said::Joined { game, kind, who, free } => {
                let (s, f) = (seat(kind, who.0, zh), seat_names(kind, free, zh));
                let user = &who.1;
                if zh {
                    format!("对局 #{game}：{user} 坐{s}；空位：{f}。")
                } else {
                    format!("Game #{game}: {user} sits {s}; free seats: {f}.")
                }
            }
            Said::Left { game, kind, who, free } => {
                let (s, f, user) = (seat(kind, who.0, zh), seat_names(kind, free, zh), &who.1);
                if zh {
                    format!("对局 #{game}：{user} 离开{s}；空位：{f}。")
                } else {
                    format!("Game #{game}: {user} leaves {s}; free seats: {f}.")
                }
            }
            Said::IsOn { game, kind, table } => {
                let deploy = kind.setup == crate::rules::contract::SetupStyle::Deploy;
                let sides = teams(kind, table);
                let partners = sides.iter().any(|t| t.len() > 1);
                if partners {
                    let list: Vec<String> = sides.iter().map(|t| sitters(kind, t, zh)).collect();
                    let tail = match (deploy, zh) {
                        (true, false) => " Everyone now deploys in private.",
                        (true, true) => "各家请私下布阵。",
                        (false, _) => "",
                    };
                    return if zh {
                        format!("对局 #{game} 人齐：{}（盟友）对 {}（盟友）。{tail}", list[0], list[1..].join(" 对 "))
                    } else {
                        format!(
                            "Game #{game} is full: {} (partners) against {} (partners).{tail}",
                            list[0],
                            list[1..].join(" against ")
                        )
                    };
                }
                let list: Vec<String> = table.iter().map(|(s, u)| format!("{} {u}", seat(kind, *s, zh))).collect();
                let tail = match (deploy, table.len() == 2, zh) {
                    (true, true, false) => " Both players now deploy in private.",
                    (true, false, false) => " Everyone now deploys in private.",
                    (true, true, true) => "双方请私下布阵。",
                    (true, false, true) => "各家请私下布阵。",
                    (false, _, _) => "",
                };
                if zh {
                    format!("对局 #{game} 成立：{}。{tail}", list.join("，"))
                } else {
                    format!("Game #{game} is on: {}.{tail}", list.join(", "))
                }
            }
            Said::DeployPrompt { game, kind, seat: s, last } => {
                let (s, g) = (seat(kind, *s, zh), game);
                let hint = kind.setup_hint.get(lang);
                let mut t = if zh {
                    format!(
                        "对局 #{g}：你执{s}。请发送布阵：deploy {g} 加 {hint}，或 deploy {g} random，或 deploy {g} load 名称。"
                    )
                } else {
                    format!(
                        "Game #{g}: you play {s}. Send your deployment: deploy {g} followed by {hint}, or deploy {g} random, or deploy {g} load NAME."
                    )
                };
                if let Some(last) = last {
                    if zh {
                        let _ = write!(t, " 你上次的布阵：{last}（deploy {g} last 再用一次）");
                    } else {
                        let _ = write!(t, " Your last layout: {last} (deploy {g} last to use it again).");
                    }
                }
                t
            }
            Said::DeployTaken { game, seats, rows } => match (*seats == 2, zh) {
                (true, true) => format!("对局 #{game}：已收到你的布阵 {rows}。双方布好之前可以更换。"),
                (true, false) => {
                    format!("Game #{game}: your deployment is in: {rows}. You may replace it until both are in.")
                }
                (false, true) => format!("对局 #{game}：已收到你的布阵 {rows}。各家布好之前可以更换。"),
                (false, false) => {
                    format!("Game #{game}: your deployment is in: {rows}. You may replace it until all are in.")
                }
            },
            Said::Deployed { game, kind, seat: s } => {
                let s = seat(kind, *s, zh);
                if zh {
                    format!("对局 #{game}：{s}已布阵。")
                } else {
                    format!("Game #{game}: {s} has deployed.")
                }
            }
            Said::Committed { game, commitment } => {
                if zh {
                    format!(
                        "对局 #{game}：公证人已把全部棋子背面朝上摆好。发牌承诺（SHA-256）：{commitment}；终局时公开种子与发牌，人人可以核对。"
                    )
                } else {
                    format!(
                        "Game #{game}: the referee has dealt every piece face down. Commitment to the deal (SHA-256): {commitment}; the seed and the deal are published at the end, so anyone can check them."
                    )
                }
            }
            Said::Started { game, kind, first } => {
                let s = seat(kind, first.0, zh);
                let user = &first.1;
                if zh {
                    format!("对局 #{game} 开始！{s}（{user}）先走。")
                } else {
                    format!("Game #{game} begins! {s} ({user}) moves first.")
                }
            }
            Said::Ply { game, kind, user, ply, describe, auto } => {
                let s = seat(kind, ply.seat, zh);
                let mut t = String::new();
                match (auto, zh) {
                    (MovedBy::Player, _) => {}
                    (MovedBy::Referee, true) => {
                        let _ = write!(t, "{s}（{user}）超时，由公证人代走。");
                    }
                    (MovedBy::Referee, false) => {
                        let _ = write!(t, "{s} ({user}) ran out of time; the referee moves for them. ");
                    }
                    (MovedBy::Bot, true) => {
                        let _ = write!(t, "{s}（{user}）超时，由机器人代走（托管）。");
                    }
                    (MovedBy::Bot, false) => {
                        let _ = write!(t, "{s} ({user}) ran out of time; the bot moves for them (托管). ");
                    }
                    (MovedBy::BotSeat, true) => _ = write!(t, "机器人走棋："),
                    (MovedBy::BotSeat, false) => _ = write!(t, "The bot's move: "),
                    (MovedBy::Handed, true) => _ = write!(t, "{s}（{user}）已托管，由机器人代走。"),
                    (MovedBy::Handed, false) => {
                        _ = write!(t, "{s} ({user}) handed the seat over; the bot moves for them (托管). ")
                    }
                }
                // The describer names the seat (`ply 3: Red c6-c7 …`); the announcement adds the
                // player after its first mention.
                let text = describe(ply, lang);
                let (plain, named) = if zh {
                    (format!("{s} "), format!("{s}（{user}）"))
                } else {
                    (format!("{s} "), format!("{s} ({user}) "))
                };
                // A describer that names the seat with its key (跳棋: `South (s) m3-l4`) has the
                // player in the key's place.
                let key = kind.seating.get(ply.seat).map_or("", |d| d.key);
                let keyed = if zh { format!("{s}（{key}） ") } else { format!("{s} ({key}) ") };
                let plain = if !key.is_empty() && text.contains(&keyed) { keyed } else { plain };
                let _ = write!(t, "#{game} {}", text.replacen(&plain, &named, 1));
                t
            }
            Said::Out { game, kind, who, reason } => {
                let (s, user, r) = (seat(kind, who.0, zh), &who.1, reason_text(*reason, l));
                if zh {
                    format!("对局 #{game}：{s}（{user}）出局——{r}。其棋子全部撤下。")
                } else {
                    format!("Game #{game}: {s} ({user}) is out — {r}. Their pieces leave the board.")
                }
            }
            Said::Skipped { game, kind, who, count, limit } => {
                let (s, user) = (seat(kind, who.0, zh), &who.1);
                if zh {
                    format!("对局 #{game}：{s}（{user}）超时，跳过一步（第 {count} 次超时；第 {limit} 次判负）。")
                } else {
                    format!(
                        "Game #{game}: {s} ({user}) ran out of time; the turn is skipped (timeout {count}; timeout {limit} loses)."
                    )
                }
            }
            Said::ToMove { game, kind, who } => {
                let (s, user) = (seat(kind, who.0, zh), &who.1);
                if zh {
                    format!("对局 #{game}：轮到{s}（{user}）走棋。")
                } else {
                    format!("Game #{game}: {s} ({user}) to move.")
                }
            }
            Said::Over { game, kind, over, table } => {
                let r = reason_text(over.reason, l);
                match &over.standing {
                    Standing::Team(t) => {
                        let winners = team_of(kind, table, *t);
                        let named: Vec<String> = winners
                            .iter()
                            .map(|(s, u)| {
                                if zh {
                                    format!("{}（{u}）", seat(kind, *s, zh))
                                } else {
                                    format!("{} ({u})", seat(kind, *s, zh))
                                }
                            })
                            .collect();
                        match (winners.len() > 1, zh) {
                            (_, true) => format!("对局 #{game} 结束：{}胜——{r}。", named.join("、")),
                            (false, false) => format!("Game #{game} is over: {} wins — {r}.", named.join(" and ")),
                            (true, false) => format!("Game #{game} is over: {} win — {r}.", named.join(" and ")),
                        }
                    }
                    Standing::Draw => {
                        if zh {
                            format!("对局 #{game} 结束：和棋——{r}。")
                        } else {
                            format!("Game #{game} is over: a draw — {r}.")
                        }
                    }
                    Standing::Places(places) => {
                        let list: Vec<String> = table
                            .iter()
                            .map(|(s, u)| {
                                let p = places.get(s.index()).map_or(0.0, |p| f32::from(*p) / 2.0);
                                format!("{} {u} {p}", seat(kind, *s, zh))
                            })
                            .collect();
                        if zh {
                            format!("对局 #{game} 结束：{}——{r}。", list.join("，"))
                        } else {
                            format!("Game #{game} is over: {} — {r}.", list.join(", "))
                        }
                    }
                }
            }
            Said::Setups { game, kind, list } => {
                let items: Vec<String> = list
                    .iter()
                    .map(|(s, rows)| {
                        let s = seat(kind, *s, zh);
                        if zh { format!("{s}：{rows}") } else { format!("{s}: {rows}") }
                    })
                    .collect();
                if zh {
                    format!("对局 #{game} 的布阵 —— {}", items.join("；"))
                } else {
                    format!("Deployments of game #{game} — {}", items.join("; "))
                }
            }
            Said::Dealt { game, seed, deal, commitment } => {
                if zh {
                    format!(
                        "对局 #{game} 公开：种子 {seed}，发牌 {deal}。SHA-256(种子:发牌) 应等于开局时的承诺 {commitment}。"
                    )
                } else {
                    format!(
                        "Game #{game}, published: seed {seed}, deal {deal}. SHA-256(seed:deal) must equal the commitment posted at the start, {commitment}."
                    )
                }
            }
            Said::DrawOffered { game, kind, who } => {
                let (s, user) = (seat(kind, who.0, zh), &who.1);
                if zh {
                    format!("对局 #{game}：{s}（{user}）提议和棋（draw {game} accept / draw {game} decline）。")
                } else {
                    format!("Game #{game}: {s} ({user}) offers a draw (draw {game} accept / draw {game} decline).")
                }
            }
            Said::DrawAgreed { game, kind, who, waiting } => {
                let (s, user, w) = (seat(kind, who.0, zh), &who.1, seat_names(kind, waiting, zh));
                if zh {
                    format!("对局 #{game}：{s}（{user}）同意和棋；还需 {w} 同意（draw {game} accept）。")
                } else {
                    format!("Game #{game}: {s} ({user}) agrees to a draw; waiting for {w} (draw {game} accept).")
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::mistake::{Feature, GameMistake};
    use super::*;
    use crate::rules::contract::Explained;
    use crate::rules::contract::{SetupStyle, catalog};

    fn kind(name: &str) -> &'static GameKind {
        catalog::find(name).expect("catalogued").kind
    }

    #[test]
    fn two_seats_read_as_a_duel_and_four_as_a_table_of_teams() {
        let table = |names: &[&str]| -> Vec<Sitter> {
            names.iter().enumerate().map(|(i, u)| (Seat(i as u8), u.to_string())).collect()
        };
        let duel = Said::IsOn { game: 3, kind: kind("junqi"), table: table(&["a", "b"]) };
        assert_eq!(duel.render(Locale::En), "Game #3 is on: Red a, Blue b. Both players now deploy in private.");
        assert_eq!(duel.render(Locale::ZhHant), "對局 #3 成立：紅方 a，藍方 b。雙方請私下布陣。");
        let four = Said::IsOn { game: 4, kind: kind("junqi4"), table: table(&["s", "e", "n", "w"]) };
        assert_eq!(
            four.render(Locale::En),
            "Game #4 is full: South s and North n (partners) against East e and West w (partners). Everyone now deploys in private."
        );
        // A dealt game deploys nothing: the table is all it says.
        let dealt = catalog::all().into_iter().find(|d| d.kind.setup == SetupStyle::Deal).expect("a dealt kind").kind;
        let seat = |i: u8| dealt.seating.name(Seat(i), Lang::En);
        let said = Said::IsOn { game: 5, kind: dealt, table: table(&["a", "b"]) };
        assert_eq!(said.render(Locale::En), format!("Game #5 is on: {} a, {} b.", seat(0), seat(1)));
    }

    #[test]
    fn the_end_names_the_winning_team_with_its_players() {
        let table: Vec<Sitter> =
            ["s", "e", "n", "w"].iter().enumerate().map(|(i, u)| (Seat(i as u8), u.to_string())).collect();
        let over = Over { standing: Standing::Team(0), reason: EndReason::Resign };
        let said = Said::Over { game: 1, kind: kind("junqi4"), over: &over, table: table.clone() };
        assert_eq!(said.render(Locale::En), "Game #1 is over: South (s) and North (n) win — resignation.");
        assert_eq!(said.render(Locale::ZhHans), "对局 #1 结束：南家（s）、北家（n）胜——认输。");
        let places = Over { standing: Standing::Places(vec![2, 4, 6, 8]), reason: EndReason::NoLegalMove };
        let said = Said::Over { game: 1, kind: kind("junqi4"), over: &places, table };
        assert_eq!(
            said.render(Locale::En),
            "Game #1 is over: South s 1, East e 2, North n 3, West w 4 — no legal move."
        );
    }

    #[test]
    fn a_ply_says_who_chose_it_in_three_languages() {
        let ply = PublicPly { ply: 3, seat: Seat(1), action: "c6-c7".into(), path: vec![], facts: vec![], end: None };
        let describe: fn(&PublicPly, Lang) -> String = |_, _| String::new();
        let said = |auto| Said::Ply { game: 1, kind: kind("junqi"), user: "bob", ply: &ply, describe, auto };
        let bot = said(MovedBy::Bot);
        assert!(bot.render(Locale::En).starts_with("Blue (bob) ran out of time; the bot moves for them (托管)."));
        assert!(bot.render(Locale::ZhHans).starts_with("蓝方（bob）超时，由机器人代走（托管）。"));
        assert!(
            bot.render(Locale::ZhHant).starts_with("藍方（bob）超時，由機器人代走（托管）。"),
            "{}",
            bot.render(Locale::ZhHant)
        );
        assert!(said(MovedBy::Referee).render(Locale::En).contains("the referee moves for them"));
        assert!(said(MovedBy::BotSeat).render(Locale::En).starts_with("The bot's move: #1"));
        assert!(said(MovedBy::BotSeat).render(Locale::ZhHant).starts_with("機器人走棋："));
        let handed = said(MovedBy::Handed);
        assert!(handed.render(Locale::En).starts_with("Blue (bob) handed the seat over; the bot moves"));
        assert!(handed.render(Locale::ZhHans).starts_with("蓝方（bob）已托管，由机器人代走。"));
        assert!(!said(MovedBy::Player).render(Locale::En).contains("ran out of time"));
    }

    #[test]
    fn mistakes_quote_the_games_words_in_every_language() {
        let m = GameMistake::Unreadable {
            text: "zz".into(),
            why: Explained::new("write from-to, e.g. c6-c7", "请写 起点-终点，例如 c6-c7"),
        };
        assert_eq!(m.to_string(), "'zz' is not a move; write from-to, e.g. c6-c7");
        assert_eq!(m.zh(), "“zz”不是走法；请写 起点-终点，例如 c6-c7。");
        let m = GameMistake::NotOffered { game: 2, what: Feature::Marks };
        assert!(m.to_string().starts_with("game #2 has no marks"));
        assert!(m.zh().starts_with("对局 #2 没有标记"));
        let m = GameMistake::NotOffered { game: 3, what: Feature::Draws };
        assert_eq!(m.to_string(), "game #3 cannot be drawn by agreement: its places are raced for");
        assert_eq!(m.zh(), "对局 #3 不能议和：名次要靠比赛决出。");
    }
}
