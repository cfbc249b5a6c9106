//! Secrecy property: two games that differ only in hidden identities and have the same public
//! history give byte-identical public effects (texts and public board views).
//!
//! A random game is played first on the rules core to learn which pieces ever fight. Then two
//! pieces of one side that never fought, both ordinary officers (same movement rules: not the
//! 司令, whose fall is public, nor an engineer, bomb, mine or flag), swap places in the deployment.
//! Both games are then played through the referee with the same commands.

use std::sync::Arc;

use junqi_referee::referee::{Action, Command, DeploySource, Effect, ManualClock, Referee};
use junqi_referee::rules::notation::format_move;
use junqi_referee::rules::piece::PieceClass;
use junqi_referee::rules::rng::Rng;
use junqi_referee::rules::{Game, Outcome, RuleOptions, Seat, Setup, Variant};
use junqi_referee::store::{Durability, Store};
use proptest::prelude::*;

struct Plan {
    setups: [Setup; 2],
    moves: Vec<String>,
    swapped: [Setup; 2],
}

/// Plays a random game on the rules core (stopping before it would end) and finds a swap.
fn plan(seed: u64, plies: usize) -> Option<Plan> {
    let v = Variant::junqi();
    let mut rng = Rng::new(seed);
    let setups = [Setup::random(v, &mut rng), Setup::random(v, &mut rng)];
    let deps: Vec<_> = [Seat::RED, Seat::BLUE].iter().map(|&s| setups[s.index()].validate(v, s).unwrap()).collect();
    let mut game = Game::new(v, RuleOptions::default(), &deps, Seat::RED);
    // Which deployment slot stands on each point, to follow pieces as they move.
    let mut slot_at: Vec<Option<(Seat, usize)>> = vec![None; v.board.len()];
    for &s in &[Seat::RED, Seat::BLUE] {
        for (i, p) in v.deployment_order[s.index()].iter().enumerate() {
            slot_at[p.index()] = Some((s, i));
        }
    }
    let mut fought = [vec![false; 25], vec![false; 25]];
    let mut moves = Vec::new();
    for _ in 0..plies {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = legal[rng.below(legal.len())];
        let mut probe = game.clone();
        let report = probe.play(mv).ok()?;
        if report.end.is_some() {
            break;
        }
        game = probe;
        let a = slot_at[mv.from.index()].take();
        if report.defender.is_some() {
            if let Some((s, i)) = a {
                fought[s.index()][i] = true;
            }
            if let Some((s, i)) = slot_at[mv.to.index()] {
                fought[s.index()][i] = true;
            }
        }
        match report.outcome {
            Outcome::Moved | Outcome::AttackerWon | Outcome::FlagCaptured => slot_at[mv.to.index()] = a,
            Outcome::DefenderWon | Outcome::ShotDown | Outcome::FlagshipSunk => {}
            Outcome::BothRemoved => slot_at[mv.to.index()] = None,
            // Junqi never answers these; nobody moves.
            Outcome::Bounced | Outcome::Scouted => slot_at[mv.from.index()] = a,
        }
        moves.push(format_move(&v.board, mv));
    }
    let plain = |k| matches!(v.piece(k).class, PieceClass::Officer) && Some(k) != v.commander;
    let mut swapped = setups.clone();
    for s in [0usize, 1] {
        let cands: Vec<usize> = (0..25).filter(|&i| !fought[s][i] && plain(setups[s].kinds[i])).collect();
        'outer: for (n, &i) in cands.iter().enumerate() {
            for &j in &cands[n + 1..] {
                if setups[s].kinds[i] != setups[s].kinds[j] {
                    swapped[s].kinds.swap(i, j);
                    break 'outer;
                }
            }
        }
    }
    if swapped == setups {
        return None;
    }
    Some(Plan { setups, moves, swapped })
}

async fn play(setups: &[Setup; 2], moves: &[String], mode: &str, tag: &str) -> (Vec<String>, String) {
    let v = Variant::junqi();
    let db = std::env::temp_dir().join(format!("junqi-secrecy-{}-{tag}.db", std::process::id()));
    for s in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{s}", db.display()));
    }
    let store = Store::open(&db, Durability::Normal).await.unwrap();
    let clock = ManualClock::new(1_795_996_800);
    let referee = Referee::new(store, Arc::new(clock.clone()));
    let mut n = 0;
    let mut public = Vec::new();
    let mut run = |user: &str, action: Action| {
        n += 1;
        (Command { user: user.into(), request: format!("r{n}"), server: String::new(), action }, n)
    };
    let users = ["alice", "bob"];
    let mut cmds = vec![
        run(
            "alice",
            Action::Challenge {
                opponent: Some("bob".into()),
                variant: "junqi".into(),
                mode: mode.into(),
                rules: String::new(),
                time: "1h".into(),
            },
        ),
        run("bob", Action::Accept(1)),
        run("alice", Action::Deploy(1, DeploySource::Text(setups[0].to_code_string(v)))),
        run("bob", Action::Deploy(1, DeploySource::Text(setups[1].to_code_string(v)))),
    ];
    for (i, m) in moves.iter().enumerate() {
        cmds.push(run(users[i % 2], Action::Move(1, m.clone())));
    }
    for (cmd, _) in cmds {
        let effects = referee.handle(cmd).await.expect("every command is legal");
        for e in effects {
            match e {
                Effect::Public { text, .. } => public.push(text),
                Effect::Render { game, for_user: None } => {
                    let (picture, _) = referee.picture(game, None).await.unwrap().unwrap();
                    public.push(format!("{picture:?}"));
                }
                Effect::TimerSet { at, .. } => public.push(format!("timer {at}")),
                _ => {}
            }
        }
        clock.advance(60);
    }
    let final_view = format!("{:?}", referee.picture(1, Some("carol")).await.unwrap().unwrap().0.tokens);
    referee.store().close().await;
    for s in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{s}", db.display()));
    }
    (public, final_view)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn permuting_hidden_identities_keeps_public_effects_identical(seed in any::<u64>(), plies in 10usize..80, reveal in any::<bool>()) {
        let Some(p) = plan(seed, plies) else { return Ok(()) };
        let mode = if reveal { "reveal" } else { "dark" };
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        let (a, va) = rt.block_on(play(&p.setups, &p.moves, mode, "a"));
        let (b, vb) = rt.block_on(play(&p.swapped, &p.moves, mode, "b"));
        prop_assert!(!a.is_empty());
        prop_assert_eq!(a.len(), b.len());
        for (i, (x, y)) in a.iter().zip(&b).enumerate() {
            if x != y {
                let at = x.bytes().zip(y.bytes()).position(|(p, q)| p != q).unwrap_or(0);
                let from = at.saturating_sub(200);
                prop_assert!(false, "public effect {} differs at byte {}:\n{}\n{}", i, at, &x[from..(at + 200).min(x.len())], &y[from..(at + 200).min(y.len())]);
            }
        }
        prop_assert_eq!(va, vb);
    }
}
