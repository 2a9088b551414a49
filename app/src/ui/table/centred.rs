//! Centring a block of the table across the window's width (the seats, the piles, the
//! player's own area), so a big window keeps the table in its middle rather than in a column at
//! its left edge. egui lays out in one pass, so the block is placed by the width it took on the
//! last frame; a change of width asks for one more frame. Also the rows that hold still: a
//! line of the player's own area that keeps its height whatever it holds this frame, so what
//! lies below it never moves when a message or a choice comes and goes.

/// Draws `add` centred across the available width, its content left to right within it.
pub fn centred<R>(ui: &mut egui::Ui, name: &str, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
    let key = ui.scope_id().with(("table-centred", name));
    let last: Option<f32> = ui.ctx().data(|data| data.get_temp(key));
    let room = ui.available_width();
    // The first frame, with no width known yet, draws at the left (and is never shown: its
    // width asks for the next one). Whole points: a block that moves by fractions blurs.
    let margin = last.map_or(0.0, |last| ((room - last) / 2.0).max(0.0).floor());
    let block = ui.horizontal_top(|ui| {
        ui.add_space(margin);
        ui.vertical(|ui| {
            ui.set_max_width(room - margin);
            add(ui)
        })
    });
    let width = block.inner.response.rect.width();
    if last.is_none_or(|last| (width - last).abs() > 0.5) {
        ui.ctx().data_mut(|data| data.insert_temp(key, width));
        ui.ctx().request_repaint();
    }
    block.inner.inner
}

/// Draws `add` in a row of the full width and exactly `height` tall (empty or not), its
/// content centred across it; what lies below never moves with what the row holds.
pub fn fixed_row<R>(ui: &mut egui::Ui, name: &str, height: f32, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(ui.available_width(), height), egui::Sense::hover());
    // A child in the room already taken: its content cannot push the parent's cursor.
    let mut row = ui.new_child(egui::UiBuilder::new().id_salt(("table-fixed-row", name)).max_rect(rect));
    centred(&mut row, name, add)
}

/// Draws `add` at least as tall as the tallest it has been at this width (kept under `key`):
/// a block of the table that shrank and grew as a line came and went (an alert beside the
/// pile, a longer note) moved everything below it, the piles and the hand with it.
pub fn never_shrinks<R>(ui: &mut egui::Ui, key: egui::Id, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
    let width = ui.available_width();
    let kept: Option<(f32, f32)> = ui.ctx().data(|data| data.get_temp(key));
    // Another width lays the block out afresh (a resized window, a phone turned).
    let least = kept.filter(|(at, _)| (at - width).abs() < 0.5).map_or(0.0, |(_, least)| least);
    let block = ui.scope(|ui| {
        ui.set_min_height(least);
        add(ui)
    });
    let height = block.response.rect.height();
    if kept.is_none_or(|(at, _)| (at - width).abs() >= 0.5) || height > least + 0.5 {
        ui.ctx().data_mut(|data| data.insert_temp(key, (width, height.max(least))));
        ui.ctx().request_repaint();
    }
    block.inner
}

/// The height of the line under the hand or the slots: a row of buttons, or two lines of
/// words.
#[must_use]
pub fn message_height(ui: &egui::Ui) -> f32 {
    (ui.text_style_height(&egui::TextStyle::Body) * 2.0).max(crate::ui::theme::TOUCH)
}

/// Draws `text` in `colour`, wrapped and centred, in a line [`message_height`] tall whatever
/// the text (none too): a message that comes and goes never moves what lies below it.
pub fn message_line(ui: &mut egui::Ui, text: Option<&str>, colour: egui::Color32) {
    message_or_hint(ui, text, colour, None);
}

/// A [`message_line`] that, with nothing to say, shows `hint` there, small and dim (the keys'
/// line: a line of its own cost the table its room).
pub fn message_or_hint(ui: &mut egui::Ui, text: Option<&str>, colour: egui::Color32, hint: Option<&str>) {
    let height = message_height(ui);
    let (rect, _) = ui.allocate_exact_size(egui::vec2(ui.available_width(), height), egui::Sense::hover());
    let layout = egui::Layout::top_down(egui::Align::Center);
    let mut line = ui.new_child(egui::UiBuilder::new().max_rect(rect).layout(layout));
    match (text, hint) {
        (Some(text), _) => line.label(egui::RichText::new(text).color(colour)),
        (None, Some(hint)) => line.label(egui::RichText::new(hint).small().color(crate::ui::theme::INK_DIM)),
        (None, None) => return,
    };
}

