//! `cardtable export`: the match history as CSV or JSON to a file or standard output (the job
//! itself is the store's, [`crate::store::export_job`]).

use std::path::Path;

use anyhow::Context;

use crate::store::export_job::{ExportFormat, STANDARD_OUTPUT, default_target, export};
use crate::store::record::MatchId;
use crate::store::{Store, paths};

/// Exports the history of the data folder; returns a line saying where it went (printed to
/// standard error instead, and `None` returned, when the export itself went to standard
/// output). What the store had to say on opening (damaged files set aside, a read-only
/// folder) is printed to standard error first.
///
/// # Errors
/// The data folder cannot be opened or the file cannot be written; or matches were left out
/// of the export: the file is written without them, and the error names each, so that a
/// script (or a person) never takes a partial export for a whole one.
pub fn run(data_dir: Option<&Path>, format: ExportFormat, out: Option<&Path>) -> anyhow::Result<Option<String>> {
    let root = paths::data_dir(data_dir)?;
    let mut store = Store::open(&root).with_context(|| format!("cannot open the data folder {}", root.display()))?;
    let target = out.map_or_else(|| default_target(&root, format), Path::to_owned);
    let exported = export(&mut store, format, &target).with_context(|| format!("cannot export to {}", target.display()));
    for notice in store.notices() {
        eprintln!("note: {notice}");
    }
    let mut report = exported?;
    // Matches the index listed whose records were set aside when the store was opened (they
    // did not replay) are missing from this export as much as those its reading set aside.
    report.left_out.splice(0..0, store.untrusted().iter().cloned());
    if report.left_out.is_empty() {
        let done = format!("exported {} matches to {}", report.written, target.display());
        if target == Path::new(STANDARD_OUTPUT) {
            eprintln!("{done}");
            return Ok(None);
        }
        return Ok(Some(done));
    }
    let names: Vec<&str> = report.left_out.iter().map(MatchId::as_str).collect();
    anyhow::bail!(
        "exported {} matches to {}, but left out {} whose records could not be read: {} (see the notes above)",
        report.written,
        target.display(),
        names.len(),
        names.join(", ")
    )
}
