//! Delivery through the durable outbox (issue 20): the effects of every commit are stored in the
//! same transaction ([`store::outbox_put`], or held back with a command's request id), handed to
//! the adapter as a [`Delivery`], and forgotten once the adapter says they are delivered
//! ([`Referee::delivered`]). What a crash or a fault left undelivered is handed out again by
//! [`Referee::undelivered`], in commit order; its [`DeliveryKey`] is the same as the first time,
//! so an adapter that de-duplicates by it (Discord's message nonce) shows it once.

use crate::store::Conn;

use super::{Effect, GameId, Referee, RefereeError};
use crate::store::{self, StoreError};

/// What identifies one delivery, the same on every attempt.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum DeliveryKey {
    /// Something the clock did (a deadline, a reminder, a round): its outbox row.
    Clock(i64),
    /// A command: its user and request id (a repeat of the request is the same delivery).
    Request {
        /// The acting user.
        user: String,
        /// The request id.
        request: String,
    },
}

impl DeliveryKey {
    /// A short stable name of the delivery (at most 14 characters), for de-duplication by the
    /// adapter: `o17` for the clock's row 17, `r` and a 64-bit hash of the user and request id
    /// in base 36 for a command. Discord's nonce allows 25 characters, which leaves room for the
    /// number of the message within the delivery.
    pub fn nonce(&self) -> String {
        match self {
            DeliveryKey::Clock(id) => format!("o{}", base36(*id as u64)),
            DeliveryKey::Request { user, request } => {
                // FNV-1a: stable across builds and platforms, unlike std's hasher.
                let mut h: u64 = 0xcbf2_9ce4_8422_2325;
                for b in user.bytes().chain([0]).chain(request.bytes()) {
                    h ^= u64::from(b);
                    h = h.wrapping_mul(0x0100_0000_01b3);
                }
                format!("r{}", base36(h))
            }
        }
    }
}

fn base36(mut n: u64) -> String {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut out = Vec::new();
    loop {
        out.push(DIGITS[(n % 36) as usize]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    out.reverse();
    String::from_utf8(out).expect("ASCII digits")
}

/// Effects committed together, to be delivered together and then confirmed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Delivery {
    /// Confirm with [`Referee::delivered`]; de-duplicate by [`DeliveryKey::nonce`].
    pub key: DeliveryKey,
    /// The effects, in order.
    pub effects: Vec<Effect>,
}

/// Stores what the clock's transaction produced in the outbox, inside that transaction (nothing
/// when it produced nothing).
pub(super) async fn stash(tx: &mut Conn, game: Option<GameId>, effects: &[Effect], at: i64) -> Result<(), StoreError> {
    if effects.is_empty() {
        return Ok(());
    }
    let json = serde_json::to_string(effects).expect("effects serialise");
    store::outbox_put(tx, game, &json, at).await?;
    Ok(())
}

impl Referee {
    /// The effects committed but not yet confirmed delivered, in commit order (so in order per
    /// game): every delivery the clock made ([`Referee::tick`] commits them here, and returns
    /// them too for callers that do not use the outbox) and those of commands committed before
    /// `commands_before` (a command's own caller delivers its [`Delivery`]; pass `i64::MAX` at
    /// start, when no command is in flight).
    pub async fn undelivered(&self, commands_before: i64) -> Result<Vec<Delivery>, RefereeError> {
        let rows = store::outbox_pending(&mut *self.store.conn().await?, commands_before).await?;
        rows.into_iter()
            .map(|r| {
                let effects = serde_json::from_str(&r.effects)
                    .map_err(|e| RefereeError::StoredEffects(format!("outbox {}", r.id), e.to_string()))?;
                let key = match (r.user_id, r.request_id) {
                    (Some(user), Some(request)) => DeliveryKey::Request { user, request },
                    _ => DeliveryKey::Clock(r.id),
                };
                Ok(Delivery { key, effects })
            })
            .collect()
    }

    /// Confirms a delivery: it leaves the outbox. Confirming twice is harmless. It takes a turn
    /// in the group commit, so confirmations share the commits of the commands around them.
    pub async fn delivered(&self, key: &DeliveryKey) -> Result<(), RefereeError> {
        let (mut turn, commit) = self.store.turn().await?;
        let done = match key {
            DeliveryKey::Clock(id) => store::outbox_done(turn.conn(), *id).await,
            DeliveryKey::Request { user, request } => store::outbox_done_request(turn.conn(), user, request).await,
        };
        turn.finish(done.is_ok());
        done?;
        commit.wait().await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nonces_are_short_stable_and_distinct() {
        let a = DeliveryKey::Request { user: "<@123456789012345678>".into(), request: "1234567890123456789".into() };
        let b = DeliveryKey::Request { user: "<@123456789012345678>".into(), request: "1234567890123456788".into() };
        assert_eq!(a.nonce(), a.clone().nonce());
        assert_ne!(a.nonce(), b.nonce());
        assert!(a.nonce().len() <= 14, "{}", a.nonce());
        assert_eq!(DeliveryKey::Clock(17).nonce(), "oh");
        assert!(DeliveryKey::Clock(i64::MAX).nonce().len() <= 14);
    }
}
