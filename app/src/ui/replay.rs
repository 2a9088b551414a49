//! The replay viewer: a finished match rebuilt from its record, stepped through forward and
//! back (buttons, slider, arrow keys), with every seat's hand revealed.

use cardtable_engine::games::youglouf::SlotView;
use cardtable_engine::{AnyView, Card, Seat, Viewer};
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

/// A seat's cards as that seat knows them: the hand, or Youglouf's slots it has seen
/// (`None` for a face-down slot it has not).
fn hand(view: &AnyView) -> Vec<Option<Card>> {
    let known = |cards: &Option<Vec<Card>>| cards.iter().flatten().copied().map(Some).collect();
    match view {
        AnyView::CrazyEights(view) => known(&view.hand),
        AnyView::Fool108(view) => known(&view.hand),
        AnyView::HundredOne(view) => known(&view.hand),
        AnyView::Dunno(view) => known(&view.hand),
        AnyView::Youglouf(view) => view
            .viewer
            .seat()
            .map(|seat| {
                view.slots[seat]
                    .iter()
                    .filter_map(|slot| match slot {
                        SlotView::Empty => None,
                        SlotView::FaceDown => Some(None),
                        SlotView::Known(card) => Some(Some(*card)),
                    })
                    .collect()
            })
            .unwrap_or_default(),
    }
}

fn button(ui: &mut egui::Ui, text: impl Into<egui::WidgetText>, enabled: bool) -> bool {
    ui.add_enabled(enabled, egui::Button::new(text).min_size(egui::vec2(theme::TOUCH, theme::TOUCH))).clicked()
}

impl ReplayScreen {
    /// Opens a record at its start.
    ///
    /// # Errors
    /// The record does not replay.
    pub fn new(record: MatchRecord) -> Result<ReplayScreen, ReplayError> {
        let seats = record.occupants();
        let replay = Replay::new(&MatchStart { options: &record.options, seats: &seats, seed: record.seed }, record.steps.clone())?;
        let names = record.seats.iter().map(|seat| seat.name.clone()).collect();
        Ok(ReplayScreen { record, replay, names })
    }

    /// The replay being shown.
    #[must_use]
    pub fn replay(&self) -> &Replay {
        &self.replay
    }

    fn last_step_text(&self) -> String {
        match self.replay.last_step() {
            None => tr!("store-replay-before"),
            Some(Step::NextRound) => tr!("store-replay-deal"),
            Some(Step::Act(seat, action)) => tr!("store-replay-acted", name = &self.names[seat.index()], action = action.to_string()),
        }
    }

    /// Draws the viewer.
    pub fn show(&mut self, ui: &mut egui::Ui, look: CardLook) -> Option<ReplayRequest> {
        let mut request = None;
        let (position, len) = (self.replay.position(), self.replay.len());
        ui.horizontal_wrapped(|ui| {
            if button(ui, tr!("store-back"), true) {
                request = Some(ReplayRequest::Back);
            }
            ui.label(RichText::new(tr!("store-replay-title", game = crate::ui::names::game(self.record.game()))).size(22.0).strong());
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
                        for card_slot in hand(&host.view(Viewer::Seat(seat))) {
                            match card_slot {
                                Some(card_shown) => {
                                    card::face(ui, card_shown, theme::REPLAY_CARD, Offer::Shown, look);
                                }
                                None => {
                                    card::back(ui, theme::REPLAY_CARD);
                                }
                            }
                        }
                    });
                });
            }
        });
        request
    }
}
