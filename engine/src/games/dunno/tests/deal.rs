//! RULES.md §4, "Players" and the deal ruling.

use super::{act, cards, hand, table};
use crate::card::{Card, DeckKind};
use crate::card_set::count_cards;
use crate::event::NoEvents;
use crate::game::{Game, Phase, TableSetup};
use crate::games::dunno::{Dunno, DunnoAction, DunnoOptions, TurnPhase};
use crate::scenario::deck_from_hands;
use crate::seat::{Direction, Seat};

/// RULES.md §4, "Players": 2–6 players; 54 cards, the 52 plus two Jokers.
#[test]
fn two_to_six_players_with_a_54_card_deck() {
    let options = DunnoOptions::default();
    assert_eq!(Dunno::seat_range(&options), 2..=6);
    for players in [1, 7] {
        assert!(Dunno::new_match(TableSetup::new(players, 3), options.clone(), None).is_err(), "{players} players");
    }
    let game = Dunno::new_match(TableSetup::new(6, 3), options, None).expect("six players");
    let deck = DeckKind::WithJokers54.cards();
    assert_eq!(deck.len(), 54);
    assert!(deck.contains(&Card::RED_JOKER) && deck.contains(&Card::BLACK_JOKER));
    assert_eq!(game.card_counts(), count_cards(&deck));
}

/// RULES.md §4, "Ruling: deal 5 cards each; turn the top stock card as the starter ... Seat 0
/// starts; clockwise."
#[test]
fn five_each_a_starter_and_seat_zero_starts_clockwise() {
    let mut game = table(&["2H 3H 4H 5H 6H", "2S 3S 4S 5S 6S", "2D 3D 4D 5D 6D"], "9C TC");
    assert_eq!(hand(&game, 1), "2S 3S 4S 5S 6S");
    assert_eq!(game.round().top.card, cards("9C")[0]);
    assert_eq!(game.round().stock.len(), 54 - 15 - 1);
    assert_eq!(game.round().turn, Seat(0));
    assert_eq!(game.round().direction, Direction::Clockwise);
    act(&mut game, 0, "draw");
    assert_eq!(hand(&game, 0), "TC 2H 3H 4H 5H 6H");
    assert_eq!(game.round().turn, Seat(1), "clockwise: seat 1 follows seat 0");
}

/// RULES.md §4, deal ruling: seat 0 starts whoever deals, and in every game of a match (the
/// dealer rotates, the first turn does not).
#[test]
fn seat_zero_starts_whoever_deals() {
    let hands: Vec<Vec<Card>> = ["2H 3H 4H 5H 6H", "2S 3S 4S 5S 6S", "2D 3D 4D 5D 6D"].iter().map(|text| cards(text)).collect();
    let mut setup = TableSetup::new(3, 9);
    setup.dealer = Seat(1);
    let stacked = deck_from_hands(Seat(1), &hands, &cards("9C"));
    let game = Dunno::new_match(setup, DunnoOptions::default(), Some(&stacked)).expect("table");
    assert_eq!(game.round().dealer, Seat(1));
    assert_eq!(game.round().hands[Seat(2)].to_vec(), hands[2], "hands are dealt from the dealer's left");
    assert_eq!(game.round().turn, Seat(0));

    let mut game = Dunno::new_match(TableSetup::new(2, 4), DunnoOptions { wins_to_match: 2 }, None).expect("table");
    while game.phase() == Phase::Playing {
        let seat = game.round().turn;
        let action = game.legal_actions(seat)[0];
        game.apply_with(seat, action, &mut NoEvents).expect("legal");
    }
    assert_eq!(game.phase(), Phase::RoundOver, "one game won (or capped) of a first-to-2 match");
    game.start_next_round(None, &mut NoEvents).expect("next game");
    assert_eq!(game.round().dealer, Seat(1), "the dealer rotates");
    assert_eq!(game.round().turn, Seat(0), "seat 0 starts again");
}

/// RULES.md §4, deal ruling: the starter has no effect (an offensive starter owes nothing, an
/// Ace skips nobody, a Queen reverses nothing, a Jack swaps nothing).
#[test]
fn the_starter_has_no_effect() {
    for starter in ["7H", "2C", "KH", "RJ", "AH", "QH", "JD"] {
        let game = table(&["2H 3H 4H 5H 6H", "2S 3S 4S 5S 6S", "2D 3D 4D 5D 6D"], starter);
        let round = game.round();
        assert_eq!((round.turn, round.phase, round.direction), (Seat(0), TurnPhase::Free, Direction::Clockwise), "starter {starter}");
        assert_eq!(round.top.suit, cards(starter)[0].suit(), "starter {starter} carries its own suit");
    }
}

/// RULES.md §4, deal ruling: a Joker starter is suitless, so anything may be played on it.
#[test]
fn anything_may_be_played_on_a_joker_starter() {
    let game = table(&["2H 5D 9S JC AH", "2S 3S 4S 5S 6S", "2D 3D 4D 6D 7D"], "BJ");
    let singles: Vec<String> = game
        .legal_actions(Seat(0))
        .into_iter()
        .filter(|action| matches!(action, DunnoAction::Play { cards, .. } if cards.len() == 1))
        .map(|action| action.to_string())
        .collect();
    assert_eq!(singles, ["play JC", "play 5D", "play 2H", "play AH", "play 9S"], "every card, in card order");
}
