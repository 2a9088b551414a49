//! What may be played on what in Dunno (RULES.md §4, "Matching" and "Draw value"): the top of
//! the pile with the suit it carries, the offensive values, and the three ways to answer a
//! draw value. Everything here is a few bit operations on card masks, so legal-move
//! generation allocates nothing.

use serde::{Deserialize, Serialize};

use crate::card::{Card, Rank, Suit};

/// Both Jokers.
pub const JOKERS: u64 = Card::RED_JOKER.bit() | Card::BLACK_JOKER.bit();
/// The two of clubs: the one offensive two (+1).
pub const TWO_OF_CLUBS: Card = Card::new(Rank::Two, Suit::Clubs);
/// Every offensive card: `2C`, sevens, Kings, Jokers.
pub const OFFENSIVE: u64 = TWO_OF_CLUBS.bit() | Rank::Seven.mask() | Rank::King.mask() | JOKERS;
/// Every defensive card: twos but `2C`, and 4, 5, 6, 8, 9, 10.
pub const DEFENSIVE: u64 = (Rank::Two.mask() & !TWO_OF_CLUBS.bit())
    | Rank::Four.mask()
    | Rank::Five.mask()
    | Rank::Six.mask()
    | Rank::Eight.mask()
    | Rank::Nine.mask()
    | Rank::Ten.mask();

/// The top card of the pile and the suit it carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Top {
    /// The card on top.
    pub card: Card,
    /// The suit a play must share: the card's own suit, the suit chosen with a King or a
    /// Queen, or `None` for a Joker (suitless: anything may be played on it).
    pub suit: Option<Suit>,
}

impl Top {
    /// A card turned up or played without a chosen suit: it carries its own suit.
    #[must_use]
    pub const fn plain(card: Card) -> Top {
        Top { card, suit: card.suit() }
    }

    /// Cards (of any holder) that may be played on this top when nothing is owed: same rank,
    /// same suit, or suitless (Jokers always, Queens while in hand); anything on a Joker.
    #[must_use]
    pub const fn playable_mask(self) -> u64 {
        let (Some(suit), Some(rank)) = (self.suit, self.card.rank()) else {
            return u64::MAX;
        };
        suit.mask() | rank.mask() | Rank::Queen.mask() | JOKERS
    }

    /// Cards that may answer a draw value of `owed` on this top (as the first card of a play).
    #[must_use]
    pub const fn answer_mask(self, owed: u32) -> u64 {
        let stack = OFFENSIVE & self.playable_mask();
        let Some(suit) = self.suit else {
            // A Joker has no suit: no 3 passes on it and no defensive card matches it.
            return stack;
        };
        let pass_on = Rank::Three.mask() & suit.mask();
        let defend = match defensive_rank(owed) {
            Some(rank) => rank.mask() & suit.mask() & DEFENSIVE,
            None => 0,
        };
        stack | pass_on | defend
    }

    /// How `card` answers a draw value of `owed` on this top, if it can.
    #[must_use]
    pub const fn answer(self, card: Card, owed: u32) -> Option<Answer> {
        if self.answer_mask(owed) & card.bit() == 0 {
            None
        } else if OFFENSIVE & card.bit() != 0 {
            Some(Answer::Stack)
        } else if card.is_rank(Rank::Three) {
            Some(Answer::PassOn)
        } else {
            Some(Answer::Defend)
        }
    }
}

/// How a seat that owes cards answers (RULES.md §4, "Draw value" (a), (b), (c)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    /// (a) Offensive cards playable on the top: their values add to the draw value.
    Stack,
    /// (b) A 3 of the top card's suit: the draw value passes unchanged to the next seat.
    PassOn,
    /// (c) A defensive card of the top card's suit whose rank equals the draw value: it drops to 0.
    Defend,
}

/// The rank whose number equals a draw value, if a card of that rank can be defensive.
const fn defensive_rank(owed: u32) -> Option<Rank> {
    match owed {
        2 => Some(Rank::Two),
        4 => Some(Rank::Four),
        5 => Some(Rank::Five),
        6 => Some(Rank::Six),
        8 => Some(Rank::Eight),
        9 => Some(Rank::Nine),
        10 => Some(Rank::Ten),
        _ => None,
    }
}

/// What `card` adds to the draw value: `2C` 1, a 7 2, a King 3, a Joker 5, others 0.
#[must_use]
pub const fn offensive_value(card: Card) -> u32 {
    if card.is_joker() {
        5
    } else if card.is_rank(Rank::Seven) {
        2
    } else if card.is_rank(Rank::King) {
        3
    } else if card.index() == TWO_OF_CLUBS.index() {
        1
    } else {
        0
    }
}

/// The cards that may be played together with `card`: the same rank (both Jokers together).
#[must_use]
pub const fn group_mask(card: Card) -> u64 {
    match card.rank() {
        Some(rank) => rank.mask(),
        None => JOKERS,
    }
}

/// Whether a play led by `card` names a suit (Kings and Queens do).
#[must_use]
pub const fn names_suit(card: Card) -> bool {
    card.is_rank(Rank::King) || card.is_rank(Rank::Queen)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card_set::bits;

    fn card(text: &str) -> Card {
        text.parse().expect("a card")
    }

    #[test]
    fn offensive_and_defensive_cards_are_the_rules_lists() {
        let offensive: Vec<String> = bits(OFFENSIVE).map(|card| card.to_string()).collect();
        assert_eq!(offensive.len(), 1 + 4 + 4 + 2);
        assert!(offensive.contains(&"2C".to_owned()) && !offensive.contains(&"2D".to_owned()));
        assert_eq!(bits(DEFENSIVE).count(), 3 + 6 * 4);
        assert_eq!(OFFENSIVE & DEFENSIVE, 0);
        assert_eq!([offensive_value(card("2C")), offensive_value(card("7D")), offensive_value(card("KS"))], [1, 2, 3]);
        assert_eq!([offensive_value(card("RJ")), offensive_value(card("2D")), offensive_value(card("3H"))], [5, 0, 0]);
    }

    #[test]
    fn a_chosen_suit_replaces_the_cards_own() {
        let king = Top { card: card("KH"), suit: Some(Suit::Spades) };
        assert_ne!(king.playable_mask() & card("5S").bit(), 0);
        assert_eq!(king.playable_mask() & card("5H").bit(), 0);
        assert_ne!(king.playable_mask() & card("KD").bit(), 0);
        assert_eq!(Top::plain(card("BJ")).playable_mask(), u64::MAX);
    }
}
