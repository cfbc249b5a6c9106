//! The message catalogue: every text a user sees, in English and 简体中文, and in 繁體中文 by a
//! character table over the 简体 texts. The referee builds a [`Msg`] from public
//! data only, then renders it in each recipient's locale.

pub mod flip;
mod locale;
mod mistake;
mod msg;
mod msg_render;
mod names;
mod seats;

pub use locale::{Locale, to_traditional};
pub use mistake::{Mistake, violation_text};
pub use msg::Msg;
pub use names::{PieceName, SeatName};
pub use seats::{SeatMistake, SeatMsg};

// Names the code reaches as `super::…`: `flip.rs` (its helpers shared with the catalogue) and the
// files here (`super::tournament::…`, `super::lifecycle::…`).
use super::{lifecycle, tournament};
use mistake::illegal_zh;
use msg_render::{duration, reason_text, status_text};
use names::piece;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locales_parse_and_render() {
        assert_eq!(Locale::parse("zh_CN"), Some(Locale::ZhHans));
        assert_eq!(Locale::parse("zh-TW"), Some(Locale::ZhHant));
        assert_eq!(Locale::parse("fr"), None);
        let m = Msg::Accepted { game: 3, red: "a".into(), blue: "b".into() };
        assert_eq!(m.render(Locale::En), "Game #3 is on: Red a, Blue b. Both players now deploy in private.");
        assert_eq!(m.render(Locale::ZhHans), "对局 #3 成立：红方 a，蓝方 b。双方请私下布阵。");
        assert_eq!(m.render(Locale::ZhHant), "對局 #3 成立：紅方 a，藍方 b。雙方請私下布陣。");
        assert_eq!(Mistake::NotYourTurn(2).render(Locale::ZhHant), "對局 #2 還沒輪到你。");
    }

    #[test]
    fn marks_panels_and_options_speak_both_languages() {
        let piece = PieceName { zh: "司令", en: "marshal" };
        let m = Msg::Marked { game: 1, point: "c9".into(), piece };
        assert!(m.render(Locale::En).contains("c9 as marshal?"));
        assert!(m.render(Locale::ZhHans).contains("c9 标记“司令？”"));
        let p = Msg::DeployPanel { game: 2, seat: SeatName(1), last: false };
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
        for m in [
            Mistake::BadPoint("z9".into()),
            Mistake::BadPiece("x".into()),
            Mistake::NoEnemyPiece("c9".into()),
            Mistake::PieceKnown("c9".into()),
            Mistake::NoMark("c9".into()),
            Mistake::BadVacationLength(40),
            Mistake::TimeTooShort("30s".into()),
            Mistake::TimeTooLong("999999999999999d".into()),
        ] {
            assert_ne!(m.render(Locale::En), m.render(Locale::ZhHans));
            assert!(m.render(Locale::En).ends_with('.'));
        }
    }

    #[test]
    fn seat_messages_speak_both_languages_and_traditional() {
        let v = crate::rules::Variant::junqi4();
        let (s, e) = (SeatName::of(v, crate::rules::Seat(0)), SeatName::of(v, crate::rules::Seat(1)));
        let m = Msg::Seats(SeatMsg::Joined { game: 4, user: "bob".into(), seat: e, free: vec![s] });
        assert_eq!(m.render(Locale::En), "Game #4: bob sits East; free seats: South.");
        assert_eq!(m.render(Locale::ZhHans), "对局 #4：bob 坐东家；空位：南家。");
        assert_eq!(m.render(Locale::ZhHant), "對局 #4：bob 坐東家；空位：南家。");
        let full = Mistake::Seats(SeatMistake::Full(4));
        assert_eq!(full.render(Locale::En), "Game #4 is full: every seat is taken.");
        assert_eq!(full.render(Locale::ZhHant), "對局 #4 人已滿，沒有空位。");
        // The duel's North is seat 1 but named North; 2-player seats keep Red/Blue.
        let duel = crate::rules::Variant::junqi4_duel();
        assert_eq!(SeatName::of(duel, crate::rules::Seat(1)).text(Locale::En), "North");
        assert_eq!(SeatName::of(crate::rules::Variant::junqi(), crate::rules::Seat(1)), SeatName(1));
    }
}
