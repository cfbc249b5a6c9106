//! 翻棋 board images: golden files, identical backs, both colours face up, and images that cannot
//! tell apart two deals agreeing on every face-up piece. `UPDATE_GOLDEN=1 cargo test --test
//! render_flip` rewrites the golden images (look at them before committing).

use std::path::PathBuf;

use junqi_referee::render::Lang;
use junqi_referee::render::layout::{self, tile_rect};
use junqi_referee::render::{IndexedImage, PictureOptions, RenderError, picture_gif, picture_indexed, picture_png};
use junqi_referee::rules::adapters::flip::{FLIP, FlipContract};
use junqi_referee::rules::adapters::pictures::of_flip_view;
use junqi_referee::rules::contract::Picture;
use junqi_referee::rules::contract::{AnyGame, Audience};
use junqi_referee::rules::flip::{Deal, FlipGame, FlipOptions, FlipView, parse_action};
use junqi_referee::rules::{Seat, Variant};

const DOC_DEAL: &str = "GKhJeLFijgfEbFDCDkIJIgGcHHCEiBAdilJhehaIgHdjkjcGfK";

fn game(deal: &str, tokens: &str) -> FlipGame {
    let mut g = FlipGame::new(&Deal::parse(deal).unwrap(), FlipOptions::default());
    for t in tokens.split_whitespace() {
        g.play_parsed(parse_action(t).unwrap()).unwrap();
    }
    g
}

fn golden(name: &str, bytes: &[u8]) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, bytes).expect("write golden");
        return;
    }
    let want = std::fs::read(&path).unwrap_or_else(|_| {
        panic!("missing {}; run UPDATE_GOLDEN=1 cargo test --test suite render_flip", path.display())
    });
    assert!(want == bytes, "{name} differs from its golden image; if intended, UPDATE_GOLDEN=1 and look at it");
}

/// The public picture of a 翻棋 engine view (face-down pieces as backs), as the game makes it.
fn picture(view: &FlipView) -> Picture {
    of_flip_view(view, Audience::Public, |_| None)
}

fn opts(lang: Lang) -> PictureOptions {
    PictureOptions { lang, ..PictureOptions::default() }
}

fn render_flip_png(view: &FlipView, lang: Lang) -> Result<Vec<u8>, RenderError> {
    picture_png(&picture(view), FLIP.kind, &opts(lang))
}

fn render_flip_indexed(view: &FlipView, lang: Lang) -> Result<IndexedImage, RenderError> {
    picture_indexed(&picture(view), FLIP.kind, &opts(lang))
}

fn render_flip_gif(views: &[FlipView], lang: Lang) -> Result<Vec<u8>, RenderError> {
    picture_gif(&views.iter().map(picture).collect::<Vec<_>>(), FLIP.kind, &opts(lang))
}

#[test]
fn golden_flip_images() {
    golden("flip-start.png", &render_flip_png(&game(DOC_DEAL, "").view(), Lang::ZhHans).unwrap());
    let g = game(DOC_DEAL, "+c6=G +d7=i +d6=c d6-c6 +e6=H +c5");
    golden("flip-ply6.png", &render_flip_png(&g.view(), Lang::ZhHans).unwrap());
    golden("flip-ply6-en.png", &render_flip_png(&g.view(), Lang::En).unwrap());
    golden("flip-ply6-hant.png", &render_flip_png(&g.view(), Lang::ZhHant).unwrap());
}

/// The pixels of one point's tile.
fn tile(img: &junqi_referee::render::IndexedImage, name: &str) -> Vec<u8> {
    let v = Variant::junqi();
    let (x, y, w, h) = tile_rect(v, v.board.find(name).unwrap(), Seat::RED);
    (y..y + h)
        .flat_map(|yy| (x..x + w).map(move |xx| (xx, yy)))
        .map(|(xx, yy)| img.get(xx as usize, yy as usize))
        .collect()
}

