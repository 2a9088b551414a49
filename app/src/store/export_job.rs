//! An export of the match history as a job: CSV or JSON, written atomically to a regular file
//! (anything else there is refused in words) or streamed to standard output (`--out -`). The
//! window runs it on its jobs thread, `cardtable export` in line.

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use super::export::ExportedMatch;
use super::history::record_path;
use super::reader::{Findings, RecordReader};
use super::record::{MatchId, MatchSummary};
use super::{Store, StoreError, export, record_copy};

/// What to export as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ExportFormat {
    /// One row per seat of each match, for spreadsheets.
    Csv,
    /// Every full record (seed, options, seats, steps, rounds, result), for programs.
    Json,
}

impl ExportFormat {
    /// The file extension.
    #[must_use]
    pub fn extension(self) -> &'static str {
        match self {
            ExportFormat::Csv => "csv",
            ExportFormat::Json => "json",
        }
    }
}

/// The `--out` that means standard output.
pub const STANDARD_OUTPUT: &str = "-";

/// Streams an export with `write` to `target`: standard output for [`STANDARD_OUTPUT`], else a
/// regular file written atomically (a failed export leaves no half file; anything but a
/// regular file at `target` is refused, not replaced).
fn write_to<T>(target: &Path, write: impl FnOnce(&mut dyn Write) -> Result<T, StoreError>) -> Result<T, StoreError> {
    if target == Path::new(STANDARD_OUTPUT) {
        return write(&mut std::io::stdout().lock());
    }
    export::to_file(target, |file| write(file))
}

/// The default export file: `exports/history-<UTC time>.<ext>` in the data folder.
#[must_use]
pub fn default_target(root: &Path, format: ExportFormat) -> PathBuf {
    let stamp = jiff::Timestamp::now().strftime("%Y%m%dT%H%M%SZ");
    root.join("exports").join(format!("history-{stamp}.{}", format.extension()))
}

/// What an export wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportReport {
    /// Matches written.
    pub written: usize,
    /// Matches left out because their record could not be read; each was set aside with a
    /// notice, and one more notice names them all.
    pub left_out: Vec<MatchId>,
}

/// Writes the history of `store` to `target`. The CSV is made from the summaries; the JSON
/// reads every record, and a record that cannot be read is left out, set aside, named in the
/// store's notices and in the report, and dropped from the history.
///
/// The same as [`ExportJob::new`], [`ExportJob::run`] and [`ExportDone::finish`] in a row (the
/// window runs the middle one on a worker thread).
///
/// # Errors
/// The file cannot be written.
pub fn export(store: &mut Store, format: ExportFormat, target: &Path) -> Result<ExportReport, StoreError> {
    ExportJob::new(store, format, target.to_owned()).run().finish(store)
}

/// An export taken out of the store, to run on any thread: what to write, where, and the
/// history as it was when the export was asked for.
#[derive(Debug)]
pub struct ExportJob {
    format: ExportFormat,
    target: PathBuf,
    /// Each match's summary, with the digest kept once its record was seen to replay to it.
    matches: Vec<(MatchSummary, Option<String>)>,
    reader: RecordReader,
}

/// A finished export, to hand back to the store ([`ExportDone::finish`]).
#[derive(Debug)]
pub struct ExportDone {
    target: PathBuf,
    outcome: Result<ExportReport, StoreError>,
    findings: Findings,
}

impl ExportJob {
    /// The export of `store`'s history as `format` to `target`.
    #[must_use]
    pub fn new(store: &Store, format: ExportFormat, target: PathBuf) -> ExportJob {
        let matches =
            store.history().iter().map(|summary| (summary.clone(), store.checked_digest(&summary.id).map(str::to_owned))).collect();
        ExportJob { format, target, matches, reader: store.record_reader() }
    }

    /// Where it writes.
    #[must_use]
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// Writes the file (reading every record for the JSON): the long part, which touches no
    /// store state.
    #[must_use]
    pub fn run(self) -> ExportDone {
        let ExportJob { format, target, matches, reader } = self;
        let mut findings = Findings::default();
        let outcome = match format {
            ExportFormat::Csv => {
                let summaries: Vec<MatchSummary> = matches.into_iter().map(|(summary, _)| summary).collect();
                write_to(&target, |out| export::write_csv(&summaries, out))
                    .map(|()| ExportReport { written: summaries.len(), left_out: Vec::new() })
            }
            ExportFormat::Json => {
                let ids: Vec<MatchId> = matches.iter().map(|(summary, _)| summary.id.clone()).collect();
                let checked: HashMap<&MatchId, (&MatchSummary, &str)> =
                    matches.iter().filter_map(|(summary, digest)| Some((&summary.id, (summary, digest.as_deref()?)))).collect();
                // A record checked before is copied if it is unchanged; any other is read, and so replayed.
                let read = |id: &MatchId| {
                    let copy =
                        checked.get(id).and_then(|(summary, digest)| record_copy::open(&record_path(reader.root(), id), summary, digest));
                    match copy {
                        Some(copy) => Some(ExportedMatch::Copied(copy)),
                        None => reader.open(id, &mut findings).map(|record| ExportedMatch::Read(Box::new(record))),
                    }
                };
                write_to(&target, |out| export::write_json(&ids, read, out))
                    .map(|left_out| ExportReport { written: ids.len() - left_out.len(), left_out })
            }
        };
        ExportDone { target, outcome, findings }
    }
}

impl ExportDone {
    /// Where it was written.
    #[must_use]
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// Tells `store` what the export found: the records it set aside (their notices), and the
    /// matches it left out, which leave the history with one notice naming them all.
    ///
    /// # Errors
    /// The file could not be written.
    pub fn finish(self, store: &mut Store) -> Result<ExportReport, StoreError> {
        store.take_findings(self.findings);
        let report = self.outcome?;
        store.left_out_of_export(&self.target, &report.left_out);
        Ok(report)
    }
}
