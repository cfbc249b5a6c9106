//! Images of the three-layer boards of 陆海空三军棋 (`rules-sanjun.md` §2; the 30-piece board of
//! `rules-sanjun30.md` fits the same code): everything drawn once, in a palette of its own shared by
//! every board of the family — each board's ground for both orientations (`sanjun_ground.rs`), its
//! piece tiles by side, language and kind, the blank tiles, caption minis, combat badges and glyphs.
//!
//! A board is an entry of [`BOARDS`]: its art key, its kind (whose `piece_label` labels the
//! tiles), its board graph, what each point is ([`Spot`]) and each kind's service: `sanjun` and
//! the 30-piece `sanjun30`.
//!
//! Tiles keep the Junqi sides' colours and shapes (Red rounded, Blue octagonal with an inner line),
//! so a side never rests on colour alone; a ship's tile has a water band along its foot and an
//! aircraft's a sky band along its head, so the three services read apart on labelled tiles as on
//! the ground they stand on. A hidden piece is its side's blank tile.

use std::collections::HashMap;
use std::sync::OnceLock;

use super::assets::{Face, Palette, SIZES, TileStyle, centred_text, font, paint, rasterise_face, rgb, tile};
use super::canvas::{IndexedImage, PaletteId, TRANSPARENT};
use super::sanjun_ground::{self as ground, Geometry, Ground, Spot, TILE_H, TILE_W};
use super::text::{self, Lang};
use crate::rules::board::Board;
use crate::rules::contract::GameKind;
use crate::rules::sanjun::board::{SanjunBoard, Station};
use crate::rules::sanjun::pieces::{Service, def_of};
use crate::rules::sanjun30::board::{Sanjun30Board, Station as Station30};
use crate::rules::{Outcome, PieceKind, PointId, Seat};

/// A piece's service, as its tile shows it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Cue {
    /// Army and weapons: the plain tile.
    Land,
    /// Ships: a water band along the foot.
    Ship,
    /// Aircraft: a sky band along the head.
    Air,
}

/// One board of the family.
pub(crate) struct BoardDef {
    /// The art key.
    pub key: &'static str,
    /// The kind, whose `piece_label` labels the tiles.
    pub kind: &'static GameKind,
    /// The board graph.
    pub board: fn() -> &'static Board,
    /// What each point is.
    pub spot: fn(PointId) -> Spot,
    /// Each kind's service.
    pub cue: fn(PieceKind) -> Cue,
}

/// The boards of the family, in art order.
pub(crate) const BOARDS: &[BoardDef] = &[
    BoardDef {
        key: "sanjun",
        kind: &crate::rules::sanjun::contract::SANJUN_KIND,
        board: || &SanjunBoard::get().board,
        spot: |p| spot_of(SanjunBoard::get().station(p)),
        cue: |k| cue_of(def_of(k).service),
    },
    BoardDef {
        key: "sanjun30",
        kind: &crate::rules::sanjun30::contract::SANJUN30_KIND,
        board: || &Sanjun30Board::get().board,
        spot: |p| spot30_of(Sanjun30Board::get().station(p)),
        cue: |k| cue_of(crate::rules::sanjun30::pieces::def_of(k).service),
    },
];

/// How a 陆海空 station is drawn.
pub(crate) fn spot_of(st: Station) -> Spot {
    match st {
        Station::Headquarters => Spot::Headquarters,
        Station::Post | Station::Coast => Spot::Post,
        Station::Battery => Spot::Battery,
        Station::Landing => Spot::Landing,
        Station::Naval => Spot::Naval,
        Station::Bridge => Spot::Bridge,
        Station::Airport => Spot::Airport,
        Station::HighAltitude => Spot::HighAltitude,
    }
}

/// How a 海陆空三军战斗棋 station is drawn: gates and camps have their own marks; an anchor is
/// drawn as a naval station and a bridgehead as a post (the ground has no mark of their own).
pub(crate) fn spot30_of(st: Station30) -> Spot {
    match st {
        Station30::Gate => Spot::Gate,
        Station30::Camp => Spot::Camp,
        Station30::Bridgehead | Station30::Post | Station30::Coast => Spot::Post,
        Station30::Battery => Spot::Battery,
        Station30::Landing => Spot::Landing,
        Station30::Anchor | Station30::Naval => Spot::Naval,
        Station30::Bridge => Spot::Bridge,
        Station30::Airport => Spot::Airport,
        Station30::HighAltitude => Spot::HighAltitude,
    }
}

