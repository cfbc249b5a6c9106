//! 陆海空三军棋 under the game contract: [`SanjunContract`] wraps a [`SanjunGame`] played in a
//! visibility mode and its static [`SANJUN_KIND`]; the catalogue entry is `super::kinds`.

use crate::combat::Outcome;
use crate::contract::{
    Audience, Captions, Explain, Explained, Face, Fact, Game, GameKind, Illegal, Lang, Leave, Leaving, Line, ModeDesc,
    Over, Picture, PublicPly, Rematch, SeatDesc, Seating, SettingsError, SetupStyle, Standing, Token, Unreadable,
    Words,
};
use crate::game::{EndReason, Move};
use crate::options::Mode;
use crate::seat::Seat;
use crate::view::Viewer;

use super::game::{SanjunEnd, SanjunGame, SanjunIllegal, SanjunOver, SanjunPly};
use super::notation::{format_move, parse_move};
use super::options::SanjunOptions;
use super::pieces::def_of;
use super::view::{self, SanjunFace};

const fn text(en: &'static str, zh_hans: &'static str, zh_hant: &'static str) -> Words {
    Words { en, zh_hans, zh_hant }
}

const MODES: [ModeDesc; 3] = [
    ModeDesc {
        key: "dark",
        name: text("dark", "暗战", "暗戰"),
        about: text("dark (hidden pieces, referee)", "暗战法（公证人）", "暗戰法（公證人）"),
    },
    ModeDesc {
        key: "reveal",
        name: text("reveal", "明战", "明戰"),
        about: text("reveal (combats named)", "密布明战法", "密佈明戰法"),
    },
    ModeDesc { key: "open", name: text("open", "明棋", "明棋"), about: text("open", "明棋", "明棋") },
];

/// Checks a mode and an options text; the options' normal form.
fn settings(mode: &str, options: &str) -> Result<String, SettingsError> {
    SANJUN_KIND.mode(mode).ok_or_else(|| SANJUN_KIND.mode_error(mode))?;
    let o = SanjunOptions::parse(options).map_err(|e| SettingsError::Options(e.to_string()))?;
    Ok(o.to_string())
}

fn describe_options(options: &str, lang: Lang) -> String {
    let o = options.trim();
    match (o.is_empty(), lang) {
        (true, Lang::En) => "standard rules".into(),
        (true, _) => "标准规则".into(),
        (false, Lang::En) => format!("rules: {o}"),
        (false, _) => format!("规则：{o}"),
    }
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
    modes: &MODES,
    settings,
    describe_options,
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

    fn viewer(audience: Audience) -> Viewer {
        match audience {
            Audience::Public => Viewer::Spectator,
            Audience::Seat(s) => Viewer::Seat(s),
            Audience::Everyone => Viewer::Everyone,
        }
    }
}

/// The contract's result of a finished game.
fn over(o: SanjunOver) -> Over {
    let reason = match o.reason {
        SanjunEnd::FlagCaptured => EndReason::FlagCaptured,
        SanjunEnd::NoLegalMove => EndReason::NoLegalMove,
        SanjunEnd::BothStuck => EndReason::BothStuck,
        SanjunEnd::QuietLimit => EndReason::QuietLimit,
        SanjunEnd::Resign => EndReason::Resign,
        SanjunEnd::Timeout => EndReason::Timeout,
        SanjunEnd::Agreed => EndReason::Agreed,
        SanjunEnd::CommanderRemoved => EndReason::CommanderRemoved,
    };
    Over { standing: o.winner.map_or(Standing::Draw, |s| Standing::Team(s.0)), reason }
}

