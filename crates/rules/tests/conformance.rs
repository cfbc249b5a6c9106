//! The contract's conformance suite over every catalogued game, plus a throwaway toy game
//! catalogued from this side: a new game gets every check here by being in `catalog::all()`.
//!
//! One test binary that links only the rules crate, so it stays cheap to build and run.

mod conformance {
    pub mod suite;
    pub mod toy;
}

use std::collections::HashSet;

use conformance::suite::{self, Setting};
use conformance::toy::TOY;
use junqi_rules::contract::catalog::{self, GameDef};
use junqi_rules::contract::{Lang, Rematch, Secret, SetupStyle, to_traditional};
use junqi_rules::rng::Rng;
use junqi_rules::seat::Seat;

/// The catalogue and the toy.
fn every_game() -> Vec<&'static GameDef> {
    catalog::all().iter().copied().chain([&TOY]).collect()
}

fn every_setting() -> Vec<Setting> {
    every_game().into_iter().flat_map(Setting::all_of).collect()
}

#[test]
fn the_catalogue_holds_todays_games_under_unique_names() {
    let names: Vec<&str> = catalog::all().iter().map(|d| d.name()).collect();
    assert_eq!(
        names,
        [
            "junqi",
            "junqi4",
            "junqi4-duel",
            "junqi-flip",
            "draughts",
            "draughts10",
            "draughts12",
            "tiaoqi",
            "sanjun",
            "sanjun30",
            "haijun",
            "haijun21"
        ]
    );
    assert_eq!(catalog::find("陸海空").map(|d| d.name()), Some("sanjun"));
    assert_eq!(catalog::find("三军棋").map(|d| d.name()), Some("sanjun"));
    assert_eq!(catalog::find("海軍棋").map(|d| d.name()), Some("haijun"));
    assert_eq!(catalog::find("二十一世紀海軍棋").map(|d| d.name()), Some("haijun21"));
    assert_eq!(catalog::find("checkers").map(|d| d.name()), Some("draughts"));
    assert_eq!(catalog::find("國際跳棋").map(|d| d.name()), Some("draughts10"));
    assert_eq!(catalog::find("canadian").map(|d| d.name()), Some("draughts12"));
    assert_eq!(catalog::find("跳棋").map(|d| d.name()), Some("tiaoqi"));
    assert_eq!(catalog::find("翻棋").map(|d| d.name()), Some("junqi-flip"));
    assert_eq!(catalog::find("四國軍棋").map(|d| d.name()), Some("junqi4"));
    assert_eq!(catalog::find(" JUNQI4-duel ").map(|d| d.name()), Some("junqi4-duel"));
    assert_eq!(catalog::find("军棋").map(|d| d.name()), Some("junqi"));
    assert!(catalog::find("chess").is_none());
    let mut seen = HashSet::new();
    for def in every_game() {
        let k = def.kind;
        for n in std::iter::once(k.name).chain(k.aliases.iter().copied()) {
            assert!(seen.insert(n.to_lowercase()), "{n} names two games");
        }
    }
}

#[test]
fn every_kind_is_complete_and_speaks_three_languages() {
    for def in every_game() {
        let k = def.kind;
        let name = k.name;
        let mut words = vec![k.title];
        words.extend(k.seating.seats.iter().map(|s| s.name));
        words.extend(k.modes.iter().map(|m| m.name));
        for w in words {
            assert_eq!(w.zh_hant, to_traditional(w.zh_hans), "{name}: {}", w.en);
            assert!(!w.en.is_empty() && !w.zh_hans.is_empty(), "{name}");
        }
        assert!(!k.modes.is_empty() && !k.seating.counts.is_empty(), "{name}");
        let max = *k.seating.counts.iter().max().unwrap();
        assert!(usize::from(max) <= k.seating.seats.len(), "{name}: more players than seats");
        for (i, s) in k.seating.seats.iter().enumerate() {
            assert_eq!(k.seating.find(s.key), Some(Seat(i as u8)), "{name}: seat {}", s.key);
        }
        let expected = if max == 2 { Rematch::SwapSeats } else { Rematch::KeepSeats };
        assert_eq!(k.rematch, expected, "{name}: rematch policy");
        match k.setup {
            SetupStyle::Deploy => assert!(def.random_setup.is_some() && def.validate_setup.is_some(), "{name}"),
            SetupStyle::Deal => assert!(def.deal.is_some(), "{name}"),
            SetupStyle::None => {}
        }
        for m in k.modes {
            assert!((k.settings)(m.key, "").is_ok(), "{name}: mode {} refused", m.key);
        }
        assert!((k.settings)("no-such-mode", "").is_err(), "{name}");
        assert!((k.settings)("", "no-such-option=1").is_err(), "{name}");
        for l in Lang::ALL {
            assert!(!(k.describe_options)("", l).is_empty(), "{name}");
        }
        assert!(!k.art.is_empty() && !k.record_tag.is_empty(), "{name}");
    }
}

