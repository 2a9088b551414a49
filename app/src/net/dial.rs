//! One dial of a host, and what a guest's side is made of: connects (on the LAN here, online in
//! [`super::online`]), checks the certificate against the pin before anything else, exchanges
//! Hello and Welcome (versions first). [`super::rejoin`] carries the greeted connection and
//! dials again; [`super::guest`] is where a guest starts. Kept below both so neither imports
//! the other back.

use std::net::SocketAddr;
use std::time::Duration;

use tokio::sync::{mpsc, watch};

use super::codec::{decode_payload, encode_frame, peek_version};
use super::discovery::DiscoveryConfig;
use super::identity::{Fingerprint, JoinCode};
use super::link::{Link, LinkRecv, LinkSend, PathKind, PeerId};
use super::protocol::{ALPN, Admitted, ClientMsg, CloseCode, Hello, HostMsg, JoinRefusal, Welcome};
use super::stream::{FRAME_DEADLINE, ReadFailure, read_payload};
use super::tls::{Liveness, Pin, SERVER_NAME, TlsError, client_config};

/// Attempts a host refused before their handshake that a join tries again, each after a
/// longer pause ([`REFUSED_PAUSE`], twice that, ...: 1.5 s in all), so a guest arriving
/// while a flood spends the host's handshake rates is not turned away by one unlucky moment.
/// Each try takes from the guest's own handshake budget at the host (8 at once).
const REFUSED_RETRIES: u32 = 5;

/// The pause before the first try again after a refusal.
const REFUSED_PAUSE: Duration = Duration::from_millis(100);

/// How long a guest keeps dialling after a lost connection: the two minutes a host holds an
/// away guest's seat before a bot stands in (`TableConfig::grace`'s default).
pub const REJOIN_FOR: Duration = Duration::from_secs(120);

/// The connection a guest holds now: what the window asks for its path and peer.
#[derive(Debug, Clone)]
pub(crate) struct Carrier {
    /// The connection.
    pub(crate) connection: Link,
    /// The endpoint it was dialled from.
    pub(crate) endpoint: Dialer,
    /// What the host said on it.
    pub(crate) admitted: Admitted,
}

/// A connection whose Welcome was read, before its messages are carried.
pub(crate) struct Greeted {
    /// The connection and what the host said.
    pub(crate) carrier: Carrier,
    /// The host's proven identity.
    pub(crate) host: Fingerprint,
    /// The tracing span of this connection's tasks.
    pub(crate) span: tracing::Span,
    /// The path when the connection was made.
    pub(crate) first_path: PathKind,
    /// The stream's two halves and what was read past the Welcome.
    pub(crate) streams: (LinkSend, LinkRecv, Vec<u8>),
}

/// How long connecting and the Welcome may take.
pub const JOIN_TIMEOUT: Duration = Duration::from_secs(10);

