//! Board images: golden files, hidden information, marks, orientation, sizes, the GIF, the CLI.
//!
//! Golden images live in `tests/golden/`. After a deliberate change to the drawing, regenerate
//! them with `UPDATE_GOLDEN=1 cargo test --test suite render` and look at them before committing.

use std::path::{Path, PathBuf};
use std::process::Command;

use junqi_referee::render::art::{Art, by_key};
use junqi_referee::render::layout::{self, tile_rect};
use junqi_referee::render::replay::record_frames;
use junqi_referee::render::{IndexedImage, PictureOptions, RenderError, picture_indexed, picture_png};
use junqi_referee::render::{Lang, RenderOptions, all_text, missing_glyphs, render_gif, render_indexed, render_png};
use junqi_referee::rules::adapters::junqi::{JUNQI, JunqiGame};
use junqi_referee::rules::contract::{
    AnyGame, Audience, Game as ContractGame, GameKind, Secret, SetupStyle, Start, catalog,
};
use junqi_referee::rules::game::Move;
use junqi_referee::rules::notation::parse_point;
use junqi_referee::rules::record::Record;
use junqi_referee::rules::rng::Rng;
use junqi_referee::rules::{Game, Mode, PieceKind, PointId, RuleOptions, Seat, Setup, Variant, View, Viewer};

fn data(name: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(name)).expect("test data")
}

fn frames(file: &str, viewer: Viewer, lang: Lang, ply: Option<usize>) -> Vec<(View, RenderOptions)> {
    record_frames(&Record::parse(&data(file)).expect("parses"), viewer, lang, ply).expect("frames")
}

fn last_png(file: &str, viewer: Viewer, lang: Lang, ply: Option<usize>) -> Vec<u8> {
    let f = frames(file, viewer, lang, ply);
    let (v, o) = f.last().expect("a frame");
    render_png(v, o).expect("renders")
}

fn golden(name: &str, bytes: &[u8]) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(path.parent().expect("dir")).expect("mkdir");
        std::fs::write(&path, bytes).expect("write golden");
        return;
    }
    let want = std::fs::read(&path)
        .unwrap_or_else(|_| panic!("missing {}; run UPDATE_GOLDEN=1 cargo test --test suite render", path.display()));
    assert!(want == bytes, "{name} differs from its golden image; if intended, UPDATE_GOLDEN=1 and look at it");
}

#[test]
fn golden_images() {
    golden("start-public.png", &last_png("long-game.jqr", Viewer::Spectator, Lang::ZhHans, Some(0)));
    golden("ply80-public.png", &last_png("long-game.jqr", Viewer::Spectator, Lang::ZhHans, Some(80)));
    golden("ply80-red.png", &last_png("long-game.jqr", Viewer::Seat(Seat::RED), Lang::ZhHans, Some(80)));
    golden("ply80-blue-en.png", &last_png("long-game.jqr", Viewer::Seat(Seat::BLUE), Lang::En, Some(80)));
    golden("end-reveal.png", &last_png("long-game.jqr", Viewer::Everyone, Lang::ZhHans, None));
    golden("scout-public.png", &last_png("scout-game.jqr", Viewer::Spectator, Lang::ZhHans, Some(120)));
    golden("no-setups-public.png", &last_png("no-setups.jqr", Viewer::Spectator, Lang::En, None));
    // 繁體中文: every label face up, the end line and the losses by kind.
    golden("end-reveal-hant.png", &last_png("long-game.jqr", Viewer::Everyone, Lang::ZhHant, None));
    // A player's own image with a deadline and marks on enemy pieces.
    let f = frames("long-game.jqr", Viewer::Seat(Seat::RED), Lang::ZhHans, Some(80));
    let (view, opts) = f.last().expect("frame");
    let b = &view.variant.board;
    let p = |n: &str| parse_point(b, n).expect("point");
    let opts = RenderOptions {
        deadline: Some("10:45 UTC".into()),
        marks: vec![(p("c7"), PieceKind(10)), (p("a9"), PieceKind(0)), (p("d11"), PieceKind(9))],
        ..opts.clone()
    };
    golden("ply80-red-marks.png", &render_png(view, &opts).expect("png"));
}

