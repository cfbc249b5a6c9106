//! Draughts (issue 16, rules): spec `rules-draughts.md` §11's tests one by one, perft from the
//! start, the contract's conformance suite over the three kinds (registered from this side, as
//! the toy is), random playouts, and PDN round trips of real games.

#[path = "conformance/suite.rs"]
#[allow(dead_code)]
mod suite;

use junqi_rules::contract::record::{self, Written};
use junqi_rules::contract::replay;
use junqi_rules::contract::{AnyGame, Game, Lang, Rematch, Start, catalog, to_traditional};
use junqi_rules::draughts::board::Variant;
use junqi_rules::draughts::game::End;
use junqi_rules::draughts::movegen::{self, perft};
use junqi_rules::draughts::notation::{self, parse_square};
use junqi_rules::draughts::{Colour, DRAUGHTS, DRAUGHTS10, DRAUGHTS12, Draughts, Position, Refusal, Rules, pdn};
use junqi_rules::rng::Rng;
use junqi_rules::seat::Seat;
use suite::Setting;

fn game(v: Variant, options: &str) -> Draughts {
    Draughts::new(v, Rules::parse(v, options).expect("options")).expect("game")
}

fn tokens(g: &Draughts) -> Vec<String> {
    AnyGame::legal_tokens(g, Game::to_move(g))
}

fn play(g: &mut Draughts, text: &str) {
    let seat = Game::to_move(g);
    if let Err(e) = g.play_text(seat, text) {
        panic!("{text}: {e}");
    }
}

fn refusal(g: &Draughts, text: &str) -> Refusal {
    let mv = g.read_move(g.position().to_move, text).expect("readable");
    let mut probe = g.clone();
    probe.play_move(mv).expect_err("refused")
}

// §11: square counts, name pins, round trips.

#[test]
fn square_counts_are_32_50_72() {
    let counts: Vec<usize> = Variant::ALL.iter().map(|v| v.geometry().squares()).collect();
    assert_eq!(counts, [32, 50, 72]);
}

#[test]
fn square_names_are_pinned() {
    let pins: [(Variant, &[(u8, &str)]); 3] = [
        (Variant::English, &[(1, "g1"), (4, "a1"), (11, "c3"), (15, "d4"), (22, "f6"), (29, "h8"), (32, "b8")]),
        (Variant::International, &[(1, "b10"), (5, "j10"), (46, "a1"), (50, "i1")]),
        (Variant::Canadian, &[(1, "b12"), (6, "l12"), (67, "a1"), (72, "k1")]),
    ];
    for (v, list) in pins {
        for &(n, name) in list {
            assert_eq!(v.geometry().algebraic(n - 1), name, "{v:?} {n}");
        }
    }
}

#[test]
fn every_numeric_square_round_trips_through_algebraic() {
    for v in Variant::ALL {
        let g = v.geometry();
        for sq in 0..g.squares() as u8 {
            assert_eq!(parse_square(v, &g.algebraic(sq)), Some(sq), "{v:?} {}", sq + 1);
            assert_eq!(parse_square(v, &notation::number(sq)), Some(sq));
        }
    }
}

// §11: perft from the start, moves counted by from, to and captured set.

#[test]
fn perft_draughts_from_the_start() {
    let p = Position::start(Variant::English);
    let counts: Vec<u64> = (1..=7).map(|d| perft(&p, d)).collect();
    assert_eq!(counts, [7, 49, 302, 1469, 7361, 36768, 179740]);
}

#[test]
fn perft_draughts10_from_the_start() {
    let p = Position::start(Variant::International);
    let counts: Vec<u64> = (1..=5).map(|d| perft(&p, d)).collect();
    assert_eq!(counts, [9, 81, 658, 4265, 27117]);
}

#[test]
fn perft_draughts12_from_the_start() {
    // §12.6: one script only; our generator agrees with it.
    let p = Position::start(Variant::Canadian);
    let counts: Vec<u64> = (1..=4).map(|d| perft(&p, d)).collect();
    assert_eq!(counts, [11, 121, 1222, 10053]);
}

// §11: positions.

#[test]
fn an_english_man_crowned_mid_capture_stops() {
    // Black's man on 22 jumps 26 and is crowned on 31; a king could jump 27 on, the new king waits.
    let mut g = game(Variant::English, "fen=B:W26,27:B22");
    assert_eq!(tokens(&g), ["22x31"]);
    play(&mut g, "22x31");
    let p = g.position();
    assert_eq!(p.at(30).map(|p| (p.colour, p.king)), Some((Colour::Black, true)));
    assert!(p.at(26).is_some(), "27 is still on the board");
    assert_eq!(p.to_move, Colour::White);
}

