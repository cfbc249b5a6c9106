//! The text board of a deployment, for any kind that deploys: the player's own area of the board
//! alone, turned so their side is at the bottom (Blue's, and on the 4-player board every seat's,
//! is turned), each piece by its name in the player's language (`司令`, `marshal`), each row
//! labelled by its points so `swap a6 b6` can be typed from it.

use crate::rules::Seat;
use crate::rules::contract::catalog::Place;
use crate::rules::contract::{Face, GameKind, Lang, Picture, catalog, to_traditional};

/// Columns a text takes in a terminal: CJK characters take two.
fn width(s: &str) -> usize {
    s.chars().map(|c| if ('\u{2E80}'..='\u{FFEF}').contains(&c) && c != '○' && c != '□' { 2 } else { 1 }).sum()
}

/// `s` padded on the left to `w` columns.
fn pad(s: &str, w: usize) -> String {
    format!("{}{s}", " ".repeat(w.saturating_sub(width(s))))
}

/// A piece's name in `lang`: its full name where the kind names pieces for marks, else its label.
fn piece_name(kind: &GameKind, k: crate::rules::PieceKind, lang: Lang) -> String {
    let def = catalog::find(kind.name);
    let (en, zh) = match def.and_then(|d| d.marks) {
        Some(m) => (m.piece_words)(k),
        None => (kind.piece_label)(k).unwrap_or(("?", "？")),
    };
    match lang {
        Lang::En => en.to_string(),
        Lang::ZhHans => zh.to_string(),
        Lang::ZhHant => to_traditional(zh),
    }
}

