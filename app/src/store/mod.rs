//! The store: profiles, match history, statistics, unfinished matches and settings, kept in
//! human-readable, versioned JSON files under one data folder (see [`paths`]).
//!
//! Guarantees: every write is atomic and durable ([`atomic`]) and happens on a writer thread
//! ([`writer`]); a damaged file is moved aside and replaced by its last good backup with one
//! [`Notice`] ([`recover`]); older files are upgraded with the original kept, newer ones make
//! the folder read-only ([`document`]); a second running Cardtable opens it read-only
//! ([`lock`]).

pub mod atomic;
pub mod digest;
pub mod document;
pub mod error;
pub mod export;
pub mod export_job;
pub mod file_kind;
pub mod history;
pub mod keeper;
pub mod lock;
pub mod notice;
pub mod paths;
pub mod profiles;
pub mod reader;
pub mod rebuild;
pub mod record;
pub mod record_copy;
pub mod recover;
pub mod saved;
pub mod settings;
pub mod stats;
pub mod sweep;
pub mod verdict;
pub mod writer;

use std::collections::{HashMap, HashSet};
use std::fs;
use std::path::{Path, PathBuf};

use serde::Serialize;
use serde::de::DeserializeOwned;

pub use error::{ReadOnlyReason, StoreError};
pub use notice::{Notice, Recovery};
pub use writer::{Receipt, WriteFailed};

use document::Document;
use history::{HistoryIndex, INDEX_FILE, MATCHES_DIR, record_path};
use lock::InstanceLock;
use profiles::{ProfileBook, ProfileEdit, ProfileError};
use reader::{Findings, RecordReader};
use rebuild::Rebuild;
use record::{MatchId, MatchRecord, MatchSummary};
use saved::{SAVED_DIR, SavedMatch, saved_path};
use settings::{SETTINGS_FILE, SettingsFile};
use sweep::Sweep;
use writer::{Encoder, WriteEvent, Writer};

/// The profiles file's name in the data folder.
pub const PROFILES_FILE: &str = "profiles.json";

/// An encoder for the writer thread: `value` is turned into its file's bytes only if no newer
/// write of the same file supersedes it.
fn encoder<T: Document + Send + 'static>(value: T) -> Encoder {
    Box::new(move |_: &writer::Unsaved<'_>| document::encode(&value).map_err(|source| StoreError::Encode { what: T::KIND, source }))
}

/// The open data folder.
#[derive(Debug)]
pub struct Store {
    /// Upgrades older match records in the background. First, so it stops before the lock goes.
    sweep: Option<Sweep>,
    /// Reads the history (the index, and the records it lacks) in the background; it joins
    /// the history once it is done.
    rebuild: Option<Rebuild>,
    root: PathBuf,
    _lock: Option<InstanceLock>,
    read_only: Option<ReadOnlyReason>,
    profiles: ProfileBook,
    history: Vec<MatchSummary>,
    /// The digest of each match of the history whose record was seen to replay to its summary
    /// (kept in the index, so a later start does not replay it again: [`history`]).
    checked: HashMap<MatchId, String>,
    /// Matches the index listed whose record, checked at this open, did not replay or could
    /// not be read: left out of the history.
    untrusted: Vec<MatchId>,
    unfinished: Vec<SavedMatch>,
    notices: Vec<Notice>,
    /// Files that could not be read or set aside: never written over.
    left_alone: HashSet<PathBuf>,
    writer: Option<Writer>,
}

/// What opening the files found, gathered file by file.
#[derive(Default)]
struct Gathered {
    notices: Vec<Notice>,
    newer: Option<ReadOnlyReason>,
    left_alone: HashSet<PathBuf>,
}

impl Gathered {
    /// Takes a file's notices and flags; returns its content.
    fn take<T>(&mut self, path: &Path, opened: recover::Opened<T>) -> Option<T> {
        self.notices.extend(opened.notices);
        self.newer = self.newer.take().or(opened.newer);
        if opened.keep_off {
            self.left_alone.insert(path.to_owned());
        }
        opened.value
    }
}

