//! Issue 28, item 3: a guest whose connection is lost mid-match gets back to its seat by itself
//! (no restart, no player's click) and the match ends verified on every device. On loopback: a
//! UDP relay between the guest and the host goes silent (the network gone) and comes back; the
//! relay goes silent for good while the host is still announced at its own address (the guest
//! finds it by its fingerprint); and the real binary's guests, online and on the LAN, stopped
//! with SIGSTOP past the idle timeout (a laptop asleep), then let go on.

use crate::net_support;

use std::process::Command;

use cardtable::app::{CardtableApp, Screen};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use std::time::Duration;

use cardtable::net::discovery::{Announcement, Announcer, DiscoveryConfig};
use cardtable::net::guest::{Ending, JoinRequest, join};
use cardtable::net::identity::Identity;
use cardtable::net::protocol::Holder;
use cardtable::net::relay::{Faults, Relay};
use cardtable::net::remote::RemoteTable;
use cardtable::net::server::HostHandle;
use cardtable::net::table::{HostCommand, SeatPlan, TableConfig};
use cardtable::net::tls::Pin;
use cardtable::store::record::NetworkPlay;
use cardtable_engine::bots::BotLevel;
use cardtable_engine::{Addressed, AnyEvent, AnyOptions, GameKind, Seat, Viewer};
use net_support::quic::{Player, hello, host, join_pinned, lobby_ready, quick_liveness, runtime, settings, sit_start_and_see_the_deal};
use net_support::window::{loopback_window, run_until, type_into};

/// How long a host holds an away guest's seat, as the app's guests dial for.
pub(crate) const REJOIN_FOR: Duration = Duration::from_secs(120);

/// One round of Crazy Eights: long enough to cut a connection in, short enough for a test.
fn one_round() -> AnyOptions {
    AnyOptions::from_json(GameKind::CrazyEights, &serde_json::json!({"score_limit": 0})).expect("options")
}

fn ana_is_away(table: &RemoteTable) -> bool {
    table.seats.first().is_some_and(|seat| seat.holder == Holder::Guest && !seat.connected)
}

/// A two-seat table of one round of Crazy Eights: the host, Ana's relay, Ana (through it),
/// Bea (directly).
pub(crate) struct Dealt {
    pub(crate) handle: HostHandle,
    pub(crate) identity: Identity,
    pub(crate) relay: Relay,
    pub(crate) ana: Player,
    pub(crate) bea: Player,
}

/// Hosts a two-seat table with `config`; Ana joins through a relay (looking for the host with
/// `discovery` after a loss, if given; dialling again for `rejoin_for`), Bea directly; both are
/// in the lobby, not seated yet.
pub(crate) async fn arrive(config: TableConfig, discovery: Option<DiscoveryConfig>, rejoin_for: Duration) -> Dealt {
    let (handle, identity) = host(one_round(), 2, config, settings());
    let relay = Relay::start(handle.addr(), Faults::none()).await.expect("relay");
    let mut request = JoinRequest::new(relay.addr(), Pin::Fingerprint(identity.fingerprint()), hello("Ana", None));
    request.liveness = quick_liveness();
    request.discovery = discovery;
    request.rejoin_for = rejoin_for;
    let ana = Player::new(join(request).await.expect("Ana joins through the relay"), Seat(0), 1);
    let bea = Player::new(join_pinned(handle.addr(), identity.fingerprint(), hello("Bea", None)).await, Seat(1), 2);
    Dealt { handle, identity, relay, ana, bea }
}

/// As [`arrive`] with the usual table, then both sit and see the deal.
async fn deal(discovery: Option<DiscoveryConfig>, rejoin_for: Duration) -> Dealt {
    let mut dealt = arrive(TableConfig::new("Host"), discovery, rejoin_for).await;
    sit_start_and_see_the_deal(&mut dealt.handle, &mut dealt.ana, &mut dealt.bea).await;
    dealt
}

/// Plays both to the end: the same result, both records verified, Ana's log kept across the
/// loss (what she saw before it still begins her log), and she got back by herself once.
pub(crate) async fn both_end_verified(handle: HostHandle, mut ana: Player, mut bea: Player, log_before: &[Addressed<AnyEvent>]) {
    let (ana_outcome, bea_outcome) = tokio::join!(ana.play(Duration::from_secs(90)), bea.play(Duration::from_secs(90)));
    assert_eq!(ana_outcome.result, bea_outcome.result);
    for (name, outcome) in [("Ana", &ana_outcome), ("Bea", &bea_outcome)] {
        assert!(outcome.record.network.as_ref().is_some_and(NetworkPlay::verified), "{name} verifies the record");
    }
    assert_eq!(ana.rejoined.len(), 1, "Ana got back once by herself");
    assert!(ana.table.history().starts_with(log_before), "Ana's log before the loss is kept");
    assert!(ana.table.history().len() > log_before.len(), "and goes on");
    eprintln!("rejoined after {:?} in {} attempts", ana.rejoined[0].after, ana.rejoined[0].attempts);
    handle.close().await;
}

