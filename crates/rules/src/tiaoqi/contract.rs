//! The [`Game`] contract for 跳棋: an action is a path (`l2-j4-l6`) or a pass; nothing is hidden,
//! so every audience gets the same plies and pictures.
//!
//! Seat `i` of a game is the `i`-th player in turn order for its player count (spec §2), so that
//! seats are `0..n` as the contract has them; the triangle it plays is its *side*. Plies carry the
//! side as a [`Fact::Colour`], as 翻棋's do, so that the describer can name the player; picture
//! tokens are owned by sides, which is what the board art colours.

use crate::board::PointId;
use crate::combat::Outcome;
use crate::contract::{
    Audience, Captions, Explained, Face, Fact, Game, GameKind, Illegal, Lang, Leave, Leaving, Line, Over, Picture,
    PublicPly, Standing, Token, Unreadable,
};
use crate::piece::PieceKind;
use crate::seat::Seat;

use super::board::{self, Pt, Side};
use super::game::{Tiaoqi, TiaoqiPly};
use super::movegen::Move;
use super::race::End;
use super::refusal::Refusal;

/// The one kind of piece.
pub const PIECE: PieceKind = PieceKind(0);

/// The contract's point for a board point.
pub fn point(p: Pt) -> PointId {
    PointId(p)
}

/// The side as the contract's `Seat` of a colour (an index into [`Side::ALL`]).
pub fn side_seat(s: Side) -> Seat {
    Seat(s.index() as u8)
}

/// A side's name (English, 简体).
pub fn side_words(s: Side) -> (&'static str, &'static str) {
    let i = s.index();
    (
        ["South", "South-east", "North-east", "North", "North-west", "South-west"][i],
        ["南", "东南", "东北", "北", "西北", "西南"][i],
    )
}

impl Tiaoqi {
    /// The side of a seat.
    pub fn side(&self, seat: Seat) -> Side {
        self.layout.sides[seat.index()]
    }

    fn caption_names(&self) -> Vec<Explained> {
        self.layout
            .sides
            .iter()
            .map(|&s| {
                let (en, zh) = side_words(s);
                Explained::new(format!("{en} ({})", s.key()), format!("{zh}（{}）", s.key()))
            })
            .collect()
    }

    fn result_line(&self) -> Option<Explained> {
        let end = self.end()?;
        let (en, zh) = end.words();
        let token = super::record::result_token(self);
        Some(Explained::new(
            format!("{token} · {en} · {} plies", self.plies()),
            format!("{token} · {zh} · 共 {} 手", self.plies()),
        ))
    }
}

impl Game for Tiaoqi {
    type Action = Move;
    type Ply = TiaoqiPly;
    type Refusal = Refusal;

