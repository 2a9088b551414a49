//! The conformance suite every registered game must pass (DEVELOPERS' "generic conformance
//! suite"): card conservation, legal actions apply, illegal ones are refused with the state
//! unchanged, rounds and matches end, same seed same match, serde round-trips, and no view
//! holds a card its viewer may not see. Written once; it runs over `GameKind::ALL`.

use std::collections::HashSet;

use cardtable_engine::card_set::{CardCounts, count_cards};
use cardtable_engine::{Card, Game, GameKind, GameRng, GameVisitor, Phase, Seat, TableSetup, Viewer, places};
use proptest::prelude::*;

/// Steps after which a match is stopped (still fully checked up to there).
const MAX_STEPS: usize = 6_000;

/// One step of a recorded match, to replay it.
#[derive(Clone)]
enum Step<A> {
    Act(Seat, A),
    NextRound,
}

/// Every card string anywhere in a JSON value.
fn cards_in_json(value: &serde_json::Value, out: &mut Vec<Card>) {
    match value {
        serde_json::Value::String(text) => {
            if let Ok(card) = text.parse::<Card>() {
                out.push(card);
            }
        }
        serde_json::Value::Array(items) => items.iter().for_each(|item| cards_in_json(item, out)),
        serde_json::Value::Object(fields) => fields.values().for_each(|item| cards_in_json(item, out)),
        _ => {}
    }
}

/// The cards a JSON value reveals: per top-level field, the most copies of each card that
/// field shows. A view may name one physical card twice (your hand, then the revealed hands at
/// round end), which is not a second copy.
fn revealed_cards(value: &serde_json::Value) -> CardCounts {
    let mut revealed = [0; cardtable_engine::card::CARD_KINDS];
    let fields: Vec<&serde_json::Value> = match value {
        serde_json::Value::Object(fields) => fields.values().collect(),
        other => vec![other],
    };
    for field in fields {
        let mut shown = Vec::new();
        cards_in_json(field, &mut shown);
        for (most, count) in revealed.iter_mut().zip(count_cards(&shown)) {
            *most = (*most).max(count);
        }
    }
    revealed
}

/// `what` names the thing shown, worded only when the check fails (it runs for every viewer at
/// every step).
fn assert_within(shown: &CardCounts, known: &CardCounts, what: impl Fn() -> String) {
    for (index, (&shown, &known)) in shown.iter().zip(known).enumerate() {
        if shown > known {
            let card = Card::from_index(index as u8).expect("index < 54");
            panic!("{} shows {card} {shown} time(s) but its viewer may know it only {known} time(s)", what());
        }
    }
}

fn round_trip<T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug>(value: &T, what: &str) {
    let json = serde_json::to_string(value).unwrap_or_else(|error| panic!("{what} does not serialize: {error}"));
    let back: T = serde_json::from_str(&json).unwrap_or_else(|error| panic!("{what} does not deserialize: {error}\n{json}"));
    assert_eq!(&back, value, "{what} changes through serde");
}

/// Views hold only what their viewer may know, and survive serde. Returns each seat's view as
/// JSON, in seat order (for [`check_revealed`], which would otherwise write them again).
fn check_views<G: Game>(game: &G) -> Vec<serde_json::Value> {
    let mut seat_views = Vec::with_capacity(game.players());
    let viewers = Seat::all(game.players()).map(Viewer::Seat).chain([Viewer::Spectator]);
    for viewer in viewers {
        let view = game.view(viewer);
        round_trip(&view, "a view");
        let json = serde_json::to_value(&view).expect("view json");
        assert_within(&revealed_cards(&json), &game.known_counts(viewer), || format!("{viewer:?}'s view"));
        if matches!(viewer, Viewer::Seat(_)) {
            seat_views.push(json);
        }
    }
    seat_views
}

/// The replay's reveal: the seats' hands face up are real cards (together never more copies
/// than the table holds), and a seat's revealed hand is the hand its own view shows, where the
/// game's view has one.
fn check_revealed<G: Game>(game: &G, seat_views: &[serde_json::Value]) {
    let mut together = Vec::new();
    for (seat, view) in Seat::all(game.players()).zip(seat_views) {
        let mut revealed = game.revealed_hand(seat);
        together.extend_from_slice(&revealed);
        if let Some(hand) = view.get("hand").filter(|hand| !hand.is_null()) {
            let mut own = Vec::new();
            cards_in_json(hand, &mut own);
            own.sort_unstable();
            revealed.sort_unstable();
            assert_eq!(revealed, own, "{seat}'s revealed hand is the hand its view shows");
        }
    }
    assert_within(&count_cards(&together), &game.card_counts(), || "the revealed hands".to_owned());
}

