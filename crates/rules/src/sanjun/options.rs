//! The per-game switches of `rules-sanjun.md` (§4, §5, §7), bold defaults as `Default`.

use crate::options::{BombFlag, FirstMove, Mines};

/// How the game is won besides the no-move and quiet-limit ends (§7 `win`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Win {
    /// Capturing the flag wins.
    Flag,
    /// 夺取主帅: also, a side whose 总司令 is removed (alone) loses at once.
    Marshal,
}

/// Every option of the 陆海空 rules.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SanjunOptions {
    /// `first`: who moves first.
    pub first: FirstMove,
    /// `hq-exit`: pieces in a headquarters may move again.
    pub hq_exit: bool,
    /// `mines`: spring (the attacker dies) or mutual (both).
    pub mines: Mines,
    /// `bomb-flag`: whether a bomb may take the flag.
    pub bomb_flag: BombFlag,
    /// `win`: flag, or marshal.
    pub win: Win,
    /// `quiet-limit`: consecutive plies without a removal before a draw; 0 turns it off.
    pub quiet_limit: u32,
}

impl Default for SanjunOptions {
    fn default() -> Self {
        SanjunOptions {
            first: FirstMove::Red,
            hq_exit: false,
            mines: Mines::Spring,
            bomb_flag: BombFlag::Captures,
            win: Win::Flag,
            // §7 Decision: 100 rather than Junqi's 70 (bigger board, more pieces).
            quiet_limit: 100,
        }
    }
}
