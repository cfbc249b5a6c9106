//! The layout a player's deployment panel shows and edits: their deployment in the game once they
//! deployed, before that the panel's draft (the suggestion, edited by swaps), else their last
//! layout, else a fresh random suggestion. Kept in the store, so a restart shows the same.

use super::lifecycle::{self, GameMistake};
use super::seats::Seating;
use super::{Fail, GameId, Mistake, Referee, RefereeError};
use crate::store::{self, status};

/// What a panel swap did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DraftSwap {
    /// The player has deployed in this game: the swap is a deployment again
    /// (`DeploySource::Swap`, through the command path, like the local `swap`).
    Deployed,
    /// The draft before the first deployment now holds this layout (nothing deployed).
    Drafted(String),
}

impl Referee {
    /// The layout `user`'s deployment panel shows in `game` (see the module's order). Refused when
    /// the game is not deploying and the player has nothing deployed in it.
    pub async fn panel_layout_of(&self, game: GameId, user: &str) -> Result<String, RefereeError> {
        let mut c = self.store.conn().await?;
        if let Some(row) = store::game_get(&mut c, game).await?
            && let Ok(seating) = Seating::load(&row)
            && let Some(seat) = seating.seat_of(user)
        {
            let deployed = store::deployments_get(&mut c, game).await?;
            if let Some(d) = deployed.into_iter().find(|d| d.seat == i64::from(seat.0)) {
                return Ok(d.setup);
            }
        }
        if let Some(draft) = store::suggestion_get(&mut c, game, user).await? {
            return Ok(draft);
        }
        drop(c);
        match self.last_layout(user, Some(game)).await? {
            Some(last) => Ok(last),
            None => self.suggested_layout(game, user).await,
        }
    }

    /// Swaps the pieces on points `a` and `b` of the layout `user`'s panel shows in `game`. Before
    /// their first deployment the draft is edited and stored (the game does not start on an
    /// edit); after it, [`DraftSwap::Deployed`] tells the caller to deploy the swap. A swap that
    /// breaks a placement rule is refused with the rule's words, in the player's language.
    pub async fn swap_draft(
        &self,
        game: GameId,
        user: &str,
        server: &str,
        a: &str,
        b: &str,
    ) -> Result<DraftSwap, RefereeError> {
        let locale = self.locale_of(user, server).await?;
        let reject = |m: Mistake| RefereeError::Rejected { message: m.render(locale), mistake: m };
        let mut c = self.store.conn().await?;
        let row = store::game_get(&mut c, game).await?.ok_or_else(|| reject(Mistake::UnknownGame(game)))?;
        let seat = Seating::load(&row)?.seat_of(user).ok_or_else(|| reject(Mistake::NotYourGame(game)))?;
        if row.status != status::DEPLOYING {
            return Err(reject(Mistake::WrongState { game, status: row.status.clone() }));
        }
        let deployed = store::deployments_get(&mut c, game).await?;
        if deployed.iter().any(|d| d.seat == i64::from(seat.0)) {
            return Ok(DraftSwap::Deployed);
        }
        drop(c);
        let def = lifecycle::hosts(&row.variant).ok_or_else(|| reject(Mistake::UnknownGame(game)))?;
        let current = self.panel_layout_of(game, user).await?;
        let swapped =
            crate::rules::contract::edit::swap_points(def, seat, &current, a, b).map_err(
                |e| match lifecycle::mistake(GameMistake::Swap(e)) {
                    Fail::Mistake(m) => reject(m),
                    Fail::Store(e) => e.into(),
                },
            )?;
        let mut tx = self.store.begin().await?;
        store::suggestion_set(&mut tx, game, user, &swapped).await?;
        tx.commit().await?;
        Ok(DraftSwap::Drafted(swapped))
    }
}
