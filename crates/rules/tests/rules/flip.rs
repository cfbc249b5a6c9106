//! 翻棋 (rules-flip.md): the committed deal (pinned seeds), flips and colours, the flag rules,
//! the end conditions, bad plies that change nothing, and flips that leak nothing.

use crate::common::{kind, pt};
use junqi_rules::flip::*;
use junqi_rules::game::{EndReason, GameOver, IllegalMove};
use junqi_rules::piece::Piece;
use junqi_rules::rng::Rng;
use junqi_rules::shuffle::{self, Seed};
use junqi_rules::{Outcome, PointId, Seat};

/// The deal of the example in rules-flip.md §8.
const DOC_DEAL: &str = "GKhJeLFijgfEbFDCDkIJIgGcHHCEiBAdilJhehaIgHdjkjcGfK";

fn doc_game(rules: &str) -> FlipGame {
    FlipGame::new(&Deal::parse(DOC_DEAL).unwrap(), FlipOptions::parse(rules).unwrap())
}

fn play(g: &mut FlipGame, token: &str) -> Result<FlipReport, FlipError> {
    g.play_parsed(parse_action(token).unwrap())
}

fn play_all(g: &mut FlipGame, tokens: &str) -> Vec<FlipReport> {
    tokens.split_whitespace().map(|t| play(g, t).unwrap_or_else(|e| panic!("{t}: {e}"))).collect()
}

/// A position from `"R c6 a up"`-style entries: colour, point, piece code, face up or down.
fn position(entries: &[&str], p1: Option<Seat>, to_move: Player, rules: &str) -> FlipGame {
    let pieces: Vec<(PointId, Piece)> = entries
        .iter()
        .map(|e| {
            let parts: Vec<&str> = e.split_whitespace().collect();
            let seat = if parts[0] == "R" { Seat::RED } else { Seat::BLUE };
            let known = parts[3] == "up";
            (pt(parts[1]), Piece { seat, kind: kind(parts[2].chars().next().unwrap()), known })
        })
        .collect();
    FlipGame::from_position(&pieces, p1, to_move, FlipOptions::parse(rules).unwrap())
}

#[test]
fn pinned_seeds_give_pinned_deals_and_commitments() {
    let data =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/flip-deals.txt")).unwrap();
    let mut n = 0;
    for line in data.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let parts: Vec<&str> = line.split_whitespace().collect();
        let seed = Seed::from_hex(parts[0]).unwrap();
        assert_eq!(shuffle::shuffle(&seed), parts[1], "seed {}", parts[0]);
        assert_eq!(shuffle::commit(&seed, parts[1]), parts[2], "seed {}", parts[0]);
        let deal = Deal::from_seed(&seed);
        assert_eq!(deal.to_string(), parts[1]);
        assert_eq!(deal.check_seed(&seed), Ok(()));
        n += 1;
    }
    assert!(n >= 5, "only {n} pinned seeds");
}

#[test]
fn a_deal_that_does_not_match_its_seed_is_refused() {
    let seed = Seed([0; 32]);
    let err = Deal::parse(DOC_DEAL).unwrap().check_seed(&seed).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the deal does not match its seed under fy-chacha20/1: the seed gives kIjCGcjKhDiLdCbhgFjfeKBIiHEcHDiJkJEGIgheJgHGlfFaAd"
    );
}

#[test]
fn bad_deal_strings_are_refused_precisely() {
    assert_eq!(Deal::parse("abc").unwrap_err(), DealError::Length(3));
    let mut bad = DOC_DEAL.to_string();
    bad.replace_range(0..1, "z");
    assert_eq!(Deal::parse(&bad).unwrap_err(), DealError::BadLetter('z', 1));
    bad.replace_range(0..1, "a");
    assert_eq!(
        Deal::parse(&bad).unwrap_err().to_string(),
        "a deal holds both full armies; this one has 2 of a (expected 1)"
    );
}

