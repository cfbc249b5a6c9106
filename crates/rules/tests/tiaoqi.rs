//! 跳棋 (issue 16, rules): spec `rules-tiaoqi.md` §9's tests one by one, golden move counts at
//! the start, the contract's conformance suite for every player count (registered from this
//! side, as draughts is), random games, and records with their §8 replay output.

#[path = "conformance/suite.rs"]
#[allow(dead_code)]
mod suite;

use junqi_rules::contract::{
    AnyGame, Game, GameDef, GameKind, Lang, Leave, Seating, Standing, Start, catalog, replay, to_traditional,
};
use junqi_rules::rng::Rng;
use junqi_rules::seat::Seat;
use junqi_rules::tiaoqi::board::{self, POINTS, Pt, Side};
use junqi_rules::tiaoqi::kinds::{self, SEATS, TIAOQI, TIAOQI_KIND};
use junqi_rules::tiaoqi::movegen::{Kind, Move};
use junqi_rules::tiaoqi::position::Position;
use junqi_rules::tiaoqi::{End, Refusal, Tiaoqi, race, record};
use suite::Setting;

fn game(players: u8, options: &str) -> Tiaoqi {
    let mut s = Start::new(players);
    s.options = options.into();
    kinds::start(&s).expect("a start")
}

fn pt(name: &str) -> Pt {
    board::parse(name).unwrap_or_else(|| panic!("no point {name}"))
}

/// A game whose board holds only the pieces given, as (seat, point) pairs.
fn with_pieces(players: u8, options: &str, pieces: &[(u8, &str)]) -> Tiaoqi {
    let mut g = game(players, options);
    let mut pos = Position { at: [None; POINTS], unmoved: [false; POINTS] };
    for &(s, p) in pieces {
        pos.at[pt(p) as usize] = Some(s);
    }
    g.set_position(pos);
    g
}

fn tokens(g: &Tiaoqi) -> Vec<String> {
    let mut t = AnyGame::legal_tokens(g, Game::to_move(g));
    t.sort();
    t
}

fn play(g: &mut Tiaoqi, text: &str) {
    let seat = Game::to_move(g);
    if let Err(e) = g.play_text(seat, text) {
        panic!("{text}: {e}");
    }
}

fn refusal(g: &Tiaoqi, text: &str) -> Refusal {
    let mv = Game::parse_action(g, Game::to_move(g), text).expect("readable");
    g.clone().play_move(mv).expect_err("refused")
}

// Spec §9, one test per item.

#[test]
fn point_counts_tips_and_neighbour_counts() {
    let all: Vec<Pt> = (0..POINTS as Pt).collect();
    assert_eq!(all.len(), 121);
    assert_eq!(all.iter().filter(|&&p| board::is_hexagon(p)).count(), 61);
    for s in Side::ALL {
        assert_eq!(all.iter().filter(|&&p| board::triangle(p) == Some(s)).count(), 10, "{s:?}");
        assert_eq!(board::home(s, 10).len(), 10);
        assert_eq!(board::neighbours(s.tip()).count(), 2, "the tip of {s:?}");
    }
    let tips: Vec<String> = Side::ALL.iter().map(|s| board::name(s.tip())).collect();
    assert_eq!(tips, ["m1", "y5", "y13", "m17", "a13", "a5"]);
    assert_eq!(board::neighbours(pt("m9")).count(), 6);
    assert_eq!(board::neighbours(pt("m1")).count(), 2);
}

#[test]
fn opening_two_players_jump_1_gives_10_and_14_moves() {
    let t = tokens(&game(2, "first=creator"));
    let want = ["k3-j4", "k3-l4", "l2-j4", "l2-n4", "m3-l4", "m3-n4", "n2-l4", "n2-p4", "o3-n4", "o3-p4"];
    assert_eq!(t, want);
    assert_eq!(tokens(&game(2, "pieces=10")).len(), 14);
}

#[test]
fn opening_two_players_jump_2_gives_12_and_18_moves() {
    assert_eq!(tokens(&game(2, "jump=2")).len(), 12);
    assert_eq!(tokens(&game(2, "jump=2 pieces=10")).len(), 18);
}

