//! The message catalogue: every text a user sees, in English and 简体中文, and in 繁體中文 by a
//! character table over the 简体 texts. The referee builds a [`Msg`] from public
//! data only, then renders it in each recipient's locale.

use std::fmt::Write as _;

use crate::rules::game::IllegalMove;
use crate::rules::options::OptionsError;
use crate::rules::setup::SetupParseError;
use crate::rules::{EndReason, Outcome};

pub mod flip;

/// A language of the catalogue.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Locale {
    /// English.
    #[default]
    En,
    /// 简体中文.
    ZhHans,
    /// 繁體中文 (the 简体 texts converted by [`to_traditional`]).
    ZhHant,
}

impl Locale {
    /// Reads a locale tag: `en`, `zh`, `zh-CN`, `zh-Hans`, `zh-TW`, `zh-Hant`, `中文`, `简体`, `繁體`.
    pub fn parse(tag: &str) -> Option<Locale> {
        match tag.trim().to_lowercase().replace('_', "-").as_str() {
            "en" | "en-us" | "en-gb" | "english" => Some(Locale::En),
            "zh" | "zh-cn" | "zh-hans" | "zh-sg" | "中文" | "简体" | "简体中文" => Some(Locale::ZhHans),
            "zh-tw" | "zh-hk" | "zh-hant" | "繁體" | "繁體中文" => Some(Locale::ZhHant),
            _ => None,
        }
    }

    /// The canonical tag stored in the database.
    pub fn tag(self) -> &'static str {
        match self {
            Locale::En => "en",
            Locale::ZhHans => "zh-CN",
            Locale::ZhHant => "zh-TW",
        }
    }

    fn zh(self) -> bool {
        self != Locale::En
    }
}

/// A piece's names, taken from the variant's piece table.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PieceName {
    /// Chinese name (司令).
    pub zh: &'static str,
    /// English name (Field Marshal).
    pub en: &'static str,
}

/// A seat as messages name it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SeatName(pub u8);

impl SeatName {
    fn text(self, l: Locale) -> &'static str {
        match (self.0, l.zh()) {
            (n, zh) if n >= SeatName::CROSS => cross_seat_text(n - SeatName::CROSS, zh),
            (0, false) => "Red",
            (0, true) => "红方",
            (_, false) => "Blue",
            (_, true) => "蓝方",
        }
    }
}

