//! Marks, server options and vacations of a given length, through the referee: a mark follows
//! its piece, falls with it, is private, and bad marks change nothing.

use std::sync::Arc;

use junqi_referee::referee::{Action, Command, DeploySource, Effect, ManualClock, Mistake, Referee, RefereeError};
use junqi_referee::rules::notation::{format_move, parse_point};
use junqi_referee::rules::{Game, Outcome, RuleOptions, Seat, Setup, Variant};
use junqi_referee::store::{Durability, Store};

const LAYOUT: &str = "ghfie cdh akgi bek dfjgj iljch";

async fn referee(tag: &str) -> (Referee, std::path::PathBuf) {
    let db = crate::support::backend::fresh_db(&format!("marks-{tag}")).await;
    let store = Store::open(&db, Durability::Normal).await.unwrap();
    (Referee::new(store, Arc::new(ManualClock::new(1_795_996_800))), db)
}

fn cmd(user: &str, request: &str, action: Action) -> Command {
    Command { user: user.into(), request: request.into(), server: "s1".into(), action }
}

fn mark(point: &str, piece: Option<&str>) -> Action {
    Action::Mark { game: 1, point: point.into(), piece: piece.map(str::to_string) }
}

async fn started(r: &Referee) -> Game {
    let challenge = Action::Challenge {
        opponent: Some("bob".into()),
        variant: "junqi".into(),
        mode: "dark".into(),
        rules: String::new(),
        time: "none".into(),
    };
    r.handle(cmd("alice", "c", challenge)).await.unwrap();
    r.handle(cmd("bob", "a", Action::Accept(1))).await.unwrap();
    for u in ["alice", "bob"] {
        r.handle(cmd(u, &format!("d-{u}"), Action::Deploy(1, DeploySource::Text(LAYOUT.into())))).await.unwrap();
    }
    let v = Variant::junqi();
    let deps: Vec<_> =
        [Seat::RED, Seat::BLUE].iter().map(|s| Setup::parse(v, LAYOUT).unwrap().validate(v, *s).unwrap()).collect();
    Game::new(v, RuleOptions::default(), &deps, Seat::RED)
}

fn mistake(e: RefereeError) -> Mistake {
    match e {
        RefereeError::Rejected { mistake, .. } => mistake,
        other => panic!("not a mistake: {other}"),
    }
}

#[tokio::test]
async fn marks_follow_their_pieces_fall_with_them_and_stay_private() {
    let (r, _db) = referee("follow").await;
    // Not before the game is being played.
    let challenge = Action::Challenge {
        opponent: Some("bob".into()),
        variant: "junqi".into(),
        mode: "dark".into(),
        rules: String::new(),
        time: "none".into(),
    };
    r.handle(cmd("alice", "c0", challenge)).await.unwrap();
    let e = r.handle(cmd("alice", "m0", Action::Mark { game: 1, point: "c7".into(), piece: Some("a".into()) })).await;
    assert!(matches!(mistake(e.unwrap_err()), Mistake::NotYourGame(1) | Mistake::WrongState { .. }));
    drop(r);

    let (r, _db) = referee("follow2").await;
    let mut g = started(&r).await;
    let v = g.variant();
    let b = &v.board;
    let name = |p| b.name(p).to_string();
    // Bad marks: refused, nothing stored.
    assert_eq!(
        mistake(r.handle(cmd("alice", "x1", mark("z99", Some("a")))).await.unwrap_err()),
        Mistake::BadPoint("z99".into())
    );
    let blue_point = (0..b.len())
        .map(|i| junqi_referee::rules::PointId(i as u8))
        .find(|p| g.piece_at(*p).is_some_and(|x| x.seat == Seat::BLUE))
        .unwrap();
    let red_point = (0..b.len())
        .map(|i| junqi_referee::rules::PointId(i as u8))
        .find(|p| g.piece_at(*p).is_some_and(|x| x.seat == Seat::RED))
        .unwrap();
    let bp = name(blue_point);
    assert_eq!(
        mistake(r.handle(cmd("alice", "x2", mark(&bp, Some("knight")))).await.unwrap_err()),
        Mistake::BadPiece("knight".into())
    );
    assert_eq!(
        mistake(r.handle(cmd("alice", "x3", mark(&name(red_point), Some("a")))).await.unwrap_err()),
        Mistake::NoEnemyPiece(name(red_point))
    );
    assert_eq!(mistake(r.handle(cmd("alice", "x4", mark(&bp, None))).await.unwrap_err()), Mistake::NoMark(bp.clone()));
    assert_eq!(mistake(r.handle(cmd("carol", "x5", mark(&bp, Some("a")))).await.unwrap_err()), Mistake::NotYourGame(1));
    assert!(r.marks(1, "alice").await.unwrap().is_empty());

    // A mark: a private confirmation and a private image for Alice only; Bob sees no mark.
    let fx = r.handle(cmd("alice", "m1", mark(&bp, Some("司令")))).await.unwrap();
    assert!(fx.iter().all(|e| !matches!(e, Effect::Public { .. })), "{fx:?}");
    assert!(fx.contains(&Effect::Render { game: 1, for_user: Some("alice".into()) }));
    assert!(
        fx.iter().any(|e| matches!(e, Effect::Private { user, text, .. } if user == "alice" && text.contains(&bp)))
    );
    let marks = r.marks(1, "alice").await.unwrap();
    assert_eq!(marks.len(), 1);
    assert_eq!((marks[0].point, marks[0].kind.0), (blue_point, 0));
    assert!(r.marks(1, "bob").await.unwrap().is_empty());
    // The same request again is answered again and changes nothing.
    assert_eq!(r.handle(cmd("alice", "m1", mark(&bp, Some("司令")))).await.unwrap(), fx);

    // Play on: before each of Red's attacks Alice marks the defender; the mark then follows what
    // the public outcome says. Blue's moves carry earlier marks along.
    let mut checked = 0;
    for ply in 0..60 {
        if g.over().is_some() {
            break;
        }
        let me = g.to_move();
        let user = if me == Seat::RED { "alice" } else { "bob" };
        let moves = g.legal_moves();
        let mv = moves.iter().copied().find(|m| g.piece_at(m.to).is_some()).unwrap_or(moves[0]);
        let attack = g.piece_at(mv.to).is_some();
        let mut marked_defender = false;
        if me == Seat::RED && attack {
            marked_defender =
                r.handle(cmd("alice", &format!("mk{ply}"), mark(&name(mv.to), Some("炸弹")))).await.is_ok();
        }
        let before = r.marks(1, "alice").await.unwrap();
        let report = g.play(mv).unwrap();
        r.handle(cmd(user, &format!("p{ply}"), Action::Move(1, format_move(b, mv)))).await.unwrap();
        let after = r.marks(1, "alice").await.unwrap();
        // Every mark where its piece is now, by the public outcome only.
        let mut expected: Vec<_> = before
            .iter()
            .filter_map(|m| {
                let at = if m.point == mv.from {
                    matches!(report.outcome, Outcome::Moved | Outcome::AttackerWon | Outcome::FlagCaptured)
                        .then_some(mv.to)
                } else if m.point == mv.to {
                    matches!(report.outcome, Outcome::DefenderWon).then_some(mv.to)
                } else {
                    Some(m.point)
                };
                at.map(|p| (p.index(), m.kind.0))
            })
            .collect();
        expected.sort();
        let got: Vec<_> = after.iter().map(|m| (m.point.index(), m.kind.0)).collect();
        assert_eq!(got, expected, "ply {ply}: {} {:?}", format_move(b, mv), report.outcome);
        if marked_defender {
            checked += 1;
            let kept = after.iter().any(|m| m.point == mv.to && m.kind.0 == 10);
            assert_eq!(kept, report.outcome == Outcome::DefenderWon, "{:?}", report.outcome);
        }
    }
    assert!(checked > 0, "no marked combat happened");
    // Clearing works where the mark is now.
    if let Some(m) = r.marks(1, "alice").await.unwrap().first().copied() {
        r.handle(cmd("alice", "clear", mark(&name(m.point), None))).await.unwrap();
        assert!(r.marks(1, "alice").await.unwrap().iter().all(|x| x.point != m.point));
    }
    let _ = parse_point(b, "c9").unwrap();
}

