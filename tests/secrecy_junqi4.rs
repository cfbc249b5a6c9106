//! Per-viewer secrecy on the 4-player board, with combats: for a viewer, two games that differ only
//! in identities that viewer may not see (and so have the same public history) give that viewer
//! byte-identical effects — public texts, their own private messages, their render requests —
//! and an identical board image; and no public text names a piece.
//!
//! A random game is played first on the rules core to learn which pieces ever fight. Then, in a
//! seat the viewer may not see (not theirs; in `partners` mode not their partner's either), two
//! ordinary officers that never fought (not the 司令, whose fall is public) swap places in the
//! deployment. Both games are then played through the referee with the same commands.

use std::sync::Arc;

use junqi_referee::referee::{Action, Command, DeploySource, Effect, ManualClock, Referee};
use junqi_referee::render::{PictureOptions, picture_png};
use junqi_referee::rules::notation::format_move;
use junqi_referee::rules::piece::PieceClass;
use junqi_referee::rules::rng::Rng;
use junqi_referee::rules::{Game, Outcome, RuleOptions, Seat, Setup, Variant};
use junqi_referee::store::{Durability, Store};
use proptest::prelude::*;

const PLAYERS: [&str; 4] = ["alice", "bob", "carol", "dave"];
/// Piece names (English: the server's language) that public texts must never carry in dark and
/// partners modes.
const HIDDEN: [&str; 10] =
    ["marshal", "general", "brigadier", "colonel", "major", "captain", "lieutenant", "engineer", "mine", "bomb"];

struct Plan {
    setups: Vec<Setup>,
    swapped: Vec<Setup>,
    /// (seat, move) in order.
    moves: Vec<(usize, String)>,
}

