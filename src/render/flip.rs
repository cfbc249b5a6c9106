//! Board images of 翻棋 (`rules-flip.md` §6): face-down pieces as one identical back, face-up
//! pieces of both colours with their labels, on the standard board. A [`FlipView`]'s face-down
//! cells carry nothing, so its picture, and the image the one renderer draws of it, cannot tell
//! two deals apart that agree on every face-up piece. Here: the face-down tile of the art, and
//! views drawn as pictures.

use super::assets::Assets;
use super::canvas::IndexedImage;
use super::layout::{TILE_H, TILE_W};
use super::text::Lang;
use super::{PictureOptions, RenderError, gif};
use crate::rules::adapters::flip::FLIP;
use crate::rules::adapters::pictures;
use crate::rules::contract::{Audience, Picture};
use crate::rules::flip::FlipView;

/// The back of every face-down piece: a neutral tile, the same for both colours (the colours of
/// face-down pieces are secret). Built from palette colours the board already has.
pub(super) fn back(a: &Assets) -> IndexedImage {
    let (w, h) = (TILE_W, TILE_H);
    let mut t = IndexedImage::new(w as usize, h as usize, a.c.black);
    t.fill_rect(2, 2, w - 4, h - 4, a.c.dim);
    t.ring(5, 5, w - 10, h - 10, 1, a.c.black);
    // A small diamond of squares in the middle: a pattern, not a colour, says "face down".
    let (cx, cy) = (w / 2, h / 2);
    for (dx, dy) in [(0, -8), (-8, 0), (8, 0), (0, 8), (0, 0)] {
        t.fill_rect(cx + dx - 3, cy + dy - 3, 6, 6, a.c.black);
    }
    t
}

/// The picture of a 翻棋 view, for everyone alike (face-down pieces are backs).
fn picture(view: &FlipView) -> Picture {
    pictures::of_flip_view(view, Audience::Public, |_| None)
}

/// Renders a flip view into a palette image, as the one renderer draws its picture.
pub fn render_flip_indexed(view: &FlipView, lang: Lang) -> Result<IndexedImage, RenderError> {
    super::picture_indexed(&picture(view), FLIP.kind, &PictureOptions { lang, ..PictureOptions::default() })
}

/// Renders a flip view as PNG bytes.
pub fn render_flip_png(view: &FlipView, lang: Lang) -> Result<Vec<u8>, RenderError> {
    render_flip_indexed(view, lang)?.to_png()
}

/// Renders flip views (the start first, then one per ply) as a looping GIF.
pub fn render_flip_gif(views: &[FlipView], lang: Lang) -> Result<Vec<u8>, RenderError> {
    gif::encode(views.len(), views.iter().map(|v| render_flip_indexed(v, lang)))
}
