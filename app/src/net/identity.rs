//! The device's identity: a self-signed certificate made once and kept in the config directory,
//! its SHA-256 [`Fingerprint`], and the short [`JoinCode`] people read off the host's screen.
//!
//! The join code is the first 40 bits of the fingerprint in Crockford's base 32 (`K7QM-2XPA`):
//! short enough to read aloud, long enough that nobody on a home network forges a certificate
//! to match it while friends are sitting down to play.

use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::store::recover::{Content, read_limited};

/// File name of the device certificate in the config directory.
pub const CERT_FILE: &str = "device-cert.pem";
/// File name of the device's private key in the config directory.
pub const KEY_FILE: &str = "device-key.pem";

/// File name of the note, beside the identity, of the machine and the folder it was made in (a
/// hash of the machine id, then the folder's full path): a data folder copied to another
/// machine, or to another folder of this one, makes a new identity there, so two hosts never
/// answer with one identity (issue 30, item 6).
pub const MACHINE_FILE: &str = "device-machine";

/// The most bytes the note of the machine and folder may have.
const NOTE_LIMIT: u64 = 8 * 1024;

/// Why a stored identity was set aside and a new one made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Renewed {
    /// The data folder was made on another machine.
    #[error(
        "this data folder was copied from another machine: this device now has an identity of its own (guests who knew the other one will be told another device answered)"
    )]
    OtherMachine,
    /// The data folder is a copy of another folder on this machine.
    #[error(
        "this data folder is a copy of {made_in}: it now has an identity of its own, so the two never answer as one host (guests who knew the other one will be told another device answered)"
    )]
    OtherFolder {
        /// The folder the identity was made in.
        made_in: String,
    },
}

/// Where an identity was made, as noted beside it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct MadeIn {
    /// [`this_machine`], or empty where unknown.
    machine: String,
    /// The folder's full path (absent in notes written before it was recorded).
    folder: Option<String>,
}

impl MadeIn {
    fn read(note: &Path) -> Option<MadeIn> {
        let Content::Bytes(bytes) = read_limited(note, NOTE_LIMIT) else { return None };
        let text = String::from_utf8_lossy(&bytes);
        let mut lines = text.lines();
        let machine = lines.next().unwrap_or_default().trim().to_owned();
        let folder = lines.next().map(str::to_owned).filter(|folder| !folder.is_empty());
        Some(MadeIn { machine, folder })
    }

    fn text(&self) -> String {
        format!("{}\n{}\n", self.machine, self.folder.as_deref().unwrap_or_default())
    }

    /// Why an identity made at `self` is a copy where `here` is, if it is.
    fn copied(&self, here: &MadeIn) -> Option<Renewed> {
        if !self.machine.is_empty() && !here.machine.is_empty() && self.machine != here.machine {
            return Some(Renewed::OtherMachine);
        }
        match (&self.folder, &here.folder) {
            (Some(made_in), Some(folder)) if made_in != folder => Some(Renewed::OtherFolder { made_in: made_in.clone() }),
            _ => None,
        }
    }
}

/// `dir`'s full path, or `None` while it cannot be resolved (not made yet).
fn full_path(dir: &Path) -> Option<String> {
    std::fs::canonicalize(dir).ok().map(|path| path.display().to_string())
}

/// The most bytes a stored certificate or key may have (each is well under 2 KiB): a pipe or a
/// huge file where one should be is refused, not read.
const PEM_LIMIT: u64 = 64 * 1024;

