//! 海军棋 images: the `haijun` art (the sea) drawn from `HaijunContract` pictures made from seeded
//! random deployments: golden images of a mid-game for the public and for each player, the full
//! reveal at the end; hidden ships blank by side; the moved 旗舰 shown to everyone; the lanes and
//! the water where the spec puts them; the size limit, in every language.

use super::*;
use junqi_referee::rules::contract::{Leave, Picture};
use junqi_referee::rules::haijun::contract::HaijunContract;
use junqi_referee::rules::haijun::{HaijunGame, HaijunOptions, HaijunSetup};

/// A game of dark mode from seeded random deployments, played by random legal moves (an attack
/// when one is at hand every other ply, so that combats happen) for at most `plies` plies.
fn game(seed: u64, plies: usize) -> HaijunContract {
    let mut rng = Rng::new(seed);
    let (red, blue) = (HaijunSetup::random(&mut rng), HaijunSetup::random(&mut rng));
    let mut c = HaijunContract::new(HaijunGame::new(HaijunOptions::default(), &red, &blue), Mode::Dark);
    for i in 0..plies {
        let seat = ContractGame::to_move(&c);
        let moves = c.legal(seat);
        if moves.is_empty() {
            break;
        }
        let attacks: Vec<Move> =
            moves.iter().copied().filter(|m| c.game().piece_at(m.to).is_some_and(|p| p.seat != seat)).collect();
        let pool = if i % 2 == 1 && !attacks.is_empty() { &attacks } else { &moves };
        let mv = pool[rng.below(pool.len())];
        let ply = ContractGame::play(&mut c, seat, mv).expect("a legal move");
        if ply.end.is_some() {
            break;
        }
    }
    c
}

/// The picture of `c` for `audience`, with the last ply's marks.
fn picture(c: &HaijunContract, audience: Audience) -> Picture {
    let last = c.last().cloned();
    ContractGame::picture(c, audience, last.as_ref())
}

fn png(c: &HaijunContract, audience: Audience, lang: Lang) -> Vec<u8> {
    let opts = PictureOptions { lang, ..PictureOptions::default() };
    let bytes = picture_png(&picture(c, audience), ContractGame::kind(c), &opts).expect("draws");
    assert!(bytes.len() <= 60_000, "{audience:?} {lang:?}: {} bytes", bytes.len());
    bytes
}

fn art() -> &'static Art {
    by_key("haijun").expect("the haijun art is registered")
}

#[test]
fn haijun_golden_images() {
    let mid = game(3, 40);
    golden("haijun-mid-public.png", &png(&mid, Audience::Public, Lang::ZhHans));
    golden("haijun-mid-red.png", &png(&mid, Audience::Seat(Seat::RED), Lang::ZhHans));
    golden("haijun-mid-blue-en.png", &png(&mid, Audience::Seat(Seat::BLUE), Lang::En));
    let mut end = game(3, 60);
    ContractGame::leave(&mut end, Seat::BLUE, Leave::Resign);
    assert!(ContractGame::over(&end).is_some());
    golden("haijun-reveal-hant.png", &png(&end, Audience::Public, Lang::ZhHant));
}

#[test]
fn haijun_images_stay_small_in_every_language_and_view() {
    for seed in [1, 2, 3] {
        let c = game(seed, 50);
        for audience in [Audience::Public, Audience::Seat(Seat::RED), Audience::Seat(Seat::BLUE), Audience::Everyone] {
            for lang in [Lang::ZhHans, Lang::En, Lang::ZhHant] {
                png(&c, audience, lang);
            }
        }
    }
}

#[test]
fn haijun_hidden_ships_are_blank_and_the_reveal_shows_everything() {
    let c = game(3, 40);
    for audience in [Audience::Public, Audience::Seat(Seat::RED), Audience::Seat(Seat::BLUE)] {
        let pic = picture(&c, audience);
        let img = picture_indexed(&pic, ContractGame::kind(&c), &PictureOptions::default()).expect("draws");
        let o = usize::from(audience == Audience::Seat(Seat::BLUE));
        let (tw, th) = art().tile_size();
        for t in &pic.tokens {
            let (cx, cy) = art().centre(t.at, o);
            let white = (cy - th / 2 + 6..cy + th / 2 - 8)
                .any(|y| (cx - tw / 2 + 7..cx + tw / 2 - 7).any(|x| img.rgb(x as usize, y as usize) == [0xFF; 3]));
            assert_eq!(white, t.face.tells_kind(), "{audience:?}: {t:?}");
        }
    }
    let mut end = game(3, 60);
    ContractGame::leave(&mut end, Seat::RED, Leave::Resign);
    assert!(picture(&end, Audience::Public).tokens.iter().all(|t| t.face.tells_kind()));
}

