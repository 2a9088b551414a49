//! Centring a block of the table across the window's width (the seats, the piles, the
//! player's own area), so a big window keeps the table in its middle rather than in a column at
//! its left edge. egui lays out in one pass, so the block is placed by the width it took on the
//! last frame; a change of width asks for one more frame.

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
}
