//! A guest in the lobby: the host's table, its game and house rules, the seats (sit in an open
//! one, say you are ready, or watch), until the host starts the match.

use std::time::Instant;

use egui::RichText;

use super::lobby::{seat_rows, touch_button};
use super::words;
use crate::net::guest::{Ending, GuestEvent, GuestLink, Reconnecting};
use crate::net::protocol::{ClientMsg, Holder, HostMsg, Role};
use crate::net::remote::RemoteTable;
use crate::net::session::{Line, NetSession};
use crate::tr;
use crate::ui::{names, setup, theme};

/// What the guest's lobby asks for.
#[derive(Debug)]
pub enum GuestOutcome {
    /// Back to the start screen (the connection is closed).
    Leave,
    /// The match began: on to the table.
    Play(Box<NetSession>),
}

/// A guest waiting at a host's table.
#[derive(Debug)]
pub struct GuestLobby {
    link: Option<GuestLink>,
    table: RemoteTable,
    ending: Option<Ending>,
    /// The connection was lost and this device is dialling the host again.
    reconnecting: Option<Reconnecting>,
    /// When the lobby was last told (away seats count down from it).
    lobby_at: Option<Instant>,
}

impl GuestLobby {
    /// The lobby of the table `link` joined.
    #[must_use]
    pub fn new(link: GuestLink) -> GuestLobby {
        let table = RemoteTable::new(link.admitted().next_action);
        GuestLobby { link: Some(link), table, ending: None, reconnecting: None, lobby_at: None }
    }

    /// Takes in what arrived; returns the session once the match has begun.
    fn receive(&mut self) -> Option<NetSession> {
        let link = self.link.as_mut()?;
        while let Some(event) = link.try_next() {
            match event {
                GuestEvent::Message(message) => {
                    let started = matches!(message, HostMsg::Started(_));
                    if matches!(message, HostMsg::Lobby(_)) {
                        self.lobby_at = Some(Instant::now());
                    }
                    if let Some(answer) = self.table.apply(message) {
                        link.send(answer);
                    }
                    if started {
                        let link = self.link.take()?;
                        return Some(NetSession::new(Line::Guest(link), std::mem::take(&mut self.table)));
                    }
                }
                GuestEvent::Reconnecting(trying) => self.reconnecting = Some(trying),
                GuestEvent::Reconnected(_) => self.reconnecting = None,
                GuestEvent::Ended(ending) => {
                    self.reconnecting = None;
                    self.ending = Some(ending);
                    self.link = None;
                    return None;
                }
            }
        }
        None
    }

    fn send(&self, message: ClientMsg) {
        if let Some(link) = &self.link {
            link.send(message);
        }
    }
}

/// Draws the guest's lobby.
pub fn show(ui: &mut egui::Ui, lobby: &mut GuestLobby) -> Option<GuestOutcome> {
    if let Some(session) = lobby.receive() {
        return Some(GuestOutcome::Play(Box::new(session)));
    }
    let mut outcome = None;
    egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
        ui.set_max_width(theme::READABLE_WIDTH.min(ui.available_width()));
        if touch_button(ui, tr!("net-leave")).clicked() {
            outcome = Some(GuestOutcome::Leave);
        }
        if let Some(ending) = &lobby.ending {
            ui.colored_label(theme::ACCENT, words::ending_in_lobby(ending));
            return;
        }
        if let Some(trying) = &lobby.reconnecting {
            ui.horizontal_wrapped(|ui| {
                ui.spinner();
                ui.colored_label(theme::ACCENT, words::reconnecting(trying));
            });
        }
        let Some(info) = lobby.table.lobby.clone() else {
            ui.spinner();
            return;
        };
        let game = names::game(info.options.kind());
        ui.label(RichText::new(tr!("net-lobby-title", host = &info.host_name, game = game)).size(theme::TITLE_SIZE).strong());
        if let Some(refusal) = &lobby.table.refusal {
            ui.colored_label(theme::ACCENT, words::refusal(refusal));
        }
        let mine = match &info.you {
            Role::Seated(seats) => seats.clone(),
            Role::Waiting | Role::Spectator => Vec::new(),
        };
        let seated = !mine.is_empty();
        if info.needs_code && !seated {
            ui.label(RichText::new(tr!("net-lobby-needs-code")).color(theme::INK_DIM));
        }
        seat_rows(ui, &info.seats, &mine, lobby.lobby_at, |ui, seat, seat_info| {
            if seat_info.holder == Holder::Open && touch_button(ui, tr!("net-sit-here")).clicked() {
                lobby.send(ClientMsg::Sit { seat: Some(seat) });
            }
        });
        ui.horizontal_wrapped(|ui| {
            if seated {
                let ready = info.seats.iter().enumerate().any(|(index, seat)| mine.iter().any(|own| own.index() == index) && seat.ready);
                let mut wanted = ready;
                ui.checkbox(&mut wanted, tr!("net-i-am-ready"));
                if wanted != ready {
                    lobby.send(ClientMsg::Ready { ready: wanted });
                }
            }
            if info.you != Role::Spectator && touch_button(ui, tr!("net-watch")).clicked() {
                lobby.send(ClientMsg::Watch);
            }
        });
        if !info.others.is_empty() {
            ui.label(RichText::new(tr!("net-others", names = info.others.join(", "))).color(theme::INK_DIM));
        }
        ui.add_space(8.0);
        ui.label(RichText::new(tr!("net-house-rules")).strong());
        // The host's rules, shown with the same editor the host uses, but read-only.
        let mut options = info.options.clone();
        ui.add_enabled_ui(false, |ui| setup::options_editor(ui, &mut options));
    });
    outcome
}
