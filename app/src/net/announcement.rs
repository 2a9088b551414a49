//! What a host says about itself on the LAN, signed by its identity (issue 30, item 4).
//!
//! Anyone may send a datagram naming any fingerprint, so an announcement carries the host's
//! certificate and a signature, made with the identity's key, over everything it says: the
//! announcement, the address it is sent from and a sequence number. A guest takes it only when
//! the certificate hashes to the fingerprint named, the signature holds, the datagram comes from
//! the address signed, and the sequence is newer than the last one heard from that address (so
//! a recorded announcement replayed later, or from elsewhere, is nothing).
//!
//! The checks run cheapest first ([`open`]: sizes, layout, the certificate's hash), the
//! signature last ([`Unchecked::verify`]), so a datagram that is not even a Cardtable
//! announcement costs no signature check.

use std::net::IpAddr;

use cardtable_engine::GameKind;
use rustls::SignatureScheme;
use rustls::pki_types::CertificateDer;
use rustls::sign::Signer;
use serde::{Deserialize, Serialize};

use super::codec::decode_payload;
use super::identity::{Fingerprint, Identity};
use super::protocol::PROTOCOL_VERSION;

/// Marks a Cardtable announcement of the signed layout (version 2). Version 1 (`CTBL`) was
/// unsigned; a listener ignores it like any other datagram on the port.
pub const MAGIC: [u8; 4] = *b"CTB2";
/// Largest announcement sent or read: under a LAN's 1,500-byte frame, so it is never split. A
/// signed announcement takes about 500 bytes (the certificate ~350, the signature ~72).
pub const MAX_DATAGRAM: usize = 1_200;
/// What the signature covers besides the announcement's bytes: a signature made for anything
/// else (a TLS handshake) is never one over an announcement.
const SIGNING_CONTEXT: &[u8] = b"cardtable LAN announcement v2\0";
/// The signature scheme: the one of the key every device identity is made with (ECDSA P-256).
const SCHEME: SignatureScheme = SignatureScheme::ECDSA_NISTP256_SHA256;

/// What a host says about itself.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Announcement {
    /// The host's protocol version (a guest lists other versions as incompatible).
    pub version: u32,
    /// The host's identity.
    pub fingerprint: Fingerprint,
    /// The host's QUIC port.
    pub port: u16,
    /// The host's profile name.
    pub name: String,
    /// The game chosen.
    pub game: GameKind,
    /// Seats still open.
    pub open_seats: u8,
    /// Whether a match is being played (guests may still watch or come back).
    pub playing: bool,
}

impl Announcement {
    /// An announcement of this version.
    #[must_use]
    pub fn new(fingerprint: Fingerprint, port: u16, name: &str, game: GameKind) -> Announcement {
        Announcement { version: PROTOCOL_VERSION, fingerprint, port, name: name.to_owned(), game, open_seats: 0, playing: false }
    }
}

/// The datagram: what is said, as bytes, with the certificate and the signature over them.
#[derive(Debug, Serialize, Deserialize)]
struct Envelope {
    magic: [u8; 4],
    /// [`Said`], encoded: the signature covers these exact bytes.
    said: Vec<u8>,
    /// The host's certificate (DER).
    certificate: Vec<u8>,
    /// [`SCHEME`] over [`SIGNING_CONTEXT`] and `said`.
    signature: Vec<u8>,
}

/// Everything the signature vouches for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Said {
    announcement: Announcement,
    /// The address the host sends from: a copy sent from anywhere else is dropped.
    address: IpAddr,
    /// Grows with every announcement of one host: an older one replayed is dropped.
    sequence: u64,
}

/// Why an announcement was not taken.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    /// Not a Cardtable announcement of this layout (another program, an old version, damage).
    #[error("not a signed Cardtable announcement")]
    NotAnnouncement,
    /// The certificate carried is not the one the fingerprint names.
    #[error("the certificate is not the one of the fingerprint announced")]
    ForeignCertificate,
    /// Sent from another address than the one signed (a copy replayed by someone else).
    #[error("sent from {from}, signed for {signed}")]
    WrongAddress {
        /// Where it came from.
        from: IpAddr,
        /// Where the host said it sends from.
        signed: IpAddr,
    },
    /// The signature does not hold for the certificate.
    #[error("the signature does not hold")]
    BadSignature,
}

