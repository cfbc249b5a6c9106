//! The 翻棋 (junqi-flip) part of the catalogue: what the referee announces in a flip game and the
//! mistakes only flip games have, in English and 简体中文 (繁體 by the catalogue's table plus the
//! few characters below that only these texts use).

use std::fmt;

use super::{Locale, PieceName, SeatName, illegal_zh, piece, reason_text};
use crate::rules::flip::{ActionError, FlipError, FlipOptionsError, Player};
use crate::rules::{EndReason, Outcome, Seat};

/// A flip-game announcement, built from public facts only: every piece it names is face up.
#[derive(Clone, Debug, PartialEq)]
pub enum FlipMsg {
    /// A new flip challenge (invited is None for an open one).
    Challenge {
        /// Game id.
        game: i64,
        /// Who challenges.
        challenger: String,
        /// Who is invited.
        invited: Option<String>,
        /// Options that differ from the flip defaults (empty for standard).
        rules: String,
        /// Seconds per ply.
        per_move: Option<i64>,
        /// Whether this challenge is a rematch.
        rematch_of: Option<i64>,
    },
    /// Accepted: the players and the commitment to the deal.
    Started {
        /// Game id.
        game: i64,
        /// P1 (moves first).
        p1: String,
        /// P2.
        p2: String,
        /// The commitment (hex SHA-256 of `<seed hex>:<deal>`).
        commit: String,
    },
    /// Whose ply it is (and, once colours are set, their colour).
    ToPlay {
        /// Game id.
        game: i64,
        /// The player.
        player: Player,
        /// Their name.
        user: String,
        /// Their colour, once assigned.
        colour: Option<Seat>,
    },
    /// A piece was turned face up.
    Flipped {
        /// Game id.
        game: i64,
        /// Ply number.
        ply: u32,
        /// Who flipped.
        player: Player,
        /// Their name.
        user: String,
        /// The point.
        point: String,
        /// The piece's colour.
        colour: Seat,
        /// The piece.
        piece: PieceName,
        /// Whether the referee played for a player whose time ran out.
        auto: bool,
    },
    /// The colours were assigned by this ply.
    Colours {
        /// Game id.
        game: i64,
        /// P1's name.
        p1: String,
        /// P1's colour.
        p1_colour: Seat,
        /// P2's name.
        p2: String,
    },
    /// A face-up piece moved (perhaps attacking a face-up piece).
    Moved {
        /// Game id.
        game: i64,
        /// Ply number.
        ply: u32,
        /// Who moved.
        player: Player,
        /// Their name.
        user: String,
        /// Their colour.
        colour: Seat,
        /// The move (`c6-c7`).
        mv: String,
        /// The outcome class.
        outcome: Outcome,
        /// Attacker and defender, for an attack (both face up, so public).
        names: Option<(PieceName, PieceName)>,
        /// Whether the referee played for a player whose time ran out.
        auto: bool,
    },
    /// The result.
    Over {
        /// Game id.
        game: i64,
        /// The winner and their name, or None for a draw.
        winner: Option<(Player, String)>,
        /// Why.
        reason: EndReason,
    },
    /// After the end: the seed and the deal, so anyone can check the commitment.
    Published {
        /// Game id.
        game: i64,
        /// The seed in hex.
        seed: String,
        /// The deal.
        deal: String,
        /// The commitment posted at the start.
        commit: String,
    },
    /// A draw offer.
    DrawOffered {
        /// Game id.
        game: i64,
        /// Who offers.
        player: Player,
        /// Their name.
        user: String,
    },
    /// The position, for `show`.
    Status {
        /// Game id.
        game: i64,
        /// Status word.
        status: String,
        /// Plies played.
        ply: u32,
        /// Face-down pieces left.
        face_down: usize,
        /// P1's colour, once assigned.
        p1_colour: Option<Seat>,
    },
}

