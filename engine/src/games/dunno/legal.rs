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
                    return Err(ActionError::illegal(action, "JD takes at most two different cards under it"));
                }
                match cards.iter().find(|&card| !hand.contains(card)) {
                    Some(card) => Err(ActionError::NotInHand { seat, card }),
                    None => Ok(()),
                }
            }
            (DunnoAction::Swap(with), TurnPhase::JackSwap) => {
                if with.index() >= self.players() || with == seat {
                    Err(ActionError::illegal(action, "swap with another seat at the table"))
                } else if self.hands[with].is_empty() {
                    Err(ActionError::illegal(action, format!("{with} holds no card; both hands of a swap must hold cards")))
                } else {
                    Ok(())
                }
            }
            (DunnoAction::Play { .. } | DunnoAction::Draw, TurnPhase::JackUnder) => {
                Err(ActionError::illegal(action, "you played JD: put up to two cards under it first (`under 9C 5H`, `under none`)"))
            }
            (DunnoAction::Play { .. } | DunnoAction::Draw, TurnPhase::JackSwap) => {
                Err(ActionError::illegal(action, "you played a Jack: choose the seat to swap hands with (`swap 2`)"))
            }
            (DunnoAction::Under(_), _) => Err(ActionError::illegal(action, "cards go under a Jack only right after playing JD")),
            (DunnoAction::Swap(_), _) => Err(ActionError::illegal(action, "hands are swapped only right after playing a Jack")),
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
                return Err(ActionError::illegal(action, format!("{card} is listed twice")));
            }
            played |= card.bit();
        }
        let first = cards.first();
        if played & !group_mask(first) != 0 {
            return Err(ActionError::illegal(action, "the cards of one play share one rank (the two Jokers go together)"));
        }
        if first.is_rank(Rank::Jack) && cards.len() > 1 {
            return Err(ActionError::illegal(action, "Jacks are played alone"));
        }
        if names_suit(first) != suit.is_some() {
            return Err(ActionError::illegal(action, "Kings and Queens name a suit (`suit D`); other cards do not"));
        }
        if self.leading_cards() & first.bit() != 0 {
            return Ok(());
        }
        let reason = match self.phase {
            TurnPhase::Owes { draw } => format!(
                "you owe {draw}: answer with offensive cards playable on {top}, a 3 of its suit or a defensive {draw} of its suit, \
                 or draw",
                top = describe(self.top)
            ),
            _ => format!("{first} is not playable on {}: match its rank or suit, or play a Queen or a Joker", describe(self.top)),
        };
        Err(ActionError::illegal(action, reason))
    }
}

/// The top card as a player reads it, with the suit it carries when that was chosen.
fn describe(top: Top) -> String {
    match top.suit {
        Some(suit) if top.card.suit() != Some(suit) => format!("{} (carrying {})", top.card, suit.symbol()),
        _ => top.card.to_string(),
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
