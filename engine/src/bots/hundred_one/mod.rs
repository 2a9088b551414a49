//! One Hundred and One's Easy and Normal bots (RULES.md §3), reading only the seat's view,
//! and the heuristic the Hard level's playouts share with Normal.
//!
//! Only the last seat holding cards scores its hand, so the whole game is not to be last.
//! Normal sends the king of spades, sixes, sevens and aces at the next seat (cards for
//! them, a turn missed: they become the likelier last holder), plays an 8 only when it holds
//! the card to cover it, keeps its Queens to go out on (−20, −40 for `QS`), stays in the suit
//! it holds most, dumps high cards when someone else is nearly out (fewer seats left, a
//! likelier last place), and orders the suit it holds most.
//!
//! Easy plays any legal card and orders a careless suit now and then.
//!
//! Its determinization for the Hard level, with the playout steps built on these heuristics,
//! is in `determinize.rs` beside this file: a search concern, kept with the bots, not the rules.

mod determinize;

use crate::card::{Card, Rank, Suit};
use crate::card_set::bits;
use crate::games::hundred_one::{HundredOne, HundredOneAction, HundredOneView, card_points};
use crate::rng::GameRng;
use crate::seat::Seat;

use super::bot::{Bot, BotLevel, Decision};
use super::bot_game::BotGame;
use super::ismcts::IsmctsConfig;

impl BotGame for HundredOne {
    const SEARCH: IsmctsConfig = IsmctsConfig::with_iterations(1_500);

    fn easy_bot() -> Box<dyn Bot<HundredOne>> {
        Box::new(EasyHundredOne)
    }

    fn normal_bot() -> Box<dyn Bot<HundredOne>> {
        Box::new(NormalHundredOne)
    }
}

/// One time in this many, Easy orders a random suit.
const EASY_CARELESS_SUIT_ONE_IN: usize = 3;
/// A seat holding this many cards or fewer is "nearly out".
const NEARLY_OUT: usize = 2;

/// The king of spades: five cards for the next seat.
const KING_OF_SPADES: Card = Card::new(Rank::King, Suit::Spades);

/// What a One Hundred and One player weighs when choosing a card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Situation {
    /// The player's cards.
    pub hand: u64,
    /// Its cards that cover the top card now.
    pub playable: u64,
    /// Fewest cards held by another seat still in the round.
    pub fewest_cards: usize,
}

impl Situation {
    /// How much Normal likes playing `card` now (higher is better).
    fn score(&self, card: Card) -> i32 {
        let rest = self.hand & !card.bit();
        let suit = card.suit().expect("the 36-card deck has no Jokers");
        if rest == 0 {
            // Going out, on a Queen the better; an 8 as the last card must still be covered.
            return match card.rank() {
                Some(Rank::Eight) => -50,
                Some(Rank::Queen) => 1_000 + if suit == Suit::Spades { 40 } else { 20 },
                _ => 1_000,
            };
        }
        let suit_support = (rest & suit.mask()).count_ones().cast_signed();
        let danger = if self.fewest_cards <= NEARLY_OUT { 2 } else { 1 };
        let mut score = 2 * suit_support + danger * card_points(card);
        score += match card.rank() {
            _ if card == KING_OF_SPADES => 30,
            Some(Rank::Six) => 14,
            Some(Rank::Seven) => 9,
            Some(Rank::Ace) => 7,
            // An 8 is covered at once by its player: a second card gone, if one covers it.
            Some(Rank::Eight) => {
                let covers = rest & (suit.mask() | Rank::Eight.mask() | Rank::Queen.mask());
                if covers == 0 { -40 } else { 12 }
            }
            Some(Rank::Queen) => -40,
            _ => 0,
        };
        score
    }

    /// Normal's card, if any covers the top: the best-scoring one (ties to the lowest card).
    pub(crate) fn best_play(&self) -> Option<Card> {
        bits(self.playable).max_by_key(|&card| (self.score(card), std::cmp::Reverse(card.index())))
    }
}

