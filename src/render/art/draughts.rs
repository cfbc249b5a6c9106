//! The draughts arts (`draughts8`, `draughts10`, `draughts12`): the boards `render/draughts.rs`
//! draws, a piece one square big, the first mover's side at the bottom (orientation 0) or the
//! second's (1). The last action's path is a line through every square it landed on, each of them
//! framed, the jumped pieces' squares crossed out.

use std::sync::OnceLock;

use super::{Art, FromMark, MarkStyle, Roles, Seats, SideTiles};
use crate::render::draughts::{self, Board, FOOTER_Y, HEIGHT, WIDTH};
use crate::rules::Seat;
use crate::rules::contract::GameKind;

/// Every landing square framed inside its edge; the end framed thicker; the path between them.
const MARKS: MarkStyle = MarkStyle { from: FromMark::Ring { pad: -3, width: 3 }, to: (-3, 4), round: false, path: 5 };

/// The tile set of a seat: Black's dark pieces (slot 0) or White's light ones (1), by the seat's
/// key, since which side moves first differs between the variants.
fn colour(kind: &GameKind, s: Seat) -> usize {
    usize::from(kind.seating.get(s).is_none_or(|d| d.key != "black"))
}

/// The art of board `i` (0: 8×8, 1: 10×10, 2: 12×12), built on first use.
pub(super) fn get(i: usize) -> &'static Art {
    static ARTS: [OnceLock<Art>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    ARTS[i].get_or_init(|| build(i))
}

fn build(i: usize) -> Art {
    let a = draughts::get();
    let b = Board::ALL[i];
    let images = &a.boards[i];
    let side = |s: usize| SideTiles {
        blank: &images.pieces[s][0],
        labelled: [&images.pieces[s][..], &images.pieces[s][..], &images.pieces[s][..]],
        mini: &a.mini[s],
    };
    let places = (draughts::defs()[i].places)();
    let size = places.iter().map(|p| p.at.index()).max().unwrap_or(0) + 1;
    let centres = (0..2)
        .map(|o| {
            let mut table = vec![None; size];
            for p in &places {
                table[p.at.index()] = Some(b.centre((i32::from(p.x), i32::from(p.y)), o));
            }
            table
        })
        .collect();
    Art {
        key: ["draughts8", "draughts10", "draughts12"][i],
        width: WIDTH,
        height: HEIGHT,
        tile: (b.square, b.square),
        backgrounds: images.background.iter().collect(),
        sides: vec![side(0), side(1)],
        back: None,
        centres,
        seats: Seats { slot: colour, orientation: |_, s| usize::from(s != Seat(0)) },
        marks: MARKS,
        roles: Roles {
            bg: a.c.bg,
            text: a.c.text,
            dim: a.c.dim,
            hilite: a.c.hilite,
            taken: a.c.taken,
            black: a.c.black,
            gold: a.c.gold,
            mark: a.c.mark,
            fill: a.c.fill.to_vec(),
            side_text: a.c.side_text.to_vec(),
        },
        faces: &a.faces,
        ramps: &a.ramps,
        mini_at: (8, 34),
        badges: &[],
        badge_overhang: 0,
        corner: (0, 0, 0),
        footer_y: FOOTER_Y,
        cards: Vec::new(),
        deflate: 1,
    }
}
