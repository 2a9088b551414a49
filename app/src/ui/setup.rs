//! "New table": the game's seats (a person by name, or a bot with a level) and its house rules.

use cardtable_engine::{AnyOptions, GameKind};
use egui::RichText;

use crate::session::seating::levels;
use crate::session::seating::{Occupant, quick_level, quick_seating};
use crate::tr;
use crate::ui::{names, theme};

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
    /// Open the table on the home network instead.
    HostLan,
    /// Open the table online instead: friends anywhere join by its invite.
    #[cfg(feature = "online")]
    HostOnline,
}

/// Why a table cannot start yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SetupProblem {
    /// A seat has no name.
    MissingName,
    /// Two seats share a name, so the log would be ambiguous.
    DuplicateName,
}

impl SetupProblem {
    /// The problem in a sentence.
    #[must_use]
    pub fn describe(self) -> String {
        match self {
            SetupProblem::MissingName => tr!("setup-problem-name"),
            SetupProblem::DuplicateName => tr!("setup-problem-duplicate"),
        }
    }
}

impl TableSetupForm {
    /// A table of the game's default size: you and bots, default rules.
    #[must_use]
    pub fn new(kind: GameKind, players: usize) -> TableSetupForm {
        let you = tr!("setup-default-player", number = 1);
        TableSetupForm { kind, seats: quick_seating(&you, players, quick_level(kind)), options: AnyOptions::defaults(kind) }
    }

    /// Why the table cannot start yet, if it cannot.
    #[must_use]
    pub fn problem(&self) -> Option<SetupProblem> {
        let names: Vec<&str> = self.seats.iter().map(|occupant| occupant.name().trim()).collect();
        if names.iter().any(|name| name.is_empty()) {
            return Some(SetupProblem::MissingName);
        }
        let mut sorted = names.clone();
        sorted.sort_unstable();
        sorted.dedup();
        (sorted.len() != names.len()).then_some(SetupProblem::DuplicateName)
    }

    /// Changes the number of seats, keeping the seats that stay as they were.
    pub fn resize(&mut self, players: usize) {
        let mut seats = quick_seating(&tr!("setup-default-player", number = 1), players, quick_level(self.kind));
        for (seat, old) in seats.iter_mut().zip(self.seats.drain(..)) {
            *seat = old;
        }
        self.seats = seats;
    }
}

/// A button at least a touch target tall.
fn touch_button(ui: &mut egui::Ui, text: impl Into<egui::WidgetText>) -> egui::Response {
    ui.add(egui::Button::new(text).min_size(egui::vec2(0.0, theme::TOUCH)))
}

/// Draws the setup form; `profiles` are the profile names to pick for a person's seat (most
/// recently used first).
pub fn show(
    ui: &mut egui::Ui,
    form: &mut TableSetupForm,
    seat_range: std::ops::RangeInclusive<usize>,
    profiles: &[String],
) -> Option<SetupChoice> {
    let mut choice = None;
    // A house rule may have narrowed the seat range (Youglouf's table of two).
    if !seat_range.contains(&form.seats.len()) {
        form.resize(form.seats.len().clamp(*seat_range.start(), *seat_range.end()));
    }
    // Start and Back stay on screen however long the form grows (a phone shows little of it).
    let problem = form.problem();
    egui::Panel::bottom("setup-actions").frame(egui::Frame::new().inner_margin(egui::Margin::symmetric(0, 8))).show(ui, |ui| {
        if let Some(problem) = problem {
            ui.colored_label(theme::ACCENT, problem.describe());
        }
        ui.horizontal_wrapped(|ui| {
            let start =
                egui::Button::new(RichText::new(tr!("setup-start")).strong()).min_size(egui::vec2(theme::TOUCH * 4.0, theme::TOUCH));
            if ui.add_enabled(problem.is_none(), start).clicked() {
                choice = Some(SetupChoice::Start);
            }
            if ui.add_enabled(problem.is_none(), egui::Button::new(tr!("net-setup-host")).min_size(egui::vec2(0.0, theme::TOUCH))).clicked()
            {
                choice = Some(SetupChoice::HostLan);
            }
            #[cfg(feature = "online")]
            if ui
                .add_enabled(problem.is_none(), egui::Button::new(tr!("net-setup-host-online")).min_size(egui::vec2(0.0, theme::TOUCH)))
                .clicked()
            {
                choice = Some(SetupChoice::HostOnline);
            }
            if touch_button(ui, tr!("nav-back")).clicked() {
                choice = Some(SetupChoice::Back);
            }
        });
    });
    egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
        ui.set_max_width(theme::READABLE_WIDTH.min(ui.available_width()));
        ui.label(RichText::new(tr!("setup-title", game = names::game(form.kind))).size(theme::HEADLINE_SIZE).strong());
        ui.horizontal(|ui| {
            let label = ui.label(tr!("setup-players"));
            let mut players = form.seats.len();
            if ui.add(egui::Slider::new(&mut players, seat_range)).labelled_by(label.id).changed() {
                form.resize(players);
            }
        });
        let kind = form.kind;
        for (index, occupant) in form.seats.iter_mut().enumerate() {
            seat_row(ui, index, occupant, kind, profiles);
        }
        ui.add_space(8.0);
        ui.label(RichText::new(tr!("setup-house-rules")).strong());
        options_editor(ui, &mut form.options);
    });
    choice
}

/// One seat: person or bot, its name, and a bot's level.
fn seat_row(ui: &mut egui::Ui, index: usize, occupant: &mut Occupant, kind: GameKind, profiles: &[String]) {
    egui::Frame::group(ui.style()).fill(theme::PANEL).inner_margin(8.0).show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.horizontal_wrapped(|ui| {
            let label = ui.label(RichText::new(tr!("setup-seat", number = index + 1)).strong());
            let mut human = occupant.is_human();
            if ui.add(egui::Button::selectable(human, tr!("setup-person")).min_size(egui::vec2(0.0, theme::TOUCH))).clicked() {
                human = true;
            }
            if ui.add(egui::Button::selectable(!human, tr!("setup-bot")).min_size(egui::vec2(0.0, theme::TOUCH))).clicked() {
                human = false;
            }
            let mut name = occupant.name().to_owned();
            ui.add(egui::TextEdit::singleline(&mut name).desired_width(150.0).min_size(egui::vec2(0.0, theme::TOUCH * 0.8)))
                .labelled_by(label.id);
            if human && !profiles.is_empty() {
                // A profile's name: the match is then counted in its history and statistics.
                let list = egui::ComboBox::from_id_salt(("setup-profile", index)).selected_text(tr!("setup-profile")).show_ui(ui, |ui| {
                    for profile in profiles {
                        if ui.selectable_label(name == *profile, profile).clicked() {
                            name.clone_from(profile);
                        }
                    }
                });
                // Screen readers (and the tests) name the list by what it offers.
                list.response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::ComboBox, true, tr!("setup-profile")));
            }
            let mut level = occupant.bot_level().unwrap_or(quick_level(kind));
            if !human {
                for &choice in levels(kind) {
                    ui.radio_value(&mut level, choice, names::level(choice));
                }
            }
            *occupant = if human { Occupant::Human { name } } else { Occupant::Bot { name, level } };
        });
    });
}

/// Every house rule of the game, with a one-line explanation and its default (each game's
/// editor sits beside its table, in `ui/table/games/`).
pub fn options_editor(ui: &mut egui::Ui, options: &mut AnyOptions) {
    crate::ui::table::games::for_kind(options.kind()).options_editor(ui, options);
}
