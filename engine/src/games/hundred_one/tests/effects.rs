//! RULES.md §3, "Effects on the next seat still in the round": A, 7, 6, `KS` and the 8.

use super::{act, card, cards, deal, empty_stock_into, give, hand, legal};
use crate::card::{Rank, Suit};
use crate::game::Game;
use crate::games::hundred_one::{Exit, HundredOneEvent, Stage, ToFollow};
use crate::seat::{Seat, SeatSet};

/// Dealer 0, `9C` turned up (for the spade cards, `9S`); seat 1 holds `card` and three
/// diamonds; the stock starts `JH KH AH TH 9D`.
fn seat_one_holds(card: &str, turned: &str) -> crate::games::hundred_one::HundredOne {
    let seat_one = format!("{card} 6D 7D TD");
    deal(4, 0, &["7S 8S TS JS", &seat_one, "6H 7H 8H 9H", "JD KD AD QD"], turned, "JH KH AH TH 9D")
}

/// RULES.md §3, "A: misses a turn": the next seat is skipped and draws nothing.
#[test]
fn an_ace_skips_the_next_seat() {
    let mut game = seat_one_holds("AC", "9C");
    let events = act(&mut game, 1, "play AC");
    assert!(events.iter().any(|e| e.event == HundredOneEvent::Skipped { seat: Seat(2) }));
    assert_eq!(hand(&game, 2).len(), 4);
    assert_eq!(game.to_act(), SeatSet::only(Seat(3)));
}

/// RULES.md §3, "7: draws 1 and misses a turn".
#[test]
fn a_seven_makes_the_next_seat_draw_one_and_miss_the_turn() {
    let mut game = seat_one_holds("7C", "9C");
    act(&mut game, 1, "play 7C");
    assert_eq!(hand(&game, 2), cards("6H 7H 8H 9H JH"));
    assert_eq!(game.to_act(), SeatSet::only(Seat(3)));
}

/// RULES.md §3, "6: draws 2 and misses a turn".
#[test]
fn a_six_makes_the_next_seat_draw_two_and_miss_the_turn() {
    let mut game = seat_one_holds("6C", "9C");
    act(&mut game, 1, "play 6C");
    assert_eq!(hand(&game, 2), cards("6H 7H 8H 9H JH KH"));
    assert_eq!(game.to_act(), SeatSet::only(Seat(3)));
}

/// RULES.md §3, "`KS`: draws 5 and misses a turn"; any other King has no effect.
#[test]
fn the_king_of_spades_makes_the_next_seat_draw_five_and_miss_the_turn() {
    let mut game = seat_one_holds("KS", "9S");
    act(&mut game, 1, "play KS");
    assert_eq!(hand(&game, 2), cards("9D 6H 7H 8H 9H TH JH KH AH"));
    assert_eq!(game.to_act(), SeatSet::only(Seat(3)));

    let mut game = seat_one_holds("KC", "9C");
    act(&mut game, 1, "play KC");
    assert_eq!(hand(&game, 2).len(), 4);
    assert_eq!(game.to_act(), SeatSet::only(Seat(2)));
}

/// RULES.md §3, "8: the player of the 8 must cover it themselves at once: with a legal card
/// ... Nobody else is affected by the 8": the same seat plays again, and the turn then goes
/// to the next seat, which was not skipped.
#[test]
fn an_eight_is_covered_at_once_by_its_own_player() {
    let mut game = seat_one_holds("8C", "9C");
    give(&mut game, 3, 1, "QD");
    act(&mut game, 1, "play 8C");
    assert_eq!(game.to_act(), SeatSet::only(Seat(1)));
    assert_eq!(game.round().stage, Stage::CoverEight);
    assert_eq!(game.round().to_follow, ToFollow { suit: Suit::Clubs, rank: Some(Rank::Eight) });
    assert_eq!(legal(&game, 1), ["play QD C", "play QD D", "play QD H", "play QD S"]);
    act(&mut game, 1, "play QD H");
    assert_eq!(game.to_act(), SeatSet::only(Seat(2)));
    assert_eq!(hand(&game, 2).len(), 4);
}

/// RULES.md §3, "8: ... or else by drawing one card at a time until they can. The covering
/// card's effect applies as usual": draws stop at the first legal card, which must be played,
/// and its 6 then hits the next seat.
#[test]
fn an_uncoverable_eight_draws_until_a_cover_comes() {
    let mut game = deal(4, 0, &["7S 8S TS JS", "8C 6D 7D TD", "6H 7H 8H 9H", "JD KD AD QD"], "9C", "JH KH 6C AH TH");
    act(&mut game, 1, "play 8C");
    assert_eq!(legal(&game, 1), ["draw"]);
    act(&mut game, 1, "draw");
    assert_eq!(hand(&game, 1), cards("6C 6D 7D TD JH KH"));
    assert_eq!(game.round().stock.peek(), Some(card("AH")), "no card drawn past the cover");
    assert_eq!(legal(&game, 1), ["play 6C"]);
    act(&mut game, 1, "play 6C");
    assert_eq!(hand(&game, 2), cards("6H 7H 8H 9H TH AH"));
    assert_eq!(game.to_act(), SeatSet::only(Seat(3)));
}

