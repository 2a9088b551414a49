//! Tables of rows as the screens draw them (egui_extras' table): striped, scrolling sideways
//! when the columns do not fit (a phone), without a scroll of their own (their screen
//! scrolls), with small dim column titles.

use egui::RichText;
use egui_extras::{TableBuilder, TableRow};

use super::theme;

/// A table called `id` in a sideways scroll, its cells laid out by `layout`, handed to `build`
/// to add its columns, header and rows.
pub fn sideways(ui: &mut egui::Ui, id: &str, layout: egui::Layout, build: impl FnOnce(TableBuilder<'_>)) {
    egui::ScrollArea::horizontal().id_salt(id).show(ui, |ui| {
        build(TableBuilder::new(ui).id_salt((id, "table")).striped(true).vscroll(false).cell_layout(layout));
    });
}

/// A header row of `titles`, small and dim.
pub fn titles(mut header: TableRow<'_, '_>, titles: &[String]) {
    for title in titles {
        header.col(|ui| {
            ui.label(RichText::new(title).small().color(theme::INK_DIM));
        });
    }
}
