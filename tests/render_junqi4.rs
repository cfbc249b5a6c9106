//! Images of the 4-player cross board (`rules-junqi4.md`): golden files, rotation so that the
//! viewer's seat is at the bottom, four seat tile styles, and no hidden identity on public images.
//!
//! Regenerate the golden files with `UPDATE_GOLDEN=1 cargo test --test suite render_junqi4` and look at
//! them before committing.

use std::path::PathBuf;

use junqi_referee::render::art::{Art, by_key};
use junqi_referee::render::cross::{HEIGHT, WIDTH};
use junqi_referee::render::{
    IndexedImage, Lang, PictureOptions, RenderOptions, picture_indexed, render_indexed, render_png,
};
use junqi_referee::rules::adapters::junqi::{JUNQI4, JUNQI4_DUEL, JunqiGame};
use junqi_referee::rules::contract::{AnyGame, Audience, Game as ContractGame};
use junqi_referee::rules::game::PlyReport;
use junqi_referee::rules::rng::Rng;
use junqi_referee::rules::{Game, Mode, PointId, RuleOptions, Seat, Setup, Variant, Viewer};

fn v() -> &'static Variant {
    Variant::junqi4()
}

/// A 4-player game from seeded random deployments, after `plies` seeded random moves; the last
/// report is returned for the "last move" highlight.
fn game(seed: u64, plies: usize) -> (Game, Option<PlyReport>) {
    let mut rng = Rng::new(seed);
    let deployments: Vec<_> =
        (0..4).map(|s| Setup::random(v(), &mut rng).validate(v(), Seat(s)).expect("a random setup is legal")).collect();
    let mut g = Game::new(v(), RuleOptions::default(), &deployments, Seat(0));
    let mut last = None;
    for _ in 0..plies {
        if g.over().is_some() {
            break;
        }
        let moves = g.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        last = Some(g.play(mv).expect("a generated move is legal"));
    }
    (g, last)
}

fn png(g: &Game, last: Option<&PlyReport>, viewer: Viewer, lang: Lang) -> Vec<u8> {
    let view = g.view(viewer, Mode::Dark, last);
    render_png(&view, &RenderOptions { lang, ..RenderOptions::default() }).expect("renders")
}

fn golden(name: &str, bytes: &[u8]) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, bytes).expect("write golden");
        return;
    }
    let want = std::fs::read(&path).unwrap_or_else(|_| {
        panic!("missing {}; run UPDATE_GOLDEN=1 cargo test --test suite render_junqi4", path.display())
    });
    assert!(want == bytes, "{name} differs from its golden image; if intended, UPDATE_GOLDEN=1 and look at it");
}

#[test]
fn golden_cross_images() {
    let (g, last) = game(7, 60);
    golden("junqi4-public.png", &png(&g, last.as_ref(), Viewer::Spectator, Lang::ZhHans));
    golden("junqi4-east-en.png", &png(&g, last.as_ref(), Viewer::Seat(Seat(1)), Lang::En));
    golden("junqi4-north.png", &png(&g, last.as_ref(), Viewer::Seat(Seat(2)), Lang::ZhHans));
    golden("junqi4-everyone.png", &png(&g, last.as_ref(), Viewer::Everyone, Lang::ZhHans));
    golden("junqi4-north-hant.png", &png(&g, last.as_ref(), Viewer::Seat(Seat(2)), Lang::ZhHant));
    let (start, _) = game(7, 0);
    golden("junqi4-start-west.png", &png(&start, None, Viewer::Seat(Seat(3)), Lang::ZhHans));
}

#[test]
fn image_is_the_documented_size_and_a_png() {
    let (g, last) = game(3, 10);
    let bytes = png(&g, last.as_ref(), Viewer::Spectator, Lang::En);
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    let w = u32::from_be_bytes(bytes[16..20].try_into().expect("4 bytes"));
    let h = u32::from_be_bytes(bytes[20..24].try_into().expect("4 bytes"));
    assert_eq!((w as i32, h as i32), (WIDTH, HEIGHT));
    assert!(bytes.len() < 120 * 1024, "a cross image is {} bytes", bytes.len());
}

/// The fill colour of the tile drawn at the bottom centre of the board (the viewer's own `c1`).
fn bottom_centre_fill(g: &Game, viewer: Viewer) -> [u8; 3] {
    let view = g.view(viewer, Mode::Dark, None);
    let img = render_indexed(&view, &RenderOptions::default()).expect("renders");
    // Grid (8, 16) is the bottom territory's c1; sample just inside the tile's left edge, away
    // from the label and the border.
    let x = (26 + 16 + 25 + 8 * 56 - 25 + 8) as usize;
    let y = (70 + 26 + 16 + 25 + 16 * 56) as usize;
    img.rgb(x, y)
}

