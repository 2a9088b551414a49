//! The match history on disk: one file per finished match (`history/matches/<id>.json`, the
//! truth, written once) and an index of their summaries (`history/index.json`, a cache that can
//! always be rebuilt from the records). Opening reads the index and the folder listing only, so
//! a history of thousands of matches opens fast; the index is brought in line with the records
//! it disagrees with.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use cardtable_engine::seat::MAX_SEATS;
use serde::{Deserialize, Serialize};

use super::document::Document;
use super::error::{ReadOnlyReason, StoreError};
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

/// The history as opened.
#[derive(Debug)]
pub struct OpenedHistory {
    /// Every match's summary, oldest first.
    pub index: HistoryIndex,
    /// What the user must be told.
    pub notices: Vec<Notice>,
    /// Set when a file is from a newer version.
    pub newer: Option<ReadOnlyReason>,
}

/// Opens the history under `root`. With `writable`, a repaired index is written back. Never
/// fails: a record or folder that cannot be read is skipped with a notice.
#[must_use]
pub fn open(root: &Path, writable: bool) -> OpenedHistory {
    let index_path = root.join(INDEX_FILE);
    let opened = recover::open::<HistoryIndex>(&index_path, writable);
    let mut notices = opened.notices;
    // The index is rebuilt from the records rather than from a backup.
    for notice in &mut notices {
        if let Notice::Damaged { recovered, .. } = notice {
            *recovered = Recovery::Rebuilt;
        }
    }
    let mut newer = opened.newer;
    let had_index = opened.value.is_some();
    let mut index = opened.value.unwrap_or_default();
    let matches_dir = root.join(MATCHES_DIR);
    let on_disk = match super::record::ids_in(&matches_dir) {
        Ok(ids) => ids,
        Err(error) => {
            // Without the listing nothing can be checked: the index is shown as it is.
            notices.push(Notice::Unreadable { file: matches_dir, reason: error.to_string() });
            return OpenedHistory { index, notices, newer };
        }
    };
    let on_disk_set: HashSet<&MatchId> = on_disk.iter().collect();
    let before = index.matches.len();
    index.matches.retain(|summary| on_disk_set.contains(&summary.id));
    let dropped = before - index.matches.len();
    let indexed: HashSet<MatchId> = index.matches.iter().map(|summary| summary.id.clone()).collect();
    let mut added = 0;
    for id in on_disk.iter().filter(|id| !indexed.contains(id)) {
        // An older record is upgraded on disk by the sweep that follows the open, not here.
        let record = recover::open_as::<MatchRecord>(&record_path(root, id), writable, false);
        notices.extend(record.notices);
        newer = newer.or(record.newer);
        if let Some(record) = record.value {
            index.matches.push(record.summary());
            added += 1;
        }
    }
    if added > 0 || dropped > 0 {
        index.matches.sort_by(|a, b| (a.finished, &a.id).cmp(&(b.finished, &b.id)));
        if had_index {
            notices.push(Notice::HistoryRepaired { added, dropped });
        }
        if writable && newer.is_none() {
            let written = super::document::encode(&index)
                .map_err(|source| StoreError::Encode { what: "the history index", source })
                .and_then(|bytes| super::atomic::write(&index_path, &bytes, false));
            if let Err(error) = written {
                // Rebuilt again at the next start; nothing is lost.
                notices.push(Notice::WriteFailed { message: error.to_string() });
            }
        }
    }
    OpenedHistory { index, notices, newer }
}
