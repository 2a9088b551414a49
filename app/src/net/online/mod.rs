//! Online play: the same table and protocol as the LAN, on iroh's line. Peers dial each other
//! by public key, start through a relay and move to a direct path when one opens. The
//! `Minimal` preset publishes nothing anywhere (no DNS, no pkarr): a guest finds the host by
//! its [`Invite`] alone, and relays are named explicitly.
//!
//! | module | job |
//! | --- | --- |
//! | [`key`] | the device's online secret key, kept beside the LAN identity |
//! | [`pem`] | certificates and keys from PEM files: a relay's own, and relays' to trust |
//! | [`relay_server`] | `cardtable relay`: iroh's relay server (cargo feature `relay`) |
//! | this file | endpoints, the online host's accept loop and invite, the online join |

pub mod key;
pub mod pem;
#[cfg(feature = "relay")]
pub mod relay_server;

use std::net::SocketAddr;
use std::time::Duration;

use iroh::endpoint::{IdleTimeout, IncomingAddr, QuicTransportConfig, VarInt, presets};
use iroh::{Endpoint, EndpointAddr, PublicKey, RelayMap, RelayMode, RelayUrl, TransportAddr};
use tracing::Instrument;

use super::connection::Doors;
use super::dial::{Arrived, Dialer, Greeted, JOIN_TIMEOUT, JoinError, REJOIN_FOR, greet};
use super::identity::Fingerprint;
use super::invite::{Invite, InviteError};
use super::limits::Source;
use super::link::Link;
use super::protocol::{ALPN, Hello};
use super::server::{HostError, HostHandle, HostSettings, Listener, launch};
use super::table::TableCore;
use super::tls::{Liveness, RECEIVE_WINDOW, SEND_WINDOW};
use key::OnlineKey;

/// How long a host waits, when it starts, to reach its relay (its invite names it).
const RELAY_WAIT: Duration = Duration::from_secs(10);

/// How an online endpoint reaches the world.
#[derive(Debug, Clone, Default)]
pub struct OnlineSettings {
    /// Relay servers (`https://…`): the host's home relay is one of them; a guest adds the
    /// invite's. None: direct addresses only.
    pub relays: Vec<String>,
    /// How relay servers' TLS certificates are checked; `None`: against the web's certificate
    /// authorities (a copy built in). `--relay-ca` and the tests add a certificate of their own
    /// relay's ([`pem::relay_trust`]). The
    /// connection between two devices is proved by the host's key whatever this says: a relay
    /// only forwards packets it cannot read.
    pub relay_tls: Option<iroh::tls::CaTlsConfig>,
    /// Only through the relays: no socket of its own, so no direct path ever opens and the peer
    /// never learns this device's addresses (iroh's own tests force the relay path so; ours
    /// block the direct path with it).
    pub relay_only: bool,
}

/// Why an online endpoint could not start.
#[derive(Debug, thiserror::Error)]
pub enum OnlineError {
    /// A relay URL is not one.
    #[error("`{url}` is not a relay URL: {reason}")]
    BadRelay {
        /// The URL given.
        url: String,
        /// Why.
        reason: String,
    },
    /// The endpoint could not bind.
    #[error("cannot start online play on {bind}: {reason}")]
    Bind {
        /// The address asked for.
        bind: SocketAddr,
        /// Why.
        reason: String,
    },
}

impl From<OnlineError> for HostError {
    fn from(error: OnlineError) -> HostError {
        HostError::Online(error.to_string())
    }
}

/// The transport of an online endpoint: the LAN's liveness, streams and windows (docs/lan.md's
/// threat model), on iroh's defaults for paths and hole punching.
fn transport(liveness: Liveness, streams_from_peer: u32) -> QuicTransportConfig {
    let idle = IdleTimeout::try_from(liveness.idle_timeout).unwrap_or(IdleTimeout::from(VarInt::MAX));
    QuicTransportConfig::builder()
        .keep_alive_interval(liveness.keep_alive)
        .max_idle_timeout(Some(idle))
        .max_concurrent_bidi_streams(streams_from_peer.into())
        .max_concurrent_uni_streams(0_u32.into())
        .datagram_receive_buffer_size(None)
        .stream_receive_window(RECEIVE_WINDOW.into())
        .receive_window(RECEIVE_WINDOW.into())
        .send_window(SEND_WINDOW)
        .build()
}