#[test]
fn the_viewers_seat_is_at_the_bottom() {
    let (g, _) = game(11, 0);
    let fills = [[0xC4, 0x2B, 0x2B], [0x22, 0x55, 0xB5], [0x2E, 0x8B, 0x3A], [0x7B, 0x3F, 0xB0]];
    for s in 0..4u8 {
        assert_eq!(bottom_centre_fill(&g, Viewer::Seat(Seat(s))), fills[usize::from(s)], "seat {s}");
    }
    // Spectators see South at the bottom.
    assert_eq!(bottom_centre_fill(&g, Viewer::Spectator), fills[0]);
}

#[test]
fn public_images_do_not_depend_on_hidden_identities() {
    // Two games with different deployments but the same occupied points and no moves: the
    // public images must be byte-identical, and every seat's private image must differ.
    let (a, _) = game(21, 0);
    let (b, _) = game(22, 0);
    assert_eq!(png(&a, None, Viewer::Spectator, Lang::ZhHans), png(&b, None, Viewer::Spectator, Lang::ZhHans));
    for s in 0..4u8 {
        let seat = Viewer::Seat(Seat(s));
        assert_ne!(
            png(&a, None, seat, Lang::ZhHans),
            png(&b, None, seat, Lang::ZhHans),
            "seat {s} sees its own pieces"
        );
    }
}

#[test]
fn gif_of_a_cross_game_uses_the_cross_palette() {
    let (g, _) = game(5, 0);
    let frames: Vec<_> =
        (0..3).map(|_| (g.view(Viewer::Spectator, Mode::Dark, None), RenderOptions::default())).collect();
    let gif = junqi_referee::render::render_gif(&frames).expect("gif");
    assert_eq!(&gif[..6], b"GIF89a");
}

#[test]
fn records_with_seat_events_render_to_their_end() {
    use junqi_referee::render::replay::record_frames;
    use junqi_referee::rules::record::Record;
    let text =
        std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/junqi4-random-seed-1.jqr"))
            .expect("record");
    let record = Record::parse(&text).expect("parses");
    let frames = record_frames(&record, Viewer::Everyone, Lang::ZhHans, None).expect("frames through W:resign");
    let (last, opts) = frames.last().expect("a frame");
    assert!(last.over.is_some(), "the last frame shows the end");
    // West resigned and East was left without a move: both armies have left the board.
    for out in [Seat(1), Seat(3)] {
        assert!(last.cells.iter().flatten().all(|p| p.seat != out), "seat {out:?} is out");
    }
    render_png(last, opts).expect("renders");
}

#[test]
fn public_frames_of_a_record_without_setups_follow_eliminations() {
    use junqi_referee::render::replay::record_frames;
    use junqi_referee::rules::record::Record;
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/junqi4-random-seed-2-hidden.jqr");
    let record = Record::parse(&std::fs::read_to_string(path).expect("record")).expect("parses");
    let frames = record_frames(&record, Viewer::Spectator, Lang::En, None).expect("public frames");
    // One frame per ply plus the start, as with setups: seat events add no frame of their own.
    assert_eq!(frames.len(), record.plies.len() + 1);
    let (last, opts) = frames.last().expect("a frame");
    assert!(last.over.is_some(), "the last frame shows the end");
    // West resigned (after ply 40) and East was left without a move at the end: their pieces left.
    for out in [Seat(1), Seat(3)] {
        assert!(last.cells.iter().flatten().all(|p| p.seat != out), "seat {out:?} is out");
    }
    // West's pieces are gone from the frame right after its resignation, and it is not to move.
    let resign_after = 40;
    let (after_resign, _) = &frames[resign_after];
    assert!(after_resign.cells.iter().flatten().all(|p| p.seat != Seat(3)), "West left at its resignation");
    assert_ne!(after_resign.to_move, Seat(3));
    let (before, _) = &frames[resign_after - 1];
    assert!(before.cells.iter().flatten().any(|p| p.seat == Seat(3)), "West was still on the board");
    render_png(last, opts).expect("renders");
}

