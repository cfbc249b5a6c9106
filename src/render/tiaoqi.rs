//! Images of the 跳棋 star (`rules-tiaoqi.md` §1–§2): the 121 points on their three families of
//! lines, the six triangles tinted in their seats' colours (every triangle is a seat's home, seated
//! or not), columns `a`…`y` above and below, rows `1`…`17` on both sides, as the spec's names read
//! off the picture. The marbles of the six seats differ in colour and in the shape inside them
//! (ring, square, triangle, diamond, cross, star), so that colour is never the only cue.
//!
//! Drawn once in a palette of its own: the background as the spec draws it (`s` at the bottom) and
//! turned by 180° (a player may turn their own view), every marble and its caption mini.

use std::collections::HashMap;
use std::sync::OnceLock;

use ab_glyph::FontRef;

use super::assets::{
    Face, Palette, SIZES, centred_text, font, in_polygon, in_triangle, paint, rasterise_face, rgb, segment,
};
use super::canvas::{IndexedImage, PaletteId, TRANSPARENT};
use crate::rules::tiaoqi::board::{self, POINTS, Side};

/// Image width.
pub const WIDTH: i32 = 600;
/// The caption band above the star.
const HEADER_H: i32 = 70;
/// Distance between neighbouring points.
const D: f32 = 36.0;
/// The marble's side (its tile).
pub const MARBLE: i32 = 28;
/// Centre of the star (`m9`).
const CENTRE: (f32, f32) = (WIDTH as f32 / 2.0, HEADER_H as f32 + 46.0 + 8.0 * ROW);
/// Height of a row: neighbours on a diagonal are `D` apart.
const ROW: f32 = D * 0.866_025_4;
/// Top of the caption band under the star.
pub const FOOTER_Y: i32 = (CENTRE.1 + 8.0 * ROW + 40.0) as i32;
/// Image height: the footer's lines (two per row, up to six seats).
pub const HEIGHT: i32 = FOOTER_Y + 28 + 3 * 26 + 4;

/// Colours of the star.
mod colour {
    /// The star's ground.
    pub const BOARD: [u8; 3] = [0xEC, 0xDD, 0xBA];
    /// Lines between points.
    pub const LINE: [u8; 3] = [0xB3, 0x97, 0x6A];
    /// The outline of an empty point.
    pub const HOLE: [u8; 3] = [0x8A, 0x6E, 0x45];
    /// Inside an empty point.
    pub const HOLE_IN: [u8; 3] = [0xFA, 0xF3, 0xE2];
    /// Per side (s, se, ne, n, nw, sw): marble body, marble rim, the shape inside, caption text.
    pub const SIDES: [[[u8; 3]; 4]; 6] = [
        [[0xD6, 0x33, 0x2B], [0x6E, 0x0E, 0x0A], [0xFF, 0xFF, 0xFF], [0xFF, 0x7A, 0x7A]],
        [[0xF2, 0xC2, 0x0F], [0x7A, 0x5A, 0x00], [0x2A, 0x22, 0x00], [0xFF, 0xE0, 0x66]],
        [[0x2E, 0x9E, 0x48], [0x0E, 0x45, 0x1A], [0xFF, 0xFF, 0xFF], [0x86, 0xE0, 0x8F]],
        [[0x2F, 0x6B, 0xD8], [0x0B, 0x26, 0x5E], [0xFF, 0xFF, 0xFF], [0x8F, 0xB4, 0xFF]],
        [[0x8E, 0x44, 0xAD], [0x3A, 0x12, 0x4E], [0xFF, 0xFF, 0xFF], [0xCD, 0xA6, 0xFF]],
        [[0x33, 0x33, 0x38], [0x05, 0x05, 0x08], [0xFF, 0xFF, 0xFF], [0xC8, 0xC8, 0xCC]],
    ];
}

/// The pixel centre of point `p` (orientation 1: turned by 180°).
pub fn centre(p: u8, orientation: usize) -> (i32, i32) {
    let (x, y) = centre_f(p, orientation);
    (x.round() as i32, y.round() as i32)
}

