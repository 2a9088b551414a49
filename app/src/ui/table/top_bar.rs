//! The table's top bar: leave (asked first during a match), the menu, the game's name, the
//! log on a phone, undo, and step mode's "next move".

use cardtable_engine::Phase;
use egui::RichText;

use super::privacy::Privacy;
use super::{TableCommand, TableRequest, TableScreen, enter_pressed};
use crate::session::Session;
use crate::tr;
use crate::ui::{names, theme};

impl TableScreen {
    /// Leave (with a confirmation during a match), the game's name, undo, and step mode's
    /// button.
    pub(super) fn top_bar(&mut self, ui: &mut egui::Ui, session: &dyn Session, narrow: bool, commands: &mut Vec<TableCommand>) {
        // A phone keeps the bar to one row, for the table's sake: its buttons as narrow as their
        // words, and the game's name on the turn's line instead (`status`).
        let wide_button = if narrow { theme::TOUCH * 1.5 } else { theme::TOUCH * 2.0 };
        ui.horizontal_wrapped(|ui| {
            if narrow {
                ui.spacing_mut().button_padding.x = 8.0;
            }
            if ui.add(egui::Button::new(tr!("nav-leave")).min_size(egui::vec2(wide_button, theme::TOUCH))).clicked() {
                // A finished match, or a tutorial (which nobody loses by leaving), goes at once.
                if session.phase() == Phase::MatchOver || session.coaching().is_some() {
                    commands.push(TableCommand::App(TableRequest::Leave));
                } else {
                    self.confirm_leave = true;
                }
            }
            if ui.add(egui::Button::new(tr!("nav-menu")).min_size(egui::vec2(theme::TOUCH * 1.5, theme::TOUCH))).clicked() {
                commands.push(TableCommand::App(TableRequest::Menu));
            }
            if !narrow {
                ui.label(RichText::new(names::game(session.kind())).size(theme::TITLE_SIZE).strong());
            }
            // A phone has no room for the log beside the table: it is one tap away.
            if narrow && ui.add(egui::Button::new(tr!("log-title")).min_size(egui::vec2(theme::TOUCH * 1.5, theme::TOUCH))).clicked() {
                self.log_open = true;
            }
            // Undo stands where it is at every table that takes moves back, disabled while
            // nothing can be, so it never appears under the pointer meant for something else.
            if session.offers_undo() {
                let can = session.can_undo();
                let undo = egui::Button::new(tr!("table-undo")).min_size(egui::vec2(wide_button, theme::TOUCH));
                let pressed = can && ui.input_mut(|input| input.consume_key(egui::Modifiers::COMMAND, egui::Key::Z));
                let hint = if can { tr!("table-undo-hint") } else { tr!("table-undo-not-now") };
                let clicked = ui.add_enabled(can, undo).on_hover_text(&hint).on_disabled_hover_text(hint).clicked();
                if clicked || (pressed && ui.is_enabled()) {
                    commands.push(TableCommand::Undo);
                }
            }
            if session.bot_move_waiting() {
                let step = egui::Button::new(RichText::new(tr!("table-next-move")).strong())
                    .min_size(egui::vec2(theme::TOUCH * 3.0, theme::TOUCH));
                let handing_off = matches!(self.privacy(session), Privacy::HandOff(_));
                if ui.add(step).clicked() || (!handing_off && enter_pressed(ui)) {
                    commands.push(TableCommand::Step);
                }
            }
        });
        if self.confirm_leave {
            ui.horizontal_wrapped(|ui| {
                ui.colored_label(theme::ACCENT, self.leave_question(session));
                if ui.add(egui::Button::new(tr!("table-leave-confirm")).min_size(egui::vec2(0.0, theme::TOUCH))).clicked() {
                    commands.push(TableCommand::App(TableRequest::Leave));
                }
                if ui.add(egui::Button::new(tr!("table-keep-playing")).min_size(egui::vec2(0.0, theme::TOUCH))).clicked() {
                    self.confirm_leave = false;
                }
            });
        }
    }
}
