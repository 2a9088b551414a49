//! Shuffling, stacking, dealing, drawing and reshuffling: the card movements every game shares.
//!
//! Scenario convention (docs/scenarios.md): a stacked deck is listed top of the stock first;
//! hands are dealt in blocks, starting with the seat left of the dealer and going clockwise,
//! then the game turns up its own cards. Dealing singly or in blocks gives the same
//! distribution from a shuffled deck, and blocks keep hand-written scenarios readable.

use serde::{Deserialize, Serialize};

use crate::card::{Card, DeckKind};
use crate::card_set::{CardSet, count_cards};
use crate::error::SetupError;
use crate::rng::GameRng;
use crate::seat::{BySeat, Seat};

/// Refuses a stacked deck holding a card more often than a deck of `kind` does.
///
/// # Errors
/// The first card that is over-represented.
pub fn check_stacked(kind: DeckKind, stacked: Option<&[Card]>) -> Result<(), SetupError> {
    let Some(stacked) = stacked else {
        return Ok(());
    };
    let available = count_cards(&kind.cards());
    let wanted = count_cards(stacked);
    match (0..available.len()).find(|&index| wanted[index] > available[index]) {
        Some(index) => Err(SetupError::NotInDeck { card: Card::from_index(index as u8).expect("index comes from the card count table") }),
        None => Ok(()),
    }
}

/// The face-down stock. The top card is the last element, so drawing is a `pop`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Stock(Vec<Card>);

impl Stock {
    /// A shuffled deck of `kind`, its top fixed by `stacked` (top first) if given; the cards
    /// not stacked follow in shuffled order.
    ///
    /// # Errors
    /// The stacked cards are not a part of the deck.
    pub fn prepare(kind: DeckKind, stacked: Option<&[Card]>, rng: &mut GameRng) -> Result<Stock, SetupError> {
        // Check before shuffling: a refused deck must leave the RNG, and so the match, untouched.
        check_stacked(kind, stacked)?;
        let mut cards = kind.cards();
        rng.shuffle(&mut cards);
        let Some(stacked) = stacked else {
            return Ok(Stock(cards));
        };
        let wanted = count_cards(stacked);
        let mut rest = Vec::with_capacity(cards.len());
        let mut remaining = wanted;
        for card in cards {
            let slot = &mut remaining[card.index() as usize];
            if *slot > 0 {
                *slot -= 1;
            } else {
                rest.push(card);
            }
        }
        // Bottom first: the unstacked rest, then the stacked cards reversed so the first is on top.
        rest.extend(stacked.iter().rev().copied());
        Ok(Stock(rest))
    }

    /// A stock of exactly these cards, top first.
    #[must_use]
    pub fn from_top_first(cards: &[Card]) -> Stock {
        Stock(cards.iter().rev().copied().collect())
    }

    /// Takes the top card, if any.
    pub fn draw(&mut self) -> Option<Card> {
        self.0.pop()
    }

    /// The top card, if any.
    #[must_use]
    pub fn peek(&self) -> Option<Card> {
        self.0.last().copied()
    }

    /// Puts a card back at a random depth.
    pub fn insert_random(&mut self, card: Card, rng: &mut GameRng) {
        let at = rng.below(self.0.len() + 1);
        self.0.insert(at, card);
    }

    /// Shuffles the stock in place: its order becomes as unknown as a fresh deck's.
    pub fn shuffle(&mut self, rng: &mut GameRng) {
        rng.shuffle(&mut self.0);
    }

    /// Cards left.
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether no card is left.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The cards, bottom first (for conservation checks).
    #[must_use]
    pub fn cards(&self) -> &[Card] {
        &self.0
    }

    /// Deals `per_hand` cards to each seat in blocks, starting left of `dealer`.
    ///
    /// # Panics
    /// If the stock runs out; every game's deck holds enough for its largest table.
    pub fn deal_blocks(&mut self, players: usize, dealer: Seat, per_hand: usize) -> BySeat<CardSet> {
        let mut hands = BySeat::filled(players, CardSet::EMPTY);
        for offset in 1..=players {
            let seat = dealer.clockwise(offset, players);
            for _ in 0..per_hand {
                let card = self.draw().expect("every game's deck covers its largest deal");
                hands[seat].insert(card);
            }
        }
        hands
    }

    /// Turns the discard pile except its top card into a new shuffled stock; returns how many
    /// cards it moved (0 when the pile had only its top card).
    pub fn reshuffle_from(&mut self, pile: &mut Vec<Card>, rng: &mut GameRng) -> usize {
        let Some(top) = pile.pop() else {
            return 0;
        };
        let moved = pile.len();
        self.0.append(pile);
        pile.push(top);
        rng.shuffle(&mut self.0);
        moved
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;

    #[test]
    fn stacked_cards_come_off_the_top_in_order_and_the_deck_stays_whole() {
        let mut rng = GameRng::from_seed(5);
        let top = parse_cards("QS 8H 8H").expect("cards");
        let mut stock = Stock::prepare(DeckKind::Double104, Some(&top), &mut rng).expect("stock");
        assert_eq!(stock.len(), 104);
        assert_eq!(count_cards(stock.cards()), count_cards(&DeckKind::Double104.cards()));
        assert_eq!([stock.draw(), stock.draw(), stock.draw()], [Some(top[0]), Some(top[1]), Some(top[2])]);
    }

    #[test]
    fn stacking_a_card_the_deck_lacks_is_refused_without_touching_the_rng() {
        let mut rng = GameRng::from_seed(5);
        let untouched = rng.clone();
        let three = parse_cards("QS QS QS").expect("cards");
        assert_eq!(Stock::prepare(DeckKind::Double104, Some(&three), &mut rng), Err(SetupError::NotInDeck { card: three[0] }));
        let joker = parse_cards("RJ").expect("cards");
        assert!(Stock::prepare(DeckKind::Standard52, Some(&joker), &mut rng).is_err());
        // Issue 17, item 12: 256 copies once wrapped the count to none and passed.
        let kings = vec![parse_cards("KS").expect("cards")[0]; 256];
        assert_eq!(check_stacked(DeckKind::Double104, Some(&kings)), Err(SetupError::NotInDeck { card: kings[0] }));
        assert_eq!(rng, untouched, "a refused deck consumed randomness");
    }

    #[test]
    fn blocks_start_left_of_the_dealer() {
        let cards = parse_cards("2C 3C 4C 5C 6C 7C").expect("cards");
        let mut stock = Stock::from_top_first(&cards);
        let hands = stock.deal_blocks(3, Seat(2), 2);
        assert_eq!(hands[Seat(0)].to_vec(), parse_cards("2C 3C").expect("cards"));
        assert_eq!(hands[Seat(1)].to_vec(), parse_cards("4C 5C").expect("cards"));
        assert_eq!(hands[Seat(2)].to_vec(), parse_cards("6C 7C").expect("cards"));
    }

    #[test]
    fn reshuffle_keeps_the_top_card() {
        let mut rng = GameRng::from_seed(9);
        let mut pile = parse_cards("2C 3C 4C").expect("cards");
        let mut stock = Stock::default();
        assert_eq!(stock.reshuffle_from(&mut pile, &mut rng), 2);
        assert_eq!(pile, parse_cards("4C").expect("cards"));
        assert_eq!(stock.len(), 2);
        assert_eq!(stock.reshuffle_from(&mut pile, &mut rng), 0);
    }
}
