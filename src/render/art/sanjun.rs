//! The three-layer arts (`sanjun`; the 30-piece board joins as one entry of
//! `render::sanjun::BOARDS`): the grounds and tiles `render/sanjun.rs` draws once, Red's half or
//! Blue's at the bottom. The last action is a line from its start to its end under the tokens
//! (flights and strikes cross half the board), brackets on the start and a ring on the end, with a
//! badge for every outcome class the rules announce — bounced, scouted and shot down included.

use std::sync::OnceLock;

use super::{Art, FromMark, MarkStyle, Roles, Seats, SideTiles, two_sides};
use crate::render::sanjun::{self, BOARDS};
use crate::render::sanjun_ground::{TILE_H, TILE_W};
use crate::rules::PointId;

/// Brackets on the start, a ring on the end, a path between them.
const MARKS: MarkStyle =
    MarkStyle { from: FromMark::Brackets { pad: 3, arm: 11, thick: 4 }, to: (3, 3), round: false, path: 3 };

/// The art of board `i` of [`BOARDS`], built on first use.
pub(super) fn get(i: usize) -> &'static Art {
    static ARTS: OnceLock<Vec<Art>> = OnceLock::new();
    &ARTS.get_or_init(|| (0..BOARDS.len()).map(build).collect())[i]
}

fn build(i: usize) -> Art {
    let a = sanjun::get();
    let b = &a.boards[i];
    let side = |s: usize| SideTiles {
        blank: &a.blank[s],
        labelled: [&b.labelled[s][0][..], &b.labelled[s][1][..], &b.labelled[s][2][..]],
        mini: &a.mini[s],
    };
    let board = (BOARDS[i].board)();
    let size = board.len();
    let centres = (0..2).map(|o| (0..size).map(|p| Some(sanjun::centre(i, PointId(p as u8), o))).collect()).collect();
    let (width, height) = b.geometry.size;
    Art {
        key: BOARDS[i].key,
        width,
        height,
        tile: (TILE_W, TILE_H),
        backgrounds: b.background.iter().collect(),
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
        badge_overhang: 9,
        corner: (5, 4, 8),
        footer_y: b.geometry.footer_y,
        cards: Vec::new(),
        deflate: 2,
    }
}
