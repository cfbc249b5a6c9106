//! 海陆空三军战斗棋 images: the `sanjun30` art drawn from `Sanjun30Contract` pictures made from
//! seeded random deployments: golden images of a mid-game for the public and for a player, the
//! full reveal at the end; tiles that never overlap and stay on the board; hidden pieces blank.

use super::*;
use junqi_referee::rules::contract::{Leave, Picture};
use junqi_referee::rules::sanjun30::contract::Sanjun30Contract;
use junqi_referee::rules::sanjun30::{Sanjun30Board, Sanjun30Game, Sanjun30Options, Setup30};

/// A game of dark mode from seeded random deployments, played by random legal moves (an attack
/// when one is at hand every other ply, so that combats happen) for at most `plies` plies.
fn game(seed: u64, plies: usize) -> Sanjun30Contract {
    let mut rng = Rng::new(seed);
    let (red, blue) = (Setup30::random(&mut rng), Setup30::random(&mut rng));
    let g =
        Sanjun30Game::new(&red, &blue, Sanjun30Options::default(), Seat::RED).expect("random deployments are legal");
    let mut c = Sanjun30Contract::new(g, Mode::Dark);
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
fn picture(c: &Sanjun30Contract, audience: Audience) -> Picture {
    let last = c.last().cloned();
    ContractGame::picture(c, audience, last.as_ref())
}

fn png(c: &Sanjun30Contract, audience: Audience, lang: Lang) -> Vec<u8> {
    let opts = PictureOptions { lang, ..PictureOptions::default() };
    let bytes = picture_png(&picture(c, audience), ContractGame::kind(c), &opts).expect("draws");
    assert!(bytes.len() <= 60_000, "{audience:?} {lang:?}: {} bytes", bytes.len());
    bytes
}

fn art() -> &'static Art {
    by_key("sanjun30").expect("the sanjun30 art is registered")
}

#[test]
fn sanjun30_golden_images() {
    let mid = game(5, 40);
    golden("sanjun30-mid-public.png", &png(&mid, Audience::Public, Lang::ZhHans));
    golden("sanjun30-mid-red.png", &png(&mid, Audience::Seat(Seat::RED), Lang::ZhHans));
    golden("sanjun30-mid-blue-en.png", &png(&mid, Audience::Seat(Seat::BLUE), Lang::En));
    let mut end = game(5, 60);
    ContractGame::leave(&mut end, Seat::BLUE, Leave::Resign);
    assert!(ContractGame::over(&end).is_some());
    golden("sanjun30-reveal-hant.png", &png(&end, Audience::Public, Lang::ZhHant));
}

#[test]
fn sanjun30_tiles_never_overlap_and_stay_on_the_board() {
    let board = &Sanjun30Board::get().board;
    assert_eq!(board.len(), 134);
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
}

#[test]
fn sanjun30_hidden_pieces_are_blank_and_the_reveal_shows_everything() {
    let c = game(5, 40);
    for audience in [Audience::Public, Audience::Seat(Seat::RED), Audience::Seat(Seat::BLUE)] {
        let pic = picture(&c, audience);
        let img = picture_indexed(&pic, ContractGame::kind(&c), &PictureOptions::default()).expect("draws");
        let o = usize::from(audience == Audience::Seat(Seat::BLUE));
        let (tw, th) = art().tile_size();
        for t in &pic.tokens {
            let (cx, cy) = art().centre(t.at, o);
            let white = (cy - th / 2 + 6..cy + th / 2 - 6)
                .any(|y| (cx - tw / 2 + 7..cx + tw / 2 - 7).any(|x| img.rgb(x as usize, y as usize) == [0xFF; 3]));
            assert_eq!(white, t.face.tells_kind(), "{audience:?}: {t:?}");
        }
    }
    let mut end = game(5, 60);
    ContractGame::leave(&mut end, Seat::RED, Leave::Resign);
    assert!(picture(&end, Audience::Public).tokens.iter().all(|t| t.face.tells_kind()));
}
