//! The command line: `replay`, `setup`, `moves` (and the other layers' entry points). Each command
//! parses its arguments, calls the core and prints; the exit status is 0 on success, 2 on bad input.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// `println!` for the command line's output: a reader that stops early (`replay F.jqr | head`)
/// closes the pipe, and the command then ends quietly instead of panicking (see [`put_line`]).
macro_rules! out {
    ($($arg:tt)*) => { $crate::cli::put_line(format_args!($($arg)*)) };
}

mod arena;
mod draw;
mod hotseat;
mod local;
mod moves;
mod pdn;
mod render;
mod replay;
mod serve;
mod setup;
mod tiaoqi;

/// Referee for Junqi (军棋) and its family: replay and check game records, validate deployments.
#[derive(Parser, Debug)]
#[command(name = "junqi-referee", version, about, long_about = None)]
pub struct Cli {
    /// What to do (without one: `serve`, run the Discord bot).
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Replay a record, checking every move; prints each ply and the result.
    ///
    /// Any catalogued game's .jqr record; a draughts PDN file (GameType or Variant tag), which may
    /// hold several games: all are replayed, each after a `game N` header (`{"game":N,"line":L}`
    /// under --json), unless --game picks one; a 跳棋 record (Variant "tiaoqi"). Exit status 2
    /// (with a JSON error object under --json) on an illegal move or a parse error, which names
    /// its line and reason.
    Replay {
        /// The record file.
        file: PathBuf,
        /// One JSON object per ply, then one for the result (notation.md, "Replay output";
        /// rules-draughts.md §10; rules-tiaoqi.md §8).
        #[arg(long)]
        json: bool,
        /// A PDN file of several games: replay only the N-th (from 1).
        #[arg(long)]
        game: Option<usize>,
    },
    /// Check or generate deployments (布阵).
    Setup {
        /// check or random.
        #[command(subcommand)]
        action: SetupAction,
    },
    /// List the legal moves of the side to move, one per line, sorted.
    ///
    /// Draughts (PDN): in PDN notation, captures from and to with the full path only when
    /// ambiguous. 跳棋: one move per (from, to), `--` when the seat must pass. Nothing once the
    /// game is over.
    Moves {
        /// The record file (with hidden setups, it must contain both).
        file: PathBuf,
        /// Look at the position after this many plies (default: after the last).
        #[arg(long)]
        ply: Option<usize>,
        /// A PDN file of several games: the N-th (from 1; default: the first).
        #[arg(long)]
        game: Option<usize>,
    },
    /// Run the Discord bot (also what no subcommand does when a token is configured; without one, no subcommand starts `local`).
    Serve {
        /// The config file (default: junqi.toml if present; see config.example.toml).
        #[arg(long)]
        config: Option<PathBuf>,
    },
    /// Play in the terminal without Discord: one person plays both seats (see `local` then `help`).
    Local {
        /// The database: an SQLite file (created if missing) or a PostgreSQL URL
        /// (`postgres://user:password@host/db`).
        #[arg(long, default_value = "junqi.db")]
        db: PathBuf,
        /// Folder for the board images (PNG) written after every move, public and per player.
        #[arg(long, default_value = "junqi-images")]
        images: PathBuf,
        /// Do not write board images.
        #[arg(long)]
        no_images: bool,
        /// Start each delivered line with its delivery key (`o17`, `r…`): after a crash the
        /// referee delivers again what it committed but had not confirmed, under the same key,
        /// so a program reading the output can drop a repeat.
        #[arg(long)]
        delivery_keys: bool,
        /// Hot-seat gates even when the input is not a terminal: each player's secrets behind a
        /// gate (Enter to show, Enter to hide) on the alternate screen, or between readable
        /// `[alternate screen: USER]` / `[main screen]` markers when the output is no terminal.
        #[arg(long)]
        hotseat: bool,
    },
    /// Draw a board image (PNG) of a record after some plies: public, a side's own view, or all revealed.
    ///
    /// Exit status 2 on a bad record, a ply beyond the end, or a private view of a record without setups.
    Render {
        /// The record file.
        file: std::path::PathBuf,
        /// Draw the position after this many plies (default: after the last).
        #[arg(long)]
        ply: Option<usize>,
        /// Whose image.
        #[arg(long, value_enum, default_value = "public")]
        view: render::ViewArg,
        /// Language of labels and captions.
        #[arg(long, value_enum, default_value = "zh")]
        lang: render::LangArg,
        /// Where to write the PNG.
        #[arg(long)]
        out: std::path::PathBuf,
    },
    /// Play computer players against each other (issue 17): both seat orders on the same
    /// deployments; prints wins/draws/losses of A, its score with a 95 % interval, think times.
    Arena {
        /// The game kind (a two-seat kind the bot plays: junqi, junqi4-duel, junqi-flip).
        #[arg(long, default_value = "junqi")]
        variant: String,
        /// Player A: random, greedy, search or search-uniform (search without the belief).
        #[arg(long)]
        a: String,
        /// Player B: random, greedy, search or search-uniform (search without the belief).
        #[arg(long)]
        b: String,
        /// Games in all (pairs share deployments with the seats swapped).
        #[arg(long, default_value_t = 2)]
        games: u32,
        /// Seed of the deployments and the players.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Search time per move in milliseconds (default 1000).
        #[arg(long)]
        ms: Option<u64>,
        /// Search plies simulated per move instead of a time: the same games on any machine.
        #[arg(long, conflicts_with = "ms")]
        nodes: Option<u64>,
        /// Rule options (`key=value …`; default: the standard rules, quiet limit 70).
        #[arg(long, default_value = "")]
        options: String,
        /// Also audit both players' beliefs after every ply: true kinds ruled out, the mean
        /// probability on the true kind at ply 60 against the count-only prior, update times.
        #[arg(long)]
        audit_belief: bool,
        /// Plies both seats play with `greedy` before A and B take over: 托管 from mid-game
        /// positions, each position played from both sides.
        #[arg(long, default_value_t = 0)]
        from_ply: u32,
    },
    /// Animate a whole record as a GIF, one frame per ply (public view or full reveal).
    ReplayGif {
        /// The record file.
        file: std::path::PathBuf,
        /// Whose view.
        #[arg(long, value_enum, default_value = "public")]
        view: render::GifViewArg,
        /// Language of labels and captions.
        #[arg(long, value_enum, default_value = "zh")]
        lang: render::LangArg,
        /// About how long the whole replay lasts, in seconds (its speed): plies share it, a
        /// combat held 2.5 times as long, each ply between 0.1 s and 1.1 s; the end stays 5 s.
        #[arg(long, default_value_t = crate::render::DEFAULT_SECONDS, value_parser = clap::value_parser!(u32).range(1..=3600))]
        seconds: u32,
        /// Where to write the GIF.
        #[arg(long)]
        out: std::path::PathBuf,
    },
}

