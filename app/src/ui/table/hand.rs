//! The viewer's hand and every choice that comes with playing from it, for every game but
//! Youglouf: playable cards lifted, the rest dimmed with a reason; a click picks a card and
//! plays it when nothing else can follow; several cards in order (Dunno); a suit shown as four
//! suit cards; a Jack's swap target and a `JD`'s extra cards; draw, pass and "One!".
//! The keyboard does the same: arrows and Enter, digits pick cards in order, 0 or Space draws,
//! O declares "One!".

use cardtable_engine::{AnyAction, Card, Suit};
use egui::RichText;

use super::facts::TableFacts;
use super::fan;
use super::keys::Keys;
use super::offers::{Offer, OfferKind, selection, under_offer};
use crate::tr;
use crate::ui::card::{self, CardLook};
use crate::ui::{names, theme};

/// Space between cards that lie side by side.
const CARD_GAP: f32 = 6.0;

/// Choices in progress in the hand (kept between frames).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HandState {
    /// Cards picked, in order (or, under a Jack, as a set).
    pub selected: Vec<Card>,
    /// The card the keyboard points at (position in the hand).
    pub cursor: Option<usize>,
    /// A card that cannot be played now, just clicked or keyed: the reason is shown in words.
    pub refused: Option<Card>,
}

impl HandState {
    /// Forgets picks that no longer fit the offers (after a move, or another seat's turn).
    pub fn keep_valid(&mut self, facts: &TableFacts) {
        let under = facts.offers.iter().any(|offer| offer.kind == OfferKind::Under);
        let valid = if under {
            self.selected.iter().all(|card| facts.offers.iter().any(|offer| offer.kind == OfferKind::Under && offer.cards.contains(card)))
        } else {
            let sel = selection(&facts.offers, &self.selected);
            self.selected.is_empty() || !sel.complete.is_empty() || !sel.next.is_empty()
        };
        if !valid {
            self.selected.clear();
        }
    }
}

/// How a card in hand is offered now.
fn card_offer(card: Card, state: &HandState, next: &[Card], under: bool, facts: &TableFacts) -> card::Offer {
    let my_decision = !facts.offers.is_empty();
    if state.selected.contains(&card) {
        card::Offer::Picked
    } else if (under
        && state.selected.len() < 2
        && facts.offers.iter().any(|offer| offer.kind == OfferKind::Under && offer.cards.contains(&card)))
        || (!under && next.contains(&card))
    {
        card::Offer::Playable
    } else if my_decision {
        card::Offer::Dimmed
    } else {
        card::Offer::Shown
    }
}

/// Picks or unpicks `card`; returns whether the selection changed.
fn toggle(state: &mut HandState, card: Card, offer: card::Offer, under: bool) -> bool {
    match offer {
        card::Offer::Picked => {
            if under {
                state.selected.retain(|picked| *picked != card);
            } else if let Some(at) = state.selected.iter().position(|picked| *picked == card) {
                state.selected.truncate(at);
            }
            true
        }
        card::Offer::Playable => {
            state.selected.push(card);
            true
        }
        _ => false,
    }
}

/// The four suit cards to name a suit; returns the offer picked.
fn suit_picker(ui: &mut egui::Ui, offers: &[&Offer], keys: &Keys, height: f32, look: CardLook) -> Option<AnyAction> {
    let mut chosen = None;
    ui.label(tr!("hand-name-suit"));
    ui.horizontal_wrapped(|ui| {
        for suit in Suit::ALL {
            let Some(offer) = offers.iter().find(|offer| offer.suit == Some(suit)) else { continue };
            // Never smaller than a touch target, even with small cards.
            let size = height.max(theme::TOUCH * 1.6);
            if card::suit_card(ui, suit, &names::suit(suit), size, look).clicked() || keys.suit() == Some(suit) {
                chosen = Some(offer.action);
            }
        }
    });
    chosen
}

/// Whether the selection can be played by a click alone (nothing could follow it, one way).
fn plays_at_once(offers: &[Offer], selected: &[Card]) -> Option<AnyAction> {
    let sel = selection(offers, selected);
    (sel.next.is_empty() && sel.complete.len() == 1).then(|| offers[sel.complete[0]].action)
}

