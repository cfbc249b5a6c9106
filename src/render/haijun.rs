//! Images of 海军棋 (`rules-haijun.md` §2) and of 二十一世紀海軍棋 (§9): the 2-player grid as a sea — pale water, the open sea
//! front as a deeper channel with waves, red lines (红线) as red lanes and branch lines (支线) as
//! thin dark lanes, safe camps (安全营) as sandy harbours with an anchor, command HQs (指挥部) as
//! wooden docks, the other points as buoys — drawn once in a palette of its own, with the piece
//! tiles by side, language and kind, the blank tiles, caption minis, combat badges and glyphs.
//!
//! Points sit where the 2-player Junqi board puts them (`layout.rs`; the naval board is the Junqi
//! graph with the same coordinates), so tiles, captions and coordinates line up with the `junqi`
//! art. Tiles keep the Junqi sides' colours and shapes (Red rounded, Blue octagonal with an inner
//! line), so a side never rests on colour alone, with a water band along the foot: every piece is
//! afloat. A hidden ship is its side's blank tile.
//!
//! `haijun21`'s sea ([`get21`]) is drawn by the same code in a palette of its own: every point
//! linked to its eight neighbours (so no square is open water), no camps, the two HQs as docks,
//! and the four air lanes (§9: black dashed lines) dashed over the links they follow.

use std::collections::HashMap;
use std::sync::OnceLock;

use ab_glyph::FontRef;

use super::assets::{
    Face, Palette, SIZES, TileStyle, centred_text, font, in_round_rect, paint, rasterise_face, rgb, segment, tile,
};
use super::canvas::{IndexedImage, PaletteId, TRANSPARENT};
use super::layout::{self, TILE_H, TILE_W};
use super::text::{self, Lang};
use crate::rules::board::{Board, LinkKind, PointKind};
use crate::rules::contract::GameKind;
use crate::rules::haijun::contract::HAIJUN_KIND;
use crate::rules::haijun::{Front, board as naval};
use crate::rules::haijun21::contract::HAIJUN21_KIND;
use crate::rules::{Outcome, PieceKind, PointId, Seat, Variant};

/// The sea's colours.
pub(crate) mod sea {
    /// The frame around the sea.
    pub const FRAME: [u8; 3] = [0x1C, 0x4A, 0x5E];
    /// Open water in each half.
    pub const WATER: [u8; 3] = [0xB5, 0xDF, 0xE8];
    /// The sea front between the halves: deeper water.
    pub const DEEP: [u8; 3] = [0x7C, 0xBF, 0xD3];
    /// Wave crests.
    pub const WAVE: [u8; 3] = [0x5E, 0xA6, 0xBE];
    /// Red lines (红线).
    pub const RED_LINE: [u8; 3] = [0xC8, 0x36, 0x2C];
    /// Branch lines (支线) and point outlines.
    pub const BRANCH: [u8; 3] = [0x2A, 0x5F, 0x73];
    /// Inside of a buoy (an empty station).
    pub const BUOY: [u8; 3] = [0xF4, 0xFB, 0xFC];
    /// A harbour's sand.
    pub const SAND: [u8; 3] = [0xEE, 0xDC, 0xA6];
    /// A harbour's anchor.
    pub const ANCHOR: [u8; 3] = [0x1F, 0x3D, 0x5C];
    /// A dock's planks.
    pub const DOCK: [u8; 3] = [0xC9, 0x9A, 0x5C];
    /// A dock's edge.
    pub const DOCK_EDGE: [u8; 3] = [0x6B, 0x45, 0x1E];
    /// The water band along a tile's foot.
    pub const BAND: [u8; 3] = [0x8F, 0xE3, 0xFF];
    /// `haijun21`'s air lanes (the spec's black dashed lines).
    pub const LANE: [u8; 3] = [0x10, 0x18, 0x20];
}

/// Palette indices by role.
#[derive(Clone, Copy)]
pub struct Colours {
    pub bg: u8,
    pub text: u8,
    pub dim: u8,
    pub gold: u8,
    pub mark: u8,
    pub hilite: u8,
    pub black: u8,
    /// Tile fill per side.
    pub fill: [u8; 2],
    /// Caption text per side.
    pub side_text: [u8; 2],
}

