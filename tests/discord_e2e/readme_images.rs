//! The README's pictures of Discord messages, made from the real thing: a game is played through
//! the fake Discord, and the payloads the bot sent for (a) the deployment panel's layout editor in
//! a player's DMs and (b) a `/junqi review` answer are drawn as a Discord-like mock of the message
//! — the board PNG of the payload's attachment, the content text, and the components' labels as
//! Discord's rounded boxes (select menus grey, buttons in their style's colour). Nothing in the
//! picture is typed by hand: change the panel or the review and the picture follows.
//!
//! With `JUNQI_REGENERATE=1` the pictures are written to `docs/images/editor-panel.png` and
//! `docs/images/review-message.png`; otherwise the test draws them (so the generator keeps
//! working) and checks that the committed files exist, are PNGs and stay under 200 KB.

use std::path::PathBuf;

use ab_glyph::{Font, FontRef, PxScale, ScaleFont};
use image::{Rgba, RgbaImage};
use imageproc::drawing::{draw_filled_circle_mut, draw_filled_rect_mut, draw_polygon_mut, draw_text_mut};
use imageproc::point::Point;
use imageproc::rect::Rect;
use serde_json::{Value, json};

use crate::support::fake_discord::{CHANNEL_ID, Recorded, payload};
use crate::support::harness::{Harness, content, custom_ids, posts_to, threads_made};

const ALICE: (u64, &str) = (100_000_000_000_000_001, "alice");
const BOB: (u64, &str) = (100_000_000_000_000_002, "bob");
const LAYOUT: &str = "ghfie cdh akgi bek dfjgj iljch";
/// The largest a README picture may be.
const MAX_BYTES: usize = 200 * 1024;
/// How many plies are played before the review (which shows the one before the last, so that
/// every button moves).
const PLIES: u32 = 12;

/// The repository's fonts: the board font (bold, a subset) and the names font (regular, GB 2312
/// level 1), so that a label or a line of text finds its glyphs in one or the other.
struct Fonts {
    bold: FontRef<'static>,
    regular: FontRef<'static>,
}

impl Fonts {
    fn load() -> Fonts {
        let bold = include_bytes!("../../assets/NotoSansCJKsc-Bold-subset.otf");
        let regular = include_bytes!("../../assets/NotoSansCJKsc-Regular-names.otf");
        Fonts { bold: FontRef::try_from_slice(bold).unwrap(), regular: FontRef::try_from_slice(regular).unwrap() }
    }

    /// The font that has `c` (the preferred one first); None when neither has it.
    fn of(&self, c: char, bold: bool) -> Option<&FontRef<'static>> {
        let (a, b) = if bold { (&self.bold, &self.regular) } else { (&self.regular, &self.bold) };
        [a, b].into_iter().find(|f| f.glyph_id(c).0 != 0)
    }

    /// How wide `text` is at `px`. A character neither font has counts as `?`.
    fn width(&self, text: &str, px: f32, bold: bool) -> f32 {
        text.chars().map(|c| self.advance(c, px, bold)).sum()
    }

    fn advance(&self, c: char, px: f32, bold: bool) -> f32 {
        let (font, c) = match self.of(c, bold) {
            Some(f) => (f, c),
            None => (&self.bold, '?'),
        };
        font.as_scaled(PxScale::from(px)).h_advance(font.glyph_id(c))
    }

    /// Draws `text` with its top-left at (x, y); returns the x where it ends.
    fn draw(&self, img: &mut RgbaImage, (x, y): (f32, f32), px: f32, colour: [u8; 3], text: &str, bold: bool) -> f32 {
        let mut x = x;
        for c in text.chars() {
            let (font, c) = match self.of(c, bold) {
                Some(f) => (f, c),
                None => (&self.bold, '?'),
            };
            let rgba = Rgba([colour[0], colour[1], colour[2], 255]);
            draw_text_mut(img, rgba, x.round() as i32, y.round() as i32, PxScale::from(px), font, &c.to_string());
            x += font.as_scaled(PxScale::from(px)).h_advance(font.glyph_id(c));
        }
        x
    }

    /// Splits `text` into lines no wider than `max` (at spaces where it can, else anywhere: CJK).
    fn wrap(&self, text: &str, px: f32, max: f32) -> Vec<String> {
        let mut out = Vec::new();
        for para in text.lines() {
            let mut line = String::new();
            for word in para.split_inclusive(' ') {
                if self.width(&format!("{line}{word}"), px, false) <= max {
                    line.push_str(word);
                    continue;
                }
                if !line.is_empty() {
                    out.push(std::mem::take(&mut line).trim_end().to_string());
                }
                for c in word.chars() {
                    if self.width(&format!("{line}{c}"), px, false) > max && !line.is_empty() {
                        out.push(std::mem::take(&mut line));
                    }
                    line.push(c);
                }
            }
            out.push(line.trim_end().to_string());
        }
        out
    }
}

