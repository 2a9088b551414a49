//! The host's lobby: the table is open on the network (its address, port and join code shown
//! large), the host chooses the game, house rules and who sits where (a guest, someone at this
//! device, a bot), guests sit down and say they are ready, and the host starts the match.

use std::net::{IpAddr, SocketAddr};

use cardtable_engine::{AnyOptions, Seat};
use egui::RichText;

use super::lobby::{seat_rows, touch_button};
use super::words;
use crate::net::discovery::{Announcement, Announcer, shown_address};
use crate::net::identity::Identity;
use crate::net::lan::LanContext;
use crate::net::protocol::{Holder, HostMsg, LobbyInfo, Role};
use crate::net::remote::RemoteTable;
use crate::net::server::{DEFAULT_PORT, HostHandle, HostSettings, start_host};
use crate::net::session::{Line, NetSession};
use crate::net::table::{HostCommand, SeatPlan, TableConfig, TableCore};
use crate::session::authority::Pacing;
use crate::session::seating::{Occupant, quick_level};
use crate::settings::BotPace;
use crate::tr;
use crate::ui::setup::TableSetupForm;
use crate::ui::{setup, theme};

/// A table open on the network: kept while its match is played.
#[derive(Debug)]
pub struct Hosting {
    /// The host.
    pub handle: HostHandle,
    /// Its announcements on the LAN (none if discovery could not start).
    pub announcer: Option<Announcer>,
}

impl Hosting {
    /// Keeps the announcement up to date with the table.
    fn announce(&self, lobby: Option<&LobbyInfo>, playing: bool) {
        let Some(announcer) = &self.announcer else { return };
        let open = lobby.map_or(0, |lobby| lobby.seats.iter().filter(|seat| seat.holder == Holder::Open).count());
        let game = lobby.map(|lobby| lobby.options.kind());
        announcer.update(|announcement| {
            announcement.open_seats = u8::try_from(open).unwrap_or(u8::MAX);
            announcement.playing = playing;
            if let Some(game) = game {
                announcement.game = game;
            }
        });
    }
}

/// What the host's lobby asks for.
#[derive(Debug)]
pub enum HostOutcome {
    /// Close the table and go back to the start screen.
    Close,
    /// The match began: on to the table, keeping the table open.
    Play(Box<NetSession>, Box<Hosting>),
}

/// The host's lobby.
#[derive(Debug)]
pub struct HostLobby {
    hosting: Option<Hosting>,
    table: RemoteTable,
    address: IpAddr,
    /// The game and house rules being edited.
    draft: AnyOptions,
    /// The name used when the host takes a seat at this device.
    host_name: String,
    notice: Option<String>,
}

impl HostLobby {
    /// Opens a table on the network from the "New table" form, as this device's `identity`
    /// (which the app reads, or makes and stores, first): its first person plays at this
    /// device, the other persons' seats are open for guests, its bots stay.
    ///
    /// # Errors
    /// No port can be opened (in words).
    pub fn open(
        lan: &LanContext,
        identity: &Identity,
        form: &TableSetupForm,
        pace: BotPace,
        seed: u64,
        waker: crate::net::Waker,
    ) -> Result<HostLobby, String> {
        let host_name = form
            .seats
            .iter()
            .find(|seat| seat.is_human())
            .map_or_else(|| tr!("setup-default-player", number = 1), |seat| seat.name().to_owned());
        let table = TableCore::new(TableConfig::new(&host_name), form.options.clone(), form.seats.len(), seed)
            .map_err(|error| error.to_string())?;
        let interface = lan.settings.interface;
        let mut settings = HostSettings {
            bind: SocketAddr::new(IpAddr::V4(interface), DEFAULT_PORT),
            bot_pace: Pacing::from(pace),
            waker: Some(waker),
            ..HostSettings::default()
        };
        let _runtime = lan.runtime().enter();
        let handle = match start_host(table, identity, settings.clone()) {
            Ok(handle) => handle,
            Err(error) => {
                // The usual port is taken (another table on this device): any free port will do.
                tracing::info!(%error, "the usual port is taken");
                settings.bind.set_port(0);
                let table = TableCore::new(TableConfig::new(&host_name), form.options.clone(), form.seats.len(), seed)
                    .map_err(|error| error.to_string())?;
                start_host(table, identity, settings).map_err(|error| error.to_string())?
            }
        };
        let announcement = Announcement::new(identity.fingerprint(), handle.addr().port(), &host_name, form.options.kind());
        let (announcer, notice) = match Announcer::start(&lan.settings.discovery(), announcement) {
            Ok(announcer) => (Some(announcer), None),
            Err(error) => (None, Some(tr!("net-discovery-off", reason = error.to_string()))),
        };
        let mut first_person = true;
        for (index, occupant) in form.seats.iter().enumerate() {
            let seat = Seat(u8::try_from(index).expect("a table has at most eight seats"));
            let plan = match occupant {
                Occupant::Human { name } if std::mem::take(&mut first_person) => SeatPlan::HostDevice { name: name.clone() },
                Occupant::Human { .. } => SeatPlan::Open,
                Occupant::Bot { name, level } => SeatPlan::Bot { name: name.clone(), level: *level },
            };
            handle.command(HostCommand::SetSeat { seat, plan });
        }
        Ok(HostLobby {
            hosting: Some(Hosting { handle, announcer }),
            table: RemoteTable::new(1),
            address: shown_address(interface),
            draft: form.options.clone(),
            host_name,
            notice,
        })
    }

