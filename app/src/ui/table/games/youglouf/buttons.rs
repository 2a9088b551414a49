//! Youglouf's row of actions under the player's own slots: five places, each holding one
//! step's button or another's, so none moves under the pointer as the round goes on.

use cardtable_engine::AnyAction;
use cardtable_engine::games::youglouf::{StepView, YougloufAction, YougloufView};
use egui::RichText;

use super::{OwnArea, YougloufPicks};
use crate::tr;
use crate::ui::table::centred;
use crate::ui::table::keys::Keys;
use crate::ui::theme;

/// Draws the row of actions; returns the action chosen by a button or its key.
pub(super) fn row(ui: &mut egui::Ui, view: &YougloufView, picks: &mut YougloufPicks, area: OwnArea<'_>, keys: &Keys) -> Option<AnyAction> {
    let mut chosen = None;
    let has = |action: YougloufAction| view.legal.contains(&action);
    let (space, enter) = (keys.space, keys.play);
    let waiting = area.grace_left.is_some();
    // Every button keeps its place through the round, disabled while it does not apply: a
    // button that came and went moved the others under the pointer ("Snap…" took the closed
    // deck's place while bots played). Two places hold one step's button or another's, never
    // both at once, each as wide as the wider of its two.
    let holding = matches!(view.step, StepView::Holding { .. });
    let power = matches!(view.step, StepView::Power(_));
    let can_snap = view.legal.iter().any(|action| matches!(action, YougloufAction::Snap(_)));
    if !has(YougloufAction::Youglouf) {
        picks.confirm_call = false;
    }
    if !can_snap {
        picks.snapping = false;
    }
    ui.horizontal_wrapped(|ui| {
        // A phone's rows: tighter buttons, their keys left out of their words, and short
        // words where the full ones do not fit its two rows, so the decks above stay in view.
        let narrow = area.width < theme::NARROW;
        if narrow {
            ui.spacing_mut().button_padding.x = 8.0;
        }
        let least = if narrow { theme::TOUCH * 1.5 } else { theme::TOUCH * 2.5 };
        let (draw, drop) = (tr!("yg-draw"), tr!("yg-drop"));
        let (take, skip) = (tr!("yg-take"), tr!("yg-skip"));
        let (end, no) = (tr!("yg-end"), tr!("yg-call-no"));
        let (call, yes) = (tr!("yg-call"), tr!("yg-call-yes"));
        let (snap, cancel) = (tr!("yg-snap"), tr!("yg-snap-cancel"));
        // Each place's words, one step's and the other's, from the fullest to the shortest:
        // in full (a phone leaves out the keys); with a second step's longer words short
        // ("Skip" for "Skip the power"); and with the first steps' short too.
        let full = |text: &str| centred::shown_words(text, narrow).to_owned();
        let full_words = [
            [full(&draw), full(&drop)],
            [full(&take), full(&skip)],
            [full(&end), full(&no)],
            [full(&call), full(&yes)],
            [full(&snap), full(&cancel)],
        ];
        let mut seconds_short = full_words.clone();
        seconds_short[1][1] = tr!("yg-skip-short");
        seconds_short[3][1] = tr!("yg-call-yes-short");
        seconds_short[4][1] = tr!("yg-snap-cancel-short");
        let mut all_short = seconds_short.clone();
        all_short[0][0] = tr!("yg-draw-short");
        all_short[1][0] = tr!("yg-take-short");
        all_short[2][0] = tr!("yg-end-short");
        // A phone always says a second step short (its rows had no room for them); a wider
        // window keeps the keys in the first steps' words.
        let sets = if narrow { vec![seconds_short, all_short] } else { vec![full_words, seconds_short] };
        let widths = |words: &[[String; 2]; 5]| words.clone().map(|pair| centred::button_width(ui, &pair).max(least));
        let gap = ui.spacing().item_spacing.x;
        // The window's room, not this block's: a row that overflowed widened the block, and
        // the next frame's rows broke elsewhere.
        let room = area.width;
        // Where rows break is worked out from the words' widths alone, so it is the same
        // whatever the step (egui's own wrapping put a button on the next row once).
        let layout = arrange(&Widths { sets: sets.iter().map(widths).collect(), gap, room }, narrow);
        let words = &sets[layout.words];
        let shown = |place: usize, second: bool| words[place][usize::from(second)].clone();
        let button = |ui: &mut egui::Ui, text: &str, shown: &str, width: f32, enabled: bool| {
            let button = egui::Button::new(RichText::new(shown).strong()).min_size(egui::vec2(width, theme::TOUCH));
            centred::named_button(ui, button, text, enabled).clicked()
        };
        if let [row] = layout.rows.as_slice() {
            // Centred by the five buttons (all there every frame).
            let total = row.iter().map(|&place| layout.widths[place]).sum::<f32>() + gap * (row.len() as f32 - 1.0);
            ui.add_space(((room - total) / 2.0).max(0.0).floor());
        }
        let order: Vec<(bool, usize)> = layout
            .rows
            .iter()
            .enumerate()
            .flat_map(|(at, row)| row.iter().enumerate().map(move |(first, &place)| (at > 0 && first == 0, place)))
            .collect();
        for (breaks, place) in order {
            if breaks {
                ui.end_row();
            }
            let width = layout.widths[place];
            match place {
                0 if holding => {
                    if button(ui, &drop, &shown(0, true), width, has(YougloufAction::Drop)) || (space && has(YougloufAction::Drop)) {
                        chosen = Some(AnyAction::Youglouf(YougloufAction::Drop));
                    }
                }
                0 => {
                    let may = has(YougloufAction::Draw) && !waiting;
                    if (button(ui, &draw, &shown(0, false), width, may) || space) && may {
                        chosen = Some(AnyAction::Youglouf(YougloufAction::Draw));
                    }
                }
                1 if power => {
                    if (button(ui, &skip, &shown(1, true), width, has(YougloufAction::Skip)) || keys.skip) && has(YougloufAction::Skip) {
                        chosen = Some(AnyAction::Youglouf(YougloufAction::Skip));
                    }
                }
                1 => {
                    let may = has(YougloufAction::Take) && !waiting;
                    if (button(ui, &take, &shown(1, false), width, may) || keys.take) && may {
                        chosen = Some(AnyAction::Youglouf(YougloufAction::Take));
                    }
                }
                // While a call waits to be confirmed (a yes or no question at the turn's end),
                // "Not yet" takes the turn's end's place, beside "Yes, call": a sixth button
                // wrapped onto a row of its own on a phone, and the own area kept that height
                // all match. Enter still ends the turn without calling.
                2 if picks.confirm_call => {
                    if button(ui, &no, &shown(2, true), width, true) {
                        picks.confirm_call = false;
                    } else if enter && has(YougloufAction::End) {
                        chosen = Some(AnyAction::Youglouf(YougloufAction::End));
                    }
                }
                2 => {
                    if (button(ui, &end, &shown(2, false), width, has(YougloufAction::End)) || enter) && has(YougloufAction::End) {
                        chosen = Some(AnyAction::Youglouf(YougloufAction::End));
                    }
                }
                // Calling ends the round for everyone after one more turn each, and cannot be
                // taken back: it asks first (Y twice by keyboard), in the same place.
                3 => {
                    let may_call = has(YougloufAction::Youglouf);
                    if picks.confirm_call {
                        if button(ui, &yes, &shown(3, true), width, may_call) || keys.call {
                            chosen = Some(AnyAction::Youglouf(YougloufAction::Youglouf));
                        }
                    } else if (button(ui, &call, &shown(3, false), width, may_call) || keys.call) && may_call {
                        picks.confirm_call = true;
                    }
                }
                _ => {
                    let (label, words) = (if picks.snapping { &cancel } else { &snap }, shown(4, picks.snapping));
                    let snap = egui::Button::selectable(picks.snapping, RichText::new(words.as_str()).strong())
                        .min_size(egui::vec2(width, theme::TOUCH));
                    // Z arms (or disarms) a snap as the button does; the slot's digit follows.
                    if (centred::named_button(ui, snap, label, can_snap).clicked() || keys.snap) && can_snap {
                        picks.snapping = !picks.snapping;
                    }
                }
            }
        }
    });
    chosen
}

