//! Board images: pure functions from a [`View`] to PNG bytes, and from a sequence of views to an
//! animated GIF. Nothing here sees a [`crate::rules::Game`]: whatever a view hides cannot leak.
//!
//! Speed comes from doing the costly work once (assets in a `OnceLock`): the font is decoded, the
//! board background (one per orientation) and every piece tile are drawn and anti-aliased into a
//! fixed palette. A board image is then a copy of the background, a few dozen tile blits, two or
//! three lines of text and an indexed (palette) PNG encode.

mod assets;
mod canvas;
mod draw;
pub mod flip;
mod gif;
pub mod layout;
pub mod replay;
mod text;

use crate::rules::view::PublicPly;
use crate::rules::{PointId, Seat, View};

pub use assets::missing_glyphs;
pub use canvas::IndexedImage;
pub use draw::render_indexed;
pub use gif::render_gif;
pub use text::{Lang, all_text};

/// What a board image needs beyond the view itself.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RenderOptions {
    /// Language of labels and captions (中文 by default).
    pub lang: Lang,
    /// The deadline of the side to move, as the caller wants it shown (e.g. `10:45 UTC`).
    pub deadline: Option<String>,
    /// The viewer's own marks on enemy pieces (`炸?`, `司?`). Drawn on private images only, and
    /// only on pieces whose identity the viewer does not know.
    pub marks: Vec<(PointId, String)>,
    /// The side drawn at the bottom; `None` puts a player's own side at the bottom, Red otherwise.
    pub bottom: Option<Seat>,
    /// The most recent combat, when it was not the last ply (the view only carries the last ply).
    pub last_combat: Option<PublicPly>,
}

/// Why an image could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RenderError {
    /// The renderer draws the 2-player board only.
    #[error("board images exist for the 2-player board only, not for '{0}'")]
    UnsupportedVariant(&'static str),
    /// An animation needs at least one frame.
    #[error("an animation needs at least one frame")]
    NoFrames,
    /// The encoder failed (it writes to memory, so this is not expected).
    #[error("image encoding failed: {0}")]
    Encode(String),
}

/// Renders one board image as PNG bytes (indexed colour).
pub fn render_png(view: &View, opts: &RenderOptions) -> Result<Vec<u8>, RenderError> {
    render_indexed(view, opts)?.to_png()
}

/// The side drawn at the bottom for this view and these options.
pub fn bottom_seat(view: &View, opts: &RenderOptions) -> Seat {
    opts.bottom.unwrap_or(match view.viewer {
        crate::rules::Viewer::Seat(s) => s,
        _ => Seat::RED,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_label_has_a_glyph() {
        let missing = assets::missing_glyphs(&all_text());
        assert!(missing.is_empty(), "characters missing from the font subset: {missing:?}");
    }

    #[test]
    fn palette_leaves_room_for_gif_transparency() {
        assert!(assets::get().palette.len() <= 255, "palette has {} colours", assets::get().palette.len());
    }
}
