//! Why the rules refuse a move, in English and 简体 (spec §4–§6).

use crate::contract::{Explain, Explained};

use super::notation::number;

/// A move the rules refuse. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The start square holds no piece of the side to move.
    #[error("there is no piece of yours on square {}", number(*.square))]
    NoPiece {
        /// The start square.
        square: u8,
    },
    /// The end square is taken.
    #[error("square {} is occupied", number(*.square))]
    Occupied {
        /// The end square.
        square: u8,
    },
    /// A capture is possible, so a move without one is refused.
    #[error("a capture is compulsory")]
    CaptureCompulsory,
    /// The capture stops where the piece can take more.
    #[error("the capture must go on: the piece can take again from square {}", number(*.square))]
    MustContinue {
        /// Where it stopped.
        square: u8,
    },
    /// The majority rule: a capture taking more pieces exists.
    #[error("not the longest capture: it takes {takes} and {most} can be taken")]
    NotLongest {
        /// Pieces this capture takes.
        takes: u32,
        /// The most any capture takes.
        most: u32,
    },
    /// A man stepping backwards.
    #[error("a man moves forward only")]
    Backwards,
    /// Anything else.
    #[error("{}-{} is not a legal move", number(*.from), number(*.to))]
    NotAMove {
        /// The start square.
        from: u8,
        /// The end square.
        to: u8,
    },
}

impl Explain for Refusal {
    fn explain(&self) -> Explained {
        let zh = match self {
            Refusal::NoPiece { square } => format!("{} 号格上没有你的棋子", number(*square)),
            Refusal::Occupied { square } => format!("{} 号格已有棋子", number(*square)),
            Refusal::CaptureCompulsory => "有吃必吃：必须吃子".into(),
            Refusal::MustContinue { square } => format!("连跳必须跳完：从 {} 号格还能继续吃子", number(*square)),
            Refusal::NotLongest { takes, most } => format!("必须吃最多的子：此步吃 {takes} 子，最多可吃 {most} 子"),
            Refusal::Backwards => "兵只能向前走".into(),
            Refusal::NotAMove { from, to } => format!("{}-{} 不是合法的走法", number(*from), number(*to)),
        };
        Explained::new(self.to_string(), zh)
    }
}
