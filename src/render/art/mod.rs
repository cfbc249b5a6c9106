//! The registry of board arts: what each board picture is drawn with, as data — backgrounds per
//! orientation, tiles per side, palette colours by role, caption glyphs and where each point sits —
//! looked up by a [`GameKind`]'s `art` key. One drawing core (`render/board.rs`) draws the board of
//! any catalogued game's [`Picture`](crate::rules::contract::Picture) — and of the legacy views —
//! through its art. An art names no game: its points are a table of centres, and the labels it
//! draws on marks come from the kind ([`GameKind::piece_label`]).
//!
//! An art borrows the images its board's asset set already builds once (`assets.rs` for the
//! 2-player board, `cross.rs` for the cross board, `draughts.rs` for the three draughts boards,
//! `tiaoqi.rs` for the star, `sanjun.rs` for the three-layer boards, `haijun.rs` for the sea), so a tile exists once in memory whichever entry point draws it; the
//! art itself is assembled once, on first use, in a `OnceLock`.

mod board;
mod cross;
mod draughts;
mod flip;
mod haijun;
mod sanjun;
mod tiaoqi;

use std::collections::HashMap;

use super::assets::{Face, draw_text_raw};
use super::canvas::IndexedImage;
use super::text::Lang;
use crate::rules::contract::GameKind;
use crate::rules::{PieceKind, PointId, Seat};

/// How a board places its seats and turns itself: the per-board rules an art needs to
/// map a [`GameKind`]'s seats onto its tiles and orientations.
pub(crate) struct Seats {
    /// The tile set (side slot) of a token's owner.
    pub slot: fn(&GameKind, Seat) -> usize,
    /// The background (orientation) that puts `bottom` at the bottom.
    pub orientation: fn(&GameKind, Seat) -> usize,
}

/// Where the marks of the last action go: brackets or a thin ring on the points it started from,
/// a thick ring on the point it ended on.
#[derive(Copy, Clone, Debug)]
pub(crate) enum FromMark {
    /// Corner brackets `pad` pixels outside the tile, arms `arm` long and `thick` wide.
    Brackets {
        /// Distance from the tile's edge.
        pad: i32,
        /// Arm length.
        arm: i32,
        /// Arm width.
        thick: i32,
    },
    /// A plain ring `pad` pixels outside the tile, `width` wide.
    Ring {
        /// Distance from the tile's edge.
        pad: i32,
        /// Ring width.
        width: i32,
    },
    /// A dot of this radius on the point's centre (over an empty point of a path, a hop's
    /// landing).
    Dot {
        /// Radius in pixels.
        radius: i32,
    },
}

/// How the last action is marked on an art.
#[derive(Copy, Clone, Debug)]
pub(crate) struct MarkStyle {
    /// The mark on every point but the last.
    pub from: FromMark,
    /// The destination ring: distance outside the tile and width (black outlines either side).
    pub to: (i32, i32),
    /// The destination ring is a circle around a round token (marbles) instead of a square.
    pub round: bool,
    /// The width of a line drawn under the tokens from point to point of the last action (a
    /// multi-jump's path), `0` for none.
    pub path: i32,
}

/// Palette indices by role, for captions and marks.
#[derive(Clone, Debug)]
pub(crate) struct Roles {
    /// Caption bands.
    pub bg: u8,
    /// Caption text.
    pub text: u8,
    /// Secondary caption text.
    pub dim: u8,
    /// The last action's marks.
    pub hilite: u8,
    /// The mark on a point whose token the last action took ([`crate::rules::contract::Picture::taken`]).
    pub taken: u8,
    /// Outlines.
    pub black: u8,
    /// The corner on a piece whose identity everyone knows.
    pub gold: u8,
    /// Small labels on coloured ground (marks, pieces under a face-down tile).
    pub mark: u8,
    /// Tile fill per side slot.
    pub fill: Vec<u8>,
    /// Caption text in a side's colour, per side slot.
    pub side_text: Vec<u8>,
}

