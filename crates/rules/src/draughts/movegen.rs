//! Move generation (spec §4–§6): simple moves, capture sequences with multi-jumps, flying kings,
//! the free choice (English) or the majority rule (international, Canadian), and perft.

use super::board::{Colour, Variant};
use super::position::{Move, Piece, Position};

/// One way to play a move: the move with the landing squares it passes (from, each landing, to)
/// and the pieces it takes in jump order. Several lines may play one [`Move`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The move.
    pub mv: Move,
    /// The squares the piece stands on, from the start square to the end square.
    pub path: Vec<u8>,
    /// The taken pieces' squares, in jump order.
    pub taken: Vec<u8>,
}

/// Every move without capture of `colour` in `pos`.
pub fn simple_moves(pos: &Position, colour: Colour) -> Vec<Line> {
    let v = pos.variant;
    let g = v.geometry();
    let mut out = Vec::new();
    for (from, piece) in pos.pieces(colour) {
        let dirs: &[usize] = if piece.king { &[0, 1, 2, 3] } else { &v.forward(colour) };
        for &d in dirs {
            let mut next = g.step(from, d);
            while let Some(to) = next {
                if pos.at(to).is_some() {
                    break;
                }
                out.push(Line { mv: Move { from, to, captured: 0 }, path: vec![from, to], taken: Vec::new() });
                next = if piece.king && v.flying_kings() { g.step(to, d) } else { None };
            }
        }
    }
    out
}

/// Every complete capture sequence of `colour` in `pos`, before the majority rule: a sequence
/// ends only where its piece can take nothing more (or, in English draughts, where a man is
/// crowned).
pub fn capture_lines(pos: &Position, colour: Colour) -> Vec<Line> {
    let mut out = Vec::new();
    for (from, piece) in pos.pieces(colour) {
        // The moving piece's start square counts as empty; taken pieces stay until the end.
        let mut board = pos.cells;
        board[usize::from(from)] = None;
        let mut search = Search { variant: pos.variant, board: &board, piece, path: vec![from], taken: Vec::new() };
        search.from(from, 0, &mut out);
    }
    out
}

struct Search<'a> {
    variant: Variant,
    board: &'a [Option<Piece>; super::position::MAX_SQUARES],
    piece: Piece,
    path: Vec<u8>,
    taken: Vec<u8>,
}

impl Search<'_> {
    fn enemy(&self, sq: u8, captured: u128) -> bool {
        matches!(self.board[usize::from(sq)], Some(p) if p.colour != self.piece.colour) && captured & (1u128 << sq) == 0
    }

    fn empty(&self, sq: u8) -> bool {
        self.board[usize::from(sq)].is_none()
    }

    /// Continues a sequence from `at` with `captured` taken so far; records it where it ends.
    fn from(&mut self, at: u8, captured: u128, out: &mut Vec<Line>) {
        let v = self.variant;
        let g = v.geometry();
        let all = [0, 1, 2, 3];
        let forward = v.forward(self.piece.colour);
        let dirs: &[usize] = if self.piece.king || v.men_capture_backwards() { &all } else { &forward };
        let mut found = false;
        for &d in dirs {
            if self.piece.king && v.flying_kings() {
                let mut over = g.step(at, d);
                while let Some(q) = over.filter(|&q| self.empty(q)) {
                    over = g.step(q, d);
                }
                let Some(q) = over.filter(|&q| self.enemy(q, captured)) else { continue };
                let mut land = g.step(q, d);
                while let Some(l) = land.filter(|&l| self.empty(l)) {
                    found = true;
                    self.hop(l, q, captured, out);
                    land = g.step(l, d);
                }
            } else {
                let Some(q) = g.step(at, d).filter(|&q| self.enemy(q, captured)) else { continue };
                let Some(l) = g.step(q, d).filter(|&l| self.empty(l)) else { continue };
                found = true;
                self.hop(l, q, captured, out);
            }
        }
        if !found && !self.taken.is_empty() {
            self.record(at, captured, out);
        }
    }

    fn hop(&mut self, land: u8, over: u8, captured: u128, out: &mut Vec<Line>) {
        self.path.push(land);
        self.taken.push(over);
        let captured = captured | (1u128 << over);
        // English rules: a man crowned by a capture stops there (spec §6).
        let crowned_stops = !self.piece.king
            && self.variant == Variant::English
            && self.variant.is_crowning_row(land, self.piece.colour);
        if crowned_stops {
            self.record(land, captured, out);
        } else {
            self.from(land, captured, out);
        }
        self.path.pop();
        self.taken.pop();
    }

    fn record(&self, at: u8, captured: u128, out: &mut Vec<Line>) {
        let from = self.path[0];
        out.push(Line { mv: Move { from, to: at, captured }, path: self.path.clone(), taken: self.taken.clone() });
    }
}

/// The lines the rules allow `colour` in `pos`: captures when there are any (only the longest
/// where the majority rule applies), else simple moves. Every line of every allowed move is kept.
pub fn allowed_lines(pos: &Position, colour: Colour) -> Vec<Line> {
    let mut caps = capture_lines(pos, colour);
    if caps.is_empty() {
        return simple_moves(pos, colour);
    }
    if pos.variant.majority() {
        let most = caps.iter().map(|l| l.taken.len()).max().unwrap_or(0);
        caps.retain(|l| l.taken.len() == most);
    }
    caps
}

/// The legal moves of the side to move, each once (the first line found plays it), in
/// generation order.
pub fn legal_lines(pos: &Position) -> Vec<Line> {
    dedup(allowed_lines(pos, pos.to_move))
}

/// The legal moves of the side to move.
pub fn legal_moves(pos: &Position) -> Vec<Move> {
    legal_lines(pos).into_iter().map(|l| l.mv).collect()
}

/// Keeps the first line of each move.
pub fn dedup(lines: Vec<Line>) -> Vec<Line> {
    let mut seen = std::collections::HashSet::new();
    lines.into_iter().filter(|l| seen.insert(l.mv)).collect()
}

/// Counts the move sequences of `depth` plies from `pos` (moves counted by from, to and
/// captured set, spec §11).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = legal_moves(pos);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|m| {
            let mut next = *pos;
            next.apply(m);
            perft(&next, depth - 1)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perft_of_the_english_start_to_depth_five() {
        let p = Position::start(Variant::English);
        let counts: Vec<u64> = (1..=5).map(|d| perft(&p, d)).collect();
        assert_eq!(counts, [7, 49, 302, 1469, 7361]);
    }
}
