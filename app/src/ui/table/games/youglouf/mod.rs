//! Youglouf at the table (RULES.md §5): every seat's face-down slots as the viewer knows them,
//! the closed and open decks, the card the turn holds, and the controls for each step — the
//! opening look at two slots, taking from either deck, replacing or dropping, the powers'
//! targets, snapping, ending the turn or calling Youglouf.

use cardtable_engine::games::youglouf::{Power, SlotView, StepView, Youglouf, YougloufAction, YougloufView};
use cardtable_engine::{AnyAction, Phase, Seat};
use egui::RichText;

use super::widgets;
use super::{SeatFacts, SlotLook, TableFacts};
use crate::tr;
use crate::ui::card::{self, CardLook, Offer};
use crate::ui::table::centred;
use crate::ui::table::keys::Keys;
use crate::ui::table::motion::{Spot, note_spot};
use crate::ui::theme;

mod buttons;
mod events;
pub use events::{badges, describe, drawn, motions};

/// Choices in progress on a Youglouf board (kept between frames).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct YougloufPicks {
    /// Slots picked for the opening look (two are needed).
    pub look: Vec<u8>,
    /// The own slot picked for a Queen's exchange, waiting for an opponent's slot.
    pub exchange_own: Option<u8>,
    /// "Snap" is armed: the next own slot clicked is snapped.
    pub snapping: bool,
    /// The keyboard named another seat (by its number); the next digit names its slot.
    pub seat_typed: Option<Seat>,
    /// "Call Youglouf!" was pressed once: it waits for a yes (it cannot be taken back).
    pub confirm_call: bool,
}

/// Youglouf's part of the table: slots instead of hands, picks kept between frames, snaps.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct YougloufTable {
    picks: YougloufPicks,
}

/// The instance that draws Youglouf where no picks are in progress (logs, replays).
pub static YOUGLOUF_TABLE: YougloufTable =
    YougloufTable { picks: YougloufPicks { look: Vec::new(), exchange_own: None, snapping: false, seat_typed: None, confirm_call: false } };

