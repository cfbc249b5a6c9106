//! 翻棋 (junqi-flip) in the referee: the committed deal on accept, flips announced with their
//! piece, moves, the end with the seed published, records that `replay` accepts, bad input that
//! changes nothing, and the non-leak rule (two deals that differ only in face-down pieces give
//! byte-identical public effects).

use std::collections::HashMap;
use std::sync::Arc;

use junqi_referee::referee::{
    Action, Clock, Command, Effect, Feature, GameMistake, Locale, ManualClock, Mistake, Referee, RefereeError,
};
use junqi_referee::rules::adapters::flip::FlipContract;
use junqi_referee::rules::contract::{AnyGame, Audience, Explain, Token};
use junqi_referee::rules::flip::{self, Deal, FlipAction, FlipError, FlipGame, FlipOptions, Player};
use junqi_referee::rules::flip_record::{FlipRecord, SeedTag};
use junqi_referee::rules::rng::Rng;
use junqi_referee::rules::shuffle::{self, Seed};
use junqi_referee::rules::{Move, PointId, Variant};
use junqi_referee::store::{self, Durability, Store};

const T0: i64 = 1_795_996_800;

async fn open(tag: &str, clock: Arc<dyn Clock>) -> (Referee, std::path::PathBuf) {
    let db = crate::support::backend::fresh_db(&format!("flip-{tag}")).await;
    let store = Store::open(&db, Durability::Normal).await.unwrap();
    (Referee::new(store, clock), db)
}

fn cmd(user: &str, request: &str, action: Action) -> Command {
    Command { user: user.into(), request: request.into(), server: String::new(), action }
}

