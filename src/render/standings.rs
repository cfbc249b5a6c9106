//! A tournament's standings as a table image (PNG): rank, player, points, tie-break and games,
//! one row per player. Pure: the same table gives the same bytes (golden-tested in
//! `tests/render_standings.rs`).
//!
//! It draws with the bundled names font (`assets/NotoSansCJKsc-Regular-names.otf`: ASCII and the
//! 3,755 common characters of GB 2312 level 1), so Chinese names and titles show; characters it
//! lacks (rare or traditional ones, emoji) are drawn as `?`, so a name never turns into invisible
//! boxes.

use ab_glyph::{Font, FontRef, PxScale};
use image::{ImageEncoder, Rgb, RgbImage};
use imageproc::drawing::{draw_filled_rect_mut, draw_text_mut, text_size};
use imageproc::rect::Rect;

use std::borrow::Cow;

use super::text::pick;
use super::{Lang, RenderError};

/// One row of the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandingsRow {
    /// Place (equal places repeat).
    pub rank: usize,
    /// The player's display name.
    pub name: String,
    /// Points, e.g. `2.5`.
    pub points: String,
    /// Tie-break value, e.g. `4.25` (empty for elimination).
    pub tiebreak: String,
    /// Games played.
    pub games: u32,
    /// Withdrawn from the tournament (drawn greyed).
    pub withdrawn: bool,
}

/// The whole table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandingsTable {
    /// The heading (the tournament's name and how far it is).
    pub title: String,
    /// The tie-break's column label: `SB`, `Buchholz`, or empty.
    pub tiebreak: String,
    /// Column labels' language.
    pub lang: Lang,
    /// Rows, best first.
    pub rows: Vec<StandingsRow>,
}

const WIDTH: u32 = 720;
const TITLE_H: u32 = 60;
const HEAD_H: u32 = 36;
const ROW_H: u32 = 34;
const PAD: i32 = 16;
/// Column x positions: rank, name, points (right edge), tie-break (right edge), games (right edge).
const COL_RANK: i32 = PAD;
const COL_NAME: i32 = 72;
const NAME_W: i32 = 360;
const COL_POINTS_R: i32 = 500;
const COL_TB_R: i32 = 610;
const COL_GAMES_R: i32 = WIDTH as i32 - PAD - 8;

const BG: Rgb<u8> = Rgb([250, 246, 236]);
const TITLE_BG: Rgb<u8> = Rgb([140, 28, 28]);
const TITLE_FG: Rgb<u8> = Rgb([255, 248, 230]);
const HEAD_BG: Rgb<u8> = Rgb([226, 214, 190]);
const STRIPE: Rgb<u8> = Rgb([240, 233, 216]);
const LEADER: Rgb<u8> = Rgb([248, 226, 160]);
const INK: Rgb<u8> = Rgb([40, 32, 28]);
const GREY: Rgb<u8> = Rgb([150, 142, 132]);
const RULE: Rgb<u8> = Rgb([190, 176, 150]);

/// The column labels: `#`, `棋手`, `分`, `对局` / `#`, `Player`, `Pts`, `Games`.
fn labels(lang: Lang) -> [Cow<'static, str>; 4] {
    [pick(lang, "#", "#"), pick(lang, "棋手", "Player"), pick(lang, "分", "Pts"), pick(lang, "对局", "Games")]
}

/// `text` with every character the font cannot draw replaced by `?`.
fn drawable(font: &FontRef<'_>, text: &str) -> String {
    text.chars().map(|c| if c == ' ' || font.glyph_id(c).0 != 0 { c } else { '?' }).collect()
}

/// `text` cut (with `...`) to fit `width` pixels.
fn fit(font: &FontRef<'_>, scale: PxScale, text: &str, width: i32) -> String {
    if text_size(scale, font, text).0 as i32 <= width {
        return text.to_string();
    }
    let mut chars: Vec<char> = text.chars().collect();
    while !chars.is_empty() {
        chars.pop();
        let cut: String = chars.iter().collect::<String>() + "...";
        if text_size(scale, font, &cut).0 as i32 <= width {
            return cut;
        }
    }
    "...".into()
}

/// A font at a size.
struct Pen<'a> {
    font: &'a FontRef<'a>,
    scale: PxScale,
}

impl Pen<'_> {
    /// Draws `t` from `x`, centred vertically in the band `(top, height)`.
    fn left(&self, img: &mut RgbImage, x: i32, band: (i32, u32), fg: Rgb<u8>, t: &str) {
        let h = self.scale.y as i32;
        draw_text_mut(img, fg, x, band.0 + (band.1 as i32 - h) / 2, self.scale, self.font, t);
    }

    /// Draws `t` ending at `r`.
    fn right(&self, img: &mut RgbImage, r: i32, band: (i32, u32), fg: Rgb<u8>, t: &str) {
        let w = text_size(self.scale, self.font, t).0 as i32;
        self.left(img, r - w, band, fg, t);
    }
}

