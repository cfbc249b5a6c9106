//! The mistakes only the lifecycle makes ([`GameMistake`]): seats, settings, setups, actions
//! before the start ([`Waiting`]) and what a kind does not offer ([`Feature`]), in English and 简体
//! (繁體 by the caller). The games' own refusals come in their words, framed here.

use crate::rules::contract::{Explained, Words};
use crate::rules::echo::echo;

/// A mistake of a player in a game refereed through the contract. Nothing changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameMistake {
    /// The mode or options are refused: the game's explanation.
    #[error("{0}")]
    Settings(String),
    /// A count of players the kind is not played by.
    #[error("{kind} is not played by '{}' players; it takes {offered}", echo(.asked))]
    Players {
        /// What was typed.
        asked: String,
        /// The game kind.
        kind: &'static str,
        /// The counts it is played by.
        offered: String,
    },
    /// A seat name the game does not have.
    #[error("'{}' is no seat of {kind}; its seats are {known}", echo(.name))]
    UnknownSeat {
        /// What was typed.
        name: String,
        /// The game kind.
        kind: &'static str,
        /// Its seats' keys.
        known: String,
    },
    /// The player already sits in the game.
    #[error("you already sit {} in game #{game}", .seat.en)]
    AlreadySeated {
        /// The game.
        game: i64,
        /// Their seat.
        seat: Words,
    },
    /// The seat asked for is taken.
    #[error("seat {} of game #{game} is taken by {user}", .seat.en)]
    SeatTaken {
        /// The game.
        game: i64,
        /// The seat.
        seat: Words,
        /// Who sits there.
        user: String,
    },
    /// Every seat is taken.
    #[error("game #{0} is full: every seat is taken")]
    Full(i64),
    /// A seat of a game of more than two that has left it (resigned, timed out, stuck).
    #[error("you ({}) are out of game #{game}: your pieces have left the board", .seat.en)]
    SeatOut {
        /// The game.
        game: i64,
        /// The seat.
        seat: Words,
    },
    /// The deployment cannot be read, or is for no seat of the game: the game's explanation.
    #[error("{0}")]
    Setup(Explained),
    /// The deployment breaks placement rules: every broken rule, in the game's words.
    /// The rules it numbers are the game's rules page, which the product serves (`rules` in the
    /// terminal, `/junqi help` on Discord): the message says where.
    #[error(
        "the deployment breaks the rules: {} (the numbered rules: 'rules' here, '/junqi help' on Discord)",
        .0.iter().map(|e| e.en.as_str()).collect::<Vec<_>>().join("; ")
    )]
    SetupBroken(Vec<Explained>),
    /// The text names no action of the game: how the game's actions are written.
    #[error("'{}' is not a move; {why}", echo(.text))]
    Unreadable {
        /// What was typed.
        text: String,
        /// How actions are written.
        why: Explained,
    },
    /// The rules refuse the action: the game's explanation.
    #[error("illegal move: {0}")]
    Refused(Explained),
    /// The operating system gave no random bytes for a hidden choice.
    #[error("the referee could not draw a random seed from the system ({0}); try again")]
    NoEntropy(String),
    /// An action of a seated player before the game has begun: what it waits for.
    #[error("{}", .waiting.en(*.game))]
    NotStarted {
        /// The game.
        game: i64,
        /// What the game waits for.
        waiting: Waiting,
    },
    /// Two points of a layout could not be swapped: the reason, in the game's words.
    #[error("{0}")]
    Swap(crate::rules::contract::edit::SwapError),
    /// A takeback refused (悔棋).
    #[error("{0}")]
    Takeback(super::takeback::TakebackMistake),
    /// A challenge to the bot or a seat handed to it, refused.
    #[error("{0}")]
    Bot(super::bot_seat::BotMistake),
    /// The game's kind has nothing of this kind.
    #[error("{}", .what.en(*.game))]
    NotOffered {
        /// The game.
        game: i64,
        /// What was asked for.
        what: Feature,
    },
}

/// What a game that has not begun waits for, as a player who tries to play in it is told.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Waiting {
    /// Seats are free.
    Players,
    /// A deployment sent before the challenge was accepted: deployments follow acceptance.
    Acceptance,
    /// A deployment sent by the one invited before they accepted.
    YourAcceptance,
    /// This player's deployment.
    YourDeployment,
    /// The other players' deployments (this player's is in).
    Others,
}