    fn kind(&self) -> &'static GameKind {
        &super::kinds::TIAOQI_KIND
    }

    fn to_move(&self) -> Seat {
        Seat(self.seat_to_move())
    }

    fn ply(&self) -> u32 {
        self.plies()
    }

    fn over(&self) -> Option<Over> {
        Tiaoqi::over(self)
    }

    fn legal(&self, seat: Seat) -> Vec<Move> {
        if seat != Game::to_move(self) {
            return Vec::new();
        }
        self.legal_moves()
    }

    fn play(&mut self, seat: Seat, action: Move) -> Result<TiaoqiPly, Illegal<Refusal>> {
        if self.end().is_some() {
            return Err(Illegal::Over);
        }
        let to_move = Game::to_move(self);
        if seat != to_move {
            return Err(Illegal::NotYourTurn { seat, to_move });
        }
        self.play_move(action).map_err(Illegal::Rule)
    }

    fn last(&self) -> Option<&TiaoqiPly> {
        self.last_ply()
    }

    fn leave(&mut self, seat: Seat, why: Leave) -> Leaving {
        let end = if why == Leave::Resign { End::Resign } else { End::Timeout };
        if !self.leave_as(seat.0, end) {
            return Leaving::default();
        }
        Leaving { out: vec![seat], end: Tiaoqi::over(self) }
    }

    fn agree_draw(&mut self) -> Option<Over> {
        // An agreed draw exists for two players only (spec §10.6): more race for places.
        if self.layout.players() != 2 {
            return None;
        }
        self.draw_agreed().then(|| Tiaoqi::over(self)).flatten()
    }

    fn is_out(&self, seat: Seat) -> bool {
        seat.index() < self.layout.players() && self.left(seat.0).is_some()
    }

    fn public_ply(&self, p: &TiaoqiPly, _audience: Audience) -> PublicPly {
        let seat = Seat(p.seat);
        let side = self.layout.sides[usize::from(p.seat)];
        let mut facts = vec![Fact::Colour { seat, colour: side_seat(side) }];
        if let Some((other, _, _)) = p.displaced {
            // A swap meets another player's piece; nothing is taken, so the outcome is a move.
            let other = side_seat(self.layout.sides[usize::from(other)]);
            facts.push(Fact::Combat {
                outcome: Outcome::Moved,
                attacker: Face::Known { owner: side_seat(side), kind: PIECE },
                defender: Face::Known { owner: other, kind: PIECE },
            });
        }
        let path = match p.mv {
            Move::Path(path) => path.points().iter().map(|&q| point(q)).collect(),
            Move::Pass => Vec::new(),
        };
        PublicPly { ply: p.ply, seat, action: p.token.clone(), path, facts, end: p.end.clone() }
    }

    fn picture(&self, audience: Audience, last: Option<&TiaoqiPly>) -> Picture {
        let over = self.end().is_some();
        let mut pic = Picture::new(audience, self.plies(), (!over).then(|| Game::to_move(self)));
        let pos = self.position();
        pic.tokens = (0..board::POINTS as Pt)
            .filter_map(|q| {
                let s = pos.get(q)?;
                let owner = side_seat(self.layout.sides[usize::from(s)]);
                Some(Token { at: point(q), face: Face::Known { owner, kind: PIECE } })
            })
            .collect();
        pic.public = pic.tokens.iter().map(|t| t.at).collect();
        pic.marks = match last.map(|l| l.mv) {
            Some(Move::Path(path)) => path.points().iter().map(|&q| point(q)).collect(),
            _ => Vec::new(),
        };
        pic.sides = self.layout.sides.iter().map(|&s| side_seat(s)).collect();
        let names = self.caption_names();
        let foot = (0..self.layout.players())
            .map(|s| {
                let (inside, _) = pos.progress(&self.layout, s);
                let total = pos.pieces(s as u8).count();
                let (en, zh) = match (self.finished_in(s as u8), self.left(s as u8)) {
                    (Some(r), _) => (format!("home in round {r}"), format!("第 {r} 轮全部到家")),
                    (_, Some(_)) => ("left".to_string(), "已离场".to_string()),
                    _ => (format!("{inside}/{total} home"), format!("{inside}/{total} 到家")),
                };
                let name = &names[s];
                Line::new(
                    Explained::new(format!("{}: {en}", name.en), format!("{}：{zh}", name.zh)),
                    Some(side_seat(self.layout.sides[s])),
                )
            })
            .collect();
        pic.captions = Captions {
            names,
            result: self.result_line(),
            last: last.map(|l| {
                Line::new(
                    Explained::new(l.token.clone(), l.token.clone()),
                    Some(side_seat(self.layout.sides[usize::from(l.seat)])),
                )
            }),
            foot,
            out: (0..self.layout.players() as u8).filter(|&s| self.left(s).is_some()).map(Seat).collect(),
        };
        pic
    }

    fn parse_action(&self, seat: Seat, text: &str) -> Result<Move, Unreadable> {
        let seat = seat.0.min(self.layout.players() as u8 - 1);
        super::notation::read(&self.movegen(seat), text)
    }

    fn action_token(&self, action: Move) -> String {
        super::game::token(action)
    }
}

/// Describes a ply for readers (the catalogue's describer): `ply 3: South (s) l2-j4-n4, 2 hops.`
pub fn describe(p: &PublicPly, lang: Lang) -> String {
    let side = p.facts.iter().find_map(|f| match f {
        Fact::Colour { colour, .. } => Some(Side::from_index(colour.index())),
        _ => None,
    });
    let (who_en, who_zh) = match side {
        Some(s) => {
            let (en, zh) = side_words(s);
            (format!("{en} ({})", s.key()), format!("{zh}（{}）", s.key()))
        }
        None => (format!("seat {}", p.seat), format!("{} 号座位", p.seat)),
    };
    let swapped = p.facts.iter().find_map(|f| match f {
        Fact::Combat { defender: Face::Known { owner, .. }, .. } => Some(Side::from_index(owner.index())),
        _ => None,
    });
    let hops = p.path.len().saturating_sub(1);
    let stepped = p.path.len() == 2 && board::adjacent(p.path[0].0, p.path[1].0);
    let (what_en, what_zh) = match (p.path.is_empty(), swapped) {
        (true, _) => ("passes (no legal move)".to_string(), "无棋可走，停一手".to_string()),
        (_, Some(o)) => {
            let (en, zh) = side_words(o);
            (format!("{}, swapping with {en}'s piece", p.action), format!("{}，与{zh}的棋子换位", p.action))
        }
        _ if stepped => (format!("{}, a step", p.action), format!("{}，走一步", p.action)),
        _ => (
            format!("{}, {hops} hop{}", p.action, if hops == 1 { "" } else { "s" }),
            format!("{}，连跳 {hops} 次", p.action),
        ),
    };
    let mut en = format!("ply {}: {who_en} {what_en}.", p.ply);
    let mut zh = format!("第{}手：{who_zh} {what_zh}。", p.ply);
    if let Some(o) = &p.end {
        let (e, z) = end_words(o);
        en.push_str(&format!(" {e}"));
        zh.push_str(&z);
    }
    lang.pick(en, zh).into_owned()
}

/// How an end reads from the contract's result alone (English, 简体).
pub fn end_words(o: &Over) -> (String, String) {
    match &o.standing {
        Standing::Draw => ("The game is drawn.".into(), "和棋。".into()),
        Standing::Team(t) => (format!("Team {} wins.", t + 1), format!("第 {} 队获胜。", t + 1)),
        Standing::Places(p) => {
            let list: Vec<String> = p.iter().map(|h| format!("{}", f32::from(*h) / 2.0)).collect();
            (format!("Game over; places {}.", list.join(", ")), format!("终局；名次 {}。", list.join("、")))
        }
    }
}
