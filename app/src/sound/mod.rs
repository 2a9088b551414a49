//! Sound at the table: a card played, drawn, shuffled; your turn; a round or match won or lost.
//! The window hands each [`Cue`] to a [`SoundPlayer`], which passes it to its own thread and
//! returns at once: the thread makes the sound ([`synth`]) and plays it through the system's
//! sound library, opened at run time ([`output`]). Where there is no library or no device the
//! thread says so once in the log and ends; cues then go nowhere and the window never notices.

pub mod output;
pub mod synth;

use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, TrySendError};

use output::Output;

/// Something the table says with a sound.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cue {
    /// A card lands on the pile (or the table).
    CardPlayed,
    /// A card is drawn into a hand.
    CardDrawn,
    /// The cards are shuffled and dealt: a round begins.
    Shuffled,
    /// A person at this device is to act.
    YourTurn,
    /// The person here did best this round.
    RoundWon,
    /// Someone else did best this round.
    RoundLost,
    /// The person here won the match.
    MatchWon,
    /// The person here lost the match.
    MatchLost,
}

impl Cue {
    /// Every cue.
    pub const ALL: [Cue; 8] =
        [Cue::CardPlayed, Cue::CardDrawn, Cue::Shuffled, Cue::YourTurn, Cue::RoundWon, Cue::RoundLost, Cue::MatchWon, Cue::MatchLost];
}

/// Cues waiting for the sound thread; more are dropped (a burst of moves need not all click).
const QUEUE: usize = 16;

/// How the sound thread is doing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SoundStatus {
    /// No thread: sound was never started (tests, or a system without sound support).
    Silent,
    /// The thread is opening the sound library.
    Opening,
    /// A library is open; cues are played.
    Playing,
    /// No library could be opened: cues go nowhere.
    Unavailable,
}

impl SoundStatus {
    const fn code(self) -> u8 {
        match self {
            SoundStatus::Silent => 0,
            SoundStatus::Opening => 1,
            SoundStatus::Playing => 2,
            SoundStatus::Unavailable => 3,
        }
    }

    const fn from_code(code: u8) -> SoundStatus {
        match code {
            1 => SoundStatus::Opening,
            2 => SoundStatus::Playing,
            3 => SoundStatus::Unavailable,
            _ => SoundStatus::Silent,
        }
    }
}

/// The window's way to the sound thread. Cloning shares the thread.
#[derive(Debug, Clone)]
pub struct SoundPlayer {
    /// The line to the thread; `None` when silent.
    line: Option<SyncSender<(Cue, f32)>>,
    /// What the thread last said of itself.
    status: Arc<AtomicU8>,
}

impl Default for SoundPlayer {
    fn default() -> SoundPlayer {
        SoundPlayer::silent()
    }
}

impl SoundPlayer {
    /// A player that plays nothing (tests, and until the window opens one).
    #[must_use]
    pub fn silent() -> SoundPlayer {
        SoundPlayer { line: None, status: Arc::new(AtomicU8::new(SoundStatus::Silent.code())) }
    }

    /// Starts the sound thread on this system's sound libraries.
    #[must_use]
    pub fn system() -> SoundPlayer {
        SoundPlayer::with_libraries(output::system_libraries())
    }

    /// Starts the sound thread on the first of `libraries` that opens (a test names one that
    /// does not exist). Never fails: without a library the player is silent.
    #[must_use]
    pub fn with_libraries(libraries: &[&str]) -> SoundPlayer {
        let status = Arc::new(AtomicU8::new(SoundStatus::Opening.code()));
        let (line, cues) = std::sync::mpsc::sync_channel(QUEUE);
        let libraries: Vec<String> = libraries.iter().map(|&name| name.to_owned()).collect();
        let thread_status = Arc::clone(&status);
        let started = std::thread::Builder::new().name("sound".to_owned()).spawn(move || run(&libraries, &cues, &thread_status));
        match started {
            Ok(_) => SoundPlayer { line: Some(line), status },
            Err(error) => {
                tracing::warn!(%error, "no sound: its thread did not start");
                SoundPlayer::silent()
            }
        }
    }

    /// A player that hands its cues, with their gain, to the returned receiver instead of a
    /// sound device: tests and tools see what the window would have played.
    #[must_use]
    pub fn recording() -> (SoundPlayer, Receiver<(Cue, f32)>) {
        let (line, cues) = std::sync::mpsc::sync_channel(QUEUE * 64);
        (SoundPlayer { line: Some(line), status: Arc::new(AtomicU8::new(SoundStatus::Playing.code())) }, cues)
    }

    /// Plays `cue` at `gain` (0 to 1) without waiting; nothing when silent or at gain 0.
    pub fn play(&self, cue: Cue, gain: f32) {
        let Some(line) = &self.line else { return };
        if gain <= 0.0 {
            return;
        }
        match line.try_send((cue, gain.min(1.0))) {
            Ok(()) | Err(TrySendError::Full(_) | TrySendError::Disconnected(_)) => {}
        }
    }

    /// How the sound thread is doing.
    #[must_use]
    pub fn status(&self) -> SoundStatus {
        SoundStatus::from_code(self.status.load(Ordering::Relaxed))
    }
}

/// The sound thread: opens a library, then plays cues as they come, mixing those that arrived
/// together (a card played and the next turn's chime sound as one).
fn run(libraries: &[String], cues: &Receiver<(Cue, f32)>, status: &AtomicU8) {
    let names: Vec<&str> = libraries.iter().map(String::as_str).collect();
    let output = match Output::open(&names) {
        Ok(output) => output,
        Err(error) => {
            tracing::info!(%error, "no sound");
            status.store(SoundStatus::Unavailable.code(), Ordering::Relaxed);
            return;
        }
    };
    status.store(SoundStatus::Playing.code(), Ordering::Relaxed);
    let mut told = false;
    while let Ok(first) = cues.recv() {
        let mut batch = vec![first];
        batch.extend(cues.try_iter());
        let gain = batch.iter().map(|&(_, gain)| gain).fold(0.0, f32::max);
        let mut kinds: Vec<Cue> = batch.into_iter().map(|(cue, _)| cue).collect();
        kinds.dedup();
        if let Err(error) = output.play(&synth::mix(&kinds, gain))
            && !told
        {
            // A library without a device refuses every cue: say so once.
            tracing::info!(%error, library = output.name(), "a sound could not be played");
            told = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_silent_player_takes_cues_and_stays_silent() {
        let player = SoundPlayer::silent();
        for cue in Cue::ALL {
            player.play(cue, 1.0);
        }
        assert_eq!(player.status(), SoundStatus::Silent);
    }

    #[test]
    fn without_a_library_the_player_says_so_and_cues_go_nowhere() {
        let player = SoundPlayer::with_libraries(&["libcardtable-no-such-sound.so.0"]);
        // Cues sent before and after the thread gives up are dropped, never waited on.
        for _ in 0..(QUEUE * 4) {
            player.play(Cue::CardPlayed, 1.0);
        }
        let mut waited = 0;
        while player.status() == SoundStatus::Opening && waited < 500 {
            std::thread::sleep(std::time::Duration::from_millis(10));
            waited += 1;
        }
        assert_eq!(player.status(), SoundStatus::Unavailable);
        player.play(Cue::YourTurn, 1.0);
    }
}
