//! The one entry point for a picture of any catalogued game: [`picture_png`] draws a game
//! contract's [`Picture`] through the board art its [`GameKind`] names. A picture is built by the
//! game for one audience, so whatever that audience may not know is not in it and cannot be drawn.
//!
//! Every board image is drawn here, whatever the game: the tokens (with a gold corner where the
//! picture says everyone knows the piece), the audience's own guesses, the last action's marks and
//! badge, seat cards where the art has room for them, and the captions — the frame's own words
//! (whose turn, whose image, `last`) around the game's words the picture carries (the result, the
//! last action, the losses). The engines' views are drawn by first making them pictures
//! (`rules::adapters::pictures`).

use std::borrow::Cow;

use super::RenderError;
use super::art::{self, Art};
use super::assets::{SIZE_MARK, SIZE_TEXT, SIZE_TITLE};
use super::board::{self, Look, Tile};
use super::canvas::IndexedImage;
use super::text::{self, Lang};
use crate::rules::contract::{Audience, Face, GameKind, Line, Picture};
use crate::rules::{PieceKind, PointId, Seat, Viewer};

/// What a picture's image needs beyond the picture and its kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PictureOptions {
    /// Language of labels and captions.
    pub lang: Lang,
    /// The seat drawn at the bottom; `None` puts the audience's own seat there, seat 0 otherwise.
    /// Arts that have one orientation only (翻棋) ignore it.
    pub bottom: Option<Seat>,
    /// The first caption line, replacing the default (whose turn it is, or that the game is over).
    pub caption: Option<String>,
    /// The deadline of the seat to move, as the caller wants it shown (`10:45 UTC`).
    pub deadline: Option<String>,
    /// The audience's own guesses on enemy pieces: drawn (as `司?`) on tokens whose kind the
    /// picture does not show, and only on pictures made for a seat.
    pub marks: Vec<(PointId, PieceKind)>,
    /// The picture shows a layout before the game starts (`布阵 · 红方` instead of whose turn).
    pub deployment: bool,
    /// The most recent combat when it was not the last action (replays), in the game's words.
    pub last_combat: Option<Line>,
}

impl Default for PictureOptions {
    /// 简体中文 labels, the audience's own seat at the bottom, the frame's own first line.
    fn default() -> PictureOptions {
        PictureOptions {
            lang: Lang::ZhHans,
            bottom: None,
            caption: None,
            deadline: None,
            marks: Vec::new(),
            deployment: false,
            last_combat: None,
        }
    }
}

/// Draws a picture of a game of `kind` as PNG bytes (indexed colour).
pub fn picture_png(picture: &Picture, kind: &GameKind, opts: &PictureOptions) -> Result<Vec<u8>, RenderError> {
    let img = picture_indexed(picture, kind, opts)?;
    // `picture_indexed` has found the art.
    img.to_png_at(art::by_key(kind.art).map_or(1, |a| a.deflate))
}

/// Draws pictures (the start first, then one per ply) as a looping GIF, every frame with the
/// same options; frames are drawn one at a time as the encoder takes them.
pub fn picture_gif(frames: &[Picture], kind: &GameKind, opts: &PictureOptions) -> Result<Vec<u8>, RenderError> {
    picture_gif_paced(frames, kind, opts, super::gif::DEFAULT_SECONDS)
}

/// [`picture_gif`] lasting about `seconds` (see [`super::gif::pace`]): plies whose picture
/// carries a combat badge stay longer.
pub fn picture_gif_paced(
    frames: &[Picture],
    kind: &GameKind,
    opts: &PictureOptions,
    seconds: u32,
) -> Result<Vec<u8>, RenderError> {
    let combat: Vec<bool> = frames.iter().map(|p| p.badge.is_some()).collect();
    let delays = super::gif::pace(&combat, seconds);
    super::gif::encode(&delays, frames.iter().map(|p| picture_indexed(p, kind, opts)))
}

