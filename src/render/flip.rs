//! Board images of 翻棋 (`rules-flip.md` §6): face-down pieces as one identical back, face-up
//! pieces of both colours with their labels, on the standard board. Drawn from a [`FlipView`]
//! only, whose face-down cells carry nothing, so an image cannot tell two deals apart that agree on
//! every face-up piece.

use std::borrow::Cow;

use super::assets::{self, Assets, SIZE_TEXT, SIZE_TITLE, draw_text, text_width};
use super::canvas::IndexedImage;
use super::layout::{self, TILE_H, TILE_W};
use super::text::{self, Lang, pick};
use super::{RenderError, gif};
use crate::rules::flip::{self, FlipCell, FlipEvent, FlipView, Player};
use crate::rules::game::GameOver;
use crate::rules::{PointId, Seat, Variant};

/// The back of every face-down piece: a neutral tile, the same for both colours (the colours of
/// face-down pieces are secret). Built from palette colours the board already has.
fn back(a: &Assets) -> IndexedImage {
    let (w, h) = (TILE_W, TILE_H);
    let mut t = IndexedImage::new(w as usize, h as usize, a.c.black);
    t.fill_rect(2, 2, w - 4, h - 4, a.c.dim);
    t.ring(5, 5, w - 10, h - 10, 1, a.c.black);
    // A small diamond of squares in the middle: a pattern, not a colour, says "face down".
    let (cx, cy) = (w / 2, h / 2);
    for (dx, dy) in [(0, -8), (-8, 0), (8, 0), (0, 8), (0, 0)] {
        t.fill_rect(cx + dx - 3, cy + dy - 3, 6, 6, a.c.black);
    }
    t
}

/// `P1 (蓝方)` / `P1 (Blue)`, or just `P1` before colours are assigned.
fn player_name(lang: Lang, view: &FlipView, p: Player) -> String {
    match view.colour_of(p) {
        Some(c) => format!("{} ({})", p.tag(), text::side(lang, c)),
        None => p.tag().to_string(),
    }
}

/// The end of a 翻棋 game, its winner named as a player.
fn over_line(lang: Lang, view: &FlipView, over: GameOver) -> String {
    let result = over.winner.and_then(Player::from_index).map(|p| text::won(lang, &player_name(lang, view, p), false));
    text::over_line(lang, result, over.reason, view.ply)
}

/// The last ply in words: `P1 (蓝方) +c6 公开 蓝方连` / `P2 (Red) d6-c6 · attacker won · MG × Capt`.
fn describe_last(lang: Lang, view: &FlipView) -> Option<(String, Option<Seat>)> {
    let last = view.last.as_ref()?;
    let v = Variant::junqi();
    let who = player_name(lang, view, last.player);
    Some(match last.event {
        FlipEvent::Flip { point, colour, kind } => (
            lang.script(format!(
                "{who} +{} {} {}{}{}",
                v.board.name(point),
                pick(lang, "公开", "flipped"),
                text::side(lang, colour),
                pick(lang, "", " "),
                text::label(v, lang, kind)
            )),
            Some(colour),
        ),
        FlipEvent::Move { mv, outcome, attacker, defender } => {
            // Both kinds of a 翻棋 combat are face up; they are named only with a defender.
            let kinds = match defender {
                Some((_, dk)) => (Some(attacker.1), Some(dk)),
                None => (None, None),
            };
            (text::ply_words(v, lang, &who, mv, outcome, kinds), Some(attacker.0))
        }
    })
}

