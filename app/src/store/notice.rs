//! What the user must be told about their data, as data: the UI puts it into words. A damaged
//! file is never replaced silently; each repair, migration or refusal leaves one notice.

use std::path::PathBuf;

use super::document::Damage;
use super::error::ReadOnlyReason;

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
    /// This instance only reads the data folder.
    ReadOnly(ReadOnlyReason),
    /// The history index disagreed with the match records and was brought in line.
    HistoryRepaired {
        /// Records found that the index lacked.
        added: usize,
        /// Index entries whose record is gone.
        dropped: usize,
    },
    /// A write failed; what it held is still in memory and will be tried again with the next.
    WriteFailed {
        /// The error, as the operating system put it.
        message: String,
    },
}