/// The tiles of one side.
pub(crate) struct SideTiles {
    /// The tile of a piece whose kind is not shown.
    pub blank: &'static IndexedImage,
    /// Labelled tiles by language ([`Lang::index`]) and kind.
    pub labelled: [&'static [IndexedImage]; 3],
    /// The small tile beside a caption naming the side.
    pub mini: &'static IndexedImage,
}

/// Where a board puts its points: per orientation, the centre of each point by its index
/// (`None` for an index the board has no point at), computed once from the board's own data.
pub(crate) type Centres = Vec<Vec<Option<(i32, i32)>>>;

/// One board art: everything a picture of its board is drawn with.
pub struct Art {
    /// The key a [`GameKind`] names it by.
    pub key: &'static str,
    /// Image width in pixels.
    pub width: i32,
    /// Image height in pixels.
    pub height: i32,
    /// Tile width and height.
    pub(crate) tile: (i32, i32),
    /// The board by orientation.
    pub(crate) backgrounds: Vec<&'static IndexedImage>,
    /// Tiles by side slot.
    pub(crate) sides: Vec<SideTiles>,
    /// The face-down tile, for arts of games with face-down pieces.
    pub(crate) back: Option<IndexedImage>,
    /// Where points are, per orientation.
    pub(crate) centres: Centres,
    /// How seats map onto slots, orientations and names.
    pub(crate) seats: Seats,
    /// How the last action is marked.
    pub(crate) marks: MarkStyle,
    /// Colours by role.
    pub(crate) roles: Roles,
    /// Caption glyphs by size.
    pub(crate) faces: &'static [Face],
    /// Anti-aliasing ramps `(bg, fg) → 5 indices` prepared for this art's palette.
    pub(crate) ramps: &'static HashMap<(u8, u8), [u8; 5]>,
    /// Top of the caption's mini tile and the pen advance past it.
    pub(crate) mini_at: (i32, i32),
    /// Combat badges (indexed as `assets::badge_index`).
    pub(crate) badges: &'static [IndexedImage],
    /// How far the badge overhangs the destination tile's top-right corner.
    pub(crate) badge_overhang: i32,
    /// The gold corner of a publicly known piece: its offset inside the tile and its size.
    pub(crate) corner: (i32, i32, i32),
    /// The top of the caption band under the board.
    pub(crate) footer_y: i32,
    /// Where seat cards go (top-left of the mini tile), by display side counter-clockwise from
    /// the bottom, for arts with room for them; empty otherwise.
    pub(crate) cards: Vec<(i32, i32)>,
    /// The zlib level its PNGs are deflated at: 1 for the boards whose golden bytes were made at
    /// it; 2 for the three-layer boards, whose many fine lines level 1's static Huffman codes
    /// leave a third larger (a mid-game image: 62 KB at level 1, 45 KB at level 2).
    pub(crate) deflate: i32,
}

impl Art {
    /// The orientation (background) that puts seat `bottom` of a game of `kind` at the bottom.
    pub fn orientation(&self, kind: &GameKind, bottom: Seat) -> usize {
        (self.seats.orientation)(kind, bottom).min(self.backgrounds.len() - 1)
    }

    /// Tile width and height.
    pub fn tile_size(&self) -> (i32, i32) {
        self.tile
    }

    /// The centre of point `p` on the background of orientation `orientation` (the top-left
    /// corner for a point the board does not have, which pictures are checked against first).
    pub fn centre(&self, p: PointId, orientation: usize) -> (i32, i32) {
        let table = &self.centres[orientation.min(self.centres.len() - 1)];
        table.get(p.index()).copied().flatten().unwrap_or_default()
    }

    /// Whether the art's board has point `p`.
    pub(crate) fn has_point(&self, p: PointId) -> bool {
        matches!(self.centres.first().and_then(|t| t.get(p.index())), Some(Some(_)))
    }