/// A mistake only a flip game can make. Nothing changes.
#[derive(Clone, Debug, PartialEq)]
pub enum FlipMistake {
    /// The rules refuse the ply.
    Illegal(FlipError),
    /// The ply could not be read.
    BadPly(ActionError),
    /// A bad rule option for a flip game.
    BadOptions(FlipOptionsError),
    /// A visibility mode was given: flip has none.
    NoMode(String),
    /// A deployment in a flip game.
    NoDeployment(i64),
    /// A mark in a flip game.
    NoMarks(i64),
    /// The operating system gave no random bytes.
    NoEntropy(String),
}

impl fmt::Display for FlipMistake {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FlipMistake::Illegal(e) => write!(f, "illegal ply: {e}"),
            FlipMistake::BadPly(e) => write!(f, "{e}"),
            FlipMistake::BadOptions(e) => write!(f, "{e}"),
            FlipMistake::NoMode(m) => write!(
                f,
                "翻棋 (junqi-flip) has no visibility mode ('{m}'): every face-up piece is public and face-down pieces are secret to all"
            ),
            FlipMistake::NoDeployment(g) => {
                write!(f, "game #{g} is 翻棋: the referee deals every piece face down, so nobody deploys")
            }
            FlipMistake::NoMarks(g) => {
                write!(
                    f,
                    "game #{g} is 翻棋: marks are for hidden enemy pieces, and here nobody sees a face-down piece"
                )
            }
            FlipMistake::NoEntropy(e) => {
                write!(f, "the referee could not draw a random seed from the system ({e}); try again")
            }
        }
    }
}

fn player(p: Player) -> &'static str {
    p.tag()
}

fn colour(c: Seat, l: Locale) -> &'static str {
    SeatName(c.0).text(l)
}

fn outcome_text(o: Outcome, zh: bool) -> Option<&'static str> {
    match (o, zh) {
        (Outcome::Moved, _) => None,
        (Outcome::AttackerWon, false) => Some("the attacker wins"),
        (Outcome::AttackerWon, true) => Some("进攻方胜"),
        (Outcome::DefenderWon, false) => Some("the defender holds"),
        (Outcome::DefenderWon, true) => Some("防守方胜"),
        (Outcome::BothRemoved, false) => Some("both pieces are removed"),
        (Outcome::BothRemoved, true) => Some("同归于尽"),
        (Outcome::FlagCaptured, false) => Some("the flag is captured"),
        (Outcome::FlagCaptured, true) => Some("夺得军旗"),
    }
}

fn auto_text(p: Player, user: &str, zh: bool) -> String {
    if zh {
        format!("{}（{user}）超时，由公证人代走。", player(p))
    } else {
        format!("{} ({user}) ran out of time; the referee plays for them. ", player(p))
    }
}

impl FlipMsg {
    /// The message in a locale (before the catalogue's 繁體 conversion).
    pub(super) fn text(&self, l: Locale) -> String {
        let text = self.text_base(l);
        if l == Locale::ZhHant { extra_traditional(&text) } else { text }
    }

