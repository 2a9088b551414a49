//! The seats round the table: each with its name, who plays it, its cards face down (or its
//! Youglouf slots as the viewer knows them), its total, its public notes, whose turn it is and
//! who plays next.

use cardtable_engine::{Seat, SeatSet};
use egui::RichText;

use super::games::youglouf::slots_row;
use super::games::{SeatFacts, TableFacts};
use super::motion::{Spot, note_spot};
use crate::session::seating::Occupant;
use crate::tr;
use crate::ui::card::{self, CardLook};
use crate::ui::{names, theme};

/// What the seats row needs besides the facts.
pub struct SeatsRow<'a> {
    /// Who sits where.
    pub occupants: &'a [Occupant],
    /// The seat whose cards are on show (highlighted as "you").
    pub showing: Option<Seat>,
    /// Youglouf: which slots of each seat may be clicked now (a power's target).
    pub clickable: &'a dyn Fn(Seat) -> Vec<u8>,
    /// Slots picked so far (Youglouf's exchange), per seat.
    pub picked: &'a dyn Fn(Seat) -> Vec<u8>,
    /// Seats not shown here because the viewer's own area draws them.
    pub skip: SeatSet,
    /// Seats whose player's device dropped off the network.
    pub away: SeatSet,
}

/// A seat's line under its name: who plays it.
fn player_kind(occupant: &Occupant) -> Option<String> {
    occupant.bot_level().map(|level| tr!("seat-bot", level = names::level(level)))
}

/// Draws one seat; returns a clicked slot.
fn seat_panel(
    ui: &mut egui::Ui,
    seat: Seat,
    facts: &SeatFacts,
    row: &SeatsRow<'_>,
    (turn, next): (Option<Seat>, Option<Seat>),
    height: f32,
    look: CardLook,
) -> Option<u8> {
    let mut clicked = None;
    let stroke = if turn == Some(seat) { egui::Stroke::new(2.5, theme::ACCENT) } else { egui::Stroke::NONE };
    let response = egui::Frame::group(ui.style()).fill(theme::PANEL).stroke(stroke).inner_margin(8.0).show(ui, |ui| {
        ui.vertical(|ui| {
            let occupant = &row.occupants[seat.index()];
            let colour = if row.showing == Some(seat) { theme::ACCENT } else { theme::INK };
            ui.horizontal(|ui| {
                // The seat's number, which the keyboard uses to name another seat's card.
                ui.label(RichText::new((seat.index() + 1).to_string()).small().color(theme::INK_DIM));
                ui.label(RichText::new(occupant.name()).strong().color(colour));
                if turn == Some(seat) {
                    ui.label(RichText::new("●").color(theme::ACCENT)).on_hover_text(tr!("seat-turn"));
                } else if next == Some(seat) {
                    ui.label(RichText::new(tr!("seat-next")).small().color(theme::INK_DIM));
                }
            });
            if let Some(kind) = player_kind(occupant) {
                ui.label(RichText::new(kind).small().color(theme::INK_DIM));
            }
            if row.away.contains(seat) {
                ui.label(RichText::new(tr!("seat-away")).small().color(theme::ACCENT));
            }
            match &facts.slots {
                Some(slots) => {
                    clicked = slots_row(ui, occupant.name(), slots, &(row.clickable)(seat), &(row.picked)(seat), height * 0.8, look);
                }
                None => {
                    card::hidden_hand(ui, facts.cards, height);
                }
            }
            if !facts.known.is_empty() {
                ui.horizontal_wrapped(|ui| {
                    ui.label(RichText::new(tr!("seat-known")).small());
                    for &known in &facts.known {
                        card::face(ui, known, height * 0.6, card::Offer::Shown, look);
                    }
                });
            }
            ui.label(RichText::new(tr!("seat-total", points = facts.total)).small());
            for note in &facts.notes {
                ui.label(RichText::new(note).small().strong().color(theme::ACCENT));
            }
        });
    });
    note_spot(ui.ctx(), Spot::Seat(seat), response.response.rect);
    clicked
}

/// Draws every seat not skipped; returns a clicked Youglouf slot (seat, slot).
pub fn show(ui: &mut egui::Ui, facts: &TableFacts, row: &SeatsRow<'_>, height: f32, look: CardLook) -> Option<(Seat, u8)> {
    let mut clicked = None;
    ui.horizontal_wrapped(|ui| {
        for (index, seat_facts) in facts.seats.iter().enumerate() {
            let seat = Seat(index as u8);
            if row.skip.contains(seat) {
                continue;
            }
            if let Some(slot) = seat_panel(ui, seat, seat_facts, row, (facts.turn, facts.next), height, look) {
                clicked = Some((seat, slot));
            }
        }
    });
    clicked
}
