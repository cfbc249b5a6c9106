//! Rules-core speed: legal-move generation over fixed mid-game positions, and random playouts.
//! Goals (release, one core): ≥ 2,000,000 move lists/s and ≥ 1,000,000 playout plies/s.
//! Draughts perft from the start position, nodes/s; 跳棋 and 陆海空三军棋 move lists.
//! Run: `cargo bench --bench rules`.

use criterion::{Criterion, Throughput, black_box, criterion_group, criterion_main};
use junqi_referee::rules::rng::Rng;
use junqi_referee::rules::{Game, Move, RuleOptions, Seat, Setup, Variant};

fn start(seed: u64) -> Game {
    let v = Variant::junqi();
    let mut rng = Rng::new(seed);
    let red = Setup::random(v, &mut rng).validate(v, Seat::RED).unwrap();
    let blue = Setup::random(v, &mut rng).validate(v, Seat::BLUE).unwrap();
    Game::new(v, RuleOptions::default(), &[red, blue], Seat::RED)
}

/// 48 positions: 16 seeded games stopped after 20, 40 and 60 random plies.
fn mid_game_positions() -> Vec<Game> {
    let mut out = Vec::new();
    for seed in 0..16 {
        for stop in [20, 40, 60] {
            let mut g = start(seed);
            let mut rng = Rng::new(seed + 1000);
            while g.ply() < stop && g.over().is_none() {
                let moves = g.legal_moves();
                g.play_unchecked(moves[rng.below(moves.len())]);
            }
            if g.over().is_none() {
                out.push(g);
            }
        }
    }
    out
}

fn playout(game: &Game, rng: &mut Rng, buf: &mut Vec<Move>) -> u32 {
    let mut g = game.clone();
    while g.over().is_none() {
        g.legal_moves_for_into(g.to_move(), buf);
        let m = buf[rng.below(buf.len())];
        g.play_unchecked(m);
    }
    g.ply()
}

fn bench(c: &mut Criterion) {
    let positions = mid_game_positions();
    let mut group = c.benchmark_group("movegen");
    group.throughput(Throughput::Elements(positions.len() as u64));
    let mut buf = Vec::with_capacity(128);
    group.bench_function("mid-game move lists", |b| {
        b.iter(|| {
            let mut total = 0;
            for g in &positions {
                g.legal_moves_for_into(g.to_move(), &mut buf);
                total += buf.len();
            }
            black_box(total)
        })
    });
    group.finish();

    // Plies per playout vary; measure a fixed batch of seeded playouts and report plies.
    let starts: Vec<Game> = (0..8).map(start).collect();
    let mut rng = Rng::new(42);
    let plies: u64 = starts.iter().map(|g| u64::from(playout(g, &mut rng.clone(), &mut buf))).sum();
    let mut group = c.benchmark_group("playout");
    group.throughput(Throughput::Elements(plies));
    group.sample_size(20);
    group.bench_function("random playouts (8 games)", |b| {
        b.iter(|| {
            let mut total = 0;
            for g in &starts {
                total += playout(g, &mut rng.clone(), &mut buf);
            }
            black_box(total)
        })
    });
    group.finish();
    rng = Rng::new(rng.next_u64());
    black_box(rng.next_u64());
}

/// Draughts perft from the start position (issue 16): English draughts to depth 7 and
/// international to depth 5, as nodes per second. The counts are checked against the spec's
/// figures before timing, so a faster but wrong generator cannot pass as an improvement.
fn draughts_perft(c: &mut Criterion) {
    use junqi_referee::rules::draughts::Position;
    use junqi_referee::rules::draughts::board::Variant as Board;
    use junqi_referee::rules::draughts::movegen::perft;
    let mut g = c.benchmark_group("draughts_perft");
    g.sample_size(10);
    for (board, depth, nodes) in [(Board::English, 7, 179_740u64), (Board::International, 5, 27_117)] {
        let start = Position::start(board);
        assert_eq!(perft(&start, depth), nodes, "{} perft {depth}", board.name());
        g.throughput(Throughput::Elements(nodes));
        g.bench_function(format!("{}_depth_{depth}", board.name()), |b| b.iter(|| perft(black_box(&start), depth)));
    }
    g.finish();
}

/// 跳棋 legal action lists for six players (issue 16): 240 fixed positions from seeded random
/// games of the 6-player star (every 5th ply of each game, up to the game's end), the list of
/// the seat to move generated for each, as lists per second.
fn tiaoqi_lists(c: &mut Criterion) {
    use junqi_referee::rules::contract::Start;
    use junqi_referee::rules::tiaoqi::{self, Tiaoqi};
    let mut positions: Vec<Tiaoqi> = Vec::new();
    let mut rng = Rng::new(16);
    while positions.len() < 240 {
        let mut g = tiaoqi::kinds::start(&Start::new(6)).expect("a 6-player star");
        for ply in 0..400 {
            let legal = g.legal_moves();
            if legal.is_empty() {
                break;
            }
            if ply % 5 == 0 && positions.len() < 240 {
                positions.push(g.clone());
            }
            let mv = legal[rng.below(legal.len())];
            g.play_move(mv).expect("a listed move is legal");
        }
    }
    let moves: usize = positions.iter().map(|g| g.legal_moves().len()).sum();
    eprintln!("tiaoqi: {} positions, {moves} legal actions in all", positions.len());
    let mut g = c.benchmark_group("tiaoqi_lists");
    g.throughput(Throughput::Elements(positions.len() as u64));
    g.bench_function("six_players_240_positions", |b| {
        b.iter(|| positions.iter().map(|p| black_box(p).legal_moves().len()).sum::<usize>())
    });
    g.finish();
}

