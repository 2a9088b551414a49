//! What the table has shown about a seat's hidden hand (issue 18, inference).
//!
//! Every player at a real table sees these facts: a seat that drew because it could not play
//! held no card that covered the pile then (One Hundred and One forbids a voluntary draw; at
//! Crazy Eights and 108 Fool a sensible player draws or passes only with nothing to play), so
//! its hand lacked those cards; the cards it drew since are unknown again. A game's round
//! keeps one [`Lacking`] per seat and shows it in its views; the bots' determinizations
//! (`crate::bots::determinize`) deal the unseen cards so each seat's hand agrees with it.
//! It sits beside the games and the bots, not in either: the rules record it and the bots
//! read it, so neither folder needs the other for it.

use serde::{Deserialize, Serialize};

use crate::card::Card;

/// Cards a seat's hand is known to lack, up to the cards it took since that became known.
///
/// The seat holds at most `fresh` cards of `mask` (card kinds as in [`Card::bit`]): the cards
/// it drew after it showed it had none of them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Lacking {
    /// Card kinds the seat had none of when it last showed it.
    pub mask: u64,
    /// Cards the seat took since, which may be of `mask`.
    pub fresh: u8,
}

impl Lacking {
    /// Nothing known.
    pub const NONE: Lacking = Lacking { mask: 0, fresh: 0 };

    /// The seat showed it holds none of `mask` now (it drew, or passed, instead of playing
    /// one). What it lacked before still holds when it took no card since.
    pub fn showed_none_of(&mut self, mask: u64) {
        self.mask = if self.fresh == 0 { self.mask | mask } else { mask };
        self.fresh = 0;
    }

    /// The seat took `count` cards nobody else saw.
    pub fn took(&mut self, count: u32) {
        if self.mask != 0 {
            self.fresh = u8::try_from(u32::from(self.fresh) + count).unwrap_or(u8::MAX);
        }
    }

    /// The seat played `card`: one of its fresh cards if the card is of the mask; a card of the
    /// mask it should not have had means the seat held back (a voluntary draw), and what it
    /// seemed to lack is forgotten.
    pub fn played(&mut self, card: Card) {
        if self.mask & card.bit() == 0 {
            return;
        }
        if self.fresh > 0 {
            self.fresh -= 1;
        } else {
            *self = Lacking::NONE;
        }
    }

    /// The cards of a hand of `size` that must avoid `mask`: all but the fresh ones.
    #[must_use]
    pub fn constrained(self, size: usize) -> usize {
        if self.mask == 0 { 0 } else { size.saturating_sub(usize::from(self.fresh)) }
    }
}

#[cfg(test)]
mod tests {
    use super::Lacking;
    use crate::card::{Card, Suit};

    fn card(text: &str) -> Card {
        text.parse().expect("a card")
    }

    /// A draw on hearts: no heart, until the seat takes cards; playing a taken heart uses up a
    /// fresh card; a heart played without one clears the inference.
    #[test]
    fn lacking_follows_draws_and_plays() {
        let mut lacking = Lacking::NONE;
        lacking.took(3);
        assert_eq!(lacking, Lacking::NONE, "nothing to loosen");
        lacking.showed_none_of(Suit::Hearts.mask());
        assert_eq!(lacking.constrained(5), 5);
        lacking.took(2);
        assert_eq!(lacking.constrained(7), 5);
        lacking.played(card("5H"));
        assert_eq!(lacking.fresh, 1);
        lacking.played(card("5C"));
        assert_eq!(lacking.fresh, 1, "a club is not of the mask");
        lacking.showed_none_of(Suit::Spades.mask());
        assert_eq!(lacking.mask, Suit::Spades.mask(), "the old mask is stale after cards were taken");
        lacking.showed_none_of(Suit::Clubs.mask());
        assert_eq!(lacking.mask, Suit::Spades.mask() | Suit::Clubs.mask(), "no card taken between: both hold");
        lacking.played(card("2S"));
        assert_eq!(lacking, Lacking::NONE, "a spade it should not have had");
    }
}
