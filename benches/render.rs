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
    let all = record_frames(&record, Viewer::Everyone, Lang::ZhHans, None).expect("frames");
    let gif = render_gif(&all).expect("gif");
    eprintln!("reveal GIF of {} frames: {} bytes", all.len(), gif.len());
}

criterion_group!(benches, bench);
criterion_main!(benches);
