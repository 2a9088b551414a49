//! The menu over the table (Esc, or the "Menu" button): resume, the game's rules and the
//! settings readable during play, and leaving (which asks first).

use cardtable_engine::GameKind;
use egui::RichText;

use crate::settings::Settings;
use crate::tr;
use crate::ui::{names, theme};

/// Which page of the menu is open.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum MenuPage {
    /// The menu's buttons.
    #[default]
    Main,
    /// The game's rules.
    Rules,
    /// The settings.
    Settings,
    /// "Leave this match?"
    ConfirmLeave,
}

/// The open menu.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MenuState {
    /// The page on display.
    pub page: MenuPage,
}

/// What the menu asks of the app.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MenuChoice {
    /// Close the menu and play on.
    Resume,
    /// Leave the match for the start screen.
    Leave,
    /// A setting changed: apply it.
    SettingsChanged,
    /// Take back the person's last move (Undo waits here when a phone's top bar has no room
    /// for it).
    Undo,
}

fn wide_button(ui: &mut egui::Ui, text: String) -> bool {
    ui.add(
        egui::Button::new(RichText::new(text).size(theme::BUTTON_SIZE)).min_size(egui::vec2(ui.available_width().min(320.0), theme::TOUCH)),
    )
    .clicked()
}

/// Draws the menu; `escape` closes a page (or the menu); `undo`, when Undo waits here, says
/// whether it can take a move back now. Returns what was chosen.
pub fn show(
    ctx: &egui::Context,
    menu: &mut MenuState,
    kind: GameKind,
    settings: &mut Settings,
    escape: bool,
    leave_question: &str,
    undo: Option<bool>,
) -> Option<MenuChoice> {
    let mut choice = None;
    let screen = ctx.content_rect();
    let width = (screen.width() - 2.0 * theme::MARGIN).min(theme::READABLE_WIDTH);
    let height = (screen.height() - 4.0 * theme::MARGIN).max(200.0);
    egui::Modal::new(egui::Id::unique("table-menu")).show(ctx, |ui| {
        ui.set_width(width);
        match menu.page {
            MenuPage::Main => {
                ui.label(RichText::new(tr!("menu-title")).size(theme::TITLE_SIZE).strong());
                if wide_button(ui, tr!("menu-resume")) {
                    choice = Some(MenuChoice::Resume);
                }
                // Disabled where it stands while nothing can be taken back, as in the bar.
                if let Some(can) = undo {
                    let button = egui::Button::new(RichText::new(tr!("table-undo")).size(theme::BUTTON_SIZE))
                        .min_size(egui::vec2(ui.available_width().min(320.0), theme::TOUCH));
                    let hint = if can { tr!("table-undo-hint") } else { tr!("table-undo-not-now") };
                    if ui.add_enabled(can, button).on_hover_text(&hint).on_disabled_hover_text(hint).clicked() {
                        choice = Some(MenuChoice::Undo);
                    }
                }
                if wide_button(ui, tr!("start-how-to-play", game = names::game(kind))) {
                    menu.page = MenuPage::Rules;
                }
                if wide_button(ui, tr!("settings-title")) {
                    menu.page = MenuPage::Settings;
                }
                if wide_button(ui, tr!("menu-leave")) {
                    menu.page = MenuPage::ConfirmLeave;
                }
                if escape {
                    choice = Some(MenuChoice::Resume);
                }
            }
            MenuPage::ConfirmLeave => {
                ui.label(RichText::new(leave_question).strong());
                if wide_button(ui, tr!("table-leave-confirm")) {
                    choice = Some(MenuChoice::Leave);
                }
                if wide_button(ui, tr!("table-keep-playing")) || escape {
                    menu.page = MenuPage::Main;
                }
            }
            MenuPage::Rules | MenuPage::Settings => {
                if wide_button(ui, tr!("nav-back")) || escape {
                    menu.page = MenuPage::Main;
                }
                ui.allocate_ui(egui::vec2(width, height - 3.0 * theme::TOUCH), |ui| {
                    if menu.page == MenuPage::Rules {
                        super::rules::show(ui, kind);
                    } else if super::settings::show(ui, settings) {
                        choice = Some(MenuChoice::SettingsChanged);
                    }
                });
            }
        }
    });
    choice
}
