//! The table's sounds, made in code: short noise bursts for cards (played, drawn, a riffle for
//! a shuffle) and sine chimes for the moments (your turn, a round or match won or lost). No
//! files, nothing to license; each cue is a few thousand samples, made when it is played.

use super::Cue;

/// Samples a second, mono.
pub const RATE: u32 = 44_100;

/// A generator of noise in `-1.0..1.0`, the same every time (no ambient randomness).
struct Noise(u32);

impl Noise {
    fn next(&mut self) -> f32 {
        // xorshift32: plenty for the hiss of a card.
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        (self.0 as f32 / u32::MAX as f32) * 2.0 - 1.0
    }
}

/// Seconds to a number of samples.
fn samples(seconds: f32) -> usize {
    (seconds * RATE as f32) as usize
}

/// A card's sound: filtered noise that rises in `attack` seconds and dies away over `length`,
/// `bright` (0 to 1) keeping more of the high hiss.
fn card(length: f32, attack: f32, bright: f32, seed: u32) -> Vec<f32> {
    let mut noise = Noise(seed);
    let mut low = 0.0;
    (0..samples(length))
        .map(|index| {
            let time = index as f32 / RATE as f32;
            // A one-pole low-pass: a duller slide for a drawn card, a snap for a played one.
            low += (noise.next() - low) * (0.15 + 0.8 * bright);
            let rise = (time / attack).min(1.0);
            let fall = (-(time - attack).max(0.0) * 6.0 / length).exp();
            low * rise * fall
        })
        .collect()
}

/// A bell-like note of `frequency` Hz lasting `length` seconds.
fn note(frequency: f32, length: f32) -> Vec<f32> {
    (0..samples(length))
        .map(|index| {
            let time = index as f32 / RATE as f32;
            let phase = std::f32::consts::TAU * frequency * time;
            // The fundamental and a soft octave; a 5 ms rise so the note does not click.
            let tone = phase.sin() * 0.75 + (phase * 2.0).sin() * 0.25;
            tone * (time / 0.005).min(1.0) * (-time * 5.0 / length).exp()
        })
        .collect()
}

/// Lays `parts` one after another, each starting `gap` seconds after the one before (they may
/// overlap: a chord rings on).
fn sequence(parts: &[Vec<f32>], gap: f32) -> Vec<f32> {
    let step = samples(gap);
    let length = parts.iter().enumerate().map(|(index, part)| index * step + part.len()).max().unwrap_or(0);
    let mut out = vec![0.0; length];
    for (index, part) in parts.iter().enumerate() {
        for (slot, sample) in out[index * step..].iter_mut().zip(part) {
            *slot += sample;
        }
    }
    out
}

/// A cue's sound at full volume, as samples in `-1.0..=1.0`.
#[must_use]
pub fn wave(cue: Cue) -> Vec<f32> {
    // Notes of the chimes, in Hz: C5 E5 G5 A5 C6, and a low G4 E♭4 C4 for a loss.
    const C5: f32 = 523.25;
    const E5: f32 = 659.25;
    const G5: f32 = 783.99;
    const A5: f32 = 880.0;
    const C6: f32 = 1_046.5;
    const G4: f32 = 392.0;
    const EB4: f32 = 311.13;
    const C4: f32 = 261.63;
    let raw = match cue {
        Cue::CardPlayed => card(0.07, 0.002, 0.9, 0x9E37_79B9),
        Cue::CardDrawn => card(0.12, 0.03, 0.35, 0x85EB_CA6B),
        Cue::Shuffled => sequence(&(0..12).map(|index| card(0.03, 0.001, 0.7, 0xC2B2_AE35 ^ index)).collect::<Vec<_>>(), 0.035),
        Cue::YourTurn => sequence(&[note(E5, 0.25), note(A5, 0.35)], 0.12),
        Cue::RoundWon => sequence(&[note(C5, 0.3), note(E5, 0.3), note(G5, 0.45)], 0.1),
        Cue::RoundLost => sequence(&[note(G4, 0.3), note(EB4, 0.5)], 0.16),
        Cue::MatchWon => sequence(&[note(C5, 0.3), note(E5, 0.3), note(G5, 0.3), note(C6, 0.8)], 0.12),
        Cue::MatchLost => sequence(&[note(G4, 0.35), note(EB4, 0.35), note(C4, 0.8)], 0.22),
    };
    normalised(raw)
}

