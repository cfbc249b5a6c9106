//! 翻棋 under the contract: a thin adapter over [`crate::flip::FlipGame`]. Seat 0 is P1 (who
//! plays first) and seat 1 is P2; the sides of pieces are colours (0 red, 1 blue), which the
//! first flip gives to the players.

use crate::contract::record::{Envelope, ParseError, Reading, RecordDef};
use crate::contract::{
    AnyGame, Audience, Dealt, Face, Fact, Game, GameDef, GameKind, Illegal, Lang, Leave, Leaving, ModeDesc, Over,
    Picture, PublicPly, Rematch, SeatDesc, Seating, Secret, SettingsError, SetupStyle, Start, StartError, Unreadable,
};
use crate::flip::{
    Deal, FlipError, FlipEvent, FlipGame, FlipOptions, FlipReport, ParsedAction, Player, deal_points, parse_action,
};
use crate::flip_record::{FlipRecord, action_text};
use crate::seat::Seat;
use crate::shuffle::{self, Seed};
use crate::variant::Variant;

use super::{swap_chars, text, words};

/// A 翻棋 game in progress, under the contract.
#[derive(Clone, Debug)]
pub struct FlipContract {
    game: FlipGame,
    last: Option<FlipReport>,
}

impl FlipContract {
    /// Wraps a flip game.
    pub fn new(game: FlipGame) -> FlipContract {
        FlipContract { game, last: None }
    }

    fn player(seat: Seat) -> Option<Player> {
        Player::from_index(seat.0)
    }

    /// What stood face down on `p` from the start: face-down pieces never move.
    fn under(&self, p: crate::board::PointId) -> Option<(Seat, crate::piece::PieceKind)> {
        let i = deal_points().iter().position(|&q| q == p)?;
        self.game.deal()?.get(i)
    }
}

impl Game for FlipContract {
    type Action = ParsedAction;
    type Ply = FlipReport;
    type Refusal = FlipError;

