//! The search finds what an obvious position asks for, and stops once its choice is safe.

use crate::bots::ismcts::{IsmctsBot, IsmctsConfig};
use crate::bots::{Bot, Determinize};
use crate::card::{Card, parse_cards};
use crate::game::{Game, TableSetup};
use crate::games::crazy_eights::{CrazyEights, CrazyEightsAction, CrazyEightsOptions, CrazyEightsView, ToFollow};
use crate::rng::GameRng;
use crate::seat::{BySeat, Seat, Viewer};

fn card(text: &str) -> Card {
    parse_cards(text).expect("a test card")[0]
}

/// A view of seat 1 at a two-seat table where it holds `hand`, the opponent holds
/// `opponent_cards` cards, and `top` is alone on the pile; the rest is in the stock.
fn stacked_view(hand: &str, opponent_cards: usize, top: &str) -> CrazyEightsView {
    let game = CrazyEights::new_match(TableSetup::new(2, 9), CrazyEightsOptions::default(), None).expect("table");
    let mut view = game.view(Viewer::Seat(Seat(1)));
    let hand = parse_cards(hand).expect("test cards");
    let top = card(top);
    view.hand_sizes = BySeat::from(vec![opponent_cards, hand.len()]);
    view.stock = 104 - 1 - hand.len() - opponent_cards;
    view.hand = Some(hand);
    view.top = top;
    view.pile_cards = vec![top];
    view.pile = 1;
    view.to_follow = ToFollow { suit: top.suit().expect("standard card"), rank: top.rank() };
    view.header.turn = Seat(1);
    view
}

fn legal_in(view: &CrazyEightsView) -> Vec<CrazyEightsAction> {
    let state = CrazyEights::determinize(view, Seat(1), &mut GameRng::from_seed(0)).expect("the stacked view is consistent");
    state.legal_actions(Seat(1))
}

/// With one playable card left, the search plays it, wins the round, and stops early: no
/// other move can catch up.
#[test]
fn the_search_plays_its_last_card_and_stops_early() {
    let view = stacked_view("KS", 3, "KC");
    let legal = legal_in(&view);
    assert_eq!(legal.len(), 2, "play KS or draw: {legal:?}");
    let mut bot = IsmctsBot::new(IsmctsConfig::with_iterations(2_000));
    let decision = Bot::<CrazyEights>::decide(&mut bot, Seat(1), &view, &legal, &mut GameRng::from_seed(1)).expect("answers");
    assert_eq!(decision.action, CrazyEightsAction::Play(card("KS")));
    assert!(decision.iterations > 0 && decision.iterations < 2_000, "stopped after {} iterations", decision.iterations);
}

/// Two players, the opponent down to one card: the Queen skips them and the four then goes
/// out; leading the four first would give them the chance to go out. The search sees it.
#[test]
fn the_search_skips_an_opponent_about_to_go_out() {
    let view = stacked_view("QS 4S", 1, "KS");
    let legal = legal_in(&view);
    let mut bot = IsmctsBot::new(IsmctsConfig::with_iterations(400));
    let decision = Bot::<CrazyEights>::decide(&mut bot, Seat(1), &view, &legal, &mut GameRng::from_seed(2)).expect("answers");
    assert_eq!(decision.action, CrazyEightsAction::Play(card("QS")));
}

/// A forced move is not searched; no legal move, no answer.
#[test]
fn a_forced_move_is_taken_without_search() {
    let view = stacked_view("KS", 3, "KC");
    let mut bot = IsmctsBot::new(IsmctsConfig::with_iterations(400));
    let draw = [CrazyEightsAction::Draw];
    let decision = Bot::<CrazyEights>::decide(&mut bot, Seat(1), &view, &draw, &mut GameRng::from_seed(3)).expect("answers");
    assert_eq!((decision.action, decision.iterations), (CrazyEightsAction::Draw, 0));
    assert_eq!(Bot::<CrazyEights>::decide(&mut bot, Seat(1), &view, &[], &mut GameRng::from_seed(3)), None);
}