/// Events survive serde and show each viewer only cards it may know.
fn check_events<G: Game>(game: &G, events: &[cardtable_engine::Addressed<G::Event>]) {
    // Each event's cards are worked out once, then checked for every viewer it goes to.
    let mut revealed = Vec::with_capacity(events.len());
    for event in events {
        round_trip(event, "an event");
        revealed.push(revealed_cards(&serde_json::to_value(&event.event).expect("event json")));
    }
    for viewer in Seat::all(game.players()).map(Viewer::Seat).chain([Viewer::Spectator]) {
        let known = game.known_counts(viewer);
        let seen = events.iter().zip(&revealed).filter(|(event, _)| event.audience.includes(viewer));
        for (event, shown) in seen {
            assert_within(shown, &known, || format!("{:?} for {viewer:?}", event.event));
        }
    }
}

/// Applying `action` as `seat` must fail and leave the state exactly as it was.
fn assert_refused<G: Game>(game: &mut G, seat: Seat, action: G::Action) {
    let before = game.clone();
    let result = game.apply(seat, action);
    assert!(result.is_err(), "{seat} could apply {action} although it was not among its legal actions");
    assert_eq!(*game, before, "a refused {action} by {seat} changed the state");
}

fn play_and_check<G: Game>(players: usize, seed: u64, options: &G::Options) -> (G, Vec<Step<G::Action>>) {
    let options = options.clone();
    let deck = count_cards(&G::deck_kind(&options).cards());
    let setup = TableSetup::new(players, seed);
    let mut first_deal = Vec::new();
    let mut game = G::start_match(setup, options.clone(), None, &mut first_deal).expect("a table in the game's seat range sets up");
    assert_eq!(game, G::new_match(setup, options, None).expect("sets up"), "events or not, the same deal");
    assert!(!first_deal.is_empty(), "the first deal is told to the table");
    check_events(&game, &first_deal);
    let mut rng = GameRng::from_seed(seed ^ 0xC0FF_EE00);
    let mut seen: Vec<G::Action> = Vec::new();
    let mut seen_set: HashSet<G::Action> = HashSet::new();
    let mut log = Vec::new();
    let mut round_steps = 0u32;
    for step in 0..MAX_STEPS {
        assert_eq!(game.card_counts(), deck, "cards were created or lost after step {step}");
        let seat_views = check_views(&game);
        check_revealed(&game, &seat_views);
        if step % 25 == 0 {
            round_trip(&game, "the game state");
        }
        match game.phase() {
            Phase::MatchOver => {
                assert!(game.to_act().is_empty(), "nobody acts after the match");
                assert!(game.waiting_for().is_empty(), "nobody is waited for after the match");
                let result = game.match_result().expect("a decided match has a result");
                assert!(!result.winners.is_empty() || !result.losers.is_empty(), "a decided match names winners or losers");
                // The standings agree with the result: where anybody won, a seat placed first
                // by its total is a winner (everybody loses when every total passes the limit).
                let totals = game.last_round().expect("a decided match has rounds").totals.clone();
                for (seat, &place) in places(&totals, G::BETTER).seats() {
                    let won = result.winners.is_empty() || result.winners.contains(seat);
                    assert!(place > 1 || won, "{seat} leads on {totals:?} but did not win: {result:?}");
                }
                assert!(game.start_next_round(None, &mut Vec::new()).is_err(), "no round after the match");
                break;
            }
            Phase::RoundOver => {
                assert!(game.to_act().is_empty(), "nobody acts between rounds");
                assert!(game.waiting_for().is_empty(), "nobody is waited for between rounds");
                assert!(game.last_round().is_some(), "a finished round has a result");
                if let Some(&action) = seen.first() {
                    assert_refused(&mut game, Seat(0), action);
                }
                let mut deal = Vec::new();
                game.start_next_round(None, &mut deal).expect("the next round deals");
                check_events(&game, &deal);
                log.push(Step::NextRound);
                round_steps = 0;
            }
            Phase::Playing => {
                round_steps += 1;
                assert!(round_steps <= setup.turn_cap + 1, "a round went past the turn cap without ending");
                let to_act = game.to_act();
                assert!(!to_act.is_empty(), "a round in play has someone to act");
                let waiting_for = game.waiting_for();
                assert!(!waiting_for.is_empty(), "a round in play waits for someone: optional decisions alone would stall it");
                assert!(waiting_for.is_subset_of(to_act), "the round waits only for seats that have a decision");
                for seat in Seat::all(players) {
                    let legal = game.legal_actions(seat);
                    assert_eq!(legal, game.legal_actions(seat), "legal actions are deterministic");
                    assert_eq!(to_act.contains(seat), !legal.is_empty(), "{seat} is to act exactly when it has legal actions");
                    for action in &legal {
                        let text = action.to_string();
                        assert_eq!(text.parse::<G::Action>().as_ref(), Ok(action), "notation round trip of {text}");
                        round_trip(action, "an action");
                        if seen_set.insert(*action) {
                            seen.push(*action);
                        }
                    }
                    // Actions seen earlier that are not legal now must be refused untouched.
                    let legal: HashSet<G::Action> = legal.into_iter().collect();
                    for &action in seen.iter().rev().filter(|action| !legal.contains(action)).take(6) {
                        assert_refused(&mut game, seat, action);
                    }
                }
                let seat = to_act.iter().nth(rng.below(to_act.len())).expect("non-empty");
                let legal = game.legal_actions(seat);
                let action = legal[rng.below(legal.len())];
                let events = game.apply(seat, action).unwrap_or_else(|error| panic!("legal {action} by {seat} was refused: {error}"));
                check_events(&game, &events);
                log.push(Step::Act(seat, action));
            }
        }
    }
    (game, log)
}

