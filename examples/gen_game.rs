//! Writes a legal random game record (`setup random` deployments, uniformly random legal moves) to
//! standard output: `cargo run --example gen_game -- SEED [MIN_PLIES] [SCOUT]`. It made
//! `tests/data/long-game.jqr` (seed and minimum length in its `Event` tag). Seeds whose game ends
//! before MIN_PLIES are skipped, trying SEED, SEED+1, …
//!
//! Moves are biased towards quiet moves (3 in 4 when one exists) so the game lasts: purely
//! random armies trade pieces fast and run out of moves.

use junqi_referee::rules::record::{Record, RecordPly, result_token};
use junqi_referee::rules::rng::Rng;
use junqi_referee::rules::{Game, RuleOptions, Seat, Setup, Variant};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mut seed: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let min: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(250);
    let scout = args.get(3).is_some_and(|s| s == "scout");
    let variant = Variant::junqi();
    let rules = RuleOptions::parse(if scout { "scout=on" } else { "" }).expect("valid rules");
    loop {
        let mut rng = Rng::new(seed);
        let setups = [Setup::random(variant, &mut rng), Setup::random(variant, &mut rng)];
        let deployments: Vec<_> = setups
            .iter()
            .enumerate()
            .map(|(i, s)| s.validate(variant, Seat(i as u8)).expect("random setups are legal"))
            .collect();
        let mut game = Game::new(variant, rules, &deployments, Seat::RED);
        let mut plies = Vec::new();
        while game.over().is_none() && plies.len() < 400 {
            let moves = game.legal_moves();
            let quiet: Vec<_> = moves.iter().copied().filter(|m| game.piece_at(m.to).is_none()).collect();
            let mv = if !quiet.is_empty() && rng.below(4) != 0 {
                quiet[rng.below(quiet.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            let report = game.play(mv).expect("legal moves are legal");
            plies.push(RecordPly { mv, mark: report.outcome.mark().map(|_| report.outcome), line: 0 });
        }
        if game.over().is_none() || plies.len() < min {
            seed += 1;
            continue;
        }
        let result = result_token(variant, game.over()).to_string();
        let tags = vec![
            ("Format", "jqr/1".to_string()),
            ("Variant", "junqi".to_string()),
            ("Mode", "dark".to_string()),
            ("Rules", rules.to_string()),
            ("Event", format!("gen_game seed {seed}, at least {min} plies")),
            ("Red", "alice".to_string()),
            ("Blue", "bob".to_string()),
            ("RedSetup", setups[0].to_code_string(variant)),
            ("BlueSetup", setups[1].to_code_string(variant)),
            ("Result", result.clone()),
        ];
        let record = Record {
            tags: tags.into_iter().map(|(k, v)| (k.to_string(), v)).collect(),
            plies,
            terminal: None,
            result,
            result_line: 0,
            events: Vec::new(),
        };
        print!("{}", record.to_text());
        return;
    }
}