/// `setup` subcommands.
#[derive(Subcommand, Debug)]
pub enum SetupAction {
    /// Validate a deployment string for a side; lists every broken rule with its points.
    ///
    /// Accepts 25 piece codes (front row first, each row left to right as the owner sees it, camps
    /// skipped), with any spacing; Chinese or English names or 40…33 separated by spaces; or six
    /// rows of five with + in the camps. Exit 0 when legal, 2 when not.
    Check {
        /// The deployment (quote it if it has spaces; use - to read standard input).
        deployment: String,
        /// The seat it is for, as the kind names it (red, blue; s, e, n, w; …); default: the
        /// kind's first seat.
        #[arg(long)]
        side: Option<String>,
        /// The game kind (any catalogued kind with deployments; default: the first kind).
        #[arg(long)]
        variant: Option<String>,
    },
    /// Print a legal random deployment string (or, with --variant junqi-flip, a committed deal).
    Random {
        /// Seed for a reproducible deployment (default: from the clock); for junqi-flip, 64 hex
        /// digits (default: from the operating system).
        #[arg(long)]
        seed: Option<String>,
        /// The game kind (default: the first kind): a deployment, or a committed deal for dealt
        /// kinds.
        #[arg(long)]
        variant: Option<String>,
        /// The seat it is for (a deployment string fits every seat; checked against the variant).
        #[arg(long)]
        side: Option<String>,
    },
}

/// A side of the 2-player game.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// Red, the south player, who moves first.
    Red,
    /// Blue, the north player.
    Blue,
}

/// Parses the command line and runs it.
pub fn run() -> ExitCode {
    run_with(Cli::parse())
}

/// Runs a parsed command line: what [`run`] does once the arguments are read (tests call it in
/// the process that catalogued their kinds).
pub fn run_with(cli: Cli) -> ExitCode {
    match cli.command {
        None => serve::run_default(),
        Some(Command::Serve { config }) => serve::run(config.as_deref()),
        Some(Command::Replay { file, json, game }) => replay::run(&file, json, game),
        Some(Command::Setup { action: SetupAction::Check { deployment, side, variant } }) => {
            setup::check(&deployment, side.as_deref(), &variant.unwrap_or_else(|| first_kind().into()))
        }
        Some(Command::Setup { action: SetupAction::Random { seed, variant, side } }) => {
            setup::random(seed, &variant.unwrap_or_else(|| first_kind().into()), side.as_deref())
        }
        Some(Command::Moves { file, ply, game }) => moves::run(&file, ply, game),
        Some(Command::Local { db, images, no_images, delivery_keys, hotseat }) => {
            local::run(&db, "--db", (!no_images).then_some(images.as_path()), delivery_keys, hotseat)
        }
        Some(Command::Render { file, ply, view, lang, out }) => render::render(&file, ply, view, lang, &out),
        Some(Command::ReplayGif { file, view, lang, seconds, out }) => {
            render::replay_gif(&file, view, lang, seconds, &out)
        }
        Some(Command::Arena { variant, a, b, games, seed, ms, nodes, options, audit_belief, from_ply }) => {
            arena::run(arena::Args { variant, a, b, games, seed, ms, nodes, options, audit_belief, from_ply })
        }
    }
}

/// Writes one line of a command's output. When standard output is gone (a closed pipe: the
/// reader has what it wanted) nothing more can be said, so the process ends at once with status
/// 0, as `head` expects of a producer; any other write error is reported and ends it with 1.
pub(crate) fn put_line(args: std::fmt::Arguments<'_>) {
    use std::io::Write;
    let mut o = std::io::stdout().lock();
    if let Err(e) = writeln!(o, "{args}") {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: cannot write the output: {e}");
        std::process::exit(1);
    }
}

/// Reads a file, or reports why not (exit 2).
pub(crate) fn read_file(path: &std::path::Path) -> Result<String, ExitCode> {
    std::fs::read_to_string(path).map_err(|e| {
        eprintln!("error: cannot read {}: {e}", path.display());
        ExitCode::from(2)
    })
}

/// The kind a command means when it names none: the catalogue's first.
fn first_kind() -> &'static str {
    crate::rules::contract::catalog::first().name()
}