#[test]
fn an_international_man_passing_the_far_row_continues_uncrowned() {
    // White's man on 13 (f8) takes 9 landing on 4 (h10, the far row), then 10 backwards to 15.
    let mut g = game(Variant::International, "fen=W:W13:B9,10");
    assert_eq!(tokens(&g), ["13x15"]);
    play(&mut g, "13x4x15");
    let p = g.position();
    assert_eq!(p.at(14).map(|p| (p.colour, p.king)), Some((Colour::White, false)), "a man still");
    assert_eq!(p.count(Colour::Black), (0, 0));
}

#[test]
fn majority_capture_counts_kings_and_men_alike() {
    // 32x21 takes a king, 34x23x12 two men: two pieces beat one, whatever they are.
    let g = game(Variant::International, "fen=W:W32,34:B18,29,K27");
    assert_eq!(tokens(&g), ["34x12"]);
    assert_eq!(refusal(&g, "32x21"), Refusal::NotLongest { takes: 1, most: 2 });
    // The other way round: two kings beat one man.
    let g = game(Variant::International, "fen=W:W32,34:BK18,K29,27");
    assert_eq!(tokens(&g), ["34x12"]);
    // English draughts: free choice, the shorter capture stays legal.
    let g = game(Variant::English, "fen=B:W14,15,23:B10,11");
    assert!(tokens(&g).len() >= 2, "{:?}", tokens(&g));
}

#[test]
fn a_piece_cannot_be_jumped_twice_in_a_king_loop() {
    // Black's king on 11 (c3) jumps 15, 23, 24, 16 round the loop and is back on 11; jumping 15
    // again would go on for ever.
    let pos = notation::parse_fen(Variant::English, "B:W15,16,23,24:BK11").unwrap();
    let lines = movegen::capture_lines(&pos, Colour::Black);
    assert!(!lines.is_empty());
    for l in &lines {
        assert_eq!(l.taken.len(), 4, "{l:?}");
        let mut seen = l.taken.clone();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), 4, "a piece taken twice: {l:?}");
        assert_eq!(l.mv.to, 10);
    }
    let mut g = game(Variant::English, "fen=B:W15,16,23,24:BK11");
    assert_eq!(tokens(&g), ["11x11"], "both ways round are one move");
    play(&mut g, "11x11");
    assert_eq!(g.end(), Some((End::NoPieces, Some(Colour::Black))));
    // The same with a flying king on 10×10: the loop c5-e7-c9-a7-c5 takes four and stops.
    let g = game(Variant::International, "fen=W:WK27:B22,12,11,21");
    for l in movegen::legal_lines(g.position()) {
        assert!(l.taken.len() <= 4, "{l:?}");
    }
}

/// Plays `plies` quiet moves that give the other side nothing to take.
fn shuffle(g: &mut Draughts, plies: u32) {
    for i in 0..plies {
        assert!(g.end().is_none(), "over at {} of {plies}: {:?}", Game::ply(g), g.end());
        let safe = g.legal_lines().into_iter().find(|l| {
            let mut p = *g.position();
            p.apply(l.mv);
            !l.mv.is_capture() && movegen::capture_lines(&p, p.to_move).is_empty()
        });
        let l = safe.unwrap_or_else(|| panic!("no safe move at {i}: {}", notation::write_fen(g.position())));
        g.play_move(l.mv).expect("legal");
    }
}

