//! Issue 17, the LAN host: each way one hostile device on the network spoiled a table, tried
//! over loopback QUIC (127.0.0.1 only) against a hosting table with a real guest playing.
//! Figures (memory, refusals) are printed with `--nocapture` and written down in docs/lan.md.

use crate::net_support;

use std::time::{Duration, Instant};

use cardtable::net::guest::{GuestEvent, GuestLink};
use cardtable::net::limits::HostLimits;
use cardtable::net::protocol::{ClientMsg, Holder, HostMsg, JoinAs, LobbyInfo};
use cardtable::net::server::HostHandle;
use cardtable::net::table::TableConfig;
use cardtable_engine::{AnyOptions, GameKind, Seat};
use net_support::attack;
use net_support::hostile::{hostile_settings, lifted_handshake_rates, one_round, seated_guest, unlimited_rate};
use net_support::quic::{hello, host, host_sees, join_pinned, runtime};

/// Waits for the connection to be closed by the host; returns the reason it gave.
async fn closed_by_host(connection: &quinn::Connection, within: Duration) -> String {
    match tokio::time::timeout(within, connection.closed()).await.expect("the host closed the connection in time") {
        quinn::ConnectionError::ApplicationClosed(close) => String::from_utf8_lossy(&close.reason).into_owned(),
        other => panic!("closed otherwise: {other}"),
    }
}

/// Issue 17.2: a flood of connection attempts is refused before its handshake beyond the caps
/// (per source address too), while a seated guest plays its match to the end.
#[test]
fn a_flood_of_handshakes_is_refused_while_a_seated_guest_plays() {
    runtime().block_on(async {
        let limits = unlimited_rate();
        let (mut handle, identity) = host(one_round(), 2, TableConfig::new("Host"), hostile_settings(limits));
        let mut player = seated_guest(&mut handle, identity.fingerprint()).await;
        let address = handle.addr();
        let fingerprint = identity.fingerprint();
        let flood = tokio::spawn(async move {
            let endpoint = attack::endpoint();
            let mut held = Vec::new();
            let mut refused = 0;
            for _wave in 0..6 {
                let attempts: Vec<_> = (0..50)
                    .map(|_| {
                        let endpoint = endpoint.clone();
                        tokio::spawn(async move { attack::connect(&endpoint, address, fingerprint).await })
                    })
                    .collect();
                for attempt in attempts {
                    match attempt.await.expect("an attempt") {
                        Ok(connection) => held.push(connection),
                        Err(_) => refused += 1,
                    }
                }
            }
            (held, refused)
        });
        player.play(Duration::from_secs(60)).await;
        let (held, refused) = flood.await.expect("the flood");
        let stats = handle.stats();
        eprintln!(
            "300 connection attempts from one address: {} let in, {refused} refused ({} refused before the handshake, \
             {} first packets dropped unread once the address had spent its answered refusals), at most {} connections open at once",
            held.len(),
            stats.handshakes_refused,
            stats.initials_dropped,
            stats.connections_peak
        );
        // Attempts whose first packet was dropped are resent and may be let in later, once
        // earlier ones closed (no Hello in time): what the cap bounds is how many are open at once.
        assert!(stats.connections_peak <= limits.connections_per_address, "{} open at once from one address", stats.connections_peak);
        assert!(held.len() < 300 / 10, "{} let in from one address", held.len());
        // Each attempt not let in was refused before its handshake, or its first packet (and
        // any resent copy) dropped before quinn read it.
        assert!((stats.handshakes_refused + stats.initials_dropped) as usize >= 300 - limits.connections_per_address);
        handle.close().await;
    });
}

/// Issue 17.3: sixteen devices that say Hello and nothing more do not make the table full: a
/// player still joins and sits, and at most [`TableConfig::max_unseated`] stay.
#[test]
fn idle_devices_without_a_seat_keep_no_player_from_the_table() {
    runtime().block_on(async {
        let limits =
            HostLimits { pending: 64, pending_per_address: 64, connections: 64, connections_per_address: 64, ..lifted_handshake_rates() };
        let config = TableConfig::new("Host");
        let max_unseated = config.max_unseated;
        let (mut handle, identity) = host(one_round(), 2, config, hostile_settings(limits));
        let endpoint = attack::endpoint();
        let mut idle = Vec::new();
        for index in 0..16 {
            let hello = hello(&format!("Idle {index}"), None);
            idle.push(attack::say_hello(&endpoint, handle.addr(), identity.fingerprint(), &hello).await.expect("says Hello"));
        }
        let link = join_pinned(handle.addr(), identity.fingerprint(), hello("Ana", None)).await;
        link.send(ClientMsg::Sit { seat: Some(Seat(0)) });
        let HostMsg::Lobby(lobby) =
            host_sees(&mut handle, |message| matches!(message, HostMsg::Lobby(lobby) if lobby.seats[0].name == "Ana")).await
        else {
            unreachable!("filtered")
        };
        assert_eq!(lobby.seats[0].holder, Holder::Guest);
        assert!(lobby.others.len() <= max_unseated, "{} devices without a seat stay", lobby.others.len());
        drop(link);
        handle.close().await;
    });
}