    /// The labelled tile of a kind for a side, or its blank tile if the art has no such label.
    pub(crate) fn piece_tile(&self, slot: usize, lang: Lang, kind: PieceKind) -> &IndexedImage {
        let side = &self.sides[slot.min(self.sides.len() - 1)];
        side.labelled[super::text::slot(lang)].get(usize::from(kind.0)).unwrap_or(side.blank)
    }

    /// The side tiles of a slot (clamped to the slots the art has).
    pub(crate) fn side(&self, slot: usize) -> &SideTiles {
        &self.sides[slot.min(self.sides.len() - 1)]
    }

    /// The glyphs of a size (one of the sizes the art prepared; the first otherwise).
    fn face(&self, size: f32) -> &Face {
        self.faces.iter().find(|f| f.size == size).unwrap_or(&self.faces[0])
    }

    /// Text width in pixels.
    pub(crate) fn text_width(&self, s: &str, size: f32) -> i32 {
        let face = self.face(size);
        s.chars().map(|ch| face.glyphs.get(&ch).map_or(size * 0.5, |g| g.advance)).sum::<f32>().round() as i32
    }

    /// Draws `s` with its top-left at `at`, `fg` over `bg`; returns the pen's end.
    pub(crate) fn text(&self, img: &mut IndexedImage, s: &str, size: f32, at: (i32, i32), fg: u8, bg: u8) -> i32 {
        let ramp = self.ramps.get(&(bg, fg)).copied().unwrap_or([bg, bg, fg, fg, fg]);
        draw_text_raw(img, self.face(size), ramp, s, size, at)
    }
}

/// Every art key the registry knows.
pub const KEYS: [&str; 11] = [
    "junqi",
    "junqi4",
    "junqi-backs",
    "draughts8",
    "draughts10",
    "draughts12",
    "tiaoqi",
    "sanjun",
    "sanjun30",
    "haijun",
    "haijun21",
];

/// The art with this key, built on first use; `None` for a key no art answers to.
pub fn by_key(key: &str) -> Option<&'static Art> {
    match key {
        "junqi" => Some(two_player()),
        "junqi4" => Some(cross_board()),
        "junqi-backs" => Some(flip_board()),
        "draughts8" => Some(draughts::get(0)),
        "draughts10" => Some(draughts::get(1)),
        "draughts12" => Some(draughts::get(2)),
        "tiaoqi" => Some(tiaoqi::get()),
        "haijun" => Some(haijun::get()),
        "haijun21" => Some(haijun::get21()),
        // The three-layer boards, one entry each in `render::sanjun::BOARDS`.
        _ => crate::render::sanjun::index(key).map(sanjun::get),
    }
}

/// The kinds whose arts are here but which are not in the built-in catalogue yet (draughts, 跳棋
/// and the three-layer boards' kinds, `haijun21`): the glyph test checks their words too.
pub(crate) fn uncatalogued() -> Vec<&'static GameKind> {
    let [d8, d10, d12] = super::draughts::defs();
    let defs = [d8, d10, d12, &crate::rules::tiaoqi::TIAOQI].map(|d| d.kind);
    let naval = [&crate::rules::haijun21::contract::HAIJUN21_KIND];
    defs.into_iter().chain(crate::render::sanjun::BOARDS.iter().map(|b| b.kind)).chain(naval).collect()
}

/// The 2-player board art.
pub(crate) fn two_player() -> &'static Art {
    board::get()
}

/// The cross board art.
pub(crate) fn cross_board() -> &'static Art {
    cross::get()
}

/// The 翻棋 art.
pub(crate) fn flip_board() -> &'static Art {
    flip::get()
}

/// The side slot of a 2-player board: seat (or 翻棋 colour) 0 is Red, anything else Blue.
fn two_sides(_: &GameKind, s: Seat) -> usize {
    usize::from(s != Seat::RED)
}
