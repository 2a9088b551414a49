//! Short banners on the seat a move hits (a skip, cards to draw, "One!", a suit named, a wrong
//! snap…) and on the pile for a change of direction, shown over the table for a moment, so the
//! table says what happened without a look at the log, and pushes nothing around (issue 19).
//! They are areas of their own, so screen readers and the tests read them like any label.

use cardtable_engine::{Seat, Suit};
use egui::{Align2, Id, Order, RichText};

use super::motion::{Spot, spot_rect};
use crate::tr;
use crate::ui::{names, theme};

/// How long a badge stays, in seconds; it fades over the last quarter.
pub const BADGE_SECONDS: f64 = 1.8;

/// Most badges on the table at once: a burst of events keeps its latest.
const MOST_BADGES: usize = 8;

/// The height kept at the foot of a seat's panel for the banners on it.
pub const PLACE_HEIGHT: f32 = 28.0;

/// Keeps the foot of `seat`'s panel free for its banners, every frame whether one shows or
/// not: drawn over the panel's lower edge a banner ("Hearts" after a Jack) covered the seat's
/// points (issue 29).
pub fn keep_place(ui: &mut egui::Ui, seat: Seat) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(ui.available_width(), PLACE_HEIGHT), egui::Sense::hover());
    let pass = ui.ctx().cumulative_pass_nr();
    ui.ctx().data_mut(|data| data.insert_temp(place_id(seat), (rect, pass)));
}

fn place_id(seat: Seat) -> Id {
    Id::unique(("table-badge-place", seat.index()))
}

/// Says that `seat`'s banners are told in its own row this frame (a phone's strip has no room
/// to keep under a row: a banner drawn over it covered its points), so none is drawn over it.
pub fn told_in_row(ctx: &egui::Context, seat: Seat) {
    let pass = ctx.cumulative_pass_nr();
    ctx.data_mut(|data| data.insert_temp(row_id(seat), pass));
}

fn row_id(seat: Seat) -> Id {
    Id::unique(("table-badge-row", seat.index()))
}

/// Whether `spot` is a seat whose row told its banners this frame or the last.
fn told_in_its_row(ctx: &egui::Context, spot: Spot) -> bool {
    let Spot::Seat(seat) = spot else { return false };
    ctx.data(|data| data.get_temp::<u64>(row_id(seat))).is_some_and(|pass| lately(ctx, pass))
}

/// Whether a note made in frame `pass` is of this frame or the last (a seat drawn after the
/// banners, or not drawn any more, is known by the frame before).
fn lately(ctx: &egui::Context, pass: u64) -> bool {
    pass + 1 >= ctx.cumulative_pass_nr()
}

/// The place kept for `spot`'s banners in this frame or the last, if it is a seat's and one
/// was kept (a phone's strip keeps none: its rows tell theirs in words).
fn kept_place(ctx: &egui::Context, spot: Spot) -> Option<egui::Rect> {
    let Spot::Seat(seat) = spot else { return None };
    let (rect, pass) = ctx.data(|data| data.get_temp::<(egui::Rect, u64)>(place_id(seat)))?;
    lately(ctx, pass).then_some(rect)
}

/// A word or two on a spot of the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Badge {
    /// Where it shows: the seat the move hits, or the pile.
    pub spot: Spot,
    /// What it says.
    pub text: String,
}

impl Badge {
    /// A badge on `seat`.
    #[must_use]
    pub fn on(seat: Seat, text: String) -> Badge {
        Badge { spot: Spot::Seat(seat), text }
    }

    /// A badge on the pile.
    #[must_use]
    pub fn on_pile(text: String) -> Badge {
        Badge { spot: Spot::Pile, text }
    }

    /// `seat` misses its turn.
    #[must_use]
    pub fn skipped(seat: Seat) -> Badge {
        Badge::on(seat, tr!("badge-skipped"))
    }

    /// Play changed direction.
    #[must_use]
    pub fn reversed() -> Badge {
        Badge::on_pile(tr!("badge-reversed"))
    }

