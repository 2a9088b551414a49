//! A relay server for online play (`cardtable relay`), iroh-relay's: devices that cannot reach
//! each other directly meet through it, and it tells each device the address it sees it from
//! (QUIC address discovery), which is how two devices behind home routers find the addresses
//! to punch through. It forwards packets it cannot read: every connection between two devices
//! is end-to-end encrypted to the host's key.
//!
//! Built only with the cargo feature `relay` (its server crates would cost every player's
//! build); the tests run it in-process.

use std::net::{IpAddr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::Arc;

use iroh_relay::defaults::{DEFAULT_HTTP_PORT, DEFAULT_HTTPS_PORT, DEFAULT_RELAY_QUIC_PORT};
use iroh_relay::server::{CertConfig, ClientRateLimit, QuicConfig, RelayConfig, Server, ServerConfig, TlsConfig};
use rustls::pki_types::{CertificateDer, PrivateKeyDer};

/// Where a plain-HTTP (`--dev`) relay listens unless told: iroh-relay's own dev port.
pub const DEV_HTTP_PORT: u16 = 3340;

/// A relay server's certificate chain and key.
#[derive(Debug)]
pub struct RelayTls {
    /// The chain, leaf first.
    pub certificates: Vec<CertificateDer<'static>>,
    /// The leaf's private key.
    pub key: PrivateKeyDer<'static>,
}

/// How to run a relay.
#[derive(Debug)]
pub struct RelayPlan {
    /// The plain-HTTP socket: the whole relay when there is no TLS or with `dev`, else only
    /// the captive-portal check devices make.
    pub http_bind: SocketAddr,
    /// The HTTPS socket (with TLS and not `dev`).
    pub https_bind: SocketAddr,
    /// The QUIC address-discovery socket (needs a certificate).
    pub quic_bind: SocketAddr,
    /// The certificate; `None` only with `dev`.
    pub tls: Option<RelayTls>,
    /// Plain HTTP even with a certificate (which then serves only QUIC address discovery): for
    /// labs and tests, never the internet.
    pub dev: bool,
    /// Bytes a second each device may send through the relay (`None`: no limit).
    pub client_rate: Option<NonZeroU32>,
}

impl RelayPlan {
    /// A plan on `ip` with the usual ports: 80, 443 and 7842, or 3340 for plain HTTP with `dev`;
    /// no rate limit.
    #[must_use]
    pub fn on(ip: IpAddr, tls: Option<RelayTls>, dev: bool) -> RelayPlan {
        let http_port = if dev { DEV_HTTP_PORT } else { DEFAULT_HTTP_PORT };
        RelayPlan {
            http_bind: SocketAddr::new(ip, http_port),
            https_bind: SocketAddr::new(ip, DEFAULT_HTTPS_PORT),
            quic_bind: SocketAddr::new(ip, DEFAULT_RELAY_QUIC_PORT),
            tls,
            dev,
            client_rate: None,
        }
    }
}

/// Why a relay could not start.
#[derive(Debug, thiserror::Error)]
pub enum RelayError {
    /// Neither a certificate nor `dev`.
    #[error("a relay on the internet needs a certificate (--tls-cert and --tls-key); --dev serves plain HTTP for labs and tests")]
    NoCertificate,
    /// The certificate and key do not make a TLS configuration.
    #[error("the certificate and key do not go together: {0}")]
    Certificate(String),
    /// A socket could not be bound, or the server failed to start.
    #[error("the relay could not start: {0}")]
    Start(String),
}

/// A running relay; dropped, it stops.
#[derive(Debug)]
pub struct RunningRelay {
    server: Server,
    https: bool,
}

impl RunningRelay {
    /// The URL devices name it by (with an IP address; a relay on the internet is named by
    /// its host name, which its certificate carries).
    #[must_use]
    pub fn url(&self) -> String {
        let (scheme, addr) = match (self.https, self.server.https_addr()) {
            (true, Some(addr)) => ("https", Some(addr)),
            _ => ("http", self.server.http_addr()),
        };
        addr.map(|addr| format!("{scheme}://{addr}/")).unwrap_or_default()
    }

    /// Where QUIC address discovery answers, when it runs.
    #[must_use]
    pub fn quic_addr(&self) -> Option<SocketAddr> {
        self.server.quic_addr()
    }

    /// Runs until the server stops of itself (an error; it does not stop otherwise).
    ///
    /// # Errors
    /// What stopped it.
    pub async fn join(&mut self) -> Result<(), RelayError> {
        match self.server.join().await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(error)) => Err(RelayError::Start(error.to_string())),
            Err(error) => Err(RelayError::Start(error.to_string())),
        }
    }
}

/// The rustls configuration of `tls` (ring, TLS 1.2 and 1.3: QUIC takes 1.3 of it).
fn server_tls(tls: RelayTls) -> Result<rustls::ServerConfig, RelayError> {
    rustls::ServerConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
        .with_safe_default_protocol_versions()
        .map_err(|error| RelayError::Certificate(error.to_string()))?
        .with_no_client_auth()
        .with_single_cert(tls.certificates, tls.key)
        .map_err(|error| RelayError::Certificate(error.to_string()))
}

/// Starts a relay as `plan` says. Must run inside a tokio runtime.
///
/// # Errors
/// No certificate without `dev`, a certificate that does not fit its key, a socket taken.
pub async fn start_relay(plan: RelayPlan) -> Result<RunningRelay, RelayError> {
    let tls = match plan.tls {
        Some(tls) => Some(server_tls(tls)?),
        None if plan.dev => None,
        None => return Err(RelayError::NoCertificate),
    };
    let mut relay = RelayConfig::new(plan.http_bind);
    relay.limits.client_rx = plan.client_rate.map(|rate| {
        let mut limit = ClientRateLimit::new(rate);
        // Four seconds' worth at once: a burst of moves after a pause passes unslowed.
        limit.max_burst_bytes = NonZeroU32::new(rate.get().saturating_mul(4));
        limit
    });
    let mut quic = None;
    let https = !plan.dev && tls.is_some();
    if let Some(tls) = tls {
        let mut discovery = QuicConfig::new(plan.quic_bind);
        if https {
            relay.tls = Some(TlsConfig::new(plan.https_bind, CertConfig::Manual { server_config: tls }));
        } else {
            discovery.server_config = Some(tls);
        }
        quic = Some(discovery);
    }
    let mut config = ServerConfig::default();
    config.relay = Some(relay);
    config.quic = quic;
    let server = Server::spawn(config).await.map_err(|error| RelayError::Start(format!("{error:#}")))?;
    Ok(RunningRelay { server, https })
}
