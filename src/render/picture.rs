//! The one entry point for a picture of any catalogued game: [`picture_png`] draws a game
//! contract's [`Picture`] through the board art its [`GameKind`] names. A picture is built by the
//! game for one audience, so whatever that audience may not know is not in it and cannot be drawn.
//!
//! A picture carries tokens, the last action's points and whose turn it is — not outcomes, public
//! reveals or losses — so these images show the board, the marks of the last action, the turn and
//! the audience; the View-based renderers (`draw.rs`, `cross.rs`, `flip.rs`) add the captions only
//! a full view can fill.

use std::borrow::Cow;

use super::RenderError;
use super::art::{self, Art, FromMark};
use super::assets::{SIZE_MARK, SIZE_TEXT, SIZE_TITLE};
use super::canvas::IndexedImage;
use super::text::{self, Lang};
use crate::rules::contract::{Audience, Face, GameKind, Picture};
use crate::rules::{PieceKind, PointId, Seat, Variant, Viewer};

/// What a picture's image needs beyond the picture and its kind.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PictureOptions {
    /// Language of labels and captions.
    pub lang: Lang,
    /// The seat drawn at the bottom; `None` puts the audience's own seat there, seat 0 otherwise.
    /// Arts that have one orientation only (翻棋) ignore it.
    pub bottom: Option<Seat>,
    /// The first caption line, replacing the default (whose turn it is, or that the game is over).
    pub caption: Option<String>,
}

/// Draws a picture of a game of `kind` as PNG bytes (indexed colour).
pub fn picture_png(picture: &Picture, kind: &GameKind, opts: &PictureOptions) -> Result<Vec<u8>, RenderError> {
    picture_indexed(picture, kind, opts)?.to_png()
}

/// Draws a picture of a game of `kind` into a palette image (the step before encoding).
pub fn picture_indexed(picture: &Picture, kind: &GameKind, opts: &PictureOptions) -> Result<IndexedImage, RenderError> {
    let art = art::by_key(kind.art).ok_or(RenderError::UnknownArt { key: kind.art, kind: kind.name })?;
    // Check every point before drawing, so that a picture of another board fails whole.
    let points = picture.tokens.iter().map(|t| t.at).chain(picture.marks.iter().copied());
    if let Some(p) = points.into_iter().find(|&p| !art.has_point(p)) {
        return Err(RenderError::OffBoard { art: art.key, point: p.0 });
    }
    let own = match picture.audience() {
        Audience::Seat(s) => Some(s),
        _ => None,
    };
    let bottom = opts.bottom.or(own).unwrap_or(Seat(0));
    let orientation = art.orientation(kind, bottom);
    let mut img = art.backgrounds[orientation].clone();
    draw_tokens(&mut img, art, picture, kind, opts.lang, orientation)?;
    draw_marks(&mut img, art, &picture.marks, orientation);
    draw_header(&mut img, art, picture, kind, opts);
    Ok(img)
}

/// The variant whose piece labels the art's tiles carry.
fn label_variant(art: &Art) -> &'static Variant {
    match art.geometry {
        art::Geometry::Board => Variant::junqi(),
        art::Geometry::Cross => Variant::junqi4(),
    }
}

fn draw_tokens(
    img: &mut IndexedImage,
    art: &Art,
    picture: &Picture,
    kind: &GameKind,
    lang: Lang,
    orientation: usize,
) -> Result<(), RenderError> {
    let (tw, th) = art.tile;
    let back = || art.back.as_ref().ok_or(RenderError::NoFaceDownTile(art.key));
    for t in &picture.tokens {
        let (cx, cy) = art.centre(t.at, orientation);
        let (x, y) = (cx - tw / 2, cy - th / 2);
        let slot = |owner| (art.seats.slot)(kind, owner);
        match t.face {
            Face::Known { owner, kind: k } => img.blit(art.piece_tile(slot(owner), lang, k), x, y),
            Face::Hidden { owner } => img.blit(art.side(slot(owner)).blank, x, y),
            Face::Down => img.blit(back()?, x, y),
            Face::Under { owner, kind: k } => {
                img.blit(back()?, x, y);
                under_label(img, art, (cx, cy), slot(owner), lang, k);
            }
        }
    }
    Ok(())
}

/// What lies under a face-down tile, for an audience that knows: the piece's short name small, on
/// a patch of its side's colour, so that the back still says "face down" around it.
fn under_label(img: &mut IndexedImage, art: &Art, (cx, cy): (i32, i32), slot: usize, lang: Lang, k: PieceKind) {
    let word = text::label(label_variant(art), lang, k);
    let w = art.text_width(&word, SIZE_MARK);
    let fill = art.roles.fill[slot.min(art.roles.fill.len() - 1)];
    let h = (SIZE_MARK * 1.1) as i32;
    img.fill_rect(cx - w / 2 - 3, cy - h / 2, w + 6, h, fill);
    // The marks' colour on a side's fill: the one small-label pair every art prepares a ramp for.
    let top = cy - (SIZE_MARK * 0.62) as i32;
    art.text(img, &word, SIZE_MARK, (cx - w / 2, top), art.roles.mark, fill);
}