super::game_table!(YougloufTable, Youglouf, self, rules "youglouf", {
    fn showcase(&self) -> [cardtable_engine::Card; 3] {
        // The jack that looks and the queen that swaps; a red king counts nothing.
        use cardtable_engine::{Card, Rank, Suit};
        [Card::new(Rank::Jack, Suit::Clubs), Card::new(Rank::King, Suit::Diamonds), Card::new(Rank::Queen, Suit::Spades)]
    }

    fn status(&self, ui: &mut egui::Ui, view: &cardtable_engine::AnyView, names: &[String]) {
        if let Some(view) = view.downcast::<Youglouf>() {
            status(ui, view, names);
        }
    }

    fn own_total_on_phone(&self) -> bool {
        true
    }

    fn clickable(&self, view: &cardtable_engine::AnyView, seat: Seat) -> Vec<u8> {
        view.downcast::<Youglouf>().map(|view| clickable(view, &self.picks, seat)).unwrap_or_default()
    }

    fn own_area(
        &mut self,
        ui: &mut egui::Ui,
        view: &cardtable_engine::AnyView,
        _facts: &TableFacts,
        _hand: &mut crate::ui::table::hand::HandState,
        area: &super::OwnArea<'_>,
    ) -> Option<AnyAction> {
        let view = view.downcast::<Youglouf>()?;
        if let Some((seat, slot)) = area.clicked_slot
            && let Some(action) = on_click(view, &mut self.picks, SlotClick { seat, slot })
        {
            return Some(action);
        }
        if area.out_of_turn {
            self.picks.snapping = true;
        }
        let own = OwnArea {
            name: &area.names[area.seat.index()],
            names: area.names,
            height: area.height,
            look: area.look,
            grace_left: area.grace_left,
            message: area.message,
            width: area.width,
        };
        controls(ui, view, &mut self.picks, own, area.keys)
    }

    fn reset(&mut self) {
        self.picks = YougloufPicks::default();
    }

    /// A seat's face-down slots, each labelled and clickable as a power's target.
    fn seat_cards(&self, ui: &mut egui::Ui, seat: &super::SeatCards<'_>) -> Option<u8> {
        match &seat.facts.slots {
            Some(slots) => {
                let height = slot_height(seat.height, seat.width, slots.len());
                slots_row(ui, seat.owner, slots, seat.clickable, seat.picked, height, seat.look)
            }
            None => {
                card::hidden_hand(ui, seat.facts.cards, seat.height);
                None
            }
        }
    }

    /// A phone's strip draws the slots as a seat panel does, at their least (a touch target).
    fn strip_card_height(&self) -> f32 {
        least_slot() / SLOT_SHARE
    }

    /// The four slots of a deal in a row.
    fn seat_cards_width(&self, height: f32) -> f32 {
        // With the point `slot_height` spares beside each slot's spacing.
        4.0 * (card::width_for((height * SLOT_SHARE).max(least_slot())) + SLOT_SPACING + 1.0)
    }

    fn out_of_turn(&self, view: &cardtable_engine::AnyView, name: &str) -> Option<super::OutOfTurn> {
        let view = view.downcast::<Youglouf>()?;
        let may_snap = view.legal.iter().any(|action| matches!(action, YougloufAction::Snap(_)));
        may_snap.then(|| super::OutOfTurn::TakeDevice(tr!("table-snap-for", name = name)))
    }

    fn options_editor(&self, ui: &mut egui::Ui, options: &mut cardtable_engine::AnyOptions) {
        let Some(options) = options.downcast_mut::<Youglouf>() else { return };
        let defaults = cardtable_engine::games::youglouf::YougloufOptions::default();
        let note = tr!("option-score-limit-lowest-note", default = defaults.score_limit);
        widgets::number_option(ui, tr!("option-score-limit-lowest"), &mut options.score_limit, 0..=1_000, note);
        ui.checkbox(&mut options.allow_two_players, tr!("option-allow-two"));
        ui.label(RichText::new(tr!("option-allow-two-note")).small().color(theme::INK_DIM));
        let note = tr!("option-snap-grace-note", default = defaults.snap_grace_ms);
        widgets::number_option(ui, tr!("option-snap-grace"), &mut options.snap_grace_ms, 0..=10_000, note);
    }
});

fn slot_look(slot: &SlotView) -> SlotLook {
    match slot {
        SlotView::Empty => SlotLook::Empty,
        SlotView::FaceDown => SlotLook::Down,
        SlotView::Known(card) => SlotLook::Known(*card),
    }
}

/// The table's facts of a Youglouf view: slots instead of hands, no generic offers (the
/// board's own controls take every decision).
#[must_use]
pub fn facts(view: &YougloufView) -> TableFacts {
    let seats = view
        .slots
        .seats()
        .map(|(seat, slots)| {
            let mut notes = Vec::new();
            if view.declarer == Some(seat) {
                notes.push(tr!("yg-note-declarer"));
            }
            if view.header.phase == Phase::Playing && view.step == StepView::Looking && !view.looked.contains(seat) {
                notes.push(tr!("yg-note-looking"));
            }
            SeatFacts {
                cards: slots.iter().filter(|slot| **slot != SlotView::Empty).count(),
                total: view.header.totals[seat],
                notes,
                known: Vec::new(),
                slots: Some(slots.iter().map(slot_look).collect()),
            }
        })
        .collect();
    TableFacts::of(&view.header, seats, None, Vec::new(), String::new())
        .with_next(cardtable_engine::Direction::Clockwise, cardtable_engine::SeatSet::EMPTY)
}

