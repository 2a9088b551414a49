//! Crazy Eights rules, one test per bullet of RULES.md §1: stack the deck, play the
//! situation, check the outcome.

use crate::card::{Card, Rank, Suit, parse_cards};
use crate::deal::Stock;
use crate::event::{Addressed, Audience};
use crate::game::{Game, Phase, TableSetup};
use crate::refusal::Refusal;
use crate::scenario::{Scenario, deck_from_hands};
use crate::score::{RoundEnd, ScoreKind};
use crate::seat::{Direction, Seat, Viewer};

use super::{CrazyEights, CrazyEightsAction as A, CrazyEightsEvent as E, CrazyEightsOptions, DrawTwo};

fn cards(text: &str) -> Vec<Card> {
    parse_cards(text).expect("test cards are valid")
}

fn card(text: &str) -> Card {
    text.parse().expect("test card is valid")
}

fn action(text: &str) -> A {
    text.parse().expect("test action is valid")
}

/// A table with these hands (by seat, dealer seat 0) and then these cards on the stock's top.
fn table_with(options: CrazyEightsOptions, hands: &[&str], then: &str) -> CrazyEights {
    let hands: Vec<Vec<Card>> = hands.iter().map(|hand| cards(hand)).collect();
    let deck = deck_from_hands(Seat(0), &hands, &cards(then));
    CrazyEights::new_match(TableSetup::new(hands.len(), 11), options, Some(&deck)).expect("table sets up")
}

fn table(hands: &[&str], then: &str) -> CrazyEights {
    table_with(CrazyEightsOptions::default(), hands, then)
}

fn play(game: &mut CrazyEights, seat: u8, text: &str) -> Vec<Addressed<E>> {
    game.apply(Seat(seat), action(text)).unwrap_or_else(|error| panic!("seat {seat} `{text}`: {error}"))
}

fn hand(game: &CrazyEights, seat: u8) -> Vec<Card> {
    game.round().hands[Seat(seat)].to_vec()
}

/// Empties the stock and leaves only the top card on the pile (situations late in a round).
fn exhaust_stock(game: &mut CrazyEights) {
    let round = game.round_mut();
    let top = round.top();
    round.stock = Stock::default();
    round.pile = vec![top];
}

/// §1 "Players 2–8 … Two standard 52-card packs shuffled together (104 cards)."
#[test]
fn two_to_eight_players_with_a_double_pack() {
    for players in [1, 9] {
        assert!(CrazyEights::new_match(TableSetup::new(players, 1), CrazyEightsOptions::default(), None).is_err());
    }
    let game = CrazyEights::new_match(TableSetup::new(8, 1), CrazyEightsOptions::default(), None).expect("8 players");
    assert_eq!(game.card_counts().iter().map(|&count| usize::from(count)).sum::<usize>(), 104);
    assert!(game.card_counts().iter().take(52).all(|&count| count == 2));
}

/// §1 "Deal 5 cards each. The top stock card starts the discard pile."
#[test]
fn five_cards_each_and_the_next_card_starts_the_pile() {
    let game = table(&["2C 3C 4C 5C 6C", "2D 3D 4D 5D 6D", "2H 3H 4H 5H 6H"], "KS 9S");
    for seat in 0..3 {
        assert_eq!(hand(&game, seat).len(), 5);
    }
    assert_eq!(hand(&game, 1), cards("2D 3D 4D 5D 6D"));
    assert_eq!(game.round().top(), card("KS"));
    assert_eq!(game.round().stock.len(), 104 - 15 - 1);
}

/// §1 Ruling: an eight turned as starter goes back into the stock and a new starter is turned;
/// its effect never applies.
#[test]
fn an_eight_starter_goes_back_and_another_is_turned() {
    let game = table(&["2C 3C 4C 5C 6C", "2D 3D 4D 5D 6D"], "8S 8H KD");
    assert_eq!(game.round().top(), card("KD"));
    assert_eq!(game.round().to_follow.rank, Some(Rank::King), "the starter is matched by rank as usual");
    let stock = game.round().stock.cards();
    assert_eq!(stock.iter().filter(|&&c| c == card("8S")).count(), 2, "both 8S are back in the stock");
    assert_eq!(game.card_counts().iter().map(|&count| usize::from(count)).sum::<usize>(), 104);
}

