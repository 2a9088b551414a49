//! The viewer's hand and every choice that comes with playing from it, for every game but
//! Youglouf: playable cards lifted, the rest dimmed with a reason; a click picks a card and
//! plays it when nothing else can follow; several cards in order (Dunno); a suit shown as four
//! suit cards; a Jack's swap target and a `JD`'s extra cards; draw, pass and "One!".
//! The keyboard does the same: arrows and Enter, digits pick cards in order, 0 or Space draws,
//! O declares "One!".

use cardtable_engine::{AnyAction, Card, Suit};
use egui::RichText;

use super::facts::TableFacts;
use super::keys::Keys;
use super::offers::{Offer, OfferKind, selection, under_offer};
use super::{centred, fan};
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
    /// Space (or 0) was pressed when neither a draw nor a pass is offered: said, not ignored.
    pub draw_refused: bool,
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

/// The suits to name, as buttons in the pick row (a suit card as tall as the hand's pushed
/// the table up the moment an eight was picked); returns the offer picked.
fn suit_picker(ui: &mut egui::Ui, offers: &[&Offer], keys: &Keys, look: CardLook) -> Option<AnyAction> {
    let mut chosen = None;
    // A phone has room for the four suits' symbols, not their names.
    let narrow = ui.ctx().content_rect().width() < theme::NARROW;
    ui.horizontal(|ui| {
        for suit in Suit::ALL {
            let Some(offer) = offers.iter().find(|offer| offer.suit == Some(suit)) else { continue };
            let label = format!("{} {}", suit.symbol(), names::suit(suit));
            // The letter that names it from the keyboard (a phone has no keys, and no room).
            let letter = match suit {
                Suit::Clubs => "C",
                Suit::Diamonds => "D",
                Suit::Hearts => "H",
                Suit::Spades => "S",
            };
            let shown = if narrow { suit.symbol().to_string() } else { format!("{label} ({letter})") };
            let text = RichText::new(shown).strong().color(card::suit_colour(suit, look.four_colour));
            let button = egui::Button::new(text).fill(theme::CARD_FACE).min_size(egui::vec2(theme::TOUCH * 1.4, theme::TOUCH));
            let response = ui.add(button);
            response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
            if response.clicked() || keys.suit() == Some(suit) {
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

/// What the hand is drawn with, besides its facts and picks.
#[derive(Debug, Clone, Copy)]
pub struct HandLook<'a> {
    /// Every seat's name (a Jack's swap names the other hand's holder).
    pub names: &'a [String],
    /// The card height chosen for the window.
    pub height: f32,
    /// How cards look.
    pub look: CardLook,
    /// The keys pressed this frame.
    pub keys: &'a Keys,
    /// The table's last answer that was not a move (a refusal from the session), if any.
    pub message: Option<&'a str>,
    /// The table's own id, under which the hand's row keeps how far it is scrolled.
    pub still: egui::Id,
    /// The width the player's own area has in the window.
    pub width: f32,
}

/// The hand's card height in its window: the chosen height, smaller (never below two thirds
/// of it, nor narrower than a touch target) when one row of it would take more than a third of
/// the window's height (a quarter on a phone, whose seats' strip and piles take the rest).
/// It depends on the window alone, never on the hand: the hand's area keeps its place and size
/// whatever the hand holds, and only its content changes.
fn card_height(ui: &egui::Ui, height: f32, number: f32) -> f32 {
    let window = ui.ctx().content_rect();
    let share = if window.width() < theme::NARROW { 4.0 } else { 3.0 };
    let most_height = window.height() / share;
    // A card one may pick is a finger wide at the least, however small cards are drawn.
    let least = card::height_for(theme::TOUCH);
    [1.0, 0.85, 0.7]
        .iter()
        .map(|scale| (height * scale).max(least))
        .find(|height| height * 1.16 + number <= most_height)
        .unwrap_or((height * 0.7).max(least))
}

/// Draws the hand and its controls; returns the action chosen this frame. Every line keeps
/// its place and height through a turn, a bot's turn, a pick, a refusal and a draw: the
/// cards (centred in an area as wide as the window), the message line, the pick row (what a
/// pick in progress asks next), the row of standing actions (disabled while not offered) and
/// the keys' line.
pub fn show(ui: &mut egui::Ui, facts: &TableFacts, state: &mut HandState, with: &HandLook<'_>) -> Option<AnyAction> {
    let HandLook { height, look, keys, message, .. } = *with;
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
            state.draw_refused = false;
            toggle(state, card, offer, under);
        }
    }
    // Space or 0 at the player's own decision, when neither a draw nor a pass is offered
    // (One Hundred and One draws only without a card to play): why, in words.
    let standing_offered = offers.iter().any(|offer| matches!(offer.kind, OfferKind::Draw | OfferKind::Pass));
    if (keys.space || keys.draw) && !offers.is_empty() && !standing_offered {
        state.draw_refused = true;
        state.refused = None;
    }
    let next = selection(offers, &state.selected).next;
    let cursor_card = state.cursor.and_then(|at| hand.get(at)).copied();

    // The hand keeps one row, its area the same size whatever the hand holds, so the piles,
    // the seats and the actions never move: cards overlap, each covered card showing a strip a
    // finger wide, and a hand too big for that scrolls sideways inside the area. A phone
    // player would rather swipe a row of cards that stays where the thumb is than see a
    // second row push the stock and the pile out of view, and rather touch strips a finger
    // wide than cards shrunk to a corner each. What can be touched now (playable or picked)
    // is never covered.
    let offers_now: Vec<card::Offer> = hand.iter().map(|&held| card_offer(held, state, &next, under, facts)).collect();
    let whole: Vec<bool> = offers_now.iter().map(|offer| matches!(offer, card::Offer::Playable | card::Offer::Picked)).collect();
    // A small label and the spacing round it.
    let number = 20.0;
    let height = card_height(ui, height, number);
    let card_width = card::width_for(height);
    let row = fan::row(&whole, card_width, CARD_GAP, theme::TOUCH, ui.available_width());
    // Room above the row for a lifted card, below it for its number.
    let lift = height * 0.16;
    let (area, area_response) = ui.allocate_exact_size(egui::vec2(ui.available_width(), lift + height + number), egui::Sense::hover());
    area_response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Group, true, tr!("hand-area")));
    // The keyboard's cursor moved: its card is brought into view in a row that scrolls.
    let cursor_moved = keys.step != 0 || keys.digit.is_some();
    let mut cards = |ui: &mut egui::Ui, origin: egui::Pos2| {
        for (position, ((&held, &offer), &x)) in hand.iter().zip(&offers_now).zip(&row.x).enumerate() {
            let rect = egui::Rect::from_min_size(origin + egui::vec2(x, lift), egui::vec2(card_width, height + number));
            // A child placed in the area already allocated: it must not move the hand's cursor.
            let mut slot = ui.new_child(egui::UiBuilder::new().max_rect(rect));
            let response = card::face(&mut slot, held, height, offer, look);
            // Each card carries its number for the keyboard, as in the Dunno seed.
            if position < 9 {
                slot.label(RichText::new((position + 1).to_string()).small().color(theme::INK_DIM));
            }
            let response = if offer == card::Offer::Dimmed { response.on_hover_text(&facts.why_not) } else { response };
            if cursor_card == Some(held) && !offers.is_empty() {
                // The cursor is a bar under the card's strip that always shows: a ring round the
                // card crossed a lifted neighbour's rank in its corner (a picked 8 read as a 6).
                let strip = fan::least_strip(card_width, theme::TOUCH);
                let bar = egui::Rect::from_min_size(response.rect.left_bottom() + egui::vec2(0.0, 2.0), egui::vec2(strip, 4.0));
                ui.painter().rect_filled(bar, 2, theme::INK);
                if cursor_moved {
                    response.scroll_to_me(None);
                }
            }
            if response.clicked() {
                state.refused = (offer == card::Offer::Dimmed).then_some(held);
                state.draw_refused = false;
                if toggle(state, held, offer, under) {
                    clicked_card = offer == card::Offer::Playable;
                }
            }
            if state.refused == Some(held) {
                // The card that was refused is marked where it lies.
                ui.painter().rect_stroke(response.rect.expand(2.0), 8, egui::Stroke::new(2.5, theme::ACCENT), egui::StrokeKind::Outside);
            }
        }
    };
    if row.width <= area.width() + 0.5 {
        // The cards centred in an area as wide as the window: what is said under the hand
        // never makes the block wider and slides the cards sideways.
        let indent = ((area.width() - row.width) / 2.0).max(0.0).floor();
        cards(ui, area.min + egui::vec2(indent, 0.0));
    } else {
        let mut inside = ui.new_child(egui::UiBuilder::new().id_salt("hand-row").max_rect(area));
        egui::ScrollArea::horizontal()
            .id_salt(with.still.with("hand-row"))
            .auto_shrink([false, false])
            .scroll_bar_visibility(egui::scroll_area::ScrollBarVisibility::AlwaysVisible)
            .show(&mut inside, |ui| {
                let (content, _) = ui.allocate_exact_size(egui::vec2(row.width, area.height()), egui::Sense::hover());
                cards(ui, content.min);
            });
    }
    // The reason, in words, where the player looks: under the hand (a tooltip alone is missed,
    // and a touch screen has none), in a line that is there, empty, when there is nothing to say.
    let refusal = state
        .refused
        .filter(|card| hand.contains(card) && !facts.why_not.is_empty())
        .map(|card| tr!("hand-refused", card = card.pretty(), reason = facts.why_not.as_str()));

    // Enter with nothing picked picks the card under the cursor.
    if keys.play
        && state.selected.is_empty()
        && !under
        && let Some(card) = cursor_card.filter(|card| next.contains(card))
    {
        state.selected.push(card);
    }
    // One line under the hand, always there and always as tall: what a pick in progress asks
    // next (the refused card stays marked, its reason on the card), or else what the table
    // says.
    let picking = under || swapping || !suit_only.is_empty() || !state.selected.is_empty();
    if picking {
        let height = centred::message_height(ui);
        let picked = centred::fixed_row(ui, "hand-pick", height, |ui| {
            ui.horizontal(|ui| pick_row(ui, offers, state, &suit_only, (clicked_card, under), with)).inner
        });
        chosen = chosen.or(picked);
    } else {
        // With nothing to say, the keys (a phone has none to press).
        let keys_hint = (with.width >= theme::NARROW).then(|| tr!("hand-keys"));
        let no_draw = (state.draw_refused && !offers.is_empty()).then(|| tr!("hand-no-draw"));
        centred::message_or_hint(ui, message.or(refusal.as_deref()).or(no_draw.as_deref()), theme::ACCENT, keys_hint.as_deref());
    }
    // Drawn every frame, an action chosen or not: the row never blinks.
    let standing = buttons(ui, facts, keys, with.width);
    chosen.or(standing)
}

