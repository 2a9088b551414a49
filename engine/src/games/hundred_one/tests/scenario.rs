//! The documented example scenario (docs/scenarios/hundred-one.json) runs as written.

use crate::event::Audience;
use crate::games::hundred_one::{HundredOneAction, HundredOneEvent};
use crate::registry::{AnyEvent, AnyView};
use crate::scenario::Scenario;
use crate::score::{RoundEnd, ScoreItem, ScoreKind};
use crate::seat::Seat;

/// RULES.md §3 end to end, as docs/scenarios/hundred-one.md walks through it: a 7 (draw and
/// skip), an Ace, an 8 covered at once, going out on a Queen (−20) with the last holder
/// scoring 12, then round 2 dealt by seat 1, whose turned-up Queen lets it order hearts.
#[test]
fn the_documented_scenario_plays_as_described() {
    let json = include_str!("../../../../../docs/scenarios/hundred-one.json");
    let (_, outcome) = Scenario::from_json(json).expect("the example parses").run().expect("the example plays");
    assert_eq!(outcome.totals.as_slice(), &[12, -20]);
    let ended = outcome.events.iter().find_map(|addressed| match (&addressed.audience, &addressed.event) {
        (Audience::All, AnyEvent::HundredOne(HundredOneEvent::RoundEnded(round))) => Some(round.clone()),
        _ => None,
    });
    let round = ended.expect("round 1 ended");
    assert_eq!(round.end, RoundEnd::LastHolder(Seat(0)));
    assert!(round.scores[Seat(1)].items.contains(&ScoreItem { kind: ScoreKind::QueenExit, points: -20 }));
    assert_eq!(round.scores[Seat(0)].cards.len(), 3);
    let AnyView::HundredOne(view) = &outcome.views[Seat(0)] else { panic!("a One Hundred and One view") };
    assert_eq!(view.header.round, 2);
    assert_eq!(view.header.dealer, Seat(1));
    assert_eq!(view.legal, [HundredOneAction::Draw], "hearts ordered; seat 0 holds only clubs");
}