/// Plays a random game on the rules core (stopping before it would end) and finds a swap in a
/// seat `viewer` may not see.
fn plan(seed: u64, plies: usize, viewer: usize, partners: bool) -> Option<Plan> {
    let v = Variant::junqi4();
    let mut rng = Rng::new(seed);
    let setups: Vec<Setup> = (0..4).map(|_| Setup::random(v, &mut rng)).collect();
    let deps: Vec<_> = (0..4).map(|s| setups[s].validate(v, Seat(s as u8)).unwrap()).collect();
    let mut game = Game::new(v, RuleOptions::default(), &deps, Seat(0));
    // Which deployment slot stands on each point, to follow pieces as they move.
    let mut slot_at: Vec<Option<(usize, usize)>> = vec![None; v.board.len()];
    for s in 0..4 {
        for (i, p) in v.deployment_order[s].iter().enumerate() {
            slot_at[p.index()] = Some((s, i));
        }
    }
    let mut fought = vec![vec![false; 25]; 4];
    let mut moves = Vec::new();
    for _ in 0..plies {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = legal[rng.below(legal.len())];
        let seat = game.to_move().index();
        let mut probe = game.clone();
        let report = probe.play(mv).ok()?;
        if report.end.is_some() {
            break;
        }
        game = probe;
        let a = slot_at[mv.from.index()].take();
        if report.defender.is_some() {
            for (s, i) in [a, slot_at[mv.to.index()]].into_iter().flatten() {
                fought[s][i] = true;
            }
        }
        match report.outcome {
            Outcome::Moved | Outcome::AttackerWon | Outcome::FlagCaptured => slot_at[mv.to.index()] = a,
            Outcome::DefenderWon | Outcome::ShotDown | Outcome::FlagshipSunk => {}
            Outcome::BothRemoved => slot_at[mv.to.index()] = None,
            // Junqi never answers these; nobody moves.
            Outcome::Bounced | Outcome::Scouted => slot_at[mv.from.index()] = a,
        }
        moves.push((seat, format_move(&v.board, mv)));
    }
    let plain = |k| matches!(v.piece(k).class, PieceClass::Officer) && Some(k) != v.commander;
    // Partners sit opposite: seats 0 and 2, 1 and 3 (a viewer of 4 and more is a spectator).
    let knows = |s: usize| s == viewer || (partners && viewer < 4 && s % 2 == viewer % 2);
    let hidden: Vec<usize> = (0..4).filter(|&s| !knows(s)).collect();
    let mut swapped = setups.clone();
    for &s in &hidden {
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
    Some(Plan { setups, swapped, moves })
}

/// Plays the plan's game through a fresh referee and returns what `viewer` receives (each effect
/// as JSON) and a digest of their final board image.
async fn play(setups: &[Setup], moves: &[(usize, String)], mode: &str, viewer: &str, tag: &str) -> Vec<String> {
    let db = std::env::temp_dir().join(format!("junqi-secrecy4-{tag}-{}.db", std::process::id()));
    for s in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{s}", db.display()));
    }
    let store = Store::open(&db, Durability::Normal).await.unwrap();
    let r = Referee::new(store, Arc::new(ManualClock::new(1_795_996_800)));
    let v = Variant::junqi4();
    let mut n = 0;
    let mut all: Vec<Effect> = Vec::new();
    let mut go = async |user: &str, action: Action| {
        n += 1;
        let cmd = Command { user: user.into(), request: format!("r{n}"), server: String::new(), action };
        r.handle(cmd).await.unwrap()
    };
    let open = Action::Challenge {
        opponent: None,
        variant: "junqi4".into(),
        mode: mode.into(),
        rules: String::new(),
        time: "1d".into(),
    };
    all.extend(go("alice", open).await);
    for u in &PLAYERS[1..] {
        all.extend(go(u, Action::Join { game: 1, seat: None }).await);
    }
    for (u, s) in PLAYERS.iter().zip(setups) {
        all.extend(go(u, Action::Deploy(1, DeploySource::Text(s.to_code_string(v)))).await);
    }
    for (seat, mv) in moves {
        all.extend(go(PLAYERS[*seat], Action::Move(1, mv.clone())).await);
    }
    let mut seen: Vec<String> = all
        .iter()
        .filter(|e| match e {
            Effect::Private { user, .. } => user == viewer,
            Effect::Render { for_user: Some(u), .. } => u == viewer,
            _ => true,
        })
        .map(|e| serde_json::to_string(e).unwrap())
        .collect();
    let (picture, kind) = r.picture(1, Some(viewer)).await.unwrap().unwrap();
    let png = picture_png(&picture, kind, &PictureOptions::default()).unwrap();
    seen.push(format!("{picture:?}"));
    seen.push(format!("png {}", png.iter().fold(0u64, |h, &b| h.rotate_left(7) ^ u64::from(b))));
    r.store().close().await;
    for s in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{s}", db.display()));
    }
    seen
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn identities_a_viewer_may_not_see_never_reach_them(
        seed in any::<u64>(),
        plies in 8usize..60,
        viewer in 0usize..5,
        partners in any::<bool>(),
    ) {
        // Viewer 4 is a spectator: every seat is hidden from them.
        let Some(p) = plan(seed, plies, viewer, partners) else { return Ok(()) };
        let mode = if partners { "partners" } else { "dark" };
        let who = PLAYERS.get(viewer).copied().unwrap_or("nobody");
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        let a = rt.block_on(play(&p.setups, &p.moves, mode, who, "a"));
        let b = rt.block_on(play(&p.swapped, &p.moves, mode, who, "b"));
        // And no public text names a piece: combats are public by outcome class only (the flag
        // may be announced after a 司令 falls).
        for e in a.iter().filter(|e| e.starts_with("{\"effect\":\"public\"")) {
            for name in HIDDEN {
                prop_assert!(!e.contains(name), "a public text names a {}: {}", name, e);
            }
        }
        prop_assert_eq!(a.len(), b.len());
        for (i, (x, y)) in a.iter().zip(&b).enumerate() {
            prop_assert_eq!(x, y, "effect {} seen by {} differs ({} mode)", i, who, mode);
        }
    }
}
