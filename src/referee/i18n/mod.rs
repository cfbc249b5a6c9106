//! The message catalogue: every text a user sees, in English and 简体中文, and in 繁體中文 by a
//! character table over the 简体 texts. The referee builds a [`Msg`] from public
//! data only, then renders it in each recipient's locale.

mod locale;
mod mistake;
mod msg;
mod msg_render;
mod names;

pub use locale::{Locale, to_traditional};
pub use mistake::Mistake;
pub use msg::Msg;
pub use names::PieceName;

// Names the code reaches as `super::…`: `flip.rs` (its helpers shared with the catalogue) and the
// files here (`super::tournament::…`, `super::lifecycle::…`).
use super::{lifecycle, tournament};
pub(in crate::referee) use msg_render::{duration, reason_text};
use names::piece;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locales_parse_and_render() {
        assert_eq!(Locale::parse("zh_CN"), Some(Locale::ZhHans));
        assert_eq!(Locale::parse("zh-TW"), Some(Locale::ZhHant));
        assert_eq!(Locale::parse("fr"), None);
        let m = Msg::Declined { game: 3, by: "a".into() };
        assert_eq!(m.render(Locale::En), "a declined game #3.");
        assert_eq!(m.render(Locale::ZhHans), "a 拒绝了对局 #3。");
        assert_eq!(m.render(Locale::ZhHant), "a 拒絕了對局 #3。");
        assert_eq!(Mistake::NotYourTurn(2).render(Locale::ZhHant), "對局 #2 還沒輪到你。");
    }

    #[test]
    fn marks_panels_and_options_speak_both_languages() {
        let piece = PieceName { zh: "司令", en: "marshal" };
        let m = Msg::Marked { game: 1, point: "c9".into(), piece };
        assert!(m.render(Locale::En).contains("c9 as marshal?"));
        assert!(m.render(Locale::ZhHans).contains("c9 标记“司令？”"));
        let kind = crate::rules::contract::catalog::find("junqi").unwrap().kind;
        let (seat, hint) = (kind.seating.seats[1].name, kind.setup_hint);
        let p = Msg::DeployPanel { game: 2, seat, seats: 2, hint, last: false };
        assert!(p.render(Locale::En).contains("Confirm") && !p.render(Locale::En).contains("deploy 2"));
        assert!(p.render(Locale::ZhHans).contains("确认布阵") && p.render(Locale::ZhHans).contains("蓝方"));
        let o = Msg::ServerOptions {
            announcements: Some("<#5>".into()),
            thread_per_game: None,
            default_time: Some("none".into()),
            locale: "en".into(),
        };
        assert!(o.render(Locale::En).contains("<#5>") && o.render(Locale::En).contains("per move none"));
        assert!(o.render(Locale::ZhHans).contains("不限时"));
        let v = Msg::VacationFor { days: 3, lasts: 259_200 };
        assert!(v.render(Locale::En).contains("3 d") && v.render(Locale::ZhHans).contains("3天"));
        // The review's captions (复盘), in the three languages: 繁體 by the character table.
        let r = Msg::Review { game: 4, ply: 12, total: 80 };
        assert_eq!(r.render(Locale::En), "Review of game #4: ply 12 of 80.");
        assert_eq!(r.render(Locale::ZhHans), "复盘对局 #4：第 12 步，共 80 步。");
        assert_eq!(r.render(Locale::ZhHant), "復盤對局 #4：第 12 步，共 80 步。");
        let s = Msg::ReviewSteps { game: 4, ply: 0, total: 80 };
        assert!(s.render(Locale::En).contains("ply 0 of 80 (show 4 --ply N"));
        assert!(s.render(Locale::ZhHant).contains("第 0 步，共 80 步（show 4 --ply N 逐步查看）"));
        assert!(Msg::NothingToReview { game: 4 }.render(Locale::ZhHant).contains("還沒有可復盤的着法"));
        for m in [
            Mistake::BadPoint("z9".into()),
            Mistake::BadPiece("x".into()),
            Mistake::NoEnemyPiece("c9".into()),
            Mistake::PieceKnown("c9".into()),
            Mistake::NoMark("c9".into()),
            Mistake::BadVacationLength(40),
            Mistake::TimeTooShort("5s".into()),
            Mistake::TimeTooLong("999999999999999d".into()),
        ] {
            assert_ne!(m.render(Locale::En), m.render(Locale::ZhHans));
            assert!(m.render(Locale::En).ends_with('.'));
        }
    }
}
