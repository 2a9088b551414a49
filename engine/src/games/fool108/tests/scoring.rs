//! RULES.md §2, card points, replenishment and round end: what each seat scores and why.

use crate::card::DeckKind;
use crate::game::{DEFAULT_TURN_CAP, Game, Phase};
use crate::score::{RoundEnd, ScoreKind, SeatScore};
use crate::seat::Seat;

use super::super::{Fool108, Fool108Event, Fool108Options, card_points, score_round};
use super::{act, card, cards, hand, script, table, table_with};

/// A seat's breakdown lines as (kind, points).
fn lines(score: &SeatScore) -> Vec<(ScoreKind, i32)> {
    score.items.iter().map(|item| (item.kind, item.points)).collect()
}

/// Seat 0 goes out on `last` after the alternating plays of `one.rs`; seat 1 ends with
/// `seat1_last`. Seat 0 declares "One!" first unless `declare` is false.
fn go_out_on(last: &str, seat1_last: &str, declare: bool) -> Fool108 {
    let hands = [format!("8H TC KS JD {last}"), format!("TH KC JS 8D {seat1_last}")];
    let hands: Vec<&str> = hands.iter().map(String::as_str).collect();
    let mut game = table(&hands, "", "8H");
    script(&mut game, &super::one::TO_TWO);
    script(&mut game, &super::one::TO_END[..4]);
    if declare {
        act(&mut game, 0, "one");
    }
    act(&mut game, 0, &format!("play {last}"));
    game
}

/// RULES.md §2, "Card points: 6=6, 7=7, 8=8, 9=0, 10=10, J=2, Q=3, K=4, A=11": a seat left
/// with one card of each rank scores their sum (a Queen among other cards counts 3).
#[test]
fn card_points_are_counted_for_the_cards_left() {
    let values: Vec<i32> = cards("6C 7C 8C 9C TC JC QC KC AC").into_iter().map(card_points).collect();
    assert_eq!(values, [6, 7, 8, 0, 10, 2, 3, 4, 11]);
    let mut game = table(&["8H TH TS JS KS", "6C 7C 8C 9C TC"], "JD QD KD AD", "8H");
    for play in ["play TH", "play TS", "play JS", "play KS"] {
        script(&mut game, &[(1, "draw"), (1, "pass")]);
        act(&mut game, 0, play);
    }
    let result = game.last_round().expect("seat 0 went out");
    assert_eq!(result.end, RoundEnd::WentOut(Seat(0)));
    assert_eq!(result.scores[Seat(1)].cards.len(), 9);
    assert_eq!(lines(&result.scores[Seat(1)]), [(ScoreKind::CardPoints, 51)]);
    assert_eq!(lines(&result.scores[Seat(0)]), [(ScoreKind::CardPoints, 0), (ScoreKind::OnePenalty, 10)]);
    assert_eq!(game.totals().as_slice(), &[10, 51]);
}

/// RULES.md §2, "the player who went out: 0, or −20 if their last card was a Queen (−40 for
/// `QS`)": the round ends at once, with no suit to choose.
#[test]
fn going_out_on_a_queen_scores_minus_twenty_or_minus_forty_for_the_queen_of_spades() {
    for (queen, bonus) in [("QH", -20), ("QS", -40)] {
        let game = go_out_on(queen, "9C", true);
        assert_eq!(game.phase(), Phase::RoundOver, "{queen}");
        let result = game.last_round().expect("over");
        assert_eq!(lines(&result.scores[Seat(0)]), [(ScoreKind::CardPoints, 0), (ScoreKind::QueenExit, bonus)]);
        assert_eq!(game.totals()[Seat(0)], bonus);
    }
    let undeclared = go_out_on("QD", "9C", false);
    assert_eq!(undeclared.totals()[Seat(0)], -20 + 10, "the bonus and the One! penalty both count");
}

/// RULES.md §2, "each other player: the sum of their card points, except that a hand of
/// exactly one Queen scores 20 (40 for `QS`)".
#[test]
fn a_hand_of_exactly_one_queen_scores_twenty_or_forty_for_the_queen_of_spades() {
    for (queen, penalty) in [("QH", 20), ("QS", 40)] {
        let game = go_out_on("TD", queen, true);
        let result = game.last_round().expect("over");
        assert_eq!(result.scores[Seat(1)].cards, cards(queen));
        assert_eq!(lines(&result.scores[Seat(1)]), [(ScoreKind::LoneQueen, penalty)]);
    }
    let not_a_queen = go_out_on("TD", "AS", true);
    assert_eq!(lines(&not_a_queen.last_round().expect("over").scores[Seat(1)]), [(ScoreKind::CardPoints, 11)]);
}

/// RULES.md §2, "Round end: the moment a player's hand is empty (Ruling: a final 6 or 7 makes
/// nobody draw)".
#[test]
fn a_final_six_or_seven_makes_nobody_draw() {
    for last in ["6D", "7D"] {
        let game = go_out_on(last, "9C", true);
        assert_eq!(game.phase(), Phase::RoundOver, "{last}");
        assert_eq!(hand(&game, 1), cards("9C"), "{last}: seat 1 drew nothing");
        assert_eq!(game.round().stock.len(), DeckKind::Short36.len() - 10, "{last}: the stock is untouched");
        assert_eq!(game.last_round().expect("over").scores[Seat(1)].total(), 0);
    }
}

/// Six hands and the whole stock (36 cards): seat 0 opens 8H, seat 1 plays 8C, seat 2 KC.
const SIX_HANDS: [&str; 6] = ["8H KS 6D 7D 9D", "8C TD JD QD AD", "KC 6H 7H 9H TH", "JH QH AH 6S 7S", "8S 9S TS JS QS", "AS 6C 7C 9C TC"];
const SIX_STOCK: &str = "JC QC AC 8D KD KH";

