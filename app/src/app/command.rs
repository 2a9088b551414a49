//! What the screens ask of the app. Every screen answers a frame with [`Command`]s; the app
//! applies them after drawing, in the order they were given, in one place
//! ([`CardtableApp::apply`]), so no frame shows half of a change and every change can be
//! tested without drawing (egui's demo app applies its `Command` the same way).
//!
//! What writes a file or takes long (an export, reading a record, a profile's file, the LAN
//! files) is started here and runs off the frame ([`super::store_jobs`]); its outcome reaches
//! the screen on a later frame.

use crate::net::lan::LanSettings;
use crate::store::export_job::ExportFormat;
use crate::store::profiles::ProfileEdit;
use crate::store::record::MatchId;
use crate::ui::lan::LanOutcome;
use crate::ui::lan::join::JoinedHost;
use crate::ui::menu::MenuChoice;
use crate::ui::resume::LibraryChoice;
use crate::ui::setup::SetupChoice;
use crate::ui::start::StartChoice;
use crate::ui::table::{TableCommand, TableRequest};

use super::{CardtableApp, LiveTable, RecordUse, Screen};
use crate::net::table::HostCommand;

/// One thing a screen asks of the app.
#[derive(Debug)]
#[must_use = "a screen's request does nothing until the app applies it"]
pub enum Command {
    /// Back to the start screen (leaving any networked table).
    Back,
    /// Show this screen.
    Show(Box<Screen>),
    /// A choice on the start screen (or About's rules links).
    Start(StartChoice),
    /// A choice on the New table form.
    Setup(SetupChoice),
    /// What the player asked of the table: a move for its match, or the app's part (leave,
    /// play again, the menu).
    Table(TableCommand),
    /// A choice in the menu over the table.
    Menu(MenuChoice),
    /// The settings changed: apply them.
    SettingsChanged,
    /// A choice on the start screen's store panel (profiles, history, unfinished matches).
    Library(LibraryChoice),
    /// Read a finished match's record: for the history's details, or to replay it.
    OpenRecord(MatchId, RecordUse),
    /// Change the profiles.
    Profiles(ProfileEdit),
    /// Export the whole history into the data folder's `exports/`.
    Export {
        /// CSV or JSON.
        format: ExportFormat,
    },
    /// The first quick play's name: make the profile and sit down.
    FirstName(String),
    /// The player has read the store's notices.
    DismissNotices,
    /// Remember a host just joined (and the name joined with).
    RememberHost(JoinedHost),
    /// Keep these LAN settings.
    LanSettings(LanSettings),
    /// The LAN screens moved on (back, or a match began).
    Lan(LanOutcome),
}

impl From<LanOutcome> for Command {
    fn from(outcome: LanOutcome) -> Command {
        match outcome {
            LanOutcome::Remember(joined) => Command::RememberHost(joined),
            LanOutcome::Settings(settings) => Command::LanSettings(settings),
            outcome => Command::Lan(outcome),
        }
    }
}

impl CardtableApp {
    /// Applies `command`; `ctx` wakes the window when the network or a store job has
    /// something for it.
    pub fn apply(&mut self, command: Command, ctx: &egui::Context) {
        match command {
            Command::Table(TableCommand::App(request)) => self.table_request(request),
            Command::Table(command) => {
                let request = match &mut self.screen {
                    Screen::Table(table) => table.apply(command),
                    _ => None,
                };
                if let Some(request) = request {
                    self.table_request(request);
                }
                // The move shows on the next frame.
                ctx.request_repaint();
            }
            Command::Back | Command::Setup(SetupChoice::Back) | Command::Lan(LanOutcome::Back) => {
                self.leave_lan();
                self.screen = Screen::Start;
            }
            Command::Show(screen) => self.screen = *screen,
            Command::Start(choice) => self.start_choice(choice),
            Command::Setup(SetupChoice::Start) => {
                if let Screen::Setup(form) = &self.screen {
                    let (options, seats) = (form.options.clone(), form.seats.clone());
                    self.sit_down(options, seats);
                }
            }
            Command::Setup(SetupChoice::HostLan) => {
                if let Screen::Setup(form) = &self.screen {
                    let form = form.clone();
                    let ctx = ctx.clone();
                    self.host_lan(&form, std::sync::Arc::new(move || ctx.request_repaint()));
                }
            }
            #[cfg(feature = "online")]
            Command::Setup(SetupChoice::HostOnline) => {
                if let Screen::Setup(form) = &self.screen {
                    let form = form.clone();
                    let ctx = ctx.clone();
                    self.host_online(&form, std::sync::Arc::new(move || ctx.request_repaint()));
                }
            }
            Command::Menu(choice) => self.menu_choice(choice),
            Command::SettingsChanged => self.settings_changed(),
            Command::Library(choice) => self.library_choice(choice),
            Command::OpenRecord(id, usage) => self.open_record(id, usage, ctx),
            Command::Profiles(edit) => {
                self.edit_profile(&edit, ctx);
            }
            Command::Export { format } => self.export_history(format, ctx),
            Command::FirstName(name) => self.first_name_given(&name, ctx),
            Command::DismissNotices => {
                if let Some(store) = &mut self.store {
                    store.dismiss_notices();
                }
            }
            Command::RememberHost(joined) | Command::Lan(LanOutcome::Remember(joined)) => self.remember_host(&joined, ctx),
            Command::LanSettings(settings) | Command::Lan(LanOutcome::Settings(settings)) => self.keep_lan_settings(settings, ctx),
            Command::Lan(LanOutcome::Play(session, hosting)) => {
                self.lan.status = Some(session.status());
                self.lan.recorded = 0;
                self.keeper = None;
                self.lan.hosting = hosting;
                let mut table = LiveTable::new(session, self.settings.clone());
                // The host's device keeps its hosted match, saved after every move.
                table.set_saved(self.lan.hosting.is_some() && self.store.as_ref().is_some_and(|store| store.read_only().is_none()));
                self.screen = Screen::Table(Box::new(table));
            }
        }
    }

    /// Does what the table asked of the app.
    fn table_request(&mut self, request: TableRequest) {
        match request {
            TableRequest::Leave => {
                self.leave_lan();
                self.screen = Screen::Start;
            }
            TableRequest::Menu => {
                if matches!(self.screen, Screen::Table(_)) && self.menu.is_none() {
                    self.menu = Some(crate::ui::menu::MenuState::default());
                }
            }
            TableRequest::PlayAgain => self.play_again(),
            TableRequest::QuickPlay(kind) => self.start_choice(StartChoice::QuickPlay(kind)),
        }
    }

    /// "Play again": a networked table plays again where it is, with the same seats; a table
    /// on this device starts a new match with them.
    fn play_again(&mut self) {
        if let Some(hosting) = &self.lan.hosting {
            hosting.handle.command(HostCommand::Rematch);
        } else if let Screen::Table(table) = &self.screen
            && let Some((options, seats)) = table.session().rematch()
        {
            self.sit_down(options, seats);
        }
    }
}
