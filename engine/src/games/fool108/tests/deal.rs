//! RULES.md §2, the table and the deal: seats, deck, five cards, the rotating first player and
//! the random opening card with its effect.

use crate::card::{DeckKind, Rank};
use crate::card_set::count_cards;
use crate::event::NoEvents;
use crate::game::{Game, Phase, TableSetup};
use crate::score::RoundEnd;
use crate::seat::{Direction, Seat};

use super::super::{Fool108, Fool108Event, Fool108Options, Stage};
use super::{act, card, cards, hand, legal, sorted, table, to_act};

/// RULES.md §2, "Players 2–6 (default 4). 36-card deck": other seat counts are refused and
/// the cards in play are exactly 6 to ace in four suits.
#[test]
fn two_to_six_players_with_the_36_card_deck() {
    let options = Fool108Options::default();
    assert_eq!(Fool108::seat_range(&options), 2..=6);
    for players in [1, 7] {
        assert!(Fool108::new_match(TableSetup::new(players, 1), options.clone(), None).is_err(), "{players} players");
    }
    for players in 2..=6 {
        let game = Fool108::new_match(TableSetup::new(players, 3), options.clone(), None).expect("in range");
        assert_eq!(game.card_counts(), count_cards(&DeckKind::Short36.cards()));
        assert!(DeckKind::Short36.cards().iter().all(|card| card.rank() >= Some(Rank::Six)));
    }
    assert!(Fool108::new_match(TableSetup::new(2, 1), options, Some(&cards("2C"))).is_err(), "a 2 is not in the deck");
}

/// RULES.md §2, "Each round: 5 cards each ... A card chosen at random from that player's hand
/// is played for them automatically as the first card": the first player holds four, the
/// others five, and the pile's first card came from the first player's hand.
#[test]
fn five_cards_each_and_the_opening_card_is_played_from_the_first_players_hand() {
    let game = table(&["8H TC KS JD 8C", "TH KC JS 8D QS", "9C 9D TS KD JC", "AC AD 8S JH KH"], "", "8H");
    assert_eq!(game.round().pile, cards("8H"));
    assert_eq!(hand(&game, 0), sorted("8C TC JD KS"));
    for seat in 1..4 {
        assert_eq!(game.round().hands[Seat(seat)].len(), 5, "seat {seat}");
    }
    assert_eq!(game.round().first_player, Seat(0));
    assert_eq!(game.round().turn, Seat(1), "play goes on from the next seat");
}

/// RULES.md §2, "A card chosen at random from that player's hand": over seeds the opening card
/// varies and is always one of the first player's five.
#[test]
fn the_opening_card_is_random_among_the_first_players_cards() {
    let first_hand = cards("8H TC KS JD 8C");
    let deck = [first_hand.clone(), cards("TH KC JS 8D QS")].concat();
    let mut openings = Vec::new();
    for seed in 0..60 {
        // Two players, dealer 0: seat 1 is dealt first, so list seat 1's block first.
        let stacked = [deck[5..].to_vec(), deck[..5].to_vec()].concat();
        let game = Fool108::new_match(TableSetup::new(2, seed), Fool108Options::default(), Some(&stacked)).expect("table");
        let opening = game.round().pile[0];
        assert!(first_hand.contains(&opening), "{opening} is not from the first player's hand");
        if !openings.contains(&opening) {
            openings.push(opening);
        }
    }
    assert_eq!(openings.len(), 5, "every card of the hand gets picked at some seed: {openings:?}");
}

