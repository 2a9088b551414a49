//! Dunno's Easy and Normal bots (RULES.md §4), reading only the seat's view, and the
//! heuristic the Hard level's playouts share with Normal.
//!
//! Normal sheds cards: it plays whole groups of a rank, ends a group on the suit it holds
//! most and names that suit with Kings and Queens. Owing cards, it stacks an offensive card
//! when it can (the bill grows for the next seat), else defends or passes it on with a 3, and
//! draws only when nothing answers. It keeps Queens and Jokers (they play on anything) unless
//! they help: a Joker is +5 for the next seat, a Queen turns play away from a seat about to
//! go out, an Ace skips it. It plays a Jack only to swap for a smaller hand (with the seat
//! holding fewest cards), or as its last card; after `JD` it puts cards under the Jack only
//! when that empties its hand.
//!
//! Easy plays any playable card or group, draws now and then although it could play, plays
//! its Jacks whenever they come and swaps with anyone.
//!
//! Its determinization for the Hard level, with the playout steps built on these heuristics,
//! is in `determinize.rs` beside this file: a search concern, kept with the bots, not the rules.

mod determinize;

use crate::card::{Card, Rank, Suit};
use crate::card_set::{CardSet, bits};
use crate::games::dunno::{Answer, Dunno, DunnoAction, DunnoView, JACK_OF_DIAMONDS, Top, offensive_value};
use crate::rng::GameRng;
use crate::seat::{Direction, MAX_SEATS, Seat};

use super::bot::{Bot, BotLevel, Decision};
use super::bot_game::BotGame;
use super::ismcts::IsmctsConfig;

impl BotGame for Dunno {
    /// Three times the other games' budget: at Dunno search pays (issue 31, 2,000 seeded matches
    /// against two Normal: 43.8 % at 1,500 iterations, 47.7 % at 4,500, docs/bots.md), and a
    /// decision still takes tens of milliseconds.
    const SEARCH: IsmctsConfig = IsmctsConfig::with_iterations(4_500);

    fn easy_bot() -> Box<dyn Bot<Dunno>> {
        Box::new(EasyDunno)
    }

    fn normal_bot() -> Box<dyn Bot<Dunno>> {
        Box::new(NormalDunno)
    }
}

/// One time in this many, Easy draws although it could play.
const EASY_SLIP_ONE_IN: usize = 8;
/// A seat holding this many cards or fewer is "about to go out".
const CLOSE_TO_OUT: usize = 2;
/// What Normal makes of a draw when nothing is owed.
const FREE_DRAW_SCORE: i32 = -5;

/// What a Dunno player weighs when choosing, all of it public or its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Situation {
    /// The seat deciding.
    pub seat: Seat,
    /// The seat's cards (the 54-card deck holds one of each).
    pub hand: u64,
    /// The draw value it owes (0: nothing).
    pub owed: u32,
    /// The pile's top and the suit it carries.
    pub top: Top,
    /// Direction of play.
    pub direction: Direction,
    /// Seats at the table.
    pub players: usize,
    /// Each seat's hand size.
    pub sizes: [usize; MAX_SEATS],
}

impl Situation {
    fn next_cards(&self) -> usize {
        self.sizes[self.direction.step(self.seat, self.players).index()]
    }

    fn previous_cards(&self) -> usize {
        self.sizes[self.direction.reversed().step(self.seat, self.players).index()]
    }

    /// Fewest cards in another seat's hand that holds any (a swap partner's), if one does.
    fn smallest_other_hand(&self) -> Option<usize> {
        Seat::all(self.players).filter(|&other| other != self.seat).map(|other| self.sizes[other.index()]).filter(|&size| size > 0).min()
    }

    /// How much Normal likes `action` (higher is better).
    pub(crate) fn score(&self, action: DunnoAction) -> i32 {
        match action {
            DunnoAction::Draw if self.owed > 0 => -3 * i32::try_from(self.owed).unwrap_or(i32::MAX / 4),
            DunnoAction::Draw => FREE_DRAW_SCORE,
            // The hand left is given away: swap it for the smallest one.
            DunnoAction::Swap(with) => -10 * i32::try_from(self.sizes[with.index()]).unwrap_or(i32::MAX / 20),
            // Cards under the Jack lighten the hand that is about to be given away, unless
            // they empty it: then there is no swap and the seat is out.
            DunnoAction::Under(cards) if cards.mask() == self.hand => 1_000,
            DunnoAction::Under(cards) => -10 * count(cards.len()),
            DunnoAction::Play { cards, suit } => self.play_score(cards.cards(), suit),
        }
    }

