//! Rules tests for One Hundred and One, one per bullet of RULES.md §3 (each names its
//! bullet). Every test stacks the deck (hands in blocks from the dealer's left, then the
//! dealer's face-up card, then the stock), plays the situation and checks the outcome.

mod covering;
mod deal;
mod effects;
mod ending;
mod scenario;
mod scoring;

use crate::card::{Card, parse_cards};
use crate::event::{Addressed, visible_to};
use crate::game::{DEFAULT_TURN_CAP, Game, TableSetup};
use crate::scenario::deck_from_hands;
use crate::seat::{Seat, Viewer};

use super::{HundredOne, HundredOneAction, HundredOneEvent};

/// Cards from notation.
fn cards(text: &str) -> Vec<Card> {
    parse_cards(text).expect("test cards are valid notation")
}

/// One card from notation.
fn card(text: &str) -> Card {
    text.parse().expect("a test card is valid notation")
}

/// A match whose first round is stacked: `hands` by seat (four cards each), the dealer's
/// face-up card `turned`, then the top of the stock; the unlisted cards follow shuffled.
fn deal(players: usize, dealer: u8, hands: &[&str], turned: &str, stock: &str) -> HundredOne {
    let hands: Vec<Vec<Card>> = hands.iter().map(|hand| cards(hand)).collect();
    let mut then = cards(turned);
    then.extend(cards(stock));
    let deck = deck_from_hands(Seat(dealer), &hands, &then);
    let setup = TableSetup { players, dealer: Seat(dealer), seed: 11, turn_cap: DEFAULT_TURN_CAP };
    HundredOne::new_match(setup, super::HundredOneOptions::default(), Some(&deck)).expect("the stacked deal sets up")
}

/// Applies an action in notation and returns its events.
fn act(game: &mut HundredOne, seat: u8, action: &str) -> Vec<Addressed<HundredOneEvent>> {
    let parsed: HundredOneAction = action.parse().expect("test actions are valid notation");
    game.apply(Seat(seat), parsed).unwrap_or_else(|error| panic!("seat {seat}: {action} refused: {error}"))
}

/// Asserts that an action is refused and leaves the state exactly as it was.
fn refuse(game: &mut HundredOne, seat: u8, action: &str) {
    let parsed: HundredOneAction = action.parse().expect("test actions are valid notation");
    let before = game.clone();
    assert!(game.apply(Seat(seat), parsed).is_err(), "seat {seat} could {action}");
    assert_eq!(*game, before, "a refused {action} changed the state");
}

/// A seat's legal actions in notation.
fn legal(game: &HundredOne, seat: u8) -> Vec<String> {
    game.legal_actions(Seat(seat)).iter().map(ToString::to_string).collect()
}

/// A seat's hand.
fn hand(game: &HundredOne, seat: u8) -> Vec<Card> {
    game.round().hands[Seat(seat)].to_vec()
}

/// Moves `moved` from one seat's hand to another's, to reach short hands quickly.
fn give(game: &mut HundredOne, from: u8, to: u8, moved: &str) {
    let round = game.round_mut();
    for card in cards(moved) {
        assert!(round.hands[Seat(from)].remove(card), "seat {from} holds {card}");
        round.hands[Seat(to)].insert(card);
    }
}

/// Moves the whole stock into a seat's hand, so nothing is left to draw.
fn empty_stock_into(game: &mut HundredOne, seat: u8) {
    let round = game.round_mut();
    while let Some(card) = round.stock.draw() {
        round.hands[Seat(seat)].insert(card);
    }
}

/// The events a viewer sees.
fn seen_by(events: &[Addressed<HundredOneEvent>], seat: u8) -> Vec<HundredOneEvent> {
    visible_to(events, Viewer::Seat(Seat(seat)))
}

/// Moves the top `count` stock cards into a seat's hand.
fn draw_into(game: &mut HundredOne, seat: u8, count: usize) {
    let round = game.round_mut();
    for _ in 0..count {
        let card = round.stock.draw().expect("the test stacked enough stock");
        round.hands[Seat(seat)].insert(card);
    }
}
