//! `sanjun30` in the catalogue: its kind, settings, setups in three languages, a game played
//! through the contract with each audience shown only its share, and a record that replays.

use junqi_rules::contract::record::{Envelope, write_plain};
use junqi_rules::contract::replay;
use junqi_rules::contract::{Audience, Face, Fact, Game, Lang, Leave, Secret, SetupError, Start, catalog};
use junqi_rules::game::EndReason;
use junqi_rules::options::Mode;
use junqi_rules::rng::Rng;
use junqi_rules::sanjun30::contract::{SANJUN30_KIND, Sanjun30Contract, describe};
use junqi_rules::sanjun30::kinds::SANJUN30;
use junqi_rules::sanjun30::{Sanjun30Game, Sanjun30Options, Setup30};
use junqi_rules::seat::Seat;

use super::{BLUE, RED};

#[test]
fn the_kind_answers_to_its_names() {
    for name in ["sanjun30", "海陆空三军战斗棋", "海陸空三軍戰鬥棋", "land-sea-air battle chess", " SANJUN30 "]
    {
        assert!(SANJUN30_KIND.is_named(name), "{name}");
    }
    assert!(!SANJUN30_KIND.is_named("sanjun") && !SANJUN30_KIND.is_named("陆海空三军棋"));
    // No catalogued kind answers to its names (the 35-piece game's are its own).
    for name in ["sanjun30", "海陆空三军战斗棋", "三军战斗棋"] {
        assert!(catalog::all().iter().all(|d| d.name() == "sanjun30" || !d.kind.is_named(name)), "{name}");
    }
    assert_eq!(
        (SANJUN30_KIND.art, SANJUN30_KIND.record_tag, SANJUN30_KIND.layouts),
        ("sanjun30", "sanjun30", "sanjun30")
    );
    assert_eq!((SANJUN30_KIND.settings)("dark", "quiet-limit=80 mines=spring").unwrap(), "mines=spring quiet-limit=80");
    assert!((SANJUN30_KIND.settings)("", "win=marshal").is_ok());
    assert!((SANJUN30_KIND.settings)("", "hq-exit=on").is_err(), "§11.11");
}

#[test]
fn setups_are_checked_with_every_broken_rule_in_the_players_language() {
    let validate = SANJUN30.validate_setup.unwrap();
    assert_eq!(
        validate(RED, "0mn3 9h 8c 26f g4 17i ebjk 5la / spr.qt / uv").unwrap(),
        "0mn39h8c26fg417iebjk5la / spr.qt / uv"
    );
    let Err(SetupError::Broken(errors)) = validate(BLUE, "lh2p 90 8c m6f g4 17i ebjk 52a / s3r.qt / .v") else {
        panic!("a broken setup")
    };
    assert!(errors.len() >= 8, "{errors:?}");
    assert_eq!(errors[0].en, "rule 1: the flag on k18 is not on a city gate", "Blue's points are the turned ones");
    assert_eq!(errors[0].get(Lang::ZhHant), "規則1：k18 上的軍旗不在城門");
    // Rule 5 (ours, issue 14): no mine in the front rows, listed with the others.
    let Err(SetupError::Broken(errors)) = validate(BLUE, "0mn3 9j 8c 26f g4 17i ebhk 5la / spr.qu / uv") else {
        panic!("a mine in the front rows")
    };
    assert_eq!(errors.len(), 4, "{errors:?}");
    assert_eq!(errors[0].en, "rule 5: the landmine on f19 stands in the front rows (the coastline)");
    assert_eq!(errors[0].get(Lang::ZhHans), "规则5：地雷不能放在前两排（海岸线），现在在 f19");
    assert_eq!(errors[1].get(Lang::ZhHant), "規則4：c17 上的戰鬥機不在它的區域");
    assert!(matches!(validate(RED, "abc"), Err(SetupError::Unreadable(_))));
    let mut rng = Rng::new(1);
    for _ in 0..200 {
        let s = (SANJUN30.random_setup.unwrap())(RED, &mut rng);
        assert_eq!(validate(BLUE, &s).as_deref(), Ok(s.as_str()));
    }
}

