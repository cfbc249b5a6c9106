//! The ground of the three-layer boards (陆海空三军棋 and its 30-piece cousin), drawn from the board
//! graph alone: where each point is (`Point::x`, `Point::y`), what it is ([`Spot`]) and the kind of
//! every link. Nothing here names a game, so another three-layer board is drawn by the same code.
//!
//! The three layers read apart at a glance: the sea is water-coloured, each land zone is a beige
//! island whose edge follows its diagonal lattice (so the coastline zigzags between the harbours),
//! the high-altitude lanes run in lavender sky strips along the edges, and the air lanes are dashed
//! violet lines drawn above land, sea and bridges. Railways keep the Junqi drawing (sleepers and two
//! rails); the bridge is two rails on a grey steel deck; arrows are orange with their heads at the
//! end they strike; landing links are dark navy and harbours carry an anchor.

use ab_glyph::FontRef;

use super::assets::{Palette, RailStyle, centred_text, in_round_rect, paint, railway, segment};
use super::canvas::{IndexedImage, PaletteId};
use crate::rules::board::{Board, LinkKind};
use crate::rules::{PointId, Seat};

/// Distance between neighbouring files: a bridge station sits one file from naval stations on
/// its rank (`g11 h11 i11`), so a tile is narrower than this.
pub(super) const DX: i32 = 48;
/// Distance between neighbouring ranks.
pub(super) const DY: i32 = 36;
/// Tile width.
pub(super) const TILE_W: i32 = 44;
/// Tile height: ranks next to each other (`a3`/`a4`, `h10`/`h11`/`h12`) never overlap.
pub(super) const TILE_H: i32 = 30;
/// Margin left and right (rank numbers).
const SIDE: i32 = 26;
/// Padding inside the board's frame.
const PAD: i32 = 10;
/// Caption band above.
pub(super) const HEADER_H: i32 = 70;
/// The band of file letters above and below the board.
const COORD_H: i32 = 22;
/// Caption band below: the last combat, then a line per side.
pub(super) const FOOTER_H: i32 = 84;

/// What a point is, as the art draws it (the boards' own station types map onto it).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Spot {
    /// 大本营.
    Headquarters,
    /// 城门 (the 30-piece board's gates): drawn as a headquarters.
    Gate,
    /// 行营 (the 30-piece board's camps).
    Camp,
    /// 兵站, the centre of the coastline, a bridgehead.
    Post,
    /// 炮台兵站.
    Battery,
    /// Naval landing station (harbour).
    Landing,
    /// 海军站.
    Naval,
    /// 铁桥站.
    Bridge,
    /// 机场.
    Airport,
    /// 高空站.
    HighAltitude,
}

impl Spot {
    /// Whether the point is part of a land zone.
    fn is_land(self) -> bool {
        matches!(self, Spot::Headquarters | Spot::Gate | Spot::Camp | Spot::Post | Spot::Battery | Spot::Landing)
    }
}

/// The geometry of one board's image: its grid and the pixel centre of every point.
#[derive(Clone, Debug)]
pub(super) struct Geometry {
    /// Highest file and rank index (`Point::x`, `Point::y`).
    pub max: (i32, i32),
    /// Image width and height.
    pub size: (i32, i32),
    /// Top of the footer band.
    pub footer_y: i32,
}

impl Geometry {
    /// The geometry of a board whose points span files `0..=max.0` and rows `0..=max.1`.
    pub fn of(board: &Board) -> Geometry {
        let max = board.point_ids().fold((0, 0), |(mx, my), p| {
            let pt = board.point(p);
            (mx.max(i32::from(pt.x)), my.max(i32::from(pt.y)))
        });
        let w = 2 * SIDE + 2 * PAD + max.0 * DX + TILE_W;
        let board_bottom = HEADER_H + COORD_H + 2 * PAD + max.1 * DY + TILE_H;
        let footer_y = board_bottom + COORD_H;
        Geometry { max, size: (w, footer_y + FOOTER_H), footer_y }
    }