/// What a pick in progress asks next, in one row: the suit to name, "Play these" and "Clear
/// the pick", what goes under a Jack, the hand to swap with; returns the action chosen.
fn pick_row(
    ui: &mut egui::Ui,
    offers: &[Offer],
    state: &mut HandState,
    suit_only: &[&Offer],
    (clicked_card, under): (bool, bool),
    with: &HandLook<'_>,
) -> Option<AnyAction> {
    let HandLook { names, look, keys, .. } = *with;
    let mut chosen = None;
    let sel = selection(offers, &state.selected);
    if !under && !state.selected.is_empty() {
        let complete: Vec<&Offer> = sel.complete.iter().map(|&index| &offers[index]).collect();
        let needs_suit = complete.len() > 1 && complete.iter().all(|offer| offer.suit.is_some());
        if needs_suit && sel.next.is_empty() {
            chosen = suit_picker(ui, &complete, keys, look);
        } else if (clicked_card || keys.play) && sel.next.is_empty() {
            chosen = plays_at_once(offers, &state.selected);
        } else if !complete.is_empty() {
            let picked: Vec<String> = state.selected.iter().map(|card| card.pretty()).collect();
            let text = tr!("hand-play-these", cards = picked.join(" "));
            let button = egui::Button::new(RichText::new(text).strong()).min_size(egui::vec2(theme::TOUCH * 3.0, theme::TOUCH));
            if (ui.add(button).clicked() || keys.play)
                && !needs_suit
                && let [only] = complete[..]
            {
                chosen = Some(only.action);
            }
            if needs_suit {
                // Kings or Queens name a suit: finish the pick with the suit.
                chosen = chosen.or_else(|| suit_picker(ui, &complete, keys, look));
            }
        }
        if ui.add(egui::Button::new(tr!("hand-clear")).min_size(egui::vec2(0.0, theme::TOUCH))).clicked() {
            state.selected.clear();
        }
    }
    if !suit_only.is_empty() {
        chosen = chosen.or_else(|| suit_picker(ui, suit_only, keys, look));
    }
    if under {
        let picked: Vec<String> = state.selected.iter().map(|card| card.pretty()).collect();
        let text = if picked.is_empty() { tr!("hand-under-none") } else { tr!("hand-under", cards = picked.join(" ")) };
        let button = egui::Button::new(RichText::new(text).strong()).min_size(egui::vec2(theme::TOUCH * 3.0, theme::TOUCH));
        if let Some(offer) = under_offer(offers, &state.selected)
            && (ui.add(button).on_hover_text(tr!("hand-under-hint")).clicked() || keys.play)
        {
            chosen = Some(offer.action);
        }
    }
    let swaps = offers.iter().filter_map(|offer| if let OfferKind::Swap(seat) = offer.kind { Some((seat, offer.action)) } else { None });
    for (number, (seat, action)) in swaps.enumerate() {
        let name = names.get(seat.index()).cloned().unwrap_or_default();
        let button = egui::Button::new(RichText::new(tr!("hand-swap", number = number + 1, name = name)).strong())
            .min_size(egui::vec2(theme::TOUCH * 2.5, theme::TOUCH));
        if ui.add(button).clicked() || keys.digit == Some(number) {
            chosen = chosen.or(Some(action));
        }
    }
    chosen
}