/// What the round waits for, in a sentence.
fn step_text(view: &YougloufView, name: &dyn Fn(Seat) -> String) -> String {
    let turn = name(view.header.turn);
    match view.step {
        StepView::Looking => tr!("yg-step-looking"),
        StepView::Draw => tr!("yg-step-draw", name = turn),
        StepView::Holding { card: Some(card), .. } => tr!("yg-step-holding", name = turn, card = card.pretty()),
        StepView::Holding { card: None, .. } => tr!("yg-step-holding-hidden", name = turn),
        StepView::Power(Power::Peek) => tr!("yg-step-peek", name = turn),
        StepView::Power(Power::Spy) => tr!("yg-step-spy", name = turn),
        StepView::Power(Power::Exchange) => tr!("yg-step-exchange", name = turn),
        StepView::Finishing => tr!("yg-step-finishing", name = turn),
    }
}

/// Draws the centre: the closed deck, the open deck, the card the turn holds.
pub fn centre(ui: &mut egui::Ui, view: &YougloufView, height: f32, look: CardLook) {
    ui.horizontal_wrapped(|ui| {
        widgets::stock(ui, view.closed_deck, &tr!("yg-closed-deck", count = view.closed_deck), height);
        widgets::pile(ui, view.open_deck.last().copied(), &tr!("yg-open-deck", count = view.open_deck.len()), height, look);
        // The held card's place is kept while nothing is held, so the notes beside it stay put.
        ui.vertical(|ui| {
            match view.step {
                StepView::Holding { card: Some(card), .. } => card::face(ui, card, height, Offer::Picked, look),
                StepView::Holding { card: None, .. } => card::back(ui, height),
                _ => ui.allocate_exact_size(egui::vec2(card::width_for(height), height), egui::Sense::hover()).1,
            };
            let held = if matches!(view.step, StepView::Holding { .. }) { tr!("yg-held") } else { String::new() };
            ui.label(RichText::new(held).small());
        });
        // A phone says these in the own area's message line (see [`controls`]): wrapped in the
        // narrow room beside the decks they made the row taller than the decks, and the decks
        // moved up under the seats' strip.
        ui.vertical(|ui| {
            if phone(ui.ctx()) {
                return;
            }
            if view.snap_open {
                widgets::alert(ui, tr!("yg-snap-open"));
            }
            if view.declarer.is_some() {
                ui.label(RichText::new(tr!("yg-last-round")).small());
            }
        });
    });
}

/// The status line under the centre, with names.
pub fn status(ui: &mut egui::Ui, view: &YougloufView, names: &[String]) {
    // A phone says it in the own area's message line instead (see [`controls`]): two lines
    // here pushed the decks out of view under the seats' strip.
    if view.header.phase == Phase::Playing && !phone(ui.ctx()) {
        let name = |seat: Seat| names.get(seat.index()).cloned().unwrap_or_default();
        ui.label(RichText::new(step_text(view, &name)).color(theme::INK_DIM));
    }
}

/// Whether the window is phone-sized, as the table decides it (its width inside the margins).
fn phone(ctx: &egui::Context) -> bool {
    ctx.content_rect().width() - 2.0 * theme::MARGIN < theme::NARROW
}

/// A click on a slot of the table (any seat's), to be turned into an action.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SlotClick {
    /// Whose slot.
    pub seat: Seat,
    /// Which slot.
    pub slot: u8,
}

