//! Hot-seat privacy: whose cards the table shows, and the hand-off screen between two people.
//!
//! With one person at the device their cards are always on show. With several, the table
//! shows a person's cards only after they said who they are on the hand-off screen, and only
//! while the round waits for them (or they asked to act out of turn, for a snap); after a move
//! that showed them something private (a drawn card, a look) their cards stay until they press
//! "Done". During bots' turns and between people nobody's cards are shown.

use cardtable_engine::{Phase, Seat, SeatSet};
use egui::RichText;

use crate::tr;
use crate::ui::theme;

/// What the table must do about privacy this frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Privacy {
    /// Show this seat's cards and let it act.
    Show(Seat),
    /// Show this seat's cards until its player presses "Done" (no decision of theirs waits).
    Linger(Seat),
    /// Show the hand-off screen for this seat: no card at all.
    HandOff(Seat),
    /// Show the table with nobody's cards.
    Nobody,
}

/// Who has the device (kept between frames).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Device {
    /// The seat whose player said "I'm …" and has not handed the device on.
    holder: Option<Seat>,
    /// A seat that asked to act out of turn (a snap).
    out_of_turn: Option<Seat>,
    /// The holder acted and saw something private: keep their cards up until "Done".
    lingering: bool,
}

impl Device {
    /// Decides what to show, given the people at this device and whom the round waits for.
    #[must_use]
    pub fn privacy(&self, local: SeatSet, waiting_for: SeatSet, phase: Phase) -> Privacy {
        if local.len() == 1 {
            return local.first().map_or(Privacy::Nobody, Privacy::Show);
        }
        if let (true, Some(holder)) = (self.lingering, self.holder) {
            return Privacy::Linger(holder);
        }
        let wanted = match self.out_of_turn {
            Some(seat) => Some(seat),
            None if phase == Phase::Playing => waiting_for.iter().find(|seat| local.contains(*seat)),
            None => None,
        };
        match wanted {
            Some(seat) if self.holder == Some(seat) => Privacy::Show(seat),
            Some(seat) => Privacy::HandOff(seat),
            None => Privacy::Nobody,
        }
    }

    /// The player of `seat` took the device ("I'm Ana — show my cards").
    pub fn take(&mut self, seat: Seat) {
        self.holder = Some(seat);
        self.lingering = false;
    }

    /// `seat` asks to act out of turn: the device goes to its player first.
    pub fn ask_out_of_turn(&mut self, seat: Seat) {
        self.out_of_turn = Some(seat);
    }

    /// The out-of-turn request is over (acted, or cancelled).
    pub fn end_out_of_turn(&mut self) {
        self.out_of_turn = None;
    }

    /// Whether `seat` is acting out of turn.
    #[must_use]
    pub fn acting_out_of_turn(&self) -> Option<Seat> {
        self.out_of_turn
    }

    /// The holder just acted; `private` says whether the move showed them something only they
    /// may see. With nothing private, the device is free for the next person at once.
    pub fn acted(&mut self, private: bool) {
        self.lingering = private;
        if !private {
            self.holder = None;
        }
    }

    /// "Done": the holder hides their cards.
    pub fn done(&mut self) {
        self.lingering = false;
        self.holder = None;
    }
}

/// The hand-off screen: names who plays next and shows no card. Returns true when that
/// player said it is them.
pub fn handoff(ui: &mut egui::Ui, name: &str, out_of_turn: bool) -> bool {
    let mut taken = false;
    ui.add_space(ui.available_height() * 0.2);
    ui.vertical_centered(|ui| {
        let title = if out_of_turn { tr!("handoff-snap-title", name = name) } else { tr!("handoff-title", name = name) };
        ui.label(RichText::new(title).size(theme::HANDOFF_TITLE_SIZE).strong());
        ui.label(RichText::new(tr!("handoff-look-away")).color(theme::INK_DIM));
        ui.add_space(16.0);
        let button = egui::Button::new(RichText::new(tr!("handoff-show", name = name)).size(theme::HANDOFF_BUTTON_SIZE))
            .min_size(egui::vec2(theme::TOUCH * 5.0, theme::TOUCH * 1.3));
        let response = ui.add(button);
        taken = super::keys::settled_press(ui, &response);
    });
    taken
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(seats: &[u8]) -> SeatSet {
        seats.iter().map(|&seat| Seat(seat)).collect()
    }

    #[test]
    fn a_lone_person_always_sees_their_own_cards() {
        let device = Device::default();
        assert_eq!(device.privacy(set(&[0]), set(&[2]), Phase::Playing), Privacy::Show(Seat(0)));
        assert_eq!(device.privacy(set(&[0]), SeatSet::EMPTY, Phase::RoundOver), Privacy::Show(Seat(0)));
    }

    #[test]
    fn between_two_people_the_device_is_handed_off_and_bots_turns_show_nobody() {
        let mut device = Device::default();
        let people = set(&[0, 1]);
        assert_eq!(device.privacy(people, set(&[1]), Phase::Playing), Privacy::HandOff(Seat(1)));
        device.take(Seat(1));
        assert_eq!(device.privacy(people, set(&[1]), Phase::Playing), Privacy::Show(Seat(1)));
        device.acted(false);
        assert_eq!(device.privacy(people, set(&[2]), Phase::Playing), Privacy::Nobody, "a bot's turn");
        assert_eq!(device.privacy(people, set(&[0]), Phase::Playing), Privacy::HandOff(Seat(0)));
        assert_eq!(device.privacy(people, SeatSet::EMPTY, Phase::RoundOver), Privacy::Nobody, "round end shows no hand");
    }

    #[test]
    fn a_private_move_keeps_the_cards_up_until_done_and_a_snap_asks_for_the_device() {
        let mut device = Device::default();
        let people = set(&[0, 1, 2]);
        device.take(Seat(0));
        device.acted(true);
        assert_eq!(device.privacy(people, set(&[1]), Phase::Playing), Privacy::Linger(Seat(0)));
        device.done();
        assert_eq!(device.privacy(people, set(&[1]), Phase::Playing), Privacy::HandOff(Seat(1)));
        device.ask_out_of_turn(Seat(2));
        assert_eq!(device.privacy(people, set(&[1]), Phase::Playing), Privacy::HandOff(Seat(2)));
        device.take(Seat(2));
        assert_eq!(device.privacy(people, set(&[1]), Phase::Playing), Privacy::Show(Seat(2)));
        device.end_out_of_turn();
        device.acted(false);
        assert_eq!(device.privacy(people, set(&[1]), Phase::Playing), Privacy::HandOff(Seat(1)));
    }
}
