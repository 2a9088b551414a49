//! docs/scenarios/dunno.json runs: stacking, passing with a 3, defending, a Queen's suit and
//! reversal, `JD` putting the last card under it, and a win at the start of a turn.

use crate::game::Phase;
use crate::registry::AnyView;
use crate::scenario::Scenario;
use crate::score::RoundEnd;
use crate::seat::Seat;

#[test]
fn the_documented_scenario_runs_to_seat_zeros_win() {
    let scenario = Scenario::from_json(include_str!("../../../../../docs/scenarios/dunno.json")).expect("a scenario");
    let (_, outcome) = scenario.run().expect("every step is legal");
    assert_eq!(outcome.phase, Phase::MatchOver);
    assert_eq!(outcome.last_round.expect("a finished game").end, RoundEnd::WentOut(Seat(0)));
    assert_eq!(outcome.totals.as_slice(), &[1, 0, 0]);
    let AnyView::Dunno(view) = &outcome.views[Seat(2)] else { panic!("a Dunno view") };
    assert_eq!(view.hand.as_ref().map(Vec::len), Some(5), "seat 2 defended, then drew one");
    assert_eq!(view.top.to_string(), "JD");
}
