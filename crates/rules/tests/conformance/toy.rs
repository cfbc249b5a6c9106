//! A throwaway game defined entirely on the test side, to show that a new game gets the whole
//! conformance suite by being catalogued: 3×3 hidden ranks.
//!
//! Each side deploys three pieces of ranks 1, 2 and 3 on its home row (a1–c1 for South, a3–c3 for
//! North) in any order; only their owner sees them (`dark`) or everyone does (`open`). A turn is one
//! orthogonal step onto an empty point or an enemy piece: the higher rank wins and stays, equal
//! ranks both go, a lower attacker is lost. A side to move without a step loses; eight plies
//! without combat draw.

use std::fmt;

use junqi_rules::board::PointId;
use junqi_rules::combat::Outcome;
use junqi_rules::contract::{
    AnyGame, Audience, Explain, Explained, Face, Fact, Game, GameDef, GameKind, Illegal, Lang, Leave, Leaving,
    ModeDesc, Over, Picture, PublicPly, Rematch, SeatDesc, Seating, SettingsError, SetupError, SetupStyle, Standing,
    Start, StartError, Token, Unreadable, Words,
};
use junqi_rules::game::EndReason;
use junqi_rules::piece::PieceKind;
use junqi_rules::rng::Rng;
use junqi_rules::seat::Seat;

const QUIET_LIMIT: u32 = 8;

/// A step from one point to another (points 0..9, row-major from a1).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Step {
    from: u8,
    to: u8,
}

/// Everything a ply did, ranks included.
#[derive(Clone, Debug)]
pub struct ToyPly {
    ply: u32,
    seat: Seat,
    step: Step,
    attacker: u8,
    defender: Option<(Seat, u8)>,
    outcome: Outcome,
    end: Option<Over>,
}

/// Why a step is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotAStep(String);

impl fmt::Display for NotAStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is not a step of one of your pieces onto an empty or enemy point", self.0)
    }
}

impl std::error::Error for NotAStep {}

impl Explain for NotAStep {
    fn explain(&self) -> Explained {
        Explained::new(self.to_string(), format!("{} 不是你的棋子走到空点或敌子的一步", self.0))
    }
}

/// A toy game in progress.
#[derive(Clone, Debug)]
pub struct Toy {
    cells: [Option<(Seat, u8)>; 9],
    open: bool,
    to_move: Seat,
    ply: u32,
    quiet: u32,
    over: Option<Over>,
    last: Option<ToyPly>,
}

fn name(p: u8) -> String {
    format!("{}{}", (b'a' + p % 3) as char, p / 3 + 1)
}

fn point(text: &str) -> Option<u8> {
    let b = text.trim().as_bytes();
    match b {
        [f @ b'a'..=b'c', r @ b'1'..=b'3'] => Some((r - b'1') * 3 + (f - b'a')),
        _ => None,
    }
}

impl Toy {
    fn steps(&self, seat: Seat) -> Vec<Step> {
        let mut out = Vec::new();
        for from in 0..9u8 {
            if !matches!(self.cells[from as usize], Some((s, _)) if s == seat) {
                continue;
            }
            let (x, y) = ((from % 3) as i8, (from / 3) as i8);
            for (dx, dy) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                let (nx, ny) = (x + dx, y + dy);
                if !(0..3).contains(&nx) || !(0..3).contains(&ny) {
                    continue;
                }
                let to = (ny * 3 + nx) as u8;
                if !matches!(self.cells[to as usize], Some((s, _)) if s == seat) {
                    out.push(Step { from, to });
                }
            }
        }
        out
    }

    fn knows(&self, audience: Audience, owner: Seat) -> bool {
        self.open || audience == Audience::Everyone || audience == Audience::Seat(owner)
    }

    fn face(&self, audience: Audience, owner: Seat, rank: u8) -> Face {
        if self.knows(audience, owner) {
            Face::Known { owner, kind: PieceKind(rank - 1) }
        } else {
            Face::Hidden { owner }
        }
    }
}

impl Game for Toy {
    type Action = Step;
    type Ply = ToyPly;
    type Refusal = NotAStep;

