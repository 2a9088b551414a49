//! The seats round the table: each with its name, who plays it, its cards as the game draws
//! them (face down, or in slots as the viewer knows them: [`GameTable::seat_cards`]), its total,
//! its public notes, whose turn it is and who plays next.

use cardtable_engine::{Seat, SeatSet};
use egui::RichText;

use super::away::Away;
use super::badges;
use super::games::{GameTable, SeatCards, SeatFacts, TableFacts};
use super::motion::{Spot, note_spot};
use crate::session::seating::Occupant;
use crate::tr;
use crate::ui::card::{self, CardLook};
use crate::ui::{names, theme};

/// What the seats row needs besides the facts.
pub struct SeatsRow<'a> {
    /// The game's part of the table, which draws each seat's cards.
    pub game: &'a dyn GameTable,
    /// Who sits where.
    pub occupants: &'a [Occupant],
    /// The seat whose cards are on show (highlighted as "you").
    pub showing: Option<Seat>,
    /// Which of each seat's cards on the table may be clicked now (a Youglouf power's target).
    pub clickable: &'a dyn Fn(Seat) -> Vec<u8>,
    /// Cards on the table picked so far (Youglouf's exchange), per seat.
    pub picked: &'a dyn Fn(Seat) -> Vec<u8>,
    /// Seats not shown here because the viewer's own area draws them.
    pub skip: SeatSet,
    /// Seats whose player's device dropped off the network, with how long each is held.
    pub away: &'a Away,
}

/// A seat's line under its name: who plays it.
fn player_kind(occupant: &Occupant) -> Option<String> {
    occupant.bot_level().map(|level| tr!("seat-bot", level = names::level(level)))
}

/// Draws one seat; returns a clicked slot, and the height its contents took.
fn seat_panel(
    ui: &mut egui::Ui,
    seat: Seat,
    facts: &SeatFacts,
    row: &SeatsRow<'_>,
    (turn, next): (Option<Seat>, Option<Seat>),
    (height, size): (f32, egui::Vec2),
    look: CardLook,
) -> (Option<u8>, f32) {
    let mut clicked = None;
    // The turn's outline is drawn on every panel, unseen but for the turn's, so a panel keeps
    // its size as the turn goes round.
    let outline = if turn == Some(seat) { theme::ACCENT } else { theme::NO_OUTLINE };
    let response =
        egui::Frame::group(ui.style()).fill(theme::PANEL).stroke(egui::Stroke::new(2.5, outline)).inner_margin(8.0).show(ui, |ui| {
            ui.set_min_size(size);
            ui.set_max_width(size.x);
            ui.vertical(|ui| {
                // A panel's lines belong together: closer than the table's own spacing, which
                // keeps a phone's seats and piles in view together.
                ui.spacing_mut().item_spacing.y = 4.0;
                let occupant = &row.occupants[seat.index()];
                let colour = if row.showing == Some(seat) { theme::ACCENT } else { theme::INK };
                ui.scope(|ui| {
                    theme::rows_of_words(ui);
                    ui.horizontal(|ui| {
                        // The seat's number, which the keyboard uses to name another seat's card.
                        ui.label(RichText::new((seat.index() + 1).to_string()).small().color(theme::INK_DIM));
                        ui.label(RichText::new(occupant.name()).strong().color(colour));
                        if turn == Some(seat) {
                            ui.label(RichText::new("●").color(theme::ACCENT)).on_hover_text(tr!("seat-turn"));
                        } else if next == Some(seat) {
                            ui.label(RichText::new(tr!("seat-next")).small().color(theme::INK_DIM));
                        }
                    });
                });
                if let Some(kind) = player_kind(occupant) {
                    ui.label(RichText::new(kind).small().color(theme::INK_DIM));
                }
                row.away.show(ui, seat);
                let (clickable, picked) = ((row.clickable)(seat), (row.picked)(seat));
                let cards =
                    SeatCards { owner: occupant.name(), facts, clickable: &clickable, picked: &picked, height, width: size.x, look };
                clicked = row.game.seat_cards(ui, &cards);
                if !facts.known.is_empty() {
                    ui.horizontal_wrapped(|ui| {
                        ui.label(RichText::new(tr!("seat-known")).small());
                        for &known in &facts.known {
                            card::face(ui, known, height * 0.6, card::Offer::Shown, look);
                        }
                    });
                }
                ui.label(RichText::new(tr!("seat-total", points = facts.total)).small());
                for note in &facts.notes {
                    ui.label(RichText::new(note).small().strong().color(theme::ACCENT));
                }
                badges::keep_place(ui, seat);
            })
            .response
            .rect
            .height()
        });
    note_spot(ui.ctx(), Spot::Seat(seat), response.response.rect);
    (clicked, response.inner)
}

