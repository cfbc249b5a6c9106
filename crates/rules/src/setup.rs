//! Deployments (布阵): the unvalidated [`Setup`] read from text, its validation into a
//! [`Deployment`] for one seat, and seeded random deployments.

use super::board::{PointId, PointKind};
use super::piece::{PieceKind, kind_from_token};
use super::rng::Rng;
use super::seat::Seat;
use super::variant::{Placement, Variant};

/// An unvalidated deployment: one piece kind per slot of the deployment order (front row first,
/// each row from the owner's left). It is side-independent, like the string it comes from.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The kinds, in deployment-string order.
    pub kinds: Vec<PieceKind>,
}

/// A deployment text that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupParseError {
    /// A token that names no piece.
    #[error("line {line}, token '{token}': not a piece (use a code a–l, a name such as 司令 or marshal, or 40–33)")]
    UnknownToken {
        /// 1-based line.
        line: usize,
        /// The token.
        token: String,
    },
    /// A camp marker where no camp is (`slot` 0: in a form that has no camps at all).
    #[error(
        "line {line}, token '{token}': a camp marker where no camp is (in six rows of five, camps are slots 2 and 4 of rows 2 and 4 and slot 3 of row 3; the 25-piece form has none)"
    )]
    MisplacedCamp {
        /// 1-based line.
        line: usize,
        /// The token.
        token: String,
        /// 1-based slot in the row.
        slot: usize,
    },
    /// A piece where a camp must be (in the 6×5 form).
    #[error("line {line}, token '{token}': slot {slot} of this row is a camp; write + there")]
    PieceOnCamp {
        /// 1-based line.
        line: usize,
        /// The token.
        token: String,
        /// 1-based slot in the row.
        slot: usize,
    },
    /// Longer than any deployment ([`crate::echo::MAX_SETUP_BYTES`]), refused unread.
    #[error("a deployment is at most {max} bytes long; this one has {0}", max = crate::echo::MAX_SETUP_BYTES)]
    TooLong(usize),
    /// The wrong number of pieces.
    #[error("a deployment has {expected} pieces (rows of 5, 3, 4, 3, 5, 5 front to back); this one has {found}")]
    WrongCount {
        /// Pieces expected.
        expected: usize,
        /// Pieces found.
        found: usize,
    },
}

/// One broken deployment rule, with the points that break it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Violation {
    /// Rule 1: the flag is not in a headquarters.
    FlagNotInHeadquarters {
        /// Where flags stand instead.
        points: Vec<PointId>,
    },
    /// Rule 2: a landmine outside the back rows.
    MineOutsideBackRows {
        /// Offending points.
        points: Vec<PointId>,
    },
    /// Rule 3: a bomb in the front row.
    BombInFrontRow {
        /// Offending points.
        points: Vec<PointId>,
    },
    /// Rule 5: the wrong number of a kind.
    WrongCount {
        /// The kind.
        kind: PieceKind,
        /// How many there are.
        found: usize,
        /// How many there must be.
        expected: usize,
        /// Where they stand.
        points: Vec<PointId>,
    },
}

impl Violation {
    /// The points this violation names.
    pub fn points(&self) -> &[PointId] {
        match self {
            Violation::FlagNotInHeadquarters { points }
            | Violation::MineOutsideBackRows { points }
            | Violation::BombInFrontRow { points }
            | Violation::WrongCount { points, .. } => points,
        }
    }

    /// Renders the violation in English with point names.
    pub fn describe(&self, variant: &Variant) -> String {
        let names = |ps: &[PointId]| ps.iter().map(|&p| variant.board.name(p)).collect::<Vec<_>>().join(" ");
        match self {
            Violation::FlagNotInHeadquarters { points } => {
                format!("rule 1: the flag (军旗) must stand in a headquarters; found at {}", names(points))
            }
            Violation::MineOutsideBackRows { points } => {
                format!("rule 2: landmines (地雷) only in the two back rows; found at {}", names(points))
            }
            Violation::BombInFrontRow { points } => {
                format!("rule 3: no bomb (炸弹) in the front row; found at {}", names(points))
            }
            Violation::WrongCount { kind, found, expected, points } => {
                let d = variant.piece(*kind);
                let at = if points.is_empty() { String::new() } else { format!(" (at {})", names(points)) };
                format!("rule 5: {} {} ({}), expected {}{}", found, d.zh, d.en, expected, at)
            }
        }
    }
}

/// A setup checked against a seat's half: the pieces with their points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deployment {
    /// The seat.
    pub seat: Seat,
    /// The setup it came from.
    pub setup: Setup,
    /// Point and kind of every piece.
    pub pieces: Vec<(PointId, PieceKind)>,
}

const CAMP_MARKERS: [&str; 4] = ["+", "()", "营", "（）"];

