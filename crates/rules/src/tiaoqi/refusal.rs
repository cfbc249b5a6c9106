//! Why the rules refuse a move, in English and 简体 (spec §3–§5).

use crate::contract::{Explain, Explained};

use super::board::{Pt, name};

/// A move the rules refuse. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The start point holds no piece.
    #[error("there is no piece on {}", name(*.at))]
    NoPiece {
        /// The start point.
        at: Pt,
    },
    /// The piece on the start point is another player's.
    #[error("the piece on {} is not yours", name(*.at))]
    NotYours {
        /// The start point.
        at: Pt,
    },
    /// A step or a landing onto an occupied point.
    #[error("{} is occupied", name(*.at))]
    Occupied {
        /// The point.
        at: Pt,
    },
    /// Two points of the path are not on one line, or a step is not to a neighbour.
    #[error("{} to {} is not along a line", name(*.from), name(*.to))]
    NotALine {
        /// Where the leg starts.
        from: Pt,
        /// Where it ends.
        to: Pt,
    },
    /// A hop with no piece to hop over.
    #[error("{} to {} hops over nothing", name(*.from), name(*.to))]
    OverNothing {
        /// Where the hop starts.
        from: Pt,
        /// Where it lands.
        to: Pt,
    },
    /// A hop the `jump` option does not allow (too many pieces, a gap, not the mirror point).
    #[error("{} to {} is not a hop allowed by jump={}", name(*.from), name(*.to), .jump)]
    BadHop {
        /// Where the hop starts.
        from: Pt,
        /// Where it lands.
        to: Pt,
        /// The option's value.
        jump: String,
    },
    /// A chain lands twice on one point (its start included).
    #[error("the path comes back to {}", name(*.at))]
    Revisit {
        /// The point.
        at: Pt,
    },
    /// `target-lock`: a piece that starts in its target must end in it.
    #[error("the piece on {} is in its target and must stay there", name(*.from))]
    TargetLock {
        /// The start point.
        from: Pt,
    },
    /// `no-parking`: the move ends in another player's home or target.
    #[error("a move may not end on {}: it is another player's home or target", name(*.at))]
    NoParking {
        /// The end point.
        at: Pt,
    },
    /// A step onto another player's piece that the swap rule does not allow.
    #[error("{} cannot be swapped: only a piece outside its target may swap, by one step, with another player's piece in its target", name(*.at))]
    NoSwap {
        /// The occupied point.
        at: Pt,
    },
    /// No chain of hops joins the two points.
    #[error("no hops lead from {} to {}", name(*.from), name(*.to))]
    NoRoute {
        /// The start point.
        from: Pt,
        /// The end point.
        to: Pt,
    },
    /// A pass while a move exists (spec §10.7).
    #[error("you have a legal move, so you may not pass")]
    MustMove,
    /// A path longer than the referee keeps.
    #[error("the path is too long")]
    TooLong,
}

impl Explain for Refusal {
    fn explain(&self) -> Explained {
        let zh = match self {
            Refusal::NoPiece { at } => format!("{} 上没有棋子", name(*at)),
            Refusal::NotYours { at } => format!("{} 上的棋子不是你的", name(*at)),
            Refusal::Occupied { at } => format!("{} 已有棋子", name(*at)),
            Refusal::NotALine { from, to } => format!("{} 到 {} 不在一条直线上", name(*from), name(*to)),
            Refusal::OverNothing { from, to } => format!("{} 到 {} 中间没有可跳过的棋子", name(*from), name(*to)),
            Refusal::BadHop { from, to, jump } => format!("{} 到 {} 不符合 jump={jump} 的跳法", name(*from), name(*to)),
            Refusal::Revisit { at } => format!("路线重复经过 {}", name(*at)),
            Refusal::TargetLock { from } => format!("{} 上的棋子已进入目标区，不能再离开", name(*from)),
            Refusal::NoParking { at } => format!("不能停在 {}：那是别人的大本营或目标区", name(*at)),
            Refusal::NoSwap { at } => {
                format!("不能与 {} 换位：只有目标区外的棋子可以走一步与目标区内别人的棋子换位", name(*at))
            }
            Refusal::NoRoute { from, to } => format!("从 {} 跳不到 {}", name(*from), name(*to)),
            Refusal::MustMove => "你还有棋可走，不能停一手".into(),
            Refusal::TooLong => "路线太长".into(),
        };
        Explained::new(self.to_string(), zh)
    }
}
