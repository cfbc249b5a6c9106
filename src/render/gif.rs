//! Animated GIF of a game: one frame per ply. Every frame after the first stores only the box of
//! pixels that changed, with unchanged pixels inside it transparent, so a 300-ply game stays small.

use std::borrow::Cow;

use super::canvas::{IndexedImage, TRANSPARENT};
use super::{RenderError, RenderOptions, render_indexed};
use crate::rules::View;

/// Hundredths of a second each ply stays on screen.
pub const PLY_DELAY: u16 = 110;
/// Hundredths of a second the final position stays before the loop restarts.
pub const LAST_DELAY: u16 = 500;

/// Renders the frames (a view and its options per ply, the start position first) as a looping GIF.
pub fn render_gif(frames: &[(View, RenderOptions)]) -> Result<Vec<u8>, RenderError> {
    encode(frames.len(), frames.iter().map(|(view, opts)| render_indexed(view, opts)))
}

/// Encodes `count` frames, drawn one at a time as the encoder asks (a long game's frames are never
/// all in memory), as a looping GIF: the first whole, each later one as the box of pixels that
/// changed.
pub(super) fn encode<I>(count: usize, mut frames: I) -> Result<Vec<u8>, RenderError>
where
    I: Iterator<Item = Result<IndexedImage, RenderError>>,
{
    let enc_err = |e: ::gif::EncodingError| RenderError::Encode(e.to_string());
    let first = frames.next().ok_or(RenderError::NoFrames)??;
    // GIF palettes have a power-of-two size: pad to 256, index 255 being the transparent one.
    let mut palette = first.palette.bytes().to_vec();
    palette.resize(256 * 3, 0);
    let (w, h) = (first.width, first.height);
    let mut out = Vec::new();
    {
        let mut enc = ::gif::Encoder::new(&mut out, w as u16, h as u16, &palette).map_err(enc_err)?;
        enc.set_repeat(::gif::Repeat::Infinite).map_err(enc_err)?;
        let mut prev = first.pixels.clone();
        let last = count.saturating_sub(1);
        let delay = |i: usize| if i == last { LAST_DELAY } else { PLY_DELAY };
        let mut frame = ::gif::Frame {
            width: w as u16,
            height: h as u16,
            buffer: Cow::Borrowed(&first.pixels),
            delay: delay(0),
            ..::gif::Frame::default()
        };
        enc.write_frame(&frame).map_err(enc_err)?;
        for (i, img) in frames.enumerate() {
            let i = i + 1;
            let cur = img?.pixels;
            let (mut x0, mut y0, mut x1, mut y1) = (w, h, 0, 0);
            for y in 0..h {
                let row = y * w..(y + 1) * w;
                if cur[row.clone()] != prev[row.clone()] {
                    y0 = y0.min(y);
                    y1 = y + 1;
                    let (c, p) = (&cur[row.clone()], &prev[row]);
                    if let Some(l) = (0..w).find(|&x| c[x] != p[x]) {
                        x0 = x0.min(l);
                    }
                    if let Some(r) = (0..w).rev().find(|&x| c[x] != p[x]) {
                        x1 = x1.max(r + 1);
                    }
                }
            }
            if x1 <= x0 {
                // Nothing changed: a one-pixel transparent frame keeps the timing.
                (x0, y0, x1, y1) = (0, 0, 1, 1);
            }
            let mut buf = Vec::with_capacity((x1 - x0) * (y1 - y0));
            for y in y0..y1 {
                for x in x0..x1 {
                    let k = y * w + x;
                    buf.push(if cur[k] == prev[k] { TRANSPARENT } else { cur[k] });
                }
            }
            frame = ::gif::Frame {
                left: x0 as u16,
                top: y0 as u16,
                width: (x1 - x0) as u16,
                height: (y1 - y0) as u16,
                buffer: Cow::Owned(buf),
                transparent: Some(TRANSPARENT),
                dispose: ::gif::DisposalMethod::Keep,
                delay: delay(i),
                ..::gif::Frame::default()
            };
            enc.write_frame(&frame).map_err(enc_err)?;
            prev = cur;
        }
    }
    Ok(out)
}
