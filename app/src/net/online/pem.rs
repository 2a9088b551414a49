//! Certificates and keys read from PEM files named on the command line: a relay server's own
//! (`cardtable relay --tls-cert/--tls-key`) and the ones a device trusts for relays besides the
//! web's authorities (`--relay-ca`). The files are outside bytes: read bounded, and a file that
//! holds no certificate or key is an error naming it.

use std::io::Read;
use std::path::{Path, PathBuf};

use iroh::tls::CaTlsConfig;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};

/// The largest PEM file read: a certificate chain is a few KiB.
const MAX_PEM: u64 = 256 * 1024;

/// The most certificates taken from one file.
const MAX_CERTIFICATES: usize = 16;

/// Why a PEM file could not be used.
#[derive(Debug, thiserror::Error)]
pub enum PemError {
    /// The file could not be read.
    #[error("cannot read {path}: {reason}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
    /// The file is larger than any certificate or key.
    #[error("{path} is larger than {MAX_PEM} bytes: not a certificate or key file")]
    TooLarge {
        /// The file.
        path: PathBuf,
    },
    /// The file holds nothing usable of the kind asked for.
    #[error("{path} holds no {what} in PEM form: {reason}")]
    Invalid {
        /// The file.
        path: PathBuf,
        /// A certificate or a private key.
        what: &'static str,
        /// Why.
        reason: String,
    },
}

/// The bytes of `path`, at most [`MAX_PEM`].
fn read_bounded(path: &Path) -> Result<Vec<u8>, PemError> {
    let read_error = |error: std::io::Error| PemError::Read { path: path.to_owned(), reason: error.to_string() };
    let file = std::fs::File::open(path).map_err(read_error)?;
    let mut bytes = Vec::new();
    file.take(MAX_PEM + 1).read_to_end(&mut bytes).map_err(read_error)?;
    if bytes.len() as u64 > MAX_PEM {
        return Err(PemError::TooLarge { path: path.to_owned() });
    }
    Ok(bytes)
}

/// The certificates in `path` (a chain, leaf first; at least one, at most sixteen).
///
/// # Errors
/// The file cannot be read, is too large, or holds no certificate.
pub fn read_certificates(path: &Path) -> Result<Vec<CertificateDer<'static>>, PemError> {
    let bytes = read_bounded(path)?;
    let invalid = |reason: String| PemError::Invalid { path: path.to_owned(), what: "certificate", reason };
    let certificates = CertificateDer::pem_slice_iter(&bytes)
        .take(MAX_CERTIFICATES)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|error| invalid(error.to_string()))?;
    if certificates.is_empty() {
        return Err(invalid("the file has no CERTIFICATE section".to_owned()));
    }
    Ok(certificates)
}

/// The private key in `path`.
///
/// # Errors
/// The file cannot be read, is too large, or holds no private key.
pub fn read_private_key(path: &Path) -> Result<PrivateKeyDer<'static>, PemError> {
    let bytes = read_bounded(path)?;
    PrivateKeyDer::from_pem_slice(&bytes).map_err(|error| PemError::Invalid {
        path: path.to_owned(),
        what: "private key",
        reason: error.to_string(),
    })
}

/// How relays' certificates are checked when `path` names more to trust: the web's
/// authorities (a copy built in) and the certificates in the file (a relay of one's own with a
/// certificate one made). Only the relay's TLS is concerned: the devices' connection is proved
/// by the host's key whatever this trusts.
///
/// # Errors
/// See [`read_certificates`].
pub fn relay_trust(path: &Path) -> Result<CaTlsConfig, PemError> {
    Ok(CaTlsConfig::embedded().with_extra_roots(read_certificates(path)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn certificates_and_keys_read_and_anything_else_is_refused_in_words() {
        let dir = tempfile::tempdir().expect("temp dir");
        let made = rcgen::generate_simple_self_signed(vec!["relay.example".to_owned()]).expect("a certificate");
        let cert = dir.path().join("relay.crt");
        let key = dir.path().join("relay.key");
        std::fs::write(&cert, made.cert.pem()).expect("write");
        std::fs::write(&key, made.signing_key.serialize_pem()).expect("write");
        assert_eq!(read_certificates(&cert).expect("reads").len(), 1);
        assert!(read_private_key(&key).is_ok());
        assert!(relay_trust(&cert).is_ok());

        let error = read_certificates(&key).expect_err("a key is no certificate").to_string();
        assert!(error.contains("holds no certificate"), "{error}");
        let error = read_private_key(&cert).expect_err("a certificate is no key").to_string();
        assert!(error.contains("holds no private key"), "{error}");
        let large = dir.path().join("large.pem");
        std::fs::write(&large, vec![b'A'; MAX_PEM as usize + 1]).expect("write");
        let error = read_certificates(&large).expect_err("too large").to_string();
        assert!(error.contains("larger than"), "{error}");
        let error = read_certificates(&dir.path().join("missing.pem")).expect_err("missing").to_string();
        assert!(error.contains("cannot read"), "{error}");
    }
}
