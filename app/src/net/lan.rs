//! What the window needs for LAN play, made once: the tokio runtime the network runs on, the
//! config folder (device identity, known hosts, LAN settings), and the discovery setting (the
//! interface announcements use: `--lan-interface`, else `lan.json`, else the system's choice).

use std::net::Ipv4Addr;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::discovery::{DiscoveryConfig, DiscoveryMode};
use super::identity::{Identity, IdentityError, Renewed};
use super::known_hosts::{KnownHosts, KnownHostsError};
use crate::store::recover::{Content, read_limited};

/// File name of the LAN settings in the config folder.
pub const LAN_SETTINGS_FILE: &str = "lan.json";

/// The most bytes `lan.json` may have: it holds a few short fields.
const LAN_SETTINGS_LIMIT: u64 = 64 * 1024;

/// The LAN settings a player may change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LanSettings {
    /// The interface's IPv4 address for discovery (`0.0.0.0`: the system's choice).
    pub interface: Ipv4Addr,
    /// Broadcast instead of multicast (some routers drop multicast).
    pub broadcast: bool,
    /// The name this device last joined a table with, offered again on the join screen.
    pub name: Option<String>,
}

impl Default for LanSettings {
    fn default() -> LanSettings {
        LanSettings { interface: Ipv4Addr::UNSPECIFIED, broadcast: false, name: None }
    }
}

impl LanSettings {
    /// The settings stored in `dir` (the defaults if none or unreadable, with the reason).
    #[must_use]
    pub fn load(dir: &Path) -> (LanSettings, Option<String>) {
        let path = dir.join(LAN_SETTINGS_FILE);
        // Only a regular file of a sane size is read: a pipe or a huge file must not hang start-up.
        match read_limited(&path, LAN_SETTINGS_LIMIT) {
            Content::Bytes(bytes) => match serde_json::from_slice(&bytes) {
                Ok(settings) => (settings, None),
                Err(error) => (LanSettings::default(), Some(format!("{}: {error}", path.display()))),
            },
            Content::Missing => (LanSettings::default(), None),
            Content::TooLarge { size } => (LanSettings::default(), Some(format!("{} is too large ({size} bytes)", path.display()))),
            Content::Unreadable(reason) => (LanSettings::default(), Some(format!("{}: {reason}", path.display()))),
        }
    }

    /// Stores the settings in `dir`.
    ///
    /// # Errors
    /// The folder cannot be written.
    pub fn save(&self, dir: &Path) -> std::io::Result<()> {
        std::fs::create_dir_all(dir)?;
        let json = serde_json::to_vec_pretty(self).map_err(std::io::Error::other)?;
        crate::store::atomic::write(&dir.join(LAN_SETTINGS_FILE), &json, false).map_err(std::io::Error::other)
    }

    /// The discovery configuration these settings give.
    #[must_use]
    pub fn discovery(&self) -> DiscoveryConfig {
        let mode = if self.broadcast {
            // The limited broadcast, or the loopback one when discovery is bound to loopback.
            let address = if self.interface.is_loopback() { Ipv4Addr::new(127, 255, 255, 255) } else { Ipv4Addr::BROADCAST };
            DiscoveryMode::Broadcast(address)
        } else {
            DiscoveryMode::Multicast(super::discovery::DEFAULT_GROUP)
        };
        let ttl = if self.interface.is_loopback() { 0 } else { 1 };
        DiscoveryConfig { interface: self.interface, mode, ttl, ..DiscoveryConfig::default() }
    }
}

/// The LAN files' folder in the platform's data folder (`<config>/cardtable/lan` on Linux),
/// when no store is open to say where its data folder is.
#[must_use]
pub fn default_dir() -> Option<PathBuf> {
    crate::store::paths::data_dir(None).ok().map(|dir| dir.join("lan"))
}

/// The window's LAN state.
#[derive(Debug)]
pub struct LanContext {
    runtime: tokio::runtime::Runtime,
    dir: Option<PathBuf>,
    identity: Option<Identity>,
    /// Set when the stored identity was a copy and a new one was made this session.
    renewed: Option<Renewed>,
    #[cfg(feature = "online")]
    online_key: Option<super::online::key::OnlineKey>,
    /// The trusted hosts.
    pub known: KnownHosts,
    /// The discovery settings.
    pub settings: LanSettings,
    /// Problems met while loading (a damaged file set aside), to show once.
    pub notices: Vec<String>,
}