/// Brackets (or a thin ring) on every point of the last action but its end, a ring on its end.
fn draw_marks(img: &mut IndexedImage, art: &Art, marks: &[PointId], orientation: usize) {
    let Some((&end, rest)) = marks.split_last() else { return };
    let (tw, th) = art.tile;
    let (hi, bk) = (art.roles.hilite, art.roles.black);
    for &p in rest {
        let (cx, cy) = art.centre(p, orientation);
        let (fx, fy) = (cx - tw / 2, cy - th / 2);
        match art.marks.from {
            FromMark::Ring { pad, width } => img.ring(fx - pad, fy - pad, tw + 2 * pad, th + 2 * pad, width, hi),
            FromMark::Brackets { pad, arm, thick } => {
                let (x, y, w, h) = (fx - pad, fy - pad, tw + 2 * pad, th + 2 * pad);
                for (cx, cy, sx, sy) in [(x, y, 1, 1), (x + w, y, -1, 1), (x, y + h, 1, -1), (x + w, y + h, -1, -1)] {
                    // Each bracket: a black L under a green L, so it shows on light and dark ground.
                    let hx = if sx > 0 { cx } else { cx - arm };
                    let vy = if sy > 0 { cy } else { cy - arm };
                    let bx = if sx > 0 { cx } else { cx - thick };
                    let by = if sy > 0 { cy } else { cy - thick };
                    img.fill_rect(hx - 1, by - 1, arm + 2, thick + 2, bk);
                    img.fill_rect(bx - 1, vy - 1, thick + 2, arm + 2, bk);
                    img.fill_rect(hx, by, arm, thick, hi);
                    img.fill_rect(bx, vy, thick, arm, hi);
                }
            }
        }
    }
    let (cx, cy) = art.centre(end, orientation);
    let (tx, ty) = (cx - tw / 2, cy - th / 2);
    let (pad, width) = art.marks.to;
    img.ring(tx - pad - 1, ty - pad - 1, tw + 2 * pad + 2, th + 2 * pad + 2, 1, bk);
    img.ring(tx - pad, ty - pad, tw + 2 * pad, th + 2 * pad, width, hi);
    img.ring(tx - 1, ty - 1, tw + 2, th + 2, 1, bk);
}

/// `红方走棋 · 第 13 手` (or the caller's caption) with the mover's mini tile, and whose image it
/// is on the right.
fn draw_header(img: &mut IndexedImage, art: &Art, picture: &Picture, kind: &GameKind, opts: &PictureOptions) {
    let lang = opts.lang;
    let word = |s: Seat| (art.seats.word)(kind, s, lang);
    let line1 = match (&opts.caption, picture.to_move) {
        (Some(c), _) => c.clone(),
        (None, Some(s)) => format!("{} · {}", turn(lang, &word(s)), text::move_number(lang, picture.ply + 1)),
        (None, None) => game_over(lang, picture.ply),
    };
    let mut x = 14;
    if let Some(s) = picture.to_move {
        let (top, advance) = art.mini_at;
        img.blit(art.side((art.seats.slot)(kind, s)).mini, x, top);
        x += advance;
    }
    let tag = match picture.audience() {
        Audience::Public => text::viewer_tag(lang, Viewer::Spectator),
        Audience::Everyone => text::viewer_tag(lang, Viewer::Everyone),
        Audience::Seat(s) => Cow::Owned(text::seat_view(lang, &word(s))),
    };
    let r = &art.roles;
    let tag_w = art.text_width(&tag, SIZE_TEXT);
    art.text(img, &tag, SIZE_TEXT, (art.width - 14 - tag_w, 8), r.dim, r.bg);
    art.text(img, &line1, SIZE_TITLE, (x, 4), r.text, r.bg);
}

/// `红方走棋` / `Red to move`; a space after a Latin name (`P1 走棋`), which reads better.
fn turn(lang: Lang, who: &str) -> String {
    match lang {
        Lang::En => text::to_move(lang, who),
        _ if who.ends_with(|c: char| c.is_ascii_alphanumeric()) => lang.script(format!("{who} 走棋")),
        _ => text::to_move(lang, who),
    }
}

/// `对局结束 · 共 41 手` / `game over · 41 plies`: a picture says the game is over, not how.
fn game_over(lang: Lang, plies: u32) -> String {
    match lang {
        Lang::En => format!("game over · {plies} plies"),
        _ => lang.script(format!("对局结束 · 共 {plies} 手")),
    }
}

/// Every string [`picture_png`] draws beyond the View renderers', for the glyph test.
pub fn picture_text() -> Vec<String> {
    Lang::ALL
        .iter()
        .flat_map(|&l| [game_over(l, 0), turn(l, "P1"), text::viewer_tag(l, Viewer::Everyone).into()])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_picture_caption_has_a_glyph() {
        let missing = super::super::missing_glyphs(&picture_text());
        assert!(missing.is_empty(), "characters missing from the font subset: {missing:?}");
    }

    #[test]
    fn every_catalogued_art_key_is_registered_and_others_are_not() {
        for def in crate::rules::contract::catalog::all() {
            assert_eq!(art::by_key(def.kind.art).map(|a| a.key), Some(def.kind.art), "{}", def.kind.name);
        }
        assert!(art::by_key("draughts").is_none());
    }
}