/// §1 Ruling (starter eight), repeated: an eight put back at a random place may come back to the
/// top and be turned again; the deal still ends with a non-eight starter and loses no card.
#[test]
fn an_eight_turned_again_after_going_back_is_returned_again() {
    let hands = ["2C 3C 4C 5C 6C", "2D 3D 4D 5D 6D"];
    let hands: Vec<Vec<Card>> = hands.iter().map(|hand| cards(hand)).collect();
    let deck = deck_from_hands(Seat(0), &hands, &cards("8S 8S"));
    let mut returned_more_than_twice = 0;
    for seed in 0..3_000 {
        let mut events = Vec::new();
        let game =
            CrazyEights::start_match(TableSetup::new(2, seed), CrazyEightsOptions::default(), Some(&deck), &mut events).expect("deals");
        assert!(!game.round().top().is_rank(Rank::Eight), "seed {seed}: an eight is never the starter");
        assert_eq!(game.card_counts().iter().map(|&count| usize::from(count)).sum::<usize>(), 104);
        let returns = events.iter().filter(|e| matches!(e.event, E::StarterReturned { .. })).count();
        returned_more_than_twice += usize::from(returns > 2);
    }
    assert!(returned_more_than_twice > 0, "the seeds include an eight turned a third time");
}

/// §1 "The seat left of the dealer starts; direction clockwise." The dealer rotates each round.
#[test]
fn the_seat_left_of_the_dealer_starts_and_the_dealer_rotates() {
    let mut setup = TableSetup::new(4, 3);
    setup.dealer = Seat(2);
    let game = CrazyEights::new_match(setup, CrazyEightsOptions::default(), None).expect("sets up");
    assert_eq!(game.to_act().first(), Some(Seat(3)));
    assert_eq!(game.round().direction, Direction::Clockwise);

    let mut game = table(&["2C 3H 4H 5H 6H", "3C 4C 5C 6C 7C", "2D 3D 4D 5D 6D"], "KC");
    assert_eq!(game.to_act().first(), Some(Seat(1)), "dealer 0: seat 1 starts");
    play(&mut game, 1, "play 3C");
    assert_eq!(game.to_act().first(), Some(Seat(2)), "clockwise");
}

/// §1 "Legal when the top card is not an 8: same rank or same suit. An 8 is legal on anything."
#[test]
fn same_rank_or_suit_or_any_eight() {
    let game = table(&["2C 3C 4C 5C 6C", "KH 5S 8D QH 9C"], "KS");
    let legal = game.legal_actions(Seat(1));
    assert!(legal.contains(&action("play KH")), "same rank");
    assert!(legal.contains(&action("play 5S")), "same suit");
    for suit in Suit::ALL {
        assert!(legal.contains(&A::PlayEight(card("8D"), suit)), "an eight with any suit");
    }
    assert!(!legal.contains(&action("play QH")), "neither rank nor suit");
    assert!(!legal.contains(&action("play 9C")));
    let mut refused = game.clone();
    let error = refused.apply(Seat(1), action("play QH")).expect_err("QH on KS");
    let expected = Refusal::DoesNotFollow { card: card("QH"), suit: Suit::Spades, rank: Rank::King, wild: Rank::Eight };
    assert_eq!(error.refusal(), Some(expected), "{error}");
    assert_eq!(refused, game, "a refused play changes nothing");
}

/// §1 "When an 8 is on top: a card of the suit its player nominated, or another 8."
#[test]
fn after_an_eight_the_nominated_suit_or_another_eight() {
    let mut game = table(&["8C 8S 2D KH 3H", "8D 9C 9D 4D 5S"], "9H");
    play(&mut game, 1, "play 8D C");
    assert_eq!(game.round().to_follow.suit, Suit::Clubs);
    let legal = game.legal_actions(Seat(0));
    assert!(!legal.contains(&action("play 2D")), "the eight's own suit no longer counts");
    assert!(!legal.contains(&action("play KH")));
    assert!(legal.contains(&A::PlayEight(card("8C"), Suit::Hearts)));
    assert!(legal.contains(&A::PlayEight(card("8S"), Suit::Spades)));
    play(&mut game, 0, "play 8C H");
    assert!(game.legal_actions(Seat(1)).iter().all(|a| matches!(a, A::PlayEight(..) | A::Draw)), "no hearts, no eights: only draw");
}