/// RULES.md §2, "The first player of round r is seat (r-1) mod n": it rotates every round
/// (rounds here are ended by a turn cap of one action).
#[test]
fn the_first_player_of_round_r_is_seat_r_minus_one_mod_n() {
    let mut game =
        Fool108::new_match(TableSetup { turn_cap: 1, ..TableSetup::new(5, 11) }, Fool108Options::default(), None).expect("table");
    for round in 1..=7u32 {
        assert_eq!(game.round().first_player, Seat(((round - 1) % 5) as u8), "round {round}");
        assert_eq!(game.round().dealer, Seat(((round - 1) % 5) as u8), "the dealer rotates too");
        let turn = game.round().turn;
        let action = game.legal_actions(turn)[0];
        game.apply(turn, action).expect("legal");
        assert_eq!(game.last_round().map(|result| result.end), Some(RoundEnd::TurnCap));
        let mut events = Vec::new();
        game.start_next_round(None, &mut events).expect("next round");
        let first = Seat((round % 5) as u8);
        let dealt = events.iter().find_map(|addressed| match &addressed.event {
            Fool108Event::HandDealt { seat, cards } if *seat == first => Some(cards.clone()),
            _ => None,
        });
        let opening = game.round().pile[0];
        assert!(dealt.expect("the first player's hand is dealt").contains(&opening), "round {} opens from seat {first}", round + 1);
        assert!(events.iter().any(|addressed| addressed.event == Fool108Event::Played { seat: first, card: opening, automatic: true }));
    }
}

/// RULES.md §2, "its special effect applies": an opening 6 makes the next seat draw two and
/// miss the turn.
#[test]
fn an_opening_six_makes_the_next_seat_draw_two_and_miss_the_turn() {
    let game = table(&["6H TC KS JD 8C", "TH KC JS 8D QS", "9C 9D TS KD JC", "AC AD 8S JH KH"], "7C 7D", "6H");
    assert_eq!(hand(&game, 1), sorted("7C KC 7D 8D TH JS QS"));
    assert_eq!(game.round().turn, Seat(2));
    assert_eq!(to_act(&game), vec![2]);
}

/// RULES.md §2, "its special effect applies": an opening 7, 9 and A act as played cards do.
#[test]
fn an_opening_seven_nine_or_ace_has_its_effect() {
    let hands = ["7H 9H AH JD 8C", "TH KC JS 8D QS", "9C 9D TS KD JC", "AC AD 8S JH KH"];
    let seven = table(&hands, "7C", "7H");
    assert!(hand(&seven, 1).contains(&card("7C")));
    assert_eq!(seven.round().turn, Seat(2));
    let nine = table(&hands, "", "9H");
    assert_eq!(nine.round().direction, Direction::Counterclockwise);
    assert_eq!(nine.round().turn, Seat(3));
    let ace = table(&hands, "", "AH");
    assert_eq!(ace.round().turn, Seat(2));
    assert_eq!(hand(&ace, 1).len(), 5);
}

/// RULES.md §2, Ruling "if it is a Queen, its player still chooses the suit": the first player
/// is to act with the four suits, and the suit chosen is the one to follow.
#[test]
fn an_opening_queen_lets_its_player_choose_the_suit() {
    let mut game = table(&["QH TC KS JD 8C", "TH KC JS 8D QS", "9C 9D TS KD JC", "AC AD 8S JH KH"], "", "QH");
    assert_eq!(game.round().stage, Stage::ChooseSuit);
    assert_eq!(to_act(&game), vec![0]);
    assert_eq!(legal(&game, 0), ["suit C", "suit D", "suit H", "suit S"]);
    act(&mut game, 0, "suit D");
    assert_eq!(game.round().turn, Seat(1));
    assert_eq!(legal(&game, 1), ["play 8D", "play QS", "draw"], "only diamonds or a Queen now");
}

/// RULES.md §2, the deal: a stacked deck is dealt in blocks from the dealer's left, and a
/// failed stacked deal for the next round leaves the match as it was.
#[test]
fn a_bad_stacked_deck_for_the_next_round_changes_nothing() {
    let mut game = Fool108::new_match(TableSetup { turn_cap: 1, ..TableSetup::new(3, 4) }, Fool108Options::default(), None).expect("table");
    let turn = game.round().turn;
    let action = game.legal_actions(turn)[0];
    game.apply(turn, action).expect("legal");
    assert_eq!(game.phase(), Phase::RoundOver);
    let before = game.clone();
    assert!(game.start_next_round(Some(&cards("2C")), &mut NoEvents).is_err());
    assert_eq!(game, before);
}
