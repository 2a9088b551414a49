//! RULES.md §3: going out one by one, "next seat still in the round", the end of the round,
//! the last card's effect, and the engine's turn cap.

use super::{act, card, cards, deal, give, hand, legal};
use crate::card::Card;
use crate::game::{Game, Phase, TableSetup};
use crate::games::hundred_one::{Exit, HundredOne, HundredOneEvent};
use crate::scenario::deck_from_hands;
use crate::score::RoundEnd;
use crate::seat::{Seat, SeatSet};

/// RULES.md §3, "A player whose hand is empty ... is out of the round" with "Effects on the
/// next seat still in the round": an out seat gets no more turns, and an Ace skips the next
/// seat that is still in.
#[test]
fn an_empty_hand_is_out_and_play_goes_round_it() {
    let mut game = deal(4, 0, &["AC 6H 7H 8H", "TC 6D 7D 8D", "JC 9D TD JD", "KC 9H TH JH"], "9C", "");
    give(&mut game, 1, 3, "6D 7D 8D");
    let events = act(&mut game, 1, "play TC");
    assert!(events.iter().any(|e| e.event == HundredOneEvent::WentOut { seat: Seat(1), exit: Exit::Plain }));
    assert!(game.round().out.contains(Seat(1)));
    act(&mut game, 2, "play JC");
    act(&mut game, 3, "play KC");
    let events = act(&mut game, 0, "play AC");
    assert!(events.iter().any(|e| e.event == HundredOneEvent::Skipped { seat: Seat(2) }), "seat 1 is out: seat 2 is next");
    assert_eq!(game.to_act(), SeatSet::only(Seat(3)));
    assert_eq!(game.phase(), Phase::Playing);
}

/// RULES.md §3, "A player whose hand is empty (and who owes no cover for an 8) is out": an 8
/// played as the last card is covered from the stock, and its player stays in.
#[test]
fn an_eight_as_last_card_is_covered_from_the_stock() {
    let mut game = deal(2, 0, &["6S 7S 8S TS", "AC AH AD 8D"], "9C", "KS 9D");
    for play in ["play AC", "play AH", "play AD", "play 8D"] {
        act(&mut game, 1, play);
    }
    assert!(hand(&game, 1).is_empty());
    assert!(game.round().out.is_empty(), "owing a cover, seat 1 is not out");
    assert_eq!(game.phase(), Phase::Playing);
    assert_eq!(legal(&game, 1), ["draw"]);
    act(&mut game, 1, "draw");
    assert_eq!(hand(&game, 1), cards("9D KS"));
    act(&mut game, 1, "play 9D");
    assert_eq!(game.to_act(), SeatSet::only(Seat(0)));
}

/// RULES.md §3, "The round ends when only one player still has cards": with three seats, the
/// first to go out leaves the round running; the second ends it.
#[test]
fn the_round_ends_when_one_player_still_holds_cards() {
    let mut game = deal(3, 0, &["6S 7S 8S TS", "TC 6D 7D 8D", "JC 9D TD JD"], "9C", "");
    give(&mut game, 1, 0, "6D 7D 8D");
    give(&mut game, 2, 0, "9D TD JD");
    act(&mut game, 1, "play TC");
    assert_eq!(game.phase(), Phase::Playing);
    act(&mut game, 2, "play JC");
    assert_eq!(game.phase(), Phase::RoundOver);
    assert_eq!(game.last_round().map(|round| round.end), Some(RoundEnd::LastHolder(Seat(0))));
    assert!(game.to_act().is_empty());
}

/// RULES.md §3, "(with two players: when one goes out)".
#[test]
fn with_two_players_the_first_out_ends_the_round() {
    let mut game = deal(2, 0, &["6S 7S 8S TS", "TC 6D 7D 8D"], "9C", "");
    give(&mut game, 1, 0, "6D 7D 8D");
    act(&mut game, 1, "play TC");
    assert_eq!(game.phase(), Phase::RoundOver);
    assert_eq!(game.last_round().map(|round| round.end), Some(RoundEnd::LastHolder(Seat(0))));
}

/// RULES.md §3, "The last card's effect on the next seat still applies before the round is
/// scored": going out on a 6 makes the last holder draw two, and they count.
#[test]
fn the_last_cards_effect_lands_before_scoring() {
    let mut game = deal(2, 0, &["6S 7S 8S TS", "6C 6D 7D 8D"], "9C", "AH AS");
    give(&mut game, 1, 0, "6D 7D 8D");
    act(&mut game, 1, "play 6C");
    let round = game.last_round().expect("the round is over");
    assert_eq!(round.scores[Seat(0)].cards, cards("6D 7D 8D AH 6S 7S 8S TS AS"));
    assert_eq!(round.scores[Seat(0)].total(), 6 + 7 + 8 + 11 + 6 + 7 + 8 + 10 + 11);
}

/// RULES.md §3, "Effects on the next seat still in the round" when the card's player just
/// went out: a last 7 hits the next seat still in, and the turn goes past it.
#[test]
fn a_seat_going_out_on_a_seven_still_hits_the_next_seat() {
    let mut game = deal(4, 0, &["6S 7S 8S TS", "7C 6D 7D 8D", "6H 7H 8H 9H", "JD KD AD QD"], "9C", "JH");
    give(&mut game, 1, 0, "6D 7D 8D");
    act(&mut game, 1, "play 7C");
    assert_eq!(hand(&game, 2), cards("6H 7H 8H 9H JH"));
    assert_eq!(game.to_act(), SeatSet::only(Seat(3)));
}

/// RULES.md, "Common terms, Turn cap": a round reaching the cap ends as a draw, no scores.
#[test]
fn a_round_at_the_turn_cap_ends_without_scores() {
    let hands: Vec<Vec<Card>> = ["KD 6H 7H 8H", "TC 6D 7D 8D", "JC 9D TD JD", "KC 9H TH JH"].iter().map(|hand| cards(hand)).collect();
    let deck = deck_from_hands(Seat(0), &hands, &[card("9C")]);
    let setup = TableSetup { players: 4, dealer: Seat(0), seed: 2, turn_cap: 3 };
    let mut game = HundredOne::new_match(setup, Default::default(), Some(&deck)).expect("sets up");
    act(&mut game, 1, "play TC");
    act(&mut game, 2, "play JC");
    act(&mut game, 3, "play KC");
    assert_eq!(game.phase(), Phase::RoundOver);
    let round = game.last_round().expect("over");
    assert_eq!(round.end, RoundEnd::TurnCap);
    assert!(round.scores.iter().all(|score| score.total() == 0));
    assert_eq!(game.totals().as_slice(), &[0, 0, 0, 0]);
}