/// Discord's dark theme.
const BACKGROUND: [u8; 3] = [49, 51, 56];
const TEXT: [u8; 3] = [219, 222, 225];
const MUTED: [u8; 3] = [148, 155, 164];
const WHITE: [u8; 3] = [255, 255, 255];
const BLURPLE: [u8; 3] = [88, 101, 242];
const MENU: [u8; 3] = [30, 31, 34];

/// A button style's colour (1 primary, 2 secondary, 3 success, 4 danger).
fn style_colour(style: u64) -> [u8; 3] {
    match style {
        1 => BLURPLE,
        3 => [36, 128, 70],
        4 => [218, 55, 60],
        _ => [78, 80, 88],
    }
}

fn rgba(c: [u8; 3]) -> Rgba<u8> {
    Rgba([c[0], c[1], c[2], 255])
}

/// A filled rectangle with rounded corners.
fn rounded(img: &mut RgbaImage, (x, y, w, h): (i32, i32, u32, u32), r: i32, colour: [u8; 3]) {
    let c = rgba(colour);
    draw_filled_rect_mut(img, Rect::at(x + r, y).of_size(w - 2 * r as u32, h), c);
    draw_filled_rect_mut(img, Rect::at(x, y + r).of_size(w, h - 2 * r as u32), c);
    let (x2, y2) = (x + w as i32 - 1 - r, y + h as i32 - 1 - r);
    for (cx, cy) in [(x + r, y + r), (x2, y + r), (x + r, y2), (x2, y2)] {
        draw_filled_circle_mut(img, (cx, cy), r, c);
    }
}

/// The media-control symbols of the review's buttons (⏮ ◀ ▶ ⏭), which the fonts lack, drawn as
/// shapes centred on (cx, cy). False for any other label.
fn draw_symbol(img: &mut RgbaImage, label: &str, (cx, cy): (i32, i32)) -> bool {
    let white = rgba(WHITE);
    let tri = |img: &mut RgbaImage, tip: i32, back: i32| {
        let pts = [Point::new(tip, cy), Point::new(back, cy - 7), Point::new(back, cy + 7)];
        draw_polygon_mut(img, &pts, white);
    };
    let bar = |img: &mut RgbaImage, x: i32| draw_filled_rect_mut(img, Rect::at(x, cy - 7).of_size(3, 15), white);
    match label {
        "◀" => tri(img, cx - 6, cx + 6),
        "▶" => tri(img, cx + 6, cx - 6),
        "⏮" => {
            bar(img, cx - 9);
            tri(img, cx - 6, cx + 2);
            tri(img, cx + 2, cx + 10);
        }
        "⏭" => {
            tri(img, cx - 2, cx - 10);
            tri(img, cx + 6, cx - 2);
            bar(img, cx + 7);
        }
        _ => return false,
    }
    true
}

/// Message text as Discord shows it: mentions by name, markdown markers dropped.
fn shown_text(text: &str) -> String {
    text.replace(&format!("<@{}>", ALICE.0), "@alice").replace(&format!("<@{}>", BOB.0), "@bob").replace("**", "")
}

