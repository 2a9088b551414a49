//! One line under a networked table saying how each device is connected: on the home network,
//! directly or through a relay, and its round trip (the host sees each guest's; a guest sees its
//! own line to the host, named by the host, then the other guests' lines as the host told them).
//! It is always there at a networked table, one line high, so the table above it never moves
//! when the paths change.

use egui::RichText;

use crate::net::link::{DevicePath, PathKind};
use crate::tr;
use crate::ui::theme;

/// A path in words.
#[must_use]
pub fn path_name(path: PathKind) -> String {
    match path {
        PathKind::Lan => tr!("net-path-lan"),
        PathKind::Direct => tr!("net-path-direct"),
        PathKind::Relay => tr!("net-path-relay"),
    }
}

/// The line: each device's name, path and round trip.
#[must_use]
pub fn line(paths: &[DevicePath]) -> String {
    if paths.is_empty() {
        return tr!("net-paths-none");
    }
    let devices: Vec<String> = paths
        .iter()
        .map(|device| {
            let millis = u32::try_from(device.rtt.as_millis()).unwrap_or(u32::MAX);
            tr!("net-path-device", name = &device.name, path = path_name(device.path), ms = millis)
        })
        .collect();
    tr!("net-paths", devices = devices.join(" · "))
}

/// Draws the line as a strip at the foot of the window (a long line is cut; hovering shows it
/// whole).
pub fn strip(ui: &mut egui::Ui, paths: &[DevicePath]) {
    egui::Panel::bottom("net-paths").frame(egui::Frame::new().fill(theme::PANEL).inner_margin(egui::Margin::symmetric(8, 2))).show(
        ui,
        |ui| {
            theme::rows_of_words(ui);
            ui.add(egui::Label::new(RichText::new(line(paths)).size(theme::SMALL_SIZE).color(theme::INK_DIM)).truncate());
        },
    );
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn each_device_is_named_with_its_path_and_round_trip() {
        let paths = [
            DevicePath { name: "Bea".to_owned(), path: PathKind::Direct, rtt: Duration::from_micros(12_400) },
            DevicePath { name: "Carl".to_owned(), path: PathKind::Relay, rtt: Duration::from_millis(84) },
        ];
        let line = line(&paths);
        assert!(line.contains("Bea: direct, 12 ms") && line.contains("Carl: via relay, 84 ms"), "{line}");
        assert!(super::line(&[]).contains("measuring"), "before the first measure");
    }
}