impl LanContext {
    /// Starts the runtime and reads the LAN files from `dir` (none: nothing is kept on disk);
    /// `interface` (the `--lan-interface` flag) overrides the stored setting.
    ///
    /// # Errors
    /// The runtime cannot start (no threads).
    pub fn new(dir: Option<PathBuf>, interface: Option<Ipv4Addr>) -> std::io::Result<LanContext> {
        let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).thread_name("cardtable-net").enable_all().build()?;
        let mut notices = Vec::new();
        let (known, settings) = match &dir {
            Some(dir) => {
                let (known, damaged) = KnownHosts::load_or_set_aside(dir);
                notices.extend(damaged.map(|error: KnownHostsError| error.to_string()));
                let (settings, problem) = LanSettings::load(dir);
                notices.extend(problem);
                (known, settings)
            }
            None => (KnownHosts::empty(Path::new("")), LanSettings::default()),
        };
        let settings = LanSettings { interface: interface.unwrap_or(settings.interface), ..settings };
        Ok(LanContext {
            runtime,
            dir,
            identity: None,
            renewed: None,
            #[cfg(feature = "online")]
            online_key: None,
            known,
            settings,
            notices,
        })
    }

    /// The runtime the network runs on.
    #[must_use]
    pub fn runtime(&self) -> &tokio::runtime::Runtime {
        &self.runtime
    }

    /// This device's identity: made once and kept in the config folder.
    ///
    /// # Errors
    /// The stored identity is damaged or cannot be written.
    pub fn identity(&mut self) -> Result<Identity, IdentityError> {
        if let Some(identity) = &self.identity {
            return Ok(identity.clone());
        }
        let (identity, renewed) = match &self.dir {
            Some(dir) => Identity::load_or_create_telling(dir)?,
            None => (Identity::generate()?, None),
        };
        self.identity = Some(identity.clone());
        self.renewed = renewed.or(self.renewed.take());
        Ok(identity)
    }

    /// Why this session's identity is a new one (its data folder was a copy), to be said to
    /// the person hosting.
    #[must_use]
    pub fn identity_renewed(&self) -> Option<&Renewed> {
        self.renewed.as_ref()
    }

    /// This device's online identity: made once and kept beside the LAN identity.
    ///
    /// # Errors
    /// The stored key is damaged or cannot be written.
    #[cfg(feature = "online")]
    pub fn online_key(&mut self) -> Result<super::online::key::OnlineKey, IdentityError> {
        if let Some(key) = &self.online_key {
            return Ok(key.clone());
        }
        let (key, renewed) = match &self.dir {
            Some(dir) => super::online::key::OnlineKey::load_or_create_telling(dir)?,
            None => (super::online::key::OnlineKey::generate(), None),
        };
        self.online_key = Some(key.clone());
        // Said to the person hosting like the LAN identity's renewal.
        self.renewed = self.renewed.take().or(renewed);
        Ok(key)
    }

    /// Stores the known hosts (a failure is logged: trust is then asked again next time).
    pub fn save_known(&self) {
        if self.dir.is_some()
            && let Err(error) = self.known.save()
        {
            tracing::warn!(%error, "the known hosts could not be stored");
        }
    }

    /// Stores the LAN settings.
    pub fn save_settings(&self) {
        if let Some(dir) = &self.dir
            && let Err(error) = self.settings.save(dir)
        {
            tracing::warn!(%error, "the LAN settings could not be stored");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 17, item 11, for `lan.json`: a pipe or a huge file there gives the defaults and
    /// the reason at once, without reading it.
    #[test]
    fn a_pipe_or_a_huge_lan_settings_file_gives_the_defaults_and_says_why() {
        let dir = std::env::temp_dir().join(format!("cardtable-lan-settings-hostile-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("dir");
        let made = std::process::Command::new("mkfifo").arg(dir.join(LAN_SETTINGS_FILE)).status().expect("mkfifo runs");
        assert!(made.success());
        let (settings, notice) = LanSettings::load(&dir);
        assert_eq!(settings, LanSettings::default());
        assert!(notice.as_deref().is_some_and(|notice| notice.contains("not a regular file")), "{notice:?}");
        std::fs::remove_file(dir.join(LAN_SETTINGS_FILE)).expect("remove pipe");
        std::fs::File::create(dir.join(LAN_SETTINGS_FILE)).expect("create").set_len(1 << 30).expect("a sparse gigabyte");
        let (settings, notice) = LanSettings::load(&dir);
        assert_eq!(settings, LanSettings::default());
        assert!(notice.as_deref().is_some_and(|notice| notice.contains("too large")), "{notice:?}");
        std::fs::remove_dir_all(&dir).expect("cleanup");
    }

    #[test]
    fn lan_settings_round_trip_and_bad_files_fall_back_to_defaults() {
        let dir = std::env::temp_dir().join(format!("cardtable-lan-settings-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(LanSettings::load(&dir), (LanSettings::default(), None));
        let settings = LanSettings { interface: Ipv4Addr::new(192, 168, 1, 20), broadcast: true, name: Some("Ana".to_owned()) };
        settings.save(&dir).expect("saved");
        assert_eq!(LanSettings::load(&dir), (settings.clone(), None));
        assert_eq!(settings.discovery().mode, DiscoveryMode::Broadcast(Ipv4Addr::BROADCAST));
        std::fs::write(dir.join(LAN_SETTINGS_FILE), b"{\"interface\": 5}").expect("damage");
        let (fallback, problem) = LanSettings::load(&dir);
        assert_eq!(fallback, LanSettings::default());
        assert!(problem.is_some());
        let loopback = LanSettings { interface: Ipv4Addr::LOCALHOST, broadcast: true, name: None }.discovery();
        assert_eq!((loopback.mode, loopback.ttl), (DiscoveryMode::Broadcast(Ipv4Addr::new(127, 255, 255, 255)), 0));
        std::fs::remove_dir_all(&dir).expect("cleanup");
    }
}