/// Draws a message as Discord's client shows it: the bot's name, the content, the attached image,
/// the component rows, and (for an ephemeral answer) Discord's "Only you can see this" line.
fn mock(fonts: &Fonts, message: &Recorded, private: Option<&str>) -> RgbaImage {
    const WIDTH: u32 = 640;
    const LEFT: f32 = 72.0;
    let body = message.json.as_ref().expect("a JSON body");
    let board = message.files.iter().find(|f| f.1.ends_with(".png")).expect("an image");
    let mut board = image::load_from_memory(&board.2).expect("a PNG").to_rgba8();
    let max_w = WIDTH - LEFT as u32 - 24;
    if board.width() > max_w {
        let h = board.height() * max_w / board.width();
        board = image::imageops::resize(&board, max_w, h, image::imageops::FilterType::Triangle);
    }
    let text = shown_text(&content(message));
    let lines = fonts.wrap(&text, 21.0, (WIDTH as f32) - LEFT - 24.0);
    let rows = body["components"].as_array().cloned().unwrap_or_default();
    let height = 16 + 24 + lines.len() as u32 * 28 + 8 + board.height() + 8 + rows.len() as u32 * 48 + 40;
    let mut img = RgbaImage::from_pixel(WIDTH, height, rgba(BACKGROUND));
    // The bot's avatar and name.
    draw_filled_circle_mut(&mut img, (36, 36), 20, rgba(BLURPLE));
    fonts.draw(&mut img, (24.0, 24.0), 20.0, WHITE, "JQ", true);
    let end = fonts.draw(&mut img, (LEFT, 12.0), 20.0, WHITE, "junqi-referee", true);
    rounded(&mut img, (end as i32 + 6, 16, 34, 18), 3, BLURPLE);
    fonts.draw(&mut img, (end + 10.0, 15.0), 14.0, WHITE, "BOT", true);
    let mut y = 42.0;
    for l in &lines {
        fonts.draw(&mut img, (LEFT, y), 21.0, TEXT, l, false);
        y += 28.0;
    }
    y += 8.0;
    image::imageops::overlay(&mut img, &board, LEFT as i64, y as i64);
    y += board.height() as f32 + 8.0;
    for row in &rows {
        let mut x = LEFT as i32;
        for c in row["components"].as_array().into_iter().flatten() {
            if c["type"] == 3 {
                // A select menu: its placeholder in a dark box, a chevron at the right.
                let w = 400;
                rounded(&mut img, (x, y as i32, w, 40), 4, MENU);
                let placeholder = shown_text(c["placeholder"].as_str().unwrap_or(""));
                fonts.draw(&mut img, (x as f32 + 12.0, y + 8.0), 20.0, MUTED, &placeholder, false);
                let (cx, cy) = (x + w as i32 - 20, y as i32 + 20);
                let chevron = [Point::new(cx - 6, cy - 3), Point::new(cx + 6, cy - 3), Point::new(cx, cy + 4)];
                draw_polygon_mut(&mut img, &chevron, rgba(TEXT));
                x += w as i32 + 8;
            } else {
                let label = shown_text(c["label"].as_str().unwrap_or(""));
                let w = (fonts.width(&label, 18.0, true).ceil() as u32 + 32).max(60);
                rounded(&mut img, (x, y as i32, w, 34), 4, style_colour(c["style"].as_u64().unwrap_or(2)));
                if !draw_symbol(&mut img, &label, (x + w as i32 / 2, y as i32 + 17)) {
                    let tw = fonts.width(&label, 18.0, true);
                    fonts.draw(&mut img, (x as f32 + (w as f32 - tw) / 2.0, y + 6.0), 18.0, WHITE, &label, true);
                }
                x += w as i32 + 8;
            }
        }
        y += 48.0;
    }
    if let Some(command) = private {
        let note = format!("Only you can see this message · {command}");
        fonts.draw(&mut img, (LEFT, y + 2.0), 17.0, MUTED, &note, false);
    }
    img
}