#[test]
fn opening_two_players_mirror_gives_10_and_14_moves() {
    assert_eq!(tokens(&game(2, "jump=mirror")).len(), 10);
    assert_eq!(tokens(&game(2, "jump=mirror pieces=10")).len(), 14);
}

#[test]
fn pieces_on_k3_l4_m5_hop_only_with_jump_2() {
    let pieces = [(0, "k3"), (0, "l4"), (0, "m5")];
    let one = with_pieces(2, "", &pieces);
    let from_k3: Vec<String> = tokens(&one).into_iter().filter(|t| t.starts_with("k3-")).collect();
    assert!(from_k3.iter().all(|t| board::adjacent(pt("k3"), pt(&t[3..]))), "{from_k3:?}");
    assert!(matches!(refusal(&one, "k3-n6"), Refusal::BadHop { .. }));
    let two = with_pieces(2, "jump=2", &pieces);
    assert!(tokens(&two).contains(&"k3-n6".to_string()));
}

#[test]
fn pieces_on_m3_o5_mirror_gives_m3_q7() {
    let g = with_pieces(2, "jump=mirror", &[(0, "m3"), (0, "o5")]);
    assert!(tokens(&g).contains(&"m3-q7".to_string()));
    let one = with_pieces(2, "", &[(0, "m3"), (0, "o5")]);
    assert!(!tokens(&one).contains(&"m3-q7".to_string()));
}

#[test]
fn pieces_on_l2_k3_k5_make_the_chain_l2_j4_l6() {
    let mut g = with_pieces(2, "", &[(0, "l2"), (0, "k3"), (0, "k5")]);
    assert!(tokens(&g).contains(&"l2-j4-l6".to_string()));
    assert_eq!(g.read_action(Seat(0), "L2 l6").as_deref(), Ok("l2-j4-l6"));
    let ply = g.play_move(Game::parse_action(&g, Seat(0), "l2-j4-l6").unwrap()).expect("a chain");
    assert_eq!(ply.kind, Some(Kind::Hops(2)));
}

#[test]
fn a_piece_in_its_target_cannot_leave_it() {
    // s's target is n's home; k15 is in it, j14 (row 14, six pieces) is not.
    let g = with_pieces(2, "", &[(0, "k15"), (0, "m1"), (1, "m17")]);
    let from: Vec<String> = tokens(&g).into_iter().filter(|t| t.starts_with("k15-")).collect();
    assert!(!from.is_empty());
    assert!(from.iter().all(|t| g.layout.in_target(0, pt(t.rsplit('-').next().unwrap()))), "{from:?}");
    assert_eq!(refusal(&g, "k15-j14"), Refusal::TargetLock { from: pt("k15") });
    // Without target-lock it may.
    let free = with_pieces(2, "target-lock=off", &[(0, "k15"), (0, "m1"), (1, "m17")]);
    assert!(tokens(&free).contains(&"k15-j14".to_string()));
}

#[test]
fn swap_only_by_a_step_from_outside_the_target() {
    // n's unmoved piece on k15 sits in s's target; s's piece on j14 is next to it, outside.
    let mut g = with_pieces(2, "", &[(0, "j14"), (0, "m15"), (1, "k15"), (1, "l16"), (1, "m1")]);
    assert!(tokens(&g).contains(&"j14-k15".to_string()));
    // From inside the target there is no swap.
    assert_eq!(refusal(&g, "m15-l16"), Refusal::NoSwap { at: pt("l16") });
    // Never at the end of a chain: a hop never lands on a piece.
    assert!(matches!(refusal(&g, "j14-l14-k15"), Refusal::OverNothing { .. } | Refusal::Occupied { .. }));
    let ply = g.play_move(Game::parse_action(&g, Seat(0), "j14-k15").unwrap()).expect("the swap");
    assert_eq!(ply.kind, Some(Kind::Swap));
    assert_eq!(ply.displaced, Some((1, pt("k15"), pt("j14"))));
    assert_eq!(g.position().get(pt("k15")), Some(0));
    assert_eq!(g.position().get(pt("j14")), Some(1));
    // With spoil=off the step is refused.
    let off = with_pieces(2, "spoil=off", &[(0, "j14"), (1, "k15"), (1, "m1")]);
    assert_eq!(refusal(&off, "j14-k15"), Refusal::Occupied { at: pt("k15") });
}

