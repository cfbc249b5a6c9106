//! Indexed (palette) pixel buffers: the drawing surface, sprites with a transparent index, and the
//! PNG encoder.

use super::RenderError;
use super::assets;

/// The palette index that sprites use for "leave the pixel below", and GIF frames for "unchanged".
pub const TRANSPARENT: u8 = 255;

/// Which shared palette an image's indices refer to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PaletteId {
    /// The palette of the 2-player board ([`assets`]).
    #[default]
    Duel,
    /// The palette of the 4-player cross board ([`super::cross`]).
    Cross,
    /// The palette of the three draughts boards ([`super::draughts`]).
    Draughts,
    /// The palette of the 跳棋 star ([`super::tiaoqi`]).
    Tiaoqi,
    /// The palette of the three-layer 陆海空 boards ([`super::sanjun`]).
    Sanjun,
    /// The palette of the 海军棋 sea ([`super::haijun`]).
    Haijun,
    /// The palette of the 二十一世紀海軍棋 sea ([`super::haijun::get21`]).
    Haijun21,
}

impl PaletteId {
    /// The palette as RGB triples.
    pub fn colours(self) -> &'static [[u8; 3]] {
        match self {
            PaletteId::Duel => &assets::get().palette,
            PaletteId::Cross => &super::cross::get().palette,
            PaletteId::Draughts => &super::draughts::get().palette,
            PaletteId::Tiaoqi => &super::tiaoqi::get().palette,
            PaletteId::Sanjun => &super::sanjun::get().palette,
            PaletteId::Haijun => &super::haijun::get().palette,
            PaletteId::Haijun21 => &super::haijun::get21().palette,
        }
    }

    /// The palette as the bytes PNG and GIF want.
    pub fn bytes(self) -> &'static [u8] {
        match self {
            PaletteId::Duel => &assets::get().palette_bytes,
            PaletteId::Cross => &super::cross::get().palette_bytes,
            PaletteId::Draughts => &super::draughts::get().palette_bytes,
            PaletteId::Tiaoqi => &super::tiaoqi::get().palette_bytes,
            PaletteId::Sanjun => &super::sanjun::get().palette_bytes,
            PaletteId::Haijun => &super::haijun::get().palette_bytes,
            PaletteId::Haijun21 => &super::haijun::get21().palette_bytes,
        }
    }
}

/// A palette image: one byte per pixel indexing one of the shared palettes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndexedImage {
    /// Width in pixels.
    pub width: usize,
    /// Height in pixels.
    pub height: usize,
    /// Palette indices, row-major.
    pub pixels: Vec<u8>,
    /// The palette the indices refer to.
    pub palette: PaletteId,
}

impl IndexedImage {
    /// An image of one colour.
    pub fn new(width: usize, height: usize, fill: u8) -> IndexedImage {
        IndexedImage::with_palette(width, height, fill, PaletteId::Duel)
    }

    /// An image of one colour whose indices refer to `palette`.
    pub fn with_palette(width: usize, height: usize, fill: u8, palette: PaletteId) -> IndexedImage {
        IndexedImage { width, height, pixels: vec![fill; width * height], palette }
    }

    /// The palette index at a pixel.
    pub fn get(&self, x: usize, y: usize) -> u8 {
        self.pixels[y * self.width + x]
    }

    /// The colour of a pixel.
    pub fn rgb(&self, x: usize, y: usize) -> [u8; 3] {
        self.palette.colours()[self.get(x, y) as usize]
    }

    /// Sets one pixel, ignoring points outside the image.
    #[inline]
    pub fn set(&mut self, x: i32, y: i32, c: u8) {
        if x >= 0 && y >= 0 && (x as usize) < self.width && (y as usize) < self.height {
            self.pixels[y as usize * self.width + x as usize] = c;
        }
    }

    /// Fills a rectangle, clipped to the image.
    pub fn fill_rect(&mut self, x: i32, y: i32, w: i32, h: i32, c: u8) {
        let x0 = x.max(0) as usize;
        let y0 = y.max(0) as usize;
        let x1 = ((x + w).max(0) as usize).min(self.width);
        let y1 = ((y + h).max(0) as usize).min(self.height);
        if x0 >= x1 {
            return;
        }
        for row in y0..y1 {
            self.pixels[row * self.width + x0..row * self.width + x1].fill(c);
        }
    }

