//! What the user must be told about their data, as data: the UI puts it into words. A damaged
//! file is never replaced silently; each repair, migration or refusal leaves one notice.

use std::path::PathBuf;

use super::document::Damage;
use super::error::ReadOnlyReason;
use super::record::MatchId;

/// What replaced a damaged file's content.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Recovery {
    /// The last good backup.
    Backup,
    /// Rebuilt from other files (the history index from the match records).
    Rebuilt,
    /// Nothing: there was no good backup, so this part starts empty.
    Nothing,
}

/// One thing the user should know about their stored data.
#[derive(Debug, Clone, PartialEq)]
pub enum Notice {
    /// A file was damaged; it was moved aside (when this instance may write) and replaced.
    Damaged {
        /// The damaged file.
        file: PathBuf,
        /// What was wrong with it.
        damage: Damage,
        /// Where the damaged file now is, to look at or send in.
        moved_to: Option<PathBuf>,
        /// What is used instead.
        recovered: Recovery,
    },
    /// A file from an older version was upgraded; its original is kept beside it.
    Migrated {
        /// The upgraded file.
        file: PathBuf,
        /// Its old schema version.
        from: u32,
        /// The schema it has now.
        to: u32,
        /// The untouched original.
        original: Option<PathBuf>,
    },
    /// Match records of an older format were upgraded to the compact one; their originals are
    /// not kept (each upgraded file read back as the same record first).
    Compacted {
        /// How many match records.
        matches: usize,
        /// The disk space that freed, in bytes.
        freed: u64,
    },
    /// This instance only reads the data folder.
    ReadOnly(ReadOnlyReason),
    /// The history index disagreed with the match records and was brought in line.
    HistoryRepaired {
        /// Records found that the index lacked.
        added: usize,
        /// Index entries whose record is gone.
        dropped: usize,
    },
    /// The history index listed these matches with a summary (a winner, a score) that is not
    /// what their records, which replay, give: the index was edited. The records' summaries are
    /// shown and counted instead.
    SummariesEdited {
        /// The matches.
        matches: Vec<MatchId>,
    },
    /// A file (or folder) could not be read at all: a folder or pipe where a file should be, or
    /// the system refused. It is left as it is, skipped, and never written over.
    Unreadable {
        /// The file.
        file: PathBuf,
        /// Why, in the system's words.
        reason: String,
    },
    /// Something other than a file (a folder, pipe, link or device) stood where the store keeps
    /// a file it cannot do without (the folder's lock): it was moved aside, never removed.
    MovedAside {
        /// The path.
        file: PathBuf,
        /// What stood there.
        kind: super::file_kind::NotAFile,
        /// Where it is now.
        moved_to: PathBuf,
    },
    /// An export was written without these matches: their records could not be read (each is
    /// set aside with its own notice).
    ExportIncomplete {
        /// The export file.
        target: PathBuf,
        /// The matches left out.
        left_out: Vec<MatchId>,
    },
    /// Writing a file failed; what it held is kept and tried again until it is written (the
    /// notice then goes). One per file, however often it fails.
    WriteFailed {
        /// The file.
        file: PathBuf,
        /// The latest error, as the operating system put it.
        message: String,
        /// How many writes of it failed (tries again are not counted).
        times: u32,
        /// When it last failed.
        last: jiff::Timestamp,
    },
}

/// `bytes` in megabytes, one decimal (`"12.3 MB"`).
#[must_use]
pub fn megabytes(bytes: u64) -> String {
    // Exact enough for a size on screen.
    let megabytes = bytes as f64 / 1_000_000.0;
    format!("{megabytes:.1} MB")
}

/// Adds `notice` to `notices`, folding a [`Notice::Compacted`] into one already there, so the
/// upgrade of a whole history reads as one message.
pub fn push(notices: &mut Vec<Notice>, notice: Notice) {
    if let Notice::Compacted { matches, freed } = notice
        && let Some(Notice::Compacted { matches: total, freed: total_freed }) =
            notices.iter_mut().find(|old| matches!(old, Notice::Compacted { .. }))
    {
        *total += matches;
        *total_freed += freed;
        return;
    }
    notices.push(notice);
}

/// Adds a failed write of `failed.path` to `notices`: the file's notice, if there is one, is
/// updated in place (one more try, its time and latest reason), so a full disk failing every
/// save makes one notice per file, not one per save.
pub fn write_failed(notices: &mut Vec<Notice>, failed: super::WriteFailed, now: jiff::Timestamp) {
    if let Some(Notice::WriteFailed { message, times, last, .. }) =
        notices.iter_mut().find(|old| matches!(old, Notice::WriteFailed { file, .. } if *file == failed.path))
    {
        *message = failed.message;
        *times = times.saturating_add(1);
        *last = now;
        return;
    }
    notices.push(Notice::WriteFailed { file: failed.path, message: failed.message, times: 1, last: now });
}

/// The notice in plain English, for logs and the command line (the window words it in the
/// player's language: `ui::notices`).
impl std::fmt::Display for Notice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let aside = |path: &Option<PathBuf>| {
            path.as_ref().map_or_else(|| "left where it is".to_owned(), |path| format!("kept as {}", path.display()))
        };
        match self {
            Notice::Damaged { file, damage, moved_to, recovered } => {
                let instead = match recovered {
                    Recovery::Backup => "the last good copy is used",
                    Recovery::Rebuilt => "it was rebuilt from the match records",
                    Recovery::Nothing => "there was no good copy, so it starts empty",
                };
                write!(f, "{}: {damage}; {instead}; the damaged file is {}", file.display(), aside(moved_to))
            }
            Notice::Migrated { file, from, to, original } => {
                write!(f, "{} was upgraded from format {from} to {to}; the original is {}", file.display(), aside(original))
            }
            Notice::Compacted { matches, freed } => {
                write!(f, "{matches} matches upgraded to the compact format, {} freed", megabytes(*freed))
            }
            Notice::ReadOnly(reason) => write!(f, "the data folder is only read here: {reason}"),
            Notice::HistoryRepaired { added, dropped } => {
                write!(f, "the history index was brought up to date ({added} found, {dropped} gone)")
            }
            Notice::SummariesEdited { matches } => {
                let names: Vec<&str> = matches.iter().map(MatchId::as_str).collect();
                write!(
                    f,
                    "the history index was edited: {} match(es) listed there are not what their records play to ({}); the records' results are shown",
                    names.len(),
                    names.join(", ")
                )
            }
            Notice::Unreadable { file, reason } => {
                write!(f, "{} could not be read ({reason}); it is left as it is and skipped", file.display())
            }
            Notice::MovedAside { file, kind, moved_to } => {
                write!(f, "{} was not a file ({kind}); it was moved to {} and a new one made", file.display(), moved_to.display())
            }
            Notice::ExportIncomplete { target, left_out } => {
                let names: Vec<&str> = left_out.iter().map(MatchId::as_str).collect();
                write!(
                    f,
                    "the export {} lacks {} match(es) whose records could not be read: {}",
                    target.display(),
                    names.len(),
                    names.join(", ")
                )
            }
            Notice::WriteFailed { file, message, times, last } => write!(
                f,
                "{} was not saved: {message} ({times} tries, the last at {}); it is tried again until it is",
                file.display(),
                last.strftime("%H:%M:%S UTC")
            ),
        }
    }
}
