//! Who plays a game, and what a player's deployment panel shows: their seat, their saved and last
//! layouts, the panel's prompt and the layout it offers.

use super::{RefereeService, refused};
use crate::discord::ids::{user_id, user_key};
use crate::discord::port::ServiceError;
use crate::referee;
use crate::rules::Seat;
use crate::rules::contract::catalog;
use crate::rules::contract::picture::Face;
use crate::store;

impl RefereeService {
    pub(super) async fn players(&self, game: i64) -> Vec<u64> {
        match self.referee.seat_users(game).await {
            Ok(users) => users.into_iter().flatten().filter_map(|u| user_id(&u)).collect(),
            _ => vec![],
        }
    }

    /// The free seats of a game of more than two seats as (letter, button label); None for the
    /// 2-player games, whose challenges keep their Accept and Decline buttons only.
    pub(super) async fn free_seats(&self, game: i64) -> Option<Vec<(String, String)>> {
        let row = self.referee.game_row(game).await.ok()??;
        let users = self.referee.seat_users(game).await.ok()?;
        // The seats the game has (a 3-player 跳棋: South, North-east, North-west).
        let kind = catalog::find(&row.variant)
            .map(|d| d.kind.for_seats(users.len() as u8))
            .filter(|k| k.seating.seats.len() > 2)?;
        Some(
            kind.seating
                .seats
                .iter()
                .zip(&users)
                .filter(|(_, u)| u.is_none())
                .map(|(d, _)| (d.key.to_string(), format!("{} {}", d.name.en, d.name.zh_hans)))
                .collect(),
        )
    }

    /// The seat a user holds in a game (any number of seats).
    pub(super) async fn seat_of(&self, game: i64, user: u64) -> Option<Seat> {
        let me = user_key(user);
        let users = self.referee.seat_users(game).await.ok()?;
        users.iter().position(|u| u.as_deref() == Some(me.as_str())).map(|i| Seat(i as u8))
    }

    /// The layouts the panel's menu offers: the player's saved ones, then the classic ones of the
    /// game's layout family not shadowed by a saved one of the same name (`load` finds both).
    pub(super) async fn saved_names(&self, game: i64, user: u64) -> Vec<String> {
        let mut names = self.referee.layout_names(&user_key(user), Some(game)).await.unwrap_or_default();
        let def = self.referee.game_row(game).await.ok().flatten().and_then(|row| catalog::find(&row.variant));
        for c in def.map_or(&[][..], crate::rules::contract::edit::classics) {
            if !names.iter().any(|n| n.eq_ignore_ascii_case(c.name)) {
                names.push(c.name.to_string());
            }
        }
        names
    }

    pub(super) async fn last_layout(&self, game: i64, user: u64) -> Option<String> {
        self.referee.last_layout(&user_key(user), Some(game)).await.ok().flatten()
    }

    /// The deployment prompt as a panel of buttons shows it (the referee's own prompt is written
    /// for typed commands).
    pub(super) async fn panel_prompt(&self, game: i64, user: u64, server: &str) -> Option<String> {
        let row = self.referee.game_row(game).await.ok()??;
        if row.status != store::status::DEPLOYING {
            return None;
        }
        let me = user_key(user);
        let seat = self.seat_of(game, user).await.unwrap_or(Seat::BLUE);
        let kind = crate::rules::contract::catalog::find(&row.variant)?.kind;
        let last = self.last_layout(game, user).await.is_some();
        let locale = self.referee.locale_for(&me, server).await.ok()?;
        let (seat, seats, hint) = (kind.seating.get(seat)?.name, kind.seating.counts[0].into(), kind.setup_hint);
        let msg = referee::Msg::DeployPanel { game, seat, seats, hint, last };
        Some(msg.render(locale))
    }

    /// The layout a panel shows and Confirm submits: the player's deployment in this game, else
    /// the panel's draft (the suggestion as the editor left it), else their last layout, else the
    /// referee's random suggestion, drawn once from OS entropy and kept for this game and player
    /// (`Referee::panel_layout_of`). Refused when there is none to show (the game is not deploying).
    pub(super) async fn shown_layout(&self, game: i64, user: u64) -> Result<String, ServiceError> {
        self.referee.panel_layout_of(game, &user_key(user)).await.map_err(refused)
    }

    /// The layout editor's points: the player's own pieces in `layout` as (point name, label such
    /// as `a6 连长`), in the board's order, read from the layout's picture through the contract
    /// (any Deploy kind). Empty where the kind has no picture of a setup.
    pub(super) async fn panel_points(&self, game: i64, user: u64, layout: &str) -> Vec<(String, String)> {
        let me = user_key(user);
        let Some(seat) = self.seat_of(game, user).await else { return vec![] };
        let Ok(Some((picture, kind))) = self.referee.layout_picture(game, &me, layout).await else { return vec![] };
        let Some(def) = catalog::find(kind.name) else { return vec![] };
        let lang = self.image_lang(game, Some(&me)).await;
        (def.places)()
            .into_iter()
            .filter_map(|p| match picture.at(p.at) {
                Some(Face::Known { owner, kind: k }) if owner == seat => {
                    let (en, zh) = match def.marks {
                        Some(m) => (m.piece_words)(k),
                        None => (kind.piece_label)(k).unwrap_or(("?", "？")),
                    };
                    Some((p.name.to_lowercase(), format!("{} {}", p.name.to_lowercase(), lang.pick(en, zh))))
                }
                _ => None,
            })
            .collect()
    }
}
