//! RULES.md §2, "One!": a free action with one or two cards, at any time, also in other seats'
//! turns; it lapses when the hand grows above two; going out without it costs `one_penalty`.

use crate::game::{DEFAULT_TURN_CAP, Game};
use crate::refusal::Refusal;
use crate::score::{RoundEnd, ScoreKind};
use crate::seat::{Seat, SeatSet};

use super::super::{Fool108Event, Fool108Options};
use super::{act, legal, refuse, script, table, table_with, to_act};

/// Two hands that alternate plays: seat 0 goes out on TD after eight plays.
pub(super) const HANDS: [&str; 2] = ["8H TC KS JD TD", "TH KC JS 8D QS"];

/// The plays up to seat 0 holding two cards (JD TD), seat 1 to play.
pub(super) const TO_TWO: [(u8, &str); 3] = [(1, "play TH"), (0, "play TC"), (1, "play KC")];

/// From there, the plays to the end: seat 0 goes out on TD, seat 1 keeps QS.
pub(super) const TO_END: [(u8, &str); 5] = [(0, "play KS"), (1, "play JS"), (0, "play JD"), (1, "play 8D"), (0, "play TD")];

/// RULES.md §2, "while a player holds one or two cards they may declare "One!" (a free action,
/// at any time, also in other players' turns)": the seat is to act out of turn with `one`.
#[test]
fn one_is_a_free_action_with_one_or_two_cards_also_out_of_turn() {
    let mut game = table(&HANDS, "", "8H");
    script(&mut game, &TO_TWO);
    assert_eq!(game.round().hands[Seat(0)].len(), 3);
    refuse(&mut game, 0, "one");
    act(&mut game, 0, "play KS");
    assert_eq!(game.round().turn, Seat(1));
    assert_eq!(to_act(&game), vec![0, 1], "seat 0 may declare during seat 1's turn");
    assert_eq!(legal(&game, 0), ["one"]);
    let events = act(&mut game, 0, "one");
    assert_eq!(events, vec![Fool108Event::DeclaredOne { seat: Seat(0) }]);
    assert_eq!(game.round().turn, Seat(1), "a declaration takes no turn");
    assert_eq!(to_act(&game), vec![1]);
    assert_eq!(refuse(&mut game, 0, "one").refusal(), Some(Refusal::OneAlreadyDeclared));
    act(&mut game, 1, "play JS");
    assert_eq!(legal(&game, 1), ["one"], "seat 1 holds two cards now");
    assert_eq!(legal(&game, 0), ["play JD", "draw"], "seat 0 declared already");
}

/// RULES.md §2, "One!" is "a free action, at any time": a seat that may declare is offered
/// the decision but the round never waits for it; only the turn holds the round up.
#[test]
fn the_round_waits_for_the_turn_not_for_a_seat_that_may_declare_one() {
    let mut game = table(&HANDS, "", "8H");
    script(&mut game, &TO_TWO);
    act(&mut game, 0, "play KS");
    assert_eq!(to_act(&game), vec![0, 1]);
    assert_eq!(game.waiting_for(), SeatSet::only(Seat(1)), "seat 0's \"One!\" is optional");
    act(&mut game, 1, "play JS");
    assert_eq!(to_act(&game), vec![0, 1], "seat 1 may declare, and it is seat 0's turn");
    assert_eq!(game.waiting_for(), SeatSet::only(Seat(0)));
}

/// RULES.md §2, "The declaration lapses when their hand grows above two cards": drawing from
/// two to three cards ends it (it may be declared again later); from one to two it stands.
#[test]
fn one_lapses_when_the_hand_grows_above_two() {
    let mut game = table(&HANDS, "9C 9S", "8H");
    script(&mut game, &TO_TWO);
    script(&mut game, &[(0, "play KS"), (0, "one"), (1, "play JS")]);
    let events = act(&mut game, 0, "draw");
    assert!(events.contains(&Fool108Event::OneLapsed { seat: Seat(0) }));
    assert!(!game.round().declared.contains(Seat(0)));
    assert!(!legal(&game, 0).contains(&"one".to_owned()), "three cards");
    act(&mut game, 0, "play JD");
    assert_eq!(legal(&game, 0), ["one"], "two cards again: it may be declared again");
    act(&mut game, 0, "one");
    act(&mut game, 1, "play 8D");
    act(&mut game, 0, "play TD");
    assert_eq!(game.round().hands[Seat(0)].len(), 1);
    script(&mut game, &[(1, "draw"), (1, "pass")]);
    let events = act(&mut game, 0, "draw");
    assert!(!events.contains(&Fool108Event::OneLapsed { seat: Seat(0) }));
    assert_eq!(game.round().declared, SeatSet::only(Seat(0)), "two cards: the declaration stands");
}

