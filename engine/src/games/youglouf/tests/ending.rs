//! RULES.md §5, "Youglouf", "Card values", "Scoring a match", "Game".

use super::*;
use crate::game::DEFAULT_TURN_CAP;
use crate::games::youglouf::card_value;
use crate::score::{RoundEnd, RoundResult, ScoreItem, ScoreKind};
use crate::seat::SeatSet;

/// Plays a match (our round) of three where seat 0 (the dealer) declares after its first
/// turn and seats 1 and 2 take their last turns; every card drawn is dropped.
fn called_round(hands: [&str; 3]) -> (Youglouf, RoundResult) {
    let mut game = table(0, &hands, "2S 3S 4S");
    look_all(&mut game);
    act(&mut game, 0, "draw");
    act(&mut game, 0, "drop");
    act(&mut game, 0, "youglouf");
    quiet_turn(&mut game, 1);
    quiet_turn(&mut game, 2);
    let result = game.last_round().cloned().expect("the match was scored");
    (game, result)
}

/// RULES.md §5, "Youglouf": after their turn a player may declare; every other player has one
/// more turn, and (ruling) the match is scored as soon as the last of those turns ends, with
/// no snapping after it.
#[test]
fn a_declaration_gives_everyone_else_one_more_turn_then_the_match_is_scored() {
    let mut game = table(0, &["KH KD AC 2C", "5D 6D 7D 8D", "9H TH JH QH"], "2S 3S 4S");
    look_all(&mut game);
    act(&mut game, 0, "draw");
    refused(&mut game, 0, "youglouf");
    act(&mut game, 0, "drop");
    let events = act(&mut game, 0, "youglouf");
    assert!(seen_by(&events, 2).contains(&YougloufEvent::Declared { seat: Seat(0) }));
    assert_eq!(game.view(Viewer::Spectator).declarer, Some(Seat(0)));
    act(&mut game, 1, "draw");
    act(&mut game, 1, "drop");
    refused(&mut game, 1, "end");
    refused(&mut game, 1, "youglouf");
    assert_eq!(game.round().turn, Seat(2), "a last-round turn ends once its card is placed");
    act(&mut game, 2, "draw");
    act(&mut game, 2, "drop");
    assert_eq!(game.phase(), Phase::RoundOver);
    assert!(game.to_act().is_empty(), "no snapping after the last turn");
    refused(&mut game, 2, "snap 1");
    assert_eq!(game.last_round().map(|round| round.end), Some(RoundEnd::Called(Seat(0))));
}

/// RULES.md §5, "Youglouf": in the last round nobody but the declarer may snap their last
/// card (before the declaration anyone may).
#[test]
fn in_the_last_round_only_the_declarer_may_snap_their_last_card() {
    let mut game = table(0, &["7C 3C 4C 5C", "7D 3D 4D 5D", "7H 9H 4H 5H"], "7S 3S 4S");
    look_all(&mut game);
    let round = game.round_mut();
    round.hands[Seat(0)] = vec![None, None, None, Some(card("2C"))];
    round.hands[Seat(1)] = vec![None, None, None, Some(card("2D"))];
    act(&mut game, 0, "draw");
    act(&mut game, 0, "drop");
    assert!(game.legal_actions(Seat(1)).contains(&YougloufAction::Snap(3)), "before the declaration");
    act(&mut game, 0, "youglouf");
    refused(&mut game, 1, "snap 3");
    assert!(game.legal_actions(Seat(0)).contains(&YougloufAction::Snap(3)), "the declarer may");
    assert!(game.legal_actions(Seat(2)).contains(&YougloufAction::Snap(0)), "a seat with more cards may");
    act(&mut game, 2, "snap 0");
    assert_eq!(to_act(&game), vec![0, 1, 2], "seat 1 only for its turn");
    assert_eq!(game.legal_actions(Seat(1)), vec![YougloufAction::Draw, YougloufAction::Take]);
}

/// RULES.md §5, "Card values": A = 1, 2–10 face value, J = 11, Q = 12, black K = 13,
/// red K = 0.
#[test]
fn card_values() {
    let values: Vec<i32> = cards("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS KC KH KD").into_iter().map(card_value).collect();
    assert_eq!(values, vec![1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 13, 0, 0]);
}

/// RULES.md §5, "Scoring a match": a declarer strictly lowest scores −10; the others their sum.
#[test]
fn a_strictly_lowest_declarer_scores_minus_ten() {
    let (_, result) = called_round(["KH KD AC 2C", "5D 6D 7D 8D", "9H TH JH QH"]);
    let totals: Vec<i32> = result.scores.iter().map(crate::score::SeatScore::total).collect();
    assert_eq!(totals, vec![-10, 26, 42]);
    assert_eq!(
        result.scores[Seat(0)].items,
        vec![ScoreItem { kind: ScoreKind::CardPoints, points: 3 }, ScoreItem { kind: ScoreKind::DeclarerAdjustment, points: -13 }]
    );
    assert_eq!(result.scores[Seat(0)].cards, cards("KH KD AC 2C"));
}

/// RULES.md §5, "Scoring a match": a declarer tied for the lowest scores their sum.
#[test]
fn a_declarer_tied_for_lowest_scores_their_sum() {
    let (_, result) = called_round(["AC 2C 3C 4C", "AD 2D 3D 4D", "9H TH JH QH"]);
    let totals: Vec<i32> = result.scores.iter().map(crate::score::SeatScore::total).collect();
    assert_eq!(totals, vec![10, 10, 42]);
    assert_eq!(result.scores[Seat(0)].items, vec![ScoreItem { kind: ScoreKind::CardPoints, points: 10 }]);
}

