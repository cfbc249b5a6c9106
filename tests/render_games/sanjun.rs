//! 陆海空三军棋 images: the `sanjun` art drawn from `SanjunContract` pictures (the kind is not in
//! the built-in catalogue yet, so the games are made here from seeded random deployments): golden
//! images of a mid-game for the public and for each player, the full reveal at the end and a
//! combat; tiles that never overlap; hidden pieces blank; the badge of a combat; the captions'
//! glyphs; a replay GIF.

use super::*;
use junqi_referee::render::picture_gif;
use junqi_referee::rules::Outcome;
use junqi_referee::rules::contract::{Leave, Picture};
use junqi_referee::rules::sanjun::contract::SanjunContract;
use junqi_referee::rules::sanjun::{SanjunBoard, SanjunGame, SanjunOptions, SanjunSetup};

/// A game of dark mode from seeded random deployments, played by random legal moves (an attack
/// when one is at hand every other ply, so that combats happen) until `plies` plies or until
/// `stop` holds for the last ply.
fn game(seed: u64, plies: usize, stop: impl Fn(Outcome) -> bool) -> SanjunContract {
    let mut rng = Rng::new(seed);
    let (red, blue) = (SanjunSetup::random(&mut rng), SanjunSetup::random(&mut rng));
    let g = SanjunGame::new(&red, &blue, SanjunOptions::default(), Seat::RED).expect("random deployments are legal");
    let mut c = SanjunContract::new(g, Mode::Dark).expect("default options");
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
        if stop(ply.outcome) || ply.end.is_some() {
            break;
        }
    }
    c
}

/// The picture of `c` for `audience`, with the last ply's marks.
fn picture(c: &SanjunContract, audience: Audience) -> Picture {
    let last = c.last().cloned();
    ContractGame::picture(c, audience, last.as_ref())
}

fn png(c: &SanjunContract, audience: Audience, lang: Lang) -> Vec<u8> {
    let opts = PictureOptions { lang, ..PictureOptions::default() };
    let bytes = picture_png(&picture(c, audience), ContractGame::kind(c), &opts).expect("draws");
    assert!(bytes.len() <= 60_000, "{audience:?} {lang:?}: {} bytes", bytes.len());
    bytes
}

fn art() -> &'static Art {
    by_key("sanjun").expect("the sanjun art is registered")
}

/// A game stopped on a combat of one of the outcome classes 陆海空 adds.
fn combat_game() -> SanjunContract {
    let new_class = |o| matches!(o, Outcome::Bounced | Outcome::Scouted | Outcome::ShotDown);
    let c = game(11, 400, new_class);
    assert!(c.last().is_some_and(|p| new_class(p.outcome)), "seed 11 reaches a bounce, a scouting or a shot-down");
    c
}

#[test]
fn sanjun_golden_images() {
    let mid = game(5, 40, |_| false);
    golden("sanjun-mid-public.png", &png(&mid, Audience::Public, Lang::ZhHans));
    golden("sanjun-mid-red.png", &png(&mid, Audience::Seat(Seat::RED), Lang::ZhHans));
    golden("sanjun-mid-blue-en.png", &png(&mid, Audience::Seat(Seat::BLUE), Lang::En));
    let mut end = game(5, 60, |_| false);
    ContractGame::leave(&mut end, Seat::BLUE, Leave::Resign);
    assert!(ContractGame::over(&end).is_some());
    golden("sanjun-reveal-hant.png", &png(&end, Audience::Public, Lang::ZhHant));
    golden("sanjun-combat.png", &png(&combat_game(), Audience::Public, Lang::ZhHans));
}

#[test]
fn sanjun_tiles_never_overlap_and_stay_on_the_board() {
    let board = &SanjunBoard::get().board;
    let (tw, th) = art().tile_size();
    for o in [0, 1] {
        let centres: Vec<(i32, i32)> = board.point_ids().map(|p| art().centre(p, o)).collect();
        for (i, a) in centres.iter().enumerate() {
            assert!(a.0 - tw / 2 >= 0 && a.0 + tw / 2 <= art().width, "{} across", board.name(PointId(i as u8)));
            assert!(a.1 - th / 2 >= 70 && a.1 + th / 2 <= art().height - 84, "{} down", board.name(PointId(i as u8)));
            for (j, b) in centres.iter().enumerate().skip(i + 1) {
                let apart = (a.0 - b.0).abs() >= tw + 4 || (a.1 - b.1).abs() >= th + 4;
                assert!(apart, "{} and {} overlap", board.name(PointId(i as u8)), board.name(PointId(j as u8)));
            }
        }
    }
    // Red's headquarters at the bottom of Red's and the public image, at the top of Blue's.
    let (h1, h25) = (board.find("h1").expect("h1"), board.find("h25").expect("h25"));
    assert!(art().centre(h1, 0).1 > art().centre(h25, 0).1);
    assert!(art().centre(h1, 1).1 < art().centre(h25, 1).1);
}

/// Whether a tile's inner part (clear of its border and rounded corners) has label-white pixels.
fn labelled(img: &IndexedImage, (cx, cy): (i32, i32)) -> bool {
    let (tw, th) = art().tile_size();
    (cy - th / 2 + 6..cy + th / 2 - 6)
        .any(|y| (cx - tw / 2 + 7..cx + tw / 2 - 7).any(|x| img.rgb(x as usize, y as usize) == [0xFF, 0xFF, 0xFF]))
}