/// How a 陆海空 service is cued.
pub(crate) fn cue_of(s: Service) -> Cue {
    match s {
        Service::Army | Service::Weapon => Cue::Land,
        Service::Navy => Cue::Ship,
        Service::Air => Cue::Air,
    }
}

/// The colours of a ship's and an aircraft's band.
mod band {
    /// Water, on a ship's foot.
    pub const SHIP: [u8; 3] = [0x8F, 0xE3, 0xFF];
    /// Sky, on an aircraft's head.
    pub const AIR: [u8; 3] = [0xE9, 0xD2, 0xFF];
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

/// What one board has of its own.
pub struct BoardImages {
    /// The ground, Red at the bottom and turned.
    pub background: [IndexedImage; 2],
    /// Labelled tiles by side, language slot ([`text::slot`]) and kind.
    pub labelled: [[Vec<IndexedImage>; 3]; 2],
    /// Where the board's points are.
    pub(super) geometry: Geometry,
}

/// Everything drawn once for the family.
pub struct SanjunAssets {
    /// The palette, as colours.
    pub palette: Vec<[u8; 3]>,
    /// The palette as PNG wants it.
    pub palette_bytes: Vec<u8>,
    /// Colours by role.
    pub c: Colours,
    /// Per board of [`BOARDS`].
    pub boards: Vec<BoardImages>,
    /// Blank tiles per side.
    pub blank: [IndexedImage; 2],
    /// Caption minis per side.
    pub mini: [IndexedImage; 2],
    /// Combat badges (indexed as `assets::badge_index`).
    pub badges: Vec<IndexedImage>,
    /// Caption glyphs, per size in `SIZES` order.
    pub faces: Vec<Face>,
    /// Anti-aliasing ramps for captions and marks.
    pub ramps: HashMap<(u8, u8), [u8; 5]>,
}

/// The assets, built on first use.
pub fn get() -> &'static SanjunAssets {
    static A: OnceLock<SanjunAssets> = OnceLock::new();
    A.get_or_init(build)
}

/// The index in [`BOARDS`] of an art key.
pub(crate) fn index(key: &str) -> Option<usize> {
    BOARDS.iter().position(|b| b.key == key)
}

/// The pixel centre of point `p` of board `i` in `orientation`.
pub(crate) fn centre(i: usize, p: PointId, orientation: usize) -> (i32, i32) {
    get().boards[i].geometry.centre((BOARDS[i].board)(), p, orientation)
}

/// A side's tiles labelled with every kind of board `def` in `lang`.
fn label_tiles(
    pal: &mut Palette,
    font: &ab_glyph::FontRef<'_>,
    def: &BoardDef,
    (blank, fill, label, bands): (&IndexedImage, u8, u8, [u8; 2]),
    lang: Lang,
) -> Vec<IndexedImage> {
    (0..=u8::MAX)
        .map_while(|k| (def.kind.piece_label)(PieceKind(k)).map(|_| PieceKind(k)))
        .map(|k| {
            let mut t = blank.clone();
            let (w, h) = (TILE_W as f32, TILE_H as f32);
            let cue = (def.cue)(k);
            let band = match cue {
                Cue::Ship => Some((bands[0], h - 8.5, h - 4.0)),
                Cue::Air => Some((bands[1], 4.0, 8.5)),
                Cue::Land => None,
            };
            // The band sits inside the border, over the tile's fill only.
            if let Some((colour, y0, y1)) = band {
                for y in y0 as usize..y1 as usize {
                    for x in 4..(w as usize - 4) {
                        let i = y * TILE_W as usize + x;
                        if t.pixels[i] == fill {
                            t.pixels[i] = colour;
                        }
                    }
                }
            }
            let word = text::piece_label(def.kind, lang, k);
            let size = match word.len() {
                _ if lang.is_zh() => 24.0,
                ..=2 => 18.0,
                3 => 16.0,
                _ => 14.5,
            };
            let dy = match cue {
                Cue::Ship => -2.0,
                Cue::Air => 2.0,
                Cue::Land => 0.0,
            };
            centred_text(&mut t, pal, font, &word, size, (w / 2.0, h / 2.0 + dy), label);
            t
        })
        .collect()
}

