//! Bots: legality at every level, the arena's determinism, strength, and the search finding
//! an obvious win.

use crate::card::{Card, parse_cards};
use crate::event::NoEvents;
use crate::game::{Game, Phase, TableSetup};
use crate::games::crazy_eights::{CrazyEights, CrazyEightsAction, CrazyEightsOptions, CrazyEightsView, DrawTwo, ToFollow};
use crate::registry::GameKind;
use crate::rng::GameRng;
use crate::seat::{BySeat, Seat, Viewer};
use crate::sim::random_step;

use super::arena::{self, ArenaConfig};
use super::bot::{Bot, BotLevel};
use super::ismcts::{IsmctsBot, IsmctsConfig};
use super::roster::make_bot;

/// A small search budget so debug-build tests stay quick.
const TEST_SEARCH: IsmctsConfig = IsmctsConfig { iterations: 48, exploration: super::ismcts::DEFAULT_EXPLORATION };

fn cards(text: &str) -> Vec<Card> {
    parse_cards(text).expect("test cards are valid")
}

fn arena_config(seats: &[BotLevel], matches: u64, seed: u64) -> ArenaConfig {
    ArenaConfig { game: GameKind::CrazyEights, seats: seats.to_vec(), matches, seed, options: None, hard: TEST_SEARCH }
}

#[test]
fn levels_have_stable_ids_in_text_and_serde() {
    for level in BotLevel::ALL {
        assert_eq!(level.to_string().parse::<BotLevel>(), Ok(level));
        assert_eq!(serde_json::to_string(&level).expect("json"), format!("\"{}\"", level.id()));
    }
    assert_eq!(" Hard ".parse::<BotLevel>(), Ok(BotLevel::Hard));
    assert!("expert".parse::<BotLevel>().is_err());
}

/// Many random positions (every table size, every 2s rule): every level answers with one of
/// the legal actions it was given, from the seat's own view.
#[test]
fn no_level_ever_chooses_an_illegal_action() {
    let mut bots: Vec<Box<dyn Bot<CrazyEights>>> = BotLevel::ALL.iter().map(|&level| make_bot::<CrazyEights>(level, TEST_SEARCH)).collect();
    let mut policy = GameRng::from_seed(17);
    let mut bot_rng = GameRng::from_seed(18);
    let mut actions = Vec::new();
    let mut decisions = 0;
    for (index, draw_two) in [DrawTwo::Literal, DrawTwo::Skip, DrawTwo::Stack].into_iter().cycle().take(42).enumerate() {
        let players = 2 + index % 7;
        let options = CrazyEightsOptions { draw_two, score_limit: 100 };
        let mut game = CrazyEights::new_match(TableSetup::new(players, 100 + index as u64), options, None).expect("table");
        for step in 0..160 {
            match game.phase() {
                Phase::Playing => {}
                Phase::RoundOver => {
                    game.start_next_round(None, &mut NoEvents).expect("deals");
                    continue;
                }
                Phase::MatchOver => break,
            }
            if step % 3 == 0 {
                let seat = game.to_act().first().expect("a seat to act");
                let view = game.view(Viewer::Seat(seat));
                assert_eq!(view.hand.as_deref(), Some(game.round().hands[seat].to_vec().as_slice()), "a bot sees its own hand only");
                let legal = game.legal_actions(seat);
                for bot in &mut bots {
                    let decision = bot.decide(seat, &view, &legal, &mut bot_rng).expect("a seat to act gets an answer");
                    assert!(legal.contains(&decision.action), "{} chose {} among {legal:?}", bot.level(), decision.action);
                    let mut probe = game.clone();
                    probe.apply_with(seat, decision.action, &mut NoEvents).expect("the chosen action applies");
                    decisions += 1;
                }
            }
            let (seat, action) = random_step(&game, &mut policy, &mut actions).expect("a decision");
            game.apply_with(seat, action, &mut NoEvents).expect("legal");
        }
    }
    assert!(decisions > 1_000, "only {decisions} decisions were checked");
    for bot in &mut bots {
        assert_eq!(bot.decide(Seat(0), &dummy_view(), &[], &mut bot_rng), None, "no legal action, no answer");
    }
}

fn dummy_view() -> CrazyEightsView {
    CrazyEights::new_match(TableSetup::new(2, 1), CrazyEightsOptions::default(), None).expect("table").view(Viewer::Seat(Seat(0)))
}

#[test]
fn the_arena_replays_from_its_seed() {
    let seats = [BotLevel::Hard, BotLevel::Normal, BotLevel::Easy, BotLevel::Random];
    let first = arena::run(&arena_config(&seats, 3, 42), &mut ()).expect("runs");
    let again = arena::run(&arena_config(&seats, 3, 42), &mut ()).expect("runs");
    assert_eq!(first, again);
    assert_eq!(first.matches, 3);
    assert!(first.wins.iter().sum::<u64>() >= 3, "every match has a winner");
    assert!(first.iterations[0].contains(&TEST_SEARCH.iterations), "Hard searched");
    assert!(first.iterations[1].iter().all(|&iterations| iterations == 0), "Normal does not search");
    assert_eq!(first.iterations[2].len() as u64, first.decisions[2]);
    let other = arena::run(&arena_config(&seats, 3, 43), &mut ()).expect("runs");
    assert_ne!(first.decisions, other.decisions, "another seed plays other matches");
}