/// Why joining failed.
#[derive(Debug, thiserror::Error)]
pub enum JoinError {
    /// The host presented another certificate than the pinned one: refused before any game data.
    #[error("host identity changed: expected {expected}, got {got}")]
    IdentityChanged {
        /// The code the guest expected.
        expected: JoinCode,
        /// The code of the certificate presented.
        got: JoinCode,
        /// The full fingerprint presented.
        presented: Fingerprint,
    },
    /// A device answered at an address heard for this host, but with another certificate: a
    /// forged announcement or another device on that address, not the host's fault.
    #[error("another device answered for this host at {address} (its code is {got}); the join was stopped before any game data")]
    Impostor {
        /// The address heard in an announcement.
        address: SocketAddr,
        /// The code of the certificate that answered.
        got: JoinCode,
    },
    /// Host and guest speak different protocol versions.
    #[error("incompatible version: the host speaks protocol {host}, this device protocol {guest}; update both to the same Cardtable")]
    IncompatibleVersion {
        /// The host's version.
        host: u32,
        /// This device's version.
        guest: u32,
    },
    /// The host turned the guest away.
    #[error("the host refused: {0}")]
    Refused(JoinRefusal),
    /// The online host could not be reached (neither directly nor through its relays).
    #[error("the host {host} could not be reached online: {reason}")]
    OnlineUnreachable {
        /// The host's code.
        host: JoinCode,
        /// What went wrong.
        reason: String,
    },
    /// Something answered that does not speak Cardtable.
    #[error("{address} is not a Cardtable host")]
    NotCardtable {
        /// The address tried.
        address: SocketAddr,
    },
    /// Nothing answered, or the connection failed.
    #[error("no Cardtable host answered at {address}: {reason}")]
    Unreachable {
        /// The address tried.
        address: SocketAddr,
        /// What went wrong.
        reason: String,
    },
    /// The host's first frame could not be read.
    #[error("the host sent something unreadable: {0}")]
    Protocol(String),
    /// TLS could not be configured.
    #[error(transparent)]
    Tls(#[from] TlsError),
    /// No local socket could be opened.
    #[error("cannot open a network socket: {0}")]
    Socket(std::io::Error),
}

/// How a guest's connection ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ending {
    /// The host closed the table.
    HostLeft,
    /// This device left.
    Left,
    /// The seat was taken back on another connection (this app restarted, or another device).
    Replaced,
    /// The host removed this device from the table.
    Removed,
    /// The host found a frame from this device malformed.
    Protocol(String),
    /// The host turned this device away after its Welcome, or dropped it as too slow.
    Refused(String),
    /// The connection was lost (timeout, network), and this device does not dial again.
    Lost(String),
    /// The connection was lost and dialling again with the seat's token found no way back to
    /// the host for as long as it holds the seat.
    NotBack {
        /// How long this device tried.
        tried: Duration,
        /// Why the last try failed.
        reason: String,
    },
}

impl std::fmt::Display for Ending {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Ending::HostLeft => f.write_str("the host closed the table"),
            Ending::Left => f.write_str("you left the table"),
            Ending::Replaced => f.write_str("your seat was taken back from another connection"),
            Ending::Removed => f.write_str("the host removed you from the table"),
            Ending::Protocol(reason) => write!(f, "the host closed the connection: {reason}"),
            Ending::Refused(reason) => write!(f, "the host refused: {reason}"),
            Ending::Lost(reason) => write!(f, "the connection to the host was lost: {reason}"),
            Ending::NotBack { tried, reason } => {
                write!(f, "the host could not be reached again within {} s: {reason}", tried.as_secs())
            }
        }
    }
}

/// What a guest receives.
#[derive(Debug, Clone, PartialEq)]
pub enum GuestEvent {
    /// A message from the host.
    Message(HostMsg),
    /// The connection was lost; this device is dialling the host again with its seat's token
    /// (one event per try).
    Reconnecting(Reconnecting),
    /// Back at the table on a new connection: the host sends the table again (the match's
    /// start, the rounds, the latest state).
    Reconnected(Reconnected),
    /// The connection ended; nothing follows.
    Ended(Ending),
}

/// A try at getting back to the host after the connection was lost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reconnecting {
    /// Which try this is (1 first).
    pub attempt: u32,
    /// The host's name, as its Welcome said.
    pub host_name: String,
    /// Why the connection was lost, or why the last try failed.
    pub reason: String,
}

/// Back at the table after a lost connection.
#[derive(Debug, Clone, PartialEq)]
pub struct Reconnected {
    /// From noticing the loss to the host's Welcome on the new connection.
    pub after: Duration,
    /// How many tries it took.
    pub attempts: u32,
    /// What the host said this time (the token stays the seat's during a match).
    pub admitted: Admitted,
}

/// Where and how to join.
#[derive(Clone)]
pub struct JoinRequest {
    /// The host's address.
    pub address: SocketAddr,
    /// What the host's certificate must be.
    pub pin: Pin,
    /// The first frame (name, play or watch, resume token, version).
    pub hello: Hello,
    /// Keep-alives and idle timeout.
    pub liveness: Liveness,
    /// The ALPN offered ([`ALPN`]; tests offer others).
    pub alpn: Vec<u8>,
    /// Called when an event is waiting (wakes the window).
    pub waker: Option<super::Waker>,
    /// How long connecting may take.
    pub connect_timeout: Duration,
    /// Where this device binds (`None`: any address, any port).
    pub bind: Option<SocketAddr>,
    /// How long to keep dialling again after a lost connection ([`Duration::ZERO`]: never).
    pub rejoin_for: Duration,
    /// Where to listen for the host's announcements when its address no longer answers after
    /// a lost connection (its address may have changed); `None`: the address only.
    pub discovery: Option<DiscoveryConfig>,
}