    fn kind(&self) -> &'static GameKind {
        &TOY_KIND
    }

    fn to_move(&self) -> Seat {
        self.to_move
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    fn over(&self) -> Option<Over> {
        self.over.clone()
    }

    fn legal(&self, seat: Seat) -> Vec<Step> {
        if self.over.is_some() || seat != self.to_move { Vec::new() } else { self.steps(seat) }
    }

    fn play(&mut self, seat: Seat, step: Step) -> Result<ToyPly, Illegal<NotAStep>> {
        if self.over.is_some() {
            return Err(Illegal::Over);
        }
        if seat != self.to_move {
            return Err(Illegal::NotYourTurn { seat, to_move: self.to_move });
        }
        if !self.steps(seat).contains(&step) {
            return Err(Illegal::Rule(NotAStep(self.action_token(step))));
        }
        let (_, attacker) = self.cells[step.from as usize].take().expect("a step starts on a piece");
        let defender = self.cells[step.to as usize];
        let outcome = match defender {
            None => Outcome::Moved,
            Some((_, d)) if attacker > d => Outcome::AttackerWon,
            Some((_, d)) if attacker < d => Outcome::DefenderWon,
            Some(_) => Outcome::BothRemoved,
        };
        match outcome {
            Outcome::Moved | Outcome::AttackerWon => self.cells[step.to as usize] = Some((seat, attacker)),
            Outcome::BothRemoved => self.cells[step.to as usize] = None,
            _ => {}
        }
        self.ply += 1;
        self.quiet = if outcome == Outcome::Moved { self.quiet + 1 } else { 0 };
        self.to_move = Seat(1 - seat.0);
        if self.steps(self.to_move).is_empty() {
            self.over = Some(Over { standing: Standing::Team(seat.0), reason: EndReason::NoLegalMove });
        } else if self.quiet >= QUIET_LIMIT {
            self.over = Some(Over { standing: Standing::Draw, reason: EndReason::QuietLimit });
        }
        let ply = ToyPly { ply: self.ply, seat, step, attacker, defender, outcome, end: self.over.clone() };
        self.last = Some(ply.clone());
        Ok(ply)
    }

    fn last(&self) -> Option<&ToyPly> {
        self.last.as_ref()
    }

    fn leave(&mut self, seat: Seat, why: Leave) -> Leaving {
        if self.over.is_some() || seat.0 > 1 {
            return Leaving::default();
        }
        let reason = if why == Leave::Resign { EndReason::Resign } else { EndReason::Timeout };
        self.over = Some(Over { standing: Standing::Team(1 - seat.0), reason });
        Leaving { out: vec![seat], end: self.over.clone() }
    }

    fn agree_draw(&mut self) -> Option<Over> {
        if self.over.is_some() {
            return None;
        }
        self.over = Some(Over { standing: Standing::Draw, reason: EndReason::Agreed });
        self.over.clone()
    }

    fn public_ply(&self, p: &ToyPly, audience: Audience) -> PublicPly {
        let facts = p
            .defender
            .map(|(owner, rank)| Fact::Combat {
                outcome: p.outcome,
                attacker: self.face(audience, p.seat, p.attacker),
                defender: self.face(audience, owner, rank),
            })
            .into_iter()
            .collect();
        PublicPly {
            ply: p.ply,
            seat: p.seat,
            action: self.action_token(p.step),
            path: vec![PointId(p.step.from), PointId(p.step.to)],
            facts,
            end: p.end.clone(),
        }
    }

    fn picture(&self, audience: Audience, last: Option<&ToyPly>) -> Picture {
        let mut pic = Picture::new(audience, self.ply, self.over.is_none().then_some(self.to_move));
        pic.tokens = (0..9u8)
            .filter_map(|p| {
                let (owner, rank) = self.cells[p as usize]?;
                // After the end every piece is shown, as in the Junqi family.
                let face = if self.over.is_some() {
                    Face::Known { owner, kind: PieceKind(rank - 1) }
                } else {
                    self.face(audience, owner, rank)
                };
                Some(Token { at: PointId(p), face })
            })
            .collect();
        pic.marks = last.map_or_else(Vec::new, |l| vec![PointId(l.step.from), PointId(l.step.to)]);
        pic
    }

    fn parse_action(&self, _seat: Seat, text: &str) -> Result<Step, Unreadable> {
        let unreadable = || Unreadable {
            text: text.trim().into(),
            why: Explained::new("write a step as a1-a2", "请写一步，如 a1-a2"),
        };
        let (a, b) = text.split_once('-').ok_or_else(unreadable)?;
        Ok(Step { from: point(a).ok_or_else(unreadable)?, to: point(b).ok_or_else(unreadable)? })
    }

    fn action_token(&self, step: Step) -> String {
        format!("{}-{}", name(step.from), name(step.to))
    }
}

/// A setup is three rank digits, the home row from file a to c.
fn validate(seat: Seat, text: &str) -> Result<String, SetupError> {
    if seat.0 > 1 {
        return Err(SetupError::NoSuchSeat(seat));
    }
    let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let mut sorted: Vec<char> = t.chars().collect();
    sorted.sort_unstable();
    if sorted != ['1', '2', '3'] {
        return Err(SetupError::Broken(vec![Explained::new(
            format!("'{t}' is not the ranks 1, 2, 3 in some order"),
            format!("“{t}”不是 1、2、3 三个数字"),
        )]));
    }
    Ok(t)
}

