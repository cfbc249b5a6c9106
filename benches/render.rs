//! Board image speed: render + indexed PNG encode of a mid-game public view and a private view
//! (goal: ≤ 1 ms median, ≤ 40 KB per image, release build).

use criterion::{Criterion, criterion_group, criterion_main};
use junqi_referee::render::replay::record_frames;
use junqi_referee::render::{Lang, render_gif, render_indexed, render_png};
use junqi_referee::rules::record::Record;
use junqi_referee::rules::{Seat, Viewer};

fn bench(c: &mut Criterion) {
    let text = include_str!("../tests/data/long-game.jqr");
    let record = Record::parse(text).expect("the long game parses");
    for (name, viewer) in [("public", Viewer::Spectator), ("private_blue", Viewer::Seat(Seat::BLUE))] {
        let frames = record_frames(&record, viewer, Lang::ZhHans, Some(80)).expect("frames");
        let (view, opts) = frames.last().expect("a frame");
        let bytes = render_png(view, opts).expect("renders");
        eprintln!("{name}: {} bytes per image", bytes.len());
        c.bench_function(&format!("render_png_{name}"), |b| b.iter(|| render_png(view, opts).expect("renders")));
        // The two halves separately, to see where the time goes.
        c.bench_function(&format!("compose_only_{name}"), |b| b.iter(|| render_indexed(view, opts).expect("renders")));
        let img = render_indexed(view, opts).expect("renders");
        c.bench_function(&format!("encode_only_{name}"), |b| b.iter(|| img.to_png().expect("encodes")));
        eprintln!("{name}: png crate (miniz level 1) makes {} bytes", img.to_png_reference().expect("encodes").len());
        c.bench_function(&format!("encode_png_crate_{name}"), |b| b.iter(|| img.to_png_reference().expect("encodes")));
    }
    games(c);
    sanjun(c);
    haijun(c);
    let all = record_frames(&record, Viewer::Everyone, Lang::ZhHans, None).expect("frames");
    let gif = render_gif(&all).expect("gif");
    eprintln!("reveal GIF of {} frames: {} bytes", all.len(), gif.len());
}

/// Draughts and 跳棋 pictures through their arts: a mid-game 10×10 board and a 6-player star
/// (the kinds catalogued here, as their tests do until they are built in).
fn games(c: &mut Criterion) {
    use junqi_referee::render::{PictureOptions, picture_indexed, picture_png};
    use junqi_referee::rules::contract::{Start, catalog};
    use junqi_referee::rules::{draughts, tiaoqi};
    for def in [&draughts::DRAUGHTS10, &tiaoqi::TIAOQI] {
        catalog::register(def);
    }
    let mut d10 = (draughts::DRAUGHTS10.start)(&Start::new(2)).expect("starts");
    for t in ["32-28", "19-23", "28x19", "14x23"] {
        let seat = d10.to_move();
        d10.play_text(seat, t).expect("legal");
    }
    let six = Start { options: "pieces=10".into(), ..Start::new(6) };
    let mut star = (tiaoqi::TIAOQI.start)(&six).expect("starts");
    for _ in 0..12 {
        let seat = star.to_move();
        let token = star.legal_tokens(seat).into_iter().max_by_key(|t| t.len()).expect("a move");
        star.play_text(seat, &token).expect("legal");
    }
    let opts = PictureOptions::default();
    for (name, game) in [("draughts10", &d10), ("tiaoqi6", &star)] {
        let picture = game.picture_for(junqi_referee::rules::contract::Audience::Public);
        let kind = game.kind();
        let bytes = picture_png(&picture, kind, &opts).expect("draws");
        eprintln!("{name}: {} bytes per image", bytes.len());
        c.bench_function(&format!("picture_png_{name}"), |b| {
            b.iter(|| picture_png(&picture, kind, &opts).expect("draws"))
        });
        c.bench_function(&format!("picture_compose_{name}"), |b| {
            b.iter(|| picture_indexed(&picture, kind, &opts).expect("draws"))
        });
    }
}