/// Which slots of `owner` can be clicked now for the viewer, given the picks in progress.
#[must_use]
pub fn clickable(view: &YougloufView, picks: &YougloufPicks, owner: Seat) -> Vec<u8> {
    let Some(me) = view.header.viewer.seat() else { return Vec::new() };
    let mut slots: Vec<u8> = view
        .legal
        .iter()
        .flat_map(|&action| match action {
            // A pair of slots to look at: any of its slots not picked yet, if the picks so far
            // belong to the pair.
            YougloufAction::Look(first, second) if owner == me && picks.look.iter().all(|slot| *slot == first || *slot == second) => {
                [first, second].into_iter().filter(|slot| !picks.look.contains(slot)).collect()
            }
            YougloufAction::Replace(slot) | YougloufAction::Peek(slot) if owner == me && !picks.snapping => vec![slot],
            YougloufAction::Snap(slot) if owner == me && picks.snapping => vec![slot],
            YougloufAction::Spy(seat, slot) if seat == owner => vec![slot],
            YougloufAction::Exchange(own, _, _) if owner == me && picks.exchange_own.is_none() => vec![own],
            YougloufAction::Exchange(own, seat, slot) if seat == owner && picks.exchange_own == Some(own) => vec![slot],
            _ => Vec::new(),
        })
        .collect();
    slots.sort_unstable();
    slots.dedup();
    slots
}

/// Turns a slot click into an action, or into a pick that waits for more.
pub fn on_click(view: &YougloufView, picks: &mut YougloufPicks, click: SlotClick) -> Option<AnyAction> {
    let me = view.header.viewer.seat()?;
    let legal = |action: YougloufAction| view.legal.contains(&action).then_some(AnyAction::Youglouf(action));
    if picks.snapping && click.seat == me {
        picks.snapping = false;
        return legal(YougloufAction::Snap(click.slot));
    }
    match view.step {
        StepView::Looking if click.seat == me => {
            if let Some(at) = picks.look.iter().position(|&slot| slot == click.slot) {
                picks.look.remove(at);
                return None;
            }
            picks.look.push(click.slot);
            if let [first, second] = picks.look[..] {
                picks.look.clear();
                return legal(YougloufAction::Look(first.min(second), first.max(second)));
            }
            None
        }
        StepView::Holding { .. } if click.seat == me => legal(YougloufAction::Replace(click.slot)),
        StepView::Power(Power::Peek) if click.seat == me => legal(YougloufAction::Peek(click.slot)),
        StepView::Power(Power::Spy) if click.seat != me => legal(YougloufAction::Spy(click.seat, click.slot)),
        StepView::Power(Power::Exchange) => match picks.exchange_own {
            None if click.seat == me => {
                picks.exchange_own = Some(click.slot);
                None
            }
            Some(own) if click.seat == me => {
                picks.exchange_own = (own != click.slot).then_some(click.slot);
                None
            }
            Some(own) => {
                picks.exchange_own = None;
                legal(YougloufAction::Exchange(own, click.seat, click.slot))
            }
            None => None,
        },
        _ => None,
    }
}

/// The room between two slots of a row.
const SLOT_SPACING: f32 = 4.0;

/// A slot's card height round the table, as a share of a seat's cards.
const SLOT_SHARE: f32 = 0.8;

/// The least height of a slot round the table: a touch target wide (a power's target may be
/// any seat's slot), with half a point to spare.
fn least_slot() -> f32 {
    card::height_for(theme::TOUCH + 0.5)
}

/// A slot's card height in a seat's panel `width` wide: a share of the seats' cards, never
/// narrower than a touch target, but smaller in a panel too narrow for that, so the four slots
/// of a deal stay on one row (a second row made every panel taller and pushed the piles out of
/// view); a penalty card's slot beyond them may wrap.
#[must_use]
pub fn slot_height(height: f32, width: f32, slots: usize) -> f32 {
    let count = slots.clamp(1, 4) as f32;
    // A point to spare beside each slot's spacing: a row exactly full may wrap.
    let widest = (width - (SLOT_SPACING + 1.0) * count) / count;
    (height * SLOT_SHARE).max(least_slot()).min(card::height_for(widest)).max(1.0)
}

