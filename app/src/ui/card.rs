//! Cards drawn with the painter (crisp at any size): faces, backs, and how a card in hand shows
//! whether it can be played.

use cardtable_engine::{Card, Suit};
use egui::{Align2, Color32, CornerRadius, FontId, Rect, Response, Sense, Stroke, StrokeKind, Vec2, pos2, vec2};

use super::{card_art, theme};
use crate::tr;

/// How a card in hand is offered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Offer {
    /// Just shown (the pile, a revealed hand).
    Shown,
    /// Playable now: lifted and outlined.
    Playable,
    /// Not playable now: dimmed.
    Dimmed,
    /// Picked (for a choice that follows, such as a suit).
    Picked,
}

/// Width of a card for a given height (poker proportions, 2.5 × 3.5).
#[must_use]
pub fn width_for(height: f32) -> f32 {
    height * 2.5 / 3.5
}

/// A card's height for its width (the inverse of `width_for`).
#[must_use]
pub fn height_for(width: f32) -> f32 {
    width * 3.5 / 2.5
}

/// The colour a suit's symbol is drawn in.
#[must_use]
pub fn suit_colour(suit: Suit, four_colour: bool) -> Color32 {
    match (suit, four_colour) {
        (Suit::Diamonds, true) => theme::DIAMONDS_FOUR_COLOUR,
        (Suit::Clubs, true) => theme::CLUBS_FOUR_COLOUR,
        (Suit::Hearts | Suit::Diamonds, _) => theme::RED_SUIT,
        (Suit::Spades | Suit::Clubs, _) => theme::BLACK_SUIT,
    }
}

fn card_rect(ui: &mut egui::Ui, height: f32, sense: Sense) -> (Rect, Response) {
    ui.allocate_exact_size(vec2(width_for(height), height), sense)
}

/// How cards look, from the player's settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CardLook {
    /// Four-colour suits (colour-blind friendly): diamonds blue, clubs green.
    pub four_colour: bool,
}

/// Draws a card face; clickable unless `offer` is [`Offer::Shown`].
pub fn face(ui: &mut egui::Ui, card: Card, height: f32, offer: Offer, look: CardLook) -> Response {
    face_labelled(ui, card, height, offer, look, &card.pretty())
}

/// Draws a card face with its own accessibility label (a Youglouf slot names its owner).
pub fn face_labelled(ui: &mut egui::Ui, card: Card, height: f32, offer: Offer, look: CardLook, label: &str) -> Response {
    let sense = if offer == Offer::Shown { Sense::hover() } else { Sense::click() };
    let (rect, response) = card_rect(ui, height, sense);
    let lift = match offer {
        Offer::Playable if response.hovered() => height * 0.12,
        Offer::Playable => height * 0.06,
        Offer::Picked => height * 0.16,
        _ => 0.0,
    };
    let rect = rect.translate(vec2(0.0, -lift));
    let painter = ui.painter_at(rect.expand(2.0));
    paint(&painter, rect, card, look, offer == Offer::Dimmed);
    if matches!(offer, Offer::Playable | Offer::Picked) {
        let radius = CornerRadius::same((height * 0.07) as u8);
        painter.rect_stroke(rect.shrink(1.0), radius, Stroke::new(2.5, theme::ACCENT), StrokeKind::Inside);
    }
    let kind = if offer == Offer::Shown { egui::Role::Label } else { egui::Role::Button };
    response.widget_info(|| egui::WidgetInfo::labeled(kind, offer != Offer::Dimmed, label));
    response.on_hover_cursor(if offer == Offer::Playable { egui::CursorIcon::PointingHand } else { egui::CursorIcon::Default })
}

/// Paints a card face into `rect` (for cards that are not widgets: cards in flight).
pub fn paint_face(painter: &egui::Painter, rect: Rect, card: Card, look: CardLook) {
    paint(painter, rect, card, look, false);
}