/// The three-layer boards (陆海空三军棋 `sanjun`, 海陆空三军战斗棋 `sanjun30`) through their art:
/// dark-mode games from seeded random deployments, 40 random plies in (a loaded mid-game), drawn
/// for the public, for Red (own view) and, after Blue resigns 20 plies later, the full reveal in
/// 繁體 (the kinds are not catalogued here: their contract games are made directly, as the render
/// tests do). Each case: the whole PNG, the drawing alone and the encoding alone.
fn sanjun(c: &mut Criterion) {
    use junqi_referee::rules::Mode;
    use junqi_referee::rules::rng::Rng;
    use junqi_referee::rules::sanjun::contract::SanjunContract;
    use junqi_referee::rules::sanjun::{SanjunGame, SanjunOptions, SanjunSetup};
    use junqi_referee::rules::sanjun30::contract::Sanjun30Contract;
    use junqi_referee::rules::sanjun30::{Sanjun30Game, Sanjun30Options, Setup30};
    let mut rng = Rng::new(5);
    let (red, blue) = (SanjunSetup::random(&mut rng), SanjunSetup::random(&mut rng));
    let g = SanjunGame::new(&red, &blue, SanjunOptions::default(), Seat::RED).expect("legal deployments");
    let game = SanjunContract::new(g, Mode::Dark).expect("default options");
    three_layer(c, "sanjun", game, &mut rng);
    let mut rng = Rng::new(5);
    let (red, blue) = (Setup30::random(&mut rng), Setup30::random(&mut rng));
    let g = Sanjun30Game::new(&red, &blue, Sanjun30Options::default(), Seat::RED).expect("legal deployments");
    three_layer(c, "sanjun30", Sanjun30Contract::new(g, Mode::Dark), &mut rng);
}

/// The cases of one three-layer board (see [`sanjun`]).
fn three_layer<G: junqi_referee::rules::contract::Game>(
    c: &mut Criterion,
    name: &str,
    mut game: G,
    rng: &mut junqi_referee::rules::rng::Rng,
) {
    use junqi_referee::render::{Lang, PictureOptions, picture_indexed, picture_png};
    use junqi_referee::rules::contract::{Audience, Leave};
    let random_plies = |game: &mut G, rng: &mut junqi_referee::rules::rng::Rng, n: usize| {
        for _ in 0..n {
            let seat = game.to_move();
            let moves = game.legal(seat);
            if moves.is_empty() || game.over().is_some() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            game.play(seat, mv).expect("a legal move");
        }
    };
    random_plies(&mut game, rng, 40);
    let mut end = game.clone();
    random_plies(&mut end, rng, 20);
    end.leave(Seat::BLUE, Leave::Resign);
    let cases = [
        ("public", &game, Audience::Public, Lang::ZhHans),
        ("red", &game, Audience::Seat(Seat::RED), Lang::ZhHans),
        ("reveal", &end, Audience::Public, Lang::ZhHant),
    ];
    for (case, g, audience, lang) in cases {
        let picture = g.picture(audience, g.last());
        let kind = g.kind();
        let opts = PictureOptions { lang, ..PictureOptions::default() };
        let bytes = picture_png(&picture, kind, &opts).expect("draws");
        eprintln!("{name}_{case}: {} bytes per image", bytes.len());
        c.bench_function(&format!("picture_png_{name}_{case}"), |b| {
            b.iter(|| picture_png(&picture, kind, &opts).expect("draws"))
        });
        c.bench_function(&format!("picture_compose_{name}_{case}"), |b| {
            b.iter(|| picture_indexed(&picture, kind, &opts).expect("draws"))
        });
        let img = picture_indexed(&picture, kind, &opts).expect("draws");
        experiments(c, &format!("{name}_{case}"), &img);
        if case == "red" {
            // Where the drawing's time goes: without the last action's marks and path, and
            // without any token.
            let mut bare = picture.clone();
            bare.marks.clear();
            bare.badge = None;
            c.bench_function(&format!("picture_compose_{name}_{case}_nomarks"), |b| {
                b.iter(|| picture_indexed(&bare, kind, &opts).expect("draws"))
            });
            bare.tokens.clear();
            c.bench_function(&format!("picture_compose_{name}_{case}_notokens"), |b| {
                b.iter(|| picture_indexed(&bare, kind, &opts).expect("draws"))
            });
        }
    }
}

