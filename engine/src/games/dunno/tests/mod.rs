//! Rules tests for Dunno, one or more per bullet of RULES.md §4; each names its bullet.
//! Decks are stacked (hands from the dealer's left, then the starter, then the stock's top),
//! situations are played through the public contract, and outcomes are checked.

use crate::card::{Card, parse_cards};
use crate::error::ActionError;
use crate::event::Addressed;
use crate::game::{Game, TableSetup};
use crate::scenario::deck_from_hands;
use crate::seat::Seat;

use super::{Dunno, DunnoAction, DunnoEvent, DunnoOptions};

/// Cards from notation.
pub(super) fn cards(text: &str) -> Vec<Card> {
    parse_cards(text).expect("test cards are valid notation")
}

/// A table of `hands.len()` seats (dealer 0) with these hands, then `deck` (starter first,
/// then the stock's top cards), default options.
pub(super) fn table(hands: &[&str], deck: &str) -> Dunno {
    table_with(hands, deck, DunnoOptions::default())
}

/// As [`table`], with options.
pub(super) fn table_with(hands: &[&str], deck: &str, options: DunnoOptions) -> Dunno {
    let hands: Vec<Vec<Card>> = hands.iter().map(|hand| cards(hand)).collect();
    let stacked = deck_from_hands(Seat(0), &hands, &cards(deck));
    Dunno::new_match(TableSetup::new(hands.len(), 1), options, Some(&stacked)).expect("a valid test table")
}

/// Applies `action` for `seat`, which must be legal (listed and accepted).
pub(super) fn act(game: &mut Dunno, seat: u8, action: &str) -> Vec<Addressed<DunnoEvent>> {
    let action: DunnoAction = action.parse().expect("test actions are valid notation");
    assert!(
        game.legal_actions(Seat(seat)).contains(&action),
        "{action} is not listed for seat {seat}: {:?}",
        game.legal_actions(Seat(seat))
    );
    game.apply(Seat(seat), action).unwrap_or_else(|error| panic!("{action} by seat {seat} was refused: {error}"))
}

/// `action` by `seat` must be refused, not listed, and leave the state unchanged.
pub(super) fn refused(game: &mut Dunno, seat: u8, action: &str) -> ActionError {
    let action: DunnoAction = action.parse().expect("test actions are valid notation");
    assert!(!game.legal_actions(Seat(seat)).contains(&action), "{action} is listed for seat {seat}");
    let before = game.clone();
    let error = game.apply(Seat(seat), action).expect_err("the action must be refused");
    assert_eq!(*game, before, "a refused action changed the state");
    error
}

/// A seat's hand in notation, sorted.
pub(super) fn hand(game: &Dunno, seat: u8) -> String {
    game.round().hands[Seat(seat)].iter().map(|card| card.to_string()).collect::<Vec<_>>().join(" ")
}

mod deal;
mod draw_value;
mod jack;
mod legal;
mod plays;
mod scenario_file;
mod specials;
mod winning;