/// §1 "A player may always draw instead of playing … until they draw a card that is legal;
/// Ruling: they must then play a legal card (the drawn one or another)."
#[test]
fn drawing_goes_on_until_a_legal_card_and_then_a_play_is_forced() {
    let mut game = table(&["2C 3C 4C 5C 6C", "KH 4D 5D 6D 7D"], "KS 2H 3H 9S");
    assert!(game.legal_actions(Seat(1)).contains(&A::Draw), "drawing is allowed while holding a legal card");
    let events = play(&mut game, 1, "draw");
    let drawn: Vec<Card> = events.iter().filter_map(|e| if let E::Drew { card, .. } = e.event { Some(card) } else { None }).collect();
    assert_eq!(drawn, cards("2H 3H 9S"), "2H and 3H do not match KS; 9S does");
    assert!(game.round().must_play);
    let legal = game.legal_actions(Seat(1));
    assert!(!legal.contains(&A::Draw), "no second draw after a legal card came");
    assert!(legal.contains(&action("play KH")) && legal.contains(&action("play 9S")), "the drawn one or another");
    assert!(game.clone().apply(Seat(1), A::Draw).is_err());
    play(&mut game, 1, "play KH");
    assert_eq!(game.to_act().first(), Some(Seat(0)));
}

/// §1 "If the stock and a reshuffle cannot give a card, the player passes."
#[test]
fn a_draw_with_nothing_to_draw_is_a_pass() {
    let mut game = table(&["2C 3C 4C 5C 6C", "KH 4D 5D 6D 7D"], "KS");
    exhaust_stock(&mut game);
    let events = play(&mut game, 1, "draw");
    assert!(events.iter().any(|e| e.event == E::Passed { seat: Seat(1) }));
    assert_eq!(hand(&game, 1).len(), 5);
    assert_eq!(game.to_act().first(), Some(Seat(0)));
}

/// Common terms, "Reshuffle": the pile but its top card becomes a new stock.
#[test]
fn an_empty_stock_is_refilled_from_the_pile_but_its_top() {
    let mut game = table(&["KC 3C 4C 5C 6C", "KH 4D 5D 6D 7D"], "KS");
    play(&mut game, 1, "play KH");
    play(&mut game, 0, "play KC");
    exhaust_stock(&mut game);
    // Put the two kings back under the top so a reshuffle has something to give.
    game.round_mut().pile = cards("KS KH KC");
    let events = play(&mut game, 1, "draw");
    assert!(events.iter().any(|e| e.event == E::Reshuffled { cards: 2 }));
    assert_eq!(game.round().top(), card("KC"), "the top card stays");
}

/// §1 "Q: the next player misses a turn."
#[test]
fn a_queen_skips_the_next_player() {
    let mut game = table(&["2C 3C 4C 5C 6C", "QS 4D 5D 6D 7D", "2H 3H 4H 5H 6H"], "KS");
    let events = play(&mut game, 1, "play QS");
    assert!(events.iter().any(|e| e.event == E::Skipped { seat: Seat(2) }));
    assert_eq!(game.to_act().first(), Some(Seat(0)));
}

/// §1 "A: direction reverses (with two players this changes nothing visible)."
#[test]
fn an_ace_reverses_and_with_two_players_the_other_plays_next() {
    let mut game = table(&["2C 3C 4C 5C 6C", "AS 4D 5D 6D 7D", "2H 3H 4H 5H 6H"], "KS");
    play(&mut game, 1, "play AS");
    assert_eq!(game.round().direction, Direction::Counterclockwise);
    assert_eq!(game.to_act().first(), Some(Seat(0)));

    let mut two = table(&["2C 3C 4C 5C 6C", "AS 4D 5D 6D 7D"], "KS");
    play(&mut two, 1, "play AS");
    assert_eq!(two.to_act().first(), Some(Seat(0)));
}

/// §1 "2: the next player draws two cards. Ruling: taken literally, that player then takes
/// their turn as usual." (`draw_two` = `literal`, the default)
#[test]
fn a_two_literal_draws_two_then_plays() {
    let mut game = table(&["2C 3C 4C 5C 6C", "2S 4D 5D 6D 7D", "9H 3H 4H 5H 6H"], "KS TC JC");
    play(&mut game, 1, "play 2S");
    assert_eq!(hand(&game, 2).len(), 7);
    assert!(hand(&game, 2).contains(&card("TC")) && hand(&game, 2).contains(&card("JC")));
    assert_eq!(game.to_act().first(), Some(Seat(2)), "they take their turn as usual");
}

/// §1 house rule `draw_two` = `skip`: the next player draws two and misses the turn.
#[test]
fn a_two_skip_draws_two_and_misses_the_turn() {
    let options = CrazyEightsOptions { draw_two: DrawTwo::Skip, ..CrazyEightsOptions::default() };
    let mut game = table_with(options, &["2C 3C 4C 5C 6C", "2S 4D 5D 6D 7D", "9H 3H 4H 5H 6H"], "KS");
    play(&mut game, 1, "play 2S");
    assert_eq!(hand(&game, 2).len(), 7);
    assert_eq!(game.to_act().first(), Some(Seat(0)));
}

