//! What happens in Dunno, as events addressed to their audience.

use serde::{Deserialize, Serialize};

use crate::card::{Card, Suit};
use crate::card_set::CardSet;
use crate::match_shell::shell_events;
use crate::score::{MatchResult, RoundResult};
use crate::seat::{Direction, Seat};

use super::action::CardRun;
use super::matching::Answer;

/// A Dunno event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DunnoEvent {
    /// A game (deal) started.
    RoundStarted {
        /// Game number in the match, from 1.
        round: u32,
        /// The dealer.
        dealer: Seat,
    },
    /// The cards dealt to a seat (to that seat only).
    HandDealt {
        /// The seat.
        seat: Seat,
        /// Its cards.
        cards: Vec<Card>,
    },
    /// The starter card began the pile (it has no effect).
    StarterTurned {
        /// The starter.
        card: Card,
    },
    /// A seat played cards, in this order; the last is the new top card.
    Played {
        /// Who.
        seat: Seat,
        /// The cards.
        cards: CardRun,
    },
    /// A seat that owed cards answered with its play.
    Answered {
        /// Who.
        seat: Seat,
        /// How: stacking, passing on with a 3, or defending.
        answer: Answer,
    },
    /// The King or Queen on top now carries this suit.
    SuitChosen {
        /// Who chose.
        seat: Seat,
        /// The suit.
        suit: Suit,
    },
    /// A Queen reversed the direction of play.
    Reversed {
        /// The new direction.
        direction: Direction,
    },
    /// A seat misses its turn (an Ace was played).
    Skipped {
        /// Who.
        seat: Seat,
    },
    /// A seat's turn starts owing cards: it answers or draws them.
    DrawOwed {
        /// Who owes.
        seat: Seat,
        /// The draw value.
        cards: u32,
    },
    /// A seat put cards under its `JD` (they have no effect).
    PutUnder {
        /// Who.
        seat: Seat,
        /// The cards (none, one or two).
        cards: CardSet,
    },
    /// A Jack's player swapped hands with another seat.
    Swapped {
        /// The Jack's player.
        seat: Seat,
        /// The seat it swapped with.
        with: Seat,
    },
    /// The hand a seat received in a swap (to that seat only).
    HandReceived {
        /// The seat.
        seat: Seat,
        /// Its new cards.
        cards: Vec<Card>,
    },
    /// A seat drew a card (to that seat only).
    Drew {
        /// Who.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// A seat drew a card, face down (to everyone else).
    DrewFaceDown {
        /// Who.
        seat: Seat,
    },
    /// The pile but its top was shuffled into a new stock.
    Reshuffled {
        /// Cards moved.
        cards: usize,
    },
    /// The game (round) ended and was scored (hands revealed).
    RoundEnded(RoundResult),
    /// The match is decided.
    MatchEnded(MatchResult),
}

shell_events!(DunnoEvent);
