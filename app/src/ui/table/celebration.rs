//! A moment of celebration when a round ends at this table: confetti in the table's colours
//! falls over the window for a couple of seconds (twice as much when the match is decided).
//! It starts only when a round ends while the table is open (not when a finished round is
//! resumed), paints over everything without taking a click, and stays off with animations
//! off: the standings' headline says who won either way.

use egui::{Color32, Id, LayerId, Order, Pos2, Rect, Shape, Vec2};

use crate::ui::theme;

/// How long the confetti falls, in seconds.
pub const SECONDS: f64 = 2.4;
/// Pieces for a round; a decided match gets twice as many.
const PIECES: usize = 60;
/// The confetti's colours: the table's accent, the suits' red and the cards' white.
const COLOURS: [Color32; 4] = [theme::ACCENT, theme::RED_SUIT, theme::CARD_FACE, theme::DIAMONDS_FOUR_COLOUR];

/// Watches the table's phase and runs the celebration when a round ends.
#[derive(Debug, Default)]
pub struct Celebration {
    /// Whether a round was in play at the last look (`None` before the first look).
    was_playing: Option<bool>,
    /// When the running celebration started, and how many pieces it throws.
    running: Option<(f64, usize)>,
}

impl Celebration {
    /// Notes the table's phase at time `now`: a round in play that is no longer in play starts
    /// the celebration (a bigger one when the match is decided), if `enabled`.
    pub fn follow(&mut self, playing: bool, decided: bool, now: f64, enabled: bool) {
        if self.was_playing == Some(true) && !playing && enabled {
            self.running = Some((now, if decided { PIECES * 2 } else { PIECES }));
        }
        self.was_playing = Some(playing);
        if !enabled {
            self.running = None;
        }
    }

    /// Whether confetti is still falling at `now` (the window wants frames until it lands).
    #[must_use]
    pub fn is_running(&self, now: f64) -> bool {
        self.running.is_some_and(|(started, _)| now - started < SECONDS)
    }

    /// Stops the celebration at once (a hand-off must show nothing but the hand-off).
    pub fn stop(&mut self) {
        self.running = None;
    }

    /// Paints the confetti over `screen` at `now`; returns whether it is still falling.
    pub fn paint(&mut self, ctx: &egui::Context, screen: Rect, now: f64) -> bool {
        let Some((started, pieces)) = self.running else { return false };
        let progress = ((now - started) / SECONDS) as f32;
        if !(0.0..1.0).contains(&progress) {
            self.running = None;
            return false;
        }
        let painter = ctx.layer_painter(LayerId::new(Order::Tooltip, Id::unique("table-celebration")));
        painter.extend((0..pieces).map(|index| piece(index, progress, screen)));
        true
    }
}

/// A number in `0.0..1.0` fixed by `index` and `salt` (the same confetti every time, no generator).
fn spread(index: usize, salt: u64) -> f32 {
    let mut x = (index as u64).wrapping_add(salt.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^= x >> 31;
    (x >> 40) as f32 / (1u64 << 24) as f32
}

/// Where piece `index` is at `progress` (0 to 1): it falls from above the top at its own speed,
/// swaying and turning, and fades over the last fifth.
fn piece(index: usize, progress: f32, screen: Rect) -> Shape {
    let start_x = screen.left() + spread(index, 1) * screen.width();
    let speed = 0.7 + spread(index, 2) * 0.8;
    let delay = spread(index, 3) * 0.25;
    let fall = ((progress - delay) / (1.0 - delay)).max(0.0) * speed;
    let sway = (fall * 9.0 + spread(index, 4) * std::f32::consts::TAU).sin() * 18.0;
    let centre = Pos2::new(start_x + sway, screen.top() - 20.0 + fall * (screen.height() + 40.0));
    let size = Vec2::new(5.0 + spread(index, 5) * 5.0, 9.0 + spread(index, 6) * 6.0);
    let angle = fall * 12.0 * (spread(index, 7) - 0.5) + spread(index, 8) * std::f32::consts::TAU;
    let fade = ((1.0 - progress) * 5.0).min(1.0);
    let colour = COLOURS[index % COLOURS.len()].gamma_multiply(fade);
    let (sin, cos) = angle.sin_cos();
    let turn = |x: f32, y: f32| centre + Vec2::new(x * cos - y * sin, x * sin + y * cos);
    let (w, h) = (size.x / 2.0, size.y / 2.0);
    Shape::convex_polygon(vec![turn(-w, -h), turn(w, -h), turn(w, h), turn(-w, h)], colour, egui::Stroke::NONE)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn screen() -> Rect {
        Rect::from_min_size(Pos2::ZERO, Vec2::new(360.0, 640.0))
    }

    #[test]
    fn a_round_that_ends_at_the_table_is_celebrated_once() {
        let mut celebration = Celebration::default();
        celebration.follow(true, false, 0.0, true);
        assert!(!celebration.is_running(0.0), "nothing while the round is played");
        celebration.follow(false, false, 1.0, true);
        assert!(celebration.is_running(1.5), "the round's end starts it");
        celebration.follow(false, false, 2.0, true);
        assert!(!celebration.is_running(1.0 + SECONDS), "it ends");
        celebration.follow(false, false, 9.0, true);
        assert!(!celebration.is_running(9.5), "a finished round is celebrated once");
    }

    #[test]
    fn a_finished_round_opened_later_or_with_animations_off_is_not_celebrated() {
        let mut resumed = Celebration::default();
        resumed.follow(false, false, 0.0, true);
        assert!(!resumed.is_running(0.5));
        let mut quiet = Celebration::default();
        quiet.follow(true, false, 0.0, false);
        quiet.follow(false, true, 1.0, false);
        assert!(!quiet.is_running(1.5));
    }

    #[test]
    fn a_decided_match_throws_twice_the_confetti_and_it_stops_asking_for_frames() {
        let ctx = egui::Context::default();
        let mut celebration = Celebration::default();
        celebration.follow(true, false, 0.0, true);
        celebration.follow(false, true, 0.0, true);
        assert_eq!(celebration.running.map(|(_, pieces)| pieces), Some(PIECES * 2));
        assert!(celebration.paint(&ctx, screen(), 1.0), "falling");
        assert!(!celebration.paint(&ctx, screen(), SECONDS + 0.1), "landed: no more frames wanted");
        assert!(!celebration.is_running(SECONDS + 0.2));
    }

    #[test]
    fn confetti_starts_above_the_window_and_falls_through_it() {
        let top = |progress: f32| (0..PIECES).map(move |index| piece(index, progress, screen()).visual_bounding_rect().center().y);
        assert!(top(0.0).all(|y| y < 0.0), "every piece starts above the window");
        let late: Vec<f32> = top(0.99).collect();
        assert!(late.iter().filter(|&&y| y > 320.0).count() > PIECES / 2, "most pieces are low by the end: {late:?}");
        let xs: Vec<f32> = (0..PIECES).map(|index| piece(index, 0.5, screen()).visual_bounding_rect().center().x).collect();
        assert!(xs.iter().any(|&x| x < 120.0) && xs.iter().any(|&x| x > 240.0), "spread across the width: {xs:?}");
    }
}
