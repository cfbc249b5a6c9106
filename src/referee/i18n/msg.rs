//! The user-visible messages as data (`Msg`), built from public facts only.

use super::flip;
use super::{Mistake, PieceName, SeatMsg, SeatName};
use crate::rules::{EndReason, Outcome};

/// A user-visible message, built from public facts only.
#[derive(Clone, Debug, PartialEq)]
pub enum Msg {
    /// A new challenge (invited is None for an open one).
    Challenge {
        /// Game id.
        game: i64,
        /// Who challenges.
        challenger: String,
        /// Who is invited.
        invited: Option<String>,
        /// Variant name.
        variant: String,
        /// `dark`, `reveal`, `open`.
        mode: String,
        /// Non-default rule options (empty for standard).
        rules: String,
        /// Seconds per move.
        per_move: Option<i64>,
        /// Whether this challenge is a rematch.
        rematch_of: Option<i64>,
    },
    /// A challenge was accepted; the seats.
    Accepted {
        /// Game id.
        game: i64,
        /// Red player.
        red: String,
        /// Blue player.
        blue: String,
    },
    /// A challenge was declined.
    Declined {
        /// Game id.
        game: i64,
        /// Who declined.
        by: String,
    },
    /// A challenge expired unanswered.
    Expired {
        /// Game id.
        game: i64,
    },
    /// Private: please deploy.
    DeployPrompt {
        /// Game id.
        game: i64,
        /// The seat to deploy.
        seat: SeatName,
        /// The player's last layout, offered again.
        last: Option<String>,
    },
    /// Private: your deployment is in.
    DeployTaken {
        /// Game id.
        game: i64,
        /// The layout in rows.
        rows: String,
    },
    /// Public: a seat has deployed (not what).
    Deployed {
        /// Game id.
        game: i64,
        /// Who.
        seat: SeatName,
    },
    /// Public: the game begins.
    Started {
        /// Game id.
        game: i64,
        /// Who moves first.
        first: SeatName,
        /// Their name.
        user: String,
    },
    /// Public: one ply, as a spectator may know it.
    Ply {
        /// Game id.
        game: i64,
        /// Ply number.
        ply: u32,
        /// Who moved.
        seat: SeatName,
        /// Their name.
        user: String,
        /// The move (`c6-c7`).
        mv: String,
        /// The outcome class.
        outcome: Outcome,
        /// Both pieces' names where the mode makes them public.
        names: Option<(PieceName, PieceName)>,
        /// What the rules made public: (seat, piece, point).
        revealed: Vec<(SeatName, PieceName, String)>,
        /// Whether the referee moved for a player whose time ran out.
        auto: bool,
    },
    /// Public: whose turn it is.
    ToMove {
        /// Game id.
        game: i64,
        /// The seat to move.
        seat: SeatName,
        /// Their name.
        user: String,
    },
    /// Public: the result.
    Over {
        /// Game id.
        game: i64,
        /// The winner, or None for a draw.
        winner: Option<(SeatName, String)>,
        /// Why.
        reason: EndReason,
    },
    /// Public, after the end: both deployments.
    Setups {
        /// Game id.
        game: i64,
        /// Red's layout in rows.
        red: String,
        /// Blue's layout in rows.
        blue: String,
    },
    /// Public: a draw offer.
    DrawOffered {
        /// Game id.
        game: i64,
        /// Who offers.
        seat: SeatName,
        /// Their name.
        user: String,
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
        /// The seat to deploy.
        seat: SeatName,
        /// The panel shows the player's last layout (else a random suggestion).
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
    /// Tournaments and ratings.
    Tournament(super::tournament::TournamentMsg),
    /// Games on the 4-player board (see [`SeatMsg`]).
    Seats(SeatMsg),
    /// 翻棋 (junqi-flip) announcements.
    Flip(flip::FlipMsg),
}
