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

/// 陆海空三军棋 through its three-layer art: a dark-mode game from seeded random deployments, 40
/// random plies in, for the public and for Red (the kind is not catalogued yet: its contract
/// game is made directly, as the render tests do).
fn sanjun(c: &mut Criterion) {
    use junqi_referee::render::{PictureOptions, picture_indexed, picture_png};
    use junqi_referee::rules::Mode;
    use junqi_referee::rules::contract::{Audience, Game};
    use junqi_referee::rules::rng::Rng;
    use junqi_referee::rules::sanjun::contract::SanjunContract;
    use junqi_referee::rules::sanjun::{SanjunGame, SanjunOptions, SanjunSetup};
    let mut rng = Rng::new(5);
    let (red, blue) = (SanjunSetup::random(&mut rng), SanjunSetup::random(&mut rng));
    let g = SanjunGame::new(&red, &blue, SanjunOptions::default(), Seat::RED).expect("legal deployments");
    let mut game = SanjunContract::new(g, Mode::Dark).expect("default options");
    for _ in 0..40 {
        let seat = game.to_move();
        let moves = game.legal(seat);
        let mv = moves[rng.below(moves.len())];
        game.play(seat, mv).expect("a legal move");
    }
    let opts = PictureOptions::default();
    let last = game.last().cloned();
    for (name, audience) in [("public", Audience::Public), ("red", Audience::Seat(Seat::RED))] {
        let picture = game.picture(audience, last.as_ref());
        let kind = game.kind();
        let bytes = picture_png(&picture, kind, &opts).expect("draws");
        eprintln!("sanjun_{name}: {} bytes per image", bytes.len());
        c.bench_function(&format!("picture_png_sanjun_{name}"), |b| {
            b.iter(|| picture_png(&picture, kind, &opts).expect("draws"))
        });
        c.bench_function(&format!("picture_compose_sanjun_{name}"), |b| {
            b.iter(|| picture_indexed(&picture, kind, &opts).expect("draws"))
        });
    }
}

/// 海军棋 through its sea art: a dark-mode game from seeded random deployments, 40 random plies
/// in, for the public and for Red.
fn haijun(c: &mut Criterion) {
    use junqi_referee::render::{PictureOptions, picture_indexed, picture_png};
    use junqi_referee::rules::Mode;
    use junqi_referee::rules::contract::{Audience, Game};
    use junqi_referee::rules::haijun::contract::HaijunContract;
    use junqi_referee::rules::haijun::{HaijunGame, HaijunOptions, HaijunSetup};
    use junqi_referee::rules::rng::Rng;
    let mut rng = Rng::new(3);
    let (red, blue) = (HaijunSetup::random(&mut rng), HaijunSetup::random(&mut rng));
    let mut game = HaijunContract::new(HaijunGame::new(HaijunOptions::default(), &red, &blue), Mode::Dark);
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
        eprintln!("haijun_{name}: {} bytes per image", bytes.len());
        c.bench_function(&format!("picture_png_haijun_{name}"), |b| {
            b.iter(|| picture_png(&picture, kind, &opts).expect("draws"))
        });
        c.bench_function(&format!("picture_compose_haijun_{name}"), |b| {
            b.iter(|| picture_indexed(&picture, kind, &opts).expect("draws"))
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
