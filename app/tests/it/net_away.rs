//! Issue 29, "Reconnect a person can follow": when a guest's device drops mid-match, the host's
//! window shows on its seat how long the seat is still held ("back in 1:59 or a bot plays"),
//! counting down with no input, and "Let a bot play now" hands the seat to a bot at once: the
//! match goes on and ends. Guests are told the same hold. Loopback only, through the real
//! window (egui_kittest).

use crate::net_support;

use std::net::Ipv4Addr;
use std::time::{Duration, Instant};

use cardtable::app::{CardtableApp, Screen};
use cardtable::net::protocol::Holder;
use cardtable_engine::{Phase, Seat, Viewer};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use net_support::quic::runtime;
use net_support::window::run_until;

/// What an away seat's line says whatever the time left.
const HELD: &str = "or a bot plays";

/// The host's "Let a bot play now".
const BOT_NOW: &str = "Let a bot play now";

/// The away seat's line on the host's window, if shown.
fn held_line(harness: &Harness<'_, CardtableApp>) -> Option<String> {
    harness
        .query_all_by_label_contains(HELD)
        .find(|node| node.accesskit_node().role() == egui::accesskit::Role::Label)
        .and_then(|node| node.value())
}

/// Seconds shown in a line "away: back in 1:59 or a bot plays".
fn seconds_in(line: &str) -> u32 {
    let time = line.split_whitespace().find(|word| word.contains(':') && word.starts_with(|c: char| c.is_ascii_digit()));
    let (minutes, seconds) = time.and_then(|time| time.split_once(':')).expect("a time in the line");
    minutes.parse::<u32>().expect("minutes") * 60 + seconds.parse::<u32>().expect("seconds")
}

#[test]
fn the_host_sees_an_away_seats_countdown_and_lets_a_bot_play_it_now() {
    let dir = net_support::window::temp_dir("net-away", "countdown");
    let lan_dir = dir.join("lan");
    let mut harness = Harness::builder().with_size([1000.0, 800.0]).build_eframe(move |cc| {
        let mut app = CardtableApp::with_store(cc, 1, Ok(None));
        app.set_lan_interface(Some(Ipv4Addr::LOCALHOST));
        app.set_lan_dir(lan_dir.clone());
        app
    });
    // A Dunno table of three guests (one round: the match ends soon); the host only watches.
    let runtime = runtime();
    let mut players = net_support::window::start_a_watched_dunno_table_of_three_guests(&mut harness, &runtime, 60);
    // Cal's device takes its part in the seed, sees its hand, and is gone.
    let mut cal = players.pop().expect("Cal");
    runtime
        .block_on(cal.watch_until(Duration::from_secs(60), |table| table.latest(Viewer::Seat(Seat(2))).is_some()))
        .expect("Cal's hand is dealt");
    drop(cal);
    let mut ana = players.remove(0);
    // Ana is told how long Cal's seat is held, as the host's window is.
    runtime
        .block_on(ana.watch_until(Duration::from_secs(30), |table| {
            table.start.is_some() && table.seats.get(2).is_some_and(|seat| seat.holder == Holder::Guest && !seat.connected)
        }))
        .expect("Ana is told Cal is away");
    let told = ana.table.seats[2].bot_in.expect("the hold's seconds");
    assert!((100..=120).contains(&told), "Cal's seat is held two minutes: {told} s left");
    players.insert(0, ana);

    run_until(&mut harness, "the away seat's countdown", |harness| held_line(harness).is_some());
    let first = held_line(&harness).expect("shown");
    assert!(first.starts_with("away: back in 1:") || first.starts_with("away: back in 2:00"), "{first}");
    // It counts down with no input: the window asks for the frames that show each second.
    let deadline = Instant::now() + Duration::from_secs(30);
    while held_line(&harness).is_some_and(|line| seconds_in(&line) + 2 > seconds_in(&first)) {
        assert!(Instant::now() < deadline, "the countdown did not go down from {first}");
        assert!(harness.ctx.has_requested_repaint(), "the countdown asks for its next frame itself");
        harness.step();
    }

    // On a phone the button lies inside the window, as tall as a touch target.
    harness.set_size(egui::vec2(360.0, 640.0));
    harness.run_steps(4);
    let button = harness.get_by_label(BOT_NOW).rect();
    let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(360.0, 640.0));
    assert!(window.contains_rect(button), "{button:?} lies inside the phone's window");
    assert!(button.height() >= 44.0, "{button:?} is a touch target");
    harness.set_size(egui::vec2(1000.0, 800.0));
    harness.run_steps(4);

    harness.get_by_label(BOT_NOW).click();
    run_until(&mut harness, "the countdown gone once a bot plays Cal's seat", |harness| held_line(harness).is_none());
    assert!(harness.query_by_label(BOT_NOW).is_none(), "nothing left to hand to a bot");
    let games: Vec<_> =
        players.into_iter().map(|mut player| runtime.spawn(async move { player.play(Duration::from_secs(240)).await })).collect();
    let deadline = Instant::now() + Duration::from_secs(300);
    while !games.iter().all(tokio::task::JoinHandle::is_finished) {
        assert!(Instant::now() < deadline, "the match did not end in time with a bot in Cal's seat");
        harness.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    let outcomes: Vec<_> = games.into_iter().map(|game| runtime.block_on(game).expect("a guest's task")).collect();
    run_until(
        &mut harness,
        "the match's end on the host's window",
        |harness| matches!(harness.state().screen(), Screen::Table(table) if table.session().phase() == Phase::MatchOver),
    );
    // (Ana's and Bea's devices, done, now drop in turn: their seats are shown away.)
    let Screen::Table(table) = harness.state().screen() else { unreachable!() };
    assert!(table.session().occupants()[2].bot_level().is_some(), "a bot plays Cal's seat");
    for outcome in &outcomes {
        assert_eq!(outcome.result.totals.len(), 3, "the match ended for every seat");
    }
    drop(harness);
    let _ = std::fs::remove_dir_all(&dir);
}
