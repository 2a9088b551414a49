//! Crazy Eights at the table (RULES.md §1): the pile and what to follow (an eight's suit), the
//! stock, pending twos, and the hand's offers (an eight asks for its suit).

use cardtable_engine::games::crazy_eights::{CrazyEights, CrazyEightsAction, CrazyEightsEvent, CrazyEightsView, DrawTwo};
use cardtable_engine::{AnyAction, Seat};

use super::round_end;
use super::widgets;
use super::{SeatFacts, TableFacts};
use crate::tr;
use crate::ui::card::CardLook;
use crate::ui::table::badges::Badge;
use crate::ui::table::motion::{Motion, Spot};
use crate::ui::table::offers::{Offer, OfferKind};

/// Crazy Eights's part of the table.
#[derive(Debug, Clone, Copy, Default)]
pub struct CrazyEightsTable;

super::game_table!(CrazyEightsTable, CrazyEights, self, rules "crazy-eights", {
    fn showcase(&self) -> [cardtable_engine::Card; 3] {
        // The eights, which go on anything.
        use cardtable_engine::{Card, Rank, Suit};
        [Card::new(Rank::Eight, Suit::Clubs), Card::new(Rank::Eight, Suit::Hearts), Card::new(Rank::Eight, Suit::Spades)]
    }

    fn options_editor(&self, ui: &mut egui::Ui, options: &mut cardtable_engine::AnyOptions) {
        let Some(options) = options.downcast_mut::<CrazyEights>() else { return };
        let defaults = cardtable_engine::games::crazy_eights::CrazyEightsOptions::default();
        ui.label(tr!("option-draw-two"));
        for (rule, text) in [
            (DrawTwo::Literal, tr!("option-draw-two-literal")),
            (DrawTwo::Skip, tr!("option-draw-two-skip")),
            (DrawTwo::Stack, tr!("option-draw-two-stack")),
        ] {
            ui.radio_value(&mut options.draw_two, rule, text);
        }
        let note = tr!("option-score-limit-lowest-note", default = defaults.score_limit);
        widgets::number_option(ui, tr!("option-score-limit-lowest"), &mut options.score_limit, 0..=1_000, note);
    }
});

/// The table's facts of a Crazy Eights view.
#[must_use]
pub fn facts(view: &CrazyEightsView) -> TableFacts {
    let offers = view
        .legal
        .iter()
        .map(|&action| {
            let any = AnyAction::CrazyEights(action);
            match action {
                CrazyEightsAction::Play(card) => Offer::play(any, vec![card], None),
                CrazyEightsAction::PlayEight(card, suit) => Offer::play(any, vec![card], Some(suit)),
                CrazyEightsAction::Draw => Offer::button(any, OfferKind::Draw),
            }
        })
        .collect();
    let why_not = if view.pending_draw > 0 {
        tr!("c8-why-pending", cards = view.pending_draw)
    } else {
        match view.to_follow.rank {
            Some(rank) => tr!("c8-why-follow", suit = view.to_follow.suit.symbol().to_string(), rank = rank.label()),
            None => tr!("c8-why-eight", suit = view.to_follow.suit.symbol().to_string()),
        }
    };
    TableFacts::of(
        &view.header,
        view.hand_sizes
            .seats()
            .map(|(seat, &cards)| SeatFacts { cards, total: view.header.totals[seat], ..SeatFacts::default() })
            .collect(),
        view.hand.clone(),
        offers,
        why_not,
    )
    .with_next(view.direction, cardtable_engine::SeatSet::EMPTY)
}

