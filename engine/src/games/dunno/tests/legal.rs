//! The listed actions are exactly the accepted ones (RULES.md §4, "A play", and the contract's
//! "legal_actions is complete"): a brute-force sweep over candidate actions in random games.

use std::collections::HashSet;

use crate::card::{Card, Suit};
use crate::card_set::{CardSet, bits};
use crate::event::NoEvents;
use crate::game::{Game, Phase, TableSetup};
use crate::games::dunno::{CardRun, Dunno, DunnoAction, group_mask};
use crate::rng::GameRng;
use crate::seat::Seat;

/// Every way to write a play of `cards` (no suit, or each suit).
fn with_suits(cards: &[Card], out: &mut Vec<DunnoAction>) {
    let run = CardRun::of(cards).expect("1 to 4 cards");
    out.push(DunnoAction::Play { cards: run, suit: None });
    out.extend(Suit::ALL.map(|suit| DunnoAction::Play { cards: run, suit: Some(suit) }));
}

/// Candidates: every ordered pair and single of the hand, every order of every rank group,
/// every set of up to three cards to put under `JD`, every seat to swap with, and `draw`.
fn candidates(hand: CardSet) -> Vec<DunnoAction> {
    let cards = hand.to_vec();
    let mut out = vec![DunnoAction::Draw, DunnoAction::Under(CardSet::EMPTY)];
    out.extend((0..8).map(|seat| DunnoAction::Swap(Seat(seat))));
    for &a in &cards {
        with_suits(&[a], &mut out);
        out.push(DunnoAction::Under(CardSet::of(&[a])));
        for &b in &cards {
            if a != b {
                with_suits(&[a, b], &mut out);
                out.push(DunnoAction::Under(CardSet::of(&[a, b])));
            }
        }
    }
    for &first in &cards {
        let group: Vec<Card> = bits(hand.mask() & group_mask(first)).collect();
        for &b in &group {
            for &c in &group {
                let three = [first, b, c];
                if HashSet::<Card>::from(three).len() == 3 {
                    with_suits(&three, &mut out);
                    for &d in &group {
                        if HashSet::<Card>::from([first, b, c, d]).len() == 4 {
                            with_suits(&[first, b, c, d], &mut out);
                        }
                    }
                }
            }
        }
    }
    if let [a, b, c, ..] = cards[..] {
        out.push(DunnoAction::Under(CardSet::of(&[a, b, c])));
        with_suits(&[a, b, c], &mut out);
    }
    out
}

#[test]
fn the_listed_actions_are_exactly_the_accepted_ones() {
    let mut policy = GameRng::from_seed(77);
    let mut checked = 0;
    for players in 2..=6 {
        for seed in 0..6 {
            let mut game = Dunno::new_match(TableSetup::new(players, seed), Default::default(), None).expect("table");
            for step in 0..400 {
                if game.phase() != Phase::Playing {
                    break;
                }
                let turn = game.round().turn;
                for seat in Seat::all(players) {
                    let legal = game.legal_actions(seat);
                    let listed: HashSet<DunnoAction> = legal.iter().copied().collect();
                    assert_eq!(listed.len(), legal.len(), "no duplicates");
                    if seat != turn {
                        assert!(legal.is_empty());
                        continue;
                    }
                    if step % 3 != 0 {
                        continue;
                    }
                    for action in candidates(game.round().hands[seat]) {
                        let accepted = game.clone().apply_with(seat, action, &mut NoEvents).is_ok();
                        assert_eq!(accepted, listed.contains(&action), "{action} in phase {:?}", game.round().phase);
                        checked += 1;
                    }
                }
                let legal = game.legal_actions(turn);
                let action = legal[policy.below(legal.len())];
                game.apply_with(turn, action, &mut NoEvents).expect("a listed action applies");
            }
        }
    }
    assert!(checked > 100_000, "the sweep checked {checked} candidates");
}