/// Why `root` cannot be written, if it cannot: a file is made and removed there (asking
/// the permissions would not tell a read-only disk, nor an access list, apart).
fn not_writable(root: &Path) -> Option<ReadOnlyReason> {
    let probe = tempfile::Builder::new().prefix(atomic::TEMP_PREFIX).tempfile_in(root);
    probe.err().map(|error| ReadOnlyReason::NotWritable { folder: root.to_owned(), reason: error.to_string() })
}

impl Store {
    /// Opens (creating if needed) the data folder `root`: takes its lock or falls back to
    /// reading only, and reads profiles, the history index and unfinished matches, repairing
    /// what is damaged. A folder that cannot be written is read read-only; a file that cannot
    /// be read is skipped with a notice. Returns once the history is whole (the records a
    /// deleted or damaged index lacks are read first): for commands and tools.
    ///
    /// # Errors
    /// The folder does not exist and cannot be made, or a thread of the store cannot start.
    pub fn open(root: impl Into<PathBuf>) -> Result<Store, StoreError> {
        let mut store = Store::open_for_window(root)?;
        if let Some(rebuild) = store.rebuild.take() {
            store.history_read(rebuild.wait());
        }
        Ok(store)
    }

    /// [`Store::open`], returning before the history is read: the index, and the records it
    /// lacks (all of them when it was deleted or damaged), are read on a thread of their own,
    /// join the history at a later [`Store::poll`], and [`Store::history_progress`] says how
    /// far it is. For the window, whose first frame must not wait for a history of thousands.
    ///
    /// # Errors
    /// The folder does not exist and cannot be made, or a thread of the store cannot start.
    pub fn open_for_window(root: impl Into<PathBuf>) -> Result<Store, StoreError> {
        let root = root.into();
        fs::create_dir_all(&root).map_err(|error| StoreError::io("create", &root, error))?;
        let mut found = Gathered::default();
        let mut read_only = not_writable(&root);
        let mut lock = None;
        if read_only.is_none() {
            for folder in [root.join(MATCHES_DIR), root.join(SAVED_DIR)] {
                if let Err(error) = fs::create_dir_all(&folder) {
                    found.notices.push(Notice::Unreadable { file: folder, reason: error.to_string() });
                }
            }
            match lock::clear_the_way(&root) {
                Ok(moved) => found.notices.extend(moved),
                Err(error) => read_only = Some(ReadOnlyReason::NotWritable { folder: root.clone(), reason: error.to_string() }),
            }
        }
        if read_only.is_none() {
            match InstanceLock::acquire_within(&root, lock::PATIENCE) {
                Ok(Some(held)) => lock = Some(held),
                Ok(None) => read_only = Some(ReadOnlyReason::AnotherInstance),
                Err(error) => read_only = Some(ReadOnlyReason::NotWritable { folder: root.clone(), reason: error.to_string() }),
            }
        }
        let writable = read_only.is_none();
        if writable {
            for folder in [root.clone(), root.join("history"), root.join(MATCHES_DIR), root.join(SAVED_DIR)] {
                atomic::remove_leftovers(&folder);
            }
        }
        let profiles_path = root.join(PROFILES_FILE);
        let profiles = found.take(&profiles_path, recover::open::<ProfileBook>(&profiles_path, writable)).unwrap_or_default();
        let mut unfinished = Vec::new();
        let saved_ids = record::ids_in(&root.join(SAVED_DIR)).unwrap_or_else(|error| {
            found.notices.push(Notice::Unreadable { file: root.join(SAVED_DIR), reason: error.to_string() });
            Vec::new()
        });
        for id in saved_ids {
            let path = saved_path(&root, &id);
            unfinished.extend(found.take(&path, recover::open::<SavedMatch>(&path, writable)));
        }
        unfinished.sort_by_key(|saved| std::cmp::Reverse(saved.saved));
        let Gathered { mut notices, newer, left_alone } = found;
        let read_only = read_only.or(newer);
        if let Some(reason) = &read_only {
            tracing::warn!(%reason, root = %root.display(), "the data folder is read-only here");
            notices.push(Notice::ReadOnly(reason.clone()));
        }
        let writer = if read_only.is_none() { Some(Writer::start()?) } else { None };
        // The upgrade sweep starts once the history is read (`history_read`): both read the
        // records, and a record the sweep set aside mid-read would read as gone from the index.
        let sweep = None;
        let rebuild = Some(Rebuild::start(root.clone(), read_only.is_none())?);
        let (history, checked, untrusted) = (Vec::new(), HashMap::new(), Vec::new());
        Ok(Store {
            sweep,
            rebuild,
            root,
            _lock: lock,
            read_only,
            profiles,
            history,
            checked,
            untrusted,
            unfinished,
            notices,
            left_alone,
            writer,
        })
    }

