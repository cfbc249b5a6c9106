//! The user-visible messages as data (`Msg`), built from public facts only.

use super::{Mistake, PieceName};

/// A user-visible message, built from public facts only.
#[derive(Clone, Debug, PartialEq)]
pub enum Msg {
    /// A challenge was declined.
    Declined {
        /// Game id.
        game: i64,
        /// Who declined.
        by: String,
    },
    /// A challenger took back their own challenge (declining or aborting it before anyone
    /// accepted).
    Withdrawn {
        /// Game id.
        game: i64,
        /// The challenger.
        by: String,
    },
    /// A challenge expired unanswered.
    Expired {
        /// Game id.
        game: i64,
    },
    /// Public: a draw offer declined.
    DrawDeclined {
        /// Game id.
        game: i64,
        /// Who declined.
        user: String,
    },
    /// Public: aborted before the first move.
    Aborted {
        /// Game id.
        game: i64,
        /// Who aborted.
        by: String,
    },
    /// Public: the deployment time ran out before any side had deployed.
    DeployTimeUp {
        /// Game id.
        game: i64,
    },
    /// Private: a deadline is near.
    Reminder {
        /// Game id.
        game: i64,
        /// Seconds left.
        left: i64,
    },
    /// Private: saved a layout.
    LayoutSaved {
        /// Its name.
        name: String,
    },
    /// Private: deleted a layout.
    LayoutDeleted {
        /// Its name.
        name: String,
    },
    /// Private: the user's layouts (name, rows).
    Layouts {
        /// The layouts.
        items: Vec<(String, String)>,
    },
    /// Private: the classic layouts of a family (name, title, rows).
    Classics {
        /// The layouts.
        items: Vec<(String, crate::rules::contract::Words, String)>,
    },
    /// Private: locale changed.
    LocaleSet,
    /// Private: on vacation until at the latest.
    VacationOn {
        /// Seconds of allowance left at the start.
        left: i64,
    },
    /// Private: back from vacation.
    VacationOff,
    /// Private: a summary of a game for its player or a spectator.
    Status {
        /// Game id.
        game: i64,
        /// Status word.
        status: String,
        /// Ply count.
        ply: u32,
    },
    /// Private: the server's settings after a change.
    ServerSettings {
        /// Default locale tag.
        locale: String,
        /// Vacation days per month.
        vacation_days: i64,
        /// Seconds a challenge waits.
        challenge_ttl: i64,
    },
    /// A user's mistake.
    Mistake(Mistake),
    /// Private: a mark (a guess on an enemy piece) is set; only its owner sees it.
    Marked {
        /// Game id.
        game: i64,
        /// Point name.
        point: String,
        /// The guessed piece.
        piece: PieceName,
    },
    /// Private: a mark is cleared.
    Unmarked {
        /// Game id.
        game: i64,
        /// Point name.
        point: String,
    },
    /// Private: the deployment prompt for players who deploy on a panel of buttons (the bot),
    /// rather than by typed commands ([`Msg::DeployPrompt`]).
    DeployPanel {
        /// Game id.
        game: i64,
        /// The player's seat, by its name.
        seat: crate::rules::contract::Words,
        /// How many seats deploy.
        seats: usize,
        /// How a deployment is written (the kind's words).
        hint: crate::rules::contract::Words,
        /// Whether the panel shows the player's last layout (else a random one).
        last: bool,
    },
    /// Private: the server's adapter options after a change.
    ServerOptions {
        /// Announcements channel (as the adapter shows it), if any.
        announcements: Option<String>,
        /// One thread per game (None: the bot's default).
        thread_per_game: Option<bool>,
        /// Default time control, if any.
        default_time: Option<String>,
        /// Default language tag.
        locale: String,
    },
    /// Private: a vacation of a number of days began.
    VacationFor {
        /// Days asked for.
        days: i64,
        /// Seconds the vacation lasts at most (the days, or less when the allowance is shorter).
        lasts: i64,
    },
    /// Private: the caption of a review's board (复盘: `/junqi review`, the buttons that step).
    Review {
        /// Game id.
        game: i64,
        /// The ply the board is after (0: the start).
        ply: u32,
        /// The plies played.
        total: u32,
    },
    /// Private: the caption of `show N --ply K` in the terminal, which names how to step.
    ReviewSteps {
        /// Game id.
        game: i64,
        /// The ply the board is after (0: the start).
        ply: u32,
        /// The plies played.
        total: u32,
    },
    /// Private: a review asked for before anything was played.
    NothingToReview {
        /// Game id.
        game: i64,
    },
    /// Tournaments and ratings.
    Tournament(super::tournament::TournamentMsg),
}