/// Draws the hand and its controls; returns the action chosen this frame.
pub fn show(
    ui: &mut egui::Ui,
    facts: &TableFacts,
    state: &mut HandState,
    names: &[String],
    height: f32,
    look: CardLook,
    keys: &Keys,
) -> Option<AnyAction> {
    let hand = facts.hand.as_deref()?;
    state.keep_valid(facts);
    let offers = &facts.offers;
    let under = offers.iter().any(|offer| offer.kind == OfferKind::Under);
    let suit_only: Vec<&Offer> = offers.iter().filter(|offer| offer.kind == OfferKind::Suit).collect();
    let mut chosen = None;
    let mut clicked_card = false;
    let before = selection(offers, &state.selected);
    let choosing_suit = !suit_only.is_empty()
        || (before.next.is_empty() && before.complete.len() > 1 && before.complete.iter().all(|&index| offers[index].suit.is_some()));
    let swapping = offers.iter().any(|offer| matches!(offer.kind, OfferKind::Swap(_)));

    // The keyboard: a cursor, digits that pick in order, Enter. While a suit is being chosen
    // digits do nothing (letters name it), and while a Jack's swap waits they name the seat.
    if !hand.is_empty() && !offers.is_empty() && !choosing_suit && !swapping {
        let last = hand.len() - 1;
        if keys.step != 0 {
            state.cursor = Some(match state.cursor.map(|at| at.min(last)) {
                None => 0,
                Some(at) if keys.step > 0 => (at + 1).min(last),
                Some(at) => at.saturating_sub(1),
            });
        }
        if let Some(position) = keys.digit.filter(|&position| position <= last) {
            state.cursor = Some(position);
            let next = selection(offers, &state.selected).next;
            let card = hand[position];
            let offer = card_offer(card, state, &next, under, facts);
            state.refused = (offer == card::Offer::Dimmed).then_some(card);
            toggle(state, card, offer, under);
        }
    }
    let next = selection(offers, &state.selected).next;
    let cursor_card = state.cursor.and_then(|at| hand.get(at)).copied();

    // The hand fits the width: cards overlap, then take more rows; what can be touched now
    // (playable or picked) is never covered.
    let offers_now: Vec<card::Offer> = hand.iter().map(|&held| card_offer(held, state, &next, under, facts)).collect();
    let whole: Vec<bool> = offers_now.iter().map(|offer| matches!(offer, card::Offer::Playable | card::Offer::Picked)).collect();
    // Smaller cards when a big hand would take more than a third of the window's height, so
    // the piles above stay in view (never below two thirds of the chosen size).
    let most_height = ui.ctx().content_rect().height() / 3.0;
    // A small label and the spacing round it.
    let number = 20.0;
    let (height, places) = [1.0, 0.85, 0.7]
        .iter()
        .map(|scale| {
            let height = height * scale;
            (height, fan::fan(&whole, card::width_for(height), CARD_GAP, ui.available_width()))
        })
        .find_map(|(height, places)| {
            let rows = places.iter().map(|place| place.row + 1).max().unwrap_or(0) as f32;
            (rows * (height * 1.16 + number) <= most_height).then_some((height, places))
        })
        .unwrap_or_else(|| {
            let height = height * 0.7;
            (height, fan::fan(&whole, card::width_for(height), CARD_GAP, ui.available_width()))
        });
    let card_width = card::width_for(height);
    // Room above each row for a lifted card, below it for its number.
    let lift = height * 0.16;
    let row_height = lift + height + number;
    let rows = places.iter().map(|place| place.row + 1).max().unwrap_or(0);
    // As wide as the cards take, so the table can centre the hand.
    let used = places.iter().map(|place| place.x + card_width).fold(0.0, f32::max);
    let (area, _) = ui.allocate_exact_size(egui::vec2(used.min(ui.available_width()), row_height * rows as f32), egui::Sense::hover());
    for (position, ((&held, &offer), place)) in hand.iter().zip(&offers_now).zip(&places).enumerate() {
        let top_left = area.min + egui::vec2(place.x, lift + row_height * place.row as f32);
        let rect = egui::Rect::from_min_size(top_left, egui::vec2(card_width, height + number));
        // A child placed in the area already allocated: it must not move the hand's cursor.
        let mut slot = ui.new_child(egui::UiBuilder::new().max_rect(rect));
        let response = card::face(&mut slot, held, height, offer, look);
        // Each card carries its number for the keyboard, as in the Dunno seed.
        if position < 9 {
            slot.label(RichText::new((position + 1).to_string()).small().color(theme::INK_DIM));
        }
        let response = if offer == card::Offer::Dimmed { response.on_hover_text(&facts.why_not) } else { response };
        if cursor_card == Some(held) && !offers.is_empty() {
            ui.painter().rect_stroke(response.rect.expand(3.0), 8, egui::Stroke::new(2.0, theme::INK), egui::StrokeKind::Outside);
        }
        if response.clicked() {
            state.refused = (offer == card::Offer::Dimmed).then_some(held);
            if toggle(state, held, offer, under) {
                clicked_card = offer == card::Offer::Playable;
            }
        }
        if state.refused == Some(held) {
            // The card that was refused is marked where it lies.
            ui.painter().rect_stroke(response.rect.expand(2.0), 8, egui::Stroke::new(2.5, theme::ACCENT), egui::StrokeKind::Outside);
        }
    }
    // The reason, in words, where the player looks: under the hand (a tooltip alone is missed,
    // and a touch screen has none).
    if let Some(card) = state.refused.filter(|card| hand.contains(card) && !facts.why_not.is_empty()) {
        ui.colored_label(theme::ACCENT, tr!("hand-refused", card = card.pretty(), reason = facts.why_not.as_str()));
    }

    // Enter with nothing picked picks the card under the cursor.
    if keys.play
        && state.selected.is_empty()
        && !under
        && let Some(card) = cursor_card.filter(|card| next.contains(card))
    {
        state.selected.push(card);
    }
    let sel = selection(offers, &state.selected);
    if !under && !state.selected.is_empty() {
        let complete: Vec<&Offer> = sel.complete.iter().map(|&index| &offers[index]).collect();
        let needs_suit = complete.len() > 1 && complete.iter().all(|offer| offer.suit.is_some());
        if needs_suit && sel.next.is_empty() {
            let picked: Vec<String> = state.selected.iter().map(|card| card.pretty()).collect();
            ui.label(RichText::new(tr!("hand-picked", cards = picked.join(" "))).strong());
            chosen = suit_picker(ui, &complete, keys, height, look);
        } else if (clicked_card || keys.play) && sel.next.is_empty() {
            chosen = plays_at_once(offers, &state.selected);
        } else if !complete.is_empty() {
            let picked: Vec<String> = state.selected.iter().map(|card| card.pretty()).collect();
            let text = tr!("hand-play-these", cards = picked.join(" "));
            let button = egui::Button::new(RichText::new(text).strong()).min_size(egui::vec2(theme::TOUCH * 3.0, theme::TOUCH));
            if ui.add(button).clicked() || keys.play {
                if needs_suit {
                    // Kings or Queens name a suit: finish the pick with the suit.
                    ui.label(tr!("hand-name-suit"));
                } else if let [only] = complete[..] {
                    chosen = Some(only.action);
                }
            }
            if needs_suit {
                chosen = chosen.or_else(|| suit_picker(ui, &complete, keys, height, look));
            }
        }
        if ui.add(egui::Button::new(tr!("hand-clear")).min_size(egui::vec2(0.0, theme::TOUCH))).clicked() {
            state.selected.clear();
        }
    }
    if !suit_only.is_empty() {
        chosen = chosen.or_else(|| suit_picker(ui, &suit_only, keys, height, look));
    }
    if under {
        let picked: Vec<String> = state.selected.iter().map(|card| card.pretty()).collect();
        ui.label(tr!("hand-under-hint"));
        let text = if picked.is_empty() { tr!("hand-under-none") } else { tr!("hand-under", cards = picked.join(" ")) };
        let button = egui::Button::new(RichText::new(text).strong()).min_size(egui::vec2(theme::TOUCH * 3.0, theme::TOUCH));
        if let Some(offer) = under_offer(offers, &state.selected)
            && (ui.add(button).clicked() || keys.play)
        {
            chosen = Some(offer.action);
        }
    }
    chosen.or_else(|| buttons(ui, offers, names, keys))
}

