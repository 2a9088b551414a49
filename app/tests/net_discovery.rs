//! LAN discovery on loopback only (issue 10, "Network etiquette"): announcements go by
//! multicast with `IP_MULTICAST_IF=127.0.0.1` and TTL 0, or by broadcast to 127.255.255.255;
//! nothing is sent on the machine's real interface. A listener hears a host within a few
//! seconds, learns its identity and QUIC port, and forgets it once it stops announcing.

mod net_support;

use std::net::{IpAddr, Ipv4Addr};
use std::time::{Duration, Instant};

use cardtable::net::discovery::{Announcement, Announcer, Discovered, DiscoveryConfig, DiscoveryMode, Listener};
use cardtable::net::identity::Identity;
use cardtable_engine::GameKind;
use net_support::quic::runtime;

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
        assert_eq!(hosts[0].address.ip(), IpAddr::V4(Ipv4Addr::LOCALHOST));
        assert_eq!(hosts[0].address.port(), 47_001, "the QUIC port, not the announcement's");
        // What is announced can change (seats fill up).
        announcer.update(|announcement| announcement.open_seats = 2);
        let hosts =
            heard(&listener, Duration::from_secs(3), |hosts| hosts.first().is_some_and(|host| host.announcement.open_seats == 2)).await;
        assert_eq!(hosts[0].announcement.open_seats, 2);
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
