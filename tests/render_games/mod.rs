//! Draughts and 跳棋 images: their arts drawn from their games' pictures (golden images, the path
//! of a multi-jump, numbering and orientation, every player count of the star, glyphs) and the
//! CLI's `render`/`replay-gif` of their records. The kinds are not in the built-in catalogue yet,
//! so the tests catalogue them (as `crates/rules/tests/draughts.rs` does).

use super::*;

mod haijun;
mod sanjun;
mod sanjun30;

/// Catalogues the draughts and 跳棋 kinds for this process.
fn register_games() {
    use junqi_referee::rules::{draughts, tiaoqi};
    for def in [&draughts::DRAUGHTS, &draughts::DRAUGHTS10, &draughts::DRAUGHTS12, &tiaoqi::TIAOQI] {
        catalog::register(def);
    }
}

/// A game of a catalogued kind from a start with `seats` seats and `options`.
fn game_of(name: &str, seats: u8, options: &str) -> Box<dyn AnyGame> {
    register_games();
    let def = catalog::find(name).unwrap_or_else(|| panic!("{name} is catalogued"));
    let start = Start { options: options.into(), ..Start::new(seats) };
    (def.start)(&start).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Plays each token for the seat to move.
fn play_all(game: &mut Box<dyn AnyGame>, tokens: &[&str]) {
    for t in tokens {
        let seat = game.to_move();
        game.play_text(seat, t).unwrap_or_else(|e| panic!("{t}: {e:?}"));
    }
}

/// Plays `plies` plies for whoever is to move, each time the legal token that hops the most
/// (the longest), so that a chain is on the board.
fn play_longest(game: &mut Box<dyn AnyGame>, plies: usize) {
    for _ in 0..plies {
        let seat = game.to_move();
        let mut tokens = game.legal_tokens(seat);
        tokens.sort_by_key(|t| (std::cmp::Reverse(t.matches('-').count()), t.clone()));
        let token = tokens.first().expect("a legal move").clone();
        game.play_text(seat, &token).unwrap_or_else(|e| panic!("{token}: {e:?}"));
    }
}

fn draw(game: &dyn AnyGame, audience: Audience, lang: Lang) -> Vec<u8> {
    let opts = PictureOptions { lang, ..PictureOptions::default() };
    picture_png(&game.picture_for(audience), game.kind(), &opts).expect("draws")
}

/// English draughts after Black's double jump 11x18x25 (over 15 and 22), with a king each side.
fn english_double_jump() -> Box<dyn AnyGame> {
    let mut g = game_of("draughts", 2, "fen=B:W15,22,28,32,K30:B11,K3,1,6");
    play_all(&mut g, &["11x18x25"]);
    g
}

#[test]
fn draughts_and_tiaoqi_golden_images() {
    golden("draughts8-start.png", &draw(game_of("draughts", 2, "").as_ref(), Audience::Public, Lang::ZhHans));
    golden("draughts8-jump-en.png", &draw(english_double_jump().as_ref(), Audience::Public, Lang::En));
    // International draughts as White's opponent sees it: Black (seat 1) at the bottom, 繁體.
    let mut d10 = game_of("draughts10", 2, "");
    play_all(&mut d10, &["32-28", "19-23", "28x19", "14x23"]);
    golden("draughts10-black-hant.png", &draw(d10.as_ref(), Audience::Seat(Seat(1)), Lang::ZhHant));
    golden("draughts12-start.png", &draw(game_of("draughts12", 2, "").as_ref(), Audience::Public, Lang::ZhHans));
    let mut two = game_of("tiaoqi", 2, "");
    play_all(&mut two, &["m3-l4", "o15-p14", "l2-j4-n4"]);
    golden("tiaoqi2-chain.png", &draw(two.as_ref(), Audience::Public, Lang::ZhHans));
    let mut six = game_of("tiaoqi", 6, "pieces=10");
    play_longest(&mut six, 14);
    golden("tiaoqi6-en.png", &draw(six.as_ref(), Audience::Public, Lang::En));
}

/// The rgb of an image's pixel at a point's centre, offset by `d`.
fn rgb_at(img: &IndexedImage, (x, y): (i32, i32), d: (i32, i32)) -> [u8; 3] {
    img.rgb((x + d.0) as usize, (y + d.1) as usize)
}

const HILITE: [u8; 3] = [0x2B, 0xE0, 0x6A];

#[test]
fn a_multi_jump_is_drawn_square_by_square_with_its_captures_crossed_and_kings_crowned() {
    let g = english_double_jump();
    let picture = g.picture_for(Audience::Public);
    assert_eq!(picture.marks, [PointId(11), PointId(18), PointId(25)], "every square of the path");
    assert_eq!(picture.taken, [PointId(15), PointId(22)]);
    let img = picture_indexed(&picture, g.kind(), &PictureOptions::default()).expect("draws");
    let art = by_key("draughts8").expect("the 8×8 art");
    let c = |n: u8| art.centre(PointId(n), 0);
    // The jumped squares are crossed out in red; the path runs between the landings.
    for n in [15, 22] {
        assert_eq!(rgb_at(&img, c(n), (0, 0)), [0xF0, 0x3A, 0x30], "square {n} crossed");
    }
    for (a, b) in [(11, 18), (18, 25)] {
        let (pa, pb) = (c(a), c(b));
        let quarter = (pa.0 + (pb.0 - pa.0) / 4, pa.1 + (pb.1 - pa.1) / 4);
        assert_eq!(rgb_at(&img, quarter, (0, 0)), HILITE, "the path from {a} to {b}");
    }
    // The start square (now empty) is framed; the landing square too.
    let half = art.tile_size().0 / 2;
    for n in [11, 18, 25] {
        assert_eq!(rgb_at(&img, c(n), (-half + 4, 0)), HILITE, "square {n} framed");
    }
    // Kings carry a gold crown at their centre; men do not.
    assert_eq!(rgb_at(&img, c(3), (0, 0)), [0xFF, 0xC9, 0x3C]);
    assert_eq!(rgb_at(&img, c(30), (0, 2)), [0xFF, 0xC9, 0x3C]);
    assert_ne!(rgb_at(&img, c(1), (0, 0)), [0xFF, 0xC9, 0x3C]);
    assert_ne!(rgb_at(&img, c(28), (0, 0)), [0xFF, 0xC9, 0x3C]);
}

#[test]
fn draughts_squares_are_numbered_as_players_know_them_and_turn_with_the_viewer() {
    let art = by_key("draughts8").expect("art");
    // Spec §2: from Black's seat (the first mover, at the bottom) square 4 is a1 (bottom left),
    // 1 is g1, 29 h8, 32 b8.
    let (a1, g1, h8, b8) =
        (art.centre(PointId(4), 0), art.centre(PointId(1), 0), art.centre(PointId(29), 0), art.centre(PointId(32), 0));
    assert!(a1.0 < g1.0 && a1.1 == g1.1, "{a1:?} {g1:?}");
    assert!(h8.1 < a1.1 && h8.0 > b8.0 && h8.1 == b8.1);
    // White's view is the board turned: 4 goes to the top right.
    let turned = art.centre(PointId(4), 1);
    assert!(turned.0 > a1.0 && turned.1 < a1.1, "{turned:?}");
    for (key, n) in [("draughts10", 50), ("draughts12", 72)] {
        let art = by_key(key).expect("art");
        // Spec §2: 46 is a1 on 10×10, 67 on 12×12; the first mover (White) at the bottom.
        let a1 = art.centre(PointId(if n == 50 { 46 } else { 67 }), 0);
        let one = art.centre(PointId(1), 0);
        assert!(one.1 < a1.1 && one.0 > a1.0, "{key}: square 1 is on the far side");
    }
    // A player's own picture puts their side at the bottom; the public one the first mover's.
    let g = game_of("draughts", 2, "");
    let board = |audience| {
        let img = picture_indexed(&g.picture_for(audience), g.kind(), &PictureOptions::default()).expect("draws");
        img.pixels[80 * img.width..600 * img.width].to_vec()
    };
    assert_eq!(board(Audience::Seat(Seat(0))), board(Audience::Public));
    assert_ne!(board(Audience::Seat(Seat(1))), board(Audience::Public));
}

#[test]
fn tiaoqi_draws_every_player_count_with_its_chain() {
    let art = by_key("tiaoqi").expect("art");
    for (players, options) in [(2u8, ""), (3, ""), (4, ""), (6, ""), (2, "pieces=15"), (6, "pieces=10")] {
        let mut g = game_of("tiaoqi", players, options);
        play_longest(&mut g, usize::from(players) * 2);
        for lang in [Lang::ZhHans, Lang::En, Lang::ZhHant] {
            let png = draw(g.as_ref(), Audience::Public, lang);
            assert!(png.len() < 60_000, "{players} players: {} bytes", png.len());
        }
        let picture = g.picture_for(Audience::Public);
        assert_eq!(picture.sides.len(), usize::from(players));
        let img = picture_indexed(&picture, g.kind(), &PictureOptions::default()).expect("draws");
        // The last chain: a dot on its start, which the marble left.
        let start = picture.marks.first().copied().expect("a last move");
        assert_eq!(rgb_at(&img, art.centre(start, 0), (0, 0)), HILITE);
        // The seat to move's own image of a northern triangle is turned.
        let north = picture.sides.iter().position(|s| s.0 == 3).map(|i| Seat(i as u8));
        if let Some(n) = north {
            let own = picture_indexed(&g.picture_for(Audience::Seat(n)), g.kind(), &PictureOptions::default());
            assert_ne!(own.expect("draws").pixels, img.pixels);
        }
    }
}

#[test]
fn draughts_and_tiaoqi_captions_have_their_glyphs() {
    let mut texts = Vec::new();
    let mut d = english_double_jump();
    let mut t = game_of("tiaoqi", 3, "");
    play_longest(&mut t, 4);
    let mut over = game_of("tiaoqi", 2, "");
    play_all(&mut over, &["m3-l4"]);
    over.leave(Seat(1), junqi_referee::rules::contract::Leave::Resign);
    let seat = d.to_move();
    d.leave(seat, junqi_referee::rules::contract::Leave::Resign);
    for g in [&d, &t, &over, &game_of("draughts10", 2, "")] {
        let p = g.picture_for(Audience::Public);
        let c = &p.captions;
        for lang in [Lang::ZhHans, Lang::En, Lang::ZhHant] {
            texts.extend(c.result.iter().chain(c.names.iter()).map(|e| e.get(lang)));
            texts.extend(c.last.iter().chain(c.foot.iter()).map(|l| l.text.get(lang)));
        }
    }
    assert!(texts.iter().any(|t| t.contains("胜") || t.contains("勝")), "{texts:?}");
    let missing = missing_glyphs(&texts);
    assert!(missing.is_empty(), "characters missing from the font subset: {missing:?}");
}

/// `render` and `replay-gif` read a record through the catalogue, whatever its kind: a draughts
/// record, a PDN file (spec §9's example) and a 跳棋 record (spec §7's example), the last two
/// replayed by their games' own readers, draw with their own arts.
#[test]
fn cli_draws_draughts_pdn_and_tiaoqi_records() {
    use clap::Parser;
    use junqi_referee::cli::{Cli, run_with};
    use junqi_referee::rules::contract::record::write_plain;
    register_games();
    let dir = std::env::temp_dir().join(format!("jq-boards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("tmp");
    let tokens: Vec<String> = ["11-15", "22-18", "15x22", "25x18"].map(String::from).to_vec();
    let players = ["alice".to_string(), "bob".to_string()];
    let draughts =
        write_plain(&junqi_referee::rules::draughts::DRAUGHTS, &Start::new(2), &players, &tokens, None, None);
    let tiaoqi = "[Format \"jqr/1\"]\n[Variant \"tiaoqi\"]\n[Rules \"jump=2\"]\n[Seats \"s:alice n:bob\"]\n\
                  [Teams \"-\"]\n[First \"s\"]\n[Result \"s>n\"]\n\n1. s:m3-l4 n:o15-p14 2. s:l2-j4-n4 n:resign\ns>n\n";
    let run = |args: &[&str]| run_with(Cli::try_parse_from(args).expect("arguments"));
    let pdn = "[Event \"Discord\"]\n[Black \"alice\"]\n[White \"bob\"]\n[Result \"1-0\"]\n\
               [GameType \"21,B,8,8,N1,0\"]\n[Format \"jqr/1\"]\n[Variant \"draughts\"]\n[Winner \"white\"]\n\
               [Termination \"resign\"]\n\n1. 11-15 22-18 2. 15x22 25x18 1-0\n";
    // With their states: the start and 4 plies; the PDN's resignation (its `Winner`); the 跳棋
    // start, 3 plies and `n:resign`.
    for (name, text, states) in [("d.jqr", draughts.as_str(), 5), ("d.pdn", pdn, 6), ("t.jqr", tiaoqi, 5)] {
        let record = dir.join(name);
        std::fs::write(&record, text).expect("write");
        let (rec, png, gif) = (record.to_str().expect("utf-8"), dir.join("o.png"), dir.join("o.gif"));
        let png = png.to_str().expect("utf-8");
        for args in [
            vec!["junqi-referee", "render", rec, "--out", png],
            vec!["junqi-referee", "render", rec, "--ply", "2", "--lang", "en", "--out", png],
        ] {
            assert_eq!(run(&args), std::process::ExitCode::SUCCESS, "{args:?}\n{text}");
            let bytes = std::fs::read(png).expect("written");
            assert!(bytes.starts_with(b"\x89PNG"));
            let width = u32::from_be_bytes(bytes[16..20].try_into().expect("IHDR"));
            assert_eq!(width, 600, "{name}: drawn by its own art");
        }
        let beyond = ["junqi-referee", "render", rec, "--ply", "9", "--out", png];
        assert_eq!(run(&beyond), std::process::ExitCode::from(2), "{name}: only 4 or 3 plies");
        let args = ["junqi-referee", "replay-gif", rec, "--out", gif.to_str().expect("utf-8")];
        assert_eq!(run(&args), std::process::ExitCode::SUCCESS);
        let gif = std::fs::read(&gif).expect("written");
        // One frame per state.
        let mut decoder = gif::DecodeOptions::new().read_info(&gif[..]).expect("a GIF");
        let mut frames = 0;
        while decoder.read_next_frame().expect("a frame").is_some() {
            frames += 1;
        }
        assert_eq!(frames, states, "{name}");
    }
    // Draughts views by colour: each side at the bottom of its own view.
    let (record, png) = (dir.join("d.jqr"), dir.join("v.png"));
    let mut drawn = Vec::new();
    for view in ["black", "white"] {
        let (rec, out) = (record.to_str().expect("utf-8"), png.to_str().expect("utf-8"));
        assert_eq!(
            run(&["junqi-referee", "render", rec, "--view", view, "--out", out]),
            std::process::ExitCode::SUCCESS
        );
        drawn.push(std::fs::read(&png).expect("written"));
    }
    assert_ne!(drawn[0], drawn[1]);
    let _ = std::fs::remove_dir_all(&dir);
}
