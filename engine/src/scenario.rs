//! Scenarios: a match built from an explicit deck order and a list of scripted actions, for
//! tests and for `cardtable scenario FILE.json`. The format is documented in docs/scenarios.md.
//! A scenario is a file people write by hand: every mistake in one is answered with an error
//! naming the field at fault (see [`check`]), never a panic and never a silent repair.

mod check;
mod step;
#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

use crate::card::Card;
use crate::error::{ActionError, ParseActionError, SetupError};
use crate::event::Addressed;
use crate::game::{DEFAULT_TURN_CAP, Phase, TableSetup};
use crate::kind::GameKind;
use crate::registry::{AnyAction, AnyEvent, AnyGame, AnyOptions, AnyView};
use crate::score::{MatchResult, RoundResult};
use crate::seat::{BySeat, Seat, Viewer};

/// A scenario file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// The game id (`crazy-eights`, ...).
    pub game: GameKind,
    /// Number of seats.
    pub players: usize,
    /// Dealer of the first round. Default 0.
    #[serde(default = "first_seat")]
    pub dealer: Seat,
    /// Seed for everything not stacked (the rest of the deck, reshuffles, random plays).
    #[serde(default)]
    pub seed: u64,
    /// The game's options; missing fields take their defaults.
    #[serde(default)]
    pub options: Option<serde_json::Value>,
    /// Hands for the first round, by seat; dealt before `deck`.
    #[serde(default)]
    pub hands: Vec<Vec<Card>>,
    /// The top of the stock after the hands, top first; the unlisted cards follow shuffled.
    #[serde(default)]
    pub deck: Vec<Card>,
    /// Stacked decks (top first, hands included) for rounds 2, 3, ...
    #[serde(default)]
    pub next_decks: Vec<Vec<Card>>,
    /// Turn cap per round. Default 2,000.
    #[serde(default)]
    pub turn_cap: Option<u32>,
    /// The scripted steps.
    #[serde(default)]
    pub actions: Vec<Step>,
}

fn first_seat() -> Seat {
    Seat(0)
}

/// One scripted step. Read by hand (see `step.rs`) so that a step that is neither form gets
/// an error saying what a step looks like, not serde's "did not match any variant".
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Step {
    /// A seat takes an action, in the game's notation.
    Act {
        /// Who acts.
        seat: Seat,
        /// What they do (`play 8H S`).
        action: String,
    },
    /// A keyword step.
    Keyword(Keyword),
}

/// Steps that are not a seat's action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Keyword {
    /// Deal the next round (with the next of `next_decks`, if any).
    #[serde(rename = "next-round")]
    NextRound,
}

/// Why a scenario could not be played to its end.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ScenarioError {
    /// The file is not a scenario.
    #[error("not a scenario file: {0}")]
    Format(String),
    /// A field holds something the scenario cannot be played with.
    #[error("{field}: {message}")]
    Field {
        /// Where, as the message names it (`` `hands[1]` ``, `` `hands` and `deck` ``).
        field: String,
        /// What is wrong there.
        message: String,
    },
    /// The options do not fit the game.
    #[error("options for {game}: {message}")]
    Options {
        /// The game.
        game: GameKind,
        /// What serde said.
        message: String,
    },
    /// The table could not be set up.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// A step's action is not in the game's notation.
    #[error("action #{index} ({text}): {error}")]
    Notation {
        /// Index of the step in `actions`.
        index: usize,
        /// The step's text.
        text: String,
        /// The parse error.
        error: ParseActionError,
    },
    /// A step was refused by the rules.
    #[error("action #{index} ({step}) is illegal: {error}")]
    Illegal {
        /// Index of the step in `actions`.
        index: usize,
        /// The step, as written.
        step: String,
        /// Why it was refused.
        error: ActionError,
    },
}

impl ScenarioError {
    /// The index of the step that failed, if a step failed.
    #[must_use]
    pub fn step_index(&self) -> Option<usize> {
        match self {
            ScenarioError::Notation { index, .. } | ScenarioError::Illegal { index, .. } => Some(*index),
            _ => None,
        }
    }
}

/// What a scenario ended with: every seat's view, the spectator's, all events and the score.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ScenarioOutcome {
    /// The game.
    pub game: GameKind,
    /// Round on, over, or match decided.
    pub phase: Phase,
    /// Each seat's view at the end.
    pub views: BySeat<AnyView>,
    /// A spectator's view at the end.
    pub spectator: AnyView,
    /// Every event with its audience, in order.
    pub events: Vec<Addressed<AnyEvent>>,
    /// Match totals.
    pub totals: BySeat<i32>,
    /// The last finished round, if any.
    pub last_round: Option<RoundResult>,
    /// The match result, if decided.
    pub result: Option<MatchResult>,
}

