//! Everything drawn once: the font, the palette, the two board backgrounds (Red or Blue at the
//! bottom), every piece tile, the combat badges and the pre-rasterised glyphs of caption text.
//!
//! Drawing here is anti-aliased by 4×4 supersampling, with coverage quantised to quarter steps and
//! blended into the palette, so that the palette stays small (≤ 255 colours, leaving index 255 for
//! GIF transparency) and images compress well.

use std::collections::HashMap;
use std::sync::OnceLock;

use ab_glyph::{Font, FontRef, PxScale, ScaleFont, point};

use super::canvas::{IndexedImage, TRANSPARENT};
use super::layout::{self, TILE_H, TILE_W};
use super::text::{self, Lang};
use crate::rules::board::{LinkKind, PointKind};
use crate::rules::{Outcome, PieceKind, Seat, Variant};

/// The font subset (see `assets/README.md`).
static FONT_BYTES: &[u8] = include_bytes!("../../assets/NotoSansCJKsc-Bold-subset.otf");
/// A larger subset for text players write (names, tournament titles): ASCII and the 3,755
/// characters of GB 2312 level 1. Kept apart from [`FONT_BYTES`] because the board faces
/// rasterise every character of their font up front.
static NAMES_FONT_BYTES: &[u8] = include_bytes!("../../assets/NotoSansCJKsc-Regular-names.otf");

/// The colours, by role.
pub mod rgb {
    /// Image margins and caption bands.
    pub const BG: [u8; 3] = [0x1E, 0x22, 0x27];
    /// Caption text.
    pub const TEXT: [u8; 3] = [0xF2, 0xF2, 0xF2];
    /// Secondary caption text and coordinates.
    pub const DIM: [u8; 3] = [0xB4, 0xBC, 0xC8];
    /// The board.
    pub const BOARD: [u8; 3] = [0xE6, 0xD3, 0xA3];
    /// The front between the halves.
    pub const FRONT: [u8; 3] = [0xCF, 0xB5, 0x7C];
    /// The board's frame.
    pub const FRAME: [u8; 3] = [0x7A, 0x5C, 0x2E];
    /// Roads and point outlines.
    pub const ROAD: [u8; 3] = [0x7D, 0x67, 0x48];
    /// Railways.
    pub const RAIL: [u8; 3] = [0x22, 0x22, 0x22];
    /// Inside of empty points.
    pub const MARKER: [u8; 3] = [0xF5, 0xEB, 0xD0];
    /// Mountains.
    pub const MOUNTAIN: [u8; 3] = [0x6B, 0x55, 0x36];
    /// Mountain faces in light.
    pub const MOUNTAIN_LIGHT: [u8; 3] = [0x9E, 0x86, 0x60];
    /// Red tiles.
    pub const RED: [u8; 3] = [0xC4, 0x2B, 0x2B];
    /// Red tile border.
    pub const RED_DARK: [u8; 3] = [0x5E, 0x0B, 0x0E];
    /// Blue tiles.
    pub const BLUE: [u8; 3] = [0x22, 0x55, 0xB5];
    /// Blue tile border.
    pub const BLUE_DARK: [u8; 3] = [0x0B, 0x20, 0x52];
    /// The inner line that marks Blue tiles (their pattern).
    pub const BLUE_LINE: [u8; 3] = [0xC4, 0xD6, 0xFF];
    /// Piece labels.
    pub const LABEL: [u8; 3] = [0xFF, 0xFF, 0xFF];
    /// The corner that marks a publicly known piece.
    pub const GOLD: [u8; 3] = [0xFF, 0xC9, 0x3C];
    /// A player's own marks on enemy pieces.
    pub const MARK: [u8; 3] = [0xFF, 0xE2, 0x7A];
    /// The last move.
    pub const HILITE: [u8; 3] = [0x2B, 0xE0, 0x6A];
    /// Outline of the last-move highlight.
    pub const BLACK: [u8; 3] = [0x00, 0x00, 0x00];
    /// Red side names in captions.
    pub const RED_TEXT: [u8; 3] = [0xFF, 0x7A, 0x7A];
    /// Blue side names in captions.
    pub const BLUE_TEXT: [u8; 3] = [0x8F, 0xB4, 0xFF];
}

/// Sizes of caption text (pixels).
pub const SIZE_TITLE: f32 = 24.0;
/// Second caption line and footer.
pub const SIZE_TEXT: f32 = 20.0;
/// Marks on tiles.
pub const SIZE_MARK: f32 = 22.0;

