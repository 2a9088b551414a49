//! Rebuilding a match from its record: the seed, options and seats set the table up, and the
//! steps are applied in order through the Host's own API, so a replay is the match itself.
//! [`Replay`] steps through a finished match forward and back.

use cardtable_engine::{ActionError, Addressed, AnyEvent, AnyOptions, Phase, RoundResult, SetupError};

use super::host::{Host, Step};
use super::seating::Occupant;

/// A record that does not replay.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// The table cannot be set up from the recorded options and seats.
    #[error("the recorded table cannot be set up: {0}")]
    Setup(#[from] SetupError),
    /// A recorded step is refused.
    #[error("step {step} of the record is refused: {error}")]
    Step {
        /// Its index, from 0.
        step: usize,
        /// Why the game refused it.
        error: ActionError,
    },
}

/// What a match starts from: with its steps, it is the whole match.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchStart<'a> {
    /// The game and its house rules.
    pub options: &'a AnyOptions,
    /// Who sat where.
    pub seats: &'a [Occupant],
    /// The seed the deck was dealt from.
    pub seed: u64,
}

impl MatchStart<'_> {
    /// The match before its first step.
    ///
    /// # Errors
    /// The table cannot be set up.
    pub fn host(&self) -> Result<Host, ReplayError> {
        Ok(Host::new(self.options.clone(), self.seats.to_vec(), self.seed)?)
    }
}

/// Applies one recorded step.
///
/// # Errors
/// The game refuses it.
pub fn apply(host: &mut Host, step: &Step) -> Result<(), ActionError> {
    match *step {
        Step::Act(seat, action) => host.act(seat, action),
        Step::NextRound => host.next_round(),
    }
}

/// The match after all of `steps`.
///
/// # Errors
/// The table cannot be set up or a step is refused.
pub fn rebuild(start: &MatchStart<'_>, steps: &[Step]) -> Result<Host, ReplayError> {
    let mut host = start.host()?;
    for (index, step) in steps.iter().enumerate() {
        apply(&mut host, step).map_err(|error| ReplayError::Step { step: index, error })?;
    }
    Ok(host)
}

/// Every round's result, in order, by replaying the match.
///
/// # Errors
/// The table cannot be set up or a step is refused.
pub fn round_results(start: &MatchStart<'_>, steps: &[Step]) -> Result<Vec<RoundResult>, ReplayError> {
    played_out(start, steps).map(|(rounds, _)| rounds)
}

/// Every round's result, in order, and the match after all of `steps`, from one replay.
///
/// # Errors
/// The table cannot be set up or a step is refused.
pub fn played_out(start: &MatchStart<'_>, steps: &[Step]) -> Result<(Vec<RoundResult>, Host), ReplayError> {
    let mut host = start.host()?;
    let mut rounds = Vec::new();
    for (index, step) in steps.iter().enumerate() {
        let before = host.phase();
        apply(&mut host, step).map_err(|error| ReplayError::Step { step: index, error })?;
        if before == Phase::Playing && host.phase() != Phase::Playing {
            rounds.extend(host.game().last_round().cloned());
        }
    }
    Ok((rounds, host))
}

/// Steps between two kept snapshots: going back costs at most this many steps.
const CHECKPOINT_EVERY: usize = 32;

/// A finished match being stepped through.
#[derive(Debug, Clone)]
pub struct Replay {
    steps: Vec<Step>,
    /// The match after `k * CHECKPOINT_EVERY` steps, for each k.
    checkpoints: Vec<Host>,
    current: Host,
    position: usize,
    /// Where the events of the last step begin in the current state's history.
    last_events: usize,
}

impl Replay {
    /// Checks that the whole record replays and opens it at its start.
    ///
    /// # Errors
    /// The table cannot be set up or a step is refused.
    pub fn new(start: &MatchStart<'_>, steps: Vec<Step>) -> Result<Replay, ReplayError> {
        let first = start.host()?;
        let mut checkpoints = vec![first.clone()];
        let mut host = first.clone();
        for (index, step) in steps.iter().enumerate() {
            apply(&mut host, step).map_err(|error| ReplayError::Step { step: index, error })?;
            if (index + 1) % CHECKPOINT_EVERY == 0 {
                checkpoints.push(host.clone());
            }
        }
        let last_events = first.history().len();
        Ok(Replay { steps, checkpoints, current: first, position: 0, last_events })
    }

    /// Steps in the match.
    #[must_use]
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// Whether the match has no step at all.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// Steps applied so far.
    #[must_use]
    pub fn position(&self) -> usize {
        self.position
    }

    /// The step that led here, if any.
    #[must_use]
    pub fn last_step(&self) -> Option<&Step> {
        self.position.checked_sub(1).map(|index| &self.steps[index])
    }

    /// The match as it stood after [`Replay::position`] steps.
    #[must_use]
    pub fn host(&self) -> &Host {
        &self.current
    }

    /// What the last step made happen (its events, each with its audience).
    #[must_use]
    pub fn last_step_events(&self) -> &[Addressed<AnyEvent>] {
        &self.current.history()[self.last_events..]
    }

