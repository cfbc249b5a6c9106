//! 军棋, 四国军棋 and its duel under the contract: a thin adapter over [`crate::game::Game`] and
//! [`crate::view`], which stay the engine. Three catalogue entries share it; they differ only in
//! their variant and their static [`GameKind`].

use crate::contract::Secret;
use crate::contract::record::{Envelope, ParseError, Reading, RecordDef, ReplayError, Step};
use crate::contract::{
    Audience, Face, Fact, Game, GameDef, GameKind, Illegal, Lang, Leave, Leaving, ModeDesc, Over, Picture, PublicPly,
    Rematch, SeatDesc, Seating, SettingsError, SetupError, SetupStyle, Start, StartError, Unreadable,
};
use crate::game::{Game as Engine, IllegalMove, Move, PlyReport};
use crate::notation::format_move;
use crate::options::{Mode, RuleOptions};
use crate::record::{Record, ReplayEvent};
use crate::rng::Rng;
use crate::seat::Seat;
use crate::setup::{Deployment, Setup};
use crate::variant::Variant;
use crate::view::Viewer;

use super::{swap_chars, text, words};

/// A game of the Junqi family in progress, under the contract.
#[derive(Clone, Debug)]
pub struct JunqiGame {
    game: Engine,
    mode: Mode,
    kind: &'static GameKind,
    last: Option<PlyReport>,
}

impl JunqiGame {
    /// Wraps an engine game played in `mode`, described by `kind`.
    pub fn new(game: Engine, mode: Mode, kind: &'static GameKind) -> JunqiGame {
        JunqiGame { game, mode, kind, last: None }
    }

    fn viewer(audience: Audience) -> Viewer {
        match audience {
            Audience::Public => Viewer::Spectator,
            Audience::Seat(s) => Viewer::Seat(s),
            Audience::Everyone => Viewer::Everyone,
        }
    }

    fn seats_out(&self) -> Vec<Seat> {
        (0..self.game.variant().seats.len() as u8).map(Seat).filter(|&s| self.game.is_out(s)).collect()
    }
}

/// Why the family's rules refuse a move: the engine's reason, or a move onto a partner's piece
/// (4-player teams), said as such.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The engine refuses it.
    #[error(transparent)]
    Engine(#[from] IllegalMove),
    /// The destination holds a partner's piece: partners are never attacked.
    #[error("{point} is held by your partner ({}); partners are never attacked", .partner.en)]
    OntoPartner {
        /// The destination's name.
        point: String,
        /// The partner's seat name.
        partner: crate::contract::Words,
    },
}

impl crate::contract::Explain for Refusal {
    fn explain(&self) -> crate::contract::Explained {
        match self {
            Refusal::Engine(e) => e.explain(),
            Refusal::OntoPartner { point, partner } => crate::contract::Explained::new(
                self.to_string(),
                format!("{point} 上是盟友（{}）的棋子；不能攻击盟友", partner.zh_hans),
            ),
        }
    }
}

impl Game for JunqiGame {
    type Action = Move;
    type Ply = PlyReport;
    type Refusal = Refusal;

