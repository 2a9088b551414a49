//! The lobby's seats as everyone sees them, with room for each screen's own buttons.

use std::time::Instant;

use cardtable_engine::Seat;
use egui::RichText;

use crate::net::protocol::{Holder, SeatInfo};
use crate::tr;
use crate::ui::table::away;
use crate::ui::{names, theme};

/// A button at least a touch target tall.
pub fn touch_button(ui: &mut egui::Ui, text: impl Into<egui::WidgetText>) -> egui::Response {
    ui.add(egui::Button::new(text).min_size(egui::vec2(0.0, theme::TOUCH)))
}

/// Who holds a seat, in words.
#[must_use]
pub fn holder(seat: &SeatInfo) -> String {
    match seat.holder {
        Holder::Open => tr!("net-seat-open"),
        Holder::Guest => tr!("net-seat-guest", name = &seat.name),
        Holder::HostDevice => tr!("net-seat-host-device", name = &seat.name),
        Holder::Bot(level) => tr!("net-seat-bot", name = &seat.name, level = names::level(level)),
    }
}

/// One framed row per seat: its number, holder and state (an away guest's with how long its
/// seat is still kept, counted from `told_at`, when the lobby was told), then `controls` for
/// that seat.
pub fn seat_rows(
    ui: &mut egui::Ui,
    seats: &[SeatInfo],
    mine: &[Seat],
    told_at: Option<Instant>,
    mut controls: impl FnMut(&mut egui::Ui, Seat, &SeatInfo),
) {
    for (index, info) in seats.iter().enumerate() {
        let seat = Seat(u8::try_from(index).expect("a table has at most eight seats"));
        egui::Frame::group(ui.style()).fill(theme::PANEL).inner_margin(8.0).show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new(tr!("net-seat", number = index + 1)).strong());
                ui.label(holder(info));
                if mine.contains(&seat) {
                    ui.label(RichText::new(tr!("net-you")).color(theme::ACCENT));
                }
                if info.holder == Holder::Guest {
                    let held = info.bot_in.zip(told_at).map(|(held, at)| f64::from(held) - at.elapsed().as_secs_f64());
                    let state = if let (false, Some(left)) = (info.connected, held) {
                        tr!("net-away-held", time = away::countdown(ui.ctx(), left))
                    } else if !info.connected {
                        tr!("net-away")
                    } else if info.ready {
                        tr!("net-ready")
                    } else {
                        tr!("net-not-ready")
                    };
                    ui.label(RichText::new(state).color(theme::INK_DIM));
                }
                controls(ui, seat, info);
            });
        });
    }
}
