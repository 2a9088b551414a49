//! RULES.md §4, "A", "Q" and the King's and Joker's suits.

use super::{act, refused, table};
use crate::card::Suit;
use crate::event::Audience;
use crate::game::Game;
use crate::games::dunno::{DunnoEvent, TurnPhase};
use crate::seat::{Direction, Seat};

const HAND1: &str = "9S 9D 8S 8D 2S";
const HAND2: &str = "TS TD TH JS JC";

/// RULES.md §4, "A": the next player misses one turn.
#[test]
fn an_ace_skips_the_next_seat() {
    let mut game = table(&["AH 4S 4D 6S 6D", HAND1, HAND2], "5H");
    let events = act(&mut game, 0, "play AH");
    assert!(events.iter().any(|e| e.audience == Audience::All && e.event == DunnoEvent::Skipped { seat: Seat(1) }));
    assert_eq!(game.round().turn, Seat(2));
    assert!(game.legal_actions(Seat(1)).is_empty());
}

/// RULES.md §4, "A": several Aces still skip one player.
#[test]
fn several_aces_skip_only_one_seat() {
    let mut game = table(&["AH AS AC 6S 6D", HAND1, HAND2], "5H");
    let events = act(&mut game, 0, "play AH AS AC");
    assert_eq!(events.iter().filter(|e| matches!(e.event, DunnoEvent::Skipped { .. })).count(), 1);
    assert_eq!(game.round().turn, Seat(2));
}

/// RULES.md §4, "A": an Ace does not answer an Ace: the skipped seat gets no decision, even
/// holding an Ace; and two players: the Ace's player plays again.
#[test]
fn an_ace_does_not_answer_an_ace() {
    let mut game = table(&["AH 4S 4D 6S 6D", "AS AD 8S 8D 2S", HAND2], "5H");
    act(&mut game, 0, "play AH");
    refused(&mut game, 1, "play AS");
    assert_eq!(game.round().turn, Seat(2));
    let mut game = table(&["AH 4S 4D 6S 6D", "AS AD 8S 8D 2S"], "5H");
    act(&mut game, 0, "play AH");
    assert_eq!(game.round().turn, Seat(0), "with two players the Ace's player goes again");
}

/// RULES.md §4, "Q": its player chooses a suit and the direction reverses, once per Queen.
#[test]
fn each_queen_reverses_the_direction() {
    let mut game = table(&["QH 4S 4D 6S 6D", HAND1, HAND2], "5C");
    let events = act(&mut game, 0, "play QH suit S");
    assert!(events.iter().any(|e| e.event == DunnoEvent::Reversed { direction: Direction::Counterclockwise }));
    assert!(events.iter().any(|e| e.event == DunnoEvent::SuitChosen { seat: Seat(0), suit: Suit::Spades }));
    assert_eq!((game.round().turn, game.round().direction), (Seat(2), Direction::Counterclockwise));
    assert_eq!(game.round().top.suit, Some(Suit::Spades));

    let mut game = table(&["QH QS 4D 6S 6D", HAND1, HAND2], "5C");
    let events = act(&mut game, 0, "play QH QS suit D");
    assert_eq!(events.iter().filter(|e| matches!(e.event, DunnoEvent::Reversed { .. })).count(), 2);
    assert_eq!((game.round().turn, game.round().direction), (Seat(1), Direction::Clockwise), "two Queens: back to clockwise");

    let mut game = table(&["QH QS QC 6S 6D", HAND1, HAND2], "5C");
    act(&mut game, 0, "play QC QH QS suit D");
    assert_eq!((game.round().turn, game.round().direction), (Seat(2), Direction::Counterclockwise), "three Queens reverse");
}

/// RULES.md §4, "Q" and "K": a Queen or a King must name a suit; no other card names one.
#[test]
fn kings_and_queens_name_a_suit_and_nothing_else_does() {
    for bad in ["play QH", "play KH", "play 5H suit C"] {
        assert!(bad.parse::<crate::games::dunno::DunnoAction>().is_err(), "{bad}");
    }
    let mut game = table(&["KH 4S 4D 6S 6D", HAND1, HAND2], "5H");
    act(&mut game, 0, "play KH suit C");
    assert_eq!(game.round().top.suit, Some(Suit::Clubs));
    assert_eq!(game.round().phase, TurnPhase::Owes { draw: 3 }, "a King is offensive: +3");
}

/// RULES.md §4, "Q" and "A": after a Queen reverses the direction, an Ace skips the next seat
/// in the new direction (four players: seat 3 plays the Ace, seat 2 misses its turn).
#[test]
fn an_ace_after_a_queen_skips_in_the_new_direction() {
    let mut game = table(&["QH 4S 4D 6S 6D", HAND1, HAND2, "AS 3C 3D 5C 5D"], "5S");
    act(&mut game, 0, "play QH suit S");
    assert_eq!(game.round().turn, Seat(3), "counter-clockwise after the Queen");
    let events = act(&mut game, 3, "play AS");
    assert!(events.iter().any(|e| e.event == DunnoEvent::Skipped { seat: Seat(2) }));
    assert_eq!(game.round().turn, Seat(1));
}
