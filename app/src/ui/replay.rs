//! The replay viewer: a finished match rebuilt from its record, stepped through forward and
//! back (buttons, slider, arrow keys): the table's centre and every seat's cards face up,
//! Youglouf's unseen slots too.

use cardtable_engine::{Seat, Viewer};
use egui::RichText;

use crate::session::host::Step;
use crate::session::replay::{MatchStart, Replay, ReplayError};
use crate::store::record::MatchRecord;
use crate::tr;
use crate::ui::card::{self, CardLook, Offer};
use crate::ui::theme;

/// What the replay viewer asks of the app.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReplayRequest {
    /// Back to where it was opened from.
    Back,
}

/// The replay viewer's state.
#[derive(Debug)]
pub struct ReplayScreen {
    record: MatchRecord,
    replay: Replay,
    names: Vec<String>,
}

fn button(ui: &mut egui::Ui, text: impl Into<egui::WidgetText>, enabled: bool) -> bool {
    ui.add_enabled(enabled, egui::Button::new(text).min_size(egui::vec2(theme::TOUCH, theme::TOUCH))).clicked()
}

/// Lines of the log shown for one step at most (a deal tells each hand, a play its effects).
const STEP_LINES: usize = 6;

impl ReplayScreen {
    /// Opens a record at its start.
    ///
    /// # Errors
    /// The record does not replay.
    pub fn new(record: MatchRecord) -> Result<ReplayScreen, ReplayError> {
        let seats = record.occupants();
        let replay = Replay::new(&MatchStart { options: &record.options, seats: &seats, seed: record.seed }, record.steps.clone())?;
        let names = record.seats.iter().map(|seat| crate::ui::names::person(&seat.name)).collect();
        Ok(ReplayScreen { record, replay, names })
    }

    /// The replay being shown.
    #[must_use]
    pub fn replay(&self) -> &Replay {
        &self.replay
    }

    /// What the last step did, in the table log's words ("Ada played A♥. Boris misses a turn."),
    /// as its player saw it (a replay shows every card anyway).
    fn last_step_text(&self) -> String {
        let (viewer, fallback) = match self.replay.last_step() {
            None => return tr!("store-replay-before"),
            Some(Step::NextRound) => (Viewer::Spectator, tr!("store-replay-deal")),
            Some(Step::Act(seat, action)) => {
                (Viewer::Seat(*seat), tr!("store-replay-acted", name = &self.names[seat.index()], action = action.to_string()))
            }
        };
        let words = crate::ui::table::log::latest(self.replay.last_step_events(), viewer, &self.names, STEP_LINES);
        if words.is_empty() { fallback } else { words.join(" ") }
    }

    /// Draws the viewer.
    pub fn show(&mut self, ui: &mut egui::Ui, look: CardLook) -> Option<ReplayRequest> {
        let mut request = None;
        let (position, len) = (self.replay.position(), self.replay.len());
        ui.horizontal_wrapped(|ui| {
            if button(ui, tr!("store-back"), true) {
                request = Some(ReplayRequest::Back);
            }
            ui.label(
                RichText::new(tr!("store-replay-title", game = crate::ui::names::game(self.record.game())))
                    .size(theme::TITLE_SIZE)
                    .strong(),
            );
        });
        ui.horizontal_wrapped(|ui| {
            if button(ui, tr!("store-replay-start"), position > 0) {
                self.replay.seek(0);
            }
            if button(ui, tr!("store-replay-back"), position > 0) {
                self.replay.back();
            }
            if button(ui, tr!("store-replay-forward"), position < len) {
                self.replay.forward();
            }
            if button(ui, tr!("store-replay-end"), position < len) {
                self.replay.seek(len);
            }
        });
        let mut at = self.replay.position();
        ui.spacing_mut().slider_width = (ui.available_width() - 4.0 * theme::TOUCH).max(theme::TOUCH * 2.0);
        let slider = egui::Slider::new(&mut at, 0..=len).show_value(false).text(tr!("store-replay-position"));
        if ui.add(slider).changed() {
            self.replay.seek(at);
        }
        let (left, right) = ui.input(|input| (input.key_pressed(egui::Key::ArrowLeft), input.key_pressed(egui::Key::ArrowRight)));
        if left {
            self.replay.back();
        }
        if right {
            self.replay.forward();
        }
        ui.label(tr!("store-replay-step", at = self.replay.position(), len = len));
        ui.label(RichText::new(self.last_step_text()).strong().color(theme::ACCENT));
        let host = self.replay.host();
        let totals = host.game().totals().clone();
        egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
            // The table's centre as anyone at it saw it: pile, stock, suit to follow, direction.
            crate::ui::table::games::for_kind(host.kind()).centre(ui, &host.view(Viewer::Spectator), theme::REPLAY_CARD, look);
            for (index, name) in self.names.iter().enumerate() {
                let seat = Seat(u8::try_from(index).expect("a table has at most eight seats"));
                let to_act = host.to_act().contains(seat);
                let stroke = if to_act { egui::Stroke::new(2.0, theme::ACCENT) } else { egui::Stroke::NONE };
                egui::Frame::group(ui.style()).fill(theme::PANEL).stroke(stroke).inner_margin(8.0).show(ui, |ui| {
                    ui.set_width(ui.available_width());
                    ui.horizontal(|ui| {
                        ui.label(RichText::new(name).strong());
                        ui.label(
                            RichText::new(tr!("store-replay-points", points = totals.as_slice().get(index).copied().unwrap_or(0)))
                                .color(theme::INK_DIM),
                        );
                    });
                    ui.horizontal_wrapped(|ui| {
                        for card_shown in host.game().revealed_hand(seat) {
                            card::face(ui, card_shown, theme::REPLAY_CARD, Offer::Shown, look);
                        }
                    });
                });
            }
        });
        request
    }
}

#[cfg(test)]
mod tests {
    use cardtable_engine::{AnyOptions, AnyView, Card, GameKind};

    use super::*;
    use crate::session::host::Host;
    use crate::session::seating::Occupant;

    /// Youglouf's slots nobody has looked at are face down in every seat's view, yet the
    /// replay shows all four of each seat's cards; other games show the hand.
    #[test]
    fn the_replay_shows_every_card_even_those_no_view_holds() {
        for kind in [GameKind::Youglouf, GameKind::CrazyEights] {
            let options = AnyOptions::defaults(kind);
            let seats =
                vec![Occupant::Human { name: "Ana".into() }, Occupant::Human { name: "Bo".into() }, Occupant::Human { name: "Cy".into() }];
            let host = Host::new(options, seats, 7).expect("a table");
            for seat in (0..3).map(Seat) {
                let view = host.view(Viewer::Seat(seat));
                let shown = host.game().revealed_hand(seat);
                let expected = if kind == GameKind::Youglouf { 4 } else { hand(&view).len() };
                assert_eq!(shown.len(), expected, "{kind:?} seat {}", seat.0);
                assert!(!shown.is_empty());
            }
        }
    }

    /// The hand a seat's own view holds.
    fn hand(view: &AnyView) -> Vec<Card> {
        match view {
            AnyView::CrazyEights(view) => view.hand.clone().unwrap_or_default(),
            _ => Vec::new(),
        }
    }
}
