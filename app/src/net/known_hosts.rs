//! The hosts this device trusts, remembered by identity (certificate fingerprint), not by
//! address: a host whose address changed is still known, and a known name at a new identity is
//! not. Each entry also keeps the resume token of the seat this device holds there, so a guest
//! takes its seat back even after the app was restarted.

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::identity::Fingerprint;
use super::protocol::ResumeToken;

/// File name in the config directory.
pub const KNOWN_HOSTS_FILE: &str = "known-hosts.json";

/// Version of the file's format.
const FORMAT_VERSION: u32 = 1;

/// Largest file read (a damaged or hostile file is not read whole into memory).
const MAX_FILE_BYTES: u64 = 1024 * 1024;

/// Why the known hosts could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum KnownHostsError {
    /// The file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// The file is not a known-hosts file of a version this app reads.
    #[error("{path} is damaged or from a newer Cardtable: {reason}")]
    Unreadable {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
}

/// What this device remembers of one host.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct KnownHost {
    /// The host's profile name when last seen.
    pub name: String,
    /// Where it was last reached (a hint only: identity decides).
    pub address: Option<SocketAddr>,
    /// The token of the seat this device holds there, while a match may still be going.
    pub resume: Option<ResumeToken>,
}

#[derive(Serialize, Deserialize)]
struct FileFormat {
    version: u32,
    hosts: BTreeMap<Fingerprint, KnownHost>,
}

/// The trusted hosts, stored in a config directory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KnownHosts {
    path: PathBuf,
    hosts: BTreeMap<Fingerprint, KnownHost>,
}

impl KnownHosts {
    /// No known hosts yet, to be stored in `dir` (nothing is read).
    #[must_use]
    pub fn empty(dir: &Path) -> KnownHosts {
        KnownHosts { path: dir.join(KNOWN_HOSTS_FILE), hosts: BTreeMap::new() }
    }

    /// The hosts stored in `dir` (none if the file does not exist yet).
    ///
    /// # Errors
    /// The file cannot be read or is damaged; it is left as it is.
    pub fn load(dir: &Path) -> Result<KnownHosts, KnownHostsError> {
        let path = dir.join(KNOWN_HOSTS_FILE);
        let io = |source| KnownHostsError::Io { path: path.clone(), source };
        let unreadable = |reason: String| KnownHostsError::Unreadable { path: path.clone(), reason };
        let bytes = match std::fs::File::open(&path) {
            Ok(file) => {
                let mut bytes = Vec::new();
                std::io::Read::read_to_end(&mut std::io::Read::take(file, MAX_FILE_BYTES + 1), &mut bytes).map_err(io)?;
                bytes
            }
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(KnownHosts { path, hosts: BTreeMap::new() }),
            Err(error) => return Err(io(error)),
        };
        if bytes.len() as u64 > MAX_FILE_BYTES {
            return Err(unreadable(format!("larger than {MAX_FILE_BYTES} bytes")));
        }
        let file: FileFormat = serde_json::from_slice(&bytes).map_err(|error| unreadable(error.to_string()))?;
        if file.version != FORMAT_VERSION {
            return Err(unreadable(format!("format version {} (this app reads {FORMAT_VERSION})", file.version)));
        }
        Ok(KnownHosts { path, hosts: file.hosts })
    }

    /// [`KnownHosts::load`], but a damaged file is renamed to `known-hosts.json.damaged` (kept,
    /// not lost) and the device starts with no known hosts; the error says what happened.
    #[must_use]
    pub fn load_or_set_aside(dir: &Path) -> (KnownHosts, Option<KnownHostsError>) {
        match KnownHosts::load(dir) {
            Ok(hosts) => (hosts, None),
            Err(error) => {
                let path = dir.join(KNOWN_HOSTS_FILE);
                if matches!(error, KnownHostsError::Unreadable { .. }) {
                    let mut aside = path.as_os_str().to_owned();
                    aside.push(".damaged");
                    if let Err(rename) = std::fs::rename(&path, &aside) {
                        tracing::warn!(%rename, "the damaged known-hosts file could not be set aside");
                    }
                }
                (KnownHosts { path, hosts: BTreeMap::new() }, Some(error))
            }
        }
    }

