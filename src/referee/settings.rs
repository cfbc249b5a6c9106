//! Server options the adapters keep through the referee (so a restart loses nothing), the
//! bookkeeping of where games live on a chat service, vacations of a given length, and the read
//! methods adapters use instead of touching the store.
//!
//! Places (channels, threads, messages) are opaque strings to the referee, like user ids; the
//! Discord adapter writes them as mentions (`<#id>`) and ids.

use crate::store::Conn;

use super::vacation::month_of;
use super::{GameId, Locale, Mistake, Msg, Out, Referee, RefereeError, Res};
use crate::store::{self, discord};

/// A server's adapter options: announcements channel, thread per game, default time control.
pub type ServerOptions = discord::DiscordServerRow;

/// A change of server options (`None` leaves a setting as it is).
pub(super) struct OptionsChange {
    pub announcements: Option<String>,
    pub thread_per_game: Option<bool>,
    pub default_time: Option<String>,
    pub locale: Option<String>,
}

impl Referee {
    pub(super) async fn server_options_apply(
        &self,
        tx: &mut Conn,
        user: &str,
        server: &str,
        change: OptionsChange,
        out: &mut Out,
    ) -> Res<()> {
        let mut opts = discord::discord_server_get(tx, server).await?;
        let mut row = store::server_get(tx, server).await?;
        if let Some(tag) = change.locale {
            row.locale = Locale::parse(&tag).ok_or_else(|| Mistake::BadLocale(tag.clone()))?.tag().into();
            store::server_put(tx, &row).await?;
            // The confirmation below must speak the new language if the user chose none.
            out.server_locales.remove(server);
            out.user_locales.remove(user);
        }
        if let Some(t) = change.default_time {
            let t = t.trim().to_lowercase();
            let secs = super::time::time_control(&t)?;
            opts.default_time = Some(if secs.is_none() { "none".into() } else { t });
        }
        if let Some(a) = change.announcements {
            opts.announcements = (!a.trim().is_empty()).then(|| a.trim().to_string());
        }
        if let Some(t) = change.thread_per_game {
            opts.thread_per_game = Some(t);
        }
        discord::discord_server_put(tx, &opts).await?;
        let msg = Msg::ServerOptions {
            announcements: opts.announcements.clone(),
            thread_per_game: opts.thread_per_game,
            default_time: opts.default_time.clone(),
            locale: row.locale.clone(),
        };
        self.private(tx, user, server, None, msg, out).await
    }

    /// A vacation of `days` days, cut to what is left of this month's allowance.
    pub(super) async fn vacation_days(
        &self,
        tx: &mut Conn,
        user: &str,
        server: &str,
        days: i64,
        now: i64,
        out: &mut Out,
    ) -> Res<()> {
        if !(1..=31).contains(&days) {
            return Err(Mistake::BadVacationLength(days).into());
        }
        let mut u = store::user_get(tx, user).await?;
        let allowance = store::server_get(tx, server).await?.vacation_days.saturating_mul(86_400);
        let month = month_of(now);
        if u.vacation_month != month && u.vacation_since.is_none() {
            u.vacation_month = month;
            u.vacation_used = 0;
        }
        if u.vacation_since.is_some() {
            return Err(Mistake::AlreadyOnVacation.into());
        }
        let left = allowance - u.vacation_used;
        if left <= 0 {
            return Err(Mistake::NoVacationLeft.into());
        }
        let lasts = left.min(days * 86_400);
        u.vacation_since = Some(now);
        u.vacation_until = Some(super::time::after(now, lasts));
        store::user_put(tx, &u).await?;
        self.pause_clocks(tx, user, now, out).await?;
        self.private(tx, user, server, None, Msg::VacationFor { days, lasts }, out).await
    }

    /// A server's adapter options (all unset if never changed).
    pub async fn server_options(&self, server: &str) -> Result<ServerOptions, RefereeError> {
        Ok(discord::discord_server_get(&mut *self.store.conn().await?, server).await?)
    }

