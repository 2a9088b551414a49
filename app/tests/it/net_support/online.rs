//! Hosting and joining online over loopback: the app's own relay server run in-process
//! (`net::online::relay_server`, HTTPS with a certificate made for the test and trusted by the
//! devices), a host and guests bound to 127.0.0.1 that find each other by the invite alone.

use std::net::{Ipv4Addr, SocketAddr};
use std::time::Duration;

use cardtable::net::guest::GuestLink;
use cardtable::net::guest::join_online;
use cardtable::net::invite::Invite;
use cardtable::net::online::key::OnlineKey;
use cardtable::net::online::relay_server::{RelayPlan, RelayTls, RunningRelay, start_relay};
use cardtable::net::online::{OnlineJoin, OnlineSettings, start_online_host};
use cardtable::net::protocol::Hello;
use cardtable::net::server::{HostHandle, HostSettings};
use cardtable::net::table::{TableConfig, TableCore};
use cardtable_engine::AnyOptions;
use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};

use super::quic::quick_liveness;

/// A relay server on loopback, stopped when dropped, and the settings that use it.
pub struct Relay {
    /// Host and guests' settings: this relay, its certificate trusted.
    pub settings: OnlineSettings,
    /// The relay server: dropped, it stops.
    _server: RunningRelay,
}

/// A self-signed certificate for `names` (host names or IP addresses) and its key.
pub fn certificate(names: &[&str]) -> (CertificateDer<'static>, PrivateKeyDer<'static>) {
    let made = rcgen::generate_simple_self_signed(names.iter().map(|name| (*name).to_owned()).collect::<Vec<_>>()).expect("a certificate");
    let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(made.signing_key.serialize_der()));
    (made.cert.der().clone(), key)
}

/// Starts a relay server on loopback: HTTPS, and QUIC address discovery, on ports of its own.
pub async fn relay() -> Relay {
    let (cert, key) = certificate(&["127.0.0.1"]);
    let mut plan = RelayPlan::on(Ipv4Addr::LOCALHOST.into(), Some(RelayTls { certificates: vec![cert.clone()], key }), false);
    plan.http_bind.set_port(0);
    plan.https_bind.set_port(0);
    plan.quic_bind.set_port(0);
    let server = start_relay(plan).await.expect("a loopback relay");
    assert!(server.url().starts_with("https://127.0.0.1:"), "{}", server.url());
    Relay {
        settings: OnlineSettings {
            relays: vec![server.url()],
            relay_tls: Some(iroh::tls::CaTlsConfig::custom_roots([cert])),
            ..OnlineSettings::default()
        },
        _server: server,
    }
}

/// Hosts a table of `seats` seats online through `relay`, with `settings` (bound to loopback).
pub async fn host_online(options: AnyOptions, seats: usize, settings: HostSettings, relay: &Relay) -> HostHandle {
    let table = TableCore::new(super::quic::with_test_seat_code(TableConfig::new("Host")), options, seats, 17).expect("table");
    start_online_host(table, &OnlineKey::generate(), settings, &relay.settings).await.expect("hosts online")
}

/// Joins with `invite` (and nothing else), bound to loopback.
pub async fn join_invite(invite: &Invite, hello: Hello, relay: &Relay) -> GuestLink {
    let mut request = OnlineJoin::new(invite.clone(), hello);
    request.liveness = quick_liveness();
    request.bind = SocketAddr::from(([127, 0, 0, 1], 0));
    request.settings.relay_tls = relay.settings.relay_tls.clone();
    request.connect_timeout = Duration::from_secs(20);
    join_online(request).await.expect("joins online")
}
