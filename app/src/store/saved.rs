//! Unfinished matches, saved after every action (`saved/<match id>.json`) and offered for
//! resuming at the next start. A save holds what a record holds minus the results: the seed,
//! options, seats and steps replay the match to where it stopped. Since format 2 a save carries
//! the digest of what it holds: one changed after it was written (even into other text that
//! replays) is damage, set aside and named, never resumed.

use std::path::{Path, PathBuf};

use cardtable_engine::AnyOptions;
use serde::{Deserialize, Serialize};

use super::digest;
use super::document::Document;
use super::profiles::ProfileBook;
use super::record::{MatchId, SeatRecord, check_steps, check_table};
use crate::session::host::{Host, Step};
use crate::session::replay::{self, MatchStart, ReplayError};
use crate::session::seating::Occupant;

/// Folder of the saves, under the data folder.
pub const SAVED_DIR: &str = "saved";

/// The save file of a match.
#[must_use]
pub fn saved_path(root: &Path, id: &MatchId) -> PathBuf {
    root.join(SAVED_DIR).join(format!("{id}.json"))
}

/// A match in progress, as saved. On disk it is a [`SavedFile`], with its digest.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(into = "SavedFile", try_from = "SavedFile")]
pub struct SavedMatch {
    /// The match's id (its record will have the same).
    pub id: MatchId,
    /// When it started.
    pub started: jiff::Timestamp,
    /// When it was last saved.
    pub saved: jiff::Timestamp,
    /// The game and its house rules.
    pub options: AnyOptions,
    /// Who sits where.
    pub seats: Vec<SeatRecord>,
    /// The seed the cards are dealt from.
    pub seed: u64,
    /// Every step so far.
    pub steps: Vec<Step>,
    /// How many moves a person took back so far (not written when none).
    #[serde(default, skip_serializing_if = "crate::store::record::is_zero")]
    pub undos: u32,
}

/// A save as written: the match and the digest of it ([`SavedFile::digest_of`]).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SavedFile {
    id: MatchId,
    started: jiff::Timestamp,
    saved: jiff::Timestamp,
    options: AnyOptions,
    seats: Vec<SeatRecord>,
    seed: u64,
    steps: Vec<Step>,
    #[serde(default, skip_serializing_if = "crate::store::record::is_zero")]
    undos: u32,
    /// Empty (and then refused) in a file of format 2 that lacks it.
    #[serde(default)]
    digest: String,
}

/// Names the save's digest apart from any other digest of the store.
const DIGEST_DOMAIN: &str = "cardtable saved-match v2";

impl SavedFile {
    /// The digest of everything the save holds but the digest: its JSON, written with the
    /// digest empty (serde writes the fields in one order, so equal saves give equal bytes).
    fn digest_of(&mut self) -> Result<String, String> {
        let digest = std::mem::take(&mut self.digest);
        let bytes = serde_json::to_vec(self).map_err(|error| error.to_string());
        self.digest = digest;
        Ok(digest::of(DIGEST_DOMAIN, &[&bytes?]))
    }
}

impl From<SavedMatch> for SavedFile {
    fn from(saved: SavedMatch) -> SavedFile {
        let SavedMatch { id, started, saved, options, seats, seed, steps, undos } = saved;
        let mut file = SavedFile { id, started, saved, options, seats, seed, steps, undos, digest: String::new() };
        // A save always serialises (a failure would be a bug): its digest is then left empty,
        // and reading it back refuses it rather than trusting it.
        file.digest = file.digest_of().unwrap_or_default();
        file
    }
}

impl TryFrom<SavedFile> for SavedMatch {
    type Error = String;
    fn try_from(mut file: SavedFile) -> Result<SavedMatch, String> {
        if file.digest.is_empty() {
            return Err("it has no digest: it was changed after it was saved".to_owned());
        }
        if file.digest_of()? != file.digest {
            return Err("its digest does not match what it holds: it was changed after it was saved".to_owned());
        }
        let SavedFile { id, started, saved, options, seats, seed, steps, undos, digest: _ } = file;
        Ok(SavedMatch { id, started, saved, options, seats, seed, steps, undos })
    }
}

impl Document for SavedMatch {
    const KIND: &'static str = "saved-match";
    /// 1: no digest (still read: it is given one); 2: with the digest of what it holds.
    const SCHEMA: u32 = 2;

    /// A save of format 1 had no digest: it is read as it is and given one.
    fn migrate(from: u32, data: serde_json::Value) -> Result<serde_json::Value, String> {
        match from {
            1 => {
                let mut file: SavedFile = serde_json::from_value(data).map_err(|error| error.to_string())?;
                file.digest = file.digest_of()?;
                serde_json::to_value(file).map_err(|error| error.to_string())
            }
            _ => Err(format!("no migration from format {from}")),
        }
    }

    /// A save is offered for resuming: it must be a table of its game whose steps replay (a
    /// save that does not is set aside at the start, not found broken when chosen).
    fn check(&self) -> Result<(), String> {
        check_table(&self.options, self.seats.len())?;
        check_steps(&self.steps, self.options.kind(), self.seats.len())?;
        self.resume().map(|_| ()).map_err(|error| error.to_string())
    }
}

impl SavedMatch {
    /// A save of `host` as it stands.
    #[must_use]
    pub fn of(id: MatchId, started: jiff::Timestamp, now: jiff::Timestamp, host: &Host, profiles: &ProfileBook) -> SavedMatch {
        SavedMatch {
            id,
            started,
            saved: now,
            options: host.game().options(),
            seats: SeatRecord::from_seats(host.seats(), profiles),
            seed: host.seed(),
            steps: host.steps().to_vec(),
            undos: host.undos(),
        }
    }

    /// The occupants of the seats.
    #[must_use]
    pub fn occupants(&self) -> Vec<Occupant> {
        self.seats.iter().map(SeatRecord::occupant).collect()
    }

    /// The match where it stopped.
    ///
    /// # Errors
    /// The save does not replay (edited by hand, or from an incompatible version).
    pub fn resume(&self) -> Result<Host, ReplayError> {
        let seats = self.occupants();
        let mut host = replay::rebuild(&MatchStart { options: &self.options, seats: &seats, seed: self.seed }, &self.steps)?;
        host.set_undos(self.undos);
        Ok(host)
    }
}