#[test]
fn render_cli_draws_a_seats_own_view() {
    let data = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/junqi4-random-seed-1.jqr");
    let dir = std::env::temp_dir().join(format!("jqr-render-view-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let run = |view: &str, file: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_junqi-referee"))
            .args(["render", data.to_str().unwrap(), "--ply", "4", "--view", view, "--out"])
            .arg(dir.join(file))
            .output()
            .expect("runs")
    };
    for (view, file) in [("e", "e.png"), ("east", "east.png"), ("w", "w.png")] {
        let out = run(view, file);
        assert!(out.status.success(), "{view}: {}", String::from_utf8_lossy(&out.stderr));
    }
    assert_eq!(std::fs::read(dir.join("e.png")).unwrap(), std::fs::read(dir.join("east.png")).unwrap());
    assert_ne!(std::fs::read(dir.join("e.png")).unwrap(), std::fs::read(dir.join("w.png")).unwrap());
    // A 2-player record has no East: a precise refusal, nothing written.
    let two = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let two = std::fs::read_dir(&two)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| {
            p.extension().is_some_and(|x| x == "jqr")
                && !p.to_string_lossy().contains("junqi4")
                && !p.to_string_lossy().contains("flip")
                && !p.to_string_lossy().contains("bad")
        })
        .expect("a 2-player record");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_junqi-referee"))
        .args(["render", two.to_str().unwrap(), "--view", "e", "--out"])
        .arg(dir.join("none.png"))
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("seat"), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(!dir.join("none.png").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// The points of `art` whose window (the tile and the margin its marks use) differs.
fn differing_points(a: &IndexedImage, b: &IndexedImage, art: &Art, orientation: usize) -> Vec<u8> {
    let (tw, th) = art.tile_size();
    (0..v().board.len() as u8)
        .filter(|&i| {
            let (cx, cy) = art.centre(PointId(i), orientation);
            (cy - th / 2 - 8..cy + th / 2 + 8).any(|y| {
                (cx - tw / 2 - 8..cx + tw / 2 + 8)
                    .any(|x| a.rgb(x as usize, y as usize) != b.rgb(x as usize, y as usize))
            })
        })
        .collect()
}

/// On the cross board (四国军棋 and 四国双人), a picture drawn through its art is the legacy image
/// of the same position at every point, pixel for pixel: the tile of each token, the turned
/// background around it and the last move's marks, for every audience and its orientation. The
/// seat cards in the cross's corners and the caption bands differ (the legacy image names seats
/// and losses from its view; a picture does not carry them), and the moves played are plain moves,
/// because a picture carries no combat badge.
#[test]
fn cross_pictures_match_the_legacy_board() {
    let art = by_key("junqi4").expect("the cross art");
    for def in [&JUNQI4, &JUNQI4_DUEL] {
        let variant = if def.kind.name == "junqi4" { Variant::junqi4() } else { Variant::junqi4_duel() };
        let seats = variant.seats.len() as u8;
        let mut rng = Rng::new(17);
        let setups: Vec<_> = (0..seats)
            .map(|s| Setup::random(variant, &mut rng).validate(variant, Seat(s)).expect("a random setup is legal"))
            .collect();
        let mut engine = Game::new(variant, RuleOptions::default(), &setups, Seat(0));
        let mut contract = JunqiGame::new(engine.clone(), Mode::Dark, def.kind);
        let mut last = None;
        for ply in 0..=5 {
            let audiences = [(Audience::Public, Viewer::Spectator), (Audience::Everyone, Viewer::Everyone)]
                .into_iter()
                .chain((0..seats).map(|s| (Audience::Seat(Seat(s)), Viewer::Seat(Seat(s)))));
            for (audience, viewer) in audiences {
                let view = engine.view(viewer, Mode::Dark, last.as_ref());
                let legacy = render_indexed(&view, &RenderOptions::default()).expect("legacy");
                let picture = contract.picture_for(audience);
                let new = picture_indexed(&picture, def.kind, &PictureOptions::default()).expect("picture");
                let bottom = if let Audience::Seat(s) = audience { s } else { Seat(0) };
                let o = art.orientation(def.kind, bottom);
                let diff = differing_points(&legacy, &new, art, o);
                assert!(diff.is_empty(), "{} ply {ply} {audience:?}: points {diff:?} differ", def.kind.name);
            }
            let everyone = engine.view(Viewer::Everyone, Mode::Dark, None);
            let mv = engine
                .legal_moves()
                .into_iter()
                .find(|m| everyone.cells[m.to.index()].is_none())
                .expect("a plain move");
            let seat = engine.to_move();
            last = Some(engine.play(mv).expect("legal"));
            ContractGame::play(&mut contract, seat, mv).expect("legal under the contract too");
        }
    }
}