/// Everything drawn once for the naval board.
pub struct HaijunAssets {
    /// The palette, as colours.
    pub palette: Vec<[u8; 3]>,
    /// The palette as PNG wants it.
    pub palette_bytes: Vec<u8>,
    /// Colours by role.
    pub c: Colours,
    /// The sea, Red at the bottom and turned.
    pub background: [IndexedImage; 2],
    /// Blank tiles per side.
    pub blank: [IndexedImage; 2],
    /// Labelled tiles by side, language slot ([`text::slot`]) and kind.
    pub labelled: [[Vec<IndexedImage>; 3]; 2],
    /// Caption minis per side.
    pub mini: [IndexedImage; 2],
    /// Combat badges (indexed as `assets::badge_index`).
    pub badges: Vec<IndexedImage>,
    /// Caption glyphs, per size in `SIZES` order.
    pub faces: Vec<Face>,
    /// Anti-aliasing ramps for captions and marks.
    pub ramps: HashMap<(u8, u8), [u8; 5]>,
}

/// Which naval sea: the 春水 edition's or the 21st-century one.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Sea {
    /// `haijun`: red and branch lines, camps as harbours.
    Spring,
    /// `haijun21`: eight-neighbour links, air lanes.
    Modern,
}

/// The `haijun` assets, built on first use.
pub fn get() -> &'static HaijunAssets {
    static A: OnceLock<HaijunAssets> = OnceLock::new();
    A.get_or_init(|| build(Sea::Spring))
}

/// The `haijun21` assets, built on first use.
pub fn get21() -> &'static HaijunAssets {
    static A: OnceLock<HaijunAssets> = OnceLock::new();
    A.get_or_init(|| build(Sea::Modern))
}

/// The pixel centre of point `p` with Red (orientation 0) or Blue (1) at the bottom: where the
/// 2-player board puts it, since the naval board shares its coordinates.
pub(crate) fn centre(p: PointId, orientation: usize) -> (i32, i32) {
    let bottom = if orientation == 0 { Seat::RED } else { Seat::BLUE };
    layout::centre(Variant::two_player_board(), p, bottom)
}

/// The sea's palette indices, for the background.
struct Ground {
    bg: u8,
    dim: u8,
    frame: u8,
    water: u8,
    deep: u8,
    wave: u8,
    red_line: u8,
    branch: u8,
    buoy: u8,
    sand: u8,
    anchor: u8,
    dock: u8,
    dock_edge: u8,
    lane: u8,
    /// The palette the images are drawn in.
    id: PaletteId,
}

/// A small wave crest (two arcs) centred on (x, y).
fn wave(img: &mut IndexedImage, pal: &mut Palette, (x, y): (f32, f32), c: u8) {
    for dx in [-7.0f32, 7.0] {
        let (cx, cy) = (x + dx, y + 4.0);
        let bb = (cx - 9.0, cy - 9.0, cx + 9.0, cy + 1.0);
        paint(img, pal, bb, c, |px, py| {
            let d = ((px - cx).powi(2) + (py - cy).powi(2)).sqrt();
            py <= cy - 2.0 && (5.0..=7.2).contains(&d)
        });
    }
}

/// A harbour's anchor centred on (x, y): ring, shank, stock and the arms' arc.
fn anchor(img: &mut IndexedImage, pal: &mut Palette, (x, y): (f32, f32), c: u8) {
    let bb = (x - 13.0, y - 14.0, x + 13.0, y + 14.0);
    paint(img, pal, bb, c, |px, py| {
        let d = ((px - x).powi(2) + (py - (y - 9.0)).powi(2)).sqrt();
        (1.6..=3.6).contains(&d)
    });
    segment(img, pal, (x, y - 5.5), (x, y + 10.0), 2.6, c);
    segment(img, pal, (x - 6.0, y - 3.0), (x + 6.0, y - 3.0), 2.4, c);
    paint(img, pal, bb, c, |px, py| {
        let d = ((px - x).powi(2) + (py - (y + 1.0)).powi(2)).sqrt();
        py >= y + 2.0 && (8.0..=10.4).contains(&d)
    });
}