/// What a hand still in the round is likely to cost: each card a step further from going
/// out, plus the points it would score; a Queen instead promises a bonus exit (−20, −40 for
/// `QS`) and plays on anything.
pub(crate) fn hand_cost(hand: u64) -> f64 {
    let card_cost = |card: Card| if card.is_rank(Rank::Queen) { QUEEN_COST } else { CARD_COST + card_points(card) };
    f64::from(bits(hand).map(card_cost).sum::<i32>())
}

/// A card in hand, as a cost beside its points (see [`hand_cost`]).
const CARD_COST: i32 = 10;
/// A Queen in hand, as a cost (see [`hand_cost`]).
const QUEEN_COST: i32 = -5;

/// The suit to order: the one the hand holds most (Queens aside), ties to more points.
pub(crate) fn best_suit(hand: u64) -> Suit {
    let rest = hand & !Rank::Queen.mask();
    let points = |suit: Suit| bits(rest & suit.mask()).map(card_points).sum::<i32>();
    Suit::ALL.into_iter().max_by_key(|&suit| ((rest & suit.mask()).count_ones(), points(suit))).expect("there are four suits")
}

/// The action playing `card`: a Queen orders `hand`'s best suit.
pub(crate) fn play(card: Card, hand: u64) -> HundredOneAction {
    if card.is_rank(Rank::Queen) { HundredOneAction::PlayQueen(card, best_suit(hand & !card.bit())) } else { HundredOneAction::Play(card) }
}

/// The seat's situation from its view and legal actions.
fn situation(seat: Seat, view: &HundredOneView, legal: &[HundredOneAction]) -> Situation {
    let hand = view.hand.as_deref().unwrap_or_default().iter().fold(0, |mask, card| mask | card.bit());
    let playable = legal.iter().filter_map(|action| action.card()).fold(0, |mask, card| mask | card.bit());
    let fewest_cards =
        view.hand_sizes.seats().filter(|&(other, _)| other != seat && !view.out.contains(other)).map(|(_, &size)| size).min().unwrap_or(0);
    Situation { hand, playable, fewest_cards }
}

/// The dealer's order for a turned-up Queen, if that is the decision.
fn ordering(legal: &[HundredOneAction]) -> bool {
    legal.iter().any(|action| matches!(action, HundredOneAction::Order(_)))
}

/// One Hundred and One's Normal bot.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NormalHundredOne;

impl Bot<HundredOne> for NormalHundredOne {
    fn level(&self) -> BotLevel {
        BotLevel::Normal
    }

    fn decide(
        &mut self,
        seat: Seat,
        view: &HundredOneView,
        legal: &[HundredOneAction],
        _rng: &mut GameRng,
    ) -> Option<Decision<HundredOneAction>> {
        let situation = situation(seat, view, legal);
        let action = if ordering(legal) {
            HundredOneAction::Order(best_suit(situation.hand))
        } else {
            match situation.best_play() {
                Some(card) => play(card, situation.hand),
                None => *legal.first()?,
            }
        };
        Some(Decision { action, iterations: 0 })
    }
}

/// One Hundred and One's Easy bot.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct EasyHundredOne;

impl Bot<HundredOne> for EasyHundredOne {
    fn level(&self) -> BotLevel {
        BotLevel::Easy
    }

    fn decide(
        &mut self,
        seat: Seat,
        view: &HundredOneView,
        legal: &[HundredOneAction],
        rng: &mut GameRng,
    ) -> Option<Decision<HundredOneAction>> {
        let situation = situation(seat, view, legal);
        let careless = rng.below(EASY_CARELESS_SUIT_ONE_IN) == 0;
        let playable: Vec<Card> = bits(situation.playable).collect();
        let (action, rest) = if ordering(legal) {
            (HundredOneAction::Order(Suit::Clubs), situation.hand)
        } else if playable.is_empty() {
            (*legal.first()?, situation.hand)
        } else {
            let card = playable[rng.below(playable.len())];
            (play(card, situation.hand), situation.hand & !card.bit())
        };
        let suit = if careless { Suit::ALL[rng.below(4)] } else { best_suit(rest) };
        let action = match action {
            HundredOneAction::Order(_) => HundredOneAction::Order(suit),
            HundredOneAction::PlayQueen(card, _) => HundredOneAction::PlayQueen(card, suit),
            other => other,
        };
        Some(Decision { action, iterations: 0 })
    }
}
