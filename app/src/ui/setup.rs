//! "New table": the game's seats (a person by name, or a bot with a level) and its house rules.

use cardtable_engine::games::crazy_eights::DrawTwo;
use cardtable_engine::{AnyOptions, GameKind};
use egui::RichText;

use crate::session::bots::levels;
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
            if touch_button(ui, tr!("nav-back")).clicked() {
                choice = Some(SetupChoice::Back);
            }
        });
    });
    egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
        ui.set_max_width(theme::READABLE_WIDTH.min(ui.available_width()));
        ui.label(RichText::new(tr!("setup-title", game = names::game(form.kind))).size(24.0).strong());
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

/// A whole-number house rule with its explanation.
fn number_option(ui: &mut egui::Ui, label: String, value: &mut u32, range: std::ops::RangeInclusive<u32>, note: String) {
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(label);
        ui.add(egui::DragValue::new(value).range(range)).labelled_by(label.id);
    });
    ui.label(RichText::new(note).small().color(theme::INK_DIM));
}

/// Every house rule of the game, with a one-line explanation and its default.
pub fn options_editor(ui: &mut egui::Ui, options: &mut AnyOptions) {
    let defaults = AnyOptions::defaults(options.kind());
    match (options, defaults) {
        (AnyOptions::CrazyEights(options), AnyOptions::CrazyEights(defaults)) => {
            ui.label(tr!("option-draw-two"));
            for (rule, text) in [
                (DrawTwo::Literal, tr!("option-draw-two-literal")),
                (DrawTwo::Skip, tr!("option-draw-two-skip")),
                (DrawTwo::Stack, tr!("option-draw-two-stack")),
            ] {
                ui.radio_value(&mut options.draw_two, rule, text);
            }
            let note = tr!("option-score-limit-lowest-note", default = defaults.score_limit);
            number_option(ui, tr!("option-score-limit-lowest"), &mut options.score_limit, 0..=1_000, note);
        }
        (AnyOptions::Fool108(options), AnyOptions::Fool108(defaults)) => {
            let note = tr!("option-score-limit-losing-note", default = defaults.score_limit);
            number_option(ui, tr!("option-score-limit-losing"), &mut options.score_limit, 1..=1_000, note);
            let note = tr!("option-one-penalty-note", default = defaults.one_penalty);
            number_option(ui, tr!("option-one-penalty"), &mut options.one_penalty, 0..=100, note);
            let note = tr!("option-reshuffle-penalty-note", default = defaults.reshuffle_penalty_step);
            number_option(ui, tr!("option-reshuffle-penalty"), &mut options.reshuffle_penalty_step, 0..=100, note);
        }
        (AnyOptions::Dunno(options), AnyOptions::Dunno(defaults)) => {
            let note = tr!("option-wins-to-match-note", default = defaults.wins_to_match);
            number_option(ui, tr!("option-wins-to-match"), &mut options.wins_to_match, 1..=20, note);
        }
        (AnyOptions::Youglouf(options), AnyOptions::Youglouf(defaults)) => {
            let note = tr!("option-score-limit-lowest-note", default = defaults.score_limit);
            number_option(ui, tr!("option-score-limit-lowest"), &mut options.score_limit, 0..=1_000, note);
            ui.checkbox(&mut options.allow_two_players, tr!("option-allow-two"));
            ui.label(RichText::new(tr!("option-allow-two-note")).small().color(theme::INK_DIM));
            let note = tr!("option-snap-grace-note", default = defaults.snap_grace_ms);
            number_option(ui, tr!("option-snap-grace"), &mut options.snap_grace_ms, 0..=10_000, note);
        }
        _ => {
            ui.label(RichText::new(tr!("setup-no-house-rules")).color(theme::INK_DIM));
        }
    }
}