/// Splits a whitespace-free chunk into piece tokens: multi-character names first, then single
/// characters, so `司令军长` and `abc` both work.
fn split_chunk(variant: &Variant, chunk: &str) -> Vec<String> {
    if kind_from_token(variant.pieces, chunk).is_some() || CAMP_MARKERS.contains(&chunk) {
        return vec![chunk.to_string()];
    }
    let chars: Vec<char> = chunk.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        // Two-character names (司令, 40, ()) win over two one-character tokens.
        let mut taken = 1;
        if i + 2 <= chars.len() {
            let s: String = chars[i..i + 2].iter().collect();
            let is_name = kind_from_token(variant.pieces, &s).is_some()
                && (s.chars().all(|c| !c.is_ascii()) || s.chars().all(|c| c.is_ascii_digit()));
            if CAMP_MARKERS.contains(&s.as_str()) || is_name {
                taken = 2;
            }
        }
        out.push(chars[i..i + taken].iter().collect());
        i += taken;
    }
    out
}

impl Setup {
    /// Reads a deployment in any accepted form (`notation.md`): 25 tokens in string order, with any
    /// spacing and line breaks; or six rows of 5 tokens with a camp marker (`+`, `()`, `营`) in each
    /// camp. Tokens are codes, Chinese names, English names or 40…33.
    pub fn parse(variant: &Variant, text: &str) -> Result<Setup, SetupParseError> {
        if text.len() > crate::echo::MAX_SETUP_BYTES {
            return Err(SetupParseError::TooLong(text.len()));
        }
        let mut tokens: Vec<(usize, String)> = Vec::new();
        for (ln, line) in text.lines().enumerate() {
            for chunk in line.split(|c: char| c.is_whitespace() || c == ',' || c == '，' || c == '/' || c == '|') {
                if chunk.is_empty() {
                    continue;
                }
                for t in split_chunk(variant, chunk) {
                    tokens.push((ln + 1, t));
                }
            }
        }
        let size = variant.army_size();
        let order = &variant.deployment_order[0];
        // Grid form: every camp slot of the 6×5 rows is present as a marker.
        let camps_in_grid: Vec<usize> = grid_camp_slots(variant);
        let grid_size = size + camps_in_grid.len();
        let mut kinds = Vec::with_capacity(size);
        if tokens.len() == grid_size && camps_in_grid.iter().all(|&i| CAMP_MARKERS.contains(&tokens[i].1.as_str())) {
            for (i, (line, token)) in tokens.iter().enumerate() {
                if camps_in_grid.contains(&i) {
                    continue;
                }
                if CAMP_MARKERS.contains(&token.as_str()) && token != "营" {
                    return Err(SetupParseError::MisplacedCamp { line: *line, token: token.clone(), slot: i % 5 + 1 });
                }
                kinds.push(
                    kind_from_token(variant.pieces, token)
                        .ok_or_else(|| SetupParseError::UnknownToken { line: *line, token: token.clone() })?,
                );
            }
        } else if tokens.len() == grid_size {
            // Six rows of five, but a piece stands where a camp must be.
            let i = camps_in_grid.iter().copied().find(|&i| !CAMP_MARKERS.contains(&tokens[i].1.as_str())).unwrap_or(0);
            return Err(SetupParseError::PieceOnCamp {
                line: tokens[i].0,
                token: tokens[i].1.clone(),
                slot: i % 5 + 1,
            });
        } else {
            for (line, token) in &tokens {
                if CAMP_MARKERS.contains(&token.as_str()) && token != "营" {
                    return Err(SetupParseError::MisplacedCamp { line: *line, token: token.clone(), slot: 0 });
                }
                match kind_from_token(variant.pieces, token) {
                    Some(k) => kinds.push(k),
                    None => return Err(SetupParseError::UnknownToken { line: *line, token: token.clone() }),
                }
            }
        }
        if kinds.len() != order.len() {
            return Err(SetupParseError::WrongCount { expected: order.len(), found: kinds.len() });
        }
        Ok(Setup { kinds })
    }

