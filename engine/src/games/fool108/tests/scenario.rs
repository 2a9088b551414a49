//! The documented example scenario (docs/scenarios/fool108.json) runs and ends as documented.

use crate::game::Phase;
use crate::registry::{AnyEvent, AnyGame, AnyView};
use crate::scenario::Scenario;
use crate::score::{RoundEnd, ScoreKind};
use crate::seat::Seat;

use super::super::Fool108Event;
use super::card;

const EXAMPLE: &str = include_str!("../../../../../docs/scenarios/fool108.json");

/// docs/scenarios/fool108.md: seed 1 opens with 8H; both seats declare "One!" out of turn;
/// seat 1's Queen asks for diamonds; seat 0 goes out on TD and seat 1 is left with a lone QS.
#[test]
fn the_documented_scenario_runs_to_a_lone_queen_of_spades() {
    let scenario = Scenario::from_json(EXAMPLE).expect("the example is a scenario");
    let (game, outcome) = scenario.run().expect("every step is legal");
    let AnyGame::Fool108(game) = game else { panic!("a 108 Fool table") };
    assert_eq!(game.round().pile[0], card("8H"), "seed 1 picks 8H as the opening card");
    let AnyView::Fool108(view) = &outcome.spectator else { panic!("a 108 Fool view") };
    assert_eq!(view.first_player, Seat(0));
    assert_eq!(view.hand, None, "a spectator sees no hand");
    assert_eq!(outcome.phase, Phase::RoundOver);
    let round = outcome.last_round.expect("the round is scored");
    assert_eq!(round.end, RoundEnd::WentOut(Seat(0)));
    assert_eq!(round.scores[Seat(0)].total(), 0, "declared \"One!\" in time");
    assert_eq!(round.scores[Seat(1)].cards, vec![card("QS")]);
    assert_eq!(round.scores[Seat(1)].items[0].kind, ScoreKind::LoneQueen);
    assert_eq!(outcome.totals.as_slice(), &[0, 40]);
    let declared = outcome.events.iter().filter(|addressed| matches!(addressed.event, AnyEvent::Fool108(Fool108Event::DeclaredOne { .. })));
    assert_eq!(declared.count(), 2);
}
