//! The upgrade sweep: on the first open of a data folder after an update, every match record
//! of an older format is upgraded to the current one (the compact form) on a thread of its own,
//! so a history of thousands of matches does not hold the window. Opening the store reads only
//! the index; records are otherwise read one at a time, on demand.
//!
//! Only a record whose first bytes are the header an earlier build wrote is read, so the sweep
//! costs a few milliseconds at every later start, and anything else (a current record, a file
//! damaged past recognition) waits to be read on demand as before. An older record found
//! damaged is set aside with its notice, as any read does; the upgrades together make one
//! [`Notice::Compacted`].

use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::thread::JoinHandle;

use super::document::{self, Document};
use super::error::StoreError;
use super::notice::{self, Notice};
use super::record::{self, MatchRecord};
use super::recover;

/// The sweep's handle. Dropping it stops the sweep after the record at hand.
#[derive(Debug)]
pub struct Sweep {
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
    outcome: Receiver<Vec<Notice>>,
}

impl Sweep {
    /// Starts upgrading the records in `matches_dir` (only a writable store sweeps).
    ///
    /// # Errors
    /// The thread could not be spawned.
    pub fn start(matches_dir: PathBuf) -> Result<Sweep, StoreError> {
        let stop = Arc::new(AtomicBool::new(false));
        let (sender, outcome) = mpsc::sync_channel(1);
        let stopping = Arc::clone(&stop);
        let thread = std::thread::Builder::new()
            .name("cardtable-store-sweep".to_owned())
            .spawn(move || {
                let _ = sender.send(sweep(&matches_dir, &stopping));
            })
            .map_err(|error| StoreError::io("start the upgrade sweep for", "the data folder", error))?;
        Ok(Sweep { stop, thread: Some(thread), outcome })
    }

    /// The sweep's notices once it is done (empty before, and after they were taken).
    #[must_use]
    pub fn finished(&self) -> Vec<Notice> {
        self.outcome.try_recv().unwrap_or_default()
    }

    /// Waits for the sweep to end and returns its notices (empty if they were taken).
    #[must_use]
    pub fn wait(&mut self) -> Vec<Notice> {
        if let Some(thread) = self.thread.take()
            && thread.join().is_err()
        {
            tracing::error!("the store's upgrade sweep panicked");
        }
        self.finished()
    }
}

impl Drop for Sweep {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take()
            && thread.join().is_err()
        {
            tracing::error!("the store's upgrade sweep panicked");
        }
    }
}

/// Whether the file at `path` begins as a match record of an older format does.
fn is_older(path: &Path, headers: &[Vec<u8>]) -> bool {
    let longest = headers.iter().map(Vec::len).max().unwrap_or(0);
    let mut start = Vec::with_capacity(longest);
    // Never a plain open: a pipe named like a record would hold the sweep, and the close after it.
    super::file_kind::open_to_read(path)
        .and_then(|file| file.take(longest as u64).read_to_end(&mut start))
        .is_ok_and(|_| headers.iter().any(|header| start.starts_with(header)))
}

/// Upgrades every older record in `matches_dir` until done or `stop`; returns the notices.
fn sweep(matches_dir: &Path, stop: &AtomicBool) -> Vec<Notice> {
    let mut notices = Vec::new();
    let ids = match record::ids_in(matches_dir) {
        Ok(ids) => ids,
        Err(error) => {
            // The history's own open reports an unlistable folder; nothing to upgrade here.
            tracing::warn!(%error, "the upgrade sweep could not list the match records");
            return notices;
        }
    };
    let older: Vec<Vec<u8>> = (1..MatchRecord::SCHEMA).map(|schema| document::header(MatchRecord::KIND, schema).into_bytes()).collect();
    let (mut matches, mut freed) = (0, 0);
    for id in ids {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let path = matches_dir.join(format!("{id}.json"));
        if !is_older(&path, &older) {
            continue;
        }
        let opened = recover::open::<MatchRecord>(&path, true);
        // A newer record is read, not rewritten: the sweep leaves it as it is.
        notices.extend(opened.notices);
        if let Some(bytes) = opened.compacted {
            matches += 1;
            freed += bytes;
        }
    }
    if matches > 0 {
        tracing::info!(matches, freed, kind = MatchRecord::KIND, "match records upgraded to the compact format");
        notice::push(&mut notices, Notice::Compacted { matches, freed });
    }
    notices
}
