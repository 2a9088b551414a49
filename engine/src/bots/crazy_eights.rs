//! Crazy Eights' Easy and Normal bots (RULES.md §1), reading only the seat's view.
//!
//! Normal plays as a club player does: it keeps its eights until nothing else goes (they
//! cost 50 in hand, but they are the only card that always plays), follows in the suit it
//! holds most so it keeps having answers, dumps its high cards once someone is about to go
//! out, skips or feeds twos to a neighbour who is about to go out, and nominates its longest
//! suit. Easy plays any matching card, remembers eights only some of the time, and now and
//! then draws although it could have played.

use crate::card::{Card, Rank, Suit};
use crate::games::crazy_eights::{CrazyEights, CrazyEightsAction, CrazyEightsView, card_points};
use crate::rng::GameRng;
use crate::seat::Seat;

use super::bot::{Bot, BotLevel, Decision};
use super::roster::BotGame;

impl BotGame for CrazyEights {
    fn easy_bot() -> Box<dyn Bot<CrazyEights>> {
        Box::new(EasyCrazyEights)
    }

    fn normal_bot() -> Box<dyn Bot<CrazyEights>> {
        Box::new(NormalCrazyEights)
    }
}

/// One time in this many, Easy draws although it holds a playable card.
const EASY_SLIP_ONE_IN: usize = 8;
/// One time in this many, Easy names a random suit with its eight instead of its longest.
const EASY_CARELESS_NOMINATION_ONE_IN: usize = 4;
/// An opponent holding this many cards or fewer is "about to go out".
const CLOSE_TO_OUT: usize = 2;

/// Crazy Eights' Easy bot.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct EasyCrazyEights;

/// Crazy Eights' Normal bot.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NormalCrazyEights;

/// The legal actions sorted into what they are.
struct Options<'a> {
    legal: &'a [CrazyEightsAction],
    /// Playable cards that are not eights.
    plain: Vec<Card>,
    /// Playable eights (each listed once, whatever the suits it may name).
    eights: Vec<Card>,
    can_draw: bool,
}

impl Options<'_> {
    fn of(legal: &[CrazyEightsAction]) -> Options<'_> {
        let mut options = Options { legal, plain: Vec::new(), eights: Vec::new(), can_draw: false };
        for &action in legal {
            match action {
                CrazyEightsAction::Play(card) => options.plain.push(card),
                CrazyEightsAction::PlayEight(card, _) if !options.eights.contains(&card) => options.eights.push(card),
                CrazyEightsAction::PlayEight(..) => {}
                CrazyEightsAction::Draw => options.can_draw = true,
            }
        }
        options
    }

    /// The eight with this nomination, if it is legal (it always is when the eight is).
    fn eight(&self, card: Card, suit: Suit) -> Option<CrazyEightsAction> {
        let action = CrazyEightsAction::PlayEight(card, suit);
        self.legal.contains(&action).then_some(action)
    }
}

/// How many non-eight cards of `suit` the hand holds, leaving out one copy of `played`.
fn suit_length(hand: &[Card], suit: Suit, played: Option<Card>) -> usize {
    let mut skipped = false;
    hand.iter()
        .filter(|&&card| {
            if Some(card) == played && !skipped {
                skipped = true;
                return false;
            }
            !card.is_rank(Rank::Eight) && card.suit() == Some(suit)
        })
        .count()
}

/// The suit to name with `eight`: the longest among the cards left, ties going to the one
/// with more points (those are the cards to get rid of).
fn longest_suit(hand: &[Card], eight: Card) -> Suit {
    let points = |suit: Suit| -> i32 {
        hand.iter().filter(|card| !card.is_rank(Rank::Eight) && card.suit() == Some(suit)).map(|&card| card_points(card)).sum()
    };
    Suit::ALL.into_iter().max_by_key(|&suit| (suit_length(hand, suit, Some(eight)), points(suit))).expect("there are four suits")
}

fn hand_of(view: &CrazyEightsView) -> &[Card] {
    view.hand.as_deref().unwrap_or_default()
}

impl Bot<CrazyEights> for EasyCrazyEights {
    fn level(&self) -> BotLevel {
        BotLevel::Easy
    }

    fn decide(
        &mut self,
        _seat: Seat,
        view: &CrazyEightsView,
        legal: &[CrazyEightsAction],
        rng: &mut GameRng,
    ) -> Option<Decision<CrazyEightsAction>> {
        let options = Options::of(legal);
        let hand = hand_of(view);
        let action = if options.can_draw && (!options.plain.is_empty() || !options.eights.is_empty()) && rng.below(EASY_SLIP_ONE_IN) == 0 {
            // The beginner's slip: did not see the card that matched.
            CrazyEightsAction::Draw
        } else if !options.plain.is_empty() {
            CrazyEightsAction::Play(options.plain[rng.below(options.plain.len())])
        } else if let Some(&eight) = options.eights.first() {
            let suit = if rng.below(EASY_CARELESS_NOMINATION_ONE_IN) == 0 { Suit::ALL[rng.below(4)] } else { longest_suit(hand, eight) };
            options.eight(eight, suit)?
        } else {
            *legal.first()?
        };
        Some(Decision { action, iterations: 0 })
    }
}

impl Bot<CrazyEights> for NormalCrazyEights {
    fn level(&self) -> BotLevel {
        BotLevel::Normal
    }

    fn decide(
        &mut self,
        seat: Seat,
        view: &CrazyEightsView,
        legal: &[CrazyEightsAction],
        _rng: &mut GameRng,
    ) -> Option<Decision<CrazyEightsAction>> {
        let options = Options::of(legal);
        let hand = hand_of(view);
        let opponents_fewest =
            view.hand_sizes.seats().filter(|(other, _)| *other != seat).map(|(_, &size)| size).min().unwrap_or(usize::MAX);
        let next = view.direction.step(seat, view.hand_sizes.len());
        let next_close = view.hand_sizes[next] <= CLOSE_TO_OUT;
        let someone_close = opponents_fewest <= CLOSE_TO_OUT;
        // Someone goes out next turn: an eight kept in hand would cost 50, so it goes now.
        let dump_eight = opponents_fewest == 1 || hand.len() == options.eights.len();
        let play_eight = |eight: Card| options.eight(eight, longest_suit(hand, eight));
        let action = match (options.plain.is_empty(), options.eights.first()) {
            (_, Some(&eight)) if dump_eight => play_eight(eight)?,
            (false, _) => {
                let score = |card: Card| -> i32 {
                    let suit = card.suit().expect("Crazy Eights has no Jokers");
                    // Staying in my long suit keeps answers in hand.
                    let mut score = 3 * i32::try_from(suit_length(hand, suit, Some(card))).unwrap_or(i32::MAX / 4);
                    if someone_close {
                        score += card_points(card);
                    }
                    if next_close {
                        match card.rank() {
                            Some(Rank::Queen) => score += 20,
                            Some(Rank::Two) => score += 15,
                            _ => {}
                        }
                    }
                    score
                };
                let best = options.plain.iter().copied().max_by_key(|&card| score(card)).expect("plain plays are not empty here");
                CrazyEightsAction::Play(best)
            }
            (true, Some(&eight)) => play_eight(eight)?,
            (true, None) => *legal.first()?,
        };
        Some(Decision { action, iterations: 0 })
    }
}
