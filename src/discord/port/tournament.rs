//! The tournament side of the port: what the tournament and rating commands ask of the referee
//! ([`TournamentRequest`]), and what it asks the adapter to show ([`TournamentEffect`]). Data
//! only; [`crate::discord::plan`] maps the effects to messages.

use super::File;

/// A tournament or rating request, as the commands give it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentRequest {
    /// Create a tournament in this channel.
    Create {
        /// Its name.
        name: String,
        /// `round-robin`, `double-round-robin`, `swiss`, `elimination`.
        format: String,
        /// Swiss rounds.
        rounds: Option<u32>,
        /// Variant (default junqi).
        variant: Option<String>,
        /// Mode (default dark).
        mode: Option<String>,
        /// Rule options.
        rules: Option<String>,
        /// Time per move (default: the server's, else none).
        time: Option<String>,
        /// Time per round (default none).
        round_time: Option<String>,
        /// Starts by itself after this long (default: the organiser starts it).
        start: Option<String>,
    },
    /// Enter.
    Join(u64),
    /// Leave before the start.
    Leave(u64),
    /// Start (the organiser).
    Start(u64),
    /// Withdraw from a running tournament.
    Withdraw(u64),
    /// The standings (embed and image, privately).
    Standings(u64),
    /// The organiser's result for a board: `red`, `blue`, `draw`, `red-forfeits`, `blue-forfeits`,
    /// `both-forfeit`.
    Result {
        /// The tournament.
        tournament: u64,
        /// The board's game.
        game: u64,
        /// The result.
        result: String,
    },
    /// A rating (mine if no user).
    Rating {
        /// Whose.
        user: Option<u64>,
        /// Variant (default junqi).
        variant: Option<String>,
    },
    /// The server's leaderboard.
    Leaderboard {
        /// Variant (default junqi).
        variant: Option<String>,
    },
    /// Game statistics (mine if no user).
    Stats {
        /// Whose.
        user: Option<u64>,
    },
    /// The server rule against resigning in the first 20 moves (Manage Server).
    EarlyResign(bool),
}

/// A Discord embed, as much of one as the bot uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Embed {
    /// Title (Discord: at most 256 characters).
    pub title: String,
    /// Body (Discord: at most 4096 characters).
    pub description: String,
    /// Side colour, 0xRRGGBB.
    pub colour: u32,
    /// The attachment shown as the embed's image (its file name).
    pub image: Option<String>,
}

/// The colour of tournament embeds (the board's red).
pub const COLOUR: u32 = 0x8C1C1C;

/// Where a tournament post goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PostTo {
    /// The tournament's channel, for everyone.
    Tournament(u64),
    /// The acting user only (ephemeral).
    Actor,
}

/// What the tournament side of the referee asks the adapter to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentEffect {
    /// A message.
    Post {
        /// Where.
        to: PostTo,
        /// The text.
        text: String,
        /// An embed.
        embed: Option<Embed>,
        /// An image (the standings table).
        image: Option<File>,
        /// Users pinged (the players of a new round).
        ping: Vec<u64>,
    },
    /// A round game was created: it opens like an accepted challenge.
    BoardOpened {
        /// The tournament.
        tournament: u64,
        /// The game.
        game: u64,
        /// Its server (threads follow the server's thread-per-game setting).
        guild: Option<u64>,
        /// The thread's name.
        title: String,
        /// The opening message in the tournament's channel.
        anchor: String,
        /// The first message in the game's thread (after the players' pings).
        text: String,
        /// Red and Blue.
        players: Vec<u64>,
    },
}
