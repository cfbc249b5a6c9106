//! Seats the computer player holds (issue 17, "in play"): a game against the bot (`challenge bot
//! level=greedy`, its seat's user is `bot:greedy`), and a player's own seat handed to the bot and
//! taken back (`auto on|off`, kept as `auto` events of the game's log). The referee stays
//! game-neutral: whether the bot plays a kind is the bot crate's answer (`Setting::of_kind`), the
//! bot deploys with the bot crate's generator, and it moves through `autopilot.rs`, the path of
//! 托管, seeing only what its seat was told.

use std::future::Future;
use std::pin::Pin;

use junqi_bot::{PlayerKind, Setting};

use crate::rules::Seat;
use crate::rules::contract::catalog::{self, GameDef};
use crate::rules::rng::Rng;
use crate::store::{EventRow, GameRow, status};

use super::super::{DeploySource, Res, corrupt};
use super::words::MovedBy;
use super::{AnyLive, Referee, Turn, autopilot, kind_of, mistake, options_of, seat_count};
use crate::referee::Fail;

/// The prefix of the bot's user ids. No adapter's user id has this form (Discord's are `<@…>`
/// mentions; a local name ends at the first colon), so no player can be the bot.
pub const BOT_PREFIX: &str = "bot:";

/// The event that hands a seat to the bot (`on`) or takes it back (`off`): bookkeeping of the
/// log, which play, records and replays skip (`takeback::played`).
pub(super) const AUTO: &str = "auto";

/// The event logged before an automatic move for a timeout (`on-timeout=auto-move:N`), so the
/// N-th can be counted: bookkeeping, like [`AUTO`].
pub(super) const TIMED: &str = "timed-out";

/// The user id of the bot at a level (`bot:greedy`).
pub fn bot_user(level: &str) -> String {
    format!("{BOT_PREFIX}{}", level.trim().to_lowercase())
}

/// Whether a user id is the bot's (at any level, known or not).
pub fn is_bot(user: &str) -> bool {
    user.starts_with(BOT_PREFIX)
}

/// The bot's level a user id names, if it is the bot's and the level is known.
pub(crate) fn bot_level(user: &str) -> Option<PlayerKind> {
    // `search-uniform` is the arena's baseline, not a level to play against.
    user.strip_prefix(BOT_PREFIX)?.parse().ok().filter(|k| *k != PlayerKind::SearchUniform)
}

/// The catalogued kinds the bot plays, by name, in the catalogue's order.
pub fn bot_kinds() -> Vec<&'static str> {
    catalog::all().iter().filter(|d| Setting::of_kind(d.kind, "").is_ok()).map(|d| d.kind.name).collect()
}

/// The bot's player for a seat, if the bot holds it: the bot's own seat (its level), or a seat
/// whose player handed it over (`auto on`, the 托管 player) and has not taken it back.
pub(super) fn automated(row: &GameRow, log: &[EventRow], seat: Seat) -> Option<(PlayerKind, MovedBy)> {
    if let Some(level) = row.seats.user(seat.index()).and_then(bot_level) {
        return Some((level, MovedBy::BotSeat));
    }
    let me = Some(i64::from(seat.0));
    let last = log.iter().rev().find(|e| e.kind == AUTO && e.seat == me)?;
    (last.body == "on").then_some((autopilot::AUTOPILOT, MovedBy::Handed))
}

/// How many automatic moves a seat was given for timeouts so far.
pub(super) fn timed_out_moves(log: &[EventRow], seat: Seat) -> usize {
    let me = Some(i64::from(seat.0));
    log.iter().filter(|e| e.kind == TIMED && e.seat == me).count()
}

/// A mistake about the bot: nothing changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BotMistake {
    /// A challenge to the bot in a kind it does not play.
    #[error("the bot does not play {kind}; it plays {plays}")]
    Unsupported {
        /// The kind asked for.
        kind: &'static str,
        /// The kinds it plays.
        plays: String,
    },
    /// A level the bot does not have.
    #[error("'{}' is not a level of the bot: random, greedy or search", crate::rules::echo::echo(.0))]
    UnknownLevel(String),
    /// `auto on` where every other seat still in is the bot's already: someone must play.
    #[error("game #{0}: the bot already plays every other seat, so yours stays with you")]
    NoPlayerLeft(i64),
    /// `auto on|off` in a game that is not being played.
    #[error("game #{0} is not being played, so there is no seat to hand to the bot")]
    NotPlaying(i64),
}

