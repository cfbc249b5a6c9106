//! The flip game itself: flips, moves, the flag rules, colour assignment and the end checks of §5.

use crate::board::PointId;
use crate::combat::Outcome;
use crate::game::{EndReason, Game, GameOver, Move};
use crate::piece::{Piece, PieceClass, PieceKind, junqi};
use crate::seat::Seat;
use crate::variant::Variant;

use super::view::colour_of;
use super::{
    ColourRule, Deal, FlagTaker, FlipAction, FlipCell, FlipError, FlipEvent, FlipOptions, FlipReport, FlipView,
    ParsedAction, Player, colour_name, deal_points, other_colour, piece_letter,
};

/// A flip game in progress, with the full (secret) deal.
#[derive(Clone, Debug)]
pub struct FlipGame {
    game: Game,
    options: FlipOptions,
    deal: Option<Deal>,
    /// Pieces of each colour and kind that were never on the board (positions set up for tests
    /// and puzzles), so that counts of pieces left stay right without reading the board.
    absent: [[u8; 12]; 2],
    p1_colour: Option<Seat>,
    to_move: Player,
    over: Option<GameOver>,
    last: Option<FlipReport>,
}

impl FlipGame {
    /// Starts a game from a deal: every piece face down, P1 to play.
    pub fn new(deal: &Deal, options: FlipOptions) -> FlipGame {
        let v = Variant::junqi();
        let pieces: Vec<(PointId, Piece)> = deal_points()
            .iter()
            .zip(&deal.0)
            .map(|(&p, &(seat, kind))| (p, Piece { seat, kind, known: false }))
            .collect();
        let mut game = Game::from_position(v, options.base, &pieces, Seat::RED);
        game.enable_flip();
        FlipGame {
            game,
            options,
            deal: Some(deal.clone()),
            absent: [[0; 12]; 2],
            p1_colour: None,
            to_move: Player::P1,
            over: None,
            last: None,
        }
    }

    /// Sets up an arbitrary position (tests, puzzles): the pieces given (`known` = face up), P1's
    /// colour if assigned, and the player to move. Pieces of the two full sets that are not on
    /// the board count as already removed.
    pub fn from_position(
        pieces: &[(PointId, Piece)],
        p1_colour: Option<Seat>,
        to_move: Player,
        options: FlipOptions,
    ) -> FlipGame {
        let v = Variant::junqi();
        let mut game = Game::from_position(v, options.base, pieces, Seat::RED);
        game.enable_flip();
        let mut absent = [[0u8; 12]; 2];
        for (c, row) in absent.iter_mut().enumerate() {
            for (k, n) in row.iter_mut().enumerate().take(v.pieces.len()) {
                let on = pieces.iter().filter(|(_, p)| p.seat.index() == c && p.kind.0 as usize == k).count();
                *n = v.pieces[k].count.saturating_sub(on as u8);
            }
        }
        let mut g = FlipGame { game, options, deal: None, absent, p1_colour, to_move, over: None, last: None };
        let turn = g.colour_of(to_move).unwrap_or(Seat::RED);
        g.game.set_turn(turn, None);
        g
    }

    /// The options.
    pub fn options(&self) -> &FlipOptions {
        &self.options
    }

    /// The deal (secret until the game ends); `None` for a set-up position.
    pub fn deal(&self) -> Option<&Deal> {
        self.deal.as_ref()
    }

    /// Who plays next.
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// Passes `player`'s turn (a timeout under `on-timeout=skip:N`): nothing on the board
    /// changes, the other player moves. `false`, unchanged, when over or not `player`'s turn.
    pub fn pass(&mut self, player: Player) -> bool {
        if self.over.is_some() || self.to_move != player {
            return false;
        }
        self.to_move = player.other();
        let turn_colour = self.colour_of(self.to_move).unwrap_or(Seat::RED);
        self.game.set_turn(turn_colour, None);
        true
    }

    /// P1's colour, once assigned.
    pub fn p1_colour(&self) -> Option<Seat> {
        self.p1_colour
    }