#[test]
fn each_draw_counter_fires_at_its_exact_ply_and_not_one_earlier() {
    // Repetition: the start position for the third time after 8 plies.
    let mut g = game(Variant::English, "fen=B:WK32:BK1");
    for (i, m) in ["1-6", "32-27", "6-1", "27-32", "1-6", "32-27", "6-1"].iter().enumerate() {
        play(&mut g, m);
        assert!(g.end().is_none(), "over after ply {}", i + 1);
    }
    play(&mut g, "27-32");
    assert_eq!(g.end(), Some((End::Repetition, None)));
    // The English 40-move rule: 80 plies without a man move or a capture.
    let mut g = game(Variant::English, "repetition=off fen=B:WK29,K30:BK1,K2");
    shuffle(&mut g, 79);
    assert!(g.end().is_none());
    shuffle(&mut g, 1);
    assert_eq!((Game::ply(&g), g.end()), (80, Some((End::MoveLimit, None))));
    // move-limit=0 turns it off.
    let mut g = game(Variant::English, "repetition=off move-limit=0 fen=B:WK29,K30:BK1,K2");
    shuffle(&mut g, 100);
    // The international 25-move rule: 50 plies of kings only.
    let mut g = game(Variant::International, "repetition=off fen=W:WK46,K47:BK1,K2");
    shuffle(&mut g, 49);
    assert!(g.end().is_none());
    shuffle(&mut g, 1);
    assert_eq!((Game::ply(&g), g.end()), (50, Some((End::MoveLimit, None))));
    // A lone king against three pieces with a king: 16 moves each.
    let mut g = game(Variant::International, "repetition=off fen=W:WK46,K47,K48:BK1");
    shuffle(&mut g, 31);
    assert!(g.end().is_none());
    shuffle(&mut g, 1);
    assert_eq!((Game::ply(&g), g.end()), (32, Some((End::EndgameLimit, None))));
    // Against two pieces with a king: 5 moves each. The same on 12×12.
    for v in [Variant::International, Variant::Canadian] {
        let fen = if v == Variant::International { "fen=W:WK46,47:BK1" } else { "fen=W:WK67,68:BK1" };
        let mut g = game(v, &format!("repetition=off {fen}"));
        shuffle(&mut g, 9);
        assert!(g.end().is_none(), "{v:?}");
        shuffle(&mut g, 1);
        assert_eq!((Game::ply(&g), g.end()), (10, Some((End::EndgameLimit, None))), "{v:?}");
        let mut g = game(v, &format!("repetition=off endgame-limit=off {fen}"));
        shuffle(&mut g, 20);
    }
}

// Refusals and input.

#[test]
fn refusals_say_precisely_what_is_wrong_in_two_languages() {
    let mut g = game(Variant::English, "");
    assert_eq!(refusal(&g, "21-17"), Refusal::NoPiece { square: 20 });
    assert_eq!(refusal(&g, "11-7"), Refusal::Occupied { square: 6 });
    assert_eq!(refusal(&g, "11-14"), Refusal::NotAMove { from: 10, to: 13 });
    for m in ["11-15", "22-18"] {
        play(&mut g, m);
    }
    assert_eq!(refusal(&g, "9-13"), Refusal::CaptureCompulsory);
    let e = junqi_rules::contract::Explain::explain(&Refusal::CaptureCompulsory);
    assert_eq!((e.en.as_str(), e.zh.as_str()), ("a capture is compulsory", "有吃必吃：必须吃子"));
    let e = junqi_rules::contract::Explain::explain(&Refusal::Occupied { square: 17 });
    assert_eq!(e.en, "square 18 is occupied");
    let g = game(Variant::English, "fen=W:W18:B1");
    assert_eq!(refusal(&g, "18-22"), Refusal::Backwards);
    let g = game(Variant::International, "fen=W:W13:B9,10");
    assert_eq!(refusal(&g, "13-4"), Refusal::MustContinue { square: 3 });
    // A refused play changes nothing.
    let mut g = game(Variant::English, "");
    let before = g.picture_for(junqi_rules::contract::Audience::Everyone);
    assert!(g.play_typed(Seat(0), "11-14").is_err());
    assert!(g.play_typed(Seat(1), "22-18").is_err());
    assert_eq!(g.picture_for(junqi_rules::contract::Audience::Everyone), before);
}

#[test]
fn moves_are_typed_numeric_or_algebraic_and_ambiguous_captures_ask_for_the_path() {
    let g = game(Variant::English, "");
    for t in ["11-15", "c3-d4", "C3D4", "11x15", "11:15"] {
        assert_eq!(g.read_action(Seat(0), t).as_deref(), Ok("11-15"), "{t}");
    }
    // Black's man on 11 reaches 27 round either side of the diamond, taking other pieces.
    let g = game(Variant::English, "fen=B:W15,16,23,24:B11");
    let mut t = tokens(&g);
    t.sort();
    assert_eq!(t, ["11x18x27", "11x20x27"]);
    let e = g.read_action(Seat(0), "11x27").expect_err("ambiguous");
    assert!(e.why.en.contains("11x18x27, 11x20x27") || e.why.en.contains("11x20x27, 11x18x27"), "{e}");
    assert_eq!(g.read_action(Seat(0), "c3xa5xc7").as_deref(), Ok("11x20x27"));
    assert_eq!(g.read_action(Seat(0), "11-18-27").as_deref(), Ok("11x18x27"));
}

