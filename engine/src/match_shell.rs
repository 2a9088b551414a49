//! What every game's match holds besides its round: options, table, RNG, running score, phase
//! and results, and the table setup and phase every game shares. One struct, so the [`crate::Game`] accessors are written once (as provided
//! methods reading through [`crate::Game::shell`]).

use serde::{Deserialize, Serialize};

use crate::rng::GameRng;
use crate::score::{MatchResult, MatchScore, RoundResult};
use crate::seat::Seat;

/// Turns after which a round is stopped as a draw (an engine safety net, not a rule).
pub const DEFAULT_TURN_CAP: u32 = 2_000;

/// What every table has, whatever the game: seats, first dealer, seed, turn cap.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableSetup {
    /// Number of seats.
    pub players: usize,
    /// Dealer of the first round (RULES.md: seat 0 unless set).
    pub dealer: Seat,
    /// Seed of the match's RNG: the same seed, options and actions replay the same match.
    pub seed: u64,
    /// Actions after which a round ends as a draw with no scores applied.
    pub turn_cap: u32,
}

impl TableSetup {
    /// A table of `players` seats, dealer seat 0, the default turn cap.
    #[must_use]
    pub const fn new(players: usize, seed: u64) -> TableSetup {
        TableSetup { players, dealer: Seat(0), seed, turn_cap: DEFAULT_TURN_CAP }
    }
}

/// Where a match stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// A round is being played: someone has a decision.
    Playing,
    /// The round is scored; the next one starts with [`crate::Game::start_next_round`].
    RoundOver,
    /// The match is decided.
    MatchOver,
}

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
