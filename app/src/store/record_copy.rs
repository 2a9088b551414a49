//! Copying a checked record into an export without decoding it: the export of a history
//! held every record whole in memory, three times over (its text, its steps, the replay of
//! them), so its memory grew with the longest record (a 10⁶-step record took 263 MB). A
//! record whose bytes still give the digest its check kept in the index ([`super::history`])
//! replayed to its summary when it was checked and has not changed since: its `data` is copied
//! as it is, in pieces of a few kilobytes, whatever its length.

use std::fs::File;
use std::io::{self, BufReader, Read, Seek, SeekFrom, Write};
use std::path::Path;

use serde::Deserialize as _;
use serde::de::IgnoredAny;

use super::document::{self, Document};
use super::file_kind;
use super::history;
use super::record::{MatchRecord, MatchSummary};

/// How a record's file ends after its `data`, as [`document::encode`] writes it.
const TAIL: &[u8] = b"\n}\n";

/// A record file whose `data` may be copied as it is: its bytes give the digest kept for it,
/// and it is laid out as the store writes records.
#[derive(Debug)]
pub struct CheckedCopy {
    file: File,
    /// Where its `data` begins in the file.
    start: u64,
    /// How long its `data` is.
    len: u64,
}

/// How every record file the store writes begins, up to its `data`.
fn data_prefix() -> String {
    format!("{}  \"data\": ", document::current_header::<MatchRecord>())
}

/// Opens the record file at `path` for copying when its bytes and `summary` still give
/// `digest` ([`history::checked_digest`]) and its `data` is one JSON value between the header
/// and the end the store writes. `None` otherwise (changed since it was checked, laid out by
/// another hand, not a regular file): the caller then reads it as any record, replay and all.
#[must_use]
pub fn open(path: &Path, summary: &MatchSummary, digest: &str) -> Option<CheckedCopy> {
    let mut file = file_kind::open_to_read(path).ok()?;
    let size = file.metadata().ok()?.len();
    let prefix = data_prefix();
    if size > MatchRecord::MAX_BYTES || size < (prefix.len() + TAIL.len()) as u64 {
        return None;
    }
    // Everything below reads at most `size` bytes: a file that grows meanwhile is read as it was.
    if history::checked_digest_of(&mut (&file).take(size), size, summary).ok()? != digest {
        return None;
    }
    let mut head = vec![0; prefix.len()];
    file.seek(SeekFrom::Start(0)).ok()?;
    file.read_exact(&mut head).ok()?;
    let mut tail = [0; TAIL.len()];
    file.seek(SeekFrom::Start(size - TAIL.len() as u64)).ok()?;
    file.read_exact(&mut tail).ok()?;
    if head != prefix.as_bytes() || tail != TAIL {
        return None;
    }
    let (start, len) = (prefix.len() as u64, size - (prefix.len() + TAIL.len()) as u64);
    // The `data` must be exactly one JSON value (a checked record's is an object); read without
    // building it, so this too holds a few kilobytes at a time.
    file.seek(SeekFrom::Start(start)).ok()?;
    let mut data = serde_json::Deserializer::from_reader(BufReader::new((&file).take(len)));
    IgnoredAny::deserialize(&mut data).ok()?;
    data.end().ok()?;
    Some(CheckedCopy { file, start, len })
}

impl CheckedCopy {
    /// Copies the record's `data` to `out`.
    ///
    /// # Errors
    /// Reading the file or writing `out` failed.
    pub fn write_data(mut self, out: &mut impl Write) -> io::Result<()> {
        self.file.seek(SeekFrom::Start(self.start))?;
        let copied = io::copy(&mut (&self.file).take(self.len), out)?;
        if copied == self.len {
            Ok(())
        } else {
            Err(io::Error::new(io::ErrorKind::UnexpectedEof, "the record was cut short while it was copied"))
        }
    }
}
