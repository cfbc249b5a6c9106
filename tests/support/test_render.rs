//! A stand-in board renderer for the end-to-end tests (the real one lives in `src/render`): one
//! pixel per point, coloured by side, brighter where this viewer knows the piece. It is made from a
//! `View` only, like the real renderer, so it proves the adapter attaches what it is given.

use std::io::Cursor;

use junqi_referee::rules::view::View;
use junqi_referee::rules::{PointId, Seat};

/// A tiny PNG of a view: one pixel per point, coloured by side; a piece whose identity this
/// viewer knows gets a brighter shade. Enough to prove the adapter attaches what it is given.
pub fn png_of(view: &View) -> Vec<u8> {
    let mut img = image::RgbImage::new(5, 12);
    for (i, cell) in view.cells.iter().enumerate() {
        let p = view.variant.board.point(PointId(i as u8));
        let colour = match cell {
            None => [255, 255, 255],
            Some(c) => {
                let base = if c.seat == Seat::RED { [200, 0, 0] } else { [0, 0, 200] };
                if c.kind.is_some() { [base[0] / 2 + 100, 100, base[2] / 2 + 100] } else { base }
            }
        };
        img.put_pixel(p.x as u32, p.y as u32, image::Rgb(colour));
    }
    let mut out = Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}