/// §1 house rule `draw_two` = `stack`: answer with a 2 to pass the sum on; drawing takes it
/// all and ends the turn.
#[test]
fn twos_stack_and_the_one_who_draws_takes_them_all() {
    let options = CrazyEightsOptions { draw_two: DrawTwo::Stack, ..CrazyEightsOptions::default() };
    let mut game = table_with(options, &["2C 3C 4C 5C 6C", "2S 4D 5D 6D 7D", "2H 3S 4H 5H 6H"], "KS");
    play(&mut game, 1, "play 2S");
    assert_eq!(game.round().pending_draw, 2);
    let legal = game.legal_actions(Seat(2));
    assert_eq!(legal, vec![action("play 2H"), A::Draw], "only a 2 answers; 3S would match the suit but may not");
    play(&mut game, 2, "play 2H");
    assert_eq!(game.round().pending_draw, 4);
    assert_eq!(game.legal_actions(Seat(0)), vec![action("play 2C"), A::Draw]);
    play(&mut game, 0, "draw");
    assert_eq!(hand(&game, 0).len(), 9, "drew all four");
    assert_eq!(game.round().pending_draw, 0);
    assert_eq!(game.to_act().first(), Some(Seat(1)), "drawing ended seat 0's turn");
}

/// §1 "Round end: the first player to empty their hand wins the round at once. Everyone else
/// scores the cards left in hand: 8 = 50, K/Q/J = 10, A = 1, 2–10 face value."
#[test]
fn going_out_wins_at_once_and_the_others_score_their_hands() {
    let mut game = table(&["8C KD QD JD AD", "TS 4D 5D 6D 7D", "2H 3H 9H 5H 6H"], "TH");
    let mut game_two = game.clone();
    // Give seat 1 a single card so it goes out on its first play; its Q-less last card has no effect.
    game.round_mut().hands[Seat(1)] = crate::card_set::CardSet::of(&cards("TS"));
    let events = play(&mut game, 1, "play TS");
    assert_eq!(game.phase(), Phase::RoundOver);
    let result = game.last_round().expect("scored");
    assert_eq!(result.end, RoundEnd::WentOut(Seat(1)));
    assert_eq!(result.scores[Seat(0)].total(), 50 + 10 + 10 + 10 + 1);
    assert_eq!(result.scores[Seat(1)].total(), 0);
    assert_eq!(result.scores[Seat(2)].total(), 2 + 3 + 9 + 5 + 6);
    assert_eq!(result.scores[Seat(2)].items[0].kind, ScoreKind::CardPoints);
    assert!(events.iter().any(|e| matches!(e.event, E::RoundEnded(_))));
    assert!(game.to_act().is_empty());
    // A last card's effect never applies: a final 2 makes nobody draw.
    game_two.round_mut().hands[Seat(1)] = crate::card_set::CardSet::of(&cards("2H"));
    game_two.round_mut().to_follow.suit = Suit::Hearts;
    play(&mut game_two, 1, "play 2H");
    assert_eq!(game_two.last_round().expect("scored").scores[Seat(2)].cards.len(), 5, "seat 2 drew nothing");
}

/// §1 Ruling (blocked round): if every seat passes in one full cycle, the round ends and every
/// player scores their hand; nobody wins it.
#[test]
fn every_seat_passing_in_a_cycle_blocks_the_round() {
    let mut game = table(&["2C 3C 4C 5C 6C", "2D 4D 5D 6D 7D", "2H 3H 4H 5H 6H"], "KS");
    exhaust_stock(&mut game);
    play(&mut game, 1, "draw");
    play(&mut game, 2, "draw");
    assert_eq!(game.phase(), Phase::Playing, "two passes of three are not a full cycle");
    play(&mut game, 0, "draw");
    let result = game.last_round().expect("blocked round is scored");
    assert_eq!(result.end, RoundEnd::Blocked);
    assert_eq!(result.scores[Seat(0)].total(), 20);
    assert_eq!(result.scores[Seat(1)].total(), 24);
    assert_eq!(result.scores[Seat(2)].total(), 20);
}