/// Root parallelisation is deterministic: the same seed gives the same decision and the same
/// iterations on one thread and on rayon's pool, and a different seed can change the
/// iterations (the trees really sample).
#[test]
fn the_search_answers_alike_on_one_thread_and_on_every_core() {
    use crate::bots::ismcts::Threads;
    let view = stacked_view("QS 4S 7H 9H 8D", 3, "KS");
    let legal = legal_in(&view);
    let bot = IsmctsBot::new(IsmctsConfig::with_iterations(600));
    let mut iterations = Vec::new();
    for seed in 0..6 {
        let one = bot.on(Threads::One).decide_until::<CrazyEights>(Seat(1), &view, &legal, &mut GameRng::from_seed(seed), &|| false);
        let all = bot.on(Threads::All).decide_until::<CrazyEights>(Seat(1), &view, &legal, &mut GameRng::from_seed(seed), &|| false);
        assert_eq!(one, all, "seed {seed}");
        for pool_size in [1, 2, 5] {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(pool_size).build().expect("a pool");
            let pooled = pool.install(|| {
                bot.on(Threads::All).decide_until::<CrazyEights>(Seat(1), &view, &legal, &mut GameRng::from_seed(seed), &|| false)
            });
            assert_eq!(one, pooled, "seed {seed}, a pool of {pool_size}: the seeded mode ignores the pool's size");
        }
        iterations.push(one.expect("answers").iterations);
    }
    // The hand holds an eight: a weighty decision, twice the budget at most.
    assert!(iterations.iter().all(|&count| count > 0 && count <= 1_200), "{iterations:?}");
}

/// A timed decision (the app's thinking time) grows its trees at once on threads of its own,
/// one per core, and the iteration cap holds for each tree: a clock that never runs out lets
/// one thread run the cap, and every core the cap on each core (issue 31: a many-core machine
/// thinks more in the same time, not the same amount sooner).
#[test]
fn a_timed_decision_runs_its_cap_on_each_core() {
    use crate::bots::ismcts::{ThinkClock, Threads};
    let view = stacked_view("QS 4S 7H 9H 5D", 3, "KS");
    let legal = legal_in(&view);
    let never_over = ThinkClock { start: || 0, over: |_| false };
    let cores = rayon::current_num_threads();
    for (threads, trees) in [(Threads::One, 1), (Threads::All, cores)] {
        let mut bot = IsmctsBot::new(IsmctsConfig::with_iterations(300).without_early_stop()).on(threads).timed(Some(never_over));
        let decision = Bot::<CrazyEights>::decide(&mut bot, Seat(1), &view, &legal, &mut GameRng::from_seed(5)).expect("answers");
        assert_eq!(decision.iterations as usize, 300 * trees, "{threads:?}");
    }
    let over_at_once = ThinkClock { start: || 0, over: |_| true };
    let mut bot = IsmctsBot::new(IsmctsConfig::with_iterations(300_000).without_early_stop()).timed(Some(over_at_once));
    let decision = Bot::<CrazyEights>::decide(&mut bot, Seat(1), &view, &legal, &mut GameRng::from_seed(5)).expect("answers");
    assert!(decision.iterations < 300_000, "the clock ends it: {} iterations", decision.iterations);
}

/// Issue 18, "spend the budget where it matters": with the early stop off, a decision with an
/// eight to play (its suit to name) runs twice the budget, a choice among plain moves the
/// budget, and a forced move none.
#[test]
fn the_budget_goes_where_the_decision_matters() {
    let bot = IsmctsBot::new(IsmctsConfig::with_iterations(200).without_early_stop()).on(crate::bots::ismcts::Threads::One);
    let iterations = |hand: &str, top: &str| {
        let view = stacked_view(hand, 3, top);
        let legal = legal_in(&view);
        let decision = bot.decide_until::<CrazyEights>(Seat(1), &view, &legal, &mut GameRng::from_seed(5), &|| false);
        (legal.len(), decision.expect("answers").iterations)
    };
    let (choices, with_an_eight) = iterations("8D 4S", "KS");
    assert!(choices > 2, "the eight names one of four suits: {choices}");
    assert_eq!(with_an_eight, 400);
    assert_eq!(iterations("4S 7S", "KS"), (3, 200), "two spades or a draw");
    assert_eq!(iterations("4S 7H", "KS"), (2, 200), "the four or a draw");
    assert_eq!(iterations("4H", "KS"), (1, 0), "only the draw");
}

