//! Bot benchmarks (`cargo bench -p junqi-bot`): one belief update (a ply taken in, the army
//! pruned and its marginals refitted) and one `search` move at a fixed node budget, both at ply
//! 60 of a game between two greedy players on the standard rules.

use criterion::{Criterion, criterion_group, criterion_main};
use junqi_bot::deploy;
use junqi_bot::{Belief, Budget, Player, PlayerKind, SeatView, Setting};
use junqi_rules::Seat;
use junqi_rules::contract::catalog;
use junqi_rules::contract::{AnyGame, Audience, Picture, PublicPly, Secret, Start};
use junqi_rules::rng::Rng;

const PLIES: u32 = 60;

/// A game after `PLIES` plies of two greedy players, with each seat's history.
fn position() -> (Box<dyn AnyGame>, Vec<Vec<PublicPly>>, Setting) {
    let def = catalog::find("junqi").expect("junqi is catalogued");
    let setting = Setting::of_kind(def.kind, "").expect("the bot plays junqi");
    let mut rng = Rng::new(11);
    let mut start = Start::new(2);
    start.setups = (0..2).map(|_| Secret::new(deploy::deployment(setting.variant, &mut rng))).collect();
    let mut game = (def.start)(&start).expect("legal deployments");
    let mut players: Vec<Player> =
        (0..2).map(|s| Player::new(PlayerKind::Greedy, setting, Seat(s), 5 + u64::from(s), Budget::Nodes(0))).collect();
    let mut history = vec![Vec::new(), Vec::new()];
    while game.ply() < PLIES && game.over().is_none() {
        let seat = game.to_move();
        let picture = game.picture_for(Audience::Seat(seat));
        let view = SeatView::new(seat, &picture, &history[seat.index()]).expect("own view");
        let token = players[seat.index()].choose(&view).expect("a move");
        game.play_text(seat, &token).expect("legal");
        for (s, h) in history.iter_mut().enumerate() {
            h.extend(game.last_ply_for(Audience::Seat(Seat(s as u8))));
        }
    }
    (game, history, setting)
}

fn bench(c: &mut Criterion) {
    let (game, history, setting) = position();
    let seat = game.to_move();
    let picture: Picture = game.picture_for(Audience::Seat(seat));
    let plies = &history[seat.index()];
    // The belief before the last ply; each iteration takes that ply in.
    let mut before = Belief::new(setting, seat);
    before.update(&plies[..plies.len() - 1], &picture).expect("consistent");
    c.bench_function("belief_update_one_ply_at_60", |b| {
        b.iter(|| {
            let mut belief = before.clone();
            belief.update(plies, &picture).expect("consistent");
            belief
        })
    });
    let view = SeatView::new(seat, &picture, plies).expect("own view");
    c.bench_function("search_move_20000_nodes_at_60", |b| {
        b.iter(|| {
            let mut p = Player::new(PlayerKind::Search, setting, seat, 1, Budget::Nodes(20_000));
            p.choose(&view).expect("a move")
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10).measurement_time(std::time::Duration::from_secs(5));
    targets = bench
}
criterion_main!(benches);
