//! RULES.md §5: players, the deal, the one look, who starts.

use super::*;
use crate::card::DeckKind;
use crate::games::youglouf::{StepView, YougloufEvent};

const HANDS: [&str; 4] = ["2C 3C 4C 5C", "2D 3D 4D 5D", "2H 3H 4H 5H", "2S 3S 4S 5S"];

/// RULES.md §5, "Players": 3–6 players with one 52-card pack; an option allows 2.
#[test]
fn three_to_six_players_and_two_by_option() {
    let default = YougloufOptions::default();
    assert_eq!(Youglouf::seat_range(&default), 3..=6);
    assert_eq!(Youglouf::deck_kind(&default), DeckKind::Standard52);
    for players in [2, 7] {
        assert!(Youglouf::new_match(TableSetup::new(players, 1), default.clone(), None).is_err(), "{players} players");
    }
    let two = YougloufOptions { allow_two_players: true, ..YougloufOptions::default() };
    assert_eq!(Youglouf::seat_range(&two), 2..=6);
    let game = Youglouf::new_match(TableSetup::new(2, 1), two, None).expect("two players with the option");
    assert_eq!(game.round().hands.len(), 2);
}

/// RULES.md §5, "Deal": four face-down cards each, in slots 0..3, dealt in blocks from the
/// dealer's left; the rest is the closed deck and the open deck starts empty.
#[test]
fn four_face_down_cards_each_in_blocks_from_the_dealers_left() {
    let game = table(2, &HANDS, "KS");
    for seat in 0..4u8 {
        let hand: Vec<Card> = game.round().cards_of(Seat(seat)).collect();
        assert_eq!(hand, cards(HANDS[usize::from(seat)]));
        for viewer in 0..4u8 {
            assert_eq!(slots(&game, Viewer::Seat(Seat(viewer)), seat), vec![SlotView::FaceDown; 4], "nobody has looked yet");
        }
    }
    let view = game.view(Viewer::Spectator);
    assert!(view.open_deck.is_empty());
    assert_eq!(view.closed_deck, 52 - 16);
    assert_eq!(game.round().stock.peek(), Some(card("KS")));
}

/// RULES.md §5, "Deal" (ruling): every seat looks once at two cards of its choice before the
/// first turn; all seats may do so at once, and only the looker sees the cards.
#[test]
fn each_seat_looks_once_at_two_cards_of_its_choice_before_the_first_turn() {
    let mut game = table(0, &HANDS, "");
    assert_eq!(to_act(&game), vec![0, 1, 2, 3], "the looks are simultaneous");
    assert_eq!(game.legal_actions(Seat(1)).len(), 6, "any two of four cards");
    refused(&mut game, 0, "draw");
    let events = act(&mut game, 2, "look 3 1");
    assert_eq!(known(&game, 2, 2), vec![None, Some(card("3H")), None, Some(card("5H"))]);
    for other in [0, 1, 3] {
        assert_eq!(known(&game, other, 2), vec![None; 4], "seat {other} did not see seat 2's cards");
        assert!(seen_by(&events, other).iter().all(|event| matches!(event, YougloufEvent::LookedFaceDown { .. })));
    }
    assert_eq!(slots(&game, Viewer::Spectator, 2), vec![SlotView::FaceDown; 4]);
    refused(&mut game, 2, "look 0 2");
    assert_eq!(to_act(&game), vec![0, 1, 3]);
    act(&mut game, 0, "look 0 1");
    act(&mut game, 3, "look 2 3");
    refused(&mut game, 0, "draw");
    act(&mut game, 1, "look 0 3");
    assert_eq!(game.view(Viewer::Seat(Seat(1))).step, StepView::Draw);
}

/// RULES.md §5, "The dealer takes the first turn; then clockwise, one turn each per round".
#[test]
fn the_dealer_starts_then_play_goes_clockwise() {
    let mut game = table(2, &HANDS, "6C 7C 8C 6D 7D");
    look_all(&mut game);
    assert_eq!(to_act(&game), vec![2], "the dealer starts; no snap before a card lands");
    for seat in [2, 3, 0, 1, 2] {
        assert_eq!(game.round().turn, Seat(seat));
        quiet_turn(&mut game, seat);
    }
}
