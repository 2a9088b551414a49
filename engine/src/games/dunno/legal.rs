//! Which Dunno actions the turn seat may take: the full list, in a fixed order, and the check
//! that refuses anything else. Both read the same masks (`matching.rs`), so an action is listed
//! exactly when it passes the check.
//!
//! Plays are listed in every order whose first card is playable: the order decides the top
//! card, and a complete list lets a player choose any of them. Cards put under `JD` are a set
//! (listed ascending): they lie under the Jack with no effect, so their order changes nothing.

use crate::card::{Rank, Suit};
use crate::card_set::{CardSet, bits};
use crate::error::ActionError;
use crate::refusal::Refusal;

use super::action::{CardRun, DunnoAction, MAX_RUN};
use super::matching::{Top, group_mask, names_suit};
use super::round::{Round, TurnPhase};

/// Most cards `JD` may put under itself.
pub const MAX_UNDER_JACK: usize = 2;

impl Round {
    /// The turn seat's cards that may lead a play now: playable on the top when nothing is
    /// owed, an answer to the draw value otherwise.
    #[must_use]
    pub fn leading_cards(&self) -> u64 {
        let hand = self.hands[self.turn].mask();
        match self.phase {
            TurnPhase::Free => hand & self.top.playable_mask(),
            TurnPhase::Owes { draw } => hand & self.top.answer_mask(draw),
            TurnPhase::JackUnder | TurnPhase::JackSwap => 0,
        }
    }

    /// Writes the turn seat's legal actions into `out` (cleared first): plays grouped by their
    /// first card (ascending), each extended card by card in ascending order, then `draw`;
    /// or the `JD` and swap choices.
    pub fn legal_actions_into(&self, out: &mut Vec<DunnoAction>) {
        out.clear();
        let hand = self.hands[self.turn];
        match self.phase {
            TurnPhase::Free | TurnPhase::Owes { .. } => {
                for first in bits(self.leading_cards()) {
                    let followers = if first.is_rank(Rank::Jack) { 0 } else { hand.mask() & group_mask(first) & !first.bit() };
                    push_plays(CardRun::single(first), followers, names_suit(first), out);
                }
                out.push(DunnoAction::Draw);
            }
            TurnPhase::JackUnder => {
                out.push(DunnoAction::Under(CardSet::EMPTY));
                out.extend(bits(hand.mask()).map(|card| DunnoAction::Under(CardSet::of(&[card]))));
                for low in bits(hand.mask()) {
                    let higher = hand.mask() & !((low.bit() << 1) - 1);
                    out.extend(bits(higher).map(|high| DunnoAction::Under(CardSet::of(&[low, high]))));
                }
            }
            TurnPhase::JackSwap => out.extend(self.swap_partners(self.turn).iter().map(DunnoAction::Swap)),
        }
    }

    /// The action at `pick` of [`Round::legal_actions_into`]'s list, and the list's length,
    /// counted from the masks without building it, in the phases where the turn plays or
    /// draws; `None` in the Jack's phases (their lists are short: the caller lists them).
    /// `pick` is given the length and answers an index below it, as `GameRng::below` does.
    pub fn pick_play_or_draw(&self, pick: impl FnOnce(usize) -> usize) -> Option<DunnoAction> {
        if !matches!(self.phase, TurnPhase::Free | TurnPhase::Owes { .. }) {
            return None;
        }
        let hand = self.hands[self.turn].mask();
        let leading = self.leading_cards();
        let followers = |first: crate::card::Card| if first.is_rank(Rank::Jack) { 0 } else { hand & group_mask(first) & !first.bit() };
        let block = |first| plays_listed(1, followers(first).count_ones() as usize, names_suit(first));
        let count: usize = bits(leading).map(block).sum::<usize>() + 1;
        let mut index = pick(count);
        for first in bits(leading) {
            let size = block(first);
            if index < size {
                return Some(nth_play(CardRun::single(first), followers(first), names_suit(first), index));
            }
            index -= size;
        }
        Some(DunnoAction::Draw)
    }

