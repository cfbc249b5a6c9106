//! The referee with the 4-player family (`rules-junqi4.md`): modes a variant does not offer are
//! refused and change nothing; records of 4-player games carry the seat tags and seat events and
//! replay; and per-viewer secrecy — for each viewer, games that differ only in what that viewer
//! may not see give that viewer byte-identical effects (messages, render requests) and images.

use std::sync::Arc;

use junqi_referee::referee::{
    Action, Command, DeploySource, Effect, GameMistake, ManualClock, Mistake, Referee, RefereeError,
};
use junqi_referee::render::{PictureOptions, picture_png};
use junqi_referee::rules::contract::{Audience, Face};
use junqi_referee::rules::record::Record;
use junqi_referee::rules::rng::Rng;
use junqi_referee::rules::{Seat, Setup, Variant};
use junqi_referee::store::{Durability, Store};

const PLAYERS: [&str; 4] = ["alice", "bob", "carol", "dave"];
/// One layout for every seat: the 司令 on e6 and nothing but officers on the a-file, so a 司令
/// coming round an arc walks down that file to the flag on b1 (as in transcript 30).
const LAYOUT: &str = "hggfa hbc hcdd gkk iiiee fljjj";

async fn referee(tag: &str) -> Referee {
    let db = crate::support::backend::fresh_db(&format!("j4-{tag}")).await;
    let store = Store::open(&db, Durability::Normal).await.unwrap();
    Referee::new(store, Arc::new(ManualClock::new(1_795_996_800)))
}

fn cmd(user: &str, request: &str, action: Action) -> Command {
    Command { user: user.into(), request: request.into(), server: String::new(), action }
}

fn challenge(variant: &str, mode: &str) -> Command {
    let action = Action::Challenge {
        opponent: None,
        variant: variant.into(),
        mode: mode.into(),
        rules: String::new(),
        time: "1d".into(),
    };
    cmd("alice", &format!("c-{variant}-{mode}"), action)
}

/// Plays commands in order, each with a fresh request id, and returns every effect.
struct Driver {
    r: Referee,
    n: usize,
}

impl Driver {
    async fn ok(&mut self, user: &str, action: Action) -> Vec<Effect> {
        self.n += 1;
        let a = format!("{action:?}");
        self.r.handle(cmd(user, &format!("r{}", self.n), action)).await.unwrap_or_else(|e| panic!("{user} {a}: {e}"))
    }

    /// Opens game 1 and seats the four players in seat order (S, E, N, W).
    async fn seat_all(&mut self, mode: &str) -> Vec<Effect> {
        let mut effects = self
            .ok(
                "alice",
                Action::Challenge {
                    opponent: None,
                    variant: "junqi4".into(),
                    mode: mode.into(),
                    rules: String::new(),
                    time: "1d".into(),
                },
            )
            .await;
        for (u, s) in [("bob", "e"), ("carol", "n"), ("dave", "w")] {
            effects.extend(self.ok(u, Action::Join { game: 1, seat: Some(s.into()) }).await);
        }
        effects
    }
}

#[tokio::test]
async fn modes_a_variant_does_not_offer_are_refused_and_change_nothing() {
    let r = referee("refuse").await;
    for (variant, mode) in [("junqi4", "reveal"), ("junqi4-duel", "partners"), ("junqi", "partners")] {
        match r.handle(challenge(variant, mode)).await {
            Err(RefereeError::Rejected { mistake, message }) => {
                assert!(message.contains(mode), "{variant}/{mode}: {message}");
                assert!(matches!(mistake, Mistake::Game(GameMistake::Settings(_))), "{variant}/{mode}: {mistake:?}");
            }
            other => panic!("{variant}/{mode}: {other:?}"),
        }
    }
    assert!(r.live_games().await.unwrap().is_empty());
    // The offered ones open games.
    for (variant, mode) in [("junqi", "dark"), ("junqi4", "partners"), ("junqi4-duel", "reveal")] {
        assert!(r.handle(challenge(variant, mode)).await.is_ok(), "{variant}/{mode}");
    }
    assert_eq!(r.live_games().await.unwrap().len(), 3);
}