/// Why the device identity could not be made or read.
#[derive(Debug, thiserror::Error)]
pub enum IdentityError {
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// A stored file is not a regular file of a sane size (a pipe, a folder, a huge file), or
    /// its read failed.
    #[error("{path} cannot be read: {reason}")]
    Unreadable {
        /// The file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
    /// A stored file is not a certificate or key.
    #[error("{path} is not a valid PEM {what}: {reason}")]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// Certificate or key.
        what: &'static str,
        /// The parser's complaint.
        reason: String,
    },
    /// Only one of the two files exists; making a new pair would change the identity.
    #[error("{present} exists but {missing} does not; restore it, or delete both to make a new device identity")]
    Incomplete {
        /// The file found.
        present: PathBuf,
        /// The file missing.
        missing: PathBuf,
    },
    /// The certificate could not be generated.
    #[error("the device certificate could not be made: {0}")]
    Generate(#[from] rcgen::Error),
}

/// The SHA-256 of a certificate (DER): who a host is, whatever its address.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Fingerprint(#[serde(with = "super::hex_bytes")] pub [u8; 32]);

impl Fingerprint {
    /// The fingerprint of a DER certificate.
    #[must_use]
    pub fn of(der: &[u8]) -> Fingerprint {
        Fingerprint(Sha256::digest(der).into())
    }

    /// The short code shown on the host's screen.
    #[must_use]
    pub fn join_code(&self) -> JoinCode {
        let mut bits = [0; 8];
        bits[3..].copy_from_slice(&self.0[..5]);
        JoinCode(u64::from_be_bytes(bits))
    }
}

impl fmt::Display for Fingerprint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&hex::encode(self.0))
    }
}

impl fmt::Debug for Fingerprint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Fingerprint({})", self.join_code())
    }
}

/// A fingerprint that is not 64 hex digits.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a fingerprint is 64 hexadecimal digits")]
pub struct BadFingerprint;

impl FromStr for Fingerprint {
    type Err = BadFingerprint;
    fn from_str(text: &str) -> Result<Fingerprint, BadFingerprint> {
        let mut bytes = [0; 32];
        hex::decode_to_slice(text.trim(), &mut bytes).map_err(|_| BadFingerprint)?;
        Ok(Fingerprint(bytes))
    }
}

/// Crockford's base-32 digits: no I, L, O or U to misread.
const CROCKFORD: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// Characters in a join code, without its dash.
const CODE_CHARS: usize = 8;

/// The first 40 bits of a fingerprint, written `K7QM-2XPA`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct JoinCode(u64);

impl fmt::Display for JoinCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for index in 0..CODE_CHARS {
            if index == CODE_CHARS / 2 {
                f.write_str("-")?;
            }
            let digit = (self.0 >> (5 * (CODE_CHARS - 1 - index))) & 0x1F;
            write!(f, "{}", char::from(CROCKFORD[digit as usize]))?;
        }
        Ok(())
    }
}

impl fmt::Debug for JoinCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "JoinCode({self})")
    }
}

/// Text that is not a join code.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a join code is {CODE_CHARS} letters and digits, like K7QM-2XPA")]
pub struct BadJoinCode;

impl FromStr for JoinCode {
    type Err = BadJoinCode;
    /// Reads a code as people type it: any case, dashes and spaces ignored, O read as 0 and
    /// I or L as 1.
    fn from_str(text: &str) -> Result<JoinCode, BadJoinCode> {
        let mut value = 0_u64;
        let mut count = 0;
        for typed in text.chars().filter(|c| !matches!(c, '-' | ' ')) {
            let normal = match typed.to_ascii_uppercase() {
                'O' => '0',
                'I' | 'L' => '1',
                other => other,
            };
            let digit = CROCKFORD.iter().position(|&c| char::from(c) == normal).ok_or(BadJoinCode)?;
            value = (value << 5) | digit as u64;
            count += 1;
        }
        if count == CODE_CHARS { Ok(JoinCode(value)) } else { Err(BadJoinCode) }
    }
}

/// This device's certificate and key.
#[derive(Debug)]
pub struct Identity {
    cert: CertificateDer<'static>,
    key: PrivateKeyDer<'static>,
    fingerprint: Fingerprint,
}

impl Clone for Identity {
    fn clone(&self) -> Identity {
        Identity { cert: self.cert.clone(), key: self.key.clone_key(), fingerprint: self.fingerprint }
    }
}

