//! A tutorial's note above the table: which lesson, what the card does and which move to try;
//! once the script is played out, the way to a real game. Its text is the player's guide, so it
//! sits at the top of the table in the accent colour, where nothing else moves it.

use cardtable_engine::GameKind;
use egui::RichText;

use super::TableRequest;
use crate::session::Coaching;
use crate::tr;
use crate::ui::{names, theme};

/// Draws the note; returns the player's request for a real game.
pub fn banner(ui: &mut egui::Ui, coaching: &Coaching, kind: GameKind) -> Option<TableRequest> {
    let mut request = None;
    egui::Frame::group(ui.style()).fill(theme::PANEL).stroke(egui::Stroke::new(2.0, theme::ACCENT)).inner_margin(10.0).show(ui, |ui| {
        ui.set_width(ui.available_width());
        let lesson = tr!("tutorial-lesson", lesson = coaching.lesson, lessons = coaching.lessons);
        ui.label(RichText::new(lesson).small().color(theme::INK_DIM));
        let text = crate::i18n::translate(crate::i18n::language(), &coaching.message, &[]);
        ui.label(RichText::new(text).size(theme::BODY_SIZE).color(theme::INK));
        // Leaving is the top bar's (and, once a match is decided, the standings'), as anywhere.
        if coaching.done {
            let real =
                egui::Button::new(RichText::new(tr!("tutorial-play-real", game = names::game(kind))).strong()).fill(theme::ACCENT_DARK);
            if ui.add(real.min_size(egui::vec2(0.0, theme::TOUCH))).clicked() {
                request = Some(TableRequest::QuickPlay(kind));
            }
        }
    });
    request
}
