//! RULES.md §2, "Match": totals accumulate; after a round in which a total reaches the limit
//! every seat at or above it loses; a rematch lasts to the highest loser's total. Also the
//! engine's turn cap and the options' limits.

use crate::error::SetupError;
use crate::event::NoEvents;
use crate::game::{DEFAULT_TURN_CAP, Game, Phase, TableSetup};
use crate::scenario::deck_from_hands;
use crate::score::RoundEnd;
use crate::seat::{Seat, SeatSet};

use super::super::{Fool108, Fool108Options};
use super::{act, card, cards, script, table_with};

/// Seat `out` plays four cards and goes out (without "One!"); every other seat draws and
/// passes on each of its turns. Seat `out` must be the round's first player, with an 8H
/// opening, holding TH TS JS KS besides.
fn others_draw_while_one_goes_out(game: &mut Fool108, out: u8) {
    let players = game.players() as u8;
    for play in ["play TH", "play TS", "play JS", "play KS"] {
        for offset in 1..players {
            let seat = (out + offset) % players;
            script(game, &[(seat, "draw"), (seat, "pass")]);
        }
        act(game, out, play);
    }
}

/// RULES.md §2, "Match: totals accumulate": two rounds add up; below the limit the match goes
/// on, and the second round opens from seat 1.
#[test]
fn totals_accumulate_over_rounds() {
    let options = Fool108Options { score_limit: 100, ..Fool108Options::default() };
    let round_two = deck_from_hands(Seat(1), &[cards("6C 7C 8C 9C TC"), cards("8H TH TS JS KS")], &cards("JD QD KD AD"));
    let mut game = (0..5_000)
        .find_map(|seed| {
            let mut game = table_with_seed(&options, seed)?;
            others_draw_while_one_goes_out(&mut game, 0);
            game.start_next_round(Some(&round_two), &mut NoEvents).expect("round two deals");
            (game.round().pile[0] == card("8H")).then_some(game)
        })
        .expect("some seed opens both rounds with 8H");
    assert_eq!(game.totals().as_slice(), &[10, 51]);
    assert_eq!(game.round().first_player, Seat(1));
    others_draw_while_one_goes_out(&mut game, 1);
    assert_eq!(game.last_round().expect("over").round, 2);
    assert_eq!(game.totals().as_slice(), &[61, 61]);
    assert_eq!(game.phase(), Phase::RoundOver, "61 is below the limit of 100");
    assert!(game.match_result().is_none());
}

/// The two-player round one of [`totals_accumulate_over_rounds`] at `seed`, if that seed opens
/// with 8H.
fn table_with_seed(options: &Fool108Options, seed: u64) -> Option<Fool108> {
    let deck = deck_from_hands(Seat(0), &[cards("8H TH TS JS KS"), cards("6C 7C 8C 9C TC")], &cards("JD QD KD AD"));
    let game = Fool108::new_match(TableSetup::new(2, seed), options.clone(), Some(&deck)).expect("table");
    (game.round().pile[0] == card("8H")).then_some(game)
}

/// Three seats: seat 0 goes out (10 for no "One!"), seat 1 ends with 59, seat 2 with 52.
fn three_seat_round(score_limit: u32) -> Fool108 {
    let options = Fool108Options { score_limit, ..Fool108Options::default() };
    let hands = ["8H TH TS JS KS", "6C 7C 8C 9C TC", "6D 7D 8D 9D TD"];
    let mut game = table_with(&options, DEFAULT_TURN_CAP, &hands, "AC AD AS KC KD KH JC JD", "8H");
    others_draw_while_one_goes_out(&mut game, 0);
    game
}

/// RULES.md §2, "After a round in which any total reaches the limit (default 108, option), the
/// match ends; every player at or above the limit loses (several may)".
#[test]
fn every_seat_at_or_above_the_limit_loses_and_several_may() {
    let game = three_seat_round(52);
    assert_eq!(game.totals().as_slice(), &[10, 59, 52]);
    assert_eq!(game.phase(), Phase::MatchOver);
    let result = game.match_result().expect("decided");
    assert_eq!(result.losers, [Seat(1), Seat(2)].into_iter().collect::<SeatSet>());
    assert_eq!(result.winners, SeatSet::only(Seat(0)));
    assert!(game.to_act().is_empty());
    let below = three_seat_round(60);
    assert_eq!(below.phase(), Phase::RoundOver, "nobody reached 60");
}

/// RULES.md §2, "every player at or above the limit loses": the ruling taken when everyone
/// reaches it in the same round is that everyone loses and nobody wins.
#[test]
fn when_everyone_reaches_the_limit_everyone_loses() {
    let game = three_seat_round(10);
    let result = game.match_result().expect("decided");
    assert_eq!(result.losers, SeatSet::all(3));
    assert!(result.winners.is_empty());
}

/// RULES.md §2, "A rematch ("play again") uses the highest loser's total as its limit (109 and
/// 117 → the next match lasts to 117)": here 59 and 52 → 59; the other options are kept.
#[test]
fn a_rematch_lasts_to_the_highest_losers_total() {
    let mut game = three_seat_round(52);
    let rematch = game.rematch_options();
    assert_eq!(rematch, Fool108Options { score_limit: 59, ..game.options().clone() });
    assert!(game.start_next_round(None, &mut NoEvents).is_err(), "no round after the match");
    let ongoing = three_seat_round(60);
    assert_eq!(ongoing.rematch_options(), *ongoing.options(), "before the end the options stay");
}

/// Common terms, "Turn cap": a round reaching the cap ends as a draw with no scores applied
/// ("One!" declarations count as actions too).
#[test]
fn a_round_reaching_the_turn_cap_scores_nothing() {
    let mut game = table_with(&Fool108Options::default(), 6, &super::one::HANDS, "", "8H");
    script(&mut game, &super::one::TO_TWO);
    script(&mut game, &[(0, "play KS"), (0, "one")]);
    assert_eq!(game.phase(), Phase::Playing);
    act(&mut game, 1, "play JS");
    let result = game.last_round().expect("capped");
    assert_eq!(result.end, RoundEnd::TurnCap);
    assert!(result.scores.iter().all(|score| score.items.is_empty()));
    assert_eq!(result.scores[Seat(1)].cards, cards("8D QS"));
    assert_eq!(game.totals().as_slice(), &[0, 0]);
    assert_eq!(game.phase(), Phase::RoundOver);
}

/// RULES.md §2, the options (`score_limit`, `one_penalty`, `reshuffle_penalty_step`): values a
/// match cannot be played with are refused by name.
#[test]
fn options_out_of_range_are_refused() {
    let bad = [
        Fool108Options { score_limit: 0, ..Fool108Options::default() },
        Fool108Options { one_penalty: 1_001, ..Fool108Options::default() },
        Fool108Options { reshuffle_penalty_step: 1_001, ..Fool108Options::default() },
    ];
    for (options, name) in bad.into_iter().zip(["score_limit", "one_penalty", "reshuffle_penalty_step"]) {
        let error = Fool108::new_match(TableSetup::new(4, 1), options, None).expect_err("refused");
        assert!(matches!(&error, SetupError::Option { option, .. } if option == name), "{error}");
    }
    let json = serde_json::json!({ "score_limit": 117 });
    let options: Fool108Options = serde_json::from_value(json).expect("missing fields take their defaults");
    assert_eq!(options, Fool108Options { score_limit: 117, ..Fool108Options::default() });
}