/// Draws every seat not skipped; returns a card clicked on the table (seat, slot).
pub fn show(ui: &mut egui::Ui, facts: &TableFacts, row: &SeatsRow<'_>, height: f32, look: CardLook) -> Option<(Seat, u8)> {
    let mut clicked = None;
    // Every panel is as wide as the widest hand it shows, and as tall as the tallest panel has
    // been this match: a note appearing or a hand growing never moves what is beside or below.
    let slots = facts.seats.iter().any(|seat| seat.slots.is_some());
    // Rows of as many panels as fit whole: a wrapping layout would only wrap a panel after it
    // ran past the edge.
    let gap = ui.spacing().item_spacing.x;
    let count = facts.seats.iter().enumerate().filter(|(index, _)| !row.skip.contains(Seat(*index as u8))).count().max(1);
    // Narrower than a whole fan when that keeps every seat on one row (a phone): the fan
    // overlaps more, and the table keeps its height.
    let one_row = (ui.available_width() + gap) / count as f32 - gap - PANEL_FRAME;
    let natural = panel_width(row.game, height);
    let width = if one_row >= PANEL_LEAST_WIDTH { natural.min(one_row) } else { natural.min(ui.available_width() - PANEL_FRAME) };
    let per_row = (((ui.available_width() + gap) / (width + PANEL_FRAME + gap)).floor() as usize).max(1);
    // Kept per kind of panel (slots or a hand), card size and panel width: another game, or a
    // window resized (its first frames may be drawn at another size), starts afresh. One
    // figure for every group of panels (a row along the top, a seat on each side).
    let tallest = egui::Id::unique(("seat-panels-tallest", slots, height.round() as i32, width.round() as i32));
    let least = ui.ctx().data(|data| data.get_temp::<f32>(tallest)).unwrap_or(0.0);
    let mut drawn: f32 = 0.0;
    let shown: Vec<(Seat, &SeatFacts)> = facts
        .seats
        .iter()
        .enumerate()
        .map(|(index, seat_facts)| (Seat(index as u8), seat_facts))
        .filter(|(seat, _)| !row.skip.contains(*seat))
        .collect();
    for panels in shown.chunks(per_row) {
        ui.horizontal_top(|ui| {
            for &(seat, seat_facts) in panels {
                let (slot, inside) =
                    seat_panel(ui, seat, seat_facts, row, (facts.turn, facts.next), (height, egui::vec2(width, least)), look);
                if let Some(slot) = slot {
                    clicked = Some((seat, slot));
                }
                drawn = drawn.max(inside);
            }
        });
    }
    if drawn > least + 0.5 {
        ui.ctx().data_mut(|data| data.insert_temp(tallest, drawn));
        ui.ctx().request_repaint();
    }
    clicked
}

/// On a wide table, the seats beside the viewer's own: the seat that plays after it on its
/// left and the one before it on its right, as people sit round a table; the others sit along
/// the top. `None` with fewer than two other seats (one opponent sits across, at the top).
#[must_use]
pub fn sides(viewer: Seat, seats: usize) -> Option<(Seat, Seat)> {
    (seats >= 3).then(|| (Seat(((viewer.index() + 1) % seats) as u8), Seat(((viewer.index() + seats - 1) % seats) as u8)))
}

/// The width one seat's panel takes with its frame, when there is room for all its cards.
#[must_use]
pub fn outer_width(game: &dyn GameTable, height: f32) -> f32 {
    panel_width(game, height) + PANEL_FRAME
}

/// The inside width of a seat's panel: its cards as the game lays them out (a fan of card
/// backs, or a row of slots), and room for a name.
fn panel_width(game: &dyn GameTable, height: f32) -> f32 {
    game.seat_cards_width(height).max(PANEL_NAME_WIDTH)
}

/// A panel's inside width for a name and its notes, when there is room.
const PANEL_NAME_WIDTH: f32 = 120.0;
/// The narrowest a panel gets to keep every seat on one row.
const PANEL_LEAST_WIDTH: f32 = 72.0;
/// A panel's margins and outline around its inside, both sides together.
const PANEL_FRAME: f32 = 2.0 * (8.0 + 2.5);

#[cfg(test)]
mod tests {
    use cardtable_engine::bots::BotLevel;
    use egui::Rect;