/// Before which of buttons of these `widths` a row breaks, `gap` apart in `room`: as many on
/// each row as fit.
pub fn row_breaks(widths: &[f32], gap: f32, room: f32) -> Vec<bool> {
    let mut used = 0.0;
    widths
        .iter()
        .map(|&width| {
            let breaks = used > 0.0 && used + gap + width > room;
            used = if breaks || used == 0.0 { width } else { used + gap + width };
            breaks
        })
        .collect()
}

/// A button's words as shown: on a phone without the key in brackets at their end ("Draw
/// (Space)" reads "Draw"; a phone has no keys, and the row has no room for them). The full
/// words stay the button's accessible name.
#[must_use]
pub fn shown_words(text: &str, narrow: bool) -> &str {
    match text.rfind(" (") {
        Some(at) if narrow && text.ends_with(')') => &text[..at],
        _ => text,
    }
}

/// Adds `button`, showing `shown`, named `words` for a screen reader (and tests).
pub fn named_button(ui: &mut egui::Ui, button: egui::Button<'_>, words: &str, enabled: bool) -> egui::Response {
    let response = ui.add_enabled(enabled, button);
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, enabled, words));
    response
}

/// The width a button needs for the widest of `texts`.
pub fn button_width(ui: &egui::Ui, texts: &[String]) -> f32 {
    let font = egui::TextStyle::Button.resolve(ui.style());
    let widest = texts
        .iter()
        .map(|text| ui.painter().layout_no_wrap(text.clone(), font.clone(), crate::ui::theme::INK).size().x)
        .fold(0.0, f32::max);
    widest + 2.0 * ui.spacing().button_padding.x
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A block narrower than the room settles in the middle by the second frame.
    #[test]
    fn a_narrow_block_settles_in_the_middle() {
        let ctx = egui::Context::default();
        let mut left = Vec::new();
        for _ in 0..3 {
            let input = egui::RawInput {
                screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1000.0, 600.0))),
                ..Default::default()
            };
            let mut output = ctx.run_ui(input, |ui| {
                egui::CentralPanel::default().show(ui, |ui| {
                    let rect = centred(ui, "block", |ui| ui.allocate_exact_size(egui::vec2(200.0, 50.0), egui::Sense::hover()).0);
                    left.push(rect.left());
                });
            });
            output.textures_delta.clear();
        }
        // The first frame draws at the panel's left edge; the next ones in the middle.
        let edge = left[0];
        assert!((left[2] - left[1]).abs() < 0.5, "settled: {left:?}");
        assert!((left[2] - edge - 400.0).abs() < 10.0, "about (1000 - 200) / 2 in from the edge: {left:?}");
    }

    /// A fixed row and a message line take the same room with content or without, so what
    /// follows them stays where it was.
    #[test]
    fn fixed_rows_keep_what_follows_in_place() {
        let ctx = egui::Context::default();
        let mut below = Vec::new();
        for full in [false, true, false] {
            let input = egui::RawInput {
                screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(400.0, 600.0))),
                ..Default::default()
            };
            let mut output = ctx.run_ui(input, |ui| {
                egui::CentralPanel::default().show(ui, |ui| {
                    fixed_row(ui, "row", 44.0, |ui| {
                        if full {
                            ui.allocate_exact_size(egui::vec2(300.0, 90.0), egui::Sense::hover());
                        }
                    });
                    let long = "a long message that wraps onto a second line in a narrow window, and more";
                    message_line(ui, full.then_some(long), crate::ui::theme::INK);
                    below.push(ui.allocate_exact_size(egui::vec2(10.0, 10.0), egui::Sense::hover()).0.top());
                });
            });
            output.textures_delta.clear();
        }
        assert!(below.windows(2).all(|pair| (pair[0] - pair[1]).abs() < 0.01), "what follows moved: {below:?}");
    }
}