impl BotMistake {
    /// The mistake in 简体 (繁體 by the caller).
    pub fn zh(&self) -> String {
        match self {
            BotMistake::Unsupported { kind, plays } => format!("机器人不会下 {kind}；它会下：{plays}。"),
            BotMistake::UnknownLevel(l) => {
                format!("“{}”不是机器人的级别：random、greedy 或 search。", crate::rules::echo::echo(l))
            }
            BotMistake::NoPlayerLeft(g) => format!("对局 #{g}：其他座位都已由机器人下，你的座位须由你自己下。"),
            BotMistake::NotPlaying(g) => format!("对局 #{g} 不在进行中，没有可托管的座位。"),
        }
    }
}

/// What a game's announcement says when a player hands over or takes back their seat.
pub(super) fn auto_said(l: crate::referee::Locale, game: i64, seat: &str, user: &str, on: bool) -> String {
    let zh = match on {
        true => format!("对局 #{game}：{seat}（{user}）托管给机器人，机器人轮到即走；auto {game} off 收回。"),
        false => format!("对局 #{game}：{seat}（{user}）收回托管，自己走棋。"),
    };
    match (l, on) {
        (crate::referee::Locale::En, true) => format!(
            "Game #{game}: {seat} ({user}) hands the seat to the bot (托管); it moves at once on that seat's turn. auto {game} off takes it back."
        ),
        (crate::referee::Locale::En, false) => {
            format!("Game #{game}: {seat} ({user}) takes the seat back from the bot and moves again.")
        }
        (crate::referee::Locale::ZhHant, _) => crate::referee::i18n::to_traditional(&zh),
        (crate::referee::Locale::ZhHans, _) => zh,
    }
}

impl Referee {
    /// A challenge to the bot (`opponent` is `bot:LEVEL`): refused for a level it lacks or a kind it
    /// does not play, before anything is stored.
    pub(super) fn check_bot_challenge(&self, def: &GameDef, opponent: &str) -> Res<()> {
        if bot_level(opponent).is_none() {
            let level = opponent.strip_prefix(BOT_PREFIX).unwrap_or(opponent).to_string();
            return Err(mistake(super::GameMistake::Bot(BotMistake::UnknownLevel(level))));
        }
        // Whether the bot plays the kind at all; the options are the kind's to check.
        if Setting::of_kind(def.kind, "").is_err() {
            let plays = bot_kinds().join(", ");
            return Err(mistake(super::GameMistake::Bot(BotMistake::Unsupported { kind: def.kind.name, plays })));
        }
        Ok(())
    }

    /// The bot's deployment for its seat, drawn by the bot crate's generator (flag in a
    /// headquarters, mines beside it) from fresh entropy, submitted as a player's would be.
    pub(super) async fn bot_deploy(
        &self,
        t: &mut Turn<'_>,
        def: &'static GameDef,
        row: &mut GameRow,
        live: &mut Option<AnyLive>,
        seat: Seat,
    ) -> Res<()> {
        let user = row.seats.user(seat.index()).unwrap_or("?").to_string();
        let setting = Setting::of_kind(def.kind, &options_of(row)).map_err(|e| {
            Fail::Store(corrupt("games", row.id, format!("a bot seat in a kind it does not play: {e}")))
        })?;
        let bytes = self.entropy(&format!("deploy:{}", seat.0), row.id)?;
        let seed = u64::from_le_bytes(bytes[..8].try_into().expect("8 of 32 bytes"));
        let text = junqi_bot::deploy::deployment(setting.variant, &mut Rng::new(seed));
        self.any_deploy(t, def, &user, &DeploySource::Text(text), row, live).await
    }

