//! The contract every game implements ([`Game`]) and the table setup they share.
//!
//! The shape follows ARCHITECTURE.md: complete, deterministic legal actions; `apply` that
//! leaves the state untouched on error; a per-seat view that holds exactly what that seat may
//! know; events addressed to an audience; whose decision it is; round and match outcome.
//! Hot paths (`legal_actions_into`, `apply_with` into [`crate::event::NoEvents`]) allocate
//! nothing, so bots can run thousands of playouts per move.

use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::ops::RangeInclusive;
use std::str::FromStr;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::card::{Card, DeckKind};
use crate::card_set::CardCounts;
use crate::error::{ActionError, ParseActionError, SetupError};
use crate::event::{Addressed, EventSink};
use crate::kind::GameKind;
use crate::match_shell::MatchShell;
pub use crate::match_shell::{DEFAULT_TURN_CAP, Phase, TableSetup};
use crate::rng::GameRng;
use crate::score::{MatchResult, RoundResult};
use crate::seat::{BySeat, Seat, SeatSet, Viewer};
use crate::standings::Better;

/// One of the five games: its rules, state and per-seat views.
///
/// A state holds its own seeded RNG: dealing, reshuffles and automatic random plays come from
/// it, so the seed plus the list of actions replays a match exactly.
pub trait Game: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static {
    /// House rules and limits, with RULES.md's defaults as `Default`.
    type Options: Clone + Debug + Default + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// A decision a seat can take. Its text notation (Display/FromStr) is the scenario notation.
    type Action: Copy + Eq + Hash + Debug + Display + FromStr<Err = ParseActionError> + Serialize + DeserializeOwned + Send + Sync;
    /// Something that happened, addressed to an audience when emitted.
    type Event: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// What one viewer may know of the state.
    type View: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;

    /// Which game this is.
    const KIND: GameKind;

    /// Which match totals lead (the match's winners are among the seats placed first).
    const BETTER: Better;

    /// The cards each seat is dealt at the start of a round (a scenario's hands are checked
    /// against it).
    const HAND_SIZE: usize;

    /// Seat counts the game can be played with under these options.
    fn seat_range(options: &Self::Options) -> RangeInclusive<usize>;

    /// The seat count a new table starts with (RULES.md's default for the game).
    fn default_players(options: &Self::Options) -> usize {
        let range = Self::seat_range(options);
        4.clamp(*range.start(), *range.end())
    }

    /// The deck the game is played with.
    fn deck_kind(options: &Self::Options) -> DeckKind;

    /// A new match with its first round dealt, its events (the deal, a turned-up or automatic
    /// first card) emitted into `events`. `stacked` fixes the top of the deck (top
    /// first; the rest follows shuffled): hands are dealt in blocks, starting with the seat
    /// left of the dealer, then the game's own turn-up cards (see docs/scenarios.md).
    ///
    /// # Errors
    /// Seat count out of range, invalid options, or a stacked deck that is not part of the
    /// game's deck.
    fn start_match(
        setup: TableSetup,
        options: Self::Options,
        stacked: Option<&[Card]>,
        events: &mut impl EventSink<Self::Event>,
    ) -> Result<Self, SetupError>;

    /// [`Game::start_match`] without its events (playouts, tests).
    ///
    /// # Errors
    /// As [`Game::start_match`].
    fn new_match(setup: TableSetup, options: Self::Options, stacked: Option<&[Card]>) -> Result<Self, SetupError> {
        Self::start_match(setup, options, stacked, &mut crate::event::NoEvents)
    }

    /// The match around the current round (options, table, RNG, score, phase, results).
    fn shell(&self) -> &MatchShell<Self::Options>;

    /// The options this match is played with.
    fn options(&self) -> &Self::Options {
        &self.shell().options
    }

    /// Number of seats.
    fn players(&self) -> usize {
        self.shell().players()
    }

    /// The seats that have a decision now (several at once for snaps and "One!").
    fn to_act(&self) -> SeatSet;

    /// The seats the round waits for: it cannot go on until one of them acts (the turn, or
    /// every seat still to take its opening look). Always a subset of [`Game::to_act`]; the
    /// other seats there have optional decisions ("One!", snaps) that nobody waits for, so a
    /// table never blocks on them. The default: every seat to act is waited for.
    fn waiting_for(&self) -> SeatSet {
        self.to_act()
    }

    /// Writes `seat`'s legal actions into `out` (cleared first), in a fixed order.
    fn legal_actions_into(&self, seat: Seat, out: &mut Vec<Self::Action>);

    /// `seat`'s legal actions, in a fixed order.
    fn legal_actions(&self, seat: Seat) -> Vec<Self::Action> {
        let mut actions = Vec::new();
        self.legal_actions_into(seat, &mut actions);
        actions
    }

