//! The arena: replays from its seed, seats every level of every game, and asks optional
//! decisions the way a table does.

use crate::bots::arena::{self, ArenaConfig, Offer};
use crate::bots::{ArenaSeat, BotLevel};
use crate::games::fool108::{Fool108, Fool108Action};
use crate::games::youglouf::{SlotView, Youglouf, YougloufAction};
use crate::kind::GameKind;
use crate::seat::Seat;

use super::TEST_SEARCH;

pub(super) fn arena_config(game: GameKind, seats: &[BotLevel], matches: u64, seed: u64) -> ArenaConfig {
    ArenaConfig { game, seats: seats.iter().map(|&level| level.into()).collect(), matches, seed, options: None, search: TEST_SEARCH }
}

#[test]
fn the_arena_replays_from_its_seed() {
    let seats = [BotLevel::Hard, BotLevel::Normal, BotLevel::Easy, BotLevel::Random];
    let config = arena_config(GameKind::CrazyEights, &seats, 3, 42);
    let first = arena::run(&config, &mut ()).expect("runs");
    let again = arena::run(&config, &mut ()).expect("runs");
    assert_eq!(first, again);
    assert_eq!(first.matches, 3);
    assert!(first.wins.iter().sum::<u64>() >= 3, "every match has a winner");
    assert!(first.iterations[0].iter().any(|&iterations| iterations > 0), "Hard searched");
    let most = TEST_SEARCH.iterations.map(|budget| budget * crate::bots::determinize::WEIGHTY_PERCENT / 100);
    assert!(first.iterations[0].iter().all(|&iterations| Some(iterations) <= most), "within its budget");
    assert!(first.iterations[1].iter().all(|&iterations| iterations == 0), "Normal does not search");
    assert_eq!(first.iterations[2].len() as u64, first.decisions[2]);
    let other = arena::run(&arena_config(GameKind::CrazyEights, &seats, 3, 43), &mut ()).expect("runs");
    assert_ne!(first.decisions, other.decisions, "another seed plays other matches");
}

/// The ceilings a measurement seats replay from their seed too; the perfect-information bot
/// searches its own budget, the budget multiple ten times Hard's.
#[test]
fn the_ceilings_replay_from_their_seed() {
    let config = ArenaConfig {
        seats: vec![ArenaSeat::PERFECT_HARD, ArenaSeat::hard_times(10), BotLevel::Hard.into(), BotLevel::Normal.into()],
        ..arena_config(GameKind::CrazyEights, &[], 2, 9)
    };
    let first = arena::run(&config, &mut ()).expect("runs");
    assert_eq!(first, arena::run(&config, &mut ()).expect("runs"));
    assert_eq!(first.seats, config.seats);
    let most = |seat: usize| first.iterations[seat].iter().copied().max().unwrap_or(0);
    let budget = TEST_SEARCH.iterations.expect("the tests' budget");
    assert!(most(0) > 0 && most(0) <= budget * crate::bots::determinize::WEIGHTY_PERCENT / 100, "perfect: Hard's budget");
    assert!(most(1) > budget * crate::bots::determinize::WEIGHTY_PERCENT / 100, "10x: more than Hard's budget");
    assert!(most(2) <= budget * crate::bots::determinize::WEIGHTY_PERCENT / 100, "Hard: its budget");
}

/// Every game seats every level and plays a match to its end; a bad table is refused.
#[test]
fn every_game_seats_every_level() {
    for &game in GameKind::ALL {
        let seats = if game == GameKind::Dunno {
            vec![BotLevel::Hard, BotLevel::Normal, BotLevel::Easy, BotLevel::Random]
        } else {
            vec![BotLevel::Random, BotLevel::Easy, BotLevel::Normal, BotLevel::Hard]
        };
        let config = ArenaConfig { options: Some(single_round(game)), ..arena_config(game, &seats, 1, 5) };
        let report = arena::run(&config, &mut ()).unwrap_or_else(|error| panic!("{game}: {error}"));
        assert_eq!(report.matches, 1, "{game}");
        assert!(report.decisions.iter().all(|&decisions| decisions > 0), "{game}: every seat decided: {:?}", report.decisions);
    }
    let lonely = arena_config(GameKind::Youglouf, &[BotLevel::Normal], 1, 1);
    assert!(matches!(arena::run(&lonely, &mut ()), Err(arena::ArenaError::Setup(_))));
    let bad_options = ArenaConfig {
        options: Some(serde_json::json!({ "no_such_option": 1 })),
        ..arena_config(GameKind::Dunno, &[BotLevel::Easy; 3], 1, 1)
    };
    assert!(matches!(arena::run(&bad_options, &mut ()), Err(arena::ArenaError::Options { .. })));
}