    /// Draws a rectangular ring of thickness `t` just inside the rectangle.
    pub fn ring(&mut self, x: i32, y: i32, w: i32, h: i32, t: i32, c: u8) {
        self.fill_rect(x, y, w, t, c);
        self.fill_rect(x, y + h - t, w, t, c);
        self.fill_rect(x, y, t, h, c);
        self.fill_rect(x + w - t, y, t, h, c);
    }

    /// Fills a disc of radius `r` centred on (cx, cy) (no anti-aliasing: drawn per image, when
    /// the palette is fixed).
    pub fn disc(&mut self, cx: i32, cy: i32, r: i32, c: u8) {
        self.circle(cx, cy, r, -1, c);
    }

    /// Fills the ring between radii `inner` (exclusive) and `outer` (inclusive) around (cx, cy).
    pub fn circle(&mut self, cx: i32, cy: i32, outer: i32, inner: i32, c: u8) {
        let (o2, i2) = (outer * outer + outer, if inner < 0 { -1 } else { inner * inner + inner });
        for dy in -outer..=outer {
            for dx in -outer..=outer {
                let d = dx * dx + dy * dy;
                if d <= o2 && d > i2 {
                    self.set(cx + dx, cy + dy, c);
                }
            }
        }
    }

    /// A straight line `w` pixels wide from `a` to `b`, with round ends.
    pub fn line(&mut self, a: (i32, i32), b: (i32, i32), w: i32, c: u8) {
        let half = w as f32 / 2.0;
        let (x0, x1) = (a.0.min(b.0) - w, a.0.max(b.0) + w);
        let (y0, y1) = (a.1.min(b.1) - w, a.1.max(b.1) + w);
        let (dx, dy) = ((b.0 - a.0) as f32, (b.1 - a.1) as f32);
        let len2 = dx * dx + dy * dy;
        for y in y0.max(0)..=y1.min(self.height as i32 - 1) {
            // Only the pixels near the part of the segment within `half` of this row can be on
            // the line: the test below runs over that span, not the whole bounding box (a flight
            // across the board would otherwise test half a million pixels).
            let (lo, hi) = if dy == 0.0 {
                (a.0.min(b.0), a.0.max(b.0))
            } else {
                let reach = half + 1.0;
                let t0 = ((y as f32 - reach - a.1 as f32) / dy).clamp(0.0, 1.0);
                let t1 = ((y as f32 + reach - a.1 as f32) / dy).clamp(0.0, 1.0);
                let (xa, xb) = (a.0 as f32 + t0 * dx, a.0 as f32 + t1 * dx);
                (xa.min(xb).floor() as i32, xa.max(xb).ceil() as i32)
            };
            let span = w + 1;
            for x in (lo - span).max(x0)..=(hi + span).min(x1) {
                let (px, py) = ((x - a.0) as f32, (y - a.1) as f32);
                let t = if len2 == 0.0 { 0.0 } else { ((px * dx + py * dy) / len2).clamp(0.0, 1.0) };
                let (qx, qy) = (px - t * dx, py - t * dy);
                if qx * qx + qy * qy <= half * half {
                    self.set(x, y, c);
                }
            }
        }
    }

    /// Copies a sprite with its top-left corner at (x, y), skipping transparent pixels.
    pub fn blit(&mut self, s: &IndexedImage, x: i32, y: i32) {
        for sy in 0..s.height {
            let ty = y + sy as i32;
            if ty < 0 || ty as usize >= self.height {
                continue;
            }
            let src = &s.pixels[sy * s.width..(sy + 1) * s.width];
            for (sx, &c) in src.iter().enumerate() {
                let tx = x + sx as i32;
                if c != TRANSPARENT && tx >= 0 && (tx as usize) < self.width {
                    self.pixels[ty as usize * self.width + tx as usize] = c;
                }
            }
        }
    }

    /// Encodes the image as an indexed PNG with the shared palette: unfiltered rows, deflated by
    /// zlib-rs at level 1, in a file we write chunk by chunk (IHDR, PLTE, IDAT, IEND).
    pub fn to_png(&self) -> Result<Vec<u8>, RenderError> {
        self.to_png_at(1)
    }

