//! 108 Fool at the table (RULES.md §2): the pile and a Queen's suit, the stock and reshuffles,
//! the direction a 9 set, who stands on "One!", and the hand's offers (draw, then play or
//! pass; a Queen's suit as four suit cards; "One!" also out of turn).

use cardtable_engine::games::fool108::{Fool108, Fool108Action, Fool108Event, Fool108View, Stage};
use cardtable_engine::{AnyAction, Seat};

use super::round_end;
use super::widgets;
use super::{SeatFacts, TableFacts};
use crate::tr;
use crate::ui::card::CardLook;
use crate::ui::table::badges::Badge;
use crate::ui::table::motion::{Motion, Spot};
use crate::ui::table::offers::{Offer, OfferKind};

/// 108 Fool's part of the table: "One!" may be called out of turn.
#[derive(Debug, Clone, Copy, Default)]
pub struct Fool108Table;

super::game_table!(Fool108Table, Fool108, self, rules "fool108", {
    fn showcase(&self) -> [cardtable_engine::Card; 3] {
        // The six and the seven that make the next player draw, the queen of spades worth forty.
        use cardtable_engine::{Card, Rank, Suit};
        [Card::new(Rank::Six, Suit::Clubs), Card::new(Rank::Seven, Suit::Hearts), Card::new(Rank::Queen, Suit::Spades)]
    }

    fn out_of_turn(&self, view: &cardtable_engine::AnyView, name: &str) -> Option<super::OutOfTurn> {
        let view = view.downcast::<Fool108>()?;
        let one = Fool108Action::One;
        view.legal.contains(&one).then(|| super::OutOfTurn::Call(AnyAction::Fool108(one), tr!("table-one-for", name = name)))
    }

    /// A rematch goes to the highest loser's total: the button says to what.
    fn play_again(&self, rematch: &cardtable_engine::AnyOptions) -> String {
        match rematch.downcast::<Fool108>() {
            Some(options) => tr!("results-play-again-to", limit = options.score_limit),
            None => tr!("results-play-again"),
        }
    }

    fn options_editor(&self, ui: &mut egui::Ui, options: &mut cardtable_engine::AnyOptions) {
        let Some(options) = options.downcast_mut::<Fool108>() else { return };
        let defaults = cardtable_engine::games::fool108::Fool108Options::default();
        let note = tr!("option-score-limit-losing-note", default = defaults.score_limit);
        widgets::number_option(ui, tr!("option-score-limit-losing"), &mut options.score_limit, 1..=1_000, note);
        let note = tr!("option-one-penalty-note", default = defaults.one_penalty);
        widgets::number_option(ui, tr!("option-one-penalty"), &mut options.one_penalty, 0..=100, note);
        let note = tr!("option-reshuffle-penalty-note", default = defaults.reshuffle_penalty_step);
        widgets::number_option(ui, tr!("option-reshuffle-penalty"), &mut options.reshuffle_penalty_step, 0..=100, note);
    }
});

/// The table's facts of a 108 Fool view.
#[must_use]
pub fn facts(view: &Fool108View) -> TableFacts {
    let offers = view
        .legal
        .iter()
        .map(|&action| {
            let any = AnyAction::Fool108(action);
            match action {
                Fool108Action::Play(card) => Offer::play(any, vec![card], None),
                Fool108Action::Suit(suit) => Offer::suit(any, suit),
                Fool108Action::Draw => Offer::button(any, OfferKind::Draw),
                Fool108Action::Pass => Offer::button(any, OfferKind::Pass),
                Fool108Action::One => Offer::button(any, OfferKind::One),
            }
        })
        .collect();
    let suit = view.to_follow.suit.symbol().to_string();
    let why_not = match view.to_follow.rank {
        Some(rank) => tr!("fool-why-follow", suit = suit, rank = rank.label()),
        None => tr!("fool-why-queen", suit = suit),
    };
    let seats = view
        .hand_sizes
        .seats()
        .map(|(seat, &cards)| {
            let mut notes = Vec::new();
            if view.declared.contains(seat) {
                notes.push(tr!("fool-note-one"));
            }
            if view.reshuffle_penalties[seat] > 0 {
                notes.push(tr!("fool-note-reshuffle", points = view.reshuffle_penalties[seat]));
            }
            SeatFacts { cards, total: view.header.totals[seat], notes, ..SeatFacts::default() }
        })
        .collect();
    TableFacts::of(&view.header, seats, view.hand.clone(), offers, why_not)
        .with_next(view.direction, cardtable_engine::SeatSet::EMPTY)
        .with_standing(vec![OfferKind::Draw, OfferKind::Pass, OfferKind::One])
}

