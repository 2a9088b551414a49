//! Networked play: one device hosts a table and is the authority, the others join it over QUIC,
//! on the LAN (quinn) or online (iroh): one table, one protocol, two lines. No server, no
//! account.
//!
//! | module | job |
//! | --- | --- |
//! | [`protocol`] | the typed messages, the ALPN and the protocol version |
//! | `protocol_golden` | (tests) the encoding of every message pinned per protocol version |
//! | [`link`] | one connection on either line: its stream, its close, its peer, path and round trip |
//! | [`codec`], [`stream`] | length-prefixed postcard frames, capped at 64 KiB before allocation |
//! | [`identity`] | the device certificate, its fingerprint and join code |
//! | [`tls`] | TLS 1.3 configurations (ring only) and the guest's pinning verifier |
//! | [`seat_code`] | the table's seat code: sitting needs it, or the host's "Let in" |
//! | [`known_hosts`] | trusted hosts by identity, with the resume token of one's seat there |
//! | [`table`] | the networked table's authority without IO: lobby, checks, per-seat updates |
//! | [`server`] | the QUIC host around the table: its table task and the routes of its frames |
//! | `host_settings` | how a host runs (listening address, liveness, bots' pace, limits) and why it may not start |
//! | `connection` | one guest's connection at the host: let in, Hello, frames in time and within budget |
//! | [`limits`] | what one device may make the host hold |
//! | [`host_stats`] | the counters of what the limits turned away, and the seat code now |
//! | [`guest`] | the QUIC guest: pinning, versions, Hello and Welcome |
//! | `rejoin` | a guest's messages both ways, and dialling again with its token after a lost connection |
//! | [`fair`] | the seed every seated device draws together, and the record sent at the end |
//! | [`verify`] | a device's replay of a finished match's record against what it was shown |
//! | [`remote`] | a device's picture of the table, built from the host's messages |
//! | [`session`] | that picture as the table screen's [`crate::session::Session`] |
//! | [`record`] | what a device keeps of a networked match in its score history |
//! | [`invite`] | an online table's invite: one line of text, read strictly |
//! | `online` | (feature `online`) iroh endpoints, the online host and join, the online key |
//! | [`discovery`] | UDP multicast or broadcast announcements on a configured interface |
//! | [`relay`] | a lossy, reordering loopback relay for fault tests |
//! | [`lan`] | the window's LAN state: runtime, config folder, discovery setting |

pub mod announcement;
pub mod announcement_checks;
pub mod codec;
mod connection;
pub mod dial;
pub mod discovery;
pub mod fair;
pub mod guest;
mod hex_bytes;
mod host_settings;
pub mod host_stats;
pub mod identity;
mod initial_filter;
pub mod invite;
pub mod known_hosts;
pub mod lan;
pub mod limits;
pub mod link;
#[cfg(feature = "online")]
pub mod online;
mod peer_paths;
pub mod protocol;
#[cfg(test)]
mod protocol_golden;
pub mod record;
mod rejoin;
pub mod relay;
pub mod remote;
pub mod seat_code;
pub mod server;
pub mod session;
pub mod stream;
pub mod table;
pub mod tls;
pub mod verify;

/// Called from the network's tasks when something is waiting for the window (it wakes it).
pub type Waker = std::sync::Arc<dyn Fn() + Send + Sync>;
