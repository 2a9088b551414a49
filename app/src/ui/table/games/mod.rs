//! What each game puts on the table: the facts every table shows (turn, seats, hand, offers),
//! the centre (pile, stock, what to follow), the log's sentences and how cards move. One file
//! per game; this one dispatches on the view.

pub mod crazy_eights;
pub mod dunno;
pub mod fool108;
pub mod hundred_one;
pub mod widgets;
pub mod youglouf;

use cardtable_engine::{AnyEvent, AnyView, Card, Seat};

use super::motion::Motion;
use super::offers::Offer;
use crate::ui::card::CardLook;

/// A seat as the table shows it around the centre.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SeatFacts {
    /// Cards it holds (face down to everyone else).
    pub cards: usize,
    /// Its match total.
    pub total: i32,
    /// Short public notes: "One!", "out", "called Youglouf".
    pub notes: Vec<String>,
    /// Cards the viewer knows this seat holds (Dunno: cards it gave away in a Jack's swap).
    pub known: Vec<Card>,
    /// The seat's cards laid out in slots, as the viewer knows them (Youglouf), instead of a
    /// fanned hand.
    pub slots: Option<Vec<SlotLook>>,
}

/// A Youglouf slot as the viewer knows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SlotLook {
    /// A gap left by a snapped card.
    Empty,
    /// A face-down card the viewer cannot name.
    Down,
    /// A card the viewer has seen.
    Known(Card),
}

/// What every game's table shows, drawn the same way for all.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TableFacts {
    /// Whose turn it is (`None` when no round is in play).
    pub turn: Option<Seat>,
    /// Every seat, in seat order.
    pub seats: Vec<SeatFacts>,
    /// The viewer's hand in the order keyboard positions count; `None` for a spectator (and
    /// in Youglouf, whose cards lie face down in slots).
    pub hand: Option<Vec<Card>>,
    /// The viewer's legal actions as offers.
    pub offers: Vec<Offer>,
    /// Why a card in hand cannot be played now, in a sentence.
    pub why_not: String,
}

/// The facts of any game's view.
#[must_use]
pub fn facts(view: &AnyView) -> TableFacts {
    match view {
        AnyView::CrazyEights(view) => crazy_eights::facts(view),
        AnyView::Fool108(view) => fool108::facts(view),
        AnyView::HundredOne(view) => hundred_one::facts(view),
        AnyView::Dunno(view) => dunno::facts(view),
        AnyView::Youglouf(view) => youglouf::facts(view),
    }
}

/// Draws the centre of the table (stock, pile, what to follow and the game's own state).
pub fn centre(ui: &mut egui::Ui, view: &AnyView, height: f32, look: CardLook) {
    match view {
        AnyView::CrazyEights(view) => crazy_eights::centre(ui, view, height, look),
        AnyView::Fool108(view) => fool108::centre(ui, view, height, look),
        AnyView::HundredOne(view) => hundred_one::centre(ui, view, height, look),
        AnyView::Dunno(view) => dunno::centre(ui, view, height, look),
        AnyView::Youglouf(view) => youglouf::centre(ui, view, height, look),
    }
}

/// A sentence for an event, with names, or `None` for events not worth a line.
#[must_use]
pub fn describe(event: &AnyEvent, names: &[String]) -> Option<String> {
    let name = |seat: Seat| names.get(seat.index()).cloned().unwrap_or_else(|| format!("#{}", seat.0 + 1));
    match event {
        AnyEvent::CrazyEights(event) => crazy_eights::describe(event, &name),
        AnyEvent::Fool108(event) => fool108::describe(event, &name),
        AnyEvent::HundredOne(event) => hundred_one::describe(event, &name),
        AnyEvent::Dunno(event) => dunno::describe(event, &name),
        AnyEvent::Youglouf(event) => youglouf::describe(event, &name),
    }
}

/// How the event moves cards across the table, for the animation.
#[must_use]
pub fn motions(event: &AnyEvent) -> Vec<Motion> {
    match event {
        AnyEvent::CrazyEights(event) => crazy_eights::motions(event),
        AnyEvent::Fool108(event) => fool108::motions(event),
        AnyEvent::HundredOne(event) => hundred_one::motions(event),
        AnyEvent::Dunno(event) => dunno::motions(event),
        AnyEvent::Youglouf(event) => youglouf::motions(event),
    }
}

/// The last finished round and the match result a view carries (every game's view has them).
#[must_use]
pub fn outcome(view: &AnyView) -> (Option<&cardtable_engine::RoundResult>, Option<&cardtable_engine::MatchResult>) {
    match view {
        AnyView::CrazyEights(view) => (view.last_round.as_ref(), view.result.as_ref()),
        AnyView::Fool108(view) => (view.last_round.as_ref(), view.result.as_ref()),
        AnyView::HundredOne(view) => (view.last_round.as_ref(), view.result.as_ref()),
        AnyView::Dunno(view) => (view.last_round.as_ref(), view.result.as_ref()),
        AnyView::Youglouf(view) => (view.last_round.as_ref(), view.result.as_ref()),
    }
}
