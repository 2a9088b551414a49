//! RULES.md §3: the table, the deck, the deal with the dealer's face-up card, the rotating
//! dealer and the direction of play.

use super::{act, card, cards, deal, hand, legal, refuse};
use crate::card::{DeckKind, Rank, Suit};
use crate::card_set::count_cards;
use crate::game::{Game, Phase, TableSetup};
use crate::games::hundred_one::{HundredOne, HundredOneEvent, Stage, ToFollow};
use crate::scenario::deck_from_hands;
use crate::score::RoundEnd;
use crate::seat::{Seat, SeatSet};

/// RULES.md §3, "Players 2–6 (default 4). 36-card deck (6 to A)": tables of 2 to 6 seats
/// deal from the 36 cards; 1 and 7 seats are refused.
#[test]
fn two_to_six_players_share_the_36_card_deck() {
    assert_eq!(HundredOne::deck_kind(&Default::default()), DeckKind::Short36);
    assert_eq!(HundredOne::seat_range(&Default::default()), 2..=6);
    for players in 2..=6 {
        let game = HundredOne::new_match(TableSetup::new(players, 3), Default::default(), None).expect("in range");
        assert_eq!(game.card_counts(), count_cards(&DeckKind::Short36.cards()), "{players} players");
    }
    for players in [1, 7] {
        assert!(HundredOne::new_match(TableSetup::new(players, 3), Default::default(), None).is_err(), "{players} players");
    }
}

/// RULES.md §3, "Deal 4 cards each. Ruling: the dealer gets one extra card, dealt last and
/// turned face up on the table: it is the dealer's first play": four cards in every hand, the
/// extra card on the pile, and the seat left of the dealer to cover it.
#[test]
fn four_cards_each_and_the_dealers_extra_card_is_played_face_up() {
    let game = deal(4, 2, &["6C 7C 8C JC", "6D 7D 8D JD", "6H 7H 8H JH", "6S 7S 8S JS"], "9D", "");
    for seat in 0..4 {
        assert_eq!(hand(&game, seat).len(), 4, "seat {seat}");
    }
    assert_eq!(hand(&game, 2), cards("6H 7H 8H JH"), "the dealer's extra card is not in its hand");
    assert_eq!(game.round().pile, cards("9D"));
    assert_eq!(game.round().stock.len(), 36 - 17);
    assert_eq!(game.to_act(), SeatSet::only(Seat(3)), "the dealer's left covers the dealer's card");
    assert_eq!(legal(&game, 3), ["draw"], "no diamond, no 9, no Queen");
}

/// RULES.md §3, "Deal" ruling, "(Queen: the dealer orders a suit ...)": a Queen turned up
/// gives the dealer the first decision, and the next card must follow the ordered suit.
#[test]
fn a_turned_up_queen_lets_the_dealer_order_the_suit() {
    let mut game = deal(4, 0, &["6C 7C 8C JC", "7S 9H TH QD", "6D 7D 8D JD", "6S 8S 9S JS"], "QH", "");
    assert_eq!(game.to_act(), SeatSet::only(Seat(0)));
    assert_eq!(game.round().stage, Stage::OrderSuit);
    assert_eq!(legal(&game, 0), ["order C", "order D", "order H", "order S"]);
    refuse(&mut game, 1, "play QD S");
    refuse(&mut game, 0, "play 6C");
    let events = act(&mut game, 0, "order S");
    assert!(events.iter().any(|e| e.event == HundredOneEvent::Ordered { seat: Seat(0), suit: Suit::Spades }));
    assert_eq!(game.round().to_follow, ToFollow { suit: Suit::Spades, rank: None });
    assert_eq!(legal(&game, 1), ["play QD C", "play QD D", "play QD H", "play QD S", "play 7S"]);
    refuse(&mut game, 1, "play TH");
}

/// RULES.md §3, "Deal" ruling, "(... 8: the dealer must cover it)": an 8 turned up must be
/// covered by the dealer before anyone else plays.
#[test]
fn a_turned_up_eight_must_be_covered_by_the_dealer() {
    let mut game = deal(4, 0, &["9D 6C 7C TC", "6H 7H 8H JH", "6S 7S 8S JS", "TH TS JC KC"], "8D", "");
    assert_eq!(game.to_act(), SeatSet::only(Seat(0)));
    assert_eq!(game.round().stage, Stage::CoverEight);
    assert_eq!(legal(&game, 0), ["play 9D"]);
    act(&mut game, 0, "play 9D");
    assert_eq!(game.to_act(), SeatSet::only(Seat(1)));
    assert_eq!(hand(&game, 1).len(), 4, "the 8 affects nobody else");
}

