//! Component and modal custom ids (`jq:<verb>:<id>`) and Discord's limits on components: what a
//! button or menu carries back, parsed without trusting it.

/// The longest seat key a seat button carries (keys are a game's seat keys: `s`, `ne`, …).
pub const SEAT_KEY_MAX: usize = 4;

/// Discord's limit of buttons in one action row.
pub(super) const BUTTONS_PER_ROW: usize = 5;

/// Discord's limit of options in one select menu.
pub const SELECT_OPTIONS: usize = 25;

/// Discord's limit of action rows in one message.
pub const ROWS_PER_MESSAGE: usize = 5;

/// The longest point name an editor menu's custom id carries (`S.c6`, `C.e`: a few bytes).
pub const POINT_NAME_MAX: usize = 12;

/// A parsed component or modal custom id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ComponentId {
    /// Accept button.
    Accept(u64),
    /// Decline button.
    Decline(u64),
    /// Panel: random.
    Random(u64),
    /// Panel: open the Edit modal.
    Edit(u64),
    /// Panel: open the Save-as modal.
    SaveAs(u64),
    /// Panel: confirm.
    Confirm(u64),
    /// Panel: load-saved menu.
    Load(u64),
    /// Edit modal submitted.
    EditSubmit(u64),
    /// Save-as modal submitted.
    SaveSubmit(u64),
    /// A free-seat button of a challenge of more than two seats: (challenge, the seat's key —
    /// `e` on the 4-player board, `ne` in 跳棋; lowercase ASCII letters, at most [`SEAT_KEY_MAX`]).
    Seat(u64, String),
    /// A review button: (game, which button — [`REVIEW_BUTTONS`]' letter, so that the buttons of
    /// one message never share an id — and the ply it shows). `jq:rv-n12:7`: at most 36 chars.
    Review(u64, char, u32),
    /// A review's Jump button (game): opens a form asking for the ply.
    ReviewJump(u64),
    /// The review's jump form submitted (game); the ply is the form's field.
    ReviewJumpSubmit(u64),
    /// The confirmation button of `/junqi resign`: resign this game for good.
    Resign(u64),
    /// The layout editor's first menu (game, menu index: a board with more than 25 own points
    /// has several menus of at most 25).
    Pick(u64, u8),
    /// A takeback request's Accept button (game).
    TakebackAccept(u64),
    /// A takeback request's Decline button (game).
    TakebackDecline(u64),
    /// The layout editor's second menu: (game, menu index, the point picked first). The pick
    /// lives in the message, so it survives a restart.
    SwapWith(u64, u8, String),
}

/// A point name a custom id may carry: ASCII letters, digits and dots, short.
pub(crate) fn point_fits(p: &str) -> bool {
    (1..=POINT_NAME_MAX).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'.')
}

/// The review's buttons: (letter in the custom id, label).
pub const REVIEW_BUTTONS: [(char, &str); 4] = [('f', "⏮"), ('p', "◀"), ('n', "▶"), ('l', "⏭")];

impl ComponentId {
    /// The custom id string (`jq:<verb>:<id>`; short, well under Discord's 100 characters).
    pub fn encode(&self) -> String {
        match self {
            ComponentId::Seat(id, seat) => return format!("jq:seat-{seat}:{id}"),
            ComponentId::Pick(id, k) => return format!("jq:pick-{k}:{id}"),
            ComponentId::SwapWith(id, k, p) => return format!("jq:swap-{k}-{p}:{id}"),
            ComponentId::Review(id, which, ply) => return format!("jq:rv-{which}{ply}:{id}"),
            _ => {}
        }
        let (verb, id) = match self {
            ComponentId::Accept(i) => ("acc", i),
            ComponentId::Decline(i) => ("dec", i),
            ComponentId::Random(i) => ("rnd", i),
            ComponentId::Edit(i) => ("edit", i),
            ComponentId::SaveAs(i) => ("save", i),
            ComponentId::Confirm(i) => ("ok", i),
            ComponentId::Load(i) => ("load", i),
            ComponentId::EditSubmit(i) => ("edit-m", i),
            ComponentId::SaveSubmit(i) => ("save-m", i),
            ComponentId::TakebackAccept(i) => ("tb-acc", i),
            ComponentId::TakebackDecline(i) => ("tb-dec", i),
            ComponentId::Resign(i) => ("rsgn", i),
            ComponentId::ReviewJump(i) => ("rvj", i),
            ComponentId::ReviewJumpSubmit(i) => ("rvj-m", i),
            // Encoded above, with their seat letter, ply, menu index or point.
            ComponentId::Seat(i, _)
            | ComponentId::Pick(i, _)
            | ComponentId::SwapWith(i, _, _)
            | ComponentId::Review(i, _, _) => ("seat", i),
        };
        format!("jq:{verb}:{id}")
    }

    /// Parses a custom id; None for anything else (another bot version's buttons, garbage).
    pub fn parse(s: &str) -> Option<ComponentId> {
        let mut it = s.split(':');
        if it.next()? != "jq" {
            return None;
        }
        let verb = it.next()?;
        let id: u64 = it.next()?.parse().ok()?;
        if it.next().is_some() {
            return None;
        }
        Some(match verb {
            "acc" => ComponentId::Accept(id),
            "dec" => ComponentId::Decline(id),
            "rnd" => ComponentId::Random(id),
            "edit" => ComponentId::Edit(id),
            "save" => ComponentId::SaveAs(id),
            "ok" => ComponentId::Confirm(id),
            "load" => ComponentId::Load(id),
            "edit-m" => ComponentId::EditSubmit(id),
            "save-m" => ComponentId::SaveSubmit(id),
            "tb-acc" => ComponentId::TakebackAccept(id),
            "tb-dec" => ComponentId::TakebackDecline(id),
            rv if rv.starts_with("rv-") => {
                let mut chars = rv["rv-".len()..].chars();
                let which = chars.next().filter(|c| REVIEW_BUTTONS.iter().any(|(l, _)| l == c))?;
                ComponentId::Review(id, which, chars.as_str().parse().ok()?)
            }
            "rsgn" => ComponentId::Resign(id),
            "rvj" => ComponentId::ReviewJump(id),
            "rvj-m" => ComponentId::ReviewJumpSubmit(id),
            pick if pick.starts_with("pick-") => ComponentId::Pick(id, pick["pick-".len()..].parse().ok()?),
            swap if swap.starts_with("swap-") => {
                let (k, point) = swap["swap-".len()..].split_once('-')?;
                ComponentId::SwapWith(id, k.parse().ok()?, point_fits(point).then(|| point.to_string())?)
            }
            seat if seat.starts_with("seat-") => {
                let key = &seat["seat-".len()..];
                let fits = (1..=SEAT_KEY_MAX).contains(&key.len()) && key.bytes().all(|b| b.is_ascii_lowercase());
                ComponentId::Seat(id, fits.then(|| key.to_string())?)
            }
            _ => return None,
        })
    }
}