/// The relay map of `urls`.
fn relay_mode(urls: &[String]) -> Result<RelayMode, OnlineError> {
    if urls.is_empty() {
        return Ok(RelayMode::Disabled);
    }
    let parsed = urls
        .iter()
        .map(|url| url.parse::<RelayUrl>().map_err(|error| OnlineError::BadRelay { url: url.clone(), reason: error.to_string() }))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(RelayMode::Custom(RelayMap::from_iter(parsed)))
}

/// Binds an endpoint on `bind` with `key`, `relays`, and the
/// transport letting a peer open `streams_from_peer` streams; a host also answers the
/// Cardtable ALPN.
async fn endpoint(
    key: Option<&OnlineKey>,
    bind: SocketAddr,
    settings: &OnlineSettings,
    relays: &[String],
    (liveness, streams_from_peer): (Liveness, u32),
) -> Result<Endpoint, OnlineError> {
    let bind_error = |reason: String| OnlineError::Bind { bind, reason };
    let mut builder =
        Endpoint::builder(presets::Minimal).relay_mode(relay_mode(relays)?).transport_config(transport(liveness, streams_from_peer));
    // Any address: iroh's own sockets (IPv4 and IPv6); else only the one asked for (the tests
    // keep to loopback so); none at all when only relays may carry the packets.
    if settings.relay_only {
        builder = builder.clear_ip_transports();
    } else if !(bind.ip().is_unspecified() && bind.port() == 0) {
        builder = builder.clear_ip_transports().bind_addr(bind).map_err(|error| bind_error(error.to_string()))?;
    }
    if let Some(key) = key {
        builder = builder.secret_key(key.secret().clone()).alpns(vec![ALPN.to_vec()]);
    }
    if let Some(relay_tls) = &settings.relay_tls {
        builder = builder.ca_tls_config(relay_tls.clone());
    }
    builder.bind().await.map_err(|error| bind_error(error.to_string()))
}

/// Starts hosting `table` online as `key`, on `settings.bind` and `online`'s relays (waiting up
/// to ten seconds to reach one). Must run inside a tokio runtime.
///
/// # Errors
/// A relay URL is not one, or the endpoint cannot bind.
pub async fn start_online_host(
    mut table: TableCore,
    key: &OnlineKey,
    settings: HostSettings,
    online: &OnlineSettings,
) -> Result<HostHandle, HostError> {
    let endpoint = endpoint(Some(key), settings.bind, online, &online.relays, (settings.liveness, 1)).await?;
    if !online.relays.is_empty() && tokio::time::timeout(RELAY_WAIT, endpoint.online()).await.is_err() {
        tracing::warn!("no relay reached yet; the invite names the relays given");
    }
    let addr = endpoint.bound_sockets().first().copied().unwrap_or(settings.bind);
    tracing::info!(%addr, code = %key.fingerprint().join_code(), "hosting a table online");
    let listener = Listener::Online(endpoint.clone());
    // The seat code travels in invites already sent: it never changes by itself.
    table.keep_seat_code();
    Ok(launch(table, settings, (listener, key.fingerprint(), addr), |doors| {
        tokio::spawn(accept_loop(endpoint, doors).instrument(tracing::info_span!("accept online", %addr)));
    }))
}

/// The LAN's accept loop on iroh's line: the same caps, by IP address for a direct attempt and
/// by public key for one through a relay (all of which come from the relay's address).
async fn accept_loop(endpoint: Endpoint, doors: Doors) {
    let mut next = 1_u64;
    while let Some(incoming) = endpoint.accept().await {
        let source = match incoming.remote_addr() {
            IncomingAddr::Ip(address) => Source::Ip(address.ip()),
            IncomingAddr::Relay { endpoint_id, .. } => Source::Key(*endpoint_id.as_bytes()),
            _ => Source::Key([0; 32]),
        };
        let Some(peer) = doors.admit(source, &mut next) else {
            tracing::debug!(?source, "online connection refused: a cap is reached");
            incoming.refuse();
            continue;
        };
        let span = tracing::info_span!("online guest", conn = peer.conn.0, ?source);
        let handshake = async move {
            let accepting = incoming.accept().map_err(|error| error.to_string())?;
            accepting.await.map(Link::Online).map_err(|error| error.to_string())
        };
        tokio::spawn(peer.serve(handshake).instrument(span));
    }
}

