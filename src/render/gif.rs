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

/// How long a replay lasts when no length is asked for: about a minute, whatever the game's
/// length (a 362-ply game at [`PLY_DELAY`] took 6 min 43 s).
pub const DEFAULT_SECONDS: u32 = 60;
/// The shortest a ply stays (hundredths): GIF viewers show shorter delays as 0.1 s anyway.
pub const MIN_PLY_DELAY: u16 = 10;
/// A ply with a combat stays this many times as long as a quiet one.
pub const COMBAT_WEIGHT: f64 = 2.5;

/// Each frame's delay in hundredths of a second for a replay of about `seconds` (the final
/// frame's [`LAST_DELAY`] aside): the start and every quiet ply one share, a ply with a combat
/// (`combat[i]`) [`COMBAT_WEIGHT`] shares; a share is held between [`MIN_PLY_DELAY`] and
/// [`PLY_DELAY`], so a short game is not dragged out and a long one stays readable (a 362-ply
/// game with 60 combats: about 60 s).
pub fn pace(combat: &[bool], seconds: u32) -> Vec<u16> {
    let weight = |c: bool| if c { COMBAT_WEIGHT } else { 1.0 };
    let shares: f64 = combat.iter().take(combat.len().saturating_sub(1)).map(|&c| weight(c)).sum();
    let share = if shares > 0.0 { f64::from(seconds) * 100.0 / shares } else { f64::from(PLY_DELAY) };
    let share = share.clamp(f64::from(MIN_PLY_DELAY), f64::from(PLY_DELAY));
    let last = combat.len().saturating_sub(1);
    combat
        .iter()
        .enumerate()
        .map(|(i, &c)| if i == last { LAST_DELAY } else { (share * weight(c)).round() as u16 })
        .collect()
}

/// Renders the frames (a view and its options per ply, the start position first) as a looping GIF.
pub fn render_gif(frames: &[(View, RenderOptions)]) -> Result<Vec<u8>, RenderError> {
    let last = frames.len().saturating_sub(1);
    let delays: Vec<u16> = (0..frames.len()).map(|i| if i == last { LAST_DELAY } else { PLY_DELAY }).collect();
    encode(&delays, frames.iter().map(|(view, opts)| render_indexed(view, opts)))
}

/// Encodes one frame per delay (hundredths of a second each), drawn one at a time as the encoder
/// asks (a long game's frames are never all in memory), as a looping GIF: the first whole, each
/// later one as the box of pixels that changed.
pub(super) fn encode<I>(delays: &[u16], mut frames: I) -> Result<Vec<u8>, RenderError>
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
        let delay = |i: usize| delays.get(i).copied().unwrap_or(PLY_DELAY);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_game_lasts_about_the_time_asked_with_combats_held_longer() {
        let combat: Vec<bool> = (0..363).map(|i| i % 6 == 0 && i > 0).collect();
        let d = pace(&combat, 60);
        assert_eq!(d.len(), 363);
        assert_eq!(d[362], LAST_DELAY);
        let total: u32 = d[..362].iter().map(|&x| u32::from(x)).sum();
        assert!((5800..=6200).contains(&total), "{total}");
        assert!(d[6] > d[5], "a combat stays longer: {} vs {}", d[6], d[5]);
    }

    #[test]
    fn short_games_keep_the_old_pace_and_long_ones_a_readable_one() {
        // Ten plies would last 6 s a ply at a minute: held at PLY_DELAY.
        assert!(pace(&[false; 11], 60)[..10].iter().all(|&d| d == PLY_DELAY));
        // A thousand plies in a minute would flash: held at MIN_PLY_DELAY.
        assert!(pace(&[false; 1001], 60)[..1000].iter().all(|&d| d == MIN_PLY_DELAY));
        assert_eq!(pace(&[false], 60), vec![LAST_DELAY]);
        assert!(pace(&[], 60).is_empty());
    }
}
