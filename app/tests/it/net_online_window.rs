//! Online play through the real window (egui_kittest), on loopback only: the window's relays
//! are none and it hosts on 127.0.0.1 (`--lan-interface 127.0.0.1`), so its invite carries only
//! a loopback address. A host opens a table online from "New table" and shows the invite (code,
//! link, Copy, QR code); a guest holding only that invite sits down and the match starts. A
//! guest's window pastes an invite, types the code the host read aloud, sits down and reaches
//! the table; a wrong code or a changed invite is refused in words; a `cardtable:` link opens
//! the join screen with the invite filled in.

use std::net::{Ipv4Addr, SocketAddr};
use std::path::PathBuf;

use cardtable::app::{CardtableApp, Screen};
use cardtable::net::guest::join_online;
use cardtable::net::invite::Invite;
use cardtable::net::known_hosts::KnownHosts;
use cardtable::net::online::key::OnlineKey;
use cardtable::net::online::{OnlineJoin, OnlineSettings, start_online_host};
use cardtable::net::server::HostHandle;
use cardtable::net::table::{HostCommand, SeatPlan, TableConfig, TableCore};
use cardtable::ui::lan::LanScreen;
use cardtable_engine::bots::BotLevel;
use cardtable_engine::{AnyOptions, GameKind, Seat};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::net_support;
use net_support::quic::{hello_with_code, lobby_ready, quick_liveness, runtime, settings, with_test_seat_code};
use net_support::window::{bea_sits_and_the_window_starts, clear, host_a_new_table, loopback_window, run_until, type_into};

fn temp_dir(name: &str) -> PathBuf {
    net_support::window::temp_dir("online-window", name)
}

/// A window kept to loopback, with no relay.
fn harness(dir: PathBuf) -> Harness<'static, CardtableApp> {
    loopback_window([1000.0, 1000.0], dir, |app| app.set_relays(Vec::new()))
}

/// The invite the host's lobby shows, as a guest would copy it.
fn shown_invite(harness: &Harness<'_, CardtableApp>) -> Option<String> {
    match harness.state().screen() {
        Screen::Lan(screen) => match screen.as_ref() {
            LanScreen::Host(lobby) => lobby.invite().map(|card| card.text().to_owned()),
            _ => None,
        },
        _ => None,
    }
}

#[test]
fn a_host_opens_a_table_online_shows_its_invite_and_a_guest_holding_it_sits_down() {
    let dir = temp_dir("host");
    let mut harness = harness(dir.clone());
    host_a_new_table(&mut harness, "Host online");
    run_until(&mut harness, "the invite", |harness| shown_invite(harness).is_some());
    assert!(dir.join("online-key").exists(), "the online identity is kept beside the LAN one");
    let text = shown_invite(&harness).expect("the invite");
    let invite: Invite = text.parse().expect("the invite shown reads back");
    assert!(invite.relays.is_empty(), "no relay: {text}");
    assert!(invite.addresses.iter().all(|address| address.ip().is_loopback()), "kept to loopback: {text}");
    // The code to read aloud, the link itself, its QR code, and Copy, which copies the link.
    harness.get_by_label(&format!("Join code {}", invite.code()));
    harness.get_by_label(&text);
    harness.get_by_label("QR code of the invite");
    harness.get_by_label("Copy invite").click();
    harness.step();
    let copied = harness.output().platform_output.commands.iter().any(|command| *command == egui::OutputCommand::CopyText(text.clone()));
    assert!(copied, "Copy puts the invite on the clipboard");

    // A guest holding only the invite (as pasted from a chat) sits down and is ready.
    let runtime = runtime();
    // No code typed: the invite's seat code lets her sit.
    let mut request = OnlineJoin::new(invite, hello_with_code("Bea", None, None));
    request.liveness = quick_liveness();
    request.bind = SocketAddr::from((Ipv4Addr::LOCALHOST, 0));
    let link = runtime.block_on(join_online(request)).expect("the guest joins the window's table online");
    let _bea = bea_sits_and_the_window_starts(&mut harness, &runtime, link);
    // The table says how the guest's device is connected: straight over loopback, no relay.
    run_until(&mut harness, "the guest's path", |harness| harness.query_by_label_contains("Bea: direct,").is_some());
    harness.get_by_label_contains("Connections:");
    drop(harness);
    std::fs::remove_dir_all(&dir).expect("cleanup");
}

/// A table hosted online without a window, on loopback with no relay: two seats, Boris the bot
/// in the second.
fn hosted_online(runtime: &tokio::runtime::Runtime) -> (HostHandle, Invite) {
    let table =
        TableCore::new(with_test_seat_code(TableConfig::new("Hosta")), AnyOptions::defaults(GameKind::CrazyEights), 2, 5).expect("table");
    let handle =
        runtime.block_on(start_online_host(table, &OnlineKey::generate(), settings(), &OnlineSettings::default())).expect("hosts online");
    handle.command(HostCommand::SetSeat { seat: Seat(1), plan: SeatPlan::Bot { name: "Boris".into(), level: BotLevel::Random } });
    let invite = handle.invite().expect("an invite");
    (handle, invite)
}

