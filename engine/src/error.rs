//! The engine's errors: refused actions, impossible setups, unreadable notation.

use serde::{Deserialize, Serialize};

use crate::card::Card;
use crate::kind::UnknownGame;
use crate::refusal::Refusal;
use crate::seat::Seat;

/// Why an action was refused. The state is unchanged whenever one is returned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum ActionError {
    /// The seat has no decision to take now.
    #[error("it is not {seat}'s decision now")]
    NotYourTurn {
        /// The seat that tried to act.
        seat: Seat,
    },
    /// No round is being played (it is over, or the match is decided).
    #[error("no round is being played now")]
    NoRound,
    /// A new round was asked for while one is being played, or after the match ended.
    #[error("a new round can only start after a round is over and while the match goes on")]
    NotBetweenRounds,
    /// The seat does not hold the card it tried to use.
    #[error("{seat} does not hold {card}")]
    NotInHand {
        /// The seat that tried to act.
        seat: Seat,
        /// The card it does not hold.
        card: Card,
    },
    /// The action breaks a rule of the game; the refusal says which.
    #[error("{action} is not allowed: {refusal}")]
    Illegal {
        /// The refused action, in notation.
        action: String,
        /// The rule it breaks, with what a message about it needs.
        refusal: Refusal,
    },
    /// A stacked deck for the next round could not be used.
    #[error(transparent)]
    Setup(#[from] SetupError),
}

impl ActionError {
    /// A rule violation of `action`: the rule it breaks.
    pub fn illegal(action: impl std::fmt::Display, refusal: Refusal) -> ActionError {
        ActionError::Illegal { action: action.to_string(), refusal }
    }

    /// The rule broken, when the action was refused by a rule of the game.
    #[must_use]
    pub const fn refusal(&self) -> Option<Refusal> {
        match self {
            ActionError::Illegal { refusal, .. } => Some(*refusal),
            _ => None,
        }
    }
}

/// Why a match could not be set up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum SetupError {
    /// The game is not played with this many seats.
    #[error("{game} is played by {min} to {max} players, not {players}")]
    Players {
        /// Game name.
        game: String,
        /// Seats asked for.
        players: usize,
        /// Fewest seats.
        min: usize,
        /// Most seats.
        max: usize,
    },
    /// The first dealer is not a seat at the table.
    #[error("dealer {dealer} is not at a table of {players}")]
    Dealer {
        /// The dealer asked for.
        dealer: Seat,
        /// Seats at the table.
        players: usize,
    },
    /// A stacked deck holds more copies of a card than the game's deck.
    #[error("the stacked deck holds {card} more often than the game's deck does")]
    NotInDeck {
        /// The card.
        card: Card,
    },
    /// An option has a value the game cannot be played with.
    #[error("option {option}: {reason}")]
    Option {
        /// The option's name.
        option: String,
        /// What is wrong with its value.
        reason: String,
    },
    /// Unknown game id.
    #[error("unknown game `{id}`; known games: {known}")]
    UnknownGame {
        /// The id given.
        id: String,
        /// The ids that exist.
        known: String,
    },
    /// Options that do not belong to the game.
    #[error("options for {options} given to a {game} table")]
    OptionsMismatch {
        /// Game the options are for.
        options: String,
        /// Game of the table.
        game: String,
    },
}

impl From<UnknownGame> for SetupError {
    fn from(UnknownGame { id, known }: UnknownGame) -> SetupError {
        SetupError::UnknownGame { id, known }
    }
}

/// Why an action's notation could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[error("`{text}` is not a {game} action: {expected}")]
pub struct ParseActionError {
    /// The text.
    pub text: String,
    /// The game whose notation was expected.
    pub game: String,
    /// What the notation looks like.
    pub expected: String,
}
