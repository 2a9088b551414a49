//! LAN play through the real window (egui_kittest), on loopback only (`--lan-interface
//! 127.0.0.1`, LAN files in a temporary folder): a guest joins by address and code, sits down
//! and reaches the table; a wrong code is refused in words; a host opens a table from "New
//! table", a guest joins it and the host starts the match; a guest's table says how every
//! device is connected.

use crate::net_support;

use std::net::Ipv4Addr;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use cardtable::app::{CardtableApp, Screen};
use cardtable::net::guest::{JoinRequest, join};
use cardtable::net::identity::Identity;
use cardtable::net::known_hosts::KnownHosts;
use cardtable::net::server::HostHandle;
use cardtable::net::table::{HostCommand, SeatPlan, TableConfig};
use cardtable::net::tls::Pin;
use cardtable::ui::lan::LanScreen;
use cardtable_engine::bots::BotLevel;
use cardtable_engine::{AnyOptions, GameKind, Seat, Viewer};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use net_support::quic::{hello, hello_with_code, host, lobby_ready, runtime, settings};
use net_support::window::{bea_sits_and_the_window_starts, host_a_new_table, loopback_window, run_until, type_into};

fn temp_dir(name: &str) -> PathBuf {
    net_support::window::temp_dir("net-window", name)
}

fn harness(dir: PathBuf) -> Harness<'static, CardtableApp> {
    loopback_window([1000.0, 800.0], dir, |_| {})
}

/// The "Join" button under the address and code fields. Tests run side by side, so the join
/// screen may also list another test's table (hosted windows announce on loopback) with its
/// own "Join" button above; the address form is always the last one.
fn join_by_address<'h>(harness: &'h Harness<'_, CardtableApp>) -> egui_kittest::Node<'h> {
    harness.query_all_by_label("Join").last().expect("the join-by-address button")
}

/// From the start screen: joins Hosta's table at `address` with `code`, sits in the open seat
/// and says it is ready.
fn sit_down_ready(harness: &mut Harness<'_, CardtableApp>, address: &str, code: &str) {
    harness.get_by_label("Join a table on the home network").click();
    harness.run();
    type_into(harness, "Address and port", address);
    type_into(harness, "Join code", code);
    type_into(harness, "Seat code", &net_support::quic::test_seat_code().to_string());
    join_by_address(harness).click();
    run_until(harness, "the lobby", |harness| harness.query_by_label("Sit here").is_some());
    harness.get_by_label_contains("Hosta's table");
    harness.get_by_label("Sit here").click();
    run_until(harness, "the seat", |harness| harness.query_by_label("I'm ready").is_some());
    harness.get_by_label("I'm ready").click();
    harness.run_steps(2);
}

/// Hosta's Crazy Eights table of `seats` seats on loopback, Boris the bot in `bot`.
fn hosta_with_boris(runtime: &tokio::runtime::Runtime, seats: usize, bot: Seat) -> (HostHandle, Identity) {
    let (handle, identity) = {
        let _runtime = runtime.enter();
        host(AnyOptions::defaults(GameKind::CrazyEights), seats, TableConfig::new("Hosta"), settings())
    };
    handle.command(HostCommand::SetSeat { seat: bot, plan: SeatPlan::Bot { name: "Boris".into(), level: BotLevel::Random } });
    (handle, identity)
}

