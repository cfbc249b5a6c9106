//! Images of the three draughts boards (`rules-draughts.md` §2): 8×8, 10×10 and 12×12, light and
//! dark squares, the playing squares numbered as players know them (small numbers in a corner of
//! each dark square), files and ranks on the margins, the first mover's side at the bottom or,
//! turned, the second's. Men are discs with a ring; a king carries a gold crown. Black's pieces
//! are dark, White's light, so that the sides differ in lightness and not by hue alone.
//!
//! Drawn once, in one palette for the three boards: each board's two backgrounds (the numbers and
//! coordinates turn with the board, the numbers stay on their squares) and its piece tiles (one
//! square big, see-through around the disc). A picture is then a background copy and blits.

use std::collections::HashMap;
use std::sync::OnceLock;

use ab_glyph::FontRef;

use super::assets::{Face, Palette, SIZES, centred_text, font, in_polygon, paint, rasterise_face, rgb};
use super::canvas::{IndexedImage, PaletteId, TRANSPARENT};
use crate::rules::contract::catalog::{GameDef, Place};

/// Image width, the same for the three boards.
pub const WIDTH: i32 = 600;
/// The caption band above the board.
const HEADER_H: i32 = 70;
/// The band for files and ranks around the board frame.
const MARGIN: i32 = 26;
/// The frame around the squares.
const FRAME: i32 = 8;
/// The largest board's squares (12 × 44), which the frame area is sized for.
const AREA: i32 = 528;
/// Top of the caption band under the board.
pub const FOOTER_Y: i32 = HEADER_H + MARGIN + AREA + 2 * FRAME + MARGIN - 24;
/// Image height: the footer's lines (two per row, at most two rows).
pub const HEIGHT: i32 = FOOTER_Y + 28 + 2 * 26 + 6;

/// Colours of the draughts images.
mod colour {
    /// Light squares.
    pub const LIGHT: [u8; 3] = [0xF0, 0xD9, 0xB5];
    /// Dark (playing) squares.
    pub const DARK: [u8; 3] = [0xAE, 0x7E, 0x58];
    /// The frame.
    pub const FRAME: [u8; 3] = [0x5C, 0x3D, 0x22];
    /// Square numbers on the dark squares.
    pub const NUMBER: [u8; 3] = [0xFB, 0xEE, 0xD6];
    /// Black's men: rim, body, ring.
    pub const BLACK: [[u8; 3]; 3] = [[0x0A, 0x0A, 0x0A], [0x2C, 0x2C, 0x2E], [0x6A, 0x6A, 0x70]];
    /// White's men: rim, body, ring.
    pub const WHITE: [[u8; 3]; 3] = [[0x5A, 0x45, 0x2A], [0xF7, 0xF1, 0xE3], [0xC4, 0xB2, 0x92]];
    /// Black's names in captions.
    pub const BLACK_TEXT: [u8; 3] = [0xC8, 0xC8, 0xCC];
    /// White's names in captions.
    pub const WHITE_TEXT: [u8; 3] = [0xFF, 0xF0, 0xC8];
    /// The crown of a king.
    pub const CROWN: [u8; 3] = [0xFF, 0xC9, 0x3C];
    /// The crown's outline.
    pub const CROWN_EDGE: [u8; 3] = [0x6B, 0x45, 0x00];
    /// The cross on a square whose piece the last capture took.
    pub const TAKEN: [u8; 3] = [0xF0, 0x3A, 0x30];
}

/// One board's geometry: squares per side and square size in pixels.
#[derive(Copy, Clone, Debug)]
pub struct Board {
    /// Squares on a side.
    pub n: i32,
    /// Square size.
    pub square: i32,
}

impl Board {
    /// The three boards by art index (8×8, 10×10, 12×12).
    pub const ALL: [Board; 3] = [Board { n: 8, square: 64 }, Board { n: 10, square: 52 }, Board { n: 12, square: 44 }];

    /// Left and top of the squares.
    fn origin(self) -> (i32, i32) {
        let side = self.n * self.square;
        ((WIDTH - side) / 2, HEADER_H + MARGIN + FRAME + (AREA - side) / 2)
    }

    /// The top-left corner of grid square (`x` from the left, `y` from the top, as the first
    /// mover sees it) with the board turned (`orientation` 1: the second mover at the bottom).
    pub fn corner(self, (x, y): (i32, i32), orientation: usize) -> (i32, i32) {
        let (x, y) = if orientation == 1 { (self.n - 1 - x, self.n - 1 - y) } else { (x, y) };
        let (ox, oy) = self.origin();
        (ox + x * self.square, oy + y * self.square)
    }

