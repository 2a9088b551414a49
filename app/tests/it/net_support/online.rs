//! Hosting and joining online over loopback: an iroh relay server run in-process
//! (`iroh::test_utils::run_relay_server`), a host and guests bound to 127.0.0.1 that find each
//! other by the invite alone.

use std::net::SocketAddr;
use std::time::Duration;

use cardtable::net::guest::GuestLink;
use cardtable::net::invite::Invite;
use cardtable::net::online::key::OnlineKey;
use cardtable::net::online::{OnlineJoin, OnlineSettings, join_online, start_online_host};
use cardtable::net::protocol::Hello;
use cardtable::net::server::{HostHandle, HostSettings};
use cardtable::net::table::{TableConfig, TableCore};
use cardtable_engine::AnyOptions;

use super::quic::quick_liveness;

/// A relay server on loopback, stopped when dropped, and the settings that use it.
pub struct Relay {
    /// Host and guests' settings: this relay, its self-signed certificate accepted.
    pub settings: OnlineSettings,
    /// The relay server (iroh-relay's, whose type iroh does not name): dropped, it stops.
    _server: Box<dyn std::any::Any + Send>,
}

/// Starts a relay server on loopback.
pub async fn relay() -> Relay {
    let (_map, url, server) = iroh::test_utils::run_relay_server().await.expect("a loopback relay");
    Relay {
        settings: OnlineSettings {
            relays: vec![url.to_string()],
            relay_tls: Some(iroh::tls::CaTlsConfig::insecure_skip_verify()),
            ..OnlineSettings::default()
        },
        _server: Box::new(server),
    }
}

/// Hosts a table of `seats` seats online through `relay`, with `settings` (bound to loopback).
pub async fn host_online(options: AnyOptions, seats: usize, settings: HostSettings, relay: &Relay) -> HostHandle {
    let table = TableCore::new(TableConfig::new("Host"), options, seats, 17).expect("table");
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