// The contract's conformance suite over the three kinds (built in; registering them again is a no-op).

fn kinds() -> [&'static catalog::GameDef; 3] {
    for d in [&DRAUGHTS, &DRAUGHTS10, &DRAUGHTS12] {
        catalog::register(d);
    }
    [&DRAUGHTS, &DRAUGHTS10, &DRAUGHTS12]
}

#[test]
fn the_kinds_are_complete_and_speak_three_languages() {
    for def in kinds() {
        let k = def.kind;
        assert_eq!(catalog::find(k.name).map(|d| d.name()), Some(k.name));
        let mut words = vec![k.title];
        words.extend(k.seating.seats.iter().map(|s| s.name));
        words.extend(k.modes.iter().map(|m| m.name));
        for w in words {
            assert_eq!(w.zh_hant, to_traditional(w.zh_hans), "{}", w.en);
        }
        for (i, s) in k.seating.seats.iter().enumerate() {
            assert_eq!(k.seating.find(s.key), Some(Seat(i as u8)));
            assert_eq!(s.team, i as u8);
        }
        assert_eq!(k.rematch, Rematch::SwapSeats);
        assert!((k.settings)("open", "").is_ok());
        assert!((k.settings)("dark", "").is_err() && (k.settings)("", "no-such-option=1").is_err());
        for l in Lang::ALL {
            assert!(!(k.describe_options)("", l).is_empty());
        }
        let mut s = Start::new(2);
        s.first = Seat(1);
        assert!((def.start)(&s).is_err(), "{}: the second seat cannot move first", k.name);
    }
    assert_eq!(DRAUGHTS.kind.seating.seats[0].key, "black");
    assert_eq!(DRAUGHTS10.kind.seating.seats[0].key, "white");
    assert_eq!(DRAUGHTS12.kind.art, "draughts12");
}

#[test]
fn conformance_refused_actions_change_nothing() {
    for def in kinds() {
        for set in Setting::all_of(def) {
            for seed in 0..2 {
                suite::illegal_actions_change_nothing(set, seed, 40);
            }
        }
    }
}

#[test]
fn conformance_tokens_round_trip_and_replays_rebuild() {
    for def in kinds() {
        for set in Setting::all_of(def) {
            for seed in 0..2 {
                suite::tokens_round_trip_and_replay(set, seed, 120);
            }
            // Nothing is hidden: there is no secret to swap.
            assert_eq!(suite::hidden_swaps_stay_hidden(set, 0, 4, 4), 0);
        }
    }
}

#[test]
fn conformance_playouts_end_and_plies_are_described_in_three_languages() {
    for def in kinds() {
        let mut ended = 0;
        for set in Setting::all_of(def) {
            for seed in 0..6 {
                ended += usize::from(suite::random_playout(set, seed, 600));
            }
            suite::describers_speak_every_language(set, 3, 60);
        }
        assert!(ended > 0, "{}", def.name());
    }
}

// Random games never make an illegal move and always end.

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 24, ..Default::default() })]
    #[test]
    fn random_games_never_make_an_illegal_move_and_always_end(seed in 0u64..1_000_000, v in 0usize..3) {
        let v = Variant::ALL[v];
        let mut g = game(v, "");
        let mut rng = Rng::new(seed);
        let mut pieces = 2 * v.rows_of_men() * usize::from(v.size()) / 2;
        for _ in 0..5000 {
            if g.end().is_some() {
                break;
            }
            let legal = g.legal_lines();
            proptest::prop_assert!(!legal.is_empty(), "a side to move without a move, and the game goes on");
            let line = &legal[rng.below(legal.len())];
            let mover = g.position().to_move;
            let before = *g.position();
            let ply = g.play_move(line.mv).expect("a legal move is played");
            proptest::prop_assert_eq!(ply.taken.len() as u32, line.mv.count());
            let (m, k) = g.position().count(Colour::Black);
            let (m2, k2) = g.position().count(Colour::White);
            let now = m + k + m2 + k2;
            proptest::prop_assert_eq!(now + ply.taken.len(), pieces);
            pieces = now;
            // Every taken piece was the other side's, and the mover's start square is empty.
            for &(sq, p) in &ply.taken {
                proptest::prop_assert!(p.colour != mover && before.at(sq) == Some(p));
            }
            proptest::prop_assert!(line.mv.from == line.mv.to || g.position().at(line.mv.from).is_none());
        }
        proptest::prop_assert!(g.end().is_some(), "a random game did not end in 5000 plies");
    }

    #[test]
    fn pdn_input_never_panics(text in "[\\[\\]{}()0-9xX:;. \\n\"a-zA-Z*/-]{0,200}") {
        let _ = pdn::import(&text);
        let _ = pdn::import(&format!("[GameType \"20\"]\n{text}"));
    }
}

