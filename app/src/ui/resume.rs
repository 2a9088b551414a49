//! The start screen's part of the store: the way to profiles, history and statistics, and the
//! unfinished matches offered for resuming (discarding one asks first).

use egui::RichText;

use crate::store::Store;
use crate::store::record::MatchId;
use crate::tr;
use crate::ui::theme;

/// What was asked of the app.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LibraryChoice {
    /// The profiles screen.
    Profiles,
    /// The history screen.
    History,
    /// The statistics screen.
    Statistics,
    /// Resume this unfinished match.
    Resume(MatchId),
    /// Throw this unfinished match away (already confirmed).
    Discard(MatchId),
}

/// The start panel's state: which unfinished match waits for a discard confirmation.
#[derive(Debug, Default)]
pub struct LibraryPanel {
    confirm_discard: Option<MatchId>,
}

fn button(ui: &mut egui::Ui, text: impl Into<egui::WidgetText>) -> bool {
    ui.add(egui::Button::new(text).min_size(egui::vec2(theme::TOUCH, theme::TOUCH))).clicked()
}

impl LibraryPanel {
    /// Draws the panel.
    pub fn show(&mut self, ui: &mut egui::Ui, store: &Store) -> Option<LibraryChoice> {
        let mut choice = None;
        ui.horizontal_wrapped(|ui| {
            if button(ui, tr!("store-profiles")) {
                choice = Some(LibraryChoice::Profiles);
            }
            if button(ui, tr!("store-history")) {
                choice = Some(LibraryChoice::History);
            }
            if button(ui, tr!("store-statistics")) {
                choice = Some(LibraryChoice::Statistics);
            }
        });
        if store.unfinished().is_empty() {
            return choice;
        }
        egui::Frame::group(ui.style()).fill(theme::PANEL).inner_margin(10.0).show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(RichText::new(tr!("store-resume-title")).strong());
            for saved in store.unfinished() {
                let players = saved.seats.iter().map(|seat| seat.name.as_str()).collect::<Vec<_>>().join(", ");
                let line = tr!(
                    "store-resume-line",
                    game = crate::ui::names::game(saved.options.kind()),
                    players = players,
                    moves = saved.steps.len(),
                    when = crate::ui::time::when(saved.saved)
                );
                ui.label(line);
                ui.horizontal_wrapped(|ui| {
                    if self.confirm_discard.as_ref() == Some(&saved.id) {
                        ui.colored_label(theme::ACCENT, tr!("store-discard-confirm"));
                        if button(ui, tr!("store-discard-yes")) {
                            choice = Some(LibraryChoice::Discard(saved.id.clone()));
                            self.confirm_discard = None;
                        }
                        if button(ui, tr!("store-cancel")) {
                            self.confirm_discard = None;
                        }
                    } else {
                        let resume = egui::Button::new(RichText::new(tr!("store-resume")).strong()).fill(theme::ACCENT_DARK);
                        if ui.add(resume.min_size(egui::vec2(theme::TOUCH * 2.0, theme::TOUCH))).clicked() {
                            choice = Some(LibraryChoice::Resume(saved.id.clone()));
                        }
                        if button(ui, tr!("store-discard")) {
                            self.confirm_discard = Some(saved.id.clone());
                        }
                    }
                });
            }
        });
        choice
    }
}