/// The game's standing actions (draw, pass, "One!"), always there and in the same order,
/// each enabled only while it is offered; with their keys. Rows break where the buttons'
/// widths say in the area's `width` (a phone takes two rows), the same every frame.
fn buttons(ui: &mut egui::Ui, facts: &TableFacts, keys: &Keys, width: f32) -> Option<AnyAction> {
    let standing: Vec<(OfferKind, String, bool)> = facts
        .standing
        .iter()
        .filter_map(|&kind| match kind {
            OfferKind::Draw => Some((kind, tr!("hand-draw"), keys.draw || keys.space)),
            OfferKind::Pass => Some((kind, tr!("hand-pass"), keys.space)),
            OfferKind::One => Some((kind, tr!("hand-one"), keys.one)),
            _ => None,
        })
        .collect();
    // A phone's row: tighter buttons, their keys left out of their words.
    let narrow = width < theme::NARROW;
    let least = if narrow { theme::TOUCH * 2.0 } else { theme::TOUCH * 2.5 };
    let mut chosen = None;
    ui.horizontal_wrapped(|ui| {
        if narrow {
            ui.spacing_mut().button_padding.x = 8.0;
        }
        let widths: Vec<f32> = standing
            .iter()
            .map(|(_, text, _)| centred::button_width(ui, &[centred::shown_words(text, narrow).to_owned()]).max(least))
            .collect();
        let gap = ui.spacing().item_spacing.x;
        let breaks = centred::row_breaks(&widths, gap, width);
        if !breaks.contains(&true) {
            let total = widths.iter().sum::<f32>() + gap * widths.len().saturating_sub(1) as f32;
            ui.add_space(((width - total) / 2.0).max(0.0).floor());
        }
        for ((kind, text, key), (&button_width, &breaks)) in standing.into_iter().zip(widths.iter().zip(&breaks)) {
            if breaks {
                ui.end_row();
            }
            let offered = facts.offers.iter().find(|offer| offer.kind == kind).map(|offer| offer.action);
            let shown = RichText::new(centred::shown_words(&text, narrow)).strong();
            let button = egui::Button::new(shown).min_size(egui::vec2(button_width, theme::TOUCH));
            let button = if kind == OfferKind::One && offered.is_some() { button.fill(theme::ACCENT_DARK) } else { button };
            let clicked = centred::named_button(ui, button, &text, offered.is_some()).clicked();
            if let Some(action) = offered
                && (clicked || key)
            {
                chosen = chosen.or(Some(action));
            }
        }
    });
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
            let with = HandLook {
                names: &[],
                height: 80.0,
                look: CardLook::default(),
                keys: &keys,
                message: None,
                still: egui::Id::NULL,
                width: 400.0,
            };
            chosen = show(ui, facts, state, &with);
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

    /// Issue 29: Space in One Hundred and One while a card must be played (a draw is offered
    /// only without one) is not ignored in silence: the hand says why, until a card is touched.
    #[test]
    fn space_when_a_card_must_be_played_says_why() {
        for seed in 0..200 {
            let (game, _) =
                AnyGame::start_match(TableSetup::new(3, seed), AnyOptions::defaults(GameKind::HundredOne), None).expect("a deal");
            let AnyView::HundredOne(view) = game.view(Viewer::Seat(game.to_act().first().expect("someone acts"))) else {
                unreachable!("a One Hundred and One view")
            };
            let facts = crate::ui::table::games::hundred_one::facts(&view);
            let hand = facts.hand.clone().expect("a hand");
            let playable = hand.iter().take(9).position(|card| facts.offers.iter().any(|offer| offer.cards.contains(card)));
            let Some(position) = playable.filter(|_| !facts.offers.iter().any(|offer| offer.kind == OfferKind::Draw)) else {
                continue;
            };
            let ctx = egui::Context::default();
            let mut state = HandState::default();
            let space = Keys { space: true, ..Keys::default() };
            assert_eq!(frame(&ctx, &facts, &mut state, space), None, "nothing is drawn");
            assert!(state.draw_refused, "the refused Space is remembered to be said");
            let digit = Keys { digit: Some(position), ..Keys::default() };
            frame(&ctx, &facts, &mut state, digit);
            assert!(!state.draw_refused, "a card touched: the note goes");
            return;
        }
        panic!("no seed of 200 deals a One Hundred and One turn with a card to play");
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