fn build() -> SanjunAssets {
    let font = font();
    let mut pal = Palette { colours: Vec::new(), index: HashMap::new(), blends: HashMap::new() };
    let g = Ground {
        bg: pal.add(rgb::BG),
        dim: pal.add(rgb::DIM),
        frame: pal.add(ground::rgb::FRAME),
        sea: pal.add(ground::rgb::SEA),
        sea_lane: pal.add(ground::rgb::SEA_LANE),
        navy: pal.add(ground::rgb::NAVY),
        naval_in: pal.add(ground::rgb::NAVAL_IN),
        land: pal.add(ground::rgb::LAND),
        road: pal.add(rgb::ROAD),
        marker: pal.add(rgb::MARKER),
        coast: pal.add(ground::rgb::COAST),
        rail: pal.add(rgb::RAIL),
        deck: pal.add(ground::rgb::DECK),
        deck_edge: pal.add(ground::rgb::DECK_EDGE),
        sky: pal.add(ground::rgb::SKY),
        air: pal.add(ground::rgb::AIR),
        high: pal.add(ground::rgb::HIGH),
        arrow: pal.add(ground::rgb::ARROW),
        white: pal.add(ground::rgb::WHITE),
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
    let styles = [
        TileStyle { fill: c.fill[0], dark: pal.add(rgb::RED_DARK), line: c.fill[0], label },
        TileStyle { fill: c.fill[1], dark: pal.add(rgb::BLUE_DARK), line: pal.add(rgb::BLUE_LINE), label },
    ];
    let bands = [pal.add(band::SHIP), pal.add(band::AIR)];
    let seats = [Seat::RED, Seat::BLUE];
    let (tw, th) = (TILE_W as usize, TILE_H as usize);
    // Drawn over the land colour; the pixels the shape leaves are transparent.
    let blank = seats.map(|s| tile(&mut pal, s, tw, th, &styles[s.index()], g.land));
    let mini = seats.map(|s| tile(&mut pal, s, 30, 18, &styles[s.index()], g.bg));
    let mut boards = Vec::new();
    for def in BOARDS {
        let board = (def.board)();
        let spots: Vec<Spot> = board.point_ids().map(def.spot).collect();
        let geometry = Geometry::of(board);
        let background = [0, 1].map(|o| ground::background(&mut pal, &font, (board, &spots), &geometry, &g, o));
        // In `text::slot` order: 简体, English, 繁體.
        let labelled = [0, 1].map(|s| {
            [Lang::ZhHans, Lang::En, Lang::ZhHant]
                .map(|lang| label_tiles(&mut pal, &font, def, (&blank[s], styles[s].fill, label, bands), lang))
        });
        boards.push(BoardImages { background, labelled, geometry });
    }
    let badges = [
        Outcome::AttackerWon,
        Outcome::DefenderWon,
        Outcome::BothRemoved,
        Outcome::FlagCaptured,
        Outcome::Bounced,
        Outcome::Scouted,
        Outcome::ShotDown,
    ]
    .iter()
    .map(|&o| {
        let mut b = IndexedImage::with_palette(22, 22, TRANSPARENT, PaletteId::Sanjun);
        let bb = (0.0, 0.0, 22.0, 22.0);
        paint(&mut b, &mut pal, bb, c.hilite, |x, y| (x - 11.0).powi(2) + (y - 11.0).powi(2) <= 121.0);
        paint(&mut b, &mut pal, bb, c.black, |x, y| (x - 11.0).powi(2) + (y - 11.0).powi(2) <= 90.0);
        centred_text(&mut b, &mut pal, &font, text::badge(o).unwrap_or("?"), 15.0, (11.0, 11.0), c.text);
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
    let palette_bytes = pal.colours.iter().flatten().copied().collect();
    SanjunAssets { palette: pal.colours, palette_bytes, c, boards, blank, mini, badges, faces, ramps }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_palette_leaves_room_for_gif_transparency() {
        assert!(get().palette.len() <= 255, "{} colours", get().palette.len());
    }
}