    fn text_base(&self, l: Locale) -> String {
        let zh = l.zh();
        match self {
            FlipMsg::Challenge { game, challenger, invited, rules, per_move, rematch_of } => {
                let rules_t = match (rules.is_empty(), zh) {
                    (true, true) => "标准".to_string(),
                    (true, false) => "standard".to_string(),
                    (false, _) => rules.clone(),
                };
                let time = match per_move {
                    Some(s) if zh => format!("每步{}", super::duration(*s, l)),
                    Some(s) => format!("{} per ply", super::duration(*s, l)),
                    None if zh => "不限时".into(),
                    None => "no time limit".into(),
                };
                let re = match (rematch_of, zh) {
                    (Some(g), false) => format!(" (rematch of #{g}, P1 and P2 swapped)"),
                    (Some(g), true) => format!("（#{g} 的再战，先后手交换）"),
                    (None, _) => String::new(),
                };
                match (invited, zh) {
                    (Some(who), false) => format!(
                        "{challenger} challenges {who} to game #{game}{re}: 翻棋 junqi-flip (all 50 pieces dealt face down, no deployment), rules {rules_t}, {time}. {who}: accept {game} or decline {game}."
                    ),
                    (None, false) => format!(
                        "{challenger} opens game #{game}{re} to anyone: 翻棋 junqi-flip (all 50 pieces dealt face down, no deployment), rules {rules_t}, {time}. Take it with: accept {game}."
                    ),
                    (Some(who), true) => format!(
                        "{challenger} 向 {who} 发起对局 #{game}{re}：翻棋（50 个棋子全部背面朝上随机摆放，无需布阵），规则{rules_t}，{time}。{who}：accept {game} 接受，decline {game} 拒绝。"
                    ),
                    (None, true) => format!(
                        "{challenger} 发起公开对局 #{game}{re}：翻棋（50 个棋子全部背面朝上随机摆放，无需布阵），规则{rules_t}，{time}。任何人可用 accept {game} 应战。"
                    ),
                }
            }
            FlipMsg::Started { game, p1, p2, commit } => {
                if zh {
                    format!(
                        "对局 #{game} 成立（翻棋）：P1 {p1} 先走，P2 {p2}。公证人已把 50 个棋子背面朝上随机摆好，无需布阵。发牌承诺（“种子:发牌”的 SHA-256，fy-chacha20/1）：{commit}。对局结束时公布种子和发牌。"
                    )
                } else {
                    format!(
                        "Game #{game} is on (翻棋): P1 {p1} plays first, P2 {p2}. The referee has dealt all 50 pieces face down; nobody deploys. Commitment to the deal (SHA-256 of seed:deal, fy-chacha20/1): {commit}. The seed and the deal are published when the game ends."
                    )
                }
            }
            FlipMsg::ToPlay { game, player: p, user, colour: c } => match (c, zh) {
                (None, false) => format!(
                    "Game #{game}: {} ({user}) to play — colours are not set yet, so flip a face-down piece: flip {game} POINT.",
                    player(*p)
                ),
                (None, true) => {
                    format!("对局 #{game}：轮到 {}（{user}）——颜色未定，请翻开一个暗子：flip {game} 位置。", player(*p))
                }
                (Some(c), false) => format!(
                    "Game #{game}: {} ({user}, {}) to play: flip {game} POINT, or move {game} FROM-TO.",
                    player(*p),
                    colour(*c, l)
                ),
                (Some(c), true) => format!(
                    "对局 #{game}：轮到 {}（{user}，{}）：flip {game} 位置 翻子，或 move {game} 起点-终点 走子。",
                    player(*p),
                    colour(*c, l)
                ),
            },
            FlipMsg::Flipped { game, ply, player: p, user, point, colour: c, piece: pc, auto } => {
                let mut t = if *auto { auto_text(*p, user, zh) } else { String::new() };
                if zh {
                    t.push_str(&format!(
                        "#{game} 第{ply}手：{}（{user}）翻开 {point}：{}{}。",
                        player(*p),
                        colour(*c, l),
                        piece(*pc, l)
                    ));
                } else {
                    t.push_str(&format!(
                        "#{game} ply {ply}: {} ({user}) flips {point}: {} {}.",
                        player(*p),
                        colour(*c, l),
                        piece(*pc, l)
                    ));
                }
                t
            }
            FlipMsg::Colours { game, p1, p1_colour, p2 } => {
                let (a, b) = (colour(*p1_colour, l), colour(crate::rules::flip::other_colour(*p1_colour), l));
                if zh {
                    format!("对局 #{game}：颜色已定——P1 {p1} 执{a}，P2 {p2} 执{b}。")
                } else {
                    format!("Game #{game}: colours are set — P1 {p1} plays {a}, P2 {p2} plays {b}.")
                }
            }
            FlipMsg::Moved { game, ply, player: p, user, colour: c, mv, outcome, names, auto } => {
                let mut t = if *auto { auto_text(*p, user, zh) } else { String::new() };
                let who = player(*p);
                let c = colour(*c, l);
                let vs = names
                    .map(|(a, d)| {
                        if zh {
                            format!("（{}对{}）", piece(a, l), piece(d, l))
                        } else {
                            format!(" ({} against {})", piece(a, l), piece(d, l))
                        }
                    })
                    .unwrap_or_default();
                t.push_str(&match (outcome_text(*outcome, zh), zh) {
                    (None, false) => format!("#{game} ply {ply}: {who} ({user}, {c}) {mv}."),
                    (None, true) => format!("#{game} 第{ply}手：{who}（{user}，{c}）{mv}。"),
                    (Some(o), false) => format!("#{game} ply {ply}: {who} ({user}, {c}) {mv} attacks{vs}: {o}."),
                    (Some(o), true) => format!("#{game} 第{ply}手：{who}（{user}，{c}）{mv} 进攻{vs}：{o}。"),
                });
                t
            }
            FlipMsg::Over { game, winner, reason } => {
                let r = reason_text(*reason, l);
                match (winner, zh) {
                    (Some((p, u)), false) => format!("Game #{game} is over: {} ({u}) wins — {r}.", player(*p)),
                    (Some((p, u)), true) => format!("对局 #{game} 结束：{}（{u}）胜——{r}。", player(*p)),
                    (None, false) => format!("Game #{game} is over: a draw — {r}."),
                    (None, true) => format!("对局 #{game} 结束：和棋——{r}。"),
                }
            }
            FlipMsg::Published { game, seed, deal, commit } => {
                if zh {
                    format!(
                        "对局 #{game} 公布发牌：种子 {seed}，洗牌算法 fy-chacha20/1，发牌 {deal}。“种子:发牌”的 SHA-256 是 {commit}，即开局时公布的承诺；棋谱可用 junqi-referee replay 校验。"
                    )
                } else {
                    format!(
                        "Game #{game}: the deal is published — seed {seed}, shuffle fy-chacha20/1, deal {deal}. SHA-256 of seed:deal is {commit}, the commitment posted at the start; check the record with junqi-referee replay."
                    )
                }
            }
            FlipMsg::DrawOffered { game, player: p, user } => {
                if zh {
                    format!(
                        "对局 #{game}：{}（{user}）提议和棋（draw {game} accept / draw {game} decline）。",
                        player(*p)
                    )
                } else {
                    format!(
                        "Game #{game}: {} ({user}) offers a draw (draw {game} accept / draw {game} decline).",
                        player(*p)
                    )
                }
            }
            FlipMsg::Status { game, status, ply, face_down, p1_colour } => {
                let colours = match (p1_colour, zh) {
                    (Some(c), false) => format!("P1 plays {}", colour(*c, l)),
                    (Some(c), true) => format!("P1 执{}", colour(*c, l)),
                    (None, false) => "colours not set yet".into(),
                    (None, true) => "颜色未定".into(),
                };
                if zh {
                    format!(
                        "对局 #{game}（翻棋）：{}，已走{ply}手，还有{face_down}个暗子，{colours}。",
                        super::status_text(status, l)
                    )
                } else {
                    format!("Game #{game} (翻棋): {status}, {ply} plies played, {face_down} face down, {colours}.")
                }
            }
        }
    }
}