    /// Records where a game is played (a channel or thread, opaque to the referee).
    pub async fn place_game(&self, game: GameId, place: &str) -> Result<(), RefereeError> {
        let mut tx = self.store.begin().await?;
        discord::discord_game_put(&mut tx, game, place).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Where a game is played, if recorded.
    pub async fn game_place(&self, game: GameId) -> Result<Option<String>, RefereeError> {
        Ok(discord::discord_game_channel(&mut *self.store.conn().await?, game).await?)
    }

    /// The game a place means (its live game first).
    pub async fn game_at_place(&self, place: &str) -> Result<Option<GameId>, RefereeError> {
        Ok(discord::discord_game_at(&mut *self.store.conn().await?, place).await?)
    }

    /// Records the message that carries a challenge.
    pub async fn place_challenge(&self, game: GameId, channel: &str, message: &str) -> Result<(), RefereeError> {
        let mut tx = self.store.begin().await?;
        discord::discord_challenge_put(&mut tx, game, channel, message).await?;
        tx.commit().await?;
        Ok(())
    }

    /// The (channel, message) that carries a challenge, if recorded.
    pub async fn challenge_place(&self, game: GameId) -> Result<Option<(String, String)>, RefereeError> {
        Ok(discord::discord_challenge_get(&mut *self.store.conn().await?, game).await?)
    }

    /// The layout family of a game's kind, or of the first catalogued kind that deploys without
    /// one (or for a game that deploys nothing): what saved and last layouts are kept by.
    async fn layout_family(&self, c: &mut Conn, game: Option<GameId>) -> Result<&'static str, RefereeError> {
        let row = match game {
            Some(g) => store::game_get(c, g).await?,
            None => None,
        };
        let deploys = |d: &&crate::rules::contract::GameDef| d.kind.setup == crate::rules::contract::SetupStyle::Deploy;
        let def = row
            .and_then(|r| crate::rules::contract::catalog::find(&r.variant))
            .filter(deploys)
            .or_else(|| crate::rules::contract::catalog::all().into_iter().find(deploys));
        Ok(def.map_or("", |d| d.kind.layouts))
    }

    /// One of a user's saved layouts, of the family of `game` (2-player Junqi's without).
    pub async fn layout(&self, user: &str, game: Option<GameId>, name: &str) -> Result<Option<String>, RefereeError> {
        let mut c = self.store.conn().await?;
        let family = self.layout_family(&mut c, game).await?;
        Ok(store::layout_get(&mut c, user, family, name).await?)
    }

    /// The names of a user's saved layouts of the family of `game` (2-player Junqi's without).
    pub async fn layout_names(&self, user: &str, game: Option<GameId>) -> Result<Vec<String>, RefereeError> {
        let mut c = self.store.conn().await?;
        let family = self.layout_family(&mut c, game).await?;
        let list = store::layout_list(&mut c, user, family).await?;
        Ok(list.into_iter().map(|(n, _)| n).collect())
    }

    /// The layout of the family of `game` (2-player Junqi's without) a user deployed last.
    pub async fn last_layout(&self, user: &str, game: Option<GameId>) -> Result<Option<String>, RefereeError> {
        let mut c = self.store.conn().await?;
        let family = self.layout_family(&mut c, game).await?;
        Ok(store::last_layout_get(&mut c, user, family).await?)
    }

    /// The language the referee speaks to a user on a server (their choice, else the server's).
    pub async fn locale_for(&self, user: &str, server: &str) -> Result<Locale, RefereeError> {
        Ok(self.locale_of(user, server).await?)
    }

    /// The language the referee speaks in a server's public messages.
    pub async fn server_locale(&self, server: &str) -> Result<Locale, RefereeError> {
        let mut c = self.store.conn().await?;
        Ok(Locale::parse(&store::server_get(&mut c, server).await?.locale).unwrap_or_default())
    }
}
