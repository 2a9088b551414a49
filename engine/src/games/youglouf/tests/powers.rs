//! RULES.md §5, "Powers": only for a closed-deck card dropped directly.

use super::*;
use crate::games::youglouf::{Power, StepView};

const HANDS: [&str; 3] = ["2C 3C 4C 5C", "2D 3D 4D 5D", "2H 3H 4H 5H"];

/// RULES.md §5, "Powers": a 9 or 10 from the closed deck, dropped directly, lets the player
/// look at one of their own cards; only they see it.
#[test]
fn a_nine_or_ten_lets_the_player_look_at_an_own_card() {
    for drawn in ["9S", "TS"] {
        let mut game = table(0, &HANDS, drawn);
        look_all(&mut game);
        act(&mut game, 0, "draw");
        act(&mut game, 0, "drop");
        assert_eq!(game.view(Viewer::Seat(Seat(1))).step, StepView::Power(Power::Peek));
        refused(&mut game, 0, "spy 1:0");
        refused(&mut game, 0, "end");
        let events = act(&mut game, 0, "peek 3");
        assert_eq!(known(&game, 0, 0), vec![Some(card("2C")), Some(card("3C")), None, Some(card("5C"))]);
        assert_eq!(known(&game, 1, 0), vec![None; 4]);
        assert!(seen_by(&events, 1).iter().all(|event| matches!(event, YougloufEvent::PeekedFaceDown { .. })));
        act(&mut game, 0, "end");
    }
}

/// RULES.md §5, "Powers": the 9/10 and Jack powers are optional ("may").
#[test]
fn optional_powers_may_be_skipped() {
    for drawn in ["9S", "JS"] {
        let mut game = table(0, &HANDS, drawn);
        look_all(&mut game);
        act(&mut game, 0, "draw");
        act(&mut game, 0, "drop");
        act(&mut game, 0, "skip");
        assert_eq!(game.view(Viewer::Seat(Seat(0))).step, StepView::Finishing);
    }
}

/// RULES.md §5, "Powers": a Jack lets the player look at one opponent's card, seen by them
/// alone.
#[test]
fn a_jack_lets_the_player_look_at_an_opponents_card() {
    let mut game = table(0, &HANDS, "JS");
    look_all(&mut game);
    act(&mut game, 0, "draw");
    act(&mut game, 0, "drop");
    refused(&mut game, 0, "peek 2");
    refused(&mut game, 0, "spy 0:2");
    let events = act(&mut game, 0, "spy 2:3");
    assert_eq!(known(&game, 0, 2), vec![None, None, None, Some(card("5H"))]);
    assert_eq!(known(&game, 1, 2), vec![None; 4]);
    assert_eq!(known(&game, 2, 2), vec![Some(card("2H")), Some(card("3H")), None, None], "the owner did not see it either");
    assert!(seen_by(&events, 2).iter().all(|event| !matches!(event, YougloufEvent::Spied { .. })));
}

/// RULES.md §5, "Powers": a Queen forces an exchange of one own card with an opponent's,
/// unseen by both; whoever knew one of the cards follows it (the exchange is in plain sight).
#[test]
fn a_queen_forces_a_blind_exchange_and_knowledge_follows_the_cards() {
    let mut game = table(0, &HANDS, "QS");
    look_all(&mut game);
    act(&mut game, 0, "draw");
    act(&mut game, 0, "drop");
    refused(&mut game, 0, "skip");
    refused(&mut game, 0, "end");
    refused(&mut game, 0, "exchange 0 0:1");
    act(&mut game, 0, "exchange 0 1:3");
    assert_eq!(game.round().cards_of(Seat(0)).collect::<Vec<_>>(), cards("5D 3C 4C 5C"));
    assert_eq!(game.round().cards_of(Seat(1)).collect::<Vec<_>>(), cards("2D 3D 4D 2C"));
    assert_eq!(known(&game, 0, 0), vec![None, Some(card("3C")), None, None], "seat 0 never saw 5D");
    assert_eq!(known(&game, 0, 1), vec![None, None, None, Some(card("2C"))], "seat 0 saw its 2C go to 1:3");
    assert_eq!(known(&game, 1, 1), vec![Some(card("2D")), Some(card("3D")), None, None], "seat 1 never saw 2C");
    assert_eq!(known(&game, 2, 0), vec![None; 4]);
    act(&mut game, 0, "end");
}

