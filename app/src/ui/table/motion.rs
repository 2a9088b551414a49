//! Cards travelling across the table: from a hand to the pile, from the stock to a hand. The
//! board notes where each spot is drawn; new events become motions that are painted on top
//! for a fraction of a second, so nobody waits for them.

use cardtable_engine::{Card, Seat};
use egui::{Id, Pos2, Rect};

use crate::ui::card::{self, CardLook};

/// A place on the table cards travel between.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Spot {
    /// The face-down stock (Youglouf's closed deck).
    Stock,
    /// The face-up pile (Youglouf's open deck).
    Pile,
    /// A seat's hand or cards.
    Seat(Seat),
}

/// A card travelling from one spot to another.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Motion {
    /// Where it leaves.
    pub from: Spot,
    /// Where it lands.
    pub to: Spot,
    /// The card, when its face is shown on the way; `None` travels face down.
    pub card: Option<Card>,
    /// It leaves face down and turns face up on the way (a starter turned up, a card drawn
    /// into the viewer's own hand).
    pub turns: bool,
}

impl Motion {
    /// A card moving face up.
    #[must_use]
    pub const fn shown(from: Spot, to: Spot, card: Card) -> Motion {
        Motion { from, to, card: Some(card), turns: false }
    }

    /// A card moving face down.
    #[must_use]
    pub const fn hidden(from: Spot, to: Spot) -> Motion {
        Motion { from, to, card: None, turns: false }
    }

    /// A card leaving face down and turned face up on the way.
    #[must_use]
    pub const fn turned(from: Spot, to: Spot, card: Card) -> Motion {
        Motion { from, to, card: Some(card), turns: true }
    }
}

/// How a turning card looks at `progress` (0 to 1) of its way: whether its face shows, and its
/// width as a share of a card's (it narrows to an edge at half way, then widens face up).
#[must_use]
pub fn turning(progress: f32) -> (bool, f32) {
    let progress = progress.clamp(0.0, 1.0);
    (progress >= 0.5, (1.0 - 2.0 * progress).abs())
}

fn spot_id(spot: Spot) -> Id {
    Id::unique(("table-spot", spot))
}

/// Notes where `spot` is drawn this frame.
pub fn note_spot(ctx: &egui::Context, spot: Spot, rect: Rect) {
    ctx.data_mut(|data| data.insert_temp(spot_id(spot), rect));
}

/// Where `spot` was drawn last (the pile, the stock, a seat), if it was.
pub fn spot_rect(ctx: &egui::Context, spot: Spot) -> Option<Rect> {
    ctx.data(|data| data.get_temp::<Rect>(spot_id(spot)))
}

/// A motion under way.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Flight {
    motion: Motion,
    start: f64,
}

/// Cards in flight.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Flights {
    flights: Vec<Flight>,
}

/// Seconds between the starts of motions that come from one move (a dealt hand, a stack).
const STAGGER: f64 = 0.06;

/// Most flights at once: a deal of many cards shows its first ones, then lands.
const MOST_IN_FLIGHT: usize = 12;

impl Flights {
    /// Starts `motions` at `now`, one after another.
    pub fn launch(&mut self, motions: impl IntoIterator<Item = Motion>, now: f64) {
        let first = self.flights.iter().map(|flight| flight.start + STAGGER).fold(now, f64::max);
        for (index, motion) in motions.into_iter().enumerate() {
            if self.flights.len() >= MOST_IN_FLIGHT {
                break;
            }
            self.flights.push(Flight { motion, start: first + STAGGER * index as f64 });
        }
    }

    /// Drops the flights that have landed by `now`.
    pub fn land(&mut self, now: f64, seconds: f64) {
        self.flights.retain(|flight| now < flight.start + seconds);
    }

    /// Drops every flight at once.
    pub fn clear(&mut self) {
        self.flights.clear();
    }

    /// Whether anything is in flight.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.flights.is_empty()
    }

    /// Paints the flights on top of the table; drops those that landed. Returns whether
    /// something is still moving (so the caller asks for another frame).
    pub fn paint(&mut self, ctx: &egui::Context, now: f64, seconds: f64, height: f32, look: CardLook) -> bool {
        self.land(now, seconds);
        if seconds <= 0.0 {
            self.flights.clear();
            return false;
        }
        let painter = ctx.layer_painter(egui::LayerId::new(egui::Order::Tooltip, Id::unique("table-flights")));
        for flight in &self.flights {
            let progress = ((now - flight.start) / seconds).clamp(0.0, 1.0) as f32;
            if progress <= 0.0 {
                continue;
            }
            let (Some(from), Some(to)) = (spot_rect(ctx, flight.motion.from), spot_rect(ctx, flight.motion.to)) else {
                continue;
            };
            // Ease out: fast away, gentle landing.
            let eased = 1.0 - (1.0 - progress).powi(3);
            let centre = Pos2::new(egui::lerp(from.center().x..=to.center().x, eased), egui::lerp(from.center().y..=to.center().y, eased));
            let (face_up, width) = if flight.motion.turns { turning(progress) } else { (true, 1.0) };
            let rect = Rect::from_center_size(centre, egui::vec2(card::width_for(height) * width.max(0.02), height));
            match flight.motion.card {
                Some(shown) if face_up => card::paint_face(&painter, rect, shown, look),
                _ => card::paint_back(&painter, rect, height),
            }
        }
        !self.flights.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn motions_from_one_move_start_one_after_another_and_land() {
        let mut flights = Flights::default();
        flights.launch([Motion::hidden(Spot::Stock, Spot::Seat(Seat(1))); 3], 10.0);
        let starts: Vec<f64> = flights.flights.iter().map(|flight| flight.start).collect();
        assert_eq!(starts.len(), 3);
        assert!(starts.windows(2).all(|pair| pair[1] > pair[0]), "{starts:?}");
        let ctx = egui::Context::default();
        assert!(flights.paint(&ctx, 10.1, 0.25, 80.0, CardLook::default()), "still moving");
        assert!(!flights.paint(&ctx, 20.0, 0.25, 80.0, CardLook::default()), "all landed");
        assert!(flights.is_empty());
    }

    #[test]
    fn a_deal_of_many_cards_is_capped() {
        let mut flights = Flights::default();
        flights.launch([Motion::hidden(Spot::Stock, Spot::Pile); 40], 0.0);
        assert_eq!(flights.flights.len(), MOST_IN_FLIGHT);
    }

    #[test]
    fn a_turning_card_shows_its_back_then_narrows_and_comes_back_face_up() {
        assert_eq!(turning(0.0), (false, 1.0), "leaves face down, whole");
        let (face, width) = turning(0.25);
        assert!(!face && (width - 0.5).abs() < 1e-6, "narrowing");
        assert!(turning(0.5).0, "turned at half way");
        assert!(turning(0.5).1 < 1e-6, "on its edge");
        assert_eq!(turning(1.0), (true, 1.0), "lands face up, whole");
    }
}
