//! Unfinished matches, saved after every action (`saved/<match id>.json`) and offered for
//! resuming at the next start. A save holds what a record holds minus the results: the seed,
//! options, seats and steps replay the match to where it stopped.

use std::path::{Path, PathBuf};

use cardtable_engine::AnyOptions;
use serde::{Deserialize, Serialize};

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

/// A match in progress, as saved.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
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

impl Document for SavedMatch {
    const KIND: &'static str = "saved-match";
    const SCHEMA: u32 = 1;

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