    /// A player's colour, once assigned.
    pub fn colour_of(&self, player: Player) -> Option<Seat> {
        colour_of(self.p1_colour, player)
    }

    /// Plies played.
    pub fn ply(&self) -> u32 {
        self.game.ply()
    }

    /// The result (`winner` is a player index, 0 = P1).
    pub fn over(&self) -> Option<GameOver> {
        self.over
    }

    /// The public state.
    pub fn view(&self) -> FlipView {
        let board = &Variant::junqi().board;
        let cells = board
            .point_ids()
            .map(|p| {
                self.game.piece_at(p).map(|piece| {
                    if piece.known {
                        FlipCell::FaceUp { colour: piece.seat, kind: piece.kind }
                    } else {
                        FlipCell::FaceDown
                    }
                })
            })
            .collect();
        FlipView {
            cells,
            to_move: self.to_move,
            p1_colour: self.p1_colour,
            ply: self.game.ply(),
            quiet: self.game.quiet_plies(),
            over: self.over,
            last: self.last.clone(),
            removed: [self.game.removed(Seat::RED).to_vec(), self.game.removed(Seat::BLUE).to_vec()],
        }
    }

    fn name(p: PointId) -> String {
        Variant::junqi().board.name(p).to_string()
    }

    fn has_face_down(&self) -> bool {
        // Face-down pieces never move, so only the dealt points can hold one.
        deal_points().iter().any(|&p| self.game.piece_at(p).is_some_and(|c| !c.known))
    }

    /// How many pieces of `kind` a colour still has on the board (face up or down): public,
    /// since every removed piece was face up.
    fn left(&self, colour: Seat, kind: PieceKind) -> u8 {
        let v = Variant::junqi();
        let gone = self.game.removed(colour)[kind.0 as usize] + self.absent[colour.index()][kind.0 as usize];
        v.piece(kind).count.saturating_sub(gone)
    }

    /// The flip-only limits on attacks (§3 `suicide`, §4 `flag-mines`, `flag-taker`). They read
    /// only face-up pieces and public counts.
    fn check_attack(&self, mv: Move, attacker: Piece, defender: Piece) -> Result<(), FlipError> {
        let v = Variant::junqi();
        let (att, def) = (v.piece(attacker.kind), v.piece(defender.kind));
        if def.class == PieceClass::Flag {
            if self.options.flag_mines {
                let left = self.left(defender.seat, junqi::MINE);
                if left > 0 {
                    return Err(FlipError::FlagMines { point: Self::name(mv.to), left });
                }
            }
            match self.options.flag_taker {
                FlagTaker::Any => {}
                FlagTaker::Engineer if att.class != PieceClass::Engineer => return Err(FlipError::FlagTakerEngineer),
                FlagTaker::Engineer => {}
                FlagTaker::Smallest => {
                    let officer = |c: PieceClass| matches!(c, PieceClass::Officer | PieceClass::Engineer);
                    let smaller_left = (0..v.pieces.len()).map(|k| PieceKind(k as u8)).any(|k| {
                        let d = v.piece(k);
                        officer(d.class) && d.rank < att.rank && self.left(attacker.seat, k) > 0
                    });
                    if !officer(att.class) || smaller_left {
                        return Err(FlipError::FlagTakerSmallest(Self::name(mv.from)));
                    }
                }
            }
        }
        if !self.options.suicide && (v.combat)(att, def, &self.options.base) == Outcome::DefenderWon {
            return Err(FlipError::Suicide { from: Self::name(mv.from), to: Self::name(mv.to) });
        }
        Ok(())
    }

