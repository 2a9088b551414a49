//! "Join a table": online by an invite pasted from a chat (or opened as a `cardtable:` link),
//! checked against the code the host read aloud; the tables heard on the home network (a host
//! not met before is joined only after its code is checked against the host's screen); joining
//! by address and code when discovery finds nothing; and the discovery setting.
//!
//! The screen only reads the LAN context: a host joined is to be remembered
//! ([`JoinOutcome::Joined`] carries a [`JoinedHost`]) and new discovery settings to be kept
//! ([`JoinOutcome::Settings`]); the app applies both after drawing and writes their files off
//! the frame.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use egui::RichText;
use tokio::sync::oneshot;

use super::lobby::touch_button;
use super::words;
use crate::net::discovery::{Discovered, Listener};
use crate::net::guest::{GuestLink, JoinError, JoinRequest, join, join_heard};
use crate::net::identity::{Fingerprint, JoinCode};
use crate::net::lan::{LanContext, LanSettings};
use crate::net::link::PeerId;
use crate::net::protocol::{Hello, JoinAs, JoinRefusal, PROTOCOL_VERSION, ResumeToken, SeatCode};
use crate::net::server::DEFAULT_PORT;
use crate::net::tls::Pin;
use crate::tr;
use crate::ui::{names, theme};

/// What the join screen asks for.
#[derive(Debug)]
pub enum JoinOutcome {
    /// Back to the start screen.
    Back,
    /// Joined: on to the table's lobby; the host is to be remembered.
    Joined(Box<GuestLink>, JoinedHost),
    /// New discovery settings (already listened with), to be kept.
    Settings(LanSettings),
}

/// A host just joined, for the app to remember: trusted by its identity, with the token of the
/// seat held there, and the name this device joined with (offered again next time).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JoinedHost {
    /// The host's identity.
    pub fingerprint: Fingerprint,
    /// The host's name.
    pub host_name: String,
    /// Where it was reached on the LAN (online, a host is found by its key: none).
    pub address: Option<SocketAddr>,
    /// The token of this device's seat there.
    pub token: ResumeToken,
    /// The name this device joined with.
    pub player_name: String,
}

/// A join under way.
#[derive(Debug)]
struct Joining {
    /// The address dialled on the LAN; none online.
    address: Option<SocketAddr>,
    /// What the screen says meanwhile.
    connecting: String,
    /// The player typed the join code (rather than picking a table heard).
    typed_code: bool,
    result: oneshot::Receiver<Result<GuestLink, JoinError>>,
}

/// The join screen's state.
#[derive(Debug)]
pub struct JoinScreen {
    name: String,
    /// The table's seat code as typed (empty: join to wait for the host's "Let in").
    seat_code: String,
    address: String,
    code: String,
    /// The invite pasted (or opened as a link), and the code the host read aloud.
    invite: String,
    online_code: String,
    interface: String,
    broadcast: bool,
    listener: Option<Listener>,
    discovery_problem: Option<String>,
    confirming: Option<Discovered>,
    joining: Option<Joining>,
    error: Option<String>,
    /// The last join, to try again without the seat's token when the host did not know it.
    last_join: Option<LastJoin>,
    /// The next join leaves the remembered token behind (the player chose to join as new).
    without_token: bool,
    /// The host answered with its identity but did not know this device's seat.
    unknown_seat: bool,
}

/// What the last join dialled, to dial it again.
#[derive(Debug, Clone)]
enum LastJoin {
    /// On the LAN: these addresses, this pin.
    Lan(Vec<SocketAddr>, Pin),
    /// Online: the invite and code in their fields.
    Online,
}

impl JoinScreen {
    /// A join screen for a player called `name`, listening for tables at once.
    #[must_use]
    pub fn new(lan: &LanContext, name: String) -> JoinScreen {
        let mut screen = JoinScreen {
            // The name this device joined with last, else the player's.
            name: lan.settings.name.clone().filter(|name| !name.trim().is_empty()).unwrap_or(name),
            seat_code: String::new(),
            address: String::new(),
            code: String::new(),
            invite: String::new(),
            online_code: String::new(),
            interface: lan.settings.interface.to_string(),
            broadcast: lan.settings.broadcast,
            listener: None,
            discovery_problem: None,
            confirming: None,
            joining: None,
            error: None,
            last_join: None,
            without_token: false,
            unknown_seat: false,
        };
        screen.listen(lan, &lan.settings);
        screen
    }

    /// Puts `invite` in the invite field (a `cardtable:` link the app was opened with): the
    /// player types the code the host read aloud and joins.
    pub fn fill_invite(&mut self, invite: &str) {
        invite.trim().clone_into(&mut self.invite);
    }

