//! What the Discord adapter needs from the referee: requests in, effects out.
//!
//! The adapter never looks at a game itself. It sends a [`Request`] on behalf of an [`Actor`] and
//! shows the [`Effect`]s it gets back; every text in an effect is already in the recipient's
//! language and every image already rendered from the right view, so the adapter cannot leak a
//! hidden piece by construction. The referee service implements [`GameService`].

use std::future::Future;
use std::pin::Pin;

use super::config::Locale;

pub mod tournament;

pub use tournament::{COLOUR, Embed, PostTo, TournamentEffect, TournamentRequest};

/// A boxed future, so that [`GameService`] can be used as a trait object.
pub type BoxFut<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// What the referee's clock brought, and in how many seconds to look again.
pub type Tick = Result<(Vec<Outbound>, Option<u64>), ServiceError>;

/// Effects the referee committed together (one deadline, one reminder, a command whose delivery
/// was lost), to be delivered together and then confirmed with [`GameService::delivered`]. Until
/// confirmed they are handed out again (after a restart, or a fault), under the same nonce.
#[derive(Clone, Debug, PartialEq)]
pub struct Outbound {
    /// The delivery's stable name (at most 14 characters): each message posted for it carries
    /// `nonce.N` (its number within the delivery) with `enforce_nonce`, so Discord drops a
    /// repeated post instead of showing it twice.
    pub nonce: String,
    /// What to deliver.
    pub effects: Vec<Effect>,
}

/// Who is acting.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Actor {
    /// Discord user id.
    pub user: u64,
    /// Display name, for records and announcements.
    pub name: String,
    /// The language of the user's Discord client.
    pub locale: Locale,
    /// The server (None in DMs).
    pub guild: Option<u64>,
    /// A unique id of this request (the interaction id), so a repeated request is answered again and
    /// never applied twice.
    pub request: u64,
}

/// Draw offers.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DrawAction {
    /// Offer a draw.
    Offer,
    /// Accept the opponent's offer.
    Accept,
    /// Decline it.
    Decline,
}

/// What a player does on the deployment panel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeployAction {
    /// Show the panel (current layout).
    Show,
    /// A random legal layout.
    Random,
    /// A layout typed in the Edit modal (any accepted notation).
    Submit(String),
    /// A saved layout by name.
    Load(String),
    /// Save the current layout under a name.
    SaveAs(String),
    /// Lock the layout in; the game starts when both are in.
    Confirm,
    /// The editor's first pick: the point whose piece is to swap (the panel then asks with what).
    Pick(String),
    /// The editor's second pick: swap the pieces on these two points of the layout shown.
    Swap(String, String),
}

/// Saved-layout management outside a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LayoutAction {
    /// List my layouts.
    List,
    /// Save a layout text under a name.
    Save {
        /// Name.
        name: String,
        /// The layout.
        layout: String,
    },
    /// Show one.
    Load(String),
    /// Delete one.
    Delete(String),
}

