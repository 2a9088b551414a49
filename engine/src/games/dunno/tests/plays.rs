//! RULES.md §4, "Matching" and "A play".

use super::{act, hand, refused, table};
use crate::game::Game;
use crate::games::dunno::TurnPhase;
use crate::refusal::Refusal;
use crate::seat::Seat;

const SEAT1: &str = "9S 9D 8S 8D 3D";
const SEAT2: &str = "TS TD TC 4C 4D";

/// RULES.md §4, "Matching": a card is playable if it shares rank or suit with the top card.
#[test]
fn same_rank_or_same_suit_is_playable() {
    let mut game = table(&["5S 6H 6C 4H 2D", SEAT1, SEAT2], "6D");
    let listed: Vec<String> = game.legal_actions(Seat(0)).iter().map(ToString::to_string).collect();
    assert_eq!(listed, ["play 6C", "play 6C 6H", "play 2D", "play 6H", "play 6H 6C", "draw"]);
    for card in ["5S", "4H"] {
        let error = refused(&mut game, 0, &format!("play {card}"));
        let expected = Refusal::NotPlayableOnTop { card: card.parse().expect("card"), top: "6D".parse().expect("card"), carrying: None };
        assert_eq!(error.refusal(), Some(expected), "{card}: {error}");
    }
    act(&mut game, 0, "play 6H");
    assert_eq!(game.round().top.card.to_string(), "6H");
    refused(&mut game, 1, "play 8D");
    act(&mut game, 1, "draw");
}

/// RULES.md §4, "Matching": Queens are suitless in hand, so a Queen is playable on anything.
#[test]
fn a_queen_in_hand_is_playable_on_anything() {
    let mut game = table(&["QS 5C 5H 4H 2H", SEAT1, SEAT2], "6D");
    act(&mut game, 0, "play QS suit C");
    assert_eq!(game.round().top.suit, Some(crate::card::Suit::Clubs));
}

/// RULES.md §4, "Matching": on the pile a Queen carries the suit its player chose, not its own.
#[test]
fn a_queen_on_the_pile_carries_the_chosen_suit() {
    let mut game = table(&["QS 5C 5H 4H 2H", "9S 9D 8S 8D QD", SEAT2], "6S");
    act(&mut game, 0, "play QS suit D");
    // The Queen reversed play: seat 2 is next.
    refused(&mut game, 2, "play TS");
    act(&mut game, 2, "play TD");
    act(&mut game, 1, "play QD suit C");
    assert_eq!(game.round().turn, Seat(2), "the second Queen reversed play back");
    refused(&mut game, 2, "play 4D");
    act(&mut game, 2, "play TC");
}

/// RULES.md §4, "Matching": a King on the pile carries the chosen suit (its rank still matches).
#[test]
fn a_king_on_the_pile_carries_the_chosen_suit() {
    let game_with = |answer: &str| {
        let mut game = table(&["KH 5C 5H 4H 2H", &format!("{answer} 9D 8S 8D 3D"), SEAT2], "6H");
        act(&mut game, 0, "play KH suit S");
        game
    };
    // The King is offensive (+3): seat 1 owes 3 and answers only with offensive cards or a 3.
    let mut game = game_with("7H");
    assert_eq!(game.round().phase, TurnPhase::Owes { draw: 3 });
    refused(&mut game, 1, "play 7H");
    let mut game = game_with("7S");
    act(&mut game, 1, "play 7S");
    let mut game = game_with("KD");
    act(&mut game, 1, "play KD suit H");
    assert_eq!(game.round().phase, TurnPhase::Owes { draw: 6 });
}

/// RULES.md §4, "Matching": Jokers are suitless: playable on anything.
#[test]
fn a_joker_is_playable_on_anything() {
    let mut game = table(&["RJ 5C 5H 4H 2H", SEAT1, SEAT2], "6S");
    act(&mut game, 0, "play RJ");
    assert_eq!(game.round().top.suit, None);
}

/// RULES.md §4, "A play": several cards of one rank; the first must be playable, the rest
/// follow in the chosen order and the last becomes the top card.
#[test]
fn several_cards_of_one_rank_first_playable_last_on_top() {
    let mut game = table(&["5H 5S 5C 4H 2H", SEAT1, SEAT2], "9H");
    refused(&mut game, 0, "play 5S 5H");
    refused(&mut game, 0, "play 5H 4H");
    refused(&mut game, 0, "play 5H 5H");
    act(&mut game, 0, "play 5H 5C 5S");
    assert_eq!(hand(&game, 0), "2H 4H");
    assert_eq!(game.round().top.card.to_string(), "5S");
    assert_eq!(game.round().pile.iter().map(ToString::to_string).collect::<Vec<_>>(), ["9H", "5H", "5C", "5S"]);
    refused(&mut game, 1, "play 8D");
    act(&mut game, 1, "play 9S");
}

/// RULES.md §4, "A play": the order is the player's: every order with a playable first card is
/// listed (4 cards of a rank, one playable: 1 + 3 + 6 + 6 = 16 plays; all four playable: 64).
#[test]
fn every_order_with_a_playable_first_card_is_listed() {
    let sixes = |starter: &str| {
        let game = table(&["6C 6D 6H 6S 2H", SEAT1, SEAT2], starter);
        let sixes = game.legal_actions(Seat(0)).into_iter().filter(|action| action.to_string().starts_with("play 6")).count();
        let distinct: std::collections::HashSet<_> = game.legal_actions(Seat(0)).into_iter().collect();
        assert_eq!(distinct.len(), game.legal_actions(Seat(0)).len(), "no play is listed twice");
        sixes
    };
    assert_eq!(sixes("9H"), 16, "only 6H leads");
    assert_eq!(sixes("RJ"), 64, "on a Joker every six leads");
}

/// RULES.md §4, "A play": Jacks only alone.
#[test]
fn jacks_are_played_alone() {
    let mut game = table(&["JH JS 5C 4H 2H", SEAT1, SEAT2], "9H");
    let error = refused(&mut game, 0, "play JH JS");
    assert_eq!(error.refusal(), Some(Refusal::JacksAlone), "{error}");
    act(&mut game, 0, "play JH");
}

/// RULES.md §4, "A play", ruling: the two Jokers count as one rank and may be played together.
#[test]
fn both_jokers_go_together() {
    let mut game = table(&["RJ BJ 5C 4H 2H", SEAT1, SEAT2], "9H");
    refused(&mut game, 0, "play RJ 5C");
    act(&mut game, 0, "play BJ RJ");
    assert_eq!(game.round().phase, TurnPhase::Owes { draw: 10 });
}
