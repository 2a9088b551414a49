//! Which actions a seat may take now, and why another one is refused. Both depend only on
//! what every seat can see (stage, whose turn, which slots hold a card), never on a hidden
//! card: offering only the right snaps would tell a seat what it holds.

use crate::error::ActionError;
use crate::refusal::Refusal;
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
    let illegal = |refusal: Refusal| Err(ActionError::illegal(action, refusal));
    // Seats and slots come from untrusted notation: a seat off the table holds nothing.
    let holds = |owner: Seat, slot: u8| owner.index() < round.players() && round.card_at(owner, usize::from(slot)).is_some();
    if seat.index() >= round.players() {
        return Err(ActionError::NotYourTurn { seat });
    }
    if let YougloufAction::Snap(slot) = action {
        if !round.snap_window_open() {
            return illegal(Refusal::NoSnapWindow);
        }
        if !holds(seat, slot) {
            return illegal(Refusal::EmptySlot);
        }
        if !round.may_snap(seat) {
            return illegal(Refusal::OnlyDeclarerSnapsLast);
        }
        return Ok(());
    }
    if round.stage == Stage::Looking {
        let YougloufAction::Look(first, second) = action else {
            return illegal(Refusal::LookFirst);
        };
        if round.looked.contains(seat) {
            return illegal(Refusal::AlreadyLooked);
        }
        if first >= second || !holds(seat, first) || !holds(seat, second) {
            return illegal(Refusal::LookAtTwoCards);
        }
        return Ok(());
    }
    if seat != round.turn {
        return Err(ActionError::NotYourTurn { seat });
    }
    match (round.stage, action) {
        (Stage::Draw, YougloufAction::Draw) if !round.can_draw() => illegal(Refusal::ClosedDeckEmpty),
        (Stage::Draw, YougloufAction::Take) if round.open_deck.is_empty() => illegal(Refusal::OpenDeckEmpty),
        (Stage::Holding { .. }, YougloufAction::Replace(slot)) | (Stage::Power(Power::Peek), YougloufAction::Peek(slot))
            if !holds(seat, slot) =>
        {
            illegal(Refusal::EmptySlot)
        }
        (Stage::Power(Power::Spy), YougloufAction::Spy(owner, slot)) if owner == seat || !holds(owner, slot) => {
            illegal(Refusal::NameOpponentCard)
        }
        (Stage::Power(Power::Exchange), YougloufAction::Exchange(mine, _, _)) if !holds(seat, mine) => illegal(Refusal::EmptySlot),
        (Stage::Power(Power::Exchange), YougloufAction::Exchange(_, owner, slot)) if owner == seat || !holds(owner, slot) => {
            illegal(Refusal::NameOpponentCard)
        }
        (Stage::Power(Power::Exchange), YougloufAction::Skip) if exchange_possible(round, seat) => illegal(Refusal::ExchangeCompulsory),
        (Stage::Draw, YougloufAction::Draw | YougloufAction::Take)
        | (Stage::Holding { .. }, YougloufAction::Replace(_) | YougloufAction::Drop)
        | (Stage::Power(Power::Peek), YougloufAction::Peek(_))
        | (Stage::Power(Power::Spy), YougloufAction::Spy(..))
        | (Stage::Power(Power::Exchange), YougloufAction::Exchange(..))
        | (Stage::Power(_), YougloufAction::Skip)
        | (Stage::Finishing, YougloufAction::End | YougloufAction::Youglouf) => Ok(()),
        (Stage::Draw, _) => illegal(Refusal::DrawOrTake),
        (Stage::Holding { .. }, _) => illegal(Refusal::ReplaceOrDrop),
        (Stage::Power(power), _) => illegal(match power {
            Power::Peek => Refusal::PeekOrSkip,
            Power::Spy => Refusal::SpyOrSkip,
            Power::Exchange => Refusal::MustExchange,
        }),
        (Stage::Finishing, _) => illegal(Refusal::EndOrDeclare),
        (Stage::Looking, _) => illegal(Refusal::LookFirst),
    }
}
