//! Images of the cross-shaped 四国军棋 board (`rules-junqi4.md` §2): 129 points on a 17 × 17 grid,
//! rotated so that the viewer's seat is at the bottom, with four seat colours that also differ in
//! tile shape (rounded rectangle, octagon, hexagon, notched rectangle), so that colour is never the
//! only cue.
//!
//! Like the 2-player images, the costly work is done once: the board background for each of the
//! four orientations (with its coordinates), every tile of every seat, in a palette of its own.
//! A board image is then a copy of the background, tile blits, captions and an indexed PNG encode.

use std::collections::HashMap;
use std::sync::OnceLock;

use super::assets::{
    Face, MarkerStyle, Palette, RailStyle, SIZES, TileStyle, centred_text, draw_text_raw, font, paint, point_marker,
    railway, rasterise_face, rgb, segment, tile,
};
use super::canvas::{IndexedImage, PaletteId, TRANSPARENT};
use super::text::{self, Lang};
use crate::rules::board::LinkKind;
use crate::rules::{Outcome, PieceKind, PointId, Seat, Variant};

/// Points on the grid across (and down).
const GRID: i32 = 17;
/// Distance between neighbouring grid positions.
const D: i32 = 56;
/// Tile width.
pub(super) const TILE_W: i32 = 50;
/// Tile height.
pub(super) const TILE_H: i32 = 34;
/// Padding inside the board frame.
const PAD: i32 = 16;
/// Margin around the board frame (file letters of the outer rows live here).
const MARGIN: i32 = 26;
/// Height of the caption band at the top.
const HEADER_H: i32 = 70;
/// Height of the caption band at the bottom (one line per seat).
const FOOTER_H: i32 = 118;
/// Side of the square board frame; odd, so that quarter turns map point centres exactly.
const BOARD: i32 = 2 * PAD + (GRID - 1) * D + TILE_W + 1;
/// Image width.
pub const WIDTH: i32 = BOARD + 2 * MARGIN;
/// Image height.
pub const HEIGHT: i32 = HEADER_H + MARGIN + BOARD + MARGIN + FOOTER_H;
const BOARD_X: i32 = MARGIN;
const BOARD_Y: i32 = HEADER_H + MARGIN;
/// Top of the caption band under the board.
pub(super) const FOOTER_Y: i32 = HEIGHT - FOOTER_H;

/// Where the seat cards go (top-left of their mini tile), by display side counter-clockwise from
/// the bottom: each in the empty corner of the cross just counter-clockwise of its territory.
pub(super) fn card_corners() -> Vec<(i32, i32)> {
    // The corner squares span grid positions 0–5 and 11–16; a card sits in the middle of one.
    [(13, 13), (13, 2), (2, 2), (2, 13)]
        .into_iter()
        .map(|g| {
            let (px, py) = pixel(g);
            (px - 60, py - 20)
        })
        .collect()
}

/// Grid position after turning the board so that territory `bottom` is at the bottom.
fn rotate((x, y): (i32, i32), bottom: usize) -> (i32, i32) {
    let m = GRID - 1;
    match bottom {
        1 => (m - y, x),
        2 => (m - x, m - y),
        3 => (y, m - x),
        _ => (x, y),
    }
}

/// Pixel centre of a grid position (already rotated).
fn pixel((x, y): (i32, i32)) -> (i32, i32) {
    (BOARD_X + PAD + TILE_W / 2 + x * D, BOARD_Y + PAD + TILE_W / 2 + y * D)
}

/// Pixel centre of a point with territory `bottom` at the bottom.
pub(super) fn centre(variant: &Variant, p: PointId, bottom: usize) -> (i32, i32) {
    let pt = variant.board.point(p);
    pixel(rotate((i32::from(pt.x), i32::from(pt.y)), bottom))
}

/// Seat colours (fill, border, inner line, caption text) by territory.
const SEAT_RGB: [[[u8; 3]; 4]; 4] = [
    [rgb::RED, rgb::RED_DARK, rgb::RED, rgb::RED_TEXT],
    [rgb::BLUE, rgb::BLUE_DARK, rgb::BLUE_LINE, rgb::BLUE_TEXT],
    [[0x2E, 0x8B, 0x3A], [0x0E, 0x3B, 0x14], [0xCF, 0xF5, 0xD3], [0x86, 0xE0, 0x8F]],
    [[0x7B, 0x3F, 0xB0], [0x2F, 0x10, 0x50], [0xE4, 0xCF, 0xFF], [0xCD, 0xA6, 0xFF]],
];