/// Draws the centre: stock, pile, what to follow, direction, pending twos.
pub fn centre(ui: &mut egui::Ui, view: &CrazyEightsView, height: f32, look: CardLook) {
    ui.horizontal_wrapped(|ui| {
        widgets::stock(ui, view.stock, &tr!("centre-stock", count = view.stock), height);
        widgets::pile(ui, Some(view.top), &tr!("centre-pile", count = view.pile), height, look);
        ui.vertical(|ui| {
            let note = if view.to_follow.rank.is_none() { tr!("c8-follow-eight") } else { tr!("centre-to-match") };
            widgets::follow(ui, view.to_follow.suit, view.to_follow.rank, &note, height, look);
            widgets::direction(ui, view.direction);
            if view.pending_draw > 0 {
                widgets::alert(ui, tr!("c8-pending", cards = view.pending_draw));
            }
            if view.must_play && !view.legal.is_empty() {
                widgets::alert(ui, tr!("c8-must-play"));
            }
        });
    });
}

super::drawn_from!(CrazyEightsEvent);

/// A sentence for an event.
#[must_use]
pub fn describe(event: &CrazyEightsEvent, name: &dyn Fn(Seat) -> String) -> Option<String> {
    Some(match event {
        CrazyEightsEvent::RoundStarted { round, dealer } => tr!("log-round-started", round = *round, name = name(*dealer)),
        CrazyEightsEvent::HandDealt { .. } | CrazyEightsEvent::StarterReturned { .. } => return None,
        CrazyEightsEvent::StarterTurned { card } => tr!("log-starter", card = card.pretty()),
        CrazyEightsEvent::Played { seat, card } => tr!("log-played", name = name(*seat), card = card.pretty()),
        CrazyEightsEvent::Nominated { seat, suit } => tr!("log-chose-suit", name = name(*seat), suit = suit.symbol().to_string()),
        CrazyEightsEvent::Drew { seat, card } => tr!("log-drew", name = name(*seat), card = card.pretty()),
        CrazyEightsEvent::DrewFaceDown { seat } => tr!("log-drew-face-down", name = name(*seat)),
        CrazyEightsEvent::Reshuffled { cards } => tr!("log-reshuffled", cards = *cards),
        CrazyEightsEvent::Skipped { seat } => tr!("log-skipped", name = name(*seat)),
        CrazyEightsEvent::Reversed { .. } => tr!("log-reversed"),
        CrazyEightsEvent::DrawPending { seat, cards } => tr!("c8-log-pending", name = name(*seat), cards = *cards),
        CrazyEightsEvent::Passed { seat } => tr!("log-passed", name = name(*seat)),
        CrazyEightsEvent::RoundEnded(result) => round_end(result.end, name),
        CrazyEightsEvent::MatchEnded(_) => tr!("log-match-over"),
    })
}

/// The banners an event puts on the table.
pub fn badges(event: &CrazyEightsEvent) -> Vec<Badge> {
    match event {
        CrazyEightsEvent::Skipped { seat } => vec![Badge::skipped(*seat)],
        CrazyEightsEvent::Reversed { .. } => vec![Badge::reversed()],
        CrazyEightsEvent::DrawPending { seat, cards } => vec![Badge::draws(*seat, *cards)],
        CrazyEightsEvent::Nominated { seat, suit } => vec![Badge::suit(*seat, *suit)],
        CrazyEightsEvent::Passed { seat } => vec![Badge::passed(*seat)],
        _ => Vec::new(),
    }
}

/// How an event moves cards.
#[must_use]
pub fn motions(event: &CrazyEightsEvent) -> Vec<Motion> {
    match event {
        CrazyEightsEvent::Played { seat, card } => vec![Motion::shown(Spot::Seat(*seat), Spot::Pile, *card)],
        CrazyEightsEvent::StarterTurned { card } => vec![Motion::turned(Spot::Stock, Spot::Pile, *card)],
        CrazyEightsEvent::Drew { seat, card } => vec![Motion::turned(Spot::Stock, Spot::Seat(*seat), *card)],
        CrazyEightsEvent::DrewFaceDown { seat } => {
            vec![Motion::hidden(Spot::Stock, Spot::Seat(*seat))]
        }
        CrazyEightsEvent::HandDealt { seat, cards } => vec![Motion::hidden(Spot::Stock, Spot::Seat(*seat)); cards.len()],
        _ => Vec::new(),
    }
}
