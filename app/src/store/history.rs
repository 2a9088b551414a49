//! The match history on disk: one file per finished match (`history/matches/<id>.json`, the
//! truth, written once) and an index of their summaries (`history/index.json`, a cache that can
//! always be rebuilt from the records). Opening reads the index and the folder listing only, so
//! a history of thousands of matches opens fast; the index is brought in line with the records
//! it disagrees with. Reading the records an index lacks (all of them, when it was deleted or
//! damaged) takes long, so the store does it on a thread of its own (`super::rebuild`).

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use cardtable_engine::seat::MAX_SEATS;
use serde::{Deserialize, Serialize};

use super::document::Document;
use super::error::ReadOnlyReason;
use super::notice::{Notice, Recovery};
use super::record::{MatchId, MatchRecord, MatchSummary};
use super::recover;

/// Folder of the match records, under the data folder.
pub const MATCHES_DIR: &str = "history/matches";
/// The index file, under the data folder.
pub const INDEX_FILE: &str = "history/index.json";

/// The summaries of every recorded match.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HistoryIndex {
    /// Oldest first.
    pub matches: Vec<MatchSummary>,
}

impl Document for HistoryIndex {
    const KIND: &'static str = "history-index";
    const SCHEMA: u32 = 1;
    /// A summary is a few hundred bytes: this holds well over a hundred thousand matches.
    const MAX_BYTES: u64 = 128 * 1024 * 1024;

    /// The history list and the statistics index seats by position: a summary's seats must fit
    /// a table, and each match is listed once.
    fn check(&self) -> Result<(), String> {
        let mut seen = HashSet::new();
        for summary in &self.matches {
            if !(1..=MAX_SEATS).contains(&summary.seats.len()) {
                return Err(format!("match {} lists {} seats", summary.id, summary.seats.len()));
            }
            if !seen.insert(&summary.id) {
                return Err(format!("match {} is listed twice", summary.id));
            }
        }
        Ok(())
    }
}

/// The record file of a match.
#[must_use]
pub fn record_path(root: &Path, id: &MatchId) -> PathBuf {
    root.join(MATCHES_DIR).join(format!("{id}.json"))
}

/// The index as read and checked against the folder listing: entries whose record is gone
/// dropped, and the records it lacks still to be read ([`read_records`]).
#[derive(Debug)]
pub struct IndexRead {
    /// The index's summaries whose records are there, oldest first.
    pub index: HistoryIndex,
    /// What the user must be told.
    pub notices: Vec<Notice>,
    /// Set when the index is from a newer version.
    pub newer: Option<ReadOnlyReason>,
    /// Whether there was an index (a first start has none, and needs no notice to build one).
    pub had_index: bool,
    /// Entries dropped because their record is gone.
    pub dropped: usize,
    /// Records on disk the index lacks.
    pub missing: Vec<MatchId>,
}

/// Reads the history index under `root` (with `writable`, a damaged one is set aside) and the
/// records' folder listing: fast, whatever the history holds, as nothing but the index is read.
#[must_use]
pub fn read_index(root: &Path, writable: bool) -> IndexRead {
    let index_path = root.join(INDEX_FILE);
    let opened = recover::open::<HistoryIndex>(&index_path, writable);
    let mut notices = opened.notices;
    // The index is rebuilt from the records rather than from a backup.
    for notice in &mut notices {
        if let Notice::Damaged { recovered, .. } = notice {
            *recovered = Recovery::Rebuilt;
        }
    }
    let had_index = opened.value.is_some();
    let mut index = opened.value.unwrap_or_default();
    let matches_dir = root.join(MATCHES_DIR);
    let on_disk = match super::record::ids_in(&matches_dir) {
        Ok(ids) => ids,
        Err(error) => {
            // Without the listing nothing can be checked: the index is shown as it is.
            notices.push(Notice::Unreadable { file: matches_dir, reason: error.to_string() });
            return IndexRead { index, notices, newer: opened.newer, had_index, dropped: 0, missing: Vec::new() };
        }
    };
    let on_disk_set: HashSet<&MatchId> = on_disk.iter().collect();
    let before = index.matches.len();
    index.matches.retain(|summary| on_disk_set.contains(&summary.id));
    let dropped = before - index.matches.len();
    let indexed: HashSet<&MatchId> = index.matches.iter().map(|summary| &summary.id).collect();
    let missing = on_disk.iter().filter(|id| !indexed.contains(id)).cloned().collect();
    IndexRead { index, notices, newer: opened.newer, had_index, dropped, missing }
}

/// The whole history as read (behind the window: `super::rebuild`).
#[derive(Debug, Default)]
pub struct HistoryRead {
    /// Every match's summary, oldest first: the index's, and those of the records it lacked.
    pub matches: Vec<MatchSummary>,
    /// What the user must be told (a damaged index, records set aside).
    pub notices: Vec<Notice>,
    /// Set when the index or a record is from a newer version.
    pub newer: Option<ReadOnlyReason>,
    /// Whether there was an index (building a first one needs no notice).
    pub had_index: bool,
    /// Records the index lacked, read and added.
    pub added: usize,
    /// Index entries dropped because their record is gone.
    pub dropped: usize,
}

impl HistoryRead {
    /// Whether the index on disk must be written again.
    #[must_use]
    pub fn out_of_line(&self) -> bool {
        self.added > 0 || self.dropped > 0
    }
}

/// Reads the history under `root`: the index ([`read_index`]), then the records it lacks, for
/// their summaries. `total` is set to how many records must be read once that is known, and
/// `read` counts them; it stops early when `stop` is set. A record that cannot be read is
/// skipped with its notice; an older one is upgraded in memory only (the upgrade sweep writes it).
#[must_use]
pub fn read_history(root: &Path, writable: bool, total: &AtomicUsize, read: &AtomicUsize, stop: &AtomicBool) -> HistoryRead {
    let IndexRead { index, mut notices, mut newer, had_index, dropped, missing } = read_index(root, writable);
    total.store(missing.len(), Ordering::Relaxed);
    let mut matches = index.matches;
    let mut added = 0;
    for id in &missing {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let record = recover::open_as::<MatchRecord>(&record_path(root, id), writable, false);
        notices.extend(record.notices);
        newer = newer.take().or(record.newer);
        if let Some(record) = record.value {
            matches.push(record.summary());
            added += 1;
        }
        read.fetch_add(1, Ordering::Relaxed);
    }
    sort(&mut matches);
    HistoryRead { matches, notices, newer, had_index, added, dropped }
}

/// Sorts `matches` as the history lists them: oldest first.
pub fn sort(matches: &mut [MatchSummary]) {
    matches.sort_by(|a, b| (a.finished, &a.id).cmp(&(b.finished, &b.id)));
}