#[tokio::test]
async fn a_finished_four_player_game_exports_its_seats_setups_and_events() {
    let mut d = Driver { r: referee("record").await, n: 0 };
    d.seat_all("dark").await;
    for u in PLAYERS {
        d.ok(u, Action::Deploy(1, DeploySource::Text(LAYOUT.into()))).await;
    }
    // South attacks East down its a-file; East shuffles; North waits; West resigns in round 2.
    let south = ["S.e6-E.a6", "E.a6-E.a5", "E.a5-E.a4"];
    let east = ["E.c6-C.e", "C.e-E.c6", "E.c6-C.e"];
    d.ok("alice", Action::Move(1, south[0].into())).await;
    d.ok("bob", Action::Move(1, east[0].into())).await;
    d.ok("carol", Action::Move(1, "N.c6-C.n".into())).await;
    d.ok("dave", Action::Move(1, "W.c6-C.w".into())).await;
    // Mid-game the record is public: no setups, outcome marks on combats.
    let mid = d.r.record(1).await.unwrap();
    assert!(mid.contains("[SouthSetup \"?\"]") && mid.contains("{x}"), "{mid}");
    let public = Record::parse(&mid).unwrap().replay().unwrap();
    assert_eq!(public.over, None);
    d.ok("dave", Action::Resign(1)).await;
    for i in 1..3 {
        d.ok("alice", Action::Move(1, south[i].into())).await;
        d.ok("bob", Action::Move(1, east[i].into())).await;
        let carol = if i == 1 { "C.n-N.c6" } else { "N.c6-C.n" };
        d.ok("carol", Action::Move(1, carol.into())).await;
    }
    let effects = d.ok("bob", Action::Resign(1)).await;
    let texts: Vec<&str> = effects
        .iter()
        .filter_map(|e| match e {
            Effect::Public { text, .. } => Some(text.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(texts[0], "Game #1: East (bob) is out — resignation. Their pieces leave the board.");
    assert_eq!(texts[1], "Game #1 is over: South (alice) and North (carol) win — resignation.");
    let text = d.r.record(1).await.unwrap();
    for tag in [
        "[Variant \"junqi4\"]",
        "[South \"alice\"]",
        "[East \"bob\"]",
        "[North \"carol\"]",
        "[West \"dave\"]",
        "[Result \"1-0\"]",
    ] {
        assert!(text.contains(tag), "{tag} missing:\n{text}");
    }
    assert!(text.contains(&format!("[WestSetup \"{}\"]", LAYOUT.replace(' ', ""))), "{text}");
    assert!(text.contains("W:resign") && text.contains("E:resign"), "{text}");
    let record = Record::parse(&text).unwrap();
    let replay = record.replay().unwrap();
    let over = replay.over.expect("the record ends the game");
    assert_eq!(over.winner, Some(0), "team SN");
    // The record reads back to the same text.
    assert_eq!(record.to_text(), text);
    let row = d.r.game_row(1).await.unwrap().unwrap();
    assert_eq!(row.result.as_deref(), Some("sn_wins:resign"));
}

/// What one user receives: every public effect and timer, their own private messages and image
/// requests; with the PNG of their view at the end.
async fn seen_by(r: &Referee, effects: &[Effect], user: &str) -> Vec<String> {
    let mut out: Vec<String> = effects
        .iter()
        .filter(|e| match e {
            Effect::Private { user: u, .. } => u == user,
            Effect::Render { for_user: Some(u), .. } => u == user,
            _ => true,
        })
        .map(|e| serde_json::to_string(e).unwrap())
        .collect();
    let (picture, kind) = r.picture(1, Some(user)).await.unwrap().unwrap();
    let png = picture_png(&picture, kind, &PictureOptions::default()).unwrap();
    out.push(format!("{picture:?}"));
    out.push(format!("png {} bytes, {:x}", png.len(), png.iter().fold(0u64, |h, &b| h.rotate_left(5) ^ u64::from(b))));
    out
}

/// One game: the four seats with the given layouts, quiet moves round the centre, a draw offer,
/// then West resigns. Returns every effect.
async fn play(tag: &str, mode: &str, layouts: &[String; 4]) -> (Referee, Vec<Effect>) {
    let mut d = Driver { r: referee(tag).await, n: 0 };
    let mut all = d.seat_all(mode).await;
    for (u, l) in PLAYERS.iter().zip(layouts) {
        all.extend(d.ok(u, Action::Deploy(1, DeploySource::Text(l.clone()))).await);
    }
    // Every front-centre piece is an officer or an engineer in any legal layout, so these moves
    // are legal whatever the hidden layouts are.
    for (u, mv) in PLAYERS.iter().zip(["c6-C.s", "c6-C.e", "c6-C.n", "c6-C.w"]) {
        all.extend(d.ok(u, Action::Move(1, mv.into())).await);
    }
    all.extend(d.ok("bob", Action::OfferDraw(1)).await);
    all.extend(d.ok("alice", Action::Move(1, "C.s-S.c6".into())).await);
    all.extend(d.ok("dave", Action::Resign(1)).await);
    all.extend(d.ok("bob", Action::Move(1, "C.e-E.c6".into())).await);
    (d.r, all)
}

fn random_layout(seed: u64) -> String {
    let v = Variant::junqi4();
    Setup::random(v, &mut Rng::new(seed)).to_code_string(v)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_viewer_gets_identical_effects_and_images_whatever_they_may_not_see() {
    for mode in ["dark", "partners"] {
        for (viewer, user) in PLAYERS.iter().enumerate() {
            let seat = Seat(viewer as u8);
            // Layouts the viewer may know stay; the others differ between the two games.
            let knows = |s: usize| s == viewer || (mode == "partners" && s % 2 == viewer % 2);
            let a: [String; 4] = std::array::from_fn(|s| random_layout(100 + s as u64));
            let b: [String; 4] =
                std::array::from_fn(|s| if knows(s) { a[s].clone() } else { random_layout(900 + s as u64) });
            assert_ne!(a, b);
            let (ra, ea) = play(&format!("sa-{mode}-{viewer}"), mode, &a).await;
            let (rb, eb) = play(&format!("sb-{mode}-{viewer}"), mode, &b).await;
            assert_eq!(seen_by(&ra, &ea, user).await, seen_by(&rb, &eb, user).await, "{mode}, viewer {user}");
            // The spectator's too.
            assert_eq!(seen_by(&ra, &ea, "nobody").await, seen_by(&rb, &eb, "nobody").await, "{mode}, spectator");
            // And the games did differ for someone who may see more.
            let other = PLAYERS[(viewer + 1) % 4];
            assert_ne!(seen_by(&ra, &ea, other).await, seen_by(&rb, &eb, other).await, "{mode}, {other}");
            // The private image shows the viewer's own army, and the partner's in partners mode.
            let (picture, _) = ra.picture(1, Some(user)).await.unwrap().unwrap();
            assert_eq!(picture.audience(), Audience::Seat(seat));
            for t in &picture.tokens {
                let owner = match t.face {
                    Face::Known { owner, .. } | Face::Hidden { owner } | Face::Under { owner, .. } => owner,
                    Face::Down => panic!("no face-down pieces in 四国军棋"),
                };
                let sees = owner == seat || (mode == "partners" && owner.0 % 2 == seat.0 % 2);
                assert_eq!(t.face.tells_kind(), sees, "{mode}, viewer {user}, piece of {owner:?}");
            }
        }
    }
}

#[tokio::test]
async fn a_team_with_a_seat_not_deployed_in_time_loses_it() {
    let db = crate::support::backend::fresh_db("j4-deploy").await;
    let clock = ManualClock::new(1_795_996_800);
    let r = Referee::new(Store::open(&db, Durability::Normal).await.unwrap(), Arc::new(clock.clone()));
    let mut d = Driver { r, n: 0 };
    let seated = d.seat_all("dark").await;
    assert!(seated.contains(&Effect::TimerSet { game: 1, at: 1_795_996_800 + 86_400 }), "one move's time to deploy");
    // South and North (one team) deploy, East too; West never does.
    for u in ["alice", "carol", "bob"] {
        d.ok(u, Action::Deploy(1, DeploySource::Text(LAYOUT.into()))).await;
    }
    clock.advance(86_400);
    let over = d.r.tick().await.unwrap();
    let public: Vec<&str> = over
        .iter()
        .filter_map(|e| match e {
            Effect::Public { text, .. } => Some(text.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(public[0], "Game #1 is over: South (alice) and North (carol) win — time ran out.", "{public:?}");
    assert!(public[1].starts_with("Deployments of game #1 — South: ") && !public[1].contains("West"), "{public:?}");
    assert_eq!(d.r.game_row(1).await.unwrap().unwrap().status, "finished");
}
