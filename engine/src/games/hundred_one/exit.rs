//! What a seat went out on, as far as One Hundred and One's scoring cares: a Queen is a bonus.
//! The round records it and the events and views report it.

use serde::{Deserialize, Serialize};

use crate::card::{Card, Rank, Suit};

/// The queen of spades: going out on it is worth −40.
const QUEEN_OF_SPADES: Card = Card::new(Rank::Queen, Suit::Spades);

/// The card a seat went out on, as far as scoring cares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Exit {
    /// Any card but a Queen: the seat scores 0.
    Plain,
    /// A Queen other than spades: −20.
    Queen,
    /// The queen of spades: −40.
    QueenOfSpades,
}

impl Exit {
    /// The exit made by going out on `card`.
    #[must_use]
    pub fn on(card: Card) -> Exit {
        if card == QUEEN_OF_SPADES {
            Exit::QueenOfSpades
        } else if card.is_rank(Rank::Queen) {
            Exit::Queen
        } else {
            Exit::Plain
        }
    }

    /// The bonus this exit scores (RULES.md §3, Scoring).
    #[must_use]
    pub const fn bonus(self) -> i32 {
        match self {
            Exit::Plain => 0,
            Exit::Queen => -20,
            Exit::QueenOfSpades => -40,
        }
    }
}