#[test]
fn deal_order_is_ranks_upwards_files_a_to_e_without_camps() {
    let names: Vec<&str> = deal_points().iter().map(|&p| crate::common::v().board.name(p)).collect();
    assert_eq!(names.len(), 50);
    assert_eq!(&names[..13], ["a1", "b1", "c1", "d1", "e1", "a2", "b2", "c2", "d2", "e2", "a3", "c3", "e3"]);
    assert_eq!(&names[13..20], ["a4", "b4", "d4", "e4", "a5", "c5", "e5"]);
    assert_eq!(names[22], "c6");
    assert_eq!(names[28], "d7");
    assert_eq!(names[49], "e12");
}

#[test]
fn the_documented_example_plays_as_described() {
    let mut g = doc_game("");
    let r = play_all(&mut g, "+c6=G +d7=i +d6=c d6-c6");
    assert_eq!(r[0].colours, Some(Seat::BLUE), "P1 flipped a blue piece, so P1 plays Blue");
    assert_eq!(r[0].event, FlipEvent::Flip { point: pt("c6"), colour: Seat::BLUE, kind: kind('g') });
    assert_eq!(r[1].colours, None);
    assert_eq!(r[1].player, Player::P2);
    match r[3].event {
        FlipEvent::Move { outcome, attacker, defender, .. } => {
            assert_eq!(outcome, Outcome::AttackerWon);
            assert_eq!(attacker, (Seat::RED, kind('c')));
            assert_eq!(defender, Some((Seat::BLUE, kind('g'))));
        }
        other => panic!("expected a move, got {other:?}"),
    }
    let tokens: Vec<String> = r.iter().map(FlipReport::token).collect();
    assert_eq!(tokens, ["+c6=G", "+d7=i", "+d6=c", "d6-c6"]);
    assert_eq!(g.colour_of(Player::P2), Some(Seat::RED));
    assert_eq!(g.view().removed[1][kind('g').0 as usize], 1);
    assert_eq!(g.over(), None);
}

#[test]
fn every_flip_spelling_is_accepted() {
    for t in ["+c6=G", "+c6", "c6", "flip c6", "FLIP c6", "翻c6", " +C6 "] {
        assert_eq!(parse_action(t).unwrap().action, FlipAction::Flip(pt("c6")), "{t}");
    }
    assert_eq!(parse_action("+c6=G").unwrap().claims, Some((Seat::BLUE, kind('g'))));
    assert!(matches!(parse_action("c6-c7").unwrap().action, FlipAction::Move(_)));
    assert_eq!(parse_action("+c6=Z").unwrap_err(), ActionError::BadPiece("Z".into()));
    assert_eq!(parse_action("+z9").unwrap_err(), ActionError::Unreadable("+z9".into()));
}

#[test]
fn bad_plies_are_refused_precisely_and_change_nothing() {
    let mut g = doc_game("");
    play_all(&mut g, "+c6=G +d7=i +d6=c");
    let before = g.view();
    let cases: [(&str, &str); 8] = [
        ("+c6", "the piece on c6 is already face up; flip a face-down piece or move one of yours"),
        ("+b3", "there is no piece on b3"),
        ("c5-c4", "the piece on c5 is face down: it cannot move until it is flipped"),
        ("d6-e6", "the piece on e6 is face down and cannot be attacked"),
        ("c6-c5", "the piece on c6 is blue, which is not your colour"),
        ("d6-d7", "d7 is occupied by your own side"),
        ("+e6=a", "e6 holds H, not a as written"),
        ("b2-b3", "the piece on b2 is face down: it cannot move until it is flipped"),
    ];
    for (token, message) in cases {
        let err = play(&mut g, token).unwrap_err();
        assert_eq!(err.to_string(), message, "{token}");
        assert_eq!(g.view(), before, "{token} changed the game");
    }
    assert_eq!(g.to_move(), Player::P2);
}