/// Paints a card face, dimmed or not.
fn paint(painter: &egui::Painter, rect: Rect, card: Card, look: CardLook, dimmed: bool) {
    let height = rect.height();
    let radius = CornerRadius::same((height * 0.07) as u8);
    let fill = if dimmed { theme::CARD_DIMMED } else { theme::CARD_FACE };
    painter.rect(rect, radius, fill, Stroke::new(1.0, theme::CARD_EDGE), StrokeKind::Inside);
    let (rank_text, suit_text, colour) = match (card.rank(), card.suit()) {
        (Some(rank), Some(suit)) => (rank.label().to_owned(), suit.symbol().to_string(), suit_colour(suit, look.four_colour)),
        _ if card == Card::RED_JOKER => ("JOKER".to_owned(), "★".to_owned(), theme::RED_SUIT),
        _ => ("JOKER".to_owned(), "★".to_owned(), theme::BLACK_SUIT),
    };
    let colour = if dimmed { colour.gamma_multiply(0.45) } else { colour };
    let corner = height * 0.17;
    let inset = vec2(height * 0.05, height * 0.04);
    let corner_size = if rank_text.len() > 2 { corner * 0.55 } else { corner };
    painter.text(rect.left_top() + inset, Align2::LEFT_TOP, &rank_text, FontId::proportional(corner_size), colour);
    painter.text(
        rect.left_top() + inset + vec2(0.0, corner * 1.05),
        Align2::LEFT_TOP,
        &suit_text,
        FontId::proportional(corner * 0.9),
        colour,
    );
    // A court card shows its figure (big enough to read) below the corner; every other card,
    // and a figure still being rasterised, its suit large in the middle.
    let figure = Rect::from_min_max(
        rect.left_top() + vec2(rect.width() * 0.2, height * 0.16),
        rect.right_bottom() - vec2(rect.width() * 0.08, height * 0.05),
    );
    let court = height >= FIGURE_LEAST && card.rank().is_some_and(|rank| card_art::paint_court(painter, rank, figure, colour));
    if !court {
        painter.text(
            rect.center() + vec2(0.0, height * 0.05),
            Align2::CENTER_CENTER,
            &suit_text,
            FontId::proportional(height * 0.42),
            colour,
        );
    }
}

/// Below this height a court card shows its suit, not its figure (too small to make out).
const FIGURE_LEAST: f32 = 56.0;

/// A suit card for choosing a suit (after a Queen, an eight, a King): a white card with the
/// suit large in the middle and its name underneath; clickable.
pub fn suit_card(ui: &mut egui::Ui, suit: Suit, name: &str, height: f32, look: CardLook) -> Response {
    let (rect, response) = card_rect(ui, height, Sense::click());
    let lift = if response.hovered() { height * 0.08 } else { 0.0 };
    let rect = rect.translate(vec2(0.0, -lift));
    let painter = ui.painter_at(rect.expand(2.0));
    let radius = CornerRadius::same((height * 0.07) as u8);
    painter.rect(rect, radius, theme::CARD_FACE, Stroke::new(2.5, theme::ACCENT), StrokeKind::Inside);
    let colour = suit_colour(suit, look.four_colour);
    painter.text(
        rect.center() - vec2(0.0, height * 0.08),
        Align2::CENTER_CENTER,
        suit.symbol(),
        FontId::proportional(height * 0.5),
        colour,
    );
    painter.text(rect.center_bottom() - vec2(0.0, height * 0.12), Align2::CENTER_CENTER, name, FontId::proportional(height * 0.13), colour);
    let label = format!("{} {name}", suit.symbol());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
    response.on_hover_cursor(egui::CursorIcon::PointingHand)
}

/// The outline of an empty place (an empty stock or pile, a Youglouf slot left by a snap).
pub fn empty_place(ui: &mut egui::Ui, height: f32) -> Response {
    let (rect, response) = card_rect(ui, height, Sense::hover());
    let radius = CornerRadius::same((height * 0.07) as u8);
    ui.painter().rect_stroke(rect.shrink(1.0), radius, Stroke::new(1.5, theme::INK_DIM), StrokeKind::Inside);
    response
}