    /// Takes in the history as read behind the window: its summaries join the history (with
    /// any match recorded meanwhile), its notices the store's, and the index is written again
    /// if it disagreed with the records, records were checked (their digests join it) or a
    /// match was recorded meanwhile.
    fn history_read(&mut self, read: history::HistoryRead) {
        let (out_of_line, repaired) = (read.out_of_line(), read.repaired());
        let history::HistoryRead { matches, notices, newer, had_index, added, dropped, checked, replayed, edited: _, untrusted } = read;
        tracing::info!(matches = matches.len(), replayed, "the match history is read and checked");
        self.checked = checked;
        self.untrusted = untrusted;
        for found in notices {
            notice::push(&mut self.notices, found);
        }
        let recorded_meanwhile = std::mem::replace(&mut self.history, matches);
        let known: HashSet<MatchId> = self.history.iter().map(|summary| summary.id.clone()).collect();
        let before = self.history.len();
        self.history.extend(recorded_meanwhile.into_iter().filter(|summary| !known.contains(&summary.id)));
        let recorded = self.history.len() > before;
        history::sort(&mut self.history);
        if had_index && repaired {
            self.notices.push(Notice::HistoryRepaired { added, dropped });
        }
        if let Some(reason) = newer
            && self.read_only.is_none()
        {
            tracing::warn!(%reason, "the data folder is read-only here");
            self.notices.push(Notice::ReadOnly(reason.clone()));
            self.read_only = Some(reason);
        }
        if (out_of_line || recorded)
            && self.read_only.is_none()
            && let Err(error) = self.write_index()
        {
            tracing::warn!(%error, "the history index was not written");
        }
        self.settle_recorded_saves();
        // A read-only store upgrades nothing on disk.
        if self.read_only.is_none() {
            match Sweep::start(self.root.join(MATCHES_DIR)) {
                Ok(sweep) => self.sweep = Some(sweep),
                // The records stay in their older format, read as before; nothing is lost.
                Err(error) => tracing::error!(%error, "the upgrade sweep could not start"),
            }
        }
    }

    /// How far the history is read, while it is being read behind the window: (records the
    /// index lacked read, of how many; 0 of 0 while the index itself is read). `None` once the
    /// history is whole.
    #[must_use]
    pub fn history_progress(&self) -> Option<(usize, usize)> {
        self.rebuild.as_ref().map(Rebuild::progress)
    }

    /// Removes the saves of matches already in the history (a crash between recording a
    /// match and removing its save leaves both).
    fn settle_recorded_saves(&mut self) {
        let recorded: Vec<MatchId> = self
            .unfinished
            .iter()
            .filter(|saved| self.history.iter().any(|summary| summary.id == saved.id))
            .map(|saved| saved.id.clone())
            .collect();
        for id in recorded {
            // Only the in-memory list changes when read-only; the file waits for a writer.
            let _ = self.discard_unfinished(&id);
        }
    }

    /// The data folder.
    #[must_use]
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Why this instance only reads, if it does.
    #[must_use]
    pub fn read_only(&self) -> Option<&ReadOnlyReason> {
        self.read_only.as_ref()
    }

