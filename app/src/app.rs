//! The eframe application: which screen is up, the menu over the table, the choices screens
//! return (applied after drawing), and the paced logic (bots, messages) kept apart from drawing.

mod command;
mod lan;
mod quick_play;
mod sound_cues;
mod store_jobs;
mod table;

use lan::LanState;

pub use command::Command;
pub use store_jobs::RecordUse;
pub use table::LiveTable;

use cardtable_engine::scenario::Scenario;
use cardtable_engine::{AnyOptions, GameKind};
use egui::RichText;

use crate::cli::WindowArgs;
use crate::session::host::Host;
use crate::session::local::LocalTable;
use crate::session::seating::{Occupant, quick_level, quick_seating};
use crate::session::tutorial::TutorialTable;
use crate::settings::Settings;
use crate::sound::SoundPlayer;
use crate::store::Store;
use crate::store::keeper::MatchKeeper;
use crate::tr;
use crate::ui::card::CardLook;
use crate::ui::first_name::{NameRequest, NameScreen};
use crate::ui::history::{HistoryRequest, HistoryScreen};
use crate::ui::lan::LanScreen;
use crate::ui::lan::join::JoinScreen;
use crate::ui::menu::{MenuChoice, MenuState};
use crate::ui::profiles::{ProfilesRequest, ProfilesScreen};
use crate::ui::replay::{ReplayRequest, ReplayScreen};
use crate::ui::resume::{LibraryChoice, LibraryPanel};
use crate::ui::setup::TableSetupForm;
use crate::ui::start::StartChoice;
use crate::ui::stats::{StatsRequest, StatsScreen};
use crate::ui::table::{TableCommand, TableRequest};
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
    /// Playing: the match the app holds, and its screen.
    Table(Box<LiveTable>),
    /// The people who play here.
    Profiles(ProfilesScreen),
    /// Finished matches.
    History(HistoryScreen),
    /// A profile's statistics.
    Stats(StatsScreen),
    /// The first quick play on a device with no profile: the player's name.
    FirstName(NameScreen),
    /// Stepping through a finished match.
    Replay(Box<ReplayScreen>),
    /// Hosting or joining a table on the home network.
    Lan(Box<LanScreen>),
}

/// Cardtable's window.
#[derive(Debug)]
pub struct CardtableApp {
    screen: Screen,
    settings: Settings,
    /// The menu over the table (Esc), with rules and settings readable during play.
    menu: Option<MenuState>,
    next_seed: u64,
    /// The store's jobs under way off the frame. Before the store: they finish before its
    /// folder's lock goes.
    jobs: store_jobs::StoreJobs,
    /// Profiles, history, saves and settings on disk; `None` when no data folder could be
    /// opened (or in tests that need none).
    store: Option<Store>,
    /// Why there is no store, to tell the player.
    store_error: Option<String>,
    /// Keeps the match at the table saved and records it once decided.
    keeper: Option<MatchKeeper>,
    /// The start screen's way to profiles, history and unfinished matches.
    library: LibraryPanel,
    /// LAN play: its context, the table this device hosts, the networked match at the table.
    lan: LanState,
    /// Where the table's sounds go: silent until the window opens one (tests stay silent).
    sound: SoundPlayer,
    /// The host whose table this device holds a seat at (a resume token kept), read once from
    /// the known hosts for the start screen's "Rejoin"; `None` until read.
    rejoin: Option<Option<String>>,
}

impl CardtableApp {
    /// Sets up fonts and theme and opens on the start screen. Matches are seeded from `seed`.
    #[must_use]
    pub fn new(cc: &eframe::CreationContext<'_>, seed: u64) -> CardtableApp {
        CardtableApp::with_store(cc, seed, Ok(None))
    }