    fn kind(&self) -> &'static GameKind {
        self.kind
    }

    fn to_move(&self) -> Seat {
        self.game.to_move()
    }

    fn ply(&self) -> u32 {
        self.game.ply()
    }

    fn over(&self) -> Option<Over> {
        self.game.over().map(Over::from)
    }

    fn legal(&self, seat: Seat) -> Vec<Move> {
        if seat != self.game.to_move() || self.game.over().is_some() {
            return Vec::new();
        }
        self.game.legal_moves()
    }

    fn play(&mut self, seat: Seat, mv: Move) -> Result<PlyReport, Illegal<Refusal>> {
        if self.game.over().is_some() {
            return Err(Illegal::Over);
        }
        if seat != self.game.to_move() {
            return Err(Illegal::NotYourTurn { seat, to_move: self.game.to_move() });
        }
        // Whose piece stands where is public, so naming the partner leaks nothing.
        let v = self.game.variant();
        if let (Some(from), Some(to)) = (self.game.piece_at(mv.from), self.game.piece_at(mv.to))
            && from.seat == seat
            && v.are_partners(seat, to.seat)
        {
            let partner = self.kind.seating.get(to.seat).map_or(text("?", "？", "？"), |d| d.name);
            return Err(Illegal::Rule(Refusal::OntoPartner { point: v.board.name(mv.to).to_string(), partner }));
        }
        let report = self.game.play(mv).map_err(|e| Illegal::Rule(Refusal::Engine(e)))?;
        self.last = Some(report.clone());
        Ok(report)
    }

    fn last(&self) -> Option<&PlyReport> {
        self.last.as_ref()
    }

    fn leave(&mut self, seat: Seat, why: Leave) -> Leaving {
        if self.game.over().is_some() || seat.index() >= self.game.variant().seats.len() || self.game.is_out(seat) {
            return Leaving::default();
        }
        let before = self.seats_out();
        let end = match why {
            Leave::Resign => self.game.resign(seat),
            Leave::Timeout => self.game.timeout(seat),
        };
        // The leaver first, then any seat its leaving left without a move.
        let mut out = vec![seat];
        out.extend(self.seats_out().into_iter().filter(|s| *s != seat && !before.contains(s)));
        Leaving { out, end: end.map(Over::from) }
    }

    fn agree_draw(&mut self) -> Option<Over> {
        self.game.agree_draw().map(Over::from)
    }

    /// The Junqi family lets a turn be skipped (QQ 军棋's timeouts): the next seat in play moves.
    fn pass(&mut self, seat: Seat) -> Option<Leaving> {
        let before = self.seats_out();
        let end = self.game.pass(seat)?;
        let out = self.seats_out().into_iter().filter(|s| !before.contains(s)).collect();
        Some(Leaving { out, end: end.map(Over::from) })
    }

    fn is_out(&self, seat: Seat) -> bool {
        self.game.is_out(seat)
    }

    fn public_ply(&self, ply: &PlyReport, audience: Audience) -> PublicPly {
        let variant = self.game.variant();
        let p = ply.public_in(variant, self.mode, Self::viewer(audience));
        let face = |owner: Seat, kind: Option<crate::piece::PieceKind>| {
            kind.map_or(Face::Hidden { owner }, |kind| Face::Known { owner, kind })
        };
        let mut facts = Vec::new();
        if let Some((owner, kind)) = p.defender {
            facts.push(Fact::Combat {
                outcome: p.outcome,
                attacker: face(p.seat, p.attacker),
                defender: face(owner, kind),
            });
        }
        facts.extend(p.revealed.iter().map(|r| Fact::Revealed { at: r.point, owner: r.seat, kind: r.kind }));
        facts.extend(ply.eliminated.iter().map(|&(seat, reason)| Fact::Out { seat, reason }));
        PublicPly {
            ply: p.ply,
            seat: p.seat,
            action: format_move(&variant.board, p.mv),
            path: vec![p.mv.from, p.mv.to],
            facts,
            end: p.end.map(Over::from),
        }
    }

    fn picture(&self, audience: Audience, last: Option<&PlyReport>) -> Picture {
        let view = self.game.view(Self::viewer(audience), self.mode, last);
        let mut picture = super::pictures::of_view(&view, self.kind);
        if self.game.variant().seats.len() > 2 {
            picture.captions.out = self.seats_out();
        }
        picture
    }

    fn parse_action(&self, seat: Seat, text: &str) -> Result<Move, Unreadable> {
        self.game.variant().parse_move_as(seat, text).map_err(|_| Unreadable::new(text, super::refusals::move_hint()))
    }

    fn action_token(&self, mv: Move) -> String {
        format_move(&self.game.variant().board, mv)
    }
}

/// Checks a mode and options for a variant: the normal options text.
fn settings(
    kind: &'static GameKind,
    variant: &Variant,
    mode: &str,
    options: &str,
) -> Result<(Mode, RuleOptions), SettingsError> {
    let key = kind.mode(mode).ok_or_else(|| kind.mode_error(mode))?.key;
    let mode = Mode::parse(key).ok_or_else(|| kind.mode_error(key))?;
    let rules = RuleOptions::parse(options).map_err(|e| SettingsError::Options(e.to_string()))?;
    variant.check_settings(mode, &rules).map_err(|e| SettingsError::Options(e.to_string()))?;
    Ok((mode, rules))
}

/// Reads and places a seat's deployment.
fn deploy(variant: &Variant, seat: Seat, text: &str) -> Result<Deployment, SetupError> {
    if seat.index() >= variant.seats.len() {
        return Err(SetupError::NoSuchSeat(seat));
    }
    let setup =
        Setup::parse(variant, text).map_err(|e| SetupError::Unreadable(super::refusals::setup_unreadable(&e)))?;
    setup
        .validate(variant, seat)
        .map_err(|v| SetupError::Broken(v.iter().map(|v| super::refusals::violation(v, variant)).collect()))
}