/// The colours a label could leave on a tile of `fill`: white and its anti-aliasing blends.
fn label_colours(fill: [u8; 3]) -> Vec<[u8; 3]> {
    (1..=4u32)
        .map(|l| {
            let mix = |k: usize| ((u32::from(fill[k]) * (4 - l) + 255 * l + 2) / 4) as u8;
            [mix(0), mix(1), mix(2)]
        })
        .collect()
}

#[test]
fn hidden_tiles_have_no_label_pixels() {
    use junqi_referee::render::layout::TILE_W;
    let f = frames("long-game.jqr", Viewer::Spectator, Lang::ZhHans, Some(80));
    let (view, opts) = f.last().expect("frame");
    let img = render_indexed(view, opts).expect("renders");
    let mut hidden = 0;
    let last = view.last.as_ref().map(|l| l.mv.to);
    for (i, cell) in view.cells.iter().enumerate() {
        let Some(piece) = cell else { continue };
        let p = junqi_referee::rules::PointId(i as u8);
        if piece.kind.is_some() || Some(p) == last {
            continue;
        }
        hidden += 1;
        let fill = if piece.seat == Seat::RED { [0xC4, 0x2B, 0x2B] } else { [0x22, 0x55, 0xB5] };
        let forbidden = label_colours(fill);
        let (x, y, w, h) = tile_rect(view.variant, p, Seat::RED);
        assert_eq!(w, TILE_W);
        for yy in y..y + h {
            for xx in x..x + w {
                let c = img.rgb(xx as usize, yy as usize);
                assert!(!forbidden.contains(&c), "label pixel {c:?} at ({xx}, {yy}) on the hidden tile at point {i}");
            }
        }
    }
    assert!(hidden > 30, "expected many hidden pieces, saw {hidden}");
    // And the same check finds labels where they are: a labelled tile has label pixels.
    let f = frames("long-game.jqr", Viewer::Seat(Seat::RED), Lang::ZhHans, Some(80));
    let (view, opts) = f.last().expect("frame");
    let img = render_indexed(view, opts).expect("renders");
    let (p, _) = view
        .cells
        .iter()
        .enumerate()
        .find(|(_, c)| c.is_some_and(|c| c.seat == Seat::RED && c.kind.is_some()))
        .expect("a red piece");
    let (x, y, w, h) = tile_rect(view.variant, junqi_referee::rules::PointId(p as u8), Seat::RED);
    let white = (y..y + h)
        .flat_map(|yy| (x..x + w).map(move |xx| (xx, yy)))
        .filter(|&(xx, yy)| img.rgb(xx as usize, yy as usize) == [255, 255, 255]);
    assert!(white.count() > 20, "a labelled tile shows its label");
}

/// Plays the same quiet moves in two games whose deployments differ only by swapping two pieces
/// that never move.
fn twin_games() -> (Game, Game, Vec<Move>) {
    let v = Variant::junqi();
    let mut rng = Rng::new(7);
    let red = Setup::random(v, &mut rng);
    let blue = Setup::random(v, &mut rng);
    // Swap two different kinds in Blue's back row (slots 20–24 are row 1 as Blue sees it).
    let mut blue2 = blue.clone();
    let (i, j) = (20..25)
        .flat_map(|i| (20..25).map(move |j| (i, j)))
        .find(|&(i, j)| {
            let mut s = blue.clone();
            s.kinds.swap(i, j);
            blue.kinds[i] != blue.kinds[j] && s.validate(v, Seat::BLUE).is_ok()
        })
        .expect("two swappable back-row pieces");
    blue2.kinds.swap(i, j);
    let deps = |b: &Setup| vec![red.validate(v, Seat::RED).expect("legal"), b.validate(v, Seat::BLUE).expect("legal")];
    let mut g1 = Game::new(v, RuleOptions::default(), &deps(&blue), Seat::RED);
    let mut g2 = Game::new(v, RuleOptions::default(), &deps(&blue2), Seat::RED);
    let back_row: Vec<_> = v.deployment_order[1][20..25].to_vec();
    let mut played = Vec::new();
    for _ in 0..12 {
        let mv = g1
            .legal_moves()
            .into_iter()
            .find(|m| g1.piece_at(m.to).is_none() && !back_row.contains(&m.from))
            .expect("a quiet move");
        g1.play(mv).expect("legal");
        g2.play(mv).expect("legal in the twin too");
        played.push(mv);
    }
    (g1, g2, played)
}