    fn writer(&self) -> Result<&Writer, StoreError> {
        match (&self.writer, &self.read_only) {
            (Some(writer), None) => Ok(writer),
            (_, Some(reason)) => Err(StoreError::ReadOnly(reason.clone())),
            (None, None) => Err(StoreError::ReadOnly(ReadOnlyReason::AnotherInstance)),
        }
    }

    /// The writer, for `file`: refused when the folder is read-only or the file could not be
    /// read when the store opened.
    fn writer_for(&self, file: &Path) -> Result<&Writer, StoreError> {
        let writer = self.writer()?;
        if self.left_alone.contains(file) {
            return Err(StoreError::LeftAlone { file: file.to_owned() });
        }
        Ok(writer)
    }

    /// What the user should be told, oldest first.
    #[must_use]
    pub fn notices(&self) -> &[Notice] {
        &self.notices
    }

    /// Forgets the notices (the user has read them).
    pub fn dismiss_notices(&mut self) {
        self.notices.clear();
    }

    /// Collects failed writes (one notice per file, updated in place, gone once the file is
    /// written after all), and the upgrade sweep's notices once it is done, into the notices;
    /// call once per frame.
    pub fn poll(&mut self) {
        if let Some(read) = self.rebuild.as_ref().and_then(Rebuild::finished) {
            self.rebuild = None;
            self.history_read(read);
        }
        let events = self.writer.as_ref().map(Writer::events).unwrap_or_default();
        for event in events {
            match event {
                WriteEvent::Failed(failed) => notice::write_failed(&mut self.notices, failed, jiff::Timestamp::now()),
                WriteEvent::Settled(path) => {
                    self.notices.retain(|notice| !matches!(notice, Notice::WriteFailed { file, .. } if *file == path));
                    // A record written at last: the index may list it now.
                    if path.starts_with(self.root.join(MATCHES_DIR))
                        && let Err(error) = self.write_index()
                    {
                        tracing::warn!(%error, "the history index was not updated");
                    }
                }
            }
        }
        if let Some(sweep) = &self.sweep {
            for found in sweep.finished() {
                notice::push(&mut self.notices, found);
            }
        }
    }

    /// Waits until the history is read and the upgrade sweep of older match records is done,
    /// and takes their notices (for tools and tests; the window polls instead).
    pub fn finish_upgrades(&mut self) {
        if let Some(rebuild) = self.rebuild.take() {
            self.history_read(rebuild.wait());
        }
        if let Some(sweep) = &mut self.sweep {
            for found in sweep.wait() {
                notice::push(&mut self.notices, found);
            }
        }
    }

    /// Waits until every queued write is done.
    pub fn flush(&self) {
        if let Some(writer) = &self.writer {
            writer.flush();
        }
    }

    /// Every profile and the recently used ones.
    #[must_use]
    pub fn profiles(&self) -> &ProfileBook {
        &self.profiles
    }

    /// Edits the profiles with `edit` and saves them if it succeeds; on error nothing changes.
    ///
    /// # Errors
    /// The folder is read-only, or `edit` refused.
    pub fn edit_profiles<R>(&mut self, edit: impl FnOnce(&mut ProfileBook) -> Result<R, ProfileError>) -> Result<(R, Receipt), StoreError> {
        self.writer_for(&self.root.join(PROFILES_FILE))?;
        let mut book = self.profiles.clone();
        let outcome = edit(&mut book)?;
        self.profiles = book;
        Ok((outcome, self.write_profiles()?))
    }

    /// Applies one edit asked for on the profiles screen (checked in memory at once; the file
    /// is written on the writer thread, and the receipt settles once it is durable).
    ///
    /// # Errors
    /// The folder is read-only, or the edit was refused (an empty or taken name...).
    pub fn edit_profile(&mut self, edit: &ProfileEdit, now: jiff::Timestamp) -> Result<Receipt, StoreError> {
        self.edit_profiles(|book| edit.apply(book, now)).map(|((), receipt)| receipt)
    }

