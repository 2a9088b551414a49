//! Dunno options (RULES.md §4), with their defaults.

use serde::{Deserialize, Serialize};

use crate::error::SetupError;

/// Dunno options.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DunnoOptions {
    /// The match goes to the first seat that wins this many games (deals). Default: 1, so one
    /// deal is one game and the match (RULES.md §4, "Match").
    pub wins_to_match: u32,
}

impl Default for DunnoOptions {
    fn default() -> DunnoOptions {
        DunnoOptions { wins_to_match: 1 }
    }
}

impl DunnoOptions {
    /// Refuses options a match cannot be played with.
    ///
    /// # Errors
    /// `wins_to_match` is 0: nobody could ever win the match.
    pub fn validate(&self) -> Result<(), SetupError> {
        if self.wins_to_match == 0 {
            return Err(SetupError::Option { option: "wins_to_match".to_owned(), reason: "must be at least 1".to_owned() });
        }
        Ok(())
    }
}
