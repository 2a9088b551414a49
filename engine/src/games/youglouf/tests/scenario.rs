//! The example scenario of docs/scenarios/youglouf.json plays as documented.

use super::*;
use crate::registry::{AnyEvent, AnyView};
use crate::scenario::Scenario;
use crate::score::RoundEnd;

/// docs/scenarios/youglouf.json: looks, snaps right and wrong, a Jack's spy, an open-deck
/// take, a Queen's exchange, a declaration and the last turns; seat 1 declares strictly
/// lowest and scores −10.
#[test]
fn the_documented_scenario_plays_to_its_scored_end() {
    let scenario = Scenario::from_json(include_str!("../../../../../docs/scenarios/youglouf.json")).expect("the scenario reads");
    let (_, outcome) = scenario.run().expect("every step is legal");
    assert_eq!(outcome.phase, Phase::RoundOver);
    assert_eq!(outcome.totals.as_slice(), &[17, -10, 22, 14]);
    let round = outcome.last_round.expect("scored");
    assert_eq!(round.end, RoundEnd::Called(Seat(1)));
    assert_eq!(round.scores[Seat(3)].cards, cards("2D KH TH 2C"), "the red king went to seat 3 in the exchange");
    let wrong = YougloufEvent::WrongSnap { seat: Seat(2), slot: 0, card: card("2H") };
    assert!(outcome.events.iter().any(|event| event.event == AnyEvent::Youglouf(wrong.clone())));
    let AnyView::Youglouf(view) = &outcome.spectator else { panic!("a Youglouf view") };
    assert_eq!(view.slots[Seat(2)][2], SlotView::Empty, "seat 2 snapped its 8");
}
