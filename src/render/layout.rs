//! Where things are on a board image (2-player board), in pixels.

use crate::rules::{PointId, Seat, Variant};

/// Tile width.
pub const TILE_W: i32 = 68;
/// Tile height.
pub const TILE_H: i32 = 38;
/// Distance between point centres across.
pub const DX: i32 = 92;
/// Distance between point centres down.
pub const DY: i32 = 50;
/// Extra height of the front (between the two halves).
pub const FRONT_GAP: i32 = 46;
/// Margin that holds the rank numbers, left and right.
pub const SIDE_MARGIN: i32 = 30;
/// Padding inside the board frame.
pub const PAD: i32 = 14;
/// Height of the caption band at the top.
pub const HEADER_H: i32 = 70;
/// Height of the band holding the file letters, above and below the board.
pub const COORD_H: i32 = 24;
/// Height of the caption band at the bottom.
pub const FOOTER_H: i32 = 82;

/// Left edge of the board frame.
pub const BOARD_X: i32 = SIDE_MARGIN;
/// Top edge of the board frame.
pub const BOARD_Y: i32 = HEADER_H + COORD_H;
/// Width of the board frame.
pub const BOARD_W: i32 = 2 * PAD + 4 * DX + TILE_W;
/// Height of the board frame.
pub const BOARD_H: i32 = 2 * PAD + 11 * DY + FRONT_GAP + TILE_H;
/// Image width.
pub const WIDTH: i32 = BOARD_W + 2 * SIDE_MARGIN;
/// Image height.
pub const HEIGHT: i32 = BOARD_Y + BOARD_H + COORD_H + FOOTER_H;
/// Top of the footer band.
pub const FOOTER_Y: i32 = HEIGHT - FOOTER_H;

/// Centre of display column `col` (0 = left).
pub fn col_x(col: i32) -> i32 {
    BOARD_X + PAD + TILE_W / 2 + col * DX
}

/// Centre of display row `row` (0 = top).
pub fn row_y(row: i32) -> i32 {
    BOARD_Y + PAD + TILE_H / 2 + row * DY + if row >= 6 { FRONT_GAP } else { 0 }
}

/// Display column and row of a point with `bottom` drawn at the bottom.
pub fn cell(variant: &Variant, p: PointId, bottom: Seat) -> (i32, i32) {
    let pt = variant.board.point(p);
    let (x, y) = (i32::from(pt.x), i32::from(pt.y));
    if bottom == Seat::RED { (x, y) } else { (4 - x, 11 - y) }
}

/// Centre of a point on the image.
pub fn centre(variant: &Variant, p: PointId, bottom: Seat) -> (i32, i32) {
    let (c, r) = cell(variant, p, bottom);
    (col_x(c), row_y(r))
}

/// The rectangle (x, y, width, height) a piece tile covers at a point.
pub fn tile_rect(variant: &Variant, p: PointId, bottom: Seat) -> (i32, i32, i32, i32) {
    let (cx, cy) = centre(variant, p, bottom);
    (cx - TILE_W / 2, cy - TILE_H / 2, TILE_W, TILE_H)
}
