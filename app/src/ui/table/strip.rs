//! The seats on a phone: one compact row each (its number, name, whose turn and who is next,
//! total, notes, and its cards as the game draws them), above the table's scrolling area so
//! the seats never scroll away under the top bar. A Youglouf seat's slots in its row are
//! touch-sized, since a power's target may be any of them.

use cardtable_engine::{Seat, SeatSet};
use egui::RichText;

use super::away::Away;
use super::badges::{self, Badges};
use super::games::{GameTable, SeatCards, TableFacts};
use super::motion::{Spot, note_spot};
use crate::session::seating::Occupant;
use crate::tr;
use crate::ui::card::{self, CardLook};
use crate::ui::theme;

/// The width of a row's name and notes, left of its cards.
const NAME_WIDTH: f32 = 96.0;
/// The most of the window's height the strip takes before it scrolls (a table of many seats).
const MOST_SHARE: f32 = 0.45;

/// What the strip is drawn from, this frame.
pub struct Strip<'a> {
    /// The game's part of the table, which draws each seat's cards.
    pub game: &'a dyn GameTable,
    /// The seats' facts drawn from the view.
    pub facts: &'a TableFacts,
    /// Who sits where.
    pub occupants: &'a [Occupant],
    /// Seats not shown because the viewer's own area draws them.
    pub skip: SeatSet,
    /// Seats whose player's device dropped off the network, with how long each is held.
    pub away: &'a Away,
    /// Which of each seat's cards may be clicked now (a Youglouf power's target).
    pub clickable: &'a dyn Fn(Seat) -> Vec<u8>,
    /// How cards look.
    pub look: CardLook,
    /// The banners on show (a suit named, a skip…), told in their seat's row.
    pub badges: &'a Badges,
}

/// Draws a row for every seat not skipped; returns a card clicked on the table (seat, slot).
pub fn show(ui: &mut egui::Ui, strip: &Strip<'_>) -> Option<(Seat, u8)> {
    let most = ui.ctx().content_rect().height() * MOST_SHARE;
    egui::ScrollArea::vertical()
        .id_salt("seat-strip")
        .max_height(most)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            ui.spacing_mut().item_spacing.y = 4.0;
            let mut clicked = None;
            for (index, facts) in strip.facts.seats.iter().enumerate() {
                let seat = Seat(index as u8);
                if strip.skip.contains(seat) {
                    continue;
                }
                if let Some(slot) = row(ui, strip, seat, facts) {
                    clicked = Some((seat, slot));
                }
            }
            clicked
        })
        .inner
}

/// One seat's row; returns a slot of it clicked.
fn row(ui: &mut egui::Ui, strip: &Strip<'_>, seat: Seat, facts: &super::games::SeatFacts) -> Option<u8> {
    let occupant = &strip.occupants[seat.index()];
    let turn = strip.facts.turn == Some(seat);
    // The turn's outline is on every row, unseen but for the turn's, so no row changes size.
    let outline = if turn { theme::ACCENT } else { theme::NO_OUTLINE };
    let frame = egui::Frame::group(ui.style())
        .fill(theme::PANEL)
        .stroke(egui::Stroke::new(2.0, outline))
        .inner_margin(egui::Margin::symmetric(8, 2));
    let shown = frame.show(ui, |ui| {
        ui.set_width(ui.available_width());
        // Lines as tall as their words: the strip has no buttons.
        theme::rows_of_words(ui);
        let clicked = ui
            .horizontal_top(|ui| {
                ui.vertical(|ui| {
                    ui.set_width(NAME_WIDTH);
                    ui.spacing_mut().item_spacing.y = 2.0;
                    ui.horizontal(|ui| {
                        ui.spacing_mut().item_spacing.x = 4.0;
                        // The seat's number, which the keyboard uses to name another seat's card.
                        ui.label(RichText::new((seat.index() + 1).to_string()).small().color(theme::INK_DIM));
                        ui.add(egui::Label::new(RichText::new(occupant.name()).strong()).truncate());
                        if turn {
                            ui.label(RichText::new("●").color(theme::ACCENT)).on_hover_text(tr!("seat-turn"));
                        } else if strip.facts.next == Some(seat) {
                            ui.label(RichText::new(tr!("seat-next")).small().color(theme::INK_DIM));
                        }
                    });
                    // Its total and notes on one line, always there: a note that comes never makes
                    // the row taller.
                    ui.horizontal(|ui| {
                        ui.spacing_mut().item_spacing.x = 4.0;
                        let mut said = vec![tr!("seat-total", points = facts.total)];
                        if !facts.known.is_empty() {
                            let known: Vec<String> = facts.known.iter().map(|card| card.pretty()).collect();
                            said.push(format!("{} {}", tr!("seat-known"), known.join(" ")));
                        }
                        ui.label(RichText::new(said.join(" · ")).small());
                        // A banner on this seat is a word in its row, beside the points, not a
                        // badge over them; it takes the notes' place for its moment.
                        for text in strip.badges.on_seat(seat) {
                            ui.label(RichText::new(text).small().strong().color(theme::ACCENT));
                        }
                        ui.add(egui::Label::new(RichText::new(facts.notes.join(" · ")).small().strong().color(theme::ACCENT)).truncate());
                    });
                });
                let clickable = (strip.clickable)(seat);
                let width = ui.available_width();
                let cards = SeatCards {
                    owner: occupant.name(),
                    facts,
                    clickable: &clickable,
                    picked: &[],
                    height: strip.game.strip_card_height(),
                    width,
                    look: strip.look,
                };
                // More cards than the row holds (a Youglouf seat's penalty slots) scroll
                // sideways, as a phone's hand does: wrapped, they made the strip taller than its
                // room, and it covered the piles.
                card::sideways_row(ui, ("strip-cards", seat), width, |ui| ui.vertical(|ui| strip.game.seat_cards(ui, &cards)).inner)
            })
            .inner;
        // Across the whole row, below the name: the countdown is too long for the name's column.
        strip.away.show(ui, seat);
        clicked
    });
    note_spot(ui.ctx(), Spot::Seat(seat), shown.response.rect);
    badges::told_in_row(ui.ctx(), seat);
    shown.inner
}
