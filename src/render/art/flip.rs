//! The 翻棋 art (`junqi-backs`): the 2-player board and tiles with one identical face-down back,
//! always with Red's orientation (nobody owns a half), and `flip.rs`'s thinner start mark.

use std::sync::OnceLock;

use super::{Art, FromMark, MarkStyle, Seats, board, two_sides};
use crate::render::assets;

/// The marks of `flip.rs`: a thin ring on the start, the 2-player ring on the end.
const MARKS: MarkStyle = MarkStyle { from: FromMark::Ring { pad: 4, width: 2 }, to: (5, 4), round: false, path: 0 };

/// The art, built on first use.
pub(super) fn get() -> &'static Art {
    static ART: OnceLock<Art> = OnceLock::new();
    ART.get_or_init(|| {
        // Face-up owners are colours (0 red, 1 blue); seats are players, named P1/P2.
        let seats = Seats { slot: two_sides, orientation: |_, _| 0 };
        let a = assets::get();
        let mut art = board::over_assets("junqi-backs", a, seats, MARKS);
        art.back = Some(crate::render::flip::back(a));
        art
    })
}