    /// The centre of a grid square.
    pub fn centre(self, at: (i32, i32), orientation: usize) -> (i32, i32) {
        let (x, y) = self.corner(at, orientation);
        (x + self.square / 2, y + self.square / 2)
    }
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
    pub taken: u8,
    /// Body colour per side (0 Black, 1 White).
    pub fill: [u8; 2],
    /// Caption colour per side.
    pub side_text: [u8; 2],
}

/// One board's images.
pub struct BoardImages {
    /// Backgrounds: first mover at the bottom, second mover at the bottom.
    pub background: [IndexedImage; 2],
    /// Per side (0 Black, 1 White): the man and the king.
    pub pieces: [[IndexedImage; 2]; 2],
}

/// Everything drawn once for the three boards.
pub struct DraughtsAssets {
    /// The palette, as colours.
    pub palette: Vec<[u8; 3]>,
    /// The palette as PNG wants it.
    pub palette_bytes: Vec<u8>,
    /// Colours by role.
    pub c: Colours,
    /// The boards, 8×8, 10×10, 12×12.
    pub boards: [BoardImages; 3],
    /// Small discs beside captions, per side.
    pub mini: [IndexedImage; 2],
    /// Caption glyphs, per size in `SIZES` order.
    pub faces: Vec<Face>,
    /// Anti-aliasing ramps for caption text.
    pub ramps: HashMap<(u8, u8), [u8; 5]>,
}

/// The assets, built on first use.
pub fn get() -> &'static DraughtsAssets {
    static A: OnceLock<DraughtsAssets> = OnceLock::new();
    A.get_or_init(build)
}

/// The catalogue entries whose squares each board draws (their places: square numbers on the
/// grid, as the rules crate names them).
pub fn defs() -> [&'static GameDef; 3] {
    use crate::rules::draughts::kinds;
    [&kinds::DRAUGHTS, &kinds::DRAUGHTS10, &kinds::DRAUGHTS12]
}

/// Board colours, for the background.
struct Ground {
    bg: u8,
    dim: u8,
    light: u8,
    dark: u8,
    frame: u8,
    number: u8,
}

fn background(pal: &mut Palette, font: &FontRef<'_>, b: Board, places: &[Place], g: &Ground, o: usize) -> IndexedImage {
    let mut img = IndexedImage::with_palette(WIDTH as usize, HEIGHT as usize, g.bg, PaletteId::Draughts);
    let side = b.n * b.square;
    let (ox, oy) = b.origin();
    img.fill_rect(ox - FRAME, oy - FRAME, side + 2 * FRAME, side + 2 * FRAME, g.frame);
    img.fill_rect(ox, oy, side, side, g.light);
    // Dark squares: every playing square is a place; the others stay light.
    let size = (b.square as f32 * 0.24).max(10.0);
    for p in places {
        let (x, y) = b.corner((i32::from(p.x), i32::from(p.y)), o);
        img.fill_rect(x, y, b.square, b.square, g.dark);
        // The number in the square's top-left corner, clear of the piece's disc.
        let w = size * 0.56 * p.name.len() as f32;
        let at = (x as f32 + 3.0 + w / 2.0, y as f32 + 2.0 + size * 0.42);
        centred_text(&mut img, pal, font, &p.name, size, at, g.number);
    }
    // Files `a`… from the first mover's left and ranks `1`… from its back row (spec §2), on
    // every side of the frame, turned with the board.
    for i in 0..b.n {
        let file = char::from(b'a' + i as u8).to_string();
        let (cx, _) = b.centre((i, 0), o);
        let top = (oy - FRAME - MARGIN / 2) as f32;
        let bottom = (oy + side + FRAME + MARGIN / 2) as f32;
        centred_text(&mut img, pal, font, &file, 16.0, (cx as f32, top), g.dim);
        centred_text(&mut img, pal, font, &file, 16.0, (cx as f32, bottom), g.dim);
        let rank = (i + 1).to_string();
        let (_, cy) = b.centre((0, b.n - 1 - i), o);
        let left = (ox - FRAME - MARGIN / 2 - 4) as f32;
        let right = (ox + side + FRAME + MARGIN / 2 + 4) as f32;
        centred_text(&mut img, pal, font, &rank, 16.0, (left, cy as f32), g.dim);
        centred_text(&mut img, pal, font, &rank, 16.0, (right, cy as f32), g.dim);
    }
    img
}

