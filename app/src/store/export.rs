//! The history exported for spreadsheets and programs: CSV with one row per seat of each
//! match, and JSON with every full record. Both are written atomically.

use std::io::{BufWriter, Write};
use std::path::Path;

use serde::Serialize;

use super::atomic;
use super::document::{self, Decoded};
use super::error::StoreError;
use super::history::record_path;
use super::record::{MatchRecord, MatchSummary};
use super::recover;

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

/// Writes every match's full record under `root` as one JSON document to `out`, one record at a
/// time (the records of a long history do not fit in memory at once). Records that cannot be
/// read are left out and counted.
///
/// # Errors
/// The writer failed.
pub fn write_json(root: &Path, matches: &[MatchSummary], out: impl Write) -> Result<usize, StoreError> {
    let mut out = BufWriter::new(out);
    let io = |error| StoreError::io("write", "the JSON export", error);
    let mut skipped = 0;
    out.write_all(b"{\"cardtable\":\"history-export\",\"schema\":1,\"matches\":[\n").map_err(io)?;
    let mut first = true;
    for summary in matches {
        let path = record_path(root, &summary.id);
        let record = recover::read_bytes(&path)
            .ok()
            .flatten()
            .and_then(|bytes| document::decode::<MatchRecord>(&bytes).ok())
            .and_then(Decoded::into_value);
        let Some(record) = record else {
            skipped += 1;
            continue;
        };
        if !first {
            out.write_all(b",\n").map_err(io)?;
        }
        first = false;
        serde_json::to_writer(&mut out, &record).map_err(|source| StoreError::Encode { what: "a match record", source })?;
    }
    out.write_all(b"\n]}\n").map_err(io)?;
    out.flush().map_err(io)?;
    Ok(skipped)
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