fn start(
    def: &'static GameDef,
    variant: &'static Variant,
    s: &Start,
) -> Result<Box<dyn crate::contract::AnyGame>, StartError> {
    def.check_seats(s.seats)?;
    let (mode, rules) = settings(def.kind, variant, &s.mode, &s.options)?;
    let deployments = (0..s.seats)
        .map(|i| {
            let seat = Seat(i);
            let text = s.setups.get(seat.index()).ok_or(StartError::MissingSetup(seat))?;
            deploy(variant, seat, text.expose()).map_err(|error| StartError::Setup { seat, error })
        })
        .collect::<Result<Vec<_>, _>>()?;
    if s.first.0 >= s.seats {
        return Err(StartError::First(s.first));
    }
    Ok(Box::new(JunqiGame::new(Engine::new(variant, rules, &deployments, s.first), mode, def.kind)))
}

fn describe_options(options: &str, lang: Lang) -> String {
    let o = options.trim();
    if o.is_empty() {
        lang.pick("standard rules", "标准规则").into()
    } else {
        lang.pick(format!("rules: {o}"), format!("规则：{o}")).into()
    }
}

const TWO_MODES: [ModeDesc; 3] = [
    ModeDesc {
        key: "dark",
        name: text("dark", "暗棋", "暗棋"),
        about: text("dark (hidden pieces, referee)", "暗棋（公证人）", "暗棋（公證人）"),
    },
    ModeDesc {
        key: "reveal",
        name: text("reveal", "明战", "明戰"),
        about: text("reveal (combats named)", "密布明战", "密布明戰"),
    },
    ModeDesc { key: "open", name: text("open", "明棋", "明棋"), about: text("open", "明棋", "明棋") },
];
const FOUR_MODES: [ModeDesc; 3] = [
    ModeDesc {
        key: "dark",
        name: text("dark", "四暗", "四暗"),
        about: text("dark (each sees only their own pieces)", "四暗（只见己方棋子）", "四暗（只見己方棋子）"),
    },
    ModeDesc {
        key: "partners",
        name: text("partners", "双明", "雙明"),
        about: text(
            "partners (each sees their own and their partner's pieces)",
            "双明（可见己方与盟友棋子）",
            "雙明（可見己方與盟友棋子）",
        ),
    },
    ModeDesc { key: "open", name: text("open", "明棋", "明棋"), about: text("open", "明棋", "明棋") },
];
/// How a Junqi army is written.
const HINT_25: crate::contract::Words = text(
    "25 piece codes (front row first, each row from your left)",
    "25 个棋子代码（从前排到后排，每排从你的左边起）",
    "25 個棋子代碼（從前排到後排，每排從你的左邊起）",
);

/// Who plays first (`first=random`) and what a timeout does (`on-timeout=auto`), from the options.
fn policy(options: &str) -> crate::contract::Policy {
    use crate::contract::{First, OnTimeout, Policy};
    let Ok(rules) = RuleOptions::parse(options) else { return Policy::default() };
    Policy {
        first: match rules.first {
            crate::options::FirstMove::Random => First::Drawn,
            crate::options::FirstMove::Red => First::FirstSeat,
        },
        on_timeout: match rules.on_timeout {
            crate::options::OnTimeout::AutoMove(n) => OnTimeout::AutoMove(n),
            crate::options::OnTimeout::Lose => OnTimeout::Leave,
            crate::options::OnTimeout::Skip(n) => OnTimeout::Skip(n),
        },
    }
}

const SOUTH: SeatDesc = SeatDesc { key: "s", name: text("South", "南家", "南家"), team: 0, aliases: &["南"] };
const NORTH_DUEL: SeatDesc = SeatDesc { key: "n", name: text("North", "北家", "北家"), team: 1, aliases: &["北"] };

/// Reads a record of the family: its start when every setup is given, else the replay of its
/// public history (the outcomes its marks announce).
fn read_record(_: &'static GameDef, env: &Envelope) -> Result<Reading, ParseError> {
    let record = Record::from_envelope(env.clone())?;
    let header = record.header()?;
    let v = header.variant;
    let Some(deployments) = header.deployments else {
        return Ok(Reading::Hidden(Box::new(move |steps| public_replay(&record, steps))));
    };
    Ok(Reading::Known(Start {
        options: header.rules.to_string(),
        mode: header.mode.as_str().to_string(),
        seats: v.seats.len() as u8,
        setups: deployments.iter().map(|d| Secret::new(d.setup.to_code_string(v))).collect(),
        deal: None,
        first: header.first,
    }))
}