#[test]
fn hidden_identities_do_not_change_public_images() {
    let (g1, g2, _) = twin_games();
    let v1 = g1.view(Viewer::Spectator, Mode::Dark, None);
    let v2 = g2.view(Viewer::Spectator, Mode::Dark, None);
    let opts = RenderOptions { deadline: Some("10:45 UTC".into()), ..RenderOptions::default() };
    assert_eq!(render_png(&v1, &opts).expect("png"), render_png(&v2, &opts).expect("png"));
    // Blue's own image does differ: the test would catch a renderer that ignored identities.
    let b1 = g1.view(Viewer::Seat(Seat::BLUE), Mode::Dark, None);
    let b2 = g2.view(Viewer::Seat(Seat::BLUE), Mode::Dark, None);
    assert_ne!(render_png(&b1, &opts).expect("png"), render_png(&b2, &opts).expect("png"));
}

#[test]
fn marks_show_on_private_images_only() {
    let (g1, _, _) = twin_games();
    let v = Variant::junqi();
    let enemy = parse_point(&v.board, "c12").expect("point");
    let own = parse_point(&v.board, "c1").expect("point");
    let marks = vec![(enemy, PieceKind(10)), (own, PieceKind(0))];
    let with = RenderOptions { marks: marks.clone(), ..RenderOptions::default() };
    let plain = RenderOptions::default();
    let public = g1.view(Viewer::Spectator, Mode::Dark, None);
    assert_eq!(render_png(&public, &with).expect("png"), render_png(&public, &plain).expect("png"));
    let red = g1.view(Viewer::Seat(Seat::RED), Mode::Dark, None);
    let (a, b) = (render_indexed(&red, &with).expect("img"), render_indexed(&red, &plain).expect("img"));
    let differs = |p| {
        let (x, y, w, h) = tile_rect(v, p, Seat::RED);
        (y..y + h).any(|yy| (x..x + w).any(|xx| a.get(xx as usize, yy as usize) != b.get(xx as usize, yy as usize)))
    };
    assert!(differs(enemy), "the mark shows on the enemy tile");
    assert!(!differs(own), "no mark on the player's own (known) piece");
}

#[test]
fn private_images_put_the_viewer_at_the_bottom() {
    let v = Variant::junqi();
    let blue_point = parse_point(&v.board, "c12").expect("point");
    let f = frames("long-game.jqr", Viewer::Seat(Seat::BLUE), Lang::ZhHans, Some(0));
    let (view, opts) = &f[0];
    assert_eq!(junqi_referee::render::bottom_seat(view, opts), Seat::BLUE);
    let (_, y, _, _) = tile_rect(v, blue_point, Seat::BLUE);
    assert!(y > layout::HEIGHT / 2);
    let img = render_indexed(view, opts).expect("img");
    let (x, y, w, h) = tile_rect(v, blue_point, Seat::BLUE);
    assert_eq!(img.rgb((x + w / 2) as usize, (y + h - 2) as usize), [0x0B, 0x20, 0x52], "a blue tile border there");
}

#[test]
fn images_stay_small() {
    for ply in [0, 80, 200] {
        for viewer in [Viewer::Spectator, Viewer::Seat(Seat::RED), Viewer::Everyone] {
            let n = last_png("long-game.jqr", viewer, Lang::ZhHans, Some(ply)).len();
            assert!(n <= 40 * 1024, "{viewer:?} at ply {ply}: {n} bytes");
        }
    }
}

