//! Dunno at the table (RULES.md §4): the pile and its carried suit, the draw value, direction,
//! and the hand's offers — several cards of one rank in the order chosen, a King's or Queen's
//! suit, the Jack's swap target and the extra cards under a `JD`.

use cardtable_engine::games::dunno::{Answer, Dunno, DunnoAction, DunnoEvent, DunnoView, TurnPhase};
use cardtable_engine::{AnyAction, Seat};

use super::round_end;
use super::widgets;
use super::{SeatFacts, TableFacts};
use crate::tr;
use crate::ui::card::CardLook;
use crate::ui::table::badges::Badge;
use crate::ui::table::motion::{Motion, Spot};
use crate::ui::table::offers::{Offer, OfferKind};

/// Dunno's part of the table.
#[derive(Debug, Clone, Copy, Default)]
pub struct DunnoTable;

super::game_table!(DunnoTable, Dunno, self, rules "dunno", {
    fn showcase(&self) -> [cardtable_engine::Card; 3] {
        // The offensive cards: a seven, a king and a joker.
        use cardtable_engine::{Card, Rank, Suit};
        [Card::new(Rank::Seven, Suit::Spades), Card::new(Rank::King, Suit::Hearts), Card::RED_JOKER]
    }

    fn options_editor(&self, ui: &mut egui::Ui, options: &mut cardtable_engine::AnyOptions) {
        let Some(options) = options.downcast_mut::<Dunno>() else { return };
        let defaults = cardtable_engine::games::dunno::DunnoOptions::default();
        let note = tr!("option-wins-to-match-note", default = defaults.wins_to_match);
        widgets::number_option(ui, tr!("option-wins-to-match"), &mut options.wins_to_match, 1..=20, note);
    }
});

/// The table's facts of a Dunno view.
#[must_use]
pub fn facts(view: &DunnoView) -> TableFacts {
    let offers = view
        .legal
        .iter()
        .map(|&action| {
            let any = AnyAction::Dunno(action);
            match action {
                DunnoAction::Play { cards, suit } => Offer::play(any, cards.cards().to_vec(), suit),
                DunnoAction::Draw => Offer::button(any, OfferKind::Draw),
                DunnoAction::Under(cards) => Offer { action: any, kind: OfferKind::Under, cards: cards.to_vec(), suit: None },
                DunnoAction::Swap(seat) => Offer::button(any, OfferKind::Swap(seat)),
            }
        })
        .collect();
    let why_not = match view.turn_phase {
        TurnPhase::Owes { draw } => tr!("dunno-why-owes", cards = draw),
        TurnPhase::JackUnder | TurnPhase::JackSwap => tr!("dunno-why-jack"),
        TurnPhase::Free => match (view.top.rank(), view.top_suit) {
            (Some(rank), Some(suit)) => tr!("dunno-why-follow", rank = rank.label(), suit = suit.symbol().to_string()),
            _ => tr!("dunno-why-any"),
        },
    };
    let seats = view
        .hand_sizes
        .seats()
        .map(|(seat, &cards)| SeatFacts {
            cards,
            total: view.header.totals[seat],
            known: view.known_in_hands[seat].clone(),
            ..SeatFacts::default()
        })
        .collect();
    TableFacts::of(&view.header, seats, view.hand.clone(), offers, why_not).with_next(view.direction, cardtable_engine::SeatSet::EMPTY)
}

/// Draws the centre: stock, pile with its carried suit, the draw value, direction.
pub fn centre(ui: &mut egui::Ui, view: &DunnoView, height: f32, look: CardLook) {
    ui.horizontal_wrapped(|ui| {
        widgets::stock(ui, view.stock, &tr!("centre-stock", count = view.stock), height);
        widgets::pile(ui, Some(view.top), &tr!("centre-pile", count = view.pile), height, look);
        ui.vertical(|ui| {
            match view.top_suit {
                Some(suit) => {
                    let chosen =
                        view.top.rank().is_some_and(|rank| matches!(rank, cardtable_engine::Rank::King | cardtable_engine::Rank::Queen));
                    let note = if chosen { tr!("dunno-suit-chosen") } else { tr!("centre-to-match") };
                    widgets::follow(ui, suit, if chosen { None } else { view.top.rank() }, &note, height, look);
                }
                None => {
                    ui.label(egui::RichText::new(tr!("dunno-joker-top")).small());
                }
            }
            widgets::direction(ui, view.direction);
            let draw = tr!("dunno-draw-value", value = view.draw_value);
            if view.draw_value > 0 {
                widgets::alert(ui, draw);
            } else {
                ui.label(egui::RichText::new(draw).small());
            }
            match view.turn_phase {
                TurnPhase::JackUnder if !view.legal.is_empty() => widgets::alert(ui, tr!("dunno-jack-under")),
                TurnPhase::JackSwap if !view.legal.is_empty() => widgets::alert(ui, tr!("dunno-jack-swap")),
                _ => {}
            }
        });
    });
}