    /// A uniformly random legal action of `seat`: exactly `legal_actions(seat)[rng.below(n)]`
    /// for its `n` actions, with that one draw from `rng`, or `None` (and no draw) when it has
    /// none. Random playouts and `sim` pick here; a game whose actions are a few bitmasks
    /// overrides it to count and pick without building the list. `scratch` is the list the
    /// default builds into (reused by the caller, so nothing allocates).
    fn random_legal_action(&self, seat: Seat, rng: &mut GameRng, scratch: &mut Vec<Self::Action>) -> Option<Self::Action> {
        self.legal_actions_into(seat, scratch);
        if scratch.is_empty() {
            return None;
        }
        Some(scratch[rng.below(scratch.len())])
    }

    /// Applies an action just taken from `seat`'s legal actions (or from
    /// [`Game::random_legal_action`]) without checking it a second time: the hot path of
    /// playouts. Debug builds still check. Any other action is a defect in the caller: the
    /// game may then end up in a state no rule leads to (never unsafe memory).
    fn apply_legal_with(&mut self, seat: Seat, action: Self::Action, events: &mut impl EventSink<Self::Event>) {
        self.apply_with(seat, action, events).expect("apply_legal_with is given one of the seat's legal actions");
    }

    /// Applies `seat`'s action, emitting what happened into `events`.
    ///
    /// # Errors
    /// The action is not `seat`'s to take now; the state is then unchanged.
    fn apply_with(&mut self, seat: Seat, action: Self::Action, events: &mut impl EventSink<Self::Event>) -> Result<(), ActionError>;

    /// Applies `seat`'s action and returns the events it caused.
    ///
    /// # Errors
    /// As [`Game::apply_with`]; the state is then unchanged.
    fn apply(&mut self, seat: Seat, action: Self::Action) -> Result<Vec<Addressed<Self::Event>>, ActionError> {
        let mut events = Vec::new();
        self.apply_with(seat, action, &mut events)?;
        Ok(events)
    }

    /// Exactly what `viewer` may know now.
    fn view(&self, viewer: Viewer) -> Self::View;

    /// The open snap window, if any: a window in which any seat may claim the last card out
    /// of turn while the table holds the turn back from taking a card for the options' grace
    /// time (Youglouf, RULES.md §5 ruling). The number names the window: it changes when a new
    /// one opens. The engine has no clock; the table that runs the match times the grace.
    /// The default: the game has no snap windows.
    fn snap_window(&self) -> Option<u32> {
        None
    }

    /// Milliseconds an open snap window holds back the turn's taking of a card under
    /// `options` (0: the game has no snap windows).
    fn snap_grace_ms(_options: &Self::Options) -> u32 {
        0
    }

    /// The open snap window as `view`'s viewer sees it (the same name as
    /// [`Game::snap_window`]): a guest times the grace from its own view.
    fn view_snap_window(_view: &Self::View) -> Option<u32> {
        None
    }

    /// Whether `action` takes a card, which an open snap window's grace holds back.
    fn waits_for_snap_grace(_action: &Self::Action) -> bool {
        false
    }

    /// Whether a round is on, over, or the match is decided.
    fn phase(&self) -> Phase {
        self.shell().phase
    }

    /// The most recently finished round's result (from its end until the next deal).
    fn last_round(&self) -> Option<&RoundResult> {
        self.shell().last_round.as_ref()
    }

    /// Running match totals.
    fn totals(&self) -> &BySeat<i32> {
        &self.shell().score.totals
    }

    /// The match's result once decided.
    fn match_result(&self) -> Option<&MatchResult> {
        self.shell().result.as_ref()
    }

    /// Deals the next round after a round is over; `stacked` as in [`Game::new_match`].
    ///
    /// # Errors
    /// The round is not over or the match is decided; the stacked deck is invalid.
    fn start_next_round(&mut self, stacked: Option<&[Card]>, events: &mut impl EventSink<Self::Event>) -> Result<(), ActionError>;

    /// Options for a rematch of this match ("play again"); most games reuse the options.
    fn rematch_options(&self) -> Self::Options {
        self.options().clone()
    }

    /// Every card in every zone (hands, stock, pile, table): conservation is checked on it.
    fn card_counts(&self) -> CardCounts;

    /// Cards `viewer` may legitimately know the identity of now: a view never holds more.
    fn known_counts(&self, viewer: Viewer) -> CardCounts;

    /// Every card `seat` holds, face up, seen or not: a replay's reveal once the match is
    /// over (house rule 2), never part of a view during play.
    fn revealed_hand(&self, seat: Seat) -> Vec<Card>;
}