/// Why an announcement could not be signed.
#[derive(Debug, thiserror::Error)]
pub enum SignError {
    /// The identity's key cannot make an ECDSA P-256 signature.
    #[error("the device key cannot sign announcements: {0}")]
    Key(String),
    /// The signature could not be made.
    #[error("the announcement could not be signed: {0}")]
    Sign(#[from] rustls::Error),
    /// The announcement could not be encoded.
    #[error("the announcement could not be encoded: {0}")]
    Encode(#[from] postcard::Error),
    /// The signed announcement is larger than a datagram may be (a very long name).
    #[error("the announcement takes {0} bytes, more than {MAX_DATAGRAM}")]
    TooLarge(usize),
}

/// Signs announcements with a device's identity.
#[derive(Debug)]
pub struct AnnouncementSigner {
    certificate: CertificateDer<'static>,
    signer: Box<dyn Signer>,
}

impl AnnouncementSigner {
    /// A signer with `identity`'s key.
    ///
    /// # Errors
    /// The key is not an ECDSA P-256 key.
    pub fn new(identity: &Identity) -> Result<AnnouncementSigner, SignError> {
        let key = rustls::crypto::ring::sign::any_ecdsa_type(&identity.key()).map_err(|error| SignError::Key(error.to_string()))?;
        let signer = key.choose_scheme(&[SCHEME]).ok_or_else(|| SignError::Key("not an ECDSA P-256 key".to_owned()))?;
        Ok(AnnouncementSigner { certificate: identity.cert().clone(), signer })
    }

    /// The datagram announcing `announcement` from `address`, number `sequence`.
    ///
    /// # Errors
    /// The signature or the encoding failed, or the result is larger than [`MAX_DATAGRAM`].
    pub fn seal(&self, announcement: &Announcement, address: IpAddr, sequence: u64) -> Result<Vec<u8>, SignError> {
        let said = postcard::to_allocvec(&Said { announcement: announcement.clone(), address, sequence })?;
        let signature = self.signer.sign(&signed_message(&said))?;
        let envelope = Envelope { magic: MAGIC, said, certificate: self.certificate.to_vec(), signature };
        let datagram = postcard::to_allocvec(&envelope)?;
        if datagram.len() > MAX_DATAGRAM {
            return Err(SignError::TooLarge(datagram.len()));
        }
        Ok(datagram)
    }
}

fn signed_message(said: &[u8]) -> Vec<u8> {
    [SIGNING_CONTEXT, said].concat()
}

/// An announcement read and checked for everything but its signature.
#[derive(Debug)]
pub struct Unchecked {
    said: Said,
    said_bytes: Vec<u8>,
    certificate: Vec<u8>,
    signature: Vec<u8>,
}

impl Unchecked {
    /// What it says (not yet proven).
    #[must_use]
    pub fn announcement(&self) -> &Announcement {
        &self.said.announcement
    }

    /// Its sequence number.
    #[must_use]
    pub fn sequence(&self) -> u64 {
        self.said.sequence
    }

    /// The announcement, once its signature holds for the certificate it carries (whose hash is
    /// the fingerprint it names: [`open`] checked that).
    ///
    /// # Errors
    /// [`Refused::BadSignature`], or [`Refused::ForeignCertificate`] for a certificate that
    /// cannot be read.
    pub fn verify(self) -> Result<Announcement, Refused> {
        let der = CertificateDer::from(self.certificate.as_slice());
        let certificate = webpki::EndEntityCert::try_from(&der).map_err(|_| Refused::ForeignCertificate)?;
        certificate
            .verify_signature(webpki::ring::ECDSA_P256_SHA256, &signed_message(&self.said_bytes), &self.signature)
            .map_err(|_| Refused::BadSignature)?;
        Ok(self.said.announcement)
    }
}

/// Reads a datagram received from `from`: a signed announcement of this layout, whose
/// certificate is the fingerprint's, sent from the address it names. The signature is left to
/// [`Unchecked::verify`].
///
/// # Errors
/// What makes it no announcement of the host it names.
pub fn open(datagram: &[u8], from: IpAddr) -> Result<Unchecked, Refused> {
    if datagram.len() > MAX_DATAGRAM {
        return Err(Refused::NotAnnouncement);
    }
    let envelope: Envelope = decode_payload(datagram).map_err(|_| Refused::NotAnnouncement)?;
    if envelope.magic != MAGIC {
        return Err(Refused::NotAnnouncement);
    }
    let said: Said = decode_payload(&envelope.said).map_err(|_| Refused::NotAnnouncement)?;
    if Fingerprint::of(&envelope.certificate) != said.announcement.fingerprint {
        return Err(Refused::ForeignCertificate);
    }
    if said.address != from {
        return Err(Refused::WrongAddress { from, signed: said.address });
    }
    Ok(Unchecked { said, said_bytes: envelope.said, certificate: envelope.certificate, signature: envelope.signature })
}

/// Reads and fully checks a datagram received from `from` ([`open`], then the signature).
///
/// # Errors
/// What makes it no announcement of the host it names.
pub fn read(datagram: &[u8], from: IpAddr) -> Result<Announcement, Refused> {
    open(datagram, from)?.verify()
}

#[cfg(test)]
mod tests {
    use std::net::Ipv4Addr;

    use super::*;

    const HOME: IpAddr = IpAddr::V4(Ipv4Addr::LOCALHOST);

    fn signed(identity: &Identity, announcement: &Announcement, address: IpAddr, sequence: u64) -> Vec<u8> {
        AnnouncementSigner::new(identity).expect("a signer").seal(announcement, address, sequence).expect("sealed")
    }

    #[test]
    fn a_signed_announcement_reads_back_from_its_address_only() {
        let identity = Identity::generate().expect("identity");
        let announcement = Announcement::new(identity.fingerprint(), 4000, "Ana", GameKind::Dunno);
        let datagram = signed(&identity, &announcement, HOME, 7);
        assert!(datagram.len() <= MAX_DATAGRAM, "{} bytes", datagram.len());
        assert_eq!(read(&datagram, HOME), Ok(announcement.clone()));
        assert_eq!(open(&datagram, HOME).expect("opens").sequence(), 7);
        let elsewhere = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2));
        assert_eq!(read(&datagram, elsewhere), Err(Refused::WrongAddress { from: elsewhere, signed: HOME }));
    }

