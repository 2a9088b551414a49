//! LAN discovery on loopback only (issue 10, "Network etiquette"): announcements go by
//! multicast with `IP_MULTICAST_IF=127.0.0.1` and TTL 0, or by broadcast to 127.255.255.255;
//! nothing is sent on the machine's real interface. A listener hears a host within a few
//! seconds, learns its identity and QUIC port, and forgets it once it stops announcing.

use crate::net_support;

use std::net::{IpAddr, Ipv4Addr};
use std::time::{Duration, Instant};

use cardtable::net::discovery::{
    Announcement, Announcer, Discovered, DiscoveryConfig, DiscoveryMode, Listener, MAX_ADDRESSES, MAX_HOSTS, ShownName,
};
use cardtable::net::guest::{JoinError, JoinRequest, join_heard};
use cardtable::net::identity::{Fingerprint, Identity};
use cardtable::net::table::TableConfig;
use cardtable::net::tls::Pin;
use cardtable_engine::{AnyOptions, GameKind};
use net_support::quic::{hello, host, quick_liveness, runtime, settings};

async fn heard(listener: &Listener, within: Duration, wanted: impl Fn(&[Discovered]) -> bool) -> Vec<Discovered> {
    let deadline = Instant::now() + within;
    loop {
        let hosts = listener.hosts();
        if wanted(&hosts) || Instant::now() > deadline {
            return hosts;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

fn discovered_on_loopback(mut config: DiscoveryConfig) {
    runtime().block_on(async {
        let listener = Listener::start(&config).expect("listens on loopback");
        // The join screen repaints on news only: a new host, or a change in what it announces.
        let wakes = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let counter = wakes.clone();
        listener.wake_with(std::sync::Arc::new(move || {
            counter.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        }));
        let woken = || wakes.load(std::sync::atomic::Ordering::SeqCst);
        // Port 0 picked a free port: announce to it.
        config.port = listener.port();
        let identity = Identity::generate().expect("identity");
        let announcement = Announcement::new(identity.fingerprint(), 47_001, "Ana's laptop", GameKind::Youglouf);
        let started = Instant::now();
        let announcer = Announcer::start(&config, announcement.clone()).expect("announces on loopback");
        let hosts = heard(&listener, Duration::from_secs(3), |hosts| !hosts.is_empty()).await;
        eprintln!("heard after {:?}", started.elapsed());
        assert_eq!(hosts.len(), 1, "{hosts:?}");
        assert_eq!(hosts[0].announcement, announcement);
        assert_eq!(hosts[0].address().ip(), IpAddr::V4(Ipv4Addr::LOCALHOST));
        assert_eq!(hosts[0].address().port(), 47_001, "the QUIC port, not the announcement's");
        assert_eq!(woken(), 1, "the first announcement wakes the screen");
        // The same announcement again (one per interval) is no news.
        tokio::time::sleep(config.interval * 2 + Duration::from_millis(100)).await;
        assert_eq!(woken(), 1, "repeated announcements do not wake the screen");
        // What is announced can change (seats fill up).
        announcer.update(|announcement| announcement.open_seats = 2);
        let hosts =
            heard(&listener, Duration::from_secs(3), |hosts| hosts.first().is_some_and(|host| host.announcement.open_seats == 2)).await;
        assert_eq!(hosts[0].announcement.open_seats, 2);
        assert_eq!(woken(), 2, "a change wakes it");
        // A host that stops announcing drops off the list.
        drop(announcer);
        let hosts = heard(&listener, Duration::from_secs(5), <[Discovered]>::is_empty).await;
        assert!(hosts.is_empty(), "{hosts:?}");
    });
}

#[test]
fn a_host_is_heard_by_multicast_on_loopback_within_seconds() {
    let mut config = DiscoveryConfig::loopback(0);
    assert_eq!(config.interface, Ipv4Addr::LOCALHOST);
    assert_eq!(config.ttl, 0);
    config.mode = DiscoveryMode::Multicast(cardtable::net::discovery::DEFAULT_GROUP);
    discovered_on_loopback(config);
}

#[test]
fn a_host_is_heard_by_broadcast_on_loopback_within_seconds() {
    let mut config = DiscoveryConfig::loopback(0);
    config.mode = DiscoveryMode::Broadcast(Ipv4Addr::new(127, 255, 255, 255));
    discovered_on_loopback(config);
}

/// Sends `announcement` as if from 127.0.0.1 straight to the listener (loopback only).
async fn announce_to(listener: &Listener, socket: &tokio::net::UdpSocket, announcement: &Announcement) {
    let datagram = postcard::to_allocvec(announcement).expect("encodes");
    socket.send_to(&datagram, (Ipv4Addr::LOCALHOST, listener.port())).await.expect("sent on loopback");
}

async fn loopback_socket() -> tokio::net::UdpSocket {
    tokio::net::UdpSocket::bind((Ipv4Addr::LOCALHOST, 0)).await.expect("a loopback socket")
}

/// Issue 17.6: a forged announcement with the real host's fingerprint and another device's port
/// does not stop the join: every address heard is tried and the pin finds the host; an address
/// where only another device answers is told as such, not as the host's identity changing.
#[test]
fn a_forged_announcement_of_the_hosts_fingerprint_does_not_stop_the_join() {
    runtime().block_on(async {
        let options = AnyOptions::defaults(GameKind::CrazyEights);
        let (real, identity) = host(options.clone(), 2, TableConfig::new("Real"), settings());
        let (impostor, _) = host(options, 2, TableConfig::new("Impostor"), settings());
        let listener = Listener::start(&DiscoveryConfig::loopback(0)).expect("listens on loopback");
        let socket = loopback_socket().await;
        let genuine = Announcement::new(identity.fingerprint(), real.addr().port(), "Real", GameKind::CrazyEights);
        let forged = Announcement { port: impostor.addr().port(), ..genuine.clone() };
        // The forged one is heard last, so it is the first address tried.
        announce_to(&listener, &socket, &genuine).await;
        tokio::time::sleep(Duration::from_millis(20)).await;
        announce_to(&listener, &socket, &forged).await;
        let hosts = heard(&listener, Duration::from_secs(3), |hosts| hosts.first().is_some_and(|host| host.addresses.len() == 2)).await;
        assert_eq!(hosts.len(), 1, "one host, by its fingerprint: {hosts:?}");
        assert_eq!(hosts[0].address(), impostor.addr(), "the forged address was heard last");
        let mut request = JoinRequest::new(hosts[0].address(), Pin::Fingerprint(identity.fingerprint()), hello("Ana", None));
        request.liveness = quick_liveness();
        let link = join_heard(request.clone(), &hosts[0].addresses).await.expect("the real host is found");
        assert_eq!(link.host(), identity.fingerprint());
        // Only the forged address: another device answered, the host is not blamed.
        let error = join_heard(request, &[impostor.addr()]).await.expect_err("no host there");
        assert!(matches!(error, JoinError::Impostor { address, .. } if address == impostor.addr()), "{error:?}");
        assert!(error.to_string().starts_with("another device answered for this host"), "{error}");
        drop(link);
        real.close().await;
        impostor.close().await;
    });
}

/// Issue 17.6: 50,000 forged announcements (each a new fingerprint) and a hundred forged ports
/// for one host keep the list within its caps, and a look at it stays cheap.
#[test]
fn fifty_thousand_forged_announcements_keep_the_list_bounded() {
    runtime().block_on(async {
        let listener = Listener::start(&DiscoveryConfig::loopback(0)).expect("listens on loopback");
        let socket = loopback_socket().await;
        let real = Identity::generate().expect("identity").fingerprint();
        for port in 0..100_u16 {
            announce_to(&listener, &socket, &Announcement::new(real, 40_000 + port, "Real", GameKind::Dunno)).await;
        }
        for forged in 0..50_000_u32 {
            let announcement = Announcement::new(Fingerprint::of(&forged.to_be_bytes()), 40_000, "Forged", GameKind::Dunno);
            announce_to(&listener, &socket, &announcement).await;
            if forged % 500 == 0 {
                // Let the listener keep up (a full socket buffer would drop datagrams).
                tokio::time::sleep(Duration::from_millis(1)).await;
            }
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        let started = Instant::now();
        let looks = 100;
        let mut hosts = Vec::new();
        for _ in 0..looks {
            hosts = listener.hosts();
        }
        let per_look = started.elapsed() / looks;
        eprintln!("after 50,000 forged announcements: {} hosts listed, {per_look:?} per look at the list", hosts.len());
        assert_eq!(hosts.len(), MAX_HOSTS, "the list is full, and no longer");
        assert!(hosts.iter().all(|host| host.addresses.len() <= MAX_ADDRESSES));
    });
}

/// Issue 30, item 4: four forgers answer for the real host's fingerprint every 20 ms (one with a
/// Cardtable host of another identity behind it, three from 127.0.0.2–4 where nothing answers),
/// under another name. The real host, announcing once a second, stays listed in every look, and
/// every join reaches it, at once (before: listed in 1 of 100 looks, 0 of 10 joins).
#[test]
fn forged_answers_every_20_ms_neither_hide_nor_rename_the_real_host() {
    runtime().block_on(async {
        let options = AnyOptions::defaults(GameKind::CrazyEights);
        let (real, identity) = host(options.clone(), 2, TableConfig::new("Real"), settings());
        let (impostor, _) = host(options, 2, TableConfig::new("Impostor"), settings());
        let listener = Listener::start(&DiscoveryConfig::loopback(0)).expect("listens on loopback");
        let port = listener.port();
        let genuine = Announcement::new(identity.fingerprint(), real.addr().port(), "Real", GameKind::CrazyEights);
        let announcing = tokio::spawn(forge_and_announce(port, genuine.clone(), impostor.addr().port()));
        // The real host's first announcement, among the forgers' many.
        tokio::time::sleep(Duration::from_millis(1_200)).await;
        let (mut listed, mut named, mut reached) = (0, 0, 0);
        for attempt in 0..10_u64 {
            // Looks fall at different moments of the forgers' and the host's rhythm.
            tokio::time::sleep(Duration::from_millis(37 * attempt)).await;
            let hosts = listener.hosts();
            let Some(heard) = hosts.iter().find(|host| host.announcement.fingerprint == identity.fingerprint()) else { continue };
            listed += usize::from(heard.addresses.contains(&real.addr()));
            named += usize::from(shown_name(heard, real.addr()) == "Real");
            let mut request = JoinRequest::new(heard.address(), Pin::Fingerprint(identity.fingerprint()), hello("Ana", None));
            request.liveness = quick_liveness();
            request.connect_timeout = Duration::from_secs(2);
            let started = Instant::now();
            match join_heard(request, &heard.addresses).await {
                Ok(link) if link.host() == identity.fingerprint() => {
                    reached += 1;
                    eprintln!("join {attempt}: the real host in {:?}, {} addresses heard", started.elapsed(), heard.addresses.len());
                }
                Ok(_) => eprintln!("join {attempt}: another host"),
                Err(error) => eprintln!("join {attempt}: {error} after {:?}", started.elapsed()),
            }
        }
        eprintln!("under four forgers every 20 ms: listed in {listed} of 10 looks, named as announced in {named}, {reached} of 10 joins reached the real host");
        announcing.abort();
        assert_eq!(listed, 10, "the real address is listed in every look");
        assert_eq!(named, 10, "the name shown is the one the real host announced");
        assert_eq!(reached, 10, "every join reaches the real host");
        real.close().await;
        impostor.close().await;
    });
}

/// The real host's announcement once a second from 127.0.0.1; four forged ones for its
/// fingerprint every 20 ms, named "Forged": from 127.0.0.1 with an impostor's port, and from
/// 127.0.0.2–4 with ports where nothing answers.
async fn forge_and_announce(listener_port: u16, genuine: Announcement, impostor_port: u16) {
    let send = |socket: &tokio::net::UdpSocket, announcement: &Announcement| {
        let datagram = postcard::to_allocvec(announcement).expect("encodes");
        let _ = socket.try_send_to(&datagram, (Ipv4Addr::LOCALHOST, listener_port).into());
    };
    let host_socket = loopback_socket().await;
    let mut forgers = Vec::new();
    for (last, port) in [(1_u8, impostor_port), (2, 40_002), (3, 40_003), (4, 40_004)] {
        let socket = tokio::net::UdpSocket::bind((Ipv4Addr::new(127, 0, 0, last), 0)).await.expect("a loopback socket");
        let forged = Announcement { port, name: "Forged".to_owned(), ..genuine.clone() };
        forgers.push((socket, forged));
    }
    let mut tick = 0_u32;
    loop {
        if tick.is_multiple_of(50) {
            send(&host_socket, &genuine);
        }
        for (socket, forged) in &forgers {
            send(socket, forged);
        }
        tick += 1;
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The name the join list shows for `heard`, where `proven` is the address this device
/// reached the host at before ("" when it would be marked unproven).
fn shown_name(heard: &Discovered, proven: std::net::SocketAddr) -> String {
    match heard.shown_name(Some(proven)) {
        ShownName::Proven(name) => name,
        ShownName::Unproven(_) => String::new(),
    }
}
