//! 海军棋 under the game contract: [`HaijunContract`] wraps a [`HaijunGame`] played in a
//! visibility mode (§6); [`HAIJUN_KIND`] is its static description. The catalogue entry and the
//! record format are in [`super::kinds`].

use crate::board::PointId;
use crate::combat::Outcome;
use crate::contract::{
    Audience, Captions, Explain, Explained, Face, Fact, Game, GameKind, Illegal, Lang, Leave, Leaving, Line, ModeDesc,
    Over, Picture, PublicPly, Rematch, SeatDesc, Seating, SettingsError, SetupStyle, Standing, Token, Unreadable,
    Words,
};
use crate::game::Move;
use crate::notation::{format_move, parse_move};
use crate::options::Mode;
use crate::piece::{Piece, PieceKind};
use crate::seat::Seat;

use super::game::{HaijunGame, HaijunIllegal, HaijunOver, HaijunPly};
use super::options::HaijunSettings;
use super::pieces::{PIECES, def_of};

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

/// The static kind of `haijun`.
pub static HAIJUN_KIND: GameKind = GameKind {
    name: "haijun",
    aliases: &["海军棋", "海軍棋", "海战棋", "海戰棋", "naval chess"],
    title: text("naval chess", "海军棋", "海軍棋"),
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
        "25 piece codes, front row first, each row from your left (5 3 4 3 5 5, camps skipped)",
        "25 个棋子代码，从前排起，每排从你的左边起（5 3 4 3 5 5，跳过安全营）",
        "25 個棋子代碼，從前排起，每排從你的左邊起（5 3 4 3 5 5，跳過安全營）",
    ),
    layouts: "haijun",
    art: "haijun",
    piece_label: |k| PIECES.get(usize::from(k.0)).map(|d| (d.short_en, d.short_zh)),
    record_tag: "haijun",
};

/// A game of 海军棋 in progress, under the contract.
#[derive(Clone, Debug)]
pub struct HaijunContract {
    game: HaijunGame,
    mode: Mode,
    last: Option<HaijunPly>,
}

impl HaijunContract {
    /// Wraps a game played in `mode` (dark, reveal or open).
    pub fn new(game: HaijunGame, mode: Mode) -> HaijunContract {
        HaijunContract { game, mode, last: None }
    }

    /// The engine game.
    pub fn game(&self) -> &HaijunGame {
        &self.game
    }

    /// What `audience` sees of a piece (§6): the owner and anyone once public; everyone in the
    /// open mode and once the game is over.
    fn face(&self, piece: Piece, audience: Audience) -> Face {
        let shows = piece.known
            || self.mode == Mode::Open
            || self.game.over().is_some()
            || matches!(audience, Audience::Everyone)
            || audience == Audience::Seat(piece.seat);
        if shows { Face::Known { owner: piece.seat, kind: piece.kind } } else { Face::Hidden { owner: piece.seat } }
    }

    /// `Red wins · flagship sunk · 41 plies`.
    fn result_line(&self, o: HaijunOver) -> Explained {
        let (en, zh) = o.reason.words();
        let plies = self.game.plies();
        match o.winner {
            Some(s) => {
                let name = HAIJUN_KIND.seating.seats[s.index()].name;
                Explained::new(
                    format!("{} wins · {en} · {plies} plies", name.en),
                    format!("{}胜 · {zh} · 共 {plies} 手", name.zh_hans),
                )
            }
            None => Explained::new(format!("draw · {en} · {plies} plies"), format!("和棋 · {zh} · 共 {plies} 手")),
        }
    }
}

/// The outcome class a ply is announced with (§6): a ply that removes a 旗舰 is `flagship_sunk`
/// (`{F}`, §8, §10.1) whoever attacked and whichever piece went; any other combat its class.
pub fn public_outcome(ply: &HaijunPly) -> Outcome {
    if ply.flagship_sunk { Outcome::FlagshipSunk } else { ply.outcome }
}

