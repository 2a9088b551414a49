//! One writer per data folder: the first Cardtable to open it holds an exclusive lock on
//! `.lock`; a second one opens the folder read-only. The operating system drops the lock when
//! the holder exits, even when it is killed, so a crash never leaves the folder locked.

use std::fs::{File, OpenOptions, TryLockError};
use std::path::Path;
use std::time::{Duration, Instant};

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

/// How long an open waits for a lock that is held: a previous instance may be closing, and a
/// process being started just then holds a copy of the lock until its new program begins.
pub const PATIENCE: Duration = Duration::from_millis(400);

impl InstanceLock {
    /// [`InstanceLock::try_acquire`], trying again for up to `patience` while it is held.
    ///
    /// # Errors
    /// The lock file could not be opened.
    pub fn acquire_within(dir: &Path, patience: Duration) -> Result<Option<InstanceLock>, StoreError> {
        let deadline = Instant::now() + patience;
        loop {
            match InstanceLock::try_acquire(dir)? {
                Some(lock) => return Ok(Some(lock)),
                None if Instant::now() >= deadline => return Ok(None),
                None => std::thread::sleep(Duration::from_millis(20)),
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

    /// A lock let go a moment after the open began is taken, not given up for read-only.
    #[test]
    fn a_lock_let_go_within_the_patience_is_taken() {
        let dir = tempfile::tempdir().expect("tempdir");
        let first = InstanceLock::try_acquire(dir.path()).expect("opens").expect("free");
        let letting_go = std::thread::Builder::new()
            .name("lets-go".into())
            .spawn(move || {
                std::thread::sleep(Duration::from_millis(100));
                drop(first);
            })
            .expect("a thread");
        let second = InstanceLock::acquire_within(dir.path(), PATIENCE).expect("opens").expect("taken once let go");
        letting_go.join().expect("joins");
        let started = Instant::now();
        assert!(InstanceLock::acquire_within(dir.path(), Duration::from_millis(60)).expect("opens").is_none(), "held: gives up");
        assert!(started.elapsed() >= Duration::from_millis(60), "after its patience");
        drop(second);
    }
}