#[test]
fn equal_round_finishers_share_a_place() {
    // Three players (s, ne, nw; targets n, sw, se), one piece each. s and ne finish in round 1;
    // nw does not: s and ne share first (1.5 each, in halves 3), nw is third.
    let mut g = with_pieces(3, "first=creator", &[(0, "l14"), (1, "f6"), (2, "m9")]);
    play(&mut g, "l14-k15");
    assert_eq!(g.places(), [None, None, None], "places wait for the end of the round");
    play(&mut g, "f6-e5");
    play(&mut g, "m9-l8");
    assert_eq!(g.end(), Some(End::Finished));
    assert_eq!(Game::over(&g).map(|o| o.standing), Some(Standing::Places(vec![3, 3, 6])));
    assert_eq!(record::result_token(&g), "s=ne>nw");
    // Two players finishing in one round draw (the seed's 平局).
    let mut two = with_pieces(2, "first=creator", &[(0, "l14"), (1, "l4")]);
    play(&mut two, "l14-k15");
    play(&mut two, "l4-k3");
    assert_eq!(Game::over(&two).map(|o| o.standing), Some(Standing::Draw));
    assert_eq!(record::result_token(&two), "s=n");
}

#[test]
fn the_seed_team_sums() {
    // Four players in turn order s, ne, n, sw; teams s+n (0) and ne+sw (1). Places in halves.
    let team = [0, 1, 0, 1];
    let level = race::team_sums(&team, &[2, 4, 8, 6], 2);
    assert_eq!(level[0], level[1], "1st + 4th against 2nd + 3rd is level");
    let wins = race::team_sums(&team, &[2, 8, 6, 4], 2);
    assert!(wins[0] < wins[1], "1st + 3rd beats 2nd + 4th");
    // In a game: s finishes first and n second, so s+n is decided before the others finish.
    let mut g = with_pieces(4, "first=creator", &[(0, "l14"), (1, "m9"), (2, "l6"), (3, "k9")]);
    play(&mut g, "l14-k15");
    play(&mut g, "m9-l8");
    play(&mut g, "l6-k5");
    play(&mut g, "k9-j10");
    assert_eq!(g.end(), None);
    play(&mut g, "l8-k7");
    play(&mut g, "k5-l4");
    play(&mut g, "j10-i11");
    assert_eq!(g.end(), None);
    play(&mut g, "k7-j6");
    play(&mut g, "l4-k3");
    play(&mut g, "i11-h12");
    assert_eq!(g.end(), Some(End::TeamDecided));
    assert_eq!(Game::over(&g).map(|o| o.standing), Some(Standing::Team(0)));
}

// Golden counts at the start, checked by hand against the geometry.

#[test]
fn golden_counts_at_the_start() {
    // Two players, six pieces (m1 l2 n2 k3 m3 o3), jump=1: row 4 (j4 l4 n4 p4) is empty, so each
    // row-3 piece steps to its two row-4 neighbours (k3: j4 l4; m3: l4 n4; o3: n4 p4) = 6 steps;
    // l2 hops over k3 to j4 and over m3 to n4, n2 over m3 to l4 and over o3 to p4 = 4 hops; m1's
    // hops land on occupied k3/o3, and no hop chains on (from j4 the only piece to hop is k3,
    // back onto the start l2). 10 in all.
    assert_eq!(tokens(&game(2, "")).len(), 10);
    // Ten pieces (row 4 filled): the row-4 pieces step to row 5 (j4: i5 k5; l4: k5 m5; n4: m5
    // o5; p4: o5 q5) = 8 steps; the row-3 pieces hop over row 4 onto row 5 (k3: i5 m5; m3: k5 o5;
    // o3: m5 q5) = 6 hops; no chain goes on (row 5 has nothing to hop but row 4, back down). 14.
    assert_eq!(tokens(&game(2, "pieces=10")).len(), 14);
    // Six players: the nearest foreign pieces (se's u5, sw's e5 with six pieces) are four
    // columns or more from anything s can reach in one move, so each seat has s's ten (and with
    // ten pieces s's fourteen: from i5 the hop over g5 lands on occupied e5, from q5 over s5 on
    // u5). Every seat is checked by letting it move first: 6 × 10 and 6 × 14.
    for (options, each) in [("", 10), ("pieces=10", 14)] {
        let mut total = 0;
        for first in 0..6 {
            let mut s = Start::new(6);
            s.options = options.into();
            s.first = Seat(first);
            let g = kinds::start(&s).expect("a start");
            assert_eq!(tokens(&g).len(), each, "{options} seat {first}");
            total += tokens(&g).len();
        }
        assert_eq!(total, 6 * each);
    }
}