/// A user-visible message, built from public facts only.
#[derive(Clone, Debug, PartialEq)]
pub enum Msg {
    /// A new challenge (invited is None for an open one).
    Challenge {
        /// Game id.
        game: i64,
        /// Who challenges.
        challenger: String,
        /// Who is invited.
        invited: Option<String>,
        /// Variant name.
        variant: String,
        /// `dark`, `reveal`, `open`.
        mode: String,
        /// Non-default rule options (empty for standard).
        rules: String,
        /// Seconds per move.
        per_move: Option<i64>,
        /// Whether this challenge is a rematch.
        rematch_of: Option<i64>,
    },
    /// A challenge was accepted; the seats.
    Accepted {
        /// Game id.
        game: i64,
        /// Red player.
        red: String,
        /// Blue player.
        blue: String,
    },
    /// A challenge was declined.
    Declined {
        /// Game id.
        game: i64,
        /// Who declined.
        by: String,
    },
    /// A challenge expired unanswered.
    Expired {
        /// Game id.
        game: i64,
    },
    /// Private: please deploy.
    DeployPrompt {
        /// Game id.
        game: i64,
        /// The seat to deploy.
        seat: SeatName,
        /// The player's last layout, offered again.
        last: Option<String>,
    },
    /// Private: your deployment is in.
    DeployTaken {
        /// Game id.
        game: i64,
        /// The layout in rows.
        rows: String,
    },
    /// Public: a seat has deployed (not what).
    Deployed {
        /// Game id.
        game: i64,
        /// Who.
        seat: SeatName,
    },
    /// Public: the game begins.
    Started {
        /// Game id.
        game: i64,
        /// Who moves first.
        first: SeatName,
        /// Their name.
        user: String,
    },
    /// Public: one ply, as a spectator may know it.
    Ply {
        /// Game id.
        game: i64,
        /// Ply number.
        ply: u32,
        /// Who moved.
        seat: SeatName,
        /// Their name.
        user: String,
        /// The move (`c6-c7`).
        mv: String,
        /// The outcome class.
        outcome: Outcome,
        /// Both pieces' names where the mode makes them public.
        names: Option<(PieceName, PieceName)>,
        /// What the rules made public: (seat, piece, point).
        revealed: Vec<(SeatName, PieceName, String)>,
        /// Whether the referee moved for a player whose time ran out.
        auto: bool,
    },
    /// Public: whose turn it is.
    ToMove {
        /// Game id.
        game: i64,
        /// The seat to move.
        seat: SeatName,
        /// Their name.
        user: String,
    },
    /// Public: the result.
    Over {
        /// Game id.
        game: i64,
        /// The winner, or None for a draw.
        winner: Option<(SeatName, String)>,
        /// Why.
        reason: EndReason,
    },
    /// Public, after the end: both deployments.
    Setups {
        /// Game id.
        game: i64,
        /// Red's layout in rows.
        red: String,
        /// Blue's layout in rows.
        blue: String,
    },
    /// Public: a draw offer.
    DrawOffered {
        /// Game id.
        game: i64,
        /// Who offers.
        seat: SeatName,
        /// Their name.
        user: String,
    },
    /// Public: a draw offer declined.
    DrawDeclined {
        /// Game id.
        game: i64,
        /// Who declined.
        user: String,
    },
    /// Public: aborted before the first move.
    Aborted {
        /// Game id.
        game: i64,
        /// Who aborted.
        by: String,
    },
    /// Private: a deadline is near.
    Reminder {
        /// Game id.
        game: i64,
        /// Seconds left.
        left: i64,
    },
    /// Private: saved a layout.
    LayoutSaved {
        /// Its name.
        name: String,
    },
    /// Private: deleted a layout.
    LayoutDeleted {
        /// Its name.
        name: String,
    },
    /// Private: the user's layouts (name, rows).
    Layouts {
        /// The layouts.
        items: Vec<(String, String)>,
    },
    /// Private: locale changed.
    LocaleSet,
    /// Private: on vacation until at the latest.
    VacationOn {
        /// Seconds of allowance left at the start.
        left: i64,
    },
    /// Private: back from vacation.
    VacationOff,
    /// Private: a summary of a game for its player or a spectator.
    Status {
        /// Game id.
        game: i64,
        /// Status word.
        status: String,
        /// Ply count.
        ply: u32,
    },
    /// Private: the server's settings after a change.
    ServerSettings {
        /// Default locale tag.
        locale: String,
        /// Vacation days per month.
        vacation_days: i64,
        /// Seconds a challenge waits.
        challenge_ttl: i64,
    },
    /// A user's mistake.
    Mistake(Mistake),
    /// Private: a mark (a guess on an enemy piece) is set; only its owner sees it.
    Marked {
        /// Game id.
        game: i64,
        /// Point name.
        point: String,
        /// The guessed piece.
        piece: PieceName,
    },
    /// Private: a mark is cleared.
    Unmarked {
        /// Game id.
        game: i64,
        /// Point name.
        point: String,
    },
    /// Private: the deployment prompt for players who deploy on a panel of buttons (the bot),
    /// rather than by typed commands ([`Msg::DeployPrompt`]).
    DeployPanel {
        /// Game id.
        game: i64,
        /// The seat to deploy.
        seat: SeatName,
        /// The panel shows the player's last layout (else a random suggestion).
        last: bool,
    },
    /// Private: the server's adapter options after a change.
    ServerOptions {
        /// Announcements channel (as the adapter shows it), if any.
        announcements: Option<String>,
        /// One thread per game (None: the bot's default).
        thread_per_game: Option<bool>,
        /// Default time control, if any.
        default_time: Option<String>,
        /// Default language tag.
        locale: String,
    },
    /// Private: a vacation of a number of days began.
    VacationFor {
        /// Days asked for.
        days: i64,
        /// Seconds the vacation lasts at most (the days, or less when the allowance is shorter).
        lasts: i64,
    },
    /// Tournaments and ratings.
    Tournament(super::tournament::TournamentMsg),
    /// Games on the 4-player board (see [`SeatMsg`]).
    Seats(SeatMsg),
    /// 翻棋 (junqi-flip) announcements.
    Flip(flip::FlipMsg),
}

