//! Who knows which face-down card: the heart of Youglouf's per-seat views.
//!
//! For every knower (each seat, plus the public: what a spectator, and so everyone, has
//! seen) and every owner, a bitmask of the owner's slots whose card the knower has seen and
//! can still place. The rules of change:
//!
//! - looking (the first look, a 9/10 peek, a Jack spy) teaches the looker that one slot;
//! - a card put into a slot is known to whoever saw it: everyone for a card taken from the
//!   open deck, the taker alone for one from the closed deck; everyone else forgets the slot;
//! - a wrong snap shows the card to all before it goes back to its place: everyone knows it;
//! - a card leaving a slot (replaced, snapped) empties the slot: nobody knows it any more;
//! - a penalty card is seen by nobody;
//! - a Queen's exchange moves two cards in plain sight of the table, faces unseen: whoever
//!   knew one of them follows it to its new place, so the knowledge moves with the cards.

use serde::{Deserialize, Serialize};

use crate::seat::{Seat, Viewer};

/// Most seats at a Youglouf table.
pub const MAX_PLAYERS: usize = 6;

/// Per knower (each seat, then the public last) and owner, the owner's slots the knower can
/// name the card of. Slots never exceed the 52 cards of the pack, so a `u64` holds them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Knowledge {
    known: Vec<[u64; MAX_PLAYERS]>,
}

impl Knowledge {
    /// Nobody knows anything yet, at a table of `players`.
    #[must_use]
    pub fn new(players: usize) -> Knowledge {
        Knowledge { known: vec![[0; MAX_PLAYERS]; players + 1] }
    }

    fn knower(&self, viewer: Viewer) -> usize {
        match viewer {
            Viewer::Seat(seat) => seat.index(),
            Viewer::Spectator => self.known.len() - 1,
        }
    }

    /// Whether `viewer` knows the card in `owner`'s `slot`.
    #[must_use]
    pub fn knows(&self, viewer: Viewer, owner: Seat, slot: usize) -> bool {
        self.mask(viewer, owner) & (1 << slot) != 0
    }

    /// The slots of `owner` that `viewer` knows, as a bitmask.
    #[must_use]
    pub fn mask(&self, viewer: Viewer, owner: Seat) -> u64 {
        self.known[self.knower(viewer)][owner.index()]
    }

    /// `seat` looked at (or put) the card in `owner`'s `slot`.
    pub fn learn(&mut self, seat: Seat, owner: Seat, slot: usize) {
        self.known[seat.index()][owner.index()] |= 1 << slot;
    }

    /// The card in `owner`'s `slot` was shown to everyone.
    pub fn learn_public(&mut self, owner: Seat, slot: usize) {
        for masks in &mut self.known {
            masks[owner.index()] |= 1 << slot;
        }
    }

    /// The card in `owner`'s `slot` left it or was replaced unseen: nobody knows the slot.
    pub fn forget(&mut self, owner: Seat, slot: usize) {
        for masks in &mut self.known {
            masks[owner.index()] &= !(1 << slot);
        }
    }

    /// Two cards changed places in sight of the table: each knower's knowledge follows them.
    pub fn exchange(&mut self, first: (Seat, usize), second: (Seat, usize)) {
        for masks in &mut self.known {
            let knew_first = masks[first.0.index()] & (1 << first.1) != 0;
            let knew_second = masks[second.0.index()] & (1 << second.1) != 0;
            masks[first.0.index()] &= !(1 << first.1);
            masks[second.0.index()] &= !(1 << second.1);
            if knew_first {
                masks[second.0.index()] |= 1 << second.1;
            }
            if knew_second {
                masks[first.0.index()] |= 1 << first.1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knowledge_follows_an_exchange_and_is_forgotten_when_a_card_leaves() {
        let mut knowledge = Knowledge::new(3);
        knowledge.learn(Seat(0), Seat(0), 1);
        knowledge.learn(Seat(2), Seat(1), 3);
        knowledge.exchange((Seat(0), 1), (Seat(1), 3));
        assert!(knowledge.knows(Viewer::Seat(Seat(0)), Seat(1), 3));
        assert!(!knowledge.knows(Viewer::Seat(Seat(0)), Seat(0), 1));
        assert!(knowledge.knows(Viewer::Seat(Seat(2)), Seat(0), 1));
        assert!(!knowledge.knows(Viewer::Seat(Seat(2)), Seat(1), 3));
        knowledge.learn_public(Seat(2), 0);
        assert!(knowledge.knows(Viewer::Spectator, Seat(2), 0));
        assert!(knowledge.knows(Viewer::Seat(Seat(1)), Seat(2), 0));
        knowledge.forget(Seat(2), 0);
        assert_eq!(knowledge.mask(Viewer::Seat(Seat(1)), Seat(2)), 0);
    }
}