/// Everything drawn once for the cross board.
pub struct CrossAssets {
    /// The palette as PNG wants it.
    pub palette_bytes: Vec<u8>,
    /// The palette as colours.
    pub palette: Vec<[u8; 3]>,
    /// Backgrounds by the territory at the bottom.
    pub(super) background: [IndexedImage; 4],
    /// Blank tiles by territory.
    pub(super) blank: [IndexedImage; 4],
    /// Labelled tiles by territory, language ([`Lang::index`]), kind.
    pub(super) labelled: [[Vec<IndexedImage>; 3]; 4],
    /// Small tiles for captions, by territory.
    pub(super) mini: [IndexedImage; 4],
    pub(super) badges: Vec<IndexedImage>,
    pub(super) faces: Vec<Face>,
    pub(super) ramps: HashMap<(u8, u8), [u8; 5]>,
    pub(super) c: Colours,
}

/// Palette indices by role.
#[derive(Clone, Copy)]
pub(super) struct Colours {
    pub(super) bg: u8,
    pub(super) text: u8,
    pub(super) dim: u8,
    pub(super) gold: u8,
    pub(super) mark: u8,
    pub(super) hilite: u8,
    pub(super) black: u8,
    pub(super) seat_text: [u8; 4],
    pub(super) seat_fill: [u8; 4],
}

impl CrossAssets {
    fn ramp(&self, fg: u8, bg: u8) -> [u8; 5] {
        self.ramps.get(&(bg, fg)).copied().unwrap_or([bg, bg, fg, fg, fg])
    }

    fn face(&self, size: f32) -> &Face {
        self.faces.iter().find(|f| f.size == size).unwrap_or(&self.faces[0])
    }

    fn text(&self, img: &mut IndexedImage, s: &str, size: f32, at: (i32, i32), fg: u8, bg: u8) -> i32 {
        draw_text_raw(img, self.face(size), self.ramp(fg, bg), s, size, at)
    }

    fn width(&self, s: &str, size: f32) -> i32 {
        let face = self.face(size);
        s.chars().map(|ch| face.glyphs.get(&ch).map_or(size * 0.5, |g| g.advance)).sum::<f32>().round() as i32
    }
}

/// The shared cross-board assets, built on first use.
pub fn get() -> &'static CrossAssets {
    static A: OnceLock<CrossAssets> = OnceLock::new();
    A.get_or_init(build)
}

fn in_hexagon(px: f32, py: f32, r: (f32, f32, f32, f32), point: f32) -> bool {
    let (x0, y0, x1, y1) = r;
    let my = (y0 + y1) / 2.0;
    let half = (y1 - y0) / 2.0;
    if px < x0 || px > x1 || py < y0 || py > y1 {
        return false;
    }
    // Pointed ends: the left and right edges are two slanted lines meeting at mid-height.
    let slack = (py - my).abs() / half * point;
    px >= x0 + slack && px <= x1 - slack
}

fn in_notched(px: f32, py: f32, r: (f32, f32, f32, f32), notch: f32) -> bool {
    let (x0, y0, x1, y1) = r;
    if px < x0 || px > x1 || py < y0 || py > y1 {
        return false;
    }
    // A rectangle with a quarter circle bitten out of each corner.
    [(x0, y0), (x1, y0), (x0, y1), (x1, y1)]
        .iter()
        .all(|&(cx, cy)| (px - cx).powi(2) + (py - cy).powi(2) > notch * notch)
}

