//! 陆海空三军棋 under the game contract: [`SanjunContract`] wraps a [`SanjunGame`] played in a
//! visibility mode and its static [`SANJUN_KIND`]; the catalogue entry is `super::kinds`.

use crate::contract::{
    Audience, Explain, Explained, Game, GameKind, Illegal, Lang, Leave, Leaving, Over, Picture, PublicPly, Rematch,
    SeatDesc, Seating, SettingsError, SetupStyle, Unreadable, Words,
};
use crate::game::Move;
use crate::landseaair::contract::{self as family, LastMark, Scene};
use crate::options::Mode;
use crate::seat::Seat;

use super::game::{SanjunEnd, SanjunGame, SanjunIllegal, SanjunOver, SanjunPly};
use super::notation::{format_move, parse_move};
use super::options::SanjunOptions;
use super::pieces::def_of;
use super::view;

const fn text(en: &'static str, zh_hans: &'static str, zh_hant: &'static str) -> Words {
    Words { en, zh_hans, zh_hant }
}

/// Checks a mode and an options text; the options' normal form.
fn settings(mode: &str, options: &str) -> Result<String, SettingsError> {
    SANJUN_KIND.mode(mode).ok_or_else(|| SANJUN_KIND.mode_error(mode))?;
    let o = SanjunOptions::parse(options).map_err(|e| SettingsError::Options(e.to_string()))?;
    Ok(o.to_string())
}

/// The static kind of `sanjun`.
pub static SANJUN_KIND: GameKind = GameKind {
    name: "sanjun",
    aliases: &["陆海空三军棋", "陸海空三軍棋", "陆海空", "陸海空", "三军棋", "三軍棋"],
    title: text("Land, sea and air chess", "陆海空三军棋", "陸海空三軍棋"),
    seating: Seating {
        seats: &[
            SeatDesc { key: "red", name: text("Red", "红方", "紅方"), team: 0, aliases: &["r", "红", "紅"] },
            SeatDesc { key: "blue", name: text("Blue", "蓝方", "藍方"), team: 1, aliases: &["b", "蓝", "藍"] },
        ],
        counts: &[2],
        per_count: None,
    },
    setup: SetupStyle::Deploy,
    modes: &family::MODES,
    settings,
    describe_options: family::describe_options,
    rematch: Rematch::SwapSeats,
    setup_hint: text(
        "35 piece codes: 23 land (front row first, each row from your left) / 10 sea / 2 air",
        "35 个棋子代码：陆地 23 个（从前排起，每排从你的左边起）/ 海上 10 个 / 空中 2 个",
        "35 個棋子代碼：陸地 23 個（從前排起，每排從你的左邊起）/ 海上 10 個 / 空中 2 個",
    ),
    layouts: "sanjun",
    art: "sanjun",
    piece_label: |k| super::pieces::PIECES.get(usize::from(k.0)).map(|d| (d.short_en, d.short_zh)),
    record_tag: "sanjun",
};

/// A game of 陆海空三军棋 in progress, under the contract.
#[derive(Clone, Debug)]
pub struct SanjunContract {
    game: SanjunGame,
    mode: Mode,
    last: Option<SanjunPly>,
}

impl SanjunContract {
    /// Wraps a game played in `mode`: dark, reveal or open (the 4-player partners mode is
    /// refused).
    pub fn new(game: SanjunGame, mode: Mode) -> Result<SanjunContract, SettingsError> {
        if mode == Mode::Partners {
            return Err(SANJUN_KIND.mode_error("partners"));
        }
        Ok(SanjunContract { game, mode, last: None })
    }

    /// The engine game.
    pub fn game(&self) -> &SanjunGame {
        &self.game
    }
}

impl Explain for SanjunIllegal {
    fn explain(&self) -> Explained {
        let zh = match self {
            SanjunIllegal::GameOver => "对局已结束".to_string(),
            SanjunIllegal::NoPiece(p) => format!("{p} 上没有棋子"),
            SanjunIllegal::NotYourPiece(p) => format!("{p} 上的棋子不是你的"),
            SanjunIllegal::Unreachable(a, b) => format!("{a} 上的棋子不能走到 {b}"),
            SanjunIllegal::WrongClass { from, to, class, zone } => {
                format!("{from} 上的{}不能走到 {to}：{}从不{}", class.1, class.1, zone.1)
            }
        };
        Explained::new(self.to_string(), zh)
    }
}

impl Game for SanjunContract {
    type Action = Move;
    type Ply = SanjunPly;
    type Refusal = SanjunIllegal;