    /// As [`CardtableApp::new`], keeping settings, profiles, history and saved matches in
    /// `store` (an error says why there is none).
    #[must_use]
    pub fn with_store(cc: &eframe::CreationContext<'_>, seed: u64, store: Result<Option<Store>, String>) -> CardtableApp {
        theme::install(&cc.egui_ctx);
        ui::card_art::install(&cc.egui_ctx);
        let (mut store, store_error) = match store {
            Ok(store) => (store, None),
            Err(error) => (None, Some(error)),
        };
        let settings = store.as_mut().map_or_else(Settings::default, |store| {
            store.load_settings().unwrap_or_else(|error| {
                tracing::error!(%error, "the settings could not be read");
                Settings::default()
            })
        });
        crate::i18n::set_language(settings.language);
        crate::think::set_think_time(settings.think_time);
        CardtableApp {
            screen: Screen::Start,
            settings,
            menu: None,
            next_seed: seed,
            jobs: store_jobs::StoreJobs::default(),
            store,
            store_error,
            keeper: None,
            library: LibraryPanel::default(),
            lan: LanState::default(),
            sound: SoundPlayer::silent(),
            rejoin: None,
        }
    }

    /// The data folder's store, if one is open.
    #[must_use]
    pub fn store(&self) -> Option<&Store> {
        self.store.as_ref()
    }

    /// The data folder's store, to read records from (they are read on demand).
    pub fn store_mut(&mut self) -> Option<&mut Store> {
        self.store.as_mut()
    }

    /// The host whose table this device was seated at when it last stopped (a crash, or a
    /// window closed mid-match): the known hosts keep a resume token for it. Read once, and
    /// again after leaving a networked table; only where the LAN files are known (the data
    /// folder's `lan/`, or the folder set for tests), never the platform's folder unasked.
    fn rejoin_host(&mut self) -> Option<String> {
        if self.rejoin.is_none() {
            let dir = self.lan.dir.clone().or_else(|| self.store.as_ref().map(|store| store.root().join("lan")));
            let known = dir.and_then(|dir| crate::net::known_hosts::KnownHosts::load(&dir).ok());
            let host = known.and_then(|known| known.iter().find(|(_, host)| host.resume.is_some()).map(|(_, host)| host.name.clone()));
            self.rejoin = Some(host);
        }
        self.rejoin.clone().flatten()
    }

    /// Applies a choice made on the start screen's store panel.
    fn library_choice(&mut self, choice: LibraryChoice) {
        let Some(store) = &mut self.store else { return };
        match choice {
            LibraryChoice::Profiles => self.screen = Screen::Profiles(ProfilesScreen::default()),
            LibraryChoice::History => self.screen = Screen::History(HistoryScreen::default()),
            LibraryChoice::Statistics => self.screen = Screen::Stats(StatsScreen::default()),
            LibraryChoice::Discard(id) => self.discard_unfinished(&id),
            LibraryChoice::Resume(id) => {
                let Some(saved) = store.unfinished().iter().find(|saved| saved.id == id).cloned() else { return };
                match saved.resume() {
                    Ok(host) => {
                        self.keeper = Some(MatchKeeper::resumed(&saved));
                        let table = LocalTable::resume(host, self.settings.bot_pace);
                        self.seat_at(Box::new(table));
                    }
                    Err(error) => tracing::error!(%error, id = %saved.id, "an unfinished match does not resume"),
                }
            }
        }
    }

    /// The settings in force.
    #[must_use]
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The screen on display.
    #[must_use]
    pub fn screen(&self) -> &Screen {
        &self.screen
    }

    /// Whether the menu is open over the table.
    #[must_use]
    pub fn menu_open(&self) -> bool {
        self.menu.is_some()
    }

    fn seed(&mut self) -> u64 {
        self.next_seed = self.next_seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        self.next_seed
    }

    /// Whether the match at the table is saved after every move: a keeper and a writable store.
    fn saving(&self) -> bool {
        self.keeper.is_some() && self.store.as_ref().is_some_and(|store| store.read_only().is_none())
    }

    /// Shows the table of `session` (its keeper already set).
    fn seat_at(&mut self, session: Box<dyn crate::session::Session>) {
        let mut table = LiveTable::new(session, self.settings.clone());
        table.set_saved(self.saving());
        self.screen = Screen::Table(Box::new(table));
    }