#[test]
fn the_arena_refuses_levels_a_game_lacks_and_runs_random_everywhere() {
    let config = ArenaConfig { game: GameKind::Fool108, ..arena_config(&[BotLevel::Normal, BotLevel::Random], 1, 1) };
    assert!(matches!(arena::run(&config, &mut ()), Err(arena::ArenaError::NoBot { level: BotLevel::Normal, .. })));
    for &game in GameKind::ALL {
        let range = game.visit(SeatRange);
        let config = ArenaConfig { game, ..arena_config(&vec![BotLevel::Random; range], 2, 5) };
        let report = arena::run(&config, &mut ()).unwrap_or_else(|error| panic!("{game}: {error}"));
        assert_eq!(report.matches, 2, "{game}");
    }
}

/// The smallest seat count of a game, for the all-Random arena run.
struct SeatRange;

impl crate::registry::GameVisitor for SeatRange {
    type Output = usize;
    fn visit<G: Game>(self) -> usize {
        *G::seat_range(&G::Options::default()).start().max(&2)
    }
}

/// Win rate of seat 0 over `matches`, with the other seats at `others`.
fn seat_zero_win_rate(level: BotLevel, others: BotLevel, matches: u64, seed: u64) -> f64 {
    let report = arena::run(&arena_config(&[level, others, others, others], matches, seed), &mut ()).expect("runs");
    report.wins[0] as f64 / matches as f64
}

/// Four seats: a random player wins about a quarter of the matches. Normal against three
/// Random players wins far more (measured: well over half); the threshold leaves room for luck.
#[test]
fn normal_clearly_beats_random() {
    let rate = seat_zero_win_rate(BotLevel::Normal, BotLevel::Random, 200, 2024);
    assert!(rate > 0.45, "Normal won only {rate:.2} of 200 matches against three Random players");
}

/// A view of seat 1 at a two-seat table where it holds `hand`, the opponent holds
/// `opponent_cards` cards, and `top` is alone on the pile; the rest is in the stock.
fn stacked_view(hand: &str, opponent_cards: usize, top: &str) -> CrazyEightsView {
    let game = CrazyEights::new_match(TableSetup::new(2, 9), CrazyEightsOptions::default(), None).expect("table");
    let mut view = game.view(Viewer::Seat(Seat(1)));
    let hand = cards(hand);
    let top: Card = top.parse().expect("test card");
    view.hand = Some(hand.clone());
    view.hand_sizes = BySeat::from(vec![opponent_cards, hand.len()]);
    view.top = top;
    view.pile_cards = vec![top];
    view.pile = 1;
    view.to_follow = ToFollow { suit: top.suit().expect("standard card"), rank: top.rank() };
    view.stock = 104 - 1 - hand.len() - opponent_cards;
    view.turn = Seat(1);
    view
}

fn legal_in(view: &CrazyEightsView) -> Vec<CrazyEightsAction> {
    let mut rng = GameRng::from_seed(0);
    let state = <CrazyEights as super::Determinize>::determinize(view, Seat(1), &mut rng).expect("the stacked view is consistent");
    state.legal_actions(Seat(1))
}

/// With one playable card left, the search plays it and wins the round.
#[test]
fn the_search_plays_its_last_card() {
    let view = stacked_view("KS", 3, "KC");
    let legal = legal_in(&view);
    assert_eq!(legal.len(), 2, "play KS or draw: {legal:?}");
    let mut bot = IsmctsBot::new(IsmctsConfig { iterations: 200, ..IsmctsConfig::default() });
    let decision = Bot::<CrazyEights>::decide(&mut bot, Seat(1), &view, &legal, &mut GameRng::from_seed(1)).expect("answers");
    assert_eq!(decision.action, CrazyEightsAction::Play(cards("KS")[0]));
    assert_eq!(decision.iterations, 200);
}

/// Two players, the opponent down to one card: the Queen skips them and the four then goes
/// out; leading the four first would give them the chance to go out. The search sees it.
#[test]
fn the_search_skips_an_opponent_about_to_go_out() {
    let view = stacked_view("QS 4S", 1, "KS");
    let legal = legal_in(&view);
    let mut bot = IsmctsBot::new(IsmctsConfig { iterations: 400, ..IsmctsConfig::default() });
    let decision = Bot::<CrazyEights>::decide(&mut bot, Seat(1), &view, &legal, &mut GameRng::from_seed(2)).expect("answers");
    assert_eq!(decision.action, CrazyEightsAction::Play(cards("QS")[0]));
}
