//! Property tests: generated moves are playable, none is missed (against a slow generator), views
//! hold no hidden identities, random games end, records round-trip, parsers never panic.

use crate::common::*;
use junqi_rules::board::{LinkKind, PointKind};
use junqi_rules::piece::PieceClass;
use junqi_rules::record::{Record, RecordInfo};
use junqi_rules::rng::Rng;
use junqi_rules::{Game, Mode, Move, PointId, RuleOptions, Seat, Setup, Viewer};
use proptest::prelude::*;

fn new_game(seed: u64, rules: RuleOptions) -> (Game, Setup, Setup) {
    let mut rng = Rng::new(seed);
    let red = Setup::random(v(), &mut rng);
    let blue = Setup::random(v(), &mut rng);
    let deps = [red.validate(v(), Seat::RED).unwrap(), blue.validate(v(), Seat::BLUE).unwrap()];
    (Game::new(v(), rules, &deps, Seat::RED), red, blue)
}

/// The obviously-correct generator: for every pair of points, ask the rules' definitions directly.
fn slow_moves(g: &Game) -> Vec<Move> {
    let b = &v().board;
    let rules = g.rules();
    let mut out = Vec::new();
    if g.over().is_some() {
        return out;
    }
    let empty = |p: PointId| g.piece_at(p).is_none();
    for from in b.point_ids() {
        let Some(piece) = g.piece_at(from) else { continue };
        if piece.seat != g.to_move() {
            continue;
        }
        let def = v().piece(piece.kind);
        if matches!(def.class, PieceClass::Mine | PieceClass::Flag) {
            continue;
        }
        let in_hq = b.point(from).kind == PointKind::Headquarters;
        if in_hq && !rules.hq_exit && g.carried_flag().is_none_or(|c| c.at != from) {
            continue;
        }
        let turns = def.class == PieceClass::Engineer || (def.class == PieceClass::Bomb && rules.bomb_flies);
        for to in b.point_ids() {
            if to == from {
                continue;
            }
            if let Some(other) = g.piece_at(to) {
                if other.seat == piece.seat || b.point(to).kind == PointKind::Camp {
                    continue;
                }
                if def.class == PieceClass::Bomb
                    && v().piece(other.kind).class == PieceClass::Flag
                    && rules.bomb_flag == junqi_rules::options::BombFlag::Forbidden
                {
                    continue;
                }
            }
            let adjacent = b.neighbours(from).iter().any(|(p, _)| *p == to);
            let by_line = !turns
                && b.lines().iter().any(|line| {
                    let (Some(i), Some(j)) = (line.iter().position(|&p| p == from), line.iter().position(|&p| p == to))
                    else {
                        return false;
                    };
                    let (lo, hi) = (i.min(j), i.max(j));
                    hi - lo <= rules.rail_range.map_or(usize::MAX, usize::from)
                        && line[lo + 1..hi].iter().all(|&p| empty(p))
                });
            let by_path = turns && b.is_on_rail(from) && b.is_on_rail(to) && {
                // Breadth-first search over railway links through empty points.
                let mut seen = vec![from];
                let mut frontier = vec![from];
                let mut found = false;
                while let Some(p) = frontier.pop() {
                    for l in b.links().iter().filter(|l| l.kind == LinkKind::Railway) {
                        let q = if l.a == p {
                            l.b
                        } else if l.b == p {
                            l.a
                        } else {
                            continue;
                        };
                        if q == to {
                            found = true;
                        } else if empty(q) && !seen.contains(&q) {
                            seen.push(q);
                            frontier.push(q);
                        }
                    }
                }
                found
            };
            if adjacent || by_line || by_path {
                out.push(Move { from, to });
            }
        }
    }
    out.sort();
    out
}