#[test]
fn every_back_is_identical_and_the_colours_differ_face_up() {
    let g = game(DOC_DEAL, "+c6=G +d7=i");
    let img = render_flip_indexed(&g.view(), Lang::ZhHans).unwrap();
    // a1 holds a blue captain and b1 a blue bomb, e12 a blue bomb, d12 a red major: all alike.
    let back = tile(&img, "a1");
    for p in ["b1", "e12", "d12", "c5", "a10"] {
        assert_eq!(tile(&img, p), back, "{p}");
    }
    assert_ne!(tile(&img, "c6"), back);
    assert_ne!(tile(&img, "c6"), tile(&img, "d7"), "a blue captain and a red engineer look different");
}

#[test]
fn images_depend_only_on_face_up_pieces() {
    // Swap two face-down pieces of different colour and kind (c1 h and e12 K): same images.
    let mut other: Vec<char> = DOC_DEAL.chars().collect();
    other.swap(2, 49);
    let other: String = other.into_iter().collect();
    for tokens in ["", "+c6=G", "+c6=G +d7=i +d6=c d6-c6"] {
        let (a, b) = (game(DOC_DEAL, tokens), game(&other, tokens));
        for lang in [Lang::ZhHans, Lang::En, Lang::ZhHant] {
            assert_eq!(
                render_flip_png(&a.view(), lang).unwrap(),
                render_flip_png(&b.view(), lang).unwrap(),
                "{tokens}"
            );
        }
    }
}

#[test]
fn a_flip_game_animates() {
    let mut g = game(DOC_DEAL, "");
    let mut views = vec![g.view()];
    for t in ["+c6=G", "+d7=i", "+d6=c", "d6-c6"] {
        g.play_parsed(parse_action(t).unwrap()).unwrap();
        views.push(g.view());
    }
    let gif = render_flip_gif(&views, Lang::En).unwrap();
    assert_eq!(&gif[..6], b"GIF89a");
    assert!(render_flip_gif(&[], Lang::En).is_err());
}

/// A 翻棋 picture drawn through its art is the legacy image of the same position, pixel for pixel,
/// from the top of the board's coordinate band to the footer: the backs, the face-up tiles and the
/// marks of a flip (a ring) and of a move (a thin ring on its start). Only the caption bands differ:
/// a picture has no loss counts or ply words to caption.
#[test]
fn flip_pictures_match_the_legacy_board() {
    let mut contract = FlipContract::new(game(DOC_DEAL, ""));
    let mut played = String::new();
    for token in ["", "+c6", "+d7", "+d6", "d6-c6", "+e6", "+c5"] {
        if !token.is_empty() {
            contract.play_text(contract.to_move(), token).expect("legal");
            played = format!("{played} {token}");
        }
        let legacy = render_flip_indexed(&game(DOC_DEAL, &played).view(), Lang::ZhHans).unwrap();
        let new =
            picture_indexed(&contract.picture_for(Audience::Public), FLIP.kind, &PictureOptions::default()).unwrap();
        let band = (layout::HEADER_H as usize * legacy.width)..(layout::FOOTER_Y as usize * legacy.width);
        assert!(legacy.pixels[band.clone()] == new.pixels[band], "after '{played}': the board band differs");
    }
}

/// To an audience that knows (`Everyone`), a face-down piece is its back with its kind shown small
/// on a patch of its colour; to the public it is the bare back, alike for every piece.
#[test]
fn face_down_pieces_show_what_is_under_only_to_everyone() {
    let contract = FlipContract::new(game(DOC_DEAL, ""));
    let draw = |a| picture_indexed(&contract.picture_for(a), FLIP.kind, &PictureOptions::default()).unwrap();
    let (public, everyone) = (draw(Audience::Public), draw(Audience::Everyone));
    // a1 holds a blue captain, d12 a red major.
    assert_eq!(tile(&public, "a1"), tile(&public, "d12"));
    assert_ne!(tile(&everyone, "a1"), tile(&public, "a1"));
    assert_ne!(tile(&everyone, "a1"), tile(&everyone, "d12"));
}