/// Draws a picture of a game of `kind` into a palette image (the step before encoding).
pub fn picture_indexed(picture: &Picture, kind: &GameKind, opts: &PictureOptions) -> Result<IndexedImage, RenderError> {
    let art = art::by_key(kind.art).ok_or(RenderError::UnknownArt { key: kind.art, kind: kind.name })?;
    // Check every point before drawing, so that a picture of another board fails whole.
    let points =
        picture.tokens.iter().map(|t| t.at).chain(picture.marks.iter().copied()).chain(picture.taken.iter().copied());
    if let Some(p) = points.into_iter().find(|&p| !art.has_point(p)) {
        return Err(RenderError::OffBoard { art: art.key, point: p.0 });
    }
    let own = match picture.audience() {
        Audience::Seat(s) => Some(s),
        _ => None,
    };
    // A board turns by the side its bottom seat plays (跳棋's triangle), which is the seat itself
    // in games whose tokens are owned by seats.
    let bottom = picture.side(opts.bottom.or(own).unwrap_or(Seat(0)));
    let orientation = art.orientation(kind, bottom);
    let mut img = art.backgrounds[orientation].clone();
    board::draw_path(&mut img, art, &picture.marks, orientation);
    let slot = |owner| (art.seats.slot)(kind, owner);
    let tiles = picture.tokens.iter().map(|t| {
        let (slot, look) = match t.face {
            Face::Known { owner, kind } => (slot(owner), Look::Piece(kind)),
            Face::Hidden { owner } => (slot(owner), Look::Blank),
            Face::Down => (0, Look::Back),
            Face::Under { owner, kind } => (slot(owner), Look::Under(kind)),
        };
        Tile { at: t.at, slot, look, public: t.face.tells_kind() && picture.public.contains(&t.at) }
    });
    board::draw_tiles(&mut img, art, tiles, (kind, opts.lang), orientation)?;
    if let Some(me) = own {
        draw_marks(&mut img, art, picture, kind, me, opts, orientation);
    }
    board::draw_last(&mut img, art, &picture.marks, picture.badge, orientation);
    board::draw_taken(&mut img, art, &picture.taken, orientation);
    let frame = Frame { art, picture, kind, lang: opts.lang };
    frame.cards(&mut img, orientation);
    frame.header(&mut img, opts);
    frame.footer(&mut img, opts);
    Ok(img)
}

/// The audience's own guesses (`司?`) on enemy tokens whose kind the picture does not show.
fn draw_marks(
    img: &mut IndexedImage,
    art: &Art,
    picture: &Picture,
    kind: &GameKind,
    me: Seat,
    opts: &PictureOptions,
    orientation: usize,
) {
    let team = |s: Seat| kind.seating.get(s).map(|d| d.team);
    for &(p, guess) in &opts.marks {
        let Some(Face::Hidden { owner }) = picture.at(p) else { continue };
        if team(owner) == team(me) {
            continue;
        }
        let label = board::mark_label(kind, opts.lang, guess);
        let (cx, cy) = art.centre(p, orientation);
        let w = art.text_width(&label, SIZE_MARK);
        let fill = art.roles.fill[(art.seats.slot)(kind, owner).min(art.roles.fill.len() - 1)];
        let top = cy - (SIZE_MARK * 0.62) as i32;
        art.text(img, &label, SIZE_MARK, (cx - w / 2, top), art.roles.mark, fill);
    }
}

/// What every frame around a board needs: the art, the picture, its kind and the language.
struct Frame<'a> {
    art: &'a Art,
    picture: &'a Picture,
    kind: &'a GameKind,
    lang: Lang,
}

