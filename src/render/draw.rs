//! Composes one board image from a view: background, tiles, marks, last move, captions.

use super::assets::{self, Assets, SIZE_MARK, SIZE_TEXT, SIZE_TITLE, draw_text, text_width};
use super::canvas::IndexedImage;
use super::layout::{self, TILE_H, TILE_W};
use super::text::{self, Lang};
use super::{RenderError, RenderOptions, bottom_seat};
use crate::rules::variant::VariantId;
use crate::rules::view::PublicPly;
use crate::rules::{PointId, Seat, Variant, View, Viewer};

/// Renders a view into a palette image (the step before PNG or GIF encoding).
pub fn render_indexed(view: &View, opts: &RenderOptions) -> Result<IndexedImage, RenderError> {
    let variant = view.variant;
    if super::cross::is_cross(variant) {
        return super::cross::render_cross(view, opts);
    }
    if variant.id != VariantId::Junqi || view.cells.len() != variant.board.len() {
        return Err(RenderError::UnsupportedVariant(variant.name));
    }
    let a = assets::get();
    let bottom = bottom_seat(view, opts);
    let mut img = a.background[usize::from(bottom != Seat::RED)].clone();
    let lang = opts.lang;
    draw_pieces(&mut img, a, view, lang, bottom);
    if let Viewer::Seat(me) = view.viewer {
        draw_marks(&mut img, a, view, me, &opts.marks, bottom);
    }
    if let Some(last) = &view.last {
        draw_last_move(&mut img, a, variant, last, bottom);
    }
    draw_header(&mut img, a, view, opts);
    draw_footer(&mut img, a, view, opts);
    Ok(img)
}

fn side_index(seat: Seat) -> usize {
    usize::from(seat != Seat::RED)
}

fn draw_pieces(img: &mut IndexedImage, a: &Assets, view: &View, lang: Lang, bottom: Seat) {
    for (i, cell) in view.cells.iter().enumerate() {
        let Some(piece) = cell else { continue };
        let p = PointId(i as u8);
        let (x, y, _, _) = layout::tile_rect(view.variant, p, bottom);
        let s = side_index(piece.seat);
        let sprite = piece.kind.and_then(|k| a.labelled[s][lang.index()].get(usize::from(k.0))).unwrap_or(&a.blank[s]);
        img.blit(sprite, x, y);
        if piece.public && piece.kind.is_some() {
            // A gold corner inside the tile's border: everyone knows what this piece is.
            for d in 0..10 {
                img.fill_rect(x + 7, y + 5 + d, 10 - d, 1, a.c.gold);
            }
        }
    }
}

fn draw_marks(img: &mut IndexedImage, a: &Assets, view: &View, me: Seat, marks: &[(PointId, String)], bottom: Seat) {
    for (p, mark) in marks {
        let Some(Some(piece)) = view.cells.get(p.index()) else { continue };
        if piece.seat == me || piece.kind.is_some() {
            continue;
        }
        let mark: String = mark.chars().take(3).collect();
        let (cx, cy) = layout::centre(view.variant, *p, bottom);
        let w = text_width(a, &mark, SIZE_MARK);
        let fill = if piece.seat == Seat::RED { a.c.red } else { a.c.blue };
        let top = cy - (a.face(SIZE_MARK).size * 0.62) as i32;
        draw_text(img, a, &mark, SIZE_MARK, (cx - w / 2, top), a.c.mark, fill);
    }
}

/// Corner brackets on the start point, a full ring on the destination, a badge for a combat.
fn draw_last_move(img: &mut IndexedImage, a: &Assets, variant: &Variant, last: &PublicPly, bottom: Seat) {
    let (hi, bk) = (a.c.hilite, a.c.black);
    let (fx, fy, _, _) = layout::tile_rect(variant, last.mv.from, bottom);
    let (x, y, w, h) = (fx - 5, fy - 5, TILE_W + 10, TILE_H + 10);
    let arm = 16;
    for (cx, cy, sx, sy) in [(x, y, 1, 1), (x + w, y, -1, 1), (x, y + h, 1, -1), (x + w, y + h, -1, -1)] {
        // Each bracket: a black L under a green L, so it shows on light and dark ground.
        let hx = if sx > 0 { cx } else { cx - arm };
        let vy = if sy > 0 { cy } else { cy - arm };
        let bx = if sx > 0 { cx } else { cx - 6 };
        let by = if sy > 0 { cy } else { cy - 6 };
        img.fill_rect(hx - 1, by - 1, arm + 2, 8, bk);
        img.fill_rect(bx - 1, vy - 1, 8, arm + 2, bk);
        img.fill_rect(hx, by, arm, 6, hi);
        img.fill_rect(bx, vy, 6, arm, hi);
    }
    let (tx, ty, _, _) = layout::tile_rect(variant, last.mv.to, bottom);
    img.ring(tx - 6, ty - 6, TILE_W + 12, TILE_H + 12, 1, bk);
    img.ring(tx - 5, ty - 5, TILE_W + 10, TILE_H + 10, 4, hi);
    img.ring(tx - 1, ty - 1, TILE_W + 2, TILE_H + 2, 1, bk);
    if let Some(i) = assets::badge_index(last.outcome) {
        img.blit(&a.badges[i], tx + TILE_W - 14, ty - 14);
    }
}

