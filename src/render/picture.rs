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
use super::art::{self, Art};
use super::assets::{SIZE_TEXT, SIZE_TITLE};
use super::board::{self, Look, Tile};
use super::canvas::IndexedImage;
use super::text::{self, Lang};
use crate::rules::contract::{Audience, Face, GameKind, Picture};
use crate::rules::{PieceKind, PointId, Seat, Viewer};

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
    /// The deadline of the seat to move, as the caller wants it shown (`10:45 UTC`).
    pub deadline: Option<String>,
    /// The audience's own guesses on enemy pieces: drawn (as `司?`) on tokens whose kind the
    /// picture does not show, and only on pictures made for a seat.
    pub marks: Vec<(PointId, PieceKind)>,
    /// The picture shows a layout before the game starts (`布阵 · 红方` instead of whose turn).
    pub deployment: bool,
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
    let slot = |owner| (art.seats.slot)(kind, owner);
    let tiles = picture.tokens.iter().map(|t| {
        let (slot, look) = match t.face {
            Face::Known { owner, kind } => (slot(owner), Look::Piece(kind)),
            Face::Hidden { owner } => (slot(owner), Look::Blank),
            Face::Down => (0, Look::Back),
            Face::Under { owner, kind } => (slot(owner), Look::Under(kind)),
        };
        // A picture does not say which pieces everyone knows, so it draws no gold corners.
        Tile { at: t.at, slot, look, public: false }
    });
    board::draw_tiles(&mut img, art, tiles, opts.lang, orientation)?;
    // Nor the outcome of the last action: no combat badge.
    board::draw_last(&mut img, art, &picture.marks, None, orientation);
    draw_header(&mut img, art, picture, kind, opts);
    Ok(img)
}

/// Draws pictures (the start first, then one per ply) as a looping GIF, every frame with the
/// same options.
pub fn picture_gif(frames: &[Picture], kind: &GameKind, opts: &PictureOptions) -> Result<Vec<u8>, RenderError> {
    super::gif::encode(frames.len(), frames.iter().map(|p| picture_indexed(p, kind, opts)))
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
        let err = RenderError::UnknownArt { key: "draughts", kind: "draughts" }.to_string();
        for key in art::KEYS {
            assert_eq!(art::by_key(key).map(|a| a.key), Some(key));
            assert!(err.contains(key), "the error lists every known art: {err}");
        }
    }
}
