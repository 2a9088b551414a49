//! The host's lobby: the table is open on the home network (its address, port and join code
//! shown large) or online (its invite: code, link and QR code, see [`super::invite`]), the host
//! chooses the game, house rules and who sits where (a guest, someone at this
//! device, a bot), guests sit down and say they are ready, and the host starts the match.

use std::net::{IpAddr, SocketAddr};
use std::time::Instant;

use cardtable_engine::{AnyOptions, Seat};
use egui::RichText;
use tokio::sync::oneshot;

use super::invite::InviteCard;
use super::lobby::{seat_rows, touch_button};
use super::words;
use crate::net::discovery::{Announcement, Announcer, shown_address};
use crate::net::identity::Identity;
use crate::net::invite::Invite;
use crate::net::lan::LanContext;
#[cfg(feature = "online")]
use crate::net::online::{OnlineSettings, key::OnlineKey, start_online_host};
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

/// How guests reach the table.
#[derive(Debug)]
enum Door {
    /// On the home network, at this address (and the host's port).
    Lan(IpAddr),
    /// Online, by the invite (none while the table is still opening).
    Online(Option<Box<InviteCard>>),
}

/// A table opening online off the frame: starting waits for a relay (up to ten seconds).
#[derive(Debug)]
struct Opening {
    /// The host and its invite, or why it could not open.
    result: oneshot::Receiver<Result<(HostHandle, Invite), String>>,
}