/// The replay of a record without setups, in the contract's steps: each ply with its annotated
/// outcome (the pieces unknown), seat events, and eliminations the public history implies.
fn public_replay(record: &Record, steps: &mut Vec<Step>) -> Result<Option<Over>, ReplayError> {
    let variant = record.variant().map_err(ReplayError::Parse)?;
    let mut events = Vec::new();
    let result = record.replay_into(&mut events);
    for e in &events {
        match e {
            ReplayEvent::PublicPly { ply, seat, mv, outcome } => {
                // The account names no piece; who owned the defender this replay does not keep.
                let facts = if outcome.is_combat() {
                    vec![Fact::Combat {
                        outcome: *outcome,
                        attacker: Face::Hidden { owner: *seat },
                        defender: Face::Down,
                    }]
                } else {
                    Vec::new()
                };
                let action = format_move(&variant.board, *mv);
                steps.push(Step::Ply(PublicPly {
                    ply: *ply,
                    seat: *seat,
                    action,
                    path: vec![mv.from, mv.to],
                    facts,
                    end: None,
                }));
            }
            ReplayEvent::Ply(report) => {
                let facts = report
                    .revealed
                    .iter()
                    .map(|r| Fact::Revealed { at: r.point, owner: r.seat, kind: r.kind })
                    .collect();
                let action = format_move(&variant.board, report.mv);
                let path = vec![report.mv.from, report.mv.to];
                steps.push(Step::Ply(PublicPly { ply: report.ply, seat: report.seat, action, path, facts, end: None }));
            }
            ReplayEvent::Seat { after, seat, kind: Some(kind), eliminated, .. } => {
                steps.push(Step::Seat { after: *after, seat: *seat, kind: *kind, out: eliminated.clone() });
            }
            // An elimination the ply before implies (a flag captured): part of that ply.
            ReplayEvent::Seat { eliminated, .. } => {
                if let Some(Step::Ply(p)) = steps.last_mut() {
                    p.facts.extend(eliminated.iter().map(|&(seat, reason)| Fact::Out { seat, reason }));
                }
            }
        }
    }
    result.map(|r| r.over.map(Over::from))
}

/// Declares one catalogue entry of the family: its kind and the hooks bound to its variant.
macro_rules! junqi_def {
    ($def:ident, $kind:ident, $record:ident, $variant:expr, $kind_value:expr) => {
        #[doc = concat!("The static kind of `", stringify!($def), "`.")]
        pub static $kind: GameKind = $kind_value;
        #[doc = concat!("How records of `", stringify!($def), "` name points and pieces.")]
        pub static $record: RecordDef = RecordDef {
            read: read_record,
            point: |p| $variant().board.name(p).to_string(),
            piece: |_, k| $variant().piece(k).code.to_string(),
            side: |s| $kind.seating.get(s).map_or("?", |d| d.key),
            shuffle: None,
            write: None,
        };
        #[doc = concat!("The catalogue entry of `", stringify!($def), "`.")]
        pub static $def: GameDef = GameDef {
            kind: &$kind,
            start: |s| start(&$def, $variant(), s),
            random_setup: Some(|_, rng: &mut Rng| Setup::random($variant(), rng).to_code_string($variant())),
            validate_setup: Some(|seat, text| {
                deploy($variant(), seat, text).map(|d| d.setup.to_code_string($variant()))
            }),
            deal: None,
            setup_picture: Some(|seat, text| {
                let alone =
                    Engine::new($variant(), RuleOptions::default(), &[deploy($variant(), seat, text).ok()?], seat);
                Some(super::pictures::of_view(&alone.view(Viewer::Seat(seat), Mode::Dark, None), &$kind))
            }),
            swap_slots: Some(swap_chars),
            policy,
            show_setup: |s| Setup::parse($variant(), s).map_or_else(|_| s.to_string(), |x| x.to_row_string($variant())),
            marks: Some(&crate::contract::MarkDef {
                read_point: |seat, text| $variant().parse_point_as(seat, text).ok(),
                read_piece: |text| crate::piece::kind_from_token($variant().pieces, text),
                piece_code: |k| $variant().piece(k).code.to_string(),
                piece_words: |k| ($variant().piece(k).en, $variant().piece(k).zh),
            }),
            describe: |p, lang| {
                words::describe(&$kind.seating, &$variant().board, |s, l| $kind.seating.name(s, l), p, lang)
            },
            record: &$record,
            places: || board_places(&$variant().board),
        };
    };
}

