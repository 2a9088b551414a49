//! The eframe application: which screen is up, the choices screens return, and the paced
//! logic (bots) kept apart from drawing.

use cardtable_engine::{AnyOptions, GameKind};
use egui::RichText;

use crate::session::host::Host;
use crate::session::seating::{quick_level, quick_seating};
use crate::settings::Settings;
use crate::tr;
use crate::ui::card::CardLook;
use crate::ui::setup::{SetupChoice, TableSetupForm};
use crate::ui::start::StartChoice;
use crate::ui::table::{TableRequest, TableScreen};
use crate::ui::{self, theme};

/// The screen on display.
#[derive(Debug)]
pub enum Screen {
    /// The start screen.
    Start,
    /// A game's rules.
    Rules(GameKind),
    /// Setting a table up.
    Setup(TableSetupForm),
    /// The player's settings.
    Settings,
    /// About Cardtable: version, licence, credits.
    About,
    /// Playing.
    Table(Box<TableScreen>),
}

/// Cardtable's window.
#[derive(Debug)]
pub struct CardtableApp {
    screen: Screen,
    settings: Settings,
    next_seed: u64,
}

impl CardtableApp {
    /// Sets up fonts and theme and opens on the start screen. Matches are seeded from `seed`.
    #[must_use]
    pub fn new(cc: &eframe::CreationContext<'_>, seed: u64) -> CardtableApp {
        theme::install(&cc.egui_ctx);
        let settings = Settings::default();
        crate::i18n::set_language(settings.language);
        CardtableApp { screen: Screen::Start, settings, next_seed: seed }
    }

    /// The settings in force.
    #[must_use]
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    fn look(&self) -> CardLook {
        CardLook { four_colour: self.settings.four_colour }
    }

    /// The screen on display.
    #[must_use]
    pub fn screen(&self) -> &Screen {
        &self.screen
    }

    fn seed(&mut self) -> u64 {
        self.next_seed = self.next_seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        self.next_seed
    }

    fn sit_down(&mut self, options: AnyOptions, seats: Vec<crate::session::seating::Occupant>) {
        let seed = self.seed();
        match Host::new(options, seats, seed) {
            Ok(host) => self.screen = Screen::Table(Box::new(TableScreen::new(host, self.look()))),
            Err(error) => tracing::error!(%error, "the table could not be set up"),
        }
    }
}

impl eframe::App for CardtableApp {
    fn logic(&mut self, ctx: &egui::Context, _frame: &mut eframe::Frame) {
        if let Screen::Table(table) = &mut self.screen {
            let now = ctx.input(|input| input.time);
            if let Some(after) = table.logic(now) {
                ctx.request_repaint_after(std::time::Duration::from_secs_f64(after.max(0.0)));
            }
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        let mut start_choice = None;
        let mut setup_choice = None;
        let mut table_request = None;
        let mut back = false;
        egui::CentralPanel::default().frame(egui::Frame::central_panel(ui.style()).inner_margin(theme::MARGIN)).show(ui, |ui| {
            match &mut self.screen {
                Screen::Start => start_choice = ui::start::show(ui),
                Screen::Rules(kind) => {
                    ui.horizontal_wrapped(|ui| {
                        back = ui.add(egui::Button::new(tr!("nav-back")).min_size(egui::vec2(theme::TOUCH * 2.0, theme::TOUCH))).clicked();
                        ui.label(RichText::new(tr!("rules-title", game = ui::names::game(*kind))).size(22.0).strong());
                    });
                    ui::rules::show(ui, *kind);
                }
                Screen::Setup(form) => {
                    let range = form.options.seat_range();
                    setup_choice = ui::setup::show(ui, form, range);
                }
                Screen::Settings => {
                    ui.horizontal_wrapped(|ui| {
                        back = ui.add(egui::Button::new(tr!("nav-back")).min_size(egui::vec2(theme::TOUCH * 2.0, theme::TOUCH))).clicked();
                        ui.label(RichText::new(tr!("settings-title")).size(22.0).strong());
                    });
                    if ui::settings::show(ui, &mut self.settings) {
                        crate::i18n::set_language(self.settings.language);
                    }
                }
                Screen::About => {
                    ui.horizontal_wrapped(|ui| {
                        back = ui.add(egui::Button::new(tr!("nav-back")).min_size(egui::vec2(theme::TOUCH * 2.0, theme::TOUCH))).clicked();
                        ui.label(RichText::new(tr!("about-title")).size(22.0).strong());
                    });
                    start_choice = ui::about::show(ui).map(StartChoice::Rules);
                }
                Screen::Table(table) => table_request = table.show(ui),
            }
        });
        let escape = ui.input(|input| input.key_pressed(egui::Key::Escape));
        if back
            || (escape && !matches!(self.screen, Screen::Start | Screen::Table(_)))
            || table_request == Some(TableRequest::Leave)
            || setup_choice == Some(SetupChoice::Back)
        {
            self.screen = Screen::Start;
        }
        match start_choice {
            Some(StartChoice::Rules(kind)) => self.screen = Screen::Rules(kind),
            Some(StartChoice::QuickPlay(kind)) => {
                let options = AnyOptions::defaults(kind);
                let seats = quick_seating(&tr!("setup-default-player", number = 1), options.default_players(), quick_level(kind));
                self.sit_down(options, seats);
            }
            Some(StartChoice::NewTable(kind)) => {
                self.screen = Screen::Setup(TableSetupForm::new(kind, AnyOptions::defaults(kind).default_players()));
            }
            Some(StartChoice::Settings) => self.screen = Screen::Settings,
            Some(StartChoice::About) => self.screen = Screen::About,
            None => {}
        }
        if setup_choice == Some(SetupChoice::Start)
            && let Screen::Setup(form) = &self.screen
        {
            let (options, seats) = (form.options.clone(), form.seats.clone());
            self.sit_down(options, seats);
        }
        if table_request == Some(TableRequest::PlayAgain)
            && let Screen::Table(table) = &self.screen
        {
            let (options, seats) = (table.host().game().rematch_options(), table.host().seats().to_vec());
            self.sit_down(options, seats);
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
            .with_app_id(ui::about::APP_ID)
            .with_icon(ui::about::window_icon())
            .with_inner_size([1000.0, 720.0])
            .with_min_inner_size([320.0, 480.0]),
        ..Default::default()
    };
    let seed = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(7, |elapsed| elapsed.as_nanos() as u64);
    eframe::run_native("Cardtable", options, Box::new(move |cc| Ok(Box::new(CardtableApp::new(cc, seed)))))
}
