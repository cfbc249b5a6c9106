//! The commands of a user or their server that concern no existing game: challenges (which
//! create one), saved layouts, language, vacations, server settings.

use crate::store::Conn;

use super::lifecycle::{self, GameMistake, mistake};
use super::route::UserAction;
use super::{Command, GameId, Locale, Mistake, Msg, Out, Referee, Res, settings, time};
use crate::rules::Seat;
use crate::rules::contract::SetupStyle;
use crate::rules::contract::catalog::{self, GameDef};
use crate::store;

impl Referee {
    /// An action of the user or their server (no existing game; a challenge creates one).
    pub(super) async fn apply_user(
        &self,
        tx: &mut Conn,
        cmd: &Command,
        action: UserAction<'_>,
        now: i64,
        out: &mut Out,
    ) -> Res<()> {
        let user = cmd.user.as_str();
        match action {
            UserAction::Challenge(terms) => {
                let def = lifecycle::hosts(terms.variant).ok_or_else(|| Mistake::BadVariant(terms.variant.into()))?;
                let mut t = lifecycle::Turn { tx, out, now };
                self.any_challenge(&mut t, def, user, &cmd.server, terms).await
            }
            UserAction::SaveLayout { name, setup, game } => {
                check_layout_name(name)?;
                let def = layout_kind(tx, game).await?;
                // Seat 0 of the family's kind: a layout is written the same for every seat.
                let d = validate_layout(def, setup)?;
                store::layout_save(tx, user, def.kind.layouts, name, &d).await?;
                self.private(tx, user, &cmd.server, None, Msg::LayoutSaved { name: name.into() }, out).await
            }
            UserAction::DeleteLayout { name, game } => {
                let family = layout_kind(tx, game).await?.kind.layouts;
                if !store::layout_delete(tx, user, family, name).await? {
                    return Err(Mistake::UnknownLayout(name.into()).into());
                }
                self.private(tx, user, &cmd.server, None, Msg::LayoutDeleted { name: name.into() }, out).await
            }
            UserAction::ListLayouts(game) => {
                let def = layout_kind(tx, game).await?;
                let items = store::layout_list(tx, user, def.kind.layouts)
                    .await?
                    .into_iter()
                    .map(|(n, s)| {
                        let rows = (def.show_setup)(&s);
                        (n, rows)
                    })
                    .collect();
                self.private(tx, user, &cmd.server, None, Msg::Layouts { items }, out).await?;
                // The family's classic layouts beside the player's own (`deploy N classic NAME`).
                let classics: Vec<_> = crate::rules::contract::edit::classics(def)
                    .iter()
                    .map(|c| (c.name.to_string(), c.title, (def.show_setup)(c.setup)))
                    .collect();
                if classics.is_empty() {
                    return Ok(());
                }
                self.private(tx, user, &cmd.server, None, Msg::Classics { items: classics }, out).await
            }
            UserAction::SetLocale(tag) => {
                let l = Locale::parse(tag).ok_or_else(|| Mistake::BadLocale(tag.into()))?;
                let mut u = store::user_get(tx, user).await?;
                u.locale = Some(l.tag().into());
                store::user_put(tx, &u).await?;
                self.private(tx, user, &cmd.server, None, Msg::LocaleSet, out).await
            }
            UserAction::Vacation(on) => self.vacation(tx, user, &cmd.server, on, now, out).await,
            UserAction::ServerSettings { locale, vacation_days, challenge_ttl } => {
                let mut row = store::server_get(tx, &cmd.server).await?;
                if let Some(tag) = locale {
                    row.locale = Locale::parse(tag).ok_or_else(|| Mistake::BadLocale(tag.into()))?.tag().into();
                }
                if let Some(days) = vacation_days {
                    if !(0..=31).contains(&days) {
                        return Err(Mistake::BadVacationDays(days).into());
                    }
                    row.vacation_days = days;
                }
                if let Some(ttl) = challenge_ttl {
                    // A challenge must expire: `none` is no lifetime.
                    row.challenge_ttl = time::time_control(ttl)?.ok_or_else(|| Mistake::BadTime(ttl.into()))?;
                }
                store::server_put(tx, &row).await?;
                let msg = Msg::ServerSettings {
                    locale: row.locale.clone(),
                    vacation_days: row.vacation_days,
                    challenge_ttl: row.challenge_ttl,
                };
                self.private(tx, user, &cmd.server, None, msg, out).await
            }
            UserAction::ServerOptions { announcements, thread_per_game, default_time, locale } => {
                let change = settings::OptionsChange {
                    announcements: announcements.map(str::to_string),
                    thread_per_game,
                    default_time: default_time.map(str::to_string),
                    locale: locale.map(str::to_string),
                };
                self.server_options_apply(tx, user, &cmd.server, change, out).await
            }
            UserAction::VacationDays(days) => self.vacation_days(tx, user, &cmd.server, days, now, out).await,
        }
    }
}

/// The kind whose layout family a layout command means: the game's when one is given, else the
/// first catalogued kind that deploys (2-player Junqi).
async fn layout_kind(c: &mut Conn, game: Option<GameId>) -> Res<&'static GameDef> {
    let deploys = || catalog::all().into_iter().find(|d| d.kind.setup == SetupStyle::Deploy);
    let def = match game {
        None => deploys(),
        Some(game) => {
            let row = store::game_get(c, game).await?.ok_or(Mistake::UnknownGame(game))?;
            lifecycle::hosts(&row.variant).filter(|d| d.kind.setup == SetupStyle::Deploy)
        }
    };
    def.ok_or_else(|| mistake(GameMistake::NotOffered { game: game.unwrap_or(0), what: lifecycle::Feature::Layouts }))
}

fn check_layout_name(name: &str) -> Res<()> {
    let n = name.chars().count();
    if n == 0 || n > 32 || name.chars().any(char::is_whitespace) {
        return Err(Mistake::BadLayoutName.into());
    }
    Ok(())
}

/// A layout to save, checked for the first seat of its kind (layouts read the same for every
/// seat); its normal form, or the mistake listing every broken rule.
pub(super) fn validate_layout(def: &GameDef, text: &str) -> Res<String> {
    let validate = def.validate_setup.ok_or(Mistake::BadLayoutName)?;
    validate(Seat(0), text).map_err(lifecycle::setup_mistake)
}
