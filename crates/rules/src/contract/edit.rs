//! Editing a deployment by its points, for every kind that deploys: two points of a player's own
//! layout exchange their pieces (`swap a1 b2`), and named classic layouts per layout family.
//!
//! The contract knows a setup only as opaque slots ([`GameDef::swap_slots`]) and as a picture
//! ([`GameDef::setup_picture`]), so which slot stands on which point is learnt from the pictures:
//! exchanging slots `i` and `j` of a legal layout changes the tokens on exactly their two points,
//! and two such exchanges that share slot `i` share only its point. No game is named here.
//!
//! A swap that would break a placement rule is refused with the rules' own words (the layout
//! being edited is always a legal one, so every picture, image and Confirm shows a layout that
//! can be played).

use std::collections::BTreeSet;

use super::catalog::{GameDef, SetupError};
use super::explain::Explained;
use super::lang::Words;
use super::picture::{Face, Picture};
use crate::board::PointId;
use crate::seat::Seat;

/// A named classic layout of a layout family.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Classic {
    /// Its name as players type it (`guard-left`).
    pub name: &'static str,
    /// Its title in the players' languages (`三雷护旗（左）`).
    pub title: Words,
    /// Where it comes from.
    pub source: &'static str,
    /// The deployment string (side-independent, as saved layouts are).
    pub setup: &'static str,
}

/// Every family's library of classic layouts, by the family's key ([`GameKind::layouts`]); each
/// family keeps its own in its folder, as `catalog::all` lists each kind.
///
/// [`GameKind::layouts`]: super::GameKind::layouts
const LIBRARIES: &[(&str, &[Classic])] = &[("junqi", crate::adapters::classics::JUNQI)];

/// The classic layouts offered for a kind (those of its layout family; none for most kinds).
pub fn classics(def: &GameDef) -> &'static [Classic] {
    LIBRARIES.iter().find(|(family, _)| *family == def.kind.layouts).map_or(&[], |(_, l)| l)
}

/// A classic layout of a kind by its name, any case.
pub fn classic(def: &GameDef, name: &str) -> Option<&'static Classic> {
    classics(def).iter().find(|c| c.name.eq_ignore_ascii_case(name.trim()))
}

/// Why two points could not be swapped. Nothing changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SwapError {
    /// The kind deploys nothing (or cannot edit its setups).
    #[error("this game has no layouts to edit")]
    NoLayouts,
    /// The layout being edited is not one (the game's explanation).
    #[error("{0}")]
    Setup(SetupError),
    /// A name that is no point of the board.
    #[error("'{}' is no point of this board", crate::echo::echo(.0))]
    UnknownPoint(String),
    /// A point without a piece of the player's layout.
    #[error("there is none of your pieces on {0}")]
    NotYours(String),
    /// The swap would break placement rules: each broken rule, in the game's words.
    #[error("swapping {} and {} would break the rules: {}", .0, .1, .2.iter().map(|e| e.en.as_str()).collect::<Vec<_>>().join("; "))]
    Broken(String, String, Vec<Explained>),
}

impl SwapError {
    /// The refusal in 简体 (繁體 by the caller's character table).
    pub fn zh(&self) -> String {
        match self {
            SwapError::NoLayouts => "这种棋没有可编辑的布阵".into(),
            SwapError::Setup(SetupError::Unreadable(e)) => e.zh.clone(),
            SwapError::Setup(SetupError::Broken(v)) => v.iter().map(|e| e.zh.as_str()).collect::<Vec<_>>().join("；"),
            SwapError::Setup(e) => e.to_string(),
            SwapError::UnknownPoint(p) => format!("“{}”不是棋盘上的点", crate::echo::echo(p)),
            SwapError::NotYours(p) => format!("{p} 上没有你的棋子"),
            SwapError::Broken(a, b, v) => {
                format!(
                    "交换 {a} 和 {b} 会违反规则：{}",
                    v.iter().map(|e| e.zh.as_str()).collect::<Vec<_>>().join("；")
                )
            }
        }
    }
}

/// The face on a point of a picture, if a token stands there.
fn face_at(p: &Picture, at: PointId) -> Option<Face> {
    p.tokens.iter().find(|t| t.at == at).map(|t| t.face)
}

/// The points whose tokens differ between two pictures of one board.
fn changed(a: &Picture, b: &Picture) -> BTreeSet<PointId> {
    let points: BTreeSet<PointId> = a.tokens.iter().chain(&b.tokens).map(|t| t.at).collect();
    points.into_iter().filter(|&p| face_at(a, p) != face_at(b, p)).collect()
}

/// The point a slot's piece stands on in the legal layout `text` (normal form), learnt from the
/// pictures of exchanges with other slots; `None` when no legal exchange moves it.
fn slot_point(def: &GameDef, seat: Seat, text: &str, before: &Picture, i: usize) -> Option<PointId> {
    let (swap, picture) = (def.swap_slots?, def.setup_picture?);
    let mut seen: Option<BTreeSet<PointId>> = None;
    for j in (0..).take_while(|&j| swap(text, j, j).is_some()) {
        let Some(t) = swap(text, i, j).filter(|t| t != text) else { continue };
        let Some(after) = picture(seat, &t) else { continue };
        let d = changed(before, &after);
        if d.len() != 2 {
            continue;
        }
        match &seen {
            None => seen = Some(d),
            Some(s) => {
                let common: Vec<PointId> = s.intersection(&d).copied().collect();
                if let [one] = common.as_slice() {
                    return Some(*one);
                }
            }
        }
    }
    None
}

/// A point of the kind's board by the name players type (`a1`, `S.c6`), any case.
pub fn point_named(def: &GameDef, name: &str) -> Option<PointId> {
    (def.places)().into_iter().find(|p| p.name.eq_ignore_ascii_case(name.trim())).map(|p| p.at)
}