fn flip_error_zh(e: &FlipError) -> String {
    match e {
        FlipError::GameOver => "对局已结束".into(),
        FlipError::NoPiece(p) => format!("{p} 上没有棋子"),
        FlipError::AlreadyFaceUp(p) => format!("{p} 上的棋子已经翻开；请翻一个暗子，或走你自己的明子"),
        FlipError::FaceDown(p) => format!("{p} 上是暗子，翻开之前不能移动"),
        FlipError::FaceDownTarget(p) => format!("{p} 上是暗子，不能被攻击"),
        FlipError::NoColourYet => "颜色还没确定，现在每一手都必须翻子".into(),
        FlipError::NotYourColour(p, c) => {
            let c = if *c == "red" { "红方" } else { "蓝方" };
            format!("{p} 上的棋子属于{c}，不是你的颜色")
        }
        FlipError::FlagMines { point, left } => {
            format!("{point} 上的军旗还不能攻击：同色的地雷还剩{left}个（flag-mines=on）")
        }
        FlipError::FlagTakerEngineer => "只有工兵可以夺旗（flag-taker=engineer）".into(),
        FlipError::FlagTakerSmallest(p) => {
            format!("只有你最小的军官可以夺旗，{p} 上的棋子不是（flag-taker=smallest）")
        }
        FlipError::Suicide { from, to } => {
            format!("{from}-{to} 只会白白送掉你的棋子，本局规则禁止（suicide=forbidden）")
        }
        FlipError::WrongReveal { point, claimed, actual } => {
            format!("{point} 上是 {actual}，不是所写的 {claimed}")
        }
        FlipError::Move(m) => illegal_zh(m),
    }
}