fn start(seed: u64, options: &str) -> Start {
    let mut rng = Rng::new(seed);
    let mut s = Start::new(2);
    s.options = options.into();
    s.setups = (0..2).map(|i| Secret::new((SANJUN30.random_setup.unwrap())(Seat(i), &mut rng))).collect();
    s
}

#[test]
fn the_contract_plays_and_shows_each_audience_only_its_share() {
    let s = start(7, "");
    let mut rng = Rng::new(8);
    let setups: Vec<Setup30> = s.setups.iter().map(|t| Setup30::parse(t.expose()).unwrap()).collect();
    let engine = Sanjun30Game::new(&setups[0], &setups[1], Sanjun30Options::default(), RED).unwrap();
    let mut g = Sanjun30Contract::new(engine, Mode::Dark);
    for _ in 0..400 {
        let seat = g.to_move();
        let legal = g.legal(seat);
        assert!(g.legal(Seat(1 - seat.0)).is_empty());
        let Some(&mv) = legal.get(rng.below(legal.len().max(1))) else { break };
        assert_eq!(g.parse_action(seat, &g.action_token(mv)).unwrap(), mv);
        let ply = g.play(seat, mv).unwrap();
        for f in g.public_ply(&ply, Audience::Public).facts {
            if let Fact::Combat { attacker, .. } = f {
                assert_eq!(matches!(attacker, Face::Known { .. }), ply.attacker_known);
            }
        }
        let pic = g.picture(Audience::Public, Some(&ply));
        for t in &pic.tokens {
            let known = g.game().piece_at(t.at).unwrap().known;
            assert_eq!(matches!(t.face, Face::Known { .. }), known || g.over().is_some());
        }
        let text = describe(&g.public_ply(&ply, Audience::Public), Lang::ZhHant);
        assert!(text.starts_with(&format!("第{}手", ply.ply)), "{text}");
        if g.over().is_some() {
            break;
        }
    }
    if g.over().is_none() {
        let left = g.leave(RED, Leave::Resign);
        assert_eq!(left.end.and_then(|o| o.winner()), Some(1));
        assert!(g.picture(Audience::Public, None).captions.result.is_some());
    }
}

#[test]
fn a_record_replays_to_the_same_end_and_names_commander_killed() {
    // Records find their game in the catalogue: register it as the referee will list it.
    catalog::register(&SANJUN30);
    // Play a seeded game under win=marshal until it ends.
    let s = start(3, "win=marshal quiet-limit=60");
    let mut g = (SANJUN30.start)(&s).unwrap();
    let mut rng = Rng::new(4);
    let mut tokens = Vec::new();
    while g.over().is_none() && tokens.len() < 3000 {
        let legal = g.legal_tokens(g.to_move());
        let t = legal[rng.below(legal.len())].clone();
        g.play_text(g.to_move(), &t).unwrap();
        tokens.push(t);
    }
    let over = g.over().expect("the game ended");
    let text = write_plain(&SANJUN30, &s, &["ann".into(), "bob".into()], &tokens, None, Some(&over));
    assert!(text.contains("[Variant \"sanjun30\"]") && text.contains("[RedSetup "), "{text}");
    assert!(Envelope::parse(&text).is_ok());
    let mut steps = Vec::new();
    let replayed = replay::replay(&text, &mut steps).unwrap();
    assert_eq!(steps.len(), tokens.len());
    assert_eq!(replayed.over.as_ref(), Some(&over));
    // A record of a game Blue began carries First "blue" (§11.16) and reads back.
    let mut blue_first = start(5, "");
    blue_first.first = BLUE;
    let text = write_plain(&SANJUN30, &blue_first, &["a".into(), "b".into()], &[], None, None);
    assert!(text.contains("[First \"blue\"]"), "{text}");
    // commander_killed has its wordings.
    // (Its 简体 wording stays within the font subset of the images: 司令阵亡.)
    assert_eq!(EndReason::CommanderKilled.words(), ("the commander-in-chief was killed", "司令阵亡"));
}