impl Frame<'_> {
    /// How captions name a seat: the picture's name for it, or its kind's.
    fn name(&self, s: Seat) -> String {
        match self.picture.name(s) {
            Some(n) => n.get(self.lang),
            None => self.kind.seating.name(s, self.lang).to_string(),
        }
    }

    /// A caption line's colour: its side's, or plain.
    fn colour(&self, side: Option<Seat>) -> u8 {
        let r = &self.art.roles;
        side.map_or(r.dim, |s| r.side_text[(self.art.seats.slot)(self.kind, s).min(r.side_text.len() - 1)])
    }

    /// `红方走棋 · 第 13 手` (or the result, a deployment, the caller's caption) with the mover's
    /// mini tile; whose image it is on the right; the last action below.
    fn header(&self, img: &mut IndexedImage, opts: &PictureOptions) {
        let (art, picture, lang) = (self.art, self.picture, self.lang);
        let r = &art.roles;
        let mover = picture.to_move.or(match picture.audience() {
            Audience::Seat(s) => Some(s),
            _ => None,
        });
        let line1 = match (&opts.caption, &picture.captions.result, picture.to_move) {
            (Some(c), _, _) => c.clone(),
            _ if opts.deployment => deployment(lang, &mover.map_or_else(String::new, |s| self.name(s))),
            (None, Some(result), _) => result.get(lang),
            (None, None, Some(s)) => {
                let mut line = format!("{} · {}", turn(lang, &self.name(s)), text::move_number(lang, picture.ply + 1));
                if let Some(d) = &opts.deadline {
                    line.push_str(" · ");
                    line.push_str(&text::deadline(lang, d));
                }
                line
            }
            (None, None, None) => game_over(lang, picture.ply),
        };
        let mut x = 14;
        if let Some(s) = picture.to_move.filter(|_| picture.captions.result.is_none()) {
            let (top, advance) = art.mini_at;
            img.blit(art.side((art.seats.slot)(self.kind, picture.side(s))).mini, x, top);
            x += advance;
        }
        let tag = match picture.audience() {
            Audience::Public => text::viewer_tag(lang, Viewer::Spectator),
            Audience::Everyone => text::viewer_tag(lang, Viewer::Everyone),
            Audience::Seat(s) => Cow::Owned(text::seat_view(lang, &self.name(s))),
        };
        let tag_w = art.text_width(&tag, SIZE_TEXT);
        art.text(img, &tag, SIZE_TEXT, (art.width - 14 - tag_w, 8), r.dim, r.bg);
        art.text(img, &line1, SIZE_TITLE, (x, 4), r.text, r.bg);
        if let Some(last) = &picture.captions.last {
            let pen = art.text(img, &text::last_move(lang), SIZE_TEXT, (14, 40), r.dim, r.bg);
            let words = last.text.get(lang);
            art.text(img, &words, SIZE_TEXT, (pen + 10, 40), self.colour(last.side), r.bg);
        }
    }

    /// Under the board: the caller's most recent combat (replays), then the picture's foot lines
    /// one after another, wrapping to a new row when the next would not fit.
    fn footer(&self, img: &mut IndexedImage, opts: &PictureOptions) {
        let (art, lang) = (self.art, self.lang);
        let r = &art.roles;
        let y0 = art.footer_y;
        if let Some(combat) = &opts.last_combat {
            let pen = art.text(img, &text::last_combat(lang), SIZE_TEXT, (14, y0 + 2), r.dim, r.bg);
            let words = combat.text.get(lang);
            art.text(img, &words, SIZE_TEXT, (pen + 10, y0 + 2), self.colour(combat.side), r.bg);
        }
        let (mut x, mut y) = (14, y0 + 28);
        for line in &self.picture.captions.foot {
            let words = line.text.get(lang);
            let w = art.text_width(&words, SIZE_TEXT);
            if x > 14 && x + w > art.width - 14 {
                (x, y) = (14, y + 26);
            }
            x = art.text(img, &words, SIZE_TEXT, (x, y), self.colour(line.side), r.bg) + 36;
        }
    }

    /// Arts with seat cards (the cross board's empty corners): each seat's tile and name, and
    /// whether it is to move or out, in the corner beside its territory as the board is turned.
    fn cards(&self, img: &mut IndexedImage, orientation: usize) {
        let (art, picture, lang) = (self.art, self.picture, self.lang);
        let n = art.cards.len();
        if n == 0 {
            return;
        }
        let r = &art.roles;
        for i in 0..self.kind.seating.seats.len() {
            let seat = Seat(i as u8);
            let slot = (art.seats.slot)(self.kind, seat);
            let (x, y) = art.cards[(slot + n - orientation % n) % n];
            img.blit(art.side(slot).mini, x, y);
            art.text(img, &self.name(seat), SIZE_TEXT, (x + 34, y - 4), self.colour(Some(seat)), r.bg);
            let status = if picture.captions.out.contains(&seat) {
                Some((text::pick(lang, "出局", "out"), r.dim))
            } else if picture.to_move == Some(seat) {
                Some((text::pick(lang, "走棋", "to move"), r.hilite))
            } else {
                None
            };
            if let Some((word, colour)) = status {
                art.text(img, &word, SIZE_TEXT, (x + 34, y + 22), colour, r.bg);
            }
        }
    }
}

/// `布阵 · 红方` / `Deployment · Red`: a layout before the game starts.
fn deployment(lang: Lang, who: &str) -> String {
    match lang {
        Lang::En => format!("Deployment · {who}"),
        _ => lang.script(format!("布阵 · {who}")),
    }
}

/// `红方走棋` / `Red to move`; a space after a name ending in Latin text (`P1 走棋`,
/// `P1 (蓝方) 走棋`), which reads better.
fn turn(lang: Lang, who: &str) -> String {
    match lang {
        Lang::En => text::to_move(lang, who),
        _ if who.ends_with(|c: char| c.is_ascii_graphic()) => lang.script(format!("{who} 走棋")),
        _ => text::to_move(lang, who),
    }
}

/// `对局结束 · 共 41 手` / `game over · 41 plies`: for a game whose picture names no result.
fn game_over(lang: Lang, plies: u32) -> String {
    match lang {
        Lang::En => format!("game over · {plies} plies"),
        _ => lang.script(format!("对局结束 · 共 {plies} 手")),
    }
}

/// Every string [`picture_png`] draws beyond the View renderers', for the glyph test.
pub fn picture_text() -> Vec<String> {
    Lang::ALL
        .iter()
        .flat_map(|&l| [game_over(l, 0), turn(l, "P1"), text::viewer_tag(l, Viewer::Everyone).into()])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_picture_caption_has_a_glyph() {
        let missing = super::super::missing_glyphs(&picture_text());
        assert!(missing.is_empty(), "characters missing from the font subset: {missing:?}");
    }

    #[test]
    fn every_catalogued_art_key_is_registered_and_others_are_not() {
        for def in crate::rules::contract::catalog::all() {
            assert_eq!(art::by_key(def.kind.art).map(|a| a.key), Some(def.kind.art), "{}", def.kind.name);
        }
        assert!(art::by_key("draughts").is_none());
        let err = RenderError::UnknownArt { key: "draughts", kind: "draughts" }.to_string();
        for key in art::KEYS {
            assert_eq!(art::by_key(key).map(|a| a.key), Some(key));
            assert!(err.contains(key), "the error lists every known art: {err}");
        }
    }
}