impl Identity {
    /// A new identity kept only in memory (tests, or a device that cannot write its config).
    ///
    /// # Errors
    /// The certificate could not be generated.
    pub fn generate() -> Result<Identity, IdentityError> {
        let (cert_pem, key_pem) = Self::new_pem()?;
        Self::from_pem(&cert_pem, &key_pem, Path::new("(generated)"))
    }

    /// The identity stored in `dir`, made and stored there on first use.
    ///
    /// # Errors
    /// The files cannot be read or written, are not PEM, or only one of them exists.
    pub fn load_or_create(dir: &Path) -> Result<Identity, IdentityError> {
        Ok(Self::load_or_create_telling(dir)?.0)
    }

    /// [`Identity::load_or_create`], telling whether the stored identity was a copy (from
    /// another machine or another folder of this one) and was replaced by a new one, so the
    /// caller can say so.
    ///
    /// # Errors
    /// As [`Identity::load_or_create`].
    pub fn load_or_create_telling(dir: &Path) -> Result<(Identity, Option<Renewed>), IdentityError> {
        Self::load_or_create_on(dir, this_machine().as_deref())
    }

    /// [`Identity::load_or_create_telling`] on the machine `machine` (`None`: unknown, only
    /// the folder is checked): an identity noted as made on another machine or in another
    /// folder is set aside (`.copied`) and a new one made.
    fn load_or_create_on(dir: &Path, machine: Option<&str>) -> Result<(Identity, Option<Renewed>), IdentityError> {
        let renewed = set_aside_if_copied(dir, &[MACHINE_FILE], &[CERT_FILE, KEY_FILE], machine)?;
        let identity = Self::load_or_create_files(dir)?;
        // Noted after the files: the folder exists now, so its full path resolves.
        note_made_here(dir, MACHINE_FILE, machine);
        Ok((identity, renewed))
    }

    /// The identity stored in `dir`, made and stored there on first use (the files only).
    fn load_or_create_files(dir: &Path) -> Result<Identity, IdentityError> {
        let cert_path = dir.join(CERT_FILE);
        let key_path = dir.join(KEY_FILE);
        match (cert_path.exists(), key_path.exists()) {
            (true, true) => {
                let read = |path: &Path| match read_limited(path, PEM_LIMIT) {
                    Content::Bytes(bytes) => Ok(bytes),
                    // It vanished between the check and the read.
                    Content::Missing => Err(IdentityError::Unreadable { path: path.to_owned(), reason: "it is gone".to_owned() }),
                    Content::TooLarge { size } => Err(IdentityError::Unreadable {
                        path: path.to_owned(),
                        reason: format!("{size} bytes is too large for a PEM file"),
                    }),
                    Content::Unreadable(reason) => Err(IdentityError::Unreadable { path: path.to_owned(), reason }),
                };
                Self::from_pem(&read(&cert_path)?, &read(&key_path)?, dir)
            }
            (false, false) => {
                let (cert_pem, key_pem) = Self::new_pem()?;
                let identity = Self::from_pem(&cert_pem, &key_pem, dir)?;
                std::fs::create_dir_all(dir).map_err(|source| IdentityError::Io { path: dir.to_owned(), source })?;
                // The key first: a certificate without its key would be an incomplete identity.
                // Written like every stored file (atomically, owner-only on Unix).
                let write = |path: &Path, bytes: &[u8]| {
                    crate::store::atomic::write(path, bytes, false)
                        .map_err(|error| IdentityError::Io { path: path.to_owned(), source: std::io::Error::other(error) })
                };
                write(&key_path, &key_pem)?;
                write(&cert_path, &cert_pem)?;
                tracing::info!(code = %identity.fingerprint.join_code(), "made a new device identity");
                Ok(identity)
            }
            (true, false) => Err(IdentityError::Incomplete { present: cert_path, missing: key_path }),
            (false, true) => Err(IdentityError::Incomplete { present: key_path, missing: cert_path }),
        }
    }

    /// A new identity's certificate and key, in PEM.
    fn new_pem() -> Result<(Vec<u8>, Vec<u8>), IdentityError> {
        let made = rcgen::generate_simple_self_signed(vec!["cardtable.local".to_owned()])?;
        Ok((made.cert.pem().into_bytes(), made.signing_key.serialize_pem().into_bytes()))
    }

