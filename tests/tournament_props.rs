//! Pairing properties: round robin meets every pair exactly once (twice with colours swapped in a
//! double round robin); Swiss never repeats a game, gives byes fairly and keeps each player's
//! first-move balance within one; elimination seeds byes to the top and halves the field.

use std::collections::{HashMap, HashSet};

use junqi_referee::tournament::pairing::swiss;
use junqi_referee::tournament::{Board, BoardResult, Format, next_round, round_robin, standings};
use proptest::prelude::*;

fn result_from(x: u8) -> BoardResult {
    match x % 3 {
        0 => BoardResult::RedWins,
        1 => BoardResult::BlueWins,
        _ => BoardResult::Draw,
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn round_robin_meets_each_pair_once(n in 2usize..=24) {
        let rounds = round_robin(n, false);
        prop_assert_eq!(rounds.len(), Format::RoundRobin.total_rounds(n));
        let mut met: HashMap<(usize, usize), usize> = HashMap::new();
        let mut colour = vec![0i32; n];
        let mut byes = vec![0; n];
        for round in &rounds {
            let mut seen = HashSet::new();
            for p in round {
                prop_assert!(seen.insert(p.red));
                match p.blue {
                    Some(b) => {
                        prop_assert!(seen.insert(b));
                        *met.entry((p.red.min(b), p.red.max(b))).or_default() += 1;
                        colour[p.red] += 1;
                        colour[b] -= 1;
                    }
                    None => byes[p.red] += 1,
                }
            }
            prop_assert_eq!(seen.len(), n, "everyone is in every round");
        }
        prop_assert_eq!(met.len(), n * (n - 1) / 2);
        prop_assert!(met.values().all(|&c| c == 1));
        prop_assert!(colour.iter().all(|c| c.abs() <= 1), "colours {:?}", colour);
        let expected_byes = usize::from(n % 2 == 1);
        prop_assert!(byes.iter().all(|&b| b == expected_byes));
    }

    #[test]
    fn double_round_robin_swaps_colours(n in 2usize..=16) {
        let rounds = round_robin(n, true);
        let mut games: HashMap<(usize, usize), usize> = HashMap::new();
        let mut colour = vec![0i32; n];
        for p in rounds.iter().flatten() {
            if let Some(b) = p.blue {
                *games.entry((p.red, b)).or_default() += 1;
                colour[p.red] += 1;
                colour[b] -= 1;
            }
        }
        prop_assert_eq!(games.len(), n * (n - 1));
        for (&(a, b), &c) in &games {
            prop_assert_eq!(c, 1);
            prop_assert_eq!(games.get(&(b, a)), Some(&1));
        }
        prop_assert!(colour.iter().all(|&c| c == 0));
    }

    #[test]
    fn swiss_never_rematches_and_balances(
        n in 3usize..=20,
        extra in 0usize..4,
        results in proptest::collection::vec(any::<u8>(), 200),
        withdraw in proptest::collection::vec((0usize..20, 0usize..6), 0..3),
    ) {
        // Up to half the field left after withdrawals in rounds: then a pairing without rematches
        // always exists, and (as checked here) one keeping the colours within one too.
        let rounds = (1 + extra).min(n.saturating_sub(withdraw.len()) / 2).max(1);
        let mut active = vec![true; n];
        let mut history: Vec<Vec<Board>> = Vec::new();
        let mut k = 0;
        let mut byes = vec![0; n];
        let mut met = HashSet::new();
        for r in 0..rounds {
            for &(p, when) in &withdraw {
                if when == r && p < n && active.iter().filter(|&&a| a).count() > 3 {
                    active[p] = false;
                }
            }
            let pairs = swiss(n, &history, &active).expect("a Swiss pairing exists");
            let mut seen = HashSet::new();
            let mut round = Vec::new();
            for p in &pairs {
                prop_assert!(active[p.red]);
                prop_assert!(seen.insert(p.red));
                match p.blue {
                    Some(b) => {
                        prop_assert!(active[b]);
                        prop_assert!(seen.insert(b));
                        prop_assert!(met.insert((p.red.min(b), p.red.max(b))), "rematch {} {}", p.red, b);
                        round.push(Board { red: p.red, blue: Some(b), result: Some(result_from(results[k % 200])) });
                        k += 1;
                    }
                    None => {
                        byes[p.red] += 1;
                        round.push(Board { red: p.red, blue: None, result: None });
                    }
                }
            }
            prop_assert_eq!(seen.len(), active.iter().filter(|&&a| a).count());
            prop_assert!(pairs.iter().filter(|p| p.blue.is_none()).count() <= 1);
            history.push(round);
            // First-move balance within one after every round.
            let mut colour = vec![0i32; n];
            for b in history.iter().flatten() {
                if let Some(blue) = b.blue {
                    colour[b.red] += 1;
                    colour[blue] -= 1;
                }
            }
            // Within one for the first three rounds. Later, or after withdrawals, the field may
            // hold more players due one colour than can meet without rematches; then the pairer
            // lets one be two off (never more) rather than repeat a game.
            let limit = if r >= 3 || withdraw.iter().any(|&(p, w)| p < n && w <= r) { 2 } else { 1 };
            prop_assert!(colour.iter().all(|c| c.abs() <= limit), "round {}: colours {:?}", r + 1, colour);
        }
        // Byes are fair: nobody gets a second one while rounds are fewer than players.
        prop_assert!(byes.iter().all(|&b| b <= 1), "byes {:?}", byes);
    }

    #[test]
    fn swiss_bye_goes_to_lowest_ranked_without_one(n in 2usize..=10, results in proptest::collection::vec(any::<u8>(), 40)) {
        let n = n * 2 + 1;
        let active = vec![true; n];
        let mut history: Vec<Vec<Board>> = Vec::new();
        for r in 0..3 {
            let pairs = swiss(n, &history, &active).unwrap();
            let bye = pairs.iter().find(|p| p.blue.is_none()).unwrap().red;
            // Ranking as the pairer sees it: score, then seed; the bye is the lowest without one.
            let table = standings(Format::Swiss { rounds: 3 }, n, &history);
            let mut ranked: Vec<(u32, usize)> = table.iter().map(|s| (s.halves, s.player)).collect();
            ranked.sort_by_key(|&(h, p)| (std::cmp::Reverse(h), p));
            let had: HashSet<usize> = history.iter().flatten().filter(|b| b.blue.is_none()).map(|b| b.red).collect();
            let lowest = ranked.iter().rev().map(|&(_, p)| p).find(|p| !had.contains(p)).unwrap();
            prop_assert_eq!(bye, lowest, "round {}", r + 1);
            history.push(pairs.iter().enumerate().map(|(i, p)| Board {
                red: p.red, blue: p.blue, result: p.blue.map(|_| result_from(results[(i + 7 * r) % 40])),
            }).collect());
        }
    }

    #[test]
    fn elimination_seeds_byes_and_halves(n in 3usize..=40, results in proptest::collection::vec(any::<u8>(), 64)) {
        let format = Format::Elimination;
        let mut history: Vec<Vec<Board>> = Vec::new();
        let mut k = 0;
        let active = vec![true; n];
        while let Some(pairs) = next_round(format, n, &history, &active).unwrap() {
            if history.is_empty() {
                let size = n.next_power_of_two();
                let byes: Vec<usize> = pairs.iter().filter(|p| p.blue.is_none()).map(|p| p.red).collect();
                prop_assert_eq!(byes.len(), size - n);
                // The byes go to the top seeds.
                let mut sorted = byes.clone();
                sorted.sort();
                prop_assert_eq!(sorted, (0..size - n).collect::<Vec<_>>());
            } else {
                prop_assert!(pairs.iter().all(|p| p.blue.is_some()), "byes only in the first round");
                prop_assert_eq!(pairs.len() * 2, history.last().unwrap().len());
            }
            history.push(pairs.iter().map(|p| Board {
                red: p.red, blue: p.blue, result: p.blue.map(|_| { k += 1; result_from(results[k % 64]) }),
            }).collect());
            prop_assert!(history.len() <= format.total_rounds(n));
        }
        prop_assert_eq!(history.len(), format.total_rounds(n));
        let table = standings(format, n, &history);
        let champion = history.last().unwrap()[0].advancing().unwrap();
        prop_assert_eq!(table[0].player, champion);
        prop_assert_eq!(table[0].out_in, None);
        prop_assert!(table[1..].iter().all(|s| s.out_in.is_some()));
    }
}
