//! Online play on loopback (issue 28): the app's relay server in-process, a host and guests that
//! hold only the invite. A guest connects through the relay and then goes direct; a whole match
//! of every game finishes verified on every device; play goes on directly when the relay is
//! killed mid-match, and through the relay when the direct path is blocked; a guest that drops
//! takes back its seat and hand after a restart; the LAN's hostile-peer limits bound an online
//! peer too.

use crate::net_support;

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use cardtable::net::codec::MAX_FRAME;
use cardtable::net::guest::join_online;
use cardtable::net::guest::{Ending, GuestEvent};
use cardtable::net::invite::Invite;
use cardtable::net::limits::HostLimits;
use cardtable::net::link::PathKind;
use cardtable::net::online::OnlineJoin;
use cardtable::net::protocol::{ALPN, ClientMsg, CloseCode};
use cardtable::net::server::{FrameAudit, HostHandle};
use cardtable::net::table::HostCommand;
use cardtable_engine::{AnyOptions, Game, GameKind, GameVisitor, Seat};
use iroh::endpoint::{ConnectionError, presets};
use iroh::{Endpoint, EndpointAddr, PublicKey, RelayMode, TransportAddr};
use net_support::online::{Relay, host_online, join_invite, relay};
use net_support::quic::{LeakAudit, Player, fill_with_bots, hello, lobby_ready, no_snap_grace, play_all_and_agree, runtime, settings};

struct MostSeats;

impl GameVisitor for MostSeats {
    type Output = usize;
    fn visit<G: Game>(self) -> usize {
        *G::seat_range(&G::Options::default()).end()
    }
}

/// The invite without its direct addresses: a guest holding it can reach the host only
/// through the relay at first.
fn relay_only(invite: &Invite) -> Invite {
    Invite::new(invite.key, &invite.relays, &[]).expect("the invite names a relay")
}