/// The layout `text` of `seat` with the pieces on points `a` and `b` exchanged, in normal form.
/// Pieces of one kind exchange to the same layout.
pub fn swap_points(def: &GameDef, seat: Seat, text: &str, a: &str, b: &str) -> Result<String, SwapError> {
    let (Some(validate), Some(swap), Some(picture)) = (def.validate_setup, def.swap_slots, def.setup_picture) else {
        return Err(SwapError::NoLayouts);
    };
    let normal = validate(seat, text).map_err(SwapError::Setup)?;
    let before = picture(seat, &normal).ok_or(SwapError::NoLayouts)?;
    let mut ends = Vec::new();
    for name in [a, b] {
        let at = point_named(def, name).ok_or_else(|| SwapError::UnknownPoint(name.to_string()))?;
        match face_at(&before, at) {
            Some(Face::Known { owner, .. }) if owner == seat => ends.push(at),
            _ => return Err(SwapError::NotYours(name.to_lowercase())),
        }
    }
    if face_at(&before, ends[0]) == face_at(&before, ends[1]) {
        return Ok(normal);
    }
    let slots = (0..).take_while(|&i| swap(&normal, i, i).is_some()).count();
    let mut points: Vec<Option<PointId>> = (0..slots).map(|i| slot_point(def, seat, &normal, &before, i)).collect();
    // A piece with a single legal exchange (a flag between two headquarters) is placed by
    // elimination: the one point of the layout no other slot stands on.
    let own: BTreeSet<PointId> = before
        .tokens
        .iter()
        .filter(|t| matches!(t.face, Face::Known { owner, .. } if owner == seat))
        .map(|t| t.at)
        .collect();
    let unknown: Vec<usize> = (0..slots).filter(|&i| points[i].is_none()).collect();
    let covered: BTreeSet<PointId> = points.iter().flatten().copied().collect();
    let free: Vec<PointId> = own.difference(&covered).copied().collect();
    if let ([i], [p]) = (unknown.as_slice(), free.as_slice()) {
        points[*i] = Some(*p);
    }
    let slot_of = |at: PointId| points.iter().position(|p| *p == Some(at));
    let (Some(i), Some(j)) = (slot_of(ends[0]), slot_of(ends[1])) else {
        // No slot found on a point: an exchange the rules allow nowhere.
        let name = if slot_of(ends[0]).is_none() { a } else { b };
        return Err(SwapError::NotYours(name.to_lowercase()));
    };
    let swapped = swap(&normal, i, j).ok_or(SwapError::NoLayouts)?;
    validate(seat, &swapped).map_err(|e| match e {
        SetupError::Broken(v) => SwapError::Broken(a.to_lowercase(), b.to_lowercase(), v),
        e => SwapError::Setup(e),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contract::catalog;

    #[test]
    fn every_classic_layout_validates_for_every_seat_of_every_kind_it_serves() {
        let mut served = 0;
        for def in catalog::all() {
            let (Some(validate), list) = (def.validate_setup, classics(def)) else { continue };
            for c in list {
                for s in 0..def.kind.seating.seats.len() {
                    let seat = Seat(s as u8);
                    assert!(
                        validate(seat, c.setup).is_ok(),
                        "{} {} seat {s}: {:?}",
                        def.kind.name,
                        c.name,
                        validate(seat, c.setup)
                    );
                }
                assert!(classic(def, &c.name.to_uppercase()).is_some());
                served += 1;
            }
        }
        assert!(served >= 4 * 3, "the three Junqi boards have the library: {served}");
    }

    #[test]
    fn two_points_of_a_junqi_layout_exchange_their_pieces() {
        let def = catalog::find("junqi").unwrap();
        let example = "ghfie cdh akgi bek dfjgj iljch";
        // Red's front row is a6..e6: g h f i e; a6 ↔ e6 exchanges 连长 and 团长.
        let t = swap_points(def, Seat(0), example, "a6", "E6").unwrap();
        assert_eq!(t, "ehfigcdhakgibekdfjgjiljch");
        // And back again.
        assert_eq!(swap_points(def, Seat(0), &t, "e6", "a6").unwrap(), "ghfiecdhakgibekdfjgjiljch");
        // Blue faces the other way: the first five are e7 d7 c7 b7 a7.
        assert_eq!(swap_points(def, Seat(1), example, "e7", "a7").unwrap(), "ehfigcdhakgibekdfjgjiljch");
        // The flag (in b1, a headquarters) may go to the other headquarters only.
        let flag = swap_points(def, Seat(0), example, "b1", "d1").unwrap();
        assert_ne!(flag, "ghfiecdhakgibekdfjgjiljch");
        let e = swap_points(def, Seat(0), example, "b1", "c1").unwrap_err();
        assert!(matches!(e, SwapError::Broken(..)), "{e:?}");
        // A bomb may not stand in the front row.
        let e = swap_points(def, Seat(0), example, "a6", "b4").unwrap_err();
        assert!(matches!(&e, SwapError::Broken(..)), "{e:?}");
        assert!(e.zh().starts_with("交换 a6 和 b4 会违反规则"), "{}", e.zh());
        // Not a point, a camp, the other side's point.
        assert!(matches!(swap_points(def, Seat(0), example, "z9", "a6"), Err(SwapError::UnknownPoint(_))));
        assert!(matches!(swap_points(def, Seat(0), example, "b5", "a6"), Err(SwapError::NotYours(_))));
        assert!(matches!(swap_points(def, Seat(0), example, "a7", "a6"), Err(SwapError::NotYours(_))));
    }
}
