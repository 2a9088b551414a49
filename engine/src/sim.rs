//! Headless random playouts: many matches of random legal moves, with the counts that prove
//! the engine sound (no panic, no card lost, rounds that end). The caller times them: the
//! engine has no clock.

use std::ops::Range;
use std::panic::{AssertUnwindSafe, catch_unwind};

use serde::Serialize;

use crate::card_set::{CardCounts, count_cards};
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
/// Returns `None` when nobody can act (the round is over). When one seat alone can act (most
/// turns) no draw picks it. `actions` is scratch space for games that list their actions.
#[inline]
pub fn random_step<G: Game>(game: &G, rng: &mut GameRng, actions: &mut Vec<G::Action>) -> Option<(Seat, G::Action)> {
    let to_act = game.to_act();
    let seat = match to_act.len() {
        0 => return None,
        1 => to_act.first()?,
        seats => to_act.nth(rng.below(seats))?,
    };
    Some((seat, game.random_legal_action(seat, rng, actions)?))
}

/// Runs independent jobs, numbered by a range, and returns their results in that order.
///
/// The engine has no threads of its own (it stays pure): [`InOrder`] runs the jobs one after
/// another, and the app passes a runner that spreads them over every core. Each job is fully
/// determined by its number (a match's seed is drawn from the master seed before any job
/// runs), so a report never depends on the runner or on how many cores it had.
pub trait JobRunner {
    /// Runs `job` for every number in `jobs`; the results come back in the order of `jobs`.
    fn run_jobs<T: Send>(&self, jobs: Range<u64>, job: &(dyn Fn(u64) -> T + Sync)) -> Vec<T>;

    /// Whether jobs run side by side on the threads of a pool that they fill. A job then keeps
    /// its own work on its thread (a Hard decision grows its trees one after another): work
    /// handed to the shared pool would queue behind other jobs, and the job's thread, waiting
    /// for it, would take up another whole job meanwhile.
    fn side_by_side(&self) -> bool {
        false
    }
}

/// Runs the jobs one after another on the calling thread.
#[derive(Debug, Clone, Copy, Default)]
pub struct InOrder;

impl JobRunner for InOrder {
    fn run_jobs<T: Send>(&self, jobs: Range<u64>, job: &(dyn Fn(u64) -> T + Sync)) -> Vec<T> {
        jobs.map(job).collect()
    }
}

/// Matches handed to the runner at once: enough to keep every core busy, few enough that a
/// `rounds` budget wastes little on matches played past it.
const MATCHES_PER_BATCH: u64 = 256;

/// Runs the simulation described by `config`, one match after another.
///
/// # Errors
/// Options or table that the game refuses.
pub fn run(config: &SimConfig) -> Result<SimReport, SimError> {
    run_on(config, &InOrder)
}

/// Runs the simulation described by `config`, its matches on `runner`. The report is the same
/// whatever the runner: match `i` is seeded from the master seed and its index, and results
/// are merged in match order.
///
/// # Errors
/// Options or table that the game refuses.
pub fn run_on(config: &SimConfig, runner: &(impl JobRunner + Sync)) -> Result<SimReport, SimError> {
    config.game.visit(SimVisitor { config, runner })
}

struct SimVisitor<'a, R> {
    config: &'a SimConfig,
    runner: &'a R,
}

impl<R: JobRunner + Sync> GameVisitor for SimVisitor<'_, R> {
    type Output = Result<SimReport, SimError>;

    fn visit<G: Game>(self) -> Result<SimReport, SimError> {
        let config = self.config;
        let options: G::Options = match &config.options {
            Some(json) => crate::registry::options_from_json(json)
                .map_err(|error| SimError::Options { game: config.game, message: error.to_string() })?,
            None => G::Options::default(),
        };
        // Refuse a bad table up front rather than counting it as a failure per match.
        G::new_match(TableSetup::new(config.players, config.seed), options.clone(), None)?;
        let deck = count_cards(&G::deck_kind(&options).cards());
        let mut merged = Merged { report: SimReport { wins: vec![0; config.players], ..SimReport::default() }, lengths: Vec::new() };
        let mut seeds = GameRng::from_seed(config.seed);
        let match_limit = if config.rounds.is_some() { u64::MAX } else { config.matches };
        while merged.report.matches < match_limit && config.rounds.is_none_or(|rounds| merged.report.rounds < rounds) {
            let first = merged.report.matches;
            let batch = MATCHES_PER_BATCH.min(match_limit - first);
            // Drawn in match order before the batch runs: match `i`'s seed never depends on
            // which core plays it.
            let batch_seeds: Vec<u64> = (0..batch).map(|_| seeds.fork_seed()).collect();
            // No match of this batch can count more rounds than are left now.
            let budget = config.rounds.map(|rounds| rounds - merged.report.rounds);
            let played = self.runner.run_jobs(first..first + batch, &|index| {
                let seed = batch_seeds[(index - first) as usize];
                (seed, play_guarded::<G>(config.players, seed, &options, budget, &deck))
            });
            for (seed, played) in played {
                if config.rounds.is_some_and(|rounds| merged.report.rounds >= rounds) {
                    break;
                }
                let left = config.rounds.map(|rounds| rounds - merged.report.rounds);
                merged.absorb(seed, &played, left);
            }
        }
        let Merged { mut report, mut lengths } = merged;
        report.round_lengths = LengthSummary::of(&mut lengths);
        Ok(report)
    }
}

