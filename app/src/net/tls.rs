//! TLS 1.3 for QUIC with ring as the only crypto provider: the host's configuration (its device
//! certificate, the Cardtable ALPN) and the guest's, which trusts no certificate authority but
//! checks the host's certificate against a [`Pin`] before any game data flows.

use std::sync::{Arc, OnceLock};
use std::time::Duration;

use rustls::DigitallySignedStruct;
use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::CryptoProvider;
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};

use super::identity::{Fingerprint, Identity, JoinCode};
use super::protocol::ALPN;

/// The server name a guest asks for; the pin, not the name, decides whom it trusts.
pub const SERVER_NAME: &str = "cardtable.local";

/// What a guest expects of the host's certificate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pin {
    /// Exactly this certificate: a host trusted before, or one whose join code was confirmed.
    Fingerprint(Fingerprint),
    /// A certificate with this join code (typed in when joining by address).
    JoinCode(JoinCode),
}

impl Pin {
    /// Whether a certificate with `fingerprint` satisfies the pin.
    #[must_use]
    pub fn accepts(self, fingerprint: Fingerprint) -> bool {
        match self {
            Pin::Fingerprint(expected) => expected == fingerprint,
            Pin::JoinCode(code) => fingerprint.join_code() == code,
        }
    }

    /// The code people compare: the join code of the pinned identity.
    #[must_use]
    pub fn code(self) -> JoinCode {
        match self {
            Pin::Fingerprint(fingerprint) => fingerprint.join_code(),
            Pin::JoinCode(code) => code,
        }
    }
}

/// Why TLS could not be configured.
#[derive(Debug, thiserror::Error)]
pub enum TlsError {
    /// rustls refused the configuration (key and certificate, protocol versions).
    #[error("TLS setup: {0}")]
    Rustls(#[from] rustls::Error),
    /// QUIC refused the TLS configuration.
    #[error("QUIC TLS setup: {0}")]
    Quic(String),
}

/// How fast a silent peer counts as gone: keep-alives every `keep_alive`, the connection is
/// dropped after `idle_timeout` without a packet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Liveness {
    /// Interval of keep-alive packets.
    pub keep_alive: Duration,
    /// Silence after which the connection is closed.
    pub idle_timeout: Duration,
}

impl Default for Liveness {
    /// A dropped device shows as disconnected within about five seconds.
    fn default() -> Liveness {
        Liveness { keep_alive: Duration::from_secs(1), idle_timeout: Duration::from_secs(5) }
    }
}

/// Bytes a peer may have in flight on the one stream, and on its connection: one frame
/// (payload and length prefix) at a time. quinn's defaults (1.25 MB per stream, 100 streams of
/// each kind, an unbounded connection window) let one peer make a host hold hundreds of MB.
pub const RECEIVE_WINDOW: u32 = (super::codec::MAX_FRAME + super::codec::HEADER_LEN) as u32;

/// Bytes written but not yet acknowledged that one connection keeps.
pub const SEND_WINDOW: u64 = 2 * (super::codec::MAX_FRAME + super::codec::HEADER_LEN) as u64;

impl Liveness {
    /// The transport both sides use: keep-alives and idle timeout, exactly the streams the
    /// protocol uses (the guest opens one bidirectional stream: the host accepts one, the guest
    /// none; no unidirectional streams, no datagrams) and bounded windows.
    fn transport(self, streams_from_peer: u32) -> Arc<quinn::TransportConfig> {
        let mut transport = quinn::TransportConfig::default();
        transport.keep_alive_interval(Some(self.keep_alive));
        // A timeout beyond QUIC's range falls back to the longest one it allows.
        let idle = quinn::IdleTimeout::try_from(self.idle_timeout).unwrap_or(quinn::IdleTimeout::from(quinn::VarInt::MAX));
        transport.max_idle_timeout(Some(idle));
        transport.max_concurrent_bidi_streams(streams_from_peer.into());
        transport.max_concurrent_uni_streams(0_u32.into());
        transport.datagram_receive_buffer_size(None);
        transport.stream_receive_window(RECEIVE_WINDOW.into());
        transport.receive_window(RECEIVE_WINDOW.into());
        transport.send_window(SEND_WINDOW);
        Arc::new(transport)
    }
}