impl Waiting {
    fn en(self, game: i64) -> String {
        match self {
            Waiting::Players => {
                format!("game #{game} has not started yet: it waits for its players to take their seats")
            }
            Waiting::Acceptance => format!(
                "game #{game} has not been accepted yet: it waits for the opponent to accept; deploy once it is accepted"
            ),
            Waiting::YourAcceptance => {
                format!("game #{game} has not been accepted yet: accept it first (accept {game}), then deploy")
            }
            Waiting::YourDeployment => format!(
                "game #{game} has not started yet: send your deployment first; play begins once every player has deployed"
            ),
            Waiting::Others => format!(
                "game #{game} has not started yet: your deployment is in; play begins once the others have deployed"
            ),
        }
    }

    fn zh(self, game: i64) -> String {
        match self {
            Waiting::Players => format!("对局 #{game} 尚未开始：还在等棋手入座。"),
            Waiting::Acceptance => format!("对局 #{game} 尚未被接受：还在等对手接受挑战；接受后再布阵。"),
            Waiting::YourAcceptance => format!("对局 #{game} 尚未被接受：请先接受（accept {game}），再布阵。"),
            Waiting::YourDeployment => format!("对局 #{game} 尚未开始：请先布阵；所有棋手布阵完成后开始走棋。"),
            Waiting::Others => format!("对局 #{game} 尚未开始：你的布阵已提交；其他棋手布阵完成后开始走棋。"),
        }
    }
}

/// Something some kinds of game have and others do not.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Feature {
    /// Private deployments (the kind deals its pieces, or sets them out by its rules).
    Deployments,
    /// Marks on hidden enemy pieces (nothing is hidden from one side only).
    Marks,
    /// Saved layouts (nothing is deployed).
    Layouts,
    /// Agreed draws (跳棋 of more than two players: places are raced for, spec §6).
    Draws,
}

impl Feature {
    fn en(self, game: i64) -> String {
        match self {
            Feature::Deployments => {
                format!("game #{game} has no deployments: its pieces are dealt by the referee or set out by the rules")
            }
            Feature::Marks => {
                format!("game #{game} has no marks: they are for enemy pieces only you cannot see, and it has none")
            }
            Feature::Layouts => "this game deploys nothing, so it has no saved layouts".into(),
            Feature::Draws => format!("game #{game} cannot be drawn by agreement: its places are raced for"),
        }
    }

    fn zh(self, game: i64) -> String {
        match self {
            Feature::Deployments => format!("对局 #{game} 无需布阵：棋子由公证人发放，或按规则摆好。"),
            Feature::Marks => format!("对局 #{game} 没有标记：标记用于只有你看不见的敌方棋子，这局没有。"),
            Feature::Layouts => "这种棋无需布阵，所以没有保存的布阵。".into(),
            Feature::Draws => format!("对局 #{game} 不能议和：名次要靠比赛决出。"),
        }
    }
}

impl GameMistake {
    /// The mistake in Chinese (简体; converted for 繁體 by the caller). The games' own
    /// explanations are given in their words.
    pub fn zh(&self) -> String {
        match self {
            GameMistake::Settings(why) => format!("规则选项有误：{why}。"),
            GameMistake::Players { asked, kind, offered } => {
                format!("{kind} 不能由「{}」人对弈；可选人数：{offered}。", echo(asked))
            }
            GameMistake::UnknownSeat { name, kind, known } => {
                format!("{kind} 没有座位「{}」；座位有：{known}。", echo(name))
            }
            GameMistake::AlreadySeated { game, seat } => format!("你已坐在对局 #{game} 的{}。", seat.zh_hans),
            GameMistake::SeatTaken { game, seat, user } => format!("对局 #{game} 的{}已由 {user} 入座。", seat.zh_hans),
            GameMistake::Full(g) => format!("对局 #{g} 已满：座位都有人了。"),
            GameMistake::SeatOut { game, seat } => {
                format!("你（{}）已在对局 #{game} 中出局，棋子已全部撤下。", seat.zh_hans)
            }
            GameMistake::Setup(e) => format!("{}。", e.zh),
            GameMistake::SetupBroken(lines) => {
                let broken = lines.iter().map(|e| e.zh.as_str()).collect::<Vec<_>>().join("；");
                format!("布阵违反规则：{broken}（规则编号见 rules，Discord 上见 /junqi help）。")
            }
            GameMistake::Unreadable { text, why } => format!("“{}”不是走法；{}。", echo(text), why.zh),
            GameMistake::Refused(e) => format!("不合法的走法：{}。", e.zh),
            GameMistake::NoEntropy(e) => format!("公证人无法从系统取得随机种子（{e}），请再试一次。"),
            GameMistake::NotStarted { game, waiting } => waiting.zh(*game),
            GameMistake::NotOffered { game, what } => what.zh(*game),
            GameMistake::Takeback(m) => m.zh(),
            GameMistake::Bot(m) => m.zh(),
            GameMistake::Swap(e) => format!("{}。", e.zh()),
        }
    }
}