#[test]
fn a_guest_whose_network_goes_away_and_comes_back_rejoins_its_seat_by_itself_and_ends_verified() {
    runtime().block_on(async {
        let Dealt { handle, relay, ana, mut bea, .. } = deal(None, REJOIN_FOR).await;
        let log_before = ana.table.history().to_vec();
        // Ana's network goes: nothing passes either way. The host shows her away.
        relay.cut(true);
        bea.watch_until(Duration::from_secs(10), ana_is_away).await.expect("Bea is told Ana is away");
        // Her network comes back a moment later: nobody touches her app.
        tokio::time::sleep(Duration::from_secs(2)).await;
        relay.cut(false);
        both_end_verified(handle, ana, bea, &log_before).await;
    });
}

#[test]
fn a_guest_whose_host_is_no_longer_at_its_address_finds_it_by_discovery_and_rejoins() {
    runtime().block_on(async {
        // A discovery port of this test's own: the host announces itself there, as a hosting
        // window does.
        let port = std::net::UdpSocket::bind("127.0.0.1:0").and_then(|socket| socket.local_addr()).expect("a free port").port();
        let discovery = DiscoveryConfig::loopback(port);
        let Dealt { handle, identity, relay, ana, mut bea } = deal(Some(discovery.clone()), REJOIN_FOR).await;
        let announcement = Announcement::new(identity.fingerprint(), handle.addr().port(), "Host", GameKind::CrazyEights);
        let _announcer = Announcer::start(&discovery, &identity, announcement).expect("announces on loopback");
        let log_before = ana.table.history().to_vec();
        // The address Ana knew goes silent for good: only discovery can take her back.
        relay.cut(true);
        bea.watch_until(Duration::from_secs(10), ana_is_away).await.expect("Bea is told Ana is away");
        both_end_verified(handle, ana, bea, &log_before).await;
    });
}

#[test]
fn a_guest_that_cannot_get_back_within_the_hold_is_told_so_and_its_seat_stays_away() {
    runtime().block_on(async {
        let rejoin_for = Duration::from_secs(3);
        let Dealt { handle, relay, mut ana, mut bea, .. } = deal(None, rejoin_for).await;
        relay.cut(true);
        let lost = std::time::Instant::now();
        let ending = ana.play_until(Duration::from_secs(30), |_| false).await.expect_err("Ana's connection ends");
        assert!(matches!(&ending, Ending::NotBack { tried, .. } if *tried == rejoin_for), "{ending:?}");
        assert!(ending.to_string().starts_with("the host could not be reached again within 3 s"), "{ending}");
        // Noticed after the idle timeout (1 s here), then three seconds of tries.
        assert!(lost.elapsed() >= rejoin_for, "told after {:?}", lost.elapsed());
        bea.watch_until(Duration::from_secs(10), ana_is_away).await.expect("Ana's seat is shown away, held");
        handle.close().await;
    });
}

/// From the start screen: joins the table at `address` with `code` (and the tests' seat code)
/// and waits for its lobby.
pub(crate) fn window_joins_the_lobby(harness: &mut Harness<'_, CardtableApp>, address: &str, code: &str) {
    harness.get_by_label("Join a table on the home network").click();
    harness.run();
    type_into(harness, "Address and port", address);
    type_into(harness, "Join code", code);
    type_into(harness, "Seat code", &net_support::quic::test_seat_code().to_string());
    harness.query_all_by_label("Join").last().expect("the join-by-address button").click();
    run_until(harness, "the lobby", |harness| harness.query_by_label("Watch instead").is_some());
}

/// From the start screen: joins Hosta's table at `address` with `code`, sits in the open seat,
/// says it is ready, and reaches the table once the host starts.
fn window_joins_and_reaches_the_table(
    harness: &mut Harness<'_, CardtableApp>,
    address: &str,
    code: &str,
    handle: &mut HostHandle,
    runtime: &tokio::runtime::Runtime,
) {
    window_joins_the_lobby(harness, address, code);
    run_until(harness, "an open seat", |harness| harness.query_by_label("Sit here").is_some());
    harness.get_by_label("Sit here").click();
    run_until(harness, "the seat", |harness| harness.query_by_label("I'm ready").is_some());
    harness.get_by_label("I'm ready").click();
    harness.run_steps(2);
    runtime.block_on(lobby_ready(handle));
    handle.command(HostCommand::Start);
    run_until(harness, "the table", |harness| matches!(harness.state().screen(), Screen::Table(_)));
}

