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
use crate::store::recover::{self, Content};

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
    /// The file was damaged (or from a newer Cardtable) and was moved aside, kept.
    #[error("{path} is damaged or from a newer Cardtable ({reason}); it is kept as {moved_to}")]
    SetAside {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
        /// Where it is now.
        moved_to: PathBuf,
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
        let unreadable = |reason: String| KnownHostsError::Unreadable { path: path.clone(), reason };
        // The store's reader: only a regular file, never past the limit, never waiting on a pipe.
        let bytes = match recover::read_limited(&path, MAX_FILE_BYTES) {
            Content::Bytes(bytes) => bytes,
            Content::Missing => return Ok(KnownHosts { path, hosts: BTreeMap::new() }),
            Content::TooLarge { size } => return Err(unreadable(format!("{size} bytes, larger than {MAX_FILE_BYTES}"))),
            Content::Unreadable(reason) => {
                return Err(KnownHostsError::Io { path: path.clone(), source: std::io::Error::other(reason) });
            }
        };
        KnownHosts::parse(path, &bytes)
    }

    /// The hosts in `bytes`, the content of the file at `path`.
    ///
    /// # Errors
    /// The bytes are not a known-hosts file of a version this app reads.
    pub fn parse(path: PathBuf, bytes: &[u8]) -> Result<KnownHosts, KnownHostsError> {
        let unreadable = |reason: String| KnownHostsError::Unreadable { path: path.clone(), reason };
        let file: FileFormat = serde_json::from_slice(bytes).map_err(|error| unreadable(error.to_string()))?;
        if file.version != FORMAT_VERSION {
            return Err(unreadable(format!("format version {} (this app reads {FORMAT_VERSION})", file.version)));
        }
        Ok(KnownHosts { path, hosts: file.hosts })
    }

    /// [`KnownHosts::load`], but a damaged file is set aside the way the store sets aside its
    /// own (`known-hosts.damaged-<time>.json`, never over an earlier one: every damaged copy is
    /// kept) and the device starts with no known hosts; the error says what happened and where
    /// the file went.
    #[must_use]
    pub fn load_or_set_aside(dir: &Path) -> (KnownHosts, Option<KnownHostsError>) {
        match KnownHosts::load(dir) {
            Ok(hosts) => (hosts, None),
            Err(KnownHostsError::Unreadable { path, reason }) => {
                let error = match recover::move_aside(&path) {
                    Ok(moved_to) => KnownHostsError::SetAside { path: path.clone(), reason, moved_to },
                    Err(move_error) => {
                        tracing::warn!(%move_error, "the damaged known-hosts file could not be set aside");
                        KnownHostsError::Unreadable { path: path.clone(), reason }
                    }
                };
                (KnownHosts { path, hosts: BTreeMap::new() }, Some(error))
            }
            Err(error) => (KnownHosts { path: dir.join(KNOWN_HOSTS_FILE), hosts: BTreeMap::new() }, Some(error)),
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
        let Some(KnownHostsError::SetAside { moved_to, .. }) = error else { panic!("set aside: {error:?}") };
        assert_eq!(hosts.iter().count(), 0);
        assert_eq!(std::fs::read(moved_to).expect("kept"), b"{ not json");
        std::fs::write(dir.join(KNOWN_HOSTS_FILE), br#"{"version": 9, "hosts": {}}"#).expect("write");
        assert!(matches!(KnownHosts::load(&dir), Err(KnownHostsError::Unreadable { .. })));
        std::fs::remove_dir_all(&dir).expect("cleanup");
    }

    /// Issue 17, item 7: a second damaged file overwrote the first one set aside. Both are kept
    /// (the store's mechanism: a new name each time, never over another file).
    #[test]
    fn every_damaged_file_is_kept_not_only_the_last() {
        let dir = temp_dir("damaged-twice");
        std::fs::create_dir_all(&dir).expect("dir");
        let contents: [&[u8]; 3] = [b"{ first damage", b"second damage", br#"{"version": 9, "hosts": {}}"#];
        for content in contents {
            std::fs::write(dir.join(KNOWN_HOSTS_FILE), content).expect("write");
            let (hosts, error) = KnownHosts::load_or_set_aside(&dir);
            assert!(error.is_some() && hosts.iter().count() == 0);
        }
        let mut kept: Vec<Vec<u8>> = std::fs::read_dir(&dir)
            .expect("list")
            .map(|entry| entry.expect("entry").path())
            .filter(|path| {
                path.file_name().is_some_and(|name| name.to_string_lossy().starts_with("known-hosts.") && name != KNOWN_HOSTS_FILE)
            })
            .map(|path| std::fs::read(path).expect("read"))
            .collect();
        kept.sort();
        let mut expected: Vec<Vec<u8>> = contents.iter().map(|content| content.to_vec()).collect();
        expected.sort();
        assert_eq!(kept, expected, "every damaged file is kept");
        std::fs::remove_dir_all(&dir).expect("cleanup");
    }

    /// A pipe where the file should be is an error at once, not a start that waits for ever.
    #[cfg(unix)]
    #[test]
    fn a_pipe_is_not_read() {
        let dir = temp_dir("pipe");
        std::fs::create_dir_all(&dir).expect("dir");
        let made = std::process::Command::new("mkfifo").arg(dir.join(KNOWN_HOSTS_FILE)).status().expect("mkfifo runs");
        assert!(made.success());
        let (hosts, error) = KnownHosts::load_or_set_aside(&dir);
        assert!(matches!(error, Some(KnownHostsError::Io { .. })), "{error:?}");
        assert_eq!(hosts.iter().count(), 0);
        std::fs::remove_dir_all(&dir).expect("cleanup");
    }
}
