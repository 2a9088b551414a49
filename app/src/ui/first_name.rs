//! The first quick play on a device with no profile asks the player's name and makes their
//! profile with it, so the match counts in their statistics from the start (a quick play seated
//! "Player 1" and left the statistics empty).

use cardtable_engine::GameKind;
use egui::RichText;

use super::{names, theme};
use crate::store::StoreError;
use crate::store::profiles::MAX_NAME;
use crate::tr;

/// What the player asked on the name screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NameRequest {
    /// Make a profile with this name and sit down at the quick game.
    Play(String),
    /// Back to the start screen.
    Back,
}

/// The name screen's state: the game waiting, the name typed, why a name was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NameScreen {
    /// The game to sit down at once the name is given.
    pub kind: GameKind,
    name: String,
    problem: Option<String>,
}

impl NameScreen {
    /// Asks the name before a quick game of `kind`.
    #[must_use]
    pub fn new(kind: GameKind) -> NameScreen {
        NameScreen { kind, name: String::new(), problem: None }
    }

    /// The profile could not be made with the name given: says why, and asks again.
    pub fn refused(&mut self, error: &StoreError) {
        self.problem = Some(super::profiles::store_error(error));
    }

    /// Draws the screen; returns what the player asked for.
    pub fn show(&mut self, ui: &mut egui::Ui) -> Option<NameRequest> {
        let mut request = None;
        ui.set_max_width(theme::READABLE_WIDTH.min(ui.available_width()));
        ui.label(RichText::new(tr!("first-name-title")).size(theme::TITLE_SIZE).strong());
        ui.label(RichText::new(tr!("first-name-why")).color(theme::INK_DIM));
        ui.add_space(8.0);
        let label = ui.label(tr!("store-profile-name"));
        let field = ui
            .add(
                egui::TextEdit::singleline(&mut self.name)
                    .char_limit(MAX_NAME)
                    .desired_width(f32::INFINITY)
                    .min_size(egui::vec2(0.0, theme::TOUCH)),
            )
            .labelled_by(label.id);
        if !field.has_focus() && self.name.is_empty() {
            // Ready to type on arrival.
            field.request_focus();
        }
        let entered = field.lost_focus() && ui.input(|input| input.key_pressed(egui::Key::Enter));
        if let Some(problem) = &self.problem {
            ui.colored_label(theme::ACCENT, problem);
        }
        ui.add_space(8.0);
        ui.horizontal_wrapped(|ui| {
            let play = egui::Button::new(RichText::new(tr!("first-name-play", game = names::game(self.kind))).strong())
                .fill(theme::ACCENT_DARK)
                .min_size(egui::vec2(theme::TOUCH * 3.0, theme::TOUCH));
            let filled = !self.name.trim().is_empty();
            if (ui.add_enabled(filled, play).clicked() || (entered && filled)) && request.is_none() {
                request = Some(NameRequest::Play(self.name.clone()));
            }
            if ui.add(egui::Button::new(tr!("nav-back")).min_size(egui::vec2(theme::TOUCH * 2.0, theme::TOUCH))).clicked() {
                request = Some(NameRequest::Back);
            }
        });
        request
    }
}