/// Draws the centre: stock, pile, what to follow, direction, the turn's stage.
pub fn centre(ui: &mut egui::Ui, view: &Fool108View, height: f32, look: CardLook) {
    ui.horizontal_wrapped(|ui| {
        widgets::stock(ui, view.stock, &tr!("centre-stock", count = view.stock), height);
        widgets::pile(ui, Some(view.top), &tr!("centre-pile", count = view.pile), height, look);
        ui.vertical(|ui| {
            let note = match (view.stage, view.to_follow.rank) {
                (Stage::ChooseSuit, _) => tr!("fool-choosing-suit"),
                (_, None) => tr!("fool-follow-queen"),
                (_, Some(_)) => tr!("centre-to-match"),
            };
            widgets::follow(ui, view.to_follow.suit, view.to_follow.rank, &note, height, look);
            widgets::direction(ui, view.direction);
            if view.reshuffles > 0 {
                ui.label(egui::RichText::new(tr!("fool-reshuffles", count = view.reshuffles)).small());
            }
            if view.stage == Stage::Drawn && !view.legal.is_empty() {
                widgets::alert(ui, tr!("fool-drawn"));
            }
        });
    });
}

super::drawn_from!(Fool108Event);

/// A sentence for an event.
#[must_use]
pub fn describe(event: &Fool108Event, name: &dyn Fn(Seat) -> String) -> Option<String> {
    Some(match event {
        Fool108Event::RoundStarted { round, dealer, .. } => tr!("log-round-started", round = *round, name = name(*dealer)),
        Fool108Event::HandDealt { .. } => return None,
        Fool108Event::Played { seat, card, automatic: true } => tr!("fool-log-opening", name = name(*seat), card = card.pretty()),
        Fool108Event::Played { seat, card, automatic: false } => tr!("log-played", name = name(*seat), card = card.pretty()),
        Fool108Event::SuitChosen { seat, suit } => tr!("log-chose-suit", name = name(*seat), suit = suit.symbol().to_string()),
        Fool108Event::MustDraw { seat, cards } => tr!("fool-log-must-draw", name = name(*seat), cards = *cards),
        Fool108Event::Drew { seat, card } => tr!("log-drew", name = name(*seat), card = card.pretty()),
        Fool108Event::DrewFaceDown { seat } => tr!("log-drew-face-down", name = name(*seat)),
        Fool108Event::NothingToDraw { seat } => tr!("log-nothing-to-draw", name = name(*seat)),
        Fool108Event::Reshuffled { seat, cards, number, penalty } => {
            tr!("fool-log-reshuffled", name = name(*seat), cards = *cards, number = *number, points = *penalty)
        }
        Fool108Event::Skipped { seat } => tr!("log-skipped", name = name(*seat)),
        Fool108Event::Reversed { .. } => tr!("log-reversed"),
        Fool108Event::Passed { seat } => tr!("fool-log-passed", name = name(*seat)),
        Fool108Event::DeclaredOne { seat } => tr!("fool-log-one", name = name(*seat)),
        Fool108Event::OneLapsed { seat } => tr!("fool-log-one-lapsed", name = name(*seat)),
        Fool108Event::RoundEnded(result) => round_end(result.end, name),
        Fool108Event::MatchEnded(_) => tr!("log-match-over"),
    })
}

/// The banners an event puts on the table.
pub fn badges(event: &Fool108Event) -> Vec<Badge> {
    match event {
        Fool108Event::Skipped { seat } => vec![Badge::skipped(*seat)],
        Fool108Event::Reversed { .. } => vec![Badge::reversed()],
        Fool108Event::MustDraw { seat, cards } => vec![Badge::draws(*seat, *cards)],
        Fool108Event::SuitChosen { seat, suit } => vec![Badge::suit(*seat, *suit)],
        Fool108Event::Passed { seat } => vec![Badge::passed(*seat)],
        Fool108Event::DeclaredOne { seat } => vec![Badge::on(*seat, tr!("badge-one"))],
        _ => Vec::new(),
    }
}

/// How an event moves cards.
#[must_use]
pub fn motions(event: &Fool108Event) -> Vec<Motion> {
    match event {
        Fool108Event::Played { seat, card, .. } => vec![Motion::shown(Spot::Seat(*seat), Spot::Pile, *card)],
        Fool108Event::Drew { seat, card } => vec![Motion::turned(Spot::Stock, Spot::Seat(*seat), *card)],
        Fool108Event::DrewFaceDown { seat } => vec![Motion::hidden(Spot::Stock, Spot::Seat(*seat))],
        Fool108Event::HandDealt { seat, cards } => vec![Motion::hidden(Spot::Stock, Spot::Seat(*seat)); cards.len()],
        _ => Vec::new(),
    }
}