    fn write_profiles(&self) -> Result<Receipt, StoreError> {
        let path = self.root.join(PROFILES_FILE);
        Ok(self.writer_for(&path)?.write(&path, true, encoder(self.profiles.clone())))
    }

    /// Every finished match's summary, oldest first.
    #[must_use]
    pub fn history(&self) -> &[MatchSummary] {
        &self.history
    }

    /// The digest kept for the match `id` once its record was seen to replay to its summary
    /// (see [`history::checked_digest`]), if it was.
    #[must_use]
    pub fn checked_digest(&self, id: &MatchId) -> Option<&str> {
        self.checked.get(id).map(String::as_str)
    }

    /// The matches the history index listed but whose records, checked once the history was
    /// read, did not replay or could not be read: they are not in [`Store::history`], and
    /// each has its notice (an export names them: it is not the whole history).
    #[must_use]
    pub fn untrusted(&self) -> &[MatchId] {
        &self.untrusted
    }

    /// Records a finished match: its record file first, then (once that is durable) its save
    /// is removed; the index and the recent profiles follow. The receipt settles when the
    /// record is durable.
    ///
    /// # Errors
    /// The folder is read-only, or the record cannot be encoded (a bug).
    pub fn record(&mut self, record: MatchRecord) -> Result<Receipt, StoreError> {
        let summary = record.summary();
        self.writer()?;
        // Encoded here rather than on the writer thread, for its digest: the record comes from
        // the match just played, so it is trusted as written and the next start only hashes it
        // (an export copies it as it is).
        let bytes = document::encode(&record).map_err(|source| StoreError::Encode { what: MatchRecord::KIND, source })?;
        let id = record.id;
        let save = saved_path(&self.root, &id);
        let digest = history::checked_digest(&bytes, &summary);
        let encode: Encoder = Box::new(move |_: &writer::Unsaved<'_>| Ok(bytes));
        // The backup goes first: a crash between the two leaves the save, which the next start settles.
        let receipt = self.writer()?.write_then_remove(&record_path(&self.root, &id), encode, vec![atomic::backup_path(&save), save]);
        self.history.retain(|old| old.id != id);
        self.checked.insert(id.clone(), digest);
        let at = self.history.partition_point(|old| (old.finished, &old.id) <= (summary.finished, &summary.id));
        let used: Vec<profiles::ProfileId> = summary.seats.iter().filter_map(|seat| seat.profile).collect();
        self.history.insert(at, summary);
        self.unfinished.retain(|saved| saved.id != id);
        self.write_index()?;
        if !used.is_empty() {
            self.profiles.note_used(&used);
            if let Err(error) = self.write_profiles() {
                // The match is recorded; only the order of the recent profiles is not kept.
                tracing::warn!(%error, "the recently used profiles were not saved");
            }
        }
        Ok(receipt)
    }

    /// Reads a match's full record (for the replay viewer and the round-by-round plot).
    ///
    /// # Errors
    /// The record cannot be read; a damaged one is moved aside with a notice and `Ok(None)`.
    pub fn open_record(&mut self, id: &MatchId) -> Result<Option<MatchRecord>, StoreError> {
        let mut findings = Findings::default();
        let record = self.record_reader().open(id, &mut findings);
        self.take_findings(findings);
        Ok(record)
    }

    /// A reader of this folder's records for another thread (the window reads a record, or a
    /// whole history to export it, off its frame); what it finds comes back through
    /// [`Store::take_findings`].
    #[must_use]
    pub fn record_reader(&self) -> RecordReader {
        RecordReader::new(self.root.clone(), self.read_only.is_none())
    }

    /// Takes in what a [`RecordReader`] found: its notices join the store's.
    pub fn take_findings(&mut self, findings: Findings) {
        for found in findings.notices {
            notice::push(&mut self.notices, found);
        }
    }

    /// Writes the history index, leaving out the matches whose record waits to be written (a
    /// full disk refused it): an index entry never goes before its record.
    fn write_index(&self) -> Result<Receipt, StoreError> {
        let path = self.root.join(INDEX_FILE);
        if self.rebuild.is_some() {
            // The index would lack what the rebuild has not read yet: it is written once it is done.
            return Ok(Receipt::settled(Ok(())));
        }
        let (root, matches) = (self.root.clone(), self.history.clone());
        let checked: std::collections::BTreeMap<MatchId, String> =
            matches.iter().filter_map(|summary| Some((summary.id.clone(), self.checked.get(&summary.id)?.clone()))).collect();
        let encode: Encoder = Box::new(move |unsaved: &writer::Unsaved<'_>| {
            let matches = matches.into_iter().filter(|summary| !unsaved.contains(&record_path(&root, &summary.id))).collect();
            document::encode(&HistoryIndex { matches, checked }).map_err(|source| StoreError::Encode { what: HistoryIndex::KIND, source })
        });
        Ok(self.writer_for(&path)?.write(&path, false, encode))
    }