#[test]
fn a_guest_joins_by_address_and_code_sits_down_and_reaches_the_table() {
    let runtime = runtime();
    let (mut handle, identity) = hosta_with_boris(&runtime, 2, Seat(1));
    let dir = temp_dir("guest");
    let mut harness = harness(dir.clone());
    // A code typed in lower case is read as the same code.
    sit_down_ready(&mut harness, &handle.addr().to_string(), &identity.join_code().to_string().to_lowercase());
    runtime.block_on(lobby_ready(&mut handle));
    handle.command(HostCommand::Start);
    run_until(&mut harness, "the table", |harness| matches!(harness.state().screen(), Screen::Table(_)));
    let Screen::Table(table) = harness.state().screen() else { unreachable!() };
    assert_eq!(table.session().local_seats().iter().collect::<Vec<_>>(), vec![Seat(0)]);
    assert!(table.session().view(Viewer::Seat(Seat(0))).is_some(), "the guest holds its own view");
    assert!(table.session().view(Viewer::Seat(Seat(1))).is_none(), "and nobody else's");
    assert!(table.host().is_none(), "a guest holds no true state");
    // The host is remembered by its identity, with the token of the seat.
    let known = KnownHosts::load(&dir).expect("known hosts stored");
    let entry = known.get(&identity.fingerprint()).expect("trusted by fingerprint");
    assert_eq!(entry.name, "Hosta");
    assert!(entry.resume.is_some());
    // Leaving tells a guest the truth: the host keeps the seat for this device (issue 19).
    harness.get_by_label("← Leave").click();
    harness.run_steps(3);
    harness.get_by_label_contains("The host keeps your seat");
    assert!(harness.query_by_label_contains("not saved").is_none(), "a guest's seat is not lost by leaving");
    // The name joined with is offered again.
    let (settings, _) = cardtable::net::lan::LanSettings::load(&dir);
    assert_eq!(settings.name.as_deref(), Some("Guest"), "the name this device joined with (a guest without a profile is \"Guest\")");
    drop(harness);
    runtime.block_on(handle.close());
    std::fs::remove_dir_all(&dir).expect("cleanup");
}