#[test]
fn a_guests_window_pastes_an_invite_checks_the_code_sits_down_and_reaches_the_table() {
    let runtime = runtime();
    let (mut handle, invite) = {
        let _runtime = runtime.enter();
        hosted_online(&runtime)
    };
    let dir = temp_dir("guest");
    let mut harness = harness(dir.clone());
    harness.get_by_label("Join a table on the home network").click();
    harness.run();
    type_into(&mut harness, "Invite", &invite.to_string());

    // A misheard code is refused before anything is sent, naming the invite's own code.
    type_into(&mut harness, "Code the host read out", "AAAA-AAAA");
    harness.get_by_label("Join online").click();
    harness.run_steps(2);
    harness.get_by_label_contains(&format!("The code AAAA-AAAA is not this invite's ({})", invite.code()));
    // An invite changed on its way (another key under the same code) is refused in words.
    clear(&mut harness, "Invite");
    let mut bytes = invite.to_string().into_bytes();
    let at = "cardtable:join?key=".len();
    bytes[at] = if bytes[at] == b'1' { b'2' } else { b'1' };
    type_into(&mut harness, "Invite", &String::from_utf8(bytes).expect("text"));
    harness.get_by_label("Join online").click();
    harness.run_steps(2);
    harness.get_by_label_contains("That is not an invite: the invite's code");

    // The invite as sent, and the code as read aloud (in lower case: the same code).
    clear(&mut harness, "Invite");
    type_into(&mut harness, "Invite", &invite.to_string());
    clear(&mut harness, "Code the host read out");
    type_into(&mut harness, "Code the host read out", &invite.code().to_string().to_lowercase());
    harness.get_by_label("Join online").click();
    run_until(&mut harness, "the lobby", |harness| harness.query_by_label("Sit here").is_some());
    harness.get_by_label_contains("Hosta's table");
    harness.get_by_label("Sit here").click();
    run_until(&mut harness, "the seat", |harness| harness.query_by_label("I'm ready").is_some());
    harness.get_by_label("I'm ready").click();
    harness.run_steps(2);
    runtime.block_on(lobby_ready(&mut handle));
    handle.command(HostCommand::Start);
    run_until(&mut harness, "the table", |harness| matches!(harness.state().screen(), Screen::Table(_)));
    let Screen::Table(table) = harness.state().screen() else { unreachable!() };
    assert_eq!(table.session().local_seats().iter().collect::<Vec<_>>(), vec![Seat(0)]);
    // The table says how this device reaches the host.
    run_until(&mut harness, "the path to the host", |harness| harness.query_by_label_contains("Hosta: direct,").is_some());
    // The host is remembered by its key, like a LAN host, with the token of the seat.
    harness.run_steps(5);
    let known = KnownHosts::load(&dir).expect("known hosts stored");
    let entry = known.get(&invite.host()).expect("trusted by its key");
    assert_eq!(entry.name, "Hosta");
    assert!(entry.resume.is_some(), "the seat's token is kept");
    assert_eq!(entry.address, None, "an online host is found by its key, not an address");
    drop(harness);
    runtime.block_on(handle.close());
    std::fs::remove_dir_all(&dir).expect("cleanup");
}

#[test]
fn a_cardtable_link_opens_the_join_screen_with_the_invite_filled_in() {
    let dir = temp_dir("link");
    let link = Invite::new([3; 32], &[], &["127.0.0.1:9".parse().expect("address")]).expect("invite").to_string();
    let opened = link.clone();
    let mut harness = loopback_window([360.0, 640.0], dir, move |app| app.open_invite(&opened));
    harness.run_steps(3);
    assert!(matches!(harness.state().screen(), Screen::Lan(screen) if matches!(screen.as_ref(), LanScreen::Join(_))));
    assert_eq!(harness.get_by_label("Invite").value().as_deref(), Some(link.as_str()), "the invite is in its field");
    harness.get_by_label("Join online");
    harness.get_by_label("Code the host read out");
    drop(harness);
    let _ = std::fs::remove_dir_all(temp_dir("link"));
}

#[test]
fn settings_list_the_public_relays_and_take_a_relay_checked_like_an_invites() {
    let mut harness = Harness::builder().with_size([1000.0, 1400.0]).build_eframe(|cc| CardtableApp::new(cc, 1));
    harness.get_by_label("Settings").click();
    harness.run();
    for url in cardtable::settings::PUBLIC_RELAYS {
        harness.get_by_label(url);
    }
    harness.get_by_label_contains("rate-limited");
    // A URL an invite could not carry is refused in words, and nothing changes.
    type_into(&mut harness, "Add a relay", "https://relay.example.org/?a&b");
    harness.get_by_label("Add").click();
    harness.run_steps(2);
    harness.get_by_label_contains("Not added: the relay `https://relay.example.org/?a&b` cannot be used: it holds a character");
    assert_eq!(harness.state().settings().relays.len(), 4);
    // Remove one, add one's own.
    harness.get_all_by_label("Remove").next().expect("a relay's Remove").click();
    harness.run_steps(2);
    clear(&mut harness, "Add a relay");
    type_into(&mut harness, "Add a relay", "https://relay.example.org/");
    harness.get_by_label("Add").click();
    harness.run_steps(2);
    let relays = harness.state().settings().relays.clone();
    assert_eq!(relays.len(), 4);
    assert!(!relays.iter().any(|url| url == cardtable::settings::PUBLIC_RELAYS[0]), "{relays:?}");
    assert_eq!(relays.last().map(String::as_str), Some("https://relay.example.org/"));
    harness.get_by_label("https://relay.example.org/");
    // And back to the public ones.
    harness.get_by_label("Use the public relays").click();
    harness.run_steps(2);
    assert_eq!(harness.state().settings().relays, cardtable::settings::PUBLIC_RELAYS.map(str::to_owned).to_vec());
}
