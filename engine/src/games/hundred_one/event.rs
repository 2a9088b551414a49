//! What happens in One Hundred and One, as events addressed to their audience.

use serde::{Deserialize, Serialize};

use crate::card::{Card, Suit};
use crate::match_shell::shell_events;
use crate::score::{MatchResult, RoundResult};
use crate::seat::Seat;

use super::exit::Exit;

/// A One Hundred and One event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HundredOneEvent {
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
    /// The dealer's extra card was turned face up: the dealer's first play.
    TurnedUp {
        /// The dealer.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// A seat played a card.
    Played {
        /// Who.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// A seat that laid a Queen ordered the suit to follow.
    Ordered {
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
    /// A seat misses its turn (after an A, 7, 6 or the king of spades).
    Skipped {
        /// Who.
        seat: Seat,
    },
    /// A seat had no legal card, even after drawing, and passed.
    Passed {
        /// Who.
        seat: Seat,
    },
    /// A seat owed a cover for its 8 but nothing could be drawn: the obligation lapsed.
    CoverLapsed {
        /// Who.
        seat: Seat,
    },
    /// A seat emptied its hand and is out of the round.
    WentOut {
        /// Who.
        seat: Seat,
        /// What it went out on (a Queen earns a bonus).
        exit: Exit,
    },
    /// The round ended and was scored (hands revealed).
    RoundEnded(RoundResult),
    /// The match is decided.
    MatchEnded(MatchResult),
}

shell_events!(HundredOneEvent);