/// A stop that says yes at once ends every tree at its first check: far fewer iterations
/// than the budget, and still a legal answer.
#[test]
fn a_stop_check_ends_the_search_early() {
    let view = stacked_view("QS 4S 7H 9H 8D", 3, "KS");
    let legal = legal_in(&view);
    let bot = IsmctsBot::new(IsmctsConfig::with_iterations(100_000));
    let decision = bot.decide_until::<CrazyEights>(Seat(1), &view, &legal, &mut GameRng::from_seed(4), &|| true).expect("answers");
    assert!(legal.contains(&decision.action));
    assert!(decision.iterations <= 4 * 16, "{} iterations", decision.iterations);
}

/// Issue 18: each game marks as weighty the decisions that shape its round, and only those.
#[test]
fn each_game_gives_its_weighty_decisions_twice_the_budget() {
    use crate::bots::determinize::WEIGHTY_PERCENT;
    use crate::card::Suit;
    use crate::games::dunno::{CardRun, Dunno, DunnoAction};
    use crate::games::fool108::{Fool108, Fool108Action};
    use crate::games::hundred_one::{HundredOne, HundredOneAction};
    use crate::games::youglouf::{Youglouf, YougloufAction};

    let (queen, ace) = (card("QS"), card("AH"));
    assert_eq!(
        CrazyEights::budget_percent(&[CrazyEightsAction::PlayEight(card("8D"), Suit::Hearts), CrazyEightsAction::Draw]),
        WEIGHTY_PERCENT
    );
    assert_eq!(CrazyEights::budget_percent(&[CrazyEightsAction::Play(ace), CrazyEightsAction::Draw]), 100);
    assert_eq!(Fool108::budget_percent(&[Fool108Action::Suit(Suit::Clubs), Fool108Action::Suit(Suit::Hearts)]), WEIGHTY_PERCENT);
    assert_eq!(Fool108::budget_percent(&[Fool108Action::Play(queen), Fool108Action::Draw]), 100, "the Queen's order comes after");
    assert_eq!(
        HundredOne::budget_percent(&[HundredOneAction::PlayQueen(queen, Suit::Clubs), HundredOneAction::Play(ace)]),
        WEIGHTY_PERCENT
    );
    assert_eq!(HundredOne::budget_percent(&[HundredOneAction::Order(Suit::Clubs), HundredOneAction::Order(Suit::Spades)]), WEIGHTY_PERCENT);
    assert_eq!(HundredOne::budget_percent(&[HundredOneAction::Play(ace), HundredOneAction::Play(card("7H"))]), 100);
    assert_eq!(Dunno::budget_percent(&[DunnoAction::Swap(Seat(1)), DunnoAction::Swap(Seat(2))]), WEIGHTY_PERCENT);
    let king = DunnoAction::Play { cards: CardRun::single(card("KH")), suit: Some(Suit::Spades) };
    assert_eq!(Dunno::budget_percent(&[king, DunnoAction::Draw]), WEIGHTY_PERCENT);
    let plain = DunnoAction::Play { cards: CardRun::single(card("7H")), suit: None };
    assert_eq!(Dunno::budget_percent(&[plain, DunnoAction::Draw]), 100);
    assert_eq!(Youglouf::budget_percent(&[YougloufAction::Exchange(0, Seat(1), 2), YougloufAction::Skip]), WEIGHTY_PERCENT);
    assert_eq!(Youglouf::budget_percent(&[YougloufAction::End, YougloufAction::Youglouf]), WEIGHTY_PERCENT);
    assert_eq!(Youglouf::budget_percent(&[YougloufAction::Draw, YougloufAction::Take]), 100);
}