/// §1 Ruling (match): rounds continue until a total reaches the limit; the lowest total wins,
/// ties share; limit 0 plays a single round.
#[test]
fn the_match_runs_to_the_limit_and_the_lowest_total_wins() {
    let single = CrazyEightsOptions { score_limit: 0, ..CrazyEightsOptions::default() };
    let mut game = table_with(single, &["KC 3C 4C 5C 6C", "TS 4D 5D 6D 7D"], "TH");
    game.round_mut().hands[Seat(1)] = crate::card_set::CardSet::of(&cards("TS"));
    play(&mut game, 1, "play TS");
    assert_eq!(game.phase(), Phase::MatchOver, "limit 0: one round");
    let result = game.match_result().expect("decided");
    assert_eq!(result.winners.iter().collect::<Vec<_>>(), vec![Seat(1)]);
    assert!(result.losers.contains(Seat(0)));

    let to_thirty = CrazyEightsOptions { score_limit: 30, ..CrazyEightsOptions::default() };
    let mut game = table_with(to_thirty, &["KC 3C 4C 5C 6C", "TS 4D 5D 6D 7D"], "TH");
    game.round_mut().hands[Seat(1)] = crate::card_set::CardSet::of(&cards("TS"));
    play(&mut game, 1, "play TS");
    assert_eq!(game.totals().as_slice(), &[28, 0]);
    assert_eq!(game.phase(), Phase::RoundOver, "28 < 30: the match goes on");
    assert!(game.clone().apply(Seat(0), A::Draw).is_err(), "no play between rounds");
    let before = game.clone();
    let mut events = Vec::new();
    assert!(game.start_next_round(Some(&cards("QS QS QS")), &mut events).is_err(), "three QS are not in the deck");
    assert_eq!((game.clone(), events.len()), (before, 0), "a refused deal changes nothing and says nothing");
    // Round 2: dealer is seat 1, so seat 0 starts; it goes out and seat 1 scores 8 + 8.
    let deck = deck_from_hands(Seat(1), &[cards("9H 2S 3S 4S 5S"), cards("8D 8H 2C 3C 4C")], &cards("9S"));
    game.start_next_round(Some(&deck), &mut Vec::new()).expect("deals");
    assert_eq!(game.round().dealer, Seat(1));
    assert_eq!(game.to_act().first(), Some(Seat(0)));
    game.round_mut().hands[Seat(0)] = crate::card_set::CardSet::of(&cards("9H"));
    play(&mut game, 0, "play 9H");
    assert_eq!(game.totals().as_slice(), &[28, 109]);
    assert_eq!(game.phase(), Phase::MatchOver);
    assert_eq!(game.match_result().expect("decided").winners.iter().collect::<Vec<_>>(), vec![Seat(0)]);
}

/// Common terms, "Turn cap": a round that reaches the cap ends as a draw with no scores applied.
#[test]
fn the_turn_cap_ends_a_round_as_a_draw() {
    let mut setup = TableSetup::new(2, 4);
    setup.turn_cap = 3;
    let mut game = CrazyEights::new_match(setup, CrazyEightsOptions::default(), None).expect("sets up");
    for _ in 0..3 {
        let seat = game.to_act().first().expect("someone acts");
        let first = game.legal_actions(seat)[0];
        game.apply(seat, first).expect("legal");
    }
    let result = game.last_round().expect("capped");
    assert_eq!(result.end, RoundEnd::TurnCap);
    assert_eq!(game.totals().as_slice(), &[0, 0]);
}

/// Hidden cards: the card a seat draws reaches only that seat; the others learn it drew.
#[test]
fn a_drawn_card_is_shown_only_to_its_drawer() {
    let mut game = table(&["2C 3C 4C 5C 6C", "KH 4D 5D 6D 7D"], "KS 9S");
    let events = play(&mut game, 1, "draw");
    let drew = events.iter().find(|e| matches!(e.event, E::Drew { .. })).expect("drew");
    assert_eq!(drew.audience, Audience::Only(Seat(1)));
    let public = events.iter().find(|e| matches!(e.event, E::DrewFaceDown { .. })).expect("public side");
    assert_eq!(public.audience, Audience::AllBut(Seat(1)));
    assert_eq!(game.view(Viewer::Spectator).hand, None);
    assert_eq!(game.view(Viewer::Seat(Seat(0))).hand.expect("own hand").len(), 5);
}

/// docs/scenarios/crazy-eights.json runs and ends as it says.
#[test]
fn the_documented_example_scenario_runs() {
    let scenario = Scenario::from_json(include_str!("../../../../docs/scenarios/crazy-eights.json")).expect("valid scenario");
    let (_, outcome) = scenario.run().expect("every step is legal");
    assert_eq!(outcome.phase, Phase::Playing);
    assert_eq!(outcome.totals.as_slice(), &[0, 0, 0]);
}
