//! The deployment panel message: the layout image, its buttons, the load menu and the layout
//! editor (pick a piece, then what it swaps with), within Discord's limits.

use super::ids::point_fits;
use super::{ComponentId, Outgoing, ROWS_PER_MESSAGE, Row, SELECT_OPTIONS, Style, Target};
use crate::discord::config::Locale;
use crate::discord::port::Effect;
use crate::discord::text::{Say, say};

/// The deployment panel message of an [`Effect::Panel`]: the layout image, the buttons, the load
/// menu, and the layout editor (pick a piece, then what it swaps with), within Discord's limits
/// of 25 options a menu and 5 rows a message.
pub fn panel_message(target: Target, locale: Locale, panel: &Effect) -> Outgoing {
    let Effect::Panel { game, text, image, saved, confirmed, points, picked, .. } = panel else {
        return Outgoing::new(target, "");
    };
    let game = *game;
    let mut m = Outgoing::new(target, text.clone());
    m.files.extend(image.clone());
    if *confirmed {
        return m;
    }
    m.rows.push(Row::Buttons(vec![
        (ComponentId::Random(game).encode(), say(locale, Say::Random).into(), Style::Secondary),
        (ComponentId::Edit(game).encode(), say(locale, Say::Edit).into(), Style::Primary),
        (ComponentId::SaveAs(game).encode(), say(locale, Say::SaveAs).into(), Style::Secondary),
        (ComponentId::Confirm(game).encode(), say(locale, Say::Confirm).into(), Style::Success),
    ]));
    if !saved.is_empty() {
        m.rows.push(Row::Select {
            custom_id: ComponentId::Load(game).encode(),
            placeholder: say(locale, Say::LoadSaved).into(),
            options: saved.iter().take(SELECT_OPTIONS).map(|n| (n.clone(), n.clone())).collect(),
        });
    }
    // The editor: the player's own points, 25 to a menu, in the rows left.
    let picked = picked.as_deref().filter(|p| point_fits(p) && points.iter().any(|(q, _)| q == p));
    let (placeholder, options): (String, Vec<(String, String)>) = match picked {
        Some(p) => {
            let label = points.iter().find(|(q, _)| q == p).map_or(p, |(_, l)| l.as_str());
            (say(locale, Say::SwapWith).replace("{p}", label), points.iter().filter(|(q, _)| q != p).cloned().collect())
        }
        None => (say(locale, Say::SwapPick).into(), points.iter().filter(|(q, _)| point_fits(q)).cloned().collect()),
    };
    let room = ROWS_PER_MESSAGE - m.rows.len();
    for (k, chunk) in options.chunks(SELECT_OPTIONS).take(room).enumerate() {
        let k = k as u8;
        let custom_id = match picked {
            Some(p) => ComponentId::SwapWith(game, k, p.to_string()).encode(),
            None => ComponentId::Pick(game, k).encode(),
        };
        let placeholder: String = placeholder.chars().take(PLACEHOLDER_CHARS).collect();
        m.rows.push(Row::Select { custom_id, placeholder, options: chunk.to_vec() });
    }
    m
}

/// Discord's limit of characters in a select menu's placeholder.
const PLACEHOLDER_CHARS: usize = 150;

#[cfg(test)]
mod tests {
    use super::*;

    fn panel(points: usize, picked: Option<&str>, saved: usize) -> Effect {
        Effect::Panel {
            game: 4,
            user: 1,
            text: "P".into(),
            layout: String::new(),
            image: None,
            saved: (0..saved).map(|i| format!("s{i}")).collect(),
            confirmed: false,
            points: (0..points).map(|i| (format!("p{i}"), format!("p{i} Piece"))).collect(),
            picked: picked.map(str::to_string),
        }
    }

    fn menus(m: &Outgoing) -> Vec<(String, usize)> {
        m.rows
            .iter()
            .filter_map(|r| match r {
                Row::Select { custom_id, options, .. } => Some((custom_id.clone(), options.len())),
                Row::Buttons(_) => None,
            })
            .collect()
    }

    #[test]
    fn the_editor_is_one_menu_of_the_own_pieces_then_one_of_their_partners() {
        let m = panel_message(Target::Actor, Locale::En, &panel(25, None, 1));
        assert_eq!(menus(&m), [("jq:load:4".into(), 1), ("jq:pick-0:4".into(), 25)]);
        let m = panel_message(Target::Actor, Locale::En, &panel(25, Some("p3"), 1));
        assert_eq!(menus(&m), [("jq:load:4".into(), 1), ("jq:swap-0-p3:4".into(), 24)]);
        let Some(Row::Select { placeholder, options, .. }) = m.rows.last() else { panic!() };
        assert_eq!(placeholder, "Swap p3 Piece with…");
        assert!(!options.iter().any(|o| o.0 == "p3"));
        // A pick that is no point of the layout (a forged id) starts over.
        let m = panel_message(Target::Actor, Locale::ZhHans, &panel(25, Some("zz"), 0));
        assert_eq!(menus(&m), [("jq:pick-0:4".into(), 25)]);
    }

    #[test]
    fn more_than_25_points_take_several_menus_within_five_rows() {
        let m = panel_message(Target::Actor, Locale::En, &panel(60, None, 30));
        assert!(m.rows.len() <= ROWS_PER_MESSAGE);
        let ms = menus(&m);
        assert_eq!(ms[0], ("jq:load:4".into(), 25));
        assert_eq!(ms[1..], [("jq:pick-0:4".into(), 25), ("jq:pick-1:4".into(), 25), ("jq:pick-2:4".into(), 10)]);
        for id in ms.iter().map(|x| &x.0) {
            assert!(id.len() <= 100 && ComponentId::parse(id).is_some(), "{id}");
        }
        let m = panel_message(Target::Actor, Locale::En, &panel(60, Some("p59"), 0));
        assert_eq!(menus(&m).iter().map(|x| x.1).sum::<usize>(), 59);
        assert_eq!(ComponentId::parse("jq:swap-1-S.c6:9"), Some(ComponentId::SwapWith(9, 1, "S.c6".into())));
        assert_eq!(ComponentId::parse("jq:swap-1-a:b:9"), None);
        assert_eq!(ComponentId::parse("jq:swap-x-a6:9"), None);
        assert_eq!(ComponentId::parse("jq:pick-0:9"), Some(ComponentId::Pick(9, 0)));
    }

    #[test]
    fn a_confirmed_panel_has_no_editor() {
        let Effect::Panel { game, user, text, layout, image, saved, points, picked, .. } = panel(25, None, 1) else {
            panic!()
        };
        let e = Effect::Panel { game, user, text, layout, image, saved, points, picked, confirmed: true };
        assert!(panel_message(Target::Actor, Locale::En, &e).rows.is_empty());
    }
}
