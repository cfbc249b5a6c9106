//! The cross-board art (`junqi4`, drawn for both 四国军棋 and 四国双人): the four turned
//! backgrounds and four seat tile sets `cross.rs` builds. A seat sits in the territory its key
//! names (`s`, `e`, `n`, `w`), so a kind seating fewer players still colours and turns by place.

use std::sync::OnceLock;

use super::{Art, FromMark, MarkStyle, Roles, Seats, SideTiles};
use crate::render::cross::{self, HEIGHT, WIDTH};
use crate::rules::Seat;
use crate::rules::contract::GameKind;

/// The marks of `cross.rs`: smaller brackets and ring for the smaller tiles.
const MARKS: MarkStyle =
    MarkStyle { from: FromMark::Brackets { pad: 4, arm: 12, thick: 5 }, to: (4, 3), round: false, path: 0 };

/// The territory (0 South, 1 East, 2 North, 3 West) of a seat, by the kind's key for it.
fn territory(kind: &GameKind, s: Seat) -> usize {
    match kind.seating.get(s).map(|d| d.key) {
        Some("e") => 1,
        Some("n") => 2,
        Some("w") => 3,
        _ => 0,
    }
}

/// The art, built on first use.
pub(super) fn get() -> &'static Art {
    static ART: OnceLock<Art> = OnceLock::new();
    ART.get_or_init(|| {
        let a = cross::get();
        let side = |t: usize| SideTiles {
            blank: &a.blank[t],
            labelled: [&a.labelled[t][0][..], &a.labelled[t][1][..], &a.labelled[t][2][..]],
            mini: &a.mini[t],
        };
        Art {
            key: "junqi4",
            width: WIDTH,
            height: HEIGHT,
            tile: (cross::TILE_W, cross::TILE_H),
            backgrounds: a.background.iter().collect(),
            sides: (0..4).map(side).collect(),
            back: None,
            centres: (0..4)
                .map(|o| {
                    let v = crate::rules::Variant::cross_board();
                    (0..v.board.len()).map(|i| Some(cross::centre(v, crate::rules::PointId(i as u8), o))).collect()
                })
                .collect(),
            seats: Seats { slot: territory, orientation: territory },
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
                fill: a.c.seat_fill.to_vec(),
                side_text: a.c.seat_text.to_vec(),
            },
            faces: &a.faces,
            ramps: &a.ramps,
            mini_at: (14, 36),
            badges: &a.badges,
            badge_overhang: 12,
            corner: (6, 4, 8),
            footer_y: cross::FOOTER_Y,
            cards: cross::card_corners(),
            deflate: 1,
        }
    })
}