/// Steps the window only when it asked for a frame, as the real window does with nobody at
/// the mouse (no pointer moving, no key), until `done` holds.
fn run_on_repaints(harness: &mut Harness<'_, CardtableApp>, what: &str, done: impl Fn(&Harness<'_, CardtableApp>) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while !done(harness) {
        assert!(Instant::now() < deadline, "the window never showed {what}: it asked for no frame to show it in");
        if harness.ctx.has_requested_repaint() {
            harness.step();
        } else {
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

/// Issue 29: every remote event repaints with no input. A guest's window, once it said it is
/// ready, is left alone (no pointer, no key): the host starts the match, and the table with
/// the guest's hand must be painted from the frames the window asks for itself (the lobby that
/// handed the table over drew nothing, and nothing asked for the next frame).
#[test]
fn a_guests_table_paints_as_it_arrives_with_no_input() {
    let runtime = runtime();
    // The guest sits in seat 2, who plays first: after the start no bot's move comes to wake
    // the window for it.
    let (mut handle, identity) = hosta_with_boris(&runtime, 2, Seat(0));
    let dir = temp_dir("no-input");
    let mut harness = harness(dir.clone());
    sit_down_ready(&mut harness, &handle.addr().to_string(), &identity.join_code().to_string());
    runtime.block_on(lobby_ready(&mut handle));
    handle.command(HostCommand::Start);
    run_on_repaints(&mut harness, "the guest's hand at the table", |harness| {
        matches!(harness.state().screen(), Screen::Table(_)) && harness.query_by_label("Your hand").is_some()
    });
    drop(harness);
    runtime.block_on(handle.close());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 29: a guest whose device went away mid-match comes back (its seat's token
/// remembered) at its own turn, and nothing more happens at the table: its window, left alone
/// (no pointer, no key) once it pressed Join, must paint the table from the frames it asks for
/// itself. It stayed plain felt until the pointer moved.
#[test]
fn a_rejoining_guests_table_paints_with_no_input() {
    let runtime = runtime();
    let (mut handle, identity) = hosta_with_boris(&runtime, 2, Seat(1));
    // Ana's first device sits, starts the match and waits for her turn; then it is gone.
    let link = runtime.block_on(net_support::quic::join_pinned(handle.addr(), identity.fingerprint(), hello("Ana", None)));
    let token = link.admitted().token;
    let mut first = net_support::quic::Player::new(link, Seat(0), 41);
    first.sit();
    runtime.block_on(lobby_ready(&mut handle));
    handle.command(HostCommand::Start);
    let her_turn = |table: &cardtable::net::remote::RemoteTable| {
        table.latest(Viewer::Seat(Seat(0))).is_some_and(|latest| latest.waiting_for.contains(Seat(0)))
    };
    runtime.block_on(first.watch_until(Duration::from_secs(30), her_turn)).expect("Ana's turn comes");
    drop(first);
    // Her restarted device remembers the host and the seat's token.
    let dir = temp_dir("rejoin");
    let mut known = KnownHosts::empty(&dir);
    known.trust(identity.fingerprint(), "Hosta", Some(handle.addr()));
    known.set_resume(&identity.fingerprint(), Some(token));
    known.save().expect("known hosts written");
    let mut harness = harness(dir.clone());
    harness.get_by_label("Join a table on the home network").click();
    harness.run();
    type_into(&mut harness, "Address and port", &handle.addr().to_string());
    type_into(&mut harness, "Join code", &identity.join_code().to_string());
    join_by_address(&harness).click();
    harness.step();
    run_on_repaints(&mut harness, "the rejoined table with Ana's hand", |harness| {
        matches!(harness.state().screen(), Screen::Table(_)) && harness.query_by_label("Your hand").is_some()
    });
    drop(harness);
    runtime.block_on(handle.close());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_wrong_join_code_is_refused_in_words() {
    let runtime = runtime();
    let (handle, identity) = {
        let _runtime = runtime.enter();
        host(AnyOptions::defaults(GameKind::Dunno), 2, TableConfig::new("Hosta"), settings())
    };
    let dir = temp_dir("wrong-code");
    let mut harness = harness(dir.clone());
    harness.get_by_label("Join a table on the home network").click();
    harness.run();
    type_into(&mut harness, "Address and port", &handle.addr().to_string());
    let wrong = if identity.join_code().to_string() == "0000-0000" { "0000-0001" } else { "0000-0000" };
    type_into(&mut harness, "Join code", wrong);
    join_by_address(&harness).click();
    run_until(&mut harness, "the refusal", |harness| harness.query_by_label_contains("probably mistyped").is_some());
    // A typed code the host does not have is called a mistyped code, and the right one is not
    // given away (showing it would defeat the check).
    let expected = format!("The table at this address does not have the code {wrong}: it was probably mistyped.");
    harness.get_by_label_contains(&expected);
    assert!(harness.query_by_label_contains(&identity.join_code().to_string()).is_none(), "the host's code is not shown");
    assert!(matches!(harness.state().screen(), Screen::Lan(screen) if matches!(**screen, LanScreen::Join(_))));
    drop(harness);
    runtime.block_on(handle.close());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_host_opens_a_table_from_new_table_a_guest_joins_and_the_host_starts() {
    let dir = temp_dir("host");
    let mut harness = harness(dir.clone());
    host_a_new_table(&mut harness, "Host on the home network");
    run_until(&mut harness, "the host's lobby", |harness| harness.query_by_label_contains("Join code").is_some());
    assert!(dir.join("device-cert.pem").exists() && dir.join("device-key.pem").exists(), "the identity is kept once");
    // A label's text is its accessibility value.
    let code = net_support::window::shown_join_code(&harness);
    let address_label = harness.get_by_label_contains("Address ").value().unwrap_or_default();
    let port: u16 = address_label.rsplit(' ').next().and_then(|port| port.parse().ok()).expect("the port shown");

    let runtime = runtime();
    let seat_code = net_support::window::shown_seat_code(&harness);
    let mut request =
        JoinRequest::new((Ipv4Addr::LOCALHOST, port).into(), Pin::JoinCode(code), hello_with_code("Bea", None, Some(seat_code)));
    request.liveness = net_support::quic::quick_liveness();
    let link = runtime.block_on(join(request)).expect("the guest joins the window's table");
    // The guest's device takes its part in drawing the seed (else the host waits its whole
    // seeding time for it) until the match has started.
    let _bea = bea_sits_and_the_window_starts(&mut harness, &runtime, link);
    let Screen::Table(table) = harness.state().screen() else { unreachable!() };
    assert!(table.session().local_seats().contains(Seat(0)), "the host plays seat 1 at its device");
    assert!(!table.session().local_seats().contains(Seat(1)), "the guest's seat is not the host device's");
    drop(harness);
    std::fs::remove_dir_all(&dir).expect("cleanup");
}

/// RULES of issue 10: every device records the finished match in its own score history. The
/// window hosts a Dunno table for three guests (it plays no seat itself; a Dunno match is one
/// round, which random guests finish quickly), the guests play it to the end over loopback
/// QUIC, and the host's history then holds the match with the result every guest was told;
/// each guest's own record agrees.
#[test]
fn the_hosting_window_records_the_finished_match_in_its_history() {
    let dir = temp_dir("record");
    let root = dir.join("data");
    let store = cardtable::store::Store::open(&root).expect("a data folder");
    let lan_dir = dir.join("lan");
    let mut harness = Harness::builder().with_size([1000.0, 1600.0]).build_eframe(move |cc| {
        let mut app = CardtableApp::with_store(cc, 1, Ok(Some(store)));
        app.set_lan_interface(Some(Ipv4Addr::LOCALHOST));
        app.set_lan_dir(lan_dir.clone());
        app
    });
    let runtime = runtime();
    let players = net_support::window::start_a_watched_dunno_table_of_three_guests(&mut harness, &runtime, 40);
    let games: Vec<_> =
        players.into_iter().map(|mut player| runtime.spawn(async move { player.play(Duration::from_secs(240)).await })).collect();
    let deadline = Instant::now() + Duration::from_secs(300);
    while !games.iter().all(tokio::task::JoinHandle::is_finished) || harness.state().store().is_some_and(|store| store.history().is_empty())
    {
        assert!(Instant::now() < deadline, "the match did not end and get recorded in time");
        harness.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    let outcomes: Vec<_> = games.into_iter().map(|game| runtime.block_on(game).expect("a guest's task")).collect();
    let store = harness.state().store().expect("a store");
    let [summary] = store.history() else { panic!("one match recorded: {:?}", store.history()) };
    assert!(summary.decided());
    // The host's device keeps its hosted match like a hot-seat one: with its full replay.
    assert!(summary.network.is_none(), "not a guest's record without a replay");
    let id = summary.id.clone();
    let totals: Vec<i32> = summary.seats.iter().map(|seat| seat.total).collect();
    // The history lists the match once it is queued; its file is written on the store's writer.
    harness.state().store().expect("a store").flush();
    let record = harness.state_mut().store_mut().expect("a store").open_record(&id).expect("readable").expect("the record is there");
    assert!(!record.steps.is_empty(), "every step is kept, for the replay");
    for outcome in &outcomes {
        assert_eq!(totals, outcome.result.totals.as_slice(), "the host's history agrees with what the guests were told");
        assert_eq!(outcome.record.result, outcome.result, "each guest's own record keeps its result");
    }
    drop(harness);
    std::fs::remove_dir_all(&dir).expect("cleanup");
}

/// Issue 28, item 3: the table says how each device is connected, on every device. A guest's
/// window at a table of three (itself, Carl on another device, Boris the bot) shows its own
/// line to the host and Carl's line as the host measures it; the host's screen shows both
/// guests'.
#[test]
fn a_guests_table_shows_how_every_device_is_connected() {
    use net_support::quic::{Player, host_sees, join_pinned};
    let runtime = runtime();
    let (mut handle, identity) = hosta_with_boris(&runtime, 3, Seat(0));
    let carl = runtime.block_on(join_pinned(handle.addr(), identity.fingerprint(), hello("Carl", None)));
    let carl = Player::new(carl, Seat(2), 5);
    carl.sit();
    runtime.block_on(host_sees(&mut handle, |message| {
        matches!(message, cardtable::net::protocol::HostMsg::Lobby(lobby) if lobby.seats[2].name == "Carl" && lobby.seats[2].ready)
    }));
    let dir = temp_dir("every-path");
    let mut harness = harness(dir.clone());
    sit_down_ready(&mut harness, &handle.addr().to_string(), &identity.join_code().to_string());
    runtime.block_on(lobby_ready(&mut handle));
    // Carl keeps reading (and takes his part in drawing the seed) until the test ends.
    let mut carl = carl;
    let carl = runtime.spawn(async move { carl.watch_until(Duration::from_secs(120), |_| false).await });
    handle.command(HostCommand::Start);
    run_until(&mut harness, "the table", |harness| matches!(harness.state().screen(), Screen::Table(_)));
    run_until(&mut harness, "both devices' lines", |harness| {
        harness.query_by_label_contains("Hosta: home network,").is_some()
            && harness.query_by_label_contains("Carl: home network,").is_some()
    });
    let strip = harness.get_by_label_contains("Connections:");
    let line = strip.value().unwrap_or_default();
    assert!(line.starts_with("Connections: ") && line.contains("Carl: "), "the strip's words: {line}");
    assert!(!line.contains("Guest: "), "its own line is named by the host it reaches, not by itself: {line}");
    let paths = handle.paths();
    assert_eq!(paths.iter().map(|device| device.name.as_str()).collect::<Vec<_>>(), ["Carl", "Guest"], "the host's screen: {paths:?}");
    carl.abort();
    drop(harness);
    runtime.block_on(handle.close());
    std::fs::remove_dir_all(&dir).expect("cleanup");
}