    /// Sits down at a scenario's table (its deal with its steps played): the person in seat 0,
    /// bots in the others. Nothing is kept: its deal does not follow from a seed.
    pub fn open_scenario(&mut self, scenario: &Scenario) {
        let name = self.last_player().unwrap_or_else(|| tr!("setup-default-player", number = 1));
        let seats = quick_seating(&name, scenario.players, quick_level(scenario.game));
        match Host::play_scenario(scenario, seats) {
            Ok(host) => self.seat_unkept(Box::new(LocalTable::stacked(host, self.settings.bot_pace))),
            Err(error) => tracing::error!(%error, "the scenario could not be set up"),
        }
    }

    /// Shows the table of `session`, a stacked deal (a tutorial, a scenario) that is neither
    /// saved nor recorded: it does not follow from a seed.
    fn seat_unkept(&mut self, session: Box<dyn crate::session::Session>) {
        self.keeper = None;
        let mut table = LiveTable::new(session, self.settings.clone());
        table.set_saved(false);
        self.screen = Screen::Table(Box::new(table));
    }

    fn sit_down(&mut self, options: AnyOptions, seats: Vec<Occupant>) {
        let seed = self.seed();
        match LocalTable::new(options, seats, seed, self.settings.bot_pace) {
            Ok(table) => {
                self.keeper = crate::session::Session::host(&table).map(|host| MatchKeeper::new(host, jiff::Timestamp::now()));
                self.seat_at(Box::new(table));
                if let Screen::Table(table) = &mut self.screen {
                    table.dealt();
                }
            }
            Err(error) => tracing::error!(%error, "the table could not be set up"),
        }
    }

    /// Applies settings just changed: the language at once, the rest to the table.
    fn settings_changed(&mut self) {
        crate::i18n::set_language(self.settings.language);
        crate::think::set_think_time(self.settings.think_time);
        self.save_settings();
        if let Screen::Table(table) = &mut self.screen {
            table.apply_settings(self.settings.clone());
        }
    }

    /// Does what the start screen asked (also used to open straight into a quick game).
    pub fn start_choice(&mut self, choice: StartChoice) {
        match choice {
            StartChoice::Rules(kind) => self.screen = Screen::Rules(kind),
            StartChoice::QuickPlay(kind) if self.needs_first_name() => self.screen = Screen::FirstName(NameScreen::new(kind)),
            StartChoice::QuickPlay(kind) => self.quick_play(kind),
            StartChoice::Learn(kind) => {
                let name = self.last_player().unwrap_or_else(|| tr!("setup-default-player", number = 1));
                match TutorialTable::new(kind, &name, &tr!("tutorial-teacher"), self.settings.bot_pace) {
                    Ok(tutorial) => self.seat_unkept(Box::new(tutorial)),
                    Err(error) => tracing::error!(%error, "the tutorial could not be set up"),
                }
            }
            StartChoice::NewTable(kind) => {
                let mut form = TableSetupForm::new(kind, AnyOptions::defaults(kind).default_players());
                if let (Some(name), Some(seat)) = (self.last_player(), form.seats.first_mut()) {
                    *seat = Occupant::Human { name };
                }
                self.screen = Screen::Setup(form);
            }
            StartChoice::Continue => {
                let newest = self.store.as_ref().and_then(|store| store.unfinished().first()).map(|saved| saved.id.clone());
                if let Some(id) = newest {
                    self.library_choice(LibraryChoice::Resume(id));
                }
            }
            StartChoice::Settings => self.screen = Screen::Settings,
            StartChoice::About => self.screen = Screen::About,
            StartChoice::JoinLan => {
                // The profile used last, as at a new table; without one "Guest", not the host's
                // own default "Player 1" (the table would seat a second "Player 1 2"); editable.
                let name = self.last_player().unwrap_or_else(|| tr!("join-default-guest"));
                if let Some(lan) = self.lan_context() {
                    let join = JoinScreen::new(lan, name);
                    self.screen = Screen::Lan(Box::new(LanScreen::Join(join)));
                }
            }
        }
    }