/// The sea where the spec puts it: water between the points, red lines red along rank 2, a harbour
/// (sand) at each camp, a dock at each HQ; Blue's own view is the board turned.
#[test]
fn haijun_board_reads_as_a_sea_with_lanes_harbours_and_docks() {
    let c = game(3, 0);
    let empty = Picture::new(Audience::Public, 0, None);
    let img = picture_indexed(&empty, ContractGame::kind(&c), &PictureOptions::default()).expect("draws");
    let board = junqi_referee::rules::haijun::board::get(Default::default());
    let at = |name: &str| art().centre(board.find(name).expect("a point"), 0);
    // Red line along rank 2: between a2 and b2.
    let (a2, b2) = (at("a2"), at("b2"));
    assert_eq!(img.rgb(((a2.0 + b2.0) / 2) as usize, a2.1 as usize), [0xC8, 0x36, 0x2C]);
    // A branch line (rank 1) is not red.
    let (a1, b1) = (at("a1"), at("b1"));
    assert_ne!(img.rgb(((a1.0 + b1.0) / 2) as usize, a1.1 as usize), [0xC8, 0x36, 0x2C]);
    // Harbours: sand beside the anchor at every camp; docks' planks at every HQ.
    for camp in ["b3", "d3", "c4", "b5", "d5", "b10", "d10", "c9", "b8", "d8"] {
        let p = at(camp);
        assert_eq!(img.rgb((p.0 - 15) as usize, p.1 as usize), [0xEE, 0xDC, 0xA6], "{camp}");
    }
    for hq in ["b1", "d1", "b12", "d12"] {
        let p = at(hq);
        assert_eq!(img.rgb((p.0 + 5) as usize, p.1 as usize), [0xC9, 0x9A, 0x5C], "{hq}");
    }
    // Open water in the middle of a square no lane crosses (between a12, b12, a11, b11).
    let (a12, b11) = (at("a12"), at("b11"));
    let water = img.rgb(((a12.0 + b11.0) / 2 + 12) as usize, ((a12.1 + b11.1) / 2 - 10) as usize);
    assert_eq!(water, [0xB5, 0xDF, 0xE8]);
    // The front is open at b and d: a branch line crosses it.
    let (b6, b7) = (at("b6"), at("b7"));
    assert_eq!(img.rgb(b6.0 as usize, ((b6.1 + b7.1) / 2) as usize), [0x2A, 0x5F, 0x73]);
    let turned = art().centre(board.find("a1").expect("a1"), 1);
    assert!(turned.0 > a1.0 && turned.1 < a1.1, "Blue's view turns the board");
}

/// The 旗舰 that moved is public: its tile is labelled (with the gold corner) in the public
/// picture, while the other enemy ships stay blank.
#[test]
fn haijun_the_moved_flagship_is_shown_to_everyone() {
    use junqi_referee::rules::haijun::pieces::kinds::FLAGSHIP;
    // Random quiet moves until Red's flagship (walled in its HQ by its own fleet at the start) can
    // move; then it moves. No quiet limit, so the walk cannot end the game.
    let mut rng = Rng::new(11);
    let (red, blue) = (HaijunSetup::random(&mut rng), HaijunSetup::random(&mut rng));
    let options = HaijunOptions { quiet_limit: 0, ..HaijunOptions::default() };
    let mut c = HaijunContract::new(HaijunGame::new(options, &red, &blue), Mode::Dark);
    let mv = loop {
        assert!(ContractGame::ply(&c) < 5_000, "the flagship never got free");
        let seat = ContractGame::to_move(&c);
        let moves = c.legal(seat);
        let flagship = |m: &&Move| c.game().piece_at(m.from).is_some_and(|x| x.kind == FLAGSHIP);
        if let Some(&m) = moves.iter().find(flagship).filter(|_| seat == Seat::RED) {
            break m;
        }
        let quiet: Vec<Move> =
            moves.iter().copied().filter(|m| c.game().piece_at(m.to).is_none() && !flagship(&m)).collect();
        let mv = quiet[rng.below(quiet.len())];
        ContractGame::play(&mut c, seat, mv).expect("a legal move");
    };
    assert!(picture(&c, Audience::Public).tokens.iter().all(|t| !t.face.tells_kind()), "nothing public yet");
    ContractGame::play(&mut c, Seat::RED, mv).expect("legal");
    let pic = picture(&c, Audience::Public);
    let shown: Vec<_> = pic.tokens.iter().filter(|t| t.face.tells_kind()).collect();
    assert_eq!(shown.len(), 1, "only the flagship: {shown:?}");
    assert_eq!(shown[0].at, mv.to);
    assert!(pic.public.contains(&mv.to));
    let img = picture_indexed(&pic, ContractGame::kind(&c), &PictureOptions::default()).expect("draws");
    let (cx, cy) = art().centre(mv.to, 0);
    let (tw, th) = art().tile_size();
    let gold = (cy - th / 2..cy)
        .any(|y| (cx - tw / 2..cx + tw / 2).any(|x| img.rgb(x as usize, y as usize) == [0xFF, 0xC9, 0x3C]));
    assert!(gold, "the gold corner of a public piece");
}

