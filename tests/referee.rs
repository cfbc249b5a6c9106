//! Referee behaviour that transcripts do not show well: racing commands, parallel games, secrecy
//! of deployments in every effect, and a corrupted database row.

use std::sync::Arc;

use junqi_referee::referee::{
    Action, Clock, Command, DeploySource, Effect, GameMistake, Locale, ManualClock, Mistake, Referee, RefereeError,
};
use junqi_referee::rules::PieceKind;
use junqi_referee::rules::contract::{Face, Picture};
use junqi_referee::store::{self, Durability, Store};

/// The board as `user` may see it (`None`: the public board): the referee's picture of the game.
async fn pic(r: &Referee, game: i64, user: Option<&str>) -> Picture {
    r.picture(game, user).await.unwrap().unwrap().0
}

/// The side of each piece on a picture, with its kind where the picture tells it.
fn pieces(p: &Picture) -> Vec<(Option<Seat>, Option<PieceKind>)> {
    p.tokens
        .iter()
        .map(|t| match t.face {
            Face::Known { owner, kind } | Face::Under { owner, kind } => (Some(owner), Some(kind)),
            Face::Hidden { owner } => (Some(owner), None),
            Face::Down => (None, None),
        })
        .collect()
}

const RED: &str = "ghahg fbf ccdd eke ikigh jljij";
const BLUE: &str = "ghhgf eie ddcc kik jghfj jliba";
const RED_CODE: &str = "ghahgfbfccddekeikighjljij";
const BLUE_CODE: &str = "ghhgfeieddcckikjghfjjliba";

async fn referee(tag: &str) -> (Referee, std::path::PathBuf) {
    referee_with(tag, Arc::new(ManualClock::new(1_795_996_800))).await
}

async fn referee_with(tag: &str, clock: Arc<dyn Clock>) -> (Referee, std::path::PathBuf) {
    let db = crate::support::backend::fresh_db(tag).await;
    let store = Store::open(&db, Durability::Normal).await.unwrap();
    (Referee::new(store, clock), db)
}

/// A clock stopped at one second whose entropy is the operating system's (the trait's default),
/// so every id and time is the same from run to run and only the hidden choices may differ.
struct StoppedClock(i64);

impl Clock for StoppedClock {
    fn now(&self) -> i64 {
        self.0
    }
}

const NOW: i64 = 1_795_996_800;

fn cmd(user: &str, request: &str, action: Action) -> Command {
    Command { user: user.into(), request: request.into(), server: String::new(), action }
}

