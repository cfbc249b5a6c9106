//! The arena without the referee binary: `cargo run --release -p junqi-bot --example arena --
//! A B GAMES SEED MS|nNODES [VARIANT] [audit|-] [FROM_PLY]` builds the rules and the bot only (minutes less than the whole
//! referee in release), for measuring. `junqi-referee arena` is the command for users.

use std::time::Duration;

use junqi_bot::arena::{self, ArenaConfig};
use junqi_bot::{Budget, PlayerKind};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, default: &str| args.get(i).cloned().unwrap_or_else(|| default.to_string());
    let player = |s: String| s.parse::<PlayerKind>().unwrap_or_else(|e| panic!("{e}"));
    let config = ArenaConfig {
        kind: arg(5, "junqi"),
        options: String::new(),
        a: player(arg(0, "greedy")),
        b: player(arg(1, "random")),
        games: arg(2, "20").parse().expect("GAMES is a number"),
        seed: arg(3, "1").parse().expect("SEED is a number"),
        // `n3000`: a node budget instead of milliseconds.
        budget: match arg(4, "100").strip_prefix('n') {
            Some(nodes) => Budget::Nodes(nodes.parse().expect("nN is a number of nodes")),
            None => Budget::Time(Duration::from_millis(arg(4, "100").parse().expect("MS is a number"))),
        },
        audit_belief: arg(6, "") == "audit",
        from_ply: arg(7, "0").parse().expect("FROM_PLY is a number"),
    };
    match arena::run(&config) {
        Ok(report) => print!("{report}"),
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    }
}