    /// The frame of the board: left, top, right, bottom.
    fn frame(&self) -> (f32, f32, f32, f32) {
        let (x0, y0) = (SIDE as f32, (HEADER_H + COORD_H) as f32);
        let x1 = (self.size.0 - SIDE) as f32;
        let y1 = (self.footer_y - COORD_H) as f32;
        (x0, y0, x1, y1)
    }

    /// The pixel centre of grid position (x, y) as drawn in `orientation` (1: turned 180°, Blue at
    /// the bottom), as floats for the ground's drawing.
    fn at(&self, (x, y): (f32, f32), orientation: usize) -> (f32, f32) {
        let (x, y) = if orientation == 1 { (self.max.0 as f32 - x, self.max.1 as f32 - y) } else { (x, y) };
        let cx = (SIDE + PAD + TILE_W / 2) as f32 + x * DX as f32;
        let cy = (HEADER_H + COORD_H + PAD + TILE_H / 2) as f32 + y * DY as f32;
        (cx, cy)
    }

    /// The pixel centre of a point.
    pub fn centre(&self, board: &Board, p: PointId, orientation: usize) -> (i32, i32) {
        let pt = board.point(p);
        let (x, y) = self.at((f32::from(pt.x), f32::from(pt.y)), orientation);
        (x.round() as i32, y.round() as i32)
    }
}

/// The ground's colours as palette indices.
pub(super) struct Ground {
    pub bg: u8,
    pub dim: u8,
    pub frame: u8,
    pub sea: u8,
    pub sea_lane: u8,
    pub navy: u8,
    pub naval_in: u8,
    pub land: u8,
    pub road: u8,
    pub marker: u8,
    pub coast: u8,
    pub rail: u8,
    pub deck: u8,
    pub deck_edge: u8,
    pub sky: u8,
    pub air: u8,
    pub high: u8,
    pub arrow: u8,
    pub white: u8,
}

/// The colours of the ground.
pub(super) mod rgb {
    /// The board's frame.
    pub const FRAME: [u8; 3] = [0x3B, 0x5A, 0x78];
    /// Open sea: pale water, so that both sides' tiles stand out on it.
    pub const SEA: [u8; 3] = [0xA9, 0xD6, 0xEE];
    /// Sea lanes.
    pub const SEA_LANE: [u8; 3] = [0x5E, 0x9E, 0xCB];
    /// Naval stations' outline and landing links.
    pub const NAVY: [u8; 3] = [0x1F, 0x5A, 0x8E];
    /// Inside an empty naval station.
    pub const NAVAL_IN: [u8; 3] = [0xEC, 0xF7, 0xFD];
    /// Land.
    pub const LAND: [u8; 3] = [0xE6, 0xD3, 0xA3];
    /// The coastline road.
    pub const COAST: [u8; 3] = [0x9A, 0x62, 0x22];
    /// The bridge's deck and its edges.
    pub const DECK: [u8; 3] = [0x9A, 0xA1, 0xAB];
    /// The bridge's edges.
    pub const DECK_EDGE: [u8; 3] = [0x4B, 0x52, 0x5C];
    /// The high-altitude strips.
    pub const SKY: [u8; 3] = [0xE2, 0xDA, 0xF3];
    /// Air lanes.
    pub const AIR: [u8; 3] = [0x8E, 0x44, 0xAD];
    /// High-altitude lanes, airports and high-altitude stops.
    pub const HIGH: [u8; 3] = [0x5B, 0x2C, 0x8F];
    /// Arrows (strikes across).
    pub const ARROW: [u8; 3] = [0xD3, 0x54, 0x00];
    /// White.
    pub const WHITE: [u8; 3] = [0xFF, 0xFF, 0xFF];
}

