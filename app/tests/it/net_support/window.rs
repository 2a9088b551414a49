//! The networked window under egui_kittest, kept to loopback: a temporary LAN folder, the
//! window's network steps until the network has answered, text typed into a named field.

use std::net::Ipv4Addr;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use cardtable::app::CardtableApp;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

/// An empty temporary folder for `test`'s `name` (removed if it was there).
pub fn temp_dir(test: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cardtable-{test}-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// A window of `size` kept to loopback (`--lan-interface 127.0.0.1`) with its LAN files in
/// `dir`; `setup` sets it up further.
pub fn loopback_window(size: [f32; 2], dir: PathBuf, setup: impl Fn(&mut CardtableApp) + 'static) -> Harness<'static, CardtableApp> {
    Harness::builder().with_size(size).build_eframe(move |cc| {
        let mut app = CardtableApp::new(cc, 1);
        app.set_lan_interface(Some(Ipv4Addr::LOCALHOST));
        app.set_lan_dir(dir.clone());
        setup(&mut app);
        app
    })
}

/// Steps the window until `done` holds (the network answers on its own threads).
pub fn run_until(harness: &mut Harness<'_, CardtableApp>, what: &str, done: impl Fn(&Harness<'_, CardtableApp>) -> bool) {
    // Generous: a loaded CI machine builds and runs other tests meanwhile; a fast one returns early.
    let deadline = Instant::now() + Duration::from_secs(60);
    while !done(harness) {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        harness.step();
        std::thread::sleep(Duration::from_millis(20));
    }
    // Messages keep waking the window: step a few frames rather than wait for it to settle.
    harness.run_steps(3);
}

/// Empties the text field labelled `label`.
pub fn clear(harness: &mut Harness<'_, CardtableApp>, label: &str) {
    harness.get_by_label(label).click();
    harness.run_steps(2);
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.key_press(egui::Key::Backspace);
    harness.run_steps(2);
}

/// Types `text` into the field labelled `label`.
pub fn type_into(harness: &mut Harness<'_, CardtableApp>, label: &str, text: &str) {
    harness.get_by_label(label).click();
    harness.run_steps(2);
    harness.get_by_label(label).type_text(text);
    harness.run_steps(2);
}

/// The guest "Bea" on `link` sits in the window's lobby and says it is ready; the window starts
/// the match and reaches its table; the guest (which takes its part in drawing the seed) must
/// be told it sits in seat 2. Bea, still connected, is returned.
pub fn bea_sits_and_the_window_starts(
    harness: &mut Harness<'_, CardtableApp>,
    runtime: &tokio::runtime::Runtime,
    link: cardtable::net::guest::GuestLink,
) -> super::quic::Player {
    use cardtable::net::protocol::{ClientMsg, Role};
    use cardtable_engine::Seat;
    link.send(ClientMsg::Sit { seat: None });
    link.send(ClientMsg::Ready { ready: true });
    run_until(harness, "the guest in the lobby", |harness| harness.query_by_label("Bea").is_some());
    let mut guest = super::quic::Player::new(link, Seat(1), 41);
    let guest = runtime.spawn(async move {
        let started = guest.watch_until(Duration::from_secs(10), |table| table.start.is_some()).await;
        (started, guest.table.start.clone(), guest)
    });
    harness.get_by_label("Start the match").click();
    run_until(harness, "the table", |harness| matches!(harness.state().screen(), cardtable::app::Screen::Table(_)));
    let (ended, started, guest) = runtime.block_on(guest).expect("the guest's task");
    assert!(ended.is_ok(), "the guest is still connected: {ended:?}");
    assert_eq!(started.expect("the guest was told the match started").you, Role::Seated(vec![Seat(1)]));
    guest
}

/// From the start screen: a new Crazy Eights table whose second seat is a person (on the
/// network, that seat is open for a guest), opened with the button `host` ("Host on the home
/// network", "Host online").
pub fn host_a_new_table(harness: &mut Harness<'_, CardtableApp>, host: &str) {
    harness.get_by_label("New Crazy Eights table").click();
    harness.run();
    harness.get_all_by_label("Person").nth(1).expect("seat 2's toggle").click();
    harness.run();
    harness.get_by_label(host).click();
}

/// The join code the host's window shows (`Join code K7QM-2XPA`), as a guest would read it.
pub fn shown_join_code(harness: &Harness<'_, CardtableApp>) -> cardtable::net::identity::JoinCode {
    let label = harness.get_by_label_contains("Join code").value().unwrap_or_default();
    label.trim_start_matches("Join code ").parse().expect("the code shown")
}

/// The seat code the host's window shows (`Seat code 482 913`), as a guest would read it.
pub fn shown_seat_code(harness: &Harness<'_, CardtableApp>) -> cardtable::net::protocol::SeatCode {
    let label = harness.get_by_label_contains("Seat code ").value().unwrap_or_default();
    label.trim_start_matches("Seat code ").parse().expect("the seat code shown")
}

/// From the start screen of a window kept to loopback: opens a Dunno table on the home network
/// that the window only watches, seats Ana, Bea and Cal (guests on their own connections, with
/// the seat code shown, seeded from `seed`) and starts the match; returns the guests.
pub fn start_a_watched_dunno_table_of_three_guests(
    harness: &mut Harness<'_, CardtableApp>,
    runtime: &tokio::runtime::Runtime,
    seed: u64,
) -> Vec<super::quic::Player> {
    use cardtable::net::guest::{JoinRequest, join};
    use cardtable::net::tls::Pin;
    use cardtable_engine::Seat;
    use egui_kittest::kittest::NodeT;

    harness.get_by_label("New Dunno table").click();
    harness.run();
    for seat in 1..3 {
        harness.get_all_by_label("Person").nth(seat).expect("a seat's toggle").click();
        harness.run();
    }
    harness.get_by_label("Host on the home network").click();
    run_until(harness, "the host's lobby", |harness| harness.query_by_label_contains("Join code").is_some());
    // Seat 1 is open for a guest too: this device only watches.
    harness.get_all_by_label("Guest").next().expect("seat 1's Guest choice").click();
    // The table task opens the seat a moment later: a guest asking for it before then would
    // wait in line (or, before the line, be refused), so wait for the lobby to show it open.
    run_until(harness, "seat 1 open for a guest", |harness| {
        harness
            .get_all_by_label("Guest")
            .next()
            .is_some_and(|choice| choice.accesskit_node().toggled() == Some(egui::accesskit::Toggled::True))
    });
    let code = shown_join_code(harness);
    let address_label = harness.get_by_label_contains("Address ").value().unwrap_or_default();
    let port: u16 = address_label.rsplit(' ').next().and_then(|port| port.parse().ok()).expect("the port shown");
    let seat_code = shown_seat_code(harness);
    let mut players = Vec::new();
    for (seat, name) in [(0, "Ana"), (1, "Bea"), (2, "Cal")] {
        let hello = super::quic::hello_with_code(name, None, Some(seat_code));
        let request = JoinRequest::new((Ipv4Addr::LOCALHOST, port).into(), Pin::JoinCode(code), hello);
        let link = runtime.block_on(join(request)).expect("a guest joins the window's table");
        let player = super::quic::Player::new(link, Seat(seat), seed + u64::from(seat));
        player.sit();
        players.push(player);
    }
    run_until(harness, "the guests ready", |harness| ["Ana", "Bea", "Cal"].iter().all(|name| harness.query_by_label(name).is_some()));
    harness.get_by_label("Start the match").click();
    run_until(harness, "the table", |harness| matches!(harness.state().screen(), cardtable::app::Screen::Table(_)));
    players
}
