//! The driver's player: a plain policy that picks each seat's move from its own view.

use cardtable_engine::games::crazy_eights::CrazyEightsAction;
use cardtable_engine::games::dunno::{DunnoAction, TurnPhase};
use cardtable_engine::games::fool108::Fool108Action;
use cardtable_engine::games::hundred_one::HundredOneAction;
use cardtable_engine::games::youglouf::{StepView, YougloufAction};
use cardtable_engine::{AnyAction, AnyView, Card};

use super::Input;

/// A plain policy from the seat's own view: the seat's hand (for keyboard positions) and its
/// action. Plays before draws, so rounds end; by keyboard, prefers cards the digits reach.
pub fn choose(view: &AnyView, input: Input) -> (Option<AnyAction>, Vec<Card>) {
    let reachable = |hand: &[Card], cards: &[Card]| {
        input == Input::Mouse || cards.iter().all(|card| hand.iter().position(|held| held == card).is_some_and(|at| at < 9))
    };
    match view {
        AnyView::CrazyEights(view) => {
            let hand = view.hand.clone().unwrap_or_default();
            let play = view.legal.iter().find(|action| action.card().is_some_and(|card| reachable(&hand, &[card]))).copied();
            (
                play.or_else(|| view.legal.iter().find(|action| **action == CrazyEightsAction::Draw).copied())
                    .or(view.legal.first().copied())
                    .map(AnyAction::CrazyEights),
                hand,
            )
        }
        AnyView::Fool108(view) => {
            let hand = view.hand.clone().unwrap_or_default();
            let pick = view
                .legal
                .iter()
                .find(|action| **action == Fool108Action::One)
                .or_else(|| view.legal.iter().find(|action| matches!(action, Fool108Action::Play(card) if reachable(&hand, &[*card]))))
                .or_else(|| {
                    view.legal.iter().find(|action| matches!(action, Fool108Action::Suit(_) | Fool108Action::Draw | Fool108Action::Pass))
                })
                .copied();
            (pick.map(AnyAction::Fool108), hand)
        }
        AnyView::HundredOne(view) => {
            let hand = view.hand.clone().unwrap_or_default();
            let pick = view
                .legal
                .iter()
                .find(|action| match action {
                    HundredOneAction::Play(card) | HundredOneAction::PlayQueen(card, _) => reachable(&hand, &[*card]),
                    HundredOneAction::Order(_) => true,
                    HundredOneAction::Draw => false,
                })
                .or_else(|| view.legal.first())
                .copied();
            (pick.map(AnyAction::HundredOne), hand)
        }
        AnyView::Dunno(view) => {
            let hand = view.hand.clone().unwrap_or_default();
            let pick = match view.turn_phase {
                TurnPhase::JackUnder => {
                    view.legal.iter().find(|action| matches!(action, DunnoAction::Under(cards) if cards.iter().next().is_none()))
                }
                _ => view
                    .legal
                    .iter()
                    .find(|action| matches!(action, DunnoAction::Play { cards, .. } if reachable(&hand, cards.cards())))
                    .or_else(|| view.legal.iter().find(|action| matches!(action, DunnoAction::Swap(_) | DunnoAction::Draw))),
            };
            (pick.or_else(|| view.legal.first()).copied().map(AnyAction::Dunno), hand)
        }
        AnyView::Youglouf(view) => {
            let pick = match view.step {
                StepView::Draw => view.legal.iter().find(|action| matches!(action, YougloufAction::Draw | YougloufAction::Take)),
                StepView::Holding { .. } => view.legal.iter().find(|action| **action == YougloufAction::Drop),
                StepView::Finishing if view.declarer.is_none() => view.legal.iter().find(|action| **action == YougloufAction::Youglouf),
                StepView::Finishing => view.legal.iter().find(|action| **action == YougloufAction::End),
                StepView::Power(_) => view
                    .legal
                    .iter()
                    .find(|action| **action == YougloufAction::Skip)
                    .or_else(|| view.legal.iter().find(|action| matches!(action, YougloufAction::Exchange(..)))),
                StepView::Looking => view.legal.iter().find(|action| matches!(action, YougloufAction::Look(..))),
            };
            (pick.copied().map(AnyAction::Youglouf), Vec::new())
        }
    }
}