/// The railways of these boards (narrower than the 2-player board's).
const RAIL: RailStyle = RailStyle { spacing: 9.0, sleeper: 5.0, sleeper_w: 2.0, gauge: 2.6, rail_w: 1.8 };

/// Draws the ground of `board` in `orientation`: the layers, the links by kind, the empty points'
/// markers and the coordinates read off the point names.
pub(super) fn background(
    pal: &mut Palette,
    font: &FontRef<'_>,
    (board, spots): (&Board, &[Spot]),
    geo: &Geometry,
    g: &Ground,
    orientation: usize,
) -> IndexedImage {
    let (w, h) = geo.size;
    let mut img = IndexedImage::with_palette(w as usize, h as usize, g.bg, PaletteId::Sanjun);
    let full = (0.0, 0.0, w as f32, h as f32);
    let (x0, y0, x1, y1) = geo.frame();
    paint(&mut img, pal, full, g.frame, |x, y| in_round_rect(x, y, (x0, y0, x1, y1), 8.0));
    paint(&mut img, pal, full, g.sea, |x, y| in_round_rect(x, y, (x0 + 3.0, y0 + 3.0, x1 - 3.0, y1 - 3.0), 6.0));
    let centre = |p: PointId| {
        let pt = board.point(p);
        geo.at((f32::from(pt.x), f32::from(pt.y)), orientation)
    };
    let spot = |p: PointId| spots[p.index()];
    sky(&mut img, pal, (board, spots), geo, g.sky, orientation);
    land(&mut img, pal, (board, spots), geo, g.land, orientation);
    let links = board.links();
    let of = |k: fn(LinkKind) -> bool| links.iter().filter(move |l| k(l.kind));
    for l in of(|k| k == LinkKind::SeaLane) {
        segment(&mut img, pal, centre(l.a), centre(l.b), 2.0, g.sea_lane);
    }
    for l in of(|k| k == LinkKind::Road) {
        segment(&mut img, pal, centre(l.a), centre(l.b), 2.2, g.road);
    }
    for l in of(|k| k == LinkKind::Coast) {
        segment(&mut img, pal, centre(l.a), centre(l.b), 3.6, g.coast);
    }
    for l in of(|k| k == LinkKind::Landing) {
        segment(&mut img, pal, centre(l.a), centre(l.b), 3.4, g.navy);
    }
    for l in of(|k| matches!(k, LinkKind::Arrow { .. })) {
        let both = matches!(l.kind, LinkKind::Arrow { both_ways: true });
        arrow(&mut img, pal, (centre(l.a), centre(l.b)), both, g.arrow);
    }
    for l in of(|k| k == LinkKind::Bridge) {
        segment(&mut img, pal, centre(l.a), centre(l.b), 13.0, g.deck_edge);
    }
    for l in of(|k| k == LinkKind::Bridge) {
        segment(&mut img, pal, centre(l.a), centre(l.b), 9.0, g.deck);
    }
    for l in of(|k| k == LinkKind::Railway) {
        railway(&mut img, pal, centre(l.a), centre(l.b), &RAIL, g.rail);
    }
    // The bridge's track: its two rails on the deck (sleepers there would be noise at this size).
    for l in of(|k| k == LinkKind::Bridge) {
        let (a, b) = (centre(l.a), centre(l.b));
        let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
        let (nx, ny) = (-(b.1 - a.1) / len * RAIL.gauge, (b.0 - a.0) / len * RAIL.gauge);
        for s in [-1.0, 1.0] {
            segment(&mut img, pal, (a.0 + s * nx, a.1 + s * ny), (b.0 + s * nx, b.1 + s * ny), RAIL.rail_w, g.rail);
        }
    }
    // The air lanes last: they pass over land, sea and bridges alike.
    for l in of(|k| k == LinkKind::AirLane) {
        dashed(&mut img, pal, (centre(l.a), centre(l.b)), (2.0, 7.0, 5.0), g.air);
    }
    for l in of(|k| k == LinkKind::HighAltitude) {
        dashed(&mut img, pal, (centre(l.a), centre(l.b)), (4.0, 10.0, 5.0), g.high);
    }
    for p in board.point_ids() {
        marker(&mut img, pal, spot(p), centre(p), g);
    }
    coordinates(&mut img, pal, font, board, geo, g.dim, orientation);
    img
}

