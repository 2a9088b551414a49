//! One connection, two lines: the table's host and guest speak through a [`Link`] (open or
//! accept the one bidirectional stream, read and write its bytes, close with a code and a
//! reason, say who the peer is, by which path and how far away), whether it runs over quinn on
//! the LAN or over iroh online. The set of lines is closed and small, so it is an enum: no boxed
//! futures on every read, and a third line is a third arm the compiler asks for everywhere.

use std::net::SocketAddr;
use std::time::Duration;

use super::identity::Fingerprint;
use super::protocol::CloseCode;

/// How a connection ended, or why a read or write on it failed, in the same words for both
/// lines.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LinkError {
    /// The peer closed the connection with an application code and a reason.
    #[error("closed by the peer (code {code}): {reason}")]
    ClosedByPeer {
        /// The application's close code (see [`CloseCode`]).
        code: u64,
        /// The reason it gave.
        reason: String,
    },
    /// This device closed it.
    #[error("closed by this device")]
    ClosedHere,
    /// Anything else: a timeout, a reset stream, the network.
    #[error("{0}")]
    Lost(String),
}

/// Why an exact read failed.
#[derive(Debug)]
pub enum ExactError {
    /// The stream ended cleanly after this many of the bytes wanted.
    FinishedEarly(usize),
    /// The stream or the connection failed.
    Link(LinkError),
}

/// Who is at the other end of a connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PeerId {
    /// A LAN peer, known by its address (its identity is proved by the certificate pin).
    Address(SocketAddr),
    /// An online peer, known by its public key.
    Key(Fingerprint),
}

pub use super::protocol::PathKind;

/// How one device at the table is connected: its name, the path its packets take and their
/// round trip (on the host: each guest's; on a guest: its own line to the host, then the other
/// guests' as the host told them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DevicePath {
    /// The device's player (on a guest, the host's name).
    pub name: String,
    /// LAN, direct or via relay.
    pub path: PathKind,
    /// The round trip now.
    pub rtt: Duration,
}

impl From<super::protocol::PeerPath> for DevicePath {
    fn from(path: super::protocol::PeerPath) -> DevicePath {
        DevicePath { name: path.name, path: path.path, rtt: Duration::from_millis(u64::from(path.rtt_ms)) }
    }
}

/// A line's endpoint: a host listens on it, a guest dials from it; either closes it when done.
#[derive(Debug, Clone)]
pub(crate) enum Endpoint {
    /// quinn's endpoint on the home network.
    Lan(quinn::Endpoint),
    /// iroh's endpoint online.
    #[cfg(feature = "online")]
    Online(iroh::Endpoint),
}

/// A connection to a peer on either line.
#[derive(Debug, Clone)]
pub enum Link {
    /// QUIC on the LAN.
    Lan(quinn::Connection),
    /// iroh online.
    #[cfg(feature = "online")]
    Online(iroh::endpoint::Connection),
}

/// The sending half of the connection's stream.
#[derive(Debug)]
pub enum LinkSend {
    /// QUIC on the LAN.
    Lan(quinn::SendStream),
    /// iroh online.
    #[cfg(feature = "online")]
    Online(iroh::endpoint::SendStream),
}

/// The receiving half of the connection's stream.
#[derive(Debug)]
pub enum LinkRecv {
    /// QUIC on the LAN.
    Lan(quinn::RecvStream),
    /// iroh online.
    #[cfg(feature = "online")]
    Online(iroh::endpoint::RecvStream),
}

impl Link {
    /// Opens the connection's stream (the guest's side).
    ///
    /// # Errors
    /// The connection failed.
    pub async fn open_bi(&self) -> Result<(LinkSend, LinkRecv), LinkError> {
        match self {
            Link::Lan(connection) => {
                connection.open_bi().await.map(|(send, recv)| (LinkSend::Lan(send), LinkRecv::Lan(recv))).map_err(lan_closed)
            }
            #[cfg(feature = "online")]
            Link::Online(connection) => {
                connection.open_bi().await.map(|(send, recv)| (LinkSend::Online(send), LinkRecv::Online(recv))).map_err(online::closed)
            }
        }
    }

    /// Accepts the stream the peer opens (the host's side).
    ///
    /// # Errors
    /// The connection failed.
    pub async fn accept_bi(&self) -> Result<(LinkSend, LinkRecv), LinkError> {
        match self {
            Link::Lan(connection) => {
                connection.accept_bi().await.map(|(send, recv)| (LinkSend::Lan(send), LinkRecv::Lan(recv))).map_err(lan_closed)
            }
            #[cfg(feature = "online")]
            Link::Online(connection) => {
                connection.accept_bi().await.map(|(send, recv)| (LinkSend::Online(send), LinkRecv::Online(recv))).map_err(online::closed)
            }
        }
    }

    /// Closes the connection now with `code` and `reason`.
    pub fn close(&self, code: CloseCode, reason: &str) {
        match self {
            Link::Lan(connection) => connection.close(quinn::VarInt::from_u32(code as u32), reason.as_bytes()),
            #[cfg(feature = "online")]
            Link::Online(connection) => connection.close(iroh::endpoint::VarInt::from_u32(code as u32), reason.as_bytes()),
        }
    }

    /// Waits until the connection has ended, and says how.
    pub async fn closed(&self) -> LinkError {
        match self {
            Link::Lan(connection) => lan_closed(connection.closed().await),
            #[cfg(feature = "online")]
            Link::Online(connection) => online::closed(connection.closed().await),
        }
    }