/// The PNG bytes of a mock, RGB, compressed hard (the pictures are mostly flat colour).
fn png(img: &RgbaImage) -> Vec<u8> {
    let rgb = image::DynamicImage::ImageRgba8(img.clone()).to_rgb8();
    let mut out = Vec::new();
    let enc = image::codecs::png::PngEncoder::new_with_quality(
        &mut out,
        image::codecs::png::CompressionType::Best,
        image::codecs::png::FilterType::Adaptive,
    );
    image::ImageEncoder::write_image(enc, rgb.as_raw(), rgb.width(), rgb.height(), image::ExtendedColorType::Rgb8)
        .unwrap();
    out
}

/// Runs a command and returns what answered it, and whether Discord shows it to the user alone
/// (the first response, deferred or not, flagged ephemeral).
async fn answer(
    h: &mut Harness,
    who: (u64, &str),
    channel: u64,
    sub: &str,
    opts: &[(&str, Value)],
) -> (Vec<Recorded>, bool) {
    let id = h.id();
    let id = h.interact(payload::command(id, who, channel, sub, opts)).await;
    let r = h.answered(id).await;
    let all = h.fake.requests().await;
    let cb = all.iter().find(|x| x.path.ends_with(&format!("/interactions/{id}/tok-{id}/callback"))).unwrap();
    let flags = cb.json.as_ref().unwrap()["data"]["flags"].as_u64().unwrap_or(0);
    (r, flags & 64 != 0)
}

/// A player's legal actions now, as `/junqi play` autocompletes them.
async fn legal(h: &mut Harness, who: (u64, &str), thread: u64) -> Vec<String> {
    let id = h.id();
    let id = h.interact(payload::autocomplete(id, who, thread, "play", &[("action", "")], "action")).await;
    let all = h.fake.requests().await;
    let cb = all.iter().find(|x| x.path.ends_with(&format!("/interactions/{id}/tok-{id}/callback"))).unwrap();
    let choices = cb.json.as_ref().unwrap()["data"]["choices"].as_array().cloned().unwrap_or_default();
    choices.iter().map(|c| c["value"].as_str().unwrap().to_string()).collect()
}