/// A request to the referee. `game: None` means "the game of this thread, or my only game".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// Challenge someone (or anyone).
    Challenge {
        /// The opponent (id, name); None for an open challenge.
        opponent: Option<(u64, String)>,
        /// Variant name (default junqi).
        variant: Option<String>,
        /// dark / reveal / open.
        mode: Option<String>,
        /// Rule options, `key=value` separated by spaces.
        rules: Option<String>,
        /// Per-move time, e.g. `1h`, `1d`, `none`.
        time: Option<String>,
        /// The computer player's level, for a game against it (then `opponent` is None).
        bot: Option<String>,
    },
    /// Accept a challenge.
    Accept {
        /// Challenge id.
        challenge: u64,
    },
    /// Take a named seat in a challenge on the 4-player board (its seat buttons).
    Join {
        /// Challenge id.
        challenge: u64,
        /// The seat (`s`, `e`, `n`, `w`).
        seat: String,
    },
    /// Decline (or, by the challenger, withdraw) a challenge.
    Decline {
        /// Challenge id.
        challenge: u64,
    },
    /// Deployment.
    Deploy {
        /// Game.
        game: Option<u64>,
        /// What to do.
        action: DeployAction,
    },
    /// A move `from-to` (`to` = [`FLIP`]: a 翻棋 flip of the piece on `from`).
    Move {
        /// Game.
        game: Option<u64>,
        /// Start point.
        from: String,
        /// Destination.
        to: String,
    },
    /// An action of any game, as its text (`c6-c7`, `+c6`, a path `32x23x14`): what
    /// `/junqi play` and typed messages send.
    Play {
        /// Game.
        game: Option<u64>,
        /// The action's text.
        action: String,
    },
    /// My private board.
    Board {
        /// Game.
        game: Option<u64>,
    },
    /// A guess on an enemy piece, shown on my private board only (no piece clears it).
    Mark {
        /// Game.
        game: Option<u64>,
        /// The point.
        point: String,
        /// The guessed piece, e.g. `司令`, `炸弹`, `marshal`; None clears the mark.
        piece: Option<String>,
    },
    /// Resign.
    Resign {
        /// Game.
        game: Option<u64>,
    },
    /// Draw offers.
    Draw {
        /// Game.
        game: Option<u64>,
        /// Offer, accept or decline.
        action: DrawAction,
    },
    /// 悔棋: ask to take back the last ply, or answer the request.
    Takeback {
        /// Game.
        game: Option<u64>,
        /// Offer, accept or decline (the draw offer's steps).
        action: DrawAction,
    },
    /// Abort before the first move.
    Abort {
        /// Game.
        game: Option<u64>,
    },
    /// Rematch with colours swapped.
    Rematch {
        /// Game.
        game: Option<u64>,
    },
    /// The server's active games (or mine).
    Games {
        /// Only mine.
        mine: bool,
    },
    /// Public board of a game.
    Show {
        /// Game.
        game: u64,
    },
    /// The record (.jqr): full after the end, public before.
    Export {
        /// Game.
        game: u64,
    },
    /// Replay GIF of a finished game.
    Replay {
        /// Game.
        game: u64,
    },
    /// The step-through review (复盘): the board after `ply` plies (`None`: the last) as the
    /// actor may see it, with buttons to step.
    Review {
        /// Game.
        game: u64,
        /// Plies from the start.
        ply: Option<u32>,
    },
    /// Saved layouts.
    Layouts(LayoutAction),
    /// Take (days > 0) or end (0) a vacation.
    Vacation {
        /// Days.
        days: u32,
    },
    /// Server settings (Manage Server only; the adapter checks the permission).
    Settings {
        /// Announcements channel.
        announcements: Option<u64>,
        /// Default time control.
        time: Option<String>,
        /// Thread per game.
        thread_per_game: Option<bool>,
        /// Default language.
        language: Option<Locale>,
    },
    /// Tournaments and ratings (`/junqi tournament …`, `rating`, `leaderboard`, `stats`).
    Tournament(TournamentRequest),
}

/// The `to` of a [`Request::Move`] that asks for a 翻棋 flip of the piece on `from`.
pub const FLIP: &str = "flip";

/// A rendered file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct File {
    /// File name, e.g. `board.png`, `game-12.jqr`.
    pub name: String,
    /// Contents.
    pub bytes: Vec<u8>,
}