/// The lavender strips under the high-altitude lanes: one per file that holds airports or
/// high-altitude stops, from its first stop to its last.
fn sky(img: &mut IndexedImage, pal: &mut Palette, (board, spots): (&Board, &[Spot]), geo: &Geometry, c: u8, o: usize) {
    let mut files: Vec<(i16, i16, i16)> = Vec::new();
    for p in board.point_ids().filter(|p| matches!(spots[p.index()], Spot::Airport | Spot::HighAltitude)) {
        let pt = board.point(p);
        match files.iter_mut().find(|f| f.0 == pt.x) {
            Some(f) => (f.1, f.2) = (f.1.min(pt.y), f.2.max(pt.y)),
            None => files.push((pt.x, pt.y, pt.y)),
        }
    }
    for (x, top, bottom) in files {
        let a = geo.at((f32::from(x) - 0.45, f32::from(top) - 0.6), o);
        let b = geo.at((f32::from(x) + 0.45, f32::from(bottom) + 0.6), o);
        let r = (a.0.min(b.0), a.1.min(b.1), a.0.max(b.0), a.1.max(b.1));
        paint(img, pal, (r.0 - 1.0, r.1 - 1.0, r.2 + 1.0, r.3 + 1.0), c, |x, y| in_round_rect(x, y, r, 12.0));
    }
}

/// The land zones: around each land point the diamond of its lattice cell (one file and one rank
/// each way), clipped to just past the zone's first and last ranks, so that the coast zigzags
/// with the lattice and stops short of the sea's first row.
fn land(img: &mut IndexedImage, pal: &mut Palette, (board, spots): (&Board, &[Spot]), geo: &Geometry, c: u8, o: usize) {
    for side in [Seat::RED, Seat::BLUE] {
        let pts: Vec<(f32, f32)> = board
            .point_ids()
            .filter(|p| spots[p.index()].is_land() && board.point(*p).owner == Some(side))
            .map(|p| {
                let pt = board.point(p);
                (f32::from(pt.x), f32::from(pt.y))
            })
            .collect();
        let Some(top) = pts.iter().map(|p| p.1).reduce(f32::min) else { continue };
        let bottom = pts.iter().map(|p| p.1).fold(top, f32::max);
        // Each cell's centre in pixels; its half-extent is one file across and one rank down.
        let cells: Vec<(f32, f32)> = pts.iter().map(|&p| geo.at(p, o)).collect();
        let (hx, hy) = (DX as f32, DY as f32);
        let (ya, yb) = (geo.at((0.0, top - 0.55), o).1, geo.at((0.0, bottom + 0.55), o).1);
        let (ya, yb) = (ya.min(yb), ya.max(yb));
        let (xs, xe) = cells.iter().fold((f32::MAX, f32::MIN), |(a, b), c| (a.min(c.0), b.max(c.0)));
        paint(img, pal, (xs - hx, ya, xe + hx, yb), c, |x, y| {
            y >= ya && y <= yb && cells.iter().any(|&(cx, cy)| (x - cx).abs() / hx + (y - cy).abs() / hy <= 1.0)
        });
    }
}

/// A dashed line from `a` to `b`: `(width, dash, gap)` in pixels, dashes centred on the link.
fn dashed(img: &mut IndexedImage, pal: &mut Palette, (a, b): ((f32, f32), (f32, f32)), st: (f32, f32, f32), c: u8) {
    let (width, dash, gap) = st;
    let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
    if len == 0.0 {
        return;
    }
    let (ux, uy) = ((b.0 - a.0) / len, (b.1 - a.1) / len);
    let period = dash + gap;
    let n = ((len + gap) / period).floor().max(1.0);
    // Spread the leftover evenly, so that every link starts and ends with a dash.
    let start = (len - (n * period - gap)) / 2.0;
    for k in 0..n as i32 {
        let t0 = start + k as f32 * period;
        let t1 = (t0 + dash).min(len);
        segment(img, pal, (a.0 + ux * t0, a.1 + uy * t0), (a.0 + ux * t1, a.1 + uy * t1), width, c);
    }
}