fn centre_f(p: u8, orientation: usize) -> (f32, f32) {
    let (x, r) = board::xy(p);
    let (dx, dr) = (f32::from(x) - 13.0, f32::from(r) - 9.0);
    let s = if orientation == 1 { -1.0 } else { 1.0 };
    (CENTRE.0 + s * dx * D / 2.0, CENTRE.1 - s * dr * ROW)
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
    /// Marble body per side.
    pub fill: [u8; 6],
    /// Caption colour per side.
    pub side_text: [u8; 6],
}

/// Everything drawn once.
pub struct TiaoqiAssets {
    /// The palette, as colours.
    pub palette: Vec<[u8; 3]>,
    /// The palette as PNG wants it.
    pub palette_bytes: Vec<u8>,
    /// Colours by role.
    pub c: Colours,
    /// Backgrounds: `s` at the bottom, and turned.
    pub background: [IndexedImage; 2],
    /// A marble per side (one kind, so one tile per side).
    pub marbles: [[IndexedImage; 1]; 6],
    /// Small marbles beside captions, per side.
    pub mini: [IndexedImage; 6],
    /// Caption glyphs, per size in `SIZES` order.
    pub faces: Vec<Face>,
    /// Anti-aliasing ramps for caption text.
    pub ramps: HashMap<(u8, u8), [u8; 5]>,
}

/// The assets, built on first use.
pub fn get() -> &'static TiaoqiAssets {
    static A: OnceLock<TiaoqiAssets> = OnceLock::new();
    A.get_or_init(build)
}

/// A triangle moved `by` pixels outwards on every side (its corners twice that from its centre).
fn grown(t: [(f32, f32); 3], by: f32) -> [(f32, f32); 3] {
    let c = ((t[0].0 + t[1].0 + t[2].0) / 3.0, (t[0].1 + t[1].1 + t[2].1) / 3.0);
    t.map(|(x, y)| {
        let (dx, dy) = (x - c.0, y - c.1);
        let len = (dx * dx + dy * dy).sqrt();
        (x + dx / len * 2.0 * by, y + dy / len * 2.0 * by)
    })
}

/// The corners of a side's triangle (its tip and the two ends of its fourth row).
fn corners(side: Side, orientation: usize) -> [(f32, f32); 3] {
    let home = board::home(side, 10);
    let pts: Vec<(f32, f32)> = home.iter().map(|&p| centre_f(p, orientation)).collect();
    let n = pts.len() as f32;
    let c = (pts.iter().map(|p| p.0).sum::<f32>() / n, pts.iter().map(|p| p.1).sum::<f32>() / n);
    let mut by_reach = pts.clone();
    by_reach.sort_by(|a, b| {
        let d = |p: &(f32, f32)| (p.0 - c.0).powi(2) + (p.1 - c.1).powi(2);
        d(b).total_cmp(&d(a))
    });
    [by_reach[0], by_reach[1], by_reach[2]]
}

/// Background colours.
struct Ground {
    bg: u8,
    dim: u8,
    board: u8,
    line: u8,
    hole: u8,
    hole_in: u8,
    tint: [u8; 6],
}

