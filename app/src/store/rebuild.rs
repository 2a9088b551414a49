//! Rebuilding the history index off the window's thread: when the index was deleted or
//! damaged, every record must be read again for its summary (20,000 matches took 6.2 s, with no
//! window at all while it ran). The store opens with the index's summaries, this thread reads
//! the records the index lacks and counts them as it goes (the window shows how far it is), and
//! the store takes the summaries in once it is done ([`super::Store::poll`]).

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::thread::JoinHandle;

use super::error::StoreError;
use super::history::{self, Rebuilt};
use super::record::MatchId;

/// The rebuild's handle. Dropping it stops it after the record at hand.
#[derive(Debug)]
pub struct Rebuild {
    total: usize,
    read: Arc<AtomicUsize>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
    outcome: Receiver<Rebuilt>,
}

impl Rebuild {
    /// Starts reading the records `missing` under `root` (repairing what is damaged when `writable`).
    ///
    /// # Errors
    /// The thread could not be spawned.
    pub fn start(root: PathBuf, writable: bool, missing: Vec<MatchId>) -> Result<Rebuild, StoreError> {
        let (total, read, stop) = (missing.len(), Arc::new(AtomicUsize::new(0)), Arc::new(AtomicBool::new(false)));
        let (sender, outcome) = mpsc::sync_channel(1);
        let (counting, stopping) = (Arc::clone(&read), Arc::clone(&stop));
        let thread = std::thread::Builder::new()
            .name("cardtable-store-rebuild".to_owned())
            .spawn(move || {
                let _ = sender.send(history::read_records(&root, writable, &missing, &counting, &stopping));
            })
            .map_err(|error| StoreError::io("start rebuilding the history index of", "the data folder", error))?;
        Ok(Rebuild { total, read, stop, thread: Some(thread), outcome })
    }

    /// How many records are read, of how many.
    #[must_use]
    pub fn progress(&self) -> (usize, usize) {
        (self.read.load(Ordering::Relaxed).min(self.total), self.total)
    }

    /// What was read, once done (`None` before, and after it was taken).
    #[must_use]
    pub fn finished(&self) -> Option<Rebuilt> {
        self.outcome.try_recv().ok()
    }

    /// Waits for the rebuild to end and returns what it read.
    #[must_use]
    pub fn wait(mut self) -> Rebuilt {
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
