//! The middle of the table: the other seats (round it on a wide window: beside the viewer's
//! seat and across; in rows above the piles otherwise), the piles with the game's own state,
//! whose turn it is, and where the piles sit in the room the table leaves free.

use cardtable_engine::{AnyView, Seat, SeatSet};
use egui::RichText;

use super::games::TableFacts;
use super::{TableScreen, centred, seats};
use crate::session::seating::Occupant;
use crate::tr;
use crate::ui::{names, theme};

/// Seat panels' cards, as a share of the hand's card height.
const SEAT_CARDS: f32 = 0.45;
/// The least width the middle of the table keeps (the seats along the top, the piles, the
/// turn) before seats sit at its sides.
const MIDDLE_LEAST: f32 = 560.0;
/// The width the middle of the table takes at most, in hand cards' heights.
const MIDDLE_CARDS: f32 = 5.0;

/// What the middle of the table is drawn from, this frame.
pub(super) struct Middle<'a> {
    /// The viewer's view of the table.
    pub view: &'a AnyView,
    /// The seats' facts drawn from the view.
    pub facts: &'a TableFacts,
    /// Each seat's name.
    pub names: &'a [String],
    /// Who sits in each seat.
    pub occupants: &'a [Occupant],
    /// Seats whose player's device dropped off the network.
    pub away: SeatSet,
    /// The seat whose cards are on show, if any.
    pub showing: Option<Seat>,
    /// The hand's card height (the seats' cards are a share of it).
    pub height: f32,
    /// A wide window (seats may sit round the table).
    pub wide: bool,
    /// A phone-sized window (the top bar leaves the game's name to the turn's line).
    pub narrow: bool,
}

impl TableScreen {
    /// Draws the other seats, the piles and the turn's line; returns a clicked Youglouf slot.
    pub(super) fn middle(&mut self, ui: &mut egui::Ui, table: &Middle<'_>) -> Option<(Seat, u8)> {
        let Middle { facts, height, wide, .. } = *table;
        let side_width = seats::outer_width(&*self.game, height * SEAT_CARDS) + ui.spacing().item_spacing.x;
        let sides = table
            .showing
            .and_then(|seat| seats::sides(seat, facts.seats.len()))
            .filter(|_| wide && ui.available_width() - 2.0 * side_width >= MIDDLE_LEAST);
        match sides {
            Some(sides) => self.round_table(ui, table, (sides, side_width)),
            None => {
                let skip = table.showing.map_or(SeatSet::EMPTY, SeatSet::only);
                let clicked = centred::centred(ui, "seats", |ui| self.seats(ui, table, skip));
                ui.add_space(self.centre_gap);
                self.centre(ui, table);
                clicked
            }
        }
    }

    /// Round the table: the seats beside the viewer's at its sides, level with the piles; the
    /// others along the top. The middle is as wide as the piles and a few seats need, so the
    /// seats at the sides sit near them, not at the window's edges.
    fn round_table(
        &mut self,
        ui: &mut egui::Ui,
        table: &Middle<'_>,
        ((left, right), side_width): ((Seat, Seat), f32),
    ) -> Option<(Seat, u8)> {
        let Middle { facts, height, .. } = *table;
        let middle = (ui.available_width() - 2.0 * side_width).min(MIDDLE_LEAST.max(height * MIDDLE_CARDS));
        let mut across = table.showing.map_or(SeatSet::EMPTY, SeatSet::only);
        across.insert(left);
        across.insert(right);
        let (gap, drop) = (self.centre_gap, self.top_row + self.centre_gap);
        let mut top_row = 0.0;
        let clicked = centred::centred(ui, "round-table", |ui| {
            ui.horizontal_top(|ui| {
                let beside = |ui: &mut egui::Ui, seat: Seat| {
                    ui.vertical(|ui| {
                        ui.add_space(drop);
                        self.seats(ui, table, SeatSet::all(facts.seats.len()).without(SeatSet::only(seat)))
                    })
                    .inner
                };
                let on_left = beside(ui, left);
                let in_middle = ui
                    .vertical(|ui| {
                        ui.set_width(middle);
                        let top = ui.scope(|ui| centred::centred(ui, "seats", |ui| self.seats(ui, table, across)));
                        top_row = top.response.rect.height();
                        ui.add_space(gap);
                        self.centre(ui, table);
                        top.inner
                    })
                    .inner;
                let on_right = beside(ui, right);
                on_left.or(in_middle).or(on_right)
            })
            .inner
        });
        if (top_row - self.top_row).abs() > 0.5 {
            self.top_row = top_row;
            ui.ctx().request_repaint();
        }
        clicked
    }

    /// Shares what the table area left free between above the piles and below them, rather
    /// than all under the turn's line; for the next frame (`centring`: false keeps none).
    pub(super) fn settle_centre_gap(&mut self, ctx: &egui::Context, area: &egui::scroll_area::ScrollAreaOutput<()>, centring: bool) {
        let content = area.content_size.y - self.centre_gap;
        let gap = if centring { ((area.inner_rect.height() - content) / 2.0).max(0.0).floor() } else { 0.0 };
        if (gap - self.centre_gap).abs() > 0.5 {
            self.centre_gap = gap;
            ctx.request_repaint();
        }
    }

    /// The other seats; returns a clicked Youglouf slot.
    fn seats(&self, ui: &mut egui::Ui, table: &Middle<'_>, skip: SeatSet) -> Option<(Seat, u8)> {
        let clickable = |seat: Seat| self.game.clickable(table.view, seat);
        let picked = |_seat: Seat| Vec::new();
        let row = seats::SeatsRow {
            game: &*self.game,
            occupants: table.occupants,
            showing: table.showing,
            clickable: &clickable,
            picked: &picked,
            skip,
            away: table.away,
        };
        seats::show(ui, table.facts, &row, table.height * SEAT_CARDS, self.look())
    }

    /// The middle of the table: the piles and the game's own state, and whose turn it is.
    fn centre(&self, ui: &mut egui::Ui, table: &Middle<'_>) {
        ui.add_space(6.0);
        let look = self.look();
        centred::centred(ui, "centre", |ui| self.game.centre(ui, table.view, table.height, look));
        centred::centred(ui, "status", |ui| self.status(ui, table));
    }

    /// Whose turn it is, by name, and the viewer's own total; on a phone, the game's name first.
    fn status(&self, ui: &mut egui::Ui, table: &Middle<'_>) {
        let Middle { view, facts, names, .. } = *table;
        self.game.status(ui, view, names);
        let turn = facts.turn.map(|turn| {
            if table.showing == Some(turn) {
                tr!("table-your-turn", name = &names[turn.index()])
            } else if table.occupants[turn.index()].bot_level().is_some() {
                tr!("table-bot-playing", name = &names[turn.index()])
            } else {
                tr!("table-playing", name = &names[turn.index()])
            }
        });
        if turn.is_none() && !table.narrow {
            return;
        }
        theme::rows_of_words(ui);
        ui.horizontal_wrapped(|ui| {
            if table.narrow {
                ui.label(RichText::new(names::game(view.kind())).strong());
            }
            let Some(turn) = turn else { return };
            ui.label(RichText::new(turn).strong().color(theme::ACCENT));
            if let Some(seat) = table.showing {
                ui.label(RichText::new(tr!("table-own-total", points = facts.seats[seat.index()].total)).color(theme::INK_DIM));
            }
        });
    }
}
