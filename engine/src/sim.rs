//! Headless random playouts: many matches of random legal moves, with the counts that prove
//! the engine sound (no panic, no card lost, rounds that end). The caller times them: the
//! engine has no clock.

use std::panic::{AssertUnwindSafe, catch_unwind};

use serde::Serialize;

use crate::card_set::count_cards;
use crate::error::SetupError;
use crate::event::NoEvents;
use crate::game::{Game, Phase, TableSetup};
use crate::kind::GameKind;
use crate::registry::GameVisitor;
use crate::rng::GameRng;
use crate::score::RoundEnd;
use crate::seat::{Seat, SeatSet};

/// What to simulate.
#[derive(Debug, Clone, PartialEq)]
pub struct SimConfig {
    /// The game.
    pub game: GameKind,
    /// Seats at the table.
    pub players: usize,
    /// Matches to play (ignored when `rounds` is set).
    pub matches: u64,
    /// Stop after this many rounds in all instead (the last match may be cut short).
    pub rounds: Option<u64>,
    /// Base seed: match `i` is seeded from it, so a run replays exactly.
    pub seed: u64,
    /// The game's options as JSON (`None`: defaults).
    pub options: Option<serde_json::Value>,
}

/// What a simulation found.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct SimReport {
    /// Matches started.
    pub matches: u64,
    /// Matches played to their end.
    pub matches_finished: u64,
    /// Rounds finished.
    pub rounds: u64,
    /// Decisions taken (actions applied).
    pub decisions: u64,
    /// Rounds stopped by the turn cap.
    pub turn_capped_rounds: u64,
    /// Rounds that ended blocked.
    pub blocked_rounds: u64,
    /// Matches won by each seat (shared wins count for each winner).
    pub wins: Vec<u64>,
    /// Matches that panicked.
    pub panics: u64,
    /// Round ends at which the cards in play were not exactly the game's deck.
    pub conservation_failures: u64,
    /// Seed of the first match that panicked or lost a card, to replay it.
    pub first_failing_seed: Option<u64>,
    /// Decisions per round: the distribution of round lengths.
    pub round_lengths: LengthSummary,
}

/// A distribution of lengths, summarised.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct LengthSummary {
    /// Shortest.
    pub min: u64,
    /// Median.
    pub median: u64,
    /// 90th percentile.
    pub p90: u64,
    /// 99th percentile.
    pub p99: u64,
    /// Longest.
    pub max: u64,
    /// Mean.
    pub mean: f64,
}

impl LengthSummary {
    /// Summarises `lengths` (sorted in place).
    #[must_use]
    pub fn of(lengths: &mut [u64]) -> LengthSummary {
        if lengths.is_empty() {
            return LengthSummary::default();
        }
        lengths.sort_unstable();
        let at = |fraction: f64| lengths[((lengths.len() - 1) as f64 * fraction).round() as usize];
        LengthSummary {
            min: lengths[0],
            median: at(0.5),
            p90: at(0.9),
            p99: at(0.99),
            max: lengths[lengths.len() - 1],
            mean: lengths.iter().sum::<u64>() as f64 / lengths.len() as f64,
        }
    }
}

/// Why a simulation could not start.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SimError {
    /// The options are not the game's.
    #[error("options for {game}: {message}")]
    Options {
        /// The game.
        game: GameKind,
        /// What serde said.
        message: String,
    },
    /// The table cannot be set up.
    #[error(transparent)]
    Setup(#[from] SetupError),
}

/// Picks uniformly among the seats with a decision, then among that seat's legal actions.
/// Returns `None` when nobody can act (the round is over).
pub fn random_step<G: Game>(game: &G, rng: &mut GameRng, actions: &mut Vec<G::Action>) -> Option<(Seat, G::Action)> {
    let to_act = game.to_act();
    let seat = to_act.iter().nth(rng.below(to_act.len().max(1)))?;
    game.legal_actions_into(seat, actions);
    if actions.is_empty() {
        return None;
    }
    Some((seat, actions[rng.below(actions.len())]))
}

/// Runs the simulation described by `config`.
///
/// # Errors
/// Options or table that the game refuses.
pub fn run(config: &SimConfig) -> Result<SimReport, SimError> {
    config.game.visit(SimVisitor(config))
}

