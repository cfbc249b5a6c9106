//! The face-down tile of the 翻棋 art (`rules-flip.md` §6): one identical back for every
//! face-down piece, whatever its colour, so an image cannot tell two deals apart that agree on
//! every face-up piece.

use super::assets::Assets;
use super::canvas::IndexedImage;
use super::layout::{TILE_H, TILE_W};

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
