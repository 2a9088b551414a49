//! One Hundred and One at the table (RULES.md §3): the pile and a Queen's ordered suit, the
//! stock, who is out and on what, the 8 its player must cover, and the hand's offers (a Queen
//! orders a suit; drawing only without a legal card).

use cardtable_engine::games::hundred_one::{Exit, HundredOne, HundredOneAction, HundredOneEvent, HundredOneView, Stage};
use cardtable_engine::{AnyAction, Seat};

use super::round_end;
use super::widgets;
use super::{SeatFacts, TableFacts};
use crate::tr;
use crate::ui::card::CardLook;
use crate::ui::table::badges::Badge;
use crate::ui::table::motion::{Motion, Spot};
use crate::ui::table::offers::{Offer, OfferKind};

/// One Hundred and One's part of the table.
#[derive(Debug, Clone, Copy, Default)]
pub struct HundredOneTable;

super::game_table!(HundredOneTable, HundredOne, self, rules "hundred-one", {
    fn showcase(&self) -> [cardtable_engine::Card; 3] {
        // The seven that makes the next draw, the eight its player must cover, the queen that orders a suit.
        use cardtable_engine::{Card, Rank, Suit};
        [Card::new(Rank::Seven, Suit::Hearts), Card::new(Rank::Eight, Suit::Spades), Card::new(Rank::Queen, Suit::Diamonds)]
    }
});

/// The table's facts of a One Hundred and One view.
#[must_use]
pub fn facts(view: &HundredOneView) -> TableFacts {
    let offers = view
        .legal
        .iter()
        .map(|&action| {
            let any = AnyAction::HundredOne(action);
            match action {
                HundredOneAction::Play(card) => Offer::play(any, vec![card], None),
                HundredOneAction::PlayQueen(card, suit) => Offer::play(any, vec![card], Some(suit)),
                HundredOneAction::Order(suit) => Offer::suit(any, suit),
                HundredOneAction::Draw => Offer::button(any, OfferKind::Draw),
            }
        })
        .collect();
    let suit = view.to_follow.suit.symbol().to_string();
    let why_not = match view.to_follow.rank {
        Some(rank) => tr!("h101-why-follow", suit = suit, rank = rank.label()),
        None => tr!("h101-why-queen", suit = suit),
    };
    let seats = view
        .hand_sizes
        .seats()
        .map(|(seat, &cards)| {
            let notes = match view.exits[seat] {
                Some(Exit::Plain) => vec![tr!("h101-note-out")],
                Some(Exit::Queen) => vec![tr!("h101-note-out-queen")],
                Some(Exit::QueenOfSpades) => vec![tr!("h101-note-out-queen-spades")],
                None if view.out.contains(seat) => vec![tr!("h101-note-out")],
                None => Vec::new(),
            };
            SeatFacts { cards, total: view.header.totals[seat], notes, ..SeatFacts::default() }
        })
        .collect();
    TableFacts::of(&view.header, seats, view.hand.clone(), offers, why_not).with_next(cardtable_engine::Direction::Clockwise, view.out)
}

/// Draws the centre: stock, pile, what to cover, and an 8 waiting to be covered.
pub fn centre(ui: &mut egui::Ui, view: &HundredOneView, height: f32, look: CardLook) {
    ui.horizontal_wrapped(|ui| {
        widgets::stock(ui, view.stock, &tr!("centre-stock", count = view.stock), height);
        widgets::pile(ui, Some(view.top), &tr!("centre-pile", count = view.pile), height, look);
        ui.vertical(|ui| {
            let note = match (view.stage, view.to_follow.rank) {
                (Stage::OrderSuit, _) => tr!("h101-ordering"),
                (_, None) => tr!("h101-follow-queen"),
                (_, Some(_)) => tr!("h101-to-cover"),
            };
            widgets::follow(ui, view.to_follow.suit, view.to_follow.rank, &note, height, look);
            widgets::direction(ui, cardtable_engine::Direction::Clockwise);
            if view.stage == Stage::CoverEight {
                widgets::alert(ui, tr!("h101-cover-eight"));
            }
        });
    });
}

super::drawn_from!(HundredOneEvent);

/// A sentence for an event.
#[must_use]
pub fn describe(event: &HundredOneEvent, name: &dyn Fn(Seat) -> String) -> Option<String> {
    Some(match event {
        HundredOneEvent::RoundStarted { round, dealer } => tr!("log-round-started", round = *round, name = name(*dealer)),
        HundredOneEvent::HandDealt { .. } => return None,
        HundredOneEvent::TurnedUp { seat, card } => tr!("h101-log-turned-up", name = name(*seat), card = card.pretty()),
        HundredOneEvent::Played { seat, card } => tr!("log-played", name = name(*seat), card = card.pretty()),
        HundredOneEvent::Ordered { seat, suit } => tr!("log-chose-suit", name = name(*seat), suit = suit.symbol().to_string()),
        HundredOneEvent::Drew { seat, card } => tr!("log-drew", name = name(*seat), card = card.pretty()),
        HundredOneEvent::DrewFaceDown { seat } => tr!("log-drew-face-down", name = name(*seat)),
        HundredOneEvent::Reshuffled { cards } => tr!("log-reshuffled", cards = *cards),
        HundredOneEvent::Skipped { seat } => tr!("log-skipped", name = name(*seat)),
        HundredOneEvent::Passed { seat } => tr!("log-passed", name = name(*seat)),
        HundredOneEvent::CoverLapsed { seat } => tr!("h101-log-cover-lapsed", name = name(*seat)),
        HundredOneEvent::WentOut { seat, exit: Exit::Plain } => tr!("h101-log-out", name = name(*seat)),
        HundredOneEvent::WentOut { seat, exit: Exit::Queen } => tr!("h101-log-out-queen", name = name(*seat)),
        HundredOneEvent::WentOut { seat, exit: Exit::QueenOfSpades } => tr!("h101-log-out-queen-spades", name = name(*seat)),
        HundredOneEvent::RoundEnded(result) => round_end(result.end, name),
        HundredOneEvent::MatchEnded(_) => tr!("log-match-over"),
    })
}

/// The banners an event puts on the table.
pub fn badges(event: &HundredOneEvent) -> Vec<Badge> {
    match event {
        HundredOneEvent::Skipped { seat } => vec![Badge::skipped(*seat)],
        HundredOneEvent::Ordered { seat, suit } => vec![Badge::suit(*seat, *suit)],
        HundredOneEvent::Passed { seat } => vec![Badge::passed(*seat)],
        HundredOneEvent::WentOut { seat, .. } => vec![Badge::on(*seat, tr!("badge-went-out"))],
        _ => Vec::new(),
    }
}

/// How an event moves cards.
#[must_use]
pub fn motions(event: &HundredOneEvent) -> Vec<Motion> {
    match event {
        HundredOneEvent::Played { seat, card } | HundredOneEvent::TurnedUp { seat, card } => {
            vec![Motion::shown(Spot::Seat(*seat), Spot::Pile, *card)]
        }
        HundredOneEvent::Drew { seat, card } => vec![Motion::turned(Spot::Stock, Spot::Seat(*seat), *card)],
        HundredOneEvent::DrewFaceDown { seat } => vec![Motion::hidden(Spot::Stock, Spot::Seat(*seat))],
        HundredOneEvent::HandDealt { seat, cards } => vec![Motion::hidden(Spot::Stock, Spot::Seat(*seat)); cards.len()],
        _ => Vec::new(),
    }
}