    /// Explains why a ply is illegal, or returns `Ok`.
    pub fn check(&self, action: FlipAction) -> Result<(), FlipError> {
        if self.over.is_some() {
            return Err(FlipError::GameOver);
        }
        match action {
            FlipAction::Flip(p) => match self.game.piece_at(p) {
                None => Err(FlipError::NoPiece(Self::name(p))),
                Some(c) if c.known => Err(FlipError::AlreadyFaceUp(Self::name(p))),
                Some(_) => Ok(()),
            },
            FlipAction::Move(mv) => {
                let mine = self.colour_of(self.to_move).ok_or(FlipError::NoColourYet)?;
                let piece = self.game.piece_at(mv.from).ok_or_else(|| FlipError::NoPiece(Self::name(mv.from)))?;
                if !piece.known {
                    return Err(FlipError::FaceDown(Self::name(mv.from)));
                }
                if piece.seat != mine {
                    return Err(FlipError::NotYourColour(Self::name(mv.from), colour_name(piece.seat)));
                }
                let target = self.game.piece_at(mv.to);
                if let Some(t) = target
                    && !t.known
                {
                    return Err(FlipError::FaceDownTarget(Self::name(mv.to)));
                }
                self.with_turn(mine).check(mv)?;
                if let Some(t) = target {
                    self.check_attack(mv, piece, t)?;
                }
                Ok(())
            }
        }
    }

    /// The inner game with `colour` to move (the inner game's turn is only meaningful once
    /// colours exist, so it is set where it is read).
    fn with_turn(&self, colour: Seat) -> Game {
        let mut g = self.game.clone();
        g.set_turn(colour, None);
        g
    }

    /// Every legal move of a player (flips not included; see [`FlipGame::can_flip`]).
    pub fn legal_moves_of(&self, player: Player) -> Vec<Move> {
        let Some(colour) = self.colour_of(player).filter(|_| self.over.is_none()) else { return Vec::new() };
        let mut out = Vec::new();
        self.game.legal_moves_for_into(colour, &mut out);
        out.retain(|&mv| match self.game.piece_at(mv.to) {
            None => true,
            Some(t) => {
                let piece = self.game.piece_at(mv.from).expect("a move starts on a piece");
                self.check_attack(mv, piece, t).is_ok()
            }
        });
        out
    }

    /// Every legal ply of the player to move: the flips first (in board order), then the moves.
    pub fn legal_actions(&self) -> Vec<FlipAction> {
        if self.over.is_some() {
            return Vec::new();
        }
        let board = &Variant::junqi().board;
        let mut out: Vec<FlipAction> = board
            .point_ids()
            .filter(|&p| self.game.piece_at(p).is_some_and(|c| !c.known))
            .map(FlipAction::Flip)
            .collect();
        out.extend(self.legal_moves_of(self.to_move).into_iter().map(FlipAction::Move));
        out
    }

    /// Whether a face-down piece remains (then flipping is legal).
    pub fn can_flip(&self) -> bool {
        self.over.is_none() && self.has_face_down()
    }

    /// Plays a ply, checking a flip token's claimed identity (`+c6=G`) if given. An illegal ply
    /// leaves the game unchanged and says why.
    pub fn play_parsed(&mut self, parsed: ParsedAction) -> Result<FlipReport, FlipError> {
        self.check(parsed.action)?;
        if let (FlipAction::Flip(p), Some((colour, kind))) = (parsed.action, parsed.claims) {
            let piece = self.game.piece_at(p).expect("checked");
            if (piece.seat, piece.kind) != (colour, kind) {
                return Err(FlipError::WrongReveal {
                    point: Self::name(p),
                    claimed: piece_letter(colour, kind),
                    actual: piece_letter(piece.seat, piece.kind),
                });
            }
        }
        Ok(self.play_checked(parsed.action))
    }

    /// Plays a ply for the player to move. An illegal ply leaves the game unchanged and says why.
    pub fn play(&mut self, action: FlipAction) -> Result<FlipReport, FlipError> {
        self.check(action)?;
        Ok(self.play_checked(action))
    }

