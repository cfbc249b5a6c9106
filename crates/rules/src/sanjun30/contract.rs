//! 海陆空三军战斗棋 under the game contract: [`Sanjun30Contract`] wraps a [`Sanjun30Game`] played
//! in a visibility mode; [`SANJUN30_KIND`] is its static description. The catalogue entry and the
//! record format are in [`super::kinds`].

use crate::combat::Outcome;
use crate::contract::{
    Audience, Captions, Explain, Explained, Face, Fact, Game, GameKind, Illegal, Lang, Leave, Leaving, Line, ModeDesc,
    Over, Picture, PublicPly, Rematch, SeatDesc, Seating, SettingsError, SetupStyle, Standing, Token, Unreadable,
    Words,
};
use crate::game::Move;
use crate::options::Mode;
use crate::piece::PieceKind;
use crate::seat::Seat;
use crate::view::Viewer;

use super::board::Sanjun30Board;
use super::game::{Sanjun30Game, Sanjun30Illegal, Sanjun30Over, Sanjun30Ply};
use super::notation::{format_move, parse_move};
use super::options::Sanjun30Options;
use super::pieces::{PIECES, def_of};
use super::view::{self, Face30};

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
        about: text("reveal (combats named)", "密布明战法", "密布明戰法"),
    },
    ModeDesc { key: "open", name: text("open", "明棋", "明棋"), about: text("open", "明棋", "明棋") },
];

/// Checks a mode and an options text; the options' normal form.
pub fn settings(mode: &str, options: &str) -> Result<String, SettingsError> {
    SANJUN30_KIND.mode(mode).ok_or_else(|| SANJUN30_KIND.mode_error(mode))?;
    Sanjun30Options::parse(options).map(|o| o.to_string()).map_err(|e| SettingsError::Options(e.to_string()))
}

fn describe_options(options: &str, lang: Lang) -> String {
    let o = options.trim();
    if o.is_empty() {
        lang.pick("standard rules", "标准规则").into()
    } else {
        lang.pick(format!("rules: {o}"), format!("规则：{o}")).into()
    }
}

/// The static kind of `sanjun30`.
pub static SANJUN30_KIND: GameKind = GameKind {
    name: "sanjun30",
    aliases: &[
        "海陆空三军战斗棋",
        "海陸空三軍戰鬥棋",
        "三军战斗棋",
        "三軍戰鬥棋",
        "land-sea-air battle chess",
        "sanjun-30",
    ],
    title: text("land-sea-air battle chess (30)", "海陆空三军战斗棋", "海陸空三軍戰鬥棋"),
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
        "31 characters: 23 land codes (front row first, each row from your left) / 6 anchors, '.' for the empty one / 2 aircraft",
        "31 个字符：陆地 23 个代码（从前排起，每排从你的左边起）/ 6 个锚点，空的写“.”/ 2 架飞机",
        "31 個字符：陸地 23 個代碼（從前排起，每排從你的左邊起）/ 6 個錨點，空的寫“.”/ 2 架飛機",
    ),
    layouts: "sanjun30",
    art: "sanjun30",
    piece_label: |k| PIECES.get(usize::from(k.0)).map(|d| (d.short_en, d.short_zh)),
    record_tag: "sanjun30",
};

/// A game of 三军战斗棋 in progress, under the contract.
#[derive(Clone, Debug)]
pub struct Sanjun30Contract {
    game: Sanjun30Game,
    mode: Mode,
    last: Option<Sanjun30Ply>,
}

impl Sanjun30Contract {
    /// Wraps a game played in `mode` (dark, reveal or open).
    pub fn new(game: Sanjun30Game, mode: Mode) -> Sanjun30Contract {
        Sanjun30Contract { game, mode, last: None }
    }

    /// The engine game.
    pub fn game(&self) -> &Sanjun30Game {
        &self.game
    }

    fn viewer(audience: Audience) -> Viewer {
        match audience {
            Audience::Public => Viewer::Spectator,
            Audience::Seat(s) => Viewer::Seat(s),
            Audience::Everyone => Viewer::Everyone,
        }
    }

    /// `Red wins · flag captured · 41 plies`.
    fn result_line(&self, o: Sanjun30Over) -> Explained {
        let (en, zh) = o.reason.reason().words();
        let plies = self.game.ply();
        match o.winner {
            Some(s) => {
                let name = SANJUN30_KIND.seating.seats[s.index()].name;
                Explained::new(
                    format!("{} wins · {en} · {plies} plies", name.en),
                    format!("{}胜 · {zh} · 共 {plies} 手", name.zh_hans),
                )
            }
            None => Explained::new(format!("draw · {en} · {plies} plies"), format!("和棋 · {zh} · 共 {plies} 手")),
        }
    }
}

