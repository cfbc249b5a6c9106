//! The text board of any catalogued game: a contract [`Picture`] drawn on the grid of its kind's
//! points ([`GameDef::places`]), with its captions, as lines of the terminal.

use crate::rules::Seat;
use crate::rules::contract::catalog::{GameDef, Place};
use crate::rules::contract::{Audience, Face, GameKind, Lang, Picture, catalog};

/// A text board of any catalogued game's picture, for the audience it was made for.
///
/// Each point of the kind's grid is a cell: a piece is its side's initial and its code as records
/// write them (`Ra`, `S?` for one whose kind this audience may not know, `##` face down, a lower
/// case initial for a face-down piece shown with what is under it: `rA`), an empty point its
/// glyph (`.`, `○`, `□`), and the points of the last action are starred. Each row is labelled
/// with the names of its first and last points. Above: whose board and whose turn; below: the
/// picture's captions (the last action, the result, losses, seats out), in English.
pub fn picture_text(picture: &Picture, kind: &GameKind) -> String {
    let Some(def) = catalog::find(kind.name) else { return String::new() };
    let places = (def.places)();
    let seat = |s: Seat| picture.name(s).map_or_else(|| kind.seating.name(s, Lang::En).to_string(), |n| n.en.clone());
    let mut out = Vec::new();
    let whose = match picture.audience() {
        Audience::Public => "public board".to_string(),
        Audience::Seat(s) => format!("{}'s board", seat(s)),
        Audience::Everyone => "the whole board".to_string(),
    };
    let turn = match picture.to_move {
        Some(s) => format!("{} to move", seat(s)),
        None => "over".to_string(),
    };
    out.push(format!("   ({}: {whose}; ply {}, {turn})", kind.title.en, picture.ply));
    out.extend(grid(picture, def, &places));
    let c = &picture.captions;
    if let Some(last) = &c.last {
        out.push(format!("   last: {}", last.text.en));
    }
    if let Some(result) = &c.result {
        out.push(format!("   {}", result.en));
    }
    out.extend(c.foot.iter().map(|l| format!("   {}", l.text.en)));
    if !c.out.is_empty() {
        out.push(format!("   out: {}", c.out.iter().map(|&s| seat(s)).collect::<Vec<_>>().join(", ")));
    }
    let mut text = out.join("\n");
    text.push('\n');
    text
}

/// A side's initial as records name it (`red` → `R`), else its seat's key (`s` → `S`). Where
/// the seats depend on the number of players (跳棋), pieces are owned by the kind's full list of
/// seats (its sides, whatever the count), shown by their whole key (`NE`).
fn initial(def: &GameDef, side: Seat) -> String {
    if def.kind.seating.per_count.is_some() {
        return def.kind.seating.get(side).map_or("?", |d| d.key).to_uppercase();
    }
    let named = (def.record.side)(side);
    let word = if named.is_empty() || named == "?" { def.kind.seating.get(side).map_or("?", |d| d.key) } else { named };
    word.chars().next().map_or('?', |c| c.to_ascii_uppercase()).to_string()
}

/// How a token looks in its cell: a side and a piece; a game with one kind of piece
/// (`piece`, 跳棋) shows only the side.
fn token(def: &GameDef, face: Face) -> String {
    let initial = |s| initial(def, s);
    match face {
        Face::Known { owner, kind } => match (def.record.piece)(owner, kind) {
            p if p == "piece" => initial(owner),
            p => format!("{}{p}", initial(owner)),
        },
        Face::Hidden { owner } => format!("{}?", initial(owner)),
        Face::Down => "##".into(),
        Face::Under { owner, kind } => {
            format!("{}{}", initial(owner).to_ascii_lowercase(), (def.record.piece)(owner, kind))
        }
    }
}

