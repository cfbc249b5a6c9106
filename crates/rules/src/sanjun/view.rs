//! Visibility (`rules-sanjun.md` §6): how a piece looks to a viewer in each mode, and what a ply
//! tells a viewer. Whose piece stands on a point and its service (land piece, ship, aircraft) are
//! always public — the zones and the link kinds prove them; a kind is told only by the mode, the
//! rules' announcements, or what a move proves.

use crate::board::PointId;
use crate::combat::Outcome;
use crate::game::{Move, Reveal};
use crate::options::Mode;
use crate::piece::{Piece, PieceKind};
use crate::seat::Seat;
use crate::view::Viewer;

use super::board::{SanjunBoard, Station};
use super::combat::resolve;
use super::game::{SanjunGame, SanjunOver, SanjunPly};
use super::moves::MoveKind;
use super::pieces::{PIECES, Service, def_of, kinds};

/// A piece as a viewer sees it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum SanjunFace {
    /// Owner and kind are known.
    Known {
        /// The owner.
        owner: Seat,
        /// The kind.
        kind: PieceKind,
    },
    /// Only the owner and the service are known.
    Hidden {
        /// The owner.
        owner: Seat,
        /// Land piece, ship or aircraft (army and weapons both show as [`Service::Army`]: the
        /// board cannot tell them apart).
        service: Service,
    },
}

/// Whether a viewer sees every kind in this mode (`Mode::Partners` has no meaning with two
/// seats and is read as dark).
fn sees_all(mode: Mode, viewer: Viewer) -> bool {
    viewer == Viewer::Everyone || mode == Mode::Open
}

/// How `piece` looks to `viewer` in `mode`.
pub fn face(piece: Piece, mode: Mode, viewer: Viewer) -> SanjunFace {
    if sees_all(mode, viewer) || viewer == Viewer::Seat(piece.seat) || piece.known {
        SanjunFace::Known { owner: piece.seat, kind: piece.kind }
    } else {
        let service = match def_of(piece.kind).service {
            Service::Weapon => Service::Army,
            s => s,
        };
        SanjunFace::Hidden { owner: piece.seat, service }
    }
}

/// Every piece of a game as a viewer sees it, in point order; a finished game is shown whole.
pub fn faces(game: &SanjunGame, mode: Mode, viewer: Viewer) -> Vec<(PointId, SanjunFace)> {
    let viewer = if game.over().is_some() { Viewer::Everyone } else { viewer };
    game.board()
        .board
        .point_ids()
        .filter_map(|p| game.piece_at(p).map(|piece| (p, face(piece, mode, viewer))))
        .collect()
}

/// A ply as one viewer may know it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SanjunPublicPly {
    /// 1-based ply number.
    pub ply: u32,
    /// Who moved.
    pub seat: Seat,
    /// The move.
    pub mv: Move,
    /// The outcome class (always public).
    pub outcome: Outcome,
    /// The mover's kind, if this viewer may know it.
    pub attacker: Option<PieceKind>,
    /// The defender's owner and, if this viewer may know it, its kind.
    pub defender: Option<(Seat, Option<PieceKind>)>,
    /// What the rules announced (scouted piece, the gun that fired, flags).
    pub revealed: Vec<Reveal>,
    /// The kinds the move itself proves the mover to be one of, when it narrows its service
    /// (a landing: 主力舰 or 巡洋舰; a strike: 炮垒 or 炮舰; a ride no other piece makes: 工兵).
    pub proves: Vec<PieceKind>,
    /// The end, if this ply ended the game.
    pub end: Option<SanjunOver>,
}

/// What a ply tells `viewer` in `mode`.
pub fn public_ply(board: &SanjunBoard, ply: &SanjunPly, mode: Mode, viewer: Viewer) -> SanjunPublicPly {
    let all = sees_all(mode, viewer);
    // 密布明战法: both pieces of a combat are named to everyone (a shot-down aircraft met the gun).
    let combat = ply.outcome != Outcome::Moved;
    let named_by_mode = mode == Mode::Reveal && combat;
    let scouted = |p: PointId| ply.revealed.iter().any(|r| r.point == p);
    let attacker =
        (all || named_by_mode || ply.attacker_known || viewer == Viewer::Seat(ply.seat)).then_some(ply.attacker);
    let defender = ply.defender.map(|d| {
        let known = all
            || named_by_mode
            || d.known
            || viewer == Viewer::Seat(d.seat)
            || (ply.outcome == Outcome::Scouted && scouted(ply.mv.to));
        (d.seat, known.then_some(d.kind))
    });
    SanjunPublicPly {
        ply: ply.ply,
        seat: ply.seat,
        mv: ply.mv,
        outcome: ply.outcome,
        attacker,
        defender,
        revealed: ply.revealed.clone(),
        proves: proves(board, ply.kind, ply.mv),
        end: ply.end,
    }
}

/// What a move of this kind between these points proves about the mover (§6).
pub fn proves(board: &SanjunBoard, kind: MoveKind, mv: Move) -> Vec<PieceKind> {
    match kind {
        MoveKind::Landing => vec![kinds::BATTLESHIP, kinds::CRUISER],
        MoveKind::Strike if board.station(mv.from) == Station::Naval => vec![kinds::GUNBOAT],
        MoveKind::Strike => vec![kinds::BATTERY],
        MoveKind::Rail if !plain_ride(board, mv) => vec![kinds::ENGINEER],
        // A landed ship's coastline step: the point already shows a ship ashore, which only
        // 主力舰 and 巡洋舰 can be; roads and sea lanes prove nothing more than the service.
        _ => Vec::new(),
    }
}

