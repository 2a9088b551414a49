//! The window's LAN side: the network context made on first use, hosting from the New table
//! form, leaving a networked table, recording its match in this device's history, and the
//! banner that says how a networked match ended.

use egui::RichText;

use super::{CardtableApp, Command, Screen};
use crate::net::lan::{LanContext, default_dir};
use crate::net::session::SharedStatus;
use crate::tr;
use crate::ui::lan::LanScreen;
use crate::ui::lan::host::HostLobby;
use crate::ui::lan::host::Hosting;
use crate::ui::setup::TableSetupForm;
use crate::ui::{self, theme};

/// Everything the window keeps about LAN play.
#[derive(Debug, Default)]
pub(super) struct LanState {
    /// LAN play's runtime and files, made on first use.
    pub context: Option<LanContext>,
    /// The `--lan-interface` flag.
    pub interface: Option<std::net::Ipv4Addr>,
    /// Where LAN files are kept, if not the platform's config folder (tests).
    pub dir: Option<std::path::PathBuf>,
    /// Where the LAN context keeps its files (none: it keeps none), once it is made.
    pub files: Option<std::path::PathBuf>,
    /// The table this device hosts, while its match is played.
    pub hosting: Option<Box<Hosting>>,
    /// How the networked match at the table stands (its end, to tell the player).
    pub status: Option<SharedStatus>,
    /// A problem to tell the player once (a table that could not be opened).
    pub notice: Option<String>,
    /// How many of the link's matches this device has recorded.
    pub recorded: u32,
    /// How many of the link's matches this device has told how their seed was drawn.
    pub draws_told: u32,
}

impl CardtableApp {
    /// Uses this interface for LAN discovery (the `--lan-interface` flag).
    pub fn set_lan_interface(&mut self, interface: Option<std::net::Ipv4Addr>) {
        self.lan.interface = interface;
    }

    /// Keeps LAN files (device identity, known hosts) in `dir` instead of the platform's
    /// config folder, so tests never touch a real profile.
    pub fn set_lan_dir(&mut self, dir: std::path::PathBuf) {
        self.lan.dir = Some(dir);
    }

    /// Reaches online tables through `relays` instead of Settings' list, without storing it
    /// (the tests keep to loopback with none).
    pub fn set_relays(&mut self, relays: Vec<String>) {
        self.settings.relays = relays;
    }

    /// LAN play's context, made on first use (`None` if the network runtime cannot start).
    pub(super) fn lan_context(&mut self) -> Option<&mut LanContext> {
        if self.lan.context.is_none() {
            // The LAN files live in the data folder's `lan/` (the `--data-dir` flag moves both).
            let dir = self.lan.dir.clone().or_else(|| self.store.as_ref().map(|store| store.root().join("lan"))).or_else(default_dir);
            match LanContext::new(dir.clone(), self.lan.interface) {
                Ok(lan) => {
                    self.lan.files = dir;
                    self.lan.notice = lan.notices.first().cloned();
                    self.lan.context = Some(lan);
                }
                Err(error) => {
                    tracing::error!(%error, "the network runtime could not start");
                    self.lan.notice = Some(tr!("net-host-error", reason = error.to_string()));
                }
            }
        }
        self.lan.context.as_mut()
    }

    /// Leaves any networked table: a hosted one is closed (its guests are told).
    pub(super) fn leave_lan(&mut self) {
        // The rounds finished so far stay in the history when leaving an undecided match.
        self.record_lan_match(true);
        self.lan.hosting = None;
        self.lan.status = None;
        self.lan.recorded = 0;
        self.lan.draws_told = 0;
        // The known hosts may have changed at that table: the start screen reads them again.
        self.rejoin = None;
    }

    /// Tells the player, once per match, when the deal was drawn without some seats' devices
    /// (they did not take part in the shuffle in time).
    pub(super) fn tell_seed_draw(&mut self) {
        let Some(status) = &self.lan.status else { return };
        let status = status.borrow();
        if status.matches <= self.lan.draws_told {
            return;
        }
        self.lan.draws_told = status.matches;
        let Some(start) = &status.start else { return };
        let forfeited = start.draw.forfeited;
        if forfeited.is_empty() {
            return;
        }
        let names: Vec<&str> = forfeited.iter().filter_map(|seat| start.seats.get(seat.index())).map(|seat| seat.name.as_str()).collect();
        self.lan.notice = Some(tr!("fair-forfeited", names = names.join(", "), count = names.len()));
    }

    /// Records the networked match at the table in this device's history once there is
    /// something to keep (see [`crate::net::record::network_record`]), each match once. The
    /// host's own device keeps its hosted match like a hot-seat one instead (the keeper), with
    /// its full replay.
    pub(super) fn record_lan_match(&mut self, leaving: bool) {
        if self.lan.hosting.is_some() {
            return;
        }
        let (Some(store), Some(status)) = (&mut self.store, &self.lan.status) else { return };
        let status = status.borrow();
        if status.matches <= self.lan.recorded {
            return;
        }
        // The id's nonce is random: a guest has no seed, and the app's seed sequence deals the
        // local tables, so it must not move.
        let now = jiff::Timestamp::now();
        let nonce = getrandom::u64().unwrap_or_default();
        let Some(mut record) = crate::net::record::network_record(&status, store.profiles(), leaving, now, nonce) else {
            return;
        };
        let joined_as = self.lan.context.as_ref().and_then(|lan| lan.settings.name.as_deref());
        if let Some(profile) = joined_as.and_then(|name| store.profiles().by_name(name)) {
            record.credit_played_seats(profile.id);
        }
        self.lan.recorded = status.matches;
        // A record that does not replay as the match was played here is told plainly (and kept
        // so, in the history).
        if let Some(crate::store::verdict::Verdict::Mismatch { at_move, what }) =
            record.network.as_ref().and_then(|network| network.verdict)
        {
            self.lan.notice = Some(ui::lan::words::mismatch(at_move, what));
        }
        if let Err(error) = store.record(record) {
            tracing::error!(%error, "a networked match could not be recorded");
        }
    }

