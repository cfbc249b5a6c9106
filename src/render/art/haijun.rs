//! The 海军棋 arts (`haijun`, `haijun21`): the seas `render/haijun.rs` draws once, Red's half or
//! Blue's at the bottom, with the 2-player board's marks (brackets on the start, a ring on the
//! end) and the combat badges (`haijun21`'s with the scouted mark).

use std::sync::OnceLock;

use super::board::MARKS;
use super::{Art, Roles, Seats, SideTiles, two_sides};
use crate::render::haijun::{self, HaijunAssets};
use crate::render::layout::{FOOTER_Y, HEIGHT, TILE_H, TILE_W, WIDTH};
use crate::rules::PointId;

/// The `haijun` art, built on first use.
pub(super) fn get() -> &'static Art {
    static ART: OnceLock<Art> = OnceLock::new();
    ART.get_or_init(|| build("haijun", haijun::get()))
}

/// The `haijun21` art, built on first use: the same grid, so the same point centres.
pub(super) fn get21() -> &'static Art {
    static ART: OnceLock<Art> = OnceLock::new();
    ART.get_or_init(|| build("haijun21", haijun::get21()))
}

fn build(key: &'static str, a: &'static HaijunAssets) -> Art {
    let side = |s: usize| SideTiles {
        blank: &a.blank[s],
        labelled: [&a.labelled[s][0][..], &a.labelled[s][1][..], &a.labelled[s][2][..]],
        mini: &a.mini[s],
    };
    let points = crate::rules::haijun::board::get(Default::default()).len();
    let centres = (0..2).map(|o| (0..points).map(|p| Some(haijun::centre(PointId(p as u8), o))).collect()).collect();
    Art {
        key,
        width: WIDTH,
        height: HEIGHT,
        tile: (TILE_W, TILE_H),
        backgrounds: a.background.iter().collect(),
        sides: vec![side(0), side(1)],
        back: None,
        centres,
        seats: Seats { slot: two_sides, orientation: two_sides },
        marks: MARKS,
        roles: Roles {
            bg: a.c.bg,
            text: a.c.text,
            dim: a.c.dim,
            hilite: a.c.hilite,
            taken: a.c.black,
            black: a.c.black,
            gold: a.c.gold,
            mark: a.c.mark,
            fill: a.c.fill.to_vec(),
            side_text: a.c.side_text.to_vec(),
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