/// Draw, pass, "One!" and swap buttons, with their keys.
fn buttons(ui: &mut egui::Ui, offers: &[Offer], names: &[String], keys: &Keys) -> Option<AnyAction> {
    let mut chosen = None;
    let find = |kind: OfferKind| offers.iter().find(|offer| offer.kind == kind).map(|offer| offer.action);
    ui.horizontal_wrapped(|ui| {
        let big = |text: String| egui::Button::new(RichText::new(text).strong()).min_size(egui::vec2(theme::TOUCH * 2.5, theme::TOUCH));
        if let Some(action) = find(OfferKind::Draw)
            && (ui.add(big(tr!("hand-draw"))).clicked() || keys.draw || keys.space)
        {
            chosen = Some(action);
        }
        if let Some(action) = find(OfferKind::Pass)
            && (ui.add(big(tr!("hand-pass"))).clicked() || keys.space)
        {
            chosen = chosen.or(Some(action));
        }
        if let Some(action) = find(OfferKind::One)
            && (ui.add(big(tr!("hand-one")).fill(theme::ACCENT_DARK)).clicked() || keys.one)
        {
            chosen = chosen.or(Some(action));
        }
        let swaps =
            offers.iter().filter_map(|offer| if let OfferKind::Swap(seat) = offer.kind { Some((seat, offer.action)) } else { None });
        for (number, (seat, action)) in swaps.enumerate() {
            let name = names.get(seat.index()).cloned().unwrap_or_default();
            if ui.add(big(tr!("hand-swap", number = number + 1, name = name))).clicked() || keys.digit == Some(number) {
                chosen = chosen.or(Some(action));
            }
        }
    });
    let has_cards = offers.iter().any(|offer| offer.kind == OfferKind::Play);
    if has_cards || find(OfferKind::Draw).is_some() {
        ui.label(RichText::new(tr!("hand-keys")).small().color(theme::INK_DIM));
    }
    chosen
}

