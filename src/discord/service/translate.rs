//! The referee's effects become the adapter's: challenge messages with buttons, game openings,
//! deployment panels, public posts with the board image and whom to ping, private answers.

use super::RefereeService;
use crate::discord::ids::{user_id, user_key};
use crate::discord::port::{Actor, DeployAction, DrawAction, Effect, Request};
use crate::referee;
use crate::store;

impl RefereeService {
    /// Turns the referee's effects into the adapter's. `request` says what kind of answer the
    /// public texts are (a challenge, a game opening…).
    pub(super) async fn translate(
        &self,
        actor: &Actor,
        request: &Request,
        effects: Vec<referee::Effect>,
    ) -> Vec<Effect> {
        let mut out = vec![];
        let mut renders_public = false;
        let mut render_for_actor = false;
        let mut game_of_public = None;
        for e in &effects {
            if let referee::Effect::Render { game, for_user } = e {
                match for_user {
                    None => renders_public = true,
                    Some(u) if user_id(u) == Some(actor.user) => render_for_actor = true,
                    Some(_) => {}
                }
                game_of_public = Some(*game);
            }
        }
        // The public board goes with the last public message of the batch (after "X has deployed",
        // with "the game begins"; after a ply, with its announcement).
        let image_at = effects.iter().rposition(|e| matches!(e, referee::Effect::Public { game: Some(_), .. }));
        let mut private_for_actor = Vec::new();
        // The first public message of an accept opens the game; a game in play at once (nothing
        // to deploy: 翻棋 deals) goes on with whose ply it is and its board, posted there as usual.
        let mut opened = false;
        let at_once = match request {
            Request::Accept { challenge } => {
                let g = i64::try_from(*challenge).unwrap_or(-1);
                matches!(self.referee.turn_status(g).await, Ok(Some(_)))
            }
            _ => false,
        };
        for (i, e) in effects.into_iter().enumerate() {
            match e {
                referee::Effect::Public { game: Some(g), text, .. } => {
                    let gid = g as u64;
                    match request {
                        Request::Challenge { opponent, .. } => match self.free_seats(g).await {
                            Some(seats) => out.push(Effect::SeatChallenge { challenge: gid, text, seats }),
                            None => out.push(Effect::Challenge {
                                challenge: gid,
                                opponent: opponent.as_ref().map(|o| o.0),
                                text,
                            }),
                        },
                        Request::Rematch { .. } => {
                            if let Some(seats) = self.free_seats(g).await {
                                out.push(Effect::SeatChallenge { challenge: gid, text, seats });
                                continue;
                            }
                            // The one invited (not seated until they accept), else a seated player.
                            let invited = self.referee.game_row(g).await.ok().flatten().and_then(|r| r.invited);
                            let opponent = match invited.as_deref().and_then(crate::discord::ids::user_id) {
                                Some(u) => Some(u),
                                None => self.players(g).await.into_iter().find(|p| *p != actor.user),
                            };
                            out.push(Effect::Challenge { challenge: gid, opponent, text })
                        }
                        // A game in play at once, once opened, goes on in its thread (below).
                        Request::Accept { challenge } | Request::Join { challenge, .. } if !(opened && at_once) => {
                            // A 4-player challenge fills seat by seat: until it is full, each seat
                            // taken is said in the channel and the challenge stays open; the texts
                            // of the accept that fills it open the game together.
                            let row = self.referee.game_row(g).await.ok().flatten();
                            // The thread is named by the game's kind (`军棋 Junqi #1`).
                            let kind = row.as_ref().and_then(|r| crate::rules::contract::catalog::find(&r.variant));
                            let title = match kind.map(|d| d.kind.title) {
                                Some(t) => format!("{} {} #{gid}", t.zh_hans, t.en),
                                None => format!("军棋 Junqi #{gid}"),
                            };
                            if row.is_some_and(|r| r.status == store::status::CHALLENGED) {
                                out.push(Effect::Reply { text, file: None, public: true });
                                continue;
                            }
                            if let Some(Effect::GameOpened { text: t, .. }) =
                                out.iter_mut().find(|e| matches!(e, Effect::GameOpened { game, .. } if *game == gid))
                            {
                                t.push('\n');
                                t.push_str(&text);
                                if let Some(Effect::ChallengeClosed { text: t, .. }) = out.iter_mut().find(
                                    |e| matches!(e, Effect::ChallengeClosed { challenge: c, .. } if c == challenge),
                                ) {
                                    t.push('\n');
                                    t.push_str(&text);
                                }
                                continue;
                            }
                            opened = true;
                            out.push(Effect::ChallengeClosed { challenge: *challenge, text: text.clone() });
                            out.push(Effect::GameOpened {
                                game: gid,
                                challenge: *challenge,
                                title,
                                text,
                                players: self.players(g).await,
                            });
                        }
                        Request::Decline { challenge } => {
                            out.push(Effect::ChallengeClosed { challenge: *challenge, text })
                        }
                        // The request itself: its post carries the answer buttons.
                        Request::Takeback { action: DrawAction::Offer, .. } => {
                            out.push(Effect::TakebackOffer { game: gid, text });
                        }
                        _ => {
                            let image = if renders_public && game_of_public == Some(g) && image_at == Some(i) {
                                self.image(g, None, &format!("junqi-{g}.png")).await
                            } else {
                                None
                            };
                            // The player to move after a ply (or after the play began), and
                            // notable posts: the end, or a ply that made a piece known.
                            let (ping, notable) = match self.referee.turn_status(g).await {
                                Ok(Some(t)) => {
                                    let pings = matches!(
                                        request,
                                        Request::Move { .. }
                                            | Request::Play { .. }
                                            | Request::Deploy { .. }
                                            | Request::Accept { .. }
                                    );
                                    let ping = if t.over || !pings {
                                        None
                                    } else {
                                        t.to_move_user.as_deref().and_then(user_id)
                                    };
                                    (ping, t.notable)
                                }
                                _ => (None, false),
                            };
                            out.push(Effect::Public { game: gid, text, image, ping, notable });
                        }
                    }
                }
                referee::Effect::Public { game: None, text, .. } => {
                    out.push(Effect::Reply { text, file: None, public: true });
                }
                referee::Effect::Private { user, game, text } => {
                    let Some(uid) = user_id(&user) else { continue };
                    let deploying =
                        matches!(request, Request::Accept { .. } | Request::Join { .. } | Request::Deploy { .. });
                    // On accepting (or asking for the panel while deploying), the private messages
                    // of the game are the deployment prompts.
                    let text = match (request, game) {
                        (
                            Request::Accept { .. }
                            | Request::Join { .. }
                            | Request::Deploy { action: DeployAction::Show | DeployAction::Pick(_), .. },
                            Some(g),
                        ) => {
                            let server = actor.guild.map(|g| g.to_string()).unwrap_or_default();
                            self.panel_prompt(g, uid, &server).await.unwrap_or(text)
                        }
                        _ => text,
                    };
                    match game {
                        Some(g) if deploying => {
                            let status = self.referee.game_row(g).await.ok().flatten().map(|r| r.status);
                            let started = status.as_deref().is_some_and(|s| s != referee_status_deploying());
                            if uid == actor.user {
                                private_for_actor.push((g, text));
                            } else {
                                let layout = self.shown_layout(g, uid).await.unwrap_or_default();
                                out.push(Effect::Panel {
                                    game: g as u64,
                                    user: uid,
                                    image: if started { None } else { self.layout_image(g, uid, &layout).await },
                                    points: if started { vec![] } else { self.panel_points(g, uid, &layout).await },
                                    layout,
                                    saved: self.saved_names(g, uid).await,
                                    confirmed: started,
                                    picked: None,
                                    text,
                                });
                            }
                        }
                        _ => out.push(Effect::Private { user: uid, text, file: None }),
                    }
                }
                referee::Effect::Render { .. }
                | referee::Effect::TimerSet { .. }
                | referee::Effect::TimerCancel { .. } => {}
            }
        }
        // The actor's own deployment messages make one panel (ephemeral or the DM panel updated).
        if let Some((g, _)) = private_for_actor.first() {
            let g = *g;
            let text: Vec<String> = private_for_actor.into_iter().map(|(_, t)| t).collect();
            let status = self.referee.game_row(g).await.ok().flatten().map(|r| r.status);
            let started = status.as_deref().is_some_and(|s| s != referee_status_deploying());
            let layout = self.shown_layout(g, actor.user).await.unwrap_or_default();
            let image = if render_for_actor {
                self.image(g, Some(&user_key(actor.user)), "mine.png").await
            } else if !started {
                self.layout_image(g, actor.user, &layout).await
            } else {
                None
            };
            // The editor's first pick is kept in the panel's menus (the message), not the store.
            let picked = match request {
                Request::Deploy { action: DeployAction::Pick(p), .. } => Some(p.to_lowercase()),
                _ => None,
            };
            out.push(Effect::Panel {
                game: g as u64,
                user: actor.user,
                text: text.join("\n"),
                points: if started { vec![] } else { self.panel_points(g, actor.user, &layout).await },
                layout,
                image,
                saved: self.saved_names(g, actor.user).await,
                confirmed: started,
                picked,
            });
            render_for_actor = false;
        }
        let mut out = merge_public(out);
        if render_for_actor
            && let Some(g) = game_of_public
            && let Some(file) = self.image(g, Some(&user_key(actor.user)), "mine.png").await
        {
            out.push(Effect::Private { user: actor.user, text: String::new(), file: Some(file) });
        }
        out
    }
}

