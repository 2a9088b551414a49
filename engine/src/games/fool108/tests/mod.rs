//! Rules tests for 108 Fool: one per bullet of RULES.md §2, each naming it. Every test stacks
//! the deck, plays the situation through the public contract and checks the outcome.
//!
//! The opening card is random (RULES.md §2), so a test that needs a given opening card
//! searches the seeds for one whose random pick is that card: the deal itself is the real one.

mod deal;
mod matches;
mod matching;
mod one;
mod scenario;
mod scoring;
mod specials;

use crate::card::{Card, parse_cards};
use crate::error::ActionError;
use crate::event::visible_to;
use crate::game::{DEFAULT_TURN_CAP, Game, TableSetup};
use crate::scenario::deck_from_hands;
use crate::seat::{Seat, Viewer};

use super::{Fool108, Fool108Event, Fool108Options};

/// Cards from their notation.
pub(super) fn cards(text: &str) -> Vec<Card> {
    parse_cards(text).expect("test cards are written in notation")
}

/// One card from its notation.
pub(super) fn card(text: &str) -> Card {
    text.parse().expect("a test card is written in notation")
}

/// A table of `hands.len()` seats, dealer seat 0, whose first round deals `hands` (by seat)
/// with `then` on top of the stock, and whose random opening card is `opening` (from seat 0).
pub(super) fn table(hands: &[&str], then: &str, opening: &str) -> Fool108 {
    table_with(&Fool108Options::default(), DEFAULT_TURN_CAP, hands, then, opening)
}

/// [`table`] with options and a turn cap.
pub(super) fn table_with(options: &Fool108Options, turn_cap: u32, hands: &[&str], then: &str, opening: &str) -> Fool108 {
    let hands: Vec<Vec<Card>> = hands.iter().map(|hand| cards(hand)).collect();
    let deck = deck_from_hands(Seat(0), &hands, &cards(then));
    let opening = card(opening);
    assert!(hands[0].contains(&opening), "the opening card comes from seat 0's hand");
    (0..2_000)
        .map(|seed| {
            let setup = TableSetup { turn_cap, ..TableSetup::new(hands.len(), seed) };
            Fool108::new_match(setup, options.clone(), Some(&deck)).expect("a valid stacked table")
        })
        .find(|game| game.round().pile[0] == opening)
        .expect("some seed picks each card of the hand")
}

/// `seat` takes `action` (notation); returns the events everyone may see, panicking if refused.
pub(super) fn act(game: &mut Fool108, seat: u8, action: &str) -> Vec<Fool108Event> {
    let parsed = action.parse().expect("test actions are written in notation");
    let events = game.apply(Seat(seat), parsed).unwrap_or_else(|error| panic!("seat {seat}: {action} was refused: {error}"));
    visible_to(&events, Viewer::Spectator)
}

/// Plays a script of (seat, action) steps.
pub(super) fn script(game: &mut Fool108, steps: &[(u8, &str)]) {
    for &(seat, action) in steps {
        act(game, seat, action);
    }
}

/// `seat`'s `action` must be refused and leave the state unchanged; returns the error.
pub(super) fn refuse(game: &mut Fool108, seat: u8, action: &str) -> ActionError {
    let before = game.clone();
    let parsed = action.parse().expect("test actions are written in notation");
    let Err(error) = game.apply(Seat(seat), parsed) else {
        panic!("seat {seat}: {action} must be refused");
    };
    assert_eq!(*game, before, "a refused action changed the state");
    error
}

/// `seat`'s legal actions, in notation.
pub(super) fn legal(game: &Fool108, seat: u8) -> Vec<String> {
    game.legal_actions(Seat(seat)).iter().map(ToString::to_string).collect()
}

/// `seat`'s hand, sorted.
pub(super) fn hand(game: &Fool108, seat: u8) -> Vec<Card> {
    game.round().hands[Seat(seat)].to_vec()
}

/// The seats to act, as numbers.
pub(super) fn to_act(game: &Fool108) -> Vec<u8> {
    game.to_act().iter().map(|seat| seat.0).collect()
}

/// Cards from their notation, in hand order (as [`hand`] lists them).
pub(super) fn sorted(text: &str) -> Vec<Card> {
    crate::card_set::CardSet::of(&cards(text)).to_vec()
}
