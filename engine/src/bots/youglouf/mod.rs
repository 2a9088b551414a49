//! Youglouf's Easy and Normal bots (RULES.md §5), and the heuristic the Hard level's
//! playouts share with Normal.
//!
//! A Youglouf player decides from what it remembers: the cards it has seen and can still
//! place. The view holds exactly that (every slot known, face down or empty), so Normal
//! remembers perfectly; a card it has not seen counts as the average card (6.5).
//!
//! Normal snaps every card it knows matches the open deck's top; takes the open card when it
//! is low or beats its worst known card; keeps a drawn card in place of its worst known card
//! (or of an unknown one when the card is low), and drops a card whose rank it holds, to snap
//! its own twin; peeks at its unknown cards, spies on the opponent with the fewest cards, and
//! makes a Queen's exchange that gains it most; it declares "Youglouf" once its estimated sum
//! is low and clearly below every opponent's (whose unknown cards also count 6.5).
//!
//! Easy forgets about one card in four that it has seen, misses a third of its snaps (too
//! late), takes only very low open cards, uses powers at random and declares on its own sum
//! alone.
//!
//! The heuristics read a [`Memory`]: the view for Normal and Easy, the simulated state with
//! only the deciding seat's knowledge for playouts.
//!
//! Its determinization for the Hard level, with the playout steps built on these heuristics,
//! is in `determinize.rs` beside this file: a search concern, kept with the bots, not the rules.

mod determinize;

use crate::card::Card;
use crate::games::youglouf::{Power, SlotView, StepView, Youglouf, YougloufAction, YougloufView, card_value};
use crate::rng::GameRng;
use crate::seat::Seat;

use super::bot::{Bot, BotLevel, Decision};
use super::bot_game::BotGame;
use super::ismcts::IsmctsConfig;
use super::slip::slips;

impl BotGame for Youglouf {
    const SEARCH: IsmctsConfig = IsmctsConfig::with_iterations(600);

    fn easy_bot() -> Box<dyn Bot<Youglouf>> {
        Box::new(EasyYouglouf)
    }

    fn normal_bot() -> Box<dyn Bot<Youglouf>> {
        Box::new(NormalYouglouf)
    }

    /// Snap a card it knows matches the top.
    fn sure_optional(view: &YougloufView, seat: Seat, optional: &[YougloufAction]) -> Option<YougloufAction> {
        sure_snap(&ViewMemory { view, seat, forgetful: false }, optional)
    }
}

/// A card's value in tenths of a point (so the unknown card's 6.5 is a whole number).
fn tenths(card: Card) -> i32 {
    10 * card_value(card)
}

/// The average card of the pack, in tenths: 338 points over 52 cards.
const UNKNOWN_TENTHS: i32 = 65;
/// Take the open card when worth this much or less (tenths)...
const TAKE_AT_MOST: i32 = 30;
/// ...or when it beats the worst known card by more than this (tenths).
const TAKE_GAIN: i32 = 35;
/// Keep a drawn card in place of an unknown one when it beats the average by this (tenths).
const REPLACE_UNKNOWN_GAIN: i32 = 25;
/// Normal declares with an estimated sum at most this (tenths)...
const DECLARE_AT_MOST: i32 = 100;
/// ...when every opponent's estimate is higher by this (tenths).
const DECLARE_MARGIN: i32 = 50;
/// Easy declares on its own estimate at most this (tenths).
const EASY_DECLARE_AT_MOST: i32 = 80;
/// Easy takes the open card only when worth this much or less (tenths).
const EASY_TAKE_AT_MOST: i32 = 20;
/// Easy forgets a seen card this many times in [`EASY_FORGETS_OUT_OF`].
const EASY_FORGETS: u64 = 1;
/// See [`EASY_FORGETS`].
const EASY_FORGETS_OUT_OF: u64 = 4;
/// Easy is too late for a snap this many times in [`EASY_LATE_OUT_OF`].
const EASY_LATE: u64 = 1;
/// See [`EASY_LATE`].
const EASY_LATE_OUT_OF: u64 = 3;

/// What the deciding seat remembers of the table.
pub(crate) trait Memory {
    /// The deciding seat.
    fn seat(&self) -> Seat;
    /// Seats at the table.
    fn players(&self) -> usize;
    /// How many slots `owner` has (empty ones included).
    fn slot_count(&self, owner: Seat) -> usize;
    /// `owner`'s `slot` as the deciding seat knows it.
    fn slot(&self, owner: Seat, slot: usize) -> SlotView;
    /// The open deck's top card.
    fn top(&self) -> Option<Card>;
    /// The card the deciding seat holds in its turn, if any.
    fn held(&self) -> Option<Card>;
}

/// What a seat's slots add up to, as the deciding seat sees them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Estimate {
    /// Estimated sum, tenths.
    sum: i32,
    /// The known card worth most, with its slot.
    worst_known: Option<(usize, i32)>,
    /// The first face-down slot the deciding seat cannot name.
    first_unknown: Option<usize>,
    /// Face-down cards in all.
    cards: usize,
}