/// RULES.md §2, "A player who empties their hand without a standing declaration gets a penalty
/// (Ruling: default +10 round points; option `one_penalty`)".
#[test]
fn going_out_without_one_costs_the_one_penalty() {
    for (penalty, expected) in [(None, 10), (Some(25), 25), (Some(0), 0)] {
        let options = Fool108Options { one_penalty: penalty.unwrap_or(10), ..Fool108Options::default() };
        let mut game = table_with(&options, DEFAULT_TURN_CAP, &HANDS, "", "8H");
        script(&mut game, &TO_TWO);
        script(&mut game, &TO_END);
        let result = game.last_round().expect("the round is over");
        assert_eq!(result.end, RoundEnd::WentOut(Seat(0)));
        let lines: Vec<(ScoreKind, i32)> = result.scores[Seat(0)].items.iter().map(|item| (item.kind, item.points)).collect();
        let mut wanted = vec![(ScoreKind::CardPoints, 0)];
        if expected > 0 {
            wanted.push((ScoreKind::OnePenalty, expected));
        }
        assert_eq!(lines, wanted, "one_penalty {penalty:?}");
        assert_eq!(game.totals()[Seat(0)], expected);
    }
}

/// RULES.md §2, "A player who empties their hand without a standing declaration gets a
/// penalty": with the declaration standing, going out costs nothing.
#[test]
fn going_out_with_a_standing_one_costs_nothing() {
    let mut game = table(&HANDS, "", "8H");
    script(&mut game, &TO_TWO);
    script(&mut game, &TO_END[..3]);
    act(&mut game, 0, "one");
    script(&mut game, &TO_END[3..]);
    let result = game.last_round().expect("the round is over");
    assert!(result.scores[Seat(0)].items.iter().all(|item| item.kind != ScoreKind::OnePenalty));
    assert_eq!(result.scores[Seat(0)].total(), 0);
}

/// RULES.md §2, "The declaration lapses when their hand grows above two cards": a 7 that
/// makes a seat with a standing "One!" draw from two to three cards ends it.
#[test]
fn a_forced_draw_above_two_cards_lapses_one() {
    let mut game = table(&["8H TC KS JD TD", "TH KC 7S 8D QS"], "9C", "8H");
    script(&mut game, &TO_TWO);
    script(&mut game, &[(0, "play KS"), (0, "one")]);
    assert_eq!(game.round().declared, SeatSet::only(Seat(0)));
    let events = act(&mut game, 1, "play 7S");
    assert!(events.contains(&Fool108Event::OneLapsed { seat: Seat(0) }));
    assert_eq!(game.round().declared, SeatSet::EMPTY);
    assert_eq!(game.round().hands[Seat(0)].len(), 3);
    assert_eq!(game.round().turn, Seat(1), "seat 0 misses the turn; with two players it comes back");
}

/// RULES.md §2, "One!" "(a free action, at any time, also in other players' turns)": a seat
/// may declare while another seat is still choosing the suit for its Queen, and the Queen's
/// player keeps its decision.
#[test]
fn one_may_be_declared_while_another_seat_chooses_a_suit() {
    let mut game = table(&["8H TC KS JD TD", "TH KC JS QD 8D"], "", "8H");
    script(&mut game, &TO_TWO);
    script(&mut game, &[(0, "play KS"), (1, "play QD")]);
    assert_eq!(game.round().stage, super::super::Stage::ChooseSuit);
    assert_eq!(to_act(&game), vec![0, 1]);
    act(&mut game, 0, "one");
    assert_eq!(game.round().turn, Seat(1));
    assert_eq!(game.round().stage, super::super::Stage::ChooseSuit);
    assert_eq!(legal(&game, 1), ["suit C", "suit D", "suit H", "suit S", "one"], "seat 1 holds two cards too");
}
