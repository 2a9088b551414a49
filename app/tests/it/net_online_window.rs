//! Online play through the real window (egui_kittest), on loopback only: the window's relays
//! are none and it hosts on 127.0.0.1 (`--lan-interface 127.0.0.1`), so its invite carries only
//! a loopback address. A host opens a table online from "New table" and shows the invite (code,
//! link, Copy, QR code); a guest holding only that invite sits down and the match starts.

use std::net::{Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use cardtable::app::{CardtableApp, Screen};
use cardtable::net::invite::Invite;
use cardtable::net::online::{OnlineJoin, join_online};
use cardtable::net::protocol::ClientMsg;
use cardtable::ui::lan::LanScreen;
use cardtable_engine::Seat;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::net_support;
use net_support::quic::{hello, quick_liveness, runtime};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cardtable-online-window-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// A window kept to loopback, with no relay.
fn harness(dir: PathBuf) -> Harness<'static, CardtableApp> {
    Harness::builder().with_size([1000.0, 1000.0]).build_eframe(move |cc| {
        let mut app = CardtableApp::new(cc, 1);
        app.set_lan_interface(Some(Ipv4Addr::LOCALHOST));
        app.set_lan_dir(dir.clone());
        app.set_relays(Vec::new());
        app
    })
}

/// Steps the window until `done` holds (the network answers on its own threads).
fn run_until(harness: &mut Harness<'_, CardtableApp>, what: &str, done: impl Fn(&Harness<'_, CardtableApp>) -> bool) {
    // Generous: a loaded CI machine builds and runs other tests meanwhile.
    let deadline = Instant::now() + Duration::from_secs(60);
    while !done(harness) {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        harness.step();
        std::thread::sleep(Duration::from_millis(20));
    }
    harness.run_steps(3);
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
    harness.get_by_label("New Crazy Eights table").click();
    harness.run();
    harness.get_all_by_label("Person").nth(1).expect("seat 2's toggle").click();
    harness.run();
    harness.get_by_label("Host online").click();
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
    let mut request = OnlineJoin::new(invite, hello("Bea", None));
    request.liveness = quick_liveness();
    request.bind = SocketAddr::from((Ipv4Addr::LOCALHOST, 0));
    let link = runtime.block_on(join_online(request)).expect("the guest joins the window's table online");
    link.send(ClientMsg::Sit { seat: None });
    link.send(ClientMsg::Ready { ready: true });
    run_until(&mut harness, "the guest in the lobby", |harness| harness.query_by_label("Bea").is_some());
    let mut guest = net_support::quic::Player::new(link, Seat(1), 41);
    let guest = runtime.spawn(async move {
        let started = guest.watch_until(Duration::from_secs(10), |table| table.start.is_some()).await;
        (started, guest.table.start.take())
    });
    harness.get_by_label("Start the match").click();
    run_until(&mut harness, "the table", |harness| matches!(harness.state().screen(), Screen::Table(_)));
    let (ended, started) = runtime.block_on(guest).expect("the guest's task");
    assert!(ended.is_ok(), "the guest is still connected: {ended:?}");
    assert_eq!(started.expect("the guest was told the match started").you, cardtable::net::protocol::Role::Seated(vec![Seat(1)]));
    drop(harness);
    std::fs::remove_dir_all(&dir).expect("cleanup");
}
