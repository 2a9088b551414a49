//! The Crazy Eights board: the pile and what to follow, the stock, your hand with its playable
//! cards lifted, drawing, and the suit choice after an eight.

use cardtable_engine::games::crazy_eights::{CrazyEightsAction, CrazyEightsView};
use cardtable_engine::{Card, Direction, Rank, Suit};
use egui::RichText;

use crate::ui::card::{self, CardLook, Offer};
use crate::ui::theme;

/// Choices in progress on the board (kept between frames).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BoardState {
    /// An eight picked from the hand, waiting for its suit.
    pub eight: Option<Card>,
}

/// Why a card in hand cannot be played now, in a sentence.
fn why_not(view: &CrazyEightsView) -> String {
    if view.pending_draw > 0 {
        return format!("Twos are pending: answer with a 2, or draw {}.", view.pending_draw);
    }
    let suit = view.to_follow.suit.symbol();
    match view.to_follow.rank {
        Some(rank) => format!("Play a {suit} or a {}, or an eight.", rank.label()),
        None => format!("An eight asked for {suit}: play a {suit}, or an eight."),
    }
}

/// Draws the centre of the table: stock, pile, suit to follow, direction, pending twos.
pub fn centre(ui: &mut egui::Ui, view: &CrazyEightsView, height: f32, look: CardLook) {
    ui.horizontal(|ui| {
        ui.vertical(|ui| {
            card::back(ui, height);
            ui.label(RichText::new(format!("Stock {}", view.stock)).small());
        });
        ui.add_space(8.0);
        ui.vertical(|ui| {
            card::face(ui, view.top, height, Offer::Shown, look);
            ui.label(RichText::new(format!("Pile {}", view.pile)).small());
        });
        ui.add_space(8.0);
        ui.vertical(|ui| {
            let suit = view.to_follow.suit;
            let (text, note) = if view.to_follow.rank.is_none() {
                (format!("{}", suit.symbol()), "asked for by the eight")
            } else {
                (format!("{}{}", view.to_follow.rank.map_or("", Rank::label), suit.symbol()), "to match")
            };
            // On a white chip, as on a card: black suits vanish on the felt otherwise.
            egui::Frame::new().fill(theme::CARD_FACE).corner_radius(6).inner_margin(egui::Margin::symmetric(8, 2)).show(ui, |ui| {
                ui.label(RichText::new(text).size(height * 0.28).color(card::suit_colour(suit, look.four_colour)));
            });
            ui.label(RichText::new(note).small());
            let arrow = match view.direction {
                Direction::Clockwise => "↻ clockwise",
                Direction::Counterclockwise => "↺ counter-clockwise",
            };
            ui.label(RichText::new(arrow).small());
            if view.pending_draw > 0 {
                ui.label(RichText::new(format!("+{} pending", view.pending_draw)).strong().color(theme::ACCENT));
            }
        });
    });
}

/// Draws the viewer's hand and controls; returns the action chosen this frame.
pub fn hand(ui: &mut egui::Ui, view: &CrazyEightsView, state: &mut BoardState, height: f32, look: CardLook) -> Option<CrazyEightsAction> {
    let Some(cards) = &view.hand else {
        return None;
    };
    let mut chosen = None;
    let my_turn = !view.legal.is_empty();
    let playable = |card: Card| view.legal.iter().any(|action| action.card() == Some(card));
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 6.0;
        for &card_in_hand in cards {
            let offer = match () {
                () if state.eight == Some(card_in_hand) => Offer::Picked,
                () if my_turn && playable(card_in_hand) => Offer::Playable,
                () if my_turn => Offer::Dimmed,
                () => Offer::Shown,
            };
            let response = card::face(ui, card_in_hand, height, offer, look);
            let response = if offer == Offer::Dimmed { response.on_hover_text(why_not(view)) } else { response };
            if response.clicked() && offer == Offer::Playable {
                if card_in_hand.is_rank(Rank::Eight) {
                    state.eight = Some(card_in_hand);
                } else {
                    chosen = Some(CrazyEightsAction::Play(card_in_hand));
                }
            }
        }
    });
    if let Some(eight) = state.eight {
        ui.label(format!("Name the suit to follow your {}:", eight.pretty()));
        ui.horizontal_wrapped(|ui| {
            for suit in Suit::ALL {
                let label = RichText::new(format!("{} {}", suit.symbol(), suit_name(suit)))
                    .size(22.0)
                    .color(card::suit_colour(suit, look.four_colour));
                let button = egui::Button::new(label).fill(theme::CARD_FACE).min_size(egui::vec2(theme::TOUCH * 2.4, theme::TOUCH * 1.2));
                if ui.add(button).clicked() {
                    chosen = Some(CrazyEightsAction::PlayEight(eight, suit));
                }
            }
            if ui.add(egui::Button::new("Cancel").min_size(egui::vec2(0.0, theme::TOUCH))).clicked() {
                state.eight = None;
            }
        });
    }
    if view.legal.contains(&CrazyEightsAction::Draw) {
        let label = if view.pending_draw > 0 { format!("Draw {} (Space)", view.pending_draw) } else { "Draw (Space)".to_owned() };
        let draw = ui.add(egui::Button::new(RichText::new(label).strong()).min_size(egui::vec2(theme::TOUCH * 3.0, theme::TOUCH)));
        if draw.clicked() || ui.input(|input| input.key_pressed(egui::Key::Space)) {
            chosen = Some(CrazyEightsAction::Draw);
        }
    } else if view.must_play && my_turn {
        ui.label(RichText::new("You drew a playable card: play a card.").color(theme::ACCENT));
    }
    if chosen.is_some() {
        state.eight = None;
    }
    chosen
}

/// The suit's name.
#[must_use]
pub fn suit_name(suit: Suit) -> &'static str {
    match suit {
        Suit::Clubs => "Clubs",
        Suit::Diamonds => "Diamonds",
        Suit::Hearts => "Hearts",
        Suit::Spades => "Spades",
    }
}