    /// `seat` must draw `cards` cards (or answer them).
    #[must_use]
    pub fn draws(seat: Seat, cards: u32) -> Badge {
        Badge::on(seat, tr!("badge-draws", cards = cards))
    }

    /// `seat` named the suit to follow.
    #[must_use]
    pub fn suit(seat: Seat, suit: Suit) -> Badge {
        Badge::on(seat, tr!("badge-suit", suit = names::suit(suit)))
    }

    /// `seat` could not play and passed.
    #[must_use]
    pub fn passed(seat: Seat) -> Badge {
        Badge::on(seat, tr!("badge-passed"))
    }
}

/// The badges on show, each with the time it appeared.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Badges {
    shown: Vec<(Badge, f64)>,
}

impl Badges {
    /// Shows `badges` from `now`.
    pub fn launch(&mut self, badges: impl IntoIterator<Item = Badge>, now: f64) {
        self.shown.extend(badges.into_iter().map(|badge| (badge, now)));
        let excess = self.shown.len().saturating_sub(MOST_BADGES);
        self.shown.drain(..excess);
    }

    /// Drops the badges whose time is over at `now`.
    pub fn expire(&mut self, now: f64) {
        self.shown.retain(|(_, since)| now < since + BADGE_SECONDS);
    }

    /// Drops every badge at once (a hand-off, an undo).
    pub fn clear(&mut self) {
        self.shown.clear();
    }