    /// [`IndexedImage::to_png`] deflated at zlib level `level` (1–9).
    pub fn to_png_at(&self, level: i32) -> Result<Vec<u8>, RenderError> {
        let palette_bytes = self.palette.bytes();
        let mut raw = Vec::with_capacity((self.width + 1) * self.height);
        for row in self.pixels.chunks_exact(self.width) {
            raw.push(0);
            raw.extend_from_slice(row);
        }
        let z = zlib_stream(raw, level, self.width + 1)?;
        let mut out = Vec::with_capacity(z.len() + palette_bytes.len() + 64);
        out.extend_from_slice(b"\x89PNG\r\n\x1a\n");
        let mut ihdr = Vec::with_capacity(13);
        ihdr.extend_from_slice(&(self.width as u32).to_be_bytes());
        ihdr.extend_from_slice(&(self.height as u32).to_be_bytes());
        // Bit depth 8, colour type 3 (indexed), deflate, no filter method extras, no interlace.
        ihdr.extend_from_slice(&[8, 3, 0, 0, 0]);
        chunk(&mut out, b"IHDR", &ihdr);
        chunk(&mut out, b"PLTE", palette_bytes);
        chunk(&mut out, b"IDAT", &z);
        chunk(&mut out, b"IEND", &[]);
        Ok(out)
    }

    /// The same image through the `png` crate (kept to check our writer against).
    pub fn to_png_reference(&self) -> Result<Vec<u8>, RenderError> {
        let mut out = Vec::with_capacity(48 * 1024);
        let enc_err = |e: png::EncodingError| RenderError::Encode(e.to_string());
        {
            let mut enc = png::Encoder::new(&mut out, self.width as u32, self.height as u32);
            enc.set_color(png::ColorType::Indexed);
            enc.set_depth(png::BitDepth::Eight);
            enc.set_palette(self.palette.bytes());
            // Measured on board images: unfiltered rows with zlib level 1 are both the fastest
            // and a third of the size of fdeflate's "fast" mode (which suits photographs, not
            // flat palette art).
            enc.set_deflate_compression(png::DeflateCompression::Level(1));
            enc.set_filter(png::Filter::NoFilter);
            let mut w = enc.write_header().map_err(enc_err)?;
            w.write_image_data(&self.pixels).map_err(enc_err)?;
            w.finish().map_err(enc_err)?;
        }
        Ok(out)
    }
}

/// Below this many bytes of rows an image is deflated in one piece: handing half of it to the
/// helper thread costs more than it saves.
const SPLIT_FROM: usize = 256 * 1024;

/// The zlib stream of `raw` (rows of `stride` bytes) at `level`. A large image is deflated as two
/// halves (as pigz does: the first ends with a sync flush, the second continues the stream
/// without the first's window, which costs a few hundred bytes), the second by a helper thread
/// when it is free: the 三军 boards' 880 KB of rows then take half the time. The bytes are the
/// same whoever deflates the second half, so an image is always the same file.
fn zlib_stream(raw: Vec<u8>, level: i32, stride: usize) -> Result<Vec<u8>, RenderError> {
    let mut z = Vec::with_capacity(raw.len() / 8);
    // CMF 0x78 (deflate, 32 KB window), FLG 0x01 (no dictionary; 0x7801 is a multiple of 31).
    z.extend_from_slice(&[0x78, 0x01]);
    if raw.len() < SPLIT_FROM {
        deflate_part(&raw, level, true, &mut z)?;
        z.extend_from_slice(&zlib_rs::adler32::adler32(1, &raw).to_be_bytes());
        return Ok(z);
    }
    let raw = std::sync::Arc::new(raw);
    let mid = (raw.len() / 2).div_ceil(stride) * stride;
    let second = helper::claim().map(|claim| claim.deflate(raw.clone(), mid, level));
    deflate_part(&raw[..mid], level, false, &mut z)?;
    let adler = zlib_rs::adler32::adler32(1, &raw);
    match second {
        Some(pending) => z.extend_from_slice(&pending.wait()?),
        None => deflate_part(&raw[mid..], level, true, &mut z)?,
    }
    z.extend_from_slice(&adler.to_be_bytes());
    Ok(z)
}