/// Waits (up to `limit`) until the guest's path to the host is `wanted`; the time it took.
async fn path_becomes(link: &cardtable::net::guest::GuestLink, wanted: PathKind, limit: Duration) -> Duration {
    let start = Instant::now();
    while link.path().0 != wanted {
        assert!(start.elapsed() < limit, "the path stayed {:?} for {limit:?}", link.path());
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    start.elapsed()
}

/// How `link`'s connection ends (within five seconds), what comes before it skipped.
async fn ending(link: &mut cardtable::net::guest::GuestLink) -> Ending {
    let ended = async {
        loop {
            match link.next().await {
                Some(GuestEvent::Ended(ending)) => return ending,
                None => return Ending::Lost("no word".to_owned()),
                _ => {}
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(5), ended).await.expect("the end is told in time")
}

#[test]
fn a_guest_holding_only_the_invite_sits_down_through_the_relay_then_goes_direct() {
    runtime().block_on(async {
        let relay = relay().await;
        let mut handle = host_online(AnyOptions::defaults(GameKind::CrazyEights), 2, settings(), &relay).await;
        let invite = handle.invite().expect("an online table has an invite");
        assert_eq!(invite.relays, relay.settings.relays, "the invite names the host's relay");
        assert!(invite.addresses.iter().all(|address| address.ip().is_loopback()), "{invite}");
        assert_eq!(invite.host(), handle.fingerprint(), "the invite's key is the host's identity");
        // What the guest is handed: one line of text, relay only.
        let text = relay_only(&invite).to_string();
        let started = Instant::now();
        let guest_invite: Invite = text.parse().expect("the invite reads back");
        let link = join_invite(&guest_invite, hello("Ana", None), &relay).await;
        let welcomed = started.elapsed();
        assert_eq!(link.first_path(), PathKind::Relay, "a guest with no address for the host starts through the relay");
        let (_, rtt) = link.path();
        link.send(ClientMsg::Sit { seat: Some(Seat(1)) });
        link.send(ClientMsg::Ready { ready: true });
        let mut link = link;
        let seated = async {
            loop {
                match link.next().await {
                    Some(GuestEvent::Message(cardtable::net::protocol::HostMsg::Lobby(lobby)))
                        if lobby.seats[1].holder != cardtable::net::protocol::Holder::Open =>
                    {
                        return;
                    }
                    Some(GuestEvent::Ended(ending)) => panic!("ended: {ending}"),
                    None => panic!("no word"),
                    _ => {}
                }
            }
        };
        tokio::time::timeout(Duration::from_secs(10), seated).await.expect("seated in time");
        let sat_down = started.elapsed();
        let direct_after = path_becomes(&link, PathKind::Direct, Duration::from_secs(20)).await;
        let (_, direct_rtt) = link.path();
        eprintln!(
            "invite to Welcome {welcomed:?} (rtt {rtt:?} then); to seated {sat_down:?}; direct {direct_after:?} later (rtt {direct_rtt:?})"
        );
        assert_eq!(handle.stats().connections_accepted, 1);
        let _ = handle.try_recv();
        handle.close().await;
        assert_eq!(ending(&mut link).await, Ending::HostLeft);
    });
}

#[test]
fn three_guests_holding_the_invite_play_every_game_online_to_a_verified_end() {
    runtime().block_on(async {
        let relay = relay().await;
        for (index, &kind) in GameKind::ALL.iter().enumerate() {
            let seats = kind.visit(MostSeats).min(5);
            let audit = LeakAudit::default();
            let mut settings = settings();
            settings.audit = Some(audit.hook());
            let mut handle = host_online(no_snap_grace(AnyOptions::defaults(kind)), seats, settings, &relay).await;
            let invite: Invite = handle.invite().expect("invite").to_string().parse().expect("reads back");
            fill_with_bots(&handle, 3, seats);
            let mut players = Vec::new();
            for guest in 0..3 {
                let link = join_invite(&invite, hello(&format!("Guest {guest}"), None), &relay).await;
                let player = Player::new(link, Seat(guest), 100 * index as u64 + u64::from(guest));
                player.sit();
                players.push(player);
            }
            lobby_ready(&mut handle).await;
            handle.command(HostCommand::Start);
            // Each guest's record is checked against what it was shown (play_all_and_agree).
            let expected = play_all_and_agree(&mut handle, players, &format!("{kind} online")).await;
            let leaks = audit.leaks.lock().expect("lock").clone();
            assert!(leaks.is_empty(), "{kind}: {leaks:?}");
            eprintln!("{kind} online: {} round(s), {} frames checked", expected.rounds, audit.frames.load(Ordering::Relaxed));
            handle.close().await;
        }
    });
}

/// A raw iroh client of the online host, for the hostile tests: bound to loopback, through
/// the test relay.
async fn raw_client(relay: &Relay) -> Endpoint {
    let url = relay.settings.relays[0].parse().expect("relay url");
    Endpoint::builder(presets::Minimal)
        .relay_mode(RelayMode::custom([url]))
        .ca_tls_config(relay.settings.relay_tls.clone().expect("the test relay's certificate"))
        .clear_ip_transports()
        .bind_addr(SocketAddr::from(([127, 0, 0, 1], 0)))
        .expect("loopback")
        .bind()
        .await
        .expect("a raw client")
}

fn address_of(invite: &Invite) -> EndpointAddr {
    let key = PublicKey::from_bytes(&invite.key).expect("a key");
    let relays = invite.relays.iter().map(|url| TransportAddr::Relay(url.parse().expect("relay")));
    EndpointAddr::from_parts(key, invite.addresses.iter().copied().map(TransportAddr::Ip).chain(relays))
}

/// The LAN's limits at an online host: connections that never say Hello fill only the
/// pending places (beyond them, refused before their handshake) and are let go after the
/// Hello deadline; a frame announcing more than 64 KiB closes its connection; a device over
/// its message rate is disconnected.
#[test]
fn the_lan_limits_bound_an_online_peer() {
    runtime().block_on(async {
        let relay = relay().await;
        let limits = HostLimits { pending: 3, hello_timeout: Duration::from_secs(2), ..HostLimits::default() };
        let mut settings = settings();
        settings.limits = limits;
        let handle = host_online(AnyOptions::defaults(GameKind::CrazyEights), 2, settings, &relay).await;
        let invite = handle.invite().expect("invite");

        // Six silent devices: three pending places.
        let mut silent = Vec::new();
        for _ in 0..6 {
            let client = raw_client(&relay).await;
            if let Ok(Ok(connection)) = tokio::time::timeout(Duration::from_secs(5), client.connect(address_of(&invite), ALPN)).await {
                silent.push((client, connection));
            }
        }
        let refused = handle.stats().handshakes_refused;
        eprintln!("6 silent online devices: {} connected, {refused} refused before their handshake", silent.len());
        assert!(refused >= 3, "{refused} refused");
        for (_, connection) in &silent {
            let closed = tokio::time::timeout(Duration::from_secs(5), connection.closed()).await.expect("let go in time");
            assert!(
                matches!(&closed, ConnectionError::ApplicationClosed(close) if close.reason.as_ref() == b"no Hello in time"),
                "{closed:?}"
            );
        }
        assert!(handle.stats().hello_late >= 1);

        // A frame announcing 16 times the cap.
        let client = raw_client(&relay).await;
        let connection = client.connect(address_of(&invite), ALPN).await.expect("connects");
        let (mut send, _recv) = connection.open_bi().await.expect("a stream");
        send.write_all(&u32::try_from(16 * MAX_FRAME).expect("fits").to_be_bytes()).await.expect("write");
        let closed = tokio::time::timeout(Duration::from_secs(5), connection.closed()).await.expect("closed in time");
        let ConnectionError::ApplicationClosed(close) = closed else { panic!("{closed:?}") };
        assert_eq!(close.error_code.into_inner(), CloseCode::Protocol as u64);
        assert!(String::from_utf8_lossy(&close.reason).contains("larger than"), "{close:?}");

        // A flood of messages from a device that said Hello.
        let mut flooder = join_invite(&invite, hello("Mallory", None), &relay).await;
        for index in 0..200 {
            flooder.send(ClientMsg::Ready { ready: index % 2 == 1 });
        }
        assert_eq!(ending(&mut flooder).await, Ending::Protocol("too many messages".to_owned()));
        assert_eq!(handle.stats().rate_limited, 1);
        handle.close().await;
    });
}

/// A frame audit counting the frames sent to guests while a match is on, and the count.
fn frames_in_match() -> (FrameAudit, Arc<AtomicUsize>) {
    let count = Arc::new(AtomicUsize::new(0));
    let counted = count.clone();
    let audit: FrameAudit = Arc::new(move |_, _, host| {
        if host.is_some() {
            counted.fetch_add(1, Ordering::Relaxed);
        }
    });
    (audit, count)
}

/// Waits until the host has measured `guests` guests' paths; those paths.
async fn host_paths(handle: &HostHandle, guests: usize) -> Vec<cardtable::net::link::DevicePath> {
    let measured = async {
        loop {
            let paths = handle.paths();
            if paths.len() == guests {
                return paths;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    };
    tokio::time::timeout(Duration::from_secs(10), measured).await.expect("the host measures its guests' paths")
}

#[test]
fn play_goes_on_directly_when_the_relay_is_killed_mid_match() {
    runtime().block_on(async {
        let relay = relay().await;
        let (audit, frames) = frames_in_match();
        let mut settings = settings();
        settings.audit = Some(audit);
        let mut handle = host_online(no_snap_grace(AnyOptions::defaults(GameKind::Dunno)), 2, settings, &relay).await;
        // The guests hold the invite without addresses: they arrive through the relay.
        let invite = relay_only(&handle.invite().expect("invite"));
        let mut players = Vec::new();
        for guest in 0..2 {
            let link = join_invite(&invite, hello(&format!("Guest {guest}"), None), &relay).await;
            assert_eq!(link.first_path(), PathKind::Relay);
            path_becomes(&link, PathKind::Direct, Duration::from_secs(20)).await;
            let player = Player::new(link, Seat(guest), 31 + u64::from(guest));
            player.sit();
            players.push(player);
        }
        lobby_ready(&mut handle).await;
        handle.command(HostCommand::Start);
        let relay_tls = relay.settings.relay_tls.clone();
        // A few moves into the match, the relay server dies.
        let kill = async {
            while frames.load(Ordering::Relaxed) < 6 {
                tokio::time::sleep(Duration::from_millis(1)).await;
            }
            drop(relay);
            frames.load(Ordering::Relaxed)
        };
        let (result, at_kill) = tokio::join!(play_all_and_agree(&mut handle, players, "Dunno online, relay killed"), kill);
        assert!(frames.load(Ordering::Relaxed) > at_kill, "the match went on after the relay died ({at_kill} frames before)");
        eprintln!("relay killed after {at_kill} frames; {} in all; {} round(s)", frames.load(Ordering::Relaxed), result.rounds);
        // The relay is really gone: a newcomer holding the relay-only invite reaches nobody.
        let mut request = OnlineJoin::new(invite, hello("Late", None));
        request.bind = SocketAddr::from(([127, 0, 0, 1], 0));
        request.settings.relay_tls = relay_tls;
        request.connect_timeout = Duration::from_secs(3);
        assert!(join_online(request).await.is_err(), "no relay any more");
        handle.close().await;
    });
}

#[test]
fn play_goes_on_through_the_relay_when_the_direct_path_is_blocked() {
    runtime().block_on(async {
        let relay = relay().await;
        let mut handle = host_online(no_snap_grace(AnyOptions::defaults(GameKind::Dunno)), 2, settings(), &relay).await;
        // The whole invite, direct addresses included; but the guests' endpoints have no socket
        // of their own (relay only, as iroh's tests force it): no direct path can open.
        let invite = handle.invite().expect("invite");
        assert!(!invite.addresses.is_empty(), "{invite}");
        let mut players = Vec::new();
        for guest in 0..2 {
            let mut request = OnlineJoin::new(invite.clone(), hello(&format!("Guest {guest}"), None));
            request.liveness = net_support::quic::quick_liveness();
            request.settings.relay_tls = relay.settings.relay_tls.clone();
            request.settings.relay_only = true;
            request.connect_timeout = Duration::from_secs(20);
            let link = join_online(request).await.expect("joins through the relay");
            assert_eq!(link.first_path(), PathKind::Relay);
            let player = Player::new(link, Seat(guest), 41 + u64::from(guest));
            player.sit();
            players.push(player);
        }
        lobby_ready(&mut handle).await;
        // Every guest is reached through the relay, as the host measures it: before the match
        // (after it the guests leave, and a device that left has no path: waiting for two
        // paths then timed out now and then) ...
        let paths = host_paths(&handle, 2).await;
        assert!(paths.iter().all(|device| device.path == PathKind::Relay), "{paths:?}");
        // Each guest is told how the other reaches the host (every table says how each device
        // is connected, issue 28 item 3).
        for (index, player) in players.iter_mut().enumerate() {
            let other = format!("Guest {}", 1 - index);
            let told = |table: &cardtable::net::remote::RemoteTable| {
                table.peer_paths.iter().any(|peer| peer.name == other && peer.path == PathKind::Relay)
            };
            player.watch_until(Duration::from_secs(10), told).await.expect("still at the table");
            assert_eq!(player.table.peer_paths.len(), 1, "the other guest only: {:?}", player.table.peer_paths);
        }
        handle.command(HostCommand::Start);
        let result = play_all_and_agree(&mut handle, players, "Dunno online, direct blocked").await;
        // ... and after it, for each guest still connected.
        let after = handle.paths();
        assert!(after.iter().all(|device| device.path == PathKind::Relay), "{after:?}");
        eprintln!("direct blocked: {} round(s) through the relay; {paths:?}", result.rounds);
        handle.close().await;
    });
}

/// Joins `invite` directly on loopback (no relay) with `hello`.
async fn join_direct(invite: &Invite, hello: cardtable::net::protocol::Hello) -> cardtable::net::guest::GuestLink {
    let mut request = OnlineJoin::new(invite.clone(), hello);
    request.liveness = net_support::quic::quick_liveness();
    request.bind = SocketAddr::from(([127, 0, 0, 1], 0));
    join_online(request).await.expect("joins online")
}

#[test]
fn a_guest_that_drops_online_takes_back_its_seat_and_hand_after_a_restart() {
    runtime().block_on(async {
        let table = cardtable::net::table::TableCore::new(
            net_support::quic::with_test_seat_code(cardtable::net::table::TableConfig::new("Host")),
            AnyOptions::from_json(GameKind::CrazyEights, &serde_json::json!({"score_limit": 0})).expect("one round"),
            2,
            23,
        )
        .expect("table");
        let key = cardtable::net::online::key::OnlineKey::generate();
        let mut handle = cardtable::net::online::start_online_host(table, &key, settings(), &Default::default()).await.expect("hosts");
        let invite = handle.invite().expect("invite");
        let ana_link = join_direct(&invite, hello("Ana", None)).await;
        // Ana's app keeps the host by its key with her seat's token, as the window does.
        let dir = std::env::temp_dir().join(format!("cardtable-online-restart-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut known = cardtable::net::known_hosts::KnownHosts::load(&dir).expect("empty");
        known.trust(invite.host(), "Host", None);
        known.set_resume(&invite.host(), Some(ana_link.admitted().token));
        known.save().expect("stored");
        let mut ana = Player::new(ana_link, Seat(0), 1);
        let mut bea = Player::new(join_direct(&invite, hello("Bea", None)).await, Seat(1), 2);
        net_support::quic::sit_start_and_see_the_deal(&mut handle, &mut ana, &mut bea).await;
        let has_view =
            |seat| move |table: &cardtable::net::remote::RemoteTable| table.latest(cardtable_engine::Viewer::Seat(seat)).is_some();
        let before = ana.table.latest(cardtable_engine::Viewer::Seat(Seat(0))).cloned().expect("a view");

        // Ana's app goes away (its endpoint with it), and she is shown away.
        drop(ana);
        let away = |table: &cardtable::net::remote::RemoteTable| {
            table.seats.first().is_some_and(|seat| seat.holder == cardtable::net::protocol::Holder::Guest && !seat.connected)
        };
        bea.watch_until(Duration::from_secs(10), away).await.expect("Bea is told Ana is away");

        // Ana restarts: a new endpoint (a new iroh key), the token from her stored known hosts.
        let known = cardtable::net::known_hosts::KnownHosts::load(&dir).expect("read back");
        let token = known.get(&invite.host()).and_then(|host| host.resume).expect("the stored token");
        let link = join_direct(&invite, hello("Ana", Some(token))).await;
        assert_eq!(link.admitted().resumed, Some(Seat(0)), "the same seat");
        let mut ana = Player::new(link, Seat(0), 3);
        ana.watch_until(Duration::from_secs(10), has_view(Seat(0))).await.expect("caught up");
        let after = ana.table.latest(cardtable_engine::Viewer::Seat(Seat(0))).cloned().expect("a view");
        assert_eq!(after.view, before.view, "the same hand and table");
        // And the round plays on to its end, both agreeing.
        let (ana_outcome, bea_outcome) = tokio::join!(ana.play(Duration::from_secs(60)), bea.play(Duration::from_secs(60)));
        assert_eq!(ana_outcome.result, bea_outcome.result);
        assert!(
            ana_outcome.record.network.as_ref().is_some_and(cardtable::store::record::NetworkPlay::verified),
            "Ana verifies the record"
        );
        handle.close().await;
        std::fs::remove_dir_all(&dir).expect("cleanup");
    });
}
