//! Rules tests for Youglouf, one per bullet of RULES.md §5 (each names its bullet), plus
//! the knowledge tests (every view holds exactly what its seat has seen) and the scenario
//! file of docs/scenarios.

mod ending;
mod knowledge;
mod powers;
mod scenario;
mod setup;
mod snapping;
mod turn;

use crate::card::{Card, parse_cards};
use crate::event::{Addressed, visible_to};
use crate::game::{Game, Phase, TableSetup};
use crate::scenario::deck_from_hands;
use crate::seat::{Seat, Viewer};

use super::view::SlotView;
use super::{Youglouf, YougloufAction, YougloufEvent, YougloufOptions};

/// Cards from notation, in tests.
fn cards(text: &str) -> Vec<Card> {
    parse_cards(text).expect("test cards are valid notation")
}

/// One card from notation.
fn card(text: &str) -> Card {
    text.parse().expect("a test card is valid notation")
}

/// A table with these hands (by seat, slots 0..3 in order) and these cards on top of the
/// closed deck (top first).
fn table_with(options: YougloufOptions, dealer: u8, hands: &[&str], stock: &str) -> Youglouf {
    let hands: Vec<Vec<Card>> = hands.iter().map(|hand| cards(hand)).collect();
    let deck = deck_from_hands(Seat(dealer), &hands, &cards(stock));
    let mut setup = TableSetup::new(hands.len(), 11);
    setup.dealer = Seat(dealer);
    Youglouf::new_match(setup, options, Some(&deck)).expect("a valid test table")
}

/// A table with default options.
fn table(dealer: u8, hands: &[&str], stock: &str) -> Youglouf {
    table_with(YougloufOptions::default(), dealer, hands, stock)
}

/// Applies `action` (notation) as `seat`; it must be legal, listed, and accepted.
fn act(game: &mut Youglouf, seat: u8, action: &str) -> Vec<Addressed<YougloufEvent>> {
    let parsed: YougloufAction = action.parse().expect("test actions are valid notation");
    assert!(
        game.legal_actions(Seat(seat)).contains(&parsed),
        "seat {seat} cannot {action} now: legal {:?}",
        game.legal_actions(Seat(seat))
    );
    game.apply(Seat(seat), parsed).unwrap_or_else(|error| panic!("seat {seat}: {action}: {error}"))
}

/// `action` by `seat` must be refused, not listed, and change nothing.
fn refused(game: &mut Youglouf, seat: u8, action: &str) {
    let parsed: YougloufAction = action.parse().expect("test actions are valid notation");
    assert!(!game.legal_actions(Seat(seat)).contains(&parsed), "seat {seat} may {action}");
    let before = game.clone();
    assert!(game.apply(Seat(seat), parsed).is_err(), "seat {seat} could {action}");
    assert_eq!(*game, before, "a refused action changed the state");
}

/// Every seat takes its first look at slots 0 and 1.
fn look_all(game: &mut Youglouf) {
    for seat in Seat::all(game.players()) {
        act(game, seat.0, "look 0 1");
    }
}

/// How `viewer` sees `owner`'s slots.
fn slots(game: &Youglouf, viewer: Viewer, owner: u8) -> Vec<SlotView> {
    game.view(viewer).slots[Seat(owner)].clone()
}

/// The known cards of `owner` as seen by seat `viewer`, `None` where face down or empty.
fn known(game: &Youglouf, viewer: u8, owner: u8) -> Vec<Option<Card>> {
    slots(game, Viewer::Seat(Seat(viewer)), owner)
        .into_iter()
        .map(|slot| match slot {
            SlotView::Known(card) => Some(card),
            SlotView::Empty | SlotView::FaceDown => None,
        })
        .collect()
}

/// The events of `events` that `seat` may see.
fn seen_by(events: &[Addressed<YougloufEvent>], seat: u8) -> Vec<YougloufEvent> {
    visible_to(events, Viewer::Seat(Seat(seat)))
}

/// The seats with a decision now, as numbers.
fn to_act(game: &Youglouf) -> Vec<u8> {
    game.to_act().iter().map(|seat| seat.0).collect()
}

/// A turn with a card that has no power: draw it and drop it, then end the turn.
fn quiet_turn(game: &mut Youglouf, seat: u8) {
    act(game, seat, "draw");
    act(game, seat, "drop");
    if game.phase() == Phase::Playing && game.round().declarer.is_none() {
        act(game, seat, "end");
    }
}
