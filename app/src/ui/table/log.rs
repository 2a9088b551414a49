//! The event log in words, with names: "Ana played 8♥", "Ana chose ♠". Never "you": on a
//! shared device "you" would mean whoever happens to look. Each game's sentences live in its
//! file under `games/`; this file has the shared ones and the panel.

use cardtable_engine::{Addressed, AnyEvent, Viewer};
use egui::RichText;

use super::games;
use crate::tr;

/// Lines of the log shown at the table.
const LOG_LINES: usize = 12;

/// The latest lines `viewer` may read, oldest first. Only the lines shown are put into words,
/// so a repaint costs the same at the end of a long match as at its start.
#[must_use]
pub fn latest(history: &[Addressed<AnyEvent>], viewer: Viewer, names: &[String], lines: usize) -> Vec<String> {
    let mut latest: Vec<String> = history
        .iter()
        .rev()
        .filter(|addressed| addressed.audience.includes(viewer))
        .filter_map(|addressed| games::describe(&addressed.event, names))
        .take(lines)
        .collect();
    latest.reverse();
    latest
}

/// Draws the log panel.
pub fn show(ui: &mut egui::Ui, history: &[Addressed<AnyEvent>], viewer: Viewer, names: &[String], open: bool) {
    egui::CollapsingHeader::new(tr!("log-title")).default_open(open).show(ui, |ui| {
        for line in latest(history, viewer, names, LOG_LINES) {
            ui.label(RichText::new(line).small());
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use cardtable_engine::games::crazy_eights::CrazyEightsEvent;
    use cardtable_engine::{Audience, Card, Seat};

    #[test]
    fn events_read_with_names_never_you_and_private_lines_stay_private() {
        let names = vec!["Ana".to_owned(), "Boris".to_owned()];
        let card: Card = "8H".parse().expect("card");
        let history = vec![
            Addressed { audience: Audience::All, event: AnyEvent::CrazyEights(CrazyEightsEvent::Played { seat: Seat(1), card }) },
            Addressed { audience: Audience::Only(Seat(0)), event: AnyEvent::CrazyEights(CrazyEightsEvent::Drew { seat: Seat(0), card }) },
            Addressed {
                audience: Audience::AllBut(Seat(0)),
                event: AnyEvent::CrazyEights(CrazyEightsEvent::DrewFaceDown { seat: Seat(0) }),
            },
        ];
        assert_eq!(latest(&history, Viewer::Seat(Seat(0)), &names, 5), ["Boris played 8♥.", "Ana drew 8♥."]);
        let boris = latest(&history, Viewer::Seat(Seat(1)), &names, 5);
        assert_eq!(boris, ["Boris played 8♥.", "Ana drew a card."]);
        assert!(boris.iter().all(|line| !line.to_lowercase().contains("you")), "{boris:?}");
        assert_eq!(latest(&history, Viewer::Spectator, &names, 1), ["Ana drew a card."]);
    }
}
