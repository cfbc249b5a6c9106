//! Whole simulated tournaments (8 and 9 players, each format) through the local transcript
//! driver: the test writes the commands (create, joins, start; then each round's deployments and
//! results, fed in by resignation or agreed draw), replays the transcript, reads the next round's
//! games from the referee's announcements, and finally compares the final standings with tables
//! computed by hand (in the comments).
//!
//! Results follow one rule so they can be computed by hand: between players `pI` and `pJ` (I < J,
//! seeds = joining order, all unrated), if J = I + 1 the game is drawn, otherwise `pI` wins
//! (`pJ` resigns).

use std::path::PathBuf;

use junqi_referee::local::transcript;

struct Sim {
    text: String,
    db: PathBuf,
}

impl Sim {
    fn new(tag: &str, n: usize, create: &str) -> Sim {
        let db = std::env::temp_dir().join(format!("junqi-tournament-{tag}-{}.db", std::process::id()));
        let mut text = format!("p1: tournament create {create}\n");
        for i in 1..=n {
            text.push_str(&format!("p{i}: tournament join 1\n"));
        }
        text.push_str("p1: tournament start 1\n");
        Sim { text, db }
    }

    async fn run(&self) -> String {
        // Each run starts from an empty database: the file (emptied by the driver), or a new
        // schema when the referee's tests run on PostgreSQL.
        let db = if crate::support::backend::on_postgres() {
            crate::support::backend::fresh_db("tournament").await
        } else {
            self.db.clone()
        };
        transcript::run(&self.text, &db).await.expect("the transcript runs")
    }

    /// Plays the tournament to its end; returns the final output.
    async fn play(&mut self) -> String {
        let mut played = std::collections::HashSet::new();
        for _ in 0..40 {
            let out = self.run().await;
            assert!(!out.contains("> error"), "an error in:\n{out}");
            if out.contains("is over. Final standings:") {
                return out;
            }
            let mut added = false;
            for line in out.lines() {
                // ">   board 2: game #5, p3 (Red) vs p6 (Blue), please deploy"
                let Some(rest) = line.split_once(": game #").map(|x| x.1) else { continue };
                let (game, rest) = rest.split_once(", ").unwrap();
                if !played.insert(game.to_string()) {
                    continue;
                }
                let (red, rest) = rest.split_once(" (Red) vs ").unwrap();
                let blue = rest.split_once(" (Blue)").unwrap().0;
                let (i, j): (usize, usize) = (red[1..].parse().unwrap(), blue[1..].parse().unwrap());
                let t = &mut self.text;
                t.push_str(&format!("{red}: deploy {game} random\n{blue}: deploy {game} random\n"));
                if i.abs_diff(j) == 1 {
                    t.push_str(&format!("{red}: draw {game} offer\n{blue}: draw {game} accept\n"));
                } else {
                    let loser = if i > j { red } else { blue };
                    t.push_str(&format!("{loser}: resign {game}\n"));
                }
                added = true;
            }
            assert!(added, "no new games and no final standings:\n{out}");
        }
        panic!("the tournament did not end");
    }
}

