//! One writer per data folder: the first Cardtable to open it holds an exclusive lock on
//! `.lock`; a second one opens the folder read-only. The operating system drops the lock when
//! the holder exits, even when it is killed, so a crash never leaves the folder locked.

use std::fs::{File, TryLockError};
use std::path::Path;
use std::time::{Duration, Instant};

use super::error::StoreError;
use super::file_kind::{self, NotAFile};
use super::notice::Notice;

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
        // Never a plain open: a pipe there would hold the start (and `export`) for ever.
        let file = file_kind::open_to_write(&path).map_err(|error| StoreError::io("open", &path, error))?;
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

/// Moves whatever stands at `dir`'s lock path if it is not a regular file (a folder, pipe,
/// link or device: no lock can be taken on it, and a pipe would hold the open for ever), so a
/// new lock file can be made; the notice says what was there and where it went. It is moved,
/// never removed: whatever it is stays for its owner to look at.
///
/// # Errors
/// Something other than a file is there and cannot be moved.
pub fn clear_the_way(dir: &Path) -> Result<Option<Notice>, StoreError> {
    let path = dir.join(LOCK_FILE);
    let kind: Option<NotAFile> = file_kind::not_a_file(&path).map_err(|error| StoreError::io("look at", &path, error))?;
    let Some(kind) = kind else { return Ok(None) };
    let moved_to = super::recover::move_aside(&path)?;
    tracing::warn!(path = %path.display(), %kind, moved_to = %moved_to.display(), "the lock path held something else; moved aside");
    Ok(Some(Notice::MovedAside { file: path, kind, moved_to }))
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

    /// Issue 30, item 7: a folder at `.lock` turned saving off; now it is moved aside with a
    /// notice and the lock taken.
    #[test]
    fn a_folder_at_the_lock_is_moved_aside_and_the_lock_taken() {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::create_dir(dir.path().join(LOCK_FILE)).expect("a folder");
        assert!(InstanceLock::try_acquire(dir.path()).is_err(), "no lock on a folder");
        let notice = clear_the_way(dir.path()).expect("moved");
        let Some(Notice::MovedAside { kind: NotAFile::Folder, moved_to, .. }) = notice else { panic!("{notice:?}") };
        assert!(moved_to.is_dir(), "kept, under another name");
        assert!(InstanceLock::try_acquire(dir.path()).expect("opens").is_some(), "taken");
        assert_eq!(clear_the_way(dir.path()).expect("a file"), None, "a lock file is left where it is");
    }

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
