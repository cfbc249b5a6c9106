//! Pictures of the family's boards, captions included, from the engines' per-viewer views: the
//! Junqi family's [`View`] and 翻棋's [`FlipView`]. A view is already made for one viewer, so a
//! picture made from it holds nothing that viewer may not know; the captions are the family's
//! image lines (`红方 c6-c7 · 进攻方胜 · 司 × 军`): the family's words (`words.rs`: outcomes, end
//! reasons) and its tile labels, in English and 简体 (繁體 by the one table), drawn by the one
//! renderer whatever the board.

use crate::board::PointId;
use crate::combat::Outcome;
use crate::contract::{Audience, Explained, Face, GameKind, Lang, Line, Picture, Token};
use crate::flip::{FlipCell, FlipEvent, FlipView, Player};
use crate::game::{EndReason, GameOver};
use crate::notation::format_move;
use crate::piece::PieceKind;
use crate::seat::Seat;
use crate::variant::Variant;
use crate::view::{PublicPly, View, Viewer};

fn both(en: impl Into<String>, zh: impl Into<String>) -> Explained {
    Explained::new(en, zh)
}

/// A seat's name as its kind gives it.
pub fn seat_name(kind: &GameKind, seat: Seat) -> Explained {
    both(kind.seating.name(seat, Lang::En), kind.seating.name(seat, Lang::ZhHans))
}

/// A tile's label (`司`, `FM`).
pub fn label(variant: &Variant, kind: PieceKind) -> Explained {
    let d = variant.piece(kind);
    both(d.short_en, d.short_zh)
}

/// An outcome class in the family's words (the announcements' words: `进攻方胜`, `the attacker
/// wins`); `移动` / `moved` for a plain move.
pub fn outcome(o: Outcome) -> Explained {
    let word = |l| super::words::outcome(o, l).unwrap_or_else(|| Lang::pick(l, "moved", "移动").into_owned());
    both(word(Lang::En), word(Lang::ZhHans))
}

/// Why a game ended, in the family's words (the announcements' words).
pub fn reason(r: EndReason) -> Explained {
    both(super::words::reason(r, Lang::En), super::words::reason(r, Lang::ZhHans))
}

/// `对局结束 · 红方胜 · 夺旗 · 共 41 手`: `winner` names the winning side or team (`plural` for a
/// team of several seats), `None` for a draw.
pub fn result(winner: Option<(Explained, bool)>, why: EndReason, plies: u32) -> Explained {
    let (en, zh) = match winner {
        Some((w, true)) => (format!("{} win", w.en), format!("{}胜", w.zh)),
        Some((w, false)) => (format!("{} wins", w.en), format!("{}胜", w.zh)),
        None => ("draw".to_string(), "和棋".to_string()),
    };
    let why = reason(why);
    both(
        format!("game over · {en} · {} · {plies} plies", why.en),
        format!("对局结束 · {zh} · {} · 共 {plies} 手", why.zh),
    )
}

/// A ply in words: `红方 c6-c7 · 进攻方胜 · 司 × 军`; `kinds` are the attacker's and defender's
/// kinds as far as the audience knows them, named when either is known.
pub fn ply_line(
    variant: &Variant,
    who: &Explained,
    mv: crate::game::Move,
    o: Outcome,
    kinds: (Option<PieceKind>, Option<PieceKind>),
) -> Explained {
    let mv = format_move(&variant.board, mv);
    let (mut en, mut zh) = (format!("{} {mv}", who.en), format!("{} {mv}", who.zh));
    if o.is_combat() {
        let w = outcome(o);
        en.push_str(&format!(" · {}", w.en));
        zh.push_str(&format!(" · {}", w.zh));
        if kinds.0.is_some() || kinds.1.is_some() {
            let word = |k: Option<PieceKind>| k.map_or_else(|| both("?", "?"), |k| label(variant, k));
            let (a, d) = (word(kinds.0), word(kinds.1));
            en.push_str(&format!(" · {} × {}", a.en, d.en));
            zh.push_str(&format!(" · {} × {}", a.zh, d.zh));
        }
    }
    both(en, zh)
}

/// `红方损失 3` / `Red lost 3`, with the kinds where they are known (`红方损失 3:  司1  炸2`).
pub fn lost(variant: &Variant, who: &Explained, count: u32, by_kind: Option<&[u8]>) -> Explained {
    let (mut en, mut zh) = (format!("{} lost {count}", who.en), format!("{}损失 {count}", who.zh));
    if let Some(kinds) = by_kind.filter(|_| count > 0) {
        let each =
            kinds.iter().enumerate().filter(|(_, n)| **n > 0).map(|(k, n)| (label(variant, PieceKind(k as u8)), n));
        let (e, z): (Vec<String>, Vec<String>) =
            each.map(|(l, n)| (format!("{} {n}", l.en), format!("{}{n}", l.zh))).unzip();
        en.push_str(&format!(":  {}", e.join("  ")));
        zh.push_str(&format!(":  {}", z.join("  ")));
    }
    both(en, zh)
}

