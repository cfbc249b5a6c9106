//! The [`Game`] contract for draughts: an action is a move (its start, end and taken pieces),
//! typed as a path; nothing is hidden, so every audience gets the same plies and pictures.

use crate::board::PointId;
use crate::combat::Outcome;
use crate::contract::{
    Audience, Captions, Explained, Face, Fact, Game, GameKind, Illegal, Lang, Leave, Leaving, Line as Caption, Over,
    Picture, PublicPly, Token, Unreadable,
};
use crate::piece::PieceKind;
use crate::seat::Seat;

use super::board::Colour;
use super::game::{Draughts, DraughtsPly, End};
use super::movegen;
use super::notation;
use super::position::{Move, Piece};
use super::refusal::Refusal;

/// A man's kind in pictures and plies.
pub const MAN: PieceKind = PieceKind(0);
/// A king's kind in pictures and plies.
pub const KING: PieceKind = PieceKind(1);

/// The contract's point for a square index: the square's number (`PointId(15)` is square 15).
pub fn point(sq: u8) -> PointId {
    PointId(sq + 1)
}

/// A piece's kind for the contract.
pub fn kind_of(p: Piece) -> PieceKind {
    if p.king { KING } else { MAN }
}

/// Why a typed move names no move: two or more legal captures share its squares.
fn ambiguous(text: &str, paths: &[String]) -> Unreadable {
    let list = paths.join(", ");
    Unreadable::new(
        text,
        Explained::new(
            format!("several captures fit; write the whole path: {list}"),
            format!("有多种吃法，请写出完整路线：{list}"),
        ),
    )
}

impl Draughts {
    /// Reads a move's squares for `colour` as a [`Move`]: the legal move they name (the whole
    /// path, or its start and end and any squares along the way), else a move that `play`
    /// refuses with its precise reason.
    pub fn read_move(&self, colour: Colour, text: &str) -> Result<Move, Unreadable> {
        let v = self.variant;
        let squares = notation::parse_squares(v, text).ok_or_else(|| {
            Unreadable::new(
                text,
                Explained::new(
                    "write a move as 11-15, a capture as 15x22 or 1x10x19 (or c3-d4)",
                    "请写走法，如 11-15；吃子如 15x22 或 1x10x19（也可写 c3-d4）",
                ),
            )
        })?;
        let (from, to) = (squares[0], *squares.last().expect("two squares"));
        let mut pos = self.pos;
        pos.to_move = colour;
        let mut lines = movegen::capture_lines(&pos, colour);
        lines.extend(movegen::simple_moves(&pos, colour));
        lines.retain(|l| l.mv.from == from && l.mv.to == to);
        let exact: Vec<Move> = distinct(lines.iter().filter(|l| l.path == squares).map(|l| l.mv));
        let inner = &squares[1..squares.len() - 1];
        let fits: Vec<&movegen::Line> = lines.iter().filter(|l| is_subsequence(inner, &l.path)).collect();
        let moves = distinct(fits.iter().map(|l| l.mv));
        let allowed: Vec<Move> = if colour == self.pos.to_move {
            let legal = self.legal_lines();
            distinct(moves.iter().copied().filter(|m| legal.iter().any(|l| l.mv == *m)))
        } else {
            Vec::new()
        };
        // A legal move the squares name wins over an illegal one they name as exactly: a king's
        // flying step 47-36 and its capture 47x36 share both squares, and only the capture may be
        // played when a capture is compulsory.
        let exact_allowed: Vec<Move> = exact.iter().copied().filter(|m| allowed.contains(m)).collect();
        if exact_allowed.len() == 1 {
            return Ok(exact_allowed[0]);
        }
        if allowed.is_empty() && exact.len() == 1 {
            return Ok(exact[0]);
        }
        match (allowed.len(), moves.first()) {
            (1, _) => Ok(allowed[0]),
            (0, Some(&m)) => Ok(m),
            (0, None) => Ok(Move { from, to, captured: 0 }),
            _ => {
                let legal = self.legal_lines();
                let paths: Vec<String> = allowed
                    .iter()
                    .filter_map(|m| legal.iter().find(|l| l.mv == *m))
                    .map(|l| notation::write_path(&l.path, true, true))
                    .collect();
                Err(ambiguous(text, &paths))
            }
        }
    }

    /// The token of any move: a legal one as [`Draughts::token_in`] writes it, another as
    /// `from-to` (or `fromxto` when it captures).
    pub fn move_token(&self, mv: Move) -> String {
        let legal = self.legal_lines();
        match legal.iter().find(|l| l.mv == mv) {
            Some(line) => self.token_in(&legal, line),
            None => notation::write_path(&[mv.from, mv.to], mv.is_capture(), false),
        }
    }

