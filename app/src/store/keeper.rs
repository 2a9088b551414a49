//! Keeps the match at this device's table saved: after every action the match is saved (on the
//! writer thread), and once it is decided it is recorded into the history and its save removed.
//! The table's only duty is to call [`MatchKeeper::sync`] after anything may have changed, and
//! again while [`MatchKeeper::busy`]: actions taken while a save is being written are saved
//! together as soon as it is durable.

use cardtable_engine::{Phase, Seat, SeatSet};

use super::Store;
use super::record::{MatchId, MatchRecord, SeatRecord};
use super::saved::SavedMatch;
use super::writer::Receipt;
use crate::session::host::Host;

/// How the match stands on disk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SaveStatus {
    /// Nothing to save yet (no action taken).
    Nothing,
    /// The latest save is being written.
    Saving,
    /// The latest save is durable.
    Saved,
    /// The decided match is recorded in the history, durably.
    Recorded,
    /// The latest save failed; the next action tries again.
    Failed(String),
}

/// Keeps one match saved.
#[derive(Debug)]
pub struct MatchKeeper {
    id: MatchId,
    /// The seed of the match kept (a rematch at a hosted table is another match).
    seed: u64,
    started: jiff::Timestamp,
    synced_steps: usize,
    recording: bool,
    pending: Option<Receipt>,
    status: SaveStatus,
    /// The seats played at this device: only they are credited to its profiles.
    played_here: SeatSet,
}

impl MatchKeeper {
    /// For a match starting now.
    #[must_use]
    pub fn new(host: &Host, started: jiff::Timestamp) -> MatchKeeper {
        MatchKeeper::at(MatchId::new(started, host.seed()), host.seed(), started, host.steps().len())
    }

    /// Only `seats` are played at this device (a hosted table: the others are guests'), so only
    /// they are credited to its profiles, whatever the guests call themselves. By default every
    /// seat is (a hot-seat table).
    #[must_use]
    pub fn played_here(self, seats: SeatSet) -> MatchKeeper {
        MatchKeeper { played_here: seats, ..self }
    }

    /// For a resumed match (its id and save go on).
    #[must_use]
    pub fn resumed(saved: &SavedMatch) -> MatchKeeper {
        MatchKeeper { status: SaveStatus::Saved, ..MatchKeeper::at(saved.id.clone(), saved.seed, saved.started, saved.steps.len()) }
    }

    fn at(id: MatchId, seed: u64, started: jiff::Timestamp, synced_steps: usize) -> MatchKeeper {
        let played_here = Seat::all(cardtable_engine::seat::MAX_SEATS).collect();
        MatchKeeper { id, seed, started, synced_steps, recording: false, pending: None, status: SaveStatus::Nothing, played_here }
    }

    /// Whether `host` holds the match this keeper keeps (the same deal, no fewer steps).
    #[must_use]
    pub fn keeps(&self, host: &Host) -> bool {
        self.seed == host.seed() && self.synced_steps <= host.steps().len()
    }

    /// The match's id.
    #[must_use]
    pub fn id(&self) -> &MatchId {
        &self.id
    }

    /// How the match stands on disk.
    #[must_use]
    pub fn status(&self) -> &SaveStatus {
        &self.status
    }

    /// Whether a save is being written or a newer state waits for it: call [`MatchKeeper::sync`]
    /// again soon.
    #[must_use]
    pub fn busy(&self) -> bool {
        self.pending.is_some()
    }

    /// Waits for the last write to settle and returns the status then.
    pub fn wait(&mut self) -> &SaveStatus {
        if let Some(receipt) = self.pending.take() {
            self.settle(receipt.wait());
        }
        &self.status
    }

    fn settle(&mut self, outcome: Result<(), super::writer::WriteFailed>) {
        self.status = match outcome {
            Ok(()) if self.recording => SaveStatus::Recorded,
            Ok(()) => SaveStatus::Saved,
            Err(failed) => SaveStatus::Failed(failed.to_string()),
        };
    }

    /// Saves or records `host` if it changed since the last call; settles the last write's status.
    pub fn sync(&mut self, host: &Host, store: &mut Store, now: jiff::Timestamp) {
        if let Some(outcome) = self.pending.as_ref().and_then(Receipt::check) {
            self.pending = None;
            self.settle(outcome);
        }
        if self.recording || host.steps().len() == self.synced_steps {
            return;
        }
        let decided = host.phase() == Phase::MatchOver;
        if self.pending.is_some() && !decided {
            // The previous save is still being written: this state is saved once it settles (a
            // later sync), so a burst of actions costs one copy and one write, not one each.
            return;
        }
        self.synced_steps = host.steps().len();
        let written = if decided {
            self.recording = true;
            MatchRecord::from_host(self.id.clone(), self.started, now, host, store.profiles())
                .map(|mut record| {
                    SeatRecord::keep_profiles_of(&mut record.seats, self.played_here);
                    record
                })
                .map_err(|error| error.to_string())
                .and_then(|record| store.record(record).map_err(|error| error.to_string()))
        } else {
            let mut saved = SavedMatch::of(self.id.clone(), self.started, now, host, store.profiles());
            SeatRecord::keep_profiles_of(&mut saved.seats, self.played_here);
            store.save_unfinished(saved).map_err(|error| error.to_string())
        };
        match written {
            Ok(receipt) => {
                self.pending = Some(receipt);
                self.status = SaveStatus::Saving;
            }
            Err(message) => {
                tracing::error!(%message, "the match could not be saved");
                self.status = SaveStatus::Failed(message);
            }
        }
    }
}