fn contract_face(f: SanjunFace) -> Face {
    match f {
        SanjunFace::Known { owner, kind } => Face::Known { owner, kind },
        SanjunFace::Hidden { owner, .. } => Face::Hidden { owner },
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
        self.game.over().map(over)
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
        Leaving { out: vec![seat], end: end.map(over) }
    }

    fn agree_draw(&mut self) -> Option<Over> {
        if self.game.over().is_some() {
            return None;
        }
        self.game.agree_draw().map(over)
    }

    fn public_ply(&self, ply: &SanjunPly, audience: Audience) -> PublicPly {
        let viewer = Self::viewer(audience);
        let p = view::public_ply(self.game.board(), ply, self.mode, viewer);
        let face = |owner: Seat, kind: Option<crate::piece::PieceKind>| {
            kind.map_or(Face::Hidden { owner }, |kind| Face::Known { owner, kind })
        };
        let mut facts = Vec::new();
        let defender = match (p.defender, ply.outcome) {
            (Some((owner, kind)), _) => Some(face(owner, kind)),
            // Shot down on the way: the aircraft met the gun the rules name.
            (None, Outcome::ShotDown) => p.revealed.first().map(|r| Face::Known { owner: r.seat, kind: r.kind }),
            _ => None,
        };
        if let Some(defender) = defender {
            facts.push(Fact::Combat { outcome: p.outcome, attacker: face(p.seat, p.attacker), defender });
        }
        facts.extend(p.revealed.iter().map(|r| Fact::Revealed { at: r.point, owner: r.seat, kind: r.kind }));
        PublicPly {
            ply: p.ply,
            seat: p.seat,
            action: format_move(self.game.board(), p.mv),
            path: vec![p.mv.from, p.mv.to],
            facts,
            end: p.end.map(over),
        }
    }

    fn picture(&self, audience: Audience, last: Option<&SanjunPly>) -> Picture {
        let over_now = self.game.over();
        let mut pic = Picture::new(audience, self.game.ply(), over_now.is_none().then(|| self.game.to_move()));
        pic.tokens = view::faces(&self.game, self.mode, Self::viewer(audience))
            .into_iter()
            .map(|(at, f)| Token { at, face: contract_face(f) })
            .collect();
        pic.public =
            self.game.board().board.point_ids().filter(|&p| self.game.piece_at(p).is_some_and(|c| c.known)).collect();
        if let Some(l) = last {
            pic.marks = vec![l.mv.from, l.mv.to];
            pic.badge = l.outcome.is_combat().then_some(l.outcome);
            let name = SANJUN_KIND.seating.seats[l.seat.index()].name;
            let mv = format_move(self.game.board(), l.mv);
            pic.captions.last = Some(Line::new(
                Explained::new(format!("{} {mv}", name.en), format!("{} {mv}", name.zh_hans)),
                Some(l.seat),
            ));
        }
        pic.captions = Captions { result: over_now.map(|o| self.result_line(o)), ..pic.captions };
        pic.captions.foot = [Seat::RED, Seat::BLUE]
            .into_iter()
            .map(|s| {
                let [army, weapons, navy, air] = self.game.material(s);
                let name = SANJUN_KIND.seating.seats[s.index()].name;
                Line::new(
                    Explained::new(
                        format!("{}: land {} · sea {navy} · air {air}", name.en, army + weapons),
                        format!("{}：陆 {} · 海 {navy} · 空 {air}", name.zh_hans, army + weapons),
                    ),
                    Some(s),
                )
            })
            .collect();
        pic
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
        let plies = self.game.ply();
        match o.winner {
            Some(s) => {
                let name = SANJUN_KIND.seating.seats[s.index()].name;
                Explained::new(
                    format!("{} wins · {en} · {plies} plies", name.en),
                    format!("{}胜 · {zh} · 共 {plies} 手", name.zh_hans),
                )
            }
            None => Explained::new(format!("draw · {en} · {plies} plies"), format!("和棋 · {zh} · 共 {plies} 手")),
        }
    }
}

/// A piece's name in a language (`battleship`, `主力舰`).
pub fn piece_name(kind: crate::piece::PieceKind, lang: Lang) -> String {
    let d = def_of(kind);
    match lang {
        Lang::En => d.en.to_string(),
        Lang::ZhHans => d.zh.to_string(),
        Lang::ZhHant => crate::contract::to_traditional(d.zh),
    }
}
