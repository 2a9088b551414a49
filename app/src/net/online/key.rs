//! The device's online identity: an iroh secret key made once and kept beside the LAN identity
//! (`online-key`, 64 hexadecimal digits, owner-only), with the same care: a damaged file is a
//! clear error and is left as it is, never replaced by a new identity. A key noted as made on
//! another machine or in another folder (a copied data folder, the same evidence as the LAN
//! identity's: `identity::MACHINE_FILE`) is set aside and a new one made, so two copies never
//! answer one invite's key.

use std::path::Path;

use iroh::SecretKey;

use crate::net::identity::{Fingerprint, IdentityError, MACHINE_FILE, Renewed, note_made_here, set_aside_if_copied, this_machine};
use crate::store::recover::{Content, read_limited};

/// File name of the online secret key in the LAN folder.
pub const ONLINE_KEY_FILE: &str = "online-key";

/// File name of the note, beside the key, of the machine and folder it was made in (where it
/// is missing, the LAN identity's note is read: a folder copied before this note existed).
pub const ONLINE_MACHINE_FILE: &str = "online-key-machine";

/// The most bytes the key file may have (64 digits and a line end): anything larger is not it.
const KEY_FILE_LIMIT: u64 = 1024;

/// This device's online identity.
#[derive(Debug, Clone)]
pub struct OnlineKey(SecretKey);

impl OnlineKey {
    /// A new key kept only in memory (tests, a device that cannot write its data folder).
    #[must_use]
    pub fn generate() -> OnlineKey {
        OnlineKey(SecretKey::generate())
    }

    /// The key stored in `dir`, made and stored there on first use.
    ///
    /// # Errors
    /// The file cannot be read or written, or is not a key.
    pub fn load_or_create(dir: &Path) -> Result<OnlineKey, IdentityError> {
        Ok(Self::load_or_create_telling(dir)?.0)
    }

    /// [`OnlineKey::load_or_create`], telling whether the stored key was a copy (from another
    /// machine or another folder of this one) and was replaced by a new one, so the caller can
    /// say so.
    ///
    /// # Errors
    /// As [`OnlineKey::load_or_create`].
    pub fn load_or_create_telling(dir: &Path) -> Result<(OnlineKey, Option<Renewed>), IdentityError> {
        Self::load_or_create_on(dir, this_machine().as_deref())
    }

    /// [`OnlineKey::load_or_create_telling`] on the machine `machine` (`None`: unknown, only
    /// the folder is checked).
    fn load_or_create_on(dir: &Path, machine: Option<&str>) -> Result<(OnlineKey, Option<Renewed>), IdentityError> {
        let renewed = set_aside_if_copied(dir, &[ONLINE_MACHINE_FILE, MACHINE_FILE], &[ONLINE_KEY_FILE], machine)?;
        let key = Self::load_or_create_file(dir)?;
        note_made_here(dir, ONLINE_MACHINE_FILE, machine);
        Ok((key, renewed))
    }

    /// The key stored in `dir`, made and stored there on first use (the file only).
    fn load_or_create_file(dir: &Path) -> Result<OnlineKey, IdentityError> {
        let path = dir.join(ONLINE_KEY_FILE);
        match read_limited(&path, KEY_FILE_LIMIT) {
            Content::Bytes(bytes) => {
                let corrupt = |reason: &str| IdentityError::Corrupt { path: path.clone(), what: "online key", reason: reason.to_owned() };
                let text = std::str::from_utf8(&bytes).map_err(|_| corrupt("it is not text"))?;
                let mut secret = [0; 32];
                hex::decode_to_slice(text.trim(), &mut secret).map_err(|_| corrupt("it is not 64 hexadecimal digits"))?;
                Ok(OnlineKey(SecretKey::from_bytes(&secret)))
            }
            Content::Missing => {
                let key = OnlineKey::generate();
                std::fs::create_dir_all(dir).map_err(|source| IdentityError::Io { path: dir.to_owned(), source })?;
                let text = format!("{}\n", hex::encode(key.0.to_bytes()));
                crate::store::atomic::write(&path, text.as_bytes(), false)
                    .map_err(|error| IdentityError::Io { path: path.clone(), source: std::io::Error::other(error) })?;
                tracing::info!(code = %key.fingerprint().join_code(), "made a new online identity");
                Ok(key)
            }
            Content::TooLarge { size } => {
                Err(IdentityError::Unreadable { path, reason: format!("{size} bytes is too large for an online key") })
            }
            Content::Unreadable(reason) => Err(IdentityError::Unreadable { path, reason }),
        }
    }

