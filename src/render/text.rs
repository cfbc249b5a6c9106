//! Every word the board images draw, in 简体中文, 繁體中文 and English. The font subset in `assets/`
//! must hold all of them; [`all_text`] lists them for the test that checks it.
//!
//! 繁體 is not worded separately: each text is built in 简体 and converted by [`super::hant`], so
//! the two scripts cannot drift apart. The words a ply, a game's end or a loss is put into are
//! here once ([`ply_words`], [`over_line`], [`lost`]); the renderers only supply how their game
//! names a seat (side, compass seat, player).

use std::borrow::Cow;

use super::hant;
use crate::rules::contract::GameKind;
use crate::rules::{Outcome, PieceKind, Seat, Variant, Viewer};

/// Language of labels and captions: the one language type of the rules crate.
pub use crate::rules::contract::Lang;

/// The slot of a language in the tables the assets keep per language (简体, English, 繁體).
pub(crate) fn slot(lang: Lang) -> usize {
    match lang {
        Lang::ZhHans => 0,
        Lang::En => 1,
        Lang::ZhHant => 2,
    }
}

/// The Chinese or the English of a fixed text, in the language's script.
pub(crate) fn pick(lang: Lang, zh: &'static str, en: &'static str) -> Cow<'static, str> {
    match lang {
        Lang::ZhHans => Cow::Borrowed(zh),
        Lang::En => Cow::Borrowed(en),
        Lang::ZhHant => Cow::Owned(hant::to_traditional(zh)),
    }
}

/// A side's name (`红方`, `Red`).
pub(crate) fn side(lang: Lang, seat: Seat) -> Cow<'static, str> {
    if seat == Seat::RED { pick(lang, "红方", "Red") } else { pick(lang, "蓝方", "Blue") }
}

/// A tile label from a Junqi variant's piece table (the art data of the Junqi tiles).
pub(crate) fn label(variant: &Variant, lang: Lang, kind: PieceKind) -> Cow<'static, str> {
    let def = variant.piece(kind);
    pick(lang, def.short_zh, def.short_en)
}

/// A piece's label as its game kind names it ([`GameKind::piece_label`]); `?` for a kind the
/// game does not have.
pub(crate) fn piece_label(game: &GameKind, lang: Lang, kind: PieceKind) -> Cow<'static, str> {
    (game.piece_label)(kind).map_or(Cow::Borrowed("?"), |(en, zh)| pick(lang, zh, en))
}

/// `红方走棋` / `Red to move`, for the mover named `who`.
pub(crate) fn to_move(lang: Lang, who: &str) -> String {
    match lang {
        Lang::En => format!("{who} to move"),
        _ => lang.script(format!("{who}走棋")),
    }
}

/// `第 13 手` / `move 13`.
pub(crate) fn move_number(lang: Lang, n: u32) -> String {
    match lang {
        Lang::En => format!("move {n}"),
        _ => lang.script(format!("第 {n} 手")),
    }
}

/// `截止 10:45` / `deadline 10:45`.
pub(crate) fn deadline(lang: Lang, text: &str) -> String {
    match lang {
        Lang::En => format!("deadline {text}"),
        _ => lang.script(format!("截止 {text}")),
    }
}

/// The one-glyph badge drawn on the point of a combat: the record annotation of `notation.md`.
pub(crate) fn badge(o: Outcome) -> Option<&'static str> {
    o.mark()
}

/// `红方视角` / `Red's view`: the tag of a player's own image, the player named `who`.
pub(crate) fn seat_view(lang: Lang, who: &str) -> String {
    match lang {
        Lang::En => format!("{who}'s view"),
        _ => lang.script(format!("{who}视角")),
    }
}

/// The tag naming whose image this is.
pub(crate) fn viewer_tag(lang: Lang, viewer: Viewer) -> Cow<'static, str> {
    match viewer {
        Viewer::Spectator => pick(lang, "旁观", "public"),
        Viewer::Everyone => pick(lang, "全明", "full reveal"),
        Viewer::Seat(s) => Cow::Owned(seat_view(lang, &side(lang, s))),
    }
}

/// `上一手` / `last`.
pub(crate) fn last_move(lang: Lang) -> Cow<'static, str> {
    pick(lang, "上一手", "last")
}

/// `上次交战` / `last combat`.
pub(crate) fn last_combat(lang: Lang) -> Cow<'static, str> {
    pick(lang, "上次交战", "last combat")
}

/// Every string the renderer can draw apart from digits, point names and caller-given text (the
/// deadline and marks): piece labels, side names, outcomes, reasons and captions, in every
/// language, plus the ASCII the numbers and point names use.
pub fn all_text() -> Vec<String> {
    let mut out: Vec<String> = crate::rules::adapters::pictures::all_words();
    for lang in Lang::ALL {
        let catalogued = crate::rules::contract::catalog::all().into_iter().map(|d| d.kind);
        for kind in catalogued.chain(super::art::uncatalogued()) {
            out.extend(
                (0..=u8::MAX)
                    .map_while(|i| (kind.piece_label)(PieceKind(i)).map(|_| i))
                    .map(|i| piece_label(kind, lang, PieceKind(i)).into_owned()),
            );
            for i in 0..kind.seating.seats.len() {
                let name = kind.seating.name(Seat(i as u8), lang);
                out.push(to_move(lang, name));
                out.push(seat_view(lang, name));
            }
        }
        out.push(viewer_tag(lang, Viewer::Spectator).to_string());
        out.push(viewer_tag(lang, Viewer::Everyone).to_string());
        for o in Outcome::ALL {
            out.extend(badge(o).map(str::to_string));
        }
        out.push(move_number(lang, 0));
        out.push(deadline(lang, "0"));
        out.push(last_move(lang).to_string());
        out.push(last_combat(lang).to_string());
        out.push(pick(lang, "走棋 出局 布阵", "to move out Deployment").into_owned());
    }
    out.push("abcde0123456789-×?？·:".to_string());
    out
}
