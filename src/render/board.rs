//! The one board-drawing core: the tiles of the tokens on a board art and the marks of the last
//! action, drawn the same way whichever entry point asks — [`super::picture_png`] from a game
//! contract's picture, or the View renderers (`draw.rs`, `cross.rs`, `flip.rs`), which add only
//! what a full view carries beyond a picture (the viewer's own marks, seat cards, captions).

use super::RenderError;
use super::art::{Art, FromMark};
use super::assets::{SIZE_MARK, badge_index};
use super::canvas::IndexedImage;
use super::text::{self, Lang};
use crate::rules::contract::GameKind;
use crate::rules::{Outcome, PieceKind, PointId};

/// How a token's tile looks, once its owner is resolved to a side slot of the art.
#[derive(Copy, Clone, Debug)]
pub(super) enum Look {
    /// The labelled tile of a kind.
    Piece(PieceKind),
    /// The side's tile without a label: a piece whose kind is not shown.
    Blank,
    /// The face-down back, alike for every piece.
    Back,
    /// The back with the kind under it shown small (for an audience that knows).
    Under(PieceKind),
}

/// One tile to draw.
#[derive(Copy, Clone, Debug)]
pub(super) struct Tile {
    /// The point.
    pub at: PointId,
    /// The side slot of the art whose tiles and colours it takes.
    pub slot: usize,
    /// How it looks.
    pub look: Look,
    /// Everyone knows what it is: the tile gets a gold corner.
    pub public: bool,
}

/// Draws tiles on a board drawn in `orientation`.
pub(super) fn draw_tiles(
    img: &mut IndexedImage,
    art: &Art,
    tiles: impl IntoIterator<Item = Tile>,
    (game, lang): (&GameKind, Lang),
    orientation: usize,
) -> Result<(), RenderError> {
    let (tw, th) = art.tile;
    let back = || art.back.as_ref().ok_or(RenderError::NoFaceDownTile(art.key));
    for t in tiles {
        let (cx, cy) = art.centre(t.at, orientation);
        let (x, y) = (cx - tw / 2, cy - th / 2);
        match t.look {
            Look::Piece(k) => img.blit(art.piece_tile(t.slot, lang, k), x, y),
            Look::Blank => img.blit(art.side(t.slot).blank, x, y),
            Look::Back => img.blit(back()?, x, y),
            Look::Under(k) => {
                img.blit(back()?, x, y);
                under_label(img, art, (cx, cy), t.slot, (game, lang), k);
            }
        }
        if t.public {
            // A gold corner inside the tile's border: everyone knows what this piece is.
            let (dx, dy, n) = art.corner;
            for d in 0..n {
                img.fill_rect(x + dx, y + dy + d, n - d, 1, art.roles.gold);
            }
        }
    }
    Ok(())
}

/// A guess's label on a tile: the guessed piece's short name and a question mark (`司?`, `Ms?`),
/// at most three characters as a tile has room for.
pub(super) fn mark_label(game: &GameKind, lang: Lang, k: PieceKind) -> String {
    let mut label: String = text::piece_label(game, lang, k).chars().take(2).collect();
    label.push('?');
    label
}

/// What lies under a face-down tile, for an audience that knows: the piece's short name small, on
/// a patch of its side's colour, so that the back still says "face down" around it.
fn under_label(
    img: &mut IndexedImage,
    art: &Art,
    (cx, cy): (i32, i32),
    slot: usize,
    (game, lang): (&GameKind, Lang),
    k: PieceKind,
) {
    let word = text::piece_label(game, lang, k);
    let w = art.text_width(&word, SIZE_MARK);
    let fill = art.roles.fill[slot.min(art.roles.fill.len() - 1)];
    let h = (SIZE_MARK * 1.1) as i32;
    img.fill_rect(cx - w / 2 - 3, cy - h / 2, w + 6, h, fill);
    // The marks' colour on a side's fill: the one small-label pair every art prepares a ramp for.
    let top = cy - (SIZE_MARK * 0.62) as i32;
    art.text(img, &word, SIZE_MARK, (cx - w / 2, top), art.roles.mark, fill);
}

/// The last action's marks: brackets (or a thin ring) on every point but its end, a ring on its
/// end, and a combat's badge on the end's corner when the outcome is known.
pub(super) fn draw_last(
    img: &mut IndexedImage,
    art: &Art,
    marks: &[PointId],
    badge: Option<Outcome>,
    orientation: usize,
) {
    let Some((&end, rest)) = marks.split_last() else { return };
    let (tw, th) = art.tile;
    let (hi, bk) = (art.roles.hilite, art.roles.black);
    for &p in rest {
        let (cx, cy) = art.centre(p, orientation);
        let (fx, fy) = (cx - tw / 2, cy - th / 2);
        match art.marks.from {
            FromMark::Ring { pad, width } => img.ring(fx - pad, fy - pad, tw + 2 * pad, th + 2 * pad, width, hi),
            FromMark::Dot { radius } => {
                img.disc(cx, cy, radius + 1, bk);
                img.disc(cx, cy, radius, hi);
            }
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
    if art.marks.round {
        // A circle around a round token: black, the mark's colour, black, outside in.
        let r = tw.max(th) / 2 + pad;
        img.circle(cx, cy, r + 1, r - width - 1, bk);
        img.circle(cx, cy, r, r - width, hi);
    } else {
        img.ring(tx - pad - 1, ty - pad - 1, tw + 2 * pad + 2, th + 2 * pad + 2, 1, bk);
        img.ring(tx - pad, ty - pad, tw + 2 * pad, th + 2 * pad, width, hi);
        img.ring(tx - 1, ty - 1, tw + 2, th + 2, 1, bk);
    }
    if let Some(b) = badge.and_then(badge_index).and_then(|i| art.badges.get(i)) {
        let o = art.badge_overhang;
        img.blit(b, tx + tw - o, ty - o);
    }
}

/// The last action's path under the tokens: a line from point to point of `marks` (every
/// landing of a multi-jump), for arts whose mark style draws one.
pub(super) fn draw_path(img: &mut IndexedImage, art: &Art, marks: &[PointId], orientation: usize) {
    let w = art.marks.path;
    if w == 0 {
        return;
    }
    let (hi, bk) = (art.roles.hilite, art.roles.black);
    let points: Vec<(i32, i32)> = marks.iter().map(|&p| art.centre(p, orientation)).collect();
    for pair in points.windows(2) {
        img.line(pair[0], pair[1], w + 2, bk);
    }
    for pair in points.windows(2) {
        img.line(pair[0], pair[1], w, hi);
    }
}

/// A cross on every point whose token the last action took (a draughts capture's jumped
/// pieces), over the path that runs across them.
pub(super) fn draw_taken(img: &mut IndexedImage, art: &Art, taken: &[PointId], orientation: usize) {
    let (tw, th) = art.tile;
    let arm = tw.min(th) / 4;
    for &p in taken {
        let (cx, cy) = art.centre(p, orientation);
        for (colour, w) in [(art.roles.black, 8), (art.roles.taken, 5)] {
            img.line((cx - arm, cy - arm), (cx + arm, cy + arm), w, colour);
            img.line((cx - arm, cy + arm), (cx + arm, cy - arm), w, colour);
        }
    }
}