    use cardtable_engine::GameKind;

    use super::super::facts::SeatFacts;
    use super::super::games::{for_kind, youglouf};
    use super::super::motion::spot_rect;
    use super::*;
    use crate::session::seating::quick_seating;

    /// Draws the seats of `facts` in a 1000-point window and returns each seat panel's rect.
    fn panels(ctx: &egui::Context, facts: &TableFacts, occupants: &[Occupant]) -> Vec<Rect> {
        let none = |_: Seat| Vec::new();
        let row = SeatsRow {
            game: for_kind(GameKind::CrazyEights),
            occupants,
            showing: None,
            clickable: &none,
            picked: &none,
            skip: SeatSet::EMPTY,
            away: &Away::default(),
        };
        let input =
            egui::RawInput { screen_rect: Some(Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1000.0, 700.0))), ..Default::default() };
        let mut output = ctx.run_ui(input, |ui| {
            egui::CentralPanel::default().show(ui, |ui| {
                show(ui, facts, &row, 60.0, CardLook::default());
            });
        });
        output.textures_delta.clear();
        Seat::all(facts.seats.len()).map(|seat| spot_rect(ctx, Spot::Seat(seat)).expect("drawn")).collect()
    }

    fn facts(cards: [usize; 4], notes_on: Option<usize>, turn: Seat) -> TableFacts {
        let seats = cards
            .iter()
            .enumerate()
            .map(|(index, &cards)| SeatFacts {
                cards,
                notes: if notes_on == Some(index) { vec!["One!".into()] } else { Vec::new() },
                ..SeatFacts::default()
            })
            .collect();
        TableFacts { turn: Some(turn), seats, ..TableFacts::default() }
    }

    /// Round a table of four, seat 0 has seat 1 (who plays after it) on its left and seat 3 on
    /// its right; two people sit across from each other.
    #[test]
    fn the_seats_beside_a_viewer_are_the_next_and_the_last_in_turn() {
        assert_eq!(sides(Seat(0), 4), Some((Seat(1), Seat(3))));
        assert_eq!(sides(Seat(2), 3), Some((Seat(0), Seat(1))));
        assert_eq!(sides(Seat(1), 2), None);
    }

    /// A Youglouf seat's four slots fit its panel's width in one row (they wrapped to a second
    /// row, and every panel grew); with room they are touch targets (issue 29: a Queen's swap
    /// needed taps on 14×20 point slots), or their usual size where that is larger.
    #[test]
    fn four_slots_fit_one_row_of_a_panel() {
        let slot_height = youglouf::slot_height;
        for height in [84.0 * 0.45, 120.0 * 0.45, 120.0 * 1.6 * 0.45] {
            for width in [60.0, 72.0, 81.7, 100.0, 140.0] {
                let slot = slot_height(height, width, 4);
                let row = 4.0 * card::width_for(slot) + 3.0 * 4.0;
                assert!(row <= width, "four slots {slot} high take {row} of {width}");
            }
            let roomy = panel_width(for_kind(GameKind::Youglouf), height);
            let slot = slot_height(height, roomy, 4);
            assert!(card::width_for(slot) >= theme::TOUCH, "a touch target where the panel has room: {slot} high");
            assert!(slot >= height * 0.8 - 1e-3, "never smaller than usual where there is room: {slot}");
            assert!((slot_height(height, 81.7, 6) - slot_height(height, 81.7, 4)).abs() < 1e-3, "a penalty slot wraps, not shrinks");
        }
    }

    /// Issue 19: seat panels of one size, which hands growing and shrinking, a note appearing
    /// and the turn going round do not change.
    #[test]
    fn seat_panels_keep_one_size_as_the_table_changes() {
        let ctx = egui::Context::default();
        let occupants = quick_seating("Ana", 4, BotLevel::Normal);
        let quiet = facts([1, 5, 3, 2], None, Seat(0));
        let busy = facts([5, 1, 2, 7], Some(1), Seat(2));
        // The first frames settle the tallest panel; from then on nothing moves.
        for _ in 0..3 {
            panels(&ctx, &busy, &occupants);
        }
        let busy_rects = panels(&ctx, &busy, &occupants);
        let quiet_rects = panels(&ctx, &quiet, &occupants);
        assert_eq!(busy_rects, quiet_rects, "the same places whatever the hands, notes and turn");
        let size = busy_rects[0].size();
        assert!(busy_rects.iter().all(|rect| (rect.size() - size).length() < 0.5), "one size: {busy_rects:?}");
    }
}
