//! Why a game ended: the reasons of every game of the catalogue, their `replay --json` names and
//! their one wording.

use serde::{Deserialize, Serialize};

/// Why a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// A flag was captured (and, with `flag-home`, carried home).
    FlagCaptured,
    /// The side to move had no legal move.
    NoLegalMove,
    /// Neither side had a legal move.
    BothStuck,
    /// Too many plies without combat.
    QuietLimit,
    /// A player resigned.
    Resign,
    /// A player's deadline passed.
    Timeout,
    /// The players agreed a draw.
    Agreed,
    /// 翻棋: a colour has none of its 司令…工兵 or bombs left (`rules-flip.md` §5).
    NoMovablePieces,
    /// 陆海空 with `win=marshal`: a commander fell.
    CommanderRemoved,
    /// 三军战斗棋 with `win=marshal`: exactly one side's 总司令 was killed (`rules-sanjun30.md`
    /// §11.15).
    CommanderKilled,
    /// 海军棋: a 旗舰 left the board (`rules-haijun.md` §7, §10.1); both at once is a draw.
    FlagshipSunk,
    /// Draughts: a side has no pieces left.
    NoPieces,
    /// Draughts: the same position came back the third time.
    Repetition,
    /// Draughts: the move limit without a man move or capture.
    MoveLimit,
    /// Draughts (10×10, 12×12): the endgame move limit.
    EndgameLimit,
    /// 跳棋: every player (or the first, or enough to decide the teams) reached the target.
    Finished,
    /// 跳棋: the round limit.
    RoundLimit,
}

impl EndReason {
    /// Every reason, for lookups by name and for tables that must cover them all.
    pub const ALL: [EndReason; 17] = [
        EndReason::FlagCaptured,
        EndReason::NoLegalMove,
        EndReason::BothStuck,
        EndReason::QuietLimit,
        EndReason::Resign,
        EndReason::Timeout,
        EndReason::Agreed,
        EndReason::NoMovablePieces,
        EndReason::CommanderRemoved,
        EndReason::CommanderKilled,
        EndReason::FlagshipSunk,
        EndReason::NoPieces,
        EndReason::Repetition,
        EndReason::MoveLimit,
        EndReason::EndgameLimit,
        EndReason::Finished,
        EndReason::RoundLimit,
    ];

    /// Reads a `replay --json` name back.
    pub fn parse(name: &str) -> Option<EndReason> {
        EndReason::ALL.into_iter().find(|r| r.as_str() == name)
    }

    /// The `replay --json` name.
    pub fn as_str(self) -> &'static str {
        match self {
            EndReason::FlagCaptured => "flag_captured",
            EndReason::NoLegalMove => "no_legal_move",
            EndReason::BothStuck => "both_stuck",
            EndReason::QuietLimit => "quiet_limit",
            EndReason::Resign => "resign",
            EndReason::Timeout => "timeout",
            EndReason::Agreed => "agreed",
            EndReason::NoMovablePieces => "no_movable_pieces",
            EndReason::CommanderRemoved => "commander_removed",
            EndReason::CommanderKilled => "commander_killed",
            EndReason::FlagshipSunk => "flagship_sunk",
            EndReason::NoPieces => "no_pieces",
            EndReason::Repetition => "repetition",
            EndReason::MoveLimit => "move_limit",
            EndReason::EndgameLimit => "endgame_limit",
            EndReason::Finished => "finished",
            EndReason::RoundLimit => "round_limit",
        }
    }

    /// Why a game ended in words, (English, 简体): the one wording announcements, images and
    /// the terminal use (繁體 by the one table).
    pub fn words(self) -> (&'static str, &'static str) {
        match self {
            EndReason::FlagCaptured => ("flag captured", "夺得军旗"),
            EndReason::NoLegalMove => ("no legal move", "无子可走"),
            EndReason::BothStuck => ("neither side can move", "双方均无子可走"),
            EndReason::QuietLimit => ("no combat limit reached", "长时间无交战"),
            EndReason::Resign => ("resignation", "认输"),
            EndReason::Timeout => ("time ran out", "超时"),
            EndReason::Agreed => ("agreed", "双方议和"),
            EndReason::NoMovablePieces => ("no movable pieces left", "可动之子已尽"),
            EndReason::CommanderRemoved => ("a commander fell", "司令阵亡"),
            EndReason::CommanderKilled => ("the commander-in-chief was killed", "司令阵亡"),
            EndReason::FlagshipSunk => ("flagship sunk", "旗舰损失"),
            EndReason::NoPieces => ("no pieces left", "棋子被吃光"),
            EndReason::Repetition => ("threefold repetition", "三次同形"),
            EndReason::MoveLimit => ("move limit reached", "步数限制已到"),
            EndReason::EndgameLimit => ("endgame limit reached", "终局步数限制已到"),
            EndReason::Finished => ("the race is decided", "胜负已定"),
            EndReason::RoundLimit => ("round limit reached", "轮数限制已到"),
        }
    }
}