/// Renders a flip view into a palette image.
pub fn render_flip_indexed(view: &FlipView, lang: Lang) -> Result<IndexedImage, RenderError> {
    let v = Variant::junqi();
    if view.cells.len() != v.board.len() {
        return Err(RenderError::UnsupportedVariant(flip::VARIANT_NAME));
    }
    let a = assets::get();
    // Nobody owns a half in flip, so Red's orientation (rank 1 at the bottom) for everyone.
    let bottom = Seat::RED;
    let mut img = a.background[0].clone();
    let back = back(a);
    for (i, cell) in view.cells.iter().enumerate() {
        let Some(cell) = cell else { continue };
        let (x, y, _, _) = layout::tile_rect(v, PointId(i as u8), bottom);
        match *cell {
            FlipCell::FaceDown => img.blit(&back, x, y),
            FlipCell::FaceUp { colour, kind } => {
                let s = colour.index().min(1);
                let sprite = a.labelled[s][lang.index()].get(usize::from(kind.0)).unwrap_or(&a.blank[s]);
                img.blit(sprite, x, y);
            }
        }
    }
    if let Some(last) = &view.last {
        let p = match last.event {
            FlipEvent::Flip { point, .. } => point,
            FlipEvent::Move { mv, .. } => {
                let (fx, fy, _, _) = layout::tile_rect(v, mv.from, bottom);
                img.ring(fx - 4, fy - 4, TILE_W + 8, TILE_H + 8, 2, a.c.hilite);
                mv.to
            }
        };
        let (tx, ty, _, _) = layout::tile_rect(v, p, bottom);
        img.ring(tx - 6, ty - 6, TILE_W + 12, TILE_H + 12, 1, a.c.black);
        img.ring(tx - 5, ty - 5, TILE_W + 10, TILE_H + 10, 4, a.c.hilite);
        img.ring(tx - 1, ty - 1, TILE_W + 2, TILE_H + 2, 1, a.c.black);
    }
    let c = a.c;
    let line1 = match view.over {
        Some(over) => over_line(lang, view, over),
        None => {
            let who = player_name(lang, view, view.to_move);
            // A space after the player's tag: `P1 (蓝方) 走棋` reads better than `P1 (蓝方)走棋`.
            let turn = match lang {
                Lang::En => format!("{who} to move"),
                _ => lang.script(format!("{who} 走棋")),
            };
            format!("{turn} · {}", text::move_number(lang, view.ply + 1))
        }
    };
    draw_text(&mut img, a, &line1, SIZE_TITLE, (14, 4), c.text, c.bg);
    let tag = pick(lang, "公开", "public");
    let tag_w = text_width(a, &tag, SIZE_TEXT);
    draw_text(&mut img, a, &tag, SIZE_TEXT, (layout::WIDTH - 14 - tag_w, 8), c.dim, c.bg);
    if let Some((words, colour)) = describe_last(lang, view) {
        let pen = draw_text(&mut img, a, &text::last_move(lang), SIZE_TEXT, (14, 40), c.dim, c.bg);
        let fg = match colour {
            Some(s) if s == Seat::RED => c.red_text,
            Some(_) => c.blue_text,
            None => c.text,
        };
        draw_text(&mut img, a, &words, SIZE_TEXT, (pen + 10, 40), fg, c.bg);
    }
    let y0 = layout::FOOTER_Y;
    let mut x = 14;
    for s in [Seat::RED, Seat::BLUE] {
        let n: u32 = view.removed[s.index()].iter().map(|&k| u32::from(k)).sum();
        let fg = if s == Seat::RED { c.red_text } else { c.blue_text };
        x = draw_text(&mut img, a, &text::lost(lang, &text::side(lang, s), n), SIZE_TEXT, (x, y0 + 12), fg, c.bg) + 36;
    }
    let down = match lang {
        Lang::En => format!("face down {}", view.face_down()),
        _ => lang.script(format!("未公开 {}", view.face_down())),
    };
    draw_text(&mut img, a, &down, SIZE_TEXT, (x, y0 + 12), c.dim, c.bg);
    Ok(img)
}

/// Renders a flip view as PNG bytes.
pub fn render_flip_png(view: &FlipView, lang: Lang) -> Result<Vec<u8>, RenderError> {
    render_flip_indexed(view, lang)?.to_png()
}

/// Renders flip views (the start first, then one per ply) as a looping GIF.
pub fn render_flip_gif(views: &[FlipView], lang: Lang) -> Result<Vec<u8>, RenderError> {
    let enc_err = |e: ::gif::EncodingError| RenderError::Encode(e.to_string());
    if views.is_empty() {
        return Err(RenderError::NoFrames);
    }
    let a = assets::get();
    let mut palette = a.palette_bytes.clone();
    palette.resize(256 * 3, 0);
    let mut out = Vec::new();
    {
        let (w, h) = (layout::WIDTH as u16, layout::HEIGHT as u16);
        let mut enc = ::gif::Encoder::new(&mut out, w, h, &palette).map_err(enc_err)?;
        enc.set_repeat(::gif::Repeat::Infinite).map_err(enc_err)?;
        let last = views.len() - 1;
        for (i, view) in views.iter().enumerate() {
            let img = render_flip_indexed(view, lang)?;
            let frame = ::gif::Frame {
                width: img.width as u16,
                height: img.height as u16,
                buffer: Cow::Owned(img.pixels),
                delay: if i == last { gif::LAST_DELAY } else { gif::PLY_DELAY },
                ..::gif::Frame::default()
            };
            enc.write_frame(&frame).map_err(enc_err)?;
        }
    }
    Ok(out)
}

/// Every string flip images draw beyond the standard ones, for the glyph test.
pub fn flip_text() -> Vec<String> {
    let mut out = Vec::new();
    for lang in Lang::ALL {
        out.push(pick(lang, "公开", "flipped").into_owned());
        out.push(pick(lang, "公开", "public").into_owned());
        out.push(pick(lang, "未公开 0", "face down 0").into_owned());
        out.push(pick(lang, " 走棋", " to move").into_owned());
        out.push("P1 P2 () +".to_string());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_flip_caption_has_a_glyph() {
        let missing = assets::missing_glyphs(&flip_text());
        assert!(missing.is_empty(), "characters missing from the font subset: {missing:?}");
    }
}