fn estimate(memory: &impl Memory, owner: Seat) -> Estimate {
    let mut estimate = Estimate::default();
    for slot in 0..memory.slot_count(owner) {
        match memory.slot(owner, slot) {
            SlotView::Empty => continue,
            SlotView::FaceDown => {
                estimate.sum += UNKNOWN_TENTHS;
                estimate.first_unknown.get_or_insert(slot);
            }
            SlotView::Known(card) => {
                let value = tenths(card);
                estimate.sum += value;
                if estimate.worst_known.is_none_or(|(_, worst)| value > worst) {
                    estimate.worst_known = Some((slot, value));
                }
            }
        }
        estimate.cards += 1;
    }
    estimate
}

/// A snap of a card the seat knows has the top's rank, if offered.
fn sure_snap(memory: &impl Memory, offered: &[YougloufAction]) -> Option<YougloufAction> {
    let top = memory.top()?;
    offered.iter().copied().find(|&action| match action {
        YougloufAction::Snap(slot) => {
            matches!(memory.slot(memory.seat(), usize::from(slot)), SlotView::Known(card) if card.rank() == top.rank())
        }
        _ => false,
    })
}

/// Whether `seat`'s own known cards include one of `card`'s rank.
fn holds_twin(memory: &impl Memory, card: Card) -> bool {
    let seat = memory.seat();
    (0..memory.slot_count(seat)).any(|slot| matches!(memory.slot(seat, slot), SlotView::Known(own) if own.rank() == card.rank()))
}

/// How far Normal's choices lean: Normal itself, or Easy's looser habits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Style {
    take_at_most: i32,
    /// Declares only when clearly below every opponent (Normal), or on its own sum (Easy).
    compare_opponents: bool,
    declare_at_most: i32,
}

/// Normal's style.
pub(crate) const NORMAL: Style = Style { take_at_most: TAKE_AT_MOST, compare_opponents: true, declare_at_most: DECLARE_AT_MOST };
/// Easy's style.
const EASY: Style = Style { take_at_most: EASY_TAKE_AT_MOST, compare_opponents: false, declare_at_most: EASY_DECLARE_AT_MOST };

/// The turn's decision (not snaps) for the deciding seat, among `legal`.
pub(crate) fn choose(memory: &impl Memory, legal: &[YougloufAction], style: Style) -> Option<YougloufAction> {
    let first = *legal.iter().find(|action| !matches!(action, YougloufAction::Snap(_)))?;
    let seat = memory.seat();
    let mine = estimate(memory, seat);
    let has = |action: YougloufAction| legal.contains(&action);
    let action = match first {
        YougloufAction::Draw | YougloufAction::Take => {
            let take = memory.top().is_some_and(|top| {
                let value = tenths(top);
                value <= style.take_at_most || mine.worst_known.is_some_and(|(_, worst)| worst - value > TAKE_GAIN)
            });
            if (take && has(YougloufAction::Take)) || !has(YougloufAction::Draw) { YougloufAction::Take } else { YougloufAction::Draw }
        }
        YougloufAction::Replace(_) | YougloufAction::Drop => keep_or_drop(memory, &mine),
        YougloufAction::Peek(_) => mine.first_unknown.map_or(YougloufAction::Skip, |slot| YougloufAction::Peek(slot as u8)),
        YougloufAction::Spy(..) => spy(memory).unwrap_or(YougloufAction::Skip),
        YougloufAction::Exchange(..) => best_exchange(memory, legal).unwrap_or(first),
        YougloufAction::End | YougloufAction::Youglouf => {
            if declares(memory, &mine, style) {
                YougloufAction::Youglouf
            } else {
                YougloufAction::End
            }
        }
        YougloufAction::Look(..) | YougloufAction::Skip | YougloufAction::Snap(_) => first,
    };
    Some(if has(action) { action } else { first })
}

/// With a taken card in hand: replace the worst known card it beats, or an unknown card when
/// it is low; drop it when its rank is a known card's (to snap that twin) or when it helps
/// nothing.
fn keep_or_drop(memory: &impl Memory, mine: &Estimate) -> YougloufAction {
    let Some(held) = memory.held() else {
        return YougloufAction::Drop;
    };
    if holds_twin(memory, held) {
        return YougloufAction::Drop;
    }
    let value = tenths(held);
    let known_gain = mine.worst_known.map(|(slot, worst)| (worst - value, slot));
    let unknown_gain = mine.first_unknown.map(|slot| (UNKNOWN_TENTHS - value - REPLACE_UNKNOWN_GAIN, slot));
    match known_gain.into_iter().chain(unknown_gain).max() {
        Some((gain, slot)) if gain > 0 => YougloufAction::Replace(slot as u8),
        _ => YougloufAction::Drop,
    }
}