#[test]
fn before_colours_are_assigned_every_ply_is_a_flip() {
    let mut g = doc_game("colour=engineer");
    play_all(&mut g, "+c6=G");
    assert_eq!(g.p1_colour(), None, "under colour=engineer a captain assigns nothing");
    assert_eq!(play(&mut g, "c6-c5").unwrap_err(), FlipError::NoColourYet);
    let r = play_all(&mut g, "+e6=H +d7=i");
    assert_eq!(r[1].colours, Some(Seat::RED), "P1 flipped the first engineer, a red one: P1 is Red");
    assert_eq!(g.p1_colour(), Some(Seat::RED));
    // The blue pieces flipped earlier are P2's from now on.
    // c6 is hemmed in by face-down pieces: only the empty camps diagonal to it are open.
    let to: Vec<PointId> = g.legal_moves_of(Player::P2).iter().filter(|m| m.from == pt("c6")).map(|m| m.to).collect();
    assert!(!to.is_empty() && to.iter().all(|&p| crate::common::v().board.is_camp(p)), "{to:?}");
    assert!(g.legal_moves_of(Player::P1).iter().any(|m| m.from == pt("d7")));
}

#[test]
fn options_read_and_write_with_their_defaults() {
    let o = FlipOptions::default();
    assert_eq!(o.colour, ColourRule::FirstFlip);
    assert_eq!(o.first, FirstPlayer::Random);
    assert!(o.suicide && o.flag_mines && o.base.hq_exit);
    assert_eq!(o.flag_taker, FlagTaker::Any);
    assert_eq!(o.base.quiet_limit, 70);
    assert_eq!(o.to_string(), "");
    let text = "colour=engineer first=creator suicide=forbidden flag-mines=off flag-taker=smallest hq-exit=off mines=mutual quiet-limit=40";
    let o = FlipOptions::parse(text).unwrap();
    assert_eq!(o.to_string(), text);
    assert_eq!(FlipOptions::parse(&o.to_string()).unwrap(), o);
    assert_eq!(
        FlipOptions::parse("scout=on").unwrap_err().to_string(),
        "rule option 'scout' does not apply to junqi-flip (flip options: colour, first, hq-exit, suicide, flag-mines, flag-taker, quiet-limit, mines, bomb-flag, bomb-flies, rail-range, on-timeout)"
    );
    assert!(FlipOptions::parse("flag-taker=king").unwrap_err().to_string().contains("any, engineer, smallest"));
    assert!(FlipOptions::parse("nonsense=1").unwrap_err().to_string().starts_with("unknown rule option"));
}

/// Red (P1) engineer on c6 facing the blue flag on c7; blue keeps a face-down mine unless removed.
fn flag_position(attacker: char, blue_mine: bool, rules: &str) -> FlipGame {
    let a = format!("R c6 {attacker} up");
    let mut entries = vec![a.as_str(), "B c7 l up", "R a1 l down", "B a12 g up", "R e1 a up"];
    if blue_mine {
        entries.push("B e12 j down");
    }
    position(&entries, Some(Seat::RED), Player::P1, rules)
}

#[test]
fn flag_mines_on_keeps_the_flag_until_its_mines_are_gone() {
    let mut g = flag_position('i', true, "");
    assert_eq!(
        play(&mut g, "c6-c7").unwrap_err().to_string(),
        "the flag on c7 cannot be attacked while 1 of its mines remain on the board (flag-mines=on)"
    );
    assert!(!g.legal_moves_of(Player::P1).iter().any(|m| m.to == pt("c7")));
    let mut g = flag_position('i', true, "flag-mines=off");
    let r = play(&mut g, "c6-c7").unwrap();
    assert_eq!(r.end, Some(GameOver { winner: Some(0), reason: EndReason::FlagCaptured }));
    let mut g = flag_position('i', false, "");
    assert_eq!(play(&mut g, "c6-c7").unwrap().end.map(|e| e.reason), Some(EndReason::FlagCaptured));
}