/// Joins consecutive public messages of one game into one (a ply and "X to move" make one post
/// with one board image): fewer posts, fewer rate limits, easier to read.
pub fn merge_public(effects: Vec<Effect>) -> Vec<Effect> {
    let mut out: Vec<Effect> = Vec::with_capacity(effects.len());
    for e in effects {
        if let (
            Some(Effect::Public { game: g0, text: t0, image: i0, ping: p0, notable: n0 }),
            Effect::Public { game, text, image, ping, notable },
        ) = (out.last_mut(), &e)
            && g0 == game
        {
            t0.push('\n');
            t0.push_str(text);
            if image.is_some() {
                *i0 = image.clone();
            }
            if ping.is_some() {
                *p0 = *ping;
            }
            *n0 |= *notable;
            continue;
        }
        out.push(e);
    }
    out
}

fn referee_status_deploying() -> &'static str {
    store::status::DEPLOYING
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discord::port::File;

    #[test]
    fn consecutive_public_messages_of_a_game_merge() {
        let p = |game, text: &str, image: Option<u8>, ping, notable| Effect::Public {
            game,
            text: text.into(),
            image: image.map(|b| File { name: "b.png".into(), bytes: vec![b] }),
            ping,
            notable,
        };
        let merged = merge_public(vec![
            p(1, "1. c6-c7", None, None, true),
            p(1, "Blue to move", Some(7), Some(2), false),
            Effect::Reply { text: "r".into(), file: None, public: false },
            p(1, "x", None, None, false),
            p(2, "y", None, None, false),
        ]);
        assert_eq!(merged.len(), 4);
        assert_eq!(merged[0], p(1, "1. c6-c7\nBlue to move", Some(7), Some(2), true));
    }
}