fn replay<G: Game>(players: usize, seed: u64, options: &G::Options, log: &[Step<G::Action>]) -> G {
    let mut game = G::new_match(TableSetup::new(players, seed), options.clone(), None).expect("sets up");
    for step in log {
        match step {
            Step::Act(seat, action) => {
                game.apply(*seat, *action).expect("a replayed action applies");
            }
            Step::NextRound => game.start_next_round(None, &mut Vec::new()).expect("replayed deal"),
        }
    }
    game
}

/// House-rule presets the suite plays besides the defaults, so every option's code path is
/// held to the same contract (Youglouf's two-player option opens its 2-seat table).
fn presets(kind: GameKind) -> Vec<serde_json::Value> {
    let mut presets = vec![serde_json::json!({})];
    presets.extend(match kind {
        GameKind::CrazyEights => {
            vec![serde_json::json!({"draw_two": "skip", "score_limit": 0}), serde_json::json!({"draw_two": "stack", "score_limit": 60})]
        }
        GameKind::Fool108 => vec![serde_json::json!({"score_limit": 40, "one_penalty": 0, "reshuffle_penalty_step": 20})],
        GameKind::HundredOne => vec![],
        GameKind::Dunno => vec![serde_json::json!({"wins_to_match": 2})],
        GameKind::Youglouf => vec![serde_json::json!({"allow_two_players": true, "score_limit": 40})],
    });
    presets
}

struct Conformance<'a> {
    players: Option<usize>,
    seed: u64,
    options: &'a serde_json::Value,
}

impl GameVisitor for Conformance<'_> {
    type Output = ();
    fn visit<G: Game>(self) {
        let options: G::Options =
            serde_json::from_value(self.options.clone()).unwrap_or_else(|error| panic!("preset {}: {error}", self.options));
        let range = G::seat_range(&options);
        let player_counts: Vec<usize> = match self.players {
            Some(pick) => vec![range.start() + pick % (range.end() - range.start() + 1)],
            None => range.collect(),
        };
        for players in player_counts {
            let (game, log) = play_and_check::<G>(players, self.seed + players as u64, &options);
            assert_eq!(
                replay::<G>(players, self.seed + players as u64, &options, &log),
                game,
                "same seed and actions must replay the same match"
            );
            round_trip(&game, "the final state");
        }
    }
}

struct BadTables;

impl GameVisitor for BadTables {
    type Output = ();
    fn visit<G: Game>(self) {
        let range = G::seat_range(&G::Options::default());
        for players in [range.start() - 1, range.end() + 1] {
            assert!(G::new_match(TableSetup::new(players, 1), G::Options::default(), None).is_err(), "{players} players refused");
        }
        let mut setup = TableSetup::new(*range.start(), 1);
        setup.dealer = Seat(*range.start() as u8);
        assert!(G::new_match(setup, G::Options::default(), None).is_err(), "a dealer off the table is refused");
    }
}

#[test]
fn every_game_conforms_at_every_seat_count_and_house_rule_preset() {
    use rayon::prelude::*;
    // Every game, preset and seed on its own: on every core (this was the engine tests' longest
    // wait, alone on one core at the end of the run).
    let cases: Vec<(GameKind, serde_json::Value, u64)> = GameKind::ALL
        .iter()
        .flat_map(|&kind| presets(kind).into_iter().flat_map(move |options| (0..3).map(move |seed| (kind, options.clone(), seed))))
        .collect();
    cases.par_iter().for_each(|(kind, options, seed)| kind.visit(Conformance { players: None, seed: seed * 1_000, options }));
}

#[test]
fn every_game_refuses_impossible_tables() {
    for &kind in GameKind::ALL {
        kind.visit(BadTables);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]
    #[test]
    fn every_game_conforms_for_any_seed(seed in 0..u64::MAX / 2, pick in 0usize..8, preset in 0usize..3) {
        for &kind in GameKind::ALL {
            let presets = presets(kind);
            kind.visit(Conformance { players: Some(pick), seed, options: &presets[preset % presets.len()] });
        }
    }
}