/// The marker of an empty point of `kind` at (x, y): a buoy, a harbour or a dock.
fn marker(img: &mut IndexedImage, pal: &mut Palette, kind: PointKind, (x, y): (f32, f32), g: &Ground) {
    let bb = (x - 40.0, y - 26.0, x + 40.0, y + 26.0);
    let inset = |r: (f32, f32, f32, f32), d: f32| (r.0 + d, r.1 + d, r.2 - d, r.3 - d);
    match kind {
        PointKind::Post => {
            let r = (x - 22.0, y - 12.0, x + 22.0, y + 12.0);
            paint(img, pal, bb, g.branch, |px, py| in_round_rect(px, py, r, 11.0));
            paint(img, pal, bb, g.buoy, |px, py| in_round_rect(px, py, inset(r, 2.2), 9.0));
        }
        PointKind::Camp => {
            paint(img, pal, bb, g.branch, |px, py| (px - x).powi(2) + (py - y).powi(2) <= 23.0f32.powi(2));
            paint(img, pal, bb, g.sand, |px, py| (px - x).powi(2) + (py - y).powi(2) <= 20.6f32.powi(2));
            anchor(img, pal, (x, y), g.anchor);
        }
        PointKind::Headquarters => {
            let r = (x - 33.0, y - 17.0, x + 33.0, y + 17.0);
            paint(img, pal, bb, g.dock_edge, |px, py| in_round_rect(px, py, r, 5.0));
            paint(img, pal, bb, g.dock, |px, py| in_round_rect(px, py, inset(r, 2.6), 3.0));
            // Planks across the dock.
            for k in -2..=2 {
                let px = x + k as f32 * 11.0;
                segment(img, pal, (px, y - 13.5), (px, y + 13.5), 1.4, g.dock_edge);
            }
        }
    }
}

/// Dashes along the segment from `a` to `b` (an air lane), `on` pixels drawn every `period`.
fn dashes(img: &mut IndexedImage, pal: &mut Palette, a: (f32, f32), b: (f32, f32), c: u8) {
    let (on, period) = (9.0f32, 16.0f32);
    let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
    let at = |t: f32| (a.0 + (b.0 - a.0) * t / len, a.1 + (b.1 - a.1) * t / len);
    let mut t = 0.0;
    while t < len {
        segment(img, pal, at(t), at((t + on).min(len)), 3.6, c);
        t += period;
    }
}

fn background(
    pal: &mut Palette,
    font: &FontRef<'_>,
    board: &Board,
    bottom: Seat,
    g: &Ground,
    lanes: &[Vec<PointId>],
) -> IndexedImage {
    let mut img = IndexedImage::with_palette(layout::WIDTH as usize, layout::HEIGHT as usize, g.bg, g.id);
    let (bx, by) = (layout::BOARD_X as f32, layout::BOARD_Y as f32);
    let (bw, bh) = (layout::BOARD_W as f32, layout::BOARD_H as f32);
    let full = (0.0, 0.0, layout::WIDTH as f32, layout::HEIGHT as f32);
    paint(&mut img, pal, full, g.frame, |x, y| in_round_rect(x, y, (bx, by, bx + bw, by + bh), 8.0));
    let inner = (bx + 4.0, by + 4.0, bx + bw - 4.0, by + bh - 4.0);
    paint(&mut img, pal, full, g.water, |x, y| in_round_rect(x, y, inner, 6.0));
    // The sea front: a deeper channel between the halves, with waves.
    let f0 = (layout::row_y(5) + TILE_H / 2 + 4) as f32;
    let f1 = (layout::row_y(6) - TILE_H / 2 - 4) as f32;
    paint(&mut img, pal, full, g.deep, |x, y| x >= inner.0 && x <= inner.2 && y >= f0 && y <= f1);
    let my = (f0 + f1) / 2.0;
    for k in 0..4 {
        let x = (layout::col_x(k) + layout::col_x(k + 1)) as f32 / 2.0;
        wave(&mut img, pal, (x, my), g.wave);
    }
    let at = |p: PointId| {
        let (x, y) = layout::centre(Variant::two_player_board(), p, bottom);
        (x as f32, y as f32)
    };
    // Waves in the open water: the middle of each grid square no lane crosses (no camp at a
    // corner, so no diagonal branch line).
    let camp_at = |col: i32, row: i32| {
        board.point_ids().any(|p| {
            board.point(p).kind == PointKind::Camp && layout::cell(Variant::two_player_board(), p, bottom) == (col, row)
        })
    };
    // (With air lanes, the eight-neighbour board: every square has its diagonals.)
    for row in (0..11).filter(|&r| r != 5 && lanes.is_empty()) {
        for col in 0..4 {
            if [(0, 0), (1, 0), (0, 1), (1, 1)].iter().all(|(dc, dr)| !camp_at(col + dc, row + dr)) {
                let x = (layout::col_x(col) + layout::col_x(col + 1)) as f32 / 2.0;
                let y = (layout::row_y(row) + layout::row_y(row + 1)) as f32 / 2.0;
                wave(&mut img, pal, (x, y), g.wave);
            }
        }
    }
    for l in board.links().iter().filter(|l| l.kind == LinkKind::Road) {
        segment(&mut img, pal, at(l.a), at(l.b), 2.4, g.branch);
    }
    for l in board.links().iter().filter(|l| l.kind == LinkKind::Railway) {
        segment(&mut img, pal, at(l.a), at(l.b), 5.0, g.red_line);
    }
    for lane in lanes {
        dashes(&mut img, pal, at(lane[0]), at(lane[lane.len() - 1]), g.lane);
    }
    for p in board.point_ids() {
        marker(&mut img, pal, board.point(p).kind, at(p), g);
    }
    // Coordinates on the margins, as on the 2-player board.
    for i in 0..5 {
        let col = if bottom == Seat::RED { i } else { 4 - i };
        let x = layout::col_x(col) as f32;
        let s = char::from(b'a' + i as u8).to_string();
        let top = (layout::BOARD_Y - layout::COORD_H / 2) as f32;
        let bot = (layout::BOARD_Y + layout::BOARD_H + layout::COORD_H / 2) as f32;
        centred_text(&mut img, pal, font, &s, 18.0, (x, top), g.dim);
        centred_text(&mut img, pal, font, &s, 18.0, (x, bot), g.dim);
    }
    for rank in 1..=12i32 {
        let row = if bottom == Seat::RED { 12 - rank } else { rank - 1 };
        let y = layout::row_y(row) as f32;
        let s = rank.to_string();
        centred_text(&mut img, pal, font, &s, 17.0, (layout::SIDE_MARGIN as f32 / 2.0, y), g.dim);
        centred_text(&mut img, pal, font, &s, 17.0, ((layout::WIDTH - layout::SIDE_MARGIN / 2) as f32, y), g.dim);
    }
    img
}

