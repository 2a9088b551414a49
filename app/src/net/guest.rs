//! The guest: joins a host on the LAN ([`join`], [`join_heard`]) or online ([`join_online`]):
//! one dial and Hello ([`super::dial`]), then [`super::rejoin`] carries the connection both
//! ways, dials again with the seat's token when it is lost, and says in words why it ended.

use std::net::SocketAddr;

use super::dial::{connect, connect_heard};
use super::rejoin::{Redial, carry};

pub use super::dial::{Ending, GuestEvent, GuestLink, JOIN_TIMEOUT, JoinError, JoinRequest, REJOIN_FOR, Reconnected, Reconnecting};

/// Connects to a host, checks its identity and version, and says Hello.
///
/// # Errors
/// See [`JoinError`]: the identity, the version, a refusal, or the network.
pub async fn join(request: JoinRequest) -> Result<GuestLink, JoinError> {
    let greeted = connect(&request).await?;
    Ok(carry(greeted, Redial::lan(request)))
}

/// Joins a host heard on the network, connecting to every address heard for its fingerprint at
/// once (anyone can announce any fingerprint with any address; the pin decides which is real):
/// the first whose certificate proves the fingerprint is greeted, the others are dropped before
/// anything is sent. So an address where nothing answers costs no waiting. A certificate that
/// does not match is another device's, told as [`JoinError::Impostor`].
///
/// # Errors
/// An impostor's failure before others; [`JoinError::Unreachable`] with no address.
pub async fn join_heard(request: JoinRequest, addresses: &[SocketAddr]) -> Result<GuestLink, JoinError> {
    let greeted = connect_heard(&request, addresses).await?;
    Ok(carry(greeted, Redial::lan(request)))
}

/// Connects to the host an invite names (its key proved by the handshake), then Hello and
/// Welcome as on the LAN.
///
/// # Errors
/// See [`JoinError`]: the invite's key, the network, the version, a refusal.
#[cfg(feature = "online")]
pub async fn join_online(request: super::online::OnlineJoin) -> Result<GuestLink, JoinError> {
    let greeted = super::online::connect_online(&request).await?;
    Ok(carry(greeted, Redial::online(request)))
}