    fn kind(&self) -> &'static GameKind {
        &FLIP_KIND
    }

    fn to_move(&self) -> Seat {
        Seat(self.game.to_move().index() as u8)
    }

    fn ply(&self) -> u32 {
        self.game.ply()
    }

    fn over(&self) -> Option<Over> {
        self.game.over().map(Over::from)
    }

    fn legal(&self, seat: Seat) -> Vec<ParsedAction> {
        if seat != Game::to_move(self) {
            return Vec::new();
        }
        self.game.legal_actions().into_iter().map(|action| ParsedAction { action, claims: None }).collect()
    }

    fn play(&mut self, seat: Seat, action: ParsedAction) -> Result<FlipReport, Illegal<FlipError>> {
        if self.game.over().is_some() {
            return Err(Illegal::Over);
        }
        if seat != Game::to_move(self) {
            return Err(Illegal::NotYourTurn { seat, to_move: Game::to_move(self) });
        }
        let report = self.game.play_parsed(action).map_err(Illegal::Rule)?;
        self.last = Some(report.clone());
        Ok(report)
    }

    fn last(&self) -> Option<&FlipReport> {
        self.last.as_ref()
    }

    fn leave(&mut self, seat: Seat, why: Leave) -> Leaving {
        let Some(player) = Self::player(seat) else { return Leaving::default() };
        let end = match why {
            Leave::Resign => self.game.resign(player),
            Leave::Timeout => self.game.timeout(player),
        };
        match end {
            Some(end) => Leaving { out: vec![seat], end: Some(end.into()) },
            None => Leaving::default(),
        }
    }

    fn agree_draw(&mut self) -> Option<Over> {
        self.game.agree_draw().map(Over::from)
    }

    /// 翻棋 lets a turn be skipped (QQ 军棋's timeouts): the other player moves.
    fn pass(&mut self, seat: Seat) -> Option<Leaving> {
        let player = Self::player(seat)?;
        self.game.pass(player).then(Leaving::default)
    }

    /// Every ply of 翻棋 is public (`rules-flip.md` §6): all audiences learn the same.
    fn public_ply(&self, ply: &FlipReport, _audience: Audience) -> PublicPly {
        let mut facts = Vec::new();
        let path = match ply.event {
            FlipEvent::Flip { point, colour, kind } => {
                facts.push(Fact::Flipped { at: point, owner: colour, kind });
                vec![point]
            }
            FlipEvent::Move { mv, outcome, attacker, defender } => {
                if let Some((d_colour, d_kind)) = defender {
                    facts.push(Fact::Combat {
                        outcome,
                        attacker: Face::Known { owner: attacker.0, kind: attacker.1 },
                        defender: Face::Known { owner: d_colour, kind: d_kind },
                    });
                }
                vec![mv.from, mv.to]
            }
        };
        if let Some(p1) = ply.colours {
            facts.push(Fact::Colour { seat: Seat(0), colour: p1 });
            facts.push(Fact::Colour { seat: Seat(1), colour: crate::flip::other_colour(p1) });
        }
        PublicPly {
            ply: ply.ply,
            seat: Seat(ply.player.index() as u8),
            action: ply.token(),
            path,
            facts,
            end: ply.end.map(Over::from),
        }
    }

    fn picture(&self, audience: Audience, last: Option<&FlipReport>) -> Picture {
        let mut view = self.game.view();
        view.last = last.cloned();
        // Only an audience that knows everything sees under a back.
        let knows = audience == Audience::Everyone;
        super::pictures::of_flip_view(&view, audience, |at| self.under(at).filter(|_| knows))
    }

    fn parse_action(&self, _seat: Seat, text: &str) -> Result<ParsedAction, Unreadable> {
        parse_action(text).map_err(|e| Unreadable::new(text, super::refusals::flip_hint(&e)))
    }

    fn action_token(&self, action: ParsedAction) -> String {
        action_text(action)
    }

    fn parse_typed(&self, seat: Seat, text: &str) -> Result<ParsedAction, Unreadable> {
        // A typed `=x` (a guess at what a face-down piece is) is ignored: refusing a wrong guess
        // would tell what the point holds. The logged token names the true piece (`ply_token`).
        self.parse_action(seat, text).map(|a| ParsedAction { claims: None, ..a })
    }

    fn ply_token(&self, action: ParsedAction, ply: &FlipReport) -> String {
        match ply.event {
            crate::flip::FlipEvent::Flip { colour, kind, .. } => {
                action_text(ParsedAction { claims: Some((colour, kind)), ..action })
            }
            crate::flip::FlipEvent::Move { .. } => action_text(ParsedAction { claims: None, ..action }),
        }
    }
}

fn settings(mode: &str, options: &str) -> Result<FlipOptions, SettingsError> {
    FLIP_KIND.mode(mode).ok_or_else(|| FLIP_KIND.mode_error(mode))?;
    FlipOptions::parse(options).map_err(|e| SettingsError::Options(e.to_string()))
}

fn start(s: &Start) -> Result<Box<dyn AnyGame>, StartError> {
    FLIP.check_seats(s.seats)?;
    let options = settings(&s.mode, &s.options)?;
    let deal = s.deal.as_ref().ok_or(StartError::MissingDeal)?;
    // The deal is the 50 letters; spaces (as people may paste them) are not part of it.
    let letters: String = deal.expose().chars().filter(|c| !c.is_whitespace()).collect();
    let deal = Deal::parse(&letters).map_err(|e| StartError::Deal(e.to_string()))?;
    if s.first != Seat(0) {
        // P1 plays first by definition: the referee chooses who sits in seat 0.
        return Err(StartError::First(s.first));
    }
    Ok(Box::new(FlipContract::new(FlipGame::new(&deal, options))))
}

fn deal(seed: &Secret<[u8; 32]>) -> Dealt {
    let seed = Seed(*seed.expose());
    let deal = Deal::from_seed(&seed).to_string();
    let commitment = shuffle::commit(&seed, &deal);
    Dealt { deal: Secret::new(deal), commitment }
}

fn describe_options(options: &str, lang: Lang) -> String {
    let o = options.trim();
    if o.is_empty() {
        lang.pick("standard rules", "标准规则").into()
    } else {
        lang.pick(format!("rules: {o}"), format!("规则：{o}")).into()
    }
}