    /// Refuses an action the turn seat may not take now, saying why.
    ///
    /// # Errors
    /// The action breaks a rule, or uses a card the seat does not hold.
    pub fn check(&self, action: DunnoAction) -> Result<(), ActionError> {
        let seat = self.turn;
        let hand = self.hands[seat];
        match (action, self.phase) {
            (DunnoAction::Play { cards, suit }, TurnPhase::Free | TurnPhase::Owes { .. }) => self.check_play(action, cards, suit),
            (DunnoAction::Draw, TurnPhase::Free | TurnPhase::Owes { .. }) => Ok(()),
            (DunnoAction::Under(cards), TurnPhase::JackUnder) => {
                if cards.len() > MAX_UNDER_JACK || cards.len() != cards.mask().count_ones() as usize {
                    return Err(ActionError::illegal(action, Refusal::TooManyUnderJack));
                }
                match cards.iter().find(|&card| !hand.contains(card)) {
                    Some(card) => Err(ActionError::NotInHand { seat, card }),
                    None => Ok(()),
                }
            }
            (DunnoAction::Swap(with), TurnPhase::JackSwap) => {
                if with.index() >= self.players() || with == seat {
                    Err(ActionError::illegal(action, Refusal::SwapWithAnotherSeat))
                } else if self.hands[with].is_empty() {
                    Err(ActionError::illegal(action, Refusal::SwapWithEmptyHand { seat: with }))
                } else {
                    Ok(())
                }
            }
            (DunnoAction::Play { .. } | DunnoAction::Draw, TurnPhase::JackUnder) => {
                Err(ActionError::illegal(action, Refusal::PutUnderJackFirst))
            }
            (DunnoAction::Play { .. } | DunnoAction::Draw, TurnPhase::JackSwap) => {
                Err(ActionError::illegal(action, Refusal::ChooseSwapFirst))
            }
            (DunnoAction::Under(_), _) => Err(ActionError::illegal(action, Refusal::UnderOnlyAfterJack)),
            (DunnoAction::Swap(_), _) => Err(ActionError::illegal(action, Refusal::SwapOnlyAfterJack)),
        }
    }

    fn check_play(&self, action: DunnoAction, cards: CardRun, suit: Option<Suit>) -> Result<(), ActionError> {
        let seat = self.turn;
        let mut played = 0u64;
        for &card in cards.cards() {
            if !self.hands[seat].contains(card) {
                return Err(ActionError::NotInHand { seat, card });
            }
            if played & card.bit() != 0 {
                return Err(ActionError::illegal(action, Refusal::ListedTwice { card }));
            }
            played |= card.bit();
        }
        let first = cards.first();
        if played & !group_mask(first) != 0 {
            return Err(ActionError::illegal(action, Refusal::MixedRanks));
        }
        if first.is_rank(Rank::Jack) && cards.len() > 1 {
            return Err(ActionError::illegal(action, Refusal::JacksAlone));
        }
        if names_suit(first) != suit.is_some() {
            return Err(ActionError::illegal(action, Refusal::KingsAndQueensNameSuit));
        }
        if self.leading_cards() & first.bit() != 0 {
            return Ok(());
        }
        let refusal = match self.phase {
            TurnPhase::Owes { draw } => Refusal::OwesDraw { count: draw, top: self.top.card },
            _ => Refusal::NotPlayableOnTop { card: first, top: self.top.card, carrying: carried_suit(self.top) },
        };
        Err(ActionError::illegal(action, refusal))
    }
}

/// The suit the top card carries when one was named and it is not the card's own.
fn carried_suit(top: Top) -> Option<Suit> {
    top.suit.filter(|&suit| top.card.suit() != Some(suit))
}

/// How many actions [`push_plays`] lists for a run of `len` cards with `left` followers to add.
fn plays_listed(len: usize, left: usize, names_suit: bool) -> usize {
    let per_run = if names_suit { Suit::ALL.len() } else { 1 };
    let mut count = per_run;
    // A run lists its own entries, then, for each follower, the runs one card longer (none
    // past `MAX_RUN`): counted from the longest run back to this one.
    let longest = (len + left).min(MAX_RUN);
    for depth in (len..longest).rev() {
        count = per_run + (left - (depth - len)) * count;
    }
    count
}

/// The action at `index` of what [`push_plays`] lists for `run` and `followers`.
fn nth_play(mut run: CardRun, mut followers: u64, names_suit: bool, mut index: usize) -> DunnoAction {
    let per_run = if names_suit { Suit::ALL.len() } else { 1 };
    loop {
        if index < per_run {
            return DunnoAction::Play { cards: run, suit: names_suit.then(|| Suit::ALL[index]) };
        }
        index -= per_run;
        let subtree = plays_listed(run.len() + 1, followers.count_ones() as usize - 1, names_suit);
        let card = bits(followers).nth(index / subtree).expect("an index inside the list names a follower");
        index %= subtree;
        run = run.then(card).expect("a run the list extends has room");
        followers &= !card.bit();
    }
}

/// Lists `run` (with each suit when it names one), then every longer run made by adding one of
/// `followers`, depth first in ascending card order. At most 4 deep; allocates nothing but `out`.
fn push_plays(run: CardRun, followers: u64, names_suit: bool, out: &mut Vec<DunnoAction>) {
    if names_suit {
        out.extend(Suit::ALL.map(|suit| DunnoAction::Play { cards: run, suit: Some(suit) }));
    } else {
        out.push(DunnoAction::Play { cards: run, suit: None });
    }
    for card in bits(followers) {
        if let Some(longer) = run.then(card) {
            push_plays(longer, followers & !card.bit(), names_suit, out);
        }
    }
}
