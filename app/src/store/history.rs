//! The match history on disk: one file per finished match (`history/matches/<id>.json`, the
//! truth, written once) and an index of their summaries (`history/index.json`, a cache that can
//! always be rebuilt from the records). Opening reads the index and the folder listing only, so
//! a history of thousands of matches opens fast; the index is brought in line with the records
//! it disagrees with. Reading the records an index lacks (all of them, when it was deleted or
//! damaged) takes long, so the store does it on a thread of its own (`super::rebuild`).
//!
//! The index is trusted no more than the records: every match it lists is checked once against
//! its record, which must replay to its result ([`MatchRecord`]'s check) and give the very
//! summary the index holds. The index keeps, per match, the digest of the record's bytes and of
//! that summary once they agreed, so a later start only reads and hashes each record: one edited
//! since (in its record or in the index) no longer has its digest and is checked again.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use cardtable_engine::seat::MAX_SEATS;
use serde::{Deserialize, Serialize};

use super::digest;
use super::document::{self, Decoded, Document};
use super::error::ReadOnlyReason;
use super::notice::{Notice, Recovery};
use super::record::{MatchId, MatchRecord, MatchSummary};
use super::recover::{self, Content};

/// Folder of the match records, under the data folder.
pub const MATCHES_DIR: &str = "history/matches";
/// The index file, under the data folder.
pub const INDEX_FILE: &str = "history/index.json";

/// The summaries of every recorded match.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HistoryIndex {
    /// Oldest first.
    pub matches: Vec<MatchSummary>,
    /// For the matches whose record was seen to replay to the summary listed: the digest of
    /// both ([`checked_digest`]). An index written before these were kept has none, and each
    /// of its matches is checked once.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub checked: BTreeMap<MatchId, String>,
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

/// Names the index's digests apart from any other digest of the store.
const CHECKED_DOMAIN: &str = "cardtable checked-record v1";

/// The digest kept in the index for a record whose file holds `record_bytes` and whose summary
/// is `summary`: a change to either (a winner edited in the record, or in the index) changes it.
#[must_use]
pub fn checked_digest(record_bytes: &[u8], summary: &MatchSummary) -> String {
    // Bytes in memory always read, and give their length.
    checked_digest_of(&mut &record_bytes[..], record_bytes.len() as u64, summary).unwrap_or_default()
}