    /// What a forger can make without the host's key: its own certificate for the host's
    /// fingerprint, the host's certificate over a changed name, a damaged datagram.
    #[test]
    fn forgeries_are_refused() {
        let host = Identity::generate().expect("host");
        let forger = Identity::generate().expect("forger");
        let genuine = Announcement::new(host.fingerprint(), 4000, "Ana", GameKind::Dunno);
        // Signed by the forger's own key, naming the host's fingerprint.
        assert_eq!(read(&signed(&forger, &genuine, HOME, 1), HOME), Err(Refused::ForeignCertificate));
        // The host's certificate and signature, the name changed.
        let datagram = signed(&host, &genuine, HOME, 1);
        let mut envelope: Envelope = decode_payload(&datagram).expect("decodes");
        let renamed = Said { announcement: Announcement { name: "Forged".to_owned(), ..genuine.clone() }, address: HOME, sequence: 2 };
        envelope.said = postcard::to_allocvec(&renamed).expect("encodes");
        assert_eq!(read(&postcard::to_allocvec(&envelope).expect("encodes"), HOME), Err(Refused::BadSignature));
        // A flipped byte anywhere: never taken, never a panic.
        for index in 0..datagram.len() {
            let mut damaged = datagram.clone();
            damaged[index] ^= 0x40;
            assert!(read(&damaged, HOME).is_err(), "byte {index} flipped was taken");
        }
        assert_eq!(read(b"M-SEARCH * HTTP/1.1", HOME), Err(Refused::NotAnnouncement));
        assert_eq!(read(&datagram[..datagram.len() - 1], HOME), Err(Refused::NotAnnouncement));
        assert_eq!(read(&vec![0; MAX_DATAGRAM + 1], HOME), Err(Refused::NotAnnouncement));
    }

    #[test]
    fn a_name_too_long_for_a_datagram_is_refused_when_sealing() {
        let identity = Identity::generate().expect("identity");
        let announcement = Announcement::new(identity.fingerprint(), 4000, &"A".repeat(MAX_DATAGRAM), GameKind::Dunno);
        let signer = AnnouncementSigner::new(&identity).expect("a signer");
        assert!(matches!(signer.seal(&announcement, HOME, 1), Err(SignError::TooLarge(_))));
    }
}
