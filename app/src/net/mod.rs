//! LAN play: one device hosts a table and is the authority, the others join it over QUIC. No
//! server, no account, no internet.
//!
//! | module | job |
//! | --- | --- |
//! | [`protocol`] | the typed messages, the ALPN and the protocol version |
//! | [`codec`], [`stream`] | length-prefixed postcard frames, capped at 64 KiB before allocation |
//! | [`identity`] | the device certificate, its fingerprint and join code |
//! | [`tls`] | TLS 1.3 configurations (ring only) and the guest's pinning verifier |
//! | [`known_hosts`] | trusted hosts by identity, with the resume token of one's seat there |
//! | [`table`] | the networked table's authority without IO: lobby, checks, per-seat updates |
//! | [`server`] | the QUIC host around the table |
//! | [`guest`] | the QUIC guest: pinning, versions, messages both ways |
//! | [`remote`] | a device's picture of the table, built from the host's messages |
//! | [`discovery`] | UDP multicast or broadcast announcements on a configured interface |
//! | [`relay`] | a lossy, reordering loopback relay for fault tests |

pub mod codec;
pub mod discovery;
mod files;
pub mod guest;
mod hex_bytes;
pub mod identity;
pub mod known_hosts;
pub mod protocol;
pub mod relay;
pub mod remote;
pub mod server;
pub mod stream;
pub mod table;
pub mod tls;