    /// `auto on|off`: the player hands their seat to the bot or takes it back; while handed over
    /// the bot moves for it at once on its turn.
    pub(super) async fn any_auto(
        &self,
        t: &mut Turn<'_>,
        def: &'static GameDef,
        seat: Seat,
        on: bool,
        row: &mut GameRow,
        live: &mut Option<AnyLive>,
    ) -> Res<()> {
        let game = row.id;
        if row.status != status::PLAYING {
            return Err(mistake(super::GameMistake::Bot(BotMistake::NotPlaying(game))));
        }
        let l = self.any_live(t, def, row, live).await?;
        if l.game.is_out(seat) {
            return Err(mistake(super::GameMistake::SeatOut { game, seat: super::seat_words(def, row, seat) }));
        }
        // Someone must play: the bot never plays against itself to the end inside one command.
        let others_human = (0..seat_count(def, row))
            .map(|s| Seat(s as u8))
            .filter(|&s| s != seat && !l.game.is_out(s))
            .any(|s| automated(row, &l.log, s).is_none());
        if on && !others_human {
            return Err(mistake(super::GameMistake::Bot(BotMistake::NoPlayerLeft(game))));
        }
        let body = if on { "on" } else { "off" };
        // Through the command's held-back writes, in order with the plies that follow.
        t.out.event_append(t.tx, game, AUTO, Some(i64::from(seat.0)), body, t.now).await?;
        l.logged(AUTO, Some(seat), body, t.now);
        let user = row.seats.user(seat.index()).unwrap_or("?").to_string();
        let l10n = t.out.server_locale(t.tx, &row.server_id).await?;
        let seat_name = super::words::seat(kind_of(def, row), seat, l10n.is_zh());
        let text = auto_said(l10n, game, seat_name, &user, on);
        t.out.effects.push(crate::referee::Effect::Public { server: row.server_id.clone(), game: Some(game), text });
        self.bot_turn(t, def, row, live).await
    }

    /// Where the seat to move is the bot's (its own or handed over), the bot moves for it now,
    /// through the same path as 托管; the game then goes on (and the bot moves again while the
    /// next seat is also its). Boxed: a ply leads here again.
    pub(super) fn bot_turn<'a, 'b: 'a>(
        &'a self,
        t: &'a mut Turn<'b>,
        def: &'static GameDef,
        row: &'a mut GameRow,
        live: &'a mut Option<AnyLive>,
    ) -> Pin<Box<dyn Future<Output = Res<()>> + Send + 'a>> {
        Box::pin(async move {
            if row.status != status::PLAYING {
                return Ok(());
            }
            let game = row.id;
            let l = self.any_live(t, def, row, live).await?;
            if l.game.over().is_some() {
                return Ok(());
            }
            let seat = l.game.to_move();
            let Some((level, by)) = automated(row, &l.log, seat) else { return Ok(()) };
            let tokens = l.game.legal_tokens(seat);
            if tokens.is_empty() {
                return Ok(());
            }
            // Public by design: game and ply seed the choice, so a restart makes the same move.
            let seed = (game as u64) << 20 ^ u64::from(l.game.ply());
            let by_bot = match super::start_of(t.tx, def, row).await? {
                Some(start) => {
                    let standing = super::takeback::played(&l.log)
                        .map_err(|seq| corrupt("events", format!("{game}/{seq}"), "takeback of no move"))?;
                    autopilot::bot_token_as(def, &start, &standing, game, seat, seed, level)?
                }
                None => None,
            };
            let token = match by_bot.filter(|t| tokens.contains(t)) {
                Some(token) => token,
                None => tokens[Rng::new(seed).below(tokens.len())].clone(),
            };
            let played =
                l.game.play_text(seat, &token).map_err(|e| Fail::Store(corrupt("games", game, e.to_string())))?;
            // As a player's move is written (held back with the command's writes), so the log
            // keeps the order of the plies.
            t.out.event_append(t.tx, game, "move", Some(i64::from(seat.0)), &played.token, t.now).await?;
            l.logged("move", Some(seat), &played.token, t.now);
            row.draw_offer = None;
            self.after_any_ply(t, def, row, live, &played, by).await
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bot_users_name_their_level() {
        assert_eq!(bot_user("Greedy"), "bot:greedy");
        assert_eq!(bot_level("bot:search"), Some(PlayerKind::Search));
        assert_eq!(bot_level("bot:clever"), None);
        assert_eq!(bot_level("bot:search-uniform"), None, "the arena's baseline is no level");
        assert!(is_bot("bot:clever"));
        assert!(!is_bot("<@123>") && !is_bot("alice"));
        assert!(bot_kinds().contains(&"junqi"));
        assert!(!bot_kinds().contains(&"draughts"));
    }

    #[test]
    fn bot_mistakes_read_in_three_languages() {
        let m = BotMistake::Unsupported { kind: "draughts", plays: "junqi".into() };
        assert_eq!(m.to_string(), "the bot does not play draughts; it plays junqi");
        assert_eq!(m.zh(), "机器人不会下 draughts；它会下：junqi。");
        let said = auto_said(crate::referee::Locale::ZhHant, 3, "紅方", "alice", true);
        assert!(said.contains("紅方（alice）托管給機器人"), "{said}");
    }
}
