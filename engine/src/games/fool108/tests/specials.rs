//! RULES.md §2, "Special cards": 6, 7, 9 and A on the next seat in the current direction.

use crate::seat::{Direction, Seat};

use super::super::Fool108Event;
use super::{act, hand, legal, refuse, sorted, table, to_act};

const HANDS: [&str; 4] = ["8H KH JC 6C 8D", "6H 7H 9H AH TD", "6S 7C 9D KC TC", "AC AD 9S JH KD"];

/// RULES.md §2, "6: next player draws 2 and misses the turn ... No defence, no stacking": the
/// next seat holding a 6 gets no chance to answer, and the seat after it is not hit.
#[test]
fn a_six_makes_the_next_seat_draw_two_and_miss_the_turn_without_defence() {
    let mut game = table(&HANDS, "8S TS", "8H");
    let events = act(&mut game, 1, "play 6H");
    assert!(events.contains(&Fool108Event::MustDraw { seat: Seat(2), cards: 2 }));
    assert!(events.contains(&Fool108Event::Skipped { seat: Seat(2) }));
    assert_eq!(hand(&game, 2), sorted("6S 7C 9D KC TC 8S TS"));
    assert_eq!(to_act(&game), vec![3]);
    assert!(legal(&game, 2).is_empty());
    refuse(&mut game, 2, "play 6S");
    assert_eq!(legal(&game, 3), ["play JH", "draw"], "the 6 on top only asks for hearts or a 6 now");
    assert_eq!(hand(&game, 3).len(), 5);
}

/// RULES.md §2, "7: next draws 1 and misses the turn".
#[test]
fn a_seven_makes_the_next_seat_draw_one_and_miss_the_turn() {
    let mut game = table(&HANDS, "8S TS", "8H");
    let events = act(&mut game, 1, "play 7H");
    assert!(events.contains(&Fool108Event::MustDraw { seat: Seat(2), cards: 1 }));
    assert_eq!(hand(&game, 2), sorted("6S 7C 9D KC TC 8S"));
    assert_eq!(game.round().turn, Seat(3));
    assert_eq!(game.round().stock.peek(), Some(super::card("TS")));
}

/// RULES.md §2, "9: reverses the direction until another 9 is played".
#[test]
fn a_nine_reverses_the_direction_until_the_next_nine() {
    let mut game = table(&HANDS, "", "8H");
    act(&mut game, 1, "play 9H");
    assert_eq!(game.round().direction, Direction::Counterclockwise);
    assert_eq!(game.round().turn, Seat(0));
    act(&mut game, 0, "play KH");
    assert_eq!(game.round().turn, Seat(3), "still counterclockwise after a King");
    act(&mut game, 3, "play KD");
    assert_eq!(game.round().turn, Seat(2));
    act(&mut game, 2, "play 9D");
    assert_eq!(game.round().direction, Direction::Clockwise);
    assert_eq!(game.round().turn, Seat(3));
}

/// RULES.md §2, "A: next player misses the turn".
#[test]
fn an_ace_makes_the_next_seat_miss_the_turn() {
    let mut game = table(&HANDS, "", "8H");
    let events = act(&mut game, 1, "play AH");
    assert_eq!(events.iter().filter(|event| matches!(event, Fool108Event::Skipped { .. })).count(), 1);
    assert_eq!(game.round().turn, Seat(3));
    assert_eq!(hand(&game, 2).len(), 5, "an Ace makes nobody draw");
}

/// RULES.md §2, "Special cards (next = next seat in the current direction)": with two players
/// an Ace or a 6 gives the turn straight back, and a 9 hands it to the other player.
#[test]
fn with_two_players_skips_give_the_turn_back() {
    let mut game = table(&HANDS[..2], "8S TS", "8H");
    act(&mut game, 1, "play AH");
    assert_eq!(game.round().turn, Seat(1));
    act(&mut game, 1, "play 6H");
    assert_eq!(game.round().turn, Seat(1));
    assert_eq!(hand(&game, 0).len(), 6);
    act(&mut game, 1, "play 9H");
    assert_eq!(game.round().turn, Seat(0));
}

/// Hands for the reversed-direction tests: seat 0 opens 8H and holds 6H and AH; seat 1 turns
/// the play counterclockwise with 9H.
const REVERSE_HANDS: [&str; 4] = ["8H 6H AH 9C TC", "9H 7S 7D 8S KS", "TD JD KD 9D 8D", "6S JS TS 9S QC"];

/// RULES.md §2, "Special cards (next = next seat in the current direction)" with "9: reverses
/// the direction": after a 9, a 6 hits the seat counterclockwise, and the seat clockwise is
/// untouched.
#[test]
fn after_a_nine_a_six_hits_the_seat_counterclockwise() {
    let mut game = table(&REVERSE_HANDS, "7C JC", "8H");
    act(&mut game, 1, "play 9H");
    assert_eq!(game.round().turn, Seat(0));
    let events = act(&mut game, 0, "play 6H");
    assert!(events.contains(&Fool108Event::MustDraw { seat: Seat(3), cards: 2 }));
    assert!(events.contains(&Fool108Event::Skipped { seat: Seat(3) }));
    assert_eq!(hand(&game, 3), sorted("6S 7C 9S TS JC JS QC"));
    assert_eq!(hand(&game, 1).len(), 4, "the seat clockwise draws nothing");
    assert_eq!(game.round().turn, Seat(2));
}

/// RULES.md §2, "A: next player misses the turn" with "9: reverses the direction": after a 9
/// an Ace skips the seat counterclockwise.
#[test]
fn after_a_nine_an_ace_skips_the_seat_counterclockwise() {
    let mut game = table(&REVERSE_HANDS, "", "8H");
    act(&mut game, 1, "play 9H");
    let events = act(&mut game, 0, "play AH");
    assert_eq!(events.iter().filter(|event| matches!(event, Fool108Event::Skipped { .. })).count(), 1);
    assert!(events.contains(&Fool108Event::Skipped { seat: Seat(3) }));
    assert_eq!(game.round().turn, Seat(2));
    assert_eq!(to_act(&game), vec![2]);
}

/// RULES.md §2, "7: next draws 1 and misses the turn. No defence": with two players the seat
/// that drew has no decision (it holds a 6 and an 8 but may not answer) and the turn comes
/// straight back to the 7's player.
#[test]
fn with_two_players_a_seven_gives_the_turn_back_after_the_draw() {
    let mut game = table(&HANDS[..2], "8S", "8H");
    act(&mut game, 1, "play 7H");
    assert_eq!(hand(&game, 0), sorted("6C 8D 8S JC KH"));
    assert_eq!(game.round().turn, Seat(1));
    assert_eq!(legal(&game, 0), Vec::<String>::new(), "the seat that drew may not answer");
}