/// RULES.md §3, "Deal" ruling, "its effect applies": a 7 turned up makes the dealer's left
/// draw one and miss the turn.
#[test]
fn a_turned_up_seven_hits_the_dealers_left() {
    let game = deal(4, 0, &["6C 8C 9C TC", "6H 7H 8H JH", "6S 7S 8S JS", "TH TS JC KC"], "7D", "AS");
    assert_eq!(hand(&game, 1), cards("6H 7H 8H JH AS"));
    assert_eq!(game.to_act(), SeatSet::only(Seat(2)));
}

/// RULES.md, "Common terms": the dealer rotates one seat clockwise every round, and the next
/// round's stacked deck starts with the new dealer's left.
#[test]
fn the_dealer_rotates_each_round() {
    let mut game = deal(2, 0, &["6D 7D 8D TD", "AC AD AH AS"], "9C", "");
    for ace in ["AC", "AD", "AH", "AS"] {
        act(&mut game, 1, &format!("play {ace}"));
    }
    assert_eq!(game.phase(), Phase::RoundOver);
    assert_eq!(game.last_round().map(|round| round.end), Some(RoundEnd::LastHolder(Seat(0))));
    let hands = [cards("6C 7C 8C 9C"), cards("6H 7H 8H 9H")];
    let deck = deck_from_hands(Seat(1), &hands, &cards("TS"));
    game.start_next_round(Some(&deck), &mut Vec::new()).expect("next round");
    assert_eq!(game.round().dealer, Seat(1));
    assert_eq!(hand(&game, 0), hands[0]);
    assert_eq!(hand(&game, 1), hands[1]);
    assert_eq!(game.round().top(), card("TS"));
    assert_eq!(game.to_act(), SeatSet::only(Seat(0)));
}

/// RULES.md §3, "Direction is always clockwise": plain cards pass the turn 1, 2, 3, 0, 1.
#[test]
fn play_goes_clockwise() {
    let mut game = deal(4, 0, &["KD 6H 7H 8H", "TC 6D 7D 8D", "JC 9D TD JD", "KC 9H TH JH"], "9C", "");
    for (seat, play) in [(1, "play TC"), (2, "play JC"), (3, "play KC"), (0, "play KD")] {
        assert_eq!(game.to_act(), SeatSet::only(Seat(seat)));
        act(&mut game, seat, play);
    }
    assert_eq!(game.to_act(), SeatSet::only(Seat(1)));
    assert_eq!(game.round().to_follow, ToFollow { suit: Suit::Diamonds, rank: Some(Rank::King) });
}

/// RULES.md §3, "Deal" ruling, "its effect applies", for every card that hits the next seat:
/// a turned-up A, 6 or `KS` makes the dealer's left draw 0, 2 or 5 cards and miss the turn.
#[test]
fn a_turned_up_ace_six_or_king_of_spades_hits_the_dealers_left() {
    let hands = ["6C 8C 9C TC", "6H 7H 8H JH", "6S 7S 8S JS", "TH TS KC 9H"];
    for (turned, draws) in [("AD", 0), ("6D", 2), ("KS", 5)] {
        let game = deal(4, 0, &hands, turned, "7C JD QD KD AC");
        assert_eq!(hand(&game, 1).len(), 4 + draws, "{turned}");
        assert_eq!(hand(&game, 2).len(), 4, "{turned}: only the dealer's left is hit");
        assert_eq!(game.to_act(), SeatSet::only(Seat(2)), "{turned}");
    }
}

/// RULES.md §3, "Deal" ruling, "it is the dealer's first play and its effect applies", with
/// two players: a turned-up Ace skips the other seat, so the dealer plays first.
#[test]
fn with_two_players_a_turned_up_ace_gives_the_dealer_the_first_turn() {
    let game = deal(2, 1, &["6D 7C 8C 9C", "6H 7H 8H AH"], "AD", "");
    assert_eq!(game.round().dealer, Seat(1));
    assert_eq!(game.to_act(), SeatSet::only(Seat(1)));
    assert_eq!(legal(&game, 1), ["play AH"]);
}

/// RULES.md §3, "Deal" ruling, "(... 8: the dealer must cover it)" with "8: ... or else by
/// drawing one card at a time until they can": a dealer with no cover draws until one comes.
#[test]
fn a_dealer_without_a_cover_for_a_turned_up_eight_draws_until_one_comes() {
    let mut game = deal(4, 0, &["6C 7C TC JC", "6H 7H 8H JH", "6S 7S 8S JS", "TH TS KC 9S"], "8D", "9H KH 9D AS");
    assert_eq!(legal(&game, 0), ["draw"]);
    act(&mut game, 0, "draw");
    assert_eq!(hand(&game, 0), cards("6C 7C TC JC 9D 9H KH"));
    assert_eq!(legal(&game, 0), ["play 9D"]);
    act(&mut game, 0, "play 9D");
    assert_eq!(game.to_act(), SeatSet::only(Seat(1)));
}
