//! The words of 陆海空三军棋 for players: the one describer of a ply (announcements, images, the
//! terminal) in three languages, over the Junqi family's outcome and end wordings.

use std::fmt::Write as _;

use crate::adapters::words::{outcome, over};
use crate::combat::Outcome;
use crate::contract::{Face, Fact, Lang, PublicPly, to_traditional};
use crate::seat::Seat;

use super::board::SanjunBoard;
use super::contract::SANJUN_KIND;
use super::pieces::def_of;

/// A piece's name (`battleship`, `主力舰`; 繁體 by the character table).
fn piece(kind: crate::piece::PieceKind, lang: Lang) -> String {
    let d = def_of(kind);
    lang.pick(d.en, d.zh).into_owned()
}

/// A face as a combat names it: the kind where known, `None` otherwise.
fn face(f: Face, lang: Lang) -> Option<String> {
    match f {
        Face::Known { kind, .. } | Face::Under { kind, .. } => Some(piece(kind, lang)),
        Face::Hidden { .. } | Face::Down => None,
    }
}

/// `ply 12: Red g8-g9 attacks (coastal battery against ?): the attacker wins.` — a flight shot
/// down and a scouting name what the rules make public in a `Revealed` sentence.
pub fn describe(p: &PublicPly, lang: Lang) -> String {
    // Chinese is written in 简体 and converted once at the end for 繁體 readers.
    let l = if lang == Lang::ZhHant { Lang::ZhHans } else { lang };
    let zh = l.is_zh();
    let seating = &SANJUN_KIND.seating;
    let side = |s: Seat| seating.name(s, l);
    let board = &SanjunBoard::get().board;
    let (n, who, a) = (p.ply, side(p.seat), &p.action);
    let mut t = String::new();
    let combat = p.facts.iter().find_map(|f| match *f {
        Fact::Combat { outcome, attacker, defender } => Some((outcome, attacker, defender)),
        _ => None,
    });
    match combat {
        Some((Outcome::ShotDown, _, _)) => {
            let o = outcome(Outcome::ShotDown, l).unwrap_or_default();
            let _ =
                if zh { write!(t, "第{n}手：{who} {a}：{o}。") } else { write!(t, "ply {n}: {who} {a}: {o}.") };
        }
        Some((o, att, def)) => {
            let vs = match (face(att, l), face(def, l)) {
                (None, None) => String::new(),
                (x, y) => {
                    let x = x.unwrap_or_else(|| "?".into());
                    let y = y.unwrap_or_else(|| "?".into());
                    if zh { format!("（{x}对{y}）") } else { format!(" ({x} against {y})") }
                }
            };
            let o = outcome(o, l).unwrap_or_default();
            let _ = if zh {
                write!(t, "第{n}手：{who} {a} 进攻{vs}：{o}。")
            } else {
                write!(t, "ply {n}: {who} {a} attacks{vs}: {o}.")
            };
        }
        None => {
            let _ = if zh { write!(t, "第{n}手：{who} {a}。") } else { write!(t, "ply {n}: {who} {a}.") };
        }
    }
    for f in &p.facts {
        if let Fact::Revealed { at, owner, kind } = *f {
            let (s, pc, at) = (side(owner), piece(kind, l), board.name(at));
            let _ = if zh {
                write!(t, " 公开：{s}的{pc}在 {at}。")
            } else {
                write!(t, " Revealed: {s}'s {pc} at {at}.")
            };
        }
    }
    if let Some(o) = &p.end {
        t.push(' ');
        t.push_str(&over(seating, o, l));
    }
    if lang == Lang::ZhHant { to_traditional(&t) } else { t }
}
