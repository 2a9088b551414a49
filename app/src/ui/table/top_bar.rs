//! The table's top bar: leave (asked first during a match), the menu, the game's name, the
//! log on a phone, undo, and step mode's "next move". On a phone it is one row in every
//! language: its buttons are laid out by their words' measured widths, shortened one by one
//! until they fit, and Undo waits in the menu when even that is not enough.

use cardtable_engine::Phase;
use egui::RichText;

use super::privacy::Privacy;
use super::{TableCommand, TableRequest, TableScreen, centred, enter_pressed};
use crate::session::Session;
use crate::settings::BotPace;
use crate::tr;
use crate::ui::{names, theme};

/// How a phone's top bar fits one row: which buttons show short words (their full words stay
/// their accessible names and hover text), and whether Undo waits in the menu.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct BarFit {
    /// Leave shows its arrow alone.
    short_leave: bool,
    /// Undo shows its arrow alone.
    short_undo: bool,
    /// Step mode's button shows its short word.
    short_step: bool,
    /// Undo is in the menu, not in the bar.
    pub(super) undo_in_menu: bool,
}

impl BarFit {
    /// Each way the bar may be drawn, from the fullest words to the fewest buttons: Undo's
    /// words go first (its arrow says it), then step mode's, then Leave's.
    const SQUEEZES: [BarFit; 5] = [
        BarFit { short_leave: false, short_undo: false, short_step: false, undo_in_menu: false },
        BarFit { short_leave: false, short_undo: true, short_step: false, undo_in_menu: false },
        BarFit { short_leave: false, short_undo: true, short_step: true, undo_in_menu: false },
        BarFit { short_leave: true, short_undo: true, short_step: true, undo_in_menu: false },
        BarFit { short_leave: true, short_undo: true, short_step: true, undo_in_menu: true },
    ];
}

/// One button of the bar: its name (its accessible name, and its hover text when the words
/// shown are fewer), the words shown in full and short, and the least width of each.
struct BarButton {
    name: String,
    full: String,
    short: String,
    least: f32,
    least_short: f32,
    /// Drawn in the strong text colour: the button the table waits on (step mode's).
    strong: bool,
}

impl BarButton {
    /// A button named `name`, showing its words (a phone leaves out a key in brackets) or
    /// `short`.
    fn new(name: String, short: String, narrow: bool, least: f32, least_short: f32) -> BarButton {
        let full = centred::shown_words(&name, narrow).to_owned();
        BarButton { name, full, short, least, least_short, strong: false }
    }

    /// This button in the strong text colour (the one the table waits on; same width).
    fn strong(self) -> BarButton {
        BarButton { strong: true, ..self }
    }

    /// The words shown and the width they take.
    fn shown(&self, ui: &egui::Ui, short: bool) -> (&str, f32) {
        let (words, least) = if short { (&self.short, self.least_short) } else { (&self.full, self.least) };
        (words, centred::button_width(ui, std::slice::from_ref(words)).max(least))
    }

    /// Adds the button, showing its full or short words.
    fn add(&self, ui: &mut egui::Ui, short: bool, enabled: bool) -> egui::Response {
        let (text, width) = self.shown(ui, short);
        let words = if self.strong { RichText::new(text).strong() } else { RichText::new(text) };
        let button = egui::Button::new(words).min_size(egui::vec2(width, theme::TOUCH));
        let shortened = text != self.name;
        let response = centred::named_button(ui, button, &self.name, enabled);
        if shortened && enabled { response.on_hover_text(&self.name) } else { response }
    }
}

/// The buttons of the bar, measured in the language of the day.
struct Bar {
    leave: BarButton,
    menu: BarButton,
    log: Option<BarButton>,
    undo: Option<BarButton>,
    step: Option<BarButton>,
}

impl Bar {
    /// The bar of a table that may take moves back (`offers_undo`) and step through bots'
    /// moves (`steps`); a phone's (`narrow`) has the log's button, and narrower buttons.
    fn new(offers_undo: bool, steps: bool, narrow: bool) -> Bar {
        let (least, arrow) = (theme::TOUCH * 1.5, theme::TOUCH);
        let roomy = if narrow { least } else { theme::TOUCH * 2.0 };
        let same = |name: String| BarButton::new(name.clone(), name, narrow, least, least);
        let step = if narrow { least } else { theme::TOUCH * 3.0 };
        Bar {
            leave: BarButton::new(tr!("nav-leave"), tr!("nav-leave-short"), narrow, roomy, arrow),
            menu: same(tr!("nav-menu")),
            log: narrow.then(|| same(tr!("log-title"))),
            undo: offers_undo.then(|| BarButton::new(tr!("table-undo"), tr!("table-undo-short"), narrow, roomy, arrow)),
            step: steps.then(|| BarButton::new(tr!("table-next-move"), tr!("table-next-move-short"), narrow, step, least).strong()),
        }
    }

