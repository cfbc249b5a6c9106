//! Every word the board images draw, in 简体中文, 繁體中文 and English. The font subset in `assets/`
//! must hold all of them; [`all_text`] lists them for the test that checks it.
//!
//! 繁體 is not worded separately: each text is built in 简体 and converted by [`super::hant`], so
//! the two scripts cannot drift apart. The words a ply, a game's end or a loss is put into are
//! here once ([`ply_words`], [`over_line`], [`lost`]); the renderers only supply how their game
//! names a seat (side, compass seat, player).

use std::borrow::Cow;

use super::hant;
use crate::rules::game::{EndReason, GameOver};
use crate::rules::{Move, Outcome, PieceKind, Seat, Variant, Viewer};

/// Language of labels and captions.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    /// 简体中文 (the default).
    #[default]
    Zh,
    /// English.
    En,
    /// 繁體中文: the 简体 texts converted character by character.
    ZhHant,
}

impl Lang {
    /// Every language, in [`Lang::index`] order.
    pub(crate) const ALL: [Lang; 3] = [Lang::Zh, Lang::En, Lang::ZhHant];

    /// Index for tables kept per language.
    pub(crate) fn index(self) -> usize {
        match self {
            Lang::Zh => 0,
            Lang::En => 1,
            Lang::ZhHant => 2,
        }
    }

    /// Chinese, in either script: the wording (and tile label size) of 简体 applies.
    pub(crate) fn is_zh(self) -> bool {
        self != Lang::En
    }

    /// `text`, worded in 简体 or English, in this language's script.
    pub(crate) fn script(self, text: String) -> String {
        if self == Lang::ZhHant { hant::to_traditional(&text) } else { text }
    }
}

/// The Chinese or the English of a fixed text, in the language's script.
pub(crate) fn pick(lang: Lang, zh: &'static str, en: &'static str) -> Cow<'static, str> {
    match lang {
        Lang::Zh => Cow::Borrowed(zh),
        Lang::En => Cow::Borrowed(en),
        Lang::ZhHant => Cow::Owned(hant::to_traditional(zh)),
    }
}

/// A side's name (`红方`, `Red`).
pub(crate) fn side(lang: Lang, seat: Seat) -> Cow<'static, str> {
    if seat == Seat::RED { pick(lang, "红方", "Red") } else { pick(lang, "蓝方", "Blue") }
}

/// A tile label.
pub(crate) fn label(variant: &Variant, lang: Lang, kind: PieceKind) -> Cow<'static, str> {
    let def = variant.piece(kind);
    pick(lang, def.short_zh, def.short_en)
}

/// `红方走棋` / `Red to move`, for the mover named `who`.
pub(crate) fn to_move(lang: Lang, who: &str) -> String {
    match lang {
        Lang::En => format!("{who} to move"),
        _ => lang.script(format!("{who}走棋")),
    }
}

/// `布阵 · 红方` / `Deployment · Red`: the caption of a layout before the game starts.
pub(crate) fn deployment(lang: Lang, seat: Seat) -> String {
    match lang {
        Lang::En => format!("Deployment · {}", side(lang, seat)),
        _ => lang.script(format!("布阵 · {}", side(lang, seat))),
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

/// The words for an outcome class.
pub(crate) fn outcome(lang: Lang, o: Outcome) -> Cow<'static, str> {
    match o {
        Outcome::Moved => pick(lang, "移动", "moved"),
        Outcome::AttackerWon => pick(lang, "进攻方胜", "attacker won"),
        Outcome::DefenderWon => pick(lang, "防守方胜", "defender won"),
        Outcome::BothRemoved => pick(lang, "同归于尽", "both removed"),
        Outcome::FlagCaptured => pick(lang, "夺旗", "flag captured"),
    }
}

/// The one-glyph badge drawn on the point of a combat: the record annotation of `notation.md`.
pub(crate) fn badge(o: Outcome) -> Option<&'static str> {
    o.mark()
}

/// The words for why a game ended.
pub(crate) fn reason(lang: Lang, r: EndReason) -> Cow<'static, str> {
    match r {
        EndReason::FlagCaptured => pick(lang, "夺旗", "flag captured"),
        EndReason::NoLegalMove => pick(lang, "无棋可走", "no legal move"),
        EndReason::BothStuck => pick(lang, "双方均无棋可走", "both stuck"),
        EndReason::QuietLimit => pick(lang, "久未交战", "no-combat limit"),
        EndReason::Resign => pick(lang, "认输", "resignation"),
        EndReason::Timeout => pick(lang, "超时", "timeout"),
        EndReason::Agreed => pick(lang, "议和", "agreed draw"),
        EndReason::NoMovablePieces => pick(lang, "无棋可动", "no movable pieces"),
    }
}

/// `红方胜` / `Red wins`; `plural` for a team named by its seats (`South & North win`).
pub(crate) fn won(lang: Lang, who: &str, plural: bool) -> String {
    match lang {
        Lang::En if plural => format!("{who} win"),
        Lang::En => format!("{who} wins"),
        _ => lang.script(format!("{who}胜")),
    }
}