/// The last answer in `r` carrying an image and a component whose id starts with `prefix`.
fn with_image(r: &[Recorded], prefix: &str) -> Recorded {
    r.iter()
        .rev()
        .find(|x| !x.files.is_empty() && custom_ids(x).iter().any(|c| c.starts_with(prefix)))
        .cloned()
        .unwrap_or_else(|| {
            panic!("no message with an image and {prefix}…: {:?}", r.iter().map(content).collect::<Vec<_>>())
        })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_readme_pictures_of_the_editor_panel_and_the_review_are_drawn_from_real_payloads() {
    // A test clock: the suggested layouts (drawn from its entropy) are the same on every run.
    let mut h = Harness::with_clock("readme").await;
    let id = h.id();
    h.interact(payload::command(id, ALICE, CHANNEL_ID, "challenge", &[("opponent", json!(BOB.0.to_string()))])).await;
    h.fake.wait_for(20, "the challenge", |r| !posts_to(r, CHANNEL_ID).is_empty()).await;
    let id = h.id();
    h.interact(payload::button(id, BOB, Some(CHANNEL_ID), "jq:acc:1")).await;
    let ok = "jq:ok:1".to_string();
    h.fake.wait_for(20, "both panels", |r| r.iter().filter(|x| custom_ids(x).contains(&ok)).count() >= 2).await;
    // Bob (English) opens his panel and swaps two pieces with the editor's menus: the panel after
    // the swap is picture (a).
    let (r, panel_private) = answer(&mut h, BOB, CHANNEL_ID, "deploy", &[("game", json!(1))]).await;
    let first = with_image(&r, "jq:pick-");
    let rows = first.json.as_ref().unwrap()["components"].as_array().cloned().unwrap_or_default();
    let menu = rows
        .iter()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .find(|c| c["custom_id"] == "jq:pick-0:1")
        .expect("the editor's first menu");
    let options: Vec<(String, String)> = menu["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| (o["value"].as_str().unwrap().to_string(), o["label"].as_str().unwrap().to_string()))
        .collect();
    // Two pieces no placement rule binds (a flag, mine or bomb may not go everywhere).
    let bound = ["军旗", "地雷", "炸弹", "Flag", "Mine", "Bomb"];
    let free: Vec<&(String, String)> = options.iter().filter(|o| !bound.iter().any(|b| o.1.contains(b))).collect();
    let (a, b) = (&free[0].0, &free.last().unwrap().0);
    let id = h.id();
    let id = h.interact(payload::select(id, BOB, None, "jq:pick-0:1", &[a])).await;
    h.answered(id).await;
    let id = h.id();
    let id = h.interact(payload::select(id, BOB, None, &format!("jq:swap-0-{a}:1"), &[b])).await;
    let panel = with_image(&h.answered(id).await, "jq:pick-");
    // Both deploy; four plies; Bob reviews ply 3 (every button moves).
    let id = h.id();
    h.interact(payload::button(id, BOB, None, "jq:ok:1")).await;
    let id = h.id();
    h.interact(payload::modal(id, ALICE, None, "jq:edit-m:1", &[("layout", LAYOUT)])).await;
    let all = h.fake.wait_for(20, "the thread", |r| !threads_made(r).is_empty()).await;
    let thread: u64 = threads_made(&all)[0].response["id"].as_str().unwrap().parse().unwrap();
    h.fake.wait_for(20, "the start", |r| posts_to(r, thread).iter().any(|x| content(x).contains("begins"))).await;
    // Each side plays the last of its legal actions in autocomplete's order (towards the enemy).
    for n in 1..=PLIES {
        let who = if n % 2 == 1 { ALICE } else { BOB };
        let action = legal(&mut h, who, thread).await.pop().expect("a legal action");
        let id = h.id();
        h.interact(payload::command(id, who, thread, "play", &[("action", json!(action))])).await;
        let ply = format!("ply {n}:");
        h.fake.wait_for(20, &ply, |r| posts_to(r, thread).iter().any(|x| content(x).contains(&ply))).await;
    }
    let at = PLIES - 1;
    let (r, review_private) = answer(&mut h, BOB, thread, "review", &[("id", json!(1)), ("ply", json!(at))]).await;
    let review = with_image(&r, "jq:rv-");
    assert!(content(&review).contains(&format!("ply {at} of {PLIES}")), "{}", content(&review));

    // What the pictures must show: the editor's menu and Confirm; the four review buttons.
    let ids = custom_ids(&panel);
    assert!(ids.contains(&"jq:ok:1".to_string()) && ids.contains(&"jq:pick-0:1".to_string()), "{ids:?}");
    assert_eq!(custom_ids(&review).len(), 5, "⏮ ◀ ▶ ⏭ and Jump…");
    let asked = format!("/junqi review id:1 ply:{at}");
    let fonts = Fonts::load();
    let pictures = [
        ("docs/images/editor-panel.png", mock(&fonts, &panel, panel_private.then_some("/junqi deploy game:1"))),
        ("docs/images/review-message.png", mock(&fonts, &review, review_private.then_some(&asked))),
    ];
    let regenerate = std::env::var_os("JUNQI_REGENERATE").is_some();
    for (file, img) in pictures {
        let bytes = png(&img);
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(file);
        if regenerate {
            std::fs::write(&path, &bytes).unwrap();
        }
        let committed = std::fs::read(&path).unwrap_or_else(|_| panic!("{file} is missing; run JUNQI_REGENERATE=1"));
        assert!(committed.starts_with(b"\x89PNG"), "{file}");
        assert!(committed.len() < MAX_BYTES && bytes.len() < MAX_BYTES, "{file}: {} bytes", committed.len());
    }
}
