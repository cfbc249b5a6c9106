//! The 跳棋 art (`tiaoqi`): the star `render/tiaoqi.rs` draws, a marble per side. Tokens are owned
//! by sides (the triangle a seat plays, an index into the six seats of the kind), so a side's
//! colour and shape are the same whatever the player count. The board keeps the spec's
//! orientation (`s` at the bottom) unless the image is for a player of a northern triangle, whose
//! own view is turned. The last hop chain is a line through every landing, each marked with a dot.

use std::sync::OnceLock;

use super::{Art, FromMark, MarkStyle, Roles, Seats, SideTiles};
use crate::render::tiaoqi::{self, FOOTER_Y, HEIGHT, MARBLE, WIDTH};
use crate::rules::Seat;
use crate::rules::contract::GameKind;
use crate::rules::tiaoqi::board::POINTS;

/// Dots on the start and every landing; a circle around the marble that moved; the chain's line.
const MARKS: MarkStyle = MarkStyle { from: FromMark::Dot { radius: 5 }, to: (4, 3), round: true, path: 4 };

/// The turned view for the northern triangles (`n`, `ne`, `nw`).
fn orientation(kind: &GameKind, side: Seat) -> usize {
    usize::from(matches!(kind.seating.get(side).map(|d| d.key), Some("n" | "ne" | "nw")))
}

/// The art, built on first use.
pub(super) fn get() -> &'static Art {
    static ART: OnceLock<Art> = OnceLock::new();
    ART.get_or_init(|| {
        let a = tiaoqi::get();
        let side = |s: usize| SideTiles {
            blank: &a.marbles[s][0],
            labelled: [&a.marbles[s][..], &a.marbles[s][..], &a.marbles[s][..]],
            mini: &a.mini[s],
        };
        Art {
            key: "tiaoqi",
            width: WIDTH,
            height: HEIGHT,
            tile: (MARBLE, MARBLE),
            backgrounds: a.background.iter().collect(),
            sides: (0..6).map(side).collect(),
            back: None,
            centres: (0..2).map(|o| (0..POINTS as u8).map(|p| Some(tiaoqi::centre(p, o))).collect()).collect(),
            seats: Seats { slot: |_, s| s.index().min(5), orientation },
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
            mini_at: (8, 32),
            badges: &[],
            badge_overhang: 0,
            corner: (0, 0, 0),
            footer_y: FOOTER_Y,
            cards: Vec::new(),
            deflate: 1,
        }
    })
}
