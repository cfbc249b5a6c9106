//! One test per function of the tournament store, on the real migrations, on each backend the
//! run reaches (`store::testing::each_store`).

use super::*;
use crate::store::testing::each_store;
use crate::store::{self, GameRow, Store, status};

fn rating(user: &str, r: f64) -> RatingRow {
    RatingRow {
        server_id: "s1".into(),
        variant: "junqi".into(),
        user_id: user.into(),
        rating: r,
        deviation: 200.0,
        volatility: 0.06,
        games: 3,
        updated_at: 10,
    }
}

fn tournament() -> TournamentRow {
    TournamentRow {
        id: 0,
        server_id: "s1".into(),
        name: "Spring cup".into(),
        organiser: "olga".into(),
        format: "swiss".into(),
        rounds: Some(3),
        variant: "junqi".into(),
        mode: "dark".into(),
        rules: String::new(),
        per_move: Some(3600),
        round_time: Some(86_400),
        starts_at: Some(500),
        status: tstatus::OPEN.into(),
        round: 0,
        created_at: 100,
    }
}

async fn finished_game(c: &mut Conn, red: &str, blue: &str, mode: &str, result: &str) -> i64 {
    let g = GameRow {
        id: 0,
        server_id: "s1".into(),
        variant: "junqi".into(),
        mode: mode.into(),
        rules: String::new(),
        per_move: None,
        challenger: red.into(),
        invited: Some(blue.into()),
        seats: crate::store::seats::Seats::two(Some(red.into()), Some(blue.into())),
        status: status::FINISHED.into(),
        first_seat: 0,
        draw_offer: None,
        result: Some(result.into()),
        rematch_of: None,
        created_at: 1,
        updated_at: 1,
    };
    store::game_insert(c, &g).await.unwrap()
}

#[tokio::test]
async fn ratings_round_trip_and_rank() {
    each_store(async |s: Store| {
        let mut tx = s.begin().await.unwrap();
        assert_eq!(rating_get(&mut tx, "s1", "junqi", "ann").await.unwrap(), None);
        rating_put(&mut tx, &rating("ann", 1600.0)).await.unwrap();
        rating_put(&mut tx, &rating("bob", 1700.0)).await.unwrap();
        rating_put(&mut tx, &RatingRow { server_id: "s2".into(), ..rating("cat", 1900.0) }).await.unwrap();
        let mut again = rating("ann", 1650.0);
        again.games = 4;
        rating_put(&mut tx, &again).await.unwrap();
        tx.commit().await.unwrap();
        let mut c = s.conn().await.unwrap();
        assert_eq!(rating_get(&mut c, "s1", "junqi", "ann").await.unwrap(), Some(again));
        let top = ratings_top(&mut c, "s1", "junqi", 10).await.unwrap();
        assert_eq!(top.iter().map(|r| r.user_id.as_str()).collect::<Vec<_>>(), ["bob", "ann"]);
        assert_eq!(ratings_top(&mut c, "s1", "junqi", 1).await.unwrap().len(), 1);
    })
    .await;
}

#[tokio::test]
async fn early_resign_rule_defaults_off() {
    each_store(async |s: Store| {
        let mut tx = s.begin().await.unwrap();
        assert!(!no_early_resign(&mut tx, "s1").await.unwrap());
        set_no_early_resign(&mut tx, "s1", true).await.unwrap();
        assert!(no_early_resign(&mut tx, "s1").await.unwrap());
        assert!(!no_early_resign(&mut tx, "s2").await.unwrap());
        set_no_early_resign(&mut tx, "s1", false).await.unwrap();
        assert!(!no_early_resign(&mut tx, "s1").await.unwrap());
    })
    .await;
}

#[tokio::test]
async fn stats_count_by_mode() {
    each_store(async |s: Store| {
        let mut tx = s.begin().await.unwrap();
        finished_game(&mut tx, "ann", "bob", "dark", "red_wins:resign").await;
        finished_game(&mut tx, "bob", "ann", "dark", "red_wins:flag_captured").await;
        finished_game(&mut tx, "bob", "ann", "dark", "blue_wins:timeout").await;
        finished_game(&mut tx, "ann", "cat", "open", "draw:agreed").await;
        finished_game(&mut tx, "bob", "cat", "open", "draw:agreed").await;
        let st = user_stats(&mut tx, "s1", "ann").await.unwrap();
        assert_eq!(st, vec![("dark".to_string(), 3, 2, 0, 1), ("open".to_string(), 1, 0, 1, 0)]);
        assert!(user_stats(&mut tx, "s2", "ann").await.unwrap().is_empty());
    })
    .await;
}

#[tokio::test]
async fn moves_are_counted() {
    each_store(async |s: Store| {
        let mut tx = s.begin().await.unwrap();
        let g = finished_game(&mut tx, "ann", "bob", "dark", "red_wins:resign").await;
        store::event_append(&mut tx, g, "move", Some(0), "c6-c7", 1).await.unwrap();
        store::event_append(&mut tx, g, "move", Some(1), "c7-c6", 2).await.unwrap();
        store::event_append(&mut tx, g, "resign", Some(1), "", 3).await.unwrap();
        assert_eq!(moves_count(&mut tx, g).await.unwrap(), 2);
    })
    .await;
}

