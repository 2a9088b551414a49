//! RULES.md §4, "J" and `JD`.

use super::{act, hand, refused, table};
use crate::card::parse_cards;
use crate::card_set::CardSet;
use crate::event::Audience;
use crate::game::{Game, Phase};
use crate::games::dunno::{DunnoAction, DunnoEvent, TurnPhase};
use crate::refusal::Refusal;
use crate::score::RoundEnd;
use crate::seat::{Seat, Viewer};

const HAND1: &str = "9S 9D 8S 8D 2S";
const HAND2: &str = "TS TD TH 3C 3D";

fn listed(game: &crate::games::dunno::Dunno, seat: u8) -> Vec<String> {
    game.legal_actions(Seat(seat)).iter().map(ToString::to_string).collect()
}

/// RULES.md §4, "J": its player must swap hands with a seat of their choice; the turn then
/// passes on as usual.
#[test]
fn a_jack_swaps_hands_with_a_chosen_seat() {
    let mut game = table(&["JH 4S 4D 6S 6D", HAND1, HAND2], "5H");
    act(&mut game, 0, "play JH");
    assert_eq!(game.round().phase, TurnPhase::JackSwap);
    assert_eq!(listed(&game, 0), ["swap 1", "swap 2"]);
    refused(&mut game, 0, "draw");
    refused(&mut game, 0, "swap 0");
    refused(&mut game, 0, "swap 5");
    let events = act(&mut game, 0, "swap 2");
    assert_eq!(hand(&game, 0), "3C 3D TD TH TS");
    assert_eq!(hand(&game, 2), "4D 6D 4S 6S");
    assert_eq!((game.round().turn, game.round().phase), (Seat(1), TurnPhase::Free));
    let received: Vec<_> = events.iter().filter(|e| matches!(e.event, DunnoEvent::HandReceived { .. })).collect();
    assert_eq!(received.iter().map(|e| e.audience).collect::<Vec<_>>(), [Audience::Only(Seat(0)), Audience::Only(Seat(2))]);
    // Seat 0 knows what it gave seat 2, until seat 2 plays those cards.
    let view = game.view(Viewer::Seat(Seat(0)));
    assert_eq!(view.known_in_hands[Seat(2)], parse_cards("4D 6D 4S 6S").expect("cards"));
    assert!(view.known_in_hands[Seat(1)].is_empty());
    assert!(game.view(Viewer::Seat(Seat(1))).known_in_hands.iter().all(Vec::is_empty));
    let spectator = game.view(Viewer::Spectator);
    assert!(spectator.hand.is_none() && spectator.known_in_hands.iter().all(Vec::is_empty));
}

/// RULES.md §4, "J": cards the swapper gave away stay known to it only while still held.
#[test]
fn knowledge_of_a_swapped_hand_ends_when_the_cards_are_played() {
    let mut game = table(&["JH 4H 4D 6S 6D", HAND1, HAND2], "5H");
    act(&mut game, 0, "play JH");
    act(&mut game, 0, "swap 1");
    act(&mut game, 1, "play 4H");
    let view = game.view(Viewer::Seat(Seat(0)));
    assert_eq!(view.known_in_hands[Seat(1)], parse_cards("4D 6D 6S").expect("cards"));
}

/// RULES.md §4, "J": played alone (a second Jack is refused).
#[test]
fn a_jack_is_played_alone() {
    let mut game = table(&["JH JS 4D 6S 6D", HAND1, HAND2], "5H");
    refused(&mut game, 0, "play JH JS");
    assert!(!listed(&game, 0).iter().any(|action| action.starts_with("play JH J")));
}

/// RULES.md §4, "J": both must hold at least one card: a seat with none cannot be chosen.
#[test]
fn a_seat_without_cards_cannot_be_swapped_with() {
    let mut game = table(&["9D JS 4S 4D 8C", "TC TD TH TS 9S", "8S 2S 5C 5D 3C"], "9C");
    act(&mut game, 0, "play 9D");
    act(&mut game, 1, "play 9S");
    act(&mut game, 2, "play 8S");
    act(&mut game, 0, "play 8C");
    act(&mut game, 1, "play TC TD TH TS");
    assert!(game.round().hands[Seat(1)].is_empty());
    act(&mut game, 2, "play 2S");
    act(&mut game, 0, "play JS");
    assert_eq!(listed(&game, 0), ["swap 2"]);
    let error = refused(&mut game, 0, "swap 1");
    assert_eq!(error.refusal(), Some(Refusal::SwapWithEmptyHand { seat: Seat(1) }), "{error}");
    act(&mut game, 0, "swap 2");
    // Seat 1's turn starts with no cards and nothing owed: it wins.
    assert_eq!(game.last_round().map(|round| round.end), Some(RoundEnd::WentOut(Seat(1))));
}

