//! What a player may do now, for the adapters, whatever the game: the action texts of their legal
//! plies ([`Referee::legal_actions`], autocomplete) and whether a message typed in a game's
//! channel reads as one of their actions ([`Referee::reads_as_action`]).
//!
//! The texts are the tokens `Action::Move` accepts and the event log stores, as the game writes
//! them (`AnyGame::legal_tokens`): `c6-c7`, `S.c6-C.s` on the 4-player board, `+c6` for a 翻棋
//! flip. Only the asking player's own actions are listed; they depend on which points are
//! occupied and by whom, which is public, so the list tells nothing a board does not.

use super::seats::Seating;
use super::{GameId, Mistake, Referee, RefereeError};
use crate::store::{GameRow, status};

impl Referee {
    /// The action texts `user` may play now in `game`, as `Action::Move` takes them: empty when
    /// it is not their turn, the game is not being played, or they have no seat in it.
    pub async fn legal_actions(&self, game: GameId, user: &str) -> Result<Vec<String>, RefereeError> {
        let row = known(self.game_row(game).await?, game)?;
        if row.status != status::PLAYING {
            return Ok(Vec::new());
        }
        let Some(seat) = Seating::load(&row)?.seat_of(user) else { return Ok(Vec::new()) };
        Ok(self.with_game(game, |g, _| g.legal_tokens(seat)).await?.unwrap_or_default())
    }

    /// Whether `text`, typed by `user` in the channel of `game`, reads as one of their actions:
    /// the action's token (as [`Referee::legal_actions`] writes it), or `None` for chat. Only the
    /// form is read, not whether the action is legal now, so a mistyped or untimely move still
    /// reaches the referee and is answered; a user with no seat in the game is only chatting.
    /// A short bare word that reads as an action (a 翻棋 flip written `c6`) is chat too, since
    /// people type point names in conversation: a typed action is longer (`c6c7`) or has a mark
    /// of one (`c6-c7`, `+c6`, `flip c6`, `翻c6`), and a guess at what it reveals (`+c6=G`) is
    /// not a typed action.
    pub async fn reads_as_action(&self, game: GameId, user: &str, text: &str) -> Result<Option<String>, RefereeError> {
        let row = known(self.game_row(game).await?, game)?;
        let Some(seat) = Seating::load(&row)?.seat_of(user) else { return Ok(None) };
        let t = text.trim();
        let bare = t.chars().count() <= 3 && t.chars().all(|c| c.is_ascii_alphanumeric());
        if bare || t.contains('=') {
            return Ok(None);
        }
        Ok(self.with_game(game, |g, _| g.read_action(seat, t).ok()).await?.flatten())
    }
}

/// The row, or the refusal for a game that does not exist.
fn known(row: Option<GameRow>, game: GameId) -> Result<GameRow, RefereeError> {
    row.ok_or_else(|| RefereeError::Rejected { mistake: Mistake::UnknownGame(game), message: String::new() })
}