/// Something to show, decided by the referee.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// A new challenge: a public message with Accept and Decline buttons.
    Challenge {
        /// Challenge id (in the buttons).
        challenge: u64,
        /// The challenged user, pinged; None for an open challenge.
        opponent: Option<u64>,
        /// The announcement.
        text: String,
    },
    /// A new challenge on the 4-player board: Accept (the next free seat), a button per free seat,
    /// and Decline.
    SeatChallenge {
        /// Challenge id (in the buttons).
        challenge: u64,
        /// The announcement.
        text: String,
        /// The free seats as (seat letter, button label).
        seats: Vec<(String, String)>,
    },
    /// The challenge is settled (accepted, declined, expired): its buttons go away.
    ChallengeClosed {
        /// Challenge id.
        challenge: u64,
        /// The new text of the challenge message.
        text: String,
    },
    /// A game began (deployment phase): it gets a thread; both players get a test DM.
    GameOpened {
        /// Game id.
        game: u64,
        /// The challenge it came from (its message anchors the thread).
        challenge: u64,
        /// Thread title.
        title: String,
        /// First message in the thread.
        text: String,
        /// Both players.
        players: Vec<u64>,
    },
    /// A player's deployment panel: DM (or the ephemeral reply when they asked by command).
    Panel {
        /// Game.
        game: u64,
        /// Player.
        user: u64,
        /// Explanation and state ("not confirmed yet", problems…).
        text: String,
        /// The current layout as text (pre-fills the Edit modal).
        layout: String,
        /// The layout as an image.
        image: Option<File>,
        /// Saved layout names (the Load menu); empty hides the menu.
        saved: Vec<String>,
        /// Locked in: only the text is shown, no buttons.
        confirmed: bool,
        /// The editor's points: the player's own pieces as (point name, menu label), in board
        /// order; empty hides the editor.
        points: Vec<(String, String)>,
        /// The point picked first in the editor, whose partner the menus now ask for.
        picked: Option<String>,
    },
    /// A takeback request (悔棋) in the game's thread, with Accept and Decline buttons for the
    /// other players.
    TakebackOffer {
        /// Game.
        game: u64,
        /// The request as the referee words it.
        text: String,
    },
    /// Into the game's thread (and, when `notable`, the server's announcements channel).
    Public {
        /// Game.
        game: u64,
        /// The announcement.
        text: String,
        /// The public board.
        image: Option<File>,
        /// Who is pinged (the player to move).
        ping: Option<u64>,
        /// A major piece fell, a flag was captured, the game ended.
        notable: bool,
    },
    /// To one player only: the actor gets it as an ephemeral reply, anyone else as a DM.
    Private {
        /// The player.
        user: u64,
        /// The message.
        text: String,
        /// A private image or a file.
        file: Option<File>,
    },
    /// One step of the review, to the actor only: the board after `ply` of `total` plies as
    /// they may see it, with ⏮ ◀ ▶ ⏭ buttons.
    Review {
        /// Game.
        game: u64,
        /// Plies shown.
        ply: u32,
        /// Plies played.
        total: u32,
        /// The caption.
        text: String,
        /// The board image.
        image: Option<File>,
    },
    /// The answer to the actor (ephemeral unless `public`), e.g. a list, a record, a GIF.
    Reply {
        /// The text.
        text: String,
        /// An attachment.
        file: Option<File>,
        /// Post it in the channel for everyone (a public board via `/junqi show`).
        public: bool,
    },
    /// Tournament posts and round games (see [`crate::discord::plan::tournament`]).
    Tournament(TournamentEffect),
}

/// Why a request was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ServiceError {
    /// The user's mistake (not your turn, illegal move, bad layout…), already translated.
    #[error("{0}")]
    User(String),
    /// A fault on our side (database, bug): logged, never shown in detail.
    #[error("internal: {0}")]
    Internal(String),
    /// The database failed or could not be reached while the command ran (a server restarting,
    /// a dropped connection): nothing of it was kept, the user may try again. Logged in detail.
    #[error("database unavailable: {0}")]
    Unavailable(String),
}

/// Autocomplete questions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Complete {
    /// The actor's pieces that have a legal move, matching `prefix`.
    From {
        /// Game.
        game: Option<u64>,
        /// Typed so far.
        prefix: String,
    },
    /// Legal destinations of the piece on `from`, matching `prefix`.
    To {
        /// Game.
        game: Option<u64>,
        /// Chosen start point.
        from: String,
        /// Typed so far.
        prefix: String,
    },
    /// The actor's legal actions, whole (`/junqi play`), matching `prefix`.
    Action {
        /// Game.
        game: Option<u64>,
        /// Typed so far.
        prefix: String,
    },
}