/// The five places' widths in each set of their words (the fullest first), the room between
/// two buttons, and the row's room.
struct Widths {
    sets: Vec<[f32; 5]>,
    gap: f32,
    room: f32,
}

/// How the five places are laid out: in which words, on which rows, how wide.
#[derive(Debug, Clone, PartialEq)]
struct Layout {
    /// Which set of words is shown.
    words: usize,
    /// The places on each row, in order.
    rows: Vec<Vec<usize>>,
    /// Each place's width.
    widths: [f32; 5],
}

/// The rows a phone tries, in order: the decks' buttons and "Snap…" above, the turn's end and
/// the call below (three short ones fill its first row); else the decks' alone above; else
/// the call beside the decks.
const PHONE_ROWS: [[&[usize]; 2]; 3] = [[&[0, 1, 4], &[2, 3]], [&[0, 1], &[4, 2, 3]], [&[0, 1, 3], &[4, 2]]];

/// Lays the places out by their measured widths: a wide window in one row, a phone in the two
/// rows its table leaves room for, each in the fullest words that fit so. What does not fit
/// even in the shortest breaks its rows where they are full.
fn arrange(widths: &Widths, narrow: bool) -> Layout {
    let fits = |row: &[usize], of: &[f32; 5]| {
        row.iter().map(|&place| of[place]).sum::<f32>() + widths.gap * (row.len() as f32 - 1.0) <= widths.room
    };
    let tries: Vec<Vec<Vec<usize>>> = if narrow {
        PHONE_ROWS.iter().map(|rows| rows.iter().map(|row| row.to_vec()).collect()).collect()
    } else {
        vec![vec![vec![0, 1, 2, 3, 4]]]
    };
    for (words, of) in widths.sets.iter().enumerate() {
        if let Some(rows) = tries.iter().find(|rows| rows.iter().all(|row| fits(row, of))) {
            return Layout { words, rows: rows.clone(), widths: *of };
        }
    }
    // Too little room for the rows planned: as many on each row as fit, in the first order.
    let words = widths.sets.len() - 1;
    let of = widths.sets[words];
    let order: Vec<usize> = tries[0].concat();
    let breaks = centred::row_breaks(&order.iter().map(|&place| of[place]).collect::<Vec<_>>(), widths.gap, widths.room);
    let mut rows: Vec<Vec<usize>> = Vec::new();
    for (place, breaks) in order.into_iter().zip(breaks) {
        match rows.last_mut() {
            Some(row) if !breaks => row.push(place),
            _ => rows.push(vec![place]),
        }
    }
    Layout { words, rows, widths: of }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// English on a phone (the widths measured at 360 points): the first short set fits the
    /// first rows planned.
    #[test]
    fn english_on_a_phone_keeps_its_rows_and_words() {
        let seconds_short = [111.8, 102.2, 116.2, 127.0, 73.1];
        let widths = Widths { sets: vec![seconds_short, [70.0, 60.0, 90.0, 127.0, 73.1]], gap: 10.0, room: 328.0 };
        assert_eq!(arrange(&widths, true), Layout { words: 0, rows: vec![vec![0, 1, 4], vec![2, 3]], widths: seconds_short });
    }

    /// Russian on a phone: "Закрытая колода" and "Открытая колода" fit no two rows; the
    /// short words do, the decks' buttons alone on the first.
    #[test]
    fn russian_on_a_phone_takes_short_words_and_other_rows() {
        let all_short = [120.9, 121.4, 110.7, 78.2, 112.2];
        let widths = Widths { sets: vec![[158.3, 160.9, 135.6, 78.2, 112.2], all_short], gap: 10.0, room: 328.0 };
        assert_eq!(arrange(&widths, true), Layout { words: 1, rows: vec![vec![0, 1], vec![4, 2, 3]], widths: all_short });
    }

    /// A wide window keeps one row, in shorter words if it must, and breaks rows where they
    /// are full only when even those do not fit.
    #[test]
    fn a_wide_window_keeps_one_row_while_any_words_fit_it() {
        let sets = vec![[250.0, 220.0, 220.0, 180.0, 160.0], [250.0, 200.0, 220.0, 110.0, 120.0]];
        let full = arrange(&Widths { sets: sets.clone(), gap: 10.0, room: 1_100.0 }, false);
        assert_eq!((full.words, full.rows), (0, vec![vec![0, 1, 2, 3, 4]]));
        let short = arrange(&Widths { sets: sets.clone(), gap: 10.0, room: 950.0 }, false);
        assert_eq!((short.words, short.rows), (1, vec![vec![0, 1, 2, 3, 4]]));
        let two = arrange(&Widths { sets, gap: 10.0, room: 850.0 }, false);
        assert_eq!((two.words, two.rows), (1, vec![vec![0, 1, 2, 3], vec![4]]));
    }
}
