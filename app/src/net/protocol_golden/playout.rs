//! Seeded matches of random legal moves: a real game yields the events, views, results and
//! record steps the protocol carries, with values no hand would think of, and the same ones on
//! every run (the engine is deterministic, and the moves are drawn from a seeded generator in
//! the order the engine lists them).

use cardtable_engine::{
    Addressed, AnyAction, AnyEvent, AnyGame, AnyOptions, AnyView, GameRng, MatchResult, Phase, RoundResult, Seat, SeatSet, TableSetup,
    Viewer,
};

use crate::session::host::Step;

/// Moves a match may take before it is cut short: far more than any game needs to be decided,
/// and a bound should one not be.
const MAX_STEPS: usize = 20_000;

/// One move in this many is drawn among every seat with a decision, optional ones included;
/// the others among the seats the round waits for.
const OPTIONAL_ODDS: usize = 4;

/// The action after which the middle of the first round is looked at.
const MIDDLE: usize = 8;

/// What one viewer was shown at one moment, as an update carries it.
pub(super) struct Moment {
    /// Which moment: `dealt`, `playing`, `round-over` or `decided`.
    pub name: &'static str,
    /// Whose view.
    pub viewer: Viewer,
    /// The view.
    pub view: AnyView,
    /// The events of the step that led here that the viewer may see.
    pub events: Vec<Addressed<AnyEvent>>,
    /// The seats the round waited for.
    pub waiting_for: SeatSet,
}

/// What one seeded match showed.
pub(super) struct Played {
    /// Every event with its audience, in order.
    pub events: Vec<Addressed<AnyEvent>>,
    /// Every seat's action and every deal after the first, in order (the record).
    pub steps: Vec<Step>,
    /// Views at named moments: the deal (a seat's and a spectator's), the middle of the first
    /// round, its end, the decided match.
    pub moments: Vec<Moment>,
    /// Every round's result.
    pub rounds: Vec<RoundResult>,
    /// The match's result, once decided.
    pub result: Option<MatchResult>,
}

impl Played {
    /// The actions taken, with their seats, in order.
    pub(super) fn actions(&self) -> impl Iterator<Item = (Seat, AnyAction)> + '_ {
        self.steps.iter().filter_map(|step| match step {
            Step::Act(seat, action) => Some((*seat, *action)),
            Step::NextRound => None,
        })
    }
}

/// Notes what `viewer` sees of `game` now, after the step whose events are `last`.
fn moment(name: &'static str, viewer: Viewer, game: &AnyGame, last: &[Addressed<AnyEvent>]) -> Moment {
    let events = last.iter().filter(|addressed| addressed.audience.includes(viewer)).cloned().collect();
    Moment { name, viewer, view: game.view(viewer), events, waiting_for: game.waiting_for() }
}

/// Plays a match of `players` under `options` from `seed`, the seat to move drawn as
/// [`OPTIONAL_ODDS`] says and its action uniformly among its legal ones, until the match is
/// decided or [`MAX_STEPS`] are taken.
///
/// # Panics
/// The game refuses the table or one of its own legal actions.
pub(super) fn play(options: &AnyOptions, players: usize, seed: u64) -> Played {
    let (mut game, mut last) = AnyGame::start_match(TableSetup::new(players, seed), options.clone(), None).expect("a table the game takes");
    let mut played = Played { events: Vec::new(), steps: Vec::new(), moments: Vec::new(), rounds: Vec::new(), result: None };
    played.moments.push(moment("dealt", Viewer::Seat(Seat(0)), &game, &last));
    played.moments.push(moment("dealt", Viewer::Spectator, &game, &last));
    // Another stream than the deal's, so the moves do not echo the shuffle.
    let mut dice = GameRng::from_seed(seed ^ 0x5eed_0fd1_ce00);
    for _ in 0..MAX_STEPS {
        played.events.extend(last.iter().cloned());
        match game.phase() {
            Phase::Playing => {
                // Mostly a seat the round waits for: optional calls (a snap, "One!") open to
                // every seat at once would otherwise crowd out the turns.
                let waiting: Vec<Seat> = game.waiting_for().iter().collect();
                let to_act: Vec<Seat> = game.to_act().iter().collect();
                let choices = if waiting.is_empty() || dice.below(OPTIONAL_ODDS) == 0 { &to_act } else { &waiting };
                let seat = choices[dice.below(choices.len())];
                let legal = game.legal_actions(seat);
                let action = legal[dice.below(legal.len())];
                last = game.apply(seat, action).expect("a legal action is taken");
                played.steps.push(Step::Act(seat, action));
                if played.steps.len() == MIDDLE {
                    played.moments.push(moment("playing", Viewer::Seat(seat), &game, &last));
                }
            }
            Phase::RoundOver => {
                if played.rounds.is_empty() {
                    played.moments.push(moment("round-over", Viewer::Seat(Seat(0)), &game, &last));
                }
                played.rounds.push(game.last_round().expect("a finished round has its result").clone());
                last = game.start_next_round(None).expect("the next round is dealt");
                played.steps.push(Step::NextRound);
            }
            Phase::MatchOver => {
                played.moments.push(moment("decided", Viewer::Seat(Seat(0)), &game, &last));
                played.rounds.extend(game.last_round().cloned());
                played.result = game.match_result().cloned();
                last = Vec::new();
                break;
            }
        }
    }
    played.events.extend(last);
    played
}