/// Plays until the second reshuffle of the round (triggered by seat 1); the first is seat 3's.
fn two_reshuffles(options: &Fool108Options) -> (Fool108, Vec<Fool108Event>) {
    let mut game = table_with(options, DEFAULT_TURN_CAP, &SIX_HANDS, SIX_STOCK, "8H");
    script(&mut game, &[(1, "play 8C"), (2, "play KC")]);
    for seat in [3, 4, 5, 0, 1, 2] {
        script(&mut game, &[(seat, "draw"), (seat, "pass")]);
    }
    assert!(game.round().stock.is_empty());
    let mut events = act(&mut game, 3, "draw");
    assert_eq!(game.round().pile, cards("KC"), "the top card stays; the rest became the stock");
    act(&mut game, 3, "pass");
    script(&mut game, &[(4, "draw"), (4, "pass")]);
    let before = game.round().hands[Seat(5)];
    events.extend(act(&mut game, 5, "draw"));
    assert_eq!(game.round().hands[Seat(5)], before, "nothing left to reshuffle: the draw gets nothing");
    script(&mut game, &[(5, "pass"), (0, "play KS")]);
    events.extend(act(&mut game, 1, "draw"));
    (game, events)
}

/// RULES.md §2, "Replenishment: when a player must draw and the stock is empty, the pile is
/// reshuffled (see Common terms) and Ruling: the player who triggered it gets k × 5 round
/// points for the k-th reshuffle of this round": the pile's top stays, an empty pile gives
/// nothing and costs nothing, and the penalties show in the round's breakdown.
#[test]
fn each_reshuffle_costs_the_triggering_seat_k_times_five() {
    let (game, events) = two_reshuffles(&Fool108Options::default());
    let reshuffles: Vec<&Fool108Event> = events.iter().filter(|event| matches!(event, Fool108Event::Reshuffled { .. })).collect();
    assert_eq!(
        reshuffles,
        [
            &Fool108Event::Reshuffled { seat: Seat(3), cards: 2, number: 1, penalty: 5 },
            &Fool108Event::Reshuffled { seat: Seat(1), cards: 1, number: 2, penalty: 10 }
        ]
    );
    assert!(events.contains(&Fool108Event::NothingToDraw { seat: Seat(5) }));
    assert_eq!(game.round().reshuffle_penalties.as_slice(), &[0, 10, 0, 5, 0, 0]);
    let scores = score_round(game.round(), RoundEnd::WentOut(Seat(0)), 10);
    assert_eq!(lines(&scores[Seat(3)]).last(), Some(&(ScoreKind::ReshufflePenalty, 5)));
    assert_eq!(lines(&scores[Seat(1)]).last(), Some(&(ScoreKind::ReshufflePenalty, 10)));
    assert!(lines(&scores[Seat(5)]).iter().all(|(kind, _)| *kind != ScoreKind::ReshufflePenalty));
}

/// RULES.md §2, replenishment: option `reshuffle_penalty_step` sets the step (here 7: 7 then
/// 14).
#[test]
fn the_reshuffle_step_is_an_option() {
    let (game, _) = two_reshuffles(&Fool108Options { reshuffle_penalty_step: 7, ..Fool108Options::default() });
    assert_eq!(game.round().reshuffle_penalties.as_slice(), &[0, 14, 0, 7, 0, 0]);
    assert!(game.round().hands[Seat(1)].contains(card("KC")), "seat 1 drew the only reshuffled card");
}

/// RULES.md §2, "Replenishment: when a player must draw and the stock is empty ... the player
/// who triggered it gets k × 5": a 7 whose victim finds the stock empty costs the victim (the
/// seat that must draw), not the 7's player.
#[test]
fn a_reshuffle_forced_by_a_seven_costs_the_seat_that_draws() {
    let mut game = table(&SIX_HANDS, SIX_STOCK, "8H");
    script(&mut game, &[(1, "play 8C"), (2, "play KC")]);
    for seat in [3, 4, 5, 0, 1, 2] {
        script(&mut game, &[(seat, "draw"), (seat, "pass")]);
    }
    assert!(game.round().stock.is_empty());
    script(&mut game, &[(3, "play JC"), (4, "play QC"), (4, "suit C")]);
    let events = act(&mut game, 5, "play 7C");
    assert!(events.contains(&Fool108Event::Reshuffled { seat: Seat(0), cards: 5, number: 1, penalty: 5 }));
    assert!(events.contains(&Fool108Event::Skipped { seat: Seat(0) }));
    assert_eq!(game.round().reshuffle_penalties.as_slice(), &[5, 0, 0, 0, 0, 0]);
    assert_eq!(hand(&game, 0).len(), 6);
    assert_eq!(game.round().pile, cards("7C"));
    assert_eq!(game.round().turn, Seat(1));
}

/// RULES.md §2, scoring: "plus any "One!" and reshuffle penalties" — they add to a Queen exit
/// and to a lone Queen alike, and every line adds up to the round's total.
#[test]
fn penalties_add_to_a_queen_exit_and_to_a_lone_queen() {
    let game = go_out_on("QH", "QS", false);
    let result = game.last_round().expect("over");
    assert_eq!(lines(&result.scores[Seat(0)]), [(ScoreKind::CardPoints, 0), (ScoreKind::QueenExit, -20), (ScoreKind::OnePenalty, 10)]);
    assert_eq!(lines(&result.scores[Seat(1)]), [(ScoreKind::LoneQueen, 40)]);
    assert_eq!(game.totals().as_slice(), &[-10, 40]);
}
