//! The eframe application: which screen is up, the choices screens return, and the paced
//! logic (bots) kept apart from drawing.

use cardtable_engine::{AnyOptions, Game, GameKind, GameVisitor};
use egui::RichText;

use crate::session::host::Host;
use crate::session::seating::{quick_level, quick_seating};
use crate::store::Store;
use crate::store::keeper::MatchKeeper;
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
    /// Playing.
    Table(Box<TableScreen>),
}

/// Cardtable's window.
#[derive(Debug)]
pub struct CardtableApp {
    screen: Screen,
    look: CardLook,
    next_seed: u64,
    /// Profiles, history and saves; `None` when no data folder could be opened (or in tests
    /// that need none).
    store: Option<Store>,
    /// Keeps the match at the table saved and records it once decided.
    keeper: Option<MatchKeeper>,
}

struct SeatInfo;

impl GameVisitor for SeatInfo {
    type Output = (usize, std::ops::RangeInclusive<usize>);
    fn visit<G: Game>(self) -> Self::Output {
        let options = G::Options::default();
        (G::default_players(&options), G::seat_range(&options))
    }
}

impl CardtableApp {
    /// Sets up fonts and theme and opens on the start screen. Matches are seeded from `seed`.
    #[must_use]
    pub fn new(cc: &eframe::CreationContext<'_>, seed: u64) -> CardtableApp {
        CardtableApp::with_store(cc, seed, None)
    }

    /// As [`CardtableApp::new`], keeping profiles, history and saved matches in `store`.
    #[must_use]
    pub fn with_store(cc: &eframe::CreationContext<'_>, seed: u64, store: Option<Store>) -> CardtableApp {
        theme::install(&cc.egui_ctx);
        CardtableApp { screen: Screen::Start, look: CardLook::default(), next_seed: seed, store, keeper: None }
    }

    /// The data folder's store, if one is open.
    #[must_use]
    pub fn store(&self) -> Option<&Store> {
        self.store.as_ref()
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
            Ok(host) => {
                self.keeper = Some(MatchKeeper::new(&host, jiff::Timestamp::now()));
                self.screen = Screen::Table(Box::new(TableScreen::new(host, self.look)));
            }
            Err(error) => tracing::error!(%error, "the table could not be set up"),
        }
    }
}

impl eframe::App for CardtableApp {
    fn logic(&mut self, ctx: &egui::Context, _frame: &mut eframe::Frame) {
        if let Some(store) = &mut self.store {
            store.poll();
            // The store's one hook at the table: save after every action, record once decided.
            if let (Screen::Table(table), Some(keeper)) = (&self.screen, &mut self.keeper) {
                keeper.sync(table.host(), store, jiff::Timestamp::now());
                if keeper.busy() {
                    ctx.request_repaint_after(std::time::Duration::from_millis(20));
                }
            }
        }
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
                    ui.horizontal(|ui| {
                        back = ui.add(egui::Button::new("← Back").min_size(egui::vec2(theme::TOUCH * 2.0, theme::TOUCH))).clicked();
                        ui.label(RichText::new(format!("How to play {}", kind.name())).size(22.0).strong());
                    });
                    ui::rules::show(ui, *kind);
                }
                Screen::Setup(form) => {
                    let (_, range) = form.kind.visit(SeatInfo);
                    setup_choice = ui::setup::show(ui, form, range);
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
                let (players, _) = kind.visit(SeatInfo);
                self.sit_down(AnyOptions::defaults(kind), quick_seating("Player 1", players, quick_level(kind)));
            }
            Some(StartChoice::NewTable(kind)) => {
                let (players, _) = kind.visit(SeatInfo);
                self.screen = Screen::Setup(TableSetupForm::new(kind, players));
            }
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
pub fn run_window(data_dir: Option<std::path::PathBuf>) -> eframe::Result {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Cardtable")
            .with_inner_size([1000.0, 720.0])
            .with_min_inner_size([320.0, 480.0]),
        ..Default::default()
    };
    let store = match crate::store::paths::data_dir(data_dir.as_deref()).and_then(Store::open) {
        Ok(store) => Some(store),
        Err(error) => {
            tracing::error!(%error, "no data folder: profiles, history and saves are off");
            None
        }
    };
    let seed = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(7, |elapsed| elapsed.as_nanos() as u64);
    eframe::run_native("Cardtable", options, Box::new(move |cc| Ok(Box::new(CardtableApp::with_store(cc, seed, store)))))
}