    /// Listens for tables with `settings` (the stored ones, or those just applied).
    fn listen(&mut self, lan: &LanContext, settings: &LanSettings) {
        let _runtime = lan.runtime().enter();
        self.listener = None;
        match Listener::start(&settings.discovery()) {
            Ok(listener) => {
                self.listener = Some(listener);
                self.discovery_problem = None;
            }
            Err(error) => self.discovery_problem = Some(error.to_string()),
        }
    }

    /// The seat code typed: `Ok(None)` when none was (the guest waits for the host's "Let
    /// in"); the error in words when it is not six digits.
    fn typed_seat_code(&self) -> Result<Option<SeatCode>, String> {
        let text = self.seat_code.trim();
        if text.is_empty() {
            return Ok(None);
        }
        text.parse().map(Some).map_err(|_| tr!("net-error-seat-code", text = text))
    }

    /// The seat code typed (`Some(None)` when the field is empty); `None` when it is malformed,
    /// which the error line then says.
    fn seat_code_or_tell(&mut self) -> Option<Option<SeatCode>> {
        self.typed_seat_code().map_err(|error| self.error = Some(error)).ok()
    }

    /// The name typed, trimmed; `None` when it is empty, which the error line then says.
    fn name_or_tell(&mut self) -> Option<String> {
        let name = self.name.trim().to_owned();
        if name.is_empty() {
            self.error = Some(tr!("net-error-name"));
            return None;
        }
        Some(name)
    }

    /// Starts joining `addresses` (one typed, or every one heard for a host, tried at once) with
    /// `pin`, resuming a seat held there if one is remembered.
    fn start_join(&mut self, lan: &LanContext, addresses: Vec<SocketAddr>, pin: Pin, waker: crate::net::Waker) {
        let Some(&address) = addresses.first() else { return };
        let Some(name) = self.name_or_tell() else { return };
        let Some(seat_code) = self.seat_code_or_tell() else { return };
        let as_new = std::mem::take(&mut self.without_token);
        let resume = lan
            .known
            .iter()
            .find(|(fingerprint, host)| pin.accepts(**fingerprint) && (host.address == Some(address) || matches!(pin, Pin::Fingerprint(_))))
            .and_then(|(_, host)| host.resume)
            .filter(|_| !as_new);
        self.last_join = Some(LastJoin::Lan(addresses.clone(), pin));
        let hello = Hello { version: PROTOCOL_VERSION, name, join_as: JoinAs::Player, resume, seat_code };
        let mut request = JoinRequest::new(address, pin, hello);
        request.waker = Some(waker.clone());
        // After a lost connection, a host no longer at its address is looked for as the join
        // screen looks for tables.
        request.discovery = Some(lan.settings.discovery());
        let (sender, result) = oneshot::channel();
        lan.runtime().spawn(async move {
            // Addresses heard from discovery may be anyone's: a certificate that does not match
            // is another device's, not the host's.
            let result = if matches!(pin, Pin::JoinCode(_)) { join(request).await } else { join_heard(request, &addresses).await };
            let _ = sender.send(result);
            waker();
        });
        self.error = None;
        self.unknown_seat = false;
        let connecting = tr!("net-connecting", address = address.to_string());
        self.joining = Some(Joining { address: Some(address), connecting, typed_code: matches!(pin, Pin::JoinCode(_)), result });
    }

    /// Starts joining the table of the invite typed, once its code matches the code typed (the
    /// host read it aloud: an invite changed on its way is caught), resuming a seat held there
    /// if one is remembered. The invite's relays are the ones used: they reach its host.
    #[cfg(feature = "online")]
    fn start_online_join(&mut self, lan: &LanContext, waker: crate::net::Waker) {
        use crate::net::guest::join_online;
        use crate::net::invite::Invite;
        use crate::net::online::OnlineJoin;
        let Some(name) = self.name_or_tell() else { return };
        let invite = match self.invite.parse::<Invite>() {
            Ok(invite) => invite,
            Err(error) => {
                self.error = Some(tr!("net-online-error-invite", reason = error.to_string()));
                return;
            }
        };
        let Ok(typed) = self.online_code.parse::<JoinCode>() else {
            self.error = Some(tr!("net-error-code", text = self.online_code.trim()));
            return;
        };
        if typed != invite.code() {
            self.error = Some(tr!("net-online-error-code", typed = typed.to_string(), code = invite.code().to_string()));
            return;
        }
        // A code typed wins over the invite's (the host's screen is the newer word).
        let Some(seat_code) = self.seat_code_or_tell() else { return };
        let as_new = std::mem::take(&mut self.without_token);
        let resume = lan.known.get(&invite.host()).and_then(|host| host.resume).filter(|_| !as_new);
        self.last_join = Some(LastJoin::Online);
        let code = invite.code();
        let mut request = OnlineJoin::new(invite, Hello { version: PROTOCOL_VERSION, name, join_as: JoinAs::Player, resume, seat_code });
        request.waker = Some(waker.clone());
        // A window kept on this machine (`--lan-interface 127.0.0.1`: the tests) stays on loopback.
        if lan.settings.interface.is_loopback() {
            request.bind = SocketAddr::new(IpAddr::V4(lan.settings.interface), 0);
        }
        let (sender, result) = oneshot::channel();
        lan.runtime().spawn(async move {
            let _ = sender.send(join_online(request).await);
            waker();
        });
        self.error = None;
        self.unknown_seat = false;
        let connecting = tr!("net-online-connecting", code = code.to_string());
        self.joining = Some(Joining { address: None, connecting, typed_code: true, result });
    }

