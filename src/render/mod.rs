//! Board images: pure functions from a [`View`] (or a game contract's `Picture`, through the board
//! art its kind names: [`picture_png`]) to PNG bytes, and from a sequence of views to an animated
//! GIF. Nothing here sees a [`crate::rules::Game`]: whatever a view or picture hides cannot leak.
//!
//! Speed comes from doing the costly work once (assets in a `OnceLock`): the font is decoded, the
//! board background (one per orientation) and every piece tile are drawn and anti-aliased into a
//! fixed palette. A board image is then a copy of the background, a few dozen tile blits, two or
//! three lines of text and an indexed (palette) PNG encode.

pub mod art;
mod assets;
mod board;
mod canvas;
pub mod cross;
mod draughts;
mod draw;
pub mod flip;
mod gif;
mod haijun;
mod hant;
pub mod layout;
mod picture;
pub mod replay;
mod sanjun;
mod sanjun_ground;
pub mod standings;
mod text;
mod tiaoqi;

use crate::rules::view::PublicPly;
use crate::rules::{PointId, Seat, View};

pub use assets::missing_glyphs;
pub use canvas::{IndexedImage, PaletteId};
pub use draw::render_indexed;
pub use gif::{DEFAULT_SECONDS, LAST_DELAY, pace, render_gif};
pub use picture::{PictureOptions, picture_gif, picture_gif_paced, picture_indexed, picture_png, picture_text};
pub use text::{Lang, all_text};

/// What a board image needs beyond the view itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RenderOptions {
    /// Language of labels and captions (简体中文 by default).
    pub lang: Lang,
    /// The deadline of the side to move, as the caller wants it shown (e.g. `10:45 UTC`).
    pub deadline: Option<String>,
    /// The viewer's own guesses on enemy pieces, drawn as `炸?`, `司?`: on private images only,
    /// and only on pieces whose identity the viewer does not know.
    pub marks: Vec<(PointId, crate::rules::PieceKind)>,
    /// The side drawn at the bottom; `None` puts a player's own side at the bottom, Red otherwise.
    pub bottom: Option<Seat>,
    /// The most recent combat, when it was not the last ply (the view only carries the last ply).
    pub last_combat: Option<PublicPly>,
    /// The image shows a layout being deployed (before the game starts): the caption says
    /// `布阵 · 红方` / `Deployment · Red` instead of whose move it is.
    pub deployment: bool,
}

impl Default for RenderOptions {
    /// 简体中文 labels, the viewer's own side at the bottom, nothing else.
    fn default() -> RenderOptions {
        RenderOptions {
            lang: Lang::ZhHans,
            deadline: None,
            marks: Vec::new(),
            bottom: None,
            last_combat: None,
            deployment: false,
        }
    }
}

/// Why an image could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RenderError {
    /// The renderer has no board drawing for this variant.
    #[error("no board image exists for variant '{0}'")]
    UnsupportedVariant(&'static str),
    /// A game kind names a board art the registry does not have.
    #[error(
        "game kind '{kind}' names board art '{key}', which no art answers to (known: junqi, junqi4, junqi-backs, \
         draughts8, draughts10, draughts12, tiaoqi, sanjun, sanjun30, haijun, haijun21)"
    )]
    UnknownArt {
        /// The art key.
        key: &'static str,
        /// The kind that names it.
        kind: &'static str,
    },
    /// A picture has a token or mark on a point the art's board does not have.
    #[error("point {point} is not on the board of art '{art}'")]
    OffBoard {
        /// The art.
        art: &'static str,
        /// The point's index.
        point: u8,
    },
    /// A picture has a face-down token, and the art has no face-down tile.
    #[error("art '{0}' has no face-down tile, and the picture has a face-down piece")]
    NoFaceDownTile(&'static str),
    /// An animation needs at least one frame.
    #[error("an animation needs at least one frame")]
    NoFrames,
    /// The encoder failed (it writes to memory, so this is not expected).
    #[error("image encoding failed: {0}")]
    Encode(String),
}

/// A mark's label on a tile: the guessed piece's short name and a question mark (`司?`, `Ms?`),
/// at most three characters as the tile has room for.
pub fn mark_label(variant: &crate::rules::Variant, lang: Lang, kind: crate::rules::PieceKind) -> String {
    let mut label: String = text::label(variant, lang, kind).chars().take(2).collect();
    label.push('?');
    label
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
    fn a_deployment_is_captioned_as_one_and_marks_fit_a_tile() {
        use crate::rules::rng::Rng;
        use crate::rules::{Game, Mode, PieceKind, RuleOptions, Setup, Variant, Viewer};
        // The standard game, whose variant is the 2-player board's.
        let v = Variant::two_player_board();
        let d = Setup::random(v, &mut Rng::new(7)).validate(v, Seat::RED).expect("a legal layout");
        let view =
            Game::new(v, RuleOptions::default(), &[d], Seat::RED).view(Viewer::Seat(Seat::RED), Mode::Dark, None);
        let play = render_png(&view, &RenderOptions::default()).expect("png");
        let deploy = render_png(&view, &RenderOptions { deployment: true, ..RenderOptions::default() }).expect("png");
        assert_ne!(play, deploy);
        assert!(text::all_text().iter().any(|t| t.contains("布阵")));
        assert_eq!(mark_label(v, Lang::ZhHans, PieceKind(0)), "司?");
        assert_eq!(mark_label(v, Lang::En, PieceKind(3)), "Br?");
        // A mark is the short label's first two letters: Mshl (司令) marks as "Ms?".
        assert_eq!(mark_label(v, Lang::En, PieceKind(0)), "Ms?");
        assert_eq!(mark_label(v, Lang::ZhHant, PieceKind(6)), "連?");
    }

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