// The contract's conformance suite for each player count: a kind per count, registered from
// this side (the suite plays the first count a kind lists).

macro_rules! counted {
    ($kind:ident, $def:ident, $n:literal, $name:literal) => {
        static $kind: GameKind = GameKind {
            name: $name,
            aliases: &[],
            seating: Seating { seats: &SEATS, counts: &[$n], per_count: None },
            ..TIAOQI_KIND
        };
        static $def: GameDef = GameDef { kind: &$kind, ..TIAOQI };
    };
}

counted!(KIND2, DEF2, 2, "tiaoqi-2");
counted!(KIND3, DEF3, 3, "tiaoqi-3");
counted!(KIND4, DEF4, 4, "tiaoqi-4");
counted!(KIND6, DEF6, 6, "tiaoqi-6");

fn defs() -> [&'static GameDef; 4] {
    catalog::register(&TIAOQI);
    [&DEF2, &DEF3, &DEF4, &DEF6]
}

#[test]
fn the_kind_is_complete_and_speaks_three_languages() {
    defs();
    let k = TIAOQI.kind;
    assert_eq!(catalog::find("跳棋").map(|d| d.name()), Some("tiaoqi"));
    assert_eq!(k.seating.counts, [2, 3, 4, 6]);
    assert_eq!(k.art, "tiaoqi");
    let mut words = vec![k.title];
    words.extend(k.seating.seats.iter().map(|s| s.name));
    words.extend(k.modes.iter().map(|m| m.name));
    for w in words {
        assert_eq!(w.zh_hant, to_traditional(w.zh_hans), "{}", w.en);
    }
    for (i, s) in k.seating.seats.iter().enumerate() {
        assert_eq!(k.seating.find(s.key), Some(Seat(i as u8)));
        assert_eq!(Side::ALL[i].key(), s.key);
    }
    assert!((k.settings)("open", "jump=2").is_ok());
    assert!((k.settings)("dark", "").is_err() && (k.settings)("", "no-such-option=1").is_err());
    for l in Lang::ALL {
        assert!(!(k.describe_options)("", l).is_empty());
    }
    let mut s = Start::new(5);
    assert!((TIAOQI.start)(&s).is_err(), "five players are not offered");
    s.seats = 3;
    s.options = "pieces=15".into();
    assert!((TIAOQI.start)(&s).is_err(), "fifteen pieces are for two players");
    s.options = "teams=2x2".into();
    assert!((TIAOQI.start)(&s).is_err());
    assert_eq!((TIAOQI.places)().len(), 121);
    assert!((TIAOQI.places)().iter().any(|p| p.name == "m17" && p.x == 12 && p.y == 0));
}

#[test]
fn conformance_refused_actions_change_nothing() {
    for def in defs() {
        for set in Setting::all_of(def) {
            for seed in 0..2 {
                suite::illegal_actions_change_nothing(set, seed, 30);
            }
        }
    }
}

#[test]
fn conformance_tokens_round_trip_and_replays_rebuild() {
    for def in defs() {
        for set in Setting::all_of(def) {
            for seed in 0..2 {
                suite::tokens_round_trip_and_replay(set, seed, 80);
            }
            assert_eq!(suite::hidden_swaps_stay_hidden(set, 0, 4, 4), 0);
        }
    }
}

#[test]
fn conformance_playouts_end_and_plies_are_described_in_three_languages() {
    for def in defs() {
        let mut ended = 0;
        for set in Setting::all_of(def) {
            // Races of more than two have no agreed draw: they end by the round limit (150 rounds).
            for seed in 0..6 {
                ended += usize::from(suite::random_playout(set, seed, 1000));
            }
            suite::describers_speak_every_language(set, 3, 40);
        }
        assert!(ended > 0, "{}", def.name());
    }
}