#[test]
fn flag_taker_any_engineer_and_smallest() {
    // any: a bomb takes it.
    let mut g = flag_position('k', false, "");
    assert_eq!(play(&mut g, "c6-c7").unwrap().end.map(|e| e.reason), Some(EndReason::FlagCaptured));
    // engineer: only an engineer.
    let mut g = flag_position('g', false, "flag-taker=engineer");
    assert_eq!(play(&mut g, "c6-c7").unwrap_err(), FlipError::FlagTakerEngineer);
    let mut g = flag_position('i', false, "flag-taker=engineer");
    assert!(play(&mut g, "c6-c7").is_ok());
    // smallest: the 连长 may, as red has no 排长 or 工兵 left; a 司令 may not (the 连长 is left);
    // a bomb never.
    let mut g = flag_position('g', false, "flag-taker=smallest");
    assert!(play(&mut g, "c6-c7").is_ok());
    let mut g = position(
        &["R c6 a up", "B c7 l up", "R a1 g down", "B a12 g up", "R e1 l up"],
        Some(Seat::RED),
        Player::P1,
        "flag-taker=smallest",
    );
    assert_eq!(
        play(&mut g, "c6-c7").unwrap_err().to_string(),
        "only your lowest-ranked officer may take the flag, and the piece on c6 is not it (flag-taker=smallest)"
    );
    let mut g = flag_position('k', false, "flag-taker=smallest");
    assert_eq!(play(&mut g, "c6-c7").unwrap_err(), FlipError::FlagTakerSmallest("c6".into()));
}

#[test]
fn suicide_forbidden_refuses_attacks_that_only_lose_the_attacker() {
    let entries = ["R c6 h up", "B c7 g up", "R a1 l down", "B a12 l down", "R e1 a up", "B e12 a up"];
    let mut g = position(&entries, Some(Seat::RED), Player::P1, "suicide=forbidden");
    assert_eq!(
        play(&mut g, "c6-c7").unwrap_err().to_string(),
        "c6-c7 would only lose your piece, which these rules forbid (suicide=forbidden)"
    );
    let mut g = position(&entries, Some(Seat::RED), Player::P1, "");
    let r = play(&mut g, "c6-c7").unwrap();
    assert!(matches!(r.event, FlipEvent::Move { outcome: Outcome::DefenderWon, .. }));
}

#[test]
fn a_colour_without_movable_pieces_loses() {
    let entries = ["R c6 a up", "B c7 g up", "R a1 l down", "B a12 l down", "B e12 j down"];
    let mut g = position(&entries, Some(Seat::BLUE), Player::P2, "");
    let r = play(&mut g, "c6-c7").unwrap();
    assert_eq!(r.end, Some(GameOver { winner: Some(1), reason: EndReason::NoMovablePieces }), "P2 (red) wins");
    // Both at once: a draw.
    let entries = ["R c6 k up", "B c7 g up", "R a1 l down", "B a12 l down"];
    let mut g = position(&entries, Some(Seat::RED), Player::P1, "");
    let r = play(&mut g, "c6-c7").unwrap();
    assert_eq!(r.end, Some(GameOver { winner: None, reason: EndReason::NoMovablePieces }));
}

#[test]
fn no_legal_move_loses_but_a_face_down_piece_can_always_be_flipped() {
    // Blue's engineer in its headquarters is walled in by its own face-up mines.
    let walled = ["B b12 i up", "B a12 j up", "B c12 j up", "B b11 j up", "B e12 l up", "R c6 a up", "R a1 l up"];
    let mut g = position(&walled, Some(Seat::RED), Player::P1, "");
    let r = play(&mut g, "c6-c5").unwrap();
    assert_eq!(r.end, Some(GameOver { winner: Some(0), reason: EndReason::NoLegalMove }));
    let mut with_face_down = walled.to_vec();
    with_face_down.push("R e1 h down");
    let mut g = position(&with_face_down, Some(Seat::RED), Player::P1, "");
    assert_eq!(play(&mut g, "c6-c5").unwrap().end, None);
    assert_eq!(g.legal_actions(), vec![FlipAction::Flip(pt("e1"))]);
}