/// Deflates `input` as a raw deflate stream (or a part of one), appending it to `dst`: `last`
/// ends the stream with a final block; otherwise the part ends on a byte boundary (a sync
/// flush), where another part can follow. (Keeping the deflater and its buffer per thread
/// across images was measured: it saves nothing.)
fn deflate_part(input: &[u8], level: i32, last: bool, dst: &mut Vec<u8>) -> Result<(), RenderError> {
    let config = zlib_rs::DeflateConfig { window_bits: -15, ..zlib_rs::DeflateConfig::new(level) };
    let mut stream = zlib_rs::Deflate::new_with_config(config);
    let mut out = vec![0u8; zlib_rs::compress_bound(input.len()) + 64];
    let flush = if last { zlib_rs::DeflateFlush::Finish } else { zlib_rs::DeflateFlush::SyncFlush };
    let status = stream.compress(input, &mut out, flush);
    let done = if last { zlib_rs::Status::StreamEnd } else { zlib_rs::Status::Ok };
    if status != Ok(done) || stream.total_in() != input.len() as u64 {
        return Err(RenderError::Encode(format!("deflate failed: {status:?}")));
    }
    dst.extend_from_slice(&out[..stream.total_out() as usize]);
    Ok(())
}

/// The helper thread that deflates the second half of a large image.
mod helper {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::mpsc::{Receiver, Sender, channel};
    use std::sync::{Arc, OnceLock};

    use super::{RenderError, deflate_part};

    /// A half to deflate: the rows, where the half starts, the level, where to answer.
    type Job = (Arc<Vec<u8>>, usize, i32, Sender<Result<Vec<u8>, RenderError>>);

    struct Helper {
        jobs: Sender<Job>,
        /// Taken by the one image using the helper; another image meanwhile deflates alone, so
        /// images drawn at once never queue behind each other here.
        busy: AtomicBool,
    }

    static HELPER: OnceLock<Option<Helper>> = OnceLock::new();

    fn start() -> Option<Helper> {
        // One core: nothing to gain.
        if std::thread::available_parallelism().map_or(1, |n| n.get()) < 2 {
            return None;
        }
        let (tx, rx) = channel::<Job>();
        std::thread::Builder::new().name("png-deflate".into()).spawn(move || serve(rx)).ok()?;
        Some(Helper { jobs: tx, busy: AtomicBool::new(false) })
    }

    fn serve(jobs: Receiver<Job>) {
        for (raw, from, level, answer) in jobs {
            let mut out = Vec::with_capacity((raw.len() - from) / 8);
            let done = deflate_part(&raw[from..], level, true, &mut out).map(|()| out);
            let _ = answer.send(done);
        }
    }

    /// The helper, reserved for one image; `None` if it is busy with another (or there is none).
    pub(super) fn claim() -> Option<Claim> {
        let h = HELPER.get_or_init(start).as_ref()?;
        h.busy.compare_exchange(false, true, Ordering::Acquire, Ordering::Relaxed).ok()?;
        Some(Claim(h))
    }