pub(super) const SIZES: [f32; 3] = [SIZE_TITLE, SIZE_TEXT, SIZE_MARK];

/// One pre-rasterised glyph: coverage in quarter steps (0–4).
pub struct Glyph {
    /// Left edge relative to the pen.
    pub dx: i32,
    /// Top edge relative to the top of the line.
    pub dy: i32,
    /// Width.
    pub w: usize,
    /// Height.
    pub h: usize,
    /// Coverage, row-major.
    pub cov: Vec<u8>,
    /// Pen advance.
    pub advance: f32,
}

/// Glyphs of one size.
pub struct Face {
    /// The size in pixels.
    pub size: f32,
    /// Glyphs by character.
    pub glyphs: HashMap<char, Glyph>,
}

/// Palette indices of the colours by role.
#[derive(Clone, Copy)]
pub struct Colours {
    pub bg: u8,
    pub text: u8,
    pub dim: u8,
    pub red_text: u8,
    pub blue_text: u8,
    pub gold: u8,
    pub mark: u8,
    pub hilite: u8,
    pub black: u8,
    pub red: u8,
    pub blue: u8,
}

/// Everything drawn once.
pub struct Assets {
    /// The palette, as colours.
    pub palette: Vec<[u8; 3]>,
    /// The palette as PNG wants it (RGB triples).
    pub palette_bytes: Vec<u8>,
    /// Colours by role.
    pub c: Colours,
    /// Backgrounds: [Red at the bottom, Blue at the bottom].
    pub background: [IndexedImage; 2],
    /// Blank tiles per seat.
    pub blank: [IndexedImage; 2],
    /// Labelled tiles per seat, language ([`Lang::index`]), kind.
    pub labelled: [[Vec<IndexedImage>; 3]; 2],
    /// Small blank tiles for captions, per seat.
    pub mini: [IndexedImage; 2],
    /// Combat badges by outcome (indexed as `badge_index`).
    pub badges: Vec<IndexedImage>,
    /// Caption glyphs, per size in `SIZES` order.
    pub faces: Vec<Face>,
    /// Anti-aliasing ramps (5 indices, background to foreground) for caption text.
    pub(super) ramps: HashMap<(u8, u8), [u8; 5]>,
}

/// The badge slot of a combat outcome.
pub fn badge_index(o: Outcome) -> Option<usize> {
    match o {
        Outcome::Moved => None,
        Outcome::AttackerWon => Some(0),
        Outcome::DefenderWon => Some(1),
        Outcome::BothRemoved => Some(2),
        // A sunk 旗舰 (海军棋) wears the captured flag's `F`.
        Outcome::FlagCaptured | Outcome::FlagshipSunk => Some(3),
        // 陆海空's outcomes: only the three-layer art draws badges this far (the other arts have
        // four, and `get` finds none here).
        Outcome::Bounced => Some(4),
        Outcome::Scouted => Some(5),
        Outcome::ShotDown => Some(6),
    }
}

/// The shared assets, built on first use.
pub fn get() -> &'static Assets {
    static A: OnceLock<Assets> = OnceLock::new();
    A.get_or_init(build)
}

pub(super) fn font() -> FontRef<'static> {
    FontRef::try_from_slice(FONT_BYTES).expect("the bundled font subset parses")
}

/// The font for names and titles players write (see [`NAMES_FONT_BYTES`]).
pub(super) fn names_font() -> FontRef<'static> {
    FontRef::try_from_slice(NAMES_FONT_BYTES).expect("the bundled names font subset parses")
}

/// Characters of `texts` the font has no glyph for.
pub fn missing_glyphs(texts: &[String]) -> Vec<char> {
    let f = font();
    let mut missing: Vec<char> = texts.iter().flat_map(|t| t.chars()).filter(|&c| f.glyph_id(c).0 == 0).collect();
    missing.sort_unstable();
    missing.dedup();
    missing
}

/// A palette under construction, with memoised blends.
pub(super) struct Palette {
    pub(super) colours: Vec<[u8; 3]>,
    pub(super) index: HashMap<[u8; 3], u8>,
    pub(super) blends: HashMap<(u8, u8, u8), u8>,
}

impl Palette {
    pub(super) fn add(&mut self, c: [u8; 3]) -> u8 {
        if let Some(&i) = self.index.get(&c) {
            return i;
        }
        if self.colours.len() >= 250 {
            // Out of room: use the nearest colour we have (never reached with today's drawing;
            // a test checks the palette size).
            return self.nearest(c);
        }
        let i = self.colours.len() as u8;
        self.colours.push(c);
        self.index.insert(c, i);
        i
    }

