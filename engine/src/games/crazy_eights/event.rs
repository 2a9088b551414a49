//! What happens in Crazy Eights, as events addressed to their audience.

use serde::{Deserialize, Serialize};

use crate::card::{Card, Suit};
use crate::match_shell::shell_events;
use crate::score::{MatchResult, RoundResult};
use crate::seat::{Direction, Seat};

/// A Crazy Eights event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CrazyEightsEvent {
    /// A round was dealt.
    RoundStarted {
        /// Round number, from 1.
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
    /// An eight turned as starter went back into the stock.
    StarterReturned {
        /// The eight.
        card: Card,
    },
    /// The starter card began the discard pile.
    StarterTurned {
        /// The starter.
        card: Card,
    },
    /// A seat played a card.
    Played {
        /// Who.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// A seat that played an eight named the suit to follow.
    Nominated {
        /// Who.
        seat: Seat,
        /// The suit.
        suit: Suit,
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
    /// The discard pile but its top was shuffled into a new stock.
    Reshuffled {
        /// Cards moved.
        cards: usize,
    },
    /// A seat misses its turn.
    Skipped {
        /// Who.
        seat: Seat,
    },
    /// Play changed direction.
    Reversed {
        /// The new direction.
        direction: Direction,
    },
    /// Twos pile up for the next seat (`stack` house rule).
    DrawPending {
        /// Who must answer or draw.
        seat: Seat,
        /// Cards owed.
        cards: u32,
    },
    /// A seat could not get a playable card and passed.
    Passed {
        /// Who.
        seat: Seat,
    },
    /// The round ended and was scored (hands revealed).
    RoundEnded(RoundResult),
    /// The match is decided.
    MatchEnded(MatchResult),
}

shell_events!(CrazyEightsEvent);
