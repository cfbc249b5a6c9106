//! The effects a command collects ([`Out`]), with the locale lookups they need and the writes a
//! move holds back for the group commit; announcing a catalogue message publicly or privately.

use std::collections::HashMap;
use std::sync::Arc;

use crate::store::Conn;

use super::{Effect, GameId, Locale, Msg, Referee, Res, locales};
use crate::store::{self, DeadlineRow, GameRow, StoreError};

/// Effects being collected for one command, with the locale lookups they need.
#[derive(Default)]
pub(super) struct Out {
    pub effects: Vec<Effect>,
    /// Locales looked up during this command (server default by server, then by user), so a
    /// command that announces several things reads each setting once.
    pub server_locales: HashMap<String, Locale>,
    pub user_locales: HashMap<String, Locale>,
    /// The referee's server locales and the settings version this command began at (None:
    /// always read the store).
    pub cached: Option<(Arc<locales::ServerLocales>, u64)>,
    /// Writes held back to go out in one round trip at the end of the command. Only a move that
    /// does not end its game defers writes (event, game row, deadline); see [`store::Later`] for
    /// the rule that keeps reads correct.
    pub later: store::Later,
    /// Whether writes may be held back at all: only commands run by [`Referee::handle`], which
    /// flushes them before the commit; timers and tournament jobs write at once.
    pub defer: bool,
}

impl Out {
    /// Appends to the event log, held back if this command defers writes.
    pub async fn event_append(
        &mut self,
        tx: &mut Conn,
        game: GameId,
        kind: &str,
        seat: Option<i64>,
        body: &str,
        at: i64,
    ) -> Result<(), StoreError> {
        if self.defer {
            self.later.event_append(game, kind, seat, body, at);
        } else {
            store::event_append(tx, game, kind, seat, body, at).await?;
        }
        Ok(())
    }

    /// Writes the game row, held back if this command defers writes.
    pub async fn game_update(&mut self, tx: &mut Conn, row: &GameRow) -> Result<(), StoreError> {
        if self.defer {
            self.later.game_update(row)
        } else {
            store::game_update(tx, row).await?
        }
        Ok(())
    }

    /// Sets the game's deadline, held back if this command defers writes.
    pub async fn deadline_set(&mut self, tx: &mut Conn, d: &DeadlineRow) -> Result<(), StoreError> {
        if self.defer {
            self.later.deadline_set(d)
        } else {
            store::deadline_set(tx, d).await?
        }
        Ok(())
    }

    pub async fn server_locale(&mut self, tx: &mut Conn, server: &str) -> Result<Locale, StoreError> {
        if let Some(&l) = self.server_locales.get(server) {
            return Ok(l);
        }
        if let Some(l) = self.cached.as_ref().and_then(|(c, version)| c.get(server, *version)) {
            return Ok(l);
        }
        let l = Locale::parse(&store::server_get(tx, server).await?.locale).unwrap_or_default();
        self.server_locales.insert(server.to_string(), l);
        Ok(l)
    }

    pub async fn user_locale(&mut self, tx: &mut Conn, user: &str, server: &str) -> Result<Locale, StoreError> {
        if let Some(&l) = self.user_locales.get(user) {
            return Ok(l);
        }
        let l = match store::user_get(tx, user).await?.locale.as_deref().and_then(Locale::parse) {
            Some(l) => l,
            None => self.server_locale(tx, server).await?,
        };
        self.user_locales.insert(user.to_string(), l);
        Ok(l)
    }
}

impl Referee {
    /// Announces a catalogue message in a server, in its locale.
    pub(super) async fn public(
        &self,
        tx: &mut Conn,
        server: &str,
        game: Option<GameId>,
        msg: Msg,
        out: &mut Out,
    ) -> Res<()> {
        let l = out.server_locale(tx, server).await?;
        out.effects.push(Effect::Public { server: server.into(), game, text: msg.render(l) });
        Ok(())
    }

    /// Tells one user a catalogue message, in their locale.
    pub(super) async fn private(
        &self,
        tx: &mut Conn,
        user: &str,
        server: &str,
        game: Option<GameId>,
        msg: Msg,
        out: &mut Out,
    ) -> Res<()> {
        // The bot's seat reads nothing: it is told nothing.
        if super::lifecycle::is_bot(user) {
            return Ok(());
        }
        let l = out.user_locale(tx, user, server).await?;
        out.effects.push(Effect::Private { user: user.into(), game, text: msg.render(l) });
        Ok(())
    }
}

/// A user's locale: their own choice, else their server's default.
pub(super) async fn user_locale(c: &mut Conn, user: &str, server: &str) -> Result<Locale, StoreError> {
    let u = store::user_get(c, user).await?;
    if let Some(l) = u.locale.as_deref().and_then(Locale::parse) {
        return Ok(l);
    }
    let s = store::server_get(c, server).await?;
    Ok(Locale::parse(&s.locale).unwrap_or_default())
}
