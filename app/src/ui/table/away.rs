//! An away guest's seat at a networked table (issue 29): how long the host still holds it
//! ("back in 1:42 or a bot plays"), counted down each second with no input, and on the host's
//! device a button that lets a bot play it at once.

use std::cell::Cell;
use std::time::Duration;

use cardtable_engine::{Seat, SeatSet};
use egui::RichText;

use crate::session::Session;
use crate::tr;
use crate::ui::theme;

/// The away seats of this frame, and the seat whose "Let a bot play now" was pressed.
#[derive(Debug, Default)]
pub struct Away {
    /// Seats whose guest's device dropped off the network.
    seats: SeatSet,
    /// Per seat: when (on the window's clock) a bot plays it, if the host said.
    due: Vec<Option<f64>>,
    /// The window's clock this frame.
    now: f64,
    /// Whether this device may let a bot play a seat now (the host's).
    host: bool,
    /// The seat whose button was pressed this frame (drawn from shared borrows of the table).
    pressed: Cell<Option<Seat>>,
}

impl Away {
    /// The away seats of `session` at `now` (seconds on the window's clock).
    #[must_use]
    pub fn of(session: &dyn Session, now: f64) -> Away {
        let seats = session.away();
        let due = Seat::all(session.occupants().len()).map(|seat| session.bot_due(seat)).collect();
        Away { seats, due, now, host: session.hands_seats_to_bots(), pressed: Cell::new(None) }
    }

    /// Whether `seat`'s guest is away.
    #[must_use]
    pub fn contains(&self, seat: Seat) -> bool {
        self.seats.contains(seat)
    }

    /// The seat whose "Let a bot play now" was pressed, if one was.
    #[must_use]
    pub fn pressed(&self) -> Option<Seat> {
        self.pressed.get()
    }

    /// Seconds until a bot plays `seat`, if the host said.
    fn left(&self, seat: Seat) -> Option<f64> {
        self.due.get(seat.index()).copied().flatten().map(|due| (due - self.now).max(0.0))
    }

    /// The seat's away line (with its countdown), and the host's button; nothing if the seat's
    /// guest is here.
    pub fn show(&self, ui: &mut egui::Ui, seat: Seat) {
        if !self.contains(seat) {
            return;
        }
        let said = match self.left(seat) {
            Some(left) => tr!("seat-away-held", time = countdown(ui.ctx(), left)),
            None => tr!("seat-away"),
        };
        ui.add(egui::Label::new(RichText::new(said).small().strong().color(theme::ACCENT)).wrap());
        if self.host {
            let button = egui::Button::new(tr!("seat-bot-now")).min_size(egui::vec2(0.0, theme::TOUCH));
            if ui.add(button).clicked() {
                self.pressed.set(Some(seat));
            }
        }
    }
}

/// `left` seconds as the away line shows them ("1:42"), counted down with nobody at the mouse
/// (the lobby's away seats show theirs so too).
#[must_use]
pub fn countdown(ctx: &egui::Context, left: f64) -> String {
    // The shown second changes when the time left passes a whole second: the window looks
    // again then.
    let to_next = left - left.floor();
    ctx.request_repaint_after(Duration::from_secs_f64(if to_next > 0.0 { to_next } else { 1.0 }));
    clock(left)
}

/// Seconds as minutes and seconds ("1:42"), rounded up: the shown time never reads 0:00 while
/// the seat is still held.
#[must_use]
pub fn clock(seconds: f64) -> String {
    // At most the hold's length: a whole number of seconds fits any integer.
    let whole = seconds.max(0.0).ceil() as u64;
    format!("{}:{:02}", whole / 60, whole % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_time_left_reads_as_minutes_and_seconds_rounded_up() {
        assert_eq!(clock(120.0), "2:00");
        assert_eq!(clock(101.2), "1:42");
        assert_eq!(clock(0.3), "0:01");
        assert_eq!(clock(-3.0), "0:00");
    }
}
