//! 108 Fool's Easy and Normal bots (RULES.md §2), reading only the seat's view, and the
//! heuristic the Hard level's playouts share with Normal.
//!
//! Normal plays as a club player does: it calls "One!" the moment it may; it keeps its
//! Queens to go out on (−20, −40 for `QS`) rather than spending them early; it stays in the
//! suit it holds most; it sends sixes, sevens and aces at a neighbour about to go out and
//! dumps its high cards (aces, tens) once someone is close; it keeps nines (worth nothing)
//! unless a reversal turns play away from a player about to go out. It names the suit it
//! holds most after a Queen, and draws only when nothing plays.
//!
//! Easy plays any legal card, now and then draws although it could play, sometimes names a
//! careless suit, and forgets "One!" for a given hand about two times in five.
//!
//! Its determinization for the Hard level, with the playout steps built on these heuristics,
//! is in `determinize.rs` beside this file: a search concern, kept with the bots, not the rules.

mod determinize;

use crate::card::{Card, Rank, Suit};
use crate::card_set::bits;
use crate::games::fool108::{Fool108, Fool108Action, Fool108View, card_points};
use crate::rng::GameRng;
use crate::seat::{Direction, Seat};

use super::bot::{Bot, BotLevel, Decision};
use super::bot_game::BotGame;
use super::ismcts::IsmctsConfig;
use super::slip::slips;

impl BotGame for Fool108 {
    const SEARCH: IsmctsConfig = IsmctsConfig::with_iterations(1_500);

    fn easy_bot() -> Box<dyn Bot<Fool108>> {
        Box::new(EasyFool108)
    }

    fn normal_bot() -> Box<dyn Bot<Fool108>> {
        Box::new(NormalFool108)
    }

    /// "One!" costs nothing and saves the penalty: call it at once.
    fn sure_optional(_view: &Fool108View, _seat: Seat, optional: &[Fool108Action]) -> Option<Fool108Action> {
        optional.iter().copied().find(|&action| action == Fool108Action::One)
    }
}

/// One time in this many, Easy draws although it holds a playable card.
const EASY_SLIP_ONE_IN: usize = 8;
/// One time in this many, Easy names a random suit after its Queen.
const EASY_CARELESS_SUIT_ONE_IN: usize = 3;
/// Easy forgets "One!" with a given hand this many times in [`EASY_FORGETS_OUT_OF`].
const EASY_FORGETS_ONE: u64 = 2;
/// See [`EASY_FORGETS_ONE`].
const EASY_FORGETS_OUT_OF: u64 = 5;
/// An opponent holding this many cards or fewer is "about to go out".
pub(crate) const CLOSE_TO_OUT: usize = 2;

/// What a 108 Fool player weighs when choosing a card, all of it public or its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Situation {
    /// The player's cards (the 36-card deck holds one of each).
    pub hand: u64,
    /// Its cards that are legal on the pile now.
    pub playable: u64,
    /// Cards held by the next seat in the direction of play.
    pub next_cards: usize,
    /// Cards held by the seat before it (next, once a nine reverses play).
    pub previous_cards: usize,
    /// Fewest cards held by any opponent.
    pub fewest_cards: usize,
}

impl Situation {
    /// The situation of `seat` at a table where `sizes(s)` is seat `s`'s hand size.
    pub(crate) fn at(
        seat: Seat,
        players: usize,
        direction: Direction,
        hand: u64,
        playable: u64,
        sizes: impl Fn(Seat) -> usize,
    ) -> Situation {
        let fewest_cards = Seat::all(players).filter(|&other| other != seat).map(&sizes).min().unwrap_or(usize::MAX);
        Situation {
            hand,
            playable,
            next_cards: sizes(direction.step(seat, players)),
            previous_cards: sizes(direction.reversed().step(seat, players)),
            fewest_cards,
        }
    }

    /// How much Normal likes playing `card` now (higher is better).
    fn score(&self, card: Card) -> i32 {
        let cards_left = self.hand.count_ones();
        if cards_left == 1 {
            return 1_000;
        }
        let someone_close = self.fewest_cards <= CLOSE_TO_OUT;
        let next_close = self.next_cards <= CLOSE_TO_OUT;
        let suit = card.suit().expect("the 36-card deck has no Jokers");
        let suit_support = (self.hand & suit.mask() & !card.bit()).count_ones().cast_signed();
        let mut score = 2 * suit_support + card_points(card) * if someone_close { 3 } else { 1 };
        score += match card.rank() {
            // Kept to go out on: −20, or −40 for the queen of spades.
            Some(Rank::Queen) => -40,
            Some(Rank::Six) => {
                if next_close {
                    20
                } else {
                    8
                }
            }
            Some(Rank::Seven | Rank::Ace) => {
                if next_close {
                    15
                } else {
                    5
                }
            }
            Some(Rank::Nine) if next_close && self.previous_cards > CLOSE_TO_OUT => 15,
            // Worth nothing in hand.
            Some(Rank::Nine) => -4,
            _ => 0,
        };
        score
    }