// PDN: real games round trip; malformed files are refused with a line and a reason.

/// Three games of the 2003 World Championship (Zwartewaterland), as the PDN 3.0 repository
/// `wiegerw/pdn` keeps them in `games/succeed/wk2003.pdn`: a draw, a white win that crowns kings,
/// a white win with long flying-king moves (`57. 1-29`).
const WK2003: &str = r#"[Event "WK 2003"]
[Date "2003.05.23"]
[Site "Zwartewaterland, Netherlands"]
[White "Ndjofang, J.M."]
[Black "Heusdens, R."]
[Result "1/2-1/2"]
[Round "1"]
[GameType "20"]

1. 32-28 17-22 2. 28x17 12x21 3. 31-26 7-12 4. 26x17 12x21
5. 36-31 19-23 6. 34-29 23x34 7. 39x30 20-24 8. 30x19 14x23
9. 37-32 21-27 10. 31x22 18x27 11. 32x21 16x27 12. 41-37 10-14
13. 46-41 11-17 14. 33-29 23x34 15. 40x29 6-11 16. 35-30 14-20
17. 45-40 20-24 18. 30x19 13x33 19. 38x29 5-10 20. 42-38 10-14
21. 44-39 8-12 22. 40-34 14-19 23. 50-44 2-7 24. 48-42 19-23
25. 29x18 12x23 26. 39-33 7-12 27. 33-28 23x32 28. 37x28 9-13
29. 44-39 3-9 30. 38-33 9-14 31. 34-30 17-21 32. 33-29 21-26
33. 43-38 1-7 34. 41-37 11-17 35. 39-34 7-11 36. 30-24 11-16
37. 34-30 27-31 38. 28-23 16-21 39. 30-25 12-18 40. 23x12 17x8
1/2-1/2

[Event "WK 2003"]
[Date "2003.05.23"]
[Site "Zwartewaterland, Netherlands"]
[White "Jansen,G."]
[Black "Valneris,G."]
[Result "1-0"]
[Round "1"]
[GameType "20"]

1. 32-28 17-22 2. 28x17 11x22 3. 37-32 12-17 4. 41-37 6-11
5. 46-41 1-6 6. 34-30 7-12 7. 30-25 19-23 8. 40-34 14-19
9. 25x14 9x20 10. 34-29 23x34 11. 39x30 20-25 12. 44-39 25x34
13. 39x30 15-20 14. 31-27 22x31 15. 36x27 10-14 16. 50-44 5-10
17. 44-40 20-25 18. 30-24 19x30 19. 35x24 3-9 20. 43-39 18-23
21. 24-20 13-18 22. 40-34 17-21 23. 45-40 11-17 24. 40-35 21-26
25. 20-15 17-22 26. 41-36 22x31 27. 36x27 6-11 28. 47-41 11-17
29. 49-43 17-21 30. 41-36 8-13 31. 34-30 25x34 32. 39x30 12-17
33. 30-25 17-22 34. 35-30 22x31 35. 36x27 2-8 36. 43-39 14-19
37. 48-43 8-12 38. 33-28 23-29 39. 39-33 12-17 40. 33x24 18-22
41. 27x18 13x33 42. 38x29 10-14 43. 24x13 9x18 44. 30-24 17-22
45. 32-28 22x33 46. 29x38 21-27 47. 38-33 4-10 48. 15x4 14-20
49. 4x36 20x49 50. 25-20 49-44 51. 20-14 1-0

[Event "WK 2003"]
[Date "2003.05.23"]
[Site "Zwartewaterland, Netherlands"]
[White "Clerc,R."]
[Black "Andall,A.K."]
[Result "1-0"]
[Round "1"]
[GameType "20"]