// Random games never make an illegal move and always end, by the spec's own rules: the round
// limit (an option the spec gives, here drawn small to keep the test quick) bounds them.

fn random_game(players: u8, options: &str, seed: u64) -> Result<(), proptest::test_runner::TestCaseError> {
    let mut g = game(players, options);
    let limit = g.layout.rules.round_limit;
    let mut rng = Rng::new(seed);
    let leave_at = (players > 2 && seed.is_multiple_of(2)).then(|| rng.below(40) as u32);
    let mut pieces: usize = (0..players).map(|s| g.position().pieces(s).count()).sum();
    while g.end().is_none() {
        proptest::prop_assert!(g.round() <= limit, "past the round limit");
        if leave_at == Some(g.plies()) && g.plies() > 0 {
            let seat = Seat(rng.below(usize::from(players)) as u8);
            let had = g.position().pieces(seat.0).count();
            if !Game::leave(&mut g, seat, Leave::Resign).out.is_empty() {
                pieces -= had;
            }
            continue;
        }
        let seat = g.seat_to_move();
        let legal = g.legal_moves();
        proptest::prop_assert!(!legal.is_empty());
        let mv = legal[rng.below(legal.len())];
        let before = g.position().clone();
        let ply = g.play_move(mv).expect("a legal move is played");
        if let Move::Path(p) = mv {
            // The mover's piece went from the start to the end; a swap put the other piece back.
            proptest::prop_assert_eq!(before.get(p.from()), Some(seat));
            proptest::prop_assert_eq!(g.position().get(p.to()), Some(seat));
            match ply.kind {
                Some(Kind::Swap) => proptest::prop_assert!(before.get(p.to()).is_some_and(|o| o != seat)),
                _ => proptest::prop_assert!(before.get(p.to()).is_none() && g.position().get(p.from()).is_none()),
            }
        } else {
            proptest::prop_assert_eq!(legal.len(), 1);
        }
        let now: usize = (0..players).map(|s| g.position().pieces(s).count()).sum();
        proptest::prop_assert_eq!(now, pieces, "pieces appeared or vanished");
    }
    let over = Game::over(&g).expect("over");
    if players == 2 {
        proptest::prop_assert!(!matches!(over.standing, Standing::Places(_)));
    }
    proptest::prop_assert!(g.places().iter().all(Option::is_some), "every seat is placed at the end");
    proptest::prop_assert!(Game::legal(&g, Game::to_move(&g)).is_empty());
    Ok(())
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 16, ..Default::default() })]
    #[test]
    fn random_games_never_make_an_illegal_move_and_always_end(
        seed in 0u64..1_000_000,
        count in 0usize..4,
        jump in 0usize..4,
        limit in 5u32..25,
        ten in proptest::bool::ANY,
    ) {
        let players = [2u8, 3, 4, 6][count];
        let jump = ["1", "2", "3", "mirror"][jump];
        let pieces = if ten { 10 } else { 6 };
        random_game(players, &format!("jump={jump} pieces={pieces} round-limit={limit}"), seed)?;
    }
}

// Records (§7) and their replay output (§8).

const EXAMPLE: &str = r#"[Format "jqr/1"]
[Variant "tiaoqi"]
[Rules "jump=2"]
[Seats "s:alice n:bob"]
[Teams "-"]
[First "s"]
[Date "2026.11.30"]
[Result "s>n"]

1. s:m3-l4 n:o15-p14 2. s:l2-j4-n4 n:resign
s>n
"#;

#[test]
fn the_spec_record_replays_to_the_spec_output() {
    let lines = record::replay_json(EXAMPLE);
    assert_eq!(
        lines,
        [
            r#"{"ply":1,"seat":"s","move":"m3-l4","outcome":"moved"}"#,
            r#"{"ply":2,"seat":"n","move":"o15-p14","outcome":"moved"}"#,
            r#"{"ply":3,"seat":"s","move":"l2-j4-n4","outcome":"jumped","hops":2}"#,
            r#"{"ply":4,"seat":"n","move":"resign","outcome":"resigned"}"#,
            r#"{"result":"ranked","places":{"s":1,"n":2},"teams":null,"reason":"resign"}"#,
        ]
    );
    // Through the contract's replayer too.
    defs();
    let mut steps = Vec::new();
    let r = replay::replay(EXAMPLE, &mut steps).expect("replays");
    assert_eq!(r.over.map(|o| o.standing), Some(Standing::Team(0)));
    assert_eq!(steps.len(), 4);
}