/// Builds a stacked deck (top first) from hands given by seat and the cards that follow:
/// the hands are put in deal order, starting with the seat left of `dealer`.
#[must_use]
pub fn deck_from_hands(dealer: Seat, hands: &[Vec<Card>], then: &[Card]) -> Vec<Card> {
    let players = hands.len();
    let mut deck: Vec<Card> = (1..=players).flat_map(|offset| hands[dealer.clockwise(offset, players).index()].iter().copied()).collect();
    deck.extend_from_slice(then);
    deck
}

impl Scenario {
    /// Reads a scenario from JSON.
    ///
    /// # Errors
    /// The text is not a scenario; the message says where.
    pub fn from_json(text: &str) -> Result<Scenario, ScenarioError> {
        let mut deserializer = serde_json::Deserializer::from_str(text);
        let scenario: Scenario = serde_path_to_error::deserialize(&mut deserializer).map_err(|error| {
            let path = error.path().to_string();
            let error = error.into_inner();
            // Broken JSON is the file's fault as a whole; a value that does not fit, its field's.
            if path == "." || !error.is_data() {
                ScenarioError::Format(error.to_string())
            } else {
                ScenarioError::Field { field: format!("`{path}`"), message: error.to_string() }
            }
        })?;
        deserializer.end().map_err(|error| ScenarioError::Format(error.to_string()))?;
        Ok(scenario)
    }

    /// Sets the table up as the scenario says, before any step.
    ///
    /// # Errors
    /// Bad options, a bad table, hands or decks that are not the game's, or a step's seat
    /// that is not at the table: each named by its field.
    pub fn start(&self) -> Result<(AnyGame, Vec<Addressed<AnyEvent>>), ScenarioError> {
        let options = match &self.options {
            Some(json) => AnyOptions::from_json(self.game, json)
                .map_err(|error| ScenarioError::Options { game: self.game, message: error.to_string() })?,
            None => AnyOptions::defaults(self.game),
        };
        check::check(self, &options)?;
        let setup =
            TableSetup { players: self.players, dealer: self.dealer, seed: self.seed, turn_cap: self.turn_cap.unwrap_or(DEFAULT_TURN_CAP) };
        let stacked = if self.hands.is_empty() { self.deck.clone() } else { deck_from_hands(self.dealer, &self.hands, &self.deck) };
        let stacked = (!stacked.is_empty()).then_some(stacked.as_slice());
        Ok(AnyGame::start_match(setup, options, stacked)?)
    }

    /// Plays every step on `game` (set up by [`Scenario::start`]), handing each step's events
    /// to `happened` with the action taken (`None` for a new deal).
    ///
    /// # Errors
    /// The first step that cannot be read or is refused, by index.
    pub fn play_steps(
        &self,
        game: &mut AnyGame,
        mut happened: impl FnMut(Option<(Seat, AnyAction)>, Vec<Addressed<AnyEvent>>),
    ) -> Result<(), ScenarioError> {
        let mut next_decks = self.next_decks.iter();
        for (index, step) in self.actions.iter().enumerate() {
            match step {
                Step::Act { seat, action } => {
                    let parsed = AnyAction::parse(self.game, action).map_err(|error| ScenarioError::Notation {
                        index,
                        text: action.clone(),
                        error,
                    })?;
                    let events = game.apply(*seat, parsed).map_err(|error| ScenarioError::Illegal {
                        index,
                        step: format!("seat {}: {action}", seat.0),
                        error,
                    })?;
                    happened(Some((*seat, parsed)), events);
                }
                Step::Keyword(Keyword::NextRound) => {
                    let deck = next_decks.next().map(Vec::as_slice);
                    let events = game.start_next_round(deck).map_err(|error| ScenarioError::Illegal {
                        index,
                        step: "next-round".to_owned(),
                        error,
                    })?;
                    happened(None, events);
                }
            }
        }
        Ok(())
    }

    /// Plays every step and returns the game and what happened.
    ///
    /// # Errors
    /// The first step that cannot be read or is refused, by index.
    pub fn run(&self) -> Result<(AnyGame, ScenarioOutcome), ScenarioError> {
        let (mut game, mut events) = self.start()?;
        self.play_steps(&mut game, |_, happened| events.extend(happened))?;
        let outcome = ScenarioOutcome {
            game: self.game,
            phase: game.phase(),
            views: BySeat::from_fn(game.players(), |seat| game.view(Viewer::Seat(seat))),
            spectator: game.view(Viewer::Spectator),
            events,
            totals: game.totals().clone(),
            last_round: game.last_round().cloned(),
            result: game.match_result().cloned(),
        };
        Ok((game, outcome))
    }
}