/// A user's mistake: the command is refused and nothing changes.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Mistake {
    /// No game has this id.
    #[error("there is no game #{0}")]
    UnknownGame(i64),
    /// The user does not sit in (or was not invited to) this game.
    #[error("you are not a player of game #{0}")]
    NotYourGame(i64),
    /// The other side is to move.
    #[error("it is not your turn in game #{0}")]
    NotYourTurn(i64),
    /// The game is not in a state that allows this command.
    #[error("game #{game} is {status}; that is not possible now")]
    WrongState {
        /// Game id.
        game: i64,
        /// Its status.
        status: String,
    },
    /// The rules refuse the move.
    #[error("illegal move: {0}")]
    Illegal(IllegalMove),
    /// The move could not be read.
    #[error("'{0}' is not a move; write from-to, e.g. c6-c7")]
    BadMove(String),
    /// The deployment could not be read.
    #[error("the deployment cannot be read: {0}")]
    BadSetup(SetupParseError),
    /// The deployment breaks rules: every broken rule with its points, in English and in Chinese.
    #[error("the deployment breaks the rules: {}", en.join("; "))]
    SetupViolations {
        /// English descriptions.
        en: Vec<String>,
        /// Chinese descriptions.
        zh: Vec<String>,
    },
    /// No saved layout of that name.
    #[error("no layout named '{0}'")]
    UnknownLayout(String),
    /// A bad rule option.
    #[error("{0}")]
    BadOption(OptionsError),
    /// Unknown visibility mode.
    #[error("unknown mode '{0}'; use dark, reveal or open")]
    BadMode(String),
    /// Unknown variant.
    #[error("unknown variant '{0}'; use junqi, junqi4, junqi4-duel or junqi-flip")]
    BadVariant(String),
    /// Unknown time control.
    #[error("unknown time control '{0}'; use 10m, 1h, 1d, 3d or none")]
    BadTime(String),
    /// A time control under the shortest (a minute).
    #[error("time control '{0}' is too short; the shortest is 1 minute (1m)")]
    TimeTooShort(String),
    /// A time control over the longest (30 days), however many digits it has.
    #[error("time control '{0}' is too long; the longest is 30 days (30d)")]
    TimeTooLong(String),
    /// Challenging oneself.
    #[error("you cannot challenge yourself")]
    SelfChallenge,
    /// Accepting a challenge meant for someone else.
    #[error("challenge #{0} is meant for someone else")]
    NotInvited(i64),
    /// Accepting one's own challenge.
    #[error("you cannot accept your own challenge #{0}")]
    OwnChallenge(i64),
    /// No draw offer to answer.
    #[error("there is no draw offer to answer in game #{0}")]
    NoDrawOffer(i64),
    /// Answering one's own draw offer.
    #[error("you cannot answer your own draw offer in game #{0}")]
    OwnDrawOffer(i64),
    /// Abort after the first move.
    #[error("game #{0} has begun; resign or offer a draw instead of aborting")]
    TooLateToAbort(i64),
    /// Rematch of a game not finished.
    #[error("game #{0} is not over, so there is no rematch yet")]
    NotOver(i64),
    /// Unknown locale.
    #[error("unknown language '{0}'; use en, zh-CN or zh-TW")]
    BadLocale(String),
    /// Vacation already on.
    #[error("you are already on vacation")]
    AlreadyOnVacation,
    /// Vacation not on.
    #[error("you are not on vacation")]
    NotOnVacation,
    /// No allowance left this month.
    #[error("no vacation days are left this month")]
    NoVacationLeft,
    /// A layout name that is empty or too long.
    #[error("a layout name is 1 to 32 characters without spaces")]
    BadLayoutName,
    /// A vacation allowance out of range.
    #[error("a vacation allowance is 0 to 31 days per month, not {0}")]
    BadVacationDays(i64),
    /// A point name that is not on the board.
    #[error("'{0}' is not a point of the board; write e.g. c9")]
    BadPoint(String),
    /// A piece name that is not in the game.
    #[error("'{0}' is not a piece; write a name such as 司令 or marshal, or a code a–l")]
    BadPiece(String),
    /// A mark on a point without an enemy piece.
    #[error("there is no enemy piece on {0} to mark")]
    NoEnemyPiece(String),
    /// A mark on an enemy piece whose identity the player already knows.
    #[error("you already know the piece on {0}; marks are for pieces you cannot see")]
    PieceKnown(String),
    /// Clearing a mark that is not there.
    #[error("you have no mark on {0}")]
    NoMark(String),
    /// A vacation length out of range.
    #[error("a vacation is 1 to 31 days, not {0}")]
    BadVacationLength(i64),
    /// A tournament or rating mistake.
    #[error("{0}")]
    Tournament(super::tournament::TournamentMistake),
    /// A mistake about seats (see [`SeatMistake`]).
    #[error("{0}")]
    Seats(SeatMistake),
    /// A mistake only a 翻棋 game can make.
    #[error("{0}")]
    Flip(flip::FlipMistake),
    /// A mistake in a game refereed through the game contract.
    #[error(transparent)]
    Game(super::lifecycle::GameMistake),
}