#[test]
fn quiet_limit_counts_plies_without_flip_or_combat() {
    let entries = ["R c6 a up", "B c9 a up", "R a1 l down", "B a12 l down", "B e12 j down", "R e1 j down"];
    let mut g = position(&entries, Some(Seat::RED), Player::P1, "quiet-limit=3");
    let r = play_all(&mut g, "c6-c5 +e12=J c5-c6 c9-c10 c6-c5");
    assert!(r[..4].iter().all(|r| r.end.is_none()), "the flip reset the count");
    assert_eq!(r[4].end, Some(GameOver { winner: None, reason: EndReason::QuietLimit }));
    assert_eq!(play(&mut g, "+e1").unwrap_err(), FlipError::GameOver);
}

#[test]
fn resignation_before_colours_and_results() {
    let mut g = doc_game("");
    assert_eq!(g.resign(Player::P1), Some(GameOver { winner: Some(1), reason: EndReason::Resign }));
    assert_eq!(result_token(g.over()), "0-1");
    assert_eq!(result_word(g.over()), "p2_wins");
    assert_eq!(g.resign(Player::P2), None, "already over");
    assert_eq!(play(&mut g, "+c6").unwrap_err(), FlipError::GameOver);
}

#[test]
fn a_flip_reveals_only_the_flipped_piece() {
    let mut g = doc_game("");
    let before = g.view();
    assert_eq!(before.face_down(), 50);
    assert!(before.cells.iter().flatten().all(|c| *c == FlipCell::FaceDown));
    play_all(&mut g, "+c6=G");
    let after = g.view();
    for (i, (a, b)) in before.cells.iter().zip(&after.cells).enumerate() {
        if i == pt("c6").index() {
            assert_eq!(*b, Some(FlipCell::FaceUp { colour: Seat::BLUE, kind: kind('g') }));
        } else {
            assert_eq!(a, b, "point {i} changed");
        }
    }
}

/// Two deals that agree on every piece that gets turned up give identical public output for the
/// same plies, however the rest differ. The second deal swaps pieces of different colour and kind
/// on two points that stay face down.
#[test]
fn public_output_depends_only_on_face_up_pieces() {
    let a = Deal::parse(DOC_DEAL).unwrap();
    for seed in 0..12u64 {
        let mut rng = Rng::new(seed);
        // Points never flipped here: c1 (red h) and e12 (blue K), then b1 (K) and c12 (G).
        let kept = [pt("c1"), pt("e12"), pt("b1"), pt("c12")];
        let mut b_text: Vec<char> = DOC_DEAL.chars().collect();
        b_text.swap(2, 49);
        b_text.swap(1, 47);
        let b = Deal::parse(&b_text.iter().collect::<String>()).unwrap();
        assert_ne!(a, b);
        let mut ga = FlipGame::new(&a, FlipOptions::default());
        let mut gb = FlipGame::new(&b, FlipOptions::default());
        for _ in 0..150 {
            assert_eq!(ga.view(), gb.view());
            assert_eq!(ga.legal_actions(), gb.legal_actions());
            let actions: Vec<FlipAction> = ga
                .legal_actions()
                .into_iter()
                .filter(|a| !matches!(a, FlipAction::Flip(p) if kept.contains(p)))
                .collect();
            if actions.is_empty() || ga.over().is_some() {
                break;
            }
            let action = actions[rng.below(actions.len())];
            let (ra, rb) = (ga.play(action).unwrap(), gb.play(action).unwrap());
            assert_eq!(ra, rb);
        }
    }
}

#[test]
fn illegal_standard_moves_keep_their_reasons() {
    let entries = ["R c6 j up", "B c7 g up", "R a1 l down", "B a12 l down", "R e1 a up", "B e12 a up"];
    let mut g = position(&entries, Some(Seat::RED), Player::P1, "");
    let err = play(&mut g, "c6-c7").unwrap_err();
    assert_eq!(err, FlipError::Move(IllegalMove::Immobile("c6".into())));
    assert_eq!(play(&mut g, "e1-e3").unwrap_err().to_string(), "e3 cannot be reached from e1 in one move");
}