    /// Dials the last join again without the seat's token the host did not know: the player
    /// chose to join that table as a new guest.
    fn join_again_as_new(&mut self, lan: &LanContext, waker: crate::net::Waker) {
        self.unknown_seat = false;
        self.without_token = true;
        match self.last_join.clone() {
            Some(LastJoin::Lan(addresses, pin)) => self.start_join(lan, addresses, pin, waker),
            #[cfg(feature = "online")]
            Some(LastJoin::Online) => self.start_online_join(lan, waker),
            _ => self.without_token = false,
        }
    }

    /// A finished join: the host to remember by identity, with the token of the seat there.
    fn finish_join(&mut self) -> Option<JoinOutcome> {
        let joining = self.joining.as_mut()?;
        let result = match joining.result.try_recv() {
            Ok(result) => result,
            Err(oneshot::error::TryRecvError::Empty) => return None,
            Err(oneshot::error::TryRecvError::Closed) => Err(JoinError::Protocol("the join was cut short".to_owned())),
        };
        let (address, typed_code) = (joining.address, joining.typed_code);
        self.joining = None;
        match result {
            Ok(link) => {
                // Of the addresses heard, the one where the host proved itself is remembered.
                let address = match link.peer() {
                    PeerId::Address(proven) => Some(proven),
                    PeerId::Key(_) => address,
                };
                let joined = JoinedHost {
                    fingerprint: link.host(),
                    host_name: link.admitted().host_name.clone(),
                    address,
                    token: link.admitted().token,
                    player_name: self.name.trim().to_owned(),
                };
                Some(JoinOutcome::Joined(Box::new(link), joined))
            }
            Err(error) => {
                tracing::info!(%error, "joining failed");
                self.unknown_seat = matches!(error, JoinError::Refused(JoinRefusal::UnknownSeat));
                self.error = Some(match error {
                    // A code the player typed that the host at that address does not have is
                    // most likely mistyped (its right value is not shown: that is what it proves).
                    JoinError::IdentityChanged { expected, .. } if typed_code => {
                        tr!("net-error-code-mismatch", code = expected.to_string())
                    }
                    error => words::join_error(&error),
                });
                None
            }
        }
    }
}

/// Reads `192.168.1.20:47475`, or an address alone with the default port.
fn parse_address(text: &str) -> Option<SocketAddr> {
    let text = text.trim();
    text.parse().ok().or_else(|| text.parse::<IpAddr>().ok().map(|ip| SocketAddr::new(ip, DEFAULT_PORT)))
}

