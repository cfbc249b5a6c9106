//! The engines' views drawn as pictures: a Junqi-family [`View`] (2 or 4 seats) becomes the
//! contract's picture (`rules::adapters::pictures::of_view`) of its kind and is drawn by the one
//! renderer ([`super::picture_indexed`]), so a view and a picture of the same board look alike.

use super::picture::{PictureOptions, picture_indexed};
use super::{RenderError, RenderOptions};
use crate::rules::adapters::pictures;
use crate::rules::contract::{Explained, GameKind, Line, catalog};
use crate::rules::view::PublicPly;
use crate::rules::{Variant, View};

use super::canvas::IndexedImage;

/// The kind whose art draws a variant's board.
pub(super) fn kind_of(variant: &Variant) -> Result<&'static GameKind, RenderError> {
    catalog::find(variant.name).map(|d| d.kind).ok_or(RenderError::UnsupportedVariant(variant.name))
}

/// A replay's most recent combat, as a caption line: `第 12 手 · 红方 c6-c7 · 进攻方胜 · 司 × 军`.
fn combat_line(kind: &GameKind, variant: &Variant, ply: &PublicPly) -> Line {
    let kinds = (ply.attacker, ply.defender.and_then(|(_, k)| k));
    let words = pictures::ply_line(variant, &pictures::seat_name(kind, ply.seat), ply.mv, ply.outcome, kinds);
    let n = ply.ply;
    Line::new(Explained::new(format!("move {n} · {}", words.en), format!("第 {n} 手 · {}", words.zh)), Some(ply.seat))
}

/// The picture options that draw a view as its render options ask.
pub(super) fn picture_options(kind: &GameKind, view: &View, opts: &RenderOptions) -> PictureOptions {
    let last_combat = opts
        .last_combat
        .as_ref()
        .filter(|c| c.outcome.is_combat() && view.last.as_ref().is_none_or(|l| l.ply != c.ply))
        .map(|c| combat_line(kind, view.variant, c));
    PictureOptions {
        lang: opts.lang,
        bottom: opts.bottom,
        caption: None,
        deadline: opts.deadline.clone(),
        marks: opts.marks.clone(),
        deployment: opts.deployment,
        last_combat,
    }
}

/// Renders a view into a palette image (the step before PNG or GIF encoding).
pub fn render_indexed(view: &View, opts: &RenderOptions) -> Result<IndexedImage, RenderError> {
    if view.cells.len() != view.variant.board.len() {
        return Err(RenderError::UnsupportedVariant(view.variant.name));
    }
    let kind = kind_of(view.variant)?;
    picture_indexed(&pictures::of_view(view, kind), kind, &picture_options(kind, view, opts))
}