/// Whether a non-engineer could make this ride: at most two links along the loop, or one
/// diamond edge.
fn plain_ride(board: &SanjunBoard, mv: Move) -> bool {
    let lp = board.rail_loop();
    let n = lp.len();
    let on_loop = |p: PointId| lp.iter().position(|&q| q == p);
    if let (Some(i), Some(j)) = (on_loop(mv.from), on_loop(mv.to)) {
        let d = (i + n - j) % n;
        if d.min(n - d) <= 2 {
            return true;
        }
    }
    board.diamond().iter().any(|&(a, b)| (a, b) == (mv.from, mv.to) || (b, a) == (mv.from, mv.to))
}

/// The attacker–defender pairs whose meeting bounces: what a bounce proves (§6), the same for
/// every viewer since it follows from the table alone.
pub fn bounce_pairs() -> Vec<(PieceKind, PieceKind)> {
    let kinds = || (0..PIECES.len() as u8).map(PieceKind);
    kinds()
        .flat_map(|a| kinds().map(move |d| (a, d)))
        .filter(|&(a, d)| resolve(a, d, crate::options::Mines::Spring) == Some(Outcome::Bounced))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sanjun::options::SanjunOptions;

    fn game(pieces: &[(&str, Seat, PieceKind)]) -> SanjunGame {
        let b = SanjunBoard::get();
        let mut cells = vec![None; b.board.len()];
        for &(n, seat, kind) in pieces {
            cells[b.p(n).index()] = Some(Piece { seat, kind, known: false });
        }
        SanjunGame::from_position(cells, Seat::RED, SanjunOptions::default())
    }

    #[test]
    fn dark_shows_services_only_and_scouting_names_the_target() {
        let b = SanjunBoard::get();
        let mut g = game(&[
            ("e2", Seat::RED, kinds::RECON),
            ("e6", Seat::BLUE, PieceKind(0)),
            ("g6", Seat::BLUE, kinds::BOMB),
            ("a23", Seat::BLUE, kinds::FIGHTER),
        ]);
        let f = faces(&g, Mode::Dark, Viewer::Spectator);
        assert!(f.iter().all(|(_, f)| matches!(f, SanjunFace::Hidden { .. })));
        assert!(f.contains(&(b.p("g6"), SanjunFace::Hidden { owner: Seat::BLUE, service: Service::Army })));
        let ply = g.play(Move { from: b.p("e2"), to: b.p("e6") }).unwrap();
        let spect = public_ply(b, &ply, Mode::Dark, Viewer::Spectator);
        assert_eq!((spect.attacker, spect.defender), (None, Some((Seat::BLUE, Some(PieceKind(0))))));
        let red = public_ply(b, &ply, Mode::Dark, Viewer::Seat(Seat::RED));
        assert_eq!(red.attacker, Some(kinds::RECON));
        // The scouted commander stays public on the board.
        assert!(
            faces(&g, Mode::Dark, Viewer::Spectator)
                .contains(&(b.p("e6"), SanjunFace::Known { owner: Seat::BLUE, kind: PieceKind(0) }))
        );
    }

    #[test]
    fn reveal_names_both_pieces_of_a_combat_and_moves_prove() {
        let b = SanjunBoard::get();
        let mut g = game(&[
            ("g9", Seat::RED, kinds::GUNBOAT),
            ("h7", Seat::BLUE, PieceKind(3)),
            ("e6", Seat::RED, kinds::ENGINEER),
            ("a23", Seat::BLUE, kinds::FIGHTER),
        ]);
        let ply = g.play(Move { from: b.p("g9"), to: b.p("h7") }).unwrap();
        let p = public_ply(b, &ply, Mode::Reveal, Viewer::Spectator);
        assert_eq!((p.attacker, p.defender), (Some(kinds::GUNBOAT), Some((Seat::BLUE, Some(PieceKind(3))))));
        assert_eq!(p.proves, vec![kinds::GUNBOAT], "a strike from the sea proves the gunboat");
        let d = public_ply(b, &ply, Mode::Dark, Viewer::Spectator);
        assert_eq!((d.attacker, d.defender), (None, Some((Seat::BLUE, None))));
        // e6 → k6 is three railway links: only an engineer rides that far.
        assert_eq!(proves(b, MoveKind::Rail, Move { from: b.p("e6"), to: b.p("k6") }), vec![kinds::ENGINEER]);
        assert!(proves(b, MoveKind::Rail, Move { from: b.p("e6"), to: b.p("i6") }).is_empty());
        assert_eq!(proves(b, MoveKind::Landing, Move { from: b.p("e9"), to: b.p("e8") }).len(), 2);
        // The B cells of §5: 炮垒→潜水艇, 潜水艇→战斗机/侦察机, 战斗机→潜水艇, and attacks on the plane.
        let pairs = bounce_pairs();
        assert!(
            pairs.contains(&(kinds::BATTERY, kinds::SUBMARINE)) && pairs.contains(&(kinds::FIGHTER, kinds::SUBMARINE))
        );
        assert!(pairs.iter().all(|&(a, d)| d == kinds::RECON || d == kinds::SUBMARINE || a == kinds::SUBMARINE));
    }
}