/// Issue 17.3: a device that waits in the lobby without a seat and without a word is let go
/// after [`TableConfig::waiting_idle`].
#[test]
fn a_device_waiting_without_a_word_is_let_go() {
    runtime().block_on(async {
        let mut config = TableConfig::new("Host");
        config.waiting_idle = Duration::from_millis(300);
        let (handle, identity) = host(one_round(), 2, config, hostile_settings(HostLimits::default()));
        let endpoint = attack::endpoint();
        let (connection, _send, _recv) =
            attack::say_hello(&endpoint, handle.addr(), identity.fingerprint(), &hello("Quiet", None)).await.expect("says Hello");
        let reason = closed_by_host(&connection, Duration::from_secs(5)).await;
        assert!(reason.contains("without a seat"), "{reason}");
        handle.close().await;
    });
}

/// Issue 17.3: a frame trickled a byte at a time is dropped at its deadline, and the table
/// plays on for the others.
#[test]
fn a_frame_trickled_byte_by_byte_is_dropped_at_its_deadline() {
    runtime().block_on(async {
        let limits = HostLimits { frame_deadline: Duration::from_millis(500), ..HostLimits::default() };
        let (handle, identity) = host(one_round(), 2, TableConfig::new("Host"), hostile_settings(limits));
        let endpoint = attack::endpoint();
        let (connection, mut send, _recv) =
            attack::say_hello(&endpoint, handle.addr(), identity.fingerprint(), &hello("Slow", None)).await.expect("says Hello");
        let trickle = tokio::spawn(async move {
            send.write_all(&65_000_u32.to_be_bytes()).await.expect("the prefix");
            for _ in 0..65_000 {
                tokio::time::sleep(Duration::from_millis(100)).await;
                if send.write_all(&[0]).await.is_err() {
                    break;
                }
            }
        });
        let reason = closed_by_host(&connection, Duration::from_secs(5)).await;
        trickle.abort();
        assert!(reason.contains("did not arrive whole"), "{reason}");
        assert_eq!(handle.stats().frames_late, 1);
        // Another guest is let in and served.
        let link = join_pinned(handle.addr(), identity.fingerprint(), hello("Ana", None)).await;
        assert_eq!(link.admitted().host_name, "Host");
        handle.close().await;
    });
}

/// Issue 17.4: devices that join and leave (or drop) are forgotten: after many cycles the table
/// holds only the host's device, so its cost does not grow with everyone who ever came.
#[test]
fn devices_that_come_and_go_are_forgotten() {
    runtime().block_on(async {
        let (handle, identity) = host(one_round(), 2, TableConfig::new("Host"), hostile_settings(lifted_handshake_rates()));
        for cycle in 0..40 {
            let link = join_pinned(handle.addr(), identity.fingerprint(), hello(&format!("Passer {cycle}"), None)).await;
            if cycle % 2 == 0 {
                link.leave().await;
            } else {
                drop(link);
            }
        }
        // Wait until the table has taken in the last departure (no time is asserted).
        let deadline = Instant::now() + Duration::from_secs(10);
        while handle.stats().participants > 1 && Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let stats = handle.stats();
        eprintln!("after 40 join-and-leave cycles the table holds {} participant(s)", stats.participants);
        assert_eq!(stats.participants, 1, "only the host's device");
        handle.close().await;
    });
}

/// Issue 17.4, without sockets: ten thousand devices that come and go leave one participant.
#[test]
fn ten_thousand_comings_and_goings_leave_only_the_host() {
    let mut table = net_support::memory::Memory::new(AnyOptions::defaults(GameKind::CrazyEights), 2, 5);
    for cycle in 0..10_000_u64 {
        let conn = cardtable::net::table::people::ConnId(cycle + 1);
        table.join(conn, &format!("Passer {}", cycle % 100), JoinAs::Player);
        if cycle % 2 == 0 {
            table.send(conn, ClientMsg::Leave);
        } else {
            let effects = table.core.disconnected(conn, table.clock);
            table.deliver(effects);
        }
    }
    assert_eq!(table.core.participants(), 1);
}