/// The referee as the adapter sees it.
pub trait GameService: Send + Sync + 'static {
    /// Carries out a request; commits it before returning its effects.
    fn execute<'a>(&'a self, actor: &'a Actor, request: Request) -> BoxFut<'a, Result<Vec<Effect>, ServiceError>>;
    /// Autocomplete choices as (label, value), at most 25.
    fn complete<'a>(&'a self, actor: &'a Actor, question: Complete) -> BoxFut<'a, Vec<(String, String)>>;
    /// Reads a message the actor typed in the channel of `game` as their move or flip (a
    /// [`Request::Move`]), or `None` if it is chat; the game decides what reads as its actions.
    /// The default reads nothing.
    fn typed<'a>(&'a self, actor: &'a Actor, game: u64, text: &'a str) -> BoxFut<'a, Option<Request>> {
        let _ = (actor, game, text);
        Box::pin(async { None })
    }
    /// Applies what time has brought (deadlines, reminders, expiries) and says when to call again
    /// (seconds from now); the default has no clocks.
    fn tick(&self) -> BoxFut<'_, Tick> {
        Box::pin(async { Ok((vec![], None)) })
    }
    /// Confirms that an [`Outbound`] of [`GameService::tick`] was delivered (by its nonce): it is
    /// not handed out again. The default keeps nothing to confirm.
    fn delivered<'a>(&'a self, nonce: &'a str) -> BoxFut<'a, ()> {
        let _ = nonce;
        Box::pin(async {})
    }
    /// The nonce of the delivery of `actor`'s request (see [`Outbound::nonce`]), so that a post
    /// made for it and a later redelivery of it are one post; the default has none.
    fn nonce(&self, actor: &Actor) -> Option<String> {
        let _ = actor;
        None
    }
    /// Ends the delivery of what [`GameService::execute`] returned for `actor`'s request:
    /// confirmed when `delivered`, otherwise left for the clock to deliver again. The default
    /// keeps nothing to confirm.
    fn settle<'a>(&'a self, actor: &'a Actor, delivered: bool) -> BoxFut<'a, ()> {
        let _ = (actor, delivered);
        Box::pin(async {})
    }
    /// Remembers where something lives on Discord, so that a restart loses nothing. The default
    /// keeps nothing (the adapter then knows only what it saw in this run).
    fn remember(&self, place: Place) -> BoxFut<'_, ()> {
        let _ = place;
        Box::pin(async {})
    }
    /// Looks up what [`GameService::remember`] kept.
    fn recall(&self, question: Recall) -> BoxFut<'_, Option<Recalled>> {
        let _ = question;
        Box::pin(async { None })
    }
    /// The layout `user`'s deployment panel in `game` shows, to fill the Edit form: a stored
    /// read (no referee command, no picture), so that the form, which must be the interaction's
    /// first response, opens within Discord's 3 seconds. Refused as a user mistake when the game
    /// is not deploying or is not theirs.
    fn panel_layout(&self, game: u64, user: u64) -> BoxFut<'_, Result<String, ServiceError>> {
        let _ = (game, user);
        Box::pin(async { Ok(String::new()) })
    }
}

/// Something the adapter placed on Discord.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// A game is played in this channel or thread.
    Game {
        /// Game id.
        game: u64,
        /// Channel or thread id.
        channel: u64,
    },
    /// A challenge's buttons are on this message.
    Challenge {
        /// Challenge (game) id.
        challenge: u64,
        /// Channel id.
        channel: u64,
        /// Message id.
        message: u64,
    },
}

/// What the adapter asks of its memory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Recall {
    /// The channel of a game.
    GameChannel(u64),
    /// The game a channel or thread means.
    ChannelGame(u64),
    /// The message of a challenge.
    Challenge(u64),
    /// A server's options.
    Server(u64),
    /// Where a tournament lives.
    TournamentChannel(u64),
}

/// The answer to a [`Recall`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Recalled {
    /// A channel.
    Channel(u64),
    /// A game.
    Game(u64),
    /// A (channel, message).
    Message(u64, u64),
    /// A server's options.
    Server(ServerPlaces),
    /// A tournament's channel (where its round games' threads start), and its server's
    /// announcements channel as the last resort.
    Tournament {
        /// The channel of its games' opening messages, if any game was placed.
        channel: Option<u64>,
        /// The server's announcements channel.
        announcements: Option<u64>,
    },
}

/// The adapter's per-server options (set with `/junqi settings`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ServerPlaces {
    /// The channel that hears notable results.
    pub announcements: Option<u64>,
    /// One thread per game (None: the config decides).
    pub thread_per_game: Option<bool>,
}
