//! 海军棋 under the game contract: [`HaijunContract`] wraps a [`HaijunGame`] played in a
//! visibility mode (§6); [`HAIJUN_KIND`] is its static description. The catalogue entry and the
//! record format are in [`super::kinds`].

use crate::board::{Board, PointId};
use crate::combat::Outcome;
use crate::contract::{
    Explain, Explained, Face, Fact, GameKind, Lang, ModeDesc, PublicPly, Rematch, SeatDesc, Seating, SettingsError,
    SetupStyle, Words,
};
use crate::game::Move;
use crate::piece::PieceKind;
use crate::seat::Seat;

use super::game::{HaijunGame, HaijunIllegal, HaijunPly};
use super::naval::{NavalContract, NavalCore, NavalEngine, PlyParts};
use super::options::HaijunSettings;
use super::pieces::{NavalDef, PIECES, def_of};

const fn text(en: &'static str, zh_hans: &'static str, zh_hant: &'static str) -> Words {
    Words { en, zh_hans, zh_hant }
}

/// The visibility modes (§6), shared with `haijun21`.
pub const MODES: [ModeDesc; 3] = [
    ModeDesc {
        key: "dark",
        name: text("dark", "暗战", "暗戰"),
        about: text("dark (hidden pieces, referee)", "暗战法（公证人）", "暗戰法（公證人）"),
    },
    ModeDesc {
        key: "reveal",
        name: text("reveal", "明战", "明戰"),
        about: text("reveal (combats named)", "密布明战法", "密布明戰法"),
    },
    ModeDesc { key: "open", name: text("open", "明棋", "明棋"), about: text("open", "明棋", "明棋") },
];

/// Checks a mode and an options text; the options' normal form.
pub fn settings(mode: &str, options: &str) -> Result<String, SettingsError> {
    HAIJUN_KIND.mode(mode).ok_or_else(|| HAIJUN_KIND.mode_error(mode))?;
    HaijunSettings::parse(options).map(|o| o.to_string()).map_err(|e| SettingsError::Options(e.to_string()))
}

fn describe_options(options: &str, lang: Lang) -> String {
    let o = options.trim();
    if o.is_empty() {
        lang.pick("standard rules", "标准规则").into()
    } else {
        lang.pick(format!("rules: {o}"), format!("规则：{o}")).into()
    }
}

/// Red and Blue, two players (shared with `haijun21`).
pub const SEATING: Seating = Seating {
    seats: &[
        SeatDesc { key: "red", name: text("Red", "红方", "紅方"), team: 0, aliases: &["r", "红", "紅"] },
        SeatDesc { key: "blue", name: text("Blue", "蓝方", "藍方"), team: 1, aliases: &["b", "蓝", "藍"] },
    ],
    counts: &[2],
    per_count: None,
};

/// The static kind of `haijun`.
pub static HAIJUN_KIND: GameKind = GameKind {
    name: "haijun",
    aliases: &["海军棋", "海軍棋", "海战棋", "海戰棋", "naval chess"],
    title: text("naval chess", "海军棋", "海軍棋"),
    seating: SEATING,
    setup: SetupStyle::Deploy,
    modes: &MODES,
    settings,
    describe_options,
    rematch: Rematch::SwapSeats,
    setup_hint: text(
        "25 piece codes, front row first, each row from your left (5 3 4 3 5 5, camps skipped)",
        "25 个棋子代码，从前排起，每排从你的左边起（5 3 4 3 5 5，跳过安全营）",
        "25 個棋子代碼，從前排起，每排從你的左邊起（5 3 4 3 5 5，跳過安全營）",
    ),
    layouts: "haijun",
    art: "haijun",
    piece_label: |k| PIECES.get(usize::from(k.0)).map(|d| (d.short_en, d.short_zh)),
    record_tag: "haijun",
};

/// A game of 海军棋 in progress, under the contract (the naval contract over [`HaijunGame`]).
pub type HaijunContract = NavalContract<HaijunGame>;

pub use super::naval::over;

impl NavalEngine for HaijunGame {
    type Ply = HaijunPly;
    type Refusal = HaijunIllegal;

    fn kind() -> &'static GameKind {
        &HAIJUN_KIND
    }

    fn board(&self) -> &'static Board {
        HaijunGame::board(self)
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

    fn play(&mut self, from: PointId, to: PointId) -> Result<HaijunPly, HaijunIllegal> {
        HaijunGame::play(self, from, to)
    }

    fn parts(ply: &HaijunPly) -> PlyParts {
        // §10.9: the 旗舰's first move shows it at its destination.
        let shown = ply.revealed.map(|at| (at, ply.attacker)).into_iter().collect();
        PlyParts {
            seat: ply.seat,
            number: ply.number,
            from: ply.from,
            to: ply.to,
            outcome: ply.outcome,
            announced: public_outcome(ply),
            attacker: ply.attacker,
            defender: ply.defender,
            shown,
            end: ply.end,
        }
    }
}

/// The outcome class a ply is announced with (§6): a ply that removes a 旗舰 is `flagship_sunk`
/// (`{F}`, §8, §10.1) whoever attacked and whichever piece went; any other combat its class.
pub fn public_outcome(ply: &HaijunPly) -> Outcome {
    if ply.flagship_sunk { Outcome::FlagshipSunk } else { ply.outcome }
}

