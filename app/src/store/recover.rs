//! Opening one versioned file with everything that can be wrong with it handled: a missing or
//! damaged file is replaced from its backup and moved aside, an older one is upgraded with its
//! original kept, a newer one is read but marks the folder read-only. Nothing panics and
//! nothing is reset without a [`Notice`].

use std::io::{ErrorKind, Read};
use std::path::{Path, PathBuf};

use super::atomic::{self, backup_path, sibling};
use super::document::{self, Damage, Decoded, Document};
use super::error::{ReadOnlyReason, StoreError};
use super::file_kind;
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
    /// Set when the file is there but could not be read or moved aside: writing over it would
    /// lose what it holds, so it must be left alone.
    pub keep_off: bool,
    /// Set when an older file was upgraded on disk and, as its kind allows, its original not
    /// kept: the bytes that freed. No notice is made for it; the caller counts these into one
    /// ([`Notice::Compacted`]).
    pub compacted: Option<u64>,
}

impl<T> Opened<T> {
    fn new(value: Option<T>) -> Opened<T> {
        Opened { value, notices: Vec::new(), newer: None, keep_off: false, compacted: None }
    }

    /// What was opened, skipped with a notice: the file is left as it is and not written over.
    fn unreadable(file: &Path, reason: String) -> Opened<T> {
        tracing::warn!(path = %file.display(), %reason, "a stored file cannot be read; it is skipped");
        Opened { keep_off: true, notices: vec![Notice::Unreadable { file: file.to_owned(), reason }], ..Opened::new(None) }
    }
}

/// What reading a file found.
#[derive(Debug)]
pub enum Content {
    /// No file of that name.
    Missing,
    /// The whole file.
    Bytes(Vec<u8>),
    /// A file larger than the limit (it was not read).
    TooLarge {
        /// Its size in bytes (at least what was seen).
        size: u64,
    },
    /// Something that cannot be read as a file: a folder, a pipe or device, or a read error.
    Unreadable(String),
}