    /// Checks the setup for a seat and places it; lists every broken rule at once.
    pub fn validate(&self, variant: &Variant, seat: Seat) -> Result<Deployment, Vec<Violation>> {
        let order = &variant.deployment_order[seat.index()];
        let pieces: Vec<(PointId, PieceKind)> = order.iter().copied().zip(self.kinds.iter().copied()).collect();
        let mut violations = Vec::new();
        for &(kind, placement) in &variant.placement {
            let bad: Vec<PointId> = pieces
                .iter()
                .filter(|(p, k)| {
                    let pt = variant.board.point(*p);
                    *k == kind
                        && match placement {
                            Placement::HeadquartersOnly => pt.kind != PointKind::Headquarters,
                            Placement::BackRows(n) => pt.home_row > n,
                            Placement::NotFrontRow => pt.home_row == 6,
                        }
                })
                .map(|(p, _)| *p)
                .collect();
            if !bad.is_empty() {
                violations.push(match placement {
                    Placement::HeadquartersOnly => Violation::FlagNotInHeadquarters { points: bad },
                    Placement::BackRows(_) => Violation::MineOutsideBackRows { points: bad },
                    Placement::NotFrontRow => Violation::BombInFrontRow { points: bad },
                });
            }
        }
        for (i, def) in variant.pieces.iter().enumerate() {
            let kind = PieceKind(i as u8);
            let points: Vec<PointId> = pieces.iter().filter(|(_, k)| *k == kind).map(|(p, _)| *p).collect();
            if points.len() != def.count as usize {
                let points = if points.len() > def.count as usize { points } else { Vec::new() };
                violations.push(Violation::WrongCount {
                    kind,
                    found: pieces.iter().filter(|(_, k)| *k == kind).count(),
                    expected: def.count as usize,
                    points,
                });
            }
        }
        if violations.is_empty() { Ok(Deployment { seat, setup: self.clone(), pieces }) } else { Err(violations) }
    }

    /// A legal random setup drawn from `rng`: the flag in a headquarters, mines in the back rows,
    /// bombs off the front row, the rest anywhere.
    pub fn random(variant: &Variant, rng: &mut Rng) -> Setup {
        let order = &variant.deployment_order[0];
        let n = order.len();
        let mut slots: Vec<Option<PieceKind>> = vec![None; n];
        let mut free: Vec<usize> = (0..n).collect();
        // Place the most constrained kinds first, each in a random allowed free slot.
        for &(kind, placement) in &variant.placement {
            for _ in 0..variant.piece(kind).count {
                let allowed: Vec<usize> = free
                    .iter()
                    .copied()
                    .filter(|&i| {
                        let pt = variant.board.point(order[i]);
                        match placement {
                            Placement::HeadquartersOnly => pt.kind == PointKind::Headquarters,
                            Placement::BackRows(r) => pt.home_row <= r,
                            Placement::NotFrontRow => pt.home_row != 6,
                        }
                    })
                    .collect();
                let slot = allowed[rng.below(allowed.len())];
                slots[slot] = Some(kind);
                free.retain(|&i| i != slot);
            }
        }
        let mut rest: Vec<PieceKind> = Vec::new();
        for (i, def) in variant.pieces.iter().enumerate() {
            let kind = PieceKind(i as u8);
            if !variant.placement.iter().any(|(k, _)| *k == kind) {
                rest.extend(std::iter::repeat_n(kind, def.count as usize));
            }
        }
        rng.shuffle(&mut rest);
        for (slot, kind) in free.into_iter().zip(rest) {
            slots[slot] = Some(kind);
        }
        Setup { kinds: slots.into_iter().map(|k| k.expect("every slot filled")).collect() }
    }

    /// The normalised string: one code per piece, no spaces.
    pub fn to_code_string(&self, variant: &Variant) -> String {
        self.kinds.iter().map(|&k| variant.piece(k).code).collect()
    }

    /// The string grouped by rows (`ghfie cdh akgi bek dfjgj iljch`), for people.
    pub fn to_row_string(&self, variant: &Variant) -> String {
        let mut out = String::new();
        let mut i = 0;
        for size in row_sizes(variant) {
            if !out.is_empty() {
                out.push(' ');
            }
            out.extend(self.kinds[i..i + size].iter().map(|&k| variant.piece(k).code));
            i += size;
        }
        out
    }
}

/// Sizes of the deployment rows, front first (5, 3, 4, 3, 5, 5 for Junqi).
fn row_sizes(variant: &Variant) -> Vec<usize> {
    let order = &variant.deployment_order[0];
    let mut sizes: Vec<usize> = Vec::new();
    let mut last_row = None;
    for &p in order {
        let row = variant.board.point(p).home_row;
        if Some(row) == last_row {
            *sizes.last_mut().expect("row started") += 1;
        } else {
            sizes.push(1);
            last_row = Some(row);
        }
    }
    sizes
}

/// Indices of camp slots in the 6×5 grid form (rows front first, each row left to right).
fn grid_camp_slots(variant: &Variant) -> Vec<usize> {
    let b = &variant.board;
    let mut slots = Vec::new();
    // Red's half read from the front row back, left to right, is the owner's view.
    for (row_index, row) in (1..=6u8).rev().enumerate() {
        for file in 0..5u8 {
            let p = super::junqi_board::at(file, row);
            if b.point(p).kind == PointKind::Camp {
                slots.push(row_index * 5 + file as usize);
            }
        }
    }
    slots
}