/// `红方 c6-c7 · 进攻方胜 · 司 × 军`: the mover named by side.
fn describe_ply(variant: &Variant, lang: Lang, ply: &PublicPly) -> String {
    let kinds = (ply.attacker, ply.defender.and_then(|(_, k)| k));
    text::ply_words(variant, lang, &text::side(lang, ply.seat), ply.mv, ply.outcome, kinds)
}

fn draw_header(img: &mut IndexedImage, a: &Assets, view: &View, opts: &RenderOptions) {
    let lang = opts.lang;
    let c = a.c;
    let line1 = match view.over {
        Some(over) => text::game_over(lang, view.variant, over, view.ply),
        None if opts.deployment => text::deployment(lang, view.to_move),
        None => {
            let who = text::side(lang, view.to_move);
            let mut s = format!("{} · {}", text::to_move(lang, &who), text::move_number(lang, view.ply + 1));
            if let Some(d) = &opts.deadline {
                s.push_str(" · ");
                s.push_str(&text::deadline(lang, d));
            }
            s
        }
    };
    let mut x = 14;
    if view.over.is_none() {
        img.blit(&a.mini[side_index(view.to_move)], x, 12);
        x += 40;
    }
    let tag = text::viewer_tag(lang, view.viewer);
    let tag_w = text_width(a, &tag, SIZE_TEXT);
    draw_text(img, a, &tag, SIZE_TEXT, (layout::WIDTH - 14 - tag_w, 8), c.dim, c.bg);
    draw_text(img, a, &line1, SIZE_TITLE, (x, 4), c.text, c.bg);
    if let Some(last) = &view.last {
        let pen = draw_text(img, a, &text::last_move(lang), SIZE_TEXT, (14, 40), c.dim, c.bg);
        let fg = if last.seat == Seat::RED { c.red_text } else { c.blue_text };
        draw_text(img, a, &describe_ply(view.variant, lang, last), SIZE_TEXT, (pen + 10, 40), fg, c.bg);
    }
}

fn draw_footer(img: &mut IndexedImage, a: &Assets, view: &View, opts: &RenderOptions) {
    let lang = opts.lang;
    let c = a.c;
    let y0 = layout::FOOTER_Y;
    if let Some(combat) = &opts.last_combat
        && combat.outcome.is_combat()
        && view.last.as_ref().is_none_or(|l| l.ply != combat.ply)
    {
        let pen = draw_text(img, a, &text::last_combat(lang), SIZE_TEXT, (14, y0 + 2), c.dim, c.bg);
        let words = format!("{} · {}", text::move_number(lang, combat.ply), describe_ply(view.variant, lang, combat));
        let fg = if combat.seat == Seat::RED { c.red_text } else { c.blue_text };
        draw_text(img, a, &words, SIZE_TEXT, (pen + 10, y0 + 2), fg, c.bg);
    }
    let colour = |s: Seat| if s == Seat::RED { c.red_text } else { c.blue_text };
    let public = view.viewer == Viewer::Spectator;
    let mut x = 14;
    for (i, r) in view.removed.iter().enumerate() {
        let head = text::lost(lang, &text::side(lang, r.seat), r.count);
        match (&r.by_kind, public) {
            (Some(kinds), false) if r.count > 0 => {
                let y = y0 + 28 + 26 * i as i32;
                let words = format!("{head}:  {}", text::removed_kinds(view.variant, lang, kinds).join("  "));
                draw_text(img, a, &words, SIZE_TEXT, (14, y), colour(r.seat), c.bg);
            }
            _ if public => {
                x = draw_text(img, a, &head, SIZE_TEXT, (x, y0 + 40), colour(r.seat), c.bg) + 36;
            }
            _ => {
                let y = y0 + 28 + 26 * i as i32;
                draw_text(img, a, &head, SIZE_TEXT, (14, y), colour(r.seat), c.bg);
            }
        }
    }
}
