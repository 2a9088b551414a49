//! Sound at the table: the window starts and plays where no sound library exists; a match
//! sounds its deal, its cards, the turn coming to the player and its end, won or lost; muting
//! silences it.

use cardtable::app::{CardtableApp, Screen};
use cardtable::sound::{Cue, SoundPlayer, SoundStatus};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::hot_seat_driver::{Driver, Input};

fn harness() -> Harness<'static, CardtableApp> {
    Harness::builder().with_size([1000.0, 720.0]).with_max_steps(200).build_eframe(|cc| CardtableApp::new(cc, 3))
}

#[test]
fn the_window_starts_and_plays_with_sound_on_and_no_sound_library() {
    let mut harness = harness();
    assert!(harness.state().settings().sound_gain() > 0.0, "sound is on by default");
    harness.state_mut().set_sound(SoundPlayer::with_libraries(&["libcardtable-no-such-sound.so.0"]));
    harness.get_by_label("Quick play Crazy Eights").click();
    harness.run_steps(20);
    assert!(matches!(harness.state().screen(), Screen::Table(_)), "the table opens");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while harness.state().sound().status() == SoundStatus::Opening {
        assert!(std::time::Instant::now() < deadline, "the sound thread never gave up");
        harness.step();
    }
    assert_eq!(harness.state().sound().status(), SoundStatus::Unavailable);
    harness.run_steps(20);
    assert!(matches!(harness.state().screen(), Screen::Table(_)), "the table stays open, silent");
}

#[test]
fn a_match_against_bots_sounds_its_deal_cards_turns_and_end() {
    let mut driver = Driver::sit_down("Crazy Eights", Input::Mouse, Some(1));
    let (player, cues) = SoundPlayer::recording();
    driver.app_mut().set_sound(player);
    let mut heard = Vec::new();
    driver.play_watching(&mut |_| {
        heard.extend(cues.try_iter());
        true
    });
    heard.extend(cues.try_iter());
    let kinds: Vec<Cue> = heard.iter().map(|&(cue, _)| cue).collect();
    for cue in [Cue::CardPlayed, Cue::CardDrawn, Cue::YourTurn] {
        assert!(kinds.contains(&cue), "{cue:?} never sounded: {kinds:?}");
    }
    let ends = kinds.iter().filter(|&&cue| cue == Cue::MatchWon || cue == Cue::MatchLost).count();
    assert_eq!(ends, 1, "the match ends once, won or lost: {kinds:?}");
    assert!(heard.iter().all(|&(_, gain)| gain > 0.0 && gain <= 1.0));
    // The person's own moment is on screen in words, too.
    let won = kinds.contains(&Cue::MatchWon);
    driver.harness().get_by_label(if won { "You won!" } else { "You lost this one" });
}

#[test]
fn muted_the_table_plays_nothing_and_a_new_match_shuffles_when_not() {
    for muted in [false, true] {
        let mut harness = harness();
        let (player, cues) = SoundPlayer::recording();
        harness.state_mut().set_sound(player);
        if muted {
            harness.get_by_label("Settings").click();
            harness.run();
            harness.get_by_label("Mute").click();
            harness.run();
            assert!(harness.state().settings().muted);
            harness.get_by_label("← Back").click();
            harness.run();
        }
        harness.get_by_label("Quick play Crazy Eights").click();
        harness.run_steps(30);
        let heard: Vec<Cue> = cues.try_iter().map(|(cue, _)| cue).collect();
        if muted {
            assert!(heard.is_empty(), "muted, yet {heard:?}");
        } else {
            assert_eq!(heard.first(), Some(&Cue::Shuffled), "{heard:?}");
        }
    }
}