    /// Writes the hosts to their file.
    ///
    /// # Errors
    /// The directory cannot be written.
    pub fn save(&self) -> Result<(), KnownHostsError> {
        let io = |source| KnownHostsError::Io { path: self.path.clone(), source };
        if let Some(dir) = self.path.parent() {
            std::fs::create_dir_all(dir).map_err(io)?;
        }
        let file = FileFormat { version: FORMAT_VERSION, hosts: self.hosts.clone() };
        let json = serde_json::to_vec_pretty(&file).map_err(|error| io(std::io::Error::other(error)))?;
        crate::store::atomic::write(&self.path, &json, false).map_err(|error| io(std::io::Error::other(error)))
    }

    /// The host with this identity, if trusted.
    #[must_use]
    pub fn get(&self, fingerprint: &Fingerprint) -> Option<&KnownHost> {
        self.hosts.get(fingerprint)
    }

    /// Whether this identity is trusted.
    #[must_use]
    pub fn is_trusted(&self, fingerprint: &Fingerprint) -> bool {
        self.hosts.contains_key(fingerprint)
    }

    /// Every trusted host.
    pub fn iter(&self) -> impl Iterator<Item = (&Fingerprint, &KnownHost)> {
        self.hosts.iter()
    }

    /// Trusts `fingerprint` under `name`, last reached at `address` (a resume token is kept).
    pub fn trust(&mut self, fingerprint: Fingerprint, name: &str, address: Option<SocketAddr>) {
        let entry = self.hosts.entry(fingerprint).or_insert_with(|| KnownHost { name: String::new(), address: None, resume: None });
        name.clone_into(&mut entry.name);
        if address.is_some() {
            entry.address = address;
        }
    }

    /// Keeps (or with `None` forgets) the resume token for a trusted host.
    pub fn set_resume(&mut self, fingerprint: &Fingerprint, token: Option<ResumeToken>) {
        if let Some(entry) = self.hosts.get_mut(fingerprint) {
            entry.resume = token;
        }
    }

    /// Stops trusting a host.
    pub fn forget(&mut self, fingerprint: &Fingerprint) {
        self.hosts.remove(fingerprint);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("cardtable-known-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn hosts_are_remembered_by_identity_with_their_token_across_restarts() {
        let dir = temp_dir("restart");
        let host = Fingerprint::of(b"host");
        let token = ResumeToken([7; 16]);
        let mut hosts = KnownHosts::load(&dir).expect("empty at first");
        assert!(!hosts.is_trusted(&host));
        hosts.trust(host, "Ana", Some("192.168.1.20:47000".parse().expect("addr")));
        hosts.set_resume(&host, Some(token));
        hosts.save().expect("saved");
        let mut again = KnownHosts::load(&dir).expect("read back");
        assert_eq!(again, hosts);
        // The host moved: still trusted, token kept, address updated.
        again.trust(host, "Ana", Some("192.168.1.31:47000".parse().expect("addr")));
        assert_eq!(again.get(&host).map(|known| known.resume), Some(Some(token)));
        assert!(!again.is_trusted(&Fingerprint::of(b"another host named Ana")));
        std::fs::remove_dir_all(&dir).expect("cleanup");
    }

    #[test]
    fn a_damaged_file_is_an_error_and_set_aside_not_lost() {
        let dir = temp_dir("damaged");
        std::fs::create_dir_all(&dir).expect("dir");
        std::fs::write(dir.join(KNOWN_HOSTS_FILE), b"{ not json").expect("write");
        assert!(matches!(KnownHosts::load(&dir), Err(KnownHostsError::Unreadable { .. })));
        let (hosts, error) = KnownHosts::load_or_set_aside(&dir);
        assert!(error.is_some());
        assert_eq!(hosts.iter().count(), 0);
        assert_eq!(std::fs::read(dir.join("known-hosts.json.damaged")).expect("kept"), b"{ not json");
        std::fs::write(dir.join(KNOWN_HOSTS_FILE), br#"{"version": 9, "hosts": {}}"#).expect("write");
        assert!(matches!(KnownHosts::load(&dir), Err(KnownHostsError::Unreadable { .. })));
        std::fs::remove_dir_all(&dir).expect("cleanup");
    }
}
