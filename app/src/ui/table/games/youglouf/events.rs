//! Youglouf's events at the table: the log's sentences, the banners on the seats and the cards'
//! motions.

use cardtable_engine::Seat;
use cardtable_engine::games::youglouf::{Power, YougloufEvent};

use crate::tr;
use crate::ui::table::badges::Badge;
use crate::ui::table::games::{Drawn, round_end};
use crate::ui::table::motion::{Motion, Spot};

/// Youglouf's draws go to the hand of the turn and are decided on at once: none runs on.
#[must_use]
pub fn drawn(_event: &YougloufEvent) -> Option<Drawn> {
    None
}

/// A sentence for an event.
#[must_use]
pub fn describe(event: &YougloufEvent, name: &dyn Fn(Seat) -> String) -> Option<String> {
    let slot = |slot: u8| u32::from(slot) + 1;
    Some(match event {
        YougloufEvent::RoundStarted { round, dealer } => tr!("log-round-started", round = *round, name = name(*dealer)),
        YougloufEvent::Dealt { cards } => tr!("yg-log-dealt", cards = u32::from(*cards)),
        YougloufEvent::Looked { seat, cards, .. } => {
            tr!("yg-log-looked", name = name(*seat), first = cards[0].pretty(), second = cards[1].pretty())
        }
        YougloufEvent::LookedFaceDown { seat, .. } => tr!("yg-log-looked-hidden", name = name(*seat)),
        YougloufEvent::TurnStarted { .. } => return None,
        YougloufEvent::Reshuffled { cards } => tr!("log-reshuffled", cards = *cards),
        YougloufEvent::Drew { seat, card } => tr!("log-drew", name = name(*seat), card = card.pretty()),
        YougloufEvent::DrewFaceDown { seat } => tr!("log-drew-face-down", name = name(*seat)),
        YougloufEvent::Took { seat, card } => tr!("yg-log-took", name = name(*seat), card = card.pretty()),
        YougloufEvent::Replaced { seat, slot: at, discarded } => {
            tr!("yg-log-replaced", name = name(*seat), slot = slot(*at), card = discarded.pretty())
        }
        YougloufEvent::Dropped { seat, card } => tr!("yg-log-dropped", name = name(*seat), card = card.pretty()),
        YougloufEvent::PowerGranted { seat, power: Power::Peek } => tr!("yg-log-power-peek", name = name(*seat)),
        YougloufEvent::PowerGranted { seat, power: Power::Spy } => tr!("yg-log-power-spy", name = name(*seat)),
        YougloufEvent::PowerGranted { seat, power: Power::Exchange } => tr!("yg-log-power-exchange", name = name(*seat)),
        YougloufEvent::Peeked { seat, slot: at, card } => tr!("yg-log-peeked", name = name(*seat), slot = slot(*at), card = card.pretty()),
        YougloufEvent::PeekedFaceDown { seat, slot: at } => tr!("yg-log-peeked-hidden", name = name(*seat), slot = slot(*at)),
        YougloufEvent::Spied { seat, owner, slot: at, card } => {
            tr!("yg-log-spied", name = name(*seat), other = name(*owner), slot = slot(*at), card = card.pretty())
        }
        YougloufEvent::SpiedFaceDown { seat, owner, slot: at } => {
            tr!("yg-log-spied-hidden", name = name(*seat), other = name(*owner), slot = slot(*at))
        }
        YougloufEvent::Exchanged { seat, slot: at, owner, their_slot } => {
            tr!("yg-log-exchanged", name = name(*seat), slot = slot(*at), other = name(*owner), their = slot(*their_slot))
        }
        YougloufEvent::PowerSkipped { seat } => tr!("yg-log-power-skipped", name = name(*seat)),
        YougloufEvent::Snapped { seat, card, .. } => tr!("yg-log-snapped", name = name(*seat), card = card.pretty()),
        YougloufEvent::WrongSnap { seat, card, .. } => tr!("yg-log-wrong-snap", name = name(*seat), card = card.pretty()),
        YougloufEvent::Penalty { seat, .. } => tr!("yg-log-penalty", name = name(*seat)),
        YougloufEvent::NoPenaltyCard { seat } => tr!("yg-log-no-penalty", name = name(*seat)),
        YougloufEvent::Declared { seat } => tr!("yg-log-declared", name = name(*seat)),
        YougloufEvent::RoundEnded(result) => round_end(result.end, name),
        YougloufEvent::MatchEnded(_) => tr!("log-match-over"),
    })
}

/// The banners an event puts on the table.
pub fn badges(event: &YougloufEvent) -> Vec<Badge> {
    match event {
        YougloufEvent::Snapped { seat, .. } => vec![Badge::on(*seat, tr!("badge-snap"))],
        YougloufEvent::WrongSnap { seat, .. } => vec![Badge::on(*seat, tr!("badge-wrong-snap"))],
        YougloufEvent::Penalty { seat, .. } => vec![Badge::on(*seat, tr!("badge-penalty"))],
        YougloufEvent::Declared { seat } => vec![Badge::on(*seat, tr!("badge-youglouf"))],
        _ => Vec::new(),
    }
}

/// How an event moves cards.
#[must_use]
pub fn motions(event: &YougloufEvent) -> Vec<Motion> {
    match event {
        YougloufEvent::Drew { seat, .. } | YougloufEvent::DrewFaceDown { seat } | YougloufEvent::Penalty { seat, .. } => {
            vec![Motion::hidden(Spot::Stock, Spot::Seat(*seat))]
        }
        YougloufEvent::Took { seat, card } => vec![Motion::shown(Spot::Pile, Spot::Seat(*seat), *card)],
        YougloufEvent::Replaced { seat, discarded, .. } => vec![Motion::shown(Spot::Seat(*seat), Spot::Pile, *discarded)],
        YougloufEvent::Dropped { seat, card } | YougloufEvent::Snapped { seat, card, .. } => {
            vec![Motion::shown(Spot::Seat(*seat), Spot::Pile, *card)]
        }
        YougloufEvent::Exchanged { seat, owner, .. } => {
            vec![Motion::hidden(Spot::Seat(*seat), Spot::Seat(*owner)), Motion::hidden(Spot::Seat(*owner), Spot::Seat(*seat))]
        }
        _ => Vec::new(),
    }
}