    fn nearest(&self, c: [u8; 3]) -> u8 {
        let d = |p: &[u8; 3]| (0..3).map(|k| (i32::from(p[k]) - i32::from(c[k])).pow(2)).sum::<i32>();
        self.colours.iter().enumerate().min_by_key(|(_, p)| d(p)).map_or(0, |(i, _)| i as u8)
    }

    /// `fg` over `bg` at coverage `level` quarters.
    fn blend(&mut self, bg: u8, fg: u8, level: u8) -> u8 {
        match level {
            0 => return bg,
            4.. => return fg,
            _ => {}
        }
        if bg == TRANSPARENT {
            return fg;
        }
        if let Some(&i) = self.blends.get(&(bg, fg, level)) {
            return i;
        }
        let (a, b) = (self.colours[bg as usize], self.colours[fg as usize]);
        let l = u32::from(level);
        let mix = |k: usize| ((u32::from(a[k]) * (4 - l) + u32::from(b[k]) * l + 2) / 4) as u8;
        let i = self.add([mix(0), mix(1), mix(2)]);
        self.blends.insert((bg, fg, level), i);
        i
    }

    pub(super) fn ramp(&mut self, fg: u8, bg: u8) -> [u8; 5] {
        [bg, self.blend(bg, fg, 1), self.blend(bg, fg, 2), self.blend(bg, fg, 3), fg]
    }
}

/// Paints `fg` where `inside` holds, over the box (x0, y0)–(x1, y1), anti-aliased.
pub(super) fn paint(
    img: &mut IndexedImage,
    pal: &mut Palette,
    bbox: (f32, f32, f32, f32),
    fg: u8,
    inside: impl Fn(f32, f32) -> bool,
) {
    let (x0, y0, x1, y1) = bbox;
    let (xa, ya) = ((x0.floor() as i32).max(0), (y0.floor() as i32).max(0));
    let (xb, yb) = ((x1.ceil() as i32).min(img.width as i32), (y1.ceil() as i32).min(img.height as i32));
    for y in ya..yb {
        for x in xa..xb {
            let mut n = 0u32;
            for sy in 0..4 {
                for sx in 0..4 {
                    if inside(x as f32 + (sx as f32 + 0.5) / 4.0, y as f32 + (sy as f32 + 0.5) / 4.0) {
                        n += 1;
                    }
                }
            }
            if n > 0 {
                let level = ((n * 4 + 8) / 16) as u8;
                let i = y as usize * img.width + x as usize;
                img.pixels[i] = pal.blend(img.pixels[i], fg, level);
            }
        }
    }
}

pub(super) fn in_round_rect(px: f32, py: f32, r: (f32, f32, f32, f32), rad: f32) -> bool {
    let (x0, y0, x1, y1) = r;
    if px < x0 || px > x1 || py < y0 || py > y1 {
        return false;
    }
    let cx = px.clamp(x0 + rad, x1 - rad);
    let cy = py.clamp(y0 + rad, y1 - rad);
    (px - cx).powi(2) + (py - cy).powi(2) <= rad * rad
}

pub(super) fn in_octagon(px: f32, py: f32, r: (f32, f32, f32, f32), cut: f32) -> bool {
    let (x0, y0, x1, y1) = r;
    px >= x0
        && px <= x1
        && py >= y0
        && py <= y1
        && (px - x0) + (py - y0) >= cut
        && (x1 - px) + (py - y0) >= cut
        && (px - x0) + (y1 - py) >= cut
        && (x1 - px) + (y1 - py) >= cut
}

fn near_segment(px: f32, py: f32, a: (f32, f32), b: (f32, f32), half: f32) -> bool {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let t = if len2 == 0.0 { 0.0 } else { (((px - a.0) * dx + (py - a.1) * dy) / len2).clamp(0.0, 1.0) };
    let (qx, qy) = (a.0 + t * dx, a.1 + t * dy);
    (px - qx).powi(2) + (py - qy).powi(2) <= half * half
}

pub(super) fn segment(img: &mut IndexedImage, pal: &mut Palette, a: (f32, f32), b: (f32, f32), width: f32, c: u8) {
    let h = width / 2.0 + 1.0;
    let bbox = (a.0.min(b.0) - h, a.1.min(b.1) - h, a.0.max(b.0) + h, a.1.max(b.1) + h);
    paint(img, pal, bbox, c, |x, y| near_segment(x, y, a, b, width / 2.0));
}