async fn start_game(r: &Referee, g: i64) -> Vec<Effect> {
    let mut all = Vec::new();
    let challenge = Action::Challenge {
        opponent: Some("bob".into()),
        variant: "junqi".into(),
        mode: "dark".into(),
        rules: String::new(),
        time: "1d".into(),
    };
    all.extend(r.handle(cmd("alice", &format!("c{g}"), challenge)).await.unwrap());
    all.extend(r.handle(cmd("bob", &format!("a{g}"), Action::Accept(g))).await.unwrap());
    all.extend(
        r.handle(cmd("alice", &format!("r{g}"), Action::Deploy(g, DeploySource::Text(RED.into())))).await.unwrap(),
    );
    all.extend(
        r.handle(cmd("bob", &format!("b{g}"), Action::Deploy(g, DeploySource::Text(BLUE.into())))).await.unwrap(),
    );
    all
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn racing_moves_for_one_turn_apply_exactly_one() {
    let (r, _db) = referee("race").await;
    let r = Arc::new(r);
    for g in 1..=20 {
        start_game(&r, g).await;
    }
    // In every game, two different moves race for Red's first turn; games run in parallel.
    let mut tasks = Vec::new();
    for g in 1..=20i64 {
        for (i, mv) in ["c6-c7", "a6-a7"].into_iter().enumerate() {
            let r = r.clone();
            tasks.push(tokio::spawn(async move {
                r.handle(cmd("alice", &format!("m{g}-{i}"), Action::Move(g, mv.into()))).await
            }));
        }
    }
    let mut ok = 0;
    let mut refused = 0;
    for t in tasks {
        match t.await.unwrap() {
            Ok(_) => ok += 1,
            Err(RefereeError::Rejected { mistake: Mistake::NotYourTurn(_), .. }) => refused += 1,
            Err(e) => panic!("unexpected error: {e}"),
        }
    }
    assert_eq!((ok, refused), (20, 20));
    let mut c = r.store().conn().await.unwrap();
    for g in 1..=20 {
        assert_eq!(store::events_of(&mut c, g).await.unwrap().len(), 1, "game {g}");
    }
    // The lock slots outlive the race only as caches of games in play.
    assert_eq!(r.cached_games(), 20);
}

#[tokio::test]
async fn deployments_reach_only_their_owner_until_the_end() {
    let (r, _db) = referee("secret").await;
    let mut effects = start_game(&r, 1).await;
    effects.extend(r.handle(cmd("alice", "m1", Action::Move(1, "c6-c7".into()))).await.unwrap());
    effects.extend(r.handle(cmd("carol", "s1", Action::Show(1))).await.unwrap());
    for e in &effects {
        let text = match e {
            Effect::Public { text, .. } => text.replace(' ', ""),
            Effect::Private { user, text, .. } => {
                let t = text.replace(' ', "");
                assert!(user == "alice" || !t.contains(RED_CODE), "Red's layout sent to {user}");
                assert!(user == "bob" || !t.contains(BLUE_CODE), "Blue's layout sent to {user}");
                continue;
            }
            _ => continue,
        };
        assert!(!text.contains(RED_CODE) && !text.contains(BLUE_CODE), "a layout in public: {text}");
    }
    // The spectator view and the opponent's view show no hidden identity.
    let spectator = pic(&r, 1, Some("carol")).await;
    assert!(pieces(&spectator).iter().all(|(_, k)| k.is_none()));
    let bob = pic(&r, 1, Some("bob")).await;
    assert!(pieces(&bob).iter().filter(|(s, _)| *s == Some(Seat(0))).all(|(_, k)| k.is_none()));
    assert!(pieces(&bob).iter().filter(|(s, _)| *s == Some(Seat(1))).all(|(_, k)| k.is_some()));
    // After the end, everything is public.
    let end = r.handle(cmd("bob", "x", Action::Resign(1))).await.unwrap();
    assert!(end.iter().any(|e| matches!(e, Effect::Public { text, .. } if text.replace(' ', "").contains(RED_CODE))));
    let spectator = pic(&r, 1, None).await;
    assert!(pieces(&spectator).iter().all(|(_, k)| k.is_some()));
}

#[tokio::test]
async fn a_corrupted_row_is_reported_and_changes_nothing() {
    let (r, db) = referee("corrupt").await;
    start_game(&r, 1).await;
    r.handle(cmd("alice", "m1", Action::Move(1, "c6-c7".into()))).await.unwrap();
    r.store().close().await;
    // Someone edits the database by hand: the stored deployment is no longer legal.
    {
        let s = Store::open(&db, Durability::Normal).await.unwrap();
        let mut c = s.conn().await.unwrap();
        store::deployment_put(
            &mut c,
            &store::DeploymentRow { game_id: 1, seat: 1, user_id: "bob".into(), setup: "zzz".into() },
        )
        .await
        .unwrap();
        drop(c);
        s.close().await;
    }
    let store = Store::open(&db, Durability::Normal).await.unwrap();
    let r = Referee::new(store, Arc::new(ManualClock::new(1_795_996_800)));
    let err = r.handle(cmd("bob", "m2", Action::Move(1, "b7-b8".into()))).await.unwrap_err();
    assert!(matches!(err, RefereeError::Store(store::StoreError::Corrupt { table: "deployments", .. })), "{err}");
    assert!(err.to_string().contains("corrupted row in deployments"));
    assert!(err.message(Locale::En).starts_with("A stored record is damaged (deployments 1"));
    assert!(err.message(Locale::ZhHans).starts_with("数据库中的记录已损坏"));
    let mut c = r.store().conn().await.unwrap();
    assert_eq!(store::events_of(&mut c, 1).await.unwrap().len(), 1);
    assert_eq!(store::request_get(&mut c, "bob", "m2").await.unwrap(), None);
}

#[tokio::test]
async fn records_are_public_while_playing_and_complete_after() {
    use junqi_referee::rules::record::Record;
    let (r, _db) = referee("record").await;
    start_game(&r, 1).await;
    r.handle(cmd("alice", "m1", Action::Move(1, "c6-c7".into()))).await.unwrap();
    r.handle(cmd("bob", "m2", Action::Move(1, "b7-b8".into()))).await.unwrap();
    let public = r.record(1).await.unwrap();
    assert!(public.contains("[RedSetup \"?\"]") && public.contains("1. c6-c7 {x} b7-b8"), "{public}");
    assert!(!public.contains(RED_CODE) && !public.contains(BLUE_CODE));
    r.handle(cmd("alice", "x", Action::Resign(1))).await.unwrap();
    let full = r.record(1).await.unwrap();
    let parsed = Record::parse(&full).unwrap();
    assert_eq!(parsed.tag("RedSetup"), Some(RED_CODE));
    let replay = parsed.replay().unwrap();
    assert_eq!(replay.over.map(|o| o.winner), Some(Some(1)));
    assert!(full.ends_with("resign\n0-1\n"), "{full}");
}

#[tokio::test]
async fn a_damaged_game_does_not_block_other_deadlines() {
    let db = crate::support::backend::fresh_db("deadlines").await;
    let clock = ManualClock::new(1_795_996_800);
    let store = Store::open(&db, Durability::Normal).await.unwrap();
    let r = Referee::new(store, Arc::new(clock.clone()));
    start_game(&r, 1).await;
    start_game(&r, 2).await;
    let mut c = r.store().conn().await.unwrap();
    store::deployment_put(
        &mut c,
        &store::DeploymentRow { game_id: 1, seat: 0, user_id: "alice".into(), setup: "?".into() },
    )
    .await
    .unwrap();
    drop(c);
    r.store().close().await;
    // Restarted after the damage (a running referee would still hold the game in memory).
    clock.advance(2 * 86_400);
    let store = Store::open(&db, Durability::Normal).await.unwrap();
    let (r, effects) = Referee::start(store, Arc::new(clock.clone())).await.unwrap();
    // Game 1 is damaged: its timer is dropped; game 2 times out normally.
    assert!(effects.iter().any(|e| matches!(e, Effect::Public { text, .. } if text.contains("Game #2 is over"))));
    let mut c = r.store().conn().await.unwrap();
    assert_eq!(store::deadline_get(&mut c, 1).await.unwrap(), None);
    assert_eq!(store::game_get(&mut c, 1).await.unwrap().unwrap().status, "playing");
}

#[tokio::test]
async fn random_deployments_come_from_os_entropy_not_from_ids_or_times() {
    use junqi_referee::rules::rng::Rng;
    use junqi_referee::rules::{Setup, Variant};
    let (r, _db) = referee_with("entropy-deploy", Arc::new(StoppedClock(NOW))).await;
    let challenge = Action::Challenge {
        opponent: Some("bob".into()),
        variant: "junqi".into(),
        mode: "dark".into(),
        rules: String::new(),
        time: "1d".into(),
    };
    r.handle(cmd("alice", "c", challenge)).await.unwrap();
    r.handle(cmd("bob", "a", Action::Accept(1))).await.unwrap();
    // The same game, seat and second, twice: two different layouts.
    r.handle(cmd("alice", "r1", Action::Deploy(1, DeploySource::Random))).await.unwrap();
    let first = r.last_layout("alice", Some(1)).await.unwrap().unwrap();
    r.handle(cmd("alice", "r2", Action::Deploy(1, DeploySource::Random))).await.unwrap();
    let second = r.last_layout("alice", Some(1)).await.unwrap().unwrap();
    assert_ne!(first, second, "two random deployments in the same second are drawn afresh");
    r.handle(cmd("bob", "b1", Action::Deploy(1, DeploySource::Random))).await.unwrap();
    let bob = r.last_layout("bob", Some(1)).await.unwrap().unwrap();
    // None of them is the layout of a seed an opponent could compute from the game id, the seat
    // and the time (the old seed was game·φ ^ seat ^ rotl(second, 17)); a whole minute around.
    let v = Variant::junqi();
    for t in NOW - 60..=NOW + 60 {
        for game in 0..=2u64 {
            for seat in 0..=1u64 {
                let seeds = [
                    game.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ seat ^ (t as u64).rotate_left(17),
                    game ^ t as u64,
                    (game << 20) ^ t as u64 ^ seat,
                ];
                for seed in seeds {
                    let guess = Setup::random(v, &mut Rng::new(seed)).to_code_string(v);
                    assert!(![&first, &second, &bob].contains(&&guess), "layout computable from seed {seed}");
                }
            }
        }
    }
}

#[tokio::test]
async fn who_plays_first_under_first_random_is_not_a_function_of_ids_and_times() {
    // Sixteen referees, each with game #1 started at the same second by the same commands: under
    // the old seed (game ^ time) every one chose the same seat; from OS entropy both seats come up
    // (all sixteen alike has probability 2^-15).
    let mut firsts = Vec::new();
    for i in 0..16 {
        let (r, _db) = referee_with(&format!("entropy-first-{i}"), Arc::new(StoppedClock(NOW))).await;
        let challenge = Action::Challenge {
            opponent: Some("bob".into()),
            variant: "junqi".into(),
            mode: "dark".into(),
            rules: "first=random".into(),
            time: "1d".into(),
        };
        r.handle(cmd("alice", "c", challenge)).await.unwrap();
        r.handle(cmd("bob", "a", Action::Accept(1))).await.unwrap();
        r.handle(cmd("alice", "r", Action::Deploy(1, DeploySource::Text(RED.into())))).await.unwrap();
        r.handle(cmd("bob", "b", Action::Deploy(1, DeploySource::Text(BLUE.into())))).await.unwrap();
        firsts.push(r.game_row(1).await.unwrap().unwrap().first_seat);
        r.store().close().await;
    }
    assert!(firsts.contains(&0) && firsts.contains(&1), "{firsts:?}");
}

#[tokio::test]
async fn a_time_control_out_of_range_is_refused_and_nothing_is_stored() {
    let (r, _db) = referee("huge-time").await;
    // Every family's challenge, and a tournament's round length: `999999999999999d` overflowed
    // an i64 when scaled to seconds; now it is too long, said with the longest there is.
    for (i, variant) in ["junqi", "junqi4", "junqi-flip"].into_iter().enumerate() {
        let challenge = Action::Challenge {
            opponent: None,
            variant: variant.into(),
            mode: "dark".into(),
            rules: String::new(),
            time: "999999999999999d".into(),
        };
        let err = r.handle(cmd("alice", &format!("huge{i}"), challenge)).await.unwrap_err();
        let RefereeError::Rejected { mistake, message } = &err else { panic!("{variant}: {err}") };
        assert_eq!(*mistake, Mistake::TimeTooLong("999999999999999d".into()), "{variant}");
        assert_eq!(message, "Time control '999999999999999d' is too long; the longest is 30 days (30d).");
        assert_eq!(mistake.render(Locale::ZhHans), "限时“999999999999999d”太长；最长为30天（30d）。");
        assert_eq!(mistake.render(Locale::ZhHant), "限時“999999999999999d”太長；最長為30天（30d）。");
    }
    let too_short = Action::Challenge {
        opponent: None,
        variant: "junqi".into(),
        mode: "dark".into(),
        rules: String::new(),
        time: "5s".into(),
    };
    let err = r.handle(cmd("alice", "short", too_short)).await.unwrap_err();
    let RefereeError::Rejected { message, .. } = &err else { panic!("{err}") };
    assert_eq!(message, "Time control '5s' is too short; the shortest is 10 seconds (10s).");
    let tournament = junqi_referee::referee::tournament::parse_local(&[
        "create",
        "Open",
        "format=swiss",
        "rounds=3",
        "round-time=99999999999999999999999h",
    ])
    .unwrap();
    let err = r.handle(cmd("alice", "t", tournament)).await.unwrap_err();
    assert!(
        matches!(&err, RefereeError::Rejected { mistake: Mistake::TimeTooLong(t), .. } if t == "99999999999999999999999h"),
        "{err}"
    );
    // Nothing was stored: no game, no request id (so the same request may be sent again, fixed).
    let mut c = r.store().conn().await.unwrap();
    assert!(store::games_live(&mut c).await.unwrap().is_empty());
    assert_eq!(r.game_row(1).await.unwrap(), None);
    for req in ["huge0", "huge1", "huge2", "short", "t"] {
        assert_eq!(store::request_get(&mut c, "alice", req).await.unwrap(), None, "{req}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lock_slots_of_finished_and_idle_games_are_evicted() {
    let clock = Arc::new(ManualClock::new(NOW));
    let (r, _db) = referee_with("evict", clock.clone()).await;
    let r = Arc::new(r);
    for g in 1..=12 {
        start_game(&r, g).await;
    }
    // Games in play keep their slot (their cached position); a challenge keeps none.
    assert_eq!(r.cached_games(), 12);
    let open = Action::Challenge {
        opponent: None,
        variant: "junqi".into(),
        mode: "dark".into(),
        rules: String::new(),
        time: "1d".into(),
    };
    r.handle(cmd("carol", "open", open)).await.unwrap();
    r.handle(cmd("dave", "show13", Action::Show(13))).await.unwrap();
    assert_eq!(r.cached_games(), 12);
    // Games 1–8 end while the others are played, in parallel and with racing duplicates: each
    // command still applies once, and no slot of a finished game stays.
    let mut tasks = Vec::new();
    for g in 1..=12i64 {
        for i in 0..2 {
            let r = r.clone();
            let (user, request, action) = if g <= 8 {
                ("bob", format!("resign{g}"), Action::Resign(g))
            } else {
                ("alice", format!("m{g}-{i}"), Action::Move(g, "c6-c7".into()))
            };
            tasks.push(tokio::spawn(async move {
                let views = [r.picture(g, Some(user)).await.is_ok(), r.record(g).await.is_ok()];
                (r.handle(cmd(user, &request, action)).await, views)
            }));
        }
    }
    let mut refused = 0;
    for t in tasks {
        let (result, views) = t.await.unwrap();
        assert_eq!(views, [true, true]);
        match result {
            Ok(_) => {}
            Err(RefereeError::Rejected { mistake: Mistake::NotYourTurn(_), .. }) => refused += 1,
            Err(e) => panic!("unexpected error: {e}"),
        }
    }
    // The resignations raced with themselves (same request id: applied once); the moves with
    // another request each (the second is not Red's turn).
    assert_eq!(refused, 4);
    let mut c = r.store().conn().await.unwrap();
    for g in 1..=12 {
        assert_eq!(store::events_of(&mut c, g).await.unwrap().len(), 1, "game {g}");
    }
    assert_eq!(r.cached_games(), 4);
    // Views of finished games rebuild them and let them go again.
    for g in 1..=8 {
        assert!(r.turn_status(g).await.unwrap().unwrap().over);
    }
    assert_eq!(r.cached_games(), 4);
    // The four games in play are dropped once idle for over an hour (and rebuilt when needed).
    clock.advance(3601);
    r.tick().await.unwrap();
    assert_eq!(r.cached_games(), 0);
    r.handle(cmd("bob", "late9", Action::Move(9, "b7-b8".into()))).await.unwrap();
    assert_eq!(r.cached_games(), 1);
}

/// Issue 13 item 7: a database written by the main of commit 3771921 (before any schema change of
/// issue 13) opens with today's code, its migrations apply, and every live game goes on. The
/// fixture and how it was made: tests/data/README-fixtures.md.
#[tokio::test]
async fn a_database_written_by_main_3771921_opens_and_its_games_go_on() {
    use junqi_referee::rules::flip_record::FlipRecord;
    use junqi_referee::rules::record::Record;
    use junqi_referee::rules::{EndReason, GameOver};

    // The fixture's clock stopped at T0 + 480 s (T0 = the transcripts' 2026-11-02 00:00 UTC).
    const T0: i64 = 1_793_577_600;
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/fixture-main-3771921.sqlite");
    let dir = std::env::temp_dir().join(format!("junqi-fixture-3771921-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("fixture.sqlite");
    std::fs::copy(data, &db).unwrap();
    let clock = ManualClock::new(T0 + 480);
    let store = Store::open(&db, Durability::Normal).await.unwrap();
    let (r, effects) = Referee::start(store, Arc::new(clock.clone())).await.unwrap();
    assert_eq!(effects, vec![], "nothing was due when the fixture was written");
    let ok = |user: &str, req: &str, action: Action| r.handle(cmd(user, req, action));
    let mv = |g: i64, text: &str| Action::Move(g, text.into());
    let public = |effects: &[Effect]| -> String {
        effects
            .iter()
            .filter_map(|e| match e {
                Effect::Public { text, .. } => Some(text.as_str()),
                _ => None,
            })
            .collect::<Vec<_>>()
            .join("\n")
    };

    // Every migration of today's main applied on top of the fixture's five.
    {
        let mut c = r.store().conn().await.unwrap();
        let applied: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM _sqlx_migrations WHERE success").fetch_one(&mut *c).await.unwrap();
        let files = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/migrations/sqlite"))
            .unwrap()
            .filter(|e| e.as_ref().unwrap().path().extension().is_some_and(|x| x == "sql"))
            .count();
        assert!(files >= 6, "{files}");
        assert_eq!(applied, files as i64);

        // Settings, vacations, layouts and marks survive.
        let server = store::server_get(&mut c, "").await.unwrap();
        assert_eq!((server.locale.as_str(), server.vacation_days, server.challenge_ttl), ("zh-CN", 10, 7200));
        let frank = store::user_get(&mut c, "frank").await.unwrap();
        assert_eq!((frank.vacation_since, frank.vacation_until), (Some(T0 + 420), Some(T0 + 420 + 10 * 86_400)));
        assert_eq!(frank.vacation_month, "2026-11");
    }
    assert_eq!(r.locale_for("erin", "").await.unwrap(), Locale::En);
    assert_eq!(r.locale_for("dave", "").await.unwrap(), Locale::ZhHant);
    assert_eq!(r.locale_for("carol", "").await.unwrap(), Locale::ZhHans);
    assert_eq!(r.layout_names("carol", None).await.unwrap(), vec!["wall".to_string()]);
    assert_eq!(r.layout("carol", None, "wall").await.unwrap().as_deref(), Some(RED_CODE));
    assert_eq!(r.last_layout("carol", Some(3)).await.unwrap().as_deref(), Some(RED_CODE));
    assert_eq!(r.last_layout("frank", Some(4)).await.unwrap().as_deref(), Some(BLUE_CODE));
    assert_eq!(r.last_layout("dave", None).await.unwrap(), None);
    let marks = r.marks(4, "erin").await.unwrap();
    assert_eq!(marks.len(), 1);
    assert_eq!(junqi_referee::rules::Variant::junqi().board.name(marks[0].point), "b7");
    assert_eq!(junqi_referee::rules::piece::JUNQI_PIECES[usize::from(marks[0].kind.0)].code, 'a', "司令?");
    // The deadlines: the next is the open challenge #9's expiry (2 hours after it was made).
    assert_eq!(r.next_wakeup().await.unwrap(), Some(T0 + 480 + 7200));
    assert_eq!(r.tick().await.unwrap(), vec![]);
    // A request the old referee answered is answered again from the store, not applied twice.
    let again = ok(
        "sam",
        "line-109",
        Action::Challenge {
            opponent: None,
            variant: "junqi".into(),
            mode: "dark".into(),
            rules: String::new(),
            time: "1d".into(),
        },
    )
    .await
    .unwrap();
    assert!(public(&again).contains("#9"), "{again:?}");
    assert_eq!(r.game_row(10).await.unwrap(), None);

    // #2, finished: its record replays to Red's flag capture in 13 plies, both setups shown.
    let rec = Record::parse(&r.record(2).await.unwrap()).unwrap();
    assert_eq!(rec.tag("RedSetup"), Some(RED_CODE));
    let replay = rec.replay().unwrap();
    assert_eq!(replay.events.len(), 13);
    assert_eq!(replay.over, Some(GameOver { winner: Some(0), reason: EndReason::FlagCaptured }));
    assert!(replay.over.is_some() && r.turn_status(2).await.unwrap().unwrap().over);
    assert_eq!(pic(&r, 2, None).await.to_move, None);

    // #3, deploying (carol in, dave not): the panel can suggest dave a layout (a table the old
    // database did not have), and dave's deployment starts the game, Red (carol) to move.
    let suggested = r.suggested_layout(3, "dave").await.unwrap();
    assert_eq!(r.suggested_layout(3, "dave").await.unwrap(), suggested);
    let e = ok("dave", "fx-3", Action::Deploy(3, DeploySource::Text(BLUE.into()))).await.unwrap();
    // dave is answered in 繁體中文 (his locale), the server in 简体中文 (its locale).
    let to_dave = |e: &Effect| matches!(e, Effect::Private { user, text, .. } if user == "dave" && text.starts_with("對局 #3：已收到你的布陣"));
    assert!(e.iter().any(to_dave), "{e:?}");
    assert!(public(&e).contains("对局 #3 开始！红方（carol）先走。"), "{e:?}");
    assert_eq!(r.game_row(3).await.unwrap().unwrap().status, "playing");
    let v3 = pic(&r, 3, Some("carol")).await;
    assert_eq!((v3.to_move, v3.ply), (Some(Seat::RED), 0));
    ok("carol", "fx-3m", mv(3, "c6-c7")).await.unwrap();
    assert_eq!(pic(&r, 3, None).await.ply, 1);

    // #4, in play after 5 plies, frank (Blue) to move, erin's draw offer on the table.
    let row4 = r.game_row(4).await.unwrap().unwrap();
    // (Stored as Red's seat index 0; migration 0009 made it the set of agreeing seats, {Red} = 1.)
    assert_eq!((row4.status.as_str(), row4.draw_offer), ("playing", Some(1)));
    let v4 = pic(&r, 4, Some("frank")).await;
    assert_eq!((v4.to_move, v4.ply), (Some(Seat::BLUE), 5));
    let refused = ok("erin", "fx-4a", mv(4, "c9-c10")).await.unwrap_err();
    assert!(matches!(refused, RefereeError::Rejected { mistake: Mistake::NotYourTurn(4), .. }), "{refused}");
    let refused = ok("frank", "fx-4b", mv(4, "c9-c10")).await.unwrap_err();
    assert!(
        matches!(refused, RefereeError::Rejected { mistake: Mistake::Game(GameMistake::Refused(_)), .. }),
        "{refused}"
    );
    {
        let mut c = r.store().conn().await.unwrap();
        assert_eq!(store::events_of(&mut c, 4).await.unwrap().len(), 5, "a refused move changes nothing");
    }
    // frank's move (on vacation, his clock paused) declines the offer; erin's clock runs.
    let e = ok("frank", "fx-4c", mv(4, "b7-b8")).await.unwrap();
    assert!(public(&e).contains("#4 第6手：蓝方（frank）b7-b8。"), "{e:?}");
    let v4 = pic(&r, 4, Some("erin")).await;
    assert_eq!((v4.to_move, v4.ply), (Some(Seat::RED), 6));
    assert_eq!(r.game_row(4).await.unwrap().unwrap().draw_offer, None);
    {
        let mut c = r.store().conn().await.unwrap();
        let d = store::deadline_get(&mut c, 4).await.unwrap().unwrap();
        assert_eq!((d.seat, d.due_at), (Some(0), Some(T0 + 480 + 86_400)));
        assert_eq!(store::user_get(&mut c, "frank").await.unwrap().vacation_since, Some(T0 + 420));
    }

    // #5, 四国军棋 after 5 plies, East (hal) resigned: North, West, South, then North again.
    assert_eq!(r.seat_users(5).await.unwrap(), ["gus", "hal", "ivy", "jon"].map(|u| Some(u.to_string())).to_vec());
    let v5 = pic(&r, 5, Some("ivy")).await;
    assert_eq!((v5.to_move, v5.ply), (Some(Seat(2)), 5));
    let refused = ok("hal", "fx-5x", mv(5, "c6-C.e")).await.unwrap_err();
    assert!(matches!(refused, RefereeError::Rejected { .. }), "{refused}");
    ok("ivy", "fx-5a", mv(5, "W.a6-W.a5")).await.unwrap();
    assert_eq!(pic(&r, 5, None).await.to_move, Some(Seat(3)));
    ok("jon", "fx-5b", mv(5, "C.w-W.c6")).await.unwrap();
    assert_eq!(pic(&r, 5, None).await.to_move, Some(Seat(0)));
    ok("gus", "fx-5c", mv(5, "E.a5-E.a4")).await.unwrap();
    let v5 = pic(&r, 5, None).await;
    assert_eq!((v5.to_move, v5.ply), (Some(Seat(2)), 8), "East is skipped");
    assert!(!r.turn_status(5).await.unwrap().unwrap().over);

    // #6, the duel after 3 plies: North (kay, the duel's seat 1) to move, then South (lou).
    let v6 = pic(&r, 6, Some("kay")).await;
    assert_eq!((v6.to_move, v6.ply), (Some(Seat(1)), 3));
    ok("kay", "fx-6", mv(6, "C.n-c6")).await.unwrap();
    let v6 = pic(&r, 6, None).await;
    assert_eq!((v6.to_move, v6.ply), (Some(Seat(0)), 4));

    // #1, 翻棋 after 10 plies (9 flips, 1 move), P1 bob (Red) to play. Its live record replays; bob
    // flips Red's flag at a6 and alice's major takes it; the final record, with the seed and the
    // deal, verifies against the commitment posted at the start.
    // P1 sits in seat 0; the picture names P1 by the colour it plays.
    let f1 = pic(&r, 1, None).await;
    let face_down = f1.tokens.iter().filter(|t| t.face == Face::Down).count();
    assert_eq!((f1.to_move, f1.ply, face_down), (Some(Seat(0)), 10, 41));
    assert_eq!(f1.name(Seat(0)).map(|n| n.en.as_str()), Some("P1 (Red)"));
    let live = FlipRecord::parse(&r.record(1).await.unwrap()).unwrap();
    assert_eq!(live.replay().unwrap().events.len(), 10);
    ok("bob", "fx-1a", Action::Move(1, "+a6".into())).await.unwrap();
    let e = ok("alice", "fx-1b", mv(1, "a7-a6")).await.unwrap();
    assert!(public(&e).contains("5b490f5861986d524a2e4df3932228beecb42abdc5ace98989aeeefb1b8cc54c"), "{e:?}");
    let text = r.record(1).await.unwrap();
    assert!(text.contains("74ddf7638921157252d7a99b06dd3981de845b1ac90db6f16996aff052598750"), "{text}");
    let replay = FlipRecord::parse(&text).unwrap().replay().unwrap();
    assert_eq!(replay.events.len(), 12);
    assert_eq!(replay.over, Some(GameOver { winner: Some(1), reason: EndReason::FlagCaptured }));

    // #9, the open challenge: tom takes it.
    ok("tom", "fx-9", Action::Accept(9)).await.unwrap();
    let row9 = r.game_row(9).await.unwrap().unwrap();
    assert_eq!((row9.status.as_str(), row9.seats.user(0), row9.seats.user(1)), ("deploying", Some("sam"), Some("tom")));

    // Tournament 1, Swiss, round 1 of 3: board 1 (#7) mia beat oli, board 2 (#8) pam–ned in play.
    let t = r.tournament_table(1).await.unwrap().unwrap();
    assert_eq!((t.row.round, t.rounds_done, t.pairings.len()), (1, 0, 2));
    let boards: Vec<_> =
        t.pairings.iter().map(|p| (p.red.as_str(), p.blue.as_deref(), p.game_id, p.result.as_deref())).collect();
    assert_eq!(boards, vec![("mia", Some("oli"), Some(7), Some("red")), ("pam", Some("ned"), Some(8), None)]);
    assert_eq!(t.lines.len(), 4);
    assert_eq!((t.lines[0].user.as_str(), t.lines[0].wdl), ("mia", (1, 0, 0)));
    let v8 = pic(&r, 8, Some("ned")).await;
    assert_eq!((v8.to_move, v8.ply), (Some(Seat::BLUE), 3));
    // ned resigns board 2: round 2 is paired, games #10 and #11, score groups first: the winners
    // mia and pam meet, and so do oli and ned.
    ok("ned", "fx-8", Action::Resign(8)).await.unwrap();
    let t = r.tournament_table(1).await.unwrap().unwrap();
    assert_eq!((t.row.round, t.rounds_done, t.pairings.len()), (2, 1, 4));
    let mut round2: Vec<_> = t.pairings[2..]
        .iter()
        .map(|p| {
            let mut pair = [p.red.clone(), p.blue.clone().unwrap()];
            pair.sort();
            (pair, p.game_id)
        })
        .collect();
    round2.sort();
    assert_eq!(
        round2.iter().map(|(pair, _)| pair.clone()).collect::<Vec<_>>(),
        vec![["mia".to_string(), "pam".to_string()], ["ned".to_string(), "oli".to_string()]]
    );
    let mut ids: Vec<_> = round2.iter().map(|(_, g)| g.unwrap()).collect();
    ids.sort();
    assert_eq!(ids, vec![10, 11]);
    let top: Vec<_> = t.lines.iter().take(2).map(|l| (l.user.clone(), l.wdl)).collect();
    assert!(top.iter().all(|(u, w)| (u == "mia" || u == "pam") && *w == (1, 0, 0)), "{top:?}");

    r.store().close().await;
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------------
// A game the referee has never heard of: the rules crate's 3×3 toy, catalogued from this side.

use crate::toy;

/// Every step token of the toy's board, in a fixed order.
fn toy_steps() -> Vec<String> {
    let points: Vec<String> = ["a", "b", "c"].iter().flat_map(|f| (1..=3).map(move |r| format!("{f}{r}"))).collect();
    let mut out = Vec::new();
    for a in &points {
        for b in &points {
            out.push(format!("{a}-{b}"));
        }
    }
    out
}

#[tokio::test]
async fn a_game_catalogued_from_the_test_side_plays_through_the_referee() {
    junqi_rules::contract::catalog::register(&toy::TOY);
    let (r, _db) = referee("toy").await;
    let challenge = Action::Challenge {
        opponent: Some("bob".into()),
        variant: "三格棋".into(),
        mode: "dark".into(),
        rules: String::new(),
        time: "1d".into(),
    };
    let opened = r.handle(cmd("alice", "t1", challenge)).await.unwrap();
    let text = format!("{opened:?}");
    assert!(text.contains("alice challenges bob to game #1: toy3, dark (each sees only their own ranks)"), "{text}");
    let g = 1;
    r.handle(cmd("bob", "t2", Action::Accept(g))).await.unwrap();
    // A deployment the game refuses names the game's reason and changes nothing.
    let bad = r.handle(cmd("alice", "t3", Action::Deploy(g, DeploySource::Text("113".into())))).await.unwrap_err();
    assert!(bad.to_string().contains("not the ranks 1, 2, 3"), "{bad}");
    let private = r.handle(cmd("alice", "t4", Action::Deploy(g, DeploySource::Text("321".into())))).await.unwrap();
    // Alice's layout reaches Alice only.
    for e in &private {
        if let Effect::Public { text, .. } = e {
            assert!(!text.contains("321"), "{text}");
        }
    }
    let started = r.handle(cmd("bob", "t5", Action::Deploy(g, DeploySource::Random))).await.unwrap();
    let text = format!("{started:?}");
    assert!(text.contains("Game #1 begins! South (alice) moves first."), "{text}");
    assert!(started.iter().any(|e| matches!(e, Effect::TimerSet { game: 1, .. })), "{started:?}");
    // Each player sees their own ranks and not the other's.
    let (pic, kind) = r.picture(g, Some("alice")).await.unwrap().expect("a contract picture");
    assert_eq!(kind.name, "toy3");
    let known = |p: &junqi_rules::contract::Picture| {
        p.tokens.iter().filter(|t| matches!(t.face, junqi_rules::contract::Face::Known { .. })).count()
    };
    assert_eq!(known(&pic), 3);
    let (public, _) = r.picture(g, None).await.unwrap().unwrap();
    assert_eq!(known(&public), 0);

    // Play: each side tries every step in order; refused ones change nothing, one is accepted.
    let users = ["alice", "bob"];
    let mut plies = 0;
    let mut request = 0;
    let mut over = false;
    'game: for turn in 0..40 {
        let user = users[turn % 2];
        for step in toy_steps() {
            request += 1;
            match r.handle(cmd(user, &format!("m{request}"), Action::Move(g, step.clone()))).await {
                Ok(effects) => {
                    plies += 1;
                    let text = format!("{effects:?}");
                    assert!(text.contains(&format!("ply {plies}:")), "{text}");
                    // A repeated request id answers the same and applies nothing.
                    let again =
                        r.handle(cmd(user, &format!("m{request}"), Action::Move(g, step.clone()))).await.unwrap();
                    assert_eq!(again, effects);
                    if text.contains("is over") {
                        over = true;
                        break 'game;
                    }
                    continue 'game;
                }
                Err(RefereeError::Rejected { .. }) => {}
                Err(e) => panic!("{e}"),
            }
        }
        panic!("no step accepted for {user}");
    }
    assert!(over, "the toy ends within 40 plies (quiet limit 8)");
    let row = r.game_row(g).await.unwrap().unwrap();
    assert_eq!(row.status, "finished");
    let record = r.record(g).await.unwrap();
    assert!(record.contains("[Variant \"toy3\"]") && record.contains("[SouthSetup \"321\"]"), "{record}");
    // The record replays to the same result through the contract.
    let mut steps = Vec::new();
    let replayed = junqi_rules::contract::replay::replay(&record, &mut steps).unwrap();
    assert_eq!(steps.len(), plies);
    let _ = replayed;
    // Everyone sees everything once it is over.
    let (end, _) = r.picture(g, None).await.unwrap().unwrap();
    assert!(known(&end) >= 1);
    // A rematch swaps the seats.
    let rematch = r.handle(cmd("bob", "re", Action::Rematch(g))).await.unwrap();
    assert!(format!("{rematch:?}").contains("bob challenges alice to game #2 (rematch of #1, colours swapped): toy3"));
    // bob sits South now: accepting, alice takes North.
    let seats = r.seat_users(2).await.unwrap();
    assert_eq!(seats, [Some("bob".to_string()), None]);
}

// ---------------------------------------------------------------------------------------------
// Every catalogued kind through the referee: legal actions, typed actions, repeated request ids

use junqi_referee::rules::Seat;
use junqi_referee::rules::contract::catalog::{self, GameDef, Start};
use junqi_referee::rules::contract::{AnyGame, Secret, SetupStyle};
use junqi_referee::rules::rng::Rng;

/// Everyone who may sit down, in the order they do (the challenger first).
const PLAYERS: [&str; 4] = ["alice", "bob", "carol", "dave"];

/// Sends commands with fresh request ids; with `repeats`, sends each one twice with the same
/// id and checks that the repeat answers as the original did and changes nothing.
struct Driver<'r> {
    r: &'r Referee,
    repeats: bool,
    n: usize,
}

/// A command's answer, comparable.
type Answer = Result<Vec<Effect>, String>;

impl Driver<'_> {
    /// Everything a repeat must leave as it was: the record and the row of `game`, and the row
    /// of the next game id (so that a repeated challenge opens no second game).
    async fn state(&self, game: i64) -> (String, Option<store::GameRow>, Option<store::GameRow>) {
        let record = self.r.record(game).await.unwrap_or_else(|e| format!("no record: {e:?}"));
        (record, self.r.game_row(game).await.unwrap(), self.r.game_row(game + 1).await.unwrap())
    }

    async fn send(&mut self, user: &str, action: Action) -> Answer {
        self.n += 1;
        let c = cmd(user, &format!("q{}", self.n), action);
        let first = self.r.handle(c.clone()).await.map_err(|e| format!("{e:?}"));
        if self.repeats {
            let game = match (&c.action.game(), &first) {
                (Some(g), _) => *g,
                (None, Ok(effects)) => game_of(effects).unwrap_or(0),
                (None, Err(_)) => 0,
            };
            let before = self.state(game).await;
            let again = self.r.handle(c.clone()).await.map_err(|e| format!("{e:?}"));
            assert_eq!(again, first, "the repeat of {c:?} answers as the original");
            assert!(self.state(game).await == before, "the repeat of {c:?} changed game {game}");
        }
        first
    }

    async fn ok(&mut self, user: &str, action: Action) -> Vec<Effect> {
        let what = format!("{user}: {action:?}");
        self.send(user, action).await.unwrap_or_else(|e| panic!("{what}: {e}"))
    }
}

/// The game an answer speaks of.
fn game_of(effects: &[Effect]) -> Option<i64> {
    effects.iter().find_map(|e| match e {
        Effect::TimerSet { game, .. } | Effect::TimerCancel { game } | Effect::Render { game, .. } => Some(*game),
        Effect::Public { game, .. } | Effect::Private { game, .. } => *game,
    })
}

/// Opens a game of `def`'s kind by its name, seats as many players as it takes, deploys at
/// random where it deploys: the game id and its players (by seat).
async fn open_kind(d: &mut Driver<'_>, def: &GameDef) -> (i64, Vec<String>) {
    let kind = def.kind;
    let challenge = Action::Challenge {
        opponent: None,
        variant: kind.name.into(),
        mode: kind.modes[0].key.into(),
        rules: String::new(),
        time: "none".into(),
    };
    let g = game_of(&d.ok(PLAYERS[0], challenge).await).expect("the challenge names its game");
    let seats = usize::from(kind.seating.counts[0]);
    for (i, user) in PLAYERS.iter().enumerate().take(seats).skip(1) {
        let action = if i == 1 { Action::Accept(g) } else { Action::Join { game: g, seat: None } };
        d.ok(user, action).await;
    }
    if kind.setup == SetupStyle::Deploy {
        for user in PLAYERS.iter().take(seats) {
            // Nobody may move before every army is on the board.
            assert!(d.r.legal_actions(g, user).await.unwrap().is_empty(), "{}: {user} before the start", kind.name);
            d.ok(user, Action::Deploy(g, DeploySource::Random)).await;
        }
    }
    let users: Vec<String> = d.r.seat_users(g).await.unwrap().into_iter().map(|u| u.expect("seated")).collect();
    assert_eq!(users.len(), seats, "{}", kind.name);
    (g, users)
}

/// The game as the rules crate plays it, started through the catalogue from what the store holds
/// (deployments or deal, options, first seat) and replayed from the move log.
async fn contract_game(r: &Referee, g: i64, def: &GameDef) -> Box<dyn AnyGame> {
    let mut c = r.store().conn().await.unwrap();
    let row = store::game_get(&mut c, g).await.unwrap().unwrap();
    let mut start = Start::new(def.kind.seating.counts[0]);
    start.options = row.rules.clone();
    start.first = Seat(u8::try_from(row.first_seat).unwrap());
    let mut deps = store::deployments_get(&mut c, g).await.unwrap();
    deps.sort_by_key(|d| d.seat);
    start.setups = deps.into_iter().map(|d| Secret::new(d.setup)).collect();
    if def.kind.setup == SetupStyle::Deal {
        start.deal = Some(Secret::new(store::flip::flip_get(&mut c, g).await.unwrap().unwrap().deal));
    }
    let mut game = (def.start)(&start).unwrap();
    for e in store::events_of(&mut c, g).await.unwrap() {
        game.play_text(Seat(u8::try_from(e.seat.unwrap()).unwrap()), &e.body).unwrap();
    }
    game
}

/// The seated player to move and their legal actions; every other player has none.
async fn mover(r: &Referee, g: i64, users: &[String]) -> Option<(String, Vec<String>)> {
    let mut found = None;
    for u in users {
        let actions = r.legal_actions(g, u).await.unwrap();
        if !actions.is_empty() {
            assert!(found.is_none(), "game {g}: two players have legal actions");
            found = Some((u.clone(), actions));
        }
    }
    found
}

#[tokio::test]
async fn legal_actions_of_every_kind_are_the_movers_own_and_accepted() {
    let (r, _db) = referee("legal").await;
    let mut d = Driver { r: &r, repeats: false, n: 0 };
    assert!(catalog::all().len() >= 4);
    for def in catalog::all() {
        let name = def.kind.name;
        let (g, users) = open_kind(&mut d, def).await;
        let (who, actions) = mover(&r, g, &users).await.unwrap_or_else(|| panic!("{name}: nobody may move"));
        assert!(r.legal_actions(g, "zed").await.unwrap().is_empty(), "{name}: a spectator");
        // The list is the rules crate's for the same game and seat, and every entry is accepted by
        // a fresh copy of it; every entry reads back as itself, as the player would type it.
        let model = contract_game(&r, g, def).await;
        let seat = Seat(users.iter().position(|u| *u == who).unwrap() as u8);
        assert_eq!(model.to_move(), seat, "{name}");
        let (mut mine, mut theirs) = (actions.clone(), model.legal_tokens(seat));
        mine.sort();
        theirs.sort();
        assert_eq!(mine, theirs, "{name}: the referee's legal actions are the contract's");
        for a in &actions {
            assert!(model.box_clone().play_text(seat, a).is_ok(), "{name}: {a} is refused");
            assert_eq!(r.reads_as_action(g, &who, a).await.unwrap().as_deref(), Some(a.as_str()), "{name}");
        }
        let played = d.ok(&who, Action::Move(g, actions[0].clone())).await;
        assert!(!played.is_empty(), "{name}: {} is played", actions[0]);
        assert!(r.legal_actions(g, &who).await.unwrap().is_empty(), "{name}: {who} has just moved");
        let (next, _) = mover(&r, g, &users).await.unwrap_or_else(|| panic!("{name}: nobody moves next"));
        assert_ne!(next, who, "{name}");
    }
    assert!(r.legal_actions(999, "alice").await.is_err(), "no such game");
}

#[tokio::test]
async fn typed_text_reads_as_an_action_of_the_game_it_is_typed_in() {
    let (r, _db) = referee("typed").await;
    let mut d = Driver { r: &r, repeats: false, n: 0 };
    let open = |variant: &str, mode: &str| Action::Challenge {
        opponent: None,
        variant: variant.into(),
        mode: mode.into(),
        rules: String::new(),
        time: "none".into(),
    };
    let two = game_of(&d.ok("alice", open("junqi", "dark")).await).unwrap();
    let cross = game_of(&d.ok("alice", open("junqi4", "dark")).await).unwrap();
    let flip = game_of(&d.ok("alice", open("junqi-flip", "flip")).await).unwrap();
    // Typed actions are read in games being played: every seat taken, every army deployed.
    d.ok("bob", Action::Accept(two)).await;
    d.ok("bob", Action::Accept(flip)).await;
    for u in ["bob", "carol", "dave"] {
        d.ok(u, Action::Join { game: cross, seat: None }).await;
    }
    for (g, users) in [(two, &["alice", "bob"][..]), (cross, &["alice", "bob", "carol", "dave"][..])] {
        for u in users {
            d.ok(u, Action::Deploy(g, DeploySource::Random)).await;
        }
    }
    let read = |g: i64, text: &'static str| {
        let r = &r;
        async move { r.reads_as_action(g, "alice", text).await.unwrap() }
    };
    assert_eq!(read(two, "c6-c7").await.as_deref(), Some("c6-c7"));
    assert_eq!(read(two, " C6C7 ").await.as_deref(), Some("c6-c7"));
    assert_eq!(read(two, "a11 a10").await.as_deref(), Some("a11-a10"));
    for chat in ["hello", "good game", "c6", "c6-", "-c7", "c6-c7-c8", "gg wp", "6c-7c", "ab-cd", "+c6"] {
        assert_eq!(read(two, chat).await, None, "{chat}");
    }
    // The 4-player board's names; a bare local name is the typist's own point (alice is South).
    assert_eq!(read(cross, "S.c6-C.s").await.as_deref(), Some("S.c6-C.s"));
    assert_eq!(read(cross, "c6-C.s").await.as_deref(), Some("S.c6-C.s"));
    assert_eq!(read(cross, "e.a6 C.se").await.as_deref(), Some("E.a6-C.se"));
    for chat in ["see you", "ok-cool", "x.c6-c.s", "s.c9-c.s", "c.q-c.s", "cs"] {
        assert_eq!(read(cross, chat).await, None, "{chat}");
    }
    // 翻棋: a flip carries its mark; a move reads as in the 2-player game.
    for t in ["flip c6", "+c6", "翻c6", " 翻 C6 ", "FLIP c6"] {
        assert_eq!(read(flip, t).await.as_deref(), Some("+c6"), "{t}");
    }
    assert_eq!(read(flip, "+e12").await.as_deref(), Some("+e12"));
    assert_eq!(read(flip, "c6-c7").await.as_deref(), Some("c6-c7"));
    for chat in ["c6", "flip", "flip me", "+1", "翻棋", "flip c6-c7", "+c6=G"] {
        assert_eq!(read(flip, chat).await, None, "{chat}");
    }
    // Someone with no seat is chatting, whatever they type.
    assert_eq!(r.reads_as_action(two, "zed", "c6-c7").await.unwrap(), None);
}

#[tokio::test]
async fn a_move_typed_before_the_start_is_answered_with_what_the_game_waits_for() {
    let (r, _db) = referee("early").await;
    let mut d = Driver { r: &r, repeats: false, n: 0 };
    let open = |variant: &str| Action::Challenge {
        opponent: None,
        variant: variant.into(),
        mode: String::new(),
        rules: String::new(),
        time: "none".into(),
    };
    let two = game_of(&d.ok("alice", open("junqi")).await).unwrap();
    let cross = game_of(&d.ok("alice", open("junqi4")).await).unwrap();
    // The form of an action is read before the start, so the typed move reaches the referee;
    // chat is still chat, and so is anything typed by someone with no seat.
    for (g, text, token) in [(two, "c6-c7", "c6-c7"), (cross, "c6-C.s", "S.c6-C.s")] {
        assert_eq!(r.reads_as_action(g, "alice", text).await.unwrap().as_deref(), Some(token));
        assert_eq!(r.reads_as_action(g, "alice", "hello").await.unwrap(), None);
        assert_eq!(r.reads_as_action(g, "zed", text).await.unwrap(), None);
    }
    // Seats still free: the game waits for its players.
    let e = refused_unchanged(&mut d, "alice", cross).await;
    assert!(e.contains("NotStarted") && e.contains("Players"), "{e}");
    d.ok("bob", Action::Accept(two)).await;
    // Deploying: first one's own deployment, then the others'.
    let mv = |g: i64| cmd("alice", &format!("early-{g}"), Action::Move(g, "c6-c7".into()));
    let Err(RefereeError::Rejected { mistake, message }) = r.handle(mv(two)).await else { panic!("refused") };
    assert!(matches!(mistake, Mistake::Game(GameMistake::NotStarted { game, .. }) if game == two), "{mistake:?}");
    assert_eq!(
        message,
        format!(
            "Game #{two} has not started yet: send your deployment first; play begins once every player has deployed."
        )
    );
    assert_eq!(mistake.render(Locale::ZhHans), format!("对局 #{two} 尚未开始：请先布阵；所有棋手布阵完成后开始走棋。"));
    assert_eq!(mistake.render(Locale::ZhHant), format!("對局 #{two} 尚未開始：請先布陣；所有棋手布陣完成後開始走棋。"));
    d.ok("alice", Action::Deploy(two, DeploySource::Random)).await;
    let e = refused_unchanged(&mut d, "alice", two).await;
    assert!(e.contains("NotStarted") && e.contains("Others"), "{e}");
    // Once every army is in, the same move is played.
    d.ok("bob", Action::Deploy(two, DeploySource::Random)).await;
    assert!(r.reads_as_action(two, "alice", "c6-c7").await.unwrap().is_some());
    assert!(!r.legal_actions(two, "alice").await.unwrap().is_empty());
}

/// Sends `c6-c7` as `user` in game `g`, which must be refused without changing the game: the
/// refusal, as the driver writes it.
async fn refused_unchanged(d: &mut Driver<'_>, user: &str, g: i64) -> String {
    let row = d.r.game_row(g).await.unwrap();
    let answer = d.send(user, Action::Move(g, "c6-c7".into())).await;
    assert!(d.r.game_row(g).await.unwrap() == row, "a refused move changes nothing");
    answer.expect_err("refused")
}

/// How many plies each kind is played for in the test below.
const PLIES: usize = 30;

#[tokio::test]
async fn every_kind_plays_through_the_referee_and_repeated_request_ids_change_nothing() {
    let (r, _db) = referee("kinds").await;
    let mut d = Driver { r: &r, repeats: true, n: 0 };
    for def in catalog::all() {
        let name = def.kind.name;
        // A generator per kind, so a kind's game does not depend on the kinds catalogued before it.
        let mut rng = Rng::new(name.bytes().fold(2026, |h, b| h.wrapping_mul(31).wrapping_add(u64::from(b))));
        let (g, users) = open_kind(&mut d, def).await;
        let mut plies = 0;
        while plies < PLIES {
            let Some((who, actions)) = mover(&r, g, &users).await else { break };
            // Refused commands, repeated: out of turn, and a text that is no action.
            if plies % 10 == 0 {
                let other = users.iter().find(|u| **u != who).unwrap();
                let refused = d.send(other, Action::Move(g, actions[0].clone())).await;
                assert!(refused.is_err(), "{name}: {other} moved out of turn");
                assert!(d.send(&who, Action::Move(g, "zz-zz".into())).await.is_err(), "{name}");
                assert!(d.send("zed", Action::Move(g, actions[0].clone())).await.is_err(), "{name}");
            }
            let a = actions[rng.below(actions.len())].clone();
            d.ok(&who, Action::Move(g, a)).await;
            plies += 1;
        }
        assert!(plies >= 10, "{name}: only {plies} plies");
        // Each ply is in the log once, whatever was repeated.
        let mut c = r.store().conn().await.unwrap();
        assert_eq!(store::events_of(&mut c, g).await.unwrap().len(), plies, "{name}");
    }
}

/// Game 1, alice (Red) challenging bob with `time` per move, accepted: both to deploy.
async fn deploying(r: &Referee, time: &str) -> Vec<Effect> {
    let challenge = Action::Challenge {
        opponent: Some("bob".into()),
        variant: "junqi".into(),
        mode: "dark".into(),
        rules: String::new(),
        time: time.into(),
    };
    r.handle(cmd("alice", "c", challenge)).await.unwrap();
    r.handle(cmd("bob", "a", Action::Accept(1))).await.unwrap()
}

fn said(effects: &[Effect]) -> Vec<String> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Public { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect()
}

#[tokio::test]
async fn a_side_that_never_deploys_loses_on_time() {
    let clock = ManualClock::new(NOW);
    let (r, _) = referee_with("deploy-late", Arc::new(clock.clone())).await;
    // The deployment takes at most one move's time.
    let accepted = deploying(&r, "10m").await;
    assert!(accepted.contains(&Effect::TimerSet { game: 1, at: NOW + 600 }), "{accepted:?}");
    r.handle(cmd("alice", "d", Action::Deploy(1, DeploySource::Text(RED.into())))).await.unwrap();
    clock.advance(599);
    assert_eq!(r.tick().await.unwrap(), vec![], "not yet");
    clock.advance(1);
    let effects = r.tick().await.unwrap();
    let public = said(&effects);
    assert_eq!(public[0], "Game #1 is over: Red (alice) wins — time ran out.", "{public:?}");
    assert_eq!(public[1], format!("Deployments of game #1 — Red: {RED}"), "{public:?}");
    let row = r.game_row(1).await.unwrap().unwrap();
    assert_eq!((row.status.as_str(), row.updated_at), ("finished", NOW + 600));
    // Too late now; the game has no board to show, and nothing is due any more.
    let late = r.handle(cmd("bob", "d", Action::Deploy(1, DeploySource::Text(BLUE.into())))).await;
    assert!(matches!(late, Err(RefereeError::Rejected { mistake: Mistake::WrongState { .. }, .. })), "{late:?}");
    assert!(r.picture(1, None).await.unwrap().is_none());
    assert_eq!(r.next_wakeup().await.unwrap(), None);
}

#[tokio::test]
async fn a_deployment_nobody_makes_in_time_aborts_the_game_in_every_language() {
    let clock = ManualClock::new(NOW);
    let (r, _) = referee_with("deploy-none", Arc::new(clock.clone())).await;
    let settings =
        |locale: &str| Action::ServerSettings { locale: Some(locale.into()), vacation_days: None, challenge_ttl: None };
    r.handle(cmd("alice", "s", settings("zh-TW"))).await.unwrap();
    deploying(&r, "1h").await;
    clock.advance(3600);
    let effects = r.tick().await.unwrap();
    assert_eq!(said(&effects), ["對局 #1 已取消：布陣時間已到，沒有一方完成布陣。"], "{effects:?}");
    assert_eq!(r.game_row(1).await.unwrap().unwrap().status, "aborted");
    let en = junqi_referee::referee::Msg::DeployTimeUp { game: 1 }.render(Locale::En);
    assert_eq!(en, "Game #1 is aborted: the deployment time ran out before any side had deployed.");
    let zh = junqi_referee::referee::Msg::DeployTimeUp { game: 1 }.render(Locale::ZhHans);
    assert_eq!(zh, "对局 #1 已取消：布阵时间已到，没有一方完成布阵。");
}

#[tokio::test]
async fn deployments_in_time_start_the_move_clock_and_without_a_time_control_nobody_waits() {
    let clock = ManualClock::new(NOW);
    let (r, _) = referee_with("deploy-ok", Arc::new(clock.clone())).await;
    deploying(&r, "10m").await;
    clock.advance(300);
    r.handle(cmd("alice", "d", Action::Deploy(1, DeploySource::Text(RED.into())))).await.unwrap();
    let begun = r.handle(cmd("bob", "d", Action::Deploy(1, DeploySource::Text(BLUE.into())))).await.unwrap();
    // The move clock replaces the deployment's.
    assert!(begun.contains(&Effect::TimerSet { game: 1, at: NOW + 900 }), "{begun:?}");
    clock.advance(301);
    assert_eq!(r.tick().await.unwrap(), vec![]);
    assert_eq!(r.game_row(1).await.unwrap().unwrap().status, "playing");
    // No time control: no deadline for deploying either.
    let (r, _) = referee_with("deploy-untimed", Arc::new(clock.clone())).await;
    let accepted = deploying(&r, "none").await;
    assert!(!accepted.iter().any(|e| matches!(e, Effect::TimerSet { .. })), "{accepted:?}");
    assert_eq!(r.next_wakeup().await.unwrap(), None);
}

#[tokio::test]
async fn a_challenge_may_set_its_own_deployment_time() {
    let clock = ManualClock::new(NOW);
    let (r, _) = referee_with("deploy-own", Arc::new(clock.clone())).await;
    let challenge = |request: &str, time: &str, rules: &str| {
        cmd(
            "alice",
            request,
            Action::Challenge {
                opponent: Some("bob".into()),
                variant: "junqi".into(),
                mode: "dark".into(),
                rules: rules.into(),
                time: time.into(),
            },
        )
    };
    let bad = r.handle(challenge("c0", "none", "deploy=soon")).await.unwrap_err();
    assert!(matches!(&bad, RefereeError::Rejected { mistake: Mistake::BadTime(t), .. } if t == "soon"), "{bad}");
    // No move clock, an hour to deploy: the challenge says so.
    let open = r.handle(challenge("c1", "none", "deploy=1h")).await.unwrap();
    assert!(said(&open)[0].contains("deploy=1h"), "{open:?}");
    let accepted = r.handle(cmd("bob", "a1", Action::Accept(1))).await.unwrap();
    assert!(accepted.contains(&Effect::TimerSet { game: 1, at: NOW + 3600 }), "{accepted:?}");
    r.handle(cmd("bob", "d1", Action::Deploy(1, DeploySource::Text(BLUE.into())))).await.unwrap();
    clock.advance(3600);
    let public = said(&r.tick().await.unwrap());
    assert_eq!(public[0], "Game #1 is over: Blue (bob) wins — time ran out.", "{public:?}");
    // A move clock, but no limit on deploying.
    r.handle(challenge("c2", "10m", "deploy=none")).await.unwrap();
    let accepted = r.handle(cmd("bob", "a2", Action::Accept(2))).await.unwrap();
    assert!(!accepted.iter().any(|e| matches!(e, Effect::TimerSet { .. })), "{accepted:?}");
    assert_eq!(r.next_wakeup().await.unwrap(), None);
}

// ---------------------------------------------------------------------------------------------
// 悔棋: a quiet ply taken back by agreement, in every catalogued kind

#[tokio::test]
async fn every_kind_takes_back_a_quiet_ply_by_agreement_and_keeps_it_out_of_the_record() {
    use junqi_referee::referee::TakebackStep as T;
    let (r, db) = referee("takeback").await;
    let mut d = Driver { r: &r, repeats: true, n: 0 };
    let mut taken = Vec::new();
    for def in catalog::all() {
        let name = def.kind.name;
        let mut rng = Rng::new(name.bytes().fold(21, |h, b| h.wrapping_mul(31).wrapping_add(u64::from(b))));
        let (g, users) = open_kind(&mut d, def).await;
        for _ in 0..300 {
            let Some((who, actions)) = mover(&r, g, &users).await else { break };
            let before = (r.record(g).await.unwrap(), actions.clone());
            let a = actions[rng.below(actions.len())].clone();
            d.ok(&who, Action::Move(g, a)).await;
            if mover(&r, g, &users).await.is_none() {
                break;
            }
            // Only the mover of the last ply may ask; nobody answers an offer nobody made.
            let other = users.iter().find(|u| **u != who).unwrap().clone();
            assert!(d.send(&other, Action::Takeback(g, T::Offer)).await.is_err(), "{name}");
            assert!(d.send(&other, Action::Takeback(g, T::Accept)).await.is_err(), "{name}");
            if d.send(&who, Action::Takeback(g, T::Offer)).await.is_err() {
                // The ply made something known: it stays.
                continue;
            }
            assert!(d.send(&who, Action::Takeback(g, T::Accept)).await.is_err(), "{name}: own offer");
            for u in users.iter().filter(|u| **u != who) {
                d.ok(u, Action::Takeback(g, T::Accept)).await;
            }
            // The game and its record are as they were before the ply.
            assert_eq!(r.record(g).await.unwrap(), before.0, "{name}");
            assert_eq!(r.legal_actions(g, &who).await.unwrap(), before.1, "{name}");
            taken.push((name, g, before.0));
            break;
        }
    }
    // Every kind has quiet plies (a flip or a capture is never one).
    let names: Vec<&str> = taken.iter().map(|t| t.0).collect();
    let all: Vec<&str> = catalog::all().iter().map(|d| d.kind.name).collect();
    assert_eq!(names, all);
    // Rebuilt by replay after a restart, the records are the same.
    drop(r);
    let store = Store::open(&db, Durability::Normal).await.unwrap();
    let again = Referee::new(store, Arc::new(ManualClock::new(NOW)));
    for (name, g, record) in taken {
        assert_eq!(again.record(g).await.unwrap(), record, "{name} after a restart");
    }
}

#[tokio::test]
async fn takebacks_are_refused_in_tournament_games_unless_the_organiser_allows_them() {
    use junqi_referee::referee::TakebackStep as T;
    use junqi_referee::referee::tournament::TournamentAction as TA;
    let (r, _db) = referee("takeback-tournament").await;
    for (t, rules) in [(1, ""), (2, "takeback=yes")] {
        let create = TA::Create {
            name: format!("cup{t}"),
            format: "round-robin".into(),
            rounds: None,
            variant: "draughts".into(),
            mode: "open".into(),
            rules: rules.into(),
            time: "none".into(),
            round_time: "none".into(),
            start: "none".into(),
        };
        r.handle(cmd("alice", &format!("t{t}"), Action::Tournament(create))).await.unwrap();
        r.handle(cmd("alice", &format!("ja{t}"), Action::Tournament(TA::Join(t)))).await.unwrap();
        r.handle(cmd("bob", &format!("jb{t}"), Action::Tournament(TA::Join(t)))).await.unwrap();
        r.handle(cmd("carol", &format!("jc{t}"), Action::Tournament(TA::Join(t)))).await.unwrap();
        let started = r.handle(cmd("alice", &format!("s{t}"), Action::Tournament(TA::Start(t)))).await.unwrap();
        let g = game_of(&started).expect("a round game");
        let users: Vec<String> = r.seat_users(g).await.unwrap().into_iter().map(|u| u.unwrap()).collect();
        let (who, actions) = mover(&r, g, &users).await.unwrap();
        // Draughts' first plies capture nothing.
        r.handle(cmd(&who, &format!("m{t}"), Action::Move(g, actions[0].clone()))).await.unwrap();
        let asked = r.handle(cmd(&who, &format!("o{t}"), Action::Takeback(g, T::Offer))).await;
        match t {
            1 => assert!(
                matches!(&asked, Err(RefereeError::Rejected { message, .. }) if message.contains("tournament game")),
                "{asked:?}"
            ),
            _ => assert!(asked.is_ok(), "{asked:?}"),
        }
    }
}

/// QQ-style time rules (issue 21 point 4): `time=30s on-timeout=skip:2` — the first timeout of a
/// seat skips its turn (logged, replayed from the store and written as `RED:skip` in the record,
/// which replays to the same position), the second loses; a game that cannot pass refuses the
/// option (draughts: on-timeout is lose only).
#[tokio::test]
async fn skip_timeouts_pass_the_turn_then_lose_and_records_replay_them() {
    use junqi_referee::rules::contract::replay;
    let clock = Arc::new(ManualClock::new(NOW));
    let (r, db) = referee_with("skip", clock.clone()).await;
    let challenge = Action::Challenge {
        opponent: Some("bob".into()),
        variant: "junqi".into(),
        mode: "dark".into(),
        rules: "on-timeout=skip:2".into(),
        time: "30s".into(),
    };
    r.handle(cmd("alice", "c", challenge)).await.unwrap();
    r.handle(cmd("bob", "a", Action::Accept(1))).await.unwrap();
    r.handle(cmd("alice", "r", Action::Deploy(1, DeploySource::Text(RED.into())))).await.unwrap();
    r.handle(cmd("bob", "b", Action::Deploy(1, DeploySource::Text(BLUE.into())))).await.unwrap();
    clock.advance(31);
    let said = texts(&r.tick().await.unwrap());
    assert!(said.iter().any(|t| t.contains("the turn is skipped (timeout 1; timeout 2 loses)")), "{said:?}");
    let st = r.turn_status(1).await.unwrap().unwrap();
    assert_eq!((st.to_move_user.as_deref(), st.over), (Some("bob"), false));
    r.handle(cmd("bob", "m1", Action::Move(1, "b7-b8".into()))).await.unwrap();
    // The record so far (public) carries the skip and replays: Red to move again.
    let record = r.record(1).await.unwrap();
    assert!(record.contains("RED:skip"), "{record}");
    let replayed = replay::replay(&record, &mut Vec::new()).unwrap_or_else(|e| panic!("{e}\n{record}"));
    assert!(replayed.over.is_none());
    // A restart rebuilds the game from its events, skip included.
    drop(r);
    let r = Referee::new(Store::open(&db, Durability::Normal).await.unwrap(), clock.clone());
    assert_eq!(r.turn_status(1).await.unwrap().unwrap().to_move_user.as_deref(), Some("alice"));
    clock.advance(31);
    let said = texts(&r.tick().await.unwrap());
    assert!(said.iter().any(|t| t.contains("wins — time ran out")), "{said:?}");
    let record = r.record(1).await.unwrap();
    let replayed = replay::replay(&record, &mut Vec::new()).unwrap_or_else(|e| panic!("{e}\n{record}"));
    assert!(replayed.over.is_some(), "{record}");
    // Draughts cannot pass: the option is refused at the challenge.
    let draughts = Action::Challenge {
        opponent: Some("bob".into()),
        variant: "draughts".into(),
        mode: String::new(),
        rules: "on-timeout=skip:5".into(),
        time: "30s".into(),
    };
    assert!(r.handle(cmd("alice", "d", draughts)).await.is_err());
}

fn texts(effects: &[Effect]) -> Vec<String> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Public { text, .. } | Effect::Private { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect()
}

/// The review (issue 21 point 2): `Referee::picture_at` rebuilds the board after K plies for one
/// viewer — a player's own seat while the game is in play, the public for anyone else, every
/// piece once it is over; K past the end is the end.
#[tokio::test]
async fn review_pictures_are_the_viewers_at_the_ply_asked() {
    use junqi_referee::rules::Seat;
    use junqi_referee::rules::contract::Audience;
    let (r, _db) = referee("review").await;
    start_game(&r, 1).await;
    r.handle(cmd("alice", "m1", Action::Move(1, "c6-c7".into()))).await.unwrap();
    let (p, _, total) = r.picture_at(1, Some("alice"), 0).await.unwrap().unwrap();
    assert_eq!((p.audience(), p.ply, total), (Audience::Seat(Seat(0)), 0, 1));
    // At ply 0 Alice knows only her own pieces.
    assert!(p.tokens.iter().all(|t| match t.face {
        Face::Known { owner, .. } => owner == Seat(0),
        _ => true,
    }));
    let (p, ..) = r.picture_at(1, Some("carol"), 99).await.unwrap().unwrap();
    assert_eq!((p.audience(), p.ply), (Audience::Public, 1));
    assert!(p.tokens.iter().all(|t| !matches!(t.face, Face::Known { .. })), "dark: the public knows no piece");
    r.handle(cmd("bob", "resign", Action::Resign(1))).await.unwrap();
    let (p, ..) = r.picture_at(1, Some("carol"), 0).await.unwrap().unwrap();
    assert_eq!((p.audience(), p.ply), (Audience::Everyone, 0));
    assert!(p.tokens.iter().any(|t| matches!(t.face, Face::Known { owner, .. } if owner == Seat(1))));
}

/// Total-time clocks (issue 21 point 4): `time=1m+10s` gives each seat a minute for the game and
/// ten seconds more after each of its moves; the time left is announced after every ply and by
/// `show`, kept across a restart (time spent while down counts), and a seat whose total runs out
/// times out under the game's on-timeout policy (here: loses).
#[tokio::test]
async fn total_clocks_add_increments_survive_restarts_and_run_out() {
    let clock = Arc::new(ManualClock::new(NOW));
    let (r, db) = referee_with("total-clock", clock.clone()).await;
    let challenge = Action::Challenge {
        opponent: Some("bob".into()),
        variant: "junqi".into(),
        mode: "dark".into(),
        rules: String::new(),
        time: "1m+10s".into(),
    };
    let said = texts(&r.handle(cmd("alice", "c", challenge)).await.unwrap());
    assert!(said.iter().any(|t| t.contains("a 1m+10s clock")), "{said:?}");
    r.handle(cmd("bob", "a", Action::Accept(1))).await.unwrap();
    r.handle(cmd("alice", "r", Action::Deploy(1, DeploySource::Text(RED.into())))).await.unwrap();
    let said = texts(&r.handle(cmd("bob", "b", Action::Deploy(1, DeploySource::Text(BLUE.into())))).await.unwrap());
    assert!(said.iter().any(|t| t.contains("Game #1 clocks: Red 1:00, Blue 1:00.")), "{said:?}");
    // Red thinks 20 s of its 60: 40 left, plus the increment.
    clock.advance(20);
    let said = texts(&r.handle(cmd("alice", "m1", Action::Move(1, "c6-c7".into()))).await.unwrap());
    assert!(said.iter().any(|t| t.contains("Red 0:50, Blue 1:00")), "{said:?}");
    clock.advance(25);
    let said = texts(&r.handle(cmd("bob", "m2", Action::Move(1, "b7-b8".into()))).await.unwrap());
    assert!(said.iter().any(|t| t.contains("Red 0:50, Blue 0:45")), "{said:?}");
    // Down for 30 s with Red's clock running: after the restart Red has 20 s left.
    drop(r);
    clock.advance(30);
    let r = Referee::new(Store::open(&db, Durability::Normal).await.unwrap(), clock.clone());
    assert!(texts(&r.tick().await.unwrap()).iter().all(|t| !t.contains("time ran out")));
    let said = texts(&r.handle(cmd("alice", "s", Action::Show(1))).await.unwrap());
    assert!(said.iter().any(|t| t.contains("Red 0:20, Blue 0:45")), "{said:?}");
    // Red's total runs out: a timeout, here a loss.
    clock.advance(20);
    let said = texts(&r.tick().await.unwrap());
    assert!(said.iter().any(|t| t.contains("wins — time ran out")), "{said:?}");
    // A clock's total is a time control and its increment at most an hour.
    for (n, bad) in ["5s+1s", "10m+2h", "10m+"].into_iter().enumerate() {
        let challenge = Action::Challenge {
            opponent: Some("bob".into()),
            variant: "junqi".into(),
            mode: "dark".into(),
            rules: String::new(),
            time: bad.into(),
        };
        assert!(r.handle(cmd("alice", &format!("x{n}"), challenge)).await.is_err(), "{bad}");
    }
}

/// A total clock stops while the player to move is on vacation (the paused move deadline keeps
/// the seat's time left) and runs again from there when they are back.
#[tokio::test]
async fn total_clocks_pause_for_vacations() {
    let clock = Arc::new(ManualClock::new(NOW));
    let (r, _db) = referee_with("total-clock-vacation", clock.clone()).await;
    let challenge = Action::Challenge {
        opponent: Some("bob".into()),
        variant: "junqi".into(),
        mode: "dark".into(),
        rules: String::new(),
        time: "2m+0".into(),
    };
    r.handle(cmd("alice", "c", challenge)).await.unwrap();
    r.handle(cmd("bob", "a", Action::Accept(1))).await.unwrap();
    r.handle(cmd("alice", "r", Action::Deploy(1, DeploySource::Text(RED.into())))).await.unwrap();
    r.handle(cmd("bob", "b", Action::Deploy(1, DeploySource::Text(BLUE.into())))).await.unwrap();
    clock.advance(30);
    r.handle(cmd("alice", "v", Action::Vacation(true))).await.unwrap();
    clock.advance(3600);
    assert!(texts(&r.tick().await.unwrap()).iter().all(|t| !t.contains("time ran out")));
    let said = texts(&r.handle(cmd("bob", "s", Action::Show(1))).await.unwrap());
    assert!(said.iter().any(|t| t.contains("Red 1:30, Blue 2:00")), "{said:?}");
    r.handle(cmd("alice", "v2", Action::Vacation(false))).await.unwrap();
    clock.advance(89);
    assert!(texts(&r.tick().await.unwrap()).iter().all(|t| !t.contains("time ran out")));
    clock.advance(2);
    let said = texts(&r.tick().await.unwrap());
    assert!(said.iter().any(|t| t.contains("wins — time ran out")), "{said:?}");
}

/// Games against the bot, seats handed to it, 托管's limit (issue 17).
#[path = "referee/bot.rs"]
mod bot;
