//! [`CardSet`]: a hand as bitmasks, with room for the two copies of a card that Crazy Eights'
//! double pack can put in one hand. Adding, removing and "which of my cards match" are a few
//! bit operations, so random playouts never allocate for a hand.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::card::{CARD_KINDS, Card};

/// A multiset of cards holding at most two copies of each card.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CardSet {
    /// Cards held at least once.
    once: u64,
    /// Cards held twice.
    twice: u64,
}

impl CardSet {
    /// The empty set.
    pub const EMPTY: CardSet = CardSet { once: 0, twice: 0 };

    /// A set of the given cards.
    ///
    /// # Panics
    /// If a card appears more than twice (no deck has three copies of a card).
    #[must_use]
    pub fn of(cards: &[Card]) -> CardSet {
        let mut set = CardSet::EMPTY;
        for &card in cards {
            set.insert(card);
        }
        set
    }

    /// Adds one copy of `card`.
    ///
    /// # Panics
    /// If the set already holds two copies (no deck has three).
    pub fn insert(&mut self, card: Card) {
        let bit = card.bit();
        assert!(self.twice & bit == 0, "a hand cannot hold three copies of {card}");
        if self.once & bit == 0 {
            self.once |= bit;
        } else {
            self.twice |= bit;
        }
    }

    /// Removes one copy of `card`; false if the set holds none.
    pub fn remove(&mut self, card: Card) -> bool {
        let bit = card.bit();
        if self.twice & bit != 0 {
            self.twice &= !bit;
            true
        } else if self.once & bit != 0 {
            self.once &= !bit;
            true
        } else {
            false
        }
    }

    /// Whether the set holds at least one copy of `card`.
    #[must_use]
    pub const fn contains(&self, card: Card) -> bool {
        self.once & card.bit() != 0
    }

    /// How many copies of `card` the set holds (0, 1 or 2).
    #[must_use]
    pub const fn count(&self, card: Card) -> u8 {
        ((self.once & card.bit()) >> card.index()) as u8 + ((self.twice & card.bit()) >> card.index()) as u8
    }

    /// Number of cards, copies counted.
    #[must_use]
    pub const fn len(&self) -> usize {
        (self.once.count_ones() + self.twice.count_ones()) as usize
    }

    /// Whether the set holds no card.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.once == 0
    }

    /// The distinct cards held, as a bitmask (see [`Card::bit`]).
    #[must_use]
    pub const fn mask(&self) -> u64 {
        self.once
    }

    /// The cards, ascending, each copy once (two copies of a card appear twice).
    pub fn iter(&self) -> impl Iterator<Item = Card> + '_ {
        bits(self.once).flat_map(move |card| {
            let copies = if self.twice & card.bit() == 0 { 1 } else { 2 };
            std::iter::repeat_n(card, copies)
        })
    }

    /// The cards as a sorted vector.
    #[must_use]
    pub fn to_vec(&self) -> Vec<Card> {
        self.iter().collect()
    }

    /// Adds every card of `other`.
    ///
    /// # Panics
    /// If a card would then be held three times.
    pub fn extend(&mut self, other: &CardSet) {
        for card in other.iter() {
            self.insert(card);
        }
    }
}

/// The cards whose bits are set in `mask`, ascending.
pub fn bits(mut mask: u64) -> impl Iterator<Item = Card> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let index = mask.trailing_zeros() as u8;
        mask &= mask - 1;
        Card::from_index(index)
    })
}

/// The entry at `pick` of a list that names the cards of `mask` ascending, each card of `wide`
/// taking `width` entries in a row (an eight with its four suits) and every other card one:
/// the card and which of its entries it is. `None` past the list's end. Lets a game pick its
/// `n`-th legal action from its bitmasks without listing them.
#[must_use]
#[inline]
pub fn nth_expanded(mask: u64, wide: u64, width: usize, mut pick: usize) -> Option<(Card, usize)> {
    let mut rest = mask;
    while rest != 0 {
        let index = rest.trailing_zeros() as u8;
        rest &= rest - 1;
        let entries = if wide & (1 << index) != 0 { width } else { 1 };
        if pick < entries {
            return Some((Card::from_index(index)?, pick));
        }
        pick -= entries;
    }
    None
}

