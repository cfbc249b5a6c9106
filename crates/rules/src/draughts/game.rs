//! A game in progress: the position, the draw counters of spec §7 and §12.5, the end, and plays
//! checked against the rules with a precise [`Refusal`] when they break one.

use crate::contract::{Over, Standing};
use crate::game::EndReason;
use crate::seat::Seat;

use super::board::{Colour, Variant};
use super::movegen::{self, Line};
use super::notation;
use super::position::{Move, Piece, Position};
use super::refusal::Refusal;
use super::rules::Rules;

/// Why a draughts game ended, in the game's own terms (spec §10's `reason`). The contract's
/// [`EndReason`] has no word yet for the draughts draws, so [`End::reason`] maps them onto the
/// nearest one and this keeps the exact reason.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// The side to move has no pieces left.
    NoPieces,
    /// The side to move has pieces but every one is blocked.
    NoLegalMove,
    /// The same position occurred for the third time.
    Repetition,
    /// The 40-move (English) or 25-move (international) rule.
    MoveLimit,
    /// The 16- or 5-move endgame limit.
    EndgameLimit,
    /// A player resigned.
    Resign,
    /// A player's time ran out.
    Timeout,
    /// The players agreed a draw.
    Agreed,
}

impl End {
    /// The `replay --json` name (spec §10).
    pub fn as_str(self) -> &'static str {
        match self {
            End::NoPieces => "no_pieces",
            End::NoLegalMove => "no_legal_move",
            End::Repetition => "repetition",
            End::MoveLimit => "move_limit",
            End::EndgameLimit => "endgame_limit",
            End::Resign => "resign",
            End::Timeout => "timeout",
            End::Agreed => "agreed",
        }
    }

    /// The contract's reason: the draughts draws by rule are all a "quiet limit" there, and a side
    /// without pieces has "no movable pieces".
    pub fn reason(self) -> EndReason {
        match self {
            End::NoPieces => EndReason::NoPieces,
            End::NoLegalMove => EndReason::NoLegalMove,
            End::Repetition => EndReason::Repetition,
            End::MoveLimit => EndReason::MoveLimit,
            End::EndgameLimit => EndReason::EndgameLimit,
            End::Resign => EndReason::Resign,
            End::Timeout => EndReason::Timeout,
            End::Agreed => EndReason::Agreed,
        }
    }

    /// The reason in words: (English, 简体).
    pub fn words(self) -> (&'static str, &'static str) {
        match self {
            End::NoPieces => ("no pieces left", "棋子被吃光"),
            End::NoLegalMove => ("no legal move", "无子可走"),
            End::Repetition => ("threefold repetition", "三次重复局面"),
            End::MoveLimit => ("move limit", "步数限制"),
            End::EndgameLimit => ("endgame limit", "残局步数限制"),
            End::Resign => ("resignation", "认输"),
            End::Timeout => ("timeout", "超时"),
            End::Agreed => ("agreed draw", "协议和棋"),
        }
    }
}

/// Everything one ply did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DraughtsPly {
    /// 1-based ply number.
    pub ply: u32,
    /// The side that moved.
    pub colour: Colour,
    /// The piece that moved, as it was before the move.
    pub piece: Piece,
    /// The move.
    pub mv: Move,
    /// The squares it stood on, from start to end.
    pub path: Vec<u8>,
    /// The pieces it took, in jump order.
    pub taken: Vec<(u8, Piece)>,
    /// Whether the move ended in a promotion.
    pub crowned: bool,
    /// The move's token as written before it was played (records need the position before).
    pub token: String,
    /// The end, if this ply ended the game.
    pub end: Option<Over>,
}

/// A draughts game in progress.
#[derive(Clone, Debug)]
pub struct Draughts {
    pub(super) variant: Variant,
    pub(super) rules: Rules,
    pub(super) start: Position,
    pub(super) pos: Position,
    pub(super) ply: u32,
    /// Plies since the last man move or capture.
    quiet: u32,
    /// The plies at which the 16-move and 5-move endgame counts started, while they run.
    endgame16: Option<u32>,
    endgame5: Option<u32>,
    /// Positions since the last irreversible move (man move or capture), the current one last.
    seen: Vec<Position>,
    pub(super) end: Option<(End, Option<Colour>)>,
    pub(super) last: Option<DraughtsPly>,
    /// The tokens played, for records.
    pub(super) tokens: Vec<String>,
}