/// The grid's lines: a cell per column, the row's first and last point names either side.
fn grid(picture: &Picture, def: &GameDef, places: &[Place]) -> Vec<String> {
    let (Some(cols), Some(rows)) =
        (places.iter().map(|p| p.x).max().map(|x| x as usize + 1), places.iter().map(|p| p.y).max())
    else {
        return Vec::new();
    };
    let mut cells: Vec<Vec<Option<(String, bool)>>> = vec![vec![None; cols]; rows as usize + 1];
    for p in places {
        let content = picture.at(p.at).map_or_else(|| p.empty.to_string(), |f| token(def, f));
        cells[p.y as usize][p.x as usize] = Some((content, picture.marks.contains(&p.at)));
    }
    let width = cells.iter().flatten().flatten().map(|(c, _)| c.chars().count()).max().unwrap_or(1);
    let label = |y: u16, last: bool| {
        let row = places.iter().filter(|p| p.y == y);
        let p = if last { row.max_by_key(|p| p.x) } else { row.min_by_key(|p| p.x) };
        p.map_or(String::new(), |p| p.name.clone())
    };
    let left = (0..=rows).map(|y| label(y, false).chars().count()).max().unwrap_or(0);
    // Column coordinates above and below, where a column's points share one (`a` … `e` on the
    // 2-player board; on the 4-player board each arm's file or rank, read from its own seat).
    let ruler = |from_top: bool| {
        let mut line = " ".repeat(left + 1);
        for x in 0..cols as u16 {
            let mut column: Vec<&Place> = places.iter().filter(|p| p.x == x).collect();
            column.sort_by_key(|p| if from_top { p.y } else { u16::MAX - p.y });
            let name = column_name(&column);
            let name: String = name.chars().take(width).collect();
            line.push(' ');
            line.push_str(&format!("{name:>width$}"));
        }
        line.trim_end().to_string()
    };
    let (top, bottom) = (ruler(true), ruler(false));
    let mut lines: Vec<String> = Vec::new();
    if !top.trim().is_empty() {
        lines.push(top);
    }
    lines.extend((0..=rows).map(|y| {
        let mut line = format!("{:>left$} ", label(y, false));
        for cell in &cells[y as usize] {
            match cell {
                Some((content, marked)) => {
                    line.push(if *marked { '*' } else { ' ' });
                    line.push_str(&format!("{content:>width$}"));
                }
                None => line.push_str(&" ".repeat(width + 1)),
            }
        }
        let right = label(y, true);
        if right.is_empty() { line.trim_end().to_string() } else { format!("{line}  {right}") }
    }));
    if !bottom.trim().is_empty() {
        lines.push(bottom);
    }
    // Points whose name neither their row's labels nor their column's coordinates give (the
    // 4-player centre, `C.nw` …): named below, row by row as drawn.
    let unnamed: Vec<String> = (0..=rows)
        .filter_map(|y| {
            let (first, last) = (label(y, false), label(y, true));
            let edge = [territory(&first), territory(&last)];
            let mut row: Vec<&Place> = places.iter().filter(|p| p.y == y).collect();
            row.sort_by_key(|p| p.x);
            let names: Vec<&str> = row
                .iter()
                .filter(|p| !edge.contains(&territory(&p.name)) && !in_named_column(places, p))
                .map(|p| p.name.as_str())
                .collect();
            (!names.is_empty()).then(|| names.join(" "))
        })
        .collect();
    if !unnamed.is_empty() {
        lines.push(format!("   (unlabelled points, row by row: {})", unnamed.join(" / ")));
    }
    lines
}

/// A point name's territory: what stands before its dot (`S` of `S.c6`), or nothing.
fn territory(name: &str) -> &str {
    name.split_once('.').map_or("", |(t, _)| t)
}

/// The coordinate a column's run of points shares, seen from one end: the points from that end
/// in the same territory as the first, named by the letters they all start with (a file) or
/// else the digits they all end with (a rank); empty if they share neither.
fn column_name(column: &[&Place]) -> String {
    let Some(first) = column.first() else { return String::new() };
    let run: Vec<&str> = column
        .iter()
        .take_while(|p| territory(&p.name) == territory(&first.name))
        .map(|p| p.name.rsplit('.').next().unwrap_or(&p.name))
        .collect();
    let letters = |n: &str| n.chars().take_while(|c| c.is_alphabetic()).collect::<String>();
    let digits = |n: &str| n.chars().skip_while(|c| c.is_alphabetic()).collect::<String>();
    let shared = |f: &dyn Fn(&str) -> String| {
        let v = f(run[0]);
        (!v.is_empty() && run.iter().all(|n| f(n) == v)).then_some(v)
    };
    if run.len() < 2 {
        return String::new();
    }
    shared(&letters).or_else(|| shared(&digits)).unwrap_or_default()
}