impl HostHandle {
    /// The invite to this table when it is hosted online: its key, home relay and direct
    /// addresses, and the table's seat code.
    ///
    /// # Errors
    /// A hosted LAN table has no invite; an online one reached neither a relay nor an address.
    pub fn invite(&self) -> Result<Invite, InviteError> {
        let Listener::Online(endpoint) = self.listener() else { return Err(InviteError::Unreachable) };
        let addr = endpoint.addr();
        let relays: Vec<String> = addr.relay_urls().map(ToString::to_string).collect();
        let addresses: Vec<SocketAddr> = addr.ip_addrs().copied().collect();
        Ok(Invite::new(*endpoint.id().as_bytes(), &relays, &addresses)?.with_seat(self.seat_code()))
    }
}

/// Where and how to join online.
#[derive(Clone)]
pub struct OnlineJoin {
    /// The host's invite.
    pub invite: Invite,
    /// The first frame.
    pub hello: Hello,
    /// Keep-alives and idle timeout.
    pub liveness: Liveness,
    /// This device's relays and how their certificates are checked (the invite's relays are
    /// added).
    pub settings: OnlineSettings,
    /// Where this device's endpoint binds (`0.0.0.0:0` by default; tests bind loopback).
    pub bind: SocketAddr,
    /// Called when an event is waiting (wakes the window).
    pub waker: Option<super::Waker>,
    /// How long connecting may take.
    pub connect_timeout: Duration,
    /// How long to keep dialling again after a lost connection ([`Duration::ZERO`]: never).
    pub rejoin_for: Duration,
}

impl OnlineJoin {
    /// A request with the default liveness, bound on every interface. The Hello carries the
    /// invite's seat code unless it has one already.
    #[must_use]
    pub fn new(invite: Invite, mut hello: Hello) -> OnlineJoin {
        hello.seat_code = hello.seat_code.or(invite.seat);
        OnlineJoin {
            invite,
            hello,
            liveness: Liveness::default(),
            settings: OnlineSettings::default(),
            bind: SocketAddr::from(([0, 0, 0, 0], 0)),
            waker: None,
            connect_timeout: JOIN_TIMEOUT,
            rejoin_for: REJOIN_FOR,
        }
    }
}

impl std::fmt::Debug for OnlineJoin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OnlineJoin").field("invite", &self.invite).field("hello", &self.hello).finish_non_exhaustive()
    }
}

/// [`super::guest::join_online`]'s dialling (from a new endpoint each time: iroh keeps a dead direct path on
/// an old one) and Hello; the connection is not carried yet.
pub(crate) async fn connect_online(request: &OnlineJoin) -> Result<Greeted, JoinError> {
    let invite = &request.invite;
    let code = invite.code();
    let unreachable = move |reason: String| JoinError::OnlineUnreachable { host: code, reason };
    let host = PublicKey::from_bytes(&invite.key).map_err(|_| unreachable("the invite's key is not a public key".to_owned()))?;
    let mut relays = invite.relays.clone();
    relays.extend(request.settings.relays.iter().filter(|url| !invite.relays.contains(url)).cloned());
    let endpoint = endpoint(None, request.bind, &request.settings, &relays, (request.liveness, 0))
        .await
        .map_err(|error| unreachable(error.to_string()))?;
    let mut paths: Vec<TransportAddr> = invite.addresses.iter().copied().map(TransportAddr::Ip).collect();
    for relay in &invite.relays {
        let url = relay.parse::<RelayUrl>().map_err(|error| unreachable(format!("the relay {relay}: {error}")))?;
        paths.push(TransportAddr::Relay(url));
    }
    let address = EndpointAddr::from_parts(host, paths);
    let connection = match tokio::time::timeout(request.connect_timeout, endpoint.connect(address, ALPN)).await {
        Ok(Ok(connection)) => connection,
        Ok(Err(error)) => return Err(unreachable(error.to_string())),
        Err(_) => return Err(unreachable("no answer in time".to_owned())),
    };
    let span = tracing::info_span!("online host", %code);
    let arrived = Arrived { connection: Link::Online(connection), endpoint: Dialer::Online(endpoint), host: Fingerprint(invite.key), span };
    greet(arrived, request.hello.clone(), &unreachable).await
}