    fn line_caption(&self, p: &DraughtsPly) -> Explained {
        let v = self.variant;
        let alg = notation::algebraic_path(v, &[p.path[0], *p.path.last().expect("a path")], p.mv.is_capture());
        let n = p.taken.len();
        let crowned = if p.crowned { (", crowned", "，升王") } else { ("", "") };
        Explained::new(
            format!("{} ({alg}){}{}", p.token, if n > 0 { format!(", takes {n}") } else { String::new() }, crowned.0),
            format!("{}（{alg}）{}{}", p.token, if n > 0 { format!("，吃 {n} 子") } else { String::new() }, crowned.1),
        )
    }
}

fn distinct(moves: impl Iterator<Item = Move>) -> Vec<Move> {
    let mut out: Vec<Move> = Vec::new();
    for m in moves {
        if !out.contains(&m) {
            out.push(m);
        }
    }
    out
}

/// Whether `inner` appears in order within `path`'s squares between its ends.
fn is_subsequence(inner: &[u8], path: &[u8]) -> bool {
    let mut it = path[1..path.len().saturating_sub(1).max(1)].iter();
    inner.iter().all(|s| it.any(|p| p == s))
}

impl Game for Draughts {
    type Action = Move;
    type Ply = DraughtsPly;
    type Refusal = Refusal;

    fn kind(&self) -> &'static GameKind {
        super::kinds::kind(self.variant)
    }

    fn to_move(&self) -> Seat {
        self.seat_of(self.pos.to_move)
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    fn over(&self) -> Option<Over> {
        Draughts::over(self)
    }

    fn legal(&self, seat: Seat) -> Vec<Move> {
        if seat != Game::to_move(self) {
            return Vec::new();
        }
        self.legal_lines().into_iter().map(|l| l.mv).collect()
    }

    fn play(&mut self, seat: Seat, action: Move) -> Result<DraughtsPly, Illegal<Refusal>> {
        if self.end.is_some() {
            return Err(Illegal::Over);
        }
        let to_move = Game::to_move(self);
        if seat != to_move {
            return Err(Illegal::NotYourTurn { seat, to_move });
        }
        self.play_move(action).map_err(Illegal::Rule)
    }

    fn last(&self) -> Option<&DraughtsPly> {
        self.last.as_ref()
    }

    fn leave(&mut self, seat: Seat, why: Leave) -> Leaving {
        let end = if why == Leave::Resign { End::Resign } else { End::Timeout };
        if seat.0 > 1 || !self.leave_as(self.colour_of(seat), end) {
            return Leaving::default();
        }
        Leaving { out: vec![seat], end: Draughts::over(self) }
    }

    fn agree_draw(&mut self) -> Option<Over> {
        self.draw_agreed().then(|| Draughts::over(self)).flatten()
    }

    fn public_ply(&self, p: &DraughtsPly, _audience: Audience) -> PublicPly {
        // Nothing is hidden: every audience gets the whole ply.
        let mover = self.seat_of(p.colour);
        let mut facts: Vec<Fact> = p
            .taken
            .iter()
            .map(|&(_, piece)| Fact::Combat {
                outcome: Outcome::AttackerWon,
                attacker: Face::Known { owner: mover, kind: kind_of(p.piece) },
                defender: Face::Known { owner: self.seat_of(piece.colour), kind: kind_of(piece) },
            })
            .collect();
        if p.crowned {
            // The crowning is the rules announcing the piece on the end square is a king.
            facts.push(Fact::Revealed { at: point(p.mv.to), owner: mover, kind: KING });
        }
        PublicPly {
            ply: p.ply,
            seat: mover,
            action: p.token.clone(),
            path: p.path.iter().map(|&s| point(s)).collect(),
            facts,
            end: p.end.clone(),
        }
    }

    fn picture(&self, audience: Audience, last: Option<&DraughtsPly>) -> Picture {
        let over = self.end.is_some();
        let mut pic = Picture::new(audience, self.ply, (!over).then(|| Game::to_move(self)));
        pic.tokens = (0..self.variant.squares() as u8)
            .filter_map(|s| {
                let p = self.pos.at(s)?;
                Some(Token { at: point(s), face: Face::Known { owner: self.seat_of(p.colour), kind: kind_of(p) } })
            })
            .collect();
        pic.public = pic.tokens.iter().map(|t| t.at).collect();
        pic.marks = last.map_or_else(Vec::new, |l| l.path.iter().map(|&s| point(s)).collect());
        pic.taken = last.map_or_else(Vec::new, |l| l.taken.iter().map(|&(s, _)| point(s)).collect());
        pic.captions = self.captions(last);
        pic
    }

    fn parse_action(&self, seat: Seat, text: &str) -> Result<Move, Unreadable> {
        self.read_move(self.colour_of(seat), text)
    }

    fn action_token(&self, action: Move) -> String {
        self.move_token(action)
    }

    fn ply_token(&self, _action: Move, ply: &DraughtsPly) -> String {
        // Written before the move: whether the path is needed depends on the position before.
        ply.token.clone()
    }
}