#[tokio::test]
async fn tournaments_insert_update_and_start() {
    each_store(async |s: Store| {
        let mut tx = s.begin().await.unwrap();
        let id = tournament_insert(&mut tx, &tournament()).await.unwrap();
        let mut t = tournament_get(&mut tx, id).await.unwrap().unwrap();
        assert_eq!(t, TournamentRow { id, ..tournament() });
        assert!(tournament_get(&mut tx, id + 1).await.unwrap().is_none());
        assert!(tournaments_starting(&mut tx, 499).await.unwrap().is_empty());
        assert_eq!(tournaments_starting(&mut tx, 500).await.unwrap().len(), 1);
        assert_eq!(next_wakeup(&mut tx).await.unwrap(), Some(500));
        t.status = tstatus::RUNNING.into();
        t.round = 1;
        tournament_update(&mut tx, &t).await.unwrap();
        assert_eq!(tournament_get(&mut tx, id).await.unwrap().unwrap(), t);
        assert!(tournaments_starting(&mut tx, 1000).await.unwrap().is_empty());
        assert_eq!(next_wakeup(&mut tx).await.unwrap(), None);
    })
    .await;
}

#[tokio::test]
async fn entrants_join_leave_and_seed() {
    each_store(async |s: Store| {
        let mut tx = s.begin().await.unwrap();
        let t = tournament_insert(&mut tx, &tournament()).await.unwrap();
        assert!(entrant_add(&mut tx, t, "ann", 1).await.unwrap());
        assert!(entrant_add(&mut tx, t, "bob", 2).await.unwrap());
        assert!(!entrant_add(&mut tx, t, "ann", 3).await.unwrap());
        assert!(entrant_add(&mut tx, t, "cat", 4).await.unwrap());
        assert!(entrant_remove(&mut tx, t, "bob").await.unwrap());
        assert!(!entrant_remove(&mut tx, t, "bob").await.unwrap());
        let es = entrants_of(&mut tx, t).await.unwrap();
        assert_eq!(es.iter().map(|e| (e.user_id.as_str(), e.seq)).collect::<Vec<_>>(), [("ann", 1), ("cat", 3)]);
        // Seeds override joining order.
        let mut cat = es[1].clone();
        cat.seed = Some(1);
        cat.withdrawn_round = Some(2);
        entrant_update(&mut tx, &cat).await.unwrap();
        let mut ann = es[0].clone();
        ann.seed = Some(2);
        entrant_update(&mut tx, &ann).await.unwrap();
        let es = entrants_of(&mut tx, t).await.unwrap();
        assert_eq!(es, vec![cat, ann]);
    })
    .await;
}

#[tokio::test]
async fn rounds_start_finish_and_fall_due() {
    each_store(async |s: Store| {
        let mut tx = s.begin().await.unwrap();
        let mut t = tournament();
        t.starts_at = None;
        let t = tournament_insert(&mut tx, &t).await.unwrap();
        let r = RoundRow { tournament_id: t, round: 1, started_at: 10, due_at: Some(100), finished_at: None };
        round_insert(&mut tx, &r).await.unwrap();
        assert!(rounds_due(&mut tx, 99).await.unwrap().is_empty());
        assert_eq!(rounds_due(&mut tx, 100).await.unwrap(), vec![r]);
        assert_eq!(next_wakeup(&mut tx).await.unwrap(), Some(100));
        round_finish(&mut tx, t, 1, 50).await.unwrap();
        assert!(rounds_due(&mut tx, 100).await.unwrap().is_empty());
        assert_eq!(next_wakeup(&mut tx).await.unwrap(), None);
    })
    .await;
}

#[tokio::test]
async fn pairings_insert_update_and_find_by_game() {
    each_store(async |s: Store| {
        let mut tx = s.begin().await.unwrap();
        let t = tournament_insert(&mut tx, &tournament()).await.unwrap();
        let g = finished_game(&mut tx, "ann", "bob", "dark", "red_wins:resign").await;
        let mut p = PairingRow {
            tournament_id: t,
            round: 1,
            board: 1,
            red: "ann".into(),
            blue: Some("bob".into()),
            game_id: None,
            result: None,
        };
        pairing_insert(&mut tx, &p).await.unwrap();
        let bye = PairingRow { board: 2, red: "cat".into(), blue: None, ..p.clone() };
        pairing_insert(&mut tx, &bye).await.unwrap();
        assert!(pairing_of_game(&mut tx, g).await.unwrap().is_none());
        p.game_id = Some(g);
        p.result = Some("red".into());
        pairing_update(&mut tx, &p).await.unwrap();
        assert_eq!(pairing_of_game(&mut tx, g).await.unwrap(), Some(p.clone()));
        assert_eq!(pairings_of(&mut tx, t).await.unwrap(), vec![p, bye]);
    })
    .await;
}