1. 33-29 20-25 2. 39-33 14-20 3. 44-39 20-24 4. 29x20 25x14
5. 35-30 18-23 6. 30-25 12-18 7. 34-30 7-12 8. 30-24 19x30
9. 25x34 14-19 10. 32-28 23x32 11. 37x28 10-14 12. 41-37 5-10
13. 46-41 19-23 14. 28x19 14x23 15. 37-32 10-14 16. 50-44 14-19
17. 33-28 15-20 18. 38-33 1-7 19. 41-37 16-21 20. 34-29 23x34
21. 40x29 21-26 22. 42-38 19-23 23. 28x19 13x24 24. 39-34 20-25
25. 29x20 25x14 26. 47-42 14-19 27. 43-39 8-13 28. 49-43 9-14
29. 44-40 2-8 30. 40-35 3-9 31. 34-29 18-23 32. 29x18 12x23
33. 31-27 7-12 34. 45-40 12-18 35. 40-34 17-22 36. 34-30 22x31
37. 36x27 14-20 38. 30-25 20-24 39. 33-28 8-12 40. 27-22 18x27
41. 32x21 23x41 42. 21-17 12x21 43. 42-37 41x32 44. 38x7 26-31
45. 48-42 31-36 46. 42-37 6-11 47. 7x16 13-18 48. 16-11 19-23
49. 11-7 23-28 50. 43-38 18-22 51. 38-33 24-29 52. 33x24 22-27
53. 7-1 27-31 54. 37x26 36-41 55. 24-19 9-14 56. 19x10 4x15
57. 1-29 15-20 58. 29x15 41-46 59. 15-33 28-32 60. 33-42 1-0
"#;

/// A kurnik game (`wiegerw/pdn`, `games/succeed/kurnik.pdn`, timohway–bouvier 2011): full capture
/// paths (`21. 39x28x17x6`), moves split across lines, a black win.
const KURNIK: &str = r#"[Event "?"]
[Site "kurnik"]
[Date "2011.04.03"]
[White "timohway"]
[Black "bouvier"]
[Result "0-1"]
[GameType "20,W,10,10,N1,0"]

1. 32-28 18-23 2. 33-29 23x32 3. 37x28 17-22 4. 28x17 11x22 5. 41-37 13-18 6.
39-33 19-23 7. 44-39 14-19 8. 50-44 9-13 9. 37-32 4-9 10. 46-41 6-11 11. 32-28
23x32 12. 38x27 19-23 13. 35-30 10-14 14. 42-38 20-25 15. 30-24 14-20 16. 41-37
9-14 17. 24-19 13x24 18. 27-21 16x27 19. 38-32 27x38 20. 33x42 24x33 21.
39x28x17x6 14-19 22. 37-32 5-10 23. 42-37 10-14 24. 47-42 20-24 25. 44-39 8-13
26. 31-26 12-17 27. 32-27 7-12 28. 42-38 2-7 29. 48-42 3-9 30. 27-21 18-22 31.
21-16 13-18 32. 37-31 9-13 33. 31-27 22x31 34. 26x37 17-22 35. 36-31 24-30 36.
31-27 22x31 37. 37x26 18-22 38. 40-35 14-20 39. 35x24 20x29x40 40. 45x34 12-17
41. 38-32 13-18 42. 49-44 22-28 43. 42-37 19-24 44. 43-38 17-22 45. 38-33 24-30
46. 26-21 7-12 47. 44-40 30-35 48. 16-11 35x44 49. 39x50 28x39x30 50. 11-7
22-27 51. 7-2 27x38 52. 2x35 38-43 53. 35-49 43-48 54. 49-44 48x26x17 55. 44x11
23-29 56. 50-44 25-30 57. 11-39 30-35 58. 39-43 18-23 59. 43-21 29-34 60. 21x8
34-40 61. 44-39 40-45 62. 8-17 23-29 63. 17-11 45-50 0-1
"#;

/// Two games from W. F. Ryan's "Tricks, Traps and Shots of the Checkerboard" as `wiegerw/pdn`
/// keeps them (`games/succeed/Tricks traps and shots.pdn`, "TTS Game 1 Canalejas Cannonball" and
/// "TTS Game 4 Decoy for Duffers"). That file has no `GameType` and writes the winner first
/// (its notes say White wins the first, Black the second), so the tags say so here.
const TTS: &str = r#"[Event "TTS Game 1 Canalejas Cannonball"]
[Black "Black"]
[White "White"]
[Result "0-1"]
[GameType "21"]
[Winner "white"]
1. 11-16 23-18 2. 16-20 24-19 3. 8-11
{This is the losing move.  10-14 leads to a draw.} 19-15
4. 10x19 18-14 5. 9x18 22x8
6. 4x11 {By playing the 2x2 first, white removes the defensive Black piece on 4.}
27-24 7. 20x27 31x8 0-1