fn background(pal: &mut Palette, font: &FontRef<'_>, g: &Ground, o: usize) -> IndexedImage {
    let mut img = IndexedImage::with_palette(WIDTH as usize, HEIGHT as usize, g.bg, PaletteId::Tiaoqi);
    let full = (0.0, 0.0, WIDTH as f32, HEIGHT as f32);
    // The star: the two large triangles whose union it is, a little larger than its points.
    let at = |name: &str| centre_f(board::parse(name).unwrap_or(0), o);
    let up = grown([at("m17"), at("a5"), at("y5")], 24.0);
    let down = grown([at("m1"), at("a13"), at("y13")], 24.0);
    paint(&mut img, pal, full, g.board, |x, y| in_triangle(x, y, up) || in_triangle(x, y, down));
    for side in Side::ALL {
        let t = grown(corners(side, o), 17.0);
        paint(&mut img, pal, full, g.tint[side.index()], |x, y| in_triangle(x, y, t));
    }
    // The lines: each point to its east, north-east and north-west neighbours.
    for p in 0..POINTS as u8 {
        for d in [0, 1, 2] {
            if let Some(q) = board::next(p, d) {
                segment(&mut img, pal, centre_f(p, o), centre_f(q, o), 1.6, g.line);
            }
        }
    }
    for p in 0..POINTS as u8 {
        let (cx, cy) = centre_f(p, o);
        let bb = (cx - 7.0, cy - 7.0, cx + 7.0, cy + 7.0);
        paint(&mut img, pal, bb, g.hole, |x, y| (x - cx).powi(2) + (y - cy).powi(2) <= 30.0);
        paint(&mut img, pal, bb, g.hole_in, |x, y| (x - cx).powi(2) + (y - cy).powi(2) <= 12.0);
    }
    // Names read off the picture: columns above and below, rows on both sides (spec §1).
    let (top, bottom) = (CENTRE.1 - 8.0 * ROW - 32.0, CENTRE.1 + 8.0 * ROW + 30.0);
    for col in 1..=25i8 {
        let letter = char::from(b'a' + (col - 1) as u8).to_string();
        let s = if o == 1 { -1.0 } else { 1.0 };
        let x = CENTRE.0 + s * f32::from(col - 13) * D / 2.0;
        centred_text(&mut img, pal, font, &letter, 14.0, (x, top), g.dim);
        centred_text(&mut img, pal, font, &letter, 14.0, (x, bottom), g.dim);
    }
    for row in 1..=17i8 {
        let s = if o == 1 { -1.0 } else { 1.0 };
        let y = CENTRE.1 - s * f32::from(row - 9) * ROW;
        let n = row.to_string();
        centred_text(&mut img, pal, font, &n, 14.0, (34.0, y), g.dim);
        centred_text(&mut img, pal, font, &n, 14.0, (WIDTH as f32 - 34.0, y), g.dim);
    }
    img
}

/// The shape inside a side's marble, as a test on a point relative to the centre in units of
/// the marble's radius: s ring, se square, ne triangle, n diamond, nw cross, sw star.
fn shape(side: usize, x: f32, y: f32) -> bool {
    match side {
        0 => (0.27 * 0.27..=0.5 * 0.5).contains(&(x * x + y * y)),
        1 => x.abs() <= 0.37 && y.abs() <= 0.37,
        2 => in_triangle(x, y, [(0.0, -0.55), (0.5, 0.33), (-0.5, 0.33)]),
        3 => x.abs() + y.abs() <= 0.56,
        4 => (x.abs() <= 0.17 && y.abs() <= 0.54) || (y.abs() <= 0.17 && x.abs() <= 0.54),
        _ => {
            let star: Vec<(f32, f32)> = (0..10)
                .map(|k| {
                    let a = -std::f32::consts::FRAC_PI_2 + std::f32::consts::PI / 5.0 * k as f32;
                    let r = if k % 2 == 0 { 0.58 } else { 0.24 };
                    (r * a.cos(), r * a.sin())
                })
                .collect();
            in_polygon(x, y, &star)
        }
    }
}

/// A marble of `size` pixels: a rim, the side's colour, its shape.
fn marble(pal: &mut Palette, side: usize, size: i32, tones: [u8; 3], ground: u8) -> IndexedImage {
    let s = size as usize;
    let mut img = IndexedImage::with_palette(s, s, ground, PaletteId::Tiaoqi);
    let c = size as f32 / 2.0;
    let r = c - 0.5;
    let bbox = (0.0, 0.0, size as f32, size as f32);
    let [body, rim, mark] = tones;
    paint(&mut img, pal, bbox, rim, |x, y| (x - c).powi(2) + (y - c).powi(2) <= r * r);
    let inner = r - (size as f32 / 14.0).max(1.5);
    paint(&mut img, pal, bbox, body, |x, y| (x - c).powi(2) + (y - c).powi(2) <= inner * inner);
    paint(&mut img, pal, bbox, mark, |x, y| shape(side, (x - c) / r, (y - c) / r));
    for p in img.pixels.iter_mut() {
        if *p == ground {
            *p = TRANSPARENT;
        }
    }
    img
}