/// RULES.md §5, "Powers": with nothing to exchange (the player has no card left) the Queen
/// lapses; the player skips it.
#[test]
fn a_queen_lapses_when_no_exchange_is_possible() {
    let mut game = table(0, &HANDS, "QS");
    look_all(&mut game);
    game.round_mut().hands[Seat(0)] = vec![None; 4];
    act(&mut game, 0, "draw");
    act(&mut game, 0, "drop");
    assert_eq!(game.legal_actions(Seat(0)), vec![YougloufAction::Skip]);
    act(&mut game, 0, "skip");
}

/// RULES.md §5, "Powers": no power for a card taken from the open deck, nor for a
/// closed-deck card that replaced a card (nor for the card it replaced).
#[test]
fn no_power_unless_a_closed_deck_card_is_dropped_directly() {
    let mut game = table(0, &["QC 3C 4C 5C", "2D 3D 4D 5D", "2H 3H 4H 5H"], "JS JD");
    look_all(&mut game);
    act(&mut game, 0, "draw");
    act(&mut game, 0, "replace 0");
    assert_eq!(game.view(Viewer::Spectator).step, StepView::Finishing, "the replaced Queen gives no power");
    act(&mut game, 0, "end");
    act(&mut game, 1, "take");
    act(&mut game, 1, "drop");
    assert_eq!(game.view(Viewer::Spectator).step, StepView::Finishing, "an open-deck Queen dropped gives no power");
    act(&mut game, 1, "end");
    act(&mut game, 2, "draw");
    act(&mut game, 2, "replace 1");
    assert_eq!(game.view(Viewer::Spectator).step, StepView::Finishing, "a Jack that replaced a card gives no power");
}

/// Untrusted notation: a seat or slot off the table is refused, never a panic.
#[test]
fn targets_off_the_table_are_refused() {
    let mut game = table(0, &HANDS, "QS");
    look_all(&mut game);
    act(&mut game, 0, "draw");
    act(&mut game, 0, "drop");
    refused(&mut game, 0, "exchange 0 9:0");
    refused(&mut game, 0, "exchange 0 1:200");
    refused(&mut game, 0, "exchange 7 1:0");
    refused(&mut game, 0, "snap 99");
    refused(&mut game, 9, "snap 0");
}

/// RULES.md §5, "Powers" with "Snapping": the snap window is open while a power is used; a
/// snap then changes nothing of the power but the cards it can name (an emptied slot is no
/// target).
#[test]
fn a_snap_during_a_power_leaves_the_power_to_the_turn_player() {
    let mut game = table(0, &["2C 3C 4C 5C", "JD 3D 4D 5D", "6H 7H 8H 9H"], "JS");
    look_all(&mut game);
    act(&mut game, 0, "draw");
    act(&mut game, 0, "drop");
    assert_eq!(to_act(&game), vec![0, 1, 2]);
    act(&mut game, 1, "snap 0");
    assert_eq!(game.view(Viewer::Spectator).step, StepView::Power(Power::Spy));
    refused(&mut game, 1, "spy 2:0");
    refused(&mut game, 0, "spy 1:0");
    let events = act(&mut game, 0, "spy 2:3");
    assert!(seen_by(&events, 0).contains(&YougloufEvent::Spied { seat: Seat(0), owner: Seat(2), slot: 3, card: card("9H") }));
    assert!(!seen_by(&events, 2).iter().any(|event| matches!(event, YougloufEvent::Spied { .. })));
    assert_eq!(known(&game, 0, 2), vec![None, None, None, Some(card("9H"))]);
    act(&mut game, 0, "end");
}