/// A tile for territory `t`: South and East reuse the 2-player shapes (rounded rectangle, octagon),
/// North is a hexagon with pointed ends, West a rectangle with notched corners.
fn seat_tile(pal: &mut Palette, t: usize, w: usize, h: usize, st: &TileStyle, ground: u8) -> IndexedImage {
    match t {
        0 => tile(pal, Seat::RED, w, h, st, ground),
        1 => tile(pal, Seat::BLUE, w, h, st, ground),
        _ => {
            let mut img = IndexedImage::with_palette(w, h, ground, PaletteId::Cross);
            let (wf, hf) = (w as f32, h as f32);
            let outer = (0.5, 0.5, wf - 0.5, hf - 0.5);
            let bbox = (0.0, 0.0, wf, hf);
            let th = (hf / 12.0).max(1.5);
            let inner = (outer.0 + th, outer.1 + th, outer.2 - th, outer.3 - th);
            if t == 2 {
                let point = hf / 3.0;
                paint(&mut img, pal, bbox, st.dark, |x, y| in_hexagon(x, y, outer, point));
                paint(&mut img, pal, bbox, st.fill, |x, y| in_hexagon(x, y, inner, point * 0.9));
            } else {
                let notch = hf / 4.0;
                paint(&mut img, pal, bbox, st.dark, |x, y| in_notched(x, y, outer, notch));
                // No inner ring: on a tile this short its top and bottom lines ran through the
                // character (issue 21 item 7); the notched corners tell West apart on their own.
                paint(&mut img, pal, bbox, st.fill, |x, y| in_notched(x, y, inner, notch + th * 0.5));
            }
            for p in img.pixels.iter_mut() {
                if *p == ground {
                    *p = TRANSPARENT;
                }
            }
            img
        }
    }
}

/// The railways of the cross board (smaller than the 2-player ones: points are closer).
const RAIL_CROSS: RailStyle = RailStyle { spacing: 11.0, sleeper: 6.0, sleeper_w: 2.2, gauge: 3.0, rail_w: 2.0 };

/// The point markers of the cross board.
const MARKERS_CROSS: MarkerStyle = MarkerStyle {
    reach: (30.0, 22.0),
    post: (18.0, 11.0, 3.5, 2.0, 2.0),
    camp: (17.0, 14.8),
    hq: (23.0, 15.0, 14.0, 2.2, 12.0),
    hq_line: (5.5, 9.0, 7.2, 7.5),
};

struct BgColours {
    bg: u8,
    dim: u8,
    board: u8,
    centre: u8,
    frame: u8,
    road: u8,
    rail: u8,
    marker: u8,
}

/// The board with territory 0 (South) at the bottom; other orientations are exact rotations.
fn build_board(pal: &mut Palette, variant: &Variant, c: &BgColours) -> IndexedImage {
    let mut img = IndexedImage::with_palette(WIDTH as usize, HEIGHT as usize, c.bg, PaletteId::Cross);
    let (lo, hi) = (pixel((6, 6)), pixel((10, 10)));
    let arm = D / 2 + 4;
    let (b0, b1) = (BOARD_X as f32, (BOARD_X + BOARD) as f32);
    let by0 = BOARD_Y as f32;
    let by1 = by0 + BOARD as f32;
    let (a0, a1) = ((lo.0 - arm) as f32, (hi.0 + arm) as f32);
    let (v0, v1) = ((lo.1 - arm) as f32, (hi.1 + arm) as f32);
    // The cross: a vertical and a horizontal arm across the whole frame.
    let in_cross = move |x: f32, y: f32, inset: f32| {
        (x >= a0 + inset && x <= a1 - inset && y >= by0 + inset && y <= by1 - inset)
            || (y >= v0 + inset && y <= v1 - inset && x >= b0 + inset && x <= b1 - inset)
    };
    let full = (0.0, 0.0, WIDTH as f32, HEIGHT as f32);
    paint(&mut img, pal, full, c.frame, |x, y| in_cross(x, y, 0.0));
    paint(&mut img, pal, full, c.board, |x, y| in_cross(x, y, 3.0));
    let (ca, cb) = ((lo.0 - D / 2) as f32, (hi.0 + D / 2) as f32);
    let (cv, cw) = ((lo.1 - D / 2) as f32, (hi.1 + D / 2) as f32);
    paint(&mut img, pal, full, c.centre, |x, y| x >= ca && x <= cb && y >= cv && y <= cw);
    let at = |p| {
        let (x, y) = centre(variant, p, 0);
        (x as f32, y as f32)
    };
    for l in variant.board.links().iter().filter(|l| l.kind == LinkKind::Road) {
        segment(&mut img, pal, at(l.a), at(l.b), 2.0, c.road);
    }
    for l in variant.board.links().iter().filter(|l| l.kind == LinkKind::Railway) {
        railway(&mut img, pal, at(l.a), at(l.b), &RAIL_CROSS, c.rail);
    }
    for p in variant.board.point_ids() {
        point_marker(&mut img, pal, variant.board.point(p).kind, at(p), &MARKERS_CROSS, (c.road, c.marker));
    }
    img
}

