//! The start screen: the games, each with its pitch and its rules.

use cardtable_engine::GameKind;
use egui::RichText;

use super::theme;

/// What the start screen was asked to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StartChoice {
    /// Read a game's rules.
    Rules(GameKind),
    /// Sit down at once: you and bots, default rules.
    QuickPlay(GameKind),
    /// Choose seats and house rules first.
    NewTable(GameKind),
}

/// Draws the start screen.
pub fn show(ui: &mut egui::Ui) -> Option<StartChoice> {
    let mut choice = None;
    egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
        ui.set_max_width(theme::READABLE_WIDTH.min(ui.available_width()));
        ui.label(RichText::new("Cardtable").heading().size(40.0).color(theme::ACCENT));
        ui.label(
            RichText::new("Classic shedding card games with friends: one device passed round the table, the home network, or bots.")
                .color(theme::INK_DIM),
        );
        ui.add_space(12.0);
        for &kind in GameKind::ALL {
            egui::Frame::group(ui.style()).fill(theme::PANEL).inner_margin(12.0).show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.label(RichText::new(kind.name()).size(22.0).strong());
                ui.label(kind.pitch());
                ui.horizontal_wrapped(|ui| {
                    if super::table::has_board(kind) {
                        let quick =
                            egui::Button::new(RichText::new(format!("Quick play {}", kind.name())).strong()).fill(theme::ACCENT_DARK);
                        if ui.add(quick.min_size(egui::vec2(0.0, theme::TOUCH))).clicked() {
                            choice = Some(StartChoice::QuickPlay(kind));
                        }
                        if ui.add(egui::Button::new(format!("New {} table", kind.name())).min_size(egui::vec2(0.0, theme::TOUCH))).clicked()
                        {
                            choice = Some(StartChoice::NewTable(kind));
                        }
                    }
                    if ui.add(egui::Button::new(format!("How to play {}", kind.name())).min_size(egui::vec2(0.0, theme::TOUCH))).clicked() {
                        choice = Some(StartChoice::Rules(kind));
                    }
                });
            });
        }
        ui.add_space(8.0);
        ui.label(RichText::new(format!("Cardtable {}", env!("CARGO_PKG_VERSION"))).small().color(theme::INK_DIM));
    });
    choice
}