impl Draughts {
    /// A game of `variant` by `rules`, from their FEN or the usual start.
    pub fn new(variant: Variant, rules: Rules) -> Result<Draughts, String> {
        let start = match &rules.fen {
            Some(f) => notation::parse_fen(variant, f)?,
            None => Position::start(variant),
        };
        let mut g = Draughts {
            variant,
            rules,
            start,
            pos: start,
            ply: 0,
            quiet: 0,
            endgame16: None,
            endgame5: None,
            seen: vec![start],
            end: None,
            last: None,
            tokens: Vec::new(),
        };
        g.update_endgame();
        g.check_end();
        Ok(g)
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The options it is played by.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The start position.
    pub fn start_position(&self) -> &Position {
        &self.start
    }

    /// The tokens played so far.
    pub fn tokens(&self) -> &[String] {
        &self.tokens
    }

    /// The end in the game's terms, with the winning side (`None` for a draw).
    pub fn end(&self) -> Option<(End, Option<Colour>)> {
        self.end
    }

    /// The seat that plays `colour`: seat 0 plays the variant's first mover.
    pub fn seat_of(&self, colour: Colour) -> Seat {
        Seat(u8::from(colour != self.variant.first()))
    }

    /// The side seat `seat` plays.
    pub fn colour_of(&self, seat: Seat) -> Colour {
        if seat.0 == 0 { self.variant.first() } else { self.variant.first().opposite() }
    }

    /// The end for the contract.
    pub fn over(&self) -> Option<Over> {
        self.end.map(|(end, winner)| Over {
            standing: winner.map_or(Standing::Draw, |c| Standing::Team(self.seat_of(c).0)),
            reason: end.reason(),
        })
    }

    /// The legal moves now, each once with the line that plays it; none once over.
    pub fn legal_lines(&self) -> Vec<Line> {
        if self.end.is_some() { Vec::new() } else { movegen::legal_lines(&self.pos) }
    }

    /// Plays a move of the side to move, or refuses it and changes nothing.
    pub fn play_move(&mut self, mv: Move) -> Result<DraughtsPly, Refusal> {
        let legal = self.legal_lines();
        let Some(line) = legal.iter().find(|l| l.mv == mv) else {
            return Err(self.refuse(mv));
        };
        let token = self.token_in(&legal, line);
        let colour = self.pos.to_move;
        let piece = self.pos.at(mv.from).expect("a legal move starts on a piece");
        let taken = line.taken.iter().map(|&s| (s, self.pos.at(s).expect("a taken piece"))).collect();
        let path = line.path.clone();
        let crowned = self.pos.apply(mv);
        self.ply += 1;
        if mv.is_capture() || !piece.king {
            self.quiet = 0;
            self.seen.clear();
        } else {
            self.quiet += 1;
        }
        self.seen.push(self.pos);
        self.update_endgame();
        self.check_end();
        self.tokens.push(token.clone());
        let ply = DraughtsPly { ply: self.ply, colour, piece, mv, path, taken, crowned, token, end: self.over() };
        self.last = Some(ply.clone());
        Ok(ply)
    }

    /// The token of a legal move among `legal`: `from-to`, `fromxto`, or the whole path when
    /// another legal move shares its start and end (PDN 3.0).
    pub(super) fn token_in(&self, legal: &[Line], line: &Line) -> String {
        let m = line.mv;
        let shared = legal.iter().any(|l| l.mv != m && l.mv.from == m.from && l.mv.to == m.to);
        notation::write_path(&line.path, m.is_capture(), shared)
    }

    /// Why a move is not legal now, as precisely as the rules say.
    pub(super) fn refuse(&self, mv: Move) -> Refusal {
        let colour = self.pos.to_move;
        let Some(piece) = self.pos.at(mv.from).filter(|p| p.colour == colour) else {
            return Refusal::NoPiece { square: mv.from };
        };
        if !mv.is_capture() && mv.to != mv.from && self.pos.at(mv.to).is_some() {
            return Refusal::Occupied { square: mv.to };
        }
        let caps = movegen::capture_lines(&self.pos, colour);
        if !mv.is_capture() && !caps.is_empty() {
            let short = caps.iter().any(|l| l.mv.from == mv.from && l.path[1..l.path.len() - 1].contains(&mv.to));
            return if short { Refusal::MustContinue { square: mv.to } } else { Refusal::CaptureCompulsory };
        }
        if let Some(l) = caps.iter().find(|l| l.mv == mv) {
            let most = caps.iter().map(|l| l.taken.len()).max().unwrap_or(0);
            return Refusal::NotLongest { takes: l.taken.len() as u32, most: most as u32 };
        }
        let v = self.variant;
        let g = v.geometry();
        let backwards =
            !piece.king && (0..4).any(|d| g.step(mv.from, d) == Some(mv.to) && !v.forward(colour).contains(&d));
        if backwards {
            return Refusal::Backwards;
        }
        Refusal::NotAMove { from: mv.from, to: mv.to }
    }

    /// Starts, keeps or stops the endgame counts (spec §7, §12.5).
    fn update_endgame(&mut self) {
        if self.variant == Variant::English || !self.rules.endgame_limit {
            return;
        }
        let (mut a, mut b) = (false, false);
        for lone in [Colour::Black, Colour::White] {
            if self.pos.count(lone) != (0, 1) {
                continue;
            }
            let (men, kings) = self.pos.count(lone.opposite());
            a |= kings >= 1 && men + kings == 3;
            b |= kings >= 1 && (1..=2).contains(&(men + kings));
        }
        if a && self.endgame16.is_none() {
            self.endgame16 = Some(self.ply);
        }
        if !a && !b {
            self.endgame16 = None;
        }
        self.endgame5 = if b { Some(self.endgame5.unwrap_or(self.ply)) } else { None };
    }

    /// Ends the game if the rules end it now, checked in spec §7's order.
    fn check_end(&mut self) {
        let mover = self.pos.to_move;
        if movegen::legal_moves(&self.pos).is_empty() {
            let why = if self.pos.pieces(mover).next().is_none() { End::NoPieces } else { End::NoLegalMove };
            self.end = Some((why, Some(mover.opposite())));
        } else if self.rules.repetition && self.seen.iter().filter(|p| **p == self.pos).count() >= 3 {
            self.end = Some((End::Repetition, None));
        } else if self.rules.move_limit > 0 && self.quiet >= 2 * self.rules.move_limit {
            self.end = Some((End::MoveLimit, None));
        } else if self.endgame16.is_some_and(|s| self.ply - s >= 32)
            || self.endgame5.is_some_and(|s| self.ply - s >= 10)
        {
            self.end = Some((End::EndgameLimit, None));
        }
    }

    /// A seat leaves: the other side wins. `false` if the game was already over.
    pub(super) fn leave_as(&mut self, colour: Colour, why: End) -> bool {
        if self.end.is_some() {
            return false;
        }
        self.end = Some((why, Some(colour.opposite())));
        true
    }

    /// Ends the game as an agreed draw. `false` if it was already over.
    pub(super) fn draw_agreed(&mut self) -> bool {
        if self.end.is_some() {
            return false;
        }
        self.end = Some((End::Agreed, None));
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays the first quiet move that leaves the other side nothing to take.
    fn quiet(g: &mut Draughts) {
        let line = g
            .legal_lines()
            .into_iter()
            .find(|l| {
                let mut p = g.pos;
                p.apply(l.mv);
                !l.mv.is_capture() && movegen::capture_lines(&p, p.to_move).is_empty()
            })
            .expect("a quiet move");
        g.play_move(line.mv).expect("legal");
    }

    #[test]
    fn a_capture_from_the_16_move_ending_to_the_5_move_one_keeps_the_16_count() {
        // A lone black king against a king and two men: the 16-move count runs from ply 0.
        let v = Variant::International;
        let rules = Rules::parse(v, "repetition=off fen=B:WK46,28,50:BK22").unwrap();
        let mut g = Draughts::new(v, rules).unwrap();
        assert_eq!((g.endgame16, g.endgame5), (Some(0), None));
        // As if 24 plies had gone by in that ending: the king takes 28, leaving a king and a man.
        g.ply = 24;
        let take = g.legal_lines().into_iter().find(|l| l.mv.is_capture()).expect("a capture");
        g.play_move(take.mv).unwrap();
        assert_eq!((g.endgame16, g.endgame5), (Some(0), Some(25)), "the 5-move count starts, the 16 runs on");
        while g.ply < 31 {
            quiet(&mut g);
            assert!(g.end.is_none(), "over at ply {}", g.ply);
        }
        quiet(&mut g);
        assert_eq!((g.ply, g.end), (32, Some((End::EndgameLimit, None))), "the 16-move count expires first");
    }
}