/// Who is P1 (`first=random`: drawn once both sit down; `first=creator`: the challenger) and what
/// a timeout does (`on-timeout=auto`).
fn policy(options: &str) -> crate::contract::Policy {
    use crate::contract::{First, OnTimeout, Policy};
    let Ok(o) = FlipOptions::parse(options) else { return Policy::default() };
    Policy {
        first: match o.first {
            crate::flip::FirstPlayer::Random => First::SeatsByLot,
            crate::flip::FirstPlayer::Creator => First::FirstSeat,
        },
        on_timeout: match o.base.on_timeout {
            crate::options::OnTimeout::AutoMove(n) => OnTimeout::AutoMove(n),
            crate::options::OnTimeout::Lose => OnTimeout::Leave,
            crate::options::OnTimeout::Skip(n) => OnTimeout::Skip(n),
        },
    }
}

/// The side names of 翻棋: colours, named like the 2-player seats.
fn colour(c: Seat, lang: Lang) -> &'static str {
    super::junqi::JUNQI_KIND.seating.name(c, lang)
}

const FLIP_MODES: [ModeDesc; 1] = [ModeDesc {
    key: "flip",
    name: text("flip", "翻棋", "翻棋"),
    about: text(
        "flip (every piece starts face down; a flipped piece is seen by all)",
        "翻棋（全部棋子背面朝上，翻开后人人可见）",
        "翻棋（全部棋子背面朝上，翻開後人人可見）",
    ),
}];

/// The static kind of 翻棋.
pub static FLIP_KIND: GameKind = GameKind {
    name: "junqi-flip",
    aliases: &["flip", "翻棋", "翻翻棋", "暗棋翻"],
    title: text("Flip Junqi", "翻棋", "翻棋"),
    seating: Seating {
        seats: &[
            SeatDesc { key: "p1", name: text("P1", "P1", "P1"), team: 0, aliases: &[] },
            SeatDesc { key: "p2", name: text("P2", "P2", "P2"), team: 1, aliases: &[] },
        ],
        counts: &[2],
        per_count: None,
    },
    setup: SetupStyle::Deal,
    modes: &FLIP_MODES,
    settings: |m, o| settings(m, o).map(|o| o.to_string()),
    describe_options,
    rematch: Rematch::SwapSeats,
    setup_hint: text("", "", ""),
    layouts: "junqi-flip",
    art: "junqi-backs",
    piece_label: |k| super::junqi::junqi_label(crate::variant::Variant::junqi(), k),
    record_tag: "junqi-flip",
};

/// Reads a 翻棋 record: its deal, checked against the seed and commitment when given; a secret
/// deal is completed from the pieces the flips name (no rule reads a face-down identity, so any
/// completion gives the same public history).
fn read_record(_: &'static GameDef, env: &Envelope) -> Result<Reading, ParseError> {
    let record = FlipRecord::from_envelope(env.clone())?;
    let header = record.header()?;
    let deal = match header.deal {
        Some(d) => d,
        None => record.completed_deal()?,
    };
    Ok(Reading::Known(Start {
        options: header.options.to_string(),
        mode: String::new(),
        seats: 2,
        setups: Vec::new(),
        deal: Some(Secret::new(deal.to_string())),
        first: Seat(0),
    }))
}

/// How 翻棋 records name points, pieces (blue in upper case) and colours.
pub static FLIP_RECORD: RecordDef = RecordDef {
    read: read_record,
    point: |p| Variant::junqi().board.name(p).to_string(),
    piece: |colour, kind| crate::flip::piece_letter(colour, kind).to_string(),
    side: crate::flip::colour_name,
    shuffle: Some(shuffle::SHUFFLE_NAME),
    write: None,
};

/// The catalogue entry of 翻棋.
pub static FLIP: GameDef = GameDef {
    kind: &FLIP_KIND,
    start,
    random_setup: None,
    validate_setup: None,
    deal: Some(deal),
    setup_picture: None,
    swap_slots: Some(swap_chars),
    policy,
    show_setup: |s| s.to_string(),
    marks: None,
    describe: |p, lang| words::describe(&FLIP_KIND.seating, &Variant::junqi().board, colour, p, lang),
    record: &FLIP_RECORD,
    places: || super::junqi::board_places(&Variant::junqi().board),
};
