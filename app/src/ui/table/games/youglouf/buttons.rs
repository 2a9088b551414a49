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
        // A phone's rows: tighter buttons, their keys left out of their words, the longer
        // words of a step's second button shortened ("Skip" for "Skip the power"), so the five
        // take two rows and the decks above them stay in view.
        let narrow = area.width < theme::NARROW;
        if narrow {
            ui.spacing_mut().button_padding.x = 8.0;
        }
        let least = if narrow { theme::TOUCH * 2.0 } else { theme::TOUCH * 2.5 };
        // The words a button shows: the full words' (its accessible name) or, on a phone,
        // `short` if there is one.
        let shown = |text: &str, short: Option<String>| match short {
            Some(short) if narrow => short,
            _ => centred::shown_words(text, narrow).to_owned(),
        };
        let button = |ui: &mut egui::Ui, text: &str, shown: &str, width: f32, enabled: bool| {
            let button = egui::Button::new(RichText::new(shown).strong()).min_size(egui::vec2(width, theme::TOUCH));
            centred::named_button(ui, button, text, enabled).clicked()
        };
        let (draw, drop) = (tr!("yg-draw"), tr!("yg-drop"));
        let (take, skip) = (tr!("yg-take"), tr!("yg-skip"));
        let end = tr!("yg-end");
        let (call, yes) = (tr!("yg-call"), tr!("yg-call-yes"));
        let (snap, cancel) = (tr!("yg-snap"), tr!("yg-snap-cancel"));
        let (draw_shown, drop_shown) = (shown(&draw, None), shown(&drop, None));
        let (take_shown, skip_shown) = (shown(&take, None), shown(&skip, Some(tr!("yg-skip-short"))));
        let end_shown = shown(&end, None);
        let (call_shown, yes_shown) = (shown(&call, None), shown(&yes, Some(tr!("yg-call-yes-short"))));
        let (snap_shown, cancel_shown) = (shown(&snap, None), shown(&cancel, Some(tr!("yg-snap-cancel-short"))));
        let width = |ui: &egui::Ui, texts: &[&String]| {
            let texts: Vec<String> = texts.iter().map(|text| (*text).clone()).collect();
            centred::button_width(ui, &texts).max(least)
        };
        let widths = [
            width(ui, &[&draw_shown, &drop_shown]),
            width(ui, &[&take_shown, &skip_shown]),
            width(ui, &[&end_shown]),
            width(ui, &[&call_shown, &yes_shown]),
            width(ui, &[&snap_shown, &cancel_shown]),
        ];
        // The places in their order along the rows: a phone puts "Snap…" beside the decks'
        // buttons (three short ones fill its first row), the turn's end and the call below.
        let order: [usize; 5] = if narrow { [0, 1, 4, 2, 3] } else { [0, 1, 2, 3, 4] };
        let ordered = order.map(|place| widths[place]);
        // Where rows break is worked out from the five widths alone, so it is the same
        // whatever the step (egui's own wrapping put a button on the next row once).
        let gap = ui.spacing().item_spacing.x;
        // The window's room, not this block's: a row that overflowed widened the block, and
        // the next frame's rows broke elsewhere.
        let room = area.width;
        let breaks = centred::row_breaks(&ordered, gap, room);
        if !breaks.contains(&true) {
            // Centred by the five buttons alone (all there every frame): the one that comes
            // and goes ("Not yet") never moves them.
            let total = widths.iter().sum::<f32>() + gap * 4.0;
            ui.add_space(((room - total) / 2.0).max(0.0).floor());
        }
        for (at, place) in order.into_iter().enumerate() {
            if breaks[at] {
                ui.end_row();
            }
            let width = widths[place];
            match place {
                0 if holding => {
                    if button(ui, &drop, &drop_shown, width, has(YougloufAction::Drop)) || (space && has(YougloufAction::Drop)) {
                        chosen = Some(AnyAction::Youglouf(YougloufAction::Drop));
                    }
                }
                0 => {
                    let may = has(YougloufAction::Draw) && !waiting;
                    if (button(ui, &draw, &draw_shown, width, may) || space) && may {
                        chosen = Some(AnyAction::Youglouf(YougloufAction::Draw));
                    }
                }
                1 if power => {
                    if (button(ui, &skip, &skip_shown, width, has(YougloufAction::Skip)) || keys.skip) && has(YougloufAction::Skip) {
                        chosen = Some(AnyAction::Youglouf(YougloufAction::Skip));
                    }
                }
                1 => {
                    let may = has(YougloufAction::Take) && !waiting;
                    if (button(ui, &take, &take_shown, width, may) || keys.take) && may {
                        chosen = Some(AnyAction::Youglouf(YougloufAction::Take));
                    }
                }
                2 => {
                    if (button(ui, &end, &end_shown, width, has(YougloufAction::End)) || enter) && has(YougloufAction::End) {
                        chosen = Some(AnyAction::Youglouf(YougloufAction::End));
                    }
                }
                // Calling ends the round for everyone after one more turn each, and cannot be
                // taken back: it asks first (Y twice by keyboard), in the same place.
                3 => {
                    let may_call = has(YougloufAction::Youglouf);
                    if picks.confirm_call {
                        if button(ui, &yes, &yes_shown, width, may_call) || keys.call {
                            chosen = Some(AnyAction::Youglouf(YougloufAction::Youglouf));
                        }
                    } else if (button(ui, &call, &call_shown, width, may_call) || keys.call) && may_call {
                        picks.confirm_call = true;
                    }
                }
                _ => {
                    let (label, words) = if picks.snapping { (&cancel, &cancel_shown) } else { (&snap, &snap_shown) };
                    let snap = egui::Button::selectable(picks.snapping, RichText::new(words.as_str()).strong())
                        .min_size(egui::vec2(width, theme::TOUCH));
                    // Z arms (or disarms) a snap as the button does; the slot's digit follows.
                    if (centred::named_button(ui, snap, label, can_snap).clicked() || keys.snap) && can_snap {
                        picks.snapping = !picks.snapping;
                    }
                }
            }
        }
        // The one button that comes and goes, last, so it moves nothing.
        if picks.confirm_call {
            let no = tr!("yg-call-no");
            if button(ui, &no, &no, 0.0, true) {
                picks.confirm_call = false;
            }
        }
    });
    chosen
}