/// The report being merged, match by match in match order.
struct Merged {
    report: SimReport,
    lengths: Vec<u64>,
}

impl Merged {
    /// Adds one match, counting at most `rounds_left` of its rounds (the run's `rounds` budget):
    /// exactly what playing it with that budget would have counted.
    fn absorb(&mut self, seed: u64, played: &Played, rounds_left: Option<u64>) {
        let report = &mut self.report;
        report.matches += 1;
        let limit = rounds_left.map_or(usize::MAX, |left| usize::try_from(left).unwrap_or(usize::MAX));
        let cut = played.rounds.len() > limit;
        // A match that panicked after the budget's last round would have been stopped before.
        if played.panicked && played.rounds.len() < limit {
            report.panics += 1;
            report.first_failing_seed.get_or_insert(seed);
            return;
        }
        let rounds = &played.rounds[..played.rounds.len().min(limit)];
        report.rounds += rounds.len() as u64;
        for round in rounds {
            report.decisions += round.decisions;
            self.lengths.push(round.decisions);
            match round.end {
                Some(RoundEnd::TurnCap) => report.turn_capped_rounds += 1,
                Some(RoundEnd::Blocked) => report.blocked_rounds += 1,
                _ => {}
            }
            if !round.conserved {
                report.conservation_failures += 1;
                report.first_failing_seed.get_or_insert(seed);
            }
        }
        if let (Some(winners), false) = (played.winners, cut) {
            report.matches_finished += 1;
            for seat in winners.iter() {
                report.wins[seat.index()] += 1;
            }
        }
    }
}

/// One finished round of a simulated match.
struct RoundRecord {
    decisions: u64,
    end: Option<RoundEnd>,
    /// The cards in play were exactly the game's deck at the round's end.
    conserved: bool,
}

/// What one simulated match gave: its rounds up to its end, its budget, or a panic.
struct Played {
    rounds: Vec<RoundRecord>,
    /// The winners, when the match was played to its end.
    winners: Option<SeatSet>,
    panicked: bool,
}

/// Plays one match, catching a panic (a defect the report counts, with the seed to replay it).
fn play_guarded<G: Game>(players: usize, seed: u64, options: &G::Options, round_budget: Option<u64>, deck: &CardCounts) -> Played {
    let mut rounds = Vec::new();
    let played = catch_unwind(AssertUnwindSafe(|| play_match::<G>(players, seed, options, round_budget, deck, &mut rounds)));
    match played {
        Ok(winners) => Played { rounds, winners, panicked: false },
        Err(_) => Played { rounds, winners: None, panicked: true },
    }
}