/// RULES.md §3, "8: ... an 8 that covers an 8 must be covered again".
#[test]
fn eights_chain() {
    let mut game = deal(4, 0, &["7S 8S TS JS", "8C 8D 9D 6S", "6H 7H 8H 9H", "JD KD AD QD"], "9C", "");
    act(&mut game, 1, "play 8C");
    assert_eq!(legal(&game, 1), ["play 8D"]);
    act(&mut game, 1, "play 8D");
    assert_eq!(game.round().stage, Stage::CoverEight);
    assert_eq!(game.to_act(), SeatSet::only(Seat(1)));
    assert_eq!(legal(&game, 1), ["play 9D"]);
    act(&mut game, 1, "play 9D");
    assert_eq!(game.to_act(), SeatSet::only(Seat(2)));
}

/// RULES.md §3, "8: ... Ruling: if no card can be drawn (stock and reshuffle both empty), the
/// obligation lapses and the turn passes": the next seat then covers the 8 as usual.
#[test]
fn an_eight_cover_lapses_when_nothing_can_be_drawn() {
    let mut game = deal(4, 0, &["6C 7C TC JC", "9H 6D 7D TD", "6S 7S 8S 9S", "JD KD AD QD"], "8H", "");
    empty_stock_into(&mut game, 2);
    assert_eq!(legal(&game, 0), ["draw"]);
    let events = act(&mut game, 0, "draw");
    assert!(events.iter().any(|e| e.event == HundredOneEvent::CoverLapsed { seat: Seat(0) }));
    assert_eq!(hand(&game, 0).len(), 4);
    assert_eq!(game.round().stage, Stage::Turn);
    assert_eq!(game.to_act(), SeatSet::only(Seat(1)));
    assert_eq!(legal(&game, 1), ["play 9H"]);
}

/// RULES.md §3, "8" ruling with "A player whose hand is empty (and who owes no cover for an
/// 8) is out": once the cover lapses, an empty hand owes nothing and its seat is out.
#[test]
fn a_lapsed_cover_with_an_empty_hand_is_out() {
    let mut game = deal(4, 0, &["6C 7C TC JC", "9H 6D 7D TD", "6S 7S 8S 9S", "JD KD AD QD"], "8H", "");
    empty_stock_into(&mut game, 2);
    give(&mut game, 0, 2, "6C 7C TC JC");
    let events = act(&mut game, 0, "draw");
    assert!(events.iter().any(|e| e.event == HundredOneEvent::WentOut { seat: Seat(0), exit: Exit::Plain }));
    assert!(game.round().out.contains(Seat(0)));
    assert_eq!(game.to_act(), SeatSet::only(Seat(1)));
}

/// RULES.md §3, "Effects on the next seat still in the round": a 6 skips over a seat that is
/// out and lands on the next one still holding cards.
#[test]
fn a_six_passes_over_a_seat_that_is_out() {
    let mut game = deal(4, 0, &["6C 6H 7H 8H", "TC 6D 7D 8D", "JC 9D TD JD", "KC 9H TH JH"], "9C", "AS KS");
    give(&mut game, 1, 3, "6D 7D 8D");
    act(&mut game, 1, "play TC");
    assert!(game.round().out.contains(Seat(1)));
    act(&mut game, 2, "play JC");
    act(&mut game, 3, "play KC");
    let events = act(&mut game, 0, "play 6C");
    assert!(events.iter().any(|e| e.event == HundredOneEvent::Skipped { seat: Seat(2) }));
    assert_eq!(hand(&game, 2), cards("9D TD JD KS AS"));
    assert!(hand(&game, 1).is_empty(), "the seat that is out draws nothing");
    assert_eq!(game.to_act(), SeatSet::only(Seat(3)));
}

/// RULES.md §3, "6: draws 2 and misses a turn" with two players: the turn comes straight back
/// to the 6's player.
#[test]
fn with_two_players_a_six_gives_the_turn_back() {
    let mut game = deal(2, 0, &["7S 8S TS JS", "6C 6D 7D TD"], "9C", "JH KH");
    act(&mut game, 1, "play 6C");
    assert_eq!(hand(&game, 0), cards("JH KH 7S 8S TS JS"));
    assert_eq!(game.to_act(), SeatSet::only(Seat(1)));
    assert_eq!(legal(&game, 1), ["play 6D"]);
}

/// RULES.md §3, "8: ... The covering card's effect applies as usual" with Scoring, "−20 if they
/// went out on a Queen": a Queen covering the seat's own 8 as its last card is a Queen exit.
#[test]
fn a_queen_covering_ones_own_eight_as_the_last_card_is_a_queen_exit() {
    let mut game = deal(2, 0, &["6S 7S 8S TS", "AC AH 8H QD"], "9C", "");
    for play in ["play AC", "play AH", "play 8H", "play QD S"] {
        act(&mut game, 1, play);
    }
    let round = game.last_round().expect("the round is over");
    assert_eq!(round.scores[Seat(1)].total(), -20);
    assert_eq!(game.round().exits[Seat(1)], Some(Exit::Queen));
    assert_eq!(game.totals().as_slice(), &[6 + 7 + 8 + 10, -20]);
}
