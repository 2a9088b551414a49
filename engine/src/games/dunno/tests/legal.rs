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

/// RULES.md §4, "Matching" and "Draw value", read independently of `matching.rs`: which card
/// may lead a play on `top` (carrying `suit`) when `owed` cards are owed.
fn may_lead(top: Card, suit: Option<Suit>, owed: u32, card: Card) -> bool {
    use crate::card::Rank;
    let suitless = card.is_joker() || card.is_rank(Rank::Queen);
    let playable = suit.is_none() || suitless || (card.rank().is_some() && card.rank() == top.rank()) || card.suit() == suit;
    if owed == 0 {
        return playable;
    }
    let two_of_clubs = card.is_rank(Rank::Two) && card.suit() == Some(Suit::Clubs);
    let offensive = two_of_clubs || card.is_joker() || card.is_rank(Rank::Seven) || card.is_rank(Rank::King);
    let of_top_suit = suit.is_some() && card.suit() == suit;
    let defensive_rank = match card.rank().and_then(Rank::pips) {
        Some(pips) if !two_of_clubs && !matches!(pips, 3 | 7) => Some(u32::from(pips)),
        _ => None,
    };
    (offensive && playable) || (card.is_rank(Rank::Three) && of_top_suit) || (of_top_suit && defensive_rank == Some(owed))
}

/// The leading cards the engine lists agree with the independent reading above, in random
/// games at every table size (every card of the turn seat's hand, at every step).
#[test]
fn leading_cards_agree_with_an_independent_reading_of_the_rules() {
    use crate::games::dunno::TurnPhase;
    let mut policy = GameRng::from_seed(5);
    let mut owing_checked = 0;
    for players in 2..=6 {
        for seed in 0..20 {
            let mut game = Dunno::new_match(TableSetup::new(players, seed), Default::default(), None).expect("table");
            while game.phase() == Phase::Playing {
                let round = game.round();
                if matches!(round.phase, TurnPhase::Free | TurnPhase::Owes { .. }) {
                    let owed = round.owed();
                    owing_checked += usize::from(owed > 0);
                    for card in round.hands[round.turn].iter() {
                        let listed = round.leading_cards() & card.bit() != 0;
                        let expected = may_lead(round.top.card, round.top.suit, owed, card);
                        assert_eq!(listed, expected, "{card} on {} carrying {:?}, owing {owed}", round.top.card, round.top.suit);
                    }
                }
                let turn = game.round().turn;
                let legal = game.legal_actions(turn);
                // Prefer plays, so draw values build up and get answered.
                let plays: Vec<_> = legal.iter().copied().filter(|action| !matches!(action, DunnoAction::Draw)).collect();
                let pool = if plays.is_empty() || policy.below(5) == 0 { &legal } else { &plays };
                let action = pool[policy.below(pool.len())];
                game.apply_with(turn, action, &mut NoEvents).expect("a listed action applies");
            }
        }
    }
    assert!(owing_checked > 1_000, "only {owing_checked} owing positions checked");
}
