//! 二十一世紀海軍棋 under the game contract: [`Haijun21Contract`] is the naval contract over a
//! [`Haijun21Game`] played in a visibility mode (the 春水 edition's three, §6); [`HAIJUN21_KIND`]
//! is its static description. The catalogue entry and the record format are in
//! [`super::kinds`].

use crate::board::{Board, PointId};
use crate::contract::{Explain, Explained, GameKind, Lang, PublicPly, Rematch, SettingsError, SetupStyle, Words};
use crate::game::Move;
use crate::haijun::contract::{MODES, SEATING, describe_with};
use crate::haijun::naval::{NavalContract, NavalCore, NavalEngine, PlyParts};

use super::board::get as board;
use super::game::{Haijun21Game, Haijun21Illegal, Haijun21Ply};
use super::options::parse as parse_options;
use super::pieces::{PIECES, def_of};

const fn text(en: &'static str, zh_hans: &'static str, zh_hant: &'static str) -> Words {
    Words { en, zh_hans, zh_hant }
}

/// Checks a mode and an options text; the options' normal form.
pub fn settings(mode: &str, options: &str) -> Result<String, SettingsError> {
    HAIJUN21_KIND.mode(mode).ok_or_else(|| HAIJUN21_KIND.mode_error(mode))?;
    parse_options(options).map(|o| o.to_string()).map_err(|e| SettingsError::Options(e.to_string()))
}

fn describe_options(options: &str, lang: Lang) -> String {
    let o = options.trim();
    if o.is_empty() {
        lang.pick("21st-century rules", "二十一世纪规则").into()
    } else {
        lang.pick(format!("21st-century rules: {o}"), format!("二十一世纪规则：{o}")).into()
    }
}

/// The static kind of `haijun21`.
pub static HAIJUN21_KIND: GameKind = GameKind {
    name: "haijun21",
    aliases: &["二十一世纪海军棋", "二十一世紀海軍棋", "21st-century naval chess", "naval chess 21"],
    title: text("21st-century naval chess", "二十一世纪海军棋", "二十一世紀海軍棋"),
    seating: SEATING,
    setup: SetupStyle::Deploy,
    modes: &MODES,
    settings,
    describe_options,
    rematch: Rematch::SwapSeats,
    setup_hint: text(
        "30 characters, front row first, each row of 5 from your left: 27 piece codes and three '.' for empty points",
        "30 个字符，从前排起，每排 5 个从你的左边起：27 个棋子代码和三个 '.' 表示空位",
        "30 個字符，從前排起，每排 5 個從你的左邊起：27 個棋子代碼和三個 '.' 表示空位",
    ),
    layouts: "haijun21",
    art: "haijun21",
    piece_label: |k| PIECES.get(usize::from(k.0)).map(|d| (d.short_en, d.short_zh)),
    record_tag: "haijun21",
};

/// A game of 二十一世紀海軍棋 in progress, under the contract (the naval contract over
/// [`Haijun21Game`], shared with the 春水 edition).
pub type Haijun21Contract = NavalContract<Haijun21Game>;

pub use crate::haijun::naval::over;

impl NavalEngine for Haijun21Game {
    type Ply = Haijun21Ply;
    type Refusal = Haijun21Illegal;

    fn kind() -> &'static GameKind {
        &HAIJUN21_KIND
    }

    fn board(&self) -> &'static Board {
        board()
    }

    fn core(&self) -> &NavalCore {
        self
    }

    fn core_mut(&mut self) -> &mut NavalCore {
        self
    }

    fn moves(&self) -> Vec<Move> {
        self.legal_moves().into_iter().map(|(from, to, _)| Move { from, to }).collect()
    }

    fn play(&mut self, from: PointId, to: PointId) -> Result<Haijun21Ply, Haijun21Illegal> {
        Haijun21Game::play(self, from, to)
    }

    fn parts(ply: &Haijun21Ply) -> PlyParts {
        PlyParts {
            seat: ply.seat,
            number: ply.number,
            from: ply.from,
            to: ply.to,
            outcome: ply.outcome,
            // A sunk 旗艦 is the 小輸 (§10.16): the game goes on, the combat keeps its class (so
            // `{F}` stays the captured 軍旗 that ends it), and the sinking is told by the
            // `Revealed` fact of the side's 軍旗 that the ply shows.
            announced: ply.outcome,
            attacker: ply.attacker,
            defender: ply.defender,
            shown: ply.shown.iter().map(|&(at, piece, _)| (at, piece)).collect(),
            end: ply.end,
        }
    }
}

fn name(p: PointId) -> &'static str {
    board().name(p)
}

impl Explain for Haijun21Illegal {
    fn explain(&self) -> Explained {
        use Haijun21Illegal as I;
        let (en, zh) = match *self {
            I::GameOver => ("the game is over".to_string(), "对局已结束".to_string()),
            I::NoOwnPiece(p) => (format!("no piece of yours on {}", name(p)), format!("{} 上没有你的棋子", name(p))),
            I::MineCannotMove(p) => {
                (format!("the sea mine on {} never moves", name(p)), format!("{} 上的水雷不能移动", name(p)))
            }
            I::OwnPiece(p) => {
                (format!("{} holds one of your pieces", name(p)), format!("{} 上是你自己的棋子", name(p)))
            }
            I::InHq(p) => (
                format!("the piece in the HQ {} cannot be attacked (only a flag can)", name(p)),
                format!("{} 是指挥部，其中的棋子不能被攻击（军旗除外）", name(p)),
            ),
            I::FlagCannotAttack(p) => (
                format!("the flag moves only onto empty points, and {} is not empty", name(p)),
                format!("军旗只能走到空位，{} 不是空位", name(p)),
            ),
            I::OffLane { from, to } => (
                format!("the aircraft on {} flies only along one air lane, and {} is not on it", name(from), name(to)),
                format!("{} 上的飞机只能沿一条航空线飞行，{} 不在线上", name(from), name(to)),
            ),
            I::NotAdjacent { from, to } => (
                format!(
                    "the piece on {} moves one point in any of eight directions; {} is not next to it",
                    name(from),
                    name(to)
                ),
                format!("{} 上的棋子只能向八个方向走一格，{} 不相邻", name(from), name(to)),
            ),
        };
        Explained::new(en, zh)
    }
}

/// The one describer of a ply, in the words of the 春水 edition's describer over this fleet.
pub fn describe(p: &PublicPly, lang: Lang) -> String {
    describe_with(p, lang, def_of, board())
}
