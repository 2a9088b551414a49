//! The history exported for spreadsheets and programs: CSV with one row per seat of each
//! match (from the summaries), and JSON with every full record. Both are written atomically;
//! a record that cannot be read is never left out silently (see `export_job`).

use std::io::{BufWriter, Write};
use std::path::Path;

use serde::Serialize;

use super::atomic;
use super::error::StoreError;
use super::record::{MatchId, MatchRecord, MatchSummary};
use super::record_copy::CheckedCopy;

/// One CSV row: one seat of one match.
#[derive(Serialize)]
struct CsvRow<'a> {
    match_id: &'a str,
    finished: String,
    game: &'static str,
    rounds: u32,
    seat: usize,
    name: &'a str,
    profile_id: Option<u32>,
    bot_level: Option<&'static str>,
    total: i32,
    won: bool,
    lost: bool,
    round_points: String,
}

/// Writes `matches` as CSV to `out`.
///
/// # Errors
/// The writer failed.
pub fn write_csv(matches: &[MatchSummary], out: impl Write) -> Result<(), StoreError> {
    let mut csv = csv::Writer::from_writer(out);
    for summary in matches {
        for (index, seat) in summary.seats.iter().enumerate() {
            csv.serialize(CsvRow {
                match_id: summary.id.as_str(),
                finished: summary.finished.to_string(),
                game: summary.game.id(),
                rounds: summary.rounds,
                seat: index + 1,
                name: &seat.name,
                profile_id: seat.profile.map(|profile| profile.0),
                bot_level: seat.bot.map(cardtable_engine::bots::BotLevel::id),
                total: seat.total,
                won: seat.won,
                lost: seat.lost,
                round_points: seat.round_points.iter().map(i32::to_string).collect::<Vec<_>>().join(";"),
            })?;
        }
    }
    csv.flush().map_err(|error| StoreError::io("write", "the CSV export", error))
}

/// One match of a JSON export, as its reader found it.
#[derive(Debug)]
pub enum ExportedMatch {
    /// A record checked before and unchanged since: its data is copied as it is, a few
    /// kilobytes at a time, however many steps it holds.
    Copied(CheckedCopy),
    /// A record read (and so replayed) now: written from memory.
    Read(Box<MatchRecord>),
}

/// Writes the full record of every match in `ids`, as `read` gives it, as one JSON document to
/// `out`, one record at a time (the records of a long history do not fit in memory at once,
/// and a record checked before is copied without being held: [`CheckedCopy`]). Returns the
/// matches left out because `read` had no record for them.
///
/// # Errors
/// The writer failed, or a record could not be copied.
pub fn write_json(
    ids: &[MatchId],
    mut read: impl FnMut(&MatchId) -> Option<ExportedMatch>,
    out: impl Write,
) -> Result<Vec<MatchId>, StoreError> {
    let mut out = BufWriter::new(out);
    let io = |error| StoreError::io("write", "the JSON export", error);
    let mut left_out = Vec::new();
    // Schema 2: each match in the compact record format 2 (docs/store.md).
    out.write_all(b"{\"cardtable\":\"history-export\",\"schema\":2,\"matches\":[\n").map_err(io)?;
    let mut first = true;
    for id in ids {
        let Some(exported) = read(id) else {
            left_out.push(id.clone());
            continue;
        };
        if !first {
            out.write_all(b",\n").map_err(io)?;
        }
        first = false;
        match exported {
            ExportedMatch::Copied(copy) => copy.write_data(&mut out).map_err(io)?,
            ExportedMatch::Read(record) => {
                serde_json::to_writer(&mut out, &record).map_err(|source| StoreError::Encode { what: "a match record", source })?;
            }
        }
    }
    out.write_all(b"\n]}\n").map_err(io)?;
    out.flush().map_err(io)?;
    Ok(left_out)
}

/// Exports to `target` atomically, streaming with `write` (one of the writers above).
///
/// # Errors
/// The file could not be written.
pub fn to_file<T>(target: &Path, write: impl FnOnce(&mut std::fs::File) -> Result<T, StoreError>) -> Result<T, StoreError> {
    if let Some(folder) = target.parent().filter(|folder| !folder.as_os_str().is_empty()) {
        std::fs::create_dir_all(folder).map_err(|error| StoreError::io("create", folder, error))?;
    }
    atomic::write_with(target, false, write)
}