/// An arrow from the sea end `a` to the land or bridge end `b`: a line, a head short of `b` (and of
/// `a` too when it strikes both ways).
fn arrow(img: &mut IndexedImage, pal: &mut Palette, (a, b): ((f32, f32), (f32, f32)), both: bool, c: u8) {
    let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
    let (ux, uy) = ((b.0 - a.0) / len, (b.1 - a.1) / len);
    let short = 15.0;
    let (p, q) = ((a.0 + ux * short, a.1 + uy * short), (b.0 - ux * short, b.1 - uy * short));
    segment(img, pal, p, q, 2.2, c);
    let head = |img: &mut IndexedImage, pal: &mut Palette, tip: (f32, f32), dir: (f32, f32)| {
        let (nx, ny) = (-dir.1, dir.0);
        let base = (tip.0 - dir.0 * 9.0, tip.1 - dir.1 * 9.0);
        let tri = [tip, (base.0 + nx * 5.0, base.1 + ny * 5.0), (base.0 - nx * 5.0, base.1 - ny * 5.0)];
        let bb = (tip.0 - 12.0, tip.1 - 12.0, tip.0 + 12.0, tip.1 + 12.0);
        paint(img, pal, bb, c, |x, y| super::assets::in_triangle(x, y, tri));
    };
    head(img, pal, q, (ux, uy));
    if both {
        head(img, pal, p, (-ux, -uy));
    }
}

