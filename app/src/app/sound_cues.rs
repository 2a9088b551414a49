//! The table's sounds: the player the window plays them through, and the cues a frame owes
//! (the turn coming here in the background also asks the desktop for attention).

use super::{CardtableApp, Screen};
use crate::sound::{Cue, SoundPlayer};

impl CardtableApp {
    /// Plays the table's sounds through `sound` (the window opens the system's; without a
    /// library it is silent, and nothing else changes).
    pub fn set_sound(&mut self, sound: SoundPlayer) {
        self.sound = sound;
    }

    /// The sound player in use.
    #[must_use]
    pub fn sound(&self) -> &SoundPlayer {
        &self.sound
    }

    /// Plays the sounds the table owes after a frame; the turn coming here while the window
    /// is in the background also asks the desktop for the player's attention.
    pub(super) fn play_cues(&mut self, ctx: &egui::Context) {
        let Screen::Table(table) = &mut self.screen else { return };
        let cues = table.take_cues();
        let unfocused = ctx.input(|input| input.viewport().focused == Some(false));
        for cue in cues {
            if cue == Cue::YourTurn && unfocused {
                ctx.send_viewport_cmd(egui::ViewportCommand::RequestUserAttention(egui::UserAttentionType::Informational));
            }
            self.sound.play(cue, self.settings.sound_gain());
        }
    }
}