    fn command(&self, command: HostCommand) {
        if let Some(hosting) = &self.hosting {
            hosting.handle.command(command);
        }
    }

    /// Takes in what the table told this device; returns the match's session once it began.
    fn receive(&mut self) -> Option<(NetSession, Hosting)> {
        let hosting = self.hosting.as_mut()?;
        let mut started = false;
        while let Some(message) = hosting.handle.try_recv() {
            started |= matches!(message, HostMsg::Started(_));
            if let Some(answer) = self.table.apply(message) {
                hosting.handle.send(answer);
            }
            if started {
                break;
            }
        }
        hosting.announce(self.table.lobby.as_ref(), started);
        if !started {
            return None;
        }
        let mut hosting = self.hosting.take()?;
        let line = hosting.handle.take_line()?;
        Some((NetSession::new(Line::Host(line), std::mem::take(&mut self.table)), hosting))
    }
}

/// Draws the host's lobby.
pub fn show(ui: &mut egui::Ui, lobby: &mut HostLobby) -> Option<HostOutcome> {
    if let Some((session, hosting)) = lobby.receive() {
        return Some(HostOutcome::Play(Box::new(session), Box::new(hosting)));
    }
    let Some(hosting) = &lobby.hosting else { return Some(HostOutcome::Close) };
    let (port, code) = (hosting.handle.addr().port(), hosting.handle.join_code());
    let mut outcome = None;
    let info = lobby.table.lobby.clone();
    egui::Panel::bottom("host-actions").frame(egui::Frame::new().inner_margin(egui::Margin::symmetric(0, 8))).show(ui, |ui| {
        if let Some(refusal) = &lobby.table.refusal {
            ui.colored_label(theme::ACCENT, words::refusal(refusal));
        }
        ui.horizontal_wrapped(|ui| {
            let start =
                egui::Button::new(RichText::new(tr!("net-host-start")).strong()).min_size(egui::vec2(theme::TOUCH * 4.0, theme::TOUCH));
            if ui.add_enabled(info.is_some(), start).clicked() {
                lobby.table.refusal = None;
                lobby.command(HostCommand::Start);
            }
            if touch_button(ui, tr!("net-host-close")).clicked() {
                outcome = Some(HostOutcome::Close);
            }
        });
    });
    egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
        ui.set_max_width(theme::READABLE_WIDTH.min(ui.available_width()));
        ui.label(RichText::new(tr!("net-host-title")).size(theme::TITLE_SIZE).strong());
        ui.label(RichText::new(tr!("net-host-code", code = code.to_string())).size(theme::JOIN_CODE_SIZE).strong().color(theme::ACCENT));
        ui.label(
            RichText::new(tr!("net-host-address", address = lobby.address.to_string(), port = u32::from(port))).size(theme::LARGE_SIZE),
        );
        ui.label(RichText::new(tr!("net-host-tell")).color(theme::INK_DIM));
        if let Some(notice) = &lobby.notice {
            ui.colored_label(theme::ACCENT, notice);
        }
        let Some(info) = info else {
            ui.spinner();
            return;
        };
        ui.add_space(8.0);
        seats_editor(ui, lobby, &info);
        if !info.others.is_empty() {
            ui.label(RichText::new(tr!("net-others", names = info.others.join(", "))).color(theme::INK_DIM));
        }
        ui.add_space(8.0);
        ui.label(RichText::new(tr!("net-house-rules")).strong());
        let before = lobby.draft.clone();
        setup::options_editor(ui, &mut lobby.draft);
        if lobby.draft != before {
            lobby.command(HostCommand::Configure { options: lobby.draft.clone(), seats: info.seats.len() });
        }
    });
    outcome
}

/// The seats, each with who holds it and the host's choice of guest, this device or a bot.
fn seats_editor(ui: &mut egui::Ui, lobby: &HostLobby, info: &LobbyInfo) {
    ui.horizontal(|ui| {
        let label = ui.label(RichText::new(tr!("net-host-players")).strong());
        let range = lobby.draft.seat_range();
        let mut seats = info.seats.len();
        if ui.add(egui::Slider::new(&mut seats, range)).labelled_by(label.id).changed() {
            lobby.command(HostCommand::Configure { options: lobby.draft.clone(), seats });
        }
    });
    let mine = match &info.you {
        Role::Seated(seats) => seats.clone(),
        Role::Waiting | Role::Spectator => Vec::new(),
    };
    let kind = lobby.draft.kind();
    seat_rows(ui, &info.seats, &mine, |ui, seat, seat_info| {
        let plan = |holder| match holder {
            Holder::HostDevice => SeatPlan::HostDevice { name: lobby.host_name.clone() },
            Holder::Bot(level) => SeatPlan::Bot { name: tr!("net-bot-name", number = seat.index() + 1), level },
            Holder::Open | Holder::Guest => SeatPlan::Open,
        };
        let choices = [
            (tr!("net-host-plan-open"), matches!(seat_info.holder, Holder::Open | Holder::Guest), Holder::Open),
            (tr!("net-host-plan-me"), seat_info.holder == Holder::HostDevice, Holder::HostDevice),
            (tr!("net-host-plan-bot"), matches!(seat_info.holder, Holder::Bot(_)), Holder::Bot(quick_level(kind))),
        ];
        for (text, selected, holder) in choices {
            if ui.add(egui::Button::selectable(selected, text).min_size(egui::vec2(0.0, theme::TOUCH))).clicked() && !selected {
                lobby.command(HostCommand::SetSeat { seat, plan: plan(holder) });
            }
        }
    });
}