#[test]
fn bad_records_are_refused_as_the_spec_says() {
    let with = |from: &str, to: &str| EXAMPLE.replace(from, to);
    let parse = |text: &str| record::replay_json(text).last().unwrap().starts_with(r#"{"error":"parse""#);
    let error = |text: &str| record::replay_json(text).last().cloned().unwrap();
    assert!(parse(&with("jump=2", "jump=7")));
    assert!(parse(&with("jump=2", "colour=red")));
    assert!(parse(&with("s:alice n:bob", "s:alice ne:bob")));
    assert!(parse(&with("[First \"s\"]", "[First \"ne\"]")));
    assert!(parse(&with("[Teams \"-\"]", "[Teams \"s+n\"]")));
    assert!(parse(&with("n:resign\ns>n", "n:resign")));
    assert!(parse(&with("n:resign\ns>n", "n:resign\nn>s")));
    // A move that is not legal at its ply, a token naming no point, a move out of turn.
    assert_eq!(error(&with("l2-j4-n4", "l2-n6")), r#"{"ply":3,"error":"illegal_move"}"#);
    assert_eq!(error(&with("l2-j4-n4", "z2-j4")), r#"{"ply":3,"error":"illegal_move"}"#);
    assert_eq!(error(&with("n:o15-p14", "s:o3-p4")), r#"{"ply":2,"error":"illegal_move"}"#);
    assert_eq!(record::replay_json(&with("n:o15-p14", "s:o3-p4")).len(), 2, "ply 1, then the error");
    // Timeout only for the seat on turn (n is to move at ply 4).
    assert_eq!(error(&with("n:resign", "s:timeout")), r#"{"ply":4,"error":"illegal_move"}"#);
    assert!(record::replay_json(&with("n:resign", "n:timeout")).last().unwrap().contains(r#""reason":"timeout""#));
    // Draw for two players only; an agreed draw is not a ply.
    let draw = with("n:resign\ns>n", "draw\ns=n").replace("[Result \"s>n\"]", "[Result \"s=n\"]");
    assert_eq!(
        record::replay_json(&draw).last().unwrap(),
        r#"{"result":"ranked","places":{"s":1.5,"n":1.5},"teams":null,"reason":"agreed"}"#
    );
}

#[test]
fn written_records_replay_to_the_same_game() {
    for (players, options) in
        [(2u8, "jump=2"), (3, "pieces=10 round-limit=12"), (4, "round-limit=10"), (6, "teams=2x3 round-limit=8")]
    {
        let mut g = game(players, options);
        let mut rng = Rng::new(u64::from(players));
        let mut entries = Vec::new();
        let mut lines = Vec::new();
        let mut n = 0;
        while g.end().is_none() {
            n += 1;
            if players > 2 && n == 7 {
                let seat = (g.seat_to_move() + 1) % players;
                entries.push(record::leave_entry(&g, seat, Leave::Resign));
                Game::leave(&mut g, Seat(seat), Leave::Resign);
                lines.push(None);
                continue;
            }
            let legal = g.legal_moves();
            let ply = g.play_move(legal[rng.below(legal.len())]).expect("legal");
            entries.push(record::ply_entry(&g, &ply));
            lines.push(Some(record::ply_json(&g, &ply, n)));
        }
        let players_names: Vec<String> = (0..players).map(|i| format!("p{i}")).collect();
        let text = record::write(&g, &players_names, &entries, Some("2026.12.01"));
        let r = record::replay(&text).unwrap_or_else(|e| panic!("{}\n{text}", e.json()));
        assert_eq!(r.game.places(), g.places(), "{text}");
        assert_eq!(r.game.end(), g.end());
        for (i, l) in lines.iter().enumerate() {
            if let Some(l) = l {
                assert_eq!(&r.lines[i], l);
            }
        }
        let out = record::replay_json(&text);
        assert!(out.last().unwrap().starts_with(r#"{"result":"ranked""#), "{out:?}");
        if players >= 4 {
            assert!(!out.last().unwrap().contains(r#""teams":null"#), "{out:?}");
        }
    }
}

// The finer points of §6 and §10: finishing against unmoved spoilers, the end checks, leaving.

#[test]
fn a_player_finishes_against_pieces_that_never_moved() {
    // §10.1: n's piece on m17 never moved; s fills the rest of its target and has left home, its
    // sixth piece (m9) outside: s finishes though not all its pieces are in.
    let build = |unmoved: bool, home_piece: bool| {
        let mut g = game(2, "first=creator");
        let mut pos = Position { at: [None; POINTS], unmoved: [false; POINTS] };
        for p in ["l16", "n16", "k15", "m15", "n14", "m9"] {
            pos.at[pt(p) as usize] = Some(0);
        }
        if home_piece {
            pos.at[pt("m1") as usize] = Some(0);
        }
        pos.at[pt("m17") as usize] = Some(1);
        pos.unmoved[pt("m17") as usize] = unmoved;
        g.set_position(pos);
        g
    };
    let mut g = build(true, false);
    let ply = g.play_move(Game::parse_action(&g, Seat(0), "n14-o15").unwrap()).expect("legal");
    assert!(ply.finished);
    play(&mut g, "--");
    assert_eq!(g.end(), Some(End::Finished));
    assert_eq!(Game::over(&g).map(|o| o.standing), Some(Standing::Team(0)));
    // A spoiler that has moved does not count; nor does it for a player keeping a piece at home.
    for (unmoved, home) in [(false, false), (true, true)] {
        let mut g = build(unmoved, home);
        let ply = g.play_move(Game::parse_action(&g, Seat(0), "n14-o15").unwrap()).expect("legal");
        assert!(!ply.finished, "unmoved={unmoved} home={home}");
    }
}

#[test]
fn play_out_first_ends_with_the_round_of_the_first_finisher() {
    let mut g = with_pieces(3, "first=creator play-out=first", &[(0, "l14"), (1, "h8"), (2, "m9")]);
    play(&mut g, "l14-k15");
    play(&mut g, "h8-g7");
    play(&mut g, "m9-l8");
    assert_eq!(g.end(), Some(End::FirstFinished));
    assert_eq!(record::result_token(&g), "s>ne=nw");
    assert_eq!(Game::over(&g).map(|o| o.standing), Some(Standing::Places(vec![2, 5, 5])));
}

#[test]
fn the_round_limit_ranks_by_pieces_home_then_distance() {
    let mut g = with_pieces(3, "first=creator round-limit=1", &[(0, "l14"), (1, "h8"), (2, "m9")]);
    play(&mut g, "l14-k15");
    play(&mut g, "h8-g7");
    play(&mut g, "m9-n8");
    assert_eq!(g.end(), Some(End::RoundLimit));
    // s finished in the round; ne is 4 from a5, nw 7 from y5.
    assert_eq!(record::result_token(&g), "s>ne>nw");
    assert!(record::result_json(&g).ends_with(r#""reason":"round_limit"}"#));
}

#[test]
fn passes_only_without_a_move_and_a_round_of_passes_ends_the_game() {
    let start = game(2, "first=creator");
    assert_eq!(refusal(&start, "--"), Refusal::MustMove);
    let mut g = with_pieces(2, "first=creator", &[]);
    assert_eq!(tokens(&g), ["--"]);
    play(&mut g, "--");
    play(&mut g, "--");
    assert_eq!(g.end(), Some(End::AllStuck));
    assert_eq!(Game::over(&g).map(|o| o.standing), Some(Standing::Draw));
}

#[test]
fn no_parking_forbids_seated_players_homes_and_targets_only() {
    // Three players: sw's home is ne's target, so s may not stop on d6; with two, sw is unseated.
    let three = with_pieces(3, "no-parking=on", &[(0, "e7")]);
    assert_eq!(refusal(&three, "e7-d6"), Refusal::NoParking { at: pt("d6") });
    let two = with_pieces(2, "no-parking=on", &[(0, "e7")]);
    assert!(tokens(&two).contains(&"e7-d6".to_string()));
}

#[test]
fn leavers_take_the_lowest_places_and_the_race_goes_on() {
    let mut g = game(3, "first=creator");
    play(&mut g, "m3-l4");
    let left = Game::leave(&mut g, Seat(1), Leave::Resign);
    assert_eq!((left.out, left.end), (vec![Seat(1)], None));
    assert_eq!(g.places()[1], Some(6), "ne is third");
    assert_eq!(g.position().pieces(1).count(), 0, "its pieces leave the board");
    assert_eq!(Game::to_move(&g), Seat(2), "the turn moved on from the leaver");
    assert!(Game::leave(&mut g, Seat(0), Leave::Resign).end.is_none(), "s resigns out of turn");
    assert_eq!(g.places()[0], Some(4));
    let legal = g.legal_moves();
    g.play_move(legal[0]).expect("legal");
    assert_eq!(g.end(), Some(End::Finished));
    assert_eq!(record::result_token(&g), "nw>s>ne");
}

#[test]
fn team_score_all_home_names_the_winning_team() {
    // Four players (s, ne, n, sw; teams s+n, ne+sw): s and n both reach home in round 1.
    let pieces = [(0, "l14"), (1, "h8"), (2, "l4"), (3, "m9")];
    let mut g = with_pieces(4, "first=creator team-score=all-home", &pieces);
    for mv in ["l14-k15", "h8-g7", "l4-k3", "m9-n10"] {
        play(&mut g, mv);
    }
    assert_eq!(g.end(), Some(End::TeamDecided));
    assert_eq!(Game::over(&g).map(|o| o.standing), Some(Standing::Team(0)));
    let json = record::result_json(&g);
    assert!(json.contains(r#""winner":["s+n"],"reason":"team_decided""#), "{json}");
    assert!(json.contains(r#""teams":{"s+n":3,"ne+sw":7}"#), "{json}");
}

// The contract's writer: a game played through the lifecycle's items is written as 跳棋's own
// record (seats by side key, `Seats` in turn order, leaves as `<seat>:resign`), which replays to
// the same end; and the kind as a 3-player game sees it has that game's seats.

#[test]
fn the_contract_writes_a_three_player_record_that_replays() {
    use junqi_rules::contract::record::{SeatEventKind, Written, write_plain_items};
    let three = TIAOQI_KIND.for_seats(3);
    let keys: Vec<&str> = three.seating.seats.iter().map(|d| d.key).collect();
    assert_eq!(keys, ["s", "ne", "nw"]);
    assert_eq!(TIAOQI_KIND.for_seats(2).seating.seats.iter().map(|d| d.key).collect::<Vec<_>>(), ["s", "n"]);
    assert_eq!(
        TIAOQI_KIND.for_seats(4).seating.seats.iter().map(|d| d.key).collect::<Vec<_>>(),
        ["s", "ne", "n", "sw"]
    );
    let mut start = Start::new(3);
    start.options = "first=creator".into();
    let mut g = (TIAOQI.start)(&start).unwrap();
    let mut items = Vec::new();
    for t in ["m3-l4", "w13-u11", "b12-d10"] {
        let seat = g.to_move();
        items.push(Written::Action(g.play_text(seat, t).unwrap().token, None));
    }
    // North-west resigns off turn, North-east on turn: South is left racing.
    for seat in [Seat(2), Seat(1)] {
        g.leave(seat, junqi_rules::contract::Leave::Resign);
        items.push(Written::Seat(seat, SeatEventKind::Resign));
    }
    let players = ["alice".to_string(), "bob".to_string(), "carol".to_string()];
    let text = write_plain_items(&TIAOQI, &start, &players, &items, g.over().as_ref(), &Default::default());
    assert!(text.contains("[Seats \"s:alice ne:bob nw:carol\"]"), "{text}");
    assert!(text.contains("s:m3-l4") && text.contains("nw:resign") && text.contains("ne:resign"), "{text}");
    let replayed = record::replay(&text).unwrap_or_else(|e| panic!("{e:?}\n{text}"));
    assert_eq!(Game::over(&replayed.game), g.over(), "{text}");
}