/// Draws the table as a PNG.
pub fn render_standings(table: &StandingsTable) -> Result<Vec<u8>, RenderError> {
    let font = super::assets::names_font();
    let height = TITLE_H + HEAD_H + ROW_H * table.rows.len().max(1) as u32 + PAD as u32;
    let mut img = RgbImage::from_pixel(WIDTH, height, BG);
    let title_scale = PxScale::from(28.0);
    let scale = PxScale::from(20.0);

    draw_filled_rect_mut(&mut img, Rect::at(0, 0).of_size(WIDTH, TITLE_H), TITLE_BG);
    let title = fit(&font, title_scale, &drawable(&font, &table.title), WIDTH as i32 - 2 * PAD);
    Pen { font: &font, scale: title_scale }.left(&mut img, PAD, (0, TITLE_H), TITLE_FG, &title);
    let pen = Pen { font: &font, scale };

    let head_y = TITLE_H as i32;
    draw_filled_rect_mut(&mut img, Rect::at(0, head_y).of_size(WIDTH, HEAD_H), HEAD_BG);
    let [rank_l, name_l, points_l, games_l] = labels(table.lang);
    let band = (head_y, HEAD_H);
    pen.left(&mut img, COL_RANK, band, INK, &rank_l);
    pen.left(&mut img, COL_NAME, band, INK, &name_l);
    pen.right(&mut img, COL_POINTS_R, band, INK, &points_l);
    pen.right(&mut img, COL_TB_R, band, INK, &drawable(&font, &table.tiebreak));
    pen.right(&mut img, COL_GAMES_R, band, INK, &games_l);

    for (i, row) in table.rows.iter().enumerate() {
        let y = head_y + HEAD_H as i32 + (i as u32 * ROW_H) as i32;
        let fill = if row.rank == 1 && !row.withdrawn {
            Some(LEADER)
        } else if i % 2 == 1 {
            Some(STRIPE)
        } else {
            None
        };
        if let Some(f) = fill {
            draw_filled_rect_mut(&mut img, Rect::at(0, y).of_size(WIDTH, ROW_H), f);
        }
        draw_filled_rect_mut(&mut img, Rect::at(PAD, y + ROW_H as i32 - 1).of_size(WIDTH - 2 * PAD as u32, 1), RULE);
        let fg = if row.withdrawn { GREY } else { INK };
        let band = (y, ROW_H);
        pen.left(&mut img, COL_RANK, band, fg, &format!("{}.", row.rank));
        let name = fit(&font, scale, &drawable(&font, &row.name), NAME_W);
        pen.left(&mut img, COL_NAME, band, fg, &name);
        pen.right(&mut img, COL_POINTS_R, band, fg, &drawable(&font, &row.points));
        pen.right(&mut img, COL_TB_R, band, fg, &drawable(&font, &row.tiebreak));
        pen.right(&mut img, COL_GAMES_R, band, fg, &row.games.to_string());
    }

    let mut png = Vec::new();
    image::codecs::png::PngEncoder::new(&mut png)
        .write_image(img.as_raw(), WIDTH, height, image::ExtendedColorType::Rgb8)
        .map_err(|e| RenderError::Encode(e.to_string()))?;
    Ok(png)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_characters_become_question_marks_and_long_names_are_cut() {
        let font = super::super::assets::names_font();
        assert_eq!(drawable(&font, "alice 司令"), "alice 司令");
        // Common names and titles are drawn, not only the board's words.
        assert_eq!(drawable(&font, "张伟 周末杯 第三轮"), "张伟 周末杯 第三轮");
        assert_eq!(drawable(&font, "小明🐉"), "小明?");
        let scale = PxScale::from(20.0);
        let long = "a".repeat(200);
        let cut = fit(&font, scale, &long, 100);
        assert!(cut.ends_with("...") && text_size(scale, &font, &cut).0 <= 100, "{cut}");
        assert_eq!(fit(&font, scale, "bob", 100), "bob");
    }

    #[test]
    fn column_labels_have_glyphs_in_every_language() {
        let font = super::super::assets::names_font();
        for lang in Lang::ALL {
            for l in labels(lang) {
                assert_eq!(drawable(&font, &l), l, "{lang:?}");
            }
        }
        assert_eq!(labels(Lang::ZhHant)[3], "對局");
    }
}
