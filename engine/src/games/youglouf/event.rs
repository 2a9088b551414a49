//! What happens in Youglouf, as events addressed to their audience. A client that starts from
//! `Dealt` and applies the events it receives knows exactly what its view shows (the tests
//! rebuild every seat's knowledge from its events alone).

use serde::{Deserialize, Serialize};

use crate::card::Card;
use crate::match_shell::shell_events;
use crate::score::{MatchResult, RoundResult};
use crate::seat::Seat;

/// A power granted by a closed-deck card dropped directly (RULES.md §5, "Powers").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Power {
    /// 9 or 10: the player may look at one of their own cards.
    Peek,
    /// Jack: the player may look at one opponent's card.
    Spy,
    /// Queen: the player must exchange one of their cards with an opponent's, unseen.
    Exchange,
}

/// Where the card in the turn player's hand came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// The closed deck: only the taker has seen it.
    Closed,
    /// The open deck: everyone has seen it.
    Open,
}

/// A Youglouf event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum YougloufEvent {
    /// A Youglouf match (our round) was dealt.
    RoundStarted {
        /// Round number, from 1.
        round: u32,
        /// The dealer, who takes the first turn.
        dealer: Seat,
    },
    /// Every seat got this many face-down cards, in slots `0..cards`.
    Dealt {
        /// Cards per seat.
        cards: u8,
    },
    /// A seat's first look at two of its cards (to that seat only).
    Looked {
        /// Who.
        seat: Seat,
        /// The two slots.
        slots: [u8; 2],
        /// Their cards, in slot order.
        cards: [Card; 2],
    },
    /// A seat had its first look (to everyone else).
    LookedFaceDown {
        /// Who.
        seat: Seat,
        /// The two slots.
        slots: [u8; 2],
    },
    /// It is this seat's turn to take a card.
    TurnStarted {
        /// Whose turn.
        seat: Seat,
    },
    /// The open deck but its top card was shuffled into a new closed deck.
    Reshuffled {
        /// Cards moved.
        cards: usize,
    },
    /// The turn player took the top of the closed deck (to that seat only).
    Drew {
        /// Who.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// The turn player took the top of the closed deck (to everyone else).
    DrewFaceDown {
        /// Who.
        seat: Seat,
    },
    /// The turn player took the top of the open deck.
    Took {
        /// Who.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// The turn player put the taken card in a slot; the old card went face up.
    Replaced {
        /// Who.
        seat: Seat,
        /// The slot.
        slot: u8,
        /// The card that was there, now on the open deck.
        discarded: Card,
    },
    /// The turn player dropped the taken card onto the open deck.
    Dropped {
        /// Who.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// The dropped card gives its power.
    PowerGranted {
        /// Who.
        seat: Seat,
        /// Which power.
        power: Power,
    },
    /// A seat looked at one of its own cards with a 9 or 10 (to that seat only).
    Peeked {
        /// Who.
        seat: Seat,
        /// The slot.
        slot: u8,
        /// The card.
        card: Card,
    },
    /// A seat looked at one of its own cards (to everyone else).
    PeekedFaceDown {
        /// Who.
        seat: Seat,
        /// The slot.
        slot: u8,
    },
    /// A seat looked at an opponent's card with a Jack (to that seat only).
    Spied {
        /// Who looked.
        seat: Seat,
        /// Whose card.
        owner: Seat,
        /// The slot.
        slot: u8,
        /// The card.
        card: Card,
    },
    /// A seat looked at an opponent's card (to everyone else).
    SpiedFaceDown {
        /// Who looked.
        seat: Seat,
        /// Whose card.
        owner: Seat,
        /// The slot.
        slot: u8,
    },
    /// A Queen's blind exchange: the two cards changed places, faces unseen.
    Exchanged {
        /// Who exchanged.
        seat: Seat,
        /// Their slot.
        slot: u8,
        /// The opponent.
        owner: Seat,
        /// The opponent's slot.
        their_slot: u8,
    },
    /// The turn player declined an optional power, or a Queen had nothing to exchange.
    PowerSkipped {
        /// Who.
        seat: Seat,
    },
    /// A seat snapped a card of the top card's rank onto the open deck.
    Snapped {
        /// Who.
        seat: Seat,
        /// The slot it came from (now empty).
        slot: u8,
        /// The card.
        card: Card,
    },
    /// A wrong snap: the card was shown to all and went back to its place face down.
    WrongSnap {
        /// Who.
        seat: Seat,
        /// The slot.
        slot: u8,
        /// The card, now known to all.
        card: Card,
    },
    /// A penalty card went face down, unseen, into this slot of the seat.
    Penalty {
        /// Who.
        seat: Seat,
        /// The slot (the first empty one, else a new one at the end).
        slot: u8,
    },
    /// A penalty was due but neither deck had a card to give.
    NoPenaltyCard {
        /// Who escaped it.
        seat: Seat,
    },
    /// The turn player ended their turn declaring "Youglouf".
    Declared {
        /// The declarer.
        seat: Seat,
    },
    /// The round ended and was scored (hands revealed).
    RoundEnded(RoundResult),
    /// The game (our match) is decided.
    MatchEnded(MatchResult),
}

shell_events!(YougloufEvent);