/// Plays one match of random legal moves, recording each round as it ends, until the match is
/// decided (its winners) or `round_budget` rounds are recorded (`None`).
fn play_match<G: Game>(
    players: usize,
    seed: u64,
    options: &G::Options,
    round_budget: Option<u64>,
    deck: &CardCounts,
    rounds: &mut Vec<RoundRecord>,
) -> Option<SeatSet> {
    let mut game = G::new_match(TableSetup::new(players, seed), options.clone(), None).expect("the table was checked before the run");
    let mut policy = GameRng::from_seed(seed ^ 0x9E37_79B9_7F4A_7C15);
    let mut actions = Vec::with_capacity(64);
    let mut decisions = 0;
    loop {
        match game.phase() {
            Phase::Playing => {
                let (seat, action) = random_step(&game, &mut policy, &mut actions).expect("a round in play always has a decision");
                game.apply_legal_with(seat, action, &mut NoEvents);
                decisions += 1;
            }
            phase => {
                rounds.push(RoundRecord {
                    decisions: std::mem::take(&mut decisions),
                    end: game.last_round().map(|round| round.end),
                    conserved: game.card_counts() == *deck,
                });
                if phase == Phase::MatchOver {
                    return game.match_result().map(|result| result.winners);
                }
                if round_budget.is_some_and(|budget| rounds.len() as u64 >= budget) {
                    return None;
                }
                game.start_next_round(None, &mut NoEvents).expect("the next round deals after a round is over");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::Addressed;

    /// In random positions of every game at every table size: the pick without a list is the
    /// pick from the list (same action, same draws), for every seat, and applying it unchecked
    /// does exactly what the checked apply does, events included. Returns the positions
    /// checked and the kinds of action applied (an action's name, without its fields).
    struct PicksMatchTheList;

    impl GameVisitor for PicksMatchTheList {
        type Output = (usize, std::collections::BTreeSet<String>);

        fn visit<G: Game>(self) -> Self::Output {
            let options = G::Options::default();
            let mut policy = GameRng::from_seed(21);
            let (mut scratch, mut checked, mut kinds) = (Vec::new(), 0, std::collections::BTreeSet::new());
            for (index, players) in G::seat_range(&options).cycle().take(15).enumerate() {
                let table = |seed: u64| G::new_match(TableSetup::new(players, seed), options.clone(), None).expect("table");
                let mut game = table(100 + index as u64);
                for step in 0..600 {
                    if game.phase() == Phase::MatchOver {
                        // Another match at the same table: short matches (a Youglouf called
                        // early) would leave the walk too few steps to reach a power.
                        game = table(10_000 + 1_000 * index as u64 + step);
                        continue;
                    }
                    if game.phase() == Phase::RoundOver {
                        game.start_next_round(None, &mut NoEvents).expect("deals");
                        continue;
                    }
                    for seat in Seat::all(players) {
                        let (mut fast, mut listed) = (policy.clone(), policy.clone());
                        let legal = game.legal_actions(seat);
                        let expected = (!legal.is_empty()).then(|| legal[listed.below(legal.len())]);
                        assert_eq!(game.random_legal_action(seat, &mut fast, &mut scratch), expected, "{} {seat}", G::KIND);
                        assert_eq!(fast, listed, "{}: the same draws", G::KIND);
                        checked += 1;
                    }
                    // Mostly a seat the round waits for: a walk among every seat to act would
                    // spend itself on optional decisions (Youglouf's snaps) and seldom move the
                    // turn on to a power.
                    let waited = game.waiting_for();
                    let (seat, action) = if !waited.is_empty() && policy.below(4) != 0 {
                        let seat = waited.nth(policy.below(waited.len())).expect("a seat waited for");
                        (seat, game.random_legal_action(seat, &mut policy, &mut scratch).expect("a seat waited for has an action"))
                    } else {
                        random_step(&game, &mut policy, &mut scratch).expect("a decision")
                    };
                    kinds.insert(format!("{action:?}").split(['(', ' ', '{']).next().unwrap_or_default().to_owned());
                    let mut checked_game = game.clone();
                    let mut checked_events: Vec<Addressed<G::Event>> = Vec::new();
                    checked_game.apply_with(seat, action, &mut checked_events).expect("legal");
                    let mut events = Vec::new();
                    game.apply_legal_with(seat, action, &mut events);
                    assert_eq!(game, checked_game, "{}: {action}", G::KIND);
                    assert_eq!(events, checked_events, "{}: {action}", G::KIND);
                }
            }
            (checked, kinds)
        }
    }

    #[test]
    fn random_picks_and_unchecked_applies_match_the_listed_and_checked_ones() {
        for &kind in GameKind::ALL {
            let (checked, kinds) = kind.visit(PicksMatchTheList);
            eprintln!("{kind:?}: {checked} positions, actions {kinds:?}");
            assert!(checked > 1_000, "{kind:?}: too few positions checked");
            if kind == GameKind::Youglouf {
                // Every power and every way to end a turn, not only snaps (docs/bench.md).
                for wanted in ["Peek", "Spy", "Exchange", "Skip", "Snap", "Youglouf"] {
                    assert!(kinds.contains(wanted), "{kind:?}: no {wanted} reached in {kinds:?}");
                }
            }
        }
    }
}
