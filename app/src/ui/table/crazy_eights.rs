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
    /// The card the keyboard points at (position in the hand).
    pub cursor: Option<usize>,
}

/// What the keyboard asked for this frame.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Keys {
    /// Move the cursor by this many cards.
    step: i32,
    /// Put the cursor on this position (digits 1–9).
    position: Option<usize>,
    /// Play the card under the cursor (Enter).
    play: bool,
    /// Draw (Space or 0).
    draw: bool,
    /// Name this suit for a picked eight (1–4 or C D H S).
    suit: Option<Suit>,
}

fn read_keys(ui: &egui::Ui, choosing_suit: bool) -> Keys {
    use egui::Key;
    const DIGITS: [Key; 9] = [Key::Num1, Key::Num2, Key::Num3, Key::Num4, Key::Num5, Key::Num6, Key::Num7, Key::Num8, Key::Num9];
    ui.input(|input| {
        let mut keys = Keys {
            step: i32::from(input.key_pressed(Key::ArrowRight)) - i32::from(input.key_pressed(Key::ArrowLeft)),
            play: input.key_pressed(Key::Enter),
            draw: input.key_pressed(Key::Space) || input.key_pressed(Key::Num0),
            ..Keys::default()
        };
        let digit = DIGITS.iter().position(|&key| input.key_pressed(key));
        if choosing_suit {
            let letter = [(Key::C, Suit::Clubs), (Key::D, Suit::Diamonds), (Key::H, Suit::Hearts), (Key::S, Suit::Spades)];
            keys.suit = digit
                .and_then(|index| Suit::ALL.get(index).copied())
                .or_else(|| letter.iter().find(|(key, _)| input.key_pressed(*key)).map(|(_, suit)| *suit));
        } else {
            keys.position = digit;
        }
        keys
    })
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
    let keys = if my_turn { read_keys(ui, state.eight.is_some()) } else { Keys::default() };
    if !cards.is_empty() {
        let last = cards.len() - 1;
        if let Some(position) = keys.position {
            state.cursor = Some(position.min(last));
        } else if keys.step != 0 {
            state.cursor = Some(match state.cursor.map(|at| at.min(last)) {
                None => 0,
                Some(at) if keys.step > 0 => (at + 1).min(last),
                Some(at) => at.saturating_sub(1),
            });
        }
    }
    let cursor_card = state.cursor.and_then(|at| cards.get(at)).copied();
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
            let under_cursor = my_turn && cursor_card == Some(card_in_hand);
            if under_cursor {
                ui.painter().rect_stroke(response.rect.expand(3.0), 8, egui::Stroke::new(2.0, theme::INK), egui::StrokeKind::Outside);
            }
            if (response.clicked() || (under_cursor && keys.play)) && offer == Offer::Playable {
                if card_in_hand.is_rank(Rank::Eight) {
                    state.eight = Some(card_in_hand);
                } else {
                    chosen = Some(CrazyEightsAction::Play(card_in_hand));
                }
            }
        }
    });
    if let Some(eight) = state.eight {
        ui.label(format!("Name the suit to follow your {} (1–4 or C D H S):", eight.pretty()));
        ui.horizontal_wrapped(|ui| {
            for suit in Suit::ALL {
                let label = RichText::new(format!("{} {}", suit.symbol(), suit_name(suit)))
                    .size(22.0)
                    .color(card::suit_colour(suit, look.four_colour));
                let button = egui::Button::new(label).fill(theme::CARD_FACE).min_size(egui::vec2(theme::TOUCH * 2.4, theme::TOUCH * 1.2));
                if ui.add(button).clicked() || keys.suit == Some(suit) {
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
        ui.label(RichText::new("Keys: ← → or 1–9 pick a card, Enter plays it, Space or 0 draws.").small().color(theme::INK_DIM));
        let draw = ui.add(egui::Button::new(RichText::new(label).strong()).min_size(egui::vec2(theme::TOUCH * 3.0, theme::TOUCH)));
        if draw.clicked() || keys.draw {
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
