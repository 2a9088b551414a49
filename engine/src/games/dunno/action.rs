//! Dunno actions and their notation.
//!
//! - `play 7H 7S 7C`: cards of one rank, in the order played. The first must be playable (or
//!   answer the draw value); the last becomes the top card.
//! - `play KH KS suit D`: a play of Kings or Queens names the suit the top card carries.
//! - `draw`: draw one card (nothing owed) or the whole draw value; the turn ends.
//! - `under 9C 5H`, `under 5H`, `under none`: after `JD`, put up to two cards under it (a set:
//!   written in card order, clubs to spades, any order is read).
//! - `swap 2`: after a Jack, swap hands with seat 2.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::card::{Card, Rank, Suit};
use crate::card_set::CardSet;
use crate::error::ParseActionError;
use crate::seat::{MAX_SEATS, Seat};

/// Most cards in one play: the four suits of a rank.
pub const MAX_RUN: usize = 4;

/// The cards of one play in the order they are played (1 to 4), stored inline so an action
/// stays `Copy` and generating plays allocates nothing.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct CardRun {
    /// The cards; slots past `len` always hold [`CardRun::FILLER`] so derived equality holds.
    cards: [Card; MAX_RUN],
    /// How many slots are used.
    len: u8,
}

impl CardRun {
    /// What unused slots hold.
    const FILLER: Card = Card::new(Rank::Two, Suit::Clubs);

    /// A run of just `card`.
    #[must_use]
    pub const fn single(card: Card) -> CardRun {
        CardRun { cards: [card, CardRun::FILLER, CardRun::FILLER, CardRun::FILLER], len: 1 }
    }

    /// A run of these cards in this order; `None` if there are none or more than four.
    #[must_use]
    pub fn of(cards: &[Card]) -> Option<CardRun> {
        let (&first, rest) = cards.split_first()?;
        let mut run = CardRun::single(first);
        for &card in rest {
            run = run.then(card)?;
        }
        Some(run)
    }

    /// This run followed by `card`; `None` if it is full.
    #[must_use]
    pub const fn then(mut self, card: Card) -> Option<CardRun> {
        if self.len as usize >= MAX_RUN {
            return None;
        }
        self.cards[self.len as usize] = card;
        self.len += 1;
        Some(self)
    }

    /// The cards in play order.
    #[must_use]
    pub fn cards(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }

    /// The first card: the one that must be playable.
    #[must_use]
    pub const fn first(&self) -> Card {
        self.cards[0]
    }

    /// The last card: the new top card.
    #[must_use]
    pub const fn last(&self) -> Card {
        self.cards[self.len as usize - 1]
    }

    /// Number of cards.
    #[must_use]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Always false: a run holds at least one card (here for clippy's `len_without_is_empty`).
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl fmt::Debug for CardRun {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.cards()).finish()
    }
}

impl Serialize for CardRun {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.cards())
    }
}

impl<'de> Deserialize<'de> for CardRun {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<CardRun, D::Error> {
        let cards = Vec::<Card>::deserialize(deserializer)?;
        CardRun::of(&cards).ok_or_else(|| serde::de::Error::custom(format!("a play holds 1 to {MAX_RUN} cards, not {}", cards.len())))
    }
}

/// A Dunno decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DunnoAction {
    /// Play cards of one rank in this order; Kings and Queens name a suit.
    Play {
        /// The cards, first (playable) to last (new top card).
        cards: CardRun,
        /// The suit named with Kings or Queens; `None` for every other rank.
        suit: Option<Suit>,
    },
    /// Draw one card, or the whole draw value when something is owed; the turn ends.
    Draw,
    /// After `JD`: put these cards (none, one or two) under the Jack, with no effect.
    Under(CardSet),
    /// After a Jack: swap hands with this seat.
    Swap(Seat),
}

impl fmt::Display for DunnoAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DunnoAction::Play { cards, suit } => {
                f.write_str("play")?;
                for card in cards.cards() {
                    write!(f, " {card}")?;
                }
                match suit {
                    Some(suit) => write!(f, " suit {suit}"),
                    None => Ok(()),
                }
            }
            DunnoAction::Draw => f.write_str("draw"),
            DunnoAction::Under(cards) if cards.is_empty() => f.write_str("under none"),
            DunnoAction::Under(cards) => {
                f.write_str("under")?;
                for card in cards.iter() {
                    write!(f, " {card}")?;
                }
                Ok(())
            }
            DunnoAction::Swap(seat) => write!(f, "swap {}", seat.0),
        }
    }
}

