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

use super::action::{CardRun, DunnoAction};
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