#[tokio::test]
async fn server_options_and_vacations_of_some_days() {
    let (r, _db) = referee("options").await;
    let set = |announcements: Option<&str>, time: Option<&str>, locale: Option<&str>| Action::ServerOptions {
        announcements: announcements.map(str::to_string),
        thread_per_game: Some(false),
        default_time: time.map(str::to_string),
        locale: locale.map(str::to_string),
    };
    let fx = r.handle(cmd("admin", "o1", set(Some("<#42>"), Some("1D"), Some("zh-CN")))).await.unwrap();
    let Effect::Private { text, .. } = &fx[0] else { panic!("{fx:?}") };
    assert!(text.contains("<#42>") && text.contains("1d") && text.contains("服务器设置"), "{text}");
    let o = r.server_options("s1").await.unwrap();
    assert_eq!(
        (o.announcements.as_deref(), o.thread_per_game, o.default_time.as_deref()),
        (Some("<#42>"), Some(false), Some("1d"))
    );
    // A bad time control changes nothing.
    let e = r.handle(cmd("admin", "o2", set(Some(""), Some("soon"), None))).await.unwrap_err();
    assert_eq!(mistake(e), Mistake::BadTime("soon".into()));
    assert_eq!(r.server_options("s1").await.unwrap(), o);
    // An empty channel clears the announcements; other servers are untouched.
    r.handle(cmd("admin", "o3", set(Some(""), None, None))).await.unwrap();
    assert_eq!(r.server_options("s1").await.unwrap().announcements, None);
    assert_eq!(r.server_options("s2").await.unwrap().default_time, None);

    // A vacation of 3 days lasts 3 days; one of 30 is cut to the monthly allowance (7 days).
    let fx = r.handle(cmd("alice", "v1", Action::VacationDays(3))).await.unwrap();
    assert!(fx.iter().any(|e| matches!(e, Effect::Private { text, .. } if text.contains('3'))), "{fx:?}");
    assert_eq!(
        mistake(r.handle(cmd("alice", "v2", Action::VacationDays(3))).await.unwrap_err()),
        Mistake::AlreadyOnVacation
    );
    assert_eq!(
        mistake(r.handle(cmd("bob", "v3", Action::VacationDays(0))).await.unwrap_err()),
        Mistake::BadVacationLength(0)
    );
    let fx = r.handle(cmd("bob", "v4", Action::VacationDays(30))).await.unwrap();
    assert!(
        fx.iter().any(|e| matches!(e, Effect::Private { text, .. } if text.contains("7 d") || text.contains("7天"))),
        "{fx:?}"
    );
    r.handle(cmd("bob", "v5", Action::Vacation(false))).await.unwrap();
}
