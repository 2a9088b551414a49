//! The Host: the true state of one match and its record. It applies actions the engine allows,
//! keeps the event history with its audiences and the steps to replay, and answers each viewer
//! with what it may see. Only the session layer applies actions, through the
//! [`Authority`](super::authority::Authority)'s checks.

use cardtable_engine::{
    ActionError, Addressed, AnyAction, AnyEvent, AnyGame, AnyOptions, AnyView, Card, GameKind, GameRng, Phase, Seat, SeatSet, SetupError,
    TableSetup, Viewer,
};

use cardtable_engine::scenario::{Scenario, ScenarioError};

use super::seating::Occupant;

/// One step of the match, in order, so the match can be replayed from its seed.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Step {
    /// A seat's action.
    Act(Seat, AnyAction),
    /// The next round was dealt.
    NextRound,
}

/// The true state of one match, its events and its steps.
#[derive(Debug, Clone)]
pub struct Host {
    game: AnyGame,
    seats: Vec<Occupant>,
    seed: u64,
    history: Vec<Addressed<AnyEvent>>,
    steps: Vec<Step>,
    bot_rng: GameRng,
    /// How many moves a person took back in this match (its history says so).
    undos: u32,
}

impl Host {
    /// How many moves a person took back in this match.
    #[must_use]
    pub fn undos(&self) -> u32 {
        self.undos
    }

    /// Notes how many moves were taken back (kept across a take-back's replay and a resume).
    pub fn set_undos(&mut self, undos: u32) {
        self.undos = undos;
    }

    /// A new match of the options' game with these occupants, seeded by `seed`.
    ///
    /// # Errors
    /// The game refuses the table (seat count, options).
    pub fn new(options: AnyOptions, seats: Vec<Occupant>, seed: u64) -> Result<Host, SetupError> {
        Host::with_deck(options, seats, seed, None)
    }

    /// [`Host::new`] with the top of the first deal stacked (top first; see docs/scenarios.md),
    /// for tests and scenarios that need a known situation.
    ///
    /// # Errors
    /// As [`Host::new`], or a stacked deck that is not the game's.
    pub fn with_deck(options: AnyOptions, seats: Vec<Occupant>, seed: u64, stacked: Option<&[Card]>) -> Result<Host, SetupError> {
        let (game, history) = AnyGame::start_match(TableSetup::new(seats.len(), seed), options, stacked)?;
        Ok(Host { game, seats, seed, history, steps: Vec::new(), bot_rng: GameRng::from_seed(seed ^ 0xB07_5EED), undos: 0 })
    }

    /// The table a scenario sets up (its stacked deal, dealer and options) with its steps
    /// played. Its deal does not follow from the seed alone, so it is never saved or replayed.
    ///
    /// # Errors
    /// The scenario's table cannot be set up, or a step cannot be read or is refused; the
    /// message names the field or the step.
    pub fn play_scenario(scenario: &Scenario, seats: Vec<Occupant>) -> Result<Host, ScenarioError> {
        let (mut game, mut history) = scenario.start()?;
        let mut steps = Vec::new();
        scenario.play_steps(&mut game, |step, events| {
            history.extend(events);
            steps.push(step.map_or(Step::NextRound, |(seat, action)| Step::Act(seat, action)));
        })?;
        let seed = scenario.seed;
        Ok(Host { game, seats, seed, history, steps, bot_rng: GameRng::from_seed(seed ^ 0xB07_5EED), undos: 0 })
    }

    /// The game being played.
    #[must_use]
    pub fn kind(&self) -> GameKind {
        self.game.kind()
    }

    /// The seed the match was dealt from.
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Who sits in each seat.
    #[must_use]
    pub fn seats(&self) -> &[Occupant] {
        &self.seats
    }

    /// The occupant of `seat`.
    #[must_use]
    pub fn occupant(&self, seat: Seat) -> &Occupant {
        &self.seats[seat.index()]
    }

    /// The seats with a decision now.
    #[must_use]
    pub fn to_act(&self) -> SeatSet {
        self.game.to_act()
    }

