//! Whether a match played at another device's table replays, on this device, as it was played
//! there (see `crate::net::verify`): kept with the match in the history.

use serde::{Deserialize, Serialize};

/// What in a host's record differs from what this device was shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Differs {
    /// The shares of the seed do not answer their commitments, or this device's share is not
    /// counted as it sent it.
    Shares,
    /// The record holds a move the rules refuse.
    IllegalMove,
    /// The cards and table this device was shown.
    View,
    /// The events this device was shown.
    Events,
    /// Whose decision the round waited for.
    Waiting,
    /// A round's scores.
    Round,
    /// The match's result.
    Result,
    /// The record stops before moves this device was shown.
    TooShort,
    /// The record is longer than any device keeps, or this device was shown more updates than
    /// it keeps a digest of.
    TooLong,
}

/// The outcome of checking a host's record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The record replays as the match was played on this device.
    Verified,
    /// It does not: the first move (counted from 1; 0 before the first deal) where it differs.
    Mismatch {
        /// The move.
        at_move: u64,
        /// What differs there.
        what: Differs,
    },
    /// The host sent no record before the table closed.
    NoRecord,
}