fn challenge(rules: &str, time: &str) -> Action {
    Action::Challenge {
        opponent: Some("bob".into()),
        variant: "junqi-flip".into(),
        mode: String::new(),
        rules: rules.into(),
        time: time.into(),
    }
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

fn point(name: &str) -> PointId {
    Variant::junqi().board.find(name).unwrap()
}

fn ply_text(a: FlipAction) -> String {
    let b = &Variant::junqi().board;
    match a {
        FlipAction::Flip(p) => format!("flip {}", b.name(p)),
        FlipAction::Move(Move { from, to }) => format!("{}-{}", b.name(from), b.name(to)),
    }
}

/// The seed a [`ManualClock`] gives game `g`.
fn manual_seed(g: i64) -> Seed {
    Seed(ManualClock::new(0).entropy("seed", g).unwrap())
}

/// Plays `action` for whoever is to move, returning the effects.
async fn play(r: &Referee, game: i64, req: &str, action: FlipAction) -> Result<Vec<Effect>, RefereeError> {
    let user = r.turn_status(game).await.unwrap().unwrap().to_move_user.unwrap();
    r.handle(cmd(&user, req, Action::Move(game, ply_text(action)))).await
}

/// A board as the referee shows it to everyone: its tokens, whose turn, plies played.
type Board = (Vec<Token>, Option<junqi_referee::rules::Seat>, u32);

/// The public board of a 翻棋 game, as the referee draws it (everything once it is over).
async fn board(r: &Referee, game: i64) -> Board {
    let (p, _) = r.picture(game, None).await.unwrap().unwrap();
    (p.tokens, p.to_move, p.ply)
}

/// The same board of a mirror of the game.
fn mirror_board(mirror: &FlipGame) -> Board {
    let g = FlipContract::new(mirror.clone());
    let audience = if mirror.over().is_some() { Audience::Everyone } else { Audience::Public };
    let p = g.picture_for(audience);
    (p.tokens, p.to_move, p.ply)
}

#[tokio::test]
async fn a_whole_flip_game_commits_announces_publishes_and_replays() {
    let (r, _db) = open("whole", Arc::new(ManualClock::new(T0))).await;
    let e = r.handle(cmd("alice", "c", challenge("", "1d"))).await.unwrap();
    assert!(texts(&e)[0].contains("junqi-flip, flip (every piece starts face down"), "{e:?}");
    let e = r.handle(cmd("bob", "a", Action::Accept(1))).await.unwrap();
    let seed = manual_seed(1);
    let deal = Deal::from_seed(&seed);
    let commit = shuffle::commit(&seed, &deal.to_string());
    let t = texts(&e);
    assert!(t[1].contains(&format!("Commitment to the deal (SHA-256): {commit}")), "{t:?}");
    assert!(!t.iter().any(|x| x.contains(&seed.to_hex()) || x.contains(&deal.to_string())));
    // No deployment, no private message, one public board.
    assert!(!e.iter().any(|x| matches!(x, Effect::Private { .. } | Effect::Render { for_user: Some(_), .. })));
    assert!(e.iter().any(|x| matches!(x, Effect::Render { game: 1, for_user: None })));
    let row = r.game_row(1).await.unwrap().unwrap();
    assert_eq!((row.status.as_str(), row.mode.as_str(), row.first_seat), ("playing", "flip", 0));
    let p1 = row.seats.user(0).unwrap().to_string();
    assert!(t[2].contains(&format!("P1 ({p1}) moves first")), "{t:?}");
    // A mirror of the game, to choose legal plies and to check the referee's public board.
    let mut mirror = FlipGame::new(&deal, FlipOptions::default());
    let mut rng = Rng::new(7);
    let mut n = 0;
    let mut last = Vec::new();
    while mirror.over().is_none() {
        n += 1;
        let actions = mirror.legal_actions();
        // Prefer attacks and moves (so the game ends by play, not only by the quiet limit).
        let moves: Vec<_> = actions.iter().copied().filter(|a| matches!(a, FlipAction::Move(_))).collect();
        let a = if !moves.is_empty() && rng.below(3) > 0 {
            moves[rng.below(moves.len())]
        } else {
            actions[rng.below(actions.len())]
        };
        let report = mirror.play(a).unwrap();
        last = play(&r, 1, &format!("p{n}"), a).await.unwrap();
        let t = texts(&last);
        match report.event {
            flip::FlipEvent::Flip { point: p, .. } => {
                let name = Variant::junqi().board.name(p);
                assert!(t[0].contains(&format!("flips {name}: ")), "{t:?}");
            }
            flip::FlipEvent::Move { .. } => assert!(t[0].contains(&ply_text(a)), "{t:?}"),
        }
        if report.colours.is_some() {
            assert!(t[0].contains(" P1 plays "), "{t:?}");
        }
        assert_eq!(board(&r, 1).await, mirror_board(&mirror));
        if n % 25 == 0 {
            // While playing, the record is public: Seed and Deal are `?`, the commitment is there.
            let rec = r.record(1).await.unwrap();
            assert!(rec.contains("[Seed \"?\"]") && rec.contains("[Deal \"?\"]") && rec.contains(&commit), "{rec}");
            let parsed = FlipRecord::parse(&rec).unwrap();
            assert_eq!(parsed.replay().unwrap().game.view(), mirror.view());
        }
    }
    let over = mirror.over().unwrap();
    let t = texts(&last);
    assert!(t.iter().any(|x| x.starts_with("Game #1 is over: ")), "{t:?}");
    assert!(t.iter().any(|x| x.contains(&format!("seed {}, deal {deal}", seed.to_hex()))), "{t:?}");
    let row = r.game_row(1).await.unwrap().unwrap();
    assert_eq!(row.status, "finished");
    assert_eq!(
        row.result.as_deref(),
        Some(format!("{}:{}", flip::result_word(Some(over)), over.reason.as_str()).as_str())
    );
    // The finished record carries the seed and the deal, and replays to the same end.
    let rec = r.record(1).await.unwrap();
    let parsed = FlipRecord::parse(&rec).unwrap();
    let header = parsed.header().unwrap();
    assert_eq!(header.seed, SeedTag::Seed(seed));
    assert_eq!(header.commit.as_deref(), Some(commit.as_str()));
    assert_eq!(header.players, [row.seats.user(0).unwrap(), row.seats.user(1).unwrap()]);
    let replay = parsed.replay().unwrap();
    assert_eq!(replay.over, Some(over));
    assert_eq!(replay.events.len(), n);
    assert_eq!(FlipRecord::parse(&rec).unwrap().to_text(), rec);
    // The game survives a restart of the referee: rebuilt from the deal and the log.
    r.store().close().await;
}

#[tokio::test]
async fn bad_input_gets_a_precise_message_and_changes_nothing() {
    let (r, db) = open("bad", Arc::new(ManualClock::new(T0))).await;
    // Bad challenges.
    let bad_mode = Action::Challenge {
        opponent: Some("bob".into()),
        variant: "翻棋".into(),
        mode: "reveal".into(),
        rules: String::new(),
        time: "none".into(),
    };
    let err = r.handle(cmd("alice", "c0", bad_mode)).await.unwrap_err();
    assert!(matches!(&err, RefereeError::Rejected { mistake: Mistake::Game(GameMistake::Settings(_)), .. }), "{err}");
    let RefereeError::Rejected { mistake, .. } = &err else { unreachable!() };
    assert!(mistake.render(Locale::ZhHans).contains("reveal"), "{}", mistake.render(Locale::ZhHans));
    let err = r.handle(cmd("alice", "c1", challenge("scout=on", "none"))).await.unwrap_err();
    assert!(matches!(&err, RefereeError::Rejected { mistake: Mistake::Game(GameMistake::Settings(_)), .. }), "{err}");
    assert!(err.message(Locale::En).contains("does not apply to junqi-flip"), "{}", err.message(Locale::En));
    // first=creator: alice (the challenger) is P1.
    r.handle(cmd("alice", "c2", challenge("first=creator", "none"))).await.unwrap();
    let err = r.handle(cmd("bob", "d", Action::Deploy(1, junqi_referee::referee::DeploySource::Random))).await;
    assert!(err.is_err(), "no deployment before accepting either");
    r.handle(cmd("bob", "a", Action::Accept(1))).await.unwrap();
    let deal = Deal::from_seed(&manual_seed(1));
    let record = || async { r.record(1).await.unwrap() };
    let before = record().await;
    let expect = |res: Result<Vec<Effect>, RefereeError>, want: &dyn Fn(&Mistake) -> bool, en: &str, zh: &str| {
        let err = res.unwrap_err();
        let RefereeError::Rejected { mistake, .. } = &err else { panic!("{err}") };
        assert!(want(mistake), "{mistake:?}");
        assert_eq!(err.message(Locale::En), en);
        assert_eq!(mistake.render(Locale::ZhHans), zh);
    };
    let illegal = |e: FlipError| move |m: &Mistake| *m == Mistake::Game(GameMistake::Refused(e.explain()));
    // Before any colour: a move is refused (every ply is a flip), whoever's piece it would be.
    expect(
        r.handle(cmd("alice", "m1", Action::Move(1, "c6-c7".into()))).await,
        &illegal(FlipError::NoColourYet),
        "Illegal move: colours are not assigned yet, so every ply is a flip.",
        "不合法的走法：颜色还没确定，现在每一手都必须翻子。",
    );
    expect(
        r.handle(cmd("bob", "m2", Action::Move(1, "flip c6".into()))).await,
        &|m| *m == Mistake::NotYourTurn(1),
        "It is not your turn in game #1.",
        "对局 #1 还没轮到你。",
    );
    expect(
        r.handle(cmd("alice", "m3", Action::Move(1, "flip c4".into()))).await,
        &illegal(FlipError::NoPiece("c4".into())),
        "Illegal move: there is no piece on c4.",
        "不合法的走法：c4 上没有棋子。",
    );
    expect(
        r.handle(cmd("alice", "m4", Action::Move(1, "c6=c7".into()))).await,
        &|m| matches!(m, Mistake::Game(GameMistake::Unreadable { .. })),
        "'c6=c7' is not a move; 'c7' after '=' is not a piece letter (a–l red, A–L blue).",
        "“c6=c7”不是走法；“=”后面的“c7”不是棋子字母（红方 a–l，蓝方 A–L）。",
    );
    expect(
        r.handle(cmd("alice", "m5", Action::Move(1, "hello".into()))).await,
        &|m| matches!(m, Mistake::Game(GameMistake::Unreadable { .. })),
        "'hello' is not a move; write a flip (+c6, c6, flip c6, 翻c6) or a move (c6-c7).",
        "“hello”不是走法；请写翻子（flip c6、+c6、翻c6）或走子（c6-c7）。",
    );
    expect(
        r.handle(cmd("carol", "m6", Action::Move(1, "flip c6".into()))).await,
        &|m| *m == Mistake::NotYourGame(1),
        "You are not a player of game #1.",
        "你不是对局 #1 的棋手。",
    );
    expect(
        r.handle(cmd("alice", "m7", Action::Mark { game: 1, point: "c6".into(), piece: None })).await,
        &|m| *m == Mistake::Game(GameMistake::NotOffered { game: 1, what: Feature::Marks }),
        "Game #1 has no marks: they are for enemy pieces only you cannot see, and it has none.",
        "对局 #1 没有标记：标记用于只有你看不见的敌方棋子，这局没有。",
    );
    expect(
        r.handle(cmd("alice", "m8", Action::Deploy(1, junqi_referee::referee::DeploySource::Random))).await,
        &|m| *m == Mistake::Game(GameMistake::NotOffered { game: 1, what: Feature::Deployments }),
        "Game #1 has no deployments: its pieces are dealt by the referee or set out by the rules.",
        "对局 #1 无需布阵：棋子由公证人发放，或按规则摆好。",
    );
    assert_eq!(record().await, before);
    // A flip that names the wrong piece is played anyway and shows the true one: refusing it
    // would tell what the point holds.
    let c6 = deal.get(flip::deal_points().iter().position(|&p| p == point("c6")).unwrap()).unwrap();
    let wrong = if flip::piece_letter(c6.0, c6.1) == 'a' { 'b' } else { 'a' };
    let e = r.handle(cmd("alice", "f1", Action::Move(1, format!("+c6={wrong}")))).await.unwrap();
    let truth = flip::piece_letter(c6.0, c6.1);
    assert!(r.record(1).await.unwrap().contains(&format!("1. +c6={truth}")));
    assert!(texts(&e)[0].starts_with("#1 ply 1: P1 (alice) flips c6: "), "{:?}", texts(&e));
    let after_one = record().await;
    expect(
        r.handle(cmd("bob", "f2", Action::Move(1, "flip c6".into()))).await,
        &illegal(FlipError::AlreadyFaceUp("c6".into())),
        "Illegal move: the piece on c6 is already face up; flip a face-down piece or move one of yours.",
        "不合法的走法：c6 上的棋子已经翻开；请翻一个暗子，或走你自己的明子。",
    );
    // Colours are set now: bob's colour is the other one. A face-down piece never moves, and the
    // face-up c6 is alice's colour.
    expect(
        r.handle(cmd("bob", "f3", Action::Move(1, "c7-c8".into()))).await,
        &illegal(FlipError::FaceDown("c7".into())),
        "Illegal move: the piece on c7 is face down: it cannot move until it is flipped.",
        "不合法的走法：c7 上是暗子，翻开之前不能移动。",
    );
    let colour = if c6.0 == junqi_referee::rules::Seat::RED { ("red", "红方") } else { ("blue", "蓝方") };
    expect(
        r.handle(cmd("bob", "f4", Action::Move(1, "c6-c5".into()))).await,
        &illegal(FlipError::NotYourColour("c6".into(), if colour.0 == "red" { "red" } else { "blue" })),
        &format!("Illegal move: the piece on c6 is {}, which is not your colour.", colour.0),
        &format!("不合法的走法：c6 上的棋子属于{}，不是你的颜色。", colour.1),
    );
    assert_eq!(record().await, after_one);
    // A repeated request id is answered again and not applied twice.
    let again = r.handle(cmd("alice", "f1", Action::Move(1, "+c6".into()))).await.unwrap();
    assert_eq!(again, e);
    assert_eq!(record().await, after_one);
    r.store().close().await;

    // The deal in the store no longer matches its seed (edited by hand): every command on the game
    // is refused with the reason, and nothing changes.
    {
        let s = Store::open(&db, Durability::Normal).await.unwrap();
        let mut c = s.conn().await.unwrap();
        // In the dialect of the database this run uses (SQLite's `?` or PostgreSQL's `$1`).
        let backend = store::Backend::of(&c);
        let edit = backend.sql("UPDATE game_secrets SET body = ? WHERE game_id = 1 AND kind = 'deal'");
        let edit = edit.into_owned();
        let mut swapped: Vec<char> = deal.to_string().chars().collect();
        let j = swapped.iter().position(|&x| x != swapped[0]).unwrap();
        swapped.swap(0, j);
        let swapped: String = swapped.into_iter().collect();
        // The table itself refuses edits of a deal …
        let refused = sqlx::query(sqlx::AssertSqlSafe(edit.clone())).bind(&swapped).execute(&mut *c).await.unwrap_err();
        assert!(refused.to_string().contains("a flip deal never changes"), "{refused}");
        // … so only someone who drops the guard can do it.
        let unguard = match backend {
            store::Backend::Sqlite => "DROP TRIGGER game_secrets_deal_no_update",
            store::Backend::Postgres => "DROP TRIGGER game_secrets_deal_no_update ON game_secrets",
        };
        sqlx::query(unguard).execute(&mut *c).await.unwrap();
        sqlx::query(sqlx::AssertSqlSafe(edit)).bind(&swapped).execute(&mut *c).await.unwrap();
        drop(c);
        s.close().await;
    }
    let store = Store::open(&db, Durability::Normal).await.unwrap();
    let r = Referee::new(store, Arc::new(ManualClock::new(T0)));
    let err = r.handle(cmd("bob", "g1", Action::Move(1, "flip c7".into()))).await.unwrap_err();
    assert!(matches!(&err, RefereeError::Store(store::StoreError::Corrupt { table: "game_secrets", .. })), "{err}");
    assert!(err.to_string().contains("the deal does not match its seed under fy-chacha20/1"), "{err}");
    assert!(err.message(Locale::ZhHans).starts_with("数据库中的记录已损坏（game_secrets 1："));
    let mut c = r.store().conn().await.unwrap();
    assert_eq!(store::events_of(&mut c, 1).await.unwrap().len(), 1);
    assert_eq!(store::request_get(&mut c, "bob", "g1").await.unwrap(), None);
}

/// A clock whose entropy is a given seed (P1 is the challenger: `first=creator` in the games).
struct SeedClock(i64, Seed);

impl Clock for SeedClock {
    fn now(&self) -> i64 {
        self.0
    }
    fn entropy(&self, _purpose: &str, _game: i64) -> Result<[u8; 32], String> {
        Ok(self.1.0)
    }
}

#[tokio::test]
async fn two_deals_that_differ_only_face_down_give_identical_public_effects() {
    // The public history: P1 and P2 flip these points in turn; then each plays its first legal
    // move if it has one (else flips the next point).
    let flips = ["c6", "c7", "b6", "d7", "a6", "e7"];
    let idx: Vec<usize> =
        flips.iter().map(|f| flip::deal_points().iter().position(|&p| p == point(f)).unwrap()).collect();
    // Two seeds whose deals agree on those points and differ elsewhere.
    let mut seen: HashMap<String, Seed> = HashMap::new();
    let mut pair = None;
    for i in 0u32..200_000 {
        let mut b = [0u8; 32];
        b[..4].copy_from_slice(&i.to_le_bytes());
        let seed = Seed(b);
        let deal = shuffle::shuffle(&seed);
        let chars: Vec<char> = deal.chars().collect();
        let key: String = idx.iter().map(|&k| chars[k]).collect();
        if let Some(&other) = seen.get(&key)
            && shuffle::shuffle(&other) != deal
        {
            pair = Some((other, seed));
            break;
        }
        seen.insert(key, seed);
    }
    let (s1, s2) = pair.expect("two seeds agreeing on six points");
    let mut all = Vec::new();
    for (k, seed) in [s1, s2].into_iter().enumerate() {
        let (r, _db) = open(&format!("secrecy{k}"), Arc::new(SeedClock(T0, seed))).await;
        let deal = Deal::from_seed(&seed);
        let commit = shuffle::commit(&seed, &deal.to_string());
        let mut effects = Vec::new();
        effects.extend(r.handle(cmd("alice", "c", challenge("first=creator", "1d"))).await.unwrap());
        effects.extend(r.handle(cmd("bob", "a", Action::Accept(1))).await.unwrap());
        let mut mirror = FlipGame::new(&deal, FlipOptions::default());
        let mut next_flip = 0;
        let mut views = Vec::new();
        for n in 0..14 {
            let moves = mirror.legal_moves_of(mirror.to_move());
            let a = if n >= flips.len() && !moves.is_empty() {
                FlipAction::Move(moves[0])
            } else if next_flip < flips.len() {
                next_flip += 1;
                FlipAction::Flip(point(flips[next_flip - 1]))
            } else {
                break;
            };
            mirror.play(a).unwrap();
            effects.extend(play(&r, 1, &format!("p{n}"), a).await.unwrap());
            // Bad input is refused with the same words in both games.
            for (j, bad) in ["flip c6", "flip c4", "a1-a2", "e12-e11", "zz"].into_iter().enumerate() {
                let user = if mirror.to_move() == Player::P1 { "alice" } else { "bob" };
                if let Err(e) = r.handle(cmd(user, &format!("x{n}-{j}"), Action::Move(1, bad.into()))).await {
                    effects.push(Effect::Private { user: user.into(), game: Some(1), text: e.message(Locale::En) });
                }
            }
            let (picture, kind) = r.picture(1, None).await.unwrap().unwrap();
            let opts = junqi_referee::render::PictureOptions::default();
            views.push(junqi_referee::render::picture_png(&picture, kind, &opts).unwrap());
        }
        let record = r.record(1).await.unwrap();
        effects.extend(r.handle(cmd("alice", "s", Action::Show(1))).await.unwrap());
        // The commitment differs (it is a hash of the secret), and is all that may.
        let text = serde_json::to_string(&effects).unwrap().replace(&commit, "<commit>");
        all.push((text, views, record.replace(&commit, "<commit>"), deal.to_string()));
        r.store().close().await;
    }
    assert_ne!(all[0].3, all[1].3, "the deals differ");
    assert_eq!(all[0].0, all[1].0, "public effects");
    assert_eq!(all[0].1, all[1].1, "board images");
    assert_eq!(all[0].2, all[1].2, "records");
    assert!(all[0].0.contains("flips c6: ") && all[0].0.contains(" P1 plays "), "{}", all[0].0);
}

#[tokio::test]
async fn timeouts_lose_or_hand_the_ply_to_the_bot() {
    let clock = ManualClock::new(T0);
    let (r, _db) = open("timeout", Arc::new(clock.clone())).await;
    r.handle(cmd("alice", "c1", challenge("first=creator", "1h"))).await.unwrap();
    let e = r.handle(cmd("bob", "a1", Action::Accept(1))).await.unwrap();
    assert!(e.contains(&Effect::TimerSet { game: 1, at: T0 + 3600 }), "{e:?}");
    r.handle(cmd("alice", "c2", challenge("first=creator on-timeout=auto", "1h"))).await.unwrap();
    r.handle(cmd("bob", "a2", Action::Accept(2))).await.unwrap();
    clock.advance(3601);
    let e = r.tick().await.unwrap();
    let t = texts(&e);
    // Game 1: alice (P1) loses on time; the deal is published.
    assert!(t.contains(&"Game #1 is over: P2 (bob) wins — time ran out.".to_string()), "{t:?}");
    assert!(t.iter().any(|x| x.starts_with("Game #1, published: seed ")), "{t:?}");
    // Game 2: the bot flips for alice (托管: it plays 翻棋), and the game goes on.
    assert!(
        t.iter()
            .any(|x| x
                .starts_with("P1 (alice) ran out of time; the bot moves for them (托管). #2 ply 1: P1 (alice) flips ")),
        "{t:?}"
    );
    assert!(t.iter().any(|x| x.starts_with("Game #2: P2 (bob) to move")), "{t:?}");
    let rec = r.record(1).await.unwrap();
    assert!(rec.contains("timeout\n0-1"), "{rec}");
    FlipRecord::parse(&rec).unwrap().replay().unwrap();
    assert_eq!(r.game_row(2).await.unwrap().unwrap().status, "playing");
    // Draw offers and resignation name P1/P2.
    let e = r.handle(cmd("bob", "d1", Action::OfferDraw(2))).await.unwrap();
    assert_eq!(texts(&e), ["Game #2: P2 (bob) offers a draw (draw 2 accept / draw 2 decline)."]);
    let e = r.handle(cmd("alice", "d2", Action::AcceptDraw(2))).await.unwrap();
    assert!(texts(&e).contains(&"Game #2 is over: a draw — agreed.".to_string()));
    let rec = r.record(2).await.unwrap();
    assert!(rec.contains("draw\n1/2-1/2"), "{rec}");
    let e = r.handle(cmd("bob", "re", Action::Rematch(2))).await.unwrap();
    assert!(texts(&e)[0].contains("(rematch of #2, colours swapped)"), "{e:?}");
    r.handle(cmd("alice", "a3", Action::Accept(3))).await.unwrap();
    let row = r.game_row(3).await.unwrap().unwrap();
    assert_eq!((row.seats.user(0), row.seats.user(1)), (Some("bob"), Some("alice")));
    let e = r.handle(cmd("alice", "q", Action::Resign(3))).await.unwrap();
    assert!(texts(&e).contains(&"Game #3 is over: P1 (bob) wins — resignation.".to_string()), "{e:?}");
    let rec = r.record(3).await.unwrap();
    assert!(rec.contains("[P1 \"bob\"]") && rec.contains("resign\n1-0"), "{rec}");
    assert_eq!(FlipRecord::parse(&rec).unwrap().replay().unwrap().over.unwrap().winner, Some(0));
}

/// A clock whose operating system has no randomness to give.
struct NoEntropy;

impl Clock for NoEntropy {
    fn now(&self) -> i64 {
        T0
    }
    fn entropy(&self, _purpose: &str, _game: i64) -> Result<[u8; 32], String> {
        Err("getrandom: unavailable".into())
    }
}

#[tokio::test]
async fn no_randomness_no_deal_and_an_abort_before_the_first_ply() {
    let (r, _db) = open("entropy", Arc::new(NoEntropy)).await;
    r.handle(cmd("alice", "c", challenge("", "1d"))).await.unwrap();
    let err = r.handle(cmd("bob", "a", Action::Accept(1))).await.unwrap_err();
    let RefereeError::Rejected { mistake, .. } = &err else { panic!("{err}") };
    assert_eq!(*mistake, Mistake::Game(GameMistake::NoEntropy("getrandom: unavailable".into())));
    assert_eq!(
        err.message(Locale::En),
        "The referee could not draw a random seed from the system (getrandom: unavailable); try again."
    );
    assert_eq!(mistake.render(Locale::ZhHant), "公證人無法從系統取得隨機種子（getrandom: unavailable），請再試一次。");
    let row = r.game_row(1).await.unwrap().unwrap();
    // The challenger sits from the challenge on; bob's acceptance left nothing behind.
    assert_eq!((row.status.as_str(), row.seats.user(0), row.seats.user(1)), ("challenged", Some("alice"), None));
    r.store().close().await;

    // With randomness: accepted, then aborted before the first ply (nothing flip-specific).
    let (r, _db) = open("abort", Arc::new(ManualClock::new(T0))).await;
    r.handle(cmd("alice", "c", challenge("first=creator", "1d"))).await.unwrap();
    r.handle(cmd("bob", "a", Action::Accept(1))).await.unwrap();
    let e = r.handle(cmd("bob", "x", Action::Abort(1))).await.unwrap();
    assert!(e.contains(&Effect::TimerCancel { game: 1 }));
    assert_eq!(texts(&e), ["Game #1 was aborted by bob."]);
    assert_eq!(r.game_row(1).await.unwrap().unwrap().status, "aborted");
    // An aborted game has no board to draw.
    assert!(!matches!(r.picture(1, None).await, Ok(Some(_))));
    assert_eq!(r.legal_actions(1, "alice").await.unwrap(), Vec::<String>::new());
}

#[tokio::test]
async fn a_ply_and_its_views_rebuild_the_game_at_most_once() {
    let clock = Arc::new(ManualClock::new(T0));
    let (r, _db) = open("rebuilds", clock.clone()).await;
    r.handle(cmd("alice", "c", challenge("first=creator", "none"))).await.unwrap();
    r.handle(cmd("bob", "a", Action::Accept(1))).await.unwrap();
    let mut mirror = FlipGame::new(&Deal::from_seed(&manual_seed(1)), FlipOptions::default());
    let mut rng = Rng::new(3);
    // What an adapter does around each ply: the board image, whose turn, autocompletion, and
    // sometimes the record. The game began from its deal, so none of it replays the log.
    let next = |mirror: &mut FlipGame, rng: &mut Rng, n: usize| {
        let actions = mirror.legal_actions();
        let a = actions[rng.below(actions.len())];
        mirror.play(a).unwrap();
        (if n.is_multiple_of(2) { "alice" } else { "bob" }, ply_text(a))
    };
    for n in 0..12 {
        let (user, text) = next(&mut mirror, &mut rng, n);
        r.handle(cmd(user, &format!("p{n}"), Action::Move(1, text))).await.unwrap();
        r.picture(1, None).await.unwrap().unwrap();
        r.turn_status(1).await.unwrap().unwrap();
        r.legal_actions(1, user).await.unwrap();
        r.record(1).await.unwrap();
    }
    assert_eq!(r.rebuilds(), 0);
    // One referee alone never finds its copy behind the store (issue 18's check costs no rebuild).
    assert_eq!(r.stale_caches(), 0);
    assert_eq!(board(&r, 1).await, mirror_board(&mirror));
    assert_eq!(r.cached_games(), 1);
    // Idle for over an hour: the next tick drops the cached game; the next ply rebuilds it once,
    // and the views after it reuse that one rebuild.
    clock.advance(2 * 3600);
    r.tick().await.unwrap();
    assert_eq!(r.cached_games(), 0);
    for n in 12..16 {
        let (user, text) = next(&mut mirror, &mut rng, n);
        r.handle(cmd(user, &format!("p{n}"), Action::Move(1, text))).await.unwrap();
        r.picture(1, None).await.unwrap().unwrap();
        r.legal_actions(1, user).await.unwrap();
    }
    assert_eq!(r.rebuilds(), 1);
    assert_eq!(board(&r, 1).await, mirror_board(&mirror));
    // A finished game leaves the cache and its lock slot the map; its views rebuild on demand.
    r.handle(cmd("alice", "x", Action::Resign(1))).await.unwrap();
    assert_eq!(r.cached_games(), 0);
    assert!(r.turn_status(1).await.unwrap().unwrap().over);
    assert_eq!(r.cached_games(), 0);
}