/// The name of a team: its seats' names, a shared last character said once (`南北家`,
/// `South & North`), and whether it is several seats.
fn team_name(kind: &GameKind, team: u8) -> (Explained, bool) {
    let seats: Vec<&crate::contract::SeatDesc> = kind.seating.seats.iter().filter(|d| d.team == team).collect();
    let en: Vec<&str> = seats.iter().map(|d| d.name.en).collect();
    let zh: Vec<&str> = seats.iter().map(|d| d.name.zh_hans).collect();
    let last = zh.first().and_then(|z| z.chars().last());
    let zh = match last {
        Some(c) if zh.len() > 1 && zh.iter().all(|z| z.ends_with(c)) => {
            zh.iter().map(|z| z.trim_end_matches(c)).collect::<String>() + &c.to_string()
        }
        _ => zh.join("、"),
    };
    (both(en.join(" & "), zh), seats.len() > 1)
}

/// The audience a view was made for.
fn audience_of(viewer: Viewer) -> Audience {
    match viewer {
        Viewer::Spectator => Audience::Public,
        Viewer::Seat(s) => Audience::Seat(s),
        Viewer::Everyone => Audience::Everyone,
    }
}

/// The last ply's marks and badge.
fn mark_last(picture: &mut Picture, last: &PublicPly) {
    picture.marks = vec![last.mv.from, last.mv.to];
    picture.badge = last.outcome.is_combat().then_some(last.outcome);
}

/// The picture of a Junqi-family view (2 or 4 seats), captions included, for the viewer it was
/// made for; `kind` names the seats.
pub fn of_view(view: &View, kind: &GameKind) -> Picture {
    let variant = view.variant;
    let audience = audience_of(view.viewer);
    let to_move = view.over.is_none().then_some(view.to_move);
    let mut picture = Picture::new(audience, view.ply, to_move);
    for (i, cell) in view.cells.iter().enumerate() {
        let Some(seen) = cell else { continue };
        let (at, owner) = (PointId(i as u8), seen.seat);
        let face = seen.kind.map_or(Face::Hidden { owner }, |kind| Face::Known { owner, kind });
        picture.tokens.push(Token { at, face });
        if seen.public && seen.kind.is_some() {
            picture.public.push(at);
        }
    }
    let c = &mut picture.captions;
    c.result = view.over.map(|o| result(o.winner.map(|t| team_name(kind, t)), o.reason, view.ply));
    if let Some(last) = &view.last {
        let kinds = (last.attacker, last.defender.and_then(|(_, k)| k));
        let words = ply_line(variant, &seat_name(kind, last.seat), last.mv, last.outcome, kinds);
        c.last = Some(Line::new(words, Some(last.seat)));
    }
    let detailed = audience != Audience::Public;
    c.foot = view
        .removed
        .iter()
        .map(|r| {
            let kinds = r.by_kind.as_deref().filter(|_| detailed);
            Line::new(lost(variant, &seat_name(kind, r.seat), r.count, kinds), Some(r.seat))
        })
        .collect();
    // A seat with nothing left on the board after the start is out (4-player games go on).
    if variant.seats.len() > 2 && view.ply > 0 {
        c.out = (0..variant.seats.len() as u8)
            .map(Seat)
            .filter(|&s| !view.cells.iter().flatten().any(|p| p.seat == s))
            .collect();
    }
    if let Some(last) = &view.last {
        mark_last(&mut picture, last);
    }
    picture
}

/// `P1 (蓝方)` / `P1 (Blue)`, or just `P1` before colours are assigned.
fn player_name(view: &FlipView, p: Player) -> Explained {
    match view.colour_of(p) {
        Some(c) => {
            let side = side_name(c);
            both(format!("{} ({})", p.tag(), side.en), format!("{} ({})", p.tag(), side.zh))
        }
        None => both(p.tag(), p.tag()),
    }
}

/// A colour's name (`红方`, `Blue`).
fn side_name(colour: Seat) -> Explained {
    if colour == Seat::RED { both("Red", "红方") } else { both("Blue", "蓝方") }
}

