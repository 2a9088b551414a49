//! RULES.md §4, "Winning" and "Match".

use super::{act, table, table_with};
use crate::event::NoEvents;
use crate::game::{Game, Phase, TableSetup};
use crate::games::dunno::{Dunno, DunnoEvent, DunnoOptions, TurnPhase};
use crate::score::{RoundEnd, ScoreKind};
use crate::seat::Seat;

/// RULES.md §4, "Winning": a player with no cards when their turn starts and D = 0 wins; the
/// game ends. Emptying the hand does not win by itself: the others play on until then.
#[test]
fn an_empty_hand_wins_when_its_turn_starts_with_nothing_owed() {
    let mut game = table(&["9H 9S 9C 9D 5H", "6H 4S 4D 6S 6D", "TS TD TH 3C 3D"], "8H");
    act(&mut game, 0, "play 5H");
    act(&mut game, 1, "play 6H");
    act(&mut game, 2, "play TH");
    assert_eq!(game.phase(), Phase::Playing);
    act(&mut game, 0, "play 9H 9S 9C 9D");
    assert!(game.round().hands[Seat(0)].is_empty());
    assert_eq!(game.phase(), Phase::Playing, "seat 0 has not won yet: its turn has not started");
    act(&mut game, 1, "play 6D");
    let events = act(&mut game, 2, "play TD");
    assert_eq!(game.phase(), Phase::MatchOver);
    let round = game.last_round().expect("the game is over");
    assert_eq!(round.end, RoundEnd::WentOut(Seat(0)));
    assert_eq!(round.scores[Seat(0)].items.iter().map(|item| (item.kind, item.points)).collect::<Vec<_>>(), [(ScoreKind::GameWon, 1)]);
    assert_eq!(game.match_result().expect("decided").winners.iter().collect::<Vec<_>>(), [Seat(0)]);
    assert!(events.iter().any(|e| matches!(e.event, DunnoEvent::MatchEnded(_))));
    assert!(game.to_act().is_empty());
}

/// RULES.md §4, "Winning": with D > 0 a player with no cards draws D (that is its turn) and
/// plays on.
#[test]
fn an_empty_hand_that_owes_draws_and_plays_on() {
    let mut game = table(&["9H 9S 9C 9D 5H", "6H 4S 4D 6S 6D", "TS TD TH 7D 3D"], "8H 2C 3S 4C 5C");
    act(&mut game, 0, "play 5H");
    act(&mut game, 1, "play 6H");
    act(&mut game, 2, "play TH");
    act(&mut game, 0, "play 9H 9S 9C 9D");
    act(&mut game, 1, "play 6D");
    act(&mut game, 2, "play 7D");
    assert_eq!((game.round().turn, game.round().phase), (Seat(0), TurnPhase::Owes { draw: 2 }));
    assert_eq!(game.legal_actions(Seat(0)).iter().map(ToString::to_string).collect::<Vec<_>>(), ["draw"]);
    act(&mut game, 0, "draw");
    assert_eq!(game.round().hands[Seat(0)].len(), 2);
    assert_eq!((game.phase(), game.round().turn), (Phase::Playing, Seat(1)));
}

/// RULES.md §4, "Winning" with "A": an Ace as the last card of two players skips the other, so
/// the player's own turn starts at once, empty: it wins.
#[test]
fn a_last_ace_with_two_players_wins_at_once() {
    let mut game = table(&["AH AS AC AD 5H", "6H 4S 4D 6S 6D"], "8H");
    act(&mut game, 0, "play 5H");
    act(&mut game, 1, "play 6H");
    act(&mut game, 0, "play AH AS AC AD");
    assert_eq!(game.last_round().map(|round| round.end), Some(RoundEnd::WentOut(Seat(0))));
}

/// RULES.md §4, "Match": one deal is one game by default; the option plays to N wins.
#[test]
fn the_match_goes_to_the_first_with_n_wins() {
    let options = DunnoOptions { wins_to_match: 2 };
    let mut game = table_with(&["AH AS AC AD 5H", "6H 4S 4D 6S 6D"], "8H", options.clone());
    act(&mut game, 0, "play 5H");
    act(&mut game, 1, "play 6H");
    act(&mut game, 0, "play AH AS AC AD");
    assert_eq!(game.phase(), Phase::RoundOver, "one win of two");
    assert_eq!(game.totals().as_slice(), &[1, 0]);
    assert!(game.match_result().is_none());
    game.start_next_round(None, &mut NoEvents).expect("the next game deals");
    assert_eq!(game.phase(), Phase::Playing);
    while game.phase() == Phase::Playing {
        let seat = game.round().turn;
        let action = game.legal_actions(seat)[0];
        game.apply_with(seat, action, &mut NoEvents).expect("legal");
    }
    let total: i32 = game.totals().iter().sum();
    let capped = game.last_round().map(|round| round.end) == Some(RoundEnd::TurnCap);
    assert_eq!(total, if capped { 1 } else { 2 });
    assert!(Dunno::new_match(TableSetup::new(3, 1), DunnoOptions { wins_to_match: 0 }, None).is_err());
}

/// RULES.md §4, "Winning" with "A": a seat with no cards that is skipped by an Ace has no
/// turn start, so it does not win then; it wins when its next turn starts with D = 0.
#[test]
fn an_empty_hand_skipped_by_an_ace_wins_only_at_its_next_turn() {
    let mut game = table(&["5H 4H AD 6D 7C", "5S 9S 9C 9D 9H", "TS 4S TH 3C 3D"], "8H 2S");
    act(&mut game, 0, "play 5H");
    act(&mut game, 1, "play 5S");
    act(&mut game, 2, "play 4S");
    act(&mut game, 0, "play 4H");
    act(&mut game, 1, "play 9H 9S 9C 9D");
    assert!(game.round().hands[Seat(1)].is_empty());
    act(&mut game, 2, "play 3D");
    act(&mut game, 0, "play AD");
    assert_eq!((game.phase(), game.round().turn), (Phase::Playing, Seat(2)), "seat 1 was skipped, not a winner");
    act(&mut game, 2, "draw");
    act(&mut game, 0, "play 6D");
    assert_eq!(game.last_round().map(|round| round.end), Some(RoundEnd::WentOut(Seat(1))));
}

/// Common terms, "Turn cap": a game reaching the cap ends with no win counted; the match
/// deals again.
#[test]
fn the_turn_cap_ends_a_game_with_no_win() {
    let hands: Vec<Vec<crate::card::Card>> =
        ["2H 3H 4H 5H 6H", "2S 3S 4S 5S 6S", "2D 3D 4D 5D 6D"].iter().map(|hand| super::cards(hand)).collect();
    let stacked = crate::scenario::deck_from_hands(Seat(0), &hands, &super::cards("9C"));
    let setup = TableSetup { turn_cap: 3, ..TableSetup::new(3, 1) };
    let mut game = Dunno::new_match(setup, DunnoOptions::default(), Some(&stacked)).expect("table");
    for seat in 0..3 {
        assert_eq!(game.phase(), Phase::Playing);
        act(&mut game, seat, "draw");
    }
    assert_eq!(game.phase(), Phase::RoundOver);
    assert_eq!(game.last_round().map(|round| round.end), Some(RoundEnd::TurnCap));
    assert_eq!(game.totals().as_slice(), &[0, 0, 0]);
    assert!(game.match_result().is_none());
    game.start_next_round(None, &mut NoEvents).expect("the match deals again");
    assert_eq!(game.phase(), Phase::Playing);
}
