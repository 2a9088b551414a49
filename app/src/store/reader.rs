//! Reading match records away from the store's owner: a [`RecordReader`] is the folder and
//! whether damage may be repaired there, cheap to clone onto a worker thread. What a read
//! found (a damaged record set aside, an older one upgraded) travels back with the record as
//! [`Findings`], which the store takes in with [`super::Store::take_findings`], so the window
//! says it exactly as if the store had read the record itself.

use std::path::PathBuf;

use super::history::record_path;
use super::notice::{self, Notice};
use super::record::{MatchId, MatchRecord};
use super::recover;

/// Reads the records of one data folder, on any thread.
#[derive(Debug, Clone)]
pub struct RecordReader {
    root: PathBuf,
    writable: bool,
}

/// What reading records found that the player must be told, in the order it was found.
#[derive(Debug, Default)]
pub struct Findings {
    pub(super) notices: Vec<Notice>,
}

impl Findings {
    /// The notices, oldest first (upgrades folded into one).
    #[must_use]
    pub fn notices(&self) -> &[Notice] {
        &self.notices
    }
}

impl RecordReader {
    /// A reader of the records under `root`; it repairs what is damaged only when `writable`.
    #[must_use]
    pub fn new(root: PathBuf, writable: bool) -> RecordReader {
        RecordReader { root, writable }
    }

    /// The data folder read.
    #[must_use]
    pub fn root(&self) -> &std::path::Path {
        &self.root
    }

    /// Reads a match's full record; `None` when it cannot be read (a damaged one is moved
    /// aside, and `findings` then holds its notice).
    pub fn open(&self, id: &MatchId, findings: &mut Findings) -> Option<MatchRecord> {
        let opened = recover::open::<MatchRecord>(&record_path(&self.root, id), self.writable);
        for found in opened.notices {
            notice::push(&mut findings.notices, found);
        }
        if let Some(freed) = opened.compacted {
            notice::push(&mut findings.notices, Notice::Compacted { matches: 1, freed });
        }
        opened.value
    }
}
