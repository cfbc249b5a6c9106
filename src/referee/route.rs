//! Commands sorted by what they concern, once: an action on one game, an action of the user or
//! their server that concerns no existing game, or a tournament action.
//!
//! Each handler matches only the type of its own kind ([`GameAction`], [`UserAction`]), so no
//! handler has an arm for actions routed elsewhere, and a new [`Action`] variant cannot compile
//! until [`Action::route`] says where it goes.

use super::tournament::TournamentAction;
use super::{Action, DeploySource, GameId};

/// Where a command runs.
pub(super) enum Route<'a> {
    /// On one game, under that game's lock.
    Game(GameId, GameAction<'a>),
    /// On the user's or the server's own rows; a challenge creates its game.
    User(UserAction<'a>),
    /// A tournament or rating command, under the locks of the games it may end.
    Tournament(&'a TournamentAction),
}

/// An action on one game (borrowed from its [`Action`]; the game id travels beside it).
#[derive(Clone, Copy, Debug)]
pub(super) enum GameAction<'a> {
    /// [`Action::Accept`].
    Accept,
    /// [`Action::Join`], with the seat asked for.
    Join(Option<&'a str>),
    /// [`Action::Decline`].
    Decline,
    /// [`Action::Deploy`].
    Deploy(&'a DeploySource),
    /// [`Action::Move`], with the move's text.
    Move(&'a str),
    /// [`Action::Resign`].
    Resign,
    /// [`Action::OfferDraw`].
    OfferDraw,
    /// [`Action::AcceptDraw`].
    AcceptDraw,
    /// [`Action::DeclineDraw`].
    DeclineDraw,
    /// [`Action::Takeback`].
    Takeback(super::TakebackStep),
    /// [`Action::Auto`].
    Auto(bool),
    /// [`Action::Abort`].
    Abort,
    /// [`Action::Rematch`].
    Rematch,
    /// [`Action::Show`].
    Show,
    /// [`Action::Mark`]: the point, and the guess (None clears the mark).
    Mark {
        /// The point.
        point: &'a str,
        /// The guessed piece.
        piece: Option<&'a str>,
    },
}

/// The terms of a challenge (see [`Action::Challenge`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct Terms<'a> {
    /// The invited user, or None for an open challenge.
    pub opponent: Option<&'a str>,
    /// The variant's name as typed.
    pub variant: &'a str,
    /// The visibility mode as typed.
    pub mode: &'a str,
    /// The rule options as typed.
    pub rules: &'a str,
    /// The time control as typed.
    pub time: &'a str,
}

/// An action that concerns no existing game (borrowed from its [`Action`]).
#[derive(Clone, Copy, Debug)]
pub(super) enum UserAction<'a> {
    /// [`Action::Challenge`].
    Challenge(Terms<'a>),
    /// [`Action::SaveLayout`]: the name, the deployment text and the game whose family it is for.
    SaveLayout {
        /// The name.
        name: &'a str,
        /// The deployment text.
        setup: &'a str,
        /// The game whose layout family is meant.
        game: Option<GameId>,
    },
    /// [`Action::DeleteLayout`]: the name and the game whose family is meant.
    DeleteLayout {
        /// The name.
        name: &'a str,
        /// The game whose layout family is meant.
        game: Option<GameId>,
    },
    /// [`Action::ListLayouts`]: the game whose family is meant.
    ListLayouts(Option<GameId>),
    /// [`Action::SetLocale`].
    SetLocale(&'a str),
    /// [`Action::Vacation`].
    Vacation(bool),
    /// [`Action::VacationDays`].
    VacationDays(i64),
    /// [`Action::ServerSettings`].
    ServerSettings {
        /// Default locale.
        locale: Option<&'a str>,
        /// Vacation allowance, days per month.
        vacation_days: Option<i64>,
        /// How long a challenge waits.
        challenge_ttl: Option<&'a str>,
    },
    /// [`Action::ServerOptions`].
    ServerOptions {
        /// Announcements channel id (`Some("")` clears it).
        announcements: Option<&'a str>,
        /// One thread per game.
        thread_per_game: Option<bool>,
        /// Default time control of challenges that give none.
        default_time: Option<&'a str>,
        /// Default locale.
        locale: Option<&'a str>,
    },
}

/// A command on one game: who acts, on which game, and what they do.
#[derive(Clone, Copy, Debug)]
pub(super) struct GameCommand<'a> {
    /// The acting user.
    pub user: &'a str,
    /// The game.
    pub game: GameId,
    /// What they do.
    pub action: GameAction<'a>,
}

impl Action {
    /// Where the action runs. Every variant is listed, so a new one must be routed here.
    pub(super) fn route(&self) -> Route<'_> {
        use GameAction as G;
        let game = |g: &GameId, a| Route::Game(*g, a);
        match self {
            Action::Accept(g) => game(g, G::Accept),
            Action::Join { game: g, seat } => game(g, G::Join(seat.as_deref())),
            Action::Decline(g) => game(g, G::Decline),
            Action::Deploy(g, source) => game(g, G::Deploy(source)),
            Action::Move(g, text) => game(g, G::Move(text)),
            Action::Resign(g) => game(g, G::Resign),
            Action::OfferDraw(g) => game(g, G::OfferDraw),
            Action::AcceptDraw(g) => game(g, G::AcceptDraw),
            Action::DeclineDraw(g) => game(g, G::DeclineDraw),
            Action::Takeback(g, step) => game(g, G::Takeback(*step)),
            Action::Auto(g, on) => game(g, G::Auto(*on)),
            Action::Abort(g) => game(g, G::Abort),
            Action::Rematch(g) => game(g, G::Rematch),
            Action::Show(g) => game(g, G::Show),
            Action::Mark { game: g, point, piece } => game(g, G::Mark { point, piece: piece.as_deref() }),
            Action::Challenge { opponent, variant, mode, rules, time } => {
                Route::User(UserAction::Challenge(Terms { opponent: opponent.as_deref(), variant, mode, rules, time }))
            }
            Action::SaveLayout { name, setup, game } => {
                Route::User(UserAction::SaveLayout { name, setup, game: *game })
            }
            Action::DeleteLayout { name, game } => Route::User(UserAction::DeleteLayout { name, game: *game }),
            Action::ListLayouts(game) => Route::User(UserAction::ListLayouts(*game)),
            Action::SetLocale(tag) => Route::User(UserAction::SetLocale(tag)),
            Action::Vacation(on) => Route::User(UserAction::Vacation(*on)),
            Action::VacationDays(days) => Route::User(UserAction::VacationDays(*days)),
            Action::ServerSettings { locale, vacation_days, challenge_ttl } => {
                Route::User(UserAction::ServerSettings {
                    locale: locale.as_deref(),
                    vacation_days: *vacation_days,
                    challenge_ttl: challenge_ttl.as_deref(),
                })
            }
            Action::ServerOptions { announcements, thread_per_game, default_time, locale } => {
                Route::User(UserAction::ServerOptions {
                    announcements: announcements.as_deref(),
                    thread_per_game: *thread_per_game,
                    default_time: default_time.as_deref(),
                    locale: locale.as_deref(),
                })
            }
            Action::Tournament(t) => Route::Tournament(t),
        }
    }

    /// The game the action concerns, if any.
    pub fn game(&self) -> Option<GameId> {
        match self.route() {
            Route::Game(g, _) => Some(g),
            Route::User(_) | Route::Tournament(_) => None,
        }
    }
}
