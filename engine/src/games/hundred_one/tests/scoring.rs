//! RULES.md §3: card points, Queen exits, negative totals, the exact-101 reset and the end of
//! the match.

use super::{act, deal, draw_into, give, hand};
use crate::game::{Game, Phase};
use crate::games::hundred_one::{HundredOneEvent, card_points};
use crate::score::{ScoreItem, ScoreKind};
use crate::seat::{Seat, SeatSet};

/// RULES.md §3, "Scoring: card points 6, 7, 8, 10 face value; 9 = 0; J = 2; Q = 3; K = 4;
/// A = 11. A player left with cards scores their sum. A player who went out scores 0".
#[test]
fn the_last_holder_scores_its_cards_and_the_plain_exit_scores_zero() {
    let mut game = deal(2, 0, &["6S 7S 8S 9S", "TC TS JS QS"], "9C", "KS AS");
    give(&mut game, 1, 0, "TS JS QS");
    draw_into(&mut game, 0, 2);
    act(&mut game, 1, "play TC");
    let round = game.last_round().expect("over");
    assert_eq!(round.scores[Seat(0)].items, [ScoreItem { kind: ScoreKind::CardPoints, points: 6 + 7 + 8 + 10 + 2 + 3 + 4 + 11 }]);
    assert_eq!(round.scores[Seat(1)].items, [ScoreItem { kind: ScoreKind::CardPoints, points: 0 }]);
    assert_eq!(game.totals().as_slice(), &[51, 0]);
}

/// RULES.md §3, "A player who went out scores ... −20 if they went out on a Queen, −40 on
/// `QS`. Totals may be negative."
#[test]
fn queen_exits_earn_minus_twenty_and_the_queen_of_spades_minus_forty() {
    let mut game = deal(3, 0, &["6S 7S 8S TS", "QH 6D 7D 8D", "QS 9D TD JD"], "9C", "");
    give(&mut game, 1, 0, "6D 7D 8D");
    give(&mut game, 2, 0, "9D TD JD");
    act(&mut game, 1, "play QH D");
    act(&mut game, 2, "play QS C");
    let round = game.last_round().expect("over");
    assert_eq!(round.scores[Seat(1)].total(), -20);
    assert!(round.scores[Seat(1)].items.contains(&ScoreItem { kind: ScoreKind::QueenExit, points: -20 }));
    assert!(round.scores[Seat(2)].items.contains(&ScoreItem { kind: ScoreKind::QueenExit, points: -40 }));
    assert_eq!(game.totals().as_slice(), &[6 + 7 + 8 + 10 + 6 + 7 + 8 + 10 + 2, -20, -40]);
}

/// Seat 0 finishes the round as last holder after `prior` totals: with two seats holding
/// `AH KH 6D 7D 8H 9H JH` (38 points), with three also `6S 7S 8S` (59); the others go out on
/// plain cards.
fn seat_zero_holds_the_rest(players: usize, prior: &[i32]) -> crate::games::hundred_one::HundredOne {
    let hands: &[&str] = if players == 2 { &["AH KH 6D 7D", "TC 8H 9H JH"] } else { &["AH KH 6D 7D", "TC 8H 9H JH", "JC 6S 7S 8S"] };
    let mut game = deal(players, 0, hands, "9C", "");
    give(&mut game, 1, 0, "8H 9H JH");
    if players == 3 {
        give(&mut game, 2, 0, "6S 7S 8S");
    }
    let points: i32 = hand(&game, 0).into_iter().map(card_points).sum();
    assert_eq!(points, if players == 2 { 38 } else { 59 });
    for (seat, total) in prior.iter().enumerate() {
        game.score_mut().totals[Seat(u8::try_from(seat).expect("a few seats"))] = *total;
    }
    act(&mut game, 1, "play TC");
    if players == 3 {
        act(&mut game, 2, "play JC");
    }
    game
}

/// RULES.md §3, "After each round: a total of exactly 101 resets to 0", shown as a
/// `reset_to_zero` line so the round's lines still add up to the change in the total.
#[test]
fn exactly_101_resets_to_zero() {
    let game = seat_zero_holds_the_rest(2, &[63, 0]);
    assert_eq!(game.phase(), Phase::RoundOver);
    assert_eq!(game.totals().as_slice(), &[0, 0]);
    let round = game.last_round().expect("over");
    assert!(round.scores[Seat(0)].items.contains(&ScoreItem { kind: ScoreKind::ResetToZero, points: -101 }));
    assert_eq!(round.scores[Seat(0)].total(), -63);
    assert_eq!(round.totals.as_slice(), &[0, 0]);
}

/// RULES.md §3, "If any total exceeds 101 the match ends: those players lose, the lowest
/// total wins" — lowest among the others, and exactly 101 would not have ended it.
#[test]
fn passing_101_loses_and_the_lowest_total_wins() {
    let mut game = seat_zero_holds_the_rest(3, &[60, 30, -20]);
    assert_eq!(game.phase(), Phase::MatchOver);
    let result = game.match_result().expect("decided");
    assert_eq!(result.losers, SeatSet::only(Seat(0)));
    assert_eq!(result.winners, SeatSet::only(Seat(2)));
    assert_eq!(result.totals.as_slice(), &[60 + 59, 30, -20]);
    assert!(game.start_next_round(None, &mut Vec::<crate::event::Addressed<HundredOneEvent>>::new()).is_err());
}

/// RULES.md §3, "If any total exceeds 101 ... those players lose" (several may) and the lowest
/// total wins, ties sharing. In real play only the last holder's total rises in a round, so
/// this sets an earlier total past 101 by hand to show the rule takes every such seat.
#[test]
fn every_total_past_101_loses_and_tied_lowest_totals_share_the_win() {
    let game = seat_zero_holds_the_rest(3, &[90, 110, -5]);
    let result = game.match_result().expect("decided");
    assert_eq!(result.losers.iter().collect::<Vec<_>>(), [Seat(0), Seat(1)]);
    assert_eq!(result.winners, SeatSet::only(Seat(2)));

    let game = seat_zero_holds_the_rest(3, &[90, -5, -5]);
    let result = game.match_result().expect("decided");
    assert_eq!(result.losers, SeatSet::only(Seat(0)));
    assert_eq!(result.winners.iter().collect::<Vec<_>>(), [Seat(1), Seat(2)]);
}