/// Reads `path` if it is a regular file of at most `limit` bytes. Never blocks on a pipe (nor
/// on one swapped in after the look: see [`file_kind`]), never follows a symbolic link, and
/// never reads more than `limit + 1` bytes, whatever sits at `path`.
#[must_use]
pub fn read_limited(path: &Path, limit: u64) -> Content {
    let file = match file_kind::open_to_read(path) {
        Ok(file) => file,
        Err(error) if error.kind() == ErrorKind::NotFound => return Content::Missing,
        Err(error) => return Content::Unreadable(error.to_string()),
    };
    let size = match file.metadata() {
        Ok(metadata) => metadata.len(),
        Err(error) => return Content::Unreadable(error.to_string()),
    };
    if size > limit {
        return Content::TooLarge { size };
    }
    // The file may have grown since it was measured: read one byte past the limit to know.
    let mut bytes = Vec::new();
    match file.take(limit + 1).read_to_end(&mut bytes) {
        Ok(read) if read as u64 > limit => Content::TooLarge { size: read as u64 },
        Ok(_) => Content::Bytes(bytes),
        Err(error) => Content::Unreadable(error.to_string()),
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
    let Content::Bytes(bytes) = read_limited(&backup_path(path), T::MAX_BYTES) else { return None };
    match document::decode::<T>(&bytes) {
        Ok(Decoded::Current(value) | Decoded::Migrated { value, .. }) => Some(value),
        _ => None,
    }
}

/// Opens `path` as a `T`. With `writable`, repairs and upgrades are written back. Never
/// fails: whatever cannot be read is skipped with a notice (and [`Opened::keep_off`] set).
pub fn open<T: Document>(path: &Path, writable: bool) -> Opened<T> {
    open_as(path, writable, true)
}

/// [`open`], but an older file is only upgraded in memory, without a notice, when `upgrade`
/// is false: something else upgrades it on disk and says so (the upgrade sweep, for the match
/// records read while the history index is rebuilt, so thousands of them do not hold the start).
pub fn open_as<T: Document>(path: &Path, writable: bool, upgrade: bool) -> Opened<T> {
    let bytes = match read_limited(path, T::MAX_BYTES) {
        Content::Bytes(bytes) => bytes,
        Content::Missing if !backup_path(path).exists() => return Opened::new(None),
        Content::Missing => return replace_damaged(path, Damage::Missing, writable),
        Content::TooLarge { size } => return replace_damaged(path, Damage::TooLarge { size, limit: T::MAX_BYTES }, writable),
        Content::Unreadable(reason) => return Opened::unreadable(path, reason),
    };
    match document::decode::<T>(&bytes) {
        Ok(Decoded::Current(value)) => Opened::new(Some(value)),
        Ok(Decoded::Migrated { value, .. }) if writable && !upgrade => Opened::new(Some(value)),
        Ok(Decoded::Migrated { value, from }) => {
            let mut opened = Opened::new(None);
            let mut original = None;
            if writable {
                match upgrade_in_place(path, &bytes, &value, from) {
                    Ok(Upgrade::OriginalKept(copy)) => original = Some(copy),
                    Ok(Upgrade::OriginalDropped { freed }) => {
                        // No original is kept, so no notice names one: the caller counts these.
                        tracing::info!(path = %path.display(), from, to = T::SCHEMA, freed, "upgraded a file; its original is not kept");
                        opened.compacted = Some(freed);
                        opened.value = Some(value);
                        return opened;
                    }
                    Err(error) => {
                        // The old file stays as it is; writing over it later would lose the original.
                        tracing::warn!(%error, "an upgraded file could not be written back");
                        opened.keep_off = true;
                    }
                }
            }
            tracing::info!(path = %path.display(), from, to = T::SCHEMA, "upgraded a file from an older version");
            opened.notices.push(Notice::Migrated { file: path.to_owned(), from, to: T::SCHEMA, original });
            opened.value = Some(value);
            opened
        }
        Ok(Decoded::Newer { value, found }) => {
            let reason = ReadOnlyReason::NewerFormat { file: path.to_owned(), found, supported: T::SCHEMA };
            let mut opened = Opened::new(value);
            opened.newer = Some(reason);
            opened
        }
        Err(damage) => replace_damaged(path, damage, writable),
    }
}

/// How an older file was upgraded on disk.
enum Upgrade {
    /// The original is kept here.
    OriginalKept(PathBuf),
    /// The upgraded file read back as the same value and the original was removed
    /// ([`Document::original_redundant`]); the bytes that saved (0 when it grew).
    OriginalDropped {
        /// Bytes saved.
        freed: u64,
    },
}

/// Keeps the original of an older file as `name.v<from>.json` and writes `value` in its place.
/// Where [`Document::original_redundant`] allows, the upgraded file is read back and the
/// original removed if it reads as the very same value; until then the original is on disk,
/// so a crash or a lossy upgrade loses nothing.
fn upgrade_in_place<T: Document>(path: &Path, bytes: &[u8], value: &T, from: u32) -> Result<Upgrade, StoreError> {
    let copy = sibling(path, &format!("v{from}"));
    if !copy.exists() {
        atomic::write(&copy, bytes, false)?;
    }
    let encoded = document::encode(value).map_err(|source| StoreError::Encode { what: T::KIND, source })?;
    atomic::write(path, &encoded, false)?;
    let reread = match read_limited(path, T::MAX_BYTES) {
        Content::Bytes(written) => match document::decode::<T>(&written) {
            Ok(Decoded::Current(reread)) => Some(reread),
            _ => None,
        },
        _ => None,
    };
    if !reread.is_some_and(|reread| value.original_redundant(&reread)) {
        return Ok(Upgrade::OriginalKept(copy));
    }
    match atomic::remove(&copy) {
        Ok(()) => Ok(Upgrade::OriginalDropped { freed: (bytes.len() as u64).saturating_sub(encoded.len() as u64) }),
        Err(error) => {
            // The upgrade stands; only the space is not freed yet.
            tracing::warn!(%error, path = %copy.display(), "the original of an upgraded file could not be removed");
            Ok(Upgrade::OriginalKept(copy))
        }
    }
}

fn replace_damaged<T: Document>(path: &Path, damage: Damage, writable: bool) -> Opened<T> {
    tracing::warn!(path = %path.display(), %damage, "a stored file is damaged");
    let mut keep_off = false;
    let moved_to = if writable && damage != Damage::Missing {
        match move_aside(path) {
            Ok(moved_to) => Some(moved_to),
            Err(error) => {
                tracing::warn!(%error, "a damaged file could not be moved aside; it is left as it is");
                keep_off = true;
                None
            }
        }
    } else {
        None
    };
    let value = from_backup::<T>(path);
    if writable
        && !keep_off
        && let Some(value) = &value
    {
        let written = document::encode(value)
            .map_err(|source| StoreError::Encode { what: T::KIND, source })
            .and_then(|encoded| atomic::write(path, &encoded, false));
        if let Err(error) = written {
            // Kept in memory; the next save writes it.
            tracing::warn!(%error, "the backup could not be put back");
        }
    }
    let recovered = if value.is_some() { Recovery::Backup } else { Recovery::Nothing };
    let mut opened = Opened::new(value);
    opened.keep_off = keep_off;
    opened.notices.push(Notice::Damaged { file: path.to_owned(), damage, moved_to, recovered });
    opened
}