    /// Opens the table of the "New table" form on the home network.
    pub(super) fn host_lan(&mut self, form: &TableSetupForm, waker: crate::net::Waker) {
        let (pace, seed) = (self.settings.bot_pace, self.seed());
        let Some(lan) = self.lan_context() else { return };
        // The device's identity, made and stored the first time this device hosts.
        let identity = match lan.identity() {
            Ok(identity) => identity,
            Err(error) => {
                self.lan.notice = Some(tr!("net-host-error", reason = error.to_string()));
                return;
            }
        };
        match HostLobby::open(lan, &identity, form, pace, seed, waker) {
            Ok(lobby) => self.screen = Screen::Lan(Box::new(LanScreen::Host(lobby))),
            Err(reason) => self.lan.notice = Some(tr!("net-host-error", reason = reason)),
        }
    }

    /// Opens the table of the "New table" form online, reached through Settings' relays.
    #[cfg(feature = "online")]
    pub(super) fn host_online(&mut self, form: &TableSetupForm, waker: crate::net::Waker) {
        let (pace, seed, relays) = (self.settings.bot_pace, self.seed(), self.settings.relays.clone());
        let Some(lan) = self.lan_context() else { return };
        // The device's online identity, made and stored the first time this device hosts online.
        let key = match lan.online_key() {
            Ok(key) => key,
            Err(error) => {
                self.lan.notice = Some(tr!("net-host-error", reason = error.to_string()));
                return;
            }
        };
        match HostLobby::open_online(lan, &key, form, (pace, seed), relays, waker) {
            Ok(lobby) => self.screen = Screen::Lan(Box::new(LanScreen::Host(lobby))),
            Err(reason) => self.lan.notice = Some(tr!("net-host-error", reason = reason)),
        }
    }

    /// Under a networked table: how each device is connected (always there, so the table does
    /// not move when it changes).
    pub(super) fn paths_strip(&self, ui: &mut egui::Ui) {
        if let (Screen::Table(_), Some(status)) = (&self.screen, &self.lan.status) {
            let paths = status.borrow().paths.clone();
            ui::lan::paths::strip(ui, &paths);
        }
    }

    /// Above every screen: a problem to tell once, and how a networked match ended; asks to
    /// go back to the start once the player has read how it ended.
    pub(super) fn lan_banner(&mut self, ui: &mut egui::Ui) -> Option<Command> {
        let (ending, reconnecting) = self
            .lan
            .status
            .as_ref()
            .map(|status| (status.borrow().ending.clone(), status.borrow().reconnecting.clone()))
            .unwrap_or_default();
        if let Some(trying) = reconnecting {
            return reconnecting_banner(ui, &trying);
        }
        if self.lan.notice.is_none() && ending.is_none() {
            return None;
        }
        let mut dismiss = false;
        let mut leave = false;
        egui::Panel::top("lan-banner").frame(egui::Frame::new().fill(theme::ACCENT_DARK).inner_margin(8.0)).show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                if let Some(notice) = &self.lan.notice {
                    ui.label(RichText::new(notice).color(theme::INK));
                    dismiss = ui.add(egui::Button::new("✕").min_size(egui::vec2(theme::TOUCH, theme::TOUCH))).clicked();
                }
                if let Some(ending) = &ending {
                    ui.label(RichText::new(ui::lan::words::ending(ending)).color(theme::INK));
                    leave = ui.add(egui::Button::new(tr!("net-back-to-start")).min_size(egui::vec2(0.0, theme::TOUCH))).clicked();
                }
            });
        });
        if dismiss {
            self.lan.notice = None;
        }
        leave.then_some(Command::Back)
    }
}

/// While a lost connection is dialled again: what is happening, and a way to give up. The
/// table stays on screen beneath, as it was.
fn reconnecting_banner(ui: &mut egui::Ui, trying: &crate::net::guest::Reconnecting) -> Option<Command> {
    let mut leave = false;
    egui::Panel::top("lan-reconnecting").frame(egui::Frame::new().fill(theme::ACCENT_DARK).inner_margin(8.0)).show(ui, |ui| {
        ui.horizontal_wrapped(|ui| {
            ui.spinner();
            ui.label(RichText::new(ui::lan::words::reconnecting(trying)).color(theme::INK));
            leave = ui.add(egui::Button::new(tr!("net-leave")).min_size(egui::vec2(theme::TOUCH, theme::TOUCH))).clicked();
        });
    });
    leave.then_some(Command::Back)
}