struct SimVisitor<'a>(&'a SimConfig);

impl GameVisitor for SimVisitor<'_> {
    type Output = Result<SimReport, SimError>;

    fn visit<G: Game>(self) -> Result<SimReport, SimError> {
        let config = self.0;
        let options: G::Options = match &config.options {
            Some(json) => crate::registry::options_from_json(json)
                .map_err(|error| SimError::Options { game: config.game, message: error.to_string() })?,
            None => G::Options::default(),
        };
        // Refuse a bad table up front rather than counting it as a failure per match.
        G::new_match(TableSetup::new(config.players, config.seed), options.clone(), None)?;
        let deck = count_cards(&G::deck_kind(&options).cards());
        let mut report = SimReport { wins: vec![0; config.players], ..SimReport::default() };
        let mut lengths = Vec::new();
        let mut seeds = GameRng::from_seed(config.seed);
        let mut actions = Vec::new();
        let match_limit = if config.rounds.is_some() { u64::MAX } else { config.matches };
        while report.matches < match_limit && config.rounds.is_none_or(|rounds| report.rounds < rounds) {
            let seed = seeds.fork_seed();
            report.matches += 1;
            let budget = config.rounds.map(|rounds| rounds - report.rounds);
            let played = catch_unwind(AssertUnwindSafe(|| play_match::<G>(config.players, seed, &options, budget, &deck, &mut actions)));
            match played {
                Ok(outcome) => {
                    report.rounds += outcome.round_lengths.len() as u64;
                    report.decisions += outcome.round_lengths.iter().sum::<u64>();
                    lengths.extend_from_slice(&outcome.round_lengths);
                    report.turn_capped_rounds += outcome.turn_capped;
                    report.blocked_rounds += outcome.blocked;
                    report.conservation_failures += outcome.conservation_failures;
                    if outcome.conservation_failures > 0 {
                        report.first_failing_seed.get_or_insert(seed);
                    }
                    if let Some(winners) = outcome.winners {
                        report.matches_finished += 1;
                        for seat in winners.iter() {
                            report.wins[seat.index()] += 1;
                        }
                    }
                }
                Err(_) => {
                    report.panics += 1;
                    report.first_failing_seed.get_or_insert(seed);
                }
            }
        }
        report.round_lengths = LengthSummary::of(&mut lengths);
        Ok(report)
    }
}

struct MatchOutcome {
    round_lengths: Vec<u64>,
    turn_capped: u64,
    blocked: u64,
    conservation_failures: u64,
    winners: Option<SeatSet>,
}

fn play_match<G: Game>(
    players: usize,
    seed: u64,
    options: &G::Options,
    round_budget: Option<u64>,
    deck: &crate::card_set::CardCounts,
    actions: &mut Vec<G::Action>,
) -> MatchOutcome {
    let mut game = G::new_match(TableSetup::new(players, seed), options.clone(), None).expect("the table was checked before the run");
    let mut policy = GameRng::from_seed(seed ^ 0x9E37_79B9_7F4A_7C15);
    let mut outcome = MatchOutcome { round_lengths: Vec::new(), turn_capped: 0, blocked: 0, conservation_failures: 0, winners: None };
    let mut decisions = 0;
    loop {
        match game.phase() {
            Phase::Playing => {
                let (seat, action) = random_step(&game, &mut policy, actions).expect("a round in play always has a decision");
                game.apply_with(seat, action, &mut NoEvents).expect("a legal action applies");
                decisions += 1;
            }
            phase => {
                outcome.round_lengths.push(std::mem::take(&mut decisions));
                if game.card_counts() != *deck {
                    outcome.conservation_failures += 1;
                }
                match game.last_round().map(|round| round.end) {
                    Some(RoundEnd::TurnCap) => outcome.turn_capped += 1,
                    Some(RoundEnd::Blocked) => outcome.blocked += 1,
                    _ => {}
                }
                if phase == Phase::MatchOver {
                    outcome.winners = game.match_result().map(|result| result.winners);
                    return outcome;
                }
                if round_budget.is_some_and(|budget| outcome.round_lengths.len() as u64 >= budget) {
                    return outcome;
                }
                game.start_next_round(None, &mut NoEvents).expect("the next round deals after a round is over");
            }
        }
    }
}