#[cfg(test)]
mod tests {
    use cardtable_engine::{AnyGame, AnyOptions, AnyView, GameKind, Phase, Rank, TableSetup, Viewer};

    use super::*;
    use crate::ui::table::games::crazy_eights;

    /// A Crazy Eights deal whose player to act holds an eight among the first four cards, the
    /// ones whose digits (1–4) used to name the suits ♣ ♦ ♥ ♠ too.
    fn an_eight_within_the_first_four() -> (TableFacts, usize) {
        for seed in 0..500 {
            let (game, _) =
                AnyGame::start_match(TableSetup::new(4, seed), AnyOptions::defaults(GameKind::CrazyEights), None).expect("a deal");
            let AnyView::CrazyEights(view) = game.view(Viewer::Seat(game.to_act().first().expect("someone acts"))) else {
                unreachable!("a Crazy Eights view")
            };
            assert_eq!(view.header.phase, Phase::Playing);
            let hand = view.hand.clone().expect("a seat's hand");
            if let Some(position) = hand.iter().take(4).position(|card| card.is_rank(Rank::Eight)) {
                return (crazy_eights::facts(&view), position);
            }
        }
        panic!("no seed of 500 deals an eight among the first four cards");
    }

    /// Runs one frame of the hand with `keys`.
    fn frame(ctx: &egui::Context, facts: &TableFacts, state: &mut HandState, keys: Keys) -> Option<AnyAction> {
        let mut chosen = None;
        let mut output = ctx.run_ui(egui::RawInput::default(), |ui| {
            chosen = show(ui, facts, state, &[], 80.0, CardLook::default(), &keys);
        });
        // No renderer here: the font atlas is never uploaded.
        output.textures_delta.clear();
        chosen
    }

    /// Issue 19: a card that cannot be played, picked by its digit, is refused with the reason
    /// in words (kept until another card is picked), and nothing is played.
    #[test]
    fn a_card_that_cannot_be_played_is_refused_with_its_reason() {
        for seed in 0..200 {
            let (game, _) =
                AnyGame::start_match(TableSetup::new(4, seed), AnyOptions::defaults(GameKind::CrazyEights), None).expect("a deal");
            let AnyView::CrazyEights(view) = game.view(Viewer::Seat(game.to_act().first().expect("someone acts"))) else {
                unreachable!("a Crazy Eights view")
            };
            let facts = crazy_eights::facts(&view);
            let hand = facts.hand.clone().expect("a hand");
            let Some(position) = hand.iter().take(9).position(|card| !facts.offers.iter().any(|offer| offer.cards.contains(card))) else {
                continue;
            };
            let ctx = egui::Context::default();
            let mut state = HandState::default();
            let digit = Keys { digit: Some(position), ..Keys::default() };
            assert_eq!(frame(&ctx, &facts, &mut state, digit), None, "nothing is played");
            assert_eq!(state.refused, Some(hand[position]));
            assert!(state.selected.is_empty());
            assert!(!facts.why_not.is_empty(), "the table has a reason to give");
            return;
        }
        panic!("no seed of 200 deals a card that cannot be played in the first nine");
    }

    /// Issue 19, blocker 3: the digit of an eight in slots 1–4 picks it and nothing more; the
    /// suit is named by its own step, a letter (a digit then does nothing).
    #[test]
    fn a_digit_picks_an_eight_and_only_a_letter_names_its_suit() {
        let (facts, position) = an_eight_within_the_first_four();
        let ctx = egui::Context::default();
        let mut state = HandState::default();
        let digit = Keys { digit: Some(position), ..Keys::default() };
        assert_eq!(frame(&ctx, &facts, &mut state, digit), None, "the digit played the eight with the suit it stands for");
        let eight = facts.hand.as_ref().expect("a hand")[position];
        assert_eq!(state.selected, vec![eight], "the digit picked the eight");
        for other in 0..4 {
            let press = Keys { digit: Some(other), ..Keys::default() };
            assert_eq!(frame(&ctx, &facts, &mut state, press), None, "digit {} named a suit", other + 1);
        }
        let hearts = Keys { suit_letter: Some(Suit::Hearts), ..Keys::default() };
        let played = frame(&ctx, &facts, &mut state, hearts).expect("H names hearts");
        assert_eq!(played.to_string(), format!("play {eight} H"));
    }
}