/// The encoder's choices on one image, for the note: the bytes at zlib levels 1, 2 and 3 and at
/// level 1 with the palette relabelled by frequency (level 1's fixed Huffman codes spend 8 bits
/// on literals 0–143 and 9 on the rest); the time of each on the own view only.
fn experiments(c: &mut Criterion, name: &str, img: &junqi_referee::render::IndexedImage) {
    let mut count = [0usize; 256];
    img.pixels.iter().for_each(|&p| count[usize::from(p)] += 1);
    let mut order: Vec<usize> = (0..256).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(count[i]));
    let mut relabel = [0u8; 256];
    for (rank, &i) in order.iter().enumerate() {
        relabel[i] = rank as u8;
    }
    let mut frequent = img.clone();
    frequent.pixels.iter_mut().for_each(|p| *p = relabel[usize::from(*p)]);
    for (setting, image, level) in [("l1", img, 1), ("l2", img, 2), ("l3", img, 3), ("l1_frequent", &frequent, 1)] {
        eprintln!("{name} {setting}: {} bytes", image.to_png_at(level).expect("encodes").len());
        if name.ends_with("_red") {
            c.bench_function(&format!("encode_{name}_{setting}"), |b| {
                b.iter(|| image.to_png_at(level).expect("encodes"))
            });
        }
    }
    // Level 2 with smaller hash tables (zlib's memLevel; 8 is the default).
    let mut raw = Vec::with_capacity((img.width + 1) * img.height);
    for row in img.pixels.chunks_exact(img.width) {
        raw.push(0);
        raw.extend_from_slice(row);
    }
    for mem_level in [2, 4, 6] {
        let deflate = || {
            let mut z = vec![0u8; zlib_rs::compress_bound(raw.len())];
            let config = zlib_rs::DeflateConfig { mem_level, ..zlib_rs::DeflateConfig::new(2) };
            zlib_rs::compress_slice(&mut z, &raw, config).0.len()
        };
        eprintln!("{name} l2_mem{mem_level}: {} bytes", deflate() + 800);
        if name.ends_with("_red") {
            c.bench_function(&format!("encode_{name}_l2_mem{mem_level}"), |b| b.iter(deflate));
        }
    }
}

/// The two naval games through their sea art: dark-mode games from seeded random deployments, 40
/// random plies in, for the public and for Red.
fn haijun(c: &mut Criterion) {
    use junqi_referee::rules::Mode;
    use junqi_referee::rules::haijun::contract::HaijunContract;
    use junqi_referee::rules::haijun::{HaijunGame, HaijunOptions, HaijunSetup};
    use junqi_referee::rules::haijun21::contract::Haijun21Contract;
    use junqi_referee::rules::haijun21::{Haijun21Game, Haijun21Options, Haijun21Setup};
    use junqi_referee::rules::rng::Rng;
    let mut rng = Rng::new(3);
    let (red, blue) = (HaijunSetup::random(&mut rng), HaijunSetup::random(&mut rng));
    let game = HaijunContract::new(HaijunGame::new(HaijunOptions::default(), &red, &blue), Mode::Dark);
    naval(c, "haijun", game, &mut rng);
    let (red, blue) = (Haijun21Setup::random(&mut rng), Haijun21Setup::random(&mut rng));
    let game = Haijun21Contract::new(Haijun21Game::new(Haijun21Options::default(), &red, &blue), Mode::Dark);
    naval(c, "haijun21", game, &mut rng);
}

/// One naval game, 40 random plies in, drawn for the public and for Red (`picture_png_{key}_…`).
fn naval<G: junqi_referee::rules::contract::Game>(
    c: &mut Criterion,
    key: &str,
    mut game: G,
    rng: &mut junqi_referee::rules::rng::Rng,
) {
    use junqi_referee::render::{PictureOptions, picture_indexed, picture_png};
    use junqi_referee::rules::contract::Audience;
    for _ in 0..40 {
        let seat = game.to_move();
        let moves = game.legal(seat);
        if moves.is_empty() || game.over().is_some() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        game.play(seat, mv).expect("a legal move");
    }
    let opts = PictureOptions::default();
    let last = game.last().cloned();
    for (name, audience) in [("public", Audience::Public), ("red", Audience::Seat(Seat::RED))] {
        let picture = game.picture(audience, last.as_ref());
        let kind = game.kind();
        let bytes = picture_png(&picture, kind, &opts).expect("draws");
        eprintln!("{key}_{name}: {} bytes per image", bytes.len());
        c.bench_function(&format!("picture_png_{key}_{name}"), |b| {
            b.iter(|| picture_png(&picture, kind, &opts).expect("draws"))
        });
        c.bench_function(&format!("picture_compose_{key}_{name}"), |b| {
            b.iter(|| picture_indexed(&picture, kind, &opts).expect("draws"))
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