fn duration(secs: i64, l: Locale) -> String {
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

fn mode_text(mode: &str, l: Locale) -> &'static str {
    match (mode, l.zh()) {
        ("dark", false) => "dark (hidden pieces, referee)",
        ("dark", true) => "暗棋（公证人）",
        ("reveal", false) => "reveal (combats named)",
        ("reveal", true) => "密布明战",
        (_, false) => "open",
        (_, true) => "明棋",
    }
}

fn reason_text(r: EndReason, l: Locale) -> &'static str {
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
fn status_text(status: &str, l: Locale) -> &str {
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

fn piece(p: PieceName, l: Locale) -> &'static str {
    if l.zh() { p.zh } else { p.en }
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

fn illegal_zh(e: &IllegalMove) -> String {
    match e {
        IllegalMove::GameOver => "对局已结束".into(),
        IllegalMove::NoPiece(p) => format!("{p} 上没有棋子"),
        IllegalMove::NotYourPiece(p) => format!("{p} 上的棋子不是你的"),
        IllegalMove::Immobile(p) => format!("{p} 上的棋子不能移动（军旗或地雷）"),
        IllegalMove::InHeadquarters(p) => format!("{p} 上的棋子在大本营里，不能再移动"),
        IllegalMove::OwnPiece(p) => format!("{p} 上是己方棋子"),
        IllegalMove::CampProtected(p) => format!("行营 {p} 里的棋子不能被攻击"),
        IllegalMove::BombOnFlag => "本局规则下炸弹不能攻击军旗".into(),
        IllegalMove::Unreachable { from, to } => format!("{from} 一步走不到 {to}"),
        IllegalMove::NullMove(p) => format!("起点和终点都是 {p}"),
    }
}

fn setup_parse_zh(e: &SetupParseError) -> String {
    match e {
        SetupParseError::UnknownToken { line, token } => {
            format!("第{line}行“{token}”不是棋子（用 a–l 代码、司令等名称或 40–33）")
        }
        SetupParseError::MisplacedCamp { line, token, slot } => {
            format!("第{line}行“{token}”：行营记号，但这一排第{slot}格不是行营")
        }
        SetupParseError::PieceOnCamp { line, token, slot } => {
            format!("第{line}行“{token}”：这一排第{slot}格是行营，请写 +")
        }
        SetupParseError::WrongCount { expected, found } => format!("布阵应有{expected}个棋子，这里有{found}个"),
    }
}

impl Mistake {
    /// The mistake in a locale.
    pub fn render(&self, l: Locale) -> String {
        let text = self.render_base(l);
        if l == Locale::ZhHant { to_traditional(&text) } else { text }
    }

    fn render_base(&self, l: Locale) -> String {
        if !l.zh() {
            let mut s = self.to_string();
            if let Some(c) = s.get(0..1) {
                let up = c.to_uppercase();
                s.replace_range(0..1, &up);
            }
            return s + ".";
        }
        match self {
            Mistake::Tournament(m) => m.zh(),
            Mistake::Seats(m) => m.zh(),
            Mistake::Flip(m) => m.zh(l),
            Mistake::Game(m) => m.zh(),
            Mistake::UnknownGame(g) => format!("没有对局 #{g}。"),
            Mistake::NotYourGame(g) => format!("你不是对局 #{g} 的棋手。"),
            Mistake::NotYourTurn(g) => format!("对局 #{g} 还没轮到你。"),
            Mistake::WrongState { game, status } => {
                format!("对局 #{game} 当前{}，现在不能这样做。", status_text(status, l))
            }
            Mistake::Illegal(e) => format!("不合法的走法：{}。", illegal_zh(e)),
            Mistake::BadMove(m) => format!("“{m}”不是走法；请写 起点-终点，例如 c6-c7。"),
            Mistake::BadSetup(e) => format!("无法读取布阵：{}。", setup_parse_zh(e)),
            Mistake::SetupViolations { zh, .. } => format!("布阵违反规则：{}。", zh.join("；")),
            Mistake::UnknownLayout(n) => format!("没有名为“{n}”的布阵。"),
            Mistake::BadOption(e) => format!("规则选项有误：{e}。"),
            Mistake::BadMode(m) => format!("未知模式“{m}”；请用 dark、reveal 或 open。"),
            Mistake::BadVariant(v) => format!(
                "未知棋种“{v}”；请用 junqi（军棋）、junqi4（四国）、junqi4-duel（四国板双人）或 junqi-flip（翻棋）。"
            ),
            Mistake::BadTime(t) => format!("未知限时“{t}”；请用 10m、1h、1d、3d 或 none。"),
            Mistake::TimeTooShort(t) => format!("限时“{t}”太短；最短为1分钟（1m）。"),
            Mistake::TimeTooLong(t) => format!("限时“{t}”太长；最长为30天（30d）。"),
            Mistake::SelfChallenge => "不能向自己挑战。".into(),
            Mistake::NotInvited(g) => format!("对局 #{g} 的邀请不是给你的。"),
            Mistake::OwnChallenge(g) => format!("不能接受自己发起的对局 #{g}。"),
            Mistake::NoDrawOffer(g) => format!("对局 #{g} 没有待回应的和棋提议。"),
            Mistake::OwnDrawOffer(g) => format!("不能回应自己在对局 #{g} 的和棋提议。"),
            Mistake::TooLateToAbort(g) => format!("对局 #{g} 已经开始走棋，请认输或提和，不能取消。"),
            Mistake::NotOver(g) => format!("对局 #{g} 尚未结束，不能再战。"),
            Mistake::BadLocale(t) => format!("未知语言“{t}”；请用 en、zh-CN 或 zh-TW。"),
            Mistake::AlreadyOnVacation => "你已经在休假中。".into(),
            Mistake::NotOnVacation => "你没有在休假。".into(),
            Mistake::NoVacationLeft => "本月的假期已用完。".into(),
            Mistake::BadLayoutName => "布阵名称为1到32个字符，不含空格。".into(),
            Mistake::BadVacationDays(d) => format!("每月假期应为0到31天，不能是{d}。"),
            Mistake::BadPoint(p) => format!("“{p}”不是棋盘上的位置；请写例如 c9。"),
            Mistake::BadPiece(p) => format!("“{p}”不是棋子；请写名称（如 司令）或代码 a–l。"),
            Mistake::NoEnemyPiece(p) => format!("{p} 上没有可以标记的敌方棋子。"),
            Mistake::PieceKnown(p) => format!("你已经知道 {p} 上是什么棋子；标记用于看不见的棋子。"),
            Mistake::NoMark(p) => format!("你在 {p} 上没有标记。"),
            Mistake::BadVacationLength(d) => format!("假期应为1到31天，不能是{d}。"),
        }
    }
}

/// The violation list of a deployment in a locale, one entry per broken rule with its points.
pub fn violation_text(v: &crate::rules::setup::Violation, variant: &crate::rules::Variant, l: Locale) -> String {
    use crate::rules::setup::Violation;
    if !l.zh() {
        return v.describe(variant);
    }
    let names = |ps: &[crate::rules::PointId]| ps.iter().map(|&p| variant.board.name(p)).collect::<Vec<_>>().join(" ");
    match v {
        Violation::FlagNotInHeadquarters { points } => format!("规则1：军旗必须放在大本营，现在在 {}", names(points)),
        Violation::MineOutsideBackRows { points } => format!("规则2：地雷只能放在最后两排，现在在 {}", names(points)),
        Violation::BombInFrontRow { points } => format!("规则3：炸弹不能放在第一排，现在在 {}", names(points)),
        Violation::WrongCount { kind, found, expected, points } => {
            let d = variant.piece(*kind);
            let at = if points.is_empty() { String::new() } else { format!("（在 {}）", names(points)) };
            format!("规则5：{}有{}个，应为{}个{}", d.zh, found, expected, at)
        }
    }
}

/// Converts catalogue text to 繁體: the one table of the rules crate's [`crate::rules::contract::Lang`].
pub fn to_traditional(text: &str) -> String {
    crate::rules::contract::to_traditional(text)
}

// ---------------------------------------------------------------------------------------------
// Games on the 4-player board (四国军棋 and junqi4-duel, `rules-junqi4.md`)

impl SeatName {
    /// Seats of the cross-shaped board are `CROSS + territory` (0..4 = S, E, N, W), so that the
    /// messages shared with the 2-player game name them South … West rather than Red/Blue.
    pub const CROSS: u8 = 0x10;

    /// How messages name `seat` of `variant`: Red/Blue in 2-player Junqi, the compass seat of
    /// its territory on the cross board (North is seat 1 of `junqi4-duel`).
    pub fn of(variant: &crate::rules::Variant, seat: crate::rules::Seat) -> SeatName {
        if !variant.is_cross_board() {
            return SeatName(seat.0);
        }
        let t = match variant.seat_name(seat) {
            "s" => 0,
            "e" => 1,
            "n" => 2,
            _ => 3,
        };
        SeatName(SeatName::CROSS + t)
    }
}

fn cross_seat_text(territory: u8, zh: bool) -> &'static str {
    match (territory, zh) {
        (0, false) => "South",
        (0, true) => "南家",
        (1, false) => "East",
        (1, true) => "东家",
        (2, false) => "North",
        (2, true) => "北家",
        (_, false) => "West",
        (_, true) => "西家",
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locales_parse_and_render() {
        assert_eq!(Locale::parse("zh_CN"), Some(Locale::ZhHans));
        assert_eq!(Locale::parse("zh-TW"), Some(Locale::ZhHant));
        assert_eq!(Locale::parse("fr"), None);
        let m = Msg::Accepted { game: 3, red: "a".into(), blue: "b".into() };
        assert_eq!(m.render(Locale::En), "Game #3 is on: Red a, Blue b. Both players now deploy in private.");
        assert_eq!(m.render(Locale::ZhHans), "对局 #3 成立：红方 a，蓝方 b。双方请私下布阵。");
        assert_eq!(m.render(Locale::ZhHant), "對局 #3 成立：紅方 a，藍方 b。雙方請私下布陣。");
        assert_eq!(Mistake::NotYourTurn(2).render(Locale::ZhHant), "對局 #2 還沒輪到你。");
    }

    #[test]
    fn marks_panels_and_options_speak_both_languages() {
        let piece = PieceName { zh: "司令", en: "marshal" };
        let m = Msg::Marked { game: 1, point: "c9".into(), piece };
        assert!(m.render(Locale::En).contains("c9 as marshal?"));
        assert!(m.render(Locale::ZhHans).contains("c9 标记“司令？”"));
        let p = Msg::DeployPanel { game: 2, seat: SeatName(1), last: false };
        assert!(p.render(Locale::En).contains("Confirm") && !p.render(Locale::En).contains("deploy 2"));
        assert!(p.render(Locale::ZhHans).contains("确认布阵") && p.render(Locale::ZhHans).contains("蓝方"));
        let o = Msg::ServerOptions {
            announcements: Some("<#5>".into()),
            thread_per_game: None,
            default_time: Some("none".into()),
            locale: "en".into(),
        };
        assert!(o.render(Locale::En).contains("<#5>") && o.render(Locale::En).contains("per move none"));
        assert!(o.render(Locale::ZhHans).contains("不限时"));
        let v = Msg::VacationFor { days: 3, lasts: 259_200 };
        assert!(v.render(Locale::En).contains("3 d") && v.render(Locale::ZhHans).contains("3天"));
        for m in [
            Mistake::BadPoint("z9".into()),
            Mistake::BadPiece("x".into()),
            Mistake::NoEnemyPiece("c9".into()),
            Mistake::PieceKnown("c9".into()),
            Mistake::NoMark("c9".into()),
            Mistake::BadVacationLength(40),
            Mistake::TimeTooShort("30s".into()),
            Mistake::TimeTooLong("999999999999999d".into()),
        ] {
            assert_ne!(m.render(Locale::En), m.render(Locale::ZhHans));
            assert!(m.render(Locale::En).ends_with('.'));
        }
    }

    #[test]
    fn seat_messages_speak_both_languages_and_traditional() {
        let v = crate::rules::Variant::junqi4();
        let (s, e) = (SeatName::of(v, crate::rules::Seat(0)), SeatName::of(v, crate::rules::Seat(1)));
        let m = Msg::Seats(SeatMsg::Joined { game: 4, user: "bob".into(), seat: e, free: vec![s] });
        assert_eq!(m.render(Locale::En), "Game #4: bob sits East; free seats: South.");
        assert_eq!(m.render(Locale::ZhHans), "对局 #4：bob 坐东家；空位：南家。");
        assert_eq!(m.render(Locale::ZhHant), "對局 #4：bob 坐東家；空位：南家。");
        let full = Mistake::Seats(SeatMistake::Full(4));
        assert_eq!(full.render(Locale::En), "Game #4 is full: every seat is taken.");
        assert_eq!(full.render(Locale::ZhHant), "對局 #4 人已滿，沒有空位。");
        // The duel's North is seat 1 but named North; 2-player seats keep Red/Blue.
        let duel = crate::rules::Variant::junqi4_duel();
        assert_eq!(SeatName::of(duel, crate::rules::Seat(1)).text(Locale::En), "North");
        assert_eq!(SeatName::of(crate::rules::Variant::junqi(), crate::rules::Seat(1)), SeatName(1));
    }
}