/// 陆海空三军棋 legal-move lists (issue 14): 240 fixed mid-game positions — 60 seeded games
/// (random deployments, random legal plies) stopped after 20, 40, 60 and 80 plies — the list of
/// the side to move generated for each, as lists per second (next to Junqi's `movegen`).
fn sanjun_lists(c: &mut Criterion) {
    use junqi_referee::rules::sanjun::{SanjunGame, SanjunOptions, SanjunSetup};
    let mut positions: Vec<SanjunGame> = Vec::new();
    let mut seed = 0;
    while positions.len() < 240 {
        let mut rng = Rng::new(seed);
        seed += 1;
        let (red, blue) = (SanjunSetup::random(&mut rng), SanjunSetup::random(&mut rng));
        let mut g = SanjunGame::new(&red, &blue, SanjunOptions::default(), Seat::RED).expect("random deployments");
        for stop in [20, 40, 60, 80] {
            while g.ply() < stop && g.over().is_none() {
                let moves = g.legal_moves();
                g.play_unchecked(moves[rng.below(moves.len())]);
            }
            if g.over().is_none() && positions.len() < 240 {
                positions.push(g.clone());
            }
        }
    }
    let moves: usize = positions.iter().map(|g| g.legal_moves().len()).sum();
    eprintln!("sanjun: {} positions, {moves} legal moves in all", positions.len());
    let mut g = c.benchmark_group("sanjun_lists");
    g.throughput(Throughput::Elements(positions.len() as u64));
    g.bench_function("mid_game_240_positions", |b| {
        b.iter(|| positions.iter().map(|p| black_box(p).legal_moves().len()).sum::<usize>())
    });
    g.finish();
}

/// 海陆空三军战斗棋 (sanjun30) legal-move lists (issue 14 item 6): 240 fixed mid-game positions
/// from seeded random games (every 5th ply from ply 10, up to the game's end), the list of the
/// side to move generated for each, as lists per second.
fn sanjun30_lists(c: &mut Criterion) {
    use junqi_referee::rules::sanjun30::{Sanjun30Game, Sanjun30Options, Setup30};
    let mut positions: Vec<Sanjun30Game> = Vec::new();
    let mut seed = 0;
    while positions.len() < 240 {
        let mut rng = Rng::new(seed);
        seed += 1;
        let (red, blue) = (Setup30::random(&mut rng), Setup30::random(&mut rng));
        let mut g =
            Sanjun30Game::new(&red, &blue, Sanjun30Options::default(), Seat::RED).expect("random setups are legal");
        for ply in 0..400 {
            let legal = g.legal_moves();
            if legal.is_empty() {
                break;
            }
            if ply >= 10 && ply % 5 == 0 && positions.len() < 240 {
                positions.push(g.clone());
            }
            g.play_unchecked(legal[rng.below(legal.len())]);
        }
    }
    let moves: usize = positions.iter().map(|g| g.legal_moves().len()).sum();
    eprintln!("sanjun30: {} positions, {moves} legal moves in all", positions.len());
    let mut g = c.benchmark_group("sanjun30_lists");
    g.throughput(Throughput::Elements(positions.len() as u64));
    g.bench_function("mid_game_240_positions", |b| {
        b.iter(|| positions.iter().map(|p| black_box(p).legal_moves().len()).sum::<usize>())
    });
    g.finish();
}

/// The naval games' legal-move lists (issue 15 item 5): 240 fixed mid-game positions from seeded
/// random games (every 5th ply from ply 10, up to the game's end), the list of the side to move
/// generated for each, as lists per second (next to Junqi's `movegen`, whose board `haijun`
/// shares). One function per game, the two engines having the same shape.
macro_rules! naval_lists {
    ($name:ident, $label:literal, $module:ident, $game:ident, $options:ident, $setup:ident) => {
        fn $name(c: &mut Criterion) {
            use junqi_referee::rules::$module::{$game, $options, $setup};
            let mut positions: Vec<$game> = Vec::new();
            let mut seed = 0;
            while positions.len() < 240 {
                let mut rng = Rng::new(seed);
                seed += 1;
                let (red, blue) = ($setup::random(&mut rng), $setup::random(&mut rng));
                let mut g = $game::new($options::default(), &red, &blue);
                for ply in 0..400 {
                    let legal = g.legal_moves();
                    if legal.is_empty() || g.over().is_some() {
                        break;
                    }
                    if ply >= 10 && ply % 5 == 0 && positions.len() < 240 {
                        positions.push(g.clone());
                    }
                    let (from, to, _) = legal[rng.below(legal.len())];
                    g.play(from, to).expect("a legal move");
                }
            }
            let moves: usize = positions.iter().map(|g| g.legal_moves().len()).sum();
            eprintln!("{}: {} positions, {moves} legal moves in all", $label, positions.len());
            let mut g = c.benchmark_group(concat!($label, "_lists"));
            g.throughput(Throughput::Elements(positions.len() as u64));
            g.bench_function("mid_game_240_positions", |b| {
                b.iter(|| positions.iter().map(|p| black_box(p).legal_moves().len()).sum::<usize>())
            });
            g.finish();
        }
    };
}

naval_lists!(haijun_lists, "haijun", haijun, HaijunGame, HaijunOptions, HaijunSetup);
naval_lists!(haijun21_lists, "haijun21", haijun21, Haijun21Game, Haijun21Options, Haijun21Setup);

criterion_group!(
    benches,
    bench,
    draughts_perft,
    tiaoqi_lists,
    sanjun_lists,
    sanjun30_lists,
    haijun_lists,
    haijun21_lists
);
criterion_main!(benches);
