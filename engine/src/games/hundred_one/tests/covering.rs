//! RULES.md §3: what covers the top card, the Queen's ordered suit, mandatory play and the
//! one-card draw.

use super::{act, card, cards, deal, empty_stock_into, hand, legal, refuse, seen_by};
use crate::card::Suit;
use crate::game::Game;
use crate::games::hundred_one::{HundredOneAction, HundredOneEvent, ToFollow};
use crate::seat::{Seat, SeatSet};

/// The four hands the covering tests start from (dealer 0, `9D` turned up).
const HANDS: [&str; 4] = ["6S 7S 8S JS", "TD 9S QC 7H", "9C TH QS 6D", "TC 8H JD AH"];

/// RULES.md §3, "A card may be covered by: a card of the same suit, a card of the same rank,
/// or any Queen": exactly those are legal, and every one of them applies.
#[test]
fn suit_rank_or_any_queen_covers() {
    let mut game = deal(4, 0, &HANDS, "9D", "");
    assert_eq!(legal(&game, 1), ["play QC C", "play QC D", "play QC H", "play QC S", "play TD", "play 9S"]);
    refuse(&mut game, 1, "play 7H");
    for action in game.legal_actions(Seat(1)) {
        assert!(game.clone().apply(Seat(1), action).is_ok(), "{action}");
    }
}

/// RULES.md §3, "A Queen's player orders a suit; the next card must be of that suit or another
/// Queen": after `QC` ordering hearts, a club is refused, a heart or a Queen covers.
#[test]
fn a_queen_orders_the_suit_to_follow() {
    let mut game = deal(4, 0, &HANDS, "9D", "");
    assert!("play QC".parse::<HundredOneAction>().is_err(), "a Queen's play names a suit");
    let before = game.clone();
    assert!(game.apply(Seat(1), HundredOneAction::Play(card("QC"))).is_err());
    assert_eq!(game, before);
    act(&mut game, 1, "play QC H");
    assert_eq!(game.round().to_follow, ToFollow { suit: Suit::Hearts, rank: None });
    assert_eq!(legal(&game, 2), ["play TH", "play QS C", "play QS D", "play QS H", "play QS S"]);
    refuse(&mut game, 2, "play 9C");
    act(&mut game, 2, "play QS C");
    assert_eq!(legal(&game, 3), ["play TC"], "the second Queen ordered clubs");
}

/// RULES.md §3, "A player with no legal card draws one card; if it ... is now legal they must
/// play": the drawn card is the only play, and only the drawer sees which card it is.
#[test]
fn a_drawn_legal_card_must_be_played() {
    let mut game = deal(4, 0, &["6S 7S 8S JS", "6C 7C TC JC", "9C TH QS 6D", "8C 8H JD AH"], "9D", "KD");
    assert_eq!(legal(&game, 1), ["draw"]);
    let events = act(&mut game, 1, "draw");
    assert!(seen_by(&events, 1).contains(&HundredOneEvent::Drew { seat: Seat(1), card: card("KD") }));
    assert!(seen_by(&events, 2).contains(&HundredOneEvent::DrewFaceDown { seat: Seat(1) }));
    assert!(!seen_by(&events, 2).iter().any(|event| matches!(event, HundredOneEvent::Drew { .. })));
    assert_eq!(game.to_act(), SeatSet::only(Seat(1)));
    assert_eq!(legal(&game, 1), ["play KD"]);
    act(&mut game, 1, "play KD");
    assert_eq!(game.to_act(), SeatSet::only(Seat(2)));
}

/// RULES.md §3, "A player with no legal card draws one card; ... otherwise they pass": a
/// drawn card that does not cover is kept and the turn moves on.
#[test]
fn a_drawn_card_that_does_not_cover_means_a_pass() {
    let mut game = deal(4, 0, &["6S 7S 8S JS", "6C 7C TC JC", "9C TH QS 6D", "8C 8H JD AH"], "9D", "KH");
    let events = act(&mut game, 1, "draw");
    assert!(events.iter().any(|e| e.event == HundredOneEvent::Passed { seat: Seat(1) }));
    assert_eq!(hand(&game, 1), cards("6C 7C TC JC KH"));
    assert_eq!(game.to_act(), SeatSet::only(Seat(2)));
}

/// RULES.md §3, "Ruling: a player holding a legal card must play; there is no voluntary
/// draw": `draw` is neither offered nor accepted.
#[test]
fn no_voluntary_draw() {
    let mut game = deal(4, 0, &["6S 7S 8S JS", "TD 6C 7C 8C", "9C TH QS 6D", "TC 8H JD AH"], "9D", "");
    assert_eq!(legal(&game, 1), ["play TD"]);
    refuse(&mut game, 1, "draw");
}

/// RULES.md §3, "A player with no legal card draws one card" with RULES.md "Common terms,
/// Reshuffle": with the stock and the pile below the top both empty, the draw gets nothing and
/// the player passes.
#[test]
fn nothing_to_draw_is_a_pass() {
    let mut game = deal(4, 0, &["6S 7S 8S JS", "6C 7C TC JC", "9C TH QS 6D", "8C 8H JD AH"], "9D", "");
    empty_stock_into(&mut game, 3);
    let events = act(&mut game, 1, "draw");
    assert!(!events.iter().any(|e| matches!(e.event, HundredOneEvent::Drew { .. })));
    assert_eq!(hand(&game, 1).len(), 4);
    assert_eq!(game.to_act(), SeatSet::only(Seat(2)));
}

/// RULES.md "Common terms, Reshuffle", as §3's draws use it: an empty stock takes the pile
/// below its top card, shuffled.
#[test]
fn an_empty_stock_is_refilled_from_the_pile_below_its_top() {
    let mut game = deal(4, 0, &["6S 7S 8S JS", "TD 7C TC JC", "JD TH QS 6D", "6C 8C 9C AC"], "9D", "KS");
    act(&mut game, 1, "play TD");
    act(&mut game, 2, "play JD");
    empty_stock_into(&mut game, 0);
    let events = act(&mut game, 3, "draw");
    assert!(events.iter().any(|e| e.event == HundredOneEvent::Reshuffled { cards: 2 }));
    assert_eq!(game.round().pile, cards("JD"));
    let drawn: Vec<_> = hand(&game, 3).into_iter().filter(|c| *c == card("9D") || *c == card("TD")).collect();
    assert_eq!(drawn.len(), 1, "one of the reshuffled diamonds was drawn");
    assert_eq!(legal(&game, 3), [format!("play {}", drawn[0])], "and it covers");
}