/// Counts the lobby messages `link` receives until one satisfies `done`, then for `quiet` more.
async fn lobbies_until(link: &mut GuestLink, done: impl Fn(&LobbyInfo) -> bool, quiet: Duration) -> usize {
    let mut count = 0;
    let mut settled_at = None;
    loop {
        let wait = match settled_at {
            Some(at) => quiet.saturating_sub(Instant::now().saturating_duration_since(at)),
            None => Duration::from_secs(10),
        };
        match tokio::time::timeout(wait, link.next()).await {
            Ok(Some(GuestEvent::Message(HostMsg::Lobby(lobby)))) => {
                count += 1;
                if settled_at.is_none() && done(&lobby) {
                    settled_at = Some(Instant::now());
                }
            }
            Ok(Some(GuestEvent::Message(_))) => {}
            Ok(other) => panic!("the observer's connection ended: {other:?}"),
            Err(_) if settled_at.is_some() => return count,
            Err(_) => panic!("the lobby never showed what was awaited"),
        }
    }
}

/// Connects a hostile seated device (it sits in seat 0 and reads nothing) and an observer that
/// has seen it sit.
async fn hostile_and_observer(
    handle: &HostHandle,
    fingerprint: cardtable::net::identity::Fingerprint,
) -> (quinn::Connection, quinn::SendStream, GuestLink) {
    let mut observer = join_pinned(handle.addr(), fingerprint, hello("Obs", None)).await;
    let endpoint = attack::endpoint();
    let (connection, mut send, _recv) =
        attack::say_hello(&endpoint, handle.addr(), fingerprint, &hello("Loud", None)).await.expect("says Hello");
    send.write_all(&attack::frames(&[ClientMsg::Sit { seat: Some(Seat(0)) }])).await.expect("sits");
    lobbies_until(&mut observer, |lobby| lobby.seats[0].name == "Loud", Duration::from_millis(200)).await;
    (connection, send, observer)
}

/// Issue 17.5: thirty lobby changes sent at once reach each other device as a few broadcasts
/// (one per tick), not thirty.
#[test]
fn lobby_changes_within_a_tick_are_one_broadcast() {
    runtime().block_on(async {
        let (handle, identity) = host(one_round(), 2, TableConfig::new("Host"), hostile_settings(HostLimits::default()));
        let (_connection, mut send, mut observer) = hostile_and_observer(&handle, identity.fingerprint()).await;
        let toggles: Vec<ClientMsg> = (0..30).map(|index| ClientMsg::Ready { ready: index % 2 == 1 }).collect();
        let burst = attack::frames(&toggles);
        send.write_all(&burst).await.expect("the burst");
        let lobbies = lobbies_until(&mut observer, |lobby| lobby.seats[0].ready, Duration::from_millis(300)).await;
        eprintln!("30 lobby changes ({} bytes) in one burst: the observer received {lobbies} lobby message(s)", burst.len());
        assert!(lobbies <= 3, "{lobbies} lobby messages for one burst");
        handle.close().await;
    });
}

/// Issue 17.5: a device sending messages faster than its budget is disconnected, and the
/// others hear of its flood as a few lobby broadcasts.
#[test]
fn a_device_over_its_message_rate_is_disconnected() {
    runtime().block_on(async {
        let limits = HostLimits::default();
        let (handle, identity) = host(one_round(), 2, TableConfig::new("Host"), hostile_settings(limits));
        let (connection, mut send, mut observer) = hostile_and_observer(&handle, identity.fingerprint()).await;
        let toggles: Vec<ClientMsg> = (0..1_000).map(|index| ClientMsg::Ready { ready: index % 2 == 1 }).collect();
        let flood = attack::frames(&toggles);
        let _ = send.write_all(&flood).await;
        let reason = closed_by_host(&connection, Duration::from_secs(5)).await;
        assert_eq!(reason, "too many messages");
        assert_eq!(handle.stats().rate_limited, 1);
        // The seat opens again once the flooder is gone; the observer heard a few broadcasts.
        let lobbies = lobbies_until(&mut observer, |lobby| lobby.seats[0].holder == Holder::Open, Duration::from_millis(300)).await;
        eprintln!("a flood of 1,000 messages ({} bytes): disconnected; the observer received {lobbies} lobby message(s)", flood.len());
        assert!(lobbies <= 4, "{lobbies} lobby messages");
        handle.close().await;
    });
}