    /// The secret key, for an endpoint.
    #[must_use]
    pub fn secret(&self) -> &SecretKey {
        &self.0
    }

    /// The public key as known hosts keep identities.
    #[must_use]
    pub fn fingerprint(&self) -> Fingerprint {
        Fingerprint(*self.0.public().as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_online_key_is_made_once_kept_private_and_a_damaged_one_is_an_error() {
        let dir = tempfile::tempdir().expect("temp dir");
        let first = OnlineKey::load_or_create(dir.path()).expect("made");
        let again = OnlineKey::load_or_create(dir.path()).expect("read back");
        assert_eq!(first.fingerprint(), again.fingerprint());
        assert_ne!(first.fingerprint(), OnlineKey::generate().fingerprint());
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(dir.path().join(ONLINE_KEY_FILE)).expect("stat").permissions().mode();
            assert_eq!(mode & 0o077, 0, "owner-only: {mode:o}");
        }
        std::fs::write(dir.path().join(ONLINE_KEY_FILE), b"not a key").expect("damage");
        let error = OnlineKey::load_or_create(dir.path()).expect_err("refused");
        assert!(matches!(&error, IdentityError::Corrupt { what: "online key", .. }), "{error}");
        assert_eq!(std::fs::read(dir.path().join(ONLINE_KEY_FILE)).expect("kept"), b"not a key", "nothing overwritten");
    }

    #[test]
    fn a_copied_data_folder_gets_a_new_online_key_and_says_so() {
        let (here, there) = (Some("machine-a"), Some("machine-b"));
        let original = tempfile::tempdir().expect("temp dir");
        let (first, renewed) = OnlineKey::load_or_create_on(original.path(), here).expect("made");
        assert_eq!(renewed, None);
        // Another machine: a new key, the old one set aside, said; then kept.
        let (moved, renewed) = OnlineKey::load_or_create_on(original.path(), there).expect("a new one");
        assert_ne!(moved.fingerprint(), first.fingerprint());
        assert_eq!(renewed, Some(Renewed::OtherMachine));
        assert!(original.path().join(format!("{ONLINE_KEY_FILE}.copied")).exists(), "set aside, not deleted");
        let (kept, renewed) = OnlineKey::load_or_create_on(original.path(), there).expect("kept");
        assert_eq!((kept.fingerprint(), renewed), (moved.fingerprint(), None));
        // Another folder of the same machine.
        let copy = tempfile::tempdir().expect("temp dir");
        for file in [ONLINE_KEY_FILE, ONLINE_MACHINE_FILE] {
            std::fs::copy(original.path().join(file), copy.path().join(file)).expect("copied");
        }
        let (copied, renewed) = OnlineKey::load_or_create_on(copy.path(), there).expect("a new one");
        assert_ne!(copied.fingerprint(), moved.fingerprint(), "two copies never answer one invite key");
        assert!(matches!(renewed, Some(Renewed::OtherFolder { .. })), "{renewed:?}");
        // A folder copied before the key had its own note: the LAN identity's note tells.
        let old = tempfile::tempdir().expect("temp dir");
        std::fs::copy(original.path().join(ONLINE_KEY_FILE), old.path().join(ONLINE_KEY_FILE)).expect("copied");
        std::fs::copy(original.path().join(ONLINE_MACHINE_FILE), old.path().join(MACHINE_FILE)).expect("the identity's note");
        let (renewed_key, renewed) = OnlineKey::load_or_create_on(old.path(), there).expect("a new one");
        assert_ne!(renewed_key.fingerprint(), moved.fingerprint());
        assert!(renewed.is_some());
    }
}