/// RULES.md §4, "J": no swap if the Jack was the player's last card.
#[test]
fn no_swap_after_a_last_card_jack() {
    let mut game = table(&["8S 8C 8D 8H JS", "5H 9D 9H 2D 3D", "5S TD TH 3C 4C"], "9S");
    act(&mut game, 0, "play 8S 8C 8D 8H");
    act(&mut game, 1, "play 5H");
    act(&mut game, 2, "play 5S");
    let events = act(&mut game, 0, "play JS");
    assert!(!events.iter().any(|e| matches!(e.event, DunnoEvent::Swapped { .. })));
    assert_eq!((game.round().turn, game.round().phase), (Seat(1), TurnPhase::Free));
}

/// RULES.md §4, "J": no swap if nobody else has cards.
#[test]
fn no_swap_when_nobody_else_has_cards() {
    let mut game = table(&["9D 8S JH 4S 4D", "9S TS TC TD TH"], "9C");
    act(&mut game, 0, "play 9D");
    act(&mut game, 1, "play 9S");
    act(&mut game, 0, "play 8S");
    act(&mut game, 1, "play TS TC TD TH");
    let events = act(&mut game, 0, "play JH");
    assert!(!events.iter().any(|e| matches!(e.event, DunnoEvent::Swapped { .. })));
    assert_eq!(game.last_round().map(|round| round.end), Some(RoundEnd::WentOut(Seat(1))), "seat 1's turn starts empty: it wins");
}

/// RULES.md §4, "`JD`": before swapping, its player may put up to two more cards (Jacks too)
/// under the Jack, with no effect; then the swap.
#[test]
fn the_jack_of_diamonds_puts_up_to_two_cards_under_itself_first() {
    let mut game = table(&["JD JS 7C 6S AD", HAND1, HAND2], "5D");
    act(&mut game, 0, "play JD");
    assert_eq!(game.round().phase, TurnPhase::JackUnder);
    let under = listed(&game, 0);
    assert_eq!(under.len(), 1 + 4 + 6, "none, four singles, six pairs: {under:?}");
    assert_eq!(&under[..3], ["under none", "under 7C", "under AD"]);
    refused(&mut game, 0, "swap 1");
    refused(&mut game, 0, "under 9S");
    let three = DunnoAction::Under(CardSet::of(&parse_cards("JS 7C 6S").expect("cards")));
    assert!(game.apply(Seat(0), three).is_err(), "at most two cards");
    let events = act(&mut game, 0, "under 7C JS");
    assert!(events.iter().any(|e| matches!(e.event, DunnoEvent::PutUnder { .. })));
    assert_eq!(game.round().top.card.to_string(), "JD", "the Jack stays on top");
    assert_eq!(game.round().pile.iter().map(ToString::to_string).collect::<Vec<_>>(), ["5D", "7C", "JS", "JD"]);
    assert_eq!(game.round().phase, TurnPhase::JackSwap, "the 7 under the Jack has no effect");
    act(&mut game, 0, "swap 1");
    assert_eq!(hand(&game, 1), "AD 6S");
}

/// RULES.md §4, "`JD`": putting nothing under is allowed; putting the last cards under leaves
/// nothing to swap, so no swap.
#[test]
fn the_jack_of_diamonds_may_put_nothing_or_its_last_cards_under() {
    let mut game = table(&["JD JS 7C 6S AD", HAND1, HAND2], "5D");
    act(&mut game, 0, "play JD");
    act(&mut game, 0, "under none");
    assert_eq!(game.round().phase, TurnPhase::JackSwap);

    let mut game = table(&["5H 5S 5C JD 9D", "6H 9H 9S 2S 3S", "6D 8H TS TC 3H"], "5D");
    act(&mut game, 0, "play 5C 5S 5H");
    act(&mut game, 1, "play 6H");
    act(&mut game, 2, "play 6D");
    act(&mut game, 0, "play JD");
    act(&mut game, 0, "under 9D");
    assert!(game.round().hands[Seat(0)].is_empty());
    assert_eq!((game.round().turn, game.round().phase), (Seat(1), TurnPhase::Free), "no swap with an empty hand");
    assert_eq!(game.phase(), Phase::Playing);
}