[Event "TTS Game 4 Decoy for Duffers"]
[Black "Black"]
[White "White"]
[Result "1-0"]
[GameType "21"]
[Winner "black"]
1. 10-15 22-18 2. 15x22 25x18 3. 6-10 29-25 4. 10-15 25-22
{Black puts the game on ice, play 26-22 or 18-14 with a firm position in hand.}
5. 15-19 23x16 6. 12x19 24x15 7. 9-14 18x9 8. 11x25 9-6 9. 2x9 21-17 10. 25-29 1-0
"#;

/// Spec §9's example, byte for byte.
const SPEC_EXAMPLE: &str = "[Event \"Discord\"]\n[Date \"2026.11.30\"]\n[Black \"alice\"]\n[White \"bob\"]\n\
[Result \"1-0\"]\n[GameType \"21,B,8,8,N1,0\"]\n[Format \"jqr/1\"]\n[Variant \"draughts\"]\n[Winner \"white\"]\n\
[Termination \"resign\"]\n\n1. 11-15 22-18 2. 15x22 25x18 1-0\n";

fn round_trip(text: &str) -> Vec<(Draughts, String)> {
    let games = pdn::import(text).unwrap_or_else(|e| panic!("{e}"));
    games
        .into_iter()
        .map(|g| {
            let out = pdn::export(&g, &[("Event", "test")]);
            let again = pdn::import(&out).unwrap_or_else(|e| panic!("{e}\n{out}"));
            assert_eq!(again.len(), 1);
            assert_eq!(again[0].position(), g.position(), "{out}");
            assert_eq!(again[0].end(), g.end(), "{out}");
            assert_eq!(pdn::export(&again[0], &[("Event", "test")]), out, "export is stable");
            (g, out)
        })
        .collect()
}

#[test]
fn pdn_round_trips_real_games() {
    let wk = round_trip(WK2003);
    assert_eq!(wk.len(), 3);
    assert_eq!(wk[0].0.tokens().len(), 80);
    assert_eq!(wk[0].0.end(), Some((End::Agreed, None)));
    assert_eq!(wk[1].0.end(), Some((End::Resign, Some(Colour::White))));
    assert!(wk[2].1.contains("57. 1-29 15-20"), "{}", wk[2].1);
    assert!(wk[2].1.contains("[Result \"2-0\"]"));
    let k = round_trip(KURNIK);
    assert_eq!(k[0].0.end(), Some((End::Resign, Some(Colour::Black))));
    assert!(k[0].1.contains("21. 39x6 "), "a path written from–to when unambiguous: {}", k[0].1);
    let t = round_trip(TTS);
    assert_eq!(t[0].0.end(), Some((End::Resign, Some(Colour::White))));
    assert_eq!(t[1].0.end(), Some((End::Resign, Some(Colour::Black))));
    assert!(t[1].1.contains("[Result \"0-1\"]") && t[1].1.contains("[Winner \"black\"]"));
}

#[test]
fn pdn_writes_the_spec_example_byte_for_byte() {
    let g = pdn::import(SPEC_EXAMPLE).unwrap().remove(0);
    assert_eq!(g.end(), Some((End::Resign, Some(Colour::White))));
    let tags = [("Event", "Discord"), ("Date", "2026.11.30"), ("Black", "alice"), ("White", "bob")];
    assert_eq!(pdn::export(&g, &tags), SPEC_EXAMPLE);
}

#[test]
fn pdn_from_a_set_position_with_the_second_player_to_move_starts_with_an_ellipsis() {
    let mut g = game(Variant::English, "fen=W:W18,K10:B1,5");
    play(&mut g, "18-14");
    let out = pdn::export(&g, &[]);
    assert!(out.contains("[FEN \"W:WK10,18:B1,5\"]") && out.contains("1. ... 18-14 *"), "{out}");
    let again = pdn::import(&out).unwrap().remove(0);
    assert_eq!(again.position(), g.position());
    assert_eq!(again.end(), None);
}