impl std::fmt::Debug for JoinRequest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JoinRequest")
            .field("address", &self.address)
            .field("pin", &self.pin)
            .field("hello", &self.hello)
            .finish_non_exhaustive()
    }
}

impl JoinRequest {
    /// A request with the default liveness and the Cardtable ALPN.
    #[must_use]
    pub fn new(address: SocketAddr, pin: Pin, hello: Hello) -> JoinRequest {
        JoinRequest {
            address,
            pin,
            hello,
            liveness: Liveness::default(),
            alpn: ALPN.to_vec(),
            waker: None,
            connect_timeout: JOIN_TIMEOUT,
            bind: None,
            rejoin_for: REJOIN_FOR,
            discovery: None,
        }
    }
}

/// A guest's live connection to a host; after a lost connection, the next one with the same
/// seat (see [`super::rejoin`]).
#[derive(Debug)]
pub struct GuestLink {
    host: Fingerprint,
    outgoing: mpsc::Sender<ClientMsg>,
    incoming: mpsc::Receiver<GuestEvent>,
    /// The connection now (replaced when the guest gets back after a loss).
    line: watch::Receiver<Carrier>,
    first_path: PathKind,
}

/// The endpoint a guest dialled from, closed when the guest leaves.
pub(crate) type Dialer = super::link::Endpoint;

impl GuestLink {
    /// Wraps a guest's channels and the watch of its current connection.
    pub(crate) fn new(
        host: Fingerprint,
        (outgoing, incoming): (mpsc::Sender<ClientMsg>, mpsc::Receiver<GuestEvent>),
        line: watch::Receiver<Carrier>,
        first_path: PathKind,
    ) -> GuestLink {
        GuestLink { host, outgoing, incoming, line, first_path }
    }

    /// What the host said when it let this device in (its name, the resume token), on the
    /// current connection.
    #[must_use]
    pub fn admitted(&self) -> Admitted {
        self.line.borrow().admitted.clone()
    }

    /// The host's identity, as its certificate proved.
    #[must_use]
    pub fn host(&self) -> Fingerprint {
        self.host
    }

    /// The path to the host when the connection was made, before the Hello (online, through
    /// the relay unless the invite's addresses answered first).
    #[must_use]
    pub fn first_path(&self) -> PathKind {
        self.first_path
    }

    /// Who answered: on the LAN, the address where the host proved its identity.
    #[must_use]
    pub fn peer(&self) -> PeerId {
        self.line.borrow().connection.peer()
    }

    /// The path to the host now (LAN, direct or via a relay) and its round trip.
    #[must_use]
    pub fn path(&self) -> (PathKind, Duration) {
        self.line.borrow().connection.path()
    }

    /// Sends a message to the host (while reconnecting, it is dropped when the connection
    /// comes back: the host sends the table again and the player decides anew).
    pub fn send(&self, message: ClientMsg) {
        if let Err(mpsc::error::TrySendError::Full(_)) = self.outgoing.try_send(message) {
            tracing::warn!("too many messages waiting for the host; one was dropped");
        }
    }

    /// The next event, if one is waiting.
    pub fn try_next(&mut self) -> Option<GuestEvent> {
        self.incoming.try_recv().ok()
    }

    /// Waits for the next event; `None` after the end was told.
    pub async fn next(&mut self) -> Option<GuestEvent> {
        self.incoming.recv().await
    }

    /// Leaves the table for good and closes the connection.
    pub async fn leave(self) {
        let _ = self.outgoing.send(ClientMsg::Leave).await;
        let Carrier { connection, endpoint, .. } = self.line.borrow().clone();
        let _ = tokio::time::timeout(Duration::from_secs(2), connection.closed()).await;
        close_endpoint(endpoint, b"left").await;
    }
}

