//! RULES.md §5, "Snapping" and its rulings.

use super::*;
use crate::games::youglouf::{StepView, YougloufOptions};

const HANDS: [&str; 3] = ["7C 3C 4C 5C", "7D 3D 4D 5D", "7H 9H 4H 5H"];

/// RULES.md §5, "Snapping" (ruling): when a card lands on the open deck any seat may snap a
/// card of the same rank, without a turn, several seats in a row; snap actions are open to
/// several seats at once.
#[test]
fn any_seat_may_snap_a_card_of_the_same_rank_several_in_a_row() {
    let mut game = table(0, &HANDS, "7S");
    look_all(&mut game);
    refused(&mut game, 1, "snap 0");
    act(&mut game, 0, "draw");
    act(&mut game, 0, "drop");
    assert_eq!(to_act(&game), vec![0, 1, 2], "everyone may snap while seat 0 finishes its turn");
    let events = act(&mut game, 1, "snap 0");
    assert!(seen_by(&events, 2).contains(&YougloufEvent::Snapped { seat: Seat(1), slot: 0, card: card("7D") }));
    act(&mut game, 2, "snap 0");
    act(&mut game, 0, "snap 0");
    assert_eq!(game.view(Viewer::Spectator).open_deck, cards("7S 7D 7H 7C"));
    for seat in 0..3 {
        assert_eq!(slots(&game, Viewer::Spectator, seat)[0], SlotView::Empty);
        assert_eq!(game.round().cards_held(Seat(seat)), 3);
    }
    refused(&mut game, 1, "snap 0");
}

/// RULES.md §5, "Snapping" (ruling: "a snap window stays open until the next turn takes a
/// card"): snaps are optional, so the round waits only for the turn; the opening look waits
/// for every seat that has not looked.
#[test]
fn the_round_waits_for_the_turn_while_snaps_are_open_and_for_every_look() {
    let mut game = table(0, &HANDS, "7S");
    assert_eq!(game.waiting_for(), game.to_act(), "every seat owes its opening look");
    assert_eq!(game.waiting_for().len(), 3);
    look_all(&mut game);
    act(&mut game, 0, "draw");
    act(&mut game, 0, "drop");
    assert_eq!(to_act(&game), vec![0, 1, 2]);
    assert_eq!(game.waiting_for(), crate::seat::SeatSet::only(Seat(0)), "seat 0 still ends its turn; snaps are optional");
    act(&mut game, 0, "end");
    assert_eq!(game.waiting_for(), crate::seat::SeatSet::only(Seat(1)), "the next turn may take a card and close the window");
    assert!(to_act(&game).len() > 1, "the window is still open");
}

/// RULES.md §5, "Snapping": a wrong card is shown to all, goes back face down to its place,
/// and its owner gets a penalty card face down, unseen (our ruling: in the first empty slot,
/// else a new slot at the end).
#[test]
fn a_wrong_snap_is_shown_to_all_returns_and_brings_an_unseen_penalty_card() {
    let mut game = table(0, &HANDS, "7S KC QC");
    look_all(&mut game);
    act(&mut game, 0, "draw");
    act(&mut game, 0, "drop");
    let events = act(&mut game, 1, "snap 3");
    assert!(seen_by(&events, 0).contains(&YougloufEvent::WrongSnap { seat: Seat(1), slot: 3, card: card("5D") }));
    assert!(seen_by(&events, 0).contains(&YougloufEvent::Penalty { seat: Seat(1), slot: 4 }));
    assert_eq!(game.round().cards_of(Seat(1)).collect::<Vec<_>>(), cards("7D 3D 4D 5D KC"));
    for viewer in [Viewer::Seat(Seat(0)), Viewer::Seat(Seat(1)), Viewer::Seat(Seat(2)), Viewer::Spectator] {
        let seen = slots(&game, viewer, 1);
        assert_eq!(seen[3], SlotView::Known(card("5D")), "{viewer:?} saw the wrong card");
        assert_eq!(seen[4], SlotView::FaceDown, "{viewer:?} did not see the penalty card");
    }
    assert_eq!(game.view(Viewer::Spectator).open_deck, cards("7S"));
    act(&mut game, 1, "snap 0");
    act(&mut game, 1, "snap 2");
    assert_eq!(game.round().hands[Seat(1)], vec![Some(card("QC")), Some(card("3D")), Some(card("4D")), Some(card("5D")), Some(card("KC"))]);
    assert_eq!(slots(&game, Viewer::Seat(Seat(1)), 1)[0], SlotView::FaceDown, "the penalty filled the gap, unseen");
}

