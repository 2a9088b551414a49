//! Which actions a seat may take now, and why another one is refused. Both depend only on
//! what every seat can see (stage, whose turn, which slots hold a card), never on a hidden
//! card: offering only the right snaps would tell a seat what it holds.

use crate::error::ActionError;
use crate::seat::Seat;

use super::action::YougloufAction;
use super::event::Power;
use super::round::{Round, Stage};

/// Writes `seat`'s legal actions into `out` (cleared first): the turn's own decision first,
/// then the snaps, by slot.
pub fn legal_actions_into(round: &Round, seat: Seat, out: &mut Vec<YougloufAction>) {
    out.clear();
    let own = || round.hands[seat].iter().enumerate().filter(|(_, card)| card.is_some()).map(|(slot, _)| slot as u8);
    match round.stage {
        Stage::Looking => {
            if !round.looked.contains(seat) {
                for first in own() {
                    out.extend(own().filter(|&second| second > first).map(|second| YougloufAction::Look(first, second)));
                }
            }
        }
        _ if seat != round.turn => {}
        Stage::Draw => {
            if round.can_draw() {
                out.push(YougloufAction::Draw);
            }
            if !round.open_deck.is_empty() {
                out.push(YougloufAction::Take);
            }
        }
        Stage::Holding { .. } => {
            out.extend(own().map(YougloufAction::Replace));
            out.push(YougloufAction::Drop);
        }
        Stage::Power(Power::Peek) => {
            out.extend(own().map(YougloufAction::Peek));
            out.push(YougloufAction::Skip);
        }
        Stage::Power(Power::Spy) => {
            for (owner, hand) in round.hands.seats().filter(|(owner, _)| *owner != seat) {
                let slots = hand.iter().enumerate().filter(|(_, card)| card.is_some());
                out.extend(slots.map(|(slot, _)| YougloufAction::Spy(owner, slot as u8)));
            }
            out.push(YougloufAction::Skip);
        }
        Stage::Power(Power::Exchange) => {
            for mine in own() {
                for (owner, hand) in round.hands.seats().filter(|(owner, _)| *owner != seat) {
                    let slots = hand.iter().enumerate().filter(|(_, card)| card.is_some());
                    out.extend(slots.map(|(slot, _)| YougloufAction::Exchange(mine, owner, slot as u8)));
                }
            }
            if !exchange_possible(round, seat) {
                out.push(YougloufAction::Skip);
            }
        }
        Stage::Finishing => {
            out.push(YougloufAction::End);
            out.push(YougloufAction::Youglouf);
        }
    }
    if round.may_snap(seat) {
        out.extend(own().map(YougloufAction::Snap));
    }
}

/// Whether a Queen's exchange can be made: the player and some opponent hold a card.
fn exchange_possible(round: &Round, seat: Seat) -> bool {
    round.cards_held(seat) > 0 && round.opponents_hold_cards(seat)
}

/// Refuses `action` by `seat` unless it is legal now, with the rule it breaks. The round
/// is in play (the caller checks the phase).
///
/// # Errors
/// The action is not `seat`'s to take now.
pub fn check(round: &Round, seat: Seat, action: YougloufAction) -> Result<(), ActionError> {
    let illegal = |reason: &str| Err(ActionError::illegal(action, reason));
    // Seats and slots come from untrusted notation: a seat off the table holds nothing.
    let holds = |owner: Seat, slot: u8| owner.index() < round.players() && round.card_at(owner, usize::from(slot)).is_some();
    if seat.index() >= round.players() {
        return Err(ActionError::NotYourTurn { seat });
    }
    if let YougloufAction::Snap(slot) = action {
        if !round.snap_window_open() {
            return illegal("no card has landed on the open deck since the last card was taken");
        }
        if !holds(seat, slot) {
            return illegal("you have no card in that slot");
        }
        if !round.may_snap(seat) {
            return illegal("in the last round only the declarer may snap their last card");
        }
        return Ok(());
    }
    if round.stage == Stage::Looking {
        let YougloufAction::Look(first, second) = action else {
            return illegal("everyone first looks at two of their cards");
        };
        if round.looked.contains(seat) {
            return illegal("you have had your one look");
        }
        if first >= second || !holds(seat, first) || !holds(seat, second) {
            return illegal("look at two different cards of yours");
        }
        return Ok(());
    }
    if seat != round.turn {
        return Err(ActionError::NotYourTurn { seat });
    }
    match (round.stage, action) {
        (Stage::Draw, YougloufAction::Draw) if !round.can_draw() => illegal("the closed deck is empty and cannot be refilled"),
        (Stage::Draw, YougloufAction::Take) if round.open_deck.is_empty() => illegal("the open deck is empty"),
        (Stage::Holding { .. }, YougloufAction::Replace(slot)) | (Stage::Power(Power::Peek), YougloufAction::Peek(slot))
            if !holds(seat, slot) =>
        {
            illegal("you have no card in that slot")
        }
        (Stage::Power(Power::Spy), YougloufAction::Spy(owner, slot)) if owner == seat || !holds(owner, slot) => {
            illegal("name a card of an opponent")
        }
        (Stage::Power(Power::Exchange), YougloufAction::Exchange(mine, _, _)) if !holds(seat, mine) => {
            illegal("you have no card in that slot")
        }
        (Stage::Power(Power::Exchange), YougloufAction::Exchange(_, owner, slot)) if owner == seat || !holds(owner, slot) => {
            illegal("name a card of an opponent")
        }
        (Stage::Power(Power::Exchange), YougloufAction::Skip) if exchange_possible(round, seat) => {
            illegal("a Queen's exchange is compulsory")
        }
        (Stage::Draw, YougloufAction::Draw | YougloufAction::Take)
        | (Stage::Holding { .. }, YougloufAction::Replace(_) | YougloufAction::Drop)
        | (Stage::Power(Power::Peek), YougloufAction::Peek(_))
        | (Stage::Power(Power::Spy), YougloufAction::Spy(..))
        | (Stage::Power(Power::Exchange), YougloufAction::Exchange(..))
        | (Stage::Power(_), YougloufAction::Skip)
        | (Stage::Finishing, YougloufAction::End | YougloufAction::Youglouf) => Ok(()),
        (Stage::Draw, _) => illegal("take a card from the closed or the open deck"),
        (Stage::Holding { .. }, _) => illegal("replace one of your cards with the taken card, or drop it"),
        (Stage::Power(power), _) => illegal(match power {
            Power::Peek => "use the power (peek at one of your cards) or skip it",
            Power::Spy => "use the power (spy on an opponent's card) or skip it",
            Power::Exchange => "exchange one of your cards with an opponent's",
        }),
        (Stage::Finishing, _) => illegal("end your turn, or declare Youglouf"),
        (Stage::Looking, _) => illegal("everyone first looks at two of their cards"),
    }
}