    /// Round on, over, or match decided.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.game.phase()
    }

    /// What `viewer` may see now.
    #[must_use]
    pub fn view(&self, viewer: Viewer) -> AnyView {
        self.game.view(viewer)
    }

    /// `seat`'s legal actions (derivable from its own view; given to its player or bot).
    #[must_use]
    pub fn legal_actions(&self, seat: Seat) -> Vec<AnyAction> {
        self.game.legal_actions(seat)
    }

    /// The events `viewer` may see, each with its audience, oldest first (walk it backwards
    /// for the latest).
    pub fn events_for(&self, viewer: Viewer) -> impl DoubleEndedIterator<Item = &Addressed<AnyEvent>> {
        self.history.iter().filter(move |addressed| addressed.audience.includes(viewer))
    }

    /// Every event so far with its audience, oldest first.
    #[must_use]
    pub fn history(&self) -> &[Addressed<AnyEvent>] {
        &self.history
    }

    /// Every step so far, to replay the match from its seed.
    #[must_use]
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// Applies `seat`'s action, if the engine allows it. Only the session layer calls it, after
    /// the authority's checks (or to replay recorded steps).
    ///
    /// # Errors
    /// The action is not `seat`'s to take now; nothing changes.
    pub(super) fn act(&mut self, seat: Seat, action: AnyAction) -> Result<(), ActionError> {
        let events = self.game.apply(seat, action)?;
        tracing::debug!(seat = seat.0, %action, "applied");
        self.history.extend(events);
        self.steps.push(Step::Act(seat, action));
        Ok(())
    }

    /// Deals the next round (the session layer's, as every change to the match).
    ///
    /// # Errors
    /// No round is over, or the match is decided.
    pub(super) fn next_round(&mut self) -> Result<(), ActionError> {
        let events = self.game.start_next_round(None)?;
        self.history.extend(events);
        self.steps.push(Step::NextRound);
        Ok(())
    }

    /// The seats the round waits for (the others in [`Host::to_act`] may act optionally).
    #[must_use]
    pub fn waiting_for(&self) -> SeatSet {
        self.game.waiting_for()
    }

    /// A bot seat the round waits for, if any. Turns are one seat at a time; when the round
    /// waits for several seats at once (Youglouf's opening look), bots do not wait for people.
    #[must_use]
    pub fn bot_to_act(&self) -> Option<Seat> {
        self.waiting_for().iter().find(|&seat| !self.occupant(seat).is_human())
    }

    /// A seed for a bot's next decision: bots' randomness comes from the match seed too, so a
    /// bots' match replays.
    pub fn bot_seed(&mut self) -> u64 {
        self.bot_rng.fork_seed()
    }

    /// The engine state, for the post-match reveal and for saving.
    #[must_use]
    pub fn game(&self) -> &AnyGame {
        &self.game
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::bots::decide;
    use crate::session::seating::quick_seating;
    use cardtable_engine::bots::BotLevel;

    #[test]
    fn a_host_plays_a_bot_only_match_to_its_end_and_keeps_hidden_events_private() {
        let bot = |name: &str| Occupant::Bot { name: name.into(), level: BotLevel::Normal };
        let seats = vec![bot("A"), bot("B"), bot("C")];
        let mut host = Host::new(AnyOptions::defaults(GameKind::CrazyEights), seats, 3).expect("table");
        let mut guard = 0;
        while host.phase() != Phase::MatchOver && guard < 50_000 {
            guard += 1;
            match host.phase() {
                Phase::Playing => {
                    let seat = host.bot_to_act().expect("only bots play");
                    let mut rng = GameRng::from_seed(host.bot_seed());
                    let action = decide(BotLevel::Normal, seat, &host.view(Viewer::Seat(seat)), &host.legal_actions(seat), &mut rng);
                    host.act(seat, action.expect("a bot with legal actions decides")).expect("a bot's choice is legal");
                }
                Phase::RoundOver => host.next_round().expect("deals"),
                Phase::MatchOver => {}
            }
        }
        assert_eq!(host.phase(), Phase::MatchOver);
        let own = host.events_for(Viewer::Seat(Seat(0))).count();
        let spectator = host.events_for(Viewer::Spectator).count();
        assert!(own > 0 && spectator > 0);
        assert!(host.history.iter().any(|event| event.audience == cardtable_engine::Audience::Only(Seat(1))));
        assert!(
            host.events_for(Viewer::Seat(Seat(0))).count() < host.history.len(),
            "seat 0 does not see the events addressed only to others"
        );
    }

    #[test]
    fn a_refused_action_changes_nothing_and_bots_wait_for_humans() {
        let mut host = Host::new(AnyOptions::defaults(GameKind::CrazyEights), quick_seating("Ana", 4, BotLevel::Easy), 9).expect("table");
        assert_eq!(host.to_act().first(), Some(Seat(1)), "dealer 0: seat 1 starts");
        assert_eq!(host.bot_to_act(), Some(Seat(1)));
        let first = host.legal_actions(Seat(1))[0];
        host.act(Seat(1), first).expect("bot plays");
        let before = host.steps().len();
        let wrong = host.legal_actions(Seat(2));
        assert!(host.act(Seat(0), wrong[0]).is_err(), "seat 0 may not act for seat 2");
        assert_eq!(host.steps().len(), before);
    }
}