    fn play_score(&self, cards: &[Card], suit: Option<Suit>) -> i32 {
        let played = cards.iter().fold(0, |mask, card| mask | card.bit());
        let rest = self.hand & !played;
        let left = rest.count_ones() as usize;
        let next_close = self.next_cards() <= CLOSE_TO_OUT;
        let mut score = 10 * count(cards.len());
        if rest == 0 {
            score += 500;
        }
        if self.owed > 0 {
            score += match self.top.answer(cards[0], self.owed) {
                Some(Answer::Stack) => 30,
                Some(Answer::Defend) => 25,
                Some(Answer::PassOn) => 22,
                None => 0,
            };
        }
        let queens = cards.iter().filter(|card| card.is_rank(Rank::Queen)).count();
        for &card in cards {
            let value = offensive_value(card).cast_signed();
            score += value * if next_close { 3 } else { 1 };
            if card.is_joker() && self.owed == 0 {
                score -= 4;
            }
            match card.rank() {
                Some(Rank::Queen) => score -= 6,
                Some(Rank::Ace) => score += if next_close { 10 } else { 3 },
                Some(Rank::Jack) if rest != 0 => score += self.jack_value(card, left),
                _ => {}
            }
        }
        if queens % 2 == 1 && next_close && self.previous_cards() > CLOSE_TO_OUT {
            score += 12;
        }
        // Keep answers in hand: name, or end on, the suit held most.
        let follow = suit.or_else(|| cards.last().and_then(|card| card.suit()));
        if let Some(follow) = follow {
            score += 2 * (rest & follow.mask()).count_ones().cast_signed();
        }
        score
    }

    /// What a Jack that leaves `left` cards is worth: a swap for a smaller hand, or for
    /// `JD` with at most two cards left, going out by putting them under it.
    fn jack_value(&self, jack: Card, left: usize) -> i32 {
        if jack == JACK_OF_DIAMONDS && left <= 2 {
            return 500;
        }
        match self.smallest_other_hand() {
            Some(smallest) if smallest < left => 15 * count(left - smallest),
            _ => -100,
        }
    }

    /// Normal's choice among `legal`: the best-scoring action (ties to the first listed).
    pub(crate) fn best(&self, legal: &[DunnoAction]) -> Option<DunnoAction> {
        let mut best: Option<(i32, DunnoAction)> = None;
        for &action in legal {
            let score = self.score(action);
            if best.is_none_or(|(top, _)| score > top) {
                best = Some((score, action));
            }
        }
        best.map(|(_, action)| action)
    }
}

/// A small count as a score term.
fn count(cards: usize) -> i32 {
    i32::try_from(cards).unwrap_or(i32::MAX / 16)
}

/// The seat's situation from its view.
fn situation(seat: Seat, view: &DunnoView) -> Situation {
    let mut sizes = [0; MAX_SEATS];
    for (other, &size) in view.hand_sizes.seats() {
        sizes[other.index()] = size;
    }
    Situation {
        seat,
        hand: CardSet::of(view.hand.as_deref().unwrap_or_default()).mask(),
        owed: view.draw_value,
        top: Top { card: view.top, suit: view.top_suit },
        direction: view.direction,
        players: view.hand_sizes.len(),
        sizes,
    }
}

/// Dunno's Normal bot.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NormalDunno;

impl Bot<Dunno> for NormalDunno {
    fn level(&self) -> BotLevel {
        BotLevel::Normal
    }

    fn decide(&mut self, seat: Seat, view: &DunnoView, legal: &[DunnoAction], _rng: &mut GameRng) -> Option<Decision<DunnoAction>> {
        let action = situation(seat, view).best(legal)?;
        Some(Decision { action, iterations: 0 })
    }
}

/// Dunno's Easy bot.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct EasyDunno;

impl Bot<Dunno> for EasyDunno {
    fn level(&self) -> BotLevel {
        BotLevel::Easy
    }

    fn decide(&mut self, _seat: Seat, _view: &DunnoView, legal: &[DunnoAction], rng: &mut GameRng) -> Option<Decision<DunnoAction>> {
        if legal.is_empty() {
            return None;
        }
        // Picks a card to lead with, then any play it starts: every first card is as likely,
        // however many orders and suits its group could be played in.
        let leads: u64 = legal
            .iter()
            .filter_map(|action| match action {
                DunnoAction::Play { cards, .. } => Some(cards.first().bit()),
                _ => None,
            })
            .fold(0, |mask, bit| mask | bit);
        let draws = legal.contains(&DunnoAction::Draw);
        let action = if leads == 0 || (draws && rng.below(EASY_SLIP_ONE_IN) == 0) {
            if draws { DunnoAction::Draw } else { legal[rng.below(legal.len())] }
        } else {
            let lead = bits(leads).nth(rng.below(leads.count_ones() as usize)).expect("below the number of leads");
            let starts = |action: &&DunnoAction| matches!(action, DunnoAction::Play { cards, .. } if cards.first() == lead);
            let count = legal.iter().filter(starts).count();
            *legal.iter().filter(starts).nth(rng.below(count)).expect("the lead starts a play")
        };
        let action = match action {
            // Under a Jack: nothing, as a beginner does.
            DunnoAction::Under(_) => DunnoAction::Under(CardSet::EMPTY),
            other => other,
        };
        legal.contains(&action).then_some(Decision { action, iterations: 0 })
    }
}
