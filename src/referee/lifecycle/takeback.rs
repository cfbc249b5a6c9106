//! 悔棋 — taking back the last ply by agreement, for every catalogued kind.
//!
//! The mover of the last ply asks (`takeback N offer`), every other seat still in answers, as with
//! a draw offer. Only a ply whose public account revealed nothing may be taken back: a combat, a
//! flip, a piece named by the rules or a seat put out cannot be unseen (a draughts capture is a
//! combat in the contract's words, a crowning a reveal). The event log stays append-only: the offer
//! (`takeback-offer`), each agreement (`takeback-accept`), a refusal (`takeback-decline`) and the
//! takeback itself (`takeback`, by the offering seat) are events, and [`played`] is the log as play
//! sees it — bookkeeping dropped and each taken-back move removed — which the rebuild, the records
//! and the marks read, so a taken-back ply is in no exported record.
//!
//! An offer pauses no clock, as a draw offer does not: the seat to move (the one asked) keeps
//! thinking on its own time, so an offer cannot be used to stop a clock, and answering it is part
//! of the turn. When that seat's deadline passes with the offer open, the timeout applies as it
//! would without one (a loss, an automatic move or a skipped turn), and the offer lapses with that
//! event ([`open_offer`]: any event but an agreement closes it), so its Accept button is then
//! answered "nobody asks for a takeback" and changes nothing.
//!
//! Who may: a game whose options say `takeback=no` forbids it; a tournament game allows it only
//! where the organiser's options say `takeback=yes`. The word is the referee's (like `deploy=`),
//! never passed to the game.

use crate::rules::Seat;
use crate::rules::contract::catalog::GameDef;
use crate::rules::contract::{Audience, Fact, GameKind, Lang};
use crate::store::{self, EventRow, GameRow, status};

use super::super::i18n::to_traditional;
use super::super::{Effect, Locale, Mistake, Res, TakebackStep};
use super::{AnyLive, GameMistake, Referee, Turn, kind_of, mistake, seat_count};

/// The option word that allows (`yes`) or forbids (`no`) takebacks in a game or a tournament.
pub(crate) const TAKEBACK: &str = "takeback";

/// The log's event kinds of a takeback.
const OFFER: &str = "takeback-offer";
const AGREE: &str = "takeback-accept";
const REFUSE: &str = "takeback-decline";
const DONE: &str = "takeback";

/// The `takeback=` word of an options text (its value as written), if any.
pub(crate) fn takeback_word(options: &str) -> Option<&str> {
    options
        .split_whitespace()
        .find_map(|w| w.split_once('=').filter(|(k, _)| k.eq_ignore_ascii_case(TAKEBACK)).map(|(_, v)| v))
}

/// Reads a `takeback=` value: `Some(true)` allows, `Some(false)` forbids, `None` is no such value.
pub(crate) fn takeback_value(v: &str) -> Option<bool> {
    match v.to_ascii_lowercase().as_str() {
        "yes" | "on" | "allow" | "true" => Some(true),
        "no" | "off" | "forbid" | "false" => Some(false),
        _ => None,
    }
}

/// Splits the `takeback=` word off an options text and checks it: the value (None when absent)
/// and the rest. A value that is neither yes nor no is a settings mistake.
pub(crate) fn split_takeback(options: &str) -> Result<(Option<bool>, String), GameMistake> {
    let mut allow = None;
    let mut rest = Vec::new();
    for w in options.split_whitespace() {
        match w.split_once('=') {
            Some((k, v)) if k.eq_ignore_ascii_case(TAKEBACK) => {
                allow = Some(takeback_value(v).ok_or_else(|| {
                    GameMistake::Settings(format!(
                        "the takeback option takes yes or no, not '{}'",
                        crate::rules::echo::echo(v)
                    ))
                })?);
            }
            _ => rest.push(w),
        }
    }
    Ok((allow, rest.join(" ")))
}

/// Whether the event is a takeback's bookkeeping or the takeback itself.
fn is_takeback(kind: &str) -> bool {
    matches!(kind, OFFER | AGREE | REFUSE | DONE)
}

/// The log as play sees it: the takebacks' bookkeeping dropped and each taken-back move removed.
/// A `takeback` that follows no move is a damaged log (the error names its sequence number).
pub(crate) fn played(log: &[EventRow]) -> Result<Vec<&EventRow>, i64> {
    let mut out: Vec<&EventRow> = Vec::with_capacity(log.len());
    for e in log {
        match e.kind.as_str() {
            DONE => match out.last() {
                Some(m) if m.kind == "move" && m.seat == e.seat => _ = out.pop(),
                _ => return Err(e.seq),
            },
            k if is_takeback(k) => {}
            _ => out.push(e),
        }
    }
    Ok(out)
}

