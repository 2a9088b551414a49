//! Inference: a seat that drew instead of playing is dealt none of the cards that would have
//! played, in every determinization made after it; before the draw nothing keeps them away.

use crate::bots::Determinize;
use crate::card::{Card, Rank, Suit};
use crate::card_set::CardSet;
use crate::event::NoEvents;
use crate::game::{Game, Phase, TableSetup};
use crate::games::crazy_eights::{CrazyEights, CrazyEightsAction, CrazyEightsOptions, ToFollow};
use crate::games::fool108::{Fool108, Fool108Action};
use crate::games::hundred_one::{HundredOne, HundredOneAction};
use crate::rng::GameRng;
use crate::seat::{BySeat, Seat, Viewer};
use crate::sim::random_step;

/// Samples per checked position.
const SAMPLES: usize = 60;

fn card(text: &str) -> Card {
    text.parse().expect("a test card")
}

/// The most cards of `mask` that `seat` holds in any of [`SAMPLES`] determinizations of
/// `viewer`'s view of `game`.
fn most_held<G: Determinize>(game: &G, viewer: Seat, seat: Seat, mask: u64, seed: u64) -> usize {
    let view = game.view(Viewer::Seat(viewer));
    let mut rng = GameRng::from_seed(seed);
    (0..SAMPLES)
        .map(|_| {
            let sample = G::determinize(&view, viewer, &mut rng).expect("a seat's view in play determinizes");
            hand_of(&sample, seat).iter().filter(|card| card.bit() & mask != 0).count()
        })
        .max()
        .unwrap_or(0)
}

/// A seat's hand in a state, read from the state's own serialization (every game keeps its
/// hands as `round.hands`).
fn hand_of<G: Game>(state: &G, seat: Seat) -> CardSet {
    let value = serde_json::to_value(state).expect("a state serializes")["round"]["hands"][seat.index()].clone();
    serde_json::from_value(value).expect("a hand is a card set")
}

/// Crazy Eights, stacked: seat 1 faces 5♥ and draws until a card plays, then plays it. Seen
/// from seat 2, seat 1 holds no heart, no five and no eight in any sample; before the draw
/// it holds some in most.
#[test]
fn a_crazy_eights_seat_that_drew_on_hearts_holds_no_heart() {
    let mut game = CrazyEights::new_match(TableSetup::new(3, 11), CrazyEightsOptions::default(), None).expect("table");
    let top = card("5H");
    let view = {
        let mut view = game.view(Viewer::Seat(Seat(0)));
        let pile = view.pile_cards.clone();
        // Put 5♥ on top (the pile's cards are public), seat 1 to move.
        view.pile_cards = pile[..pile.len() - 1].iter().copied().chain([top]).collect();
        view.top = top;
        view.to_follow = ToFollow { suit: Suit::Hearts, rank: Some(Rank::Five) };
        view.header.turn = Seat(1);
        view.hand = Some(view.hand.take().expect("a seat's view").into_iter().filter(|&held| held != top).collect());
        view.hand_sizes = BySeat::from(vec![view.hand.as_ref().map_or(0, Vec::len), 5, 5]);
        view.stock = 104 - view.pile_cards.len() - view.hand_sizes.iter().sum::<usize>();
        view
    };
    game = CrazyEights::determinize(&view, Seat(0), &mut GameRng::from_seed(5)).expect("the stacked view is consistent");
    let lacked = Suit::Hearts.mask() | Rank::Five.mask() | Rank::Eight.mask();
    assert!(most_held(&game, Seat(2), Seat(1), lacked, 1) > 0, "before the draw, nothing keeps hearts from seat 1");
    game.apply_with(Seat(1), CrazyEightsAction::Draw, &mut NoEvents).expect("drawing is always allowed");
    if game.round().must_play {
        let play = game.legal_actions(Seat(1)).into_iter().find(|action| *action != CrazyEightsAction::Draw).expect("a card plays");
        game.apply_with(Seat(1), play, &mut NoEvents).expect("legal");
    }
    assert_eq!(game.phase(), Phase::Playing);
    assert_eq!(most_held(&game, Seat(2), Seat(1), lacked, 2), 0, "seat 1 drew on 5♥: no heart, five or eight");
    assert_eq!(most_held(&game, Seat(0), Seat(1), lacked, 3), 0, "seen from seat 0 too");
}

