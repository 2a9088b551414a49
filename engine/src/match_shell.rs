//! What every game's match holds besides its round: options, table, RNG, running score, phase
//! and results. One struct, so the [`crate::Game`] accessors are written once (as provided
//! methods reading through [`crate::Game::shell`]).

use serde::{Deserialize, Serialize};

use crate::game::{Phase, TableSetup};
use crate::rng::GameRng;
use crate::score::{MatchResult, MatchScore, RoundResult};
use crate::seat::Seat;

/// The match around the current round.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MatchShell<O> {
    /// House rules and limits.
    pub options: O,
    /// Seats, first dealer, seed, turn cap.
    pub setup: TableSetup,
    /// The match's one source of randomness.
    pub rng: GameRng,
    /// Running totals and rounds finished.
    pub score: MatchScore,
    /// Round on, round over, or match decided.
    pub phase: Phase,
    /// The last finished round, from its end until the next deal.
    pub last_round: Option<RoundResult>,
    /// The match result once decided.
    pub result: Option<MatchResult>,
}

impl<O> MatchShell<O> {
    /// A match about to deal its first round, its RNG seeded from the setup.
    #[must_use]
    pub fn new(setup: TableSetup, options: O) -> MatchShell<O> {
        MatchShell {
            options,
            setup,
            rng: GameRng::from_seed(setup.seed),
            score: MatchScore::new(setup.players),
            phase: Phase::Playing,
            last_round: None,
            result: None,
        }
    }

    /// Number of seats.
    #[must_use]
    pub fn players(&self) -> usize {
        self.setup.players
    }

    /// The dealer of the round about to be dealt: the first dealer, then one seat clockwise
    /// per round finished (RULES.md, common terms: the dealer rotates every round).
    #[must_use]
    pub fn next_dealer(&self) -> Seat {
        self.setup.dealer.clockwise(self.score.rounds_finished as usize, self.players())
    }

    /// The number of the round about to be dealt, from 1.
    #[must_use]
    pub fn next_round_number(&self) -> u32 {
        self.score.rounds_finished + 1
    }

    /// Records that a new round was dealt: it is being played and the last result is cleared.
    pub fn round_dealt(&mut self) {
        self.last_round = None;
        self.phase = Phase::Playing;
    }
}