/// The contract's result of a finished game.
pub fn over(o: HaijunOver) -> Over {
    Over { standing: o.winner.map_or(Standing::Draw, |s| Standing::Team(s.0)), reason: o.reason }
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

impl Game for HaijunContract {
    type Action = Move;
    type Ply = HaijunPly;
    type Refusal = HaijunIllegal;

    fn kind(&self) -> &'static GameKind {
        &HAIJUN_KIND
    }

    fn to_move(&self) -> Seat {
        self.game.to_move()
    }

    fn ply(&self) -> u32 {
        self.game.plies()
    }

    fn over(&self) -> Option<Over> {
        self.game.over().map(over)
    }

    fn legal(&self, seat: Seat) -> Vec<Move> {
        if seat != self.game.to_move() {
            return Vec::new();
        }
        self.game.legal_moves().into_iter().map(|(from, to, _)| Move { from, to }).collect()
    }

    fn play(&mut self, seat: Seat, mv: Move) -> Result<HaijunPly, Illegal<HaijunIllegal>> {
        if self.game.over().is_some() {
            return Err(Illegal::Over);
        }
        if seat != self.game.to_move() {
            return Err(Illegal::NotYourTurn { seat, to_move: self.game.to_move() });
        }
        let ply = self.game.play(mv.from, mv.to).map_err(Illegal::Rule)?;
        self.last = Some(ply.clone());
        Ok(ply)
    }

    fn last(&self) -> Option<&HaijunPly> {
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
        self.game.agree_draw().map(over)
    }

    fn public_ply(&self, ply: &HaijunPly, audience: Audience) -> PublicPly {
        // The faces as they were at the time of the ply: the mode and the audience decide, and
        // only §6's public facts (a moved 旗舰) are shown to those who may not see a piece.
        let see = |piece: Piece| -> Face {
            let shows = piece.known
                || self.mode != Mode::Dark
                || matches!(audience, Audience::Everyone)
                || audience == Audience::Seat(piece.seat);
            if shows { Face::Known { owner: piece.seat, kind: piece.kind } } else { Face::Hidden { owner: piece.seat } }
        };
        let mut facts = Vec::new();
        if let Some(defender) = ply.defender {
            facts.push(Fact::Combat {
                outcome: public_outcome(ply),
                attacker: see(ply.attacker),
                defender: see(defender),
            });
        }
        if let Some(at) = ply.revealed {
            facts.push(Fact::Revealed { at, owner: ply.seat, kind: ply.attacker.kind });
        }
        PublicPly {
            ply: ply.number,
            seat: ply.seat,
            action: format_move(self.game.board(), Move { from: ply.from, to: ply.to }),
            path: vec![ply.from, ply.to],
            facts,
            end: ply.end.map(over),
        }
    }

    fn picture(&self, audience: Audience, last: Option<&HaijunPly>) -> Picture {
        let over_now = self.game.over();
        let mut pic = Picture::new(audience, self.game.plies(), over_now.is_none().then(|| self.game.to_move()));
        let board = self.game.board();
        pic.tokens = board
            .point_ids()
            .filter_map(|at| self.game.piece_at(at).map(|piece| Token { at, face: self.face(piece, audience) }))
            .collect();
        pic.public = board.point_ids().filter(|&p| self.game.piece_at(p).is_some_and(|c| c.known)).collect();
        if let Some(l) = last {
            pic.marks = vec![l.from, l.to];
            pic.badge = l.outcome.is_combat().then_some(public_outcome(l));
            let seat_name = HAIJUN_KIND.seating.seats[l.seat.index()].name;
            let mv = format_move(board, Move { from: l.from, to: l.to });
            pic.captions.last = Some(Line::new(
                Explained::new(format!("{} {mv}", seat_name.en), format!("{} {mv}", seat_name.zh_hans)),
                Some(l.seat),
            ));
        }
        pic.captions = Captions { result: over_now.map(|o| self.result_line(o)), ..pic.captions };
        pic
    }

    fn parse_action(&self, _seat: Seat, text: &str) -> Result<Move, Unreadable> {
        parse_move(self.game.board(), text).map_err(|_| {
            Unreadable::new(text, Explained::new("write from-to, e.g. c6-c7", "请写 起点-终点，例如 c6-c7"))
        })
    }

    fn action_token(&self, mv: Move) -> String {
        format_move(self.game.board(), mv)
    }
}

/// A piece's name in a language (`flagship`, `旗舰`, `旗艦`).
pub fn piece_name(kind: PieceKind, lang: Lang) -> String {
    let d = def_of(kind);
    lang.pick(d.en, d.zh).into_owned()
}

/// The one describer of a ply (announcements, images, the terminal): who moved where, the
/// combat as the audience may know it, the 旗舰 shown, the end.
pub fn describe(p: &PublicPly, lang: Lang) -> String {
    let board = super::board::get(Default::default());
    let side = |s: Seat| HAIJUN_KIND.seating.seats.get(s.index()).map_or(("?", "?"), |d| (d.name.en, d.name.zh_hans));
    let face = |f: &Face| match f {
        Face::Known { owner, kind } | Face::Under { owner, kind } => {
            let (en, zh) = side(*owner);
            (format!("{en}'s {}", def_of(*kind).en), format!("{zh}{}", def_of(*kind).zh))
        }
        Face::Hidden { owner } => {
            let (en, zh) = side(*owner);
            (format!("a hidden {en} ship"), format!("{zh}暗子"))
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