/// A side's tiles labelled with every kind in `lang`: the water band along the foot, then the
/// short label from the kind's table (`航`, `CV`).
fn label_tiles(
    pal: &mut Palette,
    font: &FontRef<'_>,
    (kind, blank, label): (&GameKind, &IndexedImage, u8),
    lang: Lang,
) -> Vec<IndexedImage> {
    (0..=u8::MAX)
        .map_while(|k| (kind.piece_label)(PieceKind(k)).map(|_| PieceKind(k)))
        .map(|k| {
            let mut t = blank.clone();
            let word = text::piece_label(kind, lang, k);
            let size = match word.len() {
                _ if lang.is_zh() => 28.0,
                ..=2 => 22.0,
                3 => 20.0,
                _ => 18.0,
            };
            centred_text(&mut t, pal, font, &word, size, (TILE_W as f32 / 2.0, TILE_H as f32 / 2.0 - 2.0), label);
            t
        })
        .collect()
}

/// Paints the water band along a blank tile's foot, inside its border, over its fill only.
fn banded(mut t: IndexedImage, fill: u8, band: u8) -> IndexedImage {
    let (w, h) = (t.width, t.height);
    for y in h - 8..h - 4 {
        for x in 5..w - 5 {
            let i = y * w + x;
            if t.pixels[i] == fill {
                t.pixels[i] = band;
            }
        }
    }
    t
}