#[test]
fn sanjun_hidden_pieces_are_blank_and_a_player_sees_their_own() {
    let c = game(5, 40, |_| false);
    let draw = |audience| {
        let pic = picture(&c, audience);
        let img = picture_indexed(&pic, ContractGame::kind(&c), &PictureOptions::default()).expect("draws");
        (pic, img)
    };
    for audience in [Audience::Public, Audience::Seat(Seat::RED), Audience::Seat(Seat::BLUE)] {
        let (pic, img) = draw(audience);
        let o = usize::from(audience == Audience::Seat(Seat::BLUE));
        for t in &pic.tokens {
            let shown = t.face.tells_kind();
            assert_eq!(labelled(&img, art().centre(t.at, o)), shown, "{audience:?}: {:?}", t);
            if let Audience::Seat(me) = audience
                && let junqi_referee::rules::contract::Face::Hidden { owner } = t.face
            {
                assert_ne!(owner, me, "a player sees every own piece");
            }
        }
    }
    // The public image does not depend on the hidden identities: the same game with both sides'
    // deployments swapped for others of the same zones draws the same before any move.
    let start = |seed| {
        let mut rng = Rng::new(seed);
        let (r, b) = (SanjunSetup::random(&mut rng), SanjunSetup::random(&mut rng));
        let g = SanjunGame::new(&r, &b, SanjunOptions::default(), Seat::RED).expect("legal");
        let c = SanjunContract::new(g, Mode::Dark).expect("options");
        picture_png(&picture(&c, Audience::Public), ContractGame::kind(&c), &PictureOptions::default()).expect("draws")
    };
    assert_eq!(start(1), start(2));
}

#[test]
fn sanjun_combats_are_badged_and_the_reveal_shows_everything() {
    let c = combat_game();
    let pic = picture(&c, Audience::Public);
    assert!(pic.badge.is_some(), "a combat carries its outcome");
    let with = picture_indexed(&pic, ContractGame::kind(&c), &PictureOptions::default()).expect("draws");
    let mut plain = pic.clone();
    plain.badge = None;
    let without = picture_indexed(&plain, ContractGame::kind(&c), &PictureOptions::default()).expect("draws");
    // The badge sits on the destination's top-right corner and nowhere else.
    let (tw, th) = art().tile_size();
    let (cx, cy) = art().centre(*pic.marks.last().expect("marks"), 0);
    let (bx, by) = (cx + tw / 2 - 9, cy - th / 2 - 9);
    let differ: Vec<(usize, usize)> = (0..with.height)
        .flat_map(|y| (0..with.width).map(move |x| (x, y)))
        .filter(|&(x, y)| with.get(x, y) != without.get(x, y))
        .collect();
    assert!(differ.len() > 100, "the badge is drawn ({} pixels)", differ.len());
    assert!(differ.iter().all(|&(x, y)| (bx..bx + 22).contains(&(x as i32)) && (by..by + 22).contains(&(y as i32))));
    // The end: every piece is shown to everyone.
    let mut end = game(5, 60, |_| false);
    ContractGame::leave(&mut end, Seat::RED, Leave::Resign);
    let shown = picture(&end, Audience::Public);
    assert!(shown.tokens.iter().all(|t| t.face.tells_kind()));
    let img = picture_indexed(&shown, ContractGame::kind(&end), &PictureOptions::default()).expect("draws");
    assert!(shown.tokens.iter().all(|t| labelled(&img, art().centre(t.at, 0))));
}

#[test]
fn sanjun_captions_have_their_glyphs_and_a_replay_animates() {
    let mut end = game(5, 60, |_| false);
    ContractGame::leave(&mut end, Seat::BLUE, Leave::Resign);
    let mut words = Vec::new();
    for c in [&game(5, 40, |_| false), &combat_game(), &end] {
        let pic = picture(c, Audience::Public);
        for lang in Lang::ALL {
            let caps = &pic.captions;
            words.extend(caps.result.iter().map(|r| r.get(lang)));
            words.extend(caps.last.iter().map(|l| l.text.get(lang)));
            words.extend(caps.foot.iter().map(|l| l.text.get(lang)));
        }
    }
    assert!(words.iter().any(|w| w.contains("陆")) && words.iter().any(|w| w.contains("胜")));
    assert!(missing_glyphs(&words).is_empty(), "missing: {:?}", missing_glyphs(&words));
    // The replay GIF path: one frame per state, every frame through the same art.
    let mut rng = Rng::new(9);
    let (r, b) = (SanjunSetup::random(&mut rng), SanjunSetup::random(&mut rng));
    let mut c =
        SanjunContract::new(SanjunGame::new(&r, &b, SanjunOptions::default(), Seat::RED).expect("legal"), Mode::Dark)
            .expect("options");
    let mut frames = vec![picture(&c, Audience::Everyone)];
    for _ in 0..6 {
        let seat = ContractGame::to_move(&c);
        let mv = c.legal(seat)[0];
        ContractGame::play(&mut c, seat, mv).expect("legal");
        frames.push(picture(&c, Audience::Everyone));
    }
    let gif = picture_gif(&frames, ContractGame::kind(&c), &PictureOptions::default()).expect("animates");
    assert!(gif.starts_with(b"GIF89a"));
    assert!(gif.len() < 7 * 60_000, "{} bytes", gif.len());
}