#[test]
fn every_point_a_picture_shows_has_one_place_on_the_grid() {
    for def in every_game() {
        let name = def.name();
        let places = (def.places)();
        let (mut points, mut spots, mut names) = (HashSet::new(), HashSet::new(), HashSet::new());
        for p in &places {
            assert!(points.insert(p.at), "{name}: {:?} placed twice", p.at);
            assert!(spots.insert((p.x, p.y)), "{name}: two points at ({}, {})", p.x, p.y);
            assert!(!p.name.is_empty() && names.insert(p.name.clone()), "{name}: point name '{}'", p.name);
        }
        for set in Setting::all_of(def) {
            let g = set.begin(&set.start(&mut Rng::new(3)), name);
            for t in g.picture_for(junqi_rules::contract::Audience::Everyone).tokens {
                assert!(points.contains(&t.at), "{name}: a token on {:?}, which has no place", t.at);
            }
        }
    }
}

#[test]
fn setups_and_deals_are_checked_and_normalised() {
    for def in every_game() {
        let name = def.name();
        if let (Some(random), Some(validate)) = (def.random_setup, def.validate_setup) {
            let mut rng = Rng::new(7);
            for seat in (0..def.kind.seating.counts[0]).map(Seat) {
                let setup = random(seat, &mut rng);
                assert_eq!(validate(seat, &setup).as_deref(), Ok(setup.as_str()), "{name}: normal form");
            }
            assert!(validate(Seat(0), "nonsense").is_err(), "{name}");
            assert!(validate(Seat(9), &random(Seat(0), &mut rng)).is_err(), "{name}: seat 9");
        }
        if let Some(deal) = def.deal {
            let a = deal(&Secret::new([1; 32]));
            let b = deal(&Secret::new([1; 32]));
            let c = deal(&Secret::new([2; 32]));
            assert_eq!(a.deal.expose(), b.deal.expose(), "{name}: a seed gives one deal");
            assert_eq!(a.commitment, b.commitment, "{name}");
            assert_ne!(a.commitment, c.commitment, "{name}");
        }
    }
}

#[test]
fn illegal_actions_change_nothing() {
    for set in every_setting() {
        for seed in 0..2 {
            suite::illegal_actions_change_nothing(set, seed, 40);
        }
    }
}

#[test]
fn hidden_identities_stay_hidden_from_who_may_not_know_them() {
    for def in every_game() {
        let mut compared = 0;
        for set in Setting::all_of(def) {
            // Short playouts leave more pieces untouched; long ones reach more situations.
            for (seed, plies) in [1, 2, 8, 30].into_iter().enumerate() {
                compared += suite::hidden_swaps_stay_hidden(set, seed as u64, plies, 8);
            }
        }
        println!("{}: {compared} hidden swaps compared", def.name());
        // A perfect-information game (no setup, only the open mode) hides nothing to swap; every
        // other game hides something, so the property must have been put to work.
        let open = def.kind.setup == SetupStyle::None && def.kind.modes.iter().all(|m| m.key == "open");
        if open {
            assert_eq!(compared, 0, "{}: a perfect-information game hid something", def.name());
        } else {
            assert!(compared >= 5, "{}: only {compared} hidden swaps could be compared", def.name());
        }
    }
}

#[test]
fn tokens_round_trip_and_replays_rebuild_the_game() {
    for set in every_setting() {
        for seed in 0..2 {
            suite::tokens_round_trip_and_replay(set, seed, 120);
        }
    }
}

#[test]
fn random_playouts_end_or_reach_the_cap_without_panics() {
    for def in every_game() {
        let mut ended = 0;
        for set in Setting::all_of(def) {
            for seed in 0..6 {
                ended += usize::from(suite::random_playout(set, seed, 600));
            }
        }
        assert!(ended > 0, "{}: no random playout ever ended", def.name());
    }
}

#[test]
fn describers_speak_every_language() {
    for set in every_setting() {
        suite::describers_speak_every_language(set, 3, 60);
    }
}
