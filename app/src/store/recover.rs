//! Opening one versioned file with everything that can be wrong with it handled: a missing or
//! damaged file is replaced from its backup and moved aside, an older one is upgraded with its
//! original kept, a newer one is read but marks the folder read-only. Nothing panics and
//! nothing is reset without a [`Notice`].

use std::fs;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

use super::atomic::{self, backup_path, sibling};
use super::document::{self, Damage, Decoded, Document};
use super::error::{ReadOnlyReason, StoreError};
use super::notice::{Notice, Recovery};

/// A file as opened.
#[derive(Debug)]
pub struct Opened<T> {
    /// The content; `None` when the file does not exist yet (or nothing could be recovered).
    pub value: Option<T>,
    /// What the user must be told.
    pub notices: Vec<Notice>,
    /// Set when the file is from a newer version: the folder must then only be read.
    pub newer: Option<ReadOnlyReason>,
}

impl<T> Opened<T> {
    fn new(value: Option<T>) -> Opened<T> {
        Opened { value, notices: Vec::new(), newer: None }
    }
}

/// The file's bytes, or `None` if it does not exist.
///
/// # Errors
/// The file exists but cannot be read.
pub fn read_bytes(path: &Path) -> Result<Option<Vec<u8>>, StoreError> {
    match fs::read(path) {
        Ok(bytes) => Ok(Some(bytes)),
        Err(error) if error.kind() == ErrorKind::NotFound => Ok(None),
        Err(error) => Err(StoreError::io("read", path, error)),
    }
}

/// Where a damaged `path` is moved: `name.damaged-<UTC time>.json`, never over another file.
fn damaged_path(path: &Path) -> PathBuf {
    let stamp = jiff::Timestamp::now().strftime("%Y%m%dT%H%M%SZ").to_string();
    let mut candidate = sibling(path, &format!("damaged-{stamp}"));
    let mut counter = 1;
    while candidate.exists() {
        counter += 1;
        candidate = sibling(path, &format!("damaged-{stamp}-{counter}"));
    }
    candidate
}

/// Moves a damaged file aside; returns where it went.
///
/// # Errors
/// The move failed.
pub fn move_aside(path: &Path) -> Result<PathBuf, StoreError> {
    let target = damaged_path(path);
    atomic::rename(path, &target)?;
    tracing::warn!(from = %path.display(), to = %target.display(), "moved a damaged file aside");
    Ok(target)
}

/// The content of `path`'s backup, if it has a readable one.
fn from_backup<T: Document>(path: &Path) -> Option<T> {
    let bytes = read_bytes(&backup_path(path)).ok().flatten()?;
    match document::decode::<T>(&bytes) {
        Ok(Decoded::Current(value) | Decoded::Migrated { value, .. }) => Some(value),
        _ => None,
    }
}

/// Opens `path` as a `T`. With `writable`, repairs and upgrades are written back.
///
/// # Errors
/// The file (or its folder) cannot be read or repaired: the caller must not write over it.
pub fn open<T: Document>(path: &Path, writable: bool) -> Result<Opened<T>, StoreError> {
    let Some(bytes) = read_bytes(path)? else {
        if !backup_path(path).exists() {
            return Ok(Opened::new(None));
        }
        return replace_damaged(path, Damage::Missing, writable);
    };
    match document::decode::<T>(&bytes) {
        Ok(Decoded::Current(value)) => Ok(Opened::new(Some(value))),
        Ok(Decoded::Migrated { value, from }) => {
            let mut opened = Opened::new(None);
            let mut original = None;
            if writable {
                let copy = sibling(path, &format!("v{from}"));
                if !copy.exists() {
                    atomic::write(&copy, &bytes, false)?;
                }
                let encoded = document::encode(&value).map_err(|source| StoreError::Encode { what: T::KIND, source })?;
                atomic::write(path, &encoded, false)?;
                original = Some(copy);
            }
            tracing::info!(path = %path.display(), from, to = T::SCHEMA, "upgraded a file from an older version");
            opened.notices.push(Notice::Migrated { file: path.to_owned(), from, to: T::SCHEMA, original });
            opened.value = Some(value);
            Ok(opened)
        }
        Ok(Decoded::Newer { value, found }) => {
            let reason = ReadOnlyReason::NewerFormat { file: path.to_owned(), found, supported: T::SCHEMA };
            let mut opened = Opened::new(value);
            opened.newer = Some(reason);
            Ok(opened)
        }
        Err(damage) => replace_damaged(path, damage, writable),
    }
}

fn replace_damaged<T: Document>(path: &Path, damage: Damage, writable: bool) -> Result<Opened<T>, StoreError> {
    tracing::warn!(path = %path.display(), %damage, "a stored file is damaged");
    let moved_to = if writable && damage != Damage::Missing { Some(move_aside(path)?) } else { None };
    let value = from_backup::<T>(path);
    if writable && let Some(value) = &value {
        let encoded = document::encode(value).map_err(|source| StoreError::Encode { what: T::KIND, source })?;
        atomic::write(path, &encoded, false)?;
    }
    let recovered = if value.is_some() { Recovery::Backup } else { Recovery::Nothing };
    let mut opened = Opened::new(value);
    opened.notices.push(Notice::Damaged { file: path.to_owned(), damage, moved_to, recovered });
    Ok(opened)
}