/// How many entries the list of [`nth_expanded`] has.
#[must_use]
#[inline]
pub const fn expanded_len(mask: u64, wide: u64, width: usize) -> usize {
    mask.count_ones() as usize + (mask & wide).count_ones() as usize * (width - 1)
}

/// Count of each card kind: the multiset used to check that no card is created or lost.
pub type CardCounts = [u8; CARD_KINDS];

/// Counts the cards of any collection of card collections. A count stops at 255 rather than
/// wrapping: 256 copies of a card must never look like none.
#[must_use]
pub fn count_cards<'a>(cards: impl IntoIterator<Item = &'a Card>) -> CardCounts {
    let mut counts = [0_u8; CARD_KINDS];
    for card in cards {
        let count = &mut counts[card.index() as usize];
        *count = count.saturating_add(1);
    }
    counts
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Serialize for CardSet {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // An exact length, which compact binary formats (the LAN's postcard frames) need.
        let mut seq = serializer.serialize_seq(Some(self.len()))?;
        for card in self.iter() {
            serde::ser::SerializeSeq::serialize_element(&mut seq, &card)?;
        }
        serde::ser::SerializeSeq::end(seq)
    }
}

impl<'de> Deserialize<'de> for CardSet {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<CardSet, D::Error> {
        let cards = Vec::<Card>::deserialize(deserializer)?;
        let mut set = CardSet::EMPTY;
        for card in cards {
            if set.count(card) == 2 {
                return Err(serde::de::Error::custom(format!("{card} appears more than twice in one hand")));
            }
            set.insert(card);
        }
        Ok(set)
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        let mut set = CardSet::EMPTY;
        for card in iter {
            set.insert(card);
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;

    #[test]
    fn holds_two_copies_and_removes_one_at_a_time() {
        let cards = parse_cards("8H 8H QS 2C").expect("cards");
        let mut set = CardSet::of(&cards);
        assert_eq!(set.len(), 4);
        assert_eq!(set.count(cards[0]), 2);
        assert_eq!(set.to_vec(), parse_cards("2C 8H 8H QS").expect("cards"));
        assert!(set.remove(cards[0]));
        assert_eq!(set.count(cards[0]), 1);
        assert!(set.remove(cards[0]));
        assert!(!set.remove(cards[0]));
        assert!(!set.contains(cards[0]));
        assert_eq!(set.len(), 2);
    }

    #[test]
    fn expanded_picks_walk_the_list_in_order() {
        let cards = parse_cards("2C 8C KD 8S").expect("cards");
        let mask = cards.iter().fold(0, |mask, card| mask | card.bit());
        let eights = crate::card::Rank::Eight.mask();
        let mut listed = Vec::new();
        for card in bits(mask) {
            let width = if card.bit() & eights != 0 { 4 } else { 1 };
            listed.extend((0..width).map(|entry| (card, entry)));
        }
        assert_eq!(expanded_len(mask, eights, 4), listed.len());
        let picked: Vec<_> = (0..=listed.len()).map(|pick| nth_expanded(mask, eights, 4, pick)).collect();
        assert_eq!(picked[..listed.len()], listed.iter().copied().map(Some).collect::<Vec<_>>()[..]);
        assert_eq!(picked[listed.len()], None);
    }

    #[test]
    fn serde_round_trips_and_refuses_a_third_copy() {
        let set = CardSet::of(&parse_cards("RJ BJ TD TD").expect("cards"));
        let json = serde_json::to_string(&set).expect("json");
        assert_eq!(serde_json::from_str::<CardSet>(&json).expect("back"), set);
        assert!(serde_json::from_str::<CardSet>(r#"["TD","TD","TD"]"#).is_err());
    }
}
