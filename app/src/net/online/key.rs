//! The device's online identity: an iroh secret key made once and kept beside the LAN identity
//! (`online-key`, 64 hexadecimal digits, owner-only), with the same care: a damaged file is a
//! clear error and is left as it is, never replaced by a new identity.

use std::path::Path;

use iroh::SecretKey;

use crate::net::identity::{Fingerprint, IdentityError};
use crate::store::recover::{Content, read_limited};

/// File name of the online secret key in the LAN folder.
pub const ONLINE_KEY_FILE: &str = "online-key";

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
}