/// The host's lobby.
#[derive(Debug)]
pub struct HostLobby {
    hosting: Option<Hosting>,
    opening: Option<Opening>,
    table: RemoteTable,
    door: Door,
    /// The game and house rules being edited.
    draft: AnyOptions,
    /// The name used when the host takes a seat at this device.
    host_name: String,
    notice: Option<String>,
    /// When the lobby was last told (away seats count down from it).
    lobby_at: Option<Instant>,
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
        let host_name = host_name(form);
        let table = table_core(form, &host_name, seed)?;
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
                let table = table_core(form, &host_name, seed)?;
                start_host(table, identity, settings).map_err(|error| error.to_string())?
            }
        };
        let announcement = Announcement::new(identity.fingerprint(), handle.addr().port(), &host_name, form.options.kind());
        let (announcer, notice) = match Announcer::start(&lan.settings.discovery(), identity, announcement) {
            Ok(announcer) => (Some(announcer), None),
            Err(error) => (None, Some(tr!("net-discovery-off", reason = error.to_string()))),
        };
        Ok(HostLobby {
            hosting: Some(Hosting { handle, announcer }),
            opening: None,
            table: RemoteTable::new(1),
            door: Door::Lan(shown_address(interface)),
            draft: form.options.clone(),
            host_name,
            // A copied data folder's new identity is said where the host sees its join code.
            notice: notice.or_else(|| lan.identity_renewed().map(ToString::to_string)),
            lobby_at: None,
        })
    }

    /// Opens a table online from the "New table" form, as this device's online `key`, reached
    /// through `relays` (Settings' list) and at its direct addresses. The table opens off the
    /// frame (it waits for a relay); the lobby says so meanwhile, then shows the invite.
    ///
    /// # Errors
    /// The form's table cannot be set up (in words).
    #[cfg(feature = "online")]
    pub fn open_online(
        lan: &LanContext,
        key: &OnlineKey,
        form: &TableSetupForm,
        (pace, seed): (BotPace, u64),
        relays: Vec<String>,
        waker: crate::net::Waker,
    ) -> Result<HostLobby, String> {
        let host_name = host_name(form);
        let table = table_core(form, &host_name, seed)?;
        // A window kept on this machine (`--lan-interface 127.0.0.1`: the tests) hosts on
        // loopback; else on every interface, where friends' devices can reach it directly.
        let ip = if lan.settings.interface.is_loopback() { IpAddr::V4(lan.settings.interface) } else { IpAddr::V4(0.into()) };
        let settings = HostSettings {
            bind: SocketAddr::new(ip, 0),
            bot_pace: Pacing::from(pace),
            waker: Some(waker.clone()),
            ..HostSettings::default()
        };
        let online = OnlineSettings { relays, ..OnlineSettings::default() };
        let key = key.clone();
        let (sender, result) = oneshot::channel();
        lan.runtime().spawn(async move {
            let opened = match start_online_host(table, &key, settings, &online).await {
                Ok(handle) => handle.invite().map(|invite| (handle, invite)).map_err(|error| error.to_string()),
                Err(error) => Err(error.to_string()),
            };
            let _ = sender.send(opened);
            waker();
        });
        Ok(HostLobby {
            hosting: None,
            opening: Some(Opening { result }),
            table: RemoteTable::new(1),
            door: Door::Online(None),
            draft: form.options.clone(),
            host_name,
            // A copied data folder's new online key is said where the host sees the invite.
            notice: lan.identity_renewed().map(ToString::to_string),
            lobby_at: None,
        })
    }

    /// Takes the online table once it is open (its seats were planned before): its invite shown.
    fn poll_opening(&mut self) {
        let Some(opening) = &mut self.opening else { return };
        let opened = match opening.result.try_recv() {
            Ok(opened) => opened,
            Err(oneshot::error::TryRecvError::Empty) => return,
            Err(oneshot::error::TryRecvError::Closed) => Err(tr!("net-online-cut-short")),
        };
        self.opening = None;
        match opened {
            Ok((handle, invite)) => {
                self.door = Door::Online(Some(Box::new(InviteCard::new(invite))));
                self.hosting = Some(Hosting { handle, announcer: None });
            }
            Err(reason) => self.notice = Some(tr!("net-host-error", reason = reason)),
        }
    }

    /// The invite, once an online table is open (tests read it as a guest would copy it).
    #[must_use]
    pub fn invite(&self) -> Option<&InviteCard> {
        match &self.door {
            Door::Online(card) => card.as_deref(),
            Door::Lan(_) => None,
        }
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
            if matches!(message, HostMsg::Lobby(_)) {
                self.lobby_at = Some(Instant::now());
            }
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

/// The name the host plays under at its own device: the form's first person.
fn host_name(form: &TableSetupForm) -> String {
    form.seats.iter().find(|seat| seat.is_human()).map_or_else(|| tr!("setup-default-player", number = 1), |seat| seat.name().to_owned())
}

/// The networked table of the form, its seats planned before it listens: its first person
/// plays at this device, the other persons' seats are open for guests, its bots stay. (Planned
/// after it opened, a guest quick enough to sit first could lose its seat to the plan.)
fn table_core(form: &TableSetupForm, host_name: &str, seed: u64) -> Result<TableCore, String> {
    let mut table =
        TableCore::new(TableConfig::new(host_name), form.options.clone(), form.seats.len(), seed).map_err(|error| error.to_string())?;
    let mut first_person = true;
    for (index, occupant) in form.seats.iter().enumerate() {
        let seat = Seat(u8::try_from(index).expect("a table has at most eight seats"));
        let plan = match occupant {
            Occupant::Human { name } if std::mem::take(&mut first_person) => SeatPlan::HostDevice { name: name.clone() },
            Occupant::Human { .. } => SeatPlan::Open,
            Occupant::Bot { name, level } => SeatPlan::Bot { name: name.clone(), level: *level },
        };
        // Nobody is connected yet: what the command would tell guests goes to nobody.
        table.command(HostCommand::SetSeat { seat, plan });
    }
    Ok(table)
}

/// While an online table opens (or if it could not): what is happening, and Close.
fn opening_screen(ui: &mut egui::Ui, lobby: &HostLobby) -> Option<HostOutcome> {
    let mut outcome = None;
    ui.label(RichText::new(tr!("net-online-title")).size(theme::TITLE_SIZE).strong());
    if lobby.opening.is_some() {
        ui.label(RichText::new(tr!("net-online-opening")).color(theme::INK_DIM));
        ui.spinner();
    }
    if let Some(notice) = &lobby.notice {
        ui.colored_label(theme::ACCENT, notice);
    }
    if touch_button(ui, tr!("net-host-close")).clicked() {
        outcome = Some(HostOutcome::Close);
    }
    outcome
}

/// Draws the host's lobby.
pub fn show(ui: &mut egui::Ui, lobby: &mut HostLobby) -> Option<HostOutcome> {
    lobby.poll_opening();
    if let Some((session, hosting)) = lobby.receive() {
        return Some(HostOutcome::Play(Box::new(session), Box::new(hosting)));
    }
    let Some(hosting) = &lobby.hosting else { return opening_screen(ui, lobby) };
    let (port, code, seat_code) = (hosting.handle.addr().port(), hosting.handle.join_code(), hosting.handle.seat_code());
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
        match &lobby.door {
            Door::Lan(address) => {
                ui.label(RichText::new(tr!("net-host-title")).size(theme::TITLE_SIZE).strong());
                let code = tr!("net-host-code", code = code.to_string());
                ui.label(RichText::new(code).size(theme::JOIN_CODE_SIZE).strong().color(theme::ACCENT));
                let address = tr!("net-host-address", address = address.to_string(), port = u32::from(port));
                ui.label(RichText::new(address).size(theme::LARGE_SIZE));
                ui.label(RichText::new(tr!("net-host-tell")).color(theme::INK_DIM));
            }
            Door::Online(card) => {
                ui.label(RichText::new(tr!("net-online-title")).size(theme::TITLE_SIZE).strong());
                if let Some(card) = card {
                    super::invite::show(ui, card);
                }
            }
        }
        // Not announced and not derived from the identity: a guest who types it saw this screen.
        let seat_code = tr!("net-host-seat-code", code = seat_code.to_string());
        ui.label(RichText::new(seat_code).size(theme::JOIN_CODE_SIZE).strong().color(theme::ACCENT));
        ui.label(RichText::new(tr!("net-host-seat-code-tell")).color(theme::INK_DIM));
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
            ui.label(RichText::new(tr!("net-others-title")).color(theme::INK_DIM));
            for name in &info.others {
                ui.horizontal_wrapped(|ui| {
                    ui.label(name);
                    if info.asking.contains(name) {
                        let button =
                            egui::Button::new(RichText::new(tr!("net-host-let-in")).strong()).min_size(egui::vec2(0.0, theme::TOUCH));
                        if ui.add(button).on_hover_text(tr!("net-host-let-in-hint", name = name)).clicked() {
                            lobby.command(HostCommand::LetIn { name: name.clone() });
                        }
                    }
                    remove_button(ui, lobby, name);
                });
            }
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
    seat_rows(ui, &info.seats, &mine, lobby.lobby_at, |ui, seat, seat_info| {
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
        if seat_info.holder == Holder::Guest {
            remove_button(ui, lobby, &seat_info.name);
        }
    });
}

/// The host's Remove for the guest called `name`: it is told, and its token no longer lets it
/// back to this table.
fn remove_button(ui: &mut egui::Ui, lobby: &HostLobby, name: &str) {
    let button = egui::Button::new(tr!("net-host-remove")).min_size(egui::vec2(0.0, theme::TOUCH));
    if ui.add(button).on_hover_text(tr!("net-host-remove-hint", name = name)).clicked() {
        lobby.command(HostCommand::Remove { name: name.to_owned() });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::table::people::SeatControl;
    use cardtable_engine::GameKind;
    use cardtable_engine::bots::BotLevel;

    /// The New table form's plan is the table's before it listens: a guest that sits at the
    /// first moment finds the bots and the host's seat already taken, and an open seat free
    /// (planned after opening, a bot's seat was open for a moment and the plan unseated the
    /// guest that took it).
    #[test]
    fn the_forms_seats_are_planned_before_the_table_opens() {
        let form = TableSetupForm {
            kind: GameKind::CrazyEights,
            seats: vec![
                Occupant::Human { name: "Ana".to_owned() },
                Occupant::Bot { name: "Clara".to_owned(), level: BotLevel::Normal },
                Occupant::Human { name: "Ben".to_owned() },
            ],
            options: AnyOptions::defaults(GameKind::CrazyEights),
        };
        let table = table_core(&form, "Ana", 7).expect("a table");
        let seats = table.seats();
        assert!(matches!(&seats[0], SeatControl::Person { name, .. } if name == "Ana"), "{seats:?}");
        assert!(matches!(&seats[1], SeatControl::Bot { name, level: BotLevel::Normal } if name == "Clara"), "{seats:?}");
        assert_eq!(seats[2], SeatControl::Open, "the other person's seat waits for a guest");
    }
}