/// The board turned by quarter turns so that territory `bottom` is at the bottom. The board is a
/// square centred in its frame, so the turn maps the frame onto itself; bands outside stay.
fn turned(src: &IndexedImage, bottom: usize, fill: u8) -> IndexedImage {
    if bottom == 0 {
        return src.clone();
    }
    let mut out = IndexedImage::with_palette(src.width, src.height, fill, PaletteId::Cross);
    let (x0, y0, n) = (BOARD_X as usize, BOARD_Y as usize, BOARD as usize);
    for y in 0..src.height {
        for x in 0..src.width {
            let inside = x >= x0 && x < x0 + n && y >= y0 && y < y0 + n;
            if !inside {
                out.pixels[y * src.width + x] = src.pixels[y * src.width + x];
                continue;
            }
            let (u, v) = (x - x0, y - y0);
            // Where this destination pixel comes from in the South-at-bottom image.
            let (su, sv) = match bottom {
                1 => (v, n - 1 - u),
                2 => (n - 1 - u, n - 1 - v),
                _ => (n - 1 - v, u),
            };
            out.pixels[y * src.width + x] = src.pixels[(y0 + sv) * src.width + x0 + su];
        }
    }
    out
}

/// File letters beyond each territory's back row and rank numbers beside its outer files, in the
/// seat's own coordinates (what players type), placed after turning.
fn draw_coordinates(img: &mut IndexedImage, a: &CrossAssets, variant: &Variant, bottom: usize) {
    let at = |seat: u8, file: u8, rank: u8| {
        let p = crate::rules::junqi4_board::at(seat, file, rank);
        let pt = variant.board.point(p);
        rotate((i32::from(pt.x), i32::from(pt.y)), bottom)
    };
    let put = |img: &mut IndexedImage, s: &str, g: (i32, i32), dir: (i32, i32), dist: f32| {
        let (px, py) = pixel(g);
        let cx = px + (dir.0 as f32 * dist) as i32;
        let cy = py + (dir.1 as f32 * dist) as i32;
        let w = a.width(s, 16.0);
        let bg = img.pixels[(cy.clamp(0, HEIGHT - 1) * WIDTH + cx.clamp(0, WIDTH - 1)) as usize];
        let fg = if bg == a.c.bg { a.c.dim } else { a.c.black };
        a.text(img, s, 16.0, (cx - w / 2, cy - 12), fg, bg);
    };
    for seat in 0..4u8 {
        for file in 0..5u8 {
            let (g1, g2) = (at(seat, file, 1), at(seat, file, 2));
            let dir = (g1.0 - g2.0, g1.1 - g2.1);
            let letter = ["a", "b", "c", "d", "e"][usize::from(file)];
            put(img, letter, g1, dir, D as f32 * 0.78);
        }
        for rank in 1..=6u8 {
            for (file, next) in [(0u8, 1u8), (4, 3)] {
                let (g, n) = (at(seat, file, rank), at(seat, next, rank));
                let dir = (g.0 - n.0, g.1 - n.1);
                put(img, &rank.to_string(), g, dir, D as f32 * 0.62);
            }
        }
    }
}

/// A territory's tiles labelled with every kind in `lang`: `(blank tile, label colour)`.
fn label_tiles(
    pal: &mut Palette,
    font: &ab_glyph::FontRef<'_>,
    variant: &Variant,
    (blank, label): (&IndexedImage, u8),
    lang: Lang,
) -> Vec<IndexedImage> {
    (0..variant.pieces.len())
        .map(|k| {
            let mut tile = blank.clone();
            let word = text::label(variant, lang, PieceKind(k as u8));
            let size = match (lang.is_zh(), word.len()) {
                (true, _) => 24.0,
                (false, 0..=2) => 19.0,
                _ => 16.0,
            };
            let mid = (TILE_W as f32 / 2.0, TILE_H as f32 / 2.0);
            centred_text(&mut tile, pal, font, &word, size, mid, label);
            tile
        })
        .collect()
}