/// `对局结束 · 红方胜 · 夺旗 · 共 41 手`: `result` is the winner's words from [`won`], or `None`
/// for a draw.
pub(crate) fn over_line(lang: Lang, result: Option<String>, why: EndReason, plies: u32) -> String {
    let result = result.unwrap_or_else(|| pick(lang, "和棋", "draw").into_owned());
    match lang {
        Lang::En => format!("game over · {result} · {} · {plies} plies", reason(lang, why)),
        _ => lang.script(format!("对局结束 · {result} · {} · 共 {plies} 手", reason(lang, why))),
    }
}

/// The end of a 2-player game, its winner named by side.
pub(crate) fn game_over(lang: Lang, variant: &Variant, over: GameOver, plies: u32) -> String {
    let result = over.winner.map(|team| {
        let seat = (0..variant.seats.len()).map(|i| Seat(i as u8)).find(|&s| variant.team(s) == team);
        let name = seat.map_or(Cow::Borrowed("?"), |s| side(lang, s));
        won(lang, &name, false)
    });
    over_line(lang, result, over.reason, plies)
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

/// A ply in words, the one description every image uses: `红方 c6-c7 · 进攻方胜 · 司 × 军`. `who`
/// names the mover as its game does (side, compass seat, player); `kinds` are the attacker's and
/// the defender's kinds as far as the viewer knows them, shown when either is known.
pub(crate) fn ply_words(
    variant: &Variant,
    lang: Lang,
    who: &str,
    mv: Move,
    outcome: Outcome,
    kinds: (Option<PieceKind>, Option<PieceKind>),
) -> String {
    let mut s = format!("{who} {}", crate::rules::notation::format_move(&variant.board, mv));
    if outcome.is_combat() {
        s.push_str(" · ");
        s.push_str(&self::outcome(lang, outcome));
        let word = |k: Option<PieceKind>| k.map_or(Cow::Borrowed("?"), |k| label(variant, lang, k));
        let (att, def) = (word(kinds.0), word(kinds.1));
        if att != "?" || def != "?" {
            s.push_str(&format!(" · {att} × {def}"));
        }
    }
    s
}

/// The pieces a seat lost, by kind: `司1`, `炸2` / `FM 1`, `Bomb 2`.
pub(crate) fn removed_kinds(variant: &Variant, lang: Lang, by_kind: &[u8]) -> Vec<String> {
    by_kind
        .iter()
        .enumerate()
        .filter(|(_, n)| **n > 0)
        .map(|(k, n)| {
            let l = label(variant, lang, PieceKind(k as u8));
            if lang.is_zh() { format!("{l}{n}") } else { format!("{l} {n}") }
        })
        .collect()
}

/// `上一手` / `last`.
pub(crate) fn last_move(lang: Lang) -> Cow<'static, str> {
    pick(lang, "上一手", "last")
}

/// `上次交战` / `last combat`.
pub(crate) fn last_combat(lang: Lang) -> Cow<'static, str> {
    pick(lang, "上次交战", "last combat")
}

/// `红方损失 3` / `Red lost 3`, for the seat named `who`.
pub(crate) fn lost(lang: Lang, who: &str, count: u32) -> String {
    match lang {
        Lang::En => format!("{who} lost {count}"),
        _ => lang.script(format!("{who}损失 {count}")),
    }
}

/// Every string the renderer can draw apart from digits, point names and caller-given text (the
/// deadline and marks): piece labels, side names, outcomes, reasons and captions, in every
/// language, plus the ASCII the numbers and point names use.
pub fn all_text() -> Vec<String> {
    let v = Variant::junqi();
    let mut out: Vec<String> = Vec::new();
    for lang in Lang::ALL {
        for i in 0..v.pieces.len() {
            out.push(label(v, lang, crate::rules::PieceKind(i as u8)).to_string());
        }
        for seat in [Seat::RED, Seat::BLUE] {
            out.push(to_move(lang, &side(lang, seat)));
            out.push(deployment(lang, seat));
            out.push(lost(lang, &side(lang, seat), 0));
            out.push(viewer_tag(lang, Viewer::Seat(seat)).to_string());
        }
        out.push(viewer_tag(lang, Viewer::Spectator).to_string());
        out.push(viewer_tag(lang, Viewer::Everyone).to_string());
        for o in
            [Outcome::Moved, Outcome::AttackerWon, Outcome::DefenderWon, Outcome::BothRemoved, Outcome::FlagCaptured]
        {
            out.push(outcome(lang, o).to_string());
            out.extend(badge(o).map(str::to_string));
        }
        for r in EndReason::ALL {
            for winner in [None, Some(0), Some(1)] {
                out.push(game_over(lang, v, GameOver { winner, reason: r }, 0));
            }
        }
        out.push(move_number(lang, 0));
        out.push(deadline(lang, "0"));
        out.push(last_move(lang).to_string());
        out.push(last_combat(lang).to_string());
    }
    out.push("abcde0123456789-×?？·:".to_string());
    out.extend(super::cross::all_text());
    out
}
