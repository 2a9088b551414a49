//! `cardtable export`: the match history as CSV or JSON, written atomically.

use std::path::{Path, PathBuf};

use anyhow::Context;

use crate::store::{Store, export, paths};

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

/// The default export file: `exports/history-<UTC time>.<ext>` in the data folder.
#[must_use]
pub fn default_target(root: &Path, format: ExportFormat) -> PathBuf {
    let stamp = jiff::Timestamp::now().strftime("%Y%m%dT%H%M%SZ");
    root.join("exports").join(format!("history-{stamp}.{}", format.extension()))
}

/// Writes the history of `store` to `target`; returns how many matches were written.
///
/// # Errors
/// The file cannot be written.
pub fn export(store: &Store, format: ExportFormat, target: &Path) -> Result<usize, crate::store::StoreError> {
    let matches = store.history();
    match format {
        ExportFormat::Csv => export::to_file(target, |file| export::write_csv(matches, file)).map(|()| matches.len()),
        ExportFormat::Json => {
            export::to_file(target, |file| export::write_json(store.root(), matches, file)).map(|skipped| matches.len() - skipped)
        }
    }
}

/// Exports the history of the data folder; returns a line saying where it went.
///
/// # Errors
/// The data folder cannot be opened or the file cannot be written.
pub fn run(data_dir: Option<&Path>, format: ExportFormat, out: Option<&Path>) -> anyhow::Result<String> {
    let root = paths::data_dir(data_dir)?;
    let store = Store::open(&root).with_context(|| format!("cannot open the data folder {}", root.display()))?;
    let target = out.map_or_else(|| default_target(&root, format), Path::to_owned);
    let count = export(&store, format, &target).with_context(|| format!("cannot export to {}", target.display()))?;
    Ok(format!("exported {count} matches to {}", target.display()))
}