    /// Goes to the match after `position` steps (clamped to the end).
    pub fn seek(&mut self, position: usize) {
        let position = position.min(self.steps.len());
        if position == self.position {
            return;
        }
        // The last step is always applied here, so its events are known: start from the
        // checkpoint at or before the step ahead of it.
        let before = position.saturating_sub(1);
        if position < self.position || before / CHECKPOINT_EVERY > self.position / CHECKPOINT_EVERY {
            let checkpoint = before / CHECKPOINT_EVERY;
            self.current = self.checkpoints[checkpoint].clone();
            self.position = checkpoint * CHECKPOINT_EVERY;
            self.last_events = self.current.history().len();
        }
        while self.position < position {
            self.last_events = self.current.history().len();
            // Every step was checked to apply in `new`; the state is the same, so it applies again.
            apply(&mut self.current, &self.steps[self.position]).expect("a checked step replays");
            self.position += 1;
        }
    }

    /// One step forward, if not at the end.
    pub fn forward(&mut self) {
        self.seek(self.position + 1);
    }

    /// One step back, if not at the start.
    pub fn back(&mut self) {
        self.seek(self.position.saturating_sub(1));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::seating::quick_seating;
    use cardtable_engine::bots::BotLevel;
    use cardtable_engine::{GameKind, GameRng, Viewer};

    /// A whole random-play match of `kind` and its steps.
    fn played(kind: GameKind, seed: u64) -> (AnyOptions, Vec<Occupant>, Host) {
        let options = AnyOptions::defaults(kind);
        let seats = quick_seating("Ana", 3, BotLevel::Random);
        let mut host = Host::new(options.clone(), seats.clone(), seed).expect("table");
        let mut rng = GameRng::from_seed(seed);
        for _ in 0..20_000 {
            match host.phase() {
                Phase::Playing => {
                    let seat = host.waiting_for().first().or_else(|| host.to_act().first()).expect("someone acts");
                    let legal = host.legal_actions(seat);
                    host.act(seat, legal[rng.below(legal.len())]).expect("legal");
                }
                Phase::RoundOver => host.next_round().expect("deals"),
                Phase::MatchOver => break,
            }
        }
        (options, seats, host)
    }

    #[test]
    fn every_game_replays_to_the_same_state_and_rounds() {
        for &kind in GameKind::ALL {
            let (options, seats, host) = played(kind, 11);
            assert_eq!(host.phase(), Phase::MatchOver, "{kind}: the match ends");
            let start = MatchStart { options: &options, seats: &seats, seed: 11 };
            let rebuilt = rebuild(&start, host.steps()).expect("replays");
            assert_eq!(rebuilt.game(), host.game(), "{kind}: the replay is the match");
            let rounds = round_results(&start, host.steps()).expect("replays");
            assert_eq!(rounds.len() as u32, host.game().match_result().expect("decided").rounds, "{kind}: one result per round");
            assert_eq!(rounds.last(), host.game().last_round(), "{kind}: the last round is the match's last");
        }
    }

    #[test]
    fn stepping_back_and_forth_matches_replaying_from_the_start() {
        let (options, seats, host) = played(GameKind::CrazyEights, 4);
        let start = MatchStart { options: &options, seats: &seats, seed: 4 };
        let mut replay = Replay::new(&start, host.steps().to_vec()).expect("replays");
        assert!(replay.len() > 2 * CHECKPOINT_EVERY, "long enough to cross checkpoints");
        for position in [replay.len(), 5, CHECKPOINT_EVERY + 3, CHECKPOINT_EVERY, 0, replay.len() - 1] {
            replay.seek(position);
            let expected = rebuild(&start, &host.steps()[..position]).expect("replays");
            assert_eq!(replay.host().game(), expected.game(), "after {position} steps");
        }
        replay.seek(10);
        replay.back();
        replay.forward();
        replay.forward();
        assert_eq!(replay.position(), 11);
        assert_eq!(replay.last_step(), Some(&host.steps()[10]));
        assert_eq!(replay.host().view(Viewer::Spectator), rebuild(&start, &host.steps()[..11]).expect("replays").view(Viewer::Spectator));
    }

    #[test]
    fn a_tampered_record_is_refused_with_the_step_named() {
        let (options, seats, host) = played(GameKind::CrazyEights, 2);
        let mut steps = host.steps().to_vec();
        steps.swap(0, 1);
        let start = MatchStart { options: &options, seats: &seats, seed: 2 };
        assert!(matches!(Replay::new(&start, steps), Err(ReplayError::Step { step: 0 | 1, .. })));
    }

    #[test]
    fn each_step_knows_its_own_events_whichever_way_it_was_reached() {
        let (options, seats, host) = played(GameKind::Fool108, 4);
        let start = MatchStart { options: &options, seats: &seats, seed: 4 };
        let mut replay = Replay::new(&start, host.steps().to_vec()).expect("replays");
        // Step by step, the events of each step are the history's growth.
        let mut before = replay.host().history().len();
        let mut by_step = Vec::new();
        for _ in 0..replay.len().min(80) {
            replay.forward();
            let events = replay.last_step_events().to_vec();
            assert_eq!(&replay.host().history()[before..], events.as_slice());
            assert!(!events.is_empty(), "every step makes something happen");
            before = replay.host().history().len();
            by_step.push(events);
        }
        // Jumping (past checkpoints, back, forward) gives each step's same events.
        for position in [70, 33, 32, 1, 64, 65, 5] {
            replay.seek(position);
            assert_eq!(replay.last_step_events(), by_step[position - 1].as_slice(), "step {position}");
        }
    }
}