impl FlipMistake {
    /// The mistake in Chinese (English is its `Display`, finished by the catalogue).
    pub(super) fn zh(&self, l: Locale) -> String {
        let text = match self {
            FlipMistake::Illegal(e) => format!("不合法的一手：{}。", flip_error_zh(e)),
            FlipMistake::BadPly(ActionError::Unreadable(t)) => {
                format!("“{t}”既不是翻子（flip c6、+c6、翻c6）也不是走子（c6-c7）。")
            }
            FlipMistake::BadPly(ActionError::BadPiece(t)) => {
                format!("“=”后面的“{t}”不是棋子字母（红方 a–l，蓝方 A–L）。")
            }
            FlipMistake::BadOptions(e) => format!("规则选项有误：{e}。"),
            FlipMistake::NoMode(m) => {
                format!("翻棋没有可见模式（“{m}”）：翻开的棋子人人可见，暗子谁也看不到。")
            }
            FlipMistake::NoDeployment(g) => format!("对局 #{g} 是翻棋：公证人把所有棋子背面朝上摆好，无需布阵。"),
            FlipMistake::NoMarks(g) => format!("对局 #{g} 是翻棋：标记用于看不见的敌方棋子，而暗子谁也看不到。"),
            FlipMistake::NoEntropy(e) => format!("公证人无法从系统取得随机种子（{e}），请再试一次。"),
        };
        if l == Locale::ZhHant { extra_traditional(&text) } else { text }
    }
}

/// The catalogue converts 简体 to 繁體 after this module; the characters below occur only in
/// flip texts, so they are converted here (only for 繁體, see [`FlipMsg::text`]).
const SIMPLIFIED_EXTRA: &str = "与将属摆敌机确统见诺谁谱随验会";
const TRADITIONAL_EXTRA: &str = "與將屬擺敵機確統見諾誰譜隨驗會";

fn extra_traditional(text: &str) -> String {
    text.chars()
        .map(|c| {
            SIMPLIFIED_EXTRA.chars().position(|s| s == c).and_then(|i| TRADITIONAL_EXTRA.chars().nth(i)).unwrap_or(c)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flip_texts_speak_both_languages() {
        let pc = PieceName { zh: "连长", en: "Captain" };
        let m = FlipMsg::Flipped {
            game: 1,
            ply: 1,
            player: Player::P1,
            user: "alice".into(),
            point: "c6".into(),
            colour: Seat::BLUE,
            piece: pc,
            auto: false,
        };
        assert_eq!(m.text(Locale::En), "#1 ply 1: P1 (alice) flips c6: Blue Captain.");
        assert_eq!(m.text(Locale::ZhHans), "#1 第1手：P1（alice）翻开 c6：蓝方连长。");
        let s = FlipMsg::Started { game: 2, p1: "a".into(), p2: "b".into(), commit: "00".into() };
        assert!(s.text(Locale::ZhHant).contains("擺") && !s.text(Locale::ZhHant).contains("摆"));
        let e = FlipMistake::Illegal(FlipError::NoColourYet);
        assert!(e.zh(Locale::ZhHant).contains("確") && e.zh(Locale::ZhHans).contains("确"));
        assert_eq!(SIMPLIFIED_EXTRA.chars().count(), TRADITIONAL_EXTRA.chars().count());
        for e in [
            FlipMistake::Illegal(FlipError::AlreadyFaceUp("c6".into())),
            FlipMistake::Illegal(FlipError::NotYourColour("c6".into(), "blue")),
            FlipMistake::BadPly(ActionError::Unreadable("zz".into())),
            FlipMistake::NoMode("reveal".into()),
            FlipMistake::NoDeployment(3),
        ] {
            assert_ne!(e.to_string(), e.zh(Locale::ZhHans));
            assert!(e.zh(Locale::ZhHans).ends_with('。'));
        }
    }
}