/// The open offer: the seat that asked and the mask of the seats that agreed. An offer lapses with
/// any event other than an agreement (a move, a leave, a refusal, the takeback).
fn open_offer(log: &[EventRow]) -> Option<(Seat, i64)> {
    let mut agreed = 0;
    for e in log.iter().rev() {
        let seat = e.seat.and_then(|s| u8::try_from(s).ok()).map(Seat)?;
        match e.kind.as_str() {
            AGREE => agreed |= 1 << seat.0,
            OFFER => return Some((seat, agreed)),
            _ => return None,
        }
    }
    None
}

/// Why a takeback was refused. Nothing changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TakebackMistake {
    /// The game's options forbid takebacks.
    #[error("game #{0} was set up without takebacks (takeback=no)")]
    Forbidden(i64),
    /// A tournament game whose organiser did not allow them.
    #[error("game #{0} is a tournament game: takebacks are allowed only where the organiser set takeback=yes")]
    Tournament(i64),
    /// Nothing played yet, or the last ply is not the asker's.
    #[error("in game #{0} only the player who made the last move may ask to take it back")]
    NotYourPly(i64),
    /// The last ply made something known that cannot be unseen.
    #[error("the last move of game #{0} revealed something (a combat, a flip, a piece named); it cannot be taken back")]
    Revealed(i64),
    /// An offer is already open.
    #[error("a takeback is already asked for in game #{0}; wait for the answer")]
    Pending(i64),
    /// No offer to answer.
    #[error("nobody asks for a takeback in game #{0}")]
    NoOffer(i64),
    /// The asker answering their own offer.
    #[error("you cannot answer your own takeback request in game #{0}")]
    Own(i64),
    /// A seat that already agreed.
    #[error("you already agreed to the takeback in game #{0}")]
    Already(i64),
}

impl TakebackMistake {
    /// The mistake in 简体 (繁體 by the caller).
    pub fn zh(&self) -> String {
        match *self {
            TakebackMistake::Forbidden(g) => format!("对局 #{g} 设定为不许悔棋（takeback=no）。"),
            TakebackMistake::Tournament(g) => {
                format!("对局 #{g} 是比赛对局：只有主办者设定 takeback=yes 时才可悔棋。")
            }
            TakebackMistake::NotYourPly(g) => format!("对局 #{g} 中只有走了最后一步的棋手可以请求悔棋。"),
            TakebackMistake::Revealed(g) => {
                format!("对局 #{g} 的最后一步已揭示了信息（碰子、翻棋或亮明棋子），不能悔棋。")
            }
            TakebackMistake::Pending(g) => format!("对局 #{g} 已有悔棋请求，请等待答复。"),
            TakebackMistake::NoOffer(g) => format!("对局 #{g} 没有人请求悔棋。"),
            TakebackMistake::Own(g) => format!("你不能答复自己在对局 #{g} 的悔棋请求。"),
            TakebackMistake::Already(g) => format!("你已同意对局 #{g} 的悔棋。"),
        }
    }
}

