//! Board images: the renderers the service is given (see [`board_renderer`]), and the images of
//! a game's board and of a layout alone on the board. Every drawing runs off the async workers,
//! through [`draw`].

use std::sync::{Arc, OnceLock};

use tokio::sync::Semaphore;

use super::RefereeService;
use crate::discord::config::Locale;
use crate::discord::port::{File, ServiceError};
use crate::referee::Mark;
use crate::rules::view::View;
use crate::rules::{Game, RuleOptions, Seat, Setup, Variant, Viewer};

/// What an image shows beyond the view.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Extras {
    /// The viewer's own marks (private images only).
    pub marks: Vec<Mark>,
    /// A layout before the game starts (captioned as a deployment, not as a move).
    pub deployment: bool,
}

/// Draws a view as an image (PNG for boards). `None` when no renderer is available.
pub type Renderer = Arc<dyn Fn(&View, &Extras) -> Option<Vec<u8>> + Send + Sync>;

/// Draws a 翻棋 board (PNG). `None` when no renderer is available.
pub type FlipRenderer = Arc<dyn Fn(&crate::rules::flip::FlipView) -> Option<Vec<u8>> + Send + Sync>;

/// The language images are labelled in for a locale: 繁體 players get 繁體 images.
pub fn render_lang(locale: Locale) -> crate::render::Lang {
    match locale {
        Locale::En => crate::render::Lang::En,
        Locale::ZhTw => crate::render::Lang::ZhHant,
        Locale::ZhCn => crate::render::Lang::Zh,
    }
}

/// The 翻棋 board images of `src/render/flip.rs`, labelled in the server's default language.
pub fn flip_board_renderer(locale: Locale) -> FlipRenderer {
    let lang = render_lang(locale);
    Arc::new(move |view: &crate::rules::flip::FlipView| match crate::render::flip::render_flip_png(view, lang) {
        Ok(png) => Some(png),
        Err(e) => {
            tracing::warn!(error = %e, "could not draw a flip board");
            None
        }
    })
}

/// The board images of `src/render`, labelled in the server's default language.
pub fn board_renderer(locale: Locale) -> Renderer {
    let lang = render_lang(locale);
    Arc::new(move |view: &crate::rules::View, extras: &Extras| {
        let marks = extras.marks.iter().map(|m| (m.point, m.kind)).collect();
        let opts = crate::render::RenderOptions { lang, marks, deployment: extras.deployment, ..Default::default() };
        match crate::render::render_png(view, &opts) {
            Ok(png) => Some(png),
            Err(e) => {
                tracing::warn!(error = %e, "could not draw a board");
                None
            }
        }
    })
}

impl RefereeService {
    /// A game's board as `for_user` sees it (None: the public board), as the file `name`.
    pub(super) async fn image(&self, game: i64, for_user: Option<&str>, name: &str) -> Option<File> {
        // 翻棋: one public board for everyone (no private channel).
        if let Ok(Some(view)) = self.referee.flip_view(game).await {
            let render = self.flip_render.clone()?;
            let bytes = draw("a flip board", move || render(&view)).await.ok()??;
            return Some(File { name: name.to_string(), bytes });
        }
        // A kind whose art draws pictures rather than views: its picture for this audience.
        if self.referee.view(game, for_user).await.is_err()
            && let Ok(Some((picture, kind))) = self.referee.picture(game, for_user).await
        {
            self.render.as_ref()?;
            let drawn = draw("a board picture", move || {
                crate::render::picture_png(&picture, kind, &crate::render::PictureOptions::default())
            });
            return match drawn.await {
                Ok(Ok(bytes)) => Some(File { name: name.to_string(), bytes }),
                Ok(Err(e)) => {
                    tracing::warn!(error = %e, game, "could not draw a board picture");
                    None
                }
                Err(_) => None,
            };
        }
        // Text only: nothing to read for an image that will not be drawn.
        self.render.as_ref()?;
        let view = self.referee.view(game, for_user).await.ok()?;
        // Marks are the player's own: only on their private image, never on the public one.
        let marks = match (for_user, view.viewer) {
            (Some(u), Viewer::Seat(_)) => self.referee.marks(game, u).await.unwrap_or_else(|e| {
                tracing::warn!(error = %e, game, "could not read marks");
                vec![]
            }),
            _ => vec![],
        };
        self.board_png(view, Extras { marks, deployment: false })
            .await
            .map(|bytes| File { name: name.to_string(), bytes })
    }

    /// The image of a layout alone on the board, as its owner sees it (deployment panels).
    pub(super) async fn layout_image(&self, game: i64, user: u64, layout: &str) -> Option<File> {
        self.render.as_ref()?;
        let row = self.referee.game_row(game).await.ok()??;
        let seat = self.seat_of(game, user).await.unwrap_or(Seat::BLUE);
        let v = Variant::by_name(&row.variant)?;
        let deployment = Setup::parse(v, layout).ok()?.validate(v, seat).ok()?;
        let alone = Game::new(v, RuleOptions::default(), &[deployment], seat);
        let view = alone.view(Viewer::Seat(seat), crate::rules::Mode::Dark, None);
        self.board_png(view, Extras { marks: vec![], deployment: true })
            .await
            .map(|bytes| File { name: "layout.png".into(), bytes })
    }

    /// A view drawn by the board renderer (off the async workers; see [`draw`]); None without a
    /// renderer or when drawing failed.
    pub(super) async fn board_png(&self, view: View, extras: Extras) -> Option<Vec<u8>> {
        let render = self.render.clone()?;
        draw("a board", move || render(&view, &extras)).await.ok()?
    }
}

/// How many drawings may run at once: drawing is CPU-bound (tens of milliseconds a board, more for
/// a replay), so running more at once than there are cores only makes each one slower.
fn drawing_slots() -> &'static Semaphore {
    static SLOTS: OnceLock<Semaphore> = OnceLock::new();
    SLOTS.get_or_init(|| Semaphore::new(std::thread::available_parallelism().map_or(2, |n| n.get())))
}

/// Runs a drawing (PNG or GIF encoding) on tokio's blocking threads, at most one a core at a time,
/// so that a burst of images never stalls the async workers that serve the gateway and the other
/// commands. A drawing that panicked is an internal fault: logged, and an error, never a panic here.
pub(super) async fn draw<T, F>(what: &'static str, f: F) -> Result<T, ServiceError>
where
    T: Send + 'static,
    F: FnOnce() -> T + Send + 'static,
{
    // The semaphore is never closed, so a permit always comes.
    let _slot = drawing_slots().acquire().await;
    tokio::task::spawn_blocking(f).await.map_err(|e| {
        tracing::error!(error = %e, what, "drawing failed");
        ServiceError::Internal(format!("drawing {what} failed: {e}"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn drawings_run_off_the_async_workers_and_a_panic_is_an_internal_fault() {
        let worker = std::thread::current().id();
        let drawn_on = draw("a test", move || std::thread::current().id()).await.expect("drawn");
        assert_ne!(drawn_on, worker);
        let failed = draw("a test", || -> Vec<u8> { panic!("a broken renderer") }).await;
        assert!(matches!(failed, Err(ServiceError::Internal(_))), "{failed:?}");
        // The slot of the failed drawing is free again.
        assert_eq!(draw("a test", || 7).await, Ok(7));
    }
}