impl Drop for GuestLink {
    // Closing the table screen drops the connection (the seat waits for its grace period);
    // only `leave` gives the seat up for good. Dropping the link also stops any redialling.
    fn drop(&mut self) {
        self.line.borrow().connection.close(CloseCode::Normal, "closed");
    }
}

/// Connects to `request.address` and says Hello; the connection is not carried yet.
pub(crate) async fn connect(request: &JoinRequest) -> Result<Greeted, JoinError> {
    let arrived = arrive(request).await?;
    let address = request.address;
    greet(arrived, request.hello.clone(), &|reason| JoinError::Unreachable { address, reason }).await
}

/// Connects to `request.address` and checks the certificate against the pin: nothing is sent
/// before it proves the identity.
async fn arrive(request: &JoinRequest) -> Result<Arrived, JoinError> {
    let address = request.address;
    let any: SocketAddr = if address.is_ipv4() { ([0, 0, 0, 0], 0).into() } else { (std::net::Ipv6Addr::UNSPECIFIED, 0).into() };
    let bind = request.bind.unwrap_or(any);
    let endpoint = quinn::Endpoint::client(bind).map_err(JoinError::Socket)?;
    let (config, presented) = client_config(request.pin, request.liveness, &request.alpn)?;
    let unreachable = |reason: String| JoinError::Unreachable { address, reason };
    let deadline = tokio::time::Instant::now() + request.connect_timeout;
    let mut refused = 0;
    let connection = loop {
        let connecting = endpoint.connect_with(config.clone(), address, SERVER_NAME).map_err(|error| unreachable(error.to_string()))?;
        match tokio::time::timeout_at(deadline, connecting).await {
            // A host under a flood refuses attempts before their handshake while its rates are
            // spent; a person would click Join again, so the guest does, a few times.
            Ok(Err(error)) if is_refused_before_handshake(&error) && refused < REFUSED_RETRIES => {
                refused += 1;
                tracing::info!(%address, refused, "the host refused the attempt before its handshake; trying again");
                tokio::time::sleep(REFUSED_PAUSE * refused).await;
            }
            other => break other,
        }
    };
    let connection = match connection {
        Ok(Ok(connection)) => connection,
        Ok(Err(error)) => {
            let seen = presented.get().copied();
            return Err(match seen {
                Some(fingerprint) if !request.pin.accepts(fingerprint) => {
                    JoinError::IdentityChanged { expected: request.pin.code(), got: fingerprint.join_code(), presented: fingerprint }
                }
                _ if is_alpn_refusal(&error) => JoinError::NotCardtable { address },
                _ => unreachable(error.to_string()),
            });
        }
        Err(_) => return Err(unreachable("no answer in time".to_owned())),
    };
    let host = presented.get().copied().ok_or_else(|| JoinError::Protocol("no certificate was presented".to_owned()))?;
    let span = tracing::info_span!("host", %address, code = %host.join_code());
    Ok(Arrived { connection: Link::Lan(connection), endpoint: Dialer::Lan(endpoint), host, span })
}

/// A connection whose host proved its identity, before its Hello.
pub(crate) struct Arrived {
    pub(crate) connection: Link,
    pub(crate) endpoint: Dialer,
    pub(crate) host: Fingerprint,
    pub(crate) span: tracing::Span,
}

