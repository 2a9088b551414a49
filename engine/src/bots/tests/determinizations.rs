//! For every game: a determinization of a seat's view shows that seat exactly the view it
//! came from, holds exactly the game's deck, varies from sample to sample, hides the other
//! seats' hands, and refuses a view that is not the seat's; the perfect-information
//! determinization ([`Determinize::determinize_open`]) shows every seat its true view.

use crate::bots::Determinize;
use crate::card_set::count_cards;
use crate::event::NoEvents;
use crate::game::{Phase, TableSetup};
use crate::games::crazy_eights::CrazyEights;
use crate::games::dunno::Dunno;
use crate::games::fool108::Fool108;
use crate::games::hundred_one::HundredOne;
use crate::games::youglouf::Youglouf;
use crate::rng::GameRng;
use crate::seat::{Seat, Viewer};
use crate::sim::random_step;

/// Random positions of `G` at every table size: each seat's view determinizes into a state
/// that shows the seat that same view and holds the whole deck, no more, no less.
fn check_determinizations<G: Determinize>() {
    let options = G::Options::default();
    let deck = count_cards(&G::deck_kind(&options).cards());
    let mut policy = GameRng::from_seed(3);
    let mut sampler = GameRng::from_seed(4);
    let mut actions = Vec::new();
    let (mut checked, mut varied, mut guessed, mut reshuffled) = (0, 0, 0, 0);
    for (index, players) in G::seat_range(&options).cycle().take(40).enumerate() {
        let mut game = G::new_match(TableSetup::new(players, index as u64), options.clone(), None).expect("table");
        for _ in 0..policy.below(90) {
            if game.phase() != Phase::Playing {
                if game.start_next_round(None, &mut NoEvents).is_err() {
                    break;
                }
                continue;
            }
            let (seat, action) = random_step(&game, &mut policy, &mut actions).expect("a decision");
            game.apply_with(seat, action, &mut NoEvents).expect("legal");
        }
        if game.phase() != Phase::Playing {
            continue;
        }
        let round = |state: &G| serde_json::to_value(state).expect("a state serializes")["round"].clone();
        let opened = game.determinize_open(&mut sampler);
        for seat in Seat::all(players) {
            assert_eq!(
                opened.view(Viewer::Seat(seat)),
                game.view(Viewer::Seat(seat)),
                "{}: the open deal shows every seat its true view",
                G::KIND
            );
        }
        assert_eq!(opened.card_counts(), deck, "{}: the open deal holds the deck", G::KIND);
        reshuffled += usize::from(round(&opened) != round(&game));
        for seat in Seat::all(players) {
            let view = game.view(Viewer::Seat(seat));
            let first = G::determinize(&view, seat, &mut sampler).unwrap_or_else(|error| panic!("{}: {error}", G::KIND));
            assert_eq!(first.view(Viewer::Seat(seat)), view, "{} at {players} seats: the sample shows the seat its own view", G::KIND);
            assert_eq!(first.card_counts(), deck, "{}: the deck, no more, no less", G::KIND);
            let second = G::determinize(&view, seat, &mut sampler).expect("determinizes again");
            guessed += usize::from(Seat::all(players).any(|other| first.view(Viewer::Seat(other)) != game.view(Viewer::Seat(other))));
            varied += usize::from(round(&first) != round(&second));
            let other = Seat::all(players).find(|&other| other != seat).expect("two seats or more");
            assert!(G::determinize(&view, other, &mut sampler).is_err(), "{}: another seat's view is refused", G::KIND);
            checked += 1;
        }
        assert!(
            G::determinize(&game.view(Viewer::Spectator), Seat(0), &mut sampler).is_err(),
            "{}: a spectator's view is refused",
            G::KIND
        );
    }
    assert!(checked > 60, "{}: only {checked} positions were checked", G::KIND);
    assert!(varied * 2 > checked, "{}: samples differ ({varied} of {checked})", G::KIND);
    // Only the open deal sees the other hands: a seat's own sample guesses them, and seldom
    // guesses every one right.
    assert!(guessed * 2 > checked, "{}: samples guess the hidden hands ({guessed} of {checked})", G::KIND);
    assert!(reshuffled > 0, "{}: the open deal still reshuffles the stock", G::KIND);
}

#[test]
fn crazy_eights_determinizations_match_the_view() {
    check_determinizations::<CrazyEights>();
}

#[test]
fn fool108_determinizations_match_the_view() {
    check_determinizations::<Fool108>();
}

#[test]
fn hundred_one_determinizations_match_the_view() {
    check_determinizations::<HundredOne>();
}

#[test]
fn dunno_determinizations_match_the_view() {
    check_determinizations::<Dunno>();
}

#[test]
fn youglouf_determinizations_match_the_view() {
    check_determinizations::<Youglouf>();
}