super::drawn_from!(DunnoEvent);

/// A sentence for an event.
#[must_use]
pub fn describe(event: &DunnoEvent, name: &dyn Fn(Seat) -> String) -> Option<String> {
    Some(match event {
        DunnoEvent::RoundStarted { round, dealer } => tr!("dunno-log-started", round = *round, name = name(*dealer)),
        DunnoEvent::HandDealt { .. } | DunnoEvent::HandReceived { .. } => return None,
        DunnoEvent::StarterTurned { card } => tr!("log-starter", card = card.pretty()),
        DunnoEvent::Played { seat, cards } => {
            let cards: Vec<String> = cards.cards().iter().map(|card| card.pretty()).collect();
            tr!("log-played", name = name(*seat), card = cards.join(" "))
        }
        DunnoEvent::Answered { seat, answer: Answer::Stack } => tr!("dunno-log-stack", name = name(*seat)),
        DunnoEvent::Answered { seat, answer: Answer::PassOn } => tr!("dunno-log-pass-on", name = name(*seat)),
        DunnoEvent::Answered { seat, answer: Answer::Defend } => tr!("dunno-log-defend", name = name(*seat)),
        DunnoEvent::SuitChosen { seat, suit } => tr!("log-chose-suit", name = name(*seat), suit = suit.symbol().to_string()),
        DunnoEvent::Reversed { .. } => tr!("log-reversed"),
        DunnoEvent::Skipped { seat } => tr!("log-skipped", name = name(*seat)),
        DunnoEvent::DrawOwed { seat, cards } => tr!("dunno-log-owes", name = name(*seat), cards = *cards),
        DunnoEvent::PutUnder { seat, cards } => {
            let cards: Vec<String> = cards.iter().map(cardtable_engine::Card::pretty).collect();
            if cards.is_empty() {
                tr!("dunno-log-under-none", name = name(*seat))
            } else {
                tr!("dunno-log-under", name = name(*seat), cards = cards.join(" "))
            }
        }
        DunnoEvent::Swapped { seat, with } => tr!("dunno-log-swapped", name = name(*seat), other = name(*with)),
        DunnoEvent::Drew { seat, card } => tr!("log-drew", name = name(*seat), card = card.pretty()),
        DunnoEvent::DrewFaceDown { seat } => tr!("log-drew-face-down", name = name(*seat)),
        DunnoEvent::Reshuffled { cards } => tr!("log-reshuffled", cards = *cards),
        DunnoEvent::RoundEnded(result) => round_end(result.end, name),
        DunnoEvent::MatchEnded(_) => tr!("log-match-over"),
    })
}

/// The banners an event puts on the table.
pub fn badges(event: &DunnoEvent) -> Vec<Badge> {
    match event {
        DunnoEvent::Skipped { seat } => vec![Badge::skipped(*seat)],
        DunnoEvent::Reversed { .. } => vec![Badge::reversed()],
        DunnoEvent::DrawOwed { seat, cards } => vec![Badge::draws(*seat, *cards)],
        DunnoEvent::SuitChosen { seat, suit } => vec![Badge::suit(*seat, *suit)],
        DunnoEvent::Swapped { seat, with } => {
            let swapped = tr!("badge-swapped");
            vec![Badge::on(*seat, swapped.clone()), Badge::on(*with, swapped)]
        }
        _ => Vec::new(),
    }
}

/// How an event moves cards.
#[must_use]
pub fn motions(event: &DunnoEvent) -> Vec<Motion> {
    match event {
        DunnoEvent::Played { seat, cards } => {
            cards.cards().iter().map(|&card| Motion::shown(Spot::Seat(*seat), Spot::Pile, card)).collect()
        }
        DunnoEvent::PutUnder { seat, cards } => cards.iter().map(|card| Motion::shown(Spot::Seat(*seat), Spot::Pile, card)).collect(),
        DunnoEvent::StarterTurned { card } => vec![Motion::turned(Spot::Stock, Spot::Pile, *card)],
        DunnoEvent::Drew { seat, card } => vec![Motion::turned(Spot::Stock, Spot::Seat(*seat), *card)],
        DunnoEvent::DrewFaceDown { seat } => vec![Motion::hidden(Spot::Stock, Spot::Seat(*seat))],
        DunnoEvent::HandDealt { seat, cards } => vec![Motion::hidden(Spot::Stock, Spot::Seat(*seat)); cards.len()],
        DunnoEvent::Swapped { seat, with } => {
            vec![Motion::hidden(Spot::Seat(*seat), Spot::Seat(*with)), Motion::hidden(Spot::Seat(*with), Spot::Seat(*seat))]
        }
        _ => Vec::new(),
    }
}