/// RULES.md §5, "Scoring a match": a declarer not lowest scores their sum + 10.
#[test]
fn a_declarer_not_lowest_scores_sum_plus_ten() {
    let (_, result) = called_round(["5C 6C 7C 8C", "AD 2D 3D 4D", "9H TH JH KS"]);
    let totals: Vec<i32> = result.scores.iter().map(crate::score::SeatScore::total).collect();
    assert_eq!(totals, vec![36, 10, 43]);
    assert_eq!(result.scores[Seat(0)].items[1], ScoreItem { kind: ScoreKind::DeclarerAdjustment, points: 10 });
}

/// RULES.md §5, "Game": match scores accumulate; when a total reaches 100 the game ends and
/// the lowest total wins; the dealer rotates clockwise and takes the first turn.
#[test]
fn scores_accumulate_to_100_the_lowest_wins_and_the_dealer_rotates() {
    let (mut game, _) = called_round(["KH KD AC 2C", "5D 6D 7D 8D", "9H TH JH QH"]);
    assert_eq!(game.phase(), Phase::RoundOver);
    let hands: Vec<Vec<Card>> = ["AH 2H 3H 4H", "5C 6C 7C 8C", "KS KC QS QD"].map(cards).into();
    let deck = deck_from_hands(Seat(1), &hands, &cards("2S 3S 4S 5S"));
    game.start_next_round(Some(&deck), &mut Vec::new()).expect("the next match deals");
    assert_eq!(game.round().dealer, Seat(1));
    assert_eq!(game.round().cards_of(Seat(2)).collect::<Vec<_>>(), hands[2]);
    look_all(&mut game);
    assert_eq!(to_act(&game), vec![1], "the new dealer starts");
    quiet_turn(&mut game, 1);
    act(&mut game, 2, "draw");
    act(&mut game, 2, "drop");
    act(&mut game, 2, "youglouf");
    quiet_turn(&mut game, 0);
    quiet_turn(&mut game, 1);
    assert_eq!(game.phase(), Phase::MatchOver);
    assert_eq!(game.totals().as_slice(), &[0, 52, 102]);
    let result = game.match_result().expect("decided");
    assert_eq!(result.winners, SeatSet::only(Seat(0)));
    assert_eq!(result.losers.len(), 2);
    assert!(game.start_next_round(None, &mut Vec::new()).is_err());
}

/// RULES.md §5, "Game" (option): the score limit; 0 plays a single match.
#[test]
fn the_score_limit_is_an_option() {
    let options = YougloufOptions { score_limit: 0, ..YougloufOptions::default() };
    let mut game = table_with(options, 0, &["KH KD AC 2C", "5D 6D 7D 8D", "9H TH JH QH"], "2S 3S 4S 5S");
    look_all(&mut game);
    quiet_turn(&mut game, 0);
    act(&mut game, 1, "draw");
    act(&mut game, 1, "drop");
    act(&mut game, 1, "youglouf");
    quiet_turn(&mut game, 2);
    quiet_turn(&mut game, 0);
    assert_eq!(game.phase(), Phase::MatchOver);
    assert_eq!(game.match_result().map(|result| result.winners), Some(SeatSet::only(Seat(0))));
}

/// RULES.md "Turn cap": a match reaching the cap ends with no scores applied.
#[test]
fn the_turn_cap_ends_a_match_without_scores() {
    let hands = ["KH KD AC 2C", "5D 6D 7D 8D", "9H TH JH QH"].map(cards);
    let deck = deck_from_hands(Seat(0), &hands, &cards("2S 3S 4S"));
    let setup = TableSetup { turn_cap: 5, ..TableSetup::new(3, 1) };
    assert!(setup.turn_cap < DEFAULT_TURN_CAP);
    let mut game = Youglouf::new_match(setup, YougloufOptions::default(), Some(&deck)).expect("table");
    look_all(&mut game);
    act(&mut game, 0, "draw");
    act(&mut game, 0, "drop");
    assert_eq!(game.phase(), Phase::RoundOver);
    assert_eq!(game.last_round().map(|round| round.end), Some(RoundEnd::TurnCap));
    assert_eq!(game.totals().as_slice(), &[0, 0, 0]);
    assert_eq!(game.card_counts(), crate::card_set::count_cards(&crate::card::DeckKind::Standard52.cards()));
}

/// RULES.md §5, "Youglouf" (ruling: scored as soon as the last turn ends): a power drawn on
/// the very last turn is still used, and snaps stay open during it; the match is scored
/// when the power is used.
#[test]
fn a_power_on_the_last_turn_is_used_before_the_match_is_scored() {
    let mut game = table(0, &["KH KD AC 2C", "9D 6D 7D 8D", "9H TH JH QH"], "2S 3S 9S");
    look_all(&mut game);
    act(&mut game, 0, "draw");
    act(&mut game, 0, "drop");
    act(&mut game, 0, "youglouf");
    quiet_turn(&mut game, 1);
    act(&mut game, 2, "draw");
    act(&mut game, 2, "drop");
    assert_eq!(game.phase(), Phase::Playing, "the last turn is not over while its power is pending");
    assert_eq!(to_act(&game), vec![0, 1, 2]);
    act(&mut game, 1, "snap 0");
    refused(&mut game, 2, "end");
    act(&mut game, 2, "peek 1");
    assert_eq!(game.phase(), Phase::RoundOver);
    let result = game.last_round().expect("scored");
    assert_eq!(result.end, RoundEnd::Called(Seat(0)));
    assert_eq!(result.scores[Seat(1)].total(), 6 + 7 + 8, "the snapped 9 left seat 1's cards");
    assert_eq!(result.scores[Seat(0)].total(), -10, "0 + 0 + 1 + 2 = 3 is strictly lowest");
}