fn build() -> CrossAssets {
    let font = font();
    let variant = Variant::cross_board();
    let mut pal = Palette { colours: Vec::new(), index: HashMap::new(), blends: HashMap::new() };
    let bgc = BgColours {
        bg: pal.add(rgb::BG),
        dim: pal.add(rgb::DIM),
        board: pal.add(rgb::BOARD),
        centre: pal.add(rgb::FRONT),
        frame: pal.add(rgb::FRAME),
        road: pal.add(rgb::ROAD),
        rail: pal.add(rgb::RAIL),
        marker: pal.add(rgb::MARKER),
    };
    let label = pal.add(rgb::LABEL);
    let styles: Vec<TileStyle> = SEAT_RGB
        .iter()
        .map(|c| TileStyle { fill: pal.add(c[0]), dark: pal.add(c[1]), line: pal.add(c[2]), label })
        .collect();
    let c = Colours {
        bg: bgc.bg,
        text: pal.add(rgb::TEXT),
        dim: bgc.dim,
        gold: pal.add(rgb::GOLD),
        mark: pal.add(rgb::MARK),
        hilite: pal.add(rgb::HILITE),
        black: pal.add(rgb::BLACK),
        seat_text: [0, 1, 2, 3].map(|t| pal.add(SEAT_RGB[t][3])),
        seat_fill: [0, 1, 2, 3].map(|t| styles[t].fill),
    };
    let south = build_board(&mut pal, variant, &bgc);
    let (tw, th) = (TILE_W as usize, TILE_H as usize);
    let blank = [0, 1, 2, 3].map(|t| seat_tile(&mut pal, t, tw, th, &styles[t], bgc.board));
    let mini = [0, 1, 2, 3].map(|t| seat_tile(&mut pal, t, 26, 16, &styles[t], bgc.bg));
    let zh_en = [0, 1, 2, 3]
        .map(|t| [Lang::ZhHans, Lang::En].map(|lang| label_tiles(&mut pal, &font, variant, (&blank[t], label), lang)));
    let badges = [Outcome::AttackerWon, Outcome::DefenderWon, Outcome::BothRemoved, Outcome::FlagCaptured]
        .iter()
        .map(|&o| {
            let mut b = IndexedImage::with_palette(22, 22, TRANSPARENT, PaletteId::Cross);
            let bb = (0.0, 0.0, 22.0, 22.0);
            paint(&mut b, &mut pal, bb, c.hilite, |x, y| (x - 11.0).powi(2) + (y - 11.0).powi(2) <= 121.0);
            paint(&mut b, &mut pal, bb, c.black, |x, y| (x - 11.0).powi(2) + (y - 11.0).powi(2) <= 90.0);
            centred_text(&mut b, &mut pal, &font, text::badge(o).unwrap_or("?"), 15.0, (11.0, 11.0), c.text);
            b
        })
        .collect();
    let faces: Vec<Face> = SIZES.iter().chain([16.0f32].iter()).map(|&s| rasterise_face(&font, s)).collect();
    let mut ramps = HashMap::new();
    for fg in [c.text, c.dim, c.gold, c.hilite].into_iter().chain(c.seat_text) {
        ramps.insert((c.bg, fg), pal.ramp(fg, c.bg));
    }
    for fill in c.seat_fill {
        ramps.insert((fill, c.mark), pal.ramp(c.mark, fill));
    }
    for ground in [bgc.board, bgc.centre] {
        ramps.insert((ground, c.black), pal.ramp(c.black, ground));
    }
    // 繁體 tiles come last, so that a colour they might add would not move any other index.
    let hant = [0, 1, 2, 3].map(|t| label_tiles(&mut pal, &font, variant, (&blank[t], label), Lang::ZhHant));
    let labelled = {
        let mut hant = hant.into_iter();
        zh_en.map(|[zh, en]| [zh, en, hant.next().unwrap_or_default()])
    };
    let palette_bytes: Vec<u8> = pal.colours.iter().flatten().copied().collect();
    let mut a = CrossAssets {
        palette: pal.colours.clone(),
        palette_bytes,
        background: [south.clone(), south.clone(), south.clone(), south],
        blank,
        labelled,
        mini,
        badges,
        faces,
        ramps,
        c,
    };
    let base = a.background[0].clone();
    for bottom in 0..4 {
        let mut bg = turned(&base, bottom, bgc.bg);
        draw_coordinates(&mut bg, &a, variant, bottom);
        a.background[bottom] = bg;
    }
    a
}