    /// The helper reserved; released when dropped.
    pub(super) struct Claim(&'static Helper);

    /// The second half being deflated.
    pub(super) struct Pending {
        answer: Receiver<Result<Vec<u8>, RenderError>>,
        /// Keeps the helper reserved until the answer is in.
        _claim: Claim,
    }

    impl Claim {
        /// Sends the rows from `from` on to be deflated as the stream's end.
        pub(super) fn deflate(self, raw: Arc<Vec<u8>>, from: usize, level: i32) -> Pending {
            let (tx, rx) = channel();
            if self.0.jobs.send((raw.clone(), from, level, tx.clone())).is_err() {
                // The helper is gone (it cannot panic, but if it did): deflate here instead.
                let mut out = Vec::new();
                let _ = tx.send(deflate_part(&raw[from..], level, true, &mut out).map(|()| out));
            }
            Pending { answer: rx, _claim: self }
        }
    }

    impl Pending {
        /// The deflated second half.
        pub(super) fn wait(self) -> Result<Vec<u8>, RenderError> {
            self.answer.recv().map_err(|_| RenderError::Encode("the deflate helper stopped".into()))?
        }
    }

    impl Drop for Claim {
        fn drop(&mut self) {
            self.0.busy.store(false, Ordering::Release);
        }
    }
}

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let start = out.len();
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let crc = crc32fast::hash(&out[start..]);
    out.extend_from_slice(&crc.to_be_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The line as first written: the distance test over the whole bounding box.
    fn line_by_box(img: &mut IndexedImage, a: (i32, i32), b: (i32, i32), w: i32, c: u8) {
        let half = w as f32 / 2.0;
        let (dx, dy) = ((b.0 - a.0) as f32, (b.1 - a.1) as f32);
        let len2 = dx * dx + dy * dy;
        for y in a.1.min(b.1) - w..=a.1.max(b.1) + w {
            for x in a.0.min(b.0) - w..=a.0.max(b.0) + w {
                let (px, py) = ((x - a.0) as f32, (y - a.1) as f32);
                let t = if len2 == 0.0 { 0.0 } else { ((px * dx + py * dy) / len2).clamp(0.0, 1.0) };
                let (qx, qy) = (px - t * dx, py - t * dy);
                if qx * qx + qy * qy <= half * half {
                    img.set(x, y, c);
                }
            }
        }
    }

    #[test]
    fn a_line_covers_the_same_pixels_as_the_bounding_box_test() {
        // Steep, shallow, flat, upright, diagonal and single-point lines, some crossing the edges.
        let ends = [(3, 5), (90, 7), (40, 120), (-6, 60), (110, 118), (57, 57), (58, 3), (1, 119)];
        for &a in &ends {
            for &b in &ends {
                for w in [1, 3, 5, 8] {
                    let mut fast = IndexedImage::new(112, 120, 0);
                    let mut slow = fast.clone();
                    fast.line(a, b, w, 7);
                    line_by_box(&mut slow, a, b, w, 7);
                    assert!(fast == slow, "{a:?} → {b:?} width {w}");
                    let inside = |p: (i32, i32)| (0..112).contains(&p.0) && (0..120).contains(&p.1);
                    if inside(a) || inside(b) {
                        assert!(fast.pixels.contains(&7), "{a:?} → {b:?} width {w} draws");
                    }
                }
            }
        }
    }

    #[test]
    fn every_level_decodes_to_the_same_pixels() {
        let mut img = IndexedImage::with_palette(61, 40, 3, PaletteId::Duel);
        img.fill_rect(5, 5, 30, 20, 9);
        img.line((0, 39), (60, 0), 3, 12);
        img.disc(40, 20, 9, 1);
        for level in [1, 2, 6] {
            let bytes = img.to_png_at(level).expect("encodes");
            let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
            let mut reader = decoder.read_info().expect("a PNG");
            let mut buf = vec![0; reader.output_buffer_size().expect("a size")];
            let info = reader.next_frame(&mut buf).expect("a frame");
            assert_eq!((info.width, info.height), (61, 40));
            assert_eq!(&buf[..info.buffer_size()], &img.pixels[..], "level {level}");
        }
    }

    fn decoded(bytes: Vec<u8>) -> Vec<u8> {
        let mut reader = png::Decoder::new(std::io::Cursor::new(bytes)).read_info().expect("a PNG");
        let mut buf = vec![0; reader.output_buffer_size().expect("a size")];
        let info = reader.next_frame(&mut buf).expect("a frame");
        buf.truncate(info.buffer_size());
        buf
    }

    #[test]
    fn a_large_image_deflated_in_two_halves_decodes_to_its_pixels_even_drawn_at_once() {
        // 800 × 700: past SPLIT_FROM, so the helper deflates the second half when it is free;
        // four threads at once, so some find it busy and deflate alone: the same bytes.
        let mut img = IndexedImage::with_palette(800, 700, 3, PaletteId::Duel);
        const { assert!(801 * 700 >= SPLIT_FROM) };
        for i in 0..40 {
            img.line((i * 20, 0), (799 - i * 13, 699), 2 + i % 5, (i % 30) as u8);
            img.disc(20 * i + 5, 17 * i % 700, 9, (i % 7) as u8);
        }
        let alone = [1, 2].map(|level| img.to_png_at(level).expect("encodes"));
        std::thread::scope(|s| {
            for level in [1, 2, 1, 2] {
                let (img, alone) = (&img, &alone);
                s.spawn(move || {
                    for _ in 0..5 {
                        let bytes = img.to_png_at(level).expect("encodes");
                        assert!(bytes == alone[level as usize - 1], "level {level}: the same file");
                        assert!(decoded(bytes) == img.pixels, "level {level}");
                    }
                });
            }
        });
    }
}