/// The picture of 翻棋's public view, captions included: face-down pieces are backs, unless
/// `under` tells what lies beneath (the audience that knows everything).
pub fn of_flip_view(
    view: &FlipView,
    audience: Audience,
    under: impl Fn(PointId) -> Option<(Seat, PieceKind)>,
) -> Picture {
    let v = Variant::junqi();
    let to_move = view.over.is_none().then_some(Seat(view.to_move.index() as u8));
    let mut picture = Picture::new(audience, view.ply, to_move);
    picture.tokens = (0..view.cells.len())
        .filter_map(|i| {
            let at = PointId(i as u8);
            let face = match view.cells[i]? {
                FlipCell::FaceUp { colour, kind } => Face::Known { owner: colour, kind },
                FlipCell::FaceDown => under(at).map_or(Face::Down, |(owner, kind)| Face::Under { owner, kind }),
            };
            Some(Token { at, face })
        })
        .collect();
    let c = &mut picture.captions;
    c.names = [Player::P1, Player::P2].iter().map(|&p| player_name(view, p)).collect();
    c.result = view.over.map(|o: GameOver| {
        let winner = o.winner.and_then(Player::from_index).map(|p| (player_name(view, p), false));
        result(winner, o.reason, view.ply)
    });
    if let Some(last) = &view.last {
        let who = player_name(view, last.player);
        let (words, side) = match last.event {
            FlipEvent::Flip { point, colour, kind } => {
                let (at, s, l) = (v.board.name(point), side_name(colour), label(v, kind));
                (
                    both(
                        format!("{} +{at} flipped {} {}", who.en, s.en, l.en),
                        format!("{} +{at} 公开 {}{}", who.zh, s.zh, l.zh),
                    ),
                    colour,
                )
            }
            FlipEvent::Move { mv, outcome, attacker, defender } => {
                // Both kinds of a 翻棋 combat are face up; they are named only with a defender.
                let kinds = defender.map_or((None, None), |(_, dk)| (Some(attacker.1), Some(dk)));
                (ply_line(v, &who, mv, outcome, kinds), attacker.0)
            }
        };
        c.last = Some(Line::new(words, Some(side)));
        picture.marks = match last.event {
            FlipEvent::Flip { point, .. } => vec![point],
            FlipEvent::Move { mv, .. } => vec![mv.from, mv.to],
        };
    }
    let c = &mut picture.captions;
    for s in [Seat::RED, Seat::BLUE] {
        let n: u32 = view.removed[s.index()].iter().map(|&k| u32::from(k)).sum();
        c.foot.push(Line::new(lost(v, &side_name(s), n, None), Some(s)));
    }
    let down = view.face_down();
    c.foot.push(Line::new(both(format!("face down {down}"), format!("未公开 {down}")), None));
    picture
}

/// Every caption word these pictures can hold, in every language (the font test of the renderer).
pub fn all_words() -> Vec<String> {
    let mut out = Vec::new();
    let mut add = |e: Explained| {
        for l in [Lang::En, Lang::ZhHans, Lang::ZhHant] {
            out.push(e.get(l));
        }
    };
    for o in Outcome::ALL {
        add(outcome(o));
    }
    for r in EndReason::ALL {
        add(result(None, r, 0));
        add(result(Some((both("Red", "红方"), false)), r, 0));
    }
    for def in crate::contract::catalog::all() {
        for (i, _) in def.kind.seating.seats.iter().enumerate() {
            add(seat_name(def.kind, Seat(i as u8)));
            add(lost(Variant::junqi(), &seat_name(def.kind, Seat(i as u8)), 0, None));
        }
        for t in 0..2 {
            add(result(Some(team_name(def.kind, t)), EndReason::FlagCaptured, 0));
        }
    }
    for p in [Player::P1, Player::P2] {
        add(both(format!("{} (Blue) flipped", p.tag()), format!("{} (蓝方) 公开", p.tag())));
    }
    add(both("face down 0", "未公开 0"));
    for (i, _) in Variant::junqi().pieces.iter().enumerate() {
        add(label(Variant::junqi(), PieceKind(i as u8)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captions_use_the_family_words() {
        let red = both("Red", "红方");
        assert_eq!(
            result(Some((red.clone(), false)), EndReason::FlagCaptured, 41).zh,
            "对局结束 · 红方胜 · 夺得军旗 · 共 41 手"
        );
        assert_eq!(result(None, EndReason::Agreed, 3).en, "game over · draw · agreed · 3 plies");
        assert_eq!(outcome(Outcome::AttackerWon).en, "the attacker wins");
        let v = Variant::junqi();
        let mut kinds = vec![0u8; v.pieces.len()];
        kinds[0] = 1;
        kinds[10] = 2;
        let l = lost(v, &red, 3, Some(&kinds));
        assert_eq!(l.zh, "红方损失 3:  司1  炸2");
        assert_eq!(l.get(Lang::ZhHant), "紅方損失 3:  司1  炸2");
        let j4 = &crate::adapters::junqi::JUNQI4_KIND;
        let (team, plural) = team_name(j4, 0);
        assert!(plural);
        assert_eq!((team.en.as_str(), team.zh.as_str()), ("South & North", "南北家"));
    }
}
