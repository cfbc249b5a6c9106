//! The words of the Junqi family, once for every game of it and every use (announcements,
//! images, the terminal): piece names, outcomes, end reasons, and the describer of a ply.

use std::fmt::Write as _;

use crate::board::Board;
use crate::combat::Outcome;
use crate::contract::{Face, Fact, Lang, Over, PublicPly, Seating, Standing, to_traditional};
use crate::game::EndReason;
use crate::piece::{JUNQI_PIECES, PieceKind};
use crate::seat::Seat;

/// A piece's name (`captain`, `连长`, `連長`).
pub fn piece(kind: PieceKind, lang: Lang) -> String {
    let d = JUNQI_PIECES.get(kind.0 as usize);
    lang.pick(d.map_or("?", |d| d.en), d.map_or("？", |d| d.zh)).into_owned()
}

/// What a combat's outcome class is called; `None` for a plain move.
pub fn outcome(o: Outcome, lang: Lang) -> Option<String> {
    let (en, zh) = match o {
        Outcome::Moved => return None,
        Outcome::AttackerWon => ("the attacker wins", "进攻方胜"),
        Outcome::DefenderWon => ("the defender holds", "防守方胜"),
        Outcome::BothRemoved => ("both pieces are removed", "同归于尽"),
        Outcome::FlagCaptured => ("the flag is captured", "夺得军旗"),
        Outcome::Bounced => ("the attack bounces off", "攻击无效，各回原位"),
        Outcome::Scouted => ("the piece is scouted", "侦察亮明"),
        Outcome::ShotDown => ("the aircraft is shot down", "飞机被击落"),
        Outcome::FlagshipSunk => ("a flagship is sunk", "旗舰损失"),
    };
    Some(lang.pick(en, zh).into_owned())
}

/// Why a game ended, or why a seat went out: the one wording of [`EndReason::words`].
pub fn reason(r: EndReason, lang: Lang) -> String {
    let (en, zh) = r.words();
    lang.pick(en, zh).into_owned()
}

/// A face as a combat names it: the kind where known, `?` otherwise.
fn face(f: Face, lang: Lang) -> Option<String> {
    match f {
        Face::Known { kind, .. } | Face::Under { kind, .. } => Some(piece(kind, lang)),
        Face::Hidden { .. } | Face::Down => None,
    }
}

/// Who a result names: a team by its seats' names.
fn team(seating: &Seating, t: u8, lang: Lang) -> String {
    let names: Vec<&str> = seating.seats.iter().filter(|d| d.team == t).map(|d| d.name.get(lang)).collect();
    names.join(if lang.is_zh() { "、" } else { " and " })
}

/// The end of a game in words.
pub fn over(seating: &Seating, o: &Over, lang: Lang) -> String {
    let why = reason(o.reason, lang);
    match &o.standing {
        Standing::Team(t) => {
            let who = team(seating, *t, lang);
            lang.pick(format!("The game is over: {who} wins — {why}."), format!("对局结束：{who}胜——{why}。")).into()
        }
        Standing::Draw => {
            lang.pick(format!("The game is over: a draw — {why}."), format!("对局结束：和棋——{why}。")).into()
        }
        Standing::Places(places) => {
            let list: Vec<String> = places
                .iter()
                .enumerate()
                .map(|(i, p)| format!("{} {}", seating.name(Seat(i as u8), lang), f32::from(*p) / 2.0))
                .collect();
            let list = list.join(", ");
            lang.pick(format!("The game is over: {list} — {why}."), format!("对局结束：{list}——{why}。")).into()
        }
    }
}

