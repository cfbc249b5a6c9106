//! `arena`: two computer players of the bot crate against each other (issue 17). Thin: reads
//! the arguments, runs `junqi_bot::arena`, prints its report. Exit status 2 on bad arguments.

use std::process::ExitCode;
use std::time::Duration;

use junqi_bot::arena::{self, ArenaConfig};
use junqi_bot::{Budget, PlayerKind};

/// The arguments of `arena`, as typed.
pub struct Args {
    /// The game kind.
    pub variant: String,
    /// Player A's name.
    pub a: String,
    /// Player B's name.
    pub b: String,
    /// Games in all.
    pub games: u32,
    /// Seed.
    pub seed: u64,
    /// Search time per move in milliseconds.
    pub ms: Option<u64>,
    /// Search plies simulated per move (deterministic), instead of a time.
    pub nodes: Option<u64>,
    /// Rule options.
    pub options: String,
    /// Whether to audit the beliefs after every ply.
    pub audit_belief: bool,
    /// Plies played by `greedy` on both sides before A and B take over.
    pub from_ply: u32,
}

/// Runs the arena and prints its report.
pub fn run(args: Args) -> ExitCode {
    let player = |name: &str| {
        name.parse::<PlayerKind>().map_err(|e| {
            eprintln!("error: {e}");
            ExitCode::from(2)
        })
    };
    let (a, b) = match (player(&args.a), player(&args.b)) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(code), _) | (_, Err(code)) => return code,
    };
    let budget = match (args.nodes, args.ms) {
        (Some(n), _) => Budget::Nodes(n),
        (None, ms) => Budget::Time(Duration::from_millis(ms.unwrap_or(1000))),
    };
    let config = ArenaConfig {
        kind: args.variant,
        options: args.options,
        a,
        b,
        games: args.games,
        seed: args.seed,
        budget,
        audit_belief: args.audit_belief,
        from_ply: args.from_ply,
    };
    match arena::run(&config) {
        Ok(report) => {
            // Line by line through `put_line`, so a reader that stops early ends it quietly.
            for line in report.to_string().lines() {
                super::put_line(format_args!("{line}"));
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