/// Whether a point is named by its column's coordinates: it lies in the run, from the top or
/// the bottom, of its own territory, and that run shares a coordinate.
fn in_named_column(places: &[Place], p: &Place) -> bool {
    [true, false].into_iter().any(|from_top| {
        let mut column: Vec<&Place> = places.iter().filter(|q| q.x == p.x).collect();
        column.sort_by_key(|q| if from_top { q.y } else { u16::MAX - q.y });
        let first = column.first().map_or("", |q| territory(&q.name));
        let in_run = column.iter().take_while(|q| territory(&q.name) == first).any(|q| q.at == p.at);
        in_run && !column_name(&column).is_empty()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::contract::{Start, catalog};
    use crate::rules::rng::Rng;

    /// A game of every built-in kind, started from setups or a deal drawn from a fixed seed.
    fn started(def: &'static GameDef) -> Box<dyn crate::rules::contract::AnyGame> {
        let n = def.kind.seating.counts[0];
        let mut start = Start::new(n);
        let mut rng = Rng::new(5);
        if let Some(random) = def.random_setup {
            start.setups = (0..n).map(|s| crate::rules::contract::Secret::new(random(Seat(s), &mut rng))).collect();
        }
        if let Some(deal) = def.deal {
            start.deal = Some(deal(&crate::rules::contract::Secret::new([9; 32])).deal);
        }
        (def.start)(&start).expect("a start from the game's own setups")
    }

    #[test]
    fn every_kind_has_a_text_board_that_shows_only_what_its_audience_may_know() {
        for def in catalog::all() {
            let name = def.name();
            let mut g = started(def);
            let token = g.legal_tokens(g.to_move()).into_iter().next().expect("a first action");
            g.play_text(g.to_move(), &token).expect("a legal action plays");
            let places = (def.places)();
            let public = picture_text(&g.picture_for(Audience::Public), def.kind);
            let all = picture_text(&g.picture_for(Audience::Everyone), def.kind);
            // A title line, a line per grid row, and the captions.
            let rows = places.iter().map(|p| p.y).max().unwrap() as usize + 1;
            assert!(public.lines().count() > rows, "{name}:\n{public}");
            assert!(public.lines().next().unwrap().contains("public board"), "{name}:\n{public}");
            assert!(public.contains("last: "), "{name}: the last action is told\n{public}");
            // The action's points are starred.
            assert!(public.contains('*'), "{name}:\n{public}");
            // Everyone sees every piece's kind; the public no more than the game shows it.
            assert!(!all.contains('?') && !all.contains("##"), "{name}:\n{all}");
            // Games with something hidden hide it from the public; open games show it all.
            let open = def.kind.modes.iter().all(|m| m.key == "open");
            assert_eq!(public.contains('?') || public.contains("##"), !open, "{name}:\n{public}");
            // Rows are labelled by their points' names (after a line of column coordinates, where
            // the columns have them).
            let first = places.iter().filter(|p| p.y == 0).min_by_key(|p| p.x).unwrap();
            assert!(
                public.lines().skip(1).take(2).any(|l| l.trim_start().starts_with(&first.name)),
                "{name}:\n{public}"
            );
        }
    }

    #[test]
    fn the_two_player_board_reads_as_before() {
        let def = catalog::first();
        let g = started(def);
        let text = picture_text(&g.picture_for(Audience::Seat(Seat(0))), def.kind);
        let lines: Vec<&str> = text.lines().collect();
        // Files above and below, 12 ranks a side, the first seat's own pieces named at the
        // bottom, the other's hidden.
        assert!(lines.len() > 14 && !lines[14].contains('?'), "{text}");
        assert_eq!(lines[1].split_whitespace().collect::<Vec<_>>(), ["a", "b", "c", "d", "e"], "{text}");
        assert_eq!(lines[1], lines[14], "{text}");
        assert!(lines[2].starts_with("a12") && lines[2].ends_with("e12"), "{text}");
        assert!(lines[13].starts_with(" a1") && lines[13].ends_with("e1"), "{text}");
        assert!(lines[2].contains("B?") && !lines[13].contains('?'), "{text}");
        assert!(lines[4].contains('○'), "{text}");
    }

    /// The 4-player board has coordinates on every arm and names its centre points (issue 21
    /// item 7): North's files above, South's below, West's and East's ranks, the nine `C.` points.
    #[test]
    fn the_four_player_board_has_coordinates_and_names_its_centre() {
        let def = catalog::find("junqi4").expect("catalogued");
        let text = picture_text(&started(def).picture_for(Audience::Public), def.kind);
        let lines: Vec<&str> = text.lines().collect();
        // Above: West's ranks 1 … 6, North's files as North sees them (e … a from the left),
        // East's ranks 6 … 1; below: South's files a … e between the same ranks.
        let top: Vec<&str> = lines[1].split_whitespace().collect();
        let ranks = ["1", "2", "3", "4", "5", "6"];
        let (west, east): (Vec<&str>, Vec<&str>) = (ranks.to_vec(), ranks.iter().rev().copied().collect());
        assert_eq!(top, [west.clone(), vec!["e", "d", "c", "b", "a"], east.clone()].concat(), "{text}");
        let bottom: Vec<&str> = lines[19].split_whitespace().collect();
        assert_eq!(bottom, [west, vec!["a", "b", "c", "d", "e"], east].concat(), "{text}");
        assert!(
            text.contains("(unlabelled points, row by row: C.nw C.n C.ne / C.w C.c C.e / C.sw C.s C.se)"),
            "{text}"
        );
    }
}