#[test]
fn long_game_gif_is_under_ten_mebibytes_with_one_frame_per_ply() {
    let f = frames("long-game.jqr", Viewer::Everyone, Lang::ZhHans, None);
    assert!(f.len() > 300);
    let gif = render_gif(&f).expect("gif");
    assert!(gif.len() < 10 * 1024 * 1024, "{} bytes", gif.len());
    let mut decoder = gif::DecodeOptions::new().read_info(std::io::Cursor::new(&gif)).expect("decodes");
    let mut n = 0;
    while decoder.read_next_frame().expect("frame").is_some() {
        n += 1;
    }
    assert_eq!(n, f.len());
}

#[test]
fn all_drawn_text_is_in_the_font() {
    assert_eq!(missing_glyphs(&all_text()), Vec::<char>::new());
}

fn cli(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_junqi-referee"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .output()
        .expect("runs")
}

#[test]
fn cli_renders_and_animates() {
    let dir = std::env::temp_dir().join(format!("jq-render-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("tmp");
    let png = dir.join("b.png");
    let o = cli(&["render", "tests/data/long-game.jqr", "--ply", "80", "--view", "blue", "--lang", "en", "--out"]
        .iter()
        .copied()
        .chain([png.to_str().expect("utf-8")])
        .collect::<Vec<_>>());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // The game's picture for Blue, drawn by its art (the bytes are the renderer's business).
    let en = std::fs::read(&png).expect("written");
    assert!(en.starts_with(b"\x89PNG"));
    // 繁體 by any of its names: one image, not the English one.
    let mut hant = None;
    for lang in ["zh-hant", "zh-tw", "繁體"] {
        let args = ["render", "tests/data/long-game.jqr", "--ply", "80", "--view", "blue", "--lang", lang, "--out"];
        let o = cli(&args.iter().copied().chain([png.to_str().expect("utf-8")]).collect::<Vec<_>>());
        assert!(o.status.success(), "{lang}: {}", String::from_utf8_lossy(&o.stderr));
        let drawn = std::fs::read(&png).expect("written");
        assert_ne!(drawn, en, "{lang}");
        assert_eq!(hant.get_or_insert_with(|| drawn.clone()), &drawn, "{lang}");
    }
    // Red's image at the same ply is another audience's.
    let args = ["render", "tests/data/long-game.jqr", "--ply", "80", "--view", "red", "--lang", "en", "--out"];
    let o = cli(&args.iter().copied().chain([png.to_str().expect("utf-8")]).collect::<Vec<_>>());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_ne!(std::fs::read(&png).expect("written"), en);
    let gif = dir.join("g.gif");
    let o = cli(&[
        "replay-gif",
        "tests/data/notation-example.jqr",
        "--view",
        "reveal",
        "--out",
        gif.to_str().expect("utf-8"),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(std::fs::read(&gif).expect("written").starts_with(b"GIF89a"));
    // Issue 21 point 2: the whole game in about a minute by default, combats held longer;
    // `--seconds` sets the speed.
    for (seconds, want) in [(None, 60.0), (Some("90"), 90.0)] {
        let mut args = vec!["replay-gif", "tests/data/long-game.jqr", "--out", gif.to_str().expect("utf-8")];
        args.extend(seconds.map(|s| ["--seconds", s]).into_iter().flatten());
        let o = cli(&args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let delays = gif_delays(&std::fs::read(&gif).expect("written"));
        let (last, plies) = delays.split_last().expect("frames");
        assert_eq!(*last, junqi_referee::render::LAST_DELAY);
        let total = plies.iter().map(|&d| f64::from(d)).sum::<f64>() / 100.0;
        assert!((total - want).abs() < want * 0.05, "{total} s for about {want} s");
        let (min, max) = (plies.iter().min().unwrap(), plies.iter().max().unwrap());
        assert!(max > min, "combats are held longer: {min}..{max}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every frame's delay (hundredths of a second) of a GIF.
fn gif_delays(bytes: &[u8]) -> Vec<u16> {
    let mut decoder = gif::DecodeOptions::new().read_info(bytes).expect("a GIF");
    let mut delays = Vec::new();
    while let Some(frame) = decoder.read_next_frame().expect("a frame") {
        delays.push(frame.delay);
    }
    delays
}

#[test]
fn cli_bad_input_exits_2_with_a_message() {
    let out = std::env::temp_dir().join("jq-render-never.png");
    let out = out.to_str().expect("utf-8");
    for (args, needle) in [
        (vec!["render", "README.md", "--out", out], "is not a move"),
        (vec!["render", "tests/data/long-game.jqr", "--ply", "9999", "--out", out], "beyond the end"),
        (vec!["render", "tests/data/long-game.jqr", "--view", "green", "--out", out], "invalid value 'green'"),
        (vec!["render", "tests/data/no-setups.jqr", "--view", "red", "--out", out], "hides a setup"),
        (vec!["replay-gif", "tests/data/no-setups.jqr", "--view", "reveal", "--out", out], "hides a setup"),
        (vec!["replay-gif", "tests/data/long-game.jqr", "--view", "red", "--out", out], "invalid value 'red'"),
        (vec!["render", "tests/data/missing.jqr", "--out", out], "cannot read"),
    ] {
        let o = cli(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(needle), "{args:?}: {err}");
    }
    assert!(!Path::new(out).exists());
}

#[test]
fn views_that_do_not_fit_their_board_are_refused_not_misdrawn() {
    let v = Variant::junqi4();
    // A view with fewer cells than its board has points (a corrupted or foreign view).
    let view = View {
        variant: v,
        viewer: Viewer::Spectator,
        mode: Mode::Dark,
        cells: vec![None; 30],
        to_move: Seat(0),
        ply: 0,
        quiet: 0,
        over: None,
        last: None,
        removed: Vec::new(),
    };
    let err = render_png(&view, &RenderOptions::default()).expect_err("the view does not fit its board");
    assert!(err.to_string().contains(v.name), "{err}");
    assert_eq!(render_gif(&[]).expect_err("no frames"), junqi_referee::render::RenderError::NoFrames);
}

#[test]
fn gif_frames_compose_to_the_rendered_boards() {
    use image::AnimationDecoder;
    let f = frames("long-game.jqr", Viewer::Spectator, Lang::ZhHans, Some(12));
    let gif = render_gif(&f).expect("gif");
    let decoder = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(gif)).expect("decoder");
    let decoded = decoder.into_frames().collect_frames().expect("frames");
    assert_eq!(decoded.len(), f.len());
    for k in [0, 5, f.len() - 1] {
        let want = render_indexed(&f[k].0, &f[k].1).expect("img");
        let got = decoded[k].buffer();
        for (x, y, px) in got.enumerate_pixels().step_by(7) {
            let [r, g, b, _] = px.0;
            assert_eq!([r, g, b], want.rgb(x as usize, y as usize), "frame {k} at ({x}, {y})");
        }
    }
}

#[test]
fn our_png_writer_decodes_to_the_same_pixels_as_the_png_crate() {
    let f = frames("long-game.jqr", Viewer::Seat(Seat::RED), Lang::ZhHans, Some(80));
    let img = render_indexed(&f.last().expect("frame").0, &f.last().expect("frame").1).expect("img");
    let ours = image::load_from_memory(&img.to_png().expect("png")).expect("decodes").to_rgb8();
    let theirs = image::load_from_memory(&img.to_png_reference().expect("png")).expect("decodes").to_rgb8();
    assert_eq!(ours.dimensions(), (img.width as u32, img.height as u32));
    assert!(ours == theirs);
    assert_eq!(ours.get_pixel(0, 0).0, img.rgb(0, 0));
}

/// The points of `art` whose window (the tile and the margin its marks use) differs between two
/// images drawn on the same background.
fn differing_points(a: &IndexedImage, b: &IndexedImage, art: &Art, orientation: usize, points: usize) -> Vec<u8> {
    let (tw, th) = art.tile_size();
    (0..points as u8)
        .filter(|&i| {
            let (cx, cy) = art.centre(PointId(i), orientation);
            (cy - th / 2 - 8..cy + th / 2 + 8).any(|y| {
                (cx - tw / 2 - 8..cx + tw / 2 + 8)
                    .any(|x| a.rgb(x as usize, y as usize) != b.rgb(x as usize, y as usize))
            })
        })
        .collect()
}

/// Every catalogued kind's starting picture (seeded setups or deal) draws for every audience in
/// every language, through the art its kind names.
#[test]
fn every_catalogued_start_draws_for_every_audience() {
    for def in catalog::built_in() {
        let kind = def.kind;
        let seats = kind.seating.counts[0];
        let mut start = Start::new(seats);
        let mut rng = Rng::new(29);
        match kind.setup {
            SetupStyle::Deploy => {
                let random = def.random_setup.expect("a Deploy kind makes random setups");
                start.setups = (0..seats).map(|s| Secret::new(random(Seat(s), &mut rng))).collect();
            }
            SetupStyle::Deal => start.deal = Some((def.deal.expect("a Deal kind deals"))(&Secret::new([7; 32])).deal),
            SetupStyle::None => {}
        }
        let game = (def.start)(&start).unwrap_or_else(|e| panic!("{}: {e}", kind.name));
        let audiences =
            [Audience::Public, Audience::Everyone].into_iter().chain((0..seats).map(|s| Audience::Seat(Seat(s))));
        for audience in audiences {
            for lang in [Lang::ZhHans, Lang::En, Lang::ZhHant] {
                let opts = PictureOptions { lang, ..PictureOptions::default() };
                let png = picture_png(&game.picture_for(audience), kind, &opts)
                    .unwrap_or_else(|e| panic!("{} {audience:?} {lang:?}: {e}", kind.name));
                assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
                if let Some(dir) = std::env::var_os("PICTURE_DIR") {
                    // Where to look at them: `PICTURE_DIR=/tmp/p cargo test --test suite render`.
                    let name = format!("{}-{audience:?}-{lang:?}.png", kind.name).replace(['(', ')'], "");
                    std::fs::write(Path::new(&dir).join(name), &png).expect("write");
                }
            }
        }
    }
}

/// A kind whose art no registry entry answers to is refused by name, not drawn with another art.
#[test]
fn an_unknown_art_is_a_precise_error() {
    // The junqi kind under another name, naming an art nobody registered.
    static ODD: std::sync::LazyLock<GameKind> = std::sync::LazyLock::new(|| {
        let k = JUNQI.kind;
        GameKind {
            name: "odd",
            art: "draughts",
            aliases: k.aliases,
            title: k.title,
            seating: k.seating,
            setup: k.setup,
            modes: k.modes,
            settings: k.settings,
            describe_options: k.describe_options,
            rematch: k.rematch,
            setup_hint: k.setup_hint,
            layouts: k.layouts,
            piece_label: k.piece_label,
            record_tag: k.record_tag,
        }
    });
    let picture = junqi_referee::rules::contract::Picture::new(Audience::Public, 0, Some(Seat::RED));
    let err = picture_png(&picture, &ODD, &PictureOptions::default()).unwrap_err();
    assert_eq!(err, RenderError::UnknownArt { key: "draughts", kind: "odd" });
    assert!(err.to_string().contains("'draughts'"), "{err}");
}

/// On the 2-player board, a picture drawn through its art is the legacy image of the same
/// position pixel for pixel from the top of the board's coordinate band to the footer: tiles,
/// backgrounds and last-move marks are the same data drawn by the same rules. Only the caption
/// bands differ (a picture has no losses or ply outcome to caption), and two things a picture does
/// not carry are avoided here: the gold corner of a publicly known piece, and the combat badge
/// (the moves played are plain moves).
#[test]
fn junqi_pictures_match_the_legacy_board() {
    let v = Variant::junqi();
    let mut rng = Rng::new(5);
    let setups: Vec<_> =
        (0..2).map(|s| Setup::random(v, &mut rng).validate(v, Seat(s)).expect("a random setup is legal")).collect();
    let mut engine = Game::new(v, RuleOptions::default(), &setups, Seat::RED);
    let mut contract = JunqiGame::new(engine.clone(), Mode::Dark, JUNQI.kind);
    let art = by_key("junqi").expect("the junqi art");
    let mut last = None;
    for ply in 0..=4 {
        for (audience, viewer) in [
            (Audience::Public, Viewer::Spectator),
            (Audience::Seat(Seat::RED), Viewer::Seat(Seat::RED)),
            (Audience::Seat(Seat::BLUE), Viewer::Seat(Seat::BLUE)),
            (Audience::Everyone, Viewer::Everyone),
        ] {
            let legacy =
                render_indexed(&engine.view(viewer, Mode::Dark, last.as_ref()), &RenderOptions::default()).unwrap();
            let new = picture_indexed(&contract.picture_for(audience), JUNQI.kind, &PictureOptions::default()).unwrap();
            assert_eq!((legacy.width, legacy.height), (new.width, new.height));
            let band = (layout::HEADER_H as usize * legacy.width)..(layout::FOOTER_Y as usize * legacy.width);
            assert!(legacy.pixels[band.clone()] == new.pixels[band], "ply {ply} {audience:?}: the board band differs");
            let o = art.orientation(JUNQI.kind, if let Audience::Seat(s) = audience { s } else { Seat::RED });
            assert!(differing_points(&legacy, &new, art, o, v.board.len()).is_empty());
        }
        let everyone = engine.view(Viewer::Everyone, Mode::Dark, None);
        let mv =
            engine.legal_moves().into_iter().find(|m| everyone.cells[m.to.index()].is_none()).expect("a plain move");
        let seat = engine.to_move();
        last = Some(engine.play(mv).expect("legal"));
        ContractGame::play(&mut contract, seat, mv).expect("legal under the contract too");
    }
}

/// Draughts and 跳棋: their arts, through their games' pictures and the CLI.
mod render_games;

/// The deployment panel's image for the README (`docs/images/layout-panel-blue.png`): Blue's
/// layout after `deploy 1 load guard-left` and `swap 1 e7 d7`, as the panel draws it. The file is
/// its own golden image (regenerated with `UPDATE_GOLDEN=1`).
#[test]
fn the_layout_panel_image_of_the_readme() {
    use junqi_referee::rules::contract::edit::{classic, swap_points};
    let def = catalog::find("junqi").expect("junqi");
    let layout = classic(def, "guard-left").expect("a classic").setup;
    let swapped = swap_points(def, Seat::BLUE, layout, "e7", "d7").expect("a legal swap");
    let picture = (def.setup_picture.expect("deploys"))(Seat::BLUE, &swapped).expect("a picture");
    let opts = PictureOptions { lang: Lang::ZhHans, deployment: true, ..Default::default() };
    let png = picture_png(&picture, def.kind, &opts).expect("renders");
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/images/layout-panel-blue.png");
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, &png).expect("write the README image");
        return;
    }
    let want = std::fs::read(&path).expect("docs/images/layout-panel-blue.png; run UPDATE_GOLDEN=1");
    assert!(want == png, "the README's layout image differs; if intended, UPDATE_GOLDEN=1 and look at it");
}

/// The README's board images (`docs/images/`) are copies of golden images, so they show what the
/// renderer draws today: `UPDATE_GOLDEN=1` copies them (after the golden images are redrawn: run
/// it for `--test render_junqi4` first for the cross board's), otherwise each must equal its
/// golden image.
#[test]
fn the_readme_board_images_are_golden_images() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    for (golden, readme) in [
        ("ply80-public.png", "public-ply80.png"),
        ("ply80-red.png", "red-private-ply80.png"),
        ("ply80-blue-en.png", "blue-private-ply80-en.png"),
        ("end-reveal.png", "reveal-end.png"),
        ("scout-public.png", "public-scouted.png"),
        ("ply80-red-marks.png", "red-private-marks-deadline.png"),
        ("junqi4-public.png", "junqi4-public.png"),
        ("junqi4-east-en.png", "junqi4-east-private-en.png"),
    ] {
        let from = root.join("tests/golden").join(golden);
        let to = root.join("docs/images").join(readme);
        if std::env::var_os("UPDATE_GOLDEN").is_some() {
            std::fs::copy(&from, &to).expect("copy a golden image to docs/images");
        }
        let want = std::fs::read(&from).expect("golden image");
        let have = std::fs::read(&to).expect("README image");
        assert!(want == have, "docs/images/{readme} is not tests/golden/{golden}; run UPDATE_GOLDEN=1");
    }
}
