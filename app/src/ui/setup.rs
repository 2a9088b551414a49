//! "New table": the game's seats (a person by name, or a bot) and its house rules.

use cardtable_engine::games::crazy_eights::DrawTwo;
use cardtable_engine::{AnyOptions, GameKind};
use egui::RichText;

use crate::session::bots::levels;
use crate::session::seating::{Occupant, quick_level, quick_seating};
use crate::ui::theme;
use cardtable_engine::bots::BotLevel;

/// The table being set up.
#[derive(Debug, Clone, PartialEq)]
pub struct TableSetupForm {
    /// The game.
    pub kind: GameKind,
    /// One entry per seat.
    pub seats: Vec<Occupant>,
    /// House rules.
    pub options: AnyOptions,
}

/// What the setup screen asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SetupChoice {
    /// Sit down and play.
    Start,
    /// Back to the start screen.
    Back,
}

impl TableSetupForm {
    /// A table of the game's default size: you and bots, default rules.
    #[must_use]
    pub fn new(kind: GameKind, players: usize) -> TableSetupForm {
        TableSetupForm { kind, seats: quick_seating("Player 1", players, quick_level(kind)), options: AnyOptions::defaults(kind) }
    }

    /// Why the table cannot start yet, if it cannot.
    #[must_use]
    pub fn problem(&self) -> Option<String> {
        let names: Vec<&str> = self.seats.iter().map(Occupant::name).collect();
        if names.iter().any(|name| name.trim().is_empty()) {
            return Some("Every seat needs a name.".to_owned());
        }
        let mut sorted = names.clone();
        sorted.sort_unstable();
        sorted.dedup();
        (sorted.len() != names.len()).then(|| "Two seats have the same name: the log would be ambiguous.".to_owned())
    }
}

/// Draws the setup form.
pub fn show(ui: &mut egui::Ui, form: &mut TableSetupForm, seat_range: std::ops::RangeInclusive<usize>) -> Option<SetupChoice> {
    let mut choice = None;
    egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
        ui.set_max_width(theme::READABLE_WIDTH.min(ui.available_width()));
        ui.label(RichText::new(format!("New table: {}", form.kind.name())).size(24.0).strong());
        ui.horizontal(|ui| {
            let label = ui.label("Players");
            let mut players = form.seats.len();
            if ui.add(egui::Slider::new(&mut players, seat_range)).labelled_by(label.id).changed() {
                let current = form.seats.clone();
                form.seats = quick_seating("Player 1", players, quick_level(form.kind));
                for (seat, old) in form.seats.iter_mut().zip(current) {
                    *seat = old;
                }
            }
        });
        let kind = form.kind;
        for (index, occupant) in form.seats.iter_mut().enumerate() {
            ui.horizontal(|ui| {
                let label = ui.label(format!("Seat {}", index + 1));
                let mut human = occupant.is_human();
                if ui.selectable_label(human, "Person").clicked() {
                    human = true;
                }
                if ui.selectable_label(!human, "Bot").clicked() {
                    human = false;
                }
                let mut name = occupant.name().to_owned();
                ui.add(egui::TextEdit::singleline(&mut name).desired_width(160.0)).labelled_by(label.id);
                let mut level = occupant.bot_level().unwrap_or(quick_level(kind));
                if !human {
                    for &choice in levels(kind) {
                        ui.radio_value(&mut level, choice, level_name(choice));
                    }
                }
                *occupant = if human { Occupant::Human { name } } else { Occupant::Bot { name, level } };
            });
        }
        ui.add_space(8.0);
        ui.label(RichText::new("House rules").strong());
        options_editor(ui, &mut form.options);
        ui.add_space(8.0);
        if let Some(problem) = form.problem() {
            ui.colored_label(theme::ACCENT, problem);
        }
        ui.horizontal(|ui| {
            let start = ui.add_enabled(
                form.problem().is_none(),
                egui::Button::new(RichText::new("Sit down and play").strong()).min_size(egui::vec2(theme::TOUCH * 4.0, theme::TOUCH)),
            );
            if start.clicked() {
                choice = Some(SetupChoice::Start);
            }
            if ui.add(egui::Button::new("Back").min_size(egui::vec2(theme::TOUCH * 2.0, theme::TOUCH))).clicked() {
                choice = Some(SetupChoice::Back);
            }
        });
    });
    choice
}

/// A level's name as players read it.
#[must_use]
pub fn level_name(level: BotLevel) -> &'static str {
    match level {
        BotLevel::Random => "Random",
        BotLevel::Easy => "Easy",
        BotLevel::Normal => "Normal",
        BotLevel::Hard => "Hard",
    }
}

/// Every house rule of the game, with a one-line explanation.
fn options_editor(ui: &mut egui::Ui, options: &mut AnyOptions) {
    if let AnyOptions::CrazyEights(options) = options {
        ui.label("A played 2 makes the next player…");
        for (rule, text) in [
            (DrawTwo::Literal, "draw two, then play as usual (default)"),
            (DrawTwo::Skip, "draw two and miss the turn"),
            (DrawTwo::Stack, "answer with a 2 to pass the sum on, or draw it all"),
        ] {
            ui.radio_value(&mut options.draw_two, rule, text);
        }
        ui.horizontal(|ui| {
            let label = ui.label("Match ends when a total reaches");
            ui.add(egui::DragValue::new(&mut options.score_limit).range(0..=1000)).labelled_by(label.id);
            ui.label(RichText::new("(0 = a single round; lowest total wins)").small());
        });
    }
}