/// The points of a board of the family (and of 翻棋, which plays on the 2-player one) where its
/// drawing grid puts them, camps and headquarters with glyphs of their own.
pub fn board_places(board: &crate::board::Board) -> Vec<crate::contract::catalog::Place> {
    use crate::board::PointKind;
    board
        .point_ids()
        .filter_map(|at| {
            let p = board.point(at);
            let empty = match p.kind {
                PointKind::Post => '.',
                PointKind::Camp => '○',
                PointKind::Headquarters => '□',
            };
            let (x, y) = (u16::try_from(p.x).ok()?, u16::try_from(p.y).ok()?);
            Some(crate::contract::catalog::Place { at, name: board.name(at).to_string(), x, y, empty })
        })
        .collect()
}

/// A Junqi piece's tile label (`司`, `FM`) from the variant's piece table.
pub(crate) fn junqi_label(v: &Variant, k: crate::piece::PieceKind) -> Option<(&'static str, &'static str)> {
    v.pieces.get(usize::from(k.0)).map(|d| (d.short_en, d.short_zh))
}

junqi_def!(
    JUNQI,
    JUNQI_KIND,
    JUNQI_RECORD,
    Variant::junqi,
    GameKind {
        name: "junqi",
        aliases: &["军棋", "軍棋", "陆战棋", "陸戰棋"],
        title: text("Junqi", "军棋", "軍棋"),
        seating: Seating {
            seats: &[
                SeatDesc { key: "red", name: text("Red", "红方", "紅方"), team: 0, aliases: &["r", "红", "紅"] },
                SeatDesc {
                    key: "blue", name: text("Blue", "蓝方", "藍方"), team: 1, aliases: &["b", "蓝", "藍"]
                },
            ],
            counts: &[2],
            per_count: None,
        },
        setup: SetupStyle::Deploy,
        modes: &TWO_MODES,
        settings: |m, o| settings(&JUNQI_KIND, Variant::junqi(), m, o).map(|(_, r)| r.to_string()),
        describe_options,
        rematch: Rematch::SwapSeats,
        setup_hint: HINT_25,
        layouts: "junqi",
        art: "junqi",
        piece_label: |k| junqi_label(Variant::junqi(), k),
        record_tag: "junqi",
    }
);

junqi_def!(
    JUNQI4,
    JUNQI4_KIND,
    JUNQI4_RECORD,
    Variant::junqi4,
    GameKind {
        name: "junqi4",
        aliases: &["四国军棋", "四國軍棋", "四国", "四國"],
        title: text("Four-player Junqi", "四国军棋", "四國軍棋"),
        seating: Seating {
            seats: &[
                SOUTH,
                SeatDesc { key: "e", name: text("East", "东家", "東家"), team: 1, aliases: &["东", "東"] },
                SeatDesc { key: "n", name: text("North", "北家", "北家"), team: 0, aliases: &["北"] },
                SeatDesc { key: "w", name: text("West", "西家", "西家"), team: 1, aliases: &["西"] },
            ],
            counts: &[4],
            per_count: None,
        },
        setup: SetupStyle::Deploy,
        modes: &FOUR_MODES,
        settings: |m, o| settings(&JUNQI4_KIND, Variant::junqi4(), m, o).map(|(_, r)| r.to_string()),
        describe_options,
        rematch: Rematch::KeepSeats,
        setup_hint: HINT_25,
        layouts: "junqi",
        art: "junqi4",
        piece_label: |k| junqi_label(Variant::junqi4(), k),
        record_tag: "junqi4",
    }
);

junqi_def!(
    JUNQI4_DUEL,
    JUNQI4_DUEL_KIND,
    JUNQI4_DUEL_RECORD,
    Variant::junqi4_duel,
    GameKind {
        name: "junqi4-duel",
        aliases: &["四国双人", "四國雙人"],
        title: text("Junqi duel on the four-player board", "四国双人军棋", "四國雙人軍棋"),
        seating: Seating { seats: &[SOUTH, NORTH_DUEL], counts: &[2], per_count: None },
        setup: SetupStyle::Deploy,
        modes: &TWO_MODES,
        settings: |m, o| settings(&JUNQI4_DUEL_KIND, Variant::junqi4_duel(), m, o).map(|(_, r)| r.to_string()),
        describe_options,
        rematch: Rematch::SwapSeats,
        setup_hint: HINT_25,
        layouts: "junqi",
        art: "junqi4",
        piece_label: |k| junqi_label(Variant::junqi4_duel(), k),
        record_tag: "junqi4-duel",
    }
);