fn provider() -> Arc<CryptoProvider> {
    Arc::new(rustls::crypto::ring::default_provider())
}

/// The host's QUIC configuration: its device certificate, TLS 1.3 only, the Cardtable ALPN.
///
/// # Errors
/// The key does not fit the certificate.
pub fn server_config(identity: &Identity, liveness: Liveness) -> Result<quinn::ServerConfig, TlsError> {
    let mut tls = rustls::ServerConfig::builder_with_provider(provider())
        .with_protocol_versions(&[&rustls::version::TLS13])?
        .with_no_client_auth()
        .with_single_cert(vec![identity.cert().clone()], identity.key())?;
    tls.alpn_protocols = vec![ALPN.to_vec()];
    let quic = quinn::crypto::rustls::QuicServerConfig::try_from(tls).map_err(|error| TlsError::Quic(error.to_string()))?;
    let mut config = quinn::ServerConfig::with_crypto(Arc::new(quic));
    config.transport_config(liveness.transport(1));
    Ok(config)
}

/// The fingerprint the host presented, kept by the verifier so a refusal can name it: set once,
/// by the connection's one handshake, and read after it.
pub type Presented = Arc<OnceLock<Fingerprint>>;

/// The guest's QUIC configuration for one connection: `pin` decides, `alpn` is offered (the
/// Cardtable ALPN but for tests of a foreign client). The returned slot holds the presented
/// fingerprint once the handshake has seen it.
///
/// # Errors
/// rustls refused the configuration.
pub fn client_config(pin: Pin, liveness: Liveness, alpn: &[u8]) -> Result<(quinn::ClientConfig, Presented), TlsError> {
    let provider = provider();
    let presented = Presented::default();
    let verifier = PinnedVerifier { pin, provider: provider.clone(), presented: presented.clone() };
    let mut tls = rustls::ClientConfig::builder_with_provider(provider)
        .with_protocol_versions(&[&rustls::version::TLS13])?
        .dangerous()
        .with_custom_certificate_verifier(Arc::new(verifier))
        .with_no_client_auth();
    tls.alpn_protocols = vec![alpn.to_vec()];
    let quic = quinn::crypto::rustls::QuicClientConfig::try_from(tls).map_err(|error| TlsError::Quic(error.to_string()))?;
    let mut config = quinn::ClientConfig::new(Arc::new(quic));
    config.transport_config(liveness.transport(0));
    Ok((config, presented))
}

/// Accepts exactly the certificates its pin accepts, checking handshake signatures as usual.
#[derive(Debug)]
struct PinnedVerifier {
    pin: Pin,
    provider: Arc<CryptoProvider>,
    presented: Presented,
}

impl ServerCertVerifier for PinnedVerifier {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp_response: &[u8],
        _now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        let fingerprint = Fingerprint::of(end_entity);
        // A configuration serves one connection, so one certificate: the first is the one.
        let _ = self.presented.set(fingerprint);
        if self.pin.accepts(fingerprint) {
            Ok(ServerCertVerified::assertion())
        } else {
            tracing::warn!(expected = %self.pin.code(), got = %fingerprint.join_code(), "host certificate does not match its pin");
            Err(rustls::Error::InvalidCertificate(rustls::CertificateError::ApplicationVerificationFailure))
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(message, cert, dss, &self.provider.signature_verification_algorithms)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(message, cert, dss, &self.provider.signature_verification_algorithms)
    }

    fn supported_verify_schemes(&self) -> Vec<rustls::SignatureScheme> {
        self.provider.signature_verification_algorithms.supported_schemes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pins_accept_their_identity_only() {
        let fingerprint = Fingerprint::of(b"host a");
        let other = Fingerprint::of(b"host b");
        assert!(Pin::Fingerprint(fingerprint).accepts(fingerprint));
        assert!(!Pin::Fingerprint(fingerprint).accepts(other));
        assert!(Pin::JoinCode(fingerprint.join_code()).accepts(fingerprint));
        assert!(!Pin::JoinCode(fingerprint.join_code()).accepts(other));
        assert_eq!(Pin::Fingerprint(fingerprint).code(), fingerprint.join_code());
    }
}
