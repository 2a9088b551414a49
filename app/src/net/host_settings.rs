//! How a host runs ([`HostSettings`]: where it listens, its peers' liveness, the bots' pace,
//! its limits) and why it may not start ([`HostError`]); [`super::server`] runs it.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use super::limits::HostLimits;
use super::table::people::ConnId;
use super::tls::{Liveness, TlsError};
use crate::session::authority::Pacing;
use crate::session::host::Host;

/// A look at every frame sent to a guest, with the state it was made from (the leak tests use
/// it; the app does not).
pub type FrameAudit = Arc<dyn Fn(ConnId, &[u8], Option<&Host>) + Send + Sync>;

/// How a host runs.
#[derive(Clone)]
pub struct HostSettings {
    /// Where to listen (`0.0.0.0:0`: every interface, any free port).
    pub bind: SocketAddr,
    /// Keep-alives and the idle timeout after which a silent guest counts as dropped.
    pub liveness: Liveness,
    /// Pause before each bot move, so people can follow.
    pub bot_pace: Pacing,
    /// How often the grace periods are checked.
    pub tick: Duration,
    /// Optional look at every frame sent (tests).
    pub audit: Option<FrameAudit>,
    /// Called when a message for the host's own device is waiting (wakes the window).
    pub waker: Option<super::Waker>,
    /// What peers may make the host hold.
    pub limits: HostLimits,
}

impl Default for HostSettings {
    fn default() -> HostSettings {
        HostSettings {
            bind: SocketAddr::from(([0, 0, 0, 0], 0)),
            liveness: Liveness::default(),
            bot_pace: Pacing::from(crate::settings::BotPace::Normal),
            tick: Duration::from_millis(100),
            audit: None,
            waker: None,
            limits: HostLimits::default(),
        }
    }
}

impl std::fmt::Debug for HostSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HostSettings")
            .field("bind", &self.bind)
            .field("liveness", &self.liveness)
            .field("bot_pace", &self.bot_pace)
            .field("limits", &self.limits)
            .finish_non_exhaustive()
    }
}

/// Why a host could not start.
#[derive(Debug, thiserror::Error)]
pub enum HostError {
    /// TLS could not be configured.
    #[error(transparent)]
    Tls(#[from] TlsError),
    /// Online play could not start (a relay URL, the endpoint).
    #[error("{0}")]
    Online(String),
    /// The address could not be bound.
    #[error("cannot listen on {bind}: {source}")]
    Bind {
        /// The address.
        bind: SocketAddr,
        /// Why.
        source: std::io::Error,
    },
}
