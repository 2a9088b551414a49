//! The networked screens, on the home network or online: joining a table ([`join`]), a guest's
//! lobby ([`guest`]), the host's lobby ([`host`]), an online table's invite ([`invite`]) and,
//! at the table, how each device is connected ([`paths`]). Each returns what the player asked for; the app applies it.

pub mod guest;
pub mod host;
pub mod invite;
pub mod join;
pub mod lobby;
pub mod paths;
pub mod words;

use crate::net::lan::{LanContext, LanSettings};
use crate::net::session::NetSession;

/// A LAN screen on display.
#[derive(Debug)]
pub enum LanScreen {
    /// Finding a table and joining it.
    Join(join::JoinScreen),
    /// A guest waiting for the match.
    Guest(guest::GuestLobby),
    /// The host's lobby.
    Host(host::HostLobby),
}

/// What a LAN screen asks of the app.
#[derive(Debug)]
pub enum LanOutcome {
    /// Back to the start screen (a hosted table is closed).
    Back,
    /// The match began: on to the table (with the hosted table, on the host's device).
    Play(Box<NetSession>, Option<Box<host::Hosting>>),
    /// A host was joined (the screen is already its lobby): remember it.
    Remember(join::JoinedHost),
    /// Keep these LAN settings (discovery already uses them).
    Settings(LanSettings),
}

/// Draws the LAN screen on display; it may move on to the next one itself (joined: the lobby).
pub fn show(ui: &mut egui::Ui, screen: &mut LanScreen, lan: &LanContext, waker: &crate::net::Waker) -> Option<LanOutcome> {
    match screen {
        LanScreen::Join(join) => match join::show(ui, join, lan, waker)? {
            join::JoinOutcome::Back => Some(LanOutcome::Back),
            join::JoinOutcome::Joined(link, joined) => {
                *screen = LanScreen::Guest(guest::GuestLobby::new(*link));
                Some(LanOutcome::Remember(joined))
            }
            join::JoinOutcome::Settings(settings) => Some(LanOutcome::Settings(settings)),
        },
        LanScreen::Guest(lobby) => match guest::show(ui, lobby)? {
            guest::GuestOutcome::Leave => Some(LanOutcome::Back),
            guest::GuestOutcome::Play(session) => Some(LanOutcome::Play(session, None)),
        },
        LanScreen::Host(lobby) => match host::show(ui, lobby)? {
            host::HostOutcome::Close => Some(LanOutcome::Back),
            host::HostOutcome::Play(session, hosting) => Some(LanOutcome::Play(session, Some(hosting))),
        },
    }
}