fn build(which: Sea) -> HaijunAssets {
    let font = font();
    let id = if which == Sea::Spring { PaletteId::Haijun } else { PaletteId::Haijun21 };
    let mut pal = Palette { colours: Vec::new(), index: HashMap::new(), blends: HashMap::new() };
    let g = Ground {
        bg: pal.add(rgb::BG),
        dim: pal.add(rgb::DIM),
        frame: pal.add(sea::FRAME),
        water: pal.add(sea::WATER),
        deep: pal.add(sea::DEEP),
        wave: pal.add(sea::WAVE),
        red_line: pal.add(sea::RED_LINE),
        branch: pal.add(sea::BRANCH),
        buoy: pal.add(sea::BUOY),
        sand: pal.add(sea::SAND),
        anchor: pal.add(sea::ANCHOR),
        dock: pal.add(sea::DOCK),
        dock_edge: pal.add(sea::DOCK_EDGE),
        // Added last, so the 春水 sea's palette is as it was.
        lane: if which == Sea::Spring { 0 } else { pal.add(sea::LANE) },
        id,
    };
    let c = Colours {
        bg: g.bg,
        text: pal.add(rgb::TEXT),
        dim: g.dim,
        gold: pal.add(rgb::GOLD),
        mark: pal.add(rgb::MARK),
        hilite: pal.add(rgb::HILITE),
        black: pal.add(rgb::BLACK),
        fill: [pal.add(rgb::RED), pal.add(rgb::BLUE)],
        side_text: [pal.add(rgb::RED_TEXT), pal.add(rgb::BLUE_TEXT)],
    };
    let label = pal.add(rgb::LABEL);
    let band = pal.add(sea::BAND);
    let styles = [
        TileStyle { fill: c.fill[0], dark: pal.add(rgb::RED_DARK), line: c.fill[0], label },
        TileStyle { fill: c.fill[1], dark: pal.add(rgb::BLUE_DARK), line: pal.add(rgb::BLUE_LINE), label },
    ];
    let seats = [Seat::RED, Seat::BLUE];
    let (tw, th) = (TILE_W as usize, TILE_H as usize);
    // Drawn over the water; the pixels the shape leaves are transparent.
    let blank = seats.map(|s| banded(tile(&mut pal, s, tw, th, &styles[s.index()], g.water), c.fill[s.index()], band));
    let mini = seats.map(|s| tile(&mut pal, s, 30, 18, &styles[s.index()], g.bg));
    let (board, lanes, kind): (&Board, &[Vec<PointId>], &GameKind) = match which {
        Sea::Spring => (naval::get(Front::Open), &[], &HAIJUN_KIND),
        Sea::Modern => (crate::rules::haijun21::board::get(), crate::rules::haijun21::board::lanes(), &HAIJUN21_KIND),
    };
    let background = [Seat::RED, Seat::BLUE].map(|s| background(&mut pal, &font, board, s, &g, lanes));
    // In `assets::badge_index` order; `haijun21` adds the scouted mark (反潛機, §9), after the
    // bounce no naval game has.
    let mut outcomes = vec![Outcome::AttackerWon, Outcome::DefenderWon, Outcome::BothRemoved, Outcome::FlagCaptured];
    if which == Sea::Modern {
        outcomes.extend([Outcome::Bounced, Outcome::Scouted]);
    }
    let badges = outcomes
        .iter()
        .map(|&o| {
            let mut b = IndexedImage::with_palette(24, 24, TRANSPARENT, id);
            let bb = (0.0, 0.0, 24.0, 24.0);
            paint(&mut b, &mut pal, bb, c.hilite, |x, y| (x - 12.0).powi(2) + (y - 12.0).powi(2) <= 144.0);
            paint(&mut b, &mut pal, bb, c.black, |x, y| (x - 12.0).powi(2) + (y - 12.0).powi(2) <= 110.0);
            centred_text(&mut b, &mut pal, &font, text::badge(o).unwrap_or("?"), 17.0, (12.0, 12.0), c.text);
            b
        })
        .collect();
    let faces: Vec<Face> = SIZES.iter().map(|&s| rasterise_face(&font, s)).collect();
    let mut ramps = HashMap::new();
    for fg in [c.text, c.dim, c.gold, c.hilite].into_iter().chain(c.side_text) {
        ramps.insert((c.bg, fg), pal.ramp(fg, c.bg));
    }
    for fill in c.fill {
        ramps.insert((fill, c.mark), pal.ramp(c.mark, fill));
    }
    // In `text::slot` order: 简体, English, 繁體.
    let labelled = [0, 1].map(|s| {
        [Lang::ZhHans, Lang::En, Lang::ZhHant].map(|lang| label_tiles(&mut pal, &font, (kind, &blank[s], label), lang))
    });
    let palette_bytes = pal.colours.iter().flatten().copied().collect();
    HaijunAssets { palette: pal.colours, palette_bytes, c, background, blank, labelled, mini, badges, faces, ramps }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_palette_leaves_room_for_gif_transparency() {
        for a in [get(), get21()] {
            assert!(a.palette.len() <= 255, "{} colours", a.palette.len());
        }
    }
}