#[test]
fn the_window_keeps_the_table_says_it_is_reconnecting_gets_back_and_can_leave() {
    let runtime = runtime();
    let (mut handle, identity, relay) = {
        let _runtime = runtime.enter();
        let (handle, identity) = host(one_round(), 2, TableConfig::new("Hosta"), settings());
        let relay = runtime.block_on(Relay::start(handle.addr(), Faults::none())).expect("relay");
        (handle, identity, relay)
    };
    handle.command(HostCommand::SetSeat { seat: Seat(1), plan: SeatPlan::Bot { name: "Boris".into(), level: BotLevel::Random } });
    let dir = net_support::window::temp_dir("net-rejoin", "window");
    let mut harness = loopback_window([1000.0, 800.0], dir.clone(), |_| {});
    window_joins_and_reaches_the_table(&mut harness, &relay.addr().to_string(), &identity.join_code().to_string(), &mut handle, &runtime);
    let holds_its_view = |harness: &Harness<'_, CardtableApp>| matches!(harness.state().screen(), Screen::Table(table) if table.session().view(Viewer::Seat(Seat(0))).is_some());
    run_until(&mut harness, "the guest's view", holds_its_view);

    // The network goes: after the idle timeout the banner says so, over the table still shown.
    relay.cut(true);
    run_until(&mut harness, "the reconnecting banner", |harness| {
        harness.query_by_label_contains("Reconnecting to Hosta's table").is_some()
    });
    assert!(holds_its_view(&harness), "the table stays on screen with the guest's hand");
    harness.get_by_label_contains("(attempt ");
    harness.get_by_label("Leave");
    // It comes back: the banner goes, the table goes on.
    relay.cut(false);
    run_until(&mut harness, "the banner gone", |harness| harness.query_by_label_contains("Reconnecting to").is_none());
    assert!(holds_its_view(&harness), "back at the table");
    assert!(harness.query_by_label_contains("connection to the host was lost").is_none(), "no ending told");

    // Gone again, the player gives up: Leave takes the window back to the start.
    relay.cut(true);
    run_until(&mut harness, "the reconnecting banner again", |harness| {
        harness.query_by_label_contains("Reconnecting to Hosta's table").is_some()
    });
    harness.get_by_label("Leave").click();
    run_until(&mut harness, "the start screen", |harness| matches!(harness.state().screen(), Screen::Start));
    drop(harness);
    runtime.block_on(handle.close());
    std::fs::remove_dir_all(&dir).expect("cleanup");
}

/// How long a sleeping guest is stopped: past the 5 s idle timeout on both sides.
const SLEEP: Duration = Duration::from_secs(7);

/// Sends `signal` (`-STOP`, `-CONT`) to the process `pid`.
fn signal(pid: u32, signal: &str) {
    let status = Command::new("kill").arg(signal).arg(pid.to_string()).status().expect("kill runs");
    assert!(status.success(), "kill {signal} {pid}");
}

/// A headless Dunno table with two bot guests; the first guest's process is stopped once both
/// are at the table, for longer than the idle timeout (a laptop asleep: the host shows it away), then let go on. It must get back
/// by itself, and every process end well: each guest's record verified.
fn a_sleeping_guest_wakes_up_and_rejoins(host_args: &[&str], guest_target: impl Fn(&str) -> (String, String, Vec<String>)) {
    let mut table = crate::net_headless::HeadlessTable::start(host_args, guest_target);
    // Into the match (both seated and dealt: not in the lobby), then at once asleep past the 5 s
    // idle timeout. Not a fixed wait: a match of bots can end in a few seconds (2 rounds, 29
    // moves), and the lobby's few round trips take longer under load.
    for index in 0..2 {
        table.wait_for_guest_line(index, "match started", Duration::from_secs(60));
    }
    signal(table.guests[0].id(), "-STOP");
    std::thread::sleep(SLEEP);
    signal(table.guests[0].id(), "-CONT");
    let outputs = table.every_device_ends_verified(Duration::from_secs(300));
    let back = outputs[0].lines().find(|line| line.starts_with("reconnected after")).unwrap_or_else(|| panic!("no rejoin: {}", outputs[0]));
    eprintln!("the sleeping guest: {back}");
}

#[test]
fn a_headless_online_guest_asleep_past_the_idle_timeout_rejoins_by_itself_and_verifies() {
    let args = ["--online", "--game", "dunno", "--seats", "guest,guest", "--print-invite", "--bind", "127.0.0.1:0"];
    a_sleeping_guest_wakes_up_and_rejoins(&args, crate::net_headless::invite_target);
}

#[test]
fn a_headless_lan_guest_asleep_past_the_idle_timeout_rejoins_by_itself_and_verifies() {
    let args = ["--lan", "--game", "dunno", "--seats", "guest,guest", "--print-invite", "--bind", "127.0.0.1:0"];
    a_sleeping_guest_wakes_up_and_rejoins(&args, crate::net_headless::lan_target);
}