/// Draws the join screen.
pub fn show(ui: &mut egui::Ui, screen: &mut JoinScreen, lan: &LanContext, waker: &crate::net::Waker) -> Option<JoinOutcome> {
    if let Some(outcome) = screen.finish_join() {
        return Some(outcome);
    }
    let mut outcome = None;
    egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
        ui.set_max_width(theme::READABLE_WIDTH.min(ui.available_width()));
        ui.horizontal_wrapped(|ui| {
            if touch_button(ui, tr!("nav-back")).clicked() {
                outcome = Some(JoinOutcome::Back);
            }
            ui.label(RichText::new(tr!("net-join-title")).size(theme::TITLE_SIZE).strong());
        });
        ui.horizontal_wrapped(|ui| {
            let label = ui.label(tr!("net-your-name"));
            ui.add(egui::TextEdit::singleline(&mut screen.name).desired_width(200.0).min_size(egui::vec2(0.0, theme::TOUCH * 0.8)))
                .labelled_by(label.id);
            // Beside the name where the window is wide enough: one row less above the tables.
            let label = ui.label(tr!("net-seat-code"));
            let field = egui::TextEdit::singleline(&mut screen.seat_code).hint_text(tr!("net-seat-code-hint")).desired_width(120.0);
            ui.add(field.min_size(egui::vec2(0.0, theme::TOUCH * 0.8))).labelled_by(label.id);
        });
        ui.label(RichText::new(tr!("net-seat-code-why")).small().color(theme::INK_DIM));
        if let Some(joining) = &screen.joining {
            ui.label(RichText::new(&joining.connecting).color(theme::ACCENT));
            ui.spinner();
        }
        if let Some(error) = &screen.error {
            ui.colored_label(theme::ACCENT, error);
        }
        if screen.unknown_seat && screen.joining.is_none() && touch_button(ui, tr!("net-join-as-new")).clicked() {
            screen.join_again_as_new(lan, waker.clone());
        }
        #[cfg(feature = "online")]
        {
            ui.add_space(8.0);
            by_invite(ui, screen, lan, waker);
        }
        ui.add_space(8.0);
        found_tables(ui, screen, lan, waker);
        ui.add_space(8.0);
        by_address(ui, screen, lan, waker);
        ui.add_space(8.0);
        if let Some(settings) = network_settings(ui, screen, lan) {
            outcome = Some(JoinOutcome::Settings(settings));
        }
    });
    outcome
}

/// The tables heard on the network, and the code check for a host not met before.
fn found_tables(ui: &mut egui::Ui, screen: &mut JoinScreen, lan: &LanContext, waker: &crate::net::Waker) {
    ui.label(RichText::new(tr!("net-found")).strong());
    if let Some(problem) = &screen.discovery_problem {
        ui.colored_label(theme::ACCENT, tr!("net-discovery-off", reason = problem));
        return;
    }
    if let Some(listener) = &screen.listener {
        // A table heard shows at once, not when the mouse next moves.
        listener.wake_with(waker.clone());
    }
    let hosts = screen.listener.as_ref().map(Listener::hosts).unwrap_or_default();
    if !hosts.is_empty() {
        // A host that stops announcing drops off the list without waiting for input.
        ui.ctx().request_repaint_after(std::time::Duration::from_secs(1));
    }
    if hosts.is_empty() {
        ui.label(RichText::new(tr!("net-searching")).color(theme::INK_DIM));
        ui.label(RichText::new(tr!("net-none-found")).small().color(theme::INK_DIM));
    }
    let busy = screen.joining.is_some();
    for host in hosts {
        let announced = &host.announcement;
        // The name is the host's own: only announcements its identity signed are listed.
        let name = announced.name.clone();
        let known = lan.known.get(&announced.fingerprint).is_some();
        egui::Frame::group(ui.style()).fill(theme::PANEL).inner_margin(8.0).show(ui, |ui| {
            ui.set_width(ui.available_width());
            let line = tr!("net-host-line", name = name, game = names::game(announced.game), seats = u32::from(announced.open_seats));
            ui.label(RichText::new(line).strong());
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new(format!("{} · {}", host.address(), announced.fingerprint.join_code())).color(theme::INK_DIM));
                if known {
                    ui.label(RichText::new(tr!("net-known")).color(theme::ACCENT));
                }
                if announced.playing {
                    ui.label(RichText::new(tr!("net-playing")).color(theme::INK_DIM));
                }
                if announced.version != PROTOCOL_VERSION {
                    ui.label(
                        RichText::new(tr!("net-error-version", host = announced.version, guest = PROTOCOL_VERSION)).color(theme::ACCENT),
                    );
                } else if ui
                    .add_enabled(!busy, egui::Button::new(tr!("net-join")).min_size(egui::vec2(theme::TOUCH * 2.0, theme::TOUCH)))
                    .clicked()
                {
                    if known {
                        screen.start_join(lan, host.addresses.clone(), Pin::Fingerprint(announced.fingerprint), waker.clone());
                    } else {
                        screen.confirming = Some(host.clone());
                    }
                }
            });
        });
    }
    if let Some(host) = screen.confirming.clone() {
        egui::Frame::group(ui.style()).fill(theme::ACCENT_DARK).inner_margin(8.0).show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(
                RichText::new(tr!("net-confirm", code = host.announcement.fingerprint.join_code().to_string()))
                    .size(theme::LARGE_SIZE)
                    .strong(),
            );
            ui.horizontal_wrapped(|ui| {
                if touch_button(ui, tr!("net-confirm-yes")).clicked() {
                    screen.confirming = None;
                    screen.start_join(lan, host.addresses.clone(), Pin::Fingerprint(host.announcement.fingerprint), waker.clone());
                }
                if touch_button(ui, tr!("net-confirm-no")).clicked() {
                    screen.confirming = None;
                }
            });
        });
    }
}

