//! A game against the computer player on Discord (issue 17): `/junqi challenge bot:LEVEL`. The
//! referee opens the game, seats the bot and has it deploy within the one command, so its answer
//! is a challenge and an acceptance at once: the first part becomes the challenge message, the
//! rest is translated as the bot's acceptance would be (the game's thread, pings, the player's
//! deployment panel).

use super::RefereeService;
use crate::discord::port::{Actor, Effect, Request};
use crate::referee;

impl RefereeService {
    /// Translates the effects of a challenge to the bot: up to the challenge's timer being
    /// cancelled (the bot took its seat) as the challenge, the rest as its acceptance.
    pub(super) async fn bot_challenge(
        &self,
        actor: &Actor,
        request: &Request,
        mut effects: Vec<referee::Effect>,
    ) -> Vec<Effect> {
        let game = effects.iter().find_map(|e| match e {
            referee::Effect::Public { game: Some(g), .. } => Some(*g),
            _ => None,
        });
        let cut = effects.iter().position(|e| matches!(e, referee::Effect::TimerCancel { .. }));
        let (Some(game), Some(cut)) = (game, cut) else {
            return self.with_tournaments(actor, request, effects).await;
        };
        let accepted = effects.split_off(cut);
        let mut out = self.with_tournaments(actor, request, effects).await;
        let accept = Request::Accept { challenge: game as u64 };
        out.extend(self.with_tournaments(actor, &accept, accepted).await);
        out
    }
}