/// The one describer of a ply of the Junqi family: `ply 12: Red c6-c7 attacks (captain against
/// mine): the defender holds.` Seats are named by `seating` (colours, compass seats, P1/P2), sides
/// of pieces by `side` (the seat itself, or a colour in 翻棋), points by `board`.
pub fn describe(
    seating: &Seating,
    board: &Board,
    side: fn(Seat, Lang) -> &'static str,
    p: &PublicPly,
    lang: Lang,
) -> String {
    // Chinese is written in 简体 below and converted once at the end for 繁體 readers.
    let l = if lang == Lang::ZhHant { Lang::ZhHans } else { lang };
    let zh = l.is_zh();
    let who = seating.name(p.seat, l);
    let n = p.ply;
    let a = &p.action;
    let mut t = String::new();
    let combat = p.facts.iter().find_map(|f| match *f {
        Fact::Combat { outcome, attacker, defender } => Some((outcome, attacker, defender)),
        _ => None,
    });
    let flip = p.facts.iter().find_map(|f| match *f {
        Fact::Flipped { at, owner, kind } => Some((at, owner, kind)),
        _ => None,
    });
    match (flip, combat) {
        (Some((at, owner, kind)), _) => {
            let at = board.name(at);
            let (s, pc) = (side(owner, l), piece(kind, l));
            let _ = if zh {
                write!(t, "第{n}手：{who} 翻开 {at}：{s}{pc}。")
            } else {
                write!(t, "ply {n}: {who} flips {at}: {s} {pc}.")
            };
        }
        (None, Some((o, att, def))) => {
            let vs = match (face(att, l), face(def, l)) {
                (None, None) => String::new(),
                (x, y) => {
                    let x = x.unwrap_or_else(|| "?".into());
                    let y = y.unwrap_or_else(|| "?".into());
                    if zh { format!("（{x}对{y}）") } else { format!(" ({x} against {y})") }
                }
            };
            let o = outcome(o, l).unwrap_or_default();
            let _ = if zh {
                write!(t, "第{n}手：{who} {a} 进攻{vs}：{o}。")
            } else {
                write!(t, "ply {n}: {who} {a} attacks{vs}: {o}.")
            };
        }
        (None, None) => {
            let _ = if zh { write!(t, "第{n}手：{who} {a}。") } else { write!(t, "ply {n}: {who} {a}.") };
        }
    }
    for f in &p.facts {
        match *f {
            Fact::Revealed { at, owner, kind } => {
                let (s, pc, at) = (side(owner, l), piece(kind, l), board.name(at));
                let _ = if zh {
                    write!(t, " 公开：{s}的{pc}在 {at}。")
                } else {
                    write!(t, " Revealed: {s}'s {pc} at {at}.")
                };
            }
            Fact::Colour { seat, colour } => {
                let (s, c) = (seating.name(seat, l), side(colour, l));
                let _ = if zh { write!(t, " {s} 执{c}。") } else { write!(t, " {s} plays {c}.") };
            }
            Fact::Out { seat, reason: r } => {
                let (s, r) = (seating.name(seat, l), reason(r, l));
                let _ = if zh { write!(t, " {s}出局（{r}）。") } else { write!(t, " {s} is out ({r}).") };
            }
            Fact::Combat { .. } | Fact::Flipped { .. } => {}
        }
    }
    if let Some(o) = &p.end {
        t.push(' ');
        t.push_str(&over(seating, o, l));
    }
    if lang == Lang::ZhHant { to_traditional(&t) } else { t }
}

#[cfg(test)]
mod tests {
    use crate::adapters::junqi::{JUNQI, JUNQI_KIND, JunqiGame};
    use crate::contract::{AnyGame, Audience, Game as _, Lang, Secret, Start};
    use crate::game::Game as Engine;
    use crate::options::{Mode, RuleOptions};
    use crate::piece::{Piece, junqi};
    use crate::seat::Seat;
    use crate::variant::Variant;

    #[test]
    fn a_combat_names_only_what_the_audience_knows_in_three_languages() {
        let v = Variant::junqi();
        let at = |n| v.board.find(n).unwrap();
        let captain = crate::piece::PieceKind(6);
        let pieces = [
            (at("c6"), Piece { seat: Seat::RED, kind: captain, known: false }),
            (at("c7"), Piece { seat: Seat::BLUE, kind: junqi::MINE, known: false }),
        ];
        let engine = Engine::from_position(v, RuleOptions::default(), &pieces, Seat::RED);
        let mut g = JunqiGame::new(engine, Mode::Dark, &JUNQI_KIND);
        let ply = g.play(Seat::RED, g.parse_action(Seat::RED, "c6c7").unwrap()).unwrap();
        let say = |a, l| (JUNQI.describe)(&g.public_ply(&ply, a), l);
        assert_eq!(
            say(Audience::Public, Lang::En),
            "ply 1: Red c6-c7 attacks: the defender holds. The game is over: a draw — neither side can move."
        );
        assert_eq!(
            say(Audience::Seat(Seat::RED), Lang::En),
            "ply 1: Red c6-c7 attacks (captain against ?): the defender holds. The game is over: a draw — neither side can move."
        );
        assert_eq!(
            say(Audience::Everyone, Lang::ZhHans),
            "第1手：红方 c6-c7 进攻（连长对地雷）：防守方胜。 对局结束：和棋——双方均无子可走。"
        );
        assert_eq!(
            say(Audience::Everyone, Lang::ZhHant),
            "第1手：紅方 c6-c7 進攻（連長對地雷）：防守方勝。 對局結束：和棋——雙方均無子可走。"
        );
    }

    #[test]
    fn a_flip_names_the_piece_and_the_colours() {
        let flip = &crate::adapters::flip::FLIP;
        let mut s = Start::new(2);
        s.deal = Some((flip.deal.unwrap())(&Secret::new([7; 32])).deal);
        let mut g: Box<dyn AnyGame> = (flip.start)(&s).unwrap();
        let played = g.play_text(Seat(0), "flip a1").unwrap();
        // The logged token names what the flip turned up, so a log checks itself against the deal.
        assert_eq!(played.token, "+a1=l");
        let en = (flip.describe)(&played.public, Lang::En);
        assert!(en.starts_with("ply 1: P1 flips a1: "), "{en}");
        assert!(en.contains(" P1 plays ") && en.contains(" P2 plays "), "{en}");
        let zh = (flip.describe)(&played.public, Lang::ZhHans);
        assert!(zh.starts_with("第1手：P1 翻开 a1："), "{zh}");
    }
}
