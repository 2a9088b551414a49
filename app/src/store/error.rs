//! What can go wrong in the store, as data: IO with the path at fault, files that cannot be
//! read, and writes refused because this instance may only read.

use std::path::PathBuf;

/// A store operation that failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// A file or folder could not be read, written, moved or synced.
    #[error("could not {action} {}: {source}", path.display())]
    Io {
        /// What was being done ("write", "read", "rename"...).
        action: &'static str,
        /// The file or folder at fault.
        path: PathBuf,
        /// The operating system's answer.
        source: std::io::Error,
    },
    /// Data could not be turned into JSON (a bug, never bad input).
    #[error("could not encode {what}: {source}")]
    Encode {
        /// What was being encoded.
        what: &'static str,
        /// serde_json's answer.
        source: serde_json::Error,
    },
    /// This instance only reads: another one holds the lock, or a file is from a newer version.
    #[error("the data folder is read-only here: {0}")]
    ReadOnly(ReadOnlyReason),
    /// This file could not be read when the store opened; writing over it would lose it.
    #[error("{} could not be read, so it is not written over", file.display())]
    LeftAlone {
        /// The file.
        file: PathBuf,
    },
    /// Something other than a regular file stands where a file is written: it is refused, not
    /// replaced.
    #[error("{} is not written: {kind}", path.display())]
    NotAFile {
        /// The path.
        path: PathBuf,
        /// What stands there.
        kind: super::file_kind::NotAFile,
    },
    /// No folder for the data could be found (no home directory) and none was given.
    #[error("no data folder: give one with --data-dir")]
    NoDataDir,
    /// A profile edit was refused.
    #[error(transparent)]
    Profile(#[from] super::profiles::ProfileError),
    /// A saved match or record could not be replayed.
    #[error(transparent)]
    Replay(#[from] crate::session::replay::ReplayError),
    /// An export could not be written as CSV.
    #[error("could not write CSV: {0}")]
    Csv(#[from] csv::Error),
}

impl StoreError {
    /// An IO error with what was done and to which path.
    pub(crate) fn io(action: &'static str, path: impl Into<PathBuf>, source: std::io::Error) -> StoreError {
        StoreError::Io { action, path: path.into(), source }
    }
}

/// Why this instance only reads the data folder.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReadOnlyReason {
    /// Another running Cardtable holds the data folder's lock.
    #[error("another Cardtable is using this data folder")]
    AnotherInstance,
    /// A file was written by a newer Cardtable; writing would lose what it added.
    #[error("{} was written by a newer Cardtable (format {found}; this one knows up to {supported})", file.display())]
    NewerFormat {
        /// The newer file.
        file: PathBuf,
        /// Its schema version.
        found: u32,
        /// The newest schema this build knows.
        supported: u32,
    },
    /// The data folder cannot be written (its permissions, or a read-only disk).
    #[error("{} cannot be written: {reason}", folder.display())]
    NotWritable {
        /// The folder.
        folder: PathBuf,
        /// The system's answer to a test write.
        reason: String,
    },
}