    /// Whether no badge is on show.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.shown.is_empty()
    }

    /// The texts on show, oldest first.
    pub fn texts(&self) -> impl Iterator<Item = &str> {
        self.shown.iter().map(|(badge, _)| badge.text.as_str())
    }

    /// The texts on show on `seat`, oldest first.
    pub fn on_seat(&self, seat: Seat) -> impl Iterator<Item = &str> {
        self.shown.iter().filter(move |(badge, _)| badge.spot == Spot::Seat(seat)).map(|(badge, _)| badge.text.as_str())
    }

    /// Draws the badges over their spots, several on one spot one above another; drops those
    /// whose time is over. Returns whether any is still on show (the caller asks for another
    /// frame to fade and remove it).
    pub fn show(&mut self, ctx: &egui::Context, now: f64) -> bool {
        self.expire(now);
        let mut per_spot: Vec<(Spot, f32)> = Vec::new();
        for (index, (badge, since)) in self.shown.iter().enumerate() {
            let Some(rect) = spot_rect(ctx, badge.spot) else { continue };
            if told_in_its_row(ctx, badge.spot) {
                continue;
            }
            let below = match per_spot.iter_mut().find(|(spot, _)| *spot == badge.spot) {
                Some((_, below)) => {
                    *below += 30.0;
                    *below
                }
                None => {
                    per_spot.push((badge.spot, 0.0));
                    0.0
                }
            };
            let left = (since + BADGE_SECONDS - now) / (BADGE_SECONDS * 0.25);
            let opacity = left.clamp(0.0, 1.0) as f32;
            // In the place the seat's panel keeps for it; elsewhere (the pile, a phone's
            // strip) on the spot's lower edge, over its least telling part, leaving names and
            // the top card in view. More stack upwards.
            let anchor = match kept_place(ctx, badge.spot) {
                Some(place) => place.center() - egui::vec2(0.0, below),
                None => egui::pos2(rect.center().x, rect.bottom() - 14.0 - below),
            };
            egui::Area::new(Id::unique(("table-badge", index)))
                .order(Order::Foreground)
                .pivot(Align2::CENTER_CENTER)
                .fixed_pos(anchor)
                // Kept inside the window: a seat at an edge still shows its badge whole.
                .constrain(true)
                .interactable(false)
                .show(ctx, |ui| {
                    ui.set_opacity(opacity);
                    egui::Frame::new().fill(theme::ACCENT).corner_radius(10.0).inner_margin(egui::Margin::symmetric(10, 3)).show(
                        ui,
                        |ui| {
                            let text = RichText::new(&badge.text).strong().color(theme::BLACK_SUIT);
                            ui.add(egui::Label::new(text).wrap_mode(egui::TextWrapMode::Extend));
                        },
                    );
                });
        }
        !self.shown.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn badges_stay_their_time_then_go() {
        let mut badges = Badges::default();
        badges.launch([Badge::on(Seat(1), "Skipped".into()), Badge::on_pile("Reversed".into())], 10.0);
        badges.expire(10.0 + BADGE_SECONDS - 0.01);
        assert_eq!(badges.texts().collect::<Vec<_>>(), ["Skipped", "Reversed"]);
        badges.launch([Badge::on(Seat(2), "One!".into())], 11.0);
        badges.expire(10.0 + BADGE_SECONDS);
        assert_eq!(badges.texts().collect::<Vec<_>>(), ["One!"], "the first two are over, the last stays");
        let ctx = egui::Context::default();
        let mut still = false;
        let mut output = ctx.run_ui(egui::RawInput::default(), |ui| still = badges.show(ui.ctx(), 11.0 + BADGE_SECONDS));
        // No renderer here: the font atlas is never uploaded.
        output.textures_delta.clear();
        assert!(!still && badges.is_empty());
    }

    /// Each game puts its own moves' badges on the seat they hit (issue 19: a skip, a draw
    /// penalty, a reverse, "One!", a wrong snap, a Queen's order).
    #[test]
    fn every_game_names_what_hits_a_seat() {
        use crate::ui::table::games::for_kind;
        use cardtable_engine::games::{crazy_eights, dunno, fool108, hundred_one, youglouf};
        use cardtable_engine::{AnyEvent, Card, Direction, GameKind};
        let badges = |event: AnyEvent| for_kind(event.kind()).badges(&event);
        let seat = Seat(2);
        assert_eq!(badges(AnyEvent::CrazyEights(crazy_eights::CrazyEightsEvent::Skipped { seat })), [Badge::skipped(seat)]);
        assert_eq!(badges(AnyEvent::CrazyEights(crazy_eights::CrazyEightsEvent::DrawPending { seat, cards: 4 })), [Badge::draws(seat, 4)]);
        assert_eq!(badges(AnyEvent::Fool108(fool108::Fool108Event::Reversed { direction: Direction::Clockwise })), [Badge::reversed()]);
        assert_eq!(badges(AnyEvent::Fool108(fool108::Fool108Event::DeclaredOne { seat })), [Badge::on(seat, tr!("badge-one"))]);
        assert_eq!(
            badges(AnyEvent::HundredOne(hundred_one::HundredOneEvent::Ordered { seat, suit: Suit::Hearts })),
            [Badge::suit(seat, Suit::Hearts)]
        );
        let swapped = badges(AnyEvent::Dunno(dunno::DunnoEvent::Swapped { seat, with: Seat(0) }));
        assert_eq!(swapped.iter().map(|badge| badge.spot).collect::<Vec<_>>(), [Spot::Seat(seat), Spot::Seat(Seat(0))]);
        let card: Card = "7H".parse().expect("a card");
        assert_eq!(
            badges(AnyEvent::Youglouf(youglouf::YougloufEvent::WrongSnap { seat, slot: 1, card })),
            [Badge::on(seat, tr!("badge-wrong-snap"))]
        );
        // A plain draw is no news: the log has it.
        assert!(badges(AnyEvent::CrazyEights(crazy_eights::CrazyEightsEvent::DrewFaceDown { seat })).is_empty());
        assert_eq!(GameKind::ALL.len(), 5, "a new game adds its badges here");
    }

    #[test]
    fn a_burst_keeps_its_latest_badges() {
        let mut badges = Badges::default();
        badges.launch((0..20).map(|index| Badge::on(Seat(0), format!("{index}"))), 0.0);
        let texts: Vec<&str> = badges.texts().collect();
        assert_eq!(texts.len(), MOST_BADGES);
        assert_eq!(texts.last(), Some(&"19"));
    }
}