/// Joining online: the invite pasted from a chat, and the code the host read aloud.
#[cfg(feature = "online")]
fn by_invite(ui: &mut egui::Ui, screen: &mut JoinScreen, lan: &LanContext, waker: &crate::net::Waker) {
    ui.label(RichText::new(tr!("net-online-by-invite")).strong());
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(tr!("net-online-invite"));
        let width = ui.available_width().min(theme::READABLE_WIDTH);
        let field =
            egui::TextEdit::multiline(&mut screen.invite).hint_text(tr!("net-online-invite-hint")).desired_rows(2).desired_width(width);
        ui.add(field).labelled_by(label.id);
    });
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(tr!("net-online-code"));
        let field = egui::TextEdit::singleline(&mut screen.online_code).hint_text(tr!("net-code-hint")).desired_width(120.0);
        ui.add(field.min_size(egui::vec2(0.0, theme::TOUCH * 0.8))).labelled_by(label.id);
        let join = egui::Button::new(tr!("net-online-join")).min_size(egui::vec2(theme::TOUCH * 2.0, theme::TOUCH));
        if ui.add_enabled(screen.joining.is_none(), join).clicked() {
            screen.start_online_join(lan, waker.clone());
        }
    });
}

/// Joining by address and join code, when discovery finds nothing.
fn by_address(ui: &mut egui::Ui, screen: &mut JoinScreen, lan: &LanContext, waker: &crate::net::Waker) {
    ui.label(RichText::new(tr!("net-by-address")).strong());
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(tr!("net-address"));
        let field = egui::TextEdit::singleline(&mut screen.address).hint_text(tr!("net-address-hint")).desired_width(200.0);
        ui.add(field.min_size(egui::vec2(0.0, theme::TOUCH * 0.8))).labelled_by(label.id);
    });
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(tr!("net-code"));
        let field = egui::TextEdit::singleline(&mut screen.code).hint_text(tr!("net-code-hint")).desired_width(120.0);
        ui.add(field.min_size(egui::vec2(0.0, theme::TOUCH * 0.8))).labelled_by(label.id);
        let join = egui::Button::new(tr!("net-join")).min_size(egui::vec2(theme::TOUCH * 2.0, theme::TOUCH));
        if ui.add_enabled(screen.joining.is_none(), join).clicked() {
            match (parse_address(&screen.address), screen.code.parse::<JoinCode>()) {
                (None, _) => screen.error = Some(tr!("net-error-address", text = screen.address.trim())),
                (_, Err(_)) => screen.error = Some(tr!("net-error-code", text = screen.code.trim())),
                (Some(address), Ok(code)) => screen.start_join(lan, vec![address], Pin::JoinCode(code), waker.clone()),
            }
        }
    });
}

/// The discovery setting: which interface, multicast or broadcast. Returns the settings just
/// applied (listened with at once), to be kept.
fn network_settings(ui: &mut egui::Ui, screen: &mut JoinScreen, lan: &LanContext) -> Option<LanSettings> {
    let mut applied = None;
    egui::CollapsingHeader::new(tr!("net-advanced")).show(ui, |ui| {
        ui.horizontal_wrapped(|ui| {
            let label = ui.label(tr!("net-interface"));
            ui.add(egui::TextEdit::singleline(&mut screen.interface).desired_width(140.0)).labelled_by(label.id);
        });
        ui.checkbox(&mut screen.broadcast, tr!("net-broadcast"));
        if touch_button(ui, tr!("net-apply")).clicked() {
            match screen.interface.trim().parse::<Ipv4Addr>() {
                Ok(interface) => {
                    let settings = LanSettings { interface, broadcast: screen.broadcast, ..lan.settings.clone() };
                    screen.listen(lan, &settings);
                    applied = Some(settings);
                }
                Err(_) => screen.error = Some(tr!("net-error-interface", text = screen.interface.trim())),
            }
        }
    });
    applied
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_read_with_or_without_a_port() {
        assert_eq!(parse_address(" 192.168.1.20:47000 "), Some("192.168.1.20:47000".parse().expect("addr")));
        assert_eq!(parse_address("192.168.1.20"), Some(SocketAddr::new("192.168.1.20".parse().expect("ip"), DEFAULT_PORT)));
        assert_eq!(parse_address("[::1]:5000"), Some("[::1]:5000".parse().expect("addr")));
        assert_eq!(parse_address("host.local"), None);
        assert_eq!(parse_address(""), None);
    }
}
