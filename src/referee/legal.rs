//! What a player may do now, for the adapters, whatever the game: the action texts of their legal
//! plies ([`Referee::legal_actions`], autocomplete) and whether a message typed in a game's
//! channel reads as one of their actions ([`Referee::reads_as_action`]).
//!
//! The texts are the tokens `Action::Move` accepts and the event log stores, as the game writes
//! them (`AnyGame::legal_tokens`): `c6-c7`, `S.c6-C.s` on the 4-player board, `+c6` for a 翻棋
//! flip. Only the asking player's own actions are listed; they depend on which points are
//! occupied and by whom, which is public, so the list tells nothing a board does not.

use super::seats::Seating;
use super::{GameId, Mistake, Referee, RefereeError, corrupt, lifecycle};
use crate::rules::Seat;
use crate::rules::contract::catalog::{GameDef, Start};
use crate::rules::contract::{AnyGame, Secret, SetupStyle};
use crate::rules::rng::Rng;
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
    /// not a typed action. Before the game has begun (seats still free, armies being deployed) the
    /// form is read as a game of its kind would read it, so a move typed too early reaches the
    /// referee, which tells the player what the game waits for.
    pub async fn reads_as_action(&self, game: GameId, user: &str, text: &str) -> Result<Option<String>, RefereeError> {
        let row = known(self.game_row(game).await?, game)?;
        let Some(seat) = Seating::load(&row)?.seat_of(user) else { return Ok(None) };
        let t = text.trim();
        let bare = t.chars().count() <= 3 && t.chars().all(|c| c.is_ascii_alphanumeric());
        if bare || t.contains('=') {
            return Ok(None);
        }
        if row.status == status::CHALLENGED || row.status == status::DEPLOYING {
            let def = lifecycle::hosts(&row.variant).ok_or_else(|| corrupt("games", game, "unknown variant"))?;
            return Ok(stand_in(def, &row).and_then(|g| g.read_action(seat, t).ok()));
        }
        Ok(self.with_game(game, |g, _| g.read_action(seat, t).ok()).await?.flatten())
    }
}

/// A game of the row's kind, mode, options and seats standing in for one that has not begun, to
/// read the form of a typed action: its setups or deal are drawn from a fixed seed, since the
/// form of an action does not depend on where the pieces stand, and it is never played.
fn stand_in(def: &GameDef, row: &GameRow) -> Option<Box<dyn AnyGame>> {
    let seats = u8::try_from(lifecycle::seat_count(def, row)).ok()?;
    let mut start = Start::new(seats);
    start.mode = row.mode.clone();
    start.options = lifecycle::options_of(row);
    let mut rng = Rng::new(0);
    match def.kind.setup {
        SetupStyle::Deploy => {
            let random = def.random_setup?;
            start.setups = (0..seats).map(|s| Secret::new(random(Seat(s), &mut rng))).collect();
        }
        SetupStyle::Deal => start.deal = Some((def.deal?)(&Secret::new([0; 32])).deal),
        SetupStyle::None => {}
    }
    (def.start)(&start).ok()
}

/// The row, or the refusal for a game that does not exist.
fn known(row: Option<GameRow>, game: GameId) -> Result<GameRow, RefereeError> {
    row.ok_or_else(|| RefereeError::Rejected { mistake: Mistake::UnknownGame(game), message: String::new() })
}