/// Says Hello on a connection whose host proved its identity and reads the Welcome (versions
/// first); `rejoin::carry` then carries messages both ways.
pub(crate) async fn greet(
    arrived: Arrived,
    hello: Hello,
    unreachable: &(dyn Fn(String) -> JoinError + Sync),
) -> Result<Greeted, JoinError> {
    let Arrived { connection, endpoint, host, span } = arrived;
    let first_path = connection.path().0;
    let (mut send, mut recv) = connection.open_bi().await.map_err(|error| unreachable(error.to_string()))?;
    let guest_version = hello.version;
    let hello = encode_frame(&hello).map_err(|error| JoinError::Protocol(error.to_string()))?;
    send.write_all(&hello).await.map_err(|error| unreachable(error.to_string()))?;
    let mut buffer = Vec::new();
    let welcome = match tokio::time::timeout(JOIN_TIMEOUT, read_payload(&mut recv, &mut buffer, FRAME_DEADLINE)).await {
        Ok(Ok(true)) => read_welcome(&buffer, guest_version)?,
        Ok(Ok(false)) => return Err(JoinError::Protocol("the host closed the stream without a Welcome".to_owned())),
        // The connection failing (a timeout, a network gone) is not the host's bytes being bad:
        // told as unreachable, it is tried again like any other failed dial.
        Ok(Err(ReadFailure::Connection(error))) => return Err(unreachable(error.to_string())),
        Ok(Err(error)) => return Err(JoinError::Protocol(error.to_string())),
        Err(_) => return Err(unreachable("no Welcome in time".to_owned())),
    };
    let admitted = welcome.answer.map_err(JoinError::Refused)?;
    Ok(Greeted { carrier: Carrier { connection, endpoint, admitted }, host, span, first_path, streams: (send, recv, buffer) })
}

/// [`join_heard`]'s dialling and Hello; the connection is not carried yet.
pub(crate) async fn connect_heard(request: &JoinRequest, addresses: &[SocketAddr]) -> Result<Greeted, JoinError> {
    let mut attempts = tokio::task::JoinSet::new();
    for &address in addresses {
        let attempt = JoinRequest { address, ..request.clone() };
        attempts.spawn(async move { (address, arrive(&attempt).await) });
    }
    let mut impostor = None;
    let mut failure = None;
    while let Some(finished) = attempts.join_next().await {
        let Ok((address, result)) = finished else { continue };
        match result {
            Ok(arrived) => {
                // Dropping the rest closes their endpoints; none of them was sent a Hello.
                attempts.abort_all();
                return greet(arrived, request.hello.clone(), &|reason| JoinError::Unreachable { address, reason }).await;
            }
            Err(JoinError::IdentityChanged { got, .. }) => {
                tracing::warn!(%address, %got, "another device answered for this host");
                impostor.get_or_insert(JoinError::Impostor { address, got });
            }
            Err(error) => failure = Some(error),
        }
    }
    Err(impostor.or(failure).unwrap_or(JoinError::Unreachable { address: request.address, reason: "no address was heard".to_owned() }))
}

/// Reads the Welcome: the version first, so another version is told as such.
fn read_welcome(payload: &[u8], guest: u32) -> Result<Welcome, JoinError> {
    let host = peek_version(payload).map_err(|error| JoinError::Protocol(error.to_string()))?;
    if host != guest {
        return Err(JoinError::IncompatibleVersion { host, guest });
    }
    decode_payload(payload).map_err(|error| JoinError::Protocol(error.to_string()))
}

/// Whether the host refused the attempt before any handshake (its caps or rates: quinn's
/// `Incoming::refuse` closes with CONNECTION_REFUSED).
fn is_refused_before_handshake(error: &quinn::ConnectionError) -> bool {
    matches!(error, quinn::ConnectionError::ConnectionClosed(close) if close.error_code == quinn::TransportErrorCode::CONNECTION_REFUSED)
}

/// Whether the handshake failed because the host offers no protocol we speak (ALPN).
fn is_alpn_refusal(error: &quinn::ConnectionError) -> bool {
    // TLS alert 120, no_application_protocol, travels as crypto error 0x100 + 120.
    matches!(error, quinn::ConnectionError::ConnectionClosed(close) if u64::from(close.error_code) == 0x100 + 120)
}

/// Closes a guest's endpoint (online, waiting up to two seconds for iroh to say goodbye).
pub(crate) async fn close_endpoint(endpoint: Dialer, reason: &'static [u8]) {
    match endpoint {
        Dialer::Lan(endpoint) => endpoint.close(quinn::VarInt::from_u32(CloseCode::Normal as u32), reason),
        #[cfg(feature = "online")]
        Dialer::Online(endpoint) => {
            let _ = tokio::time::timeout(Duration::from_secs(2), endpoint.close()).await;
        }
    }
}