#[test]
fn malformed_pdn_is_refused_with_line_and_reason() {
    let cases: [(&str, usize, &str); 8] = [
        ("[GameType \"20\"]\n1. 32-28 {open\n", 2, "never closed"),
        ("[GameType \"20\"\n1. 32-28 *\n", 1, "must end"),
        ("[GameType \"22\"]\n1. 32-28 *\n", 1, "GameType 22"),
        ("[Event \"x\"]\n1. 32-28 *\n", 1, "no GameType"),
        ("[GameType \"20\"]\n1. 32-28\n2. 28-22 *\n", 3, "illegal move 28-22"),
        ("[GameType \"20\"]\n1. 32-28 19-23\n", 2, "no result"),
        ("[GameType \"20\"]\n1. 32-28 19-23 2. zz *\n", 2, "not an action"),
        ("[GameType \"21\"]\n[Result \"1-0\"]\n1. 11-15 0-1\n", 1, "Result tag says 1-0"),
    ];
    for (text, line, why) in cases {
        match pdn::import(text) {
            Ok(_) => panic!("accepted: {text}"),
            Err(e) => {
                assert_eq!(e.line, line, "{text}: {e}");
                assert!(e.reason.contains(why), "{text}: {e}");
            }
        }
    }
}

#[test]
fn the_generic_replayer_reads_pdn_and_plain_records_of_draughts() {
    kinds();
    let mut steps = Vec::new();
    let r = replay::replay(SPEC_EXAMPLE, &mut steps).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(steps.len(), 4);
    assert_eq!(r.over.and_then(|o| o.winner()), Some(1), "white, seat 1 in English draughts");
    // The plain `.jqr` record of a game played through the contract replays to the same board.
    let mut s = Start::new(2);
    s.options = "repetition=off".into();
    let mut g = (DRAUGHTS10.start)(&s).unwrap();
    let mut rng = Rng::new(3);
    let mut items = Vec::new();
    for _ in 0..60 {
        let legal = g.legal_tokens(g.to_move());
        if legal.is_empty() {
            break;
        }
        let seat = g.to_move();
        let played = g.play_text(seat, &legal[rng.below(legal.len())]).unwrap();
        items.push(Written::Action(played.token, None));
    }
    let text = record::write_plain_items(
        &DRAUGHTS10,
        &s,
        &["a".into(), "b".into()],
        &items,
        g.over().as_ref(),
        &Default::default(),
    );
    // The contract's writer writes a draughts record as PDN (RecordDef::write), whose replay shows
    // every state: the last one is the game at the end.
    assert!(text.contains("[GameType \"20,W,10,10,N2,0\"]"), "{text}");
    let mut steps = Vec::new();
    let mut last = None;
    replay::replay_with(&text, replay::Upto::End, &mut steps, &mut |g| last = Some(g.box_clone()))
        .unwrap_or_else(|e| panic!("{e}\n{text}"));
    let a = last.expect("states shown").picture_for(junqi_rules::contract::Audience::Everyone);
    assert_eq!(a, g.picture_for(junqi_rules::contract::Audience::Everyone));
    assert_eq!(steps.len(), items.len());
}

#[test]
fn plies_read_with_the_numeric_and_the_algebraic_move() {
    let mut g = game(Variant::English, "");
    for m in ["11-15", "22-18", "15x22"] {
        play(&mut g, m);
    }
    let p = g.last_ply_for(junqi_rules::contract::Audience::Public).unwrap();
    assert_eq!((DRAUGHTS.describe)(&p, Lang::En), "ply 3: Black 15x22 (d4xf6), takes 1 man.");
    assert_eq!((DRAUGHTS.describe)(&p, Lang::ZhHans), "第3手：黑方 15x22（d4xf6），吃兵 1。");
    let pic = g.picture_for(junqi_rules::contract::Audience::Public);
    assert_eq!(pic.marks.iter().map(|p| p.0).collect::<Vec<_>>(), [15, 22]);
    assert_eq!(pic.captions.last.unwrap().text.en, "15x22 (d4xf6), takes 1");
}

/// Every legal token of random games plays (seed 6 of the 10×10 game reaches a king whose flying
/// step and capture share both squares, 47-36 and 47x36: the capture is the move).
#[test]
fn every_legal_token_of_random_games_plays() {
    use junqi_rules::contract::Start;
    for def in [&DRAUGHTS, &DRAUGHTS10, &DRAUGHTS12] {
        for seed in 0..8u64 {
            let mut rng = Rng::new(seed);
            let mut g = (def.start)(&Start::new(2)).unwrap();
            for _ in 0..300 {
                if g.over().is_some() {
                    break;
                }
                let seat = g.to_move();
                let legal = g.legal_tokens(seat);
                for t in &legal {
                    if let Err(e) = g.box_clone().play_text(seat, t) {
                        panic!("{} seed {seed} ply {}: the legal {t} is refused: {e}", def.name(), g.ply());
                    }
                }
                let t = legal[rng.below(legal.len())].clone();
                g.play_text(seat, &t).unwrap();
            }
        }
    }
}