    /// The widths of the buttons drawn with `fit`, in their order along the bar.
    fn widths(&self, ui: &egui::Ui, fit: BarFit) -> Vec<f32> {
        let mut widths = vec![self.leave.shown(ui, fit.short_leave).1, self.menu.shown(ui, false).1];
        widths.extend(self.log.iter().map(|log| log.shown(ui, false).1));
        widths.extend(self.undo.iter().filter(|_| !fit.undo_in_menu).map(|undo| undo.shown(ui, fit.short_undo).1));
        widths.extend(self.step.iter().map(|step| step.shown(ui, fit.short_step).1));
        widths
    }

    /// The fullest way of drawing the bar that fits one row of `room` (the last one if none
    /// does: no fewer buttons are left to show).
    fn fit(&self, ui: &egui::Ui, room: f32) -> BarFit {
        let gap = ui.spacing().item_spacing.x;
        let last = BarFit::SQUEEZES[BarFit::SQUEEZES.len() - 1];
        BarFit::SQUEEZES.into_iter().find(|&fit| !centred::row_breaks(&self.widths(ui, fit), gap, room).contains(&true)).unwrap_or(last)
    }
}

impl TableScreen {
    /// Whether Undo waits in the menu, for want of room in a phone's top bar (it was drawn
    /// so last frame).
    #[must_use]
    pub fn undo_in_menu(&self) -> bool {
        self.undo_in_menu
    }

    /// Leave (with a confirmation during a match), the game's name, undo, and step mode's
    /// button.
    pub(super) fn top_bar(&mut self, ui: &mut egui::Ui, session: &dyn Session, narrow: bool, commands: &mut Vec<TableCommand>) {
        // A phone keeps the bar to one row, for the table's sake: its buttons as narrow as their
        // words, and the game's name on the turn's line instead (`status`).
        if narrow {
            ui.spacing_mut().button_padding.x = 8.0;
        }
        // Step mode's button is counted whenever the pace may show it, so the others keep
        // their words as it comes and goes.
        let steps = self.settings.bot_pace == BotPace::Step || session.bot_move_waiting();
        let bar = Bar::new(session.offers_undo(), steps, narrow);
        // A wider window has the room for every button's full words.
        let fit = if narrow { bar.fit(ui, ui.available_width()) } else { BarFit::default() };
        self.undo_in_menu = fit.undo_in_menu && session.offers_undo();
        ui.horizontal_wrapped(|ui| {
            if bar.leave.add(ui, fit.short_leave, true).clicked() {
                // A finished match, or a tutorial (which nobody loses by leaving), goes at once.
                if session.phase() == Phase::MatchOver || session.coaching().is_some() {
                    commands.push(TableCommand::App(TableRequest::Leave));
                } else {
                    self.confirm_leave = true;
                }
            }
            if bar.menu.add(ui, false, true).clicked() {
                commands.push(TableCommand::App(TableRequest::Menu));
            }
            if !narrow {
                ui.label(RichText::new(names::game(session.kind())).size(theme::TITLE_SIZE).strong());
            }
            // A phone has no room for the log beside the table: it is one tap away.
            if bar.log.as_ref().is_some_and(|log| log.add(ui, false, true).clicked()) {
                self.log_open = true;
            }
            // Undo stands where it is at every table that takes moves back, disabled while
            // nothing can be, so it never appears under the pointer meant for something else.
            // Its key works while its button waits in the menu too.
            if let Some(undo) = &bar.undo {
                let can = session.can_undo();
                let pressed = can && ui.is_enabled() && ui.input_mut(|input| input.consume_key(egui::Modifiers::COMMAND, egui::Key::Z));
                let clicked = !fit.undo_in_menu && {
                    let hint = if can { tr!("table-undo-hint") } else { tr!("table-undo-not-now") };
                    undo.add(ui, fit.short_undo, can).on_hover_text(&hint).on_disabled_hover_text(hint).clicked()
                };
                if clicked || pressed {
                    commands.push(TableCommand::Undo);
                }
            }
            if let Some(step) = bar.step.as_ref().filter(|_| session.bot_move_waiting()) {
                let handing_off = matches!(self.privacy(session), Privacy::HandOff(_));
                if step.add(ui, fit.short_step, true).clicked() || (!handing_off && enter_pressed(ui)) {
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