/// A `haijun21` game of dark mode from seeded random deployments, played as [`game`] plays.
fn game21(seed: u64, plies: usize) -> junqi_referee::rules::haijun21::contract::Haijun21Contract {
    use junqi_referee::rules::haijun21::contract::Haijun21Contract;
    use junqi_referee::rules::haijun21::{Haijun21Game, Haijun21Options, Haijun21Setup};
    let mut rng = Rng::new(seed);
    let (red, blue) = (Haijun21Setup::random(&mut rng), Haijun21Setup::random(&mut rng));
    let mut c = Haijun21Contract::new(Haijun21Game::new(Haijun21Options::default(), &red, &blue), Mode::Dark);
    for i in 0..plies {
        let seat = ContractGame::to_move(&c);
        let moves = c.legal(seat);
        if moves.is_empty() {
            break;
        }
        let attacks: Vec<Move> =
            moves.iter().copied().filter(|m| c.game().piece_at(m.to).is_some_and(|p| p.seat != seat)).collect();
        let pool = if i % 2 == 1 && !attacks.is_empty() { &attacks } else { &moves };
        let mv = pool[rng.below(pool.len())];
        if ContractGame::play(&mut c, seat, mv).expect("a legal move").end.is_some() {
            break;
        }
    }
    c
}

/// The `haijun21` art (not catalogued yet: its kind names it and `render` draws it): golden
/// images of a mid-game for the public and for Red in 繁體 (the 轟炸機's `轟`), the reveal in
/// English, each at most 60 KB.
#[test]
fn haijun21_golden_images() {
    let png21 = |c: &junqi_referee::rules::haijun21::contract::Haijun21Contract, audience, lang| {
        let opts = PictureOptions { lang, ..PictureOptions::default() };
        let last = c.last().cloned();
        let pic = ContractGame::picture(c, audience, last.as_ref());
        let bytes = picture_png(&pic, ContractGame::kind(c), &opts).expect("draws");
        assert!(bytes.len() <= 60_000, "{audience:?} {lang:?}: {} bytes", bytes.len());
        bytes
    };
    let mid = game21(5, 40);
    golden("haijun21-mid-public.png", &png21(&mid, Audience::Public, Lang::ZhHans));
    golden("haijun21-mid-red-hant.png", &png21(&mid, Audience::Seat(Seat::RED), Lang::ZhHant));
    let mut end = game21(5, 60);
    ContractGame::leave(&mut end, Seat::BLUE, Leave::Resign);
    assert!(ContractGame::over(&end).is_some());
    golden("haijun21-reveal-en.png", &png21(&end, Audience::Public, Lang::En));
}

/// `haijun21`'s sea (§9): diagonal links across every square (no open-water waves), docks at the
/// two HQs, no harbours, and the air lanes dashed in black along files b and d and ranks 3 and 10
/// only.
#[test]
fn haijun21_board_has_diagonals_docks_and_dashed_air_lanes() {
    let c = game21(5, 0);
    let art = by_key("haijun21").expect("the haijun21 art is registered");
    let empty = Picture::new(Audience::Public, 0, None);
    let img = picture_indexed(&empty, ContractGame::kind(&c), &PictureOptions::default()).expect("draws");
    let board = junqi_referee::rules::haijun21::board::get();
    let at = |name: &str| art.centre(board.find(name).expect("a point"), 0);
    const LANE: [u8; 3] = [0x10, 0x18, 0x20];
    // Does any pixel of the straight run from `a` to `b` (the points' markers excluded) have `rgb`?
    let along = |a: &str, b: &str, rgb: [u8; 3]| {
        let (a, b) = (at(a), at(b));
        (30..=70).any(|t| {
            let (x, y) = (a.0 + (b.0 - a.0) * t / 100, a.1 + (b.1 - a.1) * t / 100);
            img.rgb(x as usize, y as usize) == rgb
        })
    };
    for (a, b) in [("b1", "b2"), ("d6", "d7"), ("a3", "b3"), ("d10", "e10")] {
        assert!(along(a, b, LANE), "lane {a}-{b}");
    }
    for (a, b) in [("a1", "a2"), ("c6", "c7"), ("a4", "b4"), ("a1", "b2")] {
        assert!(!along(a, b, LANE), "no lane {a}-{b}");
        assert!(along(a, b, [0x2A, 0x5F, 0x73]), "a link {a}-{b}");
    }
    for hq in ["c1", "c12"] {
        let p = at(hq);
        assert_eq!(img.rgb((p.0 + 5) as usize, p.1 as usize), [0xC9, 0x9A, 0x5C], "{hq}");
    }
    for p in board.point_ids() {
        let (x, y) = art.centre(p, 0);
        assert_ne!(img.rgb((x - 15) as usize, y as usize), [0xEE, 0xDC, 0xA6], "no harbour");
    }
}