/// The crown of a king, as a polygon around (0, 0) in units of the disc's radius.
const CROWN: [(f32, f32); 7] =
    [(-0.55, 0.34), (-0.6, -0.32), (-0.27, 0.0), (0.0, -0.46), (0.27, 0.0), (0.6, -0.32), (0.55, 0.34)];

/// A piece one square big: a disc with a rim and a ring, and a crown for a king.
fn piece(pal: &mut Palette, square: i32, tones: [u8; 3], crown: Option<(u8, u8)>, ground: u8) -> IndexedImage {
    let s = square as usize;
    let mut img = IndexedImage::with_palette(s, s, ground, PaletteId::Draughts);
    let c = square as f32 / 2.0;
    let r = square as f32 * 0.37;
    let bbox = (0.0, 0.0, square as f32, square as f32);
    let within = |k: f32| move |x: f32, y: f32| (x - c).powi(2) + (y - c).powi(2) <= (r * k).powi(2);
    let [rim, body, ring] = tones;
    paint(&mut img, pal, bbox, rim, within(1.0));
    paint(&mut img, pal, bbox, body, within(0.88));
    paint(&mut img, pal, bbox, ring, |x, y| within(0.66)(x, y) && !within(0.56)(x, y));
    if let Some((gold, edge)) = crown {
        let scaled = |k: f32| CROWN.map(|(x, y)| (c + x * r * k, c + y * r * k));
        let (outer, inner) = (scaled(0.95), scaled(0.78));
        paint(&mut img, pal, bbox, edge, |x, y| in_polygon(x, y, &outer));
        paint(&mut img, pal, bbox, gold, |x, y| in_polygon(x, y, &inner));
    }
    for p in img.pixels.iter_mut() {
        if *p == ground {
            *p = TRANSPARENT;
        }
    }
    img
}

fn build() -> DraughtsAssets {
    let font = font();
    let mut pal = Palette { colours: Vec::new(), index: HashMap::new(), blends: HashMap::new() };
    let g = Ground {
        bg: pal.add(rgb::BG),
        dim: pal.add(rgb::DIM),
        light: pal.add(colour::LIGHT),
        dark: pal.add(colour::DARK),
        frame: pal.add(colour::FRAME),
        number: pal.add(colour::NUMBER),
    };
    let tones = [colour::BLACK, colour::WHITE].map(|t| t.map(|c| pal.add(c)));
    let c = Colours {
        bg: g.bg,
        text: pal.add(rgb::TEXT),
        dim: g.dim,
        gold: pal.add(rgb::GOLD),
        mark: pal.add(rgb::MARK),
        hilite: pal.add(rgb::HILITE),
        black: pal.add(rgb::BLACK),
        taken: pal.add(colour::TAKEN),
        fill: [tones[0][1], tones[1][1]],
        side_text: [pal.add(colour::BLACK_TEXT), pal.add(colour::WHITE_TEXT)],
    };
    let crown = (pal.add(colour::CROWN), pal.add(colour::CROWN_EDGE));
    let boards = [0, 1, 2].map(|i| {
        let b = Board::ALL[i];
        let places = (defs()[i].places)();
        BoardImages {
            background: [0, 1].map(|o| background(&mut pal, &font, b, &places, &g, o)),
            pieces: [0, 1].map(|s| [None, Some(crown)].map(|k| piece(&mut pal, b.square, tones[s], k, g.dark))),
        }
    });
    let mini = [0, 1].map(|s| piece(&mut pal, 26, tones[s], None, g.bg));
    let faces: Vec<Face> = SIZES.iter().map(|&s| rasterise_face(&font, s)).collect();
    let mut ramps = HashMap::new();
    for fg in [c.text, c.dim, c.gold, c.hilite].into_iter().chain(c.side_text) {
        ramps.insert((c.bg, fg), pal.ramp(fg, c.bg));
    }
    let palette_bytes = pal.colours.iter().flatten().copied().collect();
    DraughtsAssets { palette: pal.colours, palette_bytes, c, boards, mini, faces, ramps }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_palette_leaves_room_for_gif_transparency() {
        assert!(get().palette.len() <= 255, "{} colours", get().palette.len());
    }

    #[test]
    fn a_king_differs_from_a_man_by_its_crown() {
        for (i, b) in get().boards.iter().enumerate() {
            for side in &b.pieces {
                let [man, king] = side;
                let gold = |img: &IndexedImage| {
                    img.pixels
                        .iter()
                        .filter(|&&p| p != TRANSPARENT && get().palette[usize::from(p)] == colour::CROWN)
                        .count()
                };
                assert_eq!(gold(man), 0);
                assert!(gold(king) > Board::ALL[i].square as usize, "board {i}: the crown shows");
            }
        }
    }
}