impl Explain for HaijunIllegal {
    fn explain(&self) -> Explained {
        let zh = match self {
            HaijunIllegal::GameOver => "对局已结束".to_string(),
            HaijunIllegal::NoOwnPiece(p) => format!("{} 上没有你的棋子", name(*p)),
            HaijunIllegal::MineCannotMove(p) => format!("{} 上的水雷不能移动", name(*p)),
            HaijunIllegal::OwnPiece(p) => format!("{} 上是你自己的棋子", name(*p)),
            HaijunIllegal::Sheltered(p) => format!("{} 是安全营，其中的棋子不能被攻击", name(*p)),
            HaijunIllegal::Unreachable { from, to } => format!("{} 上的棋子不能走到 {}", name(*from), name(*to)),
        };
        let en = match self {
            HaijunIllegal::GameOver => "the game is over".to_string(),
            HaijunIllegal::NoOwnPiece(p) => format!("no piece of yours on {}", name(*p)),
            HaijunIllegal::MineCannotMove(p) => format!("the sea mine on {} never moves", name(*p)),
            HaijunIllegal::OwnPiece(p) => format!("{} holds one of your pieces", name(*p)),
            HaijunIllegal::Sheltered(p) => format!("the piece in the safe camp {} cannot be attacked", name(*p)),
            HaijunIllegal::Unreachable { from, to } => {
                format!("the piece on {} cannot reach {}", name(*from), name(*to))
            }
        };
        Explained::new(en, zh)
    }
}

/// A point's name (`c6`); the names do not depend on the `front` option.
fn name(p: PointId) -> String {
    super::board::get(Default::default()).name(p).to_string()
}

/// A piece's name in a language (`flagship`, `旗舰`, `旗艦`).
pub fn piece_name(kind: PieceKind, lang: Lang) -> String {
    let d = def_of(kind);
    lang.pick(d.en, d.zh).into_owned()
}

/// The one describer of a ply (announcements, images, the terminal): who moved where, the
/// combat as the audience may know it, the 旗舰 shown, the end.
pub fn describe(p: &PublicPly, lang: Lang) -> String {
    describe_with(p, lang, def_of, super::board::get(Default::default()))
}

/// [`describe`] over any fleet table and board (shared with `haijun21`, whose plies add the
/// 反潛機's scouting and the captured 軍旗).
pub fn describe_with(p: &PublicPly, lang: Lang, def_of: fn(PieceKind) -> &'static NavalDef, board: &Board) -> String {
    let side = |s: Seat| HAIJUN_KIND.seating.seats.get(s.index()).map_or(("?", "?"), |d| (d.name.en, d.name.zh_hans));
    let face = |f: &Face| match f {
        Face::Known { owner, kind } | Face::Under { owner, kind } => {
            let (en, zh) = side(*owner);
            (format!("{en}'s {}", def_of(*kind).en), format!("{zh}{}", def_of(*kind).zh))
        }
        Face::Hidden { owner } => {
            let (en, zh) = side(*owner);
            (format!("a hidden {en} piece"), format!("{zh}暗子"))
        }
        Face::Down => ("a face-down piece".to_string(), "暗子".to_string()),
    };
    let (who_en, who_zh) = side(p.seat);
    let mut en = format!("ply {}: {who_en} {}", p.ply, p.action);
    let mut zh = format!("第{}手：{who_zh} {}", p.ply, p.action);
    for f in &p.facts {
        match f {
            Fact::Combat { outcome, attacker, defender } => {
                let ((ae, az), (de, dz)) = (face(attacker), face(defender));
                let (oe, oz) = match outcome {
                    Outcome::AttackerWon => ("the attacker won", "攻方胜"),
                    Outcome::DefenderWon => ("the defender won", "守方胜"),
                    Outcome::Scouted => ("scouted", "侦察"),
                    Outcome::FlagCaptured => ("the flag is captured", "军旗被夺"),
                    Outcome::FlagshipSunk => ("a flagship is sunk", "旗舰损失"),
                    _ => ("both removed", "同归于尽"),
                };
                en.push_str(&format!(", {ae} against {de}: {oe}"));
                zh.push_str(&format!("，{az}对{dz}：{oz}"));
            }
            Fact::Revealed { at, owner, kind } => {
                let (se, sz) = side(*owner);
                let n = board.name(*at);
                en.push_str(&format!("; shown: {se}'s {} on {n}", def_of(*kind).en));
                zh.push_str(&format!("；亮明：{n} 上的{sz}{}", def_of(*kind).zh));
            }
            _ => {}
        }
    }
    en.push('.');
    zh.push('。');
    if let Some(o) = &p.end {
        let (re, rz) = o.reason.words();
        match o.winner() {
            Some(t) => {
                let (se, sz) = side(Seat(t));
                en.push_str(&format!(" {se} wins: {re}."));
                zh.push_str(&format!("{sz}胜：{rz}。"));
            }
            None => {
                en.push_str(&format!(" Draw: {re}."));
                zh.push_str(&format!("和棋：{rz}。"));
            }
        }
    }
    lang.pick(en, zh).into_owned()
}
