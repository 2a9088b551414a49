//! Crazy Eights' Easy and Normal bots (RULES.md §1), reading only the seat's view, and the
//! heuristic the Hard level's playouts share with Normal.
//!
//! Normal plays as a club player does: it keeps its eights until nothing else goes (they
//! cost 50 in hand, but they are the only card that always plays), follows in the suit it
//! holds most so it keeps having answers, dumps its high cards once someone is about to go
//! out, skips or feeds twos to a neighbour who is about to go out, and nominates its longest
//! suit. Easy plays any matching card, remembers eights only some of the time, and now and
//! then draws although it could have played.
//!
//! Its determinization for the Hard level, with the playout steps built on these heuristics,
//! is in `determinize.rs` beside this file: a search concern, kept with the bots, not the rules.

mod determinize;

use crate::card::{Card, Rank, Suit};
use crate::card_set::{CardSet, bits};
use crate::games::crazy_eights::{CrazyEights, CrazyEightsAction, CrazyEightsView, card_points};
use crate::rng::GameRng;
use crate::seat::{Direction, Seat};

use super::bot::{Bot, BotLevel, Decision};
use super::bot_game::BotGame;
use super::ismcts::IsmctsConfig;

impl BotGame for CrazyEights {
    const SEARCH: IsmctsConfig = IsmctsConfig::with_iterations(1_500);

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
/// Every eight.
const EIGHTS: u64 = Rank::Eight.mask();

/// The legal actions sorted into what they are, as masks (no allocation).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Choices {
    /// Playable cards that are not eights.
    pub plain: u64,
    /// A playable eight (any suit may be named with it).
    pub eight: Option<Card>,
    /// Whether drawing is allowed.
    pub can_draw: bool,
}

impl Choices {
    /// Sorts `legal`.
    pub(crate) fn of(legal: &[CrazyEightsAction]) -> Choices {
        let mut choices = Choices::default();
        for &action in legal {
            match action {
                CrazyEightsAction::Play(card) => choices.plain |= card.bit(),
                CrazyEightsAction::PlayEight(card, _) => choices.eight = Some(card),
                CrazyEightsAction::Draw => choices.can_draw = true,
            }
        }
        choices
    }
}

/// What a Crazy Eights player weighs, all of it public or its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Situation {
    /// The player's cards.
    pub hand: CardSet,
    /// Cards held by the next seat in the direction of play.
    pub next_cards: usize,
    /// Fewest cards held by any opponent.
    pub fewest_cards: usize,
}

impl Situation {
    /// The situation of `seat` at a table where `sizes(s)` is seat `s`'s hand size.
    pub(crate) fn at(seat: Seat, players: usize, direction: Direction, hand: CardSet, sizes: impl Fn(Seat) -> usize) -> Situation {
        let fewest_cards = Seat::all(players).filter(|&other| other != seat).map(&sizes).min().unwrap_or(usize::MAX);
        Situation { hand, next_cards: sizes(direction.step(seat, players)), fewest_cards }
    }

    /// How many different non-eight cards of `suit` the hand holds, leaving out `played`
    /// (a second copy of a card counts once: rare, and counting by masks is what keeps a
    /// playout step cheap).
    fn suit_length(&self, suit: Suit, played: Option<Card>) -> usize {
        let played = played.map_or(0, Card::bit);
        (self.hand.mask() & suit.mask() & !EIGHTS & !played).count_ones() as usize
    }

    /// The suit to name with an eight: the longest among the cards left, ties going to the
    /// one with more points (those are the cards to get rid of).
    pub(crate) fn longest_suit(&self) -> Suit {
        let points = |suit: Suit| -> i32 { bits(self.hand.mask() & suit.mask() & !EIGHTS).map(card_points).sum() };
        Suit::ALL.into_iter().max_by_key(|&suit| (self.suit_length(suit, None), points(suit))).expect("there are four suits")
    }

    /// How much Normal likes playing the plain `card` (higher is better).
    fn plain_score(&self, card: Card) -> i32 {
        let suit = card.suit().expect("Crazy Eights has no Jokers");
        // Staying in my long suit keeps answers in hand.
        let mut score = 3 * i32::try_from(self.suit_length(suit, Some(card))).unwrap_or(i32::MAX / 4);
        if self.fewest_cards <= CLOSE_TO_OUT {
            score += card_points(card);
        }
        if self.next_cards <= CLOSE_TO_OUT {
            match card.rank() {
                Some(Rank::Queen) => score += 20,
                Some(Rank::Two) => score += 15,
                _ => {}
            }
        }
        score
    }

    /// The best plain card among `plain` (ties to the lowest card).
    pub(crate) fn best_plain(&self, plain: u64) -> Option<Card> {
        bits(plain).max_by_key(|&card| (self.plain_score(card), std::cmp::Reverse(card.index())))
    }

    /// Normal's choice: an eight when someone goes out next turn (kept, it would cost 50) or
    /// when only eights are left; else the best plain card; else an eight; else draw.
    pub(crate) fn choose(&self, choices: Choices) -> Option<CrazyEightsAction> {
        let dump_eight = self.fewest_cards == 1 || self.hand.mask() & !EIGHTS == 0;
        let eight = choices.eight.map(|eight| CrazyEightsAction::PlayEight(eight, self.without(eight).longest_suit()));
        match (eight, self.best_plain(choices.plain)) {
            (Some(eight), _) if dump_eight => Some(eight),
            (_, Some(card)) => Some(CrazyEightsAction::Play(card)),
            (Some(eight), None) => Some(eight),
            (None, None) => choices.can_draw.then_some(CrazyEightsAction::Draw),
        }
    }

    /// The situation once `card` has left the hand.
    fn without(&self, card: Card) -> Situation {
        let mut hand = self.hand;
        hand.remove(card);
        Situation { hand, ..*self }
    }
}

/// The seat's situation from its view.
fn situation(seat: Seat, view: &CrazyEightsView) -> Situation {
    let hand = CardSet::of(view.hand.as_deref().unwrap_or_default());
    Situation::at(seat, view.hand_sizes.len(), view.direction, hand, |other| view.hand_sizes[other])
}

/// Crazy Eights' Easy bot.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct EasyCrazyEights;

/// Crazy Eights' Normal bot.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NormalCrazyEights;

impl Bot<CrazyEights> for EasyCrazyEights {
    fn level(&self) -> BotLevel {
        BotLevel::Easy
    }

    fn decide(
        &mut self,
        seat: Seat,
        view: &CrazyEightsView,
        legal: &[CrazyEightsAction],
        rng: &mut GameRng,
    ) -> Option<Decision<CrazyEightsAction>> {
        let choices = Choices::of(legal);
        let situation = situation(seat, view);
        let plain: Vec<Card> = bits(choices.plain).collect();
        let action = if choices.can_draw && (!plain.is_empty() || choices.eight.is_some()) && rng.below(EASY_SLIP_ONE_IN) == 0 {
            // The beginner's slip: did not see the card that matched.
            CrazyEightsAction::Draw
        } else if !plain.is_empty() {
            CrazyEightsAction::Play(plain[rng.below(plain.len())])
        } else if let Some(eight) = choices.eight {
            let careless = rng.below(EASY_CARELESS_NOMINATION_ONE_IN) == 0;
            CrazyEightsAction::PlayEight(eight, if careless { Suit::ALL[rng.below(4)] } else { situation.without(eight).longest_suit() })
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
        let action = situation(seat, view).choose(Choices::of(legal)).or_else(|| legal.first().copied())?;
        Some(Decision { action, iterations: 0 })
    }
}