/// Draws one seat's slots, each labelled with its owner and number; returns the slot clicked.
fn slots_row(
    ui: &mut egui::Ui,
    owner: &str,
    slots: &[SlotLook],
    clickable: &[u8],
    picked: &[u8],
    height: f32,
    look: CardLook,
) -> Option<u8> {
    let mut clicked = None;
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = SLOT_SPACING;
        for (index, slot) in slots.iter().enumerate() {
            let Ok(slot_number) = u8::try_from(index) else { continue };
            let can_click = clickable.contains(&slot_number);
            let picked = picked.contains(&slot_number);
            let number = index + 1;
            let response = match slot {
                SlotLook::Empty => card::empty_place(ui, height),
                SlotLook::Down => {
                    card::back_offered(ui, height, can_click || picked, picked, &tr!("yg-slot-down", name = owner, number = number))
                }
                SlotLook::Known(known) => {
                    let offer = match (picked, can_click) {
                        (true, _) => Offer::Picked,
                        (false, true) => Offer::Playable,
                        (false, false) => Offer::Shown,
                    };
                    let label = tr!("yg-slot-known", name = owner, number = number, card = known.pretty());
                    card::face_labelled(ui, *known, height, offer, look, &label)
                }
            };
            if can_click && response.clicked() {
                clicked = Some(slot_number);
            }
        }
    });
    clicked
}

/// How the viewer's own area is drawn.
#[derive(Debug, Clone, Copy)]
pub struct OwnArea<'a> {
    /// The viewer's name, for its slots' labels.
    pub name: &'a str,
    /// Every seat's name, for the step's sentence (said here on a phone).
    pub names: &'a [String],
    /// Card height.
    pub height: f32,
    /// How cards look.
    pub look: CardLook,
    /// Seconds before a deck may be taken from (a snap window's grace), if it runs.
    pub grace_left: Option<f64>,
    /// The table's last answer that was not a move (a refusal from the session), if any.
    pub message: Option<&'a str>,
    /// The width the player's own area has in the window.
    pub width: f32,
}

