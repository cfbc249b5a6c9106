//! A text board of the cross-shaped 4-player board for the terminal mode: the 17 × 17 drawing
//! grid of `junqi4_board.rs` (North at the top), each piece as its seat letter and code.

use crate::rules::Viewer;
use crate::rules::board::PointKind;
use crate::rules::view::View;

/// The board of a cross-board view: `Sa` is South's 司令, `E?` a piece of East this viewer may not
/// know; `.` a post, `○` a camp, `□` a headquarters.
pub fn text_board(view: &View) -> String {
    let v = view.variant;
    const N: usize = 17;
    let mut grid = vec![vec!["   ".to_string(); N]; N];
    for p in v.board.point_ids() {
        let pt = v.board.point(p);
        let (Ok(x), Ok(y)) = (usize::try_from(pt.x), usize::try_from(pt.y)) else { continue };
        if x >= N || y >= N {
            continue;
        }
        grid[y][x] = match view.cells[p.index()] {
            None => match pt.kind {
                PointKind::Camp => "  ○".into(),
                PointKind::Headquarters => "  □".into(),
                _ => "  .".into(),
            },
            Some(sp) => {
                let seat = v.seat_name(sp.seat).to_uppercase();
                let code = sp.kind.map_or('?', |k| v.piece(k).code);
                format!(" {seat}{code}")
            }
        };
    }
    let who = match view.viewer {
        Viewer::Seat(s) => v.seats[s.index()].tag.to_string(),
        Viewer::Spectator => "spectator".into(),
        Viewer::Everyone => "everyone".into(),
    };
    let mut out =
        format!("   ({who}; {} to move, ply {}; North at the top)\n", v.seats[view.to_move.index()].tag, view.ply);
    for row in &grid {
        out.push_str(row.concat().trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Game, RuleOptions, Seat, Setup, Variant};

    #[test]
    fn cross_boards_show_every_seat_and_hide_what_the_viewer_may_not_see() {
        let v = Variant::junqi4();
        let deps: Vec<_> = (0..4)
            .map(|s| Setup::parse(v, "hggfa hbc hcdd gkk iiiee fljjj").unwrap().validate(v, Seat(s)).unwrap())
            .collect();
        let g = Game::new(v, RuleOptions::default(), &deps, Seat(0));
        let text = text_board(&g.view(Viewer::Seat(Seat(0)), crate::rules::Mode::Dark, None));
        assert_eq!(text.lines().count(), 18, "{text}");
        // South's own 司令 (on S.e6) is named; the other seats' pieces are not.
        assert!(text.contains("Sa") && text.contains("E?") && text.contains("N?") && text.contains("W?"), "{text}");
        assert!(!text.contains("Ea") && !text.contains("Na"), "{text}");
        // South's row 1 (the bottom line): a1 f, flag on b1, mines on c1-e1.
        assert_eq!(text.lines().last().unwrap().trim(), "Sf Sl Sj Sj Sj");
    }
}