fn start(s: &Start) -> Result<Box<dyn AnyGame>, StartError> {
    TOY.check_seats(s.seats)?;
    (TOY_KIND.settings)(&s.mode, &s.options)?;
    let open = TOY_KIND.mode(&s.mode).is_some_and(|m| m.key == "open");
    let mut cells = [None; 9];
    for seat in [Seat(0), Seat(1)] {
        let text = s.setups.get(seat.index()).ok_or(StartError::MissingSetup(seat))?;
        let ranks = validate(seat, text.expose()).map_err(|error| StartError::Setup { seat, error })?;
        let row = if seat.0 == 0 { 0 } else { 6 };
        for (i, r) in ranks.bytes().enumerate() {
            cells[row + i] = Some((seat, r - b'0'));
        }
    }
    if s.first.0 > 1 {
        return Err(StartError::First(s.first));
    }
    Ok(Box::new(Toy { cells, open, to_move: s.first, ply: 0, quiet: 0, over: None, last: None }))
}

fn random_setup(_: Seat, rng: &mut Rng) -> String {
    let mut ranks = ['1', '2', '3'];
    rng.shuffle(&mut ranks);
    ranks.iter().collect()
}

fn swap_slots(text: &str, i: usize, j: usize) -> Option<String> {
    let mut c: Vec<char> = text.chars().collect();
    (i < c.len() && j < c.len()).then(|| {
        c.swap(i, j);
        c.into_iter().collect()
    })
}

fn describe(p: &PublicPly, lang: Lang) -> String {
    let who = TOY_KIND.seating.name(p.seat, lang);
    let rank = |f: Face| match f {
        Face::Known { kind, .. } => (kind.0 + 1).to_string(),
        _ => "?".into(),
    };
    let fight = p.facts.iter().find_map(|f| match *f {
        Fact::Combat { attacker, defender, .. } => Some((rank(attacker), rank(defender))),
        _ => None,
    });
    let text = match fight {
        None => {
            lang.pick(format!("ply {}: {who} {}.", p.ply, p.action), format!("第{}手：{who} {}。", p.ply, p.action))
        }
        Some((a, d)) => lang.pick(
            format!("ply {}: {who} {} attacks ({a} against {d}).", p.ply, p.action),
            format!("第{}手：{who} {} 进攻（{a}对{d}）。", p.ply, p.action),
        ),
    };
    text.into_owned()
}

fn settings(mode: &str, options: &str) -> Result<String, SettingsError> {
    TOY_KIND.mode(mode).ok_or_else(|| TOY_KIND.mode_error(mode))?;
    if !options.trim().is_empty() {
        return Err(SettingsError::Options(format!("the toy has no options ('{options}')")));
    }
    // No options: their normal form is empty.
    Ok(String::new())
}

const fn w(en: &'static str, zh_hans: &'static str, zh_hant: &'static str) -> Words {
    Words { en, zh_hans, zh_hant }
}

/// The toy's kind.
pub static TOY_KIND: GameKind = GameKind {
    name: "toy3",
    aliases: &["三格棋"],
    title: w("3×3 hidden ranks", "三格暗棋", "三格暗棋"),
    seating: Seating {
        seats: &[
            SeatDesc { key: "s", name: w("South", "南家", "南家"), team: 0, aliases: &[] },
            SeatDesc { key: "n", name: w("North", "北家", "北家"), team: 1, aliases: &[] },
        ],
        counts: &[2],
        per_count: None,
    },
    setup: SetupStyle::Deploy,
    modes: &[
        ModeDesc {
            key: "dark",
            name: w("dark", "暗棋", "暗棋"),
            about: w("dark (each sees only their own ranks)", "暗棋（各方只见己方棋子）", "暗棋（各方只見己方棋子）"),
        },
        ModeDesc { key: "open", name: w("open", "明棋", "明棋"), about: w("open", "明棋", "明棋") },
    ],
    settings,
    describe_options: |_, lang| lang.pick("no options", "无选项").into_owned(),
    rematch: Rematch::SwapSeats,
    setup_hint: w(
        "the ranks 1, 2, 3 on files a to c, e.g. 312",
        "三个数字 1、2、3（a 到 c 列），如 312",
        "三個數字 1、2、3（a 到 c 列），如 312",
    ),
    layouts: "toy3",
    piece_label: |k| ["1", "2", "3"].get(usize::from(k.0)).map(|&r| (r, r)),
    art: "toy3",
    record_tag: "toy3",
};

/// The toy's catalogue entry, passed to the suite from the test side.
pub static TOY: GameDef = GameDef {
    kind: &TOY_KIND,
    start,
    random_setup: Some(random_setup),
    validate_setup: Some(validate),
    deal: None,
    setup_picture: None,
    swap_slots: Some(swap_slots),
    policy: |_| junqi_rules::contract::Policy::default(),
    show_setup: |s| s.to_string(),
    marks: None,
    describe,
    record: &junqi_rules::contract::record::PLAIN,
    places: || {
        // Row-major from a1 at the bottom left: South's rank 1 is the grid's last row.
        let place = |p: u8| junqi_rules::contract::catalog::Place {
            at: PointId(p),
            name: name(p),
            x: u16::from(p % 3),
            y: u16::from(2 - p / 3),
            empty: '.',
        };
        (0..9).map(place).collect()
    },
};