/// The contract's result of a finished game.
pub fn over(o: Sanjun30Over) -> Over {
    Over { standing: o.winner.map_or(Standing::Draw, |s| Standing::Team(s.0)), reason: o.reason.reason() }
}

fn contract_face(f: Face30) -> Face {
    match f {
        Face30::Known { owner, kind } => Face::Known { owner, kind },
        Face30::Hidden { owner, .. } => Face::Hidden { owner },
    }
}

impl Explain for Sanjun30Illegal {
    fn explain(&self) -> Explained {
        let zh_piece = |en: &'static str| -> &'static str { PIECES.iter().find(|d| d.en == en).map_or(en, |d| d.zh) };
        let zh = match self {
            Sanjun30Illegal::GameOver => "对局已结束".to_string(),
            Sanjun30Illegal::NoPiece(p) => format!("{p} 上没有棋子"),
            Sanjun30Illegal::NotYourPiece(p) => format!("{p} 上的棋子不是你的"),
            Sanjun30Illegal::Immobile(p, k) => format!("{p} 上的{}不能走动", zh_piece(k)),
            Sanjun30Illegal::WrongClass(a, k, b) => format!("{}不能从 {a} 走到 {b}", zh_piece(k)),
            Sanjun30Illegal::Unreachable(a, b) => format!("{a} 上的棋子现在不能走到 {b}"),
        };
        Explained::new(self.to_string(), zh)
    }
}

impl Game for Sanjun30Contract {
    type Action = Move;
    type Ply = Sanjun30Ply;
    type Refusal = Sanjun30Illegal;

    fn kind(&self) -> &'static GameKind {
        &SANJUN30_KIND
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

    fn play(&mut self, seat: Seat, mv: Move) -> Result<Sanjun30Ply, Illegal<Sanjun30Illegal>> {
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

    fn last(&self) -> Option<&Sanjun30Ply> {
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

    fn public_ply(&self, ply: &Sanjun30Ply, audience: Audience) -> PublicPly {
        let p = view::public_ply(ply, self.mode, Self::viewer(audience));
        let face = |owner: Seat, kind: Option<PieceKind>| {
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

    fn picture(&self, audience: Audience, last: Option<&Sanjun30Ply>) -> Picture {
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
            let name = SANJUN30_KIND.seating.seats[l.seat.index()].name;
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
                let name = SANJUN30_KIND.seating.seats[s.index()].name;
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

/// A piece's name in a language (`battleship`, `主力舰`, `主力艦`).
pub fn piece_name(kind: PieceKind, lang: Lang) -> String {
    let d = def_of(kind);
    lang.pick(d.en, d.zh).into_owned()
}

/// The one describer of a ply (announcements, images, the terminal): who moved what where, the
/// combat as the audience may know it, what the rules announced, the end.
pub fn describe(p: &PublicPly, lang: Lang) -> String {
    let board = Sanjun30Board::get();
    let side = |s: Seat| SANJUN30_KIND.seating.seats.get(s.index()).map_or(("?", "?"), |d| (d.name.en, d.name.zh_hans));
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
                let (oe, oz) = outcome_words(*outcome);
                en.push_str(&format!(", {ae} against {de}: {oe}"));
                zh.push_str(&format!("，{az}对{dz}：{oz}"));
            }
            Fact::Revealed { at, owner, kind } => {
                let (se, sz) = side(*owner);
                let n = board.board.name(*at);
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

/// An outcome class in words (English, 简体).
fn outcome_words(o: Outcome) -> (&'static str, &'static str) {
    match o {
        Outcome::Moved => ("moved", "移动"),
        Outcome::AttackerWon => ("the attacker won", "攻方胜"),
        Outcome::DefenderWon => ("the defender won", "守方胜"),
        Outcome::BothRemoved => ("both removed", "同归于尽"),
        Outcome::FlagCaptured => ("flag captured", "夺得军旗"),
        Outcome::Bounced => ("bounced", "弹回"),
        Outcome::Scouted => ("scouted", "侦察"),
        Outcome::ShotDown => ("shot down", "被击落"),
        Outcome::FlagshipSunk => ("flagship sunk", "旗舰损失"),
    }
}
