//! What a player may do now, for the adapters, whatever the game: the action texts of their legal
//! plies ([`Referee::legal_actions`], autocomplete) and whether a message typed in a game's
//! channel reads as one of their actions ([`Referee::reads_as_action`]).
//!
//! The texts are the tokens `Action::Move` accepts and the event log stores, in the forms of the
//! rules crate's contract (`AnyGame::legal_tokens`): `c6-c7`, `S.c6-C.s` on the 4-player board,
//! `+c6` for a 翻棋 flip. Only the asking player's own actions are listed; they depend on which
//! points are occupied and by whom, which is public, so the list tells nothing a board does not.

use super::seats::Seating;
use super::{GameId, Mistake, Referee, RefereeError, lifecycle, rebuild};
use crate::rules::flip::{self, FlipAction, ParsedAction};
use crate::rules::flip_record::action_text;
use crate::rules::notation::format_move;
use crate::rules::{Seat, Variant};
use crate::store::{self, GameRow, status};

impl Referee {
    /// The action texts `user` may play now in `game`, as `Action::Move` takes them: empty when
    /// it is not their turn, the game is not being played, or they have no seat in it.
    pub async fn legal_actions(&self, game: GameId, user: &str) -> Result<Vec<String>, RefereeError> {
        let mut guard = self.hold(game).await;
        let mut c = self.store.conn().await?;
        let row = known(store::game_get(&mut c, game).await?, game)?;
        if row.status != status::PLAYING {
            return Ok(Vec::new());
        }
        let Some(seat) = Seating::load(&row)?.seat_of(user) else { return Ok(Vec::new()) };
        if let Some(def) = lifecycle::hosts(&row.variant) {
            if guard.cache.any.as_ref().is_none_or(|l| l.row.id != game) {
                guard.cache.any = lifecycle::rebuild(&mut c, def, &row).await?;
            }
            return Ok(guard.cache.any.as_ref().map(|l| l.game.legal_tokens(seat)).unwrap_or_default());
        }
        if row.variant == flip::VARIANT_NAME {
            let l = self.ensure_flip(&mut c, &row, &mut guard.cache.flip).await?;
            if l.game.over().is_some() || l.game.to_move().index() != seat.index() {
                return Ok(Vec::new());
            }
            let token = |action| action_text(ParsedAction { action, claims: None });
            return Ok(l.game.legal_actions().into_iter().map(token).collect());
        }
        if guard.cache.live.is_none() {
            guard.cache.live = rebuild(&mut c, &row).await?;
        }
        let Some(live) = &guard.cache.live else { return Ok(Vec::new()) };
        let g = &live.game;
        if g.over().is_some() || g.to_move() != seat || g.is_out(seat) {
            return Ok(Vec::new());
        }
        let board = &g.variant().board;
        Ok(g.legal_moves().into_iter().map(|mv| format_move(board, mv)).collect())
    }

    /// Whether `text`, typed by `user` in the channel of `game`, reads as one of their actions:
    /// the action's token (as [`Referee::legal_actions`] writes it), or `None` for chat. Only the
    /// form is read, not whether the action is legal now, so a mistyped or untimely move still
    /// reaches the referee and is answered; a user with no seat in the game is only chatting.
    /// Since a lone point reads as ordinary text too, a typed 翻棋 flip carries its mark
    /// (`+c6`, `flip c6`, `翻c6`), and a guess at the piece (`+c6=G`) is not a typed flip.
    pub async fn reads_as_action(&self, game: GameId, user: &str, text: &str) -> Result<Option<String>, RefereeError> {
        let row = known(self.game_row(game).await?, game)?;
        let Some(seat) = Seating::load(&row)?.seat_of(user) else { return Ok(None) };
        if lifecycle::hosts(&row.variant).is_some() {
            let mut guard = self.hold(game).await;
            let mut c = self.store.conn().await?;
            if let Some(def) = lifecycle::hosts(&row.variant)
                && guard.cache.any.as_ref().is_none_or(|l| l.row.id != game)
            {
                guard.cache.any = lifecycle::rebuild(&mut c, def, &row).await?;
            }
            return Ok(guard.cache.any.as_ref().and_then(|l| l.game.read_action(seat, text).ok()));
        }
        Ok(read_typed(&row, seat, text))
    }
}

/// The row, or the refusal for a game that does not exist.
fn known(row: Option<GameRow>, game: GameId) -> Result<GameRow, RefereeError> {
    row.ok_or_else(|| RefereeError::Rejected { mistake: Mistake::UnknownGame(game), message: String::new() })
}

/// A typed text as an action of `seat` in the game of `row` (see [`Referee::reads_as_action`]).
fn read_typed(row: &GameRow, seat: Seat, text: &str) -> Option<String> {
    if row.variant == flip::VARIANT_NAME {
        let t = text.trim();
        let parsed = flip::parse_action(t).ok()?;
        let marked =
            t.starts_with('+') || t.starts_with('翻') || t.get(..5).is_some_and(|p| p.eq_ignore_ascii_case("flip "));
        return match parsed.action {
            FlipAction::Flip(_) if !marked || parsed.claims.is_some() => None,
            _ => Some(action_text(ParsedAction { claims: None, ..parsed })),
        };
    }
    let v = Variant::by_name(&row.variant)?;
    v.parse_move_as(seat, text).ok().map(|mv| format_move(&v.board, mv))
}
