//! The start screen: the games, each with its pitch, quick play, a new table and its rules,
//! below the way to the player's history and unfinished matches.

use cardtable_engine::GameKind;
use egui::RichText;

use super::{names, theme};
use crate::tr;

/// What the start screen was asked to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StartChoice {
    /// Read a game's rules.
    Rules(GameKind),
    /// Sit down at once: you and bots, default rules.
    QuickPlay(GameKind),
    /// Choose seats and house rules first.
    NewTable(GameKind),
    /// Learn the game in a short scripted deal against a teacher.
    Learn(GameKind),
    /// Open the settings.
    Settings,
    /// Open About Cardtable.
    About,
    /// Join a table hosted on the home network.
    JoinLan,
}

/// Draws the start screen, with `library` (the way to the player's history and unfinished
/// matches) inside the same scrolling column, between the header and the games: a long list
/// there scrolls with the page instead of pushing the games out of reach.
pub fn show<T>(ui: &mut egui::Ui, library: impl FnOnce(&mut egui::Ui) -> Option<T>) -> (Option<StartChoice>, Option<T>) {
    let mut choice = None;
    let mut asked = None;
    egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
        ui.set_max_width(theme::READABLE_WIDTH.min(ui.available_width()));
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(tr!("app-title")).heading().size(theme::APP_TITLE_SIZE).color(theme::ACCENT));
            if ui.add(egui::Button::new(tr!("nav-settings")).min_size(egui::vec2(0.0, theme::TOUCH))).clicked() {
                choice = Some(StartChoice::Settings);
            }
        });
        ui.label(RichText::new(tr!("app-tagline")).color(theme::INK_DIM));
        if ui.add(egui::Button::new(RichText::new(tr!("net-start-join")).strong()).min_size(egui::vec2(0.0, theme::TOUCH))).clicked() {
            choice = Some(StartChoice::JoinLan);
        }
        ui.add_space(8.0);
        asked = library(ui);
        ui.add_space(12.0);
        for &kind in GameKind::ALL {
            let game = names::game(kind);
            egui::Frame::group(ui.style()).fill(theme::PANEL).inner_margin(12.0).show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.label(RichText::new(&game).size(theme::TITLE_SIZE).strong());
                ui.label(names::pitch(kind));
                ui.horizontal_wrapped(|ui| {
                    let quick = egui::Button::new(RichText::new(tr!("start-quick-play", game = &game)).strong()).fill(theme::ACCENT_DARK);
                    if ui.add(quick.min_size(egui::vec2(0.0, theme::TOUCH))).clicked() {
                        choice = Some(StartChoice::QuickPlay(kind));
                    }
                    let new_table = egui::Button::new(tr!("start-new-table", game = &game));
                    if ui.add(new_table.min_size(egui::vec2(0.0, theme::TOUCH))).clicked() {
                        choice = Some(StartChoice::NewTable(kind));
                    }
                    if ui.add(egui::Button::new(tr!("start-learn", game = &game)).min_size(egui::vec2(0.0, theme::TOUCH))).clicked() {
                        choice = Some(StartChoice::Learn(kind));
                    }
                    if ui.add(egui::Button::new(tr!("start-how-to-play", game = &game)).min_size(egui::vec2(0.0, theme::TOUCH))).clicked() {
                        choice = Some(StartChoice::Rules(kind));
                    }
                });
            });
        }
        ui.add_space(8.0);
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(tr!("app-version", version = env!("CARGO_PKG_VERSION"))).small().color(theme::INK_DIM));
            if ui.add(egui::Button::new(tr!("about-open")).min_size(egui::vec2(0.0, theme::TOUCH))).clicked() {
                choice = Some(StartChoice::About);
            }
        });
    });
    (choice, asked)
}