    /// Notes that an export to `target` left out `left_out`, whose records could not be read
    /// (each was set aside with its own notice): they leave the history, and one notice names
    /// them all.
    pub fn left_out_of_export(&mut self, target: &Path, left_out: &[MatchId]) {
        if left_out.is_empty() {
            return;
        }
        self.history.retain(|summary| !left_out.contains(&summary.id));
        if self.read_only.is_none()
            && let Err(error) = self.write_index()
        {
            tracing::warn!(%error, "the history index was not updated");
        }
        self.notices.push(Notice::ExportIncomplete { target: target.to_owned(), left_out: left_out.to_vec() });
    }

    /// The unfinished matches, most recently saved first.
    #[must_use]
    pub fn unfinished(&self) -> &[SavedMatch] {
        &self.unfinished
    }

    /// Saves an unfinished match (replacing its previous save; the previous one stays as the
    /// backup). The receipt settles when this save, or a newer one, is durable.
    ///
    /// # Errors
    /// The folder is read-only.
    pub fn save_unfinished(&mut self, saved: SavedMatch) -> Result<Receipt, StoreError> {
        let path = saved_path(&self.root, &saved.id);
        let receipt = self.writer_for(&path)?.write(&path, true, encoder(saved.clone()));
        self.unfinished.retain(|old| old.id != saved.id);
        self.unfinished.insert(0, saved);
        Ok(receipt)
    }

    /// Forgets an unfinished match and removes its save.
    ///
    /// # Errors
    /// The folder is read-only.
    pub fn discard_unfinished(&mut self, id: &MatchId) -> Result<Receipt, StoreError> {
        self.unfinished.retain(|saved| &saved.id != id);
        let writer = self.writer()?;
        let path = saved_path(&self.root, id);
        writer.remove(&atomic::backup_path(&path));
        Ok(writer.remove(&path))
    }

    /// Reads the settings; their defaults when there are none yet (or they are damaged and have
    /// no good backup: a notice then says so).
    ///
    /// # Errors
    /// None today: a settings file that cannot be read is skipped with a notice (and never
    /// written over), and the defaults are used.
    pub fn load_settings<T: Serialize + DeserializeOwned + Default>(&mut self) -> Result<T, StoreError> {
        let path = self.root.join(SETTINGS_FILE);
        let opened = recover::open::<SettingsFile<T>>(&path, self.read_only.is_none());
        self.notices.extend(opened.notices);
        if opened.keep_off {
            self.left_alone.insert(path);
        }
        if let Some(reason) = opened.newer {
            self.notices.push(Notice::ReadOnly(reason.clone()));
            self.read_only = Some(reason);
        }
        Ok(opened.value.map(|file| file.0).unwrap_or_default())
    }

    /// Saves the settings.
    ///
    /// # Errors
    /// The folder is read-only.
    pub fn save_settings<T: Serialize + DeserializeOwned + Send + 'static>(&self, settings: T) -> Result<Receipt, StoreError> {
        let path = self.root.join(SETTINGS_FILE);
        Ok(self.writer_for(&path)?.write(&path, true, encoder(SettingsFile(settings))))
    }
}
