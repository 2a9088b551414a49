//! 108 Fool house rules (RULES.md §2), with their defaults, and the limits they are checked
//! against before a match starts.

use serde::{Deserialize, Serialize};

use crate::error::SetupError;

/// Largest penalty option accepted: far above any sensible table, and small enough that the
/// escalating reshuffle penalty can never overflow a round score.
pub const MAX_PENALTY: u32 = 1_000;

/// Largest score limit accepted.
pub const MAX_SCORE_LIMIT: u32 = 1_000_000;

/// 108 Fool options.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Fool108Options {
    /// After a round in which any total reaches this, the match ends and every seat at or
    /// above it loses. Default: 108.
    pub score_limit: u32,
    /// Round points for going out without a standing "One!". Default: 10.
    pub one_penalty: u32,
    /// The seat that triggers the k-th reshuffle of a round gets k × this. Default: 5.
    pub reshuffle_penalty_step: u32,
}

impl Default for Fool108Options {
    fn default() -> Fool108Options {
        Fool108Options { score_limit: 108, one_penalty: 10, reshuffle_penalty_step: 5 }
    }
}

impl Fool108Options {
    /// Refuses values the game cannot be played with.
    ///
    /// # Errors
    /// The first option out of range, named.
    pub fn validate(&self) -> Result<(), SetupError> {
        let out_of_range = |option: &str, reason: String| Err(SetupError::Option { option: option.to_owned(), reason });
        if !(1..=MAX_SCORE_LIMIT).contains(&self.score_limit) {
            return out_of_range("score_limit", format!("must be 1 to {MAX_SCORE_LIMIT}, not {}", self.score_limit));
        }
        if self.one_penalty > MAX_PENALTY {
            return out_of_range("one_penalty", format!("must be at most {MAX_PENALTY}, not {}", self.one_penalty));
        }
        if self.reshuffle_penalty_step > MAX_PENALTY {
            return out_of_range("reshuffle_penalty_step", format!("must be at most {MAX_PENALTY}, not {}", self.reshuffle_penalty_step));
        }
        Ok(())
    }

    /// The score limit as a total (validated to fit).
    #[must_use]
    pub fn limit(&self) -> i32 {
        i32::try_from(self.score_limit).unwrap_or(i32::MAX)
    }
}