    fn kind(&self) -> &'static GameKind {
        &SANJUN_KIND
    }

    fn to_move(&self) -> Seat {
        self.game.to_move()
    }

    fn ply(&self) -> u32 {
        self.game.ply()
    }

    fn over(&self) -> Option<Over> {
        self.game.over().map(family::over)
    }

    fn legal(&self, seat: Seat) -> Vec<Move> {
        if seat != self.game.to_move() {
            return Vec::new();
        }
        self.game.legal_moves()
    }

    fn play(&mut self, seat: Seat, mv: Move) -> Result<SanjunPly, Illegal<SanjunIllegal>> {
        if self.game.over().is_some() {
            return Err(Illegal::Over);
        }
        if seat != self.game.to_move() {
            return Err(Illegal::NotYourTurn { seat, to_move: self.game.to_move() });
        }
        let ply = self.game.play(mv).map_err(Illegal::Rule)?;
        self.last = Some(ply.clone());
        Ok(ply)
    }

    fn last(&self) -> Option<&SanjunPly> {
        self.last.as_ref()
    }

    fn leave(&mut self, seat: Seat, why: Leave) -> Leaving {
        if self.game.over().is_some() || seat.0 > 1 {
            return Leaving::default();
        }
        let end = match why {
            Leave::Resign => self.game.resign(seat),
            Leave::Timeout => self.game.timeout(seat),
        };
        Leaving { out: vec![seat], end: end.map(family::over) }
    }

    fn agree_draw(&mut self) -> Option<Over> {
        if self.game.over().is_some() {
            return None;
        }
        self.game.agree_draw().map(family::over)
    }

    fn public_ply(&self, ply: &SanjunPly, audience: Audience) -> PublicPly {
        let viewer = family::viewer(audience);
        let p = view::public_ply(self.game.board(), ply, self.mode, viewer);
        let facts = family::facts(p.seat, p.attacker, p.defender, p.outcome, &p.revealed);
        PublicPly {
            ply: p.ply,
            seat: p.seat,
            action: format_move(self.game.board(), p.mv),
            path: vec![p.mv.from, p.mv.to],
            facts,
            end: p.end.map(family::over),
        }
    }

    fn picture(&self, audience: Audience, last: Option<&SanjunPly>) -> Picture {
        let g = &self.game;
        let over_now = g.over();
        let scene = Scene {
            ply: g.ply(),
            to_move: over_now.is_none().then(|| g.to_move()),
            faces: view::faces(g, self.mode, family::viewer(audience)),
            public: g.board().board.point_ids().filter(|&p| g.piece_at(p).is_some_and(|c| c.known)).collect(),
            last: last.map(|l| LastMark {
                seat: l.seat,
                points: [l.mv.from, l.mv.to],
                outcome: l.outcome,
                token: format_move(g.board(), l.mv),
            }),
            result: over_now.map(|o| self.result_line(o)),
            material: [g.material(Seat::RED), g.material(Seat::BLUE)],
        };
        family::picture(&SANJUN_KIND, audience, scene)
    }

    fn parse_action(&self, _seat: Seat, text: &str) -> Result<Move, Unreadable> {
        parse_move(self.game.board(), text).ok_or_else(|| {
            Unreadable::new(text, Explained::new("write from-to, e.g. g8-g9", "请写 起点-终点，例如 g8-g9"))
        })
    }

    fn action_token(&self, mv: Move) -> String {
        format_move(self.game.board(), mv)
    }
}

impl SanjunContract {
    /// `Red wins · no legal move · 41 plies`.
    fn result_line(&self, o: SanjunOver) -> Explained {
        let (en, zh) = match o.reason {
            SanjunEnd::FlagCaptured => ("flag captured", "夺得军旗"),
            SanjunEnd::CommanderRemoved => ("commander-in-chief removed", "总司令阵亡"),
            SanjunEnd::NoLegalMove => ("no legal move", "无棋可走"),
            SanjunEnd::BothStuck => ("both stuck", "双方均无棋可走"),
            SanjunEnd::QuietLimit => ("no removal for too long", "久无吃子"),
            SanjunEnd::Resign => ("resignation", "认输"),
            SanjunEnd::Timeout => ("timeout", "超时"),
            SanjunEnd::Agreed => ("draw agreed", "议和"),
        };
        family::result_line(&SANJUN_KIND, o.winner, (en, zh), self.game.ply())
    }
}

/// A piece's name in a language (`battleship`, `主力舰`).
pub fn piece_name(kind: crate::piece::PieceKind, lang: Lang) -> String {
    let d = def_of(kind);
    family::piece_name(d.en, d.zh, lang)
}
