//! A user's mistakes (`Mistake`) and their texts, with the rules' refusals and deployment violations in Chinese.

use super::msg_render::status_text;
use super::{Locale, to_traditional};
use crate::rules::echo::echo;
use crate::rules::options::OptionsError;

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
    /// No saved layout of that name.
    #[error("no layout named '{}'", echo(.0))]
    UnknownLayout(String),
    /// A bad rule option.
    #[error("{0}")]
    BadOption(OptionsError),
    /// Unknown visibility mode.
    #[error("unknown mode '{}'; use {offered}", echo(.mode))]
    BadMode {
        /// What was asked for.
        mode: String,
        /// The modes the game offers, comma-separated.
        offered: String,
    },
    /// Unknown variant.
    #[error("unknown variant '{}'; use {known}", echo(.0), known = kinds_named(false))]
    BadVariant(String),
    /// Unknown time control.
    #[error("unknown time control '{}'; use 30s, 10m, 1h, 1d, 3d or none", echo(.0))]
    BadTime(String),
    /// A time control under the shortest (ten seconds).
    #[error("time control '{}' is too short; the shortest is 10 seconds (10s)", echo(.0))]
    TimeTooShort(String),
    /// A time control over the longest (30 days), however many digits it has.
    #[error("time control '{}' is too long; the longest is 30 days (30d)", echo(.0))]
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
    #[error("unknown language '{}'; use en, zh-CN or zh-TW", echo(.0))]
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
    #[error("'{}' is not a point of the board; write e.g. c9", echo(.0))]
    BadPoint(String),
    /// A piece name that is not in the game.
    #[error("'{}' is not a piece; write a name such as 司令 or marshal, or a code a–l", echo(.0))]
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
    /// A text longer than any command reads ([`crate::referee::MAX_TEXT_BYTES`]).
    #[error("'{start}' is {bytes} bytes long; a command's text is at most {max} bytes", max = crate::referee::MAX_TEXT_BYTES)]
    TooLong {
        /// Its start, cut for quoting.
        start: String,
        /// Its length in bytes.
        bytes: usize,
    },
    /// A mistake in a game refereed through the game contract.
    #[error(transparent)]
    Game(super::lifecycle::GameMistake),
}

impl Mistake {
    /// The mistake in a locale.
    pub fn render(&self, l: Locale) -> String {
        let text = self.render_base(l);
        if l == Locale::ZhHant { to_traditional(&text) } else { text }
    }

    pub(super) fn render_base(&self, l: Locale) -> String {
        if !l.is_zh() {
            let mut s = self.to_string();
            if let Some(c) = s.get(0..1) {
                let up = c.to_uppercase();
                s.replace_range(0..1, &up);
            }
            return s + ".";
        }
        match self {
            Mistake::Tournament(m) => m.zh(),
            Mistake::Game(m) => m.zh(),
            Mistake::UnknownGame(g) => format!("没有对局 #{g}。"),
            Mistake::NotYourGame(g) => format!("你不是对局 #{g} 的棋手。"),
            Mistake::NotYourTurn(g) => format!("对局 #{g} 还没轮到你。"),
            Mistake::WrongState { game, status } => {
                format!("对局 #{game} 当前{}，现在不能这样做。", status_text(status, l))
            }
            Mistake::UnknownLayout(n) => format!("没有名为“{}”的布阵。", echo(n)),
            Mistake::BadOption(e) => format!("规则选项有误：{e}。"),
            Mistake::BadMode { mode, offered } => {
                format!("未知模式“{}”；请用 {}。", echo(mode), offered.replace(", ", "、"))
            }
            Mistake::BadVariant(v) => format!("未知棋种“{}”；请用 {}。", echo(v), kinds_named(true)),
            Mistake::BadTime(t) => format!("未知限时“{}”；请用 30s、10m、1h、1d、3d 或 none。", echo(t)),
            Mistake::TimeTooShort(t) => format!("限时“{}”太短；最短为10秒（10s）。", echo(t)),
            Mistake::TimeTooLong(t) => format!("限时“{}”太长；最长为30天（30d）。", echo(t)),
            Mistake::SelfChallenge => "不能向自己挑战。".into(),
            Mistake::NotInvited(g) => format!("对局 #{g} 的邀请不是给你的。"),
            Mistake::OwnChallenge(g) => format!("不能接受自己发起的对局 #{g}。"),
            Mistake::NoDrawOffer(g) => format!("对局 #{g} 没有待回应的和棋提议。"),
            Mistake::OwnDrawOffer(g) => format!("不能回应自己在对局 #{g} 的和棋提议。"),
            Mistake::TooLateToAbort(g) => format!("对局 #{g} 已经开始走棋，请认输或提和，不能取消。"),
            Mistake::NotOver(g) => format!("对局 #{g} 尚未结束，不能再战。"),
            Mistake::BadLocale(t) => format!("未知语言“{}”；请用 en、zh-CN 或 zh-TW。", echo(t)),
            Mistake::AlreadyOnVacation => "你已经在休假中。".into(),
            Mistake::NotOnVacation => "你没有在休假。".into(),
            Mistake::NoVacationLeft => "本月的假期已用完。".into(),
            Mistake::BadLayoutName => "布阵名称为1到32个字符，不含空格。".into(),
            Mistake::BadVacationDays(d) => format!("每月假期应为0到31天，不能是{d}。"),
            Mistake::BadPoint(p) => format!("“{}”不是棋盘上的位置；请写例如 c9。", echo(p)),
            Mistake::BadPiece(p) => format!("“{}”不是棋子；请写名称（如 司令）或代码 a–l。", echo(p)),
            Mistake::NoEnemyPiece(p) => format!("{p} 上没有可以标记的敌方棋子。"),
            Mistake::PieceKnown(p) => format!("你已经知道 {p} 上是什么棋子；标记用于看不见的棋子。"),
            Mistake::NoMark(p) => format!("你在 {p} 上没有标记。"),
            Mistake::BadVacationLength(d) => format!("假期应为1到31天，不能是{d}。"),
            Mistake::TooLong { start, bytes } => {
                format!("“{start}”有 {bytes} 个字节；命令中的文字最多 {} 个字节。", crate::referee::MAX_TEXT_BYTES)
            }
        }
    }
}

/// The catalogued kinds as a challenge names them: `junqi, junqi4 or junqi-flip`, or with their
/// Chinese titles `junqi（军棋）、…`.
fn kinds_named(zh: bool) -> String {
    let kinds = crate::rules::contract::catalog::all();
    let names: Vec<String> = kinds
        .iter()
        .map(|d| if zh { format!("{}（{}）", d.kind.name, d.kind.title.zh_hans) } else { d.kind.name.to_string() })
        .collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => {
            if zh {
                format!("{} 或 {last}", rest.join("、"))
            } else {
                format!("{} or {last}", rest.join(", "))
            }
        }
        _ => names.join(""),
    }
}