/// RULES.md §5, "Snapping": with both decks out of cards there is no penalty card to give.
#[test]
fn no_penalty_card_when_both_decks_are_empty() {
    let mut game = table(0, &HANDS, "7S");
    look_all(&mut game);
    act(&mut game, 0, "draw");
    act(&mut game, 0, "drop");
    let round = game.round_mut();
    while round.stock.draw().is_some() {}
    let events = act(&mut game, 2, "snap 1");
    assert!(events.iter().any(|event| event.event == YougloufEvent::NoPenaltyCard { seat: Seat(2) }));
    assert_eq!(game.round().cards_held(Seat(2)), 4);
}

/// RULES.md §5, "Snapping" (ruling): a snapped card has no power.
#[test]
fn a_snapped_card_has_no_power() {
    let mut game = table(0, &HANDS, "9S");
    look_all(&mut game);
    act(&mut game, 0, "draw");
    act(&mut game, 0, "drop");
    act(&mut game, 0, "skip");
    let events = act(&mut game, 2, "snap 1");
    assert!(!events.iter().any(|event| matches!(event.event, YougloufEvent::PowerGranted { .. })));
    assert_eq!(game.view(Viewer::Seat(Seat(2))).step, StepView::Finishing);
    assert_eq!(game.legal_actions(Seat(2)).iter().filter(|action| matches!(action, YougloufAction::Peek(_))).count(), 0);
}

/// RULES.md §5, ruling "a snap window stays open until the next turn takes a card": open
/// during the power and the end of the turn and before the next draw, closed while a taken
/// card is held, open again when the next card lands. The grace time is the UI's: the
/// engine plays the same whatever its value.
#[test]
fn the_snap_window_stays_open_until_the_next_turn_takes_a_card() {
    let grace = YougloufOptions { snap_grace_ms: 0, ..YougloufOptions::default() };
    let mut quick = table_with(grace, 0, &HANDS, "9S 7S 2S");
    let mut game = table(0, &HANDS, "9S 7S 2S");
    for game in [&mut game, &mut quick] {
        look_all(game);
        act(game, 0, "draw");
        act(game, 0, "drop");
        assert!(game.view(Viewer::Spectator).snap_open, "open during the power");
        act(game, 0, "peek 2");
        act(game, 0, "end");
        assert!(game.legal_actions(Seat(2)).contains(&YougloufAction::Snap(1)), "open before the next draw");
        act(game, 1, "draw");
        assert!(!game.view(Viewer::Spectator).snap_open);
        refused(game, 2, "snap 1");
        assert_eq!(to_act(game), vec![1]);
        act(game, 1, "drop");
        act(game, 2, "snap 0");
    }
    assert_eq!(game.round(), quick.round());
}

/// RULES.md §5, "Snapping" (ruling: "a snap window stays open until the next turn takes a
/// card"; the network gives snaps a short grace): the game tells the table when a window is
/// open and names each new one, so the table can time the grace without reading a view; the
/// grace holds back only the actions that take a card.
#[test]
fn the_game_names_each_open_snap_window_for_the_tables_grace() {
    let mut game = table(0, &HANDS, "7S");
    assert_eq!(game.snap_window(), None, "no window during the opening look");
    look_all(&mut game);
    assert_eq!(game.snap_window(), None, "nothing has landed on the open deck yet");
    act(&mut game, 0, "draw");
    act(&mut game, 0, "drop");
    let first = game.snap_window().expect("a card landed: the window opens");
    act(&mut game, 1, "snap 0");
    let second = game.snap_window().expect("still open after a snap");
    assert_ne!(first, second, "a snapped card opens a new window");
    act(&mut game, 0, "end");
    assert_eq!(game.snap_window(), Some(second), "ending the turn keeps the window open");
    assert_eq!(Youglouf::view_snap_window(&game.view(Viewer::Seat(Seat(2)))), Some(second), "every seat sees the window open");
    act(&mut game, 1, "draw");
    assert_eq!(game.snap_window(), None, "the next turn took a card: the window closed");
    assert_eq!(Youglouf::snap_grace_ms(game.options()), YougloufOptions::default().snap_grace_ms);
    assert_eq!(Youglouf::view_snap_window(&game.view(Viewer::Seat(Seat(2)))), None, "and every seat sees it closed");
    assert!(Youglouf::waits_for_snap_grace(&YougloufAction::Draw) && Youglouf::waits_for_snap_grace(&YougloufAction::Take));
    assert!(!Youglouf::waits_for_snap_grace(&YougloufAction::Snap(0)));
}