/// A look at the first unknown card of the opponent with the fewest cards (the likeliest to
/// declare).
fn spy(memory: &impl Memory) -> Option<YougloufAction> {
    let seat = memory.seat();
    let mut opponents: Vec<(usize, Seat)> =
        Seat::all(memory.players()).filter(|&other| other != seat).map(|other| (estimate(memory, other).cards, other)).collect();
    opponents.sort_unstable();
    opponents.into_iter().find_map(|(_, other)| estimate(memory, other).first_unknown.map(|slot| YougloufAction::Spy(other, slot as u8)))
}

/// The Queen's exchange that gains most: the value given minus the value received, each
/// known or the average.
fn best_exchange(memory: &impl Memory, legal: &[YougloufAction]) -> Option<YougloufAction> {
    let seat = memory.seat();
    let value = |owner: Seat, slot: u8| match memory.slot(owner, usize::from(slot)) {
        SlotView::Known(card) => tenths(card),
        SlotView::FaceDown | SlotView::Empty => UNKNOWN_TENTHS,
    };
    legal
        .iter()
        .filter_map(|&action| match action {
            YougloufAction::Exchange(mine, owner, theirs) => Some((value(seat, mine) - value(owner, theirs), action)),
            _ => None,
        })
        .max_by_key(|&(gain, _)| gain)
        .map(|(_, action)| action)
}

/// Whether to declare "Youglouf" now.
fn declares(memory: &impl Memory, mine: &Estimate, style: Style) -> bool {
    if mine.sum > style.declare_at_most {
        return false;
    }
    if !style.compare_opponents {
        return true;
    }
    let seat = memory.seat();
    Seat::all(memory.players()).filter(|&other| other != seat).all(|other| estimate(memory, other).sum >= mine.sum + DECLARE_MARGIN)
}

/// A seat's view as its memory; `forgetful` drops about one seen card in four (Easy).
struct ViewMemory<'a> {
    view: &'a YougloufView,
    seat: Seat,
    forgetful: bool,
}

impl Memory for ViewMemory<'_> {
    fn seat(&self) -> Seat {
        self.seat
    }

    fn players(&self) -> usize {
        self.view.slots.len()
    }

    fn slot_count(&self, owner: Seat) -> usize {
        self.view.slots[owner].len()
    }

    fn slot(&self, owner: Seat, slot: usize) -> SlotView {
        let seen = self.view.slots[owner][slot];
        match seen {
            SlotView::Known(card)
                if self.forgetful
                    && slips(
                        &[u64::from(self.view.header.round), u64::from(owner.0), slot as u64, u64::from(card.index())],
                        EASY_FORGETS,
                        EASY_FORGETS_OUT_OF,
                    ) =>
            {
                SlotView::FaceDown
            }
            other => other,
        }
    }

    fn top(&self) -> Option<Card> {
        self.view.open_deck.last().copied()
    }

    fn held(&self) -> Option<Card> {
        match self.view.step {
            StepView::Holding { card, .. } if self.view.header.turn == self.seat => card,
            _ => None,
        }
    }
}

/// Youglouf's Normal bot.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NormalYouglouf;

impl Bot<Youglouf> for NormalYouglouf {
    fn level(&self) -> BotLevel {
        BotLevel::Normal
    }

    fn decide(
        &mut self,
        seat: Seat,
        view: &YougloufView,
        legal: &[YougloufAction],
        _rng: &mut GameRng,
    ) -> Option<Decision<YougloufAction>> {
        let action = choose(&ViewMemory { view, seat, forgetful: false }, legal, NORMAL)?;
        Some(Decision { action, iterations: 0 })
    }

    fn optional(&mut self, seat: Seat, view: &YougloufView, optional: &[YougloufAction], _rng: &mut GameRng) -> Option<YougloufAction> {
        Youglouf::sure_optional(view, seat, optional)
    }
}

/// Youglouf's Easy bot.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct EasyYouglouf;

impl Bot<Youglouf> for EasyYouglouf {
    fn level(&self) -> BotLevel {
        BotLevel::Easy
    }

    fn decide(&mut self, seat: Seat, view: &YougloufView, legal: &[YougloufAction], rng: &mut GameRng) -> Option<Decision<YougloufAction>> {
        if legal.is_empty() {
            return None;
        }
        let memory = ViewMemory { view, seat, forgetful: true };
        let powers = matches!(view.step, StepView::Power(Power::Spy | Power::Exchange));
        let action = if powers || legal.iter().any(|action| matches!(action, YougloufAction::Look(..))) {
            // Looks and uses its powers without a plan.
            legal[rng.below(legal.len())]
        } else {
            choose(&memory, legal, EASY)?
        };
        Some(Decision { action, iterations: 0 })
    }

    /// Snaps only cards it still remembers, and is too late for some windows.
    fn optional(&mut self, seat: Seat, view: &YougloufView, optional: &[YougloufAction], _rng: &mut GameRng) -> Option<YougloufAction> {
        let window = [u64::from(view.header.round), u64::from(seat.0), view.open_deck.len() as u64, view.closed_deck as u64];
        if slips(&window, EASY_LATE, EASY_LATE_OUT_OF) {
            return None;
        }
        sure_snap(&ViewMemory { view, seat, forgetful: true }, optional)
    }
}
