//! The eframe application: which screen is up, and the choices screens return.

use cardtable_engine::GameKind;
use egui::RichText;

use crate::ui::{self, start::StartChoice, theme};

/// The screen on display.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Screen {
    /// The start screen.
    Start,
    /// A game's rules.
    Rules(GameKind),
}

/// Cardtable's window.
#[derive(Debug)]
pub struct CardtableApp {
    screen: Screen,
}

impl CardtableApp {
    /// Sets up fonts and theme and opens on the start screen.
    #[must_use]
    pub fn new(cc: &eframe::CreationContext<'_>) -> CardtableApp {
        theme::install(&cc.egui_ctx);
        CardtableApp { screen: Screen::Start }
    }

    /// The screen on display.
    #[must_use]
    pub fn screen(&self) -> Screen {
        self.screen
    }
}

impl eframe::App for CardtableApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        let mut next = None;
        egui::CentralPanel::default().frame(egui::Frame::central_panel(ui.style()).inner_margin(theme::MARGIN)).show(ui, |ui| {
            match self.screen {
                Screen::Start => {
                    if let Some(StartChoice::Rules(kind)) = ui::start::show(ui) {
                        next = Some(Screen::Rules(kind));
                    }
                }
                Screen::Rules(kind) => {
                    ui.horizontal(|ui| {
                        if ui.add(egui::Button::new("← Back").min_size(egui::vec2(theme::TOUCH * 2.0, theme::TOUCH))).clicked() {
                            next = Some(Screen::Start);
                        }
                        ui.label(RichText::new(format!("How to play {}", kind.name())).size(22.0).strong());
                    });
                    ui::rules::show(ui, kind);
                }
            }
        });
        let escape = ui.input(|input| input.key_pressed(egui::Key::Escape));
        if escape && self.screen != Screen::Start {
            next = Some(Screen::Start);
        }
        if let Some(screen) = next {
            self.screen = screen;
        }
    }
}

/// Opens the window and runs until it is closed.
///
/// # Errors
/// The window could not be created (no display, no graphics).
pub fn run_window() -> eframe::Result {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Cardtable")
            .with_inner_size([1000.0, 720.0])
            .with_min_inner_size([320.0, 480.0]),
        ..Default::default()
    };
    eframe::run_native("Cardtable", options, Box::new(|cc| Ok(Box::new(CardtableApp::new(cc)))))
}
