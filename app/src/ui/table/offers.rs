//! A legal action as the hand offers it: the cards it plays (in order), the suit it names, or
//! the button it is. Every game but Youglouf turns its legal actions into offers, so one hand
//! widget serves them all: a click adds a card, a finished selection plays, several finishing
//! suits ask for the suit.

use cardtable_engine::{AnyAction, Card, Seat, Suit};

/// What an offer is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OfferKind {
    /// Play these cards from the hand (naming `suit`, if any).
    Play,
    /// Name a suit, with no card (108 Fool after a Queen; the dealer's order in 101).
    Suit,
    /// Draw.
    Draw,
    /// End the turn without playing.
    Pass,
    /// Declare "One!".
    One,
    /// Put these cards (none, one or two, in any order) under a Jack of diamonds (Dunno).
    Under,
    /// Swap hands with this seat (Dunno's Jack).
    Swap(Seat),
}

/// One legal action, as the table offers it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Offer {
    /// The action taken.
    pub action: AnyAction,
    /// What it is.
    pub kind: OfferKind,
    /// The cards it takes from the hand, in order.
    pub cards: Vec<Card>,
    /// The suit it names.
    pub suit: Option<Suit>,
}

impl Offer {
    /// An offer of cards played (naming `suit`).
    #[must_use]
    pub fn play(action: AnyAction, cards: Vec<Card>, suit: Option<Suit>) -> Offer {
        Offer { action, kind: OfferKind::Play, cards, suit }
    }

    /// An offer without cards.
    #[must_use]
    pub fn button(action: AnyAction, kind: OfferKind) -> Offer {
        Offer { action, kind, cards: Vec::new(), suit: None }
    }

    /// An offer that names a suit alone.
    #[must_use]
    pub fn suit(action: AnyAction, suit: Suit) -> Offer {
        Offer { action, kind: OfferKind::Suit, cards: Vec::new(), suit: Some(suit) }
    }
}

/// Where a selection of cards stands among the play offers.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Selection {
    /// Offers that play exactly the selected cards (several when they differ by suit).
    pub complete: Vec<usize>,
    /// Cards that may be added to the selection.
    pub next: Vec<Card>,
}

/// What the selected cards (in order) can still become, among `offers`.
#[must_use]
pub fn selection(offers: &[Offer], selected: &[Card]) -> Selection {
    let mut result = Selection::default();
    for (index, offer) in offers.iter().enumerate().filter(|(_, offer)| offer.kind == OfferKind::Play) {
        if !offer.cards.starts_with(selected) {
            continue;
        }
        match offer.cards.get(selected.len()) {
            None => result.complete.push(index),
            Some(&card) if !result.next.contains(&card) => result.next.push(card),
            Some(_) => {}
        }
    }
    result
}

/// The "under the Jack" offer that puts exactly these cards, in any order.
#[must_use]
pub fn under_offer<'a>(offers: &'a [Offer], chosen: &[Card]) -> Option<&'a Offer> {
    offers.iter().find(|offer| {
        offer.kind == OfferKind::Under && offer.cards.len() == chosen.len() && chosen.iter().all(|card| offer.cards.contains(card))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use cardtable_engine::games::crazy_eights::CrazyEightsAction;

    fn card(text: &str) -> Card {
        text.parse().expect("card")
    }

    fn play(cards: &[&str], suit: Option<Suit>) -> Offer {
        // The action is a placeholder: selection logic reads only cards and kinds.
        Offer::play(AnyAction::CrazyEights(CrazyEightsAction::Draw), cards.iter().map(|text| card(text)).collect(), suit)
    }

    #[test]
    fn a_selection_completes_extends_or_asks_for_a_suit() {
        let offers =
            vec![play(&["7H"], None), play(&["7H", "7S"], None), play(&["KH"], Some(Suit::Clubs)), play(&["KH"], Some(Suit::Spades))];
        let start = selection(&offers, &[]);
        assert!(start.complete.is_empty());
        assert_eq!(start.next, vec![card("7H"), card("KH")]);
        let seven = selection(&offers, &[card("7H")]);
        assert_eq!(seven.complete, vec![0], "7H alone plays");
        assert_eq!(seven.next, vec![card("7S")], "or 7S follows it");
        let king = selection(&offers, &[card("KH")]);
        assert_eq!(king.complete, vec![2, 3], "the King needs its suit");
        assert!(king.next.is_empty());
        assert_eq!(selection(&offers, &[card("7S")]), Selection::default(), "7S cannot lead");
    }

    #[test]
    fn cards_under_a_jack_match_in_any_order() {
        let mut offers = vec![Offer::button(AnyAction::CrazyEights(CrazyEightsAction::Draw), OfferKind::Under)];
        offers.push(Offer { kind: OfferKind::Under, cards: vec![card("2C"), card("9D")], ..offers[0].clone() });
        assert_eq!(under_offer(&offers, &[]), Some(&offers[0]));
        assert_eq!(under_offer(&offers, &[card("9D"), card("2C")]), Some(&offers[1]));
        assert_eq!(under_offer(&offers, &[card("9D")]), None);
    }
}
