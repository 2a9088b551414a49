//! What each seat knows of the others' hands after Jack swaps.
//!
//! A seat that swaps hands knows exactly the hand it gave away, and every seat keeps knowing
//! the cards it placed as they move with later swaps, until they are played. That knowledge is
//! legitimately the seat's (it saw those cards), so its view shows it and search bots can use it.

use serde::{Deserialize, Serialize};

use crate::card::Card;
use crate::card_set::CardSet;
use crate::seat::{BySeat, Seat};

/// Per viewer, per holder: the cards the viewer knows the holder has in hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Knowledge(BySeat<BySeat<u64>>);

impl Knowledge {
    /// Nobody knows anything of another hand (a fresh deal).
    #[must_use]
    pub fn none(players: usize) -> Knowledge {
        Knowledge(BySeat::filled(players, BySeat::filled(players, 0)))
    }

    /// Only `viewer` knows anything: `known(holder)`, the cards it knows each holder has (a
    /// determinization rebuilds the searching seat's knowledge from its view with it).
    #[must_use]
    pub fn of_one_viewer(players: usize, viewer: Seat, known: impl Fn(Seat) -> CardSet) -> Knowledge {
        let mut knowledge = Knowledge::none(players);
        knowledge.0[viewer] = BySeat::from_fn(players, |holder| if holder == viewer { 0 } else { known(holder).mask() });
        knowledge
    }

    /// The cards `viewer` knows `holder` has (empty for the viewer's own seat).
    #[must_use]
    pub fn of(&self, viewer: Seat, holder: Seat) -> CardSet {
        crate::card_set::bits(self.0[viewer][holder]).collect()
    }

    /// Every card `viewer` knows to be in another seat's hand, as a mask.
    #[must_use]
    pub fn all_known_by(&self, viewer: Seat) -> u64 {
        self.0[viewer].iter().fold(0, |mask, known| mask | known)
    }

    /// `card` left `holder`'s hand (played or put under a Jack): nobody places it there now.
    pub fn forget(&mut self, holder: Seat, card: Card) {
        for known in self.0.iter_mut() {
            known[holder] &= !card.bit();
        }
    }

    /// `a` and `b` swapped hands: `a_gave` went to `b`, `b_gave` to `a`. Each knows what it gave;
    /// everyone else's knowledge follows the hands.
    pub fn swapped(&mut self, a: Seat, a_gave: CardSet, b: Seat, b_gave: CardSet) {
        for (index, known) in self.0.iter_mut().enumerate() {
            let viewer = Seat(index as u8);
            if viewer == a {
                known[b] = a_gave.mask();
                known[a] = 0;
            } else if viewer == b {
                known[a] = b_gave.mask();
                known[b] = 0;
            } else {
                let (at_a, at_b) = (known[a], known[b]);
                known[a] = at_b;
                known[b] = at_a;
            }
        }
    }
}