    fn play_checked(&mut self, action: FlipAction) -> FlipReport {
        let v = Variant::junqi();
        let player = self.to_move;
        let mut colours = None;
        let mut flag_taken = false;
        let event = match action {
            FlipAction::Flip(p) => {
                let piece = self.game.flip_up(p).expect("checked: a face-down piece");
                let assigns = self.p1_colour.is_none()
                    && match self.options.colour {
                        ColourRule::FirstFlip => true,
                        ColourRule::Engineer => v.piece(piece.kind).class == PieceClass::Engineer,
                    };
                if assigns {
                    let p1 = if player == Player::P1 { piece.seat } else { other_colour(piece.seat) };
                    self.p1_colour = Some(p1);
                    colours = Some(p1);
                }
                FlipEvent::Flip { point: p, colour: piece.seat, kind: piece.kind }
            }
            FlipAction::Move(mv) => {
                let mine = self.colour_of(player).expect("checked: colours assigned");
                self.game.set_turn(mine, None);
                let report = self.game.play_unchecked(mv);
                flag_taken = report.outcome == Outcome::FlagCaptured;
                FlipEvent::Move {
                    mv,
                    outcome: report.outcome,
                    attacker: (mine, report.attacker),
                    defender: report.defender.map(|d| (d.seat, d.kind)),
                }
            }
        };
        self.to_move = player.other();
        let end = self.end_after(player, flag_taken);
        self.over = end;
        let turn_colour = self.colour_of(self.to_move).unwrap_or(Seat::RED);
        self.game.set_turn(turn_colour, end);
        let report = FlipReport { ply: self.game.ply(), player, event, colours, end };
        self.last = Some(report.clone());
        report
    }

    /// The end checks of §5, in order, after `mover` played.
    fn end_after(&self, mover: Player, flag_taken: bool) -> Option<GameOver> {
        let win = |p: Player, reason| Some(GameOver { winner: Some(p.index() as u8), reason });
        let draw = |reason| Some(GameOver { winner: None, reason });
        if flag_taken {
            return win(mover, EndReason::FlagCaptured);
        }
        if let Some(p1) = self.p1_colour {
            let v = Variant::junqi();
            let out = |c: Seat| {
                (0..v.pieces.len())
                    .map(|k| PieceKind(k as u8))
                    .filter(|&k| v.piece(k).is_mobile())
                    .all(|k| self.left(c, k) == 0)
            };
            match (out(p1), out(other_colour(p1))) {
                (true, true) => return draw(EndReason::NoMovablePieces),
                (true, false) => return win(Player::P2, EndReason::NoMovablePieces),
                (false, true) => return win(Player::P1, EndReason::NoMovablePieces),
                (false, false) => {}
            }
        }
        let next = self.to_move;
        let has_ply = |p: Player| self.has_face_down() || !self.legal_moves_of(p).is_empty();
        if !has_ply(next) {
            return if has_ply(next.other()) {
                win(next.other(), EndReason::NoLegalMove)
            } else {
                draw(EndReason::BothStuck)
            };
        }
        let limit = self.options.base.quiet_limit;
        if limit > 0 && self.game.quiet_plies() >= limit {
            return draw(EndReason::QuietLimit);
        }
        None
    }

    /// Ends the game by a player's resignation.
    pub fn resign(&mut self, player: Player) -> Option<GameOver> {
        self.finish(Some(player.other()), EndReason::Resign)
    }

    /// Ends the game because a player's deadline passed.
    pub fn timeout(&mut self, player: Player) -> Option<GameOver> {
        self.finish(Some(player.other()), EndReason::Timeout)
    }

    /// Ends the game as an agreed draw.
    pub fn agree_draw(&mut self) -> Option<GameOver> {
        self.finish(None, EndReason::Agreed)
    }

    fn finish(&mut self, winner: Option<Player>, reason: EndReason) -> Option<GameOver> {
        if self.over.is_some() {
            return None;
        }
        self.over = Some(GameOver { winner: winner.map(|p| p.index() as u8), reason });
        let turn = self.colour_of(self.to_move).unwrap_or(Seat::RED);
        self.game.set_turn(turn, self.over);
        self.over
    }
}