/// Matches of `G` played as the search's playouts play (Normal's moves, a random card now and
/// then; a draw only with nothing to play): whenever the seat to move draws (`draws`), every
/// sample made from
/// the next seat's view right after deals the drawer at most one card (the one drawn) of the
/// cards that would have played then (`playable`, read from the drawer's view before). Over
/// all draws, the samples made just before held more of them somewhere: the test can fail.
fn check_draws_are_honoured<G: Determinize>(draws: fn(&G::Action) -> bool, playable: fn(&G::View) -> u64) {
    let mut policy = GameRng::from_seed(7);
    let mut actions = Vec::new();
    let (mut checked, mut more_before) = (0, 0);
    for index in 0..30u64 {
        let mut game = G::new_match(TableSetup::new(4, index), G::Options::default(), None).expect("table");
        for step in 0..400u64 {
            if game.phase() != Phase::Playing || checked >= 40 {
                break;
            }
            let Some((seat, action)) = game.playout_step(&mut policy, &mut actions) else { break };
            let watcher = Seat::all(4).find(|&other| other != seat).expect("four seats");
            let before = draws(&action).then(|| (playable(&game.view(Viewer::Seat(seat))), game.clone()));
            game.apply_with(seat, action, &mut NoEvents).expect("legal");
            let Some((mask, earlier)) = before else { continue };
            if game.phase() != Phase::Playing {
                continue;
            }
            let seed = index * 1_000 + step;
            assert!(most_held(&game, watcher, seat, mask, seed) <= 1, "{}: {seat} drew, yet a sample deals it cards that played", G::KIND);
            more_before += usize::from(most_held(&earlier, watcher, seat, mask, seed) > 1);
            checked += 1;
        }
    }
    assert!(checked >= 20, "{}: only {checked} draws were checked", G::KIND);
    assert!(more_before > 0, "{}: the samples before the draws never held what played: the check could not fail", G::KIND);
}

#[test]
fn a_crazy_eights_draw_is_honoured() {
    check_draws_are_honoured::<CrazyEights>(
        |action| *action == CrazyEightsAction::Draw,
        |view| {
            if view.pending_draw > 0 {
                // Drawing what the twos owe shows nothing.
                return 0;
            }
            view.to_follow.suit.mask() | view.to_follow.rank.map_or(0, Rank::mask) | Rank::Eight.mask()
        },
    );
}

#[test]
fn a_hundred_and_one_draw_is_honoured() {
    check_draws_are_honoured::<HundredOne>(
        |action| *action == HundredOneAction::Draw,
        |view| view.to_follow.suit.mask() | view.to_follow.rank.map_or(0, Rank::mask) | Rank::Queen.mask(),
    );
}

#[test]
fn a_fool108_draw_is_honoured() {
    check_draws_are_honoured::<Fool108>(
        |action| *action == Fool108Action::Draw,
        |view| view.to_follow.suit.mask() | view.to_follow.rank.map_or(0, Rank::mask) | Rank::Queen.mask(),
    );
}

/// One Hundred and One forbids a voluntary draw, so what the table infers is true of the real
/// hands too: over random matches no seat ever holds more of what it lacked than it took.
#[test]
fn a_hundred_and_one_inference_holds_for_the_true_hands() {
    let mut policy = GameRng::from_seed(8);
    let mut actions = Vec::new();
    let mut constrained = 0;
    for index in 0..20u64 {
        let mut game = HundredOne::new_match(TableSetup::new(4, index), Default::default(), None).expect("table");
        for _ in 0..300 {
            if game.phase() != Phase::Playing {
                break;
            }
            let (seat, action) = random_step(&game, &mut policy, &mut actions).expect("a decision");
            game.apply_with(seat, action, &mut NoEvents).expect("legal");
            let round = game.round();
            for (seat, lacking) in round.lacking.seats() {
                let held = round.hands[seat].iter().filter(|card| card.bit() & lacking.mask != 0).count();
                assert!(held <= usize::from(lacking.fresh), "{seat} holds {held} cards it showed it lacked, {lacking:?}");
                constrained += usize::from(lacking.mask != 0);
            }
        }
    }
    assert!(constrained > 100, "only {constrained} constrained hands were seen");
}
