//! Pieces of the centre that several games share: the stock, the pile, the suit and rank to
//! follow, the direction of play. The stock and pile note where they are drawn, so cards can
//! travel to and from them.

use cardtable_engine::{Card, Direction, Rank, Suit};
use egui::RichText;

use crate::tr;
use crate::ui::card::{self, CardLook, Offer};
use crate::ui::table::motion::{Spot, note_spot};
use crate::ui::theme;

/// The face-down stock with its label (its count).
pub fn stock(ui: &mut egui::Ui, count: usize, label: &str, height: f32) {
    ui.vertical(|ui| {
        let response = if count > 0 { card::back(ui, height) } else { card::empty_place(ui, height) };
        note_spot(ui.ctx(), Spot::Stock, response.rect);
        ui.label(RichText::new(label).small());
    });
}

/// The pile's top card with its label (the pile's size).
pub fn pile(ui: &mut egui::Ui, top: Option<Card>, label: &str, height: f32, look: CardLook) {
    ui.vertical(|ui| {
        let response = match top {
            Some(top) => card::face(ui, top, height, Offer::Shown, look),
            None => card::empty_place(ui, height),
        };
        note_spot(ui.ctx(), Spot::Pile, response.rect);
        ui.label(RichText::new(label).small());
    });
}

/// What the next card must match: a suit (and a rank), on a white chip as on a card — black
/// suits vanish on the felt otherwise.
pub fn follow(ui: &mut egui::Ui, suit: Suit, rank: Option<Rank>, note: &str, height: f32, look: CardLook) {
    ui.vertical(|ui| {
        let text = match rank {
            Some(rank) => format!("{}{}", rank.label(), suit.symbol()),
            None => suit.symbol().to_string(),
        };
        egui::Frame::new().fill(theme::CARD_FACE).corner_radius(6).inner_margin(egui::Margin::symmetric(8, 2)).show(ui, |ui| {
            ui.label(RichText::new(text).size(height * 0.28).color(card::suit_colour(suit, look.four_colour)));
        });
        ui.label(RichText::new(note).small());
    });
}

/// The direction of play.
pub fn direction(ui: &mut egui::Ui, direction: Direction) {
    let text = match direction {
        Direction::Clockwise => tr!("centre-clockwise"),
        Direction::Counterclockwise => tr!("centre-counterclockwise"),
    };
    ui.label(RichText::new(text).small());
}

/// A highlighted note in the centre ("+4 pending", "cover your 8").
pub fn alert(ui: &mut egui::Ui, text: String) {
    ui.label(RichText::new(text).strong().color(theme::ACCENT));
}

/// A whole-number house rule with its explanation.
pub fn number_option(ui: &mut egui::Ui, label: String, value: &mut u32, range: std::ops::RangeInclusive<u32>, note: String) {
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(label);
        ui.add(egui::DragValue::new(value).range(range)).labelled_by(label.id);
    });
    ui.label(RichText::new(note).small().color(theme::INK_DIM));
}