/// Options that make a match one round (one deal), to keep debug tests quick.
pub(super) fn single_round(game: GameKind) -> serde_json::Value {
    match game {
        GameKind::CrazyEights | GameKind::Youglouf => serde_json::json!({ "score_limit": 0 }),
        GameKind::Fool108 => serde_json::json!({ "score_limit": 1 }),
        GameKind::HundredOne | GameKind::Dunno => serde_json::json!({}),
    }
}

/// Four seats: a random player wins about a quarter of the matches. Normal against three
/// Random players wins far more (measured: well over half); the threshold leaves room for luck.
#[test]
fn normal_clearly_beats_random_at_crazy_eights() {
    let config = arena_config(GameKind::CrazyEights, &[BotLevel::Normal, BotLevel::Random, BotLevel::Random, BotLevel::Random], 200, 2024);
    let report = arena::run(&config, &mut ()).expect("runs");
    let rate = report.wins[0] as f64 / 200.0;
    assert!(rate > 0.45, "Normal won only {rate:.2} of 200 matches against three Random players");
}

/// RULES.md §2 "One!": Normal calls it the moment it may, in or out of turn; Easy calls it
/// only on its own turn and forgets it for some hands.
#[test]
fn normal_calls_one_at_once_and_easy_sometimes_forgets() {
    let seats = [BotLevel::Normal, BotLevel::Easy, BotLevel::Easy, BotLevel::Easy];
    let (mut normal_offers, mut easy_calls, mut easy_slips) = (0, 0, 0);
    let mut inspect = |offer: Offer<'_, Fool108>| {
        if !(offer.optional && offer.offered.contains(&Fool108Action::One)) {
            return;
        }
        if offer.seat == Seat(0) {
            normal_offers += 1;
            assert_eq!(offer.answer, Some(Fool108Action::One), "Normal calls \"One!\" when offered");
        } else if offer.view.header.turn == offer.seat {
            match offer.answer {
                Some(_) => easy_calls += 1,
                None => easy_slips += 1,
            }
        } else {
            assert_eq!(offer.answer, None, "Easy thinks of \"One!\" only on its turn");
        }
    };
    arena::run_inspected::<Fool108>(&arena_config(GameKind::Fool108, &seats, 20, 3), &mut (), &mut inspect).expect("runs");
    assert!(normal_offers > 10, "only {normal_offers} offers to Normal");
    assert!(easy_calls > easy_slips && easy_slips > 0, "Easy called {easy_calls} times and forgot {easy_slips} times");
}

/// RULES.md §5 "Snapping": Normal snaps exactly the cards it knows match the top, so never
/// wrongly; Easy misses some of those (too late) and is never wrong either.
#[test]
fn normal_snaps_every_card_it_knows_and_easy_misses_some() {
    let seats = [BotLevel::Normal, BotLevel::Easy, BotLevel::Normal, BotLevel::Easy];
    let (mut normal_snaps, mut easy_snaps, mut easy_misses) = (0, 0, 0);
    let mut inspect = |offer: Offer<'_, Youglouf>| {
        if !offer.optional {
            return;
        }
        let top = offer.view.open_deck.last().copied().expect("a snap window has a top card");
        let knows_match =
            offer.view.slots[offer.seat].iter().any(|slot| matches!(slot, SlotView::Known(card) if card.rank() == top.rank()));
        if let Some(YougloufAction::Snap(slot)) = offer.answer {
            let card = offer.game.round().card_at(offer.seat, usize::from(slot)).expect("a snap names a card");
            assert_eq!(card.rank(), top.rank(), "a bot snapped a card that does not match");
        }
        let is_normal = offer.seat.index().is_multiple_of(2);
        match (is_normal, knows_match, offer.answer.is_some()) {
            (true, true, true) => normal_snaps += 1,
            (true, known, snapped) => assert_eq!(known, snapped, "Normal snaps exactly what it knows matches"),
            (false, true, true) => easy_snaps += 1,
            (false, true, false) => easy_misses += 1,
            (false, false, _) => {}
        }
    };
    arena::run_inspected::<Youglouf>(&arena_config(GameKind::Youglouf, &seats, 3, 8), &mut (), &mut inspect).expect("runs");
    assert!(
        normal_snaps > 0 && easy_snaps > 0 && easy_misses > 0,
        "Normal {normal_snaps}, Easy {easy_snaps} snaps and {easy_misses} misses"
    );
}
