//! Board images: the renderer the service is given (see [`board_renderer`]), and the images of
//! a game's board and of a layout alone on the board, all drawn from the game's [`Picture`] for
//! one audience. Every drawing runs off the async workers, through [`draw`].

use std::sync::{Arc, OnceLock};

use tokio::sync::Semaphore;

use super::RefereeService;
use crate::discord::ids::user_key;
use crate::discord::port::{File, ServiceError};
use crate::render::PictureOptions;
use crate::rules::contract::{Audience, GameKind, Picture};

/// Draws a game's picture as an image (PNG for boards). `None` when it could not be drawn.
pub type Renderer = Arc<dyn Fn(&Picture, &GameKind, &PictureOptions) -> Option<Vec<u8>> + Send + Sync>;

/// The board images of `src/render`, drawn from any catalogued game's picture (the language is
/// the viewer's, given in the options).
pub fn board_renderer() -> Renderer {
    Arc::new(|picture: &Picture, kind: &GameKind, opts: &PictureOptions| {
        match crate::render::picture_png(picture, kind, opts) {
            Ok(png) => Some(png),
            Err(e) => {
                tracing::warn!(error = %e, kind = kind.name, "could not draw a board");
                None
            }
        }
    })
}

impl RefereeService {
    /// A game's board as `for_user` sees it (None: the public board), as the file `name`: the
    /// game's picture for that audience, in the viewer's language (the public image in the
    /// server's), with the player's own marks on a picture made for their seat.
    pub(super) async fn image(&self, game: i64, for_user: Option<&str>, name: &str) -> Option<File> {
        // Text only: nothing to read for an image that will not be drawn.
        self.render.as_ref()?;
        let (picture, kind) = match self.referee.picture(game, for_user).await {
            Ok(Some(p)) => p,
            Ok(None) => return None,
            Err(e) => {
                tracing::warn!(error = %e, game, "could not read a board picture");
                return None;
            }
        };
        // Marks are the player's own: only on their private image, never on the public one.
        let marks = match (for_user, picture.audience()) {
            (Some(u), Audience::Seat(_)) => match self.referee.marks(game, u).await {
                Ok(marks) => marks.into_iter().map(|m| (m.point, m.kind)).collect(),
                Err(e) => {
                    tracing::warn!(error = %e, game, "could not read marks");
                    vec![]
                }
            },
            _ => vec![],
        };
        let opts = PictureOptions { lang: self.image_lang(game, for_user).await, marks, ..Default::default() };
        self.picture_png(picture, kind, opts).await.map(|bytes| File { name: name.to_string(), bytes })
    }

    /// The image of a layout alone on the board, as its owner sees it (deployment panels).
    pub(super) async fn layout_image(&self, game: i64, user: u64, layout: &str) -> Option<File> {
        self.render.as_ref()?;
        let me = user_key(user);
        let (picture, kind) = self.referee.layout_picture(game, &me, layout).await.ok()??;
        let opts =
            PictureOptions { lang: self.image_lang(game, Some(&me)).await, deployment: true, ..Default::default() };
        self.picture_png(picture, kind, opts).await.map(|bytes| File { name: "layout.png".into(), bytes })
    }

    /// The language of an image of `game` for `user` (theirs), or of its public image (`None`:
    /// the server's); the default language if the referee cannot tell.
    pub(super) async fn image_lang(&self, game: i64, user: Option<&str>) -> crate::render::Lang {
        let server = match self.referee.game_row(game).await {
            Ok(Some(row)) => row.server_id,
            _ => String::new(),
        };
        let locale = match user {
            Some(u) => self.referee.locale_for(u, &server).await,
            None => self.referee.server_locale(&server).await,
        };
        locale.unwrap_or_else(|e| {
            tracing::warn!(error = %e, game, "could not read a language for an image");
            crate::render::Lang::default()
        })
    }

    /// A review step's picture (the board after some plies, as the viewer may see it).
    pub(super) async fn review_png(
        &self,
        picture: Picture,
        kind: &'static GameKind,
        lang: crate::render::Lang,
    ) -> Option<Vec<u8>> {
        self.picture_png(picture, kind, PictureOptions { lang, ..Default::default() }).await
    }