    /// Normal's card, if any is playable: the best-scoring one (ties to the lowest card).
    pub(crate) fn best_play(&self) -> Option<Card> {
        bits(self.playable).max_by_key(|&card| (self.score(card), std::cmp::Reverse(card.index())))
    }
}

/// The suit to name after a Queen: the one the hand holds most (Queens aside), ties to the
/// one with more points, which are the cards to get rid of.
pub(crate) fn best_suit(hand: u64) -> Suit {
    let rest = hand & !Rank::Queen.mask();
    let points = |suit: Suit| bits(rest & suit.mask()).map(card_points).sum::<i32>();
    Suit::ALL.into_iter().max_by_key(|&suit| ((rest & suit.mask()).count_ones(), points(suit))).expect("there are four suits")
}

/// The seat's situation from its view and legal actions.
fn situation(seat: Seat, view: &Fool108View, legal: &[Fool108Action]) -> Situation {
    let hand = view.hand.as_deref().unwrap_or_default().iter().fold(0, |mask, card| mask | card.bit());
    let playable = legal.iter().filter_map(|action| action.card()).fold(0, |mask, card| mask | card.bit());
    Situation::at(seat, view.hand_sizes.len(), view.direction, hand, playable, |other| view.hand_sizes[other])
}

/// Draw when the turn is open, pass after drawing: the move when no card is played.
fn no_play(legal: &[Fool108Action]) -> Option<Fool108Action> {
    legal.iter().copied().find(|&action| matches!(action, Fool108Action::Draw | Fool108Action::Pass)).or_else(|| legal.first().copied())
}

/// 108 Fool's Normal bot.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NormalFool108;

impl Bot<Fool108> for NormalFool108 {
    fn level(&self) -> BotLevel {
        BotLevel::Normal
    }

    fn decide(&mut self, seat: Seat, view: &Fool108View, legal: &[Fool108Action], _rng: &mut GameRng) -> Option<Decision<Fool108Action>> {
        let situation = situation(seat, view, legal);
        let action = if legal.iter().any(|action| matches!(action, Fool108Action::Suit(_))) {
            Fool108Action::Suit(best_suit(situation.hand))
        } else {
            match situation.best_play() {
                // Only Queens play and more cards are in hand: draw first, hoping for a card
                // that keeps the Queen for going out.
                Some(card) if card.is_rank(Rank::Queen) && situation.hand.count_ones() > 2 && legal.contains(&Fool108Action::Draw) => {
                    Fool108Action::Draw
                }
                Some(card) => Fool108Action::Play(card),
                None => no_play(legal)?,
            }
        };
        Some(Decision { action, iterations: 0 })
    }

    fn optional(&mut self, seat: Seat, view: &Fool108View, optional: &[Fool108Action], _rng: &mut GameRng) -> Option<Fool108Action> {
        Fool108::sure_optional(view, seat, optional)
    }
}

/// 108 Fool's Easy bot.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct EasyFool108;

impl Bot<Fool108> for EasyFool108 {
    fn level(&self) -> BotLevel {
        BotLevel::Easy
    }

    fn decide(&mut self, seat: Seat, view: &Fool108View, legal: &[Fool108Action], rng: &mut GameRng) -> Option<Decision<Fool108Action>> {
        let situation = situation(seat, view, legal);
        let playable: Vec<Card> = bits(situation.playable).collect();
        let action = if legal.iter().any(|action| matches!(action, Fool108Action::Suit(_))) {
            let careless = rng.below(EASY_CARELESS_SUIT_ONE_IN) == 0;
            Fool108Action::Suit(if careless { Suit::ALL[rng.below(4)] } else { best_suit(situation.hand) })
        } else if playable.is_empty() || (legal.contains(&Fool108Action::Draw) && rng.below(EASY_SLIP_ONE_IN) == 0) {
            no_play(legal)?
        } else {
            Fool108Action::Play(playable[rng.below(playable.len())])
        };
        Some(Decision { action, iterations: 0 })
    }

    /// Remembers "One!" only on its own turn, and even then forgets it for some hands.
    fn optional(&mut self, seat: Seat, view: &Fool108View, optional: &[Fool108Action], _rng: &mut GameRng) -> Option<Fool108Action> {
        let hand = view.hand.as_deref().unwrap_or_default().iter().fold(0, |mask, card| mask | card.bit());
        let forgets = slips(&[u64::from(view.header.round), u64::from(seat.0), hand], EASY_FORGETS_ONE, EASY_FORGETS_OUT_OF);
        if view.header.turn != seat || forgets {
            return None;
        }
        Fool108::sure_optional(view, seat, optional)
    }
}