/// The marker of an empty point.
fn marker(img: &mut IndexedImage, pal: &mut Palette, spot: Spot, (x, y): (f32, f32), g: &Ground) {
    let bb = (x - 30.0, y - 18.0, x + 30.0, y + 18.0);
    let rect = |w: f32, h: f32| (x - w, y - h, x + w, y + h);
    let inset = |r: (f32, f32, f32, f32), d: f32| (r.0 + d, r.1 + d, r.2 - d, r.3 - d);
    let disc = |r: f32| move |px: f32, py: f32| (px - x).powi(2) + (py - y).powi(2) <= r * r;
    match spot {
        Spot::Post => {
            let r = rect(17.0, 10.0);
            paint(img, pal, bb, g.road, |px, py| in_round_rect(px, py, r, 3.5));
            paint(img, pal, bb, g.marker, |px, py| in_round_rect(px, py, inset(r, 2.0), 2.0));
        }
        Spot::Battery => {
            // A post with a gun pit: a dark square inside.
            let r = rect(17.0, 10.0);
            paint(img, pal, bb, g.road, |px, py| in_round_rect(px, py, r, 3.5));
            paint(img, pal, bb, g.marker, |px, py| in_round_rect(px, py, inset(r, 2.0), 2.0));
            paint(img, pal, bb, g.road, |px, py| in_round_rect(px, py, rect(5.0, 5.0), 1.5));
        }
        Spot::Headquarters | Spot::Gate => {
            let r = rect(24.0, 13.0);
            paint(img, pal, bb, g.road, |px, py| in_round_rect(px, py, r, 12.0));
            paint(img, pal, bb, g.marker, |px, py| in_round_rect(px, py, inset(r, 2.2), 10.0));
            let (o, i) = (inset(r, 5.0), inset(r, 6.8));
            paint(img, pal, bb, g.road, |px, py| in_round_rect(px, py, o, 8.0) && !in_round_rect(px, py, i, 6.0));
        }
        Spot::Camp => {
            paint(img, pal, bb, g.road, disc(14.0));
            paint(img, pal, bb, g.marker, disc(11.8));
        }
        Spot::Landing => {
            // A harbour: an anchor on a navy-rimmed berth.
            let r = rect(16.0, 12.0);
            paint(img, pal, bb, g.navy, |px, py| in_round_rect(px, py, r, 5.0));
            paint(img, pal, bb, g.naval_in, |px, py| in_round_rect(px, py, inset(r, 2.2), 3.0));
            let ring = |px: f32, py: f32| {
                let d = (px - x).powi(2) + (py - y - 1.0).powi(2);
                py >= y + 1.0 && (16.0..=30.0).contains(&d)
            };
            paint(img, pal, bb, g.navy, ring);
            paint(img, pal, bb, g.navy, |px, py| (px - x).abs() <= 1.0 && py >= y - 8.0 && py <= y + 6.5);
            paint(img, pal, bb, g.navy, |px, py| (px - x).abs() <= 4.0 && (py - y + 5.0).abs() <= 1.0);
        }
        Spot::Naval => {
            paint(img, pal, bb, g.navy, disc(9.5));
            paint(img, pal, bb, g.naval_in, disc(7.5));
        }
        Spot::Bridge => {
            paint(img, pal, bb, g.deck_edge, |px, py| in_round_rect(px, py, rect(10.0, 10.0), 2.0));
            paint(img, pal, bb, g.deck, |px, py| in_round_rect(px, py, rect(7.6, 7.6), 1.5));
        }
        Spot::Airport => {
            // A runway cross on a violet pad.
            let r = rect(18.0, 12.0);
            paint(img, pal, bb, g.high, |px, py| in_round_rect(px, py, r, 4.0));
            paint(img, pal, bb, g.white, |px, py| (px - x).abs() <= 12.0 && (py - y).abs() <= 2.0);
            paint(img, pal, bb, g.white, |px, py| (px - x).abs() <= 2.0 && (py - y).abs() <= 8.0);
        }
        Spot::HighAltitude => {
            paint(img, pal, bb, g.high, |px, py| (px - x).abs() + (py - y).abs() <= 11.0);
            paint(img, pal, bb, g.white, |px, py| (px - x).abs() + (py - y).abs() <= 7.0);
        }
    }
}

/// File letters above and below, rank numbers left and right, read off the point names (a name is
/// its file letter and rank), turned with the board.
fn coordinates(
    img: &mut IndexedImage,
    pal: &mut Palette,
    font: &FontRef<'_>,
    board: &Board,
    geo: &Geometry,
    c: u8,
    o: usize,
) {
    let mut files: Vec<(i16, String)> = Vec::new();
    let mut ranks: Vec<(i16, String)> = Vec::new();
    for p in board.point_ids() {
        let pt = board.point(p);
        let split = pt.name.find(|ch: char| ch.is_ascii_digit()).unwrap_or(pt.name.len());
        if !files.iter().any(|f| f.0 == pt.x) {
            files.push((pt.x, pt.name[..split].to_string()));
        }
        if !ranks.iter().any(|r| r.0 == pt.y) {
            ranks.push((pt.y, pt.name[split..].to_string()));
        }
    }
    let (_, top, _, bottom) = geo.frame();
    for (x, name) in files {
        let cx = geo.at((f32::from(x), 0.0), o).0;
        centred_text(img, pal, font, &name, 15.0, (cx, top - COORD_H as f32 / 2.0), c);
        centred_text(img, pal, font, &name, 15.0, (cx, bottom + COORD_H as f32 / 2.0), c);
    }
    for (y, name) in ranks {
        let cy = geo.at((0.0, f32::from(y)), o).1;
        centred_text(img, pal, font, &name, 14.0, (SIDE as f32 / 2.0, cy), c);
        centred_text(img, pal, font, &name, 14.0, ((geo.size.0 - SIDE / 2) as f32, cy), c);
    }
}
