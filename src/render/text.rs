//! Every word the board images draw, in 简体中文 and English. The font subset in `assets/` must
//! hold all of them; [`all_text`] lists them for the test that checks it.

use crate::rules::game::{EndReason, GameOver};
use crate::rules::{Outcome, Seat, Variant, Viewer};

/// Language of labels and captions.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    /// 简体中文 (the default).
    #[default]
    Zh,
    /// English.
    En,
}

impl Lang {
    /// Index for tables kept per language.
    pub(crate) fn index(self) -> usize {
        match self {
            Lang::Zh => 0,
            Lang::En => 1,
        }
    }
}

fn pick(lang: Lang, zh: &'static str, en: &'static str) -> &'static str {
    match lang {
        Lang::Zh => zh,
        Lang::En => en,
    }
}

/// A side's name (`红方`, `Red`).
pub(crate) fn side(lang: Lang, seat: Seat) -> &'static str {
    if seat == Seat::RED { pick(lang, "红方", "Red") } else { pick(lang, "蓝方", "Blue") }
}

/// A tile label.
pub(crate) fn label(variant: &Variant, lang: Lang, kind: crate::rules::PieceKind) -> &'static str {
    let def = variant.piece(kind);
    pick(lang, def.short_zh, def.short_en)
}

/// `红方走棋` / `Red to move`.
pub(crate) fn to_move(lang: Lang, seat: Seat) -> String {
    match lang {
        Lang::Zh => format!("{}走棋", side(lang, seat)),
        Lang::En => format!("{} to move", side(lang, seat)),
    }
}

/// `布阵 · 红方` / `Deployment · Red`: the caption of a layout before the game starts.
pub(crate) fn deployment(lang: Lang, seat: Seat) -> String {
    match lang {
        Lang::Zh => format!("布阵 · {}", side(lang, seat)),
        Lang::En => format!("Deployment · {}", side(lang, seat)),
    }
}

/// `第 13 手` / `move 13`.
pub(crate) fn move_number(lang: Lang, n: u32) -> String {
    match lang {
        Lang::Zh => format!("第 {n} 手"),
        Lang::En => format!("move {n}"),
    }
}

/// `截止 10:45` / `deadline 10:45`.
pub(crate) fn deadline(lang: Lang, text: &str) -> String {
    match lang {
        Lang::Zh => format!("截止 {text}"),
        Lang::En => format!("deadline {text}"),
    }
}

/// The words for an outcome class.
pub(crate) fn outcome(lang: Lang, o: Outcome) -> &'static str {
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
pub(crate) fn reason(lang: Lang, r: EndReason) -> &'static str {
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

/// `对局结束 · 红方胜 · 夺旗 · 共 41 手`.
pub(crate) fn game_over(lang: Lang, variant: &Variant, over: GameOver, plies: u32) -> String {
    let result = match over.winner {
        None => pick(lang, "和棋", "draw").to_string(),
        Some(team) => {
            let seat = (0..variant.seats.len()).map(|i| Seat(i as u8)).find(|&s| variant.team(s) == team);
            let name = seat.map_or("?", |s| side(lang, s));
            match lang {
                Lang::Zh => format!("{name}胜"),
                Lang::En => format!("{name} wins"),
            }
        }
    };
    match lang {
        Lang::Zh => format!("对局结束 · {result} · {} · 共 {plies} 手", reason(lang, over.reason)),
        Lang::En => format!("game over · {result} · {} · {plies} plies", reason(lang, over.reason)),
    }
}

/// The tag naming whose image this is.
pub(crate) fn viewer_tag(lang: Lang, viewer: Viewer) -> &'static str {
    match viewer {
        Viewer::Spectator => pick(lang, "旁观", "public"),
        Viewer::Everyone => pick(lang, "全明", "full reveal"),
        Viewer::Seat(s) if s == Seat::RED => pick(lang, "红方视角", "Red's view"),
        Viewer::Seat(_) => pick(lang, "蓝方视角", "Blue's view"),
    }
}

/// `上一手` / `last`.
pub(crate) fn last_move(lang: Lang) -> &'static str {
    pick(lang, "上一手", "last")
}

/// `上次交战` / `last combat`.
pub(crate) fn last_combat(lang: Lang) -> &'static str {
    pick(lang, "上次交战", "last combat")
}

/// `红方损失 3` / `Red lost 3`.
pub(crate) fn lost(lang: Lang, seat: Seat, count: u32) -> String {
    match lang {
        Lang::Zh => format!("{}损失 {count}", side(lang, seat)),
        Lang::En => format!("{} lost {count}", side(lang, seat)),
    }
}

/// Every string the renderer can draw apart from digits, point names and caller-given text (the
/// deadline and marks): piece labels, side names, outcomes, reasons and captions, in both
/// languages, plus the ASCII the numbers and point names use.
pub fn all_text() -> Vec<String> {
    let v = Variant::junqi();
    let mut out: Vec<String> = Vec::new();
    for lang in [Lang::Zh, Lang::En] {
        for i in 0..v.pieces.len() {
            out.push(label(v, lang, crate::rules::PieceKind(i as u8)).to_string());
        }
        for seat in [Seat::RED, Seat::BLUE] {
            out.push(to_move(lang, seat));
            out.push(deployment(lang, seat));
            out.push(lost(lang, seat, 0));
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