fn rules_strategy() -> impl Strategy<Value = RuleOptions> {
    (any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>()).prop_map(
        |(hq, range, flies, mutual, forbid, scout)| {
            let mut text = String::new();
            if hq {
                text += " hq-exit=on";
            }
            if range {
                text += " rail-range=3";
            }
            if flies {
                text += " bomb-flies=on";
            }
            if mutual {
                text += " mines=mutual";
            }
            if forbid {
                text += " bomb-flag=forbidden";
            }
            if scout {
                text += " scout=on";
            }
            RuleOptions::parse(&text).unwrap()
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn generated_moves_are_playable_and_none_is_missed(seed in any::<u64>(), rules in rules_strategy()) {
        let (mut g, _, _) = new_game(seed, rules);
        let mut rng = Rng::new(seed ^ 0x5eed);
        for _ in 0..400 {
            let mut fast = g.legal_moves();
            fast.sort();
            let len = fast.len();
            fast.dedup();
            prop_assert_eq!(len, fast.len(), "duplicate moves");
            prop_assert_eq!(&fast, &slow_moves(&g));
            prop_assert_eq!(g.has_legal_move(g.to_move()), !fast.is_empty());
            if fast.is_empty() {
                prop_assert!(g.over().is_some());
                break;
            }
            for m in &fast {
                prop_assert!(g.check(*m).is_ok(), "{:?} generated but refused", m);
            }
            let m = fast[rng.below(fast.len())];
            g.play(m).unwrap();
        }
    }

    #[test]
    fn views_never_hold_the_other_sides_hidden_identities(seed in any::<u64>()) {
        let (mut g, _, _) = new_game(seed, RuleOptions::default());
        let mut rng = Rng::new(seed);
        while g.over().is_none() && g.ply() < 300 {
            let moves = g.legal_moves();
            let report = g.play(moves[rng.below(moves.len())]).unwrap();
            if g.over().is_some() { break; }
            for viewer in [Viewer::Seat(Seat::RED), Viewer::Seat(Seat::BLUE), Viewer::Spectator] {
                let view = g.view(viewer, Mode::Dark, Some(&report));
                for p in v().board.point_ids() {
                    let (Some(seen), Some(piece)) = (view.cells[p.index()], g.piece_at(p)) else { continue };
                    if viewer != Viewer::Seat(piece.seat) && !piece.known {
                        prop_assert_eq!(seen.kind, None);
                    }
                }
                let last = view.last.unwrap();
                if viewer != Viewer::Seat(report.seat) {
                    prop_assert_eq!(last.attacker, None);
                }
                for r in &view.removed {
                    if viewer != Viewer::Seat(r.seat) {
                        prop_assert!(r.by_kind.is_none());
                    }
                }
            }
        }
    }

    #[test]
    fn random_games_end_and_their_records_round_trip(seed in any::<u64>(), hidden in any::<bool>()) {
        let (mut g, red, blue) = new_game(seed, RuleOptions::default());
        let mut rng = Rng::new(seed.rotate_left(7));
        let mut plies = Vec::new();
        while g.over().is_none() {
            prop_assert!(g.ply() < 4000, "a random game must end (quiet limit)");
            let moves = g.legal_moves();
            let m = moves[rng.below(moves.len())];
            let r = g.play(m).unwrap();
            plies.push((m, r.outcome));
        }
        let info = RecordInfo {
            variant: v(), mode: Mode::Dark, rules: RuleOptions::default(),
            players: vec!["alice".into(), "bob".into()],
            setups: if hidden { None } else { Some(vec![&red, &blue]) },
            first: Seat::RED, date: "2026.11.30".into(),
        };
        let record = Record::for_game(&info, &plies, None, g.over());
        let text = record.to_text();
        let parsed = Record::parse(&text).unwrap();
        prop_assert_eq!(parsed.to_text(), text.clone());
        let replay = parsed.replay().unwrap();
        prop_assert_eq!(replay.over, g.over());
        if let Some(end) = replay.game {
            let a = end.view(Viewer::Everyone, Mode::Open, None);
            let b = g.view(Viewer::Everyone, Mode::Open, None);
            prop_assert_eq!(a.cells, b.cells);
        }
    }

    #[test]
    fn parsers_never_panic(text in "\\PC{0,80}", lines in proptest::collection::vec("[a-l司军师旅团营连排兵雷炸旗+() 0-9\\[\\]\"{}x/=F.-]{0,30}", 0..8)) {
        let joined = lines.join("\n");
        for t in [&text, &joined] {
            let _ = Setup::parse(v(), t);
            let _ = Record::parse(t).map(|r| r.replay());
            let _ = RuleOptions::parse(t);
            let _ = junqi_rules::notation::parse_move(&v().board, t);
            let _ = junqi_rules::Mode::parse(t);
        }
    }
}