/// The viewer's own slots and the buttons of its step; returns the action chosen.
pub fn controls(ui: &mut egui::Ui, view: &YougloufView, picks: &mut YougloufPicks, area: OwnArea<'_>, keys: &Keys) -> Option<AnyAction> {
    let OwnArea { name: own_name, height, look, grace_left, .. } = area;
    // A phone's own slots are touch targets and no bigger, and its rows sit close: the decks
    // above must stay in view under the seats' strip.
    let height = if area.width < theme::NARROW { least_slot().min(height) } else { height };
    if area.width < theme::NARROW {
        ui.spacing_mut().item_spacing.y = 4.0;
    }
    let me = view.header.viewer.seat()?;
    let mut chosen = keyboard_slot(view, picks, keys);
    let slots: Vec<SlotLook> = view.slots[me].iter().map(slot_look).collect();
    let clickable_own = clickable(view, picks, me);
    let mut picked: Vec<u8> = picks.look.clone();
    picked.extend(picks.exchange_own);
    // A phone has no room for the heading: the slots at the bottom are the player's, as a
    // hand is.
    if area.width >= theme::NARROW {
        ui.label(RichText::new(tr!("yg-your-cards")).strong());
    }
    let mut own_rect = egui::Rect::NOTHING;
    ui.horizontal_top(|ui| {
        let mut own_slots = |ui: &mut egui::Ui| {
            own_rect = ui
                .scope(|ui| {
                    if let Some(slot) = slots_row(ui, own_name, &slots, &clickable_own, &picked, height, look) {
                        chosen = on_click(view, picks, SlotClick { seat: me, slot });
                    }
                })
                .response
                .rect;
        };
        if area.width >= theme::NARROW {
            own_slots(ui);
            return;
        }
        // A phone's turn line has no room for the total: it stands beside the slots it counts,
        // and penalty slots beyond the row's room scroll sideways (wrapped, they pushed the
        // total out of the window and the decks under the seats' strip).
        let total = tr!("table-own-total", points = view.header.totals[me]);
        let font = egui::TextStyle::Body.resolve(ui.style());
        let total_width = ui.painter().layout_no_wrap(total.clone(), font, theme::INK_DIM).size().x;
        let room = ui.available_width() - total_width - ui.spacing().item_spacing.x;
        card::sideways_row(ui, "own-slots", room, own_slots);
        ui.label(RichText::new(total).color(theme::INK_DIM));
    });
    note_spot(ui.ctx(), Spot::Seat(me), own_rect);
    if let Some(action) = buttons::row(ui, view, picks, area, keys) {
        chosen = Some(action);
    }
    let has = |action: YougloufAction| view.legal.contains(&action);
    let hint = match view.step {
        StepView::Looking if view.legal.iter().any(|action| matches!(action, YougloufAction::Look(..))) => Some(tr!("yg-hint-look")),
        StepView::Holding { .. } if view.header.turn == me => Some(tr!("yg-hint-replace")),
        StepView::Power(Power::Peek) if view.header.turn == me => Some(tr!("yg-hint-peek")),
        StepView::Power(Power::Spy) if view.header.turn == me => Some(tr!("yg-hint-spy")),
        StepView::Power(Power::Exchange) if view.header.turn == me => {
            Some(if picks.exchange_own.is_some() { tr!("yg-hint-exchange-theirs") } else { tr!("yg-hint-exchange-own") })
        }
        _ if picks.snapping => Some(tr!("yg-hint-snap")),
        _ => None,
    };
    let grace = grace_left
        .filter(|_| has(YougloufAction::Draw) || has(YougloufAction::Take))
        .map(|left| tr!("yg-grace", seconds = format!("{left:.1}")));
    let confirm = picks.confirm_call.then(|| tr!("yg-call-confirm"));
    // A phone's table has no room for the step's sentence under the decks: it is said here
    // when there is nothing more pressing.
    let step = (phone(ui.ctx()) && view.header.phase == Phase::Playing).then(|| {
        let name = |seat: Seat| area.names.get(seat.index()).cloned().unwrap_or_default();
        step_text(view, &name)
    });
    let said = area.message.map(str::to_owned).or(confirm).or(grace).or(hint);
    let colour = if said.is_some() { theme::ACCENT } else { theme::INK_DIM };
    let notes = phone(ui.ctx()).then(|| {
        let snap = view.snap_open.then(|| tr!("yg-snap-open"));
        snap.or_else(|| view.declarer.is_some().then(|| tr!("yg-last-round")))
    });
    let said = said.or(notes.flatten()).or(step);
    // With nothing to say, the keys (a phone has none to press).
    let keys_hint = (area.width >= theme::NARROW).then(|| tr!("yg-keys"));
    centred::message_or_hint(ui, said.as_deref(), colour, keys_hint.as_deref());
    chosen
}

/// Whether this step picks another seat's slot (a power's target).
fn targets_others(view: &YougloufView, picks: &YougloufPicks) -> bool {
    matches!(view.step, StepView::Power(Power::Spy))
        || (matches!(view.step, StepView::Power(Power::Exchange)) && picks.exchange_own.is_some())
}

/// A digit typed: one of the viewer's slots, or another seat's (its seat number, then the
/// slot's number).
fn keyboard_slot(view: &YougloufView, picks: &mut YougloufPicks, keys: &Keys) -> Option<AnyAction> {
    let digit = keys.digit?;
    let me = view.header.viewer.seat()?;
    let click = if targets_others(view, picks) && !picks.snapping {
        match picks.seat_typed.take() {
            None => {
                let seat = Seat(u8::try_from(digit).ok()?);
                if seat != me && seat.index() < view.slots.len() {
                    picks.seat_typed = Some(seat);
                }
                return None;
            }
            Some(seat) => SlotClick { seat, slot: u8::try_from(digit).ok()? },
        }
    } else {
        SlotClick { seat: me, slot: u8::try_from(digit).ok()? }
    };
    clickable(view, picks, click.seat).contains(&click.slot).then(|| on_click(view, picks, click)).flatten()
}
