//! What the Junqi family and 翻棋 tell a player whose action or deployment they refuse, in every
//! language (the referee shows these as they are; 繁體 by the one conversion table).

use crate::board::PointId;
use crate::contract::{Explain, Explained};
use crate::flip::{ActionError, FlipError};
use crate::game::IllegalMove;
use crate::setup::{SetupParseError, Violation};
use crate::variant::Variant;

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

impl Explain for IllegalMove {
    fn explain(&self) -> Explained {
        Explained::new(self.to_string(), illegal_zh(self))
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

impl Explain for FlipError {
    fn explain(&self) -> Explained {
        Explained::new(self.to_string(), flip_error_zh(self))
    }
}

/// How a move of the Junqi boards is written, for a text that is not one.
pub fn move_hint() -> Explained {
    Explained::new("write from-to, e.g. c6-c7", "请写 起点-终点，例如 c6-c7")
}

/// How a 翻棋 ply is written, for a text that is not one.
pub fn flip_hint(e: &ActionError) -> Explained {
    match e {
        ActionError::Unreadable(_) => Explained::new(
            "write a flip (+c6, c6, flip c6, 翻c6) or a move (c6-c7)",
            "请写翻子（flip c6、+c6、翻c6）或走子（c6-c7）",
        ),
        ActionError::BadPiece(t) => Explained::new(
            format!("'{t}' after '=' is not a piece letter (a–l red, A–L blue)"),
            format!("“=”后面的“{t}”不是棋子字母（红方 a–l，蓝方 A–L）"),
        ),
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
        SetupParseError::TooLong(n) => format!("布阵最多 {} 个字节，这里有 {n} 个", crate::echo::MAX_SETUP_BYTES),
    }
}

/// A deployment text that cannot be read.
pub fn setup_unreadable(e: &SetupParseError) -> Explained {
    Explained::new(format!("the deployment cannot be read: {e}"), format!("无法读取布阵：{}", setup_parse_zh(e)))
}

/// One broken placement rule, with its points.
pub fn violation(v: &Violation, variant: &Variant) -> Explained {
    let names = |ps: &[PointId]| ps.iter().map(|&p| variant.board.name(p)).collect::<Vec<_>>().join(" ");
    let zh = match v {
        Violation::FlagNotInHeadquarters { points } => format!("规则1：军旗必须放在大本营，现在在 {}", names(points)),
        Violation::MineOutsideBackRows { points } => format!("规则2：地雷只能放在最后两排，现在在 {}", names(points)),
        Violation::BombInFrontRow { points } => format!("规则3：炸弹不能放在第一排，现在在 {}", names(points)),
        Violation::WrongCount { kind, found, expected, points } => {
            let d = variant.piece(*kind);
            let at = if points.is_empty() { String::new() } else { format!("（在 {}）", names(points)) };
            format!("规则5：{}有{}个，应为{}个{}", d.zh, found, expected, at)
        }
    };
    Explained::new(v.describe(variant), zh)
}