/// What the takeback announces.
enum Told<'a> {
    /// A seat asks.
    Asked { seat: Seat, user: &'a str, ply: u32 },
    /// A seat agreed; others must still.
    Agreed { seat: Seat, user: &'a str, waiting: &'a [Seat] },
    /// A seat refused.
    Refused { user: &'a str },
    /// The ply is taken back.
    Done { seat: Seat, user: &'a str, ply: u32 },
}

impl Told<'_> {
    /// The announcement of game `game` of kind `kind`, in `l`.
    fn render(&self, game: i64, kind: &GameKind, l: Locale) -> String {
        let zh = l != Locale::En;
        let name = |s: Seat| kind.seating.name(s, if zh { Lang::ZhHans } else { Lang::En });
        let text = match (self, zh) {
            (Told::Asked { seat, user, ply }, false) => format!(
                "Game #{game}: {} ({user}) asks to take back move {ply} (takeback {game} accept / takeback {game} decline).",
                name(*seat)
            ),
            (Told::Asked { seat, user, ply }, true) => format!(
                "对局 #{game}：{}（{user}）请求悔棋，收回第 {ply} 步（takeback {game} accept / takeback {game} decline）。",
                name(*seat)
            ),
            (Told::Agreed { seat, user, waiting }, false) => {
                let w: Vec<&str> = waiting.iter().map(|&s| name(s)).collect();
                format!(
                    "Game #{game}: {} ({user}) agrees to the takeback; waiting for {} (takeback {game} accept).",
                    name(*seat),
                    w.join(", ")
                )
            }
            (Told::Agreed { seat, user, waiting }, true) => {
                let w: Vec<&str> = waiting.iter().map(|&s| name(s)).collect();
                format!(
                    "对局 #{game}：{}（{user}）同意悔棋；还需 {} 同意（takeback {game} accept）。",
                    name(*seat),
                    w.join("、")
                )
            }
            (Told::Refused { user }, false) => format!("Game #{game}: {user} declines the takeback."),
            (Told::Refused { user }, true) => format!("对局 #{game}：{user} 拒绝悔棋。"),
            (Told::Done { seat, user, ply }, false) => {
                format!("Game #{game}: move {ply} is taken back by agreement; {} ({user}) moves again.", name(*seat))
            }
            (Told::Done { seat, user, ply }, true) => {
                format!("对局 #{game}：经同意，第 {ply} 步已悔回；由{}（{user}）重走。", name(*seat))
            }
        };
        if l == Locale::ZhHant { to_traditional(&text) } else { text }
    }
}

/// Announces in the game's server, in its locale.
async fn tell_all(t: &mut Turn<'_>, row: &GameRow, kind: &GameKind, told: Told<'_>) -> Res<()> {
    let lang = t.out.server_locale(t.tx, &row.server_id).await?;
    let text = told.render(row.id, kind, lang);
    t.out.effects.push(Effect::Public { server: row.server_id.clone(), game: Some(row.id), text });
    Ok(())
}

/// A takeback mistake as the referee's failure.
fn refuse(m: TakebackMistake) -> super::super::Fail {
    mistake(GameMistake::Takeback(m))
}

impl Referee {
    /// A seat asks for, agrees to or refuses a takeback of the last ply.
    pub(super) async fn any_takeback(
        &self,
        t: &mut Turn<'_>,
        def: &'static GameDef,
        (seat, user): (Seat, &str),
        step: TakebackStep,
        row: &mut GameRow,
        live: &mut Option<AnyLive>,
    ) -> Res<()> {
        let game = row.id;
        if row.status != status::PLAYING {
            return Err(Mistake::WrongState { game, status: row.status.clone() }.into());
        }
        match takeback_word(&row.rules).and_then(takeback_value) {
            Some(false) => return Err(refuse(TakebackMistake::Forbidden(game))),
            Some(true) => {}
            None if store::tournament::pairing_of_game(t.tx, game).await?.is_some() => {
                return Err(refuse(TakebackMistake::Tournament(game)));
            }
            None => {}
        }
        let kind = kind_of(def, row);
        let n = seat_count(def, row);
        let l = self.any_live(t, def, row, live).await?;
        if l.game.is_out(seat) {
            return Err(mistake(GameMistake::SeatOut { game, seat: super::seat_words(def, row, seat) }));
        }
        let offer = open_offer(&l.log);
        match step {
            TakebackStep::Offer => {
                if offer.is_some() {
                    return Err(refuse(TakebackMistake::Pending(game)));
                }
                let last = played(&l.log).map_err(|seq| super::super::corrupt("events", seq, "takeback of no move"))?;
                if last.last().is_none_or(|e| e.kind != "move" || e.seat != Some(i64::from(seat.0))) {
                    return Err(refuse(TakebackMistake::NotYourPly(game)));
                }
                let ply = l.game.last_ply_for(Audience::Public);
                let Some(ply) = ply.filter(|p| p.seat == seat) else {
                    return Err(refuse(TakebackMistake::NotYourPly(game)));
                };
                let seen = ply.end.is_some()
                    || ply.facts.iter().any(|f| {
                        matches!(
                            f,
                            Fact::Combat { .. } | Fact::Flipped { .. } | Fact::Revealed { .. } | Fact::Out { .. }
                        )
                    });
                if seen {
                    return Err(refuse(TakebackMistake::Revealed(game)));
                }
                let number = ply.ply;
                store::event_append(t.tx, game, OFFER, Some(i64::from(seat.0)), "", t.now).await?;
                l.logged(OFFER, Some(seat), "", t.now);
                tell_all(t, row, kind, Told::Asked { seat, user, ply: number }).await
            }
            TakebackStep::Decline => {
                match offer {
                    None => return Err(refuse(TakebackMistake::NoOffer(game))),
                    Some((asker, _)) if asker == seat => return Err(refuse(TakebackMistake::Own(game))),
                    Some(_) => {}
                }
                store::event_append(t.tx, game, REFUSE, Some(i64::from(seat.0)), "", t.now).await?;
                l.logged(REFUSE, Some(seat), "", t.now);
                tell_all(t, row, kind, Told::Refused { user }).await
            }
            TakebackStep::Accept => {
                let (asker, agreed) = match offer {
                    None => return Err(refuse(TakebackMistake::NoOffer(game))),
                    Some((asker, _)) if asker == seat => return Err(refuse(TakebackMistake::Own(game))),
                    Some((_, agreed)) if agreed & (1 << seat.0) != 0 => {
                        return Err(refuse(TakebackMistake::Already(game)));
                    }
                    Some(o) => o,
                };
                let agreed = agreed | (1 << seat.0);
                let waiting: Vec<Seat> = (0..n as u8)
                    .map(Seat)
                    .filter(|&s| s != asker && agreed & (1 << s.0) == 0 && !l.game.is_out(s))
                    .collect();
                if !waiting.is_empty() {
                    store::event_append(t.tx, game, AGREE, Some(i64::from(seat.0)), "", t.now).await?;
                    l.logged(AGREE, Some(seat), "", t.now);
                    return tell_all(t, row, kind, Told::Agreed { seat, user, waiting: &waiting }).await;
                }
                let number = l.game.ply();
                store::event_append(t.tx, game, DONE, Some(i64::from(asker.0)), "", t.now).await?;
                // Rebuilt by replay from the store, which now holds the takeback.
                t.out.later.flush(t.tx).await?;
                *live = self.rebuild_game(t.tx, def, row).await?;
                let asker_user = row.seats.user(asker.index()).unwrap_or("?").to_string();
                tell_all(t, row, kind, Told::Done { seat: asker, user: &asker_user, ply: number }).await?;
                row.draw_offer = None;
                // The asker's turn again, with a fresh move clock.
                self.any_go_on(t, def, row, live, &[]).await
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ev(seq: i64, kind: &str, seat: i64) -> EventRow {
        EventRow { game_id: 1, seq, kind: kind.into(), seat: Some(seat), body: format!("m{seq}"), at: 0 }
    }

    #[test]
    fn the_played_log_drops_taken_back_moves_and_bookkeeping() {
        let log =
            [ev(1, "move", 0), ev(2, "move", 1), ev(3, OFFER, 1), ev(4, REFUSE, 0), ev(5, OFFER, 1), ev(6, DONE, 1)];
        let seqs: Vec<i64> = played(&log).unwrap().iter().map(|e| e.seq).collect();
        assert_eq!(seqs, [1]);
        assert_eq!(open_offer(&log), None);
        assert_eq!(open_offer(&log[..3]), Some((Seat(1), 0)));
        assert_eq!(open_offer(&log[..4]), None, "a refusal closes the offer");
        let four = [ev(1, "move", 0), ev(2, OFFER, 0), ev(3, AGREE, 1), ev(4, AGREE, 3)];
        assert_eq!(open_offer(&four), Some((Seat(0), 0b1010)));
        // A takeback of no move, or of another seat's move, is a damaged log.
        assert_eq!(played(&[ev(1, DONE, 0)]), Err(1));
        assert_eq!(played(&[ev(1, "move", 0), ev(2, DONE, 1)]), Err(2));
    }

    #[test]
    fn announcements_and_refusals_read_in_three_languages() {
        let kind = crate::rules::contract::catalog::find("junqi").unwrap().kind;
        let done = Told::Done { seat: Seat(0), user: "alice", ply: 3 };
        assert_eq!(
            done.render(1, kind, Locale::En),
            "Game #1: move 3 is taken back by agreement; Red (alice) moves again."
        );
        assert_eq!(done.render(1, kind, Locale::ZhHans), "对局 #1：经同意，第 3 步已悔回；由红方（alice）重走。");
        assert_eq!(done.render(1, kind, Locale::ZhHant), "對局 #1：經同意，第 3 步已悔回；由紅方（alice）重走。");
        let m = TakebackMistake::Revealed(2);
        assert!(m.to_string().contains("cannot be taken back") && m.zh().contains("不能悔棋"));
    }

    #[test]
    fn the_option_word_is_yes_or_no() {
        assert_eq!(split_takeback("a=1 takeback=no b=2").unwrap(), (Some(false), "a=1 b=2".to_string()));
        assert_eq!(split_takeback("Takeback=yes").unwrap(), (Some(true), String::new()));
        assert_eq!(split_takeback("a=1").unwrap(), (None, "a=1".to_string()));
        assert!(split_takeback("takeback=maybe").is_err());
        assert_eq!(takeback_word("players=4 takeback=no"), Some("no"));
    }
}