/// The final standings block of the output (the lines after "Final standings:").
fn final_standings(out: &str) -> String {
    let start = out.find("is over. Final standings:").expect("final standings");
    out[start..]
        .lines()
        .skip(1)
        .take_while(|l| l.starts_with(">   "))
        .map(|l| l.trim_start_matches(">   "))
        .collect::<Vec<_>>()
        .join("\n")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn round_robin_8() {
    let mut sim = Sim::new("rr8", 8, "Cup format=round-robin");
    let out = sim.play().await;
    // pK: wins against pK+2.., draws with its neighbours, loses to the rest.
    // p1: 6 wins + 1 draw = 6.5; p2: 5 + 2 draws = 6; p3: 4 + 1 + 2d... = 4 wins (p5..p8),
    // draws p2, p4, loses p1 = 5; p4: 3 wins + 2 draws = 4; p5: 2 + 1 = 3; p6: 1 + 1 = 2;
    // p7: 0 + 1 = 1; p8: draw with p7 = 0.5.
    // Sonneborn–Berger: p1 = (6+5+4+3+2+1... beaten p3..p8: 5+4+3+2+1+0.5 = 15.5) + half of p2's 6
    // = 18.5; p2 = beaten p4..p8 (4+3+2+1+0.5 = 10.5) + half (6.5 + 5) = 16.25;
    // p3 = beaten p5..p8 (3+2+1+0.5 = 6.5) + half (6 + 4) = 11.5; p4 = (2+1+0.5) + half (5+3) = 7.5;
    // p5 = (1+0.5) + half (4+2) = 4.5; p6 = 0.5 + half (3+1) = 2.5; p7 = half (2+0.5) = 1.25;
    // p8 = half of p7's 1 = 0.5.
    assert_eq!(
        final_standings(&out),
        "1. p1: 6.5 pts, SB 18.5, W-D-L 6-1-0
2. p2: 6 pts, SB 16.25, W-D-L 5-2-0
3. p3: 5 pts, SB 11.5, W-D-L 4-2-1
4. p4: 4 pts, SB 7.5, W-D-L 3-2-2
5. p5: 3 pts, SB 4.5, W-D-L 2-2-3
6. p6: 2 pts, SB 2.5, W-D-L 1-2-4
7. p7: 1 pt, SB 1.25, W-D-L 0-2-5
8. p8: 0.5 pts, SB 0.5, W-D-L 0-1-6"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn round_robin_9() {
    let mut sim = Sim::new("rr9", 9, "Cup format=round-robin");
    let out = sim.play().await;
    // Nine rounds, everyone rests once (a bye is worth nothing in round robin).
    // Scores: p1 7 wins + 1 draw = 7.5, p2 6 + 2 draws = 7, p3 6, p4 5, p5 4, p6 3, p7 2, p8 1,
    // p9 0.5. SB: p1 = beaten p3..p9 (6+5+4+3+2+1+0.5 = 21.5) + ½·7 = 25;
    // p2 = (5+4+3+2+1+0.5 = 15.5) + ½(7.5+6) = 22.25; p3 = (4+3+2+1+0.5 = 10.5) + ½(7+5) = 16.5;
    // p4 = (3+2+1+0.5) + ½(6+4) = 11.5; p5 = (2+1+0.5) + ½(5+3) = 7.5; p6 = 1.5 + ½(4+2) = 4.5;
    // p7 = 0.5 + ½(3+1) = 2.5; p8 = ½(2+0.5) = 1.25; p9 = ½·1 = 0.5.
    assert_eq!(out.matches(" has a bye").count(), 9);
    assert_eq!(
        final_standings(&out),
        "1. p1: 7.5 pts, SB 25, W-D-L 7-1-0
2. p2: 7 pts, SB 22.25, W-D-L 6-2-0
3. p3: 6 pts, SB 16.5, W-D-L 5-2-1
4. p4: 5 pts, SB 11.5, W-D-L 4-2-2
5. p5: 4 pts, SB 7.5, W-D-L 3-2-3
6. p6: 3 pts, SB 4.5, W-D-L 2-2-4
7. p7: 2 pts, SB 2.5, W-D-L 1-2-5
8. p8: 1 pt, SB 1.25, W-D-L 0-2-6
9. p9: 0.5 pts, SB 0.5, W-D-L 0-1-7"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn double_round_robin_8() {
    let mut sim = Sim::new("drr8", 8, "Cup format=double-round-robin");
    let out = sim.play().await;
    // Every result of the single round robin twice: points double, and Sonneborn–Berger
    // quadruples (twice the games, each against a doubled score): p1 13 pts, SB 4·18.5 = 74; …
    assert!(out.contains("round 14 of 14"));
    assert_eq!(
        final_standings(&out),
        "1. p1: 13 pts, SB 74, W-D-L 12-2-0
2. p2: 12 pts, SB 65, W-D-L 10-4-0
3. p3: 10 pts, SB 46, W-D-L 8-4-2
4. p4: 8 pts, SB 30, W-D-L 6-4-4
5. p5: 6 pts, SB 18, W-D-L 4-4-6
6. p6: 4 pts, SB 10, W-D-L 2-4-8
7. p7: 2 pts, SB 5, W-D-L 0-4-10
8. p8: 1 pt, SB 2, W-D-L 0-2-12"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn swiss_8() {
    let mut sim = Sim::new("swiss8", 8, "Cup format=swiss rounds=3");
    let out = sim.play().await;
    // Round 1 (top half against bottom half, colours alternating by board): p1-p5, p6-p2, p3-p7,
    // p8-p4: the top seeds win. Round 2 (Dutch system; tests/tournament_props.rs works the same
    // table for five rounds): p1-p3 and p2-p4 would each meet two players due the same colour,
    // so the transposition p4-p1, p2-p3 (drawn); p5-p8 (p5), p7-p6 drawn. Round 3: p1 (2) meets
    // the top of the 1.5 group, p2 (drawn); p3 floats to p4, p5 to p6, then p8-p7: all drawn.
    // Scores: p1 2.5; p2, p3 2; p4, p5 1.5; p6, p7 1; p8 0.5.
    // Buchholz: p1 = p5 1.5 + p4 1.5 + p2 2 = 5; p2 = p6 1 + p3 2 + p1 2.5 = 5.5;
    // p3 = p7 1 + p2 2 + p4 1.5 = 4.5; p4 = p8 0.5 + p1 2.5 + p3 2 = 5; p5 = p1 + p8 + p6 = 4;
    // p6 = p2 2 + p7 1 + p5 1.5 = 4.5; p7 = p3 2 + p6 1 + p8 0.5 = 3.5; p8 = p4 + p5 + p7 = 4.
    assert!(out.contains("board 2: game #2, p6 (Red) vs p2 (Blue)"), "{out}");
    assert!(out.contains("board 1: game #5, p4 (Red) vs p1 (Blue)"), "{out}");
    assert_eq!(
        final_standings(&out),
        "1. p1: 2.5 pts, Buchholz 5, W-D-L 2-1-0
2. p2: 2 pts, Buchholz 5.5, W-D-L 1-2-0
3. p3: 2 pts, Buchholz 4.5, W-D-L 1-2-0
4. p4: 1.5 pts, Buchholz 5, W-D-L 1-1-1
5. p5: 1.5 pts, Buchholz 4, W-D-L 1-1-1
6. p6: 1 pt, Buchholz 4.5, W-D-L 0-2-1
7. p7: 1 pt, Buchholz 3.5, W-D-L 0-2-1
8. p8: 0.5 pts, Buchholz 4, W-D-L 0-1-2"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn elimination_8() {
    let mut sim = Sim::new("ko8", 8, "Cup format=elimination");
    let out = sim.play().await;
    // Bracket 1-8, 4-5, 2-7, 3-6: 4-5 is drawn and the better seed p4 goes through. Round 2:
    // p1 beats p4, p2-p3 drawn (p2 through). Final p1-p2 drawn: p1 wins the tournament.
    assert_eq!(
        final_standings(&out),
        "1. p1: winner, W-D-L 2-1-0
2. p2: out in round 3, W-D-L 1-2-0
3. p3: out in round 2, W-D-L 1-1-0
4. p4: out in round 2, W-D-L 0-1-1
5. p5: out in round 1, W-D-L 0-1-0
6. p6: out in round 1, W-D-L 0-0-1
7. p7: out in round 1, W-D-L 0-0-1
8. p8: out in round 1, W-D-L 0-0-1"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn elimination_9() {
    let mut sim = Sim::new("ko9", 9, "Cup format=elimination");
    let out = sim.play().await;
    // A bracket of 16: seeds 1 to 7 have byes, p8-p9 is drawn (p8 through). Round 2: p1-p8,
    // p4-p5 (drawn, p4 through), p2-p7, p3-p6. Round 3: p1 beats p4, p2-p3 drawn (p2). Final
    // p1-p2 drawn: p1.
    assert_eq!(out.matches(" has a bye").count(), 7);
    assert_eq!(
        final_standings(&out),
        "1. p1: winner, W-D-L 2-1-0
2. p2: out in round 4, W-D-L 1-2-0
3. p3: out in round 3, W-D-L 1-1-0
4. p4: out in round 3, W-D-L 0-1-1
5. p5: out in round 2, W-D-L 0-1-0
6. p6: out in round 2, W-D-L 0-0-1
7. p7: out in round 2, W-D-L 0-0-1
8. p8: out in round 2, W-D-L 0-1-1
9. p9: out in round 1, W-D-L 0-1-0"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn double_round_robin_9() {
    let mut sim = Sim::new("drr9", 9, "Cup format=double-round-robin");
    let out = sim.play().await;
    // The nine-player round robin twice: points double, Sonneborn–Berger quadruples.
    assert_eq!(out.matches(" has a bye").count(), 18);
    assert_eq!(
        final_standings(&out),
        "1. p1: 15 pts, SB 100, W-D-L 14-2-0
2. p2: 14 pts, SB 89, W-D-L 12-4-0
3. p3: 12 pts, SB 66, W-D-L 10-4-2
4. p4: 10 pts, SB 46, W-D-L 8-4-4
5. p5: 8 pts, SB 30, W-D-L 6-4-6
6. p6: 6 pts, SB 18, W-D-L 4-4-8
7. p7: 4 pts, SB 10, W-D-L 2-4-10
8. p8: 2 pts, SB 5, W-D-L 0-4-12
9. p9: 1 pt, SB 2, W-D-L 0-2-14"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn swiss_9() {
    let mut sim = Sim::new("swiss9", 9, "Cup format=swiss rounds=3");
    let out = sim.play().await;
    // Round 1: p9 (lowest) has the bye; p1-p5, p6-p2, p3-p7, p8-p4: top seeds win.
    // Round 2 (Dutch system; tests/tournament_props.rs works this table further): p8 (lowest
    // without a bye) rests; one of the five 1-point players floats down: p9 would float twice
    // running (its bye), p3 floats with every colour preference granted: p4-p1 (p1), p2-p9
    // (p2), p5-p3 (p3), p7-p6 ½. Round 3: p6-p7 have met, so p7 rests and p6-p5 ½; p3 floated
    // last round, so p1 floats to p8 (p1), p3-p2 ½, p9-p4 (p4).
    // Scores: p1 3; p2, p3 2.5; p4 2; p7 1.5 (its bye is a point); p6, p8, p9 1; p5 0.5.
    // Buchholz (byes add nothing): p1 = p5 0.5 + p4 2 + p8 1 = 3.5; p2 = p6 1 + p9 1 + p3 2.5
    // = 4.5; p3 = p7 1.5 + p5 + p2 = 4.5; p4 = p8 + p1 3 + p9 = 5; p5 = p1 + p3 + p6 = 6.5;
    // p6 = p2 + p7 + p5 = 4.5; p7 = p3 + p6 = 3.5; p8 = p4 + p1 = 5; p9 = p2 + p4 = 4.5.
    assert!(out.contains("board 5: p9 has a bye") && out.contains("board 5: p8 has a bye"), "{out}");
    assert!(out.contains("board 5: p7 has a bye"), "{out}");
    assert_eq!(
        final_standings(&out),
        "1. p1: 3 pts, Buchholz 3.5, W-D-L 3-0-0
2. p2: 2.5 pts, Buchholz 4.5, W-D-L 2-1-0
3. p3: 2.5 pts, Buchholz 4.5, W-D-L 2-1-0
4. p4: 2 pts, Buchholz 5, W-D-L 2-0-1
5. p7: 1.5 pts, Buchholz 3.5, W-D-L 0-1-1
6. p8: 1 pt, Buchholz 5, W-D-L 0-0-2
7. p6: 1 pt, Buchholz 4.5, W-D-L 0-2-1
8. p9: 1 pt, Buchholz 4.5, W-D-L 0-0-2
9. p5: 0.5 pts, Buchholz 6.5, W-D-L 0-1-2"
    );
}

/// A tournament of English draughts: its round games begin at once (nothing to deploy), a game of
/// 30 plies and more is rated, and the rating lives in the draughts pool, apart from Junqi's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_draughts_tournament_rates_its_games_in_the_draughts_pool() {
    use junqi_referee::rules::contract::{Start, catalog};
    let mut sim = Sim::new("draughts", 3, "Checkers format=round-robin variant=draughts colour=creator");
    let out = sim.run().await;
    // ">   board 2: game #1, p2 (Black) vs p3 (White)": no deployment asked for.
    let line = out.lines().find(|l| l.contains(": game #1, ")).expect("the first round's game");
    assert!(line.ends_with("(White)"), "{line}");
    let rest = line.split_once(": game #1, ").unwrap().1;
    let (black, rest) = rest.split_once(" (Black) vs ").unwrap();
    let white = rest.split_once(" (White)").unwrap().0.to_string();
    assert!(out.contains("Game #1 begins! Black"), "{out}");
    // Thirty plies of the first legal move (sorted), played as each side, then the side to move
    // resigns.
    let def = catalog::find("draughts").unwrap();
    let mut g = (def.start)(&Start::new(2)).unwrap();
    for _ in 0..30 {
        let seat = g.to_move();
        let mut legal = g.legal_tokens(seat);
        legal.sort();
        let who = if seat.0 == 0 { black } else { white.as_str() };
        sim.text.push_str(&format!("{who}: move 1 {}\n", legal[0]));
        g.play_text(seat, &legal[0]).unwrap();
    }
    assert!(g.over().is_none(), "the game goes on after 30 plies");
    let loser = if g.to_move().0 == 0 { black } else { white.as_str() };
    sim.text.push_str(&format!("{loser}: resign 1\n{black}: rating variant=draughts\n{black}: rating\n"));
    let out = sim.run().await;
    assert!(!out.contains("> error"), "{out}");
    assert!(out.contains("Game #1 is over") && !out.contains("so it is not rated"), "{out}");
    let draughts = out.lines().skip_while(|l| !l.ends_with("rating variant=draughts")).nth(1).unwrap();
    assert!(!draughts.contains("no rated") && draughts.contains(black), "{draughts}");
    let junqi = out.lines().skip_while(|l| !l.ends_with(": rating")).nth(1).unwrap();
    assert!(junqi.contains("no rated junqi game"), "{junqi}");
    let _ = std::fs::remove_file(&sim.db);
}

/// A round robin of each 陆海空 game (issue 14): 陆海空三军棋 and 海陆空三军战斗棋. Their round
/// games ask for deployments like Junqi's, take random ones, and end by draws and resignations;
/// p1 beats p3, the neighbours draw.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_land_sea_air_round_robins_play_to_their_standings() {
    for variant in ["sanjun", "sanjun30"] {
        let mut sim = Sim::new(variant, 3, &format!("Sea format=round-robin variant={variant}"));
        let out = sim.play().await;
        assert!(out.contains(variant), "{out}");
        // p1: beats p3, draws p2 = 1.5, SB 0.5 + 1/2·1 = 1; p2: two draws = 1, SB 1/2·(1.5 + 0.5)
        // = 1; p3: one draw = 0.5, SB 1/2·1 = 0.5.
        assert_eq!(
            final_standings(&out),
            "1. p1: 1.5 pts, SB 1, W-D-L 1-1-0
2. p2: 1 pt, SB 1, W-D-L 0-2-0
3. p3: 0.5 pts, SB 0.5, W-D-L 0-1-1",
            "{variant}"
        );
        let _ = std::fs::remove_file(&sim.db);
    }
}

/// 海陆空三军战斗棋 has a rating pool of its own: a round game of 30 plies and more is rated in
/// the `sanjun30` pool, and neither Junqi's nor sanjun's pool sees it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sanjun30_game_is_rated_in_its_own_pool() {
    rated_in_its_own_pool("sanjun30", "0mn3 9h 8c 26f g4 17i ebjk 5la / spr.qt / uv", "sanjun").await;
}

/// 二十一世紀海軍棋 (issue 15) has a rating pool of its own, which neither haijun's nor Junqi's
/// pool sees.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_haijun21_game_is_rated_in_its_own_pool() {
    rated_in_its_own_pool("haijun21", "kekek cdgcd bnbga fmf.h eh.fi i.lji", "haijun").await;
}

/// A round robin of `kind` whose first game (`example` deployed on both sides, the first legal
/// move in sorted order each ply, 30 plies, then a resignation) is rated in the `kind` pool and
/// in neither the `neighbour` kind's nor Junqi's.
async fn rated_in_its_own_pool(kind: &str, example: &str, neighbour: &str) {
    use junqi_referee::rules::contract::{Secret, Start, catalog};
    let mut sim = Sim::new(&format!("{kind}-rating"), 3, &format!("Pool format=round-robin variant={kind}"));
    let out = sim.run().await;
    assert!(!out.contains("> error"), "{out}");
    let line = out.lines().find(|l| l.contains(": game #1, ")).expect("the first round's game");
    assert!(line.contains("please deploy"), "{line}");
    let rest = line.split_once(": game #1, ").unwrap().1;
    let (red, rest) = rest.split_once(" (Red) vs ").unwrap();
    let blue = rest.split_once(" (Blue)").unwrap().0.to_string();
    sim.text.push_str(&format!("{red}: deploy 1 {example}\n{blue}: deploy 1 {example}\n"));
    let def = catalog::find(kind).unwrap();
    let mut start = Start::new(2);
    start.setups = vec![Secret::new(example.to_string()), Secret::new(example.to_string())];
    let mut g = (def.start)(&start).unwrap();
    for _ in 0..30 {
        let seat = g.to_move();
        let mut legal = g.legal_tokens(seat);
        legal.sort();
        let who = if seat.0 == 0 { red } else { blue.as_str() };
        sim.text.push_str(&format!("{who}: move 1 {}\n", legal[0]));
        g.play_text(seat, &legal[0]).unwrap();
    }
    assert!(g.over().is_none(), "the game goes on after 30 plies");
    let loser = if g.to_move().0 == 0 { red } else { blue.as_str() };
    sim.text.push_str(&format!(
        "{loser}: resign 1\n{red}: rating variant={kind}\n{red}: rating variant={neighbour}\n{red}: rating\n"
    ));
    let out = sim.run().await;
    assert!(!out.contains("> error"), "{out}");
    assert!(out.contains("Game #1 is over") && !out.contains("so it is not rated"), "{out}");
    let answer = |cmd: &str| out.lines().skip_while(|l| !l.ends_with(cmd)).nth(1).unwrap().to_string();
    let pool = answer(&format!("rating variant={kind}"));
    assert!(!pool.contains("no rated") && pool.contains(red), "{pool}");
    assert!(answer(&format!("rating variant={neighbour}")).contains(&format!("no rated {neighbour} game")), "{out}");
    assert!(answer(": rating").contains("no rated junqi game"), "{out}");
    let _ = std::fs::remove_file(&sim.db);
}

/// A round robin of 海军棋 (issue 15): its round games ask for deployments, a game of 30 plies and
/// more is rated, and the rating lives in a haijun pool of its own, apart from Junqi's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_haijun_tournament_rates_its_games_in_the_haijun_pool() {
    use junqi_referee::rules::haijun::deploy::parse;
    use junqi_referee::rules::haijun::{HaijunGame, HaijunOptions};
    const RED: &str = "abcgb dgc edfg hef bcidh ijief";
    const BLUE: &str = "cggbf bae hcgd hfd iecfd iiejb";
    let mut sim = Sim::new("haijun", 3, "Fleet format=round-robin variant=haijun");
    let out = sim.run().await;
    assert!(!out.contains("> error"), "{out}");
    // ">   board 1: game #1, p1 (Red) vs p3 (Blue), please deploy"
    let line = out.lines().find(|l| l.contains(": game #1, ")).expect("the first round's game");
    assert!(line.contains("please deploy"), "{line}");
    let rest = line.split_once(": game #1, ").unwrap().1;
    let (red, rest) = rest.split_once(" (Red) vs ").unwrap();
    let blue = rest.split_once(" (Blue)").unwrap().0.to_string();
    sim.text.push_str(&format!("{red}: deploy 1 {RED}\n{blue}: deploy 1 {BLUE}\n"));
    // Thirty quiet plies (the first legal move onto an empty point, by name), then the side to
    // move resigns.
    let mut g = HaijunGame::new(HaijunOptions::default(), &parse(RED).unwrap(), &parse(BLUE).unwrap());
    for _ in 0..30 {
        let b = g.board();
        let mut quiet: Vec<(String, _, _)> = g
            .legal_moves()
            .into_iter()
            .filter(|&(_, to, _)| g.piece_at(to).is_none())
            .map(|(from, to, _)| (format!("{}-{}", b.name(from), b.name(to)), from, to))
            .collect();
        quiet.sort_by(|x, y| x.0.cmp(&y.0));
        let (token, from, to) = quiet.first().cloned().expect("a quiet move");
        let who = if g.to_move().0 == 0 { red } else { blue.as_str() };
        sim.text.push_str(&format!("{who}: move 1 {token}\n"));
        g.play(from, to).unwrap();
    }
    assert!(g.over().is_none(), "the game goes on after 30 plies");
    let loser = if g.to_move().0 == 0 { red } else { blue.as_str() };
    sim.text.push_str(&format!("{loser}: resign 1\n{red}: rating variant=haijun\n{red}: rating\n"));
    let out = sim.run().await;
    assert!(!out.contains("> error"), "{out}");
    assert!(out.contains("Game #1 is over") && !out.contains("so it is not rated"), "{out}");
    let haijun = out.lines().skip_while(|l| !l.ends_with("rating variant=haijun")).nth(1).unwrap();
    assert!(!haijun.contains("no rated") && haijun.contains(red), "{haijun}");
    let junqi = out.lines().skip_while(|l| !l.ends_with(": rating")).nth(1).unwrap();
    assert!(junqi.contains("no rated junqi game"), "{junqi}");
    let _ = std::fs::remove_file(&sim.db);
}
