use junqi_referee::render::replay::record_frames;
use junqi_referee::render::{Lang, render_indexed};
use junqi_referee::rules::Viewer;
use junqi_referee::rules::record::Record;
use std::time::Instant;

fn main() {
    let record = Record::parse(include_str!("../tests/data/long-game.jqr")).unwrap();
    let frames = record_frames(&record, Viewer::Spectator, Lang::Zh, Some(80)).unwrap();
    let (view, opts) = frames.last().unwrap();
    let img = render_indexed(view, opts).unwrap();
    let t = Instant::now();
    for _ in 0..50 {
        render_indexed(view, opts).unwrap();
    }
    println!("render {:?}", t.elapsed() / 50);
    let pal: Vec<u8> =
        (0..img.pixels.iter().copied().max().unwrap() as usize + 1).flat_map(|i| [i as u8, 0, 0]).collect();
    for (name, comp) in [
        ("ultrafast", png::DeflateCompression::FdeflateUltraFast),
        ("l1", png::DeflateCompression::Level(1)),
        ("l2", png::DeflateCompression::Level(2)),
        ("l3", png::DeflateCompression::Level(3)),
        ("l6", png::DeflateCompression::Level(6)),
    ] {
        for filt in [png::Filter::NoFilter, png::Filter::Sub, png::Filter::Up, png::Filter::Adaptive] {
            let enc = |out: &mut Vec<u8>| {
                let mut e = png::Encoder::new(out, img.width as u32, img.height as u32);
                e.set_color(png::ColorType::Indexed);
                e.set_palette(pal.as_slice());
                e.set_deflate_compression(comp);
                e.set_filter(filt);
                let mut w = e.write_header().unwrap();
                w.write_image_data(&img.pixels).unwrap();
            };
            let mut out = Vec::new();
            enc(&mut out);
            let t = Instant::now();
            for _ in 0..30 {
                let mut o = Vec::new();
                enc(&mut o);
            }
            println!("{name} {filt:?}: {} bytes {:?}", out.len(), t.elapsed() / 30);
        }
    }
}