    /// Who is at the other end.
    #[must_use]
    pub fn peer(&self) -> PeerId {
        match self {
            Link::Lan(connection) => PeerId::Address(connection.remote_address()),
            #[cfg(feature = "online")]
            Link::Online(connection) => PeerId::Key(Fingerprint(*connection.remote_id().as_bytes())),
        }
    }

    /// The path the packets take now, and its round trip.
    #[must_use]
    pub fn path(&self) -> (PathKind, Duration) {
        match self {
            Link::Lan(connection) => (PathKind::Lan, connection.rtt()),
            #[cfg(feature = "online")]
            Link::Online(connection) => online::path(connection),
        }
    }
}

impl LinkSend {
    /// Writes all of `bytes`.
    ///
    /// # Errors
    /// The stream or the connection failed.
    pub async fn write_all(&mut self, bytes: &[u8]) -> Result<(), LinkError> {
        match self {
            LinkSend::Lan(send) => send.write_all(bytes).await.map_err(|error| match error {
                quinn::WriteError::ConnectionLost(error) => lan_closed(error),
                other => LinkError::Lost(other.to_string()),
            }),
            #[cfg(feature = "online")]
            LinkSend::Online(send) => send.write_all(bytes).await.map_err(|error| match error {
                iroh::endpoint::WriteError::ConnectionLost(error) => online::closed(error),
                other => LinkError::Lost(other.to_string()),
            }),
        }
    }

    /// Ends the stream after what was written, and waits (up to `wait`) until the peer has
    /// received it.
    pub async fn finish(&mut self, wait: Duration) {
        match self {
            LinkSend::Lan(send) => {
                let _ = send.finish();
                let _ = tokio::time::timeout(wait, send.stopped()).await;
            }
            #[cfg(feature = "online")]
            LinkSend::Online(send) => {
                let _ = send.finish();
                let _ = tokio::time::timeout(wait, send.stopped()).await;
            }
        }
    }
}

impl LinkRecv {
    /// Reads some bytes into `buffer`: their count, or `None` at a clean end of the stream.
    ///
    /// # Errors
    /// The stream or the connection failed.
    pub async fn read(&mut self, buffer: &mut [u8]) -> Result<Option<usize>, LinkError> {
        match self {
            LinkRecv::Lan(recv) => recv.read(buffer).await.map_err(lan_read),
            #[cfg(feature = "online")]
            LinkRecv::Online(recv) => recv.read(buffer).await.map_err(online::read),
        }
    }

    /// Fills `buffer` exactly.
    ///
    /// # Errors
    /// The stream ended first, or failed.
    pub async fn read_exact(&mut self, buffer: &mut [u8]) -> Result<(), ExactError> {
        match self {
            LinkRecv::Lan(recv) => recv.read_exact(buffer).await.map_err(|error| match error {
                quinn::ReadExactError::FinishedEarly(read) => ExactError::FinishedEarly(read),
                quinn::ReadExactError::ReadError(error) => ExactError::Link(lan_read(error)),
            }),
            #[cfg(feature = "online")]
            LinkRecv::Online(recv) => recv.read_exact(buffer).await.map_err(|error| match error {
                iroh::endpoint::ReadExactError::FinishedEarly(read) => ExactError::FinishedEarly(read),
                iroh::endpoint::ReadExactError::ReadError(error) => ExactError::Link(online::read(error)),
            }),
        }
    }
}

fn lan_closed(error: quinn::ConnectionError) -> LinkError {
    match error {
        quinn::ConnectionError::ApplicationClosed(close) => {
            LinkError::ClosedByPeer { code: close.error_code.into_inner(), reason: String::from_utf8_lossy(&close.reason).into_owned() }
        }
        quinn::ConnectionError::LocallyClosed => LinkError::ClosedHere,
        other => LinkError::Lost(other.to_string()),
    }
}

fn lan_read(error: quinn::ReadError) -> LinkError {
    match error {
        quinn::ReadError::ConnectionLost(error) => lan_closed(error),
        other => LinkError::Lost(other.to_string()),
    }
}

/// The iroh line's conversions.
#[cfg(feature = "online")]
mod online {
    use std::time::Duration;

    use iroh::endpoint::{Connection, ConnectionError, ReadError};

    use super::{LinkError, PathKind};

    pub(super) fn closed(error: ConnectionError) -> LinkError {
        match error {
            ConnectionError::ApplicationClosed(close) => {
                LinkError::ClosedByPeer { code: close.error_code.into_inner(), reason: String::from_utf8_lossy(&close.reason).into_owned() }
            }
            ConnectionError::LocallyClosed => LinkError::ClosedHere,
            other => LinkError::Lost(other.to_string()),
        }
    }

    pub(super) fn read(error: ReadError) -> LinkError {
        match error {
            ReadError::ConnectionLost(error) => closed(error),
            other => LinkError::Lost(other.to_string()),
        }
    }

    /// The selected path: direct when it is an IP path, else through the relay.
    pub(super) fn path(connection: &Connection) -> (PathKind, Duration) {
        let paths = connection.paths();
        let selected = paths.iter().find(iroh::endpoint::Path::is_selected);
        match selected {
            Some(path) if path.is_ip() => (PathKind::Direct, path.rtt()),
            Some(path) => (PathKind::Relay, path.rtt()),
            None => (PathKind::Relay, Duration::ZERO),
        }
    }
}
