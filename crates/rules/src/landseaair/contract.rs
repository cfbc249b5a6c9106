//! The parts of the game contract both games of the family fill the same way: their modes, the
//! options' summary, faces, results, the public account of a ply, and the picture (last move and
//! combat marked, the result, each side's material by layer). Each game's `contract.rs` keeps its
//! kind, its refusals' words and its describer.

use crate::board::PointId;
use crate::combat::Outcome;
use crate::contract::{
    Audience, Captions, Explained, Face, Fact, GameKind, Lang, Line, ModeDesc, Over as ContractOver, Picture, Standing,
    Token, Words,
};
use crate::game::Reveal;
use crate::piece::PieceKind;
use crate::sanjun::view::SanjunFace;
use crate::seat::Seat;
use crate::view::Viewer;

use super::outcome::{EndClass, Over};

const fn text(en: &'static str, zh_hans: &'static str, zh_hant: &'static str) -> Words {
    Words { en, zh_hans, zh_hant }
}

/// The modes both games offer (`rules-sanjun.md` §6): dark with a referee, 密布明战法, open.
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

/// A normal-form options text in words: `standard rules`, or `rules: win=marshal`.
pub fn describe_options(options: &str, lang: Lang) -> String {
    let o = options.trim();
    if o.is_empty() {
        lang.pick("standard rules", "标准规则").into()
    } else {
        lang.pick(format!("rules: {o}"), format!("规则：{o}")).into()
    }
}

/// Who an audience is, as the games' views know viewers.
pub fn viewer(audience: Audience) -> Viewer {
    match audience {
        Audience::Public => Viewer::Spectator,
        Audience::Seat(s) => Viewer::Seat(s),
        Audience::Everyone => Viewer::Everyone,
    }
}

/// The contract's result of a finished game.
pub fn over<E: EndClass>(o: Over<E>) -> ContractOver {
    ContractOver { standing: o.winner.map_or(Standing::Draw, |s| Standing::Team(s.0)), reason: o.reason.into() }
}

/// A piece as the contract shows it: known, or its owner alone (its class is on the board).
pub fn face(f: SanjunFace) -> Face {
    match f {
        SanjunFace::Known { owner, kind } => Face::Known { owner, kind },
        SanjunFace::Hidden { owner, .. } => Face::Hidden { owner },
    }
}

/// A piece's name in a language from its English and 简体 names (繁體 by the character table).
pub fn piece_name(en: &str, zh: &str, lang: Lang) -> String {
    lang.pick(en, zh).into_owned()
}

/// `Red wins · flag captured · 41 plies`, with the end in the game's words.
pub fn result_line(kind: &GameKind, winner: Option<Seat>, (en, zh): (&str, &str), plies: u32) -> Explained {
    match winner {
        Some(s) => {
            let name = kind.seating.seats[s.index()].name;
            Explained::new(
                format!("{} wins · {en} · {plies} plies", name.en),
                format!("{}胜 · {zh} · 共 {plies} 手", name.zh_hans),
            )
        }
        None => Explained::new(format!("draw · {en} · {plies} plies"), format!("和棋 · {zh} · 共 {plies} 手")),
    }
}

/// A ply as one audience may know it, in the facts the contract carries: the combat (an aircraft
/// shot down on the way met the gun the rules name), then what the rules made public.
pub fn facts(
    seat: Seat,
    attacker: Option<PieceKind>,
    defender: Option<(Seat, Option<PieceKind>)>,
    outcome: Outcome,
    revealed: &[Reveal],
) -> Vec<Fact> {
    let face =
        |owner: Seat, kind: Option<PieceKind>| kind.map_or(Face::Hidden { owner }, |kind| Face::Known { owner, kind });
    let mut facts = Vec::new();
    let defender = match (defender, outcome) {
        (Some((owner, kind)), _) => Some(face(owner, kind)),
        (None, Outcome::ShotDown) => revealed.first().map(|r| Face::Known { owner: r.seat, kind: r.kind }),
        _ => None,
    };
    if let Some(defender) = defender {
        facts.push(Fact::Combat { outcome, attacker: face(seat, attacker), defender });
    }
    facts.extend(revealed.iter().map(|r| Fact::Revealed { at: r.point, owner: r.seat, kind: r.kind }));
    facts
}

/// The last ply as a picture marks it.
pub struct LastMark {
    /// Who moved.
    pub seat: Seat,
    /// From and to.
    pub points: [PointId; 2],
    /// Its outcome class (combats get a badge).
    pub outcome: Outcome,
    /// The move's token.
    pub token: String,
}

/// What a picture of a game of the family shows, gathered by the game.
pub struct Scene {
    /// Plies played.
    pub ply: u32,
    /// Whose turn, while the game goes on.
    pub to_move: Option<Seat>,
    /// Each piece as the audience sees it.
    pub faces: Vec<(PointId, SanjunFace)>,
    /// The points whose pieces everyone knows.
    pub public: Vec<PointId>,
    /// The last ply, if the picture marks one.
    pub last: Option<LastMark>,
    /// The result line, once the game is over.
    pub result: Option<Explained>,
    /// Each side's material: army, weapons, navy, air (Red, Blue).
    pub material: [[usize; 4]; 2],
}

/// The picture of a scene for an audience: tokens, the last move and its combat badge, the
/// result, and a foot line per side counting land, sea and air pieces.
pub fn picture(kind: &GameKind, audience: Audience, scene: Scene) -> Picture {
    let mut pic = Picture::new(audience, scene.ply, scene.to_move);
    pic.tokens = scene.faces.into_iter().map(|(at, f)| Token { at, face: face(f) }).collect();
    pic.public = scene.public;
    if let Some(l) = scene.last {
        pic.marks = l.points.to_vec();
        pic.badge = l.outcome.is_combat().then_some(l.outcome);
        let name = kind.seating.seats[l.seat.index()].name;
        let mv = l.token;
        pic.captions.last = Some(Line::new(
            Explained::new(format!("{} {mv}", name.en), format!("{} {mv}", name.zh_hans)),
            Some(l.seat),
        ));
    }
    pic.captions = Captions { result: scene.result, ..pic.captions };
    pic.captions.foot = [Seat::RED, Seat::BLUE]
        .into_iter()
        .map(|s| {
            let [army, weapons, navy, air] = scene.material[s.index()];
            let name = kind.seating.seats[s.index()].name;
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