impl FromStr for DunnoAction {
    type Err = ParseActionError;

    fn from_str(text: &str) -> Result<DunnoAction, ParseActionError> {
        let error = || ParseActionError {
            text: text.to_owned(),
            game: "Dunno".to_owned(),
            expected: "`play 7H 7S` (cards of one rank, in order), `play KH KS suit D` (Kings and Queens name a suit), \
                       `draw`, `under 9C 5H` / `under none` (after JD), or `swap 2` (after a Jack)"
                .to_owned(),
        };
        let mut words = text.split_whitespace();
        let verb = words.next().ok_or_else(error)?.to_ascii_lowercase();
        let rest: Vec<&str> = words.collect();
        match (verb.as_str(), rest.as_slice()) {
            ("draw", []) => Ok(DunnoAction::Draw),
            ("play", words) => parse_play(words).ok_or_else(error),
            ("under", [none]) if none.eq_ignore_ascii_case("none") => Ok(DunnoAction::Under(CardSet::EMPTY)),
            ("under", words @ ([_] | [_, _])) => {
                let mut cards = CardSet::EMPTY;
                for word in words {
                    let card: Card = word.parse().map_err(|_| error())?;
                    if cards.contains(card) {
                        return Err(error());
                    }
                    cards.insert(card);
                }
                Ok(DunnoAction::Under(cards))
            }
            ("swap", [seat]) => match seat.parse::<u8>() {
                Ok(index) if usize::from(index) < MAX_SEATS => Ok(DunnoAction::Swap(Seat(index))),
                _ => Err(error()),
            },
            _ => Err(error()),
        }
    }
}

/// Reads the words after `play`: 1–4 cards, then `suit X` exactly when the first card is a
/// King or a Queen.
fn parse_play(words: &[&str]) -> Option<DunnoAction> {
    let (card_words, suit) = match words {
        [cards @ .., keyword, suit] if keyword.eq_ignore_ascii_case("suit") => {
            let mut letters = suit.chars();
            let suit = match (letters.next(), letters.next()) {
                (Some(letter), None) => Suit::from_letter(letter)?,
                _ => return None,
            };
            (cards, Some(suit))
        }
        cards => (cards, None),
    };
    let mut cards = [CardRun::FILLER; MAX_RUN];
    if card_words.is_empty() || card_words.len() > MAX_RUN {
        return None;
    }
    for (slot, word) in cards.iter_mut().zip(card_words) {
        *slot = word.parse().ok()?;
    }
    let run = CardRun::of(&cards[..card_words.len()])?;
    (super::matching::names_suit(run.first()) == suit.is_some()).then_some(DunnoAction::Play { cards: run, suit })
}

crate::serde_as_notation!(DunnoAction);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_and_refuses_nonsense() {
        for text in ["play 7H 7S 7C", "play KH KS suit D", "play QC suit H", "play RJ BJ", "draw", "under none", "under 9C 5H", "swap 2"] {
            let action: DunnoAction = text.parse().expect(text);
            assert_eq!(action.to_string(), text);
            let json = serde_json::to_string(&action).expect("json");
            assert_eq!(serde_json::from_str::<DunnoAction>(&json).expect("back"), action);
        }
        assert_eq!("under 5H 9C".parse::<DunnoAction>().expect("any order").to_string(), "under 9C 5H");
        assert_eq!("PLAY 10h".parse::<DunnoAction>().expect("lenient").to_string(), "play TH");
        for bad in [
            "play",
            "play KH",
            "play 7H suit D",
            "play 7H 7S 7C 7D 7H",
            "play KH suit X",
            "play KH suit",
            "under",
            "under 5H 9C 2D",
            "under 5H 5H",
            "swap",
            "swap 8",
            "swap x",
            "draw 2",
            "jump",
            "",
        ] {
            assert!(bad.parse::<DunnoAction>().is_err(), "{bad}");
        }
    }
}
