//! What happens in 108 Fool, as events addressed to their audience.

use serde::{Deserialize, Serialize};

use crate::card::{Card, Suit};
use crate::match_shell::ShellEvents;
use crate::score::{MatchResult, RoundResult};
use crate::seat::{Direction, Seat};

/// A 108 Fool event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Fool108Event {
    /// A round was dealt.
    RoundStarted {
        /// Round number, from 1.
        round: u32,
        /// The dealer (hands are dealt from their left).
        dealer: Seat,
        /// The seat whose random card opens the round.
        first_player: Seat,
    },
    /// The cards dealt to a seat (to that seat only).
    HandDealt {
        /// The seat.
        seat: Seat,
        /// Its cards.
        cards: Vec<Card>,
    },
    /// A card was played: by its holder, or for the first player at random (`automatic`).
    Played {
        /// Whose card it was.
        seat: Seat,
        /// The card.
        card: Card,
        /// True for the round's opening card, chosen at random from the first player's hand.
        automatic: bool,
    },
    /// The player of a Queen chose the suit to follow.
    SuitChosen {
        /// Who.
        seat: Seat,
        /// The suit.
        suit: Suit,
    },
    /// A 6 or a 7 makes a seat draw (it then misses its turn).
    MustDraw {
        /// Who draws.
        seat: Seat,
        /// How many cards.
        cards: u32,
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
    /// A seat had to draw but stock and pile were empty: it got nothing.
    NothingToDraw {
        /// Who.
        seat: Seat,
    },
    /// The pile but its top card was shuffled into a new stock (replenishment).
    Reshuffled {
        /// The seat whose draw triggered it.
        seat: Seat,
        /// Cards moved.
        cards: usize,
        /// Which reshuffle of the round this is (k, from 1).
        number: u32,
        /// Round points it costs `seat` (k × step).
        penalty: i32,
    },
    /// A seat misses its turn.
    Skipped {
        /// Who.
        seat: Seat,
    },
    /// A 9 changed the direction of play.
    Reversed {
        /// The new direction.
        direction: Direction,
    },
    /// A seat drew and then ended its turn without playing.
    Passed {
        /// Who.
        seat: Seat,
    },
    /// A seat declared "One!".
    DeclaredOne {
        /// Who.
        seat: Seat,
    },
    /// A seat's "One!" lapsed: its hand grew above two cards.
    OneLapsed {
        /// Who.
        seat: Seat,
    },
    /// The round ended and was scored (hands revealed).
    RoundEnded(RoundResult),
    /// The match is decided.
    MatchEnded(MatchResult),
}

impl ShellEvents for Fool108Event {
    /// 108 Fool announces its deal itself: the round's first player comes with it.
    fn round_started(_round: u32, _dealer: Seat) -> Option<Fool108Event> {
        None
    }

    fn round_ended(result: RoundResult) -> Fool108Event {
        Fool108Event::RoundEnded(result)
    }

    fn match_ended(result: MatchResult) -> Fool108Event {
        Fool108Event::MatchEnded(result)
    }
}
