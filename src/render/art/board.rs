//! The 2-player board art (`junqi`): the backgrounds, tiles and glyphs `assets.rs` builds, with
//! Red's or Blue's half at the bottom.

use std::sync::OnceLock;

use super::{Art, FromMark, MarkStyle, Roles, Seats, SideTiles, two_sides};
use crate::render::assets::{self, Assets};
use crate::render::layout::{FOOTER_Y, HEIGHT, TILE_H, TILE_W, WIDTH};
use crate::rules::{PointId, Seat, Variant};

/// The marks of the 2-player renderer (`draw.rs`): brackets on the start, a ring on the end.
pub(super) const MARKS: MarkStyle =
    MarkStyle { from: FromMark::Brackets { pad: 5, arm: 16, thick: 6 }, to: (5, 4), round: false, path: 0 };

/// The 2-player art over `assets.rs`'s images, with the given seats, marks and face-down tile.
pub(super) fn over_assets(key: &'static str, a: &'static Assets, seats: Seats, marks: MarkStyle) -> Art {
    let side = |s: usize| SideTiles {
        blank: &a.blank[s],
        labelled: [&a.labelled[s][0][..], &a.labelled[s][1][..], &a.labelled[s][2][..]],
        mini: &a.mini[s],
    };
    Art {
        key,
        width: WIDTH,
        height: HEIGHT,
        tile: (TILE_W, TILE_H),
        backgrounds: a.background.iter().collect(),
        sides: vec![side(0), side(1)],
        back: None,
        centres: [Seat::RED, Seat::BLUE]
            .iter()
            .map(|&bottom| {
                let v = Variant::two_player_board();
                (0..v.board.len()).map(|i| Some(crate::render::layout::centre(v, PointId(i as u8), bottom))).collect()
            })
            .collect(),
        seats,
        marks,
        roles: Roles {
            bg: a.c.bg,
            text: a.c.text,
            dim: a.c.dim,
            hilite: a.c.hilite,
            taken: a.c.black,
            black: a.c.black,
            gold: a.c.gold,
            mark: a.c.mark,
            fill: vec![a.c.red, a.c.blue],
            side_text: vec![a.c.red_text, a.c.blue_text],
        },
        faces: &a.faces,
        ramps: &a.ramps,
        mini_at: (12, 40),
        badges: &a.badges,
        badge_overhang: 14,
        corner: (7, 5, 10),
        footer_y: FOOTER_Y,
        cards: Vec::new(),
        deflate: 1,
    }
}

/// The art, built on first use.
pub(super) fn get() -> &'static Art {
    static ART: OnceLock<Art> = OnceLock::new();
    ART.get_or_init(|| {
        let seats = Seats { slot: two_sides, orientation: two_sides };
        over_assets("junqi", assets::get(), seats, MARKS)
    })
}