    /// Opens the join screen with `invite` filled in (the window was opened with a
    /// `cardtable:` link).
    pub fn open_invite(&mut self, invite: &str) {
        self.start_choice(StartChoice::JoinLan);
        if let Screen::Lan(screen) = &mut self.screen
            && let LanScreen::Join(join) = screen.as_mut()
        {
            join.fill_invite(invite);
        }
    }

    fn menu_choice(&mut self, choice: MenuChoice) {
        match choice {
            // Undo from the menu: the table takes the move back next (its own command).
            MenuChoice::Resume | MenuChoice::Undo => self.menu = None,
            MenuChoice::Leave => {
                self.menu = None;
                self.leave_lan();
                self.screen = Screen::Start;
            }
            MenuChoice::SettingsChanged => self.settings_changed(),
        }
    }
}

/// A back button and a screen title.
fn title_bar(ui: &mut egui::Ui, title: String) -> bool {
    let mut back = false;
    ui.horizontal_wrapped(|ui| {
        back = ui.add(egui::Button::new(tr!("nav-back")).min_size(egui::vec2(theme::TOUCH * 2.0, theme::TOUCH))).clicked();
        ui.label(RichText::new(title).size(theme::TITLE_SIZE).strong());
    });
    back
}

impl eframe::App for CardtableApp {
    fn logic(&mut self, ctx: &egui::Context, _frame: &mut eframe::Frame) {
        self.poll_store_jobs(ctx);
        if let Some(store) = &mut self.store {
            store.poll();
            if store.history_progress().is_some() {
                // The history is still being read: the banner counts it, and it joins when done.
                ctx.request_repaint_after(std::time::Duration::from_millis(100));
            }
            // The store's one hook at the table: save after every action, record once decided.
            // A hosted match is kept like a hot-seat one, from the authority's copy; each match
            // of the table (a rematch) gets a keeper of its own.
            if let Screen::Table(table) = &self.screen
                && let Some(host) = table.host()
                && (self.lan.hosting.is_some() || self.keeper.is_some())
            {
                if self.lan.hosting.is_some() && !self.keeper.as_ref().is_some_and(|keeper| keeper.keeps(host)) {
                    // Only the host device's own seats are credited to its profiles.
                    let played_here = crate::session::Session::local_seats(table.session());
                    self.keeper = Some(MatchKeeper::new(host, jiff::Timestamp::now()).played_here(played_here));
                }
                if let Some(keeper) = &mut self.keeper {
                    keeper.sync(host, store, jiff::Timestamp::now());
                    if keeper.busy() {
                        ctx.request_repaint_after(std::time::Duration::from_millis(20));
                    }
                }
            }
        }
        self.record_lan_match(false);
        self.tell_seed_draw();
        // The menu pauses a table run on this device (its bots wait, as the people do); a
        // networked table goes on, since others play at it.
        let paused = self.menu.is_some() && matches!(&self.screen, Screen::Table(table) if table.host().is_some());
        if let Screen::Table(table) = &mut self.screen
            && !paused
        {
            let now = ctx.input(|input| input.time);
            if let Some(after) = table.logic(now) {
                ctx.request_repaint_after(std::time::Duration::from_secs_f64(after.max(0.0)));
            }
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        if let Some(seconds) = frame.info().cpu_usage {
            // The previous frame's CPU time (ui and painting), for measuring (RUST_LOG=cardtable::frame=trace).
            tracing::trace!(target: "cardtable::frame", cpu_ms = f64::from(seconds) * 1_000.0);
        }
        let commands = self.draw(ui);
        // A command changes what the window shows (another screen, a move, a table that has
        // just arrived from the network): the next frame shows it without waiting for input.
        // A guest's lobby that hands over its table draws nothing in that frame: without this
        // a rejoining guest's window stayed plain felt until the pointer moved.
        if !commands.is_empty() {
            ui.ctx().request_repaint();
        }
        for command in commands {
            self.apply(command, ui.ctx());
        }
        self.play_cues(ui.ctx());
    }
}

impl CardtableApp {
    /// Draws the screen on display and the menu over it; returns what they asked of the app,
    /// in order (applied after drawing).
    fn draw(&mut self, ui: &mut egui::Ui) -> Vec<Command> {
        let mut commands = Vec::new();
        let profile_names = if matches!(self.screen, Screen::Setup(_)) { self.profile_names() } else { Vec::new() };
        let escape = ui.input(|input| input.key_pressed(egui::Key::Escape));
        // Ctrl+Q (Cmd+Q on macOS) quits, as desktop programs do.
        if ui.input(|input| input.modifiers.command && input.key_pressed(egui::Key::Q)) {
            ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
        }
        let waker: crate::net::Waker = {
            let ctx = ui.ctx().clone();
            std::sync::Arc::new(move || ctx.request_repaint())
        };
        if let Some(command) = self.lan_banner(ui) {
            commands.push(command);
        }
        self.paths_strip(ui);
        egui::CentralPanel::default().frame(egui::Frame::central_panel(ui.style()).inner_margin(theme::MARGIN)).show(ui, |ui| {
            if let Some(store) = &self.store
                && ui::notices::banner(ui, store)
            {
                commands.push(Command::DismissNotices);
            }
            let command = match &mut self.screen {
                Screen::Start => {
                    let rejoin = self.rejoin_host();
                    let (store, store_error, panel) = (&self.store, &self.store_error, &mut self.library);
                    let offers = ui::start::StartOffers {
                        resume: store.as_ref().and_then(|store| panel.newest(store)),
                        rejoin,
                        look: CardLook { four_colour: self.settings.four_colour },
                    };
                    let (start, library) = ui::start::show(ui, &offers, |ui| match (store, store_error) {
                        (Some(store), _) => panel.show(ui, store),
                        (None, Some(error)) => {
                            ui.colored_label(theme::ACCENT, tr!("store-no-data", error = error));
                            None
                        }
                        (None, None) => None,
                    });
                    library.map(Command::Library).or(start.map(Command::Start))
                }
                Screen::Profiles(screen) => match self.store.as_ref().and_then(|store| screen.show(ui, store.profiles())) {
                    Some(ProfilesRequest::Back) => Some(Command::Back),
                    Some(ProfilesRequest::Statistics(id)) => {
                        Some(Command::Show(Box::new(Screen::Stats(StatsScreen::for_profile(Some(id))))))
                    }
                    Some(ProfilesRequest::Edit(edit)) => Some(Command::Profiles(edit)),
                    None => None,
                },
                Screen::History(screen) => match self.store.as_ref().and_then(|store| screen.show(ui, store)) {
                    Some(HistoryRequest::Back) => Some(Command::Back),
                    Some(HistoryRequest::Replay(id)) => Some(Command::OpenRecord(id, RecordUse::Replay)),
                    Some(HistoryRequest::Details(id)) => Some(Command::OpenRecord(id, RecordUse::Details)),
                    Some(HistoryRequest::Export(format)) => Some(Command::Export { format }),
                    None => None,
                },
                Screen::FirstName(screen) => match screen.show(ui) {
                    Some(NameRequest::Play(name)) => Some(Command::FirstName(name)),
                    Some(NameRequest::Back) => Some(Command::Back),
                    None => None,
                },
                Screen::Stats(screen) => match self.store.as_ref().and_then(|store| screen.show(ui, store)) {
                    Some(StatsRequest::Back) => Some(Command::Back),
                    Some(StatsRequest::MakeProfile) => Some(Command::Show(Box::new(Screen::Profiles(ProfilesScreen::default())))),
                    Some(StatsRequest::History(id)) => Some(Command::Show(Box::new(Screen::History(HistoryScreen::for_player(Some(id)))))),
                    None => None,
                },
                Screen::Replay(screen) => (screen.show(ui, CardLook { four_colour: self.settings.four_colour })
                    == Some(ReplayRequest::Back))
                .then(|| Command::Show(Box::new(Screen::History(HistoryScreen::default())))),
                Screen::Rules(kind) => {
                    let back = title_bar(ui, tr!("rules-title", game = ui::names::game(*kind)));
                    ui::rules::show(ui, *kind);
                    back.then_some(Command::Back)
                }
                Screen::Setup(form) => {
                    let range = form.options.seat_range();
                    ui::setup::show(ui, form, range, &profile_names).map(Command::Setup)
                }
                Screen::Settings => {
                    let back = title_bar(ui, tr!("settings-title"));
                    let changed = ui::settings::show(ui, &mut self.settings);
                    if back { Some(Command::Back) } else { changed.then_some(Command::SettingsChanged) }
                }
                Screen::Lan(screen) => self.lan.context.as_ref().and_then(|lan| ui::lan::show(ui, screen, lan, &waker)).map(Command::from),
                Screen::Table(table) => {
                    if self.menu.is_none() {
                        commands.extend(table.draw(ui).into_iter().map(Command::Table));
                    } else {
                        // The table stays behind the menu, but takes no input from it.
                        let ignored = ui.add_enabled_ui(false, |ui| table.draw(ui)).inner;
                        debug_assert!(ignored.is_empty(), "a disabled table asks for nothing");
                    }
                    None
                }
                Screen::About => {
                    let back = title_bar(ui, tr!("about-title"));
                    let rules = ui::about::show(ui).map(|kind| Command::Start(StartChoice::Rules(kind)));
                    if back { Some(Command::Back) } else { rules }
                }
            };
            commands.extend(command);
        });
        if let Screen::Table(table) = &self.screen {
            if escape && self.menu.is_none() {
                commands.push(Command::Table(TableCommand::App(TableRequest::Menu)));
            } else if let Some(menu) = &mut self.menu {
                let kind = table.session().kind();
                let undo = table.undo_in_menu();
                match ui::menu::show(ui.ctx(), menu, kind, &mut self.settings, escape, &table.leave_question(), undo) {
                    // The menu closes on the table with the move taken back.
                    Some(MenuChoice::Undo) => {
                        commands.push(Command::Menu(MenuChoice::Undo));
                        commands.push(Command::Table(TableCommand::Undo));
                    }
                    Some(choice) => commands.push(Command::Menu(choice)),
                    None => {}
                }
            }
        } else if escape && !matches!(self.screen, Screen::Start) {
            commands.push(Command::Back);
        }
        commands
    }
}

/// Opens the window and runs until it is closed; with `scenario` (checked), at its table.
///
/// # Errors
/// The window could not be created (no display, no graphics).
pub fn run_window(args: &WindowArgs, data_dir: Option<&std::path::Path>, scenario: Option<Scenario>) -> eframe::Result {
    let size = args.window_size.map_or([1000.0, 720.0], |size| [size.width, size.height]);
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Cardtable")
            .with_app_id(ui::about::APP_ID)
            .with_icon(ui::about::window_icon())
            .with_inner_size(size)
            .with_min_inner_size([320.0, 480.0]),
        ..Default::default()
    };
    let clock = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(7, |elapsed| elapsed.as_nanos() as u64);
    let seed = args.seed.unwrap_or(clock);
    let opening = args.quick_play.map(StartChoice::QuickPlay).or(args.learn.map(StartChoice::Learn));
    crate::think::override_think_ms(args.think_ms);
    // The index is read now; the records a deleted or damaged one lacks are read behind the
    // window, which shows how far it is (a history of thousands never holds the first frame).
    let store = crate::store::paths::data_dir(data_dir).and_then(Store::open_for_window).map(Some).map_err(|error| {
        tracing::error!(%error, "no data folder: profiles, history and saves are off");
        error.to_string()
    });
    let lan_interface = args.lan_interface;
    let invite = args.invite.clone();
    eframe::run_native(
        "Cardtable",
        options,
        Box::new(move |cc| {
            let mut app = CardtableApp::with_store(cc, seed, store);
            app.set_lan_interface(lan_interface);
            // Opened on its own thread: the window never waits for the sound library.
            app.set_sound(SoundPlayer::system());
            match opening {
                Some(StartChoice::QuickPlay(kind)) => app.quick_play(kind),
                Some(choice) => app.start_choice(choice),
                None => {}
            }
            if let Some(invite) = &invite {
                app.open_invite(invite);
            }
            if let Some(scenario) = &scenario {
                app.open_scenario(scenario);
            }
            Ok(Box::new(app))
        }),
    )
}