/// The layout `picture` of `seat` (a deployment panel's picture) as lines of text in `lang`.
/// Empty when the picture holds none of the seat's pieces or the kind is not catalogued.
pub fn layout_text(picture: &Picture, kind: &GameKind, seat: Seat, lang: Lang) -> String {
    let Some(def) = catalog::find(kind.name) else { return String::new() };
    let places = (def.places)();
    let own: Vec<&Place> = places
        .iter()
        .filter(|p| matches!(picture.at(p.at), Some(Face::Known { owner, .. }) if owner == seat))
        .collect();
    let (Some(x0), Some(x1), Some(y0), Some(y1)) = (
        own.iter().map(|p| p.x).min(),
        own.iter().map(|p| p.x).max(),
        own.iter().map(|p| p.y).min(),
        own.iter().map(|p| p.y).max(),
    ) else {
        return String::new();
    };
    // Which edge of the board the area lies on decides the turn that puts it at the bottom.
    let (bx, by) = (places.iter().map(|p| p.x).max().unwrap_or(0), places.iter().map(|p| p.y).max().unwrap_or(0));
    let (dx, dy) = (i32::from(x0 + x1) - i32::from(bx), i32::from(y0 + y1) - i32::from(by));
    // (column, row) on the turned grid, from the player's left and from the enemy's side.
    let turn = |p: &Place| -> (u16, u16) {
        if dy.abs() >= dx.abs() {
            if dy >= 0 { (p.x - x0, p.y - y0) } else { (x1 - p.x, y1 - p.y) }
        } else if dx > 0 {
            // On the right edge, facing left: the player's left is the bottom of the board.
            (y1 - p.y, p.x - x0)
        } else {
            (p.y - y0, x1 - p.x)
        }
    };
    let area: Vec<&Place> = places.iter().filter(|p| (x0..=x1).contains(&p.x) && (y0..=y1).contains(&p.y)).collect();
    let cols = area.iter().map(|p| turn(p).0).max().unwrap_or(0) as usize + 1;
    let rows = area.iter().map(|p| turn(p).1).max().unwrap_or(0) as usize + 1;
    let mut grid: Vec<Vec<Option<(String, &Place)>>> = vec![vec![None; cols]; rows];
    for p in &area {
        let text = match picture.at(p.at) {
            Some(Face::Known { owner, kind: k }) if owner == seat => piece_name(kind, k, lang),
            _ => p.empty.to_string(),
        };
        let (c, r) = turn(p);
        grid[r as usize][c as usize] = Some((text, p));
    }
    let w = grid.iter().flatten().flatten().map(|(t, _)| width(t)).max().unwrap_or(1);
    let label = |row: &[Option<(String, &Place)>], last: bool| {
        let mut named = row.iter().flatten().map(|(_, p)| p.name.as_str());
        if last { named.next_back() } else { named.next() }.unwrap_or("").to_string()
    };
    let lw = grid.iter().map(|r| label(r, false).len()).max().unwrap_or(0);
    let seat_name = kind.seating.name(seat, if lang == Lang::En { Lang::En } else { Lang::ZhHans });
    let title = match lang {
        Lang::En => format!("   {seat_name}'s layout ({}), the enemy beyond the top row:", kind.title.en),
        _ => format!("   {seat_name}的布阵（{}），上方是敌阵：", kind.title.zh_hans),
    };
    let mut out = vec![if lang == Lang::ZhHant { to_traditional(&title) } else { title }];
    for row in &grid {
        let mut line = format!("{:>lw$} ", label(row, false));
        for cell in row {
            match cell {
                Some((t, _)) => line.push_str(&format!(" {}", pad(t, w))),
                None => line.push_str(&" ".repeat(w + 1)),
            }
        }
        out.push(format!("{line}  {}", label(row, true)));
    }
    out.join("\n") + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXAMPLE: &str = "ghfie cdh akgi bek dfjgj iljch";

    fn lines(kind: &str, seat: u8, text: &str, lang: Lang) -> Vec<String> {
        let def = catalog::find(kind).unwrap();
        let picture = (def.setup_picture.unwrap())(Seat(seat), text).unwrap();
        layout_text(&picture, def.kind, Seat(seat), lang).lines().map(str::to_string).collect()
    }

    #[test]
    fn reds_layout_reads_front_row_first_in_words() {
        let l = lines("junqi", 0, EXAMPLE, Lang::ZhHans);
        // A title, then six rows: the front row (a6…e6) at the top, the back row at the bottom.
        assert_eq!(l.len(), 7, "{l:#?}");
        assert!(l[0].contains("红方的布阵"), "{}", l[0]);
        assert!(l[1].trim_start().starts_with("a6") && l[1].ends_with("e6"), "{}", l[1]);
        assert!(l[6].trim_start().starts_with("a1") && l[6].ends_with("e1"), "{}", l[6]);
        // g h f i e: 连长 排长 营长 工兵 团长, no code letters.
        let front: Vec<&str> = l[1].split_whitespace().collect();
        assert_eq!(front, ["a6", "连长", "排长", "营长", "工兵", "团长", "e6"]);
        // Camps are shown empty.
        assert!(l[2].contains('○'), "{}", l[2]);
        let en = lines("junqi", 0, EXAMPLE, Lang::En);
        assert!(en[1].contains("captain") && en[6].contains("flag"), "{en:#?}");
        let hant = lines("junqi", 0, EXAMPLE, Lang::ZhHant);
        assert!(hant[0].contains("紅方的佈陣") || hant[0].contains("紅方的布陣"), "{}", hant[0]);
    }

    #[test]
    fn blues_layout_is_turned_so_its_own_side_is_at_the_bottom() {
        // The same string for Blue: the first five are e7 d7 c7 b7 a7, from Blue's left.
        let l = lines("junqi", 1, EXAMPLE, Lang::En);
        assert!(l[0].contains("Blue's layout"), "{}", l[0]);
        assert!(l[1].trim_start().starts_with("e7") && l[1].ends_with("a7"), "{}", l[1]);
        assert!(l[6].trim_start().starts_with("e12") && l[6].ends_with("a12"), "{}", l[6]);
        // Read as Red reads its own: the same pieces in the same places.
        let red = lines("junqi", 0, EXAMPLE, Lang::En);
        let cells = |l: &[String]| -> Vec<Vec<String>> {
            l[1..].iter().map(|x| x.split_whitespace().skip(1).map(str::to_string).collect()).collect()
        };
        let strip = |v: Vec<Vec<String>>| -> Vec<Vec<String>> {
            v.into_iter()
                .map(|mut r| {
                    r.pop();
                    r
                })
                .collect()
        };
        assert_eq!(strip(cells(&l)), strip(cells(&red)));
    }

    #[test]
    fn every_seat_of_every_deploying_kind_sees_its_layout_at_the_bottom() {
        for def in catalog::all() {
            let (Some(random), Some(picture)) = (def.random_setup, def.setup_picture) else { continue };
            for s in 0..def.kind.seating.seats.len() as u8 {
                let text = random(Seat(s), &mut crate::rules::rng::Rng::new(7));
                let p = picture(Seat(s), &text).unwrap();
                let board = layout_text(&p, def.kind, Seat(s), Lang::En);
                assert!(board.lines().count() > 2, "{} seat {s}:\n{board}", def.kind.name);
                // The flag stands in the back row: the last line.
                assert!(board.lines().last().unwrap().contains("flag"), "{} seat {s}:\n{board}", def.kind.name);
            }
        }
    }
}