impl Draughts {
    fn captions(&self, last: Option<&DraughtsPly>) -> Captions {
        let kind = super::kinds::kind(self.variant);
        let name = |c: Colour| kind.seating.seats[self.seat_of(c).index()].name;
        let result = self.end.map(|(end, winner)| {
            let (en, zh) = end.words();
            let plies = self.ply;
            match winner {
                Some(c) => Explained::new(
                    format!("{} wins · {en} · {plies} plies", name(c).en),
                    format!("{}胜 · {zh} · 共 {plies} 手", name(c).zh_hans),
                ),
                None => Explained::new(format!("draw · {en} · {plies} plies"), format!("和棋 · {zh} · 共 {plies} 手")),
            }
        });
        let foot = [self.variant.first(), self.variant.first().opposite()]
            .into_iter()
            .map(|c| {
                let (men, kings) = self.pos.count(c);
                Caption::new(
                    Explained::new(
                        format!("{}: {}, {}", name(c).en, count(men, "man", "men"), count(kings, "king", "kings")),
                        format!("{}：兵 {men}，王 {kings}", name(c).zh_hans),
                    ),
                    Some(self.seat_of(c)),
                )
            })
            .collect();
        Captions {
            names: Vec::new(),
            result,
            last: last.map(|p| Caption::new(self.line_caption(p), Some(self.seat_of(p.colour)))),
            foot,
            out: Vec::new(),
        }
    }
}

/// `1 man`, `2 men`: a count with its noun in the right number.
fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Describes a ply for readers (the catalogue's describer): `ply 3: Black 15x22 (d4xf6), takes 1
/// man.` The end, when the ply ended the game, follows.
pub fn describe(v: super::Variant, p: &PublicPly, lang: Lang) -> String {
    let kind = super::kinds::kind(v);
    let who = kind.seating.name(p.seat, lang);
    let squares: Vec<u8> = p.path.iter().filter_map(|q| q.0.checked_sub(1)).collect();
    let taken: Vec<PieceKind> = p
        .facts
        .iter()
        .filter_map(|f| match f {
            Fact::Combat { defender: Face::Known { kind, .. }, .. } => Some(*kind),
            _ => None,
        })
        .collect();
    let crowned = p.facts.iter().any(|f| matches!(f, Fact::Revealed { kind, .. } if *kind == KING));
    let alg = match (squares.first(), squares.last()) {
        (Some(&a), Some(&b)) => notation::algebraic_path(v, &[a, b], !taken.is_empty()),
        _ => String::new(),
    };
    let kings = taken.iter().filter(|k| **k == KING).count();
    let men = taken.len() - kings;
    let mut en = format!("ply {}: {who} {} ({alg})", p.ply, p.action);
    let mut zh = format!("第{}手：{who} {}（{alg}）", p.ply, p.action);
    if !taken.is_empty() {
        let parts: Vec<String> = [(men, "man", "men"), (kings, "king", "kings")]
            .into_iter()
            .filter(|(n, ..)| *n > 0)
            .map(|(n, one, many)| count(n, one, many))
            .collect();
        en.push_str(&format!(", takes {}", parts.join(" and ")));
        let zh_parts: Vec<String> =
            [(men, "兵"), (kings, "王")].into_iter().filter(|(n, _)| *n > 0).map(|(n, k)| format!("{k} {n}")).collect();
        zh.push_str(&format!("，吃{}", zh_parts.join("、")));
    }
    if crowned {
        en.push_str(", crowned");
        zh.push_str("，升王");
    }
    en.push('.');
    zh.push('。');
    if let Some(o) = &p.end {
        let (e, z) = super::kinds::end_words(v, o);
        en.push_str(&format!(" {e}"));
        zh.push_str(&z);
    }
    lang.pick(en, zh).into_owned()
}
