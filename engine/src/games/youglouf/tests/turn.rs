//! RULES.md §5, "A turn": take from the closed or the open deck, then replace or drop.

use super::*;
use crate::games::youglouf::{Source, StepView};

const HANDS: [&str; 3] = ["2C 3C 4C 5C", "2D 3D 4D 5D", "2H 3H 4H 5H"];

/// RULES.md §5, "A turn": a card taken from the closed deck is seen by the taker only; put
/// in a slot, the taker knows it there and the replaced card goes face up on the open deck.
#[test]
fn a_closed_deck_card_is_seen_by_the_taker_only_and_replaces_a_card() {
    let mut game = table(0, &HANDS, "KH 8S");
    look_all(&mut game);
    let events = act(&mut game, 0, "draw");
    assert_eq!(game.view(Viewer::Seat(Seat(0))).step, StepView::Holding { source: Source::Closed, card: Some(card("KH")) });
    for viewer in [Viewer::Seat(Seat(1)), Viewer::Seat(Seat(2)), Viewer::Spectator] {
        assert_eq!(game.view(viewer).step, StepView::Holding { source: Source::Closed, card: None });
    }
    assert!(seen_by(&events, 1).iter().all(|event| matches!(event, YougloufEvent::DrewFaceDown { .. })));
    refused(&mut game, 0, "end");
    act(&mut game, 0, "replace 3");
    assert_eq!(game.round().cards_of(Seat(0)).collect::<Vec<_>>(), cards("2C 3C 4C KH"));
    assert_eq!(game.view(Viewer::Spectator).open_deck, cards("5C"));
    assert_eq!(known(&game, 0, 0), vec![Some(card("2C")), Some(card("3C")), None, Some(card("KH"))]);
    assert_eq!(known(&game, 1, 0), vec![None; 4], "the others saw only the old card leave");
    act(&mut game, 0, "end");
    assert_eq!(game.round().turn, Seat(1));
}

/// RULES.md §5, "A turn": a card taken from the open deck was seen by all; put in a slot,
/// everyone knows it there.
#[test]
fn an_open_deck_card_is_seen_by_all_and_everyone_knows_where_it_goes() {
    let mut game = table(0, &HANDS, "KH 8S");
    look_all(&mut game);
    act(&mut game, 0, "draw");
    act(&mut game, 0, "drop");
    act(&mut game, 0, "end");
    act(&mut game, 1, "take");
    for viewer in [Viewer::Seat(Seat(0)), Viewer::Seat(Seat(2)), Viewer::Spectator] {
        assert_eq!(game.view(viewer).step, StepView::Holding { source: Source::Open, card: Some(card("KH")) });
    }
    act(&mut game, 1, "replace 2");
    assert_eq!(game.view(Viewer::Spectator).open_deck, cards("4D"));
    for viewer in [0, 2] {
        assert_eq!(known(&game, viewer, 1), vec![None, None, Some(card("KH")), None]);
    }
    assert_eq!(slots(&game, Viewer::Spectator, 1)[2], SlotView::Known(card("KH")));
}

/// RULES.md §5, "A turn": the taken card may be dropped face up instead. The text allows it
/// for an open-deck card too (taken and dropped back: the player keeps their cards).
#[test]
fn the_taken_card_may_be_dropped_whichever_deck_it_came_from() {
    let mut game = table(0, &HANDS, "KH 8S");
    look_all(&mut game);
    act(&mut game, 0, "draw");
    act(&mut game, 0, "drop");
    assert_eq!(game.view(Viewer::Seat(Seat(2))).open_deck, cards("KH"));
    act(&mut game, 0, "end");
    act(&mut game, 1, "take");
    refused(&mut game, 1, "take");
    act(&mut game, 1, "drop");
    assert_eq!(game.view(Viewer::Seat(Seat(2))).open_deck, cards("KH"));
    assert_eq!(game.round().cards_of(Seat(1)).collect::<Vec<_>>(), cards(HANDS[1]));
}

/// RULES.md §5, "A turn" and "Common terms: Reshuffle": an empty closed deck is refilled
/// from the open deck but its top.
#[test]
fn an_empty_closed_deck_is_refilled_from_the_open_deck_but_its_top() {
    let mut game = table(0, &HANDS, "");
    look_all(&mut game);
    let round = game.round_mut();
    let stock: Vec<Card> = std::iter::from_fn(|| round.stock.draw()).collect();
    round.open_deck = stock;
    let top = game.round().top().expect("the open deck holds the old stock");
    let events = act(&mut game, 0, "draw");
    assert!(events.iter().any(|event| matches!(event.event, YougloufEvent::Reshuffled { cards: 39 })));
    assert_eq!(game.view(Viewer::Spectator).open_deck, vec![top]);
    assert_eq!(game.view(Viewer::Spectator).closed_deck, 38);
}