    /// A picture drawn by the board renderer (off the async workers; see [`draw`]); None without
    /// a renderer or when drawing failed.
    async fn picture_png(&self, picture: Picture, kind: &'static GameKind, opts: PictureOptions) -> Option<Vec<u8>> {
        let render = self.render.clone()?;
        draw("a board", move || render(&picture, kind, &opts)).await.ok()?
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
    use crate::referee::{Action, Command, DeploySource, ManualClock, Referee};
    use crate::rules::Seat;
    use crate::rules::contract::{Face, catalog};
    use crate::store::{Durability, Store};

    const RED: &str = "ghahg fbf ccdd eke ikigh jljij";
    const BLUE: &str = "ghhgf eie ddcc kik jghfj jliba";

    /// What the service asked the renderer to draw: the picture's audience and the options.
    type Drawn = std::sync::Arc<std::sync::Mutex<Vec<(Audience, PictureOptions)>>>;

    #[tokio::test]
    async fn images_are_the_audiences_pictures_in_their_language_with_the_players_own_marks() {
        let path = std::env::temp_dir().join(format!("junqi-images-{}.db", std::process::id()));
        for s in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{s}", path.display()));
        }
        let store = Store::open(&path, Durability::Normal).await.unwrap();
        let referee = Arc::new(Referee::new(store, Arc::new(ManualClock::new(1_795_996_800))));
        let drawn: Drawn = Default::default();
        let seen = drawn.clone();
        let render: Renderer = Arc::new(move |p: &Picture, _: &GameKind, o: &PictureOptions| {
            seen.lock().unwrap().push((p.audience(), o.clone()));
            Some(vec![7])
        });
        let service = RefereeService::new(referee.clone(), Some(render));
        let (alice, bob) = (user_key(1), user_key(2));
        let mut n = 0;
        let mut run = async |user: &str, action: Action| {
            n += 1;
            let cmd = Command { user: user.into(), request: format!("r{n}"), server: String::new(), action };
            referee.handle(cmd).await.unwrap();
        };
        let challenge = Action::Challenge {
            opponent: Some(bob.clone()),
            variant: "junqi".into(),
            mode: String::new(),
            rules: String::new(),
            time: "none".into(),
        };
        run(&alice, challenge).await;
        run(&bob, Action::SetLocale("zh-TW".into())).await;
        run(&bob, Action::Accept(1)).await;
        // Bob's layout alone on the board, as a deployment, in his language.
        assert!(service.layout_image(1, 2, BLUE).await.is_some());
        let (audience, opts) = drawn.lock().unwrap().pop().unwrap();
        assert_eq!(
            (audience, opts.deployment, opts.lang),
            (Audience::Seat(Seat(1)), true, crate::render::Lang::ZhHant)
        );
        // Not a layout: no image.
        assert!(service.layout_image(1, 2, "nonsense").await.is_none());
        run(&alice, Action::Deploy(1, DeploySource::Text(RED.into()))).await;
        run(&bob, Action::Deploy(1, DeploySource::Text(BLUE.into()))).await;
        // Alice marks one of Bob's pieces.
        let (mine, kind) = referee.picture(1, Some(&alice)).await.unwrap().unwrap();
        let enemy = mine.tokens.iter().find(|t| t.face == Face::Hidden { owner: Seat(1) }).unwrap().at;
        let point = (catalog::find(kind.name).unwrap().record.point)(enemy);
        run(&alice, Action::Mark { game: 1, point, piece: Some("司令".into()) }).await;
        drawn.lock().unwrap().clear();
        for user in [Some(alice.as_str()), Some(bob.as_str()), None] {
            assert!(service.image(1, user, "b.png").await.is_some());
        }
        let drawn: Vec<_> =
            drawn.lock().unwrap().iter().map(|(a, o)| (*a, o.lang, o.marks.len(), o.deployment)).collect();
        let (en, hant) = (crate::render::Lang::En, crate::render::Lang::ZhHant);
        // Alice's own seat with her mark; Bob's in 繁體 without it; the public one in the server's
        // language, without marks.
        assert_eq!(
            drawn,
            [
                (Audience::Seat(Seat(0)), en, 1, false),
                (Audience::Seat(Seat(1)), hant, 0, false),
                (Audience::Public, en, 0, false)
            ]
        );
        referee.store().close().await;
        for s in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{s}", path.display()));
        }
    }

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