/// [`checked_digest`] of a record file read from `bytes`, which must give `len` bytes: read a
/// few kilobytes at a time, however long the record.
///
/// # Errors
/// Reading failed, or gave other than `len` bytes.
pub fn checked_digest_of(bytes: &mut impl std::io::Read, len: u64, summary: &MatchSummary) -> std::io::Result<String> {
    let mut hasher = digest::Hasher::new(CHECKED_DOMAIN);
    hasher.part(len);
    if std::io::copy(bytes, &mut hasher)? != len {
        return Err(std::io::Error::new(std::io::ErrorKind::UnexpectedEof, "the record changed length while it was read"));
    }
    // A summary is plain data: it always serialises.
    let summary = serde_json::to_vec(summary).unwrap_or_default();
    hasher.part(summary.len() as u64);
    hasher.update(&summary);
    Ok(hasher.finish())
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

impl IndexRead {
    /// The index's digest of a match (see [`HistoryIndex::checked`]).
    fn checked(&self, id: &MatchId) -> Option<&str> {
        self.index.checked.get(id).map(String::as_str)
    }
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
    /// The digest of each match checked against its record ([`HistoryIndex::checked`]).
    pub checked: HashMap<MatchId, String>,
    /// Matches whose record was replayed in this reading (not yet checked, or changed since).
    pub replayed: usize,
    /// Matches whose summary in the index is not what their record (which replays) gives: the
    /// index was edited. The record's summary is used instead.
    pub edited: Vec<MatchId>,
    /// Matches the index listed whose record did not replay or could not be read: left out of
    /// the history, each named by its own notice.
    pub untrusted: Vec<MatchId>,
}

impl HistoryRead {
    /// Whether the index on disk must be written again.
    #[must_use]
    pub fn out_of_line(&self) -> bool {
        self.added > 0 || self.dropped > 0 || self.replayed > 0 || !self.edited.is_empty()
    }

    /// Whether records were found that the index lacked, or it listed records that are gone
    /// (the user is told the index was brought in line).
    #[must_use]
    pub fn repaired(&self) -> bool {
        self.added > 0 || self.dropped > 0
    }
}

/// One match as checked against its record.
struct Checked {
    /// Its summary, as its record gives it; `None` when the record cannot be trusted (set
    /// aside as damaged, or unreadable: its notice says which).
    summary: Option<MatchSummary>,
    /// The digest to keep in the index, once the record replayed.
    digest: Option<String>,
    /// Whether its record was replayed now (it had no digest, or not this one).
    replayed: bool,
    /// Whether the index's summary differed from the record's.
    edited: bool,
}

/// Checks the match `id` against its record under `root`. `listed` is the index's summary and
/// `known` its digest, if the index has them: when the record's bytes and the summary still
/// give that digest, the record is not replayed again. Otherwise the record is read as any
/// record is (a damaged one set aside with a notice into `notices`), which replays it, and its
/// own summary is what the history shows.
fn check_record(
    root: &Path,
    id: &MatchId,
    writable: bool,
    listed: Option<(&MatchSummary, Option<&str>)>,
    notices: &mut Vec<Notice>,
    newer: &mut Option<ReadOnlyReason>,
) -> Checked {
    let path = record_path(root, id);
    let untrusted = Checked { summary: None, digest: None, replayed: true, edited: false };
    let bytes = match recover::read_limited(&path, MatchRecord::MAX_BYTES) {
        Content::Bytes(bytes) => Some(bytes),
        _ => None,
    };
    if let (Some(bytes), Some((summary, Some(known)))) = (&bytes, listed)
        && checked_digest(bytes, summary) == known
    {
        return Checked { summary: Some(summary.clone()), digest: Some(known.to_owned()), replayed: false, edited: false };
    }
    // The bytes just read are the ones checked and digested, when they are a current record;
    // anything else (damage, an older format, something not a file) is opened as any record.
    let (record, bytes) = match bytes.as_deref().map(document::decode::<MatchRecord>) {
        Some(Ok(Decoded::Current(record))) => (Some(record), bytes),
        // Upgraded on disk by the sweep, which says so (a read-only store upgrades nothing): its
        // digest waits for its new bytes.
        Some(Ok(Decoded::Migrated { value, .. })) => (Some(value), None),
        _ => {
            let opened = recover::open_as::<MatchRecord>(&path, writable, false);
            notices.extend(opened.notices);
            *newer = newer.take().or(opened.newer);
            (opened.value, None)
        }
    };
    let Some(record) = record else { return untrusted };
    let summary = record.summary();
    let edited = listed.is_some_and(|(listed, _)| *listed != summary);
    if edited {
        tracing::warn!(%id, "a summary in the history index is not what its record plays to; the record's is used");
    }
    // An older record is upgraded by the sweep, which changes its bytes: its digest is taken
    // (and it is replayed once more) at a later start.
    let digest = bytes.map(|bytes| checked_digest(&bytes, &summary));
    Checked { summary: Some(summary), digest, replayed: true, edited }
}

/// Reads the history under `root`: the index ([`read_index`]), each match it lists checked
/// against its record ([`check_record`]: replayed unless the index's digest says it was, as it
/// is now), then the records it lacks, for their summaries. `total` is set to how many records
/// must be looked at once that is known, and `read` counts them; it stops early when `stop` is
/// set. A record that cannot be read or does not replay is left out with its notice; an older
/// one is upgraded in memory only (the upgrade sweep writes it).
#[must_use]
pub fn read_history(root: &Path, writable: bool, total: &AtomicUsize, read: &AtomicUsize, stop: &AtomicBool) -> HistoryRead {
    let mut index_read = read_index(root, writable);
    let mut notices = std::mem::take(&mut index_read.notices);
    let mut newer = index_read.newer.take();
    total.store(index_read.index.matches.len() + index_read.missing.len(), Ordering::Relaxed);
    let listed = index_read.index.matches.iter().map(|summary| (summary.id.clone(), Some((summary, index_read.checked(&summary.id)))));
    let unlisted = index_read.missing.iter().map(|id| (id.clone(), None));
    let mut outcome = HistoryRead { had_index: index_read.had_index, dropped: index_read.dropped, ..HistoryRead::default() };
    for (id, listed) in listed.chain(unlisted) {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let checked = check_record(root, &id, writable, listed, &mut notices, &mut newer);
        outcome.replayed += usize::from(checked.replayed);
        if checked.edited {
            outcome.edited.push(id.clone());
        }
        // A match whose record cannot be trusted leaves the history; its notice names it.
        if let Some(summary) = checked.summary {
            outcome.added += usize::from(listed.is_none());
            outcome.matches.push(summary);
            if let Some(digest) = checked.digest {
                outcome.checked.insert(id, digest);
            }
        } else if listed.is_some() {
            outcome.untrusted.push(id);
        }
        read.fetch_add(1, Ordering::Relaxed);
    }
    if !outcome.edited.is_empty() {
        notices.push(Notice::SummariesEdited { matches: outcome.edited.clone() });
    }
    sort(&mut outcome.matches);
    HistoryRead { notices, newer, ..outcome }
}

/// Sorts `matches` as the history lists them: oldest first.
pub fn sort(matches: &mut [MatchSummary]) {
    matches.sort_by(|a, b| (a.finished, &a.id).cmp(&(b.finished, &b.id)));
}
