//! One writer per data folder: the first Cardtable to open it holds an exclusive lock on
//! `.lock`; a second one opens the folder read-only. The operating system drops the lock when
//! the holder exits, even when it is killed, so a crash never leaves the folder locked.

use std::fs::{File, OpenOptions, TryLockError};
use std::path::Path;

use super::error::StoreError;

/// Name of the lock file in the data folder.
pub const LOCK_FILE: &str = ".lock";

/// The data folder's lock, held until dropped.
#[derive(Debug)]
pub struct InstanceLock {
    _file: File,
}

impl InstanceLock {
    /// Takes the lock of `dir`; `None` when another instance holds it.
    ///
    /// # Errors
    /// The lock file could not be opened.
    pub fn try_acquire(dir: &Path) -> Result<Option<InstanceLock>, StoreError> {
        let path = dir.join(LOCK_FILE);
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(|error| StoreError::io("open", &path, error))?;
        match file.try_lock() {
            Ok(()) => Ok(Some(InstanceLock { _file: file })),
            Err(TryLockError::WouldBlock) => Ok(None),
            Err(TryLockError::Error(error)) => {
                // A file system without locks: nothing to coordinate with, so write as before.
                tracing::warn!(%error, path = %path.display(), "the data folder cannot be locked; writing without a lock");
                Ok(Some(InstanceLock { _file: file }))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_holder_is_refused_until_the_first_lets_go() {
        let dir = tempfile::tempdir().expect("tempdir");
        let first = InstanceLock::try_acquire(dir.path()).expect("opens").expect("free");
        assert!(InstanceLock::try_acquire(dir.path()).expect("opens").is_none(), "held by the first");
        drop(first);
        assert!(InstanceLock::try_acquire(dir.path()).expect("opens").is_some(), "free again");
    }
}