    fn from_pem(cert_pem: &[u8], key_pem: &[u8], dir: &Path) -> Result<Identity, IdentityError> {
        let corrupt = |file: &str, what, error: rustls::pki_types::pem::Error| IdentityError::Corrupt {
            path: dir.join(file),
            what,
            reason: error.to_string(),
        };
        let cert = CertificateDer::from_pem_slice(cert_pem).map_err(|error| corrupt(CERT_FILE, "certificate", error))?;
        let key = PrivateKeyDer::from_pem_slice(key_pem).map_err(|error| corrupt(KEY_FILE, "private key", error))?;
        let fingerprint = Fingerprint::of(&cert);
        Ok(Identity { cert, key, fingerprint })
    }

    /// The certificate (DER).
    #[must_use]
    pub fn cert(&self) -> &CertificateDer<'static> {
        &self.cert
    }

    /// A copy of the private key, for a TLS configuration.
    #[must_use]
    pub fn key(&self) -> PrivateKeyDer<'static> {
        self.key.clone_key()
    }

    /// Who this device is.
    #[must_use]
    pub fn fingerprint(&self) -> Fingerprint {
        self.fingerprint
    }

    /// The code shown to guests.
    #[must_use]
    pub fn join_code(&self) -> JoinCode {
        self.fingerprint.join_code()
    }
}

/// Sets `files` in `dir` aside (each renamed `NAME.copied`) when the first of `notes` found
/// there says they were made on another machine than `machine` or in another folder: why, or
/// `None` when they were made here (or nothing was noted).
///
/// # Errors
/// A file could not be set aside.
pub(crate) fn set_aside_if_copied(
    dir: &Path,
    notes: &[&str],
    files: &[&str],
    machine: Option<&str>,
) -> Result<Option<Renewed>, IdentityError> {
    let here = MadeIn { machine: machine.unwrap_or_default().to_owned(), folder: full_path(dir) };
    let renewed = notes.iter().find_map(|note| MadeIn::read(&dir.join(note))).and_then(|made_in| made_in.copied(&here));
    if let Some(renewed) = &renewed {
        tracing::warn!(dir = %dir.display(), ?files, %renewed, "a copied identity is set aside");
        for file in files {
            let path = dir.join(file);
            let aside = dir.join(format!("{file}.copied"));
            match std::fs::rename(&path, &aside) {
                Err(error) if error.kind() != std::io::ErrorKind::NotFound => return Err(IdentityError::Io { path, source: error }),
                _ => {}
            }
        }
    }
    Ok(renewed)
}

/// Notes in `dir`'s `note` that what is beside it was made on `machine`, in this folder (a
/// failure is logged: the copy is then not noticed next time).
pub(crate) fn note_made_here(dir: &Path, note: &str, machine: Option<&str>) {
    let here = MadeIn { machine: machine.unwrap_or_default().to_owned(), folder: full_path(dir) };
    let note = dir.join(note);
    if MadeIn::read(&note).as_ref() != Some(&here)
        && let Err(error) = crate::store::atomic::write(&note, here.text().as_bytes(), false)
    {
        tracing::warn!(%error, "the note of this machine and folder beside an identity could not be written");
    }
}