/// Whether (px, py) is inside a polygon (even–odd rule), for the shapes of the game arts.
pub(super) fn in_polygon(px: f32, py: f32, poly: &[(f32, f32)]) -> bool {
    let mut inside = false;
    let mut j = poly.len() - 1;
    for i in 0..poly.len() {
        let ((xi, yi), (xj, yj)) = (poly[i], poly[j]);
        if (yi > py) != (yj > py) && px < (xj - xi) * (py - yi) / (yj - yi) + xi {
            inside = !inside;
        }
        j = i;
    }
    inside
}

pub(super) fn in_triangle(px: f32, py: f32, t: [(f32, f32); 3]) -> bool {
    let s = |a: (f32, f32), b: (f32, f32)| (b.0 - a.0) * (py - a.1) - (b.1 - a.1) * (px - a.0);
    let (d1, d2, d3) = (s(t[0], t[1]), s(t[1], t[2]), s(t[2], t[0]));
    !((d1 < 0.0 || d2 < 0.0 || d3 < 0.0) && (d1 > 0.0 || d2 > 0.0 || d3 > 0.0))
}

/// Draws `text` centred on (cx, cy) by its ink box, at `size`, in `fg`.
pub(super) fn centred_text(
    img: &mut IndexedImage,
    pal: &mut Palette,
    font: &FontRef<'_>,
    text: &str,
    size: f32,
    at: (f32, f32),
    fg: u8,
) {
    let scale = PxScale::from(size);
    let scaled = font.as_scaled(scale);
    let mut x = 0.0;
    let mut outlines = Vec::new();
    for ch in text.chars() {
        let id = font.glyph_id(ch);
        if let Some(o) = font.outline_glyph(id.with_scale_and_position(scale, point(x, scaled.ascent()))) {
            outlines.push(o);
        }
        x += scaled.h_advance(id);
    }
    if outlines.is_empty() {
        return;
    }
    let (mut bx0, mut by0, mut bx1, mut by1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
    for o in &outlines {
        let b = o.px_bounds();
        bx0 = bx0.min(b.min.x);
        by0 = by0.min(b.min.y);
        bx1 = bx1.max(b.max.x);
        by1 = by1.max(b.max.y);
    }
    let ox = (at.0 - (bx0 + bx1) / 2.0).round() as i32;
    let oy = (at.1 - (by0 + by1) / 2.0).round() as i32;
    for o in &outlines {
        let b = o.px_bounds();
        o.draw(|gx, gy, cov| {
            let level = (cov.clamp(0.0, 1.0) * 4.0).round() as u8;
            let x = ox + b.min.x as i32 + gx as i32;
            let y = oy + b.min.y as i32 + gy as i32;
            if level > 0 && x >= 0 && y >= 0 && (x as usize) < img.width && (y as usize) < img.height {
                let i = y as usize * img.width + x as usize;
                img.pixels[i] = pal.blend(img.pixels[i], fg, level);
            }
        });
    }
}

/// The colours of a seat's tiles.
pub(super) struct TileStyle {
    pub(super) fill: u8,
    pub(super) dark: u8,
    pub(super) line: u8,
    pub(super) label: u8,
}

/// A tile of size w×h for `seat`: Red tiles are rounded rectangles with a thick dark border; Blue
/// tiles are octagons (cut corners) with a dark border and a light inner line, so the sides
/// differ in shape and pattern, not only in colour.
pub(super) fn tile(pal: &mut Palette, seat: Seat, w: usize, h: usize, st: &TileStyle, board: u8) -> IndexedImage {
    let mut img = IndexedImage::new(w, h, board);
    let (wf, hf) = (w as f32, h as f32);
    let outer = (0.5, 0.5, wf - 0.5, hf - 0.5);
    let bbox = (0.0, 0.0, wf, hf);
    let t = (hf / 12.0).max(1.5);
    if seat == Seat::RED {
        let rad = hf / 5.0;
        paint(&mut img, pal, bbox, st.dark, |x, y| in_round_rect(x, y, outer, rad));
        let inner = (outer.0 + t, outer.1 + t, outer.2 - t, outer.3 - t);
        paint(&mut img, pal, bbox, st.fill, |x, y| in_round_rect(x, y, inner, rad - t * 0.6));
    } else {
        let cut = hf / 3.2;
        paint(&mut img, pal, bbox, st.dark, |x, y| in_octagon(x, y, outer, cut));
        let inner = (outer.0 + t * 0.8, outer.1 + t * 0.8, outer.2 - t * 0.8, outer.3 - t * 0.8);
        paint(&mut img, pal, bbox, st.fill, |x, y| in_octagon(x, y, inner, cut - t * 0.33));
        // The light inner line: an octagon ring a little inside the border.
        let a = t * 2.2;
        let ring_out = (outer.0 + a, outer.1 + a, outer.2 - a, outer.3 - a);
        let lw = (hf / 26.0).max(1.0);
        let ring_in = (ring_out.0 + lw, ring_out.1 + lw, ring_out.2 - lw, ring_out.3 - lw);
        let (c1, c2) = (cut - a * 0.41, cut - (a + lw) * 0.41);
        paint(&mut img, pal, bbox, st.line, |x, y| in_octagon(x, y, ring_out, c1) && !in_octagon(x, y, ring_in, c2));
    }
    // Pixels the shape does not touch stay see-through.
    for p in img.pixels.iter_mut() {
        if *p == board {
            *p = TRANSPARENT;
        }
    }
    img
}

fn build_background(
    pal: &mut Palette,
    font: &FontRef<'_>,
    variant: &Variant,
    bottom: Seat,
    c: &BgColours,
) -> IndexedImage {
    let mut img = IndexedImage::new(layout::WIDTH as usize, layout::HEIGHT as usize, c.bg);
    let bx = layout::BOARD_X as f32;
    let by = layout::BOARD_Y as f32;
    let (bw, bh) = (layout::BOARD_W as f32, layout::BOARD_H as f32);
    let full = (0.0, 0.0, layout::WIDTH as f32, layout::HEIGHT as f32);
    paint(&mut img, pal, full, c.frame, |x, y| in_round_rect(x, y, (bx, by, bx + bw, by + bh), 8.0));
    paint(&mut img, pal, full, c.board, |x, y| {
        in_round_rect(x, y, (bx + 3.0, by + 3.0, bx + bw - 3.0, by + bh - 3.0), 6.0)
    });
    // The front: the band between the two halves.
    let f0 = (layout::row_y(5) + TILE_H / 2 + 6) as f32;
    let f1 = (layout::row_y(6) - TILE_H / 2 - 6) as f32;
    paint(&mut img, pal, full, c.front, |x, y| x >= bx + 3.0 && x <= bx + bw - 3.0 && y >= f0 && y <= f1);
    let centre = |p| {
        let (x, y) = layout::centre(variant, p, bottom);
        (x as f32, y as f32)
    };
    for l in variant.board.links().iter().filter(|l| l.kind == LinkKind::Road) {
        segment(&mut img, pal, centre(l.a), centre(l.b), 2.4, c.road);
    }
    for l in variant.board.links().iter().filter(|l| l.kind == LinkKind::Railway) {
        railway(&mut img, pal, centre(l.a), centre(l.b), &RAIL_DUEL, c.rail);
    }
    // Mountains at files b and d block the front.
    let my = (f0 + f1) / 2.0;
    for col in [1, 3] {
        let mx = layout::col_x(col) as f32;
        let back = [(mx + 4.0, my + 14.0), (mx + 16.0, my - 8.0), (mx + 30.0, my + 14.0)];
        let front = [(mx - 28.0, my + 14.0), (mx - 6.0, my - 15.0), (mx + 16.0, my + 14.0)];
        let shade = [(mx - 6.0, my - 15.0), (mx + 16.0, my + 14.0), (mx - 2.0, my + 14.0)];
        let bb = (mx - 32.0, my - 20.0, mx + 34.0, my + 18.0);
        paint(&mut img, pal, bb, c.mountain_light, |x, y| in_triangle(x, y, back));
        paint(&mut img, pal, bb, c.mountain, |x, y| in_triangle(x, y, front));
        paint(&mut img, pal, bb, c.mountain_light, |x, y| in_triangle(x, y, shade));
    }
    // Point markers.
    for p in variant.board.point_ids() {
        point_marker(&mut img, pal, variant.board.point(p).kind, centre(p), &MARKERS_DUEL, (c.road, c.marker));
    }
    // Coordinates on the margins.
    let files = ['a', 'b', 'c', 'd', 'e'];
    for (i, f) in files.iter().enumerate() {
        let col = if bottom == Seat::RED { i as i32 } else { 4 - i as i32 };
        let x = layout::col_x(col) as f32;
        let s = f.to_string();
        let top = (layout::BOARD_Y - layout::COORD_H / 2) as f32;
        let bot = (layout::BOARD_Y + layout::BOARD_H + layout::COORD_H / 2) as f32;
        centred_text(&mut img, pal, font, &s, 18.0, (x, top), c.dim);
        centred_text(&mut img, pal, font, &s, 18.0, (x, bot), c.dim);
    }
    for rank in 1..=12i32 {
        let row = if bottom == Seat::RED { 12 - rank } else { rank - 1 };
        let y = layout::row_y(row) as f32;
        let s = rank.to_string();
        centred_text(&mut img, pal, font, &s, 17.0, (layout::SIDE_MARGIN as f32 / 2.0, y), c.dim);
        centred_text(&mut img, pal, font, &s, 17.0, ((layout::WIDTH - layout::SIDE_MARGIN / 2) as f32, y), c.dim);
    }
    img
}

/// Sizes of a railway drawing: sleepers every `spacing` pixels, `sleeper` pixels either side of the
/// line and `sleeper_w` wide; two rails `gauge` pixels either side, `rail_w` wide.
pub(super) struct RailStyle {
    pub(super) spacing: f32,
    pub(super) sleeper: f32,
    pub(super) sleeper_w: f32,
    pub(super) gauge: f32,
    pub(super) rail_w: f32,
}

/// The railways of the 2-player board.
const RAIL_DUEL: RailStyle = RailStyle { spacing: 12.0, sleeper: 7.0, sleeper_w: 2.6, gauge: 3.6, rail_w: 2.2 };

/// Draws one railway link: sleepers across, then the two rails on top, which reads as a railway at
/// any size.
pub(super) fn railway(img: &mut IndexedImage, pal: &mut Palette, a: (f32, f32), b: (f32, f32), st: &RailStyle, c: u8) {
    let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
    let (ux, uy) = ((b.0 - a.0) / len, (b.1 - a.1) / len);
    let (nx, ny) = (-uy, ux);
    let steps = (len / st.spacing).floor() as i32;
    for k in 1..steps {
        let t = k as f32 * len / steps as f32;
        let m = (a.0 + ux * t, a.1 + uy * t);
        let (sx, sy) = (nx * st.sleeper, ny * st.sleeper);
        segment(img, pal, (m.0 - sx, m.1 - sy), (m.0 + sx, m.1 + sy), st.sleeper_w, c);
    }
    for side in [-st.gauge, st.gauge] {
        let o = (nx * side, ny * side);
        segment(img, pal, (a.0 + o.0, a.1 + o.1), (b.0 + o.0, b.1 + o.1), st.rail_w, c);
    }
}

/// Sizes of the empty-point markers: a post is a rounded rectangle, a camp a ring, a headquarters a
/// rounded double outline. Each shape is drawn in the road colour and filled `inset` inside.
pub(super) struct MarkerStyle {
    /// Half the box that bounds the drawing.
    pub(super) reach: (f32, f32),
    /// Post: half width, half height, corner radius, inset, inner radius.
    pub(super) post: (f32, f32, f32, f32, f32),
    /// Camp: outer radius, inner radius.
    pub(super) camp: (f32, f32),
    /// Headquarters: half width, half height, radius, inset, inner radius.
    pub(super) hq: (f32, f32, f32, f32, f32),
    /// Headquarters inner line: outer inset and radius, inner inset and radius.
    pub(super) hq_line: (f32, f32, f32, f32),
}

/// The markers of the 2-player board.
const MARKERS_DUEL: MarkerStyle = MarkerStyle {
    reach: (40.0, 26.0),
    post: (23.0, 13.0, 4.0, 2.2, 2.5),
    camp: (22.0, 19.2),
    hq: (33.0, 17.0, 16.0, 2.4, 13.6),
    hq_line: (6.0, 10.0, 7.8, 8.2),
};

/// Draws the marker of an empty point of `kind` centred on (x, y), in (road, marker) colours.
pub(super) fn point_marker(
    img: &mut IndexedImage,
    pal: &mut Palette,
    kind: PointKind,
    (x, y): (f32, f32),
    st: &MarkerStyle,
    (road, marker): (u8, u8),
) {
    let bb = (x - st.reach.0, y - st.reach.1, x + st.reach.0, y + st.reach.1);
    let inset = |r: (f32, f32, f32, f32), d: f32| (r.0 + d, r.1 + d, r.2 - d, r.3 - d);
    match kind {
        PointKind::Post => {
            let (w, h, rad, d, inner) = st.post;
            let r = (x - w, y - h, x + w, y + h);
            paint(img, pal, bb, road, |px, py| in_round_rect(px, py, r, rad));
            paint(img, pal, bb, marker, |px, py| in_round_rect(px, py, inset(r, d), inner));
        }
        PointKind::Camp => {
            let (outer, inner) = st.camp;
            paint(img, pal, bb, road, |px, py| (px - x).powi(2) + (py - y).powi(2) <= outer.powi(2));
            paint(img, pal, bb, marker, |px, py| (px - x).powi(2) + (py - y).powi(2) <= inner.powi(2));
        }
        PointKind::Headquarters => {
            let (w, h, rad, d, inner) = st.hq;
            let r = (x - w, y - h, x + w, y + h);
            paint(img, pal, bb, road, |px, py| in_round_rect(px, py, r, rad));
            paint(img, pal, bb, marker, |px, py| in_round_rect(px, py, inset(r, d), inner));
            let (d3, r3, d4, r4) = st.hq_line;
            let (o, i) = (inset(r, d3), inset(r, d4));
            paint(img, pal, bb, road, |px, py| in_round_rect(px, py, o, r3) && !in_round_rect(px, py, i, r4));
        }
    }
}

struct BgColours {
    bg: u8,
    dim: u8,
    board: u8,
    front: u8,
    frame: u8,
    road: u8,
    rail: u8,
    marker: u8,
    mountain: u8,
    mountain_light: u8,
}

pub(super) fn rasterise_face(font: &FontRef<'_>, size: f32) -> Face {
    let chars: String = include_str!("../../assets/font-chars.txt").chars().filter(|c| *c != '\n').collect();
    let scale = PxScale::from(size);
    let scaled = font.as_scaled(scale);
    let mut glyphs = HashMap::new();
    for ch in chars.chars() {
        let id = font.glyph_id(ch);
        let advance = scaled.h_advance(id);
        let glyph = match font.outline_glyph(id.with_scale_and_position(scale, point(0.0, scaled.ascent()))) {
            Some(o) => {
                let b = o.px_bounds();
                let (w, h) = (b.width() as usize, b.height() as usize);
                let mut cov = vec![0u8; w * h];
                o.draw(|x, y, c| {
                    if (x as usize) < w && (y as usize) < h {
                        cov[y as usize * w + x as usize] = (c.clamp(0.0, 1.0) * 4.0).round() as u8;
                    }
                });
                Glyph { dx: b.min.x as i32, dy: b.min.y as i32, w, h, cov, advance }
            }
            None => Glyph { dx: 0, dy: 0, w: 0, h: 0, cov: Vec::new(), advance },
        };
        glyphs.insert(ch, glyph);
    }
    Face { size, glyphs }
}

/// A seat's tiles labelled with every kind in `lang`: `(blank tile, label colour)`.
fn label_tiles(
    pal: &mut Palette,
    font: &FontRef<'_>,
    variant: &Variant,
    (blank, label): (&IndexedImage, u8),
    lang: Lang,
) -> Vec<IndexedImage> {
    (0..variant.pieces.len())
        .map(|k| {
            let mut t = blank.clone();
            let word = text::label(variant, lang, PieceKind(k as u8));
            let size = if lang.is_zh() {
                30.0
            } else if word.len() <= 3 {
                24.0
            } else {
                21.0
            };
            let centre = (TILE_W as f32 / 2.0, TILE_H as f32 / 2.0);
            centred_text(&mut t, pal, font, &word, size, centre, label);
            t
        })
        .collect()
}

fn build() -> Assets {
    let font = font();
    let variant = Variant::two_player_board();
    let mut pal = Palette { colours: Vec::new(), index: HashMap::new(), blends: HashMap::new() };
    let bg = BgColours {
        bg: pal.add(rgb::BG),
        dim: pal.add(rgb::DIM),
        board: pal.add(rgb::BOARD),
        front: pal.add(rgb::FRONT),
        frame: pal.add(rgb::FRAME),
        road: pal.add(rgb::ROAD),
        rail: pal.add(rgb::RAIL),
        marker: pal.add(rgb::MARKER),
        mountain: pal.add(rgb::MOUNTAIN),
        mountain_light: pal.add(rgb::MOUNTAIN_LIGHT),
    };
    let c = Colours {
        bg: bg.bg,
        text: pal.add(rgb::TEXT),
        dim: bg.dim,
        red_text: pal.add(rgb::RED_TEXT),
        blue_text: pal.add(rgb::BLUE_TEXT),
        gold: pal.add(rgb::GOLD),
        mark: pal.add(rgb::MARK),
        hilite: pal.add(rgb::HILITE),
        black: pal.add(rgb::BLACK),
        red: pal.add(rgb::RED),
        blue: pal.add(rgb::BLUE),
    };
    let label = pal.add(rgb::LABEL);
    let styles = [
        TileStyle { fill: c.red, dark: pal.add(rgb::RED_DARK), line: c.red, label },
        TileStyle { fill: c.blue, dark: pal.add(rgb::BLUE_DARK), line: pal.add(rgb::BLUE_LINE), label },
    ];
    let background = [
        build_background(&mut pal, &font, variant, Seat::RED, &bg),
        build_background(&mut pal, &font, variant, Seat::BLUE, &bg),
    ];
    let seats = [Seat::RED, Seat::BLUE];
    let (tw, th) = (TILE_W as usize, TILE_H as usize);
    let blank = seats.map(|s| tile(&mut pal, s, tw, th, &styles[s.index()], bg.board));
    let mini = seats.map(|s| tile(&mut pal, s, 30, 18, &styles[s.index()], bg.bg));
    let [red_zh, red_en, blue_zh, blue_en] = [(0, Lang::ZhHans), (0, Lang::En), (1, Lang::ZhHans), (1, Lang::En)]
        .map(|(s, lang)| label_tiles(&mut pal, &font, variant, (&blank[s], styles[s].label), lang));
    let badges = [Outcome::AttackerWon, Outcome::DefenderWon, Outcome::BothRemoved, Outcome::FlagCaptured]
        .iter()
        .map(|&o| {
            let mut b = IndexedImage::new(24, 24, TRANSPARENT);
            paint(&mut b, &mut pal, (0.0, 0.0, 24.0, 24.0), c.hilite, |x, y| {
                (x - 12.0).powi(2) + (y - 12.0).powi(2) <= 144.0
            });
            paint(&mut b, &mut pal, (0.0, 0.0, 24.0, 24.0), c.black, |x, y| {
                (x - 12.0).powi(2) + (y - 12.0).powi(2) <= 110.0
            });
            centred_text(&mut b, &mut pal, &font, text::badge(o).unwrap_or("?"), 17.0, (12.0, 12.0), c.text);
            b
        })
        .collect();
    let faces: Vec<Face> = SIZES.iter().map(|&s| rasterise_face(&font, s)).collect();
    let mut ramps = HashMap::new();
    // Caption text over the dark bands; marks over enemy tiles.
    for fg in [c.text, c.dim, c.red_text, c.blue_text, c.gold] {
        ramps.insert((c.bg, fg), pal.ramp(fg, c.bg));
    }
    for fill in [c.red, c.blue] {
        ramps.insert((fill, c.mark), pal.ramp(c.mark, fill));
    }
    // 繁體 tiles come last, so that a colour they might add (a glyph edge over a shade no 简体
    // label touches) would not move the index of any colour the other images use.
    let [red_hant, blue_hant] =
        [0, 1].map(|s| label_tiles(&mut pal, &font, variant, (&blank[s], styles[s].label), Lang::ZhHant));
    let labelled = [[red_zh, red_en, red_hant], [blue_zh, blue_en, blue_hant]];
    let palette = pal.colours;
    let palette_bytes = palette.iter().flatten().copied().collect();
    Assets { palette, palette_bytes, c, background, blank, labelled, mini, badges, faces, ramps }
}

/// Draws `text` with the glyphs of `face` through the anti-aliasing `ramp`; returns the pen's end.
pub(super) fn draw_text_raw(
    img: &mut IndexedImage,
    face: &Face,
    ramp: [u8; 5],
    text: &str,
    size: f32,
    at: (i32, i32),
) -> i32 {
    let mut pen = at.0 as f32;
    for ch in text.chars() {
        let Some(g) = face.glyphs.get(&ch) else {
            pen += size * 0.5;
            continue;
        };
        let ox = pen.round() as i32 + g.dx;
        let oy = at.1 + g.dy;
        for gy in 0..g.h {
            let y = oy + gy as i32;
            if y < 0 || y as usize >= img.height {
                continue;
            }
            for gx in 0..g.w {
                let level = g.cov[gy * g.w + gx];
                let x = ox + gx as i32;
                if level > 0 && x >= 0 && (x as usize) < img.width {
                    img.pixels[y as usize * img.width + x as usize] = ramp[level.min(4) as usize];
                }
            }
        }
        pen += g.advance;
    }
    pen.round() as i32
}