/// `a` mixed into `b` by `k` (0: all `b`).
fn mix(a: [u8; 3], b: [u8; 3], k: f32) -> [u8; 3] {
    [0, 1, 2].map(|i| (f32::from(a[i]) * k + f32::from(b[i]) * (1.0 - k)).round() as u8)
}

fn build() -> TiaoqiAssets {
    let font = font();
    let mut pal = Palette { colours: Vec::new(), index: HashMap::new(), blends: HashMap::new() };
    let g = Ground {
        bg: pal.add(rgb::BG),
        dim: pal.add(rgb::DIM),
        board: pal.add(colour::BOARD),
        line: pal.add(colour::LINE),
        hole: pal.add(colour::HOLE),
        hole_in: pal.add(colour::HOLE_IN),
        tint: [0, 1, 2, 3, 4, 5].map(|i| pal.add(mix(colour::SIDES[i][0], colour::BOARD, 0.3))),
    };
    let tones = [0, 1, 2, 3, 4, 5].map(|i| colour::SIDES[i].map(|c| pal.add(c)));
    let c = Colours {
        bg: g.bg,
        text: pal.add(rgb::TEXT),
        dim: g.dim,
        gold: pal.add(rgb::GOLD),
        mark: pal.add(rgb::MARK),
        hilite: pal.add(rgb::HILITE),
        black: pal.add(rgb::BLACK),
        fill: tones.map(|t| t[0]),
        side_text: tones.map(|t| t[3]),
    };
    let background = [0, 1].map(|o| background(&mut pal, &font, &g, o));
    // Marbles stand on tinted triangles and on the plain star alike; drawn over the board colour.
    let marbles =
        [0, 1, 2, 3, 4, 5].map(|i| [marble(&mut pal, i, MARBLE, [tones[i][0], tones[i][1], tones[i][2]], g.board)]);
    let mini = [0, 1, 2, 3, 4, 5].map(|i| marble(&mut pal, i, 24, [tones[i][0], tones[i][1], tones[i][2]], g.bg));
    let faces: Vec<Face> = SIZES.iter().map(|&s| rasterise_face(&font, s)).collect();
    let mut ramps = HashMap::new();
    for fg in [c.text, c.dim, c.gold, c.hilite].into_iter().chain(c.side_text) {
        ramps.insert((c.bg, fg), pal.ramp(fg, c.bg));
    }
    let palette_bytes = pal.colours.iter().flatten().copied().collect();
    TiaoqiAssets { palette: pal.colours, palette_bytes, c, background, marbles, mini, faces, ramps }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_palette_leaves_room_for_gif_transparency() {
        assert!(get().palette.len() <= 255, "{} colours", get().palette.len());
    }

    #[test]
    fn the_six_marbles_differ_in_shape_not_only_in_colour() {
        // The shape's pixels of each marble, as a mask: no two sides share one.
        let masks: Vec<Vec<bool>> = (0..6)
            .map(|i| {
                let m = &get().marbles[i][0];
                let mark = super::colour::SIDES[i][2];
                m.pixels.iter().map(|&p| p != TRANSPARENT && get().palette[usize::from(p)] == mark).collect()
            })
            .collect();
        for (i, a) in masks.iter().enumerate() {
            assert!(a.iter().filter(|&&b| b).count() > 20, "side {i}'s shape is visible");
            for (j, b) in masks.iter().enumerate().skip(i + 1) {
                let differ = a.iter().zip(b).filter(|(x, y)| x != y).count();
                assert!(differ > 20, "sides {i} and {j} differ by {differ} pixels only");
            }
        }
    }

    #[test]
    fn points_sit_under_their_letters_and_beside_their_numbers() {
        // Spec §1: a column's points share x, a row's share y; turned, `m1` is at the top.
        let p = |n: &str| board::parse(n).expect("a point");
        assert_eq!(centre(p("m1"), 0).0, centre(p("m17"), 0).0);
        assert_eq!(centre(p("a5"), 0).1, centre(p("y5"), 0).1);
        assert!(centre(p("m1"), 0).1 > centre(p("m17"), 0).1);
        assert!(centre(p("m1"), 1).1 < centre(p("m17"), 1).1);
        assert_eq!(centre(p("m9"), 0), centre(p("m9"), 1), "the centre stays");
    }
}