/// Draws the back of a card.
pub fn back(ui: &mut egui::Ui, height: f32) -> Response {
    let (rect, response) = card_rect(ui, height, Sense::hover());
    paint_back(ui.painter(), rect, height);
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, tr!("card-face-down")));
    response
}

/// Draws the back of a card that may be clicked (a Youglouf slot to pick): outlined when it
/// can be, lifted when picked.
pub fn back_offered(ui: &mut egui::Ui, height: f32, clickable: bool, picked: bool, label: &str) -> Response {
    let (rect, response) = card_rect(ui, height, if clickable { Sense::click() } else { Sense::hover() });
    let lift = if picked {
        height * 0.16
    } else if clickable && response.hovered() {
        height * 0.08
    } else {
        0.0
    };
    let rect = rect.translate(vec2(0.0, -lift));
    paint_back(ui.painter(), rect, height);
    if clickable || picked {
        let radius = CornerRadius::same((height * 0.07) as u8);
        ui.painter().rect_stroke(rect.shrink(1.0), radius, Stroke::new(2.5, theme::ACCENT), StrokeKind::Inside);
    }
    let role = if clickable { egui::Role::Button } else { egui::Role::Label };
    response.widget_info(|| egui::WidgetInfo::labeled(role, clickable, label));
    response
}

/// Paints a card back into `rect`.
pub fn paint_back(painter: &egui::Painter, rect: Rect, height: f32) {
    let radius = CornerRadius::same((height * 0.07) as u8);
    painter.rect(rect, radius, theme::CARD_BACK, Stroke::new(1.0, theme::CARD_EDGE), StrokeKind::Inside);
    if card_art::paint_back(painter, rect.shrink(height * 0.04)) {
        return;
    }
    // The plain back, until the picture is ready.
    let inner = rect.shrink(height * 0.06);
    painter.rect_stroke(inner, CornerRadius::same((height * 0.04) as u8), Stroke::new(1.5, theme::CARD_BACK_LINE), StrokeKind::Inside);
    let step = (height * 0.12).max(4.0);
    let mut x = inner.left() - inner.height();
    while x < inner.right() {
        let start = pos2(x, inner.bottom());
        let end = pos2(x + inner.height(), inner.top());
        let clipped = painter.with_clip_rect(inner);
        clipped.line_segment([start, end], Stroke::new(1.0, theme::CARD_BACK_LINE));
        x += step;
    }
}

/// A fanned pile of `count` face-down cards with the count written on it.
pub fn hidden_hand(ui: &mut egui::Ui, count: usize, height: f32) -> Response {
    let shown = count.min(5);
    let overlap = width_for(height) * 0.25;
    let width = width_for(height) + overlap * shown.saturating_sub(1) as f32;
    let (rect, response) = ui.allocate_exact_size(Vec2::new(width, height), Sense::hover());
    for index in 0..shown {
        let left = rect.left() + overlap * index as f32;
        paint_back(ui.painter(), Rect::from_min_size(pos2(left, rect.top()), vec2(width_for(height), height)), height);
    }
    ui.painter().text(rect.center(), Align2::CENTER_CENTER, count.to_string(), FontId::proportional(height * 0.35), theme::INK);
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, tr!("card-hand-face-down", count = count)));
    response
}

/// How many times its visible width a row of cards that scrolls sideways may be: room for
/// every penalty card a seat could gather, never an infinite width in egui's layout.
const UNWRAPPED: f32 = 10.0;

/// A row of cards `width` wide that scrolls sideways when longer, instead of wrapping and
/// growing taller (a phone's seat rows and own slots). A scroll area asks its content to fit, so
/// a wrapping row inside would still wrap: the content may be as long as its cards.
pub fn sideways_row<R>(ui: &mut egui::Ui, id_salt: impl egui::AsIdSalt, width: f32, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
    egui::ScrollArea::horizontal()
        .id_salt(id_salt)
        .max_width(width)
        .show(ui, |ui| {
            ui.set_max_width(UNWRAPPED * width);
            add(ui)
        })
        .inner
}