/// Scales `wave` so its loudest sample is 0.8: every cue as loud as the others at one volume.
fn normalised(mut wave: Vec<f32>) -> Vec<f32> {
    let peak = wave.iter().fold(0.0_f32, |peak, sample| peak.max(sample.abs()));
    if peak > 0.0 {
        for sample in &mut wave {
            *sample *= 0.8 / peak;
        }
    }
    wave
}

/// Mixes `cues` (those that arrived together) into one buffer of 16-bit samples at `gain`
/// (0 to 1), each starting at once; the sum is clipped, never wrapped.
#[must_use]
pub fn mix(cues: &[Cue], gain: f32) -> Vec<i16> {
    let waves: Vec<Vec<f32>> = cues.iter().map(|&cue| wave(cue)).collect();
    let length = waves.iter().map(Vec::len).max().unwrap_or(0);
    let mut sum = vec![0.0_f32; length];
    for wave in &waves {
        for (slot, sample) in sum.iter_mut().zip(wave) {
            *slot += sample;
        }
    }
    sum.into_iter().map(|sample| ((sample * gain).clamp(-1.0, 1.0) * f32::from(i16::MAX)) as i16).collect()
}

/// The same samples as a RIFF WAVE file in memory (Windows plays sound from one).
#[must_use]
pub fn wav(samples: &[i16]) -> Vec<u8> {
    let data = u32::try_from(samples.len() * 2).unwrap_or(u32::MAX - 44);
    let mut out = Vec::with_capacity(44 + samples.len() * 2);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes()); // the format block's size
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // mono
    out.extend_from_slice(&RATE.to_le_bytes());
    out.extend_from_slice(&(RATE * 2).to_le_bytes()); // bytes a second
    out.extend_from_slice(&2u16.to_le_bytes()); // bytes a frame
    out.extend_from_slice(&16u16.to_le_bytes()); // bits a sample
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data.to_le_bytes());
    for sample in samples {
        out.extend_from_slice(&sample.to_le_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cue_is_short_audible_and_never_clips() {
        for cue in Cue::ALL {
            let wave = wave(cue);
            let seconds = wave.len() as f32 / RATE as f32;
            assert!((0.02..=1.6).contains(&seconds), "{cue:?} lasts {seconds} s");
            let peak = wave.iter().fold(0.0_f32, |peak, sample| peak.max(sample.abs()));
            assert!((peak - 0.8).abs() < 1e-3, "{cue:?} peaks at {peak}");
        }
    }

    #[test]
    fn cards_are_short_and_moments_ring_longer() {
        let length = |cue| wave(cue).len();
        assert!(length(Cue::CardPlayed) < length(Cue::YourTurn));
        assert!(length(Cue::CardDrawn) < length(Cue::RoundWon));
        assert!(length(Cue::MatchWon) > length(Cue::RoundWon), "a match's chime rings longer than a round's");
        assert_ne!(wave(Cue::RoundWon), wave(Cue::RoundLost));
    }

    #[test]
    fn the_gain_scales_the_mix_and_zero_is_silence() {
        let loud = mix(&[Cue::YourTurn], 1.0);
        let soft = mix(&[Cue::YourTurn], 0.25);
        let peak = |samples: &[i16]| samples.iter().map(|sample| sample.unsigned_abs()).max().unwrap_or(0);
        assert!(peak(&loud) > 3 * peak(&soft), "{} vs {}", peak(&loud), peak(&soft));
        assert_eq!(peak(&mix(&[Cue::YourTurn], 0.0)), 0);
    }

    #[test]
    fn cues_that_arrive_together_are_mixed_without_wrapping() {
        let both = mix(&[Cue::MatchWon, Cue::MatchWon, Cue::MatchWon], 1.0);
        assert_eq!(both.len(), wave(Cue::MatchWon).len());
        // Three full waves summed clip at the top instead of wrapping to the bottom.
        assert!(both.contains(&i16::MAX));
        assert!(mix(&[], 1.0).is_empty());
    }

    #[test]
    fn the_wave_file_has_its_header_and_every_sample() {
        let samples = mix(&[Cue::CardPlayed], 0.5);
        let file = wav(&samples);
        assert_eq!(&file[0..4], b"RIFF");
        assert_eq!(&file[8..16], b"WAVEfmt ");
        assert_eq!(u32::from_le_bytes([file[40], file[41], file[42], file[43]]) as usize, samples.len() * 2);
        assert_eq!(file.len(), 44 + samples.len() * 2);
    }
}