/// This machine, as noted beside the identity: SHA-256 of its machine id in hex (Linux's
/// `/etc/machine-id`; `None` where there is none, and nothing is checked).
pub(crate) fn this_machine() -> Option<String> {
    let Content::Bytes(id) = read_limited(Path::new("/etc/machine-id"), 1024) else { return None };
    let id = String::from_utf8_lossy(&id).trim().to_owned();
    if id.is_empty() {
        return None;
    }
    let digest = Sha256::new().chain_update(b"cardtable machine v1\0").chain_update(id.as_bytes()).finalize();
    Some(digest.iter().map(|byte| format!("{byte:02x}")).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("cardtable-identity-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn an_identity_is_made_once_and_read_back_the_same() {
        let dir = temp_dir("once");
        let first = Identity::load_or_create(&dir).expect("made");
        let second = Identity::load_or_create(&dir).expect("read back");
        assert_eq!(first.fingerprint(), second.fingerprint());
        assert_eq!(first.cert(), second.cert());
        assert_ne!(first.fingerprint(), Identity::generate().expect("another").fingerprint());
        std::fs::remove_dir_all(&dir).expect("cleanup");
    }

    #[test]
    fn a_data_folder_copied_to_another_machine_makes_a_new_identity_there() {
        let dir = temp_dir("copied");
        let here = Some("a".repeat(64));
        let (first, renewed) = Identity::load_or_create_on(&dir, here.as_deref()).expect("made");
        assert_eq!(renewed, None);
        assert_eq!(Identity::load_or_create_on(&dir, here.as_deref()).expect("read back").0.fingerprint(), first.fingerprint());
        // The folder, copied to another machine.
        let there = Some("b".repeat(64));
        let (copy, renewed) = Identity::load_or_create_on(&dir, there.as_deref()).expect("a new one");
        assert_eq!(renewed, Some(Renewed::OtherMachine), "said so");
        assert_ne!(copy.fingerprint(), first.fingerprint(), "two hosts never share an identity");
        assert!(dir.join("device-cert.pem.copied").exists() && dir.join("device-key.pem.copied").exists(), "the copy is set aside");
        let (kept, renewed) = Identity::load_or_create_on(&dir, there.as_deref()).expect("kept");
        assert_eq!((kept.fingerprint(), renewed), (copy.fingerprint(), None));
        assert_eq!(Identity::load_or_create_on(&dir, None).expect("unknown machine").0.fingerprint(), copy.fingerprint());
        std::fs::remove_dir_all(&dir).expect("cleanup");
    }

    /// Issue 30, item 6, on one machine: a data folder copied to another folder (another
    /// `--data-dir`) gets an identity of its own on its first start there, and says so; the
    /// original keeps its identity.
    #[test]
    fn a_data_folder_copied_on_the_same_machine_makes_a_new_identity_in_the_copy() {
        let original = temp_dir("same-machine-original");
        let copied = temp_dir("same-machine-copy");
        let here = Some("a".repeat(64));
        let (first, _) = Identity::load_or_create_on(&original, here.as_deref()).expect("made");
        std::fs::create_dir_all(&copied).expect("the copy's folder");
        for file in [CERT_FILE, KEY_FILE, MACHINE_FILE] {
            std::fs::copy(original.join(file), copied.join(file)).expect("copied");
        }
        let (copy, renewed) = Identity::load_or_create_on(&copied, here.as_deref()).expect("a new one");
        assert_ne!(copy.fingerprint(), first.fingerprint(), "two hosts on one machine never share an identity");
        let made_in = full_path(&original).expect("the original's path");
        assert_eq!(renewed.clone(), Some(Renewed::OtherFolder { made_in: made_in.clone() }));
        assert!(renewed.expect("renewed").to_string().contains(&made_in), "the message names the original");
        let (kept, renewed) = Identity::load_or_create_on(&copied, here.as_deref()).expect("kept");
        assert_eq!((kept.fingerprint(), renewed), (copy.fingerprint(), None), "said once");
        assert_eq!(Identity::load_or_create_on(&original, here.as_deref()).expect("original").0.fingerprint(), first.fingerprint());
        // Without a machine id the folder is still checked.
        std::fs::copy(original.join(MACHINE_FILE), copied.join(MACHINE_FILE)).expect("the note copied again");
        assert!(matches!(Identity::load_or_create_on(&copied, None).expect("renewed").1, Some(Renewed::OtherFolder { .. })));
        // A note written before the folder was recorded is taken as made here.
        let old_note = temp_dir("old-note");
        Identity::load_or_create_on(&old_note, here.as_deref()).expect("made");
        std::fs::write(old_note.join(MACHINE_FILE), "a".repeat(64)).expect("an old note");
        assert_eq!(Identity::load_or_create_on(&old_note, here.as_deref()).expect("kept").1, None);
        for dir in [original, copied, old_note] {
            std::fs::remove_dir_all(&dir).expect("cleanup");
        }
    }

    #[test]
    fn a_damaged_or_half_identity_is_an_error_and_is_left_alone() {
        let dir = temp_dir("damaged");
        Identity::load_or_create(&dir).expect("made");
        std::fs::write(dir.join(CERT_FILE), b"not a certificate").expect("damage");
        let error = Identity::load_or_create(&dir).expect_err("refused");
        assert!(matches!(error, IdentityError::Corrupt { what: "certificate", .. }), "{error}");
        assert_eq!(std::fs::read(dir.join(CERT_FILE)).expect("still there"), b"not a certificate", "nothing overwritten");
        std::fs::remove_file(dir.join(KEY_FILE)).expect("remove key");
        assert!(matches!(Identity::load_or_create(&dir), Err(IdentityError::Incomplete { .. })));
        std::fs::remove_dir_all(&dir).expect("cleanup");
    }

    /// Issue 17, item 11, for the identity files: a pipe or a huge file where the key should
    /// be is refused at once with the reason, never read (a pipe would hang start-up).
    #[test]
    fn a_pipe_or_a_huge_file_in_place_of_the_identity_is_refused_without_reading_it() {
        let dir = temp_dir("hostile");
        Identity::load_or_create(&dir).expect("made");
        std::fs::remove_file(dir.join(KEY_FILE)).expect("remove key");
        let made = std::process::Command::new("mkfifo").arg(dir.join(KEY_FILE)).status().expect("mkfifo runs");
        assert!(made.success());
        let error = Identity::load_or_create(&dir).expect_err("a pipe is no key");
        assert!(matches!(&error, IdentityError::Unreadable { reason, .. } if reason.contains("not a regular file")), "{error}");
        std::fs::remove_file(dir.join(KEY_FILE)).expect("remove pipe");
        let huge = std::fs::File::create(dir.join(KEY_FILE)).expect("create");
        huge.set_len(1 << 30).expect("a sparse gigabyte");
        let error = Identity::load_or_create(&dir).expect_err("a gigabyte is no key");
        assert!(matches!(&error, IdentityError::Unreadable { reason, .. } if reason.contains("too large")), "{error}");
        std::fs::remove_dir_all(&dir).expect("cleanup");
    }

    #[test]
    fn join_codes_read_as_typed_and_come_from_the_fingerprint() {
        let fingerprint = Fingerprint([0xAB; 32]);
        let code = fingerprint.join_code();
        let text = code.to_string();
        assert_eq!(text.len(), 9);
        assert_eq!(text.chars().nth(4), Some('-'));
        assert_eq!(text.parse::<JoinCode>(), Ok(code));
        assert_eq!(text.to_lowercase().replace('-', " ").parse::<JoinCode>(), Ok(code));
        assert_eq!("0000-0001".parse::<JoinCode>(), "oooo-ooOl".parse::<JoinCode>());
        assert!("ABCD-EFG".parse::<JoinCode>().is_err());
        assert!("ABCD-EFGU".parse::<JoinCode>().is_err(), "U is not a Crockford digit");
        assert_ne!(Fingerprint([0xAC; 32]).join_code(), code);
    }

    #[test]
    fn fingerprints_are_hex_in_json_and_bytes_in_frames() {
        let fingerprint = Fingerprint::of(b"some certificate");
        let json = serde_json::to_string(&fingerprint).expect("json");
        assert_eq!(json.len(), 66);
        assert_eq!(serde_json::from_str::<Fingerprint>(&json).expect("back"), fingerprint);
        let bytes = postcard::to_allocvec(&fingerprint).expect("postcard");
        assert_eq!(bytes.len(), 32);
        assert_eq!(postcard::from_bytes::<Fingerprint>(&bytes).expect("back"), fingerprint);
        assert!("zz".parse::<Fingerprint>().is_err());
    }
}
