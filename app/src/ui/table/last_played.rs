//! Who played the card on top of the pile, marked on the pile itself until the next play, so a
//! player who looked away sees at once whose card they must answer (issue 19).

use cardtable_engine::Seat;
use egui::{Align2, Id, Order, Rect, RichText};

use super::motion::{Motion, Spot, spot_rect};
use crate::tr;
use crate::ui::theme;

/// The room kept free above the piles for the mark: over the pile's top edge it covered the
/// top of what lies beside the pile (Crazy Eights' chip of the suit to match).
pub const TAG_ROOM: f32 = 20.0;

/// The seat whose card lies on top of the pile, if a seat played it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LastPlayed {
    seat: Option<Seat>,
}

impl LastPlayed {
    /// Follows the cards moving to the pile: a seat's card makes it the last to play, a card
    /// turned from the stock (a new round's starter) leaves nobody marked.
    pub fn follow<'a>(&mut self, motions: impl IntoIterator<Item = &'a Motion>) {
        for motion in motions {
            match (motion.from, motion.to, motion.card) {
                (Spot::Seat(seat), Spot::Pile, Some(_)) => self.seat = Some(seat),
                (Spot::Stock, Spot::Pile, _) => self.seat = None,
                _ => {}
            }
        }
    }

    /// Forgets the mark (an undo, a table taken over by another match).
    pub fn clear(&mut self) {
        self.seat = None;
    }

    /// The seat marked, if any.
    #[must_use]
    pub fn seat(&self) -> Option<Seat> {
        self.seat
    }

    /// Draws the mark in its place over the pile (kept free above the piles: [`TAG_ROOM`]), if
    /// that place is within `visible` (the table's view).
    pub fn show(&self, ctx: &egui::Context, names: &[String], visible: Rect) {
        let (Some(seat), Some(pile)) = (self.seat, spot_rect(ctx, Spot::Pile)) else { return };
        // A pile scrolled out of view (standings above it, a phone's big hand) has no tag:
        // held inside the window, it would float over something else (a phone's seats).
        if !visible.contains(pile.center_top() - egui::vec2(0.0, TAG_ROOM)) || !visible.contains(pile.center_top()) {
            return;
        }
        let Some(name) = names.get(seat.index()) else { return };
        egui::Area::new(Id::unique("table-last-played"))
            .order(Order::Middle)
            .pivot(Align2::CENTER_BOTTOM)
            .fixed_pos(pile.center_top() - egui::vec2(0.0, 1.0))
            .constrain(true)
            .interactable(false)
            .show(ctx, |ui| {
                egui::Frame::new()
                    .fill(theme::PANEL)
                    .stroke(egui::Stroke::new(1.0, theme::ACCENT))
                    .corner_radius(8.0)
                    .inner_margin(egui::Margin::symmetric(6, 1))
                    .show(ui, |ui| {
                        let text = RichText::new(tr!("table-last-played", name = name.as_str())).small().color(theme::INK);
                        ui.add(egui::Label::new(text).wrap_mode(egui::TextWrapMode::Extend));
                    });
            });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_seat_to_play_onto_the_pile_is_marked_until_a_new_starter() {
        let card = "7H".parse().expect("a card");
        let mut last = LastPlayed::default();
        last.follow(&[Motion::shown(Spot::Seat(Seat(1)), Spot::Pile, card), Motion::hidden(Spot::Stock, Spot::Seat(Seat(2)))]);
        assert_eq!(last.seat(), Some(Seat(1)), "a draw changes nothing");
        last.follow(&[Motion::shown(Spot::Seat(Seat(3)), Spot::Pile, card)]);
        assert_eq!(last.seat(), Some(Seat(3)));
        last.follow(&[Motion::shown(Spot::Stock, Spot::Pile, card)]);
        assert_eq!(last.seat(), None, "a new round's starter was played by nobody");
    }
}
