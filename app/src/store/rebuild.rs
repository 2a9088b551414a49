//! Reading the history off the window's thread: the index (20,000 summaries take most of a
//! second unoptimised) and, when it was deleted or damaged, every record again for its summary
//! (20,000 matches took 6.2 s, with no window at all while it ran). The store opens without its
//! history, this thread reads it and counts the records as it goes (the window shows how far it
//! is), and the store takes it in once it is done ([`super::Store::poll`]).

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::thread::JoinHandle;

use super::error::StoreError;
use super::history::{self, HistoryRead};

/// The reading's handle. Dropping it stops it after the record at hand.
#[derive(Debug)]
pub struct Rebuild {
    total: Arc<AtomicUsize>,
    read: Arc<AtomicUsize>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
    outcome: Receiver<HistoryRead>,
}

impl Rebuild {
    /// Starts reading the history under `root` (repairing what is damaged when `writable`).
    ///
    /// # Errors
    /// The thread could not be spawned.
    pub fn start(root: PathBuf, writable: bool) -> Result<Rebuild, StoreError> {
        let (total, read, stop) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)), Arc::new(AtomicBool::new(false)));
        let (sender, outcome) = mpsc::sync_channel(1);
        let (sizing, counting, stopping) = (Arc::clone(&total), Arc::clone(&read), Arc::clone(&stop));
        let thread = std::thread::Builder::new()
            .name("cardtable-store-rebuild".to_owned())
            .spawn(move || {
                let _ = sender.send(history::read_history(&root, writable, &sizing, &counting, &stopping));
            })
            .map_err(|error| StoreError::io("start rebuilding the history index of", "the data folder", error))?;
        Ok(Rebuild { total, read, stop, thread: Some(thread), outcome })
    }

    /// How many records the index lacked are read, of how many (0 of 0 while the index itself
    /// is read, and when it lacked none).
    #[must_use]
    pub fn progress(&self) -> (usize, usize) {
        let total = self.total.load(Ordering::Relaxed);
        (self.read.load(Ordering::Relaxed).min(total), total)
    }

    /// What was read, once done (`None` before, and after it was taken).
    #[must_use]
    pub fn finished(&self) -> Option<HistoryRead> {
        self.outcome.try_recv().ok()
    }

    /// Waits for the rebuild to end and returns what it read.
    #[must_use]
    pub fn wait(mut self) -> HistoryRead {
        if let Some(thread) = self.thread.take()
            && thread.join().is_err()
        {
            tracing::error!("the history index rebuild panicked");
        }
        self.finished().unwrap_or_default()
    }
}

impl Drop for Rebuild {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take()
            && thread.join().is_err()
        {
            tracing::error!("the history index rebuild panicked");
        }
    }
}
