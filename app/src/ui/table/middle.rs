//! The middle of the table: the other seats (round it on a wide window: beside the viewer's
//! seat and across; in rows above the piles otherwise; on a phone, in the strip above the
//! table's area), the piles with the game's own state, whose turn it is, and where the piles
//! sit in the room the table leaves free.

use cardtable_engine::{AnyView, Seat, SeatSet};
use egui::RichText;

use super::away::Away;
use super::games::TableFacts;
use super::motion::{Spot, spot_rect};
use super::{TableScreen, badges, centred, last_played, seats, strip};
use crate::session::seating::Occupant;
use crate::tr;
use crate::ui::{card, names, theme};
use egui::Rect;

/// Seat panels' cards, as a share of the hand's card height.
const SEAT_CARDS: f32 = 0.45;
/// The least width the middle of the table keeps (the seats along the top, the piles, the
/// turn) before seats sit at its sides.
const MIDDLE_LEAST: f32 = 560.0;
/// The least width kept beside the decks for the game's notes ("to match", "Snap now").
const NOTES_LEAST: f32 = 180.0;
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
    /// Seats whose player's device dropped off the network, with how long each is held.
    pub away: &'a Away,
    /// The seat whose cards are on show, if any.
    pub showing: Option<Seat>,
    /// The hand's card height (the seats' cards are a share of it).
    pub height: f32,
    /// A wide window (seats may sit round the table).
    pub wide: bool,
    /// Step mode: the bot at turn waits for the player's "Next move".
    pub step_waiting: bool,
    /// A phone-sized window (the top bar leaves the game's name to the turn's line; the seats
    /// are in the strip above).
    pub narrow: bool,
    /// The banners on show (a phone's strip tells a seat's in its row).
    pub badges: &'a badges::Badges,
}

/// Draws the centre so that the two decks (the stock and the pile, which every game draws
/// first) sit in the middle of the width, whatever follows them: centring the whole row slid
/// the pile sideways whenever a note beside it ("You drew a playable card") or a held card
/// came or went. Placed by where the decks were last frame; a change asks for one more.
fn decks_centred(ui: &mut egui::Ui, add: impl FnOnce(&mut egui::Ui)) {
    let key = ui.scope_id().with("table-decks-centred");
    let room = ui.available_width();
    // The decks' middle and right edge from the block's left edge, last frame.
    let last: Option<(f32, f32)> = ui.ctx().data(|data| data.get_temp(key));
    // Never so far right that the notes beside the decks are squeezed into a sliver (a word
    // a line, a whole screen tall, on a phone).
    let margin = last.map_or(0.0, |(middle, right)| (room / 2.0 - middle).min(room - right - NOTES_LEAST).max(0.0).floor());
    let block = ui.horizontal_top(|ui| {
        ui.add_space(margin);
        ui.vertical(|ui| {
            ui.set_max_width(room - margin);
            add(ui);
        })
    });
    let left = block.inner.response.rect.left();
    let decks = [Spot::Stock, Spot::Pile].into_iter().filter_map(|spot| spot_rect(ui.ctx(), spot)).reduce(Rect::union);
    let Some(now) = decks.map(|decks| (decks.center().x - left, decks.right() - left)) else { return };
    if last.is_none_or(|last| (now.0 - last.0).abs() > 0.5 || (now.1 - last.1).abs() > 0.5) {
        ui.ctx().data_mut(|data| data.insert_temp(key, now));
        ui.ctx().request_repaint();
    }
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
            // A phone's seats are in the strip above the table's area (see `strip`).
            None if table.narrow => {
                ui.add_space(self.centre_gap);
                self.centre(ui, table);
                None
            }
            None => {
                let skip = table.showing.map_or(SeatSet::EMPTY, SeatSet::only);
                let clicked = centred::never_shrinks(ui, self.still.with("seats"), |ui| {
                    centred::centred(ui, "seats", |ui| self.seats(ui, table, skip))
                });
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
                let on_left = centred::never_shrinks(ui, self.still.with("left"), |ui| beside(ui, left));
                let in_middle = ui
                    .vertical(|ui| {
                        ui.set_width(middle);
                        let top = ui.scope(|ui| {
                            centred::never_shrinks(ui, self.still.with("across"), |ui| {
                                centred::centred(ui, "seats", |ui| self.seats(ui, table, across))
                            })
                        });
                        top_row = top.response.rect.height();
                        ui.add_space(gap);
                        self.centre(ui, table);
                        top.inner
                    })
                    .inner;
                let on_right = centred::never_shrinks(ui, self.still.with("right"), |ui| beside(ui, right));
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

    /// A phone's strip of the other seats, always in view above the table's area; returns a
    /// clicked Youglouf slot.
    pub(super) fn seat_strip(&self, ui: &mut egui::Ui, table: &Middle<'_>) -> Option<(Seat, u8)> {
        let clickable = |seat: Seat| self.game.clickable(table.view, seat);
        let strip = strip::Strip {
            game: &*self.game,
            facts: table.facts,
            occupants: table.occupants,
            skip: table.showing.map_or(SeatSet::EMPTY, SeatSet::only),
            away: table.away,
            clickable: &clickable,
            look: self.look(),
            badges: table.badges,
        };
        strip::show(ui, &strip)
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
        // The place of the mark of who played the pile's top card, kept whether it shows or not.
        ui.add_space(last_played::TAG_ROOM);
        if table.narrow {
            // A phone's lines under the decks sit close: the room goes to keeping the decks in view.
            ui.spacing_mut().item_spacing.y = 4.0;
        }
        let look = self.look();
        // A phone's decks are as small as a touch target allows: the room goes to the seats'
        // strip and the hand, which are touched more.
        let height = if table.narrow { card::height_for(theme::TOUCH).min(table.height) } else { table.height };
        centred::never_shrinks(ui, self.still.with("centre"), |ui| {
            decks_centred(ui, |ui| self.game.centre(ui, table.view, height, look));
        });
        centred::never_shrinks(ui, self.still.with("status"), |ui| centred::centred(ui, "status", |ui| self.status(ui, table)));
    }

    /// Whose turn it is, by name, and the viewer's own total; on a phone, the game's name first.
    fn status(&self, ui: &mut egui::Ui, table: &Middle<'_>) {
        let Middle { view, facts, names, .. } = *table;
        self.game.status(ui, view, names);
        let turn = facts.turn.map(|turn| {
            if table.showing == Some(turn) {
                tr!("table-your-turn", name = &names[turn.index()])
            } else if table.occupants[turn.index()].bot_level().is_some() && table.step_waiting {
                // Step mode: the bot is not thinking, it waits for the player.
                tr!("table-bot-waiting", name = &names[turn.index()])
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
            if let Some(seat) = table.showing.filter(|_| !(table.narrow && self.game.own_total_on_phone())) {
                ui.label(RichText::new(tr!("table-own-total", points = facts.seats[seat.index()].total)).color(theme::INK_DIM));
            }
        });
    }
}
